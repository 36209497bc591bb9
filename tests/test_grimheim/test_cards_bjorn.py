"""Bjorn's whole deck, card by card: the hero card, his six abilities (both sides), his ten
equipment cards (each use and each quest) and his ten events, each doing what its text says,
with its limits and conditions (rulings G19, G29, G34–G38, G41)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tests.test_grimheim.helpers import (
    attack_dice,
    card,
    cleared,
    damage_on,
    decision_kind,
    end_turn,
    hand,
    hero_turn,
    in_play,
    legal,
    monster_turn,
    on_top,
    run,
    set_card,
    solo,
    until,
    uses,
    wield,
    window,
    with_cards,
    with_monster,
)

import grimheim as gh
from grimheim import scenario as sc

H = gh.Hex

BOW = "bjorn-bjorns-first-bow"


# -- helpers ---------------------------------------------------------------------------------------


def focused(state: gh.State) -> gh.State:
    """Bjorn takes his focus action first: his hero card (which spends it) is out of the way."""
    return run(state, gh.Focus("bjorn-sure-shot")).state


def asked(kind: str) -> Callable[[gh.State], bool]:
    """A check that the decision asked now is of ``kind``."""

    def check(state: gh.State) -> bool:
        found = gh.decision(state)
        return found is not None and found.kind == kind

    return check


def pair(other: str, at: gh.Hex) -> gh.State:
    """Bjorn (seat 0) at (9, 6) and ``other`` (seat 1) at ``at``."""
    state = sc.put_hero(cleared(("bjorn", other)), "bjorn", H(9, 6))
    return sc.put_hero(state, other, at)


def hit_decision(state: gh.State, roll: gh.Roll) -> gh.State:
    """Run to the moment Bjorn is asked to prevent the damage of a monster's ``roll``."""
    return until(state, asked("prevent"), roll).state


# == the hero card =================================================================================


@pytest.mark.parametrize(("side", "knocked_out"), [(1, True), (2, False)])
def test_bjorn_hero_card_health_9_on_side_i_10_on_side_ii(side: int, knocked_out: bool) -> None:
    state = solo("bjorn", H(10, 6), ("troll", H(10, 5)))
    state = sc.set_hero(set_card(state, 0, "bjorn-hero", side=side), "bjorn", damage=7)
    r = monster_turn(state, gh.Roll(2, 0, 0, 4))  # 9 damage in all
    assert bool(r.of(gh.HeroKnockedOut)) == knocked_out
    expected = (gh.GRIMHEIM, 5) if knocked_out else (H(10, 6), 9)
    info = sc.hero_info(r.state, "bjorn")
    assert (info.at, info.damage) == expected


def test_g19_bjorn_hero_card_gives_the_throwing_axes_roll_2_more_damage() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-throwing-axes")
    state = gh.apply(gh.apply(state, gh.Use("bjorn-throwing-axes")), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use("bjorn-hero"), gh.ResolveAttack()]
    r = run(state, gh.Use("bjorn-hero"))
    assert damage_on(r.state, H(9, 5)) == 3
    assert r.state.turn is not None and r.state.turn.actions == ("focus",)


def test_bjorn_hero_card_once_its_focus_marker_is_spent_not_on_the_next_roll() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-throwing-axes")
    state = hand(state, 0, "bjorn-master-shot")
    r = run(state, gh.Use("bjorn-throwing-axes"), gh.Roll(1, 0, 0, 2), gh.Use("bjorn-hero"))
    state = gh.apply(gh.apply(r.state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use("bjorn-master-shot"), gh.ResolveAttack()]


def test_bjorn_hero_card_not_with_both_action_markers_used() -> None:
    state = hand(solo("bjorn", H(9, 7), ("troll", H(9, 5))), 0, "bjorn-master-shot")
    state = run(state, gh.MoveTo(H(9, 6))).state
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert state.turn is not None and state.turn.actions == ("move", "attack")
    assert legal(state) == [gh.Use("bjorn-master-shot"), gh.ResolveAttack()]


# == Sure Shot =====================================================================================


def test_bjorn_sure_shot_not_offered_without_a_monster_in_attack_range() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 3))), 0, "bjorn-sure-shot", mana=3)
    assert uses(state) == []
    near = sc.place_monster(state, "imp", H(9, 4))
    assert uses(near) == [gh.Use("bjorn-sure-shot")]


def test_bjorn_sure_shot_ii_once_a_turn_even_with_mana_left() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    state = set_card(state, 0, "bjorn-sure-shot", side=2, mana=8)
    r = run(state, gh.Use("bjorn-sure-shot", 0, 2))
    assert card(r.state, 0, "bjorn-sure-shot").mana == 6
    assert uses(r.state) == []


def test_bjorn_sure_shot_ii_x_no_more_than_the_mana_and_at_least_2() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    three = set_card(state, 0, "bjorn-sure-shot", side=2, mana=3)
    assert uses(three) == [gh.Use("bjorn-sure-shot", 0, 2), gh.Use("bjorn-sure-shot", 0, 3)]
    assert uses(set_card(state, 0, "bjorn-sure-shot", side=2, mana=1)) == []


def test_bjorn_sure_shot_armor_stops_1_of_its_damage() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("draugr", H(9, 5))), 0, "bjorn-sure-shot", mana=3)
    assert damage_on(run(state, gh.Use("bjorn-sure-shot")).state, H(9, 5)) == 2


# == Suppressive Fire ==============================================================================


def test_bjorn_suppressive_fire_i_pins_a_low_rank_monster_before_the_monsters_move() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("imp", H(9, 3))), 0, "bjorn-suppressive-fire")
    at_window = until(state, window).state
    assert decision_kind(at_window) == "before-monster-move"
    assert legal(at_window) == [gh.Use("bjorn-suppressive-fire"), gh.PassWindow()]
    pinned = until(at_window, hero_turn, gh.Use("bjorn-suppressive-fire"))
    assert sc.monster_at(pinned.state, H(9, 3)) is not None  # it stayed
    assert not pinned.of(gh.MonsterMoved)
    passed = until(at_window, hero_turn, gh.PassWindow())
    assert sc.monster_at(passed.state, H(9, 3)) is None  # it came on
    assert passed.of(gh.MonsterMoved)


def test_bjorn_suppressive_fire_i_targets_rank_1_and_2_up_to_3_areas_away() -> None:
    state = solo(
        "bjorn",
        H(9, 6),
        ("imp", H(9, 3)),  # rank 1, 3 away
        ("skeleton", H(10, 3)),  # rank 2, 3 away
        ("troll", H(11, 4)),  # rank 3, 2 away
        ("goblin", H(9, 2)),  # rank 1, 4 away
    )
    state = sc.place_monster(state, "seer", H(8, 5), side=1)  # a legend has no rank
    state = in_play(state, 0, "bjorn-suppressive-fire")
    state = gh.apply(until(state, window).state, gh.Use("bjorn-suppressive-fire"))
    assert set(legal(state)) == {gh.Target(H(9, 3)), gh.Target(H(10, 3))}


def test_bjorn_suppressive_fire_i_not_offered_with_only_a_rank_3_or_a_far_monster() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(11, 4)), ("goblin", H(9, 2)))
    state = in_play(state, 0, "bjorn-suppressive-fire")
    r = until(state, lambda s: window(s) or sc.time_spot(s) == 2)
    assert not window(r.state)


def test_bjorn_suppressive_fire_ii_pins_any_monster_a_troll_or_a_legend() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(11, 4)), ("goblin", H(9, 2)), players_decide=False)
    state = sc.place_monster(state, "grendel", H(10, 3), side=1)
    state = in_play(state, 0, "bjorn-suppressive-fire", side=2)
    state = gh.apply(until(state, window).state, gh.Use("bjorn-suppressive-fire"))
    assert set(legal(state)) == {gh.Target(H(11, 4)), gh.Target(H(10, 3))}
    r = until(state, hero_turn, gh.Target(H(11, 4)))
    assert sc.monster_at(r.state, H(11, 4)) is not None
    assert sc.monster_at(r.state, H(10, 3)) is None  # Grendel came on


