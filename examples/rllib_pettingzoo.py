"""Train RLlib's PPO on every seat of a game at once: the PettingZoo environment, one shared
policy that masks illegal actions.

The recipe of the *PettingZoo* documentation page (``docs/pettingzoo.rst``). Run it from the
repository root, in an environment with Ray's RLlib and PyTorch (not dependencies of this
project)::

    pip install "tabletop-rules[pettingzoo]" "ray[rllib]" torch
    python -m examples.rllib_pettingzoo --iterations 5

What it does: :func:`make_env` builds the PettingZoo AEC environment of Fated Kingdom with two
guilds (:func:`tabletop_rules.pettingzoo.env`, forced decisions answered inside) and wraps it
in :class:`~tabletop_rules.pettingzoo.RLlibObservations`, which renames the observation's
``"observation"`` key to the ``"observations"`` that RLlib's ``ActionMaskingTorchRLModule``
reads beside ``"action_mask"``. RLlib's own ``PettingZooEnv`` turns that into a multi-agent
environment; both seats map to one policy. ``tests/test_pettingzoo.py`` runs :func:`make_env`
through PettingZoo's API and seed tests; the training itself needs Ray and PyTorch and is not
run by the test suite.

Measured with Ray 2.60.0 and PyTorch 2.13.0 (CPU) on a 2-core machine shared with other work,
``--iterations 2``: 221 s and 175 s an iteration of 4,000 steps; the seats' mean returns (their
win rates against the shared policy) 0.80 and 0.14, then 0.77 and 0.15 — the Feudal Pact's
edge under near-random play, which two iterations do not move.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import kinmarr
from tabletop_rules.pettingzoo import RLlibObservations, env

TWO_GUILDS = ("feudal_pact", "pathfinders")


def make_env(_config: Any = None) -> RLlibObservations:
    """The environment RLlib builds in each of its workers (``_config`` is RLlib's
    ``EnvContext``, unused): two-guild Fated Kingdom, forced decisions answered inside, with
    RLlib's observation keys."""
    config = kinmarr.Config(guilds=TWO_GUILDS)
    return RLlibObservations(env(kinmarr.GAME, config=config, skip_forced=True))


def main(argv: list[str] | None = None) -> None:
    """Build PPO with one shared, action-masking policy; train; print each iteration's steps,
    time and each seat's mean return (its win rate against the shared policy)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=5)
    args = parser.parse_args(argv)

    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    register_env("kinmarr-2", lambda config: PettingZooEnv(make_env(config)))
    config = (
        PPOConfig()
        # RLlib's environment check steps with an unmasked random action, which is illegal
        .environment("kinmarr-2", disable_env_checking=True)
        # one worker; a batch of 4,000 steps can take over a minute on a busy CPU
        .env_runners(num_env_runners=1, sample_timeout_s=600)
        # 10 passes over each batch instead of PPO's 30: a quicker iteration on a CPU
        .training(num_epochs=10)
        .multi_agent(
            policies={"guild"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "guild",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "guild": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [64, 64]},
                    )
                }
            )
        )
    )
    algorithm = config.build_algo()
    for iteration in range(args.iterations):
        started = time.perf_counter()
        result = algorithm.train()
        runners = result.get("env_runners", {})
        seats = runners.get("agent_episode_returns_mean", {})  # each seat's win rate
        steps = runners.get("num_env_steps_sampled_lifetime", 0)
        print(
            f"iteration {iteration + 1}: {steps:.0f} steps in all, "
            f"{time.perf_counter() - started:.0f} s; mean return of "
            + ", ".join(f"{seat} {value:.2f}" for seat, value in sorted(seats.items()))
        )
    algorithm.stop()


if __name__ == "__main__":
    main()
