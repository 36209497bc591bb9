"""The examples in the core's docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tabletop_rules

MODULES = sorted(
    ["tabletop_rules"]
    + [info.name for info in pkgutil.iter_modules(tabletop_rules.__path__, "tabletop_rules.")]
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
