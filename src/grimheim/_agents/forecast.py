"""What the monster turns still to come would do if the heroes stood where they are: the engine's
own monster movement run forward, the attacks on either side counted by their odds.

:func:`forecast` copies a position into a :class:`~grimheim._work.Work` and plays the monster
turns left on the time track with the rules' :func:`~grimheim._monsters.move_monsters`: a monster
next to a hero stops and blocks those behind it (G8), monsters charge on skull spots (G2, G10),
legends swap past monsters (G9). The dice are never rolled: a monster's attack is counted by the
exact distribution of the damage it deals (hits, cover, runes, armor), so the chance that a hero
is knocked out is exact for the first monster turn; a hero's attack by the damage it deals on
average. Between monster turns the heroes stay where they are and attack the monster nearest the
town within their range; a hero knocked out (more likely than not) goes home and mends there. A
hero whom the monsters within its reach would knock out on average steps back into Grimheim in its
next turn instead of waiting for the blow, as a player would: the column walks on, but the two
town pieces of a knock-out are kept. The monster cards still to come are left out. It reads only
what every seat sees, so a view gives the same forecast as any state dealt from it.
"""

from __future__ import annotations

import functools
import math
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from .._monsters import attack_dice, clear_pins, move_monsters, movement_order
from .._query import (
    hero_armor,
    hero_health,
    hero_range,
    hero_strength,
    hero_traits,
    info,
    move_points,
)
from .._state import MonsterAttack, MonsterTurn
from .._work import Work

_PLENTY = 1_000_000
"""Town pieces the copy starts with, so that no loss ends the forecast early."""


@attrs.frozen
class Forecast:
    """What the monster turns to come would cost, the heroes standing still.

    Attributes:
        losses: for each monster turn left (nearest first), the town pieces expected to be
            lost in it: monsters entering Grimheim, and 2 for each hero expected to be knocked
            out.
        knockouts: for each monster turn left, the heroes expected to be knocked out in it.
        kills: the monsters the heroes' attacks would kill before the game ends.
        gold: the gold those kills would earn.
        damage: each hero's damage at the end of the forecast (seat order).
        rounds: the monster turns forecast.
    """

    losses: tuple[float, ...]
    knockouts: tuple[float, ...]
    kills: float
    gold: float
    damage: tuple[float, ...]
    rounds: int


def _faces(position: Any) -> tuple[float, float, float, float]:
    """The attack die's chance of a hit, a hit unless cover, a rune and a miss."""
    faces = position.config.pack.dice.attack
    n = len(faces)
    return (
        faces.count("hit") / n,
        faces.count("hit_unless_cover") / n,
        faces.count("rune") / n,
        faces.count("miss") / n,
    )


def _die(faces: tuple[float, float, float, float], cover: bool, rune: int) -> list[float]:
    """The distribution of the hits one die scores: a hit counts 1, a hit unless cover 1 out of
    cover, a rune ``rune`` (0, 1 or 2)."""
    found = [0.0, 0.0, 0.0]
    hit, covers, runes, misses = faces
    found[1] += hit
    found[0 if cover else 1] += covers
    found[rune] += runes
    found[0] += misses
    return found


def _add(a: Sequence[float], b: Sequence[float], cap: int) -> list[float]:
    """The distribution of the sum of two independent counts, every count from ``cap`` on
    gathered at ``cap``."""
    found = [0.0] * min(cap + 1, len(a) + len(b) - 1)
    top = len(found) - 1
    for i, p in enumerate(a):
        if p:
            for j, q in enumerate(b):
                found[min(i + j, top)] += p * q
    return found


@functools.lru_cache(maxsize=4096)
def _damage(
    faces: tuple[float, float, float, float], dice: int, cover: bool, rune: int, armor: int
) -> tuple[tuple[float, ...], float]:
    """The distribution of the damage of ``dice`` dice after ``armor`` (cut at 40), and its
    mean."""
    die = _die(faces, cover, rune)
    found: list[float] = [1.0]
    for _ in range(max(0, dice)):
        found = _add(found, die, 40 + armor)
    if armor > 0:
        found = [sum(found[: armor + 1]), *found[armor + 1 :]]
    return tuple(found), sum(i * p for i, p in enumerate(found))


