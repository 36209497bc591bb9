"""The search agent (:class:`kinmarr.SearchAgent`) and the static evaluation it scores positions
with: what it may read, reproducibility, whole games in both chance modes, its budget's checks.
Budgets are tiny: its strength is measured by ``scripts/kinmarr_agents.py``, not here."""

from __future__ import annotations

import math
from typing import Any

import pytest

import kinmarr
from kinmarr._agents.evaluate import evaluate, features
from tabletop_rules import Agent, Rng, play

TWO = ("feudal_pact", "pathfinders")


def small(**options: Any) -> kinmarr.SearchAgent:
    """A search agent with a tiny budget."""
    return kinmarr.SearchAgent(**{"simulations": 2, "depth": 6, **options})


def searched_positions(seed: int, count: int) -> list[kinmarr.State]:
    """``count`` states of a heuristic game where the seat to act has a searched decision."""
    state = kinmarr.new_game(kinmarr.Config(guilds=TWO), seed=seed)
    agent = kinmarr.HeuristicAgent()
    rng = Rng.from_seed(seed)
    found: list[kinmarr.State] = []
    while not kinmarr.is_over(state) and len(found) < count:
        seat = kinmarr.current_player(state)
        assert seat is not None and seat >= 0
        view = kinmarr.view(state, seat)
        legal = kinmarr.legal_actions(view)
        decision = kinmarr.decision(view)
        assert decision is not None
        if len(legal) > 1 and decision.kind in kinmarr.SearchAgent().searched:
            found.append(state)
        action, rng = agent.choose(view, legal, rng)
        state = kinmarr.apply(state, action)
    return found


def test_it_is_listed_as_search() -> None:
    agent = kinmarr.GAME.agents["search"]()
    assert isinstance(agent, kinmarr.SearchAgent)


def test_its_choice_is_unchanged_when_the_hidden_decks_are_redealt() -> None:
    agent = small()
    for state in searched_positions(seed=3, count=4):
        seat = kinmarr.current_player(state)
        assert seat is not None
        view = kinmarr.view(state, seat)
        legal = kinmarr.legal_actions(view)
        rng = Rng.from_seed(11)
        chosen = agent.choose(view, legal, rng)
        for seed in (1, 2):
            again = kinmarr.view(kinmarr.redeal(view, seed), seat)
            assert again == view
            assert agent.choose(again, kinmarr.legal_actions(again), rng) == chosen


def test_it_is_a_pure_function_of_view_actions_and_generator() -> None:
    agent = small()
    state = searched_positions(seed=5, count=1)[0]
    seat = kinmarr.current_player(state)
    assert seat is not None
    view = kinmarr.view(state, seat)
    legal = kinmarr.legal_actions(view)
    first = agent.choose(view, legal, Rng.from_seed(2))
    assert agent.choose(view, legal, Rng.from_seed(2)) == first
    assert first[0] in legal
    assert first[1] != Rng.from_seed(2)  # the generator moved on


def test_its_scores_are_chances_of_winning() -> None:
    agent = small()
    for state in searched_positions(seed=6, count=3):
        seat = kinmarr.current_player(state)
        assert seat is not None
        view = kinmarr.view(state, seat)
        legal = kinmarr.legal_actions(view)
        scores, _ = agent.scores(view, legal, Rng.from_seed(1))
        assert len(scores) == len(legal)
        assert all(0.0 <= s <= 1.0 for s in scores)


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_it_plays_whole_games_in_both_chance_modes(chance: str) -> None:
    config = kinmarr.Config(guilds=TWO, chance=chance, round_limit=4)  # type: ignore[arg-type]
    agents: list[Agent[kinmarr.Action]] = [small(), kinmarr.HeuristicAgent()]
    final, actions = play(kinmarr.GAME, agents, seed=4, config=config)
    assert kinmarr.is_over(final)
    replayed = kinmarr.new_game(config, seed=4)
    for action in actions:
        replayed = kinmarr.apply(replayed, action)
    assert replayed == final


