"""The heroes' side of the rules: movement, the six actions, quests, gold, bonus markers,
upgrades and the end-of-turn steps.

Functions over a :class:`~grimheim._work.Work`, called by :mod:`grimheim._flow`.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from tabletop_rules import Seat

from ._actions import (
    Action,
    Attack,
    CompleteQuest,
    Discard,
    EndTurn,
    Focus,
    GiveGold,
    Mend,
    MoveTo,
    Practice,
    Prepare,
    RequestGold,
    TakeBonus,
    Use,
)
from ._cards import ActionKind
from ._cards import Use as CardUse
from ._events import GoldGained, HeroDamaged, HeroHealed, HeroMoved
from ._monsters import damage_monster, knock_out, relocate_monster
from ._pieces import CardState, Turn
from ._query import (
    UPGRADE_COSTS,
    hand_size,
    hero_strength,
    hero_traits,
    ignores_armor,
    side_of,
)
from ._quests import counts_step, free_way, on_movement, on_step, top_quest
from ._state import HeroAttack, Moving, Ramming, Revealing, Window
from ._uses import auto_uses, available_uses, begin_use, context
from ._vocab.conditions import holds
from ._vocab.heroes import mana_cards as _mana_cards
from ._vocab.movement import best_walk, move_points, rams, reachable
from ._vocab.targets import monster_targets
from ._work import Work

__all__ = [
    "attack_targets",
    "bonus_here",
    "finish_movement",
    "gain_ability",
    "go",
    "main_actions",
    "mana_cards",
    "mend",
    "mend_options",
    "open_window",
    "reveal_next",
    "shove",
    "start_attack",
    "take_bonus",
    "timings_of",
    "upgrade_cost",
]


def mana_cards(w: Work, seat: Seat) -> tuple[str, ...]:
    """The hero's cards in play that hold mana (Focus, mana gained)."""
    return _mana_cards(context(w, seat))


def timings_of(w: Work, seat: Seat) -> frozenset[str]:
    """The timings of every use in hero ``seat``'s deck (a window no card can use is skipped)."""
    cache: dict[str, frozenset[str]] = w.config.pack.cache.setdefault("timings", {})
    hero_id = w.heroes[seat].id
    found = cache.get(hero_id)
    if found is None:
        deck = next(d for d in w.config.pack.decks if d.hero == hero_id)
        found = frozenset(u.when for c in deck.cards for side in c.sides for u in side.uses)
        cache[hero_id] = found
    return found


def open_window(w: Work, seat: Seat, when: str, attacker: int = -1) -> None:
    """Open a window of ``when`` uses for one hero, if their deck has any (it closes by itself
    when they cannot have one to make)."""
    if when in timings_of(w, seat):
        w.frames.append(Window(when, (seat,), attacker=attacker))


def _entering(w: Work, seat: Seat) -> list[CardUse]:
    """The ``enter-area`` uses of hero ``seat``'s cards in play."""
    if "enter-area" not in timings_of(w, seat):
        return []
    return [
        use
        for card in w.heroes[seat].cards
        for use in side_of(w.config, card).uses
        if use.when == "enter-area"
    ]


def _worth(w: Work, seat: Seat) -> Callable[[int], int] | None:
    """What entering an area is worth to hero ``seat`` (the ``enter-area`` uses of their cards
    in play whose conditions hold there, and their quest), or ``None`` when nothing counts the
    areas entered."""
    quest = top_quest(w, seat)
    counted = quest is not None and any(way.when == "enter-area" for way in quest[1].ways)
    uses = _entering(w, seat)
    if not uses and not counted:
        return None
    ctx = context(w, seat)
    known: dict[int, int] = {}

    def worth(area: int) -> int:
        found = known.get(area)
        if found is None:
            here = ctx.standing(area)
            found = sum(1 for use in uses if holds(use.only_if, here))
            found += 1 if counted and counts_step(w, seat, area) else 0
            known[area] = found
        return found

    return worth


