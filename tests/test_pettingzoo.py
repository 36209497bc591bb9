"""The games as PettingZoo AEC environments (``tabletop_rules.pettingzoo``): PettingZoo's own API,
seed, state-space and render tests (with every option), whole games with masked random actions,
reproducibility from the seed, the same game as ``tabletop_rules.play``, ``state()``, bounded
observation spaces, forced decisions played inside, the RLlib wrapper, and clear errors.

The tests need the ``pettingzoo`` extra. Without it they are skipped, unless
``TABLETOP_REQUIRE_PETTINGZOO`` is set (``scripts/check`` sets it): then the module fails to
import, so CI cannot skip them silently.
"""

from __future__ import annotations

import copy
import enum
import itertools
import os
import pickle
import subprocess
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from tests.contract.adapters import agent_rngs, missing_extra, run_python
from tests.contract.games import environments

import goblinguard
import grimheim
import kinmarr
from tabletop_rules import (
    CHANCE,
    Game,
    IllegalActionError,
    RandomAgent,
    TableSpace,
    play,
    replay,
)
from tabletop_rules._raster import available as raster_available

REQUIRE = "TABLETOP_REQUIRE_PETTINGZOO"

try:
    import numpy as np
    from pettingzoo.test import api_test, render_test, seed_test
    from pettingzoo.test.state_test import test_state as state_loop_test
    from pettingzoo.test.state_test import test_state_space as state_space_test

    from tabletop_rules.pettingzoo import RLlibObservations, TabletopAECEnv, env, running_scores
except ImportError as exc:  # checked by test_the_tests_skip_or_fail_without_pettingzoo
    missing_extra(exc, REQUIRE, "the PettingZoo tests")

ROOT = Path(__file__).resolve().parent.parent
# The rgb_array render mode needs the raster extra; CI (scripts/check) installs it and sets
# TABLETOP_REQUIRE_RASTER, so its tests fail there instead of skipping.
RASTER = raster_available()
if os.environ.get("TABLETOP_REQUIRE_RASTER") and not RASTER:
    raise ImportError("the rgb_array tests need the raster extra (pip install -e '.[raster]')")
needs_raster = pytest.mark.skipif(not RASTER, reason="the raster extra is not installed")
PICTURE_MODES = ["human", "ansi", "svg", "rgb_array"] if RASTER else ["human", "ansi", "svg"]
TWO_GUILDS = ("feudal_pact", "pathfinders")

# Every game, in the configs of its table (tests/test_<game>/contract.py): id -> (game, config).
CASES = environments()
# PettingZoo's api_test names each observation dict that is not from one of its own environments
# ("Observation is not a NumPy array": the dict is, by design, a dict of arrays) and each
# observation space that is not a Box ("should be gymnasium.spaces.box": it is a Dict of Boxes,
# as in PettingZoo's own board games). Every other warning is an error here.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def make(case: str, **kwargs: Any) -> TabletopAECEnv:
    game, config = CASES[case]
    return env(game, config=config, **kwargs)


def seed_spaces(e: TabletopAECEnv, seed: int) -> None:
    """Seed each agent's action space, so masked sampling is reproducible."""
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(seed + i)


def masked_game(e: TabletopAECEnv, seed: int) -> Iterator[tuple[str, dict[str, Any], float]]:
    """Play one game to the end with masked random actions; yield each agent, its observation
    and its reward as ``last()`` gives them (the dead steps included)."""
    e.reset(seed=seed)
    seed_spaces(e, seed)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        assert info == {}
        yield agent, observation, reward
        if termination or truncation:
            e.step(None)
        else:
            e.step(e.action_space(agent).sample(observation["action_mask"]))


@pytest.fixture(params=sorted(CASES))
def case(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


# -- PettingZoo's own tests ------------------------------------------------------------------------


# The options each of PettingZoo's tests runs with, on every case.
OPTIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "skip-forced": {"skip_forced": True},
    "human": {"render_mode": "human"},
    "max-steps": {"max_steps": 7},
    "decompose": {"decompose": True},
    "decompose-scores-forced": {"decompose": True, "payoff": "scores", "skip_forced": True},
    "penalize": {"on_illegal": "penalize", "payoff": "scores"},
}


@pytest.fixture(params=sorted(OPTIONS))
def options(request: pytest.FixtureRequest) -> dict[str, Any]:
    found: dict[str, Any] = OPTIONS[request.param]
    return found


