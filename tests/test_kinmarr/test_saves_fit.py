"""A save whose pending work does not fit the rest of it is refused on load (issue 28).

Each frame is checked against the state it sits in: whose turn it is, the order in which the
engine pushes frames, the living and the dead, the Shop's free places, the round limit. Each test
plays to a legal state, dumps it, edits the JSON the way a fuzzed mutant did, and checks that
``loads`` refuses it naming the place. Before these checks, each of the first three (found by the
fuzzer) was read without complaint and then went wrong in play.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

import pytest
from tests.test_kinmarr.positions import (
    PAIR,
    PROPHECY,
    SHOP,
    act,
    at,
    card_data,
    kind,
    pack_with,
    start,
)

import kinmarr
from kinmarr import CASTLE, Tile
from tabletop_rules import CHANCE, Rng, StateFormatError, sample_chance

Change = Callable[[dict[str, Any]], None]


def _refused(
    position: kinmarr.State | kinmarr.View, change: Change, path: str, match: str
) -> StateFormatError:
    """``loads`` reads ``position`` as saved, and refuses it once ``change`` edited its JSON,
    naming ``path`` (under the envelope's ``$.data``) and saying ``match``."""
    text = kinmarr.dumps(position)
    assert kinmarr.loads(text, type(position)) == position
    data = json.loads(text)
    change(data["data"])
    with pytest.raises(StateFormatError, match=match) as caught:
        kinmarr.loads(json.dumps(data), type(position))
    assert caught.value.path == f"$.data{path}", caught.value
    return caught.value


def _kill(data: dict[str, Any], seat: int) -> None:
    """Seat ``seat``'s character leaves the board, its cards out of the game, as a death does."""
    player = data["players"][seat]
    data["discarded"] += player["hand"] + player["slots"]
    player.update(tile=None, hand=[], slots=[], coins=0, wounds=0)


def _frame(data: dict[str, Any], index: int) -> dict[str, Any]:
    frame: dict[str, Any] = data["frames"][index]
    return frame


@functools.cache
def _played() -> tuple[kinmarr.State, ...]:
    """Every state of some random three-guild games in explicit chance mode."""
    states: list[kinmarr.State] = []
    config = kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[:3], chance="explicit")
    for seed in range(20):
        state = kinmarr.new_game(config, seed=seed)
        rng = Rng.from_seed(seed)
        while True:
            states.append(state)
            if kinmarr.is_over(state):
                break
            if kinmarr.current_player(state) == CHANCE:
                action, rng = sample_chance(kinmarr.GAME, state, rng)
            else:
                action, rng = rng.choice(kinmarr.legal_actions(state))
            state = kinmarr.apply(state, action)
    return tuple(states)


def _found(test: Callable[[kinmarr.State], bool]) -> kinmarr.State:
    """The first state played that passes ``test``."""
    return next(state for state in _played() if test(state))


def _top(state: kinmarr.State, kind_: type) -> bool:
    return bool(state.frames) and type(state.frames[-1]) is kind_


def _last(state: kinmarr.State) -> Any:
    """The frame on top."""
    return state.frames[-1]


def _seat_of(frame: Any) -> int:
    seat: int = frame.seat
    return seat


def _index(state: kinmarr.State, kind_: type) -> int:
    return max(i for i, frame in enumerate(state.frames) if type(frame) is kind_)


# -- found by the fuzzer --------------------------------------------------------------------------


def test_the_turn_of_a_dead_character_is_refused() -> None:
    """The travel die is rolling (chance waits, nobody is asked) when the active character is
    made dead: read as it was, chance rolled, and the dead character was asked to end its turn."""
    state = act(start(), "travel")
    assert kinmarr.current_player(state) == CHANCE
    _refused(state, lambda d: _kill(d, 0), ".frames[1]", "seat 0's character is dead")


def test_a_dead_active_player_is_refused_while_another_is_asked() -> None:
    state = _found(
        lambda s: (
            _top(s, kinmarr.WindowFrame)
            and _last(s).asking != s.turn
            and isinstance(s.frames[1], kinmarr.MenuFrame)
        )
    )
    _refused(state, lambda d: _kill(d, state.turn), ".frames[1]", "character is dead")


