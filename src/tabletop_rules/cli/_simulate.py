"""``tabletop simulate``: many games between agents, in parallel if asked, and their summary."""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Mapping
from typing import Any

from .._simulate import SimulationResult, simulate
from ._errors import CliError
from ._games import AnyGame, _load_config, _load_game
from ._io import _Io, _isatty


class _Progress:
    """Progress on standard error: one live line with the rate and the time left on a terminal,
    a plain line at each quarter otherwise. Called by :func:`~tabletop_rules.simulate` as games
    finish."""

    def __init__(self, io: _Io, total: int, enabled: bool) -> None:
        self.io = io
        self.total = total
        self.enabled = enabled
        self.tty = _isatty(io.stderr)
        self.done = 0
        self.rate = 0.0
        self.last = 0.0
        self.marks = {max(1, total * k // 4) for k in range(1, 5)}

    def line(self) -> str:
        """``simulate: 450/1000 games, 312.4 games/s, 1.8 s left``."""
        text = f"simulate: {self.done}/{self.total} games"
        if self.done and self.rate > 0:
            left = (self.total - self.done) / self.rate
            text += f", {self.rate:.1f} games/s, {_duration(left)} left"
        return text

    def __call__(self, done: int, total: int, rate: float) -> None:
        """``done`` of the ``total`` games have finished, at ``rate`` games per second."""
        before, self.done, self.total, self.rate = self.done, done, total, rate
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
        if self.enabled and self.tty and self.done:
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
    config = _load_config(game, args.config, io) if args.config else None
    progress = _Progress(io, args.games, enabled=not args.quiet)
    try:
        result = simulate(
            game,
            games=args.games,
            seed=args.seed,
            agents=args.agent or ["random"],
            config=config,
            jobs=args.jobs,
            backend=args.backend,
            address=args.address,
            connect_timeout=args.connect_timeout,
            progress=progress,
        )
    except (ValueError, ImportError, ConnectionError) as exc:
        raise CliError(str(exc)) from None
    finally:
        progress.close()
    summary = result.summary()
    if args.json:
        io.out(json.dumps(summary, indent=2))
    else:
        _print_summary(game, summary, io, _where(result))
    return 0


def _where(result: SimulationResult) -> str:
    """Where the games ran, for the summary's last line: nothing when in this process."""
    if result.backend == "processes":
        return f", {result.jobs} worker process{'es' if result.jobs != 1 else ''}"
    if result.backend == "ray":
        return f", Ray, {result.jobs} task{'s' if result.jobs != 1 else ''} at once"
    return ""


def _print_summary(game: AnyGame, summary: Mapping[str, Any], io: _Io, where: str = "") -> None:
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
    io.out(f"{label('Time')}{summary['elapsed_s']:.2f} s{speed}{where}")
