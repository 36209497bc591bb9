"""Every word of the effect vocabulary on its own, apart from the published cards.

Each behaviour test writes a small deck for Bjorn — a hero card, a plain starting ability and a
plain starting weapon, filler events, and one test card whose single use holds the word — loads
it into a pack and plays it in a scenario. The registry-wide tests are parametrized over the
three registries, so that a new word is covered (documented, read, written, described) as soon as
it is registered; the content checks show each word refused at a moment where it cannot act.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast, get_args, get_type_hints

import attrs
import pytest
from tests.test_grimheim.helpers import (
    answer_setup,
    damage_on,
    dice,
    legal,
    monster_turn,
    run,
    targets,
    until,
    uses,
)

import grimheim as gh
from grimheim import scenario as sc
from grimheim._cards import CONTENT_CONVERTER, Limit
from grimheim._map import geometry
from grimheim._vocab import Condition, Cost, Effect, Word
from grimheim._vocab.amounts import Amount, Per
from grimheim._vocab.targets import MonsterTarget
from grimheim._vocab.traits import TRAITS
from tabletop_rules import CHANCE, ContentError

H = gh.Hex
Json = dict[str, Any]

REGISTRIES: dict[type[Word], dict[str, type[Word]]] = {
    Condition: dict(Condition.registry),
    Cost: dict(Cost.registry),
    Effect: dict(Effect.registry),
}
"""The three registries, by family."""
FAMILIES = tuple(REGISTRIES)
REGISTRY: dict[str, tuple[type[Word], type[Word]]] = {
    tag: (family, cls) for family, registry in REGISTRIES.items() for tag, cls in registry.items()
}
"""Every registered tag: its family and its class."""

DOCS = Path(__file__).resolve().parents[2] / "docs" / "grimheim_vocabulary.rst"

# == the board of the scenarios ====================================================================
#
# Bjorn stands in HERE, a plain two steps from Grimheim; around him clockwise from 1 o'clock:
# NE (forest), E (plains, road), SE and SW (plains, next to Grimheim), W (forest), N (plains).

HERE = H(10, 6)
NE = H(11, 5)
E = H(11, 6)
SE = H(10, 7)
SW = H(9, 7)
W = H(9, 6)
N = H(10, 5)
TWO_AWAY = H(10, 4)
"""A forest two steps from HERE, next to N (and farther from HERE than N)."""
FAR = H(16, 9)
"""Plains far from everything."""

# == a deck of test cards ==========================================================================

CARD = "t-event"
ABILITY = "t-ability"
GEAR = "t-gear"
HERO_CARD: Json = {
    "id": "t-hero",
    "name": "Test Hero",
    "kind": "hero",
    "sides": [
        {"text": "A hero without uses.", "strength": 2, "health": 9},
        {"text": "A hero without uses.", "strength": 4, "health": 10},
    ],
}
PLAIN_ABILITY: Json = {
    "id": ABILITY,
    "name": "Plain Ability",
    "kind": "ability",
    "starting": True,
    "sides": [{"text": "Nothing."}, {"text": "Nothing."}],
}
PLAIN_WEAPON: Json = {
    "id": "t-weapon",
    "name": "Plain Weapon",
    "kind": "equipment",
    "starting": True,
    "main_weapon": True,
    "sides": [{"text": "+1 attack die.", "strength": 1}],
}
FILLER: Json = {
    "id": "t-filler",
    "name": "Filler",
    "kind": "event",
    "count": 4,
    "sides": [{"text": "Nothing."}],
}


def use(*effects: Json, **fields: Any) -> Json:
    """A use with these effects (``when``, ``cost``, ``only_if`` … as keywords)."""
    return {**fields, "effects": list(effects)}


def event(*card_uses: Json, card: str = CARD) -> Json:
    """A test event card."""
    return {
        "id": card,
        "name": card,
        "kind": "event",
        "sides": [{"text": "A test event.", "uses": list(card_uses)}],
    }


def ability(*card_uses: Json, **side: Any) -> Json:
    """A starting ability (in play from the set-up) with these uses and numbers on both sides."""
    face = {"text": "A test ability.", **side, "uses": list(card_uses)}
    return {
        "id": ABILITY,
        "name": "Test Ability",
        "kind": "ability",
        "starting": True,
        "sides": [face, face],
    }


def equipment(*card_uses: Json, durability: int = 0, **side: Any) -> Json:
    """A starting equipment card (in play from the set-up) with these uses."""
    face = {"text": "A test equipment.", **side, "uses": list(card_uses)}
    return {
        "id": GEAR,
        "name": "Test Gear",
        "kind": "equipment",
        "starting": True,
        "durability": durability,
        "sides": [face],
    }


def deck_text(*cards: Json) -> str:
    """A deck file for Bjorn: the test cards, and the plain starting cards they do not replace."""
    starting = {card["kind"] for card in cards if card.get("starting")}
    base = [HERO_CARD]
    if "ability" not in starting:
        base.append(PLAIN_ABILITY)
    if "equipment" not in starting:
        base.append(PLAIN_WEAPON)
    return json.dumps({"hero": "bjorn", "cards": [*base, *cards, FILLER]})


@functools.cache
def pack_of(text: str) -> gh.Pack:
    """The standard pack with Bjorn's deck replaced by ``text``."""
    deck = gh.read_deck(text, "test.json")
    standard = gh.standard_pack()
    pack = attrs.evolve(
        standard, decks=tuple(deck if d.hero == "bjorn" else d for d in standard.decks)
    )
    # the same map: share its compiled tables rather than compile them for each test deck
    assert pack.map is standard.map
    pack.cache["geometry"] = geometry(standard)
    return pack


@functools.cache
def _cleared(text: str, heroes: tuple[str, ...]) -> gh.State:
    config = gh.Config(heroes=heroes, chance="explicit", hard_setup=True, pack=pack_of(text))
    state = answer_setup(gh.new_game(config, seed=0))
    for monster in state.monsters:
        state = sc.remove_monster(state, state.config.geo.hexes[monster.at])
    assert not state.frames and gh.current_player(state) == 0
    return state


def game(
    *cards: Json,
    at: gh.Hex = HERE,
    monsters: Iterable[tuple[str, gh.Hex]] = (),
    hand: Iterable[str] | None = None,
    heroes: tuple[str, ...] = ("bjorn",),
) -> gh.State:
    """A game of these test cards: Bjorn's turn, Bjorn in ``at``, an empty board but
    ``monsters``, and in his hand ``hand`` (default: every test event card)."""
    state = _cleared(deck_text(*cards), heroes)
    for kind, where in monsters:
        state = sc.place_monster(state, kind, where)
    state = sc.put_hero(state, "bjorn", at)
    held = [c["id"] for c in cards if c["kind"] == "event"] if hand is None else hand
    for card in held:
        state = sc.give_card(state, "bjorn", card)
    return state


def gold(state: gh.State) -> int:
    return sc.hero_info(state, "bjorn").gold


def hurt(state: gh.State) -> int:
    """Bjorn's damage."""
    return sc.hero_info(state, "bjorn").damage


def at(state: gh.State) -> gh.Hex:
    return sc.hero_info(state, "bjorn").at


def card_state(state: gh.State, card: str) -> gh.CardState:
    return next(c for c in state.heroes[0].cards if c.id == card)


def turn(state: gh.State) -> gh.Turn:
    assert state.turn is not None
    return state.turn


def rolled(state: gh.State, roll: gh.Roll, target: gh.Hex = N) -> gh.State:
    """An attack action on ``target`` whose dice show ``roll``."""
    return gh.apply(gh.apply(state, gh.Attack(target)), roll)


def prize(*ways: Json) -> Json:
    """An equipment card won by a quest with these ways (the top of the equipment deck)."""
    return {
        "id": "t-prize",
        "name": "Prize",
        "kind": "equipment",
        "sides": [{"text": "A prize."}],
        "quest": {"text": "A quest.", "ways": list(ways)},
    }


def refused(*cards: Json) -> str:
    """The deck of these cards is refused when read; the message (naming the card)."""
    with pytest.raises(ContentError) as info:
        gh.read_deck(deck_text(*cards), "test.json")
    return str(info.value)


GAIN: Json = {"type": "gain-gold", "amount": 1}
"""An effect that always acts: the proof that a use resolved."""
RANGE: Json = {"type": "add-range", "amount": 1}
"""An effect that acts on the hero's turn, for the cost tests (gold is a cost there)."""


# == the registries ================================================================================

EXAMPLES: dict[str, str] = {
    # conditions
    "in-grimheim": '{"type": "in-grimheim"}',
    "outside-grimheim": '{"type": "outside-grimheim"}',
    "terrain": '{"type": "terrain", "is": ["forest", "mountain"], "of": "hero"}',
    "in-location": '{"type": "in-location", "location": "temple_ruins", "of": "target"}',
    "on-road": '{"type": "on-road", "of": "hero"}',
    "adjacent": '{"type": "adjacent", "what": "monster", "min": 2, "max": 3}',
    "distance": '{"type": "distance", "min": 1, "max": 2}',
    "rank": '{"type": "rank", "ranks": [1, 2]}',
    "legend": '{"type": "legend", "is": false}',
    "faction": '{"type": "faction", "factions": ["dead", "fire_horde"]}',
    "kind": '{"type": "kind", "kinds": ["brute", "troll"]}',
    "health-left": '{"type": "health-left", "max": 2}',
    "undamaged": '{"type": "undamaged"}',
    "closer-to-grimheim": '{"type": "closer-to-grimheim"}',
    "runes": '{"type": "runes", "min": 2}',
    "granted-by": '{"type": "granted-by", "card": "bjorn-prey"}',
    "any-of": '{"type": "any-of", "conditions": [{"type": "in-grimheim"}, '
    '{"type": "rank", "ranks": [3]}]}',
    # costs
    "mana": '{"type": "mana", "amount": "x"}',
    "mana-any": '{"type": "mana-any", "amount": 2}',
    "durability": '{"type": "durability", "amount": 1}',
    "counters": '{"type": "counters", "amount": 2}',
    "gold": '{"type": "gold", "amount": 3}',
    "spend-action": '{"type": "spend-action", "action": "focus"}',
    "discard": '{"type": "discard", "count": 1}',
    "take-damage": '{"type": "take-damage", "amount": 2}',
    "spawn": '{"type": "spawn", "kind": "goblin", "count": 2}',
    # effects
    "deal-damage": '{"type": "deal-damage", "amount": {"per": "rune", "times": 2, "plus": 1}, '
    '"to": "in-range", "within": 3, "only": [{"type": "rank", "ranks": [1]}], '
    '"unpreventable": true}',
    "damage-each": '{"type": "damage-each", "amount": 1, "up_to": "x", "to": "adjacent", '
    '"within": null, "only": [], "at_least": 2}',
    "kill": '{"type": "kill", "to": "adjacent", "within": null, '
    '"only": [{"type": "legend", "is": false}]}',
    "roll-against": '{"type": "roll-against", "dice": 2, "to": "in-range", "within": 2, '
    '"only": [], "up_to": 2}',
    "move-monster": '{"type": "move-monster", "areas": 2}',
    "swap": '{"type": "swap"}',
    "pin": '{"type": "pin", "to": "in-range", "within": null, "only": [], "again": false}',
    "bounty": '{"type": "bounty", "amount": 2, "to": "any", "within": null, "only": []}',
    "heal": '{"type": "heal", "amount": 2, "to": "hero-in-reach"}',
    "repair": '{"type": "repair", "amount": "all", "to": "each-equipment"}',
    "gain-gold": '{"type": "gain-gold", "amount": 2}',
    "gain-mana": '{"type": "gain-mana", "amount": 1, "to": "this-card"}',
    "draw": '{"type": "draw", "count": 2}',
    "draw-to": '{"type": "draw-to", "hand": 3}',
    "add-town-piece": '{"type": "add-town-piece", "count": 1}',
    "perform-action": '{"type": "perform-action", "action": "attack"}',
    "complete-quest": '{"type": "complete-quest"}',
    "move": '{"type": "move", "areas": 2, "into": [{"type": "terrain", "is": ["forest"], '
    '"of": "hero"}]}',
    "add-move": '{"type": "add-move", "amount": 2}',
    "stay": '{"type": "stay"}',
    "add-damage": '{"type": "add-damage", "amount": {"per": "distance", "times": 1, "plus": 0}}',
    "add-dice": '{"type": "add-dice", "count": 1}',
    "rerolls": '{"type": "rerolls"}',
    "add-range": '{"type": "add-range", "amount": 1}',
    "divert": '{"type": "divert", "amount": "x"}',
    "store": '{"type": "store", "amount": {"per": "excess", "times": 1, "plus": 0}, "most": 3}',
    "prevent": '{"type": "prevent", "amount": "x"}',
}
"""One instance of every word, as a content file writes it (every field written out)."""


