"""The greedy agent: every placement scored by a position heuristic, the best few looked at twice.

The heuristic (:func:`evaluate`) rewards defeated monsters and the prospects of the others, and
values the cards still to be placed. The agent (:class:`GreedyAgent`) scores every legal placement
with it, then re-scores its few best candidates by the best follow-up placement of a card it already
holds (a narrow second ply that never guesses the hidden draw).

Scoring works on a light copy of the visible cells (:class:`_Position`) updated around the new card
only, instead of a full :func:`~goblinguard.apply`: a whole game stays well under a second.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, cast

import attrs

from tabletop_rules import Rng

from .._actions import Action, Place
from .._board import Board
from .._cards import Layer
from .._deck import (
    CELL_OFFSETS,
    GOBLIN,
    GUARD,
    HOBGOBLIN,
    HOUSE,
    NEED,
    NEIGHBOURS,
    CompiledDeck,
    encode,
)
from .._rules import after, board_of, redeal
from .._state import State, View


@attrs.frozen
class Weights:
    """The weights of the terms of :func:`evaluate`.

    Attributes:
        defeat: per monster defeated (or next to a big enough guard group already).
        gob_progress: for a goblin still standing, times the size of the biggest guard group next
            to it over the size it needs (2).
        hob_progress: for a hobgoblin still standing, times the size of the biggest guard group
            next to it over the size it needs (4).
        gob_open: for a goblin still standing, per open side: a neighbour cell that is empty, a
            guard, or a house that may still be covered (so it can become a guard).
        hob_open: the same for a hobgoblin still standing.
        doomed: penalty per monster still standing with no open side: it can never be defeated
            by guards.
        group: per guard group, times ``min(size, 4) ** 2 / 4``.
        slot: per free cell next to a guard group of 4 or more (where a hobgoblin would be
            defeated at once), counted while hobgoblin cards remain to be placed, up to their
            number plus 2.
        ready: per hobgoblin card in hand that fits such a slot now (R4 respected).
        ready_unseen: the same per hobgoblin card not yet seen (still in the deck).
        hand_gob: per card in hand with goblins. A goblin card is almost always placed with an
            instant defeat, so holding one is worth nearly a defeat: the agent does not rush them
            out and keeps its hand flexible.
        hand_hob: per card in hand with a hobgoblin.
        hand_garrison: per card in hand without monsters (a garrison).
    """

    defeat: float = 100.0
    gob_progress: float = 10.0
    hob_progress: float = 24.0
    gob_open: float = 3.0
    hob_open: float = 3.0
    doomed: float = 60.0
    group: float = 2.0
    slot: float = 4.0
    ready: float = 30.0
    ready_unseen: float = 25.0
    hand_gob: float = 80.0
    hand_hob: float = 0.0
    hand_garrison: float = 0.0


WEIGHTS = Weights()
"""The default weights (tuned on seeded games of the standard deck)."""

_GROUP_VALUE = tuple(min(size, 4) ** 2 / 4 for size in range(256))
"""Per guard group size, the group term of :func:`evaluate` before its weight."""

_NO_MONSTER, _GOBLINS, _HOBGOBLIN = range(3)


@functools.lru_cache(maxsize=64)
def _kinds(deck: CompiledDeck) -> tuple[tuple[int, int], ...]:
    """Per card: its kind (no monster, goblins only, a hobgoblin) and its first hobgoblin cell."""
    out = []
    for monsters in deck.monsters:
        hobs = [off for off, code in monsters if code == HOBGOBLIN]
        if hobs:
            out.append((_HOBGOBLIN, hobs[0]))
        else:
            out.append((_GOBLINS if monsters else _NO_MONSTER, 0))
    return tuple(out)


@attrs.define(eq=False)
class _Position:
    """What the heuristic reads of a position: visible cells, visible houses per card, guard
    groups, and the visible monsters not yet defeated."""

    cell: dict[int, int]
    """Visible cell → ``card index << 4 | letter code`` (as :attr:`Board.cell`)."""
    vis: list[int]
    """Per card, its visible house cells (as :attr:`Board.vis_houses`)."""
    gid: dict[int, int]
    """Visible guard cell → its group number (R5)."""
    sizes: list[int]
    """Size of each group number (0 for numbers no longer used)."""
    monsters: list[int]
    """Visible goblins and hobgoblins not counted in :attr:`defeated`."""
    defeated: int
    """How many monsters are known to be defeated."""

    @classmethod
    def of(cls, board: Board, defeated: set[int]) -> _Position:
        """The position of a board whose defeated monsters are ``defeated``."""
        cell = board.cell
        gid: dict[int, int] = {}
        sizes: list[int] = []
        _flood(cell, gid, sizes, [pos for pos, value in cell.items() if value & 15 == GUARD])
        monsters = [
            pos for pos, value in cell.items() if value & 15 in NEED and pos not in defeated
        ]
        return cls(cell, board.vis_houses, gid, sizes, monsters, len(defeated))

    def after(self, deck: CompiledDeck, card: int, anchor: int, top: bool) -> _Position:
        """The position after a legal placement (R2); guard groups are renumbered locally.

        Monsters defeated by the placement stay in :attr:`monsters` (see :meth:`settled`).
        """
        cell = self.cell.copy()
        vis = self.vis
        own = card << 4
        gid, sizes = self.gid, self.sizes
        cut: set[int] = set()  # groups to renumber
        guard: int | None = None  # the new visible guard cell
        covered = False
        for off, letter in zip(CELL_OFFSETS, deck.letters[card], strict=True):
            pos = anchor + off
            old = cell.get(pos)
            if old is not None and not top:
                continue
            cell[pos] = own | letter
            if old is not None:
                old_letter = old & 15
                if old_letter == HOUSE:
                    if vis is self.vis:
                        vis = vis.copy()
                    vis[old >> 4] -= 1
                elif old_letter == GUARD:
                    if letter == GUARD:
                        continue  # a guard on a guard: the groups do not change
                    cut.add(gid[pos])
                elif old_letter == GOBLIN:
                    covered = True  # by a Fort (R9)
            if letter == HOUSE:
                if vis is self.vis:
                    vis = vis.copy()
                vis[card] += 1
            elif letter == GUARD:
                guard = pos
        if guard is not None:
            near = {gid[guard + d] for d in NEIGHBOURS if guard + d in gid}
            if cut:
                cut |= near
            elif len(near) <= 1:
                # the usual case: one new guard joining at most one group, no guard covered
                gid = gid.copy()
                sizes = sizes.copy()
                if near:
                    k = near.pop()
                    gid[guard] = k
                    sizes[k] += 1
                else:
                    gid[guard] = len(sizes)
                    sizes.append(1)
                guard = None
            else:
                cut = near
        if guard is not None or cut:
            seeds = [pos for pos, k in gid.items() if k in cut and cell[pos] & 15 == GUARD]
            if guard is not None:
                seeds.append(guard)
            gid = {pos: k for pos, k in gid.items() if k not in cut}
            sizes = sizes.copy()
            for k in cut:
                sizes[k] = 0
            _flood(cell, gid, sizes, seeds)
        monsters = self.monsters
        if covered:
            monsters = [pos for pos in monsters if cell[pos] & 15 in NEED]
        new = [anchor + off for off, _ in deck.monsters[card] if cell[anchor + off] >> 4 == card]
        if new:
            monsters = monsters + new
        return _Position(cell, vis, gid, sizes, monsters, self.defeated)

    def settled(self) -> _Position:
        """The same position with the monsters next to a big enough group counted as defeated
        (R6: a defeat is permanent, whatever is covered later)."""
        gid, sizes, cell = self.gid, self.sizes, self.cell
        left = []
        for pos in self.monsters:
            need = NEED[cell[pos] & 15]
            if not any(sizes[gid[pos + d]] >= need for d in NEIGHBOURS if pos + d in gid):
                left.append(pos)
        gone = len(self.monsters) - len(left)
        return _Position(cell, self.vis, gid, sizes, left, self.defeated + gone)


def _flood(cell: dict[int, int], gid: dict[int, int], sizes: list[int], seeds: list[int]) -> None:
    """Number the guard groups (R5) reached from ``seeds`` that are not yet in ``gid``."""
    for start in seeds:
        if start in gid:
            continue
        k = len(sizes)
        gid[start] = k
        todo = [start]
        n = 0
        while todo:
            pos = todo.pop()
            n += 1
            for d in NEIGHBOURS:
                near = pos + d
                if near not in gid and cell.get(near, 0) & 15 == GUARD:
                    gid[near] = k
                    todo.append(near)
        sizes.append(n)


def _score(
    deck: CompiledDeck,
    position: _Position,
    hand: Sequence[int],
    unseen_hobs: Sequence[int],
    w: Weights,
) -> float:
    """The heuristic of :func:`evaluate` on a :class:`_Position`."""
    garrison = deck.garrison
    cell, vis, gid, sizes = position.cell, position.vis, position.gid, position.sizes
    score = w.defeat * position.defeated
    for pos in position.monsters:
        code = cell[pos] & 15
        need = NEED[code]
        best = 0
        free = 0
        for d in NEIGHBOURS:
            near = cell.get(pos + d)
            if near is None:
                free += 1
                continue
            letter = near & 15
            if letter == GUARD:
                size = sizes[gid[pos + d]]
                if size > best:
                    best = size
                free += 1
            elif letter == HOUSE and not garrison[near >> 4] and vis[near >> 4] > 1:
                free += 1
        if best >= need:
            score += w.defeat
        elif free == 0:
            score -= w.doomed
        elif code == HOBGOBLIN:
            score += w.hob_progress * best / need + w.hob_open * free
        else:
            score += w.gob_progress * best / need + w.gob_open * free
    try:
        score += w.group * sum(map(_GROUP_VALUE.__getitem__, sizes))
    except IndexError:  # a custom deck with huge guard groups
        score += w.group * sum(_GROUP_VALUE[min(size, 4)] for size in sizes)
    kinds = _kinds(deck)
    hobs = []
    for card in hand:
        kind = kinds[card][0]
        if kind == _GOBLINS:
            score += w.hand_gob
        elif kind == _HOBGOBLIN:
            score += w.hand_hob
            hobs.append(card)
        else:
            score += w.hand_garrison
    if not hobs and not unseen_hobs:
        return score
    slots: set[int] = set()
    for pos, k in gid.items():
        if sizes[k] >= 4:
            for d in NEIGHBOURS:
                if pos + d not in cell:
                    slots.add(pos + d)
    score += w.slot * min(len(slots), len(hobs) + len(unseen_hobs) + 2)
    for cards, bonus in ((hobs, w.ready), (unseen_hobs, w.ready_unseen)):
        if not bonus:
            continue
        for card in cards:
            offset = kinds[card][1]
            for pos in slots:
                if _fits(deck, position, card, pos - offset, pos):
                    score += bonus
                    break
    return score


def _fits(deck: CompiledDeck, position: _Position, card: int, anchor: int, target: int) -> bool:
    """Whether hobgoblin card ``card`` laid at ``anchor``, on top or tucked beneath (R2, R4),
    puts its hobgoblin on the empty cell ``target`` next to a guard group of 4 or more."""
    cell, gid, sizes = position.cell, position.gid, position.sizes
    covered: dict[int, int] = {}
    lost: dict[int, int] = {}
    overlap = False
    house_free = False
    top_ok = True
    for off, letter in zip(CELL_OFFSETS, deck.letters[card], strict=True):
        old = cell.get(anchor + off)
        if old is None:
            if letter == HOUSE:
                house_free = True
            continue
        if letter in NEED:
            return False  # its own monsters must land on empty cells
        overlap = True
        owner, code = old >> 4, old & 15
        if deck.garrison[owner] or code in NEED:
            top_ok = False
        elif code == HOUSE:
            covered[owner] = covered.get(owner, 0) + 1
        elif code == GUARD:
            k = gid[anchor + off]
            lost[k] = lost.get(k, 0) + 1
    if not overlap or house_free:
        return True  # laid on nothing, or tucked beneath with a house in view: nothing covered
    if not top_ok or any(n >= position.vis[owner] for owner, n in covered.items()):
        return False
    for d in NEIGHBOURS:
        group = gid.get(target + d)
        if group is not None and sizes[group] - lost.get(group, 0) >= 4:
            return True
    return False


def _unseen_hobs(deck: CompiledDeck, known: Sequence[int]) -> list[int]:
    """The hobgoblin cards not among ``known`` (the cards in play and in hand)."""
    seen = set(known)
    kinds = _kinds(deck)
    return [card for card in range(len(kinds)) if kinds[card][0] == _HOBGOBLIN and card not in seen]


def evaluate(
    state: State | View, hand: Sequence[str] | None = None, weights: Weights = WEIGHTS
) -> float:
    """A heuristic value of a position for the greedy agent, higher is better.

    The sum of these terms (their weights are the fields of ``weights``):

    * ``defeat`` per monster defeated, or standing next to a big enough guard group (R6).
    * For each visible goblin or hobgoblin still standing: ``gob_progress`` / ``hob_progress``
      times the size of the biggest guard group next to it over the size it needs (2 or 4, R6),
      plus ``gob_open`` / ``hob_open`` per open side (a neighbour that is empty, a guard, or a
      house whose card shows another house, so a guard may still cover it, R4). With no open
      side it is doomed (goblins, hobgoblins and garrison cells are never covered, and a card's
      last house stays): the penalty ``doomed`` instead.
    * ``group`` per guard group, growing with its size up to 4: big groups defeat hobgoblins.
    * While hobgoblin cards remain to be placed: ``slot`` per free cell next to a group of 4 or
      more (up to their number plus 2), and ``ready`` per hobgoblin card (in ``hand``, or with
      ``ready_unseen``, not yet drawn) that can be laid there legally right now, with its
      hobgoblin defeated at once.
    * Per card in ``hand``: ``hand_gob``, ``hand_hob`` or ``hand_garrison`` by kind. A goblin card
      is nearly always placed with an instant defeat, so holding one is worth nearly as much as
      placing it: the agent is free to place other cards first.

    Garrison effects (R7-R11) are not scored: the agent reads them off the final check when it
    places its last card.

    Args:
        state: a state or a view (only what a view shows is used).
        hand: the cards still to be placed that are known (default: the position's hand). The
            agent passes its hand without the card just placed, never the card drawn blindly.
        weights: the weights of the terms.

    >>> import goblinguard as gg
    >>> state = gg.new_game(seed=1)
    >>> evaluate(state) == evaluate(gg.view(state))
    True
    """
    board = board_of(state)
    deck = board.deck
    cards = [deck.index[c] for c in (state.hand if hand is None else hand)]
    defeated = {encode(x, y) for x, y in state.defeated}
    position = _Position.of(board, defeated)
    unseen = _unseen_hobs(deck, [*board.anchor_of, *cards])
    return _score(deck, position, cards, unseen, weights)


@attrs.frozen
class GreedyAgent:
    """Scores every legal placement with :func:`evaluate` and plays the best one.

    1. Every placement is scored by :func:`evaluate` on the position after it, with the hand
       minus the card placed (the card it would draw is unknown and is left out).
    2. The ``lookahead`` best of them (unless it is 0) are scored again, by the best
       :func:`evaluate` score of a follow-up placement of another card already in hand.
    3. The last card of the game is placed by the true final score (garrison effects included,
       R8), on a position from :func:`~goblinguard.redeal`.

    Ties are broken at random with the agent's own generator, so it is deterministic for a given
    generator. It never reads the hidden draw order.

    Attributes:
        weights: the weights of :func:`evaluate`.
        lookahead: how many of the best placements get the second look (0: plain one-ply greedy).
    """

    weights: Weights = WEIGHTS
    lookahead: int = 5

    def choose(self, view: Any, actions: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """Return the best-scoring placement and the next generator.

        Raises:
            TypeError: ``view`` is not a goblinguard :class:`View`, or ``actions`` holds a chance
                draw (chance decisions are sampled, never given to agents).
        """
        if not isinstance(view, View):
            raise TypeError("GreedyAgent.choose takes a goblinguard View")
        if not all(isinstance(action, Place) for action in actions):
            raise TypeError("GreedyAgent.choose takes placements, not chance draws")
        placements = cast(Sequence[Place], actions)
        seed, rng = rng.next_u64()
        board = board_of(view)
        deck = board.deck
        if len(view.hand) == 1 and view.deck_size == 0:
            state = redeal(view, seed)
            scores = [float(len(after(state, action).defeated)) for action in placements]
        else:
            hand = [deck.index[c] for c in view.hand]
            placed = list(board.anchor_of)
            position = _Position.of(board, {encode(x, y) for x, y in view.defeated})
            scores = self._scores(deck, position, placed, placements, hand)
            if self.lookahead > 0 and len(hand) > 1 and placed:
                scores = self._second_look(board, position, placed, placements, hand, scores)
        best = max(scores)
        chosen, rng = rng.choice([a for a, s in zip(placements, scores, strict=True) if s == best])
        return chosen, rng

    def _scores(
        self,
        deck: CompiledDeck,
        position: _Position,
        placed: Sequence[int],
        actions: Sequence[Place],
        hand: Sequence[int],
    ) -> list[float]:
        """The :func:`evaluate` score after each action (of a card in ``hand``)."""
        unseen = _unseen_hobs(deck, [*placed, *hand])
        rests = {card: [c for c in hand if c != card] for card in hand}
        index = deck.index
        after = position.after
        w = self.weights
        out = []
        for action in actions:
            card = index[action.card]
            child = after(deck, card, encode(action.x, action.y), action.layer is Layer.TOP)
            out.append(_score(deck, child, rests[card], unseen, w))
        return out

    def _second_look(
        self,
        board: Board,
        position: _Position,
        placed: Sequence[int],
        actions: Sequence[Place],
        hand: Sequence[int],
        scores: list[float],
    ) -> list[float]:
        """The best follow-up score of the ``lookahead`` best actions (``-inf`` for the rest)."""
        deck = board.deck
        ranked = sorted(range(len(actions)), key=lambda i: -scores[i])
        deep = [float("-inf")] * len(actions)
        for i in ranked[: self.lookahead]:
            action = actions[i]
            card = deck.index[action.card]
            anchor = encode(action.x, action.y)
            child = board.after(card, anchor, action.layer)
            settled = position.after(deck, card, anchor, action.layer is Layer.TOP).settled()
            rest = [c for c in hand if c != card]
            follow = child.places(rest)
            deep[i] = max(self._scores(deck, settled, [*placed, card], follow, rest))
        return deep
