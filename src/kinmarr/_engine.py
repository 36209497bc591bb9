"""The engine: the loop that runs the frames, and the answer to the frame on top.

Everything pending is a frame of :attr:`State.frames <kinmarr.State.frames>`
(:mod:`kinmarr._frames`, one class per kind, holding its own rules); the innermost (last) one
decides. :func:`run` works the frames until one waits for an answer (a player's decision, or
chance in explicit chance mode) or the game ends; :func:`answer` applies an action, already known
to be legal, to the frame on top.
"""

from __future__ import annotations

from tabletop_rules import CHANCE

from ._actions import Action
from ._frames import BaseFrame
from ._frames.draws import SHOP_SIZE, DrawFrame
from ._work import Work


def run(w: Work) -> None:
    """Work the frames until one waits for an answer or the game ends: a frame asking nobody
    does its step by itself, chance is drawn from the generator in sampled chance mode. Before
    the decision, a Shop short of Items is refilled if the Item deck has cards again
    (:func:`refill_shop`). The seat asked is kept on the working copy (:attr:`Work.asked`)."""
    w.asked = None
    explicit = w.explicit
    while w.ending is None:
        frame = w.frames[-1]
        seat = frame.asks(w)
        if seat is None:
            frame.auto(w)
        elif seat == CHANCE and not explicit:
            frame.sample(w)
        elif not refill_shop(w):
            w.asked = seat
            return


def answer(w: Work, action: Action) -> None:
    """Apply ``action`` (legal) to the frame on top."""
    top: BaseFrame = w.frames[-1]  # (a ResolveFrame's field ``answer`` is never called)
    top.answer(w, action)


def refill_shop(w: Work) -> bool:
    """K14: the Shop holds 4 Items whenever the Item deck can give them. When cards went into
    the Item deck in this step (an Item sold, Items put back at its bottom by any route:
    ``Work.restock``) and the Shop holds fewer, the missing ones are drawn, unless a draw into
    the Shop is already under way. Returns whether a draw was started."""
    if not w.restock:
        return False
    w.restock = False
    missing = SHOP_SIZE - len(w.shop)
    if missing <= 0 or not (w.items.top or w.items.bottom):
        return False
    if any(type(f) is DrawFrame and f.into == "shop" for f in w.frames):
        return False
    w.push(DrawFrame("item", "shop", w.turn, missing))
    return True
