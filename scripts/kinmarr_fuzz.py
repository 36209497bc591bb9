"""Fuzz kinmarr's readers at full scale: mutated saves, content files and notation.

    python scripts/kinmarr_fuzz.py         # 2,000 games, 100,000 loads, 5,000 content files
    python scripts/kinmarr_fuzz.py --games 100 --loads 5000 --content 500 --seed 7

Prints the report of :func:`tabletop_rules.testing.fuzz_game` and exits with 1 when anything was
found (an untyped error, a mutant accepted though wrong, or a slow read). Run from the repository
root; the same set-up runs small in ``tests/test_kinmarr/test_fuzz.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.test_kinmarr.fuzzing import run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--loads", type=int, default=100_000)
    parser.add_argument("--content", type=int, default=5_000)
    parser.add_argument("--notations", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    report = run(args.games, args.loads, args.content, args.notations, args.seed)
    print(report)
    print(f"({time.perf_counter() - started:.1f} s)")
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
