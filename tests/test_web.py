"""The reference web front end (``examples/web``): its JSON API over real HTTP, checked against
games the test plays itself with the same seed, and its page driven in headless Chromium.

The browser tests need Debian's ``chromium`` at ``/usr/bin/chromium`` and the ``playwright``
package (the ``test`` extra); without them they skip, saying what is missing, unless
``TABLETOP_REQUIRE_BROWSER`` is set (``.ci/run`` installs chromium and sets it), and then they
fail: CI never skips them silently.
"""

from __future__ import annotations

import contextlib
import dataclasses
import http.client
import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import attrs
import pytest
from examples.web import server as web
from tests import legibility

from tabletop_rules import CHANCE, Game, RandomAgent, Rng, agents_of, narrow, play

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

AnyGame = Game[Any, Any]
GAMES: dict[str, AnyGame] = web.load_games()

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REQUIRE_BROWSER = "TABLETOP_REQUIRE_BROWSER"
SECRETS: dict[str, list[str | None]] = {}
"""Each match's seats' secrets, as its creation answered them."""


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


@attrs.define
class Client:
    """Calls the server; keeps every response body, per seat it was for, for the secrecy checks."""

    url: str
    bodies: list[str] = attrs.field(factory=list)

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        raw: bytes | None = None,
        secret: str | None = None,
    ) -> tuple[int, Any]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if secret is not None:
            request.add_header("Authorization", f"Bearer {secret}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read().decode()
                kind = response.headers["Content-Type"]
        except urllib.error.HTTPError as error:
            status, text, kind = error.code, error.read().decode(), error.headers["Content-Type"]
        if kind.startswith("text/html"):
            return status, text
        assert kind == "application/json", kind
        self.bodies.append(text)
        answer = json.loads(text)
        if status == 201 and path == "/api/matches":
            SECRETS[answer["id"]] = answer["secrets"]
        return status, answer

    def ok(self, method: str, path: str, body: Any = None, *, seat: int | None = None) -> Any:
        """A request that must succeed; ``seat``: with that seat's secret (the match is the
        one the path names)."""
        secret = None if seat is None else SECRETS[path.split("/")[3]][seat]
        status, data = self.call(method, path, body, secret=secret)
        assert status in (200, 201), (status, data)
        return data


@contextlib.contextmanager
def serve(api: web.Api | None = None, **options: Any) -> Iterator[str]:
    """A server of its own on a free loopback port (its address), for ``api`` or the installed
    games with ``options`` (``limits=`` …)."""
    limits = options.pop("limits", None) or (api.limits if api else web.Limits())
    api = api or web.Api(limits=limits)
    server = web.WebServer(("127.0.0.1", 0), api, quiet=True, limits=limits, **options)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host!s}:{port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """The server every test but the limits' shares: all its clients are one address; it plays
    matches of agents alone, and a request waits for the agents as long as a test's does."""
    limits = web.Limits(max_matches_per_client=10_000, agent_matches=1_000, agent_wait=30)
    with serve(limits=limits) as address:
        yield address


@pytest.fixture
def client(url: str) -> Client:
    return Client(url)


# -- the JSON API, without a browser -----------------------------------------------------------


def test_the_catalogue_lists_every_installed_game(client: Client) -> None:
    games = {g["name"]: g for g in client.ok("GET", "/api/games")["games"]}
    assert set(games) == {"goblinguard", "grimheim", "kinmarr"}
    for name, entry in games.items():
        game = GAMES[name]
        assert entry["title"] == game.title
        assert entry["seats"] == list(game.seats)
        assert entry["agents"] == list(agents_of(game))
        assert entry["svg"] == (game.render_svg is not None)
        assert entry["options"] == json.loads(game.dumps(game.config_type()))["data"]
        assert entry["form"] == web.option_form(game)


def test_a_registered_game_that_does_not_load_is_left_out_and_said(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from importlib.metadata import EntryPoint

    from tabletop_rules import GROUP, _registry, registered_games

    broken = EntryPoint(name="broken", value="tabletop_rules:CHANCE", group=GROUP)
    registered = {**registered_games(), "broken": broken}
    monkeypatch.setattr(_registry, "registered_games", lambda: registered)
    monkeypatch.setattr(web, "registered_games", lambda: registered)
    assert sorted(web.load_games()) == sorted(GAMES)
    assert "left out: game 'broken' (tabletop_rules:CHANCE) is a int" in capsys.readouterr().err


def test_the_page_is_served_for_every_game_and_needs_nothing_from_elsewhere(
    client: Client,
) -> None:
    pages = [client.call("GET", path) for path in ["/", *(f"/play/{n}" for n in GAMES)]]
    assert all(status == 200 for status, _ in pages)
    page = pages[0][1]
    assert "<script>" in page
    assert "http://" not in page
    assert "https://" not in page
    assert "src=" not in page  # no script, style or image fetched from anywhere


def test_setup_says_how_many_seats_a_config_has(client: Client) -> None:
    two = client.ok(
        "POST", "/api/setup", {"game": "grimheim", "options": {"heroes": ["alva", "embla"]}}
    )
    assert two == {"game": "grimheim", "seats": 2}
    assert client.ok("POST", "/api/setup", {"game": "kinmarr"})["seats"] == 4
    assert client.ok("POST", "/api/setup", {"game": "goblinguard", "options": {}})["seats"] == 1


def _mirror_config(game: AnyGame, options: dict[str, Any]) -> Any:
    envelope = json.loads(game.dumps(game.config_type()))
    envelope["data"].update(options)
    return game.loads(json.dumps(envelope), "config")


def _hidden(state: Any, view: Any, found: set[str]) -> None:
    """Collect what the state's JSON holds and the view's hides: each string (quoted) where the
    view has another value or nothing, and each list of strings in an order the view does not
    show (a deck's order)."""
    if isinstance(state, dict):
        for key, value in state.items():
            _hidden(value, view.get(key) if isinstance(view, dict) else None, found)
    elif isinstance(state, list):
        if len(state) >= 3 and all(isinstance(x, str) for x in state) and state != view:
            found.add(_compact(state))
        for i, value in enumerate(state):
            seen = view[i] if isinstance(view, list) and i < len(view) else None
            _hidden(value, seen, found)
    elif isinstance(state, str) and state != view and len(state) >= 2:
        found.add(_compact(state))


class Mirror:
    """The same match played by the test with the library alone: what each seat must be sent."""

    def __init__(self, game: AnyGame, options: dict[str, Any], seed: int) -> None:
        self.game = game
        self.state = game.new_game(_mirror_config(game, options), seed=seed)
        self.seats = game.seat_count(self.state)
        self.logs: list[list[Any]] = [[] for _ in range(self.seats)]
        self.public: list[Any] = []
        self.moves = 0

    def play(self, seat: int, index: int) -> None:
        game = self.game
        assert game.describe is not None
        before = self.state
        own = game.view(before, seat)
        action = game.legal_actions(own)[index]
        result = game.step(before, action)
        self.state = result.state
        self.moves += 1
        move = {"by": seat, "move": game.notation(action)}
        found = web._alternatives(game, before, seat, action)

        def others() -> list[Any]:
            return found

        make = web.PUBLIC_VIEWS[game.name]
        for viewer in range(self.seats):
            # The move itself, in the words of each seat that may know which move it was.
            def see(state: Any, viewer: int = viewer) -> Any:
                return game.view(state, viewer)

            if viewer == seat or web._told(game, before, seat, action, self.state, see, others):
                said = game.describe(game.view(before, viewer), action)
                self.logs[viewer].append({**move, "text": said})
            seen = game.view(self.state, viewer)
            for event in result.events_for(viewer):
                entry = {"by": seat, "event": json.loads(game.dumps(event))}
                self.logs[viewer].append({**entry, "text": game.describe(seen, event)})
            changes = game.describe(game.view(before, viewer), seen)
            if changes:
                self.logs[viewer].append({"by": seat, "change": changes})
        public = make(game, self.state)
        if web._told(game, before, seat, action, self.state, lambda s: make(game, s), others):
            self.public.append({**move, "text": game.describe(make(game, before), action)})
        for event in result.events:
            if getattr(event, "seen_by", None) is None:
                entry = {"by": seat, "event": json.loads(game.dumps(event))}
                self.public.append({**entry, "text": game.describe(public, event)})
        changes = game.describe(make(game, before), public)
        if changes:
            self.public.append({"by": seat, "change": changes})

    def view(self, seat: int) -> Any:
        return json.loads(self.game.dumps(self.game.view(self.state, seat)))

    def random_move(self, client: Client, match: str, choice: Rng) -> Rng:
        """Play a random legal move through the API, and here."""
        seat = self.game.current_player(self.state)
        assert seat is not None
        count = len(self.game.legal_actions(self.game.view(self.state, seat)))
        index, choice = choice.below(count)
        body = {"seat": seat, "index": index}
        client.ok("POST", f"/api/matches/{match}/actions", body, seat=seat)
        self.play(seat, index)
        return choice

    def secrets(self, seat: int) -> set[str]:
        """Texts that seat must never be sent now: the generator and everything its view and
        its events hide."""
        state = json.loads(self.game.dumps(self.state))["data"]
        found: set[str] = {str(state["rng"]["state"])}
        _hidden(state, self.view(seat)["data"], found)
        known = _compact(self.view(seat)) + _compact(self.logs[seat])
        return {text for text in found if text not in known}


def _check_seat(client: Client, mirror: Mirror, match: str, seat: int) -> None:
    """Everything the server sends ``seat`` is what the library says that seat may know."""
    game, before = mirror.game, len(client.bodies)
    view = client.ok("GET", f"/api/matches/{match}/view?seat={seat}", seat=seat)
    own = game.view(mirror.state, seat)
    assert view["view"] == mirror.view(seat)
    assert view["text"] == game.render_text(own)
    assert view.get("svg") == (game.render_svg(own) if game.render_svg else None)
    asked = client.ok("GET", f"/api/matches/{match}/decision?seat={seat}", seat=seat)
    to_act = game.current_player(mirror.state)
    assert asked["to_act"] == to_act
    if to_act == seat:
        notations = [a["notation"] for a in asked["actions"]]
        assert notations == [game.notation(a) for a in game.legal_actions(own)]
        assert [a["index"] for a in asked["actions"]] == list(range(len(notations)))
        assert game.describe is not None
        said = [game.describe(own, a) for a in game.legal_actions(own)]
        assert [a["text"] for a in asked["actions"]] == said  # each answer in words
        # The picture to click them in: drawn from the same view with the same actions.
        assert game.render_svg is not None
        assert asked["svg"] == game.render_svg(own, actions=game.legal_actions(own))
        marked = re.findall(r'data-actions="([\d ]+)"', asked["svg"])
        assert {int(i) for m in marked for i in m.split()} == set(range(len(notations)))
    else:
        assert (asked["decision"], asked["actions"]) == (None, [])
        assert "svg" not in asked
    assert "data-actions" not in view["svg"]  # the view's own picture is never clickable
    news = client.ok("GET", f"/api/matches/{match}/events?seat={seat}", seat=seat)
    assert news["events"] == mirror.logs[seat]
    mirror.logs[seat] = []
    for entry in news["events"]:
        audience = entry.get("event", {}).get("data", {}).get("seen_by")
        assert audience is None or seat in audience
    client.ok("GET", f"/api/matches/{match}")
    _check_secrets(client.bodies[before:], mirror, seat)


def _check_secrets(bodies: Sequence[str], mirror: Mirror, seat: int) -> None:
    hidden = mirror.secrets(seat)
    for body in bodies:
        assert '"rng"' not in body
        assert not [text for text in hidden if text in body]


@pytest.mark.parametrize(
    ("name", "options", "moves"),
    [
        ("goblinguard", {}, 20),  # a whole game
        ("grimheim", {"heroes": ["bjorn", "alva", "embla"]}, 40),
        ("kinmarr", {}, 40),
    ],
)
def test_people_play_through_the_api_and_see_only_their_seat(
    client: Client, name: str, options: dict[str, Any], moves: int
) -> None:
    """All seats human, the test mirrors the match: views, pictures, questions, legal actions and
    events are exactly the library's for each seat, and no response holds the generator, a
    deck's order or another seat's hidden cards."""
    game, seed = GAMES[name], 21
    mirror = Mirror(game, options, seed)
    created = client.ok("POST", "/api/matches", {"game": name, "seed": seed, "options": options})
    match = created["id"]
    assert "seed" not in created
    assert created["players"] == ["human"] * mirror.seats
    checked = 0
    choice = Rng.from_seed(5)
    for _ in range(moves):
        seat = game.current_player(mirror.state)
        if seat is None:
            break
        for viewer in range(mirror.seats):
            _check_seat(client, mirror, match, viewer)
            checked += len(mirror.secrets(viewer))
        count = len(game.legal_actions(game.view(mirror.state, seat)))
        index, choice = choice.below(count)
        body = {"seat": seat, "index": index}
        played = client.ok("POST", f"/api/matches/{match}/actions", body, seat=seat)
        mirror.play(seat, index)
        _check_secrets(client.bodies[-1:], mirror, seat)
        assert played["moves"] == mirror.moves
        assert played["to_act"] == game.current_player(mirror.state)
    for viewer in range(mirror.seats):
        _check_seat(client, mirror, match, viewer)
    assert checked > 0  # the secrecy check had secrets to look for
    status = client.ok("GET", f"/api/matches/{match}")
    assert status["over"] == game.is_over(mirror.state)
    if name == "goblinguard":
        assert status["over"]
        outcome = game.outcome(mirror.state)
        assert outcome is not None
        assert status["outcome"] == json.loads(json.dumps(attrs.asdict(outcome)))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_agents_and_chance_play_as_tabletop_rules_play_does(
    client: Client, name: str, chance: str
) -> None:
    """With every seat an agent, the server plays the whole game in the background, with the
    same generators as :func:`tabletop_rules.play`: the same final position."""
    game, seed = GAMES[name], 8
    options = {"chance": chance}
    config = _mirror_config(game, options)
    seats = game.seat_count(config)
    final, actions = play(game, [RandomAgent() for _ in range(seats)], seed=seed, config=config)
    body = {"game": name, "seed": seed, "options": options, "players": ["random"] * seats}
    created = client.ok("POST", "/api/matches", body)
    assert created["owner"] and created["secrets"] == [None] * seats
    created = _finished(client, created["id"])
    assert created["over"]
    assert not created["thinking"]
    assert created["to_act"] is None
    state, moves = game.new_game(config, seed=seed), 0
    for action in actions:
        moves += game.current_player(state) != CHANCE
        state = game.apply(state, action)
    assert created["moves"] == moves
    status, data = client.call("GET", f"/api/matches/{created['id']}/view?seat=0")
    assert (status, data) == (403, {"error": "seat 0 is played by an agent"})
    public = client.ok("GET", f"/api/matches/{created['id']}/view")
    drawn = web.PUBLIC_VIEWS[name](game, final)
    assert public["text"] == game.render_text(drawn)


def _finished(client: Client, match: str) -> Any:
    """The match's status once its agents have played it to the end (the server plays a match
    of agents alone in the background)."""
    for _ in range(600):
        status = client.ok("GET", f"/api/matches/{match}")
        if status["over"]:
            return status
        time.sleep(0.5)
    pytest.fail(f"the agents never finished match {match}")


def test_agents_answer_until_a_person_must(client: Client) -> None:
    players = ["human", "random", "heuristic", "random"]
    created = client.ok("POST", "/api/matches", {"game": "kinmarr", "seed": 3, "players": players})
    match = created["id"]
    assert created["to_act"] == 0
    for _ in range(5):
        played = client.ok("POST", f"/api/matches/{match}/actions", {"seat": 0, "index": 0}, seat=0)
        assert played["to_act"] in (0, None)
    assert played["moves"] > 5  # the agents moved too
    news = client.ok("GET", f"/api/matches/{match}/events?seat=0", seat=0)["events"]
    moved = [entry for entry in news if "move" in entry]
    assert {entry["by"] for entry in moved} == {0, 1, 2, 3}  # every seat's moves, in words
    assert all(entry["text"] for entry in moved)
    again = client.ok("GET", f"/api/matches/{match}/events?seat=0", seat=0)
    assert again["events"] == []  # only what is new since the last call
    first = client.ok("GET", f"/api/matches/{match}/events?seat=0&since=0", seat=0)["events"]
    assert first == news


@pytest.fixture(scope="module")
def matches(url: str) -> dict[str, str]:
    """A grimheim match for two people (seat 0 to act), and a finished goblinguard match."""
    client = Client(url)
    two = {"game": "grimheim", "seed": 1, "options": {"heroes": ["bjorn", "alva"]}}
    done = {"game": "goblinguard", "seed": 1, "players": ["greedy"]}
    over = client.ok("POST", "/api/matches", done)["id"]
    _finished(client, over)
    return {"open": client.ok("POST", "/api/matches", two)["id"], "over": over}


BAD_DECK = '{"cards": [{"id": "a", "layout": "QQ/QQ"}]}'
DEEP: Any = []
for _ in range(40):
    DEEP = [DEEP]

ERRORS: list[tuple[str, str, Any, int, str]] = [
    ("GET", "/api/nothing", None, 404, "no route"),
    ("GET", "/play/chess", None, 404, "unknown game 'chess'"),
    ("POST", "/api/matches", {"game": "chess"}, 404, "unknown game 'chess'"),
    ("POST", "/api/matches", {}, 400, "missing field 'game'"),
    ("POST", "/api/matches", b'{"game": "kinmarr",', 400, "malformed JSON"),
    ("POST", "/api/matches", b"[1, 2]", 400, "must be a JSON object"),
    ("POST", "/api/matches", b"\xff\xfe", 400, "malformed JSON"),
    ("POST", "/api/matches", {"game": "kinmarr", "seed": "7"}, 400, "'seed' must be an integer"),
    ("POST", "/api/matches", {"game": "kinmarr", "seed": True}, 400, "'seed' must be an integer"),
    ("POST", "/api/matches", {"game": "kinmarr", "seed": -1}, 400, "'seed' must be in"),
    ("POST", "/api/matches", {"game": "kinmarr", "options": []}, 400, "must be an object"),
    ("POST", "/api/matches", {"game": "kinmarr", "options": {"x": 1}}, 400, "unknown key 'x'"),
    ("POST", "/api/matches", {"game": "kinmarr", "options": {"guilds": ["a"]}}, 400, "options"),
    ("POST", "/api/matches", {"game": "kinmarr", "players": ["human"]}, 400, "name 4 player"),
    ("POST", "/api/matches", {"game": "goblinguard", "players": ["ai"]}, 400, "unknown player"),
    ("POST", "/api/setup", {"game": "grimheim", "options": {"heroes": []}}, 400, "bad options"),
    ("GET", "/api/matches/nope", None, 404, "no match 'nope'"),
    ("GET", "/api/matches/nope/view?seat=0", None, 404, "no match 'nope'"),
    ("POST", "/api/matches/nope/actions", {"seat": 0, "index": 0}, 404, "no match"),
    ("GET", "/api/matches/{open}/view?seat=", None, 400, "'seat' must be a seat from 0 to 1"),
    ("GET", "/api/matches/{open}/view?seat=2", None, 400, "from 0 to 1"),
    ("GET", "/api/matches/{open}/decision?seat=-1", None, 400, "from 0 to 1"),
    ("GET", "/api/matches/{open}/events?seat=x", None, 400, "from 0 to 1"),
    ("GET", "/api/matches/{open}/events?seat=%C2%B2", None, 400, "from 0 to 1"),
    ("GET", "/api/matches/{open}/events?seat=0&since=%C2%B2", None, 400, "'since'"),
    ("GET", "/api/matches/{open}/events?seat=0&since=99999", None, 400, "'since'"),
    ("POST", "/api/matches/{open}/actions", {"seat": 0, "index": 9999}, 400, "no action 9999"),
    ("POST", "/api/matches/{open}/actions", {"seat": 0, "index": "0"}, 400, "'index' must be"),
    ("POST", "/api/matches/{open}/actions", {"seat": 0}, 400, "missing field 'index'"),
    ("POST", "/api/matches/{open}/actions", {"seat": "0", "index": 0}, 400, "'seat' must be"),
    ("POST", "/api/matches/{open}/actions", {"seat": 1, "index": 0}, 409, "seat 0 must answer"),
    ("POST", "/api/matches/{over}/actions", {"seat": 0, "index": 0}, 409, "the game is over"),
    ("DELETE", "/api/matches/{open}", None, 401, "needs its owner secret"),
    ("PUT", "/api/matches/{open}", b"{}", 405, "accepts GET, DELETE"),
    ("GET", "/api/matches/{open}/events?seat=0&seat=1", None, 400, "give 'seat' once"),
    ("GET", "/api/matches/{open}/events?seat=0&since=0&since=1", None, 400, "'since'"),
    (
        "POST",
        "/api/matches/{open}/actions",
        b'{"seat": 0, "index": ' + b"7" * 5000 + b"}",
        400,
        "malformed JSON: a number of more than 4300 digits",
    ),
    ("GET", "/api/matches", None, 405, "accepts POST"),
    ("PUT", "/api/games", b"{}", 405, "accepts GET"),
    ("POST", "/api/setup", {"game": "goblinguard", "options": {"deck": "[1"}}, 400, "bad deck"),
    ("POST", "/api/setup", {"game": "goblinguard", "options": {"deck": 7}}, 400, "must be text"),
    ("POST", "/api/setup", {"game": "goblinguard", "options": {"deck": "{}"}}, 400, "bad deck"),
    ("POST", "/api/setup", {"game": "goblinguard", "options": {"deck": BAD_DECK}}, 400, "layout"),
    ("POST", "/api/matches", b'{"game": ' + b"[" * 5000 + b"]" * 5000 + b"}", 400, "malformed"),
    ("POST", "/api/matches", b'{"game": "kinmarr", "seed": ' + b"7" * 5000 + b"}", 400, "JSON"),
    ("POST", "/api/setup", {"game": "kinmarr", "options": {"x": DEEP}}, 400, "nested more than"),
    ("POST", "/api/matches", b'{"game": "kinmarr", "seed": 1e999}', 400, "'seed' must be an"),
    ("POST", "/api/matches", b'{"game": "kinmarr", "seed": NaN}', 400, "malformed JSON"),
]


@pytest.mark.parametrize(("method", "path", "body", "status", "message"), ERRORS)
def test_bad_requests_get_a_json_error_and_never_a_traceback(
    client: Client,
    matches: dict[str, str],
    method: str,
    path: str,
    body: Any,
    status: int,
    message: str,
) -> None:
    raw = body if isinstance(body, bytes) else None
    path = path.format(**matches)
    secret = None  # a seat's own secret, where one is named: the error is not about secrets
    if path.startswith("/api/matches/") and path.split("/")[3] in SECRETS:
        seat = str(body.get("seat") if isinstance(body, dict) else urlsplit(path).query[5:6])
        seats = SECRETS[path.split("/")[3]]
        if seat in [str(s) for s in range(len(seats))]:
            secret = seats[int(seat)]
    got, data = client.call(method, path, None if raw else body, raw=raw, secret=secret)
    assert (got, list(data)) == (status, ["error"])
    assert message in data["error"]
    assert "Traceback" not in client.bodies[-1]


def test_an_agent_seat_cannot_be_played_by_a_person(client: Client) -> None:
    players = ["random", "human"]
    body = {"game": "grimheim", "seed": 2, "options": {"heroes": ["bjorn", "alva"]}}
    match = client.ok("POST", "/api/matches", {**body, "players": players})["id"]
    secret = SECRETS[match][1]
    assert SECRETS[match][0] is None
    play = {"seat": 0, "index": 0}
    status, data = client.call("POST", f"/api/matches/{match}/actions", play, secret=secret)
    assert (status, data) == (409, {"error": "seat 0 is played by an agent"})


# -- credentials and the public view -------------------------------------------------------


def test_each_person_gets_a_secret_that_opens_their_seat_only(client: Client) -> None:
    body = {"game": "grimheim", "seed": 6, "options": {"heroes": ["bjorn", "alva", "embla"]}}
    created = client.ok("POST", "/api/matches", {**body, "players": ["human", "human", "random"]})
    match, keys = created["id"], created["secrets"]
    assert keys[2] is None  # an agent's seat has none
    assert all(isinstance(key, str) and len(key) >= 24 for key in keys[:2])
    assert keys[0] != keys[1]
    other = client.ok("POST", "/api/matches", body)["secrets"][0]  # another match's seat 0
    for route in ("view", "decision", "events"):
        path = f"/api/matches/{match}/{route}?seat=0"
        status, data = client.call("GET", path)
        assert (status, data["error"]) == (
            401,
            "seat 0 needs its secret: send 'Authorization: Bearer <secret>'",
        )
        for wrong in (keys[1], keys[0] + "x", keys[0][:-1], other, "", "é"):
            status, data = client.call("GET", path, secret=wrong)
            assert (status, data) == (403 if wrong else 401, data), wrong
        assert client.call("GET", path, secret=keys[0])[0] == 200
        status, data = client.call("GET", f"/api/matches/{match}/{route}?seat=2", secret=keys[0])
        assert (status, data) == (403, {"error": "seat 2 is played by an agent"})
    actions, play = f"/api/matches/{match}/actions", {"seat": 0, "index": 0}
    assert client.call("POST", actions, play)[0] == 401
    assert client.call("POST", actions, play, secret=keys[1]) == (
        403,
        {"error": "that is not seat 0's secret"},
    )
    assert client.call("POST", actions, play, secret=keys[0])[0] == 200
    # The header's scheme is Bearer; a secret anywhere else is not read.
    request = urllib.request.Request(f"{client.url}{actions}", json.dumps(play).encode())
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Basic {keys[0]}")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 401
    assert refused.value.headers["WWW-Authenticate"].startswith("Bearer")


def _mentioned(bodies: Sequence[str], texts: set[str]) -> set[str]:
    """Which of ``texts`` appear in ``bodies``: as whole words (a card id, a number), or
    anywhere for a text of several words."""
    words = {word for body in bodies for word in re.findall(r"[\w-]+", body)}
    return {t for t in texts if (t in words if re.fullmatch(r"[\w-]+", t) else t in str(bodies))}


def _check_public(client: Client, mirror: Mirror, match: str) -> int:
    """The public view is the game's spectator view, nothing any seat's view hides shows in it
    (nor any hand, in Grimheim), and it is the same whatever the hidden cards are. How many
    cards in hand were looked for."""
    game, name = mirror.game, mirror.game.name
    before = len(client.bodies)
    public = client.ok("GET", f"/api/matches/{match}/view")
    expected = web.PUBLIC_VIEWS[name](game, mirror.state)
    assert public == {
        "seat": None,
        "text": game.render_text(expected),
        "svg": game.render_svg(expected) if game.render_svg else None,
    }
    asked = client.ok("GET", f"/api/matches/{match}/decision")
    to_act = game.current_player(mirror.state)
    assert asked == {"seat": None, "to_act": to_act, "decision": None, "actions": []}
    news = client.ok("GET", f"/api/matches/{match}/events?since=0")
    assert news == {"seat": None, "events": mirror.public, "next": len(mirror.public)}
    bodies = client.bodies[before:]
    for seat in range(mirror.seats):
        hidden = {text.strip('"') for text in mirror.secrets(seat) if text.startswith('"')}
        assert not [body for body in bodies if '"rng"' in body]
        assert not _mentioned(bodies, hidden)
    hands: set[str] = set()
    if name == "grimheim":  # a hand is its hero's alone, even in a game of one
        hands = {card for hero in mirror.state.heroes for card in hero.hand}
        assert not _mentioned([public["svg"], public["text"]], hands)
    for seat in range(mirror.seats):  # deal every hidden card afresh: the same public view
        other = game.redeal(game.view(mirror.state, seat), 99)
        again = web.PUBLIC_VIEWS[name](game, other)
        assert game.render_text(again) == public["text"]
        assert game.render_svg is None or game.render_svg(again) == public["svg"]
    return len(hands)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("goblinguard", {}),
        ("grimheim", {"heroes": ["bjorn", "alva", "embla"]}),
        ("grimheim", {"heroes": ["alva"]}),
        ("kinmarr", {}),
    ],
)
def test_without_a_secret_anyone_gets_the_public_view_and_nothing_hidden(
    client: Client, name: str, options: dict[str, Any]
) -> None:
    game, seed = GAMES[name], 12
    mirror = Mirror(game, options, seed)
    match = client.ok("POST", "/api/matches", {"game": name, "seed": seed, "options": options})
    choice, hands = Rng.from_seed(2), 0
    for move in range(16):
        if move % 5 == 0:
            hands += _check_public(client, mirror, match["id"])
        if game.is_over(mirror.state):
            break
        choice = mirror.random_move(client, match["id"], choice)
    hands += _check_public(client, mirror, match["id"])
    assert mirror.public  # there were public events to send
    assert hands > 0 or name != "grimheim"  # and hands to hide


