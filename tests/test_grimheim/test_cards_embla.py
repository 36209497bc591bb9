"""Embla's deck card by card: the hero card, each ability (both sides), each equipment card (its
use and its quest) and each event, with their limits and conditions; the rulings G19, G29–G32,
G37, G38, G46 and G47 where her cards meet them. Her starting cards and some events are also
tested in test_rules_hero_cards.py: for those this file adds what that one lacks."""

from __future__ import annotations

import pytest
from tests.test_grimheim.helpers import (
    attack_dice,
    card,
    cleared,
    damage_on,
    decision_kind,
    dice,
    events_of,
    hand,
    hero_turn,
    in_play,
    legal,
    monster_turn,
    moves,
    on_top,
    rolling,
    run,
    set_card,
    solo,
    targets,
    terrain,
    until,
    uses,
    window,
    with_monster,
)

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE

H = gh.Hex


def prevent_asked(state: gh.State) -> bool:
    """Seat 0 is asked whether to prevent a monster's damage."""
    found = gh.decision(state)
    return found is not None and found.kind == "prevent"


# == Embla (hero card) =============================================================================


@pytest.mark.parametrize("side", [1, 2])
def test_embla_hero_move_actions_go_4_areas_on_both_sides(side: int) -> None:
    state = set_card(solo("embla", H(9, 5)), 0, "embla-hero", side=side)
    assert H(9, 1) in moves(state)  # 4 areas north
    farther = sc.put_hero(state, "embla", H(9, 6))
    assert H(9, 1) not in moves(farther)  # 5 areas
    assert gh.is_legal(farther, gh.MoveTo(H(9, 1))) is not None


def test_embla_hero_side_i_3_dice_and_health_9() -> None:
    state = solo("embla", H(10, 6), ("troll", H(10, 5)))
    assert attack_dice(state, H(10, 5)) == 3 + 1  # and the Flimsy Blade
    state = sc.set_hero(state, "embla", damage=8)
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))
    assert r.of(gh.HeroKnockedOut) == [gh.HeroKnockedOut(0, 2)]


def test_embla_hero_side_ii_5_dice_and_health_10() -> None:
    state = set_card(solo("embla", H(10, 6), ("troll", H(10, 5))), 0, "embla-hero", side=2)
    assert attack_dice(state, H(10, 5)) == 5 + 1
    state = sc.set_hero(state, "embla", damage=8)
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))
    assert r.of(gh.HeroKnockedOut) == []
    assert sc.hero_info(r.state, "embla").damage == 9


# == Riposte =======================================================================================


def test_g46_embla_riposte_that_kills_the_attacker_leaves_the_rest_of_its_damage() -> None:
    state = sc.place_monster(solo("embla", H(10, 6)), "brute", H(10, 5), damage=1)
    state = set_card(state, 0, "embla-riposte", mana=1)  # 2 once her turn ends
    r = until(state, prevent_asked, gh.Roll(3, 0, 0, 0))
    assert legal(r.state) == [gh.Use("embla-riposte"), gh.DeclinePrevention()]
    done = until(r.state, hero_turn, gh.Use("embla-riposte"))
    assert done.of(gh.MonsterKilled) == [gh.MonsterKilled("brute", H(10, 5), 0, 2)]
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 2)]  # 3 hits, 2 prevented: 1 dealt
    assert sc.hero_info(done.state, "embla").damage == 1


def test_g46_riposte_killing_grendel_ii_in_its_first_attack_leaves_its_damage_not_a_second() -> (
    None
):
    state = sc.place_monster(solo("embla", H(10, 6)), "grendel", H(10, 5), side=2, damage=13)
    state = set_card(state, 0, "embla-riposte", mana=1)  # 2 once her turn ends
    first = until(state, rolling)
    r = until(state, prevent_asked, gh.Roll(3, 0, 0, dice(first.state) - 3))
    done = until(r.state, hero_turn, gh.Use("embla-riposte"))
    assert done.of(gh.MonsterKilled) == [gh.MonsterKilled("grendel", H(10, 5), 0, 7)]
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 2)]  # the first attack's rest
    assert sc.hero_info(done.state, "embla").damage == 1  # and no second attack


def test_embla_riposte_has_no_limit_each_hit_may_be_riposted() -> None:
    state = solo("embla", H(10, 6), ("troll", H(10, 5)), ("troll", H(11, 5)), players_decide=False)
    state = set_card(state, 0, "embla-riposte", mana=3)  # 4 once her turn ends
    r = until(state, prevent_asked, gh.Roll(3, 0, 0, 4))
    second = until(r.state, prevent_asked, gh.Use("embla-riposte"), gh.Roll(3, 0, 0, 4))
    assert legal(second.state) == [gh.Use("embla-riposte"), gh.DeclinePrevention()]
    done = until(second.state, hero_turn, gh.Use("embla-riposte"))
    assert [e.amount for e in [*second.of(gh.HeroDamaged), *done.of(gh.HeroDamaged)]] == [1, 1]
    assert damage_on(done.state, H(10, 5)) == 2 and damage_on(done.state, H(11, 5)) == 2
    assert card(done.state, 0, "embla-riposte").mana == 0


# == In Charge =====================================================================================


def test_embla_in_charge_not_after_a_movement_that_is_not_a_move_action() -> None:
    state = in_play(solo("embla", H(9, 7), ("imp", H(9, 5))), 0, "embla-in-charge")
    state = hand(state, 0, "embla-maneuver")
    state = gh.apply(gh.apply(state, gh.Use("embla-maneuver")), gh.MoveTo(H(9, 6)))
    assert sc.hero_info(state, "embla").at == H(9, 6)
    assert hero_turn(state)  # no window after it
    assert sc.monster_at(state, H(9, 5)) == sc.MonsterInfo("imp", 0, 0)


def test_embla_in_charge_kills_for_its_gold() -> None:
    state = in_play(solo("embla", gh.GRIMHEIM, ("goblin", H(9, 5))), 0, "embla-in-charge")
    r = run(state, gh.MoveTo(H(9, 6)), gh.Use("embla-in-charge"))
    assert sc.monster_at(r.state, H(9, 5)) is None
    assert sc.hero_info(r.state, "embla").gold == 1


# == Fleetfoot =====================================================================================


