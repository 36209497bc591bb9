"""The kinmarr set-up of the fuzzer (:func:`tabletop_rules.testing.fuzz_game`): its content files
with their loaders, its configs, and an oracle for every state the fuzzer managed to load.

``tests/test_kinmarr/test_fuzz.py`` runs it small on every check; ``scripts/kinmarr_fuzz.py``
runs it at full scale.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import kinmarr
from tabletop_rules import IllegalActionError, RulesError
from tabletop_rules.testing import FuzzReport, fuzz_game

FILES = (
    "pack.json",
    "board.json",
    "guilds.json",
    "encounters.json",
    "abilities.json",
    "items.json",
    "prophecies.json",
)


def _standard(name: str) -> bytes:
    return resources.files("kinmarr").joinpath("content").joinpath(name).read_bytes()


def _directory_with(name: str) -> Callable[[str], kinmarr.Pack]:
    """A loader of the standard layout in which file ``name`` is the given text."""

    def load(text: str) -> kinmarr.Pack:
        from kinmarr._content import _read_directory

        return _read_directory(lambda file: text.encode() if file == name else _standard(file))

    return load


def _variant() -> kinmarr.Pack:
    data = kinmarr.pack_to_json(kinmarr.standard_pack())
    data["name"] = "variant"
    data["guilds"][0]["dice"] = ["red", "red", "red", "green"]
    data["cards"] = [c for c in data["cards"] if c["kind"] != "tower"]
    return kinmarr.pack_from_json(json.dumps(data))


CONFIGS = [  # 2, 3 and 4 guilds in both chance modes
    None,
    kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[:2], chance="explicit"),
    kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[:3], chance="explicit"),
    kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS, chance="explicit"),
    kinmarr.Config(guilds=("heirs_of_kinmarr", "pathfinders"), auto_pass=True, round_limit=12),
    kinmarr.Config(guilds=("arcane_commune", "feudal_pact", "pathfinders"), pack=_variant()),
]


def content() -> list[tuple[str, str, Callable[[str], Any]]]:
    """The content files to mutate, each with a loader of such text."""
    sources: list[tuple[str, str, Callable[[str], Any]]] = [
        (name, _standard(name).decode(), _directory_with(name)) for name in FILES
    ]
    whole = json.dumps(kinmarr.pack_to_json(kinmarr.standard_pack()))
    sources.append(("pack (one document)", whole, kinmarr.pack_from_json))
    return sources


def census(state: kinmarr.State) -> Counter[str]:
    """Where the cards a state shows outside its frames are: every card at most once."""
    found: Counter[str] = Counter()
    for player in state.players:
        found.update(player.hand)
        found.update(player.slots)
    for deck in (state.encounters, state.abilities, state.items, state.prophecies):
        found.update(deck.top)
        for group in deck.bottom:
            found.update(group)
    found.update(state.shop)
    found.update([state.prophecy] if state.prophecy else [])
    found.update(e.card for e in state.lasting if e.card != state.prophecy)  # decision x: its clock
    found.update(state.discarded)
    return found


def playable(state: kinmarr.State) -> None:
    """The oracle: an accepted state holds each card at most once outside its frames, and every
    legal action applies (to a state that round-trips), the views of every seat included."""
    twice = [card for card, n in census(state).items() if n > 1]
    assert not twice, f"cards in two places: {twice[:3]}"
    assert set(census(state)) <= set(state.config.rules.card), "cards not of the pack"
    for seat in range(kinmarr.seat_count(state)):
        view = kinmarr.view(state, seat)
        assert kinmarr.loads(kinmarr.dumps(view), kinmarr.View) == view
    if kinmarr.is_over(state):
        assert kinmarr.outcome(state) is not None and not kinmarr.legal_actions(state)
        return
    legal = kinmarr.legal_actions(state)
    assert legal, "a running game with no legal action"
    for action in legal[:20]:
        try:
            after = kinmarr.apply(state, action)
        except IllegalActionError as exc:
            raise AssertionError(f"legal {kinmarr.notation(action)} refused: {exc}") from exc
        except RulesError as exc:  # pragma: no cover - the oracle's own finding
            raise AssertionError(f"{kinmarr.notation(action)}: {exc}") from exc
        assert kinmarr.loads(kinmarr.dumps(after)) == after


def run(seed: int, *, time_limit: float | None = None, **counts: int) -> FuzzReport:
    """One fuzzing run over every config; ``counts`` are :func:`fuzz_game`'s (``games``,
    ``loads``, ``content_mutants``, ``notations``, ``actions``, ``positions``). Reads are
    timed against ``time_limit`` only when it is given (``scripts/fuzz.py``), never in tests."""
    return fuzz_game(
        kinmarr.GAME,
        content=content(),
        configs=CONFIGS,
        oracle=playable,
        seed=seed,
        start=None,  # new games: every card is in their decks
        time_limit=time_limit,
        **counts,
    )
