"""Every card of Boldur's deck does what its text says: the hero card, the six abilities (both
sides), the twelve equipment cards (their uses and their quests) and the events; with the rulings
G13, G19, G29, G30, G31, G33, G36–G41, G44 and G45."""

from __future__ import annotations

import attrs
import pytest
from tests.test_grimheim.helpers import (
    Run,
    attack_dice,
    card,
    cleared,
    custom_pack,
    damage_on,
    dice,
    events_of,
    hand,
    hero_turn,
    in_play,
    legal,
    monster_turn,
    moves,
    run,
    set_card,
    solo,
    targets,
    until,
    uses,
    with_cards,
)

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import Rng

H = gh.Hex

FIRST_PICK = "boldur-boldurs-first-pick"
RAPID = "boldur-rapid-strike"
SWEEPING = "boldur-sweeping-strike"
WRECKING = "boldur-wrecking-ball"
BEEFY = "boldur-beefy-berserker"
DREADNOUGHT = "boldur-dreadnought"
FORTIFIED = "boldur-fortified"
BOOTS = "boldur-battle-boots"
DVALIN = "boldur-dvalins-pick"
HELM = "boldur-dwarf-helm"
MAIL = "boldur-dwarf-mail"
DWARF_PICK = "boldur-dwarf-pick"
EITRI = "boldur-eitris-pick"
MINING = "boldur-mining-equipment"
OREBITER = "boldur-orebiter"
AXES = "boldur-precision-axes"
SHIELD = "boldur-shield"
SMITER = "boldur-smiterbiter"

QUESTS = (
    BOOTS,
    DVALIN,
    HELM,
    MAIL,
    DWARF_PICK,
    EITRI,
    MINING,
    OREBITER,
    AXES,
    SHIELD,
    SMITER,
)
"""Every equipment card of Boldur's with a quest (all but the First Pick)."""


# -- helpers ---------------------------------------------------------------------------------------


def boldur(state: gh.State) -> sc.HeroInfo:
    return sc.hero_info(state, "boldur")


def on_top(state: gh.State, card_id: str, *, progress: int = 0) -> gh.State:
    """``card_id`` face up on top of Boldur's equipment deck (its quest shown), with
    ``progress``."""
    rest = [c for c in state.heroes[0].equipment if c != card_id]
    return with_cards(state, 0, equipment=(card_id, *rest), known_equipment=0, quest=progress)


def wield(state: gh.State, card_id: str) -> gh.State:
    """A main weapon in play instead of the First Pick, as its quest would put it."""
    h = state.heroes[0]
    cards = [*(c for c in h.cards if c.id != FIRST_PICK), gh.CardState(card_id)]
    equipment = [c for c in h.equipment if c != card_id]
    return with_cards(
        state, 0, cards=cards, equipment=equipment, known_equipment=0, retired=(FIRST_PICK,)
    )


def hit_decision(state: gh.State, *answers: gh.Action) -> Run:
    """Run on (through the end of the turn) until Boldur is asked during a monster's attack."""
    return until(state, lambda s: gh.current_player(s) == 0 and bool(s.frames), *answers)


def quest_done(r: Run, card_id: str) -> bool:
    return (
        r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, card_id)]
        and card_id in boldur(r.state).in_play
    )


# == the hero card =================================================================================


def test_boldur_hero_i_3_dice_health_6_armor_1() -> None:
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)))
    bare = with_cards(
        state,
        0,
        cards=[c for c in state.heroes[0].cards if c.id != FIRST_PICK],
        retired=(FIRST_PICK,),
    )
    assert attack_dice(bare, H(10, 5)) == 3
    r = monster_turn(sc.set_hero(state, "boldur", damage=3), gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 1)]  # armor stops 1
    assert boldur(r.state).damage == 5  # 5 of 6: standing
    r = monster_turn(sc.set_hero(state, "boldur", damage=4), gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroKnockedOut) == [gh.HeroKnockedOut(0, 2)]  # 6 of 6
    assert boldur(r.state).at == gh.GRIMHEIM


def test_boldur_hero_ii_5_dice_health_7_armor_1() -> None:
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)))
    state = set_card(state, 0, "boldur-hero", side=2)
    assert attack_dice(state, H(10, 5)) == 6  # 5 + the First Pick
    r = monster_turn(sc.set_hero(state, "boldur", damage=4), gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 1)]
    assert r.of(gh.HeroKnockedOut) == []
    assert (boldur(r.state).at, boldur(r.state).damage) == (H(10, 6), 6)  # 6 of 7: standing


def test_boldur_hero_armor_stops_1_of_every_monster_attack() -> None:
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)), ("troll", H(11, 5)), players_decide=False)
    r = monster_turn(state, gh.Roll(3, 0, 0, 4), gh.Roll(1, 0, 0, 6))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 1), gh.HeroDamaged(0, 0, 1)]


# == Rapid Strike ==================================================================================


@pytest.mark.parametrize(("side", "cost"), [(1, 3), (2, 2)])
def test_boldur_rapid_strike_needs_its_mana(side: int, cost: int) -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)))
    state = set_card(state, 0, RAPID, side=side, mana=cost - 1)
    assert uses(state) == []
    state = set_card(state, 0, RAPID, mana=cost)
    assert uses(state) == [gh.Use(RAPID)]
    r = run(state, gh.Use(RAPID), gh.Roll(0, 0, 0, 4))
    assert card(r.state, 0, RAPID).mana == 0


def test_boldur_rapid_strike_not_offered_without_a_monster_in_range() -> None:
    state = set_card(solo("boldur", H(9, 6), ("troll", H(9, 4))), 0, RAPID, mana=3)
    assert gh.Use(RAPID) not in legal(state)


@pytest.mark.parametrize("side", [1, 2])
def test_boldur_rapid_strike_makes_1_mana_a_turn(side: int) -> None:
    state = set_card(cleared(("boldur", "bjorn")), 0, RAPID, side=side)
    assert card(run(state, gh.EndTurn()).state, 0, RAPID).mana == 1


def test_boldur_rapid_strike_i_once_a_turn_again_the_next_turn() -> None:
    state = set_card(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, RAPID, mana=6)
    state = run(state, gh.Use(RAPID), gh.Roll(0, 0, 0, 4)).state
    assert gh.Use(RAPID) not in legal(state)
    later = monster_turn(state).state
    assert card(later, 0, RAPID).mana == 4  # 3 left and 1 made
    assert gh.Use(RAPID) in legal(later)


# == Sweeping Strike ===============================================================================


def test_boldur_sweeping_strike_i_one_more_damage_to_each_attack_action() -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, SWEEPING)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 3))
    assert damage_on(r.state, H(9, 5)) == 2
    assert r.of(gh.CardPlayed) == [gh.CardPlayed(0, SWEEPING)]  # by itself


def test_g13_sweeping_strike_adds_its_damage_to_a_granted_attack_action() -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, SWEEPING)
    state = set_card(state, 0, RAPID, mana=3)
    r = run(state, gh.Use(RAPID), gh.Roll(1, 0, 0, 3))
    assert damage_on(r.state, H(9, 5)) == 2


def test_boldur_sweeping_strike_ii_one_more_damage_per_monster_next_to_him() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)), ("imp", H(10, 5)), ("imp", H(8, 6)))
    state = in_play(state, 0, SWEEPING, side=2)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 3))
    assert damage_on(r.state, H(9, 5)) == 4  # 1 hit + 3 monsters next to him


@pytest.mark.parametrize(("side", "spare"), [(1, 1), (2, 3)])
def test_g36_sweeping_strike_deals_the_damage_to_spare_to_the_next_monster_clockwise(
    side: int, spare: int
) -> None:
    # around (9,6) clockwise: (10,5) (10,6) (9,7) (8,7) (8,6) (9,5); after (9,5) comes (10,5)
    state = solo("boldur", H(9, 6), ("goblin", H(9, 5)), ("troll", H(10, 5)), ("troll", H(8, 6)))
    state = in_play(state, 0, SWEEPING, side=side)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(2, 0, 0, 2))
    assert sc.monster_at(state, H(9, 5)) is None
    assert legal(state) == [gh.Use(SWEEPING, 1), gh.ResolveAttack()]
    r = run(state, gh.Use(SWEEPING, 1))
    assert damage_on(r.state, H(10, 5)) == spare
    assert damage_on(r.state, H(8, 6)) == 0
    assert hero_turn(r.state)


