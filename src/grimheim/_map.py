"""The board compiled into integer tables: areas, neighbours, paths, distances, terrain.

Areas are numbered ``0 .. n-1`` in the map's ``(y, x)`` order and Grimheim, one area of seven
hexes, is area ``n`` (:attr:`Geometry.town`). Everything a rule asks about the board — who is next
to whom, how far, where a monster steps next, which areas a monster card fills — is a table
lookup, computed once per content pack.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Sequence

import attrs

from ._content import MapData, Pack, step_towards

CLOCKWISE = (1, 3, 5, 7, 9, 11)
"""The six directions around a hex, clockwise from north-east (clock positions)."""


@attrs.frozen(order=True)
class Hex:
    """An area of the board in the reference data's axial coordinates (pointy-top hexes: the
    neighbours of ``(x, y)`` are ``(x±1, y)``, ``(x, y±1)``, ``(x+1, y-1)``, ``(x-1, y+1)``).

    >>> Hex(5, 7)
    Hex(x=5, y=7)

    Attributes:
        x: the column (grows to the east).
        y: the row (grows to the south).
    """

    x: int
    y: int

    def __str__(self) -> str:
        return f"{self.x},{self.y}"


GRIMHEIM = Hex(9, 9)
"""Grimheim, the town: one area of seven hexes, named by its centre hex (Freya's Well). Any of its
seven hexes names the town wherever an area is asked for."""

FAR = 1 << 20
"""A distance for areas that cannot reach each other."""


@attrs.frozen(eq=False)
class Geometry:
    """The integer tables of one map (see the module docs)."""

    hexes: tuple[Hex, ...]
    """Area index → its hex (Grimheim: :data:`GRIMHEIM`)."""
    index: dict[Hex, int]
    """Hex → area index (each of Grimheim's seven hexes → :attr:`town`)."""
    town: int
    terrain: tuple[str, ...]
    """Per area: ``plains``, ``forest``, ``mountain``, ``lake``; ``town`` for Grimheim."""
    location: tuple[str | None, ...]
    road: tuple[bool, ...]
    around: tuple[tuple[int, ...], ...]
    """Per area, its neighbouring areas clockwise from north-east, ``-1`` off the map (Grimheim
    counts as an area here; Grimheim's own entry is empty)."""
    adjacent: tuple[tuple[int, ...], ...]
    """Per area, the areas next to it for every interaction: never Grimheim, nor anything from
    inside it (nothing interacts across the town's border)."""
    ring: tuple[int, ...]
    """The areas next to Grimheim: where a move into the town starts and a move out of it ends."""
    next_step: tuple[int, ...]
    """Per area, the next area of the monster path (``town`` from the ring), ``-1`` where none."""
    path_length: tuple[int, ...]
    """Per area, the steps along the monster path to Grimheim (:data:`FAR` where none)."""
    distance: tuple[tuple[int, ...], ...]
    """Steps between two areas on paths that never pass through Grimheim (G11)."""
    hero_can_enter: tuple[bool, ...]
    monster_can_enter: tuple[bool, ...]
    next_to_mountain: tuple[bool, ...]
    """Whether a character in the area is next to mountain terrain (its own area or one around)."""
    spawn: dict[str, tuple[int, ...]]
    """Per location, the areas a monster card fills in pattern order (areas, then spill, G16)."""
    hero_steps: tuple[tuple[int, ...], ...]
    """Per area, the areas a hero may step into from it when they are free: neighbours a hero
    may enter (Grimheim included); from Grimheim, the ring but its mountains."""
    move_rank: tuple[int, ...]
    """Per area, its place in the monsters' movement order (G3): by steps along the path to
    Grimheim, then on a road first, then by ``(x, y)``."""

    def area(self, where: Hex) -> int:
        """The area index of a hex; raises ``ValueError`` for a hex off the map."""
        found = self.index.get(where)
        if found is None:
            raise ValueError(f"{where} is not an area of the map")
        return found

    def within(self, area: int, reach: int) -> tuple[int, ...]:
        """The areas at 1 to ``reach`` steps from ``area`` (G11), in area order."""
        return _within(self, area, reach)


@functools.lru_cache(maxsize=4096)
def _within(geo: Geometry, area: int, reach: int) -> tuple[int, ...]:
    if area == geo.town or reach < 1:
        return ()
    row = geo.distance[area]
    return tuple(a for a, d in enumerate(row) if 0 < d <= reach)


def _bfs(start: int, graph: Sequence[Sequence[int]], size: int) -> tuple[int, ...]:
    found = [FAR] * size
    found[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in graph[here]:
            if found[there] == FAR:
                found[there] = found[here] + 1
                todo.append(there)
    return tuple(found)


def _compile(board: MapData) -> Geometry:
    hexes = [Hex(h.x, h.y) for h in board.hexes]
    town = len(hexes)
    index = {h: i for i, h in enumerate(hexes)}
    town_hexes = {Hex(x, y) for x, y in board.grimheim}
    index.update(dict.fromkeys(town_hexes, town))
    data = list(board.hexes)
    around: list[tuple[int, ...]] = []
    for h in data:
        around.append(
            tuple(index.get(Hex(*step_towards(h.x, h.y, clock)), -1) for clock in CLOCKWISE)
        )
    ring = tuple(sorted(i for i, near in enumerate(around) if town in near))
    around.append(())
    adjacent = [tuple(sorted({a for a in near if a >= 0 and a != town})) for near in around]
    next_step = []
    for h in data:
        if h.dir is None:
            next_step.append(-1)
        else:
            next_step.append(index.get(Hex(*step_towards(h.x, h.y, h.dir)), -1))
    next_step.append(-1)
    path_length = [FAR] * (town + 1)
    path_length[town] = 0
    for start in range(town):
        seen, here, steps = set(), start, 0
        while here not in (-1, town) and here not in seen and path_length[here] == FAR:
            seen.add(here)
            here, steps = next_step[here], steps + 1
        if here == town or (here >= 0 and path_length[here] < FAR):
            total = steps + path_length[here]
            here = start
            while here != town and path_length[here] == FAR:
                path_length[here] = total
                here, total = next_step[here], total - 1
    distance = tuple(_bfs(a, adjacent, town + 1) for a in range(town))
    distance += ((FAR,) * (town + 1),)
    troll_caves = {i for i, h in enumerate(data) if h.location == "troll_caves"}
    naglfar = {i for i, h in enumerate(data) if h.location == "naglfar"}
    terrain = [h.terrain for h in data]
    hero_can_enter = [
        t in ("plains", "forest")
        or (t == "mountain" and i in troll_caves)
        or (t == "lake" and i in naglfar)
        for i, t in enumerate(terrain)
    ]
    monster_can_enter = [t != "lake" or i in naglfar for i, t in enumerate(terrain)]
    next_to_mountain = [
        terrain[i] == "mountain" or any(terrain[a] == "mountain" for a in adjacent[i])
        for i in range(town)
    ]
    spawn = {
        loc.id: tuple(index[Hex(*p)] for p in (*loc.areas, *loc.spill)) for loc in board.locations
    }
    hero_steps = [
        tuple(a for a in around[i] if a == town or (a >= 0 and hero_can_enter[a]))
        for i in range(town)
    ]
    hero_steps.append(tuple(a for a in ring if hero_can_enter[a] and terrain[a] != "mountain"))
    # G3 once for every area (Grimheim, where no monster stands, last)
    order = sorted(
        range(town), key=lambda a: (path_length[a], not data[a].road, hexes[a].x, hexes[a].y)
    )
    move_rank = [town] * (town + 1)
    for rank, area in enumerate(order):
        move_rank[area] = rank
    return Geometry(
        hexes=(*hexes, GRIMHEIM),
        index=index,
        town=town,
        terrain=(*terrain, "town"),
        location=(*(h.location for h in data), None),
        road=(*(h.road for h in data), False),
        around=tuple(around),
        adjacent=tuple(adjacent),
        ring=ring,
        next_step=tuple(next_step),
        path_length=tuple(path_length),
        distance=distance,
        hero_can_enter=(*hero_can_enter, True),
        monster_can_enter=(*monster_can_enter, True),
        next_to_mountain=(*next_to_mountain, False),
        spawn=spawn,
        hero_steps=tuple(hero_steps),
        move_rank=tuple(move_rank),
    )


def geometry(pack: Pack) -> Geometry:
    """The compiled tables of a pack's map (kept on the pack: every game with it shares them)."""
    found = pack.cache.get("geometry")
    if found is None:
        found = pack.cache["geometry"] = _compile(pack.map)
    geo: Geometry = found
    return geo
