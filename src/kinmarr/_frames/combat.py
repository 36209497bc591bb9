"""Fights with creatures and duels between players: rolls, Dodges, results, deaths, trophies.

A fight (:class:`FightFrame`) and a duel (:class:`DuelFrame`) go through their stages one step at
a time: a combat window, the roll (one chance decision per die in explicit chance mode), the Dodge
rerolls (K12), a result window, and the settlement (K5, K10).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from tabletop_rules import CHANCE, Seat

from .._actions import Action, FaceResult, NoReroll, Reroll
from .._checks import fail, of_type, whole
from .._content import FACES, Card, Face
from .._creature import fight_colours, needed, scoring_dice, wounds_taken
from .._events import DieRolled, DuelEnded, FightEnded
from .._query import WOUND_LIMIT, bounty, extra_dice, fight_modifiers, lasting_modifiers
from .._words import Block, Colour, Hits
from ._base import BaseFrame, P, at, game_card, game_seat, turns, waiting, waits
from .draws import DrawFrame, GainFrame
from .spoils import TrophyFrame
from .triggers import happen

if TYPE_CHECKING:
    from .._work import Work

WOUNDS: Final[dict[str, int]] = {"hit": 1, "critical": 2}
"""Wounds dealt by each face (the others deal none)."""


@attrs.frozen
class DiceRoll:
    """A combat roll: the guild's dice (and extra dice from items), the faces rolled so far.

    Attributes:
        colours: the colour of each die.
        faces: each die's face (see :data:`~kinmarr.Face`); ``""`` for a die still to roll.
        used: each die's Dodge already used, declined, or not a Dodge (K12).
    """

    colours: tuple[Colour, ...]
    faces: tuple[str, ...]
    used: tuple[bool, ...]

    @property
    def pending(self) -> int:
        """The index of the next die to roll, or ``-1`` when every die shows a face."""
        for i, face in enumerate(self.faces):
            if not face:
                return i
        return -1


@functools.cache
def face_odds(faces: tuple[Face, ...]) -> tuple[tuple[Face, Fraction], ...]:
    """Each distinct face of a die, in the die's order, with its probability."""
    counts = Counter(faces)
    seen: list[Face] = []
    for face in faces:
        if face not in seen:
            seen.append(face)
    return tuple((face, Fraction(counts[face], len(faces))) for face in seen)


def dice_hits(roll: DiceRoll, creature: Card | None = None) -> int:
    """Wounds the faces of a roll deal: 1 per Hit, 2 per Critical (against ``creature``: none
    from the dice it is :class:`~kinmarr.Elusive` to)."""
    counts = scoring_dice(roll.colours, creature)
    return sum(WOUNDS.get(face, 0) for face, n in zip(roll.faces, counts, strict=True) if n)


def _new_roll(w: Work, seat: Seat, creature: Card | None = None) -> DiceRoll:
    guild = w.rules.guild[w.players[seat].guild].dice
    extra = extra_dice(w, seat)
    colours = (*guild, *extra) if creature is None else fight_colours(guild, extra, creature)
    n = len(colours)
    return DiceRoll(tuple(colours), ("",) * n, (False,) * n)  # type: ignore[arg-type]


def new_fight(w: Work, seat: Seat, creature: str) -> FightFrame:
    """The frame of a fight of ``seat`` with ``creature``: its guild's dice (less the creature's
    :class:`~kinmarr.Fear`) and extra dice."""
    return FightFrame(seat, creature, "open", _new_roll(w, seat, w.card(creature)))


def new_duel(w: Work, attacker: Seat, defender: Seat) -> DuelFrame:
    """The frame of a duel (K5)."""
    return DuelFrame(attacker, defender, "open", _new_roll(w, attacker), _new_roll(w, defender))


def rolling(frame: FightFrame | DuelFrame) -> tuple[Seat, DiceRoll] | None:
    """Who is rolling and their roll, when the frame is at a rolling stage."""
    if isinstance(frame, FightFrame):
        return (frame.seat, frame.dice) if frame.stage == "roll" else None
    if frame.stage == "roll-a":
        return frame.attacker, frame.dice_a
    if frame.stage == "roll-d":
        return frame.defender, frame.dice_d
    return None


