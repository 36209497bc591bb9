"""``tabletop play``: a game in the terminal, any mix of people and agents, with undo and save.

Each seat is played by a person (several people share the keyboard: pass-and-play) or by an
agent. A person is shown only what their seat may know: the board is ``render_text`` of their
seat's ``view``, the actions and the prompt come from that view, and of the events of each step
only those the seats at the keyboard may see are printed. At a terminal, the screen is cleared
when the keyboard passes to another person, and lines are read with ``readline`` when this
Python has it.
"""

from __future__ import annotations

import argparse
import difflib
import re
import secrets
from collections.abc import Sequence
from typing import Any

import attrs

from .._agents import Agent
from .._errors import IllegalActionError, RulesError
from .._play import sample_chance
from .._record import Record
from .._rng import Rng
from .._values import CHANCE, Seat
from ._cards import _card_command
from ._errors import CliError
from ._games import (
    AnyGame,
    _load_config,
    _load_game,
    _load_record,
    _make_agent,
    _notation,
    _replay_all,
)
from ._groups import _field_names, _Group, _group_list, _groups
from ._io import _check_writable, _Io, _LineEditor, _read_line, _write_text
from ._text import _action_list, _event_text, _outcome_text, _said, _solitaire

_HUMAN = "human"  # the word that gives a seat to a person: --seat SEAT=human

_PLAY_HELP = """\
Type the number of an action or its notation (for example {example}) and press Enter.{steps}
  l, list          show the actions again, each with what it does
  b, board         show the position again{card}
  u, undo          take back your last decision (and everything played after it)
  s, save [FILE]   save the game as a record{save_to}
  auto             play the decisions with one legal action without asking (now {auto})
  q, quit          stop playing{save}
  q!               stop playing at once, without asking
  h, ?, help       show this help"""

_STEPS = """
A long list is chosen in two steps: first the {field} (its number), then one of its actions;
  0, back          choose another {field}"""

_CARD = """
  card [NAME]      the text of a card you can see, by its name or id (alone: the cards on
                   screen); also ? NAME"""

_QUIT = ("q", "quit", "exit")
_QUIT_NOW = ("q!", "quit!", "exit!")
_BACK = ("0", "back")

_SEAT_SPEC = re.compile(r"\s*(-?[0-9]+)\s*(?:=\s*(\S.*?)\s*)?")


def _seat_spec(text: str) -> tuple[int, str]:
    """Read one ``--seat`` value: ``N`` (a person plays seat ``N``) or ``N=WHO``, where ``WHO``
    is ``human``, an agent's name or ``module:Class``. Returns ``(seat, who)``.

    Raises:
        argparse.ArgumentTypeError: the text has neither form (a usage error).
    """
    match = _SEAT_SPEC.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError(
            f"not a seat: {text!r} (write SEAT or SEAT=WHO, for example 1 or 1=human or"
            " 2=heuristic)"
        )
    who = match.group(2)
    return int(match.group(1)), _HUMAN if who is None or who.lower() == _HUMAN else who


@attrs.frozen
class _Player:
    """Who plays a seat: a person (``agent`` is ``None``) or an agent called ``name``."""

    name: str
    agent: Agent[Any] | None = None

    @property
    def human(self) -> bool:
        """Whether a person plays the seat."""
        return self.agent is None


@attrs.frozen(eq=False)
class _Point:
    """A decision already taken: the position it was taken in, who took it, and every
    generator as it was just before (so going back there draws the same dice and cards)."""

    state: Any
    seat: Seat
    rngs: dict[Seat, Rng]
    forced: bool = False
    """Played without asking: the seat's only legal action (``--auto-forced``)."""
    said: int = 0
    """How long the session's transcript was before it (undoing it takes back what was said)."""


_Audience = frozenset[Seat] | None
"""Who may read a line: those seats, or everyone (``None``)."""


