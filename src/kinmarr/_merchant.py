"""The heuristic agent's sense of value: what a player's cards and coins are worth to it, and the
sales, Shop refreshes, slot changes and trades that raise that worth, by its own measure.

A player's *worth* counts its three best Items and Abilities as working (what they do in a slot),
every other card as its part of the score (K8: an Item's value, a creature's or tower's value,
1 per Ability, halved for Items and Abilities kept idle in the hand), and each coin as
:data:`COIN` times the agent's greed — less as the Item deck runs out, since coins score nothing
when a deck runs out (K8). An action is worth the change it makes; a trade is judged by what it
gives each side, the partner's gain weighing against the agent's own as a rival's would.
Everything here reads what a :class:`~kinmarr.View` shows.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from math import comb
from typing import Any, Final

import attrs

from tabletop_rules import Seat

from ._actions import (
    Action,
    Ask,
    AskCoin,
    Buy,
    Give,
    GiveCoin,
    NoTrade,
    Propose,
    Refresh,
    Sell,
    Slot,
    Unslot,
)
from ._content import Card, Compiled
from ._frames import OfferFrame
from ._query import HAND_LIMIT, SLOTS, alive
from ._words import Block, Bounty, ExtraDie, Hits, ShopAccess

P = Any  # a State or a View: only what a view shows is read

COIN: Final = 0.6
"""What a coin is worth against the cards, while the Item deck lasts (times the greed)."""

MARGIN: Final = 0.25
"""The least gain for which a sale, a refresh, a slot change or a trade is made."""

SPARE: Final = 0.8
"""What an idle Item is worth, per coin of its value."""

_SHOP_SIZE: Final = 4


def card_worth(card: Card) -> float:
    """What holding ``card`` is worth when it works (an Item or Ability in a slot)."""
    if card.kind == "ability":
        return 2.0
    if card.kind == "item":
        worth = card.value / 2 + 1
        for effect in card.passive:
            if isinstance(effect, Block | Hits):
                worth += 3 * effect.amount
            elif isinstance(effect, ExtraDie):
                worth += 2.5
            elif isinstance(effect, Bounty | ShopAccess):
                worth += 1.5
        return worth
    return float(card.value)


def spare_worth(card: Card) -> float:
    """What holding ``card`` is worth when it does not work (an Item or Ability in the hand):
    its part of the score (K8), an Item's a little less than its value."""
    if card.kind == "ability":
        return 1.0
    if card.kind == "item":
        return SPARE * card.value
    return float(card.value)


def coin_worth(p: P, greed: float) -> float:
    """What one coin is worth now: :data:`COIN` times ``greed`` while six Items or more are left
    in the Item deck, falling to a third of that as the deck runs out."""
    left = len(p.items)
    return greed * COIN * min(1.0, (1 + left / 3) / 3)


@functools.cache
def _table(rules: Compiled) -> dict[str, tuple[float, float]]:
    """Each card's spare worth and what working adds to it (0 for cards that never work),
    by id: the lookups :func:`worth` makes, computed once per pack."""
    table: dict[str, tuple[float, float]] = {}
    for card_id, card in rules.card.items():
        spare = spare_worth(card)
        extra = max(0.0, card_worth(card) - spare) if card.kind in ("item", "ability") else 0.0
        table[card_id] = (spare, extra)
    return table


def worth(rules: Compiled, cards: Iterable[str], coins: int, coin: float) -> float:
    """What holding ``cards`` (hand and slots) and ``coins`` is worth, a coin counting ``coin``:
    the three best Items and Abilities as working, the rest as spare."""
    table = _table(rules)
    total = coins * coin
    gains: list[float] = []
    for card_id in cards:
        spare, extra = table[card_id]
        total += spare
        if extra:
            gains.append(extra)
    if len(gains) > SLOTS:
        gains.sort(reverse=True)
        del gains[SLOTS:]
    return total + sum(gains)


def _held(p: P, seat: Seat) -> tuple[str, ...]:
    player = p.players[seat]
    return (*player.slots, *player.hand)


def _without(cards: Sequence[str], gone: Iterable[str]) -> list[str]:
    out = list(cards)
    for card in gone:
        out.remove(card)
    return out


# -- the Shop (K14) ----------------------------------------------------------------------------


def _best_buy(
    rules: Compiled, shop: Iterable[str], cards: list[str], coins: int, coin: float
) -> float:
    """The most a purchase from ``shop`` adds to the worth (0 if none helps)."""
    base = worth(rules, cards, coins, coin)
    best = 0.0
    for item in shop:
        price = rules.card[item].value
        if price <= coins:
            best = max(best, worth(rules, (*cards, item), coins - price, coin) - base)
    return best


