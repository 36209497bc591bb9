"""An SVG picture of a position: the cards in play with their layers, the defeated monsters, the
garrisons, the hand and the draw pile.

The picture is one standalone SVG document, built as a string. Colours are presentation
attributes (no ``<style>`` element), so an SVG shown inline in a web page never restyles the rest
of the page, and a front end may still override any of them with CSS. Every element a program may
look for has an ``id`` or a ``class`` (see :func:`draw_svg`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from tabletop_rules import Clicks, svg_buttons, svg_escape, svg_tag, svg_title

from .._actions import Action, Place
from .._cards import Card, Layer
from .._rules import outcome, stack
from .._state import Placed, State, View
from .clicks import at

CELL = 40
"""Side of a cell of the table, in SVG user units."""
HAND_CELL = 28
"""Side of a cell of a card in the hand."""
PILE_CELL = 14
"""Side of a cell of a face-up card of the draw pile."""
MARGIN = 12
"""Space around the whole picture."""
AXIS = 22
"""Space for the coordinates beside the table."""
LINE = 18
"""Height of a line of text."""
GAP = 14
"""Space between the parts of the picture."""
FAN = 5
"""Offset between the face-down cards of the draw pile."""
PILE_ROW = 10
"""Face-up cards of the draw pile per row."""
BUTTONS_WIDTH = 360
"""The least room across for the buttons of a clickable picture."""

SVG_NS = "http://www.w3.org/2000/svg"

CELL_NAMES = {
    "G": "guard",
    "X": "goblin",
    "O": "hobgoblin",
    "H": "house",
    "F": "fort",
    "W": "watchtower",
    "B": "barracks",
}
"""The class of each cell letter."""
BUILDING_TITLES = {"F": "Fort", "W": "Watchtower", "B": "Barracks"}
_FILL = {
    "G": "#cfe0f7",
    "X": "#d4efc6",
    "O": "#f6cfae",
    "H": "#f3e7cb",
    "F": "#dfd2f1",
    "W": "#dfd2f1",
    "B": "#dfd2f1",
}
_INK = {
    "G": "#1d4f91",
    "X": "#2f6b1a",
    "O": "#8c3a0e",
    "H": "#7a5a26",
    "F": "#553285",
    "W": "#553285",
    "B": "#553285",
}
_FRAME = "#2b2b2b"
_PAPER = "#faf7f0"
_GRID = "#e4ddcc"
_TEXT = "#333333"
_DEFEAT = "#c62828"
_OPEN = "#d35400"
_OPEN_MARK: dict[str, object] = {
    "fill": "none",
    "stroke": _OPEN,
    "stroke_width": 1.5,
    "stroke_dasharray": "3 3",
}
"""The dashed outline of a cell a card needs filled, on the table and in its key."""
_HIDDEN_MARK: dict[str, object] = {"fill": "none", "stroke_width": 1.5, "stroke_dasharray": "2 3"}
"""The dotted ring of a goblin hidden beneath a Fort (in its kind's ink), on the table and in
its key."""
_ACTIVE = "#d4a017"
_TUCKED = "#37474f"
_BACK = "#2c3e66"

RING = ((0, -1), (1, -1), (-1, 0), (2, 0), (-1, 1), (2, 1), (0, 2), (1, 2))
"""The eight cells sharing an edge with a card's footprint, from its top-left cell (R7)."""


# Markup helpers ----------------------------------------------------------------------------


def _text(content: str, **attributes: object) -> str:
    """A ``<text>`` element holding ``content`` (escaped)."""
    return svg_tag("text", svg_escape(content), **attributes)


def _where(x: int, y: int) -> str:
    """The id suffix of a cell: ``3_-1`` for ``(3, -1)``."""
    return f"{x}_{y}"


# What is drawn -----------------------------------------------------------------------------


@attrs.frozen
class _Block:
    """Markup placed at a known spot, with the size it takes."""

    markup: str
    width: int
    height: int


def _kind(card: Card) -> list[str]:
    """The classes of a card by what it holds."""
    if card.building is not None:
        return ["garrison", CELL_NAMES[card.building]]
    kinds = [
        name
        for letter, name in (("X", "goblin-card"), ("O", "hobgoblin-card"))
        if letter in card.cells
    ]
    return kinds or ["plain-card"]


def _describe(card: Card) -> str:
    """A card in words, for its tooltip."""
    if card.building is not None:
        what = f"{BUILDING_TITLES[card.building]} (garrison)"
    elif "O" in card.cells:
        what = "hobgoblin card"
    elif "X" in card.cells:
        what = "goblin card"
    else:
        what = "card"
    return f"{card.id} {card.layout}: {what}"


def _card(
    card: Card,
    left: int,
    top: int,
    size: int,
    title: str,
    cells: Iterable[Mapping[str, object]] | None = None,
    frame: tuple[str, float] | None = None,
    **attributes: object,
) -> str:
    """A face-up card whose footprint's top-left corner is at ``(left, top)``: a ``<g>`` with a
    ``<title>``, a frame (class ``face``; ``frame`` gives its colour and width) and four cells
    (class ``cell <kind>``, with the extra attributes given per cell in reading order)."""
    inset = max(1, size // 12)
    outer, inner = inset + 2, 1
    side = size - outer - inner
    stroke, stroke_width = frame or (_FRAME, 1.5 if size >= HAND_CELL else 1)
    face = svg_tag(
        "rect",
        class_="face",
        x=left + inset,
        y=top + inset,
        width=2 * size - 2 * inset,
        height=2 * size - 2 * inset,
        rx=inset + 1,
        fill="#ffffff",
        stroke=stroke,
        stroke_width=stroke_width,
    )
    parts = [svg_title(title), face]
    extras = [{}, {}, {}, {}] if cells is None else cells
    for i, (letter, extra) in enumerate(zip(card.cells, extras, strict=True)):
        col, row = i % 2, i // 2
        x = left + (outer if col == 0 else size + inner)
        y = top + (outer if row == 0 else size + inner)
        name = CELL_NAMES[letter]
        classes = " ".join(["cell", name, *(["building"] if letter in BUILDING_TITLES else [])])
        extra_classes = extra.get("class_")
        attributes_of_cell = {
            **extra,
            "class_": f"{classes} {extra_classes}" if extra_classes else classes,
        }
        parts.append(
            svg_tag(
                "g",
                svg_tag("rect", x=x, y=y, width=side, height=side, rx=2, fill=_FILL[letter]),
                _text(letter, x=x + side / 2, y=y + side / 2, dy="0.35em", fill=_INK[letter]),
                **attributes_of_cell,
            )
        )
    letters = {"text_anchor": "middle", "font_size": size // 2, "font_weight": "bold"}
    return svg_tag("g", *parts, **attributes, **letters)


def _back(left: int, top: int, size: int, title: str, **attributes: object) -> str:
    """A face-down card (class ``card back``): nothing on it tells which card it is."""
    inset = max(1, size // 12)
    width = 2 * size - 2 * inset
    return svg_tag(
        "g",
        svg_title(title),
        svg_tag(
            "rect",
            x=left + inset,
            y=top + inset,
            width=width,
            height=width,
            rx=inset + 1,
            fill=_BACK,
            stroke=_FRAME,
        ),
        svg_tag(
            "rect",
            x=left + 3 * inset,
            y=top + 3 * inset,
            width=width - 4 * inset,
            height=width - 4 * inset,
            rx=inset,
            fill="none",
            stroke="#8fa3bf",
        ),
        class_="card back",
        **attributes,
    )


@attrs.frozen
class _Area:
    """The part of the table drawn, in cells: the cards in play with one cell around them."""

    left: int
    top: int
    right: int
    bottom: int

    @classmethod
    def around(cls, placed: Iterable[Placed], cells: Iterable[tuple[int, int]] = ()) -> _Area:
        """Around the cards in play, and also holding ``cells`` (where cards may go)."""
        boxes = [(p.x - 1, p.y - 1, p.x + 3, p.y + 3) for p in placed] or [(-1, -1, 3, 3)]
        boxes += [(x, y, x + 1, y + 1) for x, y in cells]
        left, top, right, bottom = zip(*boxes, strict=True)
        return cls(min(left), min(top), max(right), max(bottom))


class _Scene:
    """A position and what the picture needs to know of it, worked out once."""

    def __init__(self, position: State | View, clicks: Clicks[Action]) -> None:
        self.position = position
        self.clicks = clicks
        """Which elements start which of the actions given (none without actions)."""
        self.targets = sorted({(a.x, a.y) for a in clicks.actions if isinstance(a, Place)})
        """The cells where the top-left cell of a card may go, for the actions given."""
        self.cards = {card.id: card for card in position.config.deck}
        self.stack = stack(position)
        self.area = _Area.around(self.stack, self.targets)
        self.below: dict[tuple[int, int], list[tuple[Placed, str]]] = {}
        """Per occupied cell, the cards covering it and their letter there, bottom first."""
        for placed in self.stack:
            for i, letter in enumerate(self.cards[placed.card].cells):
                spot = (placed.x + i % 2, placed.y + i // 2)
                self.below.setdefault(spot, []).append((placed, letter))

    def visible(self, x: int, y: int) -> tuple[Placed, str] | None:
        """The card showing at ``(x, y)`` and its letter there (the topmost one, R2)."""
        covering = self.below.get((x, y))
        return covering[-1] if covering else None

    def monster(self, x: int, y: int) -> str | None:
        """The kind of the topmost goblin or hobgoblin at ``(x, y)``, visible or hidden."""
        for _, letter in reversed(self.below.get((x, y), [])):
            if letter in "XO":
                return CELL_NAMES[letter]
        return None


def _open_cells(scene: _Scene, placed: Placed) -> list[tuple[int, int, int]]:
    """The cells around a garrison that do not (yet) show a house or a guard (R7), as
    ``(index in RING, x, y)``."""
    found = []
    for k, (dx, dy) in enumerate(RING):
        shown = scene.visible(placed.x + dx, placed.y + dy)
        if shown is None or shown[1] not in "HG":
            found.append((k, placed.x + dx, placed.y + dy))
    return found


# The table ---------------------------------------------------------------------------------


def _grid(area: _Area) -> str:
    """Faint cell lines with the x coordinates above and the y coordinates to the left (R1)."""
    left, top, right, bottom = (v * CELL for v in attrs.astuple(area))
    lines = [
        svg_tag("line", x1=x * CELL, y1=top, x2=x * CELL, y2=bottom)
        for x in range(area.left, area.right + 1)
    ] + [
        svg_tag("line", x1=left, y1=y * CELL, x2=right, y2=y * CELL)
        for y in range(area.top, area.bottom + 1)
    ]
    labels = [
        _text(str(x), x=x * CELL + CELL // 2, y=top - 7, text_anchor="middle")
        for x in range(area.left, area.right)
    ] + [
        _text(str(y), x=left - 6, y=y * CELL + CELL // 2, dy="0.35em", text_anchor="end")
        for y in range(area.top, area.bottom)
    ]
    return svg_tag("g", *lines, id="grid", class_="grid", stroke=_GRID, stroke_width=1) + svg_tag(
        "g", *labels, id="axes", class_="axes", font_size=11, fill="#8a8270"
    )


def _slot(scene: _Scene) -> str:
    """Where the first card goes, on an empty table (R1)."""
    return svg_tag(
        "g",
        svg_title("The first card is laid here, at (0, 0)"),
        svg_tag(
            "rect",
            x=3,
            y=3,
            width=2 * CELL - 6,
            height=2 * CELL - 6,
            rx=4,
            fill="none",
            stroke="#8a8270",
            stroke_dasharray="5 4",
        ),
        _text(
            "(0, 0)",
            x=CELL,
            y=CELL,
            dy="0.35em",
            text_anchor="middle",
            font_size=12,
            fill="#8a8270",
        ),
        id="slot-0_0",
        class_="slot",
        data_actions=scene.clicks.data(at(0, 0)),
    )


def _targets(scene: _Scene) -> str:
    """An invisible square on each empty cell where a card's top-left cell may go, for the
    actions given (``rect#target-<x>_<y>.target``, with ``data-actions``); ``""`` for none.
    Cells that show a card take the actions on the card's cell instead."""
    clicks = scene.clicks
    cells = [
        svg_tag(
            "rect",
            svg_title(f"({x}, {y}): a card's top-left cell may go here"),
            id=f"target-{_where(x, y)}",
            class_="target",
            data_x=x,
            data_y=y,
            data_actions=clicks.data(at(x, y)),
            x=x * CELL,
            y=y * CELL,
            width=CELL,
            height=CELL,
            fill="#ffffff",
            fill_opacity=0,
        )
        for x, y in scene.targets
        if scene.visible(x, y) is None
    ]
    return svg_tag("g", *cells, id="targets", class_="targets") if cells else ""


def _card_in_play(scene: _Scene, placed: Placed, layer: int) -> str:
    """A card in play (``id="card-<id>"``), with classes ``card``, its kind, ``layer-N`` (its place
    in the stack, 0 at the bottom), ``top`` or ``tucked``, and for a garrison ``surrounded`` and
    ``active``; each cell knows its coordinates and whether it is ``covered``."""
    card = scene.cards[placed.card]
    tucked = placed.layer is Layer.BOTTOM
    classes = ["card", *_kind(card), f"layer-{layer}", "tucked" if tucked else "top"]
    notes = [
        f"at ({placed.x}, {placed.y})",
        "tucked beneath" if tucked else "laid on top",
        f"layer {layer} of {len(scene.stack)}",
    ]
    frame = None
    if card.building is not None:
        missing = len(_open_cells(scene, placed))
        if not missing:
            classes.append("surrounded")
            frame = (_ACTIVE, 3)
        notes.append(f"{missing} of 8 border cells open" if missing else "surrounded")
        if placed.card in scene.position.active:
            classes.append("active")
            notes.append("active")
            frame = (_ACTIVE, 4)
    cells = []
    for i in range(4):
        x, y = placed.x + i % 2, placed.y + i // 2
        shown = scene.visible(x, y)
        covered = shown is not None and shown[0] is not placed
        cells.append(
            {
                "id": f"card-{placed.card}-cell-{i}",
                "class_": "covered" if covered else None,
                "data_x": x,
                "data_y": y,
                "data_actions": None if covered else scene.clicks.data(at(x, y)),
            }
        )
    return _card(
        card,
        placed.x * CELL,
        placed.y * CELL,
        CELL,
        f"{_describe(card)}, " + ", ".join(notes),
        cells,
        frame,
        id=f"card-{placed.card}",
        class_=" ".join(classes),
        data_card=placed.card,
        data_x=placed.x,
        data_y=placed.y,
        data_layer=placed.layer.value,
        data_stack=layer,
    )


def _outline(placed: Placed) -> str:
    """The dashed footprint of a tucked card, drawn over the cards that lie on it."""
    return svg_tag(
        "rect",
        id=f"outline-{placed.card}",
        class_="outline tucked",
        data_card=placed.card,
        x=placed.x * CELL + 1,
        y=placed.y * CELL + 1,
        width=2 * CELL - 2,
        height=2 * CELL - 2,
        rx=5,
        fill="none",
        stroke=_TUCKED,
        stroke_width=1.5,
        stroke_opacity="0.75",
        stroke_dasharray="6 4",
        pointer_events="none",
    )


def _open_marks(scene: _Scene, placed: Placed) -> list[str]:
    """Dashed squares on the border cells a garrison still needs (R7)."""
    building = BUILDING_TITLES[scene.cards[placed.card].building or "F"]
    return [
        svg_tag(
            "rect",
            svg_title(f"{building} {placed.card}: needs a house or a guard at ({x}, {y})"),
            id=f"open-{placed.card}-{k}",
            class_="open",
            data_card=placed.card,
            data_x=x,
            data_y=y,
            data_actions=scene.clicks.data(at(x, y)),
            x=x * CELL + 6,
            y=y * CELL + 6,
            width=CELL - 12,
            height=CELL - 12,
            rx=3,
            **_OPEN_MARK,
        )
        for k, x, y in _open_cells(scene, placed)
    ]


def _tower_line(scene: _Scene, placed: Placed) -> str:
    """The diagonal of a Watchtower through its W cell, across the whole table (R10)."""
    cells = scene.cards[placed.card].cells
    i = cells.index("W")
    slope = 1 if i in (0, 3) else -1
    cx, cy = placed.x + i % 2 + 0.5, placed.y + i // 2 + 0.5
    area = scene.area
    low, high = sorted(((area.top - cy) * slope, (area.bottom - cy) * slope))
    start, end = max(area.left - cx, low), min(area.right - cx, high)
    active = placed.card in scene.position.active
    return svg_tag(
        "line",
        svg_title(
            f"Watchtower {placed.card}: its {'backslash' if slope == 1 else 'slash'} diagonal,"
            " along which it defeats the goblins in sight"
        ),
        id=f"line-{placed.card}",
        class_="watchtower-line" + (" active" if active else ""),
        data_card=placed.card,
        x1=(cx + start) * CELL,
        y1=(cy + slope * start) * CELL,
        x2=(cx + end) * CELL,
        y2=(cy + slope * end) * CELL,
        stroke=_INK["W"],
        stroke_width=3 if active else 2,
        stroke_opacity="0.8" if active else "0.45",
        stroke_dasharray=None if active else "8 5",
        stroke_linecap="round",
    )


def _hidden_marks(scene: _Scene, placed: Placed) -> list[str]:
    """A dotted ring where a goblin of this card lies hidden beneath a Fort (R9)."""
    marks = []
    for i, letter in enumerate(scene.cards[placed.card].cells):
        x, y = placed.x + i % 2, placed.y + i // 2
        shown = scene.visible(x, y)
        if letter in "XO" and shown is not None and shown[0] is not placed:
            marks.append(
                svg_tag(
                    "circle",
                    svg_title(f"a {CELL_NAMES[letter]} of {placed.card} hidden beneath"),
                    id=f"hidden-{placed.card}-{i}",
                    class_=f"hidden-monster {CELL_NAMES[letter]}",
                    data_x=x,
                    data_y=y,
                    data_actions=scene.clicks.data(at(x, y)),
                    cx=x * CELL + CELL // 2,
                    cy=y * CELL + CELL // 2,
                    r=CELL // 2 - 6,
                    stroke=_INK[letter],
                    **_HIDDEN_MARK,
                )
            )
    return marks


def _defeated_mark(scene: _Scene, x: int, y: int) -> str:
    """A marker on a defeated goblin or hobgoblin (R6, R8): ``id="defeated-<x>_<y>"``, classes
    ``defeated`` and the monster's kind."""
    kind = scene.monster(x, y) or "monster"
    cx, cy, r = x * CELL + CELL // 2, y * CELL + CELL // 2, CELL // 2 - 5
    arm = r * 0.5
    return svg_tag(
        "g",
        svg_title(f"{kind} at ({x}, {y}): defeated"),
        svg_tag("circle", cx=cx, cy=cy, r=r, fill=_DEFEAT, fill_opacity="0.15"),
        svg_tag("line", x1=cx - arm, y1=cy - arm, x2=cx + arm, y2=cy + arm),
        svg_tag("line", x1=cx - arm, y1=cy + arm, x2=cx + arm, y2=cy - arm),
        id=f"defeated-{_where(x, y)}",
        class_=f"defeated {kind}",
        data_x=x,
        data_y=y,
        data_actions=scene.clicks.data(at(x, y)),
        stroke=_DEFEAT,
        stroke_width=2.5,
        stroke_opacity="0.85",
    )


def _table(scene: _Scene) -> str:
    """The table: grid, cards bottom first, then outlines and markers above every card."""
    garrisons = [p for p in scene.stack if scene.cards[p.card].building is not None]
    towers = [p for p in garrisons if scene.cards[p.card].building == "W"]
    cards = [_card_in_play(scene, placed, layer) for layer, placed in enumerate(scene.stack)]
    marks = [
        *(_outline(p) for p in scene.stack if p.layer is Layer.BOTTOM),
        *(mark for p in scene.stack for mark in _hidden_marks(scene, p)),
        *(mark for p in garrisons for mark in _open_marks(scene, p)),
        *(_tower_line(scene, p) for p in towers),
        *(_defeated_mark(scene, x, y) for x, y in sorted(scene.position.defeated)),
    ]
    return svg_tag(
        "g",
        _grid(scene.area),
        _targets(scene),
        svg_tag("g", *cards, id="cards", class_="cards") if cards else _slot(scene),
        svg_tag("g", *marks, id="marks", class_="marks") if marks else "",
        id="table",
        class_="table",
    )


# Around the table --------------------------------------------------------------------------


def _pile_size(position: State | View) -> int:
    return position.deck_size if isinstance(position, View) else len(position.deck)


def _status(position: State | View) -> list[str]:
    """The lines above the table."""
    played, pile = len(position.placed), _pile_size(position)
    total = position.config.compiled.total
    lines = [
        f"{played} card{'s' * (played != 1)} in play · {pile} to draw · "
        f"defeated {len(position.defeated)}/{total}"
    ]
    result = outcome(position)
    if result is not None:
        garrisons = ", ".join(result.active) or "none"
        lines.append(
            f"Game over: {'won' if result.won else 'lost'} · active garrisons: {garrisons}"
        )
    elif position.to_draw:
        lines.append(f"Chance draws {position.to_draw} more card{'s' * (position.to_draw != 1)}")
    else:
        lines.append(
            f"As seat {position.seat} sees it" if isinstance(position, View) else "The whole state"
        )
    return lines


def _header_height(lines: list[str]) -> int:
    return LINE * (len(lines) + 1) + 6


def _header(lines: list[str], left: int, top: int) -> _Block:
    """The title and the status lines."""
    title = "Guards & Goblins"
    markup = svg_tag(
        "g",
        _text(title, x=left, y=top + 15, font_size=16, font_weight="bold"),
        *(
            _text(line, x=left, y=top + 15 + LINE * (n + 1), font_size=12)
            for n, line in enumerate(lines)
        ),
        id="status",
        class_="status",
        fill=_TEXT,
    )
    width = max(len(title) * 9, *(len(line) * 7 for line in lines))
    return _Block(markup, width, _header_height(lines))


def _loose(
    card: Card,
    left: int,
    top: int,
    size: int,
    where: str,
    note: str | None = None,
    order: int | None = None,
    clicks: Clicks[Action] | None = None,
) -> str:
    """A face-up card out of play (in the hand, or in a whole state's draw pile): classes
    ``card``, ``<where>-card`` and its kind; ``id="<where>-<id>"``; ``data-order`` if given;
    ``data-actions`` from ``clicks``, by its id."""
    return _card(
        card,
        left,
        top,
        size,
        f"{_describe(card)}, {note or f'in {where}'}",
        id=f"{where}-{card.id}",
        class_=" ".join(["card", f"{where}-card", *_kind(card)]),
        data_card=card.id,
        data_order=order,
        data_actions=None if clicks is None else clicks.data(f"{where}-{card.id}"),
    )


def _section(name: str, label: str, left: int, top: int, drawn: list[str], **extra: object) -> str:
    """A labelled group of cards below the table (``id="<name>"``, class ``<name>``)."""
    heading = _text(label, x=left, y=top + 12, font_size=12, fill=_TEXT)
    return svg_tag("g", heading, *drawn, id=name, class_=name, **extra)


def _hand(scene: _Scene, left: int, top: int) -> _Block:
    """The cards in hand, face up (``id="hand-<id>"``, class ``card hand-card``)."""
    hand = scene.position.hand
    step = 2 * HAND_CELL + 8
    drawn = [
        _loose(
            scene.cards[card], left + n * step, top + LINE, HAND_CELL, "hand", clicks=scene.clicks
        )
        for n, card in enumerate(hand)
    ]
    label = f"Hand ({len(hand)})" if hand else "Hand: empty"
    height = LINE + (2 * HAND_CELL if drawn else 0)
    return _Block(_section("hand", label, left, top, drawn), max(len(hand) * step, 100), height)


def _pile(scene: _Scene, left: int, top: int) -> _Block:
    """The draw pile: face down in a view (``id="pile-<n>"``, class ``card back``, nothing
    telling which card), face up in draw order for a whole state (``id="pile-<id>"``, class
    ``card pile-card``, ``data-order``)."""
    position = scene.position
    size = _pile_size(position)
    if isinstance(position, View):
        note = f"a face-down card of the draw pile ({size} left)"
        drawn = [
            _back(left + FAN * n, top + LINE, HAND_CELL, note, id=f"pile-{n}") for n in range(size)
        ]
        width, height = 2 * HAND_CELL + FAN * max(0, size - 1), 2 * HAND_CELL
    else:
        step = 2 * PILE_CELL + 6
        unordered = " (chance decides the order)" if position.config.explicit else ""
        drawn = [
            _loose(
                scene.cards[card],
                left + step * (n % PILE_ROW),
                top + LINE + step * (n // PILE_ROW),
                PILE_CELL,
                "pile",
                note=f"to draw {n + 1}{unordered}",
                order=n,
                clicks=scene.clicks,
            )
            for n, card in enumerate(position.deck)
        ]
        width, height = step * min(size, PILE_ROW), step * -(-size // PILE_ROW)
    label = f"Draw pile ({size})" if size else "Draw pile: empty"
    markup = _section("pile", label, left, top, drawn, data_count=size)
    return _Block(markup, max(width, 100), LINE + (height if drawn else 0))


_KEY_CELLS = (
    ("G", "guard"),
    ("X", "goblin"),
    ("O", "hobgoblin"),
    ("H", "house"),
    ("F", "Fort"),
    ("W", "Watchtower"),
    ("B", "Barracks"),
)
"""The letters of the cells, as the key says them."""
_KEY_CELL = 20
_KEY_LINE = 26


def _key_marks() -> list[tuple[str, str]]:
    """The marks of the table, each drawn in a ``_KEY_CELL`` square from ``(0, 0)``, with its
    words."""
    c = _KEY_CELL
    open_cell = svg_tag("rect", x=3, y=3, width=c - 6, height=c - 6, rx=2, **_OPEN_MARK)
    hidden = svg_tag("circle", cx=c / 2, cy=c / 2, r=c / 2 - 3, stroke=_INK["X"], **_HIDDEN_MARK)
    line = svg_tag(
        "line",
        x1=2,
        y1=2,
        x2=c - 2,
        y2=c - 2,
        stroke=_INK["W"],
        stroke_width=2,
        stroke_opacity="0.45",
        stroke_dasharray="5 3",
    )
    arm = c / 2 - 6
    defeated = svg_tag(
        "g",
        svg_tag("circle", cx=c / 2, cy=c / 2, r=c / 2 - 2, fill=_DEFEAT, fill_opacity="0.15"),
        svg_tag("line", x1=c / 2 - arm, y1=c / 2 - arm, x2=c / 2 + arm, y2=c / 2 + arm),
        svg_tag("line", x1=c / 2 - arm, y1=c / 2 + arm, x2=c / 2 + arm, y2=c / 2 - arm),
        stroke=_DEFEAT,
        stroke_width=2,
    )
    return [
        (open_cell, "a garrison still needs a house or a guard here"),
        (hidden, "a goblin hidden beneath a Fort"),
        (line, "a Watchtower's line"),
        (defeated, "defeated"),
    ]


def _key(left: int, top: int, width: int) -> _Block:
    """What the letters and the marks mean (``g#key``), in lines across ``width``."""
    c = _KEY_CELL
    items: list[tuple[str, str]] = []
    for letter, words in _KEY_CELLS:
        cell = svg_tag(
            "g",
            svg_tag("rect", width=c, height=c, rx=2, fill=_FILL[letter], stroke=_GRID),
            _text(
                letter,
                x=c / 2,
                y=c / 2,
                dy="0.35em",
                fill=_INK[letter],
                text_anchor="middle",
                font_weight="bold",
                font_size=12,
            ),
        )
        items.append((cell, words))
    items += _key_marks()
    drawn, x, line = [], 0, 0
    for icon, words in items:
        size = c + 6 + round(len(words) * 6.6) + 14
        if x and x + size > width:
            x, line = 0, line + 1
        at_x, at_y = left + x, top + LINE + line * _KEY_LINE
        drawn.append(
            svg_tag(
                "g",
                svg_tag("g", icon, transform=f"translate({at_x} {at_y})"),
                _text(words, x=at_x + c + 6, y=at_y + c / 2, dy="0.35em", font_size=12),
                class_="key-item",
                fill=_TEXT,
            )
        )
        x += size
    heading = _text("Key", x=left, y=top + 12, font_size=12, fill=_TEXT, font_weight="bold")
    markup = svg_tag("g", heading, *drawn, id="key", class_="key")
    return _Block(markup, width, LINE + (line + 1) * _KEY_LINE)


# The document ------------------------------------------------------------------------------


def draw_svg(position: State | View, clicks: Clicks[Action]) -> str:
    """A picture of the position as a standalone SVG document (a string): the renderer behind
    :func:`goblinguard.render_svg`, which turns a seat into its view and the actions offered
    into ``clicks``.

    A :class:`View` is drawn as it is (the draw pile face down); a :class:`State` shows
    everything it holds, the draw pile face up in draw order. ``State`` and ``View`` show as
    this picture in Jupyter (their ``_repr_svg_``).

    What a test or a front end may look for (ids are unique within one picture, so a page showing
    several pictures inline repeats them: look them up inside each picture's root; ``<x>_<y>``
    is a cell, as in ``3_-1``; marks on a cell carry its ``data-x`` and ``data-y``):

    - ``g#table``: the table, with ``g#grid`` and ``g#axes`` (the coordinates, R1), then
      ``g#cards``: every card in play, bottom of the stack first (cards higher up drawn over
      those below, R2), each a ``g#card-<id>`` with classes ``card``, its kind
      (``goblin-card``, ``hobgoblin-card``, ``plain-card``, or ``garrison`` and ``fort``,
      ``watchtower`` or ``barracks``), ``layer-N`` (its place in the stack, ``0`` at the
      bottom), ``top`` or ``tucked``, and ``surrounded`` / ``active`` for a garrison (R7); a
      ``<title>`` tooltip; attributes ``data-card``, ``data-x``, ``data-y``, ``data-layer``
      and ``data-stack``; and four cells ``g#card-<id>-cell-<i>`` in reading order with classes
      ``cell`` and ``guard``, ``goblin``, ``hobgoblin``, ``house``, ``fort``, ``watchtower`` or
      ``barracks`` (plus ``building``), ``covered`` where another card lies on them, and
      ``data-x`` / ``data-y``. On an empty table ``g#slot-0_0`` shows where the first card goes.
    - ``g#marks``, over every card: ``rect#outline-<id>.outline.tucked``, the footprint of each
      tucked card; ``circle#hidden-<id>-<i>.hidden-monster``, a goblin hidden beneath a Fort
      (R9), ``<i>`` the cell of its card; ``rect#open-<id>-<k>.open``, each border cell a
      garrison still needs (R7), ``<k>`` from 0 to 7;
      ``line#line-<id>.watchtower-line``, a Watchtower's diagonal (R10); and
      ``g#defeated-<x>_<y>.defeated`` (with class ``goblin`` or ``hobgoblin``) on every defeated
      cell (R6, R8).
    - ``g#status``: the title and the score; ``g#hand``: ``g#hand-<id>.card.hand-card`` per card
      in hand; ``g#pile`` (``data-count``): ``g#pile-<n>.card.back`` per face-down card, or
      ``g#pile-<id>.card.pile-card`` (``data-order``) per card of a whole state's draw pile;
      ``g#key``: what each letter of a cell and each mark on the table means.

    Given actions to click (normally ``legal_actions`` of what is drawn), the picture is
    clickable (:ref:`clickable-boards`): every element that takes part in an action carries
    ``data-actions``, the indices of those actions in ``actions``. A :class:`Place` is the card
    in the hand, the cell where the card's top-left cell goes — the cell of the card showing
    there, a mark on it, or on an empty cell an invisible ``rect#target-<x>_<y>.target`` (the
    table grows to show every such cell) — and, where both layers are possible, a button
    ``g#button-layer-top`` or ``g#button-layer-bottom`` in ``g#buttons``, drawn below the table.
    A chance :class:`Draw` is the card of a whole state's face-up draw pile, or in a view a
    button ``g#button-chance-<id>``.

    >>> import goblinguard as gg
    >>> state = gg.new_game(gg.Config(order=tuple(c.id for c in gg.standard_deck())), seed=0)
    >>> svg = gg.render_svg(gg.apply(state, gg.Place("g1", 0, 0)), seat=0)
    >>> svg.startswith("<svg"), 'id="card-g1"' in svg, 'id="pile-g6"' in svg
    (True, True, False)
    >>> actions = gg.legal_actions(state)
    >>> actions
    (Place(card='g1', x=0, y=0, layer=<Layer.TOP: 'top'>), ..., Place(card='g5', x=0, y=0, ...))
    >>> svg = gg.render_svg(state, actions=actions)
    >>> 'id="hand-g2" class="card hand-card goblin-card" data-card="g2" data-actions="1"' in svg
    True
    >>> 'id="target-0_0" class="target" data-x="0" data-y="0" data-actions="0 1 2 3 4"' in svg
    True

    Args:
        position: the state or view to draw.
        clicks: the clicks of the actions offered (:meth:`tabletop_rules.Clicks.none` for
            none: no ``data-actions`` at all).

    Returns:
        The SVG document, starting with ``<svg``, with no XML declaration (so it can be written
        to a ``.svg`` file or put inline in HTML as it is).
    """
    shown = position
    scene = _Scene(shown, clicks)
    area = scene.area
    left = area.left * CELL - AXIS
    lines = _status(shown)
    top = area.top * CELL - AXIS - GAP - _header_height(lines)
    header = _header(lines, left, top)
    below = area.bottom * CELL + GAP
    room = max(area.right * CELL - left, BUTTONS_WIDTH)
    buttons, tall = svg_buttons(scene.clicks, left, below, room)
    below += int(tall) + GAP if buttons else 0
    hand = _hand(scene, left, below)
    pile = _pile(scene, left, below + hand.height + GAP)
    bottom = below + hand.height + GAP + pile.height
    right = max(area.right * CELL, left + max(header.width, hand.width, pile.width))
    if buttons:
        right = max(right, left + room)
    legend = _key(left, bottom + GAP, right - left)
    bottom += GAP + legend.height
    box = (left - MARGIN, top - MARGIN, right - left + 2 * MARGIN, bottom - top + 2 * MARGIN)
    played = len(shown.placed)
    return svg_tag(
        "svg",
        svg_title(f"Guards & Goblins: {played} card{'s' * (played != 1)} in play"),
        svg_tag(
            "rect", id="background", x=box[0], y=box[1], width=box[2], height=box[3], fill=_PAPER
        ),
        header.markup,
        _table(scene),
        buttons,
        hand.markup,
        pile.markup,
        legend.markup,
        xmlns=SVG_NS,
        viewBox=" ".join(map(str, box)),
        width=box[2],
        height=box[3],
        class_="goblinguard",
        role="img",
        font_family="sans-serif",
        style="max-width: 100%; height: auto",
    )