def _one_attack(
    w: Work, faces: tuple[float, float, float, float], area: int, seat: int, bonus: int
) -> tuple[tuple[float, ...], float, int]:
    """The damage the monster in ``area`` deals hero ``seat`` with one attack (its distribution
    and mean), and how many attacks it makes (Grendel II: two)."""
    monster = w.monsters[area]
    kind = info(w.config, monster)
    twice = monster.kind == "grendel" and monster.side == 2
    rune = 0
    if twice:
        rune = 2
    elif kind.faction == "dead" or (kind.faction == "fire_horde" and w.legend_on_board("surt", 1)):
        rune = 1
    hero = w.heroes[seat]
    cover = w.geo.terrain[hero.at] == "forest"
    armor = hero_armor(w.config, hero)
    dist, mean = _damage(faces, attack_dice(w, area, bonus), cover, rune, armor)
    return dist, mean, 2 if twice else 1


def attack_odds(position: Any, area: int, seat: int, bonus: int = 0) -> tuple[float, float]:
    """The chance that the attack of the monster in ``area`` (with ``bonus`` dice) knocks hero
    ``seat`` out, and the damage it deals on average (prevention left out)."""
    w = Work.of(position)
    dist, mean, times = _one_attack(w, _faces(position), area, seat, bonus)
    hero = w.heroes[seat]
    need = max(1, hero_health(w.config, hero) - hero.damage)
    total: Sequence[float] = (1.0,)
    for _ in range(times):
        total = _add(total, dist, need)
    return (total[need] if len(total) > need else 0.0), mean * times


FAR = 1 << 20
"""The steps to an area no hero can walk to."""


@functools.lru_cache(maxsize=1024)
def _hero_distances(geo: Any, goal: int) -> tuple[int, ...]:
    size = len(geo.hero_steps)
    found = [FAR] * size
    found[goal] = 0
    todo = deque([goal])
    while todo:
        here = todo.popleft()
        for there in geo.hero_steps[here]:
            if found[there] == FAR:
                found[there] = found[here] + 1
                todo.append(there)
    return tuple(found)


def hero_distances(position: Any, goal: int) -> tuple[int, ...]:
    """Per area, the steps a hero walks from it to ``goal`` on an empty board (:data:`FAR` where
    none): a table of the map, kept per goal."""
    return _hero_distances(position.config.geo, goal)


