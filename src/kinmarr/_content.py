"""Content: the board, the guilds and the cards, read from JSON data files and checked on load.

A *pack* is everything the rules need besides the rules: the faces of the three combat dice, the
41 tiles, the guilds with their dice and powers, and the four decks. The standard pack ships as
several files in ``kinmarr/content/`` (``pack.json``, ``board.json``, ``guilds.json``,
``encounters.json``, ``abilities.json``, ``items.json``, ``prophecies.json``); a custom pack is one
JSON document with the same sections (:func:`pack_from_json`). Everything a card, tile or power
does is written in the effect vocabulary of :mod:`kinmarr._words`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

import attrs
import cattrs

from tabletop_rules import (
    ContentError,
    Interner,
    PackRef,
    digest_of,
    make_converter,
    read_content,
    register_tagged_union,
    structure_content,
)

from ._board import INNER, OUTER, Tile
from ._words import (
    CREATURE,
    EFFECTS,
    INSTANT,
    PASSIVE,
    TAG,
    Block,
    Colour,
    DeckName,
    Draw,
    DuelAnywhere,
    Effect,
    Hits,
    Move,
    ShopAccess,
    Special,
    Steal,
    Teleport,
)

Face: TypeAlias = Literal["hit", "miss", "critical", "resilience", "dodge", "insight"]
"""A combat die face: Hit (1 wound), Miss, Critical (2 wounds), Resilience (heal 1 after the
fight), Dodge (reroll it and one other die, K12), Insight (draw an Ability after the fight)."""
FACES: Final[tuple[Face, ...]] = ("hit", "miss", "critical", "resilience", "dodge", "insight")
Kind: TypeAlias = Literal["creature", "place", "event", "tower", "ability", "item", "prophecy"]
"""What a card is."""
KINDS_OF: Final[dict[str, tuple[str, ...]]] = {
    "encounter": ("creature", "place", "event", "tower"),
    "ability": ("ability",),
    "item": ("item",),
    "prophecy": ("prophecy",),
}
Request: TypeAlias = Literal["start", "travel", "move", "tile", "draw", "combat", "result", "end"]
"""A request that opens a response window (K4): the start of the turn, the travel roll, the
token's move, a tile's action, a draw, a combat roll, a fight or duel result, the end phase."""
REQUESTS_ORDER: Final[tuple[Request, ...]] = (
    "start",
    "travel",
    "move",
    "tile",
    "draw",
    "combat",
    "result",
    "end",
)
Target: TypeAlias = Literal["self", "on_tile", "other", "fighter"]
"""Whom a used card or power acts on: its user, another player on the user's tile, any other
living player, or a player fighting the current fight or duel."""

CARD_ID: Final = r"[a-z][a-z0-9-]{0,31}"
"""A card id: lower-case letters, digits and ``-``, starting with a letter, at most 32."""
_CARD_ID = re.compile(CARD_ID)
_GUILD_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
RESERVED: Final = frozenset(
    {
        *FACES,
        "accept",
        "ask-coin",
        "end",
        "give-coin",
        "hand",
        "loot-coins",
        "no-duel",
        "no-reroll",
        "no-trade",
        "pass",
        "power",
        "propose",
        "refresh",
        "refuse",
        "skip-loot",
        "slot",
        "take-coins",
        "travel",
    }
)
"""Words of the action notation, which no card id may be."""
MAX_CARDS: Final = 1_000
MAX_COPIES: Final = 20


def _text(limit: int) -> Any:
    def check(_inst: object, attr: attrs.Attribute[str], value: str) -> None:
        if not isinstance(value, str) or len(value) > limit:
            raise ValueError(f"{attr.name} must be a string of at most {limit} characters")

    return check


def _name(_inst: object, attr: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not 1 <= len(value) <= 60:
        raise ValueError(f"{attr.name} must be 1 to 60 characters, got {value!r}")


def _int_range(low: int, high: int) -> Any:
    def check(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{attr.name} must be an int in [{low}, {high}], got {value!r}")

    return check


def _one_of(options: Iterable[str]) -> Any:
    allowed = tuple(options)

    def check(_inst: object, attr: attrs.Attribute[str], value: str) -> None:
        if value not in allowed:
            raise ValueError(f"{attr.name} must be one of {list(allowed)}, got {value!r}")

    return check


def _optional_tag(_inst: object, attr: attrs.Attribute[str | None], value: str | None) -> None:
    if value is not None and (not isinstance(value, str) or not re.fullmatch(TAG, value)):
        raise ValueError(f"{attr.name} must be a tag like 'undead', got {value!r}")


def _tags(_inst: object, attr: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]) -> None:
    if len(value) > 8 or any(not re.fullmatch(TAG, tag) for tag in value):
        raise ValueError(f"{attr.name} must be at most 8 tags like 'undead', got {list(value)}")


def _card_id(_inst: object, attr: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not _CARD_ID.fullmatch(value):
        raise ValueError(
            f"{attr.name} must be 1-32 lower-case letters, digits and '-', starting with a letter:"
            f" {value!r}"
        )
    if value in RESERVED:
        raise ValueError(f"{attr.name} {value!r} is a word of the action notation")


def _short_list(limit: int) -> Any:
    def check(
        _inst: object, attr: attrs.Attribute[tuple[Any, ...]], value: tuple[Any, ...]
    ) -> None:
        if len(value) > limit:
            raise ValueError(f"{attr.name} holds at most {limit} entries, not {len(value)}")

    return check


@attrs.frozen
class When:
    """A moment and a condition: what a trigger or a prophecy waits for.

    Attributes:
        on: ``"turn-start"``, ``"turn-end"`` (the holder's own), ``"defeat"`` (the holder defeats
            a creature), ``"fight-lost"``, ``"duel-won"``, ``"tower"`` (the holder takes a tower)
            or ``"visit"`` (the holder arrives on ``tile``).
        tag: ``defeat``: the creature has this tag.
        min_defence: ``defeat``: the creature's defence is at least this.
        min_value: ``defeat``: the creature's value is at least this.
        min_coins: the holder has at least this many coins.
        min_creatures: the holder has at least this many defeated creatures in hand.
        tile: ``visit``: the tile.
        no_ability: the holder holds no Ability card (in hand or slots).
    """

    on: Literal["turn-start", "turn-end", "defeat", "fight-lost", "duel-won", "tower", "visit"] = (
        attrs.field(
            validator=_one_of(
                ("turn-start", "turn-end", "defeat", "fight-lost", "duel-won", "tower", "visit")
            )
        )
    )
    tag: str | None = attrs.field(default=None, validator=_optional_tag)
    min_defence: int = attrs.field(default=0, validator=_int_range(0, 20))
    min_value: int = attrs.field(default=0, validator=_int_range(0, 99))
    min_coins: int = attrs.field(default=0, validator=_int_range(0, 999))
    min_creatures: int = attrs.field(default=0, validator=_int_range(0, 10))
    tile: Tile | None = None
    no_ability: bool = False

    def __attrs_post_init__(self) -> None:
        if (self.on == "visit") != (self.tile is not None):
            raise ValueError("a tile is given exactly when 'on' is 'visit'")
        if self.on != "defeat" and (self.tag or self.min_defence or self.min_value):
            raise ValueError("tag, min_defence and min_value apply to 'defeat' only")


@attrs.frozen
class Trigger:
    """Effects that happen by themselves when ``when`` comes (a guild power).

    Attributes:
        when: the moment and its condition.
        effects: instant effects for the holder.
    """

    when: When
    effects: tuple[Effect, ...] = attrs.field(validator=_short_list(8))


@attrs.frozen
class Usage:
    """How a slotted card or a guild power is used: as an answer in a response window (K4).

    Attributes:
        when: the requests whose windows it may answer.
        effects: instant effects, on the user or on the target.
        fighting: only by a player fighting the current fight or duel.
        own_turn: only on the user's own turn.
        target: ``"self"`` (default), ``"on_tile"``, ``"other"`` or ``"fighter"``.
        consumed: an item used up (discarded) when used; other items and powers may be used once
            per turn. An Ability always goes to the bottom of the ability deck, which is shuffled.
    """

    when: tuple[Request, ...] = attrs.field(validator=_short_list(8))
    effects: tuple[Effect, ...] = attrs.field(validator=_short_list(8))
    fighting: bool = False
    own_turn: bool = False
    target: Target = attrs.field(
        default="self", validator=_one_of(("self", "on_tile", "other", "fighter"))
    )
    consumed: bool = False

    def __attrs_post_init__(self) -> None:
        if not self.when or len(set(self.when)) != len(self.when):
            raise ValueError("when must name at least one request, each once")
        for request in self.when:
            if request not in REQUESTS_ORDER:
                raise ValueError(f"unknown request {request!r}; expected one of {REQUESTS_ORDER}")
        if not self.effects:
            raise ValueError("a usage needs at least one effect")


@attrs.frozen
class GuildPower:
    """A guild's power, in the effect vocabulary.

    Attributes:
        name: its name.
        text: what it does, in words.
        usage: how it is used as an answer, if it is used.
        passive: effects that always apply to the guild's player.
        triggers: effects that happen by themselves.
    """

    name: str = attrs.field(validator=_name)
    text: str = attrs.field(default="", validator=_text(300))
    usage: Usage | None = None
    passive: tuple[Effect, ...] = attrs.field(default=(), validator=_short_list(8))
    triggers: tuple[Trigger, ...] = attrs.field(default=(), validator=_short_list(8))


@attrs.frozen
class Guild:
    """A guild: its combat dice and its power.

    Attributes:
        id: the name used in :class:`~kinmarr.Config` (``"feudal_pact"``).
        name: the printed name.
        dice: the colours of its combat dice, rolled once per fight.
        power: its power.
        text: a few words about it.
    """

    id: str
    name: str = attrs.field(validator=_name)
    dice: tuple[Colour, ...]
    power: GuildPower
    text: str = attrs.field(default="", validator=_text(300))

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.id, str) or not _GUILD_ID.fullmatch(self.id):
            raise ValueError(f"guild id must be lower-case letters, digits and '_': {self.id!r}")
        if not 1 <= len(self.dice) <= 6:
            raise ValueError(f"a guild rolls 1 to 6 dice, not {len(self.dice)}")
        for colour in self.dice:
            if colour not in ("red", "green", "blue"):
                raise ValueError(f"unknown die colour {colour!r}")


@attrs.frozen
class _Printed:
    """What a card prints: the fields :class:`Card` and :class:`CardEntry` share."""

    id: str = attrs.field(validator=_card_id)
    name: str = attrs.field(validator=_name)
    deck: DeckName = attrs.field(validator=_one_of(KINDS_OF))
    kind: Kind = attrs.field(
        validator=_one_of(("creature", "place", "event", "tower", "ability", "item", "prophecy"))
    )
    value: int = attrs.field(default=0, validator=_int_range(0, 99))
    attack: int = attrs.field(default=0, validator=_int_range(0, 9))
    defence: int = attrs.field(default=0, validator=_int_range(0, 20))
    guild: str | None = None
    tags: tuple[str, ...] = attrs.field(default=(), validator=_tags)
    text: str = attrs.field(default="", validator=_text(300))
    effects: tuple[Effect, ...] = attrs.field(default=(), validator=_short_list(8))
    usage: Usage | None = None
    passive: tuple[Effect, ...] = attrs.field(default=(), validator=_short_list(8))
    lasting: int = attrs.field(default=0, validator=_int_range(0, 10))
    condition: When | None = None
    reward: tuple[Effect, ...] = attrs.field(default=(), validator=_short_list(8))
    triggers: tuple[Trigger, ...] = attrs.field(default=(), validator=_short_list(4))


@attrs.frozen
class Card(_Printed):
    """A card of one of the four decks.

    Attributes:
        id: unique in its pack (copies of one card get ``-1``, ``-2`` … after the entry's id).
        name: the title.
        deck: ``"encounter"``, ``"ability"``, ``"item"`` or ``"prophecy"``.
        kind: ``"creature"``, ``"place"``, ``"event"``, ``"tower"`` (encounters), ``"ability"``,
            ``"item"`` or ``"prophecy"``.
        value: coins for a defeated creature, price of an item, cost of a tower; points at the end.
        attack: wounds a creature deals in a fight.
        defence: wounds needed to defeat a creature.
        guild: the guild of an Ability, ``None`` when neutral (grey).
        tags: words other effects refer to (``undead``).
        text: the card's description, in words.
        effects: what a place or event does when chosen, or a tower when shown.
        usage: how an Ability or Item is used from a slot.
        passive: what an Item or Ability does while slotted; what a lasting event does to every
            fight while it lasts; a creature's abilities in every fight with it (Fear, Elusive,
            Pierce, Regenerate, Slow).
        lasting: rounds a lasting event stays in play (0: resolved at once); for a prophecy, the
            round starts it stays active unfulfilled before it expires (0: until fulfilled).
        condition: a prophecy's condition.
        reward: a prophecy's reward (instant effects).
        triggers: a creature's: effects for the fighter when they defeat it (``"defeat"``) or
            lose the fight with it (``"fight-lost"``).
    """


@attrs.frozen
class CardEntry(_Printed):
    """A card as a content file writes it: a :class:`Card` and how many copies of it there are.

    The copies of an entry with ``copies > 1`` get the ids ``<id>-1``, ``<id>-2`` …; a single
    copy keeps ``id``. The other fields are those of :class:`Card`.
    """

    copies: int = attrs.field(default=1, validator=_int_range(1, MAX_COPIES))

    def cards(self) -> tuple[Card, ...]:
        """The physical cards of this entry, one per copy."""
        ids = (
            [self.id] if self.copies == 1 else [f"{self.id}-{n}" for n in range(1, self.copies + 1)]
        )
        fields = attrs.asdict(self, recurse=False)
        del fields["copies"], fields["id"]
        return tuple(Card(id=card_id, **fields) for card_id in ids)


@attrs.frozen
class TileSpec:
    """A tile of the board as content: its name and action.

    Attributes:
        name: the title.
        text: the action, in words.
        special: ``"castle"``, ``"inner_signpost"``, ``"outer_signpost"`` or ``"observatory"``
            for the four special tiles (K1): a move that enters one stops there (K2).
        effects: the action, done when a move ends here (or, for a special tile, when a player
            arrives by any means, K1).
    """

    name: str = attrs.field(validator=_name)
    text: str = attrs.field(default="", validator=_text(300))
    special: Special | None = None
    effects: tuple[Effect, ...] = attrs.field(default=(), validator=_short_list(8))


@attrs.frozen
class Board:
    """The two paths, clockwise from index 0.

    Attributes:
        inner: the 15 tiles of the inner path.
        outer: the 26 tiles of the outer path.
    """

    inner: tuple[TileSpec, ...] = attrs.field(validator=_short_list(INNER))
    outer: tuple[TileSpec, ...] = attrs.field(validator=_short_list(OUTER))


def _six_faces(
    _inst: object, attr: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]
) -> None:
    if len(value) != 6 or any(face not in FACES for face in value):
        raise ValueError(f"the {attr.name} die has 6 faces from {list(FACES)}, got {list(value)}")


@attrs.frozen
class DiceFaces:
    """The six faces of each combat die.

    Attributes:
        red: Strength.
        green: Dexterity.
        blue: Intelligence.
    """

    red: tuple[Face, ...] = attrs.field(validator=_six_faces)
    green: tuple[Face, ...] = attrs.field(validator=_six_faces)
    blue: tuple[Face, ...] = attrs.field(validator=_six_faces)


@attrs.frozen
class _PackHead:
    name: str = attrs.field(validator=_name)
    version: int = attrs.field(validator=_int_range(1, 10**6))
    dice: DiceFaces


@attrs.frozen
class _GuildsFile:
    guilds: tuple[Guild, ...] = attrs.field(validator=_short_list(20))


@attrs.frozen
class _CardsFile:
    cards: tuple[CardEntry, ...] = attrs.field(validator=_short_list(MAX_CARDS))


@attrs.frozen
class _PackFile:
    name: str = attrs.field(validator=_name)
    version: int = attrs.field(validator=_int_range(1, 10**6))
    dice: DiceFaces
    board: Board
    guilds: tuple[Guild, ...] = attrs.field(validator=_short_list(20))
    cards: tuple[CardEntry, ...] = attrs.field(validator=_short_list(MAX_CARDS))


@attrs.frozen(eq=False)
class Compiled:
    """A pack's lookup tables (derived once per pack; not part of any value's identity)."""

    card: dict[str, Card]
    index: dict[str, int]
    deck_cards: dict[str, tuple[str, ...]]
    guild: dict[str, Guild]
    tiles: tuple[TileSpec, ...]
    special: dict[str, int]
    faces: dict[str, tuple[Face, ...]]
    digest: str
    actions: Interner[tuple[Any, ...], Any] = attrs.field(
        factory=lambda: Interner(lambda key: key[0](*key[1:]))
    )
    """Actions built once and handed out again (``(class, *fields)`` → the action)."""


@attrs.frozen
class Pack:
    """A content pack: dice, board, guilds and cards (copies expanded).

    Build one with :func:`pack_from_json` or :func:`load_pack`; :func:`standard_pack` is the
    pack of the standard game.

    Attributes:
        name: the pack's name (``"standard"``).
        version: raised whenever the content changes.
        dice: the faces of the three combat dice.
        board: the 41 tiles.
        guilds: the guilds, in the pack's order.
        cards: every physical card, deck by deck in the pack's order (the *pack order*, used
            wherever cards are listed).
    """

    name: str
    version: int
    dice: DiceFaces
    board: Board
    guilds: tuple[Guild, ...]
    cards: tuple[Card, ...]
    compiled: Compiled = attrs.field(init=False, eq=False, repr=False)
    """The lookup tables (derived)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "compiled", _compile(self))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickles and copies rebuild the lookup tables instead of carrying them.
        return (Pack, (self.name, self.version, self.dice, self.board, self.guilds, self.cards))

    def card(self, card_id: str) -> Card:
        """The card with this id.

        Raises:
            KeyError: no such card in the pack.
        """
        return self.compiled.card[card_id]

    def guild(self, guild_id: str) -> Guild:
        """The guild with this id.

        Raises:
            KeyError: no such guild in the pack.
        """
        return self.compiled.guild[guild_id]

    def tile(self, tile: Tile) -> TileSpec:
        """The content of a tile."""
        return self.compiled.tiles[tile.index if tile.ring == "inner" else INNER + tile.index]


