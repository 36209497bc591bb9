"""Games per second of :func:`tabletop_rules.simulate` on each backend, and what Ray costs per game.

Run ``python benchmarks/simulate_backends.py [--scale F] [--seed S] [--agent NAME] [--no-ray]
[--json]``. Needs the ``ray`` extra (``pip install -e '.[ray]'``) for the Ray rows; ``--no-ray``
leaves them out. About a minute on a 2-core machine.

For each game (goblinguard, grimheim, kinmarr with their default configs, every seat played by
``--agent``, default ``random``), the same seeds ``S … S + N - 1`` are simulated, and each run is
repeated ``--repeats`` times (3), the fastest kept (the local and process runs take turns, so a
busy spell of the machine slows both alike):

1. **local**: ``simulate(game, games=N)``, in this process.
2. **processes ×2**: ``backend="processes", jobs=2``: two worker processes (the pool's start and
   stop included in the time).
3. **ray ×2**: ``backend="ray"`` on a local Ray instance of 2 CPUs (``ray.init(num_cpus=2)``),
   started once, after the runs above (the process pool forks this process, which should not hold
   Ray's threads then). *cold* is the first run of a game on it (each Ray worker process imports
   the package and loads the game's content on its first task); *warm* is the same run again,
   with the workers' imports done.

Every run is checked to play the very games of the local run (the final digests, in seed order).
``simulate`` times the games only (:attr:`~tabletop_rules.SimulationResult.elapsed`: from the first
game started to the last one finished); Ray's start and shutdown are timed on their own.

**Overhead per game** of a parallel run with ``w`` workers is ``(w × elapsed − local elapsed) /
N``: the worker time spent on anything but playing the games (shipping seeds and results,
loading the game by name, scheduling, waiting for the slowest chunk), per game. On a machine with
as many free cores as workers it is what stands between the run and a speed-up of ``w``; on this
2-core machine Ray's own processes (raylet, GCS) share the cores with the workers and show up in
it. The round trip of an empty Ray task is measured too.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import sys
import time
from typing import Any

import tabletop_rules
from tabletop_rules import SimulationResult, simulate

# Games per game at --scale 1: two or three seconds each in one process on a 2-core machine.
GAMES = {"goblinguard": 1200, "grimheim": 180, "kinmarr": 240}
WORKERS = 2


def figures(result: SimulationResult, local: SimulationResult | None) -> dict[str, Any]:
    """One run's figures, checked to hold the local run's games."""
    if local is not None and result.digests != local.digests:
        raise SystemExit(f"{result.game} on {result.backend}: the games differ from the local run")
    out: dict[str, Any] = {
        "elapsed_s": round(result.elapsed, 3),
        "games_per_s": round(result.games / result.elapsed, 1),
    }
    if local is not None:
        overhead = (result.jobs * result.elapsed - local.elapsed) / result.games
        out["speed_up"] = round(local.elapsed / result.elapsed, 2)
        out["overhead_ms_per_game"] = round(overhead * 1000, 2)
    return out


def best(repeats: int, name: str, *variants: dict[str, Any]) -> list[SimulationResult]:
    """For each variant of options, the fastest of ``repeats`` runs of ``simulate(name,
    **options)``; the variants take turns, so a busy spell of the machine slows them alike."""
    runs: list[list[SimulationResult]] = [[] for _ in variants]
    for _ in range(repeats):
        for kept, options in zip(runs, variants, strict=True):
            kept.append(simulate(name, **options))
    return [min(kept, key=lambda r: r.elapsed) for kept in runs]


def empty_task_round_trip(ray: Any, count: int = 200) -> float:
    """Milliseconds per empty Ray task, ``count`` of them submitted at once."""

    @ray.remote  # type: ignore[untyped-decorator]
    def nothing() -> None:
        return None

    ray.get([nothing.remote() for _ in range(20)])
    started = time.perf_counter()
    ray.get([nothing.remote() for _ in range(count)])
    return (time.perf_counter() - started) * 1000 / count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="times the default game counts")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default: 0)")
    parser.add_argument("--agent", default="random", help="every seat's agent (default: random)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each, best kept (3)")
    parser.add_argument("--no-ray", action="store_true", help="leave out the Ray rows")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    # Ray is imported after the runs without it: its many modules slow the garbage collector of
    # the process that imports them (grimheim by about a tenth), and the local run is the yardstick.
    with_ray = not args.no_ray
    if with_ray and importlib.util.find_spec("ray") is None:
        sys.exit("Ray is not installed: pip install -e '.[ray]', or run with --no-ray")

    report: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "tabletop_rules": tabletop_rules.__version__,
        },
        "agent": args.agent,
        "workers": WORKERS,
        "repeats": args.repeats,
        "games": {},
    }
    counts = {name: max(WORKERS * 4, round(n * args.scale)) for name, n in GAMES.items()}
    agent, seed = args.agent, args.seed
    locals_: dict[str, SimulationResult] = {}
    # Without Ray first: the process pool forks this process, which should not hold Ray's threads.
    for name, games in counts.items():
        simulate(name, games=min(games, 10), seed=seed, agents=agent)  # load content, warm up
        options: dict[str, Any] = {"games": games, "seed": seed, "agents": agent}
        parallel = {**options, "backend": "processes", "jobs": WORKERS}
        local, processes = best(args.repeats, name, options, parallel)
        locals_[name] = local
        report["games"][name] = {
            "games": games,
            "decisions_per_game": round(local.decisions.mean, 1),
            "local": figures(local, None),
            "processes_x2": figures(processes, local),
        }
    if with_ray:
        import ray

        report["machine"]["ray"] = ray.__version__
        started = time.perf_counter()
        ray.init(num_cpus=WORKERS, include_dashboard=False, log_to_driver=False)
        report["ray_start_s"] = round(time.perf_counter() - started, 2)
        try:
            report["ray_empty_task_ms"] = round(empty_task_round_trip(ray), 3)
            for name, games in counts.items():
                row, local = report["games"][name], locals_[name]
                options = {"games": games, "seed": seed, "agents": agent, "backend": "ray"}
                row["ray_x2_cold"] = figures(simulate(name, **options), local)
                row["ray_x2_warm"] = figures(best(args.repeats, name, options)[0], local)
        finally:
            started = time.perf_counter()
            ray.shutdown()
            report["ray_shutdown_s"] = round(time.perf_counter() - started, 2)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    return 0


def print_table(report: dict[str, Any]) -> None:
    machine = report["machine"]
    print(
        f"simulate, agent {report['agent']}: Python {machine['python']}, {machine['cpus']} CPUs"
        + (f", Ray {machine['ray']}" if "ray" in machine else "")
    )
    if "ray_start_s" in report:
        print(
            f"Ray: start {report['ray_start_s']} s, shutdown {report['ray_shutdown_s']} s,"
            f" empty task {report['ray_empty_task_ms']} ms"
        )
    head = f"{'game':<12} {'games':>5}  {'backend':<13} {'s':>7} {'games/s':>9} {'speed-up':>8}"
    print(head + f" {'overhead ms/game':>17}")
    for name, row in report["games"].items():
        for label in ("local", "processes_x2", "ray_x2_cold", "ray_x2_warm"):
            if label not in row:
                continue
            f = row[label]
            speed = f"{f['speed_up']:.2f}" if "speed_up" in f else "1"
            overhead = f"{f['overhead_ms_per_game']:.2f}" if "speed_up" in f else "-"
            first = label == "local"
            print(
                f"{name if first else '':<12} {row['games'] if first else '':>5}"
                f"  {label:<13} {f['elapsed_s']:>7.3f} {f['games_per_s']:>9.1f} {speed:>8}"
                f" {overhead:>17}"
            )


if __name__ == "__main__":
    sys.exit(main())
