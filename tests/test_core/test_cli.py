"""Tests of the ``tabletop`` command (:mod:`tabletop_rules.cli`).

The command finds games only through the ``tabletop_rules.games`` entry points. Next to the real
ones (goblinguard) the tests register, through the same mechanism, a tiny two-to-three-seat game
defined here ("nim": take 1 to 3 from a pile, whoever takes the last one wins) and two broken
entry points, so every code path is exercised without the CLI knowing any game.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Sequence
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs
import pytest
from tests.test_core.cli_run import Run, run

from tabletop_rules import (
    Codec,
    Decision,
    Game,
    Outcome,
    RandomAgent,
    Record,
    Rng,
    Step,
    cli,
    make_converter,
    play,
)
from tabletop_rules import _registry as registry
from tabletop_rules.cli import _games as cli_games

# --------------------------------------------------------------------------- the "nim" fixture


@attrs.frozen
class NimConfig:
    """Nim options: the number of seats and the smallest starting pile."""

    seats: int = 2
    size: int = 10


@attrs.frozen
class NimState:
    """A Nim position."""

    config: NimConfig
    pile: int
    to_move: int
    turns: int


@attrs.frozen
class NimView:
    """What one seat sees of a Nim position (everything: Nim has no secrets)."""

    config: NimConfig
    seat: int
    pile: int
    to_move: int
    turns: int


@attrs.frozen
class Take:
    """Take ``n`` from the pile."""

    n: int


@attrs.frozen
class Took:
    """Seat ``seat`` took ``n``."""

    seat: int
    n: int

    @property
    def seen_by(self) -> tuple[int, ...] | None:
        """Everyone sees it."""
        return None


@attrs.frozen
class NimOutcome(Outcome):
    """Nim's outcome with an extra field and per-seat scores, to exercise the generic summary."""

    long: bool


CONV = make_converter()
CODEC = Codec(
    "nim",
    1,
    CONV,
    {
        "state": NimState,
        "view": NimView,
        "action": Take,
        "config": NimConfig,
        "record": Record[NimConfig, NimState, Take],
        "event": Took,
    },
)


def new_game(config: NimConfig | None = None, *, seed: int) -> NimState:
    """A pile of ``size`` to ``size + 4``, drawn from ``seed``."""
    config = config or NimConfig()
    extra, _ = Rng.from_seed(seed).below(5)
    return NimState(config, config.size + extra, 0, 0)


def legal_actions(s: NimState | NimView) -> tuple[Take, ...]:
    """Take 1, 2 or 3 (no more than the pile)."""
    return tuple(Take(n) for n in range(1, min(3, s.pile) + 1))


def why_not(s: NimState | NimView, a: Take) -> str | None:
    """``None`` or why not."""
    if s.pile == 0:
        return "N0: the game is over"
    if not 1 <= a.n <= min(3, s.pile):
        return f"N1: take 1 to {min(3, s.pile)}"
    return None


def act(s: NimState, a: Take) -> Step[NimState, Took]:
    """Take from the pile."""
    new = NimState(s.config, s.pile - a.n, (s.to_move + 1) % s.config.seats, s.turns + 1)
    return Step(new, (Took(s.to_move, a.n),))


def current_player(s: NimState | NimView) -> int | None:
    """The seat to move, ``None`` when the pile is empty."""
    return None if s.pile == 0 else s.to_move


def is_over(s: NimState | NimView) -> bool:
    """Whether the pile is empty."""
    return s.pile == 0


def outcome(s: NimState | NimView) -> NimOutcome | None:
    """Whoever took the last one wins."""
    if s.pile:
        return None
    seats = s.config.seats
    winner = (s.to_move - 1) % seats
    returns = tuple(1.0 if i == winner else 0.0 for i in range(seats))
    scores = tuple(float(turns_of(s, i)) for i in range(seats))
    return NimOutcome((winner,), returns, s.turns > 5, scores=scores)


def turns_of(s: NimState | NimView, seat: int) -> int:
    """How many turns ``seat`` has taken."""
    return s.turns // s.config.seats + (seat < s.turns % s.config.seats)


def view(s: NimState, seat: int) -> NimView:
    """Everything, seen by ``seat``."""
    return NimView(s.config, seat, s.pile, s.to_move, s.turns)


def redeal(v: NimView, seed: int) -> NimState:
    """Nothing is hidden: the state itself."""
    return NimState(v.config, v.pile, v.to_move, v.turns)


def decision(s: NimState | NimView) -> Decision[None] | None:
    """How many to take."""
    if s.pile == 0:
        return None
    return Decision(s.to_move, "take", f"Take 1 to {min(3, s.pile)} from {s.pile}.", None)


def notation(a: Take) -> str:
    """``t1``, ``t2`` or ``t3``."""
    return f"t{a.n}"


