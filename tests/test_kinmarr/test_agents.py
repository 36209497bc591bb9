"""The heuristic agent: better than random, deterministic for a given generator, view-only."""

from __future__ import annotations

import kinmarr
from tabletop_rules import Agent, RandomAgent, Rng, play


def test_the_heuristic_agent_beats_random_agents() -> None:
    wins = 0
    games = 16
    for seed in range(games):
        agents: list[Agent[kinmarr.Action]] = [
            kinmarr.HeuristicAgent(),
            RandomAgent(),
            RandomAgent(),
        ]
        seat = seed % 3
        agents[0], agents[seat] = agents[seat], agents[0]
        final, _ = play(kinmarr.GAME, agents, seed=seed, config=kinmarr.Config(
            guilds=kinmarr.DEFAULT_GUILDS[:3]))  # fmt: skip
        result = kinmarr.outcome(final)
        assert result is not None
        wins += seat in result.winners
    assert wins >= games * 0.6  # a third would be chance


def test_the_heuristic_agent_is_deterministic_for_a_given_generator() -> None:
    state = kinmarr.new_game(seed=5)
    for _ in range(40):
        state = kinmarr.apply(state, kinmarr.legal_actions(state)[-1])
    seat = kinmarr.current_player(state)
    assert seat is not None and seat >= 0
    view = kinmarr.view(state, seat)
    agent = kinmarr.HeuristicAgent()
    first = agent.choose(view, kinmarr.legal_actions(view), Rng.from_seed(1))
    assert agent.choose(view, kinmarr.legal_actions(view), Rng.from_seed(1)) == first
    assert kinmarr.is_legal(state, first[0]) is None


def test_the_heuristic_agent_never_reads_the_order_of_the_decks() -> None:
    state = kinmarr.new_game(seed=8)
    for _ in range(25):
        state = kinmarr.apply(state, kinmarr.legal_actions(state)[0])
        seat = kinmarr.current_player(state)
        assert seat is not None and seat >= 0
        other = kinmarr.redeal(kinmarr.view(state, seat), seed=99)
        agent = kinmarr.HeuristicAgent()
        legal = kinmarr.legal_actions(state)
        rng = Rng.from_seed(4)
        assert agent.choose(kinmarr.view(state, seat), legal, rng) == agent.choose(
            kinmarr.view(other, seat), legal, rng
        )


def test_the_heuristic_agent_avoids_fights_that_would_kill_it() -> None:
    from tests.test_kinmarr.positions import act, at, start

    state = at(start(("pathfinders", "feudal_pact")), 0, kinmarr.Tile("inner", 1), wounds=3)
    state = act(state, "travel", "1", "ogre", "healing-spring-1", "rat-swarm-1")
    view = kinmarr.view(state, 0)
    choice, _ = kinmarr.HeuristicAgent().choose(view, kinmarr.legal_actions(view), Rng.from_seed(0))
    assert choice == kinmarr.Choose("healing-spring-1")
