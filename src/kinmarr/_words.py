"""The card words: the effect vocabulary of tiles, cards and guild powers, written as data.

Every effect is a small frozen attrs class. In a content file it is a JSON object whose ``"type"``
names the effect (``{"type": "coins", "amount": 2}``); the engine interprets it. The same
vocabulary serves tiles, encounter cards, abilities, items, towers, prophecy rewards, lasting
events, guild powers and the abilities of creatures; which effects a place accepts is checked when
the content is loaded (see :data:`INSTANT`, :data:`PASSIVE`, :data:`REQUESTS` and :data:`CREATURE`).
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal, TypeAlias

import attrs

Colour: TypeAlias = Literal["red", "green", "blue"]
"""A combat die: red Strength, green Dexterity, blue Intelligence."""
DeckName: TypeAlias = Literal["encounter", "ability", "item", "prophecy"]
"""The four decks."""
DRAW_DECKS: Final = ("encounter", "ability", "item")
"""The decks a :class:`Draw` draws from to choose (the Prophecy deck is never chosen from)."""
Special: TypeAlias = Literal["castle", "inner_signpost", "outer_signpost", "observatory"]
"""The four special tiles (K1)."""

TAG: Final = r"[a-z][a-z0-9_]{0,23}"
"""A card tag (``undead``): lower-case letters, digits and ``_``, starting with a letter."""
_TAG = re.compile(TAG)


def _between(low: int, high: int, *, nonzero: bool = False) -> Any:
    def check(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not low <= value <= high or (nonzero and value == 0):
            zero = ", not 0" if nonzero else ""
            raise ValueError(f"{attr.name} must be an int in [{low}, {high}]{zero}, got {value!r}")

    return check


def _tag(_inst: object, attr: attrs.Attribute[str | None], value: str | None) -> None:
    if value is not None and (not isinstance(value, str) or not _TAG.fullmatch(value)):
        raise ValueError(f"{attr.name} must be a tag like 'undead', got {value!r}")


def _one_of(*allowed: str) -> Any:
    def check(_inst: object, attr: attrs.Attribute[str], value: str) -> None:
        if value not in allowed:
            raise ValueError(f"{attr.name} must be one of {list(allowed)}, got {value!r}")

    return check


@attrs.frozen
class Coins:
    """Gain ``amount`` coins, or lose them when it is negative (never below 0).

    Attributes:
        amount: -20 to 20, not 0.
    """

    amount: int = attrs.field(validator=_between(-20, 20, nonzero=True))


@attrs.frozen
class Heal:
    """Heal ``amount`` wounds (never below 0).

    Attributes:
        amount: 1 to 3.
    """

    amount: int = attrs.field(validator=_between(1, 3))


@attrs.frozen
class HealAll:
    """Heal every wound (the Castle and the Signposts, K1)."""


@attrs.frozen
class Wound:
    """Take ``amount`` wounds (with a target: the target takes them). More than 3 wounds is death.

    Attributes:
        amount: 1 to 3.
    """

    amount: int = attrs.field(validator=_between(1, 3))


@attrs.frozen
class Fate:
    """Move the Fate sphere by ``amount`` (it stays within 0–10).

    Attributes:
        amount: -10 to 10, not 0.
    """

    amount: int = attrs.field(validator=_between(-10, 10, nonzero=True))


@attrs.frozen
class GainAbility:
    """Draw ``count`` Abilities, each through the guild filter (K15): one of another guild goes to
    the bottom of the ability deck and the draw goes on.

    Attributes:
        count: 1 to 3.
    """

    count: int = attrs.field(default=1, validator=_between(1, 3))


@attrs.frozen
class GainItem:
    """Draw ``count`` Items from the top of the item deck, free of charge.

    Attributes:
        count: 1 to 3.
    """

    count: int = attrs.field(default=1, validator=_between(1, 3))


@attrs.frozen
class Steal:
    """Take up to ``amount`` coins from the target (a card or power with a target only).

    Attributes:
        amount: 1 to 10.
    """

    amount: int = attrs.field(validator=_between(1, 10))


@attrs.frozen
class Hits:
    """Deal ``amount`` more wounds in a fight or duel (fewer when negative).

    As an instant effect it changes the current fight or duel of its target (or of the user); as a
    passive one every fight and duel of the holder; on a lasting event every fight of everyone.

    Attributes:
        amount: -3 to 3, not 0.
        tag: only against creatures with this tag (``undead``); ``None``: always, duels included.
    """

    amount: int = attrs.field(validator=_between(-3, 3, nonzero=True))
    tag: str | None = attrs.field(default=None, validator=_tag)


@attrs.frozen
class Block:
    """Take ``amount`` fewer wounds in a fight or duel (more when negative); the Block of the
    seed, which no die shows.

    Attributes:
        amount: -3 to 3, not 0.
    """

    amount: int = attrs.field(validator=_between(-3, 3, nonzero=True))


@attrs.frozen
class ShopAccess:
    """The Shop may be used on your own turn wherever you are (this turn; always, when passive)
    (K14)."""


@attrs.frozen
class DuelAnywhere:
    """A duel may be declared on your own turn against any living player, on any tile (this turn;
    always, when passive) (K5)."""


@attrs.frozen
class Bounty:
    """Passive: ``amount`` more coins for every creature you defeat.

    Attributes:
        amount: 1 to 5.
    """

    amount: int = attrs.field(validator=_between(1, 5))


@attrs.frozen
class ExtraDie:
    """Passive: roll one more combat die of ``colour`` in every fight and duel.

    Attributes:
        colour: ``"red"``, ``"green"`` or ``"blue"``.
    """

    colour: Colour = attrs.field(validator=_one_of("red", "green", "blue"))


@attrs.frozen
class Draw:
    """Draw ``count`` cards from ``deck`` and choose ``choose`` of them; the others go to the
    bottom of their deck in random order. Chosen creatures are fought one after another in the
    order chosen (K11), places and events resolved, towers paid for, abilities and items gained.

    Attributes:
        deck: ``"encounter"`` (default), ``"ability"`` or ``"item"``.
        count: cards drawn, 1 to 5.
        choose: cards chosen, 1 to ``count``.
        tag: if set, cards are drawn until ``count`` cards with this tag have come (the others
            drawn on the way go to the bottom with the cards not chosen); the Churchyard's "draw an
            Undead".
    """

    deck: Literal["encounter", "ability", "item"] = attrs.field(
        default="encounter", validator=_one_of(*DRAW_DECKS)
    )
    count: int = attrs.field(default=1, validator=_between(1, 5))
    choose: int = attrs.field(default=1, validator=_between(1, 5))
    tag: str | None = attrs.field(default=None, validator=_tag)

    def __attrs_post_init__(self) -> None:
        if self.choose > self.count:
            raise ValueError(f"choose ({self.choose}) must not exceed count ({self.count})")


@attrs.frozen
class Move:
    """Move ``steps`` tiles clockwise, stopping on a special tile as a die move does (K1, K2);
    the tile where the move ends acts.

    Attributes:
        steps: 1 to 6.
    """

    steps: int = attrs.field(validator=_between(1, 6))


@attrs.frozen
class Teleport:
    """Go straight to a special tile and do its action (K1).

    Attributes:
        to: ``"castle"``, ``"inner_signpost"``, ``"outer_signpost"`` or ``"observatory"``.
    """

    to: Special = attrs.field(
        validator=_one_of("castle", "inner_signpost", "outer_signpost", "observatory")
    )


@attrs.frozen
class Fear:
    """A creature's: whoever fights it rolls ``amount`` fewer of their guild's combat dice (the
    last of them; never fewer than one die; dice from cards are rolled all the same).

    Attributes:
        amount: 1 to 2.
    """

    amount: int = attrs.field(validator=_between(1, 2))


@attrs.frozen
class Elusive:
    """A creature's: dice of ``colour`` deal it no wounds (a flyer out of a sword's reach, a
    shade that steel passes through). Wounds from cards still count.

    Attributes:
        colour: ``"red"``, ``"green"`` or ``"blue"``.
    """

    colour: Colour = attrs.field(validator=_one_of("red", "green", "blue"))


@attrs.frozen
class Pierce:
    """A creature's: ``amount`` of the wounds it deals in a fight ignore Block.

    Attributes:
        amount: 1 to 3.
    """

    amount: int = attrs.field(validator=_between(1, 3))


@attrs.frozen
class Regenerate:
    """A creature's: unless the fighter's roll shows a Critical, ``amount`` more wounds are
    needed to defeat it (its flesh knits again unless struck hard).

    Attributes:
        amount: 1 to 3.
    """

    amount: int = attrs.field(validator=_between(1, 3))


@attrs.frozen
class Slow:
    """A creature's: it deals its wounds only if it is not defeated (a fighter who kills it takes
    none)."""


Effect: TypeAlias = (
    Coins
    | Heal
    | HealAll
    | Wound
    | Fate
    | GainAbility
    | GainItem
    | Steal
    | Hits
    | Block
    | ShopAccess
    | DuelAnywhere
    | Bounty
    | ExtraDie
    | Draw
    | Move
    | Teleport
    | Fear
    | Elusive
    | Pierce
    | Regenerate
    | Slow
)
"""Every effect of the vocabulary."""

EFFECTS: Final[tuple[type, ...]] = (
    Coins,
    Heal,
    HealAll,
    Wound,
    Fate,
    GainAbility,
    GainItem,
    Steal,
    Hits,
    Block,
    ShopAccess,
    DuelAnywhere,
    Bounty,
    ExtraDie,
    Draw,
    Move,
    Teleport,
    Fear,
    Elusive,
    Pierce,
    Regenerate,
    Slow,
)
"""The effect classes, in the order of the reference."""

INSTANT: Final[frozenset[type]] = frozenset(
    {
        Coins,
        Heal,
        HealAll,
        Wound,
        Fate,
        GainAbility,
        GainItem,
        Steal,
        Hits,
        Block,
        ShopAccess,
        DuelAnywhere,
    }
)
"""Effects that happen at once: the only ones an answer (a card used, a guild power) or a
prophecy reward may hold, so that resolving the Stack never opens a window (K4)."""

REQUESTS: Final[frozenset[type]] = frozenset({Draw, Move, Teleport})
"""Effects that start new requests (a draw, a move): on tiles, places, events and towers only."""

PASSIVE: Final[frozenset[type]] = frozenset(
    {Hits, Block, ShopAccess, DuelAnywhere, Bounty, ExtraDie}
)
"""Effects a slotted card, a guild or a lasting event may hold passively."""

CREATURE: Final[frozenset[type]] = frozenset({Fear, Elusive, Pierce, Regenerate, Slow})
"""Effects a creature card holds (its ``passive``): they change every fight with it, and nothing
else may hold them."""