@attrs.define
class _Session:
    """A game being played in the terminal: the position, who plays which seat, the record so
    far, and what is needed to undo and save."""

    game: AnyGame
    config: Any
    seed: int | None
    start: Any
    state: Any
    players: dict[Seat, _Player]
    rngs: dict[Seat, Rng]
    save_path: str | None
    events: bool
    auto_forced: bool = False
    """Whether a person's decision with one legal action is played without asking."""
    confirm_quit: bool = True
    """Whether ``q`` asks before quitting a game whose last moves were not saved."""
    actions: list[Any] = attrs.field(factory=list)
    points: list[_Point] = attrs.field(factory=list)
    """``points[i]`` is where ``actions[i]`` was played."""
    saved: tuple[Any, ...] = ()
    """The actions of the record last saved (or resumed)."""
    last_human: Seat | None = None
    """The seat of the person who last had the keyboard (for pass-and-play)."""
    transcript: list[tuple[str, _Audience]] = attrs.field(factory=list)
    """Every line said about the moves played, with who may read it: at a terminal, a person
    given the keyboard is shown those since their last decision that they may read."""
    marks: dict[Seat, int] = attrs.field(factory=dict)
    """Where each seat's last decision was in :attr:`transcript`."""
    board: str = "changes"
    """``changes``: after the first board, show a seat what changed on it since it last saw
    it; ``full``: the whole board every time."""
    boards: dict[Seat, list[str]] = attrs.field(factory=dict)
    """The lines of the board each seat was last shown."""
    passes: bool = False
    """Whether each pass of an agent is said on its own line (else they are folded)."""
    folded: list[Seat] = attrs.field(factory=list)
    """The agents' passes not said yet, by seat."""

    def record(self) -> Record[Any, Any, Any]:
        """The game so far as a record."""
        return Record(tuple(self.actions), config=self.config, seed=self.seed, start=self.start)

    def humans(self) -> list[Seat]:
        """The seats people play, in order."""
        return [seat for seat, player in sorted(self.players.items()) if player.human]

    def decisions(self) -> int:
        """How many of the actions so far were players' decisions (chance draws not counted)."""
        return sum(1 for point in self.points if point.seat != CHANCE)

    def unsaved(self) -> bool:
        """Whether a person made a decision (other than a forced one) since the record was last
        saved or resumed: what quitting without saving would lose."""
        same = 0
        for played, kept in zip(self.actions, self.saved, strict=False):
            if played != kept:
                break
            same += 1
        humans = set(self.humans())
        return any(point.seat in humans and not point.forced for point in self.points[same:])

    def say(self, io: _Io, text: str, audience: _Audience = None, *, show: bool = True) -> None:
        """Print ``text`` (unless not ``show``) and keep it in the transcript for ``audience``."""
        if show:
            io.out(text)
        self.transcript.append((text, audience))

    def play(self, seat: Seat, action: Any, *, forced: bool = False) -> tuple[Any, ...]:
        """Apply ``action``, answered by ``seat`` (``forced``: without asking), remember the
        position before it, and return the step's events. Raises :class:`IllegalActionError`
        (nothing changed) when it is illegal or ``seat`` is not the one asked."""
        step = self.game.step(self.state, action, seat=seat)
        self.points.append(_Point(self.state, seat, dict(self.rngs), forced, len(self.transcript)))
        self.actions.append(action)
        self.state = step.state
        return tuple(step.events)

    def undo(self, seat: Seat) -> int | None:
        """Go back to just before ``seat``'s last decision (passing over those played without
        asking): its position, its generators, and the record up to it. Returns how many
        actions were taken back (``None``: nothing to undo).
        """
        for index in range(len(self.points) - 1, -1, -1):
            point = self.points[index]
            if point.seat == seat and not point.forced:
                taken = len(self.actions) - index
                self.state = point.state
                self.rngs = dict(point.rngs)
                del self.actions[index:]
                del self.points[index:]
                del self.transcript[point.said :]
                self.marks = {s: min(mark, point.said) for s, mark in self.marks.items()}
                self.boards.clear()
                return taken
        return None

    def save(self, io: _Io, path: str | None = None) -> None:
        """Write the record to ``path`` (default: the session's save file)."""
        target = path or self.save_path
        if target is None:
            return
        _write_text(target, self.game.dumps(self.record()))
        self.saved = tuple(self.actions)
        io.out(f"Saved {len(self.actions)} action(s) to {target}.")


