"""The approved way to build many small frozen attrs values quickly.

A legal-move generator may build hundreds of action objects per decision. Going through a frozen
attrs class's ``__init__`` costs about half a microsecond per object, which dominates such a
generator. :func:`fast_constructor` returns a positional constructor that fills the slots directly.
It skips validators and converters, so use it only where the engine itself guarantees valid values
(never on user input); the objects it builds are indistinguishable from ordinary ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def fast_constructor(cls: type[T]) -> Callable[..., T]:
    """Return ``build(*field_values) -> cls`` that skips ``__init__``, for engine-made values.

    ``cls`` must be a slotted attrs class that ``__init__`` alone would build: no cached hash
    (``cache_hash=True``) and no ``__attrs_post_init__``, whose work this constructor would skip.
    Arguments are the field values in field order.

    >>> import attrs
    >>> @attrs.frozen
    ... class Move:
    ...     src: int
    ...     dst: int
    >>> build = fast_constructor(Move)
    >>> build(1, 2) == Move(1, 2)
    True
    """
    if not attrs.has(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a slotted attrs class")
    if any("_attrs_cached_hash" in getattr(k, "__slots__", ()) for k in cls.__mro__):
        raise TypeError(f"{cls.__name__} caches its hash (cache_hash=True): build it with __init__")
    if hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} has an __attrs_post_init__: build it with __init__")
    names = [f.name for f in attrs.fields(cls)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def build({', '.join(names)}):", "    self = _new(_cls)"]
    for i, name in enumerate(names):
        namespace[f"_set{i}"] = getattr(cls, name).__set__
        lines.append(f"    _set{i}(self, {name})")
    lines.append("    return self")
    exec("\n".join(lines), namespace)  # same technique attrs uses to generate __init__
    build: Callable[..., T] = namespace["build"]
    build.__qualname__ = f"fast_constructor({cls.__qualname__})"
    return build


K = TypeVar("K")
V = TypeVar("V")


class Interner(dict[K, V]):
    """A pool that builds each value once per key and hands out the same object afterwards.

    Actions recur from one decision to the next (the same card at the same square), so a generator
    that interns them builds almost nothing per decision. ``pool[key]`` returns the value for
    ``key``, building it with ``factory(key)`` on first use; a hit costs one ``dict`` lookup. An
    ``Interner`` is an invisible cache: keep it with derived data (an ``eq=False`` field, or a
    table compiled once per content pack), never in a state's observable fields.

    >>> pool = Interner(lambda key: f"value {key}")
    >>> pool[3] is pool[3]
    True
    >>> len(pool)
    1
    """

    __slots__ = ("_factory",)

    def __init__(self, factory: Callable[[K], V]) -> None:
        super().__init__()
        self._factory = factory

    def __missing__(self, key: K) -> V:
        value = self[key] = self._factory(key)
        return value
