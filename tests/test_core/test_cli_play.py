"""``tabletop play`` with the installed games: goblinguard alone, grimheim's heroes passing the
keyboard, kinmarr's guilds against agents; seats, config options, undo, save and resume, bad
input, and what a person's screen may show.

Every test drives :func:`tabletop_rules.cli.main` with scripted standard input.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.test_core.cli_run import Run, run

from tabletop_rules import Game, Record, Rng, cli, play, replay
from tabletop_rules.cli import _games as cli_games

TWO_HEROES = '{"heroes": ["bjorn", "alva"]}'
THREE_GUILDS = '{"guilds": ["feudal_pact", "arcane_commune", "pathfinders"], "auto_pass": true}'
EXPLICIT = '{"chance": "explicit"}'


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
    assert re.search(r"^Game over: The game is (won|lost): [0-9a-z]+ ", out, flags=re.M)
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
    args = ["play", "grimheim", *seats, "--board", "full"]
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
    assert record.seed is not None
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
    args = ["play", "kinmarr", "--config", THREE_GUILDS, "--seed", "2", "--board", "full"]
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


# --------------------------------------------------------------------------- the terminal


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as a person's screen and keyboard are."""

    def isatty(self) -> bool:
        """Yes."""
        return True


CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def at_terminal(*argv: str | Path, stdin: str = "") -> str:
    """Run ``tabletop`` with standard input and output that are terminals; return the output."""
    out, err = Terminal(), io.StringIO()
    code = cli.main([str(a) for a in argv], stdin=Terminal(stdin), stdout=out, stderr=err)
    assert code == 0 and err.getvalue() == "", (code, err.getvalue())
    return out.getvalue()


def test_goblinguard_chooses_the_card_then_its_place(tmp_path: Path) -> None:
    """A long list of placements is offered as the cards of the hand, then the chosen card's
    places; 0 goes back, and a whole notation is taken at either step."""
    g = game("goblinguard")
    state = g.new_game(None, seed=4)
    state = g.apply(state, g.legal_actions(state)[0])  # the first card, at 0,0: 5 choices
    view = g.view(state, 0)
    legal = g.legal_actions(view)
    cards = list(dict.fromkeys(action.card for action in legal))
    assert len(legal) > 40 and cards == sorted(view.hand, key=cards.index)
    of = {card: [a for a in legal if a.card == card] for card in cards}
    save = tmp_path / "g.json"
    answers = lines("1", "9", "2", "b", "0", "3", str(len(of[cards[2]])), "q")
    out = ok("play", "goblinguard", "--seed", "4", "--save", save, stdin=answers)
    second = out.split("── Decision 2 ", 1)[1]
    assert f"{len(legal)} legal actions: choose the card first, then one of its actions" in second
    for number, card in enumerate(cards, 1):
        kind = "hobgoblin" if card.startswith("o") else "goblin"
        row = rf"^  {number}  {card} +a {kind} card — {len(of[card])} choices$"
        assert re.search(row, second, flags=re.M), card
    assert "[1-5 card, notation, h help, q quit] > " in second
    assert "There is no card 9: choose 1 to 5." in second
    chosen = second.split("[1-5 card, notation, h help, q quit] > 2\n", 1)[1]
    head, rest = chosen.split("\n", 1)
    assert head == f"{len(of[cards[1]])} choices for card {cards[1]}:"
    places = rest.split(f"\nCard {cards[1]}: choose", 1)[0]
    listed = re.findall(r"^ +[0-9]+  ([+-]\S+)", places, flags=re.M)
    assert listed == [g.notation(a) for a in of[cards[1]]]  # only that card's places
    assert f"Card {cards[1]}: choose one of its {len(of[cards[1]])} actions (0: back)." in rest
    assert f"[1-{len(of[cards[1]])}, 0 back, notation, h help, q quit] > b" in rest
    record, _ = saved("goblinguard", save)
    assert record.actions[1] == of[cards[2]][-1]  # back, the third card, its last place

    # a whole notation at the first step, and at the second (of another card than the chosen)
    other = g.notation(of[cards[4]][0])
    for answers in (lines("1", other, "q"), lines("1", "1", other, "q")):
        ok("play", "goblinguard", "--seed", "4", "--save", save, stdin=answers)
        assert saved("goblinguard", save)[0].actions[1] == of[cards[4]][0]


