"""SVG pictures of a position, stacked in one column that fits a page: the decision pending, the
panel of the guild whose view it is, the two rings of tiles with the tokens, the Fate sphere and
the round, the Shop, the prophecy and the decks, and the other guilds' panels.

Everything is read from the position and its content pack (tile names, card names and prices,
guilds, dice), so a custom pack is drawn as faithfully as the standard one. The picture is a
plain string: no dependency, no I/O.
"""

from __future__ import annotations

import functools
import math
import textwrap
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Final, TypeAlias

from tabletop_rules import (
    CHANCE,
    Clicks,
    Seat,
    plural,
    svg_attributes,
    svg_buttons,
    svg_escape,
    svg_tag,
    svg_title,
)
from tabletop_rules import svg_number as _num

from .._actions import Action
from .._board import Ring, Tile
from .._content import Card, Compiled, Pack, TileSpec
from .._frames import (
    ChooseFrame,
    DiceRoll,
    DrawFrame,
    DuelFrame,
    FightFrame,
    Frame,
    GainFrame,
    LootFrame,
    OfferFrame,
    PayFrame,
    RollFrame,
    TrophyFrame,
    WindowFrame,
)
from .._frames.combat import dodging
from .._pieces import DECK_FIELD, FATE_MAX, Deck
from .._query import HAND_LIMIT, SLOTS, WOUND_LIMIT
from .._rules import decision, outcome
from .._state import State, View
from .._words import Draw, Teleport
from .._words import Fate as FateEffect
from .card_text import abilities_text
from .describe import describe, request_words
from .names import Names

Position: TypeAlias = State | View
Drawn: TypeAlias = tuple[str, float]
"""Markup and the height it takes."""

# -- layout (pixels of the viewBox) -------------------------------------------------------------

_BOARD: Final = 820.0
"""Side of the square holding the board."""
_CENTRE: Final = _BOARD / 2
_RINGS: Final[Mapping[str, tuple[float, float]]] = {
    "inner": (170.0, 258.0),
    "outer": (304.0, 398.0),
}
"""Inner and outer radius of each path's ring."""
_FATE_RADIUS: Final = 78.0
_MARGIN: Final = 10.0
"""Left edge of the panels under and above the board."""
_COLUMN_W: Final = _BOARD - 2 * _MARGIN
"""Width of the panels: the board's, so the picture is one column as wide as the board."""
_WIDTH: Final = _BOARD
_GAP: Final = 10.0
_CHAR: Final = 0.6
"""Average width of a character, as a fraction of the font size (to fit text in boxes)."""
_CHIP: Final = 20.0
"""Height of a card's box in a row of cards."""

# -- colours ------------------------------------------------------------------------------------

_INK: Final = "#2b2118"
_MUTED: Final = "#6b5d4f"
_ALERT: Final = "#a61e4d"
_PAPER: Final = "#fbf7ee"
_PANEL: Final = "#f3ecdd"
_LINE: Final = "#8c7a63"
_HIGHLIGHT: Final = "#f5b800"
_GUILD_COLOURS: Final = (
    "#b02a37",
    "#3b5bdb",
    "#2b8a3e",
    "#c98a00",
    "#862e9c",
    "#d9480f",
    "#0b7285",
    "#5c5f66",
)
"""Token colours, given to the pack's guilds in the pack's order."""
_DIE_COLOURS: Final[Mapping[str, str]] = {"red": "#c92a2a", "green": "#2b8a3e", "blue": "#1c64c8"}
_RING_FILL: Final[Mapping[str, str]] = {"inner": "#f4ead5", "outer": "#e2cfab"}
_SPECIAL_FILL: Final[Mapping[str, str]] = {
    "castle": "#f5cf5b",
    "inner_signpost": "#9fd8cb",
    "outer_signpost": "#9fd8cb",
    "observatory": "#c3aeea",
}
_TAGGED_FILL: Final = "#b4b1c6"
_KIND_FILL: Final[Mapping[str, str]] = {
    "creature": "#f6d5d0",
    "tower": "#ded3c6",
    "place": "#dfead0",
    "event": "#f2e0bd",
    "ability": "#d3e2fa",
    "item": "#e5daf4",
    "prophecy": "#f9efc4",
}
_FATE_LOW: Final = "#dde8f3"
_FATE_HIGH: Final = "#8a1424"


# -- markup -------------------------------------------------------------------------------------


def _text(
    x: float,
    y: float,
    text: str,
    size: float = 11.0,
    *,
    anchor: str | None = None,
    bold: bool = False,
    fill: str = _INK,
    **attributes: object,
) -> str:
    """A line of text whose middle is at ``y``."""
    return svg_tag(
        "text",
        svg_escape(text),
        x=x,
        y=y,
        dy="0.35em",
        font_size=size,
        text_anchor=anchor,
        font_weight="bold" if bold else None,
        fill=fill,
        **attributes,
    )


def _group(*children: str, title: str | None = None, **attributes: object) -> str:
    """A ``<g>`` with an optional tooltip."""
    return svg_tag("g", *([svg_title(title)] if title else []), *children, **attributes)


