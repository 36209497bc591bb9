"""The fuzzer over each game's saves, content files and notation finds nothing: a small run of the
set-up in its table (``tests/test_<game>/fuzzing.py``; ``scripts/fuzz.py <game>`` is the full
one). The oracles themselves are tested in each game's folder."""

from __future__ import annotations

import pytest
from tests.contract.games import CONTRACTS
from tests.contract.table import Contract


@pytest.mark.parametrize(
    "contract", [c for c in CONTRACTS if c.fuzz is not None], ids=lambda c: c.name
)
def test_fuzzing_finds_no_untyped_error_or_wrong_acceptance(contract: Contract) -> None:
    assert contract.fuzz is not None
    report = contract.fuzz.run(contract.fuzz.seed, **contract.fuzz.budget)
    assert report.findings == (), str(report)
    assert report.accepted > 0  # some mutants are valid values, and were checked further
