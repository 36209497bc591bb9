"""Text for people: outcomes, seat counts and actions laid out in columns."""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Sequence
from typing import Any

import attrs

from .._values import Outcome
from ._games import AnyGame


def _seats_text(game: AnyGame) -> str:
    low, high = game.seats
    return str(low) if low == high else f"{low}-{high}"


def _solitaire(game: AnyGame) -> bool:
    return game.seats[1] == 1


def _outcome_fields(outcome: Outcome) -> dict[str, Any]:
    """A game-specific outcome's extra fields: the attrs fields of the game's ``Outcome`` subclass
    beyond ``winners``, ``returns`` and ``scores``."""
    fields: dict[str, Any] = {}
    if attrs.has(type(outcome)):
        for f in attrs.fields(type(outcome)):
            if f.name not in ("winners", "returns", "scores"):
                fields[f.name] = getattr(outcome, f.name)
    return fields


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list | frozenset):
        return ", ".join(str(v) for v in value) if value else "none"
    return str(value)


def _outcome_text(game: AnyGame, outcome: Outcome | None) -> str:
    """One line describing an outcome, such as ``won (defeated 14, total 14)``."""
    if outcome is None:
        return "not over"
    if _solitaire(game):
        head = "won" if outcome.winners else "lost"
    elif not outcome.winners:
        head = "nobody won"
    else:
        seats = ", ".join(str(s) for s in outcome.winners)
        head = f"won by seat{'s' if len(outcome.winners) > 1 else ''} {seats}"
    details = [
        f"{name} {_value_text(value)}"
        for name, value in _outcome_fields(outcome).items()
        if name != "won"  # the head says it
    ]
    if not _solitaire(game):
        details.append("returns " + " / ".join(f"{r:g}" for r in outcome.returns))
        if outcome.scores is not None:
            details.append("scores " + " / ".join(f"{s:g}" for s in outcome.scores))
    return head + (f" ({', '.join(details)})" if details else "")


def _columns(items: Sequence[str], width: int, gap: int = 4) -> list[str]:
    """Lay ``items`` out in aligned columns read top to bottom, like ``ls``."""
    if not items:
        return []
    cell = max(len(item) for item in items)
    per_row = max(1, (width + gap) // (cell + gap))
    rows = math.ceil(len(items) / per_row)
    lines = []
    for r in range(rows):
        row = [items[i].ljust(cell) for i in range(r, len(items), rows)]
        lines.append((" " * gap).join(row).rstrip())
    return lines


def _action_list(game: AnyGame, actions: Sequence[Any], width: int) -> list[str]:
    """The numbered list of ``actions``: one per line when short, in columns when long."""
    digits = len(str(len(actions)))
    items = [f"{i:>{digits}}  {game.notation(a)}" for i, a in enumerate(actions, 1)]
    if len(items) <= 8:
        return ["  " + item for item in items]
    return ["  " + line for line in _columns(items, width - 2)]


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _words(name: str) -> str:
    """``MonsterMoved`` -> ``monster moved``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower()


def _field_text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple | list | frozenset):
        return ",".join(_field_text(v) for v in value) if value else "-"
    return str(value)


def _event_text(event: Any) -> str:
    """One short line for an event of a step, such as ``monster moved: kind=goblin to=4,5``:
    its class name in words and its attrs fields (``seen_by`` left out)."""
    if not attrs.has(type(event)):
        return _short(str(event))
    fields = [
        f"{f.name}={_field_text(getattr(event, f.name))}"
        for f in attrs.fields(type(event))
        if f.name != "seen_by"
    ]
    head = _words(type(event).__name__)
    return _short(f"{head}: {' '.join(fields)}" if fields else head)
