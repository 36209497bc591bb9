"""The commands that look without playing: ``games``, ``replay`` and ``validate``."""

from __future__ import annotations

import argparse
from typing import Any

from .._agent_spec import agents_of
from .._record import Record
from .._values import CHANCE
from ._errors import CliError
from ._games import (
    GROUP,
    AnyGame,
    _envelope,
    _final_state,
    _load_entry_point,
    _load_game,
    _load_record,
    _loads,
    _notation,
    _registered,
    _replay_all,
)
from ._io import _Io, _read_text
from ._text import _outcome_text, _seats_text, _short, _solitaire

# The kinds tabletop validate reads; documented in the public face, tabletop_rules.cli.
KINDS = ("state", "view", "action", "config", "record", "event")


def _cmd_games(args: argparse.Namespace, io: _Io) -> int:
    """List the registered games."""
    rows = [("NAME", "TITLE", "SEATS", "AGENTS")]
    for name, ep in sorted(_registered().items()):
        try:
            game = _load_entry_point(ep)
        except CliError as exc:
            io.err(f"tabletop: warning: {exc}")
            continue
        rows.append((name, game.title, _seats_text(game), ", ".join(agents_of(game)) or "-"))
    if len(rows) == 1:
        io.out(f"No games are installed (none registered in the {GROUP!r} entry-point group).")
        return 0
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        cells = [cell.ljust(w) for cell, w in zip(row, widths, strict=False)]
        io.out("  ".join([*cells, row[3]]))
    return 0


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
            who = "chance  " if seat == CHANCE else f"seat {seat}  " if multi else ""
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
    if seat == CHANCE:
        return f"not over, chance to draw ({len(game.legal_actions(state))} outcomes)"
    legal = game.legal_actions(game.view(state, seat))
    return f"not over, seat {seat} to act ({len(legal)} legal actions)"


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
        if seat == CHANCE:
            return "chance to draw"
        legal = game.legal_actions(view)
    except Exception:  # a view of a seat that is not to act may not list actions
        return "readable"
    return f"seat {seat} to act ({len(legal)} legal action{'s' if len(legal) != 1 else ''})"


def _is_default(game: AnyGame, config: Any) -> bool:
    try:
        return bool(config == game.config_type())
    except Exception:  # a config type that needs arguments
        return False
