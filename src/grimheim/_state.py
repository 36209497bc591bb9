"""The values of a game: :class:`Config`, the pieces (:class:`Monster`, :class:`Hero`,
:class:`CardState`), the pending decisions (frames) and :class:`State` / :class:`View`."""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

import attrs

from tabletop_rules import Rng, Seat

from ._cards import ActionKind
from ._pieces import UNASKED, CardState, Chance, Config, Hero, Monster, Turn

__all__ = [
    "Ambush",
    "CardState",
    "Chance",
    "Config",
    "Frame",
    "Hero",
    "Monster",
    "State",
    "Turn",
    "UNASKED",
    "View",
]


Roll: TypeAlias = tuple[int, int, int, int]
"""Attack dice by face: ``(hits, hits unless cover, runes, misses)``."""

NO_ROLL: Roll = (0, 0, 0, 0)


AttackPhase = Literal["roll", "excess", "after"]


@attrs.frozen
class HeroAttack:
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
    rolled: Roll = NO_ROLL
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
    last: Roll = NO_ROLL
    mine: bool = False

    def pick_up(self, taken: Roll) -> HeroAttack:
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


@attrs.frozen
class Resolving:
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


@attrs.frozen
class Moving:
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


@attrs.frozen
class Granted:
    """An additional action a card grants (G13): the hero now chooses how to perform it.

    Attributes:
        hero: the seat.
        action: the kind of action.
        by: the card that grants it.
    """

    hero: Seat
    action: ActionKind
    by: str = ""


@attrs.frozen
class Window:
    """A moment where some heroes may use cards, asked one seat after the other.

    Attributes:
        when: the moment (a timing of the vocabulary: ``after-monster-move`` …).
        seats: the seats still to be asked, the first one now.
        used: the cards used in this window.
        attacker: for ``attacked``, the area of the monster that attacked.
    """

    when: str
    seats: tuple[Seat, ...]
    used: tuple[str, ...] = ()
    attacker: int = -1


@attrs.frozen
class EndOfTurn:
    """The end-of-turn steps of a hero's turn.

    Attributes:
        hero: the seat.
        step: ``upgrade``, ``draw`` or ``swap`` (returning the markers and adding mana need no
            decision; the cards that act at the end of the turn follow the draw).
    """

    hero: Seat
    step: Literal["upgrade", "draw", "swap"]


@attrs.frozen
class Drawing:
    """Event cards to draw into a hero's hand (chance draws them in explicit mode).

    Attributes:
        hero: the seat.
        count: cards still to draw.
    """

    hero: Seat
    count: int


@attrs.frozen
class Revealing:
    """The top card of a hero's ability or equipment deck to turn face up (explicit chance).

    Attributes:
        hero: the seat.
        deck: ``abilities`` or ``equipment``.
    """

    hero: Seat
    deck: Literal["abilities", "equipment"]


MonsterStepName = Literal["die", "pins", "move", "attack", "attacking", "reinforce", "end"]


@attrs.frozen
class MonsterTurn:
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


@attrs.frozen
class MonsterAttack:
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


@attrs.frozen
class Ambush:
    """The monster die's ambush: heroes outside Grimheim place a goblin next to them (G14).

    Attributes:
        seats: the heroes still to place one, the first one now.
    """

    seats: tuple[Seat, ...]


@attrs.frozen
class Reinforcing:
    """Monster cards to draw and place (reinforcements, or the set-up).

    Attributes:
        deck: the ``yellow`` or ``red`` deck.
        cards: cards still to place.
        tries: cards drawn for the current placement (G15 stops at the deck's size).
    """

    deck: Literal["yellow", "red"]
    cards: int
    tries: int = 0


@attrs.frozen
class GoldOffer:
    """Gold offered between two heroes next to each other: the other hero agrees or not (G22).

    Attributes:
        giver: the seat giving the gold.
        receiver: the seat receiving it.
        amount: how much.
        asked: the seat that must agree (the one who did not offer).
    """

    giver: Seat
    receiver: Seat
    amount: int
    asked: Seat


@attrs.frozen
class QuestOffer:
    """A monster killed may complete the hero's quest (instead of its gold, or at a cost): the
    hero chooses.

    Attributes:
        hero: the seat.
        card: the equipment card on top of the deck.
        way: which way of its quest.
        gold: the gold the kill earned (given back for a quest taken instead of it).
    """

    hero: Seat
    card: str
    way: int
    gold: int