def parse_notation(text: str) -> Take:
    """Read ``t<digit>``."""
    m = re.fullmatch(r"t([0-9])", text.strip())
    if not m:
        raise ValueError(f"write t1, t2 or t3, not {text!r}")
    return Take(int(m.group(1)))


def render_text(s: NimState | NimView) -> str:
    """The pile as strokes."""
    return f"Pile: {'|' * s.pile} ({s.pile})"


@attrs.frozen
class Greedy:
    """Leaves a multiple of four when it can."""

    def choose(self, view: Any, actions: Sequence[Take], rng: Rng) -> tuple[Take, Rng]:
        """The winning move, or take one."""
        want = view.pile % 4
        return (Take(want) if want else actions[0]), rng


class Nim(Game[NimState, Take, NimView]):
    """Nim, written on the kernel."""

    __slots__ = ()

    name = "nim"
    title = "Nim"
    seats = (2, 3)
    config_type = NimConfig
    state_type = NimState
    view_type = NimView
    action_types = (Take,)
    codec = CODEC
    agents = MappingProxyType({"random": RandomAgent, "greedy": Greedy})
    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    why_not = staticmethod(why_not)
    act = staticmethod(act)
    current_player = staticmethod(current_player)
    is_over = staticmethod(is_over)
    outcome = staticmethod(outcome)
    view = staticmethod(view)
    redeal = staticmethod(redeal)
    decision = staticmethod(decision)
    notation = staticmethod(notation)
    parse_notation = staticmethod(parse_notation)
    render_text = staticmethod(render_text)

    @staticmethod
    def seat_count(position: NimConfig | NimState | NimView) -> int:
        """The seats of the config."""
        return position.seats if isinstance(position, NimConfig) else position.config.seats

    @staticmethod
    def validate(position: NimState | NimView) -> None:
        """Every pile is a legal pile."""


GAME = Nim()

NOT_A_GAME = "just a string"

# --------------------------------------------------------------------------- helpers


