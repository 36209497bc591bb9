"""A number for how well a position stands for the heroes: the town pieces kept, what the monster
turns to come would cost (:func:`~grimheim._agents.forecast.forecast`), and what the heroes have to
fight with — gold, cards in play, mana, cards in hand, damage — and what every monster still on the
board is worth to the heroes dead.

Every seat shares one fate, so the number is the team's. It reads only what every seat may see
(and the size of each hand), so a view scores the same as any state dealt from it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import attrs

from .._query import info
from .forecast import Forecast, forecast, forecast_spots, hero_distances


def _finite(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{attr.name} is a finite number, not {value!r}")


@attrs.frozen
class PlannerWeights:
    """What each part of a position is worth, in points (a town piece is worth :attr:`town`).

    Attributes:
        town: a town piece kept, now or at the end of the monster turns forecast.
        later: how much a piece the forecast loses one monster turn later counts, relative to
            one lost a turn sooner (the heroes can still act against it): ``1`` counts every
            forecast loss in full.
        gold: a gold (experience) a hero holds.
        forecast_gold: a gold the forecast's kills would earn.
        card: a card in play beyond each hero's three at the start (upgrades, quests won).
        flipped: a card in play on its side II.
        mana: a mana on a card.
        hand: an event card in its hero's hand, times what its best effect is worth (a card
            that kills or adds a town piece more than one that moves the hero; the other heroes'
            hands count by their size).
        damage: a damage point on a hero (the forecast counts knock-outs; this is the wear).
        quest: a step of progress on a hero's quest.
        threat: a monster near the town: ``threat * 10 / (1 + steps)`` for each piece it would
            take (3 for a legend), ``steps`` being its path's length to Grimheim.
        presence: a monster anywhere on the board, for each piece it would take. A monster
            costs its threat and presence times the share of its health left, so every damage
            dealt counts, and a kill counts the rest.
        approach: a step between a hero and the monster no hero stops that is given to them
            (the one nearest the town to the hero nearest it, and so on).
        stopped: the share of its cost a monster keeps while a hero stops it (next to a hero,
            or queued behind a monster that is).
        fade: the share of what the heroes hold (gold, cards, mana, hand, quest progress, and
            their damage) that fades as the time track runs out: it counts ``1 - fade + fade *
            share of the track left`` — at the last spot, only the town matters.
    """

    town: float = attrs.field(default=10.0, validator=_finite)
    later: float = attrs.field(default=0.75, validator=_finite)
    gold: float = attrs.field(default=0.3, validator=_finite)
    forecast_gold: float = attrs.field(default=0.2, validator=_finite)
    card: float = attrs.field(default=4.0, validator=_finite)
    flipped: float = attrs.field(default=3.0, validator=_finite)
    mana: float = attrs.field(default=0.1, validator=_finite)
    hand: float = attrs.field(default=0.8, validator=_finite)
    damage: float = attrs.field(default=0.25, validator=_finite)
    quest: float = attrs.field(default=0.4, validator=_finite)
    threat: float = attrs.field(default=1.0, validator=_finite)
    presence: float = attrs.field(default=3.0, validator=_finite)
    approach: float = attrs.field(default=0.5, validator=_finite)
    stopped: float = attrs.field(default=0.7, validator=_finite)
    fade: float = attrs.field(default=1.0, validator=_finite)


_WORTH = {
    "add-town-piece": 4.0,
    "kill": 3.0,
    "complete-quest": 2.0,
    "deal-damage": 1.2,
    "roll-against": 1.2,
    "add-damage": 1.2,
    "add-dice": 1.2,
    "perform-action": 1.2,
    "pin": 1.2,
    "rerolls": 1.0,
    "move-monster": 1.0,
    "heal": 1.0,
    "prevent": 1.0,
    "gain-gold": 1.0,
    "gain-mana": 0.8,
    "draw": 0.8,
    "draw-to": 0.8,
    "repair": 0.6,
    "bounty": 0.6,
    "add-range": 0.5,
    "move": 0.5,
}
"""What an event card in hand is worth for its best effect, relative to an average card: the
planner discards the card worth least when its hand is full, and plays a card when what it does
is worth more than keeping it."""


def card_worth(config: Any, card_id: str) -> float:
    """What the event card ``card_id`` in hand is worth, relative to an average card (1)."""
    cache: dict[str, float] = config.pack.cache.setdefault("planner-worth", {})
    found = cache.get(card_id)
    if found is None:
        card = config.cards[card_id]
        tags = [e.TAG for side in card.sides[:1] for use in side.uses for e in use.effects]
        found = cache[card_id] = max((_WORTH.get(t, 0.8) for t in tags), default=0.8)
    return found


_WON = 1000.0
"""The points of a game won (and, negated, of a game lost)."""


def evaluate(
    position: Any,
    weights: PlannerWeights,
    rounds: int | None = None,
    seat: int = -1,
    forecasts: dict[tuple[Any, ...], Forecast] | None = None,
    *,
    ahead: Forecast | None = None,
    posts: Mapping[int, int] | None = None,
) -> float:
    """The team's points in ``position`` (a state or a view) by ``weights``; ``rounds`` limits
    the monster turns forecast (``None``: all left). The cards in the hand of ``seat`` count by
    what they do (:func:`card_worth`), the other hands by their size. ``forecasts`` keeps the
    forecasts made, by what they read (the board, the heroes' cards in play and damage, the
    time), for positions that differ in nothing else; ``ahead`` is the forecast to use, made
    already. With ``posts`` (seat → area), the steps from those heroes to their areas count
    against them (:attr:`PlannerWeights.approach`) instead of the steps to the monsters nobody
    stops."""
    if position.won is not None:
        town: int = position.town
        return (_WON if position.won else -_WON) + weights.town * town
    if ahead is not None:
        pass
    elif forecasts is None:
        ahead = forecast(position, rounds)
    else:
        key = _board(position)
        found = forecasts.get(key)
        if found is None:
            found = forecasts[key] = forecast(position, rounds)
        ahead = found
    lost = 0.0
    factor = 1.0
    for loss in ahead.losses:
        lost += factor * loss
        factor *= weights.later
    value: float = weights.town * (position.town - lost)
    config = position.config
    material = weights.forecast_gold * ahead.gold
    for index, hero in enumerate(position.heroes):
        material += weights.gold * hero.gold
        material += weights.card * (len(hero.cards) - 3)
        if index == seat:
            material += weights.hand * sum(card_worth(config, c) for c in hero.hand)
        else:
            material += weights.hand * len(hero.hand)
        material += weights.quest * hero.quest
        material -= weights.damage * hero.damage
        for card in hero.cards:
            material += weights.mana * card.mana
            if card.side == 2:
                material += weights.flipped
    value += material * _lasting(position, weights.fade)
    geo = config.geo
    stopped = _stopped(position)
    for monster in position.monsters:
        kind = info(config, monster)
        health = max(1, kind.health)
        pieces = 3 if kind.legend else 1
        share = max(0.0, 1 - monster.damage / health)
        near = 10 / (1 + geo.path_length[monster.at])
        threat = share * pieces * (weights.presence + weights.threat * near)
        value -= threat * (weights.stopped if monster.at in stopped else 1.0)
    if weights.approach:
        if posts is None:
            value -= weights.approach * _distance_to_threats(position, stopped)
        else:
            value -= weights.approach * sum(
                min(20, hero_distances(position, area)[position.heroes[s].at])
                for s, area in posts.items()
            )
    return value


def _board(position: Any) -> tuple[Any, ...]:
    """What a forecast reads of ``position``: the time, the turn and what is pending, the
    monsters, and each hero's area, damage and cards in play (without their mana)."""
    return (
        position.time,
        position.turn,
        position.frames,
        position.monsters,
        tuple((h.at, h.damage, tuple((c.id, c.side) for c in h.cards)) for h in position.heroes),
    )


