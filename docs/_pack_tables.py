"""What the content-table extensions share: reStructuredText tables, and a directive that writes
one named table built from a game's standard pack at build time (``docs._grimheim_tables``,
``docs._kinmarr_gallery``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from docutils.nodes import Node
from sphinx.util.docutils import SphinxDirective


def table(
    headers: Sequence[str], rows: Iterable[Sequence[str]], widths: Sequence[int], title: str = ""
) -> list[str]:
    """A ``list-table`` directive as reStructuredText lines."""
    lines = [
        f".. list-table:: {title}".rstrip(),
        "   :header-rows: 1",
        f"   :widths: {' '.join(map(str, widths))}",
        "",
    ]
    for row in (headers, *rows):
        for i, cell in enumerate(row):
            text = cell.replace("\n", " ") if cell else ""
            lines.append(f"   {'*' if i == 0 else ' '} - {text}".rstrip())
    lines.append("")
    return lines


def pack_directive(
    what: str, tables: Mapping[str, Callable[[Any], list[str]]], pack: Callable[[], Any]
) -> type[SphinxDirective]:
    """A directive taking one argument, the name of one of ``tables``, that writes that table
    built from ``pack()``; ``what`` names the tables in its error message."""

    class PackTable(SphinxDirective):
        required_arguments = 1
        has_content = False

        def run(self) -> list[Node]:
            name = self.arguments[0]
            if name not in tables:
                raise self.error(f"unknown {what} {name!r}: one of {sorted(tables)}")
            return self.parse_text_to_nodes("\n".join(tables[name](pack())))

    PackTable.__doc__ = f"``.. {what}:: NAME``: one of the tables, from the standard pack."
    return PackTable
