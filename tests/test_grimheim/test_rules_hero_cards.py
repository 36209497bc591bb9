"""Every starting card and every event card of the four heroes does what its text says, and the
other ability and equipment cards too; the windows of G13, G19 and G20."""

from __future__ import annotations

import pytest
from tests.test_grimheim.helpers import (
    answer_setup,
    card,
    cleared,
    custom_pack,
    damage_on,
    decision_kind,
    hand,
    hero_turn,
    in_play,
    legal,
    monster_turn,
    rolling,
    run,
    set_card,
    solo,
    until,
    window,
    with_cards,
)

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE

H = gh.Hex


# == Bjorn =========================================================================================


def test_bjorn_numbers_3_dice_range_2_health_9() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 4)))
    first = legal(gh.apply(state, gh.Attack(H(9, 4))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 3
    state = sc.set_hero(state, "bjorn", damage=8)  # 8 of 9: still standing
    assert sc.hero_info(state, "bjorn").damage == 8


@pytest.mark.parametrize(("side", "bonus"), [(1, 2), (2, 3)])
def test_bjorn_hero_card_spends_the_focus_action_after_a_roll_for_more_damage(
    side: int, bonus: int
) -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-hero", side=side)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2 + 2 * (side - 1)))
    assert legal(state) == [gh.Use("bjorn-hero"), gh.ResolveAttack()]
    r = run(state, gh.Use("bjorn-hero"))
    assert damage_on(r.state, H(9, 5)) == 1 + bonus
    assert r.state.turn is not None and r.state.turn.actions == ("attack", "focus")
    assert not any(isinstance(a, gh.Focus) for a in legal(r.state))


def test_bjorn_hero_card_not_once_the_focus_action_is_taken() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    state = gh.apply(run(state, gh.Focus("bjorn-sure-shot")).state, gh.Attack(H(9, 5)))
    assert gh.current_player(state) == CHANCE
    r = run(state, gh.Roll(1, 0, 0, 2))  # not asked: nothing to use
    assert damage_on(r.state, H(9, 5)) == 1


def test_bjorn_sure_shot_i_pay_3_mana_3_damage_to_a_monster_in_range() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 4))), 0, "bjorn-sure-shot", mana=3)
    assert [a for a in legal(state) if isinstance(a, gh.Use)] == [gh.Use("bjorn-sure-shot")]
    r = run(state, gh.Use("bjorn-sure-shot"))
    assert damage_on(r.state, H(9, 4)) == 3
    assert card(r.state, 0, "bjorn-sure-shot").mana == 0


def test_bjorn_sure_shot_i_chooses_among_monsters_in_range() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 4)), ("brute", H(9, 5)), ("imp", H(9, 1)))
    state = set_card(state, 0, "bjorn-sure-shot", mana=3)
    state = gh.apply(state, gh.Use("bjorn-sure-shot"))
    assert legal(state) == [gh.Target(H(9, 4)), gh.Target(H(9, 5))]
    r = run(state, gh.Target(H(9, 4)))
    assert damage_on(r.state, H(9, 4)) == 3 and damage_on(r.state, H(9, 5)) == 0


def test_bjorn_sure_shot_ii_pay_2_to_4_mana_that_much_damage() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 4)))
    state = set_card(state, 0, "bjorn-sure-shot", side=2, mana=5)
    assert [a for a in legal(state) if isinstance(a, gh.Use)] == [
        gh.Use("bjorn-sure-shot", 0, 2),
        gh.Use("bjorn-sure-shot", 0, 3),
        gh.Use("bjorn-sure-shot", 0, 4),
    ]
    r = run(state, gh.Use("bjorn-sure-shot", 0, 4))
    assert damage_on(r.state, H(9, 4)) == 4
    assert card(r.state, 0, "bjorn-sure-shot").mana == 1


@pytest.mark.parametrize(("side", "made"), [(1, 1), (2, 2)])
def test_bjorn_sure_shot_makes_mana_each_turn(side: int, made: int) -> None:
    state = set_card(cleared(("bjorn", "alva")), 0, "bjorn-sure-shot", side=side)
    assert card(run(state, gh.EndTurn()).state, 0, "bjorn-sure-shot").mana == made


