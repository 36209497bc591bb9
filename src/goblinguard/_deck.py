"""A deck compiled into the small integer tables the engine works with.

Positions are encoded as one integer, ``(x << 20) + y`` (:func:`encode`), so a cell's neighbours and
a card's four cells are reached by adding constants. The encoding is exact for coordinates inside
``±LIMIT``; a card can only be placed in contact with the cards already in play (R3), and a deck
holds at most ``MAX_CARDS`` cards, so every reachable position lies well inside.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from tabletop_rules import Interner, fast_constructor

from ._actions import Draw, Place
from ._cards import Card, Layer
from ._content import deck_digest

_X = 1 << 20
_HALF = 1 << 19
LIMIT = 1 << 18
"""Every coordinate of a position in play is strictly inside ``±LIMIT`` (R3); nothing beyond it is
encoded, offered or accepted."""

CELL_OFFSETS = (0, _X, 1, _X + 1)
"""Offsets of a card's four cells from its anchor, in reading order (R1)."""
NEIGHBOURS = (_X, -_X, 1, -1)
"""Offsets of the four orthogonal neighbours of a cell (R5)."""
RING = (-1, _X - 1, -_X, 2 * _X, -_X + 1, 2 * _X + 1, 2, _X + 2)
"""Offsets of the eight cells sharing an edge with a card's footprint, from its anchor (R7)."""

EMPTY, GUARD, GOBLIN, HOBGOBLIN, HOUSE, FORT, TOWER, BARRACKS = range(8)
LETTER_CODES = {
    "G": GUARD,
    "X": GOBLIN,
    "O": HOBGOBLIN,
    "H": HOUSE,
    "F": FORT,
    "W": TOWER,
    "B": BARRACKS,
}
CODE_LETTERS = "?GXOHFWB"
NEED = {GOBLIN: 2, HOBGOBLIN: 4}
"""Guard-group size that defeats a goblin and a hobgoblin (R6)."""


def encode(x: int, y: int) -> int:
    """The integer key of cell or anchor ``(x, y)``."""
    return (x << 20) + y


def decode(key: int) -> tuple[int, int]:
    """The ``(x, y)`` of an integer key."""
    x = (key + _HALF) >> 20
    return x, key - (x << 20)


def _mask(cells: str, letters: str) -> int:
    return sum(1 << i for i, letter in enumerate(cells) if letter in letters)


def _bottom_table(card: Card) -> tuple[bool, ...]:
    """Whether ``card`` may be tucked, per footprint signature ``occupied | fort_only << 4``.

    R2: it must overlap something. R4: no garrison is tucked; every goblin and hobgoblin cell lands
    on an empty cell, except that a goblin may lie beneath cells covered by Forts only (R9); at
    least one house stays visible.
    """
    cells = card.cells
    goblins, hobgoblins, houses = _mask(cells, "X"), _mask(cells, "O"), _mask(cells, "H")
    table = []
    for signature in range(256):
        occupied, fort_only = signature & 15, signature >> 4
        table.append(
            occupied != 0
            and card.building is None
            and not occupied & hobgoblins
            and not occupied & ~fort_only & goblins
            and (not houses or bool(houses & ~occupied))
        )
    return tuple(table)


_build_place = fast_constructor(Place)


def _place_factory(card: str, layer: Layer) -> Callable[[int], Place]:
    def build(anchor: int) -> Place:
        x, y = decode(anchor)
        return _build_place(card, x, y, layer)

    return build


class Pools:
    """Interned :class:`Place` values of one deck, by card, layer and anchor.

    Shared by every game with that deck (it lives on the cached :class:`CompiledDeck`), so a
    placement seen once is never built again; bounded by the reachable anchors.
    """

    __slots__ = ("bottom", "draw", "top")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.top = [Interner(_place_factory(card.id, Layer.TOP)) for card in cards]
        self.bottom = [Interner(_place_factory(card.id, Layer.BOTTOM)) for card in cards]
        self.draw = tuple(Draw(card.id) for card in cards)
        """The chance outcome of drawing each card."""


@attrs.frozen(eq=False)
class CompiledDeck:
    """Integer tables of a deck, indexed by the card's position in the deck."""

    cards: tuple[Card, ...]
    index: dict[str, int]
    letters: tuple[tuple[int, int, int, int], ...]
    garrison: tuple[bool, ...]
    fort: tuple[bool, ...]
    monsters: tuple[tuple[tuple[int, int], ...], ...]
    """Per card: ``(cell offset, letter code)`` of each goblin and hobgoblin."""
    bottom_ok: tuple[tuple[bool, ...], ...]
    total: int
    """Goblins and hobgoblins on all cards of the deck."""
    pools: Pools
    digest: str
    """:func:`~goblinguard._content.deck_digest` of the cards: how decks are compared."""

    def __reduce__(self) -> tuple[Callable[[tuple[Card, ...]], CompiledDeck], tuple[Any, ...]]:
        """Pickle as the deck's cards: unpickling compiles them again (or finds them cached)."""
        return compile_deck, (self.cards,)


@functools.lru_cache(maxsize=64)
def compile_deck(cards: tuple[Card, ...]) -> CompiledDeck:
    """Compile a (checked) deck; cached, since a game's states all share one deck."""
    letters = tuple(tuple(LETTER_CODES[c] for c in card.cells) for card in cards)
    monsters = tuple(
        tuple((CELL_OFFSETS[i], code) for i, code in enumerate(codes) if code in NEED)
        for codes in letters
    )
    return CompiledDeck(
        cards=cards,
        index={card.id: i for i, card in enumerate(cards)},
        letters=letters,  # type: ignore[arg-type]
        garrison=tuple(card.building is not None for card in cards),
        fort=tuple(card.building == "F" for card in cards),
        monsters=monsters,
        bottom_ok=tuple(_bottom_table(card) for card in cards),
        total=sum(len(m) for m in monsters),
        pools=Pools(cards),
        digest=deck_digest(cards),
    )
