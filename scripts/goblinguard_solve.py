"""The goblinguard solver on random orders of the standard deck: is every one winnable, and at what
cost?

    python scripts/goblinguard_solve.py                  # orders 1-100
    python scripts/goblinguard_solve.py --orders 20 --first 101 --json

Order ``s`` is the standard deck's card ids, in deck order (``[c.id for c in
goblinguard.standard_deck()]``), shuffled by ``tabletop_rules.Rng.from_seed(s).shuffle`` — the
deal of ``goblinguard.new_game(seed=s)`` — and fixed with ``Config(order=...)``. Each is solved
from its start, ``new_game(Config(order=order), seed=0)``, by ``goblinguard.solve`` with its
default budget and width (or ``--budget``, ``--width``); every line found is replayed with
``goblinguard.apply`` and must win. Prints, per order, whether a win was found (or none exists,
proven), the nodes and the time, then the median and the maximum of both. The nodes are the same
on every machine; the times (wall clock, one core) are for information. Needs only the
standard library and goblinguard.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import goblinguard as gg
from tabletop_rules import Rng


def order_of(seed: int) -> tuple[str, ...]:
    """Order ``seed``: the standard deck's ids shuffled by ``Rng.from_seed(seed)``."""
    ids = [card.id for card in gg.standard_deck()]
    order, _ = Rng.from_seed(seed).shuffle(ids)
    return order


def solve_order(seed: int, settings: dict[str, int]) -> dict[str, Any]:
    """Solve order ``seed`` from its start (``settings``: ``solve``'s keyword arguments); check
    the line it finds."""
    state = gg.new_game(gg.Config(order=order_of(seed)), seed=0)
    started = time.perf_counter()
    solution = gg.solve(state, **settings)
    seconds = time.perf_counter() - started
    if solution.line is not None:
        end = state
        for action in solution.line:
            end = gg.apply(end, action)
        result = gg.outcome(end)
        if result is None or not result.won:
            raise AssertionError(f"order {seed}: the line found does not win")
    return {
        "order": seed,
        "winnable": solution.winnable,
        "nodes": solution.nodes,
        "seconds": round(seconds, 3),
        "line": None if solution.line is None else [gg.notation(a) for a in solution.line],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--orders", type=int, default=100, help="how many orders (default 100)")
    parser.add_argument("--first", type=int, default=1, help="the first order's seed (default 1)")
    parser.add_argument("--budget", type=int, help="nodes per order (default: solve's)")
    parser.add_argument("--width", type=int, help="the first beam's width (default: solve's)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    settings = {
        name: value for name in ("budget", "width") if (value := getattr(args, name)) is not None
    }
    results = []
    for seed in range(args.first, args.first + args.orders):
        row = solve_order(seed, settings)
        results.append(row)
        if not args.json:
            found = {True: "win found", False: "no win (proven)", None: "budget spent"}
            print(
                f"order {seed:4}: {found[row['winnable']]:16} {row['nodes']:9,} nodes "
                f"{row['seconds']:7.2f} s",
                flush=True,
            )
    seconds = [row["seconds"] for row in results]
    nodes = [row["nodes"] for row in results]
    summary = {
        "orders": len(results),
        "first": args.first,
        "won": sum(row["winnable"] is True for row in results),
        "proven_unwinnable": sum(row["winnable"] is False for row in results),
        "budget_spent": sum(row["winnable"] is None for row in results),
        "seconds_median": round(statistics.median(seconds), 3),
        "seconds_max": max(seconds),
        "seconds_total": round(sum(seconds), 1),
        "nodes_median": statistics.median_low(nodes),
        "nodes_max": max(nodes),
    }
    if args.json:
        json.dump({"summary": summary, "orders": results}, sys.stdout, indent=2)
        print()
    else:
        print(
            f"\n{summary['won']} of {summary['orders']} orders won "
            f"({summary['proven_unwinnable']} proven unwinnable, "
            f"{summary['budget_spent']} budget spent); "
            f"time per order: median {summary['seconds_median']} s, "
            f"max {summary['seconds_max']} s; nodes: median {summary['nodes_median']:,}, "
            f"max {summary['nodes_max']:,}"
        )
    return 0 if summary["won"] == summary["orders"] else 1


if __name__ == "__main__":
    sys.exit(main())
