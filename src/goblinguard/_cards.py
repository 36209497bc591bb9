"""Cards: a 2×2 layout of letters, read row by row (R1), and the packs that hold them.

Letters: ``G`` guard, ``X`` goblin, ``O`` hobgoblin, ``H`` house, and the garrison buildings
``F`` Fort, ``W`` Watchtower, ``B`` Barracks. A card holds at most one building cell; a card with a
building (a *garrison*) holds no goblin or hobgoblin (R12).
"""

from __future__ import annotations

import enum
import re

import attrs

from tabletop_rules import ContentError

LETTERS = "GXOHFWB"
BUILDINGS = "FWB"
CARD_ID = r"[A-Za-z0-9_.\-]{1,32}"
"""A card id: 1-32 letters, digits, ``_``, ``.`` or ``-``."""
_ID = re.compile(CARD_ID)
_LAYOUT = re.compile(r"[GXOHFWB]{2}/[GXOHFWB]{2}")


class Layer(enum.Enum):
    """Where a placed card goes in the stack (R2)."""

    TOP = "top"
    """Above every card it overlaps."""
    BOTTOM = "bottom"
    """Beneath every card it overlaps (it must overlap at least one)."""


def _check_id(_inst: object, _attr: object, value: str) -> None:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise ContentError(
            "<card>.id",
            f"card id must be 1-32 characters of letters, digits, '_', '.', '-': got {value!r}",
        )


def _check_layout(inst: Card, _attr: object, value: str) -> None:
    where = f"<card {inst.id}>.layout"
    if not isinstance(value, str) or not _LAYOUT.fullmatch(value):
        raise ContentError(
            where, f"layout must be two rows of two letters from {LETTERS}, like 'GX/HH': {value!r}"
        )
    cells = value.replace("/", "")
    buildings = [c for c in cells if c in BUILDINGS]
    if len(buildings) > 1:
        raise ContentError(where, f"R12: a card holds at most one building cell: {value!r}")
    if buildings and any(c in "XO" for c in cells):
        raise ContentError(where, f"R12: a garrison card holds no goblin or hobgoblin: {value!r}")


@attrs.frozen
class Card:
    """One card: an id and its 2×2 layout (rows joined by ``/``, top row first).

    >>> card = Card("g1", "GX/HH")
    >>> card.cells
    'GXHH'
    >>> card.building is None, Card("fort", "FG/HH").building
    (True, 'F')

    Attributes:
        id: the card's name in this deck: 1-32 letters, digits, ``_``, ``.`` or ``-``.
        layout: the four cells as ``"ab/cd"``, top row first, over ``GXOHFWB`` (R1, R12).

    Raises:
        tabletop_rules.ContentError: the id or layout breaks the rules above.
    """

    id: str = attrs.field(validator=_check_id)
    layout: str = attrs.field(validator=_check_layout)

    @property
    def cells(self) -> str:
        """The four letters in reading order (top-left, top-right, bottom-left, bottom-right)."""
        return self.layout.replace("/", "")

    @property
    def building(self) -> str | None:
        """The building letter (``F``, ``W`` or ``B``) of a garrison card, else ``None``."""
        for letter in self.cells:
            if letter in BUILDINGS:
                return letter
        return None
