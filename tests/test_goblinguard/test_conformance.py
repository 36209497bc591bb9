"""The shared conformance check of :mod:`tabletop_rules.testing`, run on goblinguard."""

from __future__ import annotations

from collections.abc import Sequence

import goblinguard as gg
from tabletop_rules import Rng
from tabletop_rules.testing import check_game, check_hash_seed_independence


def _illegal_guesses(state: gg.State, rng: Rng) -> Sequence[gg.Action]:
    """Actions that break each kind of rule, where the position allows it."""
    x, rng = rng.randint(-6, 6)
    y, rng = rng.randint(-6, 6)
    guesses: list[gg.Action] = [
        gg.Place(card, x, y, layer) for card in state.hand for layer in gg.Layer
    ]
    guesses += [gg.Place(p.card, p.x, p.y) for p in state.placed[:3]]  # not in hand
    guesses += [gg.Place(card, 99, -99) for card in state.hand]  # no contact
    guesses += [gg.Place(card, 1 << 18, 0) for card in state.hand[:1]]  # beyond LIMIT
    guesses += [gg.Draw(card) for card in state.hand]  # drawn already / not a chance decision
    return guesses


def test_conformance_standard_deck() -> None:
    report = check_game(gg.GAME, games=12, seed=0, illegal_actions=_illegal_guesses)
    assert report.games == 12
    assert report.steps == 12 * 20


def test_conformance_puzzle_with_fixed_order_and_custom_cards() -> None:
    deck = (*gg.standard_deck()[:6], gg.Card("twin", "XX/GH"), gg.Card("wall", "GG/GG"))
    config = gg.Config(deck=deck, order=tuple(reversed([c.id for c in deck])))
    report = check_game(gg.GAME, games=3, seed=100, config=config, illegal_actions=_illegal_guesses)
    assert report.steps == 3 * len(deck)


def test_conformance_explicit_chance() -> None:
    report = check_game(
        gg.GAME,
        games=6,
        seed=0,
        configs=[gg.Config(chance="explicit"), gg.Config(chance="explicit", order=ORDER)],
        illegal_actions=_illegal_guesses,
    )
    assert report.checks["chance"] == 6 * 20  # every card of the random games, none with order
    assert report.steps == 6 * 40 + 6 * 20


ORDER = tuple(card.id for card in gg.standard_deck())


def test_legal_action_order_does_not_depend_on_hash_seed() -> None:
    check_hash_seed_independence("goblinguard", seeds=(0, 7), games=1)


def test_legal_action_order_does_not_depend_on_hash_seed_in_explicit_chance() -> None:
    check_hash_seed_independence(
        "goblinguard", config=gg.Config(chance="explicit"), seeds=(3,), games=1
    )
