"""The ``tabletop`` command: list, play, simulate, replay and validate games.

The command never imports a game itself. Games are found through the ``tabletop_rules.games``
entry-point group, where each game package registers its :class:`~tabletop_rules.Game` value::

    [project.entry-points."tabletop_rules.games"]
    goblinguard = "goblinguard:GAME"

so a third-party package that registers a game there can be played, simulated and checked with
the same commands::

    tabletop games                                  # what is installed
    tabletop play goblinguard --seed 7 --save g.json
    tabletop simulate goblinguard --games 1000 --agent greedy --jobs 4
    tabletop replay g.json
    tabletop validate g.json

:func:`main` takes the arguments and the three streams as parameters and returns the exit code:
``0`` success, ``1`` an error reported as one line ``tabletop: error: ...`` on standard error,
``2`` a usage error (bad options), ``130`` interrupted.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import shutil
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import redirect_stderr, redirect_stdout
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any, TextIO

import attrs

from . import __version__
from ._agents import Agent, play
from ._errors import IllegalActionError, ReplayError, RulesError, StateFormatError
from ._game import Game
from ._record import Record, replay
from ._rng import Rng
from ._values import Outcome

__all__ = ["CliError", "GROUP", "KINDS", "main"]

GROUP = "tabletop_rules.games"
"""The entry-point group in which game packages register their ``Game`` value."""

KINDS = ("state", "view", "action", "config", "record", "event")
"""The ``"kind"`` names of the JSON envelope that ``tabletop validate`` understands."""

AnyGame = Game[Any, Any]


class CliError(Exception):
    """A failure the command reports as one line ``tabletop: error: <message>`` (exit code 1)."""


@attrs.frozen
class _Io:
    """The three streams of one run of :func:`main`."""

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO

    def out(self, text: str = "") -> None:
        """Write a line to standard output."""
        print(text, file=self.stdout)

    def err(self, text: str) -> None:
        """Write a line to standard error."""
        print(text, file=self.stderr)

    def width(self) -> int:
        """The width to lay text out in: the terminal's when writing to one, else 80."""
        if _isatty(self.stdout):
            return max(40, min(160, shutil.get_terminal_size().columns))
        return 80


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


# --------------------------------------------------------------------------- entry points


def _registered() -> dict[str, EntryPoint]:
    """The registered games' entry points by name (the first one wins on duplicates)."""
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep)
    return found


def _load_entry_point(ep: EntryPoint) -> AnyGame:
    """Load one entry point and check that it is a ``Game``."""
    try:
        value = ep.load()
    except Exception as exc:
        raise CliError(
            f"cannot load game {ep.name!r} ({ep.value}): {type(exc).__name__}: {exc}"
        ) from exc
    if not isinstance(value, Game):
        raise CliError(
            f"game {ep.name!r} ({ep.value}) is a {type(value).__name__}, not a tabletop_rules.Game"
        )
    return value


def _load_game(name: str) -> AnyGame:
    """The registered game called ``name``, or a :class:`CliError` listing the installed ones."""
    registered = _registered()
    if name not in registered:
        installed = ", ".join(sorted(registered)) or "none"
        raise CliError(f"unknown game {name!r} (installed: {installed})")
    return _load_entry_point(registered[name])


def _make_agent(game: AnyGame, name: str) -> Agent[Any]:
    """A new agent from the game's factory ``name``, or a :class:`CliError` listing the others."""
    factory = game.agents.get(name)
    if factory is None:
        known = ", ".join(sorted(game.agents)) or "none"
        raise CliError(f"unknown agent {name!r} for {game.name} (available: {known})")
    return factory()


# --------------------------------------------------------------------------- files


def _read_text(path: str, io: _Io) -> str:
    """The text of ``path`` (``-`` is standard input), or a :class:`CliError` saying why not."""
    if path == "-":
        return io.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a directory, not a file") from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (not UTF-8)") from None
    except OSError as exc:
        raise CliError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path``, or raise a :class:`CliError` saying why not."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
            f.write("\n")
    except OSError as exc:
        raise CliError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _check_writable(path: str) -> None:
    """Fail early (before a game is played) when ``path`` cannot be written."""
    target = Path(path)
    if target.is_dir():
        raise CliError(f"{path}: is a directory, not a file")
    folder = target.parent
    if not folder.is_dir():
        raise CliError(f"{path}: cannot write: there is no folder {str(folder)!r}")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise CliError(f"{path}: cannot write: permission denied")


