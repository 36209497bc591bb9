"""`validate`: check a state or view against the rules, as ``loads`` does for every saved one.

The checks: every field in range; every card of the pack in exactly one place (a deck, a hand, a
slot, the Shop, the active prophecy, a lasting event, the discard, or a frame that holds it);
hands and slots as the rules allow (K15); the frames well formed and in a possible order; each
frame fitting the state it sits in — the frames around it as the engine pushes them, whose turn
it is and who lives, the Shop's free places, the turn's flags, a running game within its last
round (K16); the frame on top waiting for an answer that has at least one legal action; a
finished game's round, Fate, scores and winners those of its ending. Each frame checks itself
(:meth:`~kinmarr._frames.BaseFrame.check_fields` while the cards are counted, then
:meth:`~kinmarr._frames.BaseFrame.check` once the frames' order is known), with the bounds and
helpers its own rules use, so that the check and the engine cannot disagree. Linear in the size
of the state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from tabletop_rules import CHANCE, Rng

from . import _pieces
from ._board import Tile, tile_at
from ._checks import card_ids as _ids
from ._checks import fail as _fail
from ._checks import of_type as _type
from ._checks import pack_sorted as _sorted
from ._checks import whole as _int
from ._content import Compiled
from ._frames import (
    FRAMES,
    DrawFrame,
    DropFrame,
    DuelFrame,
    FightFrame,
    MenuFrame,
    OfferFrame,
    RollFrame,
    StartFrame,
    TrophyFrame,
    TurnEndFrame,
)
from ._frames._base import at
from ._frames.draws import SHOP_SIZE
from ._frames.turn import exhausted
from ._legal import acting, legal_actions
from ._query import HAND_LIMIT, SLOTS, WOUND_LIMIT
from ._state import State, View
from ._work import score

MAX_FRAMES: Final = 100
_DECKS: Final = (
    ("encounters", "encounter"),
    ("abilities", "ability"),
    ("items", "item"),
    ("prophecies", "prophecy"),
)


def validate(position: State | View) -> None:
    """Check a :class:`~kinmarr.State` or :class:`~kinmarr.View` (one built by hand, say)
    against the rules; :func:`~kinmarr.loads` calls it on every state and view it reads.

    >>> import attrs, kinmarr
    >>> state = kinmarr.new_game(seed=1)
    >>> kinmarr.validate(state)
    >>> kinmarr.validate(attrs.evolve(state, fate=11))
    Traceback (most recent call last):
    ...
    tabletop_rules.StateFormatError: $.fate: expected an int in [0, 10], got 11

    Raises:
        tabletop_rules.StateFormatError: ``path`` names the offending field relative to the value
            (``"$.players[1].hand"``), ``detail`` what is wrong.
    """
    _type(position, (State, View), "$")
    _type(position.config, _pieces.Config, "$.config")
    rules = position.config.rules
    explicit = position.config.explicit
    n = len(position.config.guilds)
    if isinstance(position, State):
        _type(position.rng, Rng, "$.rng")
    else:
        _int(position.seat, 0, n - 1, "$.seat")
    _type(position.players, tuple, "$.players")
    if len(position.players) != n:
        _fail("$.players", f"one player per guild of the config ({n}), not {len(position.players)}")
    _int(position.turn, 0, n - 1, "$.turn")
    _int(position.round, 0, _pieces.last_round(position.config) + 1, "$.round")
    _int(position.fate, 0, _pieces.FATE_MAX, "$.fate")
    _type(position.frames, tuple, "$.frames")
    if len(position.frames) > MAX_FRAMES:
        _fail("$.frames", f"at most {MAX_FRAMES} frames")
    drops = {f.seat for f in position.frames if isinstance(f, DropFrame)}
    for seat, player in enumerate(position.players):
        _player(player, seat, position, rules, seat in drops)
    where: dict[str, str] = {}

    def put(cards: Iterable[str], path: str) -> None:
        for card in cards:
            if card in where:
                _fail(path, f"card {card!r} is also in {where[card]}")
            where[card] = path

    for seat, player in enumerate(position.players):
        put(player.hand, f"$.players[{seat}].hand")
        put(player.slots, f"$.players[{seat}].slots")
    for field, name in _DECKS:
        deck = getattr(position, field)
        _deck(deck, name, rules, explicit or isinstance(position, View), f"$.{field}")
        put(deck.cards(), f"$.{field}")
    shop = _ids(position.shop, rules, "$.shop")
    if len(shop) > 4 or any(rules.card[c].kind != "item" for c in shop):
        _fail("$.shop", "the Shop holds at most 4 Items (K14)")
    _sorted(shop, rules, "$.shop")
    put(shop, "$.shop")
    if position.prophecy is not None:
        if position.prophecy not in rules.card or rules.card[position.prophecy].kind != "prophecy":
            _fail("$.prophecy", f"{position.prophecy!r} is not a prophecy of the pack")
        put((position.prophecy,), "$.prophecy")
    _type(position.lasting, tuple, "$.lasting")
    for i, lasting in enumerate(position.lasting):
        _type(lasting, _pieces.Lasting, f"$.lasting[{i}]")
        card = rules.card.get(lasting.card)
        active = lasting.card == position.prophecy
        prophecy = card is not None and card.kind == "prophecy" and active
        if card is None or card.kind not in ("event", "prophecy") or not card.lasting:
            _fail(f"$.lasting[{i}].card", f"{lasting.card!r} is not a lasting event")
        if card.kind == "prophecy" and not prophecy:
            _fail(
                f"$.lasting[{i}].card", f"{lasting.card!r} is not the active prophecy (decision x)"
            )
        _int(lasting.rounds, 1, card.lasting, f"$.lasting[{i}].rounds")
        if not prophecy:  # the active prophecy is already in its place
            put((lasting.card,), f"$.lasting[{i}]")
    _type(position.discarded, frozenset, "$.discarded")
    for gone in sorted(position.discarded, key=str):
        if not isinstance(gone, str) or gone not in rules.card:
            _fail("$.discarded", f"{gone!r} is not a card of the pack")
    put(position.discarded, "$.discarded")
    _flags(position.flags, n, rules)
    for i, frame in enumerate(position.frames):
        if type(frame) not in _SHAPES:
            _fail(at(i), f"not a frame: {type(frame).__name__}")
        put(frame.check_fields(position, at(i)), at(i))
    missing = [c for c in rules.card if c not in where]
    if missing:
        _fail("$", f"{len(missing)} card(s) of the pack are nowhere, such as {missing[0]!r}")
    _order(position)
    if position.ending is not None:
        _ending(position, position.ending, rules)
    else:
        _resting(position)


def _player(player: Any, seat: int, p: State | View, rules: Compiled, dropping: bool) -> None:
    path = f"$.players[{seat}]"
    _type(player, _pieces.Player, path)
    if player.guild != p.config.guilds[seat]:
        _fail(f"{path}.guild", f"seat {seat} plays {p.config.guilds[seat]!r} (K9)")
    if player.tile is not None:
        _type(player.tile, Tile, f"{path}.tile")
    hand = _ids(player.hand, rules, f"{path}.hand")
    slots = _ids(player.slots, rules, f"{path}.slots")
    _sorted(hand, rules, f"{path}.hand")
    _sorted(slots, rules, f"{path}.slots")
    _int(player.coins, 0, _pieces.COIN_LIMIT, f"{path}.coins")
    if player.tile is None:
        if hand or slots or player.coins or player.wounds:
            _fail(path, "a dead character holds nothing")
        return
    _int(player.wounds, 0, WOUND_LIMIT, f"{path}.wounds")
    if len(hand) > HAND_LIMIT + (1 if dropping else 0):
        _fail(f"{path}.hand", f"the hand holds at most {HAND_LIMIT} cards")
    if len(slots) > SLOTS:
        _fail(f"{path}.slots", f"there are {SLOTS} slots")
    for card in slots:
        if rules.card[card].kind not in ("ability", "item"):
            _fail(f"{path}.slots", f"{card!r}: slots hold Items and Abilities only")
    for card in (*hand, *slots):
        spec = rules.card[card]
        if spec.deck == "prophecy" or spec.kind in ("place", "event"):
            _fail(f"{path}.hand", f"{card!r} is never held")
        if spec.kind == "ability" and spec.guild not in (None, player.guild):
            _fail(f"{path}.hand", f"K15: {card!r} belongs to another guild")


def _deck(deck: Any, name: str, rules: Compiled, ordered: bool, path: str) -> None:
    _type(deck, _pieces.Deck, path)
    _ids(deck.top, rules, f"{path}.top")
    _type(deck.bottom, tuple, f"{path}.bottom")
    for i, group in enumerate(deck.bottom):
        _ids(group, rules, f"{path}.bottom[{i}]")
        if not group:
            _fail(f"{path}.bottom[{i}]", "a group at the bottom holds at least one card")
        if ordered:
            _sorted(group, rules, f"{path}.bottom[{i}]")
    if ordered:
        _sorted(deck.top, rules, f"{path}.top")
    for card in deck.cards():
        if rules.card[card].deck != name:
            _fail(path, f"{card!r} is a card of the {rules.card[card].deck} deck")


def _flags(flags: Any, n: int, rules: Compiled) -> None:
    _type(flags, _pieces.TurnFlags, "$.flags")
    _int(flags.roll, 0, 6, "$.flags.roll")
    _int(
        flags.refreshes, 0, _pieces.COIN_LIMIT, "$.flags.refreshes"
    )  # each costs more than the last
    for field in ("moved", "shown", "spent"):
        cards = _ids(getattr(flags, field), rules, f"$.flags.{field}")
        if len(set(cards)) != len(cards):
            _fail(f"$.flags.{field}", "each card once")
    for field in ("powers", "traded"):
        seats = getattr(flags, field)
        _type(seats, tuple, f"$.flags.{field}")
        for i, seat in enumerate(seats):
            _int(seat, 0, n - 1, f"$.flags.{field}[{i}]")
        if len(set(seats)) != len(seats):
            _fail(f"$.flags.{field}", "each seat once")
    _type(flags.dueled, bool, "$.flags.dueled")
    _type(flags.shop, bool, "$.flags.shop")
    _type(flags.duel_anywhere, bool, "$.flags.duel_anywhere")


_SHAPES: Final = frozenset(FRAMES)
_SINGLE: Final = (StartFrame, TurnEndFrame, RollFrame, OfferFrame, TrophyFrame, DropFrame)


def _order(p: State | View) -> None:
    """The frames are in an order the rules can make."""
    frames = p.frames
    if p.ending is not None:
        if frames:
            _fail("$.frames", "a finished game has no work left")
        return
    if not frames:
        _fail("$.frames", "a running game waits for an answer")
    first = frames[0]
    if isinstance(first, StartFrame):
        if p.round != 0 or not all(isinstance(f, DrawFrame) for f in frames[1:]):
            _fail("$.frames[0]", "only the set-up waits before the first turn starts")
    elif not isinstance(first, TurnEndFrame):
        _fail("$.frames[0]", "a turn's work sits on its end")
    elif p.round < 1:
        _fail("$.round", "turns are played from round 1")
    counts = Counter(type(f) for f in frames)
    for kind in _SINGLE:
        if counts[kind] > 1:
            _fail("$.frames", f"at most one {kind.__name__}")
    if counts[FightFrame] + counts[DuelFrame] > 1:
        _fail("$.frames", "one fight or duel at a time")
    phases = [f.phase for f in frames if isinstance(f, MenuFrame)]
    if phases != [ph for ph in ("end", "duel", "start") if ph in phases]:
        _fail("$.frames", "the menus of a turn come in order: start, duel, end")
    for i, frame in enumerate(frames):
        if isinstance(frame, StartFrame | TurnEndFrame) and i != 0:
            _fail(f"$.frames[{i}]", "a turn starts and ends at the bottom of the frames")
    _pending_draws(p)
    if isinstance(first, StartFrame):
        _set_up(p)
    else:
        _turn(p)
    for i, frame in enumerate(frames):
        frame.check(p, at(i))


def _pending_draws(p: State | View) -> None:
    """Draws still to make fit the places they fill: the Shop's free places, and one active
    prophecy (a second draw would push the first out of the game)."""
    shop = [(i, f) for i, f in enumerate(p.frames) if isinstance(f, DrawFrame) and f.into == "shop"]
    free = SHOP_SIZE - len(p.shop)
    if sum(f.count for _, f in shop) > free:
        i = shop[-1][0]
        _fail(f"$.frames[{i}].count", f"K14: the Shop has {free} free place(s) to refill")
    prophecy = [
        (i, f) for i, f in enumerate(p.frames) if isinstance(f, DrawFrame) and f.into == "prophecy"
    ]
    drawing = [(i, f) for i, f in prophecy if f.count]
    if drawing and (p.prophecy is not None or len(drawing) > 1 or drawing[0][1].count > 1):
        _fail(f"$.frames[{drawing[-1][0]}]", "one prophecy is drawn at a time, when none is active")


# -- each frame against the state it sits in ------------------------------------------------------
#
# Every frame is pushed by the engine at a known place: on the frame that asks for it, or on what
# a frame left when it was done. A frame is checked here against the frames around it and the
# rest of the state, with the engine's own helpers and constants, so that a save holding work
# the engine could not have left (and would later do wrong) is refused on load.


def _set_up(p: State | View) -> None:
    """The set-up waits only on its first draws (explicit chance): the first prophecy, then the
    Shop's Items, before the first seat's first turn starts (K9); nothing has happened yet."""
    start = p.frames[0]
    if not (isinstance(start, StartFrame) and start.new_round):
        _fail("$.frames[0].new_round", "the first turn starts the first round")
    if p.turn != 0:
        _fail("$.turn", "K9: the first seat plays first")
    kinds = [(f.deck, f.into) for f in p.frames[1:] if isinstance(f, DrawFrame)]
    if kinds not in ([("item", "shop")], [("item", "shop"), ("prophecy", "prophecy")]):
        _fail("$.frames", "the set-up draws the first prophecy, then the Shop's Items")
    shop = p.frames[1]
    if isinstance(shop, DrawFrame) and len(p.shop) + shop.count != SHOP_SIZE:
        _fail("$.frames[1].count", f"K14: the set-up fills the Shop with {SHOP_SIZE} Items")
    castle = tile_at(p.config.rules.special["castle"])
    for seat, player in enumerate(p.players):
        if player != _pieces.Player(player.guild, castle):
            _fail(
                f"$.players[{seat}]", "at the set-up every token stands on the Castle, empty-handed"
            )
    if p.fate or p.discarded or p.flags != _pieces.TurnFlags():
        _fail("$", "nothing has happened before the first turn")
    if any(event.card != p.prophecy for event in p.lasting):
        _fail("$.lasting", "no event lasts before the first turn")


def _turn(p: State | View) -> None:
    """A turn being played: its round within the game's last (K7, K16), its skeleton, and its
    flags as far as the frames show them."""
    frames = p.frames
    if p.round > _pieces.last_round(p.config):
        _fail("$.round", f"K7: the game ends after round {_pieces.last_round(p.config)}")
    drawing = any(isinstance(f, DrawFrame) and f.into == "prophecy" for f in frames)
    if p.prophecy is None and not drawing and (p.prophecies.top or p.prophecies.bottom):
        _fail("$.prophecy", "a prophecy is active while the deck has one to draw")
    turn = p.turn
    if p.players[turn].tile is None:
        for i, frame in enumerate(frames[1:], 1):
            if frame.owner() is None:
                _fail(
                    at(i),
                    f"seat {turn}'s character is dead: nothing is left of its turn but the"
                    f" others' work, not a {type(frame).__name__}",
                )
        return
    kinds = {type(f) for f in frames}
    phases = {f.phase for f in frames if isinstance(f, MenuFrame)}
    flags = p.flags
    if "start" in phases or RollFrame in kinds:
        if flags.roll != 0:
            _fail("$.flags.roll", "the travel die of this turn is still to roll")
    elif flags.roll == 0:
        _fail("$.flags.roll", "the travel die of this turn was rolled (K3)")
    if "duel" in phases and flags.dueled:
        _fail("$.flags.dueled", "K5: the duel of this turn is still to be declared")
    if (DuelFrame in kinds or TrophyFrame in kinds) and not flags.dueled:
        _fail("$.flags.dueled", "K5: a duel was declared this turn")


def _ending(p: State | View, ending: Any, rules: Compiled) -> None:
    _type(ending, _pieces.Ending, "$.ending")
    n = len(p.players)
    scores = tuple(score(rules, player) for player in p.players)
    if ending.scores != scores:
        _fail("$.ending.scores", f"K8: the scores are {list(scores)}")
    living = [s for s, player in enumerate(p.players) if player.tile is not None]
    kind = ending.kind
    if kind == "last-standing":
        expected: tuple[int, ...] = tuple(living) if len(living) == 1 else ()
        if len(expected) != 1:
            _fail("$.ending", "a last-standing win leaves one character on the board")
    elif kind in ("fate", "no-one-left"):
        expected = ()
        if kind == "no-one-left" and living:
            _fail("$.ending", "K13: characters are left on the board")
    elif kind in ("deck-exhausted", "round-limit"):
        best = max((scores[s] for s in living), default=0)
        expected = tuple(s for s in living if scores[s] == best)
    else:
        _fail("$.ending.kind", f"unknown ending {kind!r}")
    _ended(p, kind)
    if tuple(ending.winners) != expected or any(type(s) is not int for s in ending.winners):
        _fail("$.ending.winners", f"the winners are {list(expected)}")
    del n


def _ended(p: State | View, kind: str) -> None:
    """The ending fits the state it left, as the engine ends a game: at the start of a round
    (Fate 10, the round after the last) or of a turn (one token left, a deck empty, K7), or when
    the last character dies (K13)."""
    last = _pieces.last_round(p.config)
    if kind == "round-limit":
        if p.round != last + 1:
            _fail("$.round", f"K7: the game ends when round {last + 1} would start")
    elif not 1 <= p.round <= (last + 1 if kind == "fate" else last):
        _fail("$.round", f"K7: the game ended in a round played, the last being {last}")
    if kind == "fate" and p.fate != _pieces.FATE_MAX:
        _fail("$.fate", f"everyone loses when Fate is {_pieces.FATE_MAX} at the start of a round")
    if kind == "last-standing" and not p.config.last_standing:
        _fail("$.ending.kind", "K7: the game is played without the last-standing victory")
    if kind == "deck-exhausted" and not exhausted(p):
        _fail("$.ending.kind", "the game ends by scoring when a deck is empty, and none is")


def _resting(p: State | View) -> None:
    """The frame on top waits for an answer (it :meth:`asks <kinmarr._frames.BaseFrame.asks>`
    someone: chance only in explicit chance mode), and has some."""

    top = p.frames[-1]
    path = f"$.frames[{len(p.frames) - 1}]"
    try:
        asked = top.asks(p)
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        _fail(path, f"cannot be worked: {type(exc).__name__}: {exc}")
    if asked is None or (asked == CHANCE and not p.config.explicit):
        _fail(path, "the frame on top does not wait for an answer")
    try:
        legal = legal_actions(p)
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        _fail("$.frames", f"no legal action can be listed: {type(exc).__name__}: {exc}")
    if not legal:
        _fail("$.frames", "the decision on top has no answer")
    asked = acting(p)
    if asked is not None and asked >= 0 and p.players[asked].tile is None:
        _fail("$.frames", f"seat {asked} is asked to play, but its character is dead")