def test_bjorn_eagle_eye_i_one_more_die_and_range() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 3))), 0, "bjorn-eagle-eye")
    first = legal(gh.apply(state, gh.Attack(H(9, 3))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 4


def test_bjorn_eagle_eye_ii_two_more_dice_range_and_ignores_armor() -> None:
    state = solo("bjorn", H(9, 6), ("draugr", H(9, 2)))
    state = in_play(state, 0, "bjorn-eagle-eye", side=2)
    first = legal(gh.apply(state, gh.Attack(H(9, 2))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 5
    r = run(state, gh.Attack(H(9, 2)), gh.Roll(3, 0, 0, 2))
    assert damage_on(r.state, H(9, 2)) == 3  # no armor


def test_bjorn_throwing_axes_roll_3_dice_at_a_monster_next_to_you_for_a_marker() -> None:
    state = in_play(
        solo("bjorn", H(9, 6), ("troll", H(9, 5)), ("imp", H(9, 4))), 0, "bjorn-throwing-axes"
    )
    state = gh.apply(state, gh.Use("bjorn-throwing-axes"))
    assert gh.current_player(state) == CHANCE
    first = legal(state)[0]
    assert isinstance(first, gh.Roll) and first.hits == 3
    r = run(state, gh.Roll(2, 0, 0, 1))
    assert damage_on(r.state, H(9, 5)) == 2
    assert card(r.state, 0, "bjorn-throwing-axes").damage == 1
    assert r.state.turn is not None and r.state.turn.actions == ()  # not an attack action (G13)


# -- Bjorn's events --------------------------------------------------------------------------------


def test_bjorn_rest_heals_2() -> None:
    state = hand(sc.set_hero(solo("bjorn"), "bjorn", damage=1), 0, "bjorn-rest")
    assert sc.hero_info(run(state, gh.Use("bjorn-rest")).state, "bjorn").damage == 0
    assert gh.Use("bjorn-rest") not in legal(
        hand(solo("bjorn"), 0, "bjorn-rest")
    )  # nothing to heal


def test_bjorn_master_shot_after_the_roll_2_more_damage() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-master-shot")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2), gh.Use("bjorn-master-shot"))
    assert damage_on(r.state, H(9, 5)) == 3
    assert r.state.heroes[0].discard == ("bjorn-master-shot",)


def test_bjorn_master_shot_is_not_played_between_actions() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-master-shot")
    assert gh.Use("bjorn-master-shot") not in legal(state)


def test_g29_two_copies_of_an_after_roll_event_may_both_be_played_on_one_roll() -> None:
    state = hand(
        solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-master-shot", "bjorn-master-shot"
    )
    state = run(state, gh.Focus("bjorn-sure-shot")).state
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    state = gh.apply(state, gh.Use("bjorn-master-shot"))
    assert state.heroes[0].hand == ("bjorn-master-shot",)
    assert gh.Use("bjorn-master-shot") in legal(state), "the second copy is refused"
    r = run(state, gh.Use("bjorn-master-shot"))
    assert damage_on(r.state, H(9, 5)) == 5


def test_bjorn_limber_bow_plus_2_range_until_the_end_of_the_turn() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 2))), 0, "bjorn-limber-bow")
    assert gh.is_legal(state, gh.Attack(H(9, 2))) is not None
    state = run(state, gh.Use("bjorn-limber-bow")).state
    assert gh.is_legal(state, gh.Attack(H(9, 2))) is None
    later = monster_turn(state).state  # the next turn: range 2 again
    assert sc.monster_at(later, H(9, 3)) == sc.MonsterInfo("troll", 0, 0)
    later = sc.place_monster(sc.remove_monster(later, H(9, 3)), "troll", H(9, 2))
    assert sc.hero_info(later, "bjorn").at == H(9, 6)
    assert gh.is_legal(later, gh.Attack(H(9, 2))) is not None


def test_bjorn_perfect_aim_rolls_every_missed_die_once_more_the_rune_included() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-perfect-aim")
    state = run(state, gh.Focus("bjorn-sure-shot")).state
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 1, 1))
    assert legal(state) == [gh.Use("bjorn-perfect-aim"), gh.ResolveAttack()]
    state = gh.apply(state, gh.Use("bjorn-perfect-aim"))
    assert gh.current_player(state) == CHANCE
    first = legal(state)[0]
    assert isinstance(first, gh.Roll) and first.hits == 2  # the miss and the rune (a miss)
    r = run(state, gh.Roll(2, 0, 0, 0))
    assert damage_on(r.state, H(9, 5)) == 3