def test_a_game_without_a_public_view_shows_its_status_and_public_events_only(
    client: Client, capsys: pytest.CaptureFixture[str]
) -> None:
    leaky = {"grimheim": lambda game, state: game.view(state, 0)}  # seat 0's hand shows
    for views in ({}, leaky):
        with serve(web.Api(public_views=views)) as address:
            other = Client(address)
            body = {"game": "grimheim", "seed": 3, "options": {"heroes": ["bjorn", "alva"]}}
            match = other.ok("POST", "/api/matches", body)["id"]
            assert other.ok("GET", f"/api/matches/{match}/view") == {"seat": None}
            assert other.ok("GET", f"/api/matches/{match}")["to_act"] == 0
            assert other.ok("GET", f"/api/matches/{match}/events")["seat"] is None
    assert "grimheim: the public view shows a seat's secret" in capsys.readouterr().err


# -- limits --------------------------------------------------------------------------------


def _connect(address: str, source: str = "127.0.0.1") -> http.client.HTTPConnection:
    """A connection from ``source`` (any 127.x.y.z address is this machine)."""
    parts = urlsplit(address)
    return http.client.HTTPConnection(
        str(parts.hostname), parts.port, timeout=10, source_address=(source, 0)
    )


def _post(
    address: str, path: str, body: Any, *, source: str = "127.0.0.1", **headers: str
) -> tuple[int, Any]:
    """POST JSON from ``source`` with extra headers (``Origin=…``); the status and answer."""
    connection = _connect(address, source)
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    heads = {
        "Content-Type": "application/json",
        **{k.replace("_", "-"): v for k, v in headers.items()},
    }
    connection.request("POST", path, data, heads)
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    return response.status, answer