def test_api_test(case: str, options: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    e = make(case, **options)
    seed_spaces(e, 0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(e, num_cycles=1000, verbose_progress=False)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    ]
    assert not unexpected
    if "render_mode" in options:
        assert capsys.readouterr().out.count("\n") > 10


def test_seed_test(case: str, options: dict[str, Any]) -> None:
    seed_test(lambda: make(case, **options), num_cycles=1000)


def test_state_space_test(case: str) -> None:
    """PettingZoo's state-space test; it warns of a state of more than 3 dimensions only in its
    state loop, which steps unmasked (see test_the_state_is_every_seat_s_observation)."""
    e = make(case)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state_space_test(e)
    game, _config = CASES[case]
    unbounded = ("Environment's minimum state", "Environment's maximum state")
    allowed = unbounded if game.observation_bounds is None else ()
    assert [str(w.message) for w in caught if not str(w.message).startswith(allowed)] == []


@pytest.mark.parametrize("name", ["goblinguard", "grimheim-1-hero", "kinmarr-2-guilds"])
def test_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's render test, in each render mode (svg: the text of an SVG picture;
    rgb_array: an image array)."""
    render_test(
        lambda render_mode: make(name, render_mode=render_mode),
        custom_tests={"svg": lambda picture: picture.startswith("<svg")},
    )
    assert capsys.readouterr().out


# -- whole games -----------------------------------------------------------------------------------


def test_a_masked_random_game_runs_to_the_end(case: str) -> None:
    game, config = CASES[case]
    e = make(case)
    assert game.action_space and game.observation and game.observation_shape
    space, shape = game.action_space(config), game.observation_shape(config)
    finished: list[str] = []
    steps = 0
    for agent, observation, reward in masked_game(e, seed=3):
        assert e.observation_space(agent).contains(observation)
        assert observation["observation"].shape == shape
        assert observation["observation"].dtype == np.float32
        assert observation["action_mask"].dtype == np.int8
        state = e.game_state
        if e.terminations[agent]:
            assert game.is_over(state)
            outcome = game.outcome(state)
            assert outcome is not None and reward == outcome.returns[e.seat(agent)]
            assert not observation["action_mask"].any()
            finished.append(agent)
            continue
        steps += 1
        assert reward == 0.0
        seat = game.current_player(state)
        assert seat is not None and seat != CHANCE, "chance is never an agent"
        assert agent == f"player_{seat}" and e.seat(agent) == seat
        legal = game.legal_actions(state)
        assert tuple(np.flatnonzero(observation["action_mask"])) == tuple(
            sorted(space.indices(legal))
        )
        assert e.legal_indices() == space.indices(legal)
        for other in e.possible_agents:  # the others see their own view, and no mask
            if other != agent:
                theirs = e.observe(other)
                assert not theirs["action_mask"].any()
                expected = game.observation(game.view(state, e.seat(other)))
                assert np.array_equal(theirs["observation"], np.asarray(expected, np.float32))
    assert sorted(finished) == e.possible_agents
    assert e.agents == []
    assert not any(e.truncations.values())
    assert steps > 0
    assert len(e.record().actions) >= steps


def test_agent_selection_follows_the_seat_that_must_answer() -> None:
    """In kinmarr a seat may answer out of turn, so the selection repeats and jumps."""
    order: list[str] = []
    for seed in range(3):
        e = make("kinmarr-2-guilds")
        for agent, _observation, _reward in masked_game(e, seed):
            if not e.terminations[agent]:
                order.append(agent)
    assert any(a == b for a, b in itertools.pairwise(order)), "a seat acts twice"
    assert set(order) == {"player_0", "player_1"}


# -- reproducibility -------------------------------------------------------------------------------


def trace(case: str, seed: int) -> list[tuple[str, bytes, bytes, float]]:
    return [
        (agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward)
        for agent, obs, reward in masked_game(make(case), seed)
    ]


def test_the_same_seed_gives_the_same_game(case: str) -> None:
    first = trace(case, seed=11)
    assert trace(case, seed=11) == first
    assert trace(case, seed=12) != first


def test_an_unseeded_reset_continues_from_the_last_seed() -> None:
    first, second = make("kinmarr-2-guilds"), make("kinmarr-2-guilds")
    first.reset(seed=5)
    second.reset(seed=5)
    first.reset()
    second.reset()
    assert first.game_seed == second.game_seed != 5
    assert first.game_state == second.game_state
    assert first.game.digest(first.game_state) == second.game.digest(second.game_state)


@pytest.mark.parametrize("seed", [0, 9])
def test_the_env_plays_the_game_tabletop_rules_play_plays(case: str, seed: int) -> None:
    """With agents choosing what ``play``'s agents choose, the env ends in ``play``'s state:
    same set-up, same chance stream, same actions."""
    game, config = CASES[case]
    seats = game.seat_count(config)
    expected_state, expected_actions = play(game, [RandomAgent()] * seats, seed=seed, config=config)
    rngs = agent_rngs(seed, seats)
    assert game.action_space is not None
    space = game.action_space(config)
    chooser: RandomAgent[Any] = RandomAgent()
    e = make(case)
    e.reset(seed=seed)
    for agent in e.agent_iter():
        _observation, _reward, termination, _truncation, _info = e.last()
        if termination:
            e.step(None)
            continue
        seat = e.seat(agent)
        view = game.view(e.game_state, seat)
        action, rngs[seat] = chooser.choose(view, game.legal_actions(view), rngs[seat])
        e.step(space.index(action))
    assert e.game_state == expected_state
    assert game.digest(e.game_state) == game.digest(expected_state)
    record = e.record()
    assert record.actions == expected_actions
    assert (record.seed, record.config) == (seed, config)
    assert list(replay(game, record))[-1] == expected_state


# -- rewards, truncation, rendering ----------------------------------------------------------------


def test_kinmarr_rewards_are_the_returns_at_the_end_only() -> None:
    totals = {"player_0": 0.0, "player_1": 0.0}
    e = make("kinmarr-2-guilds")
    for agent, _observation, reward in masked_game(e, seed=4):
        if not e.terminations[agent]:
            assert reward == 0.0
        totals[agent] += reward
    outcome = kinmarr.outcome(e.game_state)
    assert outcome is not None
    returns = outcome.returns
    assert (totals["player_0"], totals["player_1"]) == returns
    assert sorted(returns) == [0.0, 1.0]


def test_max_steps_truncates_every_agent() -> None:
    e = make("kinmarr-2-guilds", max_steps=3)
    e.reset(seed=2)
    seed_spaces(e, 2)
    for _ in range(3):
        observation, *_ = e.last()
        e.step(e.action_space(e.agent_selection).sample(observation["action_mask"]))
    assert not kinmarr.is_over(e.game_state)
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert set(e.rewards.values()) == {0.0}
    assert e.legal_indices() == ()
    assert not e.observe(e.agent_selection)["action_mask"].any()
    left = []
    for agent in e.agent_iter():
        assert e.last()[3]
        left.append(agent)
        e.step(None)
    assert sorted(left) == ["player_0", "player_1"] and e.agents == []
    with pytest.raises(ValueError, match="max_steps"):
        make("kinmarr-2-guilds", max_steps=0)


@pytest.mark.parametrize("name", ["goblinguard", "grimheim-1-hero", "kinmarr-2-guilds"])
def test_render_modes(name: str) -> None:
    game, _config = CASES[name]
    text = make(name, render_mode="ansi")
    text.reset(seed=1)
    assert text.render() == game.render_text(text.game_state)
    svg = make(name, render_mode="svg")
    svg.reset(seed=1)
    picture = svg.render()
    assert game.render_svg is not None
    assert isinstance(picture, str) and picture == game.render_svg(svg.game_state)
    assert "<svg" in picture
    assert svg.metadata["render_modes"] == PICTURE_MODES
    silent = make(name)
    silent.reset(seed=1)
    with pytest.warns(UserWarning, match="render mode"):
        assert silent.render() is None
    with pytest.raises(ValueError, match="no render mode 'video'"):
        make(name, render_mode="video")
    without_svg = game.replace(render_svg=None)
    assert env(without_svg).metadata["render_modes"] == ["human", "ansi"]
    with pytest.raises(ValueError, match="no render mode 'svg'"):
        env(without_svg, render_mode="svg")


def test_human_rendering_prints_the_text_after_reset_and_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    e = make("grimheim-1-hero", render_mode="human")
    e.reset(seed=1)
    assert capsys.readouterr().out == grimheim.render_text(e.game_state) + "\n"
    e.step(e.legal_indices()[0])
    assert capsys.readouterr().out == grimheim.render_text(e.game_state) + "\n"
    assert e.render() is None
    assert capsys.readouterr().out == grimheim.render_text(e.game_state) + "\n"


# -- state() ---------------------------------------------------------------------------------------


def test_the_state_is_every_seat_s_observation(case: str) -> None:
    game, config = CASES[case]
    e = make(case)
    assert game.observation_shape is not None
    seats = game.seat_count(config)
    assert e.state_space.shape == (seats, *game.observation_shape(config))
    assert e.state_space.dtype == np.float32
    checked = 0
    for _agent, _observation, _reward in masked_game(e, seed=5):
        if e.agents and checked % 7 == 0:
            state = e.state()
            assert state.shape == e.state_space.shape and state.dtype == np.float32
            assert e.state_space.contains(state)
            for other in e.possible_agents:
                assert np.array_equal(state[e.seat(other)], e.observe(other)["observation"])
        checked += 1
    assert checked > 1


def test_the_state_holds_nothing_no_seat_may_see() -> None:
    """States that differ only in what no seat sees (the draw order, the generator) give the
    same state(); a drawn card changes it."""
    e = make("goblinguard")
    e.reset(seed=2)
    before = e.state()
    view = goblinguard.view(e.game_state, 0)
    other = goblinguard.redeal(view, 99)
    assert other.deck != e.game_state.deck and goblinguard.view(other, 0) == view
    e._state = other
    assert np.array_equal(e.state(), before)
    e.step(e.legal_indices()[0])
    assert not np.array_equal(e.state(), before)


def test_state_needs_a_reset() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        make("kinmarr-2-guilds").state()


# -- bounded observations --------------------------------------------------------------------------


def test_the_observation_box_has_the_game_s_bounds(case: str) -> None:
    game, config = CASES[case]
    e = make(case)
    box = e.observation_space("player_0")["observation"]
    if game.observation_bounds is None:
        low, high = -np.inf, np.inf
    else:
        low, high = game.observation_bounds(config)
    assert (box.low.min(), box.low.max(), box.high.min(), box.high.max()) == (low, low, high, high)
    assert (e.state_space.low.min(), e.state_space.high.max()) == (low, high)
    bounded = env(game.replace(observation_bounds=lambda _config: (-5, 2.5e6)), config=config)
    box = bounded.observation_space("player_0")["observation"]
    assert (box.low.min(), box.high.max(), box.dtype) == (-5.0, 2.5e6, np.float32)
    unbounded = env(game.replace(observation_bounds=None), config=config)
    box = unbounded.observation_space("player_0")["observation"]
    assert np.isneginf(box.low).all() and np.isposinf(box.high).all()


@pytest.mark.parametrize("bounds", [(1.0, 0.0), (2, 2), (0, float("nan")), "ab", (0,), (False, 1)])
def test_bad_observation_bounds_are_refused(bounds: Any) -> None:
    game = kinmarr.GAME.replace(observation_bounds=lambda _config: bounds)
    with pytest.raises(ValueError, match="kinmarr: observation_bounds"):
        env(game)


# -- forced decisions ------------------------------------------------------------------------------


def test_skip_forced_asks_only_real_choices(case: str) -> None:
    game, _config = CASES[case]
    e = make(case, skip_forced=True)
    asked = 0
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent, _observation, reward in masked_game(e, seed=6):
        totals[agent] += reward
        if not e.terminations[agent]:
            asked += 1
            assert len(game.legal_actions(e.game_state)) > 1
    record = e.record()
    assert list(replay(game, record))[-1] == e.game_state
    outcome = game.outcome(e.game_state)
    assert outcome is not None
    assert tuple(totals[a] for a in e.possible_agents) == outcome.returns
    states = list(replay(game, record))[:-1]  # the state before each action
    chance = [s for s in states if game.current_player(s) == CHANCE]
    forced = [
        s for s in states if game.current_player(s) != CHANCE and len(game.legal_actions(s)) == 1
    ]
    assert asked + len(chance) + len(forced) == len(record.actions)
    if game is kinmarr.GAME:
        assert forced, "two-guild kinmarr has forced decisions"


def test_about_half_of_kinmarr_s_decisions_are_forced() -> None:
    """The reason for skip_forced: two-guild kinmarr asks many single-answer questions."""
    forced = asked = 0
    for seed in range(3):
        e = make("kinmarr-2-guilds")
        for agent, observation, _reward in masked_game(e, seed):
            if not e.terminations[agent]:
                asked += 1
                forced += int(observation["action_mask"].sum()) == 1
    assert 0.2 < forced / asked < 0.8


def test_skip_forced_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="skip_forced is True or False, not 1"):
        make("kinmarr-2-guilds", skip_forced=1)


# -- the RLlib wrapper -----------------------------------------------------------------------------


def api_and_seed_tests_of_rllib_observations(make_env: Callable[[], Any]) -> None:
    """PettingZoo's API and seed tests of an environment with RLlib's observations."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make_env(), num_cycles=200, verbose_progress=False)
    # Without the "observation" key, api_test also checks each mask, and names the all-zero one
    # of a finished game's last steps (the others' and the dead steps' masks are zeros too).
    allowed = (*EXPECTED_WARNINGS, "Action mask numpy array is all zeros")
    assert not [str(w.message) for w in caught if not str(w.message).startswith(allowed)]
    seed_test(make_env, num_cycles=200)


