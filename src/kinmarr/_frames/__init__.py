"""Frames: the work a state still has to do, one frozen attrs class per kind, each holding its
own rules (:class:`tabletop_rules.Frame`) — who it asks, its answers, what an answer does, what
it does by itself, its chance outcomes, its kind of decision and its load check.

:attr:`State.frames <kinmarr.State.frames>` is a stack, the frame on top being worked on. A frame
either runs by itself (a move, a tile's action, the effects of a card) or waits for an answer: a
player's decision (a response window, a menu, a choice of cards, a Dodge reroll, a trade offer, a
loot choice) or, in explicit chance mode, a result of chance (a die, a card drawn). Every state
returned by the API rests on a frame that waits; :func:`~kinmarr.decision` describes it.

Grouped by topic, each module standing on those before it:

* :mod:`.draws` — cards drawn from a deck (:class:`~.draws.DrawFrame`), a card gained
  (:class:`~.draws.GainFrame`), a card dropped from a full hand (:class:`~.draws.DropFrame`);
* :mod:`.triggers` — the guild triggers and the prophecy (:func:`~.triggers.happen`);
* :mod:`.spoils` — a death looted (:class:`~.spoils.LootFrame`), a duel's trophy
  (:class:`~.spoils.TrophyFrame`);
* :mod:`.combat` — a fight (:class:`~.combat.FightFrame`) and a duel
  (:class:`~.combat.DuelFrame`);
* :mod:`.encounters` — draw N, choose some (:class:`~.encounters.ChooseFrame`), a card chosen
  (:class:`~.encounters.EncounterFrame`), a tower paid for (:class:`~.encounters.PayFrame`);
* :mod:`.travel` — the travel die (:class:`~.travel.RollFrame`), a move
  (:class:`~.travel.MoveFrame`), a tile's action (:class:`~.travel.ArriveFrame`);
* :mod:`.trade` — a trade offer (:class:`~.trade.OfferFrame`);
* :mod:`.turn` — a turn's start, menus and end (:class:`~.turn.StartFrame`,
  :class:`~.turn.MenuFrame`, :class:`~.turn.TurnEndFrame`);
* :mod:`.answers` and :mod:`.window` — who may answer a request, the response windows
  (:class:`~.window.WindowFrame`) and the Stack resolved (:class:`~.window.ResolveFrame`);
* :mod:`.effects` — effects carried out (:class:`~.effects.RunFrame`).

The frames pushed from many places — a window, a run of effects, a card to drop, a death to
loot — are pushed through the working copy (:meth:`Work.window <kinmarr._work.Work.window>`,
:meth:`Work.run_effects <kinmarr._work.Work.run_effects>`, …), which stands above the frames and
is their one door upward. :mod:`kinmarr._engine` runs the frames.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from ._base import BaseFrame
from .combat import DiceRoll, DuelFrame, FightFrame
from .draws import DrawFrame, DropFrame, GainFrame
from .effects import RunFrame
from .encounters import ChooseFrame, EncounterFrame, PayFrame
from .spoils import LootFrame, TrophyFrame
from .trade import OfferFrame
from .travel import ArriveFrame, MoveFrame, RollFrame
from .turn import MenuFrame, StartFrame, TurnEndFrame
from .window import Answer, ResolveFrame, WindowFrame

__all__ = [
    "FRAMES",
    "Answer",
    "ArriveFrame",
    "BaseFrame",
    "ChooseFrame",
    "DiceRoll",
    "DrawFrame",
    "DropFrame",
    "DuelFrame",
    "EncounterFrame",
    "FightFrame",
    "Frame",
    "GainFrame",
    "LootFrame",
    "MenuFrame",
    "MoveFrame",
    "OfferFrame",
    "PayFrame",
    "ResolveFrame",
    "RollFrame",
    "RunFrame",
    "StartFrame",
    "TrophyFrame",
    "TurnEndFrame",
    "WindowFrame",
]

Frame: TypeAlias = (
    StartFrame
    | TurnEndFrame
    | MenuFrame
    | WindowFrame
    | ResolveFrame
    | RunFrame
    | RollFrame
    | MoveFrame
    | ArriveFrame
    | ChooseFrame
    | EncounterFrame
    | PayFrame
    | FightFrame
    | DuelFrame
    | DrawFrame
    | GainFrame
    | DropFrame
    | LootFrame
    | TrophyFrame
    | OfferFrame
)
"""Every kind of frame."""

FRAMES: Final[tuple[type, ...]] = (
    StartFrame,
    TurnEndFrame,
    MenuFrame,
    WindowFrame,
    ResolveFrame,
    RunFrame,
    RollFrame,
    MoveFrame,
    ArriveFrame,
    ChooseFrame,
    EncounterFrame,
    PayFrame,
    FightFrame,
    DuelFrame,
    DrawFrame,
    GainFrame,
    DropFrame,
    LootFrame,
    TrophyFrame,
    OfferFrame,
)
"""Every kind of frame, in the order the codec tags them."""
