"""The action space and the observation vector of Fated Kingdom, for learning agents.

The space is a table of every action a config can offer, kind by kind (see :func:`action_space`);
the observation is one flat vector: per-tile planes, then vectors for the game, the turn, the
decision, the fight or duel being rolled, each guild and each card of the pack (see
:func:`observation` and the documentation's *Action spaces and observations* page).
"""

from __future__ import annotations

import array
import functools
import itertools
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
from ._pieces import COIN_LIMIT, MAX_ROUNDS, Config
from ._query import SLOTS
from ._state import View
from ._words import ExtraDie

_SPECIALS: Final = ("castle", "inner_signpost", "outer_signpost", "observatory")
DECISION_KINDS: Final = (
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
"""The kinds of decision (:func:`~kinmarr.decision`), chance's first, in the order of the
``turn`` segment's one-hot."""
_READ: Final = (
    WindowFrame,
    OfferFrame,
    ChooseFrame,
    FightFrame,
    DuelFrame,
    EncounterFrame,
    GainFrame,
    PayFrame,
    LootFrame,
)
"""The frames an observation reads (most frames on the stack are none of them)."""
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
        ("turn", 3 * seats + 1 + len(DECISION_KINDS) + 1),
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
    return (_plan(config).size,)


def observation_bounds(config: Config) -> tuple[float, float]:
    """The lowest and highest number of any observation with ``config``: ``0`` and the most a
    stored count may reach (:data:`~kinmarr.MAX_ROUNDS` rounds, unless the pack's cards are
    more).

    >>> observation_bounds(Config())
    (0.0, 1000.0)
    """
    return 0.0, float(max(MAX_ROUNDS, COIN_LIMIT, len(config.content.cards)))


class _Plan:
    """Where each number of an observation of one config goes, worked out once per config
    (:func:`_plan`), so that marking a view looks places up instead of counting them.

    Attributes:
        size: how many numbers an observation holds.
        seats: the number of seats.
        card: each card's first position, the start of its numbers in ``cards``.
        game, turn, flags, window, offer, combat, guilds: where those segments start.
        decision: the position of each decision kind's one (``None``: no decision).
        request: the position of each request's one in ``window``.
        face: each face's place among a die's numbers; ``blank`` a die not rolled (its Dodge
            used comes next).
        roll_d: where the defender's roll starts in ``combat``.
        guild: each guild's place among a seat's numbers in ``guilds``, ``guild_width`` apart.
    """

    __slots__ = (
        "blank",
        "card",
        "combat",
        "decision",
        "face",
        "flags",
        "game",
        "guild",
        "guild_width",
        "guilds",
        "offer",
        "request",
        "roll_d",
        "seats",
        "size",
        "turn",
        "window",
    )

    def __init__(self, config: Config) -> None:
        layout = _layout(config)
        ends = list(itertools.accumulate(size for _name, size in layout))
        starts = {name: end - size for (name, size), end in zip(layout, ends, strict=True)}
        self.size = ends[-1]
        seats = self.seats = len(config.guilds)
        width = _per_card(seats)
        index = config.rules.index
        self.card = {card: starts["cards"] + index[card] * width for card in config.rules.card}
        self.game = starts["game"]
        self.turn = starts["turn"]
        after_seats = self.turn + 3 * seats + 1
        self.decision: dict[str | None, int] = {
            kind: after_seats + i for i, kind in enumerate((*DECISION_KINDS, None))
        }
        self.flags = starts["flags"]
        self.window = starts["window"]
        self.request = {request: self.window + i for i, request in enumerate(REQUESTS_ORDER)}
        self.offer = starts["offer"]
        self.combat = starts["combat"]
        self.face: dict[str, int] = {face: i for i, face in enumerate(FACES)}
        self.blank = len(FACES)
        self.roll_d = self.combat + 6 + _dice_limit(config.guilds, config.rules) * (len(FACES) + 2)
        self.guilds = starts["guilds"]
        guild_ids = [g.id for g in config.content.guilds]
        self.guild = {guild: 5 + i for i, guild in enumerate(guild_ids)}
        self.guild_width = 5 + len(guild_ids)


@functools.lru_cache(maxsize=64)
def _plan(config: Config) -> _Plan:
    return _Plan(config)


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
def _top_ones(plan: _Plan, top: tuple[str, ...]) -> array.array[int]:
    """The ones of the cards of a deck above its known bottom (decks outlive many states, so
    each is marked once)."""
    return array.array("q", map(plan.card.__getitem__, top))


@functools.lru_cache(maxsize=256)
def _bottom_points(plan: _Plan, bottom: tuple[tuple[str, ...], ...]) -> dict[int, float]:
    """The numbers of the cards of a deck's known bottom groups: each group's number."""
    card = plan.card
    return {
        card[c] + 1: float(group)
        for group, cards_in in enumerate(bottom, start=1)
        for c in cards_in
    }


def _mark_roll(ones: array.array[int], plan: _Plan, at: int, roll: DiceRoll | None) -> None:
    if roll is None:
        return
    face, blank, width = plan.face, plan.blank, plan.blank + 2
    for side, used in zip(roll.faces, roll.used, strict=True):
        ones.append(at + (face[side] if side else blank))
        if used:
            ones.append(at + blank + 1)
        at += width


def _mark(position: View, marks: Marks) -> None:
    """The numbers of :func:`observation` beyond the tiles of its config. No two marks fall on
    one position, so their order does not matter."""
    plan = _plan(position.config)
    points = marks.points
    ones = marks.ones
    one = ones.append
    seats = plan.seats
    card = plan.card
    flags = position.flags

    at = plan.game
    points[at] = float(position.fate)
    points[at + 1] = float(position.round)
    points[at + 2] = float(position.ending is not None)
    points[at + 3] = float(len(position.shop))
    at += 4
    for deck in (position.encounters, position.abilities, position.items, position.prophecies):
        top, bottom = deck.top, deck.bottom
        ones.extend(_top_ones(plan, top))
        known = 0
        if bottom:
            points.update(_bottom_points(plan, bottom))
            known = sum(map(len, bottom))
        points[at] = float(len(top) + known)
        points[at + 4] = float(known)
        at += 1

    at = plan.turn
    asking = acting(position)
    if position.turn is not None:
        one(at + position.turn)
    one(at + seats + position.seat)
    if asking is not None:
        one(at + 2 * seats + (seats if asking == CHANCE else asking))
    one(plan.decision[decision_kind(position)])

    at = plan.flags
    points[at] = float(flags.roll)
    points[at + 1] = float(flags.refreshes)
    points[at + 2] = float(flags.dueled)
    points[at + 3] = float(flags.shop)
    points[at + 4] = float(flags.duel_anywhere)
    for s in flags.powers:
        one(at + 5 + s)
    for s in flags.traded:
        one(at + 5 + seats + s)

    at = plan.guilds
    hands, slots = 3, 3 + seats
    for s, player in enumerate(position.players):
        tile = player.tile
        if tile is not None:
            one(s * TILES + _board.position(tile))
        points[at] = float(tile is not None)
        points[at + 1] = float(player.wounds)
        points[at + 2] = float(player.coins)
        points[at + 3] = float(len(player.hand))
        points[at + 4] = float(len(player.slots))
        one(at + plan.guild[player.guild])
        at += plan.guild_width
        for c in player.hand:
            one(card[c] + hands + s)
        for c in player.slots:
            one(card[c] + slots + s)

    base = 3 + 2 * seats
    for c in position.shop:
        one(card[c] + 2)
    for c in position.discarded:
        one(card[c] + base)
    if position.prophecy is not None:
        one(card[position.prophecy] + base + 1)
    for lasting in position.lasting:
        points[card[lasting.card] + base + 2] = float(lasting.rounds)
    for feature, group_of in enumerate((flags.moved, flags.shown, flags.spent), start=base + 3):
        for c in group_of:
            one(card[c] + feature)

    # the innermost window, offer and fight or duel; the cards the frames hold
    window: WindowFrame | None = None
    offer: OfferFrame | None = None
    combat: FightFrame | DuelFrame | None = None
    for frame in position.frames:
        if not isinstance(frame, _READ):
            continue
        if isinstance(frame, WindowFrame):
            window = frame
        elif isinstance(frame, OfferFrame):
            offer = frame
        elif isinstance(frame, ChooseFrame):
            for c in frame.cards:
                one(card[c] + base + 8)
            for c in frame.chosen:
                one(card[c] + base + 9)
        elif isinstance(frame, FightFrame):
            combat = frame
            one(card[frame.creature] + base + 10)
        elif isinstance(frame, DuelFrame):
            combat = frame
        elif isinstance(frame, EncounterFrame | GainFrame):
            one(card[frame.card] + base + 10)
        elif isinstance(frame, PayFrame):
            one(card[frame.tower] + base + 10)
        elif isinstance(frame, LootFrame):
            for c in (*frame.items, *frame.creatures):
                one(card[c] + base + 11)

    if window is not None:
        one(plan.request[window.request])
        at = plan.window + len(REQUESTS_ORDER)
        points[at] = float(len(window.stack))
        points[at + 1] = float(window.passes)

    if offer is not None:
        at = plan.offer
        points[at] = float(offer.give_coins)
        points[at + 1] = float(offer.ask_coins)
        points[at + 2] = float(offer.proposed)
        one(at + 3 + offer.partner)
        for c in offer.give:
            one(card[c] + base + 6)
        for c in offer.ask:
            one(card[c] + base + 7)

    at = plan.combat
    if isinstance(combat, FightFrame):
        points[at] = 1.0
        points[at + 1] = 0.0
        points[at + 2] = float(combat.hits)
        points[at + 3] = float(combat.block)
        _mark_roll(ones, plan, at + 6, combat.dice)
    elif isinstance(combat, DuelFrame):
        points[at] = 0.0
        points[at + 1] = 1.0
        points[at + 2] = float(combat.hits_a)
        points[at + 3] = float(combat.block_a)
        points[at + 4] = float(combat.hits_d)
        points[at + 5] = float(combat.block_d)
        _mark_roll(ones, plan, at + 6, combat.dice_a)
        _mark_roll(ones, plan, plan.roll_d, combat.dice_d)


OBSERVER: Final = Observer(observation_shape, _mark, background=_background, view_type=View)
"""kinmarr's observations (:func:`observation_shape` says what they hold)."""
