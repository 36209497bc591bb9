"""Hypothesis strategies of seeds, records and states reached by random play.

Hypothesis is imported only inside the functions that build a strategy, so the rest of
:mod:`tabletop_rules.testing` works without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .._game import Game
from .._record import Record

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

S = TypeVar("S")
A = TypeVar("A")

_CHOICE_MAX = (1 << 16) - 1


def _play(
    game: Game[S, A],
    config: Any,
    seed: int,
    choices: Sequence[int],
    *,
    to_end: bool = False,
    max_steps: int | None = None,
) -> tuple[S, tuple[A, ...]]:
    """Play from ``seed``: action ``k`` is ``legal[choices[k] % len(legal)]``.

    When the choices run out, stop, or (``to_end``) keep taking the first legal action; never play
    more than ``max_steps`` actions.
    """
    state = game.new_game(config, seed=seed)
    actions: list[A] = []
    while not game.is_over(state):
        k = len(actions)
        if max_steps is not None and k >= max_steps:
            break
        if k < len(choices):
            index = choices[k]
        elif to_end:
            index = 0
        else:
            break
        legal = game.legal_actions(state)
        action = legal[index % len(legal)]
        state = game.apply(state, action)
        actions.append(action)
    if to_end and not game.is_over(state):
        raise ValueError(f"{game.name} did not end within {max_steps} actions")
    return state, tuple(actions)


def seeds() -> SearchStrategy[int]:
    """Seeds for ``new_game``: integers in ``[0, 2**64)``.

    Returns:
        SearchStrategy[int]: the strategy (needs Hypothesis).
    """
    from hypothesis import strategies as st

    return st.integers(min_value=0, max_value=(1 << 64) - 1)


def _choice_lists(max_steps: int | None) -> SearchStrategy[list[int]]:
    from hypothesis import strategies as st

    return st.lists(st.integers(min_value=0, max_value=_CHOICE_MAX), max_size=max_steps)


def action_sequences(
    game: Game[S, A], config: Any = None, *, max_steps: int | None = None
) -> SearchStrategy[Record[Any, S, A]]:
    """Records of random games: a drawn seed and the legal actions chosen by drawn indices.

    The game may or may not be over at the end; :func:`~tabletop_rules.replay` plays a record back.
    Hypothesis shrinks towards fewer actions and towards the first legal action of each decision.

    Args:
        game: the game to play.
        config: passed to ``new_game`` (``None``: the default).
        max_steps: the most actions in a record (``None``: Hypothesis chooses the lengths).

    Returns:
        SearchStrategy[Record[Any, S, A]]: the strategy (needs Hypothesis).
    """
    from hypothesis import strategies as st

    def build(seed: int, choices: list[int]) -> Record[Any, S, A]:
        _, actions = _play(game, config, seed, choices, max_steps=max_steps)
        return Record(actions=actions, config=config, seed=seed)

    return st.builds(build, seeds(), _choice_lists(max_steps))


def states(game: Game[S, A], config: Any = None, max_steps: int | None = None) -> SearchStrategy[S]:
    """States reached by random play from a drawn seed (running or, sometimes, finished).

    Args:
        game: the game to play.
        config: passed to ``new_game`` (``None``: the default).
        max_steps: the most actions played (``None``: Hypothesis chooses).

    Returns:
        SearchStrategy[S]: the strategy (needs Hypothesis).
    """
    from hypothesis import strategies as st

    def build(seed: int, choices: list[int]) -> S:
        return _play(game, config, seed, choices, max_steps=max_steps)[0]

    return st.builds(build, seeds(), _choice_lists(max_steps))


def finished_games(
    game: Game[S, A], config: Any = None, *, max_steps: int = 10_000
) -> SearchStrategy[S]:
    """Final states of random games: drawn choices first, then the first legal action to the end.

    Args:
        game: the game to play.
        config: passed to ``new_game`` (``None``: the default).
        max_steps: the most actions a game may take; a longer one is an error.

    Returns:
        SearchStrategy[S]: the strategy (needs Hypothesis); every state it gives is over.
    """
    from hypothesis import strategies as st

    def build(seed: int, choices: list[int]) -> S:
        return _play(game, config, seed, choices, to_end=True, max_steps=max_steps)[0]

    return st.builds(build, seeds(), _choice_lists(None))