def test_rllib_observations_renames_the_key_and_passes_pettingzoo_s_tests() -> None:
    def wrapped() -> RLlibObservations:
        return RLlibObservations(make("kinmarr-2-guilds"))

    e = wrapped()
    inner = make("kinmarr-2-guilds")
    space = e.observation_space("player_0")
    assert sorted(space.spaces) == ["action_mask", "observations"]
    assert space["observations"] == inner.observation_space("player_0")["observation"]
    assert space["action_mask"] == inner.observation_space("player_0")["action_mask"]
    assert space is e.observation_space("player_0")
    assert space == e.observation_space("player_1"), "RLlib's PettingZooEnv needs equal spaces"
    assert e.action_space("player_0") == inner.action_space("player_0")
    e.reset(seed=3)
    inner.reset(seed=3)
    observation, *_ = e.last()
    expected = inner.observe(inner.agent_selection)
    assert sorted(observation) == ["action_mask", "observations"]
    assert np.array_equal(observation["observations"], expected["observation"])
    assert np.array_equal(observation["action_mask"], expected["action_mask"])
    assert observation["action_mask"].dtype == np.int8
    assert np.array_equal(e.state(), inner.state())
    assert e.game_state == inner.game_state and e.record() == inner.record()
    api_and_seed_tests_of_rllib_observations(wrapped)