def test_g36_sweeping_strike_goes_clockwise_not_counterclockwise() -> None:
    # after (10,5): (10,6) is empty, then (9,7); (9,5) is the one before, counterclockwise
    state = solo("boldur", H(9, 6), ("goblin", H(10, 5)), ("troll", H(9, 5)), ("troll", H(9, 7)))
    state = in_play(state, 0, SWEEPING)
    r = run(state, gh.Attack(H(10, 5)), gh.Roll(4, 0, 0, 0), gh.Use(SWEEPING, 1))
    assert damage_on(r.state, H(9, 7)) == 3
    assert damage_on(r.state, H(9, 5)) == 0


def test_g36_sweeping_strike_the_damage_to_spare_is_lost_when_he_goes_on() -> None:
    state = solo("boldur", H(9, 6), ("goblin", H(9, 5)), ("troll", H(10, 5)))
    state = in_play(state, 0, SWEEPING)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(4, 0, 0, 0), gh.ResolveAttack())
    assert damage_on(r.state, H(10, 5)) == 0
    assert hero_turn(r.state)
    assert gh.Use(SWEEPING, 1) not in legal(r.state)


def test_boldur_sweeping_strike_not_asked_without_another_monster_next_to_him() -> None:
    state = solo("boldur", H(9, 6), ("goblin", H(9, 5)), ("troll", H(9, 3)))
    state = in_play(state, 0, SWEEPING)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(4, 0, 0, 0))
    assert hero_turn(state)
    assert damage_on(state, H(9, 3)) == 0


def test_boldur_sweeping_strike_once_per_attack() -> None:
    # the rest kills the next goblin with damage to spare again: Sweeping Strike is spent
    state = solo("boldur", H(9, 6), ("goblin", H(9, 5)), ("goblin", H(10, 5)), ("troll", H(10, 6)))
    state = in_play(state, 0, SWEEPING)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(4, 0, 0, 0), gh.Use(SWEEPING, 1))
    assert r.of(gh.MonsterKilled) == [
        gh.MonsterKilled("goblin", H(9, 5), 0, 1),
        gh.MonsterKilled("goblin", H(10, 5), 0, 1),
    ]
    assert damage_on(r.state, H(10, 6)) == 0
    assert hero_turn(r.state)


# == Wrecking Ball =================================================================================


def test_boldur_without_wrecking_ball_an_occupied_area_is_not_a_move() -> None:
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)))
    assert H(10, 5) not in moves(state)
    assert H(10, 5) in moves(in_play(state, 0, WRECKING))


def test_g33_wrecking_ball_rams_a_monster_1_damage_shoves_it_aside_and_goes_on() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, WRECKING)
    state = gh.apply(state, gh.MoveTo(H(10, 5)))
    assert damage_on(state, H(10, 5)) == 1
    # a free area next to it, never Boldur's own
    assert targets(state) == {H(10, 4), H(11, 4), H(9, 5), H(11, 5), H(9, 6)}
    state = gh.apply(state, gh.Target(H(11, 4)))
    assert sc.monster_at(state, H(11, 4)) == sc.MonsterInfo("troll", 1, 0)
    assert boldur(state).at == H(10, 5)
    # 1 of his 3 areas used: he may go on 2 more
    assert gh.SkipMove() in legal(state)
    assert H(10, 3) in moves(state) and H(10, 2) not in moves(state)
    r = run(state, gh.MoveTo(H(10, 3)))
    assert boldur(r.state).at == H(10, 3)
    assert r.state.turn is not None and r.state.turn.actions == ("move",)


def test_g33_a_ram_two_areas_away_walks_next_to_it_first() -> None:
    state = in_play(solo("boldur", H(10, 7), ("troll", H(10, 5))), 0, WRECKING)
    state = gh.apply(gh.apply(state, gh.MoveTo(H(10, 5))), gh.Target(H(11, 4)))
    assert boldur(state).at == H(10, 5)
    assert sc.monster_at(state, H(11, 4)) == sc.MonsterInfo("troll", 1, 0)
    assert H(10, 4) in moves(state) and H(10, 3) not in moves(state)  # 1 area left of 3


def test_g33_a_rammed_monster_the_damage_kills_leaves_its_area_to_him() -> None:
    state = in_play(solo("boldur", H(10, 6)), 0, WRECKING)
    state = sc.place_monster(state, "goblin", H(10, 5), damage=1)
    r = run(state, gh.MoveTo(H(10, 5)), gh.SkipMove())
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("goblin", H(10, 5), 0, 1)]
    assert boldur(r.state).at == H(10, 5)
    assert boldur(r.state).gold == 1


def test_g33_the_armor_of_a_rammed_monster_stops_the_damage() -> None:
    state = in_play(solo("boldur", H(10, 6), ("draugr", H(10, 5))), 0, WRECKING)
    r = run(state, gh.MoveTo(H(10, 5)), gh.Target(H(11, 4)), gh.SkipMove())
    assert sc.monster_at(r.state, H(11, 4)) == sc.MonsterInfo("draugr", 0, 0)
    assert boldur(r.state).at == H(10, 5)


def test_g33_a_rammed_monster_is_never_shoved_into_grimheim() -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 7))), 0, WRECKING)
    geo = state.config.geo
    assert geo.town in geo.around[geo.area(H(9, 7))]
    state = gh.apply(state, gh.MoveTo(H(9, 7)))
    assert targets(state) == {H(10, 6), H(10, 7), H(8, 8), H(8, 7)}  # not the town


def test_g33_a_rammed_hero_takes_1_damage_and_may_be_shoved_into_grimheim() -> None:
    state = in_play(cleared(("boldur", "bjorn")), 0, WRECKING)
    state = sc.put_hero(sc.put_hero(state, "boldur", H(9, 6)), "bjorn", H(9, 7))
    state = gh.apply(state, gh.MoveTo(H(9, 7)))
    assert sc.hero_info(state, "bjorn").damage == 1
    assert gh.Target(gh.GRIMHEIM) in legal(state)
    r = run(state, gh.Target(gh.GRIMHEIM), gh.SkipMove())
    assert sc.hero_info(r.state, "bjorn").at == gh.GRIMHEIM
    assert boldur(r.state).at == H(9, 7)


def test_g33_an_unmovable_monster_takes_the_damage_and_boldur_stops_next_to_it() -> None:
    # the troll in (10,5) has no free area around it once Boldur stands in (10,6)
    walls = [H(10, 4), H(11, 4), H(9, 5), H(11, 5), H(9, 6)]
    state = solo("boldur", H(11, 6), ("troll", H(10, 5)), *(("imp", at) for at in walls))
    state = in_play(state, 0, WRECKING)
    assert H(10, 5) in moves(state)
    r = run(state, gh.MoveTo(H(10, 5)))
    assert sc.monster_at(r.state, H(10, 5)) == sc.MonsterInfo("troll", 1, 0)
    assert boldur(r.state).at == H(10, 6)


def test_g33_a_character_that_cannot_be_moved_aside_is_not_rammed() -> None:
    walls = [H(10, 4), H(11, 4), H(9, 5), H(11, 5), H(9, 6)]
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)), *(("imp", at) for at in walls))
    state = in_play(state, 0, WRECKING)
    assert H(10, 5) not in moves(state)  # no free area around the troll to shove it into
    freed = sc.remove_monster(state, H(11, 4))
    assert H(10, 5) in moves(freed)


def test_g33_a_cards_movement_rams_too() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, WRECKING)
    state = hand(state, 0, "boldur-maneuver")
    r = run(state, gh.Use("boldur-maneuver"), gh.MoveTo(H(10, 5)), gh.Target(H(11, 4)))
    assert boldur(r.state).at == H(10, 5)
    assert sc.monster_at(r.state, H(11, 4)) == sc.MonsterInfo("troll", 1, 0)
    assert r.state.turn is not None and r.state.turn.actions == ()


def test_boldur_wrecking_ball_ii_move_actions_go_4_areas() -> None:
    state = solo("boldur", H(9, 6))
    assert H(9, 2) not in moves(in_play(state, 0, WRECKING))
    ii = in_play(state, 0, WRECKING, side=2)
    assert H(9, 2) in moves(ii)
    assert boldur(run(ii, gh.MoveTo(H(9, 2))).state).at == H(9, 2)


def test_boldur_wrecking_ball_ii_not_for_a_cards_movement() -> None:
    state = hand(in_play(solo("boldur", H(9, 5)), 0, WRECKING, side=2), 0, "boldur-maneuver")
    state = gh.apply(state, gh.Use("boldur-maneuver"))
    assert moves(state) == {H(9, 4), H(10, 4), H(8, 5), H(10, 5), H(8, 6), H(9, 6)}


