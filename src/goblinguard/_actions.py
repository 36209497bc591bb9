"""The actions — :class:`Place` for the player, :class:`Draw` for chance — and their notation."""

from __future__ import annotations

import re
from typing import TypeAlias

import attrs

from ._cards import CARD_ID, Layer


def _is_int(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"Place.{attr.name} must be an int, got {value!r}")


@attrs.frozen
class Place:
    """Put card ``card`` from the hand with its top-left cell at ``(x, y)``, on top or beneath.

    >>> Place("g1", 1, 0)
    Place(card='g1', x=1, y=0, layer=<Layer.TOP: 'top'>)

    Attributes:
        card: the id of a card in the hand.
        x: the column of the card's top-left cell (R1).
        y: the row of the card's top-left cell (R1).
        layer: on top of the cards it overlaps, or tucked beneath them (R2).
    """

    card: str = attrs.field(validator=attrs.validators.instance_of(str))
    x: int = attrs.field(validator=_is_int)
    y: int = attrs.field(validator=_is_int)
    layer: Layer = attrs.field(default=Layer.TOP, validator=attrs.validators.instance_of(Layer))


@attrs.frozen
class Draw:
    """The chance outcome "the next card drawn is ``card``" (explicit chance mode only, R12).

    >>> Draw("fort")
    Draw(card='fort')

    Attributes:
        card: the id of a card not yet drawn.
    """

    card: str = attrs.field(validator=attrs.validators.instance_of(str))


Action: TypeAlias = Place | Draw
"""Every goblinguard action: the player's :class:`Place` and chance's :class:`Draw`."""

_SIGN = {Layer.TOP: "+", Layer.BOTTOM: "-"}
_LAYER = {"+": Layer.TOP, "-": Layer.BOTTOM}
_PLACE = re.compile(rf"\s*([+-])({CARD_ID})@(-?[0-9]{{1,7}}),(-?[0-9]{{1,7}})\s*")
_DRAW = re.compile(rf"\s*({CARD_ID})\s*")


def notation(action: Action) -> str:
    """The short text of an action: ``+card@x,y`` lays a card on top, ``-card@x,y`` tucks it
    beneath, and a chance draw is the card's id.

    >>> notation(Place("g1", 2, -1)), notation(Place("o3", 0, 1, Layer.BOTTOM))
    ('+g1@2,-1', '-o3@0,1')
    >>> notation(Draw("g7"))
    'g7'

    """
    if isinstance(action, Draw):
        return action.card
    return f"{_SIGN[action.layer]}{action.card}@{action.x},{action.y}"


def parse_notation(text: str) -> Action:
    """Read the text written by :func:`notation`; raises ``ValueError`` on anything else.

    Coordinates have at most 7 digits (R3 keeps every card within reach of ``(0, 0)``).
    """
    if not isinstance(text, str):
        raise ValueError(f"not a placement or a card id: {text!r}")
    match = _PLACE.fullmatch(text)
    if match is not None:
        sign, card, x, y = match.groups()
        return Place(card, int(x), int(y), _LAYER[sign])
    match = _DRAW.fullmatch(text)
    if match is not None:
        return Draw(match.group(1))
    shown = text if len(text) <= 40 else text[:37] + "..."
    raise ValueError(
        f"not a placement or a card id: {shown!r} (expected e.g. '+g1@2,-1', '-o3@0,1' or 'g7')"
    )
