"""Frames: the work a state still has to do, held as plain values (never closures).

:attr:`State.frames <kinmarr.State.frames>` is a stack, the frame on top being worked on. A frame
either runs by itself (a move, a tile's action, the effects of a card) or waits for an answer: a
player's decision (a response window, a menu, a choice of cards, a Dodge reroll, a trade offer, a
loot choice) or, in explicit chance mode, a result of chance (a die, a card drawn). Every state
returned by the API rests on a frame that waits; :func:`~kinmarr.decision` describes it.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import attrs

from tabletop_rules import Seat

from ._content import Request
from ._words import Colour

__all__ = [
    "Answer",
    "ArriveFrame",
    "ChooseFrame",
    "DiceRoll",
    "DrawFrame",
    "DropFrame",
    "DuelFrame",
    "EncounterFrame",
    "FRAMES",
    "FightFrame",
    "Frame",
    "GainFrame",
    "LootFrame",
    "MenuFrame",
    "MoveFrame",
    "OfferFrame",
    "PayFrame",
    "ResolveFrame",
    "RollFrame",
    "RunFrame",
    "StartFrame",
    "TrophyFrame",
    "TurnEndFrame",
    "WindowFrame",
]


@attrs.frozen
class Answer:
    """A card used or a guild power used as an answer in a response window (K4).

    Attributes:
        seat: who used it.
        card: the slotted card, or ``None`` for the guild power.
        target: the seat it acts on, when it has a target.
    """

    seat: Seat
    card: str | None
    target: Seat | None = None


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


@attrs.frozen
class StartFrame:
    """A turn starts (for :attr:`State.turn <kinmarr.State.turn>`): the end checks, then the
    turn's frames.

    Attributes:
        new_round: this turn starts a round (Fate 10 and the round limit are checked, lasting
            events age).
    """

    new_round: bool


@attrs.frozen
class TurnEndFrame:
    """The turn ends: end-of-turn triggers and prophecies, then the next living seat's turn.

    Attributes:
        done: the triggers have been looked at.
    """

    done: bool = False


@attrs.frozen
class MenuFrame:
    """The active player's choices between requests.

    Attributes:
        phase: ``"start"`` (towers, slots, the Shop, then the travel die), ``"duel"`` (declare a
            duel or not, K5) or ``"end"`` (trade, the Shop, slots, end the turn).
    """

    phase: Literal["start", "duel", "end"]


@attrs.frozen
class WindowFrame:
    """A response window (K4): the players who hold a usable answer are asked in turn, the
    others in turn order first, the active player last.

    Attributes:
        request: what is about to happen.
        stack: the answers given so far, the last on top; they resolve last in, first out when
            everyone has passed in a row.
        asking: the seat being asked, ``None`` before the window opens.
        passes: consecutive passes since the last answer.
    """

    request: Request
    stack: tuple[Answer, ...] = ()
    asking: Seat | None = None
    passes: int = 0


@attrs.frozen
class ResolveFrame:
    """An answer taken off the Stack: its effects, then the card goes away (an Ability to the
    bottom of the ability deck, which is shuffled; an Item used up is discarded).

    Attributes:
        answer: the answer.
        done: its effects have run.
    """

    answer: Answer
    done: bool = False


@attrs.frozen
class RunFrame:
    """Effects being carried out, one after another.

    Attributes:
        source: where the effects are written: ``tile:<n>`` (a tile's action), ``effects:<card>``
            (a place, event or tower), ``usage:<card>``, ``reward:<card>`` (a prophecy),
            ``power:<guild>``, ``trigger:<guild>:<n>`` or ``creature:<card>:<n>`` (a creature's
            trigger).
        pc: the index of the next effect.
        seat: the player they act for.
        target: the target of a used card or power.
    """

    source: str
    pc: int
    seat: Seat
    target: Seat | None = None


@attrs.frozen
class RollFrame:
    """The travel die is rolled (K3).

    Attributes:
        seat: the player who travels.
    """

    seat: Seat


@attrs.frozen
class MoveFrame:
    """A token moves clockwise (K1–K3).

    Attributes:
        seat: whose token.
        steps: tiles to move; ``0`` moves by the travel die of the turn.
    """

    seat: Seat
    steps: int


@attrs.frozen
class ArriveFrame:
    """The action of the tile where a move ended (or where a player was sent, K1).

    Attributes:
        seat: the player on the tile.
    """

    seat: Seat


@attrs.frozen
class ChooseFrame:
    """Draw N, choose some: cards are revealed (one chance decision each in explicit chance mode),
    then chosen one at a time; the rest go to the bottom of their deck in random order.

    Attributes:
        seat: who draws and chooses.
        deck: the deck drawn from.
        count: cards (with ``tag``) still to reveal.
        choose: cards still to choose.
        tag: only cards with this tag count and may be chosen.
        cards: the cards revealed that may be chosen, in the order revealed.
        passed: cards revealed without the tag.
        chosen: the cards chosen so far, in order (fought in this order, K11).
    """

    seat: Seat
    deck: Literal["encounter", "ability", "item"]
    count: int
    choose: int
    tag: str | None = None
    cards: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()
    chosen: tuple[str, ...] = ()


@attrs.frozen
class EncounterFrame:
    """A chosen card being resolved: a fight, a place or event, a tower to pay for, a card gained.

    Attributes:
        seat: who chose it.
        card: the card.
    """

    seat: Seat
    card: str


@attrs.frozen
class PayFrame:
    """A tower being paid for with creatures from the hand.

    Attributes:
        seat: who takes the tower.
        tower: the tower.
        paid: the value discarded so far.
    """

    seat: Seat
    tower: str
    paid: int = 0


@attrs.frozen
class FightFrame:
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


@attrs.frozen
class DuelFrame:
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


@attrs.frozen
class DrawFrame:
    """Cards drawn one by one from the top of a deck (one chance decision each in explicit chance
    mode).

    Attributes:
        deck: ``"ability"``, ``"item"`` or ``"prophecy"``.
        into: ``"gain"`` (the seat gains it; an Ability of another guild goes to the bottom and
            the draw goes on, K15), ``"shop"`` or ``"prophecy"`` (the new active prophecy).
        seat: who gains the cards (``gain``).
        count: cards still to draw.
    """

    deck: Literal["ability", "item", "prophecy"]
    into: Literal["gain", "shop", "prophecy"]
    seat: Seat
    count: int


@attrs.frozen
class GainFrame:
    """A card comes to a player: an Ability or Item to a slot or to the hand, by choice (to the
    hand when no slot is free); a creature or tower to the hand.

    Attributes:
        seat: who gains it.
        card: the card.
    """

    seat: Seat
    card: str


@attrs.frozen
class DropFrame:
    """The hand holds 11 cards: one must be dropped, and leaves the game (K15).

    Attributes:
        seat: whose hand.
    """

    seat: Seat


@attrs.frozen
class LootFrame:
    """A dead character's items, coins and creatures, taken by the characters on its tile in
    turn order (K13); what is left when they are done is discarded.

    Attributes:
        dead: the dead player.
        looters: the players still to choose, the one choosing first.
        items: the Items left.
        creatures: the creatures left.
        coins: the coins left.
    """

    dead: Seat
    looters: tuple[Seat, ...]
    items: tuple[str, ...]
    creatures: tuple[str, ...]
    coins: int


@attrs.frozen
class TrophyFrame:
    """The winner of a duel chooses a trophy (K5): an Item from the loser's slots, half the
    loser's coins (rounded down), or a creature from the loser's hand.

    Attributes:
        winner: the winner.
        loser: the loser.
    """

    winner: Seat
    loser: Seat


@attrs.frozen
class OfferFrame:
    """A trade (K6): the active player puts an offer together, then the partner accepts or
    refuses it.

    Attributes:
        partner: the player the offer is made to.
        give: the active player's cards offered.
        ask: the partner's cards asked for.
        give_coins: coins offered.
        ask_coins: coins asked for.
        proposed: the offer is made, and waits for the partner's answer.
    """

    partner: Seat
    give: tuple[str, ...] = ()
    ask: tuple[str, ...] = ()
    give_coins: int = 0
    ask_coins: int = 0
    proposed: bool = False


Frame: TypeAlias = (
    StartFrame
    | TurnEndFrame
    | MenuFrame
    | WindowFrame
    | ResolveFrame
    | RunFrame
    | RollFrame
    | MoveFrame
    | ArriveFrame
    | ChooseFrame
    | EncounterFrame
    | PayFrame
    | FightFrame
    | DuelFrame
    | DrawFrame
    | GainFrame
    | DropFrame
    | LootFrame
    | TrophyFrame
    | OfferFrame
)
"""Every kind of frame."""

FRAMES: Final[tuple[type, ...]] = (
    StartFrame,
    TurnEndFrame,
    MenuFrame,
    WindowFrame,
    ResolveFrame,
    RunFrame,
    RollFrame,
    MoveFrame,
    ArriveFrame,
    ChooseFrame,
    EncounterFrame,
    PayFrame,
    FightFrame,
    DuelFrame,
    DrawFrame,
    GainFrame,
    DropFrame,
    LootFrame,
    TrophyFrame,
    OfferFrame,
)
