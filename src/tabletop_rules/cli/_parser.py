"""The command line: the argument parser and :func:`main`, which runs the chosen command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from typing import TextIO

from .. import __version__
from ._errors import CliError
from ._inspect import _cmd_games, _cmd_replay, _cmd_validate
from ._io import _Io
from ._play import _cmd_play, _seat_spec
from ._simulate import _cmd_simulate


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Play, simulate, replay and check the games of tabletop-rules.",
        epilog="Games are found through the 'tabletop_rules.games' entry-point group.",
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("games", help="list the installed games")
    p.set_defaults(handler=_cmd_games)

    p = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal: each seat is played by a person (several share"
        " the keyboard) or an agent. Unnamed seats: seat 0 is yours if you name no seat of your"
        " own, the others are played by the game's first agent other than random.",
    )
    p.add_argument("game", metavar="GAME", help="the game's name (see: tabletop games)")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--seed", type=int, help="the seed of the set-up (default: a random one)")
    start.add_argument("--resume", metavar="FILE", help="continue a game saved with --save")
    p.add_argument(
        "--config",
        metavar="FILE|JSON",
        help="the game's options: a config file (game.dumps(config)) or a JSON object of"
        """ options, e.g. '{"heroes": ["bjorn", "alva"]}'""",
    )
    p.add_argument(
        "--seat",
        action="append",
        type=_seat_spec,
        metavar="SEAT[=WHO]",
        help="who plays a seat (repeat for more seats): SEAT=human, SEAT=AGENT (a name the game"
        " lists, or module:Class), or a bare SEAT: you play it",
    )
    p.add_argument(
        "--agent",
        action="append",
        metavar="AGENT",
        help="an agent for the next seat nobody was given (repeat for more seats): a name the"
        " game lists, or module:Class, either with options: 'search(simulations=16)'",
    )
    p.add_argument("--save", metavar="FILE", help="save the game as a record when done or on quit")
    p.add_argument(
        "--events",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="show what each move caused, as far as the people playing may see it (default: on)",
    )
    p.add_argument(
        "--board",
        choices=("changes", "full"),
        default="changes",
        help="after a seat's first board, show what changed on it since that seat last saw it"
        " (changes, the default; b shows the whole board), or the whole board every time (full)",
    )
    p.add_argument(
        "--passes",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="say each pass of an agent on its own line (default: off, they are folded into one"
        " line: Passed: seat 1, seat 2 (twice))",
    )
    p.add_argument(
        "--auto-forced",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="play a person's decision that has one legal action without asking, and say what"
        " was played (default: off; the auto command switches it during the game)",
    )
    p.add_argument(
        "--confirm-quit",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="ask before q quits a game whose last moves were not saved (default: on; q! never"
        " asks)",
    )
    p.set_defaults(handler=_cmd_play)

    p = sub.add_parser(
        "simulate",
        help="play many games with agents and summarise them",
        description="Play many games with agents; game i uses seed SEED + i. The results are the"
        " same whatever the backend and the number of jobs.",
    )
    p.add_argument("game", metavar="GAME", help="the game's name (see: tabletop games)")
    p.add_argument("--games", type=_positive, default=100, metavar="N", help="default: 100")
    p.add_argument("--seed", type=int, default=0, help="the first seed (default: 0)")
    p.add_argument(
        "--agent",
        action="append",
        metavar="AGENT",
        help="the agent of every seat, or repeated: one per seat (default: random); a name the"
        " game lists, or module:Class, either with options: 'search(simulations=16)'",
    )
    p.add_argument(
        "--config",
        metavar="FILE|JSON",
        help="the game's options: a config file (game.dumps(config)) or a JSON object of options",
    )
    p.add_argument(
        "--jobs",
        type=_positive,
        metavar="N",
        help="games played at once: worker processes or Ray tasks (default: 1 with --backend"
        " local, the machine's CPUs with processes, the Ray cluster's CPUs with ray)",
    )
    p.add_argument(
        "--backend",
        choices=["local", "processes", "ray"],
        help="where the games run: in this process, in worker processes, or on Ray (pip install"
        " 'tabletop-rules[ray]'); default: local, or processes when --jobs is above 1",
    )
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray, the Ray cluster to connect to (auto, HOST:PORT, ray://HOST:PORT);"
        " default: the cluster RAY_ADDRESS names, or a new local Ray instance",
    )
    p.add_argument(
        "--connect-timeout",
        type=_positive_seconds,
        default=30.0,
        metavar="S",
        help="with --backend ray, seconds to wait for the cluster to answer (default: 30)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on standard error")
    p.set_defaults(handler=_cmd_simulate)

    p = sub.add_parser("replay", help="replay a saved record", description="Replay a record.")
    p.add_argument("file", metavar="FILE", help="a record file ('-' reads standard input)")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the result")
    p.set_defaults(handler=_cmd_replay)

    p = sub.add_parser(
        "validate",
        help="check a saved state, view, action, config, record or event",
        description="Check that a file can be read; a record is replayed to its end.",
    )
    p.add_argument("file", metavar="FILE", help="the file ('-' reads standard input)")
    p.set_defaults(handler=_cmd_validate)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the ``tabletop`` command and return its exit code.

    Args:
        argv: the arguments after the program name (default: ``sys.argv[1:]``).
        stdin: where ``play`` reads moves and ``-`` files are read from (default: ``sys.stdin``).
        stdout: where results go (default: ``sys.stdout``).
        stderr: where errors and progress go (default: ``sys.stderr``).

    Returns:
        ``0`` on success, ``1`` after an error (reported on ``stderr`` as one line starting
        ``tabletop: error:``), ``2`` for a usage error, ``130`` when interrupted.
    """
    io = _Io(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    parser = _parser()
    try:
        with redirect_stdout(io.stdout), redirect_stderr(io.stderr):
            args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    handler: Callable[[argparse.Namespace, _Io], int] = args.handler
    try:
        return handler(args, io)
    except CliError as exc:
        io.err(f"tabletop: error: {exc}")
        return 1
    except KeyboardInterrupt:
        io.err("\ntabletop: interrupted")
        return 130
    except BrokenPipeError:
        return 1
