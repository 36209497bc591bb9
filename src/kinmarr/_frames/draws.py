"""Cards drawn from the top of a deck (:class:`DrawFrame`), a card coming to a player
(:class:`GainFrame`), and a card dropped from a full hand (:class:`DropFrame`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final, Literal

import attrs

from tabletop_rules import CHANCE, Seat

from .._actions import Action, Drop, Keep, Reveal
from .._checks import fail, whole
from .._events import CardGained, CardRevealed
from .._pieces import Lasting
from .._query import HAND_LIMIT, SLOTS, usable_ability
from ._base import (
    MAX_COUNT,
    BaseFrame,
    P,
    at,
    candidates,
    game_card,
    game_seat,
    living,
    turns,
    waiting,
)

if TYPE_CHECKING:
    from .._work import Work

SHOP_SIZE: Final = 4
"""Items the Shop shows while the Item deck lasts (K14)."""


def reveal_odds(p: P, deck: str) -> tuple[tuple[Action, Fraction], ...]:
    """The next card drawn from ``deck``: each that may come, equally likely, in pack order."""
    pool = p.config.rules.actions
    cards = candidates(p, deck)
    share = Fraction(1, len(cards))
    return tuple((pool[(Reveal, c)], share) for c in cards)


@attrs.frozen
class DrawFrame(BaseFrame):
    """Cards drawn one by one from the top of a deck (one chance decision each in explicit chance
    mode).

    Attributes:
        deck: ``"ability"``, ``"item"`` or ``"prophecy"``.
        into: ``"gain"`` (the seat gains it; an Ability of another guild goes to the bottom and
            the draw goes on, K15), ``"shop"`` or ``"prophecy"`` (the new active prophecy).
        seat: who gains the cards (``gain``).
        count: cards still to draw.
    """

    deck: Literal["ability", "item", "prophecy"]
    into: Literal["gain", "shop", "prophecy"]
    seat: Seat
    count: int

    def _done(self, p: P) -> bool:
        """Nothing more is drawn: no card left to draw, a dead gainer, no card to draw (K15: no
        Ability this player may hold)."""
        if self.count <= 0 or (self.into == "gain" and p.players[self.seat].tile is None):
            return True
        if self.into == "gain" and self.deck == "ability":
            rules = p.config.rules
            if not any(usable_ability(p, self.seat, rules.card[c]) for c in p.abilities.cards()):
                return True
        return not candidates(p, self.deck)

    def asks(self, w: P) -> Seat | None:
        if self._done(w) or (w.config.chance == "explicit" and len(candidates(w, self.deck)) == 1):
            return None
        return CHANCE

    def odds(self, w: P) -> tuple[tuple[Action, Fraction], ...]:
        return reveal_odds(w, self.deck)

    def auto(self, w: Work) -> None:
        if self._done(w):
            w.pop()
        else:
            self._drawn(w, candidates(w, self.deck)[0])

    def sample(self, w: Work) -> None:
        self._drawn(w, candidates(w, self.deck)[0])

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Reveal)
        self._drawn(w, action.card)

    def _drawn(self, w: Work, card: str) -> None:
        w.take(self.deck, card)
        w.events.append(CardRevealed(self.deck, card))
        if self.into == "shop":
            w.shop = w.in_pack_order((*w.shop, card))
            w.replace(DrawFrame(self.deck, self.into, self.seat, self.count - 1))
        elif self.into == "prophecy":
            w.prophecy = card
            rounds = w.card(card).lasting
            if rounds:
                w.lasting = (
                    *w.lasting,
                    Lasting(card, rounds),
                )  # decision x: it expires unfulfilled
            w.replace(DrawFrame(self.deck, self.into, self.seat, self.count - 1))
        elif self.deck == "ability" and not usable_ability(w, self.seat, w.card(card)):
            w.to_bottom("ability", (card,))  # K15: another guild's Ability goes to the bottom
        else:
            w.replace(DrawFrame(self.deck, self.into, self.seat, self.count - 1))
            w.push(GainFrame(self.seat, card))

    def owner(self) -> Seat | None:
        return self.seat if self.into == "gain" else -1

    def shop_refill(self) -> bool:
        return self.into == "shop"

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        whole(self.count, 0, MAX_COUNT, f"{path}.count")
        pairs = {("ability", "gain"), ("item", "gain"), ("item", "shop"), ("prophecy", "prophecy")}
        if (self.deck, self.into) not in pairs:
            fail(path, f"cannot draw from {self.deck!r} into {self.into!r}")
        return []

    def fits(self, p: P, i: int) -> None:
        frames = p.frames
        if self.into == "gain":
            living(p, self.seat, at(i, "seat"))
            if self.count == 0:
                above = frames[i + 1] if i + 1 < len(frames) else None
                if not (isinstance(above, GainFrame | DropFrame) and above.seat == self.seat):
                    fail(at(i, "count"), "a draw is done when its last card is gained")
            return
        if self.count < 1:
            fail(at(i, "count"), "a draw is done when its last card is drawn")
        if self.into == "prophecy":
            return
        turns(p, self.seat, at(i, "seat"))
        set_up = p.round == 0  # the set-up's frames (the order of the frames is checked first)
        rules = p.config.rules
        for j in range(i + 1, len(frames)):
            above = frames[j]
            bought = isinstance(above, GainFrame) and rules.card[above.card].kind == "item"
            if (bought or isinstance(above, DropFrame)) and above.seat == p.turn:
                continue  # the Item just bought, and a card dropped to make room for it
            if set_up and isinstance(above, DrawFrame) and above.into == "prophecy":
                continue
            fail(
                at(i),
                "K14: the Shop is refilled at once: only the Item just bought lies above its"
                " refill",
            )


@attrs.frozen
class GainFrame(BaseFrame):
    """A card comes to a player: an Ability or Item to a slot or to the hand, by choice (to the
    hand when no slot is free); a creature or tower to the hand.

    Attributes:
        seat: who gains it.
        card: the card.
    """

    seat: Seat
    card: str

    def asks(self, w: P) -> Seat | None:
        player = w.players[self.seat]
        if player.tile is None:
            return None
        card = w.config.rules.card[self.card]
        if not usable_ability(w, self.seat, card):
            return None
        if card.kind in ("ability", "item") and len(player.slots) < SLOTS:
            return self.seat
        return None

    def legal(self, w: P, seat: Seat) -> tuple[Action, ...]:
        pool = w.config.rules.actions
        return (pool[(Keep, "slot")], pool[(Keep, "hand")])

    def kind(self, w: P) -> str:
        return "keep"

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Keep)
        w.pop()
        w.events.append(CardGained(self.seat, self.card, action.where))
        if action.where == "slot":
            w.slot_add(self.seat, self.card)
        else:
            w.hand_add(self.seat, self.card)

    def auto(self, w: Work) -> None:
        seat = self.seat
        w.pop()
        if w.players[seat].tile is None:
            w.discard((self.card,))
        elif not usable_ability(w, seat, w.card(self.card)):
            w.to_bottom("ability", (self.card,))  # K15
        else:
            w.events.append(CardGained(seat, self.card, "hand"))
            w.hand_add(seat, self.card)

    def release(self, w: Work) -> None:
        w.discard((self.card,))

    def owner(self) -> Seat | None:
        return self.seat

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        game_card(position, self.card, f"{path}.card", "creature", "tower", "ability", "item")
        return [self.card]

    def fits(self, p: P, i: int) -> None:
        living(p, self.seat, at(i, "seat"))
        card = p.config.rules.card[self.card]
        if card.kind == "tower":
            fail(at(i, "card"), "a tower comes to the hand when paid for")
        if not usable_ability(p, self.seat, card):
            fail(at(i, "card"), f"K15: {self.card!r} belongs to another guild")


@attrs.frozen
class DropFrame(BaseFrame):
    """The hand holds 11 cards: one must be dropped, and leaves the game (K15).

    Attributes:
        seat: whose hand.
    """

    seat: Seat

    def asks(self, w: P) -> Seat | None:
        player = w.players[self.seat]
        if player.tile is None or len(player.hand) <= HAND_LIMIT:
            return None
        return self.seat

    def legal(self, w: P, seat: Seat) -> tuple[Action, ...]:
        pool = w.config.rules.actions
        return tuple(pool[(Drop, c)] for c in w.players[seat].hand)

    def kind(self, w: P) -> str:
        return "drop"

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Drop)
        w.pop()
        player = w.players[self.seat]
        player.hand = tuple(c for c in player.hand if c != action.card)
        w.discard((action.card,))

    def auto(self, w: Work) -> None:
        w.pop()

    def owner(self) -> Seat | None:
        return self.seat

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        return []

    def fits(self, p: P, i: int) -> None:
        living(p, self.seat, at(i, "seat"))
        waiting(p, i, "a card to drop")
        if len(p.players[self.seat].hand) != HAND_LIMIT + 1:
            fail(at(i), f"K15: a card is dropped from a hand of {HAND_LIMIT + 1}")
