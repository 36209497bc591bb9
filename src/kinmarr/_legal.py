"""What may be done now: the seat to act, the decision, the legal actions in their documented
order, the reasons an action is not legal, and chance's outcomes with their probabilities.

Everything here reads a :class:`~kinmarr.State` or a :class:`~kinmarr.View` alike: nothing a view
hides (the order of the decks, the generator) ever changes the answers.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from tabletop_rules import CHANCE, Seat

from ._actions import (
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
from ._query import HAND_LIMIT, SLOTS, has_shop

P = Any  # a State or a View

_CHANCE_KINDS: Final = (Roll, FaceResult, Reveal)


def acting(p: P) -> Seat | None:
    """The seat that must answer now: a player, :data:`~tabletop_rules.CHANCE`, or ``None``
    when the game is over (who the frame on top :meth:`asks <kinmarr._frames.BaseFrame.asks>`;
    kept on a state the engine made)."""
    if p.ending is not None or not p.frames:
        return None
    cache = p.cache
    if cache is not None:
        seat: Seat | None = cache.get("acting")
        if seat is not None:
            return seat
    return p.frames[-1].asks(p)  # type: ignore[no-any-return]


def decision_kind(p: P) -> str | None:
    """A short name of the decision on top: ``"chance"``, ``"window"``, ``"start"``,
    ``"duel"``, ``"end"``, ``"choose"``, ``"pay"``, ``"reroll"``, ``"keep"``, ``"drop"``,
    ``"loot"``, ``"trophy"``, ``"offer"``, ``"accept"``; ``None`` when over."""
    seat = acting(p)
    if seat is None:
        return None
    if seat == CHANCE:
        return "chance"
    return p.frames[-1].kind(p)  # type: ignore[no-any-return]


def legal_actions(p: P) -> tuple[Action, ...]:
    """The answers to the decision on top, in the documented order (cached on the value)."""
    cache = p.cache
    if cache is None:
        cache = {}
        object.__setattr__(p, "cache", cache)
    found: tuple[Action, ...] | None = cache.get("legal")
    if found is None:
        found = _legal(p)
        cache["legal"] = found
    return found


def _legal(p: P) -> tuple[Action, ...]:
    seat = acting(p)
    if seat is None:
        return ()
    if seat == CHANCE:
        return tuple(action for action, _ in chance_outcomes(p))
    return tuple(p.frames[-1].legal(p, seat))


def chance_outcomes(p: P) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance decision, each possible result with its exact probability, in the order of
    :func:`legal_actions`; ``()`` elsewhere."""
    if acting(p) != CHANCE:
        return ()
    return p.frames[-1].odds(p)  # type: ignore[no-any-return]


# -- why an action is not legal --------------------------------------------------------------------

_RULE_OF_ACTION: Final[dict[type, str]] = {
    Pass: "K4",
    Use: "K4",
    Power: "K4",
    Travel: "K3",
    ShowTower: "K15",
    Slot: "Inventory",
    Unslot: "Inventory",
    Buy: "K14",
    Sell: "K14",
    Refresh: "K14",
    Duel: "K5",
    NoDuel: "K5",
    Trade: "K6",
    EndTurn: "Turn",
    Give: "K6",
    GiveCoin: "K6",
    Ask: "K6",
    AskCoin: "K6",
    Propose: "K6",
    NoTrade: "K6",
    AcceptTrade: "K6",
    RefuseTrade: "K6",
    Choose: "Draw",
    Pay: "Towers",
    Reroll: "K12",
    NoReroll: "K12",
    Keep: "Inventory",
    Drop: "K15",
    Loot: "K13",
    LootCoins: "K13",
    SkipLoot: "K13",
    Take: "K5",
    TakeCoins: "K5",
    Roll: "Chance",
    FaceResult: "Chance",
    Reveal: "Chance",
}
_PROMPTS: Final[dict[str, str]] = {
    "chance": "a result of chance",
    "window": "a response window (pass or answer)",
    "start": "the start of the turn (towers, slots, the Shop, then travel)",
    "duel": "whether to declare a duel",
    "end": "the end of the turn (trade, the Shop, slots, end the turn)",
    "choose": "the choice of a card drawn",
    "pay": "the payment of a tower",
    "reroll": "a Dodge reroll",
    "keep": "where a gained card goes",
    "drop": "a card to drop from a full hand",
    "loot": "what to loot",
    "trophy": "the choice of a trophy",
    "offer": "the making of a trade offer",
    "accept": "the answer to a trade offer",
}