def test_goblinguard_screen_draws_the_hand_with_each_cards_layout() -> None:
    g = game("goblinguard")
    state = g.new_game(None, seed=4)
    board = screens(ok("play", "goblinguard", "--seed", "4", stdin="q\n"))[0].splitlines()
    assert board[1] == "hand: " + " ".join(state.hand)
    for card in state.hand:
        at = board[1].index(f" {card}") + 1
        layout = next(c.layout for c in state.config.deck if c.id == card)
        assert f"{board[2][at : at + 2]}/{board[3][at : at + 2]}" == layout


def test_card_command_reads_the_cards_in_sight() -> None:
    g = game("goblinguard")
    assert g.card_text is not None
    state = g.new_game(None, seed=4)
    first = state.hand[0]
    asked = ["card", f"card {first}", f"? {first.upper()}", "card tower-a", "card nothing", "h"]
    out = ok("play", "goblinguard", "--seed", "4", stdin=lines(*asked, "q"))
    listing = out.split("Cards on screen (type card NAME-OR-ID for a card's text):\n", 1)[1]
    for card in state.hand:
        short = g.card_text(state, card).split(". ")[0].removeprefix(f"{card}: ")
        assert re.search(rf"^  {card} +{short}$", listing, flags=re.M), card
    assert out.count(f"\n{g.card_text(state, first)}\n") == 2  # by id, any case
    assert f"\n{g.card_text(state, 'tower-a')}\n" in out  # any card of the game, by its id
    assert "No card 'nothing' in sight (type card to list the cards on screen)." in out
    assert "card [NAME]      the text of a card you can see" in out  # in the help


def test_card_command_finds_names_and_keeps_secrets() -> None:
    """grimheim names its cards: a name, whole or in part, finds a card the seat knows; another
    hero's hidden hand is found by no name."""
    g = game("grimheim")
    assert g.card_text is not None
    state = g.new_game(g.config_type(heroes=("bjorn", "alva")), seed=3)
    secret = state.config.cards[state.heroes[1].hand[0]].name  # Alva's hand
    asked = ["card sure shot", "card TROLL", "card arrows", f"card {secret}", "card"]
    out = ok("play", "grimheim", "--config", TWO_HEROES, "--seed", "3", stdin=lines(*asked, "q"))
    assert f"\n{g.card_text(state, 'bjorn-sure-shot')}\n" in out
    assert f"\n{g.card_text(state, 'troll')}\n" in out
    assert re.search(r"^Which card\? 'arrows' may be .*Burning Arrows.*Hail of Arrows", out, re.M)
    assert f"No card {secret!r} in sight" in out
    listing = out.split("Cards on screen", 1)[1].split("\nSeat 0: ", 1)[0]
    assert "  bjorn-sure-shot" in listing and secret not in listing
    assert state.heroes[1].hand[0] not in out


