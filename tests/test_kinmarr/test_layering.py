"""kinmarr's card words are data and its frames stand below the working copy and the engine (the
layering every game shares is in ``tests/contract/test_layering.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.contract.imports import import_graph

import kinmarr

ABOVE_FRAMES = {
    "kinmarr._work",
    "kinmarr._engine",
    "kinmarr._legal",
    "kinmarr._validate",
    "kinmarr._rules",
    "kinmarr._state",
    "kinmarr._codec",
}
"""What runs the frames (the working copy, the loop, the questions of the API, the load check)
and what holds them (the state): the frames reach the working copy only as the object they are
given, its doors (``window``, ``run_effects`` …) pushing the frames pushed from many places."""


def _graph() -> dict[str, set[str]]:
    return import_graph(Path(kinmarr.__file__).parent)


def test_kinmarr_card_words_import_nothing_of_the_game() -> None:
    """``kinmarr._words`` is the effect vocabulary as data: it imports no module of kinmarr."""
    assert not _graph()["kinmarr._words"]


def test_kinmarr_frames_stand_below_the_engine() -> None:
    """No frame module imports the working copy, the engine, the API or the state (but for
    types)."""
    graph = _graph()
    frames = [name for name in graph if name.startswith("kinmarr._frames")]
    assert "kinmarr._frames.window" in frames
    for name in frames:
        above = graph[name] & ABOVE_FRAMES
        assert not above, f"{name} imports {sorted(above)}"