def _default_agent(game: AnyGame) -> str | None:
    """The agent that plays the seats nobody named: the game's first agent other than
    ``random`` (by the convention of listing ``random`` first and the game's quick heuristic
    next), else ``random``, else ``None`` (the game has no agents: people play those seats)."""
    names = list(game.agents)
    better = [name for name in names if name != "random"]
    if better:
        return better[0]
    return names[0] if names else None


def _players(
    game: AnyGame,
    count: int,
    specs: Sequence[tuple[int, str]],
    legacy_agents: Sequence[str],
) -> dict[Seat, _Player]:
    """Who plays each of the ``count`` seats.

    Seats given with ``--seat`` get what they say. If no seat was given to a person, seat 0 is
    (unless ``--seat 0=AGENT`` gave it to an agent). Each ``--agent`` then takes the next seat
    nobody was given, in seat order, and the game's default agent plays the rest.
    """
    chosen: dict[Seat, str] = {}
    for seat, who in specs:
        if not 0 <= seat < count:
            raise CliError(f"this {game.name} game has seats 0 to {count - 1}, not {seat}")
        if seat in chosen:
            raise CliError(f"seat {seat} is given twice (--seat {seat}={chosen[seat]} and {who})")
        chosen[seat] = who
    if _HUMAN not in chosen.values() and 0 not in chosen:
        chosen[0] = _HUMAN
    free = [seat for seat in range(count) if seat not in chosen]
    if len(legacy_agents) > len(free):
        people = ", ".join(str(s) for s, who in sorted(chosen.items()) if who == _HUMAN)
        yours = f" and you play seat {people}" if people else ""
        raise CliError(
            f"no seat left for agent {legacy_agents[len(free)]!r}: this {game.name} game has "
            f"{count} seat(s){yours}"
        )
    for seat, name in zip(free, legacy_agents, strict=False):
        chosen[seat] = name
    default = _default_agent(game)
    players: dict[Seat, _Player] = {}
    for seat in range(count):
        who = chosen.get(seat, default or _HUMAN)
        players[seat] = _Player(_HUMAN) if who == _HUMAN else _Player(who, _make_agent(game, who))
    return players


def _generators(seed: int | None, count: int) -> dict[Seat, Rng]:
    """One generator per seat and one for chance, split from the seed in the order
    :func:`tabletop_rules.play` uses (seats in order, then chance): a game of agents only plays
    exactly as ``play`` would."""
    stream = Rng.from_seed(seed if seed is not None else 0)
    rngs: dict[Seat, Rng] = {}
    for seat in range(count):
        rngs[seat], stream = stream.split()
    rngs[CHANCE], stream = stream.split()
    return rngs


