"""The action space and the observation vector of Fated Kingdom, for learning agents.

The space is a table of every action a config can offer, kind by kind (see :func:`action_space`);
the observation is one flat vector: per-tile planes, then vectors for the game, the turn, the
decision, the fight or duel being rolled, each guild and each card of the pack (see
:func:`observation` and the documentation's *Action spaces and observations* page).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Final

from tabletop_rules import CHANCE, ActionSpace, Observation, TableSpace

from . import _board
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
)
from ._board import TILES
from ._content import FACES, REQUESTS_ORDER, Compiled
from ._effects import ExtraDie
from ._frames import (
    ChooseFrame,
    DiceRoll,
    DuelFrame,
    EncounterFrame,
    FightFrame,
    GainFrame,
    LootFrame,
    OfferFrame,
    PayFrame,
    WindowFrame,
)
from ._legal import acting, decision_kind
from ._query import SLOTS
from ._state import Config, View

__all__ = ["action_space", "dice_limit", "observation", "observation_shape"]

_SPECIALS: Final = ("castle", "inner_signpost", "outer_signpost", "observatory")
_DECISIONS: Final = (
    "chance",
    "window",
    "start",
    "duel",
    "end",
    "choose",
    "pay",
    "reroll",
    "keep",
    "drop",
    "loot",
    "trophy",
    "offer",
    "accept",
)
_TRAVEL_DIE: Final = 6
"""Faces of the travel die (K3)."""
_HELD: Final = ("item", "creature")
"""The kinds of card a trade, a loot or a trophy moves."""


@functools.lru_cache(maxsize=64)
def _dice_limit(guilds: tuple[str, ...], rules: Compiled) -> int:
    def extra(effects: tuple[object, ...]) -> int:
        return sum(isinstance(e, ExtraDie) for e in effects)

    own = max(len(rules.guild[g].dice) + extra(rules.guild[g].power.passive) for g in guilds)
    cards = sorted((extra(card.passive) for card in rules.card.values()), reverse=True)
    return own + sum(cards[:SLOTS])


def dice_limit(config: Config) -> int:
    """The most combat dice one roll of a game with ``config`` can have: the most a configured
    guild rolls (its dice and its power's extra dice), plus the extra dice of the three cards of
    the pack that add the most (one per inventory slot). Every :class:`~kinmarr.Reroll` of dice
    below that number is in :func:`action_space`.

    >>> dice_limit(Config())
    6
    """
    return _dice_limit(config.guilds, config.rules)


def _universe(guilds: tuple[str, ...], rules: Compiled) -> Iterator[Action]:
    seats = range(len(guilds))
    cards = sorted(rules.card.values(), key=lambda card: rules.index[card.id])
    ids = [c.id for c in cards]

    def of(*kinds: str) -> list[str]:
        return [c.id for c in cards if c.kind in kinds]

    yield Pass()
    for card in cards:
        if card.usage is not None:
            if card.usage.target == "self":
                yield Use(card.id)
            else:
                yield from (Use(card.id, s) for s in seats)
    yield Power()
    yield from (Power(s) for s in seats)
    yield Travel()
    yield from (ShowTower(c) for c in of("tower"))
    yield from (Slot(c) for c in of("ability", "item"))
    yield from (Unslot(c) for c in of("ability", "item"))
    yield from (Buy(c) for c in of("item"))
    yield from (Sell(c) for c in of("item"))
    yield Refresh()
    yield from (Duel(s) for s in seats)
    yield NoDuel()
    yield from (Trade(s) for s in seats)
    yield EndTurn()
    yield from (Give(c) for c in of(*_HELD))
    yield GiveCoin()
    yield from (Ask(c) for c in of(*_HELD))
    yield AskCoin()
    yield Propose()
    yield NoTrade()
    yield AcceptTrade()
    yield RefuseTrade()
    yield from (Choose(c) for c in ids)
    yield from (Pay(c) for c in of("creature"))
    dice = _dice_limit(guilds, rules)
    for d in range(dice):
        yield Reroll(d, None)
        yield from (Reroll(d, o) for o in range(dice) if o != d)
    yield NoReroll()
    yield Keep("slot")
    yield Keep("hand")
    yield from (Drop(c) for c in ids)
    yield from (Loot(c) for c in of(*_HELD))
    yield LootCoins()
    yield SkipLoot()
    yield from (Take(c) for c in of(*_HELD))
    yield TakeCoins()
    yield from (Roll(v) for v in range(1, _TRAVEL_DIE + 1))
    yield from (FaceResult(f) for f in FACES)
    yield from (Reveal(c) for c in ids)


@functools.lru_cache(maxsize=64)
def _space(guilds: tuple[str, ...], rules: Compiled) -> TableSpace[Action]:
    return TableSpace(_universe(guilds, rules))


def action_space(config: Config) -> ActionSpace[Action]:
    """Every action a game with ``config``'s guilds and pack can offer, in this order:
    :class:`Pass`; :class:`Use` of each card of the pack with a usage (in pack order; once
    without a target for a card used on its user, else once per seat); :class:`Power` without
    a target, then on each seat; :class:`Travel`; :class:`ShowTower` each tower;
    :class:`Slot` and :class:`Unslot` each Ability and Item; :class:`Buy` and :class:`Sell`
    each Item; :class:`Refresh`; :class:`Duel` each seat; :class:`NoDuel`; :class:`Trade` each
    seat; :class:`EndTurn`; :class:`Give` each Item and creature, :class:`GiveCoin`,
    :class:`Ask` each Item and creature, :class:`AskCoin`, :class:`Propose`, :class:`NoTrade`,
    :class:`AcceptTrade`, :class:`RefuseTrade`; :class:`Choose` each card; :class:`Pay` each
    creature; :class:`Reroll` of each die below :func:`dice_limit` (alone, then with each other
    die); :class:`NoReroll`; :class:`Keep` in a slot, in the hand; :class:`Drop` each card;
    :class:`Loot` each Item and creature, :class:`LootCoins`, :class:`SkipLoot`; :class:`Take`
    each Item and creature, :class:`TakeCoins`; chance's :class:`Roll` of 1 to 6,
    :class:`FaceResult` each face, :class:`Reveal` each card. Only the guilds and the pack
    matter; a table built once per pair.

    >>> space = action_space(Config())
    >>> space.size, space.index(Travel())
    (967, 62)
    """
    return _space(config.guilds, config.rules)


# -- observations ----------------------------------------------------------------------------


def _per_card(seats: int) -> int:
    return 15 + 2 * seats


def _layout(config: Config) -> tuple[tuple[str, int], ...]:
    """The segments of the vector, each ``(name, length)``, in order."""
    seats = len(config.guilds)
    dice = _dice_limit(config.guilds, config.rules)
    return (
        ("tiles", (seats + len(_SPECIALS) + 1) * TILES),
        ("game", 12),
        ("turn", 3 * seats + 1 + len(_DECISIONS) + 1),
        ("flags", 5 + 2 * seats),
        ("window", len(REQUESTS_ORDER) + 2),
        ("offer", 3 + seats),
        ("combat", 2 + 4 + 2 * dice * (len(FACES) + 2)),
        ("guilds", seats * (5 + len(config.content.guilds))),
        ("cards", len(config.content.cards) * _per_card(seats)),
    )


def observation_shape(config: Config) -> tuple[int]:
    """The shape of every observation of a game with ``config``: one flat vector, the segments
    of :func:`observation` end to end.

    >>> observation_shape(Config())
    (3521,)
    """
    return (sum(size for _, size in _layout(config)),)


def _roll(roll: DiceRoll | None, dice: int) -> list[float]:
    out = [0.0] * (dice * (len(FACES) + 2))
    if roll is None:
        return out
    width = len(FACES) + 2
    for i, (face, used) in enumerate(zip(roll.faces, roll.used, strict=True)):
        out[i * width + (FACES.index(face) if face else len(FACES))] = 1.0
        out[i * width + len(FACES) + 1] = float(used)
    return out


def observation(position: View) -> Observation:
    """What a view shows, as one flat vector of floats (``observation_shape(view.config)``),
    segment after segment (41 tiles, numbered as :func:`~kinmarr.scenario.put_player` counts
    them: the inner path then the outer; ``n`` seats):

    * ``tiles`` — planes of 41 values, plane after plane: each seat's token (1), each special
      tile (castle, inner signpost, outer signpost, observatory), a tile with an action;
    * ``game`` — Fate, the round, over (1), Items in the Shop, the sizes of the Encounter,
      Ability, Item and Prophecy decks, and of their known bottoms;
    * ``turn`` — whose turn, the viewing seat, who answers (one-hot of ``n`` each, the last
      with chance after the seats), the decision (one-hot: chance, window, start, duel, end,
      choose, pay, reroll, keep, drop, loot, trophy, offer, accept, then none);
    * ``flags`` — the travel die, the Shop refreshes, a duel declared, the Shop usable, duels
      anywhere, then per seat its power used and a trade offered to it this turn;
    * ``window`` — the request of the open response window (one-hot), the answers stacked,
      the passes in a row;
    * ``offer`` — coins offered and asked for, the offer made, the partner (one-hot);
    * ``combat`` — a fight (1), a duel (1), the wounds and blocks answers added on each side,
      then two rolls (the fighter's or attacker's, the defender's) of :func:`dice_limit` dice,
      each die a one-hot of its face (hit, miss, critical, resilience, dodge, insight, not
      rolled) and its Dodge used;
    * ``guilds`` — per seat: alive, wounds, coins, cards in hand, cards in slots, its guild
      (one-hot over the pack's guilds);
    * ``cards`` — per card of the pack, in pack order: in a deck above its known bottom, in a
      known bottom group (the group's number from 1, nearest first), in the Shop, in each
      seat's hand (``n``), in each seat's slots (``n``), left the game, the active Prophecy,
      rounds left as a lasting event, moved, shown and spent this turn, offered, asked for,
      revealed for a choice, chosen, in play now (fought, gained, paid for or drawn), in a loot.

    Every card drawn is public in this game, so the view hides only the order of the decks,
    which no observation reads: every redeal of a view gives the same observation.

    >>> import kinmarr
    >>> state = kinmarr.new_game(kinmarr.Config(guilds=("feudal_pact", "pathfinders")), seed=1)
    >>> len(observation(kinmarr.view(state, 0))) == observation_shape(state.config)[0]
    True

    Raises:
        TypeError: ``position`` is not a :class:`View` (take ``view(state, seat)`` first).
    """
    if not isinstance(position, View):
        raise TypeError(
            f"observation takes a kinmarr View, not {type(position).__name__}: "
            "pass view(state, seat)"
        )
    config = position.config
    rules = config.rules
    pack = config.content
    seats = len(config.guilds)
    dice = _dice_limit(config.guilds, rules)
    out: list[float] = []

    tokens = [[0.0] * TILES for _ in range(seats)]
    for s, player in enumerate(position.players):
        if player.tile is not None:
            tokens[s][_board.position(player.tile)] = 1.0
    specials = [[0.0] * TILES for _ in _SPECIALS]
    for name, at in rules.special.items():
        specials[_SPECIALS.index(name)][at] = 1.0
    actions = [float(bool(tile.effects)) for tile in rules.tiles]
    for plane in (*tokens, *specials, actions):
        out += plane

    decks = (position.encounters, position.abilities, position.items, position.prophecies)
    out += [
        float(position.fate),
        float(position.round),
        float(position.ending is not None),
        float(len(position.shop)),
        *(float(len(d)) for d in decks),
        *(float(sum(len(g) for g in d.bottom)) for d in decks),
    ]

    def one_hot(index: int | None, width: int) -> list[float]:
        found = [0.0] * width
        if index is not None:
            found[index] = 1.0
        return found

    asking = acting(position)
    kind = decision_kind(position)
    out += one_hot(position.turn, seats)
    out += one_hot(position.seat, seats)
    out += one_hot(None if asking is None else seats if asking == CHANCE else asking, seats + 1)
    out += one_hot(
        _DECISIONS.index(kind) if kind is not None else len(_DECISIONS), len(_DECISIONS) + 1
    )

    flags = position.flags
    out += [
        float(flags.roll),
        float(flags.refreshes),
        float(flags.dueled),
        float(flags.shop),
        float(flags.duel_anywhere),
    ]
    out += [float(s in flags.powers) for s in range(seats)]
    out += [float(s in flags.traded) for s in range(seats)]

    frames = position.frames

    def innermost(kinds: tuple[type, ...]) -> object | None:
        return next((f for f in reversed(frames) if isinstance(f, kinds)), None)

    window = innermost((WindowFrame,))
    if isinstance(window, WindowFrame):
        out += one_hot(REQUESTS_ORDER.index(window.request), len(REQUESTS_ORDER))
        out += [float(len(window.stack)), float(window.passes)]
    else:
        out += [0.0] * (len(REQUESTS_ORDER) + 2)

    offer = innermost((OfferFrame,))
    if isinstance(offer, OfferFrame):
        out += [float(offer.give_coins), float(offer.ask_coins), float(offer.proposed)]
        out += one_hot(offer.partner, seats)
    else:
        out += [0.0] * (3 + seats)

    combat = innermost((FightFrame, DuelFrame))
    if isinstance(combat, FightFrame):
        out += [1.0, 0.0, float(combat.hits), float(combat.block), 0.0, 0.0]
        out += _roll(combat.dice, dice) + _roll(None, dice)
    elif isinstance(combat, DuelFrame):
        out += [0.0, 1.0, float(combat.hits_a), float(combat.block_a)]
        out += [float(combat.hits_d), float(combat.block_d)]
        out += _roll(combat.dice_a, dice) + _roll(combat.dice_d, dice)
    else:
        out += [0.0] * (6 + 2 * dice * (len(FACES) + 2))

    guild_ids = [g.id for g in pack.guilds]
    for player in position.players:
        out += [
            float(player.alive),
            float(player.wounds),
            float(player.coins),
            float(len(player.hand)),
            float(len(player.slots)),
        ]
        out += one_hot(guild_ids.index(player.guild), len(guild_ids))

    width = _per_card(seats)
    index = rules.index
    cards = [0.0] * (len(pack.cards) * width)

    def mark(card: str, feature: int, value: float = 1.0) -> None:
        cards[index[card] * width + feature] = value

    for deck in decks:
        for card in deck.top:
            mark(card, 0)
        for group, cards_in in enumerate(deck.bottom, start=1):
            for card in cards_in:
                mark(card, 1, float(group))
    for card in position.shop:
        mark(card, 2)
    for s, player in enumerate(position.players):
        for card in player.hand:
            mark(card, 3 + s)
        for card in player.slots:
            mark(card, 3 + seats + s)
    base = 3 + 2 * seats
    for card in position.discarded:
        mark(card, base)
    if position.prophecy is not None:
        mark(position.prophecy, base + 1)
    for lasting in position.lasting:
        mark(lasting.card, base + 2, float(lasting.rounds))
    for feature, group_of in enumerate((flags.moved, flags.shown, flags.spent), start=base + 3):
        for card in group_of:
            mark(card, feature)
    if isinstance(offer, OfferFrame):
        for card in offer.give:
            mark(card, base + 6)
        for card in offer.ask:
            mark(card, base + 7)
    for frame in frames:
        if isinstance(frame, ChooseFrame):
            for card in frame.cards:
                mark(card, base + 8)
            for card in frame.chosen:
                mark(card, base + 9)
        elif isinstance(frame, FightFrame | EncounterFrame | GainFrame):
            mark(frame.creature if isinstance(frame, FightFrame) else frame.card, base + 10)
        elif isinstance(frame, PayFrame):
            mark(frame.tower, base + 10)
        elif isinstance(frame, LootFrame):
            for card in (*frame.items, *frame.creatures):
                mark(card, base + 11)
    out += cards
    return tuple(out)
