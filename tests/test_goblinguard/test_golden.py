"""Golden playthroughs: seed + actions, pinned with every state's digest, the outcome and the final
picture, so a change in behaviour shows *what* changed.

Regenerate after an intended change with ``UPDATE_GOLDEN=1 pytest tests/test_goblinguard`` and
review the diff of ``golden/*.json``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import goblinguard as gg
from tabletop_rules import RandomAgent, play

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (1, 2, 3)
PUZZLE_ORDER = (
    "fort", "g1", "g9", "o1", "tower-a", "g2", "g3", "g4", "g5", "g6",
    "g7", "g8", "g10", "g11", "g12", "o2", "o3", "o4", "barracks", "tower-b",
)  # fmt: skip


def _config(name: str) -> gg.Config | None:
    return gg.Config(order=PUZZLE_ORDER) if name == "puzzle" else None


def _seed(name: str) -> int:
    return 0 if name == "puzzle" else int(name.removeprefix("seed-"))


def _record(name: str, actions: tuple[gg.Action, ...]) -> dict[str, Any]:
    config = _config(name)
    states = list(gg.replay(gg.record(actions, seed=_seed(name), config=config)))
    result = gg.outcome(states[-1])
    assert result is not None
    return {
        "seed": _seed(name),
        "order": None if config is None else list(PUZZLE_ORDER),
        "actions": [gg.notation(a) for a in actions],
        "digests": [gg.digest(s) for s in states],
        "outcome": {
            "won": result.won,
            "defeated": result.defeated,
            "total": result.total,
            "active": list(result.active),
        },
        "final": gg.render_text(states[-1]).splitlines(),
    }


NAMES = [f"seed-{seed}" for seed in SEEDS] + ["puzzle"]


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        _, actions = play(gg.GAME, [RandomAgent()], seed=_seed(name), config=_config(name))
        path.write_text(json.dumps(_record(name, actions), indent=1) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    start = gg.new_game(_config(name), seed=golden["seed"])
    actions = tuple(gg.parse_action(start, text) for text in golden["actions"])
    got = _record(name, actions)
    for index, (have, want) in enumerate(zip(got["digests"], golden["digests"], strict=True)):
        assert have == want, f"state {index} (after {golden['actions'][index - 1 : index]}) differs"
    assert got["outcome"] == golden["outcome"]
    assert got["final"] == golden["final"]