def _cmd_play(args: argparse.Namespace, io: _Io) -> int:
    """Play a game in the terminal."""
    game = _load_game(args.game)
    if args.save:
        _check_writable(args.save)
    start: Any = None
    past: list[tuple[Any, Any]] = []  # (state before, action) of a resumed record
    if args.resume:
        if args.config:
            raise CliError("--config cannot be combined with --resume (the record has its config)")
        _, record = _load_record(args.resume, io, game)
        config, seed, start = record.config, record.seed, record.start
        state: Any = None
        for index, action, before in _replay_all(game, record, args.resume):
            if index < 0:
                state = before
            else:
                past.append((before, action))
    else:
        config = _load_config(game, args.config, io) if args.config else None
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        state = _new_game(game, config, seed)
    count = game.seat_count(state)
    players = _players(game, count, args.seat or (), args.agent or ())
    session = _Session(
        game,
        config,
        seed,
        start,
        state,
        players,
        _generators(seed, count),
        args.save,
        args.events,
        auto_forced=args.auto_forced,
        confirm_quit=args.confirm_quit,
        board=args.board,
        passes=args.passes,
    )
    if past:
        _catch_up(session, past, args.resume)
        session.saved = tuple(session.actions)

    where = f"seed {seed}" if seed is not None else "from a saved position"
    io.out(f"{game.title} — {where}. Type a number or a notation; h for help, q to quit.")
    if not _solitaire(game) or not players[0].human:
        io.out("Seats: " + ", ".join(f"{s} {p.name}" for s, p in sorted(players.items())) + ".")
    if args.resume:
        io.out(f"Resumed after {len(session.actions)} action(s) from {args.resume}.")
    editor = _LineEditor.start() if io.interactive() else None
    try:
        quit_ = _play_loop(session, attrs.evolve(io, editor=editor))
    finally:
        if editor is not None:
            editor.stop()
    if not quit_:
        _show_end(session, io)
    if session.save_path:
        session.save(io)
    elif quit_ and session.actions:
        io.out("Stopped; the game was not saved (type s FILE, or start with --save FILE).")
    return 0


def _new_game(game: AnyGame, config: Any, seed: int) -> Any:
    try:
        return game.new_game(config, seed=seed)
    except (RulesError, ValueError) as exc:
        raise CliError(f"cannot set up {game.name}: {exc}") from None


def _catch_up(session: _Session, past: Sequence[tuple[Any, Any]], path: str) -> None:
    """Take a resumed record's actions into the session: each becomes a point to undo to, and
    the generators of chance and of the agents advance as they would have in a game played
    through with these seats, so quitting and resuming changes no later draw."""
    game, final = session.game, session.state
    for before, action in past:
        seat = game.current_player(before)
        seat = CHANCE if seat is None else seat
        session.points.append(_Point(before, seat, dict(session.rngs)))
        session.actions.append(action)
        if seat == CHANCE:
            _, session.rngs[CHANCE] = sample_chance(game, before, session.rngs[CHANCE])
        elif (player := session.players.get(seat)) is not None and player.agent is not None:
            view = game.view(before, seat)
            try:
                _, session.rngs[seat] = player.agent.choose(
                    view, game.legal_actions(view), session.rngs[seat]
                )
            except Exception as exc:
                raise CliError(
                    f"{path}: agent {player.name!r} of seat {seat} failed while catching up: "
                    f"{type(exc).__name__}: {exc}"
                ) from None
    session.state = final