@functools.cache
def _documented() -> frozenset[str]:
    """The classes of the ``.. autoclass::`` lines of the vocabulary page, by full name."""
    module = ""
    found = set()
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"\.\. currentmodule:: (\S+)", line):
            module = m[1]
        elif m := re.match(r"\.\. autoclass:: (\S+)", line):
            found.add(f"{module}.{m[1]}")
    return frozenset(found)


def has_test(prefix: str, name: str) -> bool:
    """Whether this module has a test named ``<prefix><name>_…`` (dashes as underscores)."""
    start = f"{prefix}{name.replace('-', '_')}_"
    return any(test.startswith(start) for test in globals())


@pytest.mark.parametrize("tag", sorted(REGISTRY))
def test_word_has_its_behaviour_test(tag: str) -> None:
    assert has_test("test_word_", tag)


@pytest.mark.parametrize("to", get_args(MonsterTarget))
def test_target_has_its_behaviour_test(to: str) -> None:
    assert has_test("test_target_", to)


@pytest.mark.parametrize("per", get_args(Per))
def test_count_has_its_behaviour_test(per: str) -> None:
    assert has_test("test_count_per_", per)


def test_examples_cover_every_registered_tag() -> None:
    assert sorted(EXAMPLES) == sorted(REGISTRY)


def test_the_three_registries_share_no_tag() -> None:
    assert sum(len(registry) for registry in REGISTRIES.values()) == len(REGISTRY)


@pytest.mark.parametrize("tag", sorted(REGISTRY))
def test_word_is_documented_on_the_vocabulary_page(tag: str) -> None:
    cls = REGISTRY[tag][1]
    name = f"{cls.__module__}.{cls.__qualname__}"
    assert name in _documented()
    assert tag == cls.TAG
    assert attrs.has(cls) and cls.__doc__


@pytest.mark.parametrize("tag", sorted(REGISTRY))
def test_word_reads_writes_back_and_describes_itself(tag: str) -> None:
    family, cls = REGISTRY[tag]
    data = json.loads(EXAMPLES[tag])
    word = CONTENT_CONVERTER.structure(data, family)
    assert type(word) is cls
    assert CONTENT_CONVERTER.structure(data, cls) == word
    written = CONTENT_CONVERTER.unstructure(word, family)
    assert json.loads(json.dumps(written)) == data
    text = word.describe()
    assert text and text.strip() == text
    assert "{" not in text and "<" not in text and "None" not in text


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
def test_an_unknown_tag_is_refused_naming_the_family_and_its_tags(family: type[Word]) -> None:
    with pytest.raises(ValueError, match="unknown") as info:
        CONTENT_CONVERTER.structure({"type": "fly"}, family)
    name = family.__name__.lower()
    message = str(info.value)
    assert f"unknown {name} 'fly'" in message
    assert all(repr(tag) in message for tag in REGISTRIES[family])


@pytest.mark.parametrize("tag", sorted(REGISTRY))
def test_a_tag_is_unknown_to_the_other_families(tag: str) -> None:
    for family in FAMILIES:
        if family is REGISTRY[tag][0]:
            continue
        with pytest.raises(ValueError, match=f"unknown {family.__name__.lower()} '{tag}'"):
            CONTENT_CONVERTER.structure(json.loads(EXAMPLES[tag]), family)


def test_an_unknown_tag_in_a_deck_names_the_place() -> None:
    message = refused(event(use({"type": "fly"})))
    assert "test.json: $.cards[3].sides[0].uses[0].effects[0]" in message
    assert "unknown effect 'fly'; the effects are [" in message


def test_an_unknown_field_of_a_word_is_refused() -> None:
    message = refused(event(use({"type": "gain-gold", "amount": 1, "to": "self"})))
    assert "effects[0]" in message and "to" in message


# == conditions: uses gated by them (only_if) ======================================================


def offered_where(condition: Json, where: gh.Hex, *monsters: tuple[str, gh.Hex]) -> bool:
    """Whether a use gated by ``condition`` is offered to Bjorn standing in ``where``."""
    state = game(event(use(GAIN, only_if=[condition])), at=where, monsters=monsters)
    found = uses(state)
    if found:
        assert found == [gh.Use(CARD)]
        assert gold(run(state, gh.Use(CARD)).state) == 1
    return bool(found)


def test_word_in_grimheim_holds_in_the_town_only() -> None:
    condition = {"type": "in-grimheim"}
    assert offered_where(condition, gh.GRIMHEIM)
    assert not offered_where(condition, HERE)


def test_word_outside_grimheim_holds_out_of_the_town_only() -> None:
    condition = {"type": "outside-grimheim"}
    assert offered_where(condition, HERE)
    assert not offered_where(condition, gh.GRIMHEIM)


def test_word_terrain_holds_on_the_heros_terrain() -> None:
    condition = {"type": "terrain", "is": ["forest"]}
    assert offered_where(condition, W)
    assert not offered_where(condition, HERE)
    assert not offered_where(condition, gh.GRIMHEIM)


def test_word_in_location_holds_in_that_location_or_any() -> None:
    ruins = {"type": "in-location", "location": "temple_ruins"}
    assert offered_where(ruins, H(12, 4))
    assert not offered_where(ruins, H(9, 3))  # the Dark Forest: another location
    assert not offered_where(ruins, HERE)
    anywhere = {"type": "in-location"}
    assert offered_where(anywhere, H(9, 3))
    assert not offered_where(anywhere, HERE)


def test_word_on_road_holds_on_a_road() -> None:
    condition = {"type": "on-road"}
    assert offered_where(condition, E)
    assert not offered_where(condition, HERE)


def test_word_adjacent_counts_what_is_next_to_the_hero() -> None:
    two = {"type": "adjacent", "what": "monster", "min": 2}
    assert offered_where(two, HERE, ("goblin", N), ("goblin", E))
    assert not offered_where(two, HERE, ("goblin", N), ("goblin", TWO_AWAY))
    none = {"type": "adjacent", "what": "monster", "min": 0, "max": 0}
    assert offered_where(none, HERE, ("goblin", TWO_AWAY))
    assert not offered_where(none, HERE, ("goblin", N))
    legend = {"type": "adjacent", "what": "legend"}
    assert offered_where(legend, HERE, ("surt", N))
    assert not offered_where(legend, HERE, ("troll", N))
    mountains = {"type": "adjacent", "what": "mountain", "min": 2}
    assert offered_where(mountains, H(13, 5))  # (14, 5) and (13, 4)
    assert not offered_where(mountains, HERE)


def test_word_adjacent_hero_counts_the_other_heroes_next_to_the_hero() -> None:
    card = event(use(GAIN, only_if=[{"type": "adjacent", "what": "hero"}]))
    apart = game(card, heroes=("bjorn", "alva"))
    assert sc.hero_info(apart, "alva").at == gh.GRIMHEIM
    assert uses(apart) == []
    assert uses(sc.put_hero(apart, "alva", N)) == [gh.Use(CARD)]


def test_word_runes_holds_when_the_roll_shows_runes() -> None:
    card = event(
        use(
            {"type": "add-damage", "amount": 1},
            when="attack-roll",
            only_if=[{"type": "runes", "min": 1}],
        )
    )
    state = game(card, monsters=[("troll", N)])
    with_rune = rolled(state, gh.Roll(1, 0, 1, 1))
    assert legal(with_rune) == [gh.Use(CARD), gh.ResolveAttack()]
    assert damage_on(run(with_rune, gh.Use(CARD)).state, N) == 2
    without = rolled(state, gh.Roll(1, 0, 0, 2))  # nothing to ask: the attack is resolved
    assert damage_on(without, N) == 1 and sc.hero_info(without, "bjorn").hand == (CARD,)


def test_word_granted_by_holds_for_the_attack_action_that_card_granted() -> None:
    grant = event(use({"type": "perform-action", "action": "attack"}), card="t-grant")
    bonus = event(
        use(
            {"type": "add-damage", "amount": 1},
            when="attack-roll",
            only_if=[{"type": "granted-by", "card": "t-grant"}],
        )
    )
    state = game(grant, bonus, monsters=[("troll", N)])
    granted = gh.apply(gh.apply(state, gh.Use("t-grant")), gh.Roll(1, 0, 0, 2))
    assert legal(granted) == [gh.Use(CARD), gh.ResolveAttack()]
    assert damage_on(run(granted, gh.Use(CARD)).state, N) == 2
    own = rolled(state, gh.Roll(1, 0, 0, 2))  # the action's own marker: not offered
    assert damage_on(own, N) == 1 and CARD in sc.hero_info(own, "bjorn").hand


def test_word_any_of_holds_when_one_alternative_holds() -> None:
    condition = {
        "type": "any-of",
        "conditions": [{"type": "in-grimheim"}, {"type": "terrain", "is": ["forest"]}],
    }
    assert offered_where(condition, gh.GRIMHEIM)
    assert offered_where(condition, W)
    assert not offered_where(condition, HERE)


# == conditions about a target: an effect's only filter ============================================


