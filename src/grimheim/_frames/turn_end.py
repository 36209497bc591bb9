"""The end of a hero's turn: an upgrade, mana made, a card drawn, the top cards of the decks
swapped; then the next hero's turn, or the monster turn after the last hero."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from tabletop_rules import Seat

from .._actions import (
    Action,
    DeclineUpgrade,
    DiscardToDraw,
    SkipDraw,
    SkipSwap,
    SwapTop,
    Upgrade,
)
from .._checks import game_seat
from .._events import GoldGained, TimeAdvanced, Upgraded
from .._heroes import discard, gain_ability, upgrade_cost
from .._pieces import Turn
from .._query import hand_size, side_of, track
from ._base import BaseFrame
from .draws import Drawing, reveal_next
from .monster_turn import MonsterTurn
from .window import open_window

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work

DECKS: tuple[Literal["abilities", "equipment"], ...] = ("abilities", "equipment")


@attrs.frozen
class EndOfTurn(BaseFrame):
    """The end-of-turn steps of a hero's turn.

    Attributes:
        hero: the seat.
        step: ``upgrade``, ``draw`` or ``swap`` (returning the markers and adding mana need no
            decision; the cards that act at the end of the turn follow the draw).
    """

    hero: Seat
    step: Literal["upgrade", "draw", "swap"]

    def asks(self, w: Work) -> Seat | None:
        return self.hero if self.options(w) else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return self.options(w)

    def answer(self, w: Work, action: Action) -> None:
        self._take(w, action)

    def auto(self, w: Work) -> None:
        self._take(w, None)

    def kind(self, w: Work) -> str:
        return self.step

    def options(self, w: Work) -> list[Action]:
        """The choices of this step (none: it passes by itself)."""
        hero = w.heroes[self.hero]
        if self.step == "upgrade":
            if hero.gold < upgrade_cost(w, self.hero):
                return []
            found: list[Action] = [Upgrade()] if hero.abilities else []
            for card in hero.cards:
                kind = w.config.cards[card.id].kind
                if kind in ("hero", "ability") and card.side == 1:
                    found.append(Upgrade(card.id))
            return [*found, DeclineUpgrade()] if found else []
        if self.step == "draw":
            if len(hero.hand) < hand_size(w.config, hero) or not (hero.events or hero.discard):
                return []
            return [*(DiscardToDraw(c) for c in sorted(set(hero.hand))), SkipDraw()]
        swaps: list[Action] = [SwapTop(deck) for deck in DECKS if len(getattr(hero, deck)) > 1]
        return [*swaps, SkipSwap()] if swaps else []

    def _take(self, w: Work, action: Action | None) -> None:
        """Do this step with ``action`` (``None``: the step passes by itself)."""
        me = len(w.frames) - 1
        seat = self.hero
        if self.step == "upgrade":
            if isinstance(action, Upgrade):
                cost = upgrade_cost(w, seat)
                hero = w.heroes[seat]
                w.set_hero(seat, gold=hero.gold - cost, upgrades=hero.upgrades + 1)
                w.events.append(GoldGained(seat, -cost))
                w.frames[me] = EndOfTurn(seat, "draw")
                if action.card is None:
                    card = gain_ability(w, seat)
                else:
                    card = action.card
                    flipped = tuple(
                        attrs.evolve(c, side=2) if c.id == card else c for c in w.heroes[seat].cards
                    )
                    w.set_hero(seat, cards=flipped)
                w.events.append(Upgraded(seat, card, cost))
            w.frames[me] = EndOfTurn(seat, "draw")
            _make_mana(w, seat)
            return
        if self.step == "draw":
            w.frames[me] = EndOfTurn(seat, "swap")
            open_window(w, seat, "end-of-turn")  # after the draw
            hero = w.heroes[seat]
            if isinstance(action, DiscardToDraw):
                discard(w, seat, action.card)
                w.frames.append(Drawing(seat, 1))
            elif action is None and len(hero.hand) < hand_size(w.config, hero):
                w.frames.append(Drawing(seat, 1))
            return
        if isinstance(action, SwapTop):
            hero = w.heroes[seat]
            cards = getattr(hero, action.deck)
            known = getattr(hero, f"known_{action.deck}")
            progress = {"quest": 0} if action.deck == "equipment" else {}
            w.set_hero(
                seat,
                **{
                    action.deck: (*cards[1:], cards[0]),
                    f"known_{action.deck}": min(len(cards), known + 1),
                },
                **progress,
            )
            del w.frames[me]
            _next_turn(w, seat)
            reveal_next(w, seat, action.deck)
            return
        del w.frames[me]
        _next_turn(w, seat)

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)


def _make_mana(w: Work, seat: Seat) -> None:
    """End of turn, step 3: every card that makes mana adds it to itself."""
    hero = w.heroes[seat]
    for card in hero.cards:
        made = side_of(w.config, card).mana_gen
        if made:
            w.add_mana(seat, card.id, made)


def _next_turn(w: Work, seat: Seat) -> None:
    """The next hero's turn, or the monster turn after the last hero."""
    if seat + 1 < len(w.heroes):
        w.turn = Turn(seat + 1)
        return
    w.turn = None
    spots = track(w.config)
    w.time = min(w.time + 1, len(spots) - 1)
    spot = spots[w.time]
    w.events.append(TimeAdvanced(w.time + 1, spot.kind))
    charge: Literal["all", "none"] = "all" if spot.kind == "skull" else "none"
    step: Literal["die", "pins"] = "die" if w.config.monster_die else "pins"
    w.frames.append(MonsterTurn(step, (), charge))