def test_bjorn_suppressive_fire_is_not_a_free_action_on_his_turn() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("imp", H(9, 4))), 0, "bjorn-suppressive-fire")
    assert uses(state) == []


def test_g34_suppressive_fire_once_each_monster_turn_the_other_monster_moves() -> None:
    state = solo("bjorn", H(9, 6), ("imp", H(9, 3)), ("skeleton", H(10, 3)))
    state = in_play(state, 0, "bjorn-suppressive-fire", side=2)
    state = gh.apply(until(state, window).state, gh.Use("bjorn-suppressive-fire"))
    r = until(state, hero_turn, gh.Target(H(9, 3)))
    assert sc.monster_at(r.state, H(9, 3)) is not None
    assert sc.monster_at(r.state, H(10, 3)) is None
    assert r.of(gh.MonsterMoved)[0].kind == "skeleton"


def test_g34_a_pinned_monster_does_not_charge_on_a_skull_spot() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 3)))
    state = sc.set_time(in_play(state, 0, "bjorn-suppressive-fire", side=2), 8)  # next: skull
    at_window = until(state, window).state
    pinned = until(at_window, hero_turn, gh.Use("bjorn-suppressive-fire"))
    assert sc.monster_at(pinned.state, H(9, 3)) is not None
    free = until(at_window, hero_turn, gh.PassWindow())
    assert sc.monster_at(free.state, H(9, 5)) is not None  # moved 1 and charged 1


def test_g34_a_pinned_monster_next_to_bjorn_still_attacks() -> None:
    state = in_play(solo("bjorn", H(10, 6), ("imp", H(10, 5))), 0, "bjorn-suppressive-fire")
    state = gh.apply(until(state, window).state, gh.Use("bjorn-suppressive-fire"))
    found = sc.monster_at(state, H(10, 5))
    assert found is not None and found.pinned
    r = until(state, hero_turn, gh.Roll(2, 0, 0, 0))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 0)]


def test_g34_suppressive_fire_may_not_pin_the_same_monster_two_monster_turns_running() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("imp", H(9, 3))), 0, "bjorn-suppressive-fire")
    first = until(until(state, window).state, hero_turn, gh.Use("bjorn-suppressive-fire"))
    assert sc.monster_at(first.state, H(9, 3)) is not None
    second = until(first.state, lambda s: window(s) or sc.time_spot(s) == 3)
    assert not window(second.state)  # the imp is its only monster: not asked
    moved = until(second.state, hero_turn)
    assert sc.monster_at(moved.state, H(9, 3)) is None
    third = until(sc.set_time(moved.state, 1), window)  # the turn after: the imp again
    assert legal(third.state) == [gh.Use("bjorn-suppressive-fire"), gh.PassWindow()]


# == Stitching =====================================================================================


def test_bjorn_stitching_i_removes_1_damage_from_bjorn_once_a_turn() -> None:
    state = in_play(sc.set_hero(solo("bjorn", H(9, 6)), "bjorn", damage=2), 0, "bjorn-stitching")
    r = run(state, gh.Use("bjorn-stitching"))
    assert sc.hero_info(r.state, "bjorn").damage == 1
    assert uses(r.state) == []


def test_bjorn_stitching_i_picks_a_hero_next_to_him_or_an_equipment_card_of_theirs() -> None:
    state = pair("boldur", H(9, 5))
    state = sc.set_hero(in_play(state, 1, "boldur-dwarf-helm", damage=2), "boldur", damage=2)
    state = in_play(state, 0, "bjorn-helmet", damage=1)
    state = gh.apply(in_play(state, 0, "bjorn-stitching"), gh.Use("bjorn-stitching"))
    assert legal(state) == [
        gh.TargetHero(1),
        gh.TargetCard("bjorn-helmet"),
        gh.TargetCard("boldur-dwarf-helm"),
    ]
    r = run(state, gh.TargetCard("boldur-dwarf-helm"))
    assert card(r.state, 1, "boldur-dwarf-helm").damage == 1
    assert sc.hero_info(r.state, "boldur").damage == 2


def test_bjorn_stitching_not_for_a_hero_two_areas_away() -> None:
    state = sc.set_hero(pair("boldur", H(9, 4)), "boldur", damage=2)
    state = in_play(state, 0, "bjorn-stitching")
    assert uses(state) == []
    assert uses(sc.put_hero(state, "boldur", H(9, 5))) == [gh.Use("bjorn-stitching")]


def test_bjorn_stitching_ii_removes_1_then_1_more_from_anyone_in_reach() -> None:
    state = sc.set_hero(pair("boldur", H(9, 5)), "boldur", damage=2)
    state = sc.set_hero(state, "bjorn", damage=1)
    state = in_play(state, 0, "bjorn-stitching", side=2)
    r = run(state, gh.Use("bjorn-stitching"), gh.TargetHero(0))  # then Boldur, the only one left
    assert sc.hero_info(r.state, "bjorn").damage == 0
    assert sc.hero_info(r.state, "boldur").damage == 1
    assert uses(r.state) == []  # once a turn


def test_bjorn_stitching_ii_both_from_bjorn_himself() -> None:
    state = in_play(sc.set_hero(solo("bjorn", H(9, 6)), "bjorn", damage=3), 0, "bjorn-stitching")
    state = set_card(state, 0, "bjorn-stitching", side=2)
    assert sc.hero_info(run(state, gh.Use("bjorn-stitching")).state, "bjorn").damage == 1


# == Eagle Eye =====================================================================================


def test_bjorn_eagle_eye_i_range_3_not_4() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 3)), ("imp", H(9, 2)))
    assert gh.is_legal(state, gh.Attack(H(9, 3))) is not None  # range 2 without it
    state = in_play(state, 0, "bjorn-eagle-eye")
    assert gh.is_legal(state, gh.Attack(H(9, 3))) is None
    assert gh.is_legal(state, gh.Attack(H(9, 2))) is not None


def test_bjorn_eagle_eye_i_does_not_ignore_armor() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("draugr", H(9, 5))), 0, "bjorn-eagle-eye")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(3, 0, 0, 1))
    assert damage_on(r.state, H(9, 5)) == 2


def test_bjorn_eagle_eye_ii_range_4_not_5() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 2)), ("imp", H(9, 1)))
    state = in_play(state, 0, "bjorn-eagle-eye", side=2)
    assert gh.is_legal(state, gh.Attack(H(9, 2))) is None
    assert gh.is_legal(state, gh.Attack(H(9, 1))) is not None


def test_bjorn_eagle_eye_ii_card_damage_ignores_armor_too() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("draugr", H(9, 5))), 0, "bjorn-sure-shot", mana=3)
    state = in_play(state, 0, "bjorn-eagle-eye", side=2)
    assert damage_on(run(state, gh.Use("bjorn-sure-shot")).state, H(9, 5)) == 3


# == Long Shot =====================================================================================


def test_bjorn_long_shot_i_plus_2_against_a_monster_2_areas_away_by_itself() -> None:
    state = focused(in_play(solo("bjorn", H(9, 6), ("troll", H(9, 4))), 0, "bjorn-long-shot"))
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 4))), gh.Roll(1, 0, 0, 2))
    assert hero_turn(state)  # not asked: it applies by itself
    assert damage_on(state, H(9, 4)) == 3


def test_bjorn_long_shot_i_nothing_against_a_monster_next_to_him() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-long-shot")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2))
    assert damage_on(r.state, H(9, 5)) == 1
    assert r.of(gh.CardPlayed) == []


