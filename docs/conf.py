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

# Document the source tree even when the package is not installed (it normally is, editable).
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
]

exclude_patterns = ["_build"]
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
    "exclude-members": "board, compiled",
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
    # third-party types: the cattrs converter of Codec and make_converter, and the Hypothesis
    # strategies returned by tabletop_rules.testing (imported only for type checking)
    ("py:class", "cattrs.converters.Converter"),
    ("py:class", "SearchStrategy"),
]
nitpick_ignore_regex = [
    # Type variables of the generic classes and functions (Game[S, A], Rng.choice -> T …):
    # single capital letters, sometimes qualified by the module that defines them.
    ("py:class", r"((tabletop_rules|goblinguard)(\.\w+)*\.)?[A-Z]"),
]

# -- Hooks ------------------------------------------------------------------------------------

_PRIVATE = re.compile(r"^(tabletop_rules|goblinguard)\._\w+\.(\w+)$")
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
    * The invisible cache ``board`` of ``State`` and ``View`` is not part of the API.
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
    app.connect("env-check-consistency", _check_public_names)


# -- HTML ---------------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"tabletop-rules {release}"
html_static_path: list[str] = []
