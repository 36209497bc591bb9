"""Events: what a placement caused, in order (see :func:`goblinguard.step`)."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from tabletop_rules import PrivateEvent, PublicEvent

from ._cards import Layer


@attrs.frozen
class CardPlaced(PublicEvent):
    """A card went into play.

    Attributes:
        card: the card's id.
        x: the column of its top-left cell.
        y: the row of its top-left cell.
        layer: on top of the cards it overlaps, or tucked beneath them.
    """

    card: str
    x: int
    y: int
    layer: Layer


@attrs.frozen
class CardDrawn(PrivateEvent):
    """The player drew a card; it is seen by seat 0 (the pile's order stays hidden).

    Attributes:
        card: the card's id.
        seen_by: ``(0,)``.
    """

    card: str


@attrs.frozen
class MonsterDefeated(PublicEvent):
    """A goblin or hobgoblin was defeated.

    Attributes:
        card: the card it is printed on.
        x: the column of its cell.
        y: the row of its cell.
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
    """At the end, a garrison was surrounded (R7) and its effect counts.

    Attributes:
        card: the garrison card's id.
    """

    card: str


@attrs.frozen
class GameEnded(PublicEvent):
    """The last card was placed (R8).

    Attributes:
        won: every goblin and hobgoblin was defeated.
        defeated: goblins and hobgoblins defeated.
        total: goblins and hobgoblins on all cards of the deck.
    """

    won: bool
    defeated: int
    total: int


Event: TypeAlias = CardPlaced | CardDrawn | MonsterDefeated | GarrisonActivated | GameEnded
"""Every goblinguard event."""
