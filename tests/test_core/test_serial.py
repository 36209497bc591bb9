"""The converter recipe, tagged unions, the Codec envelope and its errors, digests."""

from __future__ import annotations

import json
import re
from enum import Enum
from typing import Any, TypeAlias

import attrs
import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import (
    Codec,
    Game,
    Rng,
    StateFormatError,
    canonical_json,
    digest_of,
    make_converter,
    parse_json,
    register_tagged_union,
    register_validator,
    tag_of,
)


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Inner:
    y: int


@attrs.frozen
class Data:
    x: int
    name: str
    tags: frozenset[str] = frozenset()
    items: tuple[Inner, ...] = ()
    flag: bool = False
    ratio: float = 0.0
    colour: Colour = Colour.RED


@attrs.frozen
class Move:
    src: int
    dst: int


@attrs.frozen
class EndTurn:
    pass


Action: TypeAlias = Move | EndTurn


@attrs.frozen
class Holder:
    actions: tuple[Action, ...]


def converter() -> cattrs.Converter:
    conv = make_converter()
    register_tagged_union(conv, Action, [Move, EndTurn])
    return conv


def codec(**kwargs: Any) -> Codec:
    options: dict[str, Any] = {
        "game": "demo",
        "format": 1,
        "converter": converter(),
        "kinds": {"data": Data, "action": Action, "holder": Holder, "rng": Rng},
        "members": {Move: "action", EndTurn: "action"},
    }
    options.update(kwargs)
    return Codec(**options)


def envelope(data: Any, **overrides: Any) -> dict[str, Any]:
    env: dict[str, Any] = {"game": "demo", "kind": "data", "format": 1, "data": data}
    env.update(overrides)
    return env


# -- make_converter -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (0, 0),
        (2**53, 2**53),
        (-(2**53), -(2**53)),
        (2**53 + 1, "9007199254740993"),
        (-(2**53) - 1, "-9007199254740993"),
        (2**64 - 1, "18446744073709551615"),
    ],
)
def test_large_ints_are_written_as_strings(value: int, written: int | str) -> None:
    conv = make_converter()
    assert conv.unstructure(value, int) == written
    assert conv.structure(written, int) == value


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_ints_round_trip_through_json(value: int) -> None:
    conv = make_converter()
    text = json.dumps(conv.unstructure(Inner(value)))
    assert conv.structure(json.loads(text), Inner) == Inner(value)


def test_rng_state_round_trips_as_a_string() -> None:
    conv = make_converter()
    rng = Rng(2**64 - 1)
    assert conv.unstructure(rng) == {"state": "18446744073709551615"}
    assert conv.structure({"state": "18446744073709551615"}, Rng) == rng


def test_frozensets_are_written_sorted() -> None:
    conv = make_converter()
    data = conv.unstructure(Data(1, "a", frozenset({"pear", "apple", "fig"})))
    assert data["tags"] == ["apple", "fig", "pear"]
    assert conv.structure(data, Data).tags == frozenset({"pear", "apple", "fig"})


def test_tuples_enums_and_nesting_round_trip() -> None:
    conv = make_converter()
    value = Data(5, "b", frozenset({"t"}), (Inner(1), Inner(2)), True, 0.5, Colour.BLUE)
    data = conv.unstructure(value)
    assert data["items"] == [{"y": 1}, {"y": 2}]
    assert data["colour"] == "blue"
    assert conv.structure(json.loads(json.dumps(data)), Data) == value


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("x", "12a"),
        ("x", 1.5),
        ("x", True),
        ("x", None),
        ("name", 3),
        ("name", None),
        ("flag", 1),
        ("flag", "true"),
        ("ratio", "0.5"),
        ("ratio", False),
    ],
)
def test_types_are_strict(field: str, bad: Any) -> None:
    conv = make_converter()
    data = conv.unstructure(Data(1, "a"))
    data[field] = bad
    with pytest.raises(cattrs.BaseValidationError):
        conv.structure(data, Data)


def test_int_accepted_for_float() -> None:
    conv = make_converter()
    data = conv.unstructure(Data(1, "a"))
    data["ratio"] = 2
    assert conv.structure(data, Data).ratio == 2.0


