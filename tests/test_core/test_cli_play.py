"""``tabletop play`` with the installed games: goblinguard alone, grimheim's heroes passing the
keyboard, kinmarr's guilds against agents; seats, config options, undo, save and resume, bad
input, and what a person's screen may show.

Every test drives :func:`tabletop_rules.cli.main` with scripted standard input.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from tabletop_rules import Game, Record, cli, play, replay
from tabletop_rules.cli import _games as cli_games

TWO_HEROES = '{"heroes": ["bjorn", "alva"]}'
THREE_GUILDS = '{"guilds": ["feudal_pact", "arcane_commune", "pathfinders"], "auto_pass": true}'
EXPLICIT = '{"chance": "explicit"}'


@attrs.frozen
class Run:
    """The result of one ``tabletop`` run."""

    code: int
    out: str
    err: str


def run(*argv: str | Path, stdin: str = "") -> Run:
    """Run ``tabletop`` with the given arguments and input."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([str(a) for a in argv], stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return Run(code, out.getvalue(), err.getvalue())


def ok(*argv: str | Path, stdin: str = "") -> str:
    """Run ``tabletop``, check it succeeded cleanly, and return its output."""
    result = run(*argv, stdin=stdin)
    assert result.code == 0, result
    assert result.err == ""
    assert "Traceback" not in result.out
    return result.out


def fails(result: Run, *fragments: str, code: int = 1) -> None:
    """Check a clean error: the exit code and a message holding ``fragments``."""
    assert result.code == code, result
    assert "Traceback" not in result.err + result.out
    if code == 1:
        lines = result.err.strip().splitlines()
        assert len(lines) == 1, result.err
        assert lines[0].startswith("tabletop: error: "), result.err
    for fragment in fragments:
        assert fragment in result.err, (fragment, result.err)


def lines(*answers: str) -> str:
    """Standard input answering with ``answers``, one a line."""
    return "".join(f"{answer}\n" for answer in answers)


def game(name: str) -> Game[Any, Any]:
    """An installed game, loaded the way the command loads it."""
    return cli_games._load_game(name)


def saved(name: str, path: Path) -> tuple[Record[Any, Any, Any], Any]:
    """The record in ``path`` and the state it ends in."""
    g = game(name)
    record = g.loads(path.read_text(encoding="utf-8"), "record")
    assert isinstance(record, Record)
    *_, final = replay(g, record)
    return record, final


def screens(out: str) -> list[str]:
    """The boards the command showed, in order (the text under each ``── Decision`` rule)."""
    parts = re.split(r"^── Decision [^\n]*\n", out, flags=re.M)[1:]
    return [part.split("\n\n", 1)[0] for part in parts]


# --------------------------------------------------------------------------- goblinguard


def test_goblinguard_a_whole_game_by_numbers(tmp_path: Path) -> None:
    # a long list is chosen in two steps (the card, then its place): 1 and 1 is the first action
    save = tmp_path / "g.json"
    out = ok("play", "goblinguard", "--seed", "4", "--save", save, stdin=lines(*["1"] * 40))
    assert "Seats:" not in out  # solitaire: no seat talk
    assert "── Decision 1 ─" in out and "── Decision 20 ─" in out
    assert re.search(r"^Game over: (won|lost) \(defeated [0-9]+", out, flags=re.M)
    assert f"Saved 20 action(s) to {save}." in out
    record, final = saved("goblinguard", save)
    g = game("goblinguard")
    assert g.is_over(final)
    # answering 1 each time is choosing the first legal action each time
    state = g.new_game(None, seed=4)
    for action in record.actions:
        assert action == g.legal_actions(state)[0]
        state = g.apply(state, action)
    assert state == final


def test_goblinguard_by_notation_and_bad_input() -> None:
    g = game("goblinguard")
    first = g.notation(g.legal_actions(g.new_game(None, seed=4))[0])
    out = ok("play", "goblinguard", "--seed", "4", stdin=lines("999", "zzz", "-1", first, "q"))
    assert "There is no action 999: choose 1 to " in out
    assert out.count("Not understood: ") == 2
    assert "── Decision 2 ─" in out  # the notation was taken
    assert "Stopped; the game was not saved" in out


