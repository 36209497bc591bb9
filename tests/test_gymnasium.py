"""One seat of a game as a Gymnasium environment (``tabletop_rules.gymnasium``): Gymnasium's own
``check_env`` on every game, whole episodes against the agents with the mask MaskablePPO reads,
the same game as ``tabletop_rules.play``, illegal actions raised or penalized, truncation,
forced decisions, rendering, and clear errors.

The tests need the ``pettingzoo`` extra (PettingZoo, Gymnasium, NumPy). Without it they are
skipped, unless ``TABLETOP_REQUIRE_PETTINGZOO`` is set (``scripts/check`` sets it): then the
module fails to import, so CI cannot skip them silently.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from tests.contract.adapters import agent_rngs, missing_extra, run_python
from tests.contract.games import environments

import grimheim
import kinmarr
from tabletop_rules import CHANCE, IllegalActionError, RandomAgent, Rng, play, replay

ROOT = Path(__file__).resolve().parent.parent
REQUIRE = "TABLETOP_REQUIRE_PETTINGZOO"
TWO_GUILDS = ("feudal_pact", "pathfinders")

# Every game, in the configs of its table (tests/test_<game>/contract.py): id -> (game, config).
CASES = environments()


try:
    import gymnasium
    import numpy as np
    from gymnasium.utils.env_checker import check_env

    from tabletop_rules.gymnasium import TabletopEnv, env
except ImportError as exc:  # checked by test_without_pettingzoo_the_module_imports_and_names_it
    missing_extra(exc, REQUIRE, "the Gymnasium tests")


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


@pytest.mark.parametrize("mask_in_observation", [False, True], ids=["box", "dict"])
def test_check_env(
    case: str, mask_in_observation: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check_env`` on an environment made by ``gymnasium.make``, so that it also checks the
    determinism of seeded resets and steps and every render mode. It steps with unmasked random
    actions, which are illegal: ``on_illegal="penalize"``. No warning at all, but the unbounded
    Box's while a game publishes no bounds."""
    game, config = CASES[case]
    name = f"tabletop-rules-test/{case}-{mask_in_observation}-v0"
    if name not in gymnasium.registry:
        gymnasium.register(
            id=name,
            entry_point=env,  # type: ignore[arg-type]  # a factory function is an entry point
            kwargs={
                "game": game,
                "config": config,
                "on_illegal": "penalize",
                "mask_in_observation": mask_in_observation,
            },
        )
    made = gymnasium.make(name)
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
    assert info == {} and e.observation_space.contains(observation)
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
        assert info == {} and not truncated
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
    with pytest.raises(IllegalActionError, match=rf"seat_0 may not play action {illegal} \("):
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
    assert info["illegal"].startswith(f"seat_0 may not play action {illegal} (")
    assert np.array_equal(again, observation) and again is not observation
    assert (e.game_state, e.record(), e.action_masks().tobytes()) == before
    with pytest.raises(IndexError, match="outside the space"):
        e.step(e.action_space.n)
    with pytest.raises(TypeError, match="seat_0"):
        e.step(1.5)  # type: ignore[arg-type]
    legal = int(np.flatnonzero(e.action_masks())[0])
    _observation, reward, _terminated, _truncated, info = e.step(np.int64(legal))
    assert (reward, info) == (0.0, {})
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
    assert info == {"skipped": (1000011,)}
    assert e.game_seed != 1000011 and e.action_masks().sum() > 1
    assert not kinmarr.is_over(e.game_state)
    again = make("kinmarr-2-guilds", skip_forced=True)
    assert again.reset(seed=1000011)[1] == info and again.game_state == e.game_state
    assert make("kinmarr-2-guilds").reset(seed=1000011)[1] == {}, "asked without skip_forced"
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
    assert svg.metadata["render_modes"] == ["human", "ansi", "svg"]
    silent = make("grimheim-1-hero")
    silent.reset(seed=1)
    with pytest.warns(UserWarning, match="render mode"):
        assert silent.render() is None
    with pytest.raises(ValueError, match="no render mode 'rgb_array'"):
        make("grimheim-1-hero", render_mode="rgb_array")


# -- the MaskablePPO recipe ------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "seat"), [("kinmarr", 1), ("goblinguard", 0)])
def test_the_maskable_ppo_recipe_s_environment(game: str, seat: int) -> None:
    """examples/maskable_ppo.py without PyTorch: its environment passes check_env (penalizing,
    as check_env steps unmasked), and its win rate measure runs."""
    from examples.maskable_ppo import make_env, win_rate

    e = make_env(game, seat=seat)
    assert e.seat == seat and e.skip_forced
    check_env(
        env(e.game, config=e.config, seat=seat, skip_forced=True, on_illegal="penalize"),
        skip_render_check=True,
    )
    first = lambda _observation, mask: int(np.flatnonzero(mask)[0])  # noqa: E731
    rate = win_rate(e, first, games=2, seed=0)
    assert rate in (0.0, 0.5, 1.0)
    with pytest.raises(ValueError, match="kinmarr or goblinguard, not 'chess'"):
        make_env("chess")


# -- errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"seat": 2}, ValueError, "seats 0 to 1, not 2"),
        ({"seat": -1}, ValueError, "seats 0 to 1, not -1"),
        ({"seat": True}, TypeError, "seat is an integer, not True"),
        ({"seat": "0"}, TypeError, "seat is an integer"),
        ({"opponents": "nobody"}, ValueError, "no agent 'nobody' .for seat 1.; it has heuristic"),
        ({"opponents": 3}, TypeError, "opponent for seat 1 is an agent's name or an object"),
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
        ({"render_mode": "rgb_array"}, ValueError, "no render mode"),
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
    assert "tabletop-rules[pettingzoo]" in done.stdout