def test_g33_wrecking_ball_ii_rams_as_well() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, WRECKING, side=2)
    r = run(state, gh.MoveTo(H(10, 5)), gh.Target(H(11, 4)), gh.SkipMove())
    assert boldur(r.state).at == H(10, 5)
    assert damage_on(r.state, H(11, 4)) == 1


# == Beefy Berserker ===============================================================================


@pytest.mark.parametrize(("side", "dice"), [(1, 5), (2, 7)])
def test_boldur_beefy_berserker_more_dice_and_runes_hit(side: int, dice: int) -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, BEEFY, side=side)
    assert attack_dice(state, H(9, 5)) == dice
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 2, dice - 3))
    assert damage_on(r.state, H(9, 5)) == 3


def test_boldur_runes_are_misses_without_beefy_berserker() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)))
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 2, 1))
    assert damage_on(r.state, H(9, 5)) == 1


def test_boldur_beefy_berserker_runes_hit_a_monster_in_cover() -> None:
    state = in_play(solo("boldur", H(9, 5), ("troll", H(9, 6))), 0, BEEFY)
    assert state.config.geo.terrain[state.config.geo.area(H(9, 6))] == "forest"
    r = run(state, gh.Attack(H(9, 6)), gh.Roll(0, 2, 2, 1))
    assert damage_on(r.state, H(9, 6)) == 2  # the covers are stopped, the runes are not


# == Dreadnought ===================================================================================


def test_boldur_dreadnought_pay_any_mana_up_to_the_damage_prevent_that_much() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, DREADNOUGHT, mana=1)
    r = hit_decision(state, gh.Roll(4, 0, 0, 2))  # 3 damage after armor; 2 mana by then
    assert legal(r.state) == [
        gh.Use(DREADNOUGHT, 0, 1),
        gh.Use(DREADNOUGHT, 0, 2),
        gh.DeclinePrevention(),
    ]
    done = until(r.state, hero_turn, gh.Use(DREADNOUGHT, 0, 2))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 3)]
    assert card(done.state, 0, DREADNOUGHT).mana == 0


def test_boldur_dreadnought_no_more_mana_than_the_damage_and_only_its_own() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, DREADNOUGHT, mana=5)
    state = set_card(state, 0, RAPID, mana=5)
    r = hit_decision(state, gh.Roll(3, 0, 0, 3))  # 2 damage after armor
    assert legal(r.state) == [
        gh.Use(DREADNOUGHT, 0, 1),
        gh.Use(DREADNOUGHT, 0, 2),
        gh.DeclinePrevention(),
    ]
    poor = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, DREADNOUGHT)
    poor = set_card(poor, 0, RAPID, mana=5)
    r = hit_decision(poor, gh.Roll(3, 0, 0, 3))  # Dreadnought holds the 1 it made
    assert legal(r.state) == [gh.Use(DREADNOUGHT, 0, 1), gh.DeclinePrevention()]


def test_boldur_dreadnought_at_each_hit_while_its_mana_lasts() -> None:
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)), ("troll", H(11, 5)), players_decide=False)
    state = in_play(state, 0, DREADNOUGHT, mana=2)  # 3 at the monster turn
    r = hit_decision(state, gh.Roll(3, 0, 0, 4))
    assert gh.Use(DREADNOUGHT, 0, 1) in legal(r.state)
    r = hit_decision(gh.apply(r.state, gh.Use(DREADNOUGHT, 0, 1)), gh.Roll(3, 0, 0, 4))
    assert legal(r.state) == [
        gh.Use(DREADNOUGHT, 0, 1),
        gh.Use(DREADNOUGHT, 0, 2),
        gh.DeclinePrevention(),
    ]
    done = until(r.state, hero_turn, gh.Use(DREADNOUGHT, 0, 2))
    assert boldur(done.state).damage == 1
    assert card(done.state, 0, DREADNOUGHT).mana == 0


@pytest.mark.parametrize("side", [1, 2])
def test_boldur_dreadnought_makes_1_mana_a_turn(side: int) -> None:
    state = in_play(cleared(("boldur", "bjorn")), 0, DREADNOUGHT, side=side)
    assert card(run(state, gh.EndTurn()).state, 0, DREADNOUGHT).mana == 1


@pytest.mark.parametrize(("side", "back"), [(1, 0), (2, 1)])
def test_boldur_dreadnought_ii_a_monster_next_to_him_that_attacks_takes_1_damage(
    side: int, back: int
) -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, DREADNOUGHT, side=side)
    r = monster_turn(state, gh.Roll(0, 0, 0, 6))  # even an attack that misses
    assert damage_on(r.state, H(10, 5)) == back


def test_boldur_dreadnought_ii_not_a_monster_attacking_from_further_away() -> None:
    state = solo("boldur", H(9, 6), ("sprite", H(9, 4)), ("imp", H(9, 5)), players_decide=False)
    state = in_play(state, 0, DREADNOUGHT, side=2)
    r = monster_turn(state)
    assert sc.monster_at(r.state, H(9, 4)) == sc.MonsterInfo("sprite", 0, 0)
    assert damage_on(r.state, H(9, 5)) == 1
    assert len(r.of(gh.HeroDamaged)) == 2  # both attacked him


# == Fortified =====================================================================================


@pytest.mark.parametrize("side", [1, 2])
def test_boldur_fortified_heals_1_once_a_turn(side: int) -> None:
    state = sc.set_hero(solo("boldur", H(9, 6)), "boldur", damage=3)
    state = in_play(state, 0, FORTIFIED, side=side)
    r = run(state, gh.Use(FORTIFIED))
    assert boldur(r.state).damage == 2
    assert gh.Use(FORTIFIED) not in legal(r.state)
    later = monster_turn(r.state).state  # a new turn: once more
    assert gh.Use(FORTIFIED) in legal(later)


@pytest.mark.parametrize("side", [1, 2])
def test_boldur_fortified_not_offered_without_damage(side: int) -> None:
    state = in_play(solo("boldur", H(9, 6)), 0, FORTIFIED, side=side)
    assert gh.Use(FORTIFIED) not in legal(state)


def test_boldur_fortified_ii_health_8_in_all() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, FORTIFIED, side=2)
    r = monster_turn(sc.set_hero(state, "boldur", damage=5), gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroKnockedOut) == []
    assert boldur(r.state).damage == 7
    r = monster_turn(sc.set_hero(state, "boldur", damage=6), gh.Roll(3, 0, 0, 3))
    assert r.of(gh.HeroKnockedOut) == [gh.HeroKnockedOut(0, 2)]


# == Boldur's First Pick ===========================================================================


def test_boldur_first_pick_is_his_main_weapon_until_another_replaces_it() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)))
    assert attack_dice(state, H(9, 5)) == 4  # 3 + 1
    state = hand(on_top(state, EITRI), 0, "boldur-portable-smithy")
    r = run(state, gh.Use("boldur-portable-smithy"))
    assert boldur(r.state).in_play == ("boldur-hero", RAPID, EITRI)
    assert r.state.heroes[0].retired == (FIRST_PICK,)
    assert attack_dice(r.state, H(9, 5)) == 5  # 3 + 2


# == Battle Boots ==================================================================================


def test_boldur_battle_boots_quest_use_up_the_focus_action_then_one_more_die() -> None:
    state = on_top(solo("boldur", H(9, 6), ("troll", H(9, 5))), BOOTS)
    r = run(state, gh.CompleteQuest())
    assert quest_done(r, BOOTS)
    assert r.state.turn is not None and r.state.turn.actions == ("focus",)
    assert attack_dice(r.state, H(9, 5)) == 5


def test_boldur_battle_boots_quest_not_once_the_focus_action_is_taken() -> None:
    state = on_top(solo("boldur", H(9, 6), ("troll", H(9, 5))), BOOTS)
    focused = run(state, gh.Focus(RAPID)).state
    assert gh.CompleteQuest() not in legal(focused)
    two = run(state, gh.Practice(), gh.Attack(H(9, 5)), gh.Roll(0, 0, 0, 4)).state
    assert gh.CompleteQuest() not in legal(two)  # both actions of the turn are taken


# == Dvalin's Pick =================================================================================


