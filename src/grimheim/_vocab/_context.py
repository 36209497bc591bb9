"""Where a word is evaluated: :class:`Ctx`, the game being changed and the moment it is in, and
the words' one door to the rules: every question a word asks of the rules and every change it
makes beyond plain bookkeeping goes through a method of :class:`Ctx`, which hands it to the
:class:`Engine` the rules pass in. The vocabulary imports nothing of the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import attrs

from tabletop_rules import Seat

from ._grammar import Condition, Pick

if TYPE_CHECKING:
    from .._cards import ActionKind, Card
    from .._query import KindInfo
    from .._state import CardState, Hero, HeroAttack, Monster, MonsterAttack
    from .._work import Work

F = TypeVar("F", "HeroAttack", "MonsterAttack")


class Engine(Protocol):
    """The rules' operations that the words use, each given the game ``w`` (the working copy):
    the engine implements them (``grimheim._engine.ENGINE``) and hands them to every
    :class:`Ctx` through the working copy (``Work.engine``). A word calls them through the
    :class:`Ctx` methods of the same names, never directly.
    """

    # -- questions -------------------------------------------------------------------------------

    def kind_of(self, w: Work, monster: Monster) -> KindInfo:
        """The printed numbers of ``monster`` (its kind, or its legend's side)."""
        ...

    def traits(self, w: Work, seat: Seat) -> frozenset[str]:
        """The traits of every card hero ``seat`` has in play."""
        ...

    def attack_range(self, w: Work, seat: Seat) -> int:
        """Hero ``seat``'s attack range now, this turn's bonus included."""
        ...

    def holds_mana(self, w: Work, card: CardState) -> bool:
        """Whether a card in play holds mana (it makes mana or a use of it costs mana)."""
        ...

    def hand_size(self, w: Work, seat: Seat) -> int:
        """The most cards hero ``seat`` may hold."""
        ...

    def roll_limit(self, w: Work) -> int:
        """The most attack dice one roll of the game can have (G48)."""
        ...

    def supply_left(self, w: Work, kind: str) -> int:
        """How many monsters of ``kind`` the supply still holds."""
        ...

    def reachable(
        self, w: Work, seat: Seat, areas: int, into: tuple[Condition, ...]
    ) -> tuple[int, ...]:
        """Where a movement of up to ``areas`` areas of hero ``seat`` may end (meeting
        ``into``), in area order."""
        ...

    def can_stand(self, w: Work, seat: Seat, area: int) -> bool:
        """Whether hero ``seat`` may stand in ``area``."""
        ...

    def roll_damage(self, w: Work, attack: HeroAttack) -> int:
        """The damage the roll ``attack`` deals as it stands."""
        ...

    def misses(self, w: Work, attack: HeroAttack) -> tuple[int, int, int]:
        """The dice of ``attack`` that missed, by face: ``(hits unless cover blocked, runes that
        are no hits, misses)``."""
        ...

    def can_perform(self, w: Work, seat: Seat, action: ActionKind) -> bool:
        """Whether hero ``seat`` could perform an additional ``action`` now (G13)."""
        ...

    # -- changes ---------------------------------------------------------------------------------

    def damage_monster(
        self, w: Work, seat: Seat, area: int, amount: int, unpreventable: bool
    ) -> int:
        """Hero ``seat`` deals ``amount`` damage to the monster in ``area`` (armor prevents 1
        unless ``unpreventable`` or the hero ignores it); the damage to spare if it died (0 or
        more), ``-1`` if it lives."""
        ...

    def kill_monster(self, w: Work, seat: Seat, area: int) -> None:
        """Hero ``seat`` kills the monster in ``area`` outright (and earns its gold)."""
        ...

    def place_monster(self, w: Work, area: int, kind: str) -> None:
        """Place a monster of ``kind`` from the supply in the free ``area``."""
        ...

    def move_monster(self, w: Work, source: int, to: int, why: str) -> None:
        """Move the monster in ``source`` to the free area ``to`` (a hero moved it: ``why``)."""
        ...

    def switch_places(self, w: Work, seat: Seat, area: int) -> None:
        """Hero ``seat`` and the monster in ``area`` switch areas."""
        ...

    def gain_gold(self, w: Work, seat: Seat, amount: int) -> None:
        """Hero ``seat`` gains ``amount`` gold."""
        ...

    def pay_gold(self, w: Work, seat: Seat, amount: int) -> None:
        """Hero ``seat`` pays ``amount`` gold."""
        ...

    def damage_hero(self, w: Work, seat: Seat, amount: int) -> None:
        """Hero ``seat`` takes ``amount`` damage that nothing prevents (knocked out at their
        health)."""
        ...

    def heal(self, w: Work, seat: Seat, amount: int) -> None:
        """Remove up to ``amount`` damage from hero ``seat``."""
        ...

    def repair(self, w: Work, seat: Seat, cards: tuple[Pick, ...], amount: int | str) -> int:
        """Remove ``amount`` damage markers (``"all"``: every one) from each of hero ``seat``'s
        ``cards`` in play; how many were removed."""
        ...

    def add_town_pieces(self, w: Work, count: int) -> None:
        """Add up to ``count`` town pieces to Grimheim (G27)."""
        ...

    def complete_quest(self, w: Work, seat: Seat) -> None:
        """The card on top of hero ``seat``'s equipment deck comes into play."""
        ...

    # -- frames pushed: what follows the step ----------------------------------------------------

    def draw(self, w: Work, seat: Seat, count: int) -> None:
        """Hero ``seat`` draws ``count`` event cards."""
        ...

    def grant(self, w: Work, seat: Seat, action: ActionKind, card: str) -> None:
        """Hero ``seat`` performs an additional ``action``, granted by ``card`` (G13)."""
        ...

    def move(self, w: Work, seat: Seat, areas: int, card: str) -> None:
        """Hero ``seat`` moves up to ``areas`` areas, by the effect of ``card`` being resolved."""
        ...

    def roll_against(self, w: Work, seat: Seat, area: int, dice: int) -> None:
        """Hero ``seat`` rolls ``dice`` attack dice against the monster in ``area``."""
        ...


class Ctx:
    """The moment a word is asked about or applied, and the word's door to the rules (the
    methods after :meth:`change_hit`, each handing the question or change to :attr:`engine`).

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
        engine: the rules' operations (by default those the working copy ``w`` carries).
    """

    __slots__ = (
        "attack",
        "attacker",
        "bound",
        "card",
        "engine",
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
        engine: Engine | None = None,
    ) -> None:
        self.w = w
        self.engine: Engine = w.engine if engine is None else engine
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
            engine=self.engine,
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

    # -- questions to the rules --------------------------------------------------------------------

    def kind_of(self, monster: Monster) -> KindInfo:
        """The printed numbers of ``monster`` (its kind, or its legend's side)."""
        return self.engine.kind_of(self.w, monster)

    def traits(self) -> frozenset[str]:
        """The traits of every card the hero has in play."""
        return self.engine.traits(self.w, self.seat)

    def attack_range(self) -> int:
        """The hero's attack range now, this turn's bonus included."""
        return self.engine.attack_range(self.w, self.seat)

    def holds_mana(self, card: CardState) -> bool:
        """Whether the hero's card in play ``card`` holds mana."""
        return self.engine.holds_mana(self.w, card)

    def hand_size(self) -> int:
        """The most cards the hero may hold."""
        return self.engine.hand_size(self.w, self.seat)

    def roll_limit(self) -> int:
        """The most attack dice one roll can have (G48)."""
        return self.engine.roll_limit(self.w)

    def supply_left(self, kind: str) -> int:
        """How many monsters of ``kind`` the supply still holds."""
        return self.engine.supply_left(self.w, kind)

    def reachable(self, areas: int, into: tuple[Condition, ...] = ()) -> tuple[int, ...]:
        """Where a movement of up to ``areas`` areas of the hero may end (meeting ``into``)."""
        return self.engine.reachable(self.w, self.seat, areas, into)

    def can_stand(self, area: int) -> bool:
        """Whether the hero may stand in ``area``."""
        return self.engine.can_stand(self.w, self.seat, area)

    def roll_damage(self) -> int:
        """The damage the roll of the moment deals as it stands (0 without one)."""
        return 0 if self.attack is None else self.engine.roll_damage(self.w, self.attack)

    def misses(self) -> tuple[int, int, int]:
        """The dice of the roll of the moment that missed, by face (none without one)."""
        return (0, 0, 0) if self.attack is None else self.engine.misses(self.w, self.attack)

    def can_perform(self, action: ActionKind) -> bool:
        """Whether the hero could perform an additional ``action`` now (G13)."""
        return self.engine.can_perform(self.w, self.seat, action)

    # -- changes through the rules ---------------------------------------------------------------

    def damage_monster(self, area: int, amount: int, unpreventable: bool = False) -> int:
        """The hero deals ``amount`` damage to the monster in ``area``: the damage to spare if it
        died (0 or more), ``-1`` if it lives."""
        return self.engine.damage_monster(self.w, self.seat, area, amount, unpreventable)

    def kill_monster(self, area: int) -> None:
        """The hero kills the monster in ``area`` outright."""
        self.engine.kill_monster(self.w, self.seat, area)

    def place_monster(self, area: int, kind: str) -> None:
        """Place a monster of ``kind`` from the supply in ``area``."""
        self.engine.place_monster(self.w, area, kind)

    def move_monster(self, source: int, to: int, why: str) -> None:
        """Move the monster in ``source`` to ``to`` (the hero moved it: ``why``)."""
        self.engine.move_monster(self.w, source, to, why)

    def switch_places(self, area: int) -> None:
        """The hero and the monster in ``area`` switch areas."""
        self.engine.switch_places(self.w, self.seat, area)

    def gain_gold(self, amount: int) -> None:
        """The hero gains ``amount`` gold."""
        self.engine.gain_gold(self.w, self.seat, amount)

    def pay_gold(self, amount: int) -> None:
        """The hero pays ``amount`` gold."""
        self.engine.pay_gold(self.w, self.seat, amount)

    def take_damage(self, amount: int) -> None:
        """The hero takes ``amount`` damage that nothing prevents."""
        self.engine.damage_hero(self.w, self.seat, amount)

    def heal(self, seat: Seat, amount: int) -> None:
        """Remove up to ``amount`` damage from hero ``seat``."""
        self.engine.heal(self.w, seat, amount)

    def repair(self, seat: Seat, cards: tuple[Pick, ...], amount: int | str) -> int:
        """Remove ``amount`` damage markers (``"all"``: every one) from each of hero ``seat``'s
        ``cards``; how many were removed."""
        return self.engine.repair(self.w, seat, cards, amount)

    def add_town_pieces(self, count: int) -> None:
        """Add up to ``count`` town pieces to Grimheim (G27)."""
        self.engine.add_town_pieces(self.w, count)

    def complete_quest(self) -> None:
        """The card on top of the hero's equipment deck comes into play."""
        self.engine.complete_quest(self.w, self.seat)

    def draw(self, count: int) -> None:
        """The hero draws ``count`` event cards (after this step)."""
        self.engine.draw(self.w, self.seat, count)

    def grant(self, action: ActionKind) -> None:
        """The hero performs an additional ``action`` granted by the card (after this step)."""
        self.engine.grant(self.w, self.seat, action, self.card)

    def move(self, areas: int) -> None:
        """The hero moves up to ``areas`` areas by the card's effect (after this step)."""
        self.engine.move(self.w, self.seat, areas, self.card)

    def roll_against(self, area: int, dice: int) -> None:
        """The hero rolls ``dice`` attack dice against the monster in ``area`` (after this
        step)."""
        self.engine.roll_against(self.w, self.seat, area, dice)