def test_goblinguard_undo_never_changes_a_draw(tmp_path: Path) -> None:
    # explicit chance: the draws are the CLI's, sampled from the seed; undoing a move and making
    # it again draws the same cards, and the state after undo is the state before the move
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    last = tmp_path / "last.json"  # quitting saves to the file last named, not over `after`
    # (the first placement has 5 choices; a later one is two steps: 1 the card, 1 its place)
    answers = lines("1", f"s {before}", "1", "1", "u", f"s {after}", "1", "1", f"s {last}", "q")
    out = ok("play", "goblinguard", "--seed", "2", "--config", EXPLICIT, stdin=answers)
    assert "Took back your last move and 1 action(s) after it." in out
    drawn = re.findall(r"^Chance: (\S+) — (Chance draws .+\.)$", out, flags=re.M)
    first_draws = [notation for notation, _ in drawn]
    assert len(first_draws) == 8  # the opening hand, then a draw after each move
    assert all(words.startswith(f"Chance draws card {card} (") for card, words in drawn)
    assert first_draws[6] == first_draws[7]  # after the undone move and after its replacement
    assert saved("goblinguard", before) == saved("goblinguard", after)
    boards = screens(out)
    assert boards[1] == boards[3]  # before the undone move, and after undoing it


def test_goblinguard_quit_and_resume_draws_as_if_never_stopped(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    config = ["--config", EXPLICIT]
    ok("play", "goblinguard", "--seed", "9", *config, "--save", whole, stdin=lines(*"1111") + "q\n")
    ok("play", "goblinguard", "--seed", "9", *config, "--save", part, stdin=lines("1", "1", "q"))
    out = ok("play", "goblinguard", "--resume", part, "--save", part, stdin=lines("1", "1", "q"))
    assert "Resumed after " in out
    assert saved("goblinguard", whole) == saved("goblinguard", part)


def test_agents_alone_play_as_the_library_plays() -> None:
    g = game("goblinguard")
    out = ok("play", "goblinguard", "--seed", "5", "--seat", "0=greedy")
    assert "Seats: 0 greedy." in out
    _, actions = play(g, [g.agents["greedy"]()], seed=5)
    shown = re.findall(r"^Seat 0 \(greedy\) plays (\S+) — (.+)$", out, flags=re.M)
    assert [notation for notation, _ in shown] == [g.notation(a) for a in actions]
    states = list(replay(g, Record(tuple(actions), seed=5)))
    assert g.describe is not None
    said = [g.describe(g.view(s, 0), a) for s, a in zip(states, actions, strict=False)]
    assert [words for _, words in shown] == said  # each move in words, as the library says it
    assert "Game over: " in out


# --------------------------------------------------------------------------- grimheim


def test_grimheim_two_heroes_pass_the_keyboard_save_and_resume(tmp_path: Path) -> None:
    save, whole = tmp_path / "two.json", tmp_path / "whole.json"
    seats = ["--seat", "0=human", "--seat", "1=human"]
    args = ["play", "grimheim", *seats]
    config = ["--config", TWO_HEROES, "--seed", "3"]
    first, then = ["1", "end", "no-swap", "1"], ["1", "1", "2"]
    out = ok(*args, *config, "--save", save, stdin=lines(*first, "q"))
    assert "Seats: 0 human, 1 human." in out
    assert "Seat 0's decision: pass the keyboard to seat 0." in out
    assert "Seat 1's decision: pass the keyboard to seat 1." in out
    assert "── Decision 4 · seat 1 ─" in out
    assert f"Saved 4 action(s) to {save}." in out
    record, state = saved("grimheim", save)
    g = game("grimheim")
    assert len(record.actions) == 4 and g.seat_count(state) == 2
    seat = g.current_player(state)
    assert seat is not None
    assert screens(out)[-1] == g.render_text(g.view(state, seat))  # the board at quitting

    resumed = ok(*args, "--resume", save, "--save", save, stdin=lines(*then, "q"))
    assert "Resumed after 4 action(s)" in resumed
    assert screens(resumed)[0] == screens(out)[-1]  # the same position, the same seat's view
    ok(*args, *config, "--save", whole, stdin=lines(*first, *then, "q"))
    assert saved("grimheim", save) == saved("grimheim", whole)


def test_grimheim_screens_never_show_another_heros_secrets(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ["play", "grimheim", "--config", TWO_HEROES, "--seed", "3", "--seat", "1=random"]
    out = ok(*args, "--save", save, stdin=lines(*["1"] * 25, "q"))
    g = game("grimheim")
    assert g.describe is not None
    record, _ = saved("grimheim", save)
    # every card seat 1 held or drew in secret, by id and by name, and everything made public
    state = g.new_game(record.config, seed=record.seed)
    names = {card: data.name for card, data in state.config.cards.items()}
    own = {names[c.id] for d in state.config.pack.decks if d.hero == "bjorn" for c in d.cards}
    secret: set[str] = set(state.heroes[1].hand)
    mine: set[str] = set()
    public: list[str] = []
    for action in record.actions:
        public += [g.notation(action), g.describe(state, action)]
        step = g.step(state, action)
        for event in step.events:
            if type(event).__name__ == "EventDrawn":
                (secret if event.seen_by == (1,) else mine).add(event.card)
            elif event.seen_by is None:
                public += [repr(event), g.describe(step.state, event)]
        state = step.state
    never_shown = {
        card
        for card in secret
        if not any(card in text or names[card] in text for text in public)
        and names[card] not in own  # a name seat 0's own cards share may show
    }
    assert never_shown, "the game should keep some of seat 1's cards secret"
    for card in never_shown:
        assert not re.search(rf"{re.escape(card)}(?![\w-])", out), card
        assert names[card] not in out, names[card]
    assert mine and all(f"Bjorn drew the event {names[card]}" in out for card in mine)


def test_grimheim_lists_actions_and_events_in_words() -> None:
    """A long list shows the many moves in columns and every other action beside its words,
    ``l`` every action with its words, and the events of a move come in words."""
    g = game("grimheim")
    assert g.describe is not None
    args = ["play", "grimheim", "--config", TWO_HEROES, "--seed", "3", "--seat", "1=defender"]
    out = ok(*args, stdin=lines("l", "1", "q"))
    state = g.new_game(g.config_type(heroes=("bjorn", "alva")), seed=3)
    view = g.view(state, 0)
    legal = g.legal_actions(view)
    first, listed = out.split("> ", 1)[0], out.split("> ", 2)[1]  # the turn's list, then l's
    moves = [a for a in legal if type(a).__name__ == "MoveTo"]
    assert len(legal) > 40 and len(moves) > 12  # long enough to put the moves in columns
    for number, action in enumerate(legal, 1):
        notation, words = g.notation(action), g.describe(view, action)
        line = re.compile(rf"^ +{number}  {re.escape(notation)} +{re.escape(words)}$", re.M)
        assert line.search(listed), (notation, words)
        assert bool(line.search(first)) == (action not in moves), (notation, words)
    assert "(type l to see every action with what it does)" in first
    step = g.step(state, legal[0])
    for event in step.events:
        assert f"  · {g.describe(step.state, event)}" in out


def test_grimheim_config_options() -> None:
    out = ok("play", "grimheim", "--seed", "1", "--config", '{"heroes": ["embla"]}', stdin="q\n")
    assert "Seats: 0 human." in out and "1 Embla: Grimheim" in out
    fails(run("play", "grimheim", "--config", '{"heroez": []}'), "no option 'heroez'", "heroes")
    fails(
        run("play", "grimheim", "--config", '{"heroes": ["nobody"]}'),
        "--config: invalid grimheim config at $.data",
    )
    fails(run("play", "grimheim", "--config", "{oops"), "--config: not valid JSON")
    fails(run("play", "grimheim", "--config", "[1]"), "[1]: no such file")


# --------------------------------------------------------------------------- kinmarr


def test_kinmarr_one_person_against_agents_and_undo(tmp_path: Path) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    args = ["play", "kinmarr", "--config", THREE_GUILDS, "--seed", "2"]
    # the person ends the first turn: both agents play, then it is the person's turn again
    answers = lines("1", f"s {before}", "end", "u", f"s {after}", "q")
    out = ok(*args, stdin=answers)
    assert "Seats: 0 human, 1 heuristic, 2 heuristic." in out
    assert "Seat 1 (heuristic) plays " in out and "Seat 2 (heuristic) plays " in out
    taken = re.search(r"Took back your last move and ([0-9]+) action\(s\) after it\.", out)
    assert taken and int(taken.group(1)) > 0  # the agents' moves went with it
    assert saved("kinmarr", before) == saved("kinmarr", after)
    boards = screens(out)
    assert len(boards) == 4 and boards[1] == boards[3]  # before the undone decision; after undo


def test_kinmarr_resume_keeps_the_agents_choices(tmp_path: Path) -> None:
    # random agents draw from their generators: resuming must continue them, not restart them
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    args = ["play", "kinmarr", "--config", THREE_GUILDS, "--seat", "1=random", "--seat", "2=random"]
    ok(*args, "--seed", "8", "--save", whole, stdin=lines(*["1"] * 6, "q"))
    ok(*args, "--seed", "8", "--save", part, stdin=lines(*["1"] * 3, "q"))
    resume: list[str | Path] = [
        "play",
        "kinmarr",
        "--seat",
        "1=random",
        "--seat",
        "2=random",
        "--resume",
        part,
    ]
    ok(*resume, "--save", part, stdin=lines(*["1"] * 3, "q"))
    assert saved("kinmarr", whole) == saved("kinmarr", part)


def test_kinmarr_agents_to_the_end_show_each_seats_outcome() -> None:
    seats = ["--seat", "0=heuristic", "--seat", "1=random"]
    config = '{"guilds": ["feudal_pact", "pathfinders"], "auto_pass": true, "round_limit": 6}'
    out = ok("play", "kinmarr", "--seed", "1", "--config", config, *seats, "--no-events")
    assert "  · " not in out
    assert re.search(r"^Game over: ", out, flags=re.M)
    rows = re.findall(r"^  seat ([01])  (heuristic|random) +return \S+  score \S+", out, re.M)
    assert [seat for seat, _ in rows] == ["0", "1"]


# --------------------------------------------------------------------------- seats


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (
            ["--seat", "1=genius"],
            ["unknown agent 'genius' for kinmarr", "heuristic, ismcts, random"],
        ),
        (["--seat", "4=human"], ["this kinmarr game has seats 0 to 3, not 4"]),
        (["--seat", "-1"], ["seats 0 to 3, not -1"]),
        (["--seat", "1", "--seat", "1=random"], ["seat 1 is given twice"]),
        (["--seat", "0=no_such_module_xyz:Agent"], ["cannot import agent"]),
        (["--agent", "random"] * 4, ["no seat left for agent 'random'", "you play seat 0"]),
    ],
)
def test_seat_errors(argv: list[str], fragments: list[str]) -> None:
    fails(run("play", "kinmarr", "--seed", "1", *argv), *fragments)


