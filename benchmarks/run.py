"""Cost per decision of goblinguard random playouts, measured against python-chess in the same run.

Run ``python benchmarks/run.py [--games N] [--chess-games N] [--seed S] [--repeats R] [--json]
[--check]``. Everything is measured in one process, one after the other, so the ratio compares
like with like on the machine at hand. Needs only the standard library, ``goblinguard`` and
``chess`` (python-chess).

What is timed (``time.perf_counter``):

1. **goblinguard playouts.** Game ``i`` starts from ``new_game(seed=S + i)`` and picks its moves
   with ``Rng.from_seed(S + i)``. One *decision* is the timed region::

       actions = legal_actions(state)
       index, rng = rng.below(len(actions))
       state = apply(state, actions[index])

   The clock is read just before and just after that region, and the differences are summed. The
   game-over test (``is_over``), ``new_game`` and the counters lie outside it. Every game is 20
   decisions.
2. **python-chess games.** Game ``i`` starts from ``chess.Board()`` and picks its moves with
   ``random.Random(S + i)``. One *ply* is the timed region, the same loop shape::

       moves = list(board.legal_moves)
       move = moves[rng.randrange(len(moves))]
       board.push(move)

   A game ends when there are no legal moves (that last listing is not counted), at 400 plies, when
   ``board.halfmove_clock >= 100`` (the 50-move rule, without the claim), or when
   ``board.is_insufficient_material()`` (tested only after a capture or pawn move, the only
   moves that can change the material; ``halfmove_clock == 0`` says which). Those tests lie
   outside the timed region. Repetition is not tested (``is_fivefold_repetition`` replays the
   game, so it would swamp the ply).

   Both timed regions include one random draw. It is the same cost model (an index into the
   tuple or list the engine returned), but ``Rng.below`` (pure Python, immutable) costs more than
   ``Random.randrange``; both draws are measured on their own and reported, so they can be
   subtracted.
3. **ratio** = goblinguard µs per decision ÷ python-chess µs per ply. The project's bar is a ratio
   of at most 6 (``PASS``/``FAIL`` is printed; with ``--check`` a ``FAIL`` exits with status 1).
   ``games/s`` divides the games by the wall time of the whole set of playouts (set-up and game-over
   tests included); ``decisions/s`` and ``µs per decision`` use the summed timed regions only.

Each set of playouts runs once to warm up (filling goblinguard's interned actions and the
interpreter's caches), then ``--repeats`` times; the best (smallest) repeat is reported. The
garbage collector stays on (it is part of what a playout costs) and is run before each repeat.

4. **serialisation.** Over every state of five random games (105 states), the mean time of
   ``dumps(state)`` and of ``loads(text)`` (best of the repeats), and the mean JSON size in bytes
   (UTF-8).
5. **memory.** One random game is replayed with ``apply`` and every state (21) is kept; the memory
   they hold is a ``tracemalloc`` snapshot difference, in KiB, against keeping one state only (the
   last position with a decision, 19 cards in play). Three variants: *bare* (as ``apply`` returns
   them: the board bookkeeping is already attached, the lazily sorted anchor lists are not),
   *with caches* (after ``legal_actions`` on each state) and *no cache* (copies with no board at
   all, the game data alone). States share structure (the config, card ids, tuples), so the 21
   states cost less than 21 times one.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import sys
import time
import timeit
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import chess

import goblinguard as gg
import tabletop_rules
from tabletop_rules import Rng

BAR = 6.0
"""The project's bar: goblinguard µs per decision ÷ python-chess µs per ply."""
CHESS_PLY_CAP = 400
SERIAL_GAMES = 5
_KIB = 1024


@dataclass(frozen=True)
class Playouts:
    """One repeat of a set of random playouts."""

    games: int
    moves: int
    """Decisions (goblinguard) or plies (chess) played."""
    options: int
    """Legal actions or moves summed over those decisions."""
    timed: float
    """Seconds: the timed regions summed (see the module docs)."""
    wall: float
    """Seconds: the whole set of playouts, set-up and game-over tests included."""


# --- playouts -----------------------------------------------------------------------------------


