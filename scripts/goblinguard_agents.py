"""Win rates of goblinguard's agents on shuffled games of the standard deck.

    python scripts/goblinguard_agents.py                          # search, seeds 1-1000
    python scripts/goblinguard_agents.py --agents greedy,search --games 200 --json

Game ``i`` is ``tabletop_rules.simulate(goblinguard.GAME, games=N, seed=S, agents=NAME)``'s game
``i``: set up with seed ``S + i`` (``Config()``, the draw order unknown to the agent) and played
by ``tabletop_rules.play``, so it depends on its seed alone. Prints, per agent, the games won (a
count and a share), the mean number of goblins and hobgoblins defeated (of 16), and the seconds
per game: wall clock and, when the games are played in this process (``--jobs 1``, the default),
the processor time of this process. The wins are the same on every machine; the times are for
information. Needs only the standard library and goblinguard.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import goblinguard as gg
from tabletop_rules import simulate


def measure(agent: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """Play the games with ``agent`` and summarise them."""
    started = time.process_time()
    result = simulate(gg.GAME, games=games, seed=seed, agents=agent, jobs=jobs)
    cpu = time.process_time() - started
    defeated = [r.outcome.scores[0] for r in result.results if r.outcome.scores is not None]
    return {
        "agent": agent,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "wins": result.wins[0],
        "win_rate": result.win_rate[0],
        "losses": [r.seed for r in result.results if not r.outcome.winners],
        "mean_defeated": sum(defeated) / len(defeated),
        "seconds_per_game": result.elapsed / games,
        "cpu_seconds_per_game": cpu / games if jobs == 1 else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", default="search", help="comma-separated (default: search)")
    parser.add_argument("--games", type=int, default=1000, help="games per agent (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    rows = [measure(name, args.games, args.seed, args.jobs) for name in args.agents.split(",")]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return 0
    for row in rows:
        cpu = row["cpu_seconds_per_game"]
        print(
            f"{row['agent']:8} seeds {row['seeds'][0]}-{row['seeds'][1]}: "
            f"{row['wins']} of {row['games']} won ({100 * row['win_rate']:.1f} %), "
            f"{row['mean_defeated']:.2f} of 16 defeated on average, "
            f"{row['seconds_per_game']:.3f} s per game"
            + ("" if cpu is None else f" ({cpu:.3f} s of processor time)")
        )
        print(f"         lost: {row['losses']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
