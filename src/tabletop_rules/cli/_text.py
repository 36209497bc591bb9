"""Text for people: outcomes, seat counts, events, and actions with their words or in columns."""

from __future__ import annotations

import enum
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
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


def _said(game: AnyGame, position: Any, what: Any) -> str | None:
    """The game's words for ``what`` in ``position`` (a decision, an outcome, a later
    position…), or ``None`` for a game without them (its ``describe`` refuses ``what``)."""
    if game.describe is None:
        return None
    try:
        return game.describe(position, what)
    except TypeError:
        return None


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


_DESCRIBED = 40
"""The longest list of actions shown whole with their words without being asked (``l`` shows
any list so)."""
_MANY = 12
"""In a longer list, the actions of a kind (a class) with more members than this are shown in
columns, the others with their words."""
_NOTATION = 24
"""The widest notation column of a described list; longer notations push their words on."""

_Numbered = tuple[int, str, Any]
"""An action of a list: its number, its notation, the action."""


def _action_list(
    game: AnyGame,
    actions: Sequence[Any],
    width: int,
    position: Any = None,
    *,
    every: bool = False,
) -> list[str]:
    """The numbered list of ``actions``.

    In a game with words (``describe``, read in ``position``, the position the actions answer),
    each action is shown beside what it does: all of them in a list of at most ``_DESCRIBED``
    (any list with ``every``); in a longer one, only the kinds of action with few members, after
    the many of a kind (moves, placements) in columns. Without words, one per line when short,
    in columns when long.
    """
    digits = len(str(len(actions)))
    numbered = [(i, game.notation(a), a) for i, a in enumerate(actions, 1)]
    describe = game.describe
    if describe is None or position is None:
        return _plain(numbered, digits, width)
    if every or len(actions) <= _DESCRIBED:
        return _described(numbered, digits, describe, position)
    counts = Counter(type(a) for a in actions)
    many = [item for item in numbered if counts[type(item[2])] > _MANY]
    few = [item for item in numbered if counts[type(item[2])] <= _MANY]
    hint = ["  (type l to see every action with what it does)"]
    return _plain(many, digits, width) + _described(few, digits, describe, position) + hint


def _plain(numbered: Sequence[_Numbered], digits: int, width: int) -> list[str]:
    """Numbers and notations: one per line when few, in columns when many."""
    items = [f"{i:>{digits}}  {n}" for i, n, _ in numbered]
    if len(items) <= 8:
        return ["  " + item for item in items]
    return ["  " + line for line in _columns(items, width - 2)]


def _described(
    numbered: Sequence[_Numbered], digits: int, describe: Callable[[Any, Any], str], position: Any
) -> list[str]:
    """One action a line: its number, its notation, and what it does."""
    if not numbered:
        return []
    column = min(_NOTATION, max(len(n) for _, n, _ in numbered))
    return [f"  {i:>{digits}}  {n:<{column}}  {describe(position, a)}" for i, n, a in numbered]


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


def _event_text(game: AnyGame, position: Any, event: Any) -> str:
    """One line for an event of a step: the game's ``describe`` of it in ``position`` (the
    position the step ended in), or, for a game without words, its class name in words and its
    attrs fields (``seen_by`` left out), such as ``monster moved: kind=goblin to=4,5``."""
    if game.describe is not None:
        return game.describe(position, event)
    if not attrs.has(type(event)):
        return _short(str(event))
    fields = [
        f"{f.name}={_field_text(getattr(event, f.name))}"
        for f in attrs.fields(type(event))
        if f.name != "seen_by"
    ]
    head = _words(type(event).__name__)
    return _short(f"{head}: {' '.join(fields)}" if fields else head)
