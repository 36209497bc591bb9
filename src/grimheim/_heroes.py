"""The heroes' side of the rules that needs no decision: gold gained and paid, cards discarded,
mending, the bonus markers, upgrades and the abilities they gain, and what an attack action may
target.

Functions over a :class:`~grimheim._work.Work`; the frames (:mod:`grimheim._frames`) and the
hero's turn (:mod:`grimheim._turn`) call them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from ._actions import Action, Mend
from ._events import GoldGained, HeroHealed
from ._frames.draws import reveal_next
from ._pieces import CardState
from ._query import UPGRADE_COSTS, hero_traits
from ._uses import context
from ._vocab.heroes import mana_cards as _mana_cards
from ._vocab.targets import monster_targets

if TYPE_CHECKING:
    from ._work import Work


def mana_cards(w: Work, seat: Seat) -> tuple[str, ...]:
    """The hero's cards in play that hold mana (Focus, mana gained)."""
    return _mana_cards(context(w, seat))


def gain_gold(w: Work, seat: Seat, amount: int) -> None:
    """Hero ``seat`` gains ``amount`` gold (pays it, when negative), as an event says."""
    w.events.append(GoldGained(seat, w.gain_gold(seat, amount)))


def discard(w: Work, seat: Seat, card: str) -> None:
    """Hero ``seat`` discards the event card ``card`` from their hand."""
    hero = w.heroes[seat]
    hand = list(hero.hand)
    hand.remove(card)
    w.set_hero(seat, hand=tuple(hand), discard=tuple(sorted((*hero.discard, card))))


def upgrade_cost(w: Work, seat: Seat) -> int:
    """The gold the hero's next upgrade costs: 5, 6, 8, then 10 for every later one (one step
    further along with the hard upgrades of G6)."""
    step = w.heroes[seat].upgrades + (1 if w.config.hard_upgrades else 0)
    return UPGRADE_COSTS[min(step, len(UPGRADE_COSTS) - 1)]


def bonus_here(w: Work, seat: Seat) -> tuple[str, int, int] | None:
    """The bonus markers in the hero's area, if any."""
    at = w.heroes[seat].at
    return next((b for b in w.bonus if b[1] == at), None)


def mend_options(w: Work, seat: Seat) -> list[Action]:
    """The mend actions worth taking: outside Grimheim when the hero is damaged; in Grimheim
    also for each damaged equipment card (repaired first)."""
    hero = w.heroes[seat]
    if hero.at != w.geo.town:
        return [Mend()] if hero.damage else []
    damaged = [c.id for c in hero.cards if c.damage > 0]
    found: list[Action] = [Mend()] if hero.damage or damaged else []
    return found + [Mend(card) for card in damaged]


def mend(w: Work, seat: Seat, first: str | None) -> None:
    """Remove 2 damage from the hero; in Grimheim up to 5: from ``first`` (an equipment card),
    then the hero, then equipment in the order it came into play."""
    hero = w.heroes[seat]
    in_town = hero.at == w.geo.town
    left = 5 if in_town else 2
    healed = 0
    cards = list(hero.cards)
    order = [i for i, c in enumerate(cards) if c.id == first]
    damage = hero.damage
    if not in_town:
        order = []
    for i in order:
        take = min(left, cards[i].damage)
        cards[i] = attrs.evolve(cards[i], damage=cards[i].damage - take)
        left -= take
        healed += take
    take = min(left, damage)
    damage -= take
    left -= take
    healed += take
    if in_town:
        for i, c in enumerate(cards):
            take = min(left, c.damage)
            if take:
                cards[i] = attrs.evolve(c, damage=c.damage - take)
                left -= take
                healed += take
    w.set_hero(seat, damage=damage, cards=tuple(cards))
    if healed:
        w.events.append(HeroHealed(seat, healed))


def attack_targets(w: Work, seat: Seat) -> tuple[int, ...]:
    """What an attack action of hero ``seat`` may target, in area order: the monsters within
    attack range, and for an ``attack-mountains`` hero the empty mountain areas next to them."""
    ctx = context(w, seat)
    found = monster_targets(ctx, "in-range")
    hero = w.heroes[seat]
    if hero.at != w.geo.town and "attack-mountains" in hero_traits(w.config, hero):
        geo = w.geo
        mines = [a for a in geo.adjacent[hero.at] if geo.terrain[a] == "mountain" and w.free(a)]
        found = tuple(sorted((*found, *mines)))
    return found


def take_bonus(w: Work, seat: Seat, card: str | None) -> None:
    """Take the bonus markers of the hero's area: damage markers remove damage (from the hero,
    then equipment), mana goes on ``card``, gold to the hero."""
    bonus = bonus_here(w, seat)
    assert bonus is not None
    kind, _, amount = bonus
    w.bonus.remove(bonus)
    if kind == "gold":
        w.events.append(GoldGained(seat, w.gain_gold(seat, amount)))
    elif kind == "mana" and card is not None:
        w.add_mana(seat, card, amount)
    else:
        hero = w.heroes[seat]
        healed = min(amount, hero.damage)
        left = amount - healed
        cards = []
        for c in hero.cards:
            take = min(left, c.damage)
            left -= take
            healed += take
            cards.append(attrs.evolve(c, damage=c.damage - take))
        w.set_hero(seat, damage=hero.damage - min(amount, hero.damage), cards=tuple(cards))
        w.events.append(HeroHealed(seat, healed))


def gain_ability(w: Work, seat: Seat) -> str:
    """Move the top ability card into play (side I); return its id."""
    hero = w.heroes[seat]
    card_id: str = hero.abilities[0]
    w.set_hero(
        seat,
        cards=(*hero.cards, CardState(card_id, counters=w.config.cards[card_id].counters)),
        abilities=hero.abilities[1:],
        known_abilities=max(0, min(hero.known_abilities, len(hero.abilities) - 1)),
    )
    reveal_next(w, seat, "abilities")
    return card_id
