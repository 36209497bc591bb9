"""Serialisation shared by every game: the converter recipe, the JSON envelope, digests.

Every game builds its own :class:`cattrs.Converter` with :func:`make_converter` (there is no global
registry) and wraps it in a :class:`Codec`, which writes and reads the envelope::

    {"game": "goblinguard", "kind": "state", "format": 1, "data": {...}}

Rules of the recipe:

* attrs classes become JSON objects keyed by field name; unknown keys are rejected; fields with
  ``eq=False`` (invisible caches) are left out and rebuilt by the class;
* tuples become lists, frozensets become *sorted* lists (so the text never depends on hashing),
  and only a JSON list is read back as one (never a string or an object);
* enums are written by value;
* integers beyond ``2**53`` (JavaScript's safe range) are written as decimal strings and read back
  from either form;
* the members of an action or event union carry a ``"type"`` tag (:func:`register_tagged_union`).

Reading is strict and bounded: text longer than :data:`MAX_INPUT` characters (checked before
parsing), invalid JSON, ``NaN``/``Infinity``, duplicate keys, nesting deeper than the interpreter
can follow and integers longer than 40 digits (as numbers or as strings) are errors. Errors come
back as :class:`~tabletop_rules.StateFormatError` naming the offending path.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import ForbiddenExtraKeysError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.v import format_exception

from ._errors import ContentError, RulesError, StateFormatError
from ._record import Record

T = TypeVar("T")

MAX_INPUT = 4 * 2**20
"""The longest text (in characters, or bytes) that ``loads`` reads by default: 4 MiB, checked
before parsing, so an oversized document costs nothing. A long game's record is a few hundred
kilobytes; pass ``max_size=`` to read more."""

_SAFE_INT = 2**53
_INT_TEXT = re.compile(r"-?[0-9]{1,40}")
_INT_BOUND = 10**40  # 40 digits: what _INT_TEXT reads back


def _unstructure_int(value: int) -> int | str:
    return str(value) if abs(value) > _SAFE_INT else value


def _structure_int(value: Any, _type: Any) -> int:
    if type(value) is int:
        if -_INT_BOUND < value < _INT_BOUND:
            return value
        raise ValueError(f"expected an integer of at most 40 digits, got {len(str(abs(value)))}")
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
    if type(value) in (int, float) and math.isfinite(value):
        return float(value)
    raise ValueError(f"expected a finite number, got {value!r}")


def _json_type(value: Any) -> str:
    """How a parsed JSON value is called in error messages."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), f"the number {value!r}" if type(value) in (int, float) else "?")


def _is_collection(cls: Any) -> bool:
    return getattr(cls, "__origin__", None) in (tuple, list, frozenset)


def _collection_hook(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    """Read ``tuple[X, ...]``, ``tuple[X, Y]``, ``list[X]`` and ``frozenset[X]`` from JSON lists
    only, with the index of a bad item in the error."""

    def factory(cls: Any) -> Callable[[Any, Any], Any]:
        origin, args = cls.__origin__, cls.__args__
        fixed = origin is tuple and not (len(args) == 2 and args[1] is Ellipsis)
        types = args if fixed else (args[0],)
        hooks = [conv.get_structure_hook(t) for t in types]

        def structure(value: Any, _type: Any) -> Any:
            if type(value) is not list:
                raise ValueError(f"expected a list, got {_json_type(value)}")
            if fixed and len(value) != len(types):
                raise ValueError(f"expected a list of {len(types)} items, got {len(value)}")
            items, errors = [], []
            for i, item in enumerate(value):
                k = i if fixed else 0
                try:
                    items.append(hooks[k](item, types[k]))
                except Exception as exc:
                    exc.__notes__ = [
                        *getattr(exc, "__notes__", ()),
                        IterableValidationNote(f"Structuring item {i}", i, types[k]),
                    ]
                    errors.append(exc)
                    break
            if errors:
                raise cattrs.IterableValidationError(f"While structuring {cls!r}", errors, cls)
            return origin(items)

        return structure

    return factory


def _tuple_unstructure_hook(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any], list[Any]]]:
    """Tuples become JSON lists, fixed-size ones (``tuple[int, int]``) included."""

    def factory(cls: Any) -> Callable[[Any], list[Any]]:
        args: tuple[Any, ...] = getattr(cls, "__args__", ())
        if len(args) == 2 and args[1] is Ellipsis:
            element = args[0]
            return lambda value: [conv.unstructure(item, element) for item in value]
        if args:
            return lambda value: [conv.unstructure(i, t) for i, t in zip(value, args, strict=True)]
        return lambda value: [conv.unstructure(item) for item in value]

    return factory


