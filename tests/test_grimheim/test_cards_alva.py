"""Alva's cards, one by one: the hero card (both sides), her six abilities, her eleven equipment
cards (each use and each quest) and her event cards, with their limits and conditions and the
rulings they pin (G19, G29, G30, G34, G35, G37, G38, G40, G42, G43).

What ``test_rules_hero_cards`` already shows of her starting cards and a few events is not
repeated here."""

from __future__ import annotations

import pytest
from tests.test_grimheim.helpers import (
    Run,
    card,
    cleared,
    damage_on,
    decision_kind,
    dice,
    end_turn,
    hand,
    hero_turn,
    in_play,
    legal,
    monster_turn,
    moves,
    on_top,
    run,
    set_card,
    solo,
    terrain,
    until,
    uses,
    wield,
    window,
    with_cards,
)

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE

H = gh.Hex

HAIL = "alva-hail-of-arrows"
TREE = "alva-treetreader"
STARSONG = "alva-starsong"
FIRE = "alva-suppressive-fire"
SNIPE = "alva-snipe"
BOW = "alva-alvas-first-bow"
FLEX = "alva-flexibility"
TIARA = "alva-tiara"
DARTS = "alva-throwing-darts"
QUIVER = "alva-quiver"
WINDBITE = "alva-windbite"
SINGING = "alva-singing-bow"
BLADE = "alva-elven-blade"
BELT = "alva-belt-of-youth"
BRACERS = "alva-alvas-bracers"
ARROWS = "alva-elven-arrows"
CRYSTAL = "alva-bloodline-crystal"
INSPIRE = "alva-inspire-defense"


# -- helpers ---------------------------------------------------------------------------------------


def completed(r: Run) -> list[gh.QuestCompleted]:
    return r.of(gh.QuestCompleted)


def clear_board(state: gh.State) -> gh.State:
    for monster in state.monsters:
        state = sc.remove_monster(state, state.config.geo.hexes[monster.at])
    return state


def quest(state: gh.State) -> int:
    return sc.hero_info(state, "alva").quest


def gold(state: gh.State) -> int:
    return sc.hero_info(state, "alva").gold


def at(state: gh.State) -> gh.Hex:
    return sc.hero_info(state, "alva").at


def hurt(state: gh.State) -> int:
    return sc.hero_info(state, "alva").damage


def kill_quest_state(card_id: str, progress: int, *monsters: tuple[str, gh.Hex, int]) -> gh.State:
    """Alva in the forest (9,6) with ``card_id``'s quest on top and damaged monsters placed."""
    state = on_top(solo("alva", H(9, 6)), card_id, progress=progress)
    for kind, where, damage in monsters:
        state = sc.place_monster(state, kind, where, damage=damage)
    return state


# == the hero card =================================================================================


def test_alva_hero_i_she_picks_the_card_that_takes_the_mana() -> None:
    state = in_play(solo("alva"), 0, FLEX)
    state = gh.apply(state, gh.MoveTo(H(9, 6)))
    assert legal(state) == [gh.TargetCard(HAIL), gh.TargetCard(FLEX)]
    r = run(state, gh.TargetCard(FLEX))
    assert card(r.state, 0, FLEX).mana == 1
    assert card(r.state, 0, HAIL).mana == 0


def test_alva_hero_i_counts_where_the_move_action_ends_not_where_it_starts() -> None:
    state = solo("alva", H(10, 4))  # a forest: the move action leaves it for plains
    assert terrain(state, H(10, 4)) == "forest" and terrain(state, H(10, 5)) == "plains"
    r = run(state, gh.MoveTo(H(10, 5)))
    assert card(r.state, 0, HAIL).mana == 0
    assert r.of(gh.CardPlayed) == []


def test_alva_hero_ii_any_movement_ending_in_a_forest_adds_1_mana() -> None:
    state = set_card(hand(solo("alva", H(9, 7)), 0, "alva-agility"), 0, "alva-hero", side=2)
    r = run(state, gh.Use("alva-agility"), gh.MoveTo(H(9, 6)))
    assert at(r.state) == H(9, 6)
    assert card(r.state, 0, HAIL).mana == 1
    assert r.of(gh.CardPlayed) == [gh.CardPlayed(0, "alva-agility"), gh.CardPlayed(0, "alva-hero")]


def test_alva_hero_ii_no_limit_each_movement_into_a_forest_counts() -> None:
    state = set_card(hand(solo("alva"), 0, "alva-agility"), 0, "alva-hero", side=2)
    state = run(state, gh.MoveTo(H(9, 6))).state  # the move action
    assert card(state, 0, HAIL).mana == 1
    r = run(state, gh.Use("alva-agility"), gh.MoveTo(H(10, 4)))  # then a card's movement
    assert terrain(r.state, H(10, 4)) == "forest"
    assert card(r.state, 0, HAIL).mana == 2


def test_alva_hero_ii_not_when_a_movement_ends_in_plains() -> None:
    state = set_card(hand(solo("alva", H(9, 6)), 0, "alva-agility"), 0, "alva-hero", side=2)
    r = run(state, gh.Use("alva-agility"), gh.MoveTo(H(9, 4)))
    assert card(r.state, 0, HAIL).mana == 0


def test_alva_hero_ii_four_strength_so_five_dice_with_the_bow() -> None:
    state = set_card(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, "alva-hero", side=2)
    assert dice(gh.apply(state, gh.Attack(H(9, 5)))) == 5


# == Hail of Arrows ================================================================================


def test_alva_hail_of_arrows_once_a_turn() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)))
    state = set_card(state, 0, HAIL, mana=6)
    r = run(state, gh.Use(HAIL))
    assert damage_on(r.state, H(9, 5)) == 1
    assert card(r.state, 0, HAIL).mana == 3
    assert uses(r.state) == []  # 3 mana left, a monster in range: used already


def test_alva_hail_of_arrows_i_needs_3_mana_and_a_monster_in_range() -> None:
    near = solo("alva", H(9, 6), ("troll", H(9, 5)))
    assert uses(set_card(near, 0, HAIL, mana=2)) == []
    assert uses(set_card(near, 0, HAIL, mana=3)) == [gh.Use(HAIL)]
    far = set_card(solo("alva", H(9, 6), ("troll", H(9, 3))), 0, HAIL, mana=3)  # 3 away
    assert uses(far) == []


def test_alva_hail_of_arrows_ii_x_mana_buys_exactly_x_different_monsters() -> None:
    """Hail of Arrows II prints: pay 1 to 4 mana, and that many different monsters in the
    attack range take 1 damage each. X is offered only with X monsters in range, and once X is
    paid Alva picks X of them: she may not stop early (no StopTargets)."""
    ring = [H(9, 5), H(10, 5), H(9, 4)]
    state = solo("alva", H(9, 6), *(("troll", at) for at in ring))
    state = set_card(state, 0, HAIL, side=2, mana=4)
    assert uses(state) == [gh.Use(HAIL, 0, 1), gh.Use(HAIL, 0, 2), gh.Use(HAIL, 0, 3)]
    state = gh.apply(gh.apply(state, gh.Use(HAIL, 0, 2)), gh.Target(H(9, 4)))
    assert set(legal(state)) == {gh.Target(H(9, 5)), gh.Target(H(10, 5))}
    r = run(state, gh.Target(H(10, 5)))
    assert [damage_on(r.state, at) for at in ring] == [0, 1, 1]
    assert card(r.state, 0, HAIL).mana == 2


def test_alva_hail_of_arrows_ii_card_text_says_that_many_different_monsters() -> None:
    """Hail of Arrows II prints X monsters for X mana, not up to X; side I prints "up to 3"."""
    text = gh.card_text(gh.Config(), HAIL)
    assert "deal 1 damage to each of up to 3 monsters" in text  # side I
    assert "deal 1 damage to each of X different monsters" in text  # side II


@pytest.mark.parametrize(("side", "made"), [(1, 1), (2, 2)])
def test_alva_hail_of_arrows_makes_mana_each_turn(side: int, made: int) -> None:
    state = set_card(solo("alva"), 0, HAIL, side=side)
    assert card(end_turn(state).state, 0, HAIL).mana == made


# == Treetreader ===================================================================================


def test_alva_treetreader_i_steps_into_a_forest_next_to_her() -> None:
    state = in_play(solo("alva", H(9, 5)), 0, TREE)
    assert uses(state) == [gh.Use(TREE, 0)]  # not in a forest: only this one
    state = gh.apply(state, gh.Use(TREE, 0))
    assert moves(state) == {H(10, 4), H(9, 6)}  # the forests next to (9,5)
    r = run(state, gh.MoveTo(H(10, 4)))
    assert at(r.state) == H(10, 4)
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert card(r.state, 0, HAIL).mana == 0  # not a move action: the hero card I does not apply