def _lasting(position: Any, fade: float) -> float:
    """How much what the heroes hold still counts: ``1 - fade`` of it always, the rest by the
    share of the time track still to come (nothing is worth keeping after the last spot)."""
    spots = len(forecast_spots(position))
    time: int = position.time
    left = max(0, spots - 1 - time) / max(1, spots - 1)
    return 1.0 - fade + fade * left


def _stopped(position: Any) -> set[int]:
    """The areas of the monsters a hero stops: next to a hero (G8), or queued behind one that
    is."""
    geo = position.config.geo
    town = geo.town
    near: set[int] = set()
    for hero in position.heroes:
        if hero.at != town:
            near.update(geo.adjacent[hero.at])
    stopped: set[int] = set()
    for _, area in sorted((geo.path_length[m.at], m.at) for m in position.monsters):
        if area in near or geo.next_step[area] in stopped:
            stopped.add(area)
    return stopped


def _distance_to_threats(position: Any, stopped: set[int]) -> float:
    """The steps between the heroes and the monsters nobody stops: the monster nearest the town
    is given to the hero nearest it, the next one to the nearest hero left, and so on; 0 when
    every monster is stopped."""
    geo = position.config.geo
    free = sorted((geo.path_length[m.at], m.at) for m in position.monsters if m.at not in stopped)
    if not free:
        return 0.0
    heroes = list(range(len(position.heroes)))
    total = 0.0
    for _, area in free:
        if not heroes:
            break
        steps, seat = min((_steps(position, s, area), s) for s in heroes)
        heroes.remove(seat)
        total += steps
    return total


def _steps(position: Any, seat: int, area: int) -> int:
    """The steps from hero ``seat`` to ``area`` (from Grimheim: out through its ring)."""
    geo = position.config.geo
    here = position.heroes[seat].at
    steps: int = (
        1 + min(geo.distance[r][area] for r in geo.ring)
        if here == geo.town
        else geo.distance[here][area]
    )
    return steps