def test_unknown_keys_are_rejected() -> None:
    conv = make_converter()
    with pytest.raises(cattrs.BaseValidationError):
        conv.structure({"y": 1, "z": 2}, Inner)


# -- tagged unions ------------------------------------------------------------------------------


def test_tag_of_is_kebab_case() -> None:
    assert tag_of(EndTurn) == "end-turn"
    assert tag_of(Move) == "move"


def test_tagged_union_round_trip() -> None:
    conv = converter()
    holder = Holder((Move(1, 2), EndTurn(), Move(3, 4)))
    data = conv.unstructure(holder)
    assert data == {
        "actions": [
            {"type": "move", "src": 1, "dst": 2},
            {"type": "end-turn"},
            {"type": "move", "src": 3, "dst": 4},
        ]
    }
    assert conv.structure(json.loads(json.dumps(data)), Holder) == holder


def test_tagged_union_member_written_alone_carries_its_tag() -> None:
    conv = converter()
    assert conv.unstructure(Move(1, 2)) == {"type": "move", "src": 1, "dst": 2}
    assert conv.structure({"type": "move", "src": 1, "dst": 2}, Move) == Move(1, 2)


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "fly", "src": 1},
        {"src": 1, "dst": 2},
        {"type": 3},
        [1, 2],
        {"type": "move", "src": 1, "dst": 2, "extra": 0},
        {"type": "move", "src": 1},
    ],
)
def test_tagged_union_rejects_bad_input(bad: Any) -> None:
    conv = converter()
    with pytest.raises(cattrs.BaseValidationError):
        conv.structure({"actions": [bad]}, Holder)


def test_tagged_member_read_as_another_member_is_rejected() -> None:
    conv = converter()
    with pytest.raises(ValueError, match="unknown type tag"):
        conv.structure({"type": "end-turn"}, Move)


# -- Codec --------------------------------------------------------------------------------------


def test_codec_round_trip_and_envelope() -> None:
    c = codec()
    value = Data(2**60, "a", frozenset({"b", "a"}), (Inner(1),))
    text = c.dumps(value)
    env = json.loads(text)
    assert (env["game"], env["kind"], env["format"]) == ("demo", "data", 1)
    assert env["data"]["x"] == str(2**60)
    assert c.loads(text, Data) == value
    assert c.loads(text, "data") == value
    assert c.loads(text.encode("utf-8"), Data) == value
    assert c.dumps(value) == c.dumps(c.loads(text, Data))


def test_codec_union_members_by_kind() -> None:
    c = codec()
    text = c.dumps(Move(1, 2))
    assert json.loads(text)["kind"] == "action"
    assert c.loads(text, Move) == Move(1, 2)
    assert c.loads(text, "action") == Move(1, 2)
    assert c.kind_of(EndTurn()) == "action"


def test_codec_refuses_unknown_types() -> None:
    c = codec()
    with pytest.raises(TypeError, match="cannot serialise"):
        c.dumps(Inner(1))
    with pytest.raises(TypeError, match="no serialised kind"):
        c.loads("{}", Inner)
    with pytest.raises(ValueError, match="unknown kind"):
        c.loads("{}", "nope")


def read_error(c: Codec, document: Any, kind: Any = "data") -> StateFormatError:
    read = c.loads if isinstance(document, str | bytes) else c.from_dict
    with pytest.raises(StateFormatError) as info:
        read(document, kind)
    return info.value


GOOD = {"x": 1, "name": "a"}


@pytest.mark.parametrize(
    ("document", "path", "detail"),
    [
        (envelope(GOOD, game="other"), "$.game", "'other'"),
        (envelope(GOOD, kind="action"), "$.kind", "'action'"),
        (envelope(GOOD, format=2), "$.format", "newer"),
        (envelope(GOOD, format=0), "$.format", "not a format"),
        (envelope(GOOD, format="1"), "$.format", "not a format"),
        (envelope(GOOD, extra=1), "$.extra", "unknown key"),
        ({"game": "demo", "kind": "data", "format": 1}, "$.data", "missing"),
        ({"kind": "data", "format": 1, "data": GOOD}, "$.game", "missing"),
        ({"game": "demo", "format": 1, "data": GOOD}, "$.kind", "missing"),
        ({"game": "demo", "kind": "data", "data": GOOD}, "$.format", "missing"),
        ([1, 2], "$", "envelope"),
        (envelope({"x": "abc", "name": "a"}), "$.data.x", "expected int"),
        (envelope({"x": 1, "name": 7}), "$.data.name", "expected str"),
        (envelope({"x": 1}), "$.data.name", "missing"),
        (envelope({**GOOD, "z": 1}), "$.data.z", "unknown key"),
        (envelope({**GOOD, "items": [{"y": 1}, {"y": "q"}]}), "$.data.items[1].y", "int"),
        (envelope([1, 2]), "$.data", "expected an object, got list"),
    ],
)
def test_envelope_errors_name_the_path(document: Any, path: str, detail: str) -> None:
    err = read_error(codec(), document)
    assert err.path == path
    assert detail in err.detail
    assert str(err).startswith(path)


