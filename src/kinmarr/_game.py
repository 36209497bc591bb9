"""The kinmarr game: its hooks for the kernel, declared in one class."""

from __future__ import annotations

from types import MappingProxyType

from tabletop_rules import Game, RandomAgent

from . import _rules
from ._actions import ACTIONS, Action, notation, parse_notation
from ._agents.heuristic import HeuristicAgent
from ._agents.search import SearchAgent
from ._codec import FORMAT, converter
from ._events import EVENTS
from ._legal import why_not
from ._pieces import Config
from ._presentation.card_text import card_text
from ._presentation.clicks import CLICKS
from ._presentation.describe import describe
from ._presentation.render import render_text
from ._presentation.svg import draw_svg
from ._spaces import OBSERVER, action_space, observation_bounds, observation_shape
from ._state import State, View
from ._validate import validate


class Kinmarr(Game[State, Action, View]):
    """*Fated Kingdom* for the kernel (:class:`tabletop_rules.Game`): its one instance is
    :data:`kinmarr.GAME`, whose methods are the package's functions."""

    __slots__ = ()

    name = "kinmarr"
    title = "Fated Kingdom"
    seats = (2, 4)
    config_type = Config
    state_type = State
    view_type = View
    action_types = ACTIONS
    event_types = EVENTS
    format = FORMAT
    agents = MappingProxyType(
        {"random": RandomAgent, "heuristic": HeuristicAgent, "search": SearchAgent}
    )
    clicks = CLICKS
    observer = OBSERVER

    make_converter = staticmethod(converter)
    new_game = staticmethod(_rules.new_game)
    seat_count = staticmethod(_rules.seat_count)
    current_player = staticmethod(_rules.current_player)
    legal_actions = staticmethod(_rules.legal_actions)
    why_not = staticmethod(why_not)
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

    @staticmethod
    def foreign(position: State | View, action: Action) -> str | None:
        """A card not in this game's pack, or a seat that does not play.

        >>> import kinmarr
        >>> kinmarr.parse_action(kinmarr.new_game(seed=1), "choose:grey-wolf-2")
        Choose(card='grey-wolf-2')
        """
        card = getattr(action, "card", None)
        if card is not None and card not in position.config.rules.card:
            return f"no card {card!r} in this game's pack"
        seats = len(position.config.guilds)
        for field in ("target", "seat"):
            seat = getattr(action, field, None)
            if seat is not None and not 0 <= seat < seats:
                return f"no seat {seat} in this game (seats 0 to {seats - 1})"
        return None
