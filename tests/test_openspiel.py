"""The games inside OpenSpiel (:mod:`tabletop_rules.openspiel`): OpenSpiel's own random-simulation
check on every game, its MCTS bot against the random agent at goblinguard, and the value of a tiny
game computed by OpenSpiel against the value computed by hand.

Needs OpenSpiel (``pip install -e '.[openspiel]'``); without it these tests skip, unless
``TABLETOP_REQUIRE_OPENSPIEL`` is set (``scripts/check`` sets it), and then they fail: CI never
skips them silently. The test that the module imports without OpenSpiel runs either way.
"""

from __future__ import annotations

import inspect
import itertools
import json
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest
import tests.test_core.handgame as hg
from tests.contract.adapters import play_out, random_step, run_python

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import CHANCE, Game, Rng, flatten, openspiel

ROOT = Path(__file__).resolve().parent.parent


# The core's test fixture with its action space and no observation: a third-party game as far as
# the module can tell, and one without tensors.
HAND: Game[hg.State, hg.Action] = hg.GAME.replace(observation=None, observation_shape=None)
HAND_CONFIG = hg.Config(seats=2, size=8)  # the smallest config: 2 seats, cards 1 to 8


def test_the_module_imports_without_openspiel_and_says_how_to_install() -> None:
    """Importing never needs OpenSpiel; using it without OpenSpiel names the extra."""
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"  # as if it were not installed
        "import goblinguard\n"
        "from tabletop_rules import openspiel\n"
        "assert 'pyspiel' not in sys.modules or sys.modules['pyspiel'] is None\n"
        "try:\n"
        "    openspiel.load(goblinguard.GAME)\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    found = run_python("-c", code, env={"PYTHONPATH": str(ROOT / "src")})
    assert found.returncode == 0, found.stderr
    assert "tabletop-rules[openspiel]" in found.stdout, found.stdout + found.stderr


def test_the_public_face() -> None:
    """A sorted ``__all__`` of documented names; the core does not import the module."""
    names = openspiel.__all__
    assert names == sorted(names) and len(set(names)) == len(names)
    for name in names:
        obj = getattr(openspiel, name)
        if inspect.isfunction(obj):
            assert (obj.__doc__ or "").strip(), name
            assert obj.__module__ == "tabletop_rules.openspiel", name
    source = (ROOT / "src" / "tabletop_rules" / "__init__.py").read_text(encoding="utf-8")
    assert "openspiel" not in source


# game, config, options, simulations: every game in a few configs, with what to declare.
SIMULATED = [
    pytest.param(gg.GAME, None, {}, 2, id="goblinguard"),
    pytest.param(
        gh.GAME, gh.Config(heroes=("bjorn",)), {"utility": "identical"}, 3, id="grimheim-1"
    ),
    pytest.param(
        gh.GAME, gh.Config(heroes=("bjorn", "alva")), {"utility": "identical"}, 3, id="grimheim-2"
    ),
    pytest.param(km.GAME, km.Config(guilds=("feudal_pact", "pathfinders")), {}, 3, id="kinmarr-2"),
    pytest.param(HAND, HAND_CONFIG, {}, 5, id="handgame"),
]


@pytest.mark.parametrize(("game", "config", "options", "sims"), SIMULATED)
def test_openspiels_random_simulation_check(
    pyspiel: ModuleType, game: Game[Any, Any], config: Any, options: dict[str, Any], sims: int
) -> None:
    """OpenSpiel's own check: legal actions sorted and empty for the other seats, the legal
    action mask, clones, chance outcomes, tensor sizes, the utility range and length bound."""
    spiel = openspiel.load(game, config, **options)
    pyspiel.random_sim_test(spiel, num_sims=sims, serialize=False, verbose=False)


