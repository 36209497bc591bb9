"""Untrusted saves in every game: what ``loads`` refuses before or while it reads (issue 13, root
causes 10 and 11)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import goblinguard
import grimheim
import kinmarr
from tabletop_rules import MAX_INPUT, Game, Record, StateFormatError, make_converter

GAMES: dict[str, Game[Any, Any]] = {
    "goblinguard": goblinguard.GAME,
    "grimheim": grimheim.GAME,
    "kinmarr": kinmarr.GAME,
}


def test_root_cause_10_an_integer_of_more_than_40_digits_is_refused_in_either_form() -> None:
    conv = make_converter()
    largest = 10**40 - 1
    for value in (largest, -largest, str(largest), str(-largest)):
        assert conv.structure(value, int) == int(value)
    for value in (10**40, -(10**40), 10**45, str(10**40), "9" * 60):
        with pytest.raises(ValueError, match=r"40 digits|expected int"):
            conv.structure(value, int)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_root_cause_10_a_record_seed_of_45_digits_is_refused_not_written_back_unreadable(
    name: str,
) -> None:
    game = GAMES[name]
    envelope = json.loads(game.dumps(Record((), seed=7)))
    envelope["data"]["seed"] = 10**45
    with pytest.raises(StateFormatError, match="at most 40 digits") as caught:
        game.loads(json.dumps(envelope), "record")
    assert caught.value.path == "$.data.seed"
    envelope["data"]["seed"] = 10**39  # the largest size accepted reads back as written
    record = game.loads(json.dumps(envelope), "record")
    assert game.loads(game.dumps(record), "record") == record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_root_cause_11_text_over_the_size_limit_is_refused_before_it_is_parsed(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(None, seed=1)
    text = game.dumps(state)
    padded = text[:-1] + " " * (MAX_INPUT - len(text)) + "}"
    assert len(padded) == MAX_INPUT
    assert game.loads(padded) == state  # exactly the limit is read
    oversized = "[" * (MAX_INPUT + 1)  # parsing this would be an error too, but slowly
    started = time.perf_counter()
    with pytest.raises(StateFormatError, match="more than the 4,194,304 read") as caught:
        game.loads(oversized)
    assert time.perf_counter() - started < 0.5 and caught.value.path == "$"
    with pytest.raises(StateFormatError, match="more than the 100 read"):
        game.loads(text, max_size=100)
    assert game.loads(padded + " ", max_size=MAX_INPUT + 1) == state  # the limit can be raised


def test_root_cause_11_a_goblinguard_config_holds_at_most_max_cards() -> None:
    envelope = json.loads(
        goblinguard.dumps(goblinguard.Config(deck=[goblinguard.Card("a", "GX/HH")]))
    )
    cards = [{"id": f"c{i}", "layout": "GX/HH"} for i in range(goblinguard.MAX_CARDS + 1)]
    envelope["data"]["cards"] = cards
    text = json.dumps(envelope)
    started = time.perf_counter()
    with pytest.raises(StateFormatError, match="at most 1000 cards"):
        goblinguard.loads(text, goblinguard.Config)
    assert time.perf_counter() - started < 1.0