def why_not(p: P, action: Any) -> str | None:
    """``None`` if the well-formed ``action`` is legal, else why not, naming the rule or ruling
    (``K5: ...``, ``Inventory: ...``); :meth:`Game.is_legal <tabletop_rules.Game.is_legal>`
    checks its shape first."""
    if action in legal_actions(p):
        return None
    kind = decision_kind(p)
    if kind is None:
        return "Game: the game is over (K7)"
    rule = _RULE_OF_ACTION[type(action)]
    text = notation(action)
    if kind == "chance" and not isinstance(action, _CHANCE_KINDS):
        return f"Chance: {_PROMPTS['chance']} must be decided first, not {text!r}"
    if kind != "chance" and isinstance(action, _CHANCE_KINDS):
        return f"Chance: nothing is left to chance now ({_PROMPTS[kind]} is asked), not {text!r}"
    if kind == "chance":
        return f"Chance: {text!r} cannot happen now"
    detail = _detail(p, action, kind)
    if detail is not None:
        return f"{rule}: {detail}"
    seat = acting(p)
    if type(action) not in _ANSWERS_TO[kind]:
        return f"{rule}: {text!r} is not asked now: {_PROMPTS[kind]} is (seat {seat})"
    return f"{rule}: {text!r} is not an answer to {_PROMPTS[kind]} now (seat {seat})"


_ANSWERS_TO: Final[dict[str, tuple[type, ...]]] = {
    "window": (Pass, Use, Power),
    "start": (Travel, ShowTower, Slot, Unslot, Buy, Sell, Refresh),
    "duel": (NoDuel, Duel),
    "end": (EndTurn, Trade, Slot, Unslot, Buy, Sell, Refresh),
    "choose": (Choose,),
    "pay": (Pay,),
    "reroll": (Reroll, NoReroll),
    "keep": (Keep,),
    "drop": (Drop,),
    "loot": (Loot, LootCoins, SkipLoot),
    "trophy": (Take, TakeCoins),
    "offer": (Give, GiveCoin, Ask, AskCoin, Propose, NoTrade),
    "accept": (AcceptTrade, RefuseTrade),
}


def _detail(p: P, action: Any, kind: str) -> str | None:
    """A more precise reason for the common mistakes."""
    seat = acting(p)
    assert seat is not None
    player = p.players[seat]
    rules = p.config.rules
    if isinstance(action, Use) and kind == "window":
        if action.card not in player.slots:
            return f"{action.card!r} is not in a slot of seat {seat} (cards in hand never work)"
        return (
            f"K4: {action.card!r} cannot answer this request now (or not on that target): "
            "its usage does not name it, or it would change nothing"
        )
    if isinstance(
        action, Slot | Unslot | Buy | Sell | Refresh | ShowTower | Trade
    ) and kind not in (
        "start",
        "end",
    ):
        return "only on your own turn, between requests, outside fights"
    if isinstance(action, Buy | Sell | Refresh) and not has_shop(p, seat):
        return "the Shop is used on your own turn on the Castle, or where a card allows"
    if isinstance(action, Buy):
        if action.card not in p.shop:
            return f"{action.card!r} is not in the Shop"
        return f"{action.card!r} costs {rules.card[action.card].value}, you have {player.coins}"
    if isinstance(action, Sell):
        return f"seat {seat} holds no Item {action.card!r} to sell"
    if isinstance(action, Refresh):
        return f"a refresh costs {p.flags.refreshes + 1} now, you have {player.coins}"
    if isinstance(action, Slot | Unslot) and action.card in p.flags.moved:
        return f"{action.card!r} was moved between hand and slots this turn already"
    if isinstance(action, Slot) and len(player.slots) >= SLOTS:
        return "no slot is free"
    if isinstance(action, Unslot) and len(player.hand) >= HAND_LIMIT:
        return "the hand is full (10 cards)"
    if isinstance(action, Duel) and kind in ("start", "end"):
        return "a duel is declared after the tile's action and any fight, once per turn"
    if isinstance(action, Duel) and kind == "duel":
        return f"seat {action.seat} is not a living player you may challenge here"
    if isinstance(action, Trade) and kind in ("start", "end"):
        return "trade with a player on your tile, once each per turn, at the end of your turn"
    if isinstance(action, Travel) and kind != "start":
        return "the travel die is rolled once, at the start of the turn"
    if isinstance(action, Choose) and kind == "choose":
        card = rules.card.get(action.card)
        if card is not None and card.kind == "tower" and action.card in p.frames[-1].cards:
            return f"the creatures in hand are worth less than the tower's {card.value}"
        if card is not None and card.kind == "ability" and action.card in p.frames[-1].cards:
            return "K15: an Ability of another guild cannot be held"
    if isinstance(action, Reroll) and kind == "reroll":
        return "only a die showing an unused Dodge may be rerolled, with one other die"
    return None
