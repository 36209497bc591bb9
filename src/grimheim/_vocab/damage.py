"""Damaging monsters: damage to one or several, kills, and rolls against monsters.

Damage from a card is not an attack action (G13); monster armor prevents 1 of it each time unless
it is unpreventable or the hero ignores armor, and a monster killed by it earns the hero its gold.
"""

from __future__ import annotations

import attrs

from tabletop_rules import ContentError

from ._context import Ctx
from ._grammar import Condition, Effect, Pick, word
from .amounts import Amount, describe_amount, value
from .targets import MonsterTarget, describe_monsters, monster_targets


def hurt(ctx: Ctx, area: int, amount: int, unpreventable: bool = False) -> int:
    """Deal ``amount`` damage from the hero to the monster in ``area``; the damage to spare if
    it died (0 or more), ``-1`` if it lives. In the ``excess`` moment, what a kill leaves is the
    new damage to spare (so "and so on" chains)."""
    excess = ctx.damage_monster(area, amount, unpreventable)
    attack = ctx.attack
    if attack is not None and attack.phase == "excess":
        if excess > 0:
            ctx.change_attack(excess=excess, killed=area, used=())
        else:
            ctx.change_attack(excess=0, killed=-1)
    return excess


def _unpicked(ctx: Ctx, areas: tuple[int, ...]) -> tuple[Pick, ...]:
    return tuple(a for a in areas if a not in ctx.picked)


def _useful(found: tuple[int, ...], to: MonsterTarget, ctx: Ctx) -> bool | None:
    if to == "bound" and ctx.bound < 0:
        return False  # the target comes from an earlier effect of the use
    return True if found else None


@word("deal-damage")
@attrs.frozen
class DealDamage(Effect):
    """Deal ``amount`` damage to one monster.

    Attributes:
        amount: the damage (a number, ``"x"`` or a count).
        to: which monster (:data:`~grimheim._vocab.targets.MonsterTarget`).
        within: for ``in-range``, this many areas instead of the attack range.
        only: conditions the monster must meet.
        unpreventable: armor does not reduce it.
    """

    amount: Amount
    to: MonsterTarget = "in-range"
    within: int | None = None
    only: tuple[Condition, ...] = ()
    unpreventable: bool = False

    PICKS = "monster"

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return _unpicked(ctx, monster_targets(ctx, self.to, self.within, self.only))

    def useful(self, ctx: Ctx) -> bool | None:
        if value(ctx, self.amount) <= 0:
            return False
        return _useful(monster_targets(ctx, self.to, self.within, self.only), self.to, ctx)

    def picks(self, ctx: Ctx) -> tuple[int, int]:
        return (1, 1) if value(ctx, self.amount) > 0 else (0, 0)

    def apply(self, ctx: Ctx) -> None:
        for area in ctx.picked:
            hurt(ctx, int(area), value(ctx, self.amount), self.unpreventable)
            ctx.bound = int(area)

    def describe(self) -> str:
        kind = " (armor does not stop it)" if self.unpreventable else ""
        target = describe_monsters(self.to, self.within, self.only)
        return f"deal {describe_amount(self.amount, 'damage')}{kind} to {target}"


