#!/usr/bin/env python3
"""A reference web front end for tabletop-rules: a small JSON API and one page per game.

Run it from the repository root, with the library installed (``pip install -e .``)::

    python examples/web/server.py              # then open http://127.0.0.1:8000/
    python examples/web/server.py --port 0     # any free port
    python examples/web/server.py --help       # every limit, each an option

Agents think in worker processes (the same script, started with ``--think``), each decision
within ``--agent-time`` seconds, and play on in the background: a request waits for them at most
``--agent-wait`` seconds. A match with no person seated is refused unless ``--agent-matches``
allows some.

It uses the standard library and the public API of tabletop-rules only: the games are found
through the ``tabletop_rules.games`` entry points, each a :class:`tabletop_rules.Game`. The server
keeps every state in memory; a client gets only what one seat may know — its view, its question
and legal actions, the events it may see — never the state, its generator or a secret seed.

Creating a match answers with a secret for each seat a person plays. A request that speaks for a
seat — playing, or reading that seat's view, question or events (``?seat=N``) — must carry that
seat's secret as ``Authorization: Bearer <secret>``. Without ``seat`` a request gets the public
view: what anyone watching may know.

Routes (JSON in and out; a refused request gets ``{"error": "..."}`` and an HTTP status):

=======  ==============================  ===================================================
GET      ``/``, ``/play/<game>``         the page: the list of games, one game's table
GET      ``/api/games``                  the installed games: title, seats, agents, options
POST     ``/api/setup``                  ``{game, options}``: how many seats that config has
POST     ``/api/matches``                ``{game, seed?, options?, players?}``: a new match
GET      ``/api/matches/<id>``           whose turn, the players, the move count, the outcome
GET      ``/api/matches/<id>/view``      ``[?seat=N]``: that seat's view and picture, or public
GET      ``/api/matches/<id>/decision``  ``[?seat=N]``: the question, its actions, their picture
POST     ``/api/matches/<id>/actions``   ``{seat, index}``: play; agents and chance follow
GET      ``/api/matches/<id>/events``    ``[?seat=N][&since=K]``: what that seat may see, news
DELETE   ``/api/matches/<id>``           with the match's ``owner`` secret: leave and drop it
=======  ==============================  ===================================================
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import hmac
import inspect
import ipaddress
import json
import os
import pickle
import queue
import re
import secrets
import struct
import subprocess
import sys
import threading
import time
import traceback
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from email.message import Message
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, Any, cast
from urllib.parse import parse_qs, urlsplit

import attrs

from tabletop_rules import (
    CHANCE,
    Agent,
    Game,
    RandomAgent,
    Rng,
    RulesError,
    agents_of,
    load_game,
    parse_json,
    plural,
    registered_games,
    sample_chance,
)

__all__ = [
    "CONTENT_OPTIONS",
    "PUBLIC_VIEWS",
    "Api",
    "ApiError",
    "Limits",
    "Match",
    "Request",
    "WebServer",
    "load_games",
    "main",
    "make_server",
    "option_form",
    "options",
]

AnyGame = Game[Any, Any]
Json = dict[str, Any]
Query = Mapping[str, list[str]]

HUMAN = "human"
"""The player name of a seat answered by a person through the API (the others name an agent)."""
PAGE = Path(__file__).with_name("page.html")
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
"""The ``Host`` names accepted by default by a server listening on a loopback address."""


def _limit(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class Limits:
    """What one server allows. Every field is an option of the command line (``--max-body``
    for ``max_body`` …) whose help is the field's ``metadata["help"]``; the defaults suit a
    small public server."""

    max_matches: int = _limit(
        1024,
        "matches held in memory; when full, idle ones are dropped, and a new match is refused"
        " (503) if none is: a match someone is playing is never dropped for another",
    )
    max_matches_per_client: int = _limit(
        16,
        "matches one client address may hold; at the cap its oldest finished match makes"
        " room, and a new match is refused (429) if none is finished",
    )
    idle_timeout: float = _limit(
        3600.0, "seconds after the last request naming a match before it may be dropped"
    )
    read_timeout: float = _limit(
        10.0,
        "seconds the server waits on each read of a request, and for a whole body (then 408"
        " and the connection is closed)",
    )
    max_body: int = _limit(64 * 1024, "the largest request body, in bytes (413)")
    max_depth: int = _limit(32, "the deepest nesting of arrays and objects in a body (400)")
    max_connections: int = _limit(
        64, "connections served at once; past it a new one gets 503 and is closed"
    )
    agent_time: float = _limit(
        2.0,
        "seconds an agent may think on one decision; past it the agent is stopped and a random"
        " legal move is played for it (the log says so)",
    )
    agent_wait: float = _limit(
        5.0,
        "seconds a request waits for the agents to play before it answers; they play on in the"
        " background, and the match's status says who is thinking",
    )
    agent_workers: int = _limit(
        1,
        "worker processes the agents think in, one decision at a time each: the most cores"
        " the agents of every match together use",
    )
    agent_matches: int = _limit(
        0,
        "matches with no person seated that may be played at once, in the background (0: such"
        " a match is refused with 403)",
    )


class ApiError(Exception):
    """A refused request: sent as ``{"error": message}`` with ``status`` (and ``headers``)."""

    def __init__(
        self, status: HTTPStatus, message: str, headers: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = dict(headers or {})


@dataclass(frozen=True)
class Request:
    """One request, as the routes see it."""

    method: str
    path: str
    query: Query = field(default_factory=dict)
    body: Json = field(default_factory=dict)
    client: str = ""
    """The client's address: what the per-client limit counts by."""
    secret: str | None = None
    """The credential sent with ``Authorization: Bearer <secret>``, if any."""


Route = Callable[[re.Match[str], Request], tuple[HTTPStatus, Json]]


# -- agents, thinking in worker processes ------------------------------------------------------


