"""One test (or a few) per ruling K1–K15 of the rules page, named after it.

Every game here is played in explicit chance mode: the tests choose each die and each card drawn.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from tests.test_kinmarr.positions import PAIR, act, at, info, kind, legal, reason, start

import kinmarr
from kinmarr import CASTLE, INNER_SIGNPOST, OBSERVATORY, OUTER_SIGNPOST, Tile, scenario
from tabletop_rules import StateFormatError

# K1 Special tiles --------------------------------------------------------------------------------


def test_k1_special_tiles_lie_on_their_paths() -> None:
    pack = kinmarr.standard_pack()
    assert (CASTLE.ring, INNER_SIGNPOST.ring) == ("inner", "inner")
    assert (OUTER_SIGNPOST.ring, OBSERVATORY.ring) == ("outer", "outer")
    specials = {
        tile: pack.tile(tile).special
        for tile in (CASTLE, INNER_SIGNPOST, OUTER_SIGNPOST, OBSERVATORY)
    }
    assert specials == {
        CASTLE: "castle",
        INNER_SIGNPOST: "inner_signpost",
        OUTER_SIGNPOST: "outer_signpost",
        OBSERVATORY: "observatory",
    }


def test_k1_the_inner_signpost_heals_then_sends_to_the_outer_signpost() -> None:
    state = at(start(), 0, Tile("inner", 12), wounds=2)
    state = act(state, "travel", "2")
    assert info(state, 0).tile == OUTER_SIGNPOST
    assert info(state, 0).wounds == 0


def test_k1_the_outer_signpost_heals_all_wounds() -> None:
    state = at(start(), 0, Tile("inner", 13), wounds=3)
    state = act(state, "travel", "1")
    assert (info(state, 0).tile, info(state, 0).wounds) == (OUTER_SIGNPOST, 0)


def test_k1_the_observatory_sends_to_the_castle_draws_an_ability_and_lowers_fate() -> None:
    state = scenario.set_fate(at(start(), 0, Tile("outer", 23), wounds=2), 5)
    state = act(state, "travel", "2")
    assert kind(state) == "chance"  # the Ability drawn
    state = act(state, "rally", "hand", "no-duel")  # seat 1 still stands on the Castle
    assert info(state, 0).tile == CASTLE
    assert info(state, 0).wounds == 0  # the Castle's action (K1: arriving by being moved)
    assert "rally" in info(state, 0).hand
    assert kinmarr.scenario.fate(state) == 2
    assert "buy:leather-armour-1" not in legal(state)  # 0 coins
    state = scenario.set_player(state, 0, coins=5)
    assert "buy:leather-armour-1" in legal(state)  # the Castle's Shop this turn (K14)


def _custom_board_pack() -> kinmarr.Pack:
    """The standard pack with the Observatory moved to outer index 10."""
    data = kinmarr.pack_to_json(kinmarr.standard_pack())
    outer = data["board"]["outer"]
    outer[10], outer[25] = outer[25], outer[10]
    return kinmarr.pack_from_json(json.dumps(data))


def test_k1_reaching_the_outer_signpost_along_the_outer_path_stops_the_move() -> None:
    config = kinmarr.Config(guilds=PAIR, chance="explicit", pack=_custom_board_pack())
    state = kinmarr.new_game(config, seed=0)
    state = act(state, "a-full-purse", "leather-armour-1", "short-sword-1", "chain-mail", "war-axe")
    state = at(state, 0, Tile("outer", 24), wounds=1)
    state = act(state, "travel", "5")
    assert info(state, 0).tile == OUTER_SIGNPOST  # stopped with 3 steps left
    assert info(state, 0).wounds == 0


def test_k1_a_card_move_stops_on_a_special_tile_and_does_its_action() -> None:
    state = at(start(), 0, Tile("inner", 11), wounds=2)
    state = act(state, "travel", "1")  # the Millpond: draw 2, choose 1
    state = act(state, "old-road", "sinkhole", "choose:old-road")  # move 2: 13, then 14
    assert info(state, 0).tile == OUTER_SIGNPOST
    assert info(state, 0).wounds == 0


def test_k1_a_card_sending_to_a_special_tile_does_its_action() -> None:
    state = at(start(), 0, Tile("inner", 1))
    state = act(state, "travel", "1")  # the Royal Road: draw 3, choose 1
    state = act(state, "portal-stone", "sinkhole", "bad-omen-1", "choose:portal-stone")
    assert kind(state) == "chance"  # the Observatory's Ability
    state = act(state, "battle-cry-1", "hand")
    assert info(state, 0).tile == CASTLE


# K2 Stopping -------------------------------------------------------------------------------------


def test_k2_passing_a_special_tile_ends_the_move_there() -> None:
    state = at(start(), 0, Tile("inner", 12))
    state = act(state, "travel", "6")
    assert info(state, 0).tile == OUTER_SIGNPOST  # stopped at the inner Signpost (14) first


def test_k2_a_move_starting_on_a_special_tile_leaves_it_normally() -> None:
    state = act(start(), "travel", "5")  # from the Castle
    assert info(state, 0).tile == Tile("inner", 5)


# K3 Travel die -----------------------------------------------------------------------------------


def test_k3_the_travel_die_is_a_d6() -> None:
    state = act(start(), "travel")
    assert kinmarr.chance_outcomes(state) == tuple(
        (kinmarr.Roll(n), Fraction(1, 6)) for n in range(1, 7)
    )


def test_k3_movement_is_clockwise_and_mandatory() -> None:
    state = start()
    assert legal(state) == ["travel"]  # nothing ends the turn before the move
    assert (reason(state, "end") or "").startswith("Turn:")
    state = act(state, "travel", "3")
    assert info(state, 0).tile == Tile("inner", 3)


# K4 The Stack ------------------------------------------------------------------------------------


def test_k4_nobody_is_asked_without_a_usable_answer() -> None:
    state = start()
    assert kind(state) == "start"  # the start window asked nobody
    state = scenario.give(state, 1, "healing-draught-2")  # in hand: never works
    assert kind(state) == "start"


def test_k4_the_others_are_asked_in_turn_order_then_the_active_player() -> None:
    guilds = ("feudal_pact", "pathfinders", "heirs_of_kinmarr")
    state = start(guilds)
    for seat, card in ((0, "healing-draught-2"), (1, "healing-draught-3"), (2, "field-surgery")):
        state = scenario.give(state, seat, card, slot=True)
        state = scenario.set_player(state, seat, wounds=1)  # so that a heal changes something
    asked = []
    state = act(state, "travel")  # the travel window
    while kind(state) == "window":
        asked.append(kinmarr.current_player(state))
        state = act(state, "pass")
    assert asked == [1, 2, 0]


def test_k4_an_answer_starts_the_round_again_and_the_stack_resolves_last_in_first_out() -> None:
    state = start(("heirs_of_kinmarr", "arcane_commune", "pathfinders"))
    state = scenario.give(state, 1, "star-reading", slot=True)
    state = scenario.give(state, 2, "twist-of-fate", slot=True)
    state = scenario.set_fate(state, 6)
    state = act(state, "travel")  # window: 1, 2, then 0 (who holds nothing usable)
    assert kinmarr.current_player(state) == 1
    state = act(state, "use:star-reading")
    assert kinmarr.current_player(state) == 2  # the round starts again: 1 has nothing left
    done = kinmarr.step(state, kinmarr.Use("twist-of-fate"))
    fate = [e.by for e in done.events if isinstance(e, kinmarr.FateChanged)]
    assert fate == [-2, -1]  # the last answer resolved first
    assert kinmarr.scenario.fate(done.state) == 3


def test_k4_slotted_cards_work_in_other_players_turns() -> None:
    state = at(start(), 1, Tile("inner", 4), wounds=2, slotted=["healing-draught-2"])
    state = act(state, "travel")
    assert kinmarr.current_player(state) == 1 and kind(state) == "window"
    state = act(state, "use:healing-draught-2")
    assert info(state, 1).wounds == 0
    assert "healing-draught-2" not in info(state, 1).slots  # used up


def test_k4_cards_in_hand_never_work() -> None:
    state = at(start(), 0, CASTLE, cards=["healing-draught-2"])
    state = act(state, "travel")
    assert kind(state) == "chance"  # no window opened
    assert "not in a slot" in (
        reason(
            act(at(start(), 1, CASTLE, wounds=1, slotted=["healing-draught-3"]), "travel"),
            "use:healing-draught-2",
        )
        or ""
    )


# K4 with auto_pass, and who is asked at all: tests/test_kinmarr/test_windows.py


# K5 Duels ----------------------------------------------------------------------------------------


def _duel_ready(coins: int | None = None) -> kinmarr.State:
    """Seat 0 (Feudal Pact: red, green; Block 1) has moved onto seat 1's tile (Pathfinders:
    green, green, red) and may declare a duel."""
    state = at(start(), 1, Tile("inner", 3), coins=coins)
    state = act(state, "travel", "3")  # the Chapel of Dawn: heal 1
    assert kind(state) == "duel"
    return state


def test_k5_a_duel_is_declared_after_the_tile_at_most_once() -> None:
    state = _duel_ready()
    assert legal(state) == ["no-duel", "duel:1"]
    state = act(state, "duel:1", "miss", "miss", "miss", "miss", "miss")
    assert kind(state) == "end"
    assert "duel" not in " ".join(legal(state))


def test_k5_dice_are_resolved_against_each_other_and_blocks_count() -> None:
    state = _duel_ready()
    # attacker: hit, critical (3); defender: hit, hit, miss (2) less the Feudal Block 1
    done = kinmarr.step(
        act(state, "duel:1", "hit", "critical", "hit", "hit"), kinmarr.FaceResult("miss")
    )
    ended = [e for e in done.events if isinstance(e, kinmarr.DuelEnded)]
    assert ended == [kinmarr.DuelEnded(0, 1, 3, 1, 0)]
    assert (info(done.state, 0).wounds, info(done.state, 1).wounds) == (1, 3)
    assert kind(done.state) == "trophy"


def test_k5_losing_a_duel_does_not_change_fate() -> None:
    state = act(_duel_ready(), "duel:1", "critical", "miss", "miss", "miss", "miss")
    assert kind(state) == "trophy" and info(state, 1).wounds == 2
    assert kinmarr.scenario.fate(state) == 0


def test_k5_the_winner_takes_one_trophy() -> None:
    state = _duel_ready(coins=7)
    state = scenario.give(state, 1, "short-sword-2", slot=True)
    state = scenario.give(state, 1, "grey-wolf-1")
    state = act(state, "duel:1", "critical", "miss", "miss", "miss", "miss")
    assert legal(state) == ["take-coins", "take:short-sword-2", "take:grey-wolf-1"]
    coins = act(state, "take-coins")
    assert (info(coins, 0).coins, info(coins, 1).coins) == (3, 4)  # half, rounded down
    wolf = act(state, "take:grey-wolf-1")
    assert "grey-wolf-1" in info(wolf, 0).hand and "grey-wolf-1" not in info(wolf, 1).hand


def test_k5_a_draw_gives_no_trophy() -> None:
    # 1 dealt each way: the defender's 2 less the Feudal Pact's Block 1
    state = act(_duel_ready(), "duel:1", "hit", "miss", "hit", "hit", "miss")
    assert kind(state) == "end"
    assert (info(state, 0).wounds, info(state, 1).wounds) == (1, 1)


def test_k5_a_killed_loser_leaves_everything_to_the_winner_before_any_bystander() -> None:
    guilds = ("feudal_pact", "pathfinders", "heirs_of_kinmarr")
    state = start(guilds)
    state = at(state, 1, Tile("inner", 3), wounds=3, coins=6, cards=["grey-wolf-1"])
    state = scenario.give(state, 1, "short-sword-2", slot=True)
    state = at(state, 2, Tile("inner", 3))
    state = act(state, "travel", "3")  # heal 1 (the Chapel): seat 0 has no wounds
    state = act(state, "duel:1", "critical", "miss", "miss", "miss", "miss")
    assert not info(state, 1).alive
    assert info(state, 0).coins == 6
    assert kind(state) == "keep"  # the sword: to a slot or the hand
    state = act(state, "slot")
    assert "short-sword-2" in info(state, 0).slots and "grey-wolf-1" in info(state, 0).hand
    assert kinmarr.scenario.fate(state) == 2  # the death; not the lost duel
    assert info(state, 2).coins == 0  # the bystander had nothing left to loot


def test_k5_a_card_may_allow_a_duel_anywhere() -> None:
    state = at(start(), 1, CASTLE, slotted=["challenge"])
    state = act(state, "travel", "1", "end")  # seat 0 to the Market Square (inner 1)
    state = act(state, "use:challenge", "travel", "3")  # seat 1's start window, then travel
    assert info(state, 0).tile != info(state, 1).tile
    assert legal(state) == ["no-duel", "duel:0"]


# K6 Trade ----------------------------------------------------------------------------------------


def _trading() -> kinmarr.State:
    state = at(start(), 1, Tile("inner", 1), coins=3, cards=["grey-wolf-1"])
    state = at(state, 0, CASTLE, coins=2, cards=["leather-armour-2"])
    state = act(state, "travel", "1", "no-duel")  # the Market Square: +1 coin
    assert kind(state) == "end"
    return state


def test_k6_an_offer_is_made_then_accepted() -> None:
    state = act(_trading(), "trade:1", "give:leather-armour-2", "give-coin", "ask:grey-wolf-1")
    assert kind(state) == "offer"
    state = act(state, "propose")
    assert kinmarr.current_player(state) == 1 and legal(state) == ["refuse", "accept"]
    state = act(state, "accept", "hand")  # the partner keeps the armour in hand
    assert "grey-wolf-1" in info(state, 0).hand and "leather-armour-2" in info(state, 1).hand
    assert (info(state, 0).coins, info(state, 1).coins) == (2, 4)


def test_k6_a_refused_offer_changes_nothing_and_is_made_once_per_partner() -> None:
    before = _trading()
    state = act(before, "trade:1", "ask-coin", "propose", "refuse")
    assert (info(state, 0).coins, info(state, 1).coins) == (3, 3)
    assert "trade:1" not in legal(state)
    assert (reason(state, "trade:1") or "").startswith("K6")


def test_k6_only_the_active_player_offers() -> None:
    state = act(_trading(), "trade:1")
    assert all(not move.startswith("trade") for move in legal(state))


# K7 Victory options ------------------------------------------------------------------------------


def _end_turn(state: kinmarr.State) -> kinmarr.State:
    while kind(state) != "end":
        state = act(state, legal(state)[0])
    return act(state, "end")


def test_k7_a_round_limit_ends_the_game_with_scoring() -> None:
    state = start(round_limit=1)
    state = scenario.give(state, 1, "grey-wolf-1")
    state = act(state, "travel", "1")
    state = _end_turn(state)
    state = act(state, "travel", "1")
    state = _end_turn(state)
    result = kinmarr.outcome(state)
    assert result is not None and result.ending == "round-limit"
    assert result.winners == (1,) and result.scores == (0.0, 2.0)


def test_k7_an_empty_deck_at_the_start_of_a_turn_ends_the_game_with_scoring() -> None:
    state = scenario.discard(start(), start().items.cards())
    assert len(state.items) == 0 and not kinmarr.is_over(state)  # the turn had started
    state = _end_turn(act(state, "travel", "1"))
    result = kinmarr.outcome(state)
    assert result is not None and result.ending == "deck-exhausted"


def test_k7_the_last_token_on_the_board_wins_at_the_start_of_its_turn() -> None:
    state = at(start(), 1, Tile("inner", 3), wounds=3)
    state = act(state, "travel", "3", "duel:1", "critical", "miss", "miss", "miss", "miss")
    assert not info(state, 1).alive and not kinmarr.is_over(state)
    state = act(state, "end")
    result = kinmarr.outcome(state)
    assert result is not None and (result.ending, result.winners) == ("last-standing", (0,))


def test_k7_last_standing_is_an_option_that_can_be_turned_off() -> None:
    """K7: last-standing is the default victory (``Config.last_standing``); turned off, the last
    player plays on alone and the game ends by scoring."""
    assert kinmarr.Config().last_standing
    state = at(start(last_standing=False, round_limit=2), 1, Tile("inner", 3), wounds=3)
    state = act(state, "travel", "3", "duel:1", "critical", "miss", "miss", "miss", "miss")
    state = act(state, "end")
    assert not kinmarr.is_over(state) and kinmarr.current_player(state) == 0
    assert kind(state) == "start" and scenario.round_number(state) == 2
    state = act(state, "travel", "3", "end")  # alone on the board: The Drowned Rat, no duel
    result = kinmarr.outcome(state)
    assert result is not None and (result.ending, result.winners) == ("round-limit", (0,))


def test_k7_last_standing_is_saved_and_old_saves_without_it_keep_it_on() -> None:
    """K7: the option goes into saved configs; a config saved before the option existed means
    last-standing on."""
    for value in (True, False):
        config = kinmarr.Config(guilds=PAIR, last_standing=value)
        data = json.loads(kinmarr.dumps(config))
        assert data["data"]["last_standing"] is value
        assert kinmarr.loads(json.dumps(data), kinmarr.Config) == config
    del data["data"]["last_standing"]
    assert kinmarr.loads(json.dumps(data), kinmarr.Config).last_standing is True
    data["data"]["last_standing"] = "no"
    with pytest.raises(StateFormatError, match="expected bool"):
        kinmarr.loads(json.dumps(data), kinmarr.Config)


# K8 Scoring --------------------------------------------------------------------------------------


def test_k8_scores_count_hand_and_slots_and_one_per_ability() -> None:
    state = start(round_limit=1)
    state = scenario.give(state, 0, "chain-mail", slot=True)  # value 7
    state = scenario.give(state, 0, "rally")  # an Ability: 1
    state = scenario.give(state, 0, "bridge-troll-1")  # value 4
    state = scenario.give(state, 1, "watchtower")  # a tower: value 4
    state = act(state, "travel", "1")
    state = _end_turn(act(_end_turn(state), "travel", "1"))
    result = kinmarr.outcome(state)
    assert result is not None and result.scores == (12.0, 4.0) and result.winners == (0,)


def test_k8_equal_top_scores_share_the_victory() -> None:
    state = start(round_limit=1)
    state = scenario.give(state, 0, "grey-wolf-1")
    state = scenario.give(state, 1, "road-bandit-1")
    state = _end_turn(act(_end_turn(act(state, "travel", "1")), "travel", "1"))
    result = kinmarr.outcome(state)
    assert result is not None and result.winners == (0, 1) and result.returns == (1.0, 1.0)


# K9 Seat order -----------------------------------------------------------------------------------


def test_k9_seats_are_the_config_order_and_the_first_seat_starts() -> None:
    config = kinmarr.Config(guilds=("heirs_of_kinmarr", "pathfinders", "feudal_pact"))
    state = kinmarr.new_game(config, seed=2)
    assert [p.guild for p in state.players] == list(config.guilds)
    assert kinmarr.current_player(state) == 0 and state.turn == 0
    assert kinmarr.seat_count(state) == 3


# K10 Killed but dead -----------------------------------------------------------------------------


def test_k10_killing_the_creature_but_dying_is_neither_won_nor_lost() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("inner", 1), wounds=3)
    state = act(state, "travel", "1")  # Royal Road
    state = act(state, "grey-wolf-1", "sinkhole", "bad-omen-1", "choose:grey-wolf-1")
    done = kinmarr.step(act(state, "critical", "miss"), kinmarr.FaceResult("resilience"))
    assert kinmarr.FightEnded(0, "grey-wolf-1", "dead", 2, 1) in done.events
    state = done.state
    assert not info(state, 0).alive  # Resilience comes after the fight: too late
    assert kinmarr.scenario.fate(state) == 2  # the death only, no lost fight
    assert "grey-wolf-1" in state.discarded  # the creature leaves the game


def test_k10_dying_without_killing_the_creature_also_loses_the_fight() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("inner", 1), wounds=3)
    state = act(state, "travel", "1", "grey-wolf-1", "sinkhole", "bad-omen-1", "choose:grey-wolf-1")
    state = act(state, "miss", "miss", "miss")
    assert not info(state, 0).alive
    assert kinmarr.scenario.fate(state) == 3  # +1 for the lost fight, +2 for the death
    assert state.encounters.bottom[-1] == ("grey-wolf-1",)


# K11 Several creatures ---------------------------------------------------------------------------


def test_k11_several_creatures_are_fought_in_the_order_chosen_each_with_its_roll() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("outer", 3), wounds=0)
    state = act(state, "travel", "1")  # the Sunken Bog: draw 3, choose 2
    state = act(state, "tusked-boar-1", "grey-wolf-1", "sinkhole")
    state = act(state, "choose:grey-wolf-1", "choose:tusked-boar-1")
    state = act(state, "hit", "hit", "miss")  # the wolf (defence 2): won, 1 wound
    assert info(state, 0).hand == ("grey-wolf-1",) and info(state, 0).coins == 2
    assert kind(state) == "chance"  # a new roll for the boar
    state = act(state, "miss", "miss", "miss")  # the boar: lost, 2 more wounds
    assert info(state, 0).wounds == 3  # the wounds carried over
    assert kinmarr.scenario.fate(state) == 1
    assert state.encounters.bottom[-1] == ("tusked-boar-1",)


# K12 Dodge ---------------------------------------------------------------------------------------


def _rolling() -> kinmarr.State:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("inner", 1))
    return act(state, "travel", "1", "grey-wolf-1", "sinkhole", "bad-omen-1", "choose:grey-wolf-1")


def test_k12_a_dodge_rerolls_it_and_one_other_die_of_the_players_choice() -> None:
    state = act(_rolling(), "dodge", "miss", "hit")
    assert kind(state) == "reroll"
    assert legal(state) == ["no-reroll", "reroll:0+1", "reroll:0+2"]
    done = kinmarr.step(act(state, "reroll:0+1", "critical"), kinmarr.FaceResult("hit"))
    assert kinmarr.FightEnded(0, "grey-wolf-1", "won", 4, 1) in done.events  # 2 + 1 + 1


def test_k12_a_dodge_from_a_reroll_may_be_used_in_turn() -> None:
    state = act(_rolling(), "dodge", "miss", "miss", "reroll:0+1", "dodge", "miss")
    assert legal(state) == ["no-reroll", "reroll:0+1", "reroll:0+2"]


def test_k12_the_dodge_is_optional() -> None:
    state = act(_rolling(), "dodge", "hit", "hit", "no-reroll")
    assert kind(state) in ("end", "keep", "drop", "duel")
    assert info(state, 0).hand == ("grey-wolf-1",)


# K13 Looting a death -----------------------------------------------------------------------------


def test_k13_characters_on_the_tile_loot_in_turn_order_from_the_active_player() -> None:
    guilds = ("pathfinders", "feudal_pact", "heirs_of_kinmarr")
    state = start(guilds)
    state = at(state, 0, Tile("outer", 11), wounds=3, coins=5, cards=["grey-wolf-1", "war-axe"])
    state = at(state, 1, Tile("outer", 12))
    state = at(state, 2, Tile("outer", 12))
    state = act(state, "travel", "1")  # the Barren Moor: 1 wound, death
    assert not info(state, 0).alive and kind(state) == "loot"
    assert kinmarr.current_player(state) == 1  # the next seat after the (dead) active player
    assert legal(state) == ["skip-loot", "loot-coins", "loot:war-axe", "loot:grey-wolf-1"]
    state = act(state, "loot:war-axe", "slot", "skip-loot")
    assert kinmarr.current_player(state) == 2
    state = act(state, "loot-coins", "skip-loot")
    assert info(state, 2).coins == 5 and "war-axe" in info(state, 1).slots
    assert "grey-wolf-1" in state.discarded  # what nobody took


def test_k13_no_character_left_ends_the_game_with_nobody_winning() -> None:
    state = at(start(), 0, CASTLE, wounds=3)
    state = at(state, 1, Tile("inner", 1), wounds=3)
    state = act(state, "travel", "1", "duel:1", "critical", "miss", "critical", "miss", "miss")
    result = kinmarr.outcome(state)
    assert result is not None and (result.ending, result.winners) == ("no-one-left", ())


# K14 Shop ----------------------------------------------------------------------------------------


def test_k14_the_shop_is_used_on_the_castle_on_your_own_turn() -> None:
    state = at(start(), 0, Tile("inner", 8), coins=9)
    assert not [m for m in legal(state) if m.startswith("buy")]
    state = at(start(), 0, CASTLE, coins=9)
    assert "buy:short-sword-1" in legal(state)
    far = act(at(start(), 0, CASTLE, coins=9), "travel", "1", "end")
    assert (reason(far, "buy:short-sword-1") or "").startswith("K14")


def test_k14_buying_pays_the_value_and_refills_the_shop() -> None:
    state = act(at(start(), 0, CASTLE, coins=5), "buy:short-sword-1")
    assert kind(state) == "keep"
    state = act(state, "slot", "chain-mail")  # the refill, drawn by chance
    assert info(state, 0).slots == ("short-sword-1",) and info(state, 0).coins == 2
    assert "chain-mail" in kinmarr.scenario.shop(state)


def test_k14_selling_gives_half_rounded_down_and_puts_the_item_at_the_bottom() -> None:
    state = act(at(start(), 0, CASTLE, cards=["chain-mail"]), "sell:chain-mail")
    assert info(state, 0).coins == 3
    assert state.items.bottom[-1] == ("chain-mail",)  # known to lie at the bottom


def test_k14_each_refresh_in_a_turn_costs_one_more() -> None:
    state = at(start(), 0, CASTLE, coins=3)
    state = act(state, "refresh", "war-axe", "elven-bow", "crystal-orb", "royal-ring")
    assert info(state, 0).coins == 2 and kinmarr.scenario.shop(state) == (
        "war-axe",
        "elven-bow",
        "crystal-orb",
        "royal-ring",
    )
    state = act(state, "refresh", "gauntlet", "hunting-horn", "chain-mail", "tower-shield")
    assert info(state, 0).coins == 0
    assert (reason(state, "refresh") or "").startswith("K14")


def test_k14_the_refresh_price_resets_the_next_turn() -> None:
    state = at(start(), 0, CASTLE, coins=9)
    state = act(state, "refresh", "war-axe", "elven-bow", "crystal-orb", "royal-ring")
    state = act(state, "travel", "1", "end")  # seat 0 is on the Market Square now
    state = at(act(state, "travel", "3", "end"), 0, CASTLE)
    assert state.flags.refreshes == 0
    state = act(state, "refresh", "gauntlet", "hunting-horn", "chain-mail", "tower-shield")
    assert info(state, 0).coins == 9 - 1 + 1 - 1  # 1 again, after the Market Square's coin


def test_k14_the_shop_holds_fewer_when_the_item_deck_runs_out() -> None:
    state = at(start(), 0, CASTLE, coins=5)
    state = scenario.discard(state, state.items.cards()[1:])
    assert len(state.items) == 1
    state = act(state, "buy:short-sword-1", "hand")  # the last Item refills the Shop (forced)
    assert len(kinmarr.scenario.shop(state)) == 4 and len(state.items) == 0
    state = act(state, "buy:healing-draught-1", "hand")
    assert len(kinmarr.scenario.shop(state)) == 3  # nothing left to refill it


def test_k14_the_shop_is_refilled_as_soon_as_the_item_deck_has_cards_again() -> None:
    """K14: the Shop holds fewer than 4 only while the Item deck is empty; an Item sold back
    into the deck refills it at once."""
    state = at(start(), 0, CASTLE, coins=5)
    state = scenario.discard(state, state.items.cards()[1:])
    state = act(state, "buy:short-sword-1", "hand", "buy:healing-draught-1", "hand")
    assert len(kinmarr.scenario.shop(state)) == 3 and len(state.items) == 0
    state = act(state, "sell:short-sword-1")
    assert "short-sword-1" in kinmarr.scenario.shop(state)
    assert len(kinmarr.scenario.shop(state)) == 4 and len(state.items) == 0


# K15 Cards that never leave ----------------------------------------------------------------------


def test_k15_a_card_dropped_from_a_full_hand_is_discarded() -> None:
    cards = [f"rat-swarm-{n}" for n in (1, 2, 3)] + [f"goblin-scout-{n}" for n in (1, 2, 3)]
    cards += ["grey-wolf-1", "grey-wolf-2", "grey-wolf-3", "road-bandit-1"]
    state = at(start(), 0, Tile("inner", 1), cards=cards)
    state = act(state, "travel", "1", "road-bandit-2", "sinkhole", "bad-omen-1")
    state = act(state, "choose:road-bandit-2", "hit", "hit")
    assert kind(state) == "drop" and len(info(state, 0).hand) == 11
    state = act(state, "drop:rat-swarm-1")
    assert len(info(state, 0).hand) == 10 and "rat-swarm-1" in state.discarded


def test_k15_towers_work_from_the_hand_when_shown_at_the_start_of_the_turn() -> None:
    state = at(start(), 0, CASTLE, cards=["mage-tower"])
    assert legal(state) == ["travel", "tower:mage-tower"]
    state = act(state, "tower:mage-tower")
    assert info(state, 0).coins == 2 and "tower:mage-tower" not in legal(state)


def test_k15_an_ability_of_another_guild_drawn_goes_to_the_bottom_and_the_draw_goes_on() -> None:
    state = at(start(), 0, Tile("outer", 9))
    state = act(state, "travel", "1")  # the Hermit's Hut: draw an Ability
    state = act(state, "firebolt")  # an Arcane Commune Ability: to the bottom
    assert kind(state) == "chance"
    assert state.abilities.bottom[-1] == ("firebolt",)
    state = act(state, "rally", "hand")
    assert "rally" in info(state, 0).hand


def test_k15_another_guilds_ability_can_never_be_held() -> None:
    with pytest.raises(ValueError, match="K15"):
        scenario.give(start(), 0, "firebolt")
