"""Bad input gets a clear, typed error and loses nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import goblinguard as gg
from tabletop_rules import ContentError, IllegalActionError, StateFormatError


@pytest.fixture
def midgame() -> gg.State:
    state = gg.new_game(seed=11)
    for _ in range(6):
        state = gg.apply(state, gg.legal_actions(state)[len(gg.legal_actions(state)) // 2])
    return state


def _envelope(state: gg.State) -> dict[str, Any]:
    return json.loads(gg.dumps(state))  # type: ignore[no-any-return]


def test_illegal_action_leaves_the_state_untouched(midgame: gg.State) -> None:
    before = gg.dumps(midgame)
    with pytest.raises(IllegalActionError) as caught:
        gg.apply(midgame, gg.Place(midgame.hand[0], 500, 500))
    assert caught.value.reason.startswith("R3")
    assert gg.dumps(midgame) == before


def test_not_an_action_is_rejected(midgame: gg.State) -> None:
    with pytest.raises(IllegalActionError, match="not a goblinguard action"):
        gg.apply(midgame, "+g1@0,0")  # type: ignore[arg-type]


def test_truncated_json(midgame: gg.State) -> None:
    text = gg.dumps(midgame)
    with pytest.raises(StateFormatError) as caught:
        gg.loads(text[: len(text) // 2])
    assert caught.value.path == "$"


def test_wrong_game_kind_and_newer_format(midgame: gg.State) -> None:
    data = _envelope(midgame)
    with pytest.raises(StateFormatError, match="chess") as caught:
        gg.from_dict({**data, "game": "chess"})
    assert caught.value.path == "$.game"
    with pytest.raises(StateFormatError) as caught:
        gg.loads(gg.dumps(gg.view(midgame)))  # a view where a state is expected
    assert caught.value.path == "$.kind"
    with pytest.raises(StateFormatError, match="newer") as caught:
        gg.from_dict({**data, "format": gg.FORMAT + 1})
    assert caught.value.path == "$.format"


def test_tampered_field_types_name_the_path(midgame: gg.State) -> None:
    data = _envelope(midgame)
    data["data"]["placed"][1]["x"] = "left"
    with pytest.raises(StateFormatError) as caught:
        gg.from_dict(data)
    assert caught.value.path == "$.data.placed[1].x"
    data = _envelope(midgame)
    data["data"]["surprise"] = 1
    with pytest.raises(StateFormatError):
        gg.from_dict(data)


def test_duplicated_card_is_rejected(midgame: gg.State) -> None:
    data = _envelope(midgame)
    data["data"]["deck"][0] = data["data"]["hand"][0]
    with pytest.raises(StateFormatError, match="appears twice"):
        gg.from_dict(data)


def test_missing_card_is_rejected(midgame: gg.State) -> None:
    data = _envelope(midgame)
    del data["data"]["deck"][0]
    with pytest.raises(StateFormatError, match="missing"):
        gg.from_dict(data)


def test_unknown_card_and_bad_hand_are_rejected(midgame: gg.State) -> None:
    data = _envelope(midgame)
    data["data"]["deck"][0] = "dragon"
    with pytest.raises(StateFormatError, match="dragon"):
        gg.from_dict(data)
    data = _envelope(midgame)
    data["data"]["hand"] = list(reversed(data["data"]["hand"]))
    with pytest.raises(StateFormatError, match="deck order"):
        gg.from_dict(data)


def test_illegal_position_is_rejected(midgame: gg.State) -> None:
    data = _envelope(midgame)
    placed = data["data"]["placed"]
    placed.append({**placed[0]})  # the same spot again, on top: covers that card entirely
    placed[-1]["card"] = data["data"]["hand"][0]
    data["data"]["hand"] = data["data"]["hand"][1:] + data["data"]["deck"][:1]
    data["data"]["deck"] = data["data"]["deck"][1:]
    data["data"]["hand"].sort(key=[c.id for c in gg.standard_deck()].index)
    with pytest.raises(StateFormatError, match="R4"):
        gg.from_dict(data)


def test_defeated_cell_without_monster_is_rejected(midgame: gg.State) -> None:
    data = _envelope(midgame)
    data["data"]["defeated"] = [[50, 50]]
    with pytest.raises(StateFormatError, match=r"R6: .* marked defeated, but") as caught:
        gg.from_dict(data)
    assert caught.value.path == "$.data.defeated"


def test_standard_pack_digest_is_checked(midgame: gg.State) -> None:
    data = _envelope(midgame)
    data["data"]["config"]["digest"] = "0" * 64
    with pytest.raises(StateFormatError, match="digest") as caught:
        gg.from_dict(data)
    assert caught.value.path == "$.data.config"
    ref = gg.standard_ref()
    pack = {"pack": "standard", "version": ref.version, "digest": ref.digest, "order": None}
    data["data"]["config"] = {**pack, "chance": "sampled", "version": ref.version + 1}
    with pytest.raises(StateFormatError, match="saved with version 2 of content pack 'standard'"):
        gg.from_dict(data)
    data["data"]["config"] = {**pack, "chance": "sampled", "pack": "deluxe"}
    with pytest.raises(StateFormatError, match="deluxe"):
        gg.from_dict(data)


def test_big_rng_state_is_written_as_a_string(midgame: gg.State) -> None:
    data = _envelope(midgame)
    assert isinstance(data["data"]["rng"]["state"], str | int)
    data["data"]["rng"]["state"] = 2.5
    with pytest.raises(StateFormatError, match=r"rng"):
        gg.from_dict(data)


TWIN = '{"id": "a", "layout": "HH/HH"}'


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("{", "not valid JSON"),
        ('{"name": "x"}', r"\$\.cards: required key missing"),
        ('{"name": "x", "cards": {}}', r"\$\.cards: expected a list, got an object"),
        ('{"name": "x", "cards": [], "extra": 1}', r"\$\.extra: unknown key"),
        ("[" * 50_000 + "]" * 50_000, "nested too deeply"),
        ('{"name": "x", "cards": []}', "at least one card"),
        ('{"name": "x", "cards": [{"id": "a", "layout": "GX/H"}]}', "layout"),
        ('{"name": "x", "cards": [{"id": "a", "layout": "FX/HH"}]}', "R12"),
        ('{"name": "x", "cards": [{"id": "a b", "layout": "GX/HH"}]}', "card id"),
        ('{"name": "x", "cards": [{"id": "a"}]}', r"cards\[0\]"),
        ('{"name": "x", "cards": [{"id": "a", "layout": "GX/HH"}, ' + TWIN + "]}", "twice"),
    ],
)
def test_invalid_content_file(tmp_path: Path, text: str, match: str) -> None:
    path = tmp_path / "pack.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=match) as caught:
        gg.load_deck(path)
    assert "pack.json" in caught.value.path


def test_missing_content_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read"):
        gg.load_deck(tmp_path / "nope.json")


def test_wrong_configs() -> None:
    with pytest.raises(ContentError, match="at least one card"):
        gg.Config(deck=())
    with pytest.raises(ContentError, match="twice"):
        gg.Config(deck=(gg.Card("a", "GX/HH"), gg.Card("a", "HH/HH")))
    with pytest.raises(ValueError, match="R12"):
        gg.Config(order=("g1",))


def test_bad_notation() -> None:
    state = gg.new_game(seed=1)
    for text in ("", "g1@0,0", "+g1@0", "+g1@a,b", "*g1@0,0"):
        with pytest.raises(ValueError, match="not a placement"):
            gg.parse_action(state, text)
    with pytest.raises(ValueError, match="no card 'zz'"):
        gg.parse_action(state, "+zz@0,0")


def test_bad_place_values() -> None:
    with pytest.raises(TypeError):
        gg.Place("g1", 1.5, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        gg.Place("g1", 0, 0, "top")  # type: ignore[arg-type]


def test_view_of_other_seat_and_inconsistent_view(midgame: gg.State) -> None:
    with pytest.raises(ValueError, match="one seat"):
        gg.view(midgame, 1)
    data = json.loads(gg.dumps(gg.view(midgame)))
    data["data"]["deck_size"] += 1
    with pytest.raises(StateFormatError, match="missing"):
        gg.from_dict(data, gg.View)


def _tampered_stack(placed: list[dict[str, Any]]) -> dict[str, Any]:
    deck = (
        gg.Card("x", "XH/HH"),
        gg.Card("plain", "HH/HH"),
        gg.Card("fort", "FG/HH"),
        gg.Card("f1", "HH/HH"),
    )
    data: dict[str, Any] = json.loads(gg.dumps(gg.new_game(gg.Config(deck=deck), seed=0)))
    data["data"]["placed"] = placed
    data["data"]["hand"] = ["f1"]
    data["data"]["deck"] = []
    return data


def test_goblin_beneath_a_plain_card_under_a_fort_is_rejected() -> None:
    # A plain card laid on the goblin, then the Fort over both (R9: never).
    data = _tampered_stack(
        [
            {"card": "x", "x": 0, "y": 0, "layer": "top"},
            {"card": "plain", "x": 0, "y": -1, "layer": "top"},
            {"card": "fort", "x": -1, "y": -1, "layer": "top"},
        ]
    )
    with pytest.raises(StateFormatError, match="R4: a goblin must never be covered") as caught:
        gg.from_dict(data)
    assert caught.value.path == "$.data.placed[1]"
    data["data"]["placed"][1]["layer"] = "bottom"  # the plain card tucked beneath instead: legal
    assert gg.cell_at(gg.from_dict(data), 0, 0) == "H"


def test_out_of_reach_coordinates_are_rejected() -> None:
    data = _tampered_stack(
        [
            {"card": "x", "x": 0, "y": 0, "layer": "top"},
            {"card": "plain", "x": 2**40, "y": 0, "layer": "top"},
            {"card": "fort", "x": 0, "y": 2, "layer": "top"},
        ]
    )
    with pytest.raises(StateFormatError, match="out of reach"):
        gg.from_dict(data)
