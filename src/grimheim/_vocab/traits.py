"""Traits: standing rules a card gives its hero while it is in play (a side's ``traits``).

Each trait is one word; the rules that consult it name it: rolls (``runes-hit``,
``rune-adds-die``), damage (``ignore-armor``), attacks (``attack-mountains``) and movement
(``move-through``, ``climb``, ``ram``).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

Trait: TypeAlias = Literal[
    "ignore-armor",
    "runes-hit",
    "rune-adds-die",
    "attack-mountains",
    "move-through",
    "climb",
    "ram",
]
"""A standing rule of a card in play (see :data:`TRAITS`)."""

TRAITS: dict[Trait, str] = {
    "ignore-armor": "your damage ignores monster armor",
    "runes-hit": "runes you roll count as hits",
    "rune-adds-die": "each rune you roll adds another die to that roll",
    "attack-mountains": (
        "you may attack an empty mountain area next to you; each damage dealt to it gains 1 gold"
    ),
    "move-through": "you may move through occupied areas",
    "climb": "you may move into any mountain area",
    "ram": (
        "you may move into an occupied area: its character takes 1 damage and you move it one "
        "area aside (G33)"
    ),
}
"""Every trait with what it does, in plain words."""
