"""Content packs: decks of cards as JSON data files, checked on load.

A pack file is ``{"name": str, "version": int, "cards": [{"id": str, "layout": str}, ...]}``
(``version`` defaults to 1). The standard pack, ``content/standard.json``, is the 20-card edition
described on the rules page.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import attrs

from tabletop_rules import ContentError, PackRef, digest_of, load_content, read_content

from ._cards import Card

STANDARD_PACK = "standard"
MAX_CARDS = 1_000
"""The most cards a deck may hold (fifty times the standard deck): it keeps every reachable
position within ``LIMIT`` (R3) and bounds the time it takes to read, check and refuse a config."""


@attrs.frozen
class PackFile:
    """The contents of a pack file."""

    name: str
    cards: tuple[Card, ...]
    version: int = 1


def check_deck(cards: Iterable[Card], source: str = "<deck>") -> tuple[Card, ...]:
    """Return ``cards`` as a tuple after checking it is a usable deck: 1 to :data:`MAX_CARDS`
    cards with unique ids.

    Raises:
        tabletop_rules.ContentError: naming ``source`` and the offending card.
    """
    deck = tuple(cards)
    if not deck:
        raise ContentError(source, "a deck needs at least one card")
    if len(deck) > MAX_CARDS:
        raise ContentError(source, f"a deck holds at most {MAX_CARDS} cards, not {len(deck)}")
    seen: set[str] = set()
    for index, card in enumerate(deck):
        if not isinstance(card, Card):
            raise ContentError(f"{source}[{index}]", f"not a Card: {card!r}")
        if card.id in seen:
            raise ContentError(f"{source}[{index}].id", f"card id {card.id!r} appears twice")
        seen.add(card.id)
    return deck


def _checked(pack: PackFile, source: str) -> tuple[Card, ...]:
    return check_deck(pack.cards, f"{source}: $.cards")


def deck_from_json(text: str | bytes, source: str = "<memory>") -> tuple[Card, ...]:
    """Read a pack's JSON text and return its cards.

    >>> deck_from_json('{"name": "tiny", "cards": [{"id": "a", "layout": "GX/HH"}]}')
    (Card(id='a', layout='GX/HH'),)

    Raises:
        tabletop_rules.ContentError: the text is not JSON, or a card breaks the schema or R12.
    """
    return _checked(read_content(text, PackFile, source=source), source)


def load_deck(path: str | Path) -> tuple[Card, ...]:
    """Read a pack file from disk; see :func:`deck_from_json`."""
    return _checked(load_content(path, PackFile), Path(path).name)


@functools.cache
def _standard_pack() -> PackFile:
    text = resources.files("goblinguard").joinpath("content/standard.json").read_bytes()
    pack = read_content(text, PackFile, source="standard.json")
    _checked(pack, "standard.json")
    return pack


def standard_deck() -> tuple[Card, ...]:
    """The standard 20-card deck: 12 goblin, 4 hobgoblin and 4 garrison cards.

    >>> deck = standard_deck()
    >>> len(deck), deck[0]
    (20, Card(id='g1', layout='GX/HH'))
    """
    return _standard_pack().cards


def deck_digest(cards: tuple[Card, ...]) -> str:
    """SHA-256 of a deck's canonical JSON: how a saved standard config proves its pack."""
    return digest_of([[card.id, card.layout] for card in cards])


@functools.cache
def standard_ref() -> PackRef:
    """How saved configs name the standard pack: its name, version and digest."""
    pack = _standard_pack()
    return PackRef(pack.name, pack.version, deck_digest(pack.cards))