def picks_only(
    condition: Json, good: tuple[str, gh.Hex, int], bad: tuple[str, gh.Hex, int]
) -> None:
    """A monster meeting ``condition`` is a candidate of ``deal-damage … only``, one failing it
    is not: with both on the board the use hits the good one; with the bad one alone it is not
    offered."""
    card = event(use({"type": "deal-damage", "amount": 1, "to": "any", "only": [condition]}))
    base = game(card)
    both = sc.place_monster(base, good[0], good[1], damage=good[2])
    both = sc.place_monster(both, bad[0], bad[1], damage=bad[2])
    assert uses(both) == [gh.Use(CARD)]
    after = run(both, gh.Use(CARD)).state  # one candidate: no question asked
    assert damage_on(after, good[1]) == good[2] + 1
    assert damage_on(after, bad[1]) == bad[2]
    alone = sc.place_monster(base, bad[0], bad[1], damage=bad[2])
    assert uses(alone) == []


def test_word_terrain_of_the_target() -> None:
    forest = {"type": "terrain", "is": ["forest"], "of": "target"}
    picks_only(forest, ("troll", W, 0), ("troll", N, 0))


def test_word_in_location_of_the_target() -> None:
    condition = {"type": "in-location", "location": "dark_forest", "of": "target"}
    picks_only(condition, ("goblin", H(9, 3), 0), ("goblin", H(12, 4), 0))


def test_word_on_road_of_the_target() -> None:
    picks_only({"type": "on-road", "of": "target"}, ("troll", E, 0), ("troll", N, 0))


def test_word_distance_of_the_target() -> None:
    condition = {"type": "distance", "min": 2, "max": 3}
    picks_only(condition, ("troll", TWO_AWAY, 0), ("troll", N, 0))
    picks_only(condition, ("troll", TWO_AWAY, 0), ("troll", H(12, 2), 0))  # 4 away


def test_word_rank_of_the_target() -> None:
    picks_only({"type": "rank", "ranks": [2]}, ("brute", N, 0), ("goblin", E, 0))


def test_word_legend_of_the_target() -> None:
    picks_only({"type": "legend"}, ("surt", TWO_AWAY, 0), ("troll", N, 0))
    picks_only({"type": "legend", "is": False}, ("troll", N, 0), ("surt", TWO_AWAY, 0))


def test_word_faction_of_the_target() -> None:
    picks_only({"type": "faction", "factions": ["dead"]}, ("imp", N, 0), ("goblin", E, 0))


def test_word_kind_of_the_target() -> None:
    picks_only({"type": "kind", "kinds": ["brute"]}, ("brute", N, 0), ("troll", E, 0))


def test_word_health_left_of_the_target() -> None:
    picks_only({"type": "health-left", "max": 2}, ("troll", N, 5), ("troll", E, 4))


def test_word_undamaged_target() -> None:
    picks_only({"type": "undamaged"}, ("troll", N, 0), ("troll", E, 1))


def test_word_closer_to_grimheim_than_the_hero() -> None:
    # HERE is 2 steps from Grimheim along the path, SE 1 and N 3
    picks_only({"type": "closer-to-grimheim"}, ("troll", SE, 0), ("troll", N, 0))


def test_target_conditions_in_only_if_ask_about_the_rolls_target() -> None:
    card = event(
        use(
            {"type": "add-damage", "amount": 2},
            when="attack-roll",
            only_if=[{"type": "rank", "ranks": [3]}],
        )
    )
    state = game(card, monsters=[("troll", N), ("brute", E)])
    assert legal(rolled(state, gh.Roll(0, 0, 0, 3), N)) == [gh.Use(CARD), gh.ResolveAttack()]
    assert damage_on(rolled(state, gh.Roll(1, 0, 0, 2), E), E) == 1  # a brute: not asked


# == costs =========================================================================================


def test_word_mana_is_paid_from_the_card_itself() -> None:
    card = ability(use(RANGE, cost=[{"type": "mana", "amount": 2}]))
    state = game(card)
    assert uses(sc.set_card(state, "bjorn", ABILITY, mana=1)) == []
    paid = run(sc.set_card(state, "bjorn", ABILITY, mana=3), gh.Use(ABILITY)).state
    assert card_state(paid, ABILITY).mana == 1
    assert turn(paid).range_bonus == 1


def test_word_mana_any_asks_which_cards_pay() -> None:
    cards = (
        ability(mana_gen=1),
        equipment(mana_gen=1),
        event(use(RANGE, cost=[{"type": "mana-any", "amount": 2}])),
    )
    state = game(*cards)
    state = sc.set_card(sc.set_card(state, "bjorn", ABILITY, mana=1), "bjorn", GEAR, mana=2)
    assert uses(sc.set_card(state, "bjorn", GEAR, mana=0)) == []
    asked = gh.apply(state, gh.Use(CARD))
    assert legal(asked) == [gh.TargetCard(ABILITY), gh.TargetCard(GEAR)]
    asked = gh.apply(asked, gh.TargetCard(GEAR))
    assert legal(asked) == [gh.TargetCard(ABILITY), gh.TargetCard(GEAR)]
    paid = run(asked, gh.TargetCard(GEAR)).state
    assert (card_state(paid, ABILITY).mana, card_state(paid, GEAR).mana) == (1, 0)
    assert turn(paid).range_bonus == 1


def test_word_durability_puts_damage_markers_on_the_equipment() -> None:
    state = game(equipment(use(RANGE, cost=[{"type": "durability", "amount": 1}]), durability=2))
    paid = run(state, gh.Use(GEAR)).state
    assert card_state(paid, GEAR).damage == 1 and turn(paid).range_bonus == 1
    assert uses(sc.set_card(state, "bjorn", GEAR, damage=2)) == []


def test_word_counters_takes_markers_off_the_card() -> None:
    gear = {**equipment(use(RANGE, cost=[{"type": "counters", "amount": 2}])), "counters": 3}
    state = game(gear)
    assert card_state(state, GEAR).counters == 3  # a starting card comes with its markers
    paid = run(state, gh.Use(GEAR)).state
    assert card_state(paid, GEAR).counters == 1 and turn(paid).range_bonus == 1
    assert uses(sc.set_card(state, "bjorn", GEAR, counters=1)) == []


def test_word_gold_is_paid() -> None:
    state = game(event(use(RANGE, cost=[{"type": "gold", "amount": 2}])))
    assert uses(sc.set_hero(state, "bjorn", gold=1)) == []
    r = run(sc.set_hero(state, "bjorn", gold=3), gh.Use(CARD))
    assert gold(r.state) == 1 and turn(r.state).range_bonus == 1
    assert r.of(gh.GoldGained) == [gh.GoldGained(0, -2)]


def test_word_spend_action_uses_up_an_action_marker() -> None:
    state = game(event(use(RANGE, cost=[{"type": "spend-action", "action": "practice"}])))
    paid = run(state, gh.Use(CARD)).state
    assert turn(paid).actions == ("practice",) and turn(paid).range_bonus == 1
    assert gh.Practice() not in legal(paid) and gold(paid) == 0
    assert uses(run(state, gh.Practice()).state) == []  # the marker is taken already
    two = run(state, gh.Prepare(), gh.MoveTo(N)).state
    assert uses(two) == []  # two actions taken: no marker left


def test_word_discard_asks_which_cards_even_with_one_choice() -> None:
    state = game(event(use(RANGE, cost=[{"type": "discard", "count": 1}])))
    assert uses(state) == []  # the card played is not one to discard
    state = sc.give_card(state, "bjorn", "t-filler")
    asked = gh.apply(state, gh.Use(CARD))
    assert legal(asked) == [gh.TargetCard("t-filler")]  # private: asked all the same
    paid = run(asked, gh.TargetCard("t-filler")).state
    info = sc.hero_info(paid, "bjorn")
    assert info.hand == () and paid.heroes[0].discard == (CARD, "t-filler")
    assert turn(paid).range_bonus == 1


def test_word_take_damage_is_paid_at_any_damage_and_may_knock_the_hero_out() -> None:
    state = game(event(use(RANGE, cost=[{"type": "take-damage", "amount": 2}])))
    r = run(state, gh.Use(CARD))
    assert hurt(r.state) == 2 and r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 2, 0)]
    assert r.of(gh.HeroKnockedOut) == []
    brink = sc.set_hero(state, "bjorn", damage=7)  # 9 health: 2 more knock him out (G39)
    assert uses(brink) == [gh.Use(CARD)]
    r = run(brink, gh.Use(CARD))
    assert r.of(gh.HeroKnockedOut) == [gh.HeroKnockedOut(0, 2)]
    assert (sc.hero_info(r.state, "bjorn").at, hurt(r.state)) == (gh.GRIMHEIM, 5)
    assert turn(r.state).range_bonus == 1  # the cost was paid: the effect follows


def test_word_spawn_asks_where_the_monsters_stand() -> None:
    state = game(event(use(RANGE, cost=[{"type": "spawn", "kind": "goblin", "count": 2}])))
    asked = gh.apply(state, gh.Use(CARD))
    assert targets(asked) == {N, NE, E, SE, SW, W}
    asked = gh.apply(asked, gh.Target(N))
    assert targets(asked) == {NE, E, SE, SW, W}
    paid = run(asked, gh.Target(E)).state
    assert sc.monster_at(paid, N) == sc.monster_at(paid, E) == sc.MonsterInfo("goblin", 0, 0)
    assert turn(paid).range_bonus == 1
    assert uses(sc.put_hero(state, "bjorn", gh.GRIMHEIM)) == []


# == effects: damaging monsters ====================================================================


def test_word_deal_damage_to_one_monster_armor_prevents_one() -> None:
    plain = event(use({"type": "deal-damage", "amount": 2}))
    state = game(plain, monsters=[("troll", N), ("draugr", E)])
    asked = gh.apply(state, gh.Use(CARD))
    assert targets(asked) == {N, E}
    assert damage_on(run(asked, gh.Target(N)).state, N) == 2
    assert damage_on(run(asked, gh.Target(E)).state, E) == 1  # the draugr's armor


def test_word_deal_damage_unpreventable_ignores_armor() -> None:
    card = event(use({"type": "deal-damage", "amount": 2, "unpreventable": True}))
    assert damage_on(run(game(card, monsters=[("draugr", E)]), gh.Use(CARD)).state, E) == 2


def test_word_deal_damage_that_kills_earns_the_gold() -> None:
    card = event(use({"type": "deal-damage", "amount": 3}))
    r = run(game(card, monsters=[("brute", N)]), gh.Use(CARD))
    assert sc.monster_at(r.state, N) is None
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("brute", N, 0, 2)] and gold(r.state) == 2


def test_word_damage_each_up_to_n_different_monsters() -> None:
    card = event(use({"type": "damage-each", "amount": 1, "up_to": 2}))
    state = game(card, monsters=[("troll", N), ("troll", E), ("troll", SE)])
    first = gh.apply(state, gh.Use(CARD))
    assert legal(first) == [gh.Target(N), gh.Target(E), gh.Target(SE)]  # no stop before one
    second = gh.apply(first, gh.Target(E))
    assert set(legal(second)) == {gh.Target(N), gh.Target(SE), gh.StopTargets()}
    both = run(second, gh.Target(N)).state
    assert [damage_on(both, a) for a in (N, E, SE)] == [1, 1, 0]
    one = run(second, gh.StopTargets()).state
    assert [damage_on(one, a) for a in (N, E, SE)] == [0, 1, 0]


