"""The monsters' side of the rules: placing, moving, charging, swapping, entering Grimheim,
attacking, dying, and the monster die's faces (G1–G3, G8–G11, G14–G16).

Functions over a :class:`~grimheim._work.Work`; none of them asks a question: where the players
must decide, a frame (:mod:`grimheim._frames`) asks before calling them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from ._actions import Roll
from ._events import (
    GameEnded,
    HeroDamaged,
    HeroKnockedOut,
    HeroMoved,
    MonsterDamaged,
    MonsterEntered,
    MonsterKilled,
    MonsterMoved,
    MonsterPlaced,
)
from ._pieces import Monster
from ._query import TROLLKIN, info
from ._quests import on_kill

if TYPE_CHECKING:
    from ._work import Work


def lose_pieces(w: Work, count: int) -> None:
    """Remove town pieces; the game is lost when none is left (G4)."""
    w.town = max(0, w.town - count)
    if w.town == 0 and w.won is None:
        w.won = False
        w.frames.clear()
        w.turn = None
        w.events.append(GameEnded(False, 0))


def supply_left(w: Work, kind: str) -> int:
    """How many monsters of ``kind`` the supply still holds."""
    return _supply_left(w, kind)


def _supply_left(w: Work, kind: str) -> int:
    total = next(k.count for k in w.config.pack.monsters.kinds if k.id == kind)
    return total - sum(1 for m in w.monsters.values() if m.kind == kind)


def _placements(w: Work, card_id: str) -> list[tuple[int, str, int]] | None:
    """Where a monster card puts which monster (``(area, kind, side)``), or ``None`` when it
    cannot be placed: supply short, its legend on the board, an area occupied (G15)."""
    card = next(c for c in w.config.pack.monster_cards if c.id == card_id)
    areas = w.geo.spawn[card.location]
    faction = next(loc.faction for loc in w.config.pack.map.locations if loc.id == card.location)
    letters = next((f.letters for f in w.config.pack.monsters.factions if f.id == faction), {})
    side = 1 if card.deck == "yellow" else 2
    found: list[tuple[int, str, int]] = []
    for area, letter in zip(areas, card.pattern, strict=False):
        if letter == "-":
            continue
        if not w.free(area):
            return None
        if letter == "L":
            assert card.legend is not None  # checked on load
            if w.legend_on_board(card.legend):
                return None
            found.append((area, card.legend, side))
        else:
            found.append((area, letters[letter], 0))
    needed: dict[str, int] = {}
    for _, kind, side_ in found:
        if not side_:
            needed[kind] = needed.get(kind, 0) + 1
    if any(_supply_left(w, kind) < n for kind, n in needed.items()):
        return None
    return found


def can_place(w: Work, card_id: str) -> bool:
    """Whether the monster card ``card_id`` can be placed now (G15)."""
    return _placements(w, card_id) is not None


def place_card(w: Work, card_id: str) -> bool:
    """Place a monster card's monsters; ``False`` (nothing placed) when it cannot be placed."""
    found = _placements(w, card_id)
    if found is None:
        return False
    for area, kind, side in found:
        _place(w, area, kind, side)
    return True


def place_monster(w: Work, area: int, kind: str) -> None:
    """Place a monster of ``kind`` from the supply in ``area`` (a card's spawn)."""
    _place(w, area, kind, 0)


def relocate_monster(w: Work, source: int, to: int, why: str) -> None:
    """Move the monster in ``source`` to the free area ``to`` (a hero moved it: ``why``)."""
    monster = w.monsters.pop(source)
    w.monsters[to] = monster.moved(to)
    w.events.append(MonsterMoved(monster.kind, w.geo.hexes[source], w.geo.hexes[to], why))


def clear_pins(w: Work) -> None:
    """At the end of a monster turn pins end; a card's pin is remembered one monster turn more
    (so the card may not pick that monster again at once)."""
    for area, monster in list(w.monsters.items()):
        if monster.pinned:
            w.monsters[area] = attrs.evolve(monster, pinned=False)
        elif monster.pinned_by:
            w.monsters[area] = attrs.evolve(monster, pinned_by="")


def _place(w: Work, area: int, kind: str, side: int) -> None:
    w.monsters[area] = Monster(area, kind, 0, side)
    w.events.append(MonsterPlaced(kind, w.geo.hexes[area], side))
    if kind == "seer" and side == 1:
        _raise_skeletons(w)


