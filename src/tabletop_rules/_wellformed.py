"""Untrusted values checked for their shape before the rules look at them: an action must be one
of the game's action classes holding exactly the types its fields declare, and a position must be
the game's state (or view, where one is accepted).

An action built by hand, unpickled or deserialised elsewhere may hold a ``float`` or a ``bool``
where an ``int`` belongs; such a value compares equal to the legal action (``0.0 == 0``,
``False == 0``) but is not it, and must not be applied. A list where a tuple belongs is not even
hashable. These checks run first, so the rules only ever see well-formed values.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any, Literal, TypeAlias, Union, get_args, get_origin

import attrs

from ._errors import IllegalActionError, PositionTypeError, safe_repr

_Check: TypeAlias = Callable[[Any], bool]
_FIELDS: dict[type, tuple[tuple[str, _Check, str], ...]] = {}


def action_problem(action: object, action_types: tuple[type, ...]) -> str | None:
    """Why ``action`` is not a well-formed action of one of ``action_types`` (``None`` if it
    is): its class must be exactly one of them, and every field must hold exactly the type its
    annotation declares — a ``bool`` or a ``float`` is not an ``int``, a list is not a tuple —
    recursively through nested attrs classes such as coordinates.

    >>> import attrs
    >>> @attrs.frozen
    ... class Pick:
    ...     card: str
    ...     count: int
    >>> action_problem(Pick("a", 2), (Pick,)) is None
    True
    >>> action_problem(Pick("a", 2.0), (Pick,))
    'Pick.count must be int, not 2.0 (float)'
    >>> action_problem("pick a", (Pick,))
    "not an action of this game: 'pick a' (str)"
    """
    kind = type(action)
    if kind not in action_types:
        return f"not an action of this game: {_shown(action)}"
    return _fields_problem(action, kind)


def check_position(value: object, expected: tuple[type, ...], where: str) -> None:
    """Raise :class:`~tabletop_rules.PositionTypeError` unless ``value`` is exactly one of the
    ``expected`` classes (a game's ``State``, and its ``View`` where one is accepted).

    Args:
        value: what was passed.
        expected: the accepted classes.
        where: the function that was called, for the message (``"apply"``).
    """
    if type(value) not in expected:
        names = " or ".join(t.__name__ for t in expected)
        raise PositionTypeError(
            f"{where} takes a {names}, not {_shown(value)}", expected=expected, value=value
        )


def check_seat(asked: int | None, seat: int | None, action: object) -> None:
    """Refuse an action sent by ``seat`` when the seat ``asked`` must answer (no check when
    ``seat`` is ``None``).

    Raises:
        tabletop_rules.IllegalActionError: naming both seats.
    """
    if seat is None or seat == asked:
        return
    if asked is None:
        raise IllegalActionError(f"the game is over: seat {seat} has nothing to answer", action)
    raise IllegalActionError(f"seat {seat} is not asked: seat {asked} must answer now", action)


def _shown(value: object) -> str:
    return f"{safe_repr(value, 80)} ({type(value).__name__})"


def _fields_problem(value: object, kind: type) -> str | None:
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = _FIELDS[kind] = _compile(kind)
    for name, check, expected in fields:
        try:
            item = getattr(value, name)
        except AttributeError:
            return f"{kind.__name__}.{name} is missing"
        if not check(item):
            inner = _fields_problem(item, type(item)) if type(item) in _FIELDS else None
            if inner is not None:  # the right class, with a wrong field inside
                return f"{kind.__name__}.{name}: {inner}"
            return f"{kind.__name__}.{name} must be {expected}, not {_shown(item)}"
    return None


def _compile(kind: type) -> tuple[tuple[str, _Check, str], ...]:
    fields = attrs.fields(kind)
    if any(isinstance(f.type, str) for f in fields):
        attrs.resolve_types(kind)  # the annotations were strings (``from __future__``)
        fields = attrs.fields(kind)
    return tuple((f.name, _check(f.type), _describe(f.type)) for f in fields)


def _check(tp: Any) -> _Check:
    """A predicate: does a value hold exactly the type ``tp``?"""
    origin = get_origin(tp)
    if tp is Any:
        return lambda v: True
    if tp is None or tp is type(None):
        return lambda v: v is None
    if origin is Literal:
        allowed = get_args(tp)
        return lambda v: any(type(v) is type(a) and v == a for a in allowed)
    if origin is Union or origin is types.UnionType:
        parts = tuple(_check(a) for a in get_args(tp))
        return lambda v: any(p(v) for p in parts)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            each = _check(args[0])
            return lambda v: type(v) is tuple and all(each(i) for i in v)
        fixed = tuple(_check(a) for a in args)
        return lambda v: (
            type(v) is tuple
            and len(v) == len(fixed)
            and all(c(i) for c, i in zip(fixed, v, strict=True))
        )
    if isinstance(tp, type) and attrs.has(tp):
        return lambda v: type(v) is tp and _fields_problem(v, tp) is None
    if isinstance(tp, type):
        return lambda v: type(v) is tp
    raise TypeError(f"cannot check values of type {tp!r}")  # pragma: no cover - a new field kind


def _describe(tp: Any) -> str:
    origin = get_origin(tp)
    if tp is None or tp is type(None):
        return "None"
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(tp))
    if origin is Union or origin is types.UnionType:
        return " or ".join(_describe(a) for a in get_args(tp))
    if origin is tuple:
        return "a tuple"
    return getattr(tp, "__name__", repr(tp))
