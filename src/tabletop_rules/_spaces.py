"""Action spaces and observations: fixed numberings and fixed-shape encodings for learning agents.

A learning agent (OpenSpiel, PettingZoo, a hand-written policy network) needs two things a rules
engine does not: every action it may ever meet numbered ``0 .. size-1`` once and for all, so that
a network has one output per action, and a picture of what a seat may know as numbers of a fixed
shape. :class:`ActionSpace` is the first, :data:`Observation` the second.

An :class:`ActionSpace` of a game's config is its whole *universe* of actions — far more than are
legal at any one moment — in a documented order that never depends on ``PYTHONHASHSEED``.
:meth:`~ActionSpace.mask` and :meth:`~ActionSpace.indices` turn a decision's
``legal_actions`` into that numbering. :class:`TableSpace` builds one from the tuple of every
action; a game whose universe is too large to list computes indices instead (subclass
:class:`ActionSpace`); :class:`ChainSpace` joins spaces end to end.

An observation is nested tuples of floats, rectangular, of the shape a game's
``observation_shape(config)`` announces; :func:`shape_of`, :func:`flatten` and :func:`reshape`
work with them, and :func:`as_array` turns one into a NumPy array when NumPy is installed (the
``numpy`` extra; it is never needed otherwise).

A game writes its observations once, as :class:`Marks` (the numbers that differ from a
background fixed by the config), and an :class:`Observer` reads them either way: as nested
tuples (:meth:`Observer.tuples`, no dependency) or straight into a NumPy array
(:meth:`Observer.array`), without building a Python float per number.
"""

from __future__ import annotations

import abc
import array
import bisect
import importlib
import itertools
import math
import operator
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeAlias, TypeVar

A = TypeVar("A")
V = TypeVar("V")

Observation: TypeAlias = tuple[Any, ...]
"""Nested tuples of floats with a fixed rectangular shape (``shape_of(observation)``): what a
game's ``observation(view)`` returns."""


class NotInSpaceError(ValueError):
    """An action is not in an action space's universe (a ``ValueError``).

    Attributes:
        action: the action that was looked up.
    """

    def __init__(self, action: object, detail: str = "") -> None:
        self.action = action
        text = f"{action!r} is not in this action space"
        super().__init__(f"{text}: {detail}" if detail else text)


def _position(i: object, size: int) -> int:
    """``i`` as an index in ``range(size)``, or the error Python raises for a sequence."""
    try:
        found = operator.index(i)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"an action index is an integer, not {i!r}") from None
    if isinstance(i, bool) or not 0 <= found < size:
        raise IndexError(f"action index {i!r} is outside the space (0 to {size - 1})")
    return found


class ActionSpace(abc.ABC, Generic[A]):
    """Every action a game's config can ever offer, numbered ``0 .. size-1`` in a fixed order.

    A subclass gives :attr:`size`, :meth:`index` and :meth:`action` (the two are inverse:
    ``space.action(space.index(a)) == a`` for every action ``a`` of the space); the rest follows.
    Spaces are immutable values: the same config always gives the same numbering, in every
    process.

    >>> space = TableSpace(("north", "south", "east", "west"))
    >>> space.size, space.index("east"), space.action(3)
    (4, 2, 'west')
    >>> space.mask(["west", "north"])
    (True, False, False, True)
    >>> space.indices(["west", "north"])
    (3, 0)
    """

    __slots__ = ()

    @property
    @abc.abstractmethod
    def size(self) -> int:
        """The number of actions in the space."""

    @abc.abstractmethod
    def index(self, action: A) -> int:
        """The number of ``action``, from ``0`` to ``size - 1``.

        Raises:
            NotInSpaceError: ``action`` is not in the space (a ``ValueError``).
        """

    @abc.abstractmethod
    def action(self, i: int) -> A:
        """The action numbered ``i``.

        Raises:
            IndexError: ``i`` is not from ``0`` to ``size - 1``.
            TypeError: ``i`` is not an integer.
        """

    def indices(self, actions: Iterable[A]) -> tuple[int, ...]:
        """The numbers of ``actions`` (a decision's ``legal_actions``), in their order.

        Raises:
            NotInSpaceError: one of them is not in the space.
        """
        index = self.index
        return tuple(index(a) for a in actions)

    def mask(self, actions: Iterable[A]) -> tuple[bool, ...]:
        """``size`` booleans, ``True`` exactly at the numbers of ``actions`` (the legal ones).

        Raises:
            NotInSpaceError: one of them is not in the space.
        """
        found = [False] * self.size
        for i in self.indices(actions):
            found[i] = True
        return tuple(found)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[A]:
        """Every action of the space, in its order (as many as :attr:`size`)."""
        return (self.action(i) for i in range(self.size))

    def __contains__(self, action: object) -> bool:
        try:
            self.index(action)  # type: ignore[arg-type]
        except (NotInSpaceError, TypeError):
            return False
        return True

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.size} actions>"