def _compile(pack: Pack) -> Compiled:
    tiles = (*pack.board.inner, *pack.board.outer)
    special: dict[str, int] = {
        spec.special: pos for pos, spec in enumerate(tiles) if spec.special is not None
    }
    decks: dict[str, list[str]] = {name: [] for name in KINDS_OF}
    for card in pack.cards:
        decks[card.deck].append(card.id)
    return Compiled(
        card={card.id: card for card in pack.cards},
        index={card.id: i for i, card in enumerate(pack.cards)},
        deck_cards={name: tuple(ids) for name, ids in decks.items()},
        guild={guild.id: guild for guild in pack.guilds},
        tiles=tiles,
        special=special,
        faces={"red": pack.dice.red, "green": pack.dice.green, "blue": pack.dice.blue},
        digest=digest_of(_CONVERTER.unstructure(_as_file(pack))),
    )


def content_converter() -> cattrs.Converter:
    """A converter for content classes, with the effect union registered (used by the codec)."""
    conv = make_converter()
    register_tagged_union(conv, Effect, EFFECTS)
    return conv


_CONVERTER: Final = content_converter()


# -- checks across the pack ---------------------------------------------------------------------

_USE_ONLY_IN_FIGHT = (Hits, Block)
CREATURE_MOMENTS: Final = ("defeat", "fight-lost")
"""What a creature's trigger may wait for: the fighter defeats it, or loses the fight with it."""
_OWN_TURN_ONLY = (ShopAccess, DuelAnywhere)