def test_word_damage_each_at_least_as_many_as_up_to_takes_that_many() -> None:
    card = event(use({"type": "damage-each", "amount": 1, "up_to": 2, "at_least": 2}))
    assert uses(game(card, monsters=[("troll", N)])) == []  # one monster: not offered
    state = game(card, monsters=[("troll", N), ("troll", E), ("troll", SE)])
    second = gh.apply(gh.apply(state, gh.Use(CARD)), gh.Target(E))
    assert set(legal(second)) == {gh.Target(N), gh.Target(SE)}  # no stop before two
    both = run(second, gh.Target(SE)).state
    assert [damage_on(both, a) for a in (N, E, SE)] == [0, 1, 1]


def test_word_damage_each_picks_at_least_1_and_no_more_than_up_to() -> None:
    for least, reason in ((0, "at least 1 monster"), (3, "at least more monsters than at most")):
        effect = {"type": "damage-each", "amount": 1, "up_to": 2, "at_least": least}
        check_refused(use(effect), f"damage-each picks {reason}", ".effects[0]")


def test_word_kill_removes_a_monster_for_its_gold() -> None:
    card = event(use({"type": "kill", "to": "adjacent"}))
    r = run(game(card, monsters=[("troll", N), ("troll", TWO_AWAY)]), gh.Use(CARD))
    assert sc.monster_at(r.state, N) is None and damage_on(r.state, TWO_AWAY) == 0
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("troll", N, 0, 3)] and gold(r.state) == 3


def test_word_roll_against_rolls_its_own_dice_not_an_attack_action() -> None:
    card = event(use({"type": "roll-against", "dice": 2}))
    state = gh.apply(game(card, monsters=[("troll", N)]), gh.Use(CARD))
    assert dice(state) == 2
    r = run(state, gh.Roll(1, 0, 0, 1))
    assert damage_on(r.state, N) == 1
    assert turn(r.state).actions == () and gh.Attack(N) in legal(r.state)


def test_word_roll_against_several_monsters_one_roll_each() -> None:
    card = event(use({"type": "roll-against", "dice": 1, "up_to": 2}))
    state = gh.apply(game(card, monsters=[("troll", N), ("troll", E)]), gh.Use(CARD))
    state = gh.apply(gh.apply(state, gh.Target(E)), gh.Target(N))
    r = run(state, gh.Roll(1, 0, 0, 0), gh.Roll(0, 0, 0, 1))  # E first, then N
    assert (damage_on(r.state, E), damage_on(r.state, N)) == (1, 0)


# == effects: monsters moved and marked ============================================================


def test_word_move_monster_moves_the_monster_picked_before() -> None:
    card = event(use({"type": "deal-damage", "amount": 1}, {"type": "move-monster", "areas": 2}))
    asked = gh.apply(game(card, monsters=[("troll", N)]), gh.Use(CARD))
    ends = targets(asked)
    assert H(10, 3) in ends and TWO_AWAY in ends and HERE not in ends and H(10, 2) not in ends
    assert gh.StopTargets() not in legal(asked)  # the move is no choice (G31)
    moved = run(asked, gh.Target(H(10, 3))).state
    assert sc.monster_at(moved, N) is None
    assert sc.monster_at(moved, H(10, 3)) == sc.MonsterInfo("troll", 1, 0)


def test_word_move_monster_moves_1_to_4_areas() -> None:
    for areas in (0, 5):
        effect = {"type": "move-monster", "areas": areas}
        check_refused(use(effect), "a card moves a monster 1 to 4 areas", ".effects[0]")


def test_word_move_monster_not_a_pinned_monster_during_the_monster_turn() -> None:
    """A pinned monster is moved by nothing during the monster turn (G34), a card's move
    included; on the hero's own turn a card still moves it (G31)."""
    kick = use(
        {"type": "deal-damage", "amount": 1, "to": "adjacent"},
        {"type": "move-monster", "areas": 1},
        when="after-monster-move",
    )
    state = game(ability(kick), monsters=[("troll", N)])
    control = monster_turn(state, gh.Use(ABILITY), gh.Target(TWO_AWAY))
    assert sc.monster_at(control.state, TWO_AWAY) == sc.MonsterInfo("troll", 1, 0)
    pinned = attrs.evolve(
        state, monsters=tuple(attrs.evolve(m, pinned=True) for m in state.monsters)
    )
    r = monster_turn(pinned, gh.Use(ABILITY))
    assert r.of(gh.MonsterMoved) == []
    assert sc.monster_at(r.state, N) == sc.MonsterInfo("troll", 1, 0)


def test_word_move_monster_never_into_grimheim() -> None:
    card = event(use({"type": "deal-damage", "amount": 1}, {"type": "move-monster", "areas": 1}))
    asked = gh.apply(game(card, monsters=[("troll", SE)]), gh.Use(CARD))
    assert gh.GRIMHEIM not in targets(asked) and targets(asked)


def test_word_swap_switches_places_with_the_monster() -> None:
    card = event(use({"type": "deal-damage", "amount": 1}, {"type": "swap"}))
    r = run(game(card, monsters=[("troll", N)]), gh.Use(CARD))
    assert at(r.state) == N
    assert sc.monster_at(r.state, HERE) == sc.MonsterInfo("troll", 1, 0)


def test_word_swap_not_with_a_pinned_monster_during_the_monster_turn() -> None:
    swap = use(
        {"type": "deal-damage", "amount": 1, "to": "adjacent"},
        {"type": "swap"},
        when="after-monster-move",
    )
    state = game(ability(swap), monsters=[("troll", N)])
    control = monster_turn(state, gh.Use(ABILITY))
    assert sc.monster_at(control.state, HERE) == sc.MonsterInfo("troll", 1, 0)
    pinned = attrs.evolve(
        state, monsters=tuple(attrs.evolve(m, pinned=True) for m in state.monsters)
    )
    r = monster_turn(pinned, gh.Use(ABILITY))
    assert sc.monster_at(r.state, N) == sc.MonsterInfo("troll", 1, 0)
    assert sc.hero_info(r.state, "bjorn").at == HERE


def test_word_pin_keeps_a_monster_in_place_for_the_monster_turn() -> None:
    card = event(use({"type": "pin", "to": "any", "only": [{"type": "kind", "kinds": ["brute"]}]}))
    state = game(card, at=gh.GRIMHEIM, monsters=[("brute", H(13, 3)), ("troll", H(13, 2))])
    pinned = run(state, gh.Use(CARD)).state
    assert sc.monster_at(pinned, H(13, 3)) == sc.MonsterInfo("brute", 0, 0, pinned=True)
    after = monster_turn(pinned).state
    assert sc.monster_at(after, H(13, 3)) == sc.MonsterInfo("brute", 0, 0)  # no longer pinned
    assert sc.monster_at(after, H(13, 2)) is None  # the troll moved on


def test_word_pin_again_false_not_the_monster_pinned_last_time() -> None:
    card = ability(use({"type": "pin", "to": "any", "again": False}))
    state = game(card, at=gh.GRIMHEIM, monsters=[("brute", H(13, 3))])
    after = monster_turn(run(state, gh.Use(ABILITY)).state).state
    assert sc.monster_at(after, H(13, 3)) is not None
    assert uses(after) == []
    again = game(
        ability(use({"type": "pin", "to": "any"})), at=gh.GRIMHEIM, monsters=[("brute", H(13, 3))]
    )
    assert uses(monster_turn(run(again, gh.Use(ABILITY)).state).state) == [gh.Use(ABILITY)]


def test_word_bounty_adds_gold_to_the_kill() -> None:
    card = event(use({"type": "bounty", "amount": 2}))
    marked = run(game(card, monsters=[("goblin", N)]), gh.Use(CARD)).state
    assert sc.monster_at(marked, N) == sc.MonsterInfo("goblin", 0, 0, bounty=2)
    r = run(marked, gh.Attack(N), gh.Roll(2, 0, 0, 1))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled("goblin", N, 0, 3)] and gold(r.state) == 3


# == effects: helping heroes =======================================================================


def test_word_heal_removes_damage_from_the_hero() -> None:
    state = game(event(use({"type": "heal", "amount": 2})))
    assert uses(state) == []  # nothing to heal
    healed = run(sc.set_hero(state, "bjorn", damage=3), gh.Use(CARD))
    assert hurt(healed.state) == 1 and healed.of(gh.HeroHealed) == [gh.HeroHealed(0, 2)]


def test_word_heal_a_hero_in_reach() -> None:
    card = event(use({"type": "heal", "amount": 2, "to": "hero-in-reach"}))
    state = sc.set_hero(game(card, heroes=("bjorn", "alva")), "alva", damage=3)
    assert uses(state) == []  # Alva is in Grimheim, out of reach
    near = sc.set_hero(sc.put_hero(state, "alva", N), "bjorn", damage=1)
    asked = gh.apply(near, gh.Use(CARD))
    assert legal(asked) == [gh.TargetHero(0), gh.TargetHero(1)]
    assert sc.hero_info(run(asked, gh.TargetHero(1)).state, "alva").damage == 1


def test_word_heal_hero_or_equipment_in_reach() -> None:
    cards = (
        equipment(durability=3),
        event(use({"type": "heal", "amount": 2, "to": "hero-or-equipment-in-reach"})),
    )
    state = sc.set_card(sc.set_hero(game(*cards), "bjorn", damage=1), "bjorn", GEAR, damage=3)
    asked = gh.apply(state, gh.Use(CARD))
    assert legal(asked) == [gh.TargetHero(0), gh.TargetCard(GEAR)]
    after = run(asked, gh.TargetCard(GEAR)).state
    assert card_state(after, GEAR).damage == 1 and hurt(after) == 1


def test_word_repair_removes_damage_markers_from_equipment() -> None:
    cards = (
        equipment(durability=3),
        event(use({"type": "repair", "amount": "all", "to": "each-equipment"})),
    )
    state = game(*cards)
    assert uses(state) == []  # nothing to repair
    after = run(sc.set_card(state, "bjorn", GEAR, damage=2), gh.Use(CARD)).state
    assert card_state(after, GEAR).damage == 0


def test_word_repair_this_card() -> None:
    gear = equipment(use({"type": "repair", "amount": 1, "to": "this-card"}), durability=3)
    state = game(gear)
    assert uses(state) == []
    after = run(sc.set_card(state, "bjorn", GEAR, damage=2), gh.Use(GEAR)).state
    assert card_state(after, GEAR).damage == 1


def test_word_gain_gold_adds_gold() -> None:
    r = run(game(event(use({"type": "gain-gold", "amount": 2}))), gh.Use(CARD))
    assert gold(r.state) == 2 and r.of(gh.GoldGained) == [gh.GoldGained(0, 2)]