def test_the_roll_waiting_is_on_screen_after_resume(tmp_path: Path) -> None:
    """A grimheim attack rolled, and a kinmarr fight's dice, are shown above the choices when a
    saved game is resumed at that decision."""
    import grimheim as gh
    import kinmarr as km
    from grimheim import scenario

    config = gh.Config(heroes=("bjorn",), chance="explicit", hard_setup=True)
    start = gh.new_game(config, seed=0)
    for card in ("bjorn-quiver", "bjorn-eagle-eye", "m25"):
        start = gh.apply(start, gh.Drawn(card))
    start = scenario.put_hero(start, "bjorn", gh.Hex(6, 9))
    start = scenario.place_monster(start, "troll", gh.Hex(5, 9))
    record = gh.record((gh.parse_action(start, "attack 5,9"), gh.Roll(2, 0, 1, 0)), start=start)
    path = tmp_path / "grimheim.json"
    path.write_text(gh.dumps(record), encoding="utf-8")
    out = ok("play", "grimheim", "--resume", path, stdin="q\n")
    board = screens(out)[0].splitlines()
    assert board[-2] == "roll: Bjorn attacks the Troll at 5,9: rolled 2 hits and 1 rune"
    assert board[-1].startswith("to answer: seat 0, Bjorn: use cards on this roll")
    assert re.search(r"^[0-9]+ legal actions:", out.split(board[-1], 1)[1].lstrip(), re.M)

    # kinmarr: play at random until a seat is asked during a fight, save, resume there
    options = km.Config(guilds=("feudal_pact", "pathfinders"), auto_pass=True)
    rng = Rng.from_seed(1)
    actions: list[km.Action] = []
    for seed in range(20):
        state, actions = km.new_game(options, seed=seed), []
        while not km.is_over(state) and len(actions) < 200:
            seat = km.current_player(state)
            if seat is not None and seat >= 0:
                shown = km.render_text(km.view(state, seat)).splitlines()
                fights = [line for line in shown if line.startswith(("fight: ", "duel: "))]
                if fights:
                    break
            legal = km.legal_actions(state)
            index, rng = rng.below(len(legal))
            state = km.apply(state, legal[index])
            actions.append(legal[index])
        if fights:
            break
    assert fights and seat is not None, "a fight should come in the first seeds"
    path = tmp_path / "kinmarr.json"
    path.write_text(km.dumps(km.record(tuple(actions), seed=seed, config=options)), "utf-8")
    out = ok("play", "kinmarr", "--resume", path, "--seat", f"{seat}=human", stdin="q!\n")
    board = screens(out)[0].splitlines()
    assert fights[0] in board  # the fight and its dice, as the seat sees them
    assert re.search(r": [A-Z][a-z]+( [A-Z][a-z]+| \?)*$", fights[0]), fights[0]


def test_hot_seat_clears_the_screen_between_people_at_a_terminal() -> None:
    """At a terminal, the last person presses Enter, the screen (and its scrollback) is cleared,
    the next presses Enter and is shown what happened since that they may see: never another
    person's secret draw. In a pipe nothing is cleared and nobody is waited for."""
    args = ["play", "grimheim", "--config", TWO_HEROES, "--seed", "3", "--seat", "0", "--seat", "1"]
    g = game("grimheim")
    moves = ["1", "end", "no-swap"]  # Bjorn moves, ends his turn (drawing in secret), keeps
    out = at_terminal(*args, stdin=lines("", *moves, "", "", "1", "q!"))
    assert out.count(CLEAR) == 1
    before, after = out.split(CLEAR)
    assert before.startswith(g.title)  # nothing was cleared before the first person
    assert "Seat 0: press Enter when ready. \n" in before  # the first person, given the keyboard
    assert before.endswith("Seat 0: press Enter to clear the screen for seat 1. \n")
    drawn = re.search(r"· Bjorn drew the event (.+)\.", before)
    assert drawn, before
    secret = drawn.group(1)
    assert secret not in after
    handover = after.split("── Decision 4 · seat 1 ", 1)[0]
    assert handover.splitlines() == [
        "",
        "Seat 1's decision: pass the keyboard to seat 1.",
        "Seat 1: press Enter when ready. ",
        "Since your last decision:",
        "  · Bjorn moved to area 9,5.",
        "",
    ]
    # a move taken back is not told: only what stands since seat 1's last decision
    redo = ["1", "u", "2", "end", "no-swap"]
    out = at_terminal(*args, stdin=lines("", *redo, "", "", "q!"))
    since = out.split(CLEAR)[1].split("Since your last decision:\n", 1)[1].split("\n\n")[0]
    assert since == "  · Bjorn moved to area 10,5."
    piped = ok(*args, stdin=lines(*moves, "1", "q!"))
    assert "\x1b" not in piped and "press Enter" not in piped
    assert "── Decision 4 · seat 1 " in piped


def test_one_person_at_a_terminal_is_never_made_to_wait() -> None:
    out = at_terminal("play", "kinmarr", "--seed", "2", "--config", THREE_GUILDS, stdin="end\nq!\n")
    assert CLEAR not in out and "press Enter" not in out


