"""What a creature's abilities do to a fight: the arithmetic shared by the rules and the agents.

A creature's abilities are the :data:`~kinmarr._words.CREATURE` effects of its ``passive``
(:class:`~kinmarr.Fear`, :class:`~kinmarr.Elusive`, :class:`~kinmarr.Pierce`,
:class:`~kinmarr.Regenerate`, :class:`~kinmarr.Slow`) and its ``triggers`` (what happens to the
fighter who defeats it or loses to it). These functions read only the card, so the engine settling
a fight and an agent weighing one count alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._content import Card
from ._words import Elusive, Fear, Pierce, Regenerate, Slow


def fight_colours(guild_dice: Sequence[str], extra: Sequence[str], creature: Card) -> list[str]:
    """The dice rolled against ``creature``: the guild's dice less its Fear (the last ones, at
    least one kept), then the extra dice of cards."""
    fear = sum(e.amount for e in creature.passive if isinstance(e, Fear))
    kept = max(1, len(guild_dice) - fear) if guild_dice else 0
    return [*guild_dice[:kept], *extra]


def scoring_dice(colours: Sequence[str], creature: Card | None) -> list[bool]:
    """For each die, whether its wounds count against ``creature`` (:class:`~kinmarr.Elusive`)."""
    if creature is None:
        return [True] * len(colours)
    immune = {e.colour for e in creature.passive if isinstance(e, Elusive)}
    return [colour not in immune for colour in colours]


def needed(creature: Card, faces: Sequence[str]) -> int:
    """Wounds that defeat ``creature`` after a roll showing ``faces``: its defence, plus its
    :class:`~kinmarr.Regenerate` when no die shows a Critical."""
    extra = sum(e.amount for e in creature.passive if isinstance(e, Regenerate))
    if extra and "critical" not in faces:
        return creature.defence + extra
    return creature.defence


def wounds_taken(creature: Card, block: int, killed: bool) -> int:
    """Wounds ``creature`` deals to its fighter, whose Block is ``block``: none if it is
    :class:`~kinmarr.Slow` and was killed; its :class:`~kinmarr.Pierce` ignores Block."""
    if killed and any(isinstance(e, Slow) for e in creature.passive):
        return 0
    pierce = min(creature.attack, sum(e.amount for e in creature.passive if isinstance(e, Pierce)))
    return pierce + max(0, creature.attack - pierce - block)
