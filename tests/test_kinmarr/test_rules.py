"""The rules of the seed that no ruling covers, one test each (explicit chance throughout)."""

from __future__ import annotations

from fractions import Fraction

from tests.test_kinmarr.positions import PAIR, act, at, info, kind, legal, reason, start, turn

import kinmarr
from kinmarr import CASTLE, CHURCHYARD, Tile, scenario

# Set-up and the Fate sphere ----------------------------------------------------------------------


def test_setup_tokens_on_the_castle_fate_zero_one_prophecy_four_items() -> None:
    state = kinmarr.new_game(seed=5)
    assert all(p.tile == CASTLE and p.wounds == 0 and p.coins == 0 for p in state.players)
    assert kinmarr.scenario.fate(state) == 0
    assert kinmarr.scenario.prophecy(state) is not None
    assert len(kinmarr.scenario.shop(state)) == 4
    assert kinmarr.scenario.round_number(state) == 1


def test_fate_stays_within_0_and_10() -> None:
    state = scenario.set_fate(start(), 1)
    state = at(state, 0, Tile("outer", 23))
    state = act(state, "travel", "2", "rally", "hand")  # the Observatory: Fate -3
    assert kinmarr.scenario.fate(state) == 0


def test_fate_10_at_the_start_of_a_round_everyone_loses() -> None:
    state = scenario.set_fate(start(), 10)
    state = turn(state, 1)  # seat 1's turn: not a new round
    assert not kinmarr.is_over(state)
    state = turn(state, 6)
    result = kinmarr.outcome(state)
    assert result is not None and (result.ending, result.winners) == ("fate", ())
    assert result.returns == (0.0, 0.0)


# Wounds and death --------------------------------------------------------------------------------


def test_more_than_three_wounds_is_death_fate_plus_two_and_everything_discarded() -> None:
    state = start(("feudal_pact", "pathfinders", "heirs_of_kinmarr"))
    state = at(state, 0, Tile("outer", 11), wounds=3, coins=4, cards=["grey-wolf-1", "rally"])
    done = kinmarr.step(state, kinmarr.Travel())
    state = act(done.state, "1")  # the Barren Moor: 1 wound
    assert not info(state, 0).alive and info(state, 0).tile is None
    assert kinmarr.scenario.fate(state) == 2
    assert {"grey-wolf-1", "rally"} <= state.discarded  # nobody on the tile to loot
    assert kinmarr.current_player(state) == 1  # the turn passed on


# Inventory and hand ------------------------------------------------------------------------------


def test_items_work_only_in_slots() -> None:
    def taken(slotted: bool) -> int:
        guilds = ("pathfinders", "feudal_pact")
        state = start(guilds)
        state = scenario.give(state, 0, "leather-armour-2", slot=slotted)
        state = at(state, 0, Tile("inner", 1))
        state = act(state, "travel", "1", "tusked-boar-1", "sinkhole", "bad-omen-1")
        state = act(state, "choose:tusked-boar-1", "hit", "hit", "miss")
        return info(state, 0).wounds

    assert (taken(slotted=True), taken(slotted=False)) == (1, 2)  # Block 1 from a slot only


def test_cards_move_between_hand_and_slots_on_your_turn_outside_fights_once_each() -> None:
    state = at(start(), 0, CASTLE, cards=["short-sword-2"], slotted=["rally"])
    assert "slot:short-sword-2" in legal(state) and "unslot:rally" in legal(state)
    state = act(state, "slot:short-sword-2")
    assert info(state, 0).slots == ("rally", "short-sword-2")  # pack order: abilities first
    assert "unslot:short-sword-2" not in legal(state)  # moved once this turn already
    assert "already" in (reason(state, "unslot:short-sword-2") or "")
    fight = act(state, "travel", "2", "grey-wolf-1", "sinkhole", "bad-omen-1", "choose:grey-wolf-1")
    assert kind(fight) == "chance"
    assert (reason(fight, "unslot:rally") or "").startswith("Chance")


