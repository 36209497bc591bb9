"""The solver for a known draw order: a winning line from a state, or a proof that none exists.

A puzzle author's tool: it reads the whole :class:`~goblinguard.State`, the order of its draw pile
included (a view hides that order). It counts *nodes* — positions generated, one per legal
placement tried from a position — never time, so a result reproduces on any machine. Two phases:

1. **Beam search.** Level by level, every placement from the kept positions is scored by the
   heuristic of :func:`~goblinguard.evaluate` (the hand exact, since the draws are known) and the
   ``width`` best distinct positions are kept; if that finds no win, once more with ``8 * width``.
2. **Exhaustive search.** Depth first, best placements first, skipping positions already refuted
   (transpositions: the same visible cells, cards in play and monsters defeated).

Both phases drop every position with a monster that can no longer be defeated (see
:mod:`goblinguard._agents.prospects`: a sound test), so an exhaustive search that ends within the
budget proves that no win exists.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop_rules import check_position

from .._actions import Place
from .._cards import Layer
from .._deck import BARRACKS, GOBLIN, GUARD, NEIGHBOURS, encode
from .._rules import after, board_of, is_over
from .._state import State
from .lookahead import LOST, Node, scored_placements
from .prospects import Spare, hopeless

DEFAULT_BUDGET = 1_000_000
"""The nodes :func:`solve` may generate unless told otherwise."""

DEFAULT_WIDTH = 4
"""The positions per level of the first beam search of :func:`solve` unless told otherwise."""

_WIDER = 8  # the second beam search keeps this many times more positions


@attrs.frozen
class Solution:
    """What :func:`solve` found.

    Attributes:
        line: the placements from the state to a won end, in order, or ``None`` if none was
            found.
        proven: whether the answer is certain: ``True`` when a line was found, or when the
            exhaustive search ended within the budget (then no win exists); ``False`` when the
            budget ran out first (a win may still exist).
        nodes: the positions generated (one per legal placement tried from a position).

    >>> Solution(None, True, 12).winnable, Solution(None, False, 10).winnable
    (False, None)
    """

    line: tuple[Place, ...] | None
    proven: bool
    nodes: int

    @property
    def winnable(self) -> bool | None:
        """``True`` (a line was found), ``False`` (no win exists, proven) or ``None`` (the budget
        ran out first)."""
        if self.line is not None:
            return True
        return False if self.proven else None


class BudgetSpentError(Exception):
    """Raised inside a search when its node budget is spent."""


def _key(state: State) -> tuple[object, ...]:
    """What decides a known-order position's future: the visible cells, the cells covered by
    Forts only, where each card in play lies (so also the hand and the pile) and the monsters
    defeated."""
    board = board_of(state)
    return (
        tuple(sorted(board.cell.items())),
        frozenset(board.fort_only),
        tuple(sorted(board.anchor_of.items())),
        state.defeated,
    )


def _hopeless(state: State) -> bool:
    """Whether a monster of ``state`` can no longer be defeated (R4-R11)."""
    deck = state.config.compiled
    spare = [deck.index[c] for c in (*state.hand, *state.deck)]
    return hopeless(board_of(state), {encode(x, y) for x, y in state.defeated}, spare)


class Search:
    """One search: the nodes generated so far, within ``budget``, and the refuted positions."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.nodes = 0
        self.refuted: set[tuple[object, ...]] = set()

    def charge(self, nodes: int) -> None:
        """Count ``nodes`` more, or raise :class:`BudgetSpentError` if that would go beyond the
        budget (the count never does)."""
        if self.nodes + nodes > self.budget:
            raise BudgetSpentError
        self.nodes += nodes

    def options(self, state: State) -> list[Place]:
        """The placements of ``state`` worth trying, best first: the winning ones of the last
        card, else those that leave no monster lost (charged to the budget)."""
        node = Node.of(state)
        places = node.places()
        self.charge(len(places))
        if len(state.hand) == 1 and not state.deck:
            return _winning_last(state, node, places)
        return [action for score, _, action in scored_placements(node, places) if score > -LOST / 2]

    def beam(self, root: State, width: int) -> tuple[Place, ...] | None:
        """A beam search keeping ``width`` positions per level: a winning line, or ``None``."""
        level: list[tuple[State, tuple[Place, ...]]] = [(root, ())]
        while level:
            ranked: list[tuple[float, int, int, Place]] = []
            for rank, (state, line) in enumerate(level):
                node = Node.of(state)
                places = node.places()
                self.charge(len(places))
                if len(state.hand) == 1 and not state.deck:
                    won = _winning_last(state, node, places)
                    if won:
                        return (*line, won[0])
                    continue
                for score, i, action in scored_placements(node, places):
                    if score > -LOST / 2:
                        ranked.append((score, rank, i, action))
            ranked.sort(key=lambda r: (-r[0], r[1], r[2]))
            seen: set[tuple[object, ...]] = set()
            kept: list[tuple[State, tuple[Place, ...]]] = []
            for _, rank, _, action in ranked:
                state, line = level[rank]
                child = after(state, action)
                key = _key(child)
                if key in seen or _hopeless(child):
                    continue
                seen.add(key)
                kept.append((child, (*line, action)))
                if len(kept) == width:
                    break
            level = kept
        return None

    def exhaustive(self, root: State) -> tuple[Place, ...] | None:
        """Depth-first search of every position: a winning line, or ``None`` if none exists."""
        if _hopeless(root):
            return None
        stack: list[tuple[State, list[Place], int]] = [(root, self.options(root), 0)]
        line: list[Place] = []
        while stack:
            state, options, i = stack[-1]
            if i == len(options):
                self.refuted.add(_key(state))
                stack.pop()
                if line:
                    line.pop()
                continue
            stack[-1] = (state, options, i + 1)
            action = options[i]
            child = after(state, action)
            if is_over(child):
                return (*line, action)  # options of the last card are the winning ones
            if _key(child) in self.refuted or _hopeless(child):
                continue
            line.append(action)
            stack.append((child, self.options(child), 0))
        return None


