"""Every position that legal play reaches saves and loads back equal, in every game, at every
seat count, in both chance modes: random games (every answer drawn uniformly, chance's too), each
state and each seat's view read back. grimheim's heroes start with rare cards in play, so that
cards random play seldom reaches by upgrades get played. ``scripts/fuzz.py`` runs the same check
at scale (its ``saves`` part)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.contract.games import cases
from tests.contract.table import Contract, Saves

from tabletop_rules.testing import check_saves


@pytest.mark.parametrize(("contract", "case"), cases("saves"))
@settings(max_examples=2, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31))
def test_every_position_reached_saves_and_loads_back_equal(
    contract: Contract, case: Saves, seed: int
) -> None:
    report = check_saves(
        contract.game, configs=[case.config], games=case.games, seed=seed, start=case.start
    )
    assert report.states > 1
    assert report.views >= report.states