def test_embla_fleetfoot_i_move_up_to_1_area_once_a_turn() -> None:
    state = in_play(solo("embla", H(9, 5)), 0, "embla-fleetfoot")
    state = gh.apply(state, gh.Use("embla-fleetfoot"))
    assert moves(state) == {H(9, 4), H(10, 4), H(8, 5), H(10, 5), H(8, 6), H(9, 6)}
    assert gh.SkipMove() in legal(state)
    r = run(state, gh.MoveTo(H(9, 6)))
    assert sc.hero_info(r.state, "embla").at == H(9, 6)
    assert r.state.turn is not None and r.state.turn.actions == ()  # not a move action
    assert gh.Use("embla-fleetfoot") not in legal(r.state)
    assert "once a turn" in str(gh.is_legal(r.state, gh.Use("embla-fleetfoot")))


def test_embla_fleetfoot_i_plus_1_health() -> None:
    state = in_play(solo("embla", H(10, 6), ("troll", H(10, 5))), 0, "embla-fleetfoot")
    state = sc.set_hero(state, "embla", damage=8)
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))  # 9 of 10: she stands
    assert r.of(gh.HeroKnockedOut) == []
    assert sc.hero_info(r.state, "embla").damage == 9


def test_embla_fleetfoot_ii_plus_3_health() -> None:
    state = solo("embla", H(10, 6), ("troll", H(10, 5)))
    state = in_play(state, 0, "embla-fleetfoot", side=2)
    state = sc.set_hero(state, "embla", damage=10)
    r = monster_turn(state, gh.Roll(1, 0, 0, 5))  # 11 of 12
    assert r.of(gh.HeroKnockedOut) == []
    assert sc.hero_info(r.state, "embla").damage == 11


def test_embla_fleetfoot_ii_moves_into_mountains() -> None:
    state = solo("embla", H(12, 5))
    assert terrain(state, H(13, 4)) == "mountain"
    assert H(13, 4) not in moves(in_play(state, 0, "embla-fleetfoot"))
    climber = in_play(state, 0, "embla-fleetfoot", side=2)
    assert H(13, 4) in moves(climber)  # the move action
    r = run(climber, gh.Use("embla-fleetfoot"), gh.MoveTo(H(13, 4)))  # and its own movement
    assert sc.hero_info(r.state, "embla").at == H(13, 4)


def test_embla_fleetfoot_ii_moves_through_occupied_areas() -> None:
    ring = [H(9, 4), H(10, 4), H(8, 5), H(10, 5), H(8, 6), H(9, 6)]
    state = solo("embla", H(9, 5), *(("troll", at) for at in ring))
    assert moves(state) == set()  # walled in
    through = in_play(state, 0, "embla-fleetfoot", side=2)
    assert {H(9, 3), H(9, 7), H(9, 1)} <= moves(through)
    assert not set(ring) & moves(through)  # never ends in an occupied area


# == Reaper Swing ==================================================================================


def test_g47_embla_reaper_swing_diverts_any_part_of_the_damage_to_another_monster() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)), ("imp", H(10, 5)))
    state = in_play(state, 0, "embla-reaper-swing")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 1))
    assert legal(state) == [
        gh.Use("embla-reaper-swing", 0, 1),
        gh.Use("embla-reaper-swing", 0, 2),
        gh.Use("embla-reaper-swing", 0, 3),
        gh.ResolveAttack(),
    ]
    r = run(state, gh.Use("embla-reaper-swing", 0, 2))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("imp", H(10, 5), 0, 1)]
    assert damage_on(r.state, H(9, 5)) == 1


def test_g47_embla_reaper_swing_armor_stops_1_of_each_part() -> None:
    state = solo("embla", H(9, 6), ("draugr", H(9, 5)), ("draugr", H(10, 5)))
    state = in_play(state, 0, "embla-reaper-swing")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(4, 0, 0, 0), gh.Use("embla-reaper-swing", 0, 2))
    assert damage_on(r.state, H(9, 5)) == 1 and damage_on(r.state, H(10, 5)) == 1


def test_embla_reaper_swing_needs_another_monster_next_to_her() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)), ("imp", H(9, 4)))  # the imp: 2 away
    state = in_play(state, 0, "embla-reaper-swing")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 1))
    assert hero_turn(state)  # nothing to ask
    assert damage_on(state, H(9, 5)) == 3 and damage_on(state, H(9, 4)) == 0


def test_g19_embla_reaper_swing_not_after_a_cards_roll() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)), ("imp", H(10, 5)))
    state = in_play(in_play(state, 0, "embla-reaper-swing"), 0, "embla-throwing-knives")
    state = gh.apply(gh.apply(state, gh.Use("embla-throwing-knives")), gh.Target(H(9, 5)))
    state = gh.apply(state, gh.Roll(3, 0, 0, 0))
    assert not any(u.card == "embla-reaper-swing" for u in uses(state))
    assert damage_on(run(state).state, H(9, 5)) == 3


def test_embla_reaper_swing_ii_3_more_dice() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    assert attack_dice(in_play(state, 0, "embla-reaper-swing"), H(9, 5)) == 4
    assert attack_dice(in_play(state, 0, "embla-reaper-swing", side=2), H(9, 5)) == 7


# == Queen of the Hill =============================================================================


@pytest.mark.parametrize(("side", "amount"), [(1, 2), (2, 4)])
def test_embla_queen_of_the_hill_damages_then_switches_places_once_a_turn(
    side: int, amount: int
) -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    state = in_play(state, 0, "embla-queen-of-the-hill", side=side)
    r = run(state, gh.Use("embla-queen-of-the-hill"))
    assert sc.hero_info(r.state, "embla").at == H(9, 5)
    assert sc.monster_at(r.state, H(9, 6)) == sc.MonsterInfo("troll", amount, 0)
    assert gh.Use("embla-queen-of-the-hill") not in legal(r.state)  # next to it still


def test_g32_embla_queen_of_the_hill_no_switch_when_the_monster_dies() -> None:
    state = in_play(solo("embla", H(9, 6), ("imp", H(9, 5))), 0, "embla-queen-of-the-hill")
    r = run(state, gh.Use("embla-queen-of-the-hill"))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("imp", H(9, 5), 0, 1)]
    assert sc.hero_info(r.state, "embla").at == H(9, 6)


