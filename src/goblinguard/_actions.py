"""The one kind of action, :class:`Place`, and its text notation."""

from __future__ import annotations

import re
from typing import TypeAlias

import attrs

from ._cards import Layer

__all__ = ["Action", "Place", "notation", "parse_notation"]


def _is_int(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"Place.{attr.name} must be an int, got {value!r}")


@attrs.frozen
class Place:
    """Put card ``card`` from the hand with its top-left cell at ``(x, y)``, on top or beneath.

    >>> Place("g1", 1, 0)
    Place(card='g1', x=1, y=0, layer=<Layer.TOP: 'top'>)
    """

    card: str = attrs.field(validator=attrs.validators.instance_of(str))
    x: int = attrs.field(validator=_is_int)
    y: int = attrs.field(validator=_is_int)
    layer: Layer = attrs.field(default=Layer.TOP, validator=attrs.validators.instance_of(Layer))


Action: TypeAlias = Place
"""Every goblinguard action (the game has one kind: :class:`Place`)."""

_SIGN = {Layer.TOP: "+", Layer.BOTTOM: "-"}
_LAYER = {"+": Layer.TOP, "-": Layer.BOTTOM}
_TEXT = re.compile(r"\s*([+-])([A-Za-z0-9_.\-]+)@(-?[0-9]+),(-?[0-9]+)\s*")


def notation(action: Place) -> str:
    """The short text of an action: ``+card@x,y`` lays it on top, ``-card@x,y`` tucks it beneath.

    >>> notation(Place("g1", 2, -1)), notation(Place("o3", 0, 1, Layer.BOTTOM))
    ('+g1@2,-1', '-o3@0,1')
    """
    return f"{_SIGN[action.layer]}{action.card}@{action.x},{action.y}"


def parse_notation(text: str) -> Place:
    """Read the text written by :func:`notation`; raises ``ValueError`` on anything else."""
    match = _TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"not a placement: {text!r} (expected e.g. '+g1@2,-1' or '-o3@0,1')")
    sign, card, x, y = match.groups()
    return Place(card, int(x), int(y), _LAYER[sign])
