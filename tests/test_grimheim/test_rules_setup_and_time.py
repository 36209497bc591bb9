"""Set-up by player count (G6), the time track (G1), reinforcements (G15, G16), winning and
losing."""

from __future__ import annotations

import pytest
from tests.test_grimheim.helpers import Run, cleared, fresh, monster_turn, until

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE

H = gh.Hex
TEAMS = [
    ("bjorn",),
    ("bjorn", "alva"),
    ("bjorn", "alva", "embla"),
    ("bjorn", "alva", "embla", "boldur"),
]
YELLOW = {f"m{i}" for i in range(1, 37)}
RED = {f"m{i}" for i in range(37, 55)}


# -- set-up ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("heroes", "pieces"), list(zip(TEAMS, (4, 6, 8, 10), strict=True)))
def test_setup_town_pieces_by_player_count_4_6_8_10(heroes: tuple[str, ...], pieces: int) -> None:
    for chance in ("sampled", "explicit"):
        state = gh.new_game(gh.Config(heroes=heroes, chance=chance), seed=1)
        assert sc.town_pieces(state) == pieces


def test_setup_heroes_start_in_grimheim_with_hero_card_starting_ability_and_equipment() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva", "embla", "boldur")), seed=2)
    starting = {
        "bjorn": ["bjorn-hero", "bjorn-sure-shot", "bjorn-bjorns-first-bow"],
        "alva": ["alva-hero", "alva-hail-of-arrows", "alva-alvas-first-bow"],
        "embla": ["embla-hero", "embla-riposte", "embla-flimsy-blade"],
        "boldur": ["boldur-hero", "boldur-rapid-strike", "boldur-boldurs-first-pick"],
    }
    for h in state.heroes:
        assert sc.hero_info(state, h.id).at == gh.GRIMHEIM
        assert [c.id for c in h.cards] == starting[h.id]
        assert all(c.side == 1 and c.damage == 0 for c in h.cards)
        assert h.upgrades == 0 and h.damage == 0


def test_setup_two_gold_one_mana_on_the_starting_ability_and_one_event_card() -> None:
    for chance in ("sampled", "explicit"):
        config = gh.Config(heroes=("bjorn", "alva"), chance=chance)
        state = gh.new_game(config, seed=3)
        while gh.current_player(state) == CHANCE:
            state = gh.apply(state, gh.legal_actions(state)[0])
        for h in state.heroes:
            assert h.gold == 2
            assert [c.mana for c in h.cards] == [0, 1, 0]
            assert len(h.hand) == 1
            assert state.config.cards[h.hand[0]].kind == "event"


def test_g6_hard_setup_skips_the_gold_the_mana_and_the_event_card() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva"), hard_setup=True), seed=3)
    for h in state.heroes:
        assert h.gold == 0
        assert [c.mana for c in h.cards] == [0, 0, 0]
        assert h.hand == ()
    assert sc.town_pieces(state) == 6  # the rest of the set-up is the same
    assert len(state.monsters) > 0


def test_setup_each_player_draws_one_yellow_monster_card_and_places_it() -> None:
    config = gh.Config(heroes=("bjorn", "alva", "embla"), chance="explicit", hard_setup=True)
    state = gh.new_game(config, seed=4)
    drawn: list[gh.MonsterCardDrawn] = []
    while gh.current_player(state) == CHANCE:
        outcomes = gh.legal_actions(state)
        if isinstance(outcomes[0], gh.Drawn) and outcomes[0].card.startswith("m"):
            assert {a.card for a in outcomes if isinstance(a, gh.Drawn)} <= YELLOW
        step = gh.step(state, outcomes[-1])
        state = step.state
        drawn += [e for e in step.events if isinstance(e, gh.MonsterCardDrawn)]
    assert [e.placed for e in drawn].count(True) == 3  # G15: a misfit is drawn again
    assert {e.card for e in drawn} <= YELLOW


def test_g23_revised_setup_the_gold_markers_lie_in_naglfar_as_printed() -> None:
    # printed set-up, steps 3-5: 3 damage in the Troll Caves, 3 mana in Naglfar, 3 gold in
    # Naglfar (an earlier reading put the gold in the Wyrm Lair); each on an area of its own
    state = gh.new_game(gh.Config(heroes=("bjorn",)), seed=0)
    geo = state.config.geo
    found = {kind: (geo.location[area], amount) for kind, area, amount in state.bonus}
    assert found == {
        "damage": ("troll_caves", 3),
        "mana": ("naglfar", 3),
        "gold": ("naglfar", 3),
    }
    assert {geo.hexes[area] for _, area, _ in state.bonus} == {H(5, 7), H(17, 5), H(16, 5)}


def test_setup_the_rune_stone_on_the_first_spot_and_seat_0_begins() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=0)
    assert sc.time_spot(state) == 1
    assert gh.current_player(state) == 0
    assert state.turn == gh.Turn(0)


