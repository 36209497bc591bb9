"""A turn: its start (:class:`StartFrame`), the active player's menus between requests
(:class:`MenuFrame`), and its end (:class:`TurnEndFrame`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from tabletop_rules import Seat

from .._actions import (
    Action,
    Buy,
    Duel,
    EndTurn,
    NoDuel,
    Refresh,
    Sell,
    ShowTower,
    Slot,
    Trade,
    Travel,
    Unslot,
)
from .._checks import fail
from .._events import ShopUsed, TurnBegan
from .._pieces import FATE_MAX, Lasting, last_round
from .._query import HAND_LIMIT, SLOTS, alive, duel_targets, has_shop, order_from, trade_partners
from ._base import BaseFrame, P, at
from .combat import new_duel
from .draws import SHOP_SIZE, DrawFrame, GainFrame
from .trade import OfferFrame
from .travel import MoveFrame, RollFrame
from .triggers import happen

if TYPE_CHECKING:
    from .._work import Work


def exhausted(p: Any) -> bool:
    """Whether a deck is empty: the game ends with scoring at the start of the next turn."""
    return not all(
        deck.top or deck.bottom for deck in (p.encounters, p.abilities, p.items, p.prophecies)
    )


@attrs.frozen
class StartFrame(BaseFrame):
    """A turn starts (for :attr:`State.turn <kinmarr.State.turn>`): the end checks, then the
    turn's frames.

    Attributes:
        new_round: this turn starts a round (Fate 10 and the round limit are checked, lasting
            events age).
    """

    new_round: bool

    def auto(self, w: Work) -> None:
        w.pop()
        expired = False
        if self.new_round:
            w.round += 1
            if w.fate >= FATE_MAX:
                w.finish("fate", ())
                return
            if w.round > last_round(w.config):
                w.finish("round-limit", None)
                return
            lasting = []
            for event in w.lasting:
                if event.rounds > 1:
                    lasting.append(Lasting(event.card, event.rounds - 1))
                else:
                    w.discard((event.card,))
                    if event.card == w.prophecy:  # an unfulfilled prophecy expires (decision x)
                        w.prophecy = None
                        expired = True
            w.lasting = tuple(lasting)
        seat = w.turn
        if w.config.last_standing and alive(w) == [seat]:
            w.finish("last-standing", (seat,))
            return
        if exhausted(w):
            w.finish("deck-exhausted", None)
            return
        w.fresh_flags()
        w.events.append(TurnBegan(seat, w.round))
        w.push(TurnEndFrame())
        w.push(MenuFrame("end"))
        w.window("end")
        w.push(MenuFrame("duel"))
        w.push(MenuFrame("start"))
        w.window("start")
        happen(w, seat, "turn-start")
        if expired:  # decision x: the next after one expired
            w.push(DrawFrame("prophecy", "prophecy", seat, 1))

    # at the bottom only (kinmarr._validate), and the set-up's


@attrs.frozen
class TurnEndFrame(BaseFrame):
    """The turn ends: end-of-turn triggers and prophecies, then the next living seat's turn.

    Attributes:
        done: the triggers have been looked at.
    """

    done: bool = False

    def auto(self, w: Work) -> None:
        if not self.done:
            w.replace(TurnEndFrame(True))
            if w.players[w.turn].tile is not None:
                happen(w, w.turn, "turn-end")
            return
        w.pop()
        following = order_from(w, w.turn + 1)
        nxt = following[0]
        new_round = nxt <= w.turn
        w.turn = nxt
        w.push(StartFrame(new_round))

    def owner(self) -> Seat | None:
        return -1  # the turn's end outlives its player: the next turn starts from it

    # at the bottom only (kinmarr._validate); what may lie on it is checked by the frames above


@attrs.frozen
class MenuFrame(BaseFrame):
    """The active player's choices between requests.

    Attributes:
        phase: ``"start"`` (towers, slots, the Shop, then the travel die), ``"duel"`` (declare a
            duel or not, K5) or ``"end"`` (trade, the Shop, slots, end the turn).
    """

    phase: Literal["start", "duel", "end"]

    def asks(self, w: P) -> Seat | None:
        if self.phase == "duel" and not duel_targets(w):
            return None
        return w.turn  # type: ignore[no-any-return]

    def legal(self, w: P, seat: Seat) -> list[Action]:
        pool = w.config.rules.actions
        out: list[Action] = []
        phase = self.phase
        if phase == "duel":
            out.append(pool[(NoDuel,)])
            out += [pool[(Duel, s)] for s in duel_targets(w)]
            return out
        rules = w.config.rules
        player = w.players[seat]
        flags = w.flags
        if phase == "start":
            out.append(pool[(Travel,)])
            out += [
                pool[(ShowTower, c)]
                for c in player.hand
                if rules.card[c].kind == "tower" and rules.card[c].effects and c not in flags.shown
            ]
        else:
            out.append(pool[(EndTurn,)])
            out += [pool[(Trade, s)] for s in trade_partners(w)]
        if has_shop(w, seat):
            out += [pool[(Buy, c)] for c in w.shop if rules.card[c].value <= player.coins]
            out += [pool[(Sell, c)] for c in _items(w, seat)]
            if player.coins > flags.refreshes and (w.shop or w.items.top or w.items.bottom):
                out.append(pool[(Refresh,)])
        if len(player.slots) < SLOTS:
            out += [
                pool[(Slot, c)]
                for c in player.hand
                if rules.card[c].kind in ("ability", "item") and c not in flags.moved
            ]
        if len(player.hand) < HAND_LIMIT:
            out += [pool[(Unslot, c)] for c in player.slots if c not in flags.moved]
        return out

    def kind(self, w: P) -> str:
        return self.phase

    def answer(self, w: Work, action: Action) -> None:
        flags = w.flags
        seat = w.turn
        player = w.players[seat]
        if isinstance(action, Travel):
            w.pop()
            w.push(MoveFrame(seat, 0))
            w.window("move")
            w.push(RollFrame(seat))
            w.window("travel")
        elif isinstance(action, EndTurn | NoDuel):
            w.pop()
        elif isinstance(action, ShowTower):
            flags.shown = (*flags.shown, action.card)
            w.run_effects(f"effects:{action.card}", seat)
        elif isinstance(action, Slot):
            flags.moved = (*flags.moved, action.card)
            player.hand = tuple(c for c in player.hand if c != action.card)
            w.slot_add(seat, action.card)
        elif isinstance(action, Unslot):
            flags.moved = (*flags.moved, action.card)
            player.slots = tuple(c for c in player.slots if c != action.card)
            w.hand_add(seat, action.card)
        elif isinstance(action, Buy):
            price = w.card(action.card).value
            player.coins -= price
            w.shop = tuple(c for c in w.shop if c != action.card)
            w.events.append(ShopUsed(seat, "buy", action.card, price))
            w.push(DrawFrame("item", "shop", seat, 1))
            w.push(GainFrame(seat, action.card))
        elif isinstance(action, Sell):
            price = w.card(action.card).value // 2
            w.remove_held(seat, action.card)
            w.to_bottom("item", (action.card,))
            player.coins += price
            w.events.append(ShopUsed(seat, "sell", action.card, price))
        elif isinstance(action, Refresh):
            cost = flags.refreshes + 1
            flags.refreshes = cost
            player.coins -= cost
            w.to_bottom("item", w.shop)
            w.shop = ()
            w.events.append(ShopUsed(seat, "refresh", None, cost))
            w.push(DrawFrame("item", "shop", seat, SHOP_SIZE))
        elif isinstance(action, Duel):
            w.pop()
            flags.dueled = True
            w.push(new_duel(w, seat, action.seat))
        elif isinstance(action, Trade):
            flags.traded = (*flags.traded, action.seat)
            w.push(OfferFrame(action.seat))
        else:  # pragma: no cover - legality was checked before
            raise TypeError(f"not a menu action: {action!r}")

    def auto(self, w: Work) -> None:
        w.pop()  # the duel menu, with nobody to challenge

    def opens(self, request: str) -> bool:
        return request == self.phase and request in ("start", "end")

    def menu_phase(self) -> str | None:
        return self.phase

    def check_fields(self, position: P, path: str) -> list[str]:
        if self.phase not in ("start", "duel", "end"):
            fail(f"{path}.phase", f"unknown phase {self.phase!r}")
        return []

    def fits(self, p: P, i: int) -> None:
        below = p.frames[i - 1]
        if self.phase == "end":
            ok = isinstance(below, TurnEndFrame) and not below.done
        elif self.phase == "duel":
            ok = below.window_on() == "end"
        else:
            ok = below.menu_phase() == "duel"
        if not ok:
            fail(
                at(i),
                f"the {self.phase} menu lies where the turn's start put it: the end menu on the"
                " turn's end, its window, the duel menu, then the start menu",
            )


def _items(p: P, seat: Seat) -> tuple[str, ...]:
    """A player's Items, in pack order (what it may sell)."""
    rules = p.config.rules
    player = p.players[seat]
    cards = [c for c in (*player.slots, *player.hand) if rules.card[c].kind == "item"]
    return tuple(sorted(cards, key=rules.index.__getitem__))
