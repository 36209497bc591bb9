"""The names :mod:`tabletop_rules.openspiel` registers: every installed game on import, as
``tabletop_<game>``, with its parameters (``players``, the config's options of simple values, the
payoff and the utility declaration), their game strings, and their errors.

Needs OpenSpiel; skips without it unless ``TABLETOP_REQUIRE_OPENSPIEL`` is set. The test that the
import registers nothing, without error, when OpenSpiel is missing runs either way.
"""

from __future__ import annotations

import pickle
from importlib.metadata import EntryPoint
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest
import tests.test_core.handgame as hg
from tests.contract.adapters import run_python

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import Game, openspiel

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = {"payoff", "utility", "min_utility", "max_utility", "utility_sum", "max_game_length"}


def _config(spiel_game: Any) -> Any:
    """The config a pyspiel game plays (its start state's)."""
    return openspiel.tabletop_state(spiel_game.new_initial_state()).config


def test_without_openspiel_the_import_registers_nothing_and_warns_nothing() -> None:
    code = (
        "import sys, warnings\n"
        "warnings.simplefilter('error')\n"
        "sys.modules['pyspiel'] = None\n"  # as if it were not installed
        "from tabletop_rules import openspiel\n"
        "assert openspiel._REGISTERED == {} and openspiel._INSTALLED == {}\n"
        "print('imported')\n"
    )
    found = run_python("-c", code, env={"PYTHONPATH": str(ROOT / "src")})
    assert found.returncode == 0 and found.stdout == "imported\n", found.stderr


# game, its parameters besides the options, and the default config's number of seats
INSTALLED = [
    pytest.param(gg.GAME, {"config", "order"}, 1, id="goblinguard"),
    pytest.param(
        gh.GAME,
        {
            "config",
            "players",
            "heroes",
            "track",
            "monster_die",
            "hard_setup",
            "hard_upgrades",
            "players_decide",
        },
        4,
        id="grimheim",
    ),
    pytest.param(
        km.GAME,
        {"config", "players", "guilds", "auto_pass", "round_limit", "last_standing"},
        4,
        id="kinmarr",
    ),
]


@pytest.mark.parametrize(("game", "parameters", "seats"), INSTALLED)
def test_every_installed_game_is_registered_on_import(
    pyspiel: ModuleType, game: Game[Any, Any], parameters: set[str], seats: int
) -> None:
    """The name plays the default config in explicit chance mode with the default options; its
    parameters are the config's simple options, ``players`` for a range of seats, the options."""
    name = f"tabletop_{game.name}"
    assert name in pyspiel.registered_names()
    kind = next(t for t in pyspiel.registered_games() if t.short_name == name)
    assert set(kind.parameter_specification) == parameters | OPTIONS
    assert (kind.min_num_players, kind.max_num_players) == game.seats
    spiel = pyspiel.load_game(name)
    assert spiel.num_players() == seats
    assert _config(spiel) == attrs.evolve(game.config_type(), chance="explicit")
    assert (spiel.min_utility(), spiel.max_utility()) == (0.0, 1.0)
    assert spiel.max_game_length() == openspiel.DEFAULT_MAX_GAME_LENGTH
    assert spiel.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert openspiel.register(game) == name  # the same defaults: nothing to do


def test_players_deal_the_first_heroes_or_guilds(pyspiel: ModuleType) -> None:
    for players in range(1, 5):
        spiel = pyspiel.load_game(f"tabletop_grimheim(players={players})")
        assert spiel.num_players() == players
        assert _config(spiel).heroes == gh.Config().heroes[:players]
    for players in range(2, 5):
        spiel = pyspiel.load_game("tabletop_kinmarr", {"players": players})
        assert spiel.num_players() == players
        assert _config(spiel).guilds == km.DEFAULT_GUILDS[:players]
    # With the names given, players only checks their number.
    spiel = pyspiel.load_game("tabletop_kinmarr(players=2,guilds=pathfinders+feudal_pact)")
    assert _config(spiel).guilds == ("pathfinders", "feudal_pact")
    # A config with that many seats already keeps its own.
    three = km.Config(guilds=("pathfinders", "heirs_of_kinmarr", "feudal_pact"))
    text = openspiel.config_parameter(km.GAME, three)
    spiel = pyspiel.load_game("tabletop_kinmarr", {"config": text, "players": 3})
    assert _config(spiel).guilds == three.guilds


