"""Many seats and chance in the core: the kernel's Game, seat counts in play(), the seat that
must answer now, private events, scores, and exact sampling of chance decisions."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import attrs
import pytest
import tests.test_core.handgame as hg

from tabletop_rules import (
    CHANCE,
    Game,
    Outcome,
    PrivateEvent,
    PublicEvent,
    RandomAgent,
    Rng,
    Step,
    play,
    sample_chance,
    sample_outcome,
)


def test_chance_is_the_one_negative_seat() -> None:
    assert CHANCE == -1


def test_the_kernel_builds_the_api_from_the_hooks() -> None:
    assert hg.GAME.apply == hg.apply and hg.GAME.chance_outcomes is hg.chance_outcomes
    assert (hg.GAME.config_type, hg.GAME.state_type, hg.GAME.view_type) == (
        hg.Config,
        hg.State,
        hg.View,
    )
    state = hg.new_game(seed=0)
    action = hg.legal_actions(state)[0]
    assert hg.apply(state, action) == hg.act(state, action).state


def test_a_game_lacking_hooks_cannot_be_made_and_lists_them() -> None:
    class Partial(Game[hg.State, hg.Action, hg.View]):
        new_game = staticmethod(hg.new_game)

    with pytest.raises(TypeError, match="abstract methods") as caught:
        Partial()  # type: ignore[abstract]
    for hook in ("act", "legal_actions", "redeal", "validate", "why_not"):
        assert hook in str(caught.value)


def test_replace_makes_a_variant_and_refuses_unknown_names() -> None:
    variant = hg.GAME.replace(name="hands", agents={})
    assert (variant.name, dict(variant.agents)) == ("hands", {})
    assert variant != hg.GAME and variant.legal_actions is hg.legal_actions
    state = hg.new_game(seed=0)
    assert variant.apply(state, hg.legal_actions(state)[0]) == hg.apply(
        state, hg.legal_actions(state)[0]
    )
    with pytest.raises(AttributeError, match="no 'nothing'"):
        hg.GAME.replace(nothing=1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_seat_count_follows_the_config(seats: int) -> None:
    config = hg.Config(seats=seats)
    state = hg.new_game(config, seed=0)
    assert hg.GAME.seat_count(config) == hg.GAME.seat_count(state) == seats
    assert hg.GAME.seat_count(hg.view(state, 0)) == seats


def test_play_checks_the_number_of_agents() -> None:
    with pytest.raises(ValueError, match="this game has 3 seat"):
        play(hg.GAME, [RandomAgent(), RandomAgent()], seed=0, config=hg.Config(seats=3))
    with pytest.raises(ValueError, match="but 4 agent"):
        play(hg.GAME, [RandomAgent()] * 4, seed=0, config=hg.Config(seats=3))


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_play_is_reproducible_in_both_chance_modes(chance: str) -> None:
    config = hg.Config(seats=3, chance=chance)  # type: ignore[arg-type]
    agents = [RandomAgent[hg.Action]() for _ in range(3)]
    first = play(hg.GAME, agents, seed=4, config=config)
    assert play(hg.GAME, agents, seed=4, config=config) == first
    chance_moves = [a for a in first[1] if isinstance(a, hg.Deal)]
    assert bool(chance_moves) == (chance == "explicit")


def _strong_play(seats: int) -> hg.State:
    """A position where the seat to play holds a strong card and the seat before it a card."""
    config = hg.Config(seats=seats, size=12)
    state = hg.new_game(config, seed=0)
    hands = tuple((12, 1) if s == 1 else (2 + s, 8) for s in range(seats))
    return attrs.evolve(state, hands=tuple(tuple(sorted(h)) for h in hands), turn=1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_current_player_is_the_seat_that_must_answer_now(seats: int) -> None:
    state = hg.apply(_strong_play(seats), hg.Play(12))
    assert state.turn == 1  # still seat 1's turn ...
    assert hg.current_player(state) == 0  # ... but seat 0 must answer the block question
    decision = hg.decision(state)
    assert decision is not None and (decision.seat, decision.kind) == (0, "block?")
    assert hg.legal_actions(hg.view(state, 0)) == (hg.Block(), hg.Pass())
    after = hg.apply(state, hg.Block())
    assert hg.current_player(after) == 2 % seats and after.scores[1] == 0


def test_a_chance_decision_is_asked_of_the_chance_seat() -> None:
    state = hg.new_game(hg.Config(chance="explicit"), seed=0)
    decision = hg.decision(state)
    assert hg.current_player(state) == CHANCE
    assert decision is not None and (decision.seat, decision.kind) == (CHANCE, "chance")


@attrs.frozen
class Drew(PrivateEvent):
    card: str


@attrs.frozen
class Rolled(PublicEvent):
    value: int


def test_private_events_name_their_audience() -> None:
    event = Drew("troll", seen_by=[3, 1, 3])
    assert event.seen_by == (1, 3)
    step: Step[None, Any] = Step(None, (Rolled(4), event))
    assert step.events_for(1) == (Rolled(4), event)
    assert step.events_for(2) == (Rolled(4),)
    with pytest.raises(ValueError, match="player seats"):
        Drew("troll", seen_by=(CHANCE,))
    with pytest.raises(TypeError):
        Drew("troll")  # type: ignore[call-arg]


def test_outcome_scores_are_optional_and_per_seat() -> None:
    assert Outcome((0,), (1.0, 0.0)).scores is None
    assert Outcome((0,), (1.0, 0.0), scores=(3.0, 1.0)).scores == (3.0, 1.0)
    final, _ = play(hg.GAME, [RandomAgent(), RandomAgent()], seed=1)
    result = hg.outcome(final)
    assert result is not None and result.scores == tuple(float(s) for s in final.scores)


@attrs.frozen
class Loaded:
    """A stand-in game whose one chance decision has uneven odds."""

    name: str = "loaded"

    def chance_outcomes(self, state: Any) -> tuple[tuple[str, Fraction], ...]:
        return (("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3)))


def test_sample_chance_follows_the_exact_probabilities() -> None:
    game: Any = Loaded()
    counts = Counter(sample_chance(game, None, Rng.from_seed(seed))[0] for seed in range(6000))
    assert abs(counts["a"] - 1000) < 120 and abs(counts["b"] - 3000) < 150
    assert abs(counts["c"] - 2000) < 150


def test_sample_outcome_draws_as_sample_chance_does_and_refuses_odds_short_of_one() -> None:
    game: Any = Loaded()
    outcomes = game.chance_outcomes(None)
    for seed in range(50):
        assert sample_outcome(outcomes, Rng.from_seed(seed)) == sample_chance(
            game, None, Rng.from_seed(seed)
        )
    with pytest.raises(ValueError, match="the odds: probabilities sum to less than 1"):
        sample_outcome([("a", Fraction(1, 3))] * 2, Rng.from_seed(1), what="the odds")


def test_sample_chance_outside_a_chance_decision() -> None:
    with pytest.raises(ValueError, match="not at a chance decision"):
        sample_chance(hg.GAME, hg.new_game(seed=0), Rng.from_seed(0))