def _fit(text: str, size: float, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` at font ``size``."""
    room = max(1, int(width / (size * _CHAR)))
    return text if len(text) <= room else text[: room - 1].rstrip() + "…"


def _wrap(text: str, size: float, width: float, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines that fit ``width``; the last one cut if need be."""
    room = max(1, int(width / (size * _CHAR)))
    wrapped = textwrap.wrap(text, room) or [""]
    if len(wrapped) > lines:
        wrapped = [*wrapped[: lines - 1], _fit(" ".join(wrapped[lines - 1 :]), size, width)]
    return wrapped


def _mix(low: str, high: str, t: float) -> str:
    """The colour ``t`` of the way from ``low`` to ``high`` (``#rrggbb``)."""
    a = [int(low[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(high[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


# -- names --------------------------------------------------------------------------------------


def _guild_colour(pack: Pack, guild_id: str) -> str:
    ids = [guild.id for guild in pack.guilds]
    return _GUILD_COLOURS[ids.index(guild_id) % len(_GUILD_COLOURS)]


def _who(p: Position, seat: Seat) -> str:
    """``seat 1 (Arcane Commune)``, or ``chance``."""
    if seat == CHANCE:
        return "chance"
    return f"seat {seat} ({p.config.rules.guild[p.players[seat].guild].name})"


def _first_up(text: str) -> str:
    """``text`` with its first letter a capital (the others untouched)."""
    return text[:1].upper() + text[1:]


def _names(p: Position, cards: Iterable[str]) -> str:
    """Card names, listed, or ``nothing``."""
    return ", ".join(p.config.rules.card[c].name for c in cards) or "nothing"


def _card_numbers(card: Card) -> str:
    """What a card is, in a few words: ``creature: attack 2, defence 1, worth 3``."""
    if card.kind == "creature":
        return f"creature: attack {card.attack}, defence {card.defence}, worth {card.value}"
    return f"{card.kind}, worth {card.value}"


def _card_title(card: Card, rules: Compiled) -> str:
    """A card's tooltip: name, kind, numbers (an Ability's guild by its name) and text."""
    numbers = [f"value {card.value}"]
    if card.kind == "creature":
        numbers += [f"attack {card.attack}", f"defence {card.defence}"]
    if card.guild is not None:
        numbers.append(f"guild {rules.guild[card.guild].name}")
    text = f" {card.text}" if card.text else ""
    abilities = abilities_text(card)
    text += f" {abilities}" if abilities else ""
    return f"{card.name}, {card.kind}, {', '.join(numbers)}.{text}"


# -- cards and dice -----------------------------------------------------------------------------


def _coin(x: float, y: float, amount: int, r: float, classes: str) -> str:
    """A silver coin with a number on it."""
    return _group(
        svg_tag("circle", cx=x, cy=y, r=r, fill="#d9d9d9", stroke="#7d7d7d"),
        _text(x, y, str(amount), r * 1.1, anchor="middle", bold=True),
        class_=classes,
        data_value=amount,
    )


def _card(
    rules: Compiled,
    card: Card,
    x: float,
    y: float,
    w: float,
    h: float = _CHIP,
    *,
    classes: str = "card",
    lines: int = 1,
    price: bool = False,
    id_: str | None = None,
    actions: str | None = None,
    about: bool = False,
) -> str:
    """A card as a small box with its name (in ``lines`` lines) and, when ``price``, its price
    in a coin, and with ``about`` lines under the name saying what it is (a creature's attack,
    defence and abilities, another card's kind, value and text, the rest in the tooltip);
    ``actions``: its ``data-actions``."""
    size = 10.0
    names = _wrap(card.name, size, w - (26.0 if price else 8.0), lines)
    first = len(names)
    if about:
        words = abilities_text(card) if card.kind == "creature" else card.text
        names += [
            _fit(_card_numbers(card), size, w - 8.0),
            *(_wrap(words, size, w - 8.0, 2) if words else []),
        ]
    top = y + h / 2 - (len(names) - 1) * size * 0.6
    fill = _KIND_FILL.get(card.kind, _PANEL)
    parts = [
        svg_tag("rect", x=x, y=y, width=w, height=h, rx=4.0, fill=fill, stroke=_LINE),
        *(
            _text(
                x + 5,
                top + i * size * 1.2,
                line,
                size,
                bold=about and i == 0,
                fill=_MUTED if i >= first else _INK,
                class_="about" if i >= first else None,
            )
            for i, line in enumerate(names)
        ),
    ]
    if price:
        parts.append(_coin(x + w - 12, y + h - 12, card.value, 9.0, "price"))
    return _group(
        *parts,
        title=_card_title(card, rules),
        id=id_,
        class_=f"{classes} {card.kind}",
        data_card=card.id,
        data_value=card.value,
        data_actions=actions,
    )


def _cards(
    p: Position,
    cards: Sequence[str],
    x: float,
    y: float,
    w: float,
    per_row: int,
    classes: str,
    clicks: Clicks[Action],
    key: str,
    *,
    about: bool = False,
) -> Drawn:
    """Cards in rows of ``per_row`` (at least one row's height, even for none), each with a line
    saying what it is when ``about``; each card's ``data-actions`` are those of
    ``<key>-<card>``."""
    rules = p.config.rules
    step = (w + 6) / per_row
    high = 54.0 if about else _CHIP
    parts = []
    for i, card_id in enumerate(cards):
        row, col = divmod(i, per_row)
        left, top = x + col * step, y + row * (high + 4)
        chosen = clicks.data(f"{key}-{card_id}")
        card = rules.card[card_id]
        parts.append(
            _card(
                rules, card, left, top, step - 6, high, classes=classes, actions=chosen, about=about
            )
        )
    rows = max(1, math.ceil(len(cards) / per_row))
    return "".join(parts), rows * (high + 4)


def _die(
    x: float,
    y: float,
    colour: str,
    face: str | None,
    size: float = 18.0,
    actions: str | None = None,
) -> str:
    """A combat die of ``colour``: the first letter of its ``face``, ``?`` before it is rolled,
    blank for ``None`` (a die a guild rolls, outside a fight)."""
    fill = _DIE_COLOURS.get(colour, _MUTED)
    middle = size / 2
    shown = [] if face is None else [face[:1].upper() or "?"]
    about = "" if face is None else f": {face or 'not rolled yet'}"
    return _group(
        svg_tag("rect", x=x, y=y, width=size, height=size, rx=3.0, fill=fill),
        *(
            _text(
                x + middle, y + middle, letter, size * 0.6, anchor="middle", bold=True, fill="#fff"
            )
            for letter in shown
        ),
        title=f"{colour} die{about}",
        class_=f"die {colour}",
        data_face=face or None,
        data_actions=actions,
    )


def _dice(
    x: float, y: float, label: str, roll: DiceRoll, start: float, clicks: Clicks[Action]
) -> str:
    """A roll: a label, then its dice from ``start`` on, die ``i`` with the ``data-actions`` of
    ``die-<i>`` in ``clicks``."""
    return _group(
        _text(x, y + 9, label),
        *(
            _die(start + 22 * i, y, colour, face, actions=clicks.data(f"die-{i}"))
            for i, (colour, face) in enumerate(zip(roll.colours, roll.faces, strict=True))
        ),
        class_="roll",
    )


# -- the board ----------------------------------------------------------------------------------


def _polar(r: float, degrees: float) -> tuple[float, float]:
    """The point at radius ``r`` and ``degrees`` clockwise from twelve o'clock."""
    a = math.radians(degrees)
    return _CENTRE + r * math.sin(a), _CENTRE - r * math.cos(a)


def _sector(r0: float, r1: float, a0: float, a1: float) -> str:
    """The path of a ring's sector between angles ``a0`` and ``a1`` (clockwise, degrees)."""
    large = 1 if a1 - a0 > 180 else 0
    (x0, y0), (x1, y1) = _polar(r1, a0), _polar(r1, a1)
    (x2, y2), (x3, y3) = _polar(r0, a1), _polar(r0, a0)
    return (
        f"M{_num(x0)},{_num(y0)} A{_num(r1)},{_num(r1)} 0 {large} 1 {_num(x1)},{_num(y1)} "
        f"L{_num(x2)},{_num(y2)} A{_num(r0)},{_num(r0)} 0 {large} 0 {_num(x3)},{_num(y3)} Z"
    )


def _tiles(pack: Pack) -> Iterator[tuple[Tile, TileSpec, int]]:
    """Every tile of the pack's board, with its content and the number of tiles on its path."""
    paths: tuple[tuple[Ring, tuple[TileSpec, ...]], ...] = (
        ("inner", pack.board.inner),
        ("outer", pack.board.outer),
    )
    for ring, specs in paths:
        for index, spec in enumerate(specs):
            yield Tile(ring, index), spec, len(specs)


def _tags(spec: TileSpec) -> list[str]:
    """The tags a tile draws by (the Churchyard's ``undead``)."""
    return [e.tag for e in spec.effects if isinstance(e, Draw) and e.tag is not None]


def _tile_classes(tile: Tile, spec: TileSpec) -> list[str]:
    """``tile``, the path, and what marks the tile: a special tile (``special castle``), a draw
    by tag (``tagged draws-undead``), a change of Fate (``fate-change``)."""
    classes = ["tile", tile.ring]
    if spec.special is not None:
        classes += ["special", spec.special.replace("_", "-")]
    if tags := _tags(spec):
        classes += ["tagged", *(f"draws-{tag}" for tag in tags)]
    if any(isinstance(e, FateEffect) for e in spec.effects):
        classes.append("fate-change")
    return classes


def _tile_fill(tile: Tile, spec: TileSpec) -> str:
    if spec.special is not None:
        return _SPECIAL_FILL.get(spec.special, _TAGGED_FILL)
    return _TAGGED_FILL if _tags(spec) else _RING_FILL[tile.ring]


def _along(
    text: str, r: float, angle: float, size: float, classes: str, *, bold: bool, fill: str
) -> str:
    """Text centred at (``r``, ``angle``), turned along the ring and never upside down."""
    x, y = _polar(r, angle)
    turn = angle - 180 if 90 < angle % 360 < 270 else angle
    rotation = f"rotate({_num(turn)} {_num(x)} {_num(y)})"
    return _text(
        x, y, text, size, anchor="middle", bold=bold, fill=fill, transform=rotation, class_=classes
    )


def _token_places(count: int, r0: float, angle: float) -> list[tuple[float, float]]:
    """Where ``count`` tokens stand on a tile: rows of two near the ring's inner edge."""
    places = []
    for i in range(count):
        row, col = divmod(i, 2)
        across = (col - (min(2, count - 2 * row) - 1) / 2) * 21
        r = r0 + 13 + row * 20
        places.append(_polar(r, angle + math.degrees(across / r)))
    return places


def _token(p: Position, seat: Seat, x: float, y: float, clicks: Clicks[Action]) -> str:
    """A guild's token: a disc in the guild's colour with the seat's number."""
    player = p.players[seat]
    pack = p.config.content
    turn = seat == p.turn and p.ending is None
    classes = ["token", f"seat-{seat}", f"guild-{player.guild}", *(["turn"] if turn else [])]
    where = "" if player.tile is None else f" on {Names(p.config).tile(player.tile)}"
    title = (
        f"Seat {seat}: {pack.guild(player.guild).name}{where},"
        f" {player.wounds}/{WOUND_LIMIT} wounds, {plural(player.coins, 'coin')}"
        + (" (to play)" if turn else "")
    )
    ring = {"stroke": _HIGHLIGHT, "stroke_width": 3.0} if turn else {"stroke": "#fff"}
    disc = svg_tag("circle", cx=x, cy=y, r=9.5, fill=_guild_colour(pack, player.guild), **ring)
    return _group(
        disc,
        _text(x, y, str(seat), 11.0, anchor="middle", bold=True, fill="#fff"),
        title=title,
        id=f"token-seat-{seat}",
        class_=" ".join(classes),
        data_seat=seat,
        data_tile=str(player.tile),
        data_actions=clicks.data(f"seat-{seat}"),
    )


def _tile_face(tile: Tile, spec: TileSpec, count: int) -> str:
    """A tile's group, opened, with its tooltip, sector, index and short name."""
    r0, r1 = _RINGS[tile.ring]
    arc = 360 / count
    angle = tile.index * arc
    classes = _tile_classes(tile, spec)
    marked = "special" in classes or "tagged" in classes
    outline = {"stroke": _INK, "stroke_width": 2.0} if marked else {"stroke": _LINE}
    shape = _sector(r0, r1, angle - arc / 2, angle + arc / 2)
    names = _wrap(spec.name, 9.5, math.pi * (r0 + r1) / count - 8, 2)
    radii = [r1 - 24 - 11 * i for i in range(len(names))]
    if 90 < angle % 360 < 270:  # upside down: the first line is the one nearer the centre
        radii.reverse()
    special = " (special tile)" if spec.special else ""
    start = "<g" + svg_attributes(
        {
            "id": f"tile-{tile.ring}-{tile.index}",
            "class": " ".join(classes),
            "data-tile": str(tile),
            "data-name": spec.name,
        }
    )
    start += ">"
    return "".join(
        (
            start,
            svg_title(f"{tile} {spec.name}{special}: {spec.text}".rstrip(": ")),
            svg_tag("path", d=shape, fill=_tile_fill(tile, spec), **outline),
            _along(str(tile.index), r1 - 10, angle, 10.0, "tile-index", bold=False, fill=_MUTED),
            *(
                _along(line, r, angle, 9.5, "tile-name", bold=marked, fill=_INK)
                for line, r in zip(names, radii, strict=True)
            ),
        )
    )


@functools.lru_cache(maxsize=8)
def _tile_faces(pack: Pack) -> dict[Tile, str]:
    """Every tile's face (:func:`_tile_face`): they depend on the pack alone, so they are drawn
    once per pack."""
    return {tile: _tile_face(tile, spec, count) for tile, spec, count in _tiles(pack)}


def _tile(p: Position, tile: Tile, count: int, face: str, clicks: Clicks[Action]) -> str:
    """A tile: its ``face`` (:func:`_tile_face`), and the tokens standing on it."""
    here = [seat for seat, player in enumerate(p.players) if player.tile == tile]
    places = _token_places(len(here), _RINGS[tile.ring][0], tile.index * 360 / count)
    tokens = (_token(p, seat, x, y, clicks) for seat, (x, y) in zip(here, places, strict=True))
    return "".join((face, *tokens, "</g>"))


def _edge(tile: Tile, count: int, toward: Tile) -> tuple[float, float]:
    """The middle of ``tile``'s edge that faces ``toward``'s path."""
    r0, r1 = _RINGS[tile.ring]
    inside = tile.ring == "outer" and toward.ring == "inner"
    return _polar(r0 if inside else r1, tile.index * 360 / count)


def _arrow(start: tuple[float, float], end: tuple[float, float], title: str, **data: str) -> str:
    """A dashed arrow from ``start`` to ``end``."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = [(x1, y1), (x1 - 9 * ux + 4 * uy, y1 - 9 * uy - 4 * ux)]
    head.append((x1 - 9 * ux - 4 * uy, y1 - 9 * uy + 4 * ux))
    points = " ".join(f"{_num(x)},{_num(y)}" for x, y in head)
    return _group(
        svg_tag(
            "line",
            x1=x0,
            y1=y0,
            x2=x1 - 8 * ux,
            y2=y1 - 8 * uy,
            stroke=_INK,
            stroke_width=1.6,
            stroke_dasharray="4 3",
        ),
        svg_tag("polygon", points=points, fill=_INK),
        title=title,
        class_="link",
        **data,
    )


def _links(pack: Pack) -> str:
    """An arrow from each tile that sends players on (a ``teleport``) to the special tile it
    sends them to, across the gap between the rings."""
    tiles = list(_tiles(pack))
    special = {spec.special: (tile, count) for tile, spec, count in tiles if spec.special}
    arrows = []
    for tile, spec, count in tiles:
        for effect in spec.effects:
            if isinstance(effect, Teleport) and effect.to in special:
                target, target_count = special[effect.to]
                start = _edge(tile, count, target)
                end = _edge(target, target_count, tile)
                title = f"{spec.name} sends you to {pack.tile(target).name}"
                arrows.append(_arrow(start, end, title, data_from=str(tile), data_to=str(target)))
    return _group(*arrows, id="links", class_="links")


def _fate(p: Position) -> str:
    """The Fate sphere: its value out of the maximum, and a ring of pips."""
    arc = 360 / FATE_MAX
    pips = []
    for i in range(FATE_MAX):
        filled = i < p.fate
        fill = _mix("#f2c14e", _FATE_HIGH, (i + 1) / FATE_MAX) if filled else "#e6dfd1"
        shape = _sector(_FATE_RADIUS + 8, _FATE_RADIUS + 22, i * arc + 2, (i + 1) * arc - 2)
        classes = "fate-pip filled" if filled else "fate-pip"
        pips.append(svg_tag("path", d=shape, fill=fill, stroke=_LINE, class_=classes))
    share = p.fate / FATE_MAX
    ink = "#fff" if share > 0.5 else _INK
    sphere = _mix(_FATE_LOW, _FATE_HIGH, share)
    return _group(
        *pips,
        svg_tag("circle", cx=_CENTRE, cy=_CENTRE, r=_FATE_RADIUS, fill=sphere, stroke=_INK),
        _text(_CENTRE, _CENTRE - 38, "Fate", 14.0, anchor="middle", fill=ink),
        _text(
            _CENTRE,
            _CENTRE,
            str(p.fate),
            44.0,
            anchor="middle",
            bold=True,
            fill=ink,
            class_="fate-value",
        ),
        _text(_CENTRE, _CENTRE + 40, f"of {FATE_MAX}", 13.0, anchor="middle", fill=ink),
        title=f"Fate {p.fate}/{FATE_MAX}: at {FATE_MAX} at the start of a round, everyone loses",
        id="fate",
        class_="fate",
        data_value=p.fate,
        data_max=FATE_MAX,
    )


def _turn(p: Position, y: float) -> str:
    """Whose turn it is, under the Fate sphere (or how the game ended)."""
    pack = p.config.content
    guild = p.players[p.turn].guild
    lines = [
        (f"seat {p.turn} to play", _MUTED),
        (pack.guild(guild).name, _guild_colour(pack, guild)),
    ]
    if p.ending is not None:
        lines = [("game over", _MUTED), (p.ending.kind, _INK)]
    return _group(
        *(
            _text(_CENTRE, y + 16 * i, text, 12.0 + i, anchor="middle", bold=i > 0, fill=fill)
            for i, (text, fill) in enumerate(lines)
        ),
        id="turn",
        class_="turn",
        data_seat=p.turn if p.ending is None else None,
    )


def _board(p: Position, clicks: Clicks[Action], top: float) -> str:
    """The two rings, the links between them, the Fate sphere, the round and whose turn it is,
    ``top`` pixels down."""
    pack = p.config.content
    faces = _tile_faces(pack)
    rings = [
        _group(
            *(
                _tile(p, tile, n, faces[tile], clicks)
                for tile, _, n in _tiles(pack)
                if tile.ring == ring
            ),
            id=f"ring-{ring}",
            class_=f"ring {ring}",
        )
        for ring in ("outer", "inner")
    ]
    above = _CENTRE - _FATE_RADIUS - 44
    return _group(
        _links(pack),
        *rings,
        _fate(p),
        _text(
            _CENTRE,
            above,
            f"Round {p.round}",
            17.0,
            anchor="middle",
            bold=True,
            id="round",
            class_="round",
            data_value=p.round,
        ),
        _turn(p, _CENTRE + _FATE_RADIUS + 40),
        id="board",
        class_="board",
        transform=f"translate(0 {_num(top)})" if top else None,
    )


# -- the column of panels -----------------------------------------------------------------------


def _heading(x: float, y: float, text: str) -> str:
    return _text(x, y, text.upper(), 10.0, bold=True, fill=_MUTED, class_="heading")


def _box(x: float, y: float, w: float, h: float, fill: str, **attributes: object) -> str:
    """A panel's rounded background."""
    return svg_tag("rect", x=x, y=y, width=w, height=h, rx=6.0, fill=fill, **attributes)


def _header(p: Position, viewer: Seat | None, x: float, y: float) -> Drawn:
    """The game's name and whose picture this is."""
    if viewer is None:
        who = "The whole state (deck orders included)"
    else:
        who = f"As {_who(p, viewer)} sees it"
    right = x + _COLUMN_W
    markup = _group(
        _text(x, y + 14, "Fated Kingdom", 22.0, bold=True),
        _text(
            right,
            y + 14,
            who,
            12.0,
            anchor="end",
            fill=_MUTED,
            id="viewer",
            class_="viewer",
            data_seat=viewer,
        ),
        id="header",
        class_="header",
    )
    return markup, 30.0


def _prophecy(p: Position, x: float, y: float, width: float) -> Drawn:
    """The active prophecy: its name (and the rounds before it expires) and condition."""
    if p.prophecy is None:
        body = [_text(x + 8, y + 32, "none active", 12.0, fill=_MUTED)]
        height, card_id, title = 44.0, None, "No prophecy is active."
    else:
        card = p.config.rules.card[p.prophecy]
        lines = _wrap(card.text, 11.0, width - 16, 4)
        left = [e.rounds for e in p.lasting if e.card == card.id]  # decision x: it expires
        name = card.name + (f" ({left[0]} to go)" if left else "")
        body = [
            _text(x + 8, y + 32, name, 13.0, bold=True),
            *(_text(x + 8, y + 50 + 14 * i, line) for i, line in enumerate(lines)),
        ]
        height, card_id, title = 44.0 + 14 * len(lines), card.id, _card_title(card, p.config.rules)
    markup = _group(
        _box(x, y, width, height, _KIND_FILL["prophecy"], stroke=_LINE),
        _heading(x + 8, y + 14, "Prophecy"),
        *body,
        title=title,
        id="prophecy",
        class_="prophecy",
        data_card=card_id,
    )
    return markup, height


def _shop(p: Position, clicks: Clicks[Action], x: float, y: float) -> Drawn:
    """The Items for sale with their prices."""
    rules = p.config.rules
    w = (_COLUMN_W - 3 * 8) / 4
    cards = [
        _card(
            rules,
            rules.card[card],
            x + i * (w + 8),
            y + 22,
            w,
            56.0,
            classes="shop-card",
            lines=2,
            price=True,
            id_=f"shop-card-{card}",
            actions=clicks.data(f"shop-{card}"),
        )
        for i, card in enumerate(p.shop)
    ]
    if not p.shop:
        cards.append(_text(x, y + 40, "empty", 12.0, fill=_MUTED))
    markup = _group(
        _heading(x, y + 8, f"Shop ({len(p.shop)} Items)"),
        *cards,
        id="shop",
        class_="shop",
        data_size=len(p.shop),
    )
    return markup, 80.0


def _deck_title(p: Position, name: str, deck: Deck, full: bool) -> str:
    """A deck's tooltip: its size and known bottom groups; its cards in order only when the
    whole state is drawn."""
    known = sum(len(group) for group in deck.bottom)
    text = f"{name}: {len(deck)} cards" + (f", {known} known to lie at the bottom" if known else "")
    if not full:
        return text + "; their order is hidden."
    names = [p.config.rules.card[c].name for c in deck.cards()]
    shown = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
    order = "in pack order, not yet decided" if p.config.explicit else "next first"
    return f"{text}; {order}: {shown or 'none'}."


def _deck(p: Position, name: str, full: bool, x: float, y: float, w: float) -> str:
    """One deck: its name and size (and how many cards are known to lie at its bottom)."""
    field = DECK_FIELD[name]
    deck: Deck = getattr(p, field)
    known = sum(len(group) for group in deck.bottom)
    note = _text(x + w - 6, y + 27, f"+{known} known", 10.0, anchor="end", fill=_MUTED)
    return _group(
        _box(x, y, w, 40.0, _PANEL, stroke=_LINE),
        _text(x + 6, y + 11, field.capitalize(), 10.0, fill=_MUTED),
        _text(x + 6, y + 27, str(len(deck)), 15.0, bold=True, class_="deck-size"),
        *([note] if known else []),
        title=_deck_title(p, field.capitalize(), deck, full),
        id=f"deck-{name}",
        class_=f"deck {name}",
        data_size=len(deck),
    )


def _decks(p: Position, full: bool, x: float, y: float, width: float) -> Drawn:
    """The four decks' sizes, the discarded cards and the lasting events."""
    w = (width - 3 * 8) / 4
    decks = [_deck(p, name, full, x + i * (w + 8), y + 20, w) for i, name in enumerate(DECK_FIELD)]
    rules = p.config.rules
    lasting = ", ".join(f"{rules.card[e.card].name} ({e.rounds} to go)" for e in p.lasting)
    notes = f"{plural(len(p.discarded), 'card')} discarded" + (
        f"; lasting: {lasting}" if lasting else ""
    )
    lines = _wrap(notes, 11.0, width, 3)
    markup = _group(
        _heading(x, y + 8, "Decks"),
        *decks,
        _group(
            *(_text(x, y + 72 + 14 * i, line, fill=_MUTED) for i, line in enumerate(lines)),
            id="discarded",
            class_="discarded",
            data_size=len(p.discarded),
        ),
        id="decks",
        class_="decks",
    )
    return markup, 66.0 + 14 * len(lines)


def _wounds(x: float, y: float, wounds: int) -> str:
    """Wounds out of those a character survives, as pips."""
    pips = [
        svg_tag(
            "rect",
            x=x + 46 + 14 * i,
            y=y - 5.5,
            width=11.0,
            height=11.0,
            rx=2.0,
            fill="#c92a2a" if i < wounds else "#fff",
            stroke=_LINE,
            class_="wound-pip filled" if i < wounds else "wound-pip",
        )
        for i in range(WOUND_LIMIT)
    ]
    return _group(
        _text(x, y, "wounds", 10.0, fill=_MUTED),
        *pips,
        _text(x + 50 + 14 * WOUND_LIMIT, y, f"{wounds}/{WOUND_LIMIT}"),
        title=f"{plural(wounds, 'wound')} of the {WOUND_LIMIT} a character survives;"
        " one more is death",
        class_="wounds",
        data_value=wounds,
        data_max=WOUND_LIMIT,
    )


def _slots(p: Position, seat: Seat, x: float, y: float, w: float, clicks: Clicks[Action]) -> str:
    """The inventory slots, the empty ones dashed."""
    rules = p.config.rules
    slots = p.players[seat].slots
    step = (w + 6) / SLOTS
    boxes = []
    for i in range(SLOTS):
        left = x + i * step
        if i < len(slots):
            chosen = clicks.data(f"card-{seat}-{slots[i]}")
            boxes.append(
                _card(
                    rules, rules.card[slots[i]], left, y, step - 6, classes="slot", actions=chosen
                )
            )
            continue
        empty = svg_tag(
            "rect",
            x=left,
            y=y,
            width=step - 6,
            height=_CHIP,
            rx=4.0,
            fill="none",
            stroke=_LINE,
            stroke_dasharray="3 2",
        )
        boxes.append(_group(empty, title="an empty slot", class_="slot empty"))
    return _group(*boxes, class_="slots", data_count=len(slots), data_max=SLOTS)


def _trophies(p: Position, seat: Seat) -> str | None:
    """The defeated creatures and towers a player holds, counted and valued, or ``None``."""
    rules = p.config.rules
    parts = []
    for kind in ("creature", "tower"):
        held = [rules.card[c] for c in p.players[seat].hand if rules.card[c].kind == kind]
        if held:
            plural = "s" if len(held) > 1 else ""
            parts.append(f"{len(held)} {kind}{plural} (value {sum(c.value for c in held)})")
    return "trophies: " + ", ".join(parts) if parts else None


def _status(p: Position, seat: Seat, acting: Seat | None) -> list[str]:
    """Words about a player: dead, to play, to answer, winner and score."""
    words = []
    if p.players[seat].tile is None:
        words.append("dead")
    if seat == p.turn and p.ending is None:
        words.append("to play")
    if seat == acting:
        words.append("to answer")
    if p.ending is not None:
        words += ["winner"] if seat in p.ending.winners else []
        words.append(f"score {p.ending.scores[seat]}")
    return words


def _panel_classes(p: Position, seat: Seat, status: Sequence[str], viewer: Seat | None) -> str:
    classes = ["guild-panel", f"seat-{seat}", f"guild-{p.players[seat].guild}"]
    classes += [word.replace(" ", "-") for word in status if not word.startswith("score")]
    return " ".join(classes + (["viewer"] if seat == viewer else []))


def _guild_panel(
    p: Position,
    seat: Seat,
    acting: Seat | None,
    viewer: Seat | None,
    clicks: Clicks[Action],
    x: float,
    y: float,
) -> Drawn:
    """A player's panel: guild, dice, tile, coins, wounds, slots, hand and trophies."""
    player = p.players[seat]
    pack = p.config.content
    guild = pack.guild(player.guild)
    colour = _guild_colour(pack, player.guild)
    dead = player.tile is None
    status = _status(p, seat, acting)
    where = "off the board" if player.tile is None else f"on {Names(p.config).tile(player.tile)}"
    left, width = x + 62, _COLUMN_W - 70
    hand, hand_h = _cards(p, player.hand, left, y + 80, width, 5, "card", clicks, f"card-{seat}")
    trophies = _trophies(p, seat)
    height = 84 + hand_h + (16 if trophies else 0)
    frame = {"stroke": _HIGHLIGHT, "stroke_width": 3.0} if seat == acting else {"stroke": _LINE}
    dice_x = x + _COLUMN_W - 10 - 17 * len(guild.dice)
    parts = [
        _box(x, y, _COLUMN_W, height, "#e9e6e0" if dead else _PANEL, **frame),
        svg_tag("rect", x=x, y=y, width=7.0, height=height, rx=3.0, fill=colour),
        svg_tag("circle", cx=x + 24, cy=y + 16, r=9.5, fill="#9e9e9e" if dead else colour),
        _text(x + 24, y + 16, str(seat), 10.0, anchor="middle", bold=True, fill="#fff"),
        _text(
            x + 40,
            y + 16,
            guild.name,
            14.0,
            bold=True,
            fill=_MUTED if dead else _INK,
            text_decoration="line-through" if dead else None,
        ),
        _text(
            x + _COLUMN_W - 76,
            y + 16,
            " · ".join(status),
            anchor="end",
            fill=_ALERT,
            class_="status",
        ),
        _text(x + _COLUMN_W - 38, y + 16, "coins", 10.0, anchor="end", fill=_MUTED),
        _coin(x + _COLUMN_W - 22, y + 16, player.coins, 11.0, "coins"),
        _wounds(x + 14, y + 40, player.wounds),
        _text(
            x + 150,
            y + 40,
            _fit(where, 11.0, dice_x - x - 160),
            class_="where",
            data_tile=None if dead else str(player.tile),
        ),
        *(_die(dice_x + 17 * i, y + 33, c, None, 14.0) for i, c in enumerate(guild.dice)),
        _text(x + 14, y + 62, "slots", 10.0, fill=_MUTED),
        _slots(p, seat, left, y + 52, width, clicks),
        _text(x + 14, y + 90, f"hand {len(player.hand)}", 10.0, fill=_MUTED),
        _group(hand, class_="hand", data_count=len(player.hand), data_max=HAND_LIMIT),
    ]
    if trophies:
        parts.append(_text(x + 14, y + 88 + hand_h, trophies, 10.5, class_="trophies"))
    power = guild.power
    markup = _group(
        *parts,
        title=f"Seat {seat}: {guild.name}. {guild.text} Power: {power.name}: {power.text}",
        id=f"guild-panel-seat-{seat}",
        class_=_panel_classes(p, seat, status, viewer),
        data_seat=seat,
        data_guild=player.guild,
        data_actions=clicks.data(f"seat-{seat}"),
    )
    return markup, height


# -- the decision -------------------------------------------------------------------------------


def _window(p: Position, frame: WindowFrame) -> str:
    rules = p.config.rules
    stack = "; ".join(
        f"{_who(p, a.seat)}: {rules.card[a.card].name if a.card else 'guild power'}"
        for a in frame.stack
    )
    return f"Answers to {request_words(frame.request)}" + (
        f"; on the Stack: {stack}." if stack else "."
    )


def _frame_detail(p: Position, frame: Frame) -> str:
    """A sentence about the frame being answered ("" when the prompt says it all)."""
    rules = p.config.rules
    if isinstance(frame, WindowFrame):
        return _window(p, frame)
    if isinstance(frame, ChooseFrame):
        tag = f" {frame.tag}" if frame.tag else ""
        reveal = f"{frame.count}{tag} more to reveal, " if frame.count else ""
        chosen = f" Chosen so far: {_names(p, frame.chosen)}." if frame.chosen else ""
        return (
            f"{_first_up(_who(p, frame.seat))} draws from the {frame.deck} deck:"
            f" {reveal}{frame.choose} to choose.{chosen}"
        )
    if isinstance(frame, RollFrame):
        return f"The travel die of {_who(p, frame.seat)}."
    if isinstance(frame, DrawFrame):
        return f"{frame.count} card(s) of the {frame.deck} deck to draw, for the {frame.into}."
    if isinstance(frame, PayFrame):
        tower = rules.card[frame.tower]
        return f"Paying for {tower.name}: {frame.paid} of {tower.value} paid."
    if isinstance(frame, GainFrame):
        return f"{_first_up(_who(p, frame.seat))} gains {rules.card[frame.card].name}."
    if isinstance(frame, LootFrame):
        things = _names(p, (*frame.items, *frame.creatures))
        return f"Looting {_who(p, frame.dead)}: {frame.coins} coins, {things}."
    if isinstance(frame, TrophyFrame):
        return f"{_first_up(_who(p, frame.winner))} won the duel against {_who(p, frame.loser)}."
    if isinstance(frame, OfferFrame):
        return (
            f"Offer to {_who(p, frame.partner)}: give {_names(p, frame.give)} and"
            f" {frame.give_coins} coins, ask {_names(p, frame.ask)} and {frame.ask_coins} coins."
        )
    return ""


def _rolls(
    x: float,
    y: float,
    rows: Sequence[tuple[str, DiceRoll]],
    dodged: DiceRoll | None,
    clicks: Clicks[Action],
) -> list[str]:
    """Rolls one under the other, their dice lined up after the longest label; the dice of the
    ``dodged`` roll, whose Dodge may be used now (K12), with their ``data-actions``."""
    start = x + max(len(label) for label, _ in rows) * 11 * 0.55 + 10
    return [
        _dice(x, y + 24 * i, label, roll, start, clicks if roll is dodged else Clicks.none())
        for i, (label, roll) in enumerate(rows)
    ]


def _fight(p: Position, x: float, y: float, clicks: Clicks[Action]) -> Drawn:
    """The fight or duel under way, with its dice (nothing when there is none)."""
    fight = next((f for f in reversed(p.frames) if isinstance(f, FightFrame | DuelFrame)), None)
    found = None if fight is None else dodging(fight)
    dodged = None if found is None else found[1]
    if isinstance(fight, FightFrame):
        creature = p.config.rules.card[fight.creature]
        label = (
            f"Fight: {_who(p, fight.seat)} against {creature.name}"
            f" (attack {creature.attack}, defence {creature.defence}):"
        )
        rows = _rolls(x, y, [(label, fight.dice)], dodged, clicks)
        title = abilities_text(creature) or None
        return _group(*rows, title=title, class_="fight", data_card=creature.id), 26.0
    if isinstance(fight, DuelFrame):
        sides = [
            (f"Duel: {_who(p, fight.attacker)} attacks:", fight.dice_a),
            (f"{_who(p, fight.defender)} defends:", fight.dice_d),
        ]
        return _group(*_rolls(x, y, sides, dodged, clicks), class_="duel"), 50.0
    return "", 0.0


def _caption(p: Position, x: float, y: float, w: float, clicks: Clicks[Action]) -> Drawn:
    """Who must answer and what, in a player's words (or how the game ended), the fight, and
    the cards drawn to choose from, each with what it is."""
    rows: list[str] = []
    line = y + 12

    def say(text: str, *, bold: bool = False, fill: str = _INK) -> None:
        nonlocal line
        for part in _wrap(text, 12.0, w, 4):
            rows.append(_text(x, line, part, 12.0, bold=bold, fill=fill))
            line += 17

    def draw(markup: str, height: float) -> None:
        nonlocal line
        rows.append(markup)
        line += height

    asked = decision(p)
    ended = outcome(p)
    if ended is not None:
        say(f"Game over. {describe(p, ended)}", bold=True)
    elif asked is not None:
        say(describe(p, asked), bold=True)
        detail = _frame_detail(p, asked.context)
        if detail:
            say(detail)
        draw(*_fight(p, x, line - 9, clicks))
        top = asked.context
        if isinstance(top, ChooseFrame) and top.cards:
            rows.append(_text(x, line, "Drawn:", 12.0))
            drawn, tall = _cards(
                p, top.cards, x + 56, line - 10, w - 56, 3, "drawn", clicks, "drawn", about=True
            )
            draw(drawn, tall + 4)
    markup = _group(
        *rows,
        id="caption",
        class_="caption",
        data_seat=None if asked is None else asked.seat,
        data_kind=None if asked is None else asked.kind,
    )
    return markup, line - y


# -- the picture --------------------------------------------------------------------------------


def _stack(
    p: Position, viewer: Seat | None, acting: Seat | None, clicks: Clicks[Action]
) -> tuple[list[str], float]:
    """The picture's parts from top to bottom, and its height: the header, the decision and its
    buttons, the viewer's own panel, the board, the Shop, the prophecy beside the decks, and the
    other guilds' panels."""
    parts: list[str] = []
    y = 8.0

    def add(drawn: Drawn, gap: float = _GAP) -> None:
        nonlocal y
        parts.append(drawn[0])
        y += drawn[1] + gap

    add(_header(p, viewer, _MARGIN, y), 4.0)
    add(_caption(p, 14.0, y, _COLUMN_W - 8, clicks), 4.0)
    buttons, tall = svg_buttons(clicks, 14.0, y, _COLUMN_W - 8)
    if buttons:
        add((buttons, tall))
    first = [viewer] if viewer is not None else []
    for seat in first:
        add(_guild_panel(p, seat, acting, viewer, clicks, _MARGIN, y))
    parts.append(_board(p, clicks, y))
    y += _BOARD
    add(_shop(p, clicks, _MARGIN, y))
    half = (_COLUMN_W - _GAP) / 2
    prophecy, tall_p = _prophecy(p, _MARGIN, y, half)
    decks, tall_d = _decks(p, viewer is None, _MARGIN + half + _GAP, y, half)
    add((prophecy + decks, max(tall_p, tall_d)))
    for seat in range(len(p.players)):
        if seat not in first:
            add(_guild_panel(p, seat, acting, viewer, clicks, _MARGIN, y))
    return parts, y


def draw_svg(position: State | View, clicks: Clicks[Action]) -> str:
    """A picture of the position as a standalone SVG document: the renderer behind
    :func:`kinmarr.render_svg`, which turns a seat into its view and the actions offered into
    ``clicks``.

    It shows the two paths as concentric rings (index 0 at the top, clockwise; special tiles and
    tiles that draw by tag marked; arrows where a tile sends players on), each living guild's
    token on its tile, the Fate sphere, the round, the Shop with prices, the prophecy, the decks'
    sizes, a panel per guild (coins, wounds, dice, slots, hand, trophies; a dead guild greyed)
    and a caption naming who must answer and why. Elements carry ``id`` and ``class`` names for
    tests and front ends (``tile-outer-17`` with class ``tile outer tagged draws-undead
    fate-change``, ``token-seat-2``, ``fate``, ``round``, ``shop-card-<card>``,
    ``deck-encounter``, ``guild-panel-seat-1``, ``caption``), ``data-*`` attributes with their
    values, and a ``<title>`` tooltip each.

    Given actions to click (normally ``legal_actions`` of what is drawn), the picture is
    clickable (:ref:`clickable-boards`): every element that takes part in an action carries
    ``data-actions``, the indices of those actions in ``actions``. A guild is its token and its
    panel (a duel, a trade, the target of a card or a power); a card is the card in a guild's
    slots or hand, in the Shop, or among the cards drawn in the caption; a Dodge is its die in
    the caption's roll. Buttons in ``g#buttons``, under the caption, hold the rest: a verb where
    one card takes part in several kinds of action (``g#button-slot``, ``g#button-sell`` …), the
    other die of a reroll, a word (``g#button-pass``, ``g#button-end-turn`` …) and, in explicit
    chance mode, each chance outcome (``g#button-chance-<notation>``).

    >>> import kinmarr
    >>> svg = kinmarr.render_svg(kinmarr.new_game(seed=1), seat=0)
    >>> svg.startswith("<svg"), 'id="tile-outer-25"' in svg
    (True, True)
    >>> state = kinmarr.new_game(seed=1)
    >>> actions = kinmarr.legal_actions(state)
    >>> actions
    (Travel(),)
    >>> 'id="button-travel" class="button" data-actions="0"' in kinmarr.render_svg(
    ...     state, actions=actions
    ... )
    True

    Args:
        position: a :class:`~kinmarr.State`, drawn whole (the order of its decks included, in
            the decks' tooltips), or a :class:`~kinmarr.View`, drawn as its seat sees it.
        clicks: the clicks of the actions offered (:meth:`tabletop_rules.Clicks.none` for
            none: no ``data-actions`` at all).

    Returns:
        str: the SVG document (``<svg …>…</svg>``, no XML declaration), every text escaped.
    """
    p: Position = position
    viewer = p.seat if isinstance(p, View) else None
    asked = decision(p)
    parts, bottom = _stack(p, viewer, None if asked is None else asked.seat, clicks)
    height = math.ceil(bottom)
    size = {
        "width": _num(_WIDTH),
        "height": height,
        "viewBox": f"0 0 {_num(_WIDTH)} {height}",
    }
    look = {"font-family": "DejaVu Sans, Verdana, Arial, sans-serif", "role": "img"}
    kind = "view" if viewer is not None else "state"
    return svg_tag(
        "svg",
        svg_title(f"Fated Kingdom, round {p.round}, Fate {p.fate}/{FATE_MAX}"),
        svg_tag("rect", width="100%", height="100%", fill=_PAPER),
        *parts,
        xmlns="http://www.w3.org/2000/svg",
        **size,
        **look,
        class_=f"kinmarr {kind}",
        style="max-width: 100%; height: auto",
    )
