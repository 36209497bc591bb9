"""Fuzz a game's readers at full scale: mutated saves, content files, notation, actions, positions,
and the saves of every position 1,000 random games reach.

    python scripts/fuzz.py goblinguard           # 10,000 games, 100,000 loads, 5,000 content files
    python scripts/fuzz.py grimheim --games 2000
    python scripts/fuzz.py goblinguard --games 500 --loads 5000 --content 500 --seed 7

Prints the report of :func:`tabletop_rules.testing.fuzz_game` and exits with 1 when anything was
found (an untyped error, a mutant accepted though wrong, or a slow read). Run from the repository
root; each game's set-up (``tests/test_<game>/fuzzing.py``) runs small in its test suite.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import importlib


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["goblinguard", "grimheim", "kinmarr"])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--loads", type=int, default=100_000)
    parser.add_argument("--content", type=int, default=5_000)
    parser.add_argument("--notations", type=int, default=20_000)
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--positions", type=int, default=5_000)
    parser.add_argument(
        "--saves", type=int, default=1_000, help="random games whose every position must save"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--time-limit", type=float, default=0.25, help="seconds a read may take (plus 0.02/kB)"
    )
    args = parser.parse_args()
    run = importlib.import_module(f"tests.test_{args.game}.fuzzing").run
    started = time.perf_counter()
    report = run(
        args.seed,
        games=args.games,
        loads=args.loads,
        content_mutants=args.content,
        notations=args.notations,
        actions=args.actions,
        positions=args.positions,
        saves=args.saves,
        time_limit=args.time_limit,
    )
    print(report)
    print(f"({time.perf_counter() - started:.1f} s)")
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
