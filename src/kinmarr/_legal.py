"""What may be done now: the seat to act, the decision, the legal actions in their documented
order, the reasons an action is not legal, and chance's outcomes with their probabilities.

Everything here reads a :class:`~kinmarr.State` or a :class:`~kinmarr.View` alike: nothing a view
hides (the order of the decks, the generator) ever changes the answers.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from tabletop_rules import CHANCE, Seat

from . import _actions
from ._actions import Action
from ._query import HAND_LIMIT, SLOTS, has_shop

__all__ = ["acting", "chance_outcomes", "decision_kind", "legal_actions", "why_not"]

P = Any  # a State or a View

_CHANCE_KINDS: Final = (_actions.Roll, _actions.FaceResult, _actions.Reveal)


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
    _actions.Pass: "K4",
    _actions.Use: "K4",
    _actions.Power: "K4",
    _actions.Travel: "K3",
    _actions.ShowTower: "K15",
    _actions.Slot: "Inventory",
    _actions.Unslot: "Inventory",
    _actions.Buy: "K14",
    _actions.Sell: "K14",
    _actions.Refresh: "K14",
    _actions.Duel: "K5",
    _actions.NoDuel: "K5",
    _actions.Trade: "K6",
    _actions.EndTurn: "Turn",
    _actions.Give: "K6",
    _actions.GiveCoin: "K6",
    _actions.Ask: "K6",
    _actions.AskCoin: "K6",
    _actions.Propose: "K6",
    _actions.NoTrade: "K6",
    _actions.AcceptTrade: "K6",
    _actions.RefuseTrade: "K6",
    _actions.Choose: "Draw",
    _actions.Pay: "Towers",
    _actions.Reroll: "K12",
    _actions.NoReroll: "K12",
    _actions.Keep: "Inventory",
    _actions.Drop: "K15",
    _actions.Loot: "K13",
    _actions.LootCoins: "K13",
    _actions.SkipLoot: "K13",
    _actions.Take: "K5",
    _actions.TakeCoins: "K5",
    _actions.Roll: "Chance",
    _actions.FaceResult: "Chance",
    _actions.Reveal: "Chance",
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
    text = _actions.notation(action)
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
    "window": (_actions.Pass, _actions.Use, _actions.Power),
    "start": (
        _actions.Travel,
        _actions.ShowTower,
        _actions.Slot,
        _actions.Unslot,
        _actions.Buy,
        _actions.Sell,
        _actions.Refresh,
    ),
    "duel": (_actions.NoDuel, _actions.Duel),
    "end": (
        _actions.EndTurn,
        _actions.Trade,
        _actions.Slot,
        _actions.Unslot,
        _actions.Buy,
        _actions.Sell,
        _actions.Refresh,
    ),
    "choose": (_actions.Choose,),
    "pay": (_actions.Pay,),
    "reroll": (_actions.Reroll, _actions.NoReroll),
    "keep": (_actions.Keep,),
    "drop": (_actions.Drop,),
    "loot": (_actions.Loot, _actions.LootCoins, _actions.SkipLoot),
    "trophy": (_actions.Take, _actions.TakeCoins),
    "offer": (
        _actions.Give,
        _actions.GiveCoin,
        _actions.Ask,
        _actions.AskCoin,
        _actions.Propose,
        _actions.NoTrade,
    ),
    "accept": (_actions.AcceptTrade, _actions.RefuseTrade),
}


def _detail(p: P, action: Any, kind: str) -> str | None:
    """A more precise reason for the common mistakes."""
    seat = acting(p)
    assert seat is not None
    player = p.players[seat]
    rules = p.config.rules
    if isinstance(action, _actions.Use) and kind == "window":
        if action.card not in player.slots:
            return f"{action.card!r} is not in a slot of seat {seat} (cards in hand never work)"
        return (
            f"K4: {action.card!r} cannot answer this request now (or not on that target): "
            "its usage does not name it, or it would change nothing"
        )
    if isinstance(
        action,
        _actions.Slot
        | _actions.Unslot
        | _actions.Buy
        | _actions.Sell
        | _actions.Refresh
        | _actions.ShowTower
        | _actions.Trade,
    ) and kind not in (
        "start",
        "end",
    ):
        return "only on your own turn, between requests, outside fights"
    if isinstance(action, _actions.Buy | _actions.Sell | _actions.Refresh) and not has_shop(
        p, seat
    ):
        return "the Shop is used on your own turn on the Castle, or where a card allows"
    if isinstance(action, _actions.Buy):
        if action.card not in p.shop:
            return f"{action.card!r} is not in the Shop"
        return f"{action.card!r} costs {rules.card[action.card].value}, you have {player.coins}"
    if isinstance(action, _actions.Sell):
        return f"seat {seat} holds no Item {action.card!r} to sell"
    if isinstance(action, _actions.Refresh):
        return f"a refresh costs {p.flags.refreshes + 1} now, you have {player.coins}"
    if isinstance(action, _actions.Slot | _actions.Unslot) and action.card in p.flags.moved:
        return f"{action.card!r} was moved between hand and slots this turn already"
    if isinstance(action, _actions.Slot) and len(player.slots) >= SLOTS:
        return "no slot is free"
    if isinstance(action, _actions.Unslot) and len(player.hand) >= HAND_LIMIT:
        return "the hand is full (10 cards)"
    if isinstance(action, _actions.Duel) and kind in ("start", "end"):
        return "a duel is declared after the tile's action and any fight, once per turn"
    if isinstance(action, _actions.Duel) and kind == "duel":
        return f"seat {action.seat} is not a living player you may challenge here"
    if isinstance(action, _actions.Trade) and kind in ("start", "end"):
        return "trade with a player on your tile, once each per turn, at the end of your turn"
    if isinstance(action, _actions.Travel) and kind != "start":
        return "the travel die is rolled once, at the start of the turn"
    if isinstance(action, _actions.Choose) and kind == "choose":
        card = rules.card.get(action.card)
        if card is not None and card.kind == "tower" and action.card in p.frames[-1].cards:
            return f"the creatures in hand are worth less than the tower's {card.value}"
        if card is not None and card.kind == "ability" and action.card in p.frames[-1].cards:
            return "K15: an Ability of another guild cannot be held"
    if isinstance(action, _actions.Reroll) and kind == "reroll":
        return "only a die showing an unused Dodge may be rerolled, with one other die"
    return None