def test_setup_both_monster_decks_hold_all_their_cards() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=5)
    assert set(state.yellow) | set(state.held) == YELLOW
    assert len(state.yellow) + len(state.held) == 36
    assert set(state.red) == RED


def test_g7_expansion_heroes_are_out_of_scope() -> None:
    with pytest.raises(ValueError, match="heroes"):
        gh.Config(heroes=("finkel",))
    with pytest.raises(ValueError, match="heroes"):
        gh.Config(heroes=("bjorn", "bjorn"))


# -- the time track --------------------------------------------------------------------------------


def test_time_track_short_has_12_spots_and_long_16() -> None:
    state = cleared(("bjorn",))
    assert len(state.config.pack.time.short) == 12
    assert len(state.config.pack.time.long) == 16
    r = monster_turn(state)
    assert r.of(gh.TimeAdvanced) == [gh.TimeAdvanced(2, "shield")]
    assert sc.time_spot(r.state) == 2


def test_winning_after_the_last_spots_monster_turn() -> None:
    state = sc.set_time(cleared(("bjorn", "alva")), 11)
    state = sc.place_monster(state, "imp", H(2, 9))
    r = monster_turn(state)
    assert r.of(gh.TimeAdvanced) == [gh.TimeAdvanced(12, "skull")]
    assert r.state.won is True
    assert r.of(gh.GameEnded) == [gh.GameEnded(True, 6)]
    assert gh.current_player(r.state) is None
    assert gh.legal_actions(r.state) == ()
    out = gh.outcome(r.state)
    assert out is not None and out.winners == (0, 1)


def test_the_last_spots_monster_turn_is_played_in_full_before_the_win() -> None:
    # the skull charge of spot 12 brings an imp into Grimheim: the town must survive it
    state = sc.set_town(sc.set_time(cleared(("bjorn",)), 11), 1)
    state = sc.place_monster(state, "imp", H(9, 6))
    r = monster_turn(state)
    assert r.state.won is False


def test_no_win_before_the_last_spot() -> None:
    state = sc.set_time(cleared(("bjorn",)), 10)
    r = monster_turn(state)
    assert r.state.won is None
    assert gh.current_player(r.state) == 0


def test_the_long_track_ends_after_spot_16() -> None:
    state = sc.set_time(cleared(("bjorn",), track="long"), 15)
    r = monster_turn(state)
    assert r.of(gh.TimeAdvanced) == [gh.TimeAdvanced(16, "skull")]
    assert r.state.won is True
    state = sc.set_time(cleared(("bjorn",), track="long"), 11)
    assert monster_turn(state).state.won is None


def test_losing_when_the_town_falls_ends_the_game_at_once() -> None:
    state = sc.set_town(cleared(("bjorn",)), 1)
    state = sc.place_monster(state, "imp", H(9, 7))
    r = monster_turn(state)
    assert r.state.won is False
    assert gh.is_over(r.state)
    assert r.state.frames == ()
    assert gh.is_legal(r.state, gh.EndTurn()) == "the game is over"


# -- reinforcements --------------------------------------------------------------------------------


def reinforcing(state: gh.State) -> bool:
    if gh.current_player(state) != CHANCE:
        return False
    first = gh.legal_actions(state)[0]
    return isinstance(first, gh.Drawn) and first.card.startswith("m")


def drawn_cards(r: Run) -> list[tuple[str, bool]]:
    return [(e.card, e.placed) for e in r.of(gh.MonsterCardDrawn)]


def test_reinforcements_on_a_yellow_axes_spot_each_player_draws_a_yellow_card() -> None:
    state = sc.set_time(cleared(("bjorn", "alva")), 3)
    r = until(state, reinforcing)
    assert {a.card for a in gh.legal_actions(r.state) if isinstance(a, gh.Drawn)} <= YELLOW
    done = monster_turn(state, gh.Drawn("m7"), gh.Drawn("m22"))
    assert drawn_cards(done) == [("m7", True), ("m22", True)]


def test_reinforcements_on_a_red_axes_spot_draw_red_cards() -> None:
    state = sc.set_time(cleared(("bjorn",)), 6)
    r = until(state, reinforcing)
    assert {a.card for a in gh.legal_actions(r.state) if isinstance(a, gh.Drawn)} == RED


def test_reinforcement_legend_side_by_deck_colour() -> None:
    yellow = monster_turn(sc.set_time(cleared(("bjorn",)), 3), gh.Drawn("m1"))
    assert sc.monster_at(yellow.state, H(17, 5)) == sc.MonsterInfo("queen", 0, 1)
    red = monster_turn(sc.set_time(cleared(("bjorn",)), 6), gh.Drawn("m37"))
    assert sc.monster_at(red.state, H(16, 2)) == sc.MonsterInfo("queen", 0, 2)


def test_reinforcement_a_placed_card_goes_to_the_bottom_a_legend_card_stays_out() -> None:
    state = sc.set_time(cleared(("bjorn", "alva")), 3)
    r = monster_turn(state, gh.Drawn("m7"), gh.Drawn("m2"))
    assert r.state.yellow[-1] == "m7"
    assert "m2" in r.state.held and "m2" not in r.state.yellow
    assert r.state.yellow_known == state.yellow_known + 1


