"""Creatures with abilities of their own (decision y), and prophecies that expire (decision x): one
test per effect kind and trigger point, each played through the engine in explicit chance mode."""

from __future__ import annotations

from typing import Any

import pytest
from tests.test_kinmarr.positions import act, at, card_data, info, kind, pack_with, start, turn

import kinmarr
from kinmarr import CASTLE, Tile, scenario
from tabletop_rules import ContentError

ROAD = Tile("inner", 1)
"""One step before the Royal Road (draw 3 encounters, choose 1)."""


def _fight(guilds: tuple[str, str], creature: str, **player: Any) -> kinmarr.State:
    """Seat 0 of ``guilds`` draws ``creature`` on the Royal Road and chooses it."""
    state = at(start(guilds), 0, ROAD, **player)
    return act(state, "travel", "1", creature, "sinkhole", "bad-omen-1", f"choose:{creature}")


def _ended(state: kinmarr.State, *faces: str) -> kinmarr.FightEnded:
    for face in faces:
        done = kinmarr.step(state, kinmarr.parse_action(state, face))
        state = done.state
    found = [e for e in done.events if isinstance(e, kinmarr.FightEnded)]
    assert len(found) == 1
    return found[0]


def test_fear_takes_the_last_of_the_guilds_dice() -> None:
    pack = kinmarr.standard_pack()
    assert kinmarr.Fear(1) in pack.card("giant-spider-1").passive
    state = _fight(("pathfinders", "feudal_pact"), "giant-spider-1", slotted=["war-axe"])
    fight = state.frames[-1]
    assert isinstance(fight, kinmarr.FightFrame)
    assert fight.dice.colours == ("green", "green", "red")  # green, green (red lost), War Axe
    assert _ended(state, "hit", "miss", "hit").result == "won"


def test_elusive_dice_deal_no_wounds() -> None:
    assert kinmarr.Elusive("red") in kinmarr.standard_pack().card("wraith-1").passive
    state = _fight(("feudal_pact", "pathfinders"), "wraith-1")  # red, green
    assert _ended(state, "critical", "critical") == kinmarr.FightEnded(0, "wraith-1", "lost", 2, 0)
    state = _fight(("feudal_pact", "pathfinders"), "wraith-1", slotted=["short-sword-1"])
    assert _ended(state, "critical", "critical").result == "won"  # 2 (green) + 1 (the sword)


def test_pierce_wounds_ignore_block() -> None:
    assert kinmarr.Pierce(1) in kinmarr.standard_pack().card("tusked-boar-1").passive
    state = _fight(("pathfinders", "feudal_pact"), "tusked-boar-1", slotted=["chain-mail"])
    ended = _ended(state, "hit", "hit", "miss")  # attack 2: 1 pierces, 1 is blocked
    assert (ended.result, ended.taken) == ("won", 1)


def test_regenerate_asks_for_more_wounds_unless_a_critical_is_rolled() -> None:
    dead = kinmarr.standard_pack().card("shambling-dead-1")
    assert kinmarr.Regenerate(1) in dead.passive and dead.defence == 2
    state = _fight(("pathfinders", "feudal_pact"), "shambling-dead-1")
    assert _ended(state, "hit", "hit", "miss").result == "lost"  # 2 wounds, 3 needed
    state = _fight(("pathfinders", "feudal_pact"), "shambling-dead-1")
    assert _ended(state, "critical", "miss", "miss").result == "won"  # a Critical: 2 needed


def test_a_slow_creature_deals_no_wounds_when_defeated() -> None:
    assert kinmarr.Slow() in kinmarr.standard_pack().card("ogre").passive
    state = _fight(("pathfinders", "feudal_pact"), "ogre")
    assert _ended(state, "critical", "critical", "miss") == kinmarr.FightEnded(
        0, "ogre", "won", 4, 0
    )
    state = _fight(("pathfinders", "feudal_pact"), "ogre")
    assert _ended(state, "critical", "miss", "miss").taken == 2


def test_a_creatures_defeat_trigger_rewards_the_fighter() -> None:
    state = _fight(("pathfinders", "feudal_pact"), "road-bandit-1", coins=0)
    state = act(state, "hit", "hit", "miss")
    assert info(state, 0).coins == 2 + 1  # its value, then its purse


def test_a_creatures_fight_lost_trigger_punishes_the_fighter() -> None:
    state = _fight(("pathfinders", "feudal_pact"), "road-bandit-1", coins=5)
    state = act(state, "miss", "miss", "miss")
    assert info(state, 0).coins == 3 and info(state, 0).wounds == 1
    state = _fight(("pathfinders", "feudal_pact"), "ghoul-1")
    state = act(state, "miss", "miss", "miss")
    assert info(state, 0).wounds == 1 + 1  # its attack, then it feeds
    assert scenario.fate(state) == 1


