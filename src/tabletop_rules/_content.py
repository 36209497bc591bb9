"""Content files: JSON data structured into frozen attrs classes, with errors naming the place.

Every game keeps its cards, boards and dice in data files. :func:`read_content` and
:func:`structure_content` turn such data into the game's own attrs classes with cattrs (strictly,
with :func:`~tabletop_rules.make_converter`'s recipe) and report anything wrong as a
:class:`~tabletop_rules.ContentError` whose ``path`` names the file and the place in it.
:class:`PackRef` is how a saved game names a content pack that ships with the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs

from ._errors import ContentError
from ._serial import _locate_error, make_converter, parse_json

T = TypeVar("T")

_CONVERTER = make_converter()


def structure_content(
    data: Any, cls: type[T], *, source: str = "<memory>", converter: cattrs.Converter | None = None
) -> T:
    """Structure parsed JSON ``data`` into ``cls``.

    Args:
        data: parsed JSON.
        cls: the attrs class (or type) to build; its validators may raise
            :class:`~tabletop_rules.ContentError` or ``ValueError``.
        source: the file name used in error paths.
        converter: the converter to use (default: one built by
            :func:`~tabletop_rules.make_converter`).

    Raises:
        tabletop_rules.ContentError: ``path`` is ``"<source>: <JSONPath>"``.
    """
    conv = _CONVERTER if converter is None else converter
    try:
        return conv.structure(data, cls)
    except Exception as exc:
        path, detail = _locate_error(exc, "$")
        raise ContentError(f"{source}: {path}", detail) from exc


def read_content(
    text: str | bytes,
    cls: type[T],
    *,
    source: str = "<memory>",
    converter: cattrs.Converter | None = None,
) -> T:
    """Parse JSON ``text`` strictly (:func:`~tabletop_rules.parse_json`) and structure it into
    ``cls``.

    >>> import attrs
    >>> from tabletop_rules import read_content
    >>> @attrs.frozen
    ... class Die:
    ...     faces: tuple[str, ...]
    >>> read_content('{"faces": ["hit", "miss"]}', Die)
    Die(faces=('hit', 'miss'))
    >>> read_content('{"faces": [1]}', Die, source="dice.json")
    Traceback (most recent call last):
    ...
    tabletop_rules.ContentError: dice.json: $.faces[0]: expected str, got 1

    Raises:
        tabletop_rules.ContentError: the text is not JSON, or does not fit ``cls``.
    """
    try:
        data = parse_json(text)
    except ValueError as exc:
        raise ContentError(f"{source}: $", f"not valid JSON ({exc})") from exc
    return structure_content(data, cls, source=source, converter=converter)


def load_content(path: str | Path, cls: type[T], *, converter: cattrs.Converter | None = None) -> T:
    """Read a content file from disk; see :func:`read_content` (the file's name is the source).

    Raises:
        tabletop_rules.ContentError: the file cannot be read, or its content is wrong.
    """
    file = Path(path)
    try:
        text = file.read_bytes()
    except OSError as exc:
        raise ContentError(str(file), f"cannot read the file ({exc.strerror or exc})") from exc
    return read_content(text, cls, source=file.name, converter=converter)


@attrs.frozen
class PackRef:
    """How a saved config names a content pack shipped with its game: name, version and digest.

    A saved game records the reference instead of the pack's content; loading it checks the
    reference against the pack this library ships, so a game saved with other content is never
    played with this one.

    Attributes:
        pack: the pack's name (``"standard"``).
        version: the pack's version number, raised whenever its content changes.
        digest: the SHA-256 of the pack's canonical content.
    """

    pack: str
    version: int
    digest: str

    def check_matches(self, shipped: PackRef) -> None:
        """Check that this reference names ``shipped`` exactly.

        >>> from tabletop_rules import PackRef
        >>> ours = PackRef("standard", 2, "ab12")
        >>> PackRef("standard", 1, "ff00").check_matches(ours)
        Traceback (most recent call last):
        ...
        ValueError: saved with version 1 of content pack 'standard'; this library has version 2

        Raises:
            ValueError: another pack name, another version, or the same version with another
                digest; the message says which.
        """
        if self.pack != shipped.pack:
            raise ValueError(
                f"unknown content pack {self.pack!r} (this library has {shipped.pack!r})"
            )
        if self.version != shipped.version:
            raise ValueError(
                f"saved with version {self.version} of content pack {self.pack!r}; "
                f"this library has version {shipped.version}"
            )
        if self.digest != shipped.digest:
            raise ValueError(
                f"the digest of content pack {self.pack!r} version {self.version} does not match "
                "this library's"
            )
