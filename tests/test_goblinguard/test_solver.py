"""The solver for a known draw order: lines that win, proofs that none exists, budgets, hints."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import goblinguard as gg
import tabletop_rules
from goblinguard._agents.lookahead import Node
from goblinguard._agents.solver import _hopeless, _winning_last
from tabletop_rules import PositionTypeError, RandomAgent, Rng

from .positions import deck_game, places, play

IDS = [card.id for card in gg.standard_deck()]


def order_game(seed: int) -> gg.State:
    """Order ``seed`` of ``scripts/goblinguard_solve.py``: the standard deck's ids shuffled by
    ``Rng.from_seed(seed)``, fixed with ``Config(order=...)``."""
    order, _ = Rng.from_seed(seed).shuffle(IDS)
    return gg.new_game(gg.Config(order=order), seed=0)


def replay_line(state: gg.State, line: tuple[gg.Place, ...]) -> gg.State:
    for action in line:
        state = gg.apply(state, action)
    return state


def unwinnable() -> gg.State:
    """Three goblin cards whose goblins can never all be defeated (checked by brute force)."""
    return deck_game(("a", "GX/HH"), ("b", "GH/XH"), ("c", "GH/HX"))


def brute_force_wins(state: gg.State) -> bool:
    """Whether any sequence of legal placements wins: every one tried, no pruning."""
    if gg.is_over(state):
        result = gg.outcome(state)
        return result is not None and result.won
    return any(brute_force_wins(gg.apply(state, action)) for action in places(state))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_line_is_found_for_random_orders_and_replays_to_a_win(seed: int) -> None:
    state = order_game(seed)
    solution = gg.solve(state)
    assert solution.line is not None and solution.proven and solution.winnable
    assert len(solution.line) == 20
    assert 0 < solution.nodes <= 1_000_000
    result = gg.outcome(replay_line(state, solution.line))
    assert result is not None and result.won


def test_the_order_of_the_script_is_the_deal_of_new_game() -> None:
    assert order_game(7).deck == gg.new_game(seed=7).deck
    assert order_game(7).hand == gg.new_game(seed=7).hand


def test_a_shuffled_game_is_solved_from_its_own_pile() -> None:
    _, actions = tabletop_rules.play(gg.GAME, [gg.GreedyAgent()], seed=4)
    state = gg.new_game(seed=4)
    for action in actions[:6]:
        state = gg.apply(state, action)
    solution = gg.solve(state)
    assert solution.line is not None and len(solution.line) == 14
    result = gg.outcome(replay_line(state, solution.line))
    assert result is not None and result.won


def test_solving_is_reproducible() -> None:
    state = order_game(2)
    assert gg.solve(state) == gg.solve(state)
    assert gg.solve(state, budget=500) == gg.solve(state, budget=500)


def test_hint_is_the_first_move_of_a_winning_line() -> None:
    state = order_game(3)
    move = gg.hint(state)
    solution = gg.solve(state)
    assert solution.line is not None
    assert move == solution.line[0]
    assert gg.is_legal(state, move) is None
    after = gg.solve(gg.apply(state, move))
    assert after.winnable is True


def test_an_unwinnable_deck_is_proven_so() -> None:
    state = unwinnable()
    assert not brute_force_wins(state)  # the ground truth, by trying everything
    solution = gg.solve(state)
    assert solution == gg.Solution(None, True, solution.nodes)
    assert solution.winnable is False
    assert gg.hint(state) is None


def test_a_small_winnable_deck_is_solved_as_brute_force_says() -> None:
    state = deck_game(("a", "GX/HH"), ("b", "XG/HH"), ("c", "HH/GX"))
    assert brute_force_wins(state)
    solution = gg.solve(state)
    assert solution.line is not None
    result = gg.outcome(replay_line(state, solution.line))
    assert result is not None and result.won


def test_too_few_guards_for_a_hobgoblin_is_proven_at_once() -> None:
    state = deck_game(("a", "GX/HH"), ("b", "GH/HO"), ("c", "HG/XH"))
    assert _hopeless(state)  # 3 guards in all, a hobgoblin needs a group of 4 (R6)
    solution = gg.solve(state)
    assert solution.winnable is False
    assert solution.nodes <= 3 * len(gg.legal_actions(state))  # the beams only look at the root


def test_a_spent_budget_is_reported_as_not_proven() -> None:
    for state in (order_game(5), unwinnable()):
        solution = gg.solve(state, budget=40)
        assert solution == gg.Solution(None, False, solution.nodes)
        assert solution.winnable is None
        assert solution.nodes <= 40
        assert gg.hint(state, budget=40) is None


def test_no_position_on_a_winning_line_is_called_hopeless() -> None:
    state = order_game(1)
    solution = gg.solve(state)
    assert solution.line is not None
    for action in solution.line:
        assert not _hopeless(state)
        state = gg.apply(state, action)


def test_positions_called_hopeless_are_lost_in_play() -> None:
    # The pruning is sound: a game that reaches a hopeless position never wins.
    flagged = 0
    agents: list[tabletop_rules.Agent[gg.Action]] = [gg.GreedyAgent(lookahead=0), RandomAgent()]
    for agent, seed in itertools.product(agents, range(1, 11)):
        final, actions = tabletop_rules.play(gg.GAME, [agent], seed=seed)
        result = gg.outcome(final)
        assert result is not None
        state = gg.new_game(seed=seed)
        for action in actions:
            if _hopeless(state):
                flagged += 1
                assert not result.won
            state = gg.apply(state, action)
    assert flagged > 0


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_winning_last_placements_are_exactly_those_that_win(seed: int) -> None:
    _, actions = tabletop_rules.play(gg.GAME, [gg.GreedyAgent(lookahead=0)], seed=seed)
    state = gg.new_game(seed=seed)
    for action in actions[:-1]:
        state = gg.apply(state, action)
    node = Node.of(state)
    legal = node.places()
    found = set(_winning_last(state, node, legal))
    truth = set()
    for action in legal:
        result = gg.outcome(gg.apply(state, action))
        assert result is not None
        if result.won:
            truth.add(action)
    assert found == truth


def tower_game() -> gg.State:
    """A goblin no guard can reach, and a Watchtower whose diagonal takes it once surrounded by
    seven all-house cards (R7, R10)."""
    fillers = tuple((f"f{i}", "HH/HH") for i in range(7))
    return deck_game(("g", "XH/HH"), *fillers, ("t", "WH/HG"))


TOWER_MOVES = ("+g@0,0", "+f0@0,2", "+f1@2,0", "+f2@4,0", "+f3@4,2", "+f4@4,4", "+f5@2,4")


def test_a_watchtower_that_wins_at_the_end_is_found() -> None:
    state = play(tower_game(), *TOWER_MOVES, "+f6@0,4")
    assert state.hand == ("t",)
    solution = gg.solve(state)
    assert solution.line == (gg.Place("t", 2, 2),)
    result = gg.outcome(replay_line(state, solution.line))
    assert result is not None and result.won and result.active == ("t",)


def test_a_goblin_a_watchtower_may_still_take_is_not_pruned() -> None:
    # Only the Watchtower has a guard: the goblin is saved by the tower or not at all.
    state = tower_game()
    for move in (*TOWER_MOVES, "+f6@0,4"):
        assert not _hopeless(state)
        state = play(state, move)
    assert not _hopeless(state)
    state = play(tower_game(), *TOWER_MOVES[:4])
    solution = gg.solve(state)
    assert solution.line is not None
    result = gg.outcome(replay_line(state, solution.line))
    assert result is not None and result.won


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"budget": 0}, ValueError, "budget is a whole number of at least 1, not 0"),
        ({"budget": True}, ValueError, "budget is a whole number"),
        ({"budget": 1.5}, ValueError, "budget is a whole number"),
        ({"width": 0}, ValueError, "width is a whole number of at least 1, not 0"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], error: type, text: str) -> None:
    for function in (gg.solve, gg.hint):
        with pytest.raises(error, match=text):
            function(order_game(1), **kwargs)


def test_a_view_is_refused_with_a_typed_error() -> None:
    view = gg.view(order_game(1))
    with pytest.raises(PositionTypeError, match="solve takes a State"):
        gg.solve(view)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hint takes a State"):
        gg.hint(view)  # type: ignore[arg-type]


def test_a_game_that_is_over_is_refused() -> None:
    state = order_game(1)
    solution = gg.solve(state)
    assert solution.line is not None
    with pytest.raises(ValueError, match="the game is over"):
        gg.solve(replay_line(state, solution.line))


def test_explicit_chance_is_refused() -> None:
    state = gg.new_game(gg.Config(chance="explicit"), seed=1)
    with pytest.raises(ValueError, match="explicit chance mode"):
        gg.solve(state)
