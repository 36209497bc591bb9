"""Heroes moving: a movement to where it ends, the areas it enters (what counts them, G30), a ram
into an occupied area (G33), and the two frames of a movement — the hero choosing where it ends
(:class:`Moving`) and where a rammed character goes (:class:`Ramming`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from .._actions import Action, MoveTo, SkipMove, Target, Use
from .._cards import Use as CardUse
from .._checks import fail, game_seat, number
from .._events import HeroMoved
from .._monsters import damage_hero, damage_monster, relocate_monster
from .._query import ignores_armor, side_of
from .._quests import counts_step, on_movement, on_step, top_quest
from .._uses import auto_uses, context, resolution_steps, timings_of
from .._vocab import Condition
from .._vocab.conditions import holds
from .._walks import best_walk, rams, reachable, shove_areas
from ._base import BaseFrame
from .resolving import Resolving, begin_use
from .window import open_window

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work

MOVE_RULE = (
    "Move: up to 3 areas (more with cards), never into an occupied area, a lake or a mountain "
    "(but Naglfar and the Troll Caves); entering Grimheim ends the move"
)
"""Why a movement cannot end where an action asks it to."""


@attrs.frozen
class Moving(BaseFrame):
    """A hero's movement in progress: the move action, or a card's "move N".

    Attributes:
        hero: the moving seat.
        areas: how far the hero may go.
        action: whether it is a move action (its triggers follow it).
        card: the card whose effect it is (``""`` for a move action).
        use: that effect's use.
        step: that effect's step (its ``into`` conditions say where the movement may end).
    """

    hero: Seat
    areas: int
    action: bool
    card: str = ""
    use: int = 0
    step: int = 0

    def asks(self, w: Work) -> Seat | None:
        return self.hero if reachable(w, self.hero, self.areas, self.into(w)) else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        ends = reachable(w, self.hero, self.areas, self.into(w))
        return [*(MoveTo(w.geo.hexes[a]) for a in ends), SkipMove()]

    def answer(self, w: Work, action: Action) -> None:
        w.frames.pop()
        if isinstance(action, MoveTo):
            go(w, self.hero, w.geo.area(action.to), self.areas, self.action)

    def auto(self, w: Work) -> None:
        w.frames.pop()

    def kind(self, w: Work) -> str:
        return "move"

    def why_not(self, w: Work, seat: Seat, action: Action) -> str | None:
        return MOVE_RULE if isinstance(action, MoveTo) else None

    def into(self, w: Work) -> tuple[Condition, ...]:
        """Where a card's movement may end (its ``move`` word's ``into``)."""
        if not self.card:
            return ()
        step = resolution_steps(w, Resolving(self.hero, self.card, self.use))[self.step]
        into: tuple[Condition, ...] = getattr(step, "into", ())
        return into

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)
        number(self.areas, f"{path}.areas", 1, 20)
        if self.card:
            card = position.config.cards.get(self.card)
            if card is None:
                fail(f"{path}.card", "unknown card")
            number(self.use, f"{path}.use", 0, max(len(side.uses) for side in card.sides) - 1)
            number(self.step, f"{path}.step", 0, 50)


@attrs.frozen
class Ramming(BaseFrame):
    """A hero who moves into an occupied area (``ram``) has damaged the character there, which
    must now move one area: the hero chooses where.

    Attributes:
        hero: the ramming seat.
        at: the rammed area (where the hero goes once it is free).
        left: areas of the movement left after that step.
        action: whether the movement is a move action.
    """

    hero: Seat
    at: int
    left: int
    action: bool

    def asks(self, w: Work) -> Seat | None:
        return self.hero if len(shove_areas(w, self.hero, self.at)) > 1 else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return [Target(w.geo.hexes[a]) for a in shove_areas(w, self.hero, self.at)]

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Target)
        w.frames.pop()
        self.shove(w, w.geo.area(action.at))

    def auto(self, w: Work) -> None:
        w.frames.pop()
        ends = shove_areas(w, self.hero, self.at)
        self.shove(w, ends[0] if ends else None)

    def kind(self, w: Work) -> str:
        return "shove"

    def shove(self, w: Work, where: int | None) -> None:
        """The rammed character moves to ``where`` (``None``: it is gone, or cannot move and the
        hero stops next to it); the hero enters the area and may go on with the areas left."""
        seat = self.hero
        other = w.hero_in(self.at)
        if where is not None and self.at in w.monsters:
            relocate_monster(w, self.at, where, "rammed")
        elif where is not None and other is not None:
            w.set_hero(other, at=where)
            w.events.append(HeroMoved(other, w.geo.hexes[where]))
        if w.free(self.at):
            _walk(w, seat, (self.at,))
            if self.left > 0 and reachable(w, seat, self.left):
                w.frames.append(Moving(seat, self.left, self.action))
                return
        finish_movement(w, seat, self.action)

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)
        number(self.at, f"{path}.at", 0, position.config.geo.town - 1)
        number(self.left, f"{path}.left", 0, 20)


def go(w: Work, seat: Seat, to: int, points: int, action: bool) -> None:
    """A movement of hero ``seat`` of at most ``points`` areas ending in ``to``: the walk that
    counts most for what counts areas entered (G30), or a ram into an occupied area (G33)."""
    ram = rams(w, seat, points).get(to) if to in w.taken() else None
    if ram is not None:
        _ram(w, seat, to, ram, points, action)
        return
    walk = best_walk(w, seat, to, points, _worth(w, seat))
    _walk(w, seat, walk)
    finish_movement(w, seat, action)


def finish_movement(w: Work, seat: Seat, action: bool) -> None:
    """A movement ended: quests done by it, then the windows after any movement and after a move
    action (the latter first)."""
    on_movement(w, seat)
    open_window(w, seat, "after-movement")
    if action:
        open_window(w, seat, "after-move-action")


def _walk(w: Work, seat: Seat, walk: tuple[int, ...]) -> None:
    """Put the hero at the end of ``walk``; each area entered counts (enter-area uses, quest)."""
    if not walk:
        return
    counted = _worth(w, seat) is not None
    found: list[Use] = []
    for area in walk:
        if counted:
            found += _enter_uses(w, seat, area)
            on_step(w, seat, area)
    w.set_hero(seat, at=walk[-1])
    w.events.append(HeroMoved(seat, w.geo.hexes[walk[-1]]))
    for use in reversed(found):
        begin_use(w, seat, use)


def _worth(w: Work, seat: Seat) -> Callable[[int], int] | None:
    """What entering an area is worth to hero ``seat`` (the ``enter-area`` uses of their cards
    in play whose conditions hold there, and their quest), or ``None`` when nothing counts the
    areas entered."""
    quest = top_quest(w, seat)
    counted = quest is not None and any(way.when == "enter-area" for way in quest[1].ways)
    uses = _entering(w, seat)
    if not uses and not counted:
        return None
    ctx = context(w, seat)
    known: dict[int, int] = {}

    def worth(area: int) -> int:
        found = known.get(area)
        if found is None:
            here = ctx.standing(area)
            found = sum(1 for use in uses if holds(use.only_if, here))
            found += 1 if counted and counts_step(w, seat, area) else 0
            known[area] = found
        return found

    return worth


def _entering(w: Work, seat: Seat) -> list[CardUse]:
    """The ``enter-area`` uses of hero ``seat``'s cards in play."""
    if "enter-area" not in timings_of(w, seat):
        return []
    return [
        use
        for card in w.heroes[seat].cards
        for use in side_of(w.config, card).uses
        if use.when == "enter-area"
    ]


