#!/usr/bin/env python3
"""A reference web front end for tabletop-rules: a small JSON API and one page per game.

Run it from the repository root, with the library installed (``pip install -e .``)::

    python examples/web/server.py              # then open http://127.0.0.1:8000/
    python examples/web/server.py --port 0     # any free port

It uses the standard library and the public API of tabletop-rules only: the games are found
through the ``tabletop_rules.games`` entry points, each a :class:`tabletop_rules.Game`. The server
keeps every state in memory; a client gets only what one seat may know — its view, its question
and legal actions, the events it may see — never the state, its generator or a secret seed.

Routes (JSON in and out; a refused request gets ``{"error": "..."}`` and an HTTP status):

=======  ==============================  ===================================================
GET      ``/``, ``/play/<game>``         the page: the list of games, one game's table
GET      ``/api/games``                  the installed games: title, seats, agents, options
POST     ``/api/setup``                  ``{game, options}``: how many seats that config has
POST     ``/api/matches``                ``{game, seed?, options?, players?}``: a new match
GET      ``/api/matches/<id>``           whose turn, the players, the move count, the outcome
GET      ``/api/matches/<id>/view``      ``?seat=N``: that seat's view and its picture
GET      ``/api/matches/<id>/decision``  ``?seat=N``: the question and the legal actions
POST     ``/api/matches/<id>/actions``   ``{seat, index}``: play; agents and chance follow
GET      ``/api/matches/<id>/events``    ``?seat=N[&since=K]``: what that seat may see, news
=======  ==============================  ===================================================
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import secrets
import sys
import threading
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

import attrs

from tabletop_rules import CHANCE, Agent, Game, Rng, RulesError, sample_chance

__all__ = ["Api", "ApiError", "Match", "WebServer", "load_games", "main", "make_server"]

AnyGame = Game[Any, Any]
Json = dict[str, Any]
Query = Mapping[str, list[str]]
Route = Callable[[re.Match[str], Query, Json], tuple[HTTPStatus, Json]]

HUMAN = "human"
"""The player name of a seat answered by a person through the API (the others name an agent)."""
PAGE = Path(__file__).with_name("page.html")
MAX_BODY = 64 * 1024
MAX_MATCHES = 256
"""Matches kept in memory; the oldest is dropped to make room for a new one."""


class ApiError(Exception):
    """A refused request: sent as ``{"error": message}`` with ``status``."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def load_games() -> dict[str, AnyGame]:
    """The installed games by name, from the ``tabletop_rules.games`` entry points."""
    games: dict[str, AnyGame] = {}
    for point in entry_points(group="tabletop_rules.games"):
        game = point.load()
        if isinstance(game, Game):
            games.setdefault(point.name, game)
    return games


@dataclass
class Match:
    """One game being played. Only the server sees ``state`` and the generators."""

    game: AnyGame
    state: Any
    players: list[str]
    """``HUMAN`` or an agent's name, per seat."""
    agents: dict[int, Agent[Any]]
    rngs: dict[int, Rng]
    """Each agent's generator, and the chance stream under ``CHANCE``."""
    logs: list[list[Json]]
    """Per seat: the events it may see, and its own moves, in order."""
    sent: list[int]
    """Per seat: how much of its log it has been sent."""
    moves: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def play(self, seat: int, action: Any) -> None:
        """Apply ``action`` for ``seat`` (or ``CHANCE``); log what each seat may see of it."""
        result = self.game.answer(self.state, action, seat)
        self.state = result.state
        if seat != CHANCE:
            self.moves += 1
            self.logs[seat].append({"by": seat, "move": self.game.notation(action)})
        for viewer, log in enumerate(self.logs):
            for event in result.events_for(viewer):  # PrivateEvents only reach their seen_by
                log.append({"by": seat, "event": json.loads(self.game.dumps(event))})

    def advance(self) -> None:
        """Let chance and the agents answer, as ``tabletop_rules.play`` does, until a person
        must answer or the game is over."""
        while (seat := self.game.current_player(self.state)) is not None:
            if seat == CHANCE:
                action, self.rngs[CHANCE] = sample_chance(self.game, self.state, self.rngs[CHANCE])
            elif seat in self.agents:
                view = self.game.view(self.state, seat)  # an agent sees a view, never the state
                legal = self.game.legal_actions(view)
                action, self.rngs[seat] = self.agents[seat].choose(view, legal, self.rngs[seat])
            else:
                return
            self.play(seat, action)

    def status(self) -> Json:
        """What everyone may know: the players, whose turn it is, the outcome at the end."""
        outcome = self.game.outcome(self.state)
        to_act = self.game.current_player(self.state)
        return {
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "to_act": to_act,
            "over": to_act is None,
            "moves": self.moves,
            "outcome": None if outcome is None else json.loads(_json(attrs.asdict(outcome))),
        }


