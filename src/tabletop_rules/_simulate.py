"""`simulate`: many seeded games between agents — in this process, in worker processes or on a Ray
cluster — with every game's result in seed order and the summaries over them.

Game ``i`` of a run is set up with seed ``seed + i`` and played by :func:`~tabletop_rules.play`
with fresh agents, so it depends on nothing but its seed: however the seeds are shared out, every
game (its final state's digest included) is the one a run in this process plays.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any, Literal

import attrs

from ._agent_spec import make_agent
from ._game import Game
from ._play import play
from ._registry import load_game
from ._values import Outcome, Seat

if TYPE_CHECKING:
    from ._agents import Agent

Backend = Literal["local", "processes", "ray"]
BACKENDS: tuple[Backend, ...] = ("local", "processes", "ray")

# The most games one worker task plays before it reports back (and progress moves on).
MAX_CHUNK = 50


@attrs.frozen
class GameResult:
    """One game of a simulation: its seed, how it ended and the digest of its final state.

    Attributes:
        seed: the seed the game was set up with (``new_game(config, seed=seed)``); the agents'
            generators are split from it too (:func:`~tabletop_rules.play`).
        outcome: the game's :class:`~tabletop_rules.Outcome` (its own subclass, with the
            game-specific fields).
        decisions: the actions played, chance decisions included.
        digest: ``game.digest`` of the final state: equal digests mean equal games.
    """

    seed: int
    outcome: Outcome
    decisions: int
    digest: str

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The winning seats (:attr:`Outcome.winners <tabletop_rules.Outcome.winners>`)."""
        return tuple(self.outcome.winners)

    @property
    def returns(self) -> tuple[float, ...]:
        """One return per seat (:attr:`Outcome.returns <tabletop_rules.Outcome.returns>`)."""
        return tuple(self.outcome.returns)

    @property
    def scores(self) -> tuple[float, ...] | None:
        """One score per seat, or ``None`` (:attr:`Outcome.scores
        <tabletop_rules.Outcome.scores>`)."""
        return None if self.outcome.scores is None else tuple(self.outcome.scores)


@attrs.frozen
class Distribution:
    """How a number is spread over the games of a simulation.

    Attributes:
        mean: the mean value.
        min: the smallest value.
        max: the largest value.
        histogram: when every value is a whole number, how many games had each value from
            :attr:`min` to :attr:`max` (zero counts included); otherwise ``None``.
    """

    mean: float
    min: float
    max: float
    histogram: Mapping[int, int] | None = None

    @classmethod
    def of(cls, values: Sequence[float], *, histogram: bool = True) -> Distribution:
        """The distribution of ``values`` (at least one); no histogram if ``histogram`` is false.

        >>> Distribution.of([15.0, 16.0, 16.0])
        Distribution(mean=15.666666666666666, min=15.0, max=16.0, histogram={15: 1, 16: 2})

        Raises:
            ValueError: ``values`` is empty.
        """
        if not values:
            raise ValueError("a distribution needs at least one value")
        low, high = min(values), max(values)
        counts: dict[int, int] | None = None
        if histogram and all(float(v).is_integer() for v in values):
            seen = Counter(int(v) for v in values)
            counts = {v: seen[v] for v in range(int(low), int(high) + 1)}
        return cls(sum(values) / len(values), low, high, counts)

    def to_json(self) -> dict[str, Any]:
        """``{"mean", "min", "max"}`` (the mean rounded to 6 decimals) and, if there is one,
        ``"histogram"`` with the values as strings, as ``tabletop simulate --json`` writes it."""
        data: dict[str, Any] = {"mean": round(self.mean, 6), "min": self.min, "max": self.max}
        if self.histogram is not None:
            data["histogram"] = {str(v): n for v, n in self.histogram.items()}
        return data


