"""goblinguard: the rules of *Guards & Goblins*, the 20-card solitaire placement puzzle.

Place cards so that groups of guards surround every goblin (a group of 2) and hobgoblin (a group
of 4). The rulings R1–R13 of the rules page are cited in every docstring and error reason.

>>> import goblinguard as gg
>>> state = gg.new_game(seed=7)
>>> while not gg.is_over(state):
...     state = gg.apply(state, gg.legal_actions(state)[0])
>>> result = gg.outcome(state)
>>> (result.defeated, result.total) == (len(gg.defeated_cells(state)), 16)
True
"""

from __future__ import annotations

from tabletop_rules import expose

from ._actions import Action, Place, notation
from ._agents import GreedyAgent, Weights, evaluate
from ._cards import Card, Layer
from ._codec import FORMAT, digest, dumps, from_dict, loads, to_dict
from ._content import deck_from_json, load_deck, standard_deck
from ._events import CardDrawn, CardPlaced, Event, GameEnded, GarrisonActivated, MonsterDefeated
from ._game import GAME, parse_action, record, replay
from ._render import render_text
from ._rules import (
    HAND_SIZE,
    Outcome,
    PlaceContext,
    apply,
    cell_at,
    current_player,
    decision,
    defeated_cells,
    is_legal,
    is_over,
    legal_actions,
    new_game,
    outcome,
    redeal,
    step,
    view,
)
from ._state import Config, Placed, State, View

__all__ = [
    "Action",
    "Card",
    "CardDrawn",
    "CardPlaced",
    "Config",
    "Event",
    "FORMAT",
    "GAME",
    "GameEnded",
    "GarrisonActivated",
    "GreedyAgent",
    "HAND_SIZE",
    "Layer",
    "MonsterDefeated",
    "Outcome",
    "Place",
    "PlaceContext",
    "Placed",
    "State",
    "View",
    "Weights",
    "apply",
    "cell_at",
    "current_player",
    "decision",
    "deck_from_json",
    "defeated_cells",
    "digest",
    "dumps",
    "evaluate",
    "from_dict",
    "is_legal",
    "is_over",
    "legal_actions",
    "load_deck",
    "loads",
    "new_game",
    "notation",
    "outcome",
    "parse_action",
    "record",
    "redeal",
    "render_text",
    "replay",
    "standard_deck",
    "step",
    "to_dict",
    "view",
]

expose(globals())
