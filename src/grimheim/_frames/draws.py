"""Cards drawn into a hero's hand, and the top card of a hero's deck turned face up."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Literal

import attrs

from tabletop_rules import CHANCE, Seat

from .._actions import Action, Drawn
from .._checks import game_seat, number
from .._events import EventDrawn
from .._query import hand_size
from ._base import BaseFrame

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work


def card_odds(cards: tuple[str, ...] | list[str]) -> tuple[tuple[Action, Fraction], ...]:
    """A draw from ``cards``: each card (by id, in id order) with its probability."""
    total = len(cards)
    return tuple((Drawn(c), Fraction(cards.count(c), total)) for c in sorted(set(cards)))


@attrs.frozen
class Drawing(BaseFrame):
    """Event cards to draw into a hero's hand (chance draws them in explicit mode).

    Attributes:
        hero: the seat.
        count: cards still to draw.
    """

    hero: Seat
    count: int

    def blocked(self, w: Work) -> bool:
        """Nothing more is drawn: no card left to draw, a full hand, or no card to draw from."""
        hero = w.heroes[self.hero]
        full = len(hero.hand) >= hand_size(w.config, hero)
        return self.count <= 0 or full or not (hero.events or hero.discard)

    def asks(self, w: Work) -> Seat | None:
        if self.blocked(w) or not w.heroes[self.hero].events:
            return None
        return CHANCE if w.config.explicit else None

    def odds(self, w: Work) -> tuple[tuple[Action, Fraction], ...]:
        return card_odds(w.heroes[self.hero].events)

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Drawn)
        self._draw(w, action.card)

    def auto(self, w: Work) -> None:
        hero = w.heroes[self.hero]
        if self.blocked(w):
            w.frames.pop()
            return
        if not hero.events:
            # the discard pile becomes the deck (shuffled; unordered in explicit chance)
            if w.config.explicit:
                pile = hero.discard
            else:
                pile, w.rng = w.rng.shuffle(hero.discard)
            w.set_hero(self.hero, events=tuple(pile), discard=())
            return
        self._draw(w, hero.events[0])

    def _draw(self, w: Work, card: str) -> None:
        seat = self.hero
        hero = w.heroes[seat]
        events = list(hero.events)
        events.remove(card)
        w.set_hero(seat, events=tuple(events), hand=tuple(sorted((*hero.hand, card))))
        w.events.append(EventDrawn(card, seen_by=(seat,)))
        if self.count > 1:
            w.frames[-1] = Drawing(seat, self.count - 1)
        else:
            w.frames.pop()

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)
        number(self.count, f"{path}.count", 0, 8)


@attrs.frozen
class Revealing(BaseFrame):
    """The top card of a hero's ability or equipment deck to turn face up (explicit chance).

    Attributes:
        hero: the seat.
        deck: ``abilities`` or ``equipment``.
    """

    hero: Seat
    deck: Literal["abilities", "equipment"]

    def asks(self, w: Work) -> Seat | None:
        return CHANCE

    def odds(self, w: Work) -> tuple[tuple[Action, Fraction], ...]:
        hero = w.heroes[self.hero]
        cards = hero.abilities if self.deck == "abilities" else hero.equipment
        known = getattr(hero, f"known_{self.deck}")
        return card_odds(cards[: len(cards) - known])

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Drawn)
        hero = w.heroes[self.hero]
        cards = list(getattr(hero, self.deck))
        known = getattr(hero, f"known_{self.deck}")
        hidden = cards[: len(cards) - known]
        hidden.remove(action.card)
        w.set_hero(
            self.hero, **{self.deck: (action.card, *sorted(hidden), *cards[len(cards) - known :])}
        )
        w.frames.pop()

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)


def reveal_next(w: Work, seat: Seat, deck: str) -> None:
    """After the top card of a deck left it: in explicit chance mode, chance turns the next card
    face up when more than one unknown card could be it."""
    hero = w.heroes[seat]
    cards = hero.abilities if deck == "abilities" else hero.equipment
    known = hero.known_abilities if deck == "abilities" else hero.known_equipment
    if w.config.explicit and len(cards) - known > 1:
        w.frames.append(Revealing(seat, deck))  # type: ignore[arg-type]
