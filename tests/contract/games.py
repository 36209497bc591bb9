"""The games the contract suite runs on: every game installed in the ``tabletop_rules.games``
entry-point group, plus Kuhn poker (``examples/kuhn_poker.py``, a game of one's own that is
importable but not installed).

A game's parameters come from its table, ``CONTRACT`` in ``tests/test_<game>/contract.py``
(:class:`~tests.contract.table.Contract`); an installed game without one runs the suite with its
default config and the table's defaults, so a new game is checked the moment it is installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

import pytest
from tests.contract.table import Contract

from tabletop_rules import Game, load_game, registered_games


def _table(name: str) -> Contract:
    try:
        module = importlib.import_module(f"tests.test_{name}.contract")
    except ModuleNotFoundError as exc:
        if exc.name != f"tests.test_{name}.contract" and exc.name != f"tests.test_{name}":
            raise
        game = load_game(name)
        return Contract(name, game, importlib.import_module(type(game).__module__.split(".")[0]))
    found: Contract = module.CONTRACT
    return found


def _contracts() -> list[Contract]:
    from tests.contract.kuhn_poker import CONTRACT as KUHN_POKER

    return [*(_table(name) for name in sorted(registered_games())), KUHN_POKER]


CONTRACTS = _contracts()
BY_NAME = {c.name: c for c in CONTRACTS}
INSTALLED = [c for c in CONTRACTS if c.name in registered_games()]


def cases(part: str, contracts: Sequence[Contract] = CONTRACTS) -> list[Any]:
    """``(contract, case)`` for each case of ``part`` in every table, with ids ``game-case``, for
    :func:`pytest.mark.parametrize`."""
    return [
        pytest.param(c, case, id=f"{c.name}-{case.id}")
        for c in contracts
        for case in getattr(c, part)
    ]


def environments() -> dict[str, tuple[Game[Any, Any], Any]]:
    """Every game in the configs its PettingZoo and Gymnasium environments are tested with:
    case name -> (game, config)."""
    return {
        f"{c.name}-{suffix}" if suffix else c.name: (c.game, config)
        for c in CONTRACTS
        for suffix, config in c.environments.items()
    }
