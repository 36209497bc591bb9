"""The bounds of every number a game holds (G48), and legal-action lists that stay short at the
largest positions those bounds allow (issue 13, root causes 4 and 5)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from math import comb

import attrs
import pytest
from tests.test_grimheim.helpers import dice, run, set_card, solo, wield

import grimheim as gh
from grimheim import scenario as sc
from grimheim._state import HeroAttack
from tabletop_rules import CHANCE, StateFormatError

H = gh.Hex


def test_g48_gold_gained_beyond_the_limit_is_lost() -> None:
    state = sc.set_hero(solo("bjorn", H(9, 6)), "bjorn", gold=gh.GOLD_LIMIT - 1)
    r = run(state, gh.Practice())
    assert r.of(gh.GoldGained) == [gh.GoldGained(0, 1)]
    again = run(sc.set_hero(state, "bjorn", gold=gh.GOLD_LIMIT), gh.Practice())
    assert again.of(gh.GoldGained) == [gh.GoldGained(0, 0)]
    assert sc.hero_info(again.state, "bjorn").gold == gh.GOLD_LIMIT


def test_g48_mana_made_beyond_the_limit_is_lost() -> None:
    state = set_card(solo("bjorn", H(9, 6)), 0, "bjorn-sure-shot", mana=gh.MANA_LIMIT)
    after = run(state, gh.EndTurn(), stop_at_turn=True).state
    card = next(c for c in after.heroes[0].cards if c.id == "bjorn-sure-shot")
    assert card.mana == gh.MANA_LIMIT


def test_g48_a_roll_holds_at_most_the_roll_limit() -> None:
    """A Windbite chain (G43) stops adding dice once the roll holds roll_limit dice."""
    config = gh.Config(heroes=("alva",), chance="explicit")
    limit = gh.roll_limit(config)
    state = sc.place_monster(solo("alva", H(9, 6), chance="explicit"), "troll", H(9, 5))
    state = wield(state, "alva-windbite")
    state = gh.apply(state, gh.Attack(H(9, 5)))
    frame = state.frames[-1]
    assert isinstance(frame, HeroAttack)
    # a roll of one die short of the limit, every die a rune
    almost = attrs.evolve(frame, dice=limit - 1)
    state = attrs.evolve(state, frames=(*state.frames[:-1], almost))
    gh.validate(state)
    state = gh.apply(state, gh.Roll(0, 0, limit - 1, 0))
    assert dice(state) == 1  # one die for the room left, not limit - 1
    state = gh.apply(state, gh.Roll(0, 0, 1, 0))
    assert gh.current_player(state) != CHANCE  # the roll is full: no die for that rune


def _tampered(state: gh.State, change: Mapping[str, object], *path: str | int) -> str:
    data = json.loads(gh.dumps(state))
    target = data["data"]
    for step in path:
        target = target[step]
    target.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "path", "where"),
    [
        ({"gold": gh.GOLD_LIMIT + 1}, ("heroes", 0), "$.data.heroes[0].gold"),
        ({"gold": 2**30}, ("heroes", 0), "$.data.heroes[0].gold"),
        ({"upgrades": 13}, ("heroes", 0), "$.data.heroes[0].upgrades"),
        ({"mana": gh.MANA_LIMIT + 1}, ("heroes", 0, "cards", 1), "$.data.heroes[0].cards[1].mana"),
    ],
    ids=["gold-over-limit", "gold-2-30", "upgrades", "mana"],
)
def test_root_cause_4_numbers_play_never_reaches_are_refused(
    change: dict[str, object], path: tuple[str | int, ...], where: str
) -> None:
    state = solo("bjorn", H(9, 6))
    with pytest.raises(StateFormatError) as caught:
        gh.loads(_tampered(state, change, *path))
    assert caught.value.path == where
    limit = {"gold": gh.GOLD_LIMIT, "upgrades": 12, "mana": gh.MANA_LIMIT}[next(iter(change))]
    at_limit = {next(iter(change)): limit}
    assert gh.loads(_tampered(state, at_limit, *path)) is not None


def test_root_cause_5_gifts_at_the_gold_limit_stay_few() -> None:
    """Four heroes side by side, every one holding all the gold a hero may hold: a gift or a
    request of each amount to each neighbour, and every one is in the action space."""
    heroes = ("bjorn", "alva", "embla", "boldur")
    state = gh.new_game(gh.Config(heroes=heroes), seed=1)
    for hero, at in zip(heroes, (H(9, 6), H(10, 6), H(9, 7), H(8, 7)), strict=True):
        state = sc.set_hero(sc.put_hero(state, hero, at), hero, gold=gh.GOLD_LIMIT)
    found = gh.legal_actions(state)
    gifts = [a for a in found if isinstance(a, gh.GiveGold | gh.RequestGold)]
    assert len(gifts) == 2 * 3 * gh.GOLD_LIMIT
    space = gh.action_space(state.config)
    assert all(space.action(space.index(a)) == a for a in gifts)


def test_root_cause_5_the_largest_roll_lists_its_outcomes_and_each_reads_back() -> None:
    config = gh.Config(heroes=("boldur",), chance="explicit")
    limit = gh.roll_limit(config)
    state = sc.place_monster(solo("boldur", H(9, 6), chance="explicit"), "troll", H(9, 5))
    state = gh.apply(state, gh.Attack(H(9, 5)))
    text = json.loads(gh.dumps(state))
    text["data"]["frames"][-1]["dice"] = limit
    largest = gh.loads(json.dumps(text))
    outcomes = gh.legal_actions(largest)
    assert len(outcomes) == comb(limit + 3, 3)
    assert all(gh.parse_action(largest, gh.notation(a)) == a for a in outcomes)
    text["data"]["frames"][-1]["dice"] = limit + 1
    with pytest.raises(StateFormatError, match="dice"):
        gh.loads(json.dumps(text))
