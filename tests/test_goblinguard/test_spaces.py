"""The goblinguard action space and observation: every legal action is in the space and round
trips, the numbering is stable in every process, and observations show exactly what a view shows."""

from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys
from collections.abc import Sequence

import attrs
import pytest

import goblinguard as gg
from goblinguard._deck import compile_deck
from goblinguard._spaces import _DeckSpace
from tabletop_rules import (
    ActionSpace,
    Agent,
    NotInSpaceError,
    RandomAgent,
    Rng,
    flatten,
    play,
    shape_of,
)

SMALL = gg.deck_from_json(
    """{"name": "small", "cards": [
        {"id": "a", "layout": "GX/HH"}, {"id": "b", "layout": "HG/XH"},
        {"id": "c", "layout": "GH/HO"}, {"id": "d", "layout": "FG/HH"},
        {"id": "e", "layout": "HH/GG"}, {"id": "f", "layout": "BH/HG"}]}"""
)
CONFIGS = {
    "standard": gg.Config(),
    "standard-explicit": gg.Config(chance="explicit"),
    "small": gg.Config(SMALL),
    "small-explicit": gg.Config(SMALL, chance="explicit"),
}


class FarAgent(Agent[gg.Action]):
    """Always takes the legal action farthest from the start, to reach the space's edges."""

    def choose(self, view: object, legal: Sequence[gg.Action], rng: Rng) -> tuple[gg.Action, Rng]:
        def far(action: gg.Action) -> tuple[int, int]:
            if isinstance(action, gg.Draw):
                return (0, 0)
            return (abs(action.x) + abs(action.y), max(abs(action.x), abs(action.y)))

        return max(legal, key=far), rng


def _check_actions(
    space: ActionSpace[gg.Action], legal: tuple[gg.Action, ...], *, mask_too: bool = True
) -> None:
    indices = space.indices(legal)
    assert len(set(indices)) == len(legal)
    for action, i in zip(legal, indices, strict=True):
        assert space.action(i) == action
    if not mask_too:
        return
    mask = space.mask(legal)
    assert len(mask) == space.size
    assert sum(mask) == len(legal)
    assert all(mask[i] for i in indices)


def _check_observation(config: gg.Config, view: gg.View) -> None:
    obs = gg.observation(view)
    assert shape_of(obs) == gg.observation_shape(config)
    assert all(math.isfinite(v) for v in set(flatten(obs)))


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_legal_action_of_random_games_is_in_the_space(name: str) -> None:
    config = CONFIGS[name]
    space = gg.action_space(config)
    games = 4 if name.startswith("standard") else 12
    for seed in range(games):
        agent: Agent[gg.Action] = FarAgent() if seed % 2 else RandomAgent()
        _, actions = play(gg.GAME, [agent], seed=seed, config=config)
        state = gg.new_game(config, seed=seed)
        for step, action in enumerate(actions):
            _check_actions(space, gg.legal_actions(state), mask_too=step % 3 == 0)
            if seed < 2 or step % 5 == 0:
                _check_observation(config, gg.view(state))
            state = gg.apply(state, action)
        assert gg.is_over(state)
        _check_observation(config, gg.view(state))


def test_the_far_agent_reaches_the_edge_of_a_small_space() -> None:
    """A chain of cards can go almost as far as the bound allows, so the bound is not loose."""
    config = gg.Config(SMALL, order=tuple(card.id for card in SMALL))
    farthest = 0
    for seed in range(6):
        _, actions = play(gg.GAME, [FarAgent()], seed=seed, config=config)
        farthest = max(farthest, *(abs(a.x) + abs(a.y) for a in actions if isinstance(a, gg.Place)))
    reach = 3 * (len(SMALL) - 1)
    assert reach - 4 <= farthest <= reach


