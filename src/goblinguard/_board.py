"""Incremental bookkeeping of a position: visible cells, contact anchors and what each allows.

A :class:`Board` is derived data, kept on a state as an invisible cache. The state after a
placement gets a copy of its parent's board updated around the new card only, which keeps
``legal_actions`` + ``apply`` within a few times the cost of a chess move.

Per anchor (the top-left cell of a possible placement) the board keeps one integer: bit 0, a plain
card may be laid on top there; bit 1, a Fort may; bits 2-9, the footprint signature used for
tucking (``occupied | fort_only << 4``, see :func:`goblinguard._deck._bottom_table`). An anchor is
in the table exactly when a card there would be in contact with the cards in play (R3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ._actions import Place
from ._cards import Layer
from ._deck import CELL_OFFSETS, GOBLIN, HOBGOBLIN, HOUSE, LIMIT, CompiledDeck, Pools, encode

TOP_OK = 1
FORT_OK = 2
_X = 1 << 20
CONTACT_WINDOW = tuple(
    dx * _X + dy
    for dx in range(-2, 3)
    for dy in range(-2, 3)
    if not (abs(dx) == 2 and abs(dy) == 2)
)
"""Anchors, relative to a card's anchor, whose footprint overlaps or shares an edge with it (R3)."""
_FOOTPRINT = tuple(zip((1, 2, 4, 8), CELL_OFFSETS, strict=True))


