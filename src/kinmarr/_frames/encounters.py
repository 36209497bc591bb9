"""Draw N, choose some: the cards revealed and chosen (:class:`ChooseFrame`), each card chosen
resolved in turn (:class:`EncounterFrame`), a tower paid for (:class:`PayFrame`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

import attrs

from tabletop_rules import CHANCE, Seat

from .._actions import Action, Choose, Pay, Reveal
from .._checks import card_ids, fail, whole
from .._events import CardGained, CardRevealed
from .._pieces import DECK_FIELD, Lasting
from .._query import creature_value, usable_ability
from .._words import DRAW_DECKS
from ._base import (
    MAX_COUNT,
    BaseFrame,
    P,
    at,
    candidates,
    game_card,
    game_seat,
    turns,
    waiting,
    waits,
)
from .combat import new_fight
from .draws import GainFrame, reveal_odds
from .triggers import happen

if TYPE_CHECKING:
    from .._work import Work


def choosable(p: Any, frame: ChooseFrame) -> list[str]:
    """The revealed cards that may still be chosen: not chosen yet, a tower only if its price can
    be paid, an Ability only of the chooser's guild or neutral (K15)."""
    rules = p.config.rules
    out = []
    value: int | None = None
    for card_id in frame.cards:
        if card_id in frame.chosen:
            continue
        card = rules.card[card_id]
        if card.kind == "tower":
            if value is None:
                value = creature_value(p, frame.seat)
            if value < card.value:
                continue
        elif card.kind == "ability" and not usable_ability(p, frame.seat, card):
            continue
        out.append(card_id)
    return out


@attrs.frozen
class ChooseFrame(BaseFrame):
    """Draw N, choose some: cards are revealed (one chance decision each in explicit chance mode),
    then chosen one at a time; the rest go to the bottom of their deck in random order.

    Attributes:
        seat: who draws and chooses.
        deck: the deck drawn from.
        count: cards (with ``tag``) still to reveal.
        choose: cards still to choose.
        tag: only cards with this tag count and may be chosen.
        cards: the cards revealed that may be chosen, in the order revealed.
        passed: cards revealed without the tag.
        chosen: the cards chosen so far, in order (fought in this order, K11).
    """

    seat: Seat
    deck: Literal["encounter", "ability", "item"]
    count: int
    choose: int
    tag: str | None = None
    cards: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()
    chosen: tuple[str, ...] = ()

    def _dry(self, p: P, cards: tuple[str, ...]) -> bool:
        """Nothing more is revealed: no card to draw, or none with the tag in the deck."""
        if not cards:
            return True
        tag = self.tag
        if tag is None:
            return False
        rules = p.config.rules
        return not any(tag in rules.card[c].tags for c in getattr(p, DECK_FIELD[self.deck]).cards())

    def asks(self, w: P) -> Seat | None:
        if w.players[self.seat].tile is None:
            return None
        if self.count > 0:
            cards = candidates(w, self.deck)
            if self._dry(w, cards) or (w.config.chance == "explicit" and len(cards) == 1):
                return None
            return CHANCE
        if self.choose > 0 and choosable(w, self):
            return self.seat
        return None

    def legal(self, w: P, seat: Seat) -> tuple[Action, ...]:
        pool = w.config.rules.actions
        return tuple(pool[(Choose, c)] for c in choosable(w, self))

    def kind(self, w: P) -> str:
        return "choose"

    def odds(self, w: P) -> tuple[tuple[Action, Fraction], ...]:
        return reveal_odds(w, self.deck)

    def sample(self, w: Work) -> None:
        self._revealed(w, candidates(w, self.deck)[0])

    def answer(self, w: Work, action: Action) -> None:
        if isinstance(action, Reveal):
            self._revealed(w, action.card)
            return
        assert isinstance(action, Choose)
        w.replace(
            ChooseFrame(
                self.seat,
                self.deck,
                self.count,
                self.choose - 1,
                self.tag,
                self.cards,
                self.passed,
                (*self.chosen, action.card),
            )
        )

    def auto(self, w: Work) -> None:
        if w.players[self.seat].tile is None:
            w.pop()
            self.release(w)
            return
        if self.count > 0:
            cards = candidates(w, self.deck)
            if self._dry(w, cards):
                w.replace(
                    ChooseFrame(
                        self.seat,
                        self.deck,
                        0,
                        self.choose,
                        self.tag,
                        self.cards,
                        self.passed,
                        self.chosen,
                    )
                )
            else:  # one card may come (explicit chance)
                self._revealed(w, cards[0])
            return
        w.pop()
        rest = [c for c in (*self.cards, *self.passed) if c not in self.chosen]
        w.to_bottom(self.deck, rest)
        for card in reversed(self.chosen):  # the first chosen on top: resolved first (K11)
            w.push(EncounterFrame(self.seat, card))

    def _revealed(self, w: Work, card: str) -> None:
        w.take(self.deck, card)
        w.events.append(CardRevealed(self.deck, card))
        if self.tag is not None and self.tag not in w.card(card).tags:
            new = ChooseFrame(
                self.seat,
                self.deck,
                self.count,
                self.choose,
                self.tag,
                self.cards,
                (*self.passed, card),
                self.chosen,
            )
        else:
            new = ChooseFrame(
                self.seat,
                self.deck,
                self.count - 1,
                self.choose,
                self.tag,
                (*self.cards, card),
                self.passed,
                self.chosen,
            )
        w.replace(new)

    def release(self, w: Work) -> None:
        unresolved = [c for c in (*self.cards, *self.passed) if c not in self.chosen]
        w.to_bottom(self.deck, unresolved)
        for card in self.chosen:
            w.to_bottom(w.card(card).deck, (card,))

    def opens(self, request: str) -> bool:
        return request == "draw" and not (self.cards or self.passed or self.chosen)

    def check_fields(self, position: P, path: str) -> list[str]:
        rules = position.config.rules
        game_seat(position, self.seat, f"{path}.seat")
        if self.deck not in DRAW_DECKS:
            fail(f"{path}.deck", f"cannot choose from {self.deck!r}")
        whole(self.count, 0, MAX_COUNT, f"{path}.count")
        whole(self.choose, 0, MAX_COUNT, f"{path}.choose")
        revealed = card_ids(self.cards, rules, f"{path}.cards") + card_ids(
            self.passed, rules, f"{path}.passed"
        )
        chosen = card_ids(self.chosen, rules, f"{path}.chosen")
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(self.cards):
            fail(f"{path}.chosen", "the cards chosen are cards drawn, each once")
        if any(rules.card[c].deck != self.deck for c in revealed):
            fail(f"{path}.cards", f"cards drawn come from the {self.deck} deck")
        if self.tag is not None and any(self.tag not in rules.card[c].tags for c in self.cards):
            fail(f"{path}.cards", f"the cards that count have the tag {self.tag!r}")
        if self.tag is None and self.passed:
            fail(f"{path}.passed", "cards are passed over only when drawing by tag")
        return list(revealed)

    def fits(self, p: P, i: int) -> None:
        turns(p, self.seat, at(i, "seat"))
        if (self.cards or self.passed or self.chosen) and not waits(p, i):
            fail(at(i), "cards are drawn and chosen when the draw comes on top")


