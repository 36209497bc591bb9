"""The value of a position learned from play: the game's margin (the town pieces left at the end
of a game won; for a game lost, minus one and minus the spots of the track still to play),
predicted from features of the position by weights fitted on self-played games.

:func:`features` describes a position by what every seat sees: the planner's own hand-set points for
it (:func:`~grimheim._agents.evaluate.evaluate`, in town pieces), the town, what the forecast of the
monster turns to come (:mod:`grimheim._agents.forecast`) says they will cost, turn by turn, the
monsters on the board by approach path (those a hero stops and those nobody stops, their distance to
the town, the directions they come from), the waves the time track still announces, each hero's
health, gold, cards and hand, and the track. :class:`TeamValue` holds one weight per feature (a
linear model: inference is a dot product in plain Python) and reads them from a JSON file; the
weights this library ships (``grimheim/content/team_value.json``) were fitted by
``scripts/grimheim_fit_value.py`` and are loaded by :func:`standard_value`. The fit starts from the
planner's points (:func:`hand_set`) and shrinks towards them: a fit on a few hundred games finds
what goes with winning across games far better than what tells the actions of one turn apart, which
the hand-set points were made for; the learned weights correct them.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

import attrs

from tabletop_rules import ContentError, parse_json

from .._query import hero_health, info
from .evaluate import PlannerWeights, _lasting, _stopped, card_worth, evaluate
from .forecast import Forecast, forecast_spots, hero_distances

FEATURES: tuple[str, ...] = (
    "bias",
    "hand-set points",
    "heroes",
    "town",
    "loss next turn",
    "loss turns 2-3",
    "loss later",
    "town after forecast",
    "knock-outs",
    "track left",
    "yellow cards to come",
    "red cards to come",
    "free pieces",
    "stopped pieces",
    "free threat",
    "monster health",
    "legends",
    "free directions",
    "worst direction",
    "forecast kills",
    "health left",
    "least health left",
    "heroes home",
    "gold",
    "cards",
    "flipped",
    "hand",
    "mana",
    "quest",
    "steps to post",
    "holdings late",
)
"""The names of :func:`features`, in order."""

_WON = 1000.0
"""The points of a game won (and, negated, of a game lost), as the planner counts them."""

_TOWN = 10.0
"""The points of a town piece the heroes are predicted to keep."""

_HAND_SET = PlannerWeights()
"""The planner's own points, read as the feature ``hand-set points``."""


def _cards_to_come(position: Any) -> tuple[float, float]:
    """The monster cards the axes spots still to come will bring, yellow and red (one per hero
    each)."""
    spots = forecast_spots(position)
    time: int = position.time
    heroes = len(position.heroes)
    yellow = red = 0.0
    reinforced = position.turn is None and not any(
        getattr(f, "step", "") in ("die", "pins", "move", "attack", "attacking", "reinforce")
        for f in position.frames
    )
    for index in range(time, len(spots)):
        spot = spots[index]
        if getattr(spot, "kind", "") != "axes":
            continue
        if index == time and reinforced:
            continue
        if spot.colour == "red":
            red += heroes
        else:
            yellow += heroes
    return yellow, red


def features(
    position: Any, seat: int, ahead: Forecast, posts: Mapping[int, int] | None = None
) -> tuple[float, ...]:
    """The features of ``position`` (a state or a view, the game running) in the order of
    :data:`FEATURES`, with ``ahead`` its forecast; the hand of ``seat`` counts by what its cards
    do, the others by their size; ``posts`` (seat → area) gives the steps to the heroes'
    posts."""
    config = position.config
    geo = config.geo
    heroes = position.heroes
    n = len(heroes)
    town = float(position.town)
    losses = ahead.losses
    first = losses[0] if losses else 0.0
    soon = sum(losses[1:3])
    later = sum(losses[3:])
    spots = len(forecast_spots(position))
    left = max(0, spots - 1 - position.time) / max(1, spots - 1)
    yellow, red = _cards_to_come(position)
    stopped = _stopped(position)
    free = held = threat = health = legends = 0.0
    ways: dict[int, float] = {}
    for monster in position.monsters:
        kind = info(config, monster)
        pieces = 3.0 if kind.legend else 1.0
        health += max(0, kind.health - monster.damage)
        legends += kind.legend
        if monster.at in stopped:
            held += pieces
            continue
        free += pieces
        threat += pieces * 10 / (1 + geo.path_length[monster.at])
        entry = _entry(geo, monster.at)
        ways[entry] = ways.get(entry, 0.0) + pieces
    worst = max(ways.values(), default=0.0)
    life = least = 0.0
    home = gold = cards = flipped = hand = mana = quest = 0.0
    least = 1.0
    for index, hero in enumerate(heroes):
        full = max(1, hero_health(config, hero))
        share = (full - hero.damage) / full
        life += share
        if hero.at == geo.town:
            home += 1
        else:
            least = min(least, share)
        gold += hero.gold
        cards += len(hero.cards) - 3
        flipped += sum(1 for c in hero.cards if c.side == 2)
        mana += sum(c.mana for c in hero.cards)
        quest += hero.quest
        if index == seat:
            hand += sum(card_worth(config, c) for c in hero.hand)
        else:
            hand += len(hero.hand)
    steps = 0.0
    if posts:
        steps = float(
            sum(min(20, hero_distances(position, a)[heroes[s].at]) for s, a in posts.items())
        )
    holdings = gold * 0.6 + cards * 4 + flipped * 3 + hand * 0.8 + mana * 0.1 + quest * 0.4
    total = first + soon + later
    points = evaluate(position, _HAND_SET, None, seat, ahead=ahead, posts=posts) / _TOWN
    return (
        1.0,
        points,
        float(n),
        town,
        first,
        soon,
        later,
        max(0.0, town - total),
        sum(ahead.knockouts),
        left,
        yellow,
        red,
        free,
        held,
        threat,
        health / 5,
        legends,
        float(len(ways)),
        worst,
        ahead.kills,
        life / n,
        least,
        home / n,
        gold,
        cards,
        flipped,
        hand,
        mana,
        quest,
        steps,
        holdings * _lasting(position, 1.0),
    )


