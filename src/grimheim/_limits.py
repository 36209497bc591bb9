"""The bounds of every number a game of Defenders of Grimheim can hold.

The rules print no maximum for a hero's gold or a card's mana, and a roll's dice depend on the
cards; the engine needs bounds all the same, so that a saved game is checked against them on load
and every list of legal actions stays short (a gift per gold piece, a roll outcome per split of
the dice). Each bound here is one that play implies or one far beyond any game (G48).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ._cards import Card
    from ._content import Pack
    from ._pieces import Config

__all__ = ["BONUS_LIMIT", "GOLD_LIMIT", "MANA_LIMIT", "deck_of", "roll_limit", "upgrade_limit"]

GOLD_LIMIT: Final = 99
"""The most gold a hero holds; gold gained beyond it is lost (G48). The rules print no maximum,
and no game comes near it: the most any hero held in 150 simulated games, short and long tracks,
was 12."""

MANA_LIMIT: Final = 99
"""The most mana a card holds; mana added beyond it is lost (G48). The most seen in 150
simulated games was 17."""

BONUS_LIMIT: Final = 99
"""The most range or movement a turn's cards add (G48): far more than the map is wide."""

_MOST_NEIGHBOURS: Final = 6
"""Areas around a hex: the most other trollkin that can strengthen one's attack."""
_DIE_BONUS: Final = 1
"""Dice the monster die's attack face adds to every monster attack."""


def deck_of(pack: Pack, hero: str) -> tuple[Card, ...]:
    """The cards of ``hero``'s deck in ``pack``, in deck order."""
    return next(deck.cards for deck in pack.decks if deck.hero == hero)


def upgrade_limit(pack: Pack, hero: str) -> int:
    """The most upgrades a hero can buy: each gains an ability or turns a card to its side II
    (G26), so at most one per ability not held at the start and one per two-sided card."""
    cards = deck_of(pack, hero)
    gained = sum(1 for c in cards if c.kind == "ability" and not c.starting)
    return gained + sum(1 for c in cards if len(c.sides) == 2)


def _most(values: Iterator[int]) -> int:
    return max(values, default=0)


@functools.lru_cache(maxsize=64)
def _roll_limit(heroes: tuple[str, ...], pack: Pack) -> int:
    from ._monsters import TROLLKIN
    from ._vocab.damage import RollAgainst
    from ._vocab.rolls import AddDice

    hero_dice = 0
    for hero in heroes:
        cards = deck_of(pack, hero)
        kept = [card for card in cards if card.kind != "event"]
        weapons = [c for c in kept if c.main_weapon]
        strength = sum(
            _most(side.strength for side in card.sides) for card in kept if not card.main_weapon
        ) + _most(_most(side.strength for side in card.sides) for card in weapons)
        against = _most(
            effect.dice
            for card in cards
            for side in card.sides
            for use in side.uses
            for effect in use.effects
            if isinstance(effect, RollAgainst)
        )
        hand = 4 + sum(_most(side.hand_limit for side in card.sides) for card in kept)
        copies = sorted(
            (
                _most(
                    sum(e.count for e in use.effects if isinstance(e, AddDice))
                    for side in card.sides
                    for use in side.uses
                )
                for card in cards
                if card.kind == "event"
                for _ in range(card.count)
            ),
            reverse=True,
        )
        in_play = sum(
            _most(
                sum(e.count for e in use.effects if isinstance(e, AddDice))
                for side in card.sides
                for use in side.uses
            )
            for card in kept
        )
        hero_dice = max(hero_dice, max(strength, against) + in_play + sum(copies[:hand]))
    trollkin = _MOST_NEIGHBOURS * 2
    monster_dice = max(
        _most(k.strength + (trollkin if k.faction == TROLLKIN else 0) for k in pack.monsters.kinds),
        _most(
            max(s.strength + (trollkin if legend.faction == TROLLKIN else 0), s.health)
            for legend in pack.monsters.legends
            for s in legend.sides
        ),
    )
    return max(hero_dice, monster_dice + _DIE_BONUS)


def roll_limit(config: Config) -> int:
    """The most attack dice one roll of a game with ``config`` can have: the larger of a hero's
    (the strength of every card, one main weapon at a time, or a card's own roll; plus the extra
    dice of the cards in play and of the best event cards a full hand can hold) and a monster's
    (strength plus 2 per trollkin on each of the 6 areas around, or a legend's health, plus the
    monster die's 1). Every :class:`~grimheim.Roll` of up to that many dice is in
    :func:`action_space`.

    >>> roll_limit(Config())
    22
    """
    return _roll_limit(config.heroes, config.pack)