def test_word_gain_mana_on_a_card_that_holds_mana() -> None:
    card = event(use({"type": "gain-mana", "amount": 2}))
    assert uses(game(card)) == []  # no card of Bjorn's holds mana
    state = game(ability(mana_gen=1), card)
    after = run(state, gh.Use(CARD)).state
    assert card_state(after, ABILITY).mana == 2


def test_word_gain_mana_on_this_card() -> None:
    state = game(ability(use({"type": "gain-mana", "amount": 1, "to": "this-card"})))
    assert card_state(run(state, gh.Use(ABILITY)).state, ABILITY).mana == 1


def test_word_draw_draws_event_cards() -> None:
    state = game(event(use({"type": "draw", "count": 2})))
    drawing = gh.apply(state, gh.Use(CARD))
    assert gh.current_player(drawing) == CHANCE and legal(drawing) == [gh.Drawn("t-filler")]
    after = run(drawing).state
    assert sc.hero_info(after, "bjorn").hand == ("t-filler", "t-filler")


def test_word_draw_to_fills_the_hand_to_a_size() -> None:
    state = game(event(use({"type": "draw-to", "hand": 3})), hand=(CARD, "t-filler"))
    after = run(state, gh.Use(CARD)).state
    assert sc.hero_info(after, "bjorn").hand == ("t-filler",) * 3


def test_word_add_town_piece_beyond_the_start_never_above_the_10_pieces_of_the_game() -> None:
    # G27 (revised): the set-up count is no limit; the 10 pieces of the game are
    card = event(use({"type": "add-town-piece", "count": 2}))
    state = game(card)
    r = run(state, gh.Use(CARD))
    assert sc.town_pieces(r.state) == 6 and r.of(gh.TownPiecesAdded) == [gh.TownPiecesAdded(2)]
    r = run(sc.set_town(state, 9), gh.Use(CARD))
    assert sc.town_pieces(r.state) == 10 and r.of(gh.TownPiecesAdded) == [gh.TownPiecesAdded(1)]
    assert uses(sc.set_town(state, 10)) == []


def test_word_perform_action_without_an_action_marker() -> None:
    r = run(game(event(use({"type": "perform-action", "action": "practice"}))), gh.Use(CARD))
    assert gold(r.state) == 1 and turn(r.state).actions == ()
    assert gh.Practice() in legal(r.state)


def test_word_perform_action_offered_only_when_the_action_can_be_made() -> None:
    card = event(use({"type": "perform-action", "action": "attack"}))
    assert uses(game(card)) == []  # nothing to attack
    state = gh.apply(game(card, monsters=[("troll", N)]), gh.Use(CARD))
    assert dice(state) == 3


def test_word_complete_quest_brings_the_top_equipment_into_play() -> None:
    quest = prize({"cost": [{"type": "gold", "amount": 99}]})  # out of reach
    state = game(quest, event(use({"type": "complete-quest"})))
    assert gh.CompleteQuest() not in legal(state)
    assert state.heroes[0].equipment == ("t-prize",)
    r = run(state, gh.Use(CARD))
    assert sc.hero_info(r.state, "bjorn").in_play[-1] == "t-prize"
    assert r.of(gh.QuestCompleted) == [gh.QuestCompleted(0, "t-prize")]
    assert uses(game(event(use({"type": "complete-quest"})))) == []  # no quest to complete


# == effects: movement =============================================================================


def test_word_move_is_a_movement_apart_from_the_move_action() -> None:
    state = gh.apply(game(event(use({"type": "move", "areas": 2}))), gh.Use(CARD))
    ends = {a.to for a in legal(state) if isinstance(a, gh.MoveTo)}
    assert TWO_AWAY in ends and N in ends and H(10, 3) not in ends
    assert legal(state)[-1] == gh.SkipMove()
    moved = run(state, gh.MoveTo(TWO_AWAY)).state
    assert at(moved) == TWO_AWAY and turn(moved).actions == ()
    assert any(isinstance(a, gh.MoveTo) for a in legal(moved))  # the move action is left


def test_word_move_into_an_area_meeting_conditions() -> None:
    card = event(use({"type": "move", "areas": 2, "into": [{"type": "terrain", "is": ["forest"]}]}))
    state = gh.apply(game(card), gh.Use(CARD))
    ends = {a.to for a in legal(state) if isinstance(a, gh.MoveTo)}
    geo = state.config.geo
    assert W in ends and TWO_AWAY in ends and N not in ends
    assert all(geo.terrain[geo.area(h)] == "forest" for h in ends)


def test_word_add_move_extends_this_turns_move_action() -> None:
    state = game(event(use({"type": "add-move", "amount": 2})))
    far = H(10, 1)  # five steps
    assert gh.MoveTo(far) not in legal(state)
    after = run(state, gh.Use(CARD)).state
    assert turn(after).move_bonus == 2 and gh.MoveTo(far) in legal(after)
    assert uses(run(state, gh.MoveTo(N)).state) == []  # the move action is over


def test_word_stay_forbids_moving_for_the_rest_of_the_turn() -> None:
    state = game(event(use(GAIN, {"type": "stay"})))
    after = run(state, gh.Use(CARD)).state
    assert turn(after).stay and gold(after) == 1
    assert not any(isinstance(a, gh.MoveTo) for a in legal(after))


# == effects: rolls ================================================================================


def roll_card(*effects: Json, when: str = "attack-roll", **fields: Any) -> Json:
    return event(use(*effects, when=when, **fields))


def test_word_add_damage_to_the_roll() -> None:
    state = rolled(
        game(roll_card({"type": "add-damage", "amount": 2}), monsters=[("troll", N)]),
        gh.Roll(1, 0, 0, 2),
    )
    assert legal(state) == [gh.Use(CARD), gh.ResolveAttack()]
    assert damage_on(run(state, gh.Use(CARD)).state, N) == 3


def test_word_add_dice_rolls_more_dice() -> None:
    state = rolled(
        game(roll_card({"type": "add-dice", "count": 2}), monsters=[("troll", N)]),
        gh.Roll(1, 0, 0, 2),
    )
    more = gh.apply(state, gh.Use(CARD))
    assert dice(more) == 2
    assert damage_on(run(more, gh.Roll(1, 0, 0, 1)).state, N) == 2


def test_word_rerolls_rolls_every_missed_die_again() -> None:
    card = roll_card({"type": "rerolls"})
    state = rolled(game(card, monsters=[("troll", N)]), gh.Roll(1, 0, 1, 1))
    again = gh.apply(state, gh.Use(CARD))
    assert dice(again) == 2  # the rune and the miss
    assert damage_on(run(again, gh.Roll(2, 0, 0, 0)).state, N) == 3
    covered = rolled(game(card, monsters=[("troll", W)]), gh.Roll(1, 2, 0, 0), W)
    assert dice(gh.apply(covered, gh.Use(CARD))) == 2  # hits unless cover, in a forest
    hit = rolled(game(card, monsters=[("troll", N)]), gh.Roll(3, 0, 0, 0))
    assert not hit.frames and damage_on(hit, N) == 3  # nothing missed: not offered


def test_word_divert_deals_part_of_the_damage_to_another_monster() -> None:
    card = roll_card({"type": "divert", "amount": "x"}, x={"min": 1, "max": {"per": "roll-damage"}})
    state = rolled(game(card, monsters=[("troll", N), ("troll", E)]), gh.Roll(3, 0, 0, 0))
    assert uses(state) == [gh.Use(CARD, 0, 1), gh.Use(CARD, 0, 2), gh.Use(CARD, 0, 3)]
    after = run(state, gh.Use(CARD, 0, 1)).state  # one other monster: no question
    assert (damage_on(after, N), damage_on(after, E)) == (2, 1)
    alone = rolled(game(card, monsters=[("troll", N), ("troll", TWO_AWAY)]), gh.Roll(3, 0, 0, 0))
    assert damage_on(alone, N) == 3  # no other monster next to Bjorn: not offered


def test_word_store_keeps_the_damage_to_spare_on_the_card() -> None:
    store = {"type": "store", "amount": {"per": "excess"}, "most": 3}
    state = game(ability(use(store, when="excess"), strength=2), monsters=[("goblin", N)])
    state = rolled(state, gh.Roll(5, 0, 0, 0))  # 5 damage, 2 health: 3 to spare
    assert sc.monster_at(state, N) is None
    assert legal(state) == [gh.Use(ABILITY), gh.ResolveAttack()]
    stored = run(state, gh.Use(ABILITY)).state
    assert card_state(stored, ABILITY).counters == 3
    full = sc.set_card(
        game(ability(use(store, when="excess"), strength=2), monsters=[("goblin", N)]),
        "bjorn",
        ABILITY,
        counters=3,
    )
    assert not rolled(full, gh.Roll(5, 0, 0, 0)).frames  # the card is full: not asked


def test_word_add_range_this_turn() -> None:
    state = game(event(use({"type": "add-range", "amount": 1})), monsters=[("troll", TWO_AWAY)])
    assert gh.Attack(TWO_AWAY) not in legal(state)
    after = run(state, gh.Use(CARD)).state
    assert turn(after).range_bonus == 1 and gh.Attack(TWO_AWAY) in legal(after)
    assert turn(monster_turn(after).state).range_bonus == 0  # this turn only


# == effects: when hit =============================================================================


THREE_HITS = gh.Roll(3, 0, 0, 3)


def hit_by_troll(*cards: Json, roll: gh.Roll = THREE_HITS) -> gh.State:
    """The monster turn up to the troll in N hitting Bjorn (in HERE) with ``roll``: Bjorn is
    asked whether to prevent the damage."""
    state = game(*cards, monsters=[("troll", N)])
    return until(state, lambda s: gh.DeclinePrevention() in legal(s), gh.EndTurn(), roll).state


def test_word_prevent_damage_about_to_be_dealt() -> None:
    state = hit_by_troll(event(use({"type": "prevent", "amount": 2}, when="hit")))
    assert legal(state) == [gh.Use(CARD), gh.DeclinePrevention()]
    r = run(state, gh.Use(CARD))
    assert r.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 2)]
    assert hurt(r.state) == 1


# == targets (the ``to`` of a word) ================================================================


def test_target_in_range_is_the_attack_range_or_within() -> None:
    plain = event(use({"type": "deal-damage", "amount": 1}))
    state = game(plain, monsters=[("troll", N), ("troll", TWO_AWAY)])
    after = run(state, gh.Use(CARD)).state  # range 1: only N
    assert (damage_on(after, N), damage_on(after, TWO_AWAY)) == (1, 0)
    within = event(use({"type": "deal-damage", "amount": 1, "within": 2}))
    state = game(within, monsters=[("troll", N), ("troll", TWO_AWAY), ("troll", H(10, 3))])
    assert targets(gh.apply(state, gh.Use(CARD))) == {N, TWO_AWAY}
    assert uses(sc.put_hero(state, "bjorn", gh.GRIMHEIM)) == []  # none from Grimheim


