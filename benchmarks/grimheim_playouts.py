"""Cost per decision of grimheim playouts, measured against python-chess in the same run.

Run ``python benchmarks/grimheim_playouts.py [--games N] [--chess-games N] [--seed S] [--repeats R]
[--json]``. Everything is measured in one process, one after the other, as in ``run.py``
(whose python-chess playouts, best-of and memory helpers this script shares).

What is timed (``time.perf_counter``): for every decision of a game, the region::

    actions = legal_actions(state)
    action = <the agent's choice>        # not timed for the heuristic agent (see below)
    state = apply(state, action)

``random`` playouts draw the index with ``Rng.below`` inside the timed region, like the chess
and goblinguard playouts. ``defender`` playouts let :class:`grimheim.DefenderAgent` choose from
the seat's view; the agent's own thinking is timed apart and reported, so the engine's cost per
decision is comparable across the two. Every decision counts: a hero's action, a choice inside a
rule, the players' choices of the monster turn (the monster turn itself runs inside ``apply``).
A ratio of at most 10 is the issue's bar (the team aims at 3).

Memory: one defender game of four heroes is replayed and every state kept; ``tracemalloc``
gives the KiB they hold together and one state alone.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import grimheim as gh
from run import best_of, chess_playouts, machine, playout_summary, traced_bytes
from tabletop_rules import Rng, play

BAR = 10.0
TEAMS = {"1 hero": ("bjorn",), "4 heroes": ("bjorn", "alva", "embla", "boldur")}


@dataclass(frozen=True)
class Playouts:
    """One repeat of a set of playouts (the fields ``run.playout_summary`` reads)."""

    games: int
    moves: int
    options: int
    timed: float
    wall: float
    agent: float
    rounds: int


def playouts(heroes: tuple[str, ...], seeds: Sequence[int], agent: str) -> Playouts:
    """Play one game per seed; time ``legal_actions`` (+ a random draw) + ``apply``."""
    clock = time.perf_counter
    config = gh.Config(heroes=heroes)
    legal_actions, apply, is_over = gh.legal_actions, gh.apply, gh.is_over
    moves = options = rounds = 0
    timed = thinking = 0.0
    wall = clock()
    for seed in seeds:
        state = gh.new_game(config, seed=seed)
        rng = Rng.from_seed(seed)
        defender = gh.DefenderAgent()
        while not is_over(state):
            start = clock()
            actions = legal_actions(state)
            if agent == "random":
                index, rng = rng.below(len(actions))
                action = actions[index]
            else:
                timed += clock() - start
                think = clock()
                seat = gh.current_player(state)
                assert seat is not None and seat >= 0
                action, rng = defender.choose(gh.view(state, seat), actions, rng)
                thinking += clock() - think
                start = clock()
            state = apply(state, action)
            timed += clock() - start
            moves += 1
            options += len(actions)
        rounds += state.time
    wall = clock() - wall
    return Playouts(len(seeds), moves, options, timed, wall, thinking, rounds)


def memory(seed: int) -> dict[str, float]:
    """KiB held by every state of one four-hero defender game, and by one state."""
    config = gh.Config(heroes=TEAMS["4 heroes"])
    _, actions = play(
        gh.GAME, [gh.DefenderAgent() for _ in config.heroes], seed=seed, config=config
    )

    def states(keep: slice) -> list[gh.State]:
        return list(gh.replay(gh.record(actions, seed=seed, config=config)))[keep]

    every = traced_bytes(partial(states, slice(None)))
    middle = len(actions) // 2
    one = traced_bytes(partial(states, slice(middle, middle + 1)))
    return {
        "states": len(actions) + 1,
        "all_kib": every / 1024,
        "one_kib": one / 1024,
        "all_over_one": every / one,
    }


def measure(games: int, chess_games: int, seed: int, repeats: int) -> dict[str, Any]:
    """Run every benchmark; return the results (the ``--json`` document)."""
    chess_run = best_of(lambda: chess_playouts(range(seed, seed + chess_games)), repeats)
    chess = playout_summary(chess_run, 0.0)
    results: dict[str, Any] = {"machine": machine(), "chess": chess, "grimheim": {}}
    for team, heroes in TEAMS.items():
        for agent in ("random", "defender"):
            run: Callable[[], Playouts] = partial(
                playouts, heroes, range(seed, seed + games), agent
            )
            result = best_of(run, repeats)
            summary: dict[str, Any] = playout_summary(result, 0.0)  # type: ignore[arg-type]
            summary["ratio"] = summary["us_per_move"] / chess["us_per_move"]
            summary["agent_us_per_move"] = result.agent / result.moves * 1e6
            summary["decisions_per_round"] = result.moves / max(1, result.rounds)
            results["grimheim"][f"{team}, {agent}"] = summary
    gc.collect()
    results["memory"] = memory(seed)
    results["bar"] = BAR
    return results


def table(results: dict[str, Any]) -> str:
    """The human-readable report."""
    chess = results["chess"]
    lines = [
        f"python-chess random games: {chess['us_per_move']:.1f} µs per ply "
        f"({chess['moves']} plies)",
        "",
        f"{'grimheim playouts':<22}{'games/s':>9}{'decisions':>11}{'µs/decision':>13}"
        f"{'÷ chess':>9}{'agent µs':>10}{'per round':>11}",
    ]
    for name, data in results["grimheim"].items():
        lines.append(
            f"{name:<22}{data['games_per_s']:>9.1f}{data['moves']:>11,}"
            f"{data['us_per_move']:>13.1f}{data['ratio']:>9.2f}"
            f"{data['agent_us_per_move']:>10.0f}{data['decisions_per_round']:>11.1f}"
        )
    worst = max(d["ratio"] for d in results["grimheim"].values())
    verdict = "PASS" if worst <= results["bar"] else "FAIL"
    lines.append(f"worst ratio {worst:.2f}; bar ≤ {results['bar']:g}: {verdict}")
    mem = results["memory"]
    lines.append(
        f"memory: all {mem['states']} states of a four-hero game {mem['all_kib']:.0f} KiB, "
        f"one state {mem['one_kib']:.1f} KiB ({mem['all_over_one']:.1f}×)"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: run the benchmarks and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="games per playout set (20)")
    parser.add_argument("--chess-games", type=int, default=100, help="chess games (100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--repeats", type=int, default=3, help="timed repeats (3)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    results = measure(args.games, args.chess_games, args.seed, args.repeats)
    print(json.dumps(results, indent=2) if args.json else table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