@pytest.mark.parametrize(("at", "bonus"), [(H(9, 5), 1), (H(9, 4), 2), (H(9, 3), 3)])
def test_bjorn_long_shot_ii_plus_1_per_area_to_the_target(at: gh.Hex, bonus: int) -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", at)), 0, "bjorn-long-shot", side=2)
    state = in_play(state, 0, "bjorn-eagle-eye")  # range 3
    r = run(state, gh.Attack(at), gh.Roll(1, 0, 0, 3))
    assert damage_on(r.state, at) == 1 + bonus


def test_g19_bjorn_long_shot_not_on_the_throwing_axes_roll() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-long-shot", side=2)
    state = in_play(state, 0, "bjorn-throwing-axes")
    r = run(state, gh.Use("bjorn-throwing-axes"), gh.Roll(1, 0, 0, 2))
    assert damage_on(r.state, H(9, 5)) == 1


# == Nailed Together ===============================================================================


def test_bjorn_nailed_together_i_the_rest_goes_to_the_monster_right_behind() -> None:
    state = solo("bjorn", H(9, 6), ("imp", H(9, 5)), ("troll", H(9, 4)))
    state = focused(in_play(state, 0, "bjorn-nailed-together"))
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 0))
    assert decision_kind(state) == "excess"
    assert legal(state) == [gh.Use("bjorn-nailed-together"), gh.ResolveAttack()]
    r = run(state, gh.Use("bjorn-nailed-together"))
    assert damage_on(r.state, H(9, 4)) == 1


def test_bjorn_nailed_together_picks_among_the_monsters_behind_not_beside() -> None:
    state = solo(
        "bjorn",
        H(9, 6),
        ("imp", H(9, 5)),
        ("troll", H(9, 4)),  # behind
        ("troll", H(8, 5)),  # behind
        ("troll", H(10, 5)),  # beside: as near Bjorn as the imp
    )
    state = focused(in_play(state, 0, "bjorn-nailed-together"))
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 0))
    state = gh.apply(state, gh.Use("bjorn-nailed-together"))
    assert set(legal(state)) == {gh.Target(H(9, 4)), gh.Target(H(8, 5))}
    r = run(state, gh.Target(H(8, 5)))
    assert [damage_on(r.state, at) for at in (H(9, 4), H(8, 5), H(10, 5))] == [0, 1, 0]


def test_bjorn_nailed_together_not_offered_with_only_a_monster_beside() -> None:
    state = solo("bjorn", H(9, 6), ("imp", H(9, 5)), ("troll", H(10, 5)))
    state = focused(in_play(state, 0, "bjorn-nailed-together"))
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 0))
    assert hero_turn(state)
    assert damage_on(state, H(10, 5)) == 0


def test_g36_bjorn_nailed_together_damage_to_spare_not_used_is_lost() -> None:
    state = solo("bjorn", H(9, 6), ("imp", H(9, 5)), ("troll", H(9, 4)))
    state = focused(in_play(state, 0, "bjorn-nailed-together"))
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(3, 0, 0, 0), gh.ResolveAttack())
    assert damage_on(r.state, H(9, 4)) == 0
    assert hero_turn(r.state)


def chain(side: int) -> gh.State:
    """Bjorn's attack action with Nailed Together on ``side`` deals 5 damage to an imp with an imp
    and a troll in a row behind it: the first imp dies with 3 to spare, which he sends on to the
    second imp; it dies with 1 to spare."""
    state = solo("bjorn", H(9, 6), ("imp", H(9, 5)), ("imp", H(9, 4)), ("troll", H(9, 3)))
    state = in_play(state, 0, "bjorn-nailed-together", side=side)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 2 * (side - 1)))
    state = gh.apply(gh.apply(state, gh.Use("bjorn-hero")), gh.Use("bjorn-nailed-together"))
    assert sc.monster_at(state, H(9, 5)) is None and sc.monster_at(state, H(9, 4)) is None
    return state


def test_bjorn_nailed_together_i_once_per_attack() -> None:
    state = chain(1)
    assert hero_turn(state)  # not asked again: the last 1 is lost
    assert damage_on(state, H(9, 3)) == 0


def test_bjorn_nailed_together_ii_and_so_on() -> None:
    state = chain(2)
    assert legal(state) == [gh.Use("bjorn-nailed-together"), gh.ResolveAttack()]
    assert damage_on(run(state, gh.Use("bjorn-nailed-together")).state, H(9, 3)) == 1


def test_bjorn_nailed_together_ii_two_more_dice() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-nailed-together")
    assert attack_dice(state, H(9, 5)) == 3
    assert attack_dice(set_card(state, 0, "bjorn-nailed-together", side=2), H(9, 5)) == 5


def test_g19_bjorn_nailed_together_not_after_the_throwing_axes_kill() -> None:
    state = solo("bjorn", H(9, 6), ("imp", H(9, 5)), ("troll", H(9, 4)))
    state = in_play(in_play(state, 0, "bjorn-nailed-together"), 0, "bjorn-throwing-axes")
    state = focused(state)
    state = gh.apply(gh.apply(state, gh.Use("bjorn-throwing-axes")), gh.Roll(3, 0, 0, 0))
    assert hero_turn(state)
    assert sc.monster_at(state, H(9, 5)) is None
    assert damage_on(state, H(9, 4)) == 0


# == Bjorn's First Bow =============================================================================


def test_bjorn_first_bow_one_die_and_range_2_not_3() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 4)), ("imp", H(9, 3)))
    assert attack_dice(state, H(9, 4)) == 3  # Bjorn 2 + bow 1
    assert gh.is_legal(state, gh.Attack(H(9, 4))) is None
    assert gh.is_legal(state, gh.Attack(H(9, 3))) is not None
    bare = with_cards(
        state, 0, cards=[c for c in state.heroes[0].cards if c.id != BOW], retired=(BOW,)
    )
    assert gh.is_legal(bare, gh.Attack(H(9, 4))) is not None  # range 1 without it


# == Black Arrows ==================================================================================


def test_bjorn_black_arrows_comes_with_3_arrows_one_spent_for_3_more_damage() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    state = sc.give_card(state, "bjorn", "bjorn-black-arrows", in_play=True)
    assert card(state, 0, "bjorn-black-arrows").counters == 3
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use("bjorn-black-arrows"), gh.ResolveAttack()]
    r = run(state, gh.Use("bjorn-black-arrows"))
    assert damage_on(r.state, H(9, 5)) == 4
    assert card(r.state, 0, "bjorn-black-arrows").counters == 2


def test_bjorn_black_arrows_one_arrow_a_turn_again_the_next_turn() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    state = sc.give_card(state, "bjorn", "bjorn-black-arrows", in_play=True)
    state = hand(state, 0, "bjorn-master-shot")
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    state = gh.apply(state, gh.Use("bjorn-black-arrows"))
    assert legal(state) == [gh.Use("bjorn-master-shot"), gh.ResolveAttack()]
    later = monster_turn(run(state, gh.ResolveAttack()).state, gh.Roll(0, 0, 0, 6)).state
    later = gh.apply(gh.apply(later, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert gh.Use("bjorn-black-arrows") in legal(later)


def test_bjorn_black_arrows_not_without_arrows() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    state = in_play(hand(state, 0, "bjorn-master-shot"), 0, "bjorn-black-arrows", counters=0)
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use("bjorn-master-shot"), gh.ResolveAttack()]


def test_g19_bjorn_black_arrows_not_on_the_throwing_axes_roll() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    state = sc.give_card(state, "bjorn", "bjorn-black-arrows", in_play=True)
    state = in_play(hand(state, 0, "bjorn-master-shot"), 0, "bjorn-throwing-axes")
    state = gh.apply(gh.apply(state, gh.Use("bjorn-throwing-axes")), gh.Roll(1, 0, 0, 2))
    assert gh.Use("bjorn-black-arrows") not in legal(state)


def test_bjorn_black_arrows_quest_use_up_an_attack_action_at_the_robber_camp() -> None:
    state = on_top(solo("bjorn", H(5, 11)), "bjorn-black-arrows")
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "bjorn-black-arrows")]
    assert card(r.state, 0, "bjorn-black-arrows").counters == 3
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)