def test_every_number_of_a_small_space_round_trips() -> None:
    space = gg.action_space(gg.Config(SMALL))
    seen = set()
    for i in range(space.size):
        action = space.action(i)
        assert space.index(action) == i
        seen.add(action)
    assert len(seen) == space.size == len(list(space))
    n = len(SMALL)
    octagon = sum(
        2 * min(2 * (n - 1), 3 * (n - 1) - abs(y)) + 1 for y in range(-2 * n + 2, 2 * n - 1)
    )
    garrisons = sum(card.building is not None for card in SMALL)
    assert space.size == n + octagon * (2 * n - garrisons)


def test_the_standard_space_round_trips_and_has_its_documented_size() -> None:
    space = gg.action_space(gg.Config())
    assert space.size == 186_104
    for i in range(0, space.size, 7):
        assert space.index(space.action(i)) == i
    assert space.action(0) == gg.Place("g1", -19, -38)
    assert space.action(space.size - 21) == gg.Place("tower-b", 19, 38)
    assert space.action(space.size - 20) == gg.Draw("g1")
    assert space.action(space.size - 1) == gg.Draw("tower-b")
    assert gg.Place("g1", 38, 0) in space
    assert gg.Place("g1", 38, 20) not in space


def test_the_space_depends_only_on_the_deck() -> None:
    base = gg.action_space(gg.Config())
    fresh = _DeckSpace(compile_deck(tuple(gg.standard_deck())))
    assert fresh is not base
    assert fresh == base
    assert fresh.size == base.size
    assert all(fresh.action(i) == base.action(i) for i in range(0, base.size, 997))
    puzzle = gg.Config(order=tuple(card.id for card in gg.standard_deck()), chance="explicit")
    assert gg.action_space(puzzle) == base
    assert gg.action_space(gg.Config(SMALL)) != base


def test_actions_outside_the_space_are_refused_clearly() -> None:
    space = gg.action_space(gg.Config())
    outside = [
        gg.Place("nope", 0, 0),
        gg.Place("g1", 39, 0),
        gg.Place("g1", 0, -39),
        gg.Place("g1", 38, 20),
        gg.Place("fort", 0, 0, gg.Layer.BOTTOM),
        gg.Draw("nope"),
        "g1",
    ]
    for action in outside:
        with pytest.raises(NotInSpaceError) as caught:
            space.index(action)  # type: ignore[arg-type]
        assert isinstance(caught.value, ValueError)
        assert caught.value.action == action
        assert action not in space
    with pytest.raises(IndexError, match="outside the space"):
        space.action(space.size)
    with pytest.raises(IndexError):
        space.action(-1)
    with pytest.raises(TypeError):
        space.action("3")  # type: ignore[arg-type]
    with pytest.raises(NotInSpaceError):
        space.mask([gg.Place("g1", 0, 0), gg.Place("g1", 99, 0)])


def _fingerprint_code() -> str:
    return (
        "import hashlib, goblinguard as gg\n"
        "from goblinguard._deck import compile_deck\n"
        "from goblinguard._spaces import _DeckSpace\n"
        "for cards in (gg.standard_deck(), gg.Config().deck[:7]):\n"
        "    space = _DeckSpace(compile_deck(tuple(cards)))\n"
        "    step = max(1, space.size // 2000)\n"
        "    text = '|'.join(gg.notation(space.action(i)) for i in range(0, space.size, step))\n"
        "    print(space.size, hashlib.sha256(text.encode()).hexdigest())\n"
    )