def test_registered_games_serialise_and_take_other_configs(pyspiel: ModuleType) -> None:
    config = km.Config(guilds=("feudal_pact", "pathfinders"))
    name = openspiel.register(km.GAME, config=config, name="tabletop_kinmarr_test")
    assert openspiel.register(km.GAME, config=config, name=name) == name  # the same: no-op
    with pytest.raises(ValueError, match="already registered"):
        openspiel.register(km.GAME, name=name)  # another config under the same name
    with pytest.raises(ValueError, match="already the name of an OpenSpiel game"):
        openspiel.register(km.GAME, name="kuhn_poker")
    with pytest.raises(ValueError, match="letters, digits and underscores"):
        openspiel.register(km.GAME, name="kinmarr(2)")
    spiel = pyspiel.load_game(name)
    assert spiel.num_players() == 2
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=True, verbose=False)

    state = play_out(spiel.new_initial_state(), Rng.from_seed(3))
    text = pyspiel.serialize_game_and_state(spiel, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history() and again.returns() == state.returns()
    assert openspiel.tabletop_state(again) == openspiel.tabletop_state(state)

    four = pyspiel.load_game(name, {"config": openspiel.config_parameter(km.GAME, km.Config())})
    assert four.num_players() == 4
    assert four.num_distinct_actions() == km.action_space(km.Config()).size


def test_types_and_sizes_follow_the_game(pyspiel: ModuleType) -> None:
    kinds = pyspiel.GameType
    solo = openspiel.load(gg.GAME)
    coop = openspiel.load(gh.GAME, gh.Config(heroes=("bjorn", "alva")), utility="identical")
    rivals = openspiel.load(km.GAME, km.Config(guilds=("feudal_pact", "pathfinders")))
    hand = openspiel.load(HAND, HAND_CONFIG)
    assert [g.get_type().utility for g in (solo, coop, rivals, hand)] == [
        kinds.Utility.GENERAL_SUM,
        kinds.Utility.IDENTICAL,
        kinds.Utility.GENERAL_SUM,
        kinds.Utility.GENERAL_SUM,
    ]
    cases: list[tuple[Any, Game[Any, Any], Any]] = [
        (solo, gg.GAME, gg.Config()),
        (coop, gh.GAME, gh.Config(heroes=("bjorn", "alva"))),
        (rivals, km.GAME, km.Config(guilds=("feudal_pact", "pathfinders"))),
    ]
    for spiel, game, config in cases:
        assert game.action_space is not None and game.observation_shape is not None
        kind = spiel.get_type()
        assert kind.chance_mode == kinds.ChanceMode.EXPLICIT_STOCHASTIC
        assert (kind.min_num_players, kind.max_num_players) == game.seats
        assert spiel.num_players() == game.seat_count(config)
        size = game.action_space(config).size
        assert spiel.num_distinct_actions() == spiel.max_chance_outcomes() == size
        shape = list(game.observation_shape(config))
        assert spiel.observation_tensor_shape() == shape
        assert not kind.provides_information_state_tensor, "a fixed tensor has no history"
        assert (spiel.min_utility(), spiel.max_utility()) == (0.0, 1.0)
    assert not hand.get_type().provides_observation_tensor
    assert hand.get_type().provides_information_state_string


def test_chance_nodes_carry_the_games_exact_probabilities(pyspiel: ModuleType) -> None:
    spiel = openspiel.load(gh.GAME, gh.Config(heroes=("bjorn",)), utility="identical")
    space = gh.action_space(gh.Config(heroes=("bjorn",)))
    state, rng, seen = spiel.new_initial_state(), Rng.from_seed(5), 0
    while not state.is_terminal():
        if state.is_chance_node():
            exact = gh.chance_outcomes(openspiel.tabletop_state(state))
            expected = sorted((space.index(a), float(p)) for a, p in exact)
            assert state.chance_outcomes() == expected
            assert sum(p for _, p in exact) == 1
            assert state.legal_actions() == [a for a, _ in expected]
            seen += 1
        action, rng = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert seen > 5


def test_strings_and_tensors_come_from_the_seats_view(pyspiel: ModuleType) -> None:
    """The observation is the view; the information state is the digest of the seat's history
    (perfect recall: it changes whenever the seat's view changes or the seat acts, and its
    number of lines only grows) and the view now, of a size that does not grow with the game."""
    config = km.Config(guilds=("feudal_pact", "pathfinders"))
    spiel = openspiel.load(km.GAME, config)
    state, rng = spiel.new_initial_state(), Rng.from_seed(8)
    before = [("", 0), ("", 0)]
    seen: list[set[str]] = [set(), set()]
    for _ in range(60):
        if state.is_terminal():
            break
        inner = openspiel.tabletop_state(state)
        for seat in (0, 1):
            view = km.view(inner, seat)
            assert state.observation_string(seat) == km.dumps(view)
            assert state.observation_tensor(seat) == pytest.approx(flatten(km.observation(view)))
            history = state.information_state_string(seat)
            first, now = history.split("\n", 1)
            assert now == km.dumps(view)
            assert len(first) < 120 and first.startswith("history of ")
            lines = int(first.split()[2])
            assert lines >= before[seat][1]
            assert (lines == before[seat][1]) == (first == before[seat][0])
            if first != before[seat][0]:
                assert first not in seen[seat], "a digest is never met again in one game"
            seen[seat].add(first)
            before[seat] = (first, lines)
        rng = random_step(state, rng)


def test_the_information_state_does_not_grow_with_the_game(pyspiel: ModuleType) -> None:
    """A kinmarr game of hundreds of actions: the information state is the size of a view and
    a line, where the whole history once grew to megabytes."""
    spiel = openspiel.load(km.GAME, km.Config(guilds=("feudal_pact", "pathfinders")))
    longest = spiel.new_initial_state()
    for seed in range(8):
        state = play_out(spiel.new_initial_state(), Rng.from_seed(seed))
        longest = max(longest, state, key=lambda s: len(s.history()))
    state = longest
    assert len(state.history()) > 150
    for seat in (0, 1):
        text = state.information_state_string(seat)
        assert len(text) < len(state.observation_string(seat)) + 120
        assert int(text.split()[2]) > 50


def test_pythons_observation_api_reads_the_view(pyspiel: ModuleType) -> None:
    """``open_spiel.python.observation``: the default observation type is the view; an
    information state is the history; an observation of public information only, or of private
    information only, is not supported: ``None``, as ``make_observation`` documents."""
    from open_spiel.python.observation import make_observation

    config = gh.Config(heroes=("bjorn", "alva"))
    spiel = openspiel.load(gh.GAME, config, utility="identical")
    state = play_out(spiel.new_initial_state(), Rng.from_seed(6))
    view = gh.view(openspiel.tabletop_state(state), 1)
    seen = make_observation(spiel)
    seen.set_from(state, 1)
    assert list(seen.tensor) == pytest.approx(flatten(gh.observation(view)))
    assert seen.string_from(state, 1) == gh.dumps(view)
    recall = make_observation(spiel, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 1) == state.information_state_string(1)
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    assert make_observation(spiel, public) is None
    private = pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    assert make_observation(spiel, private) is None
    with pytest.raises(ValueError, match="observation parameters"):
        make_observation(spiel, None, {"detail": 1})


def test_what_a_seat_may_not_see_changes_none_of_its_strings(pyspiel: ModuleType) -> None:
    """Two deals that differ only in seat 1's cards look the same to seat 0."""
    spiel = openspiel.load(HAND, HAND_CONFIG)
    space = hg.action_space(HAND_CONFIG)
    states = []
    for hidden in (3, 4):
        state = spiel.new_initial_state()
        for card in (1, 8, 2, hidden):  # seat 0 gets 1 and 8, seat 1 gets 2 and ``hidden``
            state.apply_action(space.index(hg.Deal(card)))
        states.append(state)
    first, second = states
    assert first.observation_string(0) == second.observation_string(0)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.observation_string(1) != second.observation_string(1)
    assert first.information_state_string(1) != second.information_state_string(1)


def test_declarations_are_checked(pyspiel: ModuleType) -> None:
    small = gg.Config(deck=gg.standard_deck()[:6])
    narrow = openspiel.load(gg.GAME, small, utility_range=(0.5, 1.0))  # a loss returns 0
    with pytest.raises(ValueError, match="utility_range"):
        play_out(narrow.new_initial_state(), Rng.from_seed(1)).returns()
    short = openspiel.load(gg.GAME, small, max_game_length=3)  # 6 draws, 6 placements
    with pytest.raises(ValueError, match="max_game_length=3"):
        play_out(short.new_initial_state(), Rng.from_seed(1))
    hand = openspiel.load(HAND, HAND_CONFIG, utility="zero_sum")  # but returns are 1 and 0
    with pytest.raises(ValueError, match="not 'zero_sum'"):
        play_out(hand.new_initial_state(), Rng.from_seed(2)).returns()
    with pytest.raises(ValueError, match="utility_sum"):
        openspiel.load(gg.GAME, utility="constant_sum")
    with pytest.raises(ValueError, match="no action_space"):
        openspiel.load(hg.GAME.replace(action_space=None))
    unscored = openspiel.load(HAND.replace(outcome=_no_scores), HAND_CONFIG, payoff="scores")
    with pytest.raises(ValueError, match="no scores"):
        play_out(unscored.new_initial_state(), Rng.from_seed(2)).returns()
    with pytest.raises(TypeError, match="not a state"):
        openspiel.tabletop_state(pyspiel.load_game("kuhn_poker").new_initial_state())


def _no_scores(position: Any) -> Any:
    found = hg.outcome(position)
    return None if found is None else attrs.evolve(found, scores=None)


def test_mcts_plays_goblinguard_better_than_the_random_agent(pyspiel: ModuleType) -> None:
    """OpenSpiel's MCTS bot (random rollouts, 20 simulations a move) and the random agent play
    the standard deck on the same three seeded draw orders; the score is the goblins and
    hobgoblins defeated (``payoff="scores"``, 0 to 16). Everything is seeded, so the result is
    the same on every run; measured: MCTS 3, 7 and 7 (17 in all), random 0, 1 and 1 (2)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    total = gg.new_game(seed=0).config.compiled.total
    spiel = openspiel.load(gg.GAME, payoff="scores", utility_range=(0, total))
    space = gg.action_space(gg.Config())
    random_agent = gg.GAME.agents["random"]()

    def play(seed: int, bot: Any) -> float:
        chance, rng = np.random.RandomState(seed), Rng.from_seed(seed)
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(chance.choice(actions, p=probabilities)))
            elif bot is None:
                inner = openspiel.tabletop_state(state)
                legal = gg.legal_actions(inner)
                action, rng = random_agent.choose(gg.view(inner, 0), legal, rng)
                state.apply_action(space.index(action))
            else:
                state.apply_action(bot.step(state))
        found = gg.outcome(openspiel.tabletop_state(state))
        assert found is not None and state.returns() == [found.defeated]
        return float(state.returns()[0])

    seeds = range(3)
    by_random = [play(seed, None) for seed in seeds]
    by_mcts = []
    for seed in seeds:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bot = mcts.MCTSBot(
            spiel, 2.0, 20, evaluator, solve=False, random_state=np.random.RandomState(seed)
        )
        by_mcts.append(play(seed, bot))
    print(f"goblinguard, goblins defeated: MCTS {by_mcts}, random agent {by_random}")
    assert all(0 <= score <= total for score in by_mcts + by_random)
    assert sum(by_mcts) > sum(by_random)


def test_a_tiny_games_value_matches_the_hand_computation(pyspiel: ModuleType) -> None:
    """OpenSpiel's exact policy evaluation (expectation over every chance node) of "high cards"
    with 2 seats and cards 1 to 8, from the deal that gives seat 0 the cards 1 and 8 and seat 1
    the cards 2 and 7, both seats playing their lowest card and never blocking.

    By hand: the other cards, 3 to 6, are drawn in a uniformly random order, seat 0 drawing the
    first and third, seat 1 the second and fourth, so seat 0 draws each of the 6 pairs of
    {3, 4, 5, 6} with probability 1/6. Nobody blocks, so each seat scores the sum of its four
    cards: seat 0 ``9 + a + b`` and seat 1 ``9 + 18 - (a + b)`` for seat 0's pair ``{a, b}``.
    The pairs sum to 7, 8, 9, 9, 10 and 11: seat 0 wins (return 1) with 10 and 11, seat 1 with
    7 and 8, and both win a tie (9 and 9; ties share the win). So each seat's value is
    (2 + 2) / 6 = 2/3.
    """
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import expected_game_score

    spiel = openspiel.load(HAND, HAND_CONFIG)
    space = hg.action_space(HAND_CONFIG)

    class Lowest(policy_lib.Policy):  # type: ignore[misc]
        """Pass when asked to block; otherwise play the lowest card."""

        def action_probabilities(self, state: Any, player_id: Any = None) -> dict[int, float]:
            legal = state.legal_actions()
            answer = space.index(hg.Pass())
            return {answer: 1.0} if answer in legal else {min(legal): 1.0}

    state = spiel.new_initial_state()
    for card in (1, 8, 2, 7):
        state.apply_action(space.index(hg.Deal(card)))
    value = expected_game_score.policy_value(state, [Lowest(spiel, [0, 1])] * 2)
    assert list(value) == pytest.approx([2 / 3, 2 / 3], abs=1e-12)

    # The same sums counted the long way, as a check on the reasoning above.
    pairs = list(itertools.combinations((3, 4, 5, 6), 2))
    wins = [Fraction(sum(p) >= 9) for p in pairs], [Fraction(sum(p) <= 9) for p in pairs]
    assert [sum(w) / len(pairs) for w in wins] == [Fraction(2, 3), Fraction(2, 3)]


def test_chance_is_a_seat_of_its_own(pyspiel: ModuleType) -> None:
    """``CHANCE`` maps to OpenSpiel's chance player and game over to its terminal player."""
    spiel = openspiel.load(HAND, HAND_CONFIG)
    state = spiel.new_initial_state()
    assert hg.current_player(openspiel.tabletop_state(state)) == CHANCE
    assert state.current_player() == pyspiel.PlayerId.CHANCE and state.is_chance_node()
    assert str(state) == hg.render_text(openspiel.tabletop_state(state))
    done = play_out(state, Rng.from_seed(4))
    assert done.current_player() == pyspiel.PlayerId.TERMINAL
    assert done.returns() == list(hg.outcome(openspiel.tabletop_state(done)).returns)  # type: ignore[union-attr]
    assert json.loads(done.observation_string(0))["kind"] == "view"


def test_cfr_converges_on_a_small_goblinguard(pyspiel: ModuleType) -> None:
    """examples/cfr_small.py with a budget for the test suite: CFR+ on two cards of the
    standard deck comes near the best play (both goblins, a NashConv of 0) in 20 iterations;
    the three-card deck of the recipe is the standard game's rules and cards; outcome sampling
    runs on the smallest kinmarr."""
    from examples.cfr_small import (
        SMALL_DECK,
        SMALL_KINMARR,
        goblinguard_game,
        sample,
        small_goblinguard,
        solve,
    )

    figures = list(solve(goblinguard_game(("g1", "g4")), iterations=20, report={1, 20}))
    assert [f[0] for f in figures] == [1, 20]
    first, last = figures
    assert last[2] < 0.05 < first[2] and last[3] > 1.95 > first[3]
    config = small_goblinguard()
    assert tuple(c.id for c in config.deck) == SMALL_DECK
    assert all(c in gg.standard_deck() for c in config.deck)
    spiel = goblinguard_game()
    assert (spiel.min_utility(), spiel.max_utility()) == (0.0, 3.0)
    iterations, infostates, _spent = sample(openspiel.load(km.GAME, SMALL_KINMARR), seconds=0.5)
    assert iterations > 0 and infostates > 0
