"""The monster turn: its steps (the monster die, pins, moves, attacks, reinforcements), one
monster's attack on a hero, the ambush of the monster die, and the monster cards drawn (G1–G3,
G5, G14, G15)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Literal

import attrs

from tabletop_rules import CHANCE, Seat

from .._actions import (
    Action,
    DeclinePrevention,
    DieFace,
    Drawn,
    PlaceGoblin,
    Roll,
    Target,
    TargetHero,
    Use,
)
from .._checks import fail, known_cards, number, seats_once
from .._dice import faces, roll_dice, roll_outcomes
from .._events import (
    DiceRolled,
    GameEnded,
    HeroDamaged,
    MonsterCardDrawn,
    MonsterDieRolled,
)
from .._monsters import (
    ambush_areas,
    attack_dice,
    attackers,
    attacks_every_hero,
    clear_pins,
    damage_hero,
    hits_on_hero,
    knock_out,
    maneuver,
    move_monsters,
    place_card,
    place_goblin,
    push_heroes,
    targets_of,
)
from .._pieces import Turn
from .._query import hero_armor, roll_limit, track
from .._uses import auto_uses, available_uses, might_use, timings_of, use_refusal
from ._base import BaseFrame
from .draws import card_odds
from .resolving import begin_use
from .window import Window, open_window

if TYPE_CHECKING:
    from .._state import State, View
    from .._work import Work

MonsterStepName = Literal["die", "pins", "move", "attack", "attacking", "reinforce", "end"]


@attrs.frozen
class MonsterTurn(BaseFrame):
    """The monster turn in progress.

    Attributes:
        step: the step to do next: roll the monster ``die``, let the heroes pin monsters
            (``pins``), ``move``, find who may ``attack``, let them attack (``attacking``),
            ``reinforce``, or ``end`` the turn.
        order: the monsters still to attack, by area (G3 order).
        charge: ``all`` (a skull spot), ``rank1`` (the monster die), or ``none``.
        bonus: strength added to every monster's attack (the monster die).
        face: the monster die's face this turn, if rolled.
        used: cards used this monster turn with a once-a-monster-turn limit.
    """

    step: MonsterStepName
    order: tuple[int, ...] = ()
    charge: Literal["none", "rank1", "all"] = "none"
    bonus: int = 0
    face: str | None = None
    used: tuple[str, ...] = ()

    def asks(self, w: Work) -> Seat | None:
        if self.step == "die":
            return CHANCE
        if self.step == "attacking":
            live = self.live_attackers(w)
            return 0 if w.config.players_decide and len(live) > 1 else None
        return None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return [Target(w.geo.hexes[a]) for a in self.live_attackers(w)]

    def odds(self, w: Work) -> tuple[tuple[Action, Fraction], ...]:
        sides = w.config.pack.dice.monster
        return tuple((DieFace(f), Fraction(sides.count(f), len(sides))) for f in sorted(set(sides)))

    def answer(self, w: Work, action: Action) -> None:
        if isinstance(action, DieFace):
            self._die_face(w, action.face)
        else:
            assert isinstance(action, Target)
            area = w.geo.area(action.at)
            w.frames[-1] = attrs.evolve(self, order=tuple(a for a in self.order if a != area))
            w.frames.append(_attack_of(w, area))

    def sample(self, w: Work) -> None:
        face, w.rng = w.rng.choice(w.config.pack.dice.monster)
        self._die_face(w, face)

    def auto(self, w: Work) -> None:
        me = len(w.frames) - 1
        if self.step == "pins":
            w.frames[me] = attrs.evolve(self, step="move")
            _open_windows(w, "before-monster-move")
        elif self.step == "move":
            move_monsters(w, self.charge)
            if w.won is not None:
                return
            w.frames[me] = attrs.evolve(self, step="attack")
            _open_windows(w, "after-monster-move")
        elif self.step == "attack":
            w.frames[me] = attrs.evolve(self, step="attacking", order=attackers(w))
        elif self.step == "attacking":
            live = self.live_attackers(w)
            if not live:
                w.frames[me] = attrs.evolve(self, step="reinforce", order=())
                return
            w.frames[me] = attrs.evolve(self, order=live[1:])
            w.frames.append(_attack_of(w, live[0]))
        elif self.step == "reinforce":
            w.frames[me] = attrs.evolve(self, step="end")
            spot = track(w.config)[w.time]
            if spot.kind == "axes":
                w.frames.append(Reinforcing(spot.colour, len(w.heroes)))
        elif self.step == "end":
            del w.frames[me]
            clear_pins(w)
            if w.time == len(track(w.config)) - 1:
                w.won = True
                w.events.append(GameEnded(True, w.town))
            else:
                w.turn = Turn(0)

    def kind(self, w: Work) -> str:
        return "attack-order"

    def live_attackers(self, w: Work) -> tuple[int, ...]:
        """The monsters of :attr:`order` that can still attack (in it, on the board, in reach
        of a hero)."""
        return tuple(
            a
            for a in self.order
            if a in w.monsters and (targets_of(w, a) or attacks_every_hero(w, a))
        )

    def _die_face(self, w: Work, face: str) -> None:
        """The monster die shows ``face`` (G14)."""
        w.events.append(MonsterDieRolled(face))
        charge = self.charge
        bonus = 0
        if face == "charge":
            charge = "all" if charge == "all" else "rank1"
        elif face == "attack":
            bonus = 1
        w.frames[-1] = attrs.evolve(self, step="pins", charge=charge, bonus=bonus, face=face)
        if face in ("maneuver_cw", "maneuver_ccw"):
            maneuver(w, face == "maneuver_cw")
        elif face == "push":
            push_heroes(w)
        elif face == "ambush":
            seats = tuple(s for s, h in enumerate(w.heroes) if h.at != w.geo.town)
            if seats and w.won is None:
                w.frames.append(Ambush(seats))

    def check(self, position: State | View, path: str) -> None:
        town = position.config.geo.town
        number(self.bonus, f"{path}.bonus", 0, 1)
        known_cards(position, f"{path}.used", self.used)
        if any(type(a) is not int or not 0 <= a < town for a in self.order):
            fail(f"{path}.order", "areas of the board")
        if len(set(self.order)) != len(self.order):
            fail(f"{path}.order", "each monster attacks once")


def _attack_of(w: Work, area: int) -> MonsterAttack:
    monster = w.monsters[area]
    again = 1 if monster.kind == "grendel" and monster.side == 2 else 0
    return MonsterAttack(area, again=again)


def _turn_bonus(w: Work) -> int:
    for frame in reversed(w.frames):
        if isinstance(frame, MonsterTurn):
            return frame.bonus
    return 0


@attrs.frozen
class MonsterAttack(BaseFrame):
    """One monster's attack in progress.

    Attributes:
        attacker: the monster's area.
        target: the attacked hero's seat, ``-1`` while the players choose (G5).
        dice: dice still to roll (0 once rolled).
        hits: hits the roll scored.
        damage: damage about to be dealt (``-1`` until rolled), after armor and prevention.
        unpreventable: damage that nothing may prevent.
        used: cards used against this damage (each once, per instance of damage).
        again: attacks still to make after this one (Grendel II attacks twice).
    """

    attacker: int
    target: int = -1
    dice: int = 0
    hits: int = 0
    damage: int = -1
    unpreventable: bool = False
    used: tuple[str, ...] = ()
    again: int = 0

    def asks(self, w: Work) -> Seat | None:
        if self.attacker not in w.monsters and self.damage < 0:
            return None
        if self.target < 0:
            if attacks_every_hero(w, self.attacker):
                return None
            found = targets_of(w, self.attacker)
            return 0 if w.config.players_decide and len(found) > 1 else None
        if self.damage < 0:
            return CHANCE
        if self.damage <= 0 or self.unpreventable:
            return None
        if auto_uses(w, self.target, "hit", self.used):
            return None
        return self.target if might_use(w, self.target, "hit", self.used) else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        if self.target < 0:
            return [TargetHero(s) for s in targets_of(w, self.attacker)]
        return [*self._preventions(w), DeclinePrevention()]

    def odds(self, w: Work) -> tuple[tuple[Action, Fraction], ...]:
        return roll_outcomes(w.config.pack.dice, self.dice)

    def answer(self, w: Work, action: Action) -> None:
        if isinstance(action, TargetHero):
            self._aim(w, action.seat)
        elif isinstance(action, Roll):
            self._roll(w, action)
        elif isinstance(action, Use):
            w.frames[-1] = attrs.evolve(self, used=(*self.used, action.card))
            begin_use(w, self.target, action)
        else:
            self._land(w)

    def sample(self, w: Work) -> None:
        roll, w.rng = roll_dice(w.config.pack.dice, self.dice, w.rng)
        self._roll(w, roll)

    def auto(self, w: Work) -> None:
        if self.attacker not in w.monsters and self.damage < 0:
            w.frames.pop()  # it died before it rolled
            return
        if self.target < 0:
            if attacks_every_hero(w, self.attacker):
                w.frames.pop()
                _seer_attack(w)
                return
            found = targets_of(w, self.attacker)
            if not found:
                w.frames.pop()
                return
            self._aim(w, found[0])
            return
        if self.damage < 0:  # pragma: no cover - a roll is chance
            raise AssertionError("monster roll without chance")
        if self.damage > 0 and not self.unpreventable:
            autos = auto_uses(w, self.target, "hit", self.used)
            if autos:
                w.frames[-1] = attrs.evolve(self, used=(*self.used, autos[0].card))
                begin_use(w, self.target, autos[0])
                return
        self._land(w)

    def kind(self, w: Work) -> str:
        return "attack-target" if self.target < 0 else "prevent"

    def why_not(self, w: Work, seat: Seat, action: Action) -> str | None:
        if isinstance(action, Use):
            return use_refusal(w, seat, action.card, ("hit",), self.used)
        return None

    def _aim(self, w: Work, seat: Seat) -> None:
        """The monster attacks hero ``seat``: its dice are counted (none: no damage)."""
        dice = attack_dice(w, self.attacker, _turn_bonus(w))
        w.frames[-1] = attrs.evolve(self, target=seat, dice=dice)
        if dice <= 0:
            w.frames[-1] = attrs.evolve(self, target=seat, dice=0, hits=0, damage=0)

    def _roll(self, w: Work, roll: Roll) -> None:
        w.events.append(DiceRolled(-1, faces(roll)))
        hits = hits_on_hero(w, self.attacker, self.target, roll)
        armor = hero_armor(w.config, w.heroes[self.target])
        w.frames[-1] = attrs.evolve(self, dice=0, hits=hits, damage=max(0, hits - armor))

    def _preventions(self, w: Work) -> list[Action]:
        if self.damage <= 0 or self.unpreventable:
            return []
        return available_uses(w, self.target, "hit", self.used)

    def _land(self, w: Work) -> None:
        """The damage is dealt; the monster attacks again, or its attack ends."""
        seat = self.target
        hero = w.heroes[seat]
        damage = max(0, self.damage)
        w.events.append(HeroDamaged(seat, damage, self.hits - damage))
        w.set_hero(seat, damage=hero.damage + damage)
        if self.again and self.attacker in w.monsters:
            w.frames[-1] = MonsterAttack(self.attacker, again=self.again - 1)
        else:
            w.frames.pop()
        if hero.damage + damage >= w.hero_health(seat):
            knock_out(w, seat)
        elif w.won is None:
            open_window(w, seat, "attacked", attacker=self.attacker)

    def check(self, position: State | View, path: str) -> None:
        n = len(position.heroes)
        limit = roll_limit(position.config)
        number(self.attacker, f"{path}.attacker", 0, position.config.geo.town - 1)
        number(self.target, f"{path}.target", -1, n - 1)
        number(self.dice, f"{path}.dice", 0, limit)
        number(self.hits, f"{path}.hits", 0, 2 * limit)
        number(self.damage, f"{path}.damage", -1, 400)  # -1: not rolled yet
        number(self.again, f"{path}.again", 0, 1)
        known_cards(position, f"{path}.used", self.used)
        if self.target < 0 and (self.dice or self.hits or self.damage != -1):
            fail(path, "an attack with no target yet has not rolled")
        if self.target >= 0 and self.damage < 0 and not self.dice:
            fail(f"{path}.dice", "an attack about to roll has dice")
        if self.damage >= 0 and (self.dice or self.hits < self.damage):
            fail(path, "a rolled attack has no dice left, and deals at most its hits")


def _seer_attack(w: Work) -> None:
    """Seer of Odin II: 1 damage that nothing prevents to every hero outside Grimheim."""
    for seat, hero in enumerate(w.heroes):
        if w.won is not None:
            return
        if hero.at == w.geo.town:
            continue
        damage_hero(w, seat, 1)


@attrs.frozen
class Ambush(BaseFrame):
    """The monster die's ambush: heroes outside Grimheim place a goblin next to them (G14).

    Attributes:
        seats: the heroes still to place one, the first one now.
    """

    seats: tuple[Seat, ...]

    def asks(self, w: Work) -> Seat | None:
        return self.seats[0] if len(ambush_areas(w, self.seats[0])) > 1 else None

    def legal(self, w: Work, seat: Seat) -> list[Action]:
        return [PlaceGoblin(w.geo.hexes[a]) for a in ambush_areas(w, self.seats[0])]

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, PlaceGoblin)
        place_goblin(w, w.geo.area(action.at))
        self._next(w)

    def auto(self, w: Work) -> None:
        areas = ambush_areas(w, self.seats[0])
        if areas:
            place_goblin(w, areas[0])
        self._next(w)

    def kind(self, w: Work) -> str:
        return "ambush"

    def _next(self, w: Work) -> None:
        me = len(w.frames) - 1
        if len(self.seats) > 1:
            w.frames[me] = Ambush(self.seats[1:])
        else:
            del w.frames[me]

    def check(self, position: State | View, path: str) -> None:
        seats_once(self.seats, f"{path}.seats", position)


@attrs.frozen
class Reinforcing(BaseFrame):
    """Monster cards to draw and place (reinforcements, or the set-up).

    Attributes:
        deck: the ``yellow`` or ``red`` deck.
        cards: cards still to place.
        tries: cards drawn for the current placement (G15 stops at the deck's size).
    """

    deck: Literal["yellow", "red"]
    cards: int
    tries: int = 0

    def asks(self, w: Work) -> Seat | None:
        return CHANCE if w.config.explicit and self.cards and self._hidden(w) else None

    def odds(self, w: Work) -> tuple[tuple[Action, Fraction], ...]:
        return card_odds(self._hidden(w))

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Drawn)
        self._draw(w, action.card)

    def auto(self, w: Work) -> None:
        if not self.cards or not self._cards(w):
            w.frames.pop()
        else:
            hidden = self._hidden(w)
            self._draw(w, hidden[0] if hidden else self._cards(w)[0])

    def _cards(self, w: Work) -> list[str]:
        return w.yellow if self.deck == "yellow" else w.red

    def _hidden(self, w: Work) -> list[str]:
        cards = self._cards(w)
        known = w.yellow_known if self.deck == "yellow" else w.red_known
        return cards[: len(cards) - known]

    def _draw(self, w: Work, card: str) -> None:
        """Draw ``card``: place its monsters, or put it at the bottom and draw on (G15)."""
        me = len(w.frames) - 1
        cards = self._cards(w)
        known = w.yellow_known if self.deck == "yellow" else w.red_known
        size = len(cards)
        index = cards.index(card)
        if index >= size - known:
            known -= 1  # a known card (from the bottom part) is drawn
        cards.pop(index)
        placed = place_card(w, card)
        w.events.append(MonsterCardDrawn(card, placed))
        legend = next(c.legend for c in w.config.pack.monster_cards if c.id == card)
        if placed and legend is not None:
            w.held.append(card)
        else:
            cards.append(card)
            known += 1
        known = min(known, len(cards))
        if self.deck == "yellow":
            w.yellow_known = known
        else:
            w.red_known = known
        if w.won is not None:
            return
        tries = 0 if placed else self.tries + 1
        left = self.cards - 1 if placed or tries >= size else self.cards
        if left <= 0:
            del w.frames[me]
        else:
            w.frames[me] = Reinforcing(self.deck, left, 0 if left != self.cards else tries)

    def check(self, position: State | View, path: str) -> None:
        number(self.cards, f"{path}.cards", 0, 4)
        number(self.tries, f"{path}.tries", 0, 64)


def _open_windows(w: Work, when: str) -> None:
    """Open one window of ``when`` uses for every hero who holds such a use, in seat order."""
    seats = tuple(s for s in range(len(w.heroes)) if when in timings_of(w, s))
    if seats:
        w.frames.append(Window(when, seats))