def _draw_candidates(p: P) -> tuple[str, ...]:
    """The Items a refresh may bring: the unknown part of the Item deck, or the whole deck when
    fewer than four are unknown."""
    deck = p.items
    if len(deck.top) >= _SHOP_SIZE:
        return tuple(deck.top)
    return tuple(deck.cards())


def refresh_gain(p: P, seat: Seat, greed: float) -> float:
    """The expected change of worth of refreshing the Shop now: the best purchase among four
    Items drawn at random from :func:`_draw_candidates`, less the refresh's price."""
    rules = p.config.rules
    player = p.players[seat]
    cost: int = p.flags.refreshes + 1
    coin = coin_worth(p, greed)
    candidates = _draw_candidates(p)
    if cost > player.coins or not candidates:
        return -cost * coin
    cards = list(_held(p, seat))
    coins = player.coins - cost
    gains = sorted(
        (_best_buy(rules, (item,), cards, coins, coin) for item in candidates), reverse=True
    )
    n = len(gains)
    draw = min(_SHOP_SIZE, n)
    total = comb(n, draw)
    # The i-th best Item (0-based) is the best of the draw when it is drawn and none better is.
    expected = sum(g * comb(n - 1 - i, draw - 1) for i, g in enumerate(gains)) / total
    return expected - cost * coin


def shop_choice(p: P, seat: Seat, actions: Sequence[Action], greed: float) -> Action | None:
    """The purchase, sale or refresh that adds the most worth (at least :data:`MARGIN` for a
    sale or refresh, anything for a purchase); ``None`` if none does. A sale counts the purchase
    it pays for, a refresh the purchase it is expected to offer (:func:`refresh_gain`)."""
    rules = p.config.rules
    player = p.players[seat]
    coin = coin_worth(p, greed)
    cards = list(_held(p, seat))
    base = worth(rules, cards, player.coins, coin)
    best: Action | None = None
    best_gain = 0.0
    for buy in actions:
        if isinstance(buy, Buy):
            price = rules.card[buy.card].value
            gain = worth(rules, (*cards, buy.card), player.coins - price, coin) - base
            if gain > best_gain:
                best, best_gain = buy, gain
    for sell in actions:
        if isinstance(sell, Sell):
            rest = _without(cards, (sell.card,))
            coins = player.coins + rules.card[sell.card].value // 2
            after = worth(rules, rest, coins, coin)
            gain = after - base + _best_buy(rules, p.shop, rest, coins, coin)
            if gain > max(best_gain, MARGIN):
                best, best_gain = sell, gain
    refresh = next((a for a in actions if isinstance(a, Refresh)), None)
    if refresh is not None and refresh_gain(p, seat, greed) > max(best_gain, MARGIN):
        return refresh
    return best


def organise(p: P, seat: Seat, actions: Sequence[Action]) -> Action | None:
    """Put a better Item or Ability from the hand in place of a worse slotted one: unslot the
    worse when no slot is free, then slot the best of the hand. ``None`` when the slots already
    hold the best."""
    rules = p.config.rules
    player = p.players[seat]
    slots = [a for a in actions if isinstance(a, Slot)]
    if slots:
        return max(slots, key=lambda a: card_worth(rules.card[a.card]))
    unslots = [a for a in actions if isinstance(a, Unslot)]
    if not unslots or len(player.slots) < SLOTS:
        return None
    waiting = [
        card_worth(rules.card[c])
        for c in player.hand
        if rules.card[c].kind in ("item", "ability") and c not in p.flags.moved
    ]
    if not waiting:
        return None
    worst = min(unslots, key=lambda a: card_worth(rules.card[a.card]))
    if max(waiting) > card_worth(rules.card[worst.card]) + MARGIN:
        return worst
    return None


# -- trades (K6) ----------------------------------------------------------------------------------


@attrs.frozen
class Plan:
    """A trade offer the agent means to make.

    Attributes:
        partner: the seat offered to.
        give: the agent's cards offered.
        ask: the partner's cards asked for.
        coins: coins the agent gives (negative: coins it asks for).
        gain: the agent's gain by its own measure (the partner's gain weighed in).
    """

    partner: Seat
    give: tuple[str, ...]
    ask: tuple[str, ...]
    coins: int
    gain: float


def _rival_weight(p: P) -> float:
    """How much a rival's gain counts against the agent's own: fully with two players left,
    shared among them with more."""
    return 1.0 / max(1, len(alive(p)) - 1)


def _tradeable(p: P, seat: Seat) -> list[str]:
    rules = p.config.rules
    return [c for c in _held(p, seat) if rules.card[c].kind in ("item", "creature")]


