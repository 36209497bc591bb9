"""The monster die variant (G6, G14): its six faces, both rotations, push and ambush."""

from __future__ import annotations

from fractions import Fraction

from tests.test_grimheim.helpers import Run, cleared, monster_turn, until

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE

H = gh.Hex
FACES = ("ambush", "attack", "charge", "maneuver_ccw", "maneuver_cw", "push")


def game(
    *monsters: tuple[str, gh.Hex], heroes: tuple[str, ...] = ("bjorn",), **at: gh.Hex
) -> gh.State:
    state = cleared(heroes, monster_die=True, players_decide=False)
    for kind, where in monsters:
        state = sc.place_monster(state, kind, where)
    for who, where in at.items():
        state = sc.put_hero(state, who, where)
    return state


def where(state: gh.State) -> dict[gh.Hex, str]:
    geo = state.config.geo
    return {geo.hexes[m.at]: m.kind for m in state.monsters}


def turns(r: Run) -> list[tuple[str, gh.Hex, gh.Hex]]:
    return [(e.kind, e.source, e.to) for e in r.of(gh.MonsterMoved) if e.why == "maneuver"]


def test_monster_die_is_rolled_each_monster_turn_six_faces_even_odds() -> None:
    state = game(bjorn=H(10, 5))
    r = until(
        state,
        lambda s: gh.current_player(s) == CHANCE and isinstance(gh.legal_actions(s)[0], gh.DieFace),
    )
    odds = dict(gh.chance_outcomes(r.state))
    assert odds == {gh.DieFace(face): Fraction(1, 6) for face in FACES}
    done = monster_turn(state, gh.DieFace("attack"))
    assert done.of(gh.MonsterDieRolled) == [gh.MonsterDieRolled("attack")]


def test_no_monster_die_without_the_variant() -> None:
    state = cleared(("bjorn",))
    r = monster_turn(state)
    assert r.of(gh.MonsterDieRolled) == []


# -- maneuver --------------------------------------------------------------------------------------
# around (10,5), clockwise from north-east: (11,4) (11,5) (10,6) (9,6) (9,5) (10,4)


def test_monster_die_maneuver_clockwise_turns_a_monster_one_area_around_the_hero() -> None:
    r = monster_turn(game(("imp", H(11, 5)), bjorn=H(10, 5)), gh.DieFace("maneuver_cw"))
    assert turns(r) == [("imp", H(11, 5), H(10, 6))]
    assert where(r.state) == {H(10, 6): "imp"}


def test_monster_die_maneuver_counter_clockwise_turns_the_other_way() -> None:
    r = monster_turn(game(("imp", H(11, 5)), bjorn=H(10, 5)), gh.DieFace("maneuver_ccw"))
    assert turns(r) == [("imp", H(11, 5), H(11, 4))]


def test_monster_die_maneuver_every_monster_around_a_hero_turns_at_once() -> None:
    ring = [H(11, 4), H(11, 5), H(10, 6), H(9, 6), H(9, 5), H(10, 4)]
    kinds = ["goblin", "brute", "troll", "imp", "skeleton", "draugr"]
    state = game(*zip(kinds, ring, strict=True), bjorn=H(10, 5))
    r = monster_turn(state, gh.DieFace("maneuver_cw"))
    assert where(r.state) == {ring[(i + 1) % 6]: kinds[i] for i in range(6)}


def test_monster_die_maneuver_a_monster_stays_when_the_next_area_holds_a_hero() -> None:
    # Bjorn's rotation: the troll in (10,6) would turn into Alva's (9,6), so it stays, and the
    # imp in (11,5) finds it in the way; then Alva's own rotation turns the troll to (9,7)
    state = game(
        ("imp", H(11, 5)),
        ("troll", H(10, 6)),
        heroes=("bjorn", "alva"),
        bjorn=H(10, 5),
        alva=H(9, 6),
    )
    r = monster_turn(state, gh.DieFace("maneuver_cw"))
    assert turns(r) == [("troll", H(10, 6), H(9, 7))]
    assert where(r.state) == {H(11, 5): "imp", H(9, 7): "troll"}


