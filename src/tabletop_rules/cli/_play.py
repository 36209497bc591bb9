"""``tabletop play``: a game in the terminal, against agents or alone, with undo and save."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from typing import Any

import attrs

from .._agents import Agent
from .._errors import IllegalActionError, RulesError
from .._record import Record, sample_chance
from .._rng import Rng
from .._values import CHANCE
from ._errors import CliError
from ._games import AnyGame, _final_state, _load_config, _load_game, _load_record, _make_agent
from ._io import _check_writable, _Io, _read_line, _write_text
from ._text import _action_list, _outcome_text, _solitaire

_PLAY_HELP = """\
Type the number of an action or its notation (for example {example}) and press Enter.
  l, list     show the actions again
  b, board    show the position again
  u, undo     take back your last move
  q, quit     stop playing{save}
  ?, help     show this help"""


@attrs.define
class _Session:
    """A game being played in the terminal: the position and what is needed to undo and save."""

    game: AnyGame
    config: Any
    seed: int | None
    start: Any
    state: Any
    actions: list[Any]
    agents: dict[int, tuple[str, Agent[Any]]]
    rngs: dict[int, Rng]
    history: list[tuple[Any, int, dict[int, Rng], int]] = attrs.field(factory=list)
    chance_count: int = 0
    """How many of ``actions`` were chance decisions (not counted as turns)."""

    def record(self) -> Record[Any, Any, Any]:
        """The game so far as a record."""
        return Record(tuple(self.actions), config=self.config, seed=self.seed, start=self.start)


def _agent_seats(
    game: AnyGame, count: int, person: int, names: Sequence[str]
) -> dict[int, tuple[str, Agent[Any]]]:
    """Give each named agent the next seat that is not the person's."""
    seats: dict[int, tuple[str, Agent[Any]]] = {}
    free = [s for s in range(count) if s != person]
    if len(names) > len(free):
        raise CliError(
            f"no seat left for agent {names[len(free)]!r}: this {game.name} game has "
            f"{count} seat(s) and you play seat {person}"
        )
    for seat, name in zip(free, names, strict=False):
        seats[seat] = (name, _make_agent(game, name))
    return seats


def _cmd_play(args: argparse.Namespace, io: _Io) -> int:
    """Play a game in the terminal."""
    game = _load_game(args.game)
    if args.save:
        _check_writable(args.save)
    start: Any = None
    actions: list[Any] = []
    if args.resume:
        if args.config:
            raise CliError("--config cannot be combined with --resume (the record has its config)")
        _, record = _load_record(args.resume, io, game)
        config, seed, start, actions = (
            record.config,
            record.seed,
            record.start,
            list(record.actions),
        )
        state = _final_state(game, record, args.resume)
    else:
        config = _load_config(game, args.config, io) if args.config else None
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        state = _new_game(game, config, seed)
    count = game.seat_count(state)
    if not 0 <= args.seat < count:
        raise CliError(f"this {game.name} game has seats 0 to {count - 1}, not {args.seat}")
    agents = _agent_seats(game, count, args.seat, args.agent or ())
    stream = Rng.from_seed(seed if seed is not None else 0)
    rngs: dict[int, Rng] = {}
    for seat in sorted(agents):
        rngs[seat], stream = stream.split()
    rngs[CHANCE], stream = stream.split()
    session = _Session(game, config, seed, start, state, actions, agents, rngs)

    where = f"seed {seed}" if seed is not None else "from a saved position"
    io.out(f"{game.title} — {where}. Type a number or a notation; ? for help, q to quit.")
    if args.resume:
        io.out(f"Resumed after {len(actions)} action(s) from {args.resume}.")
    quit_ = _play_loop(session, args, io)
    if not quit_:
        io.out()
        io.out("── Final position " + "─" * 54)
        io.out(game.render_text(session.state))
        io.out()
        io.out(f"Game over: {_outcome_text(game, game.outcome(session.state))}.")
    if args.save:
        _write_text(args.save, game.dumps(session.record()))
        io.out(f"Saved {len(session.actions)} action(s) to {args.save}.")
    elif quit_ and session.actions:
        io.out("Stopped; the game was not saved (start with --save FILE to keep it).")
    return 0


