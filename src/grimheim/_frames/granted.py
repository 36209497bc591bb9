"""An additional action a card grants (G13), performed without an action marker."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from .._actions import Action, Attack, Focus, Mend, MoveTo, Practice, Prepare
from .._cards import ActionKind
from .._checks import game_seat
from .._heroes import attack_targets, gain_gold, mana_cards, mend, mend_options
from .._query import hand_size
from .._walks import move_points, reachable
from ._base import BaseFrame
from .attack import start_attack
from .draws import Drawing
from .moves import go

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work


@attrs.frozen
class Granted(BaseFrame):
    """An additional action a card grants (G13): the hero now chooses how to perform it.

    Attributes:
        hero: the seat.
        action: the kind of action.
        by: the card that grants it.
    """

    hero: Seat
    action: ActionKind
    by: str = ""

    def asks(self, w: Work) -> Seat | None:
        return self.hero if len(self.options(w)) > 1 else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return self.options(w)

    def answer(self, w: Work, action: Action) -> None:
        w.frames.pop()
        self.perform(w, action)

    def auto(self, w: Work) -> None:
        w.frames.pop()
        options = self.options(w)
        if options:
            self.perform(w, options[0])

    def kind(self, w: Work) -> str:
        return "granted"

    def options(self, w: Work) -> list[Action]:
        """The ways to perform the action (G13)."""
        seat = self.hero
        hero = w.heroes[seat]
        match self.action:
            case "attack":
                return [Attack(w.geo.hexes[a]) for a in attack_targets(w, seat)]
            case "move":
                return [MoveTo(w.geo.hexes[a]) for a in reachable(w, seat, move_points(w, seat))]
            case "prepare":
                room = len(hero.hand) < hand_size(w.config, hero) and (hero.events or hero.discard)
                return [Prepare()] if room else []
            case "focus":
                return [Focus(card) for card in mana_cards(w, seat)]
            case "mend":
                return mend_options(w, seat)
        return [Practice()]

    def perform(self, w: Work, action: Action) -> None:
        """Perform the action as ``action`` says, without an action marker (G13)."""
        seat = self.hero
        match action:
            case Attack(target):
                start_attack(w, seat, w.geo.area(target), self.by)
            case MoveTo(to):
                go(w, seat, w.geo.area(to), move_points(w, seat), True)
            case Prepare():
                w.frames.append(Drawing(seat, 1))
            case Focus(card):
                w.add_mana(seat, card, 1)
            case Mend(card):
                mend(w, seat, card)
            case Practice():
                gain_gold(w, seat, 1)

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)
