"""Heroes moving: the words ``move``, ``add-move`` and ``stay``.

Where a movement may end is the engine's (:meth:`Ctx.reachable
<grimheim._vocab.Ctx.reachable>`): each step costs 1 and goes into a free area a hero may stand
in; nobody passes through an occupied area; entering Grimheim ends the movement; leaving it, the
first step goes to any area next to it but a mountain.
"""

from __future__ import annotations

import attrs

from tabletop_rules import ContentError

from .._limits import BONUS_LIMIT
from ._context import Ctx
from ._grammar import Condition, Effect, word


@word("move")
@attrs.frozen
class Move(Effect):
    """A movement of up to ``areas`` areas, apart from the move action ("Move N"): it never counts
    as a move action. The hero picks where it ends (or not to move).

    Attributes:
        areas: the most areas.
        into: conditions the area where it ends must meet (``{"type": "terrain", "is":
            ["forest"]}``: into a forest).
    """

    areas: int
    into: tuple[Condition, ...] = ()

    def useful(self, ctx: Ctx) -> bool | None:
        return bool(ctx.reachable(self.areas, self.into))

    def apply(self, ctx: Ctx) -> None:
        ctx.move(self.areas)

    def describe(self) -> str:
        where = (
            f" into an area where {', '.join(c.describe() for c in self.into)}" if self.into else ""
        )
        return f"move up to {self.areas} area{'s' if self.areas != 1 else ''}{where}"

    def check(self, when: str, where: str) -> None:
        for i, c in enumerate(self.into):
            if c.about_monster():
                raise ContentError(
                    f"{where}.into[{i}]", "a movement ends in an area, not at a monster"
                )


@word("add-move")
@attrs.frozen
class AddMove(Effect):
    """Add areas to this turn's move action ("Move +N": it extends the move action only).

    Attributes:
        amount: the areas added.
    """

    amount: int

    def useful(self, ctx: Ctx) -> bool | None:
        turn = ctx.w.turn
        return bool(
            turn is not None
            and turn.hero == ctx.seat
            and "move" not in turn.actions
            and len(turn.actions) < 2
            and not turn.stay
        )

    def apply(self, ctx: Ctx) -> None:
        turn = ctx.w.turn
        if turn is not None:
            ctx.w.turn = attrs.evolve(
                turn, move_bonus=min(BONUS_LIMIT, turn.move_bonus + self.amount)
            )

    def describe(self) -> str:
        areas = f"{self.amount} area{'s' if self.amount != 1 else ''}"
        return f"your move action this turn goes {areas} farther"

    def check(self, when: str, where: str) -> None:
        if when != "free":
            raise ContentError(where, "a move action is extended on the hero's own turn")


@word("stay")
@attrs.frozen
class Stay(Effect):
    """The hero may not move any more this turn (no move action, no card's movement).
    ``{"type": "stay"}``"""

    def useful(self, ctx: Ctx) -> bool | None:
        return False  # it follows another effect

    def apply(self, ctx: Ctx) -> None:
        turn = ctx.w.turn
        if turn is not None and turn.hero == ctx.seat:
            ctx.w.turn = attrs.evolve(turn, stay=True)

    def describe(self) -> str:
        return "you may not move any more this turn"
