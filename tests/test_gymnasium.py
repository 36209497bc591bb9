"""One seat of a game as a Gymnasium environment (``tabletop_rules.gymnasium``): Gymnasium's own
``check_env`` on every game, whole episodes against the agents with the mask MaskablePPO reads,
the same game as ``tabletop_rules.play``, illegal actions raised or penalized, truncation,
forced decisions, rendering, and clear errors.

The tests need the ``pettingzoo`` extra (PettingZoo, Gymnasium, NumPy). Without it they are
skipped, unless ``TABLETOP_REQUIRE_PETTINGZOO`` is set (``scripts/check`` sets it): then the
module fails to import, so CI cannot skip them silently.
"""

from __future__ import annotations

import copy
import os
import pickle
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from tests.contract.adapters import agent_rngs, missing_extra, run_python
from tests.contract.games import environments

import goblinguard
import grimheim
import kinmarr
from tabletop_rules import CHANCE, IllegalActionError, RandomAgent, Rng, play, replay
from tabletop_rules._raster import available as raster_available

ROOT = Path(__file__).resolve().parent.parent
REQUIRE = "TABLETOP_REQUIRE_PETTINGZOO"
TWO_GUILDS = ("feudal_pact", "pathfinders")

# Every game, in the configs of its table (tests/test_<game>/contract.py): id -> (game, config).
CASES = environments()


try:
    import gymnasium
    import numpy as np
    from gymnasium.envs.registration import EnvSpec
    from gymnasium.utils.env_checker import check_env

    from tabletop_rules.gymnasium import OpponentPool, TabletopEnv, env, registered_ids
except ImportError as exc:  # checked by test_without_pettingzoo_the_module_imports_and_names_it
    missing_extra(exc, REQUIRE, "the Gymnasium tests")

# The rgb_array render mode needs the raster extra; CI (scripts/check) installs it and sets
# TABLETOP_REQUIRE_RASTER, so its tests fail there instead of skipping.
RASTER = raster_available()
if os.environ.get("TABLETOP_REQUIRE_RASTER") and not RASTER:
    raise ImportError("the rgb_array tests need the raster extra (pip install -e '.[raster]')")
needs_raster = pytest.mark.skipif(not RASTER, reason="the raster extra is not installed")
PICTURE_MODES = ["human", "ansi", "svg", "rgb_array"] if RASTER else ["human", "ansi", "svg"]


def make(case: str, **kwargs: Any) -> TabletopEnv:
    game, config = CASES[case]
    return env(game, config=config, **kwargs)