def test_boldur_dvalins_pick_uses_up_the_attack_action_for_gold_mana_and_a_card() -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, DVALIN)
    state = in_play(state, 0, DREADNOUGHT)
    assert gh.Use(DVALIN) in legal(state)
    state = gh.apply(state, gh.Use(DVALIN))
    assert legal(state) == [gh.TargetCard(RAPID), gh.TargetCard(DREADNOUGHT)]
    r = run(state, gh.TargetCard(DREADNOUGHT), gh.Drawn("boldur-rest"))
    assert boldur(r.state).gold == 1
    assert card(r.state, 0, DREADNOUGHT).mana == 1 and card(r.state, 0, RAPID).mana == 0
    assert boldur(r.state).hand == ("boldur-rest",)
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)
    assert gh.Attack(H(9, 5)) not in legal(r.state)
    assert gh.Use(DVALIN) not in legal(r.state)


def test_boldur_dvalins_pick_not_once_the_attack_action_is_taken() -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, DVALIN)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(0, 0, 0, 4))
    assert gh.Use(DVALIN) not in legal(r.state)


def test_boldur_dvalins_pick_quest_end_a_movement_next_to_3_mountain_areas() -> None:
    state = on_top(solo("boldur", H(7, 5)), DVALIN)
    r = run(state, gh.MoveTo(H(6, 6)))  # the cave and the two around it
    assert quest_done(r, DVALIN)


def test_boldur_dvalins_pick_quest_not_where_the_movement_ends_next_to_fewer() -> None:
    state = on_top(solo("boldur", H(7, 5)), DVALIN)
    r = run(state, gh.MoveTo(H(7, 6)))  # 2 mountain areas, whatever it passed by
    assert r.of(gh.QuestCompleted) == []
    assert state.heroes[0].equipment[0] == DVALIN == r.state.heroes[0].equipment[0]


def test_boldur_dvalins_pick_quest_done_by_a_cards_movement_too() -> None:
    state = hand(on_top(solo("boldur", H(7, 5)), DVALIN), 0, "boldur-maneuver")
    r = run(state, gh.Use("boldur-maneuver"), gh.MoveTo(H(6, 6)))
    assert quest_done(r, DVALIN)


# == Dwarf Helm ====================================================================================


def test_boldur_dwarf_helm_prevents_1_per_hit_for_a_marker() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, HELM)
    r = hit_decision(state, gh.Roll(4, 0, 0, 2))
    assert legal(r.state) == [gh.Use(HELM), gh.DeclinePrevention()]
    done = until(r.state, hero_turn, gh.Use(HELM))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 2)]
    assert card(done.state, 0, HELM).damage == 1


def test_boldur_dwarf_helm_quest_pay_2_gold_at_the_temple_ruins() -> None:
    state = sc.set_hero(on_top(solo("boldur", H(12, 4)), HELM), "boldur", gold=2)
    assert state.config.geo.location[state.config.geo.area(H(12, 4))] == "temple_ruins"
    r = run(state, gh.CompleteQuest())
    assert quest_done(r, HELM)
    assert boldur(r.state).gold == 0
    assert gh.CompleteQuest() not in legal(sc.set_hero(state, "boldur", gold=1))
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "boldur", H(12, 5)))


# == Dwarf Mail ====================================================================================


def test_g44_dwarf_mail_prevents_1_of_the_first_hit_each_monster_turn_by_itself() -> None:
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)), ("troll", H(11, 5)), players_decide=False)
    state = in_play(state, 0, MAIL)
    r = monster_turn(state, gh.Roll(3, 0, 0, 4), gh.Roll(3, 0, 0, 4))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 2), gh.HeroDamaged(0, 2, 1)]
    assert r.of(gh.CardPlayed) == [gh.CardPlayed(0, MAIL)]
    again = monster_turn(
        sc.set_hero(r.state, "boldur", damage=0), gh.Roll(3, 0, 0, 4), gh.Roll(3, 0, 0, 4)
    )
    assert again.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 2), gh.HeroDamaged(0, 2, 1)]


def test_g44_dwarf_mail_waits_for_an_attack_that_would_damage_him() -> None:
    state = solo("boldur", H(10, 6), ("troll", H(10, 5)), ("troll", H(11, 5)), players_decide=False)
    state = in_play(state, 0, MAIL)
    r = monster_turn(state, gh.Roll(1, 0, 0, 6), gh.Roll(3, 0, 0, 4))  # armor stops the 1
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 0, 1), gh.HeroDamaged(0, 1, 2)]


def test_g30_dwarf_mail_quest_counts_the_walk_that_enters_most_areas_next_to_mountains() -> None:
    # (8,5) to (8,6) is one step, next to no mountain; by (7,6) and (7,7) it enters two
    state = on_top(solo("boldur", H(8, 5)), MAIL)
    r = run(state, gh.MoveTo(H(8, 6)))
    assert boldur(r.state).at == H(8, 6)
    assert boldur(r.state).quest == 2


def test_boldur_dwarf_mail_quest_done_at_the_seventh_area() -> None:
    state = on_top(solo("boldur", H(8, 5)), MAIL, progress=5)
    r = run(state, gh.MoveTo(H(8, 6)))
    assert quest_done(r, MAIL)
    assert boldur(r.state).quest == 0
    four = on_top(solo("boldur", H(8, 5)), MAIL, progress=4)
    r = run(four, gh.MoveTo(H(8, 6)))
    assert r.of(gh.QuestCompleted) == []
    assert boldur(r.state).quest == 6


def test_g37_dwarf_mail_quest_counts_only_while_face_up() -> None:
    state = on_top(solo("boldur", H(8, 5)), BOOTS)
    r = run(state, gh.MoveTo(H(8, 6)))
    assert boldur(r.state).quest == 0
    assert r.state.heroes[0].equipment[:2] == (BOOTS, DVALIN)


def test_g37_quest_progress_is_lost_when_the_card_goes_under_the_deck() -> None:
    state = on_top(solo("boldur", H(8, 5)), MAIL, progress=6)
    r = run(state, gh.EndTurn(), gh.SwapTop("equipment"))
    assert r.state.heroes[0].equipment[-1] == MAIL
    assert boldur(r.state).quest == 0


# == Dwarf Pick ====================================================================================


def test_boldur_dwarf_pick_one_more_die() -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, DWARF_PICK)
    assert attack_dice(state, H(9, 5)) == 5


def test_g37_dwarf_pick_quest_kill_3_monsters_by_any_means() -> None:
    state = solo("boldur", H(9, 6), ("goblin", H(9, 5)), ("goblin", H(10, 5)))
    state = sc.place_monster(state, "goblin", H(10, 6), damage=1)
    state = hand(on_top(state, DWARF_PICK), 0, "boldur-short-temper", "boldur-kick")
    state = run(state, gh.Attack(H(9, 5)), gh.Roll(2, 0, 0, 2)).state  # an attack action
    assert boldur(state).quest == 1
    state = run(state, gh.Use("boldur-short-temper"), gh.Target(H(10, 5))).state  # a card
    assert boldur(state).quest == 2
    r = run(state, gh.Use("boldur-kick"))  # a card's damage
    assert quest_done(r, DWARF_PICK)
    assert len(r.state.monsters) == 0


def test_g37_a_kill_counts_only_for_a_kill_quest_face_up() -> None:
    state = on_top(solo("boldur", H(9, 6), ("goblin", H(9, 5))), MAIL, progress=2)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(2, 0, 0, 2))
    assert r.of(gh.MonsterKilled) != []
    assert boldur(r.state).quest == 2  # the Dwarf Mail counts areas, not kills
    assert r.state.heroes[0].equipment[0] == MAIL


# == Eitri's Pick ==================================================================================


def test_boldur_eitris_pick_main_weapon_two_more_dice() -> None:
    state = wield(solo("boldur", H(9, 6), ("troll", H(9, 5))), EITRI)
    assert attack_dice(state, H(9, 5)) == 5


def test_g13_eitris_pick_an_attack_action_from_rapid_strike_rolls_2_more_dice() -> None:
    state = wield(solo("boldur", H(9, 6), ("troll", H(9, 5))), EITRI)
    state = set_card(state, 0, RAPID, mana=3)
    state = gh.apply(state, gh.Use(RAPID))
    assert dice(state) == 5
    state = gh.apply(state, gh.Roll(1, 0, 0, 4))
    assert dice(state) == 2  # by itself
    r = run(state, gh.Roll(2, 0, 0, 0))
    assert damage_on(r.state, H(9, 5)) == 3
    assert hero_turn(r.state)


