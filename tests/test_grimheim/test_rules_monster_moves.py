"""The Monsters Move step, rule by rule: paths, the movement order (G3), blocking, heroes stopping
monsters (G8), goblins, charges (G2, G10), legends swapping (G9), entering Grimheim (G4, G24)."""

from __future__ import annotations

from tests.test_grimheim.helpers import Run, cleared, monster_turn

import grimheim as gh
from grimheim import scenario as sc

H = gh.Hex


def moves(r: Run) -> list[tuple[str, gh.Hex, gh.Hex, str]]:
    return [(e.kind, e.source, e.to, e.why) for e in r.of(gh.MonsterMoved)]


def where(state: gh.State) -> dict[gh.Hex, str]:
    geo = state.config.geo
    return {geo.hexes[m.at]: m.kind for m in state.monsters}


def board(*monsters: tuple[str, gh.Hex], hero: gh.Hex | None = None, spot: int = 1) -> gh.State:
    state = cleared(("bjorn",))
    for kind, at in monsters:
        state = sc.place_monster(state, kind, at)
    if hero is not None:
        state = sc.put_hero(state, "bjorn", hero)
    if spot != 1:
        state = sc.set_time(state, spot)
    return state


# -- paths -----------------------------------------------------------------------------------------


def test_monster_path_follows_the_direction_arrows_one_area_a_turn() -> None:
    state = board(("imp", H(9, 4)))
    r = monster_turn(state)
    assert moves(r) == [("imp", H(9, 4), H(9, 5), "move")]
    r = monster_turn(r.state)
    assert where(r.state) == {H(9, 6): "imp"}


def test_monster_path_once_on_a_road_it_follows_the_road_to_grimheim() -> None:
    geo = cleared().config.geo
    for area in range(geo.town):
        if geo.road[area]:
            ahead = geo.next_step[area]
            assert ahead == geo.town or geo.road[ahead], geo.hexes[area]
    # the road from the Temple Ruins: (12,4) road -> (12,5) road -> (11,6) road -> (11,7) road
    state = board(("imp", H(12, 4)))
    trail = [H(12, 4)]
    for _ in range(4):
        r = monster_turn(state)
        state = sc.set_time(r.state, 1)  # keep to shield spots
        trail += [m[2] for m in moves(r)]
    assert trail == [H(12, 4), H(12, 5), H(11, 6), H(11, 7)]
    assert sc.town_pieces(state) == 3  # the fourth step entered Grimheim


def test_monsters_may_walk_into_mountains() -> None:
    state = board(("imp", H(14, 3)))
    assert state.config.geo.terrain[state.config.geo.area(H(13, 4))] == "mountain"
    r = monster_turn(state)
    assert where(r.state) == {H(13, 4): "imp"}


# -- G3: the movement order ------------------------------------------------------------------------


def test_g3_movement_order_nearest_first() -> None:
    # in a file (9,5) -> (9,6) -> (9,7) -> Grimheim: the front imp moves first, so both move
    state = board(("imp", H(9, 5)), ("imp", H(9, 6)))
    r = monster_turn(state)
    assert moves(r) == [
        ("imp", H(9, 6), H(9, 7), "move"),
        ("imp", H(9, 5), H(9, 6), "move"),
    ]


def test_g3_movement_order_road_breaks_ties() -> None:
    # (11,5) off the road and (12,5) on it are both 3 steps out and both step into (11,6):
    # the road monster goes first although its x is larger
    state = board(("imp", H(11, 5)), ("imp", H(12, 5)))
    geo = state.config.geo
    assert geo.path_length[geo.area(H(11, 5))] == geo.path_length[geo.area(H(12, 5))]
    r = monster_turn(state)
    assert moves(r) == [("imp", H(12, 5), H(11, 6), "move")]
    assert where(r.state) == {H(11, 5): "imp", H(11, 6): "imp"}


def test_g3_movement_order_then_x_then_y() -> None:
    # goblins at (11,4) and (13,4), both off the road, 4 steps out; their second steps meet in
    # (11,6): the one with the smaller x moves first and takes it
    state = board(("goblin", H(11, 4)), ("goblin", H(13, 4)))
    r = monster_turn(state)
    assert moves(r)[:2] == [
        ("goblin", H(11, 4), H(11, 5), "move"),
        ("goblin", H(11, 5), H(11, 6), "move"),
    ]
    assert where(r.state) == {H(11, 6): "goblin", H(12, 5): "goblin"}


