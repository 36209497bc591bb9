"""The oracle of kinmarr's fuzzing set-up (``fuzzing.py``) accepts real games and catches a
broken one; the small fuzzing run itself is in ``tests/contract/test_fuzz.py`` (``scripts/fuzz.py``
is the full one)."""

from __future__ import annotations

import attrs
import pytest
from tests.test_kinmarr.fuzzing import census, playable

import kinmarr
from tabletop_rules import RandomAgent, play


def test_the_oracle_accepts_real_games_and_catches_a_card_in_two_places() -> None:
    final, actions = play(kinmarr.GAME, [RandomAgent()] * 2, seed=3,
                          config=kinmarr.Config(guilds=("pathfinders", "feudal_pact")))  # fmt: skip
    playable(final)
    state = kinmarr.new_game(final.config, seed=3)
    for action in actions[:30]:
        state = kinmarr.apply(state, action)
        playable(state)
    card = state.encounters.top[0]
    forged = attrs.evolve(state, discarded=state.discarded | {card})
    assert census(forged)[card] == 2
    with pytest.raises(AssertionError, match="two places"):
        playable(forged)