def test_boldur_eitris_pick_no_more_dice_for_the_attack_action_of_his_own_marker() -> None:
    state = wield(solo("boldur", H(9, 6), ("troll", H(9, 5))), EITRI)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 4))
    assert hero_turn(state)
    assert damage_on(state, H(9, 5)) == 1


def test_boldur_eitris_pick_quest_end_a_movement_next_to_4_monsters() -> None:
    ring = [H(10, 5), H(10, 6), H(9, 7), H(8, 7)]
    state = on_top(solo("boldur", H(9, 5), *(("imp", at) for at in ring)), EITRI)
    r = run(state, gh.MoveTo(H(9, 6)))
    assert quest_done(r, EITRI)
    three = on_top(solo("boldur", H(9, 5), *(("imp", at) for at in ring[:3])), EITRI)
    r = run(three, gh.MoveTo(H(9, 6)))
    assert r.of(gh.QuestCompleted) == []


def test_boldur_eitris_pick_quest_or_next_to_a_legend() -> None:
    state = on_top(solo("boldur", H(9, 5)), EITRI)
    state = sc.place_monster(state, "hrungbald", H(10, 6), side=1)
    r = run(state, gh.MoveTo(H(9, 6)))
    assert quest_done(r, EITRI)


# == Mining Equipment ==============================================================================


def test_boldur_mining_equipment_2_gold_next_to_a_mountain_area_for_a_marker() -> None:
    state = in_play(solo("boldur", H(12, 5)), 0, MINING)  # next to (13,4)
    assert uses(state) == [gh.Use(MINING, 0)]
    r = run(state, gh.Use(MINING, 0))
    assert boldur(r.state).gold == 2
    assert card(r.state, 0, MINING).damage == 1
    assert uses(r.state) == []  # once a turn


def test_g40_mining_equipment_one_of_its_two_uses_a_turn() -> None:
    state = in_play(solo("boldur", H(10, 13)), 0, MINING)  # next to 3 mountain areas
    assert uses(state) == [gh.Use(MINING, 0), gh.Use(MINING, 1)]
    r = run(state, gh.Use(MINING, 1))
    assert boldur(r.state).gold == 3
    assert uses(r.state) == []
    later = monster_turn(r.state).state
    assert boldur(later).at == H(10, 13)
    assert uses(later) == [gh.Use(MINING, 0), gh.Use(MINING, 1)]


def test_boldur_mining_equipment_not_away_from_mountains_nor_when_full() -> None:
    assert uses(in_play(solo("boldur", H(9, 6)), 0, MINING)) == []
    assert uses(in_play(solo("boldur", H(12, 5)), 0, MINING, damage=2)) == []


def test_boldur_mining_equipment_quest_pay_3_gold() -> None:
    state = sc.set_hero(on_top(solo("boldur", H(9, 6)), MINING), "boldur", gold=3)
    r = run(state, gh.CompleteQuest())
    assert quest_done(r, MINING)
    assert boldur(r.state).gold == 0
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert gh.CompleteQuest() not in legal(sc.set_hero(state, "boldur", gold=2))


# == Orebiter ======================================================================================


def test_g45_orebiter_an_empty_mountain_area_next_to_him_gives_1_gold_per_damage() -> None:
    state = in_play(solo("boldur", H(12, 5)), 0, OREBITER)
    assert state.config.geo.terrain[state.config.geo.area(H(13, 4))] == "mountain"
    assert [a for a in legal(state) if isinstance(a, gh.Attack)] == [gh.Attack(H(13, 4))]
    r = run(state, gh.Attack(H(13, 4)), gh.Roll(2, 0, 0, 2))
    assert boldur(r.state).gold == 2
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)


def test_boldur_no_mountain_attack_without_orebiter() -> None:
    state = solo("boldur", H(12, 5))
    assert not any(isinstance(a, gh.Attack) for a in legal(state))


def test_g45_orebiter_a_monster_on_a_mountain_gives_its_own_gold_only() -> None:
    state = in_play(solo("boldur", H(12, 5), ("goblin", H(13, 4))), 0, OREBITER)
    r = run(state, gh.Attack(H(13, 4)), gh.Roll(4, 0, 0, 0))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("goblin", H(13, 4), 0, 1)]
    assert boldur(r.state).gold == 1


def test_boldur_orebiter_quest_pay_2_gold() -> None:
    state = sc.set_hero(on_top(solo("boldur", H(9, 6)), OREBITER), "boldur", gold=2)
    r = run(state, gh.CompleteQuest())
    assert quest_done(r, OREBITER)
    assert boldur(r.state).gold == 0
    assert gh.CompleteQuest() not in legal(sc.set_hero(state, "boldur", gold=1))


# == Precision Axes ================================================================================


def test_boldur_precision_axes_1_damage_armor_does_not_stop_once_a_turn() -> None:
    state = in_play(solo("boldur", H(9, 6), ("draugr", H(9, 5))), 0, AXES)
    r = run(state, gh.Use(AXES))
    assert damage_on(r.state, H(9, 5)) == 1  # the draugr's armor does not stop it
    assert card(r.state, 0, AXES).damage == 1
    assert gh.Use(AXES) not in legal(r.state)


def test_boldur_precision_axes_a_monster_next_to_him() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)), ("troll", H(10, 5)), ("troll", H(9, 4)))
    state = gh.apply(in_play(state, 0, AXES), gh.Use(AXES))
    assert targets(state) == {H(9, 5), H(10, 5)}
    r = run(state, gh.Target(H(10, 5)))
    assert [damage_on(r.state, at) for at in (H(9, 5), H(10, 5), H(9, 4))] == [0, 1, 0]
    far = in_play(solo("boldur", H(9, 6), ("troll", H(9, 4))), 0, AXES)
    assert gh.Use(AXES) not in legal(far)
    full = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, AXES, damage=3)
    assert gh.Use(AXES) not in legal(full)


def test_boldur_precision_axes_quest_use_up_the_practice_action_in_a_forest() -> None:
    state = on_top(solo("boldur", H(9, 6)), AXES)
    r = run(state, gh.CompleteQuest())
    assert quest_done(r, AXES)
    assert r.state.turn is not None and r.state.turn.actions == ("practice",)
    assert boldur(r.state).gold == 0
    assert gh.CompleteQuest() not in legal(sc.put_hero(state, "boldur", H(9, 5)))  # plains
    practiced = run(state, gh.Practice()).state
    assert gh.CompleteQuest() not in legal(practiced)


# == Shield ========================================================================================


def test_boldur_shield_prevents_2_per_hit_for_a_marker() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, SHIELD)
    r = hit_decision(state, gh.Roll(5, 0, 0, 1))
    assert legal(r.state) == [gh.Use(SHIELD), gh.DeclinePrevention()]
    done = until(r.state, hero_turn, gh.Use(SHIELD))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 3)]
    assert card(done.state, 0, SHIELD).damage == 1


def test_boldur_shield_not_offered_when_full() -> None:
    state = in_play(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, SHIELD, damage=2)
    r = monster_turn(state, gh.Roll(5, 0, 0, 1))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 4, 1)]
    assert r.of(gh.CardPlayed) == []


def test_boldur_shield_quest_enter_the_ogre_valley() -> None:
    state = on_top(solo("boldur", H(5, 8)), SHIELD)
    assert state.config.geo.location[state.config.geo.area(H(4, 8))] == "ogre_valley"
    r = run(state, gh.MoveTo(H(4, 8)))
    assert quest_done(r, SHIELD)


def test_g30_shield_quest_a_walk_through_the_ogre_valley_enters_it() -> None:
    state = on_top(solo("boldur", H(5, 8)), SHIELD)
    r = run(state, gh.MoveTo(H(5, 9)))  # by (4,8) and (4,9), three areas
    assert boldur(r.state).at == H(5, 9)
    assert quest_done(r, SHIELD)


def test_boldur_shield_quest_not_by_entering_another_location() -> None:
    state = on_top(solo("boldur", H(12, 5)), SHIELD)
    r = run(state, gh.MoveTo(H(12, 4)))  # the Temple Ruins
    assert r.of(gh.QuestCompleted) == []
    assert r.state.heroes[0].equipment[0] == SHIELD


def test_g38_shield_quest_kill_a_troll_and_take_the_card_instead_of_its_gold() -> None:
    state = on_top(solo("boldur", H(9, 6)), SHIELD)
    state = sc.place_monster(state, "troll", H(9, 5), damage=5)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(2, 0, 0, 2))
    assert boldur(state).gold == 3
    assert legal(state) == [gh.CompleteQuest(), gh.DeclineQuest()]
    r = run(state, gh.CompleteQuest())
    assert quest_done(r, SHIELD)
    assert boldur(r.state).gold == 0


