"""Convert the Grimheim reference material into the ``grimheim`` content files.

Usage::

    python scripts/convert_grimheim.py /path/to/reference/grimheim src/grimheim/content

The reference directory holds the pipe-separated ``*_material.csv`` files of an open-source
adaptation of *Fate: Defenders of Grimheim* (see its README). This script carries over the facts
only -- names, numbers, the map, spawn patterns -- and writes ``map.json``, ``monsters.json``,
``monster_cards.json``, ``time.json``, ``dice.json``, ``heroes.json`` and ``cards.json``. It never
reads the printed rules or flavour text of a card into its output (the ``effect``, ``ftext``,
``flavour`` and ``tooltip`` columns, nor the adaptation's own effect expressions ``r``/``on``/
``quest_r``). The output is deterministic: the same input always gives byte-identical files.

CSV format: the first line is the header; ``#set column=value`` sets ``column`` for every row
below it (``{column}`` in the value is filled from the row; settings whose name starts with ``_``
are hints for the adaptation's own generator and are ignored); any other line starting with ``#``
is a comment, and so are the commented-out expansion rows.

Standard library only; no third-party dependency.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

JSONValue: TypeAlias = "bool | int | str | Sequence[JSONValue] | Mapping[str, JSONValue] | None"
Row: TypeAlias = dict[str, str]
Hex: TypeAlias = tuple[int, int]

SKIPPED_TEXT_COLUMNS = frozenset({"effect", "ftext", "flavour", "tooltip", "r", "on", "quest_r"})

# The location names of the data and the monster faction each one spawns (reference README).
LOCATION_FACTIONS: dict[str, str | None] = {
    "DarkForest": "trollkin",
    "OgreValley": "trollkin",
    "TrollCaves": "trollkin",
    "Highlands": "fire_horde",
    "SpewingMountain": "fire_horde",
    "TempleRuins": "fire_horde",
    "WyrmLair": "fire_horde",
    "DeadPlains": "dead",
    "MarshOfSorrow": "dead",
    "Nailfare": "dead",
    "RobberCamp": None,
    "WitchCabin": None,
}
GRIMHEIM = "Grimheim"
# The data spell the ship Naglfar "Nailfare"; our ids and names use the published spelling.
LOCATION_RENAMES = {"Nailfare": ("naglfar", "Naglfar")}

FACTION_IDS = {"trollkin": "trollkin", "firehorde": "fire_horde", "dead": "dead", "wyrm": "wyrm"}
FACTION_NAMES = {"trollkin": "Trollkin", "fire_horde": "Fire Horde", "dead": "Dead"}
FACTION_LETTERS = {
    "trollkin": {"G": "goblin", "B": "brute", "T": "troll"},
    "fire_horde": {"S": "sprite", "E": "elemental", "J": "jotunn"},
    "dead": {"I": "imp", "S": "skeleton", "D": "draugr"},
}
KIND_ORDER = (
    *("goblin", "brute", "troll"),
    *("sprite", "elemental", "jotunn"),
    *("imp", "skeleton", "draugr"),
)
# Legend N of the data (monster_legend_N_side) -> our id.
LEGEND_IDS = {1: "queen", 2: "seer", 3: "grendel", 4: "surt", 5: "hrungbald", 6: "nidhuggr"}

# Rules defaults where the data leave a value blank (rules/grimheim.md): move 1, armor 0,
# attack range 1 -- 2 for the Fire Horde -- and Surt's red side has range 3.
DEFAULT_MOVE = 1
DEFAULT_ARMOR = 0
FACTION_RANGE = {"fire_horde": 2}
LEGEND_RANGE_OVERRIDES = {("surt", 2): 3}

ATTACK_FACES = {"miss": "miss", "rune": "rune", "hitcov": "hit_unless_cover", "hit": "hit"}
MONSTER_FACES = {
    "maneuver_1": "maneuver_cw",
    "maneuver_2": "maneuver_ccw",
    "attack": "attack",
    "push": "push",
    "charge": "charge",
    "ambush": "ambush",
}

# Clock positions of ``dir`` -> axial offset (pointy-top hexes, y grows downwards).
DIRECTIONS: dict[int, Hex] = {1: (1, -1), 3: (1, 0), 5: (0, 1), 7: (-1, 1), 9: (-1, 0), 11: (0, -1)}

SET_RE = re.compile(r"^#set\s+(\w+)=(.*)$")
TEMPLATE_RE = re.compile(r"\{(\w+)\}")
SIDE_RE = re.compile(r"^(.*) (I|II)$")


class ConversionError(Exception):
    """The reference data break an assumption of this conversion."""


# --------------------------------------------------------------------------- reading


def read_material(path: Path) -> list[Row]:
    """Read one ``*_material.csv`` file into rows keyed by column, honouring ``#set``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ConversionError(f"{path.name}: empty file")
    header = next(csv.reader([lines[0]], delimiter="|"))
    settings: dict[str, str] = {}
    rows: list[Row] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        if line.startswith("#"):
            match = SET_RE.match(line.strip())
            if match and not match.group(1).startswith("_"):
                settings[match.group(1)] = match.group(2)
            continue
        values = next(csv.reader([line], delimiter="|"))
        if len(values) > len(header):
            extra = values[len(header) :]
            if any(v.strip() for v in extra):
                raise ConversionError(f"{path.name}:{number}: more values than columns")
            values = values[: len(header)]
        row = {column: value.strip() for column, value in zip(header, values, strict=False)}
        for column in header[len(values) :]:
            row[column] = ""
        for column, template in settings.items():
            if column not in header:
                row[column] = fill(template, row)
        row["_line"] = str(number)
        rows.append(row)
    return rows


