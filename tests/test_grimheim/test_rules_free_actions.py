"""Free actions (cards once a turn, durability, events, gold sharing G22, bonus markers G23), the
end of a turn in its five steps (G17), upgrades (G26), quests and the main weapon."""

from __future__ import annotations

import json
from importlib import resources

import attrs
import pytest
from tests.test_grimheim.helpers import (
    card,
    cleared,
    custom_pack,
    decision_kind,
    hand,
    in_play,
    monster_turn,
    run,
    set_card,
    solo,
    until,
    uses,
    with_cards,
)

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE

H = gh.Hex


# -- cards in play: once a turn, durability --------------------------------------------------------


def test_free_actions_use_equipment_once_per_turn() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-throwing-axes")
    state = run(state, gh.Use("bjorn-throwing-axes"), gh.Roll(0, 0, 0, 3)).state
    assert card(state, 0, "bjorn-throwing-axes").damage == 1
    assert gh.Use("bjorn-throwing-axes") not in gh.legal_actions(state)
    assert gh.is_legal(state, gh.Use("bjorn-throwing-axes")) is not None


def test_free_actions_equipment_with_durability_cannot_be_used_when_full() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-throwing-axes", damage=2)
    assert gh.Use("bjorn-throwing-axes") not in gh.legal_actions(state)
    assert gh.is_legal(state, gh.Use("bjorn-throwing-axes")) is not None
    fresh_axes = set_card(state, 0, "bjorn-throwing-axes", damage=1)
    assert gh.Use("bjorn-throwing-axes") in gh.legal_actions(fresh_axes)


def test_free_actions_use_ability_once_per_turn_mana_from_that_card() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-sure-shot", mana=7)
    state = run(state, gh.Use("bjorn-sure-shot")).state
    assert card(state, 0, "bjorn-sure-shot").mana == 4
    assert sc.monster_at(state, H(9, 5)) == sc.MonsterInfo("troll", 3, 0)
    assert gh.Use("bjorn-sure-shot") not in gh.legal_actions(state)
    # the next turn it may be used again
    state = monster_turn(state).state
    assert gh.Use("bjorn-sure-shot") in gh.legal_actions(sc.put_hero(state, "bjorn", H(9, 6)))


def test_free_actions_an_ability_needs_its_mana() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-sure-shot", mana=2)
    assert gh.Use("bjorn-sure-shot") not in gh.legal_actions(state)


def test_free_actions_never_count_as_attack_actions() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-sure-shot", mana=3)
    state = run(state, gh.Use("bjorn-sure-shot")).state
    assert state.turn is not None and state.turn.actions == ()
    assert gh.Attack(H(9, 5)) in gh.legal_actions(state)


def test_free_actions_damage_prevention_once_per_instance_of_damage_not_per_turn() -> None:
    # two trolls (7 dice each, side by side) hit Boldur in one monster turn: armor stops 1 and
    # the helm 1 of each
    state = cleared(("boldur",), players_decide=False)
    state = in_play(state, 0, "boldur-dwarf-helm")
    state = sc.place_monster(sc.place_monster(state, "troll", H(10, 5)), "troll", H(11, 5))
    state = sc.put_hero(state, "boldur", H(10, 6))
    r = monster_turn(
        state,
        gh.Roll(3, 0, 0, 4),
        gh.Use("boldur-dwarf-helm"),
        gh.Roll(3, 0, 0, 4),
        gh.Use("boldur-dwarf-helm"),
    )
    assert [e.amount for e in r.of(gh.HeroDamaged)] == [1, 1]
    assert card(r.state, 0, "boldur-dwarf-helm").damage == 2


def test_free_actions_a_prevention_card_once_per_damage() -> None:
    state = cleared(("boldur",))
    state = in_play(state, 0, "boldur-dwarf-helm")
    state = sc.put_hero(sc.place_monster(state, "troll", H(10, 5)), "boldur", H(10, 6))
    r = until(
        state,
        lambda s: gh.current_player(s) == 0 and bool(s.frames),
        gh.Roll(4, 0, 0, 2),
        gh.Use("boldur-dwarf-helm"),
    )
    assert gh.Use("boldur-dwarf-helm") not in gh.legal_actions(r.state)


# -- events ----------------------------------------------------------------------------------------