def test_config_options_are_parameters(pyspiel: ModuleType) -> None:
    spiel = pyspiel.load_game(
        "tabletop_grimheim(heroes=embla+boldur,track=long,monster_die=True,players_decide=False)"
    )
    assert _config(spiel) == gh.Config(
        heroes=("embla", "boldur"),
        track="long",
        monster_die=True,
        players_decide=False,
        chance="explicit",
    )
    # In a dict of parameters a comma separates names too (a game string cannot hold one).
    spiel = pyspiel.load_game("tabletop_grimheim", {"heroes": "alva, bjorn"})
    assert _config(spiel).heroes == ("alva", "bjorn")
    assert "heroes=alva+bjorn" in str(spiel)
    # An option whose default is None: 0 (or "") stands for None.
    assert _config(pyspiel.load_game("tabletop_kinmarr(round_limit=3)")).round_limit == 3
    assert _config(pyspiel.load_game("tabletop_kinmarr(round_limit=0)")).round_limit is None
    assert _config(pyspiel.load_game("tabletop_kinmarr(auto_pass=True)")).auto_pass
    ids = [card.id for card in gg.standard_deck()][::-1]
    spiel = pyspiel.load_game("tabletop_goblinguard", {"order": "+".join(ids)})
    assert _config(spiel).order == tuple(ids)
    assert not spiel.new_initial_state().is_chance_node()  # a fixed order draws nothing
    assert _config(pyspiel.load_game("tabletop_goblinguard(order=)")).order is None


def test_payoff_and_utility_are_parameters(pyspiel: ModuleType) -> None:
    spiel = pyspiel.load_game("tabletop_goblinguard(payoff=scores,max_utility=16.0)")
    assert (spiel.min_utility(), spiel.max_utility()) == (0.0, 16.0)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    outcome = gg.outcome(openspiel.tabletop_state(state))
    assert outcome is not None and state.returns() == [float(outcome.defeated)]
    coop = pyspiel.load_game("tabletop_grimheim", {"players": 2, "utility": "identical"})
    assert coop.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    constant = pyspiel.load_game(
        "tabletop_kinmarr", {"utility": "constant_sum", "utility_sum": 1.0, "max_utility": 1.0}
    )
    assert constant.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert constant.utility_sum() == 1.0
    assert pyspiel.load_game("tabletop_kinmarr(max_game_length=500)").max_game_length() == 500


# parameters, and the error they make: a ValueError naming the parameter
BAD = [
    ("tabletop_grimheim(players=5)", r"players must be an int from 1 to 4, not 5"),
    ("tabletop_grimheim(heroes=bjorn+nobody)", r"parameter heroes='bjorn\+nobody': heroes must"),
    ("tabletop_grimheim(heroes=bjorn++alva)", r"parameter heroes is names joined by '\+'"),
    ("tabletop_grimheim(track=medium)", r"parameter track='medium'"),
    ("tabletop_kinmarr(players=3,guilds=feudal_pact+pathfinders)", r"players=3 but guilds gives 2"),
    ("tabletop_kinmarr(round_limit=1001)", r"parameter round_limit=1001: round_limit must"),
    ("tabletop_kinmarr(payoff=points)", r"parameter payoff must be one of"),
    ("tabletop_kinmarr(utility=cooperative)", r"parameter utility must be one of"),
    ("tabletop_kinmarr(min_utility=2.0)", r"parameter min_utility \(2.0\) must be below"),
    ("tabletop_kinmarr(max_game_length=0)", r"parameter max_game_length must be a positive"),
    ("tabletop_kinmarr(config=abc)", r"parameter config: kinmarr: not a config parameter"),
]


@pytest.mark.parametrize(("text", "error"), BAD)
def test_bad_parameters_are_value_errors_naming_them(
    pyspiel: ModuleType, text: str, error: str
) -> None:
    with pytest.raises(ValueError, match=error):
        pyspiel.load_game(text)


def test_openspiel_itself_refuses_unknown_parameters_and_wrong_types(pyspiel: ModuleType) -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'players'"):
        pyspiel.load_game("tabletop_goblinguard(players=1)")  # one seat: no players parameter
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter max_utility"):
        pyspiel.load_game("tabletop_goblinguard(max_utility=16)")  # an int for a float


SETTINGS = [
    ("tabletop_kinmarr", {}),
    ("tabletop_kinmarr", {"players": 2, "round_limit": 5, "payoff": "scores"}),
    ("tabletop_kinmarr", {"max_utility": 1000.0, "payoff": "scores", "auto_pass": True}),
    ("tabletop_grimheim", {"heroes": "boldur", "utility": "identical", "track": "long"}),
    (
        "tabletop_goblinguard",
        {"config": openspiel.config_parameter(gg.GAME, gg.Config(deck=gg.standard_deck()[:6]))},
    ),
    ("tabletop_goblinguard", {"max_game_length": 20, "payoff": "scores", "max_utility": 16.0}),
]


