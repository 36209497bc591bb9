"""grimheim's card words talk to the game only through ``Ctx``: ``grimheim._vocab`` imports
nothing of the engine (the layering every game shares is in ``tests/contract/test_layering.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.contract.imports import import_graph

import grimheim

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


def test_grimheim_card_words_import_nothing_of_the_engine() -> None:
    """``grimheim._vocab`` imports only its own modules and the plain values below the engine;
    the words reach the game through ``Ctx`` alone."""
    graph = import_graph(Path(grimheim.__file__).parent)
    words = [name for name in graph if name.startswith("grimheim._vocab")]
    assert "grimheim._vocab._context" in words
    for name in words:
        engine = {
            target
            for target in graph[name]
            if not target.startswith("grimheim._vocab") and target not in VOCAB_DATA
        }
        assert not engine, f"{name} imports {sorted(engine)}"