def test_free_actions_play_event_executes_it_and_discards_it() -> None:
    state = hand(sc.set_hero(solo("bjorn"), "bjorn", damage=3), 0, "bjorn-rest")
    r = run(state, gh.Use("bjorn-rest"))
    assert sc.hero_info(r.state, "bjorn").damage == 1
    assert r.state.heroes[0].hand == ()
    assert r.state.heroes[0].discard == ("bjorn-rest",)
    assert r.of(gh.CardPlayed) == [gh.CardPlayed(0, "bjorn-rest")]


def test_free_actions_no_event_in_the_middle_of_an_action_but_this_attack_action_ones() -> None:
    state = sc.set_hero(solo("bjorn", H(9, 6), ("troll", H(9, 5))), "bjorn", damage=3)
    state = hand(state, 0, "bjorn-rest", "bjorn-master-shot")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(0, 0, 0, 3))
    legal = gh.legal_actions(state)
    assert gh.Use("bjorn-master-shot") in legal
    assert gh.Use("bjorn-rest") not in legal


def test_free_actions_no_event_outside_your_turn_unless_it_prevents_damage() -> None:
    state = cleared(("boldur", "bjorn"))
    state = sc.put_hero(sc.place_monster(state, "troll", H(10, 5)), "boldur", H(10, 6))
    state = sc.set_hero(state, "boldur", damage=1)
    state = hand(state, 0, "boldur-rest", "boldur-dodge", "boldur-miner")
    r = until(state, lambda s: gh.current_player(s) == 0 and bool(s.frames), gh.Roll(4, 0, 0, 2))
    assert list(gh.legal_actions(r.state)) == [gh.Use("boldur-dodge"), gh.DeclinePrevention()]


def test_free_actions_events_are_not_playable_where_their_condition_fails() -> None:
    state = hand(solo("alva", H(9, 5)), 0, "alva-popular")
    assert uses(state) == []
    assert gh.Use("alva-popular") in gh.legal_actions(sc.put_hero(state, "alva", gh.GRIMHEIM))


# -- sharing gold (G22) ----------------------------------------------------------------------------


def g22_state() -> gh.State:
    state = cleared(("bjorn", "alva", "embla"))
    state = sc.put_hero(sc.put_hero(state, "bjorn", H(9, 5)), "alva", H(9, 6))
    state = sc.set_hero(sc.set_hero(state, "bjorn", gold=3), "alva", gold=2)
    return sc.put_hero(state, "embla", H(2, 9))


def test_g22_offer_any_amount_of_gold_to_a_hero_next_to_you_who_agrees() -> None:
    state = g22_state()
    gifts = [a for a in gh.legal_actions(state) if isinstance(a, gh.GiveGold)]
    assert gifts == [gh.GiveGold(1, 1), gh.GiveGold(1, 2), gh.GiveGold(1, 3)]
    offered = gh.apply(state, gh.GiveGold(1, 2))
    assert gh.current_player(offered) == 1  # the receiving hero is asked (G22 revised)
    assert decision_kind(offered) == "gold"
    assert gh.legal_actions(offered) == (gh.AcceptGold(), gh.RefuseGold())
    r = run(state, gh.GiveGold(1, 2), gh.AcceptGold())
    assert sc.hero_info(r.state, "bjorn").gold == 1
    assert sc.hero_info(r.state, "alva").gold == 4
    assert gh.is_legal(state, gh.GiveGold(2, 1)) is not None  # Embla is far away
    assert gh.is_legal(state, gh.GiveGold(1, 4)) is not None  # more than he has


def test_g22_a_refused_gift_moves_no_gold() -> None:
    r = run(g22_state(), gh.GiveGold(1, 2), gh.RefuseGold())
    assert (sc.hero_info(r.state, "bjorn").gold, sc.hero_info(r.state, "alva").gold) == (3, 2)
    assert gh.current_player(r.state) == 0


