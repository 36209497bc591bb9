"""The open cases the rules page decides ("Decisions beyond the rulings", a–w), one test each
where the ruling tests do not already show it."""

from __future__ import annotations

from fractions import Fraction

from tests.test_kinmarr.positions import act, at, info, kind, legal, reason, start, turn

import kinmarr
from kinmarr import CASTLE, Tile, scenario


def test_a_hands_and_slots_are_public_only_deck_order_and_the_generator_are_hidden() -> None:
    state = at(start(), 1, CASTLE, cards=["grey-wolf-1"], slotted=["parry-1"])
    view = kinmarr.view(state, 0)
    assert view.players[1].hand == ("grey-wolf-1",) and view.players[1].slots == ("parry-1",)
    sampled = kinmarr.new_game(seed=3)
    assert kinmarr.view(sampled, 0).encounters.top != sampled.encounters.top  # order hidden
    assert sorted(kinmarr.view(sampled, 0).encounters.top) == sorted(sampled.encounters.top)


def test_b_a_card_moves_between_hand_and_slots_once_per_turn() -> None:
    state = act(at(start(), 0, CASTLE, cards=["parry-1"]), "slot:parry-1")
    assert "unslot:parry-1" not in legal(state)
    state = turn(turn(state, 1), 3)  # the next turn of seat 0
    assert "unslot:parry-1" in legal(state)


def test_c_gaining_a_card_opens_no_window() -> None:
    state = at(start(), 1, CASTLE, wounds=1, slotted=["healing-draught-2"])
    state = at(state, 0, Tile("outer", 9))
    state = act(state, "travel", "pass", "1", "pass", "pass")  # travel, move, tile windows
    assert kind(state) == "chance"  # the Hermit's Ability: drawn with no "draw" window
    state = act(state, "rally", "hand")
    assert kind(state) == "window"  # the end window


def test_e_items_not_used_up_and_powers_answer_once_per_turn() -> None:
    guilds = ("feudal_pact", "pathfinders")
    state = at(start(guilds), 0, Tile("inner", 1), slotted=["lucky-charm"])
    state = act(state, "travel", "1", "grey-wolf-1", "sinkhole", "bad-omen-1", "choose:grey-wolf-1")
    state = act(state, "miss", "miss")
    assert legal(state) == ["pass", "use:lucky-charm"]
    state = act(state, "use:lucky-charm")
    assert "lucky-charm" in info(state, 0).slots and "lucky-charm" in state.flags.spent
    assert kind(state) == "end"


def test_g_the_active_players_death_ends_its_turn_and_unresolved_cards_go_to_the_bottom() -> None:
    state = at(start(("pathfinders", "feudal_pact")), 0, Tile("outer", 3), wounds=2)
    state = act(state, "travel", "1", "tusked-boar-1", "grey-wolf-1", "sinkhole")
    state = act(state, "choose:tusked-boar-1", "choose:grey-wolf-1", "miss", "miss", "miss")
    assert not info(state, 0).alive
    assert state.encounters.bottom[-1] == ("grey-wolf-1",)  # never fought
    assert kinmarr.scenario.fate(state) == 1 + 2  # the boar lost, the death


def test_i_a_duellist_killed_before_the_duel_is_settled_ends_it_without_a_winner() -> None:
    guilds = ("feudal_pact", "pathfinders", "heirs_of_kinmarr")
    state = start(guilds)
    state = at(state, 1, Tile("inner", 3), wounds=3)
    state = at(state, 2, Tile("inner", 3), slotted=["poison-dart"])
    state = act(state, "travel", "3", "pass")  # seat 2 keeps the dart in the tile window
    state = act(state, "duel:1", "hit", "miss", "miss", "miss", "miss")
    assert kind(state) == "window" and kinmarr.current_player(state) == 2
    done = kinmarr.step(state, kinmarr.Use("poison-dart", 1))
    assert kinmarr.DuelEnded(0, 1, 0, 0, None) in done.events
    assert not info(done.state, 1).alive and kind(done.state) == "end"


def test_k_dropping_an_offer_counts_as_the_offer_to_that_partner() -> None:
    state = at(start(), 1, Tile("inner", 1), coins=3)
    state = act(state, "travel", "1", "no-duel", "trade:1", "no-trade")
    assert "trade:1" not in legal(state)
    assert (reason(state, "trade:1") or "").startswith("K6")


def test_m_a_tower_that_can_no_longer_be_paid_goes_to_the_bottom() -> None:
    state = at(start(), 0, Tile("outer", 3), cards=["orc-raider-1", "grey-wolf-1"])
    state = act(state, "travel", "1", "watchtower", "lighthouse", "sinkhole")  # Sunken Bog
    state = act(state, "choose:watchtower", "choose:lighthouse")
    state = act(state, "pay:orc-raider-1", "pay:grey-wolf-1")  # 5: the Watchtower is paid
    assert info(state, 0).hand == ("watchtower",)
    assert state.encounters.bottom[-1] == ("lighthouse",)  # nothing left to pay for it


def test_p_an_ability_draw_ends_when_no_ability_of_the_guild_is_left() -> None:
    state = start()
    mine = [c.id for c in state.config.content.cards if c.kind == "ability" and c.guild in
            (None, "feudal_pact")]  # fmt: skip
    state = scenario.discard(state, mine)
    state = at(state, 0, Tile("outer", 9))
    state = act(state, "travel", "1")  # the Hermit's Hut
    assert kind(state) == "end" and len(state.abilities) > 0


def test_q_fate_is_checked_before_an_empty_deck() -> None:
    state = scenario.set_fate(turn(start(), 1), 10)  # seat 1 to play: round 1 goes on
    state = scenario.discard(state, state.prophecies.cards())
    state = turn(state, 6)  # round 2 starts: Fate 10 and an empty deck
    result = kinmarr.outcome(state)
    assert result is not None and result.ending == "fate"


def test_s_a_single_possible_result_is_not_a_decision() -> None:
    state = scenario.discard(start(), start().items.cards()[1:])
    state = act(at(state, 0, CASTLE, coins=9), "buy:short-sword-1", "hand")
    assert kind(state) != "chance" and len(kinmarr.scenario.shop(state)) == 4


def test_t_explicit_chance_draws_among_the_unknown_cards_in_pack_order() -> None:
    state = act(at(start(), 0, Tile("inner", 1)), "travel", "1")
    outcomes = kinmarr.chance_outcomes(state)
    cards = [a.card for a, _ in outcomes]  # type: ignore[union-attr]
    assert cards == list(state.encounters.top)
    assert {p for _, p in outcomes} == {Fraction(1, len(cards))}


def test_w_coins_never_go_below_zero() -> None:
    state = at(start(), 0, Tile("inner", 1), coins=1)
    state = act(state, "travel", "1", "tax-collector", "ogre", "bad-omen-1")
    assert legal(state) == ["choose:tax-collector", "choose:ogre", "choose:bad-omen-1"]
    state = act(state, "choose:tax-collector")
    assert info(state, 0).coins == 0
