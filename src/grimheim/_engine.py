"""The rules as the card words see them: :data:`ENGINE`, the operations behind every
:class:`~grimheim._vocab.Ctx` (the :class:`~grimheim._vocab.Engine` protocol).

A word never imports the rules; it asks its :class:`~grimheim._vocab.Ctx`, which hands the
question or change to this engine. The working copy carries it (``Work.engine``), so every rule
that builds a context hands it on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from ._cards import ActionKind
from ._events import GoldGained, HeroHealed, HeroMoved, MonsterMoved, TownPiecesAdded
from ._frames.attack import HeroAttack
from ._frames.draws import Drawing
from ._frames.granted import Granted
from ._frames.moves import Moving
from ._limits import TOWN_LIMIT
from ._monsters import (
    damage_hero,
    damage_monster,
    kill_monster,
    place_monster,
    relocate_monster,
    supply_left,
)
from ._pieces import CardState, Monster
from ._query import KindInfo, hand_size, hero_range, hero_traits, holds_mana, ignores_armor, info
from ._query import roll_limit as _roll_limit
from ._quests import gain_equipment
from ._vocab import Condition, Pick
from ._walks import can_stand, reachable

if TYPE_CHECKING:
    from ._work import Work


class RulesEngine:
    """The grimheim rules' side of :class:`~grimheim._vocab.Engine`: each operation over the
    working copy ``w``, done by the rule that owns it."""

    __slots__ = ()

    # -- questions -------------------------------------------------------------------------------

    def kind_of(self, w: Work, monster: Monster) -> KindInfo:
        return info(w.config, monster)

    def traits(self, w: Work, seat: Seat) -> frozenset[str]:
        return hero_traits(w.config, w.heroes[seat])

    def attack_range(self, w: Work, seat: Seat) -> int:
        turn = w.turn
        bonus = turn.range_bonus if turn is not None and turn.hero == seat else 0
        return hero_range(w.config, w.heroes[seat], bonus)

    def holds_mana(self, w: Work, card: CardState) -> bool:
        return holds_mana(w.config, card)

    def hand_size(self, w: Work, seat: Seat) -> int:
        return hand_size(w.config, w.heroes[seat])

    def roll_limit(self, w: Work) -> int:
        return _roll_limit(w.config)

    def supply_left(self, w: Work, kind: str) -> int:
        return supply_left(w, kind)

    def reachable(
        self, w: Work, seat: Seat, areas: int, into: tuple[Condition, ...]
    ) -> tuple[int, ...]:
        return reachable(w, seat, areas, into)

    def can_stand(self, w: Work, seat: Seat, area: int) -> bool:
        return can_stand(w, seat, area)

    def roll_damage(self, w: Work, attack: HeroAttack) -> int:
        return attack.damage(w)

    def misses(self, w: Work, attack: HeroAttack) -> tuple[int, int, int]:
        return attack.misses(w)

    def can_perform(self, w: Work, seat: Seat, action: ActionKind) -> bool:
        return bool(Granted(seat, action).options(w))

    # -- changes ---------------------------------------------------------------------------------

    def damage_monster(
        self, w: Work, seat: Seat, area: int, amount: int, unpreventable: bool
    ) -> int:
        ignore = unpreventable or ignores_armor(w.config, w.heroes[seat])
        return damage_monster(w, area, amount, seat, ignore_armor=ignore)

    def kill_monster(self, w: Work, seat: Seat, area: int) -> None:
        kill_monster(w, area, seat)

    def place_monster(self, w: Work, area: int, kind: str) -> None:
        place_monster(w, area, kind)

    def move_monster(self, w: Work, source: int, to: int, why: str) -> None:
        relocate_monster(w, source, to, why)

    def switch_places(self, w: Work, seat: Seat, area: int) -> None:
        geo = w.geo
        here = w.heroes[seat].at
        monster = w.monsters.pop(area)
        w.monsters[here] = monster.moved(here)
        w.set_hero(seat, at=area)
        w.events.append(MonsterMoved(monster.kind, geo.hexes[area], geo.hexes[here], "swap"))
        w.events.append(HeroMoved(seat, geo.hexes[area]))

    def gain_gold(self, w: Work, seat: Seat, amount: int) -> None:
        w.events.append(GoldGained(seat, w.gain_gold(seat, amount)))

    def pay_gold(self, w: Work, seat: Seat, amount: int) -> None:
        w.set_hero(seat, gold=w.heroes[seat].gold - amount)
        if amount:
            w.events.append(GoldGained(seat, -amount))

    def damage_hero(self, w: Work, seat: Seat, amount: int) -> None:
        damage_hero(w, seat, amount)

    def heal(self, w: Work, seat: Seat, amount: int) -> None:
        hero = w.heroes[seat]
        healed = min(amount, hero.damage)
        w.set_hero(seat, damage=hero.damage - healed)
        w.events.append(HeroHealed(seat, healed))

    def repair(self, w: Work, seat: Seat, cards: tuple[Pick, ...], amount: int | str) -> int:
        fixed = 0
        new = []
        for c in w.heroes[seat].cards:
            if c.id in cards:
                removed = c.damage if amount == "all" else min(int(amount), c.damage)
                fixed += removed
                c = attrs.evolve(c, damage=c.damage - removed)
            new.append(c)
        w.set_hero(seat, cards=tuple(new))
        if fixed:
            w.events.append(HeroHealed(seat, fixed))
        return fixed

    def add_town_pieces(self, w: Work, count: int) -> None:
        added = min(count, TOWN_LIMIT - w.town)
        w.town += added
        w.events.append(TownPiecesAdded(added))

    def complete_quest(self, w: Work, seat: Seat) -> None:
        gain_equipment(w, seat)

    # -- frames pushed ---------------------------------------------------------------------------

    def draw(self, w: Work, seat: Seat, count: int) -> None:
        w.frames.append(Drawing(seat, count))

    def grant(self, w: Work, seat: Seat, action: ActionKind, card: str) -> None:
        w.frames.append(Granted(seat, action, card))

    def move(self, w: Work, seat: Seat, areas: int, card: str) -> None:
        frame = w.top  # the resolution of the card's use: the movement ends where it says
        use = getattr(frame, "use", 0)
        step = getattr(frame, "step", 0)
        w.frames.append(Moving(seat, areas, False, card, use, step))

    def roll_against(self, w: Work, seat: Seat, area: int, dice: int) -> None:
        w.frames.append(HeroAttack(seat, area, dice, action=False))


ENGINE = RulesEngine()
"""The one engine of the rules; :class:`~grimheim._work.Work` carries it."""