@attrs.frozen
class Ramming:
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


Frame: TypeAlias = (
    HeroAttack
    | Resolving
    | Moving
    | Granted
    | Window
    | EndOfTurn
    | Drawing
    | Revealing
    | MonsterTurn
    | MonsterAttack
    | Ambush
    | Reinforcing
    | GoldOffer
    | QuestOffer
    | Ramming
)
"""A pending step or decision held in the state; the innermost is last in :attr:`State.frames`."""

FRAMES: tuple[type, ...] = (
    HeroAttack,
    Resolving,
    Moving,
    Granted,
    Window,
    EndOfTurn,
    Drawing,
    Revealing,
    MonsterTurn,
    MonsterAttack,
    Ambush,
    Reinforcing,
    GoldOffer,
    QuestOffer,
    Ramming,
)


@attrs.frozen
class State:
    """A whole game.

    Attributes:
        config: the game's :class:`Config`.
        rng: the generator of every future random draw.
        town: town pieces left in Grimheim (G4).
        time: the time track spot of the rune stone, from 0 (:func:`~grimheim.scenario.time_spot`
            counts from 1).
        heroes: the heroes, in seat order.
        monsters: the monsters on the board, in area order.
        yellow: the yellow monster deck, next card first (hidden, but for ``yellow_known``).
        red: the red monster deck, next card first.
        yellow_known: how many cards at the bottom of the yellow deck are known (put there).
        red_known: the same for the red deck.
        held: legend cards kept out of their deck while their legend lives.
        bonus: set-up bonus markers not yet taken: ``(kind, area, amount)``.
        turn: the hero turn in progress, or ``None`` during the monster turn.
        frames (tuple[grimheim._state.Frame, ...]): pending steps and decisions, innermost
            last.
        won: ``True`` once the last spot's monster turn ended with the town standing, ``False``
            once the town fell, ``None`` while the game runs.
    """

    config: Config
    rng: Rng
    town: int
    time: int
    heroes: tuple[Hero, ...]
    monsters: tuple[Monster, ...]
    yellow: tuple[str, ...]
    red: tuple[str, ...]
    yellow_known: int = 0
    red_known: int = 0
    held: tuple[str, ...] = ()
    bonus: tuple[tuple[str, int, int], ...] = ()
    turn: Turn | None = None
    frames: tuple[Frame, ...] = ()
    won: bool | None = None
    occupant: dict[int, int] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Area → monster index (an invisible cache, never copied by ``attrs.evolve``)."""
    legal: frozenset[Any] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """The legal actions, once listed (an invisible cache, never copied by ``attrs.evolve``)."""
    asking: Seat | None = attrs.field(default=UNASKED, init=False, eq=False, repr=False)
    """The seat that must answer, as the rules left it (an invisible cache; :data:`UNASKED`
    until known)."""


@attrs.frozen
class View:
    """What one seat may know of a :class:`State`: the same fields but the generator, with every
    hidden card id written as ``""`` — the order of hidden decks, the other heroes' hands — so
    the sizes and the known parts stay (a card put at the bottom of a deck is known there).

    Attributes:
        seat: whose view it is.
        config: the game's config.
        town: town pieces left.
        time: the time track spot, from 0.
        heroes: the heroes, their hidden cards blanked.
        monsters: the monsters on the board.
        yellow: the yellow deck, hidden cards blanked (the known bottom shows).
        red: the red deck, the same.
        yellow_known: known cards at the bottom of the yellow deck.
        red_known: the same for the red deck.
        held: legend cards kept out.
        bonus: bonus markers not yet taken.
        turn: the hero turn in progress.
        frames (tuple[grimheim._state.Frame, ...]): the pending steps and decisions.
        won: the result, once over.
    """

    seat: Seat
    config: Config
    town: int
    time: int
    heroes: tuple[Hero, ...]
    monsters: tuple[Monster, ...]
    yellow: tuple[str, ...]
    red: tuple[str, ...]
    yellow_known: int = 0
    red_known: int = 0
    held: tuple[str, ...] = ()
    bonus: tuple[tuple[str, int, int], ...] = ()
    turn: Turn | None = None
    frames: tuple[Frame, ...] = ()
    won: bool | None = None
    occupant: dict[int, int] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Area → monster index (an invisible cache, never copied by ``attrs.evolve``)."""
