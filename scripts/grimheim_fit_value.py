"""Fit the learned value of grimheim's ``team`` agent (``grimheim/content/team_value.json``).

    python scripts/grimheim_fit_value.py                       # the shipped weights' rounds
    python scripts/grimheim_fit_value.py --round "bjorn=20" --out /tmp/value.json
    python scripts/grimheim_fit_value.py play --games 50 --seed 1000 --data /tmp/a.jsonl
    python scripts/grimheim_fit_value.py fit --data /tmp/a.jsonl /tmp/b.jsonl --out /tmp/v.json

Self-play, then a fit, iterated. Each round (``--round``, by default the two of the shipped weights,
``ROUNDS``) plays its games per team (game ``i`` of round ``r``, counted from 0, from seed ``S +
10000 * (r + 1) + i``, so the games never reuse the seeds the agents are measured on, 0-199) with
the ``team`` agent scoring positions by the weights of the round before (the first round:
``learned=False``, the planner's hand-set points), and records, at the end of every hero turn, the
hero's view, the posts its plan gave it and its team mates, and how the game ended. Then it fits the
weights of ``grimheim._agents.value.FEATURES`` by ridge regression of each game's margin (the town
pieces left for a game won; for a game lost, minus one and minus the spots of the track it had still
to play) on the features of every position recorded so far, each weight held to the sign ``SIGNS``
gives it and shrunk towards the planner's hand-set points (``--l2``; weaker shrinking predicts the
held-out games better and plays worse: what goes with winning across games is not what tells the
actions of one turn apart), and prints the fit's quality on the last fifth of the games held out.
The weights of the last round are written to ``--out`` (by default the shipped file).

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
from grimheim._agents.forecast import forecast, forecast_spots
from grimheim._agents.value import FEATURES, TeamValue, features, hand_set, load_value
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


SIGNS: dict[str, int] = {
    "hand-set points": 1,
    "town": 1,
    "loss next turn": -1,
    "loss turns 2-3": -1,
    "loss later": -1,
    "town after forecast": 1,
    "knock-outs": -1,
    "free pieces": -1,
    "stopped pieces": -1,
    "free threat": -1,
    "monster health": -1,
    "legends": -1,
    "free directions": -1,
    "worst direction": -1,
    "forecast kills": 1,
    "health left": 1,
    "least health left": 1,
    "heroes home": -1,
    "gold": 0,
    "cards": 0,
    "flipped": 0,
    "hand": 0,
    "mana": 0,
    "quest": 0,
    "steps to post": -1,
    "holdings late": 1,
}
"""The sign each weight is held to, 0 for a weight held at 0 (the features not named are free:
those that no action of a turn changes, the bias, the heroes, the track). What the heroes hold
counts only through ``holdings late``, the planner's own mix of gold, cards, mana, hand and quest:
fitted one by one, gold (which kills bring, and which winners hold) outweighed the cards it buys,
and the search stopped upgrading. A fit on self-played games finds what goes with
winning, not what makes it: unconstrained, it gave a hero at home or a knock-out forecast a
positive weight, and the search, which looks for such positions, went home."""


def margin(game: dict[str, Any]) -> float:
    """How far a game came from the town's fall: the town pieces left for a game won; for a game
    lost, minus one and minus the spots of the track it had still to play."""
    if game["won"]:
        return float(game["town"])
    views = [gh.loads(sample["view"], gh.View) for sample in game["samples"][-1:]]
    if not views:
        return -12.0
    spots = len(forecast_spots(views[0]))
    end = int(game.get("time", views[0].time))
    return -1.0 - max(0, spots - 1 - end)


def table(games: Sequence[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The features of every sample, the game's :func:`margin` and whether it was won."""
    rows: list[tuple[float, ...]] = []
    target: list[float] = []
    won: list[float] = []
    for game in games:
        end = margin(game)
        for sample in game["samples"]:
            view = gh.loads(sample["view"], gh.View)
            mates = {int(s): a for s, a in sample["mates"].items()}
            own = {int(s): a for s, a in sample["own"].items()}
            ahead = forecast(view, None, walk=mates)
            rows.append(features(view, sample["seat"], ahead, own or None))
            target.append(end)
            won.append(1.0 if game["won"] else 0.0)
    return np.array(rows), np.array(target), np.array(won)


