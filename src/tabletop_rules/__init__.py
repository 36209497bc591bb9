"""tabletop_rules: the shared core of the tabletop-rules engines.

It holds what every game uses — the immutable :class:`Rng`, the :class:`Game` bundle, errors,
:class:`Step`, :class:`Decision`, :class:`Outcome`, events, the chance seat :data:`CHANCE`,
serialisation and content helpers, :class:`Record` with :func:`replay` and :func:`play`,
agents, :func:`simulate` for many games at once — and never imports a game. The games
(``goblinguard`` …) build on it; :mod:`tabletop_rules.testing` checks any game against the shared
contract.
"""

from __future__ import annotations

from ._agent_spec import agents_of, make_agent, parse_agent_spec
from ._agents import Agent, RandomAgent
from ._clicks import ActionButton, ClickMap, ClickPart, Clicks, narrow, svg_buttons
from ._content import PackRef, load_content, read_content, structure_content
from ._errors import (
    ContentError,
    IllegalActionError,
    PositionTypeError,
    ReplayError,
    RulesError,
    StateFormatError,
)
from ._fast import Interner, fast_constructor
from ._frames import Frame, Work
from ._game import Game, replay
from ._play import play, sample_chance, sample_outcome
from ._public import expose
from ._record import Record
from ._registry import GROUP, load_game, registered_games
from ._rng import Rng
from ._search import ISMCTSAgent
from ._serial import (
    MAX_INPUT,
    Codec,
    canonical_json,
    digest_of,
    make_converter,
    parse_json,
    register_tagged_union,
    register_validator,
    tag_of,
)
from ._simulate import Distribution, GameResult, SimulationResult, simulate
from ._spaces import (
    ActionSpace,
    ChainSpace,
    Marks,
    NotInSpaceError,
    Observation,
    Observer,
    TableSpace,
    as_array,
    flatten,
    reshape,
    shape_of,
)
from ._svg import SvgIds, svg_attributes, svg_escape, svg_number, svg_tag, svg_title
from ._values import (
    CHANCE,
    Decision,
    Event,
    Outcome,
    PrivateEvent,
    PublicEvent,
    Seat,
    Step,
)
from ._wellformed import action_problem, check_position, check_seat
from ._words import Speaker, article, join_words, plural, sentence

__all__ = [
    "ActionButton",
    "ActionSpace",
    "Agent",
    "CHANCE",
    "ChainSpace",
    "ClickMap",
    "ClickPart",
    "Clicks",
    "Codec",
    "ContentError",
    "Decision",
    "Distribution",
    "Event",
    "Frame",
    "GROUP",
    "Game",
    "GameResult",
    "ISMCTSAgent",
    "IllegalActionError",
    "Interner",
    "MAX_INPUT",
    "Marks",
    "NotInSpaceError",
    "Observation",
    "Observer",
    "Outcome",
    "PackRef",
    "PositionTypeError",
    "PrivateEvent",
    "PublicEvent",
    "RandomAgent",
    "Record",
    "ReplayError",
    "Rng",
    "RulesError",
    "Seat",
    "SimulationResult",
    "Speaker",
    "StateFormatError",
    "Step",
    "SvgIds",
    "TableSpace",
    "Work",
    "action_problem",
    "agents_of",
    "article",
    "as_array",
    "canonical_json",
    "check_position",
    "check_seat",
    "digest_of",
    "expose",
    "fast_constructor",
    "flatten",
    "join_words",
    "load_content",
    "load_game",
    "make_agent",
    "make_converter",
    "narrow",
    "parse_agent_spec",
    "parse_json",
    "play",
    "plural",
    "read_content",
    "register_tagged_union",
    "register_validator",
    "registered_games",
    "replay",
    "reshape",
    "sample_chance",
    "sample_outcome",
    "sentence",
    "shape_of",
    "simulate",
    "structure_content",
    "svg_attributes",
    "svg_buttons",
    "svg_escape",
    "svg_number",
    "svg_tag",
    "svg_title",
    "tag_of",
]

__version__ = "0.1.0"

expose(globals())
