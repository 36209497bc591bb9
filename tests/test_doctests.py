"""The examples in every docstring of both packages run and print what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import goblinguard
import grimheim
import kinmarr
import tabletop_rules

MODULES = sorted(
    name
    for package in (tabletop_rules, goblinguard, grimheim, kinmarr)
    for name in [
        package.__name__,
        *(info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")),
    ]
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_public_faces_hold_examples() -> None:
    for package in (tabletop_rules, goblinguard, grimheim, kinmarr):
        assert doctest.testmod(package, optionflags=doctest.ELLIPSIS).attempted >= 5
