"""Parsing actions and the thin wrappers over the core's records."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tabletop_rules import Record
from tabletop_rules import replay as core_replay

from ._actions import Action, parse_notation
from ._state import Config, State, View

__all__ = ["parse_action", "record", "replay"]


def parse_action(position: State | View, text: str) -> Action:
    """Read an action's :func:`~kinmarr.notation` (legality is not checked here).

    >>> from kinmarr import new_game
    >>> parse_action(new_game(seed=1), "choose:grey-wolf-2")
    Choose(card='grey-wolf-2')

    Raises:
        ValueError: the text is not an action, names a card not in this game's pack, or a seat
            that does not play.
    """
    action = parse_notation(text)
    rules = position.config.rules
    for field in ("card",):
        card = getattr(action, field, None)
        if card is not None and card not in rules.card:
            raise ValueError(f"no card {card!r} in this game's pack")
    seats = len(position.config.guilds)
    for field in ("target", "seat"):
        seat = getattr(action, field, None)
        if seat is not None and not 0 <= seat < seats:
            raise ValueError(f"no seat {seat} in this game (seats 0 to {seats - 1})")
    return action


def record(
    actions: Iterable[Action],
    *,
    seed: int | None = None,
    config: Config | None = None,
    start: State | None = None,
) -> Record[Config, State, Action]:
    """A :class:`tabletop_rules.Record` of a kinmarr game (from a seed or a starting state)."""
    return Record(tuple(actions), config=config, seed=seed, start=start)


def replay(rec: Record[Config, State, Action]) -> Iterator[State]:
    """The states of a record, starting position first (see :func:`tabletop_rules.replay`)."""
    from . import GAME  # the package builds GAME from its public face

    return core_replay(GAME, rec)
