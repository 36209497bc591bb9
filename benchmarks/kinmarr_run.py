"""Cost per decision and per round of kinmarr playouts, against python-chess in the same run.

Run ``python benchmarks/kinmarr_run.py [--games N] [--chess-games N] [--seed S] [--repeats R]
[--json] [--check]``. Everything is measured in one process, one after the other, so the ratios
compare like with like on the machine at hand. Needs only the standard library, ``kinmarr`` and
``chess`` (python-chess); the chess playouts are those of ``benchmarks/run.py``.

What is timed (``time.perf_counter``):

1. **random playouts**, 2 guilds (Feudal Pact, Pathfinders) and 4 guilds (the default config),
   sampled chance, every response window asked. Game ``i`` starts from ``new_game(config,
   seed=S + i)`` and picks its actions with ``Rng.from_seed(S + i)``. One *decision* is the timed
   region, the loop shape of ``benchmarks/run.py``::

       actions = legal_actions(state)
       index, rng = rng.below(len(actions))
       state = apply(state, actions[index])

2. **heuristic playouts**, the same configs, every seat played by ``HeuristicAgent``, which sees
   only ``view(state, seat)``. The engine's region (``legal_actions`` and ``apply``) is timed
   apart from the agent's (``view`` and ``choose``): the first is the engine's cost per decision,
   the second what the agent adds.
3. **python-chess games**: ``chess_playouts`` of ``benchmarks/run.py`` (``list(legal_moves)``,
   one draw, ``push`` per ply).
4. **ratio** = kinmarr engine µs per decision ÷ python-chess µs per ply. The bar is 5 (the aim
   1); ``--check`` exits with status 1 when a ratio is above it.

Per *round* is the engine's summed time divided by the rounds played (a round is every living
guild's turn; windows, choices, rerolls, trades and loot are all decisions inside it).

Each set of playouts runs once to warm up, then ``--repeats`` times; the best repeat is reported.

5. **memory**: one heuristic four-player game (seed ``S``) is replayed with ``apply`` and every
   state is kept; the memory they hold (a ``tracemalloc`` snapshot difference, as in
   ``benchmarks/run.py``) is compared with keeping the last state only. States share their
   config, players and decks, so all of them cost far less than their number times one.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kinmarr
import run as chess_bench  # benchmarks/run.py: the python-chess playouts and the machine
from tabletop_rules import Rng, play

BAR = 5.0
"""The bar: kinmarr engine µs per decision ÷ python-chess µs per ply."""

CONFIGS = {
    "2 guilds": kinmarr.Config(guilds=("feudal_pact", "pathfinders")),
    "4 guilds": kinmarr.Config(),
}


@dataclass(frozen=True)
class Playouts:
    """One repeat of a set of kinmarr playouts."""

    games: int
    decisions: int
    rounds: int
    engine: float
    """Seconds in legal_actions + apply (and the random draw, for random playouts)."""
    agent: float
    """Seconds in view + choose (heuristic playouts)."""
    wall: float


def random_playouts(config: kinmarr.Config, seeds: Sequence[int]) -> Playouts:
    """Random games; time ``legal_actions`` + the draw + ``apply``."""
    clock = time.perf_counter
    legal_actions, apply, is_over = kinmarr.legal_actions, kinmarr.apply, kinmarr.is_over
    decisions = rounds = 0
    engine = 0.0
    wall = clock()
    for seed in seeds:
        state = kinmarr.new_game(config, seed=seed)
        rng = Rng.from_seed(seed)
        while not is_over(state):
            start = clock()
            actions = legal_actions(state)
            index, rng = rng.below(len(actions))
            state = apply(state, actions[index])
            engine += clock() - start
            decisions += 1
        rounds += state.round
    return Playouts(len(seeds), decisions, rounds, engine, 0.0, clock() - wall)


def heuristic_playouts(config: kinmarr.Config, seeds: Sequence[int]) -> Playouts:
    """Heuristic games; time the engine and the agents apart."""
    clock = time.perf_counter
    legal_actions, apply, view = kinmarr.legal_actions, kinmarr.apply, kinmarr.view
    agent = kinmarr.HeuristicAgent()
    decisions = rounds = 0
    engine = thinking = 0.0
    wall = clock()
    for seed in seeds:
        state = kinmarr.new_game(config, seed=seed)
        rng = Rng.from_seed(seed)
        while (seat := kinmarr.current_player(state)) is not None:
            start = clock()
            actions = legal_actions(state)
            middle = clock()
            action, rng = agent.choose(view(state, seat), actions, rng)
            chosen = clock()
            state = apply(state, action)
            engine += (middle - start) + (clock() - chosen)
            thinking += chosen - middle
            decisions += 1
        rounds += state.round
    return Playouts(len(seeds), decisions, rounds, engine, thinking, clock() - wall)


def best_of(playout: Callable[[], Playouts], repeats: int) -> Playouts:
    """Warm up once, then keep the repeat with the smallest engine time."""
    playout()
    results = []
    for _ in range(repeats):
        gc.collect()
        results.append(playout())
    return min(results, key=lambda r: r.engine)


def summary(result: Playouts, chess_us: float) -> dict[str, float | int]:
    """The reported numbers of a set of playouts."""
    per_decision = result.engine / result.decisions * 1e6
    return {
        "games": result.games,
        "decisions": result.decisions,
        "rounds": result.rounds,
        "games_per_s": result.games / result.wall,
        "decisions_per_game": result.decisions / result.games,
        "rounds_per_game": result.rounds / result.games,
        "decisions_per_round": result.decisions / result.rounds,
        "us_per_decision": per_decision,
        "us_per_round": result.engine / result.rounds * 1e6,
        "agent_us_per_decision": result.agent / result.decisions * 1e6,
        "ratio": per_decision / chess_us,
    }


def _replayed(seed: int, actions: Sequence[kinmarr.Action], keep: slice) -> list[kinmarr.State]:
    states = [kinmarr.new_game(None, seed=seed)]
    for action in actions:
        states.append(kinmarr.apply(states[-1], action))
    return states[keep]


def memory(seed: int) -> dict[str, float]:
    """KiB held by every state of one heuristic four-player game, and by its last state."""
    agents = [kinmarr.HeuristicAgent() for _ in range(4)]
    _, actions = play(kinmarr.GAME, agents, seed=seed)
    every = chess_bench.traced_bytes(lambda: _replayed(seed, actions, slice(None)))
    one = chess_bench.traced_bytes(lambda: _replayed(seed, actions, slice(-1, None)))
    return {
        "states": len(actions) + 1,
        "all_kib": every / 1024,
        "one_kib": one / 1024,
        "all_over_one": every / one,
    }


def measure(games: int, chess_games: int, seed: int, repeats: int) -> dict[str, Any]:
    """Run every benchmark and return the results (the ``--json`` document)."""
    seeds = list(range(seed, seed + games))
    chess_seeds = list(range(seed, seed + chess_games))
    chess = chess_bench.best_of(lambda: chess_bench.chess_playouts(chess_seeds), repeats)
    chess_us = chess.timed / chess.moves * 1e6
    results: dict[str, Any] = {
        "machine": chess_bench.machine(),
        "settings": {"games": games, "seed": seed, "repeats": repeats, "bar": BAR},
        "chess": {"games": chess.games, "plies": chess.moves, "us_per_ply": chess_us},
        "playouts": {},
    }
    for name, config in CONFIGS.items():
        for kind, playout in (("random", random_playouts), ("heuristic", heuristic_playouts)):
            found = best_of(lambda p=playout, c=config: p(c, seeds), repeats)  # type: ignore[misc]
            results["playouts"][f"{kind}, {name}"] = summary(found, chess_us)
    results["memory"] = memory(seed)
    ratios = [r["ratio"] for r in results["playouts"].values()]
    results["passed"] = max(ratios) <= BAR
    return results


def table(results: dict[str, Any]) -> str:
    """The human-readable report."""
    info = results["machine"]
    lines = [
        f"{info['python']} on {info['platform']} ({info['machine']}), {info['cpu_count']} CPUs;"
        f" python-chess {info['chess']}",
        f"seed {results['settings']['seed']}; best of {results['settings']['repeats']} repeats"
        " after one warm-up",
        "",
        f"python-chess: {results['chess']['us_per_ply']:.1f} µs per ply"
        f" ({results['chess']['plies']} plies of {results['chess']['games']} games)",
        "",
        f"{'kinmarr playouts':<22}{'games':>6}{'dec/game':>10}{'rounds':>8}{'dec/round':>10}"
        f"{'µs/dec':>8}{'µs/round':>10}{'agent µs':>10}{'ratio':>7}",
    ]
    for name, r in results["playouts"].items():
        lines.append(
            f"{name:<22}{r['games']:>6}{r['decisions_per_game']:>10.0f}"
            f"{r['rounds_per_game']:>8.1f}{r['decisions_per_round']:>10.1f}"
            f"{r['us_per_decision']:>8.1f}{r['us_per_round']:>10.0f}"
            f"{r['agent_us_per_decision']:>10.1f}{r['ratio']:>7.2f}"
        )
    mem = results["memory"]
    lines += [
        "",
        f"memory: all {mem['states']} states of one heuristic four-player game"
        f" {mem['all_kib']:.0f} KiB, its last state {mem['one_kib']:.1f} KiB"
        f" ({mem['all_over_one']:.0f}×)",
    ]
    verdict = "PASS" if results["passed"] else "FAIL"
    lines += ["", f"ratio = kinmarr engine µs/decision ÷ chess µs/ply; bar ≤ {BAR:g}: {verdict}"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: run the benchmarks and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100, help="kinmarr games per set (100)")
    parser.add_argument("--chess-games", type=int, default=200, help="chess games (200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--repeats", type=int, default=3, help="timed repeats (3)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--check", action="store_true", help=f"exit 1 if a ratio exceeds {BAR:g}")
    args = parser.parse_args(argv)
    results = measure(args.games, args.chess_games, args.seed, args.repeats)
    print(json.dumps(results, indent=2) if args.json else table(results))
    return 1 if args.check and not results["passed"] else 0


if __name__ == "__main__":
    sys.exit(main())