def test_the_numbering_does_not_depend_on_the_hash_seed() -> None:
    outputs = set()
    for hash_seed in ("0", "4242"):
        done = subprocess.run(
            [sys.executable, "-c", _fingerprint_code()],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    local = _DeckSpace(compile_deck(tuple(gg.standard_deck())))
    step = max(1, local.size // 2000)
    text = "|".join(gg.notation(local.action(i)) for i in range(0, local.size, step))
    assert (
        outputs.pop().split("\n")[0] == f"{local.size} {hashlib.sha256(text.encode()).hexdigest()}"
    )


def test_the_game_value_carries_the_space_and_the_observation() -> None:
    assert gg.GAME.action_space is gg.action_space
    assert gg.GAME.observation == gg.observation
    assert gg.GAME.observation_shape is gg.observation_shape
    assert gg.observation_shape(gg.Config(SMALL)) == (18, 22, 22)


# -- observations ----------------------------------------------------------------------------


def _puzzle(order: Sequence[str] | None = None) -> gg.State:
    ids = tuple(card.id for card in gg.standard_deck()) if order is None else tuple(order)
    return gg.new_game(gg.Config(order=ids), seed=0)


def test_equal_views_give_equal_observations_and_redeals_change_nothing() -> None:
    for seed in range(3):
        for config in (gg.Config(), gg.Config(chance="explicit")):
            _, actions = play(gg.GAME, [RandomAgent()], seed=seed, config=config)
            state = gg.new_game(config, seed=seed)
            for step, action in enumerate(actions):
                if step % 4 == 0:
                    view = gg.view(state)
                    obs = gg.observation(view)
                    assert gg.observation(gg.view(state)) == obs
                    for other in (11, 12):
                        redealt = gg.redeal(view, other)
                        assert redealt != state or state.config.explicit
                        assert gg.observation(gg.view(redealt)) == obs
                state = gg.apply(state, action)


def _plane(obs: tuple[object, ...], name: str) -> tuple[tuple[float, ...], ...]:
    plane: tuple[tuple[float, ...], ...] = obs[gg.OBSERVATION_PLANES.index(name)]  # type: ignore[assignment]
    return plane


def test_views_that_differ_in_something_visible_give_different_observations() -> None:
    start = _puzzle()
    first = gg.apply(start, gg.Place("g1", 0, 0))
    on_top = gg.apply(first, gg.Place("g2", -1, 1))
    tucked = gg.apply(first, gg.Place("g2", -1, 1, gg.Layer.BOTTOM))
    elsewhere = gg.apply(first, gg.Place("g2", 2, 0))
    views = [gg.view(s) for s in (start, first, on_top, tucked, elsewhere)]
    other_hand = attrs.evolve(views[1], hand=("g2", "g3", "g4", "g5", "g7"))
    observations = [gg.observation(v) for v in (*views, other_hand)]
    for i, obs in enumerate(observations):
        for later in observations[i + 1 :]:
            assert obs != later
    obs_on_top, obs_tucked = observations[2], observations[3]
    reach = 2 * (len(gg.standard_deck()) - 1)
    assert _plane(obs_tucked, "tucked")[1 + reach][-1 + reach] == 1.0
    assert _plane(obs_on_top, "tucked")[1 + reach][-1 + reach] == 0.0
    assert _plane(obs_on_top, "depth")[1 + reach][0 + reach] == 2.0
    assert _plane(obs_on_top, "anchor")[reach][reach] == 1.0
    hand = _plane(observations[1], "in_hand")
    assert flatten(hand)[:8] == (0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0)


def test_defeats_and_the_counts_show() -> None:
    state = _puzzle()
    while not state.defeated:
        # the first placement that defeats a monster, else the first legal one
        legal = gg.legal_actions(state)
        state = next(
            (after for a in legal if (after := gg.apply(state, a)).defeated),
            gg.apply(state, legal[0]),
        )
    obs = gg.observation(gg.view(state))
    reach = 2 * (len(gg.standard_deck()) - 1)
    defeated = _plane(obs, "defeated")
    assert sum(flatten(defeated)) == len(state.defeated) > 0
    for x, y in state.defeated:
        assert defeated[y + reach][x + reach] == 1.0
    undefeated = gg.view(state)
    undefeated = attrs.evolve(undefeated, defeated=frozenset())
    assert gg.observation(undefeated) != obs
    assert set(flatten(_plane(obs, "deck_size"))) == {float(len(state.deck))}
    assert set(flatten(_plane(obs, "hand_size"))) == {float(len(state.hand))}
    goblins = _plane(obs, "goblin")
    for x, y in state.defeated:
        letter = gg.cell_at(state, x, y)
        assert (goblins[y + reach][x + reach] == 1.0) == (letter == "X")


def test_observation_takes_a_view_only() -> None:
    with pytest.raises(TypeError, match="View"):
        gg.observation(gg.new_game(seed=0))  # type: ignore[arg-type]
