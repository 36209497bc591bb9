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

from tabletop_rules import CHANCE, ActionSpace, Marks, Observer, TableSpace

from . import _actions, _board
from ._actions import Action
from ._board import TILES
from ._content import FACES, REQUESTS_ORDER, Compiled
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
from ._pieces import COIN_LIMIT, MAX_ROUNDS, Config, Deck
from ._query import SLOTS
from ._state import View
from ._words import ExtraDie

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

    yield _actions.Pass()
    for card in cards:
        if card.usage is not None:
            if card.usage.target == "self":
                yield _actions.Use(card.id)
            else:
                yield from (_actions.Use(card.id, s) for s in seats)
    yield _actions.Power()
    yield from (_actions.Power(s) for s in seats)
    yield _actions.Travel()
    yield from (_actions.ShowTower(c) for c in of("tower"))
    yield from (_actions.Slot(c) for c in of("ability", "item"))
    yield from (_actions.Unslot(c) for c in of("ability", "item"))
    yield from (_actions.Buy(c) for c in of("item"))
    yield from (_actions.Sell(c) for c in of("item"))
    yield _actions.Refresh()
    yield from (_actions.Duel(s) for s in seats)
    yield _actions.NoDuel()
    yield from (_actions.Trade(s) for s in seats)
    yield _actions.EndTurn()
    yield from (_actions.Give(c) for c in of(*_HELD))
    yield _actions.GiveCoin()
    yield from (_actions.Ask(c) for c in of(*_HELD))
    yield _actions.AskCoin()
    yield _actions.Propose()
    yield _actions.NoTrade()
    yield _actions.AcceptTrade()
    yield _actions.RefuseTrade()
    yield from (_actions.Choose(c) for c in ids)
    yield from (_actions.Pay(c) for c in of("creature"))
    dice = _dice_limit(guilds, rules)
    for d in range(dice):
        yield _actions.Reroll(d, None)
        yield from (_actions.Reroll(d, o) for o in range(dice) if o != d)
    yield _actions.NoReroll()
    yield _actions.Keep("slot")
    yield _actions.Keep("hand")
    yield from (_actions.Drop(c) for c in ids)
    yield from (_actions.Loot(c) for c in of(*_HELD))
    yield _actions.LootCoins()
    yield _actions.SkipLoot()
    yield from (_actions.Take(c) for c in of(*_HELD))
    yield _actions.TakeCoins()
    yield from (_actions.Roll(v) for v in range(1, _TRAVEL_DIE + 1))
    yield from (_actions.FaceResult(f) for f in FACES)
    yield from (_actions.Reveal(c) for c in ids)


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
    (970, 65)
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
    of an observation end to end.

    An observation (:func:`~kinmarr.observation`) shows a view as one flat vector of floats,
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
    >>> observation_shape(Config())
    (3521,)
    >>> state = kinmarr.new_game(kinmarr.Config(guilds=("feudal_pact", "pathfinders")), seed=1)
    >>> len(kinmarr.observation(kinmarr.view(state, 0))) == observation_shape(state.config)[0]
    True
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


def observation_bounds(config: Config) -> tuple[float, float]:
    """The lowest and highest number of any observation with ``config``: ``0`` and the most a
    stored count may reach (:data:`~kinmarr.MAX_ROUNDS` rounds, unless the pack's cards are
    more).

    >>> observation_bounds(Config())
    (0.0, 1000.0)
    """
    return 0.0, float(max(MAX_ROUNDS, COIN_LIMIT, len(config.content.cards)))


@functools.lru_cache(maxsize=64)
def _starts(config: Config) -> dict[str, int]:
    """Where each segment of :func:`_layout` starts."""
    found, at = {}, 0
    for name, size in _layout(config):
        found[name] = at
        at += size
    return found


def _background(config: Config) -> list[float]:
    """The numbers every observation of ``config`` starts from: the special tiles and the tiles
    with an action."""
    rules = config.rules
    seats = len(config.guilds)
    values = [0.0] * observation_shape(config)[0]
    for name, at in rules.special.items():
        values[(seats + _SPECIALS.index(name)) * TILES + at] = 1.0
    actions = (seats + len(_SPECIALS)) * TILES
    for i, tile in enumerate(rules.tiles):
        values[actions + i] = float(bool(tile.effects))
    return values


@functools.lru_cache(maxsize=256)
def _deck_marks(deck: Deck, config: Config) -> tuple[float, float, dict[int, float]]:
    """A deck's size, the size of its known bottom and its marks in the ``cards`` segment
    (decks outlive many states, so each is marked once)."""
    width = _per_card(len(config.guilds))
    index = config.rules.index
    cards = _starts(config)["cards"]
    points = dict.fromkeys([cards + index[card] * width for card in deck.top], 1.0)
    for group, cards_in in enumerate(deck.bottom, start=1):
        for card in cards_in:
            points[cards + index[card] * width + 1] = float(group)
    known = sum(len(group) for group in deck.bottom)
    return float(len(deck.top) + known), float(known), points