def test_g38_shield_quest_declined_keeps_the_gold_and_the_quest() -> None:
    state = on_top(solo("boldur", H(9, 6)), SHIELD)
    state = sc.place_monster(state, "troll", H(9, 5), damage=5)
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(2, 0, 0, 2), gh.DeclineQuest())
    assert boldur(r.state).gold == 3
    assert r.state.heroes[0].equipment[0] == SHIELD
    assert SHIELD not in boldur(r.state).in_play


def test_g38_shield_quest_not_offered_for_another_monster() -> None:
    state = on_top(solo("boldur", H(9, 6), ("brute", H(9, 5))), SHIELD)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(3, 0, 0, 1))
    assert hero_turn(state)
    assert boldur(state).gold == 2


# == Smiterbiter ===================================================================================


def test_boldur_smiterbiter_main_weapon_one_more_die() -> None:
    state = wield(solo("boldur", H(9, 6), ("troll", H(9, 5))), SMITER)
    assert attack_dice(state, H(9, 5)) == 4


def test_g36_smiterbiter_stores_the_damage_to_spare_3_at_most() -> None:
    state = wield(solo("boldur", H(9, 6), ("goblin", H(9, 5))), SMITER)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(4, 0, 0, 0))
    assert legal(state) == [gh.Use(SMITER, 0), gh.ResolveAttack()]
    r = run(state, gh.Use(SMITER, 0))
    assert card(r.state, 0, SMITER).counters == 2
    again = wield(solo("boldur", H(9, 6), ("goblin", H(9, 5))), SMITER)
    again = sc.set_card(again, "boldur", SMITER, counters=2)
    r = run(again, gh.Attack(H(9, 5)), gh.Roll(4, 0, 0, 0), gh.ResolveAttack(), gh.Use(SMITER, 0))
    assert card(r.state, 0, SMITER).counters == 3


def test_boldur_smiterbiter_not_asked_to_store_when_full() -> None:
    state = wield(solo("boldur", H(9, 6), ("goblin", H(9, 5))), SMITER)
    state = sc.set_card(state, "boldur", SMITER, counters=3)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(4, 0, 0, 0))
    assert legal(state)[-1] == gh.ResolveAttack()  # the stored damage may be added
    state = gh.apply(state, gh.ResolveAttack())
    assert hero_turn(state)  # not asked to store more


def test_boldur_smiterbiter_adds_stored_damage_to_an_attack_action_once_a_turn() -> None:
    state = wield(solo("boldur", H(9, 6), ("troll", H(9, 5))), SMITER)
    state = sc.set_card(set_card(state, 0, RAPID, mana=3), "boldur", SMITER, counters=3)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))
    assert legal(state) == [
        gh.Use(SMITER, 1, 1),
        gh.Use(SMITER, 1, 2),
        gh.Use(SMITER, 1, 3),
        gh.ResolveAttack(),
    ]
    state = run(state, gh.Use(SMITER, 1, 2)).state
    assert damage_on(state, H(9, 5)) == 3
    assert card(state, 0, SMITER).counters == 1
    state = gh.apply(gh.apply(state, gh.Use(RAPID)), gh.Roll(1, 0, 0, 3))
    assert gh.Use(SMITER, 1, 1) not in legal(state)  # once a turn


def test_boldur_smiterbiter_takes_off_no_more_than_it_holds() -> None:
    state = wield(solo("boldur", H(9, 6), ("troll", H(9, 5))), SMITER)
    state = sc.set_card(state, "boldur", SMITER, counters=1)
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))
    assert legal(state) == [gh.Use(SMITER, 1, 1), gh.ResolveAttack()]


def test_g36_the_damage_to_spare_goes_to_one_card_the_hero_picks() -> None:
    base = solo("boldur", H(9, 6), ("goblin", H(9, 5)), ("troll", H(10, 5)))
    base = in_play(wield(base, SMITER), 0, SWEEPING)
    base = gh.apply(gh.apply(base, gh.Attack(H(9, 5))), gh.Roll(4, 0, 0, 0))  # 5: 3 to spare
    assert legal(base) == [gh.Use(SMITER, 0), gh.Use(SWEEPING, 1), gh.ResolveAttack()]
    stored = run(base, gh.Use(SMITER, 0))
    assert card(stored.state, 0, SMITER).counters == 3
    assert damage_on(stored.state, H(10, 5)) == 0
    swept = run(base, gh.Use(SWEEPING, 1))
    assert damage_on(swept.state, H(10, 5)) == 3
    assert card(swept.state, 0, SMITER).counters == 0


def test_boldur_smiterbiter_quest_end_a_movement_in_the_marsh_of_sorrow() -> None:
    state = on_top(solo("boldur", H(15, 8)), SMITER)
    assert state.config.geo.location[state.config.geo.area(H(16, 8))] == "marsh_of_sorrow"
    r = run(state, gh.MoveTo(H(16, 8)))
    assert quest_done(r, SMITER)
    through = run(state, gh.MoveTo(H(15, 9)))  # it may pass the marsh, it ends outside
    assert through.of(gh.QuestCompleted) == []


# == Berserk =======================================================================================


def test_boldur_berserk_take_1_damage_for_3_more_damage() -> None:
    state = hand(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, "boldur-berserk")
    assert gh.Use("boldur-berserk") not in legal(state)  # not between actions
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))
    assert legal(state) == [gh.Use("boldur-berserk"), gh.ResolveAttack()]
    r = run(state, gh.Use("boldur-berserk"))
    assert damage_on(r.state, H(9, 5)) == 4
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 0)]
    assert boldur(r.state).damage == 1


def berserk_on_the_brink(
    *monsters: tuple[str, gh.Hex],
    town: int = 4,
    berserks: int = 1,
    sweeping: bool = False,
    damage: int = 5,
) -> gh.State:
    """Boldur at (9,6) with ``damage`` (5: one short of his 6 health), ``berserks`` Berserks in
    hand (and Sweeping Strike in play), attacking the monster at (9,5) (the first of
    ``monsters``) with 1 hit rolled; the town at ``town`` pieces."""
    state = hand(solo("boldur", H(9, 6), *monsters), 0, *["boldur-berserk"] * berserks)
    if sweeping:
        state = in_play(state, 0, SWEEPING)
    state = sc.set_town(sc.set_hero(state, "boldur", damage=damage), town)
    return gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 0, 3))


def test_g39_berserk_at_any_damage_the_knock_out_happens_and_the_attack_is_dealt() -> None:
    """Berserk prints: take 1 damage nothing prevents to add 3 damage to this attack — with no
    exception for a hero about to fall. Boldur is knocked out (to Grimheim, damage 5, 2 town
    pieces), and the attack, rolled and paid for, still deals its damage with the +3 (G39)."""
    state = berserk_on_the_brink(("troll", H(9, 5)))
    assert legal(state) == [gh.Use("boldur-berserk"), gh.ResolveAttack()]
    r = run(state, gh.Use("boldur-berserk"))
    assert r.of(gh.HeroKnockedOut) == [gh.HeroKnockedOut(0, 2)]
    assert (boldur(r.state).at, boldur(r.state).damage) == (gh.GRIMHEIM, 5)
    assert sc.town_pieces(r.state) == 2
    assert damage_on(r.state, H(9, 5)) == 4  # 1 hit + 3
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 0)]


def test_g39_berserk_knock_out_ends_the_attack_and_the_turn_goes_on_from_grimheim() -> None:
    """Berserk's knock-out: the rest of the attack does not come — no more cards on the roll, no
    damage to spare (Sweeping Strike), as a hero knocked out by a monster does not hit back —
    and Boldur plays on the rest of his turn in Grimheim, as after any knock-out (G39)."""
    state = berserk_on_the_brink(
        ("goblin", H(9, 5)), ("troll", H(10, 5)), berserks=2, sweeping=True
    )
    r = gh.step(state, gh.Use("boldur-berserk"))  # 1 hit + 1 + 3: the goblin dies, 3 to spare
    assert events_of(r.events, gh.MonsterKilled) == [gh.MonsterKilled("goblin", H(9, 5), 0, 1)]
    assert hero_turn(r.state)  # neither the second Berserk nor Sweeping Strike is asked
    assert damage_on(r.state, H(10, 5)) == 0
    assert r.state.turn is not None and r.state.turn.actions == ("attack",)
    assert gh.Mend() in legal(r.state) and moves(r.state)


