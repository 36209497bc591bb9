"""The values of a game: :class:`Config`, :class:`State`, :class:`View` and :class:`Placed`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal

import attrs

from tabletop_rules import Rng, Seat

from ._board import Board
from ._cards import Card, Layer
from ._content import check_deck, standard_deck
from ._deck import CompiledDeck, compile_deck

Chance = Literal["sampled", "explicit"]
"""How random draws are made: ``"sampled"`` from the state's generator, or ``"explicit"`` as
decisions of the chance seat."""


def _few(items: Iterable[str], limit: int = 5) -> str:
    found = sorted(items)
    more = f" and {len(found) - limit} more" if len(found) > limit else ""
    return f"{found[:limit]}{more}"


def _check_order(inst: Config, _attr: object, order: tuple[str, ...] | None) -> None:
    if order is None:
        return
    if not isinstance(order, tuple) or not all(isinstance(card, str) for card in order):
        raise ValueError("R12: order must be a tuple of card ids")
    ids = inst.compiled.index
    if len(order) != len(ids) or set(order) != ids.keys():
        counts = Counter(order)
        raise ValueError(
            "R12: a fixed order must name every card of the deck exactly once (missing "
            f"{_few(ids.keys() - counts.keys())}, unknown {_few(counts.keys() - ids.keys())}, "
            f"repeated {_few(card for card, n in counts.items() if n > 1)})"
        )


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


def _check_chance(_inst: Config, _attr: object, chance: str) -> None:
    if chance not in ("sampled", "explicit"):
        raise ValueError(f"chance must be 'sampled' or 'explicit', not {chance!r}")


def _compiled(inst: Config) -> CompiledDeck:
    return compile_deck(check_deck(inst.deck, "Config.deck"))


@attrs.frozen
class Config:
    """Options of a game: the cards in play, a fixed draw order for puzzles, the chance mode.

    >>> Config(order=("g1", "g2")).order
    Traceback (most recent call last):
    ...
    ValueError: R12: a fixed order must name every card of the deck exactly once ...

    Attributes:
        deck: the cards in play (default: :func:`standard_deck`); ids must be unique.
        order: ``None`` to shuffle, or every card id exactly once: the draw order, the first five
            being the opening hand (R12). With a fixed order nothing is random.
        chance: ``"sampled"`` (default): the deck is shuffled from the seed. ``"explicit"``: the
            opening hand and every later draw are decisions of the chance seat
            (:data:`tabletop_rules.CHANCE`), answered by :class:`Draw` actions over the cards not
            yet drawn, each with the same probability.

    Raises:
        tabletop_rules.ContentError: the deck is empty, too big or repeats an id.
        ValueError: ``order`` is not a permutation of the deck's ids, or ``chance`` is unknown.
    """

    deck: tuple[Card, ...] = attrs.field(factory=standard_deck, converter=_cards)
    compiled: CompiledDeck = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_compiled, takes_self=True)
    )
    """The deck's integer tables (derived, shared by every config with this deck)."""
    order: tuple[str, ...] | None = attrs.field(default=None, validator=_check_order)
    chance: Chance = attrs.field(default="sampled", validator=_check_chance)

    @property
    def random(self) -> bool:
        """Whether draws are random (no fixed ``order``)."""
        return self.order is None

    @property
    def explicit(self) -> bool:
        """Whether random draws are chance decisions (``chance="explicit"`` and no fixed order)."""
        return self.chance == "explicit" and self.order is None


@attrs.frozen
class Placed:
    """A card in play, in the order of placement (R2, R6).

    Attributes:
        card: the card's id.
        x: the column of its top-left cell.
        y: the row of its top-left cell.
        layer: whether it was laid on top of the cards it overlapped or tucked beneath them.
    """

    card: str
    x: int
    y: int
    layer: Layer = Layer.TOP


@attrs.frozen
class State:
    """A whole game: config, RNG, draw pile, hand, cards in play, defeated monsters.

    Frozen and hashable; ``==`` compares everything, the RNG and config included. Build one by hand
    only for tests and puzzles, and check it with :func:`validate`.

    Attributes:
        config: the game's :class:`Config`.
        rng: the generator for every future random draw.
        deck: the cards not yet drawn: the draw pile, next card first; in explicit chance mode, in
            deck order (nothing decides their order until chance draws them).
        hand: the cards in hand, in deck order.
        placed: the cards in play in the order they were placed, each with its layer; the stack
            follows from it (a card on top goes above the cards before it, a tucked card below).
        defeated: positions of the goblins and hobgoblins defeated so far (R6, R8).
        active: ids of the garrisons whose effect counted at the end (R7); empty while running.
        to_draw: in explicit chance mode, the cards chance draws before the next placement.
    """

    config: Config
    rng: Rng
    deck: tuple[str, ...]
    hand: tuple[str, ...]
    placed: tuple[Placed, ...]
    defeated: frozenset[tuple[int, int]]
    active: tuple[str, ...] = ()
    to_draw: int = 0
    board: Board | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    """Derived bookkeeping (an invisible cache, rebuilt on demand; not part of the game)."""


@attrs.frozen
class View:
    """What the player may know of a :class:`State`: everything but the draw order and the RNG.

    Attributes:
        seat: the seat whose view this is (always ``0``).
        config: the config without its fixed ``order``.
        deck_size: how many cards are left to draw (which ones is public: the deck minus the
            hand and the cards in play).
        hand: the cards in hand, in deck order.
        placed: the cards in play, in the order they were placed.
        defeated: positions of the goblins and hobgoblins defeated so far.
        active: ids of the garrisons whose effect counted at the end.
        to_draw: in explicit chance mode, the cards chance draws before the next placement.
    """

    seat: Seat
    config: Config
    deck_size: int
    hand: tuple[str, ...]
    placed: tuple[Placed, ...]
    defeated: frozenset[tuple[int, int]]
    active: tuple[str, ...] = ()
    to_draw: int = 0
    board: Board | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    """Derived bookkeeping (an invisible cache)."""