@pytest.mark.parametrize("kind_", [kinmarr.State, kinmarr.View])
def test_a_round_past_the_round_limit_is_refused(kind_: type) -> None:
    state = act(start(round_limit=3), "travel", "1")
    position = state if kind_ is kinmarr.State else kinmarr.view(state, 1)
    _refused(position, lambda d: d.update(round=4), ".round", "K7: the game ends after round 3")


def test_a_shop_refill_put_under_the_menu_is_refused() -> None:
    """Reordered so that the refill of an Item bought waits under the start menu: read as it
    was, the player could refresh the Shop (4 Items drawn) and the old refill then made it 5."""
    state = at(start(), 0, CASTLE, coins=5)
    state = act(state, "buy:leather-armour-1")
    assert kind(state) == "keep"
    assert [type(f).__name__ for f in state.frames[4:]] == ["MenuFrame", "DrawFrame", "GainFrame"]

    def swap(data: dict[str, Any]) -> None:
        frames = data["frames"]
        frames[4], frames[5] = frames[5], frames[4]

    _refused(state, swap, ".frames[4]", "K14: the Shop is refilled at once")


# -- the round limit and the endings --------------------------------------------------------------


def _ended_by_the_round_limit() -> kinmarr.State:
    state = start(round_limit=1)
    while not kinmarr.is_over(state):
        state = act(state, "1" if kind(state) == "chance" else kinmarr.notation(
            kinmarr.legal_actions(state)[0]))  # fmt: skip
    assert state.ending is not None and state.ending.kind == "round-limit"
    return state


def test_a_game_ended_by_the_round_limit_ends_when_the_next_round_would_start() -> None:
    _refused(_ended_by_the_round_limit(), lambda d: d.update(round=1), ".round", "K7")


def test_a_game_lost_to_fate_shows_fate_10() -> None:
    state = kinmarr.scenario.set_fate(start(), 10)
    while not kinmarr.is_over(state):
        state = act(state, "1" if kind(state) == "chance" else kinmarr.notation(
            kinmarr.legal_actions(state)[0]))  # fmt: skip
    assert state.ending is not None and state.ending.kind == "fate"
    _refused(state, lambda d: d.update(fate=9), ".fate", "Fate is 10")


def test_a_last_standing_win_needs_the_option_and_deck_exhaustion_an_empty_deck() -> None:
    state = _found(lambda s: s.ending is not None and s.ending.kind == "last-standing")

    def without_option(data: dict[str, Any]) -> None:
        data["config"]["last_standing"] = False

    _refused(state, without_option, ".ending.kind", "K7: the game is played without")

    def exhausted(data: dict[str, Any]) -> None:
        data["ending"]["kind"] = "deck-exhausted"

    _refused(state, exhausted, ".ending.kind", "a deck is empty, and none is")


# -- the set-up -----------------------------------------------------------------------------------


def _set_up() -> kinmarr.State:
    config = kinmarr.Config(guilds=("feudal_pact", "pathfinders"), chance="explicit")
    return kinmarr.new_game(config, seed=0)


@pytest.mark.parametrize(
    ("change", "path", "match"),
    [
        (lambda d: d.update(turn=1), ".turn", "K9"),
        (lambda d: d["frames"][0].update(new_round=False), ".frames[0].new_round", "first round"),
        (lambda d: d["players"][1].update(coins=3), ".players[1]", "empty-handed"),
        (lambda d: d.update(fate=2), "", "nothing has happened"),
        (lambda d: d["frames"][1].update(count=3), ".frames[1].count", "K14: the set-up fills"),
        (lambda d: d["frames"].insert(1, d["frames"].pop()), ".frames", "first prophecy, then"),
    ],
)
def test_the_set_up_is_a_new_game(change: Change, path: str, match: str) -> None:
    _refused(_set_up(), change, path, match)


# -- the turn's skeleton and its flags ------------------------------------------------------------


def test_the_menus_lie_where_the_turn_put_them() -> None:
    def swap(data: dict[str, Any]) -> None:
        frames = data["frames"]
        frames[2], frames[3] = frames[3], frames[2]

    _refused(start(), swap, ".frames[2]", "the duel menu lies where the turn's start put it")