def _attrs_hooks(conv: cattrs.Converter) -> None:
    """attrs classes: read only from JSON objects; leave the ``eq=False`` caches out."""

    def caches(cls: Any) -> dict[str, Any]:
        return {f.name: override(omit=True) for f in attrs.fields(cls) if not f.eq}

    def structure_factory(cls: Any) -> Callable[[Any, Any], Any]:
        inner = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True, **caches(cls))

        def structure(value: Any, target: Any) -> Any:
            if not isinstance(value, Mapping):
                raise ValueError(f"expected an object, got {_json_type(value)}")
            return inner(value, target)

        return structure

    conv.register_structure_hook_factory(attrs.has, structure_factory)
    conv.register_unstructure_hook_factory(
        attrs.has, lambda cls: make_dict_unstructure_fn(cls, conv, **caches(cls))
    )


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

    Strict on input: strings, integers and booleans are never coerced from other JSON types, lists
    and objects are never read from anything else, and unknown keys are errors.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    _attrs_hooks(conv)
    conv.register_structure_hook_factory(_is_collection, _collection_hook(conv))
    conv.register_unstructure_hook(int, _unstructure_int)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(float, _structure_float)
    conv.register_unstructure_hook_factory(_is_frozenset, _frozenset_hook(conv))
    conv.register_unstructure_hook_factory(
        lambda cls: getattr(cls, "__origin__", None) is tuple, _tuple_unstructure_hook(conv)
    )
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
        if cls is None or (expected != union and expected is not cls):
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


def _locate_error(exc: BaseException, path: str = "$") -> tuple[str, str]:
    """Where a structuring error happened and what it says: ``(JSONPath, detail)``.

    Follows a cattrs validation error down to its first leaf, adding ``.field`` and ``[index]`` to
    ``path``. A leaf :class:`~tabletop_rules.StateFormatError` or
    :class:`~tabletop_rules.ContentError` whose own path starts with ``$`` (a check of a nested
    value) continues the path; any other path of theirs (``card bjorn-quiver``) leads the detail;
    our hooks' own ``ValueError``/``TypeError`` messages are kept as
    they are.
    """
    while isinstance(exc, cattrs.ClassValidationError | cattrs.IterableValidationError):
        with_notes, without = exc.group_exceptions()
        if with_notes:
            exc, note = with_notes[0]
            if isinstance(note, IterableValidationNote):
                path += f"[{note.index!r}]"
            else:
                path += f".{note.name}"
        elif without:
            exc = without[0]
        else:
            return path, str(exc)
    if isinstance(exc, StateFormatError | ContentError):
        if exc.path.startswith("$"):
            return path + exc.path[1:], exc.detail
        return path, f"{exc.path}: {exc.detail}"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"{path}.{sorted(exc.extra_fields)[0]}", "unknown key"
    if type(exc) is KeyError:
        return path, "required key missing"
    if type(exc) in (ValueError, TypeError) or isinstance(exc, RulesError):
        return path, str(exc)
    if isinstance(exc, RecursionError):
        return path, "nested too deeply"
    return path, format_exception(exc, None)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        counts = Counter(key for key, _ in pairs)
        raise ValueError(f"duplicate key {next(k for k, n in counts.items() if n > 1)!r}")
    return found


def parse_json(text: str | bytes) -> Any:
    """Parse JSON text strictly: no ``NaN``/``Infinity``, no duplicate keys, bounded nesting.

    Raises:
        ValueError: the text is not such JSON (the message says why); never ``RecursionError``.
    """
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text ({exc.reason})") from None


def register_validator(conv: cattrs.Converter, cls: type[T], check: Callable[[T], None]) -> None:
    """Make ``conv`` call ``check`` on every ``cls`` it structures, wherever it is nested.

    ``check`` raises :class:`~tabletop_rules.StateFormatError` with a path relative to the value
    (``"$.hand"``); the codec continues the path from where the value sits
    (``"$.data.start.hand"`` inside a record). Register it after the class's own structure hook.
    """
    structure = conv.get_structure_hook(cls)

    def checked(data: Any, target: Any) -> T:
        value: T = structure(data, target)
        check(value)
        return value

    conv.register_structure_hook(cls, checked)


