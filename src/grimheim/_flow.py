"""The flow of a game: who must answer now, with which actions, what an answer does, and the
automatic steps in between.

Everything pending is a frame of :attr:`State.frames` (:mod:`grimheim._frames`, one class per
kind, holding its own rules); the innermost (last) one decides. With no frame, the hero whose turn
it is chooses an action (:mod:`grimheim._turn`). :func:`advance` runs every step that needs
nobody — and, in sampled chance mode, every roll and draw — until someone must answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from tabletop_rules import CHANCE, Seat

from ._actions import Action
from ._pieces import UNASKED
from ._turn import main_actions, take_main_action

if TYPE_CHECKING:
    from ._work import Work


def current(w: Work) -> Seat | None:
    """The seat that must answer now: a hero, the first player for the players' choices (G5),
    :data:`~tabletop_rules.CHANCE`, or ``None`` when the game is over."""
    if w.won is not None:
        return None
    frame = w.top
    if frame is None:
        return None if w.turn is None else w.turn.hero
    seat = frame.asks(w)
    if seat is None:  # pragma: no cover - advance() leaves no automatic frame on top
        raise AssertionError(f"an automatic frame waits: {frame!r}")
    return seat


def legal(w: Work, seat: Seat | None = UNASKED) -> Sequence[Action]:
    """The answers to the current decision, in their documented order (``seat``: who must answer,
    when known)."""
    if seat == UNASKED:
        seat = current(w)
    if seat is None:
        return ()
    frame = w.top
    if frame is None:
        return main_actions(w, seat)
    if seat == CHANCE:
        return [action for action, _ in frame.odds(w)]
    return frame.legal(w, seat)


def chance_outcomes(w: Work) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance decision, each outcome with its exact probability; ``()`` elsewhere."""
    frame = w.top
    if frame is None or current(w) != CHANCE:
        return ()
    return frame.odds(w)


def act(w: Work, action: Action) -> None:
    """Apply a legal ``action`` (the caller checked it), then run what follows by itself."""
    frame = w.top
    if frame is None:
        take_main_action(w, action)
    else:
        frame.answer(w, action)
    advance(w)


def advance(w: Work) -> None:
    """Run every step that needs nobody (and every roll and draw in sampled chance mode) until a
    hero, the players or chance must answer, or the game ends."""
    for _ in range(100_000):
        if w.won is not None:
            w.asking = None
            return
        frame = w.top
        if frame is None:
            if w.turn is None:  # pragma: no cover - a monster turn is always a frame
                raise AssertionError("no turn and no frame")
            w.asking = w.turn.hero
            return
        seat = frame.asks(w)
        if seat == CHANCE:
            if w.config.explicit:
                w.asking = CHANCE
                return
            frame.sample(w)
            continue
        if seat is not None:
            w.asking = seat
            return
        frame.auto(w)
    raise AssertionError("the rules ran 100,000 steps without a decision")  # pragma: no cover
