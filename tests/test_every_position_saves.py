"""Every position that legal play reaches saves and loads back equal, in every game, at every
seat count, in both chance modes: random games (every answer drawn uniformly, chance's too), each
state and each seat's view read back. grimheim's heroes start with rare cards in play, so that
cards random play seldom reaches by upgrades get played. ``scripts/fuzz.py`` runs the same check
at scale (its ``saves`` part)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.test_grimheim.fuzzing import with_rare_cards

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import Game
from tabletop_rules.testing import check_saves

HEROES = ("bjorn", "alva", "embla", "boldur")
GUILDS = km.DEFAULT_GUILDS

CASES: list[tuple[str, Game[Any, Any], Any, Any]] = [
    *(
        (f"goblinguard-{chance}", gg.GAME, gg.Config(chance=chance), None)
        for chance in ("sampled", "explicit")
    ),
    *(
        (
            f"grimheim-{n}-{chance}",
            gh.GAME,
            gh.Config(heroes=HEROES[:n], chance=chance, monster_die=chance == "explicit"),
            with_rare_cards,
        )
        for n in range(1, 5)
        for chance in ("sampled", "explicit")
    ),
    *(
        (f"kinmarr-{n}-{chance}", km.GAME, km.Config(guilds=GUILDS[:n], chance=chance), None)
        for n in range(2, 5)
        for chance in ("sampled", "explicit")
    ),
]


@pytest.mark.parametrize(
    ("game", "config", "start"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
@settings(max_examples=2, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31))
def test_every_position_reached_saves_and_loads_back_equal(
    game: Game[Any, Any], config: Any, start: Any, seed: int
) -> None:
    report = check_saves(game, configs=[config], games=1, seed=seed, start=start)
    assert report.states > 1
    assert report.views >= report.states
