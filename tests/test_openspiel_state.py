"""OpenSpiel states of :mod:`tabletop_rules.openspiel`: games of any length pickle, deep-copy and
serialise; ``resample_from_infostate`` keeps a seat's information state, so OpenSpiel's
information-set MCTS plays whole games; :func:`~tabletop_rules.openspiel.spiel_state` turns a
game's own state into an OpenSpiel one; and the state's operations ask the game once per
position.

Needs OpenSpiel; skips without it unless ``TABLETOP_REQUIRE_OPENSPIEL`` is set.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
import tests.test_core.handgame as hg
from tests.contract.adapters import play_out

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import CHANCE, Game, Rng, openspiel


def _same(first: Any, second: Any) -> None:
    """Two states of the same game that are the same position reached the same way."""
    assert second.history() == first.history()
    assert openspiel.tabletop_state(second) == openspiel.tabletop_state(first)
    assert second.node == first.node
    assert str(second) == str(first)
    assert second.current_player() == first.current_player()
    assert second.legal_actions() == first.legal_actions()
    for seat in range(first.get_game().num_players()):
        assert second.observation_string(seat) == first.observation_string(seat)
        assert second.information_state_string(seat) == first.information_state_string(seat)


# A 2-guild game of kinmarr of 1,989 actions (1,317 decisions, 672 chance outcomes) with the
# uniform draws of play_out; the longest of the first 60 seeds.
LONG_SEED = 50


def test_a_game_of_over_a_thousand_moves_pickles_copies_and_serialises(
    pyspiel: ModuleType,
) -> None:
    """Nothing walks the chain of positions by recursion: a game of 1,100 actions (more than
    three times what once raised ``RecursionError``) round-trips through pickle, OpenSpiel's
    serialisation and ``copy.deepcopy``, as the same history, state and information states."""
    game = pyspiel.load_game("tabletop_kinmarr", {"players": 2})
    state = play_out(game.new_initial_state(), Rng.from_seed(LONG_SEED), actions=1100)
    assert len(state.history()) == 1100 and not state.is_terminal()

    again = pickle.loads(pickle.dumps(state))
    _same(state, again)
    unpickled_game, with_game = pickle.loads(pickle.dumps((game, state)))
    assert str(unpickled_game) == str(game)
    _same(state, with_game)

    text = pyspiel.serialize_game_and_state(game, state)
    read_game, read = pyspiel.deserialize_game_and_state(text)
    assert str(read_game) == str(game)
    _same(state, read)

    copied = copy.deepcopy(state)
    _same(state, copied)
    assert copy.deepcopy(game) is game  # a game is immutable
    copied.apply_action(copied.legal_actions()[0])  # a deep copy is a state of its own
    assert len(copied.history()) == 1101 and len(state.history()) == 1100

    # The whole game, to the end, and a clone of it.
    done = play_out(state, Rng.from_seed(1))
    assert done.is_terminal() and len(done.history()) > 1100
    _same(done, pickle.loads(pickle.dumps(done)))
    _same(done, done.clone())
    assert repr(done.node).startswith("<kinmarr position after")


def test_equal_nodes_are_the_same_path_to_the_same_state(pyspiel: ModuleType) -> None:
    game = pyspiel.load_game("tabletop_kinmarr", {"players": 2})
    first = play_out(game.new_initial_state(), Rng.from_seed(2), actions=40)
    second = play_out(game.new_initial_state(), Rng.from_seed(2), actions=40)
    assert first.node == second.node and first.node is not second.node
    other = play_out(game.new_initial_state(), Rng.from_seed(3), actions=40)
    assert first.node != other.node
    assert first.node != first.node.parent
    rooted = openspiel.spiel_state(game, openspiel.tabletop_state(first))
    assert rooted.node != first.node  # the same state reached another way


def _sampler(seed: int) -> Callable[[], float]:
    return random.Random(seed).random


# game name, parameters, and how many actions to play before resampling
RESAMPLED = [
    pytest.param("tabletop_grimheim", {"players": 2}, 40, id="grimheim-2"),
    pytest.param("tabletop_kinmarr", {"players": 3}, 60, id="kinmarr-3"),
]


@pytest.mark.parametrize(("name", "params", "actions"), RESAMPLED)
def test_a_resampled_state_keeps_the_seats_information_state(
    pyspiel: ModuleType, name: str, params: dict[str, Any], actions: int
) -> None:
    game = pyspiel.load_game(name, params)
    state = play_out(game.new_initial_state(), Rng.from_seed(4), actions)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    inner = openspiel.tabletop_state(state)
    engine = openspiel._REGISTERED[name].game
    for seat in range(game.num_players()):
        sample = _sampler(seat)
        for _ in range(3):
            other = state.resample_from_infostate(seat, sample)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert engine.view(openspiel.tabletop_state(other), seat) == engine.view(inner, seat)
            assert other.current_player() == state.current_player()
            if seat == state.current_player():
                assert other.legal_actions() == state.legal_actions()
            assert other.history() == []  # no known sequence of actions leads to it
            assert other.get_game() == game
            # It plays on, copies and pickles like any other state.
            _same(other, pickle.loads(pickle.dumps(other)))
            lines = int(other.information_state_string(seat).split()[2])
            play_out(other, Rng.from_seed(seat), actions=30)
            assert int(other.information_state_string(seat).split()[2]) >= lines


def test_resampling_deals_the_hidden_cards_afresh(pyspiel: ModuleType) -> None:
    """Grimheim hides each hero's hand from the others: resampling for seat 0 deals seat 1's
    hand from what it may hold, and keeps seat 0's."""
    game = pyspiel.load_game("tabletop_grimheim", {"players": 2})
    state = game.new_initial_state()
    for n in range(200):
        if not state.is_chance_node() and openspiel.tabletop_state(state).heroes[1].hand:
            break
        play_out(state, Rng.from_seed(n), actions=1)
    true = openspiel.tabletop_state(state)
    assert true.heroes[1].hand and not state.is_terminal()
    hands = Counter(
        openspiel.tabletop_state(state.resample_from_infostate(0, _sampler(n))).heroes[1].hand
        for n in range(12)
    )
    assert len(hands) > 1  # different deals
    for n in range(3):
        other = openspiel.tabletop_state(state.resample_from_infostate(0, _sampler(n)))
        assert other.heroes[0].hand == true.heroes[0].hand