@attrs.frozen
class SimulationResult:
    """What :func:`simulate` played: every game in seed order, and summaries over them.

    Attributes:
        game: the game's name.
        agents: the agent names as given (one name when one agent played every seat).
        seed: the seed of the first game; game ``i`` used ``seed + i``.
        seats: the number of seats of each game.
        results: one :class:`GameResult` per game, in seed order.
        elapsed: wall-clock seconds from the first game started to the last one finished (not
            counting starting or connecting to Ray).
        backend (Literal['local', 'processes', 'ray']): where the games ran: ``"local"``,
            ``"processes"`` or ``"ray"``.
        jobs: how many games ran at once (worker processes or Ray tasks; ``1`` locally).
    """

    game: str
    agents: tuple[str, ...]
    seed: int
    seats: int
    results: tuple[GameResult, ...]
    elapsed: float
    backend: Backend
    jobs: int

    @property
    def games(self) -> int:
        """The number of games."""
        return len(self.results)

    @property
    def digests(self) -> tuple[str, ...]:
        """The final states' digests in seed order, the fingerprint of the whole run."""
        return tuple(r.digest for r in self.results)

    @property
    def wins(self) -> tuple[int, ...]:
        """Per seat, the games it is among the winners of (a shared co-op win counts for each)."""
        return tuple(sum(1 for r in self.results if s in r.winners) for s in range(self.seats))

    @property
    def win_rate(self) -> tuple[float, ...]:
        """Per seat, :attr:`wins` over :attr:`games`."""
        return tuple(w / self.games for w in self.wins)

    @property
    def no_winner(self) -> int:
        """The games nobody won (a solitaire loss, a draw)."""
        return sum(1 for r in self.results if not r.winners)

    @property
    def mean_returns(self) -> tuple[float, ...]:
        """Per seat, the mean of the outcomes' returns."""
        return tuple(
            sum(r.returns[s] for r in self.results if s < len(r.returns)) / self.games
            for s in range(self.seats)
        )

    @property
    def scores(self) -> tuple[Distribution, ...] | None:
        """Per seat, the :class:`Distribution` of the outcomes' scores (with a histogram when
        they are whole numbers); ``None`` when some game's outcome has no scores."""
        if not all(r.scores is not None and len(r.scores) == self.seats for r in self.results):
            return None
        return tuple(
            Distribution.of([r.scores[s] for r in self.results if r.scores is not None])
            for s in range(self.seats)
        )

    @property
    def decisions(self) -> Distribution:
        """The :class:`Distribution` of the actions per game, chance decisions included (no
        histogram)."""
        return Distribution.of([r.decisions for r in self.results], histogram=False)

    @property
    def games_per_s(self) -> float | None:
        """Games per second of wall-clock time, ``None`` if no time was measured."""
        return self.games / self.elapsed if self.elapsed > 0 else None

    def summary(self) -> dict[str, Any]:
        """The summary as JSON-ready data: exactly what ``tabletop simulate --json`` prints
        (see :ref:`cli-simulate-json`); rates and means are rounded to 6 decimals."""
        details: dict[str, Any] = {}
        for name, values in _detail_values(self.results).items():
            if all(isinstance(v, bool) for v in values):
                details[name] = {"true": sum(values), "rate": round(sum(values) / len(values), 6)}
            elif not any(isinstance(v, bool) for v in values):
                details[name] = Distribution.of(values, histogram=False).to_json()
        scores = self.scores
        rate = self.games_per_s
        return {
            "game": self.game,
            "agents": list(self.agents),
            "seed": self.seed,
            "games": self.games,
            "seats": self.seats,
            "wins": list(self.wins),
            "win_rate": [round(r, 6) for r in self.win_rate],
            "no_winner": self.no_winner,
            "mean_returns": [round(r, 6) for r in self.mean_returns],
            "scores": None if scores is None else [d.to_json() for d in scores],
            "outcome": details,
            "decisions": self.decisions.to_json(),
            "elapsed_s": round(self.elapsed, 3),
            "games_per_s": None if rate is None else round(rate, 1),
        }


def _detail_values(results: Sequence[GameResult]) -> dict[str, list[Any]]:
    """The numbers (and booleans) among the outcomes' game-specific fields, by field name."""
    found: dict[str, list[Any]] = {}
    for result in results:
        outcome = result.outcome
        if not attrs.has(type(outcome)):
            continue
        for field in attrs.fields(type(outcome)):
            if field.name in ("winners", "returns", "scores"):
                continue
            value = getattr(outcome, field.name)
            if isinstance(value, int | float):
                found.setdefault(field.name, []).append(value)
    return found


