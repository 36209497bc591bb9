"""The goblinguard set-up of the fuzzer (:func:`tabletop_rules.testing.fuzz_game`): its content
files, its configs, and an oracle that reaches an accepted state by playing it again.

``tests/contract/test_fuzz.py`` runs it small on every check, with the budget in ``contract.py``;
``scripts/fuzz.py`` runs it at full scale (10,000 games, 100,000 mutated loads, 5,000 content
files).
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from tests.contract.table import fuzzer

import goblinguard as gg

PUZZLE = (
    '{"name": "puzzle", "version": 3, "cards": ['
    + ", ".join(
        f'{{"id": "{card}", "layout": "{layout}"}}'
        for card, layout in [("a", "GX/HH"), ("b", "XG/GH"), ("c", "FG/HH"), ("d", "OH/GG")]
    )
    + "]}"
)

CONFIGS = [
    None,
    gg.Config(chance="explicit"),
    gg.Config(order=tuple(reversed([c.id for c in gg.standard_deck()]))),
    gg.Config(deck=gg.deck_from_json(PUZZLE)),
]


def content() -> list[tuple[str, str, Any]]:
    """The content files to mutate, with their loader."""
    standard = resources.files("goblinguard").joinpath("content/standard.json").read_text("utf-8")
    return [
        ("standard.json", standard, gg.deck_from_json),
        ("puzzle.json", PUZZLE, gg.deck_from_json),
    ]


def replayed(state: gg.State) -> None:
    """The oracle: play the state's placements again from a game that deals the cards in the order
    they came; the engine must accept every placement and arrive at the same position."""
    order = (*(p.card for p in state.placed), *state.hand, *state.deck)
    config = gg.Config(deck=state.config.deck, order=order)
    again = gg.new_game(config, seed=0)
    for p in state.placed:
        again = gg.apply(again, gg.Place(p.card, p.x, p.y, p.layer))
    assert (again.placed, again.defeated, again.active) == (
        state.placed,
        state.defeated,
        state.active,
    ), "the placements do not lead to the stored position"
    if not state.config.explicit:
        assert (again.hand, again.deck) == (state.hand, state.deck), "the cards were not dealt so"
    else:
        assert {*again.hand, *again.deck} == {*state.hand, *state.deck}, "cards went missing"


# new games, from their start: every card is in their decks
run = fuzzer(gg.GAME, content=content(), configs=CONFIGS, oracle=replayed, start=None)
"""``run(seed, *, time_limit=None, **counts)``: one fuzzing run over every config (see
:func:`~tests.contract.table.fuzzer`)."""