def test_rllib_observations_wraps_any_aec_env_with_masked_dict_observations() -> None:
    from pettingzoo.test.example_envs import (
        generated_agents_env_action_mask_obs_v0,
        generated_agents_env_v0,
    )

    e = RLlibObservations(generated_agents_env_action_mask_obs_v0.env())
    e.reset(seed=0)
    observation, *_ = e.last()
    assert sorted(observation) == ["action_mask", "observations"]
    boxes = RLlibObservations(generated_agents_env_v0.env())
    boxes.reset(seed=0)
    with pytest.raises(TypeError, match="not a Dict of 'observation' and 'action_mask'"):
        boxes.observation_space(boxes.agents[0])
    with pytest.raises(TypeError, match="wraps a PettingZoo AECEnv, not 'kinmarr'"):
        RLlibObservations("kinmarr")
    with pytest.raises(TypeError, match="not a Dict of 'observation'"):
        RLlibObservations(RLlibObservations(make("kinmarr-2-guilds")))


def test_the_rllib_recipe_s_environment() -> None:
    """examples/rllib_pettingzoo.py without Ray: the environment RLlib's PettingZooEnv wraps."""
    from examples.rllib_pettingzoo import make_env

    e = make_env({"worker_index": 0})
    assert isinstance(e.unwrapped, TabletopAECEnv) and e.unwrapped.skip_forced
    assert e.observation_space("player_0") == e.observation_space("player_1")
    api_and_seed_tests_of_rllib_observations(make_env)