def fill(template: str, row: Row) -> str:
    """Fill the ``{column}`` placeholders of a ``#set`` value from ``row``."""
    return TEMPLATE_RE.sub(lambda match: row.get(match.group(1), ""), template)


def opt_int(value: str) -> int | None:
    return int(value) if value.strip() else None


def int_or(value: str, default: int) -> int:
    number = opt_int(value)
    return default if number is None else number


def req_int(row: Row, column: str, where: str) -> int:
    value = row.get(column, "")
    if not value.strip():
        raise ConversionError(f"{where}: column {column!r} is blank")
    return int(value)


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def location_id(name: str) -> str:
    return LOCATION_RENAMES[name][0] if name in LOCATION_RENAMES else snake(name)


# --------------------------------------------------------------------------- map


@dataclass(frozen=True)
class Board:
    """``map.json`` and what the other conversions need from the map."""

    document: dict[str, JSONValue]
    hex_ids: dict[str, Hex]  # the data's hex ids (``hex_{x}_{y}``) -> coordinates
    factions: dict[str, str | None]  # location id -> faction


def convert_map(ref: Path) -> Board:
    names = {row["id"]: row["name"] for row in read_material(ref / "strings_material.csv")}
    hexes: list[dict[str, JSONValue]] = []
    grimheim: list[Hex] = []
    areas: dict[str, list[Hex]] = {}
    hex_ids: dict[str, Hex] = {}
    rows: list[tuple[Hex, Row]] = []
    for row in read_material(ref / "map_material.csv"):
        where = f"map_material.csv:{row['_line']}"
        xy = (req_int(row, "x", where), req_int(row, "y", where))
        if xy in (r[0] for r in rows):
            raise ConversionError(f"{where}: hex {xy} twice")
        rows.append((xy, row))
        if row.get("id"):
            hex_ids[row["id"]] = xy
    for xy, row in sorted(rows, key=lambda r: (r[0][1], r[0][0])):
        where = f"map_material.csv:{row['_line']}"
        loc = row["loc"]
        if loc == GRIMHEIM:
            grimheim.append(xy)
            continue
        if loc and loc not in LOCATION_FACTIONS:
            raise ConversionError(f"{where}: unknown location {loc!r}")
        if loc:
            areas.setdefault(loc, []).append(xy)
        hexes.append(
            {
                "x": xy[0],
                "y": xy[1],
                "terrain": row["terrain"],
                "road": row["road"] == "1",
                "dir": opt_int(row["dir"]),
                "location": location_id(loc) if loc else None,
            }
        )
    locations: list[dict[str, JSONValue]] = []
    for loc in sorted(areas, key=location_id):
        display = LOCATION_RENAMES[loc][1] if loc in LOCATION_RENAMES else names[loc]
        locations.append(
            {
                "id": location_id(loc),
                "name": display,
                "faction": LOCATION_FACTIONS[loc],
                "areas": [list(a) for a in sorted(areas[loc], key=lambda a: (a[1], a[0]))],
                "spill": [list(a) for a in SPILL.get(loc, ())],
            }
        )
    bonus = convert_bonus(areas)
    document: dict[str, JSONValue] = {
        "name": "standard",
        "version": 2,
        "hexes": hexes,
        "grimheim": [list(g) for g in sorted(grimheim, key=lambda a: (a[1], a[0]))],
        "locations": locations,
        "bonus": bonus,
    }
    factions = {location_id(loc): LOCATION_FACTIONS[loc] for loc in sorted(areas, key=location_id)}
    return Board(document, hex_ids, factions)


