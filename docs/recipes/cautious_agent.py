"""A custom goblinguard agent, run by ``tabletop simulate``:

    tabletop simulate goblinguard --agent docs.recipes.cautious_agent:CautiousAgent

(from the repository root, with the root on the import path; see the recipes page).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import goblinguard as gg
from tabletop_rules import Rng


@attrs.frozen
class CautiousAgent:
    """Takes the placement that defeats the most monsters at once, covering as little as it can.

    The agent gets only the view of its seat. To learn what a placement would defeat, it builds a
    state consistent with that view (:func:`goblinguard.redeal`, the hidden draw order made up from
    its own generator) and steps it: the monsters a placement defeats do not depend on the card
    drawn after it. Among placements that defeat equally many, it prefers the ones covering the
    fewest cells of cards in play (a card covered now is a house or guard lost later), then picks
    one at random.
    """

    def choose(
        self, view: gg.View, actions: Sequence[gg.Action], rng: Rng
    ) -> tuple[gg.Action, Rng]:
        """Return the most cautious of the best placements and the next generator."""
        seed, rng = rng.next_u64()
        state = gg.redeal(view, seed)
        scored: list[tuple[tuple[int, int], gg.Place]] = []
        for action in actions:
            if not isinstance(action, gg.Place):  # chance decisions never reach an agent
                raise TypeError(f"CautiousAgent places cards; it was offered {action!r}")
            events = gg.step(state, action).events
            defeats = sum(isinstance(event, gg.MonsterDefeated) for event in events)
            covered = sum(
                gg.cell_at(view, action.x + dx, action.y + dy) is not None
                for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1))
            )
            scored.append(((defeats, -covered), action))
        best = max(score for score, _ in scored)
        return rng.choice([action for score, action in scored if score == best])