def _get(address: str, path: str) -> int:
    connection = _connect(address)
    connection.request("GET", path)
    status = connection.getresponse().status
    connection.close()
    return status


def test_a_client_may_hold_so_many_matches_and_no_match_in_play_is_dropped() -> None:
    """The per-client cap, the cap on all matches and the idle timeout (a clock of the test's)."""
    now = [0.0]
    limits = web.Limits(
        max_matches=4, max_matches_per_client=2, idle_timeout=100, agent_matches=4, agent_wait=60
    )
    open_match = {"game": "grimheim", "options": {"heroes": ["bjorn"]}}
    done = {"game": "goblinguard", "players": ["greedy"]}
    with serve(web.Api(limits=limits, clock=lambda: now[0])) as address:

        def create(body: Any, source: str = "127.0.0.1") -> tuple[int, Any]:
            return _post(address, "/api/matches", body, source=source)

        a1, a2 = create(open_match)[1]["id"], create(done)[1]["id"]
        a3 = create(open_match)[1]["id"]  # at the cap: a's own finished match makes room
        assert _get(address, f"/api/matches/{a2}") == 404
        status, answer = create(open_match)
        assert (status, answer) == (429, answer)
        assert "at most 2 matches per client" in answer["error"]
        b1, b2 = (create(open_match, "127.0.0.2")[1]["id"] for _ in range(2))
        status, answer = create(open_match, "127.0.0.3")  # four matches: the server is full
        assert status == 503
        assert "holds 4 matches" in answer["error"]
        assert [_get(address, f"/api/matches/{m}") for m in (a1, a3, b1, b2)] == [200] * 4
        now[0] = 50.0
        assert _get(address, f"/api/matches/{a1}") == 200  # a1 is being played
        now[0] = 110.0  # a3, b1, b2 idle for 110 s, a1 for 60 s
        assert create(open_match, "127.0.0.3")[0] == 201
        assert [_get(address, f"/api/matches/{m}") for m in (a1, a3, b1, b2)] == [200, *[404] * 3]


