"""The shared conformance check of :mod:`tabletop_rules.testing`, run on grimheim at every hero
count, in both chance modes, with and without the monster die."""

from __future__ import annotations

import pytest

import grimheim as gh
from tabletop_rules.testing import check_game, check_hash_seed_independence

TEAMS = [
    ("bjorn",),
    ("alva", "embla"),
    ("boldur", "bjorn", "alva"),
    ("bjorn", "alva", "embla", "boldur"),
]


@pytest.mark.parametrize("heroes", TEAMS, ids=[str(len(t)) for t in TEAMS])
def test_conformance_at_every_hero_count_in_both_chance_modes(heroes: tuple[str, ...]) -> None:
    configs = [
        gh.Config(heroes=heroes),
        gh.Config(heroes=heroes, chance="explicit", monster_die=True),
    ]
    report = check_game(gh.GAME, games=2, seed=len(heroes), configs=configs)
    assert report.games == 4
    assert report.checks["chance"] > 0
    if len(heroes) > 1:
        assert report.checks["view-leak"] > 0


def test_conformance_of_the_variants() -> None:
    configs = [
        gh.Config(heroes=("embla", "boldur"), track="long", hard_setup=True, hard_upgrades=True),
        gh.Config(heroes=("alva",), players_decide=False, monster_die=True),
    ]
    check_game(gh.GAME, games=2, seed=11, configs=configs)


def test_legal_action_order_does_not_depend_on_hash_seed() -> None:
    check_hash_seed_independence(
        "grimheim", config=gh.Config(heroes=("bjorn", "alva")), seeds=(0,), games=1
    )


def test_legal_action_order_does_not_depend_on_hash_seed_in_explicit_chance() -> None:
    check_hash_seed_independence(
        "grimheim",
        config=gh.Config(heroes=("embla", "boldur"), chance="explicit", monster_die=True),
        seeds=(1,),
        games=1,
    )