def test_auto_forced_plays_the_only_choice_and_says_what() -> None:
    """With --auto-forced (or after ``auto``), a decision with one legal action is played without
    asking; undo passes over it."""
    args = ["play", "kinmarr", "--config", THREE_GUILDS, "--seed", "2"]
    k = game("kinmarr")
    state = k.new_game(k.loads(json.dumps(_envelope_of(k, THREE_GUILDS)), "config"), seed=2)
    (only,) = k.legal_actions(k.view(state, 0))  # the turn opens with the travel die
    assert k.describe is not None
    said = f"Seat 0: only one choice, played {k.notation(only)} — {k.describe(state, only)}"
    out = ok(*args, "--auto-forced", stdin=lines("u", "q!"))
    assert said in out
    first = out.split("── Decision", 1)
    assert said in first[0]  # before any question
    assert "Nothing to undo (seat 0 has not decided yet)." in out

    asked = ok(*args, stdin=lines("auto", "q!"))
    assert said not in asked.split("auto\n", 1)[0]  # asked first: the option is off
    assert "Decisions with one legal action are played without asking: on." in asked
    assert said in asked.split("auto\n", 1)[1]  # then played at once
    off = ok(*args, "--auto-forced", stdin=lines("auto off", "q!"))
    assert "played without asking: off." in off


def _envelope_of(g: Game[Any, Any], options: str) -> dict[str, Any]:
    """The config envelope of ``options`` over the game's defaults."""
    defaults = json.loads(g.dumps(g.config_type()))
    return {**defaults, "data": {**defaults["data"], **json.loads(options)}}


def test_quit_asks_before_losing_moves(tmp_path: Path) -> None:
    g = game("goblinguard")
    first = g.notation(g.legal_actions(g.new_game(None, seed=4))[0])
    question = "Quit without saving? [y/N] "
    play_ = ["play", "goblinguard", "--seed", "4"]
    # no move made: nothing to lose, no question
    assert question not in ok(*play_, stdin=lines("q"))
    # a move made: asked; no goes on, yes quits
    out = ok(*play_, stdin=lines(first, "q", "n", "q", "y"))
    assert out.count(question) == 2
    assert "Not quitting: type s FILE to save first, or q! to quit without asking." in out
    assert out.count("── Decision 2 ") == 1 and out.endswith(
        "Stopped; the game was not saved (type s FILE, or start with --save FILE).\n"
    )
    # the end of the input answers, and quits cleanly
    out = ok(*play_, stdin=lines(first, "q"))
    assert out.endswith(
        f"{question}\nStopped; the game was not saved (type s FILE, or start with --save FILE).\n"
    )
    # q! and --no-confirm-quit never ask; nor does a game with a file to save to, or saved since
    assert question not in ok(*play_, stdin=lines(first, "q!"))
    assert question not in ok(*play_, "--no-confirm-quit", stdin=lines(first, "q"))
    assert question not in ok(*play_, "--save", tmp_path / "a.json", stdin=lines(first, "q"))
    path = tmp_path / "b.json"
    out = ok(*play_, stdin=lines(first, f"s {path}", "q"))
    assert question not in out and out.count(f"Saved 1 action(s) to {path}.") == 2
    # a resumed game holds what was saved: only a move after resuming is asked about
    resume: list[str | Path] = ["play", "goblinguard", "--resume", path]
    assert question not in ok(*resume, stdin=lines("q"))
    assert question in ok(*resume, stdin=lines("1", "1", "q", "y"))


class FakeReadline:
    """Enough of the ``readline`` module to watch what ``tabletop play`` does with it."""

    __doc__ = "Importing this module enables command line editing using GNU readline."

    def __init__(self) -> None:
        self.history: list[str] = ["from an earlier session"]
        self.completer: Any = "the process's own"
        self.bound: list[str] = []
        self.delims = ""

    def clear_history(self) -> None:
        self.history.clear()

    def get_current_history_length(self) -> int:
        return len(self.history)

    def remove_history_item(self, index: int) -> None:
        del self.history[index]

    def get_completer(self) -> Any:
        return self.completer

    def set_completer(self, completer: Any) -> None:
        self.completer = completer

    def set_completer_delims(self, delims: str) -> None:
        self.delims = delims

    def parse_and_bind(self, text: str) -> None:
        self.bound.append(text)


