"""A plain-text picture of a position: the map, the heroes, the town and the time."""

from __future__ import annotations

from .._map import Hex
from .._query import hero_health, hero_range, hero_strength, track
from .._rules import decision
from .._state import NO_ROLL, Config, HeroAttack, MonsterAttack, State, View
from .._work import Work
from .describe import describe, faces_text
from .names import Names

_TERRAIN = {"plains": ".", "forest": "%", "mountain": "^", "lake": "~", "town": "#"}
_ROAD = "="
_MONSTERS = {
    "goblin": "g",
    "brute": "b",
    "troll": "t",
    "sprite": "s",
    "elemental": "e",
    "jotunn": "j",
    "imp": "i",
    "skeleton": "k",
    "draugr": "d",
    "queen": "Q",
    "seer": "V",
    "grendel": "R",
    "surt": "U",
    "hrungbald": "H",
    "nidhuggr": "N",
}
"""The standard pack's monsters in lower case and legends in capitals: no two letters alike,
whatever their case, and none a terrain's sign or a hero's number."""
_UNKNOWN = "?"
"""A monster of a pack's own that has no letter here."""
_WIDTH = 100
"""The widest line of the map's key and of the lists under it."""


def render_text(position: State | View) -> str:
    """The board, then the time track, the town, every hero (cards in play with their mana ``m``,
    damage markers ``d`` and markers ``x``; the hand the position shows; the quest on top and its
    progress), the monsters hurt (damage taken of health, ``Troll 7,9 damage 2/7``, as for the
    heroes and in :func:`~grimheim.render_svg`) and those pinned or with a bounty, a roll waiting
    to be used (a hero's attack dice, a monster's hits), and who must answer and the question.
    Heroes, cards and monsters go by their printed names.

    The board draws pointy-top hexes, one character each, each row shifted half a hex from the
    one above: ``y`` (the row) is written at both ends of each row, ``x`` above and below the
    map, each number heading the diagonal running down and to the right through that ``x``. The
    key under it names every sign: terrain in signs (``.`` plains, ``=`` road, ``%`` forest,
    ``^`` mountain, ``~`` lake, ``#`` Grimheim), heroes by their number (seat + 1; a hero in
    Grimheim stands on one of its hexes), monsters in lower-case letters and legends in capitals,
    no two alike.

    >>> from grimheim import Config, new_game
    >>> print(render_text(new_game(Config(heroes=("bjorn",)), seed=1)).splitlines()[0])
    Defenders of Grimheim: spot 1/12 (axes), town 4/4, 6 monsters
    """
    w = Work.of(position)
    geo = w.geo
    spots = track(w.config)
    spot = spots[w.time]
    lines = [
        f"Defenders of Grimheim: spot {w.time + 1}/{len(spots)} ({spot.kind}),"
        f" town {w.town}/{max(2 + 2 * len(w.heroes), w.town)}, {len(w.monsters)}"
        f" monster{'' if len(w.monsters) == 1 else 's'}"
    ]
    names = Names(w.config)
    lines += _board(w)
    lines += _key(w.config, names)
    for seat, hero in enumerate(w.heroes):
        where = "Grimheim" if hero.at == geo.town else str(geo.hexes[hero.at])
        cards = [
            names.card(c.id)
            + ("" if c.side == 1 else " II")
            + (f" {c.mana}m" if c.mana else "")
            + (f" {c.damage}d" if c.damage else "")
            + (f" {c.counters}x" if c.counters else "")
            for c in hero.cards
        ]
        lines.append(
            f"{seat + 1} {names.hero(seat)}: {where},"
            f" damage {hero.damage}/{hero_health(w.config, hero)},"
            f" gold {hero.gold}, dice {hero_strength(w.config, hero)},"
            f" range {hero_range(w.config, hero)}, hand {len(hero.hand)}"
        )
        lines += _wrapped("  in play: ", cards, ", ")
        known = [names.card(card) for card in hero.hand if card]
        if known:  # the cards the position shows: every hand of a state, a view's own hand
            lines += _wrapped("  in hand: ", known, ", ")
        top = hero.equipment[0] if hero.equipment else ""
        if top:
            progress = f" ({hero.quest} done)" if hero.quest else ""
            lines.append(f"  quest: {names.card(top)}{progress}")
    monsters = sorted(w.monsters.values(), key=lambda m: m.at)
    hurt = [
        f"{names.kind(m.kind, m.side)} {geo.hexes[m.at]} damage {m.damage}/{w.health(m)}"
        for m in monsters
        if m.damage
    ]
    lines += _wrapped("hurt: ", hurt, "; ")
    marked = [
        f"{names.kind(m.kind, m.side)} {geo.hexes[m.at]}"
        + (" pinned" if m.pinned else "")
        + (f" bounty {m.bounty}" if m.bounty else "")
        for m in monsters
        if m.pinned or m.bounty
    ]
    lines += _wrapped("marked: ", marked, "; ")
    if w.won is not None:
        lines.append(
            "game over: " + ("Freya's Well stands, the heroes win" if w.won else "the town fell")
        )
        return "\n".join(lines)
    roll = _roll(w, names)
    if roll:
        lines.append(roll)
    asked = decision(position)
    if asked is None or asked.seat < 0:
        lines.append("to answer: chance")
    else:
        lines.append(f"to answer: seat {asked.seat}, {describe(position, asked)}")
    return "\n".join(lines)


