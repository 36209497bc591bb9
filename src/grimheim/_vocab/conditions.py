"""Conditions: one typed set shared by uses (``only_if``), target filters (``only``) and quests.

A condition about *the hero* looks at the hero's area. A condition about *the target* looks at the
monster of the moment (:attr:`~grimheim._vocab.Ctx.subject`): the candidate of an effect's
``only`` filter, the monster a roll is against, the monster attacking, or the monster just killed.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from tabletop_rules import ContentError

from ._context import Ctx
from ._grammar import Condition, word

Of: TypeAlias = Literal["hero", "target"]
"""Whose area a place condition looks at: the hero's or the target monster's."""

TerrainName: TypeAlias = Literal["plains", "forest", "mountain", "lake"]

_TARGETED = frozenset({"attack-roll", "roll", "excess", "after-attack", "hit", "attacked", "kill"})
"""The moments with a monster of their own: a roll's target, an attacker, a monster killed."""


def holds(conditions: tuple[Condition, ...], ctx: Ctx) -> bool:
    """Whether every condition holds."""
    return all(c.holds(ctx) for c in conditions)


def _place(ctx: Ctx, of: Of) -> int:
    """The area a place condition looks at (``-1``: none)."""
    return ctx.at if of == "hero" else ctx.subject


def _check_bounds(least: int, most: int | None, where: str) -> None:
    """Refuse bounds that never hold: ``max`` below ``min``."""
    if most is not None and most < least:
        raise ContentError(where, f"max {most} is below min {least}: it never holds")


class _AboutMonster(Condition):
    """A condition about the monster of the moment, which only some moments have."""

    __slots__ = ()

    def about_monster(self) -> bool:
        return True

    def check(self, when: str, where: str) -> None:
        if self.about_monster() and when not in _TARGETED:
            raise ContentError(where, f"{self.TAG} about a target has no target at {when}")


class _Place(_AboutMonster):
    """A condition about the hero's area, or (``of``: ``target``) the target's."""

    __slots__ = ()

    of: Of

    def about_monster(self) -> bool:
        return self.of == "target"


@word("in-grimheim")
@attrs.frozen
class InGrimheim(Condition):
    """The hero is in Grimheim. ``{"type": "in-grimheim"}``"""

    def holds(self, ctx: Ctx) -> bool:
        return ctx.in_town

    def describe(self) -> str:
        return "you are in Grimheim"


@word("outside-grimheim")
@attrs.frozen
class OutsideGrimheim(Condition):
    """The hero is not in Grimheim. ``{"type": "outside-grimheim"}``"""

    def holds(self, ctx: Ctx) -> bool:
        return not ctx.in_town

    def describe(self) -> str:
        return "you are outside Grimheim"


@word("terrain")
@attrs.frozen
class Terrain(_Place):
    """The hero's (or the target's) area is of one of these terrains.

    Attributes:
        is_: the terrains (JSON ``"is"``).
        of: ``hero`` (default) or ``target``.
    """

    is_: tuple[TerrainName, ...] = attrs.field()
    of: Of = "hero"

    def holds(self, ctx: Ctx) -> bool:
        area = _place(ctx, self.of)
        return area >= 0 and ctx.w.geo.terrain[area] in self.is_

    def describe(self) -> str:
        who = "you stand" if self.of == "hero" else "it stands"
        names = {
            "plains": "plains",
            "forest": "a forest",
            "mountain": "a mountain",
            "lake": "a lake",
        }
        return f"{who} in {' or '.join(names[t] for t in self.is_)}"


@word("in-location")
@attrs.frozen
class InLocation(_Place):
    """The hero's (or target's) area belongs to a named location (any, when ``location`` is
    ``None``).

    Attributes:
        location: the location's id (``temple_ruins``), or ``None`` for any location.
        of: ``hero`` (default) or ``target``.
    """

    location: str | None = None
    of: Of = "hero"

    def holds(self, ctx: Ctx) -> bool:
        area = _place(ctx, self.of)
        if area < 0:
            return False
        here = ctx.w.geo.location[area]
        return here is not None and (self.location is None or here == self.location)

    def describe(self) -> str:
        place = "a location" if self.location is None else self.location.replace("_", " ").title()
        who = "you stand" if self.of == "hero" else "it stands"
        return f"{who} in {place}"


@word("on-road")
@attrs.frozen
class OnRoad(_Place):
    """The hero's (or target's) area has a road.

    Attributes:
        of: ``hero`` (default) or ``target``.
    """

    of: Of = "hero"

    def holds(self, ctx: Ctx) -> bool:
        area = _place(ctx, self.of)
        return area >= 0 and ctx.w.geo.road[area]

    def describe(self) -> str:
        return "you stand on a road" if self.of == "hero" else "it stands on a road"