class TableSpace(ActionSpace[A]):
    """An :class:`ActionSpace` from the ordered tuple of every action: action ``i`` is
    ``actions[i]``.

    >>> TableSpace(["pass", "bet"]).index("bet")
    1
    >>> TableSpace(["pass", "bet"]).index("fold")
    Traceback (most recent call last):
    ...
    tabletop_rules.NotInSpaceError: 'fold' is not in this action space

    Args:
        actions: every action once, hashable, in the order that numbers them.

    Raises:
        ValueError: an action appears twice or cannot be hashed.
    """

    __slots__ = ("_actions", "_index")

    def __init__(self, actions: Iterable[A]) -> None:
        self._actions = tuple(actions)
        try:
            self._index = {a: i for i, a in enumerate(self._actions)}
        except TypeError as exc:
            raise ValueError(f"the actions of a space must be hashable: {exc}") from None
        if len(self._index) != len(self._actions):
            twice = next(a for i, a in enumerate(self._actions) if self._index[a] != i)
            raise ValueError(f"{twice!r} appears twice in the actions of a space")

    @property
    def size(self) -> int:
        """The number of actions."""
        return len(self._actions)

    @property
    def actions(self) -> tuple[A, ...]:
        """Every action, in the space's order."""
        return self._actions

    def index(self, action: A) -> int:
        """The position of ``action`` in the table.

        Raises:
            NotInSpaceError: it is not in the table.
        """
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise NotInSpaceError(action) from None

    def indices(self, actions: Iterable[A]) -> tuple[int, ...]:
        """The positions of ``actions`` in the table, in their order.

        Raises:
            NotInSpaceError: one of them is not in the table.
        """
        actions = tuple(actions)
        try:
            return tuple(map(self._index.__getitem__, actions))
        except (KeyError, TypeError):
            return super().indices(actions)

    def action(self, i: int) -> A:
        """The action at position ``i``.

        Raises:
            IndexError: ``i`` is not from ``0`` to ``size - 1``.
            TypeError: ``i`` is not an integer.
        """
        return self._actions[_position(i, len(self._actions))]

    def __iter__(self) -> Iterator[A]:
        return iter(self._actions)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableSpace) and other._actions == self._actions

    def __hash__(self) -> int:
        return hash(self._actions)