def dodging(frame: FightFrame | DuelFrame) -> tuple[Seat, DiceRoll] | None:
    """Who may use a Dodge and their roll, when the frame is at a Dodge stage (K12)."""
    if isinstance(frame, FightFrame):
        return (frame.seat, frame.dice) if frame.stage == "dodge" else None
    if frame.stage == "dodge-a":
        return frame.attacker, frame.dice_a
    if frame.stage == "dodge-d":
        return frame.defender, frame.dice_d
    return None


def open_dodges(roll: DiceRoll) -> list[int]:
    """Dice showing a Dodge not used yet."""
    return [i for i, face in enumerate(roll.faces) if face == "dodge" and not roll.used[i]]


def current_fight(p: P) -> FightFrame | DuelFrame | None:
    """The fight or duel in progress (the topmost one among the frames), if any."""
    frames: Sequence[Any] = p.frames
    for i in range(len(frames) - 1, -1, -1):
        frame = frames[i]
        if type(frame) is FightFrame or type(frame) is DuelFrame:
            return frame
    return None


def fighters(p: P) -> tuple[Seat, ...]:
    """The living players fighting the current fight or duel."""
    fight = current_fight(p)
    if fight is None:
        return ()
    players = p.players
    if isinstance(fight, FightFrame):
        seats: tuple[Seat, ...] = (fight.seat,)
    else:
        seats = (fight.attacker, fight.defender)
    return tuple(s for s in seats if players[s].tile is not None)


def _with_roll(frame: FightFrame | DuelFrame, roll: DiceRoll, stage: Any) -> FightFrame | DuelFrame:
    if isinstance(frame, FightFrame):
        return FightFrame(frame.seat, frame.creature, stage, roll, frame.hits, frame.block)
    attacker = frame.stage in ("roll-a", "dodge-a")
    return DuelFrame(
        frame.attacker,
        frame.defender,
        stage,
        roll if attacker else frame.dice_a,
        frame.dice_d if attacker else roll,
        frame.hits_a,
        frame.block_a,
        frame.hits_d,
        frame.block_d,
    )


def _staged(frame: FightFrame | DuelFrame, stage: Any) -> FightFrame | DuelFrame:
    if isinstance(frame, FightFrame):
        return FightFrame(frame.seat, frame.creature, stage, frame.dice, frame.hits, frame.block)
    return DuelFrame(
        frame.attacker,
        frame.defender,
        stage,
        frame.dice_a,
        frame.dice_d,
        frame.hits_a,
        frame.block_a,
        frame.hits_d,
        frame.block_d,
    )


_BY_ITSELF: Final = frozenset({"open", "result", "settle"})
"""The stages a fight or duel passes by itself: its windows opened, its settlement."""

_NEXT_STAGE: Final[dict[str, str]] = {
    "roll": "dodge",
    "dodge": "result",
    "roll-a": "dodge-a",
    "dodge-a": "roll-d",
    "roll-d": "dodge-d",
    "dodge-d": "result",
}


def die_result(w: Work, frame: FightFrame | DuelFrame, face: Face) -> None:
    """The next die of the roll being made shows ``face``."""
    found = rolling(frame)
    assert found is not None
    seat, roll = found
    i = roll.pending
    faces = list(roll.faces)
    faces[i] = face
    used = list(roll.used)
    used[i] = face != "dodge"
    w.events.append(DieRolled(seat, roll.colours[i], face))
    w.replace(_with_roll(frame, DiceRoll(roll.colours, tuple(faces), tuple(used)), frame.stage))