class _Checker:
    """Checks a whole pack, raising :class:`~tabletop_rules.ContentError` at the first problem."""

    def __init__(self, guild_ids: set[str], special: dict[str, int]) -> None:
        self.guild_ids = guild_ids
        self.special = special

    @staticmethod
    def fail(where: str, detail: str) -> None:
        raise ContentError(where, detail)

    def effects(
        self, effects: Sequence[Effect], where: str, allowed: Iterable[type], what: str
    ) -> None:
        ok = frozenset(allowed)
        for i, effect in enumerate(effects):
            if type(effect) not in ok:
                names = sorted(_tag(cls) for cls in ok)
                self.fail(
                    f"{where}[{i}]",
                    f"{what} may not hold a {_tag(type(effect))!r} effect (allowed: {names})",
                )

    def usage(self, usage: Usage, where: str) -> None:
        self.effects(usage.effects, f"{where}.effects", INSTANT, "a usage (an answer, K4)")
        if usage.fighting and not set(usage.when) <= {"combat", "result"}:
            self.fail(f"{where}.when", "a usage while fighting answers 'combat' or 'result' only")
        for i, effect in enumerate(usage.effects):
            here = f"{where}.effects[{i}]"
            if isinstance(effect, Steal) and usage.target not in ("on_tile", "other"):
                self.fail(here, "steal needs a target: 'on_tile' or 'other'")
            if isinstance(effect, _USE_ONLY_IN_FIGHT) and not (
                usage.fighting or usage.target == "fighter"
            ):
                self.fail(here, "hits and block as answers need fighting or the target 'fighter'")
            if isinstance(effect, _OWN_TURN_ONLY) and not usage.own_turn:
                self.fail(here, "shop-access and duel-anywhere as answers need own_turn")

    def power(self, power: GuildPower, where: str) -> None:
        if power.usage is not None:
            self.usage(power.usage, f"{where}.usage")
        self.effects(power.passive, f"{where}.passive", PASSIVE, "a passive")
        for i, trigger in enumerate(power.triggers):
            self.effects(trigger.effects, f"{where}.triggers[{i}].effects", _ROUTINE, "a trigger")

    def card(self, card: CardEntry, where: str) -> None:
        if card.kind not in KINDS_OF[card.deck]:
            self.fail(
                f"{where}.kind",
                f"a card of the {card.deck} deck is a {' or '.join(KINDS_OF[card.deck])},"
                f" not a {card.kind}",
            )
        if card.guild is not None:
            if card.kind != "ability":
                self.fail(f"{where}.guild", "only an Ability belongs to a guild")
            if card.guild not in self.guild_ids:
                self.fail(f"{where}.guild", f"unknown guild {card.guild!r}")
        if card.kind == "creature" and card.defence < 1:
            self.fail(f"{where}.defence", "a creature has a defence of at least 1")
        if card.kind != "creature" and (card.attack or card.defence):
            self.fail(f"{where}.attack", "only a creature has attack and defence")
        if card.kind == "tower" and card.value < 1:
            self.fail(f"{where}.value", "a tower costs at least 1")
        if card.kind == "item" and card.value < 1:
            self.fail(
                f"{where}.value",
                f"the Item {card.id!r} is worth 0 coins: it could be bought and sold again without"
                " end in one turn (K14); an Item costs at least 1",
            )
        if card.usage is not None:
            if card.kind not in ("ability", "item"):
                self.fail(f"{where}.usage", "only an Ability or an Item is used from a slot")
            self.usage(card.usage, f"{where}.usage")
        if card.usage is None and card.kind == "ability":
            self.fail(f"{where}.usage", "an Ability needs a usage (K15: it is used, then returns)")
        if card.passive:
            if card.kind == "creature":
                self.effects(card.passive, f"{where}.passive", CREATURE, "a creature")
            elif card.kind == "event":
                if not card.lasting:
                    self.fail(f"{where}.passive", "only a lasting event has a passive")
                self.effects(card.passive, f"{where}.passive", {Hits, Block}, "a lasting event")
            elif card.kind in ("ability", "item"):
                self.effects(card.passive, f"{where}.passive", PASSIVE, "a passive")
            else:
                self.fail(f"{where}.passive", f"a {card.kind} has no passive")
        if card.lasting and card.kind not in ("event", "prophecy"):
            self.fail(f"{where}.lasting", "only an event lasts, or a prophecy expires")
        if card.triggers and card.kind != "creature":
            self.fail(f"{where}.triggers", "only a creature has triggers on a card")
        for i, trigger in enumerate(card.triggers):
            here = f"{where}.triggers[{i}]"
            if trigger.when != When(trigger.when.on) or trigger.when.on not in CREATURE_MOMENTS:
                self.fail(
                    f"{here}.when",
                    f"a creature's trigger waits for {' or '.join(CREATURE_MOMENTS)} only,"
                    " with no other condition",
                )
            self.effects(trigger.effects, f"{here}.effects", _ROUTINE, "a creature's trigger")
        if card.usage is not None and card.usage.consumed and card.kind != "item":
            self.fail(f"{where}.usage.consumed", "only an Item is used up")
        if card.effects:
            if card.kind not in ("place", "event", "tower"):
                self.fail(f"{where}.effects", f"a {card.kind} has no effects to resolve")
            self.effects(card.effects, f"{where}.effects", _RESOLVED, f"a {card.kind}")
        if card.kind == "prophecy":
            if card.condition is None:
                self.fail(f"{where}.condition", "a prophecy needs a condition")
            if not card.reward:
                self.fail(f"{where}.reward", "a prophecy needs a reward")
            self.effects(card.reward, f"{where}.reward", _ROUTINE, "a prophecy reward")
        elif card.condition is not None or card.reward:
            self.fail(f"{where}.condition", "only a prophecy has a condition and a reward")

    def tile(self, spec: TileSpec, where: str) -> None:
        allowed = (_ROUTINE - {Steal, Hits, Block}) | {Draw, Teleport}
        self.effects(spec.effects, f"{where}.effects", allowed, "a tile")