def test_g22_gold_moves_the_other_way_when_the_giver_agrees() -> None:
    state = g22_state()
    asks = [a for a in gh.legal_actions(state) if isinstance(a, gh.RequestGold)]
    assert asks == [gh.RequestGold(1, 1), gh.RequestGold(1, 2)]  # Alva holds 2
    asked = gh.apply(state, gh.RequestGold(1, 2))
    assert gh.current_player(asked) == 1
    r = run(state, gh.RequestGold(1, 2), gh.AcceptGold())
    assert (sc.hero_info(r.state, "bjorn").gold, sc.hero_info(r.state, "alva").gold) == (5, 0)
    assert gh.notation(gh.RequestGold(1, 2)) == "ask 2 from 1"
    assert gh.parse_action(state, "ask 2 from 1") == gh.RequestGold(1, 2)


def test_g22_heroes_in_grimheim_are_next_to_each_other() -> None:
    state = sc.set_hero(cleared(("bjorn", "alva")), "bjorn", gold=2)
    assert gh.GiveGold(1, 2) in gh.legal_actions(state)
    outside = sc.put_hero(state, "alva", H(9, 7))  # next to the town, not to Bjorn inside it
    assert not any(isinstance(a, gh.GiveGold) for a in gh.legal_actions(outside))


# -- bonus markers (G23) ---------------------------------------------------------------------------


def test_g23_bonus_damage_markers_remove_damage_from_the_hero_first_then_equipment() -> None:
    state = in_play(solo("boldur", H(5, 7)), 0, "boldur-dwarf-helm", damage=3)
    state = sc.set_hero(state, "boldur", damage=1)
    assert gh.TakeBonus() in gh.legal_actions(state)
    r = run(state, gh.TakeBonus())
    assert sc.hero_info(r.state, "boldur").damage == 0
    assert card(r.state, 0, "boldur-dwarf-helm").damage == 1
    assert all(kind != "damage" for kind, _, _ in r.state.bonus)
    assert gh.TakeBonus() not in gh.legal_actions(r.state)  # taken once


def test_g23_bonus_mana_markers_all_go_on_the_one_card_chosen() -> None:
    state = solo("bjorn", H(17, 5))
    assert [a for a in gh.legal_actions(state) if isinstance(a, gh.TakeBonus)] == [
        gh.TakeBonus("bjorn-sure-shot")
    ]
    r = run(state, gh.TakeBonus("bjorn-sure-shot"))
    assert card(r.state, 0, "bjorn-sure-shot").mana == 3


def test_g23_bonus_gold_goes_to_the_hero() -> None:
    r = run(solo("bjorn", H(16, 5)), gh.TakeBonus())  # Naglfar's other area (G23, revised)
    assert sc.hero_info(r.state, "bjorn").gold == 3
    assert r.of(gh.GoldGained) == [gh.GoldGained(0, 3)]


def test_bonus_markers_only_in_their_area() -> None:
    state = solo("bjorn", H(6, 16))
    assert not any(isinstance(a, gh.TakeBonus) for a in gh.legal_actions(state))


# -- the end of a turn -----------------------------------------------------------------------------


def test_end_of_turn_five_steps_upgrade_before_mana_before_draw() -> None:
    # with 5 gold Bjorn flips Sure Shot to side II at step 2: step 3 then adds side II's 2 mana;
    # step 4 draws a card
    state = sc.set_hero(solo("bjorn"), "bjorn", gold=5)
    state = gh.apply(state, gh.EndTurn())
    assert gh.current_player(state) == 0
    assert gh.DeclineUpgrade() in gh.legal_actions(state)
    state = gh.apply(state, gh.Upgrade("bjorn-sure-shot"))
    assert card(state, 0, "bjorn-sure-shot") == gh.CardState("bjorn-sure-shot", side=2, mana=2)
    assert gh.current_player(state) == CHANCE  # step 4: the draw
    state = gh.apply(state, gh.Drawn("bjorn-rest"))
    assert state.heroes[0].hand == ("bjorn-rest",)
    assert state.turn is None or state.turn.hero == 0  # the monster turn ran (one hero)


def test_end_of_turn_mana_generation_each_card_adds_its_mana_to_itself() -> None:
    state = cleared(("bjorn", "alva"))
    r = run(state, gh.EndTurn())
    assert card(r.state, 0, "bjorn-sure-shot").mana == 1
    assert card(r.state, 1, "alva-hail-of-arrows").mana == 0  # not Alva's turn yet
    assert r.state.turn == gh.Turn(1)