def test_target_in_range_counts_this_turns_range_bonus() -> None:
    cards = (
        event(use({"type": "deal-damage", "amount": 1})),
        event(use({"type": "add-range", "amount": 1}), card="t-range"),
    )
    state = game(*cards, monsters=[("troll", TWO_AWAY)])
    assert uses(state) == [gh.Use("t-range")]
    after = run(state, gh.Use("t-range"), gh.Use(CARD)).state
    assert damage_on(after, TWO_AWAY) == 1


def test_target_adjacent_is_next_to_the_hero_whatever_the_range() -> None:
    card = ability(use({"type": "deal-damage", "amount": 1, "to": "adjacent"}), range=2)
    state = game(card, monsters=[("troll", N), ("troll", TWO_AWAY)])
    assert gh.Attack(TWO_AWAY) in legal(state)  # in range …
    after = run(state, gh.Use(ABILITY)).state  # … but not adjacent
    assert (damage_on(after, N), damage_on(after, TWO_AWAY)) == (1, 0)


def test_target_any_is_anywhere_on_the_board() -> None:
    card = event(use({"type": "deal-damage", "amount": 1, "to": "any"}))
    state = game(card, at=gh.GRIMHEIM, monsters=[("troll", FAR), ("troll", N)])
    assert targets(gh.apply(state, gh.Use(CARD))) == {FAR, N}


def test_target_attacker_is_the_monster_attacking() -> None:
    card = event(use({"type": "deal-damage", "amount": 2, "to": "attacker"}, when="hit"))
    state = hit_by_troll(card)
    assert legal(state) == [gh.Use(CARD), gh.DeclinePrevention()]
    r = run(state, gh.Use(CARD))
    assert damage_on(r.state, N) == 2 and hurt(r.state) == 3


def test_target_attacker_after_the_attack() -> None:
    card = event(use({"type": "deal-damage", "amount": 2, "to": "attacker"}, when="attacked"))
    state = game(card, monsters=[("troll", N)])
    r = monster_turn(state, gh.Roll(1, 0, 0, 5), gh.Use(CARD))
    assert hurt(r.state) == 1 and r.of(gh.CardPlayed) == [gh.CardPlayed(0, CARD)]
    assert damage_on(r.state, N) == 2


def test_target_bound_is_the_monster_an_earlier_effect_picked() -> None:
    card = event(
        use(
            {"type": "deal-damage", "amount": 1, "to": "adjacent"},
            {"type": "deal-damage", "amount": 2, "to": "bound"},
        )
    )
    state = game(card, monsters=[("troll", N), ("troll", E)])
    after = run(gh.apply(state, gh.Use(CARD)), gh.Target(E)).state
    assert (damage_on(after, N), damage_on(after, E)) == (0, 3)


def test_target_target_is_the_monster_rolled_against() -> None:
    card = roll_card({"type": "deal-damage", "amount": 2, "to": "target"})
    state = rolled(game(card, monsters=[("troll", N), ("troll", E)]), gh.Roll(0, 0, 0, 3), E)
    after = run(state, gh.Use(CARD)).state
    assert (damage_on(after, N), damage_on(after, E)) == (0, 2)


def test_target_near_target_is_next_to_the_rolls_target() -> None:
    card = roll_card({"type": "deal-damage", "amount": 1, "to": "near-target"})
    state = game(card, monsters=[("troll", N), ("troll", TWO_AWAY), ("troll", SE)])
    after = run(rolled(state, gh.Roll(0, 0, 0, 3)), gh.Use(CARD)).state
    assert [damage_on(after, a) for a in (N, TWO_AWAY, SE)] == [0, 1, 0]


def excess_card(to: str) -> Json:
    return ability(
        use({"type": "deal-damage", "amount": {"per": "excess"}, "to": to}, when="excess")
    )


def test_target_behind_killed_is_farther_from_the_hero() -> None:
    state = game(
        excess_card("behind-killed"), monsters=[("goblin", N), ("troll", TWO_AWAY), ("troll", NE)]
    )
    state = rolled(state, gh.Roll(3, 0, 0, 0))  # 1 to spare
    assert legal(state) == [gh.Use(ABILITY), gh.ResolveAttack()]
    after = run(state, gh.Use(ABILITY)).state
    assert (damage_on(after, TWO_AWAY), damage_on(after, NE)) == (1, 0)


def test_target_clockwise_from_killed_is_the_next_monster_around_the_hero() -> None:
    state = game(
        excess_card("clockwise-from-killed"), monsters=[("goblin", N), ("troll", E), ("troll", W)]
    )
    after = run(rolled(state, gh.Roll(3, 0, 0, 0)), gh.Use(ABILITY)).state
    assert (damage_on(after, E), damage_on(after, W)) == (1, 0)  # NE is empty: E is next


# == x: the number the hero chooses ================================================================


def test_x_one_use_per_number_of_the_range() -> None:
    state = game(event(use({"type": "gain-gold", "amount": "x"}, x={"min": 1, "max": 3})))
    assert uses(state) == [gh.Use(CARD, 0, 1), gh.Use(CARD, 0, 2), gh.Use(CARD, 0, 3)]
    assert gold(run(state, gh.Use(CARD, 0, 2)).state) == 2


def test_x_only_numbers_whose_costs_can_be_paid() -> None:
    card = ability(
        use(GAIN, cost=[{"type": "mana", "amount": "x"}], x={"min": 1, "max": 4}), mana_gen=1
    )
    state = sc.set_card(game(card), "bjorn", ABILITY, mana=2)
    assert uses(state) == [gh.Use(ABILITY, 0, 1), gh.Use(ABILITY, 0, 2)]
    after = run(state, gh.Use(ABILITY, 0, 2)).state
    assert card_state(after, ABILITY).mana == 0


def test_x_up_to_a_count() -> None:
    card = event(
        use({"type": "prevent", "amount": "x"}, when="hit", x={"min": 1, "max": {"per": "damage"}})
    )
    state = hit_by_troll(card, roll=gh.Roll(2, 0, 0, 4))
    assert legal(state) == [gh.Use(CARD, 0, 1), gh.Use(CARD, 0, 2), gh.DeclinePrevention()]
    assert run(state, gh.Use(CARD, 0, 2)).of(gh.HeroDamaged) == [gh.HeroDamaged(0, 0, 2)]


# == amounts: counts ===============================================================================


def test_count_per_rune_counts_the_runes_of_the_roll() -> None:
    card = roll_card({"type": "add-damage", "amount": {"per": "rune", "times": 2}})
    state = rolled(game(card, monsters=[("troll", N)]), gh.Roll(1, 0, 2, 0))
    assert damage_on(run(state, gh.Use(CARD)).state, N) == 5
    assert damage_on(rolled(game(card, monsters=[("troll", N)]), gh.Roll(1, 0, 0, 2)), N) == 1


def test_count_per_new_rune_counts_the_last_dice_only() -> None:
    bonus = ability(
        use({"type": "add-damage", "amount": {"per": "new-rune"}}, when="attack-roll", limit="none")
    )
    more = roll_card({"type": "add-dice", "count": 1})
    state = rolled(game(bonus, more, monsters=[("troll", N)]), gh.Roll(0, 0, 1, 2))
    state = gh.apply(state, gh.Use(ABILITY))  # +1: one rune rolled
    state = gh.apply(gh.apply(state, gh.Use(CARD)), gh.Roll(0, 0, 1, 0))
    assert legal(state) == [gh.Use(ABILITY), gh.ResolveAttack()]
    after = run(state, gh.Use(ABILITY)).state  # +1: one new rune (not the two in all)
    assert damage_on(after, N) == 2


def test_count_per_distance_counts_the_areas_to_the_target() -> None:
    card = ability(
        use({"type": "add-damage", "amount": {"per": "distance"}}, when="attack-roll"), range=1
    )
    state = rolled(game(card, monsters=[("troll", TWO_AWAY)]), gh.Roll(0, 0, 0, 3), TWO_AWAY)
    assert damage_on(run(state, gh.Use(ABILITY)).state, TWO_AWAY) == 2


def test_count_per_adjacent_monster_counts_the_monsters_next_to_the_hero() -> None:
    card = event(use({"type": "gain-gold", "amount": {"per": "adjacent-monster", "plus": 1}}))
    state = game(card, monsters=[("troll", N), ("troll", E), ("troll", TWO_AWAY)])
    assert gold(run(state, gh.Use(CARD)).state) == 3


def test_count_per_excess_counts_the_damage_to_spare() -> None:
    card = ability(
        use({"type": "gain-gold", "amount": {"per": "excess"}}, when="excess"), strength=2
    )
    state = rolled(game(card, monsters=[("goblin", N)]), gh.Roll(5, 0, 0, 0))
    assert gold(state) == 1  # the goblin's gold
    assert gold(run(state, gh.Use(ABILITY)).state) == 4  # and 3 to spare


def test_count_per_damage_counts_the_damage_coming() -> None:
    card = event(
        use({"type": "deal-damage", "amount": {"per": "damage"}, "to": "attacker"}, when="hit")
    )
    state = hit_by_troll(card, roll=gh.Roll(4, 0, 0, 2))
    assert damage_on(run(state, gh.Use(CARD)).state, N) == 4


def test_count_per_roll_damage_counts_the_rolls_damage_as_it_stands() -> None:
    card = roll_card({"type": "add-damage", "amount": {"per": "roll-damage"}})
    state = rolled(game(card, monsters=[("troll", W)]), gh.Roll(1, 2, 0, 0), W)  # cover
    assert damage_on(run(state, gh.Use(CARD)).state, W) == 2


# == traits ========================================================================================


def trait(name: str, **kw: Any) -> gh.State:
    """A game where Bjorn's starting ability gives the trait ``name``."""
    return game(ability(traits=[name]), **kw)


@pytest.mark.parametrize("name", sorted(TRAITS))
def test_trait_has_its_behaviour_test(name: str) -> None:
    assert f"test_trait_{name.replace('-', '_')}" in globals()


def test_trait_ignore_armor() -> None:
    plain = rolled(game(monsters=[("draugr", N)]), gh.Roll(2, 0, 0, 1))
    assert damage_on(plain, N) == 1
    ignoring = rolled(trait("ignore-armor", monsters=[("draugr", N)]), gh.Roll(2, 0, 0, 1))
    assert damage_on(ignoring, N) == 2


def test_trait_runes_hit() -> None:
    assert damage_on(rolled(game(monsters=[("troll", N)]), gh.Roll(1, 0, 2, 0)), N) == 1
    state = rolled(trait("runes-hit", monsters=[("troll", N)]), gh.Roll(1, 0, 2, 0))
    assert damage_on(state, N) == 3


def test_trait_rune_adds_die() -> None:
    state = rolled(trait("rune-adds-die", monsters=[("troll", N)]), gh.Roll(1, 0, 1, 1))
    assert dice(state) == 1
    state = gh.apply(state, gh.Roll(0, 0, 1, 0))  # the added die's rune adds one more
    assert dice(state) == 1
    assert damage_on(run(state, gh.Roll(1, 0, 0, 0)).state, N) == 2