# Ruling G16 of the rules page: some Highlands monster cards list 11 or 12 placements, but the map
# marks 10 Highlands areas. The placements beyond the tenth go to the two unnamed mountain areas
# that border the Highlands to the north, in (y, x) order (monsters may stand in mountains).
SPILL: dict[str, tuple[Hex, ...]] = {"Highlands": ((11, 13), (10, 14))}


# The reference CSVs do not say on which area of a location each set-up bonus lies. The printed
# set-up (steps 3-5) puts 3 damage in the Troll Caves, 3 mana in Naglfar and 3 gold in Naglfar
# (ruling G23 of the rules page, revised: the printed rules win). The areas: damage on hex (5, 7)
# and mana on hex (17, 5), where the same open-source adaptation's set-up code places them (its
# integration test of map encounters); the gold on Naglfar's other area, hex (16, 5) (that
# adaptation puts it in the Wyrm Lair, on hex (5, 17), against the printed text).
BONUS_AREAS: tuple[tuple[str, str, Hex], ...] = (
    ("damage", "TrollCaves", (5, 7)),
    ("mana", "Nailfare", (17, 5)),
    ("gold", "Nailfare", (16, 5)),
)


def convert_bonus(areas: Mapping[str, Sequence[Hex]]) -> list[dict[str, JSONValue]]:
    bonus: list[dict[str, JSONValue]] = []
    for kind, loc, at in BONUS_AREAS:
        if at not in areas.get(loc, ()):
            raise ConversionError(f"bonus {kind}: {at} is not an area of {loc}")
        bonus.append({"kind": kind, "amount": 3, "at": list(at)})
    return bonus


# --------------------------------------------------------------------------- monsters


