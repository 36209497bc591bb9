"""fast_constructor builds values equal to ordinary ones; Interner builds each value once."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import Interner, fast_constructor


@attrs.frozen
class Place:
    card: int
    row: int
    col: int


@attrs.frozen
class Tagged:
    name: str
    cells: frozenset[int] = frozenset()
    cache: int = attrs.field(default=0, eq=False, repr=False)


@attrs.define(slots=False)
class Unslotted:
    x: int


class Plain:
    __slots__ = ("x",)


@given(st.integers(), st.integers(), st.integers())
def test_fast_constructor_equals_normal_construction(card: int, row: int, col: int) -> None:
    build = fast_constructor(Place)
    fast, normal = build(card, row, col), Place(card, row, col)
    assert type(fast) is Place
    assert fast == normal
    assert hash(fast) == hash(normal)
    assert repr(fast) == repr(normal)
    assert attrs.asdict(fast) == attrs.asdict(normal)


def test_fast_values_stay_frozen() -> None:
    value = fast_constructor(Place)(1, 2, 3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        value.row = 5  # type: ignore[misc]
    assert attrs.evolve(value, row=5) == Place(1, 5, 3)


def test_fast_constructor_fills_every_field_in_order() -> None:
    value = fast_constructor(Tagged)("x", frozenset({1}), 9)
    assert value == Tagged("x", frozenset({1}))
    assert value.cache == 9
    assert fast_constructor(Tagged).__qualname__ == "fast_constructor(Tagged)"


@pytest.mark.parametrize("cls", [Unslotted, Plain, int])
def test_fast_constructor_rejects_other_classes(cls: type) -> None:
    with pytest.raises(TypeError, match="not a slotted attrs class"):
        fast_constructor(cls)


def test_interner_builds_each_key_once() -> None:
    calls: list[int] = []

    def factory(key: int) -> Place:
        calls.append(key)
        return Place(key, 0, 0)

    pool: Interner[int, Place] = Interner(factory)
    first = pool[3]
    assert pool[3] is first
    assert pool[4] == Place(4, 0, 0)
    assert pool[3] is first
    assert calls == [3, 4]
    assert len(pool) == 2


def test_interner_values_equal_fresh_ones() -> None:
    pool: Interner[tuple[int, int, int], Place] = Interner(lambda key: Place(*key))
    assert pool[(1, 2, 3)] == Place(1, 2, 3)
    assert len(pool) == 1


def test_interner_is_not_shared_between_pools() -> None:
    a: Interner[int, Place] = Interner(lambda key: Place(key, 0, 0))
    b: Interner[int, Place] = Interner(lambda key: Place(key, 0, 0))
    assert a[1] == b[1]
    assert a[1] is not b[1]


def test_interner_builds_a_none_value_only_once() -> None:
    calls: list[int] = []

    def factory(key: int) -> None:
        calls.append(key)

    pool: Interner[int, None] = Interner(factory)
    assert pool[1] is None
    assert pool[1] is None
    assert calls == [1]


@attrs.frozen(cache_hash=True)
class CachedHash:
    x: int


@attrs.frozen
class Derived(CachedHash):
    y: int


@attrs.frozen
class PostInit:
    x: int

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "x", self.x * 2)  # pragma: no cover - never called by the test


@pytest.mark.parametrize("cls", [CachedHash, Derived], ids=["cache_hash", "inherits it"])
def test_fast_constructor_refuses_a_cached_hash(cls: type) -> None:
    with pytest.raises(TypeError, match="cache_hash=True"):
        fast_constructor(cls)


def test_fast_constructor_refuses_a_post_init() -> None:
    with pytest.raises(TypeError, match="__attrs_post_init__"):
        fast_constructor(PostInit)
