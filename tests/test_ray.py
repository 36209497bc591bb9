"""The Ray backend of :func:`tabletop_rules.simulate` on a local Ray instance of 2 CPUs: every game
of goblinguard, grimheim and kinmarr it plays is the game a run in this process plays (final
digests, win rates, scores), whatever the agents and the config.

Needs Ray (``pip install -e '.[ray]'``); without it the tests skip, unless
``TABLETOP_REQUIRE_RAY`` is set (``scripts/check`` sets it), and then they fail: CI never skips
them silently. The Ray instance is started once for the module, with no dashboard and no worker
logs sent to the driver, and shut down at the end; one test lets the ``tabletop`` command start
and stop its own instance.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from tests.contract.adapters import extra

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import RandomAgent, Rng, SimulationResult, cli, simulate

REQUIRE_RAY = "TABLETOP_REQUIRE_RAY"
TIMING = ("elapsed_s", "games_per_s")


class FailsInTasks(RandomAgent[Any]):
    """A random agent, except in a Ray task, where it refuses to play."""

    def choose(self, view: Any, actions: Any, rng: Rng) -> tuple[Any, Rng]:
        """A random action in this process; a ``ValueError`` in a Ray task."""
        import ray

        if ray.is_initialized() and ray.get_runtime_context().get_task_id() is not None:
            raise ValueError("no moves in a Ray task")
        return super().choose(view, actions, rng)


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING}


@pytest.fixture(scope="module")
def ray() -> ModuleType:
    """The ``ray`` module; a skip without it, or a failure under ``TABLETOP_REQUIRE_RAY``."""
    return extra("ray", REQUIRE_RAY, "the Ray tests need Ray (pip install -e '.[ray]')")


def same_games(on_ray: SimulationResult, local: SimulationResult) -> None:
    """Every game equal, and so every summary."""
    assert on_ray.backend == "ray" and local.backend == "local"
    assert on_ray.digests == local.digests
    assert on_ray.results == local.results
    assert on_ray.win_rate == local.win_rate
    assert on_ray.scores == local.scores
    assert untimed(on_ray.summary()) == untimed(local.summary())


def test_the_command_starts_and_stops_its_own_ray(ray: ModuleType) -> None:
    """Runs first, before the module's instance: ``--backend ray`` starts a local instance with
    ``--jobs`` CPUs and shuts it down."""
    assert not ray.is_initialized()
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "goblinguard", "--games", "12", "--seed", "4", "--json", "-q"]
    code = cli.main([*argv, "--backend", "ray", "--jobs", "2"], stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    assert not ray.is_initialized()
    local = io.StringIO()
    assert cli.main(argv, stdout=local, stderr=io.StringIO()) == 0
    assert untimed(json.loads(out.getvalue())) == untimed(json.loads(local.getvalue()))


@pytest.fixture(scope="module")
def local_ray(ray: ModuleType) -> Iterator[ModuleType]:
    """A local Ray instance of 2 CPUs for the module, shut down after its last test."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.mark.parametrize(
    ("name", "agents", "config", "games"),
    [
        ("goblinguard", "random", None, 12),
        ("goblinguard", "greedy", None, 3),
        ("goblinguard", "random", gg.Config(chance="explicit"), 6),
        ("grimheim", "random", None, 6),
        ("grimheim", ["defender", "random"], gh.Config(heroes=("alva", "boldur")), 4),
        ("kinmarr", "random", None, 6),
        ("kinmarr", ["heuristic", "random", "random"], km.Config(guilds=km.DEFAULT_GUILDS[:3]), 3),
    ],
)
def test_ray_plays_the_games_of_a_local_run(
    local_ray: ModuleType, name: str, agents: str | list[str], config: Any, games: int
) -> None:
    kwargs: dict[str, Any] = {"games": games, "seed": 11, "agents": agents, "config": config}
    local = simulate(name, **kwargs)
    on_ray = simulate(name, **kwargs, backend="ray")
    same_games(on_ray, local)
    assert on_ray.jobs == 2  # the instance's CPUs
    assert local_ray.is_initialized()  # a connection simulate did not open stays open


def test_chunks_one_game_each_and_progress(local_ray: ModuleType) -> None:
    calls: list[tuple[int, int, float]] = []
    local = simulate("goblinguard", games=5, seed=3)
    on_ray = simulate(
        "goblinguard",
        games=5,
        seed=3,
        backend="ray",
        jobs=2,
        progress=lambda *call: calls.append(call),
    )
    same_games(on_ray, local)
    assert [(done, total) for done, total, _ in calls] == [(i, 5) for i in range(1, 6)]
    assert all(rate > 0 for _, _, rate in calls)


def test_a_second_address_while_connected_is_an_error(local_ray: ModuleType) -> None:
    with pytest.raises(ValueError, match="already connected to Ray"):
        simulate("goblinguard", games=1, backend="ray", address="auto")


def test_an_agent_given_as_module_and_class_plays_in_the_tasks(local_ray: ModuleType) -> None:
    """The workers import ``module:Class`` agents too; a task's error is raised as itself."""
    agent = f"{__name__}:FailsInTasks"
    local = simulate("goblinguard", games=4, agents=agent)
    assert local.digests == simulate("goblinguard", games=4).digests
    with pytest.raises(ValueError, match=r"^no moves in a Ray task$"):
        simulate("goblinguard", games=4, agents=agent, backend="ray")
    err = io.StringIO()
    code = cli.main(
        ["simulate", "goblinguard", "--games", "4", "--agent", agent, "--backend", "ray", "-q"],
        stdout=io.StringIO(),
        stderr=err,
    )
    assert (code, err.getvalue()) == (1, "tabletop: error: no moves in a Ray task\n")


def run_alone(script: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``script`` in a Python process of its own (Ray's retries on a wrong address run on
    in the background, and this module's tests share one Ray connection); return it and the
    seconds it took."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    return done, time.monotonic() - started


SIMULATE_AT = (
    "import socket, sys\n"
    "from tabletop_rules import cli\n"
    "{setup}\n"
    "sys.exit(cli.main(['simulate', 'goblinguard', '--games', '1', '--backend', 'ray',"
    " '--address', f'127.0.0.1:{{port}}', '--connect-timeout', '3', '-q']))\n"
)


def test_an_address_where_nothing_listens_fails_at_once(ray: ModuleType) -> None:
    # A port that was free a moment ago: nothing listens there.
    setup = "probe = socket.create_server(('127.0.0.1', 0))\nport = probe.getsockname()[1]\n"
    done, seconds = run_alone(SIMULATE_AT.format(setup=setup + "probe.close()"))
    assert done.returncode == 1, done.stderr
    assert "cannot connect to the Ray cluster" in done.stderr
    assert "nothing answers there" in done.stderr
    assert seconds < 30  # Ray alone retries for minutes


def test_a_cluster_that_does_not_answer_fails_within_the_timeout(ray: ModuleType) -> None:
    # A listener that accepts connections and never speaks stands for a wrong address.
    setup = "listener = socket.create_server(('127.0.0.1', 0))\nport = listener.getsockname()[1]"
    done, seconds = run_alone(SIMULATE_AT.format(setup=setup))
    assert done.returncode == 1, done.stderr
    assert "tabletop: error: cannot connect to the Ray cluster" in done.stderr
    assert "no answer within 3 s" in done.stderr
    assert seconds < 60


def test_the_connect_timeout_is_checked() -> None:
    for wrong in (0, -1.0, float("nan"), True, "5"):
        with pytest.raises(ValueError, match="connect_timeout"):
            simulate("goblinguard", games=1, backend="ray", connect_timeout=wrong)  # type: ignore[arg-type]