def goblinguard_playouts(seeds: Sequence[int]) -> Playouts:
    """Play one random game per seed; time ``legal_actions`` + the draw + ``apply``."""
    clock = time.perf_counter
    legal_actions, apply, is_over = gg.legal_actions, gg.apply, gg.is_over
    moves = options = 0
    timed = 0.0
    wall = clock()
    for seed in seeds:
        state = gg.new_game(seed=seed)
        rng = Rng.from_seed(seed)
        while not is_over(state):
            start = clock()
            actions = legal_actions(state)
            index, rng = rng.below(len(actions))
            state = apply(state, actions[index])
            timed += clock() - start
            moves += 1
            options += len(actions)
    wall = clock() - wall
    return Playouts(len(seeds), moves, options, timed, wall)


def _chess_over(board: chess.Board, plies: int) -> bool:
    """The end tests of a benchmark game, other than "no legal moves" (see the module docs)."""
    clock = board.halfmove_clock
    return (
        plies >= CHESS_PLY_CAP
        or clock >= 100
        or (clock == 0 and plies > 0 and board.is_insufficient_material())
    )


def chess_playouts(seeds: Sequence[int]) -> Playouts:
    """Play one random chess game per seed; time ``list(legal_moves)`` + the draw + ``push``."""
    clock = time.perf_counter
    moves = options = 0
    timed = 0.0
    wall = clock()
    for seed in seeds:
        board = chess.Board()
        rng = random.Random(seed)
        plies = 0
        while not _chess_over(board, plies):
            start = clock()
            legal = list(board.legal_moves)
            if not legal:  # mate or stalemate: this listing is not counted
                break
            move = legal[rng.randrange(len(legal))]
            board.push(move)
            timed += clock() - start
            plies += 1
            options += len(legal)
        moves += plies
    wall = clock() - wall
    return Playouts(len(seeds), moves, options, timed, wall)


def best_of(run: Callable[[], Playouts], repeats: int) -> Playouts:
    """Warm up once, then keep the repeat with the smallest timed total."""
    run()
    results = []
    for _ in range(repeats):
        gc.collect()
        results.append(run())
    return min(results, key=lambda result: result.timed)


def draw_cost(draw: Callable[[], object]) -> float:
    """Microseconds per call of ``draw`` (best of 5 batches)."""
    number = 20_000
    return min(timeit.repeat(draw, number=number, repeat=5)) / number * 1e6


def playout_summary(result: Playouts, draw_us: float) -> dict[str, float | int]:
    """The reported numbers of a set of playouts."""
    return {
        "games": result.games,
        "moves": result.moves,
        "games_per_s": result.games / result.wall,
        "moves_per_s": result.moves / result.timed,
        "us_per_move": result.timed / result.moves * 1e6,
        "options_per_move": result.options / result.moves,
        "draw_us": draw_us,
        "timed_s": result.timed,
        "wall_s": result.wall,
    }


# --- recorded games -----------------------------------------------------------------------------


def random_game(seed: int) -> list[gg.Action]:
    """The actions of a random goblinguard game (the same game the playout with ``seed`` plays)."""
    state = gg.new_game(seed=seed)
    rng = Rng.from_seed(seed)
    chosen: list[gg.Action] = []
    while not gg.is_over(state):
        action, rng = rng.choice(gg.legal_actions(state))
        chosen.append(action)
        state = gg.apply(state, action)
    return chosen


def replay(seed: int, actions: Sequence[gg.Action]) -> list[gg.State]:
    """Every state of a game, from ``new_game(seed=seed)`` through ``apply`` only."""
    states = [gg.new_game(seed=seed)]
    for action in actions:
        states.append(gg.apply(states[-1], action))
    return states


# --- serialisation ------------------------------------------------------------------------------