def test_bjorn_perfect_aim_rerolls_a_hit_that_cover_stops() -> None:
    state = hand(solo("bjorn", H(9, 5), ("troll", H(9, 6))), 0, "bjorn-perfect-aim")
    assert state.config.geo.terrain[state.config.geo.area(H(9, 6))] == "forest"
    state = run(state, gh.Focus("bjorn-sure-shot")).state
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 6))), gh.Roll(1, 2, 0, 0))
    state = gh.apply(state, gh.Use("bjorn-perfect-aim"))
    first = legal(state)[0]
    assert isinstance(first, gh.Roll) and first.hits == 2  # the two hits the forest covers


def test_bjorn_perfect_aim_needs_a_miss() -> None:
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-perfect-aim")
    state = run(state, gh.Focus("bjorn-sure-shot")).state
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 0))
    assert gh.Use("bjorn-perfect-aim") not in legal(state)


@pytest.mark.parametrize("who", ["bjorn", "alva"])
def test_piercing_arrows_plus_1_damage_per_rune_rolled(who: str) -> None:
    state = hand(solo(who, H(9, 6), ("troll", H(9, 5))), 0, f"{who}-piercing-arrows")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 2, 0), gh.Use(f"{who}-piercing-arrows"))
    assert damage_on(r.state, H(9, 5)) == 3


def test_bjorn_sewing_takes_1_damage_marker_off_each_equipment_card() -> None:
    state = in_play(solo("bjorn"), 0, "bjorn-throwing-axes", damage=2)
    state = hand(state, 0, "bjorn-sewing")
    r = run(state, gh.Use("bjorn-sewing"))
    assert card(r.state, 0, "bjorn-throwing-axes").damage == 1
    assert gh.Use("bjorn-sewing") not in legal(hand(solo("bjorn"), 0, "bjorn-sewing"))


# == Alva ==========================================================================================


def test_alva_hero_a_move_action_ending_in_a_forest_puts_1_mana_on_a_card() -> None:
    r = run(solo("alva"), gh.MoveTo(H(9, 6)))  # by itself: her one card that holds mana
    assert r.of(gh.CardPlayed) == [gh.CardPlayed(0, "alva-hero")]
    assert card(r.state, 0, "alva-hail-of-arrows").mana == 1
    plains = run(solo("alva"), gh.MoveTo(H(9, 5)))
    assert card(plains.state, 0, "alva-hail-of-arrows").mana == 0
    assert plains.of(gh.CardPlayed) == []


def test_alva_hero_not_after_a_movement_that_is_not_a_move_action() -> None:
    state = hand(solo("alva", H(9, 7)), 0, "alva-agility")
    r = run(state, gh.Use("alva-agility"), gh.MoveTo(H(9, 6)))
    assert sc.hero_info(r.state, "alva").at == H(9, 6)
    assert card(r.state, 0, "alva-hail-of-arrows").mana == 0
    assert r.state.turn is not None and r.state.turn.actions == ()


def test_alva_hail_of_arrows_i_up_to_3_different_monsters_1_damage_each() -> None:
    ring = [H(9, 5), H(10, 5), H(9, 4), H(8, 6)]
    state = solo("alva", H(9, 6), *(("troll", at) for at in ring))
    state = set_card(state, 0, "alva-hail-of-arrows", mana=3)
    state = gh.apply(state, gh.Use("alva-hail-of-arrows"))
    assert set(legal(state)) == {gh.Target(at) for at in ring}  # no stopping before the first
    r = run(state, gh.Target(H(9, 5)), gh.Target(H(9, 4)), gh.Target(H(8, 6)))
    assert [damage_on(r.state, at) for at in ring] == [1, 0, 1, 1]
    assert card(r.state, 0, "alva-hail-of-arrows").mana == 0


def test_alva_hail_of_arrows_i_may_stop_after_one() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)), ("troll", H(10, 5)))
    state = set_card(state, 0, "alva-hail-of-arrows", mana=3)
    r = run(state, gh.Use("alva-hail-of-arrows"), gh.Target(H(10, 5)), gh.StopTargets())
    assert [damage_on(r.state, H(9, 5)), damage_on(r.state, H(10, 5))] == [0, 1]


def test_alva_hail_of_arrows_ii_pay_1_to_4_mana_as_many_monsters() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)), ("troll", H(10, 5)), ("troll", H(9, 4)))
    state = set_card(state, 0, "alva-hail-of-arrows", side=2, mana=2)
    assert [a for a in legal(state) if isinstance(a, gh.Use)] == [
        gh.Use("alva-hail-of-arrows", 0, 1),
        gh.Use("alva-hail-of-arrows", 0, 2),
    ]
    r = run(state, gh.Use("alva-hail-of-arrows", 0, 2), gh.Target(H(9, 5)), gh.Target(H(9, 4)))
    assert [damage_on(r.state, at) for at in (H(9, 5), H(10, 5), H(9, 4))] == [1, 0, 1]


