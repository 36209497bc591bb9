"""Parsing actions and the thin wrappers over the core's records."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tabletop_rules import Record
from tabletop_rules import replay as core_replay

from ._actions import Action, parse_notation
from ._state import Config, State, View

__all__ = ["parse_action", "record", "replay"]


def parse_action(position: State | View, text: str) -> Action:
    """Read an action's :func:`~grimheim.notation` (legality is not checked here).

    Raises:
        ValueError: the text is not an action.
    """
    return parse_notation(text)


def record(
    actions: Iterable[Action],
    *,
    seed: int | None = None,
    config: Config | None = None,
    start: State | None = None,
) -> Record[Config, State, Action]:
    """A :class:`tabletop_rules.Record` of a grimheim game (from a seed or a starting state)."""
    return Record(tuple(actions), config=config, seed=seed, start=start)


def replay(rec: Record[Config, State, Action]) -> Iterator[State]:
    """The states of a record, starting position first (see :func:`tabletop_rules.replay`)."""
    from . import GAME  # the package builds GAME from its public face

    return core_replay(GAME, rec)
