"""Questions about a position that many rules ask: who stands where, a monster's numbers, a
hero's strength, range and health, the time track, and the most dice one roll can have.

Pure functions over a :class:`~grimheim._state.State` (or a view: they read only public parts).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import attrs

from ._cards import Card, Side
from ._content import MonsterNumbers, Pack, Spot
from ._limits import deck_of
from ._pieces import CardState, Config, Hero, Monster
from ._vocab.costs import Mana
from ._vocab.damage import RollAgainst
from ._vocab.rolls import AddDice

HAND_LIMIT = 4
"""The hand limit without cards that raise it."""

TROLLKIN = "trollkin"
"""The faction whose monsters attack stronger for each other trollkin next to them."""

UPGRADE_COSTS = (5, 6, 8, 10)
"""The upgrade cost track; every upgrade after the last space costs the last amount."""


@attrs.frozen
class KindInfo(MonsterNumbers):
    """The numbers of a monster kind, or of one side of a legend (with its legend's faction),
    and whether it is a legend."""

    legend: bool


def _kinds(pack: Pack) -> dict[tuple[str, int], KindInfo]:
    cached: dict[tuple[str, int], KindInfo] | None = pack.cache.get("kinds")
    if cached is not None:
        return cached
    found: dict[tuple[str, int], KindInfo] = {}
    for k in pack.monsters.kinds:
        found[(k.id, 0)] = KindInfo(
            k.faction, k.rank, k.strength, k.health, k.xp, k.move, k.armor, k.range, False
        )
    for leg in pack.monsters.legends:
        for s in leg.sides:
            found[(leg.id, s.side)] = KindInfo(
                leg.faction, 0, s.strength, s.health, s.xp, s.move, s.armor, s.range, True
            )
    pack.cache["kinds"] = found
    return found


def info(config: Config, monster: Monster) -> KindInfo:
    """The printed numbers of ``monster`` (its kind, or its legend's side)."""
    return _kinds(config.pack)[(monster.kind, monster.side)]


def occupant(position: Any) -> dict[int, int]:
    """Area → index in ``position.monsters`` (kept on the value: an invisible cache)."""
    found: dict[int, int] | None = position.occupant
    if found is None:
        found = {m.at: i for i, m in enumerate(position.monsters)}
        object.__setattr__(position, "occupant", found)
    return found


def monster_at(position: Any, area: int) -> Monster | None:
    """The monster in ``area``, if any."""
    index = occupant(position).get(area)
    return None if index is None else position.monsters[index]


def side_of(config: Config, card: CardState) -> Side:
    """The side of a card in play that is face up."""
    found: Card = config.cards[card.id]
    return found.sides[card.side - 1]


def _total(config: Config, hero: Hero, field: str) -> int:
    return sum(getattr(side_of(config, c), field) for c in hero.cards)


def hero_strength(config: Config, hero: Hero) -> int:
    """Attack dice: the strength of every card in play, the hero card included."""
    return _total(config, hero, "strength")


def hero_health(config: Config, hero: Hero) -> int:
    """Damage that knocks the hero out: the health of every card in play."""
    return _total(config, hero, "health")


def hero_range(config: Config, hero: Hero, bonus: int = 0) -> int:
    """Attack range: 1, plus every card's range, plus ``bonus`` (this turn's)."""
    return 1 + _total(config, hero, "range") + bonus


def hero_armor(config: Config, hero: Hero) -> int:
    """Damage prevented from every monster attack."""
    return _total(config, hero, "armor")


def move_points(config: Config, hero: Hero) -> int:
    """Areas of a move action: 3, plus every card's move bonus."""
    return 3 + _total(config, hero, "move")


def hero_traits(config: Config, hero: Hero) -> frozenset[str]:
    """The traits of every card the hero has in play (:data:`~grimheim._vocab.traits.TRAITS`)."""
    return frozenset(t for c in hero.cards for t in side_of(config, c).traits)


def ignores_armor(config: Config, hero: Hero) -> bool:
    """Whether the hero's damage ignores monster armor (the ``ignore-armor`` trait)."""
    return "ignore-armor" in hero_traits(config, hero)


def hand_size(config: Config, hero: Hero) -> int:
    """The most cards the hero may hold: 4, plus the ``hand_limit`` of their cards in play."""
    return HAND_LIMIT + _total(config, hero, "hand_limit")


def holds_mana(config: Config, card: CardState) -> bool:
    """A card in play holds mana if its side face up makes mana or has a use that costs mana
    from the card."""
    side = side_of(config, card)
    return side.mana_gen > 0 or any(isinstance(c, Mana) for u in side.uses for c in u.cost)


def track(config: Config) -> tuple[Spot, ...]:
    """The spots of the game's time track, first to last."""
    return config.pack.time.short if config.track == "short" else config.pack.time.long


_MOST_NEIGHBOURS = 6
"""Areas around a hex: the most other trollkin that can strengthen one's attack."""
_DIE_BONUS = 1
"""Dice the monster die's attack face adds to every monster attack."""


def _most(values: Iterator[int]) -> int:
    return max(values, default=0)


def _dice_added(card: Card) -> int:
    """The most dice one use of ``card`` adds to a roll (either side)."""
    return _most(
        sum(e.count for e in use.effects if isinstance(e, AddDice))
        for side in card.sides
        for use in side.uses
    )


@functools.lru_cache(maxsize=64)
def _roll_limit(heroes: tuple[str, ...], pack: Pack) -> int:
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
                _dice_added(card)
                for card in cards
                if card.kind == "event"
                for _ in range(card.count)
            ),
            reverse=True,
        )
        in_play = sum(_dice_added(card) for card in kept)
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
