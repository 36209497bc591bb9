"""Tiles: the two clockwise loops of the board, and the special tiles of the standard board."""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import attrs

Ring: TypeAlias = Literal["inner", "outer"]
"""The inner path (15 tiles) or the outer path (26 tiles)."""

INNER: Final = 15
"""Tiles of the inner path."""
OUTER: Final = 26
"""Tiles of the outer path."""
TILES: Final = INNER + OUTER
"""Tiles of the board (41)."""


def _ring(_inst: object, _attr: object, value: str) -> None:
    if value not in ("inner", "outer"):
        raise ValueError(f"ring must be 'inner' or 'outer', got {value!r}")


def _index(inst: Tile, _attr: object, value: int) -> None:
    size = INNER if inst.ring == "inner" else OUTER
    if type(value) is not int or not 0 <= value < size:
        raise ValueError(f"the {inst.ring} path has tiles 0 to {size - 1}, not {value!r}")


@attrs.frozen(order=True)
class Tile:
    """A tile of the board: its path and its index, clockwise from 0.

    >>> Tile("outer", 17)
    Tile(ring='outer', index=17)
    >>> Tile("inner", 15)
    Traceback (most recent call last):
    ...
    ValueError: the inner path has tiles 0 to 14, not 15

    Attributes:
        ring: ``"inner"`` (15 tiles) or ``"outer"`` (26 tiles).
        index: 0 to 14 on the inner path, 0 to 25 on the outer path; moves go clockwise, to the
            next index (K3).
    """

    ring: Ring = attrs.field(validator=_ring)
    index: int = attrs.field(validator=_index)

    def __str__(self) -> str:
        return f"{self.ring}:{self.index}"


def position(tile: Tile) -> int:
    """The tile's number on the board: 0–14 the inner path, 15–40 the outer path."""
    return tile.index if tile.ring == "inner" else INNER + tile.index


_TILES: Final = tuple(Tile("inner", i) for i in range(INNER)) + tuple(
    Tile("outer", i) for i in range(OUTER)
)


def tile_at(pos: int) -> Tile:
    """The tile with board number ``pos`` (see :func:`position`)."""
    return _TILES[pos]


CASTLE: Final = Tile("inner", 0)
"""The Castle of the standard board: where every guild starts; heal all wounds and use the Shop
(K1, K14)."""
INNER_SIGNPOST: Final = Tile("inner", 14)
"""The inner Signpost of the standard board: heal all wounds, then go to the outer Signpost (K1)."""
OUTER_SIGNPOST: Final = Tile("outer", 0)
"""The outer Signpost of the standard board: heal all wounds (K1)."""
OBSERVATORY: Final = Tile("outer", 25)
"""The Observatory of the standard board: go to the Castle, draw an Ability, Fate −3 (K1)."""
CHURCHYARD: Final = Tile("outer", 17)
"""The Churchyard of the standard board: draw an Undead; Fate −1."""
