"""The small figures the learning pages quote, each measured by one subcommand.

Run from the repository root (the recipes in ``examples/`` are imported)::

    python benchmarks/learning_figures.py sizes      # actions and sub-actions of every config
    python benchmarks/learning_figures.py steps      # decomposed steps a move, under random play
    python benchmarks/learning_figures.py choices    # the Pathfinders' choices a game
    python benchmarks/learning_figures.py window     # goblinguard cards outside the recipe's window
    python benchmarks/learning_figures.py positions  # the three-card goblinguard tree (openspiel)
    python benchmarks/learning_figures.py frames     # rgb_array frames: size and processor time
    python benchmarks/learning_figures.py ppo-speed  # MaskablePPO's settings (needs PyTorch)

Random play is the recipes' masked random policy (``numpy.random.default_rng(0)`` choosing
among the legal numbers) on the recipes' evaluation seeds (1,000,000 and on). Times are
processor seconds of this process (``time.process_time``), which a loaded machine changes less
than wall-clock seconds. ``docs/measurements.rst`` records what they printed.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import goblinguard  # noqa: E402
import grimheim  # noqa: E402
import kinmarr  # noqa: E402

TWO_GUILDS = kinmarr.Config(guilds=("feudal_pact", "pathfinders"))
SEEDS = 1_000_000
"""The first evaluation seed of the recipes."""


def sizes() -> None:
    """Every config's actions, sub-actions (``decompose=True``) and observation shape."""
    from tabletop_rules.pettingzoo import env

    heroes = ("bjorn", "alva", "embla", "boldur")
    configs: list[tuple[str, Any, Any]] = [
        ("goblinguard, standard deck", goblinguard.GAME, goblinguard.Config()),
        *[
            (f"grimheim, {n} heroes", grimheim.GAME, grimheim.Config(heroes=heroes[:n]))
            for n in (1, 2, 4)
        ],
        ("kinmarr, 2 guilds", kinmarr.GAME, TWO_GUILDS),
        ("kinmarr, 4 guilds", kinmarr.GAME, kinmarr.Config()),
    ]
    for label, game, config in configs:
        whole = env(game, config=config).action_space("player_0").n
        sub = env(game, config=config, decompose=True).action_space("player_0").n
        shape = game.observation_shape(config)
        print(f"{label}: {whole} actions, {sub} sub-actions, observation {shape}")


def steps(games: int = 20) -> None:
    """The steps a move takes with ``decompose=True`` (sub-actions asked, forced ones taken
    inside), under masked random play of the PettingZoo environment: moves are the record's
    actions (chance is sampled inside, so none of them is chance's), steps the agents' calls of
    ``step`` (the dead steps left out)."""
    from tabletop_rules.pettingzoo import env

    configs: list[tuple[str, Any, Any]] = [
        ("goblinguard, standard deck", goblinguard.GAME, goblinguard.Config()),
        ("grimheim, 2 heroes", grimheim.GAME, grimheim.Config(heroes=("bjorn", "alva"))),
        ("kinmarr, 2 guilds", kinmarr.GAME, TWO_GUILDS),
    ]
    for label, game, config in configs:
        e = env(game, config=config, decompose=True)
        rng = np.random.default_rng(0)
        moves = taken = 0
        for i in range(games):
            e.reset(seed=i)
            for _agent in e.agent_iter():
                observation, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                taken += 1
            moves += len(e.record().actions)
        print(f"{label}: {taken / moves:.2f} steps a move ({games} games)")


def choices(games: int = 100) -> None:
    """The Pathfinders' steps a game in the MaskablePPO recipe's kinmarr environment, and how
    many of them have more than one legal action."""
    from examples.maskable_ppo import make_env

    e = make_env("kinmarr", seat=1)
    rng = np.random.default_rng(0)
    steps = real = 0
    for i in range(games):
        e.reset(seed=SEEDS + i)
        done = False
        while not done:
            mask = e.action_masks()
            steps += 1
            real += int(mask.sum() > 1)
            _, _, terminated, truncated, _ = e.step(int(rng.choice(np.flatnonzero(mask))))
            done = terminated or truncated
    print(
        f"observation {e.observation_space.shape}; {games} games: {steps / games:.1f} steps a "
        f"game, {real / games:.1f} of them with more than one legal action"
    )


