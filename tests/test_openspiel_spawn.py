"""Spawned worker processes find the games by name once they import ``tabletop_rules.openspiel``,
and read back the games and states pickled in the parent (:mod:`tabletop_rules.openspiel`).

This module imports nothing of ``tabletop_rules`` at its top: a spawned worker imports it to find
its function, and must have registered nothing before that function imports the module itself.
Needs OpenSpiel; skips without it unless ``TABLETOP_REQUIRE_OPENSPIEL`` is set.
"""

from __future__ import annotations

import importlib
import multiprocessing
import pickle
from types import ModuleType
from typing import Any

PREFIX = "tabletop_"


def _work(blob: bytes) -> dict[str, Any]:
    """In a fresh process: what is registered before and after the import, then the pickled game
    and state read back, and a game loaded by name with parameters."""
    spiel = importlib.import_module("pyspiel")
    before = sorted(n for n in spiel.registered_names() if n.startswith(PREFIX))
    openspiel = importlib.import_module("tabletop_rules.openspiel")
    after = sorted(n for n in spiel.registered_names() if n.startswith(PREFIX))
    game, state = pickle.loads(blob)
    loaded = spiel.load_game("tabletop_grimheim(players=2)")
    return {
        "before": before,
        "after": after,
        "game": str(game),
        "state game": str(state.get_game()),
        "history": state.history(),
        "state": openspiel.tabletop_state(state),
        "information": state.information_state_string(1),
        "legal": state.legal_actions(),
        "grimheim players": loaded.num_players(),
    }


def test_spawned_workers_find_the_games_by_name(pyspiel: ModuleType) -> None:
    from tests.contract.adapters import play_out

    from tabletop_rules import Rng, openspiel

    game = pyspiel.load_game("tabletop_kinmarr", {"players": 2})
    state, rng = game.new_initial_state(), Rng.from_seed(12)
    play_out(state, rng, actions=120)
    assert not state.is_terminal()
    blob = pickle.dumps((game, state))
    # The worker by its importable name (pytest imports test files under names of its own).
    work = importlib.import_module("tests.test_openspiel_spawn")._work
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        found = pool.apply(work, (blob,))
    assert found["before"] == []
    assert {"tabletop_goblinguard", "tabletop_grimheim", "tabletop_kinmarr"} <= set(found["after"])
    assert found["game"] == found["state game"] == str(game)
    assert "players=2" in found["game"]
    assert found["history"] == state.history() and len(found["history"]) == 120
    assert found["state"] == openspiel.tabletop_state(state)
    assert found["information"] == state.information_state_string(1)
    assert found["legal"] == state.legal_actions()
    assert found["grimheim players"] == 2
