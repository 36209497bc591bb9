"""The heroes' card files load and hold the facts of the reference material.

The facts below (names, kinds, numbers, copy counts) were read from the reference CSVs when the
files were written; the card texts are our own and are only checked for shape here.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

import pytest

from grimheim._cards import CONTENT_CONVERTER, Card, HeroDeck
from tabletop_rules import read_content

HEROES = ("bjorn", "alva", "embla", "boldur")

# id -> (name, kind, starting)
CARDS: dict[str, dict[str, tuple[str, str, bool]]] = {
    "bjorn": {
        "bjorn-hero": ("Bjorn", "hero", False),
        "bjorn-sure-shot": ("Sure Shot", "ability", True),
        "bjorn-eagle-eye": ("Eagle Eye", "ability", False),
        "bjorn-bjorns-first-bow": ("Bjorn's First Bow", "equipment", True),
        "bjorn-throwing-axes": ("Throwing Axes", "equipment", False),
        "bjorn-rest": ("Rest", "event", False),
        "bjorn-master-shot": ("Master Shot", "event", False),
        "bjorn-limber-bow": ("Limber Bow", "event", False),
        "bjorn-perfect-aim": ("Perfect Aim", "event", False),
        "bjorn-piercing-arrows": ("Piercing Arrows", "event", False),
        "bjorn-sewing": ("Sewing", "event", False),
    },
    "alva": {
        "alva-hero": ("Alva", "hero", False),
        "alva-hail-of-arrows": ("Hail of Arrows", "ability", True),
        "alva-snipe": ("Snipe", "ability", False),
        "alva-alvas-first-bow": ("Alva's First Bow", "equipment", True),
        "alva-throwing-darts": ("Throwing Darts", "equipment", False),
        "alva-rest": ("Rest", "event", False),
        "alva-agility": ("Agility", "event", False),
        "alva-popular": ("Popular", "event", False),
        "alva-mastery": ("Mastery", "event", False),
        "alva-piercing-arrows": ("Piercing Arrows", "event", False),
    },
    "embla": {
        "embla-hero": ("Embla", "hero", False),
        "embla-riposte": ("Riposte", "ability", True),
        "embla-in-charge": ("In Charge", "ability", False),
        "embla-flimsy-blade": ("Flimsy Blade", "equipment", True),
        "embla-blade-decorations": ("Blade Decorations", "equipment", False),
        "embla-leg-guards": ("Leg Guards", "equipment", False),
        "embla-rest": ("Rest", "event", False),
        "embla-maneuver": ("Maneuver", "event", False),
        "embla-courage": ("Courage", "event", False),
        "embla-durability": ("Durability", "event", False),
        "embla-vigilance": ("Vigilance", "event", False),
    },
    "boldur": {
        "boldur-hero": ("Boldur", "hero", False),
        "boldur-rapid-strike": ("Rapid Strike", "ability", True),
        "boldur-fortified": ("Fortified", "ability", False),
        "boldur-boldurs-first-pick": ("Boldur's First Pick", "equipment", True),
        "boldur-battle-boots": ("Battle Boots", "equipment", False),
        "boldur-dwarf-helm": ("Dwarf Helm", "equipment", False),
        "boldur-rest": ("Rest", "event", False),
        "boldur-maneuver": ("Maneuver", "event", False),
        "boldur-dodge": ("Dodge", "event", False),
        "boldur-miner": ("Miner", "event", False),
        "boldur-short-temper": ("Short Temper", "event", False),
        "boldur-boldurs-gate": ("Boldur's Gate", "event", False),
    },
}

# hero -> (strength, health) of sides I and II
HERO_SIDES: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "bjorn": ((2, 9), (4, 10)),
    "alva": ((2, 9), (4, 10)),
    "embla": ((3, 9), (5, 10)),
    "boldur": ((3, 6), (5, 7)),
}

# ability id -> mana generation of sides I and II
MANA_GEN: dict[str, tuple[int, int]] = {
    "bjorn-sure-shot": (1, 2),
    "bjorn-eagle-eye": (0, 0),
    "alva-hail-of-arrows": (1, 2),
    "alva-snipe": (0, 0),
    "embla-riposte": (1, 2),
    "embla-in-charge": (0, 0),
    "boldur-rapid-strike": (1, 1),
    "boldur-fortified": (0, 0),
}

# equipment id -> (durability, main weapon, strength, range)
EQUIPMENT: dict[str, tuple[int, bool, int, int]] = {
    "bjorn-bjorns-first-bow": (0, True, 1, 1),
    "bjorn-throwing-axes": (2, False, 0, 0),
    "alva-alvas-first-bow": (0, True, 1, 1),
    "alva-throwing-darts": (2, False, 0, 0),
    "embla-flimsy-blade": (0, False, 1, 0),
    "embla-blade-decorations": (0, False, 1, 0),
    "embla-leg-guards": (0, False, 1, 0),
    "boldur-boldurs-first-pick": (0, True, 1, 0),
    "boldur-battle-boots": (0, False, 1, 0),
    "boldur-dwarf-helm": (4, False, 0, 0),
}

# event id -> copies in the deck
EVENT_COUNTS: dict[str, int] = {
    "bjorn-rest": 2,
    "bjorn-master-shot": 4,
    "bjorn-limber-bow": 2,
    "bjorn-perfect-aim": 2,
    "bjorn-piercing-arrows": 2,
    "bjorn-sewing": 2,
    "alva-rest": 2,
    "alva-agility": 2,
    "alva-popular": 2,
    "alva-mastery": 3,
    "alva-piercing-arrows": 2,
    "embla-rest": 2,
    "embla-maneuver": 2,
    "embla-courage": 2,
    "embla-durability": 1,
    "embla-vigilance": 2,
    "boldur-rest": 2,
    "boldur-maneuver": 2,
    "boldur-dodge": 1,
    "boldur-miner": 2,
    "boldur-short-temper": 3,
    "boldur-boldurs-gate": 1,
}

EVENT_DECK_SIZE = {"bjorn": 14, "alva": 11, "embla": 9, "boldur": 11}

ICON = re.compile(r"\[[A-Z_]+\]")


@cache
def deck(hero: str) -> HeroDeck:
    path = f"content/cards/{hero}.json"
    data = resources.files("grimheim").joinpath(path).read_bytes()
    return read_content(data, HeroDeck, source=path, converter=CONTENT_CONVERTER)


def cards(hero: str) -> dict[str, Card]:
    return {card.id: card for card in deck(hero).cards}


@pytest.mark.parametrize("hero", HEROES)
def test_deck_loads_with_its_cards(hero: str) -> None:
    loaded = deck(hero)
    assert loaded.hero == hero
    assert [card.id for card in loaded.cards] == list(CARDS[hero])
    for card in loaded.cards:
        assert (card.name, card.kind, card.starting) == CARDS[hero][card.id]
        assert card.id.startswith(f"{hero}-")


@pytest.mark.parametrize("hero", HEROES)
def test_hero_card_sides(hero: str) -> None:
    (hero_card,) = [card for card in deck(hero).cards if card.kind == "hero"]
    assert tuple((side.strength, side.health) for side in hero_card.sides) == HERO_SIDES[hero]


def test_hero_card_passives() -> None:
    embla = cards("embla")["embla-hero"]
    boldur = cards("boldur")["boldur-hero"]
    assert [side.move for side in embla.sides] == [1, 1]
    assert [side.armor for side in boldur.sides] == [1, 1]


@pytest.mark.parametrize("hero", HEROES)
def test_abilities_mana_generation(hero: str) -> None:
    abilities = [card for card in deck(hero).cards if card.kind == "ability"]
    assert len(abilities) == 2
    for card in abilities:
        assert tuple(side.mana_gen for side in card.sides) == MANA_GEN[card.id]


def test_ability_numbers() -> None:
    eagle_eye = cards("bjorn")["bjorn-eagle-eye"]
    assert [(s.strength, s.range, s.ignore_armor) for s in eagle_eye.sides] == [
        (1, 1, False),
        (2, 2, True),
    ]
    fortified = cards("boldur")["boldur-fortified"]
    assert [(s.strength, s.health) for s in fortified.sides] == [(0, 0), (1, 2)]


@pytest.mark.parametrize("hero", HEROES)
def test_equipment(hero: str) -> None:
    equipment = [card for card in deck(hero).cards if card.kind == "equipment"]
    assert equipment
    for card in equipment:
        (side,) = card.sides
        assert (card.durability, card.main_weapon, side.strength, side.range) == EQUIPMENT[card.id]
        assert (card.quest is None) == card.starting


def test_quests() -> None:
    axes = cards("bjorn")["bjorn-throwing-axes"].quest
    assert axes is not None
    assert axes.cost.spend_action == "practice"
    assert axes.only_if == ("in-forest",)
    helm = cards("boldur")["boldur-dwarf-helm"].quest
    assert helm is not None
    assert (helm.cost.gold, helm.location) == (2, "temple_ruins")
    decorations = cards("embla")["embla-blade-decorations"].quest
    assert decorations is not None
    assert (decorations.cost.gold, decorations.only_if) == (2, ("in-grimheim",))


@pytest.mark.parametrize("hero", HEROES)
def test_event_counts(hero: str) -> None:
    events = [card for card in deck(hero).cards if card.kind == "event"]
    assert {card.id: card.count for card in events} == {
        card_id: count for card_id, count in EVENT_COUNTS.items() if card_id.startswith(f"{hero}-")
    }
    assert sum(card.count for card in events) == EVENT_DECK_SIZE[hero]
    for card in events:
        for use in card.sides[0].uses:
            assert use.per_turn is None


@pytest.mark.parametrize("hero", HEROES)
def test_texts_are_short_and_plain(hero: str) -> None:
    for card in deck(hero).cards:
        texts = [side.text for side in card.sides]
        if card.quest is not None:
            texts.append(card.quest.text)
        for text in texts:
            assert 0 < len(text) < 200, card.id
            assert not ICON.search(text), card.id
            assert "<" not in text, card.id