@pytest.mark.parametrize(("name", "params"), SETTINGS)
def test_the_game_string_writes_every_parameter_and_reads_back(
    pyspiel: ModuleType, name: str, params: dict[str, Any]
) -> None:
    """``str(game)`` names every parameter, so a game pickles as its string and reads back the
    same config and options; its parameters are exactly the registered ones."""
    spiel = pyspiel.load_game(name, params)
    text = str(spiel)
    again = pyspiel.load_game(text)
    assert str(again) == text and again.get_parameters() == spiel.get_parameters()
    assert set(spiel.get_parameters()) == set(spiel.get_type().parameter_specification)
    assert again.binding is spiel.binding  # the same game, config and options, bound once
    unpickled = pickle.loads(pickle.dumps(spiel))
    assert str(unpickled) == text and unpickled.binding is spiel.binding
    for key, value in params.items():
        assert spiel.get_parameters()[key] == value or key in {"heroes", "config"}


def test_a_custom_config_goes_in_the_config_parameter(pyspiel: ModuleType) -> None:
    small = gg.Config(deck=gg.standard_deck()[:6], chance="explicit")
    spiel = pyspiel.load_game(
        "tabletop_goblinguard", {"config": openspiel.config_parameter(gg.GAME, small)}
    )
    assert _config(spiel) == small
    assert openspiel.config_parameter(gg.GAME, small) in str(spiel)
    # The options of simple values still change it.
    ids = [card.id for card in small.deck]
    spiel = pyspiel.load_game(
        "tabletop_goblinguard",
        {"config": openspiel.config_parameter(gg.GAME, small), "order": "+".join(ids)},
    )
    assert _config(spiel) == attrs.evolve(small, order=tuple(ids))
    # Plain JSON is read too.
    spiel = pyspiel.load_game("tabletop_goblinguard", {"config": gg.dumps(small)})
    assert _config(spiel) == small


def test_the_default_name_with_other_defaults_says_what_to_do(pyspiel: ModuleType) -> None:
    with pytest.raises(ValueError, match="registered on import") as error:
        openspiel.register(gg.GAME, payoff="scores", utility_range=(0, 16))
    message = str(error.value)
    assert "pyspiel.load_game('tabletop_goblinguard', {" in message
    assert "'payoff': 'scores'" in message and "'max_utility': 16.0" in message
    assert "name=" in message
    with pytest.raises(ValueError, match="registered on import"):
        openspiel.register(km.GAME, config=km.Config(guilds=("pathfinders", "feudal_pact")))
    with pytest.raises(ValueError, match="already registered for another game"):
        openspiel.register(HAND, name="tabletop_kinmarr")
    name = openspiel.register(
        gg.GAME, name="tabletop_goblinguard_scores", payoff="scores", utility_range=(0, 16)
    )
    spiel = pyspiel.load_game(name)
    assert spiel.get_type().parameter_specification["payoff"] == "scores"
    assert spiel.max_utility() == 16.0
    assert pyspiel.load_game(name, {"payoff": "returns", "max_utility": 1.0}).max_utility() == 1.0


# The core's test fixture: a third-party game, registered under a name of the test's own.
HAND: Game[hg.State, hg.Action] = hg.GAME.replace(observation=None, observation_shape=None)


def test_a_third_party_games_count_of_seats_is_players(pyspiel: ModuleType) -> None:
    """The option that sets the number of seats is found by trying: here an int, ``seats``."""
    name = openspiel.register(HAND, config=hg.Config(seats=2, size=8), name="tabletop_hand_test")
    spec = pyspiel.load_game(name).get_type().parameter_specification
    assert {k: spec[k] for k in ("players", "seats", "size")} == {
        "players": 2,
        "seats": 2,
        "size": 8,
    }
    assert pyspiel.load_game(name, {"players": 3}).num_players() == 3
    assert _config(pyspiel.load_game(name, {"seats": 4})).seats == 4
    with pytest.raises(ValueError, match="players=3 but seats gives 4"):
        pyspiel.load_game(name, {"players": 3, "seats": 4})


def test_games_that_cannot_be_registered_are_left_out(
    pyspiel: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that fails to load warns; one without an action space is no OpenSpiel game and is
    left out quietly; a name already registered is left alone."""
    group = "tabletop_rules.games"
    points = [
        EntryPoint("broken", "tests.no_such_module:GAME", group),
        EntryPoint("spaceless", "tests.test_openspiel_registry:SPACELESS", group),
        EntryPoint("kinmarr", "tests.test_openspiel_registry:IMPOSTOR", group),
    ]
    monkeypatch.setattr(openspiel, "entry_points", lambda group: points)
    with pytest.warns(RuntimeWarning, match="cannot load game 'broken'"):
        openspiel._register_installed()
    names = pyspiel.registered_names()
    assert "tabletop_broken" not in names and "tabletop_spaceless" not in names
    assert _config(pyspiel.load_game("tabletop_kinmarr")) == km.Config(chance="explicit")


SPACELESS = hg.GAME.replace(name="spaceless", action_space=None)
IMPOSTOR = hg.GAME.replace(name="kinmarr")  # tabletop_kinmarr is taken