def test_alva_treetreader_i_standing_in_a_forest_steps_1_area_anywhere() -> None:
    state = in_play(solo("alva", H(9, 6)), 0, TREE)
    assert uses(state) == [gh.Use(TREE, 1)]  # no forest next to (9,6)
    state = gh.apply(state, gh.Use(TREE, 1))
    assert moves(state) == {H(9, 5), H(10, 5), H(8, 6), H(10, 6), H(8, 7), H(9, 7)}
    r = run(state, gh.MoveTo(H(9, 5)))
    assert at(r.state) == H(9, 5)


def test_g40_alva_treetreader_one_step_a_turn_whichever_option() -> None:
    state = in_play(solo("alva", H(9, 5)), 0, TREE)
    r = run(state, gh.Use(TREE, 0), gh.MoveTo(H(9, 6)))
    assert at(r.state) == H(9, 6)  # in a forest now, but the card was used this turn
    assert uses(r.state) == []
    later = monster_turn(r.state).state
    assert gh.Use(TREE, 1) in uses(later)


@pytest.mark.parametrize(("card_id", "side"), [(TREE, 1), (TREE, 2), (BELT, 1)])
def test_alva_treetreader_and_belt_of_youth_plus_2_health_she_stands_with_10_damage(
    card_id: str, side: int
) -> None:
    base = sc.set_hero(solo("alva", H(10, 6), ("imp", H(10, 5))), "alva", damage=8)
    state = in_play(base, 0, card_id, side=side)
    r = monster_turn(state, gh.Roll(2, 0, 0, 0))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 0)]
    assert r.of(gh.HeroKnockedOut) == []
    assert (at(r.state), hurt(r.state)) == (H(10, 6), 10)
    without = monster_turn(base, gh.Roll(2, 0, 0, 0))
    assert without.of(gh.HeroKnockedOut) == [gh.HeroKnockedOut(0, 2)]


def test_alva_treetreader_ii_its_step_into_a_forest_heals_1() -> None:
    state = in_play(solo("alva", H(9, 5)), 0, TREE, side=2)
    state = sc.set_hero(state, "alva", damage=3)
    r = run(state, gh.Use(TREE, 0), gh.MoveTo(H(9, 6)))
    assert hurt(r.state) == 2
    assert r.of(gh.HeroHealed) == [gh.HeroHealed(0, 1)]


def test_g30_alva_treetreader_ii_heals_along_the_walk_through_the_most_forests() -> None:
    # (9,5) to the forest (11,5): straight through the plains (10,5) enters one forest; by the
    # forest (9,6) or (10,4) two
    state = in_play(solo("alva", H(9, 5)), 0, TREE, side=2)
    state = sc.set_hero(state, "alva", damage=3)
    r = run(state, gh.MoveTo(H(11, 5)))
    assert at(r.state) == H(11, 5)
    assert hurt(r.state) == 1
    assert r.of(gh.HeroHealed) == [gh.HeroHealed(0, 1), gh.HeroHealed(0, 1)]


def test_g40_alva_treetreader_ii_the_step_is_once_a_turn_the_heal_is_not() -> None:
    state = in_play(solo("alva", H(9, 5)), 0, TREE, side=2)
    state = sc.set_hero(state, "alva", damage=3)
    state = run(state, gh.Use(TREE, 0), gh.MoveTo(H(9, 6))).state
    assert hurt(state) == 2
    r = run(state, gh.MoveTo(H(11, 5)))  # the move action into another forest
    assert hurt(r.state) == 1


def test_alva_treetreader_ii_no_heal_for_plains_nor_without_damage() -> None:
    state = in_play(solo("alva", H(9, 6)), 0, TREE, side=2)
    damaged = sc.set_hero(state, "alva", damage=3)
    r = run(damaged, gh.Use(TREE, 1), gh.MoveTo(H(9, 5)))
    assert hurt(r.state) == 3
    well = run(sc.put_hero(state, "alva", H(10, 6)), gh.MoveTo(H(11, 5)))  # undamaged
    assert at(well.state) == H(11, 5)
    assert well.of(gh.HeroHealed) == []
    assert gh.CardPlayed(0, TREE) not in well.of(gh.CardPlayed)


# == Starsong ======================================================================================


def test_g42_alva_starsong_i_draws_1_more_card_after_the_end_of_turn_draw() -> None:
    state = in_play(solo("alva"), 0, STARSONG)
    r = end_turn(state, gh.Drawn("alva-rest"), gh.Drawn("alva-prey"))
    assert r.state.heroes[0].hand == ("alva-prey", "alva-rest")
    steps = [e for e in r.events if isinstance(e, gh.EventDrawn | gh.CardPlayed)]
    assert steps == [
        gh.EventDrawn("alva-rest", seen_by=(0,)),
        gh.CardPlayed(0, STARSONG),
        gh.EventDrawn("alva-prey", seen_by=(0,)),
    ]


def test_alva_starsong_i_never_beyond_the_hand_limit() -> None:
    state = in_play(solo("alva"), 0, STARSONG)
    state = hand(state, 0, "alva-rest", "alva-rest", "alva-popular")
    r = end_turn(state)
    assert len(r.state.heroes[0].hand) == 4  # the end-of-turn draw filled the hand


def test_alva_starsong_ii_draws_2_more_cards() -> None:
    state = in_play(solo("alva"), 0, STARSONG, side=2)
    r = end_turn(state)
    assert len(r.state.heroes[0].hand) == 3


def test_alva_starsong_ii_she_may_hold_5_cards() -> None:
    state = in_play(solo("alva"), 0, STARSONG, side=2)
    state = hand(state, 0, "alva-rest", "alva-rest", "alva-popular")
    r = end_turn(state)
    assert len(r.state.heroes[0].hand) == 5
    four = in_play(solo("alva"), 0, STARSONG, side=2)
    four = hand(four, 0, "alva-rest", "alva-rest", "alva-popular", "alva-prey")
    assert gh.Prepare() in legal(four)
    side_i = set_card(four, 0, STARSONG, side=1)
    assert gh.Prepare() not in legal(side_i)


# == Suppressive Fire ==============================================================================


def offered_before_move(state: gh.State) -> list[gh.Action]:
    """End Alva's turn and run the monster turn: what she is offered before the monsters move
    (nothing when she is not asked)."""
    spot = sc.time_spot(state)
    r = until(state, lambda s: window(s) or (hero_turn(s) and sc.time_spot(s) != spot))
    return legal(r.state) if window(r.state) else []


def before_move(state: gh.State) -> gh.State:
    """End Alva's turn and stop where she is asked before the monsters move."""
    r = until(state, window)
    assert decision_kind(r.state) == "before-monster-move"
    return r.state


def test_alva_suppressive_fire_i_a_monster_3_areas_away_does_not_move() -> None:
    state = in_play(solo("alva", H(9, 6), ("brute", H(9, 3))), 0, FIRE)
    asked = before_move(state)
    assert legal(asked) == [gh.Use(FIRE), gh.PassWindow()]
    r = until(asked, hero_turn, gh.Use(FIRE))
    assert sc.monster_at(r.state, H(9, 3)) == sc.MonsterInfo("brute", 0, 0)
    assert not r.of(gh.MonsterMoved)
    free = monster_turn(state)  # not used: the brute comes on
    assert sc.monster_at(free.state, H(9, 3)) is None


def test_alva_suppressive_fire_she_picks_the_monster() -> None:
    state = solo("alva", H(9, 6), ("brute", H(9, 3)), ("goblin", H(11, 4)))
    state = in_play(state, 0, FIRE)
    asked = gh.apply(before_move(state), gh.Use(FIRE))
    assert set(legal(asked)) == {gh.Target(H(9, 3)), gh.Target(H(11, 4))}
    r = until(asked, hero_turn, gh.Target(H(11, 4)))
    assert sc.monster_at(r.state, H(11, 4)) == sc.MonsterInfo("goblin", 0, 0)
    assert sc.monster_at(r.state, H(9, 3)) is None


def test_alva_suppressive_fire_i_only_rank_1_or_2_and_up_to_3_areas() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 4)), ("brute", H(9, 2)))  # 2 and 4 away
    state = in_play(state, 0, FIRE)
    assert offered_before_move(state) == []
    r = monster_turn(state)
    assert sc.monster_at(r.state, H(9, 4)) is None and sc.monster_at(r.state, H(9, 2)) is None


def test_alva_suppressive_fire_ii_any_monster_up_to_3_areas() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 4))), 0, FIRE, side=2)
    r = monster_turn(state, gh.Use(FIRE))
    assert sc.monster_at(r.state, H(9, 4)) == sc.MonsterInfo("troll", 0, 0)


