"""Questions about a position, shared by the engine and the legal actions.

They read a :class:`~kinmarr.State`, a :class:`~kinmarr.View` or the engine's working copy alike:
all three have the same field names (``players``, ``turn``, ``frames``, ``flags`` …).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final

from tabletop_rules import Seat

from ._board import position
from ._content import Card, Compiled
from ._words import Block, Bounty, DuelAnywhere, Effect, ExtraDie, Hits, ShopAccess

SLOTS: Final = 3
"""Inventory slots per player."""
HAND_LIMIT: Final = 10
"""Cards the hand zone holds at most."""
WOUND_LIMIT: Final = 3
"""Wounds a character survives; one more is death."""

P = Any  # a State, a View or the engine's working copy


def alive(p: P) -> list[Seat]:
    """Living seats, in seat order."""
    return [seat for seat, player in enumerate(p.players) if player.tile is not None]


def order_from(p: P, first: Seat) -> list[Seat]:
    """Living seats in turn order, starting with ``first`` (dead or alive)."""
    players = p.players
    n = len(players)
    return [(first + k) % n for k in range(n) if players[(first + k) % n].tile is not None]


def on_tile(p: P, seat: Seat) -> list[Seat]:
    """The other living players on ``seat``'s tile, in seat order."""
    players = p.players
    tile = players[seat].tile
    if tile is None:
        return []
    return [s for s, other in enumerate(players) if s != seat and other.tile == tile]


def passives(p: P, seat: Seat) -> Iterator[Effect]:
    """The passive effects working for ``seat``: its slotted cards' and its guild's."""
    rules: Compiled = p.config.rules
    player = p.players[seat]
    for card in player.slots:
        yield from rules.card[card].passive
    yield from rules.guild[player.guild].power.passive


def lasting_modifiers(p: P) -> tuple[int, int]:
    """``(hits, block)`` that the lasting events in play give every fight."""
    rules: Compiled = p.config.rules
    hits = block = 0
    for lasting in p.lasting:
        for effect in rules.card[lasting.card].passive:
            if isinstance(effect, Hits):
                hits += effect.amount
            elif isinstance(effect, Block):
                block += effect.amount
    return hits, block


def hits_and_block(effects: Iterable[Effect], creature: Card | None) -> tuple[int, int]:
    """``(hits, block)`` that ``effects`` give in a fight with ``creature`` (``None``: a duel,
    where Hits with a tag never count)."""
    hits = block = 0
    for effect in effects:
        if isinstance(effect, Hits):
            if effect.tag is None or (creature is not None and effect.tag in creature.tags):
                hits += effect.amount
        elif isinstance(effect, Block):
            block += effect.amount
    return hits, block


def fight_modifiers(p: P, seat: Seat, creature: Card | None) -> tuple[int, int]:
    """``(hits, block)`` of ``seat``'s passives in a fight with ``creature`` (``None``: a duel,
    where Hits with a tag never count)."""
    return hits_and_block(passives(p, seat), creature)


def extra_dice(p: P, seat: Seat) -> list[str]:
    """Colours of the extra dice ``seat``'s passives roll."""
    return [e.colour for e in passives(p, seat) if isinstance(e, ExtraDie)]


def bounty(p: P, seat: Seat) -> int:
    """Coins ``seat`` gains on top of a defeated creature's value."""
    return sum(e.amount for e in passives(p, seat) if isinstance(e, Bounty))


def has_shop(p: P, seat: Seat) -> bool:
    """Whether ``seat`` may use the Shop now (K14): its own turn, on the Castle or with a card
    granting it (menus are never inside a fight)."""
    if seat != p.turn:
        return False
    player = p.players[seat]
    if player.tile is None:
        return False
    if p.flags.shop or position(player.tile) == p.config.rules.special["castle"]:
        return True
    return any(isinstance(e, ShopAccess) for e in passives(p, seat))


def can_duel_anywhere(p: P, seat: Seat) -> bool:
    """Whether ``seat`` may challenge a player on another tile (a card granting it)."""
    return p.flags.duel_anywhere or any(isinstance(e, DuelAnywhere) for e in passives(p, seat))


def duel_targets(p: P) -> list[Seat]:
    """Whom the active player may challenge now (K5)."""
    if p.flags.dueled:
        return []
    seat = p.turn
    if can_duel_anywhere(p, seat):
        return [s for s in alive(p) if s != seat]
    return on_tile(p, seat)


def trade_partners(p: P) -> list[Seat]:
    """Whom the active player may offer a trade to now (K6: on the same tile, once each)."""
    return [s for s in on_tile(p, p.turn) if s not in p.flags.traded]


def holds_ability(p: P, seat: Seat) -> bool:
    """Whether ``seat`` holds an Ability (hand or slots)."""
    rules: Compiled = p.config.rules
    player = p.players[seat]
    return any(rules.card[c].kind == "ability" for c in (*player.hand, *player.slots))


def creature_value(p: P, seat: Seat) -> int:
    """The total value of the creatures in ``seat``'s hand (what towers are paid with)."""
    rules: Compiled = p.config.rules
    return sum(
        rules.card[c].value for c in p.players[seat].hand if rules.card[c].kind == "creature"
    )


def usable_ability(p: P, seat: Seat, card: Card) -> bool:
    """Whether ``seat`` may hold this card: any card but an Ability of another guild (K15)."""
    return card.kind != "ability" or card.guild is None or card.guild == p.players[seat].guild
