"""Amounts: a number, ``"x"`` (the number chosen for the use), or a :class:`Count` computed
when the effect applies (per rune rolled, per area of distance, per adjacent monster …)."""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from tabletop_rules import ContentError

from ._context import Ctx
from .conditions import count_adjacent

Per: TypeAlias = Literal[
    "rune", "new-rune", "distance", "adjacent-monster", "excess", "damage", "roll-damage"
]
"""What a :class:`Count` counts:

* ``rune`` — runes in the roll of the moment;
* ``new-rune`` — runes among the last dice rolled (the whole roll, then each die added or
  rerolled: what a card counts "each time you roll a rune");
* ``distance`` — areas between the hero and the roll's target (G11);
* ``adjacent-monster`` — monsters next to the hero;
* ``excess`` — the damage to spare after a kill (the ``excess`` moment);
* ``damage`` — the damage a monster's attack is about to deal (the ``hit`` moment);
* ``roll-damage`` — the damage the roll of the moment would deal as it stands.
"""

_NEEDS: dict[str, frozenset[str]] = {
    "rune": frozenset({"attack-roll", "roll", "excess", "after-attack"}),
    "new-rune": frozenset({"attack-roll", "roll"}),
    "distance": frozenset({"attack-roll", "roll", "excess", "after-attack"}),
    "excess": frozenset({"excess"}),
    "damage": frozenset({"hit"}),
    "roll-damage": frozenset({"attack-roll", "roll"}),
}


@attrs.frozen
class Count:
    """A computed amount: ``times`` for each ``per``, plus ``plus``.

    ``{"per": "rune"}`` is one for each rune rolled; ``{"per": "distance"}`` the areas to the
    target.

    Attributes:
        per: what is counted (:data:`Per`).
        times: how much each counts (default 1).
        plus: a fixed part added (default 0).
    """

    per: Per
    times: int = 1
    plus: int = 0

    def check(self, when: str, where: str) -> None:
        """Refuse a count that has nothing to count at the moment ``when``."""
        needs = _NEEDS.get(self.per)
        if needs is not None and when not in needs:
            raise ContentError(where, f"nothing to count per {self.per} at {when}")


Amount: TypeAlias = int | Literal["x"] | Count
"""A number, ``"x"`` (the number chosen for the use, see ``Use.x``), or a :class:`Count`."""


def value(ctx: Ctx, amount: Amount) -> int:
    """The amount now."""
    if isinstance(amount, int):
        return amount
    if amount == "x":
        return ctx.x
    return amount.times * _counted(ctx, amount.per) + amount.plus


def _counted(ctx: Ctx, per: Per) -> int:
    attack = ctx.attack
    match per:
        case "rune":
            return attack.rolled[2] if attack is not None else 0
        case "new-rune":
            return attack.last[2] if attack is not None else 0
        case "distance":
            if attack is None or ctx.in_town:
                return 0
            return int(ctx.w.geo.distance[ctx.at][attack.target])
        case "adjacent-monster":
            return count_adjacent(ctx, "monster")
        case "excess":
            return attack.excess if attack is not None else 0
        case "damage":
            return max(0, ctx.hit.damage) if ctx.hit is not None else 0
    return ctx.roll_damage()


def describe_amount(amount: Amount, unit: str = "") -> str:
    """``3``, ``x``, ``1 per rune rolled`` … followed by ``unit`` where it reads well."""
    suffix = f" {unit}" if unit else ""
    if isinstance(amount, int):
        return f"{amount}{suffix}"
    if amount == "x":
        return f"X{suffix}"
    whole = {
        "excess": "the damage to spare",
        "damage": "the damage coming",
        "roll-damage": "the roll's damage",
    }
    plus = f"{amount.plus} + " if amount.plus else ""
    times = "" if amount.times == 1 else f"{amount.times} × "
    if amount.per in whole:
        return f"{plus}{times}{whole[amount.per]}"
    per = {
        "rune": "per rune rolled",
        "new-rune": "per rune you rolled last",
        "distance": "per area to the target",
        "adjacent-monster": "per monster next to you",
    }[amount.per]
    return f"{plus}{amount.times}{suffix} {per}"
