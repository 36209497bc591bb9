"""The base of every grimheim frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_rules import Frame, Seat

from .._actions import Action

if TYPE_CHECKING:
    from .._work import Work


class BaseFrame(Frame["Work", Action]):
    """A pending step or decision of grimheim: a frozen attrs class saved with the state, whose
    methods are its rules (:class:`tabletop_rules.Frame`), given the working copy
    (:class:`~grimheim._work.Work`) of the step in progress.

    Methods that change the game act on the frame on top of the stack, which is this frame.
    """

    __slots__ = ()

    def why_not(self, w: Work, seat: Seat, action: Action) -> str | None:
        """Why ``action``, which does not answer this frame now, breaks one of its rules (naming
        the rule); ``None`` when the frame has no more to say than that it is not an answer."""
        return None