AdjacentWhat: TypeAlias = Literal["monster", "legend", "hero", "mountain"]


@word("adjacent")
@attrs.frozen
class Adjacent(Condition):
    """How many monsters, legends, other heroes or mountain areas are next to the hero, between
    ``min`` and ``max``. A mountain counts when it is the hero's own area or one around it (a
    character is next to the terrain of its own area); a hero in Grimheim is next to nothing
    outside it.

    Attributes:
        what: ``monster``, ``legend``, ``hero`` or ``mountain``.
        min: the least count (default 1).
        max: the most count (``None``: no most).
    """

    what: AdjacentWhat
    min: int = 1
    max: int | None = None

    def holds(self, ctx: Ctx) -> bool:
        n = count_adjacent(ctx, self.what)
        return n >= self.min and (self.max is None or n <= self.max)

    def describe(self) -> str:
        one = {"monster": "monster", "legend": "legend", "hero": "hero"}.get(
            self.what, "mountain area"
        )
        many = "heroes" if self.what == "hero" else one + "s"
        if self.max == 0:
            return f"no {one} is next to you"
        if self.max is None:
            if self.min <= 1:
                return f"a {one} is next to you"
            return f"at least {self.min} {many} are next to you"
        return f"{self.min} to {self.max} {many} are next to you"

    def check(self, when: str, where: str) -> None:
        _check_bounds(self.min, self.max, where)
        if self.max is None and self.min <= 0:
            raise ContentError(where, "no max and min 0: it always holds")


def count_adjacent(ctx: Ctx, what: AdjacentWhat) -> int:
    """The monsters, legends, other heroes or mountain areas next to the hero."""
    w = ctx.w
    geo = w.geo
    at = ctx.at
    if at == geo.town:
        if what == "hero":
            return sum(1 for s, h in enumerate(w.heroes) if s != ctx.seat and h.at == at)
        return 0
    near = geo.adjacent[at]
    if what == "mountain":
        return sum(1 for a in (at, *near) if geo.terrain[a] == "mountain")
    if what == "hero":
        return sum(1 for a in near if w.hero_in(a) is not None)
    monsters = [w.monsters[a] for a in near if a in w.monsters]
    if what == "monster":
        return len(monsters)
    return sum(1 for m in monsters if ctx.kind_of(m).legend)


@word("distance")
@attrs.frozen
class Distance(_AboutMonster):
    """The target is ``min`` to ``max`` steps from the hero (counted around Grimheim, G11).

    Attributes:
        min: the least distance (default 0).
        max: the most (``None``: any).
    """

    min: int = 0
    max: int | None = None

    def holds(self, ctx: Ctx) -> bool:
        if ctx.subject < 0 or ctx.in_town:
            return False
        d = ctx.w.geo.distance[ctx.at][ctx.subject]
        return d >= self.min and (self.max is None or d <= self.max)

    def describe(self) -> str:
        if self.max == 1 and self.min <= 1:
            return "it is next to you"
        if self.max is None:
            return f"it is {self.min} or more areas away"
        return f"it is {self.min} to {self.max} areas away"

    def check(self, when: str, where: str) -> None:
        super().check(when, where)
        _check_bounds(self.min, self.max, where)


def _target_kind(ctx: Ctx) -> tuple[str, int, bool] | None:
    """``(faction, rank, legend)`` of the target, if there is one."""
    monster = ctx.monster(ctx.subject) if ctx.subject >= 0 else None
    if monster is None:
        return None
    kind = ctx.kind_of(monster)
    return kind.faction, kind.rank, kind.legend


@word("rank")
@attrs.frozen
class Rank(_AboutMonster):
    """The target's rank is one of ``ranks`` (legends have no rank).

    Attributes:
        ranks: the ranks, 1 to 3.
    """

    ranks: tuple[int, ...]

    def holds(self, ctx: Ctx) -> bool:
        found = _target_kind(ctx)
        return found is not None and not found[2] and found[1] in self.ranks

    def describe(self) -> str:
        return "it is rank " + " or ".join(map(str, self.ranks))