@pytest.mark.parametrize(("side", "dice"), [(1, 2), (2, 5)])
def test_alva_snipe_rolls_dice_at_a_monster_in_range_not_an_attack_action(
    side: int, dice: int
) -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 4))), 0, "alva-snipe", side=side)
    state = gh.apply(state, gh.Use("alva-snipe"))
    first = legal(state)[0]
    assert isinstance(first, gh.Roll) and first.hits == dice
    r = run(state, gh.Roll(2, 0, 0, dice - 2))
    assert damage_on(r.state, H(9, 4)) == 2
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert gh.Attack(H(9, 4)) in legal(r.state)


def test_alva_throwing_darts_roll_3_dice_at_a_monster_next_to_you() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, "alva-throwing-darts", damage=1)
    r = run(state, gh.Use("alva-throwing-darts"), gh.Roll(3, 0, 0, 0))
    assert damage_on(r.state, H(9, 5)) == 3
    assert card(r.state, 0, "alva-throwing-darts").damage == 2
    far = in_play(solo("alva", H(9, 6), ("troll", H(9, 4))), 0, "alva-throwing-darts")
    assert gh.Use("alva-throwing-darts") not in legal(far)


def test_alva_agility_go_up_to_2_areas_or_stay() -> None:
    state = hand(solo("alva", H(9, 5)), 0, "alva-agility")
    state = gh.apply(state, gh.Use("alva-agility"))
    moves = {a.to for a in legal(state) if isinstance(a, gh.MoveTo)}
    assert H(9, 7) in moves and H(9, 8) not in moves and H(9, 2) not in moves
    assert gh.SkipMove() in legal(state)
    r = run(state, gh.SkipMove())
    assert sc.hero_info(r.state, "alva").at == H(9, 5)
    assert gh.MoveTo(H(9, 3)) in legal(r.state)  # the move action is still there


def test_alva_popular_only_in_grimheim_gain_2_gold() -> None:
    state = hand(solo("alva"), 0, "alva-popular")
    assert sc.hero_info(run(state, gh.Use("alva-popular")).state, "alva").gold == 2
    assert gh.Use("alva-popular") not in legal(sc.put_hero(state, "alva", H(9, 7)))


def test_alva_mastery_after_the_roll_4_more_dice() -> None:
    state = hand(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, "alva-mastery")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    state = gh.apply(state, gh.Use("alva-mastery"))
    first = legal(state)[0]
    assert isinstance(first, gh.Roll) and first.hits == 4
    r = run(state, gh.Roll(2, 1, 0, 1))
    assert damage_on(r.state, H(9, 5)) == 4


def test_g19_this_attack_action_cards_do_not_apply_to_a_cards_roll_mastery_on_snipe() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 4))), 0, "alva-snipe")
    state = hand(state, 0, "alva-mastery", "alva-piercing-arrows")
    state = gh.apply(gh.apply(state, gh.Use("alva-snipe")), gh.Roll(1, 0, 1, 0))
    assert decision_kind(state) == "after-roll"
    # Mastery is for an attack action's roll; Piercing Arrows for any roll (G19 revised)
    assert legal(state) == [gh.Use("alva-piercing-arrows"), gh.ResolveAttack()]
    assert "attack-roll" in str(gh.is_legal(state, gh.Use("alva-mastery")))


def test_g19_this_attack_action_cards_do_not_apply_to_the_axes_roll() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-throwing-axes")
    state = hand(state, 0, "bjorn-master-shot")
    state = gh.apply(gh.apply(state, gh.Use("bjorn-throwing-axes")), gh.Roll(1, 0, 0, 2))
    assert gh.Use("bjorn-master-shot") not in legal(state)
    attacked = gh.apply(gh.apply(state, gh.ResolveAttack()), gh.Attack(H(9, 5)))
    attacked = gh.apply(attacked, gh.Roll(1, 0, 0, 2))
    assert gh.Use("bjorn-master-shot") in legal(attacked)


# == Embla =========================================================================================


