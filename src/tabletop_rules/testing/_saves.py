"""Every position that play reaches saves: random games with each state and view read back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from .._game import Game
from .._rng import Rng
from ._report import ConformanceError

S = TypeVar("S")
A = TypeVar("A")


@attrs.frozen
class SavesReport:
    """What :func:`check_saves` did, when every position saved.

    Attributes:
        games: the games played.
        states: the states saved and loaded back (every state of every game).
        views: the views saved and loaded back (every seat's, at every state).
    """

    games: int
    states: int
    views: int

    def __str__(self) -> str:
        return (
            f"{self.games} games: {self.states} states and {self.views} views saved and read back"
        )


def check_saves(
    game: Game[S, A],
    *,
    configs: Sequence[Any] = (None,),
    games: int = 10,
    seed: int = 0,
    start: Callable[[Any, int], S] | None = None,
    max_steps: int = 20_000,
) -> SavesReport:
    """Play random games and save every position they reach: each state, and each seat's view of
    it, must load back equal (``loads(dumps(x)) == x``).

    Every answer is drawn uniformly from the legal ones — a chance decision's too, whatever its
    odds — so rare rolls and draws come up far more often than in play. Games take the configs in
    turn, each from seed ``seed + i``.

    Args:
        game: the game to play.
        configs: the configs to play, in turn (``None`` is the default config).
        games: how many games to play.
        seed: the seed of the first game; the same seed plays the same games.
        start: ``start(config, seed) -> state``, the position a game begins from (default:
            ``game.new_game(config, seed=seed)``); a game's test suite gives one that puts rare
            cards into play, so that they get played.
        max_steps: actions a game may take before it is reported as endless.

    Returns:
        SavesReport: how many games, states and views were checked.

    Raises:
        ConformanceError: ``check`` is ``"round-trip"`` (a state or view that does not load back
            equal; ``seed`` and ``step`` name it) or ``"termination"``.
    """
    states = views = 0
    for i in range(games):
        config = configs[i % len(configs)]
        game_seed = seed + i
        if start is not None:
            state = start(config, game_seed)
        else:
            state = game.new_game(config, seed=game_seed)
        chooser = Rng.from_seed(game_seed)
        for step in range(max_steps + 1):
            _read_back(game, state, "the state", game.state_type, game_seed, step)
            states += 1
            for seat in range(game.seat_count(state)):
                seen = game.view(state, seat)
                _read_back(game, seen, f"seat {seat}'s view", game.view_type, game_seed, step)
                views += 1
            if game.is_over(state):
                break
            action, chooser = chooser.choice(game.legal_actions(state))
            state = game.apply(state, action)
        else:
            raise ConformanceError(
                "termination", f"no end after {max_steps} actions", seed=game_seed
            )
    return SavesReport(games, states, views)


def _read_back(
    game: Game[Any, Any], value: Any, what: str, kind: Any, seed: int, step: int
) -> None:
    try:
        again = game.loads(game.dumps(value), kind)
    except Exception as exc:
        raise ConformanceError(
            "round-trip", f"{what} does not load back: {exc}", seed=seed, step=step
        ) from exc
    if again != value:
        raise ConformanceError("round-trip", f"{what} loads back different", seed=seed, step=step)