class _Run:
    """One forecast in progress."""

    def __init__(self, position: Any, walk: Mapping[int, int] | None = None) -> None:
        w = Work.of(position)
        w.town = _PLENTY
        w.won = None
        self.w = w
        self.geo = w.geo
        self.config = w.config
        self.faces = _faces(position)
        heroes = w.heroes
        self.damage = [float(h.damage) for h in heroes]
        self.health = [hero_health(w.config, h) for h in heroes]
        self.carry = [0.0] * len(heroes)
        self.kills = 0.0
        self.gold = 0.0
        self.losses: list[float] = []
        self.knockouts: list[float] = []
        self.walk = dict(walk or {})
        """Seat → the area that hero walks to, turn after turn, before acting."""

    # -- the heroes' turns -------------------------------------------------------------------

    def heroes_act(self, seats: range) -> None:
        """The heroes of ``seats`` take their turns: a hero with somewhere to walk to walks
        (:meth:`_walk`); then a hero in Grimheim mends, any other attacks (see
        :meth:`_attack`) and, if the monsters within its reach would knock it out on average,
        steps back into Grimheim."""
        town = self.geo.town
        for seat in seats:
            goal = self.walk.get(seat)
            if goal is not None and self.w.heroes[seat].at != goal:
                self._walk(seat, goal)
            if self.w.heroes[seat].at == town:
                self.damage[seat] = max(0.0, self.damage[seat] - 5)
            else:
                self._attack(seat)
                if self._would_fall(seat):
                    self.w.set_hero(seat, at=town)

    def _would_fall(self, seat: int) -> bool:
        """Whether the monsters within reach of hero ``seat`` would knock it out on average:
        the mean damage of their attacks reaches the health it has left."""
        w = self.w
        row = self.geo.distance[w.heroes[seat].at]
        mean = 0.0
        for area, monster in w.monsters.items():
            if row[area] <= info(self.config, monster).range:
                _, one, times = _one_attack(w, self.faces, area, seat, 0)
                mean += one * times
        return mean >= self._left(seat)

    def _walk(self, seat: int, goal: int) -> None:
        """Hero ``seat`` takes the steps of one move towards ``goal``, each into a free area
        nearer to it (entering Grimheim ends the move)."""
        w, geo = self.w, self.geo
        hero = w.heroes[seat]
        row = _hero_distances(geo, goal)
        here = hero.at
        taken = w.taken()
        for _ in range(move_points(self.config, hero)):
            best = here
            for there in geo.hero_steps[here]:
                if row[there] < row[best] and (there == geo.town or there not in taken):
                    best = there
            if best == here:
                break
            here = best
            if here == geo.town or here == goal:
                break
        if here != hero.at:
            w.set_hero(seat, at=here)

    def _attack(self, seat: int) -> None:
        """Hero ``seat`` attacks the monster nearest the town within range; the damage it deals
        on average builds up (its fractions carried to the next attack)."""
        w, geo = self.w, self.geo
        hero = w.heroes[seat]
        if hero.at == geo.town or not w.monsters:
            return
        dice = hero_strength(self.config, hero)
        if dice <= 0:
            return
        reach = hero_range(self.config, hero)
        row = geo.distance[hero.at]
        best: tuple[int, int, int] | None = None
        for area, monster in w.monsters.items():
            if row[area] > reach:
                continue
            if monster.kind == "queen" and monster.side == 1 and row[area] > 1:
                continue
            key = (geo.path_length[area], w.health_left(monster), area)
            if best is None or key < best:
                best = key
        if best is None:
            return
        area = best[2]
        monster = w.monsters[area]
        hit, covers, _, _ = self.faces
        cover = geo.terrain[area] == "forest"
        mean = dice * (hit + (0.0 if cover else covers))
        if "ignore-armor" not in hero_traits(self.config, hero):
            mean = max(0.0, mean - info(self.config, monster).armor)
        total = self.carry[seat] + mean
        dealt = int(total)
        self.carry[seat] = total - dealt
        if dealt <= 0:
            return
        if monster.damage + dealt >= w.health(monster):
            del w.monsters[area]
            self.kills += 1
            self.gold += info(self.config, monster).xp + monster.bounty
            self.carry[seat] = 0.0
        else:
            w.monsters[area] = attrs.evolve(monster, damage=monster.damage + dealt)

    # -- the monsters' turn ----------------------------------------------------------------

    def move(self, charge: str) -> float:
        """The Monsters Move step, by the engine; the pieces lost to monsters entering."""
        w = self.w
        before = w.town
        move_monsters(w, charge)
        w.events.clear()
        return float(before - w.town)

    def attack(self, areas: Sequence[int], landing: dict[int, int]) -> float:
        """The attacks of the monsters in ``areas`` (and the damage ``landing`` already rolled,
        by seat): each picks the hero in range with the most health left (G5); the expected
        knock-outs. A hero knocked out more likely than not goes home with 5 damage."""
        w, geo = self.w, self.geo
        town = geo.town
        hits: dict[int, list[tuple[float, ...]]] = {}
        means = [0.0] * len(w.heroes)
        for seat, amount in landing.items():
            hits.setdefault(seat, []).append((0.0,) * amount + (1.0,))
            means[seat] += amount
        for area in areas:
            monster = w.monsters.get(area)
            if monster is None:
                continue
            kind = info(self.config, monster)
            if monster.kind == "seer" and monster.side == 2:
                for seat, hero in enumerate(w.heroes):
                    if hero.at != town:
                        hits.setdefault(seat, []).append((0.0, 1.0))
                        means[seat] += 1
                continue
            row = geo.distance[area]
            seats = [s for s, h in enumerate(w.heroes) if h.at != town and row[h.at] <= kind.range]
            if not seats:
                continue
            seat = max(seats, key=lambda s: (self._left(s) - means[s], -s))
            dist, mean, times = _one_attack(w, self.faces, area, seat, 0)
            for _ in range(times):
                hits.setdefault(seat, []).append(dist)
                means[seat] += mean
        knocked = 0.0
        for seat, dists in hits.items():
            left = self.health[seat] - self.damage[seat]
            need = max(1, math.ceil(left))  # the damage that knocks the hero out
            total: Sequence[float] = (1.0,)
            for dist in dists:
                total = _add(total, dist, need)
            p_out = total[need] if len(total) > need else 0.0
            knocked += p_out
            if p_out >= 0.5:
                w.set_hero(seat, at=town)
                self.damage[seat] = 5.0
            else:
                self.damage[seat] = min(self.health[seat] - 1.0, self.damage[seat] + means[seat])
        return knocked

    def _left(self, seat: int) -> float:
        """The damage hero ``seat`` can still take."""
        return self.health[seat] - self.damage[seat]

    def round(self, charge: str) -> None:
        """One monster turn: movement, attacks, the end of the turn."""
        entered = self.move(charge)
        knocked = self.attack(movement_order(self.w), {})
        self.finish(entered, knocked)

    def finish(self, entered: float, knocked: float) -> None:
        """Close a monster turn: pins end, losses counted."""
        clear_pins(self.w)
        self.w.events.clear()
        self.losses.append(entered + 2 * knocked)
        self.knockouts.append(knocked)


