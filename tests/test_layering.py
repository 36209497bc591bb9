"""Dependencies point one way: games import the core, the core never imports a game, and a game's
rules never import its rendering or any I/O (design contract)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
GAMES = {"goblinguard", "grimheim", "kinmarr"}
IO_MODULES = {"io", "os", "pathlib", "sys", "subprocess", "json", "random", "time", "datetime"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
    return found


@pytest.mark.parametrize("path", sorted((SRC / "tabletop_rules").rglob("*.py")), ids=str)
def test_the_core_never_imports_a_game(path: Path) -> None:
    assert not {name.split(".")[0] for name in _imports(path)} & GAMES


@pytest.mark.parametrize(
    "name", ["_rules", "_defeats", "_board", "_deck", "_state", "_actions", "_events"]
)
def test_goblinguard_rules_import_no_rendering_and_no_io(name: str) -> None:
    imported = _imports(SRC / "goblinguard" / f"{name}.py")
    assert "._render" not in imported
    assert not {n.split(".")[0] for n in imported} & IO_MODULES
    assert not {n.split(".")[0] for n in imported} & (GAMES - {"goblinguard"})


GRIMHEIM_RULES = [
    "_actions",
    "_cards",
    "_content",
    "_dice",
    "_events",
    "_flow",
    "_heroes",
    "_map",
    "_monsters",
    "_query",
    "_rules",
    "_state",
    "_uses",
    "_validate",
    "_work",
]


@pytest.mark.parametrize("name", GRIMHEIM_RULES)
def test_grimheim_rules_import_no_rendering_and_no_io(name: str) -> None:
    imported = _imports(SRC / "grimheim" / f"{name}.py")
    assert "._render" not in imported
    assert not {n.split(".")[0] for n in imported} & IO_MODULES
    assert not {n.split(".")[0] for n in imported} & (GAMES - {"grimheim"})


KINMARR_RULES = [
    "_actions",
    "_board",
    "_combat",
    "_effects",
    "_engine",
    "_events",
    "_frames",
    "_legal",
    "_query",
    "_rules",
    "_state",
    "_triggers",
    "_validate",
    "_work",
]


@pytest.mark.parametrize("name", KINMARR_RULES)
def test_kinmarr_rules_import_no_rendering_and_no_io(name: str) -> None:
    imported = _imports(SRC / "kinmarr" / f"{name}.py")
    assert "._render" not in imported and "._agents" not in imported
    assert not {n.split(".")[0] for n in imported} & IO_MODULES
    assert not {n.split(".")[0] for n in imported} & (GAMES - {"kinmarr"})
