"""Bad input gets a clear, typed error and loses nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import goblinguard as gg
from tabletop_rules import (
    ContentError,
    IllegalActionError,
    RandomAgent,
    Rng,
    StateFormatError,
    play,
)


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
    with pytest.raises(IllegalActionError, match="not an action of this game"):
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


# -- what a fuzzer over saved games, content files and notation found (each once a bug) ---------


def _lost_game() -> gg.State:
    for seed in range(50):
        final, _ = play(gg.GAME, [RandomAgent()], seed=seed)
        result = gg.outcome(final)
        if result is not None and not result.won:
            return final
    raise AssertionError("no lost game")  # pragma: no cover


def test_fuzz_1_deep_nesting_is_a_typed_error() -> None:
    for depth in (1_000, 100_000):
        deep = "[" * depth + "]" * depth
        text = '{"game": "goblinguard", "kind": "state", "format": 2, "data": ' + deep + "}"
        with pytest.raises(StateFormatError):
            gg.loads(text)
        with pytest.raises(ContentError, match=r"nested too deeply|expected an object"):
            gg.deck_from_json(deep)
        data = _envelope(gg.new_game(seed=1))
        nested: Any = "g1"
        for _ in range(depth // 100):
            nested = [nested]
        data["data"]["hand"] = nested
        with pytest.raises(StateFormatError):
            gg.from_dict(data)


def test_fuzz_2_a_state_inside_a_record_is_checked_like_any_state(midgame: gg.State) -> None:
    rec = gg.record([gg.legal_actions(midgame)[0]], start=midgame)
    assert len(list(gg.replay(gg.loads(gg.dumps(rec), "record")))) == 2
    data = json.loads(gg.dumps(rec))
    data["data"]["start"]["hand"][0] = data["data"]["start"]["deck"][0]  # a card twice
    with pytest.raises(StateFormatError, match="appears twice") as caught:
        gg.from_dict(data, "record")
    assert caught.value.path == "$.data.start.hand"
    data["data"]["start"]["hand"][0] = "zz"
    with pytest.raises(StateFormatError, match="'zz' is not in the config's deck"):
        gg.from_dict(data, "record")


def test_fuzz_3_a_lost_game_never_loads_as_a_win() -> None:
    lost = _lost_game()
    missing = [
        (p.x + dx, p.y + dy)
        for p in lost.placed
        for (dx, dy), letter in zip(
            ((0, 0), (1, 0), (0, 1), (1, 1)), _cells(lost, p.card), strict=True
        )
        if letter in "XO" and (p.x + dx, p.y + dy) not in lost.defeated
    ]
    assert missing
    data = _envelope(lost)
    # positions that alias a real monster's cell in the engine's integer encoding ((x << 20) + y)
    data["data"]["defeated"] += [[x - 1, y + (1 << 20)] for x, y in missing]
    with pytest.raises(StateFormatError, match="R6") as caught:
        gg.from_dict(data)
    assert caught.value.path == "$.data.defeated"
    data = _envelope(lost)
    data["data"]["defeated"] += [list(cell) for cell in missing]  # the real cells, undefeated
    with pytest.raises(
        StateFormatError, match=r"R6: .* marked defeated, but the placements do not"
    ):
        gg.from_dict(data)


def _cells(state: gg.State, card: str) -> str:
    return next(c.cells for c in state.config.deck if c.id == card)


def test_fuzz_4_one_coordinate_bound_in_loads_legal_actions_and_is_legal() -> None:
    data = _tampered_stack(
        [
            {"card": "x", "x": 0, "y": 0, "layer": "top"},
            {"card": "plain", "x": (1 << 18) - 2, "y": 0, "layer": "top"},
            {"card": "fort", "x": 0, "y": 2, "layer": "top"},
        ]
    )
    with pytest.raises(StateFormatError, match="R3") as caught:
        gg.from_dict(data)
    assert caught.value.path == "$.data.placed[1]"
    state = gg.apply(gg.new_game(seed=1), gg.legal_actions(gg.new_game(seed=1))[0])
    for x in ((1 << 18) - 1, 1 << 18, -(1 << 18), 1 << 40):
        action = gg.Place(state.hand[0], x, 0)
        assert (gg.is_legal(state, action) or "").startswith("R3")
        assert gg.cell_at(state, x, 0) is None
    assert all(
        max(abs(a.x), abs(a.y)) < 1 << 18
        for a in gg.legal_actions(state)
        if isinstance(a, gg.Place)
    )


def _long_row(cards: int) -> gg.State:
    """A finished game of ``cards`` goblin cards laid in one row, built by hand."""
    deck = [gg.Card(f"c{i}", "GX/HH") for i in range(cards)]
    placed = tuple(gg.Placed(card.id, 2 * i, 0) for i, card in enumerate(deck))
    state = gg.State(gg.Config(deck=deck), Rng.from_seed(0), (), (), placed, frozenset(), ())
    gg.validate(state)
    return state


def test_fuzz_5_the_largest_game_loads_in_one_linear_pass() -> None:
    state = _long_row(gg.MAX_CARDS)
    text = gg.dumps(state)
    assert len(text) > 30_000
    assert gg.loads(text) == state
    order = tuple(card.id for card in state.config.deck)
    config_text = gg.dumps(gg.Config(deck=state.config.deck, order=order))
    assert gg.loads(config_text, gg.Config).order == order
    with pytest.raises(ValueError, match=r"repeated \['c0'\]"):
        gg.Config(deck=state.config.deck, order=("c0", *order[:-1]))


def test_fuzz_6_huge_digit_strings_in_notation_are_bad_notation() -> None:
    state = gg.new_game(seed=1)
    for text in ("+g1@" + "9" * 5000 + ",0", "+g1@0," + "1" * 8, "x" * 100):
        with pytest.raises(ValueError, match="not a placement or a card id"):
            gg.parse_action(state, text)


def test_validate_checks_a_state_built_by_hand() -> None:
    state = gg.new_game(seed=1)
    gg.validate(state)
    with pytest.raises(StateFormatError, match="R12: the hand must hold 5 cards") as caught:
        gg.validate(attrs.evolve(state, hand=state.hand[:4], deck=(*state.deck, state.hand[4])))
    assert caught.value.path == "$.hand"
    first = gg.Placed(state.hand[0], 1, 1)
    index = state.config.compiled.index
    hand = tuple(sorted((*state.hand[1:], state.deck[0]), key=index.__getitem__))
    with pytest.raises(StateFormatError, match="R1: the first card is laid on top at") as caught:
        gg.validate(attrs.evolve(state, hand=hand, deck=state.deck[1:], placed=(first,)))
    assert caught.value.path == "$.placed[0]"
    with pytest.raises(StateFormatError, match="expected str"):
        gg.validate(attrs.evolve(state, hand=(1, 2, 3, 4, 5)))  # type: ignore[arg-type]
    with pytest.raises(StateFormatError, match="only explicit chance"):
        gg.validate(attrs.evolve(state, to_draw=1))


# -- the format of version 0.1 ------------------------------------------------------------------


def _as_format_1(state: gg.State) -> str:
    """The text version 0.1 wrote for ``state`` (cards in stack order, no layers)."""
    data = _envelope(state)
    data["format"] = 1
    body = data["data"]
    body["config"] = {k: v for k, v in body["config"].items() if k not in ("version", "chance")}
    body["placed"] = [{"card": p.card, "x": p.x, "y": p.y} for p in gg.stack(state)]
    del body["to_draw"]
    return json.dumps(data)


def test_format_1_saves_of_games_without_tucked_cards_are_read() -> None:
    state = gg.new_game(seed=4)
    while not gg.is_over(state):
        state = gg.apply(
            state,
            next(a for a in gg.legal_actions(state) if a.layer is gg.Layer.TOP),  # type: ignore[union-attr]
        )
    assert gg.loads(_as_format_1(state)) == state


def test_format_1_saves_with_tucked_cards_are_refused_clearly() -> None:
    state = gg.new_game(gg.Config(order=tuple(c.id for c in gg.standard_deck())), seed=0)
    state = gg.apply(gg.apply(state, gg.Place("g1", 0, 0)), gg.Place("g2", -1, 1, gg.Layer.BOTTOM))
    with pytest.raises(StateFormatError, match=r"R1: .* \(read from format 1\)") as caught:
        gg.loads(_as_format_1(state))
    assert caught.value.path == "$.data.placed[0]"