# -- errors ----------------------------------------------------------------------------------------


def test_an_illegal_action_is_a_clear_error_and_changes_nothing() -> None:
    e = make("goblinguard")
    e.reset(seed=1)
    before = (e.game_state, e.agent_selection, dict(e.rewards), e.record())
    mask = e.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"player_0 may not play action {illegal} \("):
        e.step(illegal)
    with pytest.raises(IndexError, match="player_0: action index 186104 is outside the space"):
        e.step(186104)
    with pytest.raises(IndexError, match="outside the space"):
        e.step(-1)
    with pytest.raises(TypeError, match="player_0"):
        e.step(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="player_0 must act"):
        e.step(None)
    with pytest.raises(TypeError, match="player_0 must act"):
        e.step(True)
    assert (e.game_state, e.agent_selection, dict(e.rewards), e.record()) == before
    e.step(np.int32(int(np.flatnonzero(mask)[0])))  # NumPy integers are actions too
    assert len(e.record().actions) > len(before[3].actions)


def test_the_order_of_calls_is_checked() -> None:
    e = make("kinmarr-2-guilds")
    assert e.agents == []
    for call in (lambda: e.step(0), lambda: e.observe("player_0"), e.record, e.legal_indices):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    with pytest.raises(KeyError, match="'player_7' is not an agent"):
        e.action_space("player_7")
    with pytest.raises(KeyError, match="player_0, player_1"):
        e.observation_space("chance")
    for _agent, _observation, _reward in masked_game(e, seed=1):
        pass
    with pytest.raises(RuntimeError, match="every agent has left"):
        e.step(None)
    e.reset(seed=1)
    with pytest.raises(TypeError, match="seed"):
        e.reset(seed=True)


def test_a_finished_agent_only_steps_with_none() -> None:
    e = make("grimheim-1-hero")
    for agent, observation, _reward in masked_game(e, seed=2):
        if e.terminations[agent]:
            with pytest.raises(ValueError, match="only valid action is None"):
                e.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
            break
    else:
        pytest.fail("the game never ended")


def test_a_legal_action_outside_the_space_is_left_out_of_the_mask() -> None:
    config = CASES["kinmarr-2-guilds"][1]
    first = kinmarr.legal_actions(kinmarr.new_game(config, seed=1))[0]
    smaller = TableSpace(a for a in kinmarr.action_space(config) if a != first)
    e = env(kinmarr.GAME.replace(action_space=lambda _config: smaller), config=config)
    e.reset(seed=1)
    legal = kinmarr.legal_actions(e.game_state)
    assert e.legal_indices() == smaller.indices(legal[1:])
    assert int(e.observe(e.agent_selection)["action_mask"].sum()) == len(legal) - 1


def test_a_game_without_spaces_is_refused() -> None:
    game = kinmarr.GAME.replace(observation=None)
    with pytest.raises(TypeError, match="kinmarr has no action space or no observations"):
        env(game)


def test_the_spaces_are_the_games() -> None:
    e = make("grimheim-2-heroes")
    space = grimheim.action_space(CASES["grimheim-2-heroes"][1])
    assert e.possible_agents == ["player_0", "player_1"]
    for agent in e.possible_agents:
        assert e.action_space(agent).n == space.size
        assert e.action_space(agent) is e.action_space(agent)
        observation_space = e.observation_space(agent)
        assert observation_space["observation"].shape == grimheim.observation_shape(
            CASES["grimheim-2-heroes"][1]
        )
        assert observation_space["action_mask"].shape == (space.size,)
    assert e.action_space("player_0") is not e.action_space("player_1")
    assert e.notation(0) == grimheim.notation(space.action(0))
    assert str(e) == "grimheim_v0" and e.metadata["is_parallelizable"] is False


# -- without the extra -----------------------------------------------------------------------------