def serialisation(seed: int, repeats: int) -> dict[str, float | int]:
    """Mean ``dumps`` and ``loads`` time per state and mean JSON size over a few random games."""
    seeds = range(seed, seed + SERIAL_GAMES)
    states = [state for s in seeds for state in replay(s, random_game(s))]
    texts = [gg.dumps(state) for state in states]
    if any(gg.loads(text) != state for text, state in zip(texts, states, strict=True)):
        raise AssertionError("goblinguard JSON did not round-trip")  # a bug, not a benchmark result
    clock = time.perf_counter
    dumps_s: list[float] = []
    loads_s: list[float] = []
    for _ in range(repeats + 1):  # the first pass warms up
        gc.collect()
        start = clock()
        for state in states:
            gg.dumps(state)
        middle = clock()
        for text in texts:
            gg.loads(text)
        dumps_s.append(middle - start)
        loads_s.append(clock() - middle)
    dumps_us = min(dumps_s[1:]) / len(states) * 1e6
    loads_us = min(loads_s[1:]) / len(states) * 1e6
    return {
        "states": len(states),
        "dumps_us": dumps_us,
        "loads_us": loads_us,
        "round_trip_us": dumps_us + loads_us,
        "json_bytes": sum(len(text.encode()) for text in texts) / len(texts),
    }


# --- memory -------------------------------------------------------------------------------------


def traced_bytes(build: Callable[[], object]) -> int:
    """Bytes still allocated by ``build`` while its result is alive (``tracemalloc`` snapshots)."""
    ignore = [tracemalloc.Filter(False, tracemalloc.__file__)]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot().filter_traces(ignore)
        kept = build()
        gc.collect()
        after = tracemalloc.take_snapshot().filter_traces(ignore)
    finally:
        tracemalloc.stop()
    del kept
    return sum(stat.size_diff for stat in after.compare_to(before, "filename"))


def _with_caches(states: list[gg.State]) -> list[gg.State]:
    for state in states:
        gg.legal_actions(state)
    return states


def _no_cache(states: list[gg.State]) -> list[gg.State]:
    return [
        gg.State(s.config, s.rng, s.deck, s.hand, s.placed, s.defeated, s.active) for s in states
    ]


def kept_states(
    seed: int,
    actions: Sequence[gg.Action],
    finish: Callable[[list[gg.State]], list[gg.State]],
    keep: slice,
) -> list[gg.State]:
    """Replay a game, keep the states in ``keep`` only, and ``finish`` them."""
    return finish(replay(seed, actions)[keep])


def memory(seed: int) -> dict[str, dict[str, float]]:
    """KiB held by every state of one random game, and by one state, in three variants."""
    actions = random_game(seed)  # also interns every action of this game (shared, not counted)
    last = len(actions) - 1  # the last position with a decision
    variants: dict[str, Callable[[list[gg.State]], list[gg.State]]] = {
        "bare": list,
        "with_caches": _with_caches,
        "no_cache": _no_cache,
    }
    result = {}
    for name, finish in variants.items():
        every = traced_bytes(partial(kept_states, seed, actions, finish, slice(None)))
        one = traced_bytes(partial(kept_states, seed, actions, finish, slice(last, last + 1)))
        result[name] = {
            "states": len(actions) + 1,
            "one_index": last,
            "all_kib": every / _KIB,
            "one_kib": one / _KIB,
            "all_over_one": every / one,
        }
    return result


# --- report -------------------------------------------------------------------------------------


def machine() -> dict[str, str | int | None]:
    """Where the numbers were taken."""
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "tabletop_rules": tabletop_rules.__version__,
        "chess": chess.__version__,
    }


def measure(games: int, chess_games: int, seed: int, repeats: int) -> dict[str, Any]:
    """Run every benchmark and return the results (the ``--json`` document)."""
    gg_seeds = list(range(seed, seed + games))
    chess_seeds = list(range(seed, seed + chess_games))
    gg_run = best_of(lambda: goblinguard_playouts(gg_seeds), repeats)
    chess_run = best_of(lambda: chess_playouts(chess_seeds), repeats)
    goblinguard = playout_summary(gg_run, gg_draw_cost(gg_run))
    chess_result = playout_summary(chess_run, chess_draw_cost(chess_run))
    ratio = goblinguard["us_per_move"] / chess_result["us_per_move"]
    return {
        "machine": machine(),
        "settings": {"seed": seed, "repeats": repeats, "bar": BAR},
        "goblinguard": goblinguard,
        "chess": chess_result,
        "ratio": {"value": ratio, "bar": BAR, "passed": ratio <= BAR},
        "serialisation": serialisation(seed, repeats),
        "memory": memory(seed),
    }


