"""Windows: moments where heroes may use cards, asked one seat after the other."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from .._actions import Action, PassWindow, Use
from .._checks import known_cards, number, seats_once
from .._uses import auto_uses, available_uses, might_use, timings_of, use_refusal
from ._base import BaseFrame
from .resolving import begin_use

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work


@attrs.frozen
class Window(BaseFrame):
    """A moment where some heroes may use cards, asked one seat after the other.

    Attributes:
        when: the moment (a timing of the vocabulary: ``after-monster-move`` …).
        seats: the seats still to be asked, the first one now.
        used: the cards used in this window.
        attacker: for ``attacked``, the area of the monster that attacked.
    """

    when: str
    seats: tuple[Seat, ...]
    used: tuple[str, ...] = ()
    attacker: int = -1

    def asks(self, w: Work) -> Seat | None:
        seat = self.seats[0]
        if auto_uses(w, seat, self.when, self.used):
            return None
        return seat if might_use(w, seat, self.when, self.used) else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return [*available_uses(w, self.seats[0], self.when, self.used), PassWindow()]

    def answer(self, w: Work, action: Action) -> None:
        if isinstance(action, Use):
            self._use(w, action)
        else:
            self._next(w)

    def auto(self, w: Work) -> None:
        autos = auto_uses(w, self.seats[0], self.when, self.used)
        if autos:
            self._use(w, autos[0])
        else:
            self._next(w)

    def kind(self, w: Work) -> str:
        return self.when

    def why_not(self, w: Work, seat: Seat, action: Action) -> str | None:
        if isinstance(action, Use):
            return use_refusal(w, seat, action.card, (self.when,), self.used)
        return None

    def _use(self, w: Work, action: Use) -> None:
        w.frames[-1] = attrs.evolve(self, used=(*self.used, action.card))
        begin_use(w, self.seats[0], action)

    def _next(self, w: Work) -> None:
        """The seat asked is done: the next one is asked, or the window closes."""
        if len(self.seats) > 1:
            w.frames[-1] = attrs.evolve(self, seats=self.seats[1:], used=())
        else:
            w.frames.pop()

    def check(self, position: State | View, path: str) -> None:
        seats_once(self.seats, f"{path}.seats", position)
        known_cards(position, f"{path}.used", self.used)
        number(self.attacker, f"{path}.attacker", -1, position.config.geo.town - 1)


def open_window(w: Work, seat: Seat, when: str, attacker: int = -1) -> None:
    """Open a window of ``when`` uses for one hero, if their deck has any (it closes by itself
    when they cannot have one to make)."""
    if when in timings_of(w, seat):
        w.frames.append(Window(when, (seat,), attacker=attacker))
