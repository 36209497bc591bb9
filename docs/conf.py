"""Sphinx configuration of the tabletop-rules documentation.

Build (the CI gate):

    sphinx-build -W --keep-going -n -b html docs docs/_build/html
    sphinx-build -W --keep-going -n -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import doctest
import enum
import importlib
import re
import sys
from pathlib import Path
from typing import Any

import attrs
from sphinx.application import Sphinx
from sphinx.util import logging

# Document the source tree even when the package is not installed (it normally is, editable), and
# let the recipes import their modules as ``docs.recipes.…`` from the repository root.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import tabletop_rules

logger = logging.getLogger(__name__)

# -- Project ------------------------------------------------------------------------------------

project = "tabletop-rules"
author = "tabletop-rules developers"
copyright = "tabletop-rules developers"
release = tabletop_rules.__version__
version = ".".join(release.split(".")[:2])

# -- General ------------------------------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
    # the grimheim rules page's tables, built from the standard pack (docs/_grimheim_tables.py)
    "docs._grimheim_tables",
    # the kinmarr content gallery, built from the standard pack (docs/_kinmarr_gallery.py)
    "docs._kinmarr_gallery",
    # pictures drawn by the engines at build time (docs/_svg_figures.py)
    "docs._svg_figures",
]

# docs/recipes holds the Python modules that the recipes page includes; they are not pages.
exclude_patterns = ["_build", "recipes"]
nitpicky = True
python_use_unqualified_type_names = True

# -- autodoc / napoleon -------------------------------------------------------------------------

autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = False
autodoc_default_options = {
    # The invisible caches (``State.board``, ``View.board``, ``Config.compiled``) are derived data,
    # not part of the API.
    "exclude-members": "board, compiled, cache, rules",
}

napoleon_google_docstring = True
napoleon_numpy_docstring = False
# "Attributes:" sections become ``.. attribute::`` entries, so ``:attr:`` references to attrs fields
# resolve. autodoc does not describe the fields a second time: they have no docstrings of their own.
napoleon_use_ivar = False
napoleon_use_rtype = False

# -- doctest ------------------------------------------------------------------------------------

doctest_global_setup = """
import goblinguard as gg
import tabletop_rules
"""
# Only the ``.. doctest::`` / ``.. testcode::`` blocks written on these pages are run. The ``>>>``
# examples inside docstrings rely on their module's globals, so they belong to the test suite.
doctest_test_doctest_blocks = ""
# Sphinx's default also has IGNORE_EXCEPTION_DETAIL; leave it out so error messages are checked too.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1

# -- nitpicky: names with no target in these docs -----------------------------------------------
# There is no network in CI, so intersphinx cannot resolve names of the standard library or of
# attrs/cattrs/Hypothesis. The names below appear only in signatures and type hints.

nitpick_ignore = [
    # standard library: the abstract containers and callables of type hints, and Path
    # (builtins such as int and typing names such as Any and TextIO never warn)
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "collections.abc.MutableMapping"),
    ("py:class", "pathlib.Path"),
    ("py:class", "array.array"),
    ("py:class", "importlib.metadata.EntryPoint"),
    ("py:class", "fractions.Fraction"),
    ("py:class", "Fraction"),
    ("py:class", "importlib.metadata.EntryPoint"),
    ("py:class", "EntryPoint"),
    ("py:class", "types.ModuleType"),
    ("py:class", "ModuleType"),
    # the typed keyword options of the adapters' env(): **options: Unpack[EnvOptions]
    ("py:class", "typing_extensions.Unpack"),
    # third-party types: the cattrs converter of Codec and make_converter, and the Hypothesis
    # strategies returned by tabletop_rules.testing (imported only for type checking)
    ("py:class", "cattrs.converters.Converter"),
    ("py:class", "cattrs.Converter"),
    ("py:class", "SearchStrategy"),
    # grimheim's working copy of a state inside one step (grimheim._work.Work): the game a word
    # of the effect vocabulary reads and changes, an internal class the pages describe in words
    ("py:class", "Work"),
    # the forecast of the monster turns to come that grimheim's TeamValue reads (an internal
    # class of the agents, described in words on the Agents page)
    ("py:class", "grimheim._forecast.Forecast"),
    ("py:class", "grimheim._agents.forecast.Forecast"),
    ("py:class", "Forecast"),
]
nitpick_ignore_regex = [
    # Type variables of the generic classes and functions (Game[S, A], Rng.choice -> T …):
    # single capital letters, sometimes qualified by the module that defines them.
    ("py:class", r"((tabletop_rules|goblinguard|grimheim|kinmarr)(\.\w+)*\.)?[A-Z]"),
]

# -- Ruling citations ---------------------------------------------------------------------------
# Docstrings and error reasons cite the rulings of a game's rules page by number ("(R3)", "R4:",
# "R4/R9", "R7–R11"). In the docstrings of a package listed here, each citation becomes a link to
# the ruling's label on that page: package -> (the ruling letter, the label prefix), so R3 of
# goblinguard links to the label ``goblinguard-r3``. Every ruling on the page carries such a label.
# A citation of a ruling that has no label is an undefined-label warning (an error under -W).

RULINGS: dict[str, tuple[str, str]] = {
    "goblinguard": ("R", "goblinguard-r"),
    "grimheim": ("G", "grimheim-g"),
    "kinmarr": ("K", "kinmarr-k"),
}

# Inline markup that must be kept as it is: literals, roles, interpreted text and references.
_INLINE_CODE = re.compile(r"(``.+?``|:[\w.+-]+(?::[\w.+-]+)?:`[^`]*`|`[^`]*`_{0,2})")
# Directives whose content is code or program output, never prose.
_CODE_DIRECTIVE = re.compile(
    r"^\s*\.\. (code-block|code|sourcecode|literalinclude|doctest|testcode|testoutput|"
    r"testsetup|testcleanup|math|highlight)::"
)
# Characters that may stand right before / after inline markup without an escaped space (the
# reStructuredText inline markup recognition rules, restricted to ASCII and the dashes).
_OPENERS = set(" \t'\"([{<-/:–—")
_CLOSERS = set(" \t'\")]}>-/:.,;!?–—")


def _ruling_links(lines: list[str], letter: str, label: str) -> list[str]:
    """Rewrite the ruling citations of reStructuredText ``lines`` as ``:ref:`` links.

    Skipped: literal blocks (after a paragraph ending in ``::``), code and doctest directives,
    doctest blocks (``>>>`` lines up to the next blank line), and inline literals and roles.
    """
    citation = re.compile(rf"(?<![\w\\]){letter}(\d{{1,2}})(?!\w)")

    def link(text: str) -> str:
        def one(match: re.Match[str]) -> str:
            before = text[match.start() - 1] if match.start() else " "
            after = text[match.end()] if match.end() < len(text) else " "
            ref = f":ref:`{match.group(0)} <{label}{match.group(1)}>`"
            return (
                ("" if before in _OPENERS else "\\ ") + ref + ("" if after in _CLOSERS else "\\ ")
            )

        return citation.sub(one, text)

    out = []
    literal_indent: int | None = None  # inside a literal block or code directive indented deeper
    doctest = False
    for line in lines:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None:
            if not stripped or indent > literal_indent:
                out.append(line)
                continue
            literal_indent = None
        if doctest:
            if stripped:
                out.append(line)
                continue
            doctest = False
        if stripped.startswith(">>>"):
            doctest = True
            out.append(line)
            continue
        if _CODE_DIRECTIVE.match(line):
            literal_indent = indent
            out.append(line)
            continue
        parts = _INLINE_CODE.split(line)
        out.append("".join(p if i % 2 else link(p) for i, p in enumerate(parts)))
        if stripped.endswith("::") and not stripped.startswith(".. "):
            literal_indent = indent
    return out


def _link_rulings(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """``autodoc-process-docstring``: link the ruling citations of a game's docstrings."""
    found = RULINGS.get(name.split(".")[0])
    if found is not None:
        lines[:] = _ruling_links(lines, *found)


