"""Train sb3-contrib's MaskablePPO on one seat of a game.

The recipe of the *Gymnasium* documentation page (``docs/gymnasium.rst``). Run it from the
repository root, in an environment with PyTorch (its CPU build: see the page) and sb3-contrib::

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install -e ".[rl]"
    python -m examples.maskable_ppo --game kinmarr --steps 200000
    python -m examples.maskable_ppo --game goblinguard --steps 300000

What it does: :func:`make_env` builds the learner's seat as a Gymnasium environment
(:func:`tabletop_rules.gymnasium.env`), the mask read by MaskablePPO through
``action_masks()``, forced decisions answered inside. It measures the masked random policy
first, trains for ``--steps`` steps, and measures the trained policy (deterministic) on the
same seeds, printing both.

* ``kinmarr``: the Pathfinders, seat 1 of two-guild Fated Kingdom, against the random agent;
  952 actions, the ``Box`` observation and ``MlpPolicy``; the figure is the win rate.
* ``goblinguard``: Guards & Goblins with ``decompose=True`` (each placement chosen as card,
  column, row, layer: 100 sub-actions instead of 186,104) and ``payoff="scores"`` (a reward of
  1 for each goblin or hobgoblin defeated, when it is defeated); the figure is the goblins
  defeated per game. :class:`GoblinguardFeatures` gives the network the part of the board
  cards reach in practice (24 × 24 cells around the first card) with the card planes, the
  counts and the move chosen so far: 6,919 numbers instead of 110,012; MaskablePPO runs with
  :data:`GOBLINGUARD_PPO`.

``tests/test_gymnasium.py`` runs :func:`make_env` through Gymnasium's ``check_env`` and
:func:`evaluate` with a scripted policy; the training itself needs PyTorch and is not run by
the test suite. The figures the documentation prints are this script's output.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np

import goblinguard
import kinmarr
from tabletop_rules.gymnasium import TabletopEnv, env

TWO_GUILDS = ("feudal_pact", "pathfinders")
WINDOW = 24
"""The side of the square of cells :class:`GoblinguardFeatures` keeps, around the first card."""
GOBLINGUARD_PPO: dict[str, Any] = {"n_steps": 2048, "batch_size": 256, "n_epochs": 5}
"""MaskablePPO's settings for goblinguard: larger minibatches and fewer passes than its
defaults (64 and 10), which train 1.5 to 1.8 times the steps per processor second."""


def make_env(game: str = "kinmarr", *, seat: int = 0) -> TabletopEnv:
    """The learner's environment: ``game``'s seat ``seat`` against the random agent.

    ``"kinmarr"`` is Fated Kingdom with two guilds (952 actions, skip_forced: about half of
    its decisions have a single answer); ``"goblinguard"`` is Guards & Goblins (one seat),
    decomposed, paid by the goblins defeated.
    """
    if game == "kinmarr":
        config = kinmarr.Config(guilds=TWO_GUILDS)
        return env(kinmarr.GAME, config=config, seat=seat, opponents="random", skip_forced=True)
    if game == "goblinguard":
        return env(
            goblinguard.GAME,
            config=goblinguard.Config(),
            seat=seat,
            skip_forced=True,
            decompose=True,
            payoff="scores",
        )
    raise ValueError(f"the recipe plays kinmarr or goblinguard, not {game!r}")


class GoblinguardFeatures(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The decomposed Guards & Goblins environment with a smaller observation, one ``Box``:
    the 11 board planes (the visible letters, depth, tucked, defeated, anchors) on the
    :data:`WINDOW` × :data:`WINDOW` cells around the first card, the four card planes' row of
    the deck's cards, the three counts, and the move chosen so far; ``action_masks()`` passes
    through."""

    def __init__(self, inner: TabletopEnv) -> None:
        super().__init__(inner)
        space: Any = inner.observation_space
        side = space["observation"].shape[1]
        self._cards = len(inner.config.deck)
        self._low = (side - WINDOW) // 2
        size = 11 * WINDOW * WINDOW + 4 * self._cards + 3 + int(np.prod(space["chosen"].shape))
        high = float(space["observation"].high.max())
        self.observation_space = gymnasium.spaces.Box(0.0, high, (size,), np.float32)

    def observation(self, observation: dict[str, Any]) -> Any:
        """The features of one observation of the decomposed environment."""
        planes = observation["observation"]
        low, high = self._low, self._low + WINDOW
        return np.concatenate(
            [
                planes[:11, low:high, low:high].ravel(),
                planes[11:15, 0, : self._cards].ravel(),
                planes[15:18, 0, 0],
                observation["chosen"].ravel(),
            ]
        ).astype(np.float32)

    def action_masks(self) -> Any:
        """The inner environment's mask."""
        inner: Any = self.env.unwrapped
        return inner.action_masks()


def learner_env(game: str, seat: int) -> Any:
    """What MaskablePPO trains on: :func:`make_env`, and for goblinguard its features."""
    inner = make_env(game, seat=seat)
    return GoblinguardFeatures(inner) if game == "goblinguard" else inner


def evaluate(e: Any, policy: Any, games: int, seed: int) -> tuple[float, float]:
    """Play ``games`` games (seeds ``seed``, ``seed + 1`` …) with ``policy(observation, mask)
    -> action``; the share of games whose rewards add up to more than 0 (the wins, under
    ``payoff="returns"``; the games that defeat a goblin, under ``payoff="scores"``) and the
    mean of the games' summed rewards (the goblins defeated, under ``payoff="scores"``)."""
    rewarded, total = 0, 0.0
    for i in range(games):
        observation, _info = e.reset(seed=seed + i)
        earned = 0.0
        while True:
            action = policy(observation, e.action_masks())
            observation, reward, terminated, truncated, _info = e.step(action)
            earned += float(reward)
            if terminated or truncated:
                break
        rewarded += earned > 0
        total += earned
    return rewarded / games, total / games


def main(argv: list[str] | None = None) -> None:
    """Measure, train, measure again; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kinmarr", choices=["kinmarr", "goblinguard"])
    parser.add_argument("--steps", type=int, default=50_000, help="training steps")
    parser.add_argument("--games", type=int, default=400, help="evaluation games")
    parser.add_argument("--seat", type=int, default=1, help="the learner's seat (kinmarr)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    seat = args.seat if args.game == "kinmarr" else 0

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    evaluation = learner_env(args.game, seat)
    rng = np.random.default_rng(args.seed)

    def random_policy(_observation: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    def report(label: str, figures: tuple[float, float]) -> None:
        wins, mean = figures
        if args.game == "kinmarr":
            print(f"{label}: win rate {wins:.3f} over {args.games} games")
        else:
            print(
                f"{label}: {mean:.2f} goblins defeated a game over {args.games} games,"
                f" {round(wins * args.games)} of which defeated at least one"
            )

    report("masked random policy", evaluate(evaluation, random_policy, args.games, 1_000_000))

    learner = learner_env(args.game, seat)
    learner.reset(seed=args.seed)
    settings: dict[str, Any] = GOBLINGUARD_PPO if args.game == "goblinguard" else {}
    model = MaskablePPO("MlpPolicy", learner, seed=args.seed, verbose=0, **settings)
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    elapsed = time.perf_counter() - started
    print(f"trained {args.steps} steps in {elapsed:.0f} s ({args.steps / elapsed:.0f} steps/s)")

    def trained_policy(observation: Any, mask: Any) -> int:
        action, _state = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    report("trained policy", evaluate(evaluation, trained_policy, args.games, 1_000_000))


if __name__ == "__main__":
    main()
