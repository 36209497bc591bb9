"""Dependencies point one way (design contract): games import the core, the core never imports a
game, no game imports another, a game's rules never import its presentation, its agents or any
I/O, and no package has an import circle, deferred imports counted. The games and the modules of
their rules come from the contract tables; the packages are read, never imported."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.contract.games import INSTALLED
from tests.contract.imports import find_circle, import_graph, imports
from tests.contract.table import Contract

import tabletop_rules

CORE = Path(tabletop_rules.__file__).parent
GAMES = {c.name for c in INSTALLED}
IO_MODULES = {"io", "os", "pathlib", "sys", "subprocess", "json", "random", "time", "datetime"}
PRESENTATION_AND_AGENTS = {
    "_render",
    "_svg",
    "_clicks",
    "_describe",
    "_card_text",
    "_agents",
    "_search",
    "_solver",
    "_planner",
    "_evaluate",
    "_forecast",
    "_lookahead",
    "_prospects",
}
"""The modules of a game's presentation (pictures, text, words, clicks) and of its agents
(agents, search, evaluation, forecasts, solvers)."""


def _package(contract: Contract) -> Path:
    return Path(contract.module.__file__ or "").parent


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: str(p.relative_to(CORE)))
def test_the_core_never_imports_a_game(path: Path) -> None:
    assert not {name.split(".")[0] for name in imports(path)} & GAMES


@pytest.mark.parametrize(
    ("contract", "name"),
    [pytest.param(c, name, id=f"{c.name}-{name}") for c in INSTALLED for name in c.rules_modules],
)
def test_rules_import_no_presentation_no_agents_and_no_io(contract: Contract, name: str) -> None:
    imported = imports(_package(contract) / f"{name}.py")
    assert not {n.lstrip(".").split(".")[-1] for n in imported} & PRESENTATION_AND_AGENTS
    assert not {n.split(".")[0] for n in imported} & IO_MODULES
    assert not {n.split(".")[0] for n in imported} & (GAMES - {contract.name})


@pytest.mark.parametrize("contract", INSTALLED, ids=lambda c: c.name)
def test_the_rules_modules_named_are_there(contract: Contract) -> None:
    assert contract.rules_modules, "the table names no rules modules"
    assert all((_package(contract) / f"{name}.py").is_file() for name in contract.rules_modules)


@pytest.mark.parametrize("package", [CORE, *(_package(c) for c in INSTALLED)], ids=lambda p: p.name)
def test_no_package_has_an_import_circle(package: Path) -> None:
    """No module imports, even from inside a function, one that imports it back by any road."""
    found = find_circle(import_graph(package))
    assert found is None, "import circle: " + " -> ".join(found or ())


def test_the_circle_finder_finds_a_circle() -> None:
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None