def _send(stream: IO[bytes], value: Any) -> None:
    """One message on a pipe: its length, then the value pickled."""
    data = pickle.dumps(value)
    stream.write(struct.pack(">I", len(data)) + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    """One message from a pipe (``EOFError`` when it closed)."""
    head = stream.read(4)
    if len(head) < 4:
        raise EOFError
    (size,) = struct.unpack(">I", head)
    return pickle.loads(stream.read(size))


def think() -> None:
    """A worker process's loop (``server.py --think``): read a decision from standard input —
    the game's name, the agent (pickled), the seat's view (the game's JSON) and the agent's
    generator —, answer with the index of the legal action the agent chose and its generator.
    Only the server that started it writes to it."""
    games = load_games()
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    _send(sink, "ready")
    while True:
        try:
            name, agent, text, rng = _receive(source)
        except EOFError:
            return
        try:
            game = games[name]
            view = game.loads(text, "view")
            legal = game.legal_actions(view)
            action, rng = agent.choose(view, legal, rng)
            _send(sink, (legal.index(action), rng))
        except Exception as exc:  # the agent's failure goes back to the server, in words
            _send(sink, f"{type(exc).__name__}: {exc}")


class _Thinker:
    """One worker process, started when first needed and again after it was stopped."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.answers: queue.Queue[Any] = queue.Queue()

    def start(self) -> subprocess.Popen[bytes]:
        if self.process is not None and self.process.poll() is None:
            return self.process
        paths = os.pathsep.join(path for path in sys.path if path)
        self.process = process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--think"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": paths},
        )
        answers: queue.Queue[Any] = queue.Queue()
        self.answers = answers
        stdout = process.stdout
        assert stdout is not None

        def read() -> None:
            with contextlib.suppress(EOFError, OSError, ValueError):
                while True:
                    answers.put(_receive(stdout))
            answers.put(EOFError())

        threading.Thread(target=read, daemon=True).start()
        if self.answers.get(timeout=120) != "ready":  # the imports are not the agent's time
            raise RuntimeError("an agent worker did not start")
        return process

    def ask(self, job: tuple[str, Agent[Any], str, Rng], seconds: float) -> Any:
        """The worker's answer to ``job``, or ``None`` when it took more than ``seconds`` (then
        the process is stopped: whatever the agent was doing ends with it)."""
        process = self.start()
        assert process.stdin is not None
        try:
            _send(process.stdin, job)
        except (OSError, ValueError):  # the process ended meanwhile
            self.stop()
            return None
        try:
            return self.answers.get(timeout=seconds)
        except queue.Empty:
            self.stop()
            return None

    def stop(self) -> None:
        if self.process is not None:
            with contextlib.suppress(OSError):
                self.process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
            self.process = None


class Thinkers:
    """The worker processes the agents think in: ``workers`` of them, each one decision at a
    time, each decision stopped after ``seconds``. An agent of a game the workers cannot load
    by its name (one given to :class:`Api` that no entry point installs) thinks in the
    server's own thread, bounded by the request's wait only."""

    def __init__(self, workers: int, seconds: float) -> None:
        self.seconds = seconds
        self.idle: queue.Queue[_Thinker] = queue.Queue()
        self.all = [_Thinker() for _ in range(max(1, workers))]
        for thinker in self.all:
            self.idle.put(thinker)
        self.installed = load_games()
        self.closed = False

    def choose(
        self, game: AnyGame, agent: Agent[Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng, str | None]:
        """The agent's action and generator, and a note when it was not the agent's own choice
        (it took too long, or failed): then a random legal action, drawn with its generator."""
        if self.installed.get(game.name) is not game:
            action, rng = agent.choose(view, legal, rng)
            return action, rng, None
        thinker = self.idle.get()
        try:
            if self.closed:  # the server is stopping: no new process
                answer: Any = "the server stopped"
            else:
                answer = thinker.ask((game.name, agent, game.dumps(view), rng), self.seconds)
        finally:
            self.idle.put(thinker)
        if isinstance(answer, tuple) and 0 <= answer[0] < len(legal):
            return legal[answer[0]], answer[1], None
        why = (
            f"took more than {self.seconds:g} s"
            if answer is None
            else f"failed ({answer})"
            if isinstance(answer, str)
            else "failed"
        )
        action, rng = RandomAgent().choose(view, legal, rng)
        return action, rng, f"{why}: a random move was played for it"

    def close(self) -> None:
        """Stop every worker process."""
        self.closed = True
        for thinker in self.all:
            thinker.stop()


def load_games() -> dict[str, AnyGame]:
    """The installed games by name, as :func:`tabletop_rules.load_game` finds them (the
    ``tabletop_rules.games`` entry points); one that does not load as a game is left out, with a
    line on standard error saying why."""
    games: dict[str, AnyGame] = {}
    for name in registered_games():
        try:
            games[name] = load_game(name)
        except LookupError as exc:
            print(f"server.py: left out: {exc}", file=sys.stderr)
    return games


# -- what a match shows to people without a seat --------------------------------------------


def _open_view(game: AnyGame, state: Any) -> Any:
    """Seat 0's view, for a game whose views hold nothing a seat knows alone."""
    return game.view(state, 0)


def _blank_hands(game: AnyGame, state: Any) -> Any:
    """Seat 0's view with every hero's hand written as Grimheim writes hidden cards (``""``)."""
    own = game.view(state, 0)
    heroes = tuple(attrs.evolve(hero, hand=("",) * len(hero.hand)) for hero in own.heroes)
    return attrs.evolve(own, heroes=heroes)


PUBLIC_VIEWS: dict[str, Callable[[AnyGame, Any], Any]] = {
    # One player; everything is open but the deck's order, which the view hides.
    "goblinguard": _open_view,
    # Every card drawn is shown to everyone: the seats' views differ only in whose they are.
    "kinmarr": _open_view,
    # Each hero's hand is its own: a spectator sees every hand as the other heroes do.
    "grimheim": _blank_hands,
}
"""How each game's public view — what a spectator may see — is made from the state. A game not
listed has none: without a seat's secret, a client gets its status and public events only."""


def _no_more_than(public: Any, seen: Any) -> bool:
    """Whether the JSON ``public`` shows nothing that ``seen`` (one seat's view) does not: the
    same value everywhere, or a hidden card (``""``) where the seat sees one."""
    if isinstance(public, dict) and isinstance(seen, dict):
        return public.keys() == seen.keys() and all(
            _no_more_than(public[k], seen[k]) for k in public
        )
    if isinstance(public, list) and isinstance(seen, list):
        return len(public) == len(seen) and all(map(_no_more_than, public, seen))
    return bool(public == seen or (public == "" and isinstance(seen, str)))


# -- the options form -----------------------------------------------------------------------


def _deck_text(cards: Sequence[Any]) -> str:
    """A goblinguard deck in its pack format, a card a line, as ``content/standard.json``."""
    lines = [json.dumps({"id": card.id, "layout": card.layout}) for card in cards]
    return '{"cards": [\n  ' + ",\n  ".join(lines) + "\n]}"


CONTENT_OPTIONS: dict[str, Callable[[Any], dict[str, Json]]] = {
    "grimheim": lambda config: {
        "heroes": {"choices": [[hero.id, hero.name] for hero in config.pack.heroes]}
    },
    "kinmarr": lambda config: {
        "guilds": {"choices": [[guild.id, guild.name] for guild in config.content.guilds]}
    },
    "goblinguard": lambda config: {
        "deck": {
            "kind": "deck",
            "key": "cards",
            "replaces": ["pack", "version", "digest"],
            "default": _deck_text(config.deck),
            "help": "the cards in play, in the pack format of goblinguard's content files: each"
            " an id (1 to 32 letters, digits, '_', '.' or '-') and a layout, two rows of two"
            " cells such as GX/HH (G guard, X goblin, O hobgoblin, H house; F fort, W"
            " watchtower, B barracks: at most one, and then no goblin)",
        }
    },
}
"""What the page's form offers beyond a config's field types, from each game's content: the
heroes and guilds to choose from, and goblinguard's deck as text in its pack format. A ``deck``
field replaces the config's pack reference (``replaces``) with its cards (``key``)."""


