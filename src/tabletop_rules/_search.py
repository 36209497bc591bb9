"""Information-set Monte Carlo tree search for any game: an agent that plays by simulation.

:class:`ISMCTSAgent` searches from what its seat sees and nothing else. Each simulation deals a
full state consistent with the view (the game's ``redeal(view, seed)``: the hidden cards in an
order drawn from the seed, and a fresh generator for the chance to come), walks one tree shared
by every deal — *single-observer* ISMCTS, after Cowling, Powley and Whitehouse (2012) — and plays
the rest of the game at random. Every seat, the searcher's team mates and opponents alike, is
modelled as choosing the action best for itself by the same statistics; chance decisions of an
explicit-chance game are drawn with their exact probabilities.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from ._game import Game
from ._play import sample_chance
from ._rng import Rng
from ._values import CHANCE

A = TypeVar("A")


class _Node:
    """The statistics of one path of actions from the root, over every deal that reached it."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.totals: list[float] = []
        self.children: dict[Any, _Node] = {}
        self.available: dict[Any, int] = {}

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0

    def add(self, values: Sequence[float]) -> None:
        self.visits += 1
        if not self.totals:
            self.totals = [0.0] * len(values)
        for seat, value in enumerate(values):
            self.totals[seat] += value


def _check_count(name: str, value: object, *, none_ok: bool = False) -> None:
    if value is None and none_ok:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} is a whole number of at least 1, not {value!r}")


@attrs.frozen
class ISMCTSAgent(Generic[A]):
    """Chooses by information-set Monte Carlo tree search over ``game`` (see the module docs).

    It reads its seat's view and nothing else; the same view, actions and generator give the
    same choice, on every machine. The budget is a number of simulations, never a time, so
    results reproduce. Every game lists it as ``"ismcts"`` (``tabletop simulate GAME --agent
    ismcts``), with the defaults below.

    >>> import goblinguard as gg
    >>> from tabletop_rules import play
    >>> agent = ISMCTSAgent(gg.GAME, simulations=8)
    >>> state, actions = play(gg.GAME, [agent], seed=1)
    >>> gg.is_over(state), len(actions)
    (True, 20)

    Args:
        game: the game searched.
        simulations: simulations per decision (at least 1). A decision with one legal action
            is answered without searching.
        exploration: the UCB constant ``c`` of the selection rule
            ``mean + c * sqrt(ln(available) / visits)``; returns are compared as the game's
            ``outcome().returns`` (``0`` to ``1`` for every game of this distribution).
        rollout_depth: ``None`` plays each simulation to the game's end at random; a number
            stops the random play after that many decisions and scores the position with
            ``evaluate``.
        evaluate: ``evaluate(state) -> returns per seat`` for a position cut short by
            ``rollout_depth`` (required with it); it may read the whole (dealt) state, which
            holds only what the searcher's view allows plus the deal.

    Raises:
        ValueError: a budget that is not a positive whole number, an exploration constant
            that is negative or not finite, or ``rollout_depth`` without ``evaluate``.
    """

    game: Game[Any, A]
    simulations: int = 100
    exploration: float = 0.7
    rollout_depth: int | None = None
    evaluate: Callable[[Any], Sequence[float]] | None = None

    def __attrs_post_init__(self) -> None:
        _check_count("simulations", self.simulations)
        _check_count("rollout_depth", self.rollout_depth, none_ok=True)
        exploration = self.exploration
        if isinstance(exploration, bool) or not isinstance(exploration, int | float):
            raise ValueError(f"exploration is a number, not {exploration!r}")
        if not 0 <= exploration < math.inf:
            raise ValueError(f"exploration is a finite number of at least 0, not {exploration}")
        if self.rollout_depth is not None and self.evaluate is None:
            raise ValueError("rollout_depth needs evaluate, to score the positions it cuts short")

    def choose(self, view: Any, actions: Sequence[A], rng: Rng) -> tuple[A, Rng]:
        """The most simulated of ``actions`` after ``simulations`` simulations from
        ``view``; ties go to the earlier action of ``actions``."""
        if len(actions) == 1:
            return actions[0], rng
        search, rng = rng.split()
        root = self._search(view, search)
        best = max(
            range(len(actions)),
            key=lambda i: (_visits(root, actions[i]), -i),
        )
        return actions[best], rng

    def _search(self, view: Any, rng: Rng) -> _Node:
        """The tree of :attr:`simulations` simulations from ``view`` (its root node)."""
        root = _Node()
        redeal = self.game.redeal
        for _ in range(self.simulations):
            seed, rng = rng.next_u64()
            deal_rng, rng = rng.split()
            self._simulate(root, redeal(view, seed), deal_rng)
        return root

    def _simulate(self, root: _Node, state: Any, rng: Rng) -> None:
        """One simulation: select and expand down the tree, play out, back up the returns."""
        game = self.game
        c = self.exploration
        path = [root]
        node = root
        expanded = False
        while not expanded and not game.is_over(state):
            seat = game.current_player(state)
            if seat == CHANCE:
                action, rng = sample_chance(game, state, rng)
            else:
                legal = game.legal_actions(state)
                available = node.available
                for a in legal:
                    available[a] = available.get(a, 0) + 1
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    action, rng = rng.choice(untried)
                    expanded = True
                else:
                    assert seat is not None
                    action = max(legal, key=lambda a: _ucb(children[a], available[a], seat, c))
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node()
            state = game.apply(state, action)
            node = child
            path.append(node)
        values = self._play_out(state, rng)
        for visited in path:
            visited.add(values)

    def _play_out(self, state: Any, rng: Rng) -> Sequence[float]:
        """Random play from ``state`` to the end (or to :attr:`rollout_depth`); the returns."""
        game = self.game
        depth = self.rollout_depth
        played = 0
        while not game.is_over(state):
            if depth is not None and played >= depth:
                assert self.evaluate is not None
                return tuple(float(v) for v in self.evaluate(state))
            if game.current_player(state) == CHANCE:
                action, rng = sample_chance(game, state, rng)
            else:
                action, rng = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
            played += 1
        outcome = game.outcome(state)
        assert outcome is not None
        return tuple(float(v) for v in outcome.returns)


def _visits(root: _Node, action: object) -> int:
    child = root.children.get(action)
    return child.visits if child is not None else 0


def _ucb(child: _Node, available: int, seat: int, c: float) -> float:
    """The selection score of ``child`` for ``seat``: its mean return plus the exploration
    bonus of availability-counted UCB."""
    return child.mean(seat) + c * math.sqrt(math.log(available) / child.visits)