def test_monster_die_maneuver_a_monster_stays_when_the_next_area_holds_a_monster_that_stays() -> (
    None
):
    # around (16,4): the imp in (17,3) cannot turn into the lake (17,4); the brute in (16,3)
    # behind it cannot turn into (17,3)
    state = game(("imp", H(17, 3)), ("brute", H(16, 3)), bjorn=H(16, 4))
    r = monster_turn(state, gh.DieFace("maneuver_cw"))
    assert turns(r) == []


def test_monster_die_maneuver_never_into_a_lake_but_into_naglfar() -> None:
    # around (16,4): (17,4) is a lake, (16,5) a lake of Naglfar
    geo = cleared().config.geo
    assert geo.terrain[geo.area(H(17, 4))] == "lake"
    assert geo.location[geo.area(H(16, 5))] == "naglfar"
    cw = monster_turn(game(("imp", H(17, 3)), bjorn=H(16, 4)), gh.DieFace("maneuver_cw"))
    assert turns(cw) == []
    ccw = monster_turn(game(("imp", H(15, 5)), bjorn=H(16, 4)), gh.DieFace("maneuver_ccw"))
    assert turns(ccw) == [("imp", H(15, 5), H(16, 5))]


def test_monster_die_maneuver_into_grimheim_enters_the_town_at_the_usual_cost() -> None:
    # around (9,7) clockwise: (10,6) (10,7) Grimheim (8,8) (8,7) (9,6)
    state = game(("imp", H(10, 7)), ("queen", H(8, 8)), bjorn=H(9, 7))
    r = monster_turn(state, gh.DieFace("maneuver_cw"))
    assert r.of(gh.MonsterEntered) == [gh.MonsterEntered("imp", H(10, 7), 1)]
    assert sc.town_pieces(r.state) == 3
    ccw = monster_turn(state, gh.DieFace("maneuver_ccw"))
    assert ccw.of(gh.MonsterEntered) == [gh.MonsterEntered("queen", H(8, 8), 3)]
    assert sc.town_pieces(ccw.state) == 1
    assert ccw.state.held == () and ccw.state.yellow[-1] == "m1"  # G24


def test_monster_die_maneuver_a_monster_moved_by_one_hero_does_not_move_again() -> None:
    # the imp in (11,5) is next to Bjorn (10,5) and Alva (11,6): Bjorn's rotation takes it to
    # (10,6), next to Alva again, where it stays
    state = game(("imp", H(11, 5)), heroes=("bjorn", "alva"), bjorn=H(10, 5), alva=H(11, 6))
    r = monster_turn(state, gh.DieFace("maneuver_cw"))
    assert turns(r) == [("imp", H(11, 5), H(10, 6))]


def test_monster_die_maneuver_heroes_rotate_in_seat_order() -> None:
    # the same imp, seats swapped: Alva (seat 0) turns it first, from her NW to her NE (12,5)
    state = game(("imp", H(11, 5)), heroes=("alva", "bjorn"), bjorn=H(10, 5), alva=H(11, 6))
    r = monster_turn(state, gh.DieFace("maneuver_cw"))
    assert turns(r) == [("imp", H(11, 5), H(12, 5))]


# -- push ------------------------------------------------------------------------------------------


def test_monster_die_push_moves_a_hero_next_to_a_monster_one_area_along_the_path() -> None:
    state = game(("imp", H(9, 5)), bjorn=H(9, 6))
    r = monster_turn(state, gh.DieFace("push"))
    assert r.of(gh.HeroMoved)[0] == gh.HeroMoved(0, H(9, 7))
    assert sc.hero_info(r.state, "bjorn").at == H(9, 7)
    assert where(r.state) == {H(9, 6): "imp"}  # the imp then follows