def test_readline_edits_lines_keeps_the_sessions_history_and_completes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a terminal, ``input`` reads the lines with ``readline`` (when this Python has it): the
    history starts empty and holds the commands typed, not the answers to "quit?"; tab
    completes the commands and the notations offered; the process's completer is put back."""
    fake = FakeReadline()
    monkeypatch.setitem(sys.modules, "readline", fake)
    typed = iter(["1", "card", "q", "n", "q", "y"])
    completions: list[list[str]] = []

    def read(prompt: str = "") -> str:  # what GNU readline's input does: add the line read
        line = next(typed)
        if line:
            fake.history.append(line)
        if fake.completer is not None and callable(fake.completer):
            words = [fake.completer("+", i) for i in range(99)]
            completions.append([word for word in words if word is not None])
        return line

    monkeypatch.setattr("builtins.input", read)
    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr(sys, "stdout", Terminal())
    err = io.StringIO()
    assert cli.main(["play", "goblinguard", "--seed", "4"], stderr=err) == 0, err.getvalue()
    assert fake.history == ["1", "card", "q", "q"]  # this session's commands only
    assert fake.delims == " \t\n" and fake.bound == ["tab: complete"]
    g = game("goblinguard")
    first = [g.notation(a) for a in g.legal_actions(g.new_game(None, seed=4))]
    assert completions[0] == first  # the notations offered
    assert fake.completer == "the process's own"


def test_without_readline_lines_are_read_all_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop_rules.cli._io import _LineEditor

    monkeypatch.setitem(sys.modules, "readline", None)  # import readline fails
    assert _LineEditor.start() is None
    typed = iter(["1", "q!"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    monkeypatch.setattr(sys, "stdin", Terminal())
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    assert cli.main(["play", "goblinguard", "--seed", "4"], stderr=io.StringIO()) == 0
    assert "── Decision 2 " in screen.getvalue()


# --------------------------------------------------------------------------- reading well


def test_a_seat_is_shown_what_changed_on_the_board_and_b_shows_it_whole() -> None:
    """Grimheim's board is about 45 lines: after a seat's first board, each decision shows the
    lines that changed since that seat last saw it; ``b`` shows the whole board, and
    ``--board full`` shows it whole every time."""
    args = ["play", "grimheim", "--config", '{"heroes": ["bjorn"]}', "--seed", "3"]
    out = ok(*args, stdin=lines("1", "b", "q!"))
    first, second = screens(out)[:2]
    assert second.startswith("What changed on the board (b shows all of it):")
    assert 1 < len(second.splitlines()) < len(first.splitlines()) // 2
    after_b = out.split("] > ", 2)[2].split("\n", 1)[1]  # what b printed (after the echo)
    assert after_b.startswith("Defenders of Grimheim: spot 1/12")  # the whole board again
    assert len(after_b.split("\n[", 1)[0].splitlines()) > len(first.splitlines())
    whole = ok(*args, "--board", "full", stdin=lines("1", "q!"))
    assert [len(s.splitlines()) for s in screens(whole)[:2]] == [len(first.splitlines())] * 2


def test_the_agents_passes_are_folded_unless_asked() -> None:
    """Fated Kingdom asks every guild to answer or pass at each step of a turn: an agent's
    passes are folded into one line (``Passed: seat 1, seat 2 (twice).``); ``--passes`` says
    each one."""
    args = ["play", "kinmarr", "--seed", "4"]  # four guilds, no auto_pass: many windows
    folded = ok(*args, stdin=lines(*["1"] * 12, "q!"))
    each = ok(*args, "--passes", stdin=lines(*["1"] * 12, "q!"))
    said = re.findall(r"^Seat [123] \(heuristic\) plays pass — ", each, re.M)
    summed = re.findall(r"^Passed: (.*)\.$", folded, re.M)
    assert "plays pass" not in folded and "Passed: " not in each
    assert len(said) > 2 * len(summed) > 0  # folded: far fewer lines
    counted = 0
    for line in summed:
        for n in re.findall(r"seat [0-9]+(?: \((twice|[0-9]+) ?(?:times)?\))?", line):
            counted += {"": 1, "twice": 2}.get(n) or int(n)
    assert counted == len(said)  # every pass counted


def test_the_question_is_asked_in_a_players_words() -> None:
    args = ["play", "grimheim", "--config", '{"heroes": ["bjorn"]}', "--seed", "3"]
    out = ok(*args, stdin=lines("q!"))
    assert "Bjorn: choose an action (two different ones a turn)" in out
    assert not re.search(r"\([GKR][0-9]+\)", out)