@pytest.mark.parametrize(("side", "cost", "amount"), [(1, 2, 2), (2, 3, 3)])
def test_embla_riposte_stops_damage_from_a_monster_next_to_her_and_hits_back(
    side: int, cost: int, amount: int
) -> None:
    state = solo("embla", H(10, 6), ("troll", H(10, 5)))
    state = set_card(state, 0, "embla-riposte", side=side, mana=cost)
    r = until(state, lambda s: gh.current_player(s) == 0 and bool(s.frames), gh.Roll(4, 0, 0, 2))
    assert legal(r.state) == [gh.Use("embla-riposte"), gh.DeclinePrevention()]
    done = until(r.state, hero_turn, gh.Use("embla-riposte"))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 4 - amount, amount)]
    assert damage_on(done.state, H(10, 5)) == amount
    assert card(done.state, 0, "embla-riposte").mana == side  # paid, then made at the turn's end


def test_embla_riposte_not_against_a_monster_further_away() -> None:
    state = solo("embla", H(9, 6), ("sprite", H(9, 4)), ("imp", H(9, 5)), players_decide=False)
    state = set_card(state, 0, "embla-riposte", mana=2)
    r = until(state, rolling, gh.Roll(0, 0, 0, 2))  # the imp's attack: nothing to prevent
    done = until(r.state, hero_turn, gh.Roll(1, 0, 0, 0))  # the sprite's, from 2 away
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 0)]
    assert card(done.state, 0, "embla-riposte").mana == 3


def test_embla_riposte_needs_its_mana() -> None:
    state = set_card(solo("embla", H(10, 6), ("troll", H(10, 5))), 0, "embla-riposte", mana=1)
    r = monster_turn(state, gh.Roll(4, 0, 0, 2))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 4, 0)]


@pytest.mark.parametrize(("side", "ranks"), [(1, (1,)), (2, (1, 2))])
def test_embla_in_charge_after_a_move_action_slay_a_low_rank_monster_next_to_her(
    side: int, ranks: tuple[int, ...]
) -> None:
    for kind, rank in (("imp", 1), ("skeleton", 2), ("draugr", 3)):
        state = in_play(
            solo("embla", gh.GRIMHEIM, (kind, H(9, 5))), 0, "embla-in-charge", side=side
        )
        state = gh.apply(state, gh.MoveTo(H(9, 6)))
        if rank in ranks:
            assert legal(state) == [gh.Use("embla-in-charge"), gh.PassWindow()]
            r = run(state, gh.Use("embla-in-charge"))
            assert r.of(gh.MonsterKilled) == [gh.MonsterKilled(kind, H(9, 5), 0, rank)]
        else:
            assert hero_turn(state)


def test_embla_in_charge_never_slays_a_legend() -> None:
    state = in_play(solo("embla", gh.GRIMHEIM), 0, "embla-in-charge", side=2)
    state = sc.place_monster(state, "seer", H(9, 5), side=1)
    assert hero_turn(gh.apply(state, gh.MoveTo(H(9, 6))))


