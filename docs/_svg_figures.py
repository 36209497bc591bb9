"""The ``svg-figure`` directive: a picture drawn by the engine while the docs are built.

The directive's content is Python code; its last line is an expression whose value is an SVG
document (a game's ``render_svg(...)``), which the HTML page shows inline. The code runs at every
build, so a picture can never disagree with the code that draws it::

    .. svg-figure::
       :caption: A new game, as seat 0 sees it.

       import goblinguard as gg
       gg.render_svg(gg.new_game(seed=7), seat=0)

An error in the code, or a value that is not SVG, fails the build (it is a warning, and the docs
build with ``-W``).
"""

from __future__ import annotations

import ast
import html
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


class SvgFigure(SphinxDirective):
    """Run the content's Python code and show the SVG its last expression gives."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "caption": directives.unchanged,
        "class": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        where = f"{self.env.docname}:{self.lineno}"
        code = "\n".join(self.content)
        try:
            tree = ast.parse(code, filename=where)
        except SyntaxError as exc:
            raise self.error(f"svg-figure: the code does not parse: {exc}") from exc
        if not tree.body or not isinstance(tree.body[-1], ast.Expr):
            raise self.error("svg-figure: the last line must be an expression giving the SVG")
        last = tree.body.pop()
        assert isinstance(last, ast.Expr)
        namespace: dict[str, Any] = {"__name__": "svg_figure"}
        try:
            exec(compile(tree, where, "exec"), namespace)
            svg = eval(compile(ast.Expression(last.value), where, "eval"), namespace)
        except Exception as exc:
            raise self.error(f"svg-figure: the code failed: {exc!r}") from exc
        if not isinstance(svg, str) or not svg.lstrip().startswith("<svg"):
            raise self.error(f"svg-figure: expected an SVG string, got {type(svg).__name__}")
        classes = " ".join(["svg-figure", *self.options.get("class", "").split()])
        caption = self.options.get("caption")
        shown = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
        markup = f'<figure class="{html.escape(classes)}">{svg}{shown}</figure>'
        return [nodes.raw("", markup, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("svg-figure", SvgFigure)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
