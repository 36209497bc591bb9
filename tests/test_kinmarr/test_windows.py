"""Who is asked in a response window (ruling K4): only a player holding an answer that can change
something at that request, and with ``Config(auto_pass=True)`` only for answers that react to it.

Every game here is played in explicit chance mode: the tests choose each die and each card drawn.
"""

from __future__ import annotations

from tests.test_kinmarr.positions import act, at, info, kind, legal, start

import kinmarr
from kinmarr import Tile, scenario

PATHFINDERS_FIRST = ("pathfinders", "feudal_pact")
"""Seat 0 the Pathfinders (green, green, red dice), seat 1 the Feudal Pact (Block 1)."""


def _fight(
    creature: str, *, auto_pass: bool = False, slotted: tuple[str, ...] = ()
) -> kinmarr.State:
    """Seat 0 (Pathfinders) travels onto the Royal Road and chooses ``creature`` (the others of
    the draw are a place and an event): its fight's combat window is next."""
    state = at(start(PATHFINDERS_FIRST, auto_pass=auto_pass), 0, Tile("inner", 1), slotted=slotted)
    return act(state, "travel", "1", creature, "sinkhole", "bad-omen-1", f"choose:{creature}")


# K4 with auto_pass: answers that react to the request are still asked ----------------------------


def test_k4_auto_pass_still_asks_a_fighter_holding_a_fight_answer() -> None:
    """K4 (revised): with ``auto_pass`` a fight's result is still answered by a fighter holding a
    card that adds hits to it."""
    state = _fight("grey-wolf-1", auto_pass=True, slotted=("fire-flask-1",))
    state = act(state, "miss", "miss", "miss")
    assert kind(state) == "window" and kinmarr.current_player(state) == 0
    assert legal(state) == ["pass", "use:fire-flask-1"]
    done = kinmarr.step(state, kinmarr.Use("fire-flask-1"))
    assert kinmarr.FightEnded(0, "grey-wolf-1", "won", 2, 1) in done.events


def test_k4_auto_pass_asks_the_pathfinders_power_at_the_start_of_its_own_turn() -> None:
    """K4 (revised): with ``auto_pass`` the start of a player's own turn is still answered with a
    power used on that turn (the Pathfinders take a coin from a player on their tile)."""
    state = at(start(PATHFINDERS_FIRST, auto_pass=True), 1, Tile("inner", 3), coins=3)
    state = act(state, "travel", "3", "no-duel")  # onto seat 1's tile: the end of the turn
    assert kind(state) == "window" and legal(state) == ["pass", "power>1"]
    state = act(state, "power>1")
    assert (info(state, 0).coins, info(state, 1).coins) == (1, 2)


def test_k4_auto_pass_skips_windows_where_no_answer_reacts() -> None:
    """K4 (revised): with ``auto_pass`` a heal held by a wounded player outside the fight does not
    react to another player's travel roll: the window is skipped."""
    state = at(start(auto_pass=True), 1, Tile("inner", 4), wounds=2, slotted=["healing-draught-2"])
    assert kind(state) == "start"
    state = act(state, "travel")
    assert kind(state) == "chance"
    manual = at(start(), 1, Tile("inner", 4), wounds=2, slotted=["healing-draught-2"])
    assert kind(act(manual, "travel")) == "window"  # without auto_pass it is asked


def test_k4_auto_pass_asks_a_heal_before_the_wounds_of_a_fight_land() -> None:
    """K4 (revised): a heal reacts to the result of its holder's own fight (a wounded fighter may
    heal before the creature's attack lands), even with ``auto_pass``."""
    state = _fight("grey-wolf-1", auto_pass=True, slotted=("healing-draught-1",))
    state = scenario.set_player(state, 0, wounds=3)
    state = act(state, "hit", "hit", "miss")
    assert legal(state) == ["pass", "use:healing-draught-1"]


# K4: an answer is offered only where its effect can change something -----------------------------


def test_k4_a_heal_is_not_offered_to_an_unwounded_player() -> None:
    """K4: a player is asked only for an answer that can change something; a heal cannot heal a
    player without wounds."""
    state = at(start(), 1, Tile("inner", 4), slotted=["healing-draught-2"])
    assert kind(act(state, "travel")) == "chance"


def test_k4_lowering_fate_is_not_offered_at_fate_zero() -> None:
    """K4: a card lowering Fate changes nothing while Fate is 0."""
    state = scenario.give(start(), 1, "twist-of-fate", slot=True)
    assert kind(act(state, "travel")) == "chance"
    state = scenario.set_fate(state, 2)
    assert kind(act(state, "travel")) == "window"


def test_k4_holy_water_is_offered_only_against_undead() -> None:
    """K4: Holy Water's hits count only against an Undead; against any other creature it is not
    offered (nor used up)."""
    state = act(_fight("grey-wolf-1", slotted=("holy-water",)), "miss", "miss", "miss")
    assert "use:holy-water" not in legal(state)
    assert "holy-water" in info(state, 0).slots
    state = act(_fight("skeleton-1", slotted=("holy-water",)), "miss", "miss", "miss")
    assert "use:holy-water" in legal(state)


def test_k4_holy_water_is_not_offered_in_a_duel() -> None:
    """K4: hits against a tag never count in a duel, so Holy Water is not offered there."""
    state = at(start(), 1, Tile("inner", 3))
    state = scenario.give(state, 0, "holy-water", slot=True)
    state = act(state, "travel", "3", "duel:1", "miss", "miss", "miss", "miss", "miss")
    assert "use:holy-water" not in legal(state)
    assert "holy-water" in info(state, 0).slots


def test_k4_hits_are_not_offered_when_the_creature_is_already_killed() -> None:
    """K4: more hits change nothing once the dice have killed the creature."""
    state = act(_fight("grey-wolf-1", slotted=("fire-flask-1",)), "hit", "hit", "miss")
    assert "use:fire-flask-1" not in legal(state)


def test_k4_answers_already_on_the_stack_count_when_an_answer_would_change_the_fight() -> None:
    """K4: after another player's Hex goes on the Stack, the fighter's extra hits can change the
    fight again, so the round of answers asks the fighter once more."""
    state = _fight("grey-wolf-1", slotted=("fire-flask-1",))
    state = scenario.give(state, 1, "hex-1", slot=True)
    state = act(state, "hit", "hit", "miss")  # 2 wounds: the wolf (defence 2) is killed
    assert kinmarr.current_player(state) == 1 and legal(state) == ["pass", "use:hex-1>0"]
    assert kind(act(state, "pass")) != "window"  # the flask would change nothing: not asked
    state = act(state, "use:hex-1>0")
    assert kinmarr.current_player(state) == 0
    assert legal(state) == ["pass", "use:fire-flask-1"]