def window(games: int = 50) -> None:
    """How often the cards of random goblinguard games lie outside the cells the recipe's
    ``GoblinguardFeatures`` keeps (every observation of the learner, board planes 0–9, and the
    anchor plane apart)."""
    from examples.maskable_ppo import WINDOW, make_env

    e = make_env("goblinguard")
    side = e.observation_space["observation"].shape[1]
    reach = side // 2
    low = (side - WINDOW) // 2 - reach
    high = low + WINDOW - 1
    for label, planes in (("cards (planes 0-9)", slice(0, 10)), ("anchors", slice(10, 11))):
        rng = np.random.default_rng(0)
        farthest = observations = outside = 0
        games_outside: set[int] = set()
        for i in range(games):
            observation, _info = e.reset(seed=SEEDS + i)
            done = False
            while not done:
                ys, xs = np.nonzero(observation["observation"][planes].any(axis=0))
                offsets = np.concatenate([ys, xs]) - reach
                if len(offsets):
                    farthest = max(farthest, int(np.abs(offsets).max()))
                    if ((offsets < low) | (offsets > high)).any():
                        outside += 1
                        games_outside.add(i)
                observations += 1
                mask = e.action_masks()
                observation, _, terminated, truncated, _ = e.step(
                    int(rng.choice(np.flatnonzero(mask)))
                )
                done = terminated or truncated
        print(
            f"{label}: window {low}..{high} around the first card; {games} games, "
            f"{observations} observations: farthest cell {farthest}; {outside} observations "
            f"in {len(games_outside)} games reach outside"
        )


def positions() -> None:
    """The states of the three-card goblinguard of ``examples/cfr_small.py`` as an OpenSpiel
    tree: below one deal, and in all."""
    from examples.cfr_small import goblinguard_game

    root = goblinguard_game().new_initial_state()

    def count(state: Any) -> tuple[int, int]:
        nodes = decisions = 0
        stack = [state]
        while stack:
            s = stack.pop()
            nodes += 1
            if s.is_terminal():
                continue
            if s.is_chance_node():
                stack.extend(s.child(a) for a, _p in s.chance_outcomes())
            else:
                decisions += 1
                stack.extend(s.child(a) for a in s.legal_actions())
        return nodes, decisions

    deal = root
    while deal.is_chance_node():
        deal = deal.child(deal.chance_outcomes()[0][0])
    for label, state in (("below one deal", deal), ("the whole tree", root)):
        nodes, decisions = count(state)
        print(f"{label}: {nodes} states, {decisions} decisions")


def frames(count: int = 5) -> None:
    """The ``rgb_array`` frames of each game: their shape and processor seconds each."""
    from tabletop_rules.gymnasium import env

    configs: list[tuple[Any, Any]] = [
        (goblinguard.GAME, goblinguard.Config()),
        (grimheim.GAME, grimheim.Config(heroes=("bjorn", "alva"))),
        (kinmarr.GAME, TWO_GUILDS),
    ]
    for game, config in configs:
        e = env(game, config=config, render_mode="rgb_array")
        e.reset(seed=1)
        rng = np.random.default_rng(0)
        spent = []
        for _ in range(count):
            started = time.process_time()
            frame = e.render()
            spent.append(time.process_time() - started)
            for _ in range(3):
                _, _, terminated, truncated, _ = e.step(
                    int(rng.choice(np.flatnonzero(e.action_masks())))
                )
                if terminated or truncated:
                    e.reset(seed=2)
        print(
            f"{game.name}: frames of {frame.shape}, {min(spent):.2f} to {max(spent):.2f} "
            f"processor seconds each"
        )


def ppo_speed(steps: int = 4096) -> None:
    """MaskablePPO's training steps per processor second on the recipe's goblinguard learner,
    with its default settings and with ``GOBLINGUARD_PPO``."""
    import torch
    from examples.maskable_ppo import GOBLINGUARD_PPO, learner_env
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    settings: dict[str, dict[str, Any]] = {"defaults": {}, "GOBLINGUARD_PPO": GOBLINGUARD_PPO}
    for label, options in settings.items():
        learner = learner_env("goblinguard", 0)
        learner.reset(seed=0)
        model = MaskablePPO("MlpPolicy", learner, seed=0, verbose=0, **options)
        started = time.process_time()
        model.learn(total_timesteps=steps)
        spent = time.process_time() - started
        print(f"{label}: {steps} steps in {spent:.1f} processor s ({steps / spent:.0f} a second)")


def main(argv: list[str] | None = None) -> int:
    """Run one measurement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "what",
        choices=["sizes", "steps", "choices", "window", "positions", "frames", "ppo-speed"],
    )
    args = parser.parse_args(argv)
    run = {
        "sizes": sizes,
        "steps": steps,
        "choices": choices,
        "window": window,
        "positions": positions,
        "frames": frames,
        "ppo-speed": ppo_speed,
    }
    run[args.what]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
