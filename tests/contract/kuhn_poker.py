"""Kuhn poker's table for the contract suite: ``examples/kuhn_poker.py``, a game of one's own that
is importable but not installed, runs the same checks as the installed games, at 2 and 3 players
in both chance modes."""

from __future__ import annotations

from typing import Any

import examples.kuhn_poker as kp
from tests.contract.table import (
    Conformance,
    Contract,
    Fuzz,
    HashSeeds,
    Observed,
    Saves,
    Spaces,
    fuzzer,
)

CONFIGS = [kp.Config(players=n, chance=c) for n in (2, 3) for c in ("sampled", "explicit")]


fuzz = fuzzer(kp.GAME, content=(), configs=CONFIGS, oracle=None, start=None)
"""Kuhn poker's fuzzing set-up: every config, no content files, no oracle."""


def _name(config: Any) -> str:
    return f"{config.players}-{config.chance}"


OBSERVATION_DIGESTS = {
    "2-sampled": "9b4116527e646cd54b33cf329282e9ed7af76673763a69a312376b323e2fc967",
    "2-explicit": "e2efb794063b590fca55f6d04202c2f6402d58c75265662b422fe18651585741",
    "3-sampled": "ce1f4e84ee2e3a8f0d1ec7b3d66a21388fab532684b600adeaa52391a851570b",
    "3-explicit": "9e3ecbeb14e42c9257b265891b3db3cae6ceb0e9b30653e1727582726639aee2",
}
"""The digests of the observations the contract suite reads (``Observed.digest``)."""

CONTRACT = Contract(
    "kuhn_poker",
    kp.GAME,
    kp,
    reference="examples.kuhn_poker:GAME",
    conformance=[
        Conformance(
            "every-seat-count-in-both-chance-modes",
            configs=CONFIGS,
            games=24,
            expect=lambda report: report.checks["view-leak"] > 0 and report.checks["chance"] > 0,
        )
    ],
    hash_seeds=[HashSeeds("default", seeds=(0, 1), games=2)],
    saves=[Saves(_name(config), config, games=6) for config in CONFIGS],
    spaces=[
        Spaces(
            _name(config),
            config,
            games=12,
            kinds=frozenset({"Pass", "Bet", "Deal"} if config.chance == "explicit" else {"Bet"}),
        )
        for config in CONFIGS
    ],
    small_spaces=CONFIGS,
    numbered=CONFIGS,
    outside=(kp.Config(), [kp.Deal(3), kp.Deal(-1), "bet"]),
    observed=[
        Observed(_name(config), config, (0, 1, 2), 1, digest=OBSERVATION_DIGESTS[_name(config)])
        for config in CONFIGS
    ],
    environments={_name(config): config for config in CONFIGS},
    fuzz=Fuzz(fuzz, 20, 500, 0, 200, 200, 200),
)