@pytest.fixture(autouse=True)
def extra_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register nim and two broken games next to the installed entry points."""
    real = entry_points

    def patched(*, group: str) -> list[EntryPoint]:
        return [
            *real(group=group),
            EntryPoint("nim", f"{__name__}:GAME", group),
            EntryPoint("broken", "no_such_module_for_tabletop_tests:GAME", group),
            EntryPoint("notagame", f"{__name__}:NOT_A_GAME", group),
        ]

    monkeypatch.setattr(registry, "entry_points", patched)


def fails(result: Run, *fragments: str) -> None:
    """Check a clean one-line error with exit code 1."""
    assert result.code == 1, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("tabletop: error: "), result.err
    assert "Traceback" not in result.err + result.out
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


def nim_record(seed: int = 6, actions: Sequence[Take] | None = None) -> Record[Any, Any, Any]:
    """A finished nim game (greedy against random) or the given actions."""
    if actions is None:
        _, actions = play(GAME, [Greedy(), RandomAgent()], seed=seed)
    return Record(tuple(actions), seed=seed)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def tamper(text: str, change: Any) -> str:
    """Change the parsed envelope with ``change`` and write it back."""
    data = json.loads(text)
    change(data)
    return json.dumps(data)


# --------------------------------------------------------------------------- general


def test_version() -> None:
    result = run("--version")
    assert result.code == 0
    assert result.out.strip() == "tabletop 0.1.0"


def test_no_command_is_a_usage_error() -> None:
    result = run()
    assert result.code == 2
    assert "usage: tabletop" in result.err


def test_unknown_command_is_a_usage_error() -> None:
    result = run("dance")
    assert result.code == 2
    assert "invalid choice" in result.err


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.code == 0
    for command in ("games", "play", "simulate", "replay", "validate"):
        assert command in result.out


def test_module_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tabletop_rules.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.strip() == "tabletop 0.1.0"


# --------------------------------------------------------------------------- games


def test_games_lists_the_registered_games() -> None:
    result = run("games")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0].split() == ["NAME", "TITLE", "SEATS", "AGENTS"]
    nim = next(line for line in lines if line.startswith("nim "))
    assert nim.split() == ["nim", "Nim", "2-3", "greedy,", "ismcts,", "random"]
    assert any(line.startswith("goblinguard ") for line in lines)


def test_games_warns_about_broken_entry_points() -> None:
    result = run("games")
    assert result.code == 0
    assert "tabletop: warning: cannot load game 'broken'" in result.err
    assert "ModuleNotFoundError" in result.err
    assert "'notagame'" in result.err
    assert "not a tabletop_rules.Game" in result.err


def test_games_with_nothing_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "entry_points", lambda *, group: [])
    result = run("games")
    assert result.code == 0
    assert "No games are installed" in result.out


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_unknown_game(command: str) -> None:
    fails(run(command, "chess"), "unknown game 'chess'", "installed:", "goblinguard", "nim")


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_game_that_cannot_be_loaded(command: str) -> None:
    fails(run(command, "broken"), "cannot load game 'broken'", "ModuleNotFoundError")
    fails(run(command, "notagame"), "'notagame'", "not a tabletop_rules.Game")


# --------------------------------------------------------------------------- play


def test_play_a_whole_game_by_numbers_and_notation(tmp_path: Path) -> None:
    # seed 6 gives a pile of 12; two seats, both played by people (pass-and-play)
    assert new_game(seed=6).pile == 12
    result = run("play", "nim", "--seed", "6", "--seat", "0", "--seat", "1", stdin="3\nt3\n" * 2)
    assert result.code == 0, result
    assert result.err == ""
    assert "Nim — seed 6" in result.out
    assert "Seats: 0 human, 1 human." in result.out
    assert "── Decision 1 · seat 0" in result.out
    assert "── Decision 2 · seat 1" in result.out
    assert result.out.count("pass the keyboard to seat 1") == 2
    assert "Pile: |||||||||||| (12)" in result.out
    assert "Seat 0: Take 1 to 3 from 12." in result.out
    assert "  1  t1\n  2  t2\n  3  t3" in result.out
    assert "  · took: seat=0 n=3" in result.out  # the step's events
    assert "Game over: won by seat 1 (long no, returns 0 / 1, scores 2 / 2)." in result.out
    assert "  seat 1  human  return 1  score 2  winner" in result.out


def test_play_rejects_bad_input_and_asks_again() -> None:
    lines = ["", "0", "4", "banana", "t9", "?", "l", "b", "u", "s", "3", "3", "3", "3"]
    result = run("play", "nim", "--seed", "6", stdin="\n".join(lines) + "\n")
    assert result.code == 0, result
    out = result.out
    assert "Seats: 0 human, 1 greedy." in out  # the default: seat 0 yours, the others agents
    assert "There is no action 0: choose 1 to 3." in out
    assert "There is no action 4: choose 1 to 3." in out
    assert "Not understood: write t1, t2 or t3, not 'banana' (type h for help)" in out
    assert "t9 is not legal now: N1: take 1 to 3" in out
    assert "l, list" in out  # the help
    assert "Nothing to undo (seat 0 has not decided yet)." in out
    assert "Where to? Type s FILE" in out
    assert "Game over" in out
    assert "Traceback" not in out + result.err


def test_play_a_game_without_card_texts_or_long_lists() -> None:
    """A game without ``card_text`` has no card command in its help, and says so when asked; a
    short list is chosen from in one step."""
    result = run("play", "nim", "--seed", "6", stdin="h\ncard t1\n? t1\nq!\n")
    assert result.code == 0, result
    assert "card [NAME]" not in result.out and "0, back" not in result.out
    assert result.out.count("Nim has no card texts.") == 2
    assert "auto             play the decisions with one legal action" in result.out


def test_play_auto_forced_in_a_game_of_two_people() -> None:
    """Nim's last stone is the only choice: with --auto-forced it is played without asking; when
    another person has the keyboard, only that the seat played its only choice is said."""
    seats = ["--seat", "0", "--seat", "1", "--auto-forced"]
    # 12 stones: 3, 3, 3 and 2 leave 1, seat 0's only choice, while seat 1 has the keyboard
    result = run("play", "nim", "--seed", "6", *seats, stdin="3\n3\n3\n2\n")
    assert result.code == 0, result
    assert "Seat 0 had only one choice and played it." in result.out
    assert "only one choice, played" not in result.out
    assert result.out.count("── Decision") == 4
    assert "Game over: won by seat 0" in result.out


def test_play_undo_takes_back_the_last_move(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    seats = ["--seat", "0", "--seat", "1"]
    # seat 0 takes 1, seat 1 takes 2, seat 0 takes back its move (and seat 1's after it)
    stdin = "1\n2\nu\nu\n3\nq\n"
    result = run("play", "nim", "--seed", "6", *seats, "--save", save, stdin=stdin)
    assert result.code == 0, result
    assert result.out.count("Took back your last move and 1 action(s) after it.") == 1
    assert "Nothing to undo (seat 0 has not decided yet)." in result.out
    record = GAME.loads(save.read_text(), Record)
    assert record.actions == (Take(3),)
    # a person's undo passes over the agents' moves after it
    stdin = "1\n1\nu\n2\nq\n"
    result = run("play", "nim", "--seed", "6", "--save", save, stdin=stdin)
    assert result.code == 0, result
    assert "Took back your last move and 1 action(s) after it." in result.out
    record = GAME.loads(save.read_text(), Record)
    assert record.actions == (Take(1), Take(3), Take(2), Take(2))


def test_play_quit_saves_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    seats = ["--seat", "0", "--seat", "1=human"]
    result = run("play", "nim", "--seed", "6", *seats, "--save", save, stdin="1\nt2\nquit\n")
    assert result.code == 0, result
    assert f"Saved 2 action(s) to {save}." in result.out
    assert "Game over" not in result.out
    record = GAME.loads(save.read_text(), Record)
    assert record == Record((Take(1), Take(2)), seed=6)

    result = run("play", "nim", "--resume", save, *seats, "--save", save, stdin="u\n" + "1\n" * 12)
    assert result.code == 0, result
    assert f"Resumed after 2 action(s) from {save}." in result.out
    assert "Took back your last move and 1 action(s) after it." in result.out  # into the file
    assert "Pile: ||||||||||| (11)" in result.out
    assert "Game over: won by seat 1" in result.out
    record = GAME.loads(save.read_text(), Record)
    assert len(record.actions) == 12
    assert run("validate", save).code == 0


def test_play_save_command_writes_the_record_now(tmp_path: Path) -> None:
    later = tmp_path / "later.json"
    result = run("play", "nim", "--seed", "6", stdin=f"1\nsave {later}\n1\nq\n")
    assert result.code == 0, result
    assert f"Saved 2 action(s) to {later}." in result.out  # the command
    assert f"Saved 4 action(s) to {later}." in result.out  # quitting saves there too
    assert len(GAME.loads(later.read_text(), Record).actions) == 4
    result = run("play", "nim", "--seed", "6", stdin=f"s {tmp_path / 'no' / 'x.json'}\nq\n")
    assert "Not saved: " in result.out and "there is no folder" in result.out


def test_play_end_of_input_quits_cleanly() -> None:
    result = run("play", "nim", "--seed", "6", stdin="1\n")
    assert result.code == 0
    assert "Game over" not in result.out
    assert result.err == ""


def test_play_with_an_agent_in_the_other_seat() -> None:
    result = run("play", "nim", "--seed", "6", "--agent", "greedy", stdin="1\n" * 12)
    assert result.code == 0, result
    assert "Seat 1 (greedy) plays t3." in result.out  # 12 - 1 = 11: greedy leaves 8
    assert "Game over: won by seat 1" in result.out


def test_play_as_another_seat() -> None:
    result = run("play", "nim", "--seed", "6", "--seat", "1", "--agent", "random", stdin="1\n" * 12)
    assert result.code == 0, result
    assert "Seat 0 (random) plays" in result.out


def test_play_with_a_config(tmp_path: Path) -> None:
    config = write(tmp_path, "config.json", GAME.dumps(NimConfig(seats=3, size=4)))
    result = run("play", "nim", "--seed", "0", "--config", config, stdin="1\n" * 9)
    assert result.code == 0, result
    assert "seat 2" in result.out
    state = write(tmp_path, "state.json", GAME.dumps(new_game(seed=1)))
    fails(run("play", "nim", "--config", state), "holds a nim state, not a nim config")


def test_play_errors(tmp_path: Path) -> None:
    fails(run("play", "nim", "--agent", "genius"), "unknown agent 'genius' for nim", "greedy")
    three = ["--agent", "random"] * 3
    fails(run("play", "nim", *three), "no seat left for agent 'random'", "has 2 seat(s)")
    fails(run("play", "goblinguard", "--agent", "greedy"), "you play seat 0")
    fails(run("play", "nim", "--seat", "3"), "seats 0 to 1")
    fails(run("play", "nim", "--resume", tmp_path / "nothing.json"), "no such file")
    unwritable = tmp_path / "missing-dir" / "game.json"
    fails(run("play", "nim", "--save", unwritable), "cannot write: there is no folder")
    fails(run("play", "nim", "--save", tmp_path), "is a directory")
    goblin = write(tmp_path, "other.json", json.dumps({"game": "goblinguard", "kind": "record"}))
    fails(run("play", "nim", "--resume", goblin), "a goblinguard file, not nim")
    config = write(tmp_path, "config.json", GAME.dumps(NimConfig()))
    fails(run("play", "nim", "--resume", config), "holds a config, not a record")


@attrs.frozen
class Cheat:
    """Takes more than it may."""

    def choose(self, view: Any, actions: Sequence[Take], rng: Rng) -> tuple[Take, Rng]:
        """An illegal move."""
        return Take(7), rng


@attrs.frozen
class Crash:
    """Fails to choose."""

    def choose(self, view: Any, actions: Sequence[Take], rng: Rng) -> tuple[Take, Rng]:
        """Raise."""
        raise RuntimeError("no idea")


def test_play_seats_given_as_module_and_class_and_agents_that_misbehave() -> None:
    greedy = f"{__name__}:Greedy"
    result = run("play", "nim", "--seed", "6", "--seat", f"1={greedy}", stdin="1\n" * 12)
    assert result.code == 0, result
    assert f"Seats: 0 human, 1 {greedy}." in result.out
    assert f"Seat 1 ({greedy}) plays t3." in result.out
    cheat = run("play", "nim", "--seed", "6", "--seat", f"1={__name__}:Cheat", stdin="1\n")
    fails(cheat, f"agent '{__name__}:Cheat' of seat 1 chose t7, which is not legal: N1: take 1")
    crash = run("play", "nim", "--seed", "6", "--seat", f"1={__name__}:Crash", stdin="1\n")
    fails(crash, f"agent '{__name__}:Crash' of seat 1 failed: RuntimeError: no idea")


def test_play_without_people_plays_as_the_library_plays() -> None:
    result = run("play", "nim", "--seed", "6", "--seat", "0=greedy", "--seat", "1=random")
    assert result.code == 0, result
    _, actions = play(GAME, [Greedy(), RandomAgent()], seed=6)
    shown = re.findall(r"^Seat [01] \((?:greedy|random)\) plays (t[0-9])\.$", result.out, re.M)
    assert shown == [notation(a) for a in actions]
    assert "── Final position" in result.out


def test_play_with_options_given_inline() -> None:
    result = run("play", "nim", "--seed", "0", "--config", '{"seats": 3}', stdin="q\n")
    assert result.code == 0, result
    assert "Seats: 0 human, 1 greedy, 2 greedy." in result.out
    fails(
        run("play", "nim", "--config", '{"seets": 3}'), "nim has no option 'seets'", "seats, size"
    )


def test_play_seed_and_resume_are_exclusive(tmp_path: Path) -> None:
    assert run("play", "nim", "--seed", "1", "--resume", tmp_path / "x").code == 2


def test_play_without_a_seed_picks_and_shows_one() -> None:
    result = run("play", "nim", stdin="q\n")
    assert result.code == 0
    assert re.search(r"Nim — seed [0-9]+\.", result.out)


# --------------------------------------------------------------------------- simulate


def simulate_json(*argv: str) -> dict[str, Any]:
    result = run("simulate", *argv, "--json")
    assert result.code == 0, result
    data: dict[str, Any] = json.loads(result.out)
    return data


def without_time(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("elapsed_s", "games_per_s")}


def test_simulate_text_summary() -> None:
    result = run("simulate", "nim", "--games", "5", "--seed", "10", "--agent", "random")
    assert result.code == 0, result
    out = result.out
    assert out.startswith("Nim (nim): 5 games, agent random, seeds 10-14\n")
    assert re.search(r"^Wins +seat 0: [0-9]+ \([0-9.]+%\)$", out, re.M)
    assert re.search(r"^ +seat 1: [0-9]+", out, re.M)
    assert re.search(r"^Score +seat 0: mean [0-9.]+, min [0-9]+, max [0-9]+$", out, re.M)
    assert re.search(r"^ +seat 1: mean [0-9.]+, min [0-9]+, max [0-9]+$", out, re.M)
    assert re.search(r"^Outcome +long: [0-9]+ of 5", out, re.M)
    assert re.search(r"^Decisions +mean [0-9.]+ per game", out, re.M)
    assert re.search(r"^Time +[0-9.]+ s", out, re.M)
    # stderr is not a terminal: a few plain progress lines
    assert re.fullmatch(
        r"simulate: 5/5 games, [0-9.]+ games/s, 0\.0 s left", result.err.splitlines()[-1]
    )
    assert len(result.err.splitlines()) <= 4


def test_simulate_json_summary() -> None:
    data = simulate_json("nim", "--games", "6", "--seed", "1", "--agent", "greedy")
    assert data["game"] == "nim"
    assert data["games"] == 6
    assert data["agents"] == ["greedy"]
    assert data["seats"] == 2
    assert sum(data["wins"]) + data["no_winner"] == 6
    assert [sum(seat["histogram"].values()) for seat in data["scores"]] == [6, 6]
    assert data["outcome"]["long"]["true"] <= 6
    assert data["decisions"]["min"] >= 1
    assert data["elapsed_s"] >= 0


def test_simulate_is_deterministic_and_seeds_follow_s_plus_i() -> None:
    a = simulate_json("nim", "--games", "4", "--seed", "7", "--agent", "random")
    b = simulate_json("nim", "--games", "4", "--seed", "7", "--agent", "random")
    assert without_time(a) == without_time(b)
    scores = []
    for seed in range(7, 11):
        final = outcome(play(GAME, [RandomAgent(), RandomAgent()], seed=seed)[0])
        assert final is not None and final.scores is not None
        scores.append(int(final.scores[0]))
    histogram = a["scores"][0]["histogram"]
    assert sorted(int(k) for k, n in histogram.items() for _ in range(n)) == sorted(scores)


def test_simulate_one_agent_per_seat() -> None:
    data = simulate_json("nim", "--games", "3", "--agent", "greedy", "--agent", "random")
    assert data["agents"] == ["greedy", "random"]
    assert data["seats"] == 2


def test_simulate_quiet_and_terminal_progress() -> None:
    result = run("simulate", "nim", "--games", "3", "--quiet")
    assert result.code == 0
    assert result.err == ""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Terminal()
    code = cli.main(["simulate", "nim", "--games", "3"], stdout=io.StringIO(), stderr=err)
    assert code == 0
    assert err.getvalue().startswith("\r\x1b[Ksimulate: ")
    assert re.search(
        r"\r\x1b\[Ksimulate: 3/3 games, [0-9.]+ games/s, 0\.0 s left\n$", err.getvalue()
    )


def test_simulate_errors(tmp_path: Path) -> None:
    fails(run("simulate", "nim", "--agent", "genius"), "unknown agent 'genius' for nim")
    four = ["--agent", "random"] * 4
    fails(run("simulate", "nim", "--games", "1", *four), "has 2 seat(s)", "not 4")
    fails(run("simulate", "nim", "--config", tmp_path / "none.json"), "no such file")
    assert run("simulate", "nim", "--games", "0").code == 2
    assert run("simulate", "nim", "--games", "many").code == 2
    assert run("simulate", "nim", "--jobs", "0").code == 2


# --------------------------------------------------------------------------- replay


def test_replay_lists_the_actions_and_the_result(tmp_path: Path) -> None:
    record = nim_record()
    path = write(tmp_path, "game.json", GAME.dumps(record))
    result = run("replay", path)
    assert result.code == 0, result
    lines = result.out.splitlines()
    assert lines[0] == f"#0  seat 0  {notation(record.actions[0])}"
    assert len([line for line in lines if line.startswith("#")]) == len(record.actions)
    assert "Pile:  (0)" in result.out
    assert lines[-1].startswith(f"Replayed {len(record.actions)} action(s): game over, won by seat")


def test_replay_quiet_and_unfinished(tmp_path: Path) -> None:
    path = write(tmp_path, "game.json", GAME.dumps(nim_record(actions=[Take(1)])))
    result = run("replay", path, "--quiet")
    assert result.code == 0, result
    assert result.out == "Replayed 1 action(s): not over, seat 1 to act (3 legal actions).\n"


def test_replay_from_standard_input() -> None:
    result = run("replay", "-", "-q", stdin=GAME.dumps(nim_record()))
    assert result.code == 0, result
    assert "game over" in result.out


def bad_files(tmp_path: Path) -> dict[str, tuple[Path, list[str]]]:
    """Broken files, each with the fragments its error message must contain."""
    good = GAME.dumps(nim_record())

    def set_(key: str, value: Any) -> Any:
        return lambda d: d.__setitem__(key, value)

    def action(index: int, n: Any) -> Any:
        return lambda d: d["data"]["actions"][index].__setitem__("n", n)

    cases: dict[str, tuple[Path | str, list[str]]] = {
        "missing": (tmp_path / "missing.json", ["missing.json: no such file"]),
        "directory": (tmp_path, ["is a directory"]),
        "truncated": (good[: len(good) // 2], ["not valid JSON", "line 1 column"]),
        "empty": ("", ["not valid JSON"]),
        "nested too deeply": ("[" * 2000 + "]" * 2000, ["not valid JSON", "nested too deeply"]),
        "huge number": ('{"format": ' + "9" * 5000 + "}", ["not valid JSON"]),
        "list": ("[1, 2]", ["not a tabletop-rules file (expected a JSON object)"]),
        "no game": ('{"kind": "record"}', ['no "game" name']),
        "unknown game": (tamper(good, set_("game", "chess")), ["unknown game 'chess'"]),
        "broken game": (tamper(good, set_("game", "broken")), ["cannot load game 'broken'"]),
        "tampered type": (
            tamper(good, action(2, "three")),
            ["invalid nim record at $.data.actions[2].n", "expected int"],
        ),
        "tampered key": (
            tamper(good, lambda d: d["data"].__setitem__("cheat", True)),
            ["invalid nim record at $.data.cheat: unknown key"],
        ),
        "newer format": (
            tamper(good, set_("format", 99)),
            ["invalid nim record at $.format", "newer"],
        ),
        "illegal action": (
            tamper(good, action(1, 7)),
            ["action #1 (t7) cannot be replayed: N1: take 1 to 3"],
        ),
        "illegal last action": (
            GAME.dumps(nim_record(actions=[Take(3)] * 4 + [Take(1)])),
            ["action #4 (t1) cannot be replayed: N0: the game is over"],
        ),
    }
    out: dict[str, tuple[Path, list[str]]] = {}
    for name, (content, fragments) in cases.items():
        if isinstance(content, Path):
            out[name] = (content, fragments)
        else:
            out[name] = (write(tmp_path, name.replace(" ", "-") + ".json", content), fragments)
    return out


BAD = [
    "missing",
    "directory",
    "truncated",
    "empty",
    "nested too deeply",
    "huge number",
    "list",
    "no game",
    "unknown game",
    "broken game",
    "tampered type",
    "tampered key",
    "newer format",
    "illegal action",
    "illegal last action",
]


@pytest.mark.parametrize("case", BAD)
@pytest.mark.parametrize("command", ["replay", "validate"])
def test_bad_files_give_one_line_errors(tmp_path: Path, command: str, case: str) -> None:
    path, fragments = bad_files(tmp_path)[case]
    fails(run(command, path), *fragments)


def test_replay_of_something_that_is_not_a_record(tmp_path: Path) -> None:
    path = write(tmp_path, "state.json", GAME.dumps(new_game(seed=1)))
    fails(run("replay", path), "holds a state, not a record", "tabletop validate")


# --------------------------------------------------------------------------- validate


def test_validate_every_kind(tmp_path: Path) -> None:
    state = new_game(seed=1)
    values: dict[str, Any] = {
        "state": state,
        "view": view(state, 0),
        "action": Take(2),
        "config": NimConfig(seats=3),
        "default config": NimConfig(),
        "record": nim_record(),
        "event": Took(0, 2),
    }
    for name, value in values.items():
        path = write(tmp_path, f"{name}.json", GAME.dumps(value))
        result = run("validate", path)
        kind = name.split()[-1]
        assert result.code == 0, result
        assert result.out.startswith(f"OK: nim {kind}: "), result.out
    expected = {
        "state": f"digest {GAME.digest(state)}, not over, seat 0 to act (3 legal actions)",
        "view": "seat 0 to act (3 legal actions)",
        "action": "t2",
        "config": "NimConfig(seats=3, size=10)",
        "event": "Took(seat=0, n=2)",
        "default config": "the default settings",
    }
    for name, detail in expected.items():
        kind = name.split()[-1]
        assert run("validate", tmp_path / f"{name}.json").out == f"OK: nim {kind}: {detail}\n"
    record = run("validate", tmp_path / "record.json").out
    assert re.fullmatch(r"OK: nim record: [0-9]+ action\(s\) replayed, game over, won .*\n", record)


def test_validate_errors(tmp_path: Path) -> None:
    good = GAME.dumps(new_game(seed=1))
    odd = write(tmp_path, "odd.json", tamper(good, lambda d: d.__setitem__("kind", "poem")))
    fails(run("validate", odd), "unknown kind 'poem'", "state, view, action")
    wrong = write(
        tmp_path, "wrong.json", tamper(good, lambda d: d["data"].__setitem__("pile", "many"))
    )
    fails(run("validate", wrong), "invalid nim state at $.data.pile")
    nokind = write(tmp_path, "nokind.json", '{"game": "nim"}')
    fails(run("validate", nokind), 'no "kind"')
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    fails(run("validate", binary), "not a text file")


# --------------------------------------------------------------------------- goblinguard


@pytest.fixture(scope="module")
def goblinguard() -> Game[Any, Any]:
    """The real goblinguard game, loaded the way the CLI loads it."""
    return cli_games._load_game("goblinguard")


def test_goblinguard_play_shows_long_lists_in_columns(goblinguard: Game[Any, Any]) -> None:
    # the placements are chosen in two steps (1: the first card, 1: its first place); a card's
    # places, when more than 40, are shown in columns
    result = run("play", "goblinguard", "--seed", "1", stdin="1\n" * 60)
    assert result.code == 0, result
    assert "Game over: " in result.out
    state = goblinguard.new_game(None, seed=1)
    legal = goblinguard.legal_actions(goblinguard.view(state, 0))
    first = goblinguard.notation(legal[0])
    assert first in result.out
    columns = r"^ +[0-9]+  [+-]\S+ +[0-9]+  [+-]\S+"  # several per line, aligned
    rows = [line for line in result.out.splitlines() if re.match(columns, line)]
    assert rows
    assert all(len(row) <= 80 for row in rows)


def test_goblinguard_simulate(goblinguard: Game[Any, Any]) -> None:
    for agent in ("random", "greedy"):
        data = simulate_json("goblinguard", "--games", "3", "--seed", "5", "--agent", agent)
        assert data["games"] == 3
        assert data["seats"] == 1
        assert sum(data["scores"][0]["histogram"].values()) == 3
        assert data["wins"][0] == data["outcome"]["won"]["true"]


def test_goblinguard_simulate_in_parallel_matches_serial(goblinguard: Game[Any, Any]) -> None:
    serial = simulate_json("goblinguard", "--games", "4", "--agent", "random", "--quiet")
    parallel = simulate_json(
        "goblinguard", "--games", "4", "--agent", "random", "--jobs", "2", "--quiet"
    )
    assert without_time(serial) == without_time(parallel)


def test_goblinguard_save_replay_validate(goblinguard: Game[Any, Any], tmp_path: Path) -> None:
    agent = goblinguard.agents["random"]()
    state, actions = play(goblinguard, [agent], seed=11)
    path = write(tmp_path, "g.json", goblinguard.dumps(Record(actions, seed=11)))
    result = run("replay", path)
    assert result.code == 0, result
    assert goblinguard.notation(actions[0]) in result.out
    assert goblinguard.render_text(state) in result.out
    assert run("validate", path).out.startswith(f"OK: goblinguard record: {len(actions)} action")
    state_path = write(tmp_path, "s.json", goblinguard.dumps(state))
    assert run("validate", state_path).out.startswith(
        f"OK: goblinguard state: digest {goblinguard.digest(state)}, game over"
    )

    # tampered: another seed makes the first actions illegal (different cards in hand)
    moved = write(tmp_path, "m.json", goblinguard.dumps(Record(actions, seed=12)))
    fails(run("replay", moved), "cannot be replayed")
    # tampered: the actions swapped around
    swapped = write(tmp_path, "w.json", goblinguard.dumps(Record(actions[::-1], seed=11)))
    fails(run("validate", swapped), "action #0", "cannot be replayed")
    # tampered: an action's field of the wrong type
    text = path.read_text()
    bad = write(tmp_path, "b.json", tamper(text, lambda d: d["data"]["actions"][0].update(x="a")))
    fails(run("validate", bad), "invalid goblinguard record at $.data.actions[0]")
    # truncated
    half = write(tmp_path, "h.json", path.read_text()[:100])
    fails(run("replay", half), "not valid JSON")
    # written for another game
    other = write(tmp_path, "o.json", tamper(path.read_text(), lambda d: d.update(game="nim")))
    fails(run("replay", other), "invalid nim record")


# --------------------------------------------------------------------------- agents and chance


def test_simulate_with_an_agent_given_as_module_and_class() -> None:
    data = simulate_json(
        "nim", "--games", "4", "--agent", f"{__name__}:Greedy", "--agent", "random"
    )
    assert data["agents"] == [f"{__name__}:Greedy", "random"]
    assert data["games"] == 4


def test_simulate_agent_references_that_cannot_work() -> None:
    fails(run("simulate", "nim", "--agent", "no_such_module_xyz:Agent"), "cannot import agent")
    fails(run("simulate", "nim", "--agent", f"{__name__}:Nothing"), "cannot import agent")
    fails(run("simulate", "nim", "--agent", f"{__name__}:NOT_A_GAME"), "is not a class")
    fails(run("simulate", "nim", "--agent", f"{__name__}:NimConfig"), "has no choose(")


def test_simulate_and_play_agents_with_options() -> None:
    data = simulate_json("goblinguard", "--games", "2", "--agent", "search(candidates=2, depth=1)")
    assert data["agents"] == ["search(candidates=2, depth=1)"]
    assert data["games"] == 2
    played = run("play", "nim", "--seat", "0=random", "--seat", f"1={__name__}:Greedy()")
    assert played.code == 0, played
    alone = run("play", "goblinguard", "--seed", "1", "--seat", "0=search(candidates=2)")
    assert alone.code == 0, alone
    assert "search(candidates=2)" in alone.out


def test_agent_options_that_cannot_work() -> None:
    fails(run("simulate", "goblinguard", "--agent", "search(candiates=2)"), "no option 'candiates'")
    fails(run("simulate", "goblinguard", "--agent", "search(depth=0)"), "depth")
    fails(run("simulate", "goblinguard", "--agent", "search(depth=true)"), "expected int")
    fails(run("simulate", "goblinguard", "--agent", "search(depth=1"), "not an agent")
    fails(run("simulate", "nim", "--agent", f"{__name__}:Greedy(x=1)"), "no option 'x'")
    fails(run("play", "nim", "--seat", "1=random(seed=1)"), "no option 'seed'")


def test_play_and_replay_show_the_chance_decisions(tmp_path: Path) -> None:
    config = write(tmp_path, "explicit.json", gg_config_text(chance="explicit"))
    save = tmp_path / "game.json"
    result = run(
        "play", "goblinguard", "--seed", "3", "--config", config, "--save", save, stdin="1\nq\n"
    )
    assert result.code == 0, result
    assert result.out.count("Chance: ") == 6  # the opening hand, then the draw after the move
    replayed = run("replay", save)
    assert replayed.code == 0, replayed
    assert replayed.out.count("chance  ") == 6
    assert "not over, seat 0 to act" in replayed.out


def test_simulate_resolves_chance_by_sampling(tmp_path: Path) -> None:
    config = write(tmp_path, "explicit.json", gg_config_text(chance="explicit"))
    a = simulate_json("goblinguard", "--games", "3", "--config", str(config))
    b = simulate_json("goblinguard", "--games", "3", "--config", str(config))
    assert without_time(a) == without_time(b)
    assert a["decisions"]["min"] == 40  # 20 placements and 20 draws


def gg_config_text(**options: Any) -> str:
    import goblinguard as gg

    return gg.dumps(gg.Config(**options))
