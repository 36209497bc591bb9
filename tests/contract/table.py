"""The shape of the one small table each game gives the contract suite (``CONTRACT`` in
``tests/test_<game>/contract.py``): its configs, budgets, fuzz set-up, illegal-action guesses and
the configs of its environments. What a table leaves out takes the defaults below."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

import attrs

from tabletop_rules import Agent, Game, RandomAgent, Rng
from tabletop_rules.testing import ConformanceReport, FuzzReport, fuzz_game


def _some_steps(report: ConformanceReport) -> bool:
    return report.steps > 0


@attrs.frozen
class Conformance:
    """One run of :func:`~tabletop_rules.testing.check_game`, and what its report must show."""

    id: str
    configs: Sequence[Any] = (None,)
    games: int = 4
    seed: int = 0
    guesses: bool = True
    """Whether the table's illegal-action guesses are proposed."""
    expect: Callable[[ConformanceReport], bool] = _some_steps


@attrs.frozen
class HashSeeds:
    """One run of :func:`~tabletop_rules.testing.check_hash_seed_independence`."""

    id: str
    config: Any = None
    seeds: tuple[int, ...] = (0,)
    games: int = 1


@attrs.frozen
class Saves:
    """Random games whose every position must save (:func:`~tabletop_rules.testing.check_saves`),
    from ``start(config, seed)`` when given."""

    id: str
    config: Any = None
    start: Callable[[Any, int], Any] | None = None
    games: int = 1


def random_agent(seed: int, seat: int) -> Agent[Any]:
    """A :class:`~tabletop_rules.RandomAgent` in every seat."""
    return RandomAgent()


@attrs.frozen
class Spaces:
    """Random games of ``games`` seeds whose every legal action must be in the action space:
    game ``seed`` has ``config``, or ``per_seed(seed)`` when given, and ``agent(seed, seat)``;
    the names of action classes in ``kinds`` must all be legal somewhere, and at least
    ``least_kinds`` classes in all."""

    id: str
    config: Any = None
    games: int = 4
    per_seed: Callable[[int], Any] | None = None
    agent: Callable[[int, int], Agent[Any]] = random_agent
    kinds: frozenset[str] = frozenset()
    least_kinds: int = 1

    def config_of(self, seed: int) -> Any:
        return self.config if self.per_seed is None else self.per_seed(seed)


@attrs.frozen
class Observed:
    """Random games of ``seeds`` whose views, every ``every`` steps up to ``until`` and for every
    seat, must give the same observation twice and after each of ``redeals``; ``digest``, the
    SHA-256 of those observations' reprs in order, pins every value and place (a change of the
    observation's layout updates it on purpose)."""

    id: str
    config: Any = None
    seeds: tuple[int, ...] = (0,)
    every: int = 5
    until: int | None = None
    redeals: tuple[int, ...] = (11, 12)
    digest: str = ""


@attrs.frozen
class Fuzz:
    """A small run of the game's fuzzing set-up (``run``, from ``tests/test_<game>/fuzzing.py``,
    which ``scripts/fuzz.py`` runs at full scale), with its budget: the counts of games, loads,
    content files, notations, actions and positions."""

    run: Callable[..., FuzzReport]
    games: int
    loads: int
    content_mutants: int
    notations: int
    actions: int
    positions: int
    seed: int = 1

    @property
    def budget(self) -> dict[str, int]:
        """The counts of :func:`~tabletop_rules.testing.fuzz_game`."""
        names = ("games", "loads", "content_mutants", "notations", "actions", "positions")
        return {name: getattr(self, name) for name in names}


def fuzzer(game: Game[Any, Any], **setup: Any) -> Callable[..., FuzzReport]:
    """``run(seed, *, time_limit=None, **counts)``: :func:`~tabletop_rules.testing.fuzz_game` of
    ``game`` with a game's ``setup`` (its content files, configs, oracle and start); ``counts`` are
    ``fuzz_game``'s (``games``, ``loads``, ``content_mutants``, ``notations``, ``actions``,
    ``positions``, ``saves``). Reads are timed against ``time_limit`` only when it is given
    (``scripts/fuzz.py``), never in tests."""

    def run(seed: int, *, time_limit: float | None = None, **counts: Any) -> FuzzReport:
        return fuzz_game(game, seed=seed, time_limit=time_limit, **setup, **counts)

    return run


@attrs.frozen
class Contract:
    """What one game gives the contract suite."""

    name: str
    game: Game[Any, Any]
    module: ModuleType
    """The game's public module (its functions are bound from ``GAME``)."""
    reference: str = ""
    """How a fresh interpreter loads it (:func:`tabletop_rules.load_game`); its name by default."""
    conformance: Sequence[Conformance] = (Conformance("default"),)
    illegal_actions: Callable[[Any, Rng], Sequence[Any]] | None = None
    hash_seeds: Sequence[HashSeeds] = (HashSeeds("default"),)
    saves: Sequence[Saves] = (Saves("default", games=4),)
    spaces: Sequence[Spaces] = (Spaces("default"),)
    small_spaces: Sequence[Any] = ()
    """Configs whose whole action space is walked (a few thousand actions at most)."""
    numbered: Sequence[Any] = (None,)
    """Configs whose action numbering is compared across hash seeds."""
    outside: tuple[Any, Sequence[Any]] | None = None
    """A config, and actions that are not in its action space."""
    observed: Sequence[Observed] = (Observed("default"),)
    fuzz: Fuzz | None = None
    environments: Mapping[str, Any] = attrs.field(factory=lambda: {"": None})
    """Configs the PettingZoo and Gymnasium environments are tested with, by the suffix of their
    case's name (``""``: the game's name alone)."""
    openspiel: Sequence[tuple[int | None, int]] = ()
    """OpenSpiel's ``random_sim_test`` of the game registered as ``tabletop_<name>``: the
    ``players`` parameter (``None``: the default) and the number of simulations, for each run."""

    @property
    def loader(self) -> str:
        return self.reference or self.name