def run_blocked(code: str, *, env_vars: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Python with PettingZoo made unimportable, and ``REQUIRE`` only as ``env_vars`` say."""
    return run_python("-c", code, blocked=["pettingzoo"], env=env_vars, unset=[REQUIRE])


def test_without_pettingzoo_the_module_imports_and_names_the_extra() -> None:
    code = (
        "import kinmarr\n"
        "import tabletop_rules.pettingzoo as pz\n"
        "assert pz.TabletopAECEnv.__doc__ and pz.env.__doc__ and pz.RLlibObservations.__doc__\n"
        "for build in (lambda: pz.env(kinmarr.GAME), lambda: pz.RLlibObservations(None)):\n"
        "    try:\n"
        "        build()\n"
        "    except ImportError as error:\n"
        "        print(error)\n"
    )
    done = run_blocked(code, env_vars={})
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("tabletop-rules[pettingzoo]") == 2


@pytest.mark.parametrize(
    ("required", "code"),
    [("", pytest.ExitCode.NO_TESTS_COLLECTED), ("1", pytest.ExitCode.INTERRUPTED)],
)
def test_the_tests_skip_or_fail_without_pettingzoo(required: str, code: int) -> None:
    """Skipped without the extra (the whole module: no test is collected), but an error that
    stops the run (a collection error) when the extra is required."""
    pytest_run = (
        "import pytest, sys; "
        "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', 'tests/test_pettingzoo.py']))"
    )
    done = run_blocked(pytest_run, env_vars={REQUIRE: required} if required else {})
    assert done.returncode == code, done.stdout + done.stderr
    if required:
        assert f"{REQUIRE} is set" in done.stdout
    else:
        assert "1 skipped" in done.stdout


# -- agents and names ------------------------------------------------------------------------------


def test_agents_are_named_as_in_pettingzoo_s_classic_games() -> None:
    e = make("kinmarr-2-guilds")
    assert e.possible_agents == ["player_0", "player_1"]
    assert e.metadata["name"] == "kinmarr_v0"
    assert make("goblinguard").metadata["name"] == "goblinguard_v0"


# -- copies ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize(
    "options", [{}, {"decompose": True, "payoff": "scores"}], ids=["default", "decompose"]
)
def test_an_environment_pickles_and_deep_copies_and_plays_on_the_same(
    case: str, how: str, options: dict[str, Any]
) -> None:
    """After a reset and in the middle of a game (a move half chosen, with decompose), the copy
    plays on exactly as the original."""
    e = make(case, **options)
    e.reset(seed=5)
    seed_spaces(e, 5)
    for _ in range(7):
        (
            observation,
            *_rest,
        ) = e.last()
        if e.terminations[e.agent_selection]:
            break
        e.step(e.action_space(e.agent_selection).sample(observation["action_mask"]))
    copied = pickle.loads(pickle.dumps(e)) if how == "pickle" else copy.deepcopy(e)
    assert copied.game_state == e.game_state and copied.agent_selection == e.agent_selection
    for _ in range(25):
        mine, theirs = e.last(), copied.last()
        assert mine[1:] == theirs[1:]
        for key in mine[0]:
            assert np.array_equal(mine[0][key], theirs[0][key])
        if mine[2] or mine[3]:
            break
        action = int(np.flatnonzero(mine[0]["action_mask"])[-1])
        e.step(action)
        copied.step(action)
    assert copied.record() == e.record()


# -- payoff="scores" -------------------------------------------------------------------------------


def test_scores_pay_each_step_s_change_and_add_up_to_the_outcome_s_scores(case: str) -> None:
    """The games of this distribution have running scores, paid as they change; a game without
    them (Kuhn poker, of the examples) is paid its outcome's scores at the end, 0 before."""
    game, _config = CASES[case]
    e = make(case, payoff="scores")
    running = running_scores(game)
    assert (running is None) == (game.name == "kuhn_poker")
    for seed in (3, 4):
        totals = dict.fromkeys(e.possible_agents, 0.0)
        before = [0.0] * len(e.possible_agents)
        for agent, _observation, reward in masked_game(e, seed):
            totals[agent] += reward
            if not e.terminations[agent]:
                if running is None:
                    assert reward == 0.0
                    continue
                now = running(e.game_state)
                assert totals[agent] == now[e.seat(agent)] or before[e.seat(agent)] == 0.0
                before[e.seat(agent)] = now[e.seat(agent)]
        outcome = game.outcome(e.game_state)
        assert outcome is not None and outcome.scores is not None
        assert tuple(totals[a] for a in e.possible_agents) == outcome.scores
        assert running is None or running(e.game_state) == outcome.scores


def test_most_random_goblinguard_episodes_earn_a_reward_with_scores() -> None:
    e = make("goblinguard", payoff="scores")
    rewarded = 0
    for seed in range(40):
        earned = sum(reward for _agent, _observation, reward in masked_game(e, seed))
        rewarded += earned > 0
        outcome = goblinguard.outcome(e.game_state)
        assert outcome is not None and earned == outcome.defeated
    assert rewarded > 20
    returns = make("goblinguard")
    assert sum(sum(r for *_x, r in masked_game(returns, s)) for s in range(40)) == 0.0


def test_goblinguard_pays_each_goblin_when_it_is_defeated() -> None:
    e = make("goblinguard", payoff="scores")
    e.reset(seed=2)
    seed_spaces(e, 2)
    paid = 0.0
    while not e.terminations["player_0"]:
        observation, *_rest = e.last()
        before = len(e.game_state.defeated)
        e.step(e.action_space("player_0").sample(observation["action_mask"]))
        if not goblinguard.is_over(e.game_state):
            assert e.rewards["player_0"] == len(e.game_state.defeated) - before
        paid += e.rewards["player_0"]
    outcome = goblinguard.outcome(e.game_state)
    assert outcome is not None and paid == outcome.defeated


def test_grimheim_pays_the_town_at_the_first_step_then_each_piece_lost() -> None:
    e = make("grimheim-2-heroes", payoff="scores")
    e.reset(seed=3)
    seed_spaces(e, 3)
    town = e.game_state.town
    observation, reward, *_rest = e.last()
    assert reward == 0.0
    e.step(e.action_space(e.agent_selection).sample(observation["action_mask"]))
    assert set(e.rewards.values()) == {float(e.game_state.town)}
    assert e.game_state.town <= town


def test_a_payoff_is_returns_or_scores() -> None:
    with pytest.raises(ValueError, match="payoff is 'returns' or 'scores'"):
        make("kinmarr-2-guilds", payoff="points")
    quiet = kinmarr.GAME.replace(name="quiet")
    assert running_scores(quiet) is None
    e = env(quiet, config=CASES["kinmarr-2-guilds"][1], payoff="scores")
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent, _observation, reward in masked_game(e, 4):
        if not e.terminations[agent]:
            assert reward == 0.0, "a game without running scores pays at the end"
        totals[agent] += reward
    outcome = kinmarr.outcome(e.game_state)
    assert outcome is not None and tuple(totals.values()) == outcome.scores


# -- on_illegal="penalize" -------------------------------------------------------------------------


def test_pettingzoo_s_state_test_passes_when_penalizing(case: str) -> None:
    """PettingZoo's state_test on the AEC environment: its state-space half and its state loop,
    which steps with unmasked actions — the first illegal one ends the game. (Its third half
    takes a parallel environment, which turn-based games are not, as in PettingZoo's classic
    games.)"""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        e = make(case, on_illegal="penalize")
        state_space_test(e)
        state_loop_test(e, 10)
    unbounded = ("Environment's minimum state", "Environment's maximum state")
    allowed = ("State has more than 3 dimensions", *unbounded)
    assert [str(w.message) for w in caught if not str(w.message).startswith(allowed)] == []
    raising = make(case)
    for agent in raising.possible_agents:  # its unmasked draws, the same in every run
        raising.action_space(agent).seed(0)
    with pytest.raises(IllegalActionError):
        state_loop_test(raising, 10)


def test_a_penalized_illegal_action_ends_the_game_as_terminate_illegal_wrapper_does() -> None:
    e = make("kinmarr-2-guilds", on_illegal="penalize", illegal_reward=-2.0)
    e.reset(seed=1)
    before = (e.game_state, e.record())
    agent = e.agent_selection
    other = next(a for a in e.possible_agents if a != agent)
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(illegal)
    assert (e.game_state, e.record()) == before, "the game itself is not changed"
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert e.rewards == {agent: -2.0, other: 0.0}
    assert e.infos[agent]["illegal"].startswith(f"{agent} may not play action {illegal} (")
    assert e.infos[other] == {}
    assert e.legal_indices() == ()
    rewards = {}
    for name in e.agent_iter():
        _observation, reward, termination, _truncation, _info = e.last()
        assert termination
        rewards[name] = reward
        e.step(None)
    assert rewards == {agent: -2.0, other: 0.0} and e.agents == []
    with pytest.raises(ValueError, match="on_illegal is 'raise' or 'penalize'"):
        make("kinmarr-2-guilds", on_illegal="ignore")
    with pytest.raises(ValueError, match="finite negative number"):
        make("kinmarr-2-guilds", illegal_reward=0.5)


# -- decompose=True --------------------------------------------------------------------------------


def words(value: object) -> str:
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def parts(action: Any) -> tuple[str, ...]:
    """An action's sub-actions in words, read independently of the environment: its class's
    name, then each field's value."""
    kind: Any = type(action)
    return (kind.__name__, *(words(getattr(action, f.name)) for f in attrs.fields(kind)))


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("goblinguard", 100),
        ("grimheim-1-hero", 372),
        ("grimheim-2-heroes", 401),
        ("kinmarr-2-guilds", 170),
    ],
)
def test_every_game_has_at_most_512_sub_actions(name: str, size: int) -> None:
    e = make(name, decompose=True)
    assert e.action_space("player_0").n == size <= 512
    assert e.sub_actions is not None and len(set(e.sub_actions)) == size
    game, config = CASES[name]
    assert game.action_space is not None and game.action_space(config).size > size


