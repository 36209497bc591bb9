"""A static evaluation of a position: each seat's chance of winning, estimated from what a view
shows.

Each living player gets a *strength*, a weighted sum of :func:`features` — its score (K8), its
coins, its wounds, the wounds its dice and passives deal, its Blocks, its healing cards, whether
it walks the outer path, and whether it is its turn — and the chances are the softmax of the
strengths over the living players, scaled down as the Fate sphere nears 10 (everyone loses). A
dead player's chance is 0; a lone survivor's is 1; a finished game gives its returns.

The weights (:data:`WEIGHTS`) were fitted by logistic regression on positions of two-guild games
between heuristic agents: ``python scripts/kinmarr_fit_evaluation.py`` plays the games, fits and
prints them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any, Final

from tabletop_rules import Seat

from .._content import Compiled
from .._query import alive
from .._words import Block, ExtraDie, Heal, HealAll, Hits
from .._work import score
from .heuristic import kill_chance

P = Any  # a State or a View

FEATURES: Final = (
    "score",
    "late score",
    "coins",
    "wounds",
    "two wounds",
    "three wounds",
    "attack",
    "block",
    "heals",
    "outer path",
    "to act",
    "kill",
    "danger",
    "deadly",
)
"""The names of :func:`features`, in order."""

WEIGHTS: Final = (
    0.03,
    0.162,
    0.082,
    0.019,
    -0.175,
    -0.014,
    -0.21,
    -0.093,
    0.171,
    0.057,
    0.032,
    2.111,
    -0.666,
    -1.337,
)
"""The weight of each feature in a player's strength (see the module docs)."""

_WOUNDS: Final = {"hit": 1.0, "critical": 2.0}


@functools.cache
def _die_wounds(faces: tuple[str, ...]) -> float:
    """The expected wounds one die deals (a Dodge rerolls it once)."""
    plain = sum(_WOUNDS.get(f, 0.0) for f in faces) / len(faces)
    dodges = faces.count("dodge") / len(faces)
    return plain + dodges * plain


@functools.lru_cache(maxsize=256)
def _creatures(rules: Compiled, cards: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """``(defence, attack)`` of the creatures among ``cards``."""
    out = []
    for card_id in cards:
        card = rules.card[card_id]
        if card.kind == "creature":
            out.append((card.defence, card.attack))
    return tuple(sorted(out))


def _kill(rules: Compiled, dice: tuple[str, ...], need: int) -> float:
    """The chance that ``dice`` deal at least ``need`` wounds."""
    if need <= 0:
        return 1.0
    return kill_chance(rules, dice, need)


def _heals(rules: Compiled, card: str) -> bool:
    usage = rules.card[card].usage
    return usage is not None and any(isinstance(e, Heal | HealAll) for e in usage.effects)


def features(p: P, seat: Seat) -> tuple[float, ...]:
    """The features of ``seat``'s position, in the order of :data:`FEATURES`: its score (K8),
    its score weighted by how far the Item deck has run down, its coins, its wounds (and whether
    they are two or more, and three), the wounds it deals in a fight (dice and passive Hits),
    its passive Blocks, its slotted healing cards, whether it stands on the outer path and
    whether the turn is its own."""
    rules: Compiled = p.config.rules
    player = p.players[seat]
    guild = rules.guild[player.guild]
    colours = list(guild.dice)
    hits = block = 0
    heals = 0
    for card in player.slots:
        for effect in rules.card[card].passive:
            if isinstance(effect, ExtraDie):
                colours.append(effect.colour)
            elif isinstance(effect, Hits) and effect.tag is None:
                hits += effect.amount
            elif isinstance(effect, Block):
                block += effect.amount
        heals += _heals(rules, card)
    for effect in guild.power.passive:
        if isinstance(effect, Hits) and effect.tag is None:
            hits += effect.amount
        elif isinstance(effect, Block):
            block += effect.amount
    attack = hits + sum(_die_wounds(rules.faces[c]) for c in colours)
    kill, danger, deadly = _threat(p, rules, colours, hits, block, player.wounds)
    total = float(score(rules, player))
    size = len(rules.deck_cards["item"])
    late = 1.0 - min(1.0, len(p.items) / max(1, size - 4))
    wounds = player.wounds
    tile = player.tile
    return (
        total,
        total * late,
        float(player.coins),
        float(wounds),
        float(wounds >= 2),
        float(wounds >= 3),
        attack,
        float(block),
        float(heals),
        float(tile is not None and tile.ring == "outer"),
        float(p.turn == seat),
        kill,
        danger,
        deadly,
    )


def _threat(
    p: P, rules: Compiled, colours: Sequence[str], hits: int, block: int, wounds: int
) -> tuple[float, float, float]:
    """Against the creatures left in the Encounter deck (a view shows which): the mean chance
    of killing one, the mean wounds one deals after Block, and the share that would kill."""
    creatures = _creatures(rules, p.encounters.cards())
    if not creatures:
        return 1.0, 0.0, 0.0
    dice = tuple(sorted(colours))
    kill = danger = deadly = 0.0
    for defence, attack in creatures:
        kill += _kill(rules, dice, defence - hits)
        taken = max(0, attack - block)
        danger += taken
        deadly += wounds + taken > 3
    n = len(creatures)
    return kill / n, danger / n, deadly / n


def strength(p: P, seat: Seat, weights: tuple[float, ...] = WEIGHTS) -> float:
    """``seat``'s strength: the weighted sum of its :func:`features`."""
    return sum(w * f for w, f in zip(weights, features(p, seat), strict=True))


def evaluate(p: P, weights: tuple[float, ...] = WEIGHTS) -> tuple[float, ...]:
    """Each seat's estimated chance of winning from position ``p`` (see the module docs)."""
    seats = len(p.players)
    ending = p.ending
    if ending is not None:
        return tuple(1.0 if s in ending.winners else 0.0 for s in range(seats))
    living = alive(p)
    if len(living) <= 1:
        return tuple(1.0 if s in living else 0.0 for s in range(seats))
    strengths = {s: strength(p, s, weights) for s in living}
    top = max(strengths.values())
    exps = {s: math.exp(v - top) for s, v in strengths.items()}
    total = sum(exps.values())
    doom = max(0.0, (p.fate - 6) / 4) ** 2 * 0.5
    return tuple((1.0 - doom) * exps[s] / total if s in exps else 0.0 for s in range(seats))
