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
from ._answers import answers
from ._combat import dodging, face_odds, open_dodges, rolling
from ._engine import choosable
from ._frames import (
    ChooseFrame,
    DrawFrame,
    DropFrame,
    DuelFrame,
    FightFrame,
    GainFrame,
    LootFrame,
    MenuFrame,
    OfferFrame,
    PayFrame,
    RollFrame,
    TrophyFrame,
    WindowFrame,
)
from ._query import (
    HAND_LIMIT,
    SLOTS,
    duel_targets,
    has_shop,
    trade_partners,
)

__all__ = ["acting", "chance_outcomes", "decision_kind", "legal_actions", "why_not"]

P = Any  # a State or a View

_CHANCE_KINDS: Final = (Roll, FaceResult, Reveal)


def _candidates(p: P, deck: str) -> tuple[str, ...]:
    stored = getattr(p, {"encounter": "encounters", "ability": "abilities", "item": "items",
                         "prophecy": "prophecies"}[deck])  # fmt: skip
    if stored.top:
        return stored.top  # type: ignore[no-any-return]
    if stored.bottom:
        return stored.bottom[0]  # type: ignore[no-any-return]
    return ()


def _in_pack_order(p: P, cards: Any) -> tuple[str, ...]:
    return tuple(sorted(cards, key=p.config.rules.index.__getitem__))


def acting(p: P) -> Seat | None:
    """The seat that must answer now: a player, :data:`~tabletop_rules.CHANCE`, or ``None``
    when the game is over."""
    if p.ending is not None or not p.frames:
        return None
    top = p.frames[-1]
    kind = type(top)
    if kind is WindowFrame:
        return top.asking  # type: ignore[no-any-return]
    if kind is MenuFrame or (kind is OfferFrame and not top.proposed):
        return p.turn  # type: ignore[no-any-return]
    if kind is OfferFrame:
        return top.partner  # type: ignore[no-any-return]
    if kind is ChooseFrame:
        return CHANCE if top.count > 0 else top.seat
    if kind is RollFrame or kind is DrawFrame:
        return CHANCE
    if kind is FightFrame or kind is DuelFrame:
        found = dodging(top)
        return CHANCE if found is None else found[0]
    if kind is LootFrame:
        return top.looters[0]  # type: ignore[no-any-return]
    if kind is TrophyFrame:
        return top.winner  # type: ignore[no-any-return]
    if kind in (PayFrame, GainFrame, DropFrame):
        return top.seat  # type: ignore[no-any-return]
    return None


def decision_kind(p: P) -> str | None:
    """A short name of the decision on top: ``"chance"``, ``"window"``, ``"start"``,
    ``"duel"``, ``"end"``, ``"choose"``, ``"pay"``, ``"reroll"``, ``"keep"``, ``"drop"``,
    ``"loot"``, ``"trophy"``, ``"offer"``, ``"accept"``; ``None`` when over."""
    seat = acting(p)
    if seat is None:
        return None
    if seat == CHANCE:
        return "chance"
    top = p.frames[-1]
    kind = type(top)
    if kind is MenuFrame:
        return top.phase  # type: ignore[no-any-return]
    if kind is OfferFrame:
        return "accept" if top.proposed else "offer"
    return _KINDS[kind]


_KINDS: Final[dict[type, str]] = {
    WindowFrame: "window",
    ChooseFrame: "choose",
    PayFrame: "pay",
    FightFrame: "reroll",
    DuelFrame: "reroll",
    GainFrame: "keep",
    DropFrame: "drop",
    LootFrame: "loot",
    TrophyFrame: "trophy",
}


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
    pool = p.config.rules.actions
    if seat == CHANCE:
        return tuple(action for action, _ in chance_outcomes(p))
    top = p.frames[-1]
    kind = type(top)
    out: list[Action] = []
    if kind is WindowFrame:
        out.append(pool[(Pass,)])
        for card, target in answers(p, seat, top.request):
            if card is None:
                out.append(pool[(Power, target)])
            else:
                out.append(pool[(Use, card, target)])
    elif kind is MenuFrame:
        _menu(p, top, seat, pool, out)
    elif kind is ChooseFrame:
        out.extend(pool[(Choose, c)] for c in choosable(p, top))
    elif kind is PayFrame:
        rules = p.config.rules
        hand = p.players[seat].hand
        out.extend(pool[(Pay, c)] for c in hand if rules.card[c].kind == "creature")
    elif kind is FightFrame or kind is DuelFrame:
        found = dodging(top)
        assert found is not None
        roll = found[1]
        out.append(pool[(NoReroll,)])
        n = len(roll.faces)
        for d in open_dodges(roll):
            if n == 1:
                out.append(pool[(Reroll, d, None)])
            out.extend(pool[(Reroll, d, o)] for o in range(n) if o != d)
    elif kind is GainFrame:
        out.append(pool[(Keep, "slot")])
        out.append(pool[(Keep, "hand")])
    elif kind is DropFrame:
        out.extend(pool[(Drop, c)] for c in p.players[seat].hand)
    elif kind is LootFrame:
        out.append(pool[(SkipLoot,)])
        if top.coins:
            out.append(pool[(LootCoins,)])
        out.extend(pool[(Loot, c)] for c in (*top.items, *top.creatures))
    elif kind is TrophyFrame:
        loser = p.players[top.loser]
        rules = p.config.rules
        out.append(pool[(TakeCoins,)])
        out.extend(pool[(Take, c)] for c in loser.slots if rules.card[c].kind == "item")
        out.extend(pool[(Take, c)] for c in loser.hand if rules.card[c].kind == "creature")
    elif kind is OfferFrame:
        _offer(p, top, pool, out)
    return tuple(out)