def test_g3_movement_order_over_the_whole_map() -> None:
    # the order is a table of the map: every area a monster may stand in sorts as G3 says
    geo = cleared().config.geo
    areas = [a for a in range(geo.town) if geo.monster_can_enter[a]]

    def g3(area: int) -> tuple[int, bool, int, int]:
        h = geo.hexes[area]
        return geo.path_length[area], not geo.road[area], h.x, h.y

    assert sorted(areas, key=geo.move_rank.__getitem__) == sorted(areas, key=g3)


def test_g3_a_monster_a_legend_swaps_backwards_does_not_move_again() -> None:
    # the imp in (9,6) stands next to Bjorn and cannot move; the queen swaps it back to (9,5)
    state = board(("imp", H(9, 6)), ("queen", H(9, 5)), hero=H(10, 6))
    r = monster_turn(state)
    assert moves(r) == [
        ("queen", H(9, 5), H(9, 6), "move"),
        ("imp", H(9, 6), H(9, 5), "swap"),
    ]
    assert where(r.state) == {H(9, 6): "queen", H(9, 5): "imp"}


# -- blocking and G8 -------------------------------------------------------------------------------


def test_blocking_a_monster_never_steps_into_an_occupied_area() -> None:
    # the front imp is next to Bjorn and stays; the one behind it is blocked
    state = board(("imp", H(9, 6)), ("imp", H(9, 5)), hero=H(10, 6))
    r = monster_turn(state)
    assert moves(r) == []
    assert where(r.state) == {H(9, 6): "imp", H(9, 5): "imp"}


def test_blocking_a_hero_blocks_a_monster_path() -> None:
    state = board(("imp", H(9, 5)), hero=H(9, 6))
    r = monster_turn(state)
    assert moves(r) == []


def test_g8_monsters_next_to_a_hero_never_move() -> None:
    # (9,5) is next to Bjorn in (10,5); its path ahead (9,6) is free
    state = board(("imp", H(9, 5)), hero=H(10, 5))
    r = monster_turn(state)
    assert moves(r) == []


def test_g8_a_monster_stops_when_next_to_a_hero_before_every_step() -> None:
    # the goblin's first step (9,3) -> (9,4) puts it next to Bjorn in (8,5): no second step
    state = board(("goblin", H(9, 3)), hero=H(8, 5))
    r = monster_turn(state)
    assert moves(r) == [("goblin", H(9, 3), H(9, 4), "move")]


def test_g8_no_charge_step_next_to_a_hero() -> None:
    state = board(("imp", H(9, 3)), hero=H(8, 5), spot=8)  # spot 9 is a skull
    r = monster_turn(state)
    assert moves(r) == [("imp", H(9, 3), H(9, 4), "move")]


def test_monsters_next_to_a_hero_in_grimheim_still_enter_it() -> None:
    # heroes inside Grimheim are next to nothing outside it
    state = board(("imp", H(9, 7)))
    assert sc.hero_info(state, "bjorn").at == gh.GRIMHEIM
    r = monster_turn(state)
    assert r.of(gh.MonsterEntered) == [gh.MonsterEntered("imp", H(9, 7), 1)]


def test_monsters_goblins_move_two() -> None:
    state = board(("goblin", H(9, 3)))
    r = monster_turn(state)
    assert where(r.state) == {H(9, 5): "goblin"}
    assert len(moves(r)) == 2


def test_monsters_other_kinds_move_one() -> None:
    kinds = ["brute", "troll", "sprite", "elemental", "jotunn", "imp", "skeleton", "draugr"]
    for kind in kinds:
        r = monster_turn(board((kind, H(9, 3))))
        assert where(r.state) == {H(9, 4): kind}, kind


# -- entering Grimheim -----------------------------------------------------------------------------


def test_entering_grimheim_removes_one_town_piece() -> None:
    state = board(("troll", H(9, 7)))
    r = monster_turn(state)
    assert sc.town_pieces(r.state) == 3
    assert not r.state.monsters
    assert r.of(gh.MonsterEntered) == [gh.MonsterEntered("troll", H(9, 7), 1)]


def test_a_legend_entering_grimheim_removes_three_town_pieces() -> None:
    state = sc.set_town(board(("grendel", H(9, 7))), 4)
    r = monster_turn(state)
    assert sc.town_pieces(r.state) == 1
    assert r.of(gh.MonsterEntered) == [gh.MonsterEntered("grendel", H(9, 7), 3)]


def test_g24_a_legend_entering_grimheim_returns_its_card_to_the_bottom_of_its_deck() -> None:
    state = board(("grendel", H(9, 7)))
    card = state.held[0]
    r = monster_turn(state)
    assert r.state.held == ()
    assert r.state.yellow[-1] == card
    assert r.state.yellow_known == state.yellow_known + 1


