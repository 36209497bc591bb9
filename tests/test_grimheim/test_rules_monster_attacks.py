"""The Monsters Attack step: dice, cover, runes, trollkin support, range, armor, the players'
choices (G5, G25), knock-outs (G28) and the monster die's +1."""

from __future__ import annotations

from typing import Any

import pytest
from tests.test_grimheim.helpers import (
    card,
    cleared,
    dice,
    in_play,
    monster_turn,
    rolling,
    until,
)

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE

H = gh.Hex


def solo(*monsters: tuple[str, gh.Hex], at: gh.Hex, who: str = "bjorn", **opts: Any) -> gh.State:
    state = cleared((who,), **opts)
    for kind, where in monsters:
        state = sc.place_monster(state, kind, where)
    return sc.put_hero(state, who, at)


def damage_taken(r_events: tuple[gh.Event, ...], seat: int = 0) -> int:
    return sum(e.amount for e in r_events if isinstance(e, gh.HeroDamaged) and e.seat == seat)


@pytest.mark.parametrize(
    ("kind", "strength"),
    [
        ("goblin", 1),
        ("brute", 3),
        ("troll", 6),
        ("sprite", 1),
        ("elemental", 3),
        ("jotunn", 5),
        ("imp", 2),
        ("skeleton", 4),
        ("draugr", 6),
    ],
)
def test_monster_attack_rolls_as_many_dice_as_its_strength(kind: str, strength: int) -> None:
    state = solo((kind, H(10, 5)), at=H(10, 6))
    r = until(state, rolling)
    assert dice(r.state) == strength


def test_monster_attack_hits_and_hits_unless_cover_count_on_open_ground() -> None:
    state = solo(("troll", H(10, 5)), at=H(10, 6))
    assert state.config.geo.terrain[state.config.geo.area(H(10, 6))] == "plains"
    r = monster_turn(state, gh.Roll(2, 1, 1, 2))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 3, 0)]
    assert sc.hero_info(r.state, "bjorn").damage == 3


def test_cover_a_hero_in_a_forest_ignores_hit_unless_cover() -> None:
    state = solo(("troll", H(9, 5)), at=H(9, 6))
    assert state.config.geo.terrain[state.config.geo.area(H(9, 6))] == "forest"
    r = monster_turn(state, gh.Roll(2, 1, 1, 2))
    assert sc.hero_info(r.state, "bjorn").damage == 2


@pytest.mark.parametrize("kind", ["goblin", "sprite", "elemental"])
def test_runes_miss_for_trollkin_and_fire_horde(kind: str) -> None:
    state = solo((kind, H(10, 5)), at=H(10, 6))
    r = until(state, rolling)
    n = dice(r.state)
    after = until(r.state, lambda s: gh.current_player(s) == 0, gh.Roll(1, 0, n - 1, 0))
    assert sc.hero_info(after.state, "bjorn").damage == 1


@pytest.mark.parametrize("kind", ["imp", "skeleton", "draugr"])
def test_runes_hit_for_the_dead(kind: str) -> None:
    state = solo((kind, H(10, 5)), at=H(10, 6))
    r = until(state, rolling)
    n = dice(r.state)
    after = until(r.state, lambda s: gh.current_player(s) == 0, gh.Roll(0, 0, 2, n - 2))
    assert sc.hero_info(after.state, "bjorn").damage == 2


def test_trollkin_support_plus_one_die_per_other_adjacent_trollkin() -> None:
    # troll (10,5) with a goblin (11,5) and a brute (9,6) next to it, and an imp (10,4): 6 + 2
    state = solo(
        ("troll", H(10, 5)),
        ("goblin", H(11, 5)),
        ("brute", H(9, 6)),
        ("imp", H(10, 4)),
        at=H(10, 6),
    )
    r = until(state, rolling, gh.Target(H(10, 5)))
    assert dice(r.state) == 8
    # the goblin has the troll next to it (the brute is not): 1 + 1
    state2 = solo(("troll", H(10, 5)), ("goblin", H(11, 5)), ("brute", H(9, 6)), at=H(10, 6))
    r = until(state2, rolling, gh.Target(H(11, 5)))
    assert dice(r.state) == 2


@pytest.mark.parametrize("side", [1, 2])
def test_hrungbald_doubles_the_trollkin_support_on_either_side(side: int) -> None:
    state = solo(("troll", H(10, 5)), ("goblin", H(11, 5)), ("brute", H(9, 6)), at=H(10, 6))
    state = sc.place_monster(state, "hrungbald", H(2, 9), side=side)  # far away: it need not touch
    r = until(state, rolling, gh.Target(H(10, 5)))
    assert dice(r.state) == 6 + 2 * 2


