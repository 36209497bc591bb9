"""``tabletop simulate``: many games between agents, in parallel if asked, and their summary."""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from .._record import play
from ._errors import CliError
from ._games import AnyGame, _load_config, _load_game, _make_agent
from ._io import _Io, _isatty
from ._text import _outcome_fields


@attrs.frozen
class _Result:
    """What :func:`_simulate` keeps of one game (small and picklable, for ``--jobs``)."""

    winners: tuple[int, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...] | None
    fields: tuple[tuple[str, Any], ...]
    decisions: int


def _simulate(
    game: AnyGame, agent_names: Sequence[str], config: Any, seeds: Sequence[int]
) -> list[_Result]:
    """Play one game per seed with fresh agents; return what the summary needs."""
    results = []
    for seed in seeds:
        agents = [_make_agent(game, name) for name in agent_names]
        try:
            state, actions = play(game, agents, seed=seed, config=config)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        outcome = game.outcome(state)
        if outcome is None:
            raise CliError(f"{game.name}: game with seed {seed} ended without an outcome")
        fields = tuple(
            (name, value)
            for name, value in _outcome_fields(outcome).items()
            if isinstance(value, int | float)
        )
        scores = None if outcome.scores is None else tuple(outcome.scores)
        results.append(
            _Result(tuple(outcome.winners), tuple(outcome.returns), scores, fields, len(actions))
        )
    return results


def _simulate_worker(
    game_name: str, agent_names: Sequence[str], config_text: str | None, seeds: Sequence[int]
) -> list[_Result]:
    """Run :func:`_simulate` in a worker process (the game is looked up again by name)."""
    game = _load_game(game_name)
    config = game.loads(config_text, "config") if config_text is not None else None
    return _simulate(game, agent_names, config, seeds)


