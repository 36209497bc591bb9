"""The oracle of goblinguard's fuzzing set-up (``fuzzing.py``) accepts real games and catches a
broken one; the small fuzzing run itself is in ``tests/contract/test_fuzz.py`` (``scripts/fuzz.py``
is the full one)."""

from __future__ import annotations

import json

import pytest
from tests.test_goblinguard.fuzzing import replayed

import goblinguard as gg
from tabletop_rules import RandomAgent, play


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
