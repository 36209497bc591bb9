"""The values of a game: :class:`State` and :class:`View`, which hold the :class:`Config`, the
pieces (:class:`Monster`, :class:`Hero`, :class:`CardState`, from :mod:`grimheim._pieces`) and the
pending decisions (the frames of :mod:`grimheim._frames`), named here by :data:`Frame`."""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from tabletop_rules import Rng, Seat

from ._frames.attack import NO_ROLL, HeroAttack
from ._frames.draws import Drawing, Revealing
from ._frames.granted import Granted
from ._frames.monster_turn import Ambush, MonsterAttack, MonsterTurn, Reinforcing
from ._frames.moves import Moving, Ramming
from ._frames.offers import GoldOffer, QuestOffer
from ._frames.resolving import Resolving
from ._frames.turn_end import EndOfTurn
from ._frames.window import Window
from ._pieces import UNASKED, CardState, Chance, Config, Hero, Monster, Turn

__all__ = [
    "FRAMES",
    "NO_ROLL",
    "UNASKED",
    "Ambush",
    "CardState",
    "Chance",
    "Config",
    "Drawing",
    "EndOfTurn",
    "Frame",
    "GoldOffer",
    "Granted",
    "Hero",
    "HeroAttack",
    "Monster",
    "MonsterAttack",
    "MonsterTurn",
    "Moving",
    "QuestOffer",
    "Ramming",
    "Reinforcing",
    "Resolving",
    "Revealing",
    "State",
    "Turn",
    "View",
    "Window",
]


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
class _Table:
    """The fields a :class:`State` and a :class:`View` share: everything on the table (the
    state's generator and the view's seat are theirs alone, given by name)."""

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


@attrs.frozen
class State(_Table):
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

    rng: Rng = attrs.field(kw_only=True)
    legal: frozenset[Any] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """The legal actions, once listed (an invisible cache, never copied by ``attrs.evolve``)."""
    asking: Seat | None = attrs.field(default=UNASKED, init=False, eq=False, repr=False)
    """The seat that must answer, as the rules left it (an invisible cache; :data:`UNASKED`
    until known)."""


@attrs.frozen
class View(_Table):
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

    seat: Seat = attrs.field(kw_only=True)