def test_g32_embla_queen_of_the_hill_no_switch_onto_a_mountain_she_may_not_stand_on() -> None:
    state = solo("embla", H(12, 5), ("troll", H(13, 4)))
    state = in_play(state, 0, "embla-queen-of-the-hill")
    r = run(state, gh.Use("embla-queen-of-the-hill"))
    assert sc.hero_info(r.state, "embla").at == H(12, 5)
    assert sc.monster_at(r.state, H(13, 4)) == sc.MonsterInfo("troll", 2, 0)
    climber = in_play(state, 0, "embla-fleetfoot", side=2)
    r2 = run(climber, gh.Use("embla-queen-of-the-hill"))
    assert sc.hero_info(r2.state, "embla").at == H(13, 4)
    assert sc.monster_at(r2.state, H(12, 5)) == sc.MonsterInfo("troll", 2, 0)


def test_g32_embla_queen_of_the_hill_switch_is_not_a_movement() -> None:
    state = solo("embla", H(9, 5), ("imp", H(10, 5)), ("troll", H(9, 6)))
    state = in_play(in_play(state, 0, "embla-queen-of-the-hill"), 0, "embla-in-charge")
    state = on_top(state, "embla-ravens-claw")
    assert terrain(state, H(9, 6)) == "forest"
    state = gh.apply(gh.apply(state, gh.Use("embla-queen-of-the-hill")), gh.Target(H(9, 6)))
    assert sc.hero_info(state, "embla").at == H(9, 6)
    assert sc.hero_info(state, "embla").quest == 0  # no forest entered
    assert hero_turn(state)  # In Charge is not asked, the imp next to her
    assert sc.monster_at(state, H(10, 5)) == sc.MonsterInfo("imp", 0, 0)


# == Swift Kick ====================================================================================


def test_embla_swift_kick_i_1_damage_then_1_area_where_she_picks() -> None:
    state = in_play(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-swift-kick")
    state = gh.apply(state, gh.Use("embla-swift-kick"))
    assert targets(state) == {H(9, 4), H(10, 4), H(8, 5), H(10, 5), H(8, 6)}
    r = run(state, gh.Target(H(10, 4)))
    assert sc.monster_at(r.state, H(9, 5)) is None
    assert sc.monster_at(r.state, H(10, 4)) == sc.MonsterInfo("troll", 1, 0)
    assert r.of(gh.MonsterMoved) == [gh.MonsterMoved("troll", H(9, 5), H(10, 4), "pushed")]


def test_g31_embla_swift_kick_ii_2_damage_2_areas_through_free_areas() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)), ("imp", H(9, 4)))
    state = in_play(state, 0, "embla-swift-kick", side=2)
    state = gh.apply(state, gh.Use("embla-swift-kick"))
    found = targets(state)
    assert {H(10, 4), H(10, 3), H(8, 5), H(8, 4), H(11, 4)} <= found
    assert H(9, 3) not in found  # only through the imp's area
    assert H(9, 4) not in found and H(9, 6) not in found
    geo = state.config.geo
    assert {geo.distance[geo.area(H(9, 5))][geo.area(at)] for at in found} == {1, 2}
    r = run(state, gh.Target(H(10, 3)))
    assert sc.monster_at(r.state, H(10, 3)) == sc.MonsterInfo("troll", 2, 0)


def test_embla_swift_kick_never_a_legend() -> None:
    state = in_play(solo("embla", H(9, 6)), 0, "embla-swift-kick")
    state = sc.place_monster(state, "grendel", H(9, 5), side=2)
    assert gh.Use("embla-swift-kick") not in legal(state)
    state = sc.place_monster(state, "troll", H(10, 5))
    r = run(state, gh.Use("embla-swift-kick"), gh.Target(H(11, 4)))  # the troll, the only one
    assert sc.monster_at(r.state, H(9, 5)) == sc.MonsterInfo("grendel", 0, 2)
    assert sc.monster_at(r.state, H(11, 4)) == sc.MonsterInfo("troll", 1, 0)


def test_embla_swift_kick_once_a_turn() -> None:
    state = in_play(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-swift-kick")
    r = run(state, gh.Use("embla-swift-kick"), gh.Target(H(10, 5)))  # still next to her
    assert sc.monster_at(r.state, H(10, 5)) is not None
    assert gh.Use("embla-swift-kick") not in legal(r.state)


def test_g31_swift_kick_i_the_move_is_not_optional() -> None:
    """Swift Kick I prints: 1 damage to a monster next to you that is no legend, and it moves 1
    area — Embla may not leave it where it is while an area is open (no StopTargets)."""
    state = in_play(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-swift-kick")
    state = gh.apply(state, gh.Use("embla-swift-kick"))
    assert targets(state) and gh.StopTargets() not in legal(state)


def corridor(*more: gh.Hex) -> gh.State:
    """Embla at (9,6) with Swift Kick II, a troll at (9,5) whose only open neighbour is (9,4)
    (imps in the others), and imps in ``more``."""
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    for at in (H(10, 5), H(8, 5), H(10, 4), H(8, 6), *more):
        state = sc.place_monster(state, "imp", at)
    state = in_play(state, 0, "embla-swift-kick", side=2)
    return gh.apply(state, gh.Use("embla-swift-kick"))


def test_g31_swift_kick_ii_the_monster_moves_2_areas_when_it_can() -> None:
    """Swift Kick II prints "move it 2 areas": through the one open area (9,4) it must go on to
    a second area; it does not stop at (9,4), and Embla may not leave it in place."""
    state = gh.apply(corridor(), gh.Target(H(9, 5)))
    assert set(legal(state)) == {gh.Target(H(8, 4)), gh.Target(H(9, 3)), gh.Target(H(10, 3))}
    r = run(state, gh.Target(H(9, 3)))
    assert sc.monster_at(r.state, H(9, 3)) == sc.MonsterInfo("troll", 2, 0)


def test_g31_swift_kick_ii_a_monster_stopped_after_1_area_stays_there() -> None:
    """Swift Kick II: a monster moves its 2 areas one at a time; when no area is open after the
    first, it stays there (the engine moves it unasked: one place to end)."""
    state = gh.apply(corridor(H(8, 4), H(9, 3), H(10, 3)), gh.Target(H(9, 5)))
    assert hero_turn(state)
    assert sc.monster_at(state, H(9, 4)) == sc.MonsterInfo("troll", 2, 0)


# == Flimsy Blade ==================================================================================


def test_embla_flimsy_blade_is_no_main_weapon_it_stays_beside_one() -> None:
    state = in_play(solo("embla", H(9, 5)), 0, "embla-wildfire-blade")
    state = on_top(state, "embla-ravens-claw", progress=9)
    r = run(state, gh.MoveTo(H(9, 6)))  # the 10th forest
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-ravens-claw")]
    ids = [c.id for c in r.state.heroes[0].cards]
    assert ids == ["embla-hero", "embla-riposte", "embla-flimsy-blade", "embla-ravens-claw"]
    assert r.state.heroes[0].retired == ("embla-wildfire-blade",)  # the old main weapon
    near = sc.place_monster(r.state, "troll", H(9, 5))
    assert attack_dice(near, H(9, 5)) == 3 + 1 + 1


# == Blade Decorations =============================================================================


def test_embla_blade_decorations_one_more_die() -> None:
    state = in_play(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-blade-decorations")
    assert attack_dice(state, H(9, 5)) == 5


def test_embla_blade_decorations_quest_pay_2_gold_in_grimheim_only() -> None:
    state = sc.set_hero(on_top(solo("embla"), "embla-blade-decorations"), "embla", gold=3)
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-blade-decorations")]
    assert sc.hero_info(r.state, "embla").gold == 1
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "embla", H(9, 7)))


# == Custom Armor ==================================================================================


def test_embla_custom_armor_prevents_2_for_a_marker_until_full() -> None:
    state = in_play(solo("embla", H(10, 6), ("troll", H(10, 5))), 0, "embla-custom-armor")
    state = set_card(state, 0, "embla-custom-armor", damage=2)
    r = until(state, prevent_asked, gh.Roll(4, 0, 0, 2))
    assert legal(r.state) == [gh.Use("embla-custom-armor"), gh.DeclinePrevention()]
    done = until(r.state, hero_turn, gh.Use("embla-custom-armor"))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 2)]
    assert card(done.state, 0, "embla-custom-armor").damage == 3
    full = monster_turn(done.state, gh.Roll(4, 0, 0, 2))  # full: nothing prevented
    assert full.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 4, 0)]


