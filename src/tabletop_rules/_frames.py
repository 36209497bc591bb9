"""Frames and the working copy: how a game's rules hold and run what is pending.

A game with more than one kind of decision keeps what is pending as a stack of *frames* in its
state: an attack waiting for its roll, a response window asking each player in turn, the end of
a turn going through its steps. The frame on top decides. Each kind of frame is **one class**
holding everything about it — who it asks, what the answers are, what an answer does, what it
does by itself, its chance outcomes and its load check — so a rule change touches one place, and
the engine is the short loop that runs them.

While one action is applied the rules change a :class:`Work` copy in place (plain lists, the
events so far) and freeze it into the next state at the end; the state given to ``step`` is never
touched.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Generic, TypeVar

from ._values import Seat

W = TypeVar("W")
A = TypeVar("A")
F = TypeVar("F")
E = TypeVar("E")
S = TypeVar("S")


class Frame(Generic[W, A]):
    """One kind of pending decision or step of a game: a base for small frozen attrs classes.

    A frame is a plain value stored in the state (it is saved with it); its methods are the rules
    of that kind of frame, given the game's working copy ``w`` (a :class:`Work`). The game's
    loop asks the frame on top :meth:`asks`: a seat answers with one of :meth:`legal`, applied
    by :meth:`answer`; :data:`~tabletop_rules.CHANCE` draws one of :meth:`odds` (or
    :meth:`sample` draws it from the state's generator, in sampled chance mode); ``None`` lets
    the frame do one step by itself (:meth:`auto`). :meth:`check` refuses, on load, what the
    frame may not hold in the position it sits in.

    The default methods describe a frame that runs by itself; a frame overrides what it does.

    >>> import attrs
    >>> @attrs.frozen
    ... class Countdown(Frame[list[str], str]):
    ...     left: int
    ...     def asks(self, w: list[str]) -> int | None:
    ...         return None if self.left == 0 else 0
    ...     def legal(self, w: list[str], seat: int) -> tuple[str, ...]:
    ...         return ("tick",)
    >>> Countdown(2).asks([]), Countdown(0).asks([])
    (0, None)
    """

    __slots__ = ()

    def asks(self, w: W) -> Seat | None:
        """Who answers now: a seat, :data:`~tabletop_rules.CHANCE`, or ``None`` when the frame
        runs by itself (:meth:`auto`)."""
        return None

    def legal(self, w: W, seat: Seat) -> tuple[A, ...] | list[A]:
        """The answers of ``seat`` (who :meth:`asks`), in the game's documented order."""
        return ()

    def answer(self, w: W, action: A) -> None:
        """Apply one of :meth:`legal` (already checked) to ``w``."""
        raise NotImplementedError(f"{type(self).__name__} takes no answer")

    def auto(self, w: W) -> None:
        """Do one step by itself (when :meth:`asks` is ``None``): usually finish and leave the
        stack, or push the frames that follow."""
        raise NotImplementedError(f"{type(self).__name__} does nothing by itself")

    def odds(self, w: W) -> tuple[tuple[A, Fraction], ...]:
        """At a chance decision, each outcome with its exact probability (summing to 1), in the
        order of :meth:`legal`; ``()`` for a frame chance never answers."""
        return ()

    def sample(self, w: W) -> None:
        """In sampled chance mode, draw the outcome from ``w``'s generator and apply it."""
        raise NotImplementedError(f"{type(self).__name__} draws nothing")

    def kind(self, w: W) -> str:
        """The kind of decision it asks, as :attr:`Decision.kind <tabletop_rules.Decision.kind>`
        names it."""
        return type(self).__name__.lower()

    def check(self, position: Any, path: str) -> None:
        """Refuse (:class:`~tabletop_rules.StateFormatError` naming ``path`` or a field below it)
        what this frame may not hold in ``position``, the state or view it was loaded in."""


class Work(Generic[S, F, E]):
    """The working copy of a state inside one ``step``: a stack of frames, the events so far,
    and what a game adds (its pieces as lists and dicts); :meth:`freeze` makes the next state.

    A game subclasses it, filling :attr:`frames`, :attr:`events` and its own fields from the
    state in ``__init__``.

    Attributes:
        frames: the pending frames, the innermost last.
        events: what happened so far in this step, in order.
    """

    __slots__ = ("events", "frames")

    def __init__(self, frames: list[F]) -> None:
        self.frames = frames
        self.events: list[E] = []

    @property
    def top(self) -> F | None:
        """The frame that decides now, or ``None`` when nothing is pending."""
        return self.frames[-1] if self.frames else None

    def push(self, frame: F) -> None:
        """Put ``frame`` on top."""
        self.frames.append(frame)

    def pop(self) -> F:
        """Take the frame on top off the stack and return it."""
        return self.frames.pop()

    def replace(self, frame: F) -> None:
        """Put ``frame`` in place of the frame on top."""
        self.frames[-1] = frame

    def freeze(self) -> S:
        """The state this copy now holds."""
        raise NotImplementedError