def test_bjorn_black_arrows_quest_not_next_to_the_camp_nor_without_the_attack_marker() -> None:
    state = on_top(solo("bjorn", H(5, 10)), "bjorn-black-arrows")
    assert gh.CompleteQuest() not in legal(state)
    there = on_top(solo("bjorn", H(5, 11), ("troll", H(5, 10))), "bjorn-black-arrows")
    attacked = run(there, gh.Attack(H(5, 10)), gh.Roll(0, 0, 0, 3)).state
    assert gh.CompleteQuest() not in legal(attacked)


# == Bone Bane Bow =================================================================================


def test_bjorn_bone_bane_bow_five_dice_range_2() -> None:
    state = wield(
        solo("bjorn", H(9, 6), ("troll", H(9, 4)), ("imp", H(9, 3))), "bjorn-bone-bane-bow"
    )
    assert attack_dice(state, H(9, 4)) == 5
    assert gh.is_legal(state, gh.Attack(H(9, 3))) is not None


def test_bjorn_bone_bane_bow_a_monster_next_to_the_target_takes_1_per_rune() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)), ("troll", H(9, 4)))
    state = wield(state, "bjorn-bone-bane-bow")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 2, 2))
    assert damage_on(r.state, H(9, 5)) == 1
    assert damage_on(r.state, H(9, 4)) == 2


def test_bjorn_bone_bane_bow_bjorn_picks_the_monster_next_to_the_target() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)), ("troll", H(9, 4)), ("imp", H(10, 5)))
    state = wield(state, "bjorn-bone-bane-bow")
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(1, 0, 1, 3))
    assert set(legal(state)) == {gh.Target(H(9, 4)), gh.Target(H(10, 5))}
    r = run(state, gh.Target(H(10, 5)))
    assert damage_on(r.state, H(10, 5)) == 1 and damage_on(r.state, H(9, 4)) == 0


def test_bjorn_bone_bane_bow_hits_next_to_a_target_it_killed() -> None:
    state = solo("bjorn", H(9, 6), ("imp", H(9, 5)), ("troll", H(9, 4)))
    state = wield(state, "bjorn-bone-bane-bow")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(2, 0, 1, 2))
    assert sc.monster_at(r.state, H(9, 5)) is None
    assert damage_on(r.state, H(9, 4)) == 1


def test_bjorn_bone_bane_bow_nothing_without_a_rune() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)), ("troll", H(9, 4)))
    r = run(wield(state, "bjorn-bone-bane-bow"), gh.Attack(H(9, 5)), gh.Roll(2, 0, 0, 3))
    assert damage_on(r.state, H(9, 4)) == 0


def test_g19_bjorn_bone_bane_bow_not_after_the_throwing_axes_roll() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)), ("troll", H(9, 4)))
    state = in_play(wield(state, "bjorn-bone-bane-bow"), 0, "bjorn-throwing-axes")
    r = run(state, gh.Use("bjorn-throwing-axes"), gh.Roll(0, 0, 2, 1))
    assert damage_on(r.state, H(9, 4)) == 0


def test_bjorn_bone_bane_bow_quest_use_up_a_mend_action_at_naglfar() -> None:
    state = on_top(solo("bjorn", H(16, 5)), "bjorn-bone-bane-bow")
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "bjorn-bone-bane-bow")]
    assert r.state.turn is not None and r.state.turn.actions == ("mend",)
    assert sc.hero_info(r.state, "bjorn").in_play[-1] == "bjorn-bone-bane-bow"
    assert r.state.heroes[0].retired == (BOW,)  # the new main weapon replaces the bow


def test_bjorn_bone_bane_bow_quest_not_beside_naglfar_nor_after_a_mend() -> None:
    assert gh.CompleteQuest() not in legal(on_top(solo("bjorn", H(15, 5)), "bjorn-bone-bane-bow"))
    state = on_top(sc.set_hero(solo("bjorn", H(16, 5)), "bjorn", damage=1), "bjorn-bone-bane-bow")
    assert gh.CompleteQuest() not in legal(run(state, gh.Mend()).state)


# == Helmet ========================================================================================


def test_bjorn_helmet_prevents_1_damage_for_a_marker() -> None:
    state = in_play(solo("bjorn", H(10, 6), ("troll", H(10, 5))), 0, "bjorn-helmet")
    state = hit_decision(state, gh.Roll(3, 0, 0, 3))
    assert legal(state) == [gh.Use("bjorn-helmet"), gh.DeclinePrevention()]
    step = gh.step(state, gh.Use("bjorn-helmet"))
    assert decision_kind(step.state) != "prevent"  # once per hit, markers left or not
    assert [e for e in step.events if isinstance(e, gh.HeroDamaged)] == [gh.HeroDamaged(0, 2, 1)]
    assert card(step.state, 0, "bjorn-helmet").damage == 1


def test_bjorn_helmet_not_with_3_markers() -> None:
    state = in_play(solo("bjorn", H(10, 6), ("troll", H(10, 5))), 0, "bjorn-helmet", damage=3)
    r = monster_turn(state, gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 3, 0)]
    assert r.of(gh.CardPlayed) == []


def test_g38_bjorn_helmet_quest_kill_a_brute_and_take_it_instead_of_the_gold() -> None:
    state = on_top(solo("bjorn", H(9, 6), ("brute", H(9, 5))), "bjorn-helmet")
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 0))
    assert decision_kind(state) == "quest"
    assert sc.hero_info(state, "bjorn").gold == 2
    assert legal(state) == [gh.CompleteQuest(), gh.DeclineQuest()]
    taken = run(state, gh.CompleteQuest())
    assert sc.hero_info(taken.state, "bjorn").gold == 0
    assert "bjorn-helmet" in sc.hero_info(taken.state, "bjorn").in_play
    left = run(state, gh.DeclineQuest())
    assert sc.hero_info(left.state, "bjorn").gold == 2
    assert left.state.heroes[0].equipment[0] == "bjorn-helmet"


def test_bjorn_helmet_quest_a_skeleton_too_not_a_goblin() -> None:
    skeleton = on_top(solo("bjorn", H(9, 6), ("skeleton", H(9, 5))), "bjorn-helmet")
    skeleton = gh.apply(gh.apply(focused(skeleton), gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 0))
    assert decision_kind(skeleton) == "quest"
    goblin = on_top(solo("bjorn", H(9, 6), ("goblin", H(9, 5))), "bjorn-helmet")
    r = run(goblin, gh.Attack(H(9, 5)), gh.Roll(2, 0, 0, 1))
    assert sc.hero_info(r.state, "bjorn").gold == 1
    assert r.state.heroes[0].equipment[0] == "bjorn-helmet"


def test_g38_bjorn_helmet_quest_offered_at_a_kill_by_a_card() -> None:
    state = on_top(solo("bjorn", H(9, 4), ("brute", H(9, 5))), "bjorn-helmet")
    state = gh.apply(hand(state, 0, "bjorn-back-down"), gh.Use("bjorn-back-down"))
    assert decision_kind(state) == "quest"
    r = run(state, gh.CompleteQuest())
    assert "bjorn-helmet" in sc.hero_info(r.state, "bjorn").in_play
    assert sc.hero_info(r.state, "bjorn").gold == 0


# == Home Sewn Cape ================================================================================


def test_bjorn_home_sewn_cape_each_rune_rolled_adds_1_mana_to_it() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-home-sewn-cape")
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(1, 0, 2, 0))
    assert hero_turn(state)  # by itself
    assert card(state, 0, "bjorn-home-sewn-cape").mana == 2


