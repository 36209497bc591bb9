"""The `GAME` bundle and the thin wrappers over the core's records."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tabletop_rules import Game, RandomAgent, Record
from tabletop_rules import replay as core_replay

from ._actions import Place, notation, parse_notation
from ._agents import GreedyAgent
from ._codec import digest, dumps, loads
from ._render import render_text
from ._rules import (
    apply,
    current_player,
    decision,
    is_legal,
    is_over,
    legal_actions,
    new_game,
    outcome,
    redeal,
    step,
    view,
)
from ._state import Config, State, View

__all__ = ["GAME", "parse_action", "record", "replay"]


def parse_action(position: State | View, text: str) -> Place:
    """Read an action's :func:`~goblinguard.notation` (legality is not checked here).

    Raises:
        ValueError: the text is not a placement, or names a card not in this game's deck.
    """
    action = parse_notation(text)
    if action.card not in position.config.compiled.index:
        raise ValueError(f"no card {action.card!r} in this game's deck")
    return action


def record(
    actions: Iterable[Place],
    *,
    seed: int | None = None,
    config: Config | None = None,
    start: State | None = None,
) -> Record[Config, State, Place]:
    """A :class:`tabletop_rules.Record` of a goblinguard game (from a seed or a starting state)."""
    return Record(tuple(actions), config=config, seed=seed, start=start)


def replay(rec: Record[Config, State, Place]) -> Iterator[State]:
    """The states of a record, starting position first (see :func:`tabletop_rules.replay`)."""
    return core_replay(GAME, rec)


GAME: Game[State, Place] = Game(
    name="goblinguard",
    title="Guards & Goblins",
    seats=(1, 1),
    config_type=Config,
    state_type=State,
    view_type=View,
    new_game=new_game,
    legal_actions=legal_actions,
    is_legal=is_legal,
    apply=apply,
    step=step,
    current_player=current_player,
    is_over=is_over,
    outcome=outcome,
    view=view,
    redeal=redeal,
    decision=decision,
    notation=notation,
    parse_action=parse_action,
    dumps=dumps,
    loads=loads,
    digest=digest,
    render_text=render_text,
    agents={"random": RandomAgent, "greedy": GreedyAgent},
)
"""The goblinguard rules as one :class:`tabletop_rules.Game` value."""
