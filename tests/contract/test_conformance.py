"""The conformance check of :mod:`tabletop_rules.testing` and the hash-seed check, on every
installed game and Kuhn poker, in the configs of each game's table."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.contract.games import cases
from tests.contract.table import Conformance, Contract, HashSeeds

from tabletop_rules.testing import check_game, check_hash_seed_independence

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("contract", "case"), cases("conformance"))
def test_the_conformance_check_passes(contract: Contract, case: Conformance) -> None:
    report = check_game(
        contract.game,
        games=case.games,
        seed=case.seed,
        configs=case.configs,
        illegal_actions=contract.illegal_actions if case.guesses else None,
    )
    assert case.expect(report), report


@pytest.mark.parametrize(("contract", "case"), cases("hash_seeds"))
def test_legal_action_order_does_not_depend_on_hash_seed(
    contract: Contract, case: HashSeeds, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a game that is not installed (Kuhn poker) is imported from the repository root
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    check_hash_seed_independence(
        contract.loader, config=case.config, seeds=case.seeds, games=case.games
    )
