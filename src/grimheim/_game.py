"""The grimheim game: its hooks for the kernel, declared in one class."""

from __future__ import annotations

from types import MappingProxyType

from tabletop_rules import Game, RandomAgent

from . import _rules
from ._actions import ACTION_TYPES, Action, notation, parse_notation
from ._agents.defender import DefenderAgent
from ._agents.planner import PlannerAgent
from ._agents.team import TeamAgent
from ._codec import FORMAT, MIGRATIONS, converter
from ._events import EVENT_TYPES
from ._presentation.card_text import card_text
from ._presentation.clicks import CLICKS
from ._presentation.describe import describe
from ._presentation.render import render_text
from ._presentation.svg import draw_svg
from ._spaces import OBSERVER, action_space, observation_bounds, observation_shape
from ._state import Config, State, View
from ._validate import validate


class Grimheim(Game[State, Action, View]):
    """*Fate: Defenders of Grimheim* for the kernel (:class:`tabletop_rules.Game`): its one
    instance is :data:`grimheim.GAME`, whose methods are the package's functions."""

    __slots__ = ()

    name = "grimheim"
    title = "Fate: Defenders of Grimheim"
    seats = (1, 4)
    config_type = Config
    state_type = State
    view_type = View
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    format = FORMAT
    migrations = MIGRATIONS
    agents = MappingProxyType(
        {
            "random": RandomAgent,
            "defender": DefenderAgent,
            "planner": PlannerAgent,
            "team": TeamAgent,
        }
    )
    clicks = CLICKS
    observer = OBSERVER

    make_converter = staticmethod(converter)
    new_game = staticmethod(_rules.new_game)
    seat_count = staticmethod(_rules.seat_count)
    current_player = staticmethod(_rules.current_player)
    legal_actions = staticmethod(_rules.legal_actions)
    why_not = staticmethod(_rules.why_not)
    act = staticmethod(_rules.act)
    chance_outcomes = staticmethod(_rules.chance_outcomes)
    is_over = staticmethod(_rules.is_over)
    outcome = staticmethod(_rules.outcome)
    view = staticmethod(_rules.view)
    redeal = staticmethod(_rules.redeal)
    decision = staticmethod(_rules.decision)
    notation = staticmethod(notation)
    parse_notation = staticmethod(parse_notation)
    validate = staticmethod(validate)
    render_text = staticmethod(render_text)
    action_space = staticmethod(action_space)
    observation_shape = staticmethod(observation_shape)
    observation_bounds = staticmethod(observation_bounds)
    describe = staticmethod(describe)
    card_text = staticmethod(card_text)
    draw_svg = staticmethod(draw_svg)