def test_a_lying_or_slow_body_is_cut_off_after_the_read_timeout() -> None:
    limits = web.Limits(read_timeout=0.5)
    with serve(limits=limits) as address:
        parts = urlsplit(address)
        for drip in (False, True):
            started = time.monotonic()
            with socket.create_connection((str(parts.hostname), int(parts.port or 0))) as sock:
                sock.settimeout(10)
                head = (
                    "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
                )
                sock.sendall(head.encode())
                if drip:  # a byte every 0.2 s: each read is quick, the whole body is not
                    for _ in range(4):
                        time.sleep(0.2)
                        with contextlib.suppress(OSError):
                            sock.sendall(b" ")
                answer = b""
                while chunk := sock.recv(4096):  # the server answers, then closes
                    answer += chunk
            assert answer.startswith(b"HTTP/1.0 408 "), answer
            assert b"the body did not come within 0.5 s" in answer
            assert time.monotonic() - started < 3
        started = time.monotonic()
        with socket.create_connection((str(parts.hostname), int(parts.port or 0))) as sock:
            sock.settimeout(10)
            assert sock.recv(4096) == b""  # saying nothing: closed after the timeout
        assert time.monotonic() - started < 3


def test_a_server_serves_so_many_connections_at_once() -> None:
    with serve(limits=web.Limits(max_connections=1, read_timeout=5)) as address:
        parts = urlsplit(address)
        idle = socket.create_connection((str(parts.hostname), int(parts.port or 0)))
        idle.sendall(b"GET /api/ga")  # holds the only place
        time.sleep(0.2)
        connection = _connect(address)
        connection.request("GET", "/api/games")
        response = connection.getresponse()
        assert (response.status, json.loads(response.read())) == (
            503,
            {"error": "too many connections"},
        )
        idle.close()
        for _ in range(50):  # the place is free once the server has seen the close
            with contextlib.suppress(OSError, http.client.HTTPException):
                if _get(address, "/api/games") == 200:
                    break
            time.sleep(0.05)
        else:
            pytest.fail("the place was never freed")


def test_too_large_cross_site_and_foreign_requests_are_refused() -> None:
    limits = web.Limits(max_body=200)
    with serve(limits=limits) as address:
        netloc = urlsplit(address).netloc
        body = {"game": "goblinguard"}
        assert _post(address, "/api/matches", body, Origin=f"http://{netloc}")[0] == 201
        assert _post(address, "/api/matches", body, Sec_Fetch_Site="same-origin")[0] == 201
        for headers in (
            {"Origin": "http://evil.example"},
            {"Origin": f"https://evil.example:{urlsplit(address).port}"},
            {"Origin": "null"},
            {"Sec-Fetch-Site": "cross-site"},
            {"Sec-Fetch-Site": "same-site"},
        ):
            status, answer = _post(address, "/api/matches", body, **headers)
            assert (status, answer["error"][:18]) == (403, "cross-site request"), headers
        status, answer = _post(address, "/api/matches", body, Host="evil.example")
        assert (status, answer) == (403, {"error": "this server does not answer to 'evil.example'"})
        status, answer = _post(address, "/api/matches", {**body, "pad": "x" * 200})
        assert (status, answer) == (413, {"error": "at most 200 bytes"})
        status, answer = _post(address, "/api/matches", body, Content_Type="text/plain")
        assert (status, answer) == (415, {"error": "send Content-Type: application/json"})
    with serve(limits=limits, allowed_hosts=["games.example"]) as address:
        status, answer = _post(address, "/api/matches", body, Host="games.example:8000")
        assert status == 201
        assert _post(address, "/api/matches", body)[0] == 403  # 127.0.0.1 is not that name


def test_every_limit_is_an_option_of_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args, limits = web.options(
        [
            "--max-body",
            "100",
            "--idle-timeout",
            "5",
            "--max-matches-per-client",
            "3",
            "--allowed-host",
            "games.example",
        ]
    )
    assert limits == web.Limits(max_body=100, idle_timeout=5.0, max_matches_per_client=3)
    assert args.allowed_host == ["games.example"]
    with pytest.raises(SystemExit):
        web.options(["--help"])
    shown = capsys.readouterr().out
    for limit in dataclasses.fields(web.Limits):
        assert f"--{limit.name.replace('_', '-')} N" in shown


@pytest.mark.parametrize(
    ("length", "status"), [(None, 411), ("x", 411), ("\u00b2", 411), ("100000", 413)]
)
def test_a_body_without_a_length_or_too_long_is_refused(
    url: str, length: str | None, status: int
) -> None:
    host, port = urlsplit(url).hostname, urlsplit(url).port
    connection = http.client.HTTPConnection(str(host), port, timeout=10)
    connection.putrequest("POST", "/api/matches")
    if length is not None:
        connection.putheader("Content-Length", length)
    connection.endheaders()
    response = connection.getresponse()
    assert response.status == status
    assert list(json.loads(response.read())) == ["error"]
    connection.close()


def _raw(address: str, request: bytes) -> tuple[bytes, Any]:
    """Send bytes as they are; the status line and the JSON body of the answer."""
    parts = urlsplit(address)
    with socket.create_connection((str(parts.hostname), int(parts.port or 0))) as sock:
        sock.settimeout(10)
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"Content-Type: application/json" in head, head
    return head.split(b"\r\n")[0], json.loads(body)


