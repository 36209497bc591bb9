"""The greedy agent: better than random, deterministic for a given generator, view-only."""

from __future__ import annotations

import goblinguard as gg
import tabletop_rules
from tabletop_rules import Rng

SEEDS = range(5)


def mean_defeated(name: str) -> float:
    agent = gg.GAME.agents[name]()
    total = 0
    for seed in SEEDS:
        final, _ = tabletop_rules.play(gg.GAME, [agent], seed=seed)
        result = gg.outcome(final)
        assert result is not None
        total += result.defeated
    return total / len(SEEDS)


def test_greedy_beats_random_on_mean_defeated() -> None:
    greedy, random = mean_defeated("greedy"), mean_defeated("random")
    assert greedy > random + 8  # about 15.9 against 1.8 of 16


def test_greedy_is_deterministic_for_a_given_rng() -> None:
    state = gg.new_game(seed=3)
    for _ in range(6):
        state = gg.apply(state, gg.legal_actions(state)[0])
    view = gg.view(state)
    legal = gg.legal_actions(view)
    agent = gg.GreedyAgent()
    first = agent.choose(view, legal, Rng.from_seed(42))
    assert agent.choose(view, legal, Rng.from_seed(42)) == first
    assert gg.is_legal(state, first[0]) is None


def test_greedy_never_reads_the_draw_order() -> None:
    # Two games with the same visible position but different hidden decks get the same choice.
    state = gg.new_game(seed=8)
    for _ in range(4):
        state = gg.apply(state, gg.legal_actions(state)[-1])
    other = gg.redeal(gg.view(state), seed=1234)
    assert other.deck != state.deck
    agent = gg.GreedyAgent()
    rng = Rng.from_seed(5)
    legal = gg.legal_actions(state)
    assert agent.choose(gg.view(state), legal, rng) == agent.choose(gg.view(other), legal, rng)


def test_evaluate_reads_only_what_a_view_shows() -> None:
    state = gg.new_game(seed=2)
    for _ in range(5):
        state = gg.apply(state, gg.legal_actions(state)[0])
    assert gg.evaluate(state) == gg.evaluate(gg.view(state))
    placed = {p.card for p in state.placed}
    goblin = next(c.id for c in state.config.deck if "X" in c.cells and c.id not in placed)
    assert gg.evaluate(state, hand=(goblin,)) > gg.evaluate(state, hand=())  # the hand is valued