_ROUTINE: Final = INSTANT - {Steal, Hits, Block}
"""Instant effects that need neither a target nor a fight: triggers and prophecy rewards."""
_RESOLVED: Final = _ROUTINE | {Draw, Move, Teleport}
"""What a place, event or tower may do."""


def _tag(cls: type) -> str:
    from tabletop_rules import tag_of

    return tag_of(cls)


def _check_board(board: Board, source: str) -> dict[str, int]:
    if len(board.inner) != INNER:
        raise ContentError(
            f"{source}: $.inner", f"the inner path has {INNER} tiles, not {len(board.inner)}"
        )
    if len(board.outer) != OUTER:
        raise ContentError(
            f"{source}: $.outer", f"the outer path has {OUTER} tiles, not {len(board.outer)}"
        )
    special: dict[str, int] = {}
    rings = {"castle": "inner", "inner_signpost": "inner", "outer_signpost": "outer",
             "observatory": "outer"}  # fmt: skip
    for ring, tiles, offset in (("inner", board.inner, 0), ("outer", board.outer, INNER)):
        for i, spec in enumerate(tiles):
            if spec.special is None:
                continue
            where = f"{source}: $.{ring}[{i}].special"
            if spec.special not in rings:
                raise ContentError(where, f"unknown special tile {spec.special!r}")
            if rings[spec.special] != ring:
                raise ContentError(
                    where, f"K1: the {spec.special} lies on the {rings[spec.special]} path"
                )
            if spec.special in special:
                raise ContentError(where, f"K1: there is one {spec.special}")
            special[spec.special] = offset + i
    for name in rings:
        if name not in special:
            raise ContentError(f"{source}: $", f"K1: the board has no {name}")
    return special


