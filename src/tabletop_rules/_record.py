"""`Record`: a game written down, how it started and every action since.

This module keeps real (not postponed) annotations so cattrs can resolve the generic fields.
"""

from typing import Any, Generic, TypeVar

import attrs

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