def _cells(w: Work) -> dict[tuple[int, int], str]:
    """The sign of every hex of the map, by its ``(x, y)``."""
    geo = w.geo
    cells: dict[tuple[int, int], str] = {}
    for area, h in enumerate(geo.hexes[: geo.town]):
        char = _TERRAIN.get(geo.terrain[area], _UNKNOWN)
        if geo.road[area] and char == _TERRAIN["plains"]:
            char = _ROAD
        cells[(h.x, h.y)] = char
    town = [(x, y) for x, y in w.config.pack.map.grimheim]
    for hex_ in town:
        cells[hex_] = _TERRAIN["town"]
    for m in w.monsters.values():
        h = geo.hexes[m.at]
        cells[(h.x, h.y)] = _MONSTERS.get(m.kind, _UNKNOWN)
    # the heroes in Grimheim stand on its hexes, Freya's Well (its centre) last
    centre = geo.hexes[geo.town]
    free = sorted(town, key=lambda xy: (xy == (centre.x, centre.y), xy[1], xy[0]))
    inside = [seat for seat, hero in enumerate(w.heroes) if hero.at == geo.town]
    for seat, hex_ in zip(inside, free, strict=False):
        cells[hex_] = _hero_sign(seat)
    for seat, hero in enumerate(w.heroes):
        if hero.at != geo.town:
            h = geo.hexes[hero.at]
            cells[(h.x, h.y)] = _hero_sign(seat)
    return cells


def _hero_sign(seat: int) -> str:
    return str(seat + 1) if seat < 9 else "@"


def _board(w: Work) -> list[str]:
    """The map with ``x`` above and below it and ``y`` at both ends of each row.

    A hex ``(x, y)`` is drawn in column ``2x + y``: each row is shifted half a hex to the right
    of the one above, so the hexes of one ``x`` run down a diagonal, and the ``x`` heading that
    diagonal is written where the row above the first would hold it (and below the last row,
    where the row after the last would).
    """
    cells = _cells(w)
    top, bottom = min(y for _, y in cells), max(y for _, y in cells)
    xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
    above = {2 * x + top - 1: str(x) for x in xs}
    below = {2 * x + bottom + 1: str(x) for x in xs}
    drawn = [2 * x + y for x, y in cells]
    columns = drawn + list(above) + list(below)
    left, right = min(columns), max(max(drawn) + 3, *columns)
    label = max(2, *(len(str(y)) for y in range(top, bottom + 1)))
    digits = max(len(text) for text in above.values())

    def line(margin: str, chars: dict[int, str], end: str = "") -> str:
        text = [" "] * (right - left + len(end) + 1)
        for col, char in chars.items():
            text[col - left] = char
        if end:  # the row's y again, in a column of its own just right of the map
            at = max(drawn) + 3 - left
            text[at : at + len(end)] = end
        return f"{margin:>{label}} {''.join(text)}".rstrip()

    lines = []
    for d in range(digits):  # the numbers written down, ending on the row above the map
        chars = {c: t.rjust(digits)[d] for c, t in above.items()}
        lines.append(line("x" if d == digits - 1 else "", chars))
    for y in range(top, bottom + 1):
        row = {2 * x + y: char for (x, yy), char in cells.items() if yy == y}
        lines.append(line(str(y), row, str(y)))
    for d in range(digits):  # the numbers written down, starting on the row below the map
        chars = {c: t.ljust(digits)[d] for c, t in below.items()}
        lines.append(line("x" if d == 0 else "", chars))
    return lines