def test_g34_alva_suppressive_fire_after_the_monster_die_a_pinned_monster_does_not_charge() -> None:
    state = solo("alva", H(9, 6), ("goblin", H(11, 3)), monster_die=True)
    state = in_play(state, 0, FIRE)
    asked = until(state, window, gh.DieFace("charge"))
    assert asked.of(gh.MonsterDieRolled) == [gh.MonsterDieRolled("charge")]
    assert decision_kind(asked.state) == "before-monster-move"
    r = until(asked.state, hero_turn, gh.Use(FIRE))
    assert r.of(gh.MonsterMoved) == []
    assert sc.monster_at(r.state, H(11, 3)) == sc.MonsterInfo("goblin", 0, 0)
    control = monster_turn(state, gh.DieFace("charge"))
    assert [e.why for e in control.of(gh.MonsterMoved)] == ["move", "move", "charge"]


def test_g34_alva_suppressive_fire_counts_the_3_areas_around_grimheim() -> None:
    state = in_play(solo("alva", H(9, 7), ("brute", H(11, 9))), 0, FIRE)  # 4 around, 2 across
    assert offered_before_move(state) == []
    near = in_play(solo("alva", H(9, 7), ("brute", H(11, 8))), 0, FIRE)  # 3 around
    assert offered_before_move(near) == [gh.Use(FIRE), gh.PassWindow()]


def test_alva_suppressive_fire_is_not_used_on_her_own_turn() -> None:
    state = in_play(solo("alva", H(9, 6), ("brute", H(9, 4))), 0, FIRE)
    assert uses(state) == []


@pytest.mark.parametrize("side", [1, 2])
def test_g34_alva_suppressive_fire_not_the_same_monster_two_monster_turns_running(
    side: int,
) -> None:
    state = in_play(solo("alva", H(9, 6), ("brute", H(9, 3))), 0, FIRE, side=side)
    first = monster_turn(state, gh.Use(FIRE)).state
    assert sc.monster_at(first, H(9, 3)) == sc.MonsterInfo("brute", 0, 0)
    second = sc.place_monster(first, "goblin", H(11, 4))
    asked = gh.apply(before_move(second), gh.Use(FIRE))
    r = until(asked, hero_turn)  # the goblin is the only monster it may pin now
    assert sc.monster_at(r.state, H(11, 4)) == sc.MonsterInfo("goblin", 0, 0)
    assert sc.monster_at(r.state, H(9, 3)) is None  # the brute moved on
    assert offered_before_move(first) == []  # with the brute alone she is not even asked


def test_g34_alva_suppressive_fire_the_monster_may_be_pinned_again_a_turn_later() -> None:
    state = in_play(solo("alva", H(9, 6), ("brute", H(9, 3))), 0, FIRE)
    first = monster_turn(state, gh.Use(FIRE)).state
    assert offered_before_move(first) == []
    second = monster_turn(first)  # the brute comes next to her
    assert sc.monster_at(second.state, H(9, 5)) == sc.MonsterInfo("brute", 0, 0)
    third = before_move(second.state)
    assert legal(third) == [gh.Use(FIRE), gh.PassWindow()]


# == Snipe =========================================================================================


def test_alva_snipe_once_a_turn_and_only_in_attack_range() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 4))), 0, SNIPE)
    r = run(state, gh.Use(SNIPE), gh.Roll(1, 0, 0, 1))
    assert damage_on(r.state, H(9, 4)) == 1
    assert uses(r.state) == []
    far = in_play(solo("alva", H(9, 6), ("troll", H(9, 3))), 0, SNIPE)
    assert uses(far) == []


# == Flexibility ===================================================================================


def test_alva_flexibility_1_mana_one_more_area_on_the_move_action() -> None:
    state = in_play(solo("alva", H(9, 6)), 0, FLEX, mana=1)
    assert uses(state) == [gh.Use(FLEX, 0)]  # 1 mana: only this option
    assert gh.MoveTo(H(9, 2)) not in legal(state)  # 4 areas away
    r = run(state, gh.Use(FLEX, 0))
    assert card(r.state, 0, FLEX).mana == 0
    assert gh.MoveTo(H(9, 2)) in legal(r.state)
    assert gh.MoveTo(H(9, 1)) not in legal(r.state)  # one area more, not two
    r = run(r.state, gh.MoveTo(H(9, 2)), gh.TargetCard(HAIL))
    assert at(r.state) == H(9, 2)


def test_alva_flexibility_no_area_added_once_the_move_action_is_made() -> None:
    state = in_play(solo("alva", H(9, 6)), 0, FLEX, mana=2)
    r = run(state, gh.MoveTo(H(9, 5)))
    assert gh.Use(FLEX, 0) not in uses(r.state)


def test_alva_flexibility_2_mana_one_more_attack_range_this_turn() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 3))), 0, FLEX, mana=2)
    assert gh.Attack(H(9, 3)) not in legal(state)
    r = run(state, gh.Use(FLEX, 1))
    assert gh.Attack(H(9, 3)) in legal(r.state)
    next_turn = clear_board(monster_turn(r.state).state)
    assert at(next_turn) == H(9, 6)
    far = sc.place_monster(next_turn, "troll", H(9, 3))
    assert gh.Attack(H(9, 3)) not in legal(far)  # the bonus was for that turn


def test_alva_flexibility_2_mana_2_more_damage_to_this_attack_action() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, FLEX, mana=2)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use(FLEX, 2), gh.ResolveAttack()]
    r = run(state, gh.Use(FLEX, 2))
    assert damage_on(r.state, H(9, 5)) == 3
    assert card(r.state, 0, FLEX).mana == 0


def test_g40_alva_flexibility_one_option_a_turn() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, FLEX, mana=5)
    state = run(hand(state, 0, "alva-mastery"), gh.Use(FLEX, 1)).state
    assert uses(state) == []
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use("alva-mastery"), gh.ResolveAttack()]


def test_alva_flexibility_ii_2_mana_draws_a_card() -> None:
    state = in_play(solo("alva", H(9, 6)), 0, FLEX, side=2, mana=2)
    assert gh.Use(FLEX, 3) in uses(state)
    r = run(state, gh.Use(FLEX, 3), gh.Drawn("alva-mastery"))
    assert r.state.heroes[0].hand == ("alva-mastery",)
    assert card(r.state, 0, FLEX).mana == 0
    assert gh.Use(FLEX, 3) not in uses(set_card(state, 0, FLEX, side=1))


@pytest.mark.parametrize(("side", "made"), [(1, 1), (2, 2)])
def test_alva_flexibility_makes_mana_each_turn(side: int, made: int) -> None:
    state = in_play(solo("alva"), 0, FLEX, side=side)
    assert card(end_turn(state).state, 0, FLEX).mana == made


# == Alva's First Bow ==============================================================================


def test_alva_first_bow_one_more_die_and_attack_range_2() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 4)), ("brute", H(9, 3)))
    assert gh.Attack(H(9, 4)) in legal(state) and gh.Attack(H(9, 3)) not in legal(state)
    assert dice(gh.apply(state, gh.Attack(H(9, 4)))) == 3
    h = state.heroes[0]
    bare = with_cards(state, 0, cards=[c for c in h.cards if c.id != BOW], retired=(BOW,))
    assert gh.Attack(H(9, 4)) not in legal(bare)  # range 1 without it
    bare = sc.place_monster(bare, "imp", H(9, 5))
    assert dice(gh.apply(bare, gh.Attack(H(9, 5)))) == 2


# == Tiara =========================================================================================


def test_alva_tiara_comes_with_6_gold_and_gives_1_at_the_end_of_her_turn() -> None:
    state = sc.give_card(solo("alva"), "alva", TIARA, in_play=True)
    assert card(state, 0, TIARA).counters == 6
    r = end_turn(state)
    assert gold(r.state) == 1
    assert card(r.state, 0, TIARA).counters == 5
    assert r.of(gh.GoldGained) == [gh.GoldGained(0, 1)]


def test_g42_alva_tiara_only_at_the_end_of_her_own_turns() -> None:
    state = sc.give_card(cleared(("alva", "bjorn")), "alva", TIARA, in_play=True)
    after_alva = end_turn(state).state
    assert after_alva.turn == gh.Turn(1)
    assert gold(after_alva) == 1
    after_bjorn = end_turn(after_alva).state
    assert gold(after_bjorn) == 1
    assert sc.hero_info(after_bjorn, "bjorn").gold == 0
    assert card(after_bjorn, 0, TIARA).counters == 5


def test_alva_tiara_gives_nothing_once_empty() -> None:
    state = sc.give_card(solo("alva"), "alva", TIARA, in_play=True)
    state = sc.set_card(state, "alva", TIARA, counters=0)
    r = end_turn(state)
    assert gold(r.state) == 0
    assert gh.CardPlayed(0, TIARA) not in r.of(gh.CardPlayed)


