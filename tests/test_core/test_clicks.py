"""Clicks: the indices each element of a picture carries, the buttons, and the narrowing."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable

import attrs
import pytest

from tabletop_rules import ActionButton, ClickPart, Clicks, narrow, svg_buttons


@attrs.frozen
class Place:
    card: str
    cell: int


@attrs.frozen
class Pass:
    pass


KINDS = (Place, Pass)
PASS = ActionButton("pass", "Pass")


def board(action: Place | Pass) -> list[ClickPart]:
    """A card in the hand and a cell; a pass is a button."""
    if isinstance(action, Pass):
        return [PASS]
    return [f"hand-{action.card}", f"cell-{action.cell}"]


def clicks_of(
    actions: tuple[Place | Pass, ...],
    parts: Callable[[Place | Pass], Iterable[ClickPart]] = board,
) -> Clicks[Place | Pass]:
    return Clicks.of(actions, legal=actions, parts=parts, kinds=KINDS, label=repr)


def test_each_element_carries_the_actions_it_takes_part_in_ascending() -> None:
    actions = (Place("b", 1), Place("a", 0), Place("a", 1), Pass())
    clicks = clicks_of(actions)
    assert clicks.keys == {"hand-b": (0,), "cell-1": (0, 2), "hand-a": (1, 2), "cell-0": (1,)}
    assert clicks.data("cell-1") == "0 2"
    assert clicks.data("hand-c") is None
    assert clicks.indices("hand-c") == ()
    assert clicks.buttons == ((PASS, (3,)),)


def test_actions_the_parts_cannot_tell_apart_get_a_button_each() -> None:
    actions = (Place("a", 0), Place("a", 1), Pass())

    def card_only(action: Place | Pass) -> list[ClickPart]:
        return board(action)[:1]

    clicks = clicks_of(actions, card_only)
    assert clicks.keys == {"hand-a": (0, 1)}
    assert [(b.key, b.label, i) for b, i in clicks.buttons] == [
        ("action-0", "Place(card='a', cell=0)", (0,)),
        ("action-1", "Place(card='a', cell=1)", (1,)),
        ("pass", "Pass", (2,)),
    ]


def test_an_action_without_parts_gets_a_button() -> None:
    actions = (Place("a", 0), Pass())
    clicks = clicks_of(actions, lambda a: [] if isinstance(a, Pass) else board(a))
    assert [(b.key, i) for b, i in clicks.buttons] == [("action-1", (1,))]


def test_a_button_every_action_takes_part_in_is_left_out_unless_alone() -> None:
    def layered(action: Place | Pass) -> list[ClickPart]:
        return [*board(action), ActionButton("top", "On top")]

    two = (Place("a", 0), Place("a", 1))
    assert clicks_of(two, layered).buttons == ()
    one = (Place("a", 0),)
    assert [b.key for b, _ in clicks_of(one, layered).buttons] == ["top"]


def test_no_actions_mark_nothing() -> None:
    assert Clicks.none().keys == {}
    assert Clicks.none().buttons == ()
    assert clicks_of(()).keys == {}


def test_what_is_not_a_legal_action_is_refused_with_its_index() -> None:
    legal: tuple[Place | Pass, ...] = (Place("a", 0), Pass())
    with pytest.raises(ValueError, match=r"actions\[1\] \(Place\(card='b', cell=0\)\) is not"):
        Clicks.of((Pass(), Place("b", 0)), legal=legal, parts=board, kinds=KINDS, label=repr)
    with pytest.raises(ValueError, match=r"actions\[2\] repeats actions\[0\]"):
        Clicks.of((Pass(), legal[0], Pass()), legal=legal, parts=board, kinds=KINDS)
    with pytest.raises(TypeError, match=r"actions\[0\]: Place.cell must be int, not '0'"):
        Clicks.of([Place("a", "0")], legal=legal, parts=board, kinds=KINDS)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="actions must be a sequence of actions"):
        Clicks.of(legal[0], legal=legal, parts=board, kinds=KINDS)  # type: ignore[arg-type]


def test_narrowing_keeps_what_every_click_allows_and_restarts_on_a_miss() -> None:
    chosen = narrow(None, (0, 1, 2))
    assert chosen == {0, 1, 2}
    assert narrow(chosen, [2, 5]) == {2}
    assert narrow(chosen, [5, 6]) == {5, 6}
    assert narrow(frozenset(), [4]) == {4}


def test_buttons_are_drawn_in_rows_with_safe_unique_ids_and_escaped_labels() -> None:
    buttons = [ActionButton(f"chance-roll {n}", f"<roll {n}> & more") for n in range(12)]
    actions = tuple(Place("a", n) for n in range(12))
    clicks = Clicks.of(
        actions, legal=actions, parts=lambda a: [buttons[a.cell]], kinds=KINDS, label=repr
    )
    markup, height = svg_buttons(clicks, 10, 20, 300)
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')
    drawn = root[0]
    assert drawn.get("id") == "buttons"
    assert [b.get("id") for b in drawn] == [f"button-chance-roll_{n}" for n in range(12)]
    assert [b.get("data-actions") for b in drawn] == [str(n) for n in range(12)]
    labels = {b.find("{http://www.w3.org/2000/svg}text").text for b in drawn}  # type: ignore[union-attr]
    assert labels == {f"<roll {n}> & more" for n in range(12)}
    boxes = [b.find("{http://www.w3.org/2000/svg}rect") for b in drawn]
    rights = [float(r.get("x", 0)) + float(r.get("width", 0)) for r in boxes if r is not None]
    assert max(rights) <= 310
    tops = sorted({float(r.get("y", 0)) for r in boxes if r is not None})
    assert len(tops) > 1
    assert tops[0] == 20
    assert height == tops[-1] + 22 - 20
