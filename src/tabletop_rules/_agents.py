"""Agents: programs that choose actions. They see a view, never the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from ._game import Game
from ._rng import Rng

__all__ = ["Agent", "RandomAgent", "play"]

A = TypeVar("A")
S = TypeVar("S")


class Agent(Protocol[A]):
    """The interface of every agent.

    ``choose`` receives the view of the seat to act, the legal actions (never empty) and the agent's
    own :class:`~tabletop_rules.Rng`, and returns its action and the generator to use next time.
    An agent never gets the true state: only what its seat may know.
    """

    def choose(self, view: Any, actions: Sequence[A], rng: Rng) -> tuple[A, Rng]:
        """Return one of ``actions`` and the next generator."""
        ...


@attrs.frozen
class RandomAgent(Generic[A]):
    """Chooses uniformly among the legal actions.

    >>> RandomAgent().choose(None, ["a", "b", "c"], Rng.from_seed(1))[0]
    'c'
    """

    def choose(self, view: Any, actions: Sequence[A], rng: Rng) -> tuple[A, Rng]:
        """Return a uniformly drawn action."""
        return rng.choice(actions)


def play(
    game: Game[S, A],
    agents: Sequence[Agent[A]],
    *,
    seed: int,
    config: Any = None,
) -> tuple[S, tuple[A, ...]]:
    """Play one game to the end with one agent per seat; return the final state and the actions.

    The game is set up with ``seed``; agent ``i`` gets its own generator split from
    ``Rng.from_seed(seed)``, so the whole game is reproducible.
    """
    state = game.new_game(config, seed=seed)
    rngs: list[Rng] = []
    stream = Rng.from_seed(seed)
    for _ in agents:
        child, stream = stream.split()
        rngs.append(child)
    actions: list[A] = []
    while (seat := game.current_player(state)) is not None:
        legal = game.legal_actions(game.view(state, seat))
        action, rngs[seat] = agents[seat].choose(game.view(state, seat), legal, rngs[seat])
        state = game.apply(state, action)
        actions.append(action)
    return state, tuple(actions)