def test_end_of_turn_draw_1_event_card() -> None:
    state = cleared(("bjorn", "alva"))
    r = run(state, gh.EndTurn(), gh.Drawn("bjorn-sewing"))
    assert r.state.heroes[0].hand == ("bjorn-sewing",)


def test_end_of_turn_with_4_cards_draw_only_by_discarding_first() -> None:
    state = cleared(("bjorn", "alva"))
    state = hand(state, 0, "bjorn-rest", "bjorn-rest", "bjorn-sewing", "bjorn-limber-bow")
    state = gh.apply(state, gh.EndTurn())
    assert list(gh.legal_actions(state)) == [
        gh.DiscardToDraw("bjorn-limber-bow"),
        gh.DiscardToDraw("bjorn-rest"),
        gh.DiscardToDraw("bjorn-sewing"),
        gh.SkipDraw(),
    ]
    kept = run(state, gh.SkipDraw())
    assert len(kept.state.heroes[0].hand) == 4
    swapped = run(state, gh.DiscardToDraw("bjorn-sewing"), gh.Drawn("bjorn-perfect-aim"))
    assert swapped.state.heroes[0].hand == (
        "bjorn-limber-bow",
        "bjorn-perfect-aim",
        "bjorn-rest",
        "bjorn-rest",
    )
    assert swapped.state.heroes[0].discard == ("bjorn-sewing",)


def test_end_of_turn_swap_the_top_equipment_card_to_the_bottom() -> None:
    state = cleared(("embla", "bjorn"))
    top = state.heroes[0].equipment[0]
    assert top == "embla-blade-decorations"  # explicit chance turned up the first by id
    state = gh.apply(state, gh.EndTurn())
    state = until(state, lambda s: gh.SkipSwap() in gh.legal_actions(s)).state
    assert list(gh.legal_actions(state)) == [
        gh.SwapTop("abilities"),
        gh.SwapTop("equipment"),
        gh.SkipSwap(),
    ]
    r = run(state, gh.SwapTop("equipment"), gh.Drawn("embla-heels"))
    equipment = r.state.heroes[0].equipment
    assert (equipment[0], equipment[-1]) == ("embla-heels", top)
    assert r.state.heroes[0].known_equipment == 1  # the card under the deck is known


def thin_decks(state: gh.State, seat: int) -> gh.State:
    """Leave hero ``seat`` one card in each deck: the other abilities in play, the other
    equipment out of the game."""
    h = state.heroes[seat]
    for ability in h.abilities[1:]:
        state = sc.give_card(state, h.id, ability, in_play=True)
    return with_cards(
        state, seat, equipment=h.equipment[:1], retired=h.equipment[1:], known_equipment=0
    )


def test_end_of_turn_no_swap_decision_for_decks_of_one_card() -> None:
    state = thin_decks(cleared(("bjorn", "alva")), 0)
    state = gh.apply(gh.apply(state, gh.EndTurn()), gh.Drawn("bjorn-rest"))
    assert state.turn == gh.Turn(1) and gh.current_player(state) == 1


def test_g17_an_empty_event_deck_is_refilled_from_the_discard_pile() -> None:
    state = solo("bjorn")
    h = state.heroes[0]
    state = with_cards(state, 0, events=(), discard=h.events)
    assert gh.Prepare() in gh.legal_actions(state)
    state = gh.apply(state, gh.Prepare())
    assert gh.current_player(state) == CHANCE
    odds = dict(gh.chance_outcomes(state))
    assert set(odds) == {gh.Drawn(c) for c in h.events}
    state = gh.apply(state, gh.Drawn("bjorn-master-shot"))
    assert state.heroes[0].hand == ("bjorn-master-shot",)
    assert state.heroes[0].discard == ()
    assert len(state.heroes[0].events) == len(h.events) - 1


def test_g17_refill_in_sampled_chance_mode() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn",), hard_setup=True), seed=9)
    h = state.heroes[0]
    state = with_cards(state, 0, events=(), discard=h.events)
    state = gh.apply(state, gh.Prepare())
    after = state.heroes[0]
    assert len(after.hand) == 1
    assert sorted((*after.hand, *after.events)) == sorted(h.events)


# -- upgrades (G26) --------------------------------------------------------------------------------


