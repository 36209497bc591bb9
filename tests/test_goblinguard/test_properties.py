"""Property tests over many random games (Hypothesis)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.test_goblinguard.oracle import footprint, legal_places, owners, protected
from tests.test_goblinguard.positions import places

import goblinguard as gg
from tabletop_rules import Record, Rng
from tabletop_rules.testing import action_sequences, finished_games, states

# A deck with two Forts and crowded monsters, so the Fort rules (R9) come up often.
FORTS = gg.Config(
    deck=(
        gg.Card("fa", "FG/HH"),
        gg.Card("fb", "HH/GF"),
        gg.Card("xx", "XX/HH"),
        gg.Card("xo", "XH/OH"),
        gg.Card("gx", "GX/GH"),
        gg.Card("hx", "HX/HG"),
        gg.Card("gg", "GG/HG"),
        gg.Card("ho", "HO/GG"),
    )
)


@settings(max_examples=25)
@given(states(gg.GAME, max_steps=20) | states(gg.GAME, FORTS, max_steps=8))
def test_legal_actions_match_a_naive_reading_of_the_rules(state: gg.State) -> None:
    legal = gg.legal_actions(state)
    assert set(legal) == legal_places(state)
    assert len(set(legal)) == len(legal)


@settings(max_examples=40)
@given(states(gg.GAME, max_steps=20) | states(gg.GAME, FORTS, max_steps=8))
def test_every_position_keeps_r4(state: gg.State) -> None:
    layouts = {card.id: card.layout for card in state.config.deck}
    assert protected([(p.card, p.x, p.y) for p in gg.stack(state)], layouts)


@settings(max_examples=40)
@given(states(gg.GAME, max_steps=20))
def test_legal_actions_are_in_the_documented_order(state: gg.State) -> None:
    legal = places(state)
    order = {card: i for i, card in enumerate(state.hand)}
    keys = [(order[a.card], a.layer is gg.Layer.BOTTOM, a.x, a.y) for a in legal]
    assert keys == sorted(keys)


@settings(max_examples=40)
@given(states(gg.GAME, max_steps=20), st.integers(0, 2**64 - 1))
def test_redeal_keeps_the_view_and_deals_only_unseen_cards(state: gg.State, seed: int) -> None:
    view = gg.view(state)
    other = gg.redeal(view, seed)
    assert gg.view(other) == view
    assert sorted(other.deck) == sorted(state.deck)
    assert gg.legal_actions(other) == gg.legal_actions(state)


@settings(max_examples=40)
@given(states(gg.GAME, max_steps=20))
def test_cell_at_shows_the_topmost_card(state: gg.State) -> None:
    layouts = {card.id: card.layout.replace("/", "") for card in state.config.deck}
    stack = [(p.card, p.x, p.y) for p in gg.stack(state)]
    for (x, y), index in owners(stack).items():
        card, cx, cy = stack[index]
        letter = layouts[card][footprint(cx, cy).index((x, y))]
        assert gg.cell_at(state, x, y) == letter


@settings(max_examples=30)
@given(action_sequences(gg.GAME))
def test_defeats_only_grow_and_final_counts_agree(record: Record[Any, gg.State, gg.Action]) -> None:
    states_ = list(gg.replay(record))
    for before, after in itertools.pairwise(states_):
        assert before.defeated <= after.defeated
    result = gg.outcome(states_[-1])
    if result is not None:
        assert 0 <= result.defeated <= result.total == 16
        assert result.won == (result.defeated == result.total)


@settings(max_examples=10)
@given(finished_games(gg.GAME))
def test_finished_games_have_placed_every_card(state: gg.State) -> None:
    assert sorted(p.card for p in state.placed) == sorted(c.id for c in gg.standard_deck())
    assert gg.legal_actions(state) == ()


@pytest.mark.parametrize("config", [None, FORTS], ids=["standard", "forts"])
@pytest.mark.parametrize("seed", range(6))
def test_whole_games_match_the_naive_reading_at_every_step(
    seed: int, config: gg.Config | None
) -> None:
    state = gg.new_game(config, seed=seed)
    rng = Rng.from_seed(seed)
    while not gg.is_over(state):
        legal = gg.legal_actions(state)
        assert set(legal) == legal_places(state)
        action, rng = rng.choice(legal)
        state = gg.apply(state, action)