@pytest.mark.parametrize(
    ("game", "config"),
    [
        (grimheim.GAME, grimheim.Config()),
        (kinmarr.GAME, kinmarr.Config()),
        (goblinguard.GAME, goblinguard.Config(chance="explicit")),
    ],
    ids=["grimheim-4-heroes", "kinmarr-4-guilds", "goblinguard-explicit"],
)
def test_the_largest_configs_have_at_most_512_sub_actions(
    game: Game[Any, Any], config: Any
) -> None:
    assert env(game, config=config, decompose=True).action_space("player_0").n <= 512


def test_every_sub_step_s_mask_is_exact(case: str) -> None:
    """At every sub-step the mask allows exactly the next parts of the legal actions that agree
    with the move chosen so far; the move played is the one action they leave."""
    game, config = CASES[case]
    e = make(case, decompose=True)
    assert game.action_space is not None and e.sub_actions is not None
    space = game.action_space(config)
    labels = e.sub_actions
    for seed in (3, 4):
        for agent, observation, _reward in masked_game(e, seed):
            if e.terminations[agent]:
                continue
            state = e.game_state
            legal = [a for a in game.legal_actions(state) if a in space]
            chosen = e.chosen()
            agreeing = [a for a in legal if parts(a)[: len(chosen)] == chosen]
            assert agreeing
            allowed = {labels[i] for i in np.flatnonzero(observation["action_mask"])}
            assert allowed == {parts(a)[len(chosen)] for a in agreeing}
            assert len(allowed) > 1 or len(legal) == 1
            rows = observation["chosen"]
            assert [labels[i] for i in rows.argmax(axis=1)[: len(chosen)]] == list(chosen)
            assert rows.sum() == len(chosen) and not rows[len(chosen) :].any()
            assert e.legal_indices() == tuple(np.flatnonzero(observation["action_mask"]))
            for other in e.possible_agents:
                if other != agent:
                    assert not e.observe(other)["action_mask"].any()
                    assert not e.observe(other)["chosen"].any()
        assert list(replay(game, e.record()))[-1] == e.game_state