def simulate(
    game: Game[Any, Any] | str,
    *,
    games: int,
    seed: int = 0,
    agents: str | Sequence[str] = "random",
    config: Any = None,
    jobs: int | None = None,
    backend: Backend | None = None,
    address: str | None = None,
    connect_timeout: float = 30.0,
    progress: Callable[[int, int, float], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games between agents and return every result, in seed order, with their
    summaries: the Python API behind ``tabletop simulate``.

    Game ``i`` (from 0) is set up with seed ``seed + i`` and played to the end by
    :func:`~tabletop_rules.play` with fresh agents. A game depends on its seed alone, so the
    results — every final state's digest included — are the same whatever the backend and the
    number of jobs; only :attr:`SimulationResult.elapsed` differs.

    >>> from tabletop_rules import simulate
    >>> result = simulate("goblinguard", games=20, seed=1)
    >>> result.games, result.seats, result.results[0].seed, result.results[0].decisions
    (20, 1, 1, 20)
    >>> result.win_rate
    (0.0,)
    >>> simulate("goblinguard", games=20, seed=1, jobs=2).digests == result.digests
    True

    Args:
        game: a :class:`~tabletop_rules.Game`, or the name it is registered under in the
            ``tabletop_rules.games`` entry points (``"goblinguard"``).
        games: how many games (at least 1).
        seed: the seed of the first game.
        agents: one agent for every seat, or one per seat in seat order, as
            :func:`~tabletop_rules.make_agent` reads them: names from ``game.agents``
            (``"random"``, ``"greedy"`` …) or ``"module:Class"`` references, either with
            options (``"search(simulations=16)"``), made afresh in every process that plays.
        config: the game's config for every game (``None``: the default one).
        jobs: how many games run at once: worker processes, or Ray tasks. ``None``: ``1``
            locally, the machine's CPUs with ``"processes"``, the Ray cluster's CPUs with
            ``"ray"``.
        backend: ``"local"`` plays in this process; ``"processes"`` in ``jobs`` worker
            processes of this machine; ``"ray"`` in Ray tasks (``pip install
            'tabletop-rules[ray]'``; see :doc:`/ray`). ``None``: ``"local"`` when ``jobs`` is
            ``None`` or ``1``, else ``"processes"``. Worker processes and Ray tasks load the game
            by its entry-point name and get the config as JSON, so the game must be registered
            and its config must survive ``game.dumps``/``game.loads``.
        address: with ``backend="ray"``, the Ray cluster to connect to (``"auto"``,
            ``"HOST:PORT"``, ``"ray://HOST:10001"``). ``None``: the cluster the ``RAY_ADDRESS``
            environment variable names, else a new local Ray instance with ``jobs`` CPUs. If this
            process is already connected to Ray (``ray.init()`` was called), that connection
            is used and left open; a Ray instance :func:`simulate` started is shut down at the
            end.
        connect_timeout: with ``backend="ray"`` and a cluster to connect to, the seconds to
            wait for it to answer before a ``ConnectionError`` (an address where nothing
            listens fails at once).
        progress: called as games finish, with the games done, the total and the rate so far in
            games per second (after every game locally, after every chunk of seeds otherwise).

    Returns:
        The :class:`SimulationResult`.

    Raises:
        ValueError: a bad argument, named in the message: an unknown game, agent or backend,
            the wrong number of agents, ``games`` or ``jobs`` below 1, ``jobs`` above 1 with
            ``backend="local"``, ``address`` without ``backend="ray"``, a config of another
            type, a game that workers cannot load by name.
        ImportError: ``backend="ray"`` without Ray installed; the message says what to install.
    """
    the_game = _resolve_game(game)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise ValueError(f"jobs must be a whole number of at least 1, not {jobs!r}")
    if backend is None:
        backend = "local" if jobs is None or jobs == 1 else "processes"
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (choose one of: {', '.join(BACKENDS)})")
    if backend == "local" and jobs not in (None, 1):
        raise ValueError(
            f"backend 'local' plays in this process: jobs must be 1, not {jobs}"
            " (use backend 'processes' or 'ray' to play games at once)"
        )
    if address is not None and backend != "ray":
        raise ValueError(
            f"address names the Ray cluster to connect to: only for backend 'ray', not {backend!r}"
        )
    if (
        isinstance(connect_timeout, bool)
        or not isinstance(connect_timeout, int | float)
        or not 0 < connect_timeout < float("inf")
    ):
        raise ValueError(
            f"connect_timeout is a positive number of seconds, not {connect_timeout!r}"
        )
    if config is not None and not isinstance(config, the_game.config_type):
        raise ValueError(
            f"config must be a {the_game.name} {the_game.config_type.__name__}, not a"
            f" {type(config).__name__}"
        )
    given, names = _agent_names(the_game, agents, config)

    seeds = range(seed, seed + games)
    tracker = _Tracker(games, progress)
    if backend == "local":
        tracker.start()
        results = []
        for one in seeds:
            results.extend(_play_seeds(the_game, names, config, [one]))
            tracker.advance(1)
        workers = 1
    else:
        task = (the_game.name, names, _config_text(the_game, config))
        _check_registered(the_game)
        if backend == "processes":
            workers = jobs if jobs is not None else os.cpu_count() or 1
            results = _run_processes(task, seeds, workers, tracker)
        else:
            results, workers = _run_ray(task, seeds, jobs, address, connect_timeout, tracker)
    return SimulationResult(
        game=the_game.name,
        agents=given,
        seed=seed,
        seats=len(names),
        results=tuple(results),
        elapsed=tracker.elapsed(),
        backend=backend,
        jobs=workers,
    )


class _Tracker:
    """Counts finished games, reports them to the ``progress`` callback and times the run."""

    def __init__(self, total: int, progress: Callable[[int, int, float], None] | None) -> None:
        self.total = total
        self.progress = progress
        self.done = 0
        self.started = time.perf_counter()
        self.stopped: float | None = None

    def start(self) -> None:
        """Start the clock (again): the first game starts now."""
        self.started = time.perf_counter()

    def elapsed(self) -> float:
        """Seconds from :meth:`start` to the last game finished (or to now, before that)."""
        end = self.stopped if self.stopped is not None else time.perf_counter()
        return end - self.started

    def advance(self, count: int) -> None:
        """Count ``count`` more finished games."""
        self.done += count
        if self.done >= self.total:
            self.stopped = time.perf_counter()
        if self.progress is not None:
            elapsed = self.elapsed()
            self.progress(self.done, self.total, self.done / elapsed if elapsed > 0 else 0.0)


def _chunks(seeds: range, workers: int) -> list[range]:
    """The seeds in consecutive chunks: about four per worker, for balance, and at most
    :data:`MAX_CHUNK` each, so progress is reported often."""
    size = max(1, min(MAX_CHUNK, len(seeds) // (workers * 4)))
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def _run_processes(
    task: tuple[str, tuple[str, ...], str | None],
    seeds: range,
    workers: int,
    tracker: _Tracker,
) -> list[GameResult]:
    """Play the seeds in chunks in ``workers`` processes; the results come back in seed order."""
    chunks = _chunks(seeds, workers)
    parts: dict[int, list[GameResult]] = {}
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
        tracker.start()
        futures = {pool.submit(_run_chunk, *task, chunk): i for i, chunk in enumerate(chunks)}
        for future in as_completed(futures):
            part = future.result()
            parts[futures[future]] = part
            tracker.advance(len(part))
    return [r for i in range(len(chunks)) for r in parts[i]]


def _run_ray(
    task: tuple[str, tuple[str, ...], str | None],
    seeds: range,
    jobs: int | None,
    address: str | None,
    connect_timeout: float,
    tracker: _Tracker,
) -> tuple[list[GameResult], int]:
    """Play the seeds in chunks as Ray tasks, at most ``jobs`` at once (``None``: the cluster's
    CPUs); return the results in seed order and the number of tasks run at once."""
    from . import _ray

    with _ray.connected(jobs, address, connect_timeout) as cpus:
        workers = jobs if jobs is not None else cpus
        chunks = _chunks(seeds, workers)
        parts: dict[int, list[GameResult]] = {}

        def finished(index: int, part: list[GameResult]) -> None:
            parts[index] = part
            tracker.advance(len(part))

        tracker.start()
        _ray.run_tasks(
            _run_chunk, [(*task, chunk) for chunk in chunks], limit=workers, finished=finished
        )
    return [r for i in range(len(chunks)) for r in parts[i]], workers


def _run_chunk(
    game_name: str, agent_names: Sequence[str], config_text: str | None, seeds: Sequence[int]
) -> list[GameResult]:
    """Play one chunk of seeds in a worker process or Ray task: the game is loaded by its
    entry-point name and the config from its JSON, so nothing but names, text and numbers is
    shipped to the worker."""
    game = _load_game(game_name)
    config = game.loads(config_text, "config") if config_text is not None else None
    return _play_seeds(game, agent_names, config, seeds)


def _play_seeds(
    game: Game[Any, Any], agent_names: Sequence[str], config: Any, seeds: Sequence[int]
) -> list[GameResult]:
    """Play one game per seed, each with fresh agents."""
    results = []
    for seed in seeds:
        agents = [_make_agent(game, name) for name in agent_names]
        state, actions = play(game, agents, seed=seed, config=config)
        outcome = game.outcome(state)
        if outcome is None:
            raise ValueError(f"{game.name}: the game with seed {seed} ended without an outcome")
        results.append(GameResult(seed, outcome, len(actions), game.digest(state)))
    return results


def _resolve_game(game: Game[Any, Any] | str) -> Game[Any, Any]:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return _load_game(game)
    raise ValueError(f"game must be a tabletop_rules.Game or a game's name, not {game!r}")


def _agent_names(
    game: Game[Any, Any], agents: str | Sequence[str], config: Any
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The agent names as given, and one per seat; each is checked by making an agent."""
    given = (agents,) if isinstance(agents, str) else tuple(agents)
    if not given or not all(isinstance(name, str) for name in given):
        raise ValueError(f"agents must be an agent name or a list of them, not {agents!r}")
    for name in given:
        _make_agent(game, name)
    seats = game.seat_count(config if config is not None else game.config_type())
    if len(given) == 1:
        return given, given * seats
    if len(given) != seats:
        raise ValueError(
            f"this {game.name} game has {seats} seat(s): give one agent for all of them or one"
            f" per seat, not {len(given)}"
        )
    return given, given


def _config_text(game: Game[Any, Any], config: Any) -> str | None:
    """The config as JSON for the workers, checked to read back as the same config."""
    if config is None:
        return None
    text = game.dumps(config)
    if game.loads(text, "config") != config:
        raise ValueError(
            f"{game.name}: the config does not read back equal from its JSON, so workers"
            " cannot be given it; use backend 'local'"
        )
    return text


def _check_registered(game: Game[Any, Any]) -> None:
    """Workers load the game by name: it must be the game registered under that name."""
    try:
        found = _load_game(game.name)
    except ValueError as exc:
        raise ValueError(
            f"{exc}; worker processes and Ray tasks load the game by its entry-point name, so"
            " an unregistered game runs only with backend 'local'"
        ) from None
    if found is not game and found != game:
        raise ValueError(
            f"the game given is not the {game.name!r} registered in the tabletop_rules.games"
            " entry points, which worker processes and Ray tasks would load; use backend 'local'"
        )


def _load_game(name: str) -> Game[Any, Any]:
    """The game ``name`` names (:func:`~tabletop_rules.load_game`), or a ``ValueError`` saying
    why not."""
    try:
        return load_game(name)
    except LookupError as exc:
        raise ValueError(str(exc)) from None


def _make_agent(game: Game[Any, Any], name: str) -> Agent[Any]:
    """A new agent from its text (:func:`~tabletop_rules.make_agent`, a ``module:Class`` looked
    for in the current directory first, as the ``tabletop`` command does), or a ``ValueError``."""
    return make_agent(game, name)
