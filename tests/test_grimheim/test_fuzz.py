"""The oracle of grimheim's fuzzing set-up (``fuzzing.py``) accepts real games and catches a
broken one; the small fuzzing run itself is in ``tests/contract/test_fuzz.py`` (``scripts/fuzz.py``
is the full one)."""

from __future__ import annotations

import attrs
import pytest
from tests.test_grimheim.fuzzing import recount

import grimheim as gh
from tabletop_rules import RandomAgent, play


def test_the_oracle_accepts_real_games_and_catches_a_lost_card() -> None:
    config = gh.Config(heroes=("bjorn", "alva"))
    final, _ = play(gh.GAME, [RandomAgent(), RandomAgent()], seed=2, config=config)
    recount(final)
    broken = attrs.evolve(final, red=final.red[1:])
    with pytest.raises(AssertionError, match="monster cards"):
        recount(broken)
