"""A plain-text picture of a position: the map, the heroes, the town and the time."""

from __future__ import annotations

from ._flow import track
from ._names import Names
from ._rules import decision
from ._state import State, View
from ._work import Work
from ._world import hero_health, hero_range, hero_strength

__all__ = ["LEGEND", "render_text"]

_TERRAIN = {"plains": ".", "forest": "f", "mountain": "^", "lake": "~", "town": "#"}
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
    "seer": "S",
    "grendel": "G",
    "surt": "U",
    "hrungbald": "H",
    "nidhuggr": "N",
}
LEGEND = (
    "map: . plains  f forest  ^ mountain  ~ lake  # Grimheim  = road (plains)  1-4 heroes\n"
    "monsters: g goblin b brute t troll s sprite e elemental j jotunn i imp k skeleton d draugr;"
    " legends Q queen S seer G grendel U surt H hrungbald N nidhuggr"
)
"""The key to :func:`render_text`'s map."""


def render_text(position: State | View) -> str:
    """The board (pointy-top hexes, one character each, rows shifted), then the time track, the
    town, every hero (cards in play with their mana ``m``, damage markers ``d`` and markers
    ``x``; the hand the position shows; the quest on top and its progress), the monsters hurt
    (damage taken of health, ``Troll 7,9 damage 2/7``, as for the heroes and in
    :func:`~grimheim.render_svg`) and those pinned or with a bounty, and who must answer and the
    question. Heroes, cards and monsters go by their printed names.

    >>> from grimheim import Config, new_game
    >>> print(render_text(new_game(Config(heroes=("bjorn",)), seed=1)).splitlines()[0])
    Defenders of Grimheim: spot 1/12 (axes), town 4/4, 6 monsters
    """
    w = Work.of(position)
    geo = w.geo
    spots = track(w)
    spot = spots[w.time]
    lines = [
        f"Defenders of Grimheim: spot {w.time + 1}/{len(spots)} ({spot.kind}),"  # type: ignore[attr-defined]
        f" town {w.town}/{2 + 2 * len(w.heroes)}, {len(w.monsters)}"
        f" monster{'' if len(w.monsters) == 1 else 's'}"
    ]
    cells: dict[tuple[int, int], str] = {}
    for area, h in enumerate(geo.hexes[: geo.town]):
        char = _TERRAIN[geo.terrain[area]]
        if geo.road[area] and char == ".":
            char = "="
        cells[(h.x, h.y)] = char
    for x, y in w.config.pack.map.grimheim:
        cells[(x, y)] = "#"
    for m in w.monsters.values():
        h = geo.hexes[m.at]
        cells[(h.x, h.y)] = _MONSTERS.get(m.kind, "?")
    for seat, hero in enumerate(w.heroes):
        if hero.at != geo.town:
            h = geo.hexes[hero.at]
            cells[(h.x, h.y)] = str(seat + 1)
    ys = sorted({y for _, y in cells})
    left = min(2 * x + y for x, y in cells)
    for y in ys:
        row = sorted((2 * x + y - left, c) for (x, yy), c in cells.items() if yy == y)
        text = [" "] * (row[-1][0] + 1)
        for col, char in row:
            text[col] = char
        lines.append(f"{y:>3} " + "".join(text).rstrip())
    names = Names(w.config)
    for seat, hero in enumerate(w.heroes):
        where = "Grimheim" if hero.at == geo.town else str(geo.hexes[hero.at])
        cards = ", ".join(
            names.card(c.id)
            + ("" if c.side == 1 else " II")
            + (f" {c.mana}m" if c.mana else "")
            + (f" {c.damage}d" if c.damage else "")
            + (f" {c.counters}x" if c.counters else "")
            for c in hero.cards
        )
        lines.append(
            f"{seat + 1} {names.hero(seat)}: {where},"
            f" damage {hero.damage}/{hero_health(w.config, hero)},"
            f" gold {hero.gold}, dice {hero_strength(w.config, hero)},"
            f" range {hero_range(w.config, hero)}, hand {len(hero.hand)}; {cards}"
        )
        known = [names.card(card) for card in hero.hand if card]
        if known:  # the cards the position shows: every hand of a state, a view's own hand
            lines.append(f"  in hand: {', '.join(known)}")
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
    if hurt:
        lines.append("hurt: " + "; ".join(hurt))
    marked = [
        f"{names.kind(m.kind, m.side)} {geo.hexes[m.at]}"
        + (" pinned" if m.pinned else "")
        + (f" bounty {m.bounty}" if m.bounty else "")
        for m in monsters
        if m.pinned or m.bounty
    ]
    if marked:
        lines.append("marked: " + "; ".join(marked))
    if w.won is not None:
        lines.append(
            "game over: " + ("Freya's Well stands, the heroes win" if w.won else "the town fell")
        )
    else:
        asked = decision(position)
        if asked is None or asked.seat < 0:
            lines.append("to answer: chance")
        else:
            lines.append(f"to answer: seat {asked.seat} ({names.hero(asked.seat)}): {asked.prompt}")
    return "\n".join(lines)
