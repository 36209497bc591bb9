"""Fit the learned value of grimheim's ``team`` agent (``grimheim/content/team_value.json``).

    python scripts/grimheim_fit_value.py                       # the shipped weights, from seed 0
    python scripts/grimheim_fit_value.py --rounds 1 --games 20 --out /tmp/value.json
    python scripts/grimheim_fit_value.py play --games 50 --seed 1000 --data /tmp/a.jsonl
    python scripts/grimheim_fit_value.py fit --data /tmp/a.jsonl /tmp/b.jsonl --out /tmp/v.json

Self-play, then a fit, iterated. Each round plays ``--games`` games per team of ``--teams``
(game ``i`` of a round from seed ``S + 10000 * round + i``, so the games never reuse the seeds
the agents are measured on, 0-199) with the ``team`` agent scoring positions by the weights of
the round before (the first round: ``learned=False``, the planner's hand-set points), and
records, at the end of every hero turn, the hero's view, the posts its plan gave it and its team
mates, and how the game ended. Then it fits the weights of ``grimheim._value.FEATURES`` by ridge
regression of the town pieces left at the end of the game (0 for a game lost) on the features of
every position recorded so far, and prints the fit's quality on the last fifth of the games held
out. The weights of the last round are written to ``--out`` (by default the shipped file).

``play`` and ``fit`` do one half each, on data files of your choosing. Needs NumPy.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import grimheim as gh
from grimheim._forecast import forecast
from grimheim._value import FEATURES, TeamValue, features, load_value
from tabletop_rules import Rng

SHIPPED = (
    Path(__file__).resolve().parent.parent / "src" / "grimheim" / "content" / "team_value.json"
)
TEAMS = "bjorn,alva,embla,boldur,bjorn+alva,bjorn+alva+embla+boldur"


def play(
    heroes: tuple[str, ...], seed: int, value: TeamValue | None, agent_options: dict[str, Any]
) -> dict[str, Any]:
    """One self-played game: the views at the end of every hero turn, with the posts."""
    config = gh.Config(heroes=heroes)
    state = gh.new_game(config, seed=seed)
    if value is None:
        players = [gh.TeamAgent(learned=False, **agent_options) for _ in heroes]
    else:
        players = [gh.TeamAgent(value=value, **agent_options) for _ in heroes]
    rngs = [Rng.from_seed(seed * 8 + i) for i in range(len(heroes))]
    samples = []
    while not gh.is_over(state):
        seat = gh.current_player(state)
        assert seat is not None and seat >= 0
        view = gh.view(state, seat)
        action, rngs[seat] = players[seat].choose(view, gh.legal_actions(view), rngs[seat])
        if isinstance(action, gh.EndTurn):
            posts: dict[int, int] = dict(players[seat]._posts.get("posts", {}))
            samples.append(
                {
                    "seat": seat,
                    "view": gh.dumps(view),
                    "own": {str(s): a for s, a in posts.items() if s == seat},
                    "mates": {str(s): a for s, a in posts.items() if s != seat},
                }
            )
        state = gh.apply(state, action)
    return {
        "heroes": list(heroes),
        "seed": seed,
        "won": bool(state.won),
        "town": state.town,
        "time": state.time,
        "samples": samples,
    }


def table(games: Sequence[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The features of every sample, the town left at the end and whether the game was won."""
    rows: list[tuple[float, ...]] = []
    town: list[float] = []
    won: list[float] = []
    for game in games:
        for sample in game["samples"]:
            view = gh.loads(sample["view"], gh.View)
            mates = {int(s): a for s, a in sample["mates"].items()}
            own = {int(s): a for s, a in sample["own"].items()}
            ahead = forecast(view, None, walk=mates)
            rows.append(features(view, sample["seat"], ahead, own or None))
            town.append(float(game["town"]) if game["won"] else 0.0)
            won.append(1.0 if game["won"] else 0.0)
    return np.array(rows), np.array(town), np.array(won)


