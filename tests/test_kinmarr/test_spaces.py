"""The kinmarr action space and observation: every legal action of random games is in the space
and round trips, the numbering is stable in every process, and observations show exactly what a
view shows."""

from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys

import pytest

import kinmarr
from kinmarr import scenario
from kinmarr._actions import ACTIONS
from kinmarr._spaces import _universe
from tabletop_rules import (
    CHANCE,
    Agent,
    NotInSpaceError,
    RandomAgent,
    TableSpace,
    play,
    shape_of,
)

TWO = ("feudal_pact", "pathfinders")
FOUR = kinmarr.DEFAULT_GUILDS


def _seat(state: kinmarr.State) -> int:
    seat = kinmarr.current_player(state)
    return state.turn if seat is None or seat == CHANCE else seat


@pytest.mark.parametrize("guilds", [TWO, FOUR], ids=["2-guilds", "4-guilds"])
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_every_legal_action_of_random_games_is_in_the_space(
    guilds: tuple[str, ...], chance: str
) -> None:
    kinds: set[type] = set()
    for seed in range(10):
        config = kinmarr.Config(
            guilds=guilds,
            chance=chance,  # type: ignore[arg-type]
            round_limit=None if seed % 2 else 10,
            auto_pass=seed == 5,
        )
        space = kinmarr.action_space(config)
        shape = kinmarr.observation_shape(config)
        agents: list[Agent[kinmarr.Action]] = [
            kinmarr.HeuristicAgent() if (seed + i) % 2 else RandomAgent()
            for i in range(len(guilds))
        ]
        _, actions = play(kinmarr.GAME, agents, seed=seed, config=config)
        state = kinmarr.new_game(config, seed=seed)
        for step, action in enumerate(actions):
            legal = kinmarr.legal_actions(state)
            indices = space.indices(legal)
            assert len(set(indices)) == len(legal)
            assert all(space.action(i) == a for a, i in zip(legal, indices, strict=True))
            kinds.update(type(a) for a in legal)
            if step % 3 == 0:
                mask = space.mask(legal)
                assert sum(mask) == len(legal)
                assert [i for i, ok in enumerate(mask) if ok] == sorted(indices)
                obs = kinmarr.observation(kinmarr.view(state, _seat(state)))
                assert shape_of(obs) == shape
                assert all(math.isfinite(v) for v in obs)
            state = kinmarr.apply(state, action)
        assert kinmarr.is_over(state)
    assert len(kinds) >= 25, sorted(k.__name__ for k in set(ACTIONS) - kinds)


def test_every_action_of_the_space_round_trips_and_is_unique() -> None:
    for guilds in (TWO, FOUR):
        space = kinmarr.action_space(kinmarr.Config(guilds=guilds))
        actions = list(space)
        assert len(set(actions)) == len(actions) == space.size
        assert all(space.index(a) == i for i, a in enumerate(actions))
        assert {type(a) for a in actions} == set(ACTIONS)


def test_the_standard_sizes_and_bounds() -> None:
    config = kinmarr.Config()
    space = kinmarr.action_space(config)
    assert space.size == 970
    assert kinmarr.action_space(kinmarr.Config(guilds=TWO)).size == 952
    limit = kinmarr.dice_limit(config)
    assert limit == 3 + 3
    assert kinmarr.Reroll(limit - 1, 0) in space
    assert kinmarr.Reroll(limit, 0) not in space
    assert kinmarr.Duel(3) in space
    assert kinmarr.Duel(3) not in kinmarr.action_space(kinmarr.Config(guilds=TWO))
    assert kinmarr.observation_shape(config) == (3521,)


def test_the_dice_limit_counts_every_extra_die_a_guild_can_hold() -> None:
    pack = kinmarr.standard_pack()
    extra = sorted(
        (sum(isinstance(e, kinmarr.ExtraDie) for e in c.passive) for c in pack.cards),
        reverse=True,
    )
    for guild in pack.guilds:
        own = len(guild.dice) + sum(isinstance(e, kinmarr.ExtraDie) for e in guild.power.passive)
        config = kinmarr.Config(guilds=(guild.id, next(g.id for g in pack.guilds if g != guild)))
        assert kinmarr.dice_limit(config) >= own + sum(extra[:3])


def test_the_space_is_stable_across_constructions() -> None:
    for guilds in (TWO, FOUR):
        config = kinmarr.Config(guilds=guilds)
        built = kinmarr.action_space(config)
        again = TableSpace(_universe(guilds, kinmarr.Config(guilds=guilds).rules))
        assert again == built
        assert again.size == built.size
        explicit = kinmarr.Config(guilds=guilds, chance="explicit", auto_pass=True)
        assert kinmarr.action_space(explicit) == built


