"""Dependencies point one way (design contract): games import the core, the core never imports a
game, no game imports another, a game's rules never import its rooms above them (what it shows,
who plays it) nor any I/O, each room imports no other, and no package has an import circle,
deferred imports counted. The games are the installed ones; their packages are read, never
imported."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.contract.games import INSTALLED
from tests.contract.imports import find_circle, import_graph, imports

import tabletop_rules

CORE = Path(tabletop_rules.__file__).parent
PACKAGES = {c.name: Path(c.module.__file__ or "").parent for c in INSTALLED}
GAMES = set(PACKAGES)
IO_MODULES = {"io", "os", "pathlib", "sys", "subprocess", "json", "random", "time", "datetime"}

ROOMS = ("_presentation", "_agents")
"""A game's rooms above its rules: what it shows, and who plays it (design page, "Rooms")."""

ASSEMBLY = {"__init__.py", "_game.py"}
"""Where a game puts its rooms together: its public face and its ``GAME``."""


def _rules_modules() -> list[tuple[str, Path]]:
    return [
        (game, path)
        for game, package in sorted(PACKAGES.items())
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).parts[0] not in ROOMS
        and not (path.parent == package and path.name in ASSEMBLY)
    ]


def _room_of(name: str) -> str | None:
    return next((room for room in ROOMS if room in name.lstrip(".").split(".")), None)


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: str(p.relative_to(CORE)))
def test_the_core_never_imports_a_game(path: Path) -> None:
    assert not {name.split(".")[0] for name in imports(path)} & GAMES


@pytest.mark.parametrize(
    ("game", "path"),
    [pytest.param(g, p, id=str(p.relative_to(PACKAGES[g].parent))) for g, p in _rules_modules()],
)
def test_rules_import_no_room_above_them_and_no_io(game: str, path: Path) -> None:
    """A game's rules (everything but its rooms and its assembly) never import what it shows or
    who plays it, nor any I/O (but the content loader reading its files), nor another game."""
    imported = imports(path)
    assert not [n for n in imported if _room_of(n)]
    io = IO_MODULES - ({"pathlib"} if path.name == "_content.py" else set())
    assert not {n.split(".")[0] for n in imported} & io
    assert not {n.split(".")[0] for n in imported} & (GAMES - {game})


@pytest.mark.parametrize("room", ROOMS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_room_imports_no_other_room(game: str, room: str) -> None:
    for path in sorted((PACKAGES[game] / room).rglob("*.py")):
        others = {_room_of(n) for n in imports(path) if n.startswith("..")} - {None, room}
        assert not others, f"{path.relative_to(PACKAGES[game].parent)} imports {others}"


@pytest.mark.parametrize("package", [CORE, *PACKAGES.values()], ids=lambda p: p.name)
def test_no_package_has_an_import_circle(package: Path) -> None:
    """No module imports, even from inside a function, one that imports it back by any road."""
    found = find_circle(import_graph(package))
    assert found is None, "import circle: " + " -> ".join(found or ())


def test_the_circle_finder_finds_a_circle() -> None:
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None