def convert_monsters(ref: Path, board: Board) -> tuple[dict[str, JSONValue], dict[int, Hex]]:
    """Return ``monsters.json`` and the heroes' starting hexes by hero number."""
    kinds: dict[str, dict[str, JSONValue]] = {}
    legends: dict[str, tuple[str, str]] = {}  # id -> (name, faction)
    legend_sides: dict[str, dict[int, dict[str, JSONValue]]] = {}
    starts: dict[int, Hex] = {}
    for row in read_material(ref / "monster_material.csv"):
        where = f"monster_material.csv:{row['_line']}"
        ident, types = row["id"], row["type"].split()
        if "hero" in types:
            starts[int(ident.removeprefix("hero_"))] = board.hex_ids[row["location"]]
        elif "legend" in types:
            number, side = (int(p) for p in ident.removeprefix("monster_legend_").split("_"))
            legend = LEGEND_IDS[number]
            faction = FACTION_IDS[row["faction"]]
            legends.setdefault(legend, (row["name"].rsplit(" (", 1)[0], faction))
            default_range = FACTION_RANGE.get(faction, 1)
            legend_sides.setdefault(legend, {})[side] = {
                "side": side,
                "strength": req_int(row, "strength", where),
                "health": req_int(row, "health", where),
                "xp": req_int(row, "xp", where),
                "move": int_or(row["move"], DEFAULT_MOVE),
                "armor": int_or(row["armor"], DEFAULT_ARMOR),
                "range": LEGEND_RANGE_OVERRIDES.get((legend, side), default_range),
            }
        elif "monster" in types and row["faction"] in FACTION_IDS:
            faction = FACTION_IDS[row["faction"]]
            kind = ident.removeprefix("monster_")
            kinds[kind] = {
                "id": kind,
                "name": row["name"],
                "faction": faction,
                "rank": req_int(row, "rank", where),
                "strength": req_int(row, "strength", where),
                "health": req_int(row, "health", where),
                "xp": req_int(row, "xp", where),
                "move": int_or(row["move"], DEFAULT_MOVE),
                "armor": int_or(row["armor"], DEFAULT_ARMOR),
                "range": FACTION_RANGE.get(faction, 1),
                "count": req_int(row, "count", where),
            }
        # Anything else (the adaptation's synthetic "Gold Vein" target) is not a monster.
    if sorted(kinds) != sorted(KIND_ORDER):
        raise ConversionError(f"monster kinds: {sorted(kinds)}")
    factions: list[dict[str, JSONValue]] = []
    for faction, name in FACTION_NAMES.items():
        letters = FACTION_LETTERS[faction]
        if any(kinds[k]["faction"] != faction for k in letters.values()):
            raise ConversionError(f"faction {faction}: letters {letters}")
        factions.append(
            {
                "id": faction,
                "name": name,
                "letters": dict(letters),
                "locations": [loc for loc, f in board.factions.items() if f == faction],
            }
        )
    document: dict[str, JSONValue] = {
        "kinds": [kinds[k] for k in KIND_ORDER],
        "factions": factions,
        "legends": [
            {
                "id": legend,
                "name": legends[legend][0],
                "faction": legends[legend][1],
                "sides": [legend_sides[legend][side] for side in sorted(legend_sides[legend])],
            }
            for legend in LEGEND_IDS.values()
        ],
    }
    return document, starts


def convert_monster_cards(ref: Path, board: Board) -> dict[str, JSONValue]:
    cards: list[dict[str, JSONValue]] = []
    rows = read_material(ref / "monstercard_material.csv")
    for row in sorted(rows, key=lambda r: int(r["num"])):
        where = f"monstercard_material.csv:{row['_line']}"
        location = location_id(row["spawnloc"])
        if location not in board.factions:
            raise ConversionError(f"{where}: unknown location {row['spawnloc']!r}")
        if row["ctype"] not in ("yellow", "red"):
            raise ConversionError(f"{where}: unknown deck {row['ctype']!r}")
        legend = None
        if row["legend"]:
            legend = LEGEND_IDS[int(row["legend"].removeprefix("monster_legend_").split("_")[0])]
        num = req_int(row, "num", where)
        cards.append(
            {
                "id": f"m{num}",
                "num": num,
                "name": row["name"],
                "deck": row["ctype"],
                "location": location,
                "pattern": row["spawn"],
                "legend": legend,
            }
        )
    return {"cards": cards}


# --------------------------------------------------------------------------- time track, dice


def convert_time(ref: Path) -> dict[str, JSONValue]:
    tracks: dict[str, list[tuple[int, dict[str, JSONValue]]]] = {"1": [], "2": []}
    for row in read_material(ref / "time_material.csv"):
        track = row["id"].removeprefix("slot_timetrack_").split("_")[0]
        _, colour, kind = row["r"].split("_")
        num = req_int(row, "num", f"time_material.csv:{row['_line']}")
        tracks[track].append((num, {"colour": colour, "kind": kind}))
    short, long = (sorted(tracks[t], key=lambda s: s[0]) for t in ("1", "2"))
    for spots in (short, long):
        if [n for n, _ in spots] != list(range(1, len(spots) + 1)):
            raise ConversionError("time track: spots are not numbered 1..n")
    return {"short": [s for _, s in short], "long": [s for _, s in long]}


def convert_dice(ref: Path) -> dict[str, JSONValue]:
    faces: dict[str, list[tuple[int, str]]] = {"attack": [], "monster": []}
    names = {"attack": ATTACK_FACES, "monster": MONSTER_FACES}
    for row in read_material(ref / "dice_material.csv"):
        die = row["dtype"]
        faces[die].append((int(row["side"]), names[die][row["rule"]]))
    return {die: [face for _, face in sorted(sides)] for die, sides in faces.items()}


