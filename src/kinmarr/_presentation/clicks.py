"""What a player clicks in the picture to choose each action (``render_svg(…, actions=…)``).

A guild is its token or its panel (``seat-<seat>``: a duel, a trade, the target of a card or a
power); a card is where it is shown: in a guild's slots or hand (``card-<seat>-<id>``), in the
Shop (``shop-<id>``), among the cards drawn (``drawn-<id>``); the Dodge to use is its die in the
roll (``die-<i>``). What the board does not show is a button: the verb where one card takes part
in several kinds of action (*Slot*, *Unslot*, *Sell* …), the other die of a reroll, a declining
word (*Pass*, *End turn* …) and each chance outcome.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop_rules import ActionButton, ClickMap, ClickPart

from .. import _actions
from .._actions import Action
from .._frames import DuelFrame, FightFrame
from .._frames.combat import dodging
from .._rules import legal_actions
from .._state import State, View
from .names import FACE_NAMES

_WORDS: dict[type, ActionButton] = ActionButton.for_kinds(
    (
        (_actions.Pass, "pass", "Pass"),
        (_actions.Travel, "travel", "Travel"),
        (_actions.Refresh, "refresh", "Refresh the Shop"),
        (_actions.NoDuel, "no-duel", "No duel"),
        (_actions.EndTurn, "end-turn", "End turn"),
        (_actions.GiveCoin, "give-coin", "Give a coin"),
        (_actions.AskCoin, "ask-coin", "Ask for a coin"),
        (_actions.Propose, "propose", "Propose"),
        (_actions.NoTrade, "no-trade", "Drop the offer"),
        (_actions.AcceptTrade, "accept", "Accept"),
        (_actions.RefuseTrade, "refuse", "Refuse"),
        (_actions.NoReroll, "no-reroll", "No reroll"),
        (_actions.LootCoins, "loot-coins", "Take the coins"),
        (_actions.SkipLoot, "skip-loot", "Take nothing"),
        (_actions.TakeCoins, "take-coins", "Take half the coins"),
    )
)
"""The button of each action that is a word alone."""
_VERBS: dict[type, ActionButton] = ActionButton.for_kinds(
    (
        (_actions.ShowTower, "show-tower", "Show tower"),
        (_actions.Slot, "slot", "Slot"),
        (_actions.Unslot, "unslot", "Unslot"),
        (_actions.Sell, "sell", "Sell"),
        (_actions.Pay, "pay", "Pay"),
        (_actions.Drop, "drop", "Drop"),
        (_actions.Power, "power", "Guild power"),
        (_actions.Duel, "duel", "Duel"),
        (_actions.Trade, "trade", "Trade"),
    )
)
"""The button telling what is done with the card or the guild clicked."""
_KEEP = {
    where: ActionButton(f"keep-{where}", f"Keep in {'a slot' if where == 'slot' else 'hand'}")
    for where in ("slot", "hand")
}


def _parts(position: State | View) -> Callable[[Action], list[ClickPart]]:
    rules = position.config.rules
    players = position.players
    fight = next(
        (f for f in reversed(position.frames) if isinstance(f, FightFrame | DuelFrame)), None
    )
    found = None if fight is None else dodging(fight)
    roll = None if found is None else found[1]

    def die(index: int) -> str:
        """``the red die (Hit)``, or ``die 2`` without the roll."""
        if roll is None or not 0 <= index < len(roll.faces):
            return f"die {index + 1}"
        face = FACE_NAMES.get(roll.faces[index], roll.faces[index])
        return f"the {roll.colours[index]} die ({face})"

    def card(card_id: str) -> ClickPart:
        for seat, player in enumerate(players):
            if card_id in player.slots or card_id in player.hand:
                return f"card-{seat}-{card_id}"
        known = rules.card.get(card_id)
        return ActionButton(f"card-{card_id}", known.name if known is not None else card_id)

    def parts(action: Action) -> list[ClickPart]:
        kind = type(action)
        match action:
            case _actions.Use(card_id, target):
                return [card(card_id), *([] if target is None else [f"seat-{target}"])]
            case _actions.Power(target):
                return [_VERBS[kind], *([] if target is None else [f"seat-{target}"])]
            case _actions.Duel(seat) | _actions.Trade(seat):
                return [f"seat-{seat}", _VERBS[kind]]
            case (
                _actions.ShowTower(card_id)
                | _actions.Slot(card_id)
                | _actions.Unslot(card_id)
                | _actions.Sell(card_id)
            ):
                return [card(card_id), _VERBS[kind]]
            case _actions.Pay(card_id) | _actions.Drop(card_id):
                return [card(card_id), _VERBS[kind]]
            case (
                _actions.Give(card_id)
                | _actions.Ask(card_id)
                | _actions.Loot(card_id)
                | _actions.Take(card_id)
            ):
                return [card(card_id)]
            case _actions.Buy(card_id):
                return [f"shop-{card_id}"]
            case _actions.Choose(card_id):
                return [f"drawn-{card_id}"]
            case _actions.Reroll(dodge, other):
                if other is None:
                    return [f"die-{dodge}"]
                words = f"and {die(other)}"
                about = f"Reroll the Dodge and {die(other)}"
                return [f"die-{dodge}", ActionButton(f"other-die-{other}", words, about)]
            case _actions.Keep(where):
                return [_KEEP[where]]
            case _actions.Roll() | _actions.FaceResult() | _actions.Reveal():
                return [ActionButton.chance(_actions.notation(action))]
        return [_WORDS[kind]]

    return parts


CLICKS = ClickMap(legal_actions, _parts, _actions.ACTIONS, _actions.notation)
"""How a kinmarr picture is clicked (:class:`tabletop_rules.ClickMap`)."""