DEVELOPER_OPTIONS = frozenset({"chance", "order", "deck", "players_decide"})
"""Options the page folds away under *More options*, whatever their type: the chance mode (for
a debugger or a solver), a fixed order of the cards, a custom deck, who decides the monsters'
choices."""


def _field_types(cls: type) -> dict[str, Any]:
    """The config's field types, resolved where the class was written (``{}`` if they cannot
    be: the form then goes by the default values)."""
    namespace: dict[str, Any] = dict(vars(typing))
    for name, value in vars(cls).items():
        if name.startswith("__") and name != "__attrs_post_init__":
            continue  # attrs's generated methods: their globals are attrs's own
        namespace.update(getattr(getattr(value, "fget", value), "__globals__", {}))
    namespace.update(vars(sys.modules.get(cls.__module__, typing)))
    try:
        return typing.get_type_hints(cls, globalns=namespace)
    except Exception:  # a third-party config whose annotations cannot be resolved here
        return {}


def _field_kind(hint: Any, default: Any) -> Json:
    """The form input for a type: ``bool``, ``int``, ``choice``, ``text`` or ``names``."""
    optional = False
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        kept = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        optional, hint = len(kept) == 1, kept[0] if len(kept) == 1 else object
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is None:  # no type known: the default value says
        hint = {bool: bool, int: int, str: str}.get(type(default), object)
        if isinstance(default, list) and all(isinstance(x, str) for x in default):
            origin, args = tuple, (str, ...)
    if hint is bool:
        return {"kind": "bool"}
    if hint is int:
        return {"kind": "int", "optional": optional}
    if hint is str:
        return {"kind": "text", "optional": optional}
    if origin is typing.Literal and all(isinstance(arg, str) for arg in args):
        return {"kind": "choice", "choices": [[arg, arg] for arg in args]}
    if origin is tuple and args == (str, ...):
        return {"kind": "names", "optional": optional}
    return {}


def _attribute_docs(cls: type) -> dict[str, str]:
    """The lines of the class's ``Attributes:`` section, by name."""
    docs: dict[str, str] = {}
    name, inside = None, False
    for line in inspect.cleandoc(cls.__doc__ or "").splitlines():
        if line.strip() == "Attributes:":
            inside = True
        elif inside and (found := re.fullmatch(r" {4}(\w+)(?: \([^)]*\))?: (.*)", line)):
            name = found[1]
            docs[name] = found[2]
        elif inside and name and line.startswith(" " * 8):
            docs[name] += " " + line.strip()
        elif inside and line.strip():
            name, inside = None, not line[0].isalpha()
    # Sphinx's markup, as plain text: :func:`~kinmarr.X` -> X, ``"short"`` -> "short"; and
    # the rulings' codes, (G6) or (K4, revised), are for the docs, not for a player.
    plain = {
        k: re.sub(r":\w+:`~?(?:[\w.]*\.)?([^`]+)`|``([^`]*)``", r"\1\2", v) for k, v in docs.items()
    }
    codes = (
        r" ?\((?:[A-Z][0-9]{1,3}(?:, ?|(?=\)))|revised|see [^)]*)+\)"
        r"|\b[A-Z][0-9]{1,3}, |, [A-Z][0-9]{1,3}(?=\))"
    )
    return {k: re.sub(codes, "", re.sub(codes, "", v)) for k, v in plain.items()}


def option_form(game: AnyGame) -> list[Json]:
    """The fields of the game's config that the page's form offers, each ``{name, label,
    kind, default, help}`` and, by kind, ``optional``, ``choices`` (``[value, label]`` pairs)
    or, for a ``deck``, ``key`` and ``replaces``; ``more``: a developer's option (the chance
    mode, a fixed order, a deck, numbers), which the page folds away. Fields of other types keep
    their default."""
    cls = game.config_type
    config = cls()
    defaults = json.loads(game.dumps(config))["data"]
    hints, docs = _field_types(cls), _attribute_docs(cls)
    extra = CONTENT_OPTIONS.get(game.name, lambda _: {})(config)
    form = []
    for attribute in attrs.fields(cls):
        name = attribute.name
        if not attribute.init or (name not in defaults and name not in extra):
            continue
        spec: Json = {"name": name, "label": name.replace("_", " "), "help": docs.get(name, "")}
        spec.update(_field_kind(hints.get(name), defaults.get(name)))
        spec.update(extra.get(name, {}))
        if "kind" in spec:
            spec.setdefault("default", defaults.get(name))
            spec["more"] = name in DEVELOPER_OPTIONS or (
                spec["kind"] in ("int", "text", "deck")
                or (spec["kind"] == "names" and "choices" not in spec)
            )
            form.append(spec)
    return form


# -- matches ----------------------------------------------------------------------------------


