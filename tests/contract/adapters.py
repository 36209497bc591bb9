"""What the adapter tests (OpenSpiel, PettingZoo, Gymnasium, Ray) share: importing an optional
extra or skipping (failing where the extra is required), running Python in a fresh process with
some modules made unimportable, and playing an OpenSpiel state on at random."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

import pytest

from tabletop_rules import Rng

ROOT = Path(__file__).resolve().parents[2]


def extra(module: str, require: str, reason: str) -> ModuleType:
    """``module`` imported; a skip with ``reason`` without it, or a failure when the environment
    variable ``require`` is set (CI may not skip the tests silently)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get(require):
            pytest.fail(f"{reason}; {require} is set, so they may not be skipped")
        pytest.skip(reason)


def missing_extra(exc: ImportError, require: str, tests: str) -> NoReturn:
    """At the top of a test module whose imports of the ``pettingzoo`` extra failed with ``exc``:
    skip the whole module, or fail to import it when the environment variable ``require`` is
    set (a collection error, so CI cannot skip the tests silently)."""
    if os.environ.get(require):
        raise ImportError(
            f"{tests} need the pettingzoo extra (pip install -e '.[pettingzoo]'); "
            f"{require} is set, so they may not be skipped: {exc}"
        ) from exc
    pytest.skip(f"{tests} need the pettingzoo extra: {exc}", allow_module_level=True)


def run_python(
    *args: str,
    blocked: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    unset: Sequence[str] = (),
) -> subprocess.CompletedProcess[str]:
    """``python *args`` from the repository root, its output captured: with ``blocked`` modules
    made unimportable (a ``None`` entry in ``sys.modules``, for ``-c`` code), ``env`` added to the
    environment and the variables ``unset`` left out of it."""
    if blocked:
        assert args[0] == "-c", "modules are blocked for -c code"
        block = "".join(f"sys.modules[{name!r}] = None; " for name in blocked)
        args = ("-c", f"import sys; {block}\n{args[1]}", *args[2:])
    environ = {k: v for k, v in os.environ.items() if k not in unset} | dict(env or {})
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def agent_rngs(seed: int, seats: int) -> list[Rng]:
    """The agents' generators, split from ``seed`` as :func:`tabletop_rules.play` splits them."""
    stream = Rng.from_seed(seed)
    rngs: list[Rng] = []
    for _ in range(seats):
        child, stream = stream.split()
        rngs.append(child)
    return rngs


def random_step(state: Any, rng: Rng) -> Rng:
    """Apply one uniformly drawn action, or chance outcome, to an OpenSpiel state."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        ticket, rng = rng.below(len(outcomes))
        state.apply_action(outcomes[ticket][0])
    else:
        action, rng = rng.choice(state.legal_actions())
        state.apply_action(action)
    return rng


def play_out(state: Any, rng: Rng, actions: int | None = None) -> Any:
    """Play an OpenSpiel ``state`` on with uniformly drawn actions and chance outcomes: to the
    end, or for ``actions`` actions."""
    played = 0
    while not state.is_terminal() and (actions is None or played < actions):
        rng = random_step(state, rng)
        played += 1
    return state