_PROBE = (
    "import hashlib, kinmarr\n"
    "for guilds in (('feudal_pact', 'pathfinders'), kinmarr.DEFAULT_GUILDS):\n"
    "    space = kinmarr.action_space(kinmarr.Config(guilds=guilds))\n"
    "    text = '|'.join(kinmarr.notation(a) for a in space)\n"
    "    print(hashlib.sha256(text.encode()).hexdigest())\n"
)


def test_the_numbering_does_not_depend_on_the_hash_seed() -> None:
    outputs = set()
    for hash_seed in ("0", "31337"):
        done = subprocess.run(
            [sys.executable, "-c", _PROBE],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    space = kinmarr.action_space(kinmarr.Config(guilds=TWO))
    here = "|".join(kinmarr.notation(a) for a in space)
    assert outputs.pop().split()[0] == hashlib.sha256(here.encode()).hexdigest()


def test_actions_outside_the_space_are_refused_clearly() -> None:
    space = kinmarr.action_space(kinmarr.Config(guilds=TWO))
    for action in (
        kinmarr.Buy("no-such-card"),
        kinmarr.Duel(2),
        kinmarr.Roll(7),
        kinmarr.Reroll(0, 0),
        "travel",
    ):
        with pytest.raises(NotInSpaceError):
            space.index(action)  # type: ignore[arg-type]
        assert action not in space
    with pytest.raises(IndexError):
        space.action(-1)


# -- observations ----------------------------------------------------------------------------


def _mid_game(guilds: tuple[str, ...], seed: int, after: int) -> kinmarr.State:
    """The first position from action ``after`` on where a player decides and all live."""
    config = kinmarr.Config(guilds=guilds)
    agents: list[Agent[kinmarr.Action]] = [RandomAgent() for _ in guilds]
    _, actions = play(kinmarr.GAME, agents, seed=seed, config=config)
    state = kinmarr.new_game(config, seed=seed)
    for step, action in enumerate(actions):
        seat = kinmarr.current_player(state)
        live = all(p.alive for p in state.players)
        if step >= after and seat is not None and seat != CHANCE and live:
            return state
        state = kinmarr.apply(state, action)
    raise AssertionError("no such position")


def test_redeals_and_equal_views_give_equal_observations() -> None:
    for chance in ("sampled", "explicit"):
        config = kinmarr.Config(guilds=FOUR, chance=chance)
        _, actions = play(kinmarr.GAME, [RandomAgent() for _ in FOUR], seed=4, config=config)
        state = kinmarr.new_game(config, seed=4)
        for step, action in enumerate(actions):
            if step % 25 == 0:
                for seat in range(len(FOUR)):
                    view = kinmarr.view(state, seat)
                    obs = kinmarr.observation(view)
                    assert kinmarr.observation(kinmarr.view(state, seat)) == obs
                    redealt = kinmarr.redeal(view, step + seat)
                    assert kinmarr.observation(kinmarr.view(redealt, seat)) == obs
            state = kinmarr.apply(state, action)


def test_views_that_differ_in_something_visible_give_different_observations() -> None:
    state = _mid_game(FOUR, 5, 60)
    item = next(c.id for c in kinmarr.standard_pack().cards if c.kind == "item")
    fate = scenario.fate(state)
    info = scenario.player_info(state, 1)
    variants = [
        state,
        scenario.set_fate(state, fate + 1 if fate < 9 else fate - 1),
        scenario.set_player(state, 1, coins=info.coins + 1),
        scenario.set_player(state, 1, wounds=(info.wounds + 1) % 3),
        scenario.put_player(
            state,
            1,
            kinmarr.Tile("outer", 3) if info.tile != kinmarr.Tile("outer", 3) else kinmarr.CASTLE,
        ),
        scenario.discard(state, [item]) if item not in state.discarded else state,
        scenario.set_shop(state, ()),
    ]
    variants = [v for i, v in enumerate(variants) if i == 0 or v != state]
    assert len(variants) >= 6
    observations = [kinmarr.observation(kinmarr.view(v, 0)) for v in variants]
    for i, obs in enumerate(observations):
        for j in range(i + 1, len(observations)):
            assert obs != observations[j], (i, j)
    assert kinmarr.observation(kinmarr.view(state, 1)) != observations[0]


def test_observation_takes_a_view_only() -> None:
    with pytest.raises(TypeError, match="View"):
        kinmarr.observation(kinmarr.new_game(seed=0))  # type: ignore[arg-type]


def test_the_game_value_carries_the_space_and_the_observation() -> None:
    assert kinmarr.GAME.action_space is kinmarr.action_space
    assert kinmarr.GAME.observation == kinmarr.observation
    assert kinmarr.GAME.observation_shape is kinmarr.observation_shape
