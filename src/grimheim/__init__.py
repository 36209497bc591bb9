"""grimheim: the rules of *Fate: Defenders of Grimheim*, the cooperative tower defence for 1 to
4 heroes.

Heroes defend the town of Grimheim against monsters that march along the map's paths; the game
is won if Freya's Well still stands after the monster turn of the time track's last spot. The
rulings G1–G48 of the rules page are cited in docstrings and error reasons.

>>> import grimheim as gh
>>> state = gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=7)
>>> gh.current_player(state), gh.scenario.town_pieces(state), gh.scenario.time_spot(state)
(0, 6, 1)
"""

from __future__ import annotations

from tabletop_rules import expose

from . import scenario
from ._actions import (
    AcceptGold,
    Action,
    Attack,
    CompleteQuest,
    DeclinePrevention,
    DeclineQuest,
    DeclineUpgrade,
    DieFace,
    Discard,
    DiscardToDraw,
    Drawn,
    EndTurn,
    Focus,
    GiveGold,
    Mend,
    MoveTo,
    PassWindow,
    PlaceGoblin,
    Practice,
    Prepare,
    RefuseGold,
    RequestGold,
    ResolveAttack,
    Roll,
    SkipDraw,
    SkipMove,
    SkipSwap,
    StopTargets,
    SwapTop,
    TakeBonus,
    Target,
    TargetCard,
    TargetHero,
    Upgrade,
    Use,
    notation,
)
from ._agents.defender import DefenderAgent
from ._agents.evaluate import PlannerWeights
from ._agents.planner import PlannerAgent
from ._agents.team import TeamAgent
from ._agents.value import TeamValue
from ._cards import HeroDeck
from ._codec import FORMAT
from ._content import Pack, read_deck, standard_pack
from ._events import (
    CardPlayed,
    DiceRolled,
    Event,
    EventDrawn,
    GameEnded,
    GoldGained,
    HeroDamaged,
    HeroHealed,
    HeroKnockedOut,
    HeroMoved,
    MonsterCardDrawn,
    MonsterDamaged,
    MonsterDieRolled,
    MonsterEntered,
    MonsterKilled,
    MonsterMoved,
    MonsterPlaced,
    QuestCompleted,
    TimeAdvanced,
    TownPiecesAdded,
    Upgraded,
)
from ._game import Grimheim
from ._limits import GOLD_LIMIT, MANA_LIMIT
from ._map import GRIMHEIM, Hex
from ._presentation.card_text import card_text
from ._presentation.describe import describe
from ._presentation.render import render_text
from ._query import roll_limit
from ._rules import (
    Outcome,
    chance_outcomes,
    current_player,
    decision,
    is_over,
    legal_actions,
    new_game,
    outcome,
    redeal,
    seat_count,
    view,
)
from ._spaces import (
    GIFT_LIMIT,
    OBSERVER,
    action_space,
    observation_bounds,
    observation_shape,
)
from ._state import CardState, Config, Hero, Monster, State, Turn, View
from ._validate import validate

__all__ = [
    "AcceptGold",
    "Action",
    "Attack",
    "CardPlayed",
    "CardState",
    "CompleteQuest",
    "Config",
    "DeclinePrevention",
    "DeclineQuest",
    "DeclineUpgrade",
    "DefenderAgent",
    "DiceRolled",
    "DieFace",
    "Discard",
    "DiscardToDraw",
    "Drawn",
    "EndTurn",
    "Event",
    "EventDrawn",
    "FORMAT",
    "Focus",
    "GAME",
    "GIFT_LIMIT",
    "GOLD_LIMIT",
    "GRIMHEIM",
    "GameEnded",
    "GiveGold",
    "GoldGained",
    "Grimheim",
    "Hero",
    "HeroDamaged",
    "HeroDeck",
    "HeroHealed",
    "HeroKnockedOut",
    "HeroMoved",
    "Hex",
    "MANA_LIMIT",
    "Mend",
    "Monster",
    "MonsterCardDrawn",
    "MonsterDamaged",
    "MonsterDieRolled",
    "MonsterEntered",
    "MonsterKilled",
    "MonsterMoved",
    "MonsterPlaced",
    "MoveTo",
    "Outcome",
    "Pack",
    "PassWindow",
    "PlaceGoblin",
    "PlannerAgent",
    "PlannerWeights",
    "Practice",
    "Prepare",
    "QuestCompleted",
    "RefuseGold",
    "RequestGold",
    "ResolveAttack",
    "Roll",
    "SkipDraw",
    "SkipMove",
    "SkipSwap",
    "State",
    "StopTargets",
    "SwapTop",
    "TakeBonus",
    "Target",
    "TargetCard",
    "TargetHero",
    "TeamAgent",
    "TeamValue",
    "TimeAdvanced",
    "TownPiecesAdded",
    "Turn",
    "Upgrade",
    "Upgraded",
    "Use",
    "View",
    "action_space",
    "apply",
    "card_text",
    "chance_outcomes",
    "current_player",
    "decision",
    "describe",
    "digest",
    "dumps",
    "from_dict",
    "is_legal",
    "is_over",
    "legal_actions",
    "loads",
    "new_game",
    "notation",
    "observation",
    "observation_array",
    "observation_bounds",
    "observation_shape",
    "outcome",
    "parse_action",
    "read_deck",
    "record",
    "redeal",
    "render_svg",
    "render_text",
    "replay",
    "roll_limit",
    "scenario",
    "seat_count",
    "standard_pack",
    "step",
    "to_dict",
    "validate",
    "view",
]

GAME = Grimheim()
"""The grimheim rules as one :class:`tabletop_rules.Game`: its methods are this package's
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

expose(globals())
