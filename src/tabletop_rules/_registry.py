"""The game registry: the games installed in the ``tabletop_rules.games`` entry-point group, and
games named ``module:attribute`` that are importable but not installed.

What :func:`~tabletop_rules.simulate`, the ``tabletop`` command and the hash-seed check look a
game up with, so that they agree on what a name means.
"""

from __future__ import annotations

import importlib
import os
import sys
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from ._game import Game

GROUP = "tabletop_rules.games"
"""The entry-point group in which a package registers its :class:`~tabletop_rules.Game`."""


def registered_games() -> dict[str, EntryPoint]:
    """The entry points of the installed games by name (the first one wins on duplicates)."""
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep)
    return found


def load_entry_point(ep: EntryPoint) -> Game[Any, Any]:
    """Load one entry point and check that it is a :class:`~tabletop_rules.Game`.

    Raises:
        LookupError: it cannot be loaded, or it is not a game (the message says why).
    """
    try:
        value = ep.load()
    except Exception as exc:
        raise LookupError(
            f"cannot load game {ep.name!r} ({ep.value}): {type(exc).__name__}: {exc}"
        ) from exc
    if not isinstance(value, Game):
        raise LookupError(
            f"game {ep.name!r} ({ep.value}) is a {type(value).__name__}, not a tabletop_rules.Game"
        )
    return value


def load_game(reference: str) -> Game[Any, Any]:
    """The game ``reference`` names: a name registered in the ``tabletop_rules.games``
    entry-point group (``"goblinguard"``), or ``"module:attribute"`` for a game of your own that
    is importable but not installed (the module is looked for in the current directory first, as
    ``python -m`` would).

    >>> load_game("goblinguard").title
    'Guards & Goblins'

    Raises:
        LookupError: no such game (the message lists the installed ones), or it cannot be
            loaded, or it is not a :class:`~tabletop_rules.Game`.
    """
    if ":" in reference:
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        module_name, _, attribute = reference.partition(":")
        try:
            value: Any = importlib.import_module(module_name)
            for part in attribute.split("."):
                value = getattr(value, part)
        except (ImportError, AttributeError, ValueError) as exc:
            raise LookupError(
                f"cannot import game {reference!r}: {type(exc).__name__}: {exc}"
            ) from None
        if not isinstance(value, Game):
            raise LookupError(f"{reference} is a {type(value).__name__}, not a tabletop_rules.Game")
        return value
    registered = registered_games()
    if reference not in registered:
        installed = ", ".join(sorted(registered)) or "none"
        raise LookupError(f"unknown game {reference!r} (installed: {installed})")
    return load_entry_point(registered[reference])