def _envelope(path: str, text: str) -> tuple[str, str]:
    """The ``game`` and ``kind`` fields of the envelope in ``text`` (read from ``path``)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            f"{path}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    if not isinstance(data, dict):
        raise CliError(f"{path}: not a tabletop-rules file (expected a JSON object)")
    game, kind = data.get("game"), data.get("kind")
    if not isinstance(game, str):
        raise CliError(f'{path}: not a tabletop-rules file (no "game" name)')
    if not isinstance(kind, str):
        raise CliError(f'{path}: not a tabletop-rules file (no "kind")')
    return game, kind


def _loads(game: AnyGame, path: str, text: str, kind: str) -> Any:
    """``game.loads(text, kind)`` with errors turned into a :class:`CliError` naming the path."""
    try:
        return game.loads(text, kind)
    except StateFormatError as exc:
        raise CliError(f"{path}: invalid {game.name} {kind} at {exc.path}: {exc.detail}") from None
    except (RulesError, ValueError, TypeError) as exc:
        raise CliError(f"{path}: cannot read a {game.name} {kind}: {exc}") from None


def _load_record(
    path: str, io: _Io, game: AnyGame | None = None
) -> tuple[AnyGame, Record[Any, Any, Any]]:
    """Read a record file; the game is the one its envelope names unless ``game`` is given."""
    text = _read_text(path, io)
    name, kind = _envelope(path, text)
    if game is None:
        game = _load_game(name)
    elif name != game.name:
        raise CliError(f"{path}: a {name} file, not {game.name}")
    if kind != "record":
        raise CliError(f"{path}: holds a {kind}, not a record (try: tabletop validate {path})")
    record = _loads(game, path, text, "record")
    if not isinstance(record, Record):
        raise CliError(f"{path}: {game.name} read a {type(record).__name__}, not a Record")
    return game, record


def _replay_all(
    game: AnyGame, record: Record[Any, Any, Any], path: str
) -> Iterable[tuple[int, Any, Any]]:
    """Yield ``(index, action, state_before)`` for each action, then ``(-1, None, final_state)``."""
    states = replay(game, record)
    try:
        state = next(states)
        for index, action in enumerate(record.actions):
            yield index, action, state
            state = next(states)
    except ReplayError as exc:
        cause = exc.__cause__
        reason = cause.reason if isinstance(cause, IllegalActionError) else exc.reason
        raise CliError(
            f"{path}: action #{exc.index} ({_notation(game, exc.action)}) cannot be replayed: "
            f"{reason}"
        ) from None
    except (RulesError, ValueError) as exc:
        raise CliError(f"{path}: cannot replay: {exc}") from None
    yield -1, None, state


def _final_state(game: AnyGame, record: Record[Any, Any, Any], path: str) -> Any:
    """The state at the end of ``record`` (errors as in :func:`_replay_all`)."""
    final: Any = None
    for index, _, state in _replay_all(game, record, path):
        if index < 0:
            final = state
    return final


def _notation(game: AnyGame, action: Any) -> str:
    """``game.notation(action)``, falling back to ``repr`` for values it cannot write."""
    try:
        return game.notation(action)
    except Exception:
        return repr(action)


# --------------------------------------------------------------------------- formatting


def _seats_text(game: AnyGame) -> str:
    low, high = game.seats
    return str(low) if low == high else f"{low}-{high}"


def _solitaire(game: AnyGame) -> bool:
    return game.seats[1] == 1


def _outcome_fields(outcome: Outcome, *, score: bool = False) -> dict[str, Any]:
    """A game-specific outcome's extra fields (beyond ``winners`` and ``returns``).

    These are the attrs fields of the game's ``Outcome`` subclass; with ``score``, also its
    ``score`` when that is a property.
    """
    fields: dict[str, Any] = {}
    if attrs.has(type(outcome)):
        for f in attrs.fields(type(outcome)):
            if f.name not in ("winners", "returns"):
                fields[f.name] = getattr(outcome, f.name)
    if score and "score" not in fields and hasattr(outcome, "score"):
        fields["score"] = outcome.score
    return fields


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list | frozenset):
        return ", ".join(str(v) for v in value) if value else "none"
    return str(value)


def _outcome_text(game: AnyGame, outcome: Outcome | None) -> str:
    """One line describing an outcome, such as ``won (defeated 14, total 14)``."""
    if outcome is None:
        return "not over"
    if _solitaire(game):
        head = "won" if outcome.winners else "lost"
    elif not outcome.winners:
        head = "nobody won"
    else:
        seats = ", ".join(str(s) for s in outcome.winners)
        head = f"won by seat{'s' if len(outcome.winners) > 1 else ''} {seats}"
    details = [
        f"{name} {_value_text(value)}"
        for name, value in _outcome_fields(outcome).items()
        if name != "won"  # the head says it
    ]
    if not _solitaire(game):
        details.append("returns " + " / ".join(f"{r:g}" for r in outcome.returns))
    return head + (f" ({', '.join(details)})" if details else "")


def _columns(items: Sequence[str], width: int, gap: int = 4) -> list[str]:
    """Lay ``items`` out in aligned columns read top to bottom, like ``ls``."""
    if not items:
        return []
    cell = max(len(item) for item in items)
    per_row = max(1, (width + gap) // (cell + gap))
    rows = math.ceil(len(items) / per_row)
    lines = []
    for r in range(rows):
        row = [items[i].ljust(cell) for i in range(r, len(items), rows)]
        lines.append((" " * gap).join(row).rstrip())
    return lines


def _action_list(game: AnyGame, actions: Sequence[Any], width: int) -> list[str]:
    """The numbered list of ``actions``: one per line when short, in columns when long."""
    digits = len(str(len(actions)))
    items = [f"{i:>{digits}}  {game.notation(a)}" for i, a in enumerate(actions, 1)]
    if len(items) <= 8:
        return ["  " + item for item in items]
    return ["  " + line for line in _columns(items, width - 2)]


# --------------------------------------------------------------------------- tabletop games


def _cmd_games(args: argparse.Namespace, io: _Io) -> int:
    """List the registered games."""
    rows = [("NAME", "TITLE", "SEATS", "AGENTS")]
    for name, ep in sorted(_registered().items()):
        try:
            game = _load_entry_point(ep)
        except CliError as exc:
            io.err(f"tabletop: warning: {exc}")
            continue
        rows.append((name, game.title, _seats_text(game), ", ".join(sorted(game.agents)) or "-"))
    if len(rows) == 1:
        io.out(f"No games are installed (none registered in the {GROUP!r} entry-point group).")
        return 0
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        cells = [cell.ljust(w) for cell, w in zip(row, widths, strict=False)]
        io.out("  ".join([*cells, row[3]]))
    return 0


# --------------------------------------------------------------------------- tabletop play

_PLAY_HELP = """\
Type the number of an action or its notation (for example {example}) and press Enter.
  l, list     show the actions again
  b, board    show the position again
  u, undo     take back your last move
  q, quit     stop playing{save}
  ?, help     show this help"""


@attrs.define
class _Session:
    """A game being played in the terminal: the position and what is needed to undo and save."""

    game: AnyGame
    config: Any
    seed: int | None
    start: Any
    state: Any
    actions: list[Any]
    agents: dict[int, tuple[str, Agent[Any]]]
    rngs: dict[int, Rng]
    history: list[tuple[Any, int, dict[int, Rng]]] = attrs.field(factory=list)

    def record(self) -> Record[Any, Any, Any]:
        """The game so far as a record."""
        return Record(tuple(self.actions), config=self.config, seed=self.seed, start=self.start)


def _read_line(io: _Io, prompt: str) -> str | None:
    """Ask for one line; ``None`` at the end of the input."""
    interactive = io.stdin is sys.stdin and io.stdout is sys.stdout and _isatty(io.stdin)
    if interactive:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            io.out()
            return None
    io.stdout.write(prompt)
    io.stdout.flush()
    try:
        line = io.stdin.readline()
    except KeyboardInterrupt:
        line = ""
    if not line:
        io.out()
        return None
    line = line.rstrip("\r\n")
    io.out(line)  # echo, so a transcript of piped input reads like a session
    return line


def _agent_seats(
    game: AnyGame, person: int, names: Sequence[str]
) -> dict[int, tuple[str, Agent[Any]]]:
    """Give each named agent the next seat that is not the person's."""
    seats: dict[int, tuple[str, Agent[Any]]] = {}
    free = [s for s in range(game.seats[1]) if s != person]
    if len(names) > len(free):
        raise CliError(
            f"no seat left for agent {names[len(free)]!r}: {game.name} has at most "
            f"{game.seats[1]} seat(s) and you play seat {person}"
        )
    for seat, name in zip(free, names, strict=False):
        seats[seat] = (name, _make_agent(game, name))
    return seats


