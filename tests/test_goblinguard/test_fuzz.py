"""The fuzzer over goblinguard's saves, content files and notation finds nothing (a small run;
``scripts/fuzz.py`` is the full one)."""

from __future__ import annotations

import json

import pytest
from tests.test_goblinguard.fuzzing import replayed, run

import goblinguard as gg
from tabletop_rules import RandomAgent, play


def test_fuzzing_finds_no_untyped_error_or_wrong_acceptance() -> None:
    report = run(
        1, games=40, loads=2_000, content_mutants=400, notations=400, actions=300, positions=100
    )
    assert report.findings == (), str(report)
    assert report.accepted > 0  # some mutants are valid values, and were checked further


def test_the_oracle_accepts_real_games_and_catches_a_forged_win() -> None:
    for config in (None, gg.Config(chance="explicit")):
        final, _ = play(gg.GAME, [RandomAgent()], seed=3, config=config)
        replayed(final)
    lost = next(
        state
        for seed in range(50)
        if not (state := play(gg.GAME, [RandomAgent()], seed=seed)[0]).defeated
        or len(state.defeated) < 16
    )
    forged = gg.State(
        lost.config, lost.rng, lost.deck, lost.hand, lost.placed, frozenset(), lost.active
    )
    with pytest.raises(AssertionError, match="do not lead to the stored position"):
        replayed(forged)
    assert json.loads(gg.dumps(lost))["format"] == gg.FORMAT
