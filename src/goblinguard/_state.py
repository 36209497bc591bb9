"""The values of a game: :class:`Config`, :class:`State`, :class:`View` and :class:`Placed`."""

from __future__ import annotations

import attrs

from tabletop_rules import Rng

from ._board import Board
from ._cards import Card
from ._content import check_deck, standard_deck
from ._deck import CompiledDeck, compile_deck

__all__ = ["Config", "Placed", "State", "View"]


def _check_order(inst: Config, _attr: object, order: tuple[str, ...] | None) -> None:
    if order is None:
        return
    if not isinstance(order, tuple) or not all(isinstance(card, str) for card in order):
        raise ValueError(f"R12: order must be a tuple of card ids, got {order!r}")
    ids = [card.id for card in inst.deck]
    if sorted(order) != sorted(ids):
        missing = sorted(set(ids) - set(order))
        extra = sorted(set(order) - set(ids))
        twice = sorted({card for card in order if order.count(card) > 1})
        raise ValueError(
            "R12: a fixed order must name every card of the deck exactly once "
            f"(missing {missing}, unknown {extra}, repeated {twice})"
        )


def _deck(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return check_deck(cards, "Config.deck")


@attrs.frozen
class Config:
    """Options of a game: the cards in play and, for puzzles, a fixed draw order.

    Args:
        deck: the cards in play (default: :func:`standard_deck`); ids must be unique.
        order: ``None`` to shuffle, or every card id exactly once: the draw order, the first five
            being the opening hand (R12).

    >>> Config(order=("g1", "g2")).order
    Traceback (most recent call last):
    ...
    ValueError: R12: a fixed order must name every card of the deck exactly once ...

    Raises:
        tabletop_rules.ContentError: the deck is empty or repeats an id.
        ValueError: ``order`` is not a permutation of the deck's ids.
    """

    deck: tuple[Card, ...] = attrs.field(factory=standard_deck, converter=_deck)
    order: tuple[str, ...] | None = attrs.field(default=None, validator=_check_order)
    compiled: CompiledDeck = attrs.field(init=False, eq=False, repr=False)
    """The deck's integer tables (derived, shared by every config with this deck)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "compiled", compile_deck(self.deck))


@attrs.frozen
class Placed:
    """A card in play: its id and the position of its top-left cell."""

    card: str
    x: int
    y: int


@attrs.frozen
class State:
    """A whole game: config, RNG, draw pile, hand, cards in play, defeated monsters.

    Frozen and hashable; ``==`` compares everything, the RNG and config included.

    Attributes:
        config: the game's :class:`Config`.
        rng: the generator for every future random draw.
        deck: the draw pile, next card first (hidden from views).
        hand: the cards in hand, in deck order.
        placed: the cards in play, bottom of the stack first (R2).
        defeated: positions of the goblins and hobgoblins defeated so far (R6, R8).
        active: ids of the garrisons whose effect counted at the end (R7); empty while running.
    """

    config: Config
    rng: Rng
    deck: tuple[str, ...]
    hand: tuple[str, ...]
    placed: tuple[Placed, ...]
    defeated: frozenset[tuple[int, int]]
    active: tuple[str, ...] = ()
    board: Board | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    """Derived bookkeeping (an invisible cache, rebuilt on demand; not part of the game)."""


@attrs.frozen
class View:
    """What the player may know of a :class:`State`: everything but the draw order and the RNG.

    Attributes:
        config: the config without its fixed ``order``.
        deck_size: how many cards are left to draw (which ones is public: the deck minus the
            hand and the cards in play).
        hand, placed, defeated, active: as in :class:`State`.
    """

    config: Config
    deck_size: int
    hand: tuple[str, ...]
    placed: tuple[Placed, ...]
    defeated: frozenset[tuple[int, int]]
    active: tuple[str, ...] = ()
    board: Board | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    """Derived bookkeeping (an invisible cache)."""
