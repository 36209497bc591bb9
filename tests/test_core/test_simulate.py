"""Tests of :func:`tabletop_rules.simulate`, the Python API behind ``tabletop simulate``: its
results equal the command's JSON, worker processes play exactly the games one process plays
(every final state's digest), progress is reported as games finish, and bad arguments are clear
errors. Fast, and without Ray (``tests/test_ray.py`` runs the Ray backend)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from typing import Any

import pytest

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import (
    Distribution,
    GameResult,
    RandomAgent,
    SimulationResult,
    cli,
    play,
    simulate,
)

TIMING = ("elapsed_s", "games_per_s")


def cli_json(*argv: str) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["simulate", *argv, "--json", "--quiet"], stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def cli_error(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["simulate", *argv, "--quiet"], stdout=out, stderr=err)
    assert code == 1, (out.getvalue(), err.getvalue())
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tabletop: error: "), err.getvalue()
    return lines[0]


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING}


# --------------------------------------------------------------------------- results


def test_each_result_is_the_game_play_plays_with_that_seed() -> None:
    result = simulate(gg.GAME, games=5, seed=40)
    assert isinstance(result, SimulationResult)
    assert (result.game, result.agents, result.seed, result.seats) == (
        "goblinguard",
        ("random",),
        40,
        1,
    )
    assert (result.backend, result.jobs, result.games) == ("local", 1, 5)
    assert [r.seed for r in result.results] == [40, 41, 42, 43, 44]
    for r in result.results:
        state, actions = play(gg.GAME, [RandomAgent()], seed=r.seed)
        outcome = gg.outcome(state)
        assert outcome is not None
        assert r == GameResult(r.seed, outcome, len(actions), gg.digest(state))
        assert r.winners == r.outcome.winners
        assert r.returns == r.outcome.returns
        assert r.scores == r.outcome.scores
    assert result.digests == tuple(r.digest for r in result.results)
    assert len(set(result.digests)) == 5
    assert result.elapsed > 0
    assert result.games_per_s is not None and result.games_per_s > 0


def test_summaries_over_the_games() -> None:
    result = simulate("kinmarr", games=4, seed=2, agents="random")
    assert result.seats == 4
    wins = tuple(sum(1 for r in result.results if s in r.winners) for s in range(4))
    assert result.wins == wins
    assert result.win_rate == tuple(w / 4 for w in wins)
    assert result.no_winner == sum(1 for r in result.results if not r.winners)
    assert result.mean_returns == tuple(
        sum(r.returns[s] for r in result.results) / 4 for s in range(4)
    )
    scores = result.scores
    assert scores is not None and len(scores) == 4
    for seat, dist in enumerate(scores):
        values = [r.outcome.scores[seat] for r in result.results if r.outcome.scores]
        assert dist == Distribution.of(values)
        assert dist.histogram is not None and sum(dist.histogram.values()) == 4
    assert result.decisions == Distribution.of(
        [r.decisions for r in result.results], histogram=False
    )
    assert result.decisions.histogram is None


def test_distribution() -> None:
    assert Distribution.of([1, 3, 3]) == Distribution(7 / 3, 1, 3, {1: 1, 2: 0, 3: 2})
    assert Distribution.of([0.5, 1.0]).histogram is None
    assert Distribution.of([2, 4], histogram=False).to_json() == {"mean": 3.0, "min": 2, "max": 4}
    assert Distribution.of([2.0, 2.0]).to_json() == {
        "mean": 2.0,
        "min": 2.0,
        "max": 2.0,
        "histogram": {"2": 2},
    }
    with pytest.raises(ValueError, match="at least one value"):
        Distribution.of([])


@pytest.mark.parametrize(
    ("name", "argv", "kwargs"),
    [
        ("goblinguard", ["--games", "6", "--seed", "3"], {"games": 6, "seed": 3}),
        (
            "goblinguard",
            ["--games", "2", "--seed", "1", "--agent", "greedy"],
            {"games": 2, "seed": 1, "agents": "greedy"},
        ),
        (
            "grimheim",
            ["--games", "3", "--seed", "5", "--config", '{"heroes": ["bjorn", "alva"]}'],
            {"games": 3, "seed": 5, "config": gh.Config(heroes=("bjorn", "alva"))},
        ),
        (
            "kinmarr",
            ["--games", "3", "--agent", "heuristic", "--agent", "random"],
            {
                "games": 3,
                "agents": ["heuristic", "random"],
                "config": km.Config(guilds=km.DEFAULT_GUILDS[:2]),
            },
        ),
    ],
)
def test_the_api_gives_the_json_of_the_command(
    name: str, argv: list[str], kwargs: dict[str, Any]
) -> None:
    extra = []
    if name == "kinmarr":
        extra = ["--config", json.dumps({"guilds": list(km.DEFAULT_GUILDS[:2])})]
    expected = cli_json(name, *argv, *extra)
    summary = simulate(name, **kwargs).summary()
    assert list(summary) == list(expected)
    assert untimed(summary) == untimed(expected)
    assert isinstance(summary["elapsed_s"], float)


def test_processes_play_the_same_games_as_one_process() -> None:
    local = simulate(gg.GAME, games=24, seed=9)
    parallel = simulate(gg.GAME, games=24, seed=9, jobs=2)
    assert (parallel.backend, parallel.jobs) == ("processes", 2)
    assert parallel.digests == local.digests
    assert parallel.results == local.results
    assert untimed(parallel.summary()) == untimed(local.summary())
    one_worker = simulate(gg.GAME, games=5, seed=9, backend="processes", jobs=1)
    assert one_worker.results == local.results[:5]


@pytest.mark.parametrize(
    ("name", "config"),
    [
        ("goblinguard", gg.Config(chance="explicit")),
        ("grimheim", gh.Config(heroes=("embla",), track="long")),
        ("kinmarr", km.Config(guilds=km.DEFAULT_GUILDS[:3], round_limit=6)),
    ],
)
def test_processes_get_the_config_and_play_the_same_games(name: str, config: Any) -> None:
    local = simulate(name, games=4, seed=1, config=config)
    parallel = simulate(name, games=4, seed=1, config=config, backend="processes", jobs=2)
    assert parallel.digests == local.digests
    assert parallel.results == local.results


def test_progress_is_reported_as_games_finish() -> None:
    calls: list[tuple[int, int, float]] = []
    simulate(gg.GAME, games=5, progress=lambda *call: calls.append(call))
    assert [(done, total) for done, total, _ in calls] == [(i, 5) for i in range(1, 6)]
    assert all(rate > 0 for _, _, rate in calls)

    calls.clear()
    simulate(gg.GAME, games=20, jobs=2, progress=lambda *call: calls.append(call))
    done = [d for d, _, _ in calls]
    assert done == sorted(done) and done[-1] == 20
    assert len(calls) == 10  # chunks of 2 games: four chunks per worker at least
    assert all(total == 20 for _, total, _ in calls)


def test_the_default_backend_follows_jobs() -> None:
    assert simulate(gg.GAME, games=2).backend == "local"
    assert simulate(gg.GAME, games=2, jobs=1).backend == "local"
    assert simulate(gg.GAME, games=2, jobs=2).backend == "processes"


def test_an_unregistered_game_plays_locally_only() -> None:
    copy = gg.GAME.replace(name="goblinguard-copy")
    assert simulate(copy, games=3).digests == simulate(gg.GAME, games=3).digests
    with pytest.raises(ValueError, match=r"unknown game 'goblinguard-copy'.*backend 'local'"):
        simulate(copy, games=3, jobs=2)
    other = gg.GAME.replace(title="Another game")
    with pytest.raises(ValueError, match="not the 'goblinguard' registered"):
        simulate(other, games=3, backend="processes")


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "games must be a whole number of at least 1, not 0"),
        ({"games": 2.5}, "games must be a whole number"),
        ({"games": 1, "seed": "7"}, "seed must be a whole number"),
        ({"games": 1, "jobs": 0}, "jobs must be a whole number of at least 1, not 0"),
        ({"games": 1, "backend": "gpu"}, "unknown backend 'gpu' (choose one of: local, "),
        ({"games": 1, "backend": "local", "jobs": 2}, "backend 'local' plays in this process"),
        ({"games": 1, "address": "auto"}, "only for backend 'ray', not 'local'"),
        ({"games": 1, "agents": "genius"}, "unknown agent 'genius' for goblinguard"),
        ({"games": 1, "agents": []}, "agents must be an agent name or a list of them"),
        ({"games": 1, "agents": ["random", "random"]}, "has 1 seat(s)"),
        ({"games": 1, "agents": "no_such_module_xyz:Agent"}, "cannot import agent"),
        ({"games": 1, "config": gh.Config()}, "config must be a goblinguard Config, not a Config"),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        simulate(gg.GAME, **kwargs)


def test_unknown_game_names_the_installed_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess' \(installed: .*goblinguard"):
        simulate("chess", games=1)
    with pytest.raises(ValueError, match=r"game must be a tabletop_rules\.Game"):
        simulate(42, games=1)  # type: ignore[arg-type]


def test_the_command_reports_the_same_errors() -> None:
    assert "backend 'local' plays in this process" in cli_error(
        "goblinguard", "--backend", "local", "--jobs", "2"
    )
    assert "only for backend 'ray'" in cli_error("goblinguard", "--address", "auto")
    assert "has 1 seat(s)" in cli_error("goblinguard", "--agent", "random", "--agent", "random")


def test_ray_missing_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(ImportError, match=r"pip install 'tabletop-rules\[ray\]'"):
        simulate(gg.GAME, games=1, backend="ray")
    line = cli_error("goblinguard", "--games", "1", "--backend", "ray")
    assert line == (
        "tabletop: error: backend 'ray' needs Ray, which is not installed:"
        " pip install 'tabletop-rules[ray]'"
    )


def test_ray_is_not_imported_by_the_package() -> None:
    code = (
        "import sys, tabletop_rules, tabletop_rules.cli, tabletop_rules._ray;"
        " sys.exit('ray' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_text_summary_says_where_the_games_ran() -> None:
    out = io.StringIO()
    code = cli.main(
        ["simulate", "goblinguard", "--games", "4", "--jobs", "2", "-q"],
        stdout=out,
        stderr=io.StringIO(),
    )
    assert code == 0
    assert out.getvalue().splitlines()[-1].endswith(", 2 worker processes")