def test_the_travel_die_is_rolled_once_the_start_menu_is_left() -> None:
    _refused(start(), lambda d: d["frames"].pop(), ".flags.roll", "was rolled")
    moved = act(start(), "travel", "3")
    _refused(moved, lambda d: d["flags"].update(roll=0), ".flags.roll", "was rolled")
    _refused(start(), lambda d: d["flags"].update(roll=4), ".flags.roll", "still to roll")


def test_the_duel_flag_fits_the_duel_menu_and_the_trophy() -> None:
    _refused(start(), lambda d: d["flags"].update(dueled=True), ".flags.dueled", "K5")
    duel = at(start(), 1, Tile("inner", 3))
    trophy = act(duel, "travel", "3", "duel:1", "critical", "miss", "miss", "miss", "miss")
    assert kind(trophy) == "trophy"
    _refused(trophy, lambda d: d["flags"].update(dueled=False), ".flags.dueled", "K5")


def test_a_prophecy_to_draw_is_drawn() -> None:
    def lost(data: dict[str, Any]) -> None:
        data["discarded"].append(data["prophecy"])
        data["prophecy"] = None

    _refused(start(), lost, ".prophecy", "while the deck has one")


# -- frames against their neighbours and the players ----------------------------------------------


def test_a_window_opens_on_the_request_it_answers() -> None:
    state = act(start(), "travel")  # ... move, its window, the travel die
    assert _frame(json.loads(kinmarr.dumps(state))["data"], 5)["request"] == "move"
    _refused(state, lambda d: _frame(d, 5).update(request="tile"), ".frames[5]", "K4: a window")


def test_a_window_asks_only_once_it_is_on_top() -> None:
    _refused(start(), lambda d: _frame(d, 2).update(asking=1), ".frames[2]", "on top")


def test_a_trade_offer_is_noted_and_made_on_the_same_tile() -> None:
    state = at(start(), 1, Tile("inner", 1), coins=3)
    state = act(at(state, 0, CASTLE, coins=2), "travel", "1", "no-duel", "trade:1")
    assert kind(state) == "offer"
    top = len(state.frames) - 1
    _refused(state, lambda d: d["flags"].update(traded=[]), f".frames[{top}].partner", "K6")

    def apart(data: dict[str, Any]) -> None:
        data["players"][1]["tile"] = {"ring": "inner", "index": 2}

    _refused(state, apart, f".frames[{top}].partner", "on your tile")


def test_a_fight_waits_only_where_the_engine_leaves_it() -> None:
    state = _found(lambda s: _top(s, kinmarr.FightFrame) and _last(s).stage == "dodge")
    top = len(state.frames) - 1
    _refused(state, lambda d: _frame(d, top).update(stage="result"), f".frames[{top}].stage",
             "never waits")  # fmt: skip

    def unrolled(data: dict[str, Any]) -> None:
        dice = _frame(data, top)["dice"]
        dice["faces"][0], dice["used"][0] = "", False

    _refused(state, unrolled, f".frames[{top}].dice", "this roll is made")
    colour = _last(state).dice.colours[0]
    faces = ("hit", "miss", "critical", "resilience", "dodge", "insight")
    other = next(f for f in faces if f not in state.config.rules.faces[colour])

    def impossible(data: dict[str, Any]) -> None:
        _frame(data, top)["dice"]["faces"][0] = other

    _refused(state, impossible, f".frames[{top}].dice.faces[0]", f"the {colour} die has no")

    def buried(data: dict[str, Any]) -> None:  # the Dodge asked under a window
        data["frames"].append({"type": "window-frame", "request": "combat", "stack": [],
                               "asking": None, "passes": 0})  # fmt: skip

    _refused(state, buried, f".frames[{top}]", "a fight at the 'dodge' stage waits on top")


def test_cards_chosen_are_resolved_for_the_active_player() -> None:
    state = _found(
        lambda s: any(type(f) is kinmarr.EncounterFrame for f in s.frames) and s.ending is None
    )
    i = _index(state, kinmarr.EncounterFrame)
    other = (state.turn + 1) % 3
    _refused(state, lambda d: _frame(d, i).update(seat=other), f".frames[{i}].seat",
             "the work of the active player's turn")  # fmt: skip


