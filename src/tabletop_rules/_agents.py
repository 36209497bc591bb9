"""Agents: programs that choose actions. They see a view, never the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from ._rng import Rng

A = TypeVar("A")


class Agent(Protocol[A]):
    """The interface of every agent.

    ``choose`` receives the view of the seat to act, the legal actions (never empty) and the agent's
    own :class:`~tabletop_rules.Rng`, and returns its action and the generator to use next time.
    An agent never gets the true state: only what its seat may know. Chance decisions never reach
    an agent: :func:`~tabletop_rules.play` samples them.
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
