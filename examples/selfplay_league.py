"""Self-play with a league of snapshots: MaskablePPO against itself, then the league against the
game's own agents.

The recipe of the *Gymnasium* documentation page (``docs/gymnasium.rst``, *Self-play*). Run it
from the repository root, in an environment with PyTorch (its CPU build) and sb3-contrib::

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install -e ".[rl]"
    python -m examples.selfplay_league --steps 200000 --snapshots 4 --games 100

What it does, on two-guild Fated Kingdom (the Feudal Pact, seat 0, against the Pathfinders,
seat 1):

1. :func:`make_envs` builds two learner environments, one for each seat, whose opponents are
   one :class:`~tabletop_rules.gymnasium.OpponentPool`: at every reset each draws the random
   agent, the policy being trained itself (:class:`Live`) or one of its snapshots.
2. MaskablePPO trains one policy on both (a vector environment of the two seats);
   :class:`Snapshots` freezes a copy of the policy every ``steps / snapshots`` steps and adds
   it to the pool, so the learner meets its past selves.
3. :func:`league` plays every snapshot, in both seats, against each of the game's own agents
   (``random`` and ``heuristic``) and prints each one's win rates.

The test suite runs :func:`make_envs` and :func:`league` with scripted policies
(``tests/test_gymnasium.py``); the training needs PyTorch and is not run there. The figures the
documentation prints are this script's output.
"""

from __future__ import annotations

import argparse
import copy
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import kinmarr
from tabletop_rules.gymnasium import OpponentPool, TabletopEnv, env

TWO_GUILDS = ("feudal_pact", "pathfinders")
CONFIG = kinmarr.Config(guilds=TWO_GUILDS)
AGENTS = ("random", "heuristic")
"""The game's own agents the league is measured against."""


class Live:
    """The policy being trained, as an opponent: it asks the model as it is now."""

    def __init__(self, model: Any) -> None:
        self.model = model

    def __call__(self, observation: Any, mask: Any) -> int:
        action, _state = self.model.predict(observation, action_masks=mask, deterministic=False)
        return int(action)


class Frozen:
    """A snapshot of the policy: a copy of its network at one moment of the training."""

    def __init__(self, policy: Any, steps: int, *, deterministic: bool = False) -> None:
        self.policy = copy.deepcopy(policy)
        self.steps = steps
        self.deterministic = deterministic

    def __call__(self, observation: Any, mask: Any) -> int:
        action, _state = self.policy.predict(
            observation, action_masks=mask, deterministic=self.deterministic
        )
        return int(action)


def make_envs(pool: OpponentPool) -> list[TabletopEnv]:
    """One learner environment for each seat of two-guild Fated Kingdom, its opponent drawn
    from ``pool`` at every reset (forced decisions answered inside)."""
    return [
        env(kinmarr.GAME, config=CONFIG, seat=seat, opponents=pool, skip_forced=True)
        for seat in (0, 1)
    ]


def win_rate(policy: Callable[[Any, Any], int], seat: int, agent: str, games: int) -> float:
    """The share of ``games`` games (seeds 0, 1 …) that ``policy`` wins in ``seat`` against
    the game's agent ``agent``."""
    e = env(kinmarr.GAME, config=CONFIG, seat=seat, opponents=agent, skip_forced=True)
    wins = 0
    for seed in range(games):
        observation, _info = e.reset(seed=seed)
        while True:
            observation, reward, terminated, truncated, _info = e.step(
                policy(observation, e.action_masks())
            )
            if terminated or truncated:
                wins += float(reward) > 0
                break
    return wins / games


def league(
    members: dict[str, Callable[[Any, Any], int]], games: int
) -> dict[str, dict[tuple[str, int], float]]:
    """Every member's win rate against each of :data:`AGENTS`, in each seat."""
    return {
        name: {
            (agent, seat): win_rate(policy, seat, agent, games)
            for agent in AGENTS
            for seat in (0, 1)
        }
        for name, policy in members.items()
    }


def _returning(e: TabletopEnv) -> Callable[[], TabletopEnv]:
    """A factory of ``e`` itself, for a vector environment."""
    return lambda: e


def main(argv: list[str] | None = None) -> None:
    """Train with a league, then measure every snapshot; print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000, help="training steps")
    parser.add_argument("--snapshots", type=int, default=4, help="snapshots taken")
    parser.add_argument("--games", type=int, default=100, help="games per seat and agent")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    pool = OpponentPool(["random"], latest=0.5)
    envs = make_envs(pool)
    vector = DummyVecEnv([_returning(e) for e in envs])
    vector.seed(args.seed)
    model = MaskablePPO("MlpPolicy", vector, seed=args.seed, verbose=0)
    pool.add(Live(model))
    snapshots: list[Frozen] = []
    every = args.steps // args.snapshots

    class Snapshots(BaseCallback):
        """Adds a frozen copy of the policy to the pool every ``every`` steps."""

        def _on_step(self) -> bool:
            if self.num_timesteps % every < vector.num_envs:
                snapshot = Frozen(model.policy, self.num_timesteps)
                snapshots.append(snapshot)
                pool.add(snapshot)
            return True

    started = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=Snapshots())
    elapsed = time.perf_counter() - started
    print(
        f"trained {args.steps} steps in {elapsed:.0f} s ({args.steps / elapsed:.0f} steps/s), "
        f"{len(snapshots)} snapshots"
    )
    rng = np.random.default_rng(args.seed)

    def random_policy(_observation: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    members: dict[str, Callable[[Any, Any], int]] = {"masked random": random_policy}
    for snapshot in snapshots:
        members[f"snapshot at {snapshot.steps}"] = Frozen(
            snapshot.policy, snapshot.steps, deterministic=True
        )
    table = league(members, args.games)
    columns = [(agent, seat) for agent in AGENTS for seat in (0, 1)]
    print(f"win rates over {args.games} games (seeds 0 …) against the game's agents, by seat")
    print(f"{'policy':<22}" + "".join(f"{f'{a} s{s}':>14}" for a, s in columns))
    for name, rates in table.items():
        print(f"{name:<22}" + "".join(f"{rates[c]:>14.2f}" for c in columns))


if __name__ == "__main__":
    main()
