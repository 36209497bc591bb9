"""The heroes' cards and the effect vocabulary their texts are written in.

A card is data: its numbers (strength, range, health, move, armor, mana made each turn) and its
*uses* — what it lets its hero do, when, at what cost — each a short list of typed effects that
the engine interprets (:mod:`grimheim._effects`). A new card needs no Python: write it in a
hero's file under ``content/cards/``.

A use reads, for example (Sure Shot, side I)::

    {"when": "free", "per_turn": 1, "cost": {"mana": 3},
     "effects": [{"type": "deal-damage", "amount": 3, "to": "monster-in-range"}]}

See the effect vocabulary page of the documentation for every word.
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

import attrs
import cattrs

from tabletop_rules import ContentError, make_converter, register_tagged_union

__all__ = [
    "ACTIONS",
    "AddDamage",
    "AddDice",
    "AddRange",
    "AddTownPiece",
    "CONTENT_CONVERTER",
    "Card",
    "Condition",
    "Cost",
    "DamageEach",
    "DealDamage",
    "Draw",
    "Effect",
    "GainGold",
    "GainMana",
    "Heal",
    "HeroDeck",
    "Kill",
    "MonsterFilter",
    "Move",
    "PerformAction",
    "Prevent",
    "Quest",
    "Repair",
    "Rerolls",
    "Retaliate",
    "RollAgainst",
    "Side",
    "Use",
    "When",
]

ActionKind = Literal["move", "attack", "prepare", "focus", "mend", "practice"]
ACTIONS: tuple[ActionKind, ...] = ("move", "attack", "prepare", "focus", "mend", "practice")
"""The six actions, in the order of the player board."""

MonsterTarget = Literal["monster-in-range", "adjacent-monster", "attacker"]
"""Which monster an effect picks: one within the hero's attack range, one next to the hero, or
the monster whose attack is being resolved."""

HeroTarget = Literal["self", "hero-in-reach"]
"""Which hero an effect helps: the card's own hero, or the hero or any hero next to them."""

When = Literal["free", "after-roll", "hit", "after-monster-move", "after-move-action"]
"""When a use may be made:

* ``free`` — a free action on the hero's own turn, between actions;
* ``after-roll`` — after one of the hero's own rolls (an attack action's, or a card's roll
  against a monster), before it is resolved ("this attack action");
* ``hit`` — when a monster's attack is about to damage the hero (damage prevention);
* ``after-monster-move`` — once the monsters have moved in the monster turn;
* ``after-move-action`` — when the hero's move action ends (a trigger of the card itself).
"""

Condition = Literal[
    "in-grimheim", "outside-grimheim", "in-forest", "next-to-mountain", "attacker-adjacent"
]
"""Where the hero must be (or, for ``attacker-adjacent``, where the attacking monster must be)."""

Amount: TypeAlias = int | Literal["x"]
"""A number, or ``"x"``: the mana paid for a use whose mana cost is a range."""


@attrs.frozen
class MonsterFilter:
    """Which monsters an effect may pick.

    Attributes:
        ranks: the ranks that qualify (legends have no rank).
        legends: whether legends qualify.
        max_health_left: only monsters with at most this much health left.
        closer_to_grimheim: only monsters fewer steps from Grimheim along their path than the
            hero's area is.
    """

    ranks: tuple[int, ...] = (1, 2, 3)
    legends: bool = True
    max_health_left: int | None = None
    closer_to_grimheim: bool = False


ANY_MONSTER = MonsterFilter()


@attrs.frozen
class DealDamage:
    """Deal ``amount`` damage to one monster (not an attack action, G13).

    Attributes:
        amount: the damage, or ``"x"`` for the mana paid.
        to: which monster (``monster-in-range``, ``adjacent-monster`` or ``attacker``).
        only: which monsters qualify (default: any).
    """

    amount: Amount
    to: MonsterTarget
    only: MonsterFilter = ANY_MONSTER


@attrs.frozen
class DamageEach:
    """Deal ``amount`` damage to each of up to ``up_to`` different monsters.

    Attributes:
        amount: the damage dealt to each monster.
        up_to: the most monsters, or ``"x"`` for the mana paid.
        to: which monsters (``monster-in-range``, ``adjacent-monster`` or ``attacker``).
    """

    amount: int
    up_to: Amount
    to: MonsterTarget


@attrs.frozen
class Kill:
    """Kill one monster outright (its gold is earned).

    Attributes:
        to: which monster (``monster-in-range``, ``adjacent-monster`` or ``attacker``).
        only: which monsters qualify (default: any).
    """

    to: MonsterTarget
    only: MonsterFilter = ANY_MONSTER


@attrs.frozen
class RollAgainst:
    """Roll ``dice`` attack dice against one monster (not an attack action, G13; its roll
    takes ``after-roll`` uses, G19).

    Attributes:
        dice: how many attack dice.
        to: which monster (``monster-in-range``, ``adjacent-monster`` or ``attacker``).
    """

    dice: int
    to: MonsterTarget


