"""Rolls and attacks: what a hero's roll scores, and the words that change it — more damage,
more dice, rerolled misses, damage diverted to another monster, damage stored for later — and
attack range.

These words act on the roll of the moment: ``attack-roll`` uses only after an attack action's
roll ("this attack action"), ``roll`` uses after any of the hero's rolls (G19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import ContentError

from .._limits import BONUS_LIMIT
from ._context import Ctx
from ._grammar import Effect, Pick, word
from .amounts import Amount, describe_amount, value

if TYPE_CHECKING:
    from .._state import HeroAttack
    from .._work import Work

__all__ = [
    "AddDamage",
    "AddDice",
    "AddRange",
    "Divert",
    "Rerolls",
    "Store",
    "covered",
    "misses",
    "new_rune_dice",
    "roll_damage",
    "runes_hit",
]

_ROLLS = frozenset({"attack-roll", "roll"})


def _on_a_roll(word_: Effect, when: str, where: str, moments: frozenset[str] = _ROLLS) -> None:
    if when not in moments:
        raise ContentError(where, f"{word_.TAG} changes a roll: not at {when}")


def covered(w: Work, attack: HeroAttack) -> bool:
    """Whether the roll's target has cover (it stands in a forest)."""
    return bool(w.geo.terrain[attack.target] == "forest")


def runes_hit(w: Work, attack: HeroAttack) -> bool:
    """Whether the runes of this hero's rolls count as hits (the ``runes-hit`` trait)."""
    from .._query import hero_traits

    return "runes-hit" in hero_traits(w.config, w.heroes[attack.hero])


def roll_damage(w: Work, attack: HeroAttack) -> int:
    """The damage the roll deals as it stands: hits, hits unless cover (when the target has
    none), runes for a ``runes-hit`` hero, and the damage added."""
    hits, covers, runes, _ = attack.rolled
    total = hits + (0 if covered(w, attack) else covers) + attack.bonus
    return total + (runes if runes_hit(w, attack) else 0)


def misses(w: Work, attack: HeroAttack) -> tuple[int, int, int]:
    """The dice that missed, by face: ``(hits unless cover blocked by cover, runes that are no
    hits, misses)``. A rune is a miss unless an effect makes it hit."""
    _, covers, runes, missed = attack.rolled
    return (
        covers if covered(w, attack) else 0,
        0 if runes_hit(w, attack) else runes,
        missed,
    )


def new_rune_dice(w: Work, attack: HeroAttack) -> int:
    """Dice a ``rune-adds-die`` hero adds for the runes rolled since the last count (G43), never
    beyond :func:`~grimheim.roll_limit` dice in the whole roll (G48)."""
    from .._query import hero_traits, roll_limit

    if "rune-adds-die" not in hero_traits(w.config, w.heroes[attack.hero]):
        return 0
    room = roll_limit(w.config) - sum(attack.rolled)
    return max(0, min(attack.rolled[2] - attack.runes_seen, room))


@word("add-damage")
@attrs.frozen
class AddDamage(Effect):
    """Add damage to the roll of the moment.

    Attributes:
        amount: the damage (a number, ``"x"`` or a count such as ``{"per": "rune"}``).
    """

    amount: Amount

    def useful(self, ctx: Ctx) -> bool | None:
        if ctx.attack is None or ctx.attack.dice:
            return None
        return value(ctx, self.amount) > 0

    def apply(self, ctx: Ctx) -> None:
        if ctx.attack is not None:
            ctx.change_attack(bonus=ctx.attack.bonus + value(ctx, self.amount))

    def describe(self) -> str:
        return f"add {describe_amount(self.amount, 'damage')}"

    def check(self, when: str, where: str) -> None:
        _on_a_roll(self, when, where)
        super().check(when, where)


@word("add-dice")
@attrs.frozen
class AddDice(Effect):
    """Roll more dice for the roll of the moment.

    Attributes:
        count: the dice added.
    """

    count: int

    def useful(self, ctx: Ctx) -> bool | None:
        return None if ctx.attack is None or ctx.attack.dice else self.count > 0

    def apply(self, ctx: Ctx) -> None:
        attack = ctx.attack
        if attack is not None:
            from .._query import roll_limit

            room = roll_limit(ctx.w.config) - sum(attack.rolled) - attack.dice
            ctx.change_attack(dice=attack.dice + max(0, min(self.count, room)))

    def describe(self) -> str:
        return f"roll {self.count} more dice"

    def check(self, when: str, where: str) -> None:
        _on_a_roll(self, when, where)