def _json(value: Any) -> str:
    return json.dumps(value, default=str, separators=(",", ":"))


def _number(text: str) -> int | None:
    """A small non-negative integer written in ASCII digits, else ``None``."""
    return int(text) if re.fullmatch(r"[0-9]{1,9}", text) else None


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
    """The routes, without HTTP: each takes the path's parts, the query and the JSON body."""

    def __init__(self, games: Mapping[str, AnyGame] | None = None) -> None:
        self.games = dict(load_games() if games is None else games)
        self.matches: dict[str, Match] = {}
        self._lock = threading.Lock()
        self.routes: list[tuple[str, re.Pattern[str], Route]] = [
            ("GET", re.compile(r"/api/games"), self.catalogue),
            ("POST", re.compile(r"/api/setup"), self.setup),
            ("POST", re.compile(r"/api/matches"), self.create),
            ("GET", re.compile(r"/api/matches/([\w-]+)"), self.status),
            ("GET", re.compile(r"/api/matches/([\w-]+)/view"), self.view),
            ("GET", re.compile(r"/api/matches/([\w-]+)/decision"), self.decision),
            ("POST", re.compile(r"/api/matches/([\w-]+)/actions"), self.act),
            ("GET", re.compile(r"/api/matches/([\w-]+)/events"), self.events),
        ]

    def handle(self, method: str, path: str, query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """Answer one request; raises :class:`ApiError` to refuse it."""
        allowed = []
        for verb, pattern, route in self.routes:
            if found := pattern.fullmatch(path):
                if verb == method:
                    return route(found, query, body)
                allowed.append(verb)
        if allowed:
            raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, f"{path} accepts {', '.join(allowed)}")
        raise ApiError(HTTPStatus.NOT_FOUND, f"no route {path}")

    def game(self, name: str) -> AnyGame:
        """The installed game ``name``, or a 404."""
        if name not in self.games:
            known = ", ".join(sorted(self.games))
            raise ApiError(HTTPStatus.NOT_FOUND, f"unknown game {name!r} (installed: {known})")
        return self.games[name]

    def catalogue(self, _: re.Match[str], query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """``GET /api/games``."""
        games = [
            {
                "name": game.name,
                "title": game.title,
                "seats": list(game.seats),
                "agents": sorted(game.agents),
                "options": json.loads(game.dumps(game.config_type()))["data"],
                "svg": game.render_svg is not None,
            }
            for game in self.games.values()
        ]
        return HTTPStatus.OK, {"games": games}

    def config(self, game: AnyGame, options: Json) -> Any:
        """The game's default config with ``options`` replacing some of its JSON fields; the
        game's own ``loads`` checks them (an unknown key, a wrong type, a value out of range)."""
        envelope = json.loads(game.dumps(game.config_type()))
        envelope["data"].update(options)
        try:
            return game.loads(json.dumps(envelope), "config")
        except (RulesError, ValueError, TypeError) as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"bad options: {exc}") from None

    def setup(self, _: re.Match[str], query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """``POST /api/setup``: check options; the number of seats they make."""
        game = self.game(_get(body, "game", str))
        config = self.config(game, _get(body, "options", dict, {}))
        return HTTPStatus.OK, {"game": game.name, "seats": game.seat_count(config)}

    def create(self, _: re.Match[str], query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """``POST /api/matches``: set up a game; agents and chance play until a person must."""
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
            raise ApiError(HTTPStatus.BAD_REQUEST, f"'players' must name {seats} player(s)")
        for name in players:
            if name != HUMAN and name not in game.agents:
                known = ", ".join([HUMAN, *sorted(game.agents)])
                raise ApiError(HTTPStatus.BAD_REQUEST, f"unknown player {name!r} ({known})")
        # The generators are split as tabletop_rules.play splits them: one per seat, then chance.
        stream, rngs = Rng.from_seed(seed), {}
        for seat in range(seats):
            rngs[seat], stream = stream.split()
        rngs[CHANCE], stream = stream.split()
        agents = {s: game.agents[p]() for s, p in enumerate(players) if p != HUMAN}
        match = Match(game, state, players, agents, rngs, [[] for _ in players], [0] * seats)
        match.advance()
        with self._lock:
            while len(self.matches) >= MAX_MATCHES:
                del self.matches[next(iter(self.matches))]
            match_id = secrets.token_urlsafe(12)
            self.matches[match_id] = match
        return HTTPStatus.CREATED, {"id": match_id, **match.status()}

    def match(self, found: re.Match[str]) -> Match:
        """The match the path names, or a 404."""
        with self._lock:
            match = self.matches.get(found[1])
        if match is None:
            raise ApiError(HTTPStatus.NOT_FOUND, f"no match {found[1]!r}")
        return match

    def seat(self, match: Match, value: object) -> int:
        """A seat of ``match``, from a JSON field or a query string, or a 400."""
        if isinstance(value, list):  # parse_qs's values of a query parameter
            value = _number(value[0])
        if type(value) is not int or not 0 <= value < len(match.players):
            last = len(match.players) - 1
            raise ApiError(HTTPStatus.BAD_REQUEST, f"'seat' must be a seat from 0 to {last}")
        return value

    def status(self, found: re.Match[str], query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """``GET /api/matches/<id>``."""
        match = self.match(found)
        with match.lock:
            return HTTPStatus.OK, {"id": found[1], **match.status()}

    def view(self, found: re.Match[str], query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """``GET /api/matches/<id>/view?seat=N``: the view, as JSON and drawn."""
        match = self.match(found)
        game, seat = match.game, self.seat(match, query.get("seat"))
        with match.lock:
            view = game.view(match.state, seat)
        drawn = {"svg": game.render_svg(view)} if game.render_svg else {}
        return HTTPStatus.OK, {
            "seat": seat,
            "view": json.loads(game.dumps(view)),
            "text": game.render_text(view),
            **drawn,
        }

    def decision(self, found: re.Match[str], query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """``GET /api/matches/<id>/decision?seat=N``: the question, if it is that seat's."""
        match = self.match(found)
        game, seat = match.game, self.seat(match, query.get("seat"))
        with match.lock:
            to_act = game.current_player(match.state)
            view = game.view(match.state, seat)
        answer: Json = {"seat": seat, "to_act": to_act, "decision": None, "actions": []}
        if to_act == seat and (asked := game.decision(view)) is not None:
            answer["decision"] = {"kind": asked.kind, "prompt": asked.prompt}
            answer["actions"] = [
                {"index": i, "notation": game.notation(a)}
                for i, a in enumerate(game.legal_actions(view))
            ]
        return HTTPStatus.OK, answer

    def act(self, found: re.Match[str], query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """``POST /api/matches/<id>/actions``: ``{"seat": N, "index": I}`` answers with the
        ``I``-th legal action; then the agents and chance play until a person must."""
        match = self.match(found)
        seat, index = self.seat(match, body.get("seat")), _get(body, "index", int)
        with match.lock:
            to_act = match.game.current_player(match.state)
            if to_act is None:
                raise ApiError(HTTPStatus.CONFLICT, "the game is over")
            if match.players[seat] != HUMAN:
                raise ApiError(HTTPStatus.CONFLICT, f"seat {seat} is played by an agent")
            if to_act != seat:
                raise ApiError(HTTPStatus.CONFLICT, f"seat {to_act} must answer, not seat {seat}")
            legal = match.game.legal_actions(match.game.view(match.state, seat))
            if not 0 <= index < len(legal):
                raise ApiError(
                    HTTPStatus.BAD_REQUEST, f"no action {index}: choose 0 to {len(legal) - 1}"
                )
            match.play(seat, legal[index])
            match.advance()
            return HTTPStatus.OK, {"played": match.game.notation(legal[index]), **match.status()}

    def events(self, found: re.Match[str], query: Query, body: Json) -> tuple[HTTPStatus, Json]:
        """``GET /api/matches/<id>/events?seat=N``: the seat's news since it last asked (or
        since ``since=K``, a position in its log, to read it again)."""
        match = self.match(found)
        seat = self.seat(match, query.get("seat"))
        with match.lock:
            log = match.logs[seat]
            start = match.sent[seat]
            if "since" in query:
                since = _number(query["since"][0])
                if since is None or since > len(log):
                    raise ApiError(HTTPStatus.BAD_REQUEST, f"'since' must be 0 to {len(log)}")
                start = since
            match.sent[seat] = len(log)
            return HTTPStatus.OK, {"seat": seat, "events": log[start:], "next": len(log)}


class Handler(BaseHTTPRequestHandler):
    """Turns HTTP requests into :meth:`Api.handle` calls and their answers into JSON."""

    server_version = "tabletop-web/1"

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
        api = cast(WebServer, self.server).api
        try:
            if self.command == "GET" and (url.path == "/" or url.path.startswith("/play/")):
                if url.path != "/":
                    api.game(url.path.removeprefix("/play/"))  # a 404 for an unknown game
                self.send(HTTPStatus.OK, PAGE.read_bytes(), "text/html; charset=utf-8")
                return
            body = self.read_json() if self.command == "POST" else {}
            status, data = api.handle(self.command, url.path, parse_qs(url.query), body)
        except ApiError as exc:
            status, data = exc.status, {"error": exc.message}
        except Exception:
            traceback.print_exc(file=sys.stderr)  # for the operator, not for the client
            status, data = HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "internal server error"}
        self.send(status, _json(data).encode(), "application/json")

    def read_json(self) -> Json:
        """The request's body: a JSON object of at most ``MAX_BODY`` bytes."""
        length = _number(self.headers.get("Content-Length", ""))
        if length is None:
            raise ApiError(HTTPStatus.LENGTH_REQUIRED, "a JSON body with a Content-Length")
        if length > MAX_BODY:
            raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"at most {MAX_BODY} bytes")
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"malformed JSON: {exc}") from None
        if not isinstance(body, dict):
            raise ApiError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
        return body

    def send(self, status: HTTPStatus, payload: bytes, content_type: str) -> None:
        """Send one complete response."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests to stderr unless the server is quiet."""
        if not cast(WebServer, self.server).quiet:
            super().log_message(format, *args)


class WebServer(ThreadingHTTPServer):
    """An HTTP server holding one :class:`Api`."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], api: Api, *, quiet: bool = False) -> None:
        super().__init__(address, Handler)
        self.api = api
        self.quiet = quiet


def make_server(host: str = "127.0.0.1", port: int = 8000, *, quiet: bool = False) -> WebServer:
    """A server for the installed games on ``host:port`` (port ``0``: any free one)."""
    return WebServer((host, port), Api(), quiet=quiet)


def main(argv: list[str] | None = None) -> None:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (0: any free one)")
    args = parser.parse_args(argv)
    with make_server(args.host, args.port) as server:
        host, port = server.server_address[:2]
        print(f"Serving {', '.join(server.api.games)} on http://{host!s}:{port}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