def test_g39_berserk_knock_out_with_2_town_pieces_left_loses_the_game() -> None:
    """Berserk's knock-out removes 2 town pieces like any other: with 2 left, the town falls."""
    r = run(berserk_on_the_brink(("troll", H(9, 5)), town=2), gh.Use("boldur-berserk"))
    assert r.state.won is False and sc.town_pieces(r.state) == 0


def test_g39_the_defender_agent_plays_no_berserk_that_knocks_boldur_out() -> None:
    """Berserk may now knock Boldur out (G39); the defender agent does not pay that cost, and
    plays it when Boldur can take the damage."""
    for damage, best in ((5, gh.ResolveAttack()), (4, gh.Use("boldur-berserk"))):
        state = berserk_on_the_brink(("troll", H(9, 5)), damage=damage)
        chosen, _ = gh.DefenderAgent().choose(gh.view(state, 0), legal(state), Rng.from_seed(1))
        assert chosen == best


def test_g39_berserk_nothing_prevents_its_damage() -> None:
    state = in_play(solo("boldur", H(9, 6), ("troll", H(9, 5))), 0, MAIL)
    state = hand(in_play(state, 0, HELM), 0, "boldur-berserk")
    r = run(state, gh.Attack(H(9, 5)), gh.Roll(1, 0, 0, 3), gh.Use("boldur-berserk"))
    assert boldur(r.state).damage == 1
    assert card(r.state, 0, HELM).damage == 0


def test_g29_two_berserks_on_one_roll() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)))
    state = hand(state, 0, "boldur-berserk", "boldur-berserk")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(0, 0, 0, 4))
    state = gh.apply(state, gh.Use("boldur-berserk"))
    assert gh.Use("boldur-berserk") in legal(state)
    r = run(state, gh.Use("boldur-berserk"))
    assert damage_on(r.state, H(9, 5)) == 6
    assert boldur(r.state).damage == 2


def test_g19_boldurs_attack_roll_cards_do_not_apply_to_a_cards_roll() -> None:
    # a Kick that rolls 3 dice at a monster next to him instead: not an attack action
    rolls = {
        "text": "Roll 3 dice at a monster next to you.",
        "uses": [{"effects": [{"type": "roll-against", "dice": 3, "to": "adjacent"}]}],
    }
    pack = custom_pack("boldur", {"boldur-kick": {"sides": [rolls]}})
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)))
    state = attrs.evolve(state, config=attrs.evolve(state.config, pack=pack))
    state = in_play(wield(state, EITRI), 0, SWEEPING)
    state = hand(state, 0, "boldur-kick", "boldur-berserk")
    state = gh.apply(state, gh.Use("boldur-kick"))
    assert dice(state) == 3
    state = gh.apply(state, gh.Roll(1, 0, 0, 2))
    assert hero_turn(state)  # no more dice, no Berserk asked for
    assert damage_on(state, H(9, 5)) == 1  # no Sweeping Strike damage
    assert state.heroes[0].hand == ("boldur-berserk",)
    assert state.turn is not None and state.turn.actions == ()


# == Boldur's Gate =================================================================================


def test_boldur_gate_puts_a_piece_back_up_to_the_set_up_count_of_two_heroes() -> None:
    state = sc.set_hero(cleared(("boldur", "bjorn")), "boldur", gold=4)
    assert sc.town_pieces(state) == 6
    state = hand(sc.set_town(state, 5), 0, "boldur-boldurs-gate")
    r = run(state, gh.Use("boldur-boldurs-gate"))
    assert sc.town_pieces(r.state) == 6
    assert boldur(r.state).gold == 2
    assert r.state.heroes[0].discard == ("boldur-boldurs-gate",)


def test_g27_revised_boldur_gate_adds_pieces_beyond_the_set_up_count_up_to_the_10_of_the_box() -> (
    None
):
    # the printed card: "Spend 2 gold in Grimheim to gain 1 town piece"; the game holds 10 pieces
    # (9 houses and Freya's Well)
    state = sc.set_hero(cleared(("boldur", "bjorn")), "boldur", gold=4)
    state = hand(state, 0, "boldur-boldurs-gate")
    assert sc.town_pieces(state) == 6
    r = run(state, gh.Use("boldur-boldurs-gate"))
    assert sc.town_pieces(r.state) == 7
    assert r.of(gh.TownPiecesAdded) == [gh.TownPiecesAdded(1)]
    assert gh.Use("boldur-boldurs-gate") not in legal(sc.set_town(state, 10))
    gh.validate(sc.set_town(state, 10))  # a saved game may hold all 10


# == Dodge =========================================================================================


def test_boldur_dodge_prevents_up_to_2() -> None:
    state = hand(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, "boldur-dodge")
    assert gh.Use("boldur-dodge") not in legal(state)  # not on his own turn
    r = monster_turn(state, gh.Roll(2, 0, 0, 4), gh.Use("boldur-dodge"))  # 1 after armor
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 0, 2)]
    assert r.state.heroes[0].discard == ("boldur-dodge",)


# == Durability ====================================================================================


def test_boldur_durability_removes_every_marker_from_one_equipment_card() -> None:
    state = in_play(in_play(solo("boldur"), 0, AXES, damage=3), 0, SHIELD, damage=1)
    state = gh.apply(hand(state, 0, "boldur-durability"), gh.Use("boldur-durability"))
    assert legal(state) == [gh.TargetCard(AXES), gh.TargetCard(SHIELD)]
    r = run(state, gh.TargetCard(AXES))
    assert card(r.state, 0, AXES).damage == 0
    assert card(r.state, 0, SHIELD).damage == 1


def test_boldur_durability_not_played_without_a_damaged_equipment_card() -> None:
    state = hand(in_play(solo("boldur"), 0, AXES), 0, "boldur-durability")
    assert gh.Use("boldur-durability") not in legal(state)


# == Focus =========================================================================================


def test_boldur_focus_uses_up_the_focus_action_for_gold_mana_and_a_card() -> None:
    state = hand(solo("boldur", H(9, 6)), 0, "boldur-focus")
    r = run(state, gh.Use("boldur-focus"), gh.Drawn("boldur-rest"))
    assert boldur(r.state).gold == 1
    assert card(r.state, 0, RAPID).mana == 1
    assert boldur(r.state).hand == ("boldur-rest",)
    assert r.state.turn is not None and r.state.turn.actions == ("focus",)
    assert not any(isinstance(a, gh.Focus) for a in legal(r.state))


def test_boldur_focus_not_once_the_focus_action_is_taken() -> None:
    state = hand(solo("boldur", H(9, 6)), 0, "boldur-focus", "boldur-focus")
    state = run(state, gh.Use("boldur-focus"), gh.Drawn("boldur-rest")).state
    assert boldur(state).hand == ("boldur-focus", "boldur-rest")
    assert gh.Use("boldur-focus") not in legal(state)


# == Kick ==========================================================================================


def test_g31_kick_1_damage_then_the_monster_moves_1_area() -> None:
    state = hand(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, "boldur-kick")
    state = gh.apply(state, gh.Use("boldur-kick"))
    assert damage_on(state, H(10, 5)) == 1
    assert targets(state) == {H(10, 4), H(11, 4), H(9, 5), H(11, 5), H(9, 6)}
    r = run(state, gh.Target(H(11, 4)))
    assert sc.monster_at(r.state, H(11, 4)) == sc.MonsterInfo("troll", 1, 0)
    assert r.state.turn is not None and r.state.turn.actions == ()


def test_g31_kick_only_into_free_areas_a_monster_may_enter_never_grimheim() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 7)), ("imp", H(8, 8)))
    state = gh.apply(hand(state, 0, "boldur-kick"), gh.Use("boldur-kick"))
    geo = state.config.geo
    assert geo.town in geo.around[geo.area(H(9, 7))]
    found = targets(state)
    assert found == {H(10, 6), H(8, 7), H(10, 7)}  # not (8,8), (9,6) nor Grimheim
    assert all(geo.area(at) != geo.town for at in found)
    assert all(geo.monster_can_enter[geo.area(at)] for at in found)