@word("rerolls")
@attrs.frozen
class Rerolls(Effect):
    """Roll again every die of the roll that missed: misses, runes (unless they hit for this
    hero) and hits that the target's cover blocks. ``{"type": "rerolls"}``"""

    def useful(self, ctx: Ctx) -> bool | None:
        if ctx.attack is None or ctx.attack.dice:
            return None
        return sum(misses(ctx.w, ctx.attack)) > 0

    def apply(self, ctx: Ctx) -> None:
        attack = ctx.attack
        if attack is None:
            return
        blocked, runes, missed = misses(ctx.w, attack)
        ctx.replace_attack(attack.pick_up((0, blocked, runes, missed)))

    def describe(self) -> str:
        return "roll every missed die again"

    def check(self, when: str, where: str) -> None:
        _on_a_roll(self, when, where)


@word("add-range")
@attrs.frozen
class AddRange(Effect):
    """Attack range ``+amount`` until the end of the turn.

    Attributes:
        amount: the range added.
    """

    amount: int

    def useful(self, ctx: Ctx) -> bool | None:
        turn = ctx.w.turn
        return turn is not None and turn.hero == ctx.seat

    def apply(self, ctx: Ctx) -> None:
        turn = ctx.w.turn
        if turn is not None and turn.hero == ctx.seat:
            ctx.w.turn = attrs.evolve(
                turn, range_bonus=min(BONUS_LIMIT, turn.range_bonus + self.amount)
            )

    def describe(self) -> str:
        return f"+{self.amount} attack range this turn"


@word("divert")
@attrs.frozen
class Divert(Effect):
    """Deal ``amount`` of the attack action's damage to another monster next to the hero instead
    of its target (the rest goes to the target); the hero picks the monster.

    Attributes:
        amount: the damage diverted (usually ``"x"``, chosen up to the roll's damage).
    """

    amount: Amount = "x"

    PICKS = "monster"

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        from .targets import monster_targets

        attack = ctx.attack
        if attack is None:
            return ()
        found = monster_targets(ctx, "adjacent")
        return tuple(a for a in found if a != attack.target and a not in ctx.picked)

    def useful(self, ctx: Ctx) -> bool | None:
        attack = ctx.attack
        if attack is None or attack.dice or attack.split[0] >= 0:
            return None
        return True if self.candidates(ctx) and value(ctx, self.amount) > 0 else None

    def apply(self, ctx: Ctx) -> None:
        if ctx.attack is not None and ctx.picked:
            ctx.change_attack(split=(int(ctx.picked[0]), value(ctx, self.amount)))

    def describe(self) -> str:
        return f"deal {describe_amount(self.amount)} of the damage to another monster next to you"

    def check(self, when: str, where: str) -> None:
        _on_a_roll(self, when, where, frozenset({"attack-roll"}))
        super().check(when, where)


@word("store")
@attrs.frozen
class Store(Effect):
    """Keep the damage to spare as markers on this card (at most ``most`` in all).

    Attributes:
        amount: the markers added (usually ``{"per": "excess"}``).
        most: the most markers the card holds.
    """

    amount: Amount
    most: int

    def useful(self, ctx: Ctx) -> bool | None:
        card = next((c for c in ctx.hero.cards if c.id == ctx.card), None)
        return card is not None and card.counters < self.most and value(ctx, self.amount) > 0

    def apply(self, ctx: Ctx) -> None:
        w = ctx.w
        add = value(ctx, self.amount)
        cards = tuple(
            attrs.evolve(c, counters=min(self.most, c.counters + add)) if c.id == ctx.card else c
            for c in ctx.hero.cards
        )
        w.set_hero(ctx.seat, cards=cards)
        if ctx.attack is not None and ctx.attack.phase == "excess":
            ctx.change_attack(excess=0, killed=-1)

    def describe(self) -> str:
        return f"store {describe_amount(self.amount)} on this card (at most {self.most})"

    def check(self, when: str, where: str) -> None:
        if when != "excess":
            raise ContentError(where, f"store keeps the damage to spare: not at {when}")
        super().check(when, where)