@dataclass
class Match:
    """One game being played. Only the server sees ``state``, the generators and the secrets."""

    game: AnyGame
    state: Any
    players: list[str]
    """``HUMAN`` or an agent's name, per seat."""
    agents: dict[int, Agent[Any]]
    rngs: dict[int, Rng]
    """Each agent's generator, and the chance stream under ``CHANCE``."""
    logs: list[list[Json]]
    """Per seat: every move it may know of and the events it may see, in order."""
    sent: list[int]
    """Per seat: how much of its log it has been sent."""
    moves: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    secrets: list[str | None] = field(default_factory=list)
    """Per seat: the secret that speaks for it (``None`` for an agent's seat)."""
    public: list[Json] = field(default_factory=list)
    """The moves and events every seat may know of: the log of people without a seat."""
    owner: str = ""
    """The address of the client that created it."""
    owner_secret: str = ""
    """The secret that may end it (``DELETE``): its creator's."""
    touched: float = 0.0
    """When a request last named it (the server's clock)."""
    public_view: Callable[[AnyGame, Any], Any] | None = None
    """How its public view is made (:data:`PUBLIC_VIEWS`), for the public log's words."""
    left: bool = False
    """It was ended: its agents stop."""
    driving: bool = False
    """Its agents (or chance) are playing, in the background."""
    changed: threading.Condition = field(init=False)

    def __post_init__(self) -> None:
        self.changed = threading.Condition(self.lock)

    def play(self, seat: int, action: Any, note: str | None = None) -> None:
        """Apply ``action`` for ``seat`` (or ``CHANCE``), and log it: the move, in the game's
        words, for every seat that may know which move it was (and the public log, when every
        seat may), then the events each seat may see, each in that seat's view. ``note``: what
        the log adds (an agent that took too long)."""
        game, before = self.game, self.state
        result = game.step(self.state, action, seat=seat)
        self.state = result.state
        public = self.public_view
        if seat != CHANCE:
            self.moves += 1
            move = {"by": seat, "move": game.notation(action), **({"note": note} if note else {})}
            seers: list[tuple[int | None, Callable[[Any], Any]]] = [
                (viewer, functools.partial(_view_of, game, viewer))
                for viewer in range(len(self.logs))
            ]
            if public is not None:
                seers.append((None, functools.partial(public, game)))

            @functools.cache
            def others() -> list[Any]:
                return _alternatives(game, before, seat, action)

            for viewer, see in seers:
                if viewer == seat or _told(game, before, seat, action, self.state, see, others):
                    entry = {**move, **_words(game, see(before), action)}
                    (self.public if viewer is None else self.logs[viewer]).append(entry)
        for viewer, log in enumerate(self.logs):
            events = result.events_for(viewer)  # PrivateEvents only reach their seen_by
            seen = game.view(result.state, viewer)
            for event in events:
                entry = {"by": seat, "event": json.loads(game.dumps(event))}
                log.append({**entry, **_words(game, seen, event)})
            changes = _said(game, game.view(before, viewer), seen)
            if changes:
                log.append({"by": seat, "change": changes})
        shown = public(game, result.state) if public is not None else None
        for event in result.events:
            if getattr(event, "seen_by", None) is None:  # public: the spectators' log too
                entry = {"by": seat, "event": json.loads(game.dumps(event))}
                self.public.append({**entry, **_words(game, shown, event)})
        if public is not None and (changes := _said(game, public(game, before), shown)):
            self.public.append({"by": seat, "change": changes})
        self.changed.notify_all()

    def waiting(self) -> bool:
        """Whether chance or an agent must answer now (the match plays on without a person)."""
        seat = self.game.current_player(self.state)
        return seat is not None and (seat == CHANCE or seat in self.agents) and not self.left

    def advance(self, thinkers: Thinkers) -> None:
        """Let chance and the agents answer, as ``tabletop_rules.play`` does, until a person
        must answer, the game is over or the match was ended. Each agent is given its seat's
        view, never the state, and thinks in ``thinkers`` (outside the match's lock, so the
        match can be read meanwhile)."""
        game = self.game
        while True:
            with self.lock:
                if not self.waiting():
                    self.driving = False
                    self.changed.notify_all()
                    return
                seat = game.current_player(self.state)
                assert seat is not None  # waiting() says so
                if seat == CHANCE:
                    action, self.rngs[CHANCE] = sample_chance(game, self.state, self.rngs[CHANCE])
                    self.play(CHANCE, action)
                    continue
                before, view = self.state, game.view(self.state, seat)
                legal, agent, rng = game.legal_actions(view), self.agents[seat], self.rngs[seat]
            action, rng, note = thinkers.choose(game, agent, view, legal, rng)
            with self.lock:
                if self.left or self.state is not before:
                    self.driving = False
                    self.changed.notify_all()
                    return
                self.rngs[seat] = rng
                self.play(seat, action, note and f"{self.players[seat]} {note}")

    def status(self) -> Json:
        """What everyone may know: the players, whose turn it is, whether agents are thinking,
        the outcome at the end (with its words)."""
        outcome = self.game.outcome(self.state)
        to_act = self.game.current_player(self.state)
        said = {} if outcome is None else _words(self.game, self.state, outcome)
        return {
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "to_act": to_act,
            "over": to_act is None,
            "thinking": self.waiting(),
            "moves": self.moves,
            "outcome": None if outcome is None else json.loads(_json(attrs.asdict(outcome))),
            **({"outcome_text": said["text"]} if "text" in said else {}),
        }


def _view_of(game: AnyGame, seat: int, state: Any) -> Any:
    """``seat``'s view of ``state``."""
    return game.view(state, seat)


def _alternatives(game: AnyGame, world: Any, seat: int, action: Any) -> list[Any]:
    """The positions the other moves of ``action``'s kind by ``seat`` lead to from ``world``."""
    try:
        if game.current_player(world) != seat:
            return []
        others = [a for a in game.legal_actions(world) if type(a) is type(action) and a != action]
        return [game.apply(world, other) for other in others]
    except (RulesError, ValueError):
        return []


def _known(game: AnyGame, view: Any) -> Any:
    """What a view shows, whoever's it is: its JSON without its ``seat``."""
    data = json.loads(game.dumps(view))["data"]
    data.pop("seat", None)
    return data


def _told(
    game: AnyGame,
    before: Any,
    seat: int,
    action: Any,
    after: Any,
    see: Callable[[Any], Any],
    others: Callable[[], Sequence[Any]],
) -> bool:
    """Whether whoever sees the game through ``see`` (a seat's view, or the public one) may be
    told which move ``seat`` made: when they see all the mover saw (in Fated Kingdom everyone
    does), or when no other move of the same kind, from this position or from the position
    with what they cannot see dealt afresh (``redeal``), looks the same to them. Otherwise the
    move's words could name a card they may not know (which card was discarded), and they
    learn of it through its events only. ``others``: the :func:`_alternatives` of the move
    from ``before``."""
    earlier = see(before)
    if isinstance(earlier, game.view_type) and _known(game, earlier) == _known(
        game, game.view(before, seat)
    ):
        return True
    seen = see(after)
    if any(see(other) == seen for other in others()):
        return False
    if isinstance(earlier, game.view_type):
        try:
            world = game.redeal(earlier, 1)
        except (RulesError, ValueError, TypeError):
            return True
        if any(see(other) == seen for other in _alternatives(game, world, seat, action)):
            return False
    return True


def _words(game: AnyGame, position: Any, what: Any) -> Json:
    """``{"text": ...}``: the game's ``describe`` of an event, an action, a decision or an
    outcome in ``position`` (the view of the seat the words are for); ``{}`` for a game without
    words, or without a position to read them in (a spectator of a game with no public view),
    and for a decision or an outcome its ``describe`` does not say."""
    if game.describe is None or position is None:
        return {}
    try:
        return {"text": game.describe(position, what)}
    except TypeError:
        return {}


def _said(game: AnyGame, earlier: Any, later: Any) -> str:
    """What changed from ``earlier`` to ``later`` that no event says, in the game's words (a
    game's ``describe`` of a later position); ``""`` for nothing."""
    if earlier is None or later is None:
        return ""
    return str(_words(game, earlier, later).get("text", ""))


def _json(value: Any) -> str:
    return json.dumps(value, default=str, separators=(",", ":"))