@pytest.mark.parametrize("cut", [0, 1, 10, -1, -2])
def test_truncated_json_is_a_state_format_error(cut: int) -> None:
    text = codec().dumps(Data(1, "a"))
    err = read_error(codec(), text[:cut])
    assert err.path == "$"
    assert "not valid JSON" in err.detail


def test_state_format_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="newer"):
        codec().loads(json.dumps(envelope(GOOD, format=9)), "data")


def test_migrations_are_applied_in_order() -> None:
    def one_to_two(kind: str, data: Any) -> Any:
        assert kind == "data"
        return {"x": data["old_x"], "label": data["label"]}

    def two_to_three(kind: str, data: Any) -> Any:
        return {"x": data["x"] * 10, "name": data.pop("label")}

    c = codec(format=3, migrations={1: one_to_two, 2: two_to_three})
    old = envelope({"old_x": 4, "label": "v1"}, format=1)
    assert c.from_dict(old, "data") == Data(40, "v1")
    middle = envelope({"x": 4, "label": "v2"}, format=2)
    assert c.loads(json.dumps(middle), Data) == Data(40, "v2")
    current = c.dumps(Data(7, "v3"))
    assert json.loads(current)["format"] == 3
    assert c.loads(current, Data) == Data(7, "v3")


def test_migrations_receive_the_kind() -> None:
    seen: list[str] = []

    def note(kind: str, data: Any) -> Any:
        seen.append(kind)
        return data

    c = codec(format=2, migrations={1: note})
    c.from_dict(envelope(GOOD, format=1), "data")
    c.from_dict(envelope({"type": "end-turn"}, kind="action", format=1), "action")
    assert seen == ["data", "action"]


def test_a_migration_that_fails_gives_a_state_format_error() -> None:
    def broken(kind: str, data: Any) -> Any:
        return data["missing"]

    err = read_error(codec(format=2, migrations={1: broken}), envelope(GOOD, format=1))
    assert err.path == "$.data"
    assert "cannot migrate from format 1" in err.detail


def test_missing_migration_is_reported() -> None:
    c = codec(format=3, migrations={2: lambda kind, data: data})
    err = read_error(c, envelope(GOOD, format=1))
    assert err.path == "$.format"
    assert "no migration from format 1" in err.detail


@attrs.frozen
class Box:
    inner: Data
    more: tuple[Data, ...] = ()


def validated_codec() -> Codec:
    def check(value: Data) -> None:
        if value.x < 0:
            raise StateFormatError("$.x", "x must not be negative")

    conv = converter()
    register_validator(conv, Data, check)
    return codec(converter=conv, kinds={"data": Data, "box": Box})


def test_a_validator_checks_a_value_read_on_its_own() -> None:
    c = validated_codec()
    assert c.loads(c.dumps(Data(1, "a")), Data) == Data(1, "a")
    err = read_error(c, envelope({"x": -1, "name": "a"}))
    assert (err.path, err.detail) == ("$.data.x", "x must not be negative")


