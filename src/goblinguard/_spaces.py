"""The action space and the observation planes of Guards & Goblins, for learning agents.

The space holds every action a deck can ever offer: card by card in deck order, a
:class:`~goblinguard.Place` of the card on top at every anchor a game with that deck can reach,
then tucked beneath at each of them (garrison cards are never tucked, R4); then a
:class:`~goblinguard.Draw` of each card (the chance outcomes of explicit chance mode). The first
card lies at
``(0, 0)`` and every later card touches a card in play (R3): its anchor is at most 2 columns and
2 rows from that card's, and not 2 of each. So with ``n`` cards every anchor lies in the octagon
``|x| <= 2(n-1)``, ``|y| <= 2(n-1)``, ``|x| + |y| <= 3(n-1)``. The numbering is arithmetic, so
a space costs a few tables of integers whatever the deck's size.

The observation is a stack of square planes over every cell a card can reach (see
:data:`OBSERVATION_PLANES` and the documentation's *Action spaces and observations* page).
"""

from __future__ import annotations

import bisect
import functools
import operator
from collections.abc import Iterable
from typing import Final

from tabletop_rules import ActionSpace, Marks, NotInSpaceError, Observer

from ._actions import Action, Draw, Place
from ._cards import Layer
from ._deck import CODE_LETTERS, CompiledDeck, decode, encode
from ._rules import board_of, unseen
from ._state import Config, View

OBSERVATION_PLANES: Final = (
    "guard",
    "goblin",
    "hobgoblin",
    "house",
    "fort",
    "watchtower",
    "barracks",
    "depth",
    "tucked",
    "defeated",
    "anchor",
    "in_hand",
    "in_play",
    "unseen",
    "active",
    "hand_size",
    "deck_size",
    "to_draw",
)
"""The planes of an observation, in order: the visible letter of each cell (one plane per letter
``G X O H F W B``), the cards stacked on it, whether its visible card was tucked, defeated
monsters, the anchors of the cards in play; then four *card planes* (card ``i`` of the deck at
flat position ``i`` of the plane: in hand, in play, not yet drawn, an active garrison) and three
constant planes (cards in hand, cards left to draw, chance draws pending)."""

_LETTER_PLANE = {letter: i for i, letter in enumerate("GXOHFWB")}
_DEPTH, _TUCKED, _DEFEATED, _ANCHOR = 7, 8, 9, 10
_IN_HAND, _IN_PLAY, _UNSEEN, _ACTIVE = 11, 12, 13, 14
_HAND_SIZE, _DECK_SIZE, _TO_DRAW = 15, 16, 17


