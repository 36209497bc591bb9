"""Where a word is evaluated: :class:`Ctx`, the game being changed and the moment it is in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from tabletop_rules import Seat

from ._grammar import Pick

if TYPE_CHECKING:
    from .._cards import Card
    from .._state import Hero, HeroAttack, Monster, MonsterAttack
    from .._work import Work

__all__ = ["Ctx"]

F = TypeVar("F", "HeroAttack", "MonsterAttack")


class Ctx:
    """The moment a word is asked about or applied.

    Attributes:
        w: the game: the working copy of a state being changed, or a read-only wrapper of a
            position.
        seat: the hero using the card.
        card: the card whose use (or quest) it is.
        from_hand: an event played from the hand (it left the hand before its effects).
        x: the number chosen for the use (``Use.x``).
        picked: the picks of the step being resolved so far.
        bound: the monster (its area) an earlier effect of the same use chose, or ``-1``.
        attack: the hero's roll of the moment (an attack action or a card's roll), if any.
        hit: the monster attack of the moment, if any.
        attacker: the area of the monster attacking (``hit`` and ``attacked``), or ``-1``.
        subject: the area of the monster a condition asks about, or ``-1``.
        killed: the monster just killed (kill quests), which is no longer on the board.
        place: an area to ask about as if the hero stood there (where a movement may end),
            or ``-1``.
    """

    __slots__ = (
        "attack",
        "attacker",
        "bound",
        "card",
        "from_hand",
        "hit",
        "killed",
        "picked",
        "place",
        "seat",
        "subject",
        "w",
        "x",
    )

    def __init__(
        self,
        w: Work,
        seat: Seat,
        card: str = "",
        *,
        from_hand: bool = False,
        x: int = 0,
        bound: int = -1,
        attack: HeroAttack | None = None,
        hit: MonsterAttack | None = None,
        attacker: int = -1,
        subject: int = -1,
        killed: Monster | None = None,
    ) -> None:
        self.w = w
        self.seat = seat
        self.card = card
        self.from_hand = from_hand
        self.x = x
        self.picked: tuple[Pick, ...] = ()
        self.bound = bound
        self.attack = attack
        self.hit = hit
        self.attacker = attacker
        self.subject = subject
        self.killed = killed
        self.place = -1

    # -- the hero and the board -------------------------------------------------------------------

    @property
    def hero(self) -> Hero:
        """The hero using the card."""
        hero: Hero = self.w.heroes[self.seat]
        return hero

    @property
    def at(self) -> int:
        """The hero's area (or :attr:`place`, when set)."""
        return self.place if self.place >= 0 else self.hero.at

    @property
    def in_town(self) -> bool:
        """Whether the hero is in Grimheim."""
        return self.at == self.w.geo.town

    def monster(self, area: int) -> Monster | None:
        """The monster in ``area``, or the monster just killed there."""
        found = self.w.monsters.get(area)
        if found is None and self.killed is not None and self.killed.at == area:
            return self.killed
        return found

    def printed(self) -> Card:
        """The card of the use."""
        card: Card = self.w.config.cards[self.card]
        return card

    def standing(self, area: int) -> Ctx:
        """This context asking as if the hero stood in ``area``."""
        other = self.copy()
        other.place = area
        return other

    def copy(self) -> Ctx:
        """A copy (the game itself is shared)."""
        other = Ctx(
            self.w,
            self.seat,
            self.card,
            from_hand=self.from_hand,
            x=self.x,
            bound=self.bound,
            attack=self.attack,
            hit=self.hit,
            attacker=self.attacker,
            subject=self.subject,
            killed=self.killed,
        )
        other.picked = self.picked
        other.place = self.place
        return other

    # -- the roll of the moment --------------------------------------------------------------------

    def change_attack(self, **changes: Any) -> None:
        """Change the hero's roll of the moment (it is a frame of the game)."""
        if self.attack is not None:
            self.replace_attack(attrs.evolve(self.attack, **changes))

    def replace_attack(self, changed: HeroAttack) -> None:
        """Put ``changed`` in place of the hero's roll of the moment."""
        if self.attack is not None:
            self.attack = self._replace_frame(self.attack, changed)

    def change_hit(self, **changes: Any) -> None:
        """Change the monster attack of the moment."""
        if self.hit is not None:
            self.hit = self._replace_frame(self.hit, attrs.evolve(self.hit, **changes))

    def _replace_frame(self, frame: F, changed: F) -> F:
        """Replace the topmost copy of ``frame`` on the game's stack by ``changed``."""
        frames = self.w.frames
        frames[len(frames) - 1 - frames[::-1].index(frame)] = changed
        return changed
