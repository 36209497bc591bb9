"""The recipes of the documentation (docs/recipes.rst) work as the page says.

The page's own examples run in the Sphinx doctest builder; this file runs the custom agent module
``docs/recipes/cautious_agent.py`` the way the page tells readers to: through ``tabletop simulate``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from docs.recipes.cautious_agent import CautiousAgent
from tests.contract.adapters import run_python

import goblinguard as gg
from tabletop_rules import Rng, cli, play

ROOT = Path(__file__).resolve().parent.parent
AGENT = "docs.recipes.cautious_agent:CautiousAgent"


def test_the_agent_runs_in_tabletop_simulate() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "goblinguard", "--games", "3", "--agent", AGENT, "--json"]
    assert cli.main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    summary = json.loads(out.getvalue())
    assert summary["game"] == "goblinguard"
    assert summary["agents"] == [AGENT]
    assert (summary["games"], summary["seats"], summary["seed"]) == (3, 1, 0)
    assert summary["decisions"] == {"mean": 20.0, "min": 20, "max": 20}
    [score] = summary["scores"]
    assert set(score) == {"mean", "min", "max", "histogram"}
    assert sum(score["histogram"].values()) == 3
    assert 0 <= score["min"] <= score["mean"] <= score["max"] <= 16
    assert summary["outcome"]["defeated"]["mean"] == score["mean"]
    assert summary["wins"][0] == summary["outcome"]["won"]["true"]


def test_the_documented_command_line_imports_the_agent_from_the_repository_root() -> None:
    argv = ["simulate", "goblinguard", "--games", "1", "--agent", AGENT, "--quiet"]
    done = run_python("-m", "tabletop_rules.cli", *argv)
    assert done.returncode == 0, done.stderr
    assert f"agent {AGENT}, seed 0" in done.stdout


def test_the_agent_is_reproducible_and_beats_chance() -> None:
    first = play(gg.GAME, [CautiousAgent()], seed=5)
    assert play(gg.GAME, [CautiousAgent()], seed=5) == first
    outcome = gg.outcome(first[0])
    assert outcome is not None
    assert outcome.defeated >= 8


def test_the_agent_takes_the_most_defeats_at_once() -> None:
    state = gg.apply(gg.new_game(seed=1), gg.Place("g2", 0, 0))
    legal = gg.legal_actions(state)
    most = max(
        sum(isinstance(e, gg.MonsterDefeated) for e in gg.step(state, a).events) for a in legal
    )
    action, _ = CautiousAgent().choose(gg.view(state), legal, Rng.from_seed(0))
    events = gg.step(state, action).events
    assert sum(isinstance(e, gg.MonsterDefeated) for e in events) == most == 2


def test_the_agent_refuses_a_chance_decision() -> None:
    state = gg.new_game(gg.Config(chance="explicit"), seed=0)
    with pytest.raises(TypeError, match="places cards"):
        CautiousAgent().choose(gg.view(state), gg.legal_actions(state), Rng.from_seed(0))