@pytest.mark.parametrize(("done", "cost"), [(0, 5), (1, 6), (2, 8), (3, 10), (4, 10), (7, 10)])
def test_g26_upgrade_costs_5_6_8_then_10(done: int, cost: int) -> None:
    state = sc.set_hero(with_cards(solo("bjorn"), 0, upgrades=done), "bjorn", gold=cost)
    r = run(state, gh.EndTurn(), gh.Upgrade("bjorn-hero"))
    assert r.of(gh.Upgraded) == [gh.Upgraded(0, "bjorn-hero", cost)]
    assert sc.hero_info(r.state, "bjorn").gold == 0
    poorer = sc.set_hero(with_cards(solo("bjorn"), 0, upgrades=done), "bjorn", gold=cost - 1)
    after = gh.apply(poorer, gh.EndTurn())
    assert not any(isinstance(a, gh.Upgrade) for a in gh.legal_actions(after))


def test_g26_hard_upgrades_start_one_step_up_the_track() -> None:
    state = sc.set_hero(cleared(("bjorn",), hard_upgrades=True), "bjorn", gold=6)
    r = run(state, gh.EndTurn(), gh.Upgrade("bjorn-hero"))
    assert r.of(gh.Upgraded) == [gh.Upgraded(0, "bjorn-hero", 6)]
    five = sc.set_hero(cleared(("bjorn",), hard_upgrades=True), "bjorn", gold=5)
    assert not any(
        isinstance(a, gh.Upgrade) for a in gh.legal_actions(gh.apply(five, gh.EndTurn()))
    )