def _winning_last(state: State, node: Node, places: tuple[Place, ...]) -> list[Place]:
    """The placements of the last card that win.

    Each is read cheaply (R6 during play); only where the end-of-game check could still defeat a
    monster left standing (R8: a goblin on a Watchtower's line, a monster next to a guard while
    a Barracks is in play, a goblin hidden beneath a Fort) is it played out with
    :func:`~goblinguard.apply`.
    """
    board = node.board
    deck = board.deck
    total = deck.total
    card = node.hand[0]
    barracks = any(BARRACKS in deck.letters[c] for c in (*board.anchor_of, card))
    out: list[Place] = []
    for action in places:
        anchor = encode(action.x, action.y)
        child = node.position.after(deck, card, anchor, action.layer is Layer.TOP).settled()
        if child.defeated == total:
            out.append(action)
            continue
        spare = Spare.of(deck, (), {**board.anchor_of, card: anchor})
        cell = child.cell
        if (
            all(
                (cell[pos] & 15 == GOBLIN and spare.on_line(pos))
                or (barracks and any(cell.get(pos + d, 0) & 15 == GUARD for d in NEIGHBOURS))
                for pos in child.monsters
            )
            and len(after(state, action).defeated) == total
        ):
            out.append(action)
    return out


def _widths(width: int) -> tuple[int, ...]:
    """The widths of the beam searches of :func:`solve`: 1 (plain greedy), ``width``, and
    ``8 * width``."""
    return tuple(dict.fromkeys((1, width, width * _WIDER)))


