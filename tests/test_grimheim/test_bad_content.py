"""Wrong content files: each is refused with a :class:`tabletop_rules.ContentError` that names the
file, the place in it and what is wrong, and nothing half-read is kept."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import attrs
import pytest

import grimheim as gh
from tabletop_rules import ContentError


def bjorn() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("grimheim").joinpath("content/cards/bjorn.json").read_text()
    )
    return data


def card_of(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in data["cards"] if c["id"] == card_id)
    return found


def refused(data: dict[str, Any] | str, *words: str) -> str:
    """``data`` (a card file) is refused by ``read_deck``; the message holds each of ``words``."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(ContentError) as info:
        gh.read_deck(text, "bjorn.json")
    message = str(info.value)
    assert message.startswith("bjorn.json: $"), message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


def edit(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = bjorn()
    change(data)
    return data


def test_the_standard_card_file_reads() -> None:
    deck = gh.read_deck(json.dumps(bjorn()), "bjorn.json")
    assert deck == next(d for d in gh.standard_pack().decks if d.hero == "bjorn")


def test_text_that_is_not_json() -> None:
    refused('{"hero": "bjorn", "cards": [', "not valid JSON")


def test_a_truncated_file() -> None:
    refused(json.dumps(bjorn())[:500], "not valid JSON")


def test_an_unknown_effect_type() -> None:
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-sewing")["sides"][0]["uses"][0]["effects"][0]["type"] = "teleport"

    refused(edit(change), "$.cards[", "teleport")


def test_a_negative_amount() -> None:
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-sewing")["sides"][0]["uses"][0]["effects"][0]["amount"] = -3

    message = refused(edit(change), "amount", "whole number from 0 to 99")
    assert "-3" in message


def test_a_number_too_large_to_be_a_card() -> None:
    # an effect of a billion dice would make a roll's outcomes endless
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-sewing")["sides"][0]["uses"][0]["effects"][0]["amount"] = 10**9

    refused(edit(change), "amount", "whole number from 0 to 99")


def test_a_true_that_is_not_a_number() -> None:
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-sewing")["count"] = True

    refused(edit(change), "count")


def test_an_unknown_limit() -> None:
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-sewing")["sides"][0]["uses"][0]["limit"] = "twice"

    refused(edit(change), "limit")


def test_a_format_1_word_is_refused_in_a_card_file() -> None:
    # the first vocabulary's per_turn is read only by the migration of old saves
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-sewing")["sides"][0]["uses"][0]["per_turn"] = 1

    refused(edit(change), "per_turn", "unknown key")


def use_of(d: dict[str, Any], card_id: str, i: int = 0) -> dict[str, Any]:
    found: dict[str, Any] = card_of(d, card_id)["sides"][0]["uses"][i]
    return found


def test_an_event_with_a_mana_cost_can_never_be_paid() -> None:
    def change(d: dict[str, Any]) -> None:
        use_of(d, "bjorn-rest")["cost"] = [{"type": "mana", "amount": 1}]

    refused(edit(change), "card bjorn-rest", "an event in hand holds no mana")


def test_a_quest_that_costs_mana_can_never_be_paid() -> None:
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-throwing-axes")["quest"]["ways"][0]["cost"] = [
            {"type": "mana", "amount": 1}
        ]

    refused(edit(change), "card bjorn-throwing-axes", "quest", "cannot pay mana")


def test_a_counting_quest_done_as_a_free_action_is_refused() -> None:
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-throwing-axes")["quest"]["ways"][0]["goal"] = 3

    refused(edit(change), "counts to a goal")


def test_a_roll_word_on_a_free_use_is_refused() -> None:
    def change(d: dict[str, Any]) -> None:
        use_of(d, "bjorn-rest")["effects"] = [{"type": "add-damage", "amount": 2}]

    refused(edit(change), "card bjorn-rest", "add-damage changes a roll")


def test_the_attacker_of_a_moment_that_has_none_is_refused() -> None:
    def change(d: dict[str, Any]) -> None:
        use_of(d, "bjorn-rest")["effects"] = [
            {"type": "deal-damage", "amount": 2, "to": "attacker"}
        ]

    refused(edit(change), "no attacker monster at free")