def _check_teleports(board: Board, special: dict[str, int], source: str) -> None:
    """Special tiles that send you on to other special tiles must not go round in a circle."""
    tiles = (*board.inner, *board.outer)
    for start in special:
        seen = {start}
        at = start
        while True:
            targets = [e.to for e in tiles[special[at]].effects if isinstance(e, Teleport)]
            if not targets:
                break
            at = targets[0]
            if at in seen:
                raise ContentError(
                    f"{source}: $", f"K1: special tiles send players round in a circle ({start})"
                )
            seen.add(at)


def _build(
    head: _PackHead,
    board: Board,
    guilds: tuple[Guild, ...],
    sections: Sequence[tuple[str, str, tuple[CardEntry, ...], str | None]],
    sources: dict[str, str],
) -> Pack:
    """Check and assemble a pack. ``sections``: (source, JSONPath of the list, entries, deck the
    file holds or ``None`` for any)."""
    special = _check_board(board, sources["board"])
    _check_teleports(board, special, sources["board"])
    if len(guilds) < 2:
        raise ContentError(f"{sources['guilds']}: $.guilds", "a pack needs at least 2 guilds")
    guild_ids: set[str] = set()
    checker = _Checker(guild_ids, special)
    for i, guild in enumerate(guilds):
        where = f"{sources['guilds']}: $.guilds[{i}]"
        if guild.id in guild_ids:
            raise ContentError(f"{where}.id", f"guild {guild.id!r} appears twice")
        guild_ids.add(guild.id)
        checker.power(guild.power, f"{where}.power")
    for ring, tiles in (("inner", board.inner), ("outer", board.outer)):
        for i, spec in enumerate(tiles):
            checker.tile(spec, f"{sources['board']}: $.{ring}[{i}]")
    cards: list[Card] = []
    seen: dict[str, str] = {}
    order = {deck: n for n, deck in enumerate(KINDS_OF)}
    entries: list[tuple[int, int, CardEntry, str]] = []
    for source, path, section, deck in sections:
        for i, entry in enumerate(section):
            where = f"{source}: {path}[{i}]"
            if deck is not None and entry.deck != deck:
                raise ContentError(
                    f"{where}.deck", f"this file holds {deck} cards, not {entry.deck}"
                )
            checker.card(entry, where)
            entries.append((order[entry.deck], len(entries), entry, where))
    for _, _, entry, where in sorted(entries, key=lambda e: (e[0], e[1])):
        for card in entry.cards():
            if card.id in seen:
                raise ContentError(f"{where}.id", f"card id {card.id!r} appears twice")
            seen[card.id] = where
            cards.append(card)
    if len(cards) > MAX_CARDS:
        raise ContentError(f"{sections[0][0]}: $", f"a pack holds at most {MAX_CARDS} cards")
    decks = {card.deck for card in cards}
    for deck in KINDS_OF:
        if deck not in decks:
            raise ContentError(f"{sources['cards']}: $", f"the {deck} deck has no card")
    if not any(card.kind == "creature" for card in cards):
        raise ContentError(f"{sources['cards']}: $", "the encounter deck has no creature")
    for card in cards:
        for effect in (*card.effects, *card.reward):
            if (
                isinstance(effect, Draw)
                and effect.tag is not None
                and not any(
                    effect.tag in other.tags and other.deck == effect.deck for other in cards
                )
            ):
                raise ContentError(
                    seen[card.id], f"no card of the {effect.deck} deck has the tag {effect.tag!r}"
                )
    return Pack(head.name, head.version, head.dice, board, guilds, tuple(cards))


