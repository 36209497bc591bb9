"""Where a hero's movement may go: the areas it may end in, the occupied areas a ``ram`` hero
may step into, where a rammed character may be moved, and the walk that counts most for what
counts the areas entered (G30, G33), with the traits that change them (``move-through``,
``climb``, ``ram``).

A movement is one choice of where it ends (a :class:`~grimheim.MoveTo`): each step costs 1 and
goes into a free area a hero may stand in; nobody passes through an occupied area; entering
Grimheim ends the movement; leaving it, the first step goes to any area next to it but a
mountain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop_rules import Seat

from ._query import hero_traits
from ._query import move_points as printed
from ._vocab import Condition, Ctx
from ._vocab.conditions import holds

if TYPE_CHECKING:
    from ._work import Work


def _traits(w: Work, seat: Seat) -> frozenset[str]:
    return hero_traits(w.config, w.heroes[seat])


def can_stand(w: Work, seat: Seat, area: int) -> bool:
    """Whether hero ``seat`` may stand in ``area``: plains or forest (no mountain but the Troll
    Caves', no lake but Naglfar's), any mountain for a ``climb`` hero; Grimheim always."""
    geo = w.geo
    if geo.hero_can_enter[area]:
        return True
    return bool(geo.terrain[area] == "mountain" and "climb" in _traits(w, seat))


def _steps(w: Work, seat: Seat, here: int, climb: bool) -> tuple[int, ...]:
    geo = w.geo
    if not climb:
        steps: tuple[int, ...] = geo.hero_steps[here]
        return steps
    if here == geo.town:
        return tuple(a for a in geo.ring if can_stand(w, seat, a))
    return tuple(a for a in geo.around[here] if a == geo.town or (a >= 0 and can_stand(w, seat, a)))


def move_points(w: Work, seat: Seat) -> int:
    """The areas of hero ``seat``'s move action this turn: 3, their cards' ``move``, and this
    turn's ``add-move``."""
    turn = w.turn
    bonus = turn.move_bonus if turn is not None and turn.hero == seat else 0
    return int(printed(w.config, w.heroes[seat])) + bonus


def stays(w: Work, seat: Seat) -> bool:
    """Whether hero ``seat`` may not move any more this turn (``stay``)."""
    turn = w.turn
    return bool(turn is not None and turn.hero == seat and turn.stay)


def _search(w: Work, seat: Seat, points: int) -> tuple[set[int], dict[int, int]]:
    """``(ends, rams)``: the free areas a movement of ``points`` may end in, and the occupied
    areas a ``ram`` hero may step into, each with the step count it takes."""
    geo = w.geo
    town = geo.town
    traits = _traits(w, seat)
    through = "move-through" in traits
    climb = "climb" in traits
    start = w.heroes[seat].at
    taken = w.taken()
    seen = {start}
    ends: set[int] = set()
    rams: dict[int, int] = {}
    frontier = [start]
    for step in range(1, points + 1):
        reached = []
        for here in frontier:
            if here == town and here != start:
                continue  # entering Grimheim ends the movement
            for there in _steps(w, seat, here, climb):
                if there in seen:
                    continue
                if there in taken:
                    if through:
                        seen.add(there)
                        reached.append(there)
                    free_here = here == start or here not in taken
                    if "ram" in traits and there not in rams and free_here:
                        rams[there] = step
                    continue
                seen.add(there)
                reached.append(there)
                ends.add(there)
        frontier = reached
    return ends, rams


def reachable(
    w: Work, seat: Seat, points: int, into: tuple[Condition, ...] = ()
) -> tuple[int, ...]:
    """The areas a movement of up to ``points`` areas of hero ``seat`` may end in, in area
    order: free areas (and, for a ``ram`` hero, occupied ones whose character can be moved
    aside), meeting the ``into`` conditions. None while the hero must ``stay``."""
    if points <= 0 or stays(w, seat):
        return ()
    ends, rams = _search(w, seat, points)
    found = set(ends)
    found.update(area for area in rams if shove_areas(w, seat, area))
    if into:
        ctx = Ctx(w, seat)
        found = {a for a in found if holds(into, ctx.standing(a))}
    return tuple(sorted(found))


def rams(w: Work, seat: Seat, points: int) -> dict[int, int]:
    """The occupied areas a ``ram`` hero may step into, with the steps it takes."""
    return _search(w, seat, points)[1]


def shove_areas(w: Work, seat: Seat, area: int) -> tuple[int, ...]:
    """Where the character in ``area``, rammed by hero ``seat``, may be moved: a free area next to
    it that it may stand in (a monster never into Grimheim, a hero into it too)."""
    geo = w.geo
    monsters = w.monsters
    other = w.hero_in(area)
    found = []
    for there in geo.around[area]:
        if there < 0:
            continue
        if area in monsters:
            ok = there != geo.town and geo.monster_can_enter[there] and w.free(there)
        elif other is not None:
            ok = there == geo.town or (w.free(there) and can_stand(w, other, there))
        else:
            ok = False
        if ok:
            found.append(there)
    return tuple(sorted(found))


def best_walk(
    w: Work, seat: Seat, end: int, points: int, worth: Callable[[int], int] | None
) -> tuple[int, ...]:
    """The areas entered by a movement of hero ``seat`` that ends in ``end``, at most ``points``
    steps: the walk that enters the most areas ``worth`` counts (G30), or just ``(end,)`` when
    nothing counts."""
    if worth is None or points <= 1:
        return (end,)
    geo = w.geo
    town = geo.town
    traits = _traits(w, seat)
    climb = "climb" in traits
    through = "move-through" in traits
    taken = w.taken()
    start = w.heroes[seat].at
    best: dict[int, tuple[int, tuple[int, ...]]] = {start: (0, ())}
    found: tuple[int, tuple[int, ...]] | None = None
    for _ in range(points):
        nxt: dict[int, tuple[int, tuple[int, ...]]] = {}
        for here, (score, path) in sorted(best.items()):
            if here == town and path:
                continue
            for there in _steps(w, seat, here, climb):
                if there in taken and there != end and not through:
                    continue
                if there in taken and there == end and "ram" not in traits:
                    continue
                candidate = (score + worth(there), (*path, there))
                if there not in nxt or candidate[0] > nxt[there][0]:
                    nxt[there] = candidate
        best = nxt
        if end in best and (found is None or best[end][0] > found[0]):
            found = best[end]
    return found[1] if found is not None else (end,)
