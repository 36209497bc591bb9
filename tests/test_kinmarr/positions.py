"""Test helpers: games in explicit chance mode, set up with :mod:`kinmarr.scenario` and played
by notation, so every die and draw is the test's choice; and content packs edited as JSON."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import kinmarr
from kinmarr import scenario
from tabletop_rules import CHANCE

PAIR = ("feudal_pact", "pathfinders")
"""Two guilds without a turn-start trigger (the Arcane Commune draws at the start of its turns)."""
SHOP = ("leather-armour-1", "short-sword-1", "healing-draught-1", "fire-flask-1")
PROPHECY = "a-full-purse"


def start(
    guilds: tuple[str, ...] = PAIR,
    *,
    prophecy: str = PROPHECY,
    shop: Iterable[str] = SHOP,
    auto_pass: bool = False,
    round_limit: int | None = None,
    last_standing: bool = True,
    seed: int = 0,
) -> kinmarr.State:
    """A new explicit-chance game whose set-up draws are ``prophecy`` and ``shop``."""
    config = kinmarr.Config(
        guilds=guilds,
        chance="explicit",
        auto_pass=auto_pass,
        round_limit=round_limit,
        last_standing=last_standing,
    )
    state = kinmarr.new_game(config, seed=seed)
    return act(state, prophecy, *shop)


def act(state: kinmarr.State, *moves: str) -> kinmarr.State:
    """Apply actions written in notation."""
    for move in moves:
        state = kinmarr.apply(state, kinmarr.parse_action(state, move))
    return state


def legal(state: kinmarr.State) -> list[str]:
    """The legal actions, in notation."""
    return [kinmarr.notation(a) for a in kinmarr.legal_actions(state)]


def reason(state: kinmarr.State, move: str) -> str | None:
    """Why ``move`` is illegal (``None`` if it is legal)."""
    return kinmarr.is_legal(state, kinmarr.parse_action(state, move))


def kind(state: kinmarr.State) -> str | None:
    """The kind of the decision on top."""
    decision = kinmarr.decision(state)
    return None if decision is None else decision.kind


def pass_windows(state: kinmarr.State) -> kinmarr.State:
    """Pass in every response window until another decision comes."""
    while kind(state) == "window":
        state = act(state, "pass")
    return state


def at(
    state: kinmarr.State,
    seat: int,
    tile: kinmarr.Tile,
    *,
    wounds: int = 0,
    coins: int | None = None,
    cards: Iterable[str] = (),
    slotted: Iterable[str] = (),
) -> kinmarr.State:
    """Put ``seat`` on ``tile`` with these wounds, coins and cards (hand, then slots)."""
    state = scenario.put_player(state, seat, tile)
    state = scenario.set_player(state, seat, wounds=wounds, coins=coins)
    for card in cards:
        state = scenario.give(state, seat, card)
    for card in slotted:
        state = scenario.give(state, seat, card, slot=True)
    return state


def info(state: kinmarr.State, seat: int) -> scenario.PlayerInfo:
    """``scenario.player_info``."""
    return scenario.player_info(state, seat)


def is_chance(state: kinmarr.State) -> bool:
    """Whether chance decides now."""
    return kinmarr.current_player(state) == CHANCE


def turn(state: kinmarr.State, roll: int) -> kinmarr.State:
    """Play the active player's turn: travel ``roll`` tiles onto a tile that draws nothing,
    decline any duel, pass in any window, and end the turn."""
    state = act(state, "travel", str(roll))
    while kind(state) != "end":
        decision = kind(state)
        if decision == "duel":
            state = act(state, "no-duel")
        elif decision == "window":
            state = act(state, "pass")
        else:
            raise AssertionError(f"turn() met a {decision} decision")
    return act(state, "end")


def pack_with(change: Any) -> str:
    """The standard pack as JSON text, after ``change(data)`` edits its JSON data in place."""
    data = kinmarr.pack_to_json(kinmarr.standard_pack())
    change(data)
    return json.dumps(data)


def card_data(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    """The JSON object of card ``card_id`` in a pack's JSON ``data``."""
    found: dict[str, Any] = next(c for c in data["cards"] if c["id"] == card_id)
    return found