class Board:
    """Visible cells and legal anchors of one position (see the module docs)."""

    __slots__ = (
        "_lists",
        "anchor_of",
        "anchors",
        "cell",
        "deck",
        "fort_only",
        "pools",
        "vis_houses",
    )

    def __init__(self, deck: CompiledDeck) -> None:
        self.deck = deck
        self.pools: Pools = deck.pools
        self.cell: dict[int, int] = {}
        """Visible cell → ``card index << 4 | letter code``."""
        self.fort_only: set[int] = set()
        """Occupied cells covered by Fort cards only (where a goblin may be tucked, R9)."""
        self.vis_houses = [0] * len(deck.cards)
        """Per card, its visible house cells."""
        self.anchor_of: dict[int, int] = {}
        """Card index → anchor key, for the cards in play."""
        self.anchors: dict[int, int] = {}
        """Contact anchor → bits (see the module docs)."""
        self._lists: tuple[list[int], list[int], list[tuple[int, int]]] | None = None

    @classmethod
    def build(cls, deck: CompiledDeck, placements: Iterable[tuple[int, int, Layer]]) -> Board:
        """Build from scratch: ``placements`` are ``(card index, anchor, layer)`` in the order
        the cards were placed."""
        board = cls(deck)
        for card, anchor, layer in placements:
            board.place(card, anchor, layer)
        return board

    def __reduce__(self) -> tuple[Callable[[], None], tuple[()]]:
        """A cache is not worth copying: a pickled or deep-copied state rebuilds it on demand."""
        return _no_board, ()

    def after(self, card: int, anchor: int, layer: Layer) -> Board:
        """A new board with ``card`` placed at ``anchor``; this one is left as it was."""
        board = Board.__new__(Board)
        board.deck = self.deck
        board.pools = self.pools
        board.cell = self.cell.copy()
        board.fort_only = self.fort_only.copy()
        board.vis_houses = self.vis_houses.copy()
        board.anchor_of = self.anchor_of.copy()
        board.anchors = self.anchors.copy()
        board.place(card, anchor, layer)
        return board

    def place(self, card: int, anchor: int, layer: Layer) -> None:
        """Place ``card`` at ``anchor`` on this board (which must not be shared yet)."""
        self._lists = None
        losers = self._lay(card, anchor, layer)
        touched = {anchor + d for d in CONTACT_WINDOW}
        for loser in losers:
            for cell in self.house_cells(loser):
                touched.update(cell - off for off in CELL_OFFSETS)
        self._refresh(touched)

    def _lay(self, card: int, anchor: int, layer: Layer) -> set[int]:
        """Update the cells for a placement; return the cards that lost a visible house."""
        deck = self.deck
        cell = self.cell
        fort = deck.fort[card]
        losers = set()
        self.anchor_of[card] = anchor
        for off, letter in zip(CELL_OFFSETS, deck.letters[card], strict=True):
            pos = anchor + off
            old = cell.get(pos)
            if layer is Layer.TOP or old is None:
                if old is not None:
                    if old & 15 == HOUSE:
                        self.vis_houses[old >> 4] -= 1
                        losers.add(old >> 4)
                    if not fort:
                        self.fort_only.discard(pos)
                elif fort:
                    self.fort_only.add(pos)
                cell[pos] = card << 4 | letter
                if letter == HOUSE:
                    self.vis_houses[card] += 1
            elif not fort:
                self.fort_only.discard(pos)
        return losers

    def house_cells(self, card: int) -> list[int]:
        """The visible house cells of a card in play."""
        anchor = self.anchor_of[card]
        return [
            anchor + off
            for off, letter in zip(CELL_OFFSETS, self.deck.letters[card], strict=True)
            if letter == HOUSE and self.cell.get(anchor + off, -1) >> 4 == card
        ]

    def _refresh(self, touched: Iterable[int]) -> None:
        """Recompute the bits of the touched anchors (all of them are in contact: each lies in the
        contact window of a card in play, or covers one of its cells)."""
        anchors = self.anchors
        cell = self.cell
        fort_only = self.fort_only
        garrison = self.deck.garrison
        vis_houses = self.vis_houses
        for anchor in touched:
            top_ok = fort_ok = True
            occupied = forts = 0
            houses: list[int] = []
            for bit, off in _FOOTPRINT:
                pos = anchor + off
                value = cell.get(pos)
                if value is None:
                    continue
                occupied |= bit
                if fort_only and pos in fort_only:
                    forts |= bit
                owner, letter = value >> 4, value & 15
                if garrison[owner] or letter == HOBGOBLIN:
                    top_ok = fort_ok = False
                elif letter == GOBLIN:
                    top_ok = False
                elif letter == HOUSE:
                    houses.append(owner)
            if (
                houses
                and fort_ok
                and any(houses.count(owner) >= vis_houses[owner] for owner in houses)
            ):
                top_ok = fort_ok = False
            anchors[anchor] = top_ok | fort_ok << 1 | (occupied | forts << 4) << 2

    def lists(self) -> tuple[list[int], list[int], list[tuple[int, int]]]:
        """Sorted anchors: plain card on top, Fort on top, and ``(anchor, signature)`` to tuck."""
        if self._lists is None:
            anchors = self.anchors
            keys = sorted(anchors)
            self._lists = (
                [a for a in keys if anchors[a] & TOP_OK],
                [a for a in keys if anchors[a] & FORT_OK],
                [(a, anchors[a] >> 2) for a in keys if anchors[a] & 0b111100],
            )
        return self._lists

    def places(self, hand: Iterable[int]) -> tuple[Place, ...]:
        """Every legal placement of the hand's cards, in the documented order."""
        deck = self.deck
        if not self.anchor_of:
            return tuple(self.pools.top[card][0] for card in hand)
        plain, forts, tuck = self.lists()
        out: list[Place] = []
        for card in hand:
            pool = self.pools.top[card]
            out += [pool[a] for a in (forts if deck.fort[card] else plain)]
            if not deck.garrison[card]:
                ok = deck.bottom_ok[card]
                pool = self.pools.bottom[card]
                out += [pool[a] for a, signature in tuck if ok[signature]]
        return tuple(out)

    def why_not(self, card: int, x: int, y: int, layer: Layer) -> str | None:
        """``None`` if the placement is legal here, else the reason naming the rule."""
        deck = self.deck
        if not self.anchor_of:
            if (x, y, layer) != (0, 0, Layer.TOP):
                return "R1: the first card is laid on top at (0, 0)"
            return None
        anchor = encode(x, y)
        bits = self.anchors.get(anchor) if max(abs(x), abs(y)) < LIMIT else None
        if bits is None:
            return "R3: the card must overlap or share a cell edge with a card in play"
        signature = bits >> 2
        if layer is Layer.TOP:
            if bits & (FORT_OK if deck.fort[card] else TOP_OK):
                return None
            return self._why_not_top(card, anchor)
        if deck.bottom_ok[card][signature]:
            return None
        return self._why_not_bottom(card, signature)

    def _why_not_top(self, card: int, anchor: int) -> str:
        fort = self.deck.fort[card]
        for off in CELL_OFFSETS:
            value = self.cell.get(anchor + off)
            if value is None:
                continue
            owner, letter = value >> 4, value & 15
            if self.deck.garrison[owner]:
                return "R4: no card may lie on a garrison card"
            if letter == HOBGOBLIN:
                return "R4: a hobgoblin must never be covered"
            if letter == GOBLIN and not fort:
                return "R4: a goblin must never be covered (only a Fort may cover one, R9)"
        return "R4: every card in play must keep at least one house visible"

    def _why_not_bottom(self, card: int, signature: int) -> str:
        deck = self.deck
        occupied, forts = signature & 15, signature >> 4
        codes = deck.letters[card]
        if not occupied:
            return "R2: a card tucked beneath must overlap a card in play (lay it on top instead)"
        if deck.garrison[card]:
            return "R4: a garrison card may not be tucked beneath cards in play"
        for i, code in enumerate(codes):
            if occupied >> i & 1 and code == HOBGOBLIN:
                return "R4: a hobgoblin must never be covered"
            if occupied >> i & 1 and code == GOBLIN and not forts >> i & 1:
                return "R4/R9: a goblin may be tucked only beneath cells covered by Forts alone"
        return "R4: the tucked card must keep at least one house visible"


def _no_board() -> None:
    """What a pickled :class:`Board` turns back into: nothing (see ``Board.__reduce__``)."""