def fight_bonus(w: Work, effect: Hits | Block, who: Seat) -> None:
    """An answer's Hits or Block changes the current fight or duel of ``who``."""
    fight = current_fight(w)
    if fight is None or who not in fighters(w):
        return
    index = max(i for i, f in enumerate(w.frames) if f is fight)
    amount = effect.amount
    new: FightFrame | DuelFrame
    if isinstance(fight, FightFrame):
        if isinstance(effect, Hits):
            if effect.tag is not None and effect.tag not in w.card(fight.creature).tags:
                return
            new = FightFrame(
                fight.seat,
                fight.creature,
                fight.stage,
                fight.dice,
                fight.hits + amount,
                fight.block,
            )
        else:
            new = FightFrame(
                fight.seat,
                fight.creature,
                fight.stage,
                fight.dice,
                fight.hits,
                fight.block + amount,
            )
    else:
        if isinstance(effect, Hits) and effect.tag is not None:
            return
        attacker = who == fight.attacker
        hits_a, block_a, hits_d, block_d = fight.hits_a, fight.block_a, fight.hits_d, fight.block_d
        if isinstance(effect, Hits):
            if attacker:
                hits_a += amount
            else:
                hits_d += amount
        elif attacker:
            block_a += amount
        else:
            block_d += amount
        new = DuelFrame(
            fight.attacker,
            fight.defender,
            fight.stage,
            fight.dice_a,
            fight.dice_d,
            hits_a,
            block_a,
            hits_d,
            block_d,
        )
    w.frames[index] = new


class _Combat(BaseFrame):
    """What a fight and a duel share: the stages of their rolls and Dodges."""

    __slots__ = ()

    stage: str

    def _gone(self, p: P) -> bool:
        """A fighter died before the fight or duel was settled."""
        raise NotImplementedError

    def asks(self, w: P) -> Seat | None:
        stage = self.stage
        if stage in _BY_ITSELF:
            return None
        players = w.players
        if isinstance(self, FightFrame):
            who, roll = self.seat, self.dice
            if players[who].tile is None:
                return None
        else:
            duel: DuelFrame = self  # type: ignore[assignment]
            if players[duel.attacker].tile is None or players[duel.defender].tile is None:
                return None
            attacker = stage.endswith("a")
            who = duel.attacker if attacker else duel.defender
            roll = duel.dice_a if attacker else duel.dice_d
        if stage[0] == "r":  # rolling
            faces = roll.faces
            if "" not in faces:
                return None
            colour = roll.colours[faces.index("")]
            return CHANCE if len(face_odds(w.config.rules.faces[colour])) > 1 else None
        return who if open_dodges(roll) else None  # a Dodge stage

    def legal(self, w: P, seat: Seat) -> list[Action]:
        found = dodging(self)  # type: ignore[arg-type]
        assert found is not None
        roll = found[1]
        pool = w.config.rules.actions
        out: list[Action] = [pool[(NoReroll,)]]
        n = len(roll.faces)
        for d in open_dodges(roll):
            if n == 1:
                out.append(pool[(Reroll, d, None)])
            out += [pool[(Reroll, d, o)] for o in range(n) if o != d]
        return out

    def kind(self, w: P) -> str:
        return "reroll"

    def odds(self, w: P) -> tuple[tuple[Action, Fraction], ...]:
        found = rolling(self)  # type: ignore[arg-type]
        assert found is not None
        roll = found[1]
        pool = w.config.rules.actions
        faces = w.config.rules.faces[roll.colours[roll.pending]]
        return tuple((pool[(FaceResult, face)], odds) for face, odds in face_odds(faces))

    def sample(self, w: Work) -> None:
        frame: FightFrame | DuelFrame = self  # type: ignore[assignment]
        found = rolling(frame)
        assert found is not None
        roll = found[1]
        faces = w.rules.faces[roll.colours[roll.pending]]
        index, w.rng = w.rng.below(len(faces))
        die_result(w, frame, faces[index])

    def answer(self, w: Work, action: Action) -> None:
        frame: FightFrame | DuelFrame = self  # type: ignore[assignment]
        if isinstance(action, FaceResult):
            die_result(w, frame, action.face)
            return
        found = dodging(frame)
        assert found is not None
        _seat, roll = found
        if isinstance(action, NoReroll):
            done = DiceRoll(roll.colours, roll.faces, (True,) * len(roll.faces))
            w.replace(_with_roll(frame, done, _NEXT_STAGE[frame.stage]))
            return
        assert isinstance(action, Reroll)
        faces, used = list(roll.faces), list(roll.used)
        for i in (action.dodge, action.other):
            if i is not None:
                faces[i] = ""
                used[i] = False
        back = "roll" if isinstance(frame, FightFrame) else frame.stage.replace("dodge", "roll")
        w.replace(_with_roll(frame, DiceRoll(roll.colours, tuple(faces), tuple(used)), back))

    def auto(self, w: Work) -> None:
        frame: FightFrame | DuelFrame = self  # type: ignore[assignment]
        if self._gone(w):
            self._end(w)
            return
        stage = frame.stage
        if stage == "open":
            w.replace(_staged(frame, "roll" if isinstance(frame, FightFrame) else "roll-a"))
            w.window("combat")
            return
        found = rolling(frame)
        if found is not None:
            roll = found[1]
            i = roll.pending
            if i < 0:
                w.replace(_staged(frame, _NEXT_STAGE[stage]))
            else:  # a die with one face
                die_result(w, frame, face_odds(w.rules.faces[roll.colours[i]])[0][0])
            return
        if dodging(frame) is not None:  # no Dodge left to use
            w.replace(_staged(frame, _NEXT_STAGE[stage]))
            return
        if stage == "result":
            w.replace(_staged(frame, "settle"))
            w.window("result")
            return
        self._settle(w)

    def _end(self, w: Work) -> None:
        raise NotImplementedError

    def _settle(self, w: Work) -> None:
        raise NotImplementedError

    def opens(self, request: str) -> bool:
        if request == "combat":
            return self._rolls_first()
        return request == "result" and self.stage == "settle"

    def _rolls_first(self) -> bool:
        raise NotImplementedError

    def fits(self, p: P, i: int) -> None:
        stage = self.stage
        stages = _FIGHT_STAGES if isinstance(self, FightFrame) else _DUEL_STAGES
        if stage not in stages:
            fail(at(i, "stage"), f"a fight never waits at the {stage!r} stage")
        settled, rolled, unrolled = stages[stage]
        for field in settled:
            if not _settled(getattr(self, field)):
                fail(at(i, field), f"at the {stage!r} stage this roll is made, its Dodges done")
        for field in rolled:
            if not _rolled(getattr(self, field)):
                fail(at(i, field), f"at the {stage!r} stage this roll is made")
        for field in unrolled:
            if not _unrolled(getattr(self, field)):
                fail(at(i, field), f"at the {stage!r} stage this roll is still to make")
        if stage in ("dodge", "dodge-a", "roll-d", "dodge-d"):
            waiting(p, i, f"a fight at the {stage!r} stage")
        elif stage in ("roll", "roll-a") and not waits(p, i) and not self.opens("combat"):
            fail(at(i), "K4: the dice are rolled once the combat window is closed")