def test_embla_flimsy_blade_one_more_die() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    first = legal(gh.apply(state, gh.Attack(H(9, 5))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 4  # Embla 3 + blade 1


@pytest.mark.parametrize("who", ["embla", "boldur"])
def test_maneuver_go_up_to_1_area(who: str) -> None:
    state = hand(solo(who, H(9, 5)), 0, f"{who}-maneuver")
    state = gh.apply(state, gh.Use(f"{who}-maneuver"))
    moves = {a.to for a in legal(state) if isinstance(a, gh.MoveTo)}
    assert moves == {H(9, 4), H(10, 4), H(8, 5), H(10, 5), H(8, 6), H(9, 6)}
    r = run(state, gh.MoveTo(H(9, 6)))
    assert sc.hero_info(r.state, who).at == H(9, 6)
    assert r.state.turn is not None and r.state.turn.actions == ()


def test_embla_courage_a_rank_3_monster_or_legend_next_to_her_takes_2_damage() -> None:
    state = hand(
        solo("embla", H(9, 6), ("troll", H(9, 5)), ("skeleton", H(10, 5))), 0, "embla-courage"
    )
    r = run(state, gh.Use("embla-courage"))
    assert damage_on(r.state, H(9, 5)) == 2 and damage_on(r.state, H(10, 5)) == 0
    legend = hand(solo("embla", H(9, 6)), 0, "embla-courage")
    legend = sc.place_monster(legend, "grendel", H(9, 5), side=2)
    assert damage_on(run(legend, gh.Use("embla-courage")).state, H(9, 5)) == 2
    brute = hand(solo("embla", H(9, 6), ("brute", H(9, 5))), 0, "embla-courage")
    assert gh.Use("embla-courage") not in legal(brute)


def test_embla_courage_on_a_draugr_its_armor_stops_1() -> None:
    state = hand(solo("embla", H(9, 6), ("draugr", H(9, 5))), 0, "embla-courage")
    assert damage_on(run(state, gh.Use("embla-courage")).state, H(9, 5)) == 1


def test_embla_durability_takes_every_damage_marker_off_one_equipment_card() -> None:
    pack = custom_pack(
        "embla",
        {"embla-flimsy-blade": {"durability": 3}, "embla-leg-guards": {"durability": 2}},
    )
    config = gh.Config(heroes=("embla",), hard_setup=True, chance="explicit", pack=pack)
    state = answer_setup(gh.new_game(config, seed=1))
    state = in_play(state, 0, "embla-leg-guards", damage=2)
    state = set_card(state, 0, "embla-flimsy-blade", damage=3)
    state = hand(state, 0, "embla-durability")
    state = gh.apply(state, gh.Use("embla-durability"))
    assert legal(state) == [gh.TargetCard("embla-flimsy-blade"), gh.TargetCard("embla-leg-guards")]
    r = run(state, gh.TargetCard("embla-flimsy-blade"))
    assert card(r.state, 0, "embla-flimsy-blade").damage == 0
    assert card(r.state, 0, "embla-leg-guards").damage == 2


def test_embla_durability_is_not_played_without_damaged_equipment() -> None:
    state = hand(solo("embla"), 0, "embla-durability")
    assert gh.Use("embla-durability") not in legal(state)


def test_embla_vigilance_once_the_monsters_moved_a_monster_next_to_her_takes_1_damage() -> None:
    state = hand(solo("embla", H(9, 6), ("imp", H(9, 4))), 0, "embla-vigilance")
    r = until(state, window)
    assert sc.monster_at(r.state, H(9, 5)) is not None  # the imp came next to her
    assert gh.Use("embla-vigilance") in legal(r.state)
    done = until(r.state, hero_turn, gh.Use("embla-vigilance"))
    assert done.of(gh.MonsterDamaged)[0] == gh.MonsterDamaged("imp", H(9, 5), 1)
    assert "embla-vigilance" in done.state.heroes[0].discard


def test_embla_vigilance_is_not_played_on_her_own_turn() -> None:
    state = hand(solo("embla", H(9, 6), ("imp", H(9, 5))), 0, "embla-vigilance")
    assert gh.Use("embla-vigilance") not in legal(state)


# == Boldur ========================================================================================


def test_boldur_rapid_strike_i_pay_3_mana_for_an_extra_attack_action_without_a_marker() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)))
    state = set_card(state, 0, "boldur-rapid-strike", mana=6)
    state = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 3), gh.Practice()).state
    assert state.turn is not None and state.turn.actions == ("attack", "practice")
    r = run(state, gh.Use("boldur-rapid-strike"), gh.Roll(2, 0, 0, 2))
    assert damage_on(r.state, H(9, 5)) == 3
    assert card(r.state, 0, "boldur-rapid-strike").mana == 3
    assert gh.Use("boldur-rapid-strike") not in legal(r.state)  # once a turn


def test_g13_a_granted_attack_uses_no_action_marker() -> None:
    state = set_card(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, "boldur-rapid-strike", mana=3)
    r = run(state, gh.Use("boldur-rapid-strike"), gh.Roll(1, 0, 0, 3))
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert gh.Attack(H(9, 5)) in legal(r.state)


def test_g13_a_granted_attack_chooses_among_monsters_in_range() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)), ("imp", H(10, 5)))
    state = set_card(state, 0, "boldur-rapid-strike", mana=3)
    state = gh.apply(state, gh.Use("boldur-rapid-strike"))
    assert legal(state) == [gh.Attack(H(9, 5)), gh.Attack(H(10, 5))]
    r = run(state, gh.Attack(H(10, 5)), gh.Roll(2, 0, 0, 2))
    assert sc.monster_at(r.state, H(10, 5)) is None