def test_alva_tiara_quest_end_a_movement_in_the_dark_forest() -> None:
    state = on_top(solo("alva", H(9, 5)), TIARA)
    r = run(state, gh.MoveTo(H(8, 4)))
    assert state.config.geo.location[state.config.geo.area(H(8, 4))] == "dark_forest"
    assert completed(r) == [gh.QuestCompleted(0, TIARA)]
    assert card(r.state, 0, TIARA).counters == 6
    assert TIARA not in r.state.heroes[0].equipment


def test_alva_tiara_quest_any_movement_counts() -> None:
    state = hand(on_top(solo("alva", H(9, 5)), TIARA), 0, "alva-agility")
    r = run(state, gh.Use("alva-agility"), gh.MoveTo(H(8, 4)))
    assert completed(r) == [gh.QuestCompleted(0, TIARA)]


def test_alva_tiara_quest_not_in_another_forest() -> None:
    state = on_top(solo("alva", H(9, 5)), TIARA)
    r = run(state, gh.MoveTo(H(10, 4)))  # a forest, not the Dark Forest
    assert terrain(r.state, H(10, 4)) == "forest"
    assert completed(r) == []
    assert r.state.heroes[0].equipment[0] == TIARA


def test_alva_tiara_quest_only_while_face_up() -> None:
    state = solo("alva", H(9, 5))
    assert state.heroes[0].equipment[0] != TIARA
    r = run(state, gh.MoveTo(H(8, 4)))
    assert completed(r) == []


# == Throwing Darts ================================================================================


def test_alva_throwing_darts_once_a_turn_and_not_when_full() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, DARTS)
    r = run(state, gh.Use(DARTS), gh.Roll(1, 0, 0, 2))
    assert card(r.state, 0, DARTS).damage == 1
    assert uses(r.state) == []
    full = set_card(state, 0, DARTS, damage=2)
    assert uses(full) == []
    far = in_play(solo("alva", H(9, 6), ("troll", H(9, 4))), 0, DARTS)  # in range, not next
    assert uses(far) == []


def test_alva_throwing_darts_quest_practice_action_used_up_in_a_forest() -> None:
    state = on_top(solo("alva", H(9, 6)), DARTS)
    assert gh.CompleteQuest() in legal(state)
    r = run(state, gh.CompleteQuest())
    assert completed(r) == [gh.QuestCompleted(0, DARTS)]
    assert r.state.turn is not None and r.state.turn.actions == ("practice",)
    assert gh.CompleteQuest() not in legal(on_top(solo("alva", H(9, 5)), DARTS))  # plains


def test_alva_throwing_darts_quest_not_with_both_actions_taken() -> None:
    state = on_top(solo("alva", H(9, 6)), DARTS)
    state = run(state, gh.Focus(HAIL), gh.Prepare()).state
    assert state.turn is not None and len(state.turn.actions) == 2
    assert gh.CompleteQuest() not in legal(state)


# == Quiver ========================================================================================


def test_alva_quiver_one_more_die_and_a_marker_for_1_more_damage() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, QUIVER)
    state = gh.apply(state, gh.Attack(H(9, 5)))
    assert dice(state) == 4
    state = gh.apply(state, gh.Roll(1, 0, 0, 3))
    assert legal(state) == [gh.Use(QUIVER), gh.ResolveAttack()]
    r = run(state, gh.Use(QUIVER))
    assert damage_on(r.state, H(9, 5)) == 2
    assert card(r.state, 0, QUIVER).damage == 1


def test_alva_quiver_once_a_turn() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, QUIVER)
    state = hand(state, 0, "alva-speedy-attack", "alva-rest", "alva-mastery")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))
    state = run(state, gh.Use(QUIVER), gh.ResolveAttack()).state
    state = gh.apply(gh.apply(state, gh.Use("alva-speedy-attack")), gh.TargetCard("alva-rest"))
    assert gh.current_player(state) == CHANCE  # the extra attack action's roll
    state = gh.apply(state, gh.Roll(1, 0, 0, 3))
    assert legal(state) == [gh.Use("alva-mastery"), gh.ResolveAttack()]


def test_g19_alva_quiver_not_on_a_cards_roll() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, QUIVER)
    state = hand(in_play(state, 0, SNIPE), 0, "alva-piercing-arrows")
    state = gh.apply(gh.apply(state, gh.Use(SNIPE)), gh.Roll(1, 0, 1, 0))
    assert legal(state) == [gh.Use("alva-piercing-arrows"), gh.ResolveAttack()]
    assert "attack-roll" in str(gh.is_legal(state, gh.Use(QUIVER)))


def test_alva_quiver_not_when_full() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, QUIVER, damage=3)
    state = hand(state, 0, "alva-mastery")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))
    assert legal(state) == [gh.Use("alva-mastery"), gh.ResolveAttack()]


def test_g38_alva_quiver_quest_offered_at_a_rank_3_kill_instead_of_its_gold() -> None:
    state = kill_quest_state(QUIVER, 0, ("troll", H(9, 5), 6))
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert gold(state) == 3
    assert legal(state) == [gh.CompleteQuest(), gh.DeclineQuest()]
    taken = run(state, gh.CompleteQuest())
    assert completed(taken) == [gh.QuestCompleted(0, QUIVER)]
    assert gold(taken.state) == 0  # the troll's 3 gold given back
    assert QUIVER in sc.hero_info(taken.state, "alva").in_play
    left = run(state, gh.DeclineQuest())
    assert gold(left.state) == 3
    assert left.state.heroes[0].equipment[0] == QUIVER


def test_alva_quiver_quest_not_offered_for_a_rank_2_kill() -> None:
    state = kill_quest_state(QUIVER, 0, ("brute", H(9, 5), 2))
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("brute", H(9, 5), 0, 2)]
    assert gold(r.state) == 2
    assert r.state.heroes[0].equipment[0] == QUIVER


def test_g38_alva_quiver_quest_offered_for_a_kill_by_a_card() -> None:
    state = set_card(kill_quest_state(QUIVER, 0, ("troll", H(9, 4), 6)), 0, HAIL, mana=3)
    state = gh.apply(state, gh.Use(HAIL))
    assert legal(state) == [gh.CompleteQuest(), gh.DeclineQuest()]


# == Windbite ======================================================================================


def test_alva_windbite_three_more_dice_and_range_2() -> None:
    state = wield(solo("alva", H(9, 6), ("troll", H(9, 4)), ("brute", H(9, 3))), WINDBITE)
    assert gh.Attack(H(9, 4)) in legal(state) and gh.Attack(H(9, 3)) not in legal(state)
    assert dice(gh.apply(state, gh.Attack(H(9, 4)))) == 5


def test_g43_alva_windbite_each_rune_adds_a_die_the_added_dice_runes_too() -> None:
    state = wield(solo("alva", H(9, 6), ("troll", H(9, 5))), WINDBITE)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 2, 2))
    assert dice(state) == 2  # two runes: two more dice
    state = gh.apply(state, gh.Roll(1, 0, 1, 0))
    assert dice(state) == 1  # a rune among them: one more
    r = run(state, gh.Roll(1, 0, 0, 0))
    assert damage_on(r.state, H(9, 5)) == 3


def test_g43_alva_windbite_runes_of_mastery_dice_add_dice() -> None:
    state = hand(wield(solo("alva", H(9, 6), ("troll", H(9, 5))), WINDBITE), 0, "alva-mastery")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 4))
    state = gh.apply(state, gh.Use("alva-mastery"))
    assert dice(state) == 4
    state = gh.apply(state, gh.Roll(0, 0, 1, 3))
    assert dice(state) == 1
    r = run(state, gh.Roll(1, 0, 0, 0))
    assert damage_on(r.state, H(9, 5)) == 2


def test_g43_alva_windbite_runes_add_dice_to_a_cards_roll_too() -> None:
    state = in_play(wield(solo("alva", H(9, 6), ("troll", H(9, 5))), WINDBITE), 0, SNIPE)
    state = gh.apply(gh.apply(state, gh.Use(SNIPE)), gh.Roll(0, 0, 1, 1))
    assert dice(state) == 1
    r = run(state, gh.Roll(1, 0, 0, 0))
    assert damage_on(r.state, H(9, 5)) == 1


def test_alva_windbite_quest_counts_a_kill_2_areas_away() -> None:
    state = kill_quest_state(WINDBITE, 0, ("brute", H(9, 4), 2))
    r = run(state, gh.Attack(H(9, 4)), gh.Roll(1, 0, 0, 2))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("brute", H(9, 4), 0, 2)]
    assert quest(r.state) == 1


def test_alva_windbite_quest_not_for_a_kill_next_to_her() -> None:
    state = kill_quest_state(WINDBITE, 2, ("brute", H(9, 5), 2))
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("brute", H(9, 5), 0, 2)]
    assert quest(r.state) == 2


