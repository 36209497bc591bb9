"""The parts of a game's values: the :class:`Config`, the players, the decks, the lasting events,
the turn's flags and the ending, with the limits they keep. :mod:`kinmarr._state` gathers them
with the frames into :class:`~kinmarr.State` and :class:`~kinmarr.View`."""

from __future__ import annotations

from typing import Any, Final, Literal, TypeAlias

import attrs

from tabletop_rules import Seat

from ._board import CASTLE, Tile
from ._content import Compiled, Pack, standard_pack

Chance: TypeAlias = Literal["sampled", "explicit"]
"""How random draws are made: ``"sampled"`` from the state's generator, or ``"explicit"`` as
decisions of the chance seat."""

DEFAULT_GUILDS: Final = ("feudal_pact", "arcane_commune", "pathfinders", "heirs_of_kinmarr")
"""The four guilds of the standard game, in the default seat order (K9)."""

MAX_ROUNDS: Final = 1000
"""The most rounds a game lasts: without a ``round_limit`` the game ends with scoring after this
round (K16). The longest of 300 simulated games lasted 78."""

FATE_MAX: Final = 10
"""The top of the Fate sphere: at the start of a round, everyone loses (K7)."""

DECK_FIELD: Final = {
    "encounter": "encounters",
    "ability": "abilities",
    "item": "items",
    "prophecy": "prophecies",
}
"""The state field of each deck."""

COIN_LIMIT: Final = 999
"""The most coins a player holds; coins gained beyond are lost (K16). The most any player held
in 300 simulated games was 50."""


def _check_guilds(inst: Config, _attr: object, guilds: tuple[str, ...]) -> None:
    if not isinstance(guilds, tuple) or not all(isinstance(g, str) for g in guilds):
        raise ValueError("guilds must be a tuple of guild ids")
    if not 2 <= len(guilds) <= 4:
        raise ValueError(f"Fated Kingdom is played by 2 to 4 guilds, not {len(guilds)}")
    if len(set(guilds)) != len(guilds):
        raise ValueError("each player picks a different guild")
    known = inst.rules.guild
    for guild in guilds:
        if guild not in known:
            raise ValueError(f"unknown guild {guild!r}; the pack has {sorted(known)}")


def _check_limit(_inst: object, _attr: object, value: int | None) -> None:
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_ROUNDS):
        raise ValueError(f"round_limit must be None or an int in [1, {MAX_ROUNDS}], got {value!r}")


def _check_chance(_inst: object, _attr: object, value: str) -> None:
    if value not in ("sampled", "explicit"):
        raise ValueError(f"chance must be 'sampled' or 'explicit', not {value!r}")


def _check_bool(_inst: object, attr: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attr.name} must be a bool, got {value!r}")


def _pack(pack: Pack | None) -> Pack | None:
    """The standard pack is written as ``None`` (so that equal configs compare equal)."""
    if pack is None:
        return None
    if not isinstance(pack, Pack):
        raise ValueError(f"pack must be a kinmarr Pack or None, got {type(pack).__name__}")
    if pack.compiled.digest == standard_pack().compiled.digest and pack == standard_pack():
        return None
    return pack


def _rules(inst: Config) -> Compiled:
    return (inst.pack or standard_pack()).compiled


