"""The checks a load makes of stored values: types, whole numbers within their bounds, cards of
the pack in pack order. Each failure is a :class:`~tabletop_rules.StateFormatError` naming the
offending path (``"$.frames[0].seat"``); :func:`~kinmarr.validate` and the frames' own checks use
them.
"""

from __future__ import annotations

from typing import Any, NoReturn

from tabletop_rules import StateFormatError

from ._content import Compiled


def fail(path: str, detail: str) -> NoReturn:
    """Refuse the value at ``path``, saying why."""
    raise StateFormatError(path, detail)


def of_type(value: Any, kind: type | tuple[type, ...], path: str) -> None:
    """``value`` is a ``kind`` (a bool is not an int)."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = getattr(kind, "__name__", None) or " or ".join(k.__name__ for k in kind)  # type: ignore[union-attr]
        fail(path, f"expected {name}, got {type(value).__name__}")


def whole(value: Any, low: int, high: int, path: str) -> None:
    """``value`` is an int from ``low`` to ``high``."""
    if type(value) is not int or not low <= value <= high:
        fail(path, f"expected an int in [{low}, {high}], got {value!r}")


def card_ids(values: Any, rules: Compiled, path: str) -> tuple[str, ...]:
    """``values``, a tuple of card ids of the pack."""
    of_type(values, tuple, path)
    for i, card in enumerate(values):
        if not isinstance(card, str) or card not in rules.card:
            fail(f"{path}[{i}]", f"{card!r} is not a card of the pack")
    return values  # type: ignore[no-any-return]


def pack_sorted(cards: tuple[str, ...], rules: Compiled, path: str) -> None:
    """``cards`` are in pack order, each once."""
    keys = [rules.index[c] for c in cards]
    if keys != sorted(keys) or len(set(keys)) != len(keys):
        fail(path, "cards are kept in pack order, each once")
