"""Untrusted actions and positions, in every game: an action must match a legal one in type as
well as value, a non-state is refused with a typed error that names it, and a seat that is not
asked cannot answer (issue 13, root causes 1-3 and the seat-checked entry point)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import goblinguard
import grimheim
import kinmarr
from tabletop_rules import (
    CHANCE,
    Game,
    IllegalActionError,
    PositionTypeError,
    RandomAgent,
    Rng,
    play,
)

GAMES: dict[str, tuple[Game[Any, Any], Any]] = {
    "goblinguard": (goblinguard.GAME, goblinguard.Config()),
    "grimheim": (grimheim.GAME, grimheim.Config(heroes=("bjorn", "alva"))),
    "kinmarr": (
        kinmarr.GAME,
        kinmarr.Config(guilds=("feudal_pact", "pathfinders"), chance="explicit"),
    ),
}


def _positions(game: Game[Any, Any], config: Any, count: int = 200) -> Iterator[Any]:
    """States of a random game, each with its legal actions listed (the cache filled)."""
    state = game.new_game(config, seed=3)
    rng = Rng.from_seed(3)
    for _ in range(count):
        if game.is_over(state):
            return
        actions = game.legal_actions(state)
        yield state
        action, rng = rng.choice(actions)
        state = game.apply(state, action)


def _with(action: Any, name: str, value: Any) -> Any:
    """A copy of ``action`` whose field ``name`` holds ``value``, made without the constructor
    (as unpickling or a careless deserialiser would)."""
    changed = copy.copy(action)
    object.__setattr__(changed, name, value)
    return changed


def _int_fields(game: Game[Any, Any], config: Any) -> Iterator[tuple[Any, Any, str]]:
    """``(state, legal action, name of an int field)`` for every kind of action met."""
    seen: set[tuple[type, str]] = set()
    for state in _positions(game, config):
        for action in game.legal_actions(state):
            for field in attrs.fields(type(action)):
                value = getattr(action, field.name)
                if type(value) is int and (type(action), field.name) not in seen:
                    seen.add((type(action), field.name))
                    yield state, action, field.name


@pytest.mark.parametrize("name", sorted(GAMES))
def test_root_cause_1_a_float_or_bool_in_a_whole_number_field_is_refused(name: str) -> None:
    game, config = GAMES[name]
    checked = 0
    for state, action, field in _int_fields(game, config):
        value = getattr(action, field)
        for wrong in (float(value), bool(value) if value in (0, 1) else None):
            if wrong is None:
                continue
            bad = _with(action, field, wrong)
            assert bad == action  # equal in value: only the type tells them apart
            reason = game.is_legal(state, bad)
            assert reason is not None and f"{type(action).__name__}.{field}" in reason, reason
            with pytest.raises(IllegalActionError, match="must be int"):
                game.apply(state, bad)
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", sorted(GAMES))
def test_root_cause_1_an_action_built_without_its_constructor_is_refused(name: str) -> None:
    game, config = GAMES[name]
    state, action, _ = next(_int_fields(game, config))
    empty = object.__new__(type(action))
    reason = game.is_legal(state, empty)
    assert reason is not None and "is missing" in reason
    with pytest.raises(IllegalActionError):
        game.step(state, empty)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("listed", [False, True], ids=["fresh", "after-legal-actions"])
def test_root_cause_2_an_unhashable_field_gets_a_reason(name: str, listed: bool) -> None:
    game, config = GAMES[name]
    for state in _positions(game, config):
        actions = game.legal_actions(state)
        found = next((a for a in actions if attrs.fields(type(a))), None)
        if found is not None:
            break
    else:  # pragma: no cover - every game has actions with fields
        raise AssertionError("no action with fields")
    fresh = game.loads(game.dumps(state))  # no legal actions listed yet
    position = state if listed else fresh
    field = attrs.fields(type(found))[0].name
    bad = _with(found, field, [getattr(found, field)])
    reason = game.is_legal(position, bad)
    assert reason is not None and "(list)" in reason
    with pytest.raises(IllegalActionError):
        game.apply(position, bad)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("what", ["view", "dict", "none", "other-game"])
def test_root_cause_3_a_view_or_any_non_state_is_a_typed_error_naming_it(
    name: str, what: str
) -> None:
    game, config = GAMES[name]
    state = next(_positions(game, config))
    action = game.legal_actions(state)[0]
    other = next(g for n, (g, _) in GAMES.items() if n != name)
    passed = {
        "view": game.view(state, 0),
        "dict": {"heroes": []},
        "none": None,
        "other-game": other.new_game(None, seed=0),
    }[what]
    with pytest.raises(PositionTypeError, match=type(passed).__name__) as caught:
        game.apply(passed, action)
    assert caught.value.value is passed and isinstance(caught.value, TypeError)
    with pytest.raises(PositionTypeError):
        game.step(passed, action)
    if what != "view":  # a view may be asked for its legal actions
        with pytest.raises(PositionTypeError):
            game.legal_actions(passed)
        with pytest.raises(PositionTypeError):
            game.is_legal(passed, action)


MODULES = {"goblinguard": goblinguard, "grimheim": grimheim, "kinmarr": kinmarr}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_answer_from_a_seat_that_is_not_asked_is_refused(name: str) -> None:
    game, config = GAMES[name]
    module: Any = MODULES[name]
    for state in _positions(game, config):
        asked = game.current_player(state)
        assert asked is not None
        action = game.legal_actions(state)[0]
        assert game.step(state, action, seat=asked) == game.step(state, action)
        assert module.apply(state, action, seat=asked) == game.apply(state, action)
        for wrong in {0, 1, CHANCE} - {asked}:
            with pytest.raises(IllegalActionError, match=f"seat {wrong} is not asked"):
                game.step(state, action, seat=wrong)
            with pytest.raises(IllegalActionError, match=f"seat {asked} must answer"):
                module.step(state, action, seat=wrong)
    final, _ = play(game, [RandomAgent()] * game.seat_count(config), seed=1, config=config)
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.step(final, action, seat=0)