def test_resampling_refuses_bad_arguments(pyspiel: ModuleType) -> None:
    state = pyspiel.load_game("tabletop_kinmarr", {"players": 2}).new_initial_state()
    with pytest.raises(ValueError, match="player_id must be a seat from 0 to 1, not 2"):
        state.resample_from_infostate(2, _sampler(0))
    with pytest.raises(ValueError, match=r"probability_sampler must give a float in \[0, 1\)"):
        state.resample_from_infostate(0, lambda: 1.5)


def _ismcts_game(
    pyspiel: ModuleType, name: str, params: dict[str, Any], simulations: int
) -> tuple[Any, int]:
    """A whole game of OpenSpiel's information-set MCTS (random rollouts) for every seat, its
    resamples drawn from a seeded sampler; the final state and the number of resamples."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name, params)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=np.random.RandomState(0))
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    resamples = 0

    def resample(state: Any, player: int) -> Any:
        nonlocal resamples
        resamples += 1
        return state.resample_from_infostate(player, sampler)

    bot.set_resampler(resample)
    chance = np.random.RandomState(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(bot.step(state)))
    return state, resamples


def test_ismcts_plays_a_whole_game_of_grimheim(pyspiel: ModuleType) -> None:
    """One hero, 10 simulations a decision. ISMCTS asserts at every simulation that the
    resampled state has the information state of the seat to act."""
    state, resamples = _ismcts_game(pyspiel, "tabletop_grimheim", {"players": 1}, 10)
    assert state.is_terminal() and resamples >= 10
    outcome = gh.outcome(openspiel.tabletop_state(state))
    assert outcome is not None and state.returns() == list(outcome.returns)


def test_ismcts_plays_a_whole_game_of_kinmarr(pyspiel: ModuleType) -> None:
    """Two guilds, 5 simulations a decision."""
    state, resamples = _ismcts_game(pyspiel, "tabletop_kinmarr", {"players": 2}, 5)
    assert state.is_terminal() and resamples >= 5
    outcome = km.outcome(openspiel.tabletop_state(state))
    assert outcome is not None and state.returns() == list(outcome.returns)


def test_spiel_state_turns_a_games_state_into_an_openspiel_state(pyspiel: ModuleType) -> None:
    config = km.Config(guilds=("feudal_pact", "pathfinders"), chance="explicit")
    position = km.new_game(config, seed=0)
    rng = Rng.from_seed(5)
    for _ in range(50):  # the game's own moves, outside OpenSpiel
        action, rng = rng.choice(km.legal_actions(position))
        position = km.apply(position, action)
    game = pyspiel.load_game("tabletop_kinmarr(guilds=feudal_pact+pathfinders)")
    state = openspiel.spiel_state(game, position)
    assert openspiel.tabletop_state(state) is position
    assert state.history() == [] and state.move_number() == 0
    assert state.get_game() == game
    space = km.action_space(config)
    assert state.legal_actions() == sorted(space.indices(km.legal_actions(position)))
    seat = km.current_player(position)
    assert seat is not None
    assert state.current_player() == (int(pyspiel.PlayerId.CHANCE) if seat == CHANCE else seat)
    for s in (0, 1):
        first, now = state.information_state_string(s).split("\n", 1)
        assert first.startswith("history of 1 lines, sha256 ")
        assert now == km.dumps(km.view(position, s))
    _same(state, pickle.loads(pickle.dumps(state)))
    _same(state, state.clone())
    done = play_out(state, Rng.from_seed(6))
    assert done.is_terminal() and len(done.history()) > 0
    # The same position through OpenSpiel: the same states from then on.
    through = play_out(openspiel.spiel_state(game, position), Rng.from_seed(6))
    assert openspiel.tabletop_state(through) == openspiel.tabletop_state(done)


def test_spiel_state_refuses_what_it_cannot_play(pyspiel: ModuleType) -> None:
    game = pyspiel.load_game("tabletop_kinmarr", {"players": 2})
    sampled = km.new_game(km.Config(guilds=km.DEFAULT_GUILDS[:2]), seed=0)
    with pytest.raises(ValueError, match="explicit chance mode"):
        openspiel.spiel_state(game, sampled)
    other = km.new_game(km.Config(chance="explicit"), seed=0)  # four guilds
    with pytest.raises(ValueError, match="config is not the config"):
        openspiel.spiel_state(game, other)
    with pytest.raises(TypeError, match="must be a kinmarr state"):
        openspiel.spiel_state(game, gg.new_game(gg.Config(chance="explicit"), seed=0))
    with pytest.raises(TypeError, match="not a tabletop-rules OpenSpiel game"):
        openspiel.spiel_state(pyspiel.load_game("kuhn_poker"), sampled)


def _counting(game: Game[Any, Any], calls: Counter[str]) -> Game[Any, Any]:
    """``game`` with each call of the functions OpenSpiel's state operations use counted."""

    def counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            calls[name] += 1
            return function(*args)

        return call

    names = ("legal_actions", "current_player", "is_over", "chance_outcomes", "apply", "view")
    changes: dict[str, Any] = {n: counted(n, getattr(game, n)) for n in names}
    return game.replace(**changes)


