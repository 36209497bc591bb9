"""Playing games through: :func:`play` a game with agents, :func:`sample_chance` and
:func:`sample_outcome` for the random draws of explicit chance."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

from ._agents import Agent
from ._game import Game
from ._rng import Rng
from ._values import CHANCE

S = TypeVar("S")
A = TypeVar("A")


def sample_chance(game: Game[S, A], state: S, rng: Rng) -> tuple[A, Rng]:
    """Draw the answer to a chance decision with its exact probability; return it and the next
    generator.

    One bounded draw over the common denominator of the probabilities picks the outcome, so the
    result is exact and reproducible on every platform.

    Raises:
        ValueError: ``state`` is not at a chance decision (``game.chance_outcomes`` is empty).
    """
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise ValueError(f"{game.name}: the state is not at a chance decision")
    return sample_outcome(outcomes, rng, what=f"{game.name}: chance")


def sample_outcome(
    outcomes: Sequence[tuple[A, Fraction]], rng: Rng, *, what: str = "outcomes"
) -> tuple[A, Rng]:
    """Draw one of ``outcomes`` (each with its probability, as ``chance_outcomes`` lists them)
    with its exact probability; return it and the next generator. :func:`sample_chance` draws
    this way; an agent that looks ahead through chance calls it on the lists it already has.

    >>> from fractions import Fraction
    >>> from tabletop_rules import Rng
    >>> outcome, rng = sample_outcome([("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))],
    ...                               Rng.from_seed(1))
    >>> outcome in ("heads", "tails")
    True

    Raises:
        ValueError: the probabilities sum to less than 1 (``what`` names the list).
    """
    scale = math.lcm(*(p.denominator for _, p in outcomes))
    ticket, rng = rng.below(scale)
    for action, probability in outcomes:
        ticket -= probability.numerator * (scale // probability.denominator)
        if ticket < 0:
            return action, rng
    raise ValueError(f"{what}: probabilities sum to less than 1")


def play(
    game: Game[S, A],
    agents: Sequence[Agent[A]],
    *,
    seed: int,
    config: Any = None,
) -> tuple[S, tuple[A, ...]]:
    """Play one game to the end with one agent per seat; return the final state and the actions.

    The game is set up with ``seed``. Agent ``i`` plays seat ``i`` and gets its own generator split
    from ``Rng.from_seed(seed)``; chance decisions (explicit chance mode) are answered by
    :func:`sample_chance` from a generator split after them. The whole game is reproducible from
    ``seed`` in either chance mode.

    Raises:
        ValueError: the number of agents is not the game's number of seats
            (``game.seat_count``).
    """
    state = game.new_game(config, seed=seed)
    seats = game.seat_count(state)
    if len(agents) != seats:
        raise ValueError(
            f"{game.name}: this game has {seats} seat(s), but {len(agents)} agent(s) were given"
        )
    rngs: list[Rng] = []
    stream = Rng.from_seed(seed)
    for _ in range(seats):
        child, stream = stream.split()
        rngs.append(child)
    chance, stream = stream.split()
    actions: list[A] = []
    while (seat := game.current_player(state)) is not None:
        if seat == CHANCE:
            action, chance = sample_chance(game, state, chance)
        else:
            view = game.view(state, seat)
            action, rngs[seat] = agents[seat].choose(view, game.legal_actions(view), rngs[seat])
        state = game.apply(state, action)
        actions.append(action)
    return state, tuple(actions)