def test_alva_windbite_quest_the_fourth_kill_brings_it_in_instead_of_the_first_bow() -> None:
    state = kill_quest_state(WINDBITE, 3, ("brute", H(9, 4), 2))
    r = run(state, gh.Attack(H(9, 4)), gh.Roll(1, 0, 0, 2))
    assert completed(r) == [gh.QuestCompleted(0, WINDBITE)]
    assert sc.hero_info(r.state, "alva").in_play == ("alva-hero", HAIL, WINDBITE)
    assert r.state.heroes[0].retired == (BOW,)
    assert quest(r.state) == 0


def test_g37_alva_windbite_quest_a_kill_by_a_card_counts() -> None:
    state = set_card(kill_quest_state(WINDBITE, 0, ("brute", H(9, 4), 2)), 0, HAIL, mana=3)
    r = run(state, gh.Use(HAIL))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("brute", H(9, 4), 0, 2)]
    assert quest(r.state) == 1


def test_g37_alva_windbite_quest_progress_is_lost_under_the_deck() -> None:
    state = kill_quest_state(WINDBITE, 3)
    r = end_turn(state, gh.SwapTop("equipment"))
    assert r.state.heroes[0].equipment[-1] == WINDBITE
    assert quest(r.state) == 0


def test_g37_alva_windbite_quest_counts_only_face_up() -> None:
    state = kill_quest_state(WINDBITE, 0, ("brute", H(9, 4), 2))
    state = on_top(state, "alva-quiver")
    r = run(state, gh.Attack(H(9, 4)), gh.Roll(1, 0, 0, 2))
    assert quest(r.state) == 0
    assert r.state.heroes[0].equipment[0] == "alva-quiver"


# == Singing Bow ===================================================================================


def test_alva_singing_bow_three_more_dice_and_range_2() -> None:
    state = wield(solo("alva", H(9, 6), ("troll", H(9, 4)), ("brute", H(9, 3))), SINGING)
    assert gh.Attack(H(9, 4)) in legal(state) and gh.Attack(H(9, 3)) not in legal(state)
    assert dice(gh.apply(state, gh.Attack(H(9, 4)))) == 5


def test_alva_singing_bow_after_each_attack_action_1_mana() -> None:
    state = wield(solo("alva", H(9, 6), ("troll", H(9, 5))), SINGING)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(0, 0, 0, 5))  # a miss is an attack action too
    assert card(r.state, 0, HAIL).mana == 1
    assert gh.CardPlayed(0, SINGING) in r.of(gh.CardPlayed)


def test_alva_singing_bow_she_picks_the_card_for_the_mana() -> None:
    state = in_play(wield(solo("alva", H(9, 6), ("troll", H(9, 5))), SINGING), 0, FLEX)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(0, 0, 0, 5))
    assert legal(state) == [gh.TargetCard(HAIL), gh.TargetCard(FLEX)]
    r = run(state, gh.TargetCard(FLEX))
    assert (card(r.state, 0, HAIL).mana, card(r.state, 0, FLEX).mana) == (0, 1)


def test_alva_singing_bow_not_after_a_cards_roll() -> None:
    state = in_play(wield(solo("alva", H(9, 6), ("troll", H(9, 5))), SINGING), 0, SNIPE)
    r = run(state, gh.Use(SNIPE), gh.Roll(0, 0, 0, 2))
    assert card(r.state, 0, HAIL).mana == 0


def test_alva_singing_bow_quest_counts_dice_rolled_in_a_forest() -> None:
    state = on_top(solo("alva", H(9, 6), ("troll", H(9, 5))), SINGING)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(0, 0, 0, 3))
    assert quest(r.state) == 3


def test_alva_singing_bow_quest_not_in_plains() -> None:
    state = on_top(solo("alva", H(9, 5), ("troll", H(9, 6))), SINGING)
    r = run(state, gh.Attack(H(9, 6)), gh.Roll(0, 0, 0, 3))
    assert quest(r.state) == 0


def test_g37_alva_singing_bow_quest_added_dice_and_cards_rolls_count() -> None:
    state = in_play(on_top(solo("alva", H(9, 6), ("troll", H(9, 5))), SINGING), 0, SNIPE)
    state = hand(state, 0, "alva-mastery")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(0, 0, 0, 3), gh.Use("alva-mastery"))
    assert quest(r.state) == 3 + 4
    r = run(r.state, gh.Use(SNIPE), gh.Roll(0, 0, 0, 2))
    assert quest(r.state) == 3 + 4 + 2


def test_g37_alva_singing_bow_quest_counts_the_dice_windbite_adds() -> None:
    state = wield(on_top(solo("alva", H(9, 6), ("troll", H(9, 5))), SINGING), WINDBITE)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(0, 0, 1, 4), gh.Roll(0, 0, 0, 1))
    assert quest(r.state) == 6


def test_g37_alva_singing_bow_quest_counts_each_roll_of_multi_shot() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)), ("brute", H(9, 4)))
    state = hand(on_top(state, SINGING), 0, "alva-multi-shot")
    r = run(state, gh.Use("alva-multi-shot"), gh.Target(H(9, 5)), gh.Target(H(9, 4)))
    assert quest(r.state) == 4


def test_alva_singing_bow_quest_complete_at_10_dice() -> None:
    state = on_top(solo("alva", H(9, 6), ("troll", H(9, 5))), SINGING, progress=8)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(0, 0, 0, 3))
    assert completed(r) == [gh.QuestCompleted(0, SINGING)]
    assert sc.hero_info(r.state, "alva").in_play == ("alva-hero", HAIL, SINGING)


# == Elven Blade ===================================================================================


def test_alva_elven_blade_after_an_attack_action_a_monster_next_to_her_takes_1() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 4)), ("imp", H(10, 6))), 0, BLADE)
    r = run(state, gh.Attack(H(9, 4)), gh.Roll(0, 0, 0, 3))
    assert damage_on(r.state, H(9, 4)) == 0
    assert damage_on(r.state, H(10, 6)) == 1


def test_alva_elven_blade_acts_again_after_an_extra_attack_action() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 4)), ("imp", H(10, 6)))
    state = in_play(in_play(state, 0, BLADE), 0, BRACERS, mana=3)
    r = run(
        state,
        gh.Attack(H(9, 4)),
        gh.Roll(0, 0, 0, 3),
        gh.Use(BRACERS),
        gh.Attack(H(9, 4)),
        gh.Roll(0, 0, 0, 3),
    )
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("imp", H(10, 6), 0, 1)]  # 1 + 1
    assert gold(r.state) == 1


def test_alva_elven_blade_she_picks_among_the_monsters_next_to_her() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 4)), ("imp", H(10, 6)), ("brute", H(8, 6)))
    state = in_play(state, 0, BLADE)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 4))), gh.Roll(0, 0, 0, 3))
    assert set(legal(state)) == {gh.Target(H(10, 6)), gh.Target(H(8, 6))}
    r = run(state, gh.Target(H(8, 6)))
    assert (damage_on(r.state, H(8, 6)), damage_on(r.state, H(10, 6))) == (1, 0)


def test_alva_elven_blade_nothing_without_a_monster_next_to_her_nor_after_a_card() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 4))), 0, BLADE)
    r = run(state, gh.Attack(H(9, 4)), gh.Roll(0, 0, 0, 3))
    assert damage_on(r.state, H(9, 4)) == 0
    assert gh.CardPlayed(0, BLADE) not in r.of(gh.CardPlayed)
    snipe = in_play(sc.place_monster(state, "imp", H(10, 6)), 0, SNIPE)
    r = run(snipe, gh.Use(SNIPE), gh.Target(H(9, 4)), gh.Roll(0, 0, 0, 2))
    assert damage_on(r.state, H(10, 6)) == 0


def test_alva_elven_blade_quest_the_third_kill_next_to_her() -> None:
    state = kill_quest_state(BLADE, 2, ("brute", H(9, 5), 2))
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2))
    assert completed(r) == [gh.QuestCompleted(0, BLADE)]
    assert BLADE in sc.hero_info(r.state, "alva").in_play


def test_alva_elven_blade_quest_not_for_a_kill_2_areas_away() -> None:
    state = kill_quest_state(BLADE, 0, ("brute", H(9, 4), 2))
    r = run(state, gh.Attack(H(9, 4)), gh.Roll(1, 0, 0, 2))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("brute", H(9, 4), 0, 2)]
    assert quest(r.state) == 0
    near = kill_quest_state(BLADE, 0, ("brute", H(9, 5), 2))
    assert quest(run(near, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2)).state) == 1


# == Belt of Youth =================================================================================


def test_alva_belt_of_youth_heals_1_once_a_turn() -> None:
    state = in_play(sc.set_hero(solo("alva", H(9, 6)), "alva", damage=2), 0, BELT)
    r = run(state, gh.Use(BELT))
    assert hurt(r.state) == 1
    assert uses(r.state) == []
    assert uses(in_play(solo("alva", H(9, 6)), 0, BELT)) == []  # nothing to heal