def test_monster_die_push_from_next_to_grimheim_into_it() -> None:
    state = game(("imp", H(9, 6)), bjorn=H(9, 7))
    r = monster_turn(state, gh.DieFace("push"))
    assert sc.hero_info(r.state, "bjorn").at == gh.GRIMHEIM
    assert r.of(gh.DiceRolled) == []


def test_monster_die_push_not_into_an_occupied_area() -> None:
    state = game(("imp", H(9, 5)), ("brute", H(9, 7)), bjorn=H(9, 6))
    r = monster_turn(state, gh.DieFace("push"))
    assert r.of(gh.HeroMoved) == []


def test_monster_die_push_not_into_a_mountain() -> None:
    geo = cleared().config.geo
    assert geo.hexes[geo.next_step[geo.area(H(15, 4))]] == H(14, 5)
    assert geo.terrain[geo.area(H(14, 5))] == "mountain"
    state = game(("imp", H(15, 3)), bjorn=H(15, 4))
    r = monster_turn(state, gh.DieFace("push"))
    assert r.of(gh.HeroMoved) == []


def test_monster_die_push_leaves_heroes_with_no_monster_next_to_them() -> None:
    state = game(("imp", H(2, 9)), bjorn=H(9, 6))
    r = monster_turn(state, gh.DieFace("push"))
    assert r.of(gh.HeroMoved) == []


# -- ambush ----------------------------------------------------------------------------------------


def test_monster_die_ambush_the_hero_places_a_goblin_next_to_them() -> None:
    state = game(bjorn=H(10, 5))
    r = until(state, lambda s: gh.current_player(s) == 0 and bool(s.frames), gh.DieFace("ambush"))
    assert set(gh.legal_actions(r.state)) == {
        gh.PlaceGoblin(at) for at in (H(11, 4), H(11, 5), H(10, 6), H(9, 6), H(9, 5), H(10, 4))
    }
    done = monster_turn(state, gh.DieFace("ambush"), gh.PlaceGoblin(H(9, 5)))
    assert done.of(gh.MonsterPlaced)[0] == gh.MonsterPlaced("goblin", H(9, 5))
    assert sc.monster_at(done.state, H(9, 5)) == sc.MonsterInfo("goblin", 0, 0)
    assert len(done.of(gh.DiceRolled)) == 1  # and it attacks at once


def test_monster_die_ambush_each_hero_places_one_heroes_in_grimheim_ignore_it() -> None:
    state = game(heroes=("bjorn", "alva", "embla"), alva=H(10, 5), embla=H(13, 8))
    r = until(
        state, lambda s: gh.current_player(s) in (1, 2) and bool(s.frames), gh.DieFace("ambush")
    )
    assert gh.current_player(r.state) == 1
    asked = gh.decision(r.state)
    assert asked is not None and asked.kind == "ambush" and asked.seat == 1
    done = monster_turn(
        state, gh.DieFace("ambush"), gh.PlaceGoblin(H(9, 5)), gh.PlaceGoblin(H(14, 8))
    )
    assert [e.at for e in done.of(gh.MonsterPlaced)] == [H(9, 5), H(14, 8)]


def test_monster_die_ambush_a_single_free_area_needs_no_decision() -> None:
    # around (10,5) five areas are taken by monsters: the goblin goes to the sixth
    ring = [H(11, 4), H(11, 5), H(10, 6), H(9, 6), H(9, 5)]
    state = game(*(("imp", at) for at in ring), bjorn=H(10, 5))
    r = monster_turn(state, gh.DieFace("ambush"))
    assert r.of(gh.MonsterPlaced) == [gh.MonsterPlaced("goblin", H(10, 4))]


def test_monster_die_ambush_no_goblin_when_the_supply_is_empty() -> None:
    state = game(bjorn=H(10, 5))
    spots = [H(x, y) for y in (9, 10, 11) for x in range(1, 8)][:20]
    for at in spots:
        state = sc.place_monster(state, "goblin", at)
    r = monster_turn(state, gh.DieFace("ambush"))
    assert r.of(gh.MonsterPlaced) == []
