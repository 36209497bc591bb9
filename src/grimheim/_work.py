"""The working copy of a state inside one ``step``: plain lists and dicts, changed in place, then
frozen into a new :class:`~grimheim._state.State`. The state given to ``step`` is never touched."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

import tabletop_rules
from tabletop_rules import Rng, Seat

from ._engine import ENGINE
from ._events import Event
from ._limits import GOLD_LIMIT, MANA_LIMIT
from ._map import Geometry
from ._query import hero_health, info
from ._state import (
    UNASKED,
    Config,
    Frame,
    Hero,
    HeroAttack,
    Monster,
    MonsterAttack,
    MonsterTurn,
    State,
    Turn,
    Window,
)
from ._vocab import Engine


class Work(tabletop_rules.Work[State, Frame, Event]):
    """A state being changed by one action (see the module docs).

    It also reads views: :meth:`of` wraps a state or a view without copying, for the questions
    ``legal_actions`` and ``decision`` ask.
    """

    engine: ClassVar[Engine] = ENGINE
    """The rules' operations the card words use (:class:`~grimheim._vocab.Engine`), which every
    :class:`~grimheim._vocab.Ctx` built on this copy hands them."""

    __slots__ = (
        "asking",
        "bonus",
        "config",
        "geo",
        "held",
        "heroes",
        "monsters",
        "places",
        "red",
        "red_known",
        "rng",
        "time",
        "town",
        "turn",
        "view",
        "won",
        "yellow",
        "yellow_known",
        "zone",
    )

    def __init__(self, position: Any, *, view: bool = False) -> None:
        super().__init__(list(position.frames))
        self.config: Config = position.config
        self.geo: Geometry = position.config.geo
        self.view = view
        self.rng: Rng = Rng(0) if view else position.rng
        self.town: int = position.town
        self.time: int = position.time
        self.heroes: list[Any] = list(position.heroes)
        self.monsters: dict[int, Monster] = {m.at: m for m in position.monsters}
        self.yellow: list[str] = list(position.yellow)
        self.red: list[str] = list(position.red)
        self.yellow_known: int = getattr(position, "yellow_known", 0)
        self.red_known: int = getattr(position, "red_known", 0)
        self.held: list[str] = list(position.held)
        self.bonus: list[tuple[str, int, int]] = list(position.bonus)
        self.turn: Turn | None = position.turn
        self.won: bool | None = position.won
        self.places: dict[int, Seat] | None = None
        """Area → seat of the heroes outside Grimheim (kept until a hero moves)."""
        self.zone: frozenset[int] | None = None
        """The areas next to those heroes (kept until a hero moves)."""
        self.asking: Seat | None = UNASKED
        """Who must answer, once :func:`~grimheim._flow.advance` has found it."""

    @classmethod
    def of(cls, position: Any) -> Work:
        """A read-only wrapper of a state or a view."""
        return cls(position, view=not isinstance(position, State))

    def freeze(self) -> State:
        """The new state."""
        state = State(
            config=self.config,
            rng=self.rng,
            town=self.town,
            time=self.time,
            heroes=tuple(self.heroes),
            monsters=tuple(self.monsters[a] for a in sorted(self.monsters)),
            yellow=tuple(self.yellow),
            red=tuple(self.red),
            yellow_known=self.yellow_known,
            red_known=self.red_known,
            held=tuple(self.held),
            bonus=tuple(self.bonus),
            turn=self.turn,
            frames=tuple(self.frames),
            won=self.won,
        )
        if self.asking != UNASKED:
            object.__setattr__(state, "asking", self.asking)
        return state

    # -- small queries ---------------------------------------------------------------------------

    def hero_roll(self) -> HeroAttack | None:
        """The innermost hero's roll on the stack (its window is open), if any."""
        for frame in reversed(self.frames):
            if isinstance(frame, HeroAttack):
                return frame
        return None

    def monster_attack(self) -> MonsterAttack | None:
        """The innermost monster attack on the stack (its damage is being resolved), if any."""
        for frame in reversed(self.frames):
            if isinstance(frame, MonsterAttack):
                return frame
        return None

    def attacker(self) -> int:
        """The area of the monster attacking (a monster attack on the stack) or that attacked (an
        ``attacked`` window), the innermost; ``-1`` for none."""
        for frame in reversed(self.frames):
            if isinstance(frame, MonsterAttack):
                return frame.attacker
            if isinstance(frame, Window) and frame.attacker >= 0:
                return frame.attacker
        return -1

    def monster_turn(self) -> MonsterTurn | None:
        """The monster turn in progress (a frame on the stack), if any."""
        for frame in self.frames:
            if isinstance(frame, MonsterTurn):
                return frame
        return None

    def hero_in(self, area: int) -> Seat | None:
        """The seat of the hero in ``area`` (outside Grimheim), if any."""
        return self._places().get(area)

    def taken(self) -> set[int]:
        """The areas a character stands in (outside Grimheim)."""
        return self.monsters.keys() | self._places().keys()

    def next_to_heroes(self) -> frozenset[int]:
        """The areas next to a hero outside Grimheim: where a monster stops (G8)."""
        zone = self.zone
        if zone is None:
            adjacent = self.geo.adjacent
            zone = self.zone = frozenset(a for area in self._places() for a in adjacent[area])
        return zone

    def _places(self) -> dict[int, Seat]:
        places = self.places
        if places is None:
            town = self.geo.town
            places = self.places = {h.at: s for s, h in enumerate(self.heroes) if h.at != town}
        return places

    def free(self, area: int) -> bool:
        """No character stands in ``area`` (Grimheim always has room)."""
        return area == self.geo.town or (area not in self.monsters and self.hero_in(area) is None)

    def health_left(self, monster: Monster) -> int:
        """A monster's health minus its damage (the Queen of the Dead's side II included)."""
        return self.health(monster) - monster.damage

    def health(self, monster: Monster) -> int:
        """A monster's health: printed, plus 1 for other Dead while Queen II is on the board."""
        kind = info(self.config, monster)
        bonus = 0
        if kind.faction == "dead" and monster.kind != "queen" and self.legend_on_board("queen", 2):
            bonus = 1
        return kind.health + bonus

    def legend_on_board(self, legend: str, side: int | None = None) -> bool:
        """Whether ``legend`` (on ``side``, if given) is on the board."""
        return any(
            m.kind == legend and (side is None or m.side == side) for m in self.monsters.values()
        )

    def hero(self, seat: Seat) -> Any:
        """The hero (or hero view) of ``seat``."""
        return self.heroes[seat]

    def set_hero(self, seat: Seat, **changes: Any) -> None:
        """Replace fields of a hero."""
        self.heroes[seat] = attrs.evolve(self.heroes[seat], **changes)
        if "at" in changes:
            self.places = self.zone = None

    def gain_gold(self, seat: Seat, amount: int) -> int:
        """Hero ``seat`` gains ``amount`` gold (or pays it, when negative), holding at most
        :data:`~grimheim.GOLD_LIMIT` (G48); returns what the hero's gold changed by."""
        before: int = self.heroes[seat].gold
        after = min(GOLD_LIMIT, before + amount)
        self.set_hero(seat, gold=after)
        return after - before

    def add_mana(self, seat: Seat, card_id: str, amount: int) -> None:
        """Put ``amount`` mana on hero ``seat``'s card ``card_id``, which holds at most
        :data:`~grimheim.MANA_LIMIT` (G48)."""
        cards = tuple(
            attrs.evolve(c, mana=min(MANA_LIMIT, c.mana + amount)) if c.id == card_id else c
            for c in self.heroes[seat].cards
        )
        self.set_hero(seat, cards=cards)

    def hero_health(self, seat: Seat) -> int:
        """The hero's health."""
        hero: Hero = self.heroes[seat]
        return hero_health(self.config, hero)
