"""When a monster's attack hits the hero: damage prevented (the ``hit`` moment). Hitting back
is ``deal-damage`` to the ``attacker``."""

from __future__ import annotations

import attrs

from tabletop_rules import ContentError

from ._context import Ctx
from ._grammar import Effect, word
from .amounts import Amount, describe_amount, value


@word("prevent")
@attrs.frozen
class Prevent(Effect):
    """Prevent up to ``amount`` of the damage about to be dealt to the hero (not unpreventable
    damage).

    Attributes:
        amount: the most damage prevented (a number or ``"x"``).
    """

    amount: Amount

    def useful(self, ctx: Ctx) -> bool | None:
        hit = ctx.hit
        return hit is not None and hit.damage > 0 and not hit.unpreventable

    def apply(self, ctx: Ctx) -> None:
        hit = ctx.hit
        if hit is not None and not hit.unpreventable:
            ctx.change_hit(damage=max(0, hit.damage - value(ctx, self.amount)))

    def describe(self) -> str:
        return f"prevent {describe_amount(self.amount)} damage"

    def check(self, when: str, where: str) -> None:
        if when != "hit":
            raise ContentError(where, f"prevent acts on a monster's hit: not at {when}")
        super().check(when, where)
