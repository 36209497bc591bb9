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

from ._actions import (
    ACTIONS,
    AcceptTrade,
    Action,
    Ask,
    AskCoin,
    Buy,
    Choose,
    Drop,
    Duel,
    EndTurn,
    FaceResult,
    Give,
    GiveCoin,
    Keep,
    Loot,
    LootCoins,
    NoDuel,
    NoReroll,
    NoTrade,
    Pass,
    Pay,
    Power,
    Propose,
    Refresh,
    RefuseTrade,
    Reroll,
    Reveal,
    Roll,
    Sell,
    ShowTower,
    SkipLoot,
    Slot,
    Take,
    TakeCoins,
    Trade,
    Travel,
    Unslot,
    Use,
    notation,
)
from ._combat import dodging
from ._frames import DuelFrame, FightFrame
from ._names import FACE_NAMES
from ._rules import legal_actions
from ._state import State, View

__all__ = ["CLICKS"]


_WORDS: dict[type, ActionButton] = {
    kind: ActionButton.for_kind(kind, key, label)
    for kind, key, label in (
        (Pass, "pass", "Pass"),
        (Travel, "travel", "Travel"),
        (Refresh, "refresh", "Refresh the Shop"),
        (NoDuel, "no-duel", "No duel"),
        (EndTurn, "end-turn", "End turn"),
        (GiveCoin, "give-coin", "Give a coin"),
        (AskCoin, "ask-coin", "Ask for a coin"),
        (Propose, "propose", "Propose"),
        (NoTrade, "no-trade", "Drop the offer"),
        (AcceptTrade, "accept", "Accept"),
        (RefuseTrade, "refuse", "Refuse"),
        (NoReroll, "no-reroll", "No reroll"),
        (LootCoins, "loot-coins", "Take the coins"),
        (SkipLoot, "skip-loot", "Take nothing"),
        (TakeCoins, "take-coins", "Take half the coins"),
    )
}
"""The button of each action that is a word alone."""
_VERBS: dict[type, ActionButton] = {
    kind: ActionButton.for_kind(kind, key, label)
    for kind, key, label in (
        (ShowTower, "show-tower", "Show tower"),
        (Slot, "slot", "Slot"),
        (Unslot, "unslot", "Unslot"),
        (Sell, "sell", "Sell"),
        (Pay, "pay", "Pay"),
        (Drop, "drop", "Drop"),
        (Power, "power", "Guild power"),
        (Duel, "duel", "Duel"),
        (Trade, "trade", "Trade"),
    )
}
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
            case Use(card_id, target):
                return [card(card_id), *([] if target is None else [f"seat-{target}"])]
            case Power(target):
                return [_VERBS[kind], *([] if target is None else [f"seat-{target}"])]
            case Duel(seat) | Trade(seat):
                return [f"seat-{seat}", _VERBS[kind]]
            case ShowTower(card_id) | Slot(card_id) | Unslot(card_id) | Sell(card_id):
                return [card(card_id), _VERBS[kind]]
            case Pay(card_id) | Drop(card_id):
                return [card(card_id), _VERBS[kind]]
            case Give(card_id) | Ask(card_id) | Loot(card_id) | Take(card_id):
                return [card(card_id)]
            case Buy(card_id):
                return [f"shop-{card_id}"]
            case Choose(card_id):
                return [f"drawn-{card_id}"]
            case Reroll(dodge, other):
                if other is None:
                    return [f"die-{dodge}"]
                words = f"and {die(other)}"
                about = f"Reroll the Dodge and {die(other)}"
                return [f"die-{dodge}", ActionButton(f"other-die-{other}", words, about)]
            case Keep(where):
                return [_KEEP[where]]
            case Roll() | FaceResult() | Reveal():
                return [ActionButton.chance(notation(action))]
        return [_WORDS[kind]]

    return parts


CLICKS = ClickMap(legal_actions, _parts, ACTIONS, notation)
"""How a kinmarr picture is clicked (:class:`tabletop_rules.ClickMap`)."""
