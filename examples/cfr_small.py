"""Counterfactual regret minimisation through OpenSpiel, on the smallest config of each game.

The recipe of the *OpenSpiel* documentation page (``docs/openspiel.rst``, *Small configs for
CFR*). Run it from the repository root with the ``openspiel`` extra::

    pip install -e ".[openspiel]"
    python -m examples.cfr_small --game goblinguard --iterations 40
    python -m examples.cfr_small --game kinmarr --seconds 300
    python -m examples.cfr_small --game grimheim --seconds 300

**Guards & Goblins** is small with a small deck: :data:`SMALL_DECK`, three goblin cards of the
standard deck (``GX/HH``, ``XG/HH``, ``HH/GX``). The whole deck is the opening hand, so chance
deals it in one of six orders and the seat then places the three cards — 3,216 positions a deal.
The rules are the standard game's; what a three-card deck loses is the hidden draw pile (a deck
of five cards or fewer is dealt whole). The returns are the goblins defeated (``payoff="scores"``,
0 to 3). :func:`solve` runs OpenSpiel's CFR+ over the whole tree and prints, as it goes, the
average policy's NashConv (``exploitability.nash_conv``; for one seat, what a best response
would gain over the policy) and its value (``expected_game_score.policy_value``); random play
defeats 0.43 goblins on average here, the best play all 3.

**Fated Kingdom** and **Defenders of Grimheim** have no config small enough for the whole tree:
their smallest honest configs — two guilds for one round (:data:`SMALL_KINMARR`), one hero with
the engine deciding the monsters' targets (:data:`SMALL_GRIMHEIM`) — still draw from decks of
dozens of cards and roll handfuls of dice, so NashConv, which walks every state, cannot be
computed. :func:`sample` runs OpenSpiel's outcome-sampling MCCFR on them for a time budget and
prints how many information states it met: the measure of how far they are from tabular
methods.

A small Fated Kingdom pack (``kinmarr.Config(pack=...)``: one die a guild, a few cards a deck,
empty tiles) does not help: the rules still deal the set-up in 240 orders (a Shop of four Items
and no deck empty at the start of a turn), roll six ways to travel and build trade offers one
card or coin at a time. A pack on which nobody draws a card already has 163,373 histories and
took 107 seconds a CFR+ iteration (``docs/openspiel.rst``, *Small configs for CFR*).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from typing import Any

import goblinguard
import grimheim
import kinmarr
from tabletop_rules import openspiel

SMALL_DECK = ("g1", "g4", "g9")
"""The ids of the three cards of the small Guards & Goblins deck, from the standard deck."""

SMALL_KINMARR = kinmarr.Config(guilds=("feudal_pact", "pathfinders"), round_limit=1)
"""The smallest honest Fated Kingdom: two guilds, one round (then the scores decide, K8)."""

SMALL_GRIMHEIM = grimheim.Config(heroes=("bjorn",), players_decide=False)
"""The smallest honest Defenders of Grimheim: one hero on the short track, the engine taking
the documented defaults for the monsters' targets and order (G5)."""


def small_goblinguard(ids: tuple[str, ...] = SMALL_DECK) -> goblinguard.Config:
    """The config of a Guards & Goblins game with the standard deck's cards ``ids`` only."""
    return goblinguard.Config(deck=tuple(c for c in goblinguard.standard_deck() if c.id in ids))


def goblinguard_game(ids: tuple[str, ...] = SMALL_DECK) -> Any:
    """The small Guards & Goblins as a ``pyspiel.Game``: returns are the goblins defeated."""
    config = small_goblinguard(ids)
    return openspiel.load(
        goblinguard.GAME, config, payoff="scores", utility_range=(0.0, float(len(config.deck)))
    )


def solve(
    game: Any, iterations: int, report: set[int]
) -> Iterator[tuple[int, float, float, float]]:
    """Run CFR+ on ``game``; at each iteration in ``report`` yield the iteration, the seconds
    since the start (building the solver included, measuring excluded), the average policy's
    NashConv and its value for seat 0."""
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    started = time.perf_counter()
    solver = cfr.CFRPlusSolver(game)
    measuring = 0.0
    for iteration in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration in report:
            now = time.perf_counter()
            policy = solver.average_policy()
            conv = exploitability.nash_conv(game, policy)
            value = expected_game_score.policy_value(game.new_initial_state(), [policy])
            yield iteration, now - started - measuring, float(conv), float(value[0])
            measuring += time.perf_counter() - now


def sample(game: Any, seconds: float) -> tuple[int, int, float]:
    """Run outcome-sampling MCCFR on ``game`` for about ``seconds``; the iterations done, the
    information states met and the seconds spent."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    started = time.perf_counter()
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    iterations = 0
    while time.perf_counter() - started < seconds:
        solver.iteration()
        iterations += 1
    return iterations, len(solver._infostates), time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    """Solve the small Guards & Goblins, or sample the smallest of the other games; print the
    figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", default="goblinguard", choices=["goblinguard", "kinmarr", "grimheim"]
    )
    parser.add_argument("--iterations", type=int, default=40, help="CFR+ iterations (goblinguard)")
    parser.add_argument("--seconds", type=float, default=300, help="MCCFR budget (the others)")
    args = parser.parse_args(argv)
    if args.game == "goblinguard":
        game = goblinguard_game()
        report = {1, 2, 5, 10, 20, 40, args.iterations}
        print(f"CFR+ on Guards & Goblins with the deck {'+'.join(SMALL_DECK)} (goblins defeated)")
        for iteration, spent, conv, value in solve(game, args.iterations, report):
            print(
                f"iteration {iteration:>4}: {spent:7.1f} s, NashConv {conv:.4f}, value {value:.4f}"
            )
        return
    if args.game == "kinmarr":
        game = openspiel.load(kinmarr.GAME, SMALL_KINMARR)
        label = "Fated Kingdom, 2 guilds, round_limit=1"
    else:
        game = openspiel.load(grimheim.GAME, SMALL_GRIMHEIM, utility="identical")
        label = "Defenders of Grimheim, 1 hero, players_decide=False"
    iterations, infostates, spent = sample(game, args.seconds)
    print(
        f"outcome-sampling MCCFR on {label}: {iterations} iterations in {spent:.0f} s, "
        f"{infostates} information states met"
    )


if __name__ == "__main__":
    main()
