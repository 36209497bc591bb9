"""Helping heroes: healing and repairing, gold, mana, cards, town pieces, granted actions and
finished quests."""

from __future__ import annotations

from typing import Literal

import attrs

from tabletop_rules import ContentError

from .._limits import TOWN_LIMIT
from ._context import Ctx
from ._grammar import Effect, Pick, Picks, word
from .amounts import Amount, describe_amount, value
from .targets import HeroTarget, hero_targets

ActionKind = Literal["move", "attack", "prepare", "focus", "mend", "practice"]


def damaged_equipment(ctx: Ctx, seat: int) -> tuple[str, ...]:
    """The equipment cards in play of hero ``seat`` that carry damage."""
    cards = ctx.w.config.cards
    return tuple(
        c.id for c in ctx.w.heroes[seat].cards if c.damage > 0 and cards[c.id].kind == "equipment"
    )


def mana_cards(ctx: Ctx) -> tuple[str, ...]:
    """The hero's cards in play that hold mana (they make it, or a use of theirs costs it)."""
    return tuple(c.id for c in ctx.hero.cards if ctx.holds_mana(c))


def hand_limit(ctx: Ctx) -> int:
    """How many cards the hero may hold: 4, plus the ``hand_limit`` of their cards."""
    return ctx.hand_size()


@word("heal")
@attrs.frozen
class Heal(Effect):
    """Remove ``amount`` damage from a hero (or, with ``hero-or-equipment-in-reach``, from a hero
    or an equipment card of such a hero); the hero picks among those with damage.

    Attributes:
        amount: the damage removed.
        to: ``self``, ``hero-in-reach`` or ``hero-or-equipment-in-reach``.
    """

    amount: int
    to: HeroTarget = "self"

    def pick_kind(self) -> Picks:
        return "hero-or-card" if self.to == "hero-or-equipment-in-reach" else "hero"

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        seats = hero_targets(ctx, self.to)
        found: list[Pick] = [s for s in seats if ctx.w.heroes[s].damage > 0]
        if self.to == "hero-or-equipment-in-reach":
            found += [c for s in seats for c in damaged_equipment(ctx, s)]
        return tuple(found)

    def useful(self, ctx: Ctx) -> bool | None:
        return bool(self.candidates(ctx))

    def apply(self, ctx: Ctx) -> None:
        w = ctx.w
        for pick in ctx.picked:
            if isinstance(pick, int):
                ctx.heal(pick, self.amount)
                continue
            seat = next(s for s, h in enumerate(w.heroes) if any(c.id == pick for c in h.cards))
            ctx.repair(seat, (pick,), self.amount)

    def describe(self) -> str:
        whom = {
            "self": "from yourself",
            "hero-in-reach": "from yourself or a hero next to you",
            "hero-or-equipment-in-reach": (
                "from yourself, a hero next to you, or an equipment card of one of you"
            ),
        }[self.to]
        return f"remove {self.amount} damage {whom}"


@word("repair")
@attrs.frozen
class Repair(Effect):
    """Remove damage markers from the hero's equipment in play.

    Attributes:
        amount: markers removed from each card, or ``"all"``.
        to: ``each-equipment`` (every equipment card), ``one-equipment`` (one, picked) or
            ``this-card``.
    """

    amount: int | Literal["all"]
    to: Literal["each-equipment", "one-equipment", "this-card"]

    def pick_kind(self) -> Picks:
        return "card" if self.to == "one-equipment" else "none"

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return damaged_equipment(ctx, ctx.seat) if self.to == "one-equipment" else ()

    def useful(self, ctx: Ctx) -> bool | None:
        damaged = damaged_equipment(ctx, ctx.seat)
        return ctx.card in damaged if self.to == "this-card" else bool(damaged)

    def apply(self, ctx: Ctx) -> None:
        match self.to:
            case "each-equipment":
                cards: tuple[Pick, ...] = damaged_equipment(ctx, ctx.seat)
            case "this-card":
                cards = (ctx.card,)
            case _:
                cards = ctx.picked
        ctx.repair(ctx.seat, cards, self.amount)

    def describe(self) -> str:
        amount = "all damage" if self.amount == "all" else f"{self.amount} damage"
        where = {
            "each-equipment": "each of your equipment cards",
            "one-equipment": "one of your equipment cards",
            "this-card": "this card",
        }[self.to]
        return f"remove {amount} from {where}"


