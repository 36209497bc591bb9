"""Scenario helpers: pure functions that set up positions for puzzles and tests.

Each editing helper returns a new, valid :class:`~kinmarr.State` (the input is untouched); the
game then works on until the next decision, as after an action (a response window whose only
possible answer was taken away closes, say). The queries read a state or a view.

>>> import kinmarr
>>> from kinmarr import scenario
>>> state = kinmarr.new_game(seed=4)
>>> state = scenario.put_player(state, 0, kinmarr.CHURCHYARD)
>>> state = scenario.give(state, 0, "consecrated-hammer", slot=True)
>>> state = scenario.set_player(state, 0, wounds=2, coins=7)
>>> info = scenario.player_info(state, 0)
>>> info.tile, info.wounds, info.coins, info.slots
(Tile(ring='outer', index=17), 2, 7, ('consecrated-hammer',))
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from tabletop_rules import Seat, StateFormatError

from ._board import Tile
from ._engine import run
from ._frames import DropFrame
from ._pieces import COIN_LIMIT, DECK_FIELD, Deck, Player
from ._query import HAND_LIMIT, SLOTS
from ._state import State, View
from ._validate import validate
from ._work import Work

__all__ = [
    "PlayerInfo",
    "discard",
    "fate",
    "give",
    "player_info",
    "prophecy",
    "put_player",
    "round_number",
    "set_fate",
    "set_player",
    "set_prophecy",
    "set_shop",
    "shop",
    "stack_deck",
]


@attrs.frozen
class PlayerInfo:
    """What :func:`player_info` tells of a player.

    Attributes:
        seat: the seat.
        guild: the guild's id.
        tile: where the token stands (``None`` when dead).
        wounds: wounds taken (0 to 3).
        coins: coins held.
        alive: whether the character lives.
        hand: the cards in hand, in pack order.
        slots: the slotted cards, in pack order.
    """

    seat: Seat
    guild: str
    tile: Tile | None
    wounds: int
    coins: int
    alive: bool
    hand: tuple[str, ...]
    slots: tuple[str, ...]


def _seat(state: State | View, seat: Seat) -> Player:
    if type(seat) is not int or not 0 <= seat < len(state.players):
        raise ValueError(f"no seat {seat!r} in this game")
    return state.players[seat]


def _living(state: State, seat: Seat) -> Player:
    player = _seat(state, seat)
    if player.tile is None:
        raise ValueError(f"seat {seat} is dead")
    return player


def _settled(state: State) -> State:
    """Work the edited state on to its next decision, and check it."""
    work = Work(state)
    if state.ending is None:
        run(work)
    after = work.freeze()
    try:
        validate(after)
    except StateFormatError as exc:
        raise ValueError(f"the edit leaves an impossible state: {exc}") from exc
    return after


def _with_deck(state: State, field: str, deck: Deck) -> State:
    if field == "encounters":
        return attrs.evolve(state, encounters=deck)
    if field == "abilities":
        return attrs.evolve(state, abilities=deck)
    if field == "items":
        return attrs.evolve(state, items=deck)
    return attrs.evolve(state, prophecies=deck)


def _with_player(state: State, seat: Seat, player: Player) -> State:
    players = tuple(player if i == seat else p for i, p in enumerate(state.players))
    return attrs.evolve(state, players=players)


def put_player(state: State, seat: Seat, tile: Tile) -> State:
    """Put ``seat``'s token on ``tile`` (no tile acts).

    Raises:
        ValueError: no such seat, a dead character, or not a :class:`~kinmarr.Tile`.
    """
    player = _living(state, seat)
    if not isinstance(tile, Tile):
        raise ValueError(f"not a Tile: {tile!r}")
    return _settled(_with_player(state, seat, attrs.evolve(player, tile=tile)))


def set_player(
    state: State, seat: Seat, *, wounds: int | None = None, coins: int | None = None
) -> State:
    """Set ``seat``'s wounds (0 to 3) and/or coins.

    Raises:
        ValueError: no such seat, a dead character, or a value out of range.
    """
    player = _living(state, seat)
    if wounds is not None:
        if type(wounds) is not int or not 0 <= wounds <= 3:
            raise ValueError(f"wounds are 0 to 3 (more is death), not {wounds!r}")
        player = attrs.evolve(player, wounds=wounds)
    if coins is not None:
        if type(coins) is not int or not 0 <= coins <= COIN_LIMIT:
            raise ValueError(f"coins are 0 to {COIN_LIMIT} (K16), not {coins!r}")
        player = attrs.evolve(player, coins=coins)
    return _settled(_with_player(state, seat, player))


def set_fate(state: State, n: int) -> State:
    """Set the Fate sphere (0 to 10).

    Raises:
        ValueError: ``n`` out of range.
    """
    if type(n) is not int or not 0 <= n <= 10:
        raise ValueError(f"Fate is 0 to 10, not {n!r}")
    return _settled(attrs.evolve(state, fate=n))


def _take(state: State, card: str) -> State:
    """``state`` without ``card`` wherever it lies (a deck, the Shop, the discard, a player, the
    prophecy, a lasting event).

    Raises:
        ValueError: no such card, or one held by pending work (a fight, a choice).
    """
    rules = state.config.rules
    if card not in rules.card:
        raise ValueError(f"no card {card!r} in this game's pack")
    for field in DECK_FIELD.values():
        deck: Deck = getattr(state, field)
        if card in deck.cards():
            top = tuple(c for c in deck.top if c != card)
            bottom = tuple(g for g in (tuple(c for c in g if c != card) for g in deck.bottom) if g)
            return _with_deck(state, field, Deck(top, bottom))
    if card in state.shop:
        return attrs.evolve(state, shop=tuple(c for c in state.shop if c != card))
    if card in state.discarded:
        return attrs.evolve(state, discarded=state.discarded - {card})
    if state.prophecy == card:
        return attrs.evolve(state, prophecy=None)
    if any(e.card == card for e in state.lasting):
        return attrs.evolve(state, lasting=tuple(e for e in state.lasting if e.card != card))
    for seat, player in enumerate(state.players):
        if card in player.hand or card in player.slots:
            player = attrs.evolve(
                player,
                hand=tuple(c for c in player.hand if c != card),
                slots=tuple(c for c in player.slots if c != card),
            )
            return _with_player(state, seat, player)
    raise ValueError(f"{card!r} is held by work in progress (a fight, a choice, the Stack)")


def give(state: State, seat: Seat, card_id: str, *, slot: bool = False) -> State:
    """Give ``seat`` a card, taken from wherever it lies, into its hand or (``slot=True``) a
    slot.

    Raises:
        ValueError: no such card or seat, a dead character, no room, a card that cannot be held
            there (K15: an Ability of another guild; slots hold Items and Abilities).
    """
    player = _living(state, seat)
    rules = state.config.rules
    state = _take(state, card_id)
    player = state.players[seat]
    card = rules.card[card_id]
    if card.kind in ("place", "event", "prophecy"):
        raise ValueError(f"a {card.kind} is never held")
    if card.kind == "ability" and card.guild not in (None, player.guild):
        raise ValueError(f"K15: {card_id!r} belongs to the {card.guild} guild")
    order = rules.index.__getitem__
    if slot:
        if card.kind not in ("ability", "item") or len(player.slots) >= SLOTS:
            raise ValueError(f"no slot for {card_id!r}")
        player = attrs.evolve(player, slots=tuple(sorted((*player.slots, card_id), key=order)))
    else:
        limit = HAND_LIMIT + any(isinstance(f, DropFrame) and f.seat == seat for f in state.frames)
        if len(player.hand) >= limit:
            raise ValueError("the hand is full")
        player = attrs.evolve(player, hand=tuple(sorted((*player.hand, card_id), key=order)))
    return _settled(_with_player(state, seat, player))


def discard(state: State, card_ids: Iterable[str]) -> State:
    """Take these cards out of the game (from wherever they lie) into the discard.

    Raises:
        ValueError: no such card, or one held by work in progress.
    """
    for card in card_ids:
        state = _take(state, card)
        state = attrs.evolve(state, discarded=state.discarded | {card})
    return _settled(state)


def stack_deck(state: State, deck: str, card_ids: Iterable[str]) -> State:
    """Put these cards of ``deck`` (``"encounter"``, ``"ability"``, ``"item"``,
    ``"prophecy"``) on its top, the first to be drawn first (sampled chance only: in explicit
    chance mode, answer the draws with :class:`~kinmarr.Reveal`).

    Raises:
        ValueError: an unknown deck, explicit chance, or a card not in that deck.
    """
    if deck not in DECK_FIELD:
        raise ValueError(f"unknown deck {deck!r}; expected one of {sorted(DECK_FIELD)}")
    if state.config.explicit:
        raise ValueError("in explicit chance mode every draw is chance's decision: answer it")
    cards = tuple(card_ids)
    stored: Deck = getattr(state, DECK_FIELD[deck])
    if len(set(cards)) != len(cards) or not set(cards) <= set(stored.cards()):
        raise ValueError(f"stack cards of the {deck} deck, each once")
    top = cards + tuple(c for c in stored.top if c not in cards)
    bottom = tuple(g for g in (tuple(c for c in g if c not in cards) for g in stored.bottom) if g)
    return _settled(_with_deck(state, DECK_FIELD[deck], Deck(top, bottom)))


def set_shop(state: State, card_ids: Iterable[str]) -> State:
    """Make the Shop hold these Items (at most 4), taken from the Item deck or the Shop; the
    Items it held go back on top of the Item deck.

    Raises:
        ValueError: not Items of the Item deck or Shop, or more than 4.
    """
    cards = tuple(card_ids)
    rules = state.config.rules
    if len(cards) > 4 or len(set(cards)) != len(cards):
        raise ValueError("the Shop holds at most 4 different Items")
    available = {*state.items.cards(), *state.shop}
    for card in cards:
        if card not in available:
            raise ValueError(f"{card!r} is not an Item of the Item deck or the Shop")
    back = tuple(c for c in state.shop if c not in cards)
    items = state.items
    top = back + tuple(c for c in items.top if c not in cards)
    if state.config.explicit:
        top = tuple(sorted(top, key=rules.index.__getitem__))
    bottom = tuple(g for g in (tuple(c for c in g if c not in cards) for g in items.bottom) if g)
    shop = tuple(sorted(cards, key=rules.index.__getitem__))
    return _settled(attrs.evolve(state, items=Deck(top, bottom), shop=shop))


def set_prophecy(state: State, card_id: str | None) -> State:
    """Make ``card_id`` the active prophecy (the one active goes back to the Prophecy deck).

    Raises:
        ValueError: not a prophecy of the Prophecy deck.
    """
    rules = state.config.rules
    prophecies = state.prophecies
    top = prophecies.top
    if state.prophecy is not None:
        top = (*top, state.prophecy)
    if card_id is not None:
        if card_id not in rules.card or card_id not in (*prophecies.cards(), state.prophecy):
            raise ValueError(f"{card_id!r} is not a prophecy of the Prophecy deck")
        top = tuple(c for c in top if c != card_id)
        prophecies = Deck(
            top, tuple(tuple(c for c in g if c != card_id) for g in prophecies.bottom)
        )
        prophecies = Deck(prophecies.top, tuple(g for g in prophecies.bottom if g))
    else:
        prophecies = Deck(top, prophecies.bottom)
    if state.config.explicit:
        prophecies = Deck(
            tuple(sorted(prophecies.top, key=rules.index.__getitem__)), prophecies.bottom
        )
    return _settled(attrs.evolve(state, prophecies=prophecies, prophecy=card_id))


def player_info(state: State | View, seat: Seat) -> PlayerInfo:
    """What a player holds and where it stands.

    Raises:
        ValueError: no such seat.
    """
    player = _seat(state, seat)
    return PlayerInfo(
        seat,
        player.guild,
        player.tile,
        player.wounds,
        player.coins,
        player.tile is not None,
        player.hand,
        player.slots,
    )


def fate(state: State | View) -> int:
    """The Fate sphere, 0 to 10."""
    return state.fate


def shop(state: State | View) -> tuple[str, ...]:
    """The Items for sale, in pack order."""
    return state.shop


def round_number(state: State | View) -> int:
    """The round being played, from 1."""
    return state.round


def prophecy(state: State | View) -> str | None:
    """The active prophecy's id, if any."""
    return state.prophecy
