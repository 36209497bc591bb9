"""The values under the pending decisions: a game's :class:`Config` and its pieces
(:class:`Monster`, :class:`Hero`, :class:`CardState`) and the hero :class:`Turn` in progress.

The rules read and build them; :mod:`grimheim._state` puts them together with the frames into a
:class:`~grimheim.State`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

from tabletop_rules import Seat

from ._cards import ActionKind, Card
from ._content import Pack, standard_pack
from ._map import Geometry, geometry

UNASKED = -2
"""The value of :attr:`State.asking` while nobody has worked out who must answer."""

Chance = Literal["sampled", "explicit"]
"""How random draws are made: from the state's generator, or as decisions of the chance seat."""

HEROES = ("bjorn", "alva", "embla", "boldur")


def _check_heroes(inst: Config, _attr: object, heroes: tuple[str, ...]) -> None:
    known = {deck.hero for deck in inst.pack.decks}
    if not isinstance(heroes, tuple) or not 1 <= len(heroes) <= 4:
        raise ValueError(f"a game has 1 to 4 heroes, not {heroes!r}")
    if len(set(heroes)) != len(heroes) or not set(heroes) <= known:
        raise ValueError(f"heroes must be different heroes of {sorted(known)}: {heroes!r}")


def _one_of(*values: str) -> Callable[[object, attrs.Attribute[Any], Any], None]:
    def check(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
        if value not in values:
            raise ValueError(f"{attr.name} must be one of {values}, not {value!r}")

    return check


@attrs.frozen
class Config:
    """Options of a game.

    Attributes:
        heroes: 1 to 4 different heroes, in turn order (seat ``i`` plays ``heroes[i]``).
        track: the ``"short"`` (12 spots) or ``"long"`` (16 spots) time track (G6).
        monster_die: roll the monster die in each monster turn (the variant, G6, G14).
        hard_setup: skip the last set-up step: no 2 gold, no mana on the starting ability, no
            event card (G6).
        hard_upgrades: start one step up the upgrade cost track (G6).
        players_decide: the players choose which hero a monster attacks and the order of the
            monsters' attacks (G5); ``False`` lets the engine take the documented defaults.
        chance (Literal['sampled', 'explicit']): ``"sampled"`` (default) or ``"explicit"``:
            every die rolled and card drawn is a decision of the chance seat
            (:data:`tabletop_rules.CHANCE`).
        pack: the content (default: the standard pack).
    """

    heroes: tuple[str, ...] = attrs.field(default=HEROES, validator=_check_heroes)
    track: Literal["short", "long"] = attrs.field(
        default="short", validator=_one_of("short", "long")
    )
    monster_die: bool = False
    hard_setup: bool = False
    hard_upgrades: bool = False
    players_decide: bool = True
    chance: Chance = attrs.field(default="sampled", validator=_one_of("sampled", "explicit"))
    pack: Pack = attrs.field(factory=standard_pack, kw_only=True)
    geo: Geometry = attrs.field(init=False, eq=False, repr=False)
    """The compiled map (derived)."""
    cards: dict[str, Card] = attrs.field(init=False, eq=False, repr=False)
    """Every card of the pack by id (derived)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "geo", geometry(self.pack))
        object.__setattr__(
            self, "cards", {card.id: card for deck in self.pack.decks for card in deck.cards}
        )

    @property
    def explicit(self) -> bool:
        """Whether dice and draws are chance decisions."""
        return self.chance == "explicit"


@attrs.frozen(order=True)
class Monster:
    """A monster on the board.

    Attributes:
        at: its area.
        kind: a monster kind (``goblin`` …) or a legend (``queen`` …).
        damage: damage taken.
        side: a legend's side (1 yellow, 2 red); 0 for other monsters.
        pinned: nothing moves it during the coming monster turn (a card pinned it, G34).
        pinned_by: the card that pinned it at the last monster turn (``""``: none); such a
            card may not pick it again at the next one.
        bounty: gold added to what killing it earns (a bounty card's markers).
    """

    at: int
    kind: str
    damage: int = 0
    side: int = 0
    pinned: bool = False
    pinned_by: str = ""
    bounty: int = 0

    def moved(self, at: int) -> Monster:
        """The same monster in the area ``at`` (marks and damage kept)."""
        return Monster(
            at, self.kind, self.damage, self.side, self.pinned, self.pinned_by, self.bounty
        )


@attrs.frozen
class CardState:
    """One of a hero's cards in play.

    Attributes:
        id: the card.
        side: 1 or 2 (abilities and the hero card may be flipped by an upgrade).
        mana: mana on the card.
        damage: damage markers on an equipment card.
        counters: markers the card keeps for its own uses (arrows, gold, stored damage).
    """

    id: str
    side: int = 1
    mana: int = 0
    damage: int = 0
    counters: int = 0


@attrs.frozen
class Hero:
    """A hero and everything of theirs.

    Attributes:
        id: the hero (``bjorn`` …).
        at: their area index (Grimheim is the last index, one more than the map's areas;
            :func:`~grimheim.scenario.hero_info` gives the :class:`~grimheim.Hex`).
        damage: damage on the hero.
        gold: gold, which is experience.
        upgrades: steps taken on the upgrade cost track.
        cards: the hero card, abilities and equipment in play, in the order they came.
        hand: event cards in hand (at most 4), sorted by id.
        events: the event deck, next card first (hidden).
        discard: events played or discarded, sorted by id (an empty deck is refilled from it).
        abilities: the ability deck, top card first (the top is face up).
        equipment: the equipment deck, top card first (the top card's quest is face up).
        known_abilities: how many cards at the bottom of the ability deck are known (put there).
        known_equipment: the same for the equipment deck.
        retired: equipment out of the game (a main weapon replaced by a new one), sorted.
        quest: progress made on the quest of the equipment card on top of the deck (quests
            that count across turns); it starts from 0 with each new top card.
    """

    id: str
    at: int
    damage: int = 0
    gold: int = 0
    upgrades: int = 0
    cards: tuple[CardState, ...] = ()
    hand: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    known_abilities: int = 0
    known_equipment: int = 0
    retired: tuple[str, ...] = ()
    quest: int = 0


@attrs.frozen
class Turn:
    """What a hero has done in the current turn.

    Attributes:
        hero: the seat whose turn it is.
        actions (tuple[grimheim._cards.ActionKind, ...]): the actions whose markers are used (at
            most 2, all different), in order.
        used: cards used this turn with a once-a-turn limit, one id per use.
        range_bonus: attack range added until the end of the turn.
        move_bonus: areas added to this turn's move action.
        stay: the hero may not move any more this turn.
    """

    hero: Seat
    actions: tuple[ActionKind, ...] = ()
    used: tuple[str, ...] = ()
    range_bonus: int = 0
    move_bonus: int = 0
    stay: bool = False