def _number(text: str) -> int | None:
    """A small non-negative integer written in ASCII digits, else ``None``."""
    return int(text) if re.fullmatch(r"[0-9]{1,9}", text) else None


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest in a parsed JSON value (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            stack.extend(
                (x, depth + 1) for x in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


_KINDS = {str: "a string", int: "an integer", dict: "an object", list: "an array"}
_ABSENT: Any = object()


def _get(body: Json, key: str, kind: type, default: Any = _ABSENT) -> Any:
    """``body[key]``, checked to be a ``kind``; ``default`` when it is absent or ``null``."""
    value = body.get(key)
    if value is None:
        if default is _ABSENT:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"missing field {key!r}")
        return default
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ApiError(HTTPStatus.BAD_REQUEST, f"{key!r} must be {_KINDS[kind]}")
    return value


class Api:
    """The routes, without HTTP: each takes the path's parts and the :class:`Request`.

    Args:
        games: the games by name (default: the installed ones).
        limits: how many matches to hold, for how long (the other limits are the server's).
        public_views: how each game's public view is made (default: :data:`PUBLIC_VIEWS`).
        clock: seconds, for the idle timeout (default: :func:`time.monotonic`).
    """

    def __init__(
        self,
        games: Mapping[str, AnyGame] | None = None,
        *,
        limits: Limits | None = None,
        public_views: Mapping[str, Callable[[AnyGame, Any], Any]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.games = dict(load_games() if games is None else games)
        self.limits = limits or Limits()
        self.public_views = dict(PUBLIC_VIEWS if public_views is None else public_views)
        self.clock = clock
        self.forms = {name: option_form(game) for name, game in self.games.items()}
        self.thinkers = Thinkers(self.limits.agent_workers, self.limits.agent_time)
        self.matches: dict[str, Match] = {}
        self._lock = threading.Lock()
        self.routes: list[tuple[str, re.Pattern[str], Route]] = [
            ("GET", re.compile(r"/api/games"), self.catalogue),
            ("POST", re.compile(r"/api/setup"), self.setup),
            ("POST", re.compile(r"/api/matches"), self.create),
            ("GET", re.compile(r"/api/matches/([\w-]+)"), self.status),
            ("DELETE", re.compile(r"/api/matches/([\w-]+)"), self.leave),
            ("GET", re.compile(r"/api/matches/([\w-]+)/view"), self.view),
            ("GET", re.compile(r"/api/matches/([\w-]+)/decision"), self.decision),
            ("POST", re.compile(r"/api/matches/([\w-]+)/actions"), self.act),
            ("GET", re.compile(r"/api/matches/([\w-]+)/events"), self.events),
        ]

    def handle(self, request: Request) -> tuple[HTTPStatus, Json]:
        """Answer one request; raises :class:`ApiError` to refuse it."""
        allowed = []
        for verb, pattern, route in self.routes:
            if found := pattern.fullmatch(request.path):
                if verb == request.method:
                    return route(found, request)
                allowed.append(verb)
        if allowed:
            message = f"{request.path} accepts {', '.join(allowed)}"
            raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, message)
        raise ApiError(HTTPStatus.NOT_FOUND, f"no route {request.path}")

    def game(self, name: str) -> AnyGame:
        """The installed game ``name``, or a 404."""
        if name not in self.games:
            known = ", ".join(sorted(self.games))
            raise ApiError(HTTPStatus.NOT_FOUND, f"unknown game {name!r} (installed: {known})")
        return self.games[name]

    def catalogue(self, _: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``GET /api/games``."""
        games = [
            {
                "name": game.name,
                "title": game.title,
                "seats": list(game.seats),
                "agents": list(agents_of(game)),
                "options": json.loads(game.dumps(game.config_type()))["data"],
                "form": self.forms[game.name],
                "svg": game.render_svg is not None,
            }
            for game in self.games.values()
        ]
        return HTTPStatus.OK, {"games": games}

    def config(self, game: AnyGame, options: Json) -> Any:
        """The game's default config with ``options`` replacing some of its JSON fields; the
        game's own ``loads`` checks them (an unknown key, a wrong type, a value out of range).
        A ``deck`` field of the form (goblinguard's) is text in the game's pack format."""
        envelope = json.loads(game.dumps(game.config_type()))
        data, options = envelope["data"], dict(options)
        for spec in self.forms.get(game.name, []):
            if spec["kind"] == "deck" and (spec["name"] in options or spec["key"] in options):
                for key in spec["replaces"]:
                    data.pop(key, None)
                if spec["name"] in options:
                    options[spec["key"]] = self.deck(options.pop(spec["name"]), spec["key"])
        data.update(options)
        try:
            return game.loads(json.dumps(envelope), "config")
        except (RulesError, ValueError, TypeError) as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"bad options: {exc}") from None

    def deck(self, text: object, key: str) -> Any:
        """The cards of a deck written as text: a pack (``{"cards": [...]}``) or a list."""
        if not isinstance(text, str):
            raise ApiError(HTTPStatus.BAD_REQUEST, "a deck must be text")
        try:
            pack = parse_json(text)
        except ValueError as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"bad deck: not JSON ({exc})") from None
        cards = pack.get(key) if isinstance(pack, dict) else pack
        if not isinstance(cards, list) or _depth(cards) > self.limits.max_depth:
            raise ApiError(HTTPStatus.BAD_REQUEST, f'bad deck: expected {{"{key}": [...]}}')
        return cards

    def setup(self, _: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``POST /api/setup``: check options; the number of seats they make."""
        game = self.game(_get(request.body, "game", str))
        config = self.config(game, _get(request.body, "options", dict, {}))
        return HTTPStatus.OK, {"game": game.name, "seats": game.seat_count(config)}

    def make_room(self, client: str) -> None:
        """Drop idle matches; refuse a new one from ``client`` if it may hold no more (429) or
        the server is full (503). Never drops a match someone is playing."""
        limits, now = self.limits, self.clock()
        for match_id, match in list(self.matches.items()):
            if now - match.touched > limits.idle_timeout:
                del self.matches[match_id]
        mine = [i for i, m in self.matches.items() if m.owner == client]
        if len(mine) >= limits.max_matches_per_client:
            over = [i for i in mine if self.matches[i].game.is_over(self.matches[i].state)]
            if not over:
                raise ApiError(
                    HTTPStatus.TOO_MANY_REQUESTS,
                    f"at most {limits.max_matches_per_client} matches per client: finish one,"
                    f" or wait until one has been idle for {limits.idle_timeout:g} s",
                    {"Retry-After": str(int(limits.idle_timeout))},
                )
            del self.matches[over[0]]  # the client's own oldest finished match
        if len(self.matches) >= limits.max_matches:
            raise ApiError(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"the server holds {limits.max_matches} matches: try again later",
                {"Retry-After": "60"},
            )

    def create(self, _: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``POST /api/matches``: set up a game; agents and chance play until a person must.
        The answer holds each person's seat's secret; only its creator ever gets them."""
        body = request.body
        with self._lock:
            self.make_room(request.client)  # refuse early, before any work
        game = self.game(_get(body, "game", str))
        config = self.config(game, _get(body, "options", dict, {}))
        # A seed chosen here stays secret: whoever knows it can rebuild every hidden card.
        seed = _get(body, "seed", int, secrets.randbelow(2**63))
        if not 0 <= seed < 2**64:
            raise ApiError(HTTPStatus.BAD_REQUEST, "'seed' must be in 0 .. 2**64 - 1")
        try:
            state = game.new_game(config, seed=seed)
        except (RulesError, ValueError) as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"cannot set up {game.name}: {exc}") from None
        seats = game.seat_count(state)
        players = _get(body, "players", list, [HUMAN] * seats)
        if len(players) != seats or not all(isinstance(p, str) for p in players):
            raise ApiError(HTTPStatus.BAD_REQUEST, f"'players' must name {plural(seats, 'player')}")
        for name in players:
            if name != HUMAN and name not in agents_of(game):
                known = ", ".join([HUMAN, *agents_of(game)])
                raise ApiError(HTTPStatus.BAD_REQUEST, f"unknown player {name!r} ({known})")
        # The generators are split as tabletop_rules.play splits them: one per seat, then chance.
        stream, rngs = Rng.from_seed(seed), {}
        for seat in range(seats):
            rngs[seat], stream = stream.split()
        rngs[CHANCE], stream = stream.split()
        agents = {s: agents_of(game)[p]() for s, p in enumerate(players) if p != HUMAN}
        match = Match(game, state, players, agents, rngs, [[] for _ in players], [0] * seats)
        match.secrets = [secrets.token_urlsafe(18) if p == HUMAN else None for p in players]
        match.owner, match.owner_secret = request.client, secrets.token_urlsafe(18)
        match.public_view = self.public_views.get(game.name)
        with self._lock:
            if HUMAN not in players:
                self.refuse_agents_alone()
            self.make_room(request.client)
            match_id = secrets.token_urlsafe(12)
            match.touched = self.clock()
            self.matches[match_id] = match
        self.drive(match)
        with match.lock:
            answer = {"id": match_id, "secrets": match.secrets, "owner": match.owner_secret}
            return HTTPStatus.CREATED, {**answer, **match.status()}

    def refuse_agents_alone(self) -> None:
        """Refuse a match with no person seated when the server allows none (403), or as many
        as are being played (429). Called with the server's lock held."""
        allowed = self.limits.agent_matches
        if allowed <= 0:
            raise ApiError(
                HTTPStatus.FORBIDDEN,
                "this server plays no match without a person seated: seat a person (human)",
            )
        playing = [m for m in self.matches.values() if HUMAN not in m.players and m.waiting()]
        if len(playing) >= allowed:
            raise ApiError(
                HTTPStatus.TOO_MANY_REQUESTS,
                f"{plural(allowed, 'match', 'matches')} of agents alone"
                f" {'is' if allowed == 1 else 'are'} being played: try again later",
                {"Retry-After": "60"},
            )

    def drive(self, match: Match) -> None:
        """Let the match's agents and chance play in the background (unless they already are),
        and wait until a person must answer, the game is over, or ``agent_wait`` seconds have
        passed: the agents play on after that."""
        with match.lock:
            if not match.waiting():
                return
            if not match.driving:
                match.driving = True
                thread = threading.Thread(target=self._advance, args=(match,), daemon=True)
                thread.start()
            match.changed.wait_for(lambda: not match.driving, timeout=self.limits.agent_wait)

    def _advance(self, match: Match) -> None:
        try:
            match.advance(self.thinkers)
        except Exception:
            traceback.print_exc(file=sys.stderr)  # for the operator: the match stays as it was
            with match.lock:
                match.driving = False
                match.left = True
                match.changed.notify_all()

    def leave(self, found: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``DELETE /api/matches/<id>`` with the match's ``owner`` secret (its creator's): the
        match ends, its agents stop, and it no longer counts against its creator's matches."""
        match = self.match(found)
        if request.secret is None:
            raise ApiError(
                HTTPStatus.UNAUTHORIZED,
                "ending a match needs its owner secret: send 'Authorization: Bearer <owner>'",
                {"WWW-Authenticate": 'Bearer realm="tabletop"'},
            )
        if not hmac.compare_digest(request.secret.encode(), match.owner_secret.encode()):
            raise ApiError(HTTPStatus.FORBIDDEN, "only the match's creator may end it")
        with match.lock:
            match.left = True
            match.changed.notify_all()
        with self._lock:
            self.matches.pop(found[1], None)
        return HTTPStatus.OK, {"id": found[1], "left": True}

    def close(self) -> None:
        """End every match's agents and stop the worker processes."""
        with self._lock:
            matches = list(self.matches.values())
        for match in matches:
            with match.lock:
                match.left = True
                match.changed.notify_all()
        self.thinkers.close()

    def match(self, found: re.Match[str]) -> Match:
        """The match the path names (now no longer idle), or a 404."""
        with self._lock:
            match, now = self.matches.get(found[1]), self.clock()
            if match is not None and now - match.touched > self.limits.idle_timeout:
                del self.matches[found[1]]
                match = None
            if match is not None:
                match.touched = now
        if match is None:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no match {found[1]!r}")
        return match

    def seat(self, match: Match, value: object) -> int:
        """A seat of ``match``, from a JSON field or a query string, or a 400."""
        if isinstance(value, list):  # parse_qs's values of a query parameter
            if len(value) > 1:
                raise ApiError(HTTPStatus.BAD_REQUEST, "give 'seat' once")
            value = _number(value[0])
        if type(value) is not int or not 0 <= value < len(match.players):
            last = len(match.players) - 1
            raise ApiError(HTTPStatus.BAD_REQUEST, f"'seat' must be a seat from 0 to {last}")
        return value

    def authorize(self, match: Match, seat: int, request: Request) -> None:
        """Refuse a request for ``seat`` without that seat's secret: 401 without one, 403 with
        another (another seat's included), 403 for an agent's seat (it has none)."""
        secret = match.secrets[seat]
        if secret is None:
            raise ApiError(HTTPStatus.FORBIDDEN, f"seat {seat} is played by an agent")
        if request.secret is None:
            raise ApiError(
                HTTPStatus.UNAUTHORIZED,
                f"seat {seat} needs its secret: send 'Authorization: Bearer <secret>'",
                {"WWW-Authenticate": 'Bearer realm="tabletop"'},
            )
        if not hmac.compare_digest(request.secret.encode(), secret.encode()):
            raise ApiError(HTTPStatus.FORBIDDEN, f"that is not seat {seat}'s secret")

    def reader(self, match: Match, request: Request) -> int | None:
        """The seat a read speaks for (its secret checked), or ``None``: the public."""
        if "seat" not in request.query:
            return None
        seat = self.seat(match, request.query["seat"])
        self.authorize(match, seat, request)
        return seat

    def public_view(self, match: Match) -> Any:
        """What anyone may see of the match's position, or ``None`` when the game has no
        public view, or when what it made shows more than some seat's view (a check)."""
        make = self.public_views.get(match.game.name)
        if make is None:
            return None
        game = match.game
        with match.lock:
            public = make(game, match.state)
            seen = [game.view(match.state, s) for s in range(len(match.players))]
        drawn = json.loads(game.dumps(public))["data"]
        drawn.pop("seat", None)
        for view in seen:
            data = json.loads(game.dumps(view))["data"]
            data.pop("seat", None)
            if not _no_more_than(drawn, data):
                print(f"{game.name}: the public view shows a seat's secret", file=sys.stderr)
                return None
        return public

    def status(self, found: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``GET /api/matches/<id>``."""
        match = self.match(found)
        with match.lock:
            return HTTPStatus.OK, {"id": found[1], **match.status()}

    def view(self, found: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``GET /api/matches/<id>/view?seat=N``: the view, as JSON and drawn. Without a seat:
        the public view, drawn (nothing when the game has none)."""
        match = self.match(found)
        game, seat = match.game, self.reader(match, request)
        if seat is None:
            public = self.public_view(match)
            if public is None:
                return HTTPStatus.OK, {"seat": None}
            drawn = {"svg": game.render_svg(public)} if game.render_svg else {}
            return HTTPStatus.OK, {"seat": None, "text": game.render_text(public), **drawn}
        with match.lock:
            view = game.view(match.state, seat)
        drawn = {"svg": game.render_svg(view)} if game.render_svg else {}
        return HTTPStatus.OK, {
            "seat": seat,
            "view": json.loads(game.dumps(view)),
            "text": game.render_text(view),
            **drawn,
        }

    def decision(self, found: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``GET /api/matches/<id>/decision?seat=N``: the question, if it is that seat's, its
        legal actions (index, notation and words) and, for a game that draws SVG, the picture
        to click them in: drawn with ``actions=``, so each element that takes part in an action
        carries ``data-actions``, the indices of those actions."""
        match = self.match(found)
        game, seat = match.game, self.reader(match, request)
        with match.lock:
            to_act = game.current_player(match.state)
            view = None if seat is None else game.view(match.state, seat)
        answer: Json = {"seat": seat, "to_act": to_act, "decision": None, "actions": []}
        if seat is None:
            return HTTPStatus.OK, answer  # the public is never asked
        if to_act == seat and (asked := game.decision(view)) is not None:
            legal = game.legal_actions(view)
            answer["decision"] = {
                "kind": asked.kind,
                "prompt": asked.prompt,
                **_words(game, view, asked),
            }
            answer["actions"] = [
                {"index": i, "notation": game.notation(a), **_words(game, view, a)}
                for i, a in enumerate(legal)
            ]
            if game.render_svg is not None:  # the same view, the same actions: indices agree
                answer["svg"] = game.render_svg(view, actions=legal)
        return HTTPStatus.OK, answer

    def act(self, found: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``POST /api/matches/<id>/actions``: ``{"seat": N, "index": I}`` with seat ``N``'s
        secret answers with the ``I``-th legal action; then the agents and chance play, in the
        background, until a person must answer: the answer waits for them at most
        ``agent_wait`` seconds."""
        match, body = self.match(found), request.body
        seat, index = self.seat(match, body.get("seat")), _get(body, "index", int)
        with match.lock:
            to_act = match.game.current_player(match.state)
            if to_act is None:
                raise ApiError(HTTPStatus.CONFLICT, "the game is over")
            if match.players[seat] != HUMAN:
                raise ApiError(HTTPStatus.CONFLICT, f"seat {seat} is played by an agent")
            self.authorize(match, seat, request)
            if to_act != seat:
                who = "chance" if to_act == CHANCE else f"seat {to_act}"
                raise ApiError(HTTPStatus.CONFLICT, f"{who} must answer, not seat {seat}")
            legal = match.game.legal_actions(match.game.view(match.state, seat))
            if not 0 <= index < len(legal):
                raise ApiError(
                    HTTPStatus.BAD_REQUEST, f"no action {index}: choose 0 to {len(legal) - 1}"
                )
            match.play(seat, legal[index])
        self.drive(match)
        with match.lock:
            return HTTPStatus.OK, {"played": match.game.notation(legal[index]), **match.status()}

    def events(self, found: re.Match[str], request: Request) -> tuple[HTTPStatus, Json]:
        """``GET /api/matches/<id>/events?seat=N``: the seat's news since it last asked (or
        since ``since=K``, a position in its log, to read it again). Without a seat: the public
        events from ``since`` (default 0)."""
        match, query = self.match(found), request.query
        seat = self.reader(match, request)
        with match.lock:
            log = match.public if seat is None else match.logs[seat]
            start = 0 if seat is None else match.sent[seat]
            if "since" in query:
                since = _number(query["since"][0]) if len(query["since"]) == 1 else None
                if since is None or since > len(log):
                    raise ApiError(HTTPStatus.BAD_REQUEST, f"'since' must be 0 to {len(log)}")
                start = since
            if seat is not None:
                match.sent[seat] = len(log)
            return HTTPStatus.OK, {"seat": seat, "events": log[start:], "next": len(log)}


# -- HTTP -------------------------------------------------------------------------------------


def _bearer(headers: Message) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if there is one."""
    scheme, _, token = (headers.get("Authorization") or "").strip().partition(" ")
    return (token.strip() or None) if scheme.lower() == "bearer" else None


def _host_name(host: str) -> str:
    """The name in a ``Host`` header or an origin's netloc, without the port, lower-case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Handler(BaseHTTPRequestHandler):
    """Turns HTTP requests into :meth:`Api.handle` calls and their answers into JSON."""

    server_version = "tabletop-web/1"

    def setup(self) -> None:
        """Every read of the connection waits at most the server's ``read_timeout``."""
        super().setup()
        self.connection.settimeout(self.web.limits.read_timeout)

    @property
    def web(self) -> WebServer:
        """The server, with its limits and its :class:`Api`."""
        return cast(WebServer, self.server)

    def do_GET(self) -> None:
        """Serve the page, or a ``GET`` route."""
        self.answer()

    def do_POST(self) -> None:
        """A ``POST`` route."""
        self.answer()

    def do_PUT(self) -> None:
        """Refused with a JSON error (405), as ``DELETE`` and ``PATCH`` are."""
        self.answer()

    def do_DELETE(self) -> None:
        """Refused with a JSON error (405)."""
        self.answer()

    def do_PATCH(self) -> None:
        """Refused with a JSON error (405)."""
        self.answer()

    def answer(self) -> None:
        """Run the route; send the page, its JSON, or the error (never a traceback)."""
        url = urlsplit(self.path)
        api, headers = self.web.api, {}
        try:
            self.check_origin()
            if self.command == "GET" and (url.path == "/" or url.path.startswith("/play/")):
                if url.path != "/":
                    api.game(url.path.removeprefix("/play/"))  # a 404 for an unknown game
                self.send(HTTPStatus.OK, PAGE.read_bytes(), "text/html; charset=utf-8")
                return
            body = self.read_json() if self.command == "POST" else {}
            request = Request(
                self.command,
                url.path,
                parse_qs(url.query, keep_blank_values=True),
                body,
                client=str(self.client_address[0]),
                secret=_bearer(self.headers),
            )
            status, data = api.handle(request)
        except ApiError as exc:
            status, data, headers = exc.status, {"error": exc.message}, exc.headers
        except Exception:
            traceback.print_exc(file=sys.stderr)  # for the operator, not for the client
            status, data = HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "internal server error"}
        self.send(status, _json(data).encode(), "application/json", headers)

    def check_origin(self) -> None:
        """Refuse (403) a ``Host`` the server does not answer to, and a request from another
        site's page that could change something (a cross-site ``POST``)."""
        host = self.headers.get("Host")
        allowed = self.web.allowed_hosts
        if host is not None and allowed and _host_name(host) not in allowed:
            raise ApiError(HTTPStatus.FORBIDDEN, f"this server does not answer to {host!r}")
        if self.command in ("GET", "HEAD"):
            return
        origin, site = self.headers.get("Origin"), self.headers.get("Sec-Fetch-Site")
        if origin is not None:
            parts = urlsplit(origin)
            if (
                parts.scheme not in ("http", "https")
                or parts.netloc.lower() != (host or "").lower()
            ):
                raise ApiError(HTTPStatus.FORBIDDEN, f"cross-site request from {origin!r}")
        elif site not in (None, "same-origin", "none"):
            raise ApiError(HTTPStatus.FORBIDDEN, f"cross-site request ({site})")

    def read_json(self) -> Json:
        """The request's body: a JSON object of at most ``max_body`` bytes, nested at most
        ``max_depth`` deep, all of it read within ``read_timeout`` seconds."""
        limits = self.web.limits
        length = _number(self.headers.get("Content-Length", ""))
        if length is None:
            raise ApiError(HTTPStatus.LENGTH_REQUIRED, "a JSON body with a Content-Length")
        if length > limits.max_body:
            self.close_connection = True  # the body is never read
            raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"at most {limits.max_body} bytes")
        kind = self.headers.get_content_type()
        if length and kind != "application/json":
            self.close_connection = True
            raise ApiError(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send Content-Type: application/json")
        raw = self.read_body(length, limits.read_timeout)
        try:
            body = parse_json(raw or b"{}")  # no NaN, no duplicate keys, never a RecursionError
        except ValueError as exc:  # a number of more than 4,300 digits is one too
            said = str(exc)
            if "digits" in said:  # Python's own words name a function of its own
                said = "a number of more than 4300 digits"
            raise ApiError(HTTPStatus.BAD_REQUEST, f"malformed JSON: {said}") from None
        if not isinstance(body, dict):
            raise ApiError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
        if _depth(body) > limits.max_depth:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"JSON nested more than {limits.max_depth} deep")
        return body

    def read_body(self, length: int, timeout: float) -> bytes:
        """``length`` bytes of body, all within ``timeout`` seconds, or a 408 (and the
        connection is closed: a client whose ``Content-Length`` lies holds no thread)."""
        deadline, parts, left = time.monotonic() + timeout, [], length
        try:
            while left > 0:
                self.connection.settimeout(max(0.001, deadline - time.monotonic()))
                part = self.rfile.read1(left)
                if not part:
                    break
                parts.append(part)
                left -= len(part)
        except TimeoutError:
            pass
        finally:
            with contextlib.suppress(OSError):
                self.connection.settimeout(timeout)
        if left > 0:
            self.close_connection = True
            raise ApiError(
                HTTPStatus.REQUEST_TIMEOUT, f"the body did not come within {timeout:g} s"
            )
        return b"".join(parts)

    def send(
        self,
        status: HTTPStatus,
        payload: bytes,
        content_type: str,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        """Send one complete response."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if content_type.startswith("text/html"):
            self.send_header("X-Frame-Options", "DENY")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        with contextlib.suppress(OSError):  # a client that went away
            self.wfile.write(payload)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """``http.server``'s own refusals (a malformed request line, a line or headers too
        long, an unknown method) as JSON too, never its HTML page."""
        status = HTTPStatus(code)
        self.close_connection = True
        if self.request_version in ("", "HTTP/0.9"):  # a request line it could not read
            self.request_version = "HTTP/1.0"  # still a status line and headers
        words = message or status.phrase
        with contextlib.suppress(OSError):
            self.send(status, _json({"error": words}).encode(), "application/json")

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests to stderr unless the server is quiet."""
        if not self.web.quiet:
            super().log_message(format, *args)


_BUSY_BODY = b'{"error":"too many connections"}'
_BUSY = (
    b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: application/json\r\n"
    b"Content-Length: %d\r\nRetry-After: 5\r\nConnection: close\r\n\r\n%s"
    % (len(_BUSY_BODY), _BUSY_BODY)
)


class WebServer(ThreadingHTTPServer):
    """An HTTP server holding one :class:`Api`, a thread per connection up to
    ``limits.max_connections``.

    Args:
        allowed_hosts: the names the ``Host`` header may give (403 for others): a defence
            against DNS rebinding. Default: the loopback names when the address is a loopback
            one, else any (then give the names people use, with ``--allowed-host``).
    """

    daemon_threads = True

    def __init__(
        self,
        address: tuple[str, int],
        api: Api,
        *,
        quiet: bool = False,
        limits: Limits | None = None,
        allowed_hosts: Sequence[str] | None = None,
    ) -> None:
        super().__init__(address, Handler)
        self.api = api
        self.quiet = quiet
        self.limits = limits or api.limits
        if allowed_hosts is None:
            allowed_hosts = (*LOOPBACK_NAMES, address[0]) if _is_loopback(address[0]) else ()
        self.allowed_hosts = frozenset(_host_name(h) for h in allowed_hosts)
        self._slots = threading.BoundedSemaphore(self.limits.max_connections)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve the connection in a thread, or answer 503 and close it when
        ``max_connections`` are being served."""
        if not self._slots.acquire(blocking=False):
            with contextlib.suppress(OSError):
                request.settimeout(1.0)
                request.sendall(_BUSY)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def server_close(self) -> None:
        """Close the socket, end the matches' agents and stop the worker processes."""
        super().server_close()
        self.api.close()

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Serve one connection, then free its place."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    quiet: bool = False,
    limits: Limits | None = None,
    allowed_hosts: Sequence[str] | None = None,
) -> WebServer:
    """A server for the installed games on ``host:port`` (port ``0``: any free one)."""
    limits = limits or Limits()
    api = Api(limits=limits)
    return WebServer((host, port), api, quiet=quiet, limits=limits, allowed_hosts=allowed_hosts)


def options(argv: list[str] | None = None) -> tuple[argparse.Namespace, Limits]:
    """The command line's options, and the :class:`Limits` they set."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free one)")
    parser.add_argument(
        "--allowed-host",
        action="append",
        metavar="NAME",
        help="a name the Host header may give, repeatable (default: the loopback names on a"
        " loopback address, else any name)",
    )
    for limit in dataclasses.fields(Limits):
        parser.add_argument(
            "--" + limit.name.replace("_", "-"),
            type=type(limit.default),
            default=limit.default,
            metavar="N",
            help=f"{limit.metadata['help']} (default: {limit.default:g})",
        )
    args = parser.parse_args(argv)
    return args, Limits(**{f.name: getattr(args, f.name) for f in dataclasses.fields(Limits)})


def main(argv: list[str] | None = None) -> None:
    """Serve until interrupted (or, with ``--think``, be an agents' worker process)."""
    if (sys.argv[1:] if argv is None else argv) == ["--think"]:
        think()
        return
    args, limits = options(argv)
    with make_server(
        args.host, args.port, limits=limits, allowed_hosts=args.allowed_host
    ) as server:
        host, port = server.server_address[:2]
        print(f"Serving {', '.join(server.api.games)} on http://{host!s}:{port}/", flush=True)
        if not server.allowed_hosts:
            print("Any Host name is answered: give --allowed-host NAME.", file=sys.stderr)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
