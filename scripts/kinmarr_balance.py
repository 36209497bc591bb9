"""Balance of Fated Kingdom: seeded 4-player games between heuristic agents.

    python scripts/kinmarr_balance.py                 # 500 games, seeds 0-499
    python scripts/kinmarr_balance.py --games 100 --seed 1000 --json
    python scripts/kinmarr_balance.py --auto-pass     # the same games with Config(auto_pass=True)

Game ``i`` is played with ``tabletop_rules.play`` from seed ``S + i``, with the four guilds seated
in the ``i mod 24``-th of their 24 orders, so every guild sits in every seat equally often. Prints
the mean game length in rounds (and its range), how the games ended, each guild's win rate (a
shared win counts for each winner) and share of all wins, and the share of games that last 15 to
60 rounds (and of those ending earlier, how many through deaths). Needs only the standard
library and kinmarr.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections import Counter
from typing import Any, Final

import kinmarr
from tabletop_rules import play

ORDERS = list(itertools.permutations(kinmarr.DEFAULT_GUILDS))


SHORT: Final = 15
"""Games ending before this round are too short; ``LONG``: after this round too long."""
LONG: Final = 60


def measure(
    games: int, seed: int, agent: str = "heuristic", auto_pass: bool = False
) -> dict[str, Any]:
    """Play the games and summarise them."""
    factory = kinmarr.GAME.agents[agent]
    rounds: list[int] = []
    endings: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    seats: Counter[int] = Counter()
    decisions: list[int] = []
    short_deaths = 0
    for i in range(games):
        guilds = ORDERS[i % len(ORDERS)]
        config = kinmarr.Config(guilds=guilds, auto_pass=auto_pass)
        final, actions = play(
            kinmarr.GAME, [factory() for _ in guilds], seed=seed + i, config=config
        )
        result = kinmarr.outcome(final)
        assert result is not None
        rounds.append(result.round)
        endings[result.ending] += 1
        decisions.append(len(actions))
        if result.round < SHORT and result.ending in ("last-standing", "no-one-left"):
            short_deaths += 1
        for winner in result.winners:
            wins[guilds[winner]] += 1
            seats[winner] += 1
    return {
        "games": games,
        "seed": seed,
        "agent": agent,
        "auto_pass": auto_pass,
        "rounds": {
            "mean": statistics.mean(rounds),
            "median": statistics.median(rounds),
            "min": min(rounds),
            "max": max(rounds),
        },
        "in_15_60": sum(SHORT <= r <= LONG for r in rounds) / games,
        "short_by_deaths": short_deaths / games,
        "decisions_per_game": statistics.mean(decisions),
        "endings": {kind: endings[kind] / games for kind in sorted(endings)},
        "win_rate": {guild: wins[guild] / games for guild in kinmarr.DEFAULT_GUILDS},
        "win_share": {
            guild: wins[guild] / max(1, sum(wins.values())) for guild in kinmarr.DEFAULT_GUILDS
        },
        "win_rate_by_seat": {str(s): seats[s] / games for s in range(4)},
        "no_winner": endings["fate"] / games + endings["no-one-left"] / games,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--auto-pass", action="store_true", help="Config(auto_pass=True)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    result = measure(args.games, args.seed, args.agent, args.auto_pass)
    result["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    r = result["rounds"]
    last = args.seed + args.games - 1
    mode = "auto_pass on" if args.auto_pass else "auto_pass off"
    print(f"{args.games} four-player games ({args.agent} agents, {mode}), seeds {args.seed}-{last}")
    print(f"rounds: mean {r['mean']:.1f}, median {r['median']}, range {r['min']}-{r['max']}")
    print(
        f"games lasting {SHORT}-{LONG} rounds: {result['in_15_60']:.1%};"
        f" ending before round {SHORT} through deaths: {result['short_by_deaths']:.1%}"
    )
    print(f"decisions per game: {result['decisions_per_game']:.0f}")
    print("endings: " + ", ".join(f"{k} {v:.1%}" for k, v in result["endings"].items()))
    print("win rate by guild: " + ", ".join(f"{k} {v:.1%}" for k, v in result["win_rate"].items()))
    print(
        "share of wins by guild: "
        + ", ".join(f"{k} {v:.1%}" for k, v in result["win_share"].items())
    )
    print(
        "win rate by seat: "
        + ", ".join(f"{k} {v:.1%}" for k, v in result["win_rate_by_seat"].items())
    )
    print(f"({result['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