@word("damage-each")
@attrs.frozen
class DamageEach(Effect):
    """Deal ``amount`` damage to each of ``at_least`` to ``up_to`` different monsters, picked
    one by one (past ``at_least``, the hero may stop). The use is offered only when ``at_least``
    monsters can be picked: "that many different monsters" for X mana is ``"at_least": "x",
    "up_to": "x"`` (Hail of Arrows II).

    Attributes:
        amount: the damage dealt to each.
        up_to: the most monsters (a number, ``"x"`` or a count).
        to: which monsters.
        within: for ``in-range``, this many areas instead of the attack range.
        only: conditions each monster must meet.
        at_least: the fewest monsters (a number, ``"x"`` or a count; default 1).
    """

    amount: int
    up_to: Amount
    to: MonsterTarget = "in-range"
    within: int | None = None
    only: tuple[Condition, ...] = ()
    at_least: Amount = 1

    PICKS = "monster"

    def picks(self, ctx: Ctx) -> tuple[int, int]:
        return value(ctx, self.at_least), value(ctx, self.up_to)

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return _unpicked(ctx, monster_targets(ctx, self.to, self.within, self.only))

    def useful(self, ctx: Ctx) -> bool | None:
        found = monster_targets(ctx, self.to, self.within, self.only)
        verdict = _useful(found, self.to, ctx)
        if verdict and len(found) < value(ctx, self.at_least):
            return None  # too few monsters to pick
        return verdict

    def apply(self, ctx: Ctx) -> None:
        for area in ctx.picked:
            hurt(ctx, int(area), self.amount)

    def describe(self) -> str:
        target = describe_monsters(self.to, self.within, self.only).replace("a monster", "monsters")
        most = describe_amount(self.up_to)
        if self.at_least == self.up_to:
            return f"deal {self.amount} damage to each of {most} different {target}"
        if self.at_least != 1:
            most = f"{describe_amount(self.at_least)} to {most}"
        else:
            most = f"up to {most}"
        return f"deal {self.amount} damage to each of {most} {target}"

    def check(self, when: str, where: str) -> None:
        """Refuse fewer than 1 monster, or more at least than at most."""
        super().check(when, where)
        least, most = self.at_least, self.up_to
        if isinstance(least, int) and least < 1:
            raise ContentError(where, "damage-each picks at least 1 monster")
        if isinstance(least, int) and isinstance(most, int) and least > most:
            raise ContentError(where, "damage-each picks at least more monsters than at most")


@word("kill")
@attrs.frozen
class Kill(Effect):
    """Kill one monster outright (the hero earns its gold).

    Attributes:
        to: which monster.
        within: for ``in-range``, this many areas instead of the attack range.
        only: conditions the monster must meet.
    """

    to: MonsterTarget = "in-range"
    within: int | None = None
    only: tuple[Condition, ...] = ()

    PICKS = "monster"

    def _found(self, ctx: Ctx) -> tuple[int, ...]:
        return monster_targets(ctx, self.to, self.within, self.only, damages=False)

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return _unpicked(ctx, self._found(ctx))

    def useful(self, ctx: Ctx) -> bool | None:
        return _useful(self._found(ctx), self.to, ctx)

    def apply(self, ctx: Ctx) -> None:
        for area in ctx.picked:
            if int(area) in ctx.w.monsters:
                ctx.kill_monster(int(area))

    def describe(self) -> str:
        return f"kill {describe_monsters(self.to, self.within, self.only)}"


@word("roll-against")
@attrs.frozen
class RollAgainst(Effect):
    """Roll ``dice`` attack dice against each of up to ``up_to`` monsters, one roll after the
    other (not an attack action, G13: only cards for any roll apply, G19).

    Attributes:
        dice: attack dice per roll.
        to: which monsters.
        within: for ``in-range``, this many areas instead of the attack range.
        only: conditions each monster must meet.
        up_to: how many monsters (default 1).
    """

    dice: int
    to: MonsterTarget = "in-range"
    within: int | None = None
    only: tuple[Condition, ...] = ()
    up_to: int = 1

    PICKS = "monster"

    def picks(self, ctx: Ctx) -> tuple[int, int]:
        return 1, self.up_to

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return _unpicked(ctx, monster_targets(ctx, self.to, self.within, self.only))

    def useful(self, ctx: Ctx) -> bool | None:
        return _useful(monster_targets(ctx, self.to, self.within, self.only), self.to, ctx)

    def apply(self, ctx: Ctx) -> None:
        for area in reversed(ctx.picked):  # the first picked is rolled first
            ctx.roll_against(int(area), self.dice)

    def describe(self) -> str:
        target = describe_monsters(self.to, self.within, self.only)
        if self.up_to > 1:
            target = f"each of up to {self.up_to} " + target.replace("a monster", "monsters")
        return f"roll {self.dice} attack dice against {target}"