def _new_game(game: AnyGame, config: Any, seed: int) -> Any:
    try:
        return game.new_game(config, seed=seed)
    except (RulesError, ValueError) as exc:
        raise CliError(f"cannot set up {game.name}: {exc}") from None


def _play_loop(session: _Session, args: argparse.Namespace, io: _Io) -> bool:
    """Play until the game is over (``False``) or the person quits (``True``)."""
    game = session.game
    show_board = True
    while (seat := game.current_player(session.state)) is not None:
        if seat == CHANCE:
            action, session.rngs[CHANCE] = sample_chance(game, session.state, session.rngs[CHANCE])
            session.state = game.apply(session.state, action)
            session.actions.append(action)
            session.chance_count += 1
            io.out(f"Chance: {game.notation(action)}.")
            continue
        view = game.view(session.state, seat)
        if seat in session.agents:
            name, agent = session.agents[seat]
            legal = game.legal_actions(view)
            action, session.rngs[seat] = agent.choose(view, legal, session.rngs[seat])
            session.state = game.apply(session.state, action)
            session.actions.append(action)
            io.out(f"Seat {seat} ({name}) plays {game.notation(action)}.")
            show_board = True
            continue
        legal = game.legal_actions(view)
        if show_board:
            _show_turn(session, seat, view, legal, io)
            show_board = False
        decision = game.decision(view)
        prompt = decision.prompt if decision is not None else "Your move."
        mover = "" if _solitaire(game) else f"Seat {seat}: "
        io.out(f"{mover}{prompt}")
        line = _read_line(io, f"[1-{len(legal)}, notation, ? help, q quit] > ")
        if line is None:
            return True
        text = line.strip()
        command = text.lower()
        if not text:
            continue
        if command in ("q", "quit", "exit"):
            return True
        if command in ("?", "h", "help"):
            save = " (the game is saved first)" if args.save else ""
            example = game.notation(legal[0])
            io.out(_PLAY_HELP.format(example=example, save=save))
            continue
        if command in ("l", "list"):
            io.out("\n".join(_action_list(game, legal, io.width())))
            continue
        if command in ("b", "board"):
            io.out(game.render_text(view))
            continue
        if command in ("u", "undo"):
            if not session.history:
                io.out("Nothing to undo.")
                continue
            session.state, count, rngs, session.chance_count = session.history.pop()
            del session.actions[count:]
            session.rngs = dict(rngs)
            io.out("Took back your last move.")
            show_board = True
            continue
        action = _choose(game, view, legal, text, io)
        if action is None:
            continue
        try:
            new_state = game.apply(session.state, action)
        except IllegalActionError as exc:
            io.out(f"{game.notation(action)} is not legal now: {exc.reason}")
            continue
        session.history.append(
            (session.state, len(session.actions), dict(session.rngs), session.chance_count)
        )
        session.state = new_state
        session.actions.append(action)
        show_board = True
    return False


def _show_turn(session: _Session, seat: int, view: Any, legal: Sequence[Any], io: _Io) -> None:
    """Print the turn header, the position as the seat to act sees it, and its actions."""
    game = session.game
    turn = f"Turn {len(session.actions) - session.chance_count + 1}"
    if not _solitaire(game):
        turn += f" · seat {seat}"
    rule = "─" * max(0, min(io.width(), 72) - len(turn) - 4)
    io.out()
    io.out(f"── {turn} {rule}")
    io.out(game.render_text(view))
    io.out()
    io.out(f"{len(legal)} legal action{'s' if len(legal) != 1 else ''}:")
    io.out("\n".join(_action_list(game, legal, io.width())))


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
        io.out(f"Not understood: {reason} (type ? for help)")
        return None