def test_a_gained_card_goes_to_a_slot_or_the_hand_by_choice_to_the_hand_when_slots_are_full() -> (
    None
):
    state = act(at(start(), 0, CASTLE, coins=9), "buy:short-sword-1")
    assert legal(state) == ["slot", "hand"]
    full = at(start(), 0, CASTLE, coins=9, slotted=["rally", "parry-1", "bulwark"])
    full = act(full, "buy:short-sword-1")
    assert kind(full) == "chance" and "short-sword-1" in info(full, 0).hand


def test_the_hand_holds_at_most_ten_cards() -> None:
    state = at(start(), 0, CASTLE, cards=[f"rat-swarm-{n}" for n in (1, 2, 3)])
    for card in ("goblin-scout-1", "goblin-scout-2", "goblin-scout-3", "grey-wolf-1"):
        state = scenario.give(state, 0, card)
    state = scenario.give(state, 0, "grey-wolf-2")
    state = scenario.give(state, 0, "grey-wolf-3")
    state = scenario.give(state, 0, "leather-armour-2", slot=True)
    assert len(info(state, 0).hand) == 9
    state = scenario.give(state, 0, "road-bandit-1")
    assert "unslot:leather-armour-2" not in legal(state)  # no room in a hand of 10
    assert "full" in (reason(state, "unslot:leather-armour-2") or "")


# Encounters and fights ---------------------------------------------------------------------------


def test_draw_n_choose_one_the_rest_go_to_the_bottom_in_random_order_and_are_known() -> None:
    state = at(start(), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "sinkhole", "grey-wolf-1", "bad-omen-1")
    assert legal(state) == ["choose:sinkhole", "choose:grey-wolf-1", "choose:bad-omen-1"]
    state = act(state, "choose:bad-omen-1")
    view = kinmarr.view(state, 1)
    assert view.encounters.bottom[-1] == ("grey-wolf-1", "sinkhole")  # known, in pack order
    assert "bad-omen-1" in state.discarded and kinmarr.scenario.fate(state) == 1


def test_a_creature_must_be_chosen_if_nothing_else_may_be() -> None:
    state = at(start(), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "ogre", "watchtower", "lighthouse")  # towers unpaid
    assert legal(state) == ["choose:ogre"]
    assert "worth less" in (reason(state, "choose:watchtower") or "")


def test_every_die_counts_hit_one_critical_two_and_wounds_come_after() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("inner", 1), wounds=1)
    state = act(state, "travel", "1", "bridge-troll-1", "sinkhole", "bad-omen-1")
    done = kinmarr.step(
        act(state, "choose:bridge-troll-1", "hit", "critical"), kinmarr.FaceResult("hit")
    )
    assert kinmarr.FightEnded(0, "bridge-troll-1", "won", 4, 2) in done.events
    assert info(done.state, 0).wounds == 3


def test_a_won_fight_gives_the_creature_and_its_value_in_coins() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "orc-raider-1", "sinkhole", "bad-omen-1")
    state = act(state, "choose:orc-raider-1", "critical", "hit", "miss")
    assert info(state, 0).hand == ("orc-raider-1",) and info(state, 0).coins == 3
    assert info(state, 0).wounds == 1


def test_a_lost_fight_raises_fate_and_the_creature_goes_to_the_bottom() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "ogre", "sinkhole", "bad-omen-1", "choose:ogre")
    state = act(state, "hit", "miss", "miss")
    assert kinmarr.scenario.fate(state) == 1 and info(state, 0).wounds == 2
    assert state.encounters.bottom[-1] == ("ogre",)