def test_it_plays_whole_games_with_four_guilds() -> None:
    config = kinmarr.Config(round_limit=2)
    agents: list[Agent[kinmarr.Action]] = [small(simulations=1, depth=2)] * 2
    agents += [kinmarr.HeuristicAgent(), kinmarr.HeuristicAgent()]
    final, _ = play(kinmarr.GAME, agents, seed=1, config=config)
    assert kinmarr.is_over(final)


def test_its_look_ahead_stops_as_the_turns_begin() -> None:
    for state in searched_positions(seed=9, count=3):
        seat = kinmarr.current_player(state)
        assert seat is not None and state.turn == seat
        dealt = kinmarr.redeal(kinmarr.view(state, seat), 5)
        one = kinmarr.SearchAgent(turns=1, depth=500).look_ahead(dealt, Rng.from_seed(1))
        two = kinmarr.SearchAgent(turns=2, depth=500).look_ahead(dealt, Rng.from_seed(1))
        if not kinmarr.is_over(one):
            assert one.turn == 1 - seat
            assert (one.round, one.turn) == (state.round + seat, 1 - seat)
        if not kinmarr.is_over(two):
            assert (two.round, two.turn) == (state.round + 1, seat)


def test_its_look_ahead_stops_after_depth_decisions() -> None:
    state = searched_positions(seed=9, count=1)[0]
    assert kinmarr.SearchAgent(depth=0).look_ahead(state, Rng.from_seed(1)) == state
    after = kinmarr.SearchAgent(turns=0, depth=1).look_ahead(state, Rng.from_seed(1))
    assert after != state and after.turn == state.turn


def test_a_decision_not_searched_is_the_heuristics() -> None:
    agent = small(searched=frozenset())
    heuristic = kinmarr.HeuristicAgent()
    for state in searched_positions(seed=7, count=3):
        seat = kinmarr.current_player(state)
        assert seat is not None
        view = kinmarr.view(state, seat)
        legal = kinmarr.legal_actions(view)
        rng = Rng.from_seed(3)
        assert agent.choose(view, legal, rng) == heuristic.choose(view, legal, rng)


@pytest.mark.parametrize(
    "options",
    [
        {"simulations": 0},
        {"simulations": -1},
        {"simulations": 1.5},
        {"simulations": True},
        {"simulations": "8"},
        {"rounds": 0},
        {"rounds": None},
        {"turns": -1},
        {"turns": 1.0},
        {"depth": -1},
        {"depth": 2.0},
        {"confidence": -1.0},
        {"confidence": math.inf},
        {"margin": -0.1},
        {"margin": math.inf},
        {"margin": math.nan},
        {"margin": "0"},
        {"searched": frozenset({"chance"})},
        {"searched": {"choose"}},
        {"policy": "heuristic"},
    ],
    ids=repr,
)
def test_a_bad_budget_is_a_value_error(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r" is a "):
        kinmarr.SearchAgent(**options)


def test_the_evaluation_gives_each_seat_a_chance_of_winning() -> None:
    state = searched_positions(seed=8, count=1)[0]
    chances = evaluate(state)
    assert len(chances) == 2 and all(0.0 <= c <= 1.0 for c in chances)
    assert sum(chances) <= 1.0 + 1e-9
    assert len(features(state, 0)) == len(features(state, 1))
    view = kinmarr.view(state, 0)
    assert evaluate(view) == evaluate(kinmarr.redeal(view, 3)) == chances


def test_the_evaluation_of_a_finished_game_is_its_returns() -> None:
    config = kinmarr.Config(guilds=TWO, round_limit=2)
    agents: list[Agent[kinmarr.Action]] = [kinmarr.HeuristicAgent()] * 2
    final, _ = play(kinmarr.GAME, agents, seed=2, config=config)
    result = kinmarr.outcome(final)
    assert result is not None
    assert evaluate(final) == result.returns
