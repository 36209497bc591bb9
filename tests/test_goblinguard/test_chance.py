"""Explicit chance (R12 as decisions): the opening hand and every draw are chosen by the chance
seat, with exact probabilities, and scripting the draws reproduces a fixed order."""

from __future__ import annotations

from fractions import Fraction

import pytest

import goblinguard as gg
from tabletop_rules import CHANCE, IllegalActionError, RandomAgent, Rng, play, sample_chance

EXPLICIT = gg.Config(chance="explicit")
ORDER = (
    "fort", "g1", "g9", "o1", "tower-a", "g2", "g3", "g4", "g5", "g6",
    "g7", "g8", "g10", "g11", "g12", "o2", "o3", "o4", "barracks", "tower-b",
)  # fmt: skip


def test_r12_the_opening_hand_is_five_chance_draws() -> None:
    state = gg.new_game(EXPLICIT, seed=0)
    assert (state.hand, state.to_draw) == ((), 5)
    for drawn in range(5):
        assert gg.current_player(state) == CHANCE
        decision = gg.decision(state)
        assert decision is not None and decision.kind == "chance" and decision.seat == CHANCE
        assert decision.context == gg.DrawContext(5 - drawn, gg.unseen(state))
        legal = gg.legal_actions(state)
        assert legal == tuple(gg.Draw(card) for card in gg.unseen(state))
        state = gg.apply(state, legal[-1])
    assert gg.current_player(state) == 0
    assert state.hand == ("o4", "fort", "barracks", "tower-a", "tower-b")


def test_r12_each_unseen_card_is_equally_likely() -> None:
    state = gg.new_game(EXPLICIT, seed=0)
    outcomes = gg.chance_outcomes(state)
    assert [action for action, _ in outcomes] == list(gg.legal_actions(state))
    assert {p for _, p in outcomes} == {Fraction(1, 20)}
    assert sum(p for _, p in outcomes) == 1
    state = gg.apply(state, gg.Draw("fort"))
    assert {p for _, p in gg.chance_outcomes(state)} == {Fraction(1, 19)}
    assert gg.chance_outcomes(gg.new_game(seed=0)) == ()


def test_r12_after_each_placement_chance_draws_one_card() -> None:
    state = _drawn(gg.new_game(EXPLICIT, seed=0), ORDER[:5])
    state = gg.apply(state, gg.Place("fort", 0, 0))
    assert (len(state.hand), state.to_draw, gg.current_player(state)) == (4, 1, CHANCE)
    with pytest.raises(IllegalActionError, match="R12: a card must be drawn first"):
        gg.apply(state, gg.Place("g1", 2, 0))
    with pytest.raises(IllegalActionError, match="not among the cards still to draw"):
        gg.apply(state, gg.Draw("fort"))
    state = gg.apply(state, gg.Draw("g2"))
    assert "g2" in state.hand and state.to_draw == 0
    with pytest.raises(IllegalActionError, match="R12: no card is being drawn now"):
        gg.apply(state, gg.Draw("g3"))


def test_drawing_the_cards_of_a_fixed_order_gives_the_same_game() -> None:
    fixed = gg.new_game(gg.Config(order=ORDER), seed=5)
    _, placements = play(gg.GAME, [gg.GreedyAgent()], seed=5, config=gg.Config(order=ORDER))
    explicit = _drawn(gg.new_game(EXPLICIT, seed=5), ORDER[:5])
    pending = list(ORDER[5:])
    assert explicit.hand == fixed.hand
    for placement in placements:
        fixed = gg.apply(fixed, placement)
        explicit = gg.apply(explicit, placement)
        if explicit.to_draw:
            explicit = gg.apply(explicit, gg.Draw(pending.pop(0)))
        assert (explicit.hand, explicit.placed, explicit.defeated, explicit.active) == (
            fixed.hand,
            fixed.placed,
            fixed.defeated,
            fixed.active,
        )
    assert gg.outcome(explicit) == gg.outcome(fixed)


def test_a_fixed_order_has_no_chance_decisions_in_either_mode() -> None:
    state = gg.new_game(gg.Config(order=ORDER, chance="explicit"), seed=0)
    assert gg.current_player(state) == 0 and gg.chance_outcomes(state) == ()


@pytest.mark.parametrize("config", [gg.Config(), EXPLICIT], ids=["sampled", "explicit"])
def test_a_seeded_game_is_reproducible_in_both_modes(config: gg.Config) -> None:
    first = play(gg.GAME, [RandomAgent()], seed=9, config=config)
    assert play(gg.GAME, [RandomAgent()], seed=9, config=config) == first
    assert play(gg.GAME, [RandomAgent()], seed=10, config=config)[1] != first[1]


def test_sample_chance_draws_an_unseen_card() -> None:
    state = gg.new_game(EXPLICIT, seed=0)
    seen = {sample_chance(gg.GAME, state, Rng.from_seed(s))[0] for s in range(200)}
    assert seen == set(gg.legal_actions(state))


def test_views_at_a_chance_decision() -> None:
    state = _drawn(gg.new_game(EXPLICIT, seed=0), ORDER[:3])
    view = gg.view(state)
    assert (view.to_draw, view.deck_size, view.hand) == (2, 17, state.hand)
    assert gg.legal_actions(view) == gg.legal_actions(state)
    assert gg.decision(view) == gg.decision(state)
    assert gg.view(gg.redeal(view, seed=3)) == view


def _drawn(state: gg.State, cards: tuple[str, ...]) -> gg.State:
    for card in cards:
        state = gg.apply(state, gg.Draw(card))
    return state
