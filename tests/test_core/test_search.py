"""The generic information-set Monte Carlo tree search agent (``tabletop_rules.ISMCTSAgent``):
what it may read, reproducibility, chance and many seats, its budget, and that it plays better
than chance. Budgets are small: strength is measured by scripts, not here."""

from __future__ import annotations

import math
from typing import Any

import pytest

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import Game, ISMCTSAgent, RandomAgent, Rng, agents_of, play, simulate

from . import handgame as hg

GAMES: list[tuple[Game[Any, Any], Any]] = [
    (gg.GAME, gg.Config()),
    (gh.GAME, gh.Config(heroes=("bjorn", "alva"))),
    (km.GAME, km.Config(guilds=("feudal_pact", "pathfinders"))),
    (hg.GAME, hg.Config(seats=3)),
]


def positions(game: Game[Any, Any], config: Any, seed: int, count: int) -> list[Any]:
    """``count`` states of a random game where the seat to act has a real choice."""
    state = game.new_game(config, seed=seed)
    rng = Rng.from_seed(seed)
    found: list[Any] = []
    while not game.is_over(state) and len(found) < count:
        actions = game.legal_actions(state)
        if len(actions) > 1 and game.current_player(state) not in (None, -1):
            found.append(state)
        index, rng = rng.below(len(actions))
        state = game.apply(state, actions[index])
    return found


def seat_of(game: Game[Any, Any], state: Any) -> int:
    seat = game.current_player(state)
    assert seat is not None
    return seat


@pytest.mark.parametrize(("game", "config"), GAMES, ids=lambda g: getattr(g, "name", ""))
def test_its_choice_is_unchanged_when_hidden_information_is_redealt(
    game: Game[Any, Any], config: Any
) -> None:
    agent = ISMCTSAgent(game, simulations=6)
    for state in positions(game, config, seed=4, count=3):
        seat = seat_of(game, state)
        view = game.view(state, seat)
        for seed in (1, 2):
            other = game.redeal(view, seed)
            assert game.digest(other) != game.digest(state) or game.name == "kinmarr"
            again = game.view(other, seat)
            assert again == view
            legal = game.legal_actions(again)
            assert legal == game.legal_actions(view)
            rng = Rng.from_seed(9)
            assert agent.choose(again, legal, rng) == agent.choose(view, legal, rng)


@pytest.mark.parametrize(("game", "config"), GAMES, ids=lambda g: getattr(g, "name", ""))
def test_the_same_seed_plays_the_same_moves(game: Game[Any, Any], config: Any) -> None:
    state = positions(game, config, seed=6, count=1)[0]
    view = game.view(state, seat_of(game, state))
    legal = game.legal_actions(view)
    agent = ISMCTSAgent(game, simulations=8)
    first = agent.choose(view, legal, Rng.from_seed(3))
    assert first == agent.choose(view, legal, Rng.from_seed(3))
    assert first[0] in legal


def test_one_legal_action_is_answered_without_searching() -> None:
    rng = Rng.from_seed(1)
    only = gg.Place("g1", 0, 0)
    assert ISMCTSAgent(gg.GAME).choose(None, [only], rng) == (only, rng)


@pytest.mark.parametrize("config", hg.CONFIGS, ids=str)
def test_it_plays_whole_games_with_many_seats_and_explicit_chance(config: hg.Config) -> None:
    agents = [ISMCTSAgent(hg.GAME, simulations=4) for _ in range(config.seats)]
    state, actions = play(hg.GAME, agents, seed=2, config=config)
    assert hg.GAME.is_over(state) and actions


@pytest.mark.parametrize(
    ("game", "config"),
    [
        (gh.GAME, gh.Config(heroes=("bjorn",), chance="explicit")),
        (km.GAME, km.Config(guilds=("feudal_pact", "pathfinders"), chance="explicit")),
    ],
    ids=("grimheim", "kinmarr"),
)
def test_it_searches_through_explicit_chance(game: Game[Any, Any], config: Any) -> None:
    for state in positions(game, config, seed=3, count=2):
        view = game.view(state, seat_of(game, state))
        legal = game.legal_actions(view)
        action, _ = ISMCTSAgent(game, simulations=5).choose(view, legal, Rng.from_seed(1))
        assert action in legal


def test_it_beats_chance_at_high_cards() -> None:
    # Random against random wins 40 of these 80 games; the search, from either seat, wins more.
    won = 0.0
    for seed in range(40):
        for seat in (0, 1):
            agents: list[Any] = [RandomAgent(), RandomAgent()]
            agents[seat] = ISMCTSAgent(hg.GAME, simulations=30)
            state, _ = play(hg.GAME, agents, seed=seed)
            outcome = hg.GAME.outcome(state)
            assert outcome is not None
            won += outcome.returns[seat]
    assert won >= 48


def test_a_rollout_cut_short_is_scored_by_evaluate() -> None:
    seen: list[Any] = []

    def evaluate(state: Any) -> tuple[float, ...]:
        seen.append(state)
        return (0.5,) * hg.seat_count(state)

    agent = ISMCTSAgent(hg.GAME, simulations=5, rollout_depth=1, evaluate=evaluate)
    state = positions(hg.GAME, hg.Config(), seed=1, count=1)[0]
    view = hg.GAME.view(state, seat_of(hg.GAME, state))
    agent.choose(view, hg.GAME.legal_actions(view), Rng.from_seed(1))
    assert seen and all(not hg.GAME.is_over(s) for s in seen)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"simulations": 0}, "simulations"),
        ({"simulations": 2.5}, "simulations"),
        ({"simulations": True}, "simulations"),
        ({"rollout_depth": 0, "evaluate": lambda s: (0.0,)}, "rollout_depth"),
        ({"exploration": -1.0}, "exploration"),
        ({"exploration": math.inf}, "exploration"),
        ({"exploration": "high"}, "exploration"),
        ({"rollout_depth": 5}, "evaluate"),
    ],
)
def test_a_wrong_budget_is_refused(options: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        ISMCTSAgent(gg.GAME, **options)


def test_every_game_lists_it_as_ismcts() -> None:
    for game in (gg.GAME, gh.GAME, km.GAME, hg.GAME):
        agent = agents_of(game)["ismcts"]()
        assert isinstance(agent, ISMCTSAgent) and agent.game is game


def test_simulate_plays_it_by_name() -> None:
    result = simulate("goblinguard", games=1, agents="ismcts", seed=3)
    assert result.agents == ("ismcts",) and len(result.results) == 1