class ChainSpace(ActionSpace[A]):
    """An :class:`ActionSpace` of spaces joined end to end: the first part's actions, then the
    second's, and so on.

    >>> space = ChainSpace([TableSpace(["a", "b"]), TableSpace(["c"])])
    >>> space.size, space.index("c"), space.action(1)
    (3, 2, 'b')

    Args:
        parts: the spaces, in order; no action may be in two of them.
    """

    __slots__ = ("_offsets", "_parts")

    def __init__(self, parts: Iterable[ActionSpace[A]]) -> None:
        self._parts = tuple(parts)
        offsets = [0]
        for part in self._parts:
            offsets.append(offsets[-1] + part.size)
        self._offsets = tuple(offsets)

    @property
    def size(self) -> int:
        """The sum of the parts' sizes."""
        return self._offsets[-1]

    @property
    def parts(self) -> tuple[ActionSpace[A], ...]:
        """The spaces joined, in order."""
        return self._parts

    def offset(self, part: int) -> int:
        """The number of the first action of part ``part``."""
        return self._offsets[part]

    def index(self, action: A) -> int:
        """The first part holding ``action`` numbers it, after the actions of the parts before.

        Raises:
            NotInSpaceError: no part holds it.
        """
        for offset, part in zip(self._offsets, self._parts, strict=False):
            try:
                return offset + part.index(action)
            except NotInSpaceError:
                continue
        raise NotInSpaceError(action)

    def action(self, i: int) -> A:
        """The action numbered ``i``, looked up in its part.

        Raises:
            IndexError: ``i`` is not from ``0`` to ``size - 1``.
            TypeError: ``i`` is not an integer.
        """
        i = _position(i, self.size)
        part = bisect.bisect_right(self._offsets, i) - 1
        return self._parts[part].action(i - self._offsets[part])


# -- observations -----------------------------------------------------------------------------


def shape_of(observation: Observation) -> tuple[int, ...]:
    """The shape of nested tuples of numbers: ``(len(obs), len(obs[0]), ...)``.

    >>> shape_of(((0.0, 1.0, 0.0), (1.0, 0.0, 0.0)))
    (2, 3)

    Raises:
        ValueError: the tuples are ragged (not every row has the same shape) or hold something
            that is neither a tuple nor a number.
    """
    if not isinstance(observation, tuple):
        raise ValueError(f"an observation is nested tuples, not {type(observation).__name__}")
    shape = [len(observation)]
    level: tuple[Any, ...] = observation
    while level and isinstance(level[0], tuple):
        width = len(level[0])
        if not all(type(row) is tuple and len(row) == width for row in level):
            raise ValueError("a ragged observation: its rows have different shapes")
        shape.append(width)
        level = tuple(itertools.chain.from_iterable(level))
    if not {type(value) for value in level} <= {float, int}:
        for value in level:
            if isinstance(value, tuple | bool) or not isinstance(value, int | float):
                raise ValueError(f"an observation holds numbers, not {value!r}")
    return tuple(shape)


def flatten(observation: Observation) -> tuple[float, ...]:
    """The numbers of an observation in row-major order (the last index varies fastest).

    >>> flatten(((0.0, 1.0), (2.0, 3.0)))
    (0.0, 1.0, 2.0, 3.0)
    """
    level: tuple[Any, ...] = observation
    while level and isinstance(level[0], tuple):
        level = tuple(itertools.chain.from_iterable(level))
    return level


def reshape(values: Sequence[float], shape: Sequence[int]) -> Observation:
    """Nested tuples of ``shape`` holding ``values`` in row-major order (the inverse of
    :func:`flatten`).

    >>> reshape([0.0, 1.0, 2.0, 3.0, 4.0, 5.0], (2, 3))
    ((0.0, 1.0, 2.0), (3.0, 4.0, 5.0))

    Raises:
        ValueError: ``len(values)`` is not the product of ``shape``.
    """
    shape = tuple(shape)
    if not shape or min(shape) < 0 or math.prod(shape) != len(values):
        raise ValueError(f"{len(values)} values do not fill the shape {shape}")
    rows: list[Any] = list(values)
    for width in reversed(shape[1:]):
        rows = [tuple(rows[i : i + width]) for i in range(0, len(rows), width)]
    return tuple(rows)


def as_array(observation: Observation, dtype: Any = None) -> Any:
    """The observation as a ``numpy.ndarray`` of its shape (``float64``, or ``dtype``).

    NumPy is imported only here, when first needed: install it with the ``numpy`` extra
    (``pip install "tabletop-rules[numpy]"``). The rules never need it.

    Raises:
        ImportError: NumPy is not installed (the message says how to install it).
    """
    try:
        numpy = importlib.import_module("numpy")
    except ImportError as exc:
        raise ImportError(
            "as_array needs NumPy: pip install 'tabletop-rules[numpy]' (or numpy itself)"
        ) from exc
    return numpy.asarray(observation, dtype=numpy.float64 if dtype is None else dtype)


