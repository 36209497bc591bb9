"""Win rates of grimheim's agents: seeded games for every solo hero and for 2 to 4 heroes on the
short track.

    python scripts/grimheim_agents.py                 # 200 games per team and agent
    python scripts/grimheim_agents.py --games 50 --json
    python scripts/grimheim_agents.py --agents planner --teams bjorn,bjorn+alva
    python scripts/grimheim_agents.py --agents "planner,planner(deals=3, weights.gold=0.3)"
    python scripts/grimheim_agents.py --agents team --workers 2   # the same games, on 2 processes

Every seat of a game is played by the same agent (``random``, ``defender`` or ``planner``, or
any agent as ``tabletop simulate --agent`` names it: :func:`tabletop_rules.make_agent`);
game ``i`` uses seed ``i``. Prints, per team and agent, the win rate, the mean spot the game
ended on and the share of pieces lost to knock-outs and to monsters entering Grimheim, with the
win rate's 95% Wilson interval and the cost of a decision on average: wall-clock time (for
information: the agents' budgets are counted in deals and positions, so the games themselves do
not depend on the machine) and engine steps (actions the engine answered inside the agent's
look-ahead). ``--json`` adds the monster turns its forecasts played, the seeds won, and
how the heroes played, per hero turn: where the turn ended (next to a monster, which stops it and
those behind it; in Grimheim; gone home from outside it, and with how much of their health
left), the mana left on their cards, and per game the events played, other card uses, quests,
upgrades, cards discarded to draw and kills.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter, defaultdict
from typing import Any

from intervals import wilson

import grimheim as gh
import grimheim._agents.forecast
import grimheim._rules
from tabletop_rules import Rng, make_agent

TEAMS = [
    ("bjorn",),
    ("alva",),
    ("embla",),
    ("boldur",),
    ("bjorn", "alva"),
    ("bjorn", "alva", "embla"),
    ("bjorn", "alva", "embla", "boldur"),
]
AGENTS = ("random", "defender", "planner")

STEPS = [0, 0]
"""Actions the engine answered so far (every call of its ``act``, the agents' look-ahead
included), and monster turns forecast (every call of the forecast's monster turn)."""


def _counting(act: Any) -> Any:
    def counted(work: Any, action: Any) -> None:
        STEPS[0] += 1
        act(work, action)

    return counted


def _forecasting(run_round: Any) -> Any:
    def counted(run: Any, charge: str) -> None:
        STEPS[1] += 1
        run_round(run, charge)

    return counted


grimheim._rules._act = _counting(grimheim._rules._act)  # type: ignore[attr-defined]
grimheim._agents.forecast._Run.round = _forecasting(grimheim._agents.forecast._Run.round)  # type: ignore[method-assign]


def play_game(heroes: tuple[str, ...], agent: str, seed: int) -> dict[str, Any]:
    """Play the game of ``seed``; what :func:`games` adds up of it."""
    config = gh.Config(heroes=heroes)
    state = gh.new_game(config, seed=seed)
    players = [make_agent(gh.GAME, agent) for _ in heroes]
    rngs = [Rng.from_seed(seed * 8 + i) for i in range(len(heroes))]
    began: dict[int, tuple[int, int]] = {}  # seat -> (spot, area) where its turn began
    lost: Counter[str] = Counter()
    play: defaultdict[str, float] = defaultdict(float)
    decisions = steps = forecasts = 0
    thinking = 0.0
    started = time.perf_counter()
    while not gh.is_over(state):
        seat = gh.current_player(state)
        assert seat is not None and seat >= 0
        turn = state.turn
        if turn is not None and turn.hero == seat and began.get(seat, (-1, 0))[0] != state.time:
            began[seat] = (state.time, state.heroes[seat].at)
        view = gh.view(state, seat)
        legal = gh.legal_actions(view)
        before, ahead, clock = STEPS[0], STEPS[1], time.perf_counter()
        action, rngs[seat] = players[seat].choose(view, legal, rngs[seat])
        thinking += time.perf_counter() - clock
        steps += STEPS[0] - before
        forecasts += STEPS[1] - ahead
        decisions += 1
        if isinstance(action, gh.EndTurn):
            _turn_ended(state, seat, began[seat][1], play)
        elif isinstance(action, gh.DiscardToDraw):
            play["discarded to draw"] += 1
        step = gh.step(state, action)
        for event in step.events:
            if isinstance(event, gh.MonsterEntered):
                lost["monsters entering"] += event.pieces
            elif isinstance(event, gh.HeroKnockedOut):
                lost["knock-outs"] += event.pieces
            elif isinstance(event, gh.CardPlayed):
                kind = config.cards[event.card].kind
                play["events played" if kind == "event" else "card uses"] += 1
            elif isinstance(event, gh.QuestCompleted):
                play["quests"] += 1
            elif isinstance(event, gh.Upgraded):
                play["upgrades"] += 1
            elif isinstance(event, gh.MonsterKilled):
                play["kills"] += 1
        state = step.state
    return {
        "seed": seed,
        "won": bool(state.won),
        "spot": state.time + 1,
        "town": state.town,
        "lost": dict(lost),
        "play": dict(play),
        "decisions": decisions,
        "steps": steps,
        "forecasts": forecasts,
        "thinking": thinking,
        "seconds": time.perf_counter() - started,
    }


def _play(job: tuple[tuple[str, ...], str, int]) -> dict[str, Any]:
    return play_game(*job)


def games(
    heroes: tuple[str, ...], agent: str, count: int, first: int = 0, workers: int = 1
) -> dict[str, Any]:
    """Play ``count`` games (seeds ``first`` …), on ``workers`` processes; summarise them.
    The games are the same whatever the number of workers."""
    jobs = [(heroes, agent, seed) for seed in range(first, first + count)]
    started = time.perf_counter()
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            played = pool.map(_play, jobs, chunksize=1)
    else:
        played = [_play(job) for job in jobs]
    seconds = time.perf_counter() - started
    lost: Counter[str] = Counter()
    play: defaultdict[str, float] = defaultdict(float)
    for game in played:
        lost.update(game["lost"])
        for key, value in game["play"].items():
            play[key] += value
    wins = sum(game["won"] for game in played)
    decisions = sum(game["decisions"] for game in played)
    thinking = sum(game["thinking"] for game in played)
    busy = sum(game["seconds"] for game in played)
    total = sum(lost.values()) or 1
    turns = play["turns"] or 1
    per_game = ("events played", "card uses", "quests", "upgrades", "discarded to draw", "kills")
    home = play["went home"] or 1
    return {
        "heroes": "+".join(heroes),
        "agent": agent,
        "games": count,
        "first_seed": first,
        "wins": wins,
        "win_rate": wins / count,
        "interval": [round(x, 4) for x in wilson(wins, count) or (0.0, 1.0)],
        "won_seeds": [game["seed"] for game in played if game["won"]],
        "mean_end_spot": sum(game["spot"] for game in played) / count,
        "mean_town_left": sum(game["town"] for game in played) / count,
        "pieces_lost": {k: round(v / total, 3) for k, v in sorted(lost.items())},
        "pieces_lost_count": dict(sorted(lost.items())),
        "turns": int(play["turns"]),
        "per_turn": {
            "next to a monster": round(play["turns next to a monster"] / turns, 3),
            "in Grimheim": round(play["turns in Grimheim"] / turns, 3),
            "went home": round(play["went home"] / turns, 3),
            "health left going home": round(play["health left going home"] / home, 3),
            "mana left": round(play["mana left"] / turns, 3),
        },
        "per_game": {k: round(play[k] / count, 2) for k in per_game},
        "decisions": decisions,
        "ms_per_decision": round(1000 * busy / max(1, decisions), 2),
        "ms_thinking_per_decision": round(1000 * thinking / max(1, decisions), 2),
        "steps_per_decision": round(sum(g["steps"] for g in played) / max(1, decisions), 1),
        "forecasts_per_decision": round(sum(g["forecasts"] for g in played) / max(1, decisions), 1),
        "seconds": round(seconds, 1),
    }


def _turn_ended(state: gh.State, seat: int, start: int, play: defaultdict[str, float]) -> None:
    """Count where hero ``seat`` ends their turn (begun in area ``start``) and the mana left on
    their cards."""
    geo = state.config.geo
    hero = state.heroes[seat]
    play["turns"] += 1
    play["mana left"] += sum(card.mana for card in hero.cards)
    if hero.at == geo.town:
        play["turns in Grimheim"] += 1
        if start != geo.town:
            play["went home"] += 1
            play["health left going home"] += _health_left(state, seat)
    elif any(m.at in geo.adjacent[hero.at] for m in state.monsters):
        play["turns next to a monster"] += 1


def _health_left(state: gh.State, seat: int) -> float:
    """The share of hero ``seat``'s health not yet lost."""
    hero = state.heroes[seat]
    cards = state.config.cards
    health = sum(cards[c.id].sides[c.side - 1].health for c in hero.cards)
    return (health - hero.damage) / max(1, health)


def _agents(text: str) -> list[str]:
    """The agents of ``--agents``: cut at the commas outside parentheses."""
    agents = [""]
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            agents.append("")
        else:
            agents[-1] += char
    return [agent.strip() for agent in agents if agent.strip()]


def _teams(text: str | None) -> list[tuple[str, ...]]:
    if text is None:
        return TEAMS
    return [tuple(team.split("+")) for team in text.split(",")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument(
        "--agents", default=",".join(AGENTS), help="comma-separated agents (default: all)"
    )
    parser.add_argument(
        "--teams", default=None, help="comma-separated teams, heroes joined by + (default: all)"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes playing games at once (same games)"
    )
    args = parser.parse_args()
    agents = _agents(args.agents)
    for agent in agents:
        try:
            make_agent(gh.GAME, agent)
        except ValueError as exc:
            parser.error(str(exc))
    rows = [
        games(team, agent, args.games, args.first_seed, args.workers)
        for team in _teams(args.teams)
        for agent in agents
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(
        f"{'heroes':<26}{'agent':<10}{'wins':>8}{'95% interval':>16}{'end spot':>10}"
        f"{'ms/dec':>8}{'steps/dec':>10}  pieces lost to"
    )
    for row in rows:
        causes = ", ".join(f"{k} {v:.0%}" for k, v in row["pieces_lost"].items())
        low, high = row["interval"]
        print(
            f"{row['heroes']:<26}{row['agent']:<10}{row['win_rate']:>8.1%}"
            f"{f'{low:.1%}-{high:.1%}':>16}{row['mean_end_spot']:>10.1f}"
            f"{row['ms_per_decision']:>8.1f}{row['steps_per_decision']:>10.0f}  {causes}"
            f"  ({row['games']} games, {row['seconds']} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
