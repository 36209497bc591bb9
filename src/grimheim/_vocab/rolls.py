"""Rolls and attacks: the words that change a hero's roll — more damage, more dice, rerolled
misses, damage diverted to another monster, damage stored for later — and attack range. What a
roll scores is the rules' (:meth:`Ctx.roll_damage <grimheim._vocab.Ctx.roll_damage>`,
:meth:`Ctx.misses <grimheim._vocab.Ctx.misses>`).

These words act on the roll of the moment: ``attack-roll`` uses only after an attack action's
roll ("this attack action"), ``roll`` uses after any of the hero's rolls (G19).
"""

from __future__ import annotations

import attrs

from tabletop_rules import ContentError

from .._limits import BONUS_LIMIT
from ._context import Ctx
from ._grammar import Effect, Pick, word
from .amounts import Amount, describe_amount, value
from .targets import monster_targets

_ROLLS = frozenset({"attack-roll", "roll"})


def _on_a_roll(word_: Effect, when: str, where: str, moments: frozenset[str] = _ROLLS) -> None:
    if when not in moments:
        raise ContentError(where, f"{word_.TAG} changes a roll: not at {when}")


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
            room = ctx.roll_limit() - sum(attack.rolled) - attack.dice
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
        return sum(ctx.misses()) > 0

    def apply(self, ctx: Ctx) -> None:
        attack = ctx.attack
        if attack is None:
            return
        blocked, runes, missed = ctx.misses()
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