def test_a_validator_checks_every_nested_value_with_its_path() -> None:
    c = validated_codec()
    good = c.converter.unstructure(Box(Data(1, "a"), (Data(2, "b"),)))
    assert c.from_dict(envelope(good, kind="box"), Box) == Box(Data(1, "a"), (Data(2, "b"),))
    bad = {**good, "more": [GOOD, {"x": -5, "name": "q"}]}
    err = read_error(c, envelope(bad, kind="box"), "box")
    assert (err.path, err.detail) == ("$.data.more[1].x", "x must not be negative")


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ('{"game": NaN}', "NaN is not a JSON number"),
        ('{"game": -Infinity}', "-Infinity is not a JSON number"),
        ('{"game": 1, "game": 2}', "duplicate key 'game'"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (b'{"a": "\xc3\x28"}', "not UTF-8"),
    ],
)
def test_parse_json_is_strict_and_never_raises_untyped(text: str | bytes, detail: str) -> None:
    with pytest.raises(ValueError, match=re.escape(detail)):
        parse_json(text)
    err = read_error(codec(), text)
    assert err.path == "$"
    assert detail in err.detail


def test_deeply_nested_data_gives_a_state_format_error() -> None:
    deep: Any = 1
    for _ in range(5000):
        deep = [deep]
    err = read_error(codec(), envelope({**GOOD, "items": deep}))
    assert err.path.startswith("$.data.items")


def test_long_integers_are_refused_without_reading_them() -> None:
    err = read_error(codec(), envelope({**GOOD, "x": "9" * 5000}))
    assert (err.path, err.detail) == ("$.data.x", f"expected int, got '{'9' * 5000}'")


@pytest.mark.parametrize(
    ("items", "detail"),
    [
        ("yy", "expected a list, got a string"),
        ({"y": 1}, "expected a list, got an object"),
        ([[1]], "expected an object, got a list"),
    ],
)
def test_lists_and_objects_are_read_only_from_their_own_json_types(items: Any, detail: str) -> None:
    err = read_error(codec(), envelope({**GOOD, "items": items}))
    assert err.path.startswith("$.data.items")
    assert detail in err.detail


@attrs.frozen
class Cached:
    x: int
    cache: int | None = attrs.field(default=None, eq=False, repr=False)


def test_caches_are_left_out_of_json() -> None:
    conv = make_converter()
    assert conv.unstructure(Cached(1, cache=99)) == {"x": 1}
    assert conv.structure({"x": 1}, Cached) == Cached(1)
    with pytest.raises(cattrs.BaseValidationError):
        conv.structure({"x": 1, "cache": 3}, Cached)


def test_to_dict_and_from_dict() -> None:
    c = codec()
    env = c.to_dict(Data(1, "a"))
    assert env == {
        "game": "demo",
        "kind": "data",
        "format": 1,
        "data": c.converter.unstructure(Data(1, "a")),
    }
    assert c.from_dict(env, Data) == Data(1, "a")


# -- canonical JSON and digests -----------------------------------------------------------------


def test_canonical_json_is_sorted_and_compact() -> None:
    assert canonical_json({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'


def test_digest_is_sha256_of_canonical_json() -> None:
    assert digest_of({"a": 1}) == digest_of({"a": 1})
    assert digest_of({"a": 1, "b": 2}) == digest_of({"b": 2, "a": 1})
    assert digest_of({"a": 1}) != digest_of({"a": 2})
    # Frozen: sha256(b'{"a":1}')
    assert digest_of({"a": 1}) == "015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862"


def test_a_game_codec_is_built_from_its_declarations_and_reads_its_own_aliases() -> None:
    """The kernel builds each game's codec from its types (no game writes one), and reading
    with the game's own ``Action`` or ``Event`` alias works though the codec's union is built
    apart from it (an equal union, not the same object)."""
    import goblinguard as gg
    import kinmarr

    games: list[tuple[Game[Any, Any], Any, Any]] = [
        (gg.GAME, gg.Action, gg.Event),
        (kinmarr.GAME, kinmarr.Action, kinmarr.Event),
    ]
    for game, action_alias, event_alias in games:
        codec = game.codec
        assert codec is game.codec  # built once per game
        assert codec.game == game.name and codec.format == game.format
        assert codec.kinds["action"] == action_alias and codec.kinds["event"] == event_alias
        state = game.new_game(seed=3)
        action = game.legal_actions(state)[0]
        assert game.loads(game.dumps(action), action_alias) == action
        event = game.step(state, action).events
        if event:
            assert game.loads(game.dumps(event[0]), event_alias) == event[0]
    with pytest.raises(TypeError, match="no serialised kind"):
        gg.GAME.loads(gg.dumps(gg.Draw("g1")), kinmarr.Action)
