"""Targets: which monsters, heroes, cards or areas an effect may pick (the ``to`` of a word).

Monsters are found by their areas, in area order; a hero in Grimheim reaches no monster outside
it (G11). The Queen of the Dead I is never a candidate for damage from a hero who is not next to
her.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from tabletop_rules import Seat

from ._context import Ctx
from ._grammar import Condition
from .conditions import holds

MonsterTarget: TypeAlias = Literal[
    "in-range",
    "adjacent",
    "any",
    "attacker",
    "bound",
    "target",
    "near-target",
    "behind-killed",
    "clockwise-from-killed",
]
"""Which monsters an effect may pick:

* ``in-range`` — within the hero's attack range (with this turn's bonus), or ``within`` areas
  when the word gives that number;
* ``adjacent`` — next to the hero;
* ``any`` — anywhere on the board;
* ``attacker`` — the monster attacking (``hit``) or that attacked (``attacked``);
* ``bound`` — the monster an earlier effect of the same use picked;
* ``target`` — the monster the roll of the moment is against;
* ``near-target`` — a monster next to the roll's target, other than it;
* ``behind-killed`` — next to the monster just killed and farther from the hero than it was;
* ``clockwise-from-killed`` — the first monster next to the hero clockwise after the one just
  killed (which was next to the hero).
"""

HeroTarget: TypeAlias = Literal["self", "hero-in-reach", "hero-or-equipment-in-reach"]
"""Which hero an effect helps: the card's hero (``self``), that hero or one next to them
(``hero-in-reach``; in Grimheim every hero there), or such a hero or an equipment card of such a
hero (``hero-or-equipment-in-reach``)."""


def _areas(ctx: Ctx, to: MonsterTarget, within: int | None) -> tuple[int, ...]:
    w = ctx.w
    geo = w.geo
    monsters = w.monsters
    match to:
        case "attacker":
            return (ctx.attacker,) if ctx.attacker in monsters else ()
        case "bound":
            return (ctx.bound,) if ctx.bound in monsters else ()
        case "any":
            return tuple(sorted(monsters))
        case "target":
            attack = ctx.attack
            return (attack.target,) if attack is not None and attack.target in monsters else ()
        case "near-target":
            attack = ctx.attack
            if attack is None:
                return ()
            return tuple(a for a in geo.adjacent[attack.target] if a in monsters)
    if ctx.in_town:
        return ()
    at = ctx.at
    if to == "adjacent":
        return tuple(a for a in geo.adjacent[at] if a in monsters)
    if to == "in-range":
        reach = within if within is not None else ctx.attack_range()
        return tuple(a for a in geo.within(at, reach) if a in monsters)
    attack = ctx.attack
    killed = attack.killed if attack is not None else -1
    if killed < 0:
        return ()
    if to == "behind-killed":
        row = geo.distance[at]
        return tuple(a for a in geo.adjacent[killed] if a in monsters and row[a] > row[killed])
    ring = geo.around[at]
    if killed not in ring:
        return ()
    start = ring.index(killed)
    for i in range(1, 6):
        area = ring[(start + i) % 6]
        if area in monsters and area != killed:
            return (area,)
    return ()


def monster_targets(
    ctx: Ctx,
    to: MonsterTarget,
    within: int | None = None,
    only: tuple[Condition, ...] = (),
    *,
    damages: bool = True,
) -> tuple[int, ...]:
    """The monsters (their areas) an effect may pick, in area order. ``damages``: the effect
    deals damage (the Queen of the Dead I takes it only from next to her)."""
    found = []
    w = ctx.w
    subject = ctx.subject
    try:
        for area in _areas(ctx, to, within):
            monster = w.monsters[area]
            queen = damages and monster.kind == "queen" and monster.side == 1
            if queen and (ctx.in_town or area not in w.geo.adjacent[ctx.at]):
                continue  # the Queen of the Dead I takes damage only from next to her
            if only:
                ctx.subject = area
                if not holds(only, ctx):
                    continue
            found.append(area)
    finally:
        ctx.subject = subject
    return tuple(found)


def hero_targets(ctx: Ctx, to: HeroTarget) -> tuple[Seat, ...]:
    """The heroes an effect may help, by seat."""
    if to == "self":
        return (ctx.seat,)
    w = ctx.w
    town = w.geo.town
    here = ctx.at
    return tuple(
        s
        for s, h in enumerate(w.heroes)
        if s == ctx.seat
        or (here == town and h.at == town)
        or (here != town and h.at != town and h.at in w.geo.adjacent[here])
    )


def describe_monsters(to: MonsterTarget, within: int | None, only: tuple[Condition, ...]) -> str:
    """``a monster within your attack range``, ``an adjacent rank 3 monster`` …"""
    place = {
        "in-range": "within your attack range" if within is None else f"within {within} areas",
        "adjacent": "next to you",
        "any": "anywhere",
        "attacker": "that attacks (or attacked) you",
        "bound": "",
        "target": "you rolled against",
        "near-target": "next to your target",
        "behind-killed": "behind the one you killed",
        "clockwise-from-killed": "next clockwise after the one you killed",
    }[to]
    if to == "bound":
        return "it"
    where = f"{place} ({'; '.join(c.describe() for c in only)})" if only else place
    return f"a monster {where}"
