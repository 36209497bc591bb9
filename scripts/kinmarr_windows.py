"""How much of Fated Kingdom is spent passing in response windows (K4): seeded heuristic games.

    python scripts/kinmarr_windows.py                  # 200 games per setting, seeds 0-199
    python scripts/kinmarr_windows.py --games 50 --seed 1000 --json
    python scripts/kinmarr_windows.py --causes         # also: what the passed answers were

Four settings are measured: 4 guilds and 2 guilds, each with ``auto_pass`` off and on. Game ``i``
of a setting is played from seed ``S + i`` by heuristic agents, one per seat, the way
:func:`tabletop_rules.play` plays it (each agent's generator split from the seed); the guilds are
seated in the ``i mod 24``-th of the 24 orders of the four guilds (4 guilds) or the
``i mod 12``-th of the 12 ordered pairs of different guilds (2 guilds), so every guild sits in every
seat equally often. Every decision of a player (there is no chance seat: chance is sampled) counts
as one step.

Prints, per setting:

* ``pass``: the share of all decisions that are a :class:`kinmarr.Pass` in a response window;
* ``single``: the share of decisions with exactly one legal action;
* ``decisions``: the mean number of decisions per game (and the mean number of rounds).

With ``--causes``, also what made the passing seats "able to answer": for every Pass, each answer
that was on offer, counted by the card (or ``power:<guild>``) and by the request of the window,
as a share of all passes (one pass may offer several answers, so shares add up to more than 1).

Needs only the standard library and kinmarr.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
from collections import Counter
from typing import Any

import kinmarr
from tabletop_rules import Rng

FOUR = list(itertools.permutations(kinmarr.DEFAULT_GUILDS))
TWO = list(itertools.permutations(kinmarr.DEFAULT_GUILDS, 2))


def play_one(config: kinmarr.Config, seed: int, causes: Counter[str] | None) -> dict[str, int]:
    """Play one game with heuristic agents; count its decisions, passes and single steps."""
    factory = kinmarr.GAME.agents["heuristic"]
    state = kinmarr.new_game(config, seed=seed)
    seats = len(config.guilds)
    agents = [factory() for _ in range(seats)]
    rngs: list[Rng] = []
    stream = Rng.from_seed(seed)
    for _ in range(seats):
        child, stream = stream.split()
        rngs.append(child)
    decisions = passes = single = 0
    while (seat := kinmarr.GAME.current_player(state)) is not None:
        view = kinmarr.view(state, seat)
        legal = kinmarr.legal_actions(view)
        action, rngs[seat] = agents[seat].choose(view, legal, rngs[seat])
        decisions += 1
        single += len(legal) == 1
        top = state.frames[-1]
        if isinstance(top, kinmarr.WindowFrame) and isinstance(action, kinmarr.Pass):
            passes += 1
            if causes is not None:
                for other in legal:
                    if isinstance(other, kinmarr.Use):
                        causes[f"{top.request} {other.card}"] += 1
                        causes[f"card {other.card}"] += 1
                    elif isinstance(other, kinmarr.Power):
                        causes[f"{top.request} power:{state.players[seat].guild}"] += 1
                        causes[f"card power:{state.players[seat].guild}"] += 1
                causes[f"request {top.request}"] += 1
        state = kinmarr.apply(state, action)
    result = kinmarr.outcome(state)
    assert result is not None
    return {"decisions": decisions, "passes": passes, "single": single, "rounds": result.round}


def measure(guilds: int, auto_pass: bool, games: int, seed: int, causes: bool) -> dict[str, Any]:
    """Play ``games`` games of one setting and summarise them."""
    orders = FOUR if guilds == 4 else TWO
    found: Counter[str] | None = Counter() if causes else None
    totals: Counter[str] = Counter()
    decisions: list[int] = []
    rounds: list[int] = []
    for i in range(games):
        config = kinmarr.Config(guilds=orders[i % len(orders)], auto_pass=auto_pass)
        counts = play_one(config, seed + i, found)
        totals.update(counts)
        decisions.append(counts["decisions"])
        rounds.append(counts["rounds"])
    steps = totals["decisions"]
    result: dict[str, Any] = {
        "guilds": guilds,
        "auto_pass": auto_pass,
        "games": games,
        "seed": seed,
        "pass": totals["passes"] / steps,
        "single": totals["single"] / steps,
        "decisions_per_game": statistics.mean(decisions),
        "rounds_per_game": statistics.mean(rounds),
    }
    if found is not None:
        passes = max(1, totals["passes"])
        result["causes"] = {key: n / passes for key, n in found.most_common()}
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per setting")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--causes", action="store_true", help="count what the passes offered")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [
        measure(guilds, auto_pass, args.games, args.seed, args.causes)
        for guilds in (4, 2)
        for auto_pass in (False, True)
    ]
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    last = args.seed + args.games - 1
    print(f"heuristic agents, {args.games} games per setting, seeds {args.seed}-{last}")
    print("guilds auto_pass    pass  single decisions rounds")
    for r in results:
        print(
            f"{r['guilds']:>6} {r['auto_pass']!s:>9} {r['pass']:>7.1%} {r['single']:>7.1%} "
            f"{r['decisions_per_game']:>9.0f} {r['rounds_per_game']:>6.1f}"
        )
    for r in results:
        if "causes" in r:
            print(f"\nwhat the passes offered ({r['guilds']} guilds, auto_pass {r['auto_pass']}):")
            for key, share in list(r["causes"].items())[:30]:
                print(f"  {key:<40} {share:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
