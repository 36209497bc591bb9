"""Bad input gets a clear, typed error and loses nothing: illegal actions (each reason names the
rule or ruling it breaks), tampered saves, broken content packs, bad notation."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tests.test_kinmarr.fuzzing import FILES
from tests.test_kinmarr.positions import act, at, card_data, pack_with, start

import kinmarr
from kinmarr import scenario
from tabletop_rules import ContentError, IllegalActionError, RandomAgent, StateFormatError, play

RULE = re.compile(r"^(K([1-9]|1[0-5])|Turn|Inventory|Draw|Towers|Chance|Game): ")


@pytest.fixture(scope="module")
def midgame() -> kinmarr.State:
    final, actions = play(
        kinmarr.GAME,
        [RandomAgent()] * 3,
        seed=21,
        config=kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[:3]),
    )
    state = kinmarr.new_game(final.config, seed=21)
    for action in actions[: len(actions) // 2]:
        state = kinmarr.apply(state, action)
    return state


def _envelope(state: kinmarr.State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(kinmarr.dumps(state))
    return data


# Illegal actions ---------------------------------------------------------------------------------


def test_every_illegal_action_gives_a_reason_naming_the_rule() -> None:
    pool: set[kinmarr.Action] = set()
    states: list[kinmarr.State] = []
    for seed in range(4):
        config = kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[: 2 + seed % 3], chance="explicit")
        _, actions = play(
            kinmarr.GAME, [RandomAgent()] * len(config.guilds), seed=seed, config=config
        )
        state = kinmarr.new_game(config, seed=seed)
        for action in actions:
            pool.add(action)
            if len(states) < 400 and len(pool) % 3 == 0:
                states.append(state)
            state = kinmarr.apply(state, action)
    checked = 0
    for state in states:
        legal = set(kinmarr.legal_actions(state))
        for action in sorted(pool - legal, key=kinmarr.notation)[:40]:
            why = kinmarr.is_legal(state, action)
            assert why is not None and RULE.match(why), (kinmarr.notation(action), why)
            checked += 1
    assert checked > 5_000


def test_an_illegal_action_leaves_the_state_untouched(midgame: kinmarr.State) -> None:
    before = kinmarr.dumps(midgame)
    with pytest.raises(IllegalActionError) as caught:
        kinmarr.apply(midgame, kinmarr.Buy("royal-ring"))
    assert RULE.match(caught.value.reason)
    assert kinmarr.dumps(midgame) == before


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        ("end", "Turn"),
        ("duel:1", "K5"),
        ("trade:1", "K6"),
        ("buy:royal-ring", "K14"),
        ("use:rally", "K4"),
        ("pass", "K4"),
        ("reroll:0+1", "K12"),
        ("loot-coins", "K13"),
        ("take-coins", "K5"),
        ("drop:rally", "K15"),
        ("3", "Chance"),
        ("choose:ogre", "Draw"),
        ("pay:ogre", "Towers"),
        ("slot", "Inventory"),
    ],
)
def test_the_reason_names_the_rule_at_the_start_of_a_turn(move: str, rule: str) -> None:
    why = kinmarr.is_legal(start(), kinmarr.parse_action(start(), move))
    assert why is not None and why.startswith(f"{rule}: ")


def test_specific_reasons() -> None:
    state = at(start(), 0, kinmarr.CASTLE, coins=1)
    assert "costs 3, you have 1" in (kinmarr.is_legal(state, kinmarr.Buy("leather-armour-1")) or "")
    far = at(start(), 0, kinmarr.Tile("inner", 4), coins=9)
    assert "Castle" in (kinmarr.is_legal(far, kinmarr.Buy("leather-armour-1")) or "")
    over = kinmarr.new_game(
        kinmarr.Config(round_limit=1, guilds=("pathfinders", "feudal_pact")), seed=0
    )
    while not kinmarr.is_over(over):
        over = kinmarr.apply(over, kinmarr.legal_actions(over)[0])
    assert kinmarr.is_legal(over, kinmarr.Travel()) == "Game: the game is over (K7)"
    assert "not an action of this game" in (kinmarr.is_legal(over, "end") or "")  # type: ignore[arg-type]


# Notation ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "travelx",
        "use:",
        "choose:Ogre",
        "duel:x",
        "reroll:",
        "7",
        "power>",
        "use:ogre>",
        "choose:" + "a" * 40,
        "take:a:b",
    ],
)
def test_bad_notation_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match=r"not an action|no card"):
        kinmarr.parse_action(kinmarr.new_game(seed=0), text)


def test_notation_naming_unknown_cards_or_seats() -> None:
    state = kinmarr.new_game(kinmarr.Config(guilds=("pathfinders", "feudal_pact")), seed=0)
    with pytest.raises(ValueError, match="no card 'unicorn'"):
        kinmarr.parse_action(state, "choose:unicorn")
    with pytest.raises(ValueError, match="no seat 3"):
        kinmarr.parse_action(state, "duel:3")


# Tampered saves ----------------------------------------------------------------------------------


def test_truncated_json_and_the_envelope(midgame: kinmarr.State) -> None:
    text = kinmarr.dumps(midgame)
    with pytest.raises(StateFormatError) as caught:
        kinmarr.loads(text[: len(text) // 2])
    assert caught.value.path == "$"
    data = _envelope(midgame)
    with pytest.raises(StateFormatError, match="goblinguard"):
        kinmarr.from_dict({**data, "game": "goblinguard"})
    with pytest.raises(StateFormatError, match="newer"):
        kinmarr.from_dict({**data, "format": kinmarr.FORMAT + 1})
    with pytest.raises(StateFormatError) as caught:
        kinmarr.loads(kinmarr.dumps(kinmarr.view(midgame, 0)))
    assert caught.value.path == "$.kind"


def _tampered(state: kinmarr.State, change: Any) -> StateFormatError:
    data = _envelope(state)
    change(data["data"])
    with pytest.raises(StateFormatError) as caught:
        kinmarr.from_dict(data)
    return caught.value


def _deck_card(data: dict[str, Any]) -> str:
    """A creature still in the Encounter deck (a card a hand may hold)."""
    pack = kinmarr.standard_pack()
    deck = data["encounters"]
    cards = [*deck["top"], *(c for group in deck["bottom"] for c in group)]
    card: str = next(c for c in cards if pack.card(c).kind == "creature")
    return card


def test_a_card_in_two_places_or_nowhere_is_refused(midgame: kinmarr.State) -> None:
    def twice(data: dict[str, Any]) -> None:
        order = kinmarr.standard_pack().compiled.index
        hand = [*data["players"][0]["hand"], _deck_card(data)]
        data["players"][0]["hand"] = sorted(hand, key=order.__getitem__)

    assert "also in" in _tampered(midgame, twice).detail

    # A list of two cards or more in the Encounter deck: its top, or a group at the bottom.
    lists = [midgame.encounters.top, *midgame.encounters.bottom]
    at = next(i for i, cards in enumerate(lists) if len(cards) > 1)
    path = "$.data.encounters.top[0]" if at == 0 else f"$.data.encounters.bottom[{at - 1}][0]"

    def cards_at(data: dict[str, Any]) -> list[str]:
        deck: dict[str, Any] = data["encounters"]
        cards: list[str] = deck["top"] if at == 0 else deck["bottom"][at - 1]
        return cards

    def nowhere(data: dict[str, Any]) -> None:
        del cards_at(data)[0]

    assert "nowhere" in _tampered(midgame, nowhere).detail

    def unknown(data: dict[str, Any]) -> None:
        cards_at(data)[0] = "unicorn"

    error = _tampered(midgame, unknown)
    assert error.path == path and "unicorn" in error.detail


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("fate", 11, "$.data.fate"),
        ("fate", -1, "$.data.fate"),
        ("turn", 7, "$.data.turn"),
        ("round", "x", "$.data.round"),
    ],
)
def test_numbers_out_of_range_are_refused(
    midgame: kinmarr.State, field: str, value: Any, path: str
) -> None:
    def change(data: dict[str, Any]) -> None:
        data[field] = value

    assert _tampered(midgame, change).path == path


def test_players_that_break_the_rules_are_refused() -> None:
    state = at(start(), 0, kinmarr.CASTLE, cards=["grey-wolf-1"], slotted=["rally"])

    def wounded(data: dict[str, Any]) -> None:
        data["players"][0]["wounds"] = 4

    assert _tampered(state, wounded).path == "$.data.players[0].wounds"

    def slotted_creature(data: dict[str, Any]) -> None:
        data["players"][0]["slots"] = ["grey-wolf-1", "rally"]
        data["players"][0]["hand"] = []

    assert "Items and Abilities" in _tampered(state, slotted_creature).detail

    def foreign(data: dict[str, Any]) -> None:
        data["players"][1]["slots"] = ["rally"]
        data["players"][0]["slots"] = []

    assert "K15" in _tampered(state, foreign).detail

    def unordered(data: dict[str, Any]) -> None:
        data["players"][0]["hand"] = ["grey-wolf-1", "rat-swarm-1"]
        data["encounters"]["top"].remove("rat-swarm-1")

    assert "pack order" in _tampered(state, unordered).detail


def test_frames_that_cannot_be_reached_are_refused() -> None:
    state = start()

    def not_waiting(data: dict[str, Any]) -> None:
        data["frames"].append({"type": "move-frame", "seat": 0, "steps": 2})

    assert "does not wait" in _tampered(state, not_waiting).detail

    def sampled_roll(data: dict[str, Any]) -> None:
        data["frames"].append({"type": "roll-frame", "seat": 0})
        data["config"]["chance"] = "sampled"

    assert _tampered(state, sampled_roll).path.startswith("$.data")

    def bad_source(data: dict[str, Any]) -> None:
        data["frames"].insert(
            1, {"type": "run-frame", "source": "tile:99", "pc": 0, "seat": 0, "target": None}
        )

    assert "names no effects" in _tampered(state, bad_source).detail

    def two_ends(data: dict[str, Any]) -> None:
        data["frames"].insert(1, {"type": "turn-end-frame", "done": False})

    assert "at most one" in _tampered(state, two_ends).detail


def test_a_finished_game_must_add_up(midgame: kinmarr.State) -> None:
    final = midgame
    while not kinmarr.is_over(final):
        final = kinmarr.apply(final, kinmarr.legal_actions(final)[0])

    def winners(data: dict[str, Any]) -> None:
        data["ending"]["winners"] = [0, 1, 2]

    assert _tampered(final, winners).path.startswith("$.data.ending")

    def scores(data: dict[str, Any]) -> None:
        data["ending"]["scores"][0] += 1

    assert "K8" in _tampered(final, scores).detail


def test_the_standard_packs_reference_is_checked(midgame: kinmarr.State) -> None:
    def digest(data: dict[str, Any]) -> None:
        data["config"]["pack"]["digest"] = "0" * 64

    assert "digest" in _tampered(midgame, digest).detail

    def version(data: dict[str, Any]) -> None:
        data["config"]["pack"]["version"] = 99

    assert "version 99" in _tampered(midgame, version).detail


def test_a_broken_embedded_pack_is_a_state_format_error() -> None:
    data = kinmarr.pack_to_json(kinmarr.standard_pack())
    data["name"] = "custom"
    state = kinmarr.new_game(kinmarr.Config(pack=kinmarr.pack_from_json(json.dumps(data))), seed=1)

    def broken(data: dict[str, Any]) -> None:
        data["config"]["pack"]["guilds"][0]["dice"] = ["purple"]

    error = _tampered(state, broken)
    assert error.path == "$.data.config" and "purple" in error.detail


# Broken content packs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "where", "match"),
    [
        (lambda d: d["board"]["inner"].pop(), "$.inner", "15 tiles"),
        (lambda d: d["board"]["outer"][0].update(special=None), "$", "K1: the board has no"),
        (
            lambda d: d["board"]["inner"][3].update(special="observatory"),
            "$.inner[3].special",
            "K1: the observatory lies on the outer path",
        ),
        (
            lambda d: d["board"]["inner"][2]["effects"].append({"type": "move", "steps": 2}),
            "$.inner[2].effects[1]",
            "a tile may not hold a 'move'",
        ),
        (
            lambda d: d["guilds"][0].update(dice=["red", "black"]),
            "$.guilds[0].dice",
            "black",
        ),
        (lambda d: d["guilds"].__setitem__(1, d["guilds"][0]), "$.guilds[1].id", "twice"),
        (lambda d: card_data(d, "grey-wolf-1").update(defence=0), "$.cards", "defence"),
        (lambda d: card_data(d, "rally").update(guild="dwarves"), "$.cards", "unknown guild"),
        (lambda d: card_data(d, "ogre").update(id="pass"), "$.cards", "action notation"),
        (lambda d: card_data(d, "ogre").update(id="grey-wolf-1"), "$.cards", "appears twice"),
        (
            lambda d: card_data(d, "hex-1")["usage"]["effects"].append(
                {"type": "draw", "count": 1, "choose": 1}
            ),
            "$.cards",
            r"usage \(an answer",
        ),
        (
            lambda d: card_data(d, "royal-ring")["passive"].append({"type": "coins", "amount": 1}),
            "$.cards",
            "a passive may not hold a 'coins'",
        ),
        (lambda d: card_data(d, "sinkhole").update(deck="item"), "$.cards", "is a"),
        (
            lambda d: card_data(d, "the-scholar").update(condition=None),
            "$.cards",
            "needs a condition",
        ),
        (
            lambda d: card_data(d, "ogre")["effects"].append({"type": "coins", "amount": 100}),
            "$.cards",
            "amount",
        ),
        (
            lambda d: card_data(d, "old-road")["effects"][0].update(type="fly"),
            "$.cards",
            "unknown type tag",
        ),
        (lambda d: d.update(extra=1), "$.extra", "unknown key"),
    ],
)
def test_a_broken_pack_names_the_place(change: Any, where: str, match: str) -> None:
    with pytest.raises(ContentError, match=match) as caught:
        kinmarr.pack_from_json(pack_with(change), source="variant.json")
    assert caught.value.path.startswith(f"variant.json: {where}")


def test_broken_files_of_a_pack_directory_are_named(tmp_path: Path) -> None:
    from importlib import resources

    content = resources.files("kinmarr").joinpath("content")
    for name in FILES:
        (tmp_path / name).write_bytes(content.joinpath(name).read_bytes())
    assert kinmarr.load_pack(tmp_path) == kinmarr.standard_pack()
    items = json.loads((tmp_path / "items.json").read_text())
    items["cards"][3]["value"] = -2
    (tmp_path / "items.json").write_text(json.dumps(items))
    with pytest.raises(ContentError, match="value") as caught:
        kinmarr.load_pack(tmp_path)
    assert caught.value.path.startswith("items.json: $.cards[3]")
    (tmp_path / "board.json").write_text("[" * 100_000)
    with pytest.raises(ContentError, match="not valid JSON") as caught:
        kinmarr.load_pack(tmp_path)
    assert caught.value.path == "board.json: $"
    with pytest.raises(ContentError, match="cannot read"):
        kinmarr.load_pack(tmp_path / "missing.json")


def test_an_item_worth_0_coins_is_refused_naming_it(tmp_path: Path) -> None:
    """K14: an Item bought for 0 and sold for 0 makes an endless loop in one turn."""
    from importlib import resources

    content = resources.files("kinmarr").joinpath("content")
    for name in ("pack.json", "board.json", "guilds.json", "encounters.json", "abilities.json"):
        (tmp_path / name).write_bytes(content.joinpath(name).read_bytes())
    (tmp_path / "prophecies.json").write_bytes(content.joinpath("prophecies.json").read_bytes())
    items = json.loads(content.joinpath("items.json").read_text())
    items["cards"].append(
        {"id": "tin-whistle", "name": "Tin Whistle", "deck": "item", "kind": "item", "value": 0,
         "text": "Passive: Block 1.", "passive": [{"type": "block", "amount": 1}]}
    )  # fmt: skip
    (tmp_path / "items.json").write_text(json.dumps(items))
    with pytest.raises(ContentError, match="'tin-whistle' is worth 0 coins") as caught:
        kinmarr.load_pack(tmp_path)
    assert caught.value.path == f"items.json: $.cards[{len(items['cards']) - 1}].value"
    with pytest.raises(ContentError, match="'tin-whistle' is worth 0 coins"):
        kinmarr.pack_from_json(pack_with(lambda d: d["cards"].append(items["cards"][-1])))


def test_wrong_configs_are_value_errors() -> None:
    with pytest.raises(ValueError, match="2 to 4 guilds"):
        kinmarr.Config(guilds=())
    with pytest.raises(ValueError, match="different guild"):
        kinmarr.Config(guilds=("pathfinders", "pathfinders"))
    with pytest.raises(ValueError, match="unknown guild"):
        kinmarr.Config(guilds=("pathfinders", "elves"))
    with pytest.raises(ValueError, match="round_limit"):
        kinmarr.Config(round_limit=0)
    with pytest.raises(ValueError, match="chance"):
        kinmarr.Config(chance="loaded")  # type: ignore[arg-type]


def test_helpers_refuse_cards_held_by_work_in_progress() -> None:
    state = at(start(), 0, kinmarr.Tile("inner", 1))
    state = act(state, "travel", "1", "ogre", "sinkhole", "lighthouse")
    with pytest.raises(ValueError, match="work in progress"):
        scenario.give(state, 1, "sinkhole")
