"""Card and creature texts: a hero's card, a monster card or a monster kind, in plain words.

A hero's card gives each side's printed text, its numbers and every use in the words of the
effect vocabulary (:meth:`Use.describe <grimheim._cards.Use.describe>`), and an equipment card
its quest (:meth:`Quest.describe <grimheim._cards.Quest.describe>`); a monster card says what it
places where; a monster kind or legend gives its numbers.
"""

from __future__ import annotations

from collections import Counter

from tabletop_rules import article, join_words, plural

from .._cards import Card
from .._content import MonsterCard
from .._state import Config, State, View
from .names import ROMAN, Names


def _hero_card(names: Names, card: Card) -> str:
    pack = names.config.pack
    deck = next((d.hero for d in pack.decks if any(c.id == card.id for c in d.cards)), "")
    hero = next((h.name for h in pack.heroes if h.id == deck), deck.title())
    notes = [f"{hero}'s {card.kind} card"]
    if card.starting:
        notes.append("a starting card")
    if card.count > 1:
        notes.append(f"{card.count} copies")
    if card.main_weapon:
        notes.append("a main weapon")
    if card.durability:
        notes.append(f"durability {card.durability}")
    if card.counters:
        notes.append(f"comes into play with {plural(card.counters, 'marker')}")
    parts = [f"{card.name}: {', '.join(notes)}."]
    for number, side in enumerate(card.sides, 1):
        head = f"Side {ROMAN.get(number, number)}: " if len(card.sides) > 1 else ""
        numbers = side.numbers(printed=card.kind == "hero")
        said = f" Numbers: {', '.join(numbers)}." if numbers else ""
        parts.append(f"{head}{side.text}{said}".strip())
        for use in side.uses:
            parts.append(f"In the rules' words: {use.describe(in_hand=card.kind == 'event')}")
    if card.quest is not None:
        parts.append(f"Quest: {card.quest.text} In the rules' words: {card.quest.describe()}")
    return names.named(" ".join(parts))


def _monster_card(names: Names, card: MonsterCard) -> str:
    pack = names.config.pack
    place = next((loc for loc in pack.map.locations if loc.id == card.location), None)
    faction = next((f for f in pack.monsters.factions if place and f.id == place.faction), None)
    letters = faction.letters if faction is not None else {}
    counts = Counter(letters.get(c, "") for c in card.pattern if c not in "-L")
    placed = [
        plural(n, names.kind(kind)) if n > 1 else article(names.kind(kind))
        for kind, n in counts.items()
        if kind
    ]
    if card.legend is not None:
        side = 1 if card.deck == "yellow" else 2
        placed.insert(0, f"the legend {names.kind(card.legend, side)}")
    where = names.location(card.location)
    return (
        f"{card.name}: a {card.deck} monster card. It places {join_words(placed)} in {where}"
        " (a card that cannot be placed goes to the bottom, G15)."
    )


def _monster(names: Names, kind: str) -> str | None:
    monsters = names.config.pack.monsters
    factions = {f.id: f.name for f in monsters.factions}
    for k in monsters.kinds:
        if k.id == kind:
            return (
                f"{k.name}: a monster of the {factions.get(k.faction, k.faction)}, rank {k.rank}."
                f" {_numbers(k.strength, k.health, k.armor, k.move, k.range, k.xp)}"
            )
    for leg in monsters.legends:
        if leg.id == kind:
            sides = " ".join(
                f"Side {ROMAN.get(s.side, s.side)}:"
                f" {_numbers(s.strength, s.health, s.armor, s.move, s.range, s.xp)}"
                for s in leg.sides
            )
            owner = factions.get(leg.faction)
            of = f" of the {owner}" if owner else ""
            return f"{leg.name}: a legend{of}. {sides}"
    return None


def _numbers(strength: int, health: int, armor: int, move: int, reach: int, xp: int) -> str:
    dice = plural(strength, "die", "dice") if strength else "a special attack"
    return (
        f"Attacks with {dice} at range {reach}, health {health}, armor {armor}, moves"
        f" {plural(move, 'area')} a turn; killing it earns {xp} gold."
    )


def card_text(position: Config | State | View, card_id: str) -> str:
    """A card or creature of the position's content in plain words: a hero's card (its hero,
    kind, each side's text and numbers, every use in the vocabulary's words, an equipment card's
    quest), a monster card (``m1`` …: what it places where) or a monster kind or legend
    (``troll``, ``grendel``: its numbers).

    >>> from grimheim import Config
    >>> print(card_text(Config(heroes=("bjorn",)), "bjorn-sure-shot"))  # doctest: +ELLIPSIS
    Sure Shot: Bjorn's ability card, a starting card. Side I: Once a turn, pay 3 mana: ...
    >>> print(card_text(Config(), "troll"))  # doctest: +ELLIPSIS
    Troll: a monster of the Trollkin, rank 3. Attacks with 6 dice at range 1, health 7, ...

    Args:
        position: a config, state or view (its pack holds the card).
        card_id: a hero's card id, a monster card id or a monster kind or legend id.

    Raises:
        KeyError: the pack holds nothing of that id.
    """
    config = position if isinstance(position, Config) else position.config
    names = Names(config)
    card = config.cards.get(card_id)
    if card is not None:
        return _hero_card(names, card)
    monster_card = next((c for c in config.pack.monster_cards if c.id == card_id), None)
    if monster_card is not None:
        return _monster_card(names, monster_card)
    creature = _monster(names, card_id)
    if creature is not None:
        return creature
    raise KeyError(f"no card or monster {card_id!r} in this pack")