def test_g30_alva_belt_of_youth_quest_counts_the_walk_through_the_most_forests() -> None:
    state = on_top(solo("alva", H(9, 5)), BELT)
    r = run(state, gh.MoveTo(H(11, 5)))
    assert quest(r.state) == 2


def test_g30_alva_belt_of_youth_quest_a_walk_may_come_back_and_each_entry_counts() -> None:
    # (9,7) to the forest (9,6) next to it, with 3 areas: in, out and in again
    state = on_top(solo("alva", H(9, 7)), BELT)
    r = run(state, gh.MoveTo(H(9, 6)))
    assert quest(r.state) == 2


def test_alva_belt_of_youth_quest_plains_count_nothing() -> None:
    state = on_top(solo("alva", H(15, 6)), BELT)
    r = run(state, gh.MoveTo(H(14, 6)))
    assert at(r.state) == H(14, 6)
    assert quest(r.state) == 0


def test_alva_belt_of_youth_quest_the_eighth_forest_and_any_movement_counts() -> None:
    state = in_play(on_top(solo("alva", H(9, 5)), BELT, progress=7), 0, TREE)
    r = run(state, gh.Use(TREE, 0), gh.MoveTo(H(9, 6)))
    assert completed(r) == [gh.QuestCompleted(0, BELT)]
    assert BELT in sc.hero_info(r.state, "alva").in_play


# == Alva's Bracers ================================================================================


def test_alva_bracers_3_mana_an_extra_attack_action() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, BRACERS, mana=3)
    state = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2)).state
    assert gh.Attack(H(9, 5)) not in legal(state)
    r = run(state, gh.Use(BRACERS), gh.Roll(2, 0, 0, 1))
    assert damage_on(r.state, H(9, 5)) == 3
    assert card(r.state, 0, BRACERS).mana == 0
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)


def test_alva_bracers_the_extra_attack_is_an_attack_action() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, BRACERS, mana=3)
    state = hand(state, 0, "alva-mastery")
    state = gh.apply(gh.apply(state, gh.Use(BRACERS)), gh.Roll(0, 0, 0, 3))
    assert gh.Use("alva-mastery") in legal(state)


def test_alva_bracers_once_a_turn_and_3_mana() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, BRACERS, mana=6)
    r = run(state, gh.Use(BRACERS), gh.Roll(0, 0, 0, 3))
    assert card(r.state, 0, BRACERS).mana == 3
    assert uses(r.state) == []
    assert uses(set_card(state, 0, BRACERS, mana=2)) == []


def test_alva_bracers_makes_1_mana_a_turn() -> None:
    state = in_play(solo("alva"), 0, BRACERS)
    assert card(end_turn(state).state, 0, BRACERS).mana == 1


def test_alva_bracers_quest_pay_5_gold_on_a_road() -> None:
    state = sc.set_hero(solo("alva", H(11, 6)), "alva", gold=6)
    assert state.heroes[0].equipment[0] == BRACERS
    assert state.config.geo.road[state.config.geo.area(H(11, 6))]
    r = run(state, gh.CompleteQuest())
    assert completed(r) == [gh.QuestCompleted(0, BRACERS)]
    assert gold(r.state) == 1
    assert r.state.turn is not None and r.state.turn.actions == ()


def test_alva_bracers_quest_not_off_the_road_nor_with_4_gold() -> None:
    state = sc.set_hero(solo("alva", H(10, 6)), "alva", gold=6)
    assert gh.CompleteQuest() not in legal(state)
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "alva", gh.GRIMHEIM))
    poor = sc.set_hero(solo("alva", H(11, 6)), "alva", gold=4)
    assert gh.CompleteQuest() not in legal(poor)


# == Elven Arrows ==================================================================================


def test_alva_elven_arrows_two_more_dice() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, ARROWS)
    assert dice(gh.apply(state, gh.Attack(H(9, 5)))) == 5


def test_alva_elven_arrows_quest_wake_a_troll_next_to_her_in_the_troll_caves() -> None:
    state = on_top(solo("alva", H(6, 6)), ARROWS)
    assert state.config.geo.location[state.config.geo.area(H(6, 6))] == "troll_caves"
    state = gh.apply(state, gh.CompleteQuest())
    picks = {a.at for a in legal(state) if isinstance(a, gh.Target)}
    assert H(7, 6) in picks and H(5, 6) not in picks  # not into the lake
    r = run(state, gh.Target(H(7, 6)))
    assert sc.monster_at(r.state, H(7, 6)) == sc.MonsterInfo("troll", 0, 0)
    assert completed(r) == [gh.QuestCompleted(0, ARROWS)]


def test_alva_elven_arrows_quest_not_outside_the_troll_caves() -> None:
    state = on_top(solo("alva", H(7, 6)), ARROWS)  # next to the caves
    assert gh.CompleteQuest() not in legal(state)


# == Bloodline Crystal =============================================================================


def test_alva_bloodline_crystal_3_mana_2_more_damage_to_this_attack_action() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, CRYSTAL, mana=3)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use(CRYSTAL, 0), gh.ResolveAttack()]
    r = run(state, gh.Use(CRYSTAL, 0))
    assert damage_on(r.state, H(9, 5)) == 3
    assert card(r.state, 0, CRYSTAL).mana == 0


def test_alva_bloodline_crystal_3_mana_draws_a_card() -> None:
    state = in_play(solo("alva", H(9, 6)), 0, CRYSTAL, mana=3)
    assert uses(state) == [gh.Use(CRYSTAL, 1)]
    r = run(state, gh.Use(CRYSTAL, 1), gh.Drawn("alva-rest"))
    assert r.state.heroes[0].hand == ("alva-rest",)
    assert uses(set_card(state, 0, CRYSTAL, mana=2)) == []


def test_g40_alva_bloodline_crystal_one_of_its_options_a_turn() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, CRYSTAL, mana=6)
    state = run(state, gh.Use(CRYSTAL, 1), gh.Drawn("alva-mastery")).state
    assert uses(state) == []
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.Use("alva-mastery"), gh.ResolveAttack()]


def test_alva_bloodline_crystal_makes_2_mana_a_turn() -> None:
    state = in_play(solo("alva"), 0, CRYSTAL)
    assert card(end_turn(state).state, 0, CRYSTAL).mana == 2


def test_alva_bloodline_crystal_quest_discard_2_cards_at_the_temple_ruins() -> None:
    state = hand(
        on_top(solo("alva", H(12, 4)), CRYSTAL), 0, "alva-rest", "alva-prey", "alva-popular"
    )
    state = gh.apply(state, gh.CompleteQuest())
    assert legal(state) == [
        gh.TargetCard("alva-popular"),
        gh.TargetCard("alva-prey"),
        gh.TargetCard("alva-rest"),
    ]
    r = run(state, gh.TargetCard("alva-prey"), gh.TargetCard("alva-rest"))
    assert completed(r) == [gh.QuestCompleted(0, CRYSTAL)]
    assert r.state.heroes[0].hand == ("alva-popular",)
    assert r.state.heroes[0].discard == ("alva-prey", "alva-rest")


def test_alva_bloodline_crystal_quest_needs_2_cards_and_the_temple_ruins() -> None:
    one = hand(on_top(solo("alva", H(12, 4)), CRYSTAL), 0, "alva-rest")
    assert gh.CompleteQuest() not in legal(one)
    away = hand(on_top(solo("alva", H(12, 5)), CRYSTAL), 0, "alva-rest", "alva-prey")
    assert gh.CompleteQuest() not in legal(away)


# == events ========================================================================================


def test_g29_alva_agility_two_copies_two_movements_and_the_move_action_stays() -> None:
    state = hand(solo("alva", H(9, 5)), 0, "alva-agility", "alva-agility")
    assert gh.MoveTo(H(9, 2)) not in legal(gh.apply(state, gh.Use("alva-agility")))  # 3 away
    r = run(state, gh.Use("alva-agility"), gh.MoveTo(H(9, 7)))
    assert at(r.state) == H(9, 7)
    assert gh.Use("alva-agility") in uses(r.state)
    r = run(r.state, gh.Use("alva-agility"), gh.MoveTo(H(10, 5)))
    assert at(r.state) == H(10, 5)
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert gh.MoveTo(H(9, 3)) in legal(r.state)


def test_alva_back_down_kills_a_low_rank_monster_in_range_closer_to_grimheim() -> None:
    state = hand(solo("alva", H(9, 5), ("brute", H(9, 6))), 0, "alva-back-down")
    r = run(state, gh.Use("alva-back-down"))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("brute", H(9, 6), 0, 2)]
    assert gold(r.state) == 2