def _raise_skeletons(w: Work) -> None:
    """Seer of Odin I, on arrival: a skeleton in every free area next to the Temple Ruins that a
    monster may enter, while the supply lasts (areas in order)."""
    ruins = set(w.geo.spawn.get("temple_ruins", ()))
    near = sorted({a for r in ruins for a in w.geo.adjacent[r]} - ruins)
    for area in near:
        if w.free(area) and w.geo.monster_can_enter[area] and _supply_left(w, "skeleton") > 0:
            w.monsters[area] = Monster(area, "skeleton")
            w.events.append(MonsterPlaced("skeleton", w.geo.hexes[area]))


# -- movement --------------------------------------------------------------------------------------


def movement_order(w: Work) -> tuple[int, ...]:
    """G3: by steps along the path to Grimheim, nearest first; then a monster on a road first;
    then by ``(x, y)``."""
    return tuple(sorted(w.monsters, key=w.geo.move_rank.__getitem__))


def _next_to_hero(w: Work, area: int) -> bool:
    return area in w.next_to_heroes()


def _step(w: Work, area: int, why: str) -> int:
    """One step of the monster in ``area`` along its path; returns its new area (``-1`` when it
    entered Grimheim, ``area`` when it could not move)."""
    geo = w.geo
    monster = w.monsters[area]
    ahead = geo.next_step[area]
    if ahead < 0 or _next_to_hero(w, area):  # G8: checked before every step
        return area
    if ahead == geo.town:
        del w.monsters[area]
        legend = info(w.config, monster).legend
        pieces = 3 if legend else 1
        w.events.append(MonsterEntered(monster.kind, geo.hexes[area], pieces))
        if legend:
            _legend_leaves(w, monster)
        lose_pieces(w, pieces)
        return -1
    blocker = w.monsters.get(ahead)
    if blocker is not None and info(w.config, monster).legend and not blocker.pinned:
        # G9: a legend swaps places with any monster blocking its path (never with a hero, nor
        # with a pinned monster, which nothing moves this monster turn: G34)
        w.monsters[ahead] = monster.moved(ahead)
        w.monsters[area] = blocker.moved(area)
        w.events.append(MonsterMoved(monster.kind, geo.hexes[area], geo.hexes[ahead], why))
        w.events.append(MonsterMoved(blocker.kind, geo.hexes[ahead], geo.hexes[area], "swap"))
        return ahead
    if not w.free(ahead) or not geo.monster_can_enter[ahead]:
        return area
    del w.monsters[area]
    w.monsters[ahead] = monster.moved(ahead)
    w.events.append(MonsterMoved(monster.kind, geo.hexes[area], geo.hexes[ahead], why))
    return ahead


def move_monsters(w: Work, charge: str) -> None:
    """The Monsters Move step: every monster in G3 order moves its areas, then charges (G2, G10,
    at most one extra step)."""
    for start in movement_order(w):
        if w.won is not None:
            return
        if start not in w.monsters:
            continue
        _move_one(w, start, charge)


def _move_one(w: Work, area: int, charge: str) -> None:
    monster = w.monsters[area]
    if monster.pinned:
        return  # a pinned monster does not move, nor charge
    kind = info(w.config, monster)
    for _ in range(kind.move):
        after = _step(w, area, "move")
        if after in (-1, area):
            if after == -1:
                return
            break
        area = after
    charging = charge == "all" or (charge == "rank1" and kind.rank == 1)
    if charging:
        _step(w, area, "charge")
    elif not _reaches_a_hero(w, area) and not attacks_every_hero(w, area):
        # G10: the charge to reach an attack: into a free area (for a legend, also one held by a
        # monster it swaps with, G9), never into Grimheim
        ahead = w.geo.next_step[area]
        legend = kind.legend and ahead in w.monsters and not w.monsters[ahead].pinned
        if (
            ahead >= 0
            and ahead != w.geo.town
            and (w.free(ahead) or legend)
            and w.geo.monster_can_enter[ahead]
            and not _next_to_hero(w, area)
            and _reaches_a_hero(w, ahead, w.monsters[area])
        ):
            _step(w, area, "charge")


def _reaches_a_hero(w: Work, area: int, monster: Monster | None = None) -> bool:
    monster = monster or w.monsters[area]
    reach = info(w.config, monster).range
    return any(h.at != w.geo.town and w.geo.distance[area][h.at] <= reach for h in w.heroes)


# -- attacks ---------------------------------------------------------------------------------------