def test_trait_attack_mountains() -> None:
    mountain = H(14, 5)
    assert gh.Attack(mountain) not in legal(game(at=H(13, 5)))
    state = trait("attack-mountains", at=H(13, 5))
    assert gh.Attack(mountain) in legal(state)
    r = run(state, gh.Attack(mountain), gh.Roll(2, 0, 0, 1))
    assert gold(r.state) == 2


def test_trait_move_through() -> None:
    ring = [("goblin", a) for a in (N, NE, E, SE, SW, W)]
    assert not any(isinstance(a, gh.MoveTo) for a in legal(game(monsters=ring)))
    state = trait("move-through", monsters=ring)
    ends = {a.to for a in legal(state) if isinstance(a, gh.MoveTo)}
    assert H(10, 3) in ends and N not in ends  # through, never into an occupied area


def test_trait_climb() -> None:
    mountain = H(14, 5)
    assert gh.MoveTo(mountain) not in legal(game(at=H(13, 5)))
    state = trait("climb", at=H(13, 5))
    assert gh.MoveTo(mountain) in legal(state)
    assert at(run(state, gh.MoveTo(mountain)).state) == mountain


def test_trait_ram() -> None:
    assert gh.MoveTo(N) not in legal(game(monsters=[("brute", N)]))
    state = trait("ram", monsters=[("brute", N)])
    assert gh.MoveTo(N) in legal(state)
    shoving = gh.apply(state, gh.MoveTo(N))
    assert damage_on(shoving, N) == 1
    assert gh.Target(TWO_AWAY) in legal(shoving)
    after = run(shoving, gh.Target(TWO_AWAY), gh.SkipMove()).state
    assert at(after) == N and sc.monster_at(after, TWO_AWAY) == sc.MonsterInfo("brute", 1, 0)


# == limits and auto uses ==========================================================================


def test_limit_turn_once_a_turn_for_all_the_cards_turn_uses() -> None:
    card = ability(use(GAIN), use({"type": "add-range", "amount": 1}))
    state = game(card)
    assert uses(state) == [gh.Use(ABILITY, 0), gh.Use(ABILITY, 1)]
    after = run(state, gh.Use(ABILITY, 0)).state
    assert uses(after) == []  # neither use again this turn
    assert uses(monster_turn(after).state) == [gh.Use(ABILITY, 0), gh.Use(ABILITY, 1)]


def test_limit_attack_once_per_attack() -> None:
    bonus = ability(use({"type": "add-damage", "amount": 1}, when="attack-roll", limit="attack"))
    more = roll_card({"type": "add-dice", "count": 1})
    grant = event(use({"type": "perform-action", "action": "attack"}), card="t-grant")
    state = rolled(game(bonus, more, grant, monsters=[("troll", N)]), gh.Roll(0, 0, 0, 3))
    state = gh.apply(gh.apply(state, gh.Use(ABILITY)), gh.Use(CARD))
    state = gh.apply(state, gh.Roll(0, 0, 0, 1))  # new dice, but not again this attack
    assert damage_on(state, N) == 1 and not state.frames
    second = gh.apply(gh.apply(state, gh.Use("t-grant")), gh.Roll(0, 0, 0, 3))
    assert legal(second) == [gh.Use(ABILITY), gh.ResolveAttack()]  # another attack, same turn


def test_limit_none_once_per_throw_of_dice() -> None:
    bonus = ability(use({"type": "add-damage", "amount": 1}, when="attack-roll", limit="none"))
    more = roll_card({"type": "add-dice", "count": 1})
    state = rolled(game(bonus, more, monsters=[("troll", N)]), gh.Roll(0, 0, 0, 3))
    state = gh.apply(state, gh.Use(ABILITY))
    assert legal(state) == [gh.Use(CARD), gh.ResolveAttack()]  # once per throw
    state = gh.apply(gh.apply(state, gh.Use(CARD)), gh.Roll(0, 0, 0, 1))
    assert legal(state) == [gh.Use(ABILITY), gh.ResolveAttack()]  # again after new dice
    assert damage_on(run(state, gh.Use(ABILITY)).state, N) == 2


def test_limit_none_free_uses_as_often_as_paid() -> None:
    card = ability(use(GAIN, cost=[{"type": "mana", "amount": 1}], limit="none"))
    state = sc.set_card(game(card), "bjorn", ABILITY, mana=2)
    after = run(state, gh.Use(ABILITY), gh.Use(ABILITY)).state
    assert gold(after) == 2 and uses(after) == []


def skeletons_hit(limit: str) -> gh.State:
    """Two skeletons attack Bjorn in one monster turn (the one in NE steps to E first); Bjorn
    holds a card that prevents 1 at ``hit`` with ``limit``, and the first one hit him for 2:
    he prevents 1; the second one's roll is 2 hits."""
    card = ability(use({"type": "prevent", "amount": 1}, when="hit", limit=limit))
    state = game(card, monsters=[("skeleton", N), ("skeleton", NE)])
    first = until(
        state,
        lambda s: gh.DeclinePrevention() in legal(s),
        gh.EndTurn(),
        gh.Target(N),
        gh.Roll(2, 0, 0, 2),
    ).state
    assert legal(first) == [gh.Use(ABILITY), gh.DeclinePrevention()]
    second = gh.apply(first, gh.Use(ABILITY))
    assert hurt(second) == 1 and dice(second) == 4
    return gh.apply(second, gh.Roll(2, 0, 0, 2))


def test_limit_monster_turn_once_per_monster_turn() -> None:
    state = skeletons_hit("monster-turn")
    assert hurt(state) == 3 and turn(state) == gh.Turn(0)  # not asked again: the next turn


def test_limit_none_at_each_instance_of_damage() -> None:
    state = skeletons_hit("none")
    assert legal(state) == [gh.Use(ABILITY), gh.DeclinePrevention()]
    assert hurt(gh.apply(state, gh.Use(ABILITY))) == 2


@pytest.mark.parametrize("limit", get_args(Limit))
def test_limit_has_its_behaviour_test(limit: str) -> None:
    assert has_test("test_limit_", limit)


def test_auto_use_applies_without_asking() -> None:
    card = ability(use({"type": "add-damage", "amount": 1}, when="attack-roll", auto=True))
    state = rolled(game(card, monsters=[("troll", N)]), gh.Roll(1, 0, 0, 2))
    assert gh.current_player(state) == 0 and not state.frames  # nobody was asked
    assert damage_on(state, N) == 2


def test_auto_use_asks_only_for_its_pick() -> None:
    card = ability(use({"type": "deal-damage", "amount": 1}, when="end-of-turn", auto=True))
    state = game(card, monsters=[("troll", N), ("troll", E)])
    asked = until(state, lambda s: gh.current_player(s) == 0 and bool(s.frames), gh.EndTurn())
    assert set(legal(asked.state)) == {gh.Target(N), gh.Target(E)}
    after = gh.apply(asked.state, gh.Target(E))
    assert (damage_on(after, N), damage_on(after, E)) == (0, 1)


def test_auto_enter_area_applies_for_each_area_entered() -> None:
    card = ability(
        use(GAIN, when="enter-area", auto=True, only_if=[{"type": "terrain", "is": ["forest"]}])
    )
    state = game(card, event(use({"type": "move", "areas": 1})))
    assert gold(run(state, gh.Use(CARD), gh.MoveTo(W)).state) == 1
    assert gold(run(state, gh.Use(CARD), gh.MoveTo(N)).state) == 0
    # the move action's 3 areas: into W, out, and into W again, each entry counts (G30)
    assert gold(run(state, gh.MoveTo(W)).state) == 2


def test_auto_end_of_turn() -> None:
    r = run(game(ability(use(GAIN, when="end-of-turn", auto=True))), gh.EndTurn())
    assert gold(r.state) == 1 and r.of(gh.CardPlayed) == [gh.CardPlayed(0, ABILITY)]


# == the content checks ============================================================================


def hints(cls: type[Word]) -> list[object]:
    """The types of the fields of a word."""
    found = get_type_hints(cls)
    return [found[a.name] for a in attrs.fields(cast("type[attrs.AttrsInstance]", cls))]


def check_refused(use_: Json, reason: str, where: str = "", kind: str = "event") -> None:
    """A deck whose test card (of ``kind``) holds ``use_`` is refused, naming the card, the
    place and the reason."""
    if kind == "event":
        card, card_id = event(use_), CARD
    elif kind == "ability":
        card, card_id = ability(use_), ABILITY
    else:
        card, card_id = equipment(use_, durability=2), GEAR
    message = refused(card)
    assert f"card {card_id}: sides[0].uses[0]{where}" in message, message
    assert message.endswith(reason), message


TARGET_CONDITIONS: list[Json] = [
    {"type": "terrain", "is": ["forest"], "of": "target"},
    {"type": "in-location", "of": "target"},
    {"type": "on-road", "of": "target"},
    {"type": "distance", "max": 1},
    {"type": "rank", "ranks": [1]},
    {"type": "legend"},
    {"type": "faction", "factions": ["dead"]},
    {"type": "kind", "kinds": ["brute"]},
    {"type": "health-left", "max": 1},
    {"type": "undamaged"},
    {"type": "closer-to-grimheim"},
]


@pytest.mark.parametrize("condition", TARGET_CONDITIONS, ids=lambda c: c["type"])
def test_check_a_target_condition_at_a_moment_without_a_target(condition: Json) -> None:
    tag = condition["type"]
    check_refused(
        use(GAIN, only_if=[condition]), f"{tag} about a target has no target at free", ".only_if[0]"
    )
    gh.read_deck(deck_text(event(use(GAIN, when="attacked", only_if=[condition]))))


def test_check_a_place_condition_about_the_hero_needs_no_target() -> None:
    for tag in ("terrain", "in-location", "on-road"):
        condition: Json = {"type": tag, "of": "hero"}
        if tag == "terrain":
            condition["is"] = ["forest"]
        gh.read_deck(deck_text(event(use(GAIN, only_if=[condition]))))


def test_check_any_of_checks_each_alternative() -> None:
    condition = {
        "type": "any-of",
        "conditions": [{"type": "in-grimheim"}, {"type": "rank", "ranks": [1]}],
    }
    check_refused(
        use(GAIN, only_if=[condition]),
        "rank about a target has no target at free",
        ".only_if[0].conditions[1]",
    )


def test_check_runes_only_on_a_roll() -> None:
    check_refused(
        use(GAIN, only_if=[{"type": "runes"}], when="hit"),
        "runes are counted on a roll, not at hit",
        ".only_if[0]",
    )


def test_check_granted_by_only_on_an_attack_action() -> None:
    granted = {"type": "granted-by", "card": "t-grant"}
    check_refused(
        use({"type": "add-damage", "amount": 1}, when="roll", only_if=[granted]),
        "no attack action at roll",
        ".only_if[0]",
    )


def test_check_mana_and_counters_not_on_an_event() -> None:
    for tag, kind in (("mana", "mana"), ("counters", "markers")):
        check_refused(
            use(GAIN, cost=[{"type": tag, "amount": 1}]),
            f"an event in hand holds no {kind}: {tag} cannot be paid",
            ".cost[0]",
        )
        gh.read_deck(deck_text(ability(use(GAIN, cost=[{"type": tag, "amount": 1}]))))


