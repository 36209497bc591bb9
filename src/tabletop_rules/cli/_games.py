"""Finding and loading the games: entry points, agents, and the files a game wrote.

Everything a command needs to turn a name or a saved file into a ``Game`` and its values, with
failures turned into a :class:`CliError` that names the game or the file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib.metadata import EntryPoint
from typing import Any

from .. import _registry
from .._agent_spec import make_agent
from .._agents import Agent
from .._errors import IllegalActionError, ReplayError, RulesError, StateFormatError
from .._game import Game, replay
from .._record import Record
from .._serial import parse_json
from ._errors import CliError
from ._io import _Io, _read_text

# The entry-point group of the games; documented in the public face, tabletop_rules.cli.
GROUP = _registry.GROUP

AnyGame = Game[Any, Any]

_registered = _registry.registered_games


def _load_entry_point(ep: EntryPoint) -> AnyGame:
    """Load one entry point and check that it is a ``Game``."""
    try:
        return _registry.load_entry_point(ep)
    except LookupError as exc:
        raise CliError(str(exc)) from None


def _load_game(name: str) -> AnyGame:
    """The game ``name`` names (:func:`tabletop_rules.load_game`: registered, or
    ``module:attribute``), or a :class:`CliError` saying why not."""
    try:
        return _registry.load_game(name)
    except LookupError as exc:
        raise CliError(str(exc)) from None


def _make_agent(game: AnyGame, spec: str) -> Agent[Any]:
    """A new agent from its text (:func:`tabletop_rules.make_agent`: a name of the game's agents
    or ``module:attribute``, with options in parentheses), or a :class:`CliError` saying what is
    wrong. A module is looked for in the current directory first, as ``python -m`` would."""
    try:
        return make_agent(game, spec)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _json_object(path: str, text: str, refusal: str) -> dict[str, Any]:
    """The JSON object ``text`` (read from ``path``) holds, or a :class:`CliError`: the place of
    a syntax error, or ``refusal`` when the value is not an object."""
    try:
        data = parse_json(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            f"{path}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except ValueError as exc:
        raise CliError(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CliError(f"{path}: {refusal.format(type(data).__name__)}")
    return data


def _envelope(path: str, text: str) -> tuple[str, str]:
    """The ``game`` and ``kind`` fields of the envelope in ``text`` (read from ``path``)."""
    data = _json_object(path, text, "not a tabletop-rules file (expected a JSON object)")
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


def _load_config(game: AnyGame, source: str, io: _Io) -> Any:
    """The config ``--config`` names: a file (``-`` is standard input) or, when ``source``
    starts with ``{``, JSON text given inline. Either holds the envelope ``game.dumps(config)``
    writes, or a JSON object of some of the config's options (``{"heroes": ["bjorn"]}``),
    which are put over the defaults of ``game.config_type()``."""
    inline = source.lstrip().startswith("{")
    where = "--config" if inline else source
    text = source if inline else _read_text(source, io)
    data = _json_object(where, text, "a config is a JSON object, not {}")
    if "game" in data or "kind" in data:
        name, kind = _envelope(where, text)
        if name != game.name or kind != "config":
            raise CliError(f"{where}: holds a {name} {kind}, not a {game.name} config")
        return _loads(game, where, text, "config")
    defaults = _default_config(game)
    options = defaults["data"]
    unknown = sorted(set(data) - set(options))
    if unknown:
        raise CliError(
            f"{where}: {game.name} has no option {unknown[0]!r} (its options: "
            f"{', '.join(sorted(options))})"
        )
    envelope = {**defaults, "data": {**options, **data}}
    return _loads(game, where, json.dumps(envelope), "config")


def _default_config(game: AnyGame) -> dict[str, Any]:
    """The envelope of the game's default config, as JSON data."""
    try:
        defaults: Any = json.loads(game.dumps(game.config_type()))
    except Exception as exc:  # a game whose config has no defaults, or cannot be written
        raise CliError(
            f"{game.name} has no default config to put options over ({type(exc).__name__}:"
            f" {exc}); give a whole config file"
        ) from None
    if not isinstance(defaults, dict) or not isinstance(defaults.get("data"), dict):
        raise CliError(f"{game.name} does not write its config as a JSON object of options")
    return defaults


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