def _key(config: Config, names: Names) -> list[str]:
    """The key to the map's signs: terrain, the heroes, the monsters and the legends of the
    position's pack, each with the sign it is drawn with, wrapped to :data:`_WIDTH`."""
    terrain = [
        ". plains",
        "= road",
        "% forest",
        "^ mountain",
        "~ lake",
        "# Grimheim",
    ]
    heroes = [f"{_hero_sign(seat)} {names.hero(seat)}" for seat in range(len(config.heroes))]
    monsters = config.pack.monsters
    kinds = [f"{_MONSTERS.get(k.id, _UNKNOWN)} {k.name}" for k in monsters.kinds]
    legends = [f"{_MONSTERS.get(leg.id, _UNKNOWN)} {leg.name}" for leg in monsters.legends]
    return [
        "x,y: y at the ends of the hex's row, x where its diagonal meets the numbers above"
        " (up-left) or below",
        *_wrapped("key: ", terrain),
        *_wrapped("heroes: ", heroes),
        *_wrapped("monsters: ", kinds),
        *_wrapped("legends: ", legends),
    ]


def _wrapped(head: str, items: list[str], gap: str = "  ") -> list[str]:
    """``head`` and ``items`` joined by ``gap``, on as many lines of at most :data:`_WIDTH`
    characters as they need (the next lines indented under the first item); none for no items."""
    if not items:
        return []
    lines = [head + items[0]]
    for item in items[1:]:
        if len(lines[-1]) + len(gap) + len(item) > _WIDTH:
            lines[-1] += gap.rstrip()
            lines.append(" " * len(head) + item)
        else:
            lines[-1] += gap + item
    return lines


def _roll(w: Work, names: Names) -> str:
    """The innermost attack's dice: ``roll: Bjorn attacks the Troll at 7,9: 2 hits and 1 miss``,
    or ``""`` when no attack is under way."""
    geo = w.geo
    for frame in reversed(w.frames):
        if isinstance(frame, HeroAttack):
            hero = names.hero(frame.hero)
            monster = w.monsters.get(frame.target)
            where = geo.hexes[frame.target] if 0 <= frame.target < len(geo.hexes) else Hex(0, 0)
            target = (
                f"the {names.kind(monster.kind, monster.side)} at {where}"
                if monster is not None
                else f"the mountain at {where}"
            )
            if frame.dice:
                dice = "1 die" if frame.dice == 1 else f"{frame.dice} dice"
                return f"roll: {hero} attacks {target}: {dice} to roll"
            if frame.rolled == NO_ROLL:
                return ""
            bonus = f", +{frame.bonus} damage" if frame.bonus else ""
            return f"roll: {hero} attacks {target}: rolled {faces_text(frame.rolled)}{bonus}"
        if isinstance(frame, MonsterAttack):
            monster = w.monsters.get(frame.attacker)
            if monster is None:
                return ""
            who = f"the {names.kind(monster.kind, monster.side)} at {geo.hexes[frame.attacker]}"
            target = f" {names.hero(frame.target)}" if frame.target >= 0 else ""
            if frame.dice:
                dice = "1 die" if frame.dice == 1 else f"{frame.dice} dice"
                return f"roll: {who} attacks{target}: {dice} to roll"
            if frame.damage < 0:
                return ""
            hits = "1 hit" if frame.hits == 1 else f"{frame.hits} hits"
            damage = "1 damage" if frame.damage == 1 else f"{frame.damage} damage"
            return f"roll: {who} attacks{target}: rolled {hits}, {damage} to take"
    return ""
