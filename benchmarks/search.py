"""Simulations per second of the generic ISMCTS agent (``tabletop_rules.ISMCTSAgent``) on each
game, and where the time goes.

Run ``python benchmarks/search.py [--positions N] [--simulations N] [--seed S] [--json]
[--profile]``. For each config of :data:`CONFIGS`, a random game from seed ``S`` is played and
the first ``--positions`` decisions with more than one legal action are searched with
``--simulations`` simulations each (one warm-up position first); the figure is simulations
divided by the summed time of ``agent.choose``. A simulation is one redeal of the view, the walk
down the tree, one random playout to the game's end and the update of the statistics, so its
cost is mostly the engine's: about the length of the rest of the game in decisions.
``--profile`` prints the ten functions with the most time of their own over the searches.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from typing import Any

import goblinguard
import grimheim
import kinmarr
from tabletop_rules import CHANCE, Game, ISMCTSAgent, Rng

CONFIGS: dict[str, tuple[Game[Any, Any], Any]] = {
    "goblinguard": (goblinguard.GAME, goblinguard.Config()),
    "grimheim, 1 hero": (grimheim.GAME, grimheim.Config(heroes=("bjorn",))),
    "grimheim, 2 heroes": (grimheim.GAME, grimheim.Config(heroes=("bjorn", "alva"))),
    "kinmarr, 2 guilds": (kinmarr.GAME, kinmarr.Config(guilds=("feudal_pact", "pathfinders"))),
    "kinmarr, 4 guilds": (kinmarr.GAME, kinmarr.Config()),
}
"""The configs measured, by label."""


def positions(game: Game[Any, Any], config: Any, seed: int, count: int) -> list[Any]:
    """The first ``count`` states of a random game (seed ``seed``) with a real choice."""
    state = game.new_game(config, seed=seed)
    rng = Rng.from_seed(seed)
    found: list[Any] = []
    while not game.is_over(state) and len(found) < count:
        actions = game.legal_actions(state)
        if len(actions) > 1 and game.current_player(state) != CHANCE:
            found.append(state)
        index, rng = rng.below(len(actions))
        state = game.apply(state, actions[index])
    return found


def measure(
    game: Game[Any, Any], config: Any, seed: int, count: int, simulations: int
) -> dict[str, float]:
    """Simulations per second over ``count`` positions (after one warm-up)."""
    agent = ISMCTSAgent(game, simulations=simulations)
    found = positions(game, config, seed, count + 1)
    spent = 0.0
    for i, state in enumerate(found):
        seat = game.current_player(state)
        view = game.view(state, seat)
        start = time.perf_counter()
        agent.choose(view, game.legal_actions(view), Rng.from_seed(seed + i))
        if i:
            spent += time.perf_counter() - start
    searched = len(found) - 1
    return {
        "positions": searched,
        "simulations per second": searched * simulations / spent if spent else 0.0,
        "seconds per decision": spent / searched if searched else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    """Measure every config and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    results = {}
    profile = cProfile.Profile() if args.profile else None
    for label, (game, config) in CONFIGS.items():
        if profile is not None:
            profile.enable()
        results[label] = measure(game, config, args.seed, args.positions, args.simulations)
        if profile is not None:
            profile.disable()
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{'config':<22}{'sims/s':>9}{'s/decision':>12}   ({args.simulations} simulations)")
        for label, row in results.items():
            print(
                f"{label:<22}{row['simulations per second']:>9.0f}"
                f"{row['seconds per decision']:>12.2f}"
            )
    if profile is not None:
        pstats.Stats(profile).strip_dirs().sort_stats("tottime").print_stats(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
