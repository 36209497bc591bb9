"""Helpers for a package's public face."""

from __future__ import annotations

import contextlib
from collections.abc import MutableMapping
from typing import Any

__all__ = ["PublicEvent", "expose"]


def expose(namespace: MutableMapping[str, Any]) -> None:
    """Give every name of a package's ``__all__`` that comes from one of its private modules the
    package's own ``__module__``, so documentation and reprs name the public path.

    Call it at the end of a package's ``__init__.py``: ``expose(globals())``. Constants and type
    aliases, whose ``__module__`` cannot be set, are left as they are.
    """
    package = namespace["__name__"]
    for name in namespace["__all__"]:
        value = namespace[name]
        if getattr(value, "__module__", "").startswith(f"{package}._"):
            with contextlib.suppress(AttributeError, TypeError):
                value.__module__ = package


class PublicEvent:
    """Mixin for an event that every seat may see (its ``seen_by`` is ``None``).

    >>> import attrs
    >>> @attrs.frozen
    ... class DiceRolled(PublicEvent):
    ...     value: int
    >>> DiceRolled(4).seen_by is None
    True
    """

    __slots__ = ()

    @property
    def seen_by(self) -> tuple[int, ...] | None:
        """``None``: the event is public."""
        return None