def _change(
    p: P, seat: Seat, gets: Sequence[str], gives: Sequence[str], coins: int, coin: float
) -> float:
    """The change of ``seat``'s worth when it gets ``gets``, gives ``gives`` and ``coins``
    coins change hands (positive: it receives them)."""
    rules = p.config.rules
    held = list(_held(p, seat))
    before = worth(rules, held, p.players[seat].coins, coin)
    after = worth(rules, (*_without(held, gives), *gets), p.players[seat].coins + coins, coin)
    return after - before


def accepts(p: P, seat: Seat, frame: OfferFrame, greed: float) -> bool:
    """Whether ``seat``, offered ``frame``, gains by it more than :data:`MARGIN` once the
    offering player's gain is weighed against it."""
    coin = coin_worth(p, greed)
    offerer = p.turn
    flow = frame.give_coins - frame.ask_coins
    mine = _change(p, seat, frame.give, frame.ask, flow, coin)
    theirs = _change(p, offerer, frame.ask, frame.give, -flow, coin)
    return mine - _rival_weight(p) * theirs > MARGIN


def trade_plan(p: P, seat: Seat, partner: Seat, greed: float) -> Plan | None:
    """The best offer of one card against coins, coins against one card, or one card for one
    card with coins to even it, that ``partner`` would accept by the agent's own measure (it
    judges like the agent) and that gains the agent more than :data:`MARGIN`; ``None`` if
    there is none. Ties go to the first found, mine before theirs, in the order held."""
    coin = coin_worth(p, greed)
    weight = _rival_weight(p)
    mine = _tradeable(p, seat)
    theirs = _tradeable(p, partner)
    my_coins = p.players[seat].coins
    their_coins = p.players[partner].coins
    room = HAND_LIMIT - len(p.players[partner].hand)
    deals: list[tuple[tuple[str, ...], tuple[str, ...]]] = [((c,), ()) for c in mine]
    deals += [((), (c,)) for c in theirs]
    deals += [((g,), (a,)) for g in mine for a in theirs]
    best: Plan | None = None
    for give, ask in deals:
        if len(give) > room + len(ask):
            continue  # the partner's hand has no room
        # Both sides' gains are linear in the coins k the agent gives: the partner accepts
        # from some k on, and the agent gains most at the least such k.
        me = _change(p, seat, ask, give, 0, coin)
        them = _change(p, partner, give, ask, 0, coin)
        k = _least_coins(me, them, weight, coin, -their_coins)
        if k is None or k > my_coins:
            continue
        gain = me - k * coin - weight * (them + k * coin)
        if gain > MARGIN and (best is None or gain > best.gain):
            best = Plan(partner, give, ask, k, gain)
    return best


def _least_coins(me: float, them: float, weight: float, coin: float, low: int) -> int | None:
    """The fewest coins ``k`` (at least ``low``; negative: coins asked for) the agent must give
    for the partner to accept, its gain being ``them + k * coin`` and the agent's
    ``me - k * coin``; ``None`` if coins are worth nothing and the partner refuses anyway."""

    def accepted(k: int) -> bool:
        return them + k * coin - weight * (me - k * coin) > MARGIN

    if coin <= 0:
        return low if accepted(low) else None
    k = max(low, math.floor((MARGIN - them + weight * me) / (coin * (1 + weight))))
    while not accepted(k):
        k += 1
    return k


def _within(frame: OfferFrame, plan: Plan) -> bool:
    """Whether the offer put together so far is part of ``plan``."""
    return (
        set(frame.give) <= set(plan.give)
        and set(frame.ask) <= set(plan.ask)
        and frame.give_coins <= max(0, plan.coins)
        and frame.ask_coins <= max(0, -plan.coins)
    )


def offer_step(p: P, frame: OfferFrame, actions: Sequence[Action], greed: float) -> Action:
    """The next step of putting together the planned offer to ``frame.partner``: the cards
    given, the cards asked, the coins, then :class:`~kinmarr.Propose`;
    :class:`~kinmarr.NoTrade` when no offer is worth making (or the offer strays from the
    plan)."""
    plan = trade_plan(p, p.turn, frame.partner, greed)
    legal = set(actions)
    wanted: list[Action] = []
    if plan is not None and _within(frame, plan):
        wanted += [Give(c) for c in plan.give if c not in frame.give]
        wanted += [Ask(c) for c in plan.ask if c not in frame.ask]
        if plan.coins > frame.give_coins:
            wanted.append(GiveCoin())
        if -plan.coins > frame.ask_coins:
            wanted.append(AskCoin())
        wanted.append(Propose())
    for action in wanted:
        if action in legal:
            return action
    return next(a for a in actions if isinstance(a, NoTrade))
