"""`validate`: check a state or view against the rules, as ``loads`` does for every saved one.

The placements are replayed in order on a fresh board: each must have been legal when it was made
(R1–R4, R9), and the defeats they cause (R6, and R7–R11 at the end) must be exactly the stored
``defeated`` and ``active``. Linear in the size of the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn

from tabletop_rules import Rng, StateFormatError

from ._board import Board
from ._cards import Layer
from ._deck import LIMIT, decode, encode
from ._defeats import defeat_after_placement, final_check
from ._events import Event
from ._rules import HAND_SIZE
from ._state import Config, Placed, State, View


def _fail(path: str, detail: str) -> NoReturn:
    raise StateFormatError(path, detail)


def _check_type(value: Any, kind: type | tuple[type, ...], path: str) -> None:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        _fail(path, f"expected {getattr(kind, '__name__', kind)}, got {type(value).__name__}")


def _check_ids(values: Any, path: str) -> None:
    _check_type(values, tuple, path)
    for i, card in enumerate(values):
        _check_type(card, str, f"{path}[{i}]")


def validate(position: State | View) -> None:
    """Check a :class:`State` or :class:`View` (one built by hand, say) against the rules.

    :func:`loads` calls it on every state and view it reads, records included.

    >>> import attrs, goblinguard as gg
    >>> state = gg.new_game(seed=1)
    >>> gg.validate(state)
    >>> gg.validate(attrs.evolve(state, defeated=frozenset({(0, 0)})))
    Traceback (most recent call last):
    ...
    tabletop_rules.StateFormatError: $.defeated: R6: (0, 0) is marked defeated, but the ...

    Raises:
        tabletop_rules.StateFormatError: ``path`` names the offending field relative to the value
            (``"$.hand"``), ``detail`` the rule it breaks.
    """
    _check_type(position, (State, View), "$")
    _check_type(position.config, Config, "$.config")
    config = position.config
    _check_ids(position.hand, "$.hand")
    _check_ids(position.active, "$.active")
    _check_type(position.placed, tuple, "$.placed")
    _check_type(position.to_draw, int, "$.to_draw")
    if isinstance(position, State):
        _check_type(position.rng, Rng, "$.rng")
        _check_ids(position.deck, "$.deck")
        pile = position.deck
        remaining = len(pile)
    else:
        _check_type(position.seat, int, "$.seat")
        if position.seat != 0:
            _fail("$.seat", f"goblinguard has one seat (0), not {position.seat}")
        if config.order is not None:
            _fail("$.config.order", "a view never shows the draw order")
        _check_type(position.deck_size, int, "$.deck_size")
        pile = ()
        remaining = position.deck_size
    for i, p in enumerate(position.placed):
        _check_placed(p, f"$.placed[{i}]")
    _check_cards(position, pile, remaining)
    _check_hand(position, remaining)
    board, defeated, active = _replay(
        position.config, position.placed, over=not position.hand and not position.to_draw
    )
    _check_defeated(position.defeated, defeated)
    if position.active != active:
        _fail(
            "$.active", f"R7: the active garrisons are {list(active)}, not {list(position.active)}"
        )
    if position.board is None:
        object.__setattr__(position, "board", board)


def _check_placed(p: Any, path: str) -> None:
    _check_type(p, Placed, path)
    _check_type(p.card, str, f"{path}.card")
    _check_type(p.layer, Layer, f"{path}.layer")
    for axis in ("x", "y"):
        value = getattr(p, axis)
        _check_type(value, int, f"{path}.{axis}")
        if abs(value) >= LIMIT:
            _fail(f"{path}.{axis}", f"R3: {value} is out of reach")


def _check_cards(position: State | View, pile: Iterable[str], remaining: int) -> None:
    """Every card of the deck exactly once: in the pile, the hand or in play (R12)."""
    index = position.config.compiled.index
    seen: set[str] = set()
    places = [("$.deck", pile), ("$.hand", position.hand)]
    places.append(("$.placed", (p.card for p in position.placed)))
    for path, cards in places:
        for card in cards:
            if card not in index:
                _fail(path, f"card {card!r} is not in the config's deck")
            if card in seen:
                _fail(path, f"card {card!r} appears twice")
            seen.add(card)
    if remaining < 0 or len(seen) + (remaining if isinstance(position, View) else 0) != len(index):
        where = "$.deck_size" if isinstance(position, View) else "$.deck"
        _fail(where, f"{len(index) - len(seen)} cards of the deck are missing")


def _check_hand(position: State | View, remaining: int) -> None:
    """The hand: in deck order, topped up to 5 while the deck lasts (R12)."""
    config = position.config
    index = config.compiled.index
    hand, to_draw = position.hand, position.to_draw
    if list(hand) != sorted(hand, key=index.__getitem__):
        _fail("$.hand", "cards in hand must be in deck order")
    if to_draw < 0 or (to_draw and not config.explicit):
        _fail("$.to_draw", "only explicit chance draws cards one decision at a time")
    if to_draw > remaining or (position.placed and to_draw > 1):
        _fail("$.to_draw", f"R12: {to_draw} cards cannot be left to draw here")
    if len(hand) + to_draw != min(HAND_SIZE, len(hand) + remaining):
        _fail("$.hand", "R12: the hand must hold 5 cards while the deck lasts")
    pile = position.deck if isinstance(position, State) and config.explicit else ()
    if list(pile) != sorted(pile, key=index.__getitem__):
        _fail("$.deck", "in explicit chance mode the undrawn cards are kept in deck order")


def _replay(
    config: Config, placed: tuple[Placed, ...], *, over: bool
) -> tuple[Board, set[int], tuple[str, ...]]:
    """Replay the placements; return the board, the defeated cells and the active garrisons."""
    deck = config.compiled
    board = Board(deck)
    defeated: set[int] = set()
    ignored: list[Event] = []
    for i, p in enumerate(placed):
        card = deck.index[p.card]
        reason = board.why_not(card, p.x, p.y, p.layer)
        if reason is not None:
            _fail(f"$.placed[{i}]", f"placement #{i} of {p.card!r} was not legal: {reason}")
        anchor = encode(p.x, p.y)
        board.place(card, anchor, p.layer)
        defeat_after_placement(board, anchor, defeated, ignored)
    active: tuple[str, ...] = ()
    if over and placed:
        active = final_check(board, placed, defeated, ignored)
    return board, defeated, active


def _check_defeated(stored: Any, defeated: set[int]) -> None:
    """R6: exactly the monsters the placements defeat are marked defeated."""
    _check_type(stored, frozenset, "$.defeated")
    expected = {decode(pos) for pos in defeated}
    for position in stored:
        _check_type(position, tuple, "$.defeated")
        if position not in expected:
            _fail(
                "$.defeated",
                f"R6: {position} is marked defeated, but the placements do not defeat it",
            )
    for position in sorted(expected - stored):
        _fail("$.defeated", f"R6: {position} is defeated by the placements, but not marked")
