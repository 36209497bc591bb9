"""Monsters moved and marked: a monster moved by a hero, a hero and a monster switching places,
a monster pinned for the monster turn, a bounty on a monster.

A pinned monster is moved by nothing during the monster turn — its own steps, a charge, a
legend's swap, the monster die, a card (G34); on a hero's own turn a card moves it (G31).
"""

from __future__ import annotations

import attrs

from tabletop_rules import ContentError

from ._context import Ctx
from ._grammar import Condition, Effect, Pick, word
from .targets import MonsterTarget, describe_monsters, monster_targets

MOVED_AREAS_MOST = 4
"""The most areas a card moves a monster (``move-monster``'s ``areas``): every walk is looked at,
so the bound keeps the count of walks small (the cards move a monster 1 or 2 areas)."""


def held(ctx: Ctx, area: int) -> bool:
    """Whether the monster in ``area`` is pinned and it is the monster turn: nothing moves it
    (G34)."""
    monster = ctx.w.monsters.get(area)
    if monster is None or not monster.pinned:
        return False
    return ctx.w.monster_turn() is not None


def monster_destinations(ctx: Ctx, start: int, areas: int) -> tuple[int, ...]:
    """Where a hero's card moving the monster in ``start`` ``areas`` areas may leave it (G31), in
    area order: the ends of its walks of ``areas`` steps, each step into a free area a monster may
    enter, never into Grimheim nor into an area the walk has already been in (its start
    included); a walk that finds no further step ends where it is. Empty when no step is open
    from ``start``: the monster stays."""
    w = ctx.w
    geo = w.geo
    ends: set[int] = set()

    def walk(here: int, been: frozenset[int], left: int) -> None:
        ahead = [
            there
            for there in geo.adjacent[here]
            if there not in been
            and there != geo.town
            and w.free(there)
            and geo.monster_can_enter[there]
        ]
        if not left or not ahead:
            ends.add(here)
            return
        for there in ahead:
            walk(there, been | {there}, left - 1)

    walk(start, frozenset({start}), areas)
    ends.discard(start)
    return tuple(sorted(ends))


@word("move-monster")
@attrs.frozen
class MoveMonster(Effect):
    """Move the monster an earlier effect picked (``bound``) ``areas`` areas, one area at a
    time, each into a free area a monster may enter — never into Grimheim, never back into an
    area it has been in during this move; the hero picks where it ends (G31). The move is not a
    choice: the hero may not leave the monster where it is while a step is open; a monster that
    finds no further step stops there, one with no step at all stays. A monster killed by the
    earlier effect is not moved, nor, during the monster turn, a pinned one (G34).

    Attributes:
        areas: the areas (1 to 4: every walk of the monster is looked at).
    """

    areas: int = 1

    PICKS = "area"

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        if ctx.bound not in ctx.w.monsters or held(ctx, ctx.bound):
            return ()
        return monster_destinations(ctx, ctx.bound, self.areas)

    def useful(self, ctx: Ctx) -> bool | None:
        return False  # it moves what an earlier effect picked

    def apply(self, ctx: Ctx) -> None:
        for area in ctx.picked:
            ctx.move_monster(ctx.bound, int(area), "pushed")
            ctx.bound = int(area)

    def describe(self) -> str:
        return f"move it {self.areas} area{'s' if self.areas != 1 else ''}"

    def check(self, when: str, where: str) -> None:
        """Refuse a move of no area, or of more than ``MOVED_AREAS_MOST`` (4)."""
        super().check(when, where)
        if not 1 <= self.areas <= MOVED_AREAS_MOST:
            raise ContentError(where, f"a card moves a monster 1 to {MOVED_AREAS_MOST} areas")


@word("swap")
@attrs.frozen
class Swap(Effect):
    """The hero and the monster an earlier effect picked switch areas — when it still lives, the
    hero may stand in its area and it may stand in the hero's, and it is not pinned during the
    monster turn (G32, G34). Not a movement: nothing that follows a movement applies.
    ``{"type": "swap"}``"""

    def useful(self, ctx: Ctx) -> bool | None:
        return False  # it acts on what an earlier effect picked

    def apply(self, ctx: Ctx) -> None:
        w = ctx.w
        geo = w.geo
        there = ctx.bound
        here = ctx.at
        monster = w.monsters.get(there)
        if monster is None or here == geo.town or not geo.monster_can_enter[here]:
            return
        if held(ctx, there):
            return
        if not ctx.can_stand(there):
            return
        ctx.switch_places(there)
        ctx.bound = here

    def describe(self) -> str:
        return "switch places with it"


@word("pin")
@attrs.frozen
class Pin(Effect):
    """Pin a monster for the monster turn: nothing moves it then — its own steps and charge, a
    legend's swap, the monster die's maneuver, a card (G34).

    Attributes:
        to: which monster.
        within: for ``in-range``, this many areas instead of the attack range.
        only: conditions the monster must meet.
        again: whether this card may pin the monster it pinned at the last monster turn.
    """

    to: MonsterTarget = "in-range"
    within: int | None = None
    only: tuple[Condition, ...] = ()
    again: bool = True

    PICKS = "monster"

    def _found(self, ctx: Ctx) -> tuple[int, ...]:
        monsters = ctx.w.monsters
        return tuple(
            a
            for a in monster_targets(ctx, self.to, self.within, self.only, damages=False)
            if not monsters[a].pinned and (self.again or monsters[a].pinned_by != ctx.card)
        )

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        return tuple(a for a in self._found(ctx) if a not in ctx.picked)

    def useful(self, ctx: Ctx) -> bool | None:
        return True if self._found(ctx) else None

    def apply(self, ctx: Ctx) -> None:
        w = ctx.w
        for area in ctx.picked:
            monster = w.monsters[int(area)]
            w.monsters[int(area)] = attrs.evolve(monster, pinned=True, pinned_by=ctx.card)
            ctx.bound = int(area)

    def describe(self) -> str:
        again = "" if self.again else " (not the one this card pinned last monster turn)"
        target = describe_monsters(self.to, self.within, self.only)
        return f"{target} does not move this monster turn{again}"


@word("bounty")
@attrs.frozen
class Bounty(Effect):
    """Put ``amount`` gold markers on a monster: killing it earns that much more gold.

    Attributes:
        amount: the gold added.
        to: which monster.
        within: for ``in-range``, this many areas instead of the attack range.
        only: conditions the monster must meet.
    """

    amount: int
    to: MonsterTarget = "any"
    within: int | None = None
    only: tuple[Condition, ...] = ()

    PICKS = "monster"

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        found = monster_targets(ctx, self.to, self.within, self.only, damages=False)
        return tuple(a for a in found if a not in ctx.picked)

    def useful(self, ctx: Ctx) -> bool | None:
        found = monster_targets(ctx, self.to, self.within, self.only, damages=False)
        return True if found else None

    def apply(self, ctx: Ctx) -> None:
        w = ctx.w
        for area in ctx.picked:
            monster = w.monsters[int(area)]
            w.monsters[int(area)] = attrs.evolve(monster, bounty=monster.bounty + self.amount)
            ctx.bound = int(area)

    def describe(self) -> str:
        target = describe_monsters(self.to, self.within, self.only)
        return f"put {self.amount} gold on {target}: killing it earns that much more"