@attrs.frozen
class Heal:
    """Remove ``amount`` damage from a hero.

    Attributes:
        amount: the damage removed.
        to: ``self`` (the card's hero) or ``hero-in-reach`` (the hero or a hero next to them).
    """

    amount: int
    to: HeroTarget = "self"


@attrs.frozen
class Repair:
    """Remove damage markers from the hero's equipment in play.

    Attributes:
        amount: markers removed from each chosen card, or ``"all"``.
        to: ``each-equipment`` (every equipment card) or ``one-equipment`` (one, chosen).
    """

    amount: int | Literal["all"]
    to: Literal["each-equipment", "one-equipment"]


@attrs.frozen
class Move:
    """A movement of up to ``areas`` areas, apart from the move action ("Move N"): it never
    triggers ``after-move-action`` uses.

    Attributes:
        areas: the most areas the hero may go.
    """

    areas: int


@attrs.frozen
class GainGold:
    """Gain ``amount`` gold (experience).

    Attributes:
        amount: the gold gained.
    """

    amount: int


@attrs.frozen
class GainMana:
    """Add ``amount`` mana to one card of the hero's that holds mana (no maximum, G21).

    Attributes:
        amount: the mana added.
    """

    amount: int


@attrs.frozen
class Draw:
    """Draw ``count`` event cards (never beyond the hand limit of 4).

    Attributes:
        count: the cards drawn.
    """

    count: int


@attrs.frozen
class AddTownPiece:
    """Put ``count`` town pieces back in Grimheim (never above the set-up count, G27).

    Attributes:
        count: the pieces put back.
    """

    count: int = 1


@attrs.frozen
class PerformAction:
    """Perform an additional action of this kind, without an action marker (G13).

    Attributes:
        action: ``move``, ``attack``, ``prepare``, ``focus``, ``mend`` or ``practice``.
    """

    action: ActionKind


@attrs.frozen
class AddDamage:
    """Add damage to this roll (an ``after-roll`` effect, G19): ``amount``, plus ``per_rune``
    for each rune rolled.

    Attributes:
        amount: damage added.
        per_rune: damage added per rune rolled.
    """

    amount: int = 0
    per_rune: int = 0


@attrs.frozen
class AddDice:
    """Roll ``count`` more dice for this roll (an ``after-roll`` effect, G19).

    Attributes:
        count: the dice added.
    """

    count: int


@attrs.frozen
class Rerolls:
    """Roll again every die of this roll that shows a miss (an ``after-roll`` effect, G19).
    It has no fields: ``{"type": "rerolls"}``."""


@attrs.frozen
class AddRange:
    """Attack range ``+amount`` until the end of the turn.

    Attributes:
        amount: the range added.
    """

    amount: int


@attrs.frozen
class Prevent:
    """Prevent up to ``amount`` of the damage about to be dealt to the hero (a ``hit`` effect).

    Attributes:
        amount: the most damage prevented, or ``"x"`` for the mana paid.
    """

    amount: Amount


@attrs.frozen
class Retaliate:
    """Deal ``amount`` damage to the attacking monster (a ``hit`` effect).

    Attributes:
        amount: the damage dealt.
    """

    amount: int


Effect: TypeAlias = (
    DealDamage
    | DamageEach
    | Kill
    | RollAgainst
    | Heal
    | Repair
    | Move
    | GainGold
    | GainMana
    | Draw
    | AddTownPiece
    | PerformAction
    | AddDamage
    | AddDice
    | Rerolls
    | AddRange
    | Prevent
    | Retaliate
)
"""Every word of the effect vocabulary."""

EFFECTS: tuple[type, ...] = (
    DealDamage,
    DamageEach,
    Kill,
    RollAgainst,
    Heal,
    Repair,
    Move,
    GainGold,
    GainMana,
    Draw,
    AddTownPiece,
    PerformAction,
    AddDamage,
    AddDice,
    Rerolls,
    AddRange,
    Prevent,
    Retaliate,
)


@attrs.frozen
class Cost:
    """What a use or a quest costs.

    Attributes:
        mana: mana taken from the card itself; with ``mana_max``, the least the hero may pay.
        mana_max: the most mana the hero may pay (the amount paid is ``"x"`` in the effects).
        durability: damage markers put on the equipment card (it cannot be used when full).
        gold: gold paid.
        spend_action: an action whose marker is used without its normal effect.
    """

    mana: int = 0
    mana_max: int | None = None
    durability: int = 0
    gold: int = 0
    spend_action: ActionKind | None = None


FREE = Cost()


def _at_least_once(_use: object, _attr: object, per_turn: int | None) -> None:
    if per_turn is not None and per_turn < 1:
        raise ValueError(f"per_turn is at least 1 (or null for no limit), got {per_turn}")


@attrs.frozen
class Use:
    """One thing a card lets its hero do.

    Attributes:
        effects: what happens, in order.
        when: the moment it may be used (see :data:`When`).
        per_turn: how often per turn (``None``: any number of times; damage prevention is never
            limited per turn, only per damage).
        cost: what it costs.
        only_if: where the hero must be.
    """

    effects: tuple[Effect, ...]
    when: When = "free"
    per_turn: int | None = attrs.field(default=1, validator=_at_least_once)
    cost: Cost = FREE
    only_if: tuple[Condition, ...] = ()


