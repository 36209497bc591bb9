"""The values of a game: :class:`State` and :class:`View`, which hold the parts of
:mod:`kinmarr._pieces` and the pending frames of :mod:`kinmarr._frames`."""

from __future__ import annotations

from typing import Any

import attrs

from tabletop_rules import Rng, Seat

from ._frames import Frame
from ._pieces import Config, Deck, Ending, Lasting, Player, TurnFlags


@attrs.frozen
class _Table:
    """The fields a :class:`State` and a :class:`View` share (the state's generator and the
    view's seat are theirs alone, given by name)."""

    config: Config
    players: tuple[Player, ...]
    turn: Seat
    round: int
    fate: int
    encounters: Deck
    abilities: Deck
    items: Deck
    prophecies: Deck
    shop: tuple[str, ...]
    prophecy: str | None
    lasting: tuple[Lasting, ...]
    discarded: frozenset[str]
    flags: TurnFlags
    frames: tuple[Frame, ...]
    ending: Ending | None = None
    cache: dict[str, Any] | None = attrs.field(init=False, default=None, eq=False, repr=False)
    """Derived data (the legal actions, once listed): an invisible cache."""


@attrs.frozen
class State(_Table):
    """A whole game.

    Frozen and hashable; ``==`` compares everything, the generator and the config included.
    Build one by hand only in tests and puzzles (see :mod:`kinmarr.scenario`), and check it with
    :func:`~kinmarr.validate`.

    Attributes:
        config: the game's :class:`Config`.
        rng: the generator of every die and shuffle (sampled chance).
        players: one per seat, in the config's order.
        turn: the seat whose turn it is.
        round: the round being played, from 1.
        fate: the Fate sphere, 0 to 10.
        encounters: the Encounter deck.
        abilities: the Ability deck.
        items: the Item deck.
        prophecies: the Prophecy deck.
        shop: the Items for sale (4 while the Item deck lasts).
        prophecy: the active Prophecy, if any.
        lasting: lasting events in play.
        discarded: cards that left the game.
        flags: what has been done this turn.
        frames: the work still to do, the request being answered on top: pending requests,
            response windows, fights, duels, choices (see :data:`~kinmarr.Frame`).
        ending: how the game ended, or ``None`` while it runs.
    """

    rng: Rng = attrs.field(kw_only=True)


@attrs.frozen
class View(_Table):
    """What one seat may know of a :class:`State`: everything but the generator and the order of
    the cards in the decks (each deck shows its unknown cards and its known bottom groups in pack
    order). Every card drawn is shown to everyone, so the players' hands and slots are public.

    Attributes:
        seat: the seat whose view this is.
        config: the game's config.
        players: one per seat.
        turn: the seat whose turn it is.
        round: the round being played.
        fate: the Fate sphere.
        encounters: the Encounter deck, in pack order.
        abilities: the Ability deck, in pack order.
        items: the Item deck, in pack order.
        prophecies: the Prophecy deck, in pack order.
        shop: the Items for sale.
        prophecy: the active Prophecy.
        lasting: lasting events in play.
        discarded: cards that left the game.
        flags: what has been done this turn.
        frames: the work still to do (as in the state).
        ending: how the game ended, or ``None``.
    """

    seat: Seat = attrs.field(kw_only=True)
