"""A game of your own on the kernel: ``examples/kuhn_poker.py`` plays through the ``tabletop``
command, OpenSpiel and PettingZoo, and CFR on it finds the value Kuhn (1950) computed for the
two-player game, -1/18. It passes the checks every game passes (conformance, saves, hash seeds,
spaces, fuzzing) in the contract suite, ``tests/contract/`` (its table: ``kuhn_poker.py`` there),
and the checks of PettingZoo and Gymnasium in ``test_pettingzoo.py`` and ``test_gymnasium.py``."""

from __future__ import annotations

import io
from pathlib import Path
from types import ModuleType

import examples.kuhn_poker as kp
import pytest
from tests.contract.kuhn_poker import CONFIGS

from tabletop_rules import cli

ROOT = Path(__file__).resolve().parent.parent


def test_the_kernel_writes_what_the_module_does_not() -> None:
    state = kp.new_game(seed=3)
    assert (
        kp.GAME.is_legal(state, kp.Deal(0))
        == "chance deals only the cards left, before anyone bets"
    )
    assert (
        kp.GAME.is_legal(kp.new_game(CONFIGS[1], seed=3), kp.Bet()) == "the cards are dealt first"
    )
    assert kp.GAME.is_legal(state, kp.Bet()) is None
    assert kp.GAME.is_legal(state, kp.Deal(1.0)) == "Deal.card must be int, not 1.0 (float)"  # type: ignore[arg-type]
    assert kp.GAME.loads(kp.GAME.dumps(state)) == state
    assert kp.GAME.parse_action(state, "bet") == kp.Bet()
    assert list(kp.GAME.replay(kp.GAME.record([kp.Pass()], seed=3)))[-1].bets == (False,)


def test_the_tabletop_command_plays_it_by_module_and_attribute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(
        ["play", "examples.kuhn_poker:GAME", "--seed", "4", "--seat", "1=random"],
        stdin=io.StringIO("1\n2\nq\ny\n"),
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    assert "Kuhn poker" in out.getvalue() and "Call or fold." in out.getvalue()
    code = cli.main(["play", "examples.nowhere:GAME"], stdout=out, stderr=err)
    assert code == 1 and "cannot import game 'examples.nowhere:GAME'" in err.getvalue()


def test_cfr_through_openspiel_finds_the_value_of_kuhn_poker(pyspiel: ModuleType) -> None:
    from open_spiel.python.algorithms import cfr, expected_game_score

    from tabletop_rules import openspiel

    game = openspiel.load(kp.GAME, utility="zero_sum", utility_range=(-2.0, 2.0))
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)
    solver = cfr.CFRSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)[0]
    assert value == pytest.approx(-1 / 18, abs=0.003)