def _mark_roll(points: dict[int, float], at: int, roll: DiceRoll | None) -> None:
    if roll is None:
        return
    width = len(FACES) + 2
    for i, (face, used) in enumerate(zip(roll.faces, roll.used, strict=True)):
        points[at + i * width + (FACES.index(face) if face else len(FACES))] = 1.0
        if used:
            points[at + i * width + len(FACES) + 1] = 1.0


def _mark(position: View, marks: Marks) -> None:
    """The numbers of :func:`observation` beyond the tiles of its config."""
    config = position.config
    rules = config.rules
    pack = config.content
    seats = len(config.guilds)
    dice = _dice_limit(config.guilds, rules)
    starts = _starts(config)
    points = marks.points

    for s, player in enumerate(position.players):
        if player.tile is not None:
            points[s * TILES + _board.position(player.tile)] = 1.0

    decks = [
        _deck_marks(deck, config)
        for deck in (position.encounters, position.abilities, position.items, position.prophecies)
    ]
    marks.put(
        starts["game"],
        (
            float(position.fate),
            float(position.round),
            float(position.ending is not None),
            float(len(position.shop)),
            *(size for size, _known, _points in decks),
            *(known for _size, known, _points in decks),
        ),
    )

    at = starts["turn"]
    asking = acting(position)
    kind = decision_kind(position)
    if position.turn is not None:
        points[at + position.turn] = 1.0
    points[at + seats + position.seat] = 1.0
    if asking is not None:
        points[at + 2 * seats + (seats if asking == CHANCE else asking)] = 1.0
    at += 3 * seats + 1
    points[at + (_DECISIONS.index(kind) if kind is not None else len(_DECISIONS))] = 1.0

    flags = position.flags
    at = marks.put(
        starts["flags"],
        (
            float(flags.roll),
            float(flags.refreshes),
            float(flags.dueled),
            float(flags.shop),
            float(flags.duel_anywhere),
        ),
    )
    for s in flags.powers:
        points[at + s] = 1.0
    for s in flags.traded:
        points[at + seats + s] = 1.0

    frames = position.frames

    def innermost(kinds: tuple[type, ...]) -> object | None:
        return next((f for f in reversed(frames) if isinstance(f, kinds)), None)

    window = innermost((WindowFrame,))
    if isinstance(window, WindowFrame):
        at = starts["window"]
        points[at + REQUESTS_ORDER.index(window.request)] = 1.0
        marks.put(at + len(REQUESTS_ORDER), (float(len(window.stack)), float(window.passes)))

    offer = innermost((OfferFrame,))
    if isinstance(offer, OfferFrame):
        at = starts["offer"]
        marks.put(at, (float(offer.give_coins), float(offer.ask_coins), float(offer.proposed)))
        points[at + 3 + offer.partner] = 1.0

    combat = innermost((FightFrame, DuelFrame))
    at = starts["combat"]
    rolls = at + 6
    if isinstance(combat, FightFrame):
        marks.put(at, (1.0, 0.0, float(combat.hits), float(combat.block)))
        _mark_roll(points, rolls, combat.dice)
    elif isinstance(combat, DuelFrame):
        marks.put(
            at,
            (
                0.0,
                1.0,
                float(combat.hits_a),
                float(combat.block_a),
                float(combat.hits_d),
                float(combat.block_d),
            ),
        )
        _mark_roll(points, rolls, combat.dice_a)
        _mark_roll(points, rolls + dice * (len(FACES) + 2), combat.dice_d)

    guild_ids = [g.id for g in pack.guilds]
    at = starts["guilds"]
    for player in position.players:
        marks.put(
            at,
            (
                float(player.alive),
                float(player.wounds),
                float(player.coins),
                float(len(player.hand)),
                float(len(player.slots)),
            ),
        )
        points[at + 5 + guild_ids.index(player.guild)] = 1.0
        at += 5 + len(guild_ids)

    width = _per_card(seats)
    index = rules.index
    cards = starts["cards"]

    def mark(card: str, feature: int, value: float = 1.0) -> None:
        points[cards + index[card] * width + feature] = value

    for _size, _known, deck_points in decks:
        points.update(deck_points)
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


OBSERVER: Final = Observer(observation_shape, _mark, background=_background, view_type=View)
"""kinmarr's observations (:func:`observation_shape` says what they hold)."""