# -- Hooks ------------------------------------------------------------------------------------

_PRIVATE = re.compile(r"^(tabletop_rules|goblinguard|grimheim|kinmarr)\._\w+\.(\w+)$")
# A type variable as napoleon writes it in an attribute's type: ``tabletop_rules._record.C``.
_PRIVATE_TYPEVAR = re.compile(
    r"\b(?:tabletop_rules|goblinguard|grimheim|kinmarr)(?:\.\w+)*\._\w+\.([A-Z])\b"
)
_CLASS_REPR = re.compile(r"<class '(?:[\w.]+\.)?(\w+)'>")


def _public_name(app: Sphinx, env: Any, node: Any, contnode: Any) -> Any:
    """Link ``pkg._module.Name`` to the documented ``pkg.Name``.

    The packages give re-exported names their public ``__module__``, but a generic alias built at
    import time (``Game[S, A]`` in an annotation evaluated eagerly) remembers the private module.
    """
    if node.get("refdomain") != "py":
        return None
    match = _PRIVATE.match(node.get("reftarget", ""))
    if match is None:
        return None
    public = f"{match.group(1)}.{match.group(2)}"
    domain = env.get_domain("py")
    if not domain.find_obj(env, "", "", public, None, 1):
        return None
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], public, node, contnode
    )