def _play_loop(session: _Session, io: _Io) -> bool:
    """Play until the game is over (``False``) or a person quits (``True``)."""
    game = session.game
    show_board = True
    group: _Group | None = None  # the group chosen at the first of two steps
    while (seat := game.current_player(session.state)) is not None:
        if seat == CHANCE:
            action, rng = sample_chance(game, session.state, session.rngs[CHANCE])
            said = _move_text(game, session.state, action)
            events = session.play(CHANCE, action)
            session.rngs[CHANCE] = rng
            session.say(io, f"Chance: {said}")
            _show_events(session, events, None, io)
            continue
        player = session.players[seat]
        view = game.view(session.state, seat)
        legal = game.legal_actions(view)
        if player.agent is not None:
            action = _agent_action(session, seat, player.name, player.agent, view, legal)
            said = _move_text(game, view, action)
            events = session.play(seat, action)
            if not session.passes and _notation(game, action) == "pass":
                # Said with the others before the next move is: what the pass let happen (a
                # roll) reads under the move it belongs to.
                session.folded.append(seat)
            else:
                _say_passes(session, io)
                session.say(io, f"Seat {seat} ({player.name}) plays {said}")
            _show_events(session, events, None, io)
            show_board = True
            continue
        _say_passes(session, io)
        if session.auto_forced and len(legal) == 1:
            _play_forced(session, seat, view, legal[0], io)
            show_board, group = True, None
            continue
        groups = _groups(legal)
        if show_board:
            if not _hand_over(session, seat, io):
                return True
            _show_turn(session, seat, view, legal, groups, io)
            show_board, group = False, None
        if io.editor is not None:
            io.editor.words = _completions(session, legal, groups)
        mover = "" if _solitaire(game) else f"Seat {seat}: "
        if group is not None:
            count = len(group.actions)
            field = group.field.capitalize()
            io.out(f"{mover}{field} {group.key}: choose one of its {count} actions (0: back).")
            ask = f"[1-{count}, 0 back, notation, h help, q quit] > "
        else:
            decision = game.decision(view)
            prompt = decision.prompt if decision is not None else "Your decision."
            words = _said(game, view, decision) if decision is not None else None
            io.out(f"{mover}{words or prompt}" if not words or _solitaire(game) else words)
            if groups is not None:
                ask = f"[1-{len(groups)} {_field_names(groups)}, notation, h help, q quit] > "
            else:
                ask = f"[1-{len(legal)}, notation, h help, q quit] > "
        line = _read_line(io, ask)
        if line is None:
            return True
        text = line.strip()
        command, _, rest = text.partition(" ")
        command, rest, lowered = command.lower(), rest.strip(), text.lower()
        if not text:
            continue
        if lowered in _QUIT_NOW:
            return True
        if lowered in _QUIT:
            if _may_quit(session, io):
                return True
            continue
        if lowered in ("?", "h", "help"):
            _show_help(session, legal, groups, io)
            continue
        if command in ("card", "cards") or (command == "?" and rest):
            io.out("\n".join(_card_command(game, view, legal, rest)))
            continue
        if lowered in ("l", "list"):
            _show_list(session, view, legal, groups, group, io)
            continue
        if lowered in ("b", "board"):
            board = game.render_text(view)
            session.boards[seat] = board.splitlines()
            io.out(board)
            continue
        if command in ("s", "save"):
            _save_command(session, rest, io)
            continue
        if lowered in ("u", "undo"):
            if _undo(session, seat, io):
                show_board = True
            continue
        if command == "auto" and rest.lower() in ("", "on", "off"):
            session.auto_forced = {"on": True, "off": False}.get(
                rest.lower(), not session.auto_forced
            )
            state = "on" if session.auto_forced else "off"
            io.out(f"Decisions with one legal action are played without asking: {state}.")
            continue
        if group is not None and lowered in _BACK:
            group = None
            io.out("\n".join(_group_list(game, view, groups or ())))
            continue
        if groups is not None and group is None and text.isdigit():
            number = int(text)
            if not 1 <= number <= len(groups):
                io.out(f"There is no {_field_names(groups)} {number}: choose 1 to {len(groups)}.")
                continue
            chosen = groups[number - 1]
            if not chosen.alone:
                group = chosen
                io.out(f"{len(group.actions)} choices for {group.field} {group.key}:")
                io.out("\n".join(_action_list(game, group.actions, io.width(), view)))
                continue
            action = chosen.actions[0]
        else:
            action = _choose(game, view, group.actions if group else legal, text, io)
        if action is None:
            continue
        try:
            events = session.play(seat, action)
        except IllegalActionError as exc:
            io.out(f"{_notation(game, action)} is not legal now: {exc.reason}")
            continue
        _show_events(session, events, seat, io)
        show_board, group = True, None
    return False


def _completions(
    session: _Session, legal: Sequence[Any], groups: Sequence[_Group] | None
) -> list[str]:
    """What tab completes at a decision: the commands, the notations, and the groups' keys."""
    words = ["list", "board", "card", "undo", "save", "auto", "quit", "help"]
    words += [_notation(session.game, action) for action in legal]
    words += [str(group.key) for group in groups or () if not group.alone]
    return list(dict.fromkeys(words))