def test_g13_this_attack_action_cards_apply_to_a_granted_attack() -> None:
    pack = custom_pack(
        "boldur",
        {
            "boldur-rest": {
                "sides": [
                    {
                        "text": "After your attack roll: the attack deals 2 more damage.",
                        "uses": [
                            {
                                "when": "attack-roll",
                                "effects": [{"type": "add-damage", "amount": 2}],
                            }
                        ],
                    }
                ]
            }
        },
    )
    config = gh.Config(heroes=("boldur",), hard_setup=True, chance="explicit", pack=pack)
    state = answer_setup(gh.new_game(config, seed=1))
    state = sc.put_hero(sc.place_monster(state, "troll", H(9, 5)), "boldur", H(9, 6))
    state = hand(set_card(state, 0, "boldur-rapid-strike", mana=3), 0, "boldur-rest")
    r = run(state, gh.Use("boldur-rapid-strike"), gh.Roll(1, 0, 0, 3), gh.Use("boldur-rest"))
    assert damage_on(r.state, H(9, 5)) == 3


def test_boldur_rapid_strike_ii_pay_2_mana_no_limit_per_turn() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)))
    state = set_card(state, 0, "boldur-rapid-strike", side=2, mana=4)
    r = run(
        state,
        gh.Use("boldur-rapid-strike"),
        gh.Roll(1, 0, 0, 3),
        gh.Use("boldur-rapid-strike"),
        gh.Roll(1, 0, 0, 3),
    )
    assert damage_on(r.state, H(9, 5)) == 2
    assert card(r.state, 0, "boldur-rapid-strike").mana == 0


def test_boldur_fortified_i_once_a_turn_heal_1() -> None:
    state = in_play(sc.set_hero(solo("boldur"), "boldur", damage=3), 0, "boldur-fortified")
    r = run(state, gh.Use("boldur-fortified"))
    assert sc.hero_info(r.state, "boldur").damage == 2
    assert gh.Use("boldur-fortified") not in legal(r.state)


def test_boldur_fortified_ii_one_more_die_two_more_health() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, "boldur-fortified", side=2)
    first = legal(gh.apply(state, gh.Attack(H(10, 5))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 5
    state = sc.set_hero(state, "boldur", damage=6)  # health 6 + 2
    r = monster_turn(state, gh.Roll(2, 0, 0, 4))  # armor stops 1
    assert sc.hero_info(r.state, "boldur").damage == 7


def test_boldur_first_pick_one_more_die() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)))
    first = legal(gh.apply(state, gh.Attack(H(9, 5))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 4


def test_boldur_battle_boots_one_more_die() -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, "boldur-battle-boots")
    first = legal(gh.apply(state, gh.Attack(H(9, 5))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 5


def test_boldur_dwarf_helm_stops_1_damage_for_a_marker_until_full() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, "boldur-dwarf-helm", damage=3)
    r = monster_turn(state, gh.Roll(4, 0, 0, 2), gh.Use("boldur-dwarf-helm"))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 2)]
    assert card(r.state, 0, "boldur-dwarf-helm").damage == 4
    full = monster_turn(r.state, gh.Roll(4, 0, 0, 2))  # full: not offered any more
    assert full.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 3, 1)]


def test_boldur_dodge_when_hit_stop_up_to_2() -> None:
    state = hand(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, "boldur-dodge")
    r = monster_turn(state, gh.Roll(4, 0, 0, 2), gh.Use("boldur-dodge"))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 3)]
    assert "boldur-dodge" in r.state.heroes[0].discard


def test_boldur_miner_only_next_to_a_mountain_gain_2_gold() -> None:
    state = hand(solo("boldur", H(12, 5)), 0, "boldur-miner")  # next to (13,4)
    assert sc.hero_info(run(state, gh.Use("boldur-miner")).state, "boldur").gold == 2
    assert gh.Use("boldur-miner") not in legal(sc.put_hero(state, "boldur", H(9, 5)))
    assert gh.Use("boldur-miner") in legal(sc.put_hero(state, "boldur", H(5, 7)))  # on one


def test_boldur_short_temper_slays_a_monster_next_to_him_with_2_or_less_health_left() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)), ("imp", H(2, 9)))
    state = sc.place_monster(sc.remove_monster(state, H(9, 5)), "troll", H(9, 5), damage=5)
    state = hand(state, 0, "boldur-short-temper")
    r = run(state, gh.Use("boldur-short-temper"))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("troll", H(9, 5), 0, 3)]
    healthy = hand(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, "boldur-short-temper")
    assert gh.Use("boldur-short-temper") not in legal(healthy)


