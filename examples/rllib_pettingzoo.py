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
"""

from __future__ import annotations

import argparse
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
    """Build PPO with one shared, action-masking policy; train; print each iteration's return."""
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
        .environment("kinmarr-2")
        .env_runners(num_env_runners=1)
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
        result = algorithm.train()
        runners = result["env_runners"]
        print(
            f"iteration {iteration + 1}: {runners['num_env_steps_sampled_lifetime']} steps, "
            f"mean episode return {runners['episode_return_mean']:.3f}"
        )
    algorithm.stop()


if __name__ == "__main__":
    main()