def _numpy() -> Any:
    found = sys.modules.get("numpy")
    if found is not None:
        return found
    try:
        return importlib.import_module("numpy")
    except ImportError as exc:
        raise ImportError(
            "NumPy arrays need NumPy: pip install 'tabletop-rules[numpy]' (or numpy itself)"
        ) from exc


class Marks:
    """What one observation holds beyond its config's background, by flat (row-major) position.

    A game's marking function fills one; an :class:`Observer` turns it into nested tuples or a
    NumPy array. Positions are flat indices into the observation; a later mark of a position
    overrides an earlier one of :attr:`points`.

    >>> marks = Marks()
    >>> marks.points[1] = 2.0
    >>> marks.put(3, (1.0, 1.0))        # returns the position after the run
    5
    >>> marks.fill(5, 7, 4.0)
    >>> marks.ones.append(7)
    >>> marks.dense(8)
    [0.0, 2.0, 0.0, 1.0, 1.0, 4.0, 4.0, 1.0]

    Attributes:
        points (dict[int, float]): single numbers at their positions; add to one with
            ``points[i] = points.get(i, 0.0) + x``.
        ones (array.array[int]): positions that hold ``1.0`` (the marks of one-hot encodings),
            as machine integers (an ``array.array`` of type ``"q"``), which NumPy reads without
            converting them one by one: ``ones.append(i)``, or ``ones.extend(kept)`` from an
            ``array.array("q")`` kept for a part of the game that changes rarely (a copy of its
            memory).
        runs (list[tuple[int, list[float]]]): numbers written one after the other from a
            position (:meth:`put`).
        fills (list[tuple[int, int, float]]): one number over a range of positions
            (:meth:`fill`).
    """

    __slots__ = ("fills", "ones", "points", "runs")

    def __init__(self) -> None:
        self.points: dict[int, float] = {}
        self.ones: array.array[int] = array.array("q")
        self.runs: list[tuple[int, list[float]]] = []
        self.fills: list[tuple[int, int, float]] = []

    def put(self, start: int, values: Iterable[float]) -> int:
        """Write ``values`` from position ``start`` on; return the position after them."""
        found = list(values)
        self.runs.append((start, found))
        return start + len(found)

    def fill(self, start: int, stop: int, value: float) -> None:
        """Write ``value`` at every position from ``start`` up to (not including) ``stop``."""
        self.fills.append((start, stop, value))

    def write(self, values: Any) -> None:
        """Write the marks into ``values``, a flat list or NumPy array of the background
        (fills first, then ones, then runs, then points)."""
        if isinstance(values, list):
            for start, stop, value in self.fills:
                values[start:stop] = [value] * (stop - start)
            for i in self.ones:
                values[i] = 1.0
        else:
            for start, stop, value in self.fills:
                values[start:stop] = value
            if self.ones:
                values[_numpy().array(self.ones, _numpy().intp)] = 1.0
        for start, run in self.runs:
            values[start : start + len(run)] = run
        points = self.points
        if isinstance(values, list):
            for i, value in points.items():
                values[i] = value
        elif points:
            numpy = _numpy()
            count = len(points)
            values[numpy.fromiter(points, numpy.intp, count)] = numpy.fromiter(
                points.values(), values.dtype, count
            )

    def dense(self, size: int) -> list[float]:
        """The marks over a background of ``size`` zeros, as a list of floats."""
        values = [0.0] * size
        self.write(values)
        return values


