"""Record validation and replay, with the count-to-N fixture game."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from tests.test_core.countgame import GAME, Add, Config, State, new_game

from tabletop_rules import IllegalActionError, Record, ReplayError, RulesError, replay


def played(seed: int, count: int) -> tuple[Add, ...]:
    state = new_game(seed=seed)
    actions = []
    for _ in range(count):
        action = GAME.legal_actions(state)[-1]
        actions.append(action)
        state = GAME.apply(state, action)
    return tuple(actions)


def test_record_from_a_seed() -> None:
    record: Record[Config, State, Add] = Record(actions=[Add(1)], seed=3)
    assert record.actions == (Add(1),)
    assert (record.seed, record.start, record.config) == (3, None, None)


def test_record_from_a_state() -> None:
    start = new_game(seed=1)
    record: Record[Config, State, Add] = Record(actions=(), start=start)
    assert record.start == start
    assert record.seed is None


@pytest.mark.parametrize("kwargs", [{}, {"seed": 1, "start": "a state"}, {"config": Config()}])
def test_record_needs_exactly_one_start(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="exactly one"):
        Record(actions=(), **kwargs)


def test_record_seed_zero_counts_as_a_start() -> None:
    assert Record(actions=(), seed=0).seed == 0


def test_record_is_frozen_and_hashable() -> None:
    record: Record[Config, State, Add] = Record(actions=[Add(1), Add(2)], seed=1)
    assert record == Record(actions=(Add(1), Add(2)), seed=1)
    assert hash(record) == hash(Record(actions=(Add(1), Add(2)), seed=1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.seed = 2  # type: ignore[misc]


def test_replay_yields_every_state() -> None:
    actions = played(5, 4)
    states = list(replay(GAME, Record(actions=actions, seed=5)))
    assert len(states) == 5
    expected = new_game(seed=5)
    assert states[0] == expected
    for action, state in zip(actions, states[1:], strict=True):
        expected = GAME.apply(expected, action)
        assert state == expected


def test_replay_uses_the_config() -> None:
    config = Config(target=4, copies=2)
    states = list(replay(GAME, Record(actions=(), config=config, seed=5)))
    assert states == [new_game(config, seed=5)]


def test_replay_from_a_start_state() -> None:
    start = GAME.apply(new_game(seed=2), GAME.legal_actions(new_game(seed=2))[0])
    action = GAME.legal_actions(start)[0]
    states = list(replay(GAME, Record(actions=(action,), start=start)))
    assert states == [start, GAME.apply(start, action)]


def test_replay_error_names_the_failing_index() -> None:
    actions = played(5, 3)
    state = new_game(seed=5)
    for action in actions:
        state = GAME.apply(state, action)
    bad = next(Add(v) for v in (1, 2, 3, 4) if Add(v) not in GAME.legal_actions(state))
    seen: list[State] = []
    with pytest.raises(ReplayError) as info:
        seen.extend(replay(GAME, Record(actions=(*actions, bad, actions[0]), seed=5)))
    err = info.value
    assert err.index == 3
    assert err.action == bad
    assert "action #3" in str(err)
    assert "R1" in err.reason
    assert isinstance(err.__cause__, IllegalActionError)
    assert isinstance(err, RulesError)
    assert len(seen) == 4  # the start and the three good actions came out first


def test_replay_is_lazy() -> None:
    states = replay(GAME, Record(actions=(Add(99),), seed=1))
    assert next(states) == new_game(seed=1)
    with pytest.raises(ReplayError):
        next(states)