def test_boldur_gate_in_grimheim_pay_2_gold_put_a_town_piece_back() -> None:
    state = hand(
        sc.set_town(sc.set_hero(solo("boldur"), "boldur", gold=3), 2), 0, "boldur-boldurs-gate"
    )
    r = run(state, gh.Use("boldur-boldurs-gate"))
    assert sc.town_pieces(r.state) == 3
    assert sc.hero_info(r.state, "boldur").gold == 1
    assert r.of(gh.TownPiecesAdded) == [gh.TownPiecesAdded(1)]
    assert gh.Use("boldur-boldurs-gate") not in legal(sc.set_hero(state, "boldur", gold=1))
    assert gh.Use("boldur-boldurs-gate") not in legal(sc.put_hero(state, "boldur", H(9, 7)))


def test_g27_revised_boldurs_gate_raises_the_town_above_its_set_up_count_but_never_above_10() -> (
    None
):
    state = hand(sc.set_hero(solo("boldur"), "boldur", gold=3), 0, "boldur-boldurs-gate")
    assert sc.town_pieces(state) == 4
    assert sc.town_pieces(run(state, gh.Use("boldur-boldurs-gate")).state) == 5
    assert gh.Use("boldur-boldurs-gate") not in legal(sc.set_town(state, 10))


@pytest.mark.parametrize("who", ["bjorn", "alva", "embla", "boldur"])
def test_rest_heals_2_and_no_more_than_the_damage(who: str) -> None:
    state = hand(sc.set_hero(solo(who), who, damage=3), 0, f"{who}-rest")
    assert sc.hero_info(run(state, gh.Use(f"{who}-rest")).state, who).damage == 1
    one = hand(sc.set_hero(solo(who), who, damage=1), 0, f"{who}-rest")
    r = run(one, gh.Use(f"{who}-rest"))
    assert r.of(gh.HeroHealed) == [gh.HeroHealed(0, 1)]


# == G20: who is asked =============================================================================


def test_g20_a_hero_with_no_usable_card_in_play_and_an_empty_hand_is_not_asked_after_a_roll() -> (
    None
):
    state = solo("embla", H(9, 6), ("troll", H(9, 5)))
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))
    assert hero_turn(state)


def test_g20_a_hand_that_might_hold_a_usable_event_is_asked_and_passes() -> None:
    # Bjorn holds only Rest, but his hand might hold a Master Shot for all the others know
    state = hand(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-rest")
    state = run(state, gh.Focus("bjorn-sure-shot")).state
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert gh.current_player(state) == 0
    assert legal(state) == [gh.ResolveAttack()]


def test_g20_not_asked_when_every_usable_event_of_the_deck_is_in_the_discard_pile() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    spent = ["bjorn-master-shot"] * 4 + ["bjorn-perfect-aim"] * 2 + ["bjorn-piercing-arrows"] * 2
    events = list(state.heroes[0].events)
    for c in spent:
        events.remove(c)
    events.remove("bjorn-rest")
    state = with_cards(state, 0, events=events, discard=spent, hand=["bjorn-rest"])
    state = run(state, gh.Focus("bjorn-sure-shot")).state
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert hero_turn(state)


def test_g20_prevention_asked_by_public_information_only() -> None:
    # the same position with Rest or with Dodge in hand: Boldur is asked either way
    base = solo("boldur", H(10, 6), ("troll", H(10, 5)))
    asked = []
    for card_id in ("boldur-rest", "boldur-dodge"):
        state = hand(base, 0, card_id)
        r = until(
            state, lambda s: gh.current_player(s) != CHANCE or not rolling(s), gh.Roll(3, 0, 0, 3)
        )
        asked.append((gh.current_player(r.state), legal(r.state)))
    assert asked[0][0] == asked[1][0] == 0
    assert asked[0][1] == [gh.DeclinePrevention()]
    assert asked[1][1] == [gh.Use("boldur-dodge"), gh.DeclinePrevention()]


def test_g20_prevention_not_asked_with_an_empty_hand_and_nothing_in_play() -> None:
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)))
    r = monster_turn(state, gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 1)]
    assert not any(isinstance(e, gh.CardPlayed) for e in r.events)


def test_g20_after_monster_move_asked_only_where_a_card_could_be_used() -> None:
    # Embla holds a card; Vigilance could be used only with a monster next to her
    far = hand(solo("embla", H(2, 12), ("imp", H(16, 9))), 0, "embla-rest")
    r = until(far, lambda s: window(s) or sc.time_spot(s) == 2)
    assert not window(r.state)
    near = hand(solo("embla", H(9, 6), ("imp", H(9, 5))), 0, "embla-rest")
    r2 = until(near, window)
    assert legal(r2.state) == [gh.PassWindow()]
