"""What a player clicks in the picture to choose each action (``render_svg(…, actions=…)``).

A :class:`Place` is three clicks: the card in the hand (``hand-<id>``), the cell where the card's
top-left cell goes (``at-<x>_<y>``: the card showing there, an empty cell of the table, a mark on
it) and, where both layers are possible, a button *On top* or *Beneath*. A chance :class:`Draw`
is the card in a whole state's face-up draw pile, or a button in a view (whose pile is face
down).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop_rules import ActionButton, ClickMap, ClickPart

from .._actions import Action, Draw, Place, notation
from .._cards import Layer
from .._rules import legal_actions
from .._state import State, View

LAYERS = {
    Layer.TOP: ActionButton("layer-top", "On top", "Lay the card on top of the cards it overlaps"),
    Layer.BOTTOM: ActionButton(
        "layer-bottom", "Beneath", "Tuck the card beneath the cards it overlaps"
    ),
}
"""The button of each layer."""


def at(x: int, y: int) -> str:
    """The key of the elements showing the cell ``(x, y)``, where a card's top-left cell goes."""
    return f"at-{x}_{y}"


def _parts(position: State | View) -> Callable[[Action], list[ClickPart]]:
    whole = isinstance(position, State)

    def parts(action: Action) -> list[ClickPart]:
        if isinstance(action, Draw):
            if whole:
                return [f"pile-{action.card}"]
            return [ActionButton.chance(notation(action))]
        return [f"hand-{action.card}", at(action.x, action.y), LAYERS[action.layer]]

    return parts


CLICKS = ClickMap(legal_actions, _parts, (Place, Draw), notation)
"""How a goblinguard picture is clicked (:class:`tabletop_rules.ClickMap`)."""
