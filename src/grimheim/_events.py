"""Events: what an action caused, in order (see :func:`grimheim.step`).

Everything is public but an event card drawn, which only its hero sees (:class:`EventDrawn`);
the others see that the hand grew.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from tabletop_rules import PrivateEvent, PublicEvent

from ._map import Hex


@attrs.frozen
class HeroMoved(PublicEvent):
    """A hero moved (a move action, a card's movement, a knock-out, a push).

    Attributes:
        seat: the hero's seat.
        to: where they are now.
    """

    seat: int
    to: Hex


@attrs.frozen
class MonsterMoved(PublicEvent):
    """A monster moved one area (its movement, a charge, a legend's swap, a rotation).

    Attributes:
        kind: the monster.
        source: where it was.
        to: where it is.
        why: ``move``, ``charge``, ``swap`` (a legend's, G9) or ``maneuver`` (the monster die,
            G14).
    """

    kind: str
    source: Hex
    to: Hex
    why: str


@attrs.frozen
class MonsterEntered(PublicEvent):
    """A monster entered Grimheim and left the board; town pieces were removed.

    Attributes:
        kind: the monster.
        source: where it came from.
        pieces: town pieces removed.
    """

    kind: str
    source: Hex
    pieces: int


@attrs.frozen
class MonsterPlaced(PublicEvent):
    """A monster came onto the board (a monster card, an ambush, a legend's power).

    Attributes:
        kind: the monster.
        at: its area.
        side: a legend's side (0 otherwise).
    """

    kind: str
    at: Hex
    side: int = 0


@attrs.frozen
class MonsterDamaged(PublicEvent):
    """A monster took damage.

    Attributes:
        kind: the monster.
        at: its area.
        amount: damage dealt after armor.
    """

    kind: str
    at: Hex
    amount: int


@attrs.frozen
class MonsterKilled(PublicEvent):
    """A monster died.

    Attributes:
        kind: the monster.
        at: its area.
        seat: the hero who gained its gold (``-1`` if none).
        gold: gold gained.
    """

    kind: str
    at: Hex
    seat: int
    gold: int


@attrs.frozen
class DiceRolled(PublicEvent):
    """Attack dice were rolled.

    Attributes:
        by: a seat (a hero's roll) or ``-1`` (a monster's).
        faces: hits, hits unless cover, runes, misses.
    """

    by: int
    faces: tuple[int, int, int, int]


@attrs.frozen
class MonsterDieRolled(PublicEvent):
    """The monster die was rolled (the variant).

    Attributes:
        face: the face.
    """

    face: str


@attrs.frozen
class HeroDamaged(PublicEvent):
    """A hero took damage.

    Attributes:
        seat: the hero.
        amount: damage taken.
        prevented: damage prevented (armor and cards).
    """

    seat: int
    amount: int
    prevented: int


@attrs.frozen
class HeroHealed(PublicEvent):
    """Damage was removed from a hero or their equipment.

    Attributes:
        seat: the hero.
        amount: damage removed.
    """

    seat: int
    amount: int


@attrs.frozen
class HeroKnockedOut(PublicEvent):
    """A hero's damage reached their health: back to Grimheim with 5 damage; 2 town pieces lost.

    Attributes:
        seat: the hero.
        pieces: town pieces removed.
    """

    seat: int
    pieces: int


@attrs.frozen
class GoldGained(PublicEvent):
    """A hero's gold changed.

    Attributes:
        seat: the hero.
        amount: gold gained (negative when paid).
    """

    seat: int
    amount: int


@attrs.frozen
class CardPlayed(PublicEvent):
    """A hero used a card (an event card is discarded after).

    Attributes:
        seat: the hero.
        card: the card.
    """

    seat: int
    card: str


@attrs.frozen
class EventDrawn(PrivateEvent):
    """An event card went into a hero's hand; only that hero sees which.

    Attributes:
        card: the card.
        seen_by: the drawing hero's seat.
    """

    card: str


@attrs.frozen
class MonsterCardDrawn(PublicEvent):
    """A monster card was drawn and shown.

    Attributes:
        card: the card.
        placed: whether its monsters were placed (else it went to the bottom).
    """

    card: str
    placed: bool


@attrs.frozen
class Upgraded(PublicEvent):
    """A hero took an upgrade.

    Attributes:
        seat: the hero.
        card: the ability gained, or the card flipped to side II.
        cost: gold paid.
    """

    seat: int
    card: str
    cost: int


@attrs.frozen
class QuestCompleted(PublicEvent):
    """A hero completed a quest and put its equipment in play.

    Attributes:
        seat: the hero.
        card: the equipment.
    """

    seat: int
    card: str


@attrs.frozen
class TownPiecesAdded(PublicEvent):
    """Town pieces were added to Grimheim (G27).

    Attributes:
        count: how many.
    """

    count: int


@attrs.frozen
class TimeAdvanced(PublicEvent):
    """The rune stone moved on the time track.

    Attributes:
        spot: the spot it is on, from 1.
        kind: ``axes``, ``shield`` or ``skull``.
    """

    spot: int
    kind: str


@attrs.frozen
class GameEnded(PublicEvent):
    """The game ended.

    Attributes:
        won: Freya's Well stands after the last monster turn.
        town: town pieces left.
    """

    won: bool
    town: int


Event: TypeAlias = (
    HeroMoved
    | MonsterMoved
    | MonsterEntered
    | MonsterPlaced
    | MonsterDamaged
    | MonsterKilled
    | DiceRolled
    | MonsterDieRolled
    | HeroDamaged
    | HeroHealed
    | HeroKnockedOut
    | GoldGained
    | CardPlayed
    | EventDrawn
    | MonsterCardDrawn
    | Upgraded
    | QuestCompleted
    | TownPiecesAdded
    | TimeAdvanced
    | GameEnded
)
"""Every grimheim event."""

EVENT_TYPES: tuple[type, ...] = Event.__args__
