"""Win rates of Fated Kingdom's agents against each other: seeded games, seat orders rotated.

    python scripts/kinmarr_agents.py heuristic random                  # 250 seeds x 2 orders
    python scripts/kinmarr_agents.py search heuristic --games 200      # the 12 guild pairings
    python scripts/kinmarr_agents.py search heuristic --games 50 --guilds feudal_pact,pathfinders
    python scripts/kinmarr_agents.py heuristic "heuristic(merchant=false)" --games 50 --json
    python scripts/kinmarr_agents.py "search(simulations=8)" heuristic --players 4 --games 20

An agent is named as ``tabletop simulate --agent`` names it (:func:`tabletop_rules.make_agent`):
one of ``kinmarr.GAME.agents`` (``random``, ``heuristic``, ``search``, ``ismcts``), optionally
with options in parentheses (``search(simulations=8, depth=40)``, ``search(searched=["choose",
"duel"])``, ``search(policy.caution=0.5)``). Agent A and agent B take the seats in turn
(A, B, A, B for four guilds); every seed is played in both seat orders (A first, then B first),
so each agent plays each guild and each seat equally often. Game ``i`` of an order uses seed
``S + i``; each agent's generator is split from the seed as :func:`tabletop_rules.play` does.
Two-guild games without ``--guilds`` rotate through the 12 ordered pairs of the four guilds
(game ``i`` seats the ``i mod 12``-th pair), so every guild plays every other from either seat.

Prints, per seat order and overall: games won by A, won by B, shared or won by nobody (Fate,
no one left), A's share of the decided games with its 95% Wilson interval; how each agent used
the Shop and trades per game (sales, refreshes, purchases, offers made, offers accepted); and
each agent's mean time and engine steps (actions the engine answered, chance's included, in its
look-ahead) per decision it was asked (decisions with a single legal action are answered without
asking). Time is wall-clock on a shared machine: compare it within one run.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections import Counter
from typing import Any

from intervals import wilson

import kinmarr
import kinmarr._agents.search
import kinmarr._engine
import kinmarr._rules
from tabletop_rules import CHANCE, Agent, Rng, make_agent, sample_chance

PAIRS = list(itertools.permutations(kinmarr.DEFAULT_GUILDS, 2))
"""The ordered pairs of guilds two-guild games rotate through."""

STEPS = [0]
"""Actions answered by the engine so far (every call of its ``answer``)."""


def _counting(answer: Any) -> Any:
    def counted(work: Any, action: Any) -> None:
        STEPS[0] += 1
        answer(work, action)

    return counted


# Every path to the engine's answer — apply/step and the search's inner step — is counted.
kinmarr._rules.answer = _counting(kinmarr._engine.answer)  # type: ignore[attr-defined]
if hasattr(kinmarr._agents.search, "answer"):
    kinmarr._agents.search.answer = _counting(kinmarr._engine.answer)  # type: ignore[attr-defined]


COUNTED = {
    kinmarr.Sell: "sells",
    kinmarr.Refresh: "refreshes",
    kinmarr.Buy: "buys",
    kinmarr.Propose: "offers",
    kinmarr.AcceptTrade: "accepted",
}


def make(spec: str) -> Agent[kinmarr.Action]:
    """A fresh agent from its spec (:func:`tabletop_rules.make_agent`)."""
    try:
        return make_agent(kinmarr.GAME, spec)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def one_game(
    config: kinmarr.Config, seed: int, agents: list[Agent[kinmarr.Action]], labels: list[str]
) -> dict[str, Any]:
    """Play one game as :func:`tabletop_rules.play` would, timing and counting each seat."""
    state = kinmarr.new_game(config, seed=seed)
    stream = Rng.from_seed(seed)
    rngs: list[Rng] = []
    for _ in agents:
        child, stream = stream.split()
        rngs.append(child)
    chance, stream = stream.split()
    counts: dict[str, Counter[str]] = {label: Counter() for label in set(labels)}
    seconds: Counter[str] = Counter()
    steps: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    while (seat := kinmarr.current_player(state)) is not None:
        if seat == CHANCE:
            action, chance = sample_chance(kinmarr.GAME, state, chance)
        else:
            view = kinmarr.view(state, seat)
            legal = kinmarr.legal_actions(view)
            label = labels[seat]
            if len(legal) == 1:
                action = legal[0]
            else:
                started, before = time.perf_counter(), STEPS[0]
                action, rngs[seat] = agents[seat].choose(view, legal, rngs[seat])
                seconds[label] += time.perf_counter() - started
                steps[label] += STEPS[0] - before
                asked[label] += 1
            kind = COUNTED.get(type(action))
            if kind is not None:
                counts[label][kind] += 1
        state = kinmarr.apply(state, action)
    result = kinmarr.outcome(state)
    assert result is not None
    return {
        "winners": {labels[s] for s in result.winners},
        "ending": result.ending,
        "counts": counts,
        "seconds": seconds,
        "steps": steps,
        "asked": asked,
        "decisions": sum(asked.values()),
    }


def measure(
    a: str,
    b: str,
    *,
    games: int,
    seed: int,
    guilds: tuple[str, ...] | None,
    chance: str,
    progress: bool = False,
) -> dict[str, Any]:
    """Play ``games`` seeds in both seat orders; summarise. ``guilds=None``: the two-guild
    pairings in turn (:data:`PAIRS`)."""
    n = 2 if guilds is None else len(guilds)
    orders = {"A first": ["A", "B"] * (n // 2) + ["A"] * (n % 2), "B first": []}
    orders["B first"] = ["B" if x == "A" else "A" for x in orders["A first"]]
    specs = {"A": a, "B": b}
    per_order: dict[str, Counter[str]] = {}
    counts = {"A": Counter[str](), "B": Counter[str]()}
    seconds = {"A": 0.0, "B": 0.0}
    steps = {"A": 0, "B": 0}
    asked = {"A": 0, "B": 0}
    endings: Counter[str] = Counter()
    started = time.perf_counter()
    for order, labels in orders.items():
        tally: Counter[str] = Counter()
        for i in range(games):
            agents = [make(specs[label]) for label in labels]
            config = kinmarr.Config(
                guilds=PAIRS[i % len(PAIRS)] if guilds is None else guilds,
                chance=chance,  # type: ignore[arg-type]
            )
            game = one_game(config, seed + i, agents, labels)
            winners = game["winners"]
            endings[game["ending"]] += 1
            if winners == {"A"}:
                tally["A"] += 1
            elif winners == {"B"}:
                tally["B"] += 1
            elif winners:
                tally["shared"] += 1
            else:
                tally["nobody"] += 1
            for label in ("A", "B"):
                counts[label].update(game["counts"].get(label, Counter()))
                seconds[label] += game["seconds"][label]
                steps[label] += game["steps"][label]
                asked[label] += game["asked"][label]
            if progress:
                print(f"{order}, seed {seed + i}: {dict(tally)}", file=sys.stderr, flush=True)
        per_order[order] = tally
    total = 2 * games

    def share(t: Counter[str]) -> float | None:
        decided = t["A"] + t["B"]
        return t["A"] / decided if decided else None

    def interval(t: Counter[str]) -> tuple[float, float] | None:
        return wilson(t["A"], t["A"] + t["B"])

    overall = per_order["A first"] + per_order["B first"]
    return {
        "A": a,
        "B": b,
        "guilds": "the 12 pairings in turn" if guilds is None else list(guilds),
        "chance": chance,
        "seeds": [seed, seed + games - 1],
        "games": total,
        "orders": {
            order: {
                **{k: t[k] for k in ("A", "B", "shared", "nobody")},
                "A_share": share(t),
                "A_interval": interval(t),
            }
            for order, t in per_order.items()
        },
        "overall": {
            **{k: overall[k] for k in ("A", "B", "shared", "nobody")},
            "A_share": share(overall),
            "A_interval": interval(overall),
        },
        "endings": dict(sorted(endings.items())),
        "per_game": {
            label: {k: counts[label][k] / total for k in COUNTED.values()} for label in "AB"
        },
        "ms_per_decision": {
            label: 1000 * seconds[label] / asked[label] if asked[label] else None for label in "AB"
        },
        "steps_per_decision": {
            label: steps[label] / asked[label] if asked[label] else None for label in "AB"
        },
        "decisions_per_game": {label: asked[label] / total for label in "AB"},
        "seconds": round(time.perf_counter() - started, 1),
    }


def report(result: dict[str, Any]) -> str:
    """The summary as text."""
    guilds = result["guilds"]
    lines = [
        f"A = {result['A']}, B = {result['B']}; guilds "
        f"{guilds if isinstance(guilds, str) else ', '.join(guilds)} "
        f"({result['chance']} chance); seeds {result['seeds'][0]}-{result['seeds'][1]}, "
        f"{result['games']} games"
    ]
    for order, t in (*result["orders"].items(), ("overall", result["overall"])):
        rate = "-"
        if t["A_share"] is not None:
            low, high = t["A_interval"]
            rate = f"{t['A_share']:.1%} (95% {low:.1%}-{high:.1%})"
        lines.append(
            f"  {order:<8} A won {t['A']}, B won {t['B']}, shared {t['shared']}, "
            f"nobody {t['nobody']}; A's share of decided games {rate}"
        )
    lines.append("  endings: " + ", ".join(f"{k} {v}" for k, v in result["endings"].items()))
    for label in "AB":
        counts = ", ".join(f"{k} {v:.2f}" for k, v in result["per_game"][label].items())
        ms = result["ms_per_decision"][label]
        cost = (
            "-" if ms is None else f"{ms:.2f} ms, {result['steps_per_decision'][label]:.0f} steps"
        )
        lines.append(
            f"  {label} per game: {counts}; {result['decisions_per_game'][label]:.0f} "
            f"decisions asked, {cost} per decision"
        )
    lines.append(f"  ({result['seconds']} s)")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help='agent A, e.g. search or "heuristic(merchant=false)"')
    parser.add_argument("b", help="agent B")
    parser.add_argument("--games", type=int, default=250, help="seeds per seat order")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--guilds", help="comma-separated guild ids (default: two or four)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--chance", default="sampled", choices=("sampled", "explicit"))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", action="store_true", help="a line per game on stderr")
    args = parser.parse_args()
    guilds = (
        tuple(args.guilds.split(","))
        if args.guilds
        else (None if args.players == 2 else kinmarr.DEFAULT_GUILDS[: args.players])
    )
    result = measure(
        args.a,
        args.b,
        games=args.games,
        seed=args.seed,
        guilds=guilds,
        chance=args.chance,
        progress=args.progress,
    )
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