@attrs.frozen
class Config:
    """Options of a game: the guilds (and so the seats), answering, a round limit, the chance mode,
    the content pack and the last-standing victory.

    >>> Config(guilds=("pathfinders", "feudal_pact")).guilds
    ('pathfinders', 'feudal_pact')
    >>> Config(guilds=("pathfinders",))
    Traceback (most recent call last):
    ...
    ValueError: Fated Kingdom is played by 2 to 4 guilds, not 1

    Attributes:
        guilds: one guild per player, in seat order; the first seat starts (K9).
        auto_pass: skip the response windows where no answer reacts to the request (K4,
            revised): a player is then asked only for an answer that reacts to it — Hits, Block,
            a heal or a wound landing on a fighter at a fight's or duel's roll or result, or any
            answer at the start or the end of its own turn (a guild power, a Fate change…).
            ``False`` (default): every window asks each player holding an answer that can change
            something.
        round_limit: ``None`` (default: :data:`~kinmarr.MAX_ROUNDS`), or end the game with
            scoring when this many rounds have been played (K7, K16).
        chance: ``"sampled"`` (default): dice and draws come from the state's generator.
            ``"explicit"``: every travel die, combat die and card drawn is a decision of the chance
            seat (:data:`tabletop_rules.CHANCE`).
        pack: the content; ``None`` is the standard pack (:func:`~kinmarr.standard_pack`).
        last_standing: ``True`` (default): a player whose token is the only one on the board at
            the start of its turn wins (K7). ``False``: the last player plays on alone, and the
            game ends by scoring when a deck runs out or the round limit is reached (or when
            Fate reaches 10).

    Raises:
        ValueError: fewer than 2 or more than 4 guilds, a guild twice, a guild not in the pack, or
            an option out of range.
    """

    guilds: tuple[str, ...] = attrs.field(default=DEFAULT_GUILDS, validator=_check_guilds)
    auto_pass: bool = attrs.field(default=False, validator=_check_bool)
    round_limit: int | None = attrs.field(default=None, validator=_check_limit)
    chance: Chance = attrs.field(default="sampled", validator=_check_chance)
    pack: Pack | None = attrs.field(default=None, converter=_pack)
    last_standing: bool = attrs.field(default=True, validator=_check_bool)
    rules: Compiled = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_rules, takes_self=True)
    )
    """The pack's lookup tables (derived)."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickles and copies rebuild the lookup tables instead of carrying them.
        return (
            Config,
            (
                self.guilds,
                self.auto_pass,
                self.round_limit,
                self.chance,
                self.pack,
                self.last_standing,
            ),
        )

    @property
    def explicit(self) -> bool:
        """Whether random draws are chance decisions."""
        return self.chance == "explicit"

    @property
    def content(self) -> Pack:
        """The pack in play (the standard pack when ``pack`` is ``None``)."""
        return self.pack or standard_pack()


def last_round(config: Config) -> int:
    """The last round a game of ``config`` plays: its ``round_limit``, else :data:`MAX_ROUNDS`
    (K7, K16). The engine ends the game with scoring when the round after it would start, and
    the load check holds a running game within it."""
    return config.round_limit or MAX_ROUNDS


@attrs.frozen
class Player:
    """A guild's character.

    Attributes:
        guild: the guild's id.
        tile: where the token stands; ``None`` once the character is dead.
        wounds: 0 to 3 (more is death).
        coins: silver coins (a gold coin is 5 silver; the state counts silver).
        hand: cards in the hand zone (at most 10), in pack order; they never work (except towers
            shown at the start of the turn, K15).
        slots: the three inventory slots (Items and Abilities), in pack order; they work at any
            time.
    """

    guild: str
    tile: Tile | None = CASTLE
    wounds: int = 0
    coins: int = 0
    hand: tuple[str, ...] = ()
    slots: tuple[str, ...] = ()

    @property
    def alive(self) -> bool:
        """Whether the character is still on the board."""
        return self.tile is not None


@attrs.frozen
class Deck:
    """A deck: the cards whose order nobody knows, then groups known to lie at the bottom.

    Cards put at the bottom (the cards not chosen, a creature that won its fight, an ability of
    another guild, a sold item) are known to be there, so a view keeps them: each group is a set
    of cards in an unknown order, below the cards above it.

    Attributes:
        top: the cards above the known groups. In a sampled-chance :class:`State`, in drawing
            order (next card first); in explicit chance mode and in a :class:`View`, in pack order
            (nothing has decided their order).
        bottom: the groups put at the bottom, the next to be reached first. Each group is in
            drawing order in a sampled-chance state, in pack order otherwise.
    """

    top: tuple[str, ...] = ()
    bottom: tuple[tuple[str, ...], ...] = ()

    def __len__(self) -> int:
        return len(self.top) + sum(len(group) for group in self.bottom)

    def cards(self) -> tuple[str, ...]:
        """Every card of the deck, top first (groups in their stored order)."""
        return self.top + tuple(card for group in self.bottom for card in group)


@attrs.frozen
class Lasting:
    """A lasting event in play.

    Attributes:
        card: the event's id.
        rounds: round starts still to pass before it is discarded.
    """

    card: str
    rounds: int


@attrs.frozen
class TurnFlags:
    """What the active player (and the others) did this turn; reset when a turn starts.

    Attributes:
        roll: the travel die of this turn (0 before it is rolled).
        refreshes: how many times the Shop was refreshed this turn (K14: the next costs one more).
        moved: cards moved between hand and slots this turn (each at most once).
        shown: towers shown this turn.
        spent: items (not used up) that were used this turn, by anyone: once per turn each.
        powers: seats whose guild power was used this turn: once per turn each.
        dueled: a duel was declared this turn (K5: at most one).
        traded: seats the active player offered a trade to this turn (K6: once each).
        shop: the Shop may be used this turn wherever the active player is.
        duel_anywhere: a duel may be declared against any living player this turn.
    """

    roll: int = 0
    refreshes: int = 0
    moved: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()
    spent: tuple[str, ...] = ()
    powers: tuple[Seat, ...] = ()
    dueled: bool = False
    traded: tuple[Seat, ...] = ()
    shop: bool = False
    duel_anywhere: bool = False


@attrs.frozen
class Ending:
    """How the game ended.

    Attributes:
        kind: ``"last-standing"`` (a token alone on the board at the start of its turn),
            ``"fate"`` (Fate 10 at the start of a round: everyone loses), ``"deck-exhausted"``
            (a deck empty at the start of a turn: scoring), ``"round-limit"`` (scoring, K7) or
            ``"no-one-left"`` (K13: nobody wins).
        winners: the winning seats.
        scores: each seat's score (K8; 0 for a dead player).
    """

    kind: Literal["last-standing", "fate", "deck-exhausted", "round-limit", "no-one-left"]
    winners: tuple[Seat, ...]
    scores: tuple[int, ...]