def test_creature_abilities_are_said_in_words() -> None:
    config = kinmarr.Config()
    text = kinmarr.card_text(config, "wyvern")
    assert "Elusive: red dice deal it no wounds." in text
    assert "Pierce: 1 of its wounds ignores Block." in text
    assert "Whoever defeats it draws 2 Items." in kinmarr.card_text(config, "ashen-dragon")
    assert "Whoever defeats it lowers Fate by 1." in kinmarr.card_text(config, "wraith-1")
    assert "Whoever loses to it loses 2 coins." in kinmarr.card_text(config, "orc-raider-1")
    assert "rolls one of their guild's dice fewer" in kinmarr.card_text(config, "barrow-lich")
    state = at(start(("feudal_pact", "pathfinders")), 0, ROAD)
    state = act(state, "travel", "1", "tusked-boar-1", "portal-stone", "goblin-scout-2")
    said = kinmarr.describe(state, kinmarr.Choose("tusked-boar-1"))
    assert said.endswith("worth 2 coins — Pierce: 1 of its wounds ignores Block.")


def test_every_creature_has_an_ability_of_its_own() -> None:
    for card in kinmarr.standard_pack().cards:
        if card.kind == "creature":
            assert card.passive or card.triggers, card.id


def test_no_two_abilities_of_the_guilds_do_the_same() -> None:
    pack = kinmarr.standard_pack()
    seen: dict[Any, str] = {}
    for card in pack.cards:
        if card.kind == "ability" and card.guild is not None:
            assert card.usage is not None
            key = (card.usage.effects, card.usage.own_turn, card.usage.target)
            assert key not in seen, (card.id, seen.get(key))
            seen[key] = card.id


# x. Prophecies expire -----------------------------------------------------------------------------


def _round(state: kinmarr.State) -> kinmarr.State:
    """Both seats play a quiet turn (from the Castle to the Chapel of Dawn): a new round."""
    for _ in range(2):
        state = turn(at(state, state.turn, CASTLE), 3)
    return state


def test_x_an_unfulfilled_prophecy_expires_and_the_next_is_drawn() -> None:
    rounds = kinmarr.standard_pack().card("dragonfall").lasting
    assert rounds > 0
    state = start(prophecy="dragonfall")  # drawn at set-up: round 1 has started since
    assert [(e.card, e.rounds) for e in state.lasting] == [("dragonfall", rounds - 1)]
    for _ in range(rounds - 2):
        state = _round(state)
    assert [(e.card, e.rounds) for e in state.lasting] == [("dragonfall", 1)]
    assert kinmarr.scenario.prophecy(state) == "dragonfall"
    state = _round(state)
    assert "dragonfall" in state.discarded and state.lasting == ()
    assert kind(state) == "chance"  # the next prophecy comes up
    state = act(state, "the-scholar")
    assert kinmarr.scenario.prophecy(state) == "the-scholar"


def test_x_a_fulfilled_prophecy_stops_its_clock() -> None:
    state = start(("pathfinders", "feudal_pact"), prophecy="dragonfall")
    state = at(state, 0, ROAD)
    state = act(state, "travel", "1", "death-knight", "sinkhole", "bad-omen-1")
    state = act(state, "choose:death-knight", "critical", "critical", "critical")
    assert "dragonfall" in state.discarded
    assert all(e.card != "dragonfall" for e in state.lasting)


# The content check -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (
            lambda d: card_data(d, "short-sword-1")["passive"].append(
                {"type": "fear", "amount": 1}
            ),
            "a passive may not hold a 'fear'",
        ),
        (
            lambda d: card_data(d, "ogre")["passive"].append({"type": "hits", "amount": 1}),
            "a creature may not hold a 'hits'",
        ),
        (
            lambda d: card_data(d, "sinkhole").update(
                triggers=[{"when": {"on": "defeat"}, "effects": [{"type": "heal", "amount": 1}]}]
            ),
            "only a creature has triggers",
        ),
        (
            lambda d: card_data(d, "ogre").update(
                triggers=[{"when": {"on": "turn-end"}, "effects": [{"type": "heal", "amount": 1}]}]
            ),
            "defeat or fight-lost only",
        ),
        (
            lambda d: card_data(d, "ogre").update(
                triggers=[{"when": {"on": "defeat"}, "effects": [{"type": "steal", "amount": 1}]}]
            ),
            "a creature's trigger may not hold a 'steal'",
        ),
        (lambda d: card_data(d, "ogre")["passive"].append({"type": "fear", "amount": 3}), "amount"),
        (lambda d: card_data(d, "rally").update(lasting=2), "only an event lasts, or a prophecy"),
    ],
)
def test_creature_abilities_are_checked_where_they_are_written(change: Any, match: str) -> None:
    with pytest.raises(ContentError, match=match):
        kinmarr.pack_from_json(pack_with(change), source="variant.json")


def test_an_answer_is_offered_only_where_the_creatures_abilities_let_it_apply() -> None:
    """K4: an answer is offered only where it can change something, the creature's abilities
    counted: a Block changes nothing against a Slow creature about to die, and a wound more
    still counts against an Elusive one whose defence the dice only seem to reach."""
    state = _fight(("pathfinders", "feudal_pact"), "ogre", slotted=["parry-1"])
    state = act(state, "critical", "critical", "miss")  # 4 wounds: the Ogre dies, hurting no one
    assert kinmarr.Use("parry-1") not in kinmarr.legal_actions(state)
    assert info(state, 0).hand == ("ogre",) and info(state, 0).wounds == 0
    state = _fight(("feudal_pact", "pathfinders"), "wraith-1", slotted=["battle-cry-1"])
    state = act(state, "critical", "hit")  # red, green: only the green Hit counts
    assert kinmarr.Use("battle-cry-1") in kinmarr.legal_actions(state)