@word("legend")
@attrs.frozen
class LegendMonster(_AboutMonster):
    """The target is a legend (or, with ``is`` false, is not).

    Attributes:
        is_: ``True`` (default): a legend; ``False``: any other monster (JSON ``"is"``).
    """

    is_: bool = True

    def holds(self, ctx: Ctx) -> bool:
        found = _target_kind(ctx)
        return found is not None and found[2] == self.is_

    def describe(self) -> str:
        return "it is a legend" if self.is_ else "it is not a legend"


@word("faction")
@attrs.frozen
class Faction(_AboutMonster):
    """The target belongs to one of ``factions``.

    Attributes:
        factions: ``trollkin``, ``fire_horde``, ``dead``.
    """

    factions: tuple[str, ...]

    def holds(self, ctx: Ctx) -> bool:
        found = _target_kind(ctx)
        return found is not None and found[0] in self.factions

    def describe(self) -> str:
        return "it is " + " or ".join(f.replace("_", " ") for f in self.factions)


@word("kind")
@attrs.frozen
class Kind(_AboutMonster):
    """The target is a monster of one of ``kinds`` (``brute`` …; legends by their id).

    Attributes:
        kinds: monster kind ids.
    """

    kinds: tuple[str, ...]

    def holds(self, ctx: Ctx) -> bool:
        monster = ctx.monster(ctx.subject) if ctx.subject >= 0 else None
        return monster is not None and monster.kind in self.kinds

    def describe(self) -> str:
        return "it is a " + " or a ".join(self.kinds)


@word("health-left")
@attrs.frozen
class HealthLeft(_AboutMonster):
    """The target has at most ``max`` health left.

    Attributes:
        max: the most health left.
    """

    max: int

    def holds(self, ctx: Ctx) -> bool:
        monster = ctx.monster(ctx.subject) if ctx.subject >= 0 else None
        return monster is not None and ctx.w.health_left(monster) <= self.max

    def describe(self) -> str:
        return f"it has {self.max} health or less left"


@word("undamaged")
@attrs.frozen
class Undamaged(_AboutMonster):
    """The target has no damage. ``{"type": "undamaged"}``"""

    def holds(self, ctx: Ctx) -> bool:
        monster = ctx.monster(ctx.subject) if ctx.subject >= 0 else None
        return monster is not None and monster.damage == 0

    def describe(self) -> str:
        return "it is undamaged"


@word("closer-to-grimheim")
@attrs.frozen
class CloserToGrimheim(_AboutMonster):
    """The target is fewer steps from Grimheim along its path than the hero's area is.
    ``{"type": "closer-to-grimheim"}``"""

    def holds(self, ctx: Ctx) -> bool:
        if ctx.subject < 0:
            return False
        lengths = ctx.w.geo.path_length
        return lengths[ctx.subject] < lengths[ctx.at]

    def describe(self) -> str:
        return "it is closer to Grimheim than you"


@word("runes")
@attrs.frozen
class Runes(Condition):
    """The roll of the moment shows at least ``min`` runes.

    Attributes:
        min: the least runes (default 1).
    """

    min: int = 1

    def holds(self, ctx: Ctx) -> bool:
        return ctx.attack is not None and ctx.attack.rolled[2] >= self.min

    def describe(self) -> str:
        return "you rolled a rune" if self.min == 1 else f"you rolled {self.min} runes or more"

    def check(self, when: str, where: str) -> None:
        if when not in ("attack-roll", "roll", "after-attack", "excess"):
            raise ContentError(where, f"runes are counted on a roll, not at {when}")


@word("granted-by")
@attrs.frozen
class GrantedBy(Condition):
    """The attack action of the moment was granted by the card ``card`` (G13).

    Attributes:
        card: the granting card's id.
    """

    card: str

    def holds(self, ctx: Ctx) -> bool:
        return ctx.attack is not None and ctx.attack.granted_by == self.card

    def describe(self) -> str:
        return f"the attack action comes from {self.card}"

    def check(self, when: str, where: str) -> None:
        if when not in ("attack-roll", "excess", "after-attack"):
            raise ContentError(where, f"no attack action at {when}")


@word("any-of")
@attrs.frozen
class AnyOf(Condition):
    """At least one of ``conditions`` holds.

    Attributes:
        conditions: the alternatives.
    """

    conditions: tuple[Condition, ...]

    def holds(self, ctx: Ctx) -> bool:
        return any(c.holds(ctx) for c in self.conditions)

    def describe(self) -> str:
        return " or ".join(c.describe() for c in self.conditions)

    def about_monster(self) -> bool:
        return any(c.about_monster() for c in self.conditions)

    def check(self, when: str, where: str) -> None:
        for i, c in enumerate(self.conditions):
            c.check(when, f"{where}.conditions[{i}]")
