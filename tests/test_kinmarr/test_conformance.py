"""The shared conformance check of :mod:`tabletop_rules.testing`, run on kinmarr: 2, 3 and 4
guilds in both chance modes (the views of every seat at every step), and hash-seed independence.

Games are cut short with a round limit (K7), so the check covers many set-ups and turns in little
time; ``scripts/kinmarr_fuzz.py`` and the benchmarks play whole games.
"""

from __future__ import annotations

from collections.abc import Sequence

import kinmarr
from tabletop_rules import Rng
from tabletop_rules.testing import check_game, check_hash_seed_independence

GUILDS = kinmarr.DEFAULT_GUILDS
CONFIGS = [
    kinmarr.Config(guilds=GUILDS[:n], chance=chance, round_limit=limit)
    for n, limit in ((2, 10), (3, 6), (4, 4))
    for chance in ("sampled", "explicit")
]


def _illegal_guesses(state: kinmarr.State, rng: Rng) -> Sequence[kinmarr.Action]:
    """Actions that break each kind of rule, where the position allows it."""
    seat, rng = rng.below(6)
    cards = [c.id for c in state.config.content.cards[::17]]
    return [
        kinmarr.Pass(),
        kinmarr.Travel(),
        kinmarr.EndTurn(),
        kinmarr.NoDuel(),
        kinmarr.Duel(seat),
        kinmarr.Trade(seat),
        kinmarr.Refresh(),
        kinmarr.Propose(),
        kinmarr.AcceptTrade(),
        kinmarr.NoReroll(),
        kinmarr.Reroll(0, 1),
        kinmarr.Keep("slot"),
        kinmarr.SkipLoot(),
        kinmarr.TakeCoins(),
        kinmarr.Power(None),
        kinmarr.Roll(seat + 1),
        kinmarr.FaceResult("hit"),
        *(kinmarr.Choose(c) for c in cards),
        *(kinmarr.Buy(c) for c in cards),
        *(kinmarr.Use(c) for c in cards),
        *(kinmarr.Reveal(c) for c in cards),
        *(kinmarr.Slot(c) for c in cards),
        *(kinmarr.Drop(c) for c in cards),
    ]


def test_conformance_for_two_three_and_four_guilds_in_both_chance_modes() -> None:
    report = check_game(
        kinmarr.GAME, games=3, seed=0, configs=CONFIGS, illegal_actions=_illegal_guesses
    )
    assert report.games == 3 * len(CONFIGS)
    assert report.checks["chance"] > 0 and report.checks["views"] > report.steps


def test_conformance_with_auto_pass_and_a_whole_game() -> None:
    config = kinmarr.Config(guilds=GUILDS[1:3], auto_pass=True)
    report = check_game(kinmarr.GAME, games=1, seed=3, config=config)
    assert report.steps > 0


def test_legal_action_order_does_not_depend_on_hash_seed() -> None:
    config = kinmarr.Config(round_limit=4)
    check_hash_seed_independence("kinmarr", config=config, seeds=(0,), games=2)


def test_legal_action_order_does_not_depend_on_hash_seed_in_explicit_chance() -> None:
    config = kinmarr.Config(guilds=GUILDS[:3], chance="explicit", round_limit=3)
    check_hash_seed_independence("kinmarr", config=config, seeds=(5,), games=1)