def test_embla_custom_armor_quest_pay_4_gold_anywhere() -> None:
    state = on_top(solo("embla", H(2, 12)), "embla-custom-armor")
    assert gh.CompleteQuest() not in legal(sc.set_hero(state, "embla", gold=3))
    r = run(sc.set_hero(state, "embla", gold=4), gh.CompleteQuest())
    assert card(r.state, 0, "embla-custom-armor") == gh.CardState("embla-custom-armor")
    assert sc.hero_info(r.state, "embla").gold == 0


# == Healing Potion ================================================================================


def test_embla_healing_potion_as_often_as_she_likes_a_marker_each() -> None:
    state = sc.set_hero(solo("embla", H(9, 6)), "embla", damage=5)
    state = in_play(state, 0, "embla-healing-potion", damage=1)
    for _ in range(3):
        state = run(state, gh.Use("embla-healing-potion")).state
    assert sc.hero_info(state, "embla").damage == 2
    assert card(state, 0, "embla-healing-potion").damage == 4
    assert gh.Use("embla-healing-potion") not in legal(state)  # full


def test_embla_healing_potion_heals_a_hero_next_to_her() -> None:
    state = cleared(("embla", "bjorn"))
    state = sc.put_hero(sc.put_hero(state, "embla", H(9, 6)), "bjorn", H(9, 5))
    state = sc.set_hero(sc.set_hero(state, "embla", damage=2), "bjorn", damage=3)
    state = in_play(state, 0, "embla-healing-potion")
    state = gh.apply(state, gh.Use("embla-healing-potion"))
    assert legal(state) == [gh.TargetHero(0), gh.TargetHero(1)]
    r = run(state, gh.TargetHero(1))
    assert sc.hero_info(r.state, "bjorn").damage == 2
    assert sc.hero_info(r.state, "embla").damage == 2


def test_embla_healing_potion_not_for_a_hero_further_away() -> None:
    state = cleared(("embla", "bjorn"))
    state = sc.put_hero(sc.put_hero(state, "embla", H(9, 6)), "bjorn", H(9, 4))
    state = in_play(sc.set_hero(state, "bjorn", damage=3), 0, "embla-healing-potion")
    assert gh.Use("embla-healing-potion") not in legal(state)


def test_embla_healing_potion_quest_use_up_a_mend_action_at_the_witch_cabin() -> None:
    state = on_top(solo("embla", H(11, 11)), "embla-healing-potion")
    assert state.config.geo.location[state.config.geo.area(H(11, 11))] == "witch_cabin"
    r = run(state, gh.CompleteQuest())
    assert card(r.state, 0, "embla-healing-potion") == gh.CardState("embla-healing-potion")
    assert r.state.turn is not None and r.state.turn.actions == ("mend",)
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "embla", H(10, 11)))  # next to it


# == Heels =========================================================================================


def test_embla_heels_1_damage_to_a_monster_next_to_her_once_a_turn() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)), ("imp", H(9, 4)))
    state = in_play(state, 0, "embla-heels")
    r = run(state, gh.Use("embla-heels"))
    assert damage_on(r.state, H(9, 5)) == 1 and damage_on(r.state, H(9, 4)) == 0
    assert gh.Use("embla-heels") not in legal(r.state)
    far = in_play(solo("embla", H(9, 6), ("troll", H(9, 4))), 0, "embla-heels")
    assert gh.Use("embla-heels") not in legal(far)


def test_embla_heels_quest_mend_action_and_2_cards_at_the_witch_cabin() -> None:
    state = on_top(solo("embla", H(11, 11)), "embla-heels")
    state = hand(state, 0, "embla-kick", "embla-rest", "embla-maneuver")
    state = gh.apply(state, gh.CompleteQuest())
    assert legal(state) == [
        gh.TargetCard("embla-kick"),
        gh.TargetCard("embla-maneuver"),
        gh.TargetCard("embla-rest"),
    ]
    r = run(state, gh.TargetCard("embla-kick"), gh.TargetCard("embla-rest"))
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-heels")]
    assert r.state.heroes[0].hand == ("embla-maneuver",)
    assert r.state.heroes[0].discard == ("embla-kick", "embla-rest")
    assert r.state.turn is not None and r.state.turn.actions == ("mend",)


def test_embla_heels_quest_not_with_1_card_or_away_from_the_witch_cabin() -> None:
    state = on_top(solo("embla", H(11, 11)), "embla-heels")
    assert gh.CompleteQuest() not in legal(hand(state, 0, "embla-kick"))
    away = sc.put_hero(hand(state, 0, "embla-kick", "embla-rest"), "embla", H(12, 11))
    assert gh.CompleteQuest() not in legal(away)


# == Helmet ========================================================================================


