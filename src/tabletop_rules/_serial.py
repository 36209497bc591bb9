"""Serialisation shared by every game: the converter recipe, the JSON envelope, digests.

Every game builds its own :class:`cattrs.Converter` with :func:`make_converter` (there is no global
registry) and wraps it in a :class:`Codec`, which writes and reads the envelope::

    {"game": "goblinguard", "kind": "state", "format": 1, "data": {...}}

Rules of the recipe:

* attrs classes become JSON objects keyed by field name; unknown keys are rejected;
* tuples become lists, frozensets become *sorted* lists (so the text never depends on hashing);
* enums are written by value;
* integers beyond ``2**53`` (JavaScript's safe range) are written as decimal strings and read back
  from either form;
* the members of an action or event union carry a ``"type"`` tag (:func:`register_tagged_union`).

Errors come back as :class:`~tabletop_rules.StateFormatError` naming the offending path.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.v import format_exception

from ._errors import StateFormatError

__all__ = [
    "Codec",
    "canonical_json",
    "digest_of",
    "make_converter",
    "register_tagged_union",
    "tag_of",
]

T = TypeVar("T")

_SAFE_INT = 2**53
_INT_TEXT = re.compile(r"-?[0-9]+")


def _unstructure_int(value: int) -> int | str:
    return str(value) if abs(value) > _SAFE_INT else value


def _structure_int(value: Any, _type: Any) -> int:
    if type(value) is int:
        return value
    if isinstance(value, str) and _INT_TEXT.fullmatch(value):
        return int(value)
    raise ValueError(f"expected int, got {value!r}")


def _structure_str(value: Any, _type: Any) -> str:
    if isinstance(value, str):
        return value
    raise ValueError(f"expected str, got {value!r}")


def _structure_bool(value: Any, _type: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError(f"expected bool, got {value!r}")


def _structure_float(value: Any, _type: Any) -> float:
    if type(value) in (int, float):
        return float(value)
    raise ValueError(f"expected float, got {value!r}")


def _sorted(items: list[Any]) -> list[Any]:
    try:
        return sorted(items)
    except TypeError:  # mixed or unorderable items (objects): order by their JSON text
        return sorted(items, key=canonical_json)


def _is_frozenset(cls: Any) -> bool:
    return cls is frozenset or getattr(cls, "__origin__", None) is frozenset


def _frozenset_hook(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any], list[Any]]]:
    def factory(cls: Any) -> Callable[[Any], list[Any]]:
        args = getattr(cls, "__args__", None)
        element = args[0] if args else Any
        return lambda value: _sorted([conv.unstructure(item, element) for item in value])

    return factory


def make_converter() -> cattrs.Converter:
    """Return a new converter configured with the project's recipe (see the module docs).

    Strict on input: strings, integers and booleans are never coerced from other JSON types, and
    unknown keys are errors.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_unstructure_hook(int, _unstructure_int)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(float, _structure_float)
    conv.register_unstructure_hook_factory(_is_frozenset, _frozenset_hook(conv))
    return conv


def tag_of(cls: type) -> str:
    """The ``"type"`` tag of a union member: kebab-case class name (``EndTurn``: ``end-turn``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()


def register_tagged_union(conv: cattrs.Converter, union: Any, members: Sequence[type]) -> None:
    """Make ``conv`` write each member of ``union`` with a ``"type"`` tag and dispatch on it.

    ``union`` may be a ``Union`` alias or a single class (a game with one kind of action).
    """
    by_tag: dict[str, type] = {}
    structurers: dict[type, Callable[[Any, Any], Any]] = {}
    for cls in members:
        tag = tag_of(cls)
        by_tag[tag] = cls
        plain_unstructure: Callable[[Any], Any] = make_dict_unstructure_fn(cls, conv)
        structurers[cls] = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True)

        def unstructure(obj: Any, _plain: Any = plain_unstructure, _tag: str = tag) -> Any:
            return {"type": _tag, **_plain(obj)}

        conv.register_unstructure_hook(cls, unstructure)

    def structure(value: Any, expected: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected an object with a 'type' tag, got {value!r}")
        tag = value.get("type")
        cls = by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None or (expected is not union and expected is not cls):
            raise ValueError(f"unknown type tag {tag!r}; expected one of {sorted(by_tag)}")
        body = {k: v for k, v in value.items() if k != "type"}
        return structurers[cls](body, cls)

    conv.register_structure_hook(union, structure)
    for cls in members:
        conv.register_structure_hook(cls, structure)


def canonical_json(data: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces, UTF-8 characters kept as they are."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_of(data: Any) -> str:
    """SHA-256 (hex) of :func:`canonical_json` of ``data``; the same everywhere."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def _describe(exc: BaseException, cls: Any) -> str:
    """Our hooks' own messages (plain ``ValueError``/``TypeError``) say best what is wrong."""
    if type(exc) in (ValueError, TypeError):
        return str(exc)
    return format_exception(exc, cls)