# --------------------------------------------------------------------------- heroes and cards


def hero_ids(ref: Path) -> dict[int, tuple[str, str]]:
    """Hero number -> (id, name), from the hero miniatures of ``monster_material.csv``."""
    heroes: dict[int, tuple[str, str]] = {}
    for row in read_material(ref / "monster_material.csv"):
        if "hero" in row["type"].split():
            name = row["name"]
            heroes[int(row["id"].removeprefix("hero_"))] = (name.lower(), name)
    return heroes


def convert_heroes(
    ref: Path, heroes: Mapping[int, tuple[str, str]], starts: Mapping[int, Hex]
) -> dict[str, JSONValue]:
    sides: dict[int, dict[int, dict[str, JSONValue]]] = {}
    for row in read_material(ref / "card_hero_material.csv"):
        where = f"card_hero_material.csv:{row['_line']}"
        side = req_int(row, "num", where)
        sides.setdefault(int(row["hno"]), {})[side] = {
            "side": side,
            "strength": req_int(row, "strength", where),
            "health": req_int(row, "health", where),
        }
    out: list[dict[str, JSONValue]] = []
    for hno, (ident, name) in sorted(heroes.items()):
        out.append(
            {
                "id": ident,
                "name": name,
                "sides": [sides[hno][side] for side in sorted(sides[hno])],
                "start": list(starts[hno]),
            }
        )
    return {"heroes": out}


def convert_cards(ref: Path, heroes: Mapping[int, tuple[str, str]]) -> dict[str, JSONValue]:
    return {
        "abilities": convert_abilities(ref, heroes),
        "equipment": convert_equipment(ref, heroes),
        "events": convert_events(ref, heroes),
    }


def convert_abilities(
    ref: Path, heroes: Mapping[int, tuple[str, str]]
) -> list[dict[str, JSONValue]]:
    """Abilities come as two rows, ``Name I`` (number n, odd) and ``Name II`` (number n + 1).

    The starting ability is each hero's lowest-numbered ability (number 3, the first card after
    the two-sided hero card).
    """
    pairs: dict[tuple[int, str], dict[int, Row]] = {}
    for row in read_material(ref / "card_ability_material.csv"):
        match = SIDE_RE.match(row["name"])
        if match is None:
            raise ConversionError(f"card_ability_material.csv:{row['_line']}: no side I/II")
        side = 1 if match.group(2) == "I" else 2
        pairs.setdefault((int(row["hno"]), match.group(1)), {})[side] = row
    out: list[dict[str, JSONValue]] = []
    for hno, (ident, _) in sorted(heroes.items()):
        mine = sorted(
            ((int(rows[1]["num"]), name, rows) for (h, name), rows in pairs.items() if h == hno),
        )
        for index, (num, name, rows) in enumerate(mine, start=1):
            if sorted(rows) != [1, 2] or int(rows[2]["num"]) != num + 1:
                raise ConversionError(f"ability {name!r} of hero {hno}: sides {sorted(rows)}")
            out.append(
                {
                    "id": f"{ident}-a{index}",
                    "hero": ident,
                    "num": num,
                    "name": name,
                    "starting": index == 1,
                    "sides": [
                        {
                            "side": side,
                            "mana": opt_int(rows[side]["mana"]),
                            "strength": opt_int(rows[side]["strength"]),
                            "health": opt_int(rows[side]["health"]),
                            "range": opt_int(rows[side]["attack_range"]),
                        }
                        for side in (1, 2)
                    ],
                }
            )
    return out


