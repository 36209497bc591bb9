"""The streams of one run of the command, and reading and writing the files it names."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any, TextIO

import attrs

from ._errors import CliError

_CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""ANSI: the cursor home, the screen cleared, and the lines scrolled off it (so the next person
cannot scroll back to the last one's secrets)."""


@attrs.frozen
class _Io:
    """The three streams of one run of :func:`main`, and the line editor of ``play`` when it
    reads a person's typing with :func:`input`."""

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO
    editor: _LineEditor | None = None

    def out(self, text: str = "") -> None:
        """Write a line to standard output."""
        print(text, file=self.stdout)

    def err(self, text: str) -> None:
        """Write a line to standard error."""
        print(text, file=self.stderr)

    def terminal(self) -> bool:
        """Whether a person is at a terminal: standard input and output are both one (never in
        a pipe or a test)."""
        return _isatty(self.stdin) and _isatty(self.stdout)

    def interactive(self) -> bool:
        """Whether lines are read with :func:`input` (so ``readline`` can edit them): the
        process's own standard streams, at a terminal."""
        return self.stdin is sys.stdin and self.stdout is sys.stdout and _isatty(self.stdin)

    def clear(self) -> None:
        """Clear the screen and its scrollback, when standard output is a terminal."""
        if _isatty(self.stdout):
            self.stdout.write(_CLEAR)
            self.stdout.flush()

    def width(self) -> int:
        """The width to lay text out in: the terminal's when writing to one, else 80."""
        if _isatty(self.stdout):
            return max(40, min(160, shutil.get_terminal_size().columns))
        return 80


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class _LineEditor:
    """Line editing, a history of the lines typed in this session (up and down arrows) and
    completion (tab) of the commands and notations offered, through the standard library's
    ``readline`` when this Python has it (:meth:`start` gives ``None`` otherwise).

    ``readline``'s history and completer belong to the process: :meth:`start` clears the history,
    so a session recalls only its own lines, and :meth:`stop` puts the completer back.
    """

    def __init__(self, readline: Any) -> None:
        self.readline = readline
        self.words: list[str] = []
        """What tab completes: set for each question."""
        self._completer = readline.get_completer()

    @classmethod
    def start(cls) -> _LineEditor | None:
        """Set ``readline`` up for a session, or ``None`` when it cannot be imported."""
        try:
            import readline  # only at a terminal; absent on some platforms
        except ImportError:
            return None
        editor = cls(readline)
        readline.clear_history()
        readline.set_completer(editor.complete)
        readline.set_completer_delims(" \t\n")
        libedit = "libedit" in (getattr(readline, "__doc__", "") or "")
        readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")
        return editor

    def stop(self) -> None:
        """Give the process its completer back."""
        self.readline.set_completer(self._completer)

    def complete(self, text: str, state: int) -> str | None:
        """``readline``'s completer: the ``state``-th of :attr:`words` that start with ``text``."""
        matches = [word for word in self.words if word.startswith(text)]
        return matches[state] if state < len(matches) else None

    def forget_last(self, before: int) -> None:
        """Drop the line just read from the history if it added one (it had ``before`` lines):
        an answer to "press Enter" or "quit?" is not a command to recall."""
        length = self.readline.get_current_history_length()
        if length > before:
            self.readline.remove_history_item(length - 1)

    def length(self) -> int:
        """How many lines the history holds."""
        return int(self.readline.get_current_history_length())


def _read_line(io: _Io, prompt: str, *, remember: bool = True) -> str | None:
    """Ask for one line; ``None`` at the end of the input. A line typed at a terminal goes to the
    session's history (see :class:`_LineEditor`) unless ``remember`` is false."""
    if io.interactive():
        editor = io.editor
        before = editor.length() if editor is not None else 0
        try:
            line = input(prompt)
        except (EOFError, KeyboardInterrupt):
            io.out()
            return None
        if editor is not None and not remember:
            editor.forget_last(before)
        return line
    io.stdout.write(prompt)
    io.stdout.flush()
    try:
        line = io.stdin.readline()
    except KeyboardInterrupt:
        line = ""
    if not line:
        io.out()
        return None
    line = line.rstrip("\r\n")
    io.out(line)  # echo, so a transcript of piped input reads like a session
    return line


def _read_text(path: str, io: _Io) -> str:
    """The text of ``path`` (``-`` is standard input), or a :class:`CliError` saying why not."""
    if path == "-":
        return io.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a directory, not a file") from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (not UTF-8)") from None
    except OSError as exc:
        raise CliError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path``, or raise a :class:`CliError` saying why not."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
            f.write("\n")
    except OSError as exc:
        raise CliError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _check_writable(path: str) -> None:
    """Fail early (before a game is played) when ``path`` cannot be written."""
    target = Path(path)
    if target.is_dir():
        raise CliError(f"{path}: is a directory, not a file")
    folder = target.parent
    if not folder.is_dir():
        raise CliError(f"{path}: cannot write: there is no folder {str(folder)!r}")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise CliError(f"{path}: cannot write: permission denied")