def test_a_decomposed_move_is_played_when_one_action_is_left() -> None:
    """The first card goes to (0, 0) on top: choosing it plays it. Later a card, a column and a
    row are chosen in turn; the layer only where both are possible."""
    e = make("goblinguard", decompose=True)
    e.reset(seed=1)
    assert e.sub_actions is not None
    assert e.chosen() == ("Place",), "the only kind is taken inside"
    first = e.legal_indices()
    assert [e.notation(i) for i in first] == sorted(e.game_state.hand, key=e.sub_actions.index)
    e.step(first[0])
    assert e.record().actions == (goblinguard.Place(e.notation(first[0]), 0, 0),)
    assert e.chosen() == ("Place",) and e.rewards == {"player_0": 0.0}
    state = e.game_state
    e.step(e.legal_indices()[0])
    assert e.game_state is state and len(e.chosen()) == 2
    columns = [int(e.notation(i)) for i in e.legal_indices()]
    assert columns == sorted(columns) and len(columns) > 1
    e.step(e.legal_indices()[0])
    e.step(e.legal_indices()[0])
    if e.game_state is state:
        assert e.chosen()[1:] == (e.chosen()[1], str(columns[0]), e.chosen()[3])
        assert {e.notation(i) for i in e.legal_indices()} == {"top", "bottom"}
        e.step(e.legal_indices()[0])
    assert e.game_state is not state and len(e.record().actions) == 2


def test_an_illegal_sub_action_is_a_clear_error_or_ends_the_game() -> None:
    e = make("goblinguard", decompose=True)
    e.reset(seed=1)
    mask = e.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"may not choose sub-action {illegal} \(Place\)"):
        e.step(illegal)
    with pytest.raises(IndexError, match="sub-action 100 is outside the space"):
        e.step(100)
    with pytest.raises(IndexError, match="outside the space"):
        e.notation(100)
    penalized = make("goblinguard", decompose=True, on_illegal="penalize")
    penalized.reset(seed=1)
    penalized.step(illegal)
    assert penalized.terminations == {"player_0": True}
    assert penalized.rewards == {"player_0": -1.0}


def test_decompose_plays_the_same_game_as_whole_actions() -> None:
    """Choosing each action's parts in turn gives the game of choosing the action."""
    game, config = CASES["grimheim-2-heroes"]
    whole, parted = make("grimheim-2-heroes"), make("grimheim-2-heroes", decompose=True)
    assert game.action_space is not None and parted.sub_actions is not None
    space = game.action_space(config)
    index = {label: i for i, label in enumerate(parted.sub_actions)}
    whole.reset(seed=8)
    parted.reset(seed=8)
    seed_spaces(whole, 8)
    while not any(whole.terminations.values()):
        observation = whole.observe(whole.agent_selection)
        number = whole.action_space(whole.agent_selection).sample(observation["action_mask"])
        want = parts(space.action(number))
        whole.step(number)
        while (
            parted.game_state is not None
            and len(parted.record().actions) < len(whole.record().actions)
            and not any(parted.terminations.values())
        ):
            parted.step(index[want[len(parted.chosen())]])
        assert parted.game_state == whole.game_state
    assert parted.record() == whole.record()


def test_decompose_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="decompose is True or False"):
        make("kinmarr-2-guilds", decompose=1)


# -- rgb_array -------------------------------------------------------------------------------------


@needs_raster
def test_rgb_array_frames_keep_one_size_through_a_game() -> None:
    e = make("goblinguard", render_mode="rgb_array")
    sizes = set()
    for _agent, _observation, _reward in itertools.islice(masked_game(e, 1), 0, 21, 5):
        frame = e.render()
        assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
        assert frame.shape[0] % 16 == 0 and frame.shape[1] % 16 == 0
        assert max(frame.shape[:2]) == 960 and (frame < 250).any(), "something is drawn"
        sizes.add(frame.shape)
    assert len(sizes) == 1
    again = pickle.loads(pickle.dumps(e))
    assert again.render().shape in sizes