def _cmd_play(args: argparse.Namespace, io: _Io) -> int:
    """Play a game in the terminal."""
    game = _load_game(args.game)
    if not 0 <= args.seat < game.seats[1]:
        raise CliError(f"{game.name} has seats 0 to {game.seats[1] - 1}, not {args.seat}")
    agents = _agent_seats(game, args.seat, args.agent or ())
    if args.save:
        _check_writable(args.save)
    start: Any = None
    actions: list[Any] = []
    if args.resume:
        if args.config:
            raise CliError("--config cannot be combined with --resume (the record has its config)")
        _, record = _load_record(args.resume, io, game)
        config, seed, start, actions = (
            record.config,
            record.seed,
            record.start,
            list(record.actions),
        )
        state = _final_state(game, record, args.resume)
    else:
        config = _load_config(game, args.config, io) if args.config else None
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        state = _new_game(game, config, seed)
    stream = Rng.from_seed(seed if seed is not None else 0)
    rngs: dict[int, Rng] = {}
    for seat in sorted(agents):
        rngs[seat], stream = stream.split()
    session = _Session(game, config, seed, start, state, actions, agents, rngs)

    where = f"seed {seed}" if seed is not None else "from a saved position"
    io.out(f"{game.title} — {where}. Type a number or a notation; ? for help, q to quit.")
    if args.resume:
        io.out(f"Resumed after {len(actions)} action(s) from {args.resume}.")
    quit_ = _play_loop(session, args, io)
    if not quit_:
        io.out()
        io.out("── Final position " + "─" * 54)
        io.out(game.render_text(session.state))
        io.out()
        io.out(f"Game over: {_outcome_text(game, game.outcome(session.state))}.")
    if args.save:
        _write_text(args.save, game.dumps(session.record()))
        io.out(f"Saved {len(session.actions)} action(s) to {args.save}.")
    elif quit_ and session.actions:
        io.out("Stopped; the game was not saved (start with --save FILE to keep it).")
    return 0


