"""`Record`: a game written down as its start and its actions; `replay` plays it back.

This module keeps real (not postponed) annotations so cattrs can resolve the generic fields.
"""

from collections.abc import Iterator
from typing import Any, Generic, TypeVar

import attrs

from ._errors import IllegalActionError, ReplayError
from ._game import Game

__all__ = ["Record", "replay"]

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")


def _one_start(inst: "Record[Any, Any, Any]", _attr: object, _value: object) -> None:
    if (inst.seed is None) == (inst.start is None):
        raise ValueError("a Record starts from exactly one of: a seed (with a config) or a state")


@attrs.frozen
class Record(Generic[C, S, A]):
    """A game as data: how it started and every action since, in order.

    Attributes:
        actions: the actions, in the order they were applied.
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