@pytest.fixture(params=sorted(CASES))
def case(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def episode(e: TabletopEnv, seed: int) -> list[tuple[Any, float, bool, bool, dict[str, Any]]]:
    """One episode with masked random actions; every ``step`` result."""
    e.reset(seed=seed)
    e.action_space.seed(seed)
    results = []
    while True:
        mask = e.action_masks()
        result = e.step(e.action_space.sample(mask.astype(np.int8)))
        results.append((result[0], float(result[1]), result[2], result[3], result[4]))
        if result[2] or result[3]:
            return results


# -- Gymnasium's own check -------------------------------------------------------------------------


# The options check_env runs with, on every case.
CHECK_OPTIONS: dict[str, dict[str, Any]] = {
    "box": {},
    "dict": {"mask_in_observation": True},
    "decompose": {"decompose": True, "payoff": "scores"},
}


@pytest.mark.parametrize("options", sorted(CHECK_OPTIONS))
def test_check_env(case: str, options: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``check_env`` on an environment made by ``gymnasium.make`` (from a spec of its own for a
    game that is not installed), so that it also checks the determinism of seeded resets and
    steps and every render mode. It steps with unmasked random actions, which are illegal:
    ``on_illegal="penalize"``. No warning at all, but the unbounded Box's while a game publishes
    no bounds."""
    game, config = CASES[case]
    env_id = f"tabletop/{game.name}-v0"
    # Kuhn poker, of the examples, is not installed, so not registered: made from a spec.
    spec = (
        env_id
        if env_id in registered_ids()
        else EnvSpec(
            f"tabletop-test/{game.name}-v0",
            entry_point="tabletop_rules.gymnasium:env",
            kwargs={"game": game},
        )
    )
    made = gymnasium.make(spec, config=config, on_illegal="penalize", **CHECK_OPTIONS[options])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(made.unwrapped)
    messages = [str(w.message) for w in caught]
    if game.observation_bounds is None:
        messages = [m for m in messages if "A Box observation space m" not in m]
    assert messages == []
    assert capsys.readouterr().out  # the "human" mode printed


def test_check_env_steps_with_unmasked_actions_so_raise_fails_it() -> None:
    """Why check_env needs "penalize": under "raise" its random action is an error."""
    with pytest.raises(IllegalActionError):
        check_env(make("kinmarr-2-guilds"), skip_render_check=True)


# -- whole episodes --------------------------------------------------------------------------------


def test_a_masked_random_episode_runs_to_the_end(case: str) -> None:
    game, config = CASES[case]
    e = make(case)
    assert game.action_space is not None and game.observation_shape is not None
    space = game.action_space(config)
    observation, info = e.reset(seed=3)
    assert set(info) == {"action_mask"} and e.observation_space.contains(observation)
    assert observation.shape == game.observation_shape(config) and observation.dtype == np.float32
    steps = 0
    while True:
        state = e.game_state
        assert game.current_player(state) == e.seat, "the others and chance played inside"
        mask = e.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (space.size,)
        assert tuple(np.flatnonzero(mask)) == tuple(
            sorted(space.indices(game.legal_actions(state)))
        )
        assert tuple(sorted(e.legal_indices())) == tuple(np.flatnonzero(mask))
        expected = game.observation(game.view(state, e.seat))  # type: ignore[misc]
        assert np.array_equal(observation, np.asarray(expected, np.float32))
        mask[:] = False  # a fresh array: changing it changes nothing
        assert e.action_masks().any()
        action = int(np.flatnonzero(e.action_masks())[steps % int(e.action_masks().sum())])
        observation, reward, terminated, truncated, info = e.step(action)
        steps += 1
        assert set(info) == {"action_mask"} and not truncated
        assert np.array_equal(info["action_mask"], e.action_masks())
        assert e.observation_space.contains(observation)
        if terminated:
            break
        assert reward == 0.0
    outcome = game.outcome(e.game_state)
    assert outcome is not None and reward == outcome.returns[e.seat]
    assert not e.action_masks().any() and e.legal_indices() == ()
    assert list(replay(game, e.record()))[-1] == e.game_state
    with pytest.raises(RuntimeError, match="episode is over: call reset"):
        e.step(action)


def test_the_dict_observation_holds_the_mask() -> None:
    e = make("grimheim-2-heroes", mask_in_observation=True)
    observation, _info = e.reset(seed=1)
    assert sorted(observation) == ["action_mask", "observation"]
    assert observation["action_mask"].dtype == np.int8
    assert np.array_equal(observation["action_mask"].astype(bool), e.action_masks())
    assert e.observation_space.contains(observation)
    dict_space = e.observation_space
    assert isinstance(dict_space, gymnasium.spaces.Dict)
    assert dict_space["observation"] == make("grimheim-2-heroes").observation_space


@pytest.mark.parametrize(("case_name", "seat"), [("kinmarr-2-guilds", 0), ("kinmarr-2-guilds", 1)])
@pytest.mark.parametrize("seed", [0, 9])
def test_the_env_plays_the_game_tabletop_rules_play_plays(
    case_name: str, seat: int, seed: int
) -> None:
    """The learner choosing what ``play``'s random agent would choose, and random opponents,
    end in ``play``'s state: same set-up, generators, chance stream and actions."""
    game, config = CASES[case_name]
    seats = game.seat_count(config)
    expected_state, expected_actions = play(game, [RandomAgent()] * seats, seed=seed, config=config)
    rng = agent_rngs(seed, seats)[seat]
    assert game.action_space is not None
    space = game.action_space(config)
    chooser: RandomAgent[Any] = RandomAgent()
    e = make(case_name, seat=seat, opponents="random")
    e.reset(seed=seed)
    terminated = False
    while not terminated:
        view = game.view(e.game_state, seat)
        action, rng = chooser.choose(view, game.legal_actions(view), rng)
        _observation, _reward, terminated, _truncated, _info = e.step(space.index(action))
    assert e.game_state == expected_state
    assert e.record().actions == expected_actions


@pytest.mark.parametrize(
    ("case_name", "opponent"),
    [("grimheim-2-heroes", "defender"), ("kinmarr-2-guilds", "heuristic")],
)
def test_play_against_the_game_s_own_agent(case_name: str, opponent: str) -> None:
    e = make(case_name, opponents=opponent)
    assert type(e.opponents[1]) is type(e.game.agents[opponent]())
    results = episode(e, seed=2)
    assert results[-1][2]


def test_opponents_by_seat_as_names_or_objects() -> None:
    seen: list[int] = []

    @attrs.frozen
    class Watcher:
        """Plays like the random agent and notes the seat of each view."""

        def choose(self, view: Any, actions: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
            seen.append(view.seat)
            return rng.choice(actions)

    e = make("grimheim-2-heroes", seat=1, opponents={0: Watcher()})
    assert list(e.opponents) == [0] and isinstance(e.opponents[0], Watcher)
    episode(e, seed=4)
    assert seen and set(seen) == {0}
    named = make("kinmarr-2-guilds", seat=1, opponents={0: "heuristic"})
    assert type(named.opponents[0]) is type(kinmarr.GAME.agents["heuristic"]())
    assert make("goblinguard", opponents={}).opponents == {}


def test_the_same_seed_gives_the_same_episode() -> None:
    def trace(seed: int) -> list[tuple[bytes, float]]:
        return [(o.tobytes(), r) for o, r, *_ in episode(make("kinmarr-2-guilds"), seed)]

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)
    first, second = make("kinmarr-2-guilds"), make("kinmarr-2-guilds")
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.reset()[0].tobytes() == second.reset()[0].tobytes()
    assert first.game_seed == second.game_seed != 5


# -- illegal actions -------------------------------------------------------------------------------


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = make("kinmarr-2-guilds")
    e.reset(seed=1)
    before = (e.game_state, e.record(), e.action_masks().tobytes())
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    with pytest.raises(IllegalActionError, match=rf"player_0 may not play action {illegal} \("):
        e.step(illegal)
    assert (e.game_state, e.record(), e.action_masks().tobytes()) == before


@pytest.mark.parametrize("illegal_reward", [-1.0, -0.25])
def test_a_penalized_illegal_action_earns_the_penalty_and_changes_nothing(
    illegal_reward: float,
) -> None:
    e = make("goblinguard", on_illegal="penalize", illegal_reward=illegal_reward)
    observation, _info = e.reset(seed=1)
    before = (e.game_state, e.record(), e.action_masks().tobytes())
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    again, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated) == (illegal_reward, False, False)
    assert info["illegal"].startswith(f"player_0 may not play action {illegal} (")
    assert np.array_equal(again, observation) and again is not observation
    assert (e.game_state, e.record(), e.action_masks().tobytes()) == before
    with pytest.raises(IndexError, match="outside the space"):
        e.step(e.action_space.n)
    with pytest.raises(TypeError, match="player_0"):
        e.step(1.5)  # type: ignore[arg-type]
    legal = int(np.flatnonzero(e.action_masks())[0])
    _observation, reward, _terminated, _truncated, info = e.step(np.int64(legal))
    assert (reward, set(info)) == (0.0, {"action_mask"})
    assert len(e.record().actions) == len(before[1].actions) + 1


def test_max_steps_truncates_and_counts_illegal_steps() -> None:
    e = make("kinmarr-2-guilds", max_steps=3, on_illegal="penalize")
    e.reset(seed=2)
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    assert e.step(illegal)[2:4] == (False, False)
    assert e.step(int(np.flatnonzero(e.action_masks())[0]))[2:4] == (False, False)
    _observation, reward, terminated, truncated, _info = e.step(
        int(np.flatnonzero(e.action_masks())[0])
    )
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert not kinmarr.is_over(e.game_state)
    assert not e.action_masks().any() and e.legal_indices() == ()
    with pytest.raises(RuntimeError, match="episode is over"):
        e.step(0)
    e.reset(seed=2)
    assert e.action_masks().any()


# -- forced decisions, rendering -------------------------------------------------------------------


def test_skip_forced_asks_the_learner_only_real_choices() -> None:
    game, _config = CASES["kinmarr-2-guilds"]
    plain, skipping = make("kinmarr-2-guilds"), make("kinmarr-2-guilds", skip_forced=True)
    asked = len(episode(plain, seed=8))
    results = episode(skipping, seed=8)
    states = list(replay(game, skipping.record()))
    assert states[-1] == skipping.game_state
    outcome = game.outcome(skipping.game_state)
    assert outcome is not None and results[-1][1] == outcome.returns[0]
    assert len(results) < asked
    forced = [
        s
        for s in states[:-1]
        if game.current_player(s) != CHANCE and len(game.legal_actions(s)) == 1
    ]
    assert forced, "the forced actions of every seat are in the record"
    skipping.reset(seed=8)
    while skipping.action_masks().any():
        assert skipping.action_masks().sum() > 1
        if skipping.step(int(np.flatnonzero(skipping.action_masks())[0]))[2]:
            break


def test_a_game_that_ends_before_the_learner_chooses_is_skipped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With seed 1000011 the game ends while every decision of seat 0 is forced (the first such
    seed from 1000000 on)."""
    e = make("kinmarr-2-guilds", skip_forced=True)
    _observation, info = e.reset(seed=1000011)
    assert info.pop("skipped") == (1000011,) and set(info) == {"action_mask"}
    assert e.game_seed != 1000011 and e.action_masks().sum() > 1
    assert not kinmarr.is_over(e.game_state)
    again = make("kinmarr-2-guilds", skip_forced=True)
    assert "skipped" in again.reset(seed=1000011)[1] and again.game_state == e.game_state
    assert "skipped" not in make("kinmarr-2-guilds").reset(seed=1000011)[1], "not forced"
    monkeypatch.setattr("tabletop_rules.gymnasium._MOST_SKIPPED", 1)
    with pytest.raises(RuntimeError, match="1 games in a row ended before seat 0 had a choice"):
        e.reset(seed=1000011)


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    human = make("grimheim-1-hero", render_mode="human")
    human.reset(seed=1)
    assert capsys.readouterr().out == grimheim.render_text(human.game_state) + "\n"
    human.step(int(np.flatnonzero(human.action_masks())[0]))
    assert capsys.readouterr().out == grimheim.render_text(human.game_state) + "\n"
    assert human.render() is None
    assert capsys.readouterr().out == grimheim.render_text(human.game_state) + "\n"
    text = make("grimheim-1-hero", render_mode="ansi")
    text.reset(seed=1)
    assert text.render() == grimheim.render_text(text.game_state)
    svg = make("grimheim-1-hero", render_mode="svg")
    svg.reset(seed=1)
    assert svg.render() == grimheim.render_svg(svg.game_state)
    assert svg.metadata["render_modes"] == PICTURE_MODES
    silent = make("grimheim-1-hero")
    silent.reset(seed=1)
    with pytest.warns(UserWarning, match="render mode"):
        assert silent.render() is None
    with pytest.raises(ValueError, match="no render mode 'video'"):
        make("grimheim-1-hero", render_mode="video")


# -- the MaskablePPO recipe ------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "seat"), [("kinmarr", 1), ("goblinguard", 0)])
def test_the_maskable_ppo_recipe_s_environment(game: str, seat: int) -> None:
    """examples/maskable_ppo.py without PyTorch: its environment passes check_env (penalizing,
    as check_env steps unmasked), and its measure runs; goblinguard's features keep the mask
    and hold the board around the first card, the cards, the counts and the move so far."""
    from examples.maskable_ppo import GoblinguardFeatures, evaluate, learner_env, make_env

    e = make_env(game, seat=seat)
    assert e.seat == seat and e.skip_forced
    check_env(
        env(
            e.game,
            config=e.config,
            seat=seat,
            skip_forced=True,
            decompose=e.decompose,
            payoff=e.payoff,
            on_illegal="penalize",
        ),
        skip_render_check=True,
    )
    first = lambda _observation, mask: int(np.flatnonzero(mask)[0])  # noqa: E731
    learner = learner_env(game, seat)
    wins, mean = evaluate(learner, first, games=2, seed=0)
    assert wins in (0.0, 0.5, 1.0)
    if game == "goblinguard":
        assert isinstance(learner, GoblinguardFeatures) and e.decompose
        assert learner.observation_space.shape == (6919,)
        observation, _info = learner.reset(seed=3)
        assert learner.observation_space.contains(observation)
        inner: Any = learner.unwrapped
        assert np.array_equal(learner.action_masks(), inner.action_masks())
        assert 2 * mean == int(2 * mean) >= 0, "goblins defeated, over 2 games"
        assert (wins > 0) == (mean > 0), "a game that defeats a goblin is a rewarded game"
    with pytest.raises(ValueError, match="kinmarr or goblinguard, not 'chess'"):
        make_env("chess")


def test_the_self_play_recipe_s_league() -> None:
    """examples/selfplay_league.py without PyTorch: its environments draw their opponents from
    one pool, and the league measures any policy against the game's agents in both seats."""
    from examples.selfplay_league import league, make_envs

    pool = OpponentPool(["random"])
    envs = make_envs(pool)
    assert [e.seat for e in envs] == [0, 1] and all(e.opponents == {1 - e.seat: pool} for e in envs)
    pool.add(lowest)
    for e in envs:
        episode(e, seed=1)
    table = league({"lowest": lowest}, games=2)
    assert set(table["lowest"]) == {(a, s) for a in ("random", "heuristic") for s in (0, 1)}
    assert all(rate in (0.0, 0.5, 1.0) for rate in table["lowest"].values())


# -- errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"seat": 2}, ValueError, "seats 0 to 1, not 2"),
        ({"seat": -1}, ValueError, "seats 0 to 1, not -1"),
        ({"seat": True}, TypeError, "seat is an integer, not True"),
        ({"seat": "0"}, TypeError, "seat is an integer"),
        ({"opponents": "nobody"}, ValueError, "no agent 'nobody' .for seat 1.; it has heuristic"),
        ({"opponents": 3}, TypeError, "opponent for seat 1 is an agent's name, an object"),
        ({"opponents": {0: "random"}}, ValueError, r"gives seats \[0\], but .* are \[1\]"),
        ({"opponents": {}}, ValueError, r"gives seats \[\]"),
        ({"opponents": {1: "random", 2: "random"}}, ValueError, "gives seats"),
        ({"on_illegal": "ignore"}, ValueError, "on_illegal is 'raise' or 'penalize'"),
        ({"illegal_reward": 1.0}, ValueError, "finite negative number, not 1.0"),
        ({"illegal_reward": 0}, ValueError, "finite negative number"),
        ({"illegal_reward": float("-inf")}, ValueError, "finite negative number"),
        ({"illegal_reward": float("nan")}, ValueError, "finite negative number"),
        ({"illegal_reward": "-1"}, TypeError, "illegal_reward is a number"),
        ({"illegal_reward": True}, TypeError, "illegal_reward is a number"),
        ({"mask_in_observation": 1}, TypeError, "mask_in_observation is True or False"),
        ({"skip_forced": "yes"}, TypeError, "skip_forced is True or False"),
        ({"max_steps": 0}, ValueError, "max_steps is a positive number"),
        ({"max_steps": 2.5}, ValueError, "max_steps is a positive number"),
        ({"render_mode": "video"}, ValueError, "no render mode"),
        ({"payoff": "points"}, ValueError, "payoff is 'returns' or 'scores'"),
        ({"decompose": 1}, TypeError, "decompose is True or False"),
    ],
)
def test_bad_arguments_are_clear_errors(
    kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        make("kinmarr-2-guilds", **kwargs)


def test_the_order_of_calls_is_checked() -> None:
    e = make("kinmarr-2-guilds")
    for call in (lambda: e.step(0), e.action_masks, e.record, e.legal_indices):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    with pytest.raises(TypeError, match="a seed is an integer, not True"):
        e.reset(seed=True)
    with pytest.raises(TypeError, match="a seed is an integer"):
        e.reset(seed="1")  # type: ignore[arg-type]
    e.reset(seed=np.int64(3))  # type: ignore[arg-type]
    assert e.game_seed == 3


def test_a_game_without_spaces_is_refused() -> None:
    with pytest.raises(TypeError, match="kinmarr has no action space or no observations"):
        env(kinmarr.GAME.replace(action_space=None))


# -- without the extra -----------------------------------------------------------------------------


def test_without_pettingzoo_the_module_imports_and_names_it() -> None:
    code = (
        "import sys; sys.modules['gymnasium'] = None; sys.modules['pettingzoo'] = None\n"
        "import kinmarr\n"
        "import tabletop_rules.gymnasium as gym_env\n"
        "assert gym_env.TabletopEnv.__doc__ and gym_env.env.__doc__\n"
        "try:\n"
        "    gym_env.env(kinmarr.GAME)\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = run_python("-c", code, unset=[REQUIRE])
    assert done.returncode == 0, done.stderr
    assert "tabletop_rules.gymnasium needs" in done.stdout
    assert "tabletop-rules[gymnasium]" in done.stdout


# -- gymnasium.make --------------------------------------------------------------------------------


def test_every_installed_game_is_registered_with_gymnasium() -> None:
    assert registered_ids() == (
        "tabletop/goblinguard-v0",
        "tabletop/grimheim-v0",
        "tabletop/kinmarr-v0",
    )
    for env_id in registered_ids():
        made = gymnasium.make(env_id)
        inner = made.unwrapped
        assert isinstance(inner, TabletopEnv)
        assert inner.metadata["name"] == f"{inner.game.name}_v0"
        assert inner.config == inner.game.config_type()
        observation, info = made.reset(seed=1)
        assert made.observation_space.contains(observation) and info["action_mask"].any()
    kinmarr_two: Any = gymnasium.make(
        "tabletop/kinmarr-v0", config=CASES["kinmarr-2-guilds"][1], seat=1, decompose=True
    )
    assert kinmarr_two.unwrapped.seat == 1 and kinmarr_two.action_space.n == 170
    assert env("grimheim").game is grimheim.GAME
    with pytest.raises(ValueError, match="no installed game is called 'chess'"):
        env("chess")


# -- copies ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("decompose", [False, True], ids=["whole", "decompose"])
def test_an_environment_pickles_and_deep_copies_and_plays_on_the_same(
    how: str, decompose: bool
) -> None:
    made: Any = gymnasium.make("tabletop/goblinguard-v0", decompose=decompose, payoff="scores")
    made.reset(seed=3)
    for action in (0, 1):
        made.step(int(np.flatnonzero(made.unwrapped.action_masks())[action]))
    copied = pickle.loads(pickle.dumps(made)) if how == "pickle" else copy.deepcopy(made)
    while True:
        action = int(np.flatnonzero(made.unwrapped.action_masks())[-1])
        mine, theirs = made.step(action), copied.step(action)
        assert mine[1:4] == theirs[1:4]
        assert np.array_equal(mine[4]["action_mask"], theirs[4]["action_mask"])
        if mine[2]:
            break
    assert copied.unwrapped.record() == made.unwrapped.record()


# -- payoff="scores" -------------------------------------------------------------------------------


@pytest.mark.parametrize("decompose", [False, True], ids=["whole", "decompose"])
def test_scores_add_up_to_the_seat_s_outcome_scores(case: str, decompose: bool) -> None:
    game, _config = CASES[case]
    seat = 1 if game.seat_count(CASES[case][1]) > 1 else 0
    e = make(case, payoff="scores", decompose=decompose, seat=seat)
    for seed in (1, 2):
        total = sum(reward for _o, reward, *_rest in episode(e, seed))
        outcome = game.outcome(e.game_state)
        assert outcome is not None and outcome.scores is not None
        assert total == outcome.scores[seat]


def test_most_random_goblinguard_episodes_earn_a_reward_with_scores() -> None:
    e = make("goblinguard", payoff="scores", decompose=True)
    earned = [sum(reward for _o, reward, *_rest in episode(e, seed)) for seed in range(40)]
    assert sum(reward > 0 for reward in earned) > 20
    assert all(reward == int(reward) >= 0 for reward in earned)


def test_what_the_learner_earns_before_its_first_choice_is_paid_by_its_first_step() -> None:
    """Grimheim's town is paid at the first step of the game, which the other hero makes
    when the learner plays seat 1."""
    e = make("grimheim-2-heroes", payoff="scores", seat=1)
    e.reset(seed=4)
    town = e.game_state.town
    _observation, reward, *_rest = e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert reward == e.game_state.town and town >= e.game_state.town > 0


# -- vector environments ---------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_vector_environments_carry_the_mask_in_their_infos(mode: str) -> None:
    """Every info holds the mask, so a vector environment stacks it. Under NEXT_STEP the step
    after an episode's end resets that environment, ignoring its action: the mask returned with
    the end is all False, and Gymnasium's own masked sampling then gives 0. Under SAME_STEP the
    mask returned with the end is already the next episode's."""
    from gymnasium.vector import AutoresetMode, SyncVectorEnv

    def one() -> TabletopEnv:
        return env(goblinguard.GAME, payoff="scores", decompose=True)

    autoreset = AutoresetMode.SAME_STEP if mode == "same_step" else AutoresetMode.NEXT_STEP
    vector = SyncVectorEnv([one, one], autoreset_mode=autoreset)
    _observations, infos = vector.reset(seed=[1, 2])
    masks = infos["action_mask"]
    assert masks.shape == (2, 100) and masks.dtype == np.bool_ and masks.any(axis=1).all()
    space = gymnasium.spaces.Discrete(100, seed=0)
    ends = 0
    for _ in range(200):
        actions = [space.sample(mask.astype(np.int8)) for mask in masks]
        _observations, _rewards, terminated, truncated, infos = vector.step(np.array(actions))
        masks = infos["action_mask"]
        done = terminated | truncated
        ends += int(done.sum())
        if mode == "same_step":
            assert masks.any(axis=1).all(), "the next episode's mask comes with the end"
        else:
            assert (masks.any(axis=1) == ~done).all(), "all False exactly at an end"
            assert all(space.sample(mask.astype(np.int8)) == 0 for mask in masks[done])
    assert ends >= 2
    assert np.array_equal(np.stack(vector.call("action_masks")), masks), (
        "action_masks() through call() agrees"
    )


# -- self-play -------------------------------------------------------------------------------------


def lowest(_observation: Any, mask: Any) -> int:
    """A policy: the lowest number the mask allows."""
    return int(np.flatnonzero(mask)[0])


@attrs.frozen
class LowestAgent:
    """The agent that plays what :func:`lowest` plays."""

    space: Any

    def choose(self, view: Any, actions: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        return min(actions, key=self.space.index), rng


def test_a_policy_plays_the_other_seats_as_the_agent_it_mimics() -> None:
    game, config = CASES["kinmarr-2-guilds"]
    assert game.action_space is not None
    space = game.action_space(config)
    by_policy = make("kinmarr-2-guilds", seat=1, opponents=lowest)
    by_agent = make("kinmarr-2-guilds", seat=1, opponents=LowestAgent(space))
    assert by_policy.opponents == {0: lowest}
    for e in (by_policy, by_agent):
        episode(e, seed=6)
    assert by_policy.record() == by_agent.record()


def test_the_policy_being_trained_plays_itself_through_its_sub_actions() -> None:
    """Self-play with decompose: the opponent's policy reads its own seat's observation (the
    learner's format) and steps sub-actions; set_opponents puts it in after the learner
    exists."""
    seen: list[Any] = []

    def policy(observation: Any, mask: Any) -> int:
        seen.append(observation)
        return int(np.flatnonzero(mask)[-1])

    e = make("kinmarr-2-guilds", decompose=True, payoff="scores")
    e.set_opponents(policy)
    assert e.opponents == {1: policy}
    results = episode(e, seed=3)
    assert results[-1][2] and seen
    assert all(e.observation_space.contains(observation) for observation in seen)
    assert all(set(observation) == {"observation", "chosen"} for observation in seen)


def test_an_illegal_choice_of_an_opponent_s_policy_is_an_error() -> None:
    e = make("kinmarr-2-guilds", seat=1, opponents=lambda _o, mask: int(np.flatnonzero(~mask)[0]))
    with pytest.raises(IllegalActionError, match="the policy of seat 0 chose an illegal action"):
        e.reset(seed=1)


def test_an_opponent_pool_draws_a_member_for_each_episode_from_the_seed() -> None:
    pool = OpponentPool(["random", "heuristic"])
    e = make("kinmarr-2-guilds", seat=1, opponents=pool)
    assert e.opponents == {0: pool}
    drawn = []
    for seed in range(12):
        e.reset(seed=seed)
        drawn.append(type(e._playing[0]).__name__)
    assert len(set(drawn)) == 2
    again = make("kinmarr-2-guilds", seat=1, opponents=pool)
    assert [type(again.reset(seed=s) and again._playing[0]).__name__ for s in range(12)] == drawn
    pool.add(lowest)
    latest = OpponentPool(["random"], latest=1.0)
    latest.add(lowest)
    newest = make("kinmarr-2-guilds", seat=1, opponents=latest)
    newest.reset(seed=0)
    assert newest._playing[0] is lowest
    assert len(pool) == 3 and "3 members" in repr(pool)
    with pytest.raises(ValueError, match="the opponent pool is empty"):
        make("kinmarr-2-guilds", opponents=OpponentPool()).reset(seed=0)
    with pytest.raises(ValueError, match="latest is a probability"):
        OpponentPool(latest=2)
    with pytest.raises(TypeError, match="not a pool"):
        make("kinmarr-2-guilds", opponents=OpponentPool([OpponentPool()])).reset(seed=0)


# -- rgb_array -------------------------------------------------------------------------------------


@needs_raster
def test_rgb_array_renders_the_picture_as_pixels() -> None:
    e = make("kinmarr-2-guilds", render_mode="rgb_array")
    e.reset(seed=1)
    frame = e.render()
    assert frame.dtype == np.uint8 and frame.shape == (960, 608, 3)
    e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert e.render().shape == frame.shape
