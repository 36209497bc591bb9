"""Saved positions that no game reaches are refused (issue 13, root causes 6, 7 and 9): a view that
shows what its seat may not see, a sampled-chance game waiting on chance, pending work that does
not fit itself."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from tests.test_grimheim.helpers import solo

import grimheim as gh
from grimheim import scenario as sc
from grimheim._state import MonsterAttack, MonsterTurn, Window
from tabletop_rules import CHANCE, PositionTypeError, StateFormatError, play

H = gh.Hex
Json = dict[str, Any]


@pytest.fixture(scope="module")
def game_of_two() -> tuple[gh.State, ...]:
    config = gh.Config(heroes=("bjorn", "alva"), chance="explicit")
    _, actions = play(gh.GAME, [gh.DefenderAgent(), gh.DefenderAgent()], seed=5, config=config)
    return tuple(gh.replay(gh.record(actions, seed=5, config=config)))


def _tampered(value: Any, change: Callable[[Json], None], kind: Any) -> StateFormatError:
    data = json.loads(gh.dumps(value))
    change(data["data"])
    with pytest.raises(StateFormatError) as caught:
        gh.loads(json.dumps(data), kind)
    return caught.value


def _midgame(states: tuple[gh.State, ...]) -> gh.State:
    return next(
        s
        for s in states[len(states) // 3 :]
        if s.heroes[1].hand and s.heroes[0].events and len(s.yellow) > s.yellow_known + 1
    )


# -- root cause 6: a view shows exactly what its seat may see ------------------------------------


def test_root_cause_6_a_view_naming_another_heros_hand_is_refused(
    game_of_two: tuple[gh.State, ...],
) -> None:
    state = _midgame(game_of_two)
    seen = gh.view(state, 0)
    secret = state.heroes[1].hand[0]
    error = _tampered(seen, lambda d: d["heroes"][1]["hand"].__setitem__(0, secret), gh.View)
    assert error.path == "$.data.heroes[1].hand[0]" and "may not see" in error.detail


def test_root_cause_6_a_view_naming_the_event_deck_order_is_refused(
    game_of_two: tuple[gh.State, ...],
) -> None:
    state = _midgame(game_of_two)
    seen = gh.view(state, 0)
    top = state.heroes[0].events[0]
    error = _tampered(seen, lambda d: d["heroes"][0]["events"].__setitem__(0, top), gh.View)
    assert error.path == "$.data.heroes[0].events[0]"


def test_root_cause_6_a_view_naming_a_hidden_monster_card_is_refused(
    game_of_two: tuple[gh.State, ...],
) -> None:
    state = _midgame(game_of_two)
    seen = gh.view(state, 1)
    card = state.yellow[0]
    error = _tampered(seen, lambda d: d["yellow"].__setitem__(0, card), gh.View)
    assert error.path == "$.data.yellow[0]"


def test_root_cause_6_a_view_hiding_its_own_hand_is_refused(
    game_of_two: tuple[gh.State, ...],
) -> None:
    state = _midgame(game_of_two)
    seen = gh.view(state, 1)
    error = _tampered(seen, lambda d: d["heroes"][1]["hand"].__setitem__(0, ""), gh.View)
    assert error.path.startswith("$.data.heroes[1].hand") and "sees this card" in error.detail


def test_root_cause_6_redeal_refuses_a_view_that_shows_too_much(
    game_of_two: tuple[gh.State, ...],
) -> None:
    state = _midgame(game_of_two)
    seen = gh.view(state, 0)
    heroes = (seen.heroes[0], attrs.evolve(seen.heroes[1], hand=state.heroes[1].hand))
    peeking = attrs.evolve(seen, heroes=heroes)
    with pytest.raises(StateFormatError, match="may not see"):
        gh.redeal(peeking, seed=1)
    with pytest.raises(PositionTypeError, match="redeal takes a View"):
        gh.redeal(state, seed=1)  # type: ignore[arg-type]


def test_root_cause_6_every_redeal_of_a_view_gives_that_view_back(
    game_of_two: tuple[gh.State, ...],
) -> None:
    for state in game_of_two[::7]:
        for seat in (0, 1):
            seen = gh.view(state, seat)
            assert gh.view(gh.redeal(seen, seed=3), seat) == seen


# -- root cause 7: chance waits only in explicit mode --------------------------------------------


def test_root_cause_7_a_sampled_game_waiting_on_a_roll_is_refused() -> None:
    state = sc.place_monster(solo("bjorn", H(9, 6), chance="explicit"), "troll", H(9, 5))
    rolling = gh.apply(state, gh.Attack(H(9, 5)))
    assert gh.current_player(rolling) == CHANCE

    def sampled(data: Json) -> None:
        data["config"]["chance"] = "sampled"

    error = _tampered(rolling, sampled, gh.State)
    assert error.path == "$.data.frames" and "sampled chance" in error.detail


# -- root cause 9: pending work fits itself and the state ----------------------------------------


def _monster_turn(states: tuple[gh.State, ...]) -> gh.State:
    return next(
        s for s in states if any(isinstance(f, MonsterTurn) and len(f.order) > 1 for f in s.frames)
    )


def test_root_cause_9_a_monster_twice_in_the_attack_order_is_refused(
    game_of_two: tuple[gh.State, ...],
) -> None:
    state = _monster_turn(game_of_two)
    index = next(i for i, f in enumerate(state.frames) if isinstance(f, MonsterTurn))

    def doubled(data: Json) -> None:
        order = data["frames"][index]["order"]
        order[1] = order[0]

    error = _tampered(state, doubled, gh.State)
    assert error.path == f"$.data.frames[{index}].order" and "once" in error.detail


def test_root_cause_9_an_attack_without_dice_is_refused() -> None:
    state = sc.place_monster(solo("bjorn", H(9, 6), chance="explicit"), "troll", H(9, 5))
    rolling = gh.apply(state, gh.Attack(H(9, 5)))

    def no_dice(data: Json) -> None:
        data["frames"][-1]["dice"] = 0

    error = _tampered(rolling, no_dice, gh.State)
    assert error.path == "$.data.frames[0].dice" and "a roll has dice" in error.detail


def test_root_cause_9_a_monster_attack_about_to_roll_without_dice_is_refused(
    game_of_two: tuple[gh.State, ...],
) -> None:
    state = next(
        s
        for s in game_of_two
        if s.frames
        and isinstance(s.frames[-1], MonsterAttack)
        and s.frames[-1].target >= 0
        and s.frames[-1].damage < 0
    )

    def no_dice(data: Json) -> None:
        data["frames"][-1]["dice"] = 0

    error = _tampered(state, no_dice, gh.State)
    assert error.path.endswith(".dice") and "about to roll" in error.detail


def test_root_cause_9_seats_twice_in_a_window_are_refused() -> None:
    state = solo("bjorn", H(9, 6))
    twice = attrs.evolve(state, frames=(Window("after-monster-move", (0, 0)),))
    with pytest.raises(StateFormatError) as caught:
        gh.validate(twice)
    assert caught.value.path == "$.frames[0].seats" and "each once" in caught.value.detail