def test_what_http_server_refuses_itself_is_refused_in_json_too(url: str) -> None:
    """A request line it cannot read, a line or headers too long, a method nobody serves: each
    is a JSON error like every other refusal, never ``http.server``'s HTML page."""
    headers = "".join(f"X-{i}: {i}\r\n" for i in range(200))
    for request, status in [
        (b"garbage\r\n\r\n", b" 400 "),
        (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", b" 414 "),
        (f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode(), b" 431 "),
        (b"BREW /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", b" 501 "),
    ]:
        line, answer = _raw(url, request)
        assert status in line, line
        assert list(answer) == ["error"]
        assert "<" not in answer["error"]


def test_a_match_without_a_person_is_refused_unless_the_server_allows_some() -> None:
    """By default a server plays no match of agents alone (a public server's CPU is not an
    anonymous request's); ``agent_matches`` allows so many at once, played in the background."""
    alone = {"game": "kinmarr", "players": ["ismcts"] * 4}
    with serve() as address:
        status, answer = _post(address, "/api/matches", alone)
        assert (status, answer) == (
            403,
            {"error": "this server plays no match without a person seated: seat a person (human)"},
        )
    limits = web.Limits(agent_matches=1, agent_wait=0.2)
    with serve(limits=limits) as address:
        status, first = _post(address, "/api/matches", alone)
        assert status == 201
        assert first["thinking"]  # answered while its agents play on, in the background
        status, answer = _post(address, "/api/matches", alone)
        assert status == 429
        assert "1 match of agents alone is being played" in answer["error"]
        client = Client(address)
        path = f"/api/matches/{first['id']}"
        assert client.call("DELETE", path, secret=first["owner"]) == (
            200,
            {"id": first["id"], "left": True},
        )
        assert client.call("GET", path)[0] == 404
        assert _post(address, "/api/matches", alone)[0] == 201  # the place is free again


def test_the_creator_may_leave_a_match_and_make_room() -> None:
    """The per-client cap never locks a person out: the page that created a match may end it
    (``DELETE`` with the ``owner`` secret), and it no longer counts."""
    limits = web.Limits(max_matches_per_client=1)
    body = {"game": "grimheim", "options": {"heroes": ["bjorn"]}}
    with serve(limits=limits) as address:
        client = Client(address)
        status, first = _post(address, "/api/matches", body)
        assert status == 201
        assert _post(address, "/api/matches", body)[0] == 429
        path = f"/api/matches/{first['id']}"
        assert client.call("DELETE", path)[0] == 401
        for wrong in (first["secrets"][0], first["owner"] + "x"):  # a seat's secret is not it
            assert client.call("DELETE", path, secret=wrong) == (
                403,
                {"error": "only the match's creator may end it"},
            )
        assert client.call("DELETE", path, secret=first["owner"])[0] == 200
        assert _post(address, "/api/matches", body)[0] == 201


def test_an_agent_thinks_within_the_time_of_a_decision() -> None:
    """An agent that thinks longer than ``agent_time`` on a decision is stopped, and a random
    legal move is played for it with its own generator; the log says so, and the game goes
    on. (The worker process's start is not the agent's time.)"""
    limits = web.Limits(agent_time=0.001, agent_wait=60)
    players = ["human", "ismcts"]
    body = {"game": "kinmarr", "seed": 4, "options": {"guilds": ["feudal_pact", "pathfinders"]}}
    with serve(limits=limits) as address:
        client = Client(address)
        created = client.ok("POST", "/api/matches", {**body, "players": players})
        match, notes = created["id"], []
        for _ in range(12):
            status = client.ok("GET", f"/api/matches/{match}")
            if status["over"]:
                break
            assert status["to_act"] == 0 and not status["thinking"]
            client.ok("POST", f"/api/matches/{match}/actions", {"seat": 0, "index": 0}, seat=0)
            news = client.ok("GET", f"/api/matches/{match}/events?seat=0", seat=0)["events"]
            notes += [e["note"] for e in news if e.get("by") == 1 and "note" in e]
            if notes:
                break
    assert notes
    assert notes[0] == "ismcts took more than 0.001 s: a random move was played for it"


def test_every_seat_is_told_every_move_it_may_know_and_by_whom(client: Client) -> None:
    """In Fated Kingdom every move is public: each seat's log and the spectators' hold every
    seat's moves, each under the seat that made it, in words, and its own roll after its own
    move (not under whoever passed before it)."""
    body = {"game": "kinmarr", "seed": 5, "options": {"guilds": ["feudal_pact", "pathfinders"]}}
    created = client.ok("POST", "/api/matches", body)
    match, choice = created["id"], Rng.from_seed(1)
    for _ in range(30):
        status = client.ok("GET", f"/api/matches/{match}")
        if status["over"]:
            break
        seat = status["to_act"]
        asked = client.ok("GET", f"/api/matches/{match}/decision?seat={seat}", seat=seat)
        index, choice = choice.below(len(asked["actions"]))
        client.ok(
            "POST", f"/api/matches/{match}/actions", {"seat": seat, "index": index}, seat=seat
        )
    logs = [
        client.ok("GET", f"/api/matches/{match}/events?seat={seat}&since=0", seat=seat)["events"]
        for seat in (0, 1)
    ]
    logs.append(client.ok("GET", f"/api/matches/{match}/events")["events"])
    for log in logs:
        moves = [entry for entry in log if "move" in entry]
        assert len(moves) == client.ok("GET", f"/api/matches/{match}")["moves"]
        assert {entry["by"] for entry in moves} == {0, 1}
        guild = {0: "Feudal Pact", 1: "Pathfinders"}
        assert all(entry["text"].startswith(guild[entry["by"]]) for entry in moves)
        for i, entry in enumerate(log):  # a travel roll follows its own seat's travel move
            if entry.get("move") == "travel":
                rolled = next(e for e in log[i + 1 :] if "on the travel die" in e.get("text", ""))
                assert rolled["text"].startswith(guild[entry["by"]])


def test_a_failure_in_a_game_is_a_json_500_and_the_traceback_stays_on_the_server(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def broken(config: Any = None, *, seed: int) -> Any:
        raise RuntimeError("a bug in a third-party game")

    game = GAMES["goblinguard"].replace(name="broken", new_game=broken)
    with serve(web.Api({"broken": game})) as address:
        status, data = Client(address).call("POST", "/api/matches", {"game": "broken"})
    assert (status, data) == (500, {"error": "internal server error"})
    assert "RuntimeError: a bug in a third-party game" in capsys.readouterr().err


# -- the page, in headless Chromium ------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium (Debian's) through Playwright; a skip when either is missing, or a
    failure under ``TABLETOP_REQUIRE_BROWSER``."""
    missing = (
        [] if CHROMIUM.exists() else [f"Debian's chromium at {CHROMIUM} (apt-get install chromium)"]
    )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing.append("the playwright package (pip install -e '.[test]')")
    if missing:
        reason = f"no browser: the browser tests need {' and '.join(missing)}"
        if os.environ.get(REQUIRE_BROWSER):
            pytest.fail(f"{reason}; {REQUIRE_BROWSER} is set, so it may not be skipped")
        pytest.skip(reason)
    with sync_playwright() as playwright:
        # Never `playwright install`: Debian's Chromium is launched by path.
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, url: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == []  # no script error, no failed request


def _idle(page: Page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def _set_option(page: Page, name: str, value: Any) -> None:
    """Set one field of the options form as a person would (opening *More options* for a
    developer's option); the page asks the server how many seats the options make."""
    field = page.locator(f"#option-{name}")
    if page.locator(f"#more-fields #option-{name}").count():
        page.locator("#more").evaluate("details => { details.open = true; }")
    if isinstance(value, list) and page.locator(f"#option-{name}-0").count():
        # One select per place: all chosen at once, then one change (each alone could repeat
        # a guild that a later select gives up).
        page.evaluate(
            """([name, values]) => document.querySelectorAll(`#option-${name} select`)
                .forEach((select, place) => { select.value = values[place] || ""; })""",
            [name, value],
        )
        field.dispatch_event("change")
        _idle(page)
        return
    if isinstance(value, bool):
        field.set_checked(value)
    elif field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(" ".join(value) if isinstance(value, list) else str(value))
        field.dispatch_event("change")
    _idle(page)


def _open(
    page: Page,
    url: str,
    name: str,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    players: Sequence[str] = (),
) -> None:
    """Open a game's page, set the game up as a person would, and start it."""
    page.goto(f"{url}/play/{name}")
    page.wait_for_selector("#setup:not([hidden]) select")
    for field, value in (options or {}).items():
        _set_option(page, field, value)
    assert page.is_hidden("#error"), page.inner_text("#error")
    assert page.locator("#players select").count() == (len(players) or 1)
    for seat, player in enumerate(players):
        page.select_option(f"#player-{seat}", player)
    page.locator("#more").evaluate("details => { details.open = true; }")  # the seed is there
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_function("() => !document.body.dataset.busy")
    if players:
        expected = " · ".join(f"seat {seat}: {player}" for seat, player in enumerate(players))
        assert page.inner_text("#seats") == expected


CLICKABLE = """() => [...document.querySelectorAll("#picture [data-actions]")].map(
    (element, n) => ({
        n,
        id: element.id,
        kind: element.getAttribute("class").split(" ")[0],
        indices: element.getAttribute("data-actions").split(" ").map(Number),
        leaf: element.querySelector("[data-actions]") === null,
    }))"""
"""Every element of the picture that takes a click: its place among them, its id, its first
class, its indices and whether it holds no other such element."""

POINT = """element => {
    element.scrollIntoView({block: "center", inline: "center"});
    const box = element.getBoundingClientRect();
    const steps = [0.5, 0.35, 0.65, 0.2, 0.8];
    for (const fy of steps) for (const fx of steps) {
        const x = box.left + box.width * fx, y = box.top + box.height * fy;
        const hit = document.elementFromPoint(x, y);
        if (hit !== null && hit.closest("[data-actions]") === element) return [x, y];
    }
    return null;
}"""
"""A point of the window where a click reaches the element itself (not a card drawn on a panel,
not the choice panel over the picture), after scrolling it into the middle; ``null``: none."""


def _click_on(page: Page, element: Locator) -> None:
    """Click the element of the picture as a person would: with the mouse, where it shows."""
    point = element.evaluate(POINT)
    assert point is not None, f"{element} cannot be clicked: something covers it"
    page.mouse.click(*point)


def _candidates(page: Page) -> list[str]:
    """The words of the moves the page lists as still possible."""
    return page.locator("#candidates .words").all_inner_texts()


def _all_words(page: Page) -> list[str]:
    """The words of every move, from the page's list of all moves, in the actions' order."""
    return page.locator("#actions .words").all_text_contents()  # shown or not


def _moved(page: Page, moves: str) -> None:
    """Wait until the page has drawn the position after a move (the count was ``moves``)."""
    page.wait_for_function(
        "moves => document.querySelector('#moves').textContent !== moves"
        " && !document.body.dataset.busy",
        arg=moves,
    )


def _choose(page: Page, index: int, words: Sequence[str] | None = None) -> list[str]:
    """Choose the ``index``-th legal action by clicking the picture, broadest element first: each
    click the element carrying ``index`` that leaves the most candidates while leaving fewer.
    After each click but the last, the page must mark the element clicked and list exactly the
    candidates :func:`tabletop_rules.narrow` leaves, in words (``words``, or the page's list of
    all moves). The first class of each element clicked."""
    moves, words = page.inner_text("#moves"), words or _all_words(page)
    elements = page.evaluate(CLICKABLE)
    chosen, clicks = frozenset(range(len(words))), list[str]()
    while True:
        narrower = [
            (len(narrow(chosen, e["indices"])), e["leaf"], -e["n"], e)
            for e in elements
            if index in e["indices"] and (len(narrow(chosen, e["indices"])) < len(chosen))
        ]
        if not narrower:  # one action only: its one element
            narrower = [(1, True, 0, e) for e in elements if e["indices"] == [index]]
        *_, element = max(narrower, key=lambda option: option[:3])
        _click_on(page, page.locator("#picture [data-actions]").nth(element["n"]))
        chosen = narrow(chosen if clicks else None, element["indices"])
        clicks.append(element["kind"])
        if len(chosen) == 1:
            break
        clicked = page.locator("#picture [data-actions]").nth(element["n"])
        assert "picked" in str(clicked.get_attribute("class")).split()
        assert _candidates(page) == [words[i] for i in sorted(chosen)]
    _moved(page, moves)
    return clicks


def _picture(page: Page, game: AnyGame) -> str:
    """The position as drawn: inline ``<svg>`` when the game has an SVG renderer, else text."""
    if game.render_svg is not None:
        assert page.locator("#picture > svg").count() == 1
        return page.inner_html("#picture")
    assert page.locator("#picture > pre").count() == 1
    return page.inner_text("#picture")


def _screenshot(page: Page, path: Path) -> None:
    page.screenshot(path=str(path), full_page=True)
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert path.stat().st_size > 1000


CELL = """([x, y, index]) => [
    ...document.querySelectorAll(`#picture [data-actions][data-x="${x}"][data-y="${y}"]`),
].filter(e => e.getAttribute("data-actions").split(" ").map(Number).includes(index))
 .map(e => e.id).reverse()"""
"""The ids of the elements showing the cell ``(x, y)`` of goblinguard's table that take part in
action ``index``, topmost first: a mark on it, the card showing there, or an empty cell's
target."""


def test_goblinguard_is_played_to_the_end_by_clicking_card_cell_and_layer(
    page: Page, url: str, tmp_path: Path
) -> None:
    """Each placement is clicked as a person would: the card in the hand, then the cell for its
    top-left cell, then *On top* or *Beneath* when both may be; after each click the page lists
    the candidates left in the game's words, and the last click plays the move."""
    game, seed = GAMES["goblinguard"], 4
    _open(page, url, "goblinguard", seed)
    assert page.inner_text("#turn").startswith("Your turn (move 1")
    state = game.new_game(_mirror_config(game, {}), seed=seed)
    choice, clicks, pictures = Rng.from_seed(3), [0, 0, 0], [_picture(page, game)]
    assert game.describe is not None
    while not game.is_over(state):
        view = game.view(state, 0)
        actions = game.legal_actions(view)
        index, choice = choice.below(len(actions))
        action = actions[index]
        words = [game.describe(view, a) for a in actions]
        assert _all_words(page) == words  # the list of all moves, in words
        moves, chosen = page.inner_text("#moves"), None
        for step in range(3):
            if step == 0:
                element = f"hand-{action.card}"
            elif step == 1:  # the topmost that takes a click (an open mark is a ring)
                shown = page.evaluate(CELL, [action.x, action.y, index])
                element = next(e for e in shown if page.locator(f'[id="{e}"]').evaluate(POINT))
            else:
                element = f"button-layer-{action.layer.value}"
            located = page.locator(f'#picture [id="{element}"]')
            indices = [int(i) for i in str(located.get_attribute("data-actions")).split()]
            _click_on(page, located)
            clicks[step] += 1
            chosen = narrow(chosen, indices)
            if len(chosen) == 1:
                break
            assert _candidates(page) == [words[i] for i in sorted(chosen)]
            assert page.is_visible("#clear")
        assert chosen == frozenset([index])
        _moved(page, moves)
        state = game.apply(state, action)
        said = f"you: {words[index]} {game.notation(action)}"
        assert page.locator("#log li.move").last.inner_text() == said
        pictures.append(_picture(page, game))
        assert pictures[-1] != pictures[-2]
        if len(pictures) == 4:
            _screenshot(page, tmp_path / "goblinguard.png")
    assert int(page.inner_text("#moves")) == len(pictures) - 1 == 20
    assert clicks[1] > 10 and clicks[2] > 0  # cells were clicked, and layers where needed
    assert page.inner_text("#turn") == "Game over"
    assert page.is_hidden("#choice")
    assert page.locator("#picture [data-actions]").count() == 0
    outcome = game.outcome(state)
    assert outcome is not None
    assert game.describe is not None
    assert page.inner_text("#outcome") == game.describe(state, outcome)  # in words
    won = "The game is won: all" if outcome.winners else "The game is lost: "
    assert page.inner_text("#outcome").startswith(won)
    _screenshot(page, tmp_path / "goblinguard-over.png")


def test_clicks_narrow_the_choice_and_clear_starts_it_again(page: Page, url: str) -> None:
    """The page's narrowing is :func:`tabletop_rules.narrow`: each click keeps the moves both
    allow and marks what can still help; a click that allows none of them starts again; *Clear
    the choice* and Escape forget the clicks; the list of all moves plays from the keyboard."""
    game, seed = GAMES["goblinguard"], 7
    _open(page, url, "goblinguard", seed)
    state = game.new_game(_mirror_config(game, {}), seed=seed)
    _choose(page, 0)  # every first move is a card on (0, 0): one click
    state = game.apply(state, game.legal_actions(state)[0])
    view = game.view(state, 0)
    actions = game.legal_actions(view)
    assert game.describe is not None
    words = [game.describe(view, a) for a in actions]
    hand = view.hand
    assert page.is_hidden("#clear")
    assert _candidates(page) == []  # too many moves to list before a click
    assert page.inner_text("#help") == f"Click the picture to choose one of {len(actions)} moves."

    def marked(css: str) -> list[str]:
        found = page.locator(f"#picture [data-actions].{css}")
        return [str(e) for e in found.evaluate_all("elements => elements.map(e => e.id)")]

    first = page.locator(f"#picture #hand-{hand[0]}")
    _click_on(page, first)
    of_first = [i for i, a in enumerate(actions) if a.card == hand[0]]
    assert _candidates(page) == [words[i] for i in of_first]
    assert marked("picked") == [f"hand-{hand[0]}"]
    assert {f"hand-{card}" for card in hand[1:]} <= set(marked("ruled-out"))
    cells = {e["id"] for e in page.evaluate(CLICKABLE) if set(e["indices"]) & set(of_first)}
    assert set(marked("possible")) == cells
    assert page.inner_text("#help") == (
        f"{len(of_first)} moves fit what you clicked: click on, or choose:"
    )
    # Another card allows none of them: the choice starts again from it. (A mark drawn over
    # it, which takes no click of its own, passes the click on.)
    second = page.locator(f"#picture #hand-{hand[1]}")
    second.scroll_into_view_if_needed()
    box = second.bounding_box()
    assert box is not None
    page.evaluate(
        """([x, y, width, height]) => {
            const svg = document.querySelector("#picture svg");
            const mark = document.createElementNS("http://www.w3.org/2000/svg", "rect");
            const point = svg.createSVGPoint();
            [point.x, point.y] = [x, y];
            const at = point.matrixTransform(svg.getScreenCTM().inverse());
            const scale = 1 / svg.getScreenCTM().a;
            Object.entries({id: "over", x: at.x, y: at.y, width: width * scale,
                height: height * scale, "fill-opacity": "0.2"})
                .forEach(([name, value]) => mark.setAttribute(name, value));
            svg.append(mark);
        }""",
        [box["x"], box["y"], box["width"], box["height"]],
    )
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).id", middle) == "over"
    page.mouse.click(*middle)
    of_second = [i for i, a in enumerate(actions) if a.card == hand[1]]
    assert _candidates(page) == [words[i] for i in of_second]
    assert marked("picked") == [f"hand-{hand[1]}"]
    page.click("#clear")
    assert (_candidates(page), marked("picked"), marked("ruled-out")) == ([], [], [])
    assert page.is_hidden("#clear")
    # A layer first, then the card: the clicks meet in any order.
    _click_on(page, page.locator("#picture #button-layer-bottom"))
    beneath = [i for i, a in enumerate(actions) if a.layer.value == "bottom"]
    assert _candidates(page) == [words[i] for i in beneath]
    _click_on(page, first)
    both = [i for i in beneath if actions[i].card == hand[0]]
    assert _candidates(page) == [words[i] for i in both]
    assert sorted(marked("picked")) == ["button-layer-bottom", f"hand-{hand[0]}"]
    page.keyboard.press("Escape")
    assert _candidates(page) == []
    assert page.inner_text("#moves") == "1"  # nothing was played
    # The list of all moves: each button says the move's words and notation; Enter plays it.
    page.click("#all-moves summary")
    buttons = page.locator("#actions button")
    assert buttons.count() == len(actions) == int(page.inner_text("#count"))
    last = buttons.nth(len(actions) - 1)
    assert last.locator(".words").inner_text() == words[-1]
    assert last.locator("code").inner_text() == game.notation(actions[-1])
    last.focus()
    page.keyboard.press("Enter")
    _moved(page, "1")
    said = f"you: {words[-1]} {game.notation(actions[-1])}"
    assert page.locator("#log li.move").last.inner_text() == said


def test_grimheim_is_played_by_clicking_heroes_hexes_and_buttons(
    page: Page, url: str, tmp_path: Path
) -> None:
    """Two people at one page: Bjorn offers Alva gold (her token, *Give gold*, *1 gold*), the
    page turns to Alva, who accepts (listed at once: two moves), Bjorn moves by clicking a hex
    and ends his turn."""
    game = GAMES["grimheim"]
    options = {"heroes": ["bjorn", "alva"]}
    _open(page, url, "grimheim", 6, options=options, players=["human", "human"])
    assert page.inner_text("#turn").startswith("Seat 0 to play (move 1")
    first = _picture(page, game)
    words = _all_words(page)
    notations = page.locator("#actions code").all_text_contents()
    _click_on(page, page.locator("#picture #hero-1"))
    gold = [i for i, n in enumerate(notations) if n.startswith(("give ", "ask "))]
    assert len(gold) == 4
    assert _candidates(page) == [words[i] for i in gold]
    assert all(w.startswith(("Bjorn offers", "Bjorn asks")) for w in _candidates(page))
    _click_on(page, page.locator("#picture #button-give-gold"))
    assert _candidates(page) == [words[i] for i in gold[:2]]
    _click_on(page, page.locator("#picture #button-gold-1"))
    _moved(page, "0")
    assert page.inner_text("#turn").startswith("Seat 1 to play (move 2, showing seat 1)")
    assert _candidates(page) == _all_words(page)  # two moves: listed before any click
    assert len(_candidates(page)) == 2
    _choose(page, page.locator("#actions code").all_text_contents().index("accept"))
    assert page.inner_text("#turn").startswith("Seat 0 to play (move 3, showing seat 0)")
    assert page.locator("#log li.move").first.inner_text() == (
        f"seat 0: {words[gold[0]]} give 1 to 1"
    )
    assert page.locator("#log li.move").nth(1).inner_text().startswith("seat 1: Alva accepts")
    assert _picture(page, game) != first
    _click_on(page, page.locator("#picture #target-9-5"))  # one click: a hex is one move
    _moved(page, "2")
    moved = page.locator("#log li.move").last.inner_text()
    assert moved.startswith("seat 0: Bjorn moves to area 9,5")
    for button in ("end-turn", "no-swap"):  # the end of the turn: keep the top cards
        moves = page.inner_text("#moves")
        _click_on(page, page.locator(f"#picture #button-{button}"))
        _moved(page, moves)
    assert page.inner_text("#turn").startswith("Seat 1 to play"), page.inner_text("#turn")
    _screenshot(page, tmp_path / "grimheim.png")


def test_kinmarr_is_played_by_clicking_against_agents(page: Page, url: str, tmp_path: Path) -> None:
    """Fated Kingdom against three agents: each of seat 0's moves is chosen on the picture,
    a guild's token, a card drawn, a verb's button; the agents play in between."""
    game = GAMES["kinmarr"]
    _open(page, url, "kinmarr", 3, players=["human", "random", "heuristic", "random"])
    assert page.inner_text("#turn").startswith("Seat 0 to play (move 1")
    assert _candidates(page) == ["Feudal Pact rolls the travel die and moves."]
    before = _picture(page, game)
    _click_on(page, page.locator("#picture #button-travel"))
    _moved(page, "0")
    choice, clicked, guilds = Rng.from_seed(6), [], 0
    for _ in range(12):
        if page.inner_text("#turn") == "Game over":
            break
        guilds += page.locator("#picture .token[data-actions]").count()
        index, choice = choice.below(int(page.inner_text("#count")))
        clicked += _choose(page, index)
    assert {"button", "drawn"} <= set(clicked)  # verbs, cards drawn
    assert guilds > 0  # and guilds' tokens, when a move names a guild
    assert int(page.inner_text("#moves")) > len(clicked) + 1  # the agents played between ours
    assert _picture(page, game) != before
    log = page.locator("#log li.move").all_text_contents()  # the passes folded too
    for seat, player in enumerate(["human", "random", "heuristic", "random"][1:], 1):
        assert any(line.startswith(f"seat {seat} ({player}): ") for line in log), seat
    _screenshot(page, tmp_path / "kinmarr.png")


def test_a_game_without_a_picture_is_played_from_the_list_of_moves(browser: Browser) -> None:
    """A game that draws no SVG has nothing to click: the list of all moves is open."""
    plain = GAMES["goblinguard"].replace(name="plain", render_svg=None)
    with serve(web.Api({"plain": plain})) as address:
        page = browser.new_page()
        _open(page, address, "plain", 2)
        assert page.locator("#picture > pre").count() == 1
        assert page.is_visible("#actions button")
        assert page.inner_text("#help") == "Choose one of 5 moves."
        words = _all_words(page)
        page.locator("#actions button").nth(2).click()
        _moved(page, "0")
        assert page.locator("#log li.move").first.inner_text() == f"you: {words[2]} " + (
            plain.notation(plain.legal_actions(plain.new_game(seed=2))[2])
        )
        page.close()


def _held(page: Page) -> tuple[str, list[str | None]]:
    """The match a page plays (its address says it) and the secrets it holds (for the tab)."""
    match = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('match')")
    held = page.evaluate("id => JSON.parse(sessionStorage.getItem(`tabletop:${id}`))", match)
    return str(match), list(held["secrets"])


def _config_of(url: str, page: Page) -> Any:
    """The config of the page's match, as its seat 0 sees it (through the API)."""
    match, held = _held(page)
    status, view = Client(url).call("GET", f"/api/matches/{match}/view?seat=0", secret=held[0])
    assert status == 200
    return view["view"]["data"]["config"]


def test_the_list_and_set_up_pages_show_nothing_of_a_table(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#games:not([hidden]) a")
    assert page.locator("#game-list a").count() == len(GAMES)
    page.goto(f"{url}/play/kinmarr")
    page.wait_for_selector("#setup:not([hidden]) select")
    for where in ("/", "/play/kinmarr"):
        if where == "/":
            page.goto(url)
            page.wait_for_selector("#games:not([hidden]) a")
        assert page.is_hidden("#table")
        assert page.is_hidden("text=Moves")
        assert page.is_hidden("#share")
    assert page.is_hidden("#setup")  # on the list


def test_the_form_offers_each_configs_fields_and_the_games_content(page: Page, url: str) -> None:
    options: dict[str, Any] = {"guilds": ["pathfinders", "feudal_pact"], "round_limit": 1}
    _open(
        page, url, "kinmarr", 5, options={**options, "auto_pass": True}, players=["human", "random"]
    )
    guilds = page.locator("#option-guilds-0 option").all_inner_texts()
    assert guilds == ["—", "Feudal Pact", "Arcane Commune", "Pathfinders", "Heirs of Kinmarr"]
    config = _config_of(url, page)
    assert (config["guilds"], config["round_limit"], config["auto_pass"]) == (
        ["pathfinders", "feudal_pact"],
        1,
        True,
    )
    options = {"heroes": ["embla"], "track": "long", "hard_setup": True}
    _open(page, url, "grimheim", 5, options=options, players=["human"])
    config = _config_of(url, page)
    assert (config["heroes"], config["track"], config["hard_setup"]) == (["embla"], "long", True)
    assert page.locator("#option-chance option").all_text_contents() == ["sampled", "explicit"]
    assert page.locator("#more-fields #option-chance").count() == 1  # folded away


def test_a_custom_goblinguard_deck_is_set_in_the_form(
    page: Page, url: str, browser: Browser
) -> None:
    cards = GAMES["goblinguard"].config_type().deck[:6]
    deck = json.dumps({"cards": [{"id": c.id, "layout": c.layout} for c in cards]}, indent=1)
    _open(page, url, "goblinguard", 2, options={"deck": deck})
    assert [card["id"] for card in _config_of(url, page)["cards"]] == [c.id for c in cards]
    for _ in range(6):
        _choose(page, 0)
    assert page.inner_text("#moves") == "6"
    assert page.inner_text("#turn") == "Game over"
    # A deck the game refuses: the page says why (on a page of its own: it logs the 400).
    other = browser.new_page()
    other.goto(f"{url}/play/goblinguard")
    other.wait_for_selector("#setup:not([hidden]) select")
    other.locator("#more summary").click()  # a deck is a developer's option
    other.fill("#option-deck", '{"cards": [{"id": "a", "layout": "QQ/QQ"}]}')
    other.locator("#option-deck").dispatch_event("change")
    other.wait_for_selector("#error:not([hidden])")
    assert "layout must be two rows of two letters" in other.inner_text("#error")
    other.close()


def test_invited_people_and_spectators_see_what_they_may(
    page: Page, url: str, browser: Browser
) -> None:
    """The page that set a match up holds every person's secret and links for each seat and
    for spectators; each link shows what its holder may see, and follows the others' moves."""
    options = {"heroes": ["bjorn", "alva"]}
    _open(page, url, "grimheim", 6, options=options, players=["human", "human"])
    links = [str(a.get_attribute("href")) for a in page.locator("#links a").all()]
    assert len(links) == 3
    assert "&seat=0&secret=" in links[0] and "&seat=1&secret=" in links[1]
    assert "secret" not in links[2]
    match, held = _held(page)
    assert "secret" not in page.url
    seen = Client(url).call("GET", f"/api/matches/{match}/view?seat=0", secret=held[0])[1]
    hand = set(seen["view"]["data"]["heroes"][0]["hand"])
    assert hand
    assert _mentioned([page.inner_html("#picture")], hand) == hand  # seat 0 sees it
    others = []
    for link, showing in ((links[1], "showing seat 1"), (links[2], "the public view")):
        context = browser.new_context(viewport={"width": 1000, "height": 800})
        other = context.new_page()
        other.goto(link)
        other.wait_for_selector("#table:not([hidden])")
        _idle(other)
        assert showing in other.inner_text("#turn")
        assert other.is_hidden("#choice")  # seat 0 must answer
        assert other.locator("#actions button").count() == 0
        assert other.locator("#picture > svg").count() == 1
        assert "data-actions" not in other.inner_html("#picture")  # the plain picture
        assert not _mentioned([other.content()], hand)  # bjorn's hand is his alone
        assert "secret" not in other.url
        others.append((context, other))
    assert page.locator("#picture [data-actions]").count() > 0  # seat 0's, to click
    _choose(page, 0)  # seat 0 plays: the other pages follow within a few seconds
    for context, other in others:
        other.wait_for_function("() => document.querySelector('#moves').textContent === '1'")
        context.close()


@pytest.mark.parametrize("size", [(390, 844), (900, 700)], ids=["phone", "narrow"])
def test_the_clickable_picture_fits_the_window_and_the_choice_stays_in_sight(
    browser: Browser, url: str, size: tuple[int, int]
) -> None:
    """On a phone and in a narrow window the picture fits its column, each of its buttons can
    be clicked (nothing covers it), and after a click the moves left are listed in sight."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=width < 500, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    options = {"heroes": ["bjorn", "alva"]}
    _open(page, url, "grimheim", 3, options=options, players=["human", "random"])
    svg = page.locator("#picture > svg")
    box = svg.bounding_box()
    assert box is not None
    column = page.locator("#picture").bounding_box()
    assert column is not None
    assert box["x"] >= column["x"] >= 0
    assert box["x"] + box["width"] <= column["x"] + column["width"] <= width  # fits its column
    view_box = [float(n) for n in str(svg.get_attribute("viewBox")).split()]
    assert abs(box["height"] / box["width"] - view_box[3] / view_box[2]) < 0.01  # not squashed
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    buttons = page.locator("#picture g.button")
    assert buttons.count() > 3
    for index in range(buttons.count()):
        assert buttons.nth(index).evaluate(POINT) is not None, buttons.nth(index).inner_text()
    _click_on(page, page.locator("#picture #hero-1"))  # Alva: give or ask gold
    assert len(_candidates(page)) == 4
    in_sight = """element => {
        const box = element.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight
            && box.left >= 0 && box.right <= innerWidth;
    }"""
    for shown in ("#help", "#candidates li:first-child", "#clear"):
        assert page.locator(shown).evaluate(in_sight), shown
    page.locator("#candidates button").first.click()  # the words themselves choose too
    _moved(page, "0")
    assert page.locator("#log li.move").first.inner_text().startswith("seat 0: Bjorn offers 1")
    context.close()


# -- legible pictures, words in reach ---------------------------------------------------------

OVERFLOW = """svg => {
    const found = [];
    for (const card of svg.querySelectorAll("[data-card]")) {
        const frame = [...card.children].find((child) => child.tagName === "rect");
        if (!frame) continue;
        const box = frame.getBoundingClientRect();
        for (const text of card.querySelectorAll("text")) {
            const words = text.textContent;
            const drawn = text.getBoundingClientRect();
            const cut = words.includes("…") && !text.classList.contains("about");
            if (cut || drawn.left < box.left - 1 || drawn.right > box.right + 1) {
                found.push(`${card.getAttribute("data-card")}: ${words}`);
            }
        }
    }
    return found;
}"""
"""The texts of the cards that are cut or stick out of their card: none may (a card's words
under its name, ``.about``, may end in "…": the tooltip holds them whole)."""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_picture_is_legible_in_a_720_px_column(browser: Browser, name: str) -> None:
    """Mid-game positions drawn as the page draws them, in a column 720 px wide: at least 95 %
    of the text at 8 px or more (``scripts/text_sizes.py`` prints the figures), and every
    card's name whole, inside its card."""
    page = browser.new_page(viewport={"width": 760, "height": 900})
    drawn = [svg for _, svg in legibility.pictures(GAMES[name])]
    sizes = legibility.measure(page, drawn)
    assert sizes.legible >= legibility.BAR, str(sizes)
    for svg in drawn:
        legibility.measure(page, [svg])
        assert page.locator("#picture svg").evaluate(OVERFLOW) == []
    page.close()


def test_the_seats_own_panel_and_the_question_are_in_sight_at_1280_by_900(
    browser: Browser, url: str
) -> None:
    """At 1280 × 900 the picture takes what the side column leaves, and the seat's own panel
    (its hand, its gold, its cards) is in the window without scrolling, under the question."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    for name, options, players, panel in [
        ("grimheim", {"heroes": ["bjorn", "alva"]}, ["human", "random"], "#hero-panel-0"),
        ("kinmarr", {}, ["human", "random", "random", "random"], "#guild-panel-seat-0"),
    ]:
        _open(page, url, name, 4, options=options, players=players)
        assert page.evaluate("() => scrollY") == 0
        box = page.locator(f"#picture {panel}").bounding_box()
        assert box is not None
        assert box["y"] > 0 and box["y"] + box["height"] <= 900, (name, box)
        picture = page.locator("#picture svg").bounding_box()
        natural = float(str(page.locator("#picture svg").get_attribute("width")))
        assert picture is not None and picture["width"] >= min(720, natural) - 1, picture
    context.close()


IN_WINDOW = """element => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < innerHeight;
}"""


def test_the_next_choice_is_brought_into_sight_after_a_move(page: Page, url: str) -> None:
    """After a move made low on a tall picture (a card of Fated Kingdom's Shop, or a move in
    the list beside it), when nothing of the next question can be clicked in the window, the
    page scrolls its first element into sight; otherwise it stays where it is."""
    _open(page, url, "kinmarr", 3, players=["human", "random", "heuristic", "random"])
    page.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")
    clickable = page.locator("#picture [data-actions]")
    assert not any(clickable.nth(i).evaluate(IN_WINDOW) for i in range(clickable.count()))
    page.locator("#candidates button").first.click()  # the travel die, from the list
    _moved(page, "0")
    assert clickable.count() > 0
    assert clickable.first.evaluate(IN_WINDOW)  # End turn, at the top of the picture
    page.evaluate("() => scrollTo(0, 40)")
    assert clickable.first.evaluate(IN_WINDOW)
    clickable.first.click()
    _moved(page, "1")
    assert clickable.first.evaluate(IN_WINDOW)
    assert page.evaluate("() => scrollY") == 40  # in sight: the window stays where it was


def test_a_card_is_read_by_clicking_or_tapping_it(browser: Browser, url: str) -> None:
    """A card's whole text (its tooltip, which a touch screen cannot show) is shown beside the
    picture when it is tapped or clicked, whether it takes part in a move or not."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    _open(page, url, "kinmarr", 2, players=["human", "random", "random", "random"])
    card = page.locator("#picture .shop-card").first
    card.scroll_into_view_if_needed()
    title = card.locator("title").first.text_content()
    assert title
    card.tap()
    assert page.inner_text("#details") == title
    assert page.inner_text("#moves") == "0"  # reading is not playing
    context.close()


def test_the_form_asks_who_plays_first_and_folds_the_developers_options(
    page: Page, url: str
) -> None:
    """Who plays each seat comes first, then the game's options with their help in sight; the
    seed, the chance mode and a custom deck wait under *More options*, closed."""
    page.goto(f"{url}/play/goblinguard")
    page.wait_for_selector("#setup:not([hidden]) select")
    order = page.evaluate(
        """() => [...document.querySelectorAll("#players, #fields, #more")].map(e => e.id)"""
    )
    assert order == ["players", "fields", "more"]
    assert page.locator("#more").get_attribute("open") is None
    for hidden in ("#seed", "#option-chance", "#option-deck", "#option-order"):
        assert page.is_hidden(hidden), hidden
    assert page.locator("#player-0 option").first.inner_text() == "a person"
    page.goto(f"{url}/play/grimheim")
    page.wait_for_selector("#setup:not([hidden]) select")
    assert page.is_visible("#option-heroes-0")
    help_text = page.locator("#fields label", has=page.locator("#option-track")).inner_text()
    assert "the" in help_text and "spots" in help_text  # its help, not only a hover title
    assert "(G" not in page.inner_text("#setup")  # no ruling codes
    page.goto(url)
    page.wait_for_selector("#games:not([hidden]) a")
    assert "Defenders of Grimheim — 1 to 4 players" in page.inner_text("#game-list")
    assert "Guards & Goblins — 1 player" in page.inner_text("#game-list")


def test_a_person_may_leave_a_match(page: Page, url: str) -> None:
    _open(page, url, "grimheim", 2, options={"heroes": ["bjorn"]}, players=["human"])
    match, _ = _held(page)
    assert Client(url).call("GET", f"/api/matches/{match}")[0] == 200
    page.click("#leave")
    page.wait_for_selector("#setup:not([hidden]) select")
    assert Client(url).call("GET", f"/api/matches/{match}")[0] == 404  # ended: it makes room
    assert page.is_hidden("#table")


def test_the_other_seats_passes_are_folded_unless_asked(page: Page, url: str) -> None:
    _open(page, url, "kinmarr", 3, players=["human", "random", "heuristic", "random"])
    passes = page.locator("#log li.pass")
    for _ in range(20):
        if passes.count() > 3 or page.inner_text("#turn") == "Game over":
            break
        _choose(page, 0)
    assert passes.count() > 0
    assert all(not passes.nth(i).is_visible() for i in range(passes.count()))
    page.check("#passes")
    assert passes.first.is_visible()
    assert passes.first.inner_text().startswith("seat ")