@attrs.frozen
class FightFrame(_Combat):
    """A fight with one creature.

    Attributes:
        seat: the fighter.
        creature: the creature.
        stage: ``"open"`` (its combat window), ``"roll"``, ``"dodge"`` (K12), ``"result"`` (its
            result window), ``"settle"``.
        dice: the roll.
        hits: wounds dealt by answers (more or fewer).
        block: wounds blocked by answers.
    """

    seat: Seat
    creature: str
    stage: Literal["open", "roll", "dodge", "result", "settle"]
    dice: DiceRoll
    hits: int = 0
    block: int = 0

    def _gone(self, p: P) -> bool:
        return p.players[self.seat].tile is None

    def _end(self, w: Work) -> None:
        w.pop()
        self.release(w)

    def _rolls_first(self) -> bool:
        return self.stage == "roll" and _unrolled(self.dice)

    def _settle(self, w: Work) -> None:
        w.pop()
        seat = self.seat
        player = w.players[seat]
        creature: Card = w.card(self.creature)
        hits, block = fight_modifiers(w, seat, creature)
        all_hits, all_block = lasting_modifiers(w)
        dealt = max(0, dice_hits(self.dice, creature) + hits + all_hits + self.hits)
        killed = dealt >= needed(creature, self.dice.faces)
        taken = wounds_taken(creature, block + all_block + self.block, killed)
        player.wounds += taken
        if player.wounds > WOUND_LIMIT:
            w.events.append(FightEnded(seat, creature.id, "dead", dealt, taken))
            if killed:
                w.discard((creature.id,))  # K10: neither won nor lost; the creature leaves the game
            else:
                w.change_fate(1)  # not killed: the fight is lost, then the death
                w.to_bottom("encounter", (creature.id,))
            w.kill(seat)
            return
        _after(w, seat, self.dice)
        if killed:
            w.events.append(FightEnded(seat, creature.id, "won", dealt, taken))
            player.coins += creature.value + bounty(w, seat)
            happen(w, seat, "defeat", creature)
            _creature_triggers(w, seat, creature, "defeat")
            w.hand_add(seat, creature.id)
        else:
            w.events.append(FightEnded(seat, creature.id, "lost", dealt, taken))
            w.change_fate(1)
            w.to_bottom("encounter", (creature.id,))
            happen(w, seat, "fight-lost", creature)
            _creature_triggers(w, seat, creature, "fight-lost")

    def release(self, w: Work) -> None:
        w.to_bottom("encounter", (self.creature,))

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        game_card(position, self.creature, f"{path}.creature", "creature")
        _check_roll(self.dice, position, f"{path}.dice")
        whole(self.hits, -50, 50, f"{path}.hits")
        whole(self.block, -50, 50, f"{path}.block")
        return [self.creature]

    def fits(self, p: P, i: int) -> None:
        turns(p, self.seat, at(i, "seat"))
        super().fits(p, i)