def test_a_card_chosen_comes_from_a_deck_drawn_to_choose() -> None:
    """A fulfilled prophecy swapped in for a card chosen: read as it was, the prophecy came to
    a player's hand, and the next state could not be saved."""
    state = _found(
        lambda s: (
            any(type(f) is kinmarr.EncounterFrame for f in s.frames)
            and any(s.config.rules.card[c].kind == "prophecy" for c in s.discarded)
        )
    )
    i = _index(state, kinmarr.EncounterFrame)
    rules = state.config.rules
    prophecy = min(c for c in state.discarded if rules.card[c].kind == "prophecy")

    def swap(data: dict[str, Any]) -> None:
        frame = _frame(data, i)
        data["discarded"] = [frame["card"] if c == prophecy else c for c in data["discarded"]]
        frame["card"] = prophecy

    _refused(state, swap, f".frames[{i}].card", "drawn from encounter or ability or item")


def test_a_card_gained_is_one_its_player_may_hold() -> None:
    state = _found(
        lambda s: (
            _top(s, kinmarr.GainFrame)
            and s.config.rules.card[_last(s).card].guild == s.players[_last(s).seat].guild
        )
    )
    top = len(state.frames) - 1
    other = next(s for s in range(3) if s != _last(state).seat and state.players[s].alive)
    _refused(state, lambda d: _frame(d, top).update(seat=other), f".frames[{top}].card", "K15")


def test_a_card_is_dropped_from_a_full_hand_at_once() -> None:
    state = _found(lambda s: _top(s, kinmarr.DropFrame))
    _refused(state, lambda d: d["frames"].insert(1, d["frames"].pop()), ".frames[1]",
             "a card to drop waits on top")  # fmt: skip


def test_a_death_is_looted_by_the_living_in_turn_order() -> None:
    state = _found(lambda s: _top(s, kinmarr.LootFrame))
    top = len(state.frames) - 1
    loot = _last(state)
    assert isinstance(loot, kinmarr.LootFrame)

    def alive(data: dict[str, Any]) -> None:
        data["players"][loot.dead]["tile"] = {"ring": "inner", "index": 2}

    _refused(state, alive, f".frames[{top}].dead", "K13")

    def dead_looter(data: dict[str, Any]) -> None:
        _frame(data, top)["looters"] = [loot.looters[0], loot.dead][::-1]

    _refused(state, dead_looter, f".frames[{top}].looters", "K13|dead")

    def drawn_meanwhile(data: dict[str, Any]) -> None:
        data["frames"].append(
            {"type": "draw-frame", "deck": "ability", "into": "gain", "seat": loot.looters[0],
             "count": 1}
        )  # fmt: skip

    _refused(state, drawn_meanwhile, f".frames[{top + 1}]", "K13: a death is looted at once")


def _answered_with_a_draw() -> kinmarr.State:
    """Levy (in a pack where it also gains an Item) used at the end of the turn: its Item to
    draw waits, over the rest of its effects and the answer being resolved (K4)."""

    def change(data: dict[str, Any]) -> None:
        card_data(data, "levy")["usage"]["effects"].insert(0, {"type": "gain-item", "count": 1})

    pack = kinmarr.pack_from_json(pack_with(change))
    config = kinmarr.Config(guilds=PAIR, chance="explicit", pack=pack)
    state = act(kinmarr.new_game(config, seed=0), PROPHECY, *SHOP)
    state = act(at(state, 0, CASTLE, slotted=["levy"]), "travel", "1", "use:levy")
    assert [type(f).__name__ for f in state.frames[2:]] == [
        "ResolveFrame",
        "RunFrame",
        "DrawFrame",
    ]
    return state


def test_the_stack_resolves_one_answer_at_a_time_on_its_own_effects() -> None:
    state = _answered_with_a_draw()
    _refused(state, lambda d: _frame(d, 2).update(done=False), ".frames[2].done", "K4")
    _refused(state, lambda d: _frame(d, 3).update(seat=1), ".frames[3]",
             "K4: an answer's effects run on the answer being resolved")  # fmt: skip
    _refused(state, lambda d: _frame(d, 2)["answer"].update(seat=1), ".frames[2].answer", "K15")


def test_a_draw_left_with_nothing_to_draw_is_refused() -> None:
    state = _answered_with_a_draw()
    _refused(state, lambda d: _frame(d, 4).update(count=0), ".frames[4].count", "done")
