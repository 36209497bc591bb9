"""Attack dice as one chance decision per roll: the faces shown, counted.

A roll of ``n`` attack dice is answered by one :class:`~grimheim.Roll` — how many dice show a
hit, a hit unless cover, a rune and a miss — with its exact multinomial probability (the die has
two hits, one hit-unless-cover, one rune and two misses). In sampled mode the same roll is drawn
die by die from the state's generator.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from math import factorial

from tabletop_rules import Rng

from ._actions import Roll
from ._content import Dice

_FACE_INDEX = {"hit": 0, "hit_unless_cover": 1, "rune": 2, "miss": 3}


def _weights(dice: Dice) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for face in dice.attack:
        counts[_FACE_INDEX[face]] += 1
    return counts[0], counts[1], counts[2], counts[3]


@functools.lru_cache(maxsize=256)
def _outcomes(n: int, weights: tuple[int, int, int, int]) -> tuple[tuple[Roll, Fraction], ...]:
    sides = sum(weights)
    found = []
    for h in range(n, -1, -1):
        for c in range(n - h, -1, -1):
            for r in range(n - h - c, -1, -1):
                m = n - h - c - r
                ways = factorial(n) // (factorial(h) * factorial(c) * factorial(r) * factorial(m))
                p = Fraction(
                    ways * weights[0] ** h * weights[1] ** c * weights[2] ** r * weights[3] ** m,
                    sides**n,
                )
                if p:
                    found.append((Roll(h, c, r, m), p))
    return tuple(found)


def roll_outcomes(dice: Dice, n: int) -> tuple[tuple[Roll, Fraction], ...]:
    """Every result of rolling ``n`` attack dice, most hits first, with its probability.

    >>> from grimheim import standard_pack
    >>> outcomes = roll_outcomes(standard_pack().dice, 2)
    >>> outcomes[0], len(outcomes), sum(p for _, p in outcomes)
    ((Roll(hits=2, covers=0, runes=0, misses=0), Fraction(1, 9)), 10, Fraction(1, 1))
    """
    return _outcomes(n, _weights(dice))


def roll_dice(dice: Dice, n: int, rng: Rng) -> tuple[Roll, Rng]:
    """Roll ``n`` attack dice from ``rng``, one die after the other."""
    counts = [0, 0, 0, 0]
    for _ in range(n):
        face, rng = rng.choice(dice.attack)
        counts[_FACE_INDEX[face]] += 1
    return Roll(counts[0], counts[1], counts[2], counts[3]), rng


def faces(roll: Roll) -> tuple[int, int, int, int]:
    """A roll's dice by face: ``(hits, hits unless cover, runes, misses)``."""
    return roll.hits, roll.covers, roll.runes, roll.misses
