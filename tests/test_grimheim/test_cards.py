"""Every hero's deck holds the published mix of cards, with the numbers of the reference material.

``content/cards.json`` holds the facts read from the reference CSVs (names, kinds, copy counts and
numbers, no texts); each hero's card file is pinned against it here: the same cards, the same
numbers. The card texts are our own and are only checked for shape.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

import pytest

import grimheim as gh
from grimheim._cards import Card, HeroDeck

HEROES = ("bjorn", "alva", "embla", "boldur")
MIX = {
    "bjorn": (6, 10, 23),
    "alva": (6, 11, 23),
    "embla": (6, 12, 22),
    "boldur": (6, 12, 22),
}
"""Abilities, equipment cards and event copies per hero (the issue's published mix)."""

ICON = re.compile(r"\[[A-Z_]+\]")


@cache
def facts() -> dict[str, list[dict[str, Any]]]:
    text = resources.files("grimheim").joinpath("content/cards.json").read_text()
    found: dict[str, list[dict[str, Any]]] = json.loads(text)
    return found


def deck(hero: str) -> HeroDeck:
    return next(d for d in gh.standard_pack().decks if d.hero == hero)


def kebab(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def by_name(hero: str, kind: str) -> dict[str, Card]:
    return {card.name: card for card in deck(hero).cards if card.kind == kind}


def reference(hero: str, kind: str) -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in facts()[kind] if entry["hero"] == hero}


@pytest.mark.parametrize("hero", HEROES)
def test_each_hero_has_the_published_mix(hero: str) -> None:
    cards = deck(hero).cards
    abilities = sum(c.kind == "ability" for c in cards)
    equipment = sum(c.kind == "equipment" for c in cards)
    events = sum(c.count for c in cards if c.kind == "event")
    assert (abilities, equipment, events) == MIX[hero]
    assert sum(c.kind == "hero" for c in cards) == 1


@pytest.mark.parametrize("hero", HEROES)
def test_every_card_of_the_reference_is_in_the_deck_and_no_other(hero: str) -> None:
    for kind, facts_kind in (("ability", "abilities"), ("equipment", "equipment")):
        assert set(by_name(hero, kind)) == set(reference(hero, facts_kind)), kind
    events = {name: card.count for name, card in by_name(hero, "event").items()}
    assert events == {name: e["count"] for name, e in reference(hero, "events").items()}


@pytest.mark.parametrize("hero", HEROES)
def test_card_ids_are_the_hero_and_the_name_in_kebab_case(hero: str) -> None:
    for card in deck(hero).cards:
        expected = f"{hero}-hero" if card.kind == "hero" else f"{hero}-{kebab(card.name)}"
        assert card.id == expected


@pytest.mark.parametrize("hero", HEROES)
def test_ability_numbers_follow_the_reference(hero: str) -> None:
    for name, entry in reference(hero, "abilities").items():
        card = by_name(hero, "ability")[name]
        assert card.starting == entry["starting"], name
        for side, printed in zip(card.sides, entry["sides"], strict=True):
            numbers = (side.mana_gen, side.strength, side.health, side.range)
            expected = tuple(printed[k] or 0 for k in ("mana", "strength", "health", "range"))
            assert numbers == expected, (name, printed["side"])


@pytest.mark.parametrize("hero", HEROES)
def test_equipment_numbers_follow_the_reference(hero: str) -> None:
    for name, entry in reference(hero, "equipment").items():
        card = by_name(hero, "equipment")[name]
        (side,) = card.sides
        found = (
            card.starting,
            card.main_weapon,
            card.durability,
            side.strength,
            side.health,
            side.mana_gen,
            side.range,
            card.quest is not None,
        )
        expected = (
            entry["starting"],
            entry["main_weapon"],
            entry["durability"] or 0,
            entry["strength"] or 0,
            entry["health"] or 0,
            entry["mana"] or 0,
            entry["range"] or 0,
            entry["quest"],
        )
        assert found == expected, name


@pytest.mark.parametrize("hero", HEROES)
def test_hero_cards_agree_with_the_hero_facts(hero: str) -> None:
    (hero_card,) = [c for c in deck(hero).cards if c.kind == "hero"]
    facts_of = next(h for h in gh.standard_pack().heroes if h.id == hero)
    assert [(s.strength, s.health) for s in hero_card.sides] == [
        (s.strength, s.health) for s in facts_of.sides
    ]


def test_hero_card_standing_numbers() -> None:
    embla = next(c for c in deck("embla").cards if c.kind == "hero")
    boldur = next(c for c in deck("boldur").cards if c.kind == "hero")
    assert [side.move for side in embla.sides] == [1, 1]
    assert [side.armor for side in boldur.sides] == [1, 1]


@pytest.mark.parametrize("hero", HEROES)
def test_texts_are_short_and_plain(hero: str) -> None:
    for card in deck(hero).cards:
        texts = [side.text for side in card.sides]
        if card.quest is not None:
            texts.append(card.quest.text)
        for text in texts:
            assert 0 < len(text) < 240, card.id
            assert not ICON.search(text), card.id
            assert "<" not in text, card.id


@pytest.mark.parametrize("hero", HEROES)
def test_every_use_reads_in_plain_words(hero: str) -> None:
    for card in deck(hero).cards:
        for side in card.sides:
            for use in side.uses:
                words = use.describe()
                assert words and "{" not in words and "<" not in words, card.id