@attrs.frozen
class Codec:
    """Reads and writes one game's values as JSON, inside the envelope.

    Attributes:
        game: the game's name, written as ``"game"`` and checked on reading.
        format: the current format number of this game's data.
        converter: the game's converter (from :func:`make_converter`).
        kinds: kind name → type (``"state"`` → ``State``, ``"action"`` → the action union …).
        members: extra class → kind name entries, for classes that belong to a union kind.
        migrations: ``{n: f}`` where ``f(kind, data)`` turns the ``data`` of a value of that kind
            (``"state"``, ``"record"`` …) written in format ``n`` into format ``n + 1``.

    Invariants that types alone cannot express are checked by validators registered on the
    converter (:func:`register_validator`), so a state nested in a record is checked like a state
    on its own.
    """

    game: str
    format: int
    converter: cattrs.Converter
    kinds: Mapping[str, Any]
    members: Mapping[type, str] = attrs.field(factory=dict)
    migrations: Mapping[int, Callable[[str, Any], Any]] = attrs.field(factory=dict)

    @classmethod
    def for_game(
        cls,
        game: str,
        format: int,
        converter: cattrs.Converter,
        *,
        config: type,
        state: type,
        view: type,
        action: Any,
        actions: Sequence[type],
        event: Any,
        events: Sequence[type],
        validate: Callable[[Any], None],
        migrations: Mapping[int, Callable[[str, Any], Any]] | None = None,
    ) -> Codec:
        """The codec of a game of the usual shape: its config, state, view, actions, events and
        records. Registers on ``converter`` the tagged unions ``action`` of ``actions`` and
        ``event`` of ``events`` (:func:`register_tagged_union`) and ``validate`` on states and
        views (:func:`register_validator`), so register the converter's other hooks (the
        config's, the pending frames' union …) first.

        >>> import attrs
        >>> @attrs.frozen
        ... class Config:
        ...     seats: int = 2
        >>> @attrs.frozen
        ... class State:
        ...     score: int
        >>> @attrs.frozen
        ... class Move:
        ...     by: int
        >>> @attrs.frozen
        ... class Moved:
        ...     by: int
        >>> codec = Codec.for_game(
        ...     "counting", 1, make_converter(), config=Config, state=State, view=State,
        ...     action=Move, actions=[Move], event=Moved, events=[Moved], validate=lambda s: None,
        ... )
        >>> codec.dumps(Move(2))
        '{"data": {"by": 2, "type": "move"}, "format": 1, "game": "counting", "kind": "action"}'
        >>> codec.loads(_, Move)
        Move(by=2)
        """
        register_tagged_union(converter, action, actions)
        register_tagged_union(converter, event, events)
        register_validator(converter, state, validate)
        if view is not state:
            register_validator(converter, view, validate)
        return cls(
            game=game,
            format=format,
            converter=converter,
            kinds={
                "state": state,
                "view": view,
                "action": action,
                "config": config,
                "record": Record[config, state, action],  # type: ignore[valid-type]
                "event": event,
            },
            members={**dict.fromkeys(actions, "action"), **dict.fromkeys(events, "event")},
            migrations=migrations or {},
        )

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
            if known == kind or getattr(known, "__origin__", None) is kind:
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
        while version < self.format:
            migrate = self.migrations.get(version)
            if migrate is None:
                raise StateFormatError("$.format", f"no migration from format {version}")
            try:
                data = migrate(expected, data)
            except StateFormatError as exc:
                raise StateFormatError("$.data" + exc.path[1:], exc.detail) from exc
            except (ValueError, TypeError, KeyError) as exc:
                raise StateFormatError(
                    "$.data", f"cannot migrate from format {version}: {exc}"
                ) from exc
            version += 1
        target = self.kinds[expected]
        if attrs.has(getattr(target, "__origin__", target)) and not isinstance(data, Mapping):
            raise StateFormatError("$.data", f"expected an object, got {type(data).__name__}")
        try:
            return self.converter.structure(data, target)
        except Exception as exc:
            path, detail = _locate_error(exc, "$.data")
            if envelope["format"] != self.format:
                detail += f" (read from format {envelope['format']})"
            raise StateFormatError(path, detail) from exc

    def loads(self, text: str | bytes, kind: Any = "state", *, max_size: int = MAX_INPUT) -> Any:
        """Read JSON text written by :meth:`dumps`; see :meth:`from_dict`. Text longer than
        ``max_size`` characters (or bytes) is refused before it is parsed."""
        if len(text) > max_size:
            raise StateFormatError(
                "$", f"{len(text):,} characters: more than the {max_size:,} read (max_size=)"
            )
        try:
            envelope = parse_json(text)
        except ValueError as exc:
            raise StateFormatError("$", f"not valid JSON ({exc})") from exc
        return self.from_dict(envelope, kind)