def _as_file(pack: Pack) -> _PackFile:
    entries = tuple(
        CardEntry(
            id=card.id,
            copies=1,
            **{k: v for k, v in attrs.asdict(card, recurse=False).items() if k != "id"},
        )
        for card in pack.cards
    )
    return _PackFile(pack.name, pack.version, pack.dice, pack.board, pack.guilds, entries)


def pack_to_json(pack: Pack) -> dict[str, Any]:
    """The pack as one JSON document (cards written one entry per copy), as :func:`pack_from_json`
    reads it and as a saved game embeds a custom pack."""
    data: dict[str, Any] = _CONVERTER.unstructure(_as_file(pack))
    return data


def _from_file(data: _PackFile, source: str) -> Pack:
    head = _PackHead(data.name, data.version, data.dice)
    sources = {"board": source, "guilds": source, "cards": source}
    return _build(head, data.board, data.guilds, [(source, "$.cards", data.cards, None)], sources)


def structure_pack(data: Any, source: str = "<memory>") -> Pack:
    """Build a pack from parsed JSON (one document).

    Raises:
        tabletop_rules.ContentError: naming ``source`` and the place.
    """
    return _from_file(
        structure_content(data, _PackFile, source=source, converter=_CONVERTER), source
    )


def pack_from_json(text: str | bytes, source: str = "<memory>") -> Pack:
    """Read a pack written as one JSON document: ``{"name", "version", "dice", "board",
    "guilds", "cards"}`` (see :doc:`/kinmarr-content` for the format).

    >>> import json
    >>> from kinmarr import standard_pack
    >>> text = json.dumps(pack_to_json(standard_pack()))
    >>> pack_from_json(text) == standard_pack()
    True

    Raises:
        tabletop_rules.ContentError: the text is not JSON, breaks the schema, or breaks a rule;
            ``path`` names ``source`` and the place.
    """
    data = read_content(text, _PackFile, source=source, converter=_CONVERTER)
    return _from_file(data, source)


