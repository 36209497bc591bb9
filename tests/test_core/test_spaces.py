"""The core of action spaces and observations: numbering, masks, errors, the nested-tuple helpers,
the lazy NumPy conversion, and the optional fields of ``Game``."""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

import pytest
from tests.test_core import countgame

import tabletop_rules
from tabletop_rules import (
    ActionSpace,
    ChainSpace,
    NotInSpaceError,
    TableSpace,
    as_array,
    flatten,
    reshape,
    shape_of,
)


class Squares(ActionSpace[tuple[int, int]]):
    """An arithmetic space: the cells ``(x, y)`` of a ``width`` × ``height`` board, row by row."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height

    @property
    def size(self) -> int:
        return self.width * self.height

    def index(self, action: tuple[int, int]) -> int:
        if not isinstance(action, tuple) or len(action) != 2:
            raise NotInSpaceError(action, "not a cell")
        x, y = action
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise NotInSpaceError(action, "off the board")
        return y * self.width + x

    def action(self, i: int) -> tuple[int, int]:
        if not 0 <= i < self.size:
            raise IndexError(i)
        y, x = divmod(i, self.width)
        return x, y


def test_a_table_numbers_its_actions_in_order() -> None:
    space = TableSpace(["pass", "bet", "fold"])
    assert space.size == len(space) == 3
    assert [space.index(a) for a in ("pass", "bet", "fold")] == [0, 1, 2]
    assert [space.action(i) for i in range(3)] == ["pass", "bet", "fold"]
    assert list(space) == ["pass", "bet", "fold"] == list(space.actions)
    assert "bet" in space
    assert "call" not in space
    assert [1] not in space  # unhashable: simply not in it
    assert space == TableSpace(("pass", "bet", "fold"))
    assert space != TableSpace(("bet", "pass", "fold"))
    assert hash(space) == hash(TableSpace(("pass", "bet", "fold")))
    assert repr(space) == "<TableSpace of 3 actions>"


def test_outside_actions_and_numbers_raise_clear_errors() -> None:
    space = TableSpace(["pass", "bet"])
    with pytest.raises(NotInSpaceError, match="'fold' is not in this action space") as caught:
        space.index("fold")
    assert isinstance(caught.value, ValueError)
    assert caught.value.action == "fold"
    with pytest.raises(NotInSpaceError):
        space.index([1, 2])  # type: ignore[arg-type]
    for bad in (2, -1, 10**30):
        with pytest.raises(IndexError, match="outside the space"):
            space.action(bad)
    for wrong in ("1", 1.0, None):
        with pytest.raises(TypeError, match="integer"):
            space.action(wrong)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        space.action(True)


def test_a_table_refuses_repeated_or_unhashable_actions() -> None:
    with pytest.raises(ValueError, match="'b' appears twice"):
        TableSpace(["a", "b", "c", "b"])
    with pytest.raises(ValueError, match="hashable"):
        TableSpace([["a"], ["b"]])


def test_masks_and_indices_follow_the_legal_actions() -> None:
    space = TableSpace("abcdef")
    assert space.indices("fab") == (5, 0, 1)
    assert space.mask("fab") == (True, True, False, False, False, True)
    assert space.mask("") == (False,) * 6
    assert space.mask("aa") == (True, False, False, False, False, False)
    with pytest.raises(NotInSpaceError):
        space.mask("az")
    with pytest.raises(NotInSpaceError):
        space.indices(["z"])


def test_an_arithmetic_space_gets_the_rest_from_the_base_class() -> None:
    space = Squares(4, 3)
    assert space.size == 12
    assert space.index((3, 2)) == 11
    assert space.action(6) == (2, 1)
    assert all(space.index(space.action(i)) == i for i in range(space.size))
    assert space.mask([(0, 0), (3, 2)]) == (True, *(False,) * 10, True)
    assert (4, 0) not in space
    assert len(list(space)) == 12


def test_chained_spaces_number_part_after_part() -> None:
    parts: list[ActionSpace[Any]] = [TableSpace("ab"), Squares(2, 2), TableSpace(["end"])]
    space = ChainSpace(parts)
    assert space.size == 7
    assert [space.action(i) for i in range(space.size)] == [
        "a",
        "b",
        (0, 0),
        (1, 0),
        (0, 1),
        (1, 1),
        "end",
    ]
    assert space.index("end") == 6
    assert space.index((1, 1)) == 5
    assert space.offset(2) == 6
    assert len(space.parts) == 3
    with pytest.raises(NotInSpaceError):
        space.index("c")
    with pytest.raises(IndexError):
        space.action(7)
    assert ChainSpace([]).size == 0


def test_shape_flatten_and_reshape_agree() -> None:
    values = [float(i) for i in range(24)]
    nested = reshape(values, (2, 3, 4))
    assert shape_of(nested) == (2, 3, 4)
    assert flatten(nested) == tuple(values)
    assert nested[1][2][3] == 23.0
    assert reshape(values, (24,)) == tuple(values)
    assert shape_of(()) == (0,)
    assert shape_of(((), ())) == (2, 0)
    assert shape_of(((1, 2.5),)) == (1, 2)


@pytest.mark.parametrize(
    "bad",
    [
        ((1.0, 2.0), (3.0,)),
        ((1.0,), 2.0),
        (1.0, (2.0,)),
        (True, False),
        ("a",),
        [1.0, 2.0],
        (((1.0,),), ((1.0, 2.0),)),
    ],
)
def test_shape_of_refuses_what_is_not_a_rectangle_of_numbers(bad: Any) -> None:
    with pytest.raises(ValueError, match="observation"):
        shape_of(bad)


def test_reshape_refuses_a_wrong_count() -> None:
    with pytest.raises(ValueError, match="do not fill"):
        reshape([1.0, 2.0, 3.0], (2, 2))
    with pytest.raises(ValueError, match="do not fill"):
        reshape([], ())


def test_as_array_imports_numpy_only_when_called(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[Any, Any]] = []
    fake = types.ModuleType("numpy")
    fake.float64 = "float64"  # type: ignore[attr-defined]

    def asarray(data: Any, dtype: Any) -> Any:
        seen.append((data, dtype))
        return ("array", data, dtype)

    fake.asarray = asarray  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "numpy", fake)
    obs = ((0.0, 1.0), (2.0, 3.0))
    assert as_array(obs) == ("array", obs, "float64")
    assert as_array(obs, dtype="float32") == ("array", obs, "float32")
    assert seen == [(obs, "float64"), (obs, "float32")]


def test_as_array_without_numpy_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match=r"tabletop-rules\[numpy\]"):
        as_array(((1.0,),))


def test_the_core_never_imports_numpy_by_itself() -> None:
    import subprocess

    code = (
        "import sys, tabletop_rules, goblinguard, grimheim, kinmarr\n"
        "for game in (goblinguard, grimheim, kinmarr):\n"
        "    game.action_space(game.Config())\n"
        "    state = game.new_game(game.Config(), seed=0)\n"
        "    game.observation(game.view(state, 0))\n"
        "print('numpy' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "False"


def test_as_array_with_numpy() -> None:
    numpy = pytest.importorskip("numpy")
    array = as_array(reshape([float(i) for i in range(6)], (2, 3)))
    assert array.shape == (2, 3)
    assert array.dtype == numpy.float64
    assert array[1, 2] == 5.0


def test_a_game_has_spaces_and_observations_when_it_gives_them() -> None:
    assert countgame.GAME.action_space is None
    assert countgame.GAME.observation is None
    assert countgame.GAME.observation_shape is None

    def action_space(config: object) -> ActionSpace[countgame.Add]:
        return TableSpace([countgame.Add(1)])

    def mark(view: countgame.View, marks: tabletop_rules.Marks) -> None:
        marks.put(0, (1.0,))

    def shape(config: object) -> tuple[int, ...]:
        return (1,)

    observer = tabletop_rules.Observer(shape, mark, config_of=lambda view: None)
    game = countgame.GAME.replace(
        action_space=action_space, observer=observer, observation_shape=shape
    )
    assert game.action_space is action_space
    seen = countgame.view(countgame.new_game(seed=0), 0)
    assert game.observation is not None and game.observation(seen) == (1.0,)
    assert game.observation_shape is shape


# -- Marks and Observer -----------------------------------------------------------------------


def _marked(view: dict[str, Any], marks: tabletop_rules.Marks) -> None:
    marks.fill(0, 3, 2.0)
    marks.put(2, (5.0, 6.0))
    marks.points[3] = 7.0
    marks.points[view["at"]] = marks.points.get(view["at"], 0.0) + 1.0


def _observer(background: Any = None) -> tabletop_rules.Observer[dict[str, Any]]:
    return tabletop_rules.Observer(
        lambda config: (config, 3), _marked, background=background, config_of=lambda v: v["n"]
    )


def test_marks_write_fills_then_runs_then_points() -> None:
    marks = tabletop_rules.Marks()
    _marked({"at": 5}, marks)
    assert marks.dense(6) == [2.0, 2.0, 5.0, 7.0, 0.0, 1.0]


def test_an_observer_gives_the_same_numbers_as_tuples_and_as_an_array() -> None:
    numpy = pytest.importorskip("numpy")
    for background in (None, lambda n: [float(i) for i in range(3 * n)]):
        observer = _observer(background)
        for n, at in ((2, 5), (3, 8), (2, 0)):
            view = {"n": n, "at": at}
            tuples = observer.tuples(view)
            assert tabletop_rules.shape_of(tuples) == (n, 3)
            array = observer.array(view)
            assert array.dtype == numpy.float32 and array.shape == (n, 3)
            assert array.tolist() == [list(row) for row in tuples]
            assert observer.array(view, "float64").dtype == numpy.float64


def test_an_observer_starts_from_its_background() -> None:
    observer = _observer(lambda n: [9.0] * (3 * n))
    # a mark replaces the background: the point at 4 is 1.0, not 9.0 + 1.0
    assert observer.tuples({"n": 2, "at": 4}) == ((2.0, 2.0, 5.0), (7.0, 1.0, 9.0))


def test_a_background_of_the_wrong_length_is_refused() -> None:
    observer = _observer(lambda n: [0.0] * 5)
    with pytest.raises(ValueError, match="background of 5 numbers"):
        observer.tuples({"n": 2, "at": 0})


def test_an_observer_gives_fresh_arrays() -> None:
    pytest.importorskip("numpy")
    observer = _observer()
    first = observer.array({"n": 2, "at": 4})
    first[0, 0] = 100.0
    assert observer.array({"n": 2, "at": 4})[0, 0] == 2.0


def test_an_observer_refuses_what_is_not_a_view() -> None:
    class View:
        config = None

    observer = tabletop_rules.Observer(lambda config: (1,), _marked, view_type=View)
    with pytest.raises(TypeError, match=r"an observation is of a \w+ View, not dict"):
        observer.tuples({"n": 1, "at": 0})


@pytest.mark.parametrize("name", ["goblinguard", "grimheim", "kinmarr"])
def test_every_game_observes_views_only(name: str) -> None:
    game = importlib.import_module(name)
    state = game.new_game(seed=1)
    for observe in (game.observation, game.observation_array):
        with pytest.raises(TypeError, match=f"an observation is of a {name} View, not State"):
            observe(state)
    assert game.observation(game.view(state, 0))
