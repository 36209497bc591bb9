"""What the learning adapters add to the engine: a PettingZoo step and an OpenSpiel decision
against one native decision, per game, in the same run.

Run ``python benchmarks/adapters.py [--games N] [--seed S] [--repeats R] [--cpu] [--json]
[--check]``.
Needs the ``pettingzoo`` and ``openspiel`` extras (``pip install -e ".[pettingzoo,openspiel]"``).

What is timed (``time.perf_counter``; with ``--cpu``, ``time.process_time``, the processor time of
this process, which other work on a loaded machine changes less), for each config of
:data:`CONFIGS`, game ``i`` seeded ``S + i``:

1. **native decision**: random play through the library's own API, the loop of
   ``benchmarks/run.py`` in sampled chance mode::

       actions = legal_actions(state)
       index, rng = rng.below(len(actions))
       state = apply(state, actions[index])

2. **PettingZoo step**: masked random play through :mod:`tabletop_rules.pettingzoo`, what an
   agent loop pays for one action, observation and mask included::

       observation, reward, termination, truncation, info = env.last()   # timed
       action = numpy_rng.choice(numpy.flatnonzero(observation["action_mask"]))
       env.step(action)                                                   # timed

   The agent's choice is not timed (with a large action space, reading the mask is the
   agent's cost, not the environment's); the dead steps after the game's end are timed but not
   counted as decisions.

   Measured twice: with whole actions, and with ``decompose=True``, where a decision is a few
   steps (one per sub-action asked). The decomposed row reports µs per *step* (one observation
   and mask, what the bar is about) and per *decision* (every step of a move).
3. **OpenSpiel decision**: random play through :mod:`tabletop_rules.openspiel` (explicit
   chance, so chance nodes are steps of their own and counted as decisions)::

       if state.is_chance_node():
           outcomes = state.chance_outcomes()       # sampled by probability
       else:
           actions = state.legal_actions()
           observer.set_from(state, player)         # "with observation" only
       state.apply_action(action)

   once with the observation (``observer`` is ``open_spiel.python.observation.make_observation``
   of the game: the NumPy tensor a learner reads) and once without (the state operations a
   search such as MCTS pays). ``state.observation_tensor()`` is not used: pyspiel copies it
   into a Python list of floats, 109,512 of them for goblinguard, whatever the game does.

   against the native explicit-chance loop (``legal_actions`` or ``chance_outcomes`` and
   ``apply``) of the same games.

**ratio** = adapter µs per decision ÷ native µs per decision. The bar is 3 (the aim 1.5);
``--check`` exits with status 1 when a ratio is above the bar. Each measurement runs once to
warm up, then ``--repeats`` times; the best repeat is reported.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import attrs

import goblinguard
import grimheim
import kinmarr
from tabletop_rules import Game, Rng, sample_chance

BAR = 3.0
CLOCK: list[Callable[[], float]] = [time.perf_counter]
"""The clock every timed region reads (``--cpu`` puts ``time.process_time`` in)."""
"""The bar: adapter µs per decision ÷ native µs per decision."""

CONFIGS: dict[str, tuple[Game[Any, Any], Any]] = {
    "goblinguard": (goblinguard.GAME, goblinguard.Config()),
    "grimheim, 2 heroes": (grimheim.GAME, grimheim.Config(heroes=("bjorn", "alva"))),
    "kinmarr, 2 guilds": (kinmarr.GAME, kinmarr.Config(guilds=("feudal_pact", "pathfinders"))),
}
"""The configs measured, by label."""


def native(game: Game[Any, Any], config: Any, seeds: range) -> tuple[int, float]:
    """Decisions and seconds of random native playouts (sampled chance)."""
    decisions, spent = 0, 0.0
    legal_actions, apply, is_over = game.legal_actions, game.apply, game.is_over
    clock = CLOCK[0]
    for seed in seeds:
        state = game.new_game(config, seed=seed)
        rng = Rng.from_seed(seed)
        while not is_over(state):
            start = clock()
            actions = legal_actions(state)
            index, rng = rng.below(len(actions))
            state = apply(state, actions[index])
            spent += clock() - start
            decisions += 1
    return decisions, spent


def native_explicit(game: Game[Any, Any], config: Any, seeds: range) -> tuple[int, float]:
    """Decisions and seconds of random native playouts in explicit chance mode, chance
    nodes counted as decisions (the loop OpenSpiel's is compared with)."""
    from tabletop_rules import CHANCE

    config = attrs.evolve(config, chance="explicit")
    decisions, spent = 0, 0.0
    clock = CLOCK[0]
    for seed in seeds:
        state = game.new_game(config, seed=seed)
        rng = Rng.from_seed(seed)
        while not game.is_over(state):
            start = clock()
            if game.current_player(state) == CHANCE:
                action, rng = sample_chance(game, state, rng)
            else:
                actions = game.legal_actions(state)
                index, rng = rng.below(len(actions))
                action = actions[index]
            state = game.apply(state, action)
            spent += clock() - start
            decisions += 1
    return decisions, spent


def pettingzoo(
    game: Game[Any, Any],
    config: Any,
    seeds: range,
    *,
    decompose: bool = False,
    per: str = "decision",
) -> tuple[int, float]:
    """Decisions (or, ``per="step"``, steps) and seconds of masked random play through the
    PettingZoo environment."""
    import numpy

    from tabletop_rules.pettingzoo import env

    environment = env(game, config=config, decompose=decompose)
    decisions, steps, spent = 0, 0, 0.0
    clock = CLOCK[0]
    for seed in seeds:
        environment.reset(seed=seed)
        choose = numpy.random.default_rng(seed).choice
        for _agent in environment.agent_iter():
            start = clock()
            observation, _reward, termination, truncation, _info = environment.last()
            spent += clock() - start
            if termination or truncation:
                start = clock()
                environment.step(None)
                spent += clock() - start
                continue
            action = int(choose(numpy.flatnonzero(observation["action_mask"])))
            start = clock()
            environment.step(action)
            spent += clock() - start
            steps += 1
        decisions += len(environment.record().actions)
    return (steps if per == "step" else decisions), spent


def openspiel(
    game: Game[Any, Any], config: Any, seeds: range, *, observe: bool = True
) -> tuple[int, float]:
    """Decisions and seconds of random play through the OpenSpiel game, the observation
    tensor read at each player decision when ``observe``."""
    from open_spiel.python.observation import make_observation

    from tabletop_rules import openspiel as spiel

    spiel_game = spiel.load(game, config)
    observer = make_observation(spiel_game) if observe else None
    decisions, spent = 0, 0.0
    clock = CLOCK[0]
    for seed in seeds:
        state = spiel_game.new_initial_state()
        rng = Rng.from_seed(seed)
        start = clock()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                point, rng = rng.random()
                action = outcomes[-1][0]
                for candidate, probability in outcomes:
                    point -= probability
                    if point < 0:
                        action = candidate
                        break
            else:
                actions = state.legal_actions()
                if observer is not None:
                    observer.set_from(state, state.current_player())
                index, rng = rng.below(len(actions))
                action = actions[index]
            state.apply_action(action)
            decisions += 1
        spent += clock() - start
    return decisions, spent


def best(
    measure: Callable[[Game[Any, Any], Any, range], tuple[int, float]],
    game: Game[Any, Any],
    config: Any,
    seeds: range,
    repeats: int,
) -> float:
    """The best µs per decision of ``repeats`` runs, after one warm-up run."""
    measure(game, config, seeds)
    found = []
    for _ in range(repeats):
        decisions, spent = measure(game, config, seeds)
        found.append(spent / decisions * 1e6)
    return min(found)


def main(argv: list[str] | None = None) -> int:
    """Measure every config; print a table (or JSON); with ``--check``, fail above the bar."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cpu", action="store_true", help="time with time.process_time")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--only", choices=sorted(CONFIGS), action="append")
    args = parser.parse_args(argv)
    CLOCK[0] = time.process_time if args.cpu else time.perf_counter
    seeds = range(args.seed, args.seed + args.games)
    results = {}
    for label, (game, config) in CONFIGS.items():
        if args.only and label not in args.only:
            continue
        row = {
            "native": best(native, game, config, seeds, args.repeats),
            "pettingzoo": best(pettingzoo, game, config, seeds, args.repeats),
            "decomposed step": best(
                functools.partial(pettingzoo, decompose=True, per="step"),
                game,
                config,
                seeds,
                args.repeats,
            ),
            "decomposed decision": best(
                functools.partial(pettingzoo, decompose=True),
                game,
                config,
                seeds,
                args.repeats,
            ),
            "native explicit": best(native_explicit, game, config, seeds, args.repeats),
            "openspiel": best(openspiel, game, config, seeds, args.repeats),
            "openspiel, no observation": best(
                functools.partial(openspiel, observe=False), game, config, seeds, args.repeats
            ),
        }
        row["pettingzoo ratio"] = row["pettingzoo"] / row["native"]
        row["decomposed step ratio"] = row["decomposed step"] / row["native"]
        row["decomposed decision ratio"] = row["decomposed decision"] / row["native"]
        row["openspiel ratio"] = row["openspiel"] / row["native explicit"]
        row["openspiel ratio, no observation"] = (
            row["openspiel, no observation"] / row["native explicit"]
        )
        results[label] = row
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(
            f"{'config':<20}{'native':>8}{'PZ step':>9}{'ratio':>7}{'PZ sub':>8}{'ratio':>7}"
            f"{'PZ move':>9}{'ratio':>7}{'native ex':>10}{'OS':>8}{'ratio':>7}{'OS ops':>8}"
            f"{'ratio':>7}   (µs per decision; PZ sub: per decomposed step)"
        )
        for label, row in results.items():
            print(
                f"{label:<20}{row['native']:>8.1f}{row['pettingzoo']:>9.1f}"
                f"{row['pettingzoo ratio']:>7.2f}{row['decomposed step']:>8.1f}"
                f"{row['decomposed step ratio']:>7.2f}{row['decomposed decision']:>9.1f}"
                f"{row['decomposed decision ratio']:>7.2f}{row['native explicit']:>10.1f}"
                f"{row['openspiel']:>8.1f}{row['openspiel ratio']:>7.2f}"
                f"{row['openspiel, no observation']:>8.1f}"
                f"{row['openspiel ratio, no observation']:>7.2f}"
            )
    worst = max(
        max(row["pettingzoo ratio"], row["decomposed step ratio"], row["openspiel ratio"])
        for row in results.values()
    )
    return 1 if args.check and worst > BAR else 0


if __name__ == "__main__":
    sys.exit(main())
