"""Triggers and prophecies: what happens by itself when something happens to a player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_rules import Seat

from .._board import position
from .._content import Card, When
from .._events import ProphecyFulfilled
from .._query import holds_ability
from .draws import DrawFrame

if TYPE_CHECKING:
    from .._work import Work


def happen(
    w: Work, seat: Seat, on: str, creature: Card | None = None, tile: int | None = None
) -> None:
    """Something a trigger or a prophecy waits for happened to ``seat``: push the effects of the
    guild triggers and of the active prophecy whose condition holds."""
    player = w.players[seat]
    guild = w.rules.guild[player.guild]
    for i, trigger in enumerate(guild.power.triggers):
        if _holds(w, trigger.when, on, seat, creature, tile):
            w.run_effects(f"trigger:{guild.id}:{i}", seat)
    prophecy = w.prophecy
    if prophecy is None:
        return
    condition = w.card(prophecy).condition
    if condition is not None and _holds(w, condition, on, seat, creature, tile):
        w.events.append(ProphecyFulfilled(seat, prophecy))
        w.lasting = tuple(e for e in w.lasting if e.card != prophecy)
        w.discard((prophecy,))
        w.prophecy = None
        w.push(DrawFrame("prophecy", "prophecy", seat, 1))
        w.run_effects(f"reward:{prophecy}", seat)


def _holds(
    w: Work, when: When, on: str, seat: Seat, creature: Card | None, tile: int | None
) -> bool:
    if when.on != on:
        return False
    player = w.players[seat]
    if creature is not None:
        if when.tag is not None and when.tag not in creature.tags:
            return False
        if creature.defence < when.min_defence or creature.value < when.min_value:
            return False
    elif when.tag is not None or when.min_defence or when.min_value:
        return False
    if when.tile is not None and (tile is None or position(when.tile) != tile):
        return False
    if player.coins < when.min_coins:
        return False
    if when.min_creatures:
        count = sum(1 for c in player.hand if w.card(c).kind == "creature")
        if count < when.min_creatures:
            return False
    return not (when.no_ability and holds_ability(w, seat))