def test_g4_the_game_is_lost_when_the_last_town_piece_falls() -> None:
    state = sc.set_town(board(("imp", H(9, 7)), ("imp", H(11, 7))), 1)
    r = monster_turn(state)
    assert gh.is_over(r.state)
    assert r.state.won is False
    assert sc.town_pieces(r.state) == 0
    assert r.of(gh.GameEnded) == [gh.GameEnded(False, 0)]
    assert len(r.of(gh.MonsterEntered)) == 1  # nothing happens after the fall
    outcome = gh.outcome(r.state)
    assert outcome is not None and outcome.winners == ()


# -- charges ---------------------------------------------------------------------------------------


def test_charge_on_a_skull_spot_every_monster_takes_one_extra_step() -> None:
    state = board(("imp", H(9, 3)), ("goblin", H(12, 1)), spot=8)
    r = monster_turn(state)
    assert r.of(gh.TimeAdvanced) == [gh.TimeAdvanced(9, "skull")]
    assert where(r.state) == {H(9, 5): "imp", H(12, 4): "goblin"}
    assert [m[3] for m in moves(r)].count("charge") == 2


def test_g1_skull_spots_bring_no_reinforcements() -> None:
    state = board(spot=8)
    r = monster_turn(state)
    assert r.of(gh.MonsterCardDrawn) == []
    assert r.of(gh.MonsterPlaced) == []


def test_shield_spots_do_nothing() -> None:
    state = board(("imp", H(9, 3)), spot=1)
    r = monster_turn(state)
    assert r.of(gh.TimeAdvanced) == [gh.TimeAdvanced(2, "shield")]
    assert r.of(gh.MonsterCardDrawn) == []
    assert moves(r) == [("imp", H(9, 3), H(9, 4), "move")]


def test_g10_charge_to_reach_an_attack() -> None:
    # after its step to (9,4) the imp reaches nobody; one more step to (9,5) reaches Bjorn
    state = board(("imp", H(9, 3)), hero=H(9, 6))
    r = monster_turn(state)
    assert moves(r) == [
        ("imp", H(9, 3), H(9, 4), "move"),
        ("imp", H(9, 4), H(9, 5), "charge"),
    ]
    assert len(r.of(gh.DiceRolled)) == 1  # and it attacks


def test_g10_no_charge_when_it_would_not_reach_an_attack() -> None:
    state = board(("imp", H(9, 2)), hero=H(9, 6))
    r = monster_turn(state)
    assert moves(r) == [("imp", H(9, 2), H(9, 3), "move")]


def test_g10_no_charge_when_the_extra_step_is_blocked() -> None:
    # (9,5) holds a brute (next to Bjorn, so it stays): the imp cannot take the step
    state = board(("imp", H(9, 3)), ("brute", H(9, 5)), hero=H(9, 6))
    r = monster_turn(state)
    assert moves(r) == [("imp", H(9, 3), H(9, 4), "move")]


def test_g10_no_charge_when_it_can_attack_already() -> None:
    state = board(("sprite", H(9, 3)), hero=H(9, 6))
    r = monster_turn(state)
    assert moves(r) == [("sprite", H(9, 3), H(9, 4), "move")]


def test_g10_charge_counts_the_fire_horde_range_of_2() -> None:
    # a sprite at (9,3) after moving is 3 from Bjorn: the charge to (9,4) brings him in range 2;
    # an imp there would stay out of its range 1 and does not charge
    sprite = monster_turn(board(("sprite", H(9, 2)), hero=H(9, 6)))
    assert moves(sprite)[-1] == ("sprite", H(9, 3), H(9, 4), "charge")
    imp = monster_turn(board(("imp", H(9, 2)), hero=H(9, 6)))
    assert moves(imp) == [("imp", H(9, 2), H(9, 3), "move")]


def test_g10_a_step_into_grimheim_never_counts_as_reaching_an_attack() -> None:
    state = board(("imp", H(9, 6)))
    r = monster_turn(state)
    assert moves(r) == [("imp", H(9, 6), H(9, 7), "move")]
    assert sc.town_pieces(r.state) == 4


def test_g10_a_legend_swaps_on_the_charge_to_reach_an_attack() -> None:
    # the queen would reach Bjorn from (9,6): she swaps with the imp there on her extra step, as
    # on every other step (G9; G10 revised)
    state = board(("imp", H(9, 6)), ("queen", H(9, 4)), hero=H(10, 6))
    r = monster_turn(state)
    assert moves(r) == [
        ("queen", H(9, 4), H(9, 5), "move"),
        ("queen", H(9, 5), H(9, 6), "charge"),
        ("imp", H(9, 6), H(9, 5), "swap"),
    ]


