"""An SVG picture of a position: the pending decision, the map (terrain, roads, monster paths,
named places, bonus markers, Grimheim and its town pieces, every monster and hero), the time
track, a key, and a panel per hero.

The picture is one standalone SVG document built as a string; everything in it comes from the
position and its content pack. Each piece has an ``id`` and ``class`` names for tests and front
ends (``hex-9-5`` with classes ``hex plains``, ``monster troll``, ``hero seat-0``, ``town``,
``time-spot current``, ``hero-panel`` …) and a ``<title>``, which browsers show as a tooltip.
Colours are presentation attributes, so a page's CSS can override them.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar, cast

import attrs

from tabletop_rules import (
    CHANCE,
    Clicks,
    Decision,
    Seat,
    join_words,
    plural,
    svg_buttons,
    svg_escape,
    svg_tag,
    svg_title,
)
from tabletop_rules import svg_number as num

from .._actions import Action
from .._content import MonsterCard, Pack, Point, Spot, step_towards
from .._heroes import upgrade_cost
from .._map import CLOCKWISE, Geometry, Hex
from .._query import (
    hero_armor,
    hero_health,
    hero_range,
    hero_strength,
    info,
    move_points,
    side_of,
    track,
)
from .._rules import decision, outcome
from .._state import (
    Ambush,
    CardState,
    Drawing,
    EndOfTurn,
    Frame,
    Granted,
    Hero,
    HeroAttack,
    Monster,
    MonsterAttack,
    MonsterTurn,
    Moving,
    Ramming,
    Reinforcing,
    Resolving,
    Revealing,
    State,
    View,
    Window,
)
from .._work import Work
from .clicks import area_key
from .describe import describe, die_face, faces_text

Attr = str | int | float | None
Style = dict[str, Attr]
XY = tuple[float, float]
T = TypeVar("T")

# -- colours and styles (presentation only: what the pieces are comes from the pack) --------------

TERRAIN_FILL = {
    "plains": "#efe6c4",
    "forest": "#9cc48a",
    "mountain": "#b5ada2",
    "lake": "#9cc9e8",
    "town": "#e6c99b",
}
FACTION_FILL = {"trollkin": "#2e6b2e", "fire_horde": "#c4501b", "dead": "#5a4a7a"}
SPARE_FILLS = ("#7a1f1f", "#37474f", "#6d4c41", "#455a64")
"""Colours of the factions :data:`FACTION_FILL` does not name (Nidhuggr's wyrm …), in order."""
SEAT_FILL = ("#1f5fbf", "#c2185b", "#00897b", "#a0740a")
DECK_FILL = {"yellow": "#f4d35e", "red": "#e07a5f"}
MARKER_FILL = {"damage": "#c0392b", "mana": "#2e86c1", "gold": "#c9a10a"}
CARD_FILL = {"hero": "#f6e7c8", "ability": "#dde9f6", "equipment": "#e8e8e4", "event": "#f6dede"}
INK = "#2b2620"
FAINT = "#5a5247"
EDGE = "#8a8170"
WHITE = "#ffffff"
LEGEND_RING = "#f1c40f"

HEX_EDGE: Style = {"stroke": EDGE, "stroke_width": 0.6}
ROADS: Style = {
    "fill": "none",
    "stroke": "#9a6f43",
    "stroke_width": 4.0,
    "stroke_linecap": "round",
    "stroke_opacity": 0.75,
}
PATHS: Style = {
    "fill": "none",
    "stroke": INK,
    "stroke_width": 1.1,
    "stroke_opacity": 0.4,
    "stroke_linecap": "round",
}
BORDER: Style = {
    "fill": "none",
    "stroke": "#5b4a32",
    "stroke_width": 1.3,
    "stroke_dasharray": "4 2",
    "stroke_opacity": 0.8,
}
TOWN_BORDER: Style = {"fill": "none", "stroke": "#7b4f24", "stroke_width": 2.5}
PLACE: Style = {"font_style": "italic", "fill": "#3a2f1f"}
HALO: Style = {"stroke": "#fffdf5", "stroke_width": 3.0, "stroke_opacity": 0.85}
STANDING: Style = {"fill": "#8b3a2b", "stroke": "#5d2a1e", "stroke_width": 0.8}
FALLEN: Style = {**STANDING, "fill": "none", "stroke_dasharray": "1.5 1"}
ASKED_RING: Style = {"fill": "none", "stroke": INK, "stroke_width": 2, "stroke_dasharray": "3 2"}
TOKEN_EDGE: Style = {"stroke": WHITE, "stroke_width": 1.2}
LEGEND_EDGE: Style = {"stroke": LEGEND_RING, "stroke_width": 2.5}
HIDDEN_CARD: Style = {"fill": "#7d5a44", "stroke": "#4e3629", "stroke_width": 0.8}
PIP: Style = {"stroke": "#8d8373", "stroke_width": 0.6}

ROMAN = {1: "I", 2: "II"}
SPOT_MEANING = {
    "axes": "reinforcements, a monster card per hero from the spot's deck",
    "shield": "nothing happens",
    "skull": "every monster charges (no reinforcements)",
}

# -- sizes ----------------------------------------------------------------------------------------

R = 22.0
"""The radius of a hex (centre to corner)."""
COL = math.sqrt(3) * R
ROW = 1.5 * R
MARGIN = 14.0
MIN_WIDTH = 480.0
TRACK = 78.0
CARD_W, CARD_H, CARD_GAP = 100.0, 54.0, 5.0
HAND_H = 18.0
KEY_LINE = 18.0


# -- SVG text -------------------------------------------------------------------------------------


def xy(point: XY) -> str:
    """A point of path data."""
    return f"{num(point[0])},{num(point[1])}"


def text(
    x: float,
    y: float,
    words: str,
    size: float = 9.0,
    *,
    bold: bool = False,
    anchor: str | None = None,
    fill: str = INK,
    **attributes: Attr,
) -> str:
    """A ``<text>`` (the words escaped)."""
    weight = "bold" if bold else None
    return svg_tag(
        "text",
        svg_escape(words),
        x=x,
        y=y,
        font_size=size,
        font_weight=weight,
        text_anchor=anchor,
        fill=fill,
        **attributes,
    )


def label(x: float, y: float, words: str, size: float, fill: str = WHITE, **more: Attr) -> str:
    """Bold words centred on ``x``: the label of a token."""
    return text(x, y, words, size, bold=True, anchor="middle", fill=fill, **more)


def rect(x: float, y: float, width: float, height: float, rx: float, **style: Attr) -> str:
    """A rounded rectangle."""
    return svg_tag("rect", x=x, y=y, width=width, height=height, rx=rx, **style)


def circle(x: float, y: float, r: float, **style: Attr) -> str:
    """A circle."""
    return svg_tag("circle", cx=x, cy=y, r=r, **style)


def path(d: str, *body: str, **style: Attr) -> str:
    """A path (``body``: its title, if any)."""
    return svg_tag("path", "".join(body), d=d, **style)


def group(children: Iterable[str], **attributes: Attr) -> str:
    """A ``<g>`` of the children."""
    return svg_tag("g", "".join(children), **attributes)


def at(x: float, y: float) -> str:
    """A ``transform`` moving a group to ``(x, y)``."""
    return f"translate({num(x)},{num(y)})"


def fit(words: str, chars: int) -> str:
    """``words`` cut to ``chars`` characters, with an ellipsis where cut."""
    return words if len(words) <= chars else words[: chars - 1].rstrip() + "…"


def classes(*names: str | None) -> str:
    """Class names, the empty ones left out."""
    return " ".join(n for n in names if n)


# -- hex geometry ---------------------------------------------------------------------------------


def centre(cell: Point) -> XY:
    """The pixel centre of an axial hex (pointy-top)."""
    x, y = cell
    return COL * (x + y / 2), ROW * y


def towards(point: XY, degrees: float, radii: float) -> XY:
    """The point ``radii`` hex radii from ``point`` at ``degrees`` (clockwise from east)."""
    angle = math.radians(degrees)
    return point[0] + radii * R * math.cos(angle), point[1] + radii * R * math.sin(angle)


def hexagon(point: XY, radii: float = 1.0) -> str:
    """The corners of a hex centred at ``point``, as polygon points."""
    return " ".join(xy(towards(point, 30 + 60 * i, radii)) for i in range(6))


def heading(clock: int) -> float:
    """The screen angle (degrees clockwise from east) of a clock direction."""
    dx, dy = centre(step_towards(0, 0, clock))
    return math.degrees(math.atan2(dy, dx))


def outline(cells: set[Point]) -> str:
    """Path data of the border of a group of hexes: each edge with no hex of the group beyond."""
    found = []
    for cell in sorted(cells):
        for clock in CLOCKWISE:
            if step_towards(*cell, clock) not in cells:
                angle = heading(clock)
                a, b = towards(centre(cell), angle - 30, 1), towards(centre(cell), angle + 30, 1)
                found.append(f"M{xy(a)}L{xy(b)}")
    return "".join(found)


def middle(cells: Iterable[Point]) -> XY:
    """The mean of the hexes' centres."""
    found = [centre(c) for c in cells]
    return sum(x for x, _ in found) / len(found), sum(y for _, y in found) / len(found)


def arrow(cell: Point, angle: float) -> str:
    """Path data of a small arrow in a hex, pointing at ``angle``."""
    tail, tip = towards(centre(cell), angle, 0.2), towards(centre(cell), angle, 0.72)
    left, right = towards(tip, angle + 150, 0.3), towards(tip, angle - 150, 0.3)
    return f"M{xy(tail)}L{xy(tip)}M{xy(left)}L{xy(tip)}L{xy(right)}"


# -- what the picture is drawn from ---------------------------------------------------------------


@attrs.frozen
class Picture:
    """A position being drawn, and what every part of the picture needs from it.

    Attributes:
        position: the state (everything shown) or the view (what its seat may know).
        viewer: the seat whose view is drawn, ``None`` for a whole state.
        work: a read-only wrapper of the position, for the rules' queries.
        asked: the pending decision, ``None`` once the game is over.
        left: the map's leftmost pixel, in map coordinates.
        top: the map's top pixel.
        map_width: the map's width.
        map_height: the map's height.
        clicks: which elements start which of the actions given (none without actions).
    """

    position: State | View
    viewer: Seat | None
    work: Work
    asked: Decision[Frame | None] | None
    left: float
    top: float
    map_width: float
    map_height: float
    clicks: Clicks[Action]

    @classmethod
    def of(cls, position: State | View, clicks: Clicks[Action] | None = None) -> Picture:
        """The picture of ``position``, its map measured, clickable by ``clicks``."""
        left, top, width, height = cached(position.config.pack, "svg-measure", measure)
        return cls(
            clicks=Clicks.none() if clicks is None else clicks,
            position=position,
            viewer=position.seat if isinstance(position, View) else None,
            work=Work.of(position),
            asked=decision(position),
            left=left,
            top=top,
            map_width=width,
            map_height=height,
        )

    @property
    def width(self) -> float:
        """The width of the picture's content (the map, the time track, the key, the panels)."""
        return content_width(self.map_width)

    @property
    def per_row(self) -> int:
        """Cards in a row of a hero's panel."""
        return max(1, int((self.width - 12 + CARD_GAP) // (CARD_W + CARD_GAP)))

    @property
    def pack(self) -> Pack:
        """The content pack."""
        return self.position.config.pack

    @property
    def geo(self) -> Geometry:
        """The compiled map."""
        return self.position.config.geo

    @property
    def spots(self) -> tuple[Spot, ...]:
        """The spots of the game's time track."""
        return track(self.work.config)

    def cell(self, area: int) -> Point:
        """The hex of an area (Grimheim: its centre hex)."""
        h = self.geo.hexes[area]
        return h.x, h.y

    def hero_name(self, seat: Seat) -> str:
        """The display name of the hero of ``seat``."""
        hero_id = self.position.heroes[seat].id
        return next((h.name for h in self.pack.heroes if h.id == hero_id), hero_id.title())

    def seat_name(self, seat: Seat) -> str:
        """``seat 0 (Bjorn)``, or ``chance``."""
        return "chance" if seat == CHANCE else f"seat {seat} ({self.hero_name(seat)})"

    def monster_name(self, monster: Monster) -> str:
        """``Troll``, ``Surt II``."""
        name = monster_names(self.pack)[monster.kind]
        return f"{name} {ROMAN.get(monster.side, monster.side)}" if monster.side else name

    def monster_in(self, area: int) -> str:
        """``the Troll at 9,5``, or ``a monster`` when nothing stands there any more."""
        monster = self.work.monsters.get(area)
        if monster is None:
            return "a monster"
        return f"the {self.monster_name(monster)} at {self.geo.hexes[area]}"

    def card_name(self, card_id: str) -> str:
        """A card's display name; ``?`` for a hidden card."""
        card = self.position.config.cards.get(card_id)
        return "?" if not card_id else card.name if card else card_id

    def hero_cell(self, seat: Seat) -> Point:
        """The hex a hero is drawn in: their area, or in Grimheim their starting hex."""
        hero = self.position.heroes[seat]
        if hero.at != self.geo.town:
            return self.cell(hero.at)
        town = self.pack.map.grimheim
        start = next((h.start for h in self.pack.heroes if h.id == hero.id), None)
        return start if start is not None else town[seat % len(town)]

    def asks(self, seat: Seat) -> bool:
        """Whether ``seat`` must answer now."""
        return self.asked is not None and self.asked.seat == seat


def cached(pack: Pack, name: str, make: Callable[[Pack], T]) -> T:
    """``make(pack)``, kept in the pack's cache: the parts of a picture that only the pack
    decides are drawn once per pack."""
    if name not in pack.cache:
        pack.cache[name] = make(pack)
    return cast(T, pack.cache[name])


def measure(pack: Pack) -> tuple[float, float, float, float]:
    """The map's left and top pixels (in map coordinates), its width and its height."""
    board = pack.map
    found = [centre((h.x, h.y)) for h in board.hexes] + [centre(c) for c in board.grimheim]
    left, top = min(x for x, _ in found) - COL / 2, min(y for _, y in found) - R
    return left, top, max(x for x, _ in found) + COL / 2 - left, max(y for _, y in found) + R - top


def content_width(map_width: float) -> float:
    """The width of the picture's content: the map's, or :data:`MIN_WIDTH`."""
    return max(map_width, MIN_WIDTH)


def monster_names(pack: Pack) -> dict[str, str]:
    """Monster kind and legend ids → display names."""
    found = {k.id: k.name for k in pack.monsters.kinds}
    found.update({leg.id: leg.name for leg in pack.monsters.legends})
    return found


def abbreviations(names: dict[str, str], size: int = 3) -> dict[str, str]:
    """The shortest prefixes of ``names``, from ``size`` letters, that tell them all apart."""
    longest = max((len(n) for n in names.values()), default=size)
    for chars in range(size, longest + 1):
        short = {key: name[:chars] for key, name in names.items()}
        if len(set(short.values())) == len(short):
            return short
    return dict(names)


def faction_fills(pack: Pack) -> dict[str, str]:
    """Every faction of the pack (the legends' included) → its colour."""
    ids = [f.id for f in pack.monsters.factions] + [leg.faction for leg in pack.monsters.legends]
    spare = [f for f in dict.fromkeys(ids) if f not in FACTION_FILL]
    found = {f: SPARE_FILLS[i % len(SPARE_FILLS)] for i, f in enumerate(spare)}
    return {f: FACTION_FILL.get(f) or found[f] for f in ids}


def faction_names(pack: Pack) -> dict[str, str]:
    """Every faction of the pack (the legends' included) → its display name."""
    found = {f.id: f.name for f in pack.monsters.factions}
    for leg in pack.monsters.legends:
        found.setdefault(leg.faction, leg.faction.replace("_", " ").title())
    return found


def seat_fill(seat: Seat) -> str:
    """The colour of a seat."""
    return SEAT_FILL[seat % len(SEAT_FILL)]


def start_town(position: State | View) -> int:
    """The town pieces of the set-up (2, plus 2 per hero), or more if the position holds more."""
    return max(2 + 2 * len(position.heroes), position.town)


# -- the map --------------------------------------------------------------------------------------


def hex_words(pack: Pack) -> dict[Point, str]:
    """The tooltip of every hex of the map: ``9,5: plains, road, Dark Forest``."""
    places = {loc.id: loc.name for loc in pack.map.locations}
    found = {}
    for h in pack.map.hexes:
        road = "road" if h.road else None
        about = ", ".join(a for a in (h.terrain, road, places.get(h.location or "")) if a)
        found[h.x, h.y] = f"{h.x},{h.y}: {about}"
    for x, y in pack.map.grimheim:
        found[x, y] = f"{x},{y}: Grimheim, the town (one area)"
    return found


def _hex(cell: Point, words: str, names: str, fill: str, place: str | None = None) -> str:
    x, y = cell
    return svg_tag(
        "polygon",
        svg_title(words),
        id=f"hex-{x}-{y}",
        class_=names,
        points=hexagon(centre(cell)),
        fill=fill,
        data_location=place,
        **HEX_EDGE,
    )


def _terrain(pack: Pack) -> list[str]:
    words = hex_words(pack)
    found = []
    for h in pack.map.hexes:
        names = classes("hex", h.terrain, "road" if h.road else None)
        fill = TERRAIN_FILL.get(h.terrain, "#dddddd")
        found.append(_hex((h.x, h.y), words[h.x, h.y], names, fill, h.location))
    town = TERRAIN_FILL["town"]
    found += [_hex(c, words[c], "hex town", town) for c in pack.map.grimheim]
    return found


def _roads(pack: Pack) -> str:
    """Each road area joined to the next area of its path (to the edge of a non-road area)."""
    roads = {(h.x, h.y) for h in pack.map.hexes if h.road}
    found = []
    for h in pack.map.hexes:
        if h.road and h.dir is not None:
            nxt = step_towards(h.x, h.y, h.dir)
            a, b = centre((h.x, h.y)), centre(nxt)
            end = b if nxt in roads else ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            found.append(f"M{xy(a)}L{xy(end)}")
    return path("".join(found), svg_title("roads"), id="roads", class_="roads", **ROADS)


def _paths(pack: Pack) -> str:
    found = [arrow((h.x, h.y), heading(h.dir)) for h in pack.map.hexes if h.dir is not None]
    about = svg_title("monster paths: each arrow points to the next area towards Grimheim")
    return path("".join(found), about, id="paths", class_="paths", **PATHS)


def _locations(pack: Pack) -> tuple[list[str], list[str]]:
    """The named places' borders, and their labels."""
    borders, labels = [], []
    factions = faction_names(pack)
    for loc in pack.map.locations:
        about = loc.name + (f" ({factions.get(loc.faction, loc.faction)})" if loc.faction else "")
        names = classes("location", loc.faction)
        d = outline(set(loc.areas))
        borders.append(path(d, svg_title(about), id=f"location-{loc.id}", class_=names, **BORDER))
        x, y = middle(loc.areas)
        words = svg_escape(loc.name)
        place: Style = {"x": x, "y": y + R * 0.62, "font_size": 9.5, "text_anchor": "middle"}
        halo = svg_tag("text", words, **place, **PLACE, **HALO)
        labels.append(
            group(
                [halo, svg_tag("text", words, **place, **PLACE)],
                id=f"label-{loc.id}",
                class_="location-label",
                pointer_events="none",
            )
        )
    return borders, labels


def board(pack: Pack) -> str:
    """What of the map never changes: the terrain, the named places' borders, the roads, the
    monster paths, the places' names and Grimheim's border."""
    borders, labels = _locations(pack)
    town = path(outline(set(pack.map.grimheim)), id="town-border", **TOWN_BORDER)
    return "".join([*_terrain(pack), *borders, _roads(pack), _paths(pack), *labels, town])


def _bonus(pic: Picture) -> list[str]:
    found = []
    for kind, area, amount in pic.position.bonus:
        cell = pic.cell(area)
        x, y = towards(centre(cell), -40, 0.62)
        about = f"{amount} {kind} markers at {cell[0]},{cell[1]}: a hero here may take them"
        marker = circle(x, y, 6.5, fill=MARKER_FILL.get(kind, EDGE), stroke=WHITE)
        found.append(
            group(
                [svg_title(about), marker, label(x, y + 3, str(amount), 8)],
                id=f"bonus-{cell[0]}-{cell[1]}",
                class_=f"bonus {kind}",
                data_amount=amount,
                data_actions=pic.clicks.data(f"bonus-{cell[0]}-{cell[1]}"),
            )
        )
    return found


def house(x: float, y: float, standing: bool = True) -> str:
    """A small house, its top-left corner at ``(x, y)``; hollow when not ``standing``."""
    return path(
        f"M{num(x)},{num(y + 3)}l3.5,-3l3.5,3v5h-7z",
        **(STANDING if standing else FALLEN),
    )


def well(x: float, y: float, standing: bool = True) -> str:
    """Freya's Well, its top-left corner at ``(x, y)``; hollow when not ``standing``."""
    return circle(x + 3.5, y + 4, 3.6, **(STANDING if standing else FALLEN))


def _town(pic: Picture) -> str:
    """Grimheim's name and its town pieces, Freya's Well first (it falls last, G4), then the
    houses; the pieces removed are hollow."""
    cx, cy = middle(pic.pack.map.grimheim)
    total, left = start_town(pic.position), pic.position.town
    cols = min(total, 5)
    pieces = []
    for i in range(total):
        x, y = cx - (cols * 8 - 1) / 2 + 8 * (i % cols), cy - 4 + 10 * (i // cols)
        draw, name, kind = (well, "Freya's Well", "well") if i == 0 else (house, "a house", "house")
        lost = None if i < left else "lost"
        pieces.append(
            group([svg_title(name), draw(x, y, i < left)], class_=classes("town-piece", kind, lost))
        )
    return group(
        [
            svg_title(f"Grimheim: {left} of {total} town pieces left (Freya's Well falls last)"),
            label(cx, cy - 8, "Grimheim", 8, fill="#5d3a17"),
            *pieces,
        ],
        id="town",
        class_="town",
        data_pieces=left,
        data_start=total,
        data_actions=pic.clicks.data(area_key(pic.geo.town)),
    )


def _targets(pic: Picture) -> str:
    """An invisible hex over each area an action may choose (``polygon#target-<x>-<y>.target``,
    Grimheim's seven hexes in ``g#target-grimheim``), with ``data-actions``; ``""`` for none.
    Monsters, heroes and Grimheim's pieces drawn over them carry the actions of their own."""
    clicks, geo = pic.clicks, pic.geo
    if not clicks.keys:
        return ""
    words = cached(pic.pack, "svg-hex-words", hex_words)
    found = []
    for h in pic.pack.map.hexes:
        chosen = clicks.data(area_key(geo.area(Hex(h.x, h.y))))
        if chosen is not None:
            found.append(
                svg_tag(
                    "polygon",
                    svg_title(words[h.x, h.y]),
                    id=f"target-{h.x}-{h.y}",
                    class_="target",
                    data_actions=chosen,
                    points=hexagon(centre((h.x, h.y))),
                    fill=WHITE,
                    fill_opacity=0,
                )
            )
    chosen = clicks.data(area_key(geo.town))
    if chosen is not None:
        town = [
            svg_tag("polygon", points=hexagon(centre(c)), fill=WHITE, fill_opacity=0)
            for c in pic.pack.map.grimheim
        ]
        about = svg_title("Grimheim")
        found.append(
            group([about, *town], id="target-grimheim", class_="target", data_actions=chosen)
        )
    return group(found, id="targets", class_="targets") if found else ""


def _monster(pic: Picture, monster: Monster, short: dict[str, str]) -> str:
    kind = info(pic.position.config, monster)
    health = pic.work.health(monster)
    cell = pic.cell(monster.at)
    x, y = centre(cell)
    faction = faction_names(pic.pack).get(kind.faction, kind.faction)
    about = (
        f"{pic.monster_name(monster)} ({faction}"
        + (" legend" if kind.legend else f", rank {kind.rank}")
        + f") at {cell[0]},{cell[1]}: damage {monster.damage} of {health},"
        + f" strength {kind.strength}, range {kind.range}, moves {kind.move}"
        + (f", armor {kind.armor}" if kind.armor else "")
        + (", pinned: it does not move this monster turn" if monster.pinned else "")
        + (f", bounty {monster.bounty} gold" if monster.bounty else "")
    )
    side = f" {ROMAN.get(monster.side, monster.side)}" if kind.legend else ""
    width = 34.0 if kind.legend else 28.0
    fill = faction_fills(pic.pack)[kind.faction]
    token = rect(x - width / 2, y - 13, width, 26.0, 5, fill=fill, **edge_of(kind.legend))
    hurt = monster.damage > 0
    marks = []
    if monster.pinned:
        marks.append(circle(x - width / 2, y - 13, 5, fill=INK, class_="pin"))
        marks.append(label(x - width / 2, y - 10.5, "P", 7))
    if monster.bounty:
        marks.append(circle(x + width / 2, y - 13, 6, fill=MARKER_FILL["gold"], class_="bounty"))
        marks.append(label(x + width / 2, y - 10.5, str(monster.bounty), 7, INK))
    return group(
        [
            svg_title(about),
            token,
            label(x, y - 1.5, short[monster.kind] + side, 9),
            label(x, y + 9, f"{monster.damage}/{health}", 8, "#ffd54f" if hurt else "#f2f2f2"),
            *marks,
        ],
        id=f"monster-{cell[0]}-{cell[1]}",
        class_=classes(
            "monster",
            monster.kind,
            kind.faction,
            "legend" if kind.legend else None,
            f"side-{monster.side}" if kind.legend else None,
            "hurt" if hurt else None,
            "pinned" if monster.pinned else None,
        ),
        data_damage=monster.damage,
        data_health=health,
        data_bounty=monster.bounty,
        data_actions=pic.clicks.data(f"monster-{cell[0]}-{cell[1]}"),
    )


def edge_of(legend: bool) -> Style:
    """The edge of a monster's token: a legend's is gold."""
    return LEGEND_EDGE if legend else TOKEN_EDGE


def _hero(pic: Picture, seat: Seat, short: str) -> str:
    hero = pic.position.heroes[seat]
    cell = pic.hero_cell(seat)
    x, y = centre(cell)
    home = hero.at == pic.geo.town
    where = "in Grimheim" if home else f"at {cell[0]},{cell[1]}"
    health = hero_health(pic.position.config, hero)
    about = f"{pic.hero_name(seat)} (seat {seat}) {where}: damage {hero.damage} of {health}"
    return group(
        [
            svg_title(f"{about}, gold {hero.gold}"),
            circle(x, y, 16.5, **ASKED_RING) if pic.asks(seat) else "",
            circle(x, y, 13, fill=seat_fill(seat), stroke=WHITE, stroke_width=2),
            label(x, y + 4, short, 11),
        ],
        id=f"hero-{seat}",
        class_=classes("hero", f"seat-{seat}", hero.id, "asked" if pic.asks(seat) else None),
        data_at="grimheim" if home else f"{cell[0]},{cell[1]}",
        data_actions=pic.clicks.data(f"hero-{seat}"),
    )


def _map(pic: Picture, x: float, y: float) -> str:
    kinds = abbreviations(monster_names(pic.pack))
    heroes = abbreviations({h.id: pic.hero_name(s) for s, h in enumerate(pic.position.heroes)}, 2)
    return group(
        [
            cached(pic.pack, "svg-board", board),
            _targets(pic),
            _town(pic),
            *_bonus(pic),
            *(_monster(pic, m, kinds) for m in pic.position.monsters),
            *(_hero(pic, s, heroes[h.id]) for s, h in enumerate(pic.position.heroes)),
        ],
        id="map",
        class_="map",
        transform=at(x - pic.left, y - pic.top),
    )


# -- the time track -------------------------------------------------------------------------------


def spot_icon(kind: str, x: float, y: float) -> str:
    """A small icon of a time spot's kind centred at ``(x, y)``: crossed axes, a shield, a skull
    (any other kind: its initial)."""
    match kind:
        case "axes":
            blades = f"M{num(x + 3)},{num(y - 7)}h4v4M{num(x - 3)},{num(y - 7)}h-4v4"
            d = f"M{num(x - 6)},{num(y + 6)}l12,-12M{num(x + 6)},{num(y + 6)}l-12,-12{blades}"
            return path(d, stroke=INK, stroke_width=2, fill="none", stroke_linecap="round")
        case "shield":
            d = f"M{num(x)},{num(y - 7)}l6,2.5v4c0,4 -3,6.5 -6,7.5c-3,-1 -6,-3.5 -6,-7.5v-4z"
            return path(d, stroke=INK, stroke_width=1.5, fill=INK, fill_opacity=0.25)
        case "skull":
            return group(
                [
                    circle(x, y - 1.5, 5.5, fill=INK),
                    rect(x - 3, y + 2.5, 6.0, 4.0, 1, fill=INK),
                    circle(x - 2.2, y - 1.5, 1.5, fill=WHITE),
                    circle(x + 2.2, y - 1.5, 1.5, fill=WHITE),
                ]
            )
    return text(x, y + 4, kind[:1].upper(), 11, anchor="middle")


def deck_text(names: Sequence[str]) -> str:
    """Cards in order, each run of hidden ones (``?``) counted."""
    parts: list[str] = []
    hidden = 0
    for name in [*names, ""]:
        if name == "?":
            hidden += 1
            continue
        if hidden:
            parts.append(f"{hidden} hidden")
            hidden = 0
        if name:
            parts.append(name)
    return ", ".join(parts) if parts else "empty"


def _monster_card(cards: dict[str, MonsterCard], card_id: str) -> str:
    card = cards.get(card_id)
    return "?" if not card_id else f"{card.name} ({card_id})" if card else card_id


def _monster_decks(pic: Picture, x: float, y: float) -> list[str]:
    cards = {c.id: c for c in pic.pack.monster_cards}
    found = []
    for colour in ("yellow", "red"):
        deck: tuple[str, ...] = getattr(pic.position, colour)
        order = deck_text([_monster_card(cards, c) for c in deck])
        words = f"{colour} deck {len(deck)}"
        found.append(
            group(
                [
                    svg_title(f"The {colour} monster deck, next card first: {order}"),
                    rect(x, y - 9, 10.0, 10.0, 2, fill=DECK_FILL[colour], **HEX_EDGE),
                    text(x + 14, y, words, 10),
                ],
                id=f"monster-deck-{colour}",
                class_=f"monster-deck {colour}",
                data_cards=len(deck),
            )
        )
        x += 26 + 6 * len(words)
    return found


def _spot(pic: Picture, i: int, x: float, y: float, size: float) -> str:
    spots, now = pic.spots, pic.position.time
    spot = spots[i]
    when = "current" if i == now else "past" if i < now else None
    about = (
        f"Spot {i + 1} of {len(spots)}: {spot.kind} ({spot.colour} deck),"
        f" {SPOT_MEANING.get(spot.kind, spot.kind)}"
        + (" · the rune stone is here" if when == "current" else "")
    )
    edge: Style = {"stroke": INK, "stroke_width": 3} if when == "current" else HEX_EDGE
    stone = path(f"M{num(x + size / 2)},{num(y + size + 2)}l5,7h-10z", fill=INK, class_="stone")
    return group(
        [
            svg_title(about),
            rect(x, y, size, size, 5, fill=DECK_FILL.get(spot.colour, "#dddddd"), **edge),
            spot_icon(spot.kind, x + size / 2, y + size / 2 - 3),
            text(x + size / 2, y + size - 3, str(i + 1), 8, anchor="middle"),
            stone if when == "current" else "",
        ],
        id=f"time-spot-{i + 1}",
        class_=classes("time-spot", spot.kind, spot.colour, when),
        opacity=0.45 if when == "past" else None,
    )


def _time(pic: Picture, x: float, y: float) -> str:
    count = len(pic.spots)
    size = min(40.0, (pic.width - 5 * (count - 1)) / count)
    return group(
        [
            text(x, y + 10, f"Time track: spot {pic.position.time + 1} of {count}", 11, bold=True),
            *_monster_decks(pic, x + 170, y + 10),
            *(_spot(pic, i, x + i * (size + 5), y + 20, size) for i in range(count)),
        ],
        id="time",
        class_="time-track",
        data_spot=pic.position.time + 1,
    )


# -- the key --------------------------------------------------------------------------------------

Icon = Callable[[float, float], str]


def _swatch(fill: str, stroke: str = EDGE) -> Icon:
    return lambda x, y: svg_tag("polygon", points=hexagon((x, y), 0.33), fill=fill, stroke=stroke)


def _token(fill: str, legend: bool = False) -> Icon:
    return lambda x, y: rect(x - 7, y - 6, 14.0, 12.0, 3, fill=fill, **edge_of(legend))


def _dot(fill: str) -> Icon:
    return lambda x, y: circle(x, y, 6, fill=fill, stroke=WHITE)


def _road_icon(x: float, y: float) -> str:
    return path(f"M{num(x - 7)},{num(y)}h14", **ROADS)


def _arrow_icon(x: float, y: float) -> str:
    return path(f"M{num(x - 7)},{num(y)}h13m-4,-3.5l4,3.5l-4,3.5", **PATHS)


def _spot_icon(kind: str) -> Icon:
    return lambda x, y: spot_icon(kind, x, y)


def key_items(pack: Pack) -> list[tuple[Icon, str]]:
    """What the key explains: terrain, roads and paths, bonus markers, heroes, town pieces, the
    factions and their monsters, the legends and the time spots."""
    short = abbreviations(monster_names(pack))
    fills = faction_fills(pack)
    items: list[tuple[Icon, str]] = [
        (_swatch(TERRAIN_FILL[t]), t) for t in ("plains", "forest", "mountain", "lake")
    ]
    items += [
        (_swatch(TERRAIN_FILL["town"], str(TOWN_BORDER["stroke"])), "Grimheim"),
        (_road_icon, "road"),
        (_arrow_icon, "monster path"),
        *((_dot(MARKER_FILL[k]), f"{k} markers") for k in MARKER_FILL),
        (_dot(seat_fill(0)), "heroes (seat colours)"),
        (lambda x, y: house(x - 3.5, y - 4), "town piece (hollow: lost)"),
    ]
    for faction in pack.monsters.factions:
        kinds = [f"{short[k.id]} {k.name}" for k in pack.monsters.kinds if k.faction == faction.id]
        items.append((_token(fills[faction.id]), f"{faction.name}: {', '.join(kinds)}"))
    items.append((lambda x, y: "", "legends, side I (yellow deck) or II (red deck):"))
    items += [
        (_token(fills[leg.faction], True), f"{short[leg.id]} {leg.name}")
        for leg in pack.monsters.legends
    ]
    items.append((lambda x, y: label(x, y + 3, "2/7", 8, INK), "a monster's damage/health"))
    items += [(_spot_icon(kind), f"{kind}: {meaning}") for kind, meaning in SPOT_MEANING.items()]
    return items


def key(pack: Pack) -> tuple[str, float]:
    """The key's items flowing in lines across the picture, from ``(0, 0)``; its height."""
    parts = [text(0, 11, "Key", 10, bold=True)]
    width = content_width(measure(pack)[2])
    x, line = 30.0, 0
    for icon, words in key_items(pack):
        size = 32 + 6.1 * len(words)
        if x + size > width and x > 30:
            x, line = 30.0, line + 1
        base = 11 + line * KEY_LINE
        item = [icon(x + 7, base - 3.5), text(x + 18, base, words, 10)]
        parts.append(group(item, class_="key-item"))
        x += size
    return "".join(parts), (line + 1) * KEY_LINE + 4


# -- the heroes' panels ---------------------------------------------------------------------------


def panel_height(pic: Picture, hero: Hero) -> float:
    """The height of a hero's panel: its header, its rows of cards, its hand and its decks."""
    rows = max(1, math.ceil(len(hero.cards) / pic.per_row))
    return 40 + rows * (CARD_H + CARD_GAP) + HAND_H + 24


def _numbers(pic: Picture, card: CardState) -> list[str]:
    return list(side_of(pic.position.config, card).numbers())


def _card(pic: Picture, seat: Seat, card: CardState, x: float, y: float) -> str:
    data = pic.position.config.cards[card.id]
    side = side_of(pic.position.config, card)
    roman = ROMAN.get(card.side, str(card.side))
    numbers = _numbers(pic, card)
    worn = f"{card.damage}/{data.durability}" if data.durability else str(card.damage or "")
    about = (
        f"{data.name} ({data.kind}, side {roman}{', main weapon' if data.main_weapon else ''}):"
        f" {side.text}"
        + (f" [{', '.join(numbers)}]" if numbers else "")
        + (f" · mana {card.mana}" if card.mana else "")
        + (f" · damage {worn}" if worn else "")
        + (f" · markers {card.counters}" if card.counters else "")
        + "".join(f"\n{use.describe()}" for use in side.uses)
    )
    flipped = card.side > 1
    edge: Style = {"stroke": INK if flipped else EDGE, "stroke_width": 1.6 if flipped else 0.8}
    # The whole name, in two lines if need be (a bold 9 px letter is about 6 px wide), then what
    # the card is and its numbers, which the tooltip says in full when they do not fit.
    names = textwrap.wrap(data.name, 12 if card.mana or card.counters else 15)
    rows = [*names[:2], f"{data.kind} · side {roman}"]
    room = 4 - len(rows)
    shown = textwrap.wrap(" ".join(numbers), 16 if worn else 19)
    if len(shown) > room:
        shown = [*shown[: room - 1], fit(" ".join(shown[room - 1 :]), 16 if worn else 19)]
    rows += shown
    parts = [
        svg_title(about),
        rect(0, 0, CARD_W, CARD_H, 4, fill=CARD_FILL.get(data.kind, "#eeeeee"), **edge),
        *(
            text(
                4,
                12 + 11 * i,
                row,
                9 if i < len(names[:2]) else 8,
                bold=i < len(names[:2]),
                fill=INK if i < len(names[:2]) else FAINT,
            )
            for i, row in enumerate(rows)
        ),
    ]
    if card.mana:
        parts.append(circle(CARD_W - 9, 9.0, 7, fill=MARKER_FILL["mana"], class_="mana"))
        parts.append(label(CARD_W - 9, 12, str(card.mana), 8))
    if worn:
        wear = MARKER_FILL["damage"]
        parts.append(text(CARD_W - 4, 12 + 11 * 3, worn, 8, bold=True, anchor="end", fill=wear))
    if card.counters:
        parts.append(circle(CARD_W - 9, 26.0, 6, fill=MARKER_FILL["gold"], class_="markers"))
        parts.append(label(CARD_W - 9, 28.5, str(card.counters), 7, INK))
    return group(
        parts,
        id=f"card-{seat}-{card.id}",
        class_=classes("card", data.kind, f"side-{card.side}"),
        transform=at(x, y),
        data_card=card.id,
        data_mana=card.mana,
        data_damage=card.damage,
        data_markers=card.counters,
        data_actions=pic.clicks.data(f"card-{seat}-{card.id}"),
    )


def _hand_card(pic: Picture, seat: Seat, card_id: str, x: float, y: float) -> str:
    if not card_id:
        back = [
            svg_title(f"an event card in {pic.hero_name(seat)}'s hand (hidden)"),
            rect(x, y, CARD_W, HAND_H, 3, **HIDDEN_CARD),
            text(x + CARD_W / 2, y + 12.5, "event", 8, anchor="middle", fill="#eadbc8"),
        ]
        return group(back, class_="hand-card back")
    data = pic.position.config.cards[card_id]
    uses = "".join(f"\n{use.describe(in_hand=True)}" for use in data.sides[0].uses)
    face = [
        svg_title(f"{data.name} (event): {data.sides[0].text}{uses}"),
        rect(x, y, CARD_W, HAND_H, 3, fill=CARD_FILL["event"], **HEX_EDGE),
        text(x + 4, y + 12.5, data.name, 9),
    ]
    chosen = pic.clicks.data(f"card-{seat}-{card_id}")
    return group(face, class_="hand-card event", data_card=card_id, data_actions=chosen)


def _decks(pic: Picture, hero: Hero, x: float, y: float) -> str:
    names = pic.card_name
    top = hero.abilities[0] if hero.abilities else ""
    quest = pic.position.config.cards.get(hero.equipment[0]) if hero.equipment else None
    shown = (
        f"events {len(hero.events)} · discard {len(hero.discard)} · abilities"
        f" {len(hero.abilities)}{f' (top: {names(top)})' if top else ''} · equipment"
        f" {len(hero.equipment)}{f' (quest: {quest.name}' if quest else ''}"
        f"{f' {hero.quest}' if quest and hero.quest else ''}{')' if quest else ''}"
    )
    about = [
        f"event deck, next first: {deck_text([names(c) for c in hero.events])}",
        f"discard pile: {deck_text([names(c) for c in hero.discard])}",
        f"ability deck, top first: {deck_text([names(c) for c in hero.abilities])}",
        f"equipment deck, top first: {deck_text([names(c) for c in hero.equipment])}",
    ]
    if quest is not None and quest.quest is not None:
        progress = f" (progress {hero.quest})" if hero.quest else ""
        about.append(f"quest of {quest.name}: {quest.quest.text}{progress}")
    return group([svg_title("\n".join(about)), text(x, y, shown, 9)], class_="decks")


def _health(hero: Hero, health: int, x: float, y: float) -> str:
    """A pip per point of health, the damaged ones filled, right-aligned at ``x``."""
    step = min(8.5, 160 / max(health, 1))
    pips = [
        rect(x - (health - i) * step, y - 8, step - 1.5, 8.0, 1.5, fill=fill, **PIP)
        for i in range(health)
        for fill in [MARKER_FILL["damage"] if i < hero.damage else "#f2ede3"]
    ]
    return group(
        [svg_title(f"damage {hero.damage} of {health}"), *pips],
        class_="health",
        data_damage=hero.damage,
        data_health=health,
    )


def _panel(pic: Picture, seat: Seat, x: float, y: float) -> str:
    hero = pic.position.heroes[seat]
    config = pic.position.config
    health = hero_health(config, hero)
    turn = pic.position.turn
    bonus = turn.range_bonus if turn is not None and turn.hero == seat else 0
    where = "in Grimheim" if hero.at == pic.geo.town else f"at {pic.geo.hexes[hero.at]}"
    header = (
        f"{pic.hero_name(seat)} · seat {seat} · {where}"
        + (" · your view" if pic.viewer == seat else "")
        + (" · to answer" if pic.asks(seat) else "")
    )
    stats = (
        f"damage {hero.damage}/{health} · gold {hero.gold} · dice"
        f" {hero_strength(config, hero)} · range {hero_range(config, hero, bonus)} · move"
        f" {move_points(config, hero)} · armor {hero_armor(config, hero)} · upgrades"
        f" {hero.upgrades} (next: {upgrade_cost(pic.work, seat)} gold)"
    )
    per_row, step = pic.per_row, CARD_W + CARD_GAP
    rows = max(1, math.ceil(len(hero.cards) / per_row))
    hand_y = 38 + rows * (CARD_H + CARD_GAP)
    cards = [
        _card(pic, seat, card, 6 + (i % per_row) * step, 38 + (i // per_row) * (CARD_H + CARD_GAP))
        for i, card in enumerate(hero.cards)
    ]
    hand = [_hand_card(pic, seat, c, 46 + i * step, hand_y) for i, c in enumerate(hero.hand)]
    count = len(hero.hand)
    size = [svg_title(f"{count} event cards in hand"), text(6, hand_y + 12.5, f"hand {count}")]
    frame: Style = {"stroke": seat_fill(seat), "stroke_width": 3 if pic.asks(seat) else 1.4}
    return group(
        [
            svg_title(f"{pic.hero_name(seat)} (seat {seat})"),
            rect(0, 0, pic.width, panel_height(pic, hero), 6, fill="#fbfaf6", **frame),
            circle(12.0, 12.0, 6, fill=seat_fill(seat)),
            text(23, 16, header, 12, bold=True),
            _health(hero, health, pic.width - 6, 17),
            text(6, 31, stats, 9.5),
            *cards,
            group(size, class_="hand-size", data_cards=count),
            *hand,
            _decks(pic, hero, 6, hand_y + HAND_H + 14),
        ],
        id=f"hero-panel-{seat}",
        class_=classes("hero-panel", f"seat-{seat}", hero.id, "asked" if pic.asks(seat) else None),
        transform=at(x, y),
        data_actions=pic.clicks.data(f"hero-{seat}"),
    )


# -- the caption: where the game stands and what is asked -----------------------------------------


def _roll(rolled: tuple[int, int, int, int]) -> str:
    return faces_text(rolled)


_MONSTER_STEPS = {
    "die": "the monster die is rolled",
    "pins": "the heroes may pin monsters",
    "move": "the monsters move",
    "attack": "the monsters find whom to attack",
    "attacking": "the monsters attack",
    "reinforce": "reinforcements come",
    "end": "it ends",
}
"""Each step of the monster turn, in words."""
_CHARGES = {"all": "every monster charges", "rank1": "the monsters of rank 1 charge"}


def about(pic: Picture, frame: Frame | None) -> str:
    """A short sentence on a pending frame, in a player's words (``""`` for none)."""
    hero = pic.hero_name
    match frame:
        case HeroAttack(seat, target, dice, rolled, phase=phase, excess=excess):
            done = f"{plural(dice, 'die', 'dice')} to roll" if dice else f"rolled {_roll(rolled)}"
            if phase == "excess":
                done = f"killed with {excess} damage to spare"
            elif phase == "after":
                done = "done"
            return f"{hero(seat)} attacks {pic.monster_in(target)}: {done}"
        case Resolving(seat, card):
            return f"{hero(seat)} uses {pic.card_name(card)}"
        case Moving(seat, areas):
            return f"{hero(seat)} moves up to {plural(areas, 'area')}"
        case Granted(seat, action):
            return f"{hero(seat)} performs the {action} action a card grants"
        case Window(_, seats):
            return f"then {join_words([hero(s) for s in seats[1:]])}" if seats[1:] else ""
        case EndOfTurn(seat, _):
            return f"the end of {hero(seat)}'s turn"
        case Drawing(seat, count):
            return f"{hero(seat)} draws {plural(count, 'event card')}"
        case Revealing(seat, deck):
            kind = "ability" if deck == "abilities" else deck
            return f"the top card of {hero(seat)}'s {kind} deck turns face up"
        case MonsterTurn(step, charge=charge, face=face):
            return (
                f"the monster turn: {_MONSTER_STEPS.get(step, step)}"
                + (f"; the monster die shows {die_face(face)}" if face else "")
                + (f"; {_CHARGES[charge]}" if charge in _CHARGES else "")
            )
        case MonsterAttack(attacker, target, dice, hits, damage):
            whom = f" attacks {hero(target)}" if target >= 0 else " attacks"
            done = (
                f": {plural(dice, 'die', 'dice')} to roll"
                if dice
                else f": {plural(hits, 'hit')}"
                if damage >= 0
                else ""
            )
            return pic.monster_in(attacker) + whom + done
        case Ambush(seats):
            return f"ambush: {hero(seats[0])} places a goblin" if seats else "ambush"
        case Reinforcing(deck, cards):
            return f"reinforcements: {plural(cards, f'{deck} monster card')} to place"
        case Ramming(seat, target):
            return f"{hero(seat)} rammed into {pic.cell(target)[0]},{pic.cell(target)[1]}"
    return ""


def question(pic: Picture) -> str:
    """Who must answer what, or how the game ended."""
    position = pic.position
    ended = outcome(position)
    if ended is not None:
        return f"Game over. {describe(position, ended)}"
    asked = pic.asked
    if asked is None:  # pragma: no cover - a running game always asks someone
        return ""
    said = about(pic, asked.context)
    used = position.turn.actions if position.turn is not None and asked.kind == "turn" else ()
    return (
        describe(position, asked)
        + (f" {capital(said)}." if said else "")
        + (f" Actions used: {', '.join(used)}." if used else "")
    )


def capital(words: str) -> str:
    """``words`` with a capital first letter."""
    return words[:1].upper() + words[1:]


def _caption(pic: Picture, x: float, y: float) -> tuple[str, float]:
    """The caption, and its height."""
    position = pic.position
    spot = pic.spots[position.time]
    first = (
        f"Defenders of Grimheim · spot {position.time + 1}/{len(pic.spots)} ({spot.kind}) ·"
        f" town {position.town}/{start_town(position)} · {len(position.monsters)} monsters"
    )
    seen = (
        "The whole state: every hand, and every deck's order in the tooltips."
        if pic.viewer is None
        else f"As {pic.seat_name(pic.viewer)} sees it."
    )
    lines = textwrap.wrap(question(pic), int(pic.width / 6.2))
    asked = pic.asked
    caption = group(
        [
            text(x, y + 14, first, 13, bold=True),
            text(x, y + 30, seen, 10, fill=FAINT, class_="seen"),
            *(
                text(x, y + 46 + 15 * i, line, 11, class_="question")
                for i, line in enumerate(lines)
            ),
        ],
        id="caption",
        class_=classes("caption", "over" if position.won is not None else "decision"),
        data_seat=None if asked is None else asked.seat,
        data_kind=None if asked is None else asked.kind,
    )
    return caption, 38 + 15 * len(lines)


# -- the whole picture ----------------------------------------------------------------------------


def draw_svg(position: State | View, clicks: Clicks[Action]) -> str:
    """A picture of the position, as a standalone SVG document: the renderer behind
    :func:`grimheim.render_svg`, which turns a seat into its view and the actions offered into
    ``clicks``.

    From top to bottom: the pending decision, in a player's words; in a seat's view, that
    seat's own panel; the map with its terrain, roads, monster paths, named places and bonus
    markers, Grimheim with its town pieces left, every monster (kind, faction colour, legend
    side, damage/health) and every hero; the time track with the current spot; a key; a panel
    per other hero (cards in play with their whole names, mana and damage, gold, damage and
    health, the hand, the decks). Pieces carry ``id`` and ``class`` names — ``hex-9-5``:
    ``hex plains``; ``monster-9-5``: ``monster troll trollkin``; ``hero-0``: ``hero seat-0``;
    ``town`` with ``town-piece`` children; ``time-spot-3``: ``time-spot shield yellow
    current``; ``hero-panel-0`` with ``card`` and ``hand-card`` children; ``caption`` — and a
    ``<title>`` tooltip each.

    Given actions to click (normally ``legal_actions`` of what is drawn), the picture is clickable
    (:ref:`clickable-boards`): every element that takes part in an action carries
    ``data-actions``, the indices of those actions in ``actions``. An area is the monster
    standing in it, or else an invisible ``polygon#target-<x>-<y>.target`` over its hex
    (Grimheim: ``g#target-grimheim`` and ``g#town``); a hero is their token and their panel; a
    card is the card in play or in the hand; a bonus is its marker. Buttons in ``g#buttons``,
    under the caption, hold the rest: a verb where one element takes part in several kinds of
    action (``g#button-focus``, ``g#button-use-0``, ``g#button-discard`` …), an amount of gold
    (``g#button-gold-2``), a word (``g#button-pass``, ``g#button-end-turn`` …) and, in explicit
    chance mode, each chance outcome (``g#button-chance-<notation>``).

    >>> from grimheim import Config, new_game, render_svg
    >>> svg = render_svg(new_game(Config(heroes=("bjorn",)), seed=1), seat=0)
    >>> svg.startswith("<svg"), 'id="hex-9-5"' in svg
    (True, True)
    >>> 'class="time-spot axes yellow current"' in svg
    True
    >>> from grimheim import EndTurn, legal_actions
    >>> state = new_game(Config(heroes=("bjorn",)), seed=1)
    >>> actions = legal_actions(state)
    >>> svg = render_svg(state, actions=actions)
    >>> f'id="button-end-turn" class="button" data-actions="{actions.index(EndTurn())}"' in svg
    True

    Args:
        position (grimheim.State | grimheim.View): what to draw. A state is drawn whole: every
            hand, and every deck's order in the tooltips. A view shows what its seat may know.
        clicks (tabletop_rules.Clicks): the clicks of the actions offered
            (:meth:`tabletop_rules.Clicks.none` for none: no ``data-actions`` at all).

    Returns:
        str: the SVG document (``<svg xmlns=…>…</svg>``, no XML declaration).
    """
    pic = Picture.of(position, clicks)
    caption, y = _caption(pic, MARGIN, MARGIN)
    y += MARGIN
    buttons, tall = svg_buttons(pic.clicks, MARGIN, y, pic.width)
    y += tall + 8 if buttons else 0
    parts = [caption, buttons]
    first = [] if pic.viewer is None else [pic.viewer]  # a seat's own panel, in sight
    for s in first:
        parts.append(_panel(pic, s, MARGIN, y))
        y += panel_height(pic, position.heroes[s]) + 8
    parts.append(_map(pic, MARGIN, y))
    y += pic.map_height + 8
    items, height = cached(pic.pack, "svg-key", key)
    parts += [
        _time(pic, MARGIN, y),
        group([items], id="key", class_="key", transform=at(MARGIN, y + TRACK)),
    ]
    y += TRACK + height + 6
    for s, hero in enumerate(position.heroes):
        if s not in first:
            parts.append(_panel(pic, s, MARGIN, y))
            y += panel_height(pic, hero) + 8
    width, height = pic.width + 2 * MARGIN, y + MARGIN - 8
    head = (
        f"Defenders of Grimheim, spot {position.time + 1} of {len(pic.spots)}, town"
        f" {position.town} of {start_town(position)}"
    )
    return svg_tag(
        "svg",
        svg_title(head) + rect(0, 0, width, height, 0, fill="#fffdf7") + "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(width)} {num(height)}",
        width=width,
        height=height,
        class_="grimheim-board",
        font_family="DejaVu Sans, Verdana, sans-serif",
        data_seat=pic.viewer,
    )
