"""The hash-seed check: the same games replayed under several ``PYTHONHASHSEED`` values."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from .._registry import load_game
from ._conformance import _chooser
from ._report import _TEXT_LIMIT, ConformanceError


def _hash_seed_probe(
    reference: str, seeds: Sequence[int], games: int, max_steps: int, config_text: str | None
) -> None:
    """Print what must not depend on ``PYTHONHASHSEED`` (run by check_hash_seed_independence)."""
    game = load_game(reference)
    config = None if config_text is None else game.loads(config_text, "config")
    out = sys.stdout
    for seed in seeds:
        for i in range(games):
            game_seed = seed * games + i
            state = game.new_game(config, seed=game_seed)
            chooser = _chooser(game_seed)
            for index in range(max_steps + 1):
                legal = game.legal_actions(state)
                out.write(f"{game_seed} {index} {game.digest(state)}\n")
                out.write(json.dumps([game.notation(a) for a in legal]) + "\n")
                if game.is_over(state):
                    break
                action, chooser = chooser.choice(legal)
                state = game.apply(state, action)
    out.flush()


def check_hash_seed_independence(
    game_name: str,
    *,
    config: Any = None,
    seeds: Sequence[int] = (0, 1, 2),
    games: int = 2,
    hash_seeds: Sequence[str] = ("0", "1", "12345"),
    max_steps: int = 10_000,
    timeout: float = 300.0,
) -> None:
    """Check that digests and the order of legal actions do not depend on ``PYTHONHASHSEED``.

    For each hash seed a fresh ``sys.executable`` loads the game, plays ``games`` random games for
    each of ``seeds`` (with ``config``, passed as its JSON) and prints every state's digest and the
    notation of its legal actions in order; the outputs must be identical. Sets and dicts keyed by
    strings iterate in a different order under each hash seed, so an order that leaks from one
    shows up here.

    Args:
        game_name: a name in the ``tabletop_rules.games`` entry-point group (``"goblinguard"``), or
            ``"module:attribute"`` for a game that is importable but not registered.
        config: the config of the games (``None``: the game's default); check each seat count
            and chance mode with a call of its own.
        seeds: the base seeds; each gives ``games`` games.
        games: the number of games per base seed.
        hash_seeds: the ``PYTHONHASHSEED`` values to compare (at least two).
        max_steps: the most actions played per game.
        timeout: seconds allowed to each interpreter.

    Raises:
        ConformanceError: (check ``"hash-seed"``) the outputs differ, naming the first difference,
            or an interpreter failed.
        ValueError: fewer than two hash seeds.
    """
    if len(hash_seeds) < 2:
        raise ValueError("compare at least two hash seeds")
    config_text = None if config is None else load_game(game_name).dumps(config)
    code = (
        "from tabletop_rules.testing._hash_seeds import _hash_seed_probe\n"
        f"_hash_seed_probe({game_name!r}, {tuple(seeds)!r}, {games!r}, {max_steps!r},"
        f" {config_text!r})\n"
    )
    outputs: list[tuple[str, list[str]]] = []
    for hash_seed in hash_seeds:
        env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
        try:
            done = subprocess.run(
                [sys.executable, "-c", code],
                env=env,
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise ConformanceError(
                "hash-seed", f"PYTHONHASHSEED={hash_seed}: no result within {timeout} s"
            ) from exc
        if done.returncode != 0:
            tail = "\n".join(done.stderr.strip().splitlines()[-12:])
            raise ConformanceError(
                "hash-seed",
                f"PYTHONHASHSEED={hash_seed}: the probe of {game_name!r} exited with"
                f" {done.returncode}:\n{tail}",
            )
        outputs.append((hash_seed, done.stdout.splitlines()))
    first_seed, first = outputs[0]
    for hash_seed, lines in outputs[1:]:
        if lines == first:
            continue
        n = next(
            (i for i, (a, b) in enumerate(zip(first, lines, strict=False)) if a != b),
            min(len(first), len(lines)),
        )
        a = first[n] if n < len(first) else "<end>"
        b = lines[n] if n < len(lines) else "<end>"
        kind = "digest" if n % 2 == 0 else "legal actions"
        raise ConformanceError(
            "hash-seed",
            f"{game_name}: output line {n + 1} ({kind}) differs between"
            f" PYTHONHASHSEED={first_seed} and {hash_seed}:\n  {a[:_TEXT_LIMIT]}\n"
            f"  {b[:_TEXT_LIMIT]}",
        )
