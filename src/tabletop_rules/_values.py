"""Small values every game shares: seats, outcomes, decisions, steps and events."""

from __future__ import annotations

from typing import Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

__all__ = ["Decision", "Event", "Outcome", "Seat", "Step"]

Seat: TypeAlias = int
"""A player's seat: a 0-based ``int`` in the config's order; solitaire games have seat 0 only."""

S = TypeVar("S")
E = TypeVar("E", bound="Event")
C = TypeVar("C")


@runtime_checkable
class Event(Protocol):
    """What every event of a :class:`Step` offers.

    ``seen_by`` is ``None`` for a public event, or the seats allowed to see it (a card drawn into a
    hidden hand is seen only by its owner).
    """

    @property
    def seen_by(self) -> tuple[Seat, ...] | None:
        """The seats that may see this event, or ``None`` when everyone may."""
        ...


@attrs.frozen
class Step(Generic[S, E]):
    """The result of applying one action: the new state and what happened, in order.

    Attributes:
        state: the state after the action.
        events: typed, serialisable events (card placed, card drawn, goblin defeated …).
    """

    state: S
    events: tuple[E, ...]

    def events_for(self, seat: Seat) -> tuple[E, ...]:
        """The events that ``seat`` may see (public ones and those addressed to it)."""
        return tuple(e for e in self.events if e.seen_by is None or seat in e.seen_by)


@attrs.frozen
class Outcome:
    """The result of a finished game.

    Attributes:
        winners: the winning seats (empty when nobody won, all seats in a shared co-op win).
        returns: one number per seat, higher is better (``1.0`` win, ``0.0`` loss by default);
            what search agents maximise.
    """

    winners: tuple[Seat, ...]
    returns: tuple[float, ...]


@attrs.frozen
class Decision(Generic[C]):
    """What is being asked right now; the game's ``legal_actions`` are its answers.

    Attributes:
        seat: who must answer.
        kind: a short stable identifier of the question, such as ``"place-first"`` or ``"place"``.
        prompt: a sentence for people ("Choose the card to put at (0, 0).").
        context: typed, game-specific details of the question.
    """

    seat: Seat
    kind: str
    prompt: str
    context: C