def _check(state: Any, budget: Any, width: Any, where: str) -> None:
    check_position(state, (State,), where)
    for name, value in (("budget", budget), ("width", width)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{where}: {name} is a whole number of at least 1, not {value!r}")
    if state.config.explicit:
        raise ValueError(
            f"{where}: in explicit chance mode no draw order is fixed (R12); "
            "solve a state whose draw pile is in order"
        )
    if is_over(state):
        raise ValueError(f"{where}: the game is over (R8), there is nothing left to play")


def solve(state: State, *, budget: int = DEFAULT_BUDGET, width: int = DEFAULT_WIDTH) -> Solution:
    """Find a winning line from ``state`` with its draw pile in order, or prove that none exists.

    A puzzle author's tool: it reads the whole state, the order of the cards still to draw
    included, so it answers for a puzzle (``Config(order=...)``) or for one deal of a shuffled
    game, never for what a player may know (an agent works from a view, see
    :class:`SearchAgent`). It searches in phases until one finds a win or the budget is spent
    (the whole search counts *nodes*: positions generated, one per legal placement tried from a
    position; never time, so a result reproduces on any machine):

    1. beam searches keeping 1, ``width`` and ``8 * width`` positions per level, ranked by the
       heuristic of :func:`evaluate` with the exact hand (the draws are known);
    2. an exhaustive depth-first search, best placements first, skipping positions already
       refuted (the same visible cells, cards in play and monsters defeated reached another way).

    Every phase drops the positions with a monster that can no longer be defeated: one standing
    with no neighbour that may still come to show a guard (cells covered stay covered; goblins,
    hobgoblins, garrisons and a card's last house are never covered, R4), with no Fort to come
    that could hide it and no Watchtower, to come or in play, whose line could take it (R9, R10);
    one hidden beneath a Fort that can never be surrounded (R7); any when fewer guard cells than
    it needs can ever be in view at once. So when the exhaustive search ends within the budget,
    no win exists.

    >>> import goblinguard as gg
    >>> from tabletop_rules import Rng
    >>> order, _ = Rng.from_seed(1).shuffle([card.id for card in gg.standard_deck()])
    >>> state = gg.new_game(gg.Config(order=order), seed=0)
    >>> solution = gg.solve(state)
    >>> solution.winnable, len(solution.line), solution.nodes
    (True, 20, 3088)
    >>> for action in solution.line:
    ...     state = gg.apply(state, action)
    >>> gg.outcome(state).won
    True

    Three goblin cards that can never all be defeated, and a budget too small to decide:

    >>> deck = (gg.Card("a", "GX/HH"), gg.Card("b", "GH/XH"), gg.Card("c", "GH/HX"))
    >>> gg.solve(gg.new_game(gg.Config(deck=deck, order=("a", "b", "c")), seed=0))
    Solution(line=None, proven=True, nodes=4796)
    >>> gg.solve(gg.new_game(seed=2), budget=100)
    Solution(line=None, proven=False, nodes=...)

    Args:
        state: the position, in sampled chance mode (its draw pile in order), not over.
        budget: the most nodes to generate (at least 1).
        width: the positions per level of the second beam search (at least 1).

    Returns:
        The :class:`Solution`: a winning line, or ``None`` with ``proven`` telling whether no
        win exists or the budget ran out first.

    Raises:
        tabletop_rules.PositionTypeError: ``state`` is not a :class:`State` (a view hides the
            draw order the solver needs).
        ValueError: a budget or width that is not a whole number of at least 1, a game that is
            over, or a state in explicit chance mode (no draw order is fixed).
    """
    _check(state, budget, width, "solve")
    search = Search(budget)
    try:
        line = None
        for beam in _widths(width):
            line = search.beam(state, beam)
            if line is not None:
                break
        else:
            line = search.exhaustive(state)
    except BudgetSpentError:
        return Solution(None, False, search.nodes)
    return Solution(line, True, search.nodes)


def hint(state: State, *, budget: int = DEFAULT_BUDGET, width: int = DEFAULT_WIDTH) -> Place | None:
    """The next placement of a winning line from ``state``: the first of the line
    :func:`solve` finds, or ``None`` when it finds none (no win exists, or the budget ran out).

    >>> import goblinguard as gg
    >>> state = gg.new_game(seed=1)
    >>> move = gg.hint(state)
    >>> move
    Place(card='o3', x=0, y=0, layer=<Layer.TOP: 'top'>)
    >>> move == gg.solve(state).line[0]
    True

    Args:
        state: as for :func:`solve`.
        budget: as for :func:`solve`.
        width: as for :func:`solve`.

    Raises:
        tabletop_rules.PositionTypeError: ``state`` is not a :class:`State`.
        ValueError: as for :func:`solve`.
    """
    _check(state, budget, width, "hint")
    line = solve(state, budget=budget, width=width).line
    return line[0] if line else None
