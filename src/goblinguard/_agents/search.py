"""The search agent: a three-placement lookahead over the hand, and exact search once the order of
the cards still to come is known.

:class:`SearchAgent` reads its view and nothing else. While more than one card is left to draw, it
never guesses a draw: it looks three placements ahead with the cards in its hand, scoring the
positions with the heuristic of :func:`~goblinguard.evaluate` and dropping those with a monster that
can no longer be defeated (:mod:`goblinguard._agents.prospects`). Once at most one card is left to
draw, the order of the cards to come follows from the view (a single card has a single order): a
position from :func:`~goblinguard.redeal` is the true one, and the agent plays a winning line found
by the solver's beam search, when there is one within its budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tabletop_rules import Rng

from .._actions import Action, Place
from .._rules import redeal
from .._state import Config, View
from .lookahead import Node, scored_placements
from .solver import BudgetSpentError, Search


def _positive(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"SearchAgent.{attr.name} is a whole number of at least 1, not {value!r}")


@attrs.frozen
class SearchAgent:
    """Looks three placements ahead with its hand; plays exactly once the order is known.

    1. **Endgame.** With at most one card left to draw, the cards to come are known and so is
       their order: the agent deals the position with :func:`~goblinguard.redeal` (the true one)
       and plays the first placement of a winning line found by beam searches of widths
       ``widths`` (the solver's first phase, see :func:`~goblinguard.solve`) within ``budget``
       nodes. If there is none, it plays on as below.
    2. **Lookahead.** Otherwise every legal placement is scored by the heuristic of
       :func:`~goblinguard.evaluate` on the position after it, the hand without the card placed
       (the card drawn is unknown and is never guessed). The ``candidates`` best are looked at
       again: each is worth the best score reachable by ``depth - 1`` more placements of cards
       already in hand, following the ``branch`` best placements at each step in between.
       Positions with a monster that can no longer be defeated (R4-R11) rank below all others.

    Ties are broken at random with the agent's generator, so the same view, legal actions and
    generator give the same placement: the agent is a pure function of what its seat sees.

    >>> import goblinguard as gg
    >>> from tabletop_rules import play
    >>> final, actions = play(gg.GAME, [SearchAgent()], seed=1)
    >>> gg.outcome(final).won, len(actions)
    (True, 20)

    Attributes:
        candidates: how many of the best placements are looked at more deeply (at least 1).
        depth: placements looked ahead, the first included (1: plain greedy on the heuristic).
        branch: placements followed at each step between the first and the last.
        widths: the beam widths tried in the endgame, in order.
        budget: the nodes the endgame search may generate (positions, one per placement tried).

    Raises:
        ValueError: a setting that is not a whole number of at least 1.
    """

    candidates: int = attrs.field(default=5, validator=_positive)
    depth: int = attrs.field(default=3, validator=_positive)
    branch: int = attrs.field(default=3, validator=_positive)
    widths: tuple[int, ...] = attrs.field(
        default=(1, 4), validator=attrs.validators.deep_iterable(_positive)
    )
    budget: int = attrs.field(default=20_000, validator=_positive)

    def choose(self, view: Any, actions: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """Return the chosen placement and the next generator.

        Raises:
            TypeError: ``view`` is not a goblinguard :class:`~goblinguard.View`, or ``actions``
                holds a chance draw (chance decisions are sampled, never given to agents).
        """
        if not isinstance(view, View):
            raise TypeError("SearchAgent.choose takes a goblinguard View")
        if not all(isinstance(action, Place) for action in actions):
            raise TypeError("SearchAgent.choose takes placements, not chance draws")
        if len(actions) == 1:
            return actions[0], rng
        seed, rng = rng.next_u64()
        if view.deck_size <= 1 and view.placed:
            line = self._endgame(view, seed)
            if line:
                return line[0], rng
        node = Node.of(view)
        places = [a for a in actions if isinstance(a, Place)]
        values = self._values(node, places, self.depth, self.candidates)
        best = max(values)
        return rng.choice([a for a, v in zip(actions, values, strict=True) if v == best])

    def _endgame(self, view: View, seed: int) -> tuple[Place, ...] | None:
        """A winning line of the only order the cards to come can be in, or ``None``."""
        if view.config.explicit:  # the same game with the draw made from the pile (R12)
            view = attrs.evolve(view, config=Config(view.config.deck))
        state = redeal(view, seed)
        search = Search(self.budget)
        try:
            for width in self.widths:
                line = search.beam(state, width)
                if line is not None:
                    return line
        except BudgetSpentError:
            pass
        return None

    def _values(self, node: Node, places: Sequence[Place], depth: int, width: int) -> list[float]:
        """Per placement of ``places`` from ``node``: its value looking ``depth`` placements
        ahead, the ``width`` best looked at more deeply (``-inf`` for the others)."""
        scored = scored_placements(node, places)
        values = [float("-inf")] * len(places)
        if depth == 1 or len(node.hand) == 1:
            for score, i, _ in scored:
                values[i] = score
            return values
        for _, i, action in scored[:width]:
            child = node.child(action)
            values[i] = max(self._values(child, child.places(), depth - 1, self.branch))
        return values
