"""goblinguard's table for the contract suite (``tests/contract/``): the configs, budgets and
illegal-action guesses the checks every game shares run with."""

from __future__ import annotations

from collections.abc import Sequence

from tests.contract.table import Conformance, Contract, Fuzz, HashSeeds, Observed, Saves, Spaces
from tests.test_goblinguard import fuzzing

import goblinguard as gg
from tabletop_rules import Agent, RandomAgent, Rng

SMALL = gg.deck_from_json(
    """{"name": "small", "cards": [
        {"id": "a", "layout": "GX/HH"}, {"id": "b", "layout": "HG/XH"},
        {"id": "c", "layout": "GH/HO"}, {"id": "d", "layout": "FG/HH"},
        {"id": "e", "layout": "HH/GG"}, {"id": "f", "layout": "BH/HG"}]}"""
)
ORDER = tuple(card.id for card in gg.standard_deck())


class FarAgent(Agent[gg.Action]):
    """Always takes the legal action farthest from the start, to reach the space's edges."""

    def choose(self, view: object, legal: Sequence[gg.Action], rng: Rng) -> tuple[gg.Action, Rng]:
        def far(action: gg.Action) -> tuple[int, int]:
            if isinstance(action, gg.Draw):
                return (0, 0)
            return (abs(action.x) + abs(action.y), max(abs(action.x), abs(action.y)))

        return max(legal, key=far), rng


def _far_on_odd_seeds(seed: int, seat: int) -> Agent[gg.Action]:
    return FarAgent() if seed % 2 else RandomAgent()


def illegal_guesses(state: gg.State, rng: Rng) -> Sequence[gg.Action]:
    """Actions that break each kind of rule, where the position allows it."""
    x, rng = rng.randint(-6, 6)
    y, rng = rng.randint(-6, 6)
    guesses: list[gg.Action] = [
        gg.Place(card, x, y, layer) for card in state.hand for layer in gg.Layer
    ]
    guesses += [gg.Place(p.card, p.x, p.y) for p in state.placed[:3]]  # not in hand
    guesses += [gg.Place(card, 99, -99) for card in state.hand]  # no contact
    guesses += [gg.Place(card, 1 << 18, 0) for card in state.hand[:1]]  # beyond LIMIT
    guesses += [gg.Draw(card) for card in state.hand]  # drawn already / not a chance decision
    return guesses


PUZZLE_DECK = (*gg.standard_deck()[:6], gg.Card("twin", "XX/GH"), gg.Card("wall", "GG/GG"))
SPACES = {
    "standard": gg.Config(),
    "standard-explicit": gg.Config(chance="explicit"),
    "small": gg.Config(SMALL),
    "small-explicit": gg.Config(SMALL, chance="explicit"),
}

OBSERVATIONS = {
    "sampled": "39f86395bc180fc68f4cc6194c91831326f987b2bda99b1ee7281c68e45cca0a",
    "explicit": "767db19e15627196ec0d7f5b54318c76c232e50dc5433887386fac987036204f",
}
"""The digests of the observations the contract suite reads (``Observed.digest``)."""

CONTRACT = Contract(
    "goblinguard",
    gg.GAME,
    gg,
    conformance=[
        Conformance(
            "standard-deck",
            games=12,
            expect=lambda report: report.games == 12 and report.steps == 12 * 20,
        ),
        Conformance(
            "puzzle-with-fixed-order-and-custom-cards",
            configs=[gg.Config(deck=PUZZLE_DECK, order=tuple(c.id for c in reversed(PUZZLE_DECK)))],
            games=3,
            seed=100,
            expect=lambda report: report.steps == 3 * len(PUZZLE_DECK),
        ),
        Conformance(
            "explicit-chance",
            configs=[gg.Config(chance="explicit"), gg.Config(chance="explicit", order=ORDER)],
            games=6,
            # every card of the random games is a chance decision, none with the order
            expect=lambda report: (
                report.checks["chance"] == 6 * 20 and report.steps == 6 * 40 + 6 * 20
            ),
        ),
    ],
    illegal_actions=illegal_guesses,
    hash_seeds=[
        HashSeeds("sampled", seeds=(0, 7)),
        HashSeeds("explicit", gg.Config(chance="explicit"), seeds=(3,)),
    ],
    saves=[Saves(chance, gg.Config(chance=chance)) for chance in ("sampled", "explicit")],
    spaces=[
        Spaces(
            name,
            config,
            games=4 if name.startswith("standard") else 12,
            agent=_far_on_odd_seeds,
            kinds=frozenset({"Place", "Draw"} if name.endswith("explicit") else {"Place"}),
        )
        for name, config in sorted(SPACES.items())
    ],
    small_spaces=[gg.Config(SMALL)],
    numbered=[gg.Config(), gg.Config(gg.Config().deck[:7])],
    outside=(
        gg.Config(),
        [
            gg.Place("nope", 0, 0),
            gg.Place("g1", 39, 0),
            gg.Place("g1", 0, -39),
            gg.Place("g1", 38, 20),
            gg.Place("fort", 0, 0, gg.Layer.BOTTOM),
            gg.Draw("nope"),
            "g1",
        ],
    ),
    observed=[
        Observed(chance, gg.Config(chance=chance), (0, 1, 2), 4, digest=OBSERVATIONS[chance])
        for chance in ("sampled", "explicit")
    ],
    fuzz=Fuzz(
        fuzzing.run, 40, 2_000, 400, 400, 300, 100
    ),  # games, loads, content, notations, actions, positions
    environments={"": gg.Config(), "explicit": gg.Config(chance="explicit")},
    openspiel=[(None, 2)],
)
