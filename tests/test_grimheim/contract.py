"""grimheim's table for the contract suite (``tests/contract/``): the configs and budgets the
checks every game shares run with, at every hero count and in both chance modes."""

from __future__ import annotations

from typing import Literal

from tests.contract.table import Conformance, Contract, Fuzz, HashSeeds, Observed, Saves, Spaces
from tests.test_grimheim import fuzzing

import grimheim as gh
from tabletop_rules import RandomAgent
from tabletop_rules.testing import ConformanceReport

Chance = Literal["sampled", "explicit"]
HEROES = ("bjorn", "alva", "embla", "boldur")
ONE = ("alva",)
FOUR = HEROES
CHANCES: tuple[Chance, ...] = ("sampled", "explicit")
TEAMS = [
    ("bjorn",),
    ("alva", "embla"),
    ("boldur", "bjorn", "alva"),
    ("bjorn", "alva", "embla", "boldur"),
]

ONE_AND_FOUR = [gh.Config(heroes=ONE), gh.Config(heroes=FOUR)]


def _team_checked(heroes: tuple[str, ...]) -> Conformance:
    def expect(report: ConformanceReport) -> bool:
        leaks = report.checks["view-leak"] > 0 or len(heroes) == 1
        return report.games == 4 and report.checks["chance"] > 0 and leaks

    return Conformance(
        f"{len(heroes)}-heroes-both-chance-modes",
        configs=[
            gh.Config(heroes=heroes),
            gh.Config(heroes=heroes, chance="explicit", monster_die=True),
        ],
        games=2,
        seed=len(heroes),
        expect=expect,
    )


def _spaces(heroes: tuple[str, ...], chance: Chance) -> Spaces:
    """Random games with or without the monster die, players deciding or not, the defender
    playing every other game."""
    kinds = {"MoveTo", "EndTurn", "Use"} | ({"Roll", "Drawn"} if chance == "explicit" else set())
    return Spaces(
        f"{len(heroes)}-heroes-{chance}",
        games=5,
        per_seed=lambda seed: gh.Config(
            heroes=heroes, chance=chance, monster_die=seed % 2 == 0, players_decide=seed % 3 != 1
        ),
        agent=lambda seed, seat: gh.DefenderAgent() if seed % 2 else RandomAgent(),
        kinds=frozenset(kinds),
    )


SAVES = [
    Saves(
        f"{n}-{chance}",
        gh.Config(heroes=HEROES[:n], chance=chance, monster_die=chance == "explicit"),
        fuzzing.with_rare_cards,
    )
    for n in range(1, 5)
    for chance in CHANCES
]
"""The heroes start with rare cards in play, which random play seldom reaches."""

OUTSIDE = (
    gh.Config(heroes=("bjorn", "alva")),
    [
        gh.Use("embla-hero"),
        gh.Discard("not-a-card"),
        gh.TargetHero(2),
        gh.MoveTo(gh.Hex(99, 99)),
        "end",
    ],
)
"""A config, and actions its action space does not hold."""

OBSERVED = Observed(
    "4-heroes",
    gh.Config(heroes=FOUR),
    (0, 1, 2),
    every=15,
    until=45,
    redeals=(5, 6),
    digest="3374e3f6f12431a51bdb041fb3845984b4be96899967dc281559224acfa9f8a7",
)
"""Views of four-hero games whose observations must not change (``Observed.digest``)."""

CONTRACT = Contract(
    "grimheim",
    gh.GAME,
    gh,
    conformance=[
        *(_team_checked(heroes) for heroes in TEAMS),
        Conformance(
            "variants",
            configs=[
                gh.Config(
                    heroes=("embla", "boldur"), track="long", hard_setup=True, hard_upgrades=True
                ),
                gh.Config(heroes=("alva",), players_decide=False, monster_die=True),
            ],
            games=2,
            seed=11,
        ),
    ],
    hash_seeds=[
        HashSeeds("sampled", gh.Config(heroes=("bjorn", "alva"))),
        HashSeeds(
            "explicit",
            gh.Config(heroes=("embla", "boldur"), chance="explicit", monster_die=True),
            seeds=(1,),
        ),
    ],
    saves=SAVES,
    spaces=[_spaces(heroes, chance) for heroes in (ONE, FOUR) for chance in CHANCES],
    small_spaces=ONE_AND_FOUR,
    numbered=ONE_AND_FOUR,
    outside=OUTSIDE,
    observed=[OBSERVED],
    fuzz=Fuzz(
        fuzzing.run, 12, 1_500, 300, 300, 300, 100
    ),  # games, loads, content, notations, actions, positions
    environments={
        "1-hero": gh.Config(heroes=("bjorn",)),
        "2-heroes": gh.Config(heroes=("bjorn", "alva")),
        "2-heroes-explicit": gh.Config(heroes=("bjorn", "alva"), chance="explicit"),
    },
    openspiel=[(1, 3), (2, 2), (3, 1), (4, 1)],
)