def test_g10_a_monster_that_is_no_legend_is_still_blocked_on_the_charge() -> None:
    state = board(("imp", H(9, 6)), ("draugr", H(9, 4)), hero=H(10, 6))
    r = monster_turn(state)
    assert ("draugr", H(9, 5), H(9, 6), "charge") not in moves(r)


def test_g2_at_most_one_extra_step_skull_and_reaching_an_attack() -> None:
    # on a skull the imp charges to (9,4); it still cannot reach Bjorn, but takes no third step
    state = board(("imp", H(9, 2)), hero=H(9, 6), spot=8)
    r = monster_turn(state)
    assert moves(r) == [
        ("imp", H(9, 2), H(9, 3), "move"),
        ("imp", H(9, 3), H(9, 4), "charge"),
    ]


def test_g2_at_most_one_extra_step_skull_and_the_monster_die() -> None:
    # a goblin on a skull turn with the die's charge: 2 steps and one charge, not two
    state = cleared(("bjorn",), monster_die=True)
    state = sc.set_time(sc.place_monster(state, "goblin", H(9, 1)), 8)
    r = monster_turn(state, gh.DieFace("charge"))
    assert where(r.state) == {H(9, 4): "goblin"}


def test_monster_die_charge_only_rank_1_monsters_charge() -> None:
    state = cleared(("bjorn",), monster_die=True)
    state = sc.place_monster(state, "goblin", H(9, 1))
    state = sc.place_monster(state, "brute", H(14, 3))
    r = monster_turn(state, gh.DieFace("charge"))
    assert where(r.state) == {H(9, 4): "goblin", H(13, 4): "brute"}


# -- G9: legends swap ------------------------------------------------------------------------------


def test_g9_legend_swaps_with_a_blocking_monster() -> None:
    state = board(("imp", H(9, 6)), ("queen", H(9, 5)), hero=H(10, 6))
    r = monster_turn(state)
    assert where(r.state) == {H(9, 6): "queen", H(9, 5): "imp"}


def test_g9_legend_swaps_with_another_legend() -> None:
    state = board(("grendel", H(9, 6)), ("queen", H(9, 5)), hero=H(10, 6))
    r = monster_turn(state)
    assert where(r.state) == {H(9, 6): "queen", H(9, 5): "grendel"}


def test_g9_legend_never_swaps_with_a_hero() -> None:
    state = board(("queen", H(9, 5)), hero=H(9, 6))
    r = monster_turn(state)
    assert moves(r) == []
    assert sc.hero_info(r.state, "bjorn").at == H(9, 6)


def test_g9_legend_swaps_on_its_charge_step_too() -> None:
    state = board(("imp", H(9, 6)), ("queen", H(9, 4)), hero=H(10, 6), spot=8)
    r = monster_turn(state)
    assert moves(r) == [
        ("queen", H(9, 4), H(9, 5), "move"),
        ("queen", H(9, 5), H(9, 6), "charge"),
        ("imp", H(9, 6), H(9, 5), "swap"),
    ]


def test_g9_ordinary_monsters_do_not_swap() -> None:
    state = board(("imp", H(9, 6)), ("troll", H(9, 5)), hero=H(10, 6))
    r = monster_turn(state)
    assert moves(r) == []


def test_a_legend_swapping_into_grimheim_is_impossible_it_enters() -> None:
    state = board(("seer", H(9, 7)))
    r = monster_turn(state)
    assert r.of(gh.MonsterEntered) == [gh.MonsterEntered("seer", H(9, 7), 3)]
    assert sc.town_pieces(r.state) == 1


def test_g10_seer_ii_never_charges_to_reach_an_attack_it_always_has() -> None:
    # Seer II attacks every hero outside Grimheim wherever it stands: it can attack after its
    # normal movement, so it takes no extra step
    state = board(hero=H(9, 6))
    state = sc.place_monster(state, "seer", H(9, 3), side=2)
    r = monster_turn(state)
    assert moves(r) == [("seer", H(9, 3), H(9, 4), "move")]
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 0)]


def test_g3_movement_order_ties_by_x_first_then_y() -> None:
    # (13,5) and (5,12): both 3 steps out, off the road; x 5 goes before x 13 (rows would not)
    state = board(("imp", H(13, 5)), ("imp", H(5, 12)))
    geo = state.config.geo
    assert geo.path_length[geo.area(H(13, 5))] == geo.path_length[geo.area(H(5, 12))]
    r = monster_turn(state)
    assert [m[1] for m in moves(r)] == [H(5, 12), H(13, 5)]