def targets_of(w: Work, area: int) -> list[Seat]:
    """The heroes the monster in ``area`` can attack: outside Grimheim, within its range (G11)."""
    monster = w.monsters[area]
    reach = info(w.config, monster).range
    row = w.geo.distance[area]
    return [s for s, h in enumerate(w.heroes) if h.at != w.geo.town and row[h.at] <= reach]


def attackers(w: Work) -> tuple[int, ...]:
    """The monsters that can attack, in G3 order."""
    return tuple(a for a in movement_order(w) if attacks_every_hero(w, a) or targets_of(w, a))


def attacks_every_hero(w: Work, area: int) -> bool:
    """Seer of Odin II attacks every hero outside Grimheim, in range or not (so it never charges
    to reach an attack, G10)."""
    m = w.monsters[area]
    return m.kind == "seer" and m.side == 2 and any(h.at != w.geo.town for h in w.heroes)


def attack_dice(w: Work, area: int, bonus: int) -> int:
    """The dice of a monster's attack: strength, +1 (Hrungbald: +2) per other adjacent trollkin
    for trollkin, Nidhuggr's remaining health, plus the monster die's ``bonus``."""
    monster = w.monsters[area]
    kind = info(w.config, monster)
    strength = w.health_left(monster) if monster.kind == "nidhuggr" else kind.strength
    if kind.faction == TROLLKIN:
        per = 2 if w.legend_on_board("hrungbald") else 1
        near = sum(
            1
            for a in w.geo.adjacent[area]
            if a in w.monsters and info(w.config, w.monsters[a]).faction == TROLLKIN
        )
        strength += per * near
    return strength + bonus


def hits_on_hero(w: Work, area: int, target: Seat, roll: Roll) -> int:
    """How many hits a monster's roll scores on a hero: hits; hits unless cover when the hero is
    not in a forest; runes for the Dead, for the Fire Horde while Surt I is on the board, two
    each for Grendel II."""
    monster = w.monsters[area]
    kind = info(w.config, monster)
    covered = w.geo.terrain[w.heroes[target].at] == "forest"
    hits = roll.hits + (0 if covered else roll.covers)
    if monster.kind == "grendel" and monster.side == 2:
        hits += 2 * roll.runes
    elif kind.faction == "dead" or (kind.faction == "fire_horde" and w.legend_on_board("surt", 1)):
        hits += roll.runes
    return hits


def knock_out(w: Work, seat: Seat) -> None:
    """A hero whose damage reached their health: back to Grimheim, exactly 5 damage left, and 2
    town pieces removed."""
    w.set_hero(seat, at=w.geo.town, damage=5)
    w.events.append(HeroKnockedOut(seat, 2))
    w.events.append(HeroMoved(seat, w.geo.hexes[w.geo.town]))
    lose_pieces(w, 2)


def damage_hero(w: Work, seat: Seat, amount: int) -> None:
    """Deal ``amount`` damage that nothing prevents to hero ``seat``; damage that reaches their
    health knocks them out."""
    damage = w.heroes[seat].damage + amount
    w.set_hero(seat, damage=damage)
    w.events.append(HeroDamaged(seat, amount, 0))
    if damage >= w.hero_health(seat):
        knock_out(w, seat)


def damage_monster(
    w: Work, area: int, amount: int, seat: Seat, *, ignore_armor: bool = False
) -> int:
    """Deal ``amount`` damage from hero ``seat`` to the monster in ``area``: armor prevents 1
    each time (unless ignored); at its health it dies and the hero gains its gold. Returns the
    damage to spare beyond what killed it (0 or more), or ``-1`` if it lives."""
    monster = w.monsters.get(area)
    if monster is None or amount <= 0:
        return -1
    kind = info(w.config, monster)
    if not ignore_armor:
        amount -= kind.armor
    if monster.kind == "queen" and monster.side == 1:
        hero_area = w.heroes[seat].at
        if hero_area == w.geo.town or area not in w.geo.adjacent[hero_area]:
            amount = 0  # Queen of the Dead I: only adjacent characters damage her
    if amount <= 0:
        return -1
    damage = monster.damage + amount
    w.events.append(MonsterDamaged(monster.kind, w.geo.hexes[area], amount))
    health = w.health(monster)
    if damage >= health:
        kill_monster(w, area, seat)
        return damage - health
    w.monsters[area] = attrs.evolve(monster, damage=damage)
    return -1


