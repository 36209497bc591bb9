"""A card use, or the completion of a quest, resolving step by step: its costs, then its effects,
one pick at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from .._actions import Action, StopTargets, Target, TargetCard, TargetHero, Use
from .._cards import MOST
from .._checks import fail, game_seat, number
from .._events import CardPlayed
from .._uses import card_in_play, context, resolution_steps, the_use
from .._vocab import Ctx, Pick, ResolutionStep
from ._base import BaseFrame

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work


@attrs.frozen
class Resolving(BaseFrame):
    """A card use (or the completion of a quest) resolving, step by step: its costs, then its
    effects.

    Attributes:
        hero: the seat using it.
        card: the card.
        use: which use of the card's side (for a quest, which of its ways).
        x: the number chosen for the use (``Use.x``).
        step: the next step to resolve (costs first, then effects).
        picked: the picks of the current step so far: areas or seats (``int``), card ids.
        bound: the monster (its area) an earlier step chose, named by ``"bound"`` targets.
        quest: the completion of the card's quest rather than a use.
    """

    hero: Seat
    card: str
    use: int
    x: int = 0
    step: int = 0
    picked: tuple[int | str, ...] = ()
    bound: int = -1
    quest: bool = False

    def asks(self, w: Work) -> Seat | None:
        return self.hero if self.choices(w) else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return self.choices(w)

    def answer(self, w: Work, action: Action) -> None:
        """Take a pick the current step asked for (or stop picking); the step applies once it
        has all its picks."""
        me = len(w.frames) - 1
        step = resolution_steps(w, self)[self.step]
        ctx = self._context(w)
        match action:
            case Target(at):
                ctx.picked = (*ctx.picked, w.geo.area(at))
            case TargetHero(seat):
                ctx.picked = (*ctx.picked, seat)
            case TargetCard(card):
                ctx.picked = (*ctx.picked, card)
            case StopTargets():
                self._apply(w, me, step, ctx)
                return
        w.frames[me] = attrs.evolve(self, picked=ctx.picked)

    def auto(self, w: Work) -> None:
        self.resolve(w)

    def kind(self, w: Work) -> str:
        return "choose"

    def choices(self, w: Work) -> list[Action]:
        """The choices the current step asks for (empty when it needs none)."""
        steps = resolution_steps(w, self)
        if self.step >= len(steps):
            return []
        step = steps[self.step]
        ctx = self._context(w)
        found, stop = _ask(step, ctx)
        if not found:
            return []
        kind = step.pick_kind()
        hexes = w.geo.hexes
        actions: list[Action] = []
        for pick in found:
            if isinstance(pick, str):
                actions.append(TargetCard(pick))
            elif kind in ("hero", "hero-or-card"):
                actions.append(TargetHero(pick))
            else:
                actions.append(Target(hexes[pick]))
        return [*actions, StopTargets()] if stop else actions

    def resolve(self, w: Work) -> bool:
        """Resolve steps until one asks for a choice (``True``), or the resolution is done or
        waits for a frame a step pushed (``False``). This frame is the innermost one."""
        me = len(w.frames) - 1
        frame = self
        steps = resolution_steps(w, frame)
        while frame.step < len(steps):
            step = steps[frame.step]
            ctx = frame._context(w)
            if step.pick_kind() != "none":
                least, most = step.picks(ctx)
                while len(ctx.picked) < most:
                    found, _ = _ask(step, ctx)
                    if found:
                        w.frames[me] = attrs.evolve(frame, picked=ctx.picked)
                        return True
                    candidates = step.candidates(ctx)
                    if not candidates or len(ctx.picked) >= least:
                        break
                    ctx.picked = (*ctx.picked, candidates[0])
            frame._apply(w, me, step, ctx)
            if w.won is not None:
                return False
            frame = w.frames[me]  # type: ignore[assignment]
            if len(w.frames) > me + 1:
                return False
        del w.frames[me]
        return False

    def _context(self, w: Work) -> Ctx:
        from_hand = not self.quest and card_in_play(w, self.hero, self.card) is None
        ctx = context(w, self.hero, self.card, from_hand=from_hand, x=self.x, bound=self.bound)
        ctx.picked = self.picked
        return ctx

    def _apply(self, w: Work, me: int, step: ResolutionStep, ctx: Ctx) -> None:
        """Apply one step, then move the frame to the next step (keeping what it bound)."""
        w.frames[me] = attrs.evolve(self, picked=ctx.picked)
        step.apply(ctx)
        if w.won is None:
            w.frames[me] = attrs.evolve(self, step=self.step + 1, picked=(), bound=ctx.bound)

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)
        town = position.config.geo.town
        card = position.config.cards.get(self.card)
        if card is None:
            fail(f"{path}.card", "unknown card")
        if self.quest:
            if card.quest is None:
                fail(f"{path}.card", "a quest completed for a card with no quest")
            number(self.use, f"{path}.use", 0, len(card.quest.ways) - 1)
            steps = len(card.quest.ways[self.use].cost) + 1
        else:
            number(self.use, f"{path}.use", 0, max(len(side.uses) for side in card.sides) - 1)
            steps = max(len(s.uses[self.use].steps) for s in card.sides if self.use < len(s.uses))
        number(self.x, f"{path}.x", 0, MOST)
        number(self.step, f"{path}.step", 0, steps)
        number(self.bound, f"{path}.bound", -1, town - 1)
        for i, pick in enumerate(self.picked):
            if type(pick) is int:
                number(pick, f"{path}.picked[{i}]", 0, town - 1)
            elif not isinstance(pick, str) or pick not in position.config.cards:
                fail(f"{path}.picked[{i}]", "an area, a seat or a card")


def _ask(step: ResolutionStep, ctx: Ctx) -> tuple[tuple[Pick, ...], bool]:
    """``(candidates, stop)``: what the step asks for now (nothing when the engine can pick by
    itself or the step is done), and whether the hero may stop picking."""
    if step.pick_kind() == "none":
        return (), False
    least, most = step.picks(ctx)
    if len(ctx.picked) >= most:
        return (), False
    found = step.candidates(ctx)
    if not found:
        return (), False
    optional = len(ctx.picked) >= least
    if optional or len(found) > 1 or step.PRIVATE:
        return found, optional
    return (), False


def begin_use(w: Work, seat: Seat, action: Use) -> None:
    """Note a use (its card leaves the hand, its limit counts it) and push its resolution."""
    use, from_hand = the_use(w, seat, action.card, action.use)
    hero = w.heroes[seat]
    w.events.append(CardPlayed(seat, action.card))
    if from_hand:
        hand = list(hero.hand)
        hand.remove(action.card)
        w.set_hero(seat, hand=tuple(hand), discard=tuple(sorted((*hero.discard, action.card))))
    elif use.limit == "turn":
        turn = w.turn
        if turn is not None and turn.hero == seat and w.monster_turn() is None:
            w.turn = attrs.evolve(turn, used=(*turn.used, action.card))
    elif use.limit == "monster-turn":
        monster_turn = w.monster_turn()
        if monster_turn is not None:
            w.frames[w.frames.index(monster_turn)] = attrs.evolve(
                monster_turn, used=(*monster_turn.used, action.card)
            )
    w.frames.append(Resolving(seat, action.card, action.use, action.x))


def begin_quest(w: Work, seat: Seat, way: int) -> None:
    """Push the completion of the quest on top of the hero's equipment deck by its ``way``."""
    w.frames.append(Resolving(seat, w.heroes[seat].equipment[0], way, quest=True))
