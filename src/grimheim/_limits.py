"""The bounds of every number a game of Defenders of Grimheim can hold.

The rules print no maximum for a hero's gold or a card's mana, and a roll's dice depend on the
cards; the engine needs bounds all the same, so that a saved game is checked against them on load
and every list of legal actions stays short (a gift per gold piece, a roll outcome per split of
the dice). Each bound here is one that play implies or one far beyond any game (G48).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ._cards import Card
    from ._content import Pack

GOLD_LIMIT: Final = 99
"""The most gold a hero holds; gold gained beyond it is lost (G48). The rules print no maximum,
and no game comes near it: the most any hero held in 150 simulated games, short and long tracks,
was 12."""

MANA_LIMIT: Final = 99
"""The most mana a card holds; mana added beyond it is lost (G48). The most seen in 150
simulated games was 17."""

BONUS_LIMIT: Final = 99
"""The most range or movement a turn's cards add (G48): far more than the map is wide."""

TOWN_LIMIT: Final = 10
"""The town pieces the game holds: 9 houses and Freya's Well (a game of 4 heroes sets them all
up). Cards that add town pieces add them up to this many (G27)."""


def deck_of(pack: Pack, hero: str) -> tuple[Card, ...]:
    """The cards of ``hero``'s deck in ``pack``, in deck order."""
    return next(deck.cards for deck in pack.decks if deck.hero == hero)


def upgrade_limit(pack: Pack, hero: str) -> int:
    """The most upgrades a hero can buy: each gains an ability or turns a card to its side II
    (G26), so at most one per ability not held at the start and one per two-sided card."""
    cards = deck_of(pack, hero)
    gained = sum(1 for c in cards if c.kind == "ability" and not c.starting)
    return gained + sum(1 for c in cards if len(c.sides) == 2)