class Observer(Generic[V]):
    """A game's observations, written once as :class:`Marks` and read as nested tuples or as a
    NumPy array (the same numbers either way).

    >>> def mark(view, marks):          # a view here is a dict with its config
    ...     marks.points[view["at"]] = 1.0
    >>> observer = Observer(lambda config: (2, 3), mark, config_of=lambda view: view["config"])
    >>> observer.tuples({"config": None, "at": 4})
    ((0.0, 0.0, 0.0), (0.0, 1.0, 0.0))
    >>> observer.array({"config": None, "at": 4}).tolist()   # doctest: +SKIP
    [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0]]

    Args:
        shape: ``shape(config)``, the shape of every observation of that config.
        mark: ``mark(view, marks)``, which fills a fresh :class:`Marks` with what ``view``
            shows beyond its config's background.
        background: ``background(config)``, the numbers every observation of that config
            starts from (flat, row-major; default: zeros), such as a map's terrain.
        config_of: the config of a view (default: its ``config`` attribute).
        view_type: the game's view class: anything else given to :meth:`tuples` or
            :meth:`array` is a ``TypeError`` (``None``: nothing is checked).
    """

    __slots__ = ("_background", "_cache", "_config_of", "_mark", "_shape", "_view_type")

    def __init__(
        self,
        shape: Callable[[Any], tuple[int, ...]],
        mark: Callable[[V, Marks], None],
        *,
        background: Callable[[Any], Sequence[float]] | None = None,
        config_of: Callable[[V], Any] = operator.attrgetter("config"),
        view_type: type[Any] | None = None,
    ) -> None:
        self._view_type = view_type
        self._shape = shape
        self._mark = mark
        self._background = background
        self._config_of = config_of
        # id(config) -> (config, shape, background, background as float32, float64 arrays)
        self._cache: dict[int, tuple[Any, tuple[int, ...], tuple[float, ...], dict[Any, Any]]] = {}

    def _of(self, config: Any) -> tuple[Any, tuple[int, ...], tuple[float, ...], dict[Any, Any]]:
        found = self._cache.get(id(config))
        if found is None or found[0] is not config:
            shape = tuple(self._shape(config))
            size = math.prod(shape)
            if self._background is None:
                background = (0.0,) * size
            else:
                background = tuple(float(v) for v in self._background(config))
                if len(background) != size:
                    raise ValueError(f"a background of {len(background)} numbers for {shape}")
            if len(self._cache) >= 64:
                self._cache.clear()
            found = self._cache[id(config)] = (config, shape, background, {})
        return found

    def marks(self, view: V) -> Marks:
        """The :class:`Marks` of ``view``.

        Raises:
            TypeError: ``view`` is not of the observer's ``view_type``.
        """
        kind = self._view_type
        if kind is not None and not isinstance(view, kind):
            game = kind.__module__.split(".")[0]
            raise TypeError(
                f"an observation is of a {game} {kind.__name__}, not {type(view).__name__}:"
                " take the view of a seat first"
            )
        marks = Marks()
        self._mark(view, marks)
        return marks

    def tuples(self, view: V) -> Observation:
        """The observation of ``view`` as nested tuples of floats.

        Raises:
            TypeError: ``view`` is not of the observer's ``view_type``.
        """
        marks = self.marks(view)
        _config, shape, background, _arrays = self._of(self._config_of(view))
        values = list(background)
        marks.write(values)
        return reshape(values, shape)

    def array(self, view: V, dtype: Any = None) -> Any:
        """The observation of ``view`` as a fresh ``numpy.ndarray`` of its shape (``float32``,
        or ``dtype``), written straight into the array.

        Raises:
            TypeError: ``view`` is not of the observer's ``view_type``.
            ImportError: NumPy is not installed.
        """
        marks = self.marks(view)
        _config, shape, background, arrays = self._of(self._config_of(view))
        numpy = _numpy()
        kind = numpy.dtype(numpy.float32 if dtype is None else dtype)
        if self._background is None:
            values = numpy.zeros(len(background), kind)
        else:
            start = arrays.get(kind)
            if start is None:
                start = arrays[kind] = numpy.array(background, dtype=kind)
            values = start.copy()
        marks.write(values)
        return values.reshape(shape)