def test_embla_helmet_prevents_1_for_a_marker() -> None:
    state = in_play(solo("embla", H(10, 6), ("troll", H(10, 5))), 0, "embla-helmet")
    r = until(state, prevent_asked, gh.Roll(4, 0, 0, 2))
    done = until(r.state, hero_turn, gh.Use("embla-helmet"))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 3, 1)]
    assert card(done.state, 0, "embla-helmet").damage == 1


def test_embla_helmet_and_custom_armor_both_on_one_hit() -> None:
    state = solo("embla", H(10, 6), ("troll", H(10, 5)))
    state = in_play(in_play(state, 0, "embla-helmet"), 0, "embla-custom-armor")
    r = until(state, prevent_asked, gh.Roll(4, 0, 0, 2), gh.Use("embla-helmet"))
    assert legal(r.state) == [gh.Use("embla-custom-armor"), gh.DeclinePrevention()]
    done = until(r.state, hero_turn, gh.Use("embla-custom-armor"))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 3)]


@pytest.mark.parametrize("kind", ["brute", "skeleton"])
def test_g38_embla_helmet_quest_offered_at_the_kill_instead_of_its_gold(kind: str) -> None:
    state = on_top(solo("embla", H(9, 6), (kind, H(9, 5))), "embla-helmet")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 1))
    assert decision_kind(state) == "quest"
    assert legal(state) == [gh.CompleteQuest(), gh.DeclineQuest()]
    taken = run(state, gh.CompleteQuest())
    assert taken.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-helmet")]
    assert sc.hero_info(taken.state, "embla").gold == 0
    left = run(state, gh.DeclineQuest())
    assert sc.hero_info(left.state, "embla").gold == 2
    assert left.state.heroes[0].equipment[0] == "embla-helmet"


def test_g38_embla_helmet_quest_also_at_a_cards_kill() -> None:
    state = solo("embla", gh.GRIMHEIM, ("brute", H(9, 5)))
    state = on_top(in_play(state, 0, "embla-in-charge", side=2), "embla-helmet")
    state = gh.apply(gh.apply(state, gh.MoveTo(H(9, 6))), gh.Use("embla-in-charge"))
    assert decision_kind(state) == "quest"
    r = run(state, gh.CompleteQuest())
    assert "embla-helmet" in sc.hero_info(r.state, "embla").in_play


def test_embla_helmet_quest_not_at_the_kill_of_another_kind() -> None:
    state = on_top(solo("embla", H(9, 6), ("imp", H(9, 5))), "embla-helmet")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 1))
    assert hero_turn(state)
    assert sc.hero_info(state, "embla").gold == 1
    assert state.heroes[0].equipment[0] == "embla-helmet"


# == Leg Guards ====================================================================================


def test_embla_leg_guards_one_more_die() -> None:
    state = in_play(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-leg-guards")
    assert attack_dice(state, H(9, 5)) == 5


def test_embla_leg_guards_quest_only_while_the_focus_action_is_free() -> None:
    state = on_top(solo("embla", H(9, 6), ("troll", H(9, 5))), "embla-leg-guards")
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-leg-guards")]
    assert r.state.turn is not None and r.state.turn.actions == ("focus",)
    focused = run(state, gh.Focus("embla-riposte")).state
    assert gh.CompleteQuest() not in legal(focused)
    busy = run(state, gh.Practice(), gh.Attack(H(9, 5)), gh.Roll(0, 0, 0, 4)).state
    assert gh.CompleteQuest() not in legal(busy)  # both actions of the turn taken


# == Raven's Claw ==================================================================================


def test_embla_ravens_claw_2_more_damage_to_each_attack_action() -> None:
    state = in_play(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-ravens-claw")
    assert attack_dice(state, H(9, 5)) == 5
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 4))  # applies by itself
    assert damage_on(r.state, H(9, 5)) == 3


def test_g19_embla_ravens_claw_not_on_the_throwing_knives_roll() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    state = in_play(in_play(state, 0, "embla-ravens-claw"), 0, "embla-throwing-knives")
    r = run(state, gh.Use("embla-throwing-knives"), gh.Roll(1, 0, 0, 2))
    assert damage_on(r.state, H(9, 5)) == 1


def test_g30_embla_ravens_claw_quest_counts_the_walk_with_the_most_forests() -> None:
    state = on_top(solo("embla", H(9, 4)), "embla-ravens-claw")
    assert terrain(state, H(8, 4)) == "forest"
    r = run(state, gh.MoveTo(H(8, 4)))  # next door, but 4 areas: (9,3) (8,3) (7,4) (8,4)
    assert sc.hero_info(r.state, "embla").quest == 4
    plains = run(state, gh.MoveTo(H(7, 5)))
    assert terrain(state, H(7, 5)) == "plains"
    assert sc.hero_info(plains.state, "embla").quest == 3  # 3 forests on the way, then out


def test_embla_ravens_claw_quest_counts_a_cards_movement_and_not_plains() -> None:
    state = hand(on_top(solo("embla", H(9, 5)), "embla-ravens-claw"), 0, "embla-maneuver")
    r = run(state, gh.Use("embla-maneuver"), gh.MoveTo(H(9, 6)))
    assert sc.hero_info(r.state, "embla").quest == 1
    plains = run(state, gh.Use("embla-maneuver"), gh.MoveTo(H(8, 5)))
    assert sc.hero_info(plains.state, "embla").quest == 0


def test_embla_ravens_claw_quest_complete_at_the_10th_forest() -> None:
    state = on_top(solo("embla", H(9, 5)), "embla-ravens-claw", progress=9)
    state = hand(state, 0, "embla-maneuver")
    r = run(state, gh.Use("embla-maneuver"), gh.MoveTo(H(9, 6)))
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-ravens-claw")]
    assert card(r.state, 0, "embla-ravens-claw") == gh.CardState("embla-ravens-claw")
    assert sc.hero_info(r.state, "embla").quest == 0


def test_g37_embla_ravens_claw_counts_only_while_face_up() -> None:
    state = solo("embla", H(9, 4))
    assert state.heroes[0].equipment[0] != "embla-ravens-claw"
    r = run(state, gh.MoveTo(H(8, 4)))
    assert sc.hero_info(r.state, "embla").quest == 0


def test_g37_embla_ravens_claw_progress_is_lost_under_the_deck() -> None:
    state = on_top(solo("embla", H(9, 4)), "embla-ravens-claw", progress=5)
    state = until(gh.apply(state, gh.EndTurn()), lambda s: gh.SkipSwap() in legal(s)).state
    assert sc.hero_info(state, "embla").quest == 5
    r = run(state, gh.SwapTop("equipment"))
    assert r.state.heroes[0].equipment[-1] == "embla-ravens-claw"
    assert sc.hero_info(r.state, "embla").quest == 0