def forecast_spots(position: Any) -> tuple[Any, ...]:
    """The spots of the time track ``position`` is played on."""
    pack = position.config.pack
    spots: tuple[Any, ...] = pack.time.short if position.config.track == "short" else pack.time.long
    return spots


def forecast(
    position: Any,
    rounds: int | None = None,
    walk: Mapping[int, int] | None = None,
    moving: int | None = None,
) -> Forecast:
    """Play the monster turns still to come on a copy of ``position`` (a state or a view), the
    heroes standing still: see the module docs. ``rounds`` limits the monster turns played
    (``None``: every one left on the time track). ``walk`` names, by seat, the area a hero walks
    to instead, a move in each of its turns to come, before acting; the hero of seat ``moving``,
    whose turn it is, also takes a move towards it before the first monster turn."""
    run = _Run(position, walk)
    if moving is not None and moving in run.walk and position.won is None:
        goal = run.walk[moving]
        if run.w.heroes[moving].at != goal:
            run._walk(moving, goal)
    w = run.w
    if position.won is not None:
        return Forecast((), (), 0.0, 0.0, tuple(run.damage), 0)
    spots = forecast_spots(position)
    last = len(spots) - 1
    time = position.time
    monster_turn = next((f for f in position.frames if isinstance(f, MonsterTurn)), None)
    limit = _PLENTY if rounds is None else rounds
    if monster_turn is None:
        turn = position.turn
        later = range(turn.hero + 1 if turn is not None else 0, len(w.heroes))
        run.heroes_act(later)
        first = time + 1
        acted = True
    else:
        step = monster_turn.step
        if step in ("die", "pins", "move"):
            if limit > 0:
                run.round(monster_turn.charge)
        elif step in ("attack", "attacking"):
            pending = list(movement_order(w) if step == "attack" else monster_turn.order)
            landing: dict[int, int] = {}
            for frame in position.frames:
                if isinstance(frame, MonsterAttack):
                    if frame.target >= 0 and frame.damage >= 0:
                        landing[frame.target] = landing.get(frame.target, 0) + frame.damage
                        pending += [frame.attacker] * frame.again
                    else:
                        pending.insert(0, frame.attacker)
            if limit > 0:
                knocked = run.attack(pending, landing)
                run.finish(0.0, knocked)
        else:
            if limit > 0:
                run.finish(0.0, 0.0)
        first = time + 1
        acted = False
    for index in range(first, last + 1):
        if len(run.losses) >= limit:
            break
        if not acted:
            run.heroes_act(range(len(w.heroes)))
        acted = False
        charge = "all" if getattr(spots[index], "kind", "") == "skull" else "none"
        run.round(charge)
    return Forecast(
        tuple(run.losses),
        tuple(run.knockouts),
        run.kills,
        run.gold,
        tuple(run.damage),
        len(run.losses),
    )