def gg_draw_cost(result: Playouts) -> float:
    """µs of one ``Rng.below`` draw over the mean number of legal actions."""
    bound = max(1, round(result.options / result.moves))
    rng = Rng.from_seed(0)
    return draw_cost(lambda: rng.below(bound))


def chess_draw_cost(result: Playouts) -> float:
    """µs of one ``Random.randrange`` draw over the mean number of legal moves."""
    bound = max(1, round(result.options / result.moves))
    rng = random.Random(0)
    return draw_cost(lambda: rng.randrange(bound))


def table(results: dict[str, Any]) -> str:
    """The human-readable report."""
    info, settings = results["machine"], results["settings"]
    ratio, ser, mem = results["ratio"], results["serialisation"], results["memory"]
    lines = [
        f"{info['python']} on {info['platform']} ({info['machine']}), "
        f"{info['cpu_count']} CPUs; tabletop-rules {info['tabletop_rules']}, "
        f"python-chess {info['chess']}",
        f"seed {settings['seed']}; best of {settings['repeats']} repeats after one warm-up",
    ]

    def row(label: str, value: str, note: str = "") -> None:
        lines.append(f"  {label:<42}{value:>12}  {note}".rstrip())

    for title, key, move, moves, option, draw in (
        (
            "goblinguard random playouts",
            "goblinguard",
            "decision",
            "decisions",
            "actions",
            "Rng.below",
        ),
        ("python-chess random games", "chess", "ply", "plies", "moves", "randrange"),
    ):
        data = results[key]
        lines += ["", f"{title} ({data['games']} games, {data['moves']} {moves})"]
        row("games/s", f"{data['games_per_s']:,.1f}")
        row(f"{moves}/s", f"{data['moves_per_s']:,.0f}")
        row(f"µs per {move}", f"{data['us_per_move']:.1f}")
        row(f"legal {option} per {move} (mean)", f"{data['options_per_move']:.1f}")
        row(f"  of which the draw ({draw}), µs", f"{data['draw_us']:.2f}")

    verdict = "PASS" if ratio["passed"] else "FAIL"
    lines += ["", "ratio"]
    row(
        "goblinguard µs/decision ÷ chess µs/ply",
        f"{ratio['value']:.2f}",
        f"bar ≤ {BAR:g}: {verdict}",
    )

    lines += ["", f"serialisation ({ser['states']} states of {SERIAL_GAMES} games)"]
    row("dumps, µs per state", f"{ser['dumps_us']:.1f}")
    row("loads, µs per state", f"{ser['loads_us']:.1f}")
    row("dumps + loads, µs per state", f"{ser['round_trip_us']:.1f}")
    row("JSON size, bytes per state (mean)", f"{ser['json_bytes']:,.0f}")

    names = ("bare", "with_caches", "no_cache")
    states, one = mem["bare"]["states"], mem["bare"]["one_index"]
    lines += [
        "",
        f"{'memory (tracemalloc, KiB)':<44}{'bare':>12}{'with caches':>13}{'no cache':>12}",
    ]
    for label, field, fmt in (
        (f"all {states} states of one game", "all_kib", "{:.1f}"),
        (f"one state ({one} cards in play)", "one_kib", "{:.1f}"),
        (f"all {states} ÷ one", "all_over_one", "{:.1f}×"),
    ):
        values = [fmt.format(mem[name][field]) for name in names]
        lines.append(f"  {label:<42}{values[0]:>12}{values[1]:>13}{values[2]:>12}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: run the benchmarks and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=_positive, default=300, help="goblinguard games (300)")
    parser.add_argument("--chess-games", type=_positive, default=200, help="chess games (200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--repeats", type=_positive, default=3, help="timed repeats (3)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--check", action="store_true", help=f"exit 1 if the ratio exceeds {BAR:g}")
    args = parser.parse_args(argv)
    results = measure(args.games, args.chess_games, args.seed, args.repeats)
    print(json.dumps(results, indent=2) if args.json else table(results))
    return 1 if args.check and not results["ratio"]["passed"] else 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text}")
    return value


if __name__ == "__main__":
    sys.exit(main())
