"""The greedy agent: one placement of look-ahead, scored by a position heuristic."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tabletop_rules import RandomAgent, Rng

from ._actions import Place
from ._deck import GUARD, HOBGOBLIN, NEED, NEIGHBOURS
from ._rules import _Groups, _visible_monsters, apply, board_of, redeal
from ._state import State, View

__all__ = ["GreedyAgent", "RandomAgent", "evaluate"]


def evaluate(state: State) -> float:
    """A heuristic value of a position, higher is better.

    100 per monster defeated; for each monster still standing, credit for the biggest guard group
    next to it (capped at what it needs), and a penalty for each free side it has lost (a
    neighbour cell that is neither empty nor a guard cannot become a guard unless covered).
    """
    board = board_of(state)
    groups = _Groups(board.cell, [])
    cell = board.cell
    score = 100.0 * len(state.defeated)
    defeated = {(x << 20) + y for x, y in state.defeated}
    for pos in _visible_monsters(board):
        if pos in defeated:
            continue
        code = cell[pos] & 15
        need = NEED[code]
        best = 0
        free = 0
        for n in NEIGHBOURS:
            value = cell.get(pos + n)
            if value is None:
                free += 1
            elif value & 15 == GUARD:
                best = max(best, groups.size(pos + n, merged=False))
                free += 1
        score += 10.0 * min(best, need) / need
        score -= (4 - free) * (6.0 if code == HOBGOBLIN else 3.0)
    return score


@attrs.frozen
class GreedyAgent:
    """Tries every legal placement on a redealt copy of its view and keeps the best by
    :func:`evaluate`; ties are broken at random with its own generator.

    It never reads the hidden draw order: the cards it would draw are dealt afresh (``redeal``).
    """

    def choose(self, view: Any, actions: Sequence[Place], rng: Rng) -> tuple[Place, Rng]:
        """Return the best-scoring action and the next generator."""
        if not isinstance(view, View):
            raise TypeError("GreedyAgent.choose takes a goblinguard View")
        seed, rng = rng.next_u64()
        state = redeal(view, seed)
        best: list[Place] = []
        best_score = float("-inf")
        for action in actions:
            score = evaluate(apply(state, action))
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return rng.choice(best)
