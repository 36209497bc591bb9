"""Golden playthroughs: seed + actions, pinned with every state's digest, the outcome and the final
picture, so a change in behaviour shows *what* changed.

Regenerate after an intended change with ``UPDATE_GOLDEN=1 pytest tests/test_grimheim`` and
review the diff of ``golden/*.json``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import grimheim as gh
from tabletop_rules import play

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "solo-bjorn": (gh.Config(heroes=("bjorn",)), 3),
    "four-heroes": (gh.Config(heroes=("bjorn", "alva", "embla", "boldur")), 5),
    "four-heroes-explicit-die": (
        gh.Config(heroes=("alva", "boldur", "embla", "bjorn"), chance="explicit", monster_die=True),
        8,
    ),
}


def _record(name: str, actions: tuple[gh.Action, ...]) -> dict[str, Any]:
    config, seed = GAMES[name]
    states = list(gh.replay(gh.record(actions, seed=seed, config=config)))
    result = gh.outcome(states[-1])
    assert result is not None
    return {
        "seed": seed,
        "config": json.loads(gh.dumps(config))["data"],
        "actions": [gh.notation(a) for a in actions],
        "digests": [gh.digest(s) for s in states],
        "outcome": {"won": result.won, "town": result.town, "spot": states[-1].time + 1},
        "final": gh.render_text(states[-1]).splitlines(),
    }


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    config, seed = GAMES[name]
    if os.environ.get("UPDATE_GOLDEN"):
        agents = [gh.DefenderAgent() for _ in config.heroes]
        _, actions = play(gh.GAME, agents, seed=seed, config=config)
        path.write_text(json.dumps(_record(name, actions), indent=1) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    start = gh.new_game(config, seed=golden["seed"])
    actions = tuple(gh.parse_action(start, text) for text in golden["actions"])
    got = _record(name, actions)
    assert got["config"] == golden["config"]
    for index, (have, want) in enumerate(zip(got["digests"], golden["digests"], strict=True)):
        assert have == want, f"state {index} (after {golden['actions'][index - 1 : index]}) differs"
    assert got["outcome"] == golden["outcome"]
    assert got["final"] == golden["final"]