def _may_quit(session: _Session, io: _Io) -> bool:
    """``q``: whether to stop. A game with a file to save to is saved on the way out, and one
    with no decision made since it was last saved (or resumed) has nothing to lose; otherwise
    the person is asked (unless ``--no-confirm-quit``), and the end of the input says yes."""
    if session.save_path or not session.confirm_quit or not session.unsaved():
        return True
    answer = _read_line(io, "Quit without saving? [y/N] ", remember=False)
    if answer is None or answer.strip().lower() in ("y", "yes"):
        return True
    io.out("Not quitting: type s FILE to save first, or q! to quit without asking.")
    return False


def _play_forced(session: _Session, seat: Seat, view: Any, action: Any, io: _Io) -> None:
    """Play a person's only legal action without asking, and say so: in full when that person
    has the keyboard (or plays alone), else only that the seat played its only choice (its
    words go to the transcript, for that seat to read when the keyboard comes to it)."""
    game = session.game
    said = _move_text(game, view, action)
    events = session.play(seat, action, forced=True)
    who = "" if _solitaire(game) else f"Seat {seat}: "
    full = f"{who}only one choice, played {said}"
    mine = len(session.humans()) <= 1 or session.last_human == seat
    session.say(io, full[:1].upper() + full[1:], frozenset({seat}), show=mine)
    if not mine:
        session.say(io, f"Seat {seat} had only one choice and played it.")
    _show_events(session, events, seat if mine else None, io)


def _hand_over(session: _Session, seat: Seat, io: _Io) -> bool:
    """Before a person's decision: when the keyboard passes to another person, say so, and at a
    terminal clear the screen (after the last person pressed Enter), wait for the next to press
    Enter, and show them what happened since their last decision that they may read. ``False``
    when the input ended meanwhile."""
    humans = session.humans()
    last = session.last_human
    if len(humans) > 1 and last != seat:
        terminal = io.terminal()
        if terminal and last is not None:
            done = f"Seat {last}: press Enter to clear the screen for seat {seat}. "
            if _read_line(io, done, remember=False) is None:
                return False
            io.clear()
            session.boards.clear()  # the screen was cleared: the next board is whole
        io.out()
        io.out(f"Seat {seat}'s decision: pass the keyboard to seat {seat}.")
        if terminal:
            if _read_line(io, f"Seat {seat}: press Enter when ready. ", remember=False) is None:
                return False
            _show_since(session, seat, io)
    session.last_human = seat
    return True


def _say_passes(session: _Session, io: _Io) -> None:
    """Say the agents' passes folded since the last line: ``Passed: seat 1, seat 2 (twice).``"""
    if not session.folded:
        return
    counts: dict[Seat, int] = {}
    for seat in session.folded:
        counts[seat] = counts.get(seat, 0) + 1
    session.folded.clear()
    times = {1: "", 2: " (twice)"}
    said = ", ".join(f"seat {seat}{times.get(n, f' ({n} times)')}" for seat, n in counts.items())
    session.say(io, f"Passed: {said}.")


def _show_since(session: _Session, seat: Seat, io: _Io) -> None:
    """The lines of the transcript since ``seat``'s last decision that the seat may read."""
    since = session.transcript[session.marks.get(seat, 0) :]
    shown = [text for text, audience in since if audience is None or seat in audience]
    if shown:
        io.out("Since your last decision:")
        io.out("\n".join(shown))


def _agent_action(
    session: _Session, seat: Seat, name: str, agent: Agent[Any], view: Any, legal: Sequence[Any]
) -> Any:
    """The agent's answer (its generator advanced), or a :class:`CliError` when it fails or
    answers with an action that is not legal."""
    game = session.game
    try:
        action, session.rngs[seat] = agent.choose(view, legal, session.rngs[seat])
    except Exception as exc:
        raise CliError(
            f"agent {name!r} of seat {seat} failed: {type(exc).__name__}: {exc}"
        ) from None
    if action not in legal:
        reason = game.is_legal(session.state, action) or "not among the legal actions"
        raise CliError(
            f"agent {name!r} of seat {seat} chose {_notation(game, action)}, which is not"
            f" legal: {reason}"
        )
    return action


