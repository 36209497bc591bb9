"""Sphinx extension: the grimheim rules page's tables and card galleries, built from the
standard pack at build time.

``.. grimheim-table:: NAME`` writes one table (``heroes``, ``cards``, ``monsters``, ``legends``,
``time``, ``monster-cards``) or one hero's card gallery (``gallery-bjorn`` …) from
:func:`grimheim.standard_pack`, so the pages can never disagree with the content files. Loaded by
``conf.py`` as ``docs._grimheim_tables``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sphinx.application import Sphinx

import grimheim
from docs._pack_tables import pack_directive, table
from grimheim._cards import Card, Side


def _numbers(side: Side, hero: bool) -> str:
    """The side's numbers: a hero card's as printed, another card's as bonuses (``+1``)."""
    return ", ".join(side.numbers(printed=hero))


def _side(side: Side, hero: bool = False) -> str:
    numbers = _numbers(side, hero)
    return side.text + (f" *({numbers})*" if numbers else "")


def _kind(card: Card) -> str:
    kind = card.kind
    if card.starting:
        kind += " (starting)"
    if card.kind == "event":
        kind += f" ×{card.count}"
    if card.main_weapon:
        kind += ", main weapon"
    if card.durability:
        kind += f", durability {card.durability}"
    return kind


def _cards(pack: grimheim.Pack) -> list[str]:
    lines: list[str] = []
    for deck in pack.decks:
        facts = next(h for h in pack.heroes if h.id == deck.hero)
        rows = []
        for card in deck.cards:
            hero = card.kind == "hero"
            second = _side(card.sides[1], hero) if len(card.sides) > 1 else ""
            if card.quest is not None:
                second = f"**Quest:** {card.quest.text}"
            first = _side(card.sides[0], hero)
            rows.append((f"{card.name} (``{card.id}``)", _kind(card), first, second))
        headers = ("Card", "Kind", "Side I", "Side II / quest")
        lines += table(headers, rows, (22, 16, 31, 31), f"{facts.name}'s cards")
    return lines


def _heroes(pack: grimheim.Pack) -> list[str]:
    rows = []
    for deck in pack.decks:
        facts = next(h for h in pack.heroes if h.id == deck.hero)
        hero = next(c for c in deck.cards if c.kind == "hero")
        starting = [c.name for c in deck.cards if c.starting]
        one, two = hero.sides
        rows.append(
            (
                f"{facts.name} (``{deck.hero}``)",
                f"{one.strength}/{one.health} → {two.strength}/{two.health}",
                ", ".join(starting),
                str(sum(1 for c in deck.cards if c.kind == "ability" and not c.starting)),
                str(sum(1 for c in deck.cards if c.kind == "equipment" and not c.starting)),
                str(sum(c.count for c in deck.cards if c.kind == "event")),
            )
        )
    headers = ("Hero", "Strength/health", "Starting cards", "Abilities", "Equipment", "Events")
    return table(headers, rows, (18, 16, 30, 12, 12, 12))


def _monsters(pack: grimheim.Pack) -> list[str]:
    factions = {f.id: f.name for f in pack.monsters.factions}
    rows = [
        (
            f"{k.name} (``{k.id}``)",
            factions[k.faction],
            str(k.rank),
            f"{k.strength}/{k.health}",
            str(k.move),
            str(k.range),
            str(k.armor),
            str(k.xp),
            str(k.count),
        )
        for k in pack.monsters.kinds
    ]
    headers = (
        "Monster",
        "Faction",
        "Rank",
        "Strength/health",
        "Move",
        "Range",
        "Armor",
        "Gold",
        "Supply",
    )
    return table(headers, rows, (20, 14, 8, 12, 8, 8, 8, 8, 8))


def _legends(pack: grimheim.Pack) -> list[str]:
    factions = {f.id: f.name for f in pack.monsters.factions}
    rows = []
    for leg in pack.monsters.legends:
        one, two = leg.sides
        rows.append(
            (
                f"{leg.name} (``{leg.id}``)",
                factions.get(leg.faction, "none"),
                f"{one.strength}/{one.health}, range {one.range}, gold {one.xp}",
                f"{two.strength}/{two.health}, range {two.range}, gold {two.xp}",
            )
        )
    return table(("Legend", "Faction", "Side I (yellow)", "Side II (red)"), rows, (26, 14, 30, 30))


def _time(pack: grimheim.Pack) -> list[str]:
    rows = []
    for name in ("short", "long"):
        spots = getattr(pack.time, name)
        rows.append(
            (
                f"``{name}`` ({len(spots)} spots)",
                " ".join(f"{i}:{s.kind}/{s.colour[0]}" for i, s in enumerate(spots, 1)),
            )
        )
    return table(("Track", "Spots (number: kind/deck colour)"), rows, (20, 80))


def _monster_cards(pack: grimheim.Pack) -> list[str]:
    locations = {loc.id: loc for loc in pack.map.locations}
    rows = []
    for card in pack.monster_cards:
        place = locations[card.location]
        spill = len(card.pattern) - len(place.areas)
        rows.append(
            (
                f"``{card.id}``",
                card.deck,
                place.name,
                f"``{card.pattern}``" + (f" ({spill} spill, G16)" if spill > 0 else ""),
                card.legend or "",
            )
        )
    headers = ("Card", "Deck", "Location", "Pattern", "Legend")
    return table(headers, rows, (10, 10, 22, 40, 18))


def _gallery(hero: str) -> Callable[[grimheim.Pack], list[str]]:
    """One hero's cards: name, id, kind, each side's numbers and text, and each use and quest in
    the vocabulary's own words."""

    def gallery(pack: grimheim.Pack) -> list[str]:
        deck = next(d for d in pack.decks if d.hero == hero)
        lines: list[str] = []
        for card in deck.cards:
            lines += [f"- **{card.name}** (``{card.id}``) — {_kind(card)}", ""]
            one_side = len(card.sides) == 1
            for number, side in enumerate(card.sides, 1):
                name = "" if one_side else f"Side {'I' * number}: "
                numbers = _numbers(side, card.kind == "hero")
                lines += [
                    f"  - {name}{side.text}" + (f" *({numbers})*" if numbers else ""),
                    "",
                ]
                for use in side.uses:
                    lines += [f"    - {use.describe(in_hand=card.kind == 'event')}", ""]
            if card.quest is not None:
                lines += [
                    f"  - Quest: {card.quest.text}",
                    "",
                    f"    - {card.quest.describe()}",
                    "",
                ]
        return lines

    return gallery


_TABLES: dict[str, Callable[[grimheim.Pack], list[str]]] = {
    **{f"gallery-{hero}": _gallery(hero) for hero in ("bjorn", "alva", "embla", "boldur")},
    "cards": _cards,
    "heroes": _heroes,
    "legends": _legends,
    "monster-cards": _monster_cards,
    "monsters": _monsters,
    "time": _time,
}


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive(
        "grimheim-table", pack_directive("grimheim-table", _TABLES, grimheim.standard_pack)
    )
    return {"parallel_read_safe": True, "parallel_write_safe": True}