def test_alva_back_down_she_picks_among_the_monsters_it_may_kill() -> None:
    state = solo("alva", H(9, 5), ("brute", H(9, 6)), ("goblin", H(10, 6)))
    state = hand(state, 0, "alva-back-down")
    state = gh.apply(state, gh.Use("alva-back-down"))
    assert set(legal(state)) == {gh.Target(H(9, 6)), gh.Target(H(10, 6))}
    r = run(state, gh.Target(H(10, 6)))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("goblin", H(10, 6), 0, 1)]


def test_alva_back_down_not_rank_3_not_farther_from_grimheim_not_out_of_range() -> None:
    troll = hand(solo("alva", H(9, 5), ("troll", H(9, 6))), 0, "alva-back-down")
    assert uses(troll) == []
    farther = hand(solo("alva", H(9, 5), ("brute", H(9, 4))), 0, "alva-back-down")
    assert uses(farther) == []
    level = hand(solo("alva", H(9, 5), ("brute", H(10, 5))), 0, "alva-back-down")  # 3 and 3
    assert uses(level) == []
    out = hand(solo("alva", H(9, 3), ("brute", H(9, 6))), 0, "alva-back-down")  # 3 away
    assert uses(out) == []


def test_alva_inspire_defense_in_grimheim_2_mana_from_her_cards_puts_a_piece_back() -> None:
    state = sc.set_town(solo("alva"), 3)
    state = in_play(set_card(state, 0, HAIL, mana=2), 0, FLEX, mana=1)
    state = gh.apply(hand(state, 0, INSPIRE), gh.Use(INSPIRE))
    assert legal(state) == [gh.TargetCard(HAIL), gh.TargetCard(FLEX)]
    r = run(state, gh.TargetCard(FLEX))  # the second mana can only come from Hail
    assert sc.town_pieces(r.state) == 4
    assert r.of(gh.TownPiecesAdded) == [gh.TownPiecesAdded(1)]
    assert (card(r.state, 0, HAIL).mana, card(r.state, 0, FLEX).mana) == (1, 0)


def test_alva_inspire_defense_she_may_pay_both_from_one_card() -> None:
    state = sc.set_town(solo("alva"), 3)
    state = in_play(set_card(state, 0, HAIL, mana=2), 0, FLEX, mana=1)
    r = run(hand(state, 0, INSPIRE), gh.Use(INSPIRE), gh.TargetCard(HAIL), gh.TargetCard(HAIL))
    assert (card(r.state, 0, HAIL).mana, card(r.state, 0, FLEX).mana) == (0, 1)
    assert sc.town_pieces(r.state) == 4


def test_alva_inspire_defense_only_in_grimheim_with_2_mana_and_a_piece_left_in_the_box() -> None:
    state = hand(set_card(sc.set_town(solo("alva"), 3), 0, HAIL, mana=2), 0, INSPIRE)
    assert uses(state) == [gh.Use(INSPIRE)]
    assert uses(sc.put_hero(state, "alva", H(9, 7))) == []
    assert uses(set_card(state, 0, HAIL, mana=1)) == []
    assert uses(sc.set_town(state, 4)) == [gh.Use(INSPIRE)]  # G27 (revised): it adds a piece
    assert uses(sc.set_town(state, 10)) == []  # G27: the game holds 10 pieces


def test_g27_revised_inspire_defense_adds_a_piece_beyond_the_solo_set_up_count() -> None:
    # the printed card: "Spend 2 mana in Grimheim to add 1 Town Piece" -- no cap but the box's
    state = hand(set_card(solo("alva"), 0, HAIL, mana=2), 0, INSPIRE)
    assert sc.town_pieces(state) == 4
    r = run(state, gh.Use(INSPIRE))
    assert sc.town_pieces(r.state) == 5
    assert r.of(gh.TownPiecesAdded) == [gh.TownPiecesAdded(1)]


def test_g29_alva_mastery_two_copies_on_one_roll() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)))
    state = hand(state, 0, "alva-mastery", "alva-mastery")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(0, 0, 0, 3))
    state = gh.apply(gh.apply(state, gh.Use("alva-mastery")), gh.Roll(1, 0, 0, 3))
    assert state.heroes[0].hand == ("alva-mastery",)
    assert gh.Use("alva-mastery") in legal(state)
    r = run(state, gh.Use("alva-mastery"), gh.Roll(2, 0, 0, 2))
    assert damage_on(r.state, H(9, 5)) == 3


def test_alva_multi_shot_rolls_2_dice_against_each_of_2_monsters() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)), ("brute", H(9, 4)), ("imp", H(9, 3)))
    state = gh.apply(hand(state, 0, "alva-multi-shot"), gh.Use("alva-multi-shot"))
    assert set(legal(state)) == {gh.Target(H(9, 5)), gh.Target(H(9, 4))}  # the imp is 3 away
    state = gh.apply(gh.apply(state, gh.Target(H(9, 4))), gh.Target(H(9, 5)))
    assert dice(state) == 2
    state = gh.apply(state, gh.Roll(2, 0, 0, 0))  # the brute, picked first
    assert damage_on(state, H(9, 4)) == 2
    assert dice(state) == 2
    r = run(state, gh.Roll(1, 0, 0, 1))
    assert damage_on(r.state, H(9, 5)) == 1
    assert r.state.turn is not None and r.state.turn.actions == ()  # no attack action


def test_alva_multi_shot_up_to_2_she_may_stop_at_one() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)), ("brute", H(9, 4)))
    state = hand(state, 0, "alva-multi-shot")
    r = run(
        state, gh.Use("alva-multi-shot"), gh.Target(H(9, 5)), gh.StopTargets(), gh.Roll(2, 0, 0, 0)
    )
    assert (damage_on(r.state, H(9, 5)), damage_on(r.state, H(9, 4))) == (2, 0)


def test_g19_alva_multi_shot_rolls_are_not_attack_actions_for_mastery() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)))
    state = hand(state, 0, "alva-multi-shot", "alva-mastery")
    state = gh.apply(gh.apply(state, gh.Use("alva-multi-shot")), gh.Roll(1, 0, 1, 0))
    assert legal(state) == [gh.ResolveAttack()]
    assert "attack-roll" in str(gh.is_legal(state, gh.Use("alva-mastery")))


def test_g19_alva_piercing_arrows_adds_its_damage_to_a_cards_roll() -> None:
    state = in_play(solo("alva", H(9, 6), ("troll", H(9, 4))), 0, SNIPE)
    state = hand(state, 0, "alva-piercing-arrows")
    r = run(state, gh.Use(SNIPE), gh.Roll(0, 0, 2, 0), gh.Use("alva-piercing-arrows"))
    assert damage_on(r.state, H(9, 4)) == 2


def test_alva_piercing_arrows_not_without_a_rune() -> None:
    state = hand(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, "alva-piercing-arrows")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 2))
    assert legal(state) == [gh.ResolveAttack()]


def test_g29_alva_popular_two_copies_4_gold() -> None:
    state = hand(solo("alva"), 0, "alva-popular", "alva-popular")
    r = run(state, gh.Use("alva-popular"), gh.Use("alva-popular"))
    assert gold(r.state) == 4
    assert r.state.heroes[0].discard == ("alva-popular", "alva-popular")


def test_g35_alva_prey_reaches_an_undamaged_rank_3_monster_anywhere() -> None:
    state = hand(solo("alva", gh.GRIMHEIM, ("troll", H(16, 9))), 0, "alva-prey")
    r = run(state, gh.Use("alva-prey"))
    assert sc.monster_at(r.state, H(16, 9)) == sc.MonsterInfo("troll", 0, 0, bounty=2)


def test_alva_prey_only_undamaged_rank_3_monsters_and_legends() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 4)), ("brute", H(10, 4)), ("imp", H(11, 4)))
    state = sc.place_monster(state, "draugr", H(12, 3), damage=1)
    state = sc.place_monster(state, "seer", H(16, 9), side=1)
    state = gh.apply(hand(state, 0, "alva-prey"), gh.Use("alva-prey"))
    assert set(legal(state)) == {gh.Target(H(9, 4)), gh.Target(H(16, 9))}
    r = run(state, gh.Target(H(16, 9)))
    seer = sc.monster_at(r.state, H(16, 9))
    assert seer is not None and seer.bounty == 2
    none = hand(solo("alva", H(9, 6), ("brute", H(9, 4))), 0, "alva-prey")
    assert uses(none) == []


def test_g35_alva_prey_played_again_on_the_same_monster_adds_up() -> None:
    state = hand(solo("alva", gh.GRIMHEIM, ("troll", H(16, 9))), 0, "alva-prey")
    state = run(state, gh.Use("alva-prey")).state
    assert state.heroes[0].discard == ("alva-prey",)
    state = hand(state, 0, "alva-prey")  # the same card back in hand
    r = run(state, gh.Use("alva-prey"))
    assert sc.monster_at(r.state, H(16, 9)) == sc.MonsterInfo("troll", 0, 0, bounty=4)