def _enter_uses(w: Work, seat: Seat, area: int) -> list[Use]:
    """The ``enter-area`` uses that apply as hero ``seat`` enters ``area``."""
    if not _entering(w, seat):
        return []
    start = w.heroes[seat].at
    w.set_hero(seat, at=area)  # through set_hero: the heroes' places are read anew, both ways
    try:
        return auto_uses(w, seat, "enter-area")
    finally:
        w.set_hero(seat, at=start)


def go(w: Work, seat: Seat, to: int, points: int, action: bool) -> None:
    """A movement of hero ``seat`` of at most ``points`` areas ending in ``to``: the walk that
    counts most for what counts areas entered (G30), or a ram into an occupied area (G33)."""
    ram = rams(w, seat, points).get(to) if to in w.taken() else None
    if ram is not None:
        _ram(w, seat, to, ram, points, action)
        return
    walk = best_walk(w, seat, to, points, _worth(w, seat))
    _walk(w, seat, walk)
    finish_movement(w, seat, action)


def _walk(w: Work, seat: Seat, walk: tuple[int, ...]) -> None:
    """Put the hero at the end of ``walk``; each area entered counts (enter-area uses, quest)."""
    if not walk:
        return
    counted = _worth(w, seat) is not None
    found: list[Use] = []
    for area in walk:
        if counted:
            found += _enter_uses(w, seat, area)
            on_step(w, seat, area)
    w.set_hero(seat, at=walk[-1])
    w.events.append(HeroMoved(seat, w.geo.hexes[walk[-1]]))
    for use in reversed(found):
        begin_use(w, seat, use)


def finish_movement(w: Work, seat: Seat, action: bool) -> None:
    """A movement ended: quests done by it, then the windows after any movement and after a move
    action (the latter first)."""
    on_movement(w, seat)
    open_window(w, seat, "after-movement")
    if action:
        open_window(w, seat, "after-move-action")


def _ram(w: Work, seat: Seat, to: int, steps: int, points: int, action: bool) -> None:
    """Walk next to ``to`` and ram its character: 1 damage, then it is moved aside (a decision:
    :class:`~grimheim._state.Ramming`)."""
    geo = w.geo
    start = w.heroes[seat].at
    near = [start, *(a for a in reachable(w, seat, steps - 1) if a != geo.town and w.free(a))]
    before = next(a for a in near if to in (geo.ring if a == geo.town else geo.around[a]))
    if before != start:
        _walk(w, seat, best_walk(w, seat, before, steps - 1, _worth(w, seat)))
    other = w.hero_in(to)
    if to in w.monsters:
        damage_monster(w, to, 1, seat, ignore_armor=ignores_armor(w.config, w.heroes[seat]))
    elif other is not None:
        hurt = w.heroes[other]
        w.set_hero(other, damage=hurt.damage + 1)
        w.events.append(HeroDamaged(other, 1, 0))
        if hurt.damage + 1 >= w.hero_health(other):
            knock_out(w, other)
    if w.won is not None:
        return
    w.frames.append(Ramming(seat, to, points - steps, action))


def shove(w: Work, frame: Ramming, where: int | None) -> None:
    """The rammed character moves to ``where`` (``None``: it is gone, or cannot move and the hero
    stops next to it); the hero enters the area and may go on with the areas left."""
    seat = frame.hero
    other = w.hero_in(frame.at)
    if where is not None and frame.at in w.monsters:
        relocate_monster(w, frame.at, where, "rammed")
    elif where is not None and other is not None:
        w.set_hero(other, at=where)
        w.events.append(HeroMoved(other, w.geo.hexes[where]))
    if w.free(frame.at):
        _walk(w, seat, (frame.at,))
        if frame.left > 0 and reachable(w, seat, frame.left):
            w.frames.append(Moving(seat, frame.left, frame.action))
            return
    finish_movement(w, seat, frame.action)