def test_g19_bjorn_home_sewn_cape_gains_mana_on_the_throwing_axes_roll_too() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-home-sewn-cape")
    state = in_play(state, 0, "bjorn-throwing-axes")
    r = run(state, gh.Use("bjorn-throwing-axes"), gh.Roll(0, 0, 1, 2))
    assert card(r.state, 0, "bjorn-home-sewn-cape").mana == 1


def test_bjorn_home_sewn_cape_counts_the_runes_of_a_reroll_too() -> None:
    """Each rune rolled adds 1 mana: one on the roll, two more on Perfect Aim's reroll."""
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-home-sewn-cape")
    state = focused(hand(state, 0, "bjorn-perfect-aim"))
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 1, 1))
    assert card(state, 0, "bjorn-home-sewn-cape").mana == 1
    r = run(state, gh.Use("bjorn-perfect-aim"), gh.Roll(0, 0, 2, 0))
    assert card(r.state, 0, "bjorn-home-sewn-cape").mana == 3


def test_bjorn_home_sewn_cape_pay_2_mana_move_1_area_once_a_turn() -> None:
    state = in_play(solo("bjorn", H(9, 6)), 0, "bjorn-home-sewn-cape", mana=4)
    state = gh.apply(state, gh.Use("bjorn-home-sewn-cape", 1))
    moves = {a.to for a in legal(state) if isinstance(a, gh.MoveTo)}
    assert moves == {H(9, 5), H(10, 5), H(8, 6), H(10, 6), H(8, 7), H(9, 7)}
    r = run(state, gh.MoveTo(H(9, 5)))
    assert sc.hero_info(r.state, "bjorn").at == H(9, 5)
    assert card(r.state, 0, "bjorn-home-sewn-cape").mana == 2
    assert r.state.turn is not None and r.state.turn.actions == ()  # not a move action
    assert gh.Use("bjorn-home-sewn-cape", 1) not in legal(r.state)
    assert gh.MoveTo(H(9, 3)) in legal(r.state)


def test_bjorn_home_sewn_cape_no_move_with_1_mana() -> None:
    state = in_play(solo("bjorn", H(9, 6)), 0, "bjorn-home-sewn-cape", mana=1)
    assert uses(state) == []


def test_bjorn_home_sewn_cape_pay_3_mana_prevent_2_when_hit() -> None:
    state = solo("bjorn", H(10, 6), ("troll", H(10, 5)))
    state = in_play(state, 0, "bjorn-home-sewn-cape", mana=3)
    state = hit_decision(state, gh.Roll(3, 0, 0, 3))
    assert legal(state) == [gh.Use("bjorn-home-sewn-cape", 2), gh.DeclinePrevention()]
    r = until(state, hero_turn, gh.Use("bjorn-home-sewn-cape", 2))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 2)]
    assert card(r.state, 0, "bjorn-home-sewn-cape").mana == 0


def test_bjorn_home_sewn_cape_no_prevention_with_2_mana() -> None:
    state = solo("bjorn", H(10, 6), ("troll", H(10, 5)))
    state = in_play(state, 0, "bjorn-home-sewn-cape", mana=2)
    r = monster_turn(state, gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 3, 0)]


def test_bjorn_home_sewn_cape_quest_use_up_an_attack_action_with_no_monster_next_to_him() -> None:
    state = on_top(solo("bjorn", H(9, 6), ("troll", H(9, 4))), "bjorn-home-sewn-cape")
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "bjorn-home-sewn-cape")]
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)
    near = on_top(solo("bjorn", H(9, 6), ("troll", H(9, 5))), "bjorn-home-sewn-cape")
    assert gh.CompleteQuest() not in legal(near)


# == Home Sewn Tunic ===============================================================================


def test_bjorn_home_sewn_tunic_prevents_1_damage_for_a_marker() -> None:
    state = in_play(solo("bjorn", H(10, 6), ("troll", H(10, 5))), 0, "bjorn-home-sewn-tunic")
    state = hit_decision(state, gh.Roll(2, 0, 0, 4))
    assert legal(state) == [gh.Use("bjorn-home-sewn-tunic"), gh.DeclinePrevention()]
    r = until(state, hero_turn, gh.Use("bjorn-home-sewn-tunic"))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 1)]
    assert card(r.state, 0, "bjorn-home-sewn-tunic").damage == 1


def test_bjorn_home_sewn_tunic_full_prevents_nothing() -> None:
    state = solo("bjorn", H(10, 6), ("troll", H(10, 5)))
    state = in_play(state, 0, "bjorn-home-sewn-tunic", damage=3)
    r = monster_turn(state, gh.Roll(2, 0, 0, 4))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 0)]


def test_bjorn_home_sewn_tunic_use_up_the_mend_action_remove_every_marker() -> None:
    state = in_play(solo("bjorn", H(9, 6)), 0, "bjorn-home-sewn-tunic", damage=3)
    assert uses(state) == [gh.Use("bjorn-home-sewn-tunic", 1)]
    r = run(state, gh.Use("bjorn-home-sewn-tunic", 1))
    assert card(r.state, 0, "bjorn-home-sewn-tunic").damage == 0
    assert r.state.turn is not None and r.state.turn.actions == ("mend",)


def test_bjorn_home_sewn_tunic_repair_needs_damage_and_the_mend_marker() -> None:
    assert uses(in_play(solo("bjorn", H(9, 6)), 0, "bjorn-home-sewn-tunic")) == []
    state = in_play(solo("bjorn", H(9, 6)), 0, "bjorn-home-sewn-tunic", damage=2)
    mended = run(sc.set_hero(state, "bjorn", damage=2), gh.Mend()).state
    assert uses(mended) == []


def test_bjorn_home_sewn_tunic_quest_use_up_a_practice_action_and_pay_1_gold() -> None:
    state = on_top(sc.set_hero(solo("bjorn", H(9, 6)), "bjorn", gold=1), "bjorn-home-sewn-tunic")
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "bjorn-home-sewn-tunic")]
    assert sc.hero_info(r.state, "bjorn").gold == 0
    assert r.state.turn is not None and r.state.turn.actions == ("practice",)


def test_bjorn_home_sewn_tunic_quest_not_without_gold_nor_after_a_practice() -> None:
    state = on_top(solo("bjorn", H(9, 6)), "bjorn-home-sewn-tunic")
    assert gh.CompleteQuest() not in legal(state)
    practiced = run(sc.set_hero(state, "bjorn", gold=3), gh.Practice()).state
    assert gh.CompleteQuest() not in legal(practiced)


# == Leather Purse =================================================================================


def test_bjorn_leather_purse_heals_bjorn_2_for_a_marker_once_a_turn() -> None:
    state = in_play(
        sc.set_hero(solo("bjorn", H(9, 6)), "bjorn", damage=3), 0, "bjorn-leather-purse"
    )
    r = run(state, gh.Use("bjorn-leather-purse"))
    assert sc.hero_info(r.state, "bjorn").damage == 1
    assert card(r.state, 0, "bjorn-leather-purse").damage == 1
    assert uses(r.state) == []


def test_bjorn_leather_purse_or_a_hero_next_to_him_not_farther() -> None:
    state = sc.set_hero(pair("alva", H(9, 5)), "alva", damage=3)
    state = in_play(sc.set_hero(state, "bjorn", damage=1), 0, "bjorn-leather-purse")
    state = gh.apply(state, gh.Use("bjorn-leather-purse"))
    assert legal(state) == [gh.TargetHero(0), gh.TargetHero(1)]
    r = run(state, gh.TargetHero(1))
    assert sc.hero_info(r.state, "alva").damage == 1
    far = sc.set_hero(pair("alva", H(9, 4)), "alva", damage=3)
    assert uses(in_play(far, 0, "bjorn-leather-purse")) == []


def test_bjorn_leather_purse_not_with_3_markers() -> None:
    state = sc.set_hero(solo("bjorn", H(9, 6)), "bjorn", damage=3)
    assert uses(in_play(state, 0, "bjorn-leather-purse", damage=3)) == []