class _Progress:
    """Progress on standard error: one live line with the rate and the time left on a terminal,
    a plain line at each quarter otherwise."""

    def __init__(self, io: _Io, total: int, enabled: bool) -> None:
        self.io = io
        self.total = total
        self.enabled = enabled
        self.tty = _isatty(io.stderr)
        self.done = 0
        self.started = time.monotonic()
        self.last = 0.0
        self.marks = {max(1, total * k // 4) for k in range(1, 5)}

    def line(self) -> str:
        """``simulate: 450/1000 games, 312.4 games/s, 1.8 s left``."""
        elapsed = time.monotonic() - self.started
        text = f"simulate: {self.done}/{self.total} games"
        if self.done and elapsed > 0:
            rate = self.done / elapsed
            left = (self.total - self.done) / rate
            text += f", {rate:.1f} games/s, {_duration(left)} left"
        return text

    def advance(self, count: int) -> None:
        """Count ``count`` more finished games."""
        before, self.done = self.done, self.done + count
        if not self.enabled:
            return
        if self.tty:
            now = time.monotonic()
            if now - self.last >= 0.1 or self.done == self.total:
                self.last = now
                self.io.stderr.write("\r\x1b[K" + self.line())
                self.io.stderr.flush()
        elif any(before < mark <= self.done for mark in self.marks):
            self.io.err(self.line())

    def close(self) -> None:
        """End the live line."""
        if self.enabled and self.tty and self.total:
            self.io.stderr.write("\n")
            self.io.stderr.flush()


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"


def _cmd_simulate(args: argparse.Namespace, io: _Io) -> int:
    """Play many games with agents and summarise the results."""
    game = _load_game(args.game)
    names: list[str] = args.agent or ["random"]
    for name in names:
        _make_agent(game, name)
    config = _load_config(game, args.config, io) if args.config else None
    seats = game.seat_count(config if config is not None else game.config_type())
    if len(names) == 1:
        names = names * seats
    elif len(names) != seats:
        raise CliError(
            f"this {game.name} game has {seats} seat(s): give one agent for all of them or one"
            f" per seat, not {len(names)}"
        )
    seeds = [args.seed + i for i in range(args.games)]
    progress = _Progress(io, args.games, enabled=not args.quiet)
    started = time.perf_counter()
    try:
        if args.jobs == 1:
            results = []
            for seed in seeds:
                results.extend(_simulate(game, names, config, [seed]))
                progress.advance(1)
        else:
            results = _simulate_parallel(game, names, config, seeds, args.jobs, progress)
    finally:
        progress.close()
    elapsed = time.perf_counter() - started
    summary = _summary(game, args.agent or ["random"], args.seed, results, elapsed)
    if args.json:
        io.out(json.dumps(summary, indent=2))
    else:
        _print_summary(game, summary, io)
    return 0


def _simulate_parallel(
    game: AnyGame,
    names: Sequence[str],
    config: Any,
    seeds: Sequence[int],
    jobs: int,
    progress: _Progress,
) -> list[_Result]:
    """Spread the seeds over ``jobs`` worker processes; results come back in seed order."""
    config_text = game.dumps(config) if config is not None else None
    size = max(1, min(50, len(seeds) // (jobs * 4)))
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    parts: dict[int, list[_Result]] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {
            pool.submit(_simulate_worker, game.name, list(names), config_text, chunk): i
            for i, chunk in enumerate(chunks)
        }
        for future in as_completed(futures):
            parts[futures[future]] = future.result()
            progress.advance(len(parts[futures[future]]))
    return [r for i in range(len(chunks)) for r in parts[i]]


def _score_stats(values: Sequence[float]) -> dict[str, Any]:
    """Mean, min, max and, when every score is a whole number, a histogram."""
    stats: dict[str, Any] = _stats(values)
    if all(float(v).is_integer() for v in values):
        counts = Counter(int(v) for v in values)
        low, high = int(min(values)), int(max(values))
        stats["histogram"] = {str(v): counts[v] for v in range(low, high + 1)}
    return stats


def _stats(values: Sequence[float]) -> dict[str, float]:
    return {
        "mean": round(sum(values) / len(values), 6),
        "min": min(values),
        "max": max(values),
    }


def _summary(
    game: AnyGame,
    agent_names: Sequence[str],
    seed: int,
    results: Sequence[_Result],
    elapsed: float,
) -> dict[str, Any]:
    """The simulation summary as JSON-ready data."""
    n = len(results)
    seats = max(len(r.returns) for r in results)
    wins = [sum(1 for r in results if s in r.winners) for s in range(seats)]
    fields: dict[str, list[Any]] = {}
    for r in results:
        for name, value in r.fields:
            fields.setdefault(name, []).append(value)
    scores = None
    if all(r.scores is not None and len(r.scores) == seats for r in results):
        scores = [_score_stats([r.scores[s] for r in results if r.scores]) for s in range(seats)]
    other: dict[str, Any] = {}
    for name, values in fields.items():
        if all(isinstance(v, bool) for v in values):
            other[name] = {"true": sum(values), "rate": round(sum(values) / len(values), 6)}
        elif not any(isinstance(v, bool) for v in values):
            other[name] = _stats(values)
    decisions = [r.decisions for r in results]
    return {
        "game": game.name,
        "agents": list(agent_names),
        "seed": seed,
        "games": n,
        "seats": seats,
        "wins": wins,
        "win_rate": [round(w / n, 6) for w in wins],
        "no_winner": sum(1 for r in results if not r.winners),
        "mean_returns": [
            round(sum(r.returns[s] for r in results if s < len(r.returns)) / n, 6)
            for s in range(seats)
        ],
        "scores": scores,
        "outcome": other,
        "decisions": _stats(decisions),
        "elapsed_s": round(elapsed, 3),
        "games_per_s": round(n / elapsed, 1) if elapsed > 0 else None,
    }


def _print_summary(game: AnyGame, summary: Mapping[str, Any], io: _Io) -> None:
    """Print the simulation summary for people."""
    n = summary["games"]
    first, last = summary["seed"], summary["seed"] + n - 1
    seeds = f"seed {first}" if n == 1 else f"seeds {first}-{last}"
    io.out(
        f"{game.title} ({game.name}): {n} game{'s' if n != 1 else ''}, "
        f"agent{'s' if len(summary['agents']) > 1 else ''} {', '.join(summary['agents'])}, "
        f"{seeds}"
    )
    label = "{:<10}".format
    for seat, (wins, rate) in enumerate(zip(summary["wins"], summary["win_rate"], strict=True)):
        head = label("Wins" if seat == 0 else "")
        io.out(f"{head}seat {seat}: {wins} ({rate:.1%})")
    if summary["seats"] > 1:
        io.out(f"{label('')}nobody: {summary['no_winner']}")
    returns = ", ".join(f"{r:.3f}" for r in summary["mean_returns"])
    io.out(f"{label('Returns')}mean per seat: {returns}")
    for seat, score in enumerate(summary["scores"] or ()):
        who = "" if summary["seats"] == 1 else f"seat {seat}: "
        io.out(
            f"{label('Score' if seat == 0 else '')}{who}mean {score['mean']:.2f}, "
            f"min {score['min']:g}, max {score['max']:g}"
        )
        histogram = score.get("histogram")
        if summary["seats"] == 1 and histogram:
            top = max(histogram.values())
            digits = max(len(k) for k in histogram)
            count_digits = len(str(top))
            for value, count in histogram.items():
                bar = "#" * (math.ceil(count * 40 / top) if count else 0)
                io.out(f"{label('')}{value:>{digits}} | {count:>{count_digits}} {bar}".rstrip())
    for i, (name, stats) in enumerate(summary["outcome"].items()):
        if "rate" in stats:
            text = f"{stats['true']} of {n} ({stats['rate']:.1%})"
        else:
            text = f"mean {stats['mean']:.2f}, min {stats['min']}, max {stats['max']}"
        io.out(f"{label('' if i else 'Outcome')}{name}: {text}")
    d = summary["decisions"]
    io.out(f"{label('Decisions')}mean {d['mean']:.1f} per game (min {d['min']}, max {d['max']})")
    rate = summary["games_per_s"]
    speed = f", {rate} games/s" if rate is not None else ""
    io.out(f"{label('Time')}{summary['elapsed_s']:.2f} s{speed}")
