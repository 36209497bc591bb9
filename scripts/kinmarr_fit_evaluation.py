"""Fit the weights of kinmarr's static evaluation (``kinmarr._agents.evaluate.WEIGHTS``).

    python scripts/kinmarr_fit_evaluation.py                 # 1,200 games, seeds 0-1199
    python scripts/kinmarr_fit_evaluation.py --games 300 --every 5

Plays two-guild games between heuristic agents (game ``i`` from seed ``S + i``, the guilds the
``i mod 12``-th ordered pair of the four), takes every ``--every``-th position where both
characters live, and fits a logistic regression of "seat 0 wins" on the difference of the two
seats' features (``kinmarr._agents.evaluate.features``), over the games someone won. Prints the
weights (paste them into ``WEIGHTS``), the intercept (the first seat's edge, which the
evaluation leaves out), and the fit's log loss and accuracy, beside those of the weights in use.
Needs NumPy.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

import numpy as np

import kinmarr
from kinmarr._agents.evaluate import FEATURES, WEIGHTS, features
from tabletop_rules import Rng

PAIRS = list(itertools.permutations(kinmarr.DEFAULT_GUILDS, 2))


def positions(games: int, seed: int, every: int) -> tuple[np.ndarray, np.ndarray]:
    """Feature differences (seat 0 minus seat 1) and outcomes (1: seat 0 won)."""
    rows: list[list[float]] = []
    labels: list[float] = []
    agent = kinmarr.HeuristicAgent()
    for i in range(games):
        config = kinmarr.Config(guilds=PAIRS[i % len(PAIRS)])
        state = kinmarr.new_game(config, seed=seed + i)
        rngs = [Rng.from_seed(seed + i), Rng.from_seed(seed + i + 10**6)]
        taken: list[list[float]] = []
        n = 0
        while not kinmarr.is_over(state):
            seat = kinmarr.current_player(state)
            assert seat is not None and seat >= 0
            view = kinmarr.view(state, seat)
            legal = kinmarr.legal_actions(view)
            n += 1
            if n % every == 0 and all(p.alive for p in state.players):
                a, b = features(view, 0), features(view, 1)
                taken.append([x - y for x, y in zip(a, b, strict=True)])
            action, rngs[seat] = agent.choose(view, legal, rngs[seat])
            state = kinmarr.apply(state, action)
        result = kinmarr.outcome(state)
        assert result is not None
        if len(result.winners) != 1:
            continue
        rows += taken
        labels += [1.0 if result.winners == (0,) else 0.0] * len(taken)
    return np.array(rows), np.array(labels)


def fit(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression with an intercept (last weight), by Newton's method."""
    x1 = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(x1.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x1 @ w))
        grad = x1.T @ (p - y) + l2 * w
        hess = (x1.T * (p * (1 - p))) @ x1 + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def quality(x: np.ndarray, y: np.ndarray, w: np.ndarray, b: float) -> tuple[float, float]:
    """Log loss and accuracy of weights ``w`` with intercept ``b``."""
    p = np.clip(1 / (1 + np.exp(-(x @ w + b))), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return loss, float(np.mean((p > 0.5) == (y > 0.5)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=7, help="take every n-th position")
    parser.add_argument("--l2", type=float, default=1.0)
    args = parser.parse_args()
    started = time.perf_counter()
    x, y = positions(args.games, args.seed, args.every)
    half = len(x) * 4 // 5  # fit on the first games, check on the last fifth
    w = fit(x[:half], y[:half], args.l2)
    weights, intercept = w[:-1], float(w[-1])
    print(f"{len(x)} positions of {args.games} games ({time.perf_counter() - started:.0f} s)")
    for name, value in zip(FEATURES, weights, strict=True):
        print(f"  {name:<14}{value:8.3f}")
    print(f"  intercept     {intercept:8.3f}  (the first seat's edge; left out)")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in weights) + ")")
    for label, (ww, b) in (("fitted", (weights, intercept)), ("in use", (np.array(WEIGHTS), 0.0))):
        loss, accuracy = quality(x[half:], y[half:], ww, b)
        print(f"held-out positions, {label} weights: log loss {loss:.4f}, accuracy {accuracy:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
