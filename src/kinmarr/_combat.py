"""Fights with creatures and duels between players: rolls, Dodges, results, deaths, trophies.

A fight (:class:`~kinmarr.FightFrame`) and a duel (:class:`~kinmarr.DuelFrame`) go through their
stages one handler call at a time: a combat window, the roll (one chance decision per die in
explicit chance mode), the Dodge rerolls (K12), a result window, and the settlement (K5, K10).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

from tabletop_rules import Seat

from ._actions import Action, FaceResult, NoReroll, Reroll
from ._content import Card, Face
from ._creature import fight_colours, needed, scoring_dice, wounds_taken
from ._events import DieRolled, DuelEnded, FightEnded
from ._frames import DiceRoll, DrawFrame, DuelFrame, FightFrame, GainFrame, RunFrame, TrophyFrame
from ._query import WOUND_LIMIT, bounty, extra_dice, fight_modifiers, lasting_modifiers
from ._triggers import happen
from ._work import Work

__all__ = [
    "COMBAT_ANSWERS",
    "COMBAT_HANDLERS",
    "dice_hits",
    "die_result",
    "face_odds",
    "new_duel",
    "new_fight",
    "rolling",
]

WOUNDS: Final[dict[str, int]] = {"hit": 1, "critical": 2}
"""Wounds dealt by each face (the others deal none)."""


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


def _combat(w: Work, frame: FightFrame | DuelFrame) -> bool:
    players = w.players
    if isinstance(frame, FightFrame):
        if players[frame.seat].tile is None:
            w.pop()
            w.release(frame)
            return False
    elif players[frame.attacker].tile is None or players[frame.defender].tile is None:
        w.pop()  # a duellist died before the duel was settled: it ends without a winner
        w.events.append(DuelEnded(frame.attacker, frame.defender, 0, 0, None))
        return False
    stage = frame.stage
    if stage == "open":
        w.replace(_staged(frame, "roll" if isinstance(frame, FightFrame) else "roll-a"))
        w.window("combat")
        return False
    found = rolling(frame)
    if found is not None:
        _seat, roll = found
        i = roll.pending
        if i < 0:
            w.replace(_staged(frame, _NEXT_STAGE[stage]))
            return False
        faces = w.rules.faces[roll.colours[i]]
        odds = face_odds(faces)
        if w.explicit and len(odds) > 1:
            return True
        if len(odds) == 1:
            face = odds[0][0]
        else:
            index, w.rng = w.rng.below(len(faces))
            face = faces[index]
        die_result(w, frame, face)
        return False
    found = dodging(frame)
    if found is not None:
        if open_dodges(found[1]):
            return True
        w.replace(_staged(frame, _NEXT_STAGE[stage]))
        return False
    if stage == "result":
        w.replace(_staged(frame, "settle"))
        w.window("result")
        return False
    if isinstance(frame, FightFrame):
        _settle_fight(w, frame)
    else:
        _settle_duel(w, frame)
    return False


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


def _settle_fight(w: Work, frame: FightFrame) -> None:
    w.pop()
    seat = frame.seat
    player = w.players[seat]
    creature: Card = w.card(frame.creature)
    hits, block = fight_modifiers(w, seat, creature)
    all_hits, all_block = lasting_modifiers(w)
    dealt = max(0, dice_hits(frame.dice, creature) + hits + all_hits + frame.hits)
    killed = dealt >= needed(creature, frame.dice.faces)
    taken = wounds_taken(creature, block + all_block + frame.block, killed)
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
    _after(w, seat, frame.dice)
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


def _creature_triggers(w: Work, seat: Seat, creature: Card, on: str) -> None:
    """The creature's own triggers for this outcome act on the fighter (before the guild's and
    the prophecy's, pushed earlier)."""
    for i, trigger in enumerate(creature.triggers):
        if trigger.when.on == on:
            w.push(RunFrame(f"creature:{creature.id}:{i}", 0, seat))


def _settle_duel(w: Work, frame: DuelFrame) -> None:
    w.pop()
    a, d = frame.attacker, frame.defender
    pa, pd = w.players[a], w.players[d]
    hits_a, block_a = fight_modifiers(w, a, None)
    hits_d, block_d = fight_modifiers(w, d, None)
    dealt_a = max(0, dice_hits(frame.dice_a) + hits_a + frame.hits_a - block_d - frame.block_d)
    dealt_d = max(0, dice_hits(frame.dice_d) + hits_d + frame.hits_d - block_a - frame.block_a)
    pa.wounds += dealt_d  # K5: wounds land at once, after both rolls
    pd.wounds += dealt_a
    dead_a, dead_d = pa.wounds > WOUND_LIMIT, pd.wounds > WOUND_LIMIT
    winner: Seat | None
    if dead_a or dead_d:
        winner = None if dead_a and dead_d else (d if dead_a else a)
    else:
        winner = a if dealt_a > dealt_d else d if dealt_d > dealt_a else None
    w.events.append(DuelEnded(a, d, dealt_a, dealt_d, winner))
    _after(w, a, frame.dice_a)
    _after(w, d, frame.dice_d)
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


def _answer_combat(w: Work, frame: FightFrame | DuelFrame, action: Action) -> None:
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


COMBAT_HANDLERS: Final[dict[type, Callable[[Work, Any], bool]]] = {
    FightFrame: _combat,
    DuelFrame: _combat,
}
COMBAT_ANSWERS: Final[dict[type, Callable[[Work, Any, Action], None]]] = {
    FightFrame: _answer_combat,
    DuelFrame: _answer_combat,
}
