"""`expose`: give a package's re-exported names their public ``__module__``."""

from __future__ import annotations

import contextlib
from collections.abc import MutableMapping
from typing import Any

import attrs


def expose(namespace: MutableMapping[str, Any]) -> None:
    """Give every name of a package's ``__all__`` that comes from one of its private modules the
    package's own ``__module__``, so documentation and reprs name the public path.

    Call it at the end of a package's ``__init__.py``: ``expose(globals())``. Constants and type
    aliases, whose ``__module__`` cannot be set, are left as they are. The annotations of an attrs
    class are resolved first, while its ``__module__`` still names the module that defines the
    names they use (cattrs reads them later).
    """
    package = namespace["__name__"]
    for name in namespace["__all__"]:
        value = namespace[name]
        if getattr(value, "__module__", "").startswith(f"{package}._"):
            if isinstance(value, type) and attrs.has(value):
                with contextlib.suppress(NameError):  # names only imported for type checking
                    attrs.resolve_types(value)
            with contextlib.suppress(AttributeError, TypeError):
                value.__module__ = package