def _owned(p: P, seat: Seat) -> tuple[str, ...]:
    """A player's Items and creatures (what a trade may swap), in pack order."""
    rules = p.config.rules
    player = p.players[seat]
    return _in_pack_order(
        p,
        [c for c in (*player.slots, *player.hand) if rules.card[c].kind in ("item", "creature")],
    )


def _items(p: P, seat: Seat) -> tuple[str, ...]:
    rules = p.config.rules
    player = p.players[seat]
    return _in_pack_order(
        p, [c for c in (*player.slots, *player.hand) if rules.card[c].kind == "item"]
    )


def _menu(p: P, frame: MenuFrame, seat: Seat, pool: Any, out: list[Action]) -> None:
    phase = frame.phase
    if phase == "duel":
        out.append(pool[(NoDuel,)])
        out.extend(pool[(Duel, s)] for s in duel_targets(p))
        return
    rules = p.config.rules
    player = p.players[seat]
    flags = p.flags
    if phase == "start":
        out.append(pool[(Travel,)])
        out.extend(
            pool[(ShowTower, c)]
            for c in player.hand
            if rules.card[c].kind == "tower" and rules.card[c].effects and c not in flags.shown
        )
    else:
        out.append(pool[(EndTurn,)])
        out.extend(pool[(Trade, s)] for s in trade_partners(p))
    if has_shop(p, seat):
        out.extend(pool[(Buy, c)] for c in p.shop if rules.card[c].value <= player.coins)
        out.extend(pool[(Sell, c)] for c in _items(p, seat))
        if player.coins > flags.refreshes and (p.shop or p.items.top or p.items.bottom):
            out.append(pool[(Refresh,)])
    if len(player.slots) < SLOTS:
        out.extend(
            pool[(Slot, c)]
            for c in player.hand
            if rules.card[c].kind in ("ability", "item") and c not in flags.moved
        )
    if len(player.hand) < HAND_LIMIT:
        out.extend(pool[(Unslot, c)] for c in player.slots if c not in flags.moved)


def _offer(p: P, frame: OfferFrame, pool: Any, out: list[Action]) -> None:
    if frame.proposed:
        out.append(pool[(RefuseTrade,)])
        out.append(pool[(AcceptTrade,)])
        return
    out.append(pool[(NoTrade,)])
    if frame.give or frame.ask or frame.give_coins or frame.ask_coins:
        out.append(pool[(Propose,)])
    if p.players[p.turn].coins > frame.give_coins:
        out.append(pool[(GiveCoin,)])
    if p.players[frame.partner].coins > frame.ask_coins:
        out.append(pool[(AskCoin,)])
    out.extend(pool[(Give, c)] for c in _owned(p, p.turn) if c not in frame.give)
    out.extend(pool[(Ask, c)] for c in _owned(p, frame.partner) if c not in frame.ask)


def chance_outcomes(p: P) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance decision, each possible result with its exact probability, in the order of
    :func:`legal_actions`; ``()`` elsewhere."""
    if acting(p) != CHANCE:
        return ()
    top = p.frames[-1]
    pool = p.config.rules.actions
    kind = type(top)
    if kind is RollFrame:
        sixth = Fraction(1, 6)
        return tuple((pool[(Roll, value)], sixth) for value in range(1, 7))
    if kind is ChooseFrame or kind is DrawFrame:
        cards = _candidates(p, top.deck)
        share = Fraction(1, len(cards))
        return tuple((pool[(Reveal, c)], share) for c in cards)
    found = rolling(top)
    assert found is not None
    roll = found[1]
    faces = p.config.rules.faces[roll.colours[roll.pending]]
    return tuple((pool[(FaceResult, face)], odds) for face, odds in face_odds(faces))


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
