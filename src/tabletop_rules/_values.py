"""Small values every game shares: seats, outcomes, decisions, steps and events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

Seat: TypeAlias = int
"""A player's seat: a 0-based ``int`` in the config's order; solitaire games have seat 0 only.

The one negative seat is :data:`CHANCE`, which "answers" the random draws of a game played with
explicit chance."""

CHANCE: Final[Seat] = -1
"""The chance seat. In a game configured with ``chance="explicit"``, every random draw of the rules
(a shuffle, a card drawn, a die rolled) is a decision of this seat: ``current_player`` returns
``CHANCE``, ``decision().kind`` is ``"chance"``, ``legal_actions`` lists the possible results and
``Game.chance_outcomes`` gives their exact probabilities. :func:`~tabletop_rules.play` and the
``tabletop`` command answer it by sampling (:func:`~tabletop_rules.sample_chance`)."""

S = TypeVar("S")
E = TypeVar("E", bound="Event")
C = TypeVar("C")


@runtime_checkable
class Event(Protocol):
    """What every event of a :class:`Step` offers.

    ``seen_by`` is ``None`` for a public event, or the seats allowed to see it (a card drawn into a
    hidden hand is seen only by its owner). Games build their events on :class:`PublicEvent` and
    :class:`PrivateEvent`.
    """

    @property
    def seen_by(self) -> tuple[Seat, ...] | None:
        """The seats that may see this event, or ``None`` when everyone may."""
        ...


class PublicEvent:
    """Base of an event that every seat may see (its ``seen_by`` is ``None``).

    >>> import attrs
    >>> @attrs.frozen
    ... class DiceRolled(PublicEvent):
    ...     value: int
    >>> DiceRolled(4).seen_by is None
    True
    """

    __slots__ = ()

    @property
    def seen_by(self) -> tuple[Seat, ...] | None:
        """``None``: the event is public."""
        return None


def _audience(seats: Iterable[Seat]) -> tuple[Seat, ...]:
    found = tuple(sorted(set(seats)))
    if any(type(seat) is not int or seat < 0 for seat in found):
        raise ValueError(f"seen_by must hold player seats (ints >= 0), got {found!r}")
    return found


@attrs.frozen
class PrivateEvent:
    """Base of an event that only some seats may see, named by the keyword field ``seen_by``.

    The seats are kept sorted and without repeats, and are written to JSON with the event.

    >>> import attrs
    >>> from tabletop_rules import Step
    >>> @attrs.frozen
    ... class CardDrawn(PrivateEvent):
    ...     card: str
    >>> event = CardDrawn("troll", seen_by=(2, 0, 2))
    >>> event
    CardDrawn(seen_by=(0, 2), card='troll')
    >>> Step(None, (event,)).events_for(1)
    ()

    Attributes:
        seen_by: the seats that may see the event.
    """

    seen_by: tuple[Seat, ...] = attrs.field(kw_only=True, converter=_audience)


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
    """The result of a finished game; games subclass it with their own details.

    Attributes:
        winners: the winning seats (empty when nobody won, all seats in a shared co-op win).
        returns: one number per seat, higher is better (``1.0`` win, ``0.0`` loss by default);
            what search agents maximise.
        scores: one score per seat where the game keeps a score (the goblins defeated, a guild's
            points), else ``None``; what ``tabletop simulate`` summarises.
    """

    winners: tuple[Seat, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...] | None = attrs.field(default=None, kw_only=True)


@attrs.frozen
class Decision(Generic[C]):
    """What is being asked right now; the game's ``legal_actions`` are its answers.

    Attributes:
        seat: who must answer: a player's seat, or :data:`CHANCE` for a random draw.
        kind: a short stable identifier of the question, such as ``"place-first"``, ``"place"``
            or ``"chance"``.
        prompt: a sentence for people ("Choose the card to put at (0, 0).").
        context: typed, game-specific details of the question.
    """

    seat: Seat
    kind: str
    prompt: str
    context: C
