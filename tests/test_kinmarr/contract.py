"""kinmarr's table for the contract suite (``tests/contract/``): the configs, budgets and
illegal-action guesses the checks every game shares run with, for 2, 3 and 4 guilds in both
chance modes.

Conformance games are cut short with a round limit (K7), so the check covers many set-ups and
turns in little time; ``scripts/fuzz.py kinmarr`` and the benchmarks play whole games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from tests.contract.table import Conformance, Contract, Fuzz, HashSeeds, Observed, Saves, Spaces
from tests.test_kinmarr import fuzzing

import kinmarr
from tabletop_rules import RandomAgent, Rng

Chance = Literal["sampled", "explicit"]
CHANCES: tuple[Chance, ...] = ("sampled", "explicit")
GUILDS = kinmarr.DEFAULT_GUILDS
TWO = ("feudal_pact", "pathfinders")
FOUR = GUILDS
CONFIGS = [
    kinmarr.Config(guilds=GUILDS[:n], chance=chance, round_limit=limit)
    for n, limit in ((2, 10), (3, 6), (4, 4))
    for chance in ("sampled", "explicit")
]

OBSERVATIONS = {
    "sampled": "f017d064982548801b2a34d808ec4a94e8146331e0adff2eacf7599fc280500f",
    "explicit": "3cd9a0001e7001c8c10945b86c1adb1feb79a76c268682b3f751e2f5fc2db90c",
}
"""The digests of the observations the contract suite reads (``Observed.digest``)."""

SMALLEST_AND_LARGEST = [kinmarr.Config(guilds=TWO), kinmarr.Config(guilds=FOUR)]


def illegal_guesses(state: kinmarr.State, rng: Rng) -> Sequence[kinmarr.Action]:
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


def _spaces(guilds: tuple[str, ...], chance: Chance) -> Spaces:
    """Random games, every other one cut short and one with auto-pass, the heuristic agent in
    every other seat; at least 25 kinds of action come up."""
    return Spaces(
        f"{len(guilds)}-guilds-{chance}",
        games=10,
        per_seed=lambda seed: kinmarr.Config(
            guilds=guilds, chance=chance, round_limit=None if seed % 2 else 10, auto_pass=seed == 5
        ),
        agent=lambda seed, seat: kinmarr.HeuristicAgent() if (seed + seat) % 2 else RandomAgent(),
        least_kinds=25,
    )


OUTSIDE = (
    kinmarr.Config(guilds=TWO),
    [
        kinmarr.Buy("no-such-card"),
        kinmarr.Duel(2),
        kinmarr.Roll(7),
        kinmarr.Reroll(0, 0),
        "travel",
    ],
)
"""A config, and actions its action space does not hold."""

CONTRACT = Contract(
    "kinmarr",
    kinmarr.GAME,
    kinmarr,
    conformance=[
        Conformance(
            "two-three-and-four-guilds-in-both-chance-modes",
            configs=CONFIGS,
            games=3,
            expect=lambda report: (
                report.games == 3 * len(CONFIGS)
                and report.checks["chance"] > 0
                and report.checks["views"] > report.steps
            ),
        ),
        Conformance(
            "auto-pass-and-a-whole-game",
            configs=[kinmarr.Config(guilds=GUILDS[1:3], auto_pass=True)],
            games=1,
            seed=3,
            guesses=False,
        ),
    ],
    illegal_actions=illegal_guesses,
    hash_seeds=[
        HashSeeds("sampled", kinmarr.Config(round_limit=4), games=2),
        HashSeeds(
            "explicit",
            kinmarr.Config(guilds=GUILDS[:3], chance="explicit", round_limit=3),
            seeds=(5,),
        ),
    ],
    saves=[
        Saves(f"{n}-{chance}", kinmarr.Config(guilds=GUILDS[:n], chance=chance))
        for n in range(2, 5)
        for chance in CHANCES
    ],
    spaces=[_spaces(guilds, chance) for guilds in (TWO, FOUR) for chance in CHANCES],
    small_spaces=SMALLEST_AND_LARGEST,
    numbered=SMALLEST_AND_LARGEST,
    outside=OUTSIDE,
    observed=[
        Observed(
            f"4-guilds-{chance}",
            kinmarr.Config(guilds=FOUR, chance=chance),
            (4,),
            25,
            digest=OBSERVATIONS[chance],
        )
        for chance in CHANCES
    ],
    fuzz=Fuzz(
        fuzzing.run, 8, 700, 200, 300, 300, 100
    ),  # games, loads, content, notations, actions, positions
    environments={
        "2-guilds": kinmarr.Config(guilds=TWO),
        "2-guilds-explicit": kinmarr.Config(guilds=TWO, chance="explicit"),
    },
    openspiel=[(2, 3), (3, 1), (4, 1)],
)