def test_trollkin_support_does_not_help_other_factions() -> None:
    state = solo(("imp", H(10, 5)), ("goblin", H(11, 5)), ("brute", H(9, 6)), at=H(10, 6))
    r = until(state, rolling, gh.Target(H(10, 5)))
    assert dice(r.state) == 2


def test_fire_horde_attacks_at_range_2() -> None:
    # the sprite in (9,4) is held back by the imp in (9,5) and attacks Bjorn in (9,6) from 2 away
    state = solo(("sprite", H(9, 4)), ("imp", H(9, 5)), at=H(9, 6))
    r = until(state, lambda s: gh.current_player(s) == 0, gh.Target(H(9, 4)), gh.Roll(1, 0, 0, 0))
    assert r.of(gh.DiceRolled)[0] == gh.DiceRolled(-1, (1, 0, 0, 0))
    assert len(r.of(gh.DiceRolled)) == 2
    assert sc.hero_info(r.state, "bjorn").damage == 1


def test_range_1_monsters_do_not_attack_from_2_away() -> None:
    state = solo(("troll", H(9, 4)), ("imp", H(9, 5)), at=H(9, 6))
    r = monster_turn(state)
    assert len(r.of(gh.DiceRolled)) == 1  # the imp only


def test_g11_monster_range_is_counted_around_grimheim_never_through_it() -> None:
    # a sprite on the ring at (11,8) is 2 from (8,8) through the town, far around it
    state = cleared(("bjorn", "alva"))
    state = sc.place_monster(state, "sprite", H(11, 8))
    state = sc.put_hero(state, "bjorn", H(8, 8))
    state = sc.put_hero(state, "alva", H(12, 8))
    geo = state.config.geo
    assert geo.distance[geo.area(H(8, 8))][geo.area(H(11, 8))] > 2
    r = until(state, rolling)
    assert gh.legal_actions(r.state)  # no TargetHero decision: only Alva is in range
    after = until(r.state, lambda s: gh.current_player(s) == 0, gh.Roll(1, 0, 0, 0))
    assert after.of(gh.HeroDamaged) == [gh.HeroDamaged(1, 1, 0)]


def test_heroes_in_grimheim_are_never_attacked() -> None:
    state = cleared(("bjorn",))
    state = sc.place_monster(state, "jotunn", H(10, 7))
    state = sc.place_monster(state, "imp", H(11, 7))
    r = monster_turn(state)
    assert r.of(gh.DiceRolled) == []


def test_g5_players_choose_which_hero_a_monster_attacks() -> None:
    state = cleared(("bjorn", "alva"))
    state = sc.place_monster(state, "troll", H(10, 5))
    state = sc.put_hero(state, "bjorn", H(10, 6))
    state = sc.put_hero(state, "alva", H(11, 5))
    r = until(state, lambda s: isinstance(gh.legal_actions(s)[0], gh.TargetHero))
    assert gh.current_player(r.state) == 0
    assert list(gh.legal_actions(r.state)) == [gh.TargetHero(0), gh.TargetHero(1)]
    asked = gh.decision(r.state)
    assert asked is not None and asked.kind == "attack-target" and asked.seat == 0
    after = until(
        r.state, lambda s: gh.current_player(s) == 0, gh.TargetHero(1), gh.Roll(3, 0, 0, 3)
    )
    assert after.of(gh.HeroDamaged) == [gh.HeroDamaged(1, 3, 0)]


def test_g5_players_choose_the_attack_order() -> None:
    state = solo(("troll", H(10, 5)), ("imp", H(11, 5)), at=H(10, 6))
    r = until(
        state, lambda s: bool(gh.legal_actions(s)) and isinstance(gh.legal_actions(s)[0], gh.Target)
    )
    assert gh.current_player(r.state) == 0
    assert set(gh.legal_actions(r.state)) == {gh.Target(H(10, 5)), gh.Target(H(11, 5))}
    asked = gh.decision(r.state)
    assert asked is not None and asked.kind == "attack-order" and asked.seat == 0
    after = until(r.state, rolling, gh.Target(H(11, 5)))
    assert dice(after.state) == 2  # the imp first, as chosen


def test_g25_without_players_deciding_the_g3_order_and_the_lowest_seat() -> None:
    state = cleared(("bjorn", "alva"), players_decide=False)
    state = sc.place_monster(state, "troll", H(10, 5))
    state = sc.place_monster(state, "imp", H(9, 6))
    state = sc.put_hero(state, "bjorn", H(10, 6))
    state = sc.put_hero(state, "alva", H(11, 5))
    r = until(state, rolling)
    # G3: the imp in (9,6) is 2 steps from Grimheim, the troll in (10,5) 3
    assert dice(r.state) == 2
    after = until(r.state, rolling, gh.Roll(2, 0, 0, 0))
    assert after.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 0)]
    assert dice(after.state) == 6
    done = until(after.state, lambda s: gh.current_player(s) == 0, gh.Roll(1, 0, 0, 5))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 0)]  # the lowest seat again


