"""The heroes' cards: the data model of a card file, written in the effect vocabulary.

A card is data: its numbers (strength, range, health, move, armor, mana made each turn, hand
size), its traits, and its *uses* — what it lets its hero do, when, at what cost — each a short
list of typed words that the engine interprets (:mod:`grimheim._vocab`). A new card needs no
Python: write it in a hero's file under ``content/cards/``.

A use reads, for example (Sure Shot, side I)::

    {"cost": [{"type": "mana", "amount": 3}],
     "effects": [{"type": "deal-damage", "amount": 3, "to": "in-range"}]}

See the effect vocabulary page of the documentation for every word.
"""

from __future__ import annotations

import re
from typing import Any, Literal, TypeAlias

import attrs
import cattrs

from tabletop_rules import ContentError, make_converter

from ._vocab import Amount, Condition, Cost, Effect, ResolutionStep, Trait, When, register_words
from ._vocab.amounts import describe_amount
from ._vocab.costs import Counters, Durability, Mana

CARD_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""What a card id looks like: lower-case words joined by hyphens (``bjorn-sure-shot``), so that
it reads back from notation (``use bjorn-sure-shot#1``)."""

ActionKind = Literal["move", "attack", "prepare", "focus", "mend", "practice"]
ACTIONS: tuple[ActionKind, ...] = ("move", "attack", "prepare", "focus", "mend", "practice")
"""The six actions, in the order of the player board."""

Limit: TypeAlias = Literal["turn", "attack", "monster-turn", "none"]
"""How often a card in play may make a use (an event in hand is a card of its own, G29):

* ``turn`` — once a turn, on the hero's own turn, counting all the card's ``turn`` uses together
  (the rules' "once per turn" for abilities and equipment; the default);
* ``attack`` — once per attack (a bonus to an attack action applies once, however many dice are
  added or rerolled);
* ``monster-turn`` — once per monster turn;
* ``none`` — no limit but the moment's: a card in play is used once per window, per instance of
  damage, and on a roll once after each throw of dice (the roll itself, dice added, dice
  rerolled).
"""

AUTO_ONLY: frozenset[str] = frozenset({"enter-area", "end-of-turn"})

_MOMENTS: dict[str, str] = {
    "free": "on your turn",
    "attack-roll": "after the roll of your attack action",
    "roll": "after one of your rolls",
    "excess": "when your attack action kills with damage to spare",
    "after-attack": "after each of your attack actions",
    "hit": "when a monster's attack is about to damage you",
    "attacked": "after a monster attacked you",
    "before-monster-move": "before the monsters move",
    "after-monster-move": "after the monsters moved",
    "after-move-action": "after your move action",
    "after-movement": "when any of your movements ends",
    "enter-area": "each time you enter an area",
    "end-of-turn": "at the end of your turn",
}
_LIMITS: dict[str, str] = {
    "turn": "once a turn",
    "attack": "once per attack",
    "monster-turn": "once per monster turn",
    "none": "",
}
"""Moments nobody is asked at: their uses apply by themselves (``auto``)."""


@attrs.frozen
class XRange:
    """The number ``x`` a use lets the hero choose (one legal :class:`~grimheim.Use` per value):
    from ``min`` to ``max``, and only values whose costs can be paid.

    Attributes:
        min: the least.
        max: the most (a number, or a count such as ``{"per": "damage"}``).
    """

    min: int
    max: Amount


def _steps_use_x(steps: tuple[Any, ...]) -> bool:
    return any(
        getattr(step, name, None) == "x" for step in steps for name in ("amount", "up_to", "count")
    )


@attrs.frozen
class Use:
    """One thing a card lets its hero do.

    Attributes:
        effects: what happens, in order.
        when: the moment it may be used (see the vocabulary page's *Timings*).
        auto: it applies by itself when its moment comes (a standing effect): the hero is not
            asked whether, only to pick where it needs a pick.
        limit: how often a card in play may make it (:data:`Limit`).
        cost: what it takes from the hero first.
        only_if: conditions that must hold.
        x: the number the hero chooses, for costs and effects that say ``"x"``.
    """

    effects: tuple[Effect, ...]
    when: When = "free"
    auto: bool = False
    limit: Limit = "turn"
    cost: tuple[Cost, ...] = ()
    only_if: tuple[Condition, ...] = ()
    x: XRange | None = None

    @property
    def steps(self) -> tuple[ResolutionStep, ...]:
        """The steps of a resolution, the costs first and the effects after them."""
        return (*self.cost, *self.effects)

    def describe(self, *, in_hand: bool = False, moment: bool = True) -> str:
        """The use as the vocabulary writes it, in plain words (``in_hand``: the use of an event
        card, which no limit counts: the card is played and gone; ``moment=False``: only what it
        costs and does, as when it is being made).

        >>> from grimheim._vocab.costs import Mana
        >>> from grimheim._vocab.damage import DealDamage
        >>> print(Use((DealDamage(3),), cost=(Mana(3),)).describe())
        Once a turn, on your turn — pay 3 mana: deal 3 damage to a monster within your attack range.
        >>> print(Use((DealDamage(3),), cost=(Mana(3),)).describe(moment=False))
        pay 3 mana: deal 3 damage to a monster within your attack range.
        """
        cost = " and ".join(c.describe() for c in self.cost)
        body = "; ".join(e.describe() for e in self.effects)
        if not moment:
            return f"{cost + ': ' if cost else ''}{body}."
        when = _MOMENTS[self.when]
        if self.auto:
            when = when.replace("you may", "").strip()
        limit = _LIMITS[self.limit] if not (self.auto or in_hand) else ""
        parts = [p for p in (limit, when) if p]
        head = ", ".join(parts)
        head = head[0].upper() + head[1:]
        if self.only_if:
            head += " if " + " and ".join(c.describe() for c in self.only_if)
        if self.x is not None:
            high = self.x.max if isinstance(self.x.max, int) else describe_amount(self.x.max)
            head += f", choosing X from {self.x.min} to {high}"
        return f"{head} — {cost + ': ' if cost else ''}{body}."

    def check(self, where: str, card_kind: str) -> None:
        """Refuse what can never work (see the vocabulary page).

        Raises:
            tabletop_rules.ContentError: naming the place.
        """
        if self.when in AUTO_ONLY and not self.auto:
            raise ContentError(where, f"nobody is asked at {self.when}: the use must be auto")
        if _steps_use_x(self.steps) != (self.x is not None):
            raise ContentError(where, "a use with an x range says x in a cost or an effect")
        if self.auto and self.x is not None:
            raise ContentError(where, "nobody chooses x for an auto use")
        if self.x is not None and not isinstance(self.x.max, int | str):
            self.x.max.check(self.when, f"{where}.x.max")
        for i, condition in enumerate(self.only_if):
            condition.check(self.when, f"{where}.only_if[{i}]")
        for i, cost in enumerate(self.cost):
            cost.check(self.when, f"{where}.cost[{i}]")
            check_card = getattr(cost, "check_card", None)
            if check_card is not None:
                check_card(f"{where}.cost[{i}]", card_kind)
        for i, effect in enumerate(self.effects):
            effect.check(self.when, f"{where}.effects[{i}]")


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
        hand_limit: cards it adds to the hand limit of 4.
        traits: standing rules it gives the hero (:data:`~grimheim._vocab.traits.TRAITS`).
        uses: what it lets the hero do.
    """

    text: str
    strength: int = 0
    range: int = 0
    health: int = 0
    move: int = 0
    armor: int = 0
    mana_gen: int = 0
    hand_limit: int = 0
    traits: tuple[Trait, ...] = ()
    uses: tuple[Use, ...] = ()

    def numbers(self, *, printed: bool = False) -> tuple[str, ...]:
        """The side's numbers and traits in short words (``+1 dice``, ``ignore armor``);
        ``printed`` writes the numbers as they are (a hero card's) rather than as bonuses.

        >>> Side("", strength=2, range=1, traits=("ignore-armor",)).numbers()
        ('+2 dice', '+1 range', 'ignore armor')
        """
        found = [
            f"{value} {label}" if printed or label == "mana/turn" else f"{value:+d} {label}"
            for label, value in (
                ("dice", self.strength),
                ("range", self.range),
                ("health", self.health),
                ("move", self.move),
                ("armor", self.armor),
                ("mana/turn", self.mana_gen),
                ("hand", self.hand_limit),
            )
            if value
        ]
        return (*found, *(t.replace("-", " ") for t in self.traits))


QuestWhen: TypeAlias = Literal["free", "after-movement", "enter-area", "kill", "roll"]
"""When a way of a quest is done:

* ``free`` — as a free action on the hero's turn (:class:`~grimheim.CompleteQuest`), when its
  conditions hold and its costs can be paid;
* ``after-movement`` — when one of the hero's movements ends where its conditions hold;
* ``enter-area`` — each area the hero enters that meets its conditions;
* ``kill`` — each monster the hero kills that meets its conditions (about the monster killed);
* ``roll`` — each roll of the hero's made where its conditions hold.
"""

QuestCount: TypeAlias = Literal["one", "gold", "dice"]
"""What each event adds to a counting quest: 1, the gold of the kill, or the dice rolled."""


@attrs.frozen
class QuestWay:
    """One way to complete a quest.

    A ``free`` way is a free action. A triggered way with a ``goal`` counts its events across
    turns (:attr:`Hero.quest <grimheim.Hero.quest>`) and completes itself at the goal; one with
    no goal completes itself at its first event — unless it is a ``kill`` way with a cost or
    ``instead_of_gold``, which the hero may take or leave at that kill.

    Attributes:
        when: when it is done (:data:`QuestWhen`).
        only_if: conditions that must hold (about the hero, or the monster killed).
        cost: what it takes (a ``free`` or ``kill`` way).
        goal: how much progress completes it (0: its first event does).
        count: what each event adds (:data:`QuestCount`).
        instead_of_gold: a ``kill`` way taken instead of the kill's gold.
    """

    when: QuestWhen = "free"
    only_if: tuple[Condition, ...] = ()
    cost: tuple[Cost, ...] = ()
    goal: int = 0
    count: QuestCount = "one"
    instead_of_gold: bool = False

    def describe(self) -> str:
        """The way in plain words.

        >>> from grimheim._vocab.conditions import Terrain
        >>> print(QuestWay("enter-area", only_if=(Terrain(("forest",)),), goal=8).describe())
        Each area you enter counts when you stand in a forest; done at 8.
        """
        conditions = " and ".join(c.describe() for c in self.only_if)
        costs = " and ".join(c.describe() for c in self.cost)
        when = {
            "free": "As a free action on your turn",
            "after-movement": "When one of your movements ends",
            "enter-area": "Each area you enter counts",
            "kill": "Each monster you kill counts",
            "roll": "Each of your rolls counts",
        }[self.when]
        if self.goal:
            unit = {"one": "", "gold": " (its gold)", "dice": " (its dice)"}[self.count]
            text = f"{when}{unit}"
            text += f" when {conditions}" if conditions else ""
            return f"{text}; done at {self.goal}."
        if self.when in ("kill", "enter-area", "roll"):
            when = when.removesuffix(" counts")
        text = when + (f" when {conditions}" if conditions else "")
        if self.instead_of_gold:
            return f"{text}: you may take this card instead of its gold."
        if self.cost:
            verb = "you may take this card if you " if self.when == "kill" else ""
            return f"{text}: {verb}{costs}."
        return f"{text}: this card is yours."

    def check(self, where: str) -> None:
        """Refuse a way the engine could never complete as written.

        Raises:
            tabletop_rules.ContentError: naming the place.
        """
        if self.goal and (self.when == "free" or self.cost or self.instead_of_gold):
            raise ContentError(where, "only a triggered way without cost counts to a goal")
        if self.instead_of_gold and self.when != "kill":
            raise ContentError(where, "only a kill has gold to take the card instead of")
        if self.cost and self.when not in ("free", "kill"):
            raise ContentError(where, f"a way done at {self.when} is done by itself: no cost")
        if (self.count == "gold" and self.when != "kill") or (
            self.count == "dice" and self.when != "roll"
        ):
            raise ContentError(where, f"{self.count} is not counted at {self.when}")
        for i, cost in enumerate(self.cost):
            if isinstance(cost, Mana | Durability | Counters):
                raise ContentError(
                    f"{where}.cost[{i}]", f"a quest card is not in play: it cannot pay {cost.TAG}"
                )
        when = "kill" if self.when == "kill" else "free"
        for i, condition in enumerate(self.only_if):
            condition.check(when, f"{where}.only_if[{i}]")


@attrs.frozen
class Quest:
    """What completes the quest shown on an equipment card at the top of the deck: any one of
    its ways.

    Attributes:
        text: the quest, in this project's words.
        ways: the ways to complete it.
    """

    text: str
    ways: tuple[QuestWay, ...]

    def describe(self) -> str:
        """Every way in plain words, one after the other ("or")."""
        return " Or: ".join(way.describe() for way in self.ways)


CardKind = Literal["hero", "ability", "equipment", "event"]


def _check_sides(card: Card, _attr: object, sides: tuple[Side, ...]) -> None:
    expected = 2 if card.kind in ("hero", "ability") else 1
    if len(sides) != expected:
        article = "an" if card.kind[0] in "ae" else "a"
        raise ContentError(
            f"card {card.id}",
            f"{article} {card.kind} card has {expected} side(s), not {len(sides)}",
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
        counters: markers the card comes into play with (its arrows, its gold).
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
    counters: int = 0
    quest: Quest | None = None

    def check(self) -> None:
        """Refuse what can never work on this card (every use and quest way).

        Raises:
            tabletop_rules.ContentError: naming the card and the place.
        """
        where = f"card {self.id}"
        if not CARD_ID.fullmatch(self.id):
            raise ContentError(where, "a card id is lower-case words joined by hyphens")
        if self.kind != "equipment" and (self.durability or self.main_weapon or self.quest):
            raise ContentError(where, "only equipment has durability or quests")
        if self.kind == "equipment" and not self.starting and self.quest is None:
            raise ContentError(where, "equipment is won by its quest")
        if self.kind != "event" and self.count != 1:
            raise ContentError(where, "only events come in several copies")
        if self.count < 1:
            raise ContentError(where, "an event comes in one copy or more")
        if self.kind == "event" and (self.counters or any(s.mana_gen for s in self.sides)):
            raise ContentError(where, "an event card is never in play: no counters, no mana")
        for s, side in enumerate(self.sides):
            for u, use in enumerate(side.uses):
                use.check(f"{where}: sides[{s}].uses[{u}]", self.kind)
        if self.quest is not None:
            if not self.quest.ways:
                raise ContentError(where, "a quest has at least one way")
            for i, way in enumerate(self.quest.ways):
                way.check(f"{where}: quest.ways[{i}]")


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
        seen: set[str] = set()
        for card in self.cards:
            if card.id in seen:
                raise ContentError(f"card {card.id}", "a card id is listed twice in the deck")
            seen.add(card.id)
            card.check()


MOST = 99
"""The largest number a content file may hold: every count, amount and bonus is from 0 to it."""


def _whole(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MOST


def _structure_int(value: Any, _type: object) -> int:
    if _whole(value):
        return int(value)
    raise ValueError(f"expected a whole number from 0 to {MOST}, got {value!r}")


def content_converter(*, bound_numbers: bool = True) -> cattrs.Converter:
    """A converter (:func:`~tabletop_rules.make_converter`) that also reads the effect
    vocabulary (:func:`~grimheim._vocab.register_words`) and (with ``bound_numbers``, as in
    content files) checks that every number is a whole number from 0 to :data:`MOST`."""
    conv = make_converter()
    if bound_numbers:
        conv.register_structure_hook(int, _structure_int)
    register_words(conv)
    return conv


CONTENT_CONVERTER = content_converter()
"""The converter of content files."""