class _DeckSpace(ActionSpace[Action]):
    """The action space of one deck (see the module docs), computed, never listed."""

    __slots__ = (
        "_cards",
        "_digest",
        "_draws",
        "_garrison",
        "_index",
        "_known",
        "_pools",
        "_positions",
        "_reach",
        "_row_start",
        "_size",
        "_starts",
        "_third",
    )

    def __init__(self, deck: CompiledDeck) -> None:
        n = len(deck.cards)
        self._cards = tuple(card.id for card in deck.cards)
        self._index = deck.index
        self._digest = deck.digest
        self._garrison = deck.garrison
        self._pools = deck.pools
        # id(action) -> number, for the deck's interned actions only: the pools keep them alive,
        # so no other object can have their id while this space lives.
        self._known: dict[int, int] = {}
        self._reach = 2 * (n - 1)
        self._third = 3 * (n - 1)
        starts = []
        total = 0
        for y in range(-self._reach, self._reach + 1):
            starts.append(total)
            total += 2 * self._half(y) + 1
        self._row_start = tuple(starts)
        self._positions = total
        card_starts = []
        at = 0
        for garrison in deck.garrison:
            card_starts.append(at)
            at += total * (1 if garrison else 2)
        self._starts = tuple(card_starts)
        self._draws = at
        self._size = at + n

    def _half(self, y: int) -> int:
        """The largest ``|x|`` of an anchor in row ``y``."""
        return min(self._reach, self._third - abs(y))

    @property
    def size(self) -> int:
        """The number of actions: the placements, then one draw per card."""
        return self._size

    @property
    def positions(self) -> int:
        """The number of anchors a card of this deck can reach."""
        return self._positions

    def index(self, action: Action) -> int:
        """The number of a :class:`Draw` or :class:`Place` of this deck.

        Raises:
            tabletop_rules.NotInSpaceError: another card, an anchor no game reaches, a tucked
                garrison, or not a goblinguard action.
        """
        if isinstance(action, Draw):
            card = self._index.get(action.card)
            if card is None:
                raise NotInSpaceError(action, "no such card in the deck")
            return self._draws + card
        if not isinstance(action, Place):
            raise NotInSpaceError(action, "not a goblinguard action")
        card = self._index.get(action.card)
        if card is None:
            raise NotInSpaceError(action, "no such card in the deck")
        x, y = action.x, action.y
        if abs(y) > self._reach or abs(x) > self._half(y):
            raise NotInSpaceError(action, "no game with this deck reaches that anchor (R3)")
        start = self._starts[card]
        if action.layer is Layer.BOTTOM:
            if self._garrison[card]:
                raise NotInSpaceError(action, "a garrison card is never tucked (R4)")
            start += self._positions
        return start + self._row_start[y + self._reach] + x + self._half(y)

    def indices(self, actions: Iterable[Action]) -> tuple[int, ...]:
        """The numbers of ``actions`` (a decision's ``legal_actions``), in their order: one
        ``dict`` lookup each for the deck's interned actions, which ``legal_actions`` returns.

        Raises:
            tabletop_rules.NotInSpaceError: one of them is not in the space.
        """
        known = self._known
        actions = tuple(actions)
        try:
            return tuple([known[id(action)] for action in actions])
        except KeyError:
            pass
        found = []
        for action in actions:
            number = known.get(id(action))
            if number is None:
                number = self.index(action)
                if self._interned(action):
                    known[id(action)] = number
            found.append(number)
        return tuple(found)

    def _interned(self, action: Action) -> bool:
        """Whether ``action`` is the deck's own interned object (kept alive by its pools)."""
        card = self._index[action.card]
        if isinstance(action, Draw):
            return self._pools.draw[card] is action
        layer = self._pools.bottom if action.layer is Layer.BOTTOM else self._pools.top
        return layer[card].get(encode(action.x, action.y)) is action

    def action(self, i: int) -> Action:
        """The action numbered ``i``.

        Raises:
            IndexError: ``i`` is not from ``0`` to ``size - 1``.
            TypeError: ``i`` is not an integer.
        """
        try:
            j = operator.index(i)
        except TypeError:
            raise TypeError(f"an action index is an integer, not {i!r}") from None
        if isinstance(i, bool) or not 0 <= j < self._size:
            raise IndexError(f"action index {i!r} is outside the space (0 to {self._size - 1})")
        if j >= self._draws:
            return self._pools.draw[j - self._draws]
        card = bisect.bisect_right(self._starts, j) - 1
        layer, position = divmod(j - self._starts[card], self._positions)
        row = bisect.bisect_right(self._row_start, position) - 1
        y = row - self._reach
        x = position - self._row_start[row] - self._half(y)
        pool = self._pools.bottom if layer else self._pools.top
        return pool[card][encode(x, y)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _DeckSpace) and other._digest == self._digest

    def __hash__(self) -> int:
        return hash(self._digest)


@functools.lru_cache(maxsize=64)
def _space_of(deck: CompiledDeck) -> _DeckSpace:
    return _DeckSpace(deck)


