"""Running the ``tabletop`` command in this process, for the CLI tests."""

from __future__ import annotations

import io
from pathlib import Path

import attrs

from tabletop_rules import cli


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