# == Tailored Boots ================================================================================


def test_embla_tailored_boots_move_1_for_a_marker_once_a_turn() -> None:
    state = in_play(solo("embla", H(9, 5)), 0, "embla-tailored-boots")
    r = run(state, gh.Use("embla-tailored-boots"), gh.MoveTo(H(10, 4)))
    assert sc.hero_info(r.state, "embla").at == H(10, 4)
    assert card(r.state, 0, "embla-tailored-boots").damage == 1
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert gh.Use("embla-tailored-boots") not in legal(r.state)
    worn = set_card(state, 0, "embla-tailored-boots", damage=2)
    assert gh.Use("embla-tailored-boots") not in legal(worn)


def test_embla_tailored_boots_quest_pay_2_gold_in_grimheim_only() -> None:
    state = sc.set_hero(on_top(solo("embla"), "embla-tailored-boots"), "embla", gold=2)
    r = run(state, gh.CompleteQuest())
    assert card(r.state, 0, "embla-tailored-boots") == gh.CardState("embla-tailored-boots")
    assert sc.hero_info(r.state, "embla").gold == 0
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "embla", H(8, 8)))
    assert gh.CompleteQuest() not in legal(sc.set_hero(state, "embla", gold=1))


# == Throwing Knives ===============================================================================


def test_embla_throwing_knives_3_dice_at_a_monster_next_to_her_once_a_turn() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)), ("imp", H(9, 4)))
    state = in_play(state, 0, "embla-throwing-knives")
    state = gh.apply(state, gh.Use("embla-throwing-knives"))
    assert gh.current_player(state) == CHANCE
    first = legal(state)[0]
    assert isinstance(first, gh.Roll) and first.hits == 3
    r = run(state, gh.Roll(2, 0, 0, 1))
    assert damage_on(r.state, H(9, 5)) == 2
    assert card(r.state, 0, "embla-throwing-knives").damage == 1
    assert r.state.turn is not None and r.state.turn.actions == ()  # not an attack action
    assert gh.Use("embla-throwing-knives") not in legal(r.state)
    assert gh.Attack(H(9, 5)) in legal(r.state)


def test_embla_throwing_knives_not_without_a_monster_next_to_her() -> None:
    state = in_play(solo("embla", H(9, 6), ("troll", H(9, 4))), 0, "embla-throwing-knives")
    assert gh.Use("embla-throwing-knives") not in legal(state)


def test_embla_throwing_knives_quest_practice_action_in_a_forest() -> None:
    state = on_top(solo("embla", H(9, 6)), "embla-throwing-knives")
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-throwing-knives")]
    assert r.state.turn is not None and r.state.turn.actions == ("practice",)
    assert sc.hero_info(r.state, "embla").gold == 0
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "embla", H(9, 5)))
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "embla", gh.GRIMHEIM))


# == Warrior Shield ================================================================================


def test_embla_warrior_shield_prevents_1_and_draws_a_card() -> None:
    state = in_play(solo("embla", H(10, 6), ("troll", H(10, 5))), 0, "embla-warrior-shield")
    r = until(state, prevent_asked, gh.Roll(3, 0, 0, 3))
    held = len(r.state.heroes[0].hand)
    assert legal(r.state) == [gh.Use("embla-warrior-shield"), gh.DeclinePrevention()]
    drawing = gh.apply(r.state, gh.Use("embla-warrior-shield"))
    assert gh.current_player(drawing) == CHANCE
    done = until(drawing, hero_turn, gh.Drawn("embla-kick"))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 1)]
    assert "embla-kick" in done.state.heroes[0].hand
    assert len(done.state.heroes[0].hand) == held + 1
    assert card(done.state, 0, "embla-warrior-shield").damage == 1


def test_embla_warrior_shield_quest_use_up_the_attack_action() -> None:
    state = on_top(solo("embla", H(9, 6), ("troll", H(9, 5))), "embla-warrior-shield")
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-warrior-shield")]
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)
    assert gh.Attack(H(9, 5)) not in legal(r.state)
    attacked = run(state, gh.Attack(H(9, 5)), gh.Roll(0, 0, 0, 4)).state
    assert gh.CompleteQuest() not in legal(attacked)


# == Wildfire Blade ================================================================================


def test_embla_wildfire_blade_2_more_dice_and_1_damage_after_the_attack_action() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)), ("imp", H(10, 5)))
    state = in_play(state, 0, "embla-wildfire-blade")
    assert attack_dice(state, H(9, 5)) == 3 + 1 + 2
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(2, 0, 0, 4))
    assert decision_kind(state) == "choose"  # it applies by itself; she picks the monster
    assert targets(state) == {H(9, 5), H(10, 5)}
    r = run(state, gh.Target(H(10, 5)))
    assert damage_on(r.state, H(9, 5)) == 2 and damage_on(r.state, H(10, 5)) == 1


def test_embla_wildfire_blade_not_after_the_throwing_knives_roll() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    state = in_play(in_play(state, 0, "embla-wildfire-blade"), 0, "embla-throwing-knives")
    r = run(state, gh.Use("embla-throwing-knives"), gh.Roll(2, 0, 0, 1))
    assert damage_on(r.state, H(9, 5)) == 2


def test_embla_wildfire_blade_quest_mend_action_on_the_spewing_mountain() -> None:
    state = on_top(solo("embla", H(2, 14)), "embla-wildfire-blade")
    assert state.config.geo.location[state.config.geo.area(H(2, 14))] == "spewing_mountain"
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "embla-wildfire-blade")]
    assert r.state.turn is not None and r.state.turn.actions == ("mend",)
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "embla", H(3, 14)))


def test_embla_wildfire_blade_replaces_the_ravens_claw() -> None:
    state = on_top(solo("embla", H(2, 14)), "embla-wildfire-blade")
    state = in_play(state, 0, "embla-ravens-claw")
    r = run(state, gh.CompleteQuest())
    assert "embla-ravens-claw" not in sc.hero_info(r.state, "embla").in_play
    assert r.state.heroes[0].retired == ("embla-ravens-claw",)


# == Courage =======================================================================================