def test_state_operations_ask_the_game_once_per_position(pyspiel: ModuleType) -> None:
    """Whose turn it is, the end, the legal actions and the chance outcomes are computed once
    per position, and clones share them; applying an action applies it once; each seat's view
    of a position is made once."""
    calls: Counter[str] = Counter()
    hand = hg.GAME.replace(observation=None, observation_shape=None)
    spiel = openspiel.load(_counting(hand, calls), hg.Config(seats=2, size=8))
    space = hg.action_space(hg.Config(seats=2, size=8))
    state = spiel.new_initial_state()
    for card in (1, 8, 2):
        state.apply_action(space.index(hg.Deal(card)))
    calls.clear()
    for _ in range(5):  # a chance node: OpenSpiel's legal actions are the chance outcomes
        assert not state.is_terminal() and state.is_chance_node()
        state.current_player()
        state.legal_actions()
        state.chance_outcomes()
        state.clone().chance_outcomes()
    assert calls == {"is_over": 1, "current_player": 1, "chance_outcomes": 1}
    calls.clear()
    state.apply_action(state.legal_actions()[0])
    assert calls["apply"] == 1
    calls.clear()
    for _ in range(5):  # a seat's decision
        assert not state.is_terminal() and not state.is_chance_node()
        state.current_player()
        state.legal_actions()
        state.legal_actions_mask()
        clone = state.clone()
        clone.legal_actions()
        clone.current_player()
    assert calls == {"is_over": 1, "current_player": 1, "legal_actions": 1}
    for seat in (0, 1):
        for _ in range(3):
            state.observation_string(seat)
            state.information_state_string(seat)
    # Each seat's information state reads its view of every position from the start, once.
    assert calls["view"] == 2 * (len(state.history()) + 1)


def test_what_a_state_returns_is_the_callers_to_change(pyspiel: ModuleType) -> None:
    """OpenSpiel's MCTS shuffles the chance outcomes it is given: the cache stays as it was."""
    state = pyspiel.load_game("tabletop_kinmarr", {"players": 2}).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    outcomes.reverse()
    outcomes.append((-1, 0.0))
    assert state.chance_outcomes() == sorted(outcomes[:-1])
    returns = state.returns()
    returns[0] = 5.0
    assert state.returns() == [0.0, 0.0]
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state._legal_actions(state.current_player())
    legal.clear()
    assert state.legal_actions() != []
