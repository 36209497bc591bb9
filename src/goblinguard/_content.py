"""Content packs: decks of cards as JSON data files, checked on load.

A pack file is ``{"name": str, "cards": [{"id": str, "layout": str}, ...]}``. The standard pack,
``content/standard.json``, is the 20-card edition described on the rules page.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from tabletop_rules import ContentError, digest_of

from ._cards import Card

__all__ = [
    "STANDARD_PACK",
    "check_deck",
    "deck_digest",
    "deck_from_json",
    "load_deck",
    "standard_deck",
]

STANDARD_PACK = "standard"


def check_deck(cards: Iterable[Card], source: str = "<deck>") -> tuple[Card, ...]:
    """Return ``cards`` as a tuple after checking it is a usable deck (non-empty, unique ids).

    Raises:
        tabletop_rules.ContentError: naming ``source`` and the offending card.
    """
    deck = tuple(cards)
    if not deck:
        raise ContentError(source, "a deck needs at least one card")
    seen: set[str] = set()
    for index, card in enumerate(deck):
        if not isinstance(card, Card):
            raise ContentError(f"{source}[{index}]", f"not a Card: {card!r}")
        if card.id in seen:
            raise ContentError(f"{source}[{index}].id", f"card id {card.id!r} appears twice")
        seen.add(card.id)
    return deck


def _deck_from_data(data: Any, source: str) -> tuple[Card, ...]:
    if not isinstance(data, dict) or set(data) != {"name", "cards"}:
        raise ContentError(f"{source}: $", "expected an object with exactly 'name' and 'cards'")
    if not isinstance(data["name"], str) or not isinstance(data["cards"], list):
        raise ContentError(f"{source}: $", "'name' must be a string and 'cards' a list")
    cards = []
    for index, item in enumerate(data["cards"]):
        where = f"{source}: $.cards[{index}]"
        if not isinstance(item, dict) or set(item) != {"id", "layout"}:
            raise ContentError(where, "expected an object with exactly 'id' and 'layout'")
        try:
            cards.append(Card(item["id"], item["layout"]))
        except ContentError as exc:
            raise ContentError(where, exc.detail) from exc
    return check_deck(cards, f"{source}: $.cards")


def deck_from_json(text: str, source: str = "<memory>") -> tuple[Card, ...]:
    """Read a pack's JSON text and return its cards.

    >>> deck_from_json('{"name": "tiny", "cards": [{"id": "a", "layout": "GX/HH"}]}')
    (Card(id='a', layout='GX/HH'),)

    Raises:
        tabletop_rules.ContentError: the text is not JSON, or a card breaks the schema or R12.
    """
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ContentError(f"{source}: $", f"not valid JSON ({exc})") from exc
    return _deck_from_data(data, source)


def load_deck(path: str | Path) -> tuple[Card, ...]:
    """Read a pack file from disk; see :func:`deck_from_json`."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(str(file), f"cannot read the file ({exc})") from exc
    return deck_from_json(text, file.name)


@functools.cache
def standard_deck() -> tuple[Card, ...]:
    """The standard 20-card deck: 12 goblin, 4 hobgoblin and 4 garrison cards.

    >>> deck = standard_deck()
    >>> len(deck), deck[0]
    (20, Card(id='g1', layout='GX/HH'))
    """
    text = resources.files("goblinguard").joinpath("content/standard.json").read_text("utf-8")
    return deck_from_json(text, "standard.json")


def deck_digest(cards: tuple[Card, ...]) -> str:
    """SHA-256 of a deck's canonical JSON: how a saved standard config proves its pack."""
    return digest_of([[card.id, card.layout] for card in cards])
