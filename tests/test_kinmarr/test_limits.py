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