def _new_game(game: AnyGame, config: Any, seed: int) -> Any:
    try:
        return game.new_game(config, seed=seed)
    except (RulesError, ValueError) as exc:
        raise CliError(f"cannot set up {game.name}: {exc}") from None


def _load_config(game: AnyGame, path: str, io: _Io) -> Any:
    """Read a config file written with ``game.dumps(config)``."""
    text = _read_text(path, io)
    name, kind = _envelope(path, text)
    if name != game.name or kind != "config":
        raise CliError(f"{path}: holds a {name} {kind}, not a {game.name} config")
    return _loads(game, path, text, "config")


def _play_loop(session: _Session, args: argparse.Namespace, io: _Io) -> bool:
    """Play until the game is over (``False``) or the person quits (``True``)."""
    game = session.game
    show_board = True
    while (seat := game.current_player(session.state)) is not None:
        view = game.view(session.state, seat)
        if seat in session.agents:
            name, agent = session.agents[seat]
            legal = game.legal_actions(view)
            action, session.rngs[seat] = agent.choose(view, legal, session.rngs[seat])
            session.state = game.apply(session.state, action)
            session.actions.append(action)
            io.out(f"Seat {seat} ({name}) plays {game.notation(action)}.")
            show_board = True
            continue
        legal = game.legal_actions(view)
        if show_board:
            _show_turn(session, seat, view, legal, io)
            show_board = False
        decision = game.decision(view)
        prompt = decision.prompt if decision is not None else "Your move."
        mover = "" if _solitaire(game) else f"Seat {seat}: "
        io.out(f"{mover}{prompt}")
        line = _read_line(io, f"[1-{len(legal)}, notation, ? help, q quit] > ")
        if line is None:
            return True
        text = line.strip()
        command = text.lower()
        if not text:
            continue
        if command in ("q", "quit", "exit"):
            return True
        if command in ("?", "h", "help"):
            save = " (the game is saved first)" if args.save else ""
            example = game.notation(legal[0])
            io.out(_PLAY_HELP.format(example=example, save=save))
            continue
        if command in ("l", "list"):
            io.out("\n".join(_action_list(game, legal, io.width())))
            continue
        if command in ("b", "board"):
            io.out(game.render_text(view))
            continue
        if command in ("u", "undo"):
            if not session.history:
                io.out("Nothing to undo.")
                continue
            session.state, count, rngs = session.history.pop()
            del session.actions[count:]
            session.rngs = dict(rngs)
            io.out("Took back your last move.")
            show_board = True
            continue
        action = _choose(game, view, legal, text, io)
        if action is None:
            continue
        try:
            new_state = game.apply(session.state, action)
        except IllegalActionError as exc:
            io.out(f"{game.notation(action)} is not legal now: {exc.reason}")
            continue
        session.history.append((session.state, len(session.actions), dict(session.rngs)))
        session.state = new_state
        session.actions.append(action)
        show_board = True
    return False


