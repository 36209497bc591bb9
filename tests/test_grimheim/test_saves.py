"""Saved games: every tampered, truncated or foreign save gives a typed error naming the place,
and nothing wrong loads."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from tests.test_grimheim.helpers import cleared, hand, in_play, on_top, run, solo, until

import grimheim as gh
from grimheim import scenario as sc
from grimheim._state import HeroAttack
from tabletop_rules import StateFormatError, play

H = gh.Hex


def focused(state: gh.State) -> gh.State:
    """Bjorn takes his focus action first: his hero card (which spends it) is out of the way."""
    return run(state, gh.Focus("bjorn-sure-shot")).state


@pytest.fixture(scope="module")
def midgame() -> gh.State:
    config = gh.Config(heroes=("bjorn", "alva"))
    _, actions = play(gh.GAME, [gh.DefenderAgent(), gh.DefenderAgent()], seed=4, config=config)
    states = list(gh.replay(gh.record(actions, seed=4, config=config)))
    return states[len(states) // 3]


def envelope(state: gh.State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gh.dumps(state))
    return data


def refused(data: dict[str, Any], path: str, detail: str, kind: Any = gh.State) -> None:
    with pytest.raises(StateFormatError) as caught:
        gh.from_dict(data, kind)
    assert caught.value.path.startswith(path), caught.value
    assert detail in caught.value.detail, caught.value


def test_a_saved_game_round_trips(midgame: gh.State) -> None:
    assert gh.loads(gh.dumps(midgame)) == midgame
    assert gh.digest(gh.loads(gh.dumps(midgame))) == gh.digest(midgame)


def test_truncated_and_foreign_text(midgame: gh.State) -> None:
    text = gh.dumps(midgame)
    for cut in (0, 10, len(text) // 2, len(text) - 1):
        with pytest.raises(StateFormatError):
            gh.loads(text[:cut])
    data = envelope(midgame)
    refused({**data, "game": "goblinguard"}, "$.game", "goblinguard")
    refused({**data, "format": gh.FORMAT + 1}, "$.format", "newer")
    with pytest.raises(StateFormatError, match=r"\$\.kind"):
        gh.loads(gh.dumps(gh.view(midgame, 0)))


LAKE = gh.Config().geo.area(gh.Hex(5, 5))

CHANGES: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    (
        "hero damage beyond health",
        lambda d: d["heroes"][0].update(damage=40),
        "$.data.heroes[0].damage",
        "expected",
    ),
    (
        "hero on a lake",
        lambda d: d["heroes"][0].update(at=LAKE),
        "$.data.heroes[0].at",
        "cannot stand",
    ),
    (
        "hero off the board",
        lambda d: d["heroes"][0].update(at=5000),
        "$.data.heroes[0].at",
        "expected",
    ),
    (
        "negative gold",
        lambda d: d["heroes"][1].update(gold=-1),
        "$.data.heroes[1].gold",
        "expected",
    ),
    (
        "unknown monster",
        lambda d: d["monsters"][0].update(kind="dragon"),
        "$.data.monsters[0].kind",
        "unknown",
    ),
    ("monster on a lake", lambda d: d["monsters"][0].update(at=LAKE), "$.data.monsters[0]", ""),
    (
        "a card of another hero",
        lambda d: d["heroes"][0]["cards"][0].update(id="alva-hero"),
        "$.data.heroes[0].cards[0]",
        "not a card",
    ),
    (
        "an event card twice too many",
        lambda d: d["heroes"][0]["discard"].extend(["bjorn-rest"] * 3),
        "$.data.heroes[0]",
        "event",
    ),
    ("town beyond the set-up", lambda d: d.update(town=99), "$.data.town", "expected"),
    ("time beyond the track", lambda d: d.update(time=40), "$.data.time", "expected"),
    ("won while the game runs", lambda d: d.update(won=True), "$.data", ""),
    ("a monster card lost", lambda d: d["yellow"].pop(), "$.data.yellow", "every yellow"),
    ("a monster card twice", lambda d: d["red"].append(d["red"][0]), "$.data.red", ""),
    (
        "too many cards in hand",
        lambda d: d["heroes"][0].update(hand=["bjorn-rest"] * 5),
        "$.data.heroes[0]",
        "",
    ),
    (
        "two actions the same",
        lambda d: d.update(
            turn={"hero": 0, "actions": ["move", "move"], "used": [], "range_bonus": 0}
        ),
        "$.data.turn",
        "different",
    ),
    (
        "a negative range bonus",
        lambda d: d.update(turn={"hero": 0, "actions": [], "used": [], "range_bonus": -1}),
        "$.data.turn.range_bonus",
        "whole number",
    ),
    (
        "a range bonus no card can give",
        lambda d: d.update(turn={"hero": 0, "actions": [], "used": [], "range_bonus": 10**30}),
        "$.data.turn.range_bonus",
        "whole number",
    ),
    (
        "a card used that is not the hero's",
        lambda d: d.update(
            turn={"hero": 0, "actions": [], "used": ["alva-hero"], "range_bonus": 0}
        ),
        "$.data.turn.used[0]",
        "not a card of",
    ),
    (
        "a turn of no seat",
        lambda d: d.update(turn={"hero": 7, "actions": [], "used": [], "range_bonus": 0}),
        "$.data.turn.hero",
        "expected",
    ),
    (
        "an unknown pack",
        lambda d: d["config"]["pack"].update(pack="deluxe"),
        "$.data.config",
        "deluxe",
    ),
    (
        "another pack version",
        lambda d: d["config"]["pack"].update(version=9),
        "$.data.config",
        "version 9",
    ),
    (
        "another pack digest",
        lambda d: d["config"]["pack"].update(digest="0" * 64),
        "$.data.config",
        "digest",
    ),
    (
        "an unknown hero",
        lambda d: d["config"].update(heroes=["bjorn", "thor"]),
        "$.data.config",
        "heroes",
    ),
    (
        "the same hero twice",
        lambda d: d["config"].update(heroes=["bjorn", "bjorn"]),
        "$.data.config",
        "heroes",
    ),
    (
        "an unknown chance mode",
        lambda d: d["config"].update(chance="loaded"),
        "$.data.config",
        "chance",
    ),
    (
        "a huge number",
        lambda d: d["heroes"][0].update(gold="9" * 5000),
        "$.data.heroes[0].gold",
        "expected int",
    ),
    (
        "a string for a list",
        lambda d: d.update(monsters="troll"),
        "$.data.monsters",
        "expected a list",
    ),
    ("an unknown key", lambda d: d.update(dragons=1), "$.data.dragons", "unknown key"),
]


@pytest.mark.parametrize(
    ("change", "path", "detail"),
    [pytest.param(c, p, t, id=name) for name, c, p, t in CHANGES],
)
def test_tampered_saves_are_refused(
    midgame: gh.State, change: Callable[[dict[str, Any]], None], path: str, detail: str
) -> None:
    data = envelope(midgame)
    change(data["data"])
    refused(data, path, detail)


def test_two_characters_in_one_area_are_refused(midgame: gh.State) -> None:
    data = envelope(midgame)
    hero_area = next(h["at"] for h in data["data"]["heroes"] if h["at"] != midgame.config.geo.town)
    data["data"]["monsters"][0]["at"] = hero_area
    data["data"]["monsters"].sort(key=lambda m: m["at"])
    refused(data, "$.data.monsters", "")


def test_a_state_inside_a_record_is_checked(midgame: gh.State) -> None:
    rec = gh.record([], start=midgame)
    data = json.loads(gh.dumps(rec))
    assert gh.from_dict(data, "record").start == midgame
    data["data"]["start"]["heroes"][0]["damage"] = 40
    refused(data, "$.data.start.heroes[0].damage", "expected", kind="record")


def test_deep_nesting_is_a_typed_error(midgame: gh.State) -> None:
    for depth in (1_000, 100_000):
        text = '{"game": "grimheim", "kind": "state", "format": 1, "data": ' + "[" * depth
        with pytest.raises(StateFormatError):
            gh.loads(text + "]" * depth + "}")
        data = envelope(midgame)
        nested: Any = 1
        for _ in range(depth // 100):
            nested = [nested]
        data["data"]["town"] = nested
        with pytest.raises(StateFormatError):
            gh.from_dict(data)


def test_views_are_checked_too(midgame: gh.State) -> None:
    seen = gh.view(midgame, 1)
    assert gh.loads(gh.dumps(seen), gh.View) == seen
    data = json.loads(gh.dumps(seen))
    data["data"]["seat"] = 5
    refused(data, "$.data.seat", "expected", kind=gh.View)


def test_validate_a_state_built_by_hand(midgame: gh.State) -> None:
    gh.validate(midgame)
    with pytest.raises(StateFormatError, match="two characters"):
        gh.validate(_crowded(midgame))


def _crowded(state: gh.State) -> gh.State:
    import attrs

    heroes = (state.heroes[0], attrs.evolve(state.heroes[1], at=state.heroes[0].at))
    if state.heroes[0].at == state.config.geo.town:
        heroes = (attrs.evolve(state.heroes[0], at=100), attrs.evolve(state.heroes[1], at=100))
    return attrs.evolve(state, heroes=heroes)


# Integers whose -1 means "not yet" or "none": a monster attack's damage before its roll and its
# target before the players choose; the attacker of a window that has none; the monster a hero's
# attack killed before any kill; the monster a card's use picked before it picks one; the monster
# a roll's damage is diverted to when it is not.
SENTINELS = {"damage", "target", "attacker", "killed", "bound", "split"}


def test_root_cause_4_every_stored_number_out_of_its_range_is_refused() -> None:
    """Each whole number of saved positions taken mid-rule (attacks, windows, card effects), set
    to -1, to 2**30 or to a 30-digit number, is refused with a typed error — but for the
    documented sentinels, where -1 is a real value. 2**30 gold or mana was accepted (G48)."""
    config = gh.Config(heroes=("bjorn", "alva", "embla", "boldur"), chance="explicit")
    agents = [gh.DefenderAgent() for _ in config.heroes]
    _, actions = play(gh.GAME, agents, seed=3, config=config)
    state = gh.new_game(config, seed=3)
    accepted = []
    framed = 0
    for index, action in enumerate(actions):
        state = gh.apply(state, action)
        if index % 13 or not state.frames:
            continue
        framed += 1
        text = gh.dumps(state)
        for found in re.finditer(r'"(\w+)": (-?\d+)', text):
            key = found.group(1)
            if key in ("format", "state"):
                continue
            for value in ("-1", str(2**30), "9" * 30):
                if value == "-1" and key in SENTINELS:
                    continue
                tampered = text[: found.start(2)] + value + text[found.end(2) :]
                try:
                    gh.loads(tampered)
                except StateFormatError:
                    continue
                accepted.append(f"{key}={value[:3]}")
    assert framed >= 5
    assert accepted == []


# -- what the cards remember ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def remembering() -> gh.State:
    """A position with the new fields set: markers on a card, quest progress, a pinned monster
    with a bounty."""
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva"), hard_setup=True), seed=2)
    state = gh.scenario.give_card(state, "bjorn", "bjorn-black-arrows", in_play=True)
    bjorn, alva = state.heroes
    rest = [c for c in bjorn.equipment if c != "bjorn-trollbane"]
    others = [c for c in alva.equipment if c != "alva-tiara"]  # a quest that does not count
    monster = state.monsters[0]
    state = attrs.evolve(
        state,
        heroes=(
            attrs.evolve(bjorn, equipment=("bjorn-trollbane", *rest), quest=4, known_equipment=0),
            attrs.evolve(alva, equipment=("alva-tiara", *others), known_equipment=0),
        ),
        monsters=(
            attrs.evolve(monster, pinned=True, pinned_by="alva-take-a-knee", bounty=2),
            *state.monsters[1:],
        ),
    )
    gh.validate(state)
    return state


def test_what_the_cards_remember_round_trips(remembering: gh.State) -> None:
    assert gh.loads(gh.dumps(remembering)) == remembering
    data = envelope(remembering)["data"]
    assert data["heroes"][0]["quest"] == 4
    assert data["monsters"][0]["bounty"] == 2 and data["monsters"][0]["pinned"] is True


REMEMBERED: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    (
        "markers beyond any card's",
        lambda d: d["heroes"][0]["cards"][-1].update(counters=10**6),
        "$.data.heroes[0].cards[3].counters",
        "whole number",
    ),
    (
        "quest progress at its goal (it would have completed)",
        lambda d: d["heroes"][0].update(quest=5),
        "$.data.heroes[0].quest",
        "whole number from 0 to 4",
    ),
    (
        "quest progress on a quest that does not count",
        lambda d: d["heroes"][1].update(quest=1),
        "$.data.heroes[1].quest",
        "whole number from 0 to 0",
    ),
    (
        "a bounty beyond any card's",
        lambda d: d["monsters"][0].update(bounty=10**6),
        "$.data.monsters[0].bounty",
        "whole number",
    ),
    (
        "a pin by an unknown card",
        lambda d: d["monsters"][0].update(pinned_by="nobody-card"),
        "$.data.monsters[0].pinned_by",
        "unknown card",
    ),
    (
        "a pin that is not true or false",
        lambda d: d["monsters"][0].update(pinned=1),
        "$.data.monsters[0].pinned",
        "",
    ),
    (
        "a move bonus none of Bjorn's cards gives",
        lambda d: d["turn"].update(move_bonus=1),
        "$.data.turn.move_bonus",
        "whole number from 0 to 0",
    ),
]


@pytest.mark.parametrize(
    ("name", "change", "path", "detail"), REMEMBERED, ids=[r[0] for r in REMEMBERED]
)
def test_what_the_cards_remember_is_checked_on_load(
    remembering: gh.State,
    name: str,
    change: Callable[[dict[str, Any]], None],
    path: str,
    detail: str,
) -> None:
    data = envelope(remembering)
    change(data["data"])
    refused(data, path, detail)


# -- every state that play reaches saves ---------------------------------------------------------


def test_a_reroll_saves_mid_attack() -> None:
    """Perfect Aim lifts the rune and the miss off the roll to roll them again: the roll's memory
    of its last dice shrinks with it, so the position between the reroll and the new roll saves
    and loads back equal (it once wrote ``last`` runes the roll no longer held)."""
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-home-sewn-cape")
    state = focused(hand(state, 0, "bjorn-perfect-aim"))
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 1, 1))
    state = gh.apply(state, gh.Use("bjorn-perfect-aim"))
    assert gh.loads(gh.dumps(state)) == state
    frame = state.frames[-1]
    assert isinstance(frame, HeroAttack)
    assert (frame.dice, frame.rolled, frame.last) == (2, (1, 0, 0, 0), (1, 0, 0, 0))


def test_a_roll_remembering_dice_it_no_longer_holds_is_refused() -> None:
    """The load check and the engine share one bound: the last dice rolled are among the dice
    the roll holds (``HeroAttack.fault``)."""
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-home-sewn-cape")
    state = gh.apply(gh.apply(state, gh.Attack(H(9, 5))), gh.Roll(1, 0, 1, 1))
    data = envelope(state)
    data["data"]["frames"][-1]["rolled"] = [1, 0, 0, 0]
    data["data"]["frames"][-1]["dice"] = 2
    refused(data, "$.data.frames[0].last[2]", "from 0 to 0")


def test_a_hero_turn_past_the_last_spot_is_refused() -> None:
    """The last spot's monster turn ends the game, so no hero takes a turn on it: a save that
    has one would play a round the track does not have."""
    data = envelope(sc.set_time(cleared(("bjorn",)), 11))
    data["data"]["time"] = 11  # the 12th spot, the short track's last
    refused(data, "$.data.turn", "no hero takes a turn on the last spot")


def test_a_monster_turn_before_the_time_marker_moved_is_refused() -> None:
    state = until(sc.set_time(cleared(("bjorn",)), 2), lambda s: s.turn is None, gh.EndTurn())
    data = envelope(state.state)
    data["data"]["time"] = 0
    refused(data, "$.data.time", "a monster turn comes after the time marker has moved")


def test_a_view_hiding_more_cards_of_a_deck_than_its_seat_has_not_seen_is_refused(
    midgame: gh.State,
) -> None:
    """A view's hidden places are exactly the cards its seat has not seen: one hidden place moved
    from the ability deck to the equipment deck keeps the count of places, but no redeal could
    fill it (it once loaded, and ``redeal`` failed with a bare ``ValueError``)."""
    data = json.loads(gh.dumps(gh.view(midgame, 0)))
    hero = data["data"]["heroes"][1]
    assert "" in hero["abilities"]
    hero["abilities"].remove("")
    hero["equipment"].append("")
    refused(data, "$.data.heroes[1].abilities", "hidden cards, but", kind=gh.View)


def test_g50_cards_picked_to_discard_lie_face_up_and_the_view_saves() -> None:
    """G50: Alva picks the first of two cards to discard for her Bloodline Crystal's quest. The
    other seat sees that card face up in her hand (the rest stay hidden), the view saves and loads
    back equal, and a redeal keeps the picked card in her hand (a view once refused to load: the
    pick named a card of a hand it hid)."""
    state = cleared(("alva", "bjorn"))
    geo = state.config.geo
    ruins = next(h for h, i in geo.index.items() if geo.location[i] == "temple_ruins")
    state = hand(
        sc.put_hero(state, "alva", ruins), 0, "alva-agility", "alva-rest", "alva-speedy-attack"
    )
    state = gh.apply(on_top(state, "alva-bloodline-crystal"), gh.CompleteQuest())
    state = gh.apply(state, gh.TargetCard("alva-rest"))
    seen = gh.view(state, 1)
    assert seen.heroes[0].hand == ("", "", "alva-rest")
    assert gh.loads(gh.dumps(seen), gh.View) == seen
    for seed in range(5):
        dealt = gh.redeal(seen, seed)
        assert "alva-rest" in dealt.heroes[0].hand
        assert gh.decision(dealt) == gh.decision(state)
    # the view shows the picked card and no other card of that hand
    data = json.loads(gh.dumps(seen))
    data["data"]["heroes"][0]["hand"] = ["", "alva-agility", "alva-rest"]
    refused(data, "$.data.heroes[0].hand[1]", "may not see this card", kind=gh.View)