def convert_equipment(
    ref: Path, heroes: Mapping[int, tuple[str, str]]
) -> list[dict[str, JSONValue]]:
    """The starting equipment is each hero's lowest-numbered one (15), the only one without a
    quest."""
    rows = read_material(ref / "card_equip_material.csv")
    out: list[dict[str, JSONValue]] = []
    for hno, (ident, _) in sorted(heroes.items()):
        mine = sorted((r for r in rows if int(r["hno"]) == hno), key=lambda r: int(r["num"]))
        for index, row in enumerate(mine, start=1):
            starting = index == 1
            quest = bool(row["quest"])
            if starting == quest:
                raise ConversionError(f"equipment {row['name']!r}: starting={starting}")
            out.append(
                {
                    "id": f"{ident}-e{index}",
                    "hero": ident,
                    "num": int(row["num"]),
                    "name": row["name"],
                    "starting": starting,
                    "strength": opt_int(row["strength"]),
                    "health": opt_int(row["health"]),
                    "durability": opt_int(row["durability"]),
                    "mana": opt_int(row["mana"]),
                    "range": opt_int(row["attack_range"]),
                    "main_weapon": row["mw"] == "1",
                    "quest": quest,
                }
            )
    return out


def convert_events(ref: Path, heroes: Mapping[int, tuple[str, str]]) -> list[dict[str, JSONValue]]:
    rows = read_material(ref / "card_event_material.csv")
    out: list[dict[str, JSONValue]] = []
    for hno, (ident, _) in sorted(heroes.items()):
        mine = sorted((r for r in rows if int(r["hno"]) == hno), key=lambda r: int(r["num"]))
        for index, row in enumerate(mine, start=1):
            out.append(
                {
                    "id": f"{ident}-v{index}",
                    "hero": ident,
                    "num": int(row["num"]),
                    "name": row["name"],
                    "count": req_int(row, "count", f"card_event_material.csv:{row['_line']}"),
                }
            )
    return out


# --------------------------------------------------------------------------- writing


def inline(value: JSONValue) -> str:
    """One-line JSON with a space after ``,`` and ``:``, keys in insertion order."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{quote(k)}: {inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    return quote(value)


def quote(value: bool | int | str | None) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(document: Mapping[str, JSONValue]) -> str:
    """A top-level object, 2-space indent, one list element per line."""
    parts = []
    for key, value in document.items():
        if isinstance(value, Sequence) and not isinstance(value, str) and value:
            items = ",\n".join(f"    {inline(v)}" for v in value)
            parts.append(f"  {quote(key)}: [\n{items}\n  ]")
        else:
            parts.append(f"  {quote(key)}: {inline(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def check_no_text(document: JSONValue, texts: frozenset[str]) -> None:
    """Fail if any string of the output is one of the reference's card or flavour texts."""
    if isinstance(document, str):
        if document in texts:
            raise ConversionError(f"a card text leaked into the output: {document[:40]!r}")
    elif isinstance(document, Mapping):
        for value in document.values():
            check_no_text(value, texts)
    elif isinstance(document, Sequence):
        for value in document:
            check_no_text(value, texts)


def card_texts(ref: Path) -> frozenset[str]:
    texts: set[str] = set()
    for path in sorted(ref.glob("*_material.csv")):
        for row in read_material(path):
            texts.update(v for k, v in row.items() if k in SKIPPED_TEXT_COLUMNS and v)
    return frozenset(texts)


def convert(ref: Path, out: Path) -> dict[str, str]:
    """Convert every file; return file name -> rendered text."""
    board = convert_map(ref)
    monsters, starts = convert_monsters(ref, board)
    heroes = {n: h for n, h in hero_ids(ref).items() if n in starts}
    documents: dict[str, dict[str, JSONValue]] = {
        "map.json": board.document,
        "monsters.json": monsters,
        "monster_cards.json": convert_monster_cards(ref, board),
        "time.json": convert_time(ref),
        "dice.json": convert_dice(ref),
        "heroes.json": convert_heroes(ref, heroes, starts),
        "cards.json": convert_cards(ref, heroes),
    }
    texts = card_texts(ref)
    rendered: dict[str, str] = {}
    for name, document in documents.items():
        check_no_text(document, texts)
        rendered[name] = render(document)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in rendered.items():
        (out / name).write_text(text, encoding="utf-8", newline="\n")
    return rendered


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("reference", type=Path, help="the reference/grimheim directory")
    parser.add_argument("output", type=Path, help="where to write the JSON files")
    args = parser.parse_args(argv)
    try:
        rendered = convert(args.reference, args.output)
    except (ConversionError, KeyError, ValueError) as error:
        print(f"convert_grimheim: {error}", file=sys.stderr)
        return 1
    for name in rendered:
        print(args.output / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