def test_g38_bjorn_leather_purse_quest_after_a_trollkin_kill_take_it_and_2_brutes_come() -> None:
    state = on_top(solo("bjorn", H(9, 6), ("goblin", H(9, 5))), "bjorn-leather-purse")
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(2, 0, 0, 1))
    assert decision_kind(state) == "quest"
    state = gh.apply(state, gh.CompleteQuest())
    assert set(legal(state)) == {
        gh.Target(at) for at in (H(9, 5), H(10, 5), H(8, 6), H(10, 6), H(8, 7), H(9, 7))
    }
    r = run(state, gh.Target(H(9, 5)), gh.Target(H(10, 6)))
    assert sc.monster_at(r.state, H(9, 5)) == sc.MonsterInfo("brute", 0, 0)
    assert sc.monster_at(r.state, H(10, 6)) == sc.MonsterInfo("brute", 0, 0)
    assert "bjorn-leather-purse" in sc.hero_info(r.state, "bjorn").in_play
    assert sc.hero_info(r.state, "bjorn").gold == 1  # the goblin's gold is kept


def test_bjorn_leather_purse_quest_declined_no_brutes() -> None:
    state = on_top(solo("bjorn", H(9, 6), ("goblin", H(9, 5))), "bjorn-leather-purse")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(2, 0, 0, 1), gh.DeclineQuest())
    assert r.state.monsters == ()
    assert r.state.heroes[0].equipment[0] == "bjorn-leather-purse"


def test_bjorn_leather_purse_quest_not_for_a_monster_of_another_faction() -> None:
    state = on_top(solo("bjorn", H(9, 6), ("imp", H(9, 5))), "bjorn-leather-purse")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(2, 0, 0, 1))
    assert r.state.heroes[0].equipment[0] == "bjorn-leather-purse"
    assert r.state.monsters == ()


def test_g38_bjorn_leather_purse_quest_not_offered_when_the_brutes_do_not_fit() -> None:
    ring = (H(10, 5), H(8, 6), H(10, 6), H(8, 7))
    state = solo("bjorn", H(9, 6), ("goblin", H(9, 5)), *(("troll", at) for at in ring))
    full = on_top(sc.place_monster(state, "troll", H(9, 7)), "bjorn-leather-purse")
    after = gh.apply(gh.apply(focused(full), gh.Attack(H(9, 5))), gh.Roll(2, 0, 0, 1))
    assert hero_turn(after)  # one free area: not offered
    assert after.heroes[0].equipment[0] == "bjorn-leather-purse"
    two = on_top(state, "bjorn-leather-purse")
    offered = gh.apply(gh.apply(focused(two), gh.Attack(H(9, 5))), gh.Roll(2, 0, 0, 1))
    assert decision_kind(offered) == "quest"


# == Quiver ========================================================================================


def test_bjorn_quiver_one_more_die() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-quiver")
    assert attack_dice(state, H(9, 5)) == 4


def test_bjorn_quiver_a_marker_for_1_more_damage_to_the_attack_action() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-quiver")
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))
    assert legal(state) == [gh.Use("bjorn-quiver"), gh.ResolveAttack()]
    r = run(state, gh.Use("bjorn-quiver"))
    assert damage_on(r.state, H(9, 5)) == 2
    assert card(r.state, 0, "bjorn-quiver").damage == 1


def test_bjorn_quiver_not_with_3_markers_nor_on_the_throwing_axes_roll() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    state = hand(in_play(state, 0, "bjorn-quiver", damage=3), 0, "bjorn-master-shot")
    full = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))
    assert gh.Use("bjorn-quiver") not in legal(full)
    fresh = in_play(set_card(state, 0, "bjorn-quiver", damage=0), 0, "bjorn-throwing-axes")
    axes = gh.apply(gh.apply(fresh, gh.Use("bjorn-throwing-axes")), gh.Roll(1, 0, 0, 2))
    assert gh.Use("bjorn-quiver") not in legal(axes)


def test_g38_bjorn_quiver_quest_kill_a_rank_3_monster_take_it_instead_of_the_gold() -> None:
    state = on_top(solo("bjorn", H(9, 6)), "bjorn-quiver")
    state = sc.place_monster(state, "troll", H(9, 5), damage=6)
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.CompleteQuest(), gh.DeclineQuest()]
    r = run(state, gh.CompleteQuest())
    assert sc.hero_info(r.state, "bjorn").gold == 0
    assert "bjorn-quiver" in sc.hero_info(r.state, "bjorn").in_play


def test_bjorn_quiver_quest_not_for_a_rank_2_monster() -> None:
    state = on_top(solo("bjorn", H(9, 6), ("brute", H(9, 5))), "bjorn-quiver")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(3, 0, 0, 0))
    assert sc.hero_info(r.state, "bjorn").gold == 2
    assert r.state.heroes[0].equipment[0] == "bjorn-quiver"


def test_bjorn_quiver_quest_not_for_a_legend() -> None:
    state = on_top(solo("bjorn", H(9, 6)), "bjorn-quiver")
    state = sc.place_monster(state, "seer", H(9, 5), damage=4, side=1)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("seer", H(9, 5), 0, 3)]
    assert r.state.heroes[0].equipment[0] == "bjorn-quiver"


# == Throwing Axes =================================================================================


def test_bjorn_throwing_axes_only_at_a_monster_next_to_him_his_pick() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 4))), 0, "bjorn-throwing-axes")
    assert uses(state) == []
    state = sc.place_monster(sc.place_monster(state, "imp", H(9, 5)), "goblin", H(10, 6))
    state = gh.apply(state, gh.Use("bjorn-throwing-axes"))
    assert set(legal(state)) == {gh.Target(H(9, 5)), gh.Target(H(10, 6))}
    r = run(state, gh.Target(H(10, 6)), gh.Roll(2, 0, 0, 1))
    assert sc.monster_at(r.state, H(10, 6)) is None
    assert damage_on(r.state, H(9, 5)) == 0


def test_bjorn_throwing_axes_quest_use_up_a_practice_action_in_a_forest() -> None:
    state = on_top(solo("bjorn", H(9, 2)), "bjorn-throwing-axes")  # the Dark Forest
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "bjorn-throwing-axes")]
    assert r.state.turn is not None and r.state.turn.actions == ("practice",)
    assert sc.hero_info(r.state, "bjorn").gold == 0
    assert gh.CompleteQuest() not in legal(on_top(solo("bjorn", H(9, 4)), "bjorn-throwing-axes"))
    assert gh.CompleteQuest() not in legal(on_top(solo("bjorn"), "bjorn-throwing-axes"))


# == Trollbane =====================================================================================


def test_bjorn_trollbane_five_dice_range_2() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 4)), ("imp", H(9, 3)))
    state = wield(state, "bjorn-trollbane")
    assert attack_dice(state, H(9, 4)) == 5
    assert gh.is_legal(state, gh.Attack(H(9, 3))) is not None


@pytest.mark.parametrize(("kind", "damage"), [("troll", 2), ("jotunn", 1), ("draugr", 1)])
def test_bjorn_trollbane_plus_1_damage_against_trollkin_only(kind: str, damage: int) -> None:
    state = wield(solo("bjorn", H(9, 6), (kind, H(9, 5))), "bjorn-trollbane")
    armor = 1 if kind == "draugr" else 0
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1 + armor, 0, 0, 4 - armor))
    assert damage_on(r.state, H(9, 5)) == damage


def test_g19_bjorn_trollbane_no_bonus_on_the_throwing_axes_roll() -> None:
    state = wield(solo("bjorn", H(9, 6), ("troll", H(9, 5))), "bjorn-trollbane")
    state = in_play(state, 0, "bjorn-throwing-axes")
    r = run(state, gh.Use("bjorn-throwing-axes"), gh.Roll(1, 0, 0, 2))
    assert damage_on(r.state, H(9, 5)) == 1