@word("gain-gold")
@attrs.frozen
class GainGold(Effect):
    """Gain gold (experience).

    Attributes:
        amount: the gold (a number, ``"x"`` or a count).
    """

    amount: Amount

    def useful(self, ctx: Ctx) -> bool | None:
        return value(ctx, self.amount) > 0

    def apply(self, ctx: Ctx) -> None:
        amount = value(ctx, self.amount)
        if amount > 0:
            ctx.gain_gold(amount)

    def describe(self) -> str:
        return f"gain {describe_amount(self.amount, 'gold')}"


@word("gain-mana")
@attrs.frozen
class GainMana(Effect):
    """Add mana to a card of the hero's that holds mana (no maximum, G21): one the hero picks,
    or this card.

    Attributes:
        amount: the mana (a number, ``"x"`` or a count).
        to: ``any-card`` (default) or ``this-card``.
    """

    amount: Amount
    to: Literal["any-card", "this-card"] = "any-card"

    def pick_kind(self) -> Picks:
        return "card" if self.to == "any-card" else "none"

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return mana_cards(ctx) if self.to == "any-card" else ()

    def useful(self, ctx: Ctx) -> bool | None:
        if value(ctx, self.amount) <= 0:
            return False
        return self.to == "this-card" or bool(mana_cards(ctx))

    def apply(self, ctx: Ctx) -> None:
        targets = ctx.picked if self.to == "any-card" else (ctx.card,)
        for card in targets:
            ctx.w.add_mana(ctx.seat, str(card), value(ctx, self.amount))

    def describe(self) -> str:
        where = "one of your cards" if self.to == "any-card" else "this card"
        return f"add {describe_amount(self.amount, 'mana')} to {where}"


@word("draw")
@attrs.frozen
class Draw(Effect):
    """Draw event cards, never beyond the hand limit.

    Attributes:
        count: the cards drawn.
    """

    count: int

    def useful(self, ctx: Ctx) -> bool | None:
        hero = ctx.hero
        room = len(hero.hand) - ctx.from_hand < hand_limit(ctx)
        return room and bool(hero.events or hero.discard)

    def apply(self, ctx: Ctx) -> None:
        ctx.draw(self.count)

    def describe(self) -> str:
        return f"draw {self.count} card{'s' if self.count != 1 else ''}"


@word("draw-to")
@attrs.frozen
class DrawTo(Effect):
    """Draw event cards until the hand holds ``hand`` cards (never beyond the hand limit).

    Attributes:
        hand: the hand size to draw up to.
    """

    hand: int

    def useful(self, ctx: Ctx) -> bool | None:
        hero = ctx.hero
        held = len(hero.hand) - ctx.from_hand
        return held < min(self.hand, hand_limit(ctx)) and bool(hero.events or hero.discard)

    def apply(self, ctx: Ctx) -> None:
        missing = min(self.hand, hand_limit(ctx)) - len(ctx.hero.hand)
        if missing > 0:
            ctx.draw(missing)

    def describe(self) -> str:
        return f"draw until you hold {self.hand} cards"


@word("add-town-piece")
@attrs.frozen
class AddTownPiece(Effect):
    """Add town pieces to Grimheim, beyond the set-up count too, up to the 10 pieces the game
    holds: 9 houses and Freya's Well (G27).

    Attributes:
        count: the pieces added.
    """

    count: int = 1

    def useful(self, ctx: Ctx) -> bool | None:
        return ctx.w.town < TOWN_LIMIT

    def apply(self, ctx: Ctx) -> None:
        ctx.add_town_pieces(self.count)

    def describe(self) -> str:
        return f"add {self.count} town piece{'s' if self.count != 1 else ''}"


@word("perform-action")
@attrs.frozen
class PerformAction(Effect):
    """Perform an additional action of this kind, without an action marker (G13); offered only
    when the action could be performed (a monster to attack, damage to mend …).

    Attributes:
        action: ``move``, ``attack``, ``prepare``, ``focus``, ``mend`` or ``practice``.
    """

    action: ActionKind

    def useful(self, ctx: Ctx) -> bool | None:
        return True if ctx.can_perform(self.action) else None

    def apply(self, ctx: Ctx) -> None:
        ctx.grant(self.action)

    def describe(self) -> str:
        return f"make an extra {self.action} action"


@word("complete-quest")
@attrs.frozen
class FinishQuest(Effect):
    """Complete the quest of the equipment card on top of the hero's deck, whatever it asks:
    the card comes into play. ``{"type": "complete-quest"}``"""

    def useful(self, ctx: Ctx) -> bool | None:
        return bool(ctx.hero.equipment)

    def apply(self, ctx: Ctx) -> None:
        if ctx.hero.equipment:
            ctx.complete_quest()

    def describe(self) -> str:
        return "complete your quest"

    def check(self, when: str, where: str) -> None:
        if when != "free":
            raise ContentError(where, "a quest is completed on the hero's own turn")