@pytest.mark.parametrize("spec", ["x", "1=", "one=human", "=human", ""])
def test_badly_written_seats_are_usage_errors(spec: str) -> None:
    fails(run("play", "kinmarr", "--seat", spec), "argument --seat", "not a seat", code=2)


def test_seats_default_and_mix() -> None:
    def seats_line(*argv: str) -> str:
        out = ok("play", "kinmarr", "--seed", "1", *argv, stdin="q\n")
        return next(line for line in out.splitlines() if line.startswith("Seats: "))

    assert seats_line() == "Seats: 0 human, 1 heuristic, 2 heuristic, 3 heuristic."
    assert seats_line("--seat", "2") == "Seats: 0 heuristic, 1 heuristic, 2 human, 3 heuristic."
    assert seats_line("--seat", "1=HUMAN", "--seat", "3=random", "--agent", "random") == (
        "Seats: 0 random, 1 human, 2 heuristic, 3 random."
    )


def test_config_file_and_simulate_take_options(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    path.write_text(THREE_GUILDS, encoding="utf-8")
    out = ok("play", "kinmarr", "--seed", "1", "--config", path, stdin="q\n")
    assert "Seats: 0 human, 1 heuristic, 2 heuristic." in out
    summary = json.loads(
        ok("simulate", "kinmarr", "--games", "2", "--config", THREE_GUILDS, "--json", "-q")
    )
    assert summary["seats"] == 3
