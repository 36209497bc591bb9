"""Looking ahead: every placement from a position scored by the shared evaluation, and the
positions they lead to — the step both the search agent and the solver are built from.

A :class:`Node` is a position with the cards still to come split into the hand, the pile whose order
is known (the solver's whole draw pile; nothing for the agent, which never guesses a draw) and the
cards to come in an unknown order. :func:`scored_placements` scores each legal placement by the
heuristic of :func:`~goblinguard.evaluate` on the position after it, with the hand it leaves (the
known card drawn next included) and the hobgoblin cards still to come; a placement that leaves a
monster that can no longer be defeated (:mod:`goblinguard._agents.prospects`) is marked *lost*: its
score drops by :data:`LOST`, so it ranks below every other.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .._actions import Place
from .._board import Board
from .._cards import Layer
from .._deck import TOWER, encode
from .._rules import board_of, unseen
from .._state import State, View
from .greedy import WEIGHTS, Weights, _kinds, _Position, _score
from .prospects import Spare, lost_monster

LOST = 1e6
"""What a placement that leaves a monster lost loses from its score (more than any score)."""

_HOBGOBLIN_CARD = 2  # the kind of a hobgoblin card in ``_kinds``

Scored = tuple[float, int, Place]
"""A placement's score, its index among the node's placements, and the placement."""


@attrs.define(eq=False)
class Node:
    """A position of a search and the cards still to come.

    Attributes:
        board: the visible cells and legal anchors.
        position: the evaluation's reading of the board (monsters standing, guard groups).
        hand: the cards that may be placed now.
        pile: the cards drawn next, in draw order (known).
        unknown: the other cards still to come, in no known order.
    """

    board: Board
    position: _Position
    hand: list[int]
    pile: Sequence[int]
    unknown: Sequence[int]

    @classmethod
    def of(cls, position: State | View) -> Node:
        """The node of a state (its pile in draw order) or a view (the unseen cards unknown)."""
        board = board_of(position)
        deck = board.deck
        index = deck.index
        hand = [index[c] for c in position.hand]
        pile: list[int] = []
        unknown: list[int] = []
        if isinstance(position, State):
            pile = [index[c] for c in position.deck]
        else:
            unknown = [index[c] for c in unseen(position)]
        reading = _Position.of(board, {encode(x, y) for x, y in position.defeated})
        return cls(board, reading, hand, pile, unknown)

    def places(self) -> tuple[Place, ...]:
        """The legal placements, in the order of :func:`~goblinguard.legal_actions`."""
        return self.board.places(self.hand)

    def child(self, action: Place) -> Node:
        """The node after ``action`` (a legal placement), the next known card drawn."""
        deck = self.board.deck
        card = deck.index[action.card]
        anchor = encode(action.x, action.y)
        board = self.board.after(card, anchor, action.layer)
        position = self.position.after(deck, card, anchor, action.layer is Layer.TOP).settled()
        hand = [c for c in self.hand if c != card] + list(self.pile[:1])
        return Node(board, position, hand, self.pile[1:], self.unknown)


def scored_placements(
    node: Node, places: Sequence[Place] | None = None, weights: Weights = WEIGHTS
) -> list[Scored]:
    """Every placement of ``places`` (default: :meth:`Node.places`) with its score, best first,
    ties in the order given; lost ones lose :data:`LOST` (see the module docs)."""
    if places is None:
        places = node.places()
    board = node.board
    deck = board.deck
    index = deck.index
    kinds = _kinds(deck)
    drawn = list(node.pile[:1])
    later = [*node.pile[1:], *node.unknown]
    hobs = [card for card in later if kinds[card][0] == _HOBGOBLIN_CARD]
    rests: dict[int, list[int]] = {}
    spares: dict[int, Spare] = {}
    for card in node.hand:
        rest = [c for c in node.hand if c != card] + drawn
        rests[card] = rest
        spares[card] = Spare.of(deck, [*rest, *later], board.anchor_of)
    towers = {card for card in node.hand if TOWER in deck.letters[card]}
    after = node.position.after
    scored: list[Scored] = []
    for i, action in enumerate(places):
        card = index[action.card]
        anchor = encode(action.x, action.y)
        child = after(deck, card, anchor, action.layer is Layer.TOP).settled()
        score = _score(deck, child, rests[card], hobs, weights)
        spare = spares[card]
        if card in towers:  # its line counts from now on (R10)
            spare = spare.with_tower(deck, card, anchor)
        if child.monsters and lost_monster(
            child.cell, child.vis, deck, spare, child.monsters, len(child.gid)
        ):
            score -= LOST
        scored.append((score, i, action))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return scored
