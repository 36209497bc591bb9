"""The fuzzer over grimheim's saves, content files and notation finds nothing (a small run;
``scripts/fuzz.py grimheim`` is the full one)."""

from __future__ import annotations

import attrs
import pytest
from tests.test_grimheim.fuzzing import recount, run

import grimheim as gh
from tabletop_rules import RandomAgent, play


def test_fuzzing_finds_no_untyped_error_or_wrong_acceptance() -> None:
    report = run(
        1, games=12, loads=1_500, content_mutants=300, notations=300, actions=300, positions=100
    )
    assert report.findings == (), str(report)
    assert report.accepted > 0


def test_the_oracle_accepts_real_games_and_catches_a_lost_card() -> None:
    config = gh.Config(heroes=("bjorn", "alva"))
    final, _ = play(gh.GAME, [RandomAgent(), RandomAgent()], seed=2, config=config)
    recount(final)
    broken = attrs.evolve(final, red=final.red[1:])
    with pytest.raises(AssertionError, match="monster cards"):
        recount(broken)