def test_g38_alva_quiver_instead_of_the_gold_gives_back_the_bounty_too() -> None:
    state = hand(on_top(solo("alva", H(9, 6), ("troll", H(9, 5))), QUIVER), 0, "alva-prey")
    state = hand(run(state, gh.Use("alva-prey")).state, 0, "alva-mastery")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 0))
    state = gh.apply(gh.apply(state, gh.Use("alva-mastery")), gh.Roll(4, 0, 0, 0))
    assert gold(state) == 5  # 3 for the troll, 2 on it
    assert legal(state) == [gh.CompleteQuest(), gh.DeclineQuest()]
    r = run(state, gh.CompleteQuest())
    assert gold(r.state) == 0
    assert r.of(gh.GoldGained) == [gh.GoldGained(0, -5)]


def test_alva_prey_her_own_kill_earns_2_more_gold() -> None:
    state = hand(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, "alva-prey", "alva-mastery")
    state = run(state, gh.Use("alva-prey")).state
    r = run(
        state, gh.Attack(H(9, 5)), gh.Roll(3, 0, 0, 0), gh.Use("alva-mastery"), gh.Roll(4, 0, 0, 0)
    )
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("troll", H(9, 5), 0, 5)]
    assert gold(r.state) == 5


def test_g35_alva_prey_the_gold_goes_to_whoever_kills_it() -> None:
    state = cleared(("alva", "bjorn"))
    state = sc.put_hero(sc.put_hero(state, "alva", H(9, 6)), "bjorn", H(10, 6))
    state = sc.place_monster(state, "troll", H(10, 5))
    state = hand(state, 0, "alva-prey")
    state = run(state, gh.Use("alva-prey"), gh.Attack(H(10, 5)), gh.Roll(3, 0, 0, 0)).state
    assert sc.monster_at(state, H(10, 5)) == sc.MonsterInfo("troll", 3, 0, bounty=2)
    state = end_turn(state).state
    assert state.turn == gh.Turn(1)
    state = set_card(state, 1, "bjorn-sure-shot", mana=3)
    r = run(
        state,
        gh.Attack(H(10, 5)),
        gh.Roll(1, 0, 0, 2),
        gh.ResolveAttack(),
        gh.Use("bjorn-sure-shot"),
    )
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("troll", H(10, 5), 1, 5)]
    assert sc.hero_info(r.state, "bjorn").gold == 5
    assert gold(r.state) == 0


def test_alva_rest_heals_2_and_is_not_played_undamaged() -> None:
    state = hand(sc.set_hero(solo("alva"), "alva", damage=4), 0, "alva-rest")
    r = run(state, gh.Use("alva-rest"))
    assert hurt(r.state) == 2
    assert uses(hand(solo("alva"), 0, "alva-rest")) == []


def test_alva_speedy_attack_discard_another_card_for_an_extra_attack_action() -> None:
    state = solo("alva", H(9, 6), ("troll", H(9, 5)))
    state = hand(state, 0, "alva-speedy-attack", "alva-rest")
    state = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 2)).state
    state = gh.apply(state, gh.Use("alva-speedy-attack"))
    assert legal(state) == [gh.TargetCard("alva-rest")]  # she says which card goes
    r = run(state, gh.TargetCard("alva-rest"), gh.Roll(2, 0, 0, 1))
    assert damage_on(r.state, H(9, 5)) == 3
    assert r.state.heroes[0].hand == ()
    assert r.state.heroes[0].discard == ("alva-rest", "alva-speedy-attack")
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)


def test_alva_speedy_attack_needs_another_card_and_a_monster_in_range() -> None:
    alone = hand(solo("alva", H(9, 6), ("troll", H(9, 5))), 0, "alva-speedy-attack")
    assert uses(alone) == []
    far = hand(solo("alva", H(9, 6), ("troll", H(9, 3))), 0, "alva-speedy-attack", "alva-rest")
    assert uses(far) == []


def test_g34_alva_take_a_knee_pins_a_monster_in_range_for_the_coming_monster_turn() -> None:
    state = hand(solo("alva", H(9, 6), ("brute", H(9, 4))), 0, "alva-take-a-knee")
    state = run(state, gh.Use("alva-take-a-knee")).state
    pinned = sc.monster_at(state, H(9, 4))
    assert pinned is not None and pinned.pinned
    r = monster_turn(state)
    assert sc.monster_at(r.state, H(9, 4)) == sc.MonsterInfo("brute", 0, 0)  # and unpinned
    assert sc.monster_at(monster_turn(r.state).state, H(9, 4)) is None  # only that turn


def test_g34_alva_take_a_knee_a_pinned_monster_does_not_charge_either() -> None:
    state = sc.set_time(solo("alva", H(11, 4), ("brute", H(9, 4))), 8)  # next: a skull
    control = monster_turn(state)
    assert [(e.to, e.why) for e in control.of(gh.MonsterMoved)] == [
        (H(9, 5), "move"),
        (H(9, 6), "charge"),
    ]
    state = run(hand(state, 0, "alva-take-a-knee"), gh.Use("alva-take-a-knee")).state
    r = monster_turn(state)
    assert r.of(gh.MonsterMoved) == []
    assert sc.monster_at(r.state, H(9, 4)) == sc.MonsterInfo("brute", 0, 0)


def test_g34_take_a_knee_a_legend_blocked_by_the_pinned_monster_does_not_swap() -> None:
    """Take a Knee prints that the monster does not move during the monster turn: a legend
    behind it does not swap places with it (that would move it); it is blocked, as by a hero."""
    state = solo("alva", H(10, 6), ("imp", H(9, 6)), ("queen", H(9, 5)))
    control = monster_turn(state)
    assert sc.monster_at(control.state, H(9, 6)) == sc.MonsterInfo("queen", 0, 1)  # G9
    state = run(hand(state, 0, "alva-take-a-knee"), gh.Use("alva-take-a-knee")).state
    assert sc.monster_at(state, H(9, 6)) == sc.MonsterInfo("imp", 0, 0, pinned=True)
    r = monster_turn(state)
    assert r.of(gh.MonsterMoved) == []
    assert sc.monster_at(r.state, H(9, 6)) == sc.MonsterInfo("imp", 0, 0)
    assert sc.monster_at(r.state, H(9, 5)) == sc.MonsterInfo("queen", 0, 1)


def test_g34_take_a_knee_a_legend_does_not_charge_into_the_pinned_monster() -> None:
    """Take a Knee: a legend's charge does not swap with the pinned monster either (G10)."""
    state = solo("alva", H(10, 6), ("imp", H(9, 6)), ("queen", H(9, 4)))
    control = monster_turn(state)
    assert ("queen", H(9, 5), H(9, 6), "charge") in [
        (e.kind, e.source, e.to, e.why) for e in control.of(gh.MonsterMoved)
    ]
    state = run(hand(state, 0, "alva-take-a-knee"), gh.Use("alva-take-a-knee")).state
    assert sc.monster_at(state, H(9, 6)) == sc.MonsterInfo("imp", 0, 0, pinned=True)
    r = monster_turn(state)
    assert [(e.kind, e.to, e.why) for e in r.of(gh.MonsterMoved)] == [("queen", H(9, 5), "move")]
    assert sc.monster_at(r.state, H(9, 6)) == sc.MonsterInfo("imp", 0, 0)


def test_g34_take_a_knee_the_monster_die_does_not_turn_a_pinned_monster() -> None:
    """Take a Knee keeps the monster from moving in the monster turn, and a maneuver of the
    monster die is a move of that turn: the pinned monster stays, and blocks the one behind it."""
    state = solo(
        "alva",
        H(10, 5),
        ("imp", H(11, 5)),
        ("goblin", H(11, 4)),
        monster_die=True,
        players_decide=False,
    )
    control = monster_turn(state, gh.DieFace("maneuver_cw"))
    assert sc.monster_at(control.state, H(10, 6)) == sc.MonsterInfo("imp", 0, 0)
    knee = gh.Use("alva-take-a-knee")
    state = run(hand(state, 0, "alva-take-a-knee"), knee, gh.Target(H(11, 5))).state
    r = monster_turn(state, gh.DieFace("maneuver_cw"))
    assert [e for e in r.of(gh.MonsterMoved) if e.why == "maneuver"] == []
    assert sc.monster_at(r.state, H(11, 5)) == sc.MonsterInfo("imp", 0, 0)
    assert sc.monster_at(r.state, H(11, 4)) == sc.MonsterInfo("goblin", 0, 0)


def test_alva_take_a_knee_not_a_legend_nor_out_of_range() -> None:
    legend = hand(solo("alva", H(9, 6)), 0, "alva-take-a-knee")
    legend = sc.place_monster(legend, "seer", H(9, 4), side=1)
    assert uses(legend) == []
    far = hand(solo("alva", H(9, 6), ("brute", H(9, 3))), 0, "alva-take-a-knee")
    assert uses(far) == []
