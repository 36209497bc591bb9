"""A trade (K6): the offer put together by the active player, then answered by its partner
(:class:`OfferFrame`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from .._actions import (
    AcceptTrade,
    Action,
    Ask,
    AskCoin,
    Give,
    GiveCoin,
    NoTrade,
    Propose,
    RefuseTrade,
)
from .._checks import card_ids, fail, of_type, whole
from .._events import TradeAnswered
from .._query import on_tile
from ._base import BaseFrame, P, at, game_seat, waiting
from .draws import GainFrame

if TYPE_CHECKING:
    from .._work import Work


def owned(p: P, seat: Seat) -> tuple[str, ...]:
    """A player's Items and creatures (what a trade may swap), in pack order."""
    rules = p.config.rules
    player = p.players[seat]
    cards = [c for c in (*player.slots, *player.hand) if rules.card[c].kind in ("item", "creature")]
    return tuple(sorted(cards, key=rules.index.__getitem__))


@attrs.frozen
class OfferFrame(BaseFrame):
    """A trade (K6): the active player puts an offer together, then the partner accepts or
    refuses it.

    Attributes:
        partner: the player the offer is made to.
        give: the active player's cards offered.
        ask: the partner's cards asked for.
        give_coins: coins offered.
        ask_coins: coins asked for.
        proposed: the offer is made, and waits for the partner's answer.
    """

    partner: Seat
    give: tuple[str, ...] = ()
    ask: tuple[str, ...] = ()
    give_coins: int = 0
    ask_coins: int = 0
    proposed: bool = False

    def asks(self, w: P) -> Seat | None:
        players = w.players
        if players[self.partner].tile is None or players[w.turn].tile is None:
            return None
        return self.partner if self.proposed else w.turn

    def legal(self, w: P, seat: Seat) -> list[Action]:
        pool = w.config.rules.actions
        if self.proposed:
            return [pool[(RefuseTrade,)], pool[(AcceptTrade,)]]
        out: list[Action] = [pool[(NoTrade,)]]
        if self.give or self.ask or self.give_coins or self.ask_coins:
            out.append(pool[(Propose,)])
        if w.players[w.turn].coins > self.give_coins:
            out.append(pool[(GiveCoin,)])
        if w.players[self.partner].coins > self.ask_coins:
            out.append(pool[(AskCoin,)])
        out += [pool[(Give, c)] for c in owned(w, w.turn) if c not in self.give]
        out += [pool[(Ask, c)] for c in owned(w, self.partner) if c not in self.ask]
        return out

    def kind(self, w: P) -> str:
        return "accept" if self.proposed else "offer"

    def answer(self, w: Work, action: Action) -> None:
        if isinstance(action, NoTrade | RefuseTrade):
            w.pop()
            if isinstance(action, RefuseTrade):
                w.events.append(TradeAnswered(w.turn, self.partner, False))
            return
        new = self
        if isinstance(action, Give):
            new = OfferFrame(
                self.partner,
                w.in_pack_order((*self.give, action.card)),
                self.ask,
                self.give_coins,
                self.ask_coins,
            )
        elif isinstance(action, Ask):
            new = OfferFrame(
                self.partner,
                self.give,
                w.in_pack_order((*self.ask, action.card)),
                self.give_coins,
                self.ask_coins,
            )
        elif isinstance(action, GiveCoin):
            new = OfferFrame(self.partner, self.give, self.ask, self.give_coins + 1, self.ask_coins)
        elif isinstance(action, AskCoin):
            new = OfferFrame(self.partner, self.give, self.ask, self.give_coins, self.ask_coins + 1)
        elif isinstance(action, Propose):
            new = OfferFrame(
                self.partner, self.give, self.ask, self.give_coins, self.ask_coins, True
            )
        else:
            assert isinstance(action, AcceptTrade)
            w.pop()
            seat, partner = w.turn, self.partner
            w.events.append(TradeAnswered(seat, partner, True))
            for card in self.give:
                w.remove_held(seat, card)
            for card in self.ask:
                w.remove_held(partner, card)
            w.players[seat].coins += self.ask_coins - self.give_coins
            w.players[partner].coins += self.give_coins - self.ask_coins
            for card in reversed(self.ask):
                w.push(GainFrame(seat, card))
            for card in reversed(self.give):
                w.push(GainFrame(partner, card))
            return
        w.replace(new)

    def auto(self, w: Work) -> None:
        w.pop()

    def outlived(self, dead: Seat) -> BaseFrame | None:
        return None if dead == self.partner else self

    def check_fields(self, position: P, path: str) -> list[str]:
        p = position
        rules = p.config.rules
        game_seat(p, self.partner, f"{path}.partner")
        if self.partner == p.turn:
            fail(f"{path}.partner", "K6: the offer goes to another player")
        for field, owner in (("give", p.turn), ("ask", self.partner)):
            cards = card_ids(getattr(self, field), rules, f"{path}.{field}")
            player = p.players[owner]
            if len(set(cards)) != len(cards) or any(
                c not in (*player.hand, *player.slots)
                or rules.card[c].kind not in ("item", "creature")
                for c in cards
            ):
                fail(f"{path}.{field}", "an offer swaps Items and creatures the players hold")
        whole(self.give_coins, 0, p.players[p.turn].coins, f"{path}.give_coins")
        whole(self.ask_coins, 0, p.players[self.partner].coins, f"{path}.ask_coins")
        of_type(self.proposed, bool, f"{path}.proposed")
        return []

    def fits(self, p: P, i: int) -> None:
        waiting(p, i, "a trade offer")
        if not p.frames[i - 1].opens("end"):
            fail(at(i), "K6: trade offers are made at the end of the turn")
        if self.partner not in p.flags.traded:
            fail(at(i, "partner"), "K6: the offer is noted, once per partner per turn")
        if self.partner not in on_tile(p, p.turn):
            fail(at(i, "partner"), "K6: trade with a living player on your tile")
