"""Per-card statistics of Fated Kingdom: seeded 4-player games between heuristic agents.

    python scripts/kinmarr_cards.py                        # 500 games, seeds 0-499
    python scripts/kinmarr_cards.py --games 100 --seed 1000 --auto-pass --json

Game ``i`` is played from seed ``S + i`` with the four guilds seated in the ``i mod 24``-th of
their 24 orders, exactly as ``scripts/kinmarr_balance.py`` plays it (the same games, move for
move). For every card of the standard pack (copies of one card counted together) it reports:

* ``drawn``: times it was revealed from its deck (a draw, the Shop, a prophecy coming up);
* ``chosen``: an encounter chosen from a draw (resolved, fought or paid for);
* ``gained``: an Ability or Item that came to a player (bought, drawn, looted, a trophy);
* ``used``: an Ability, Item or tower used (an answer given with it, a tower shown);
* ``fought``, ``won``: fights with a creature, and fights the player won (the creature was
  killed and the player lived); ``win%`` is ``won / fought``;
* ``fulfilled``: for a prophecy, times its condition was met (``expired``: times it left unmet).

Then it lists the cards never used (drawn but never chosen, gained or used) and the creatures
never beaten. Needs only the standard library and kinmarr.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import sys
import time
from collections import Counter, defaultdict
from typing import Any

import kinmarr
from tabletop_rules import CHANCE, Rng, sample_chance

ORDERS = list(itertools.permutations(kinmarr.DEFAULT_GUILDS))
FIELDS = ("drawn", "chosen", "gained", "used", "fought", "won", "fulfilled", "expired")


@functools.cache
def _entries() -> dict[str, str]:
    pack = kinmarr.standard_pack()
    found: dict[str, str] = {}
    for card in pack.cards:
        head, _, tail = card.id.rpartition("-")
        copies = [c for c in pack.cards if c.id.rpartition("-")[0] == head]
        same = tail.isdigit() and all(c.name == card.name for c in copies if c.id[-1].isdigit())
        found[card.id] = head if same else card.id
    return found


def entry_of(card_id: str) -> str:
    """The content entry a physical card comes from (``grey-wolf-2`` → ``grey-wolf``)."""
    return _entries()[card_id]


def one_game(config: kinmarr.Config, seed: int, counts: dict[str, Counter[str]]) -> int:
    """Play one game as :func:`tabletop_rules.play` does and add its card counts; the rounds."""
    game = kinmarr.GAME
    agents = [game.agents["heuristic"]() for _ in config.guilds]
    state = kinmarr.new_game(config, seed=seed)
    stream = Rng.from_seed(seed)
    rngs: list[Rng] = []
    for _ in agents:
        child, stream = stream.split()
        rngs.append(child)
    chance, stream = stream.split()
    prophecy = state.prophecy
    if prophecy is not None:
        counts[entry_of(prophecy)]["drawn"] += 1
    while (seat := game.current_player(state)) is not None:
        if seat == CHANCE:
            action, chance = sample_chance(game, state, chance)
        else:
            view = game.view(state, seat)
            action, rngs[seat] = agents[seat].choose(view, game.legal_actions(view), rngs[seat])
        if isinstance(action, kinmarr.Choose):
            counts[entry_of(action.card)]["chosen"] += 1
        elif isinstance(action, kinmarr.ShowTower):
            counts[entry_of(action.card)]["used"] += 1
        before = state.prophecy
        result = kinmarr.step(state, action)
        state = result.state
        fulfilled = False
        for event in result.events:
            if isinstance(event, kinmarr.CardRevealed):
                counts[entry_of(event.card)]["drawn"] += 1
            elif isinstance(event, kinmarr.CardGained):
                kind = state.config.rules.card[event.card].kind
                if kind in ("ability", "item"):
                    counts[entry_of(event.card)]["gained"] += 1
            elif isinstance(event, kinmarr.CardUsed) and event.card is not None:
                counts[entry_of(event.card)]["used"] += 1
            elif isinstance(event, kinmarr.FightEnded):
                counts[entry_of(event.creature)]["fought"] += 1
                if event.result == "won":
                    counts[entry_of(event.creature)]["won"] += 1
            elif isinstance(event, kinmarr.ProphecyFulfilled):
                counts[entry_of(event.card)]["fulfilled"] += 1
                fulfilled = True
        if before is not None and not fulfilled and before in state.discarded:
            counts[entry_of(before)]["expired"] += 1
    return state.round


def measure(games: int, seed: int, auto_pass: bool = False) -> dict[str, Any]:
    """Play the games and count every card."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    rounds = []
    for i in range(games):
        config = kinmarr.Config(guilds=ORDERS[i % len(ORDERS)], auto_pass=auto_pass)
        rounds.append(one_game(config, seed + i, counts))
    pack = kinmarr.standard_pack()
    cards: dict[str, dict[str, Any]] = {}
    first: dict[str, kinmarr.Card] = {}
    for card in pack.cards:
        entry = entry_of(card.id)
        if entry in cards:
            cards[entry]["copies"] += 1
            continue
        first[entry] = card
        row: dict[str, Any] = {"name": card.name, "kind": card.kind, "copies": 1}
        row.update({field: counts[entry][field] for field in FIELDS})
        cards[entry] = row
    never_used = [name for name, row in cards.items() if not _was_used(first[name], row)]
    never_beaten = [n for n, r in cards.items() if r["kind"] == "creature" and r["won"] == 0]
    never_fulfilled = [
        n for n, r in cards.items() if r["kind"] == "prophecy" and not r["fulfilled"]
    ]
    return {
        "games": games,
        "seed": seed,
        "auto_pass": auto_pass,
        "mean_rounds": sum(rounds) / len(rounds),
        "cards": cards,
        "never_used": never_used,
        "never_beaten": never_beaten,
        "never_fulfilled": never_fulfilled,
    }


def _was_used(card: kinmarr.Card, row: dict[str, Any]) -> bool:
    """Whether the card did its work at least once: an encounter chosen (a tower shown), an
    Ability or an Item with a usage used, a passive Item gained, a prophecy fulfilled."""
    if card.kind == "prophecy":
        return bool(row["fulfilled"])
    if card.kind == "tower" or card.usage is not None:
        return bool(row["used"])
    if card.kind == "item":
        return bool(row["gained"])
    return bool(row["chosen"])


def _table(result: dict[str, Any]) -> list[str]:
    lines = []
    head = f"{'card':<24}{'kind':<10}" + "".join(f"{f:>10}" for f in FIELDS) + f"{'win%':>7}"
    lines.append(head)
    for row in result["cards"].values():
        rate = f"{row['won'] / row['fought']:.0%}" if row["fought"] else "-"
        cells = "".join(f"{row[f]:>10}" for f in FIELDS)
        lines.append(f"{row['name'][:23]:<24}{row['kind']:<10}{cells}{rate:>7}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--auto-pass", action="store_true", help="Config(auto_pass=True)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    result = measure(args.games, args.seed, args.auto_pass)
    result["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    last = args.seed + args.games - 1
    mode = "auto_pass on" if args.auto_pass else "auto_pass off"
    print(f"{args.games} four-player games (heuristic agents, {mode}), seeds {args.seed}-{last}")
    print("\n".join(_table(result)))
    print("never used: " + (", ".join(result["never_used"]) or "none"))
    print("never beaten: " + (", ".join(result["never_beaten"]) or "none"))
    print("prophecies never fulfilled: " + (", ".join(result["never_fulfilled"]) or "none"))
    print(f"({result['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