def _undo(session: _Session, seat: Seat, io: _Io) -> bool:
    """Take back ``seat``'s last decision; ``True`` when something was taken back."""
    taken = session.undo(seat)
    if taken is None:
        whose = "" if _solitaire(session.game) else f" (seat {seat} has not decided yet)"
        io.out(f"Nothing to undo{whose}.")
        return False
    after = f" and {taken - 1} action(s) after it" if taken > 1 else ""
    io.out(f"Took back your last move{after}.")
    return True


def _save_command(session: _Session, path: str, io: _Io) -> None:
    """``s`` / ``save [FILE]``: write the record now; a file given becomes the save file."""
    if not path and session.save_path is None:
        io.out("Where to? Type s FILE (or start with --save FILE).")
        return
    try:
        if path:
            _check_writable(path)
        session.save(io, path or None)
    except CliError as exc:
        io.out(f"Not saved: {exc}")
        return
    if path:
        session.save_path = path


def _move_text(game: AnyGame, position: Any, action: Any) -> str:
    """An action played, for the line that reports it: its notation and, in a game with words,
    what it does in ``position`` (where it was chosen): ``travel — Feudal Pact rolls the travel
    die and moves.``; ``travel.`` without words."""
    if game.describe is None:
        return f"{_notation(game, action)}."
    return f"{_notation(game, action)} — {game.describe(position, action)}"


def _show_help(
    session: _Session, legal: Sequence[Any], groups: Sequence[_Group] | None, io: _Io
) -> None:
    """Print the commands."""
    target = session.save_path
    save_to = f" (to {target})" if target else " to FILE"
    if target:
        save = f" (the game is saved to {target} first)"
    elif session.confirm_quit:
        save = " (asks first if your last moves were not saved)"
    else:
        save = ""
    example = _notation(session.game, legal[0])
    steps = _STEPS.format(field=_field_names(groups)) if groups else ""
    card = _CARD if session.game.card_text is not None else ""
    auto = "on" if session.auto_forced else "off"
    io.out(
        _PLAY_HELP.format(
            example=example, save=save, save_to=save_to, steps=steps, card=card, auto=auto
        )
    )


def _show_list(
    session: _Session,
    view: Any,
    legal: Sequence[Any],
    groups: Sequence[_Group] | None,
    group: _Group | None,
    io: _Io,
) -> None:
    """``l``: the choices now, each with what it does: the actions, or in two steps the groups
    (with their card's whole text) or the actions of the group chosen."""
    game = session.game
    if group is not None:
        lines = _action_list(game, group.actions, io.width(), view, every=True)
    elif groups is not None:
        lines = _group_list(game, view, groups, whole=True)
    else:
        lines = _action_list(game, legal, io.width(), view, every=True)
    io.out("\n".join(lines))


def _show_turn(
    session: _Session,
    seat: Seat,
    view: Any,
    legal: Sequence[Any],
    groups: Sequence[_Group] | None,
    io: _Io,
) -> None:
    """Print the decision's number, the position as that seat sees it (above the choices: any
    roll the position holds, as the game draws it), and its actions, or their groups."""
    game = session.game
    session.marks[seat] = len(session.transcript)
    turn = f"Decision {session.decisions() + 1}"
    if not _solitaire(game):
        turn += f" · seat {seat}"
    rule = "─" * max(0, min(io.width(), 72) - len(turn) - 4)
    io.out()
    io.out(f"── {turn} {rule}")
    io.out("\n".join(_board(session, seat, game.render_text(view).splitlines())))
    io.out()
    count = f"{len(legal)} legal action{'s' if len(legal) != 1 else ''}"
    if groups is not None:
        field = _field_names(groups)
        io.out(f"{count}: choose the {field} first, then one of its actions (or type a notation):")
        io.out("\n".join(_group_list(game, view, groups)))
        return
    io.out(f"{count}:")
    io.out("\n".join(_action_list(game, legal, io.width(), view)))


_WHOLE = 0.5
"""The share of a board's lines that, once changed, makes it shown whole."""


