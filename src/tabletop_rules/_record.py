"""Playing games through: `Record` and `replay` for a game written down, `play` for agents,
`sample_chance` for the random draws of explicit chance.

This module keeps real (not postponed) annotations so cattrs can resolve the generic fields.
"""

import math
from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar

import attrs

from ._agents import Agent
from ._errors import IllegalActionError, ReplayError
from ._game import Game
from ._rng import Rng
from ._values import CHANCE

__all__ = ["Record", "play", "replay", "sample_chance"]

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")


def _one_start(inst: "Record[Any, Any, Any]", _attr: object, _value: object) -> None:
    if (inst.seed is None) == (inst.start is None):
        raise ValueError("a Record starts from exactly one of: a seed (with a config) or a state")


@attrs.frozen
class Record(Generic[C, S, A]):
    """A game as data: how it started and every action since, in order.

    ``Record[C, S, A]`` is generic in the game's config type ``C``, state type ``S`` and action
    type ``A``; each game's ``record()`` builds one with its own types.

    Attributes:
        actions: the actions, in the order they were applied (chance outcomes included, in
            explicit chance mode).
        config: the game's config (``None`` means the default), used with ``seed``.
        seed: the seed given to ``new_game``; exactly one of ``seed`` and ``start`` is set.
        start: a starting state (a puzzle position, a saved game), instead of a seed.
    """

    actions: tuple[A, ...] = attrs.field(converter=tuple)
    config: C | None = None
    seed: int | None = attrs.field(default=None, validator=_one_start)
    start: S | None = None


def replay(game: "Game[S, A]", record: "Record[Any, S, A]") -> Iterator[S]:
    """Yield the starting state and then the state after each action of ``record``.

    Raises:
        ReplayError: an action is illegal; ``.index`` says which one. The states before it have
            already been yielded.
    """
    if record.start is not None:
        state = record.start
    else:
        state = game.new_game(record.config, seed=record.seed)
    yield state
    for index, action in enumerate(record.actions):
        try:
            state = game.apply(state, action)
        except IllegalActionError as exc:
            raise ReplayError(index, exc.reason, action) from exc
        yield state


def sample_chance(game: "Game[S, A]", state: S, rng: Rng) -> tuple[A, Rng]:
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
    scale = math.lcm(*(p.denominator for _, p in outcomes))
    ticket, rng = rng.below(scale)
    for action, probability in outcomes:
        ticket -= probability.numerator * (scale // probability.denominator)
        if ticket < 0:
            return action, rng
    raise ValueError(f"{game.name}: chance probabilities sum to less than 1")


def play(
    game: "Game[S, A]",
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