def test_check_durability_only_on_equipment() -> None:
    cost = [{"type": "durability", "amount": 1}]
    check_refused(
        use(GAIN, cost=cost), "only equipment takes damage markers", ".cost[0]", kind="ability"
    )
    gh.read_deck(deck_text(equipment(use(GAIN, cost=cost), durability=2)))


MOMENTS_OF_TARGETS: dict[MonsterTarget, tuple[str, str]] = {
    "attacker": ("free", "hit"),
    "target": ("free", "attack-roll"),
    "near-target": ("hit", "roll"),
    "behind-killed": ("attack-roll", "excess"),
    "clockwise-from-killed": ("after-attack", "excess"),
}
"""A wrong and a right moment for each target that needs a moment."""


def test_every_target_without_a_moment_is_one_every_moment_has() -> None:
    assert set(MOMENTS_OF_TARGETS) | {"in-range", "adjacent", "any", "bound"} == set(
        get_args(MonsterTarget)
    )


@pytest.mark.parametrize("to", sorted(MOMENTS_OF_TARGETS))
def test_check_a_target_the_moment_has_not(to: MonsterTarget) -> None:
    wrong, right = MOMENTS_OF_TARGETS[to]
    effect = {"type": "deal-damage", "amount": 1, "to": to}
    gh.read_deck(deck_text(event(use(effect, when=right))))
    check_refused(use(effect, when=wrong), f"no {to} monster at {wrong}", ".effects[0]")


TARGETED: dict[str, Json] = {
    "damage-each": {"type": "damage-each", "amount": 1, "up_to": 2},
    "kill": {"type": "kill"},
    "roll-against": {"type": "roll-against", "dice": 1},
    "pin": {"type": "pin"},
    "bounty": {"type": "bounty", "amount": 1},
}
"""The other words that pick a monster by a ``to``."""


def test_every_word_with_a_monster_target_is_checked() -> None:
    with_to = {tag for tag, (_, cls) in REGISTRY.items() if MonsterTarget in hints(cls)}
    assert with_to == {*TARGETED, "deal-damage"}


@pytest.mark.parametrize("tag", sorted(TARGETED))
def test_check_word_with_a_target_the_moment_has_not(tag: str) -> None:
    # Word.check: "refuse, at load time, a word that can never work at the moment"; the
    # attacker of a free use is the page's own example
    effect = {**TARGETED[tag], "to": "attacker"}
    gh.read_deck(deck_text(event(use(effect, when="hit"))))
    check_refused(use(effect), "no attacker monster at free", ".effects[0]")


MOMENTS_OF_COUNTS: dict[str, tuple[str, str]] = {
    "rune": ("free", "roll"),
    "new-rune": ("excess", "attack-roll"),
    "distance": ("hit", "after-attack"),
    "excess": ("attack-roll", "excess"),
    "damage": ("attacked", "hit"),
    "roll-damage": ("after-attack", "roll"),
}
"""A wrong and a right moment for each count that needs a moment."""


def test_every_count_but_adjacent_monsters_needs_a_moment() -> None:
    assert set(MOMENTS_OF_COUNTS) | {"adjacent-monster"} == set(get_args(Per))


@pytest.mark.parametrize("per", sorted(MOMENTS_OF_COUNTS))
def test_check_a_count_the_moment_has_not(per: str) -> None:
    wrong, right = MOMENTS_OF_COUNTS[per]
    effect = {"type": "deal-damage", "to": "any", "amount": {"per": per}}
    gh.read_deck(deck_text(event(use(effect, when=right))))
    check_refused(use(effect, when=wrong), f"nothing to count per {per} at {wrong}", ".effects[0]")


def test_check_add_damage_counts_only_what_its_roll_has() -> None:
    effect = {"type": "add-damage", "amount": {"per": "damage"}}
    check_refused(
        use(effect, when="attack-roll"), "nothing to count per damage at attack-roll", ".effects[0]"
    )


EXCESS: Json = {"per": "excess"}
COUNTED: dict[str, tuple[Json, str, str]] = {
    "damage-each": ({"type": "damage-each", "amount": 1, "up_to": EXCESS}, "free", "excess"),
    "gain-gold": ({"type": "gain-gold", "amount": EXCESS}, "free", "excess"),
    "gain-mana": ({"type": "gain-mana", "amount": EXCESS}, "free", "excess"),
    "prevent": ({"type": "prevent", "amount": EXCESS}, "hit", "excess"),
    "store": ({"type": "store", "amount": {"per": "damage"}, "most": 3}, "excess", "damage"),
    "divert": ({"type": "divert", "amount": EXCESS}, "attack-roll", "excess"),
}
"""The other words with an amount that may be a count, with a count their moment has not."""


def test_every_word_with_a_count_is_checked() -> None:
    with_count = {tag for tag, (_, cls) in REGISTRY.items() if Amount in hints(cls)}
    assert with_count == {*COUNTED, "deal-damage", "add-damage"}


@pytest.mark.parametrize("tag", sorted(COUNTED))
def test_check_word_with_a_count_the_moment_has_not(tag: str) -> None:
    # Word.check: "refuse, at load time, a word that can never work at the moment"; damage to
    # spare outside excess is the page's own example
    effect, when, per = COUNTED[tag]
    check_refused(use(effect, when=when), f"nothing to count per {per} at {when}", ".effects[0]")


def test_check_x_up_to_a_count_the_moment_has_not() -> None:
    x = {"min": 1, "max": {"per": "excess"}}
    check_refused(
        use({"type": "gain-gold", "amount": "x"}, x=x), "nothing to count per excess at free"
    )


@pytest.mark.parametrize(
    ("effect", "when", "reason"),
    [
        ({"type": "add-damage", "amount": 1}, "free", "add-damage changes a roll: not at free"),
        (
            {"type": "add-dice", "count": 1},
            "after-attack",
            "add-dice changes a roll: not at after-attack",
        ),
        ({"type": "rerolls"}, "hit", "rerolls changes a roll: not at hit"),
        ({"type": "divert", "amount": 1}, "roll", "divert changes a roll: not at roll"),
        (
            {"type": "store", "amount": 1, "most": 2},
            "attack-roll",
            "store keeps the damage to spare: not at attack-roll",
        ),
        (
            {"type": "prevent", "amount": 1},
            "attacked",
            "prevent acts on a monster's hit: not at attacked",
        ),
        (
            {"type": "add-move", "amount": 1},
            "after-attack",
            "a move action is extended on the hero's own turn",
        ),
        (
            {"type": "complete-quest"},
            "after-movement",
            "a quest is completed on the hero's own turn",
        ),
    ],
    ids=lambda v: v["type"] if isinstance(v, dict) else (v if " " not in v else ""),
)
def test_check_a_word_at_a_moment_where_it_cannot_act(effect: Json, when: str, reason: str) -> None:
    check_refused(use(effect, when=when), reason, ".effects[0]")


@pytest.mark.parametrize("condition", TARGET_CONDITIONS, ids=lambda c: c["type"])
def test_check_move_into_a_condition_about_a_monster(condition: Json) -> None:
    effect = {"type": "move", "areas": 2, "into": [condition]}
    check_refused(
        use(effect), "a movement ends in an area, not at a monster", ".effects[0].into[0]"
    )


def test_check_a_use_nobody_is_asked_at_must_be_auto() -> None:
    for when in ("enter-area", "end-of-turn"):
        check_refused(
            use(GAIN, when=when), f"nobody is asked at {when}: the use must be auto", kind="ability"
        )
        gh.read_deck(deck_text(ability(use(GAIN, when=when, auto=True))))


def test_check_x_and_its_range_go_together() -> None:
    reason = "a use with an x range says x in a cost or an effect"
    check_refused(use(GAIN, x={"min": 1, "max": 2}), reason)
    check_refused(use({"type": "gain-gold", "amount": "x"}), reason)
    check_refused(
        use(
            {"type": "gain-gold", "amount": "x"},
            auto=True,
            x={"min": 1, "max": 2},
            when="end-of-turn",
        ),
        "nobody chooses x for an auto use",
        kind="ability",
    )


def quest_refused(way: Json, reason: str, where: str = "") -> None:
    """A deck whose equipment's quest has this way is refused, naming the card, the place and
    the reason."""
    message = refused(prize(way))
    assert f"card t-prize: quest.ways[0]{where}" in message, message
    assert message.endswith(reason), message


@pytest.mark.parametrize(
    ("condition", "reason"),
    [
        ({"type": "adjacent", "what": "monster", "max": 0}, "max 0 is below min 1: it never holds"),
        ({"type": "adjacent", "what": "hero", "min": 0}, "no max and min 0: it always holds"),
        ({"type": "distance", "min": 3, "max": 2}, "max 2 is below min 3: it never holds"),
    ],
    ids=["adjacent-never", "adjacent-always", "distance-never"],
)
def test_check_bounds_that_never_or_always_hold(condition: Json, reason: str) -> None:
    check_refused(use(GAIN, when="attacked", only_if=[condition]), reason, ".only_if[0]")


def test_check_quest_way_goal_only_on_a_triggered_way_without_cost() -> None:
    reason = "only a triggered way without cost counts to a goal"
    quest_refused({"goal": 3}, reason)
    quest_refused({"when": "kill", "goal": 3, "cost": [{"type": "gold", "amount": 1}]}, reason)


def test_check_quest_way_instead_of_gold_only_at_a_kill() -> None:
    quest_refused(
        {"when": "roll", "instead_of_gold": True},
        "only a kill has gold to take the card instead of",
    )


def test_check_quest_way_cost_only_when_the_hero_does_it() -> None:
    quest_refused(
        {"when": "enter-area", "cost": [{"type": "gold", "amount": 1}]},
        "a way done at enter-area is done by itself: no cost",
    )


def test_check_quest_way_counts_gold_at_a_kill_and_dice_at_a_roll() -> None:
    quest_refused({"when": "roll", "goal": 5, "count": "gold"}, "gold is not counted at roll")
    quest_refused({"when": "kill", "goal": 5, "count": "dice"}, "dice is not counted at kill")


@pytest.mark.parametrize("tag", ["mana", "counters", "durability"])
def test_check_quest_way_cost_not_from_the_card(tag: str) -> None:
    quest_refused(
        {"cost": [{"type": tag, "amount": 1}]},
        f"a quest card is not in play: it cannot pay {tag}",
        ".cost[0]",
    )


def test_check_quest_way_target_condition_only_at_a_kill() -> None:
    rank = {"type": "rank", "ranks": [3]}
    quest_refused({"only_if": [rank]}, "rank about a target has no target at free", ".only_if[0]")
    quest_refused(
        {"when": "enter-area", "only_if": [rank]},
        "rank about a target has no target at free",
        ".only_if[0]",
    )
    gh.read_deck(deck_text(prize({"when": "kill", "only_if": [rank]})))  # the monster killed