def test_g37_bjorn_trollbane_quest_counts_the_gold_of_trollkin_kills_by_any_means() -> None:
    state = on_top(solo("bjorn", H(9, 6), ("brute", H(9, 4))), "bjorn-trollbane")
    state = sc.place_monster(state, "troll", H(9, 5), damage=6)
    state = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2)).state
    assert sc.hero_info(state, "bjorn").quest == 3
    assert state.heroes[0].equipment[0] == "bjorn-trollbane"
    r = run(set_card(state, 0, "bjorn-sure-shot", mana=3), gh.Use("bjorn-sure-shot"))
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "bjorn-trollbane")]
    assert r.state.heroes[0].retired == (BOW,)
    assert sc.hero_info(r.state, "bjorn").quest == 0


def test_g37_bjorn_trollbane_quest_not_for_other_factions() -> None:
    state = on_top(solo("bjorn", H(9, 6)), "bjorn-trollbane")
    state = sc.place_monster(state, "draugr", H(9, 5), damage=4)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(2, 0, 0, 1))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("draugr", H(9, 5), 0, 3)]
    assert sc.hero_info(r.state, "bjorn").quest == 0


def test_g37_bjorn_trollbane_quest_counts_only_when_face_up() -> None:
    state = on_top(on_top(solo("bjorn", H(9, 6)), "bjorn-trollbane"), "bjorn-home-sewn-tunic")
    state = sc.place_monster(state, "troll", H(9, 5), damage=6)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2))
    assert sc.hero_info(r.state, "bjorn").quest == 0


def test_g37_bjorn_trollbane_quest_progress_is_lost_under_the_deck() -> None:
    state = on_top(solo("bjorn", H(9, 6)), "bjorn-trollbane")
    state = sc.place_monster(state, "troll", H(9, 5), damage=6)
    state = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2)).state
    assert sc.hero_info(state, "bjorn").quest == 3
    r = end_turn(state, gh.SwapTop("equipment"))
    assert r.state.heroes[0].equipment[-1] == "bjorn-trollbane"
    assert sc.hero_info(r.state, "bjorn").quest == 0


def test_g37_bjorn_trollbane_quest_counts_a_bounty_as_gold_earned() -> None:
    state = hand(on_top(solo("bjorn", H(9, 6)), "bjorn-trollbane"), 0, "bjorn-prey")
    state = sc.place_monster(state, "troll", H(9, 5))
    state = with_monster(run(state, gh.Use("bjorn-prey")).state, H(9, 5), damage=6)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("troll", H(9, 5), 0, 5)]
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "bjorn-trollbane")]


# == Back Down =====================================================================================


def test_bjorn_back_down_kills_a_low_rank_monster_closer_to_grimheim() -> None:
    state = hand(solo("bjorn", H(9, 4), ("goblin", H(9, 5))), 0, "bjorn-back-down")
    r = run(state, gh.Use("bjorn-back-down"))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("goblin", H(9, 5), 0, 1)]
    assert sc.hero_info(r.state, "bjorn").gold == 1
    assert r.state.heroes[0].discard == ("bjorn-back-down",)


def test_bjorn_back_down_targets_only_rank_1_or_2_in_range_and_closer() -> None:
    state = solo(
        "bjorn",
        H(9, 4),  # 4 steps from Grimheim
        ("goblin", H(9, 5)),  # 3 steps: a target
        ("brute", H(8, 6)),  # 3 steps, 2 away: a target
        ("troll", H(10, 5)),  # rank 3
        ("imp", H(10, 4)),  # as far from Grimheim as Bjorn
        ("skeleton", H(9, 3)),  # farther
        ("imp", H(9, 7)),  # closer, out of range
    )
    state = gh.apply(hand(state, 0, "bjorn-back-down"), gh.Use("bjorn-back-down"))
    assert set(legal(state)) == {gh.Target(H(9, 5)), gh.Target(H(8, 6))}


def test_bjorn_back_down_not_offered_without_a_target() -> None:
    state = hand(
        solo("bjorn", H(9, 4), ("troll", H(9, 5)), ("goblin", H(9, 3))), 0, "bjorn-back-down"
    )
    assert uses(state) == []


def test_g29_bjorn_back_down_two_copies_two_kills() -> None:
    state = solo("bjorn", H(9, 4), ("goblin", H(9, 5)), ("brute", H(8, 6)))
    state = hand(state, 0, "bjorn-back-down", "bjorn-back-down")
    r = run(
        state,
        gh.Use("bjorn-back-down"),
        gh.Target(H(9, 5)),
        gh.Use("bjorn-back-down"),
    )
    assert r.state.monsters == ()
    assert sc.hero_info(r.state, "bjorn").gold == 3


# == Burning Arrows ================================================================================


def test_bjorn_burning_arrows_2_damage_to_a_monster_in_a_forest() -> None:
    state = hand(solo("bjorn", H(9, 5), ("troll", H(9, 6))), 0, "bjorn-burning-arrows")
    assert uses(state) == [gh.Use("bjorn-burning-arrows", 0)]
    r = run(state, gh.Use("bjorn-burning-arrows", 0))
    assert damage_on(r.state, H(9, 6)) == 2


def test_bjorn_burning_arrows_1_damage_to_a_monster_out_of_a_forest() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 4))), 0, "bjorn-burning-arrows")
    assert uses(state) == [gh.Use("bjorn-burning-arrows", 1)]
    r = run(state, gh.Use("bjorn-burning-arrows", 1))
    assert damage_on(r.state, H(9, 4)) == 1


def test_bjorn_burning_arrows_each_amount_only_on_its_terrain() -> None:
    state = solo("bjorn", H(9, 5), ("troll", H(9, 6)), ("troll", H(9, 4)))
    state = hand(state, 0, "bjorn-burning-arrows", "bjorn-burning-arrows")
    assert uses(state) == [gh.Use("bjorn-burning-arrows", 0), gh.Use("bjorn-burning-arrows", 1)]
    r = run(state, gh.Use("bjorn-burning-arrows", 0), gh.Use("bjorn-burning-arrows", 1))
    assert [damage_on(r.state, H(9, 6)), damage_on(r.state, H(9, 4))] == [2, 1]


def test_bjorn_burning_arrows_not_offered_out_of_range() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 3))), 0, "bjorn-burning-arrows")
    assert uses(state) == []


# == Limber Bow ====================================================================================


def test_g29_bjorn_two_limber_bows_add_4_range() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 1)))
    state = hand(state, 0, "bjorn-limber-bow", "bjorn-limber-bow")
    one = run(state, gh.Use("bjorn-limber-bow")).state
    assert gh.is_legal(one, gh.Attack(H(9, 1))) is not None  # range 4: 5 away
    two = run(one, gh.Use("bjorn-limber-bow")).state
    assert gh.is_legal(two, gh.Attack(H(9, 1))) is None


def test_bjorn_limber_bow_reaches_sure_shot_too() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 3))), 0, "bjorn-sure-shot", mana=3)
    state = hand(state, 0, "bjorn-limber-bow")
    assert gh.Use("bjorn-sure-shot") not in legal(state)
    r = run(state, gh.Use("bjorn-limber-bow"), gh.Use("bjorn-sure-shot"))
    assert damage_on(r.state, H(9, 3)) == 3


# == Master Shot ===================================================================================


