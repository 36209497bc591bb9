"""The SVG writer every game's pictures are written with: escaping, numbers, attributes, elements,
tooltips and ids unique in a picture.

A picture is one string built from nested calls: ``svg_tag("g", svg_title("a tooltip"),
svg_tag("rect", width=10, height=10), id="box", class_="piece")``. Children are markup already
written by these functions; every text and every attribute value is escaped here, once, so a
name from a custom content pack can never break the document or inject markup.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;"}
# What needs escaping (a carriage return too, which a parser would read as a newline), and the
# characters XML 1.0 cannot hold at all (those become U+FFFD).
_SPECIAL = re.compile('[&<>"\r\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]')


def _replace(match: re.Match[str]) -> str:
    return _ESCAPES.get(match.group(), "\ufffd")


@functools.lru_cache(maxsize=4096)
def svg_escape(text: str) -> str:
    """``text`` made safe inside an element or a double-quoted attribute value: ``&``, ``<``,
    ``>``, ``"`` and a carriage return become references, and the few characters an XML
    document cannot hold at all (most control characters, lone surrogates) become ``U+FFFD``.
    (A parser still reads a tab or a newline in an attribute value as a space.)

    >>> svg_escape('Fish & "Chips" <3')
    'Fish &amp; &quot;Chips&quot; &lt;3'
    >>> svg_escape("bell\\x07")
    'bell�'

    Args:
        text (str): any text.

    Returns:
        str: the text to write between tags or quotes.
    """
    if _SPECIAL.search(text) is None:
        return text
    return _SPECIAL.sub(_replace, text)


def svg_number(value: float) -> str:
    """A number as short text: an ``int`` as it is, a ``float`` to a tenth without a trailing
    ``.0``.

    >>> svg_number(12), svg_number(12.0), svg_number(12.25), svg_number(-0.5)
    ('12', '12', '12.2', '-0.5')

    Args:
        value (float): a coordinate, a size or any other number.

    Returns:
        str: its text.
    """
    if type(value) is int:
        return str(value)
    found = f"{value:.1f}"
    return found[:-2] if found.endswith(".0") else found


@functools.cache
def _name(key: str) -> str:
    """An attribute's name from a Python keyword: a trailing ``_`` dropped (``class_``), every
    other ``_`` a ``-`` (``stroke_width``, ``data_card``)."""
    return key.rstrip("_").replace("_", "-")


def _value(value: object) -> str:
    if isinstance(value, float):
        return svg_number(value)
    if type(value) is int:
        return str(value)
    return svg_escape(str(value))


def svg_attributes(attributes: Mapping[str, object]) -> str:
    """Attributes as `` name="value"`` pairs, in the order given.

    Names may be given as Python keywords: a trailing ``_`` is dropped (``class_`` is
    ``class``) and every other ``_`` is a ``-`` (``stroke_width`` is ``stroke-width``,
    ``data_actions`` is ``data-actions``); names with ``-`` pass as they are. A value of ``None``
    leaves its attribute out; a ``float`` is written by :func:`svg_number`; anything else as its
    ``str``, escaped (:func:`svg_escape`).

    >>> svg_attributes({"class_": "hex", "stroke_width": 0.25, "data_at": None, "title": 'a"b'})
    ' class="hex" stroke-width="0.2" title="a&quot;b"'

    Args:
        attributes (Mapping[str, object]): names and values.

    Returns:
        str: the pairs, each with a leading space.
    """
    return "".join(
        f' {_name(key)}="{_value(value)}"' for key, value in attributes.items() if value is not None
    )


def svg_tag(name: str, *children: str, **attributes: object) -> str:
    """One element: ``<name …>children</name>``, or ``<name …/>`` without children.

    The children are markup already (from these functions, or ``""`` for nothing); the
    attributes are written by :func:`svg_attributes`.

    >>> svg_tag("g", svg_tag("rect", width=10, height=7.5), id="box", class_="piece")
    '<g id="box" class="piece"><rect width="10" height="7.5"/></g>'
    >>> svg_tag("text", svg_escape("R&D"), x=3, font_size=9)
    '<text x="3" font-size="9">R&amp;D</text>'

    Args:
        name (str): the element's name (``"g"``, ``"rect"``, ``"text"`` …).
        *children (str): its content, markup already.
        **attributes (object): its attributes, as :func:`svg_attributes` takes them.

    Returns:
        str: the element's markup.
    """
    inner = "".join(children)
    start = f"<{name}{svg_attributes(attributes)}"
    return f"{start}>{inner}</{name}>" if inner else f"{start}/>"


def svg_title(words: str) -> str:
    """A ``<title>``: the tooltip a browser shows over the element it is the first child of,
    and what a screen reader says of it.

    >>> svg_tag("circle", svg_title("Troll <rank 2>"), r=5)
    '<circle r="5"><title>Troll &lt;rank 2&gt;</title></circle>'

    Args:
        words (str): the tooltip (escaped here).

    Returns:
        str: the ``<title>`` element.
    """
    return f"<title>{svg_escape(words)}</title>"


class SvgIds:
    """The ids of one picture, each given out once: an ``id`` names one element of a document,
    so a picture that could draw two things under one name (two copies of a card) asks this
    for their ids.

    Parts are joined with ``-``; a name given before gets ``-2``, ``-3`` … (whichever is free).
    Make one per picture. Ids repeat across pictures: a page showing several pictures inline
    should look elements up inside each picture's root.

    >>> ids = SvgIds()
    >>> ids("card", "potion"), ids("card", "potion"), ids("button", "end-turn")
    ('card-potion', 'card-potion-2', 'button-end-turn')
    >>> "card-potion" in ids
    True
    """

    def __init__(self) -> None:
        self._given: set[str] = set()

    def __call__(self, *parts: object) -> str:
        """The id of the parts joined with ``-``, made unique in this picture.

        Args:
            *parts (object): the id's parts (strings, numbers).

        Returns:
            str: an id no earlier call returned.
        """
        base = "-".join(str(part) for part in parts)
        found, count = base, 1
        while found in self._given:
            count += 1
            found = f"{base}-{count}"
        self._given.add(found)
        return found

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` was given out."""
        return name in self._given
