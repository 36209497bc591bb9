"""Every example of the OpenSpiel page (``docs/openspiel.rst``) runs as written: each
``.. doctest::`` block on its own, in a namespace of its own, without the documentation build's
global set-up (which imports ``goblinguard as gg``), so a block that leans on a name it does not
import fails here even where the doctest build passes.

Needs OpenSpiel; skips without it unless ``TABLETOP_REQUIRE_OPENSPIEL`` is set.
"""

from __future__ import annotations

import doctest
import textwrap
from pathlib import Path

import pytest
from tests.contract.adapters import extra

REQUIRE = "TABLETOP_REQUIRE_OPENSPIEL"
PAGE = Path(__file__).resolve().parent.parent / "docs" / "openspiel.rst"


def _blocks(text: str) -> list[tuple[int, str]]:
    """Each ``.. doctest::`` block's first line number and its dedented body."""
    lines = text.splitlines()
    found: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != ".. doctest::":
            i += 1
            continue
        j = i + 1
        while j < len(lines) and (not lines[j].strip() or lines[j].startswith("   ")):
            j += 1
        found.append((i + 1, textwrap.dedent("\n".join(lines[i + 1 : j]))))
        i = j
    return found


BLOCKS = _blocks(PAGE.read_text(encoding="utf-8"))


def test_the_page_has_its_examples() -> None:
    assert len(BLOCKS) >= 9
    assert all(">>> " in body for _, body in BLOCKS)


@pytest.mark.parametrize(("line", "body"), BLOCKS, ids=[f"line-{n}" for n, _ in BLOCKS])
def test_each_example_runs_on_its_own(line: int, body: str) -> None:
    extra(
        "pyspiel", REQUIRE, "the OpenSpiel examples need OpenSpiel (pip install -e '.[openspiel]')"
    )
    test = doctest.DocTestParser().get_doctest(body, {}, f"openspiel.rst:{line}", str(PAGE), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries > 0