def test_reinforcement_places_the_pattern_in_the_locations_areas() -> None:
    # m25 Dead Trio "-D--D--D-" on the Dead Plains
    state = sc.set_time(cleared(("bjorn",)), 3)
    r = monster_turn(state, gh.Drawn("m25"))
    areas = [(15, 1), (16, 1), (17, 1), (15, 2), (16, 2), (17, 2), (16, 3), (17, 3), (16, 4)]
    expected = [H(*areas[i]) for i, letter in enumerate("-D--D--D-") if letter == "D"]
    assert [(e.kind, e.at) for e in r.of(gh.MonsterPlaced)] == [("draugr", at) for at in expected]


def test_g16_highlands_cards_longer_than_the_highlands_spill_into_the_unnamed_mountains() -> None:
    # m8 "E-E----E--EE": its 11th and 12th letters fall on (11,13) and (10,14)
    state = sc.set_time(cleared(("bjorn",)), 3)
    r = monster_turn(state, gh.Drawn("m8"))
    placed = {e.at for e in r.of(gh.MonsterPlaced)}
    assert {H(11, 13), H(10, 14)} <= placed
    geo = r.state.config.geo
    assert geo.terrain[geo.area(H(11, 13))] == "mountain"
    assert geo.location[geo.area(H(11, 13))] is None


def test_g15_a_card_with_an_occupied_area_goes_to_the_bottom_and_another_is_drawn() -> None:
    # m7 "--E----J--J" needs (10,15), where Bjorn stands
    state = sc.put_hero(sc.set_time(cleared(("bjorn",)), 3), "bjorn", H(10, 15))
    r = monster_turn(state, gh.Drawn("m7"), gh.Drawn("m22"))
    assert drawn_cards(r) == [("m7", False), ("m22", True)]
    assert r.state.yellow[-2:] == ("m7", "m22")


def test_g15_a_card_the_supply_cannot_fill_goes_to_the_bottom() -> None:
    state = sc.set_time(cleared(("bjorn",)), 3)
    for x in range(1, 9):  # 8 of the 10 draugr, far from Grimheim
        state = sc.place_monster(state, "draugr", H(x, 14) if x < 6 else H(x - 5, 13))
    r = monster_turn(state, gh.Drawn("m25"), gh.Drawn("m22"))
    assert drawn_cards(r) == [("m25", False), ("m22", True)]


def test_g15_a_card_whose_legend_is_on_the_board_goes_to_the_bottom() -> None:
    state = sc.place_monster(sc.set_time(cleared(("bjorn",)), 6), "queen", H(2, 9), side=1)
    r = monster_turn(state, gh.Drawn("m37"), gh.Drawn("m47"))
    assert drawn_cards(r) == [("m37", False), ("m47", True)]
    assert r.state.red[-2:] == ("m37", "m47")


def test_g15_when_no_card_fits_the_draw_places_nothing_after_trying_every_card() -> None:
    # no elemental, jotunn, draugr, troll, goblin or skeleton left: no red card can be placed
    state = sc.set_time(cleared(("bjorn",)), 6)
    geo = state.config.geo
    far = [a for a in range(geo.town) if geo.path_length[a] >= 5 and geo.monster_can_enter[a]]
    free = iter(sorted(far, key=lambda a: -geo.path_length[a]))
    for kind, count in (
        ("elemental", 15),
        ("jotunn", 10),
        ("draugr", 10),
        ("troll", 10),
        ("goblin", 20),
        ("skeleton", 15),
    ):
        for _ in range(count):
            state = sc.place_monster(state, kind, geo.hexes[next(free)])
    r = monster_turn(state)
    assert len(drawn_cards(r)) == 18
    assert not any(placed for _, placed in drawn_cards(r))
    assert r.of(gh.MonsterPlaced) == []
    assert sorted(r.state.red) == sorted(RED)
    assert gh.current_player(r.state) == 0


def test_reinforcements_the_draw_is_a_chance_decision_with_exact_odds() -> None:
    state = sc.set_time(cleared(("bjorn",)), 6)
    r = until(state, reinforcing)
    odds = gh.chance_outcomes(r.state)
    assert len(odds) == 18
    assert sum(p for _, p in odds) == 1


def test_view_perfect_recall_a_card_put_under_a_deck_is_known_there() -> None:
    state = sc.set_time(cleared(("bjorn", "alva")), 3)
    r = monster_turn(state, gh.Drawn("m7"), gh.Drawn("m22"))
    for seat in (0, 1):
        view = gh.view(r.state, seat)
        assert view.yellow[-2:] == ("m7", "m22")
        assert view.yellow[0] == ""  # the unknown top stays hidden
        assert len(view.yellow) == len(r.state.yellow)


def test_fresh_set_up_places_the_first_players_cards() -> None:
    state = fresh(("bjorn", "alva"))
    assert state.monsters
    assert gh.current_player(state) == 0
