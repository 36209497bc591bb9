"""What a conformance check gives back: the error naming a broken rule, or the report."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

import attrs

_TEXT_LIMIT = 240


class ConformanceError(AssertionError):
    """A game broke the shared contract; raised by :func:`check_game`.

    It is an :class:`AssertionError`, so test runners report it as a failed assertion. The
    constructor takes the attributes below (``seed`` and ``step`` by keyword).

    Attributes:
        check: the name of the failed check: one of :data:`CHECKS`, or ``"hash-seed"``.
        detail: what was observed.
        seed: the seed of the failing game, or ``None``; rerun that game alone with
            ``check_game(game, seed=seed, games=1)``.
        step: how many actions had been applied when the check failed, or ``None``.
    """

    def __init__(
        self, check: str, detail: str, *, seed: int | None = None, step: int | None = None
    ) -> None:
        where = []
        if seed is not None:
            where.append(f"game seed {seed}")
        if step is not None:
            where.append(f"step {step}")
        prefix = f"[{check}] " + (", ".join(where) + ": " if where else "")
        super().__init__(prefix + detail)
        self.check = check
        self.detail = detail
        self.seed = seed
        self.step = step


def _freeze_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    return types.MappingProxyType(dict(sorted(counts.items())))


@attrs.frozen
class ConformanceReport:
    """What :func:`check_game` did, when every check passed.

    Attributes:
        games: the number of games played.
        steps: the number of actions applied, over all games (each checked as described in
            :data:`CHECKS`).
        checks: how many times each check was performed, by name: about once per state
            (``termination`` and ``outcome`` once per game, ``no-mutation`` three times per action),
            except that ``is-legal`` and ``notation`` count legal actions, ``illegal-actions``
            non-legal ones and ``view-redeal`` redeals.
    """

    games: int
    steps: int
    checks: Mapping[str, int] = attrs.field(converter=_freeze_counts, hash=False)

    def __str__(self) -> str:
        done = ", ".join(f"{name} {count}" for name, count in self.checks.items())
        return f"{self.games} games, {self.steps} steps checked: {done}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _TEXT_LIMIT else text[: _TEXT_LIMIT - 3] + "..."