def test_g31_kick_the_move_is_not_optional_while_an_area_is_open() -> None:
    """Kick prints: 1 damage to a monster next to you, and it moves 1 area — a move, not a
    choice: no StopTargets while an area the monster may enter is free; with one area open it
    goes there unasked, with none it stays."""
    state = hand(solo("boldur", H(10, 6), ("troll", H(10, 5))), 0, "boldur-kick")
    asked = gh.apply(state, gh.Use("boldur-kick"))
    assert gh.StopTargets() not in legal(asked)
    assert all(isinstance(a, gh.Target) for a in legal(asked))
    r = run(asked, gh.Target(H(9, 5)))
    assert r.of(gh.MonsterMoved) == [gh.MonsterMoved("troll", H(10, 5), H(9, 5), "pushed")]
    for at in [H(11, 4), H(9, 5), H(11, 5), H(9, 6)]:
        state = sc.place_monster(state, "imp", at)
    r = run(state, gh.Use("boldur-kick"), gh.Target(H(10, 5)))  # (10,4) is the one area open
    assert r.of(gh.MonsterMoved) == [gh.MonsterMoved("troll", H(10, 5), H(10, 4), "pushed")]
    assert hero_turn(r.state)
    state = sc.place_monster(state, "imp", H(10, 4))
    r = run(state, gh.Use("boldur-kick"), gh.Target(H(10, 5)))
    assert r.of(gh.MonsterMoved) == []
    assert sc.monster_at(r.state, H(10, 5)) == sc.MonsterInfo("troll", 1, 0)
    assert hero_turn(r.state)


def test_g31_kick_card_text_says_the_monster_moves_not_up_to() -> None:
    """Kick prints "move it 1 area": neither its text nor its words say "up to"."""
    for card_id in ("boldur-kick", "embla-kick", "embla-swift-kick"):
        text = gh.card_text(gh.Config(), card_id)
        assert "up to" not in text, text
        assert "move it 1 area" in text, text
    assert "move it 2 areas" in gh.card_text(gh.Config(), "embla-swift-kick")


def test_boldur_kick_picks_a_monster_next_to_him() -> None:
    state = solo("boldur", H(9, 6), ("troll", H(9, 5)), ("troll", H(10, 5)), ("troll", H(9, 4)))
    state = gh.apply(hand(state, 0, "boldur-kick"), gh.Use("boldur-kick"))
    assert targets(state) == {H(9, 5), H(10, 5)}
    far = hand(solo("boldur", H(9, 6), ("troll", H(9, 4))), 0, "boldur-kick")
    assert gh.Use("boldur-kick") not in legal(far)


def test_boldur_kick_the_armor_of_a_monster_stops_the_damage_it_is_moved_all_the_same() -> None:
    state = hand(solo("boldur", H(10, 6), ("draugr", H(10, 5))), 0, "boldur-kick")
    r = run(state, gh.Use("boldur-kick"), gh.Target(H(11, 4)))
    assert sc.monster_at(r.state, H(11, 4)) == sc.MonsterInfo("draugr", 0, 0)


def test_boldur_kick_a_monster_it_kills_is_not_moved() -> None:
    state = hand(solo("boldur", H(10, 6)), 0, "boldur-kick")
    state = sc.place_monster(state, "goblin", H(10, 5), damage=1)
    r = run(state, gh.Use("boldur-kick"))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("goblin", H(10, 5), 0, 1)]
    assert r.of(gh.MonsterMoved) == []
    assert hero_turn(r.state)


# == Maneuver ======================================================================================


def test_g29_two_maneuvers_in_one_turn_besides_the_move_action() -> None:
    state = hand(solo("boldur", H(9, 5)), 0, "boldur-maneuver", "boldur-maneuver")
    r = run(state, gh.Use("boldur-maneuver"), gh.MoveTo(H(9, 4)))
    assert gh.Use("boldur-maneuver") in legal(r.state)
    r = run(r.state, gh.Use("boldur-maneuver"), gh.MoveTo(H(9, 3)))
    assert boldur(r.state).at == H(9, 3)
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert moves(r.state)  # the move action is still his


# == Miner =========================================================================================


def test_g29_boldur_two_miners_each_gain_2_gold() -> None:
    state = hand(solo("boldur", H(12, 5)), 0, "boldur-miner", "boldur-miner")
    r = run(state, gh.Use("boldur-miner"), gh.Use("boldur-miner"))
    assert boldur(r.state).gold == 4
    assert r.state.heroes[0].discard == ("boldur-miner", "boldur-miner")


def test_boldur_miner_not_in_grimheim() -> None:
    state = hand(solo("boldur"), 0, "boldur-miner")
    assert gh.Use("boldur-miner") not in legal(state)


# == Portable Smithy ===============================================================================


@pytest.mark.parametrize("top", QUESTS)
def test_boldur_portable_smithy_completes_any_quest_for_the_prepare_action(top: str) -> None:
    state = hand(on_top(solo("boldur", H(9, 5)), top), 0, "boldur-portable-smithy")
    r = run(state, gh.Use("boldur-portable-smithy"))
    assert quest_done(r, top)
    assert r.state.turn is not None and r.state.turn.actions == ("prepare",)
    assert boldur(r.state).gold == 0 and boldur(r.state).hand == ()


def test_boldur_portable_smithy_not_once_the_prepare_action_is_taken() -> None:
    state = hand(solo("boldur", H(9, 5)), 0, "boldur-portable-smithy")
    r = run(state, gh.Prepare(), gh.Drawn("boldur-rest"))
    assert gh.Use("boldur-portable-smithy") not in legal(r.state)


def test_boldur_portable_smithy_not_without_an_equipment_card_left() -> None:
    state = solo("boldur", H(9, 5))
    state = with_cards(state, 0, equipment=(), retired=state.heroes[0].equipment)
    state = hand(state, 0, "boldur-portable-smithy")
    assert gh.Use("boldur-portable-smithy") not in legal(state)


# == Rest ==========================================================================================


def test_boldur_rest_heals_2_not_when_undamaged() -> None:
    state = hand(sc.set_hero(solo("boldur", H(9, 6)), "boldur", damage=5), 0, "boldur-rest")
    r = run(state, gh.Use("boldur-rest"))
    assert boldur(r.state).damage == 3
    assert gh.Use("boldur-rest") not in legal(hand(solo("boldur", H(9, 6)), 0, "boldur-rest"))


# == Seek Shelter ==================================================================================


def test_g41_seek_shelter_up_to_2_areas_into_a_named_location_then_no_more_moving() -> None:
    state = hand(solo("boldur", H(12, 6)), 0, "boldur-seek-shelter", "boldur-maneuver")
    state = gh.apply(state, gh.Use("boldur-seek-shelter"))
    assert moves(state) == {H(12, 4)}  # the Temple Ruins
    r = run(state, gh.MoveTo(H(12, 4)))
    assert boldur(r.state).at == H(12, 4)
    assert moves(r.state) == set()  # the move action is not taken, and is lost
    assert gh.Use("boldur-maneuver") not in legal(r.state)


def test_g41_seek_shelter_grimheim_is_no_location() -> None:
    state = hand(solo("boldur", H(10, 10)), 0, "boldur-seek-shelter")
    state = gh.apply(state, gh.Use("boldur-seek-shelter"))
    assert moves(state) == {H(11, 11)}  # the Witch Cabin, not the town next to him


def test_g41_seek_shelter_not_without_a_location_within_2_areas() -> None:
    state = hand(solo("boldur", H(9, 6)), 0, "boldur-seek-shelter")
    assert gh.Use("boldur-seek-shelter") not in legal(state)


# == Short Temper ==================================================================================


def test_boldur_short_temper_only_a_monster_with_2_health_or_less_left_is_a_target() -> None:
    state = solo("boldur", H(9, 6), ("brute", H(10, 5)))
    state = sc.place_monster(state, "troll", H(9, 5), damage=5)  # 2 left
    state = sc.place_monster(state, "goblin", H(9, 4))  # 2 left, not next to him
    state = hand(state, 0, "boldur-short-temper")
    r = run(state, gh.Use("boldur-short-temper"))  # the troll: the only target
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("troll", H(9, 5), 0, 3)]
    assert damage_on(r.state, H(10, 5)) == 0 and damage_on(r.state, H(9, 4)) == 0


def test_boldur_short_temper_picks_among_the_monsters_it_may_kill() -> None:
    state = solo("boldur", H(9, 6), ("goblin", H(9, 5)), ("imp", H(10, 5)))
    state = gh.apply(hand(state, 0, "boldur-short-temper"), gh.Use("boldur-short-temper"))
    assert targets(state) == {H(9, 5), H(10, 5)}
    three = hand(solo("boldur", H(9, 6), ("brute", H(9, 5))), 0, "boldur-short-temper")
    assert gh.Use("boldur-short-temper") not in legal(three)  # 3 left