def test_bjorn_master_shot_its_damage_can_kill_with_damage_to_spare() -> None:
    state = solo("bjorn", H(9, 6), ("imp", H(9, 5)), ("troll", H(9, 4)))
    state = hand(in_play(state, 0, "bjorn-nailed-together"), 0, "bjorn-master-shot")
    state = gh.apply(gh.apply(focused(state), gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    r = run(state, gh.Use("bjorn-master-shot"), gh.Use("bjorn-nailed-together"))
    assert sc.monster_at(r.state, H(9, 5)) is None
    assert damage_on(r.state, H(9, 4)) == 1


# == Perfect Aim ===================================================================================


def test_g19_bjorn_perfect_aim_rerolls_the_throwing_axes_misses() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-throwing-axes")
    state = run(hand(state, 0, "bjorn-perfect-aim"), gh.Focus("bjorn-sure-shot")).state
    state = gh.apply(gh.apply(state, gh.Use("bjorn-throwing-axes")), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use("bjorn-perfect-aim"), gh.ResolveAttack()]
    state = gh.apply(state, gh.Use("bjorn-perfect-aim"))
    first = legal(state)[0]
    assert isinstance(first, gh.Roll) and first.hits == 2
    assert damage_on(run(state, gh.Roll(2, 0, 0, 0)).state, H(9, 5)) == 3


# == Piercing Arrows ===============================================================================


def test_g19_bjorn_piercing_arrows_on_the_throwing_axes_roll() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-throwing-axes")
    state = hand(state, 0, "bjorn-piercing-arrows")
    r = run(
        state,
        gh.Use("bjorn-throwing-axes"),
        gh.Roll(1, 0, 2, 0),
        gh.Use("bjorn-piercing-arrows"),
    )
    assert damage_on(r.state, H(9, 5)) == 3


def test_bjorn_piercing_arrows_not_without_a_rune() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-piercing-arrows")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert gh.Use("bjorn-piercing-arrows") not in legal(state)


# == Prey ==========================================================================================


def test_bjorn_prey_2_gold_on_an_undamaged_rank_3_monster_anywhere() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(2, 9))), 0, "bjorn-prey")
    r = run(state, gh.Use("bjorn-prey"))
    assert sc.monster_at(r.state, H(2, 9)) == sc.MonsterInfo("troll", 0, 0, bounty=2)


def test_g35_bjorn_prey_reaches_anywhere_even_from_grimheim() -> None:
    state = hand(solo("bjorn", gh.GRIMHEIM, ("troll", H(16, 8))), 0, "bjorn-prey")
    r = run(state, gh.Use("bjorn-prey"))
    assert sc.monster_at(r.state, H(16, 8)) == sc.MonsterInfo("troll", 0, 0, bounty=2)


def test_bjorn_prey_targets_undamaged_rank_3_monsters_and_legends_only() -> None:
    state = solo(
        "bjorn",
        H(9, 6),
        ("troll", H(2, 9)),
        ("jotunn", H(12, 14)),
        ("brute", H(9, 5)),
    )
    state = sc.place_monster(state, "troll", H(16, 8), damage=1)
    state = sc.place_monster(state, "grendel", H(10, 2), side=1)
    state = gh.apply(hand(state, 0, "bjorn-prey"), gh.Use("bjorn-prey"))
    assert set(legal(state)) == {gh.Target(H(2, 9)), gh.Target(H(12, 14)), gh.Target(H(10, 2))}


def test_bjorn_prey_not_offered_without_a_target() -> None:
    state = solo("bjorn", H(9, 6), ("brute", H(9, 5)))
    state = hand(sc.place_monster(state, "troll", H(2, 9), damage=1), 0, "bjorn-prey")
    assert uses(state) == []


def test_g35_bjorn_prey_bjorn_gains_the_bounty_for_his_kill() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-prey", "bjorn-master-shot")
    state = run(state, gh.Use("bjorn-prey")).state
    r = run(
        state,
        gh.Attack(H(9, 5)),
        gh.Roll(3, 0, 0, 0),
        gh.Use("bjorn-hero"),
        gh.Use("bjorn-master-shot"),
    )
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("troll", H(9, 5), 0, 5)]
    assert sc.hero_info(r.state, "bjorn").gold == 5


def test_g35_bjorn_prey_the_bounty_goes_to_whoever_kills_it() -> None:
    state = hand(pair("alva", H(2, 9)), 0, "bjorn-prey")
    state = sc.place_monster(state, "troll", H(2, 8))
    state = run(state, gh.Use("bjorn-prey")).state
    state = with_monster(end_turn(state).state, H(2, 8), damage=6)
    assert state.turn is not None and state.turn.hero == 1
    alva_dice = attack_dice(state, H(2, 8))
    r = run(state, gh.Attack(H(2, 8)), gh.Roll(1, 0, 0, alva_dice - 1))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("troll", H(2, 8), 1, 5)]
    assert sc.hero_info(r.state, "alva").gold == 5
    assert sc.hero_info(r.state, "bjorn").gold == 0


# == Rest ==========================================================================================


def test_bjorn_rest_heals_bjorn_only_not_a_hero_next_to_him() -> None:
    state = hand(sc.set_hero(pair("alva", H(9, 5)), "alva", damage=3), 0, "bjorn-rest")
    assert uses(state) == []
    state = sc.set_hero(state, "bjorn", damage=2)
    r = run(state, gh.Use("bjorn-rest"))
    assert sc.hero_info(r.state, "bjorn").damage == 0
    assert sc.hero_info(r.state, "alva").damage == 3


# == Seek Shelter ==================================================================================


def test_bjorn_seek_shelter_up_to_2_areas_into_a_location_then_no_more_moving() -> None:
    state = hand(solo("bjorn", H(12, 6)), 0, "bjorn-seek-shelter")
    state = gh.apply(state, gh.Use("bjorn-seek-shelter"))
    assert legal(state) == [gh.MoveTo(H(12, 4)), gh.SkipMove()]
    r = run(state, gh.MoveTo(H(12, 4)))
    assert sc.hero_info(r.state, "bjorn").at == H(12, 4)
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert not any(isinstance(a, gh.MoveTo) for a in legal(r.state))


def test_bjorn_seek_shelter_stops_the_cape_moving_too() -> None:
    state = in_play(solo("bjorn", H(12, 6)), 0, "bjorn-home-sewn-cape", mana=2)
    state = hand(state, 0, "bjorn-seek-shelter")
    r = run(state, gh.Use("bjorn-seek-shelter"), gh.MoveTo(H(12, 4)))
    assert uses(r.state) == []


def test_bjorn_seek_shelter_not_offered_without_a_location_within_2_areas() -> None:
    assert uses(hand(solo("bjorn", H(12, 7)), 0, "bjorn-seek-shelter")) == []


def test_g41_bjorn_seek_shelter_grimheim_is_not_a_location() -> None:
    assert uses(hand(solo("bjorn", H(9, 7)), 0, "bjorn-seek-shelter")) == []
    state = hand(solo("bjorn", H(11, 10)), 0, "bjorn-seek-shelter")
    state = gh.apply(state, gh.Use("bjorn-seek-shelter"))
    assert legal(state) == [gh.MoveTo(H(11, 11)), gh.SkipMove()]


# == Sewing ========================================================================================


def test_bjorn_sewing_1_from_bjorn_and_1_from_each_equipment_card_not_others() -> None:
    state = sc.set_hero(sc.set_hero(pair("alva", H(9, 5)), "alva", damage=2), "bjorn", damage=2)
    state = in_play(
        in_play(state, 0, "bjorn-helmet", damage=2), 0, "bjorn-home-sewn-tunic", damage=1
    )
    r = run(hand(state, 0, "bjorn-sewing"), gh.Use("bjorn-sewing"))
    assert sc.hero_info(r.state, "bjorn").damage == 1
    assert card(r.state, 0, "bjorn-helmet").damage == 1
    assert card(r.state, 0, "bjorn-home-sewn-tunic").damage == 0
    assert sc.hero_info(r.state, "alva").damage == 2


def test_bjorn_sewing_with_only_bjorn_hurt() -> None:
    state = hand(sc.set_hero(solo("bjorn", H(9, 6)), "bjorn", damage=2), 0, "bjorn-sewing")
    assert sc.hero_info(run(state, gh.Use("bjorn-sewing")).state, "bjorn").damage == 1