def _enter_uses(w: Work, seat: Seat, area: int) -> list[Use]:
    """The ``enter-area`` uses that apply as hero ``seat`` enters ``area``."""
    if not _entering(w, seat):
        return []
    start = w.heroes[seat].at
    w.set_hero(seat, at=area)  # through set_hero: the heroes' places are read anew, both ways
    try:
        return auto_uses(w, seat, "enter-area")
    finally:
        w.set_hero(seat, at=start)


def _ram(w: Work, seat: Seat, to: int, steps: int, points: int, action: bool) -> None:
    """Walk next to ``to`` and ram its character: 1 damage, then it is moved aside (a decision:
    :class:`~grimheim._state.Ramming`)."""
    geo = w.geo
    start = w.heroes[seat].at
    near = [start, *(a for a in reachable(w, seat, steps - 1) if a != geo.town and w.free(a))]
    before = next(a for a in near if to in (geo.ring if a == geo.town else geo.around[a]))
    if before != start:
        _walk(w, seat, best_walk(w, seat, before, steps - 1, _worth(w, seat)))
    other = w.hero_in(to)
    if to in w.monsters:
        damage_monster(w, to, 1, seat, ignore_armor=ignores_armor(w.config, w.heroes[seat]))
    elif other is not None:
        damage_hero(w, other, 1)
    if w.won is not None:
        return
    w.frames.append(Ramming(seat, to, points - steps, action))
