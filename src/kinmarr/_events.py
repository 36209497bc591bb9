"""Events: what an action caused, in order (see :func:`kinmarr.step`).

Every card drawn in Fated Kingdom is shown to everyone, dice are rolled in the open and trades are
made in front of the table, so every event is a :class:`~tabletop_rules.PublicEvent`.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import attrs

from tabletop_rules import PublicEvent, Seat

from ._board import Tile


@attrs.frozen
class TurnBegan(PublicEvent):
    """A turn began.

    Attributes:
        seat: the active player.
        round: the round.
    """

    seat: Seat
    round: int


@attrs.frozen
class DieRolled(PublicEvent):
    """A die was rolled.

    Attributes:
        seat: who rolled it.
        die: ``"travel"`` or the combat die's colour.
        result: the pips (``"1"``–``"6"``) or the face.
    """

    seat: Seat
    die: str
    result: str


@attrs.frozen
class Moved(PublicEvent):
    """A token moved (or was sent somewhere, K1).

    Attributes:
        seat: whose token.
        tile: where it is now.
    """

    seat: Seat
    tile: Tile


@attrs.frozen
class CardRevealed(PublicEvent):
    """A card was drawn and shown to everyone.

    Attributes:
        deck: the deck it came from.
        card: the card.
    """

    deck: str
    card: str


@attrs.frozen
class CardUsed(PublicEvent):
    """A card or a guild power was used as an answer (K4).

    Attributes:
        seat: who used it.
        card: the card, or ``None`` for the guild power.
        target: its target, if any.
    """

    seat: Seat
    card: str | None
    target: Seat | None


@attrs.frozen
class CardGained(PublicEvent):
    """A card came to a player.

    Attributes:
        seat: who has it now.
        card: the card.
        where: ``"slot"`` or ``"hand"``.
    """

    seat: Seat
    card: str
    where: Literal["slot", "hand"]


@attrs.frozen
class FightEnded(PublicEvent):
    """A fight was settled.

    Attributes:
        seat: the fighter.
        creature: the creature.
        result: ``"won"``, ``"lost"`` or ``"dead"`` (K10: the fighter died).
        dealt: wounds dealt to the creature.
        taken: wounds taken.
    """

    seat: Seat
    creature: str
    result: Literal["won", "lost", "dead"]
    dealt: int
    taken: int


@attrs.frozen
class DuelEnded(PublicEvent):
    """A duel was settled (K5).

    Attributes:
        attacker: the attacker.
        defender: the defender.
        dealt_a: wounds the attacker dealt.
        dealt_d: wounds the defender dealt.
        winner: the winner, or ``None`` for a draw.
    """

    attacker: Seat
    defender: Seat
    dealt_a: int
    dealt_d: int
    winner: Seat | None


@attrs.frozen
class FateChanged(PublicEvent):
    """The Fate sphere moved.

    Attributes:
        fate: its new value.
        by: the change asked for (the sphere stays within 0–10).
    """

    fate: int
    by: int


@attrs.frozen
class PlayerDied(PublicEvent):
    """A character died (more than 3 wounds).

    Attributes:
        seat: the player.
    """

    seat: Seat


@attrs.frozen
class ShopUsed(PublicEvent):
    """The Shop was used (K14).

    Attributes:
        seat: the buyer or seller.
        what: ``"buy"``, ``"sell"`` or ``"refresh"``.
        card: the Item bought or sold (``None`` for a refresh).
        coins: coins paid (a purchase, a refresh) or received (a sale).
    """

    seat: Seat
    what: Literal["buy", "sell", "refresh"]
    card: str | None
    coins: int


@attrs.frozen
class TradeAnswered(PublicEvent):
    """A trade offer was accepted or refused (K6).

    Attributes:
        seat: the active player.
        partner: the partner.
        accepted: whether the swap was made.
    """

    seat: Seat
    partner: Seat
    accepted: bool


@attrs.frozen
class ProphecyFulfilled(PublicEvent):
    """The active prophecy was fulfilled.

    Attributes:
        seat: by whom.
        card: the prophecy.
    """

    seat: Seat
    card: str


@attrs.frozen
class GameEnded(PublicEvent):
    """The game ended.

    Attributes:
        ending: how (see :class:`~kinmarr.Ending`).
        winners: the winning seats.
    """

    ending: str
    winners: tuple[Seat, ...]


Event: TypeAlias = (
    TurnBegan
    | DieRolled
    | Moved
    | CardRevealed
    | CardUsed
    | CardGained
    | FightEnded
    | DuelEnded
    | FateChanged
    | PlayerDied
    | ShopUsed
    | TradeAnswered
    | ProphecyFulfilled
    | GameEnded
)
"""Every kinmarr event."""

EVENTS: Final[tuple[type, ...]] = (
    TurnBegan,
    DieRolled,
    Moved,
    CardRevealed,
    CardUsed,
    CardGained,
    FightEnded,
    DuelEnded,
    FateChanged,
    PlayerDied,
    ShopUsed,
    TradeAnswered,
    ProphecyFulfilled,
    GameEnded,
)