def test_a_moment_nobody_is_asked_at_needs_an_auto_use() -> None:
    def change(d: dict[str, Any]) -> None:
        use_of(d, "bjorn-rest")["when"] = "end-of-turn"

    refused(edit(change), "must be auto")


def test_an_x_range_with_no_x_in_the_use_is_refused() -> None:
    def change(d: dict[str, Any]) -> None:
        use_of(d, "bjorn-rest")["x"] = {"min": 1, "max": 3}

    refused(edit(change), "x range")


def test_root_cause_12_a_card_listed_twice_is_refused() -> None:
    def change(d: dict[str, Any]) -> None:
        d["cards"].append(card_of(d, "bjorn-rest"))

    refused(edit(change), "card bjorn-rest", "listed twice")


def test_an_unknown_condition_is_refused_with_the_known_ones() -> None:
    def change(d: dict[str, Any]) -> None:
        use_of(d, "bjorn-rest")["only_if"] = [{"type": "underwater"}]

    refused(edit(change), "unknown condition 'underwater'", "in-grimheim")


def test_copies_of_a_card_that_is_not_an_event_name_the_card() -> None:
    def change(d: dict[str, Any]) -> None:
        card = next(c for c in d["cards"] if c["kind"] == "equipment")
        card["count"] = 2

    refused(edit(change), "card bjorn-", "only events come in several copies")


def test_an_event_in_no_copies_is_refused() -> None:
    refused(
        edit(lambda d: card_of(d, "bjorn-sewing").update(count=0)),
        "card bjorn-sewing",
        "an event comes in one copy or more",
    )


@pytest.mark.parametrize(
    "bad", ["", "Bjorn-Sewing", "bjorn sewing", "bjorn-sewing#1", "-x", "a--b"]
)
def test_a_card_id_that_notation_cannot_read_back_is_refused(bad: str) -> None:
    """Found by the fuzzer: an empty id made a deck whose game could not be saved."""
    refused(
        edit(lambda d: card_of(d, "bjorn-sewing").update(id=bad)),
        f"card {bad}",
        "a card id is lower-case words joined by hyphens",
    )


def test_a_missing_field() -> None:
    refused(edit(lambda d: card_of(d, "bjorn-sewing").pop("kind")), "kind", "required key missing")


def test_an_unknown_field() -> None:
    refused(
        edit(lambda d: card_of(d, "bjorn-sewing").update(colour="red")), "colour", "unknown key"
    )


def test_two_hero_cards() -> None:
    def change(d: dict[str, Any]) -> None:
        d["cards"].append({**card_of(d, "bjorn-hero"), "id": "bjorn-hero-2"})

    refused(edit(change), "one hero card")


def test_an_ability_with_one_side() -> None:
    def change(d: dict[str, Any]) -> None:
        ability = next(c for c in d["cards"] if c["kind"] == "ability")
        ability["sides"] = ability["sides"][:1]

    refused(edit(change), "2 side(s), not 1")


def test_a_pack_whose_hero_card_disagrees_with_the_hero_facts() -> None:
    def change(d: dict[str, Any]) -> None:
        card_of(d, "bjorn-hero")["sides"][0]["health"] = 12

    deck = gh.read_deck(json.dumps(edit(change)))
    pack = gh.standard_pack()
    with pytest.raises(ContentError, match=r"heroes\[bjorn\].*strength and health"):
        attrs.evolve(pack, decks=tuple(deck if d.hero == "bjorn" else d for d in pack.decks))


def test_a_pack_missing_a_heros_deck() -> None:
    pack = gh.standard_pack()
    with pytest.raises(ContentError, match="every hero needs one deck"):
        attrs.evolve(pack, decks=pack.decks[1:])


def test_a_pack_whose_monster_card_names_an_unknown_location() -> None:
    pack = gh.standard_pack()
    wrong = attrs.evolve(pack.monster_cards[0], location="atlantis")
    with pytest.raises(ContentError, match="unknown location 'atlantis'"):
        attrs.evolve(pack, monster_cards=(wrong, *pack.monster_cards[1:]))


def test_a_refused_file_leaves_the_standard_pack_as_it_was() -> None:
    before = gh.standard_pack().digest
    with pytest.raises(ContentError):
        gh.read_deck("[]", "bjorn.json")
    assert gh.standard_pack().digest == before