def test_resilience_heals_and_insight_draws_an_ability_after_the_fight() -> None:
    state = start(("arcane_commune", "pathfinders"))
    state = act(state, "firebolt", "hand")  # the Arcane Commune's power at its first turn
    state = at(state, 0, Tile("inner", 1), wounds=1)
    state = act(state, "travel", "1", "grey-wolf-1", "sinkhole", "bad-omen-1", "choose:grey-wolf-1")
    state = act(state, "insight", "critical", "resilience")  # blue, blue, red
    assert info(state, 0).wounds == 1  # 1 + 1 (the wolf) - 1 (Resilience)
    assert kind(state) == "chance"  # the Insight's Ability
    state = act(state, "ward", "hand")
    assert "ward" in info(state, 0).hand


def test_blocks_reduce_the_wounds_a_creature_deals() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("inner", 1), slotted=["chain-mail"])
    state = act(state, "travel", "1", "marsh-witch-1", "sinkhole", "bad-omen-1")
    state = act(state, "choose:marsh-witch-1", "hit", "hit", "miss")
    assert info(state, 0).wounds == 0


def test_places_are_resolved_then_discarded() -> None:
    state = at(start(), 0, Tile("inner", 1), wounds=2)
    state = act(state, "travel", "1", "healing-spring-1", "sinkhole", "bad-omen-1")
    state = act(state, "choose:healing-spring-1")
    assert info(state, 0).wounds == 0 and "healing-spring-1" in state.discarded


def test_a_lasting_event_stays_until_its_period_ends() -> None:
    state = at(start(), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "blood-moon", "sinkhole", "bad-omen-1", "choose:blood-moon")
    assert [e.card for e in state.lasting] == ["blood-moon"]
    state = turn(act(state, "end"), 3)  # round 2 starts: 1 round to go
    assert [(e.card, e.rounds) for e in state.lasting] == [("blood-moon", 1)]
    state = turn(turn(state, 4), 3)  # round 3 starts: it ends
    assert state.lasting == () and "blood-moon" in state.discarded


def test_a_lasting_event_changes_every_fight() -> None:
    state = at(start(), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "blood-moon", "sinkhole", "bad-omen-1", "choose:blood-moon")
    state = act(state, "end")
    state = at(state, 1, Tile("inner", 1))
    state = act(state, "travel", "1", "grey-wolf-1", "rat-swarm-1", "bad-omen-2")
    state = act(state, "choose:grey-wolf-1", "hit", "hit", "miss")
    assert info(state, 1).wounds == 2  # the wolf's 1, plus 1 under the Blood Moon


def test_a_tower_is_paid_with_creatures_of_enough_value() -> None:
    state = at(start(), 0, Tile("inner", 1), cards=["grey-wolf-1", "orc-raider-1", "rat-swarm-1"])
    state = act(state, "travel", "1", "watchtower", "sinkhole", "bad-omen-1", "choose:watchtower")
    assert kind(state) == "pay"
    assert legal(state) == ["pay:rat-swarm-1", "pay:grey-wolf-1", "pay:orc-raider-1"]
    state = act(state, "pay:orc-raider-1", "pay:rat-swarm-1")  # 3 + 1 >= 4
    assert info(state, 0).hand == ("grey-wolf-1", "watchtower")
    assert {"orc-raider-1", "rat-swarm-1"} <= state.discarded


def test_an_ability_used_goes_to_the_bottom_of_its_deck_which_is_shuffled() -> None:
    state = at(start(), 1, Tile("inner", 4), wounds=2, slotted=["second-wind-1"])
    state = act(state, "travel", "use:second-wind-1")
    assert info(state, 1).wounds == 1 and "second-wind-1" not in info(state, 1).slots
    assert "second-wind-1" in state.abilities.top and state.abilities.bottom == ()


def test_a_prophecy_fulfilled_gives_its_reward_and_a_new_one_is_drawn() -> None:
    state = scenario.set_prophecy(start(), "wolves-at-the-door")
    state = at(state, 0, Tile("inner", 1))
    state = act(state, "travel", "1", "orc-raider-1", "sinkhole", "bad-omen-1")
    state = act(state, "choose:orc-raider-1", "critical", "hit")
    assert kind(state) == "chance"  # the next prophecy
    state = act(state, "dragonfall")
    assert kinmarr.scenario.prophecy(state) == "dragonfall"
    assert info(state, 0).coins == 3 + 2 and "wolves-at-the-door" in state.discarded