def test_g26_upgrade_none_moves_the_top_ability_card_into_play_on_side_i() -> None:
    state = sc.set_hero(solo("bjorn"), "bjorn", gold=5)
    rest = [a for a in state.heroes[0].abilities if a != "bjorn-eagle-eye"]
    state = with_cards(state, 0, abilities=("bjorn-eagle-eye", *rest), known_abilities=0)
    r = run(state, gh.EndTurn(), gh.Upgrade())
    assert card(r.state, 0, "bjorn-eagle-eye") == gh.CardState("bjorn-eagle-eye", side=1)
    assert "bjorn-eagle-eye" not in r.state.heroes[0].abilities
    assert len(r.state.heroes[0].abilities) == len(rest)
    assert r.of(gh.Upgraded) == [gh.Upgraded(0, "bjorn-eagle-eye", 5)]
    # Eagle Eye I: +1 die, +1 range: Bjorn now rolls 4 at range 3
    state = sc.place_monster(sc.put_hero(r.state, "bjorn", H(9, 6)), "troll", H(9, 3))
    assert gh.is_legal(state, gh.Attack(H(9, 3))) is None
    first = gh.legal_actions(gh.apply(state, gh.Attack(H(9, 3))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 4


def test_g26_upgrade_card_flips_the_hero_card_to_side_ii() -> None:
    state = sc.set_hero(solo("bjorn"), "bjorn", gold=5)
    r = run(state, gh.EndTurn(), gh.Upgrade("bjorn-hero"))
    assert card(r.state, 0, "bjorn-hero").side == 2
    # side II: strength 4, health 10
    state = sc.set_hero(sc.put_hero(r.state, "bjorn", H(9, 6)), "bjorn", damage=9)
    state = sc.place_monster(state, "troll", H(9, 5))
    first = gh.legal_actions(gh.apply(state, gh.Attack(H(9, 5))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 5


def test_g26_one_upgrade_per_turn_and_side_ii_cards_are_not_flipped_again() -> None:
    state = sc.set_hero(solo("bjorn"), "bjorn", gold=30)
    state = set_card(state, 0, "bjorn-hero", side=2)
    state = gh.apply(state, gh.EndTurn())
    assert list(gh.legal_actions(state)) == [
        gh.Upgrade(),
        gh.Upgrade("bjorn-sure-shot"),
        gh.DeclineUpgrade(),
    ]
    state = gh.apply(state, gh.Upgrade("bjorn-sure-shot"))
    assert not any(isinstance(a, gh.Upgrade) for a in gh.legal_actions(state))
    assert sc.hero_info(state, "bjorn").gold == 25


def test_g26_equipment_is_never_flipped() -> None:
    state = sc.set_hero(solo("bjorn"), "bjorn", gold=30)
    assert gh.Upgrade("bjorn-bjorns-first-bow") not in gh.legal_actions(
        gh.apply(state, gh.EndTurn())
    )


def test_g26_decline_upgrade_keeps_the_gold() -> None:
    state = sc.set_hero(solo("bjorn"), "bjorn", gold=5)
    r = run(state, gh.EndTurn(), gh.DeclineUpgrade())
    assert sc.hero_info(r.state, "bjorn").gold == 5
    assert r.state.heroes[0].upgrades == 0


def test_experience_is_gold_spent_on_quests_and_upgrades_alike() -> None:
    state = sc.set_hero(solo("embla"), "embla", gold=7)
    state = run(state, gh.CompleteQuest()).state  # 2 gold
    assert sc.hero_info(state, "embla").gold == 5
    r = run(state, gh.EndTurn(), gh.Upgrade())
    assert sc.hero_info(r.state, "embla").gold == 0


# -- quests ----------------------------------------------------------------------------------------


def quest_state(who: str, top: str, at: gh.Hex, gold: int = 0) -> gh.State:
    state = sc.set_hero(solo(who, at), who, gold=gold)
    rest = [c for c in state.heroes[0].equipment if c != top]
    return with_cards(state, 0, equipment=(top, *rest), known_equipment=0)


@pytest.mark.parametrize(
    ("who", "top", "at"),
    [
        ("bjorn", "bjorn-throwing-axes", H(9, 6)),
        ("alva", "alva-throwing-darts", H(9, 6)),
    ],
)
def test_quest_spend_a_practice_action_in_a_forest(who: str, top: str, at: gh.Hex) -> None:
    state = quest_state(who, top, at)
    r = run(state, gh.CompleteQuest())
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, top)]
    assert card(r.state, 0, top) == gh.CardState(top)
    assert r.state.turn is not None and r.state.turn.actions == ("practice",)
    assert sc.hero_info(r.state, who).gold == 0  # spent, without the practice's gold
    assert gh.Practice() not in gh.legal_actions(r.state)
    assert gh.CompleteQuest() not in gh.legal_actions(quest_state(who, top, H(9, 5)))
    used = run(quest_state(who, top, at), gh.Practice()).state
    assert gh.CompleteQuest() not in gh.legal_actions(used)


@pytest.mark.parametrize(
    ("who", "top"), [("embla", "embla-leg-guards"), ("boldur", "boldur-battle-boots")]
)
def test_quest_spend_a_focus_action(who: str, top: str) -> None:
    state = quest_state(who, top, H(2, 9))
    r = run(state, gh.CompleteQuest())
    assert card(r.state, 0, top) == gh.CardState(top)
    assert r.state.turn is not None and r.state.turn.actions == ("focus",)
    mana = [c.mana for c in r.state.heroes[0].cards]
    assert mana == [c.mana for c in state.heroes[0].cards] + [0]  # no mana added


def test_quest_embla_blade_decorations_pay_2_gold_in_grimheim() -> None:
    state = quest_state("embla", "embla-blade-decorations", gh.GRIMHEIM, gold=2)
    r = run(state, gh.CompleteQuest())
    assert card(r.state, 0, "embla-blade-decorations") == gh.CardState("embla-blade-decorations")
    assert sc.hero_info(r.state, "embla").gold == 0
    assert r.state.turn is not None and r.state.turn.actions == ()
    assert "embla-blade-decorations" not in r.state.heroes[0].equipment
    poor = quest_state("embla", "embla-blade-decorations", gh.GRIMHEIM, gold=1)
    assert gh.CompleteQuest() not in gh.legal_actions(poor)
    away = quest_state("embla", "embla-blade-decorations", H(9, 5), gold=2)
    assert gh.CompleteQuest() not in gh.legal_actions(away)


def test_quest_boldur_dwarf_helm_pay_2_gold_at_the_temple_ruins() -> None:
    state = quest_state("boldur", "boldur-dwarf-helm", H(12, 4), gold=3)
    r = run(state, gh.CompleteQuest())
    assert card(r.state, 0, "boldur-dwarf-helm") == gh.CardState("boldur-dwarf-helm")
    assert sc.hero_info(r.state, "boldur").gold == 1
    away = quest_state("boldur", "boldur-dwarf-helm", H(12, 5), gold=3)
    assert gh.CompleteQuest() not in gh.legal_actions(away)


def test_quest_only_the_top_card_of_the_equipment_deck() -> None:
    # the helm's quest is under the boots: at the ruins with gold, nothing to complete but boots
    state = quest_state("boldur", "boldur-battle-boots", H(12, 4), gold=3)
    r = run(state, gh.Focus("boldur-rapid-strike"))
    assert gh.CompleteQuest() not in gh.legal_actions(r.state)


def test_quest_reward_adds_its_numbers() -> None:
    state = quest_state("embla", "embla-blade-decorations", gh.GRIMHEIM, gold=2)
    state = run(state, gh.CompleteQuest(), gh.MoveTo(H(9, 7))).state
    state = sc.place_monster(state, "troll", H(9, 6))
    first = gh.legal_actions(gh.apply(state, gh.Attack(H(9, 6))))[0]
    assert isinstance(first, gh.Roll) and first.hits == 5  # 3 + blade 1 + decorations 1


def test_main_weapon_a_new_main_weapon_replaces_the_old_one() -> None:
    text = resources.files("grimheim").joinpath("content/cards/bjorn.json").read_text()
    data = json.loads(text)
    for c in data["cards"]:
        if c["id"] == "bjorn-throwing-axes":
            c["main_weapon"] = True
    deck = gh.read_deck(json.dumps(data))
    pack = gh.standard_pack()
    pack = attrs.evolve(pack, decks=tuple(deck if d.hero == "bjorn" else d for d in pack.decks))
    state = gh.new_game(gh.Config(heroes=("bjorn",), hard_setup=True, pack=pack), seed=1)
    state = sc.put_hero(state, "bjorn", H(9, 6))
    rest = [c for c in state.heroes[0].equipment if c != "bjorn-throwing-axes"]
    state = with_cards(state, 0, equipment=("bjorn-throwing-axes", *rest), known_equipment=0)
    r = run(state, gh.CompleteQuest())
    ids = [c.id for c in r.state.heroes[0].cards]
    assert ids == ["bjorn-hero", "bjorn-sure-shot", "bjorn-throwing-axes"]
    assert r.state.heroes[0].retired == ("bjorn-bjorns-first-bow",)
    # without the bow Bjorn has range 1
    far = sc.place_monster(r.state, "troll", H(9, 4))
    assert gh.is_legal(far, gh.Attack(H(9, 4))) is not None


def test_main_weapon_other_equipment_is_kept_alongside() -> None:
    state = quest_state("bjorn", "bjorn-throwing-axes", H(9, 6))
    r = run(state, gh.CompleteQuest())
    assert [c.id for c in r.state.heroes[0].cards] == [
        "bjorn-hero",
        "bjorn-sure-shot",
        "bjorn-bjorns-first-bow",
        "bjorn-throwing-axes",
    ]
    assert r.state.heroes[0].retired == ()


def test_bonus_damage_markers_are_not_offered_with_no_damage_to_remove() -> None:
    # taking them would only throw them away; gold and mana always do something
    state = solo("boldur", H(5, 7))
    assert gh.TakeBonus() not in gh.legal_actions(state)
    assert gh.TakeBonus() in gh.legal_actions(sc.set_hero(state, "boldur", damage=1))


def test_a_card_in_play_that_draws_is_not_offered_with_a_full_hand() -> None:
    # an event that draws leaves the hand first; a card in play does not, so with 4 cards in
    # hand it would draw nothing
    draws = {
        "text": "Once a turn: draw a card.",
        "mana_gen": 1,
        "uses": [{"effects": [{"type": "draw", "count": 1}]}],
    }
    pack = custom_pack("bjorn", {"bjorn-sure-shot": {"sides": [draws, draws]}})
    state = solo("bjorn", H(9, 6))
    state = attrs.evolve(state, config=attrs.evolve(state.config, pack=pack))
    events = state.heroes[0].events
    assert gh.Use("bjorn-sure-shot") in gh.legal_actions(hand(state, 0, *events[:3]))
    assert gh.Use("bjorn-sure-shot") not in gh.legal_actions(hand(state, 0, *events[:4]))
