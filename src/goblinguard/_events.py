"""Events: what a placement caused, in order (see :func:`goblinguard.step`)."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from tabletop_rules import PublicEvent, Seat

from ._cards import Layer

__all__ = ["CardDrawn", "CardPlaced", "Event", "GameEnded", "GarrisonActivated", "MonsterDefeated"]


@attrs.frozen
class CardPlaced(PublicEvent):
    """A card went into play."""

    card: str
    x: int
    y: int
    layer: Layer


@attrs.frozen
class CardDrawn:
    """The player drew a card (only seat 0 sees which; the pile's order is hidden)."""

    card: str

    @property
    def seen_by(self) -> tuple[Seat, ...] | None:
        """Seat 0 only."""
        return (0,)


@attrs.frozen
class MonsterDefeated(PublicEvent):
    """A goblin or hobgoblin was defeated.

    Attributes:
        card: the card it is printed on.
        x, y: its cell.
        monster: ``"goblin"`` or ``"hobgoblin"``.
        by: ``"guards"`` (R6), ``"fort"`` (R9), ``"watchtower"`` (R10) or ``"barracks"`` (R11, a
            guard group completed by a Barracks at the end).
    """

    card: str
    x: int
    y: int
    monster: str
    by: str


@attrs.frozen
class GarrisonActivated(PublicEvent):
    """At the end, a garrison was surrounded (R7) and its effect counts."""

    card: str


@attrs.frozen
class GameEnded(PublicEvent):
    """The last card was placed (R8)."""

    won: bool
    defeated: int
    total: int


Event: TypeAlias = CardPlaced | CardDrawn | MonsterDefeated | GarrisonActivated | GameEnded
"""Every goblinguard event."""
