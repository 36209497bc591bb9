"""What is kinmarr's own in its action space and observation: its documented sizes and bounds,
the dice limit, its stability across constructions, and which views' observations differ. What
every game's space and observation share is in ``tests/contract/test_spaces.py``."""

from __future__ import annotations

import kinmarr
from kinmarr import scenario
from kinmarr._actions import ACTIONS
from kinmarr._spaces import _universe
from tabletop_rules import CHANCE, Agent, RandomAgent, TableSpace, play

TWO = ("feudal_pact", "pathfinders")
FOUR = kinmarr.DEFAULT_GUILDS


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
    for guilds in (TWO, FOUR):
        assert {type(a) for a in kinmarr.action_space(kinmarr.Config(guilds=guilds))} == set(
            ACTIONS
        )


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