def kill_monster(w: Work, area: int, seat: Seat) -> None:
    """Remove the monster in ``area``; hero ``seat`` (if any, ``-1`` for none) gains its gold and
    the bounty on it, and the kill counts for their quest."""
    monster = w.monsters.pop(area)
    kind = info(w.config, monster)
    gold = kind.xp + monster.bounty if seat >= 0 else 0
    if seat >= 0:
        w.gain_gold(seat, gold)
    w.events.append(MonsterKilled(monster.kind, w.geo.hexes[area], seat, gold))
    if kind.legend:
        _legend_leaves(w, monster)
    if seat >= 0 and w.won is None:
        on_kill(w, seat, monster, gold)


def _legend_leaves(w: Work, legend: Monster) -> None:
    """A legend left the board: the card held while it was there goes to the bottom of its deck;
    with the Queen of the Dead II goes the +1 health of the other Dead, so those it kept alive
    die (killed by no hero: no gold)."""
    for card_id in list(w.held):
        card = next(c for c in w.config.pack.monster_cards if c.id == card_id)
        if card.legend == legend.kind:
            w.held.remove(card_id)
            if card.deck == "yellow":
                w.yellow.append(card_id)
                w.yellow_known += 1
            else:
                w.red.append(card_id)
                w.red_known += 1
    if legend.kind == "queen" and legend.side == 2:
        for area, monster in sorted(w.monsters.items()):
            if monster.damage >= w.health(monster):
                kill_monster(w, area, -1)


# -- the monster die (G14) -------------------------------------------------------------------------


def maneuver(w: Work, clockwise: bool) -> None:
    """Maneuver (G14): in seat order, the monsters next to a hero turn around them one area in the
    rotation's direction, all at once, each into a free area a monster may enter (or one that
    another of them leaves); an area of Grimheim counts, and the monster enters the town. A
    monster already moved by an earlier hero's rotation does not move again; a pinned monster
    does not move (G34) and stays in the way."""
    geo = w.geo
    moved: set[int] = set()
    turn = 1 if clockwise else -1
    for hero in list(w.heroes):
        if w.won is not None or hero.at == geo.town:
            continue
        ring = geo.around[hero.at]
        plan = {
            area: ring[(i + turn) % 6]
            for i, area in enumerate(ring)
            if area in w.monsters and area not in moved and not w.monsters[area].pinned
        }

        def can_go(
            src: int, plan: dict[int, int] = plan, seen: frozenset[int] = frozenset()
        ) -> bool:
            dst = plan[src]
            if dst < 0:
                return False
            if dst == geo.town:
                return True
            if not geo.monster_can_enter[dst] or w.hero_in(dst) is not None:
                return False
            if dst not in w.monsters:
                return True
            return dst in plan and (dst in seen or can_go(dst, plan, seen | {src}))

        going = {src: plan[src] for src in plan if can_go(src)}
        leaving = {src: w.monsters.pop(src) for src in going}
        gone: list[Monster] = []
        for src, dst in going.items():
            monster = leaving[src]
            if dst == geo.town:
                legend = info(w.config, monster).legend
                pieces = 3 if legend else 1
                w.events.append(MonsterEntered(monster.kind, geo.hexes[src], pieces))
                if legend:
                    gone.append(monster)
                lose_pieces(w, pieces)
                continue
            w.monsters[dst] = monster.moved(dst)
            moved.add(dst)
            w.events.append(MonsterMoved(monster.kind, geo.hexes[src], geo.hexes[dst], "maneuver"))
        for monster in gone:
            _legend_leaves(w, monster)


def push_heroes(w: Work) -> None:
    """Push: each hero next to a monster moves one area along the monster path from their area
    (into Grimheim from next to it), if that area is free (G14)."""
    geo = w.geo
    for seat, hero in enumerate(w.heroes):
        if hero.at == geo.town or not any(a in w.monsters for a in geo.adjacent[hero.at]):
            continue
        ahead = geo.next_step[hero.at]
        if ahead < 0 or not w.free(ahead) or not geo.hero_can_enter[ahead]:
            continue
        w.set_hero(seat, at=ahead)
        w.events.append(HeroMoved(seat, geo.hexes[ahead]))


def ambush_areas(w: Work, seat: Seat) -> tuple[int, ...]:
    """Where hero ``seat`` may place an ambush goblin: free areas next to them that a monster may
    enter (none if the goblin supply is empty)."""
    hero = w.heroes[seat]
    if hero.at == w.geo.town or _supply_left(w, "goblin") < 1:
        return ()
    return tuple(a for a in w.geo.adjacent[hero.at] if w.free(a) and w.geo.monster_can_enter[a])


def place_goblin(w: Work, area: int) -> None:
    """Place an ambush goblin."""
    _place(w, area, "goblin", 0)
