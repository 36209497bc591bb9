"""A hero's roll against a monster: an attack action, or a card's roll — its dice, the cards used
on it, its damage, and for an attack action the damage to spare and what follows it."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Literal, TypeAlias

import attrs

from tabletop_rules import CHANCE, Seat

from .._actions import Action, ResolveAttack, Roll, Use
from .._checks import fail, game_seat, known_cards, number
from .._dice import faces, roll_dice, roll_outcomes
from .._events import DiceRolled
from .._heroes import gain_gold
from .._monsters import damage_monster
from .._query import hero_strength, hero_traits, ignores_armor, roll_limit
from .._quests import on_roll
from .._uses import auto_uses, available_uses, might_use, use_key, use_refusal
from ._base import BaseFrame
from .resolving import begin_use

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work

Faces: TypeAlias = tuple[int, int, int, int]
"""Attack dice by face: ``(hits, hits unless cover, runes, misses)``."""

NO_ROLL: Faces = (0, 0, 0, 0)

AttackPhase = Literal["roll", "excess", "after"]


@attrs.frozen
class HeroAttack(BaseFrame):
    """A hero's attack in progress: an attack action, or a card's roll against a monster.

    Attributes:
        hero: the attacking seat.
        target: the monster's area (or, for a hero who attacks mountains, an empty mountain).
        dice: dice still to roll (chance rolls them; 0 once rolled).
        rolled: the faces rolled so far.
        bonus: damage added to this attack.
        action: an attack action ("this attack action" cards apply) or a card's roll.
        played: the uses made in this attack, each ``card#index`` (for "once per attack").
        granted_by: the card that granted this attack action (G13), ``""`` for the action's
            own marker or a card's roll.
        runes_seen: the runes that already added their die (a ``rune-adds-die`` hero).
        split: damage diverted to another monster, ``(area, amount)``; ``(-1, 0)``: none.
        phase: ``roll`` (rolling, then cards on the roll), ``excess`` (its damage killed a
            monster with damage to spare: cards may use it), ``after`` (the attack action is
            resolved: cards that follow one).
        excess: the damage to spare, in the ``excess`` phase.
        killed: the area of the monster whose death left the excess, ``-1`` else.
        used: the cards in play used since the last dice were rolled, or in this phase (each
            once).
        last: the faces of the last dice rolled (the whole roll, or the dice added to it).
        mine: an attack action on an empty mountain area (``attack-mountains``): its damage is
            gold.
    """

    hero: Seat
    target: int
    dice: int
    rolled: Faces = NO_ROLL
    bonus: int = 0
    action: bool = True
    played: tuple[str, ...] = ()
    granted_by: str = ""
    runes_seen: int = 0
    split: tuple[int, int] = (-1, 0)
    phase: AttackPhase = "roll"
    excess: int = 0
    killed: int = -1
    used: tuple[str, ...] = ()
    last: Faces = NO_ROLL
    mine: bool = False

    def pick_up(self, taken: Faces) -> HeroAttack:
        """The attack with the dice ``taken`` (by face) lifted from its roll to be rolled again.

        What the roll remembers of its dice never outlives them: the runes that added their die
        and the faces of the last dice rolled keep at most what is still on the table, the
        bounds :meth:`fault` checks on load.
        """
        rolled = (
            self.rolled[0] - taken[0],
            self.rolled[1] - taken[1],
            self.rolled[2] - taken[2],
            self.rolled[3] - taken[3],
        )
        last = (
            min(self.last[0], rolled[0]),
            min(self.last[1], rolled[1]),
            min(self.last[2], rolled[2]),
            min(self.last[3], rolled[3]),
        )
        return attrs.evolve(
            self,
            dice=self.dice + sum(taken),
            rolled=rolled,
            runes_seen=min(self.runes_seen, rolled[2]),
            last=last,
        )

    def fault(self) -> tuple[str, str] | None:
        """What the roll's memory holds beyond its dice, as ``(field, reason)``; ``None`` when it
        fits (the invariant :meth:`pick_up` and every roll keep)."""
        if not 0 <= self.runes_seen <= self.rolled[2]:
            return "runes_seen", f"expected a whole number from 0 to {self.rolled[2]}"
        for i, (count, held) in enumerate(zip(self.last, self.rolled, strict=True)):
            if not 0 <= count <= held:
                return f"last[{i}]", f"expected a whole number from 0 to {held}, got {count}"
        return None

    # -- the decision ------------------------------------------------------------------------------

    def asks(self, w: Work) -> Seat | None:
        if self.dice:
            return CHANCE
        if self.knocked_out(w):
            return None
        if self._autos(w) or (self.phase == "roll" and self.new_rune_dice(w)):
            return None
        if self.target not in w.monsters and not self.mine and self.phase == "roll":
            return None
        timings = self.timings()
        return self.hero if any(might_use(w, self.hero, t, self.used) for t in timings) else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        found = [u for t in self.timings() for u in available_uses(w, self.hero, t, self.used)]
        return [*found, ResolveAttack()]

    def odds(self, w: Work) -> tuple[tuple[Action, Fraction], ...]:
        return roll_outcomes(w.config.pack.dice, self.dice)

    def answer(self, w: Work, action: Action) -> None:
        if isinstance(action, Roll):
            h, c, r, m = self.rolled
            rolled = (h + action.hits, c + action.covers, r + action.runes, m + action.misses)
            w.frames[-1] = attrs.evolve(self, dice=0, rolled=rolled, last=faces(action), used=())
            w.events.append(DiceRolled(self.hero, faces(action)))
            on_roll(w, self.hero, self.dice)
        elif isinstance(action, Use):
            self._use(w, action)
        else:
            self._next_phase(w)

    def sample(self, w: Work) -> None:
        roll, w.rng = roll_dice(w.config.pack.dice, self.dice, w.rng)
        self.answer(w, roll)

    def auto(self, w: Work) -> None:
        if self.dice:  # pragma: no cover - a roll is chance
            raise AssertionError("roll without chance")
        more = self.new_rune_dice(w) if self.phase == "roll" else 0
        autos = self._autos(w)
        if self.knocked_out(w):
            self._next_phase(w)
        elif more:
            w.frames[-1] = attrs.evolve(self, dice=more, runes_seen=self.rolled[2])
        elif autos:
            self._use(w, autos[0])
        else:
            self._next_phase(w)

    def kind(self, w: Work) -> str:
        return "after-roll" if self.phase == "roll" else self.phase

    def why_not(self, w: Work, seat: Seat, action: Action) -> str | None:
        if isinstance(action, Use):
            return use_refusal(w, seat, action.card, self.timings(), self.used)
        return None

    # -- the rules of a roll ----------------------------------------------------------------------

    def timings(self) -> tuple[str, ...]:
        """The timings whose uses the roll offers in its phase: after the roll, ``roll`` (and
        ``attack-roll`` for an attack action, G19); then ``excess``; then ``after-attack``."""
        if self.phase == "roll":
            return ("roll", "attack-roll") if self.action else ("roll",)
        return (self.phase if self.phase == "excess" else "after-attack",)

    def covered(self, w: Work) -> bool:
        """Whether the roll's target has cover (it stands in a forest)."""
        return bool(w.geo.terrain[self.target] == "forest")

    def runes_hit(self, w: Work) -> bool:
        """Whether the runes of this hero's rolls count as hits (the ``runes-hit`` trait)."""
        return "runes-hit" in hero_traits(w.config, w.heroes[self.hero])

    def damage(self, w: Work) -> int:
        """The damage the roll deals as it stands: hits, hits unless cover (when the target has
        none), runes for a ``runes-hit`` hero, and the damage added."""
        hits, covers, runes, _ = self.rolled
        total = hits + (0 if self.covered(w) else covers) + self.bonus
        return total + (runes if self.runes_hit(w) else 0)

    def misses(self, w: Work) -> tuple[int, int, int]:
        """The dice that missed, by face: ``(hits unless cover blocked by cover, runes that are
        no hits, misses)``. A rune is a miss unless an effect makes it hit."""
        _, covers, runes, missed = self.rolled
        return (
            covers if self.covered(w) else 0,
            0 if self.runes_hit(w) else runes,
            missed,
        )

    def new_rune_dice(self, w: Work) -> int:
        """Dice a ``rune-adds-die`` hero adds for the runes rolled since the last count (G43),
        never beyond :func:`~grimheim.roll_limit` dice in the whole roll (G48)."""
        if "rune-adds-die" not in hero_traits(w.config, w.heroes[self.hero]):
            return 0
        room = roll_limit(w.config) - sum(self.rolled)
        return max(0, min(self.rolled[2] - self.runes_seen, room))

    def knocked_out(self, w: Work) -> bool:
        """The hero of this roll stands in Grimheim: a cost paid on it (Berserk) knocked them
        out — the cards of the heroes roll only from outside it (G11). The roll is dealt as it
        stands, and nothing more comes of it: no card on it, no damage to spare, no card after it
        (G39)."""
        return bool(w.heroes[self.hero].at == w.geo.town)

    def _autos(self, w: Work) -> list[Use]:
        """The auto uses that apply now to the hero's roll (each once per phase)."""
        if self.dice:
            return []
        return [u for t in self.timings() for u in auto_uses(w, self.hero, t, self.used)]

    def _use(self, w: Work, action: Use) -> None:
        played = (*self.played, use_key(action.card, action.use))
        w.frames[-1] = attrs.evolve(self, played=played, used=(*self.used, action.card))
        begin_use(w, self.hero, action)

    def _next_phase(self, w: Work) -> None:
        """End the current phase of the roll: resolve the roll, end the excess, or end the
        attack."""
        if self.phase == "roll":
            self._resolve_roll(w)
        elif self.phase == "excess":
            w.frames[-1] = attrs.evolve(self, phase="after", excess=0, killed=-1, used=())
        else:
            w.frames.pop()

    def _resolve_roll(self, w: Work) -> None:
        """Deal the roll's damage: the part diverted first, then the target; a mountain attacked
        gives its damage as gold. An attack action that kills with damage to spare goes on to the
        ``excess`` phase, then to ``after``; a card's roll ends here."""
        seat = self.hero
        damage = self.damage(w)
        ignore = ignores_armor(w.config, w.heroes[seat])
        excess = -1
        if self.mine:
            if self.target not in w.monsters and damage > 0:
                gain_gold(w, seat, damage)
        elif self.target in w.monsters:
            area, diverted = self.split
            if area >= 0 and diverted > 0:
                part = min(diverted, damage)
                damage -= part
                damage_monster(w, area, part, seat, ignore_armor=ignore)
            excess = damage_monster(w, self.target, damage, seat, ignore_armor=ignore)
        if w.won is not None:
            return
        me = w.frames.index(self)
        if not self.action or self.knocked_out(w):
            del w.frames[me]
        elif excess > 0:
            w.frames[me] = attrs.evolve(
                self, phase="excess", excess=excess, killed=self.target, used=()
            )
        else:
            w.frames[me] = attrs.evolve(self, phase="after", used=())

    def check(self, position: State | View, path: str) -> None:
        game_seat(self.hero, f"{path}.hero", position)
        town = position.config.geo.town
        number(self.target, f"{path}.target", 0, town - 1)
        limit = roll_limit(position.config)
        for i, count in enumerate(self.rolled):
            number(count, f"{path}.rolled[{i}]", 0, limit)
        if sum(self.rolled) > limit:
            fail(f"{path}.rolled", f"more than the {limit} dice one roll can have")
        number(self.dice, f"{path}.dice", 0, limit - sum(self.rolled))
        if self.dice + sum(self.rolled) == 0:
            fail(f"{path}.dice", "a roll has dice: one to roll, or some rolled")
        number(self.bonus, f"{path}.bonus", 0, 400)
        for i, key in enumerate(self.played):
            card_id, _, index = key.rpartition("#")
            printed = position.config.cards.get(card_id)
            uses = max((len(s.uses) for s in printed.sides), default=0) if printed else 0
            if not index.isdigit() or int(index) >= uses:
                fail(f"{path}.played[{i}]", f"not a use of a card: {key!r}")
        known_cards(position, f"{path}.used", self.used)
        if self.granted_by:
            known_cards(position, f"{path}.granted_by", (self.granted_by,))
        for i, count in enumerate(self.last):
            number(count, f"{path}.last[{i}]", 0, limit)
        number(self.runes_seen, f"{path}.runes_seen", 0, limit)
        found = self.fault()
        if found is not None:
            fail(f"{path}.{found[0]}", found[1])
        number(self.split[0], f"{path}.split[0]", -1, town - 1)
        number(self.split[1], f"{path}.split[1]", 0, 400)
        if self.phase not in ("roll", "excess", "after"):
            fail(f"{path}.phase", "roll, excess or after")
        if self.phase != "roll" and self.dice:
            fail(f"{path}.dice", "an attack past its roll has no dice to roll")
        number(self.excess, f"{path}.excess", 0 if self.phase != "excess" else 1, 400)
        if self.phase != "excess" and self.excess:
            fail(f"{path}.excess", "only the excess phase has damage to spare")
        number(self.killed, f"{path}.killed", -1, town - 1)
        if type(self.mine) is not bool or (self.mine and not self.action):
            fail(f"{path}.mine", "only an attack action attacks a mountain")


def start_attack(w: Work, seat: Seat, area: int, granted_by: str = "") -> None:
    """An attack action: roll the hero's strength against the monster (or empty mountain) in
    ``area``."""
    dice = hero_strength(w.config, w.heroes[seat])
    mine = area not in w.monsters  # attack-mountains: an empty mountain area (G45)
    w.frames.append(HeroAttack(seat, area, dice, granted_by=granted_by, mine=mine))
