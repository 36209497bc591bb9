"""`render_text`: the board as text, and only what the position shows of the hands."""

from __future__ import annotations

import attrs

import grimheim as gh


def game() -> gh.State:
    return gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=7)


def test_render_text_of_a_state_shows_every_hand() -> None:
    state = game()
    text = gh.render_text(state)
    for hero in state.heroes:
        assert f"in hand: {hero.hand[0].split('-', 1)[1]}" in text


def test_render_text_of_a_view_shows_only_the_seats_own_hand() -> None:
    state = game()
    for seat in (0, 1):
        own = state.heroes[seat].hand[0].split("-", 1)[1]
        other = state.heroes[1 - seat].hand[0].split("-", 1)[1]
        text = gh.render_text(gh.view(state, seat))
        assert f"in hand: {own}" in text
        assert other not in text


def test_render_text_draws_every_area_of_the_map() -> None:
    state = game()
    rows = gh.render_text(state).splitlines()[1:18]
    cells = sum(len(row[4:].split()) for row in rows)
    assert cells == len(state.config.pack.map.hexes) + len(state.config.pack.map.grimheim)


def test_render_text_shows_markers_quest_progress_pins_and_bounties() -> None:
    from grimheim import scenario as sc

    state = gh.new_game(gh.Config(heroes=("bjorn",), hard_setup=True), seed=7)
    state = sc.give_card(state, "bjorn", "bjorn-black-arrows", in_play=True)
    hero = state.heroes[0]
    rest = [c for c in hero.equipment if c != "bjorn-trollbane"]
    state = attrs.evolve(
        state,
        heroes=(attrs.evolve(hero, equipment=("bjorn-trollbane", *rest), quest=3),),
        monsters=(attrs.evolve(state.monsters[0], pinned=True, bounty=2), *state.monsters[1:]),
    )
    gh.validate(state)
    text = gh.render_text(state)
    assert "black-arrows 3x" in text
    assert "  quest: trollbane (3 done)" in text
    first = state.monsters[0]
    assert f"marked: {first.kind} {state.config.geo.hexes[first.at]} pinned bounty 2" in text