def test_the_churchyard_draws_an_undead_and_lowers_fate() -> None:
    state = scenario.set_fate(at(start(), 0, Tile("outer", 16)), 3)
    state = act(state, "travel", "1")
    assert info(state, 0).tile == CHURCHYARD
    state = act(state, "grey-wolf-1", "sinkhole", "skeleton-1")  # drawn until an Undead comes
    assert legal(state) == ["choose:skeleton-1"]
    state = act(state, "choose:skeleton-1", "critical", "miss")  # red, green
    assert "skeleton-1" in info(state, 0).hand
    assert kinmarr.scenario.fate(state) == 2
    assert state.encounters.bottom[-1] == ("grey-wolf-1", "sinkhole")


def test_the_combat_dice_have_the_faces_of_the_seed() -> None:
    dice = kinmarr.standard_pack().dice
    assert sorted(dice.red) == sorted(["hit", "hit", "miss", "miss", "critical", "resilience"])
    assert sorted(dice.green) == sorted(["hit", "hit", "miss", "miss", "critical", "dodge"])
    assert sorted(dice.blue) == sorted(["hit", "hit", "miss", "miss", "critical", "insight"])
    state = at(start(), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "grey-wolf-1", "sinkhole", "bad-omen-1", "choose:grey-wolf-1")
    assert kinmarr.chance_outcomes(state) == (
        (kinmarr.FaceResult("hit"), Fraction(1, 3)),
        (kinmarr.FaceResult("miss"), Fraction(1, 3)),
        (kinmarr.FaceResult("critical"), Fraction(1, 6)),
        (kinmarr.FaceResult("resilience"), Fraction(1, 6)),
    )


# Guild powers ------------------------------------------------------------------------------------


def test_guild_feudal_pact_blocks_one_in_every_fight() -> None:
    state = at(start(("feudal_pact", "pathfinders")), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "tusked-boar-1", "sinkhole", "bad-omen-1")
    state = act(state, "choose:tusked-boar-1", "hit", "hit")
    assert info(state, 0).wounds == 1  # the boar's 2, less 1


def test_guild_arcane_commune_draws_an_ability_at_its_turn_when_it_holds_none() -> None:
    state = start(("arcane_commune", "pathfinders"))
    assert kind(state) == "chance"
    state = act(state, "withering-curse", "hand")
    assert info(state, 0).hand == ("withering-curse",)
    state = turn(turn(state, 1), 3)
    assert kind(state) == "start"  # holding one: no draw this time


def test_guild_pathfinders_take_a_coin_from_a_player_on_their_tile() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 1, Tile("inner", 1), coins=3)
    state = act(state, "travel", "1", "no-duel")
    assert kind(state) == "window" and legal(state) == ["pass", "power>1"]
    state = act(state, "power>1")
    assert (info(state, 0).coins, info(state, 1).coins) == (2, 2)  # 1 stolen + 1 Market Square
    assert "power>1" not in legal(state)


def test_guild_heirs_of_kinmarr_earn_a_coin_more_for_each_creature() -> None:
    state = at(start(("heirs_of_kinmarr", "pathfinders")), 0, Tile("inner", 1))
    state = act(state, "travel", "1", "grey-wolf-1", "sinkhole", "bad-omen-1")
    state = act(state, "choose:grey-wolf-1", "hit", "hit", "miss")
    assert info(state, 0).coins == 2 + 1


def test_the_castle_shop_is_reached_through_pair_guilds_too() -> None:
    state = at(start(PAIR), 0, CASTLE, coins=3)
    assert "buy:leather-armour-1" in legal(state)
