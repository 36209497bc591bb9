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


ROOMS = ("_presentation", "_agents")
"""A game's rooms above its rules: what it shows, and who plays it (design page, "Rooms")."""

ASSEMBLY = {"__init__.py", "_game.py"}
"""Where a game puts its rooms together: its public face and its ``GAME``."""


def _rules_modules() -> list[Path]:
    return [
        path
        for game in sorted(GAMES)
        for path in sorted((SRC / game).rglob("*.py"))
        if path.relative_to(SRC / game).parts[0] not in ROOMS
        and not (path.parent == SRC / game and path.name in ASSEMBLY)
    ]


def _room_of(name: str) -> str | None:
    return next((room for room in ROOMS if room in name.lstrip(".").split(".")), None)


@pytest.mark.parametrize("path", _rules_modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_rules_import_no_room_above_them_and_no_io(path: Path) -> None:
    """A game's rules (everything but its rooms and its assembly) never import what it shows or
    who plays it, nor any I/O (but the content loader reading its files), nor another game."""
    imported = _imports(path)
    assert not [n for n in imported if _room_of(n)]
    io = IO_MODULES - ({"pathlib"} if path.name == "_content.py" else set())
    assert not {n.split(".")[0] for n in imported} & io
    assert not {n.split(".")[0] for n in imported} & (GAMES - {path.relative_to(SRC).parts[0]})


@pytest.mark.parametrize("room", ROOMS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_room_imports_no_other_room(game: str, room: str) -> None:
    for path in sorted((SRC / game / room).rglob("*.py")):
        others = {_room_of(n) for n in _imports(path) if n.startswith("..")} - {None, room}
        assert not others, f"{path.relative_to(SRC)} imports {others}"


# -- grimheim: no import circle, and the card words import nothing of the engine -----------------

GRIMHEIM = SRC / "grimheim"

VOCAB_DATA = {
    "grimheim._actions",
    "grimheim._cards",
    "grimheim._content",
    "grimheim._events",
    "grimheim._limits",
    "grimheim._map",
    "grimheim._pieces",
}
"""The plain values below the engine that the card words may import besides their own modules;
everything else of grimheim is the engine, which the words reach only through ``Ctx``."""


def _module_of(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(node: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import under ``node``, at module level or inside a function, but those of an
    ``if TYPE_CHECKING:`` block (they never run)."""
    found: list[ast.Import | ast.ImportFrom] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                found += _import_nodes(other)
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            found.append(child)
        found += _import_nodes(child)
    return found


def _graph(package_dir: Path) -> dict[str, set[str]]:
    """Module → the modules of its package importing it runs: what it names, and the packages
    above those that are not its own (importing ``grimheim._vocab.costs`` from outside runs
    ``grimheim._vocab`` first)."""
    paths = sorted(package_dir.rglob("*.py"))
    modules = {_module_of(p): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                found = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            for target in found:
                if target not in modules:
                    continue
                targets.add(target)
                above = target.rpartition(".")[0]
                while above.count(".") and not f"{package}.".startswith(f"{above}."):
                    targets.add(above)
                    above = above.rpartition(".")[0]
        targets.discard(name)
        graph[name] = targets
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """An import circle of ``graph`` (its modules in order, the first repeated last), if any."""
    state: dict[str, int] = {}  # 1: on the path being followed, 2: done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found is not None:
                    return found
        path.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state:
            found = visit(name)
            if found is not None:
                return found
    return None


@pytest.mark.parametrize("package", sorted([*GAMES, "tabletop_rules"]))
def test_no_package_has_an_import_circle(package: str) -> None:
    """No module imports, even from inside a function, one that imports it back by any road."""
    found = _circle(_graph(SRC / package))
    assert found is None, "import circle: " + " -> ".join(found or ())


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


def test_grimheim_card_words_import_nothing_of_the_engine() -> None:
    """``grimheim._vocab`` imports only its own modules and the plain values below the engine;
    the words reach the game through ``Ctx`` alone."""
    graph = _graph(GRIMHEIM)
    words = [name for name in graph if name.startswith("grimheim._vocab")]
    assert "grimheim._vocab._context" in words
    for name in words:
        engine = {
            target
            for target in graph[name]
            if not target.startswith("grimheim._vocab") and target not in VOCAB_DATA
        }
        assert not engine, f"{name} imports {sorted(engine)}"
