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

from ._actions import Action, Draw, Place, notation
from ._agents.greedy import GreedyAgent, Weights, evaluate
from ._agents.search import SearchAgent
from ._agents.solver import Solution, hint, solve
from ._cards import Card, Layer
from ._codec import FORMAT
from ._content import MAX_CARDS, deck_from_json, load_deck, standard_deck, standard_ref
from ._events import CardDrawn, CardPlaced, Event, GameEnded, GarrisonActivated, MonsterDefeated
from ._game import Goblinguard
from ._presentation.describe import card_text, describe
from ._presentation.render import render_text
from ._rules import (
    HAND_SIZE,
    DrawContext,
    Outcome,
    PlaceContext,
    cell_at,
    chance_outcomes,
    current_player,
    decision,
    defeated_cells,
    is_over,
    legal_actions,
    new_game,
    outcome,
    redeal,
    seat_count,
    stack,
    unseen,
    view,
)
from ._spaces import (
    OBSERVATION_PLANES,
    OBSERVER,
    action_space,
    observation_bounds,
    observation_shape,
)
from ._state import Chance, Config, Placed, State, View
from ._validate import validate

GAME = Goblinguard()
"""The goblinguard rules as one :class:`tabletop_rules.Game`: its methods are this package's
functions, and generic tools (the CLI, agents, adapters, the conformance check) take it."""

# What the kernel writes once for every game, bound to this game.
is_legal = GAME.is_legal
step = GAME.step
apply = GAME.apply
parse_action = GAME.parse_action
record = GAME.record
replay = GAME.replay
to_dict = GAME.to_dict
from_dict = GAME.from_dict
dumps = GAME.dumps
loads = GAME.loads
digest = GAME.digest
render_svg = GAME.render
observation = OBSERVER.tuples
observation_array = OBSERVER.array

__all__ = [
    "Action",
    "Card",
    "CardDrawn",
    "CardPlaced",
    "Chance",
    "Config",
    "Draw",
    "DrawContext",
    "Event",
    "FORMAT",
    "GAME",
    "GameEnded",
    "GarrisonActivated",
    "Goblinguard",
    "GreedyAgent",
    "HAND_SIZE",
    "Layer",
    "MAX_CARDS",
    "MonsterDefeated",
    "OBSERVATION_PLANES",
    "Outcome",
    "Place",
    "PlaceContext",
    "Placed",
    "SearchAgent",
    "Solution",
    "State",
    "View",
    "Weights",
    "action_space",
    "apply",
    "card_text",
    "cell_at",
    "chance_outcomes",
    "current_player",
    "decision",
    "deck_from_json",
    "defeated_cells",
    "describe",
    "digest",
    "dumps",
    "evaluate",
    "from_dict",
    "hint",
    "is_legal",
    "is_over",
    "legal_actions",
    "load_deck",
    "loads",
    "new_game",
    "notation",
    "observation",
    "observation_array",
    "observation_bounds",
    "observation_shape",
    "outcome",
    "parse_action",
    "record",
    "redeal",
    "render_svg",
    "render_text",
    "replay",
    "seat_count",
    "solve",
    "stack",
    "standard_deck",
    "standard_ref",
    "step",
    "to_dict",
    "unseen",
    "validate",
    "view",
]

expose(globals())