def fit(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Ridge regression (the bias, the first feature, not shrunk)."""
    penalty = l2 * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    return np.linalg.solve(x.T @ x + penalty, x.T @ y)


def quality(x: np.ndarray, town: np.ndarray, won: np.ndarray, w: np.ndarray) -> dict[str, float]:
    """Mean squared error of the town predicted, and how well the prediction orders games won
    before games lost (the share of won-lost pairs it orders right)."""
    predicted = x @ w
    mse = float(np.mean((predicted - town) ** 2))
    base = float(np.mean((town - town.mean()) ** 2))
    wins, losses = predicted[won > 0.5], predicted[won < 0.5]
    if len(wins) and len(losses):
        order = float(np.mean(wins[:, None] > losses[None, :]))
    else:
        order = float("nan")
    return {"mse": mse, "variance": base, "r2": 1 - mse / base if base else 0.0, "order": order}


def read(paths: Sequence[str]) -> list[dict[str, Any]]:
    games = []
    for path in paths:
        with open(path) as f:
            games += [json.loads(line) for line in f if line.strip()]
    return games


def run_play(
    teams: list[tuple[str, ...]],
    count: int,
    first: int,
    value: TeamValue | None,
    out: str,
    options: dict[str, Any],
) -> None:
    with open(out, "a") as f:
        for heroes in teams:
            started = time.perf_counter()
            wins = 0
            for seed in range(first, first + count):
                game = play(heroes, seed, value, options)
                wins += game["won"]
                f.write(json.dumps(game) + "\n")
                f.flush()
            seconds = time.perf_counter() - started
            print(
                f"  {'+'.join(heroes):<28} {wins}/{count} won, seeds {first}-{first + count - 1}"
                f" ({seconds:.0f} s)",
                flush=True,
            )


def run_fit(paths: Sequence[str], l2: float, note: str) -> TeamValue:
    games = read(paths)
    held = len(games) // 5
    order = sorted(
        range(len(games)), key=lambda i: (games[i]["seed"], "+".join(games[i]["heroes"]))
    )
    test = [games[i] for i in order[-held:]] if held else []
    train = [games[i] for i in order[: len(games) - held]]
    x, town, _ = table(train)
    w = fit(x, town, l2)
    print(f"  fitted on {len(x)} positions of {len(train)} games", flush=True)
    if test:
        xt, tt, wt = table(test)
        print(f"  held out ({len(xt)} positions of {len(test)} games): {quality(xt, tt, wt, w)}")
        try:
            shipped = load_value(SHIPPED.read_text(), str(SHIPPED))
            print(f"  the shipped weights there: {quality(xt, tt, wt, np.array(shipped.weights))}")
        except Exception as exc:
            print(f"  (no shipped weights to compare: {exc})")
    # the final weights use every game
    xa, ta, _ = table(games)
    w = fit(xa, ta, l2)
    for name, value in zip(FEATURES, w, strict=True):
        print(f"    {name:<22}{value:9.4f}")
    return TeamValue(tuple(float(v) for v in w), note)


def _teams(text: str) -> list[tuple[str, ...]]:
    return [tuple(team.split("+")) for team in text.split(",")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="all", choices=("all", "play", "fit"))
    parser.add_argument("--games", type=int, default=40, help="games per team and round")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of self-play and fit")
    parser.add_argument("--teams", default=TEAMS)
    parser.add_argument("--l2", type=float, default=10.0)
    parser.add_argument(
        "--data", nargs="*", default=None, help="data files (play: the one to add to)"
    )
    parser.add_argument("--value", default=None, help="weights to play with (play; default: none)")
    parser.add_argument("--out", default=str(SHIPPED))
    parser.add_argument("--work", default="/tmp/grimheim_value", help="where rounds keep data")
    args = parser.parse_args()
    teams = _teams(args.teams)
    if args.command == "play":
        start = None if args.value is None else load_value(Path(args.value).read_text(), args.value)
        out = (args.data or [f"{args.work}/play.jsonl"])[0]
        run_play(teams, args.games, args.seed, start, out, {})
        return 0
    if args.command == "fit":
        fitted = run_fit(args.data or [], args.l2, f"fitted on {', '.join(args.data or [])}")
        Path(args.out).write_text(fitted.dumps())
        return 0
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    value: TeamValue | None = None
    files: list[str] = []
    for round_ in range(args.rounds):
        data = work / f"round{round_}.jsonl"
        data.unlink(missing_ok=True)
        first = args.seed + 10000 * (round_ + 1)
        playing = "the hand-set points" if value is None else "the fitted value"
        print(f"round {round_}: self-play with {playing}")
        run_play(teams, args.games, first, value, str(data), {})
        files.append(str(data))
        note = (
            f"scripts/grimheim_fit_value.py --seed {args.seed} --rounds {args.rounds} "
            f"--games {args.games} --teams {args.teams} --l2 {args.l2}: round {round_ + 1}"
        )
        value = run_fit(files, args.l2, note)
        (work / f"value{round_}.json").write_text(value.dumps())
    assert value is not None
    Path(args.out).write_text(value.dumps())
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