@attrs.frozen
class DuelFrame(_Combat):
    """A duel (K5): the attacker rolls, the defender rolls, both are resolved at once.

    Attributes:
        attacker: the active player.
        defender: the player challenged.
        stage: ``"open"``, ``"roll-a"``, ``"dodge-a"``, ``"roll-d"``, ``"dodge-d"``,
            ``"result"`` or ``"settle"``.
        dice_a: the attacker's roll.
        dice_d: the defender's roll.
        hits_a: the attacker's wounds dealt by answers.
        block_a: the attacker's wounds blocked by answers.
        hits_d: the defender's wounds dealt by answers.
        block_d: the defender's wounds blocked by answers.
    """

    attacker: Seat
    defender: Seat
    stage: Literal["open", "roll-a", "dodge-a", "roll-d", "dodge-d", "result", "settle"]
    dice_a: DiceRoll
    dice_d: DiceRoll
    hits_a: int = 0
    block_a: int = 0
    hits_d: int = 0
    block_d: int = 0

    def _gone(self, p: P) -> bool:
        players = p.players
        return players[self.attacker].tile is None or players[self.defender].tile is None

    def _end(self, w: Work) -> None:
        w.pop()  # a duellist died before the duel was settled: it ends without a winner
        w.events.append(DuelEnded(self.attacker, self.defender, 0, 0, None))

    def _rolls_first(self) -> bool:
        return self.stage == "roll-a" and _unrolled(self.dice_a) and _unrolled(self.dice_d)

    def _settle(self, w: Work) -> None:
        w.pop()
        a, d = self.attacker, self.defender
        pa, pd = w.players[a], w.players[d]
        hits_a, block_a = fight_modifiers(w, a, None)
        hits_d, block_d = fight_modifiers(w, d, None)
        dealt_a = max(0, dice_hits(self.dice_a) + hits_a + self.hits_a - block_d - self.block_d)
        dealt_d = max(0, dice_hits(self.dice_d) + hits_d + self.hits_d - block_a - self.block_a)
        pa.wounds += dealt_d  # K5: wounds land at once, after both rolls
        pd.wounds += dealt_a
        dead_a, dead_d = pa.wounds > WOUND_LIMIT, pd.wounds > WOUND_LIMIT
        winner: Seat | None
        if dead_a or dead_d:
            winner = None if dead_a and dead_d else (d if dead_a else a)
        else:
            winner = a if dealt_a > dealt_d else d if dealt_d > dealt_a else None
        w.events.append(DuelEnded(a, d, dealt_a, dealt_d, winner))
        _after(w, a, self.dice_a)
        _after(w, d, self.dice_d)
        if dead_a and dead_d:
            w.kill(a)
            w.kill(d)
            return
        if dead_a or dead_d:
            assert winner is not None
            loser = d if winner == a else a
            _take_all(w, winner, loser)
            happen(w, winner, "duel-won")
            return
        if winner is not None:
            happen(w, winner, "duel-won")
            w.push(TrophyFrame(winner, d if winner == a else a))

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.attacker, f"{path}.attacker")
        game_seat(position, self.defender, f"{path}.defender")
        if self.attacker == self.defender:
            fail(f"{path}.defender", "a duel is between two players")
        _check_roll(self.dice_a, position, f"{path}.dice_a")
        _check_roll(self.dice_d, position, f"{path}.dice_d")
        for field in ("hits_a", "block_a", "hits_d", "block_d"):
            whole(getattr(self, field), -50, 50, f"{path}.{field}")
        return []

    def fits(self, p: P, i: int) -> None:
        turns(p, self.attacker, at(i, "attacker"))
        if p.frames[i - 1].window_on() != "end":
            fail(at(i), "K5: a duel is declared at the duel menu, before the end of the turn")
        super().fits(p, i)


