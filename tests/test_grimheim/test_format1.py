"""Saves written in format 1 (before the full decks) load, migrated to format 2, and play on.

The fixtures under ``format1/`` were written by the library as it was at format 1: positions
taken in the middle of rules, a record, and a game with a custom pack written in the first
effect vocabulary.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import grimheim as gh
from grimheim._migrate_format1 import STANDARD_1, card_1, standard_pack_1
from tabletop_rules import Rng, StateFormatError

FORMAT1 = Path(__file__).parent / "format1"
POSITIONS = ["new-game", "window", "hero-attack", "monster-attack", "moving", "end-of-turn"]


def read(name: str) -> str:
    return (FORMAT1 / f"{name}.json").read_text(encoding="utf-8")


def play_out(state: gh.State, seed: int) -> gh.State:
    rng = Rng.from_seed(seed)
    while not gh.is_over(state):
        action, rng = rng.choice(gh.legal_actions(state))
        state = gh.apply(state, action)
    return state


@pytest.mark.parametrize("name", POSITIONS)
def test_a_format_1_position_loads_with_the_first_standard_pack_and_plays_on(name: str) -> None:
    assert json.loads(read(name))["format"] == 1
    state = gh.loads(read(name))
    assert state.config.pack == standard_pack_1()
    assert (state.config.pack.name, state.config.pack.version) == ("standard", 1)
    assert state.config.pack != gh.standard_pack()
    again = gh.loads(gh.dumps(state))  # written in format 2, the first pack embedded
    assert again == state
    assert json.loads(gh.dumps(state))["format"] == gh.FORMAT == 2
    assert gh.is_over(play_out(state, 1))


def test_the_first_standard_pack_holds_the_first_cards_of_each_hero() -> None:
    pack = standard_pack_1()
    sizes = {deck.hero: len(deck.cards) for deck in pack.decks}
    assert sizes == {"bjorn": 11, "alva": 10, "embla": 11, "boldur": 12}
    # the same board, but its gold where the first pack had it (G23, revised since)
    board = gh.standard_pack().map
    assert attrs.evolve(pack.map, bonus=()) == attrs.evolve(board, bonus=())
    assert [(b.kind, b.at) for b in pack.map.bonus] == [
        ("damage", (5, 7)),
        ("mana", (17, 5)),
        ("gold", (5, 17)),
    ]


def test_alva_hail_of_arrows_ii_of_the_first_standard_pack_takes_that_many_monsters() -> None:
    """Hail of Arrows II prints "that many different monsters" for 1 to 4 mana; games saved
    with the first standard pack play the same card by the same print."""

    def hail(pack: gh.Pack) -> object:
        card = next(c for d in pack.decks for c in d.cards if c.id == "alva-hail-of-arrows")
        return card.sides[1].uses

    assert hail(standard_pack_1()) == hail(gh.standard_pack())


def test_a_format_1_record_replays() -> None:
    record = gh.loads(read("record"), "record")
    states = list(gh.replay(record))
    assert len(states) == len(record.actions) + 1
    assert states[0].config.pack == standard_pack_1()


def test_a_format_1_attack_keeps_its_damage_per_rune_as_damage() -> None:
    """Format 1 kept Piercing Arrows' +1 per rune apart; format 2 adds it when played: the roll of
    one hit and two runes with Piercing Arrows played holds +2 damage."""
    state = gh.loads(read("custom-pack-attack"))
    (attack,) = state.frames
    assert isinstance(attack, gh._state.HeroAttack)
    assert (attack.rolled, attack.bonus) == ((1, 0, 2, 0), 2)
    assert state.config.pack.name == "bjorn-variant"


def test_a_format_1_custom_pack_is_read_in_the_first_vocabulary() -> None:
    state = gh.loads(read("custom-pack-attack"))
    cards = {c.id: c for d in state.config.pack.decks for c in d.cards}
    sure_shot = cards["bjorn-sure-shot"].sides[1].uses[0]
    assert [c.TAG for c in sure_shot.cost] == ["mana"]
    assert sure_shot.x is not None and (sure_shot.x.min, sure_shot.x.max) == (2, 4)


def test_the_first_vocabulary_is_rewritten_word_by_word() -> None:
    old = {
        "id": "x-axes",
        "name": "Axes",
        "kind": "equipment",
        "durability": 2,
        "sides": [
            {
                "text": "t",
                "ignore_armor": True,
                "uses": [
                    {
                        "when": "after-roll",
                        "per_turn": None,
                        "cost": {"durability": 1, "spend_action": "focus"},
                        "only_if": ["in-forest", "attacker-adjacent"],
                        "effects": [
                            {"type": "add-damage", "amount": 1, "per_rune": 2},
                            {"type": "retaliate", "amount": 3},
                            {
                                "type": "kill",
                                "to": "adjacent-monster",
                                "only": {"ranks": [3], "legends": True, "max_health_left": 2},
                            },
                        ],
                    }
                ],
            }
        ],
        "quest": {"text": "q", "cost": {"gold": 2}, "location": "temple_ruins"},
    }
    new = card_1(old)
    side = new["sides"][0]
    assert side["traits"] == ["ignore-armor"]
    use = side["uses"][0]
    assert (use["when"], use["limit"]) == ("roll", "none")
    assert use["cost"] == [
        {"type": "durability", "amount": 1},
        {"type": "spend-action", "action": "focus"},
    ]
    assert use["only_if"] == [{"type": "terrain", "is": ["forest"]}, {"type": "distance", "max": 1}]
    assert use["effects"][0] == {
        "type": "add-damage",
        "amount": {"per": "rune", "times": 2, "plus": 1},
    }
    assert use["effects"][1] == {"type": "deal-damage", "amount": 3, "to": "attacker"}
    assert use["effects"][2]["only"] == [
        {"type": "any-of", "conditions": [{"type": "rank", "ranks": [3]}, {"type": "legend"}]},
        {"type": "health-left", "max": 2},
    ]
    assert new["quest"]["ways"] == [
        {
            "only_if": [{"type": "in-location", "location": "temple_ruins"}],
            "cost": [{"type": "gold", "amount": 2}],
        }
    ]


def test_a_format_1_save_of_another_standard_pack_is_refused_by_name() -> None:
    text = read("new-game").replace(STANDARD_1, "0" * 64)
    with pytest.raises(StateFormatError, match=r"version 1 of content pack 'standard'; this"):
        gh.loads(text)


def test_a_format_2_save_names_the_standard_pack_version_2() -> None:
    data = json.loads(gh.dumps(gh.new_game(gh.Config(heroes=("bjorn",)), seed=1)))
    assert data["format"] == 2
    assert data["data"]["config"]["pack"]["version"] == 2
