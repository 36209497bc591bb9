"""What is goblinguard's own in its action space and observation: the space's bounds and documented
size, that it depends only on the deck, and which views' observations differ. What every game's
space and observation share is in ``tests/contract/test_spaces.py``."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from tests.test_goblinguard.contract import SMALL, FarAgent

import goblinguard as gg
from goblinguard._deck import compile_deck
from goblinguard._spaces import _DeckSpace
from tabletop_rules import RandomAgent, flatten, play


def test_the_far_agent_reaches_the_edge_of_a_small_space() -> None:
    """A chain of cards can go almost as far as the bound allows, so the bound is not loose."""
    config = gg.Config(SMALL, order=tuple(card.id for card in SMALL))
    farthest = 0
    for seed in range(6):
        _, actions = play(gg.GAME, [FarAgent()], seed=seed, config=config)
        farthest = max(farthest, *(abs(a.x) + abs(a.y) for a in actions if isinstance(a, gg.Place)))
    reach = 3 * (len(SMALL) - 1)
    assert reach - 4 <= farthest <= reach


def test_a_small_space_holds_every_card_on_every_cell_of_its_reach() -> None:
    space = gg.action_space(gg.Config(SMALL))
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


# -- observations ----------------------------------------------------------------------------


def _puzzle(order: Sequence[str] | None = None) -> gg.State:
    ids = tuple(card.id for card in gg.standard_deck()) if order is None else tuple(order)
    return gg.new_game(gg.Config(order=ids), seed=0)


def test_a_redeal_deals_the_hidden_deck_afresh_but_the_observation_stays() -> None:
    """In sampled chance a redeal shuffles the unseen deck again (explicit chance has nothing
    hidden to deal); the contract suite checks the observations of every game's redeals."""
    for seed in range(3):
        _, actions = play(gg.GAME, [RandomAgent()], seed=seed)
        state = gg.new_game(seed=seed)
        for step, action in enumerate(actions[:-2]):
            if step % 4 == 0:
                view = gg.view(state)
                for other in (11, 12):
                    redealt = gg.redeal(view, other)
                    assert redealt != state
                    assert gg.observation(gg.view(redealt)) == gg.observation(view)
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
