"""Offers a hero accepts or refuses: gold between heroes (G22), and a kill that can complete the
hero's quest."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from .._actions import AcceptGold, Action, CompleteQuest, DeclineQuest, RefuseGold
from .._cards import MOST
from .._checks import fail, game_seat, number
from .._events import GoldGained
from .._heroes import gain_gold
from .._uses import context
from ._base import BaseFrame
from .resolving import begin_quest

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work


@attrs.frozen
class GoldOffer(BaseFrame):
    """Gold offered between two heroes next to each other: the other hero agrees or not (G22).

    Attributes:
        giver: the seat giving the gold.
        receiver: the seat receiving it.
        amount: how much.
        asked: the seat that must agree (the one who did not offer).
    """

    giver: Seat
    receiver: Seat
    amount: int
    asked: Seat

    def asks(self, w: Work) -> Seat | None:
        return self.asked

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return [AcceptGold(), RefuseGold()]

    def answer(self, w: Work, action: Action) -> None:
        w.frames.pop()
        if isinstance(action, AcceptGold):
            gain_gold(w, self.giver, -self.amount)
            gain_gold(w, self.receiver, self.amount)

    def kind(self, w: Work) -> str:
        return "gold"

    def check(self, position: State | View, path: str) -> None:
        for name in ("giver", "receiver", "asked"):
            game_seat(getattr(self, name), f"{path}.{name}", position)
        if self.giver == self.receiver or self.asked not in (self.giver, self.receiver):
            fail(path, "gold goes between two heroes, and the other one is asked")
        number(self.amount, f"{path}.amount", 1, position.heroes[self.giver].gold)


@attrs.frozen
class QuestOffer(BaseFrame):
    """A monster killed may complete the hero's quest (instead of its gold, or at a cost): the
    hero chooses.

    Attributes:
        hero: the seat.
        card: the equipment card on top of the deck.
        way: which way of its quest.
        gold: the gold the kill earned (given back for a quest taken instead of it).
    """

    hero: Seat
    card: str
    way: int
    gold: int

    def asks(self, w: Work) -> Seat | None:
        return self.hero if self.payable(w) else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return [CompleteQuest(), DeclineQuest()]

    def answer(self, w: Work, action: Action) -> None:
        w.frames.pop()
        if isinstance(action, CompleteQuest):
            self.take(w)

    def auto(self, w: Work) -> None:
        w.frames.pop()

    def kind(self, w: Work) -> str:
        return "quest"

    def payable(self, w: Work) -> bool:
        """Whether the hero can still take the quest offered: the card is still on top, the gold
        can be given back, the costs paid."""
        hero = w.heroes[self.hero]
        if not hero.equipment or hero.equipment[0] != self.card:
            return False
        quest = w.config.cards[self.card].quest
        assert quest is not None  # an offer is made for a card with a quest
        way = quest.ways[self.way]
        if way.instead_of_gold and hero.gold < self.gold:
            return False
        ctx = context(w, self.hero)
        return all(c.payable(ctx) for c in way.cost)

    def take(self, w: Work) -> None:
        """The hero takes the quest offered: gives back the kill's gold (``instead_of_gold``) and
        completes it by its way."""
        quest = w.config.cards[self.card].quest
        assert quest is not None
        if quest.ways[self.way].instead_of_gold and self.gold:
            hero = w.heroes[self.hero]
            w.set_hero(self.hero, gold=hero.gold - self.gold)
            w.events.append(GoldGained(self.hero, -self.gold))
        begin_quest(w, self.hero, self.way)

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)
        card = position.config.cards.get(self.card)
        if card is None or card.quest is None:
            fail(f"{path}.card", "an equipment card with a quest")
        number(self.way, f"{path}.way", 0, len(card.quest.ways) - 1)
        number(self.gold, f"{path}.gold", 0, MOST)