def _free_marker(turn: Turn, kind: ActionKind) -> bool:
    return kind not in turn.actions and len(turn.actions) < 2


def upgrade_cost(w: Work, seat: Seat) -> int:
    """The gold the hero's next upgrade costs: 5, 6, 8, then 10 for every later one (one step
    further along with the hard upgrades of G6)."""
    step = w.heroes[seat].upgrades + (1 if w.config.hard_upgrades else 0)
    return UPGRADE_COSTS[min(step, len(UPGRADE_COSTS) - 1)]


def bonus_here(w: Work, seat: Seat) -> tuple[str, int, int] | None:
    """The bonus markers in the hero's area, if any."""
    at = w.heroes[seat].at
    return next((b for b in w.bonus if b[1] == at), None)


def main_actions(w: Work, seat: Seat) -> list[Action]:
    """Everything hero ``seat`` may do between actions on their turn, in this order: move,
    attack, prepare, focus, mend, practice (while their markers last), complete the quest, card
    uses, discards, gold given, the bonus taken, and ending the turn."""
    turn = w.turn
    assert turn is not None
    hero = w.heroes[seat]
    geo = w.geo
    found: list[Action] = []
    if _free_marker(turn, "move"):
        found += [MoveTo(geo.hexes[a]) for a in reachable(w, seat, move_points(w, seat))]
    if _free_marker(turn, "attack") and hero_strength(w.config, hero) > 0:
        found += [Attack(geo.hexes[a]) for a in attack_targets(w, seat)]
    if (
        _free_marker(turn, "prepare")
        and len(hero.hand) < hand_size(w.config, hero)
        and (hero.events or hero.discard)
    ):
        found.append(Prepare())
    if _free_marker(turn, "focus"):
        found += [Focus(card) for card in mana_cards(w, seat)]
    if _free_marker(turn, "mend"):
        found += mend_options(w, seat)
    if _free_marker(turn, "practice"):
        found.append(Practice())
    if free_way(w, seat) is not None:
        found.append(CompleteQuest())
    found += available_uses(w, seat, "free")
    found += [Discard(card) for card in sorted(set(hero.hand))]
    for other in _neighbours(w, seat):
        found += [GiveGold(other, n) for n in range(1, hero.gold + 1)]
        found += [RequestGold(other, n) for n in range(1, w.heroes[other].gold + 1)]
    bonus = bonus_here(w, seat)
    if bonus is not None:
        if bonus[0] == "mana":
            found += [TakeBonus(card) for card in mana_cards(w, seat)]
        elif bonus[0] != "damage" or hero.damage or any(c.damage for c in hero.cards):
            found.append(TakeBonus())  # damage markers are offered only with damage to remove
    found.append(EndTurn())
    return found


def _neighbours(w: Work, seat: Seat) -> list[Seat]:
    here = w.heroes[seat].at
    town = w.geo.town
    return [
        s
        for s, h in enumerate(w.heroes)
        if s != seat
        and ((here == town and h.at == town) or (here != town and h.at in w.geo.adjacent[here]))
    ]


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


def start_attack(w: Work, seat: Seat, area: int, granted_by: str = "") -> None:
    """An attack action: roll the hero's strength against the monster (or empty mountain) in
    ``area``."""
    dice = hero_strength(w.config, w.heroes[seat])
    mine = area not in w.monsters  # attack-mountains: an empty mountain area (G45)
    w.frames.append(HeroAttack(seat, area, dice, granted_by=granted_by, mine=mine))


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


def reveal_next(w: Work, seat: Seat, deck: str) -> None:
    """After the top card of a deck left it: in explicit chance mode, chance turns the next card
    face up when more than one unknown card could be it."""
    hero = w.heroes[seat]
    cards = hero.abilities if deck == "abilities" else hero.equipment
    known = hero.known_abilities if deck == "abilities" else hero.known_equipment
    if w.config.explicit and len(cards) - known > 1:
        w.frames.append(Revealing(seat, deck))  # type: ignore[arg-type]


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