def fit(x: np.ndarray, y: np.ndarray, l2: float, sweeps: int = 300) -> np.ndarray:
    """Ridge regression with each weight of ``SIGNS`` held to its sign, by coordinate
    descent, shrunk towards the planner's hand-set points (:func:`hand_set`; the bias, the
    first feature, not shrunk): what the games do not tell apart stays as the planner scores
    it."""
    k = x.shape[1]
    lows = np.full(k, -np.inf)
    highs = np.full(k, np.inf)
    for name, sign in SIGNS.items():
        j = FEATURES.index(name)
        if sign >= 0:
            lows[j] = 0.0
        if sign <= 0:
            highs[j] = 0.0
    shrink = np.full(k, l2)
    shrink[0] = 0.0
    norms = (x * x).sum(axis=0) + shrink
    prior = np.array(hand_set().weights)
    w = prior.copy()
    residual = y - x @ w
    for _ in range(sweeps):
        for j in range(k):
            if norms[j] == 0:
                continue
            old = w[j]
            rho = x[:, j] @ residual + (norms[j] - shrink[j]) * old + shrink[j] * prior[j]
            new = float(np.clip(rho / norms[j], lows[j], highs[j]))
            if new != old:
                residual -= x[:, j] * (new - old)
                w[j] = new
    return w


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


ROUNDS = (
    "bjorn,alva,embla,boldur=100 bjorn+alva=30",
    "bjorn,alva,embla,boldur=50 bjorn+alva=40",
)
"""The rounds of self-play that fitted the shipped weights (seed 0, ``--l2 30000``): per round,
the teams and the games each plays. Those games were played by the code of commit ``bca64d1``, in
which a lone hero still planned its own post; the same rounds now play other solo games, so the
weights they give differ a little from the shipped ones."""


def _round(text: str) -> list[tuple[list[tuple[str, ...]], int]]:
    """A round's teams and games: ``"bjorn,alva=50 bjorn+alva=20"``."""
    found = []
    for part in text.split():
        teams, _, games = part.partition("=")
        found.append((_teams(teams), int(games)))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="all", choices=("all", "play", "fit"))
    parser.add_argument("--games", type=int, default=40, help="games per team (play)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--round",
        action="append",
        default=None,
        help='a round of self-play and fit: teams and their games, "bjorn,alva=50 bjorn+alva=20"'
        " (repeat for more rounds; default: the rounds of the shipped weights)",
    )
    parser.add_argument("--teams", default=TEAMS, help="the teams (play)")
    parser.add_argument("--l2", type=float, default=30000.0)
    parser.add_argument(
        "--data", nargs="*", default=None, help="data files (play: the one to add to)"
    )
    parser.add_argument("--value", default=None, help="weights to play with (play; default: none)")
    parser.add_argument("--out", default=str(SHIPPED))
    parser.add_argument("--work", default="/tmp/grimheim_value", help="where rounds keep data")
    args = parser.parse_args()
    if args.command == "play":
        start = None if args.value is None else load_value(Path(args.value).read_text(), args.value)
        out = (args.data or [f"{args.work}/play.jsonl"])[0]
        run_play(_teams(args.teams), args.games, args.seed, start, out, {})
        return 0
    if args.command == "fit":
        fitted = run_fit(args.data or [], args.l2, f"fitted on {', '.join(args.data or [])}")
        Path(args.out).write_text(fitted.dumps())
        return 0
    rounds = args.round or list(ROUNDS)
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    value: TeamValue | None = None
    files: list[str] = []
    command = " ".join(
        ["scripts/grimheim_fit_value.py", f"--seed {args.seed}", f"--l2 {args.l2:g}"]
        + [f'--round "{text}"' for text in rounds]
    )
    for index, text in enumerate(rounds):
        data = work / f"round{index}.jsonl"
        data.unlink(missing_ok=True)
        first = args.seed + 10000 * (index + 1)
        playing = "the hand-set points" if value is None else "the fitted value"
        print(f"round {index}: self-play with {playing}")
        for teams, games in _round(text):
            run_play(teams, games, first, value, str(data), {})
        files.append(str(data))
        value = run_fit(files, args.l2, f"{command}: round {index + 1} of {len(rounds)}")
        (work / f"value{index}.json").write_text(value.dumps())
    assert value is not None
    Path(args.out).write_text(value.dumps())
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
