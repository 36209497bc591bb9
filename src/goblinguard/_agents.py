"""The greedy agent: one placement of look-ahead, scored by a position heuristic."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tabletop_rules import RandomAgent, Rng

from ._actions import Place
from ._cards import Layer
from ._deck import (
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
from ._rules import apply, board_of, redeal
from ._state import State, View

__all__ = ["GreedyAgent", "RandomAgent", "Weights", "evaluate"]


@attrs.frozen
class Weights:
    """The weights of :func:`evaluate` (see there for what each term means)."""

    defeat: float = 100.0
    gob_progress: float = 10.0
    hob_progress: float = 24.0
    gob_open: float = 3.0
    hob_open: float = 6.0
    doomed: float = 60.0
    slot: float = 4.0
    ready: float = 30.0
    group: float = 2.0
    hob_pending: float = 0.0
    gob_pending: float = 0.0
    hob_power: float = 1.0
    hand_gob: float = 0.0
    hand_hob: float = 0.0
    hand_garrison: float = 0.0


WEIGHTS = Weights()


def _groups(cell: dict[int, int]) -> tuple[dict[int, int], list[int]]:
    """Guard groups (R5): cell → group number, and the size of each group."""
    gid: dict[int, int] = {}
    sizes: list[int] = []
    for pos, value in cell.items():
        if value & 15 != GUARD or pos in gid:
            continue
        k = len(sizes)
        gid[pos] = k
        todo = [pos]
        n = 0
        while todo:
            p = todo.pop()
            n += 1
            for d in NEIGHBOURS:
                q = p + d
                if q not in gid and cell.get(q, 0) & 15 == GUARD:
                    gid[q] = k
                    todo.append(q)
        sizes.append(n)
    return gid, sizes


def _lay(
    deck: CompiledDeck,
    cell: dict[int, int],
    vis_houses: list[int],
    card: int,
    anchor: int,
    top: bool,
) -> tuple[dict[int, int], list[int]]:
    """The visible cells and per-card visible house counts after a (legal) placement (R2)."""
    cell = cell.copy()
    vis_houses = vis_houses.copy()
    for off, letter in zip(CELL_OFFSETS, deck.letters[card], strict=True):
        pos = anchor + off
        old = cell.get(pos)
        if top or old is None:
            if old is not None and old & 15 == HOUSE:
                vis_houses[old >> 4] -= 1
            cell[pos] = card << 4 | letter
            if letter == HOUSE:
                vis_houses[card] += 1
    return cell, vis_houses


def _score(
    deck: CompiledDeck,
    cell: dict[int, int],
    vis_houses: list[int],
    defeated: set[int] | frozenset[int],
    hand: Sequence[int],
    unplaced_hobs: int,
    w: Weights,
) -> float:
    garrison = deck.garrison
    gid, sizes = _groups(cell)
    score = w.defeat * len(defeated)
    for pos, value in cell.items():
        code = value & 15
        if code != GOBLIN and code != HOBGOBLIN or pos in defeated:
            continue
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
            elif letter == HOUSE and not garrison[near >> 4] and vis_houses[near >> 4] > 1:
                free += 1
        if best >= need:
            score += w.defeat
        elif free == 0:
            score -= w.doomed
        elif code == HOBGOBLIN:
            score += (
                w.hob_progress * (best / need) ** w.hob_power + w.hob_open * free - w.hob_pending
            )
        else:
            score += w.gob_progress * best / need + w.gob_open * free - w.gob_pending
    # Guard groups: bigger groups with free cells around are assets for the hobgoblins to come.
    slots: set[int] = set()
    for pos, k in gid.items():
        size = sizes[k]
        if size >= 4:
            for d in NEIGHBOURS:
                if pos + d not in cell:
                    slots.add(pos + d)
    score += w.group * sum(min(s, 4) ** 2 for s in sizes) / 4
    if unplaced_hobs:
        score += w.slot * min(len(slots), unplaced_hobs + 2)
    # Hobgoblin cards in hand that could be laid right now next to a big group.
    for card in hand:
        monsters = deck.monsters[card]
        if not monsters:
            score += w.hand_garrison
            continue
        if monsters[0][1] != HOBGOBLIN:
            score += w.hand_gob
            continue
        score += w.hand_hob
        offset = monsters[0][0]
        letters = deck.letters[card]
        for pos in slots:
            anchor = pos - offset
            if _fits(deck, cell, vis_houses, gid, sizes, letters, anchor, pos):
                score += w.ready
                break
    return score


def _fits(
    deck: CompiledDeck,
    cell: dict[int, int],
    vis_houses: list[int],
    gid: dict[int, int],
    sizes: list[int],
    letters: tuple[int, int, int, int],
    anchor: int,
    target: int,
) -> bool:
    """Whether a hobgoblin card laid at ``anchor`` (on top, or tucked where it fits) puts its
    hobgoblin, on the empty cell ``target``, next to a guard group of at least 4."""
    covered: dict[int, int] = {}
    lost: dict[int, int] = {}
    overlap = False
    house_free = False
    ok = True
    for off, letter in zip(CELL_OFFSETS, letters, strict=True):
        old = cell.get(anchor + off)
        if old is None:
            if letter == HOUSE:
                house_free = True
            continue
        overlap = True
        owner, code = old >> 4, old & 15
        if deck.garrison[owner] or code == GOBLIN or code == HOBGOBLIN:
            ok = False
        elif code == HOUSE:
            covered[owner] = covered.get(owner, 0) + 1
        elif code == GUARD:
            lost[gid[anchor + off]] = lost.get(gid[anchor + off], 0) + 1
    if not overlap or house_free:
        return True  # laid on nothing, or tucked beneath: nothing covered
    if not ok or any(n >= vis_houses[owner] for owner, n in covered.items()):
        return False
    for d in NEIGHBOURS:
        k = gid.get(target + d)
        if k is not None and sizes[k] - lost.get(k, 0) >= 4:
            return True
    return False


def _unplaced_hobs(deck: CompiledDeck, placed: Sequence[int]) -> int:
    on_board = set(placed)
    return sum(
        1
        for card, monsters in enumerate(deck.monsters)
        if card not in on_board and any(code == HOBGOBLIN for _, code in monsters)
    )


def evaluate(
    state: State | View, hand: Sequence[str] | None = None, weights: Weights = WEIGHTS
) -> float:
    """A heuristic value of a position, higher is better.

    ``hand`` (default: the position's hand) are the cards known to be still to place.
    """
    board = board_of(state)
    deck = board.deck
    cards = [deck.index[c] for c in (state.hand if hand is None else hand)]
    defeated = {encode(x, y) for x, y in state.defeated}
    return _score(
        deck,
        board.cell,
        board.vis_houses,
        defeated,
        cards,
        _unplaced_hobs(deck, list(board.anchor_of)),
        weights,
    )


@attrs.frozen
class GreedyAgent:
    """Tries every legal placement and keeps the best by :func:`evaluate`; ties are broken at
    random with its own generator.

    It never reads the hidden draw order: only the cards known to be in hand are considered.
    """

    weights: Weights = WEIGHTS

    def choose(self, view: Any, actions: Sequence[Place], rng: Rng) -> tuple[Place, Rng]:
        """Return the best-scoring action and the next generator."""
        if not isinstance(view, View):
            raise TypeError("GreedyAgent.choose takes a goblinguard View")
        seed, rng = rng.next_u64()
        board = board_of(view)
        deck = board.deck
        best: list[Place] = []
        best_score = float("-inf")
        if len(view.hand) == 1 and view.deck_size == 0:
            state = redeal(view, seed)
            for action in actions:
                score = float(len(apply(state, action).defeated))
                if score > best_score:
                    best, best_score = [action], score
                elif score == best_score:
                    best.append(action)
            return rng.choice(best)
        defeated = {encode(x, y) for x, y in view.defeated}
        hand = [deck.index[c] for c in view.hand]
        placed = list(board.anchor_of)
        for action in actions:
            card = deck.index[action.card]
            cell, vis = _lay(
                deck,
                board.cell,
                board.vis_houses,
                card,
                encode(action.x, action.y),
                action.layer is Layer.TOP,
            )
            rest = [c for c in hand if c != card]
            score = _score(
                deck, cell, vis, defeated, rest, _unplaced_hobs(deck, [*placed, card]), self.weights
            )
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return rng.choice(best)
