"""Golden playthroughs: a config, a seed and every action, pinned with each state's digest, the
outcome and the final picture, so a change in behaviour shows *what* changed.

Regenerate after an intended change with ``UPDATE_GOLDEN=1 pytest tests/test_kinmarr`` and review
the diff of ``golden/*.json``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import kinmarr
from tabletop_rules import play

GOLDEN = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[kinmarr.Config, int, str]] = {
    "two-players": (kinmarr.Config(guilds=("pathfinders", "heirs_of_kinmarr")), 11, "heuristic"),
    "four-players": (kinmarr.Config(), 13, "heuristic"),
    "three-players-explicit": (
        kinmarr.Config(
            guilds=("arcane_commune", "feudal_pact", "pathfinders"),
            chance="explicit",
            round_limit=6,
        ),
        13,
        "random",
    ),
}


def _record(
    config: kinmarr.Config, seed: int, actions: tuple[kinmarr.Action, ...]
) -> dict[str, Any]:
    states = list(kinmarr.replay(kinmarr.record(actions, seed=seed, config=config)))
    result = kinmarr.outcome(states[-1])
    assert result is not None
    return {
        "config": json.loads(kinmarr.dumps(config))["data"],
        "seed": seed,
        "actions": [kinmarr.notation(a) for a in actions],
        "digests": [kinmarr.digest(s) for s in states],
        "outcome": {
            "ending": result.ending,
            "round": result.round,
            "winners": list(result.winners),
            "scores": list(result.scores or ()),
        },
        "final": kinmarr.render_text(states[-1]).splitlines(),
    }


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    config, seed, agent = GAMES[name]
    path = GOLDEN / f"{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        factory = kinmarr.GAME.agents[agent]
        agents = [factory() for _ in config.guilds]
        _, actions = play(kinmarr.GAME, agents, seed=seed, config=config)
        path.write_text(json.dumps(_record(config, seed, actions), indent=0) + "\n", "utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert golden["config"] == json.loads(kinmarr.dumps(config))["data"]
    start = kinmarr.new_game(config, seed=golden["seed"])
    actions = tuple(kinmarr.parse_action(start, text) for text in golden["actions"])
    got = _record(config, golden["seed"], actions)
    for index, (have, want) in enumerate(zip(got["digests"], golden["digests"], strict=True)):
        assert have == want, f"state {index} (after {golden['actions'][index - 1 : index]}) differs"
    assert got["outcome"] == golden["outcome"]
    assert got["final"] == golden["final"]


def test_the_golden_games_cover_two_and_four_players_and_both_chance_modes() -> None:
    assert {len(config.guilds) for config, _, _ in GAMES.values()} == {2, 3, 4}
    assert {config.chance for config, _, _ in GAMES.values()} == {"sampled", "explicit"}
    endings = {json.loads((GOLDEN / f"{n}.json").read_text())["outcome"]["ending"] for n in GAMES}
    assert len(endings) >= 2