def _board(session: _Session, seat: Seat, lines: list[str]) -> list[str]:
    """The board to show ``seat``: whole the first time, with ``--board full``, or when most of
    it changed; otherwise the lines that changed since the seat last saw it."""
    before = session.boards.get(seat)
    session.boards[seat] = lines
    if session.board == "full" or before is None:
        return lines
    changed = [
        line
        for tag, _, _, start, end in difflib.SequenceMatcher(None, before, lines).get_opcodes()
        if tag in ("replace", "insert")
        for line in lines[start:end]
    ]
    if not changed:
        return ["The board is as it was (b shows it)."]
    if len(changed) > _WHOLE * len(lines):
        return lines
    return ["What changed on the board (b shows all of it):", *changed]


def _show_events(session: _Session, events: Sequence[Any], actor: Seat | None, io: _Io) -> None:
    """Print the events of a step that the people at the keyboard may see: those of ``actor``
    after a person's decision; otherwise those of the one person playing, public events only
    when several people share the keyboard, and all of them in a game of agents only. Every
    event goes to the transcript, for the seats that may see it. Then what changed that no
    event says (the game's words for the position before and after), as each seat sees it."""
    if not session.events:
        return
    humans = session.humans()
    if actor is not None:
        audience: set[Seat] | None = {actor}
    elif len(humans) == 1:
        audience = set(humans)
    elif humans:
        audience = set()
    else:
        audience = None  # nobody to hide anything from
    for event in events:
        seen_by = getattr(event, "seen_by", None)
        shown = audience is None or seen_by is None or bool(audience.intersection(seen_by))
        text = f"  · {_event_text(session.game, session.state, event)}"
        session.say(io, text, None if seen_by is None else frozenset(seen_by), show=shown)
    if not session.points:
        return
    game, before, after = session.game, session.points[-1].state, session.state
    said: dict[str, set[Seat]] = {}
    for seat in humans or range(game.seat_count(after)):
        words = _said(game, game.view(before, seat), game.view(after, seat))
        if words:
            said.setdefault(words, set()).add(seat)
    for words, seats in said.items():
        shown = audience is None or bool(audience & seats)
        session.say(
            io, f"  · {words}", None if seats == set(humans) else frozenset(seats), show=shown
        )


def _show_end(session: _Session, io: _Io) -> None:
    """Print the final position and the outcome, seat by seat."""
    game, state = session.game, session.state
    humans = session.humans()
    _say_passes(session, io)
    io.out()
    io.out("── Final position " + "─" * 54)
    # one person sees the end from their seat; otherwise the cards are laid open
    final = game.view(state, humans[0]) if len(humans) == 1 else state
    io.out(game.render_text(final))
    io.out()
    outcome = game.outcome(state)
    said = _said(game, final, outcome) if outcome is not None else None
    io.out(f"Game over: {said}" if said else f"Game over: {_outcome_text(game, outcome)}.")
    if outcome is None or _solitaire(game):
        return
    width = max(len(player.name) for player in session.players.values())
    for seat, player in sorted(session.players.items()):
        parts = [f"seat {seat}  {player.name:<{width}}"]
        if seat < len(outcome.returns):
            parts.append(f"return {outcome.returns[seat]:g}")
        if outcome.scores is not None and seat < len(outcome.scores):
            parts.append(f"score {outcome.scores[seat]:g}")
        if seat in outcome.winners:
            parts.append("winner")
        io.out("  " + "  ".join(parts))


def _choose(game: AnyGame, view: Any, legal: Sequence[Any], text: str, io: _Io) -> Any:
    """The action ``text`` names (a list number or a notation), or ``None`` after saying why not."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        io.out(f"There is no action {number}: choose 1 to {len(legal)}.")
        return None
    try:
        return game.parse_action(view, text)
    except Exception as exc:  # the person's text: any failure is reported, never a traceback
        reason = exc.reason if isinstance(exc, IllegalActionError) else str(exc)
        io.out(f"Not understood: {reason} (type h for help)")
        return None