def _show_turn(session: _Session, seat: int, view: Any, legal: Sequence[Any], io: _Io) -> None:
    """Print the turn header, the position as the seat to act sees it, and its actions."""
    game = session.game
    turn = f"Turn {len(session.actions) + 1}"
    if not _solitaire(game):
        turn += f" · seat {seat}"
    rule = "─" * max(0, min(io.width(), 72) - len(turn) - 4)
    io.out()
    io.out(f"── {turn} {rule}")
    io.out(game.render_text(view))
    io.out()
    io.out(f"{len(legal)} legal action{'s' if len(legal) != 1 else ''}:")
    io.out("\n".join(_action_list(game, legal, io.width())))


def _choose(game: AnyGame, view: Any, legal: Sequence[Any], text: str, io: _Io) -> Any:
    """The action ``text`` names (a list number or a notation), or ``None`` after saying why not."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        io.out(f"There is no action {number}: choose 1 to {len(legal)}.")
        return None
    try:
        return game.parse_action(view, text)
    except Exception as exc:  # the person's text: any failure is reported, never a traceback
        reason = exc.reason if isinstance(exc, IllegalActionError) else str(exc)
        io.out(f"Not understood: {reason} (type ? for help)")
        return None


# --------------------------------------------------------------------------- tabletop simulate


@attrs.frozen
class _Result:
    """What :func:`_simulate` keeps of one game (small and picklable, for ``--jobs``)."""

    winners: tuple[int, ...]
    returns: tuple[float, ...]
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
        except IndexError:
            raise CliError(
                f"a {game.name} game with seed {seed} has more seats than the "
                f"{len(agents)} agent(s) given"
            ) from None
        outcome = game.outcome(state)
        if outcome is None:
            raise CliError(f"{game.name}: game with seed {seed} ended without an outcome")
        fields = tuple(
            (name, value)
            for name, value in _outcome_fields(outcome, score=True).items()
            if isinstance(value, int | float)
        )
        results.append(
            _Result(tuple(outcome.winners), tuple(outcome.returns), fields, len(actions))
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
    """Progress on standard error: one updating line on a terminal, a few plain lines otherwise."""

    def __init__(self, io: _Io, total: int, enabled: bool) -> None:
        self.io = io
        self.total = total
        self.enabled = enabled
        self.tty = _isatty(io.stderr)
        self.done = 0
        self.last = 0.0
        self.marks = {max(1, total * k // 4) for k in range(1, 5)}

    def advance(self, count: int) -> None:
        """Count ``count`` more finished games."""
        before, self.done = self.done, self.done + count
        if not self.enabled:
            return
        if self.tty:
            now = time.monotonic()
            if now - self.last >= 0.1 or self.done == self.total:
                self.last = now
                self.io.stderr.write(f"\rsimulate: {self.done}/{self.total} games")
                self.io.stderr.flush()
        elif any(before < mark <= self.done for mark in self.marks):
            self.io.err(f"simulate: {self.done}/{self.total} games")

    def close(self) -> None:
        """End the updating line."""
        if self.enabled and self.tty and self.total:
            self.io.stderr.write("\n")
            self.io.stderr.flush()


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
    score: dict[str, Any] | None = None
    scores = fields.pop("score", None)
    if scores is not None and all(type(v) is int for v in scores) and len(scores) == n:
        counts = Counter(scores)
        score = {
            **_stats(scores),
            "histogram": {str(v): counts[v] for v in range(min(scores), max(scores) + 1)},
        }
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
        "score": score,
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
    score = summary["score"]
    if score is not None:
        io.out(f"{label('Score')}mean {score['mean']:.2f}, min {score['min']}, max {score['max']}")
        histogram = score["histogram"]
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


def _cmd_simulate(args: argparse.Namespace, io: _Io) -> int:
    """Play many games with agents and summarise the results."""
    game = _load_game(args.game)
    names: list[str] = args.agent or ["random"]
    for name in names:
        _make_agent(game, name)
    low, high = game.seats
    if len(names) == 1:
        names = names * high
    elif not low <= len(names) <= high:
        raise CliError(f"{game.name} is played by {_seats_text(game)} seat(s), not {len(names)}")
    config = _load_config(game, args.config, io) if args.config else None
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


# --------------------------------------------------------------------------- tabletop replay


def _cmd_replay(args: argparse.Namespace, io: _Io) -> int:
    """Replay a saved record and show how it went."""
    game, record = _load_record(args.file, io)
    multi = not _solitaire(game)
    digits = len(str(max(0, len(record.actions) - 1)))
    final: Any = None
    for index, action, state in _replay_all(game, record, args.file):
        if index < 0:
            final = state
        elif not args.quiet:
            seat = game.current_player(state)
            who = f"seat {seat}  " if multi else ""
            io.out(f"#{index:<{digits}}  {who}{_notation(game, action)}")
    if not args.quiet:
        io.out()
        io.out(game.render_text(final))
        io.out()
    io.out(f"Replayed {len(record.actions)} action(s): {_status(game, final)}.")
    return 0


def _status(game: AnyGame, state: Any) -> str:
    """``game over: <outcome>`` or who is to act in an unfinished game."""
    seat = game.current_player(state)
    if seat is None:
        return f"game over, {_outcome_text(game, game.outcome(state))}"
    legal = game.legal_actions(game.view(state, seat))
    return f"not over, seat {seat} to act ({len(legal)} legal actions)"


# --------------------------------------------------------------------------- tabletop validate


def _cmd_validate(args: argparse.Namespace, io: _Io) -> int:
    """Check that a saved file can be read (and a record replayed)."""
    path = args.file
    text = _read_text(path, io)
    name, kind = _envelope(path, text)
    if kind not in KINDS:
        raise CliError(f"{path}: unknown kind {kind!r} (expected one of: {', '.join(KINDS)})")
    game = _load_game(name)
    value = _loads(game, path, text, kind)
    if kind == "record":
        if not isinstance(value, Record):
            raise CliError(f"{path}: {game.name} read a {type(value).__name__}, not a Record")
        final = _final_state(game, value, path)
        detail = f"{len(value.actions)} action(s) replayed, {_status(game, final)}"
    elif kind == "state":
        detail = f"digest {game.digest(value)}, {_status(game, value)}"
    elif kind == "view":
        detail = _view_detail(game, value)
    elif kind == "action":
        detail = _notation(game, value)
    elif kind == "config" and _is_default(game, value):
        detail = "the default settings"
    else:
        detail = _short(repr(value))
    io.out(f"OK: {game.name} {kind}: {detail}")
    return 0


def _view_detail(game: AnyGame, view: Any) -> str:
    """Who is to act in a view and how many answers it has (when the game can tell from it)."""
    try:
        seat = game.current_player(view)
        if seat is None:
            return "game over"
        legal = game.legal_actions(view)
    except Exception:  # a view of a seat that is not to act may not list actions
        return "readable"
    return f"seat {seat} to act ({len(legal)} legal action{'s' if len(legal) != 1 else ''})"


def _is_default(game: AnyGame, config: Any) -> bool:
    try:
        return bool(config == game.config_type())
    except Exception:  # a config type that needs arguments
        return False


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- the parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Play, simulate, replay and check the games of tabletop-rules.",
        epilog="Games are found through the 'tabletop_rules.games' entry-point group.",
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("games", help="list the installed games")
    p.set_defaults(handler=_cmd_games)

    p = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal. Seats without an agent are played by you.",
    )
    p.add_argument("game", metavar="GAME", help="the game's name (see: tabletop games)")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--seed", type=int, help="the seed of the set-up (default: a random one)")
    start.add_argument("--resume", metavar="FILE", help="continue a game saved with --save")
    p.add_argument("--config", metavar="FILE", help="a config file (game.dumps(config))")
    p.add_argument("--seat", type=int, default=0, help="your seat (default: 0)")
    p.add_argument(
        "--agent",
        action="append",
        metavar="NAME",
        help="an agent for the next seat that is not yours (repeat for more seats)",
    )
    p.add_argument("--save", metavar="FILE", help="save the game as a record when done or on quit")
    p.set_defaults(handler=_cmd_play)

    p = sub.add_parser(
        "simulate",
        help="play many games with agents and summarise them",
        description="Play many games with agents; game i uses seed SEED + i.",
    )
    p.add_argument("game", metavar="GAME", help="the game's name (see: tabletop games)")
    p.add_argument("--games", type=_positive, default=100, metavar="N", help="default: 100")
    p.add_argument("--seed", type=int, default=0, help="the first seed (default: 0)")
    p.add_argument(
        "--agent",
        action="append",
        metavar="NAME",
        help="the agent of every seat, or repeated: one per seat (default: random)",
    )
    p.add_argument("--config", metavar="FILE", help="a config file (game.dumps(config))")
    p.add_argument("--jobs", type=_positive, default=1, metavar="N", help="worker processes")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on standard error")
    p.set_defaults(handler=_cmd_simulate)

    p = sub.add_parser("replay", help="replay a saved record", description="Replay a record.")
    p.add_argument("file", metavar="FILE", help="a record file ('-' reads standard input)")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the result")
    p.set_defaults(handler=_cmd_replay)

    p = sub.add_parser(
        "validate",
        help="check a saved state, view, action, config, record or event",
        description="Check that a file can be read; a record is replayed to its end.",
    )
    p.add_argument("file", metavar="FILE", help="the file ('-' reads standard input)")
    p.set_defaults(handler=_cmd_validate)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the ``tabletop`` command and return its exit code.

    Args:
        argv: the arguments after the program name (default: ``sys.argv[1:]``).
        stdin: where ``play`` reads moves and ``-`` files are read from (default: ``sys.stdin``).
        stdout: where results go (default: ``sys.stdout``).
        stderr: where errors and progress go (default: ``sys.stderr``).

    Returns:
        ``0`` on success, ``1`` after an error (reported on ``stderr`` as one line starting
        ``tabletop: error:``), ``2`` for a usage error, ``130`` when interrupted.
    """
    io = _Io(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    parser = _parser()
    try:
        with redirect_stdout(io.stdout), redirect_stderr(io.stderr):
            args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    handler: Callable[[argparse.Namespace, _Io], int] = args.handler
    try:
        return handler(args, io)
    except CliError as exc:
        io.err(f"tabletop: error: {exc}")
        return 1
    except KeyboardInterrupt:
        io.err("\ntabletop: interrupted")
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
