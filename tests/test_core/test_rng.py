"""Rng: published SplitMix64 vectors, frozen vectors of every draw, properties, bad input."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import Rng

U64 = st.integers(min_value=0, max_value=2**64 - 1)


def outputs(rng: Rng, count: int) -> list[int]:
    values = []
    for _ in range(count):
        value, rng = rng.next_u64()
        values.append(value)
    return values


# -- published vectors (Vigna's splitmix64.c) -------------------------------------------------


def test_seed_zero_first_output() -> None:
    assert outputs(Rng.from_seed(0), 1) == [0xE220A8397B1DCDAF]


def test_seed_1234567_first_five_outputs() -> None:
    assert outputs(Rng.from_seed(1234567), 5) == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_next_u64_returns_the_advanced_generator() -> None:
    value, rng = Rng(0).next_u64()
    assert value == 0xE220A8397B1DCDAF
    assert rng == Rng(0x9E3779B97F4A7C15)


# -- frozen vectors: computed once from the implementation, never to change ---------------------


def test_below_vector() -> None:
    rng = Rng.from_seed(42)
    drawn = []
    for n in (1, 2, 3, 6, 7, 10, 100, 2**32 + 1, 2**63 + 1, 2**64):
        value, rng = rng.below(n)
        drawn.append(value)
    assert drawn == [
        0,
        1,
        0,
        0,
        6,
        2,
        25,
        3517446583,
        6270620877612482005,
        11408980392250668974,
    ]
    assert rng.state == 3326683750974675196


def test_below_rejects_and_redraws() -> None:
    # Seed 0's first output is above the acceptance limit for n = 2**63 + 1, so a second is used.
    n = 2**63 + 1
    first, after_one = Rng.from_seed(0).next_u64()
    assert first >= 2**64 - 2**64 % n
    value, rng = Rng.from_seed(0).below(n)
    second, after_two = after_one.next_u64()
    assert (value, rng) == (second % n, after_two)
    assert (value, rng.state) == (7960286522194355700, 4354685564936845354)


def test_randint_vector() -> None:
    rng = Rng.from_seed(2024)
    drawn = []
    for low, high in ((1, 6), (1, 6), (1, 6), (-5, 5), (0, 0), (10**20, 10**20 + 3)):
        value, rng = rng.randint(low, high)
        drawn.append(value)
    assert drawn == [2, 3, 4, 3, 0, 100000000000000000003]
    assert rng.state == 13064056694810538086


def test_random_vector() -> None:
    rng = Rng.from_seed(99)
    drawn = []
    for _ in range(3):
        value, rng = rng.random()
        drawn.append(value.hex())
    assert drawn == ["0x1.0bcea4d9311dap-2", "0x1.03572310f3ad0p-5", "0x1.ab65a069e083ap-1"]
    assert rng.state == 15755400384260043938


def test_shuffle_vector() -> None:
    deck, rng = Rng.from_seed(7).shuffle(range(10))
    assert deck == (8, 1, 5, 9, 0, 4, 3, 2, 6, 7)
    assert rng.state == 10372713005361028292
    letters, rng = rng.shuffle("abcdefghijklmnopqrstuvwxyz")
    assert "".join(letters) == "bkdtcpovgfuhlznyqrxasmweij"
    assert rng.state == 242678309088164561


def test_shuffle_of_fewer_than_two_items_draws_nothing() -> None:
    assert Rng(5).shuffle(()) == ((), Rng(5))
    assert Rng(5).shuffle([1]) == ((1,), Rng(5))


def test_choice_vector() -> None:
    rng = Rng.from_seed(11)
    drawn = []
    for _ in range(6):
        item, rng = rng.choice(["goblin", "hobgoblin", "guard", "fort", "tower"])
        drawn.append(item)
    assert drawn == ["fort", "goblin", "tower", "goblin", "fort", "guard"]
    assert rng.state == 13064056694810536073


def test_split_vector() -> None:
    child, rest = Rng.from_seed(3).split()
    assert (child.state, rest.state) == (2092789425003139053, 11400714819323198488)
    assert child.next_u64()[0] == 13604808898340030615
    assert rest == Rng.from_seed(3).next_u64()[1]


def test_docstring_example() -> None:
    roll, rng = Rng.from_seed(7).below(6)
    assert roll == 3
    assert rng.shuffle("abcde")[0] == ("b", "d", "a", "c", "e")


def test_from_seed_reduces_modulo_2_64() -> None:
    assert Rng.from_seed(-1) == Rng(2**64 - 1)
    assert Rng.from_seed(2**64 + 5) == Rng(5)


# -- properties ---------------------------------------------------------------------------------


@given(U64, st.integers(min_value=1, max_value=2**64))
def test_below_is_in_range(state: int, n: int) -> None:
    value, rng = Rng(state).below(n)
    assert 0 <= value < n
    assert isinstance(rng, Rng)


@given(U64, st.integers(min_value=-(10**30), max_value=10**30), st.integers(0, 10**6))
def test_randint_is_in_range(state: int, low: int, width: int) -> None:
    value, _ = Rng(state).randint(low, low + width)
    assert low <= value <= low + width


@given(U64)
def test_random_is_in_unit_interval(state: int) -> None:
    value, _ = Rng(state).random()
    assert 0.0 <= value < 1.0


@given(U64, st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(state: int, items: list[int]) -> None:
    shuffled, _ = Rng(state).shuffle(items)
    assert isinstance(shuffled, tuple)
    assert Counter(shuffled) == Counter(items)


@given(U64, st.lists(st.integers(), min_size=1, max_size=40))
def test_choice_is_a_member(state: int, items: list[int]) -> None:
    item, _ = Rng(state).choice(items)
    assert item in items


@given(U64)
def test_draws_never_change_the_generator(state: int) -> None:
    rng = Rng(state)
    before = (rng.state, hash(rng))
    rng.next_u64()
    rng.below(6)
    rng.randint(1, 6)
    rng.random()
    rng.shuffle(range(5))
    rng.choice("abc")
    rng.split()
    assert (rng.state, hash(rng)) == before
    assert rng == Rng(state)


@given(U64)
def test_same_state_same_draws(state: int) -> None:
    assert outputs(Rng(state), 3) == outputs(Rng(state), 3)


def test_rng_is_frozen() -> None:
    rng = Rng(1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rng.state = 2  # type: ignore[misc]


def test_rng_is_a_hashable_value() -> None:
    assert Rng(3) == Rng(3)
    assert Rng(3) != Rng(4)
    assert len({Rng(3), Rng(3), Rng(4)}) == 2


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("state", [-1, 2**64, 1.0, "1", True, None])
def test_bad_state_is_rejected(state: object) -> None:
    with pytest.raises(ValueError, match="Rng state"):
        Rng(state)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1.0, "1", None])
def test_bad_seed_is_rejected(seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be an int"):
        Rng.from_seed(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [0, -1, 2**64 + 1, 2.0, "6", True])
def test_bad_bound_is_rejected(n: object) -> None:
    with pytest.raises(ValueError, match="bound"):
        Rng(1).below(n)  # type: ignore[arg-type]


def test_empty_range_is_rejected() -> None:
    with pytest.raises(ValueError, match="empty range"):
        Rng(1).randint(6, 1)


def test_choice_from_nothing_is_rejected() -> None:
    with pytest.raises(ValueError, match="empty"):
        Rng(1).choice([])
