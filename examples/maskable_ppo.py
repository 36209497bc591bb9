"""Train sb3-contrib's MaskablePPO on one seat of a game, against random opponents.

The recipe of the *Gymnasium* documentation page (``docs/gymnasium.rst``). Run it from the
repository root, in an environment with PyTorch and sb3-contrib (not dependencies of this
project; a CPU build of PyTorch is enough)::

    pip install "tabletop-rules[pettingzoo]" torch sb3-contrib
    python -m examples.maskable_ppo --game kinmarr --steps 50000

What it does: :func:`make_env` builds the learner's seat as a Gymnasium environment
(:func:`tabletop_rules.gymnasium.env`) — observations as a ``Box``, the mask from
``action_masks()``, which MaskablePPO reads by itself, forced decisions answered inside. It
measures the masked random policy's win rate first, trains for ``--steps`` steps, and measures
the trained policy's (deterministic) win rate on the same seeds. ``tests/test_gymnasium.py``
runs :func:`make_env` through Gymnasium's ``check_env`` and :func:`win_rate` with a random
policy; the training itself needs PyTorch and is not run by the test suite.

Measured with ``python -m examples.maskable_ppo --steps N`` (PyTorch 2.13.0 CPU,
sb3-contrib 2.9.2, MaskablePPO's default settings and ``MlpPolicy``, one environment, on a
2-core machine shared with other work): the learner plays the Pathfinders, seat 1 of two-guild
Fated Kingdom, against the Feudal Pact played by the random agent — a match the Feudal Pact
wins about 85 % of the time under random play. Win rates over the same 400 evaluation games:

=========================  ====================  =====================================
policy                     Pathfinders' wins     training
=========================  ====================  =====================================
masked random              14.7 % (59 of 400)    —
MaskablePPO, 200,000 steps 21.5 % (86 of 400)    594 s, 337 steps/s (~6,000 games)
MaskablePPO, 1,000,000     37.8 % (151 of 400)   5,132 s, 195 steps/s (~30,000 games)
=========================  ====================  =====================================

(The machine's load differed between the runs: compare the steps a second with care.)
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import goblinguard
import kinmarr
from tabletop_rules.gymnasium import TabletopEnv, env

TWO_GUILDS = ("feudal_pact", "pathfinders")


def make_env(game: str = "kinmarr", *, seat: int = 0) -> TabletopEnv:
    """The learner's environment: ``game``'s seat ``seat`` against the random agent.

    ``"kinmarr"`` is Fated Kingdom with two guilds (952 actions, skip_forced: about half of
    its decisions have a single answer); ``"goblinguard"`` is Guards & Goblins (one seat,
    186,104 actions).
    """
    if game == "kinmarr":
        config = kinmarr.Config(guilds=TWO_GUILDS)
        return env(kinmarr.GAME, config=config, seat=seat, opponents="random", skip_forced=True)
    if game == "goblinguard":
        return env(goblinguard.GAME, config=goblinguard.Config(), seat=seat, skip_forced=True)
    raise ValueError(f"the recipe plays kinmarr or goblinguard, not {game!r}")


def win_rate(e: TabletopEnv, policy: Any, games: int, seed: int) -> float:
    """The share of ``games`` games (seeds ``seed``, ``seed + 1`` …) whose reward at the end is
    positive, with ``policy(observation, mask) -> action``."""
    wins = 0
    for i in range(games):
        observation, _info = e.reset(seed=seed + i)
        while True:
            action = policy(observation, e.action_masks())
            observation, reward, terminated, truncated, _info = e.step(action)
            if terminated or truncated:
                wins += float(reward) > 0
                break
    return wins / games


def main(argv: list[str] | None = None) -> None:
    """Measure, train, measure again; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kinmarr", choices=["kinmarr", "goblinguard"])
    parser.add_argument("--steps", type=int, default=50_000, help="training steps")
    parser.add_argument("--games", type=int, default=400, help="evaluation games")
    parser.add_argument("--seat", type=int, default=1, help="the learner's seat (kinmarr)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    evaluation = make_env(args.game, seat=args.seat)
    rng = np.random.default_rng(args.seed)

    def random_policy(_observation: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    before = win_rate(evaluation, random_policy, args.games, seed=1_000_000)
    print(f"masked random policy: win rate {before:.3f} over {args.games} games")

    learner = make_env(args.game, seat=args.seat)
    learner.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", learner, seed=args.seed, verbose=0)
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    elapsed = time.perf_counter() - started
    print(f"trained {args.steps} steps in {elapsed:.0f} s ({args.steps / elapsed:.0f} steps/s)")

    def trained_policy(observation: Any, mask: Any) -> int:
        action, _state = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    after = win_rate(evaluation, trained_policy, args.games, seed=1_000_000)
    print(f"trained policy: win rate {after:.3f} over {args.games} games")


if __name__ == "__main__":
    main()