def _after(w: Work, seat: Seat, roll: DiceRoll) -> None:
    """Resilience heals and Insight draws an Ability, after the fight, for the living (K10)."""
    if w.players[seat].tile is None:
        return
    resilience = roll.faces.count("resilience")
    if resilience:
        w.heal(seat, resilience)
    insight = roll.faces.count("insight")
    if insight:
        w.push(DrawFrame("ability", "gain", seat, insight))


def _creature_triggers(w: Work, seat: Seat, creature: Card, on: str) -> None:
    """The creature's own triggers for this outcome act on the fighter (before the guild's and
    the prophecy's, pushed earlier)."""
    for i, trigger in enumerate(creature.triggers):
        if trigger.when.on == on:
            w.run_effects(f"creature:{creature.id}:{i}", seat)


def _take_all(w: Work, winner: Seat, loser: Seat) -> None:
    """K5: the winner of a duel that killed its opponent takes all its coins, Items and creatures
    (before any bystander); the rest of the dead character is discarded."""
    dead = w.players[loser]
    rules = w.rules
    cards = [c for c in (*dead.slots, *dead.hand) if rules.card[c].kind in ("item", "creature")]
    w.players[winner].coins += dead.coins
    dead.coins = 0
    for card in cards:
        w.remove_held(loser, card)
    w.kill(loser)
    for card in reversed(w.in_pack_order(cards)):
        w.push(GainFrame(winner, card))


# -- load checks -----------------------------------------------------------------------------------


def _check_roll(roll: Any, p: P, path: str) -> None:
    rules = p.config.rules
    of_type(roll, DiceRoll, path)
    size = len(roll.colours)
    if not 1 <= size <= 12 or len(roll.faces) != size or len(roll.used) != size:
        fail(path, "a roll has 1 to 12 dice, each with a face and a used flag")
    for i in range(size):
        colour = roll.colours[i]
        if colour not in ("red", "green", "blue"):
            fail(f"{path}.colours[{i}]", f"unknown colour {colour!r}")
        face = roll.faces[i]
        if face != "" and face not in FACES:
            fail(f"{path}.faces[{i}]", f"unknown face {face!r}")
        if face != "" and face not in rules.faces[colour]:
            fail(f"{path}.faces[{i}]", f"the {colour} die has no {face!r} face")
        of_type(roll.used[i], bool, f"{path}.used[{i}]")
        if face not in ("", "dodge") and not roll.used[i]:
            fail(f"{path}.used[{i}]", "only a Dodge may be unused (K12)")
        if face == "" and roll.used[i]:
            fail(f"{path}.used[{i}]", "a die still to roll has no Dodge used")


def _rolled(roll: DiceRoll) -> bool:
    return "" not in roll.faces


def _unrolled(roll: DiceRoll) -> bool:
    return all(face == "" for face in roll.faces)


def _settled(roll: DiceRoll) -> bool:
    return _rolled(roll) and all(roll.used)


_FIGHT_STAGES: Final = {
    # the stages where a fight may wait: (its rolls made with their Dodges done, its rolls made,
    # its rolls still to make); "open" and "result" pass at once
    "roll": ((), (), ()),
    "dodge": ((), ("dice",), ()),
    "settle": (("dice",), (), ()),
}
_DUEL_STAGES: Final = {
    "roll-a": ((), (), ("dice_d",)),
    "dodge-a": ((), ("dice_a",), ("dice_d",)),
    "roll-d": (("dice_a",), (), ()),
    "dodge-d": (("dice_a",), ("dice_d",), ()),
    "settle": (("dice_a", "dice_d"), (), ()),
}
