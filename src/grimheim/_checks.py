"""The checks a load makes of each stored value: whole numbers within their bounds, seats of the
game, cards of the pack. Each failure is a :class:`~tabletop_rules.StateFormatError` naming the
offending path (``"$.frames[0].target"``).
"""

from __future__ import annotations

from typing import Any, NoReturn

from tabletop_rules import StateFormatError


def fail(path: str, detail: str) -> NoReturn:
    """Refuse the value at ``path``, saying why."""
    raise StateFormatError(path, detail)


def number(value: Any, path: str, low: int, high: int) -> int:
    """``value``, a whole number from ``low`` to ``high``; refused otherwise."""
    if type(value) is not int or not low <= value <= high:
        fail(path, f"expected a whole number from {low} to {high}, got {value!r}")
    return value


def game_seat(value: Any, path: str, position: Any) -> int:
    """``value``, a seat of the game ``position`` is a state or view of; refused otherwise."""
    return number(value, path, 0, len(position.heroes) - 1)


def seats_once(seats: tuple[int, ...], path: str, position: Any) -> None:
    """``seats``, some seats of the game, each once, in any order; refused otherwise."""
    n = len(position.heroes)
    if (
        not seats
        or any(type(s) is not int or not 0 <= s < n for s in seats)
        or len(set(seats)) != len(seats)
    ):
        fail(path, "seats of the game, each once")


def known_cards(position: Any, path: str, cards: tuple[str, ...]) -> None:
    """Every one of ``cards`` is a card of the game's pack."""
    for i, card in enumerate(cards):
        if card not in position.config.cards:
            fail(f"{path}[{i}]", f"unknown card {card!r}")
