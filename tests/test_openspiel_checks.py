"""OpenSpiel's own checks of a game, run on every registered game of
:mod:`tabletop_rules.openspiel` with small budgets:

* ``pyspiel.random_sim_test`` with serialisation (legal actions sorted and empty for the other
  seats, the legal action mask, clones, chance outcomes, tensor sizes, the utility range and
  length bound, and ``serialize_game_and_state`` round trips along the way), for every number
  of players, and ``random_sim_test_with_specific_initial_state`` from a position given by
  :func:`~tabletop_rules.openspiel.spiel_state`;
* the simulation of OpenSpiel's Python test suite, ``games_sim_test.GamesSimTest.sim_game``
  (pickled games, game types and states, OpenSpiel serialisation, clones at every step), as
  its ``test_game_sim`` and ``test_multiplayer_game`` run it on every registered game;
* ``generate_playthrough``: a seeded playthrough (every string, tensor, legal action and
  return along a game) generated again from its own record, as OpenSpiel's playthrough tests
  do, must come out the same.

Needs OpenSpiel; skips without it unless ``TABLETOP_REQUIRE_OPENSPIEL`` is set.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest
from tests.contract.games import INSTALLED

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import Game, Rng, openspiel


@contextlib.contextmanager
def _numpy_seeded(seed: int) -> Iterator[None]:
    """NumPy's global generator (OpenSpiel's Python checks draw from it) seeded, then put back."""
    import numpy as np

    saved = np.random.get_state()
    np.random.seed(seed)
    try:
        yield
    finally:
        np.random.set_state(saved)


# name, players, simulations: every installed game's, from its table
SIMULATIONS = [
    (f"tabletop_{c.name}", players, sims) for c in INSTALLED for players, sims in c.openspiel
]


@pytest.mark.parametrize(("name", "players", "sims"), SIMULATIONS)
def test_random_sim_test_with_serialisation(
    pyspiel: ModuleType, name: str, players: int | None, sims: int
) -> None:
    params = {} if players is None else {"players": players}
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


# game, name, and a config of the name's game with the players it loads
GIVEN = [
    pytest.param(gg.GAME, "tabletop_goblinguard", gg.Config(), id="goblinguard"),
    pytest.param(
        gh.GAME, "tabletop_grimheim(players=2)", gh.Config(heroes=("bjorn", "alva")), id="grimheim"
    ),
    pytest.param(
        km.GAME,
        "tabletop_kinmarr(players=2)",
        km.Config(guilds=km.DEFAULT_GUILDS[:2]),
        id="kinmarr",
    ),
]


@pytest.mark.parametrize(("game", "name", "config"), GIVEN)
def test_random_sim_test_from_a_given_position(
    pyspiel: ModuleType, game: Game[Any, Any], name: str, config: Any
) -> None:
    """From a position the game's own functions reached (chance answers included), given by
    :func:`~tabletop_rules.openspiel.spiel_state`."""
    position = game.new_game(attrs.evolve(config, chance="explicit"), seed=0)
    rng = Rng.from_seed(3)
    for _ in range(20):
        action, rng = rng.choice(game.legal_actions(position))
        position = game.apply(position, action)
    spiel = pyspiel.load_game(name)
    start = openspiel.spiel_state(spiel, position)
    pyspiel.random_sim_test_with_specific_initial_state(spiel, 2, start, serialize=True)


def _sim_test() -> Any:
    """An instance of OpenSpiel's ``GamesSimTest``, to call its ``sim_game``."""
    from open_spiel.python.tests import games_sim_test

    return games_sim_test.GamesSimTest()


@pytest.mark.parametrize("name", [f"tabletop_{c.name}" for c in INSTALLED])
def test_openspiels_python_game_simulation(pyspiel: ModuleType, name: str) -> None:
    """``test_game_sim`` on the default game, then ``test_multiplayer_game`` for each number of
    players from 2 (OpenSpiel's loop: ``load_game(name, {"players": p})``)."""
    tests = _sim_test()
    kind = next(t for t in pyspiel.registered_games() if t.short_name == name)
    assert kind.default_loadable
    counts = range(max(kind.min_num_players, 2), min(kind.max_num_players, 6) + 1)
    games = [pyspiel.load_game(name)] + [pyspiel.load_game(name, {"players": p}) for p in counts]
    with _numpy_seeded(0), contextlib.redirect_stdout(io.StringIO()) as out:
        for game in games:
            tests.sim_game(game)
    assert out.getvalue().count("terminated with") == len(games)


@pytest.mark.parametrize(
    "text", ["tabletop_kinmarr(players=2,round_limit=2)", "tabletop_grimheim(players=1)"]
)
def test_a_playthrough_generated_again_is_the_same(
    pyspiel: ModuleType, text: str, tmp_path: Path
) -> None:
    from absl import flags
    from open_spiel.python.algorithms import generate_playthrough

    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()  # replay reads a flag of the module
    record = tmp_path / "playthrough.txt"
    record.write_text(generate_playthrough.playthrough(text, None, seed=5), encoding="utf-8")
    original, again = generate_playthrough.replay(str(record))
    assert again == original
    assert "# Apply action" in original and "IsTerminal() = True" in original
