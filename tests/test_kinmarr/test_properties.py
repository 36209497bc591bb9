"""Property tests over states reached by random play (Hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import kinmarr
from kinmarr._work import score
from tabletop_rules import Rng
from tabletop_rules.testing import finished_games, states

TWO = kinmarr.Config(guilds=("feudal_pact", "pathfinders"))
EXPLICIT = kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[:3], chance="explicit")


def _played(config: kinmarr.Config, seed: int, steps: int) -> kinmarr.State:
    """The state after ``steps`` random actions (or the end) of the game from ``seed``."""
    state = kinmarr.new_game(config, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if kinmarr.is_over(state):
            break
        action, rng = rng.choice(kinmarr.legal_actions(state))
        state = kinmarr.apply(state, action)
    return state


def _deep(config: kinmarr.Config) -> st.SearchStrategy[kinmarr.State]:
    return st.builds(_played, st.just(config), st.integers(0, 2**32), st.integers(0, 600))


ANY_STATE = (
    states(kinmarr.GAME, max_steps=300) | _deep(kinmarr.Config()) | _deep(TWO) | _deep(EXPLICIT)
)


@settings(max_examples=30)
@given(ANY_STATE)
def test_every_card_of_the_pack_is_in_exactly_one_place(state: kinmarr.State) -> None:
    kinmarr.validate(state)  # the census is one of its checks; here it must simply pass
    held = Counter[str]()
    for player in state.players:
        held.update((*player.hand, *player.slots))
    assert all(n == 1 for n in held.values())
    assert all(player.wounds <= 3 for player in state.players)
    assert 0 <= state.fate <= 10


@settings(max_examples=30)
@given(ANY_STATE, st.integers(0, 2**32))
def test_views_survive_redeals_and_the_json_round_trip(state: kinmarr.State, seed: int) -> None:
    for seat in range(kinmarr.seat_count(state)):
        view = kinmarr.view(state, seat)
        dealt = kinmarr.redeal(view, seed)
        assert kinmarr.view(dealt, seat) == view
        assert kinmarr.legal_actions(dealt) == kinmarr.legal_actions(state)
        assert kinmarr.loads(kinmarr.dumps(view), kinmarr.View) == view
    assert kinmarr.loads(kinmarr.dumps(state)) == state


@settings(max_examples=30)
@given(ANY_STATE)
def test_legal_actions_are_distinct_and_each_applies_without_changing_the_input(
    state: kinmarr.State,
) -> None:
    legal = kinmarr.legal_actions(state)
    assert len(set(legal)) == len(legal)
    assert bool(legal) != kinmarr.is_over(state)
    text = kinmarr.dumps(state)
    for action in legal[:8]:
        assert kinmarr.is_legal(state, action) is None
        kinmarr.apply(state, action)
    assert kinmarr.dumps(state) == text


@settings(max_examples=10)
@given(finished_games(kinmarr.GAME, TWO) | finished_games(kinmarr.GAME, kinmarr.Config()))
def test_a_finished_game_has_an_outcome_that_follows_its_ending(state: kinmarr.State) -> None:
    result = kinmarr.outcome(state)
    assert result is not None
    rules = state.config.rules
    assert result.scores == tuple(float(score(rules, p)) for p in state.players)
    living = [s for s, p in enumerate(state.players) if p.alive]
    if result.ending == "last-standing":
        assert result.winners == tuple(living) and len(living) == 1
    elif result.ending in ("deck-exhausted", "round-limit"):
        best = max(result.scores[s] for s in living)
        assert result.winners == tuple(s for s in living if result.scores[s] == best)
    else:
        assert result.winners == ()
    assert result.returns == tuple(
        1.0 if s in result.winners else 0.0 for s in range(len(living) and len(state.players))
    )
