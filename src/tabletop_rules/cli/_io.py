"""The streams of one run of the command, and reading and writing the files it names."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any, TextIO

import attrs

from ._errors import CliError


@attrs.frozen
class _Io:
    """The three streams of one run of :func:`main`."""

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO

    def out(self, text: str = "") -> None:
        """Write a line to standard output."""
        print(text, file=self.stdout)

    def err(self, text: str) -> None:
        """Write a line to standard error."""
        print(text, file=self.stderr)

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


def _read_line(io: _Io, prompt: str) -> str | None:
    """Ask for one line; ``None`` at the end of the input."""
    interactive = io.stdin is sys.stdin and io.stdout is sys.stdout and _isatty(io.stdin)
    if interactive:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            io.out()
            return None
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