def action_space(config: Config) -> ActionSpace[Action]:
    """Every action a game with ``config``'s deck can ever offer, numbered once and for all.

    Card by card in deck order, the card laid on top at each anchor of the octagon
    ``|x|, |y| <= 2(n-1)``, ``|x| + |y| <= 3(n-1)`` (``n`` cards; row by row, ``y`` then ``x``
    ascending), then tucked beneath at each of them (not for a garrison card, R4); the last
    ``n`` numbers are chance's :class:`Draw` of each card in deck order (explicit chance mode).
    Only the deck matters: the draw order and chance mode do not change the space. Built once
    per deck and computed, not listed.

    >>> space = action_space(Config())
    >>> space.size
    186104
    >>> space.index(Place("g1", 0, 0)), space.action(0)
    (2584, Place(card='g1', x=-19, y=-38, layer=<Layer.TOP: 'top'>))
    >>> space.index(Draw("g1"))
    186084
    """
    return _space_of(config.compiled)


def _side(config: Config) -> int:
    return 4 * (len(config.deck) - 1) + 2


def observation_shape(config: Config) -> tuple[int, int, int]:
    """The shape of every observation with ``config``'s deck: ``(18, side, side)`` where
    ``side = 4(n-1) + 2`` cells cover every cell ``n`` cards can reach (78 for the standard
    deck); cell ``(x, y)`` is at row ``y + 2(n-1)``, column ``x + 2(n-1)``.

    An observation (:func:`~goblinguard.observation`) shows a view as
    :data:`OBSERVATION_PLANES` square planes of floats; nothing hidden (the draw order) is
    encoded, so a redealt state gives the same observation.

    >>> import goblinguard as gg
    >>> observation_shape(Config())
    (18, 78, 78)
    >>> obs = gg.observation(gg.view(gg.new_game(seed=1)))
    >>> len(obs), len(obs[0]), len(obs[0][0]), obs[OBSERVATION_PLANES.index("hand_size")][0][0]
    (18, 78, 78, 5.0)
    """
    side = _side(config)
    return (len(OBSERVATION_PLANES), side, side)


def observation_bounds(config: Config) -> tuple[float, float]:
    """The lowest and highest number of any observation with ``config``'s deck: ``0`` and the
    number of cards (the most a cell can stack, or a hand and deck can count).

    >>> observation_bounds(Config())
    (0.0, 20.0)
    """
    return 0.0, float(len(config.deck))


def _mark(position: View, marks: Marks) -> None:
    """The numbers of :func:`observation` that are not zero."""
    config = position.config
    deck = config.compiled
    side = _side(config)
    area = side * side
    reach = 2 * (len(deck.cards) - 1)
    origin = reach * side + reach
    points = marks.points

    layers = {p.card: p.layer for p in position.placed}
    for key, value in board_of(position).cell.items():
        x, y = decode(key)
        cell = origin + y * side + x
        points[_LETTER_PLANE[CODE_LETTERS[value & 15]] * area + cell] = 1.0
        if layers[deck.cards[value >> 4].id] is Layer.BOTTOM:
            points[_TUCKED * area + cell] = 1.0
    depth = _DEPTH * area + origin
    for p in position.placed:
        cell = origin + p.y * side + p.x
        points[_ANCHOR * area + cell] = 1.0
        for offset in (0, 1, side, side + 1):
            at = depth + p.y * side + p.x + offset
            points[at] = points.get(at, 0.0) + 1.0
    for x, y in position.defeated:
        points[_DEFEATED * area + origin + y * side + x] = 1.0
    index = deck.index
    for plane, cards in (
        (_IN_HAND, position.hand),
        (_IN_PLAY, (p.card for p in position.placed)),
        (_UNSEEN, unseen(position)),
        (_ACTIVE, position.active),
    ):
        for card in cards:
            points[plane * area + index[card]] = 1.0
    for plane, amount in (
        (_HAND_SIZE, len(position.hand)),
        (_DECK_SIZE, position.deck_size),
        (_TO_DRAW, position.to_draw),
    ):
        if amount:
            marks.fill(plane * area, (plane + 1) * area, float(amount))


OBSERVER: Final = Observer(observation_shape, _mark, view_type=View)
"""goblinguard's observations (:func:`observation_shape` says what they hold)."""