def test_monster_die_attack_face_gives_every_monster_plus_one_die() -> None:
    state = solo(("troll", H(10, 5)), at=H(10, 6), monster_die=True)
    r = until(state, rolling, gh.DieFace("attack"))
    assert dice(r.state) == 7


def test_a_monster_with_nobody_in_range_does_not_attack() -> None:
    state = solo(("troll", H(2, 9)), at=H(10, 6))
    r = monster_turn(state)
    assert r.of(gh.DiceRolled) == []


# -- armor -----------------------------------------------------------------------------------------


def test_boldur_armor_every_monster_attack_does_1_less_damage() -> None:
    state = solo(("troll", H(10, 5)), at=H(10, 6), who="boldur")
    r = monster_turn(state, gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 1)]


def test_boldur_armor_a_single_hit_does_nothing() -> None:
    state = solo(("imp", H(10, 5)), at=H(10, 6), who="boldur")
    r = monster_turn(state, gh.Roll(1, 0, 0, 1))
    assert sc.hero_info(r.state, "boldur").damage == 0


# -- knock-out -------------------------------------------------------------------------------------


def test_knock_out_leaves_exactly_5_damage_and_costs_2_pieces() -> None:
    state = sc.set_hero(solo(("troll", H(10, 5)), at=H(10, 6)), "bjorn", damage=7)
    r = monster_turn(state, gh.Roll(4, 0, 0, 2))
    info = sc.hero_info(r.state, "bjorn")
    assert info.at == gh.GRIMHEIM
    assert info.damage == 5
    assert sc.town_pieces(r.state) == 2
    assert r.of(gh.HeroKnockedOut) == [gh.HeroKnockedOut(0, 2)]


def test_knock_out_happens_exactly_when_damage_reaches_health() -> None:
    state = sc.set_hero(solo(("troll", H(10, 5)), at=H(10, 6)), "bjorn", damage=7)
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))
    info = sc.hero_info(r.state, "bjorn")
    assert (info.at, info.damage, info.gold) == (H(10, 6), 8, 0)
    r = monster_turn(
        sc.set_hero(solo(("troll", H(10, 5)), at=H(10, 6)), "bjorn", damage=7), gh.Roll(2, 0, 0, 4)
    )
    assert sc.hero_info(r.state, "bjorn").at == gh.GRIMHEIM


def test_knock_out_with_2_pieces_left_loses_the_game() -> None:
    state = sc.set_town(sc.set_hero(solo(("troll", H(10, 5)), at=H(10, 6)), "bjorn", damage=8), 2)
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))
    assert r.state.won is False
    assert sc.town_pieces(r.state) == 0


def test_knock_out_has_no_other_penalty() -> None:
    state = sc.set_hero(solo(("troll", H(10, 5)), at=H(10, 6)), "bjorn", damage=8, gold=4)
    before = state.heroes[0]
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))
    after = r.state.heroes[0]
    assert after.gold == 4
    assert [c.id for c in after.cards] == [c.id for c in before.cards]
    assert after.hand == before.hand or len(after.hand) == len(before.hand) + 1  # end-turn draw


def test_g28_a_knocked_out_hero_keeps_the_damage_on_their_equipment() -> None:
    state = solo(("troll", H(10, 5)), at=H(10, 6))
    state = in_play(state, 0, "bjorn-throwing-axes", damage=1)
    state = sc.set_hero(state, "bjorn", damage=8)
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))
    assert sc.hero_info(r.state, "bjorn").damage == 5
    assert card(r.state, 0, "bjorn-throwing-axes").damage == 1


def test_after_a_knock_out_the_hero_is_out_of_reach() -> None:
    # knocked out by the first of two attackers, Bjorn is in Grimheim: the second one cannot
    state = sc.set_hero(
        solo(("troll", H(10, 5)), ("imp", H(11, 5)), at=H(10, 6), players_decide=False),
        "bjorn",
        damage=8,
    )
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))  # the troll (G3: x 10 before 11) first
    assert len(r.of(gh.DiceRolled)) == 1
    assert gh.current_player(r.state) == 0


def test_the_monster_roll_is_a_chance_decision_with_exact_odds() -> None:
    state = solo(("imp", H(10, 5)), at=H(10, 6))
    r = until(state, rolling)
    assert gh.current_player(r.state) == CHANCE
    odds = dict(gh.chance_outcomes(r.state))
    assert sum(odds.values()) == 1
    from fractions import Fraction

    assert odds[gh.Roll(2, 0, 0, 0)] == Fraction(2, 6) ** 2
    assert odds[gh.Roll(0, 0, 0, 2)] == Fraction(2, 6) ** 2
    assert odds[gh.Roll(1, 1, 0, 0)] == 2 * Fraction(2, 6) * Fraction(1, 6)