def test_g29_embla_courage_two_copies_on_one_troll() -> None:
    state = hand(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-courage", "embla-courage")
    r = run(state, gh.Use("embla-courage"), gh.Use("embla-courage"))
    assert damage_on(r.state, H(9, 5)) == 4
    assert r.state.heroes[0].discard == ("embla-courage", "embla-courage")


def test_embla_courage_not_on_a_rank_3_monster_further_away() -> None:
    state = hand(solo("embla", H(9, 6), ("troll", H(9, 4))), 0, "embla-courage")
    assert gh.Use("embla-courage") not in legal(state)


# == Durability ====================================================================================


def test_embla_durability_makes_a_full_custom_armor_usable_again() -> None:
    state = solo("embla", H(10, 6), ("troll", H(10, 5)))
    state = in_play(state, 0, "embla-custom-armor", damage=3)
    state = in_play(state, 0, "embla-helmet", damage=2)
    state = hand(state, 0, "embla-durability")
    r = run(state, gh.Use("embla-durability"), gh.TargetCard("embla-custom-armor"))
    assert card(r.state, 0, "embla-custom-armor").damage == 0
    assert card(r.state, 0, "embla-helmet").damage == 2
    asked = until(r.state, prevent_asked, gh.Roll(4, 0, 0, 2))
    assert gh.Use("embla-custom-armor") in legal(asked.state)


# == Kick ==========================================================================================


def test_embla_kick_1_damage_then_1_area_a_legend_too() -> None:
    state = hand(solo("embla", H(9, 6)), 0, "embla-kick")
    state = sc.place_monster(state, "grendel", H(9, 5), side=2)
    state = gh.apply(state, gh.Use("embla-kick"))
    assert targets(state) == {H(9, 4), H(10, 4), H(8, 5), H(10, 5), H(8, 6)}
    r = run(state, gh.Target(H(9, 4)))
    assert sc.monster_at(r.state, H(9, 4)) == sc.MonsterInfo("grendel", 1, 2)
    assert r.state.heroes[0].discard == ("embla-kick",)


def test_g31_embla_kick_never_into_grimheim() -> None:
    state = hand(solo("embla", H(8, 7), ("troll", H(9, 7))), 0, "embla-kick")
    state = gh.apply(state, gh.Use("embla-kick"))
    assert targets(state) == {H(9, 6), H(10, 6), H(10, 7), H(8, 8)}


def test_g31_embla_kick_a_killed_monster_is_not_moved() -> None:
    state = hand(solo("embla", H(9, 6)), 0, "embla-kick")
    state = sc.place_monster(state, "imp", H(9, 5), damage=1)
    r = gh.step(state, gh.Use("embla-kick"))
    assert events_of(r.events, gh.MonsterKilled) == [gh.MonsterKilled("imp", H(9, 5), 0, 1)]
    assert hero_turn(r.state)  # nowhere to pick
    assert events_of(r.events, gh.MonsterMoved) == []


def test_g31_embla_kick_moves_a_pinned_monster() -> None:
    state = hand(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-kick")
    state = with_monster(state, H(9, 5), pinned=True)
    r = run(state, gh.Use("embla-kick"), gh.Target(H(10, 4)))
    assert sc.monster_at(r.state, H(10, 4)) == sc.MonsterInfo("troll", 1, 0, pinned=True)


def test_g29_embla_kick_three_copies_in_one_turn() -> None:
    state = hand(
        solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-kick", "embla-kick", "embla-kick"
    )
    r = run(
        state,
        gh.Use("embla-kick"),
        gh.Target(H(10, 5)),
        gh.Use("embla-kick"),
        gh.Target(H(9, 5)),
        gh.Use("embla-kick"),
        gh.Target(H(10, 5)),
    )
    assert sc.monster_at(r.state, H(10, 5)) == sc.MonsterInfo("troll", 3, 0)
    assert r.state.heroes[0].hand == ()


def test_g31_embla_kick_the_move_is_not_optional() -> None:
    """Kick prints: 1 damage to a monster next to you, and it moves 1 area: no StopTargets."""
    state = hand(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-kick")
    state = gh.apply(state, gh.Use("embla-kick"))
    assert targets(state) and gh.StopTargets() not in legal(state)


# == Magic Runes ===================================================================================


def test_embla_magic_runes_3_more_damage_after_a_roll_with_a_rune() -> None:
    state = hand(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-magic-runes")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 1, 2))
    assert legal(state) == [gh.Use("embla-magic-runes"), gh.ResolveAttack()]
    r = run(state, gh.Use("embla-magic-runes"))
    assert damage_on(r.state, H(9, 5)) == 4


def test_embla_magic_runes_needs_a_rune() -> None:
    state = hand(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-magic-runes")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(2, 0, 0, 2))
    assert gh.Use("embla-magic-runes") not in legal(state)
    assert gh.Use("embla-magic-runes") not in legal(run(state).state)  # nor between actions


def test_g19_embla_magic_runes_on_the_throwing_knives_roll() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    state = hand(in_play(state, 0, "embla-throwing-knives"), 0, "embla-magic-runes")
    state = gh.apply(gh.apply(state, gh.Use("embla-throwing-knives")), gh.Roll(1, 0, 1, 1))
    assert legal(state) == [gh.Use("embla-magic-runes"), gh.ResolveAttack()]
    assert damage_on(run(state, gh.Use("embla-magic-runes")).state, H(9, 5)) == 4


# == Maneuver ======================================================================================


def test_embla_maneuver_from_grimheim_to_an_area_next_to_it() -> None:
    state = hand(solo("embla"), 0, "embla-maneuver")
    state = gh.apply(state, gh.Use("embla-maneuver"))
    geo = state.config.geo
    assert moves(state) == {geo.hexes[a] for a in geo.ring if geo.terrain[a] != "mountain"}
    r = run(state, gh.MoveTo(H(9, 7)))
    assert sc.hero_info(r.state, "embla").at == H(9, 7)
    assert gh.MoveTo(H(9, 3)) in legal(r.state)  # the move action is still hers, 4 areas


# == Preparations ==================================================================================


def test_embla_preparations_uses_up_the_prepare_action_draws_to_4() -> None:
    state = hand(solo("embla"), 0, "embla-preparations", "embla-rest")
    r = run(state, gh.Use("embla-preparations"))
    assert len(r.state.heroes[0].hand) == 4
    assert "embla-rest" in r.state.heroes[0].hand
    assert "embla-preparations" in r.state.heroes[0].discard
    assert r.state.turn is not None and r.state.turn.actions == ("prepare",)
    assert gh.Prepare() not in legal(r.state)


def test_embla_preparations_not_once_the_prepare_action_is_taken() -> None:
    state = run(hand(solo("embla"), 0, "embla-preparations"), gh.Prepare()).state
    assert gh.Use("embla-preparations") not in legal(state)


# == Rest ==========================================================================================


def test_g29_embla_rest_two_copies_heal_4() -> None:
    state = hand(sc.set_hero(solo("embla"), "embla", damage=5), 0, "embla-rest", "embla-rest")
    r = run(state, gh.Use("embla-rest"), gh.Use("embla-rest"))
    assert sc.hero_info(r.state, "embla").damage == 1


def test_embla_rest_not_during_an_attack() -> None:
    state = hand(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-rest", "embla-magic-runes")
    state = sc.set_hero(state, "embla", damage=3)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 1, 2))
    assert legal(state) == [gh.Use("embla-magic-runes"), gh.ResolveAttack()]


# == Retaliation ===================================================================================


def test_embla_retaliation_after_a_monster_next_to_her_attacked_her() -> None:
    state = hand(solo("embla", H(10, 6), ("troll", H(10, 5))), 0, "embla-retaliation")
    r = until(state, window, gh.Roll(0, 0, 0, 6))  # every die missed: it attacked all the same
    assert decision_kind(r.state) == "attacked"
    assert legal(r.state) == [gh.Use("embla-retaliation"), gh.PassWindow()]
    done = until(r.state, hero_turn, gh.Use("embla-retaliation"))
    assert done.of(gh.MonsterDamaged) == [gh.MonsterDamaged("troll", H(10, 5), 2)]
    assert "embla-retaliation" in done.state.heroes[0].discard


def test_embla_retaliation_not_after_an_attack_from_further_away() -> None:
    state = hand(solo("embla", H(9, 6), ("sprite", H(9, 3))), 0, "embla-retaliation")
    r = until(state, lambda s: window(s) or (hero_turn(s) and sc.time_spot(s) == 2))
    assert r.of(gh.MonsterMoved) == [gh.MonsterMoved("sprite", H(9, 3), H(9, 4), "move")]
    assert len(r.of(gh.DiceRolled)) == 1  # the sprite attacked from 2 areas away
    assert hero_turn(r.state)  # and she was not asked
    assert "embla-retaliation" in r.state.heroes[0].hand


def test_embla_retaliation_not_on_her_own_turn() -> None:
    state = hand(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-retaliation")
    assert gh.Use("embla-retaliation") not in legal(state)


# == Sophisticated =================================================================================


def test_embla_sophisticated_in_grimheim_an_extra_practice_or_focus() -> None:
    state = hand(solo("embla"), 0, "embla-sophisticated", "embla-sophisticated")
    assert {gh.Use("embla-sophisticated", i) for i in (1, 2, 3)} <= set(uses(state))
    state = run(state, gh.Practice()).state
    r = run(state, gh.Use("embla-sophisticated", 3))  # an extra practice
    assert sc.hero_info(r.state, "embla").gold == 2
    r = run(r.state, gh.Use("embla-sophisticated", 1))  # an extra focus
    assert card(r.state, 0, "embla-riposte").mana == 1
    assert r.state.turn is not None and r.state.turn.actions == ("practice",)


def test_embla_sophisticated_extra_mend_and_prepare() -> None:
    state = hand(sc.set_hero(solo("embla"), "embla", damage=6), 0, "embla-sophisticated")
    r = run(state, gh.Use("embla-sophisticated", 0))
    assert sc.hero_info(r.state, "embla").damage == 1  # a mend in Grimheim: 5
    state = hand(solo("embla"), 0, "embla-sophisticated")
    r = run(state, gh.Use("embla-sophisticated", 2), gh.Drawn("embla-kick"))
    assert r.state.heroes[0].hand == ("embla-kick",)
    assert r.state.turn is not None and r.state.turn.actions == ()


def test_embla_sophisticated_only_in_grimheim() -> None:
    state = hand(solo("embla", H(9, 7)), 0, "embla-sophisticated")
    assert uses(state) == []
    assert "Grimheim" in str(gh.is_legal(state, gh.Use("embla-sophisticated", 3)))


# == Speedy Attack =================================================================================


def test_embla_speedy_attack_discard_another_card_for_an_extra_attack_action() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    state = hand(state, 0, "embla-speedy-attack", "embla-rest")
    state = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 3)).state  # her own attack action
    state = gh.apply(state, gh.Use("embla-speedy-attack"))
    assert legal(state) == [gh.TargetCard("embla-rest")]  # the card to discard
    state = gh.apply(state, gh.TargetCard("embla-rest"))
    assert gh.current_player(state) == CHANCE
    r = run(state, gh.Roll(2, 0, 0, 2))
    assert damage_on(r.state, H(9, 5)) == 3
    assert r.state.heroes[0].discard == ("embla-rest", "embla-speedy-attack")
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)


def test_embla_speedy_attack_is_an_attack_action_for_the_ravens_claw() -> None:
    state = in_play(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-ravens-claw")
    state = hand(state, 0, "embla-speedy-attack", "embla-rest")
    r = run(state, gh.Use("embla-speedy-attack"), gh.TargetCard("embla-rest"), gh.Roll(1, 0, 0, 4))
    assert damage_on(r.state, H(9, 5)) == 3


def test_embla_speedy_attack_needs_another_card_and_a_monster_in_range() -> None:
    alone = hand(solo("embla", H(9, 6), ("troll", H(9, 5))), 0, "embla-speedy-attack")
    assert gh.Use("embla-speedy-attack") not in legal(alone)
    empty = hand(solo("embla", H(9, 6)), 0, "embla-speedy-attack", "embla-rest")
    assert gh.Use("embla-speedy-attack") not in legal(empty)


# == Vigilance =====================================================================================


def test_embla_vigilance_kills_before_the_monsters_attack() -> None:
    state = hand(solo("embla", H(9, 6)), 0, "embla-vigilance")
    state = sc.place_monster(state, "imp", H(9, 4), damage=1)
    r = until(state, window)
    assert decision_kind(r.state) == "after-monster-move"
    assert sc.monster_at(r.state, H(9, 5)) == sc.MonsterInfo("imp", 1, 0)
    done = until(r.state, hero_turn, gh.Use("embla-vigilance"))
    assert done.of(gh.MonsterKilled) == [gh.MonsterKilled("imp", H(9, 5), 0, 1)]
    assert done.of(gh.HeroDamaged) == [] and done.of(gh.DiceRolled) == []