@attrs.frozen
class EncounterFrame(BaseFrame):
    """A chosen card being resolved: a fight, a place or event, a tower to pay for, a card gained.

    Attributes:
        seat: who chose it.
        card: the card.
    """

    seat: Seat
    card: str

    def auto(self, w: Work) -> None:
        w.pop()
        card = w.card(self.card)
        if w.players[self.seat].tile is None:
            self.release(w)
            return
        kind = card.kind
        if kind == "creature":
            w.push(new_fight(w, self.seat, self.card))
        elif kind in ("place", "event"):
            if card.lasting:
                w.lasting = (*w.lasting, Lasting(card.id, card.lasting))
            else:
                w.discard((card.id,))
            if card.effects:
                w.run_effects(f"effects:{card.id}", self.seat)
        elif kind == "tower":
            if creature_value(w, self.seat) >= card.value:
                w.push(PayFrame(self.seat, card.id))
            else:
                w.to_bottom("encounter", (card.id,))
        else:
            w.push(GainFrame(self.seat, card.id))

    def release(self, w: Work) -> None:
        w.to_bottom(w.card(self.card).deck, (self.card,))

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        game_card(position, self.card, f"{path}.card")
        return [self.card]

    def fits(self, p: P, i: int) -> None:
        turns(p, self.seat, at(i, "seat"))
        deck = p.config.rules.card[self.card].deck
        if deck not in DRAW_DECKS:
            fail(
                at(i, "card"), f"a card chosen is drawn from {' or '.join(DRAW_DECKS)}, not {deck}"
            )
        if i > 0 and isinstance(p.frames[i - 1], EncounterFrame):
            return
        for j in range(i + 1, len(p.frames)):  # the first of the cards chosen: the others on it
            if isinstance(p.frames[j], EncounterFrame) and not isinstance(
                p.frames[j - 1], EncounterFrame
            ):
                fail(at(j), "K11: the cards chosen wait together, resolved one after another")


@attrs.frozen
class PayFrame(BaseFrame):
    """A tower being paid for with creatures from the hand.

    Attributes:
        seat: who takes the tower.
        tower: the tower.
        paid: the value discarded so far.
    """

    seat: Seat
    tower: str
    paid: int = 0

    def asks(self, w: P) -> Seat | None:
        if w.players[self.seat].tile is None:
            return None
        if self.paid >= w.config.rules.card[self.tower].value or creature_value(w, self.seat) <= 0:
            return None
        return self.seat

    def legal(self, w: P, seat: Seat) -> tuple[Action, ...]:
        rules = w.config.rules
        pool = rules.actions
        hand = w.players[seat].hand
        return tuple(pool[(Pay, c)] for c in hand if rules.card[c].kind == "creature")

    def kind(self, w: P) -> str:
        return "pay"

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Pay)
        player = w.players[self.seat]
        player.hand = tuple(c for c in player.hand if c != action.card)
        w.discard((action.card,))
        w.replace(PayFrame(self.seat, self.tower, self.paid + w.card(action.card).value))

    def auto(self, w: Work) -> None:
        seat = self.seat
        tower = w.card(self.tower)
        w.pop()
        if w.players[seat].tile is None:
            self.release(w)
        elif self.paid >= tower.value:
            w.events.append(CardGained(seat, tower.id, "hand"))
            w.hand_add(seat, tower.id)
            happen(w, seat, "tower")
        else:  # nothing left to pay with
            w.to_bottom("encounter", (tower.id,))

    def release(self, w: Work) -> None:
        w.to_bottom("encounter", (self.tower,))

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        game_card(position, self.tower, f"{path}.tower", "tower")
        value = position.config.rules.card[self.tower].value
        whole(self.paid, 0, value - 1, f"{path}.paid")
        return [self.tower]

    def fits(self, p: P, i: int) -> None:
        turns(p, self.seat, at(i, "seat"))
        waiting(p, i, "a tower's payment")
