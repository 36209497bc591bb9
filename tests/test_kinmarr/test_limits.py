"""The most a game holds (K16): coins, rounds and Shop refreshes have the bounds play implies,
and a saved game past one is refused (issue 13, root cause 4)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from tests.test_kinmarr.positions import act, at, info, start

import kinmarr
from kinmarr import CASTLE
from tabletop_rules import StateFormatError


def test_k16_coins_gained_beyond_the_limit_are_lost() -> None:
    state = at(start(), 0, CASTLE, coins=kinmarr.COIN_LIMIT - 1, cards=["chain-mail"])
    state = act(state, "sell:chain-mail")  # worth 3
    assert info(state, 0).coins == kinmarr.COIN_LIMIT


def test_k16_a_game_without_a_round_limit_ends_after_max_rounds() -> None:
    with pytest.raises(ValueError, match=r"\[1, 1000\]"):
        kinmarr.Config(round_limit=kinmarr.MAX_ROUNDS + 1)
    state = start()
    data = json.loads(kinmarr.dumps(state))
    data["data"]["round"] = kinmarr.MAX_ROUNDS + 2
    with pytest.raises(StateFormatError) as caught:
        kinmarr.loads(json.dumps(data))
    assert caught.value.path == "$.data.round"


def _tampered(state: kinmarr.State, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(kinmarr.dumps(state))
    change(data["data"])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("value", "path"),
    [
        (10**9, "$.data.players[0].coins"),
        (kinmarr.COIN_LIMIT + 1, "$.data.players[0].coins"),
    ],
)
def test_root_cause_4_coins_past_the_limit_are_refused(value: int, path: str) -> None:
    state = start()
    with pytest.raises(StateFormatError) as caught:
        kinmarr.loads(_tampered(state, lambda d: d["players"][0].update(coins=value)))
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("round", 10**9, "$.data.round"),
        ("round", kinmarr.MAX_ROUNDS + 2, "$.data.round"),
        ("refreshes", 10**9, "$.data.flags.refreshes"),
        ("refreshes", kinmarr.COIN_LIMIT + 1, "$.data.flags.refreshes"),
    ],
)
def test_root_cause_4_refreshes_and_rounds_past_their_bounds_are_refused(
    field: str, value: int, path: str
) -> None:
    def change(data: dict[str, Any]) -> None:
        (data if field == "round" else data["flags"])[field] = value

    with pytest.raises(StateFormatError) as caught:
        kinmarr.loads(_tampered(start(), change))
    assert caught.value.path == path


# -- root causes 8 and 9: pending work fits the state ---------------------------------------------


def test_root_cause_8_a_dead_character_is_never_asked_to_play() -> None:
    state = start()  # the first seat's turn, at its start menu

    def dead(data: dict[str, Any]) -> None:
        data["players"][0]["tile"] = None

    with pytest.raises(StateFormatError, match="seat 0's character is dead") as caught:
        kinmarr.loads(_tampered(state, dead))
    assert caught.value.path == "$.data.frames[1]"  # the end menu: the turn is the dead one's


def _set_up() -> kinmarr.State:
    """The set-up in explicit chance mode: the Shop's 4 items and the prophecy still to draw."""
    config = kinmarr.Config(guilds=("feudal_pact", "pathfinders"), chance="explicit")
    return kinmarr.new_game(config, seed=0)


def test_root_cause_9_a_shop_refill_larger_than_the_free_places_is_refused() -> None:
    def five(data: dict[str, Any]) -> None:
        data["frames"][1]["count"] = 5

    with pytest.raises(StateFormatError, match="K14: the Shop has 4 free place") as caught:
        kinmarr.loads(_tampered(_set_up(), five))
    assert caught.value.path == "$.data.frames[1].count"


@pytest.mark.parametrize("how", ["two frames", "two cards"])
def test_root_cause_9_two_pending_prophecy_draws_are_refused(how: str) -> None:
    def twice(data: dict[str, Any]) -> None:
        if how == "two frames":
            data["frames"].append(dict(data["frames"][2]))
        else:
            data["frames"][2]["count"] = 2

    with pytest.raises(StateFormatError, match="one prophecy is drawn at a time"):
        kinmarr.loads(_tampered(_set_up(), twice))