def _entry(geo: Any, area: int) -> int:
    """The area of the ring through which a monster in ``area`` would enter Grimheim (``-1``
    for none)."""
    return _entries(geo)[area]


@functools.lru_cache(maxsize=8)
def _entries(geo: Any) -> tuple[int, ...]:
    found = []
    for area in range(len(geo.next_step)):
        here, steps = area, 0
        while here >= 0 and geo.next_step[here] != geo.town and steps < 1000:
            here = geo.next_step[here]
            steps += 1
        found.append(here if here >= 0 and steps < 1000 else -1)
    return tuple(found)


def _number(value: Any, where: str, source: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ContentError(f"{source}: {where}", f"expected a finite number, got {value!r}")
    return float(value)


def _tuple(values: Iterable[float]) -> tuple[float, ...]:
    return tuple(values)


@attrs.frozen
class TeamValue:
    """Weights of the learned value: one per feature of a position
    (``grimheim._agents.value.FEATURES`` names them: the planner's hand-set points, the town, the
    losses the forecast of the monster turns to come predicts, the monsters a hero stops and those
    nobody stops, the waves still to come, the heroes' health and holdings, the steps to their
    posts), the prediction being the game's margin: the town pieces left at the end of a game won,
    minus one and minus the spots still to play for a game lost.

    Attributes:
        weights: one weight per feature, in the order of ``FEATURES``.
        note: where the weights came from (the script, its seed and games).
    """

    weights: tuple[float, ...] = attrs.field(converter=_tuple)
    note: str = ""

    def __attrs_post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(
                f"a TeamValue has {len(FEATURES)} weights (one per feature), "
                f"not {len(self.weights)}"
            )
        for value in self.weights:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"a TeamValue's weights are numbers, not {value!r}")
            if not math.isfinite(value):
                raise ValueError(f"a TeamValue's weights are finite, not {value!r}")

    def predict(
        self, position: Any, seat: int, ahead: Forecast, posts: Mapping[int, int] | None = None
    ) -> float:
        """The game's margin predicted: the town pieces left at the end of a game won, minus
        one and minus the spots still to play for a game lost."""
        found = features(position, seat, ahead, posts)
        return sum(w * f for w, f in zip(self.weights, found, strict=True))

    def score(
        self,
        position: Any,
        seat: int,
        ahead: Forecast | None,
        posts: Mapping[int, int] | None = None,
    ) -> float:
        """The points of ``position`` for a search: a game won or lost as the planner counts it,
        else ten points per unit of the margin predicted."""
        if position.won is not None or ahead is None:
            town: int = position.town
            return (_WON if position.won else -_WON) + _TOWN * town
        return _TOWN * self.predict(position, seat, ahead, posts)

    def dumps(self) -> str:
        """The weights as the JSON text that :class:`TeamValue` is read from (the shipped file's
        shape)."""
        data = {
            "features": list(FEATURES),
            "weights": [round(w, 6) for w in self.weights],
            "note": self.note,
        }
        return json.dumps(data, indent=1) + "\n"


def load_value(text: str, source: str = "<text>") -> TeamValue:
    """Read :class:`TeamValue` weights from JSON text: ``{"features": [...], "weights": [...],
    "note": "..."}``, the features named as :data:`FEATURES` names them, in that order.

    Raises:
        tabletop_rules.ContentError: the text is not JSON of that shape (``path`` names
            ``source`` and the place in it).
    """
    try:
        data = parse_json(text)
    except ValueError as exc:
        raise ContentError(f"{source}: $", f"not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ContentError(f"{source}: $", "expected an object")
    names = data.get("features")
    if not isinstance(names, list) or tuple(names) != FEATURES:
        raise ContentError(
            f"{source}: $.features", f"expected the features {list(FEATURES)}, got {names!r}"
        )
    weights = data.get("weights")
    if not isinstance(weights, list) or len(weights) != len(FEATURES):
        raise ContentError(
            f"{source}: $.weights", f"expected a list of {len(FEATURES)} numbers, got {weights!r}"
        )
    found = [_number(w, f"$.weights[{i}]", source) for i, w in enumerate(weights)]
    note = data.get("note", "")
    if not isinstance(note, str):
        raise ContentError(f"{source}: $.note", f"expected a string, got {note!r}")
    return TeamValue(tuple(found), note)


@functools.cache
def standard_value() -> TeamValue:
    """The weights this library ships (``grimheim/content/team_value.json``)."""
    text = resources.files("grimheim").joinpath("content", "team_value.json").read_text("utf-8")
    return load_value(text, "team_value.json")


def hand_set() -> TeamValue:
    """The value that scores positions exactly as the planner's hand-set points do (the weight
    of ``hand-set points`` 1, every other 0): where the fit starts, and what it shrinks
    towards."""
    weights = [0.0] * len(FEATURES)
    weights[FEATURES.index("hand-set points")] = 1.0
    return TeamValue(tuple(weights), "the planner's hand-set points")
