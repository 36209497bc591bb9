"""`render_text`: the board as text, and only what the position shows of the hands."""

from __future__ import annotations

import re

import attrs

import grimheim as gh


def game() -> gh.State:
    return gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=7)


def name(state: gh.State, card: str) -> str:
    """A card's printed name."""
    return state.config.cards[card].name


def test_render_text_of_a_state_shows_every_hand() -> None:
    state = game()
    text = gh.render_text(state)
    for hero in state.heroes:
        assert f"in hand: {name(state, hero.hand[0])}" in text


def test_render_text_of_a_view_shows_only_the_seats_own_hand() -> None:
    state = game()
    for seat in (0, 1):
        own = name(state, state.heroes[seat].hand[0])
        other = name(state, state.heroes[1 - seat].hand[0])
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
    assert "Black Arrows 3x" in text
    assert "  quest: Trollbane (3 done)" in text
    first = state.monsters[0]
    kind = next(k.name for k in state.config.pack.monsters.kinds if k.id == first.kind)
    assert f"marked: {kind} {state.config.geo.hexes[first.at]} pinned bounty 2" in text


def test_render_text_says_monster_damage_as_the_hero_line_and_the_picture_do() -> None:
    """Damage taken of health, for heroes and monsters alike (the SVG's ``2/7`` label)."""
    state = game()
    first = state.monsters[0]
    hurt = attrs.evolve(first, damage=1)
    state = attrs.evolve(state, monsters=(hurt, *state.monsters[1:]))
    text = gh.render_text(state)
    kind = next(k for k in state.config.pack.monsters.kinds if k.id == first.kind)
    assert f"hurt: {kind.name} {state.config.geo.hexes[first.at]} damage 1/{kind.health}" in text
    assert "1 Bjorn: Grimheim, damage 0/" in text
    tags = re.findall(r"<[^>]*data-health=[^>]*>", gh.render_svg(state))
    numbers = 'data-damage="1"', f'data-health="{kind.health}"'
    assert any(all(n in tag for n in numbers) for tag in tags)  # the picture's monster


def test_render_text_says_who_answers_and_what_is_asked() -> None:
    state = game()
    asked = gh.decision(state)
    assert asked is not None
    assert gh.render_text(state).endswith(f"to answer: seat 0 (Bjorn): {asked.prompt}")
    explicit = gh.new_game(gh.Config(heroes=("bjorn",), chance="explicit"), seed=1)
    assert gh.render_text(explicit).endswith("to answer: chance")
