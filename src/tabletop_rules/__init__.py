"""tabletop_rules: the shared core of the tabletop-rules engines.

It holds what every game uses — the immutable :class:`Rng`, the :class:`Game` bundle, errors,
:class:`Step`, :class:`Decision`, :class:`Outcome`, serialisation helpers, :class:`Record` with
:func:`replay`, agents — and never imports a game. The games (``goblinguard`` …) build on it;
:mod:`tabletop_rules.testing` checks any game against the shared contract.
"""

from __future__ import annotations

from ._agents import Agent, RandomAgent, play
from ._errors import (
    ContentError,
    IllegalActionError,
    ReplayError,
    RulesError,
    StateFormatError,
)
from ._fast import Interner, fast_constructor
from ._game import Game
from ._public import PublicEvent, expose
from ._record import Record, replay
from ._rng import Rng
from ._serial import (
    Codec,
    canonical_json,
    digest_of,
    make_converter,
    register_tagged_union,
    tag_of,
)
from ._values import Decision, Event, Outcome, Seat, Step

__all__ = [
    "Agent",
    "Codec",
    "ContentError",
    "Decision",
    "Event",
    "Game",
    "IllegalActionError",
    "Interner",
    "Outcome",
    "PublicEvent",
    "RandomAgent",
    "Record",
    "ReplayError",
    "Rng",
    "RulesError",
    "Seat",
    "StateFormatError",
    "Step",
    "canonical_json",
    "digest_of",
    "expose",
    "fast_constructor",
    "make_converter",
    "play",
    "register_tagged_union",
    "replay",
    "tag_of",
]

__version__ = "0.1.0"

expose(globals())
