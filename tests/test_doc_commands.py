"""Every command the docs show in a ``console`` block runs as written (issue 32).

Each ``$`` line of ``docs/**/*.rst`` is run in a fresh folder (the commands of one block one
after the other, so a ``--save game.json`` serves the ``replay game.json`` after it), with the
``tabletop`` of this environment, and must end with exit code 0 — or, where the docs show
``tabletop: error: …`` under it, fail with that message. Three kinds of lines are not run as
they are, each for a reason said in :data:`NOT_RUN` or :data:`COSTLY`:

- commands that need the network or another machine (``pip install``, ``git clone``, a Ray
  cluster), that serve until stopped (the web server; its API is ``tests/test_web.py``'s) or
  that run for minutes (benchmarks, training);
- games whose agents think for minutes (``search``, ``ismcts``, ``planner``): their command line
  is checked as the command checks it before playing — the game, the config, every agent made
  with its options, one agent per seat or one for all — and not played;
- ``tabletop simulate`` plays 1 game (``--games 1``) of any count it names, and ``tabletop play``
  answers ``q!`` at the first question.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import goblinguard as gg
from tabletop_rules import make_agent
from tabletop_rules.cli._games import _load_config, _load_game
from tabletop_rules.cli._io import _Io
from tabletop_rules.cli._parser import _parser
from tabletop_rules.cli._play import _players

ROOT = Path(__file__).resolve().parent.parent
TABLETOP = Path(sys.executable).with_name("tabletop")

NOT_RUN: dict[str, str] = {
    r"^pip ": "installs from the network (the check's own environment is made the same way)",
    r"^git clone": "needs the network",
    r"^cd ": "moves into a clone",
    r"^python -m venv": "makes an environment (scripts/check does)",
    r"^python examples/web/server\.py": "serves until stopped: tests/test_web.py runs the server",
    r"^curl |^SEAT0=": "talks to a running server: tests/test_web.py makes these requests",
    r"^python benchmarks/": "runs for minutes: docs/performance.rst reports its figures",
    r"^python -m examples\.(maskable_ppo|rllib_pettingzoo|selfplay_league)": (
        "trains with PyTorch, never installed"
    ),
    r"^python -c \"import torch": "asks PyTorch, never installed, what it is",
    r"^python -m examples\.cfr_small": (
        "runs for minutes: tests/test_openspiel.py runs its functions on a budget"
    ),
    r"--address auto": "needs a Ray cluster",
    r"--backend ray": "starts Ray: tests/test_ray.py runs simulate on it",
}
"""Lines not run, by a pattern they match, with the reason."""

COSTLY = re.compile(r"(^|[ '=])(search|ismcts|planner)\b")
"""Agents that think for minutes over a whole game: their commands are checked, not played."""


def _blocks() -> list[tuple[str, int, list[tuple[str, str]]]]:
    """Every ``console`` block of the docs: its file, its line, and its commands, each with the
    output the docs show under it."""
    found = []
    for path in sorted((ROOT / "docs").rglob("*.rst")):
        text = path.read_text("utf-8")
        for block in re.finditer(r"^\.\. code-block:: console\n\n((?:   .*\n|\n)+)", text, re.M):
            commands: list[tuple[str, str]] = []
            lines = [line[3:] for line in block.group(1).splitlines()]
            i = 0
            while i < len(lines):
                line = lines[i]
                i += 1
                if not line.startswith("$ "):
                    if commands and line.strip():
                        command, shown = commands[-1]
                        commands[-1] = (command, shown + line + "\n")
                    continue
                command = line[2:]
                while command.rstrip().endswith("\\") and i < len(lines):
                    command = command.rstrip()[:-1] + " " + lines[i].strip()
                    i += 1
                command = re.sub(r"\s+#.*$", "", command).strip()  # a comment after it
                if command and not command.startswith("#"):
                    commands.append((command, ""))
            line_no = text[: block.start()].count("\n") + 1
            found.append((str(path.relative_to(ROOT)), line_no, commands))
    return [block for block in found if block[2]]


BLOCKS = _blocks()


def _files(folder: Path) -> None:
    """The files the docs' text says a reader has: a record of one move (``game.json``), a
    state (``state.json``) and a broken state (``bad.json``)."""
    first = gg.legal_actions(gg.new_game(seed=7))[0]
    (folder / "game.json").write_text(gg.dumps(gg.record((first,), seed=7)), "utf-8")
    state = gg.apply(gg.new_game(seed=7), first)
    (folder / "state.json").write_text(gg.dumps(state), "utf-8")
    bad = json.loads(gg.dumps(state))
    bad["data"]["placed"][0]["x"] = "one"
    (folder / "bad.json").write_text(json.dumps(bad), "utf-8")


def _check_costly(argv: list[str]) -> None:
    """What ``tabletop`` checks before playing: the game, its config, every agent made with its
    options, and the agents fitting the seats."""
    args = _parser().parse_args(argv)
    game = _load_game(args.game)
    io = _Io(sys.stdin, sys.stdout, sys.stderr)
    config = _load_config(game, args.config, io) if args.config else None
    count = game.seat_count(config if config is not None else game.config_type())
    if args.command == "simulate":
        agents = args.agent or ["random"]
        for agent in agents:
            make_agent(game, agent)
        assert len(agents) in (1, count), f"{count} seats, {len(agents)} agents"
    else:
        _players(game, count, args.seat or (), args.agent or ())


def _run(command: str, folder: Path, shown: str) -> None:
    if command.startswith("PYTHONPATH=. "):
        command = command.removeprefix("PYTHONPATH=. ")
    argv = shlex.split(command)
    if argv[:3] == ["python", "-m", "tabletop_rules.cli"]:
        argv = ["tabletop", *argv[3:]]
    assert argv[0] == "tabletop", command
    args = argv[1:]
    if COSTLY.search(command):
        _check_costly(args)
        return
    if args[0] == "simulate":
        if "--games" in args:
            args[args.index("--games") + 1] = "1"
        else:
            args += ["--games", "1"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    done = subprocess.run(
        [str(TABLETOP), *args],
        cwd=folder,
        input="q!\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    error = re.search(r"^tabletop: error: (.*)$", shown, re.M)
    if error:
        assert done.returncode != 0, command
        assert error.group(1) in done.stderr, (command, done.stderr)
    else:
        assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])


@pytest.mark.parametrize(
    ("path", "line", "commands"), BLOCKS, ids=[f"{p}:{n}" for p, n, _ in BLOCKS]
)
def test_the_commands_of_the_docs_run_as_written(
    path: str, line: int, commands: list[tuple[str, str]], tmp_path: Path
) -> None:
    _files(tmp_path)
    for command, shown in commands:
        reasons = [reason for pattern, reason in NOT_RUN.items() if re.search(pattern, command)]
        if reasons:
            continue
        folder = ROOT if "docs.recipes" in command or "examples." in command else tmp_path
        _run(command, folder, shown)


def test_every_line_not_run_is_said_why() -> None:
    """The patterns of lines not run each match a line of the docs (none is left over), and
    the docs hold commands of ``tabletop`` that are run."""
    commands = [command for _, _, block in BLOCKS for command, _ in block]
    for pattern in NOT_RUN:
        assert any(re.search(pattern, command) for command in commands), pattern
    run = [c for c in commands if not any(re.search(p, c) for p in NOT_RUN)]
    assert len(run) > 20