@attrs.frozen
class Side:
    """One side of a card (abilities and hero cards have two; equipment and events one).

    Attributes:
        text: the card's rules, in this project's words.
        strength: attack dice it adds.
        range: attack range it adds.
        health: health it adds.
        move: areas it adds to each move action.
        armor: damage it prevents from each monster attack (always, before any other).
        mana_gen: mana it makes for itself at the end of each turn.
        ignore_armor: the hero's damage ignores monster armor.
        uses: what it lets the hero do.
    """

    text: str
    strength: int = 0
    range: int = 0
    health: int = 0
    move: int = 0
    armor: int = 0
    mana_gen: int = 0
    ignore_armor: bool = False
    uses: tuple[Use, ...] = ()


@attrs.frozen
class Quest:
    """What completes the quest shown on an equipment card at the top of the deck.

    Attributes:
        text: the quest, in this project's words.
        cost: what completing it costs (an action spent, gold paid).
        only_if: where the hero must be.
        location: the named place the hero must stand in, if any.
    """

    text: str
    cost: Cost = FREE
    only_if: tuple[Condition, ...] = ()
    location: str | None = None


CardKind = Literal["hero", "ability", "equipment", "event"]


def _check_sides(card: Card, _attr: object, sides: tuple[Side, ...]) -> None:
    expected = 2 if card.kind in ("hero", "ability") else 1
    if len(sides) != expected:
        raise ContentError(
            f"card {card.id}", f"a {card.kind} card has {expected} side(s), not {len(sides)}"
        )


@attrs.frozen
class Card:
    """A hero's card.

    Attributes:
        id: unique in the pack (``bjorn-sure-shot``).
        name: display name.
        kind: ``hero``, ``ability``, ``equipment`` or ``event``.
        sides: side I (and side II for hero and ability cards).
        starting: the starting ability or equipment.
        count: copies in the event deck.
        durability: how many damage markers the equipment card holds (0: none).
        main_weapon: a main weapon replaces the one in play.
        quest: how an equipment card is won.
    """

    id: str
    name: str
    kind: CardKind
    sides: tuple[Side, ...] = attrs.field(validator=_check_sides)
    starting: bool = False
    count: int = 1
    durability: int = 0
    main_weapon: bool = False
    quest: Quest | None = None


@attrs.frozen
class HeroDeck:
    """All the cards of one hero.

    Attributes:
        hero: the hero's id.
        cards: the hero card, abilities, equipment and events.
    """

    hero: str
    cards: tuple[Card, ...]

    def __attrs_post_init__(self) -> None:
        kinds = [card.kind for card in self.cards]
        starting = {card.kind for card in self.cards if card.starting}
        if kinds.count("hero") != 1 or starting != {"ability", "equipment"}:
            raise ContentError(
                f"deck {self.hero}",
                "a deck has one hero card, one starting ability and one starting equipment",
            )
        if sum(card.starting for card in self.cards) != 2:
            raise ContentError(f"deck {self.hero}", "exactly two cards are starting cards")
        for card in self.cards:
            if card.kind != "equipment" and (card.durability or card.main_weapon or card.quest):
                raise ContentError(f"card {card.id}", "only equipment has durability or quests")
            if card.kind == "equipment" and not card.starting and card.quest is None:
                raise ContentError(f"card {card.id}", "equipment is won by its quest")
            if card.count < 1 or (card.kind != "event" and card.count != 1):
                raise ContentError(f"card {card.id}", "only events come in several copies")


MOST = 99
"""The largest number a content file may hold: every count, amount and bonus is from 0 to it."""


def _whole(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MOST


def _structure_int(value: Any, _type: object) -> int:
    if _whole(value):
        return int(value)
    raise ValueError(f"expected a whole number from 0 to {MOST}, got {value!r}")


def _structure_amount(value: Any, _type: object) -> int | str:
    if _whole(value) or value == "x":
        return value  # type: ignore[no-any-return]
    raise ValueError(f'expected a whole number from 0 to {MOST} or "x", got {value!r}')


def _structure_all(value: Any, _type: object) -> int | str:
    if _whole(value) or value == "all":
        return value  # type: ignore[no-any-return]
    raise ValueError(f'expected a whole number from 0 to {MOST} or "all", got {value!r}')


def content_converter(*, bound_numbers: bool = True) -> cattrs.Converter:
    """A converter (:func:`~tabletop_rules.make_converter`) that also reads the effect
    vocabulary: effects carry a ``"type"`` tag (``"deal-damage"`` …), amounts may be ``"x"``, and
    (with ``bound_numbers``, as in content files) every number is a whole number from 0 to
    :data:`MOST`."""
    conv = make_converter()
    if bound_numbers:
        conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(Amount, _structure_amount)
    conv.register_structure_hook(int | Literal["all"], _structure_all)
    register_tagged_union(conv, Effect, list(EFFECTS))
    return conv


CONTENT_CONVERTER = content_converter()
"""The converter of content files."""