def _error_path(exc: BaseException, prefix: str) -> StateFormatError:
    if isinstance(exc, cattrs.BaseValidationError):
        messages = cattrs.transform_error(exc, path=prefix, format_exception=_describe)
        first = messages[0] if messages else str(exc)
        detail, _, path = first.rpartition(" @ ")  # "<detail> @ <path>"
        if detail:
            return StateFormatError(path, detail)
        return StateFormatError(prefix, first)
    return StateFormatError(prefix, f"{type(exc).__name__}: {exc}")


@attrs.frozen
class Codec:
    """Reads and writes one game's values as JSON, inside the envelope.

    Args:
        game: the game's name, written as ``"game"`` and checked on reading.
        format: the current format number of this game's data.
        converter: the game's converter (from :func:`make_converter`).
        kinds: kind name → type (``"state"`` → ``State``, ``"action"`` → the action union …).
        members: extra class → kind name entries, for classes that belong to a union kind.
        migrations: ``{n: f}`` where ``f`` turns the ``data`` of format ``n`` into format ``n + 1``.
        check: called with each structured value; raises ``ValueError`` (or a
            :class:`~tabletop_rules.StateFormatError`) when the value breaks an invariant that types
            alone cannot express.
    """

    game: str
    format: int
    converter: cattrs.Converter
    kinds: Mapping[str, Any]
    members: Mapping[type, str] = attrs.field(factory=dict)
    migrations: Mapping[int, Callable[[Any], Any]] = attrs.field(factory=dict)
    check: Callable[[Any], None] | None = None

    def kind_of(self, obj: Any) -> str:
        """The kind name under which ``obj`` is written."""
        cls = type(obj)
        if cls in self.members:
            return self.members[cls]
        for name, kind in self.kinds.items():
            if kind is cls or getattr(kind, "__origin__", None) is cls:
                return name
        raise TypeError(f"{self.game} cannot serialise a {cls.__name__}")

    def kind_named(self, kind: Any) -> str:
        """The kind name of a type (or of a kind name), as accepted by :meth:`loads`."""
        if isinstance(kind, str):
            if kind not in self.kinds:
                raise ValueError(f"unknown kind {kind!r}; expected one of {sorted(self.kinds)}")
            return kind
        if kind in self.members:
            return self.members[kind]
        for name, known in self.kinds.items():
            if known is kind or getattr(known, "__origin__", None) is kind:
                return name
        raise TypeError(f"{self.game} has no serialised kind {kind!r}")

    def to_dict(self, obj: Any) -> dict[str, Any]:
        """The envelope of ``obj`` as plain JSON-ready data."""
        kind = self.kind_of(obj)
        data = self.converter.unstructure(obj, self.kinds[kind])
        return {"game": self.game, "kind": kind, "format": self.format, "data": data}

    def dumps(self, obj: Any, *, indent: int | None = None) -> str:
        """JSON text of ``obj`` in the envelope (sorted keys, so equal values give equal text)."""
        return json.dumps(self.to_dict(obj), sort_keys=True, indent=indent, ensure_ascii=False)

    def from_dict(self, envelope: Any, kind: Any = "state") -> Any:
        """Read an envelope; ``kind`` (a type or kind name) is what the caller expects."""
        expected = self.kind_named(kind)
        if not isinstance(envelope, Mapping):
            raise StateFormatError("$", "expected a JSON object (the envelope)")
        unknown = set(envelope) - {"game", "kind", "format", "data"}
        if unknown:
            raise StateFormatError(f"$.{sorted(unknown)[0]}", "unknown key in the envelope")
        for key in ("game", "kind", "format", "data"):
            if key not in envelope:
                raise StateFormatError(f"$.{key}", "missing from the envelope")
        if envelope["game"] != self.game:
            raise StateFormatError("$.game", f"written for {envelope['game']!r}, not {self.game!r}")
        if envelope["kind"] != expected:
            raise StateFormatError("$.kind", f"holds a {envelope['kind']!r}, not a {expected!r}")
        version = envelope["format"]
        if type(version) is not int or version < 1:
            raise StateFormatError("$.format", f"not a format number: {version!r}")
        if version > self.format:
            raise StateFormatError(
                "$.format", f"format {version} is newer than this library reads ({self.format})"
            )
        data = envelope["data"]
        try:
            while version < self.format:
                data = self.migrations[version](data)
                version += 1
        except KeyError:
            raise StateFormatError("$.format", f"no migration from format {version}") from None
        target = self.kinds[expected]
        if attrs.has(getattr(target, "__origin__", target)) and not isinstance(data, Mapping):
            raise StateFormatError("$.data", f"expected an object, got {type(data).__name__}")
        try:
            value = self.converter.structure(data, target)
        except StateFormatError:
            raise
        except Exception as exc:
            raise _error_path(exc, "$.data") from exc
        if self.check is not None:
            try:
                self.check(value)
            except StateFormatError:
                raise
            except ValueError as exc:
                raise StateFormatError("$.data", str(exc)) from exc
        return value

    def loads(self, text: str | bytes, kind: Any = "state") -> Any:
        """Read JSON text written by :meth:`dumps`; see :meth:`from_dict`."""
        try:
            envelope = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise StateFormatError("$", f"not valid JSON ({exc})") from exc
        return self.from_dict(envelope, kind)