_FILES: Final = (
    ("encounters.json", "encounter"),
    ("abilities.json", "ability"),
    ("items.json", "item"),
    ("prophecies.json", "prophecy"),
)


def _read_directory(read: Any) -> Pack:
    head = read_content(read("pack.json"), _PackHead, source="pack.json", converter=_CONVERTER)
    board = read_content(read("board.json"), Board, source="board.json", converter=_CONVERTER)
    guilds = read_content(
        read("guilds.json"), _GuildsFile, source="guilds.json", converter=_CONVERTER
    )
    sections = []
    for name, deck in _FILES:
        section = read_content(read(name), _CardsFile, source=name, converter=_CONVERTER)
        sections.append((name, "$.cards", section.cards, deck))
    sources = {"board": "board.json", "guilds": "guilds.json", "cards": "encounters.json"}
    return _build(head, board, guilds.guilds, sections, sources)


def load_pack(path: str | Path) -> Pack:
    """Read a pack from disk: one JSON document (see :func:`pack_from_json`), or a directory
    holding the files of the standard layout (``pack.json``, ``board.json``, ``guilds.json``,
    ``encounters.json``, ``abilities.json``, ``items.json``, ``prophecies.json``).

    Raises:
        tabletop_rules.ContentError: a file cannot be read, or its content is wrong.
    """
    where = Path(path)

    def read(name: str | None = None) -> bytes:
        file = where if name is None else where / name
        try:
            return file.read_bytes()
        except OSError as exc:
            raise ContentError(str(file), f"cannot read the file ({exc.strerror or exc})") from exc

    if where.is_dir():
        return _read_directory(read)
    return pack_from_json(read(), source=where.name)


@functools.cache
def standard_pack() -> Pack:
    """The standard pack: the board, the four guilds and every card of the standard game.

    >>> pack = standard_pack()
    >>> [guild.id for guild in pack.guilds]
    ['feudal_pact', 'arcane_commune', 'pathfinders', 'heirs_of_kinmarr']
    >>> pack.card("royal-ring").kind, pack.card("royal-ring").value
    ('item', 8)
    """
    files = resources.files("kinmarr").joinpath("content")
    return _read_directory(lambda name: files.joinpath(name).read_bytes())


@functools.cache
def standard_ref() -> PackRef:
    """How a saved config names the standard pack: name, version and digest."""
    pack = standard_pack()
    return PackRef(pack.name, pack.version, pack.compiled.digest)