def _tidy_attribute_types(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Write the type variables in attribute types as they are written in the signature.

    Napoleon takes an attribute's type from the class annotations; a field typed with a type
    variable (``config: C | None`` of :class:`~tabletop_rules.Record`) would otherwise show the
    private module that defines the variable (``tabletop_rules._record.C``). Runs after napoleon.
    """
    for i, line in enumerate(lines):
        if line.lstrip().startswith(":type"):
            lines[i] = _PRIVATE_TYPEVAR.sub(r"\1", line)


def _tidy_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Make signatures read as the API is used.

    * Protocols and enums are not constructed by users: no ``(*args, **kwargs)`` / ``(value)``.
    * The invisible caches (``board`` of ``State`` and ``View``, any other field that is neither
      compared nor shown) are not part of the API.
    * attrs defaults built by a factory show the factory instead of ``NOTHING``.
    * Class objects used as defaults show their name instead of ``<class '...'>``.
    * Long defaults built by a call are abbreviated (see :func:`_shorten_defaults`).
    """
    if what == "class" and (getattr(obj, "_is_protocol", False) or isinstance(obj, enum.EnumMeta)):
        return "", return_annotation
    if signature is None:
        return None
    if what == "class" and attrs.has(obj):
        for field in attrs.fields(obj):
            if field.name == "board" and field.eq is False:
                signature = re.sub(r",\s*\*,\s*board: [^=]+= None(?=\)$)", "", signature)
            elif field.init and field.eq is False and field.repr is False:
                # any other invisible cache (grimheim's ``occupant`` …): keyword-only, ``None``
                signature = re.sub(rf",\s*{field.name}: [^=]+= None(?=[,)])", "", signature)
                signature = re.sub(r",\s*\*\)$", ")", signature)
            elif isinstance(field.default, attrs.Factory):
                factory = getattr(field.default.factory, "__name__", "factory")
                signature = re.sub(
                    rf"(\b{field.name}(?:: [^=]+)?) = NOTHING", rf"\1 = {factory}()", signature
                )
    signature = _CLASS_REPR.sub(r"\1", signature)
    return _shorten_defaults(signature), return_annotation


def _shorten_defaults(signature: str, limit: int = 40) -> str:
    """Write a long default built by a call (``Weights(defeat=100.0, ...)``) as ``Weights(...)``."""
    out = []
    pos = 0
    for match in re.finditer(r"= (\w+)\(", signature):
        if match.start() < pos:
            continue
        depth, end = 1, match.end()
        while end < len(signature) and depth:
            depth += {"(": 1, ")": -1}.get(signature[end], 0)
            end += 1
        if end - match.start() > limit:
            out.append(signature[pos : match.start()] + f"= {match.group(1)}(...)")
            pos = end
    return "".join(out) + signature[pos:]


def _check_public_names(app: Sphinx, env: Any) -> None:
    """Warn (an error under ``-W``) when a public name has no entry in the API reference."""
    documented = set(env.get_domain("py").objects)
    for module_name in (
        "tabletop_rules",
        "tabletop_rules.testing",
        "tabletop_rules.cli",
        "goblinguard",
        "grimheim",
        "grimheim.scenario",
        "kinmarr",
        "kinmarr.scenario",
        "tabletop_rules.openspiel",
        "tabletop_rules.pettingzoo",
        "tabletop_rules.gymnasium",
    ):
        module = importlib.import_module(module_name)
        for name in module.__all__:
            if f"{module_name}.{name}" not in documented:
                logger.warning(
                    "%s.%s is public but not in the API reference (api.rst)", module_name, name
                )


def setup(app: Sphinx) -> None:
    app.connect("missing-reference", _public_name)
    app.connect("autodoc-process-signature", _tidy_signature)
    # After napoleon (priority 500) has turned Google sections into reStructuredText.
    app.connect("autodoc-process-docstring", _tidy_attribute_types, priority=600)
    app.connect("autodoc-process-docstring", _link_rulings, priority=600)
    app.connect("env-check-consistency", _check_public_names)


# -- HTML ---------------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"tabletop-rules {release}"
html_static_path: list[str] = []
