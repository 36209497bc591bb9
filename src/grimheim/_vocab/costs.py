"""Costs: what a use or a quest takes from the hero before its effects.

A use is offered only when every cost can be paid. Costs that need a choice (which cards to
discard, which cards give the mana, where the spawned monsters stand) ask for it first, as the
first steps of the resolution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from tabletop_rules import ContentError

from ._context import Ctx
from ._grammar import Cost, Pick, word

if TYPE_CHECKING:
    from .._pieces import CardState

ActionKind = Literal["move", "attack", "prepare", "focus", "mend", "practice"]


def x_of(ctx: Ctx, amount: int | Literal["x"]) -> int:
    """A cost's amount: a number, or the use's chosen ``x``."""
    return ctx.x if amount == "x" else amount


def _card_state(ctx: Ctx) -> CardState | None:
    if ctx.from_hand:
        return None
    for card in ctx.hero.cards:
        if card.id == ctx.card:
            return card
    return None


def _in_play_only(cost: Cost, where: str, kind: str, card_kind: str) -> None:
    if card_kind == "event":
        raise ContentError(where, f"an event in hand holds no {kind}: {cost.TAG} cannot be paid")


@word("mana")
@attrs.frozen
class Mana(Cost):
    """Mana from the card itself (only a card in play holds mana).

    Attributes:
        amount: the mana, or ``"x"``.
    """

    amount: int | Literal["x"]

    def payable(self, ctx: Ctx) -> bool:
        card = _card_state(ctx)
        return card is not None and card.mana >= x_of(ctx, self.amount)

    def apply(self, ctx: Ctx) -> None:
        _change_card(ctx, ctx.card, mana=-x_of(ctx, self.amount))

    def describe(self) -> str:
        return f"pay {'X' if self.amount == 'x' else self.amount} mana"

    def check_card(self, where: str, card_kind: str) -> None:
        """An event card cannot pay mana from itself."""
        _in_play_only(self, where, "mana", card_kind)


@word("mana-any")
@attrs.frozen
class ManaAny(Cost):
    """Mana from any of the hero's cards in play, one at a time, chosen by the hero.

    Attributes:
        amount: the mana.
    """

    amount: int

    PICKS = "card"

    def payable(self, ctx: Ctx) -> bool:
        return sum(c.mana for c in ctx.hero.cards) >= self.amount

    def picks(self, ctx: Ctx) -> tuple[int, int]:
        return self.amount, self.amount

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return tuple(c.id for c in ctx.hero.cards if c.mana > ctx.picked.count(c.id))

    def apply(self, ctx: Ctx) -> None:
        for card in ctx.picked:
            _change_card(ctx, str(card), mana=-1)

    def describe(self) -> str:
        return f"pay {self.amount} mana from any of your cards"


@word("durability")
@attrs.frozen
class Durability(Cost):
    """Damage markers put on the equipment card itself (it cannot take more than its
    durability).

    Attributes:
        amount: the markers.
    """

    amount: int

    def payable(self, ctx: Ctx) -> bool:
        card = _card_state(ctx)
        if card is None:
            return False
        most = ctx.printed().durability
        return card.damage + self.amount <= most

    def apply(self, ctx: Ctx) -> None:
        _change_card(ctx, ctx.card, damage=self.amount)

    def describe(self) -> str:
        return f"put {self.amount} damage marker{'s' if self.amount != 1 else ''} on this card"

    def check_card(self, where: str, card_kind: str) -> None:
        """Only equipment takes damage markers."""
        if card_kind != "equipment":
            raise ContentError(where, "only equipment takes damage markers")


@word("counters")
@attrs.frozen
class Counters(Cost):
    """Markers taken off the card itself (its arrows, its gold, its stored damage).

    Attributes:
        amount: the markers, or ``"x"``.
    """

    amount: int | Literal["x"]

    def payable(self, ctx: Ctx) -> bool:
        card = _card_state(ctx)
        return card is not None and card.counters >= x_of(ctx, self.amount)

    def apply(self, ctx: Ctx) -> None:
        _change_card(ctx, ctx.card, counters=-x_of(ctx, self.amount))

    def describe(self) -> str:
        amount = "X markers" if self.amount == "x" else f"{self.amount} marker"
        return f"take {amount}{'s' if self.amount not in (1, 'x') else ''} off this card"

    def check_card(self, where: str, card_kind: str) -> None:
        """An event card holds no markers."""
        _in_play_only(self, where, "markers", card_kind)


@word("gold")
@attrs.frozen
class Gold(Cost):
    """Gold paid.

    Attributes:
        amount: the gold.
    """

    amount: int

    def payable(self, ctx: Ctx) -> bool:
        return bool(ctx.hero.gold >= self.amount)

    def apply(self, ctx: Ctx) -> None:
        ctx.pay_gold(self.amount)

    def describe(self) -> str:
        return f"pay {self.amount} gold"


@word("spend-action")
@attrs.frozen
class SpendAction(Cost):
    """An action's marker used without the action's effect (on the hero's own turn; the marker
    must be free and the hero must have one of their two left).

    Attributes:
        action: ``move``, ``attack``, ``prepare``, ``focus``, ``mend`` or ``practice``.
    """

    action: ActionKind

    def payable(self, ctx: Ctx) -> bool:
        turn = ctx.w.turn
        return (
            turn is not None
            and turn.hero == ctx.seat
            and self.action not in turn.actions
            and len(turn.actions) < 2
        )

    def apply(self, ctx: Ctx) -> None:
        turn = ctx.w.turn
        if turn is not None:
            ctx.w.turn = attrs.evolve(turn, actions=(*turn.actions, self.action))

    def describe(self) -> str:
        return f"use up your {self.action} action"


@word("discard")
@attrs.frozen
class DiscardCards(Cost):
    """Cards discarded from the hand, chosen by the hero (the card being played is not one of
    them).

    Attributes:
        count: how many.
    """

    count: int

    PICKS = "card"
    PRIVATE = True

    def payable(self, ctx: Ctx) -> bool:
        return len(ctx.hero.hand) - int(ctx.from_hand) >= self.count

    def picks(self, ctx: Ctx) -> tuple[int, int]:
        return self.count, self.count

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        hand = list(ctx.hero.hand)
        for card in ctx.picked:
            hand.remove(str(card))
        return tuple(sorted(set(hand)))

    def apply(self, ctx: Ctx) -> None:
        hero = ctx.hero
        hand = list(hero.hand)
        for card in ctx.picked:
            hand.remove(str(card))
        discard = tuple(sorted((*hero.discard, *map(str, ctx.picked))))
        ctx.w.set_hero(ctx.seat, hand=tuple(hand), discard=discard)

    def describe(self) -> str:
        return f"discard {self.count} card{'s' if self.count != 1 else ''}"


@word("take-damage")
@attrs.frozen
class TakeDamage(Cost):
    """Damage the hero takes, which nothing prevents; it may be paid at any damage. Damage that
    reaches the hero's health knocks the hero out at once (to Grimheim, damage 5, 2 town pieces
    removed); the use's effects still follow, and a roll it was paid on is dealt and ends there
    (G39).

    Attributes:
        amount: the damage.
    """

    amount: int

    def payable(self, ctx: Ctx) -> bool:
        return True

    def apply(self, ctx: Ctx) -> None:
        ctx.take_damage(self.amount)

    def describe(self) -> str:
        return f"take {self.amount} damage"


@word("spawn")
@attrs.frozen
class SpawnNext(Cost):
    """Monsters from the supply placed in free areas next to the hero, chosen by the hero (the
    hero must be outside Grimheim, with enough free areas a monster may enter and enough
    monsters in the supply).

    Attributes:
        kind: the monster kind (``brute`` …).
        count: how many.
    """

    kind: str
    count: int = 1

    PICKS = "area"

    def payable(self, ctx: Ctx) -> bool:
        if ctx.in_town or ctx.supply_left(self.kind) < self.count:
            return False
        return len(_free_next_to(ctx)) >= self.count

    def picks(self, ctx: Ctx) -> tuple[int, int]:
        return self.count, self.count

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return tuple(a for a in _free_next_to(ctx) if a not in ctx.picked)

    def apply(self, ctx: Ctx) -> None:
        for area in ctx.picked:
            ctx.place_monster(int(area), self.kind)

    def describe(self) -> str:
        return f"place {self.count} {self.kind}{'s' if self.count != 1 else ''} next to you"


def _free_next_to(ctx: Ctx) -> tuple[int, ...]:
    w = ctx.w
    if ctx.in_town:
        return ()
    return tuple(a for a in w.geo.adjacent[ctx.at] if w.free(a) and w.geo.monster_can_enter[a])


def _change_card(ctx: Ctx, card_id: str, **deltas: int) -> None:
    hero = ctx.hero
    cards = tuple(
        attrs.evolve(c, **{k: getattr(c, k) + d for k, d in deltas.items()})
        if c.id == card_id
        else c
        for c in hero.cards
    )
    ctx.w.set_hero(ctx.seat, cards=cards)
