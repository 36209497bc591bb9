"""The SVG pictures: well-formed, complete (every card, layer, defeat, garrison mark, hand and
pile), and showing a seat only what it may see. Every picture is parsed with ElementTree."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET

import attrs
import pytest
from tests.test_goblinguard.positions import deck_game, fillers, play

import goblinguard as gg
import tabletop_rules

SVG = "{http://www.w3.org/2000/svg}"
CELL_CLASSES = {
    "G": "guard",
    "X": "goblin",
    "O": "hobgoblin",
    "H": "house",
    "F": "fort",
    "W": "watchtower",
    "B": "barracks",
}
# Plenty of Forts and crowded monsters, so goblins get hidden beneath Forts (R9).
FORTS = gg.Config(
    deck=(
        gg.Card("fa", "FG/HH"),
        gg.Card("fb", "HH/GF"),
        gg.Card("xx", "XX/HH"),
        gg.Card("xo", "XH/OH"),
        gg.Card("gx", "GX/GH"),
        gg.Card("hx", "HX/GH"),
        gg.Card("gg", "GG/HG"),
        gg.Card("ho", "HO/GG"),
    )
)


@attrs.frozen
class Picture:
    """A position with its two pictures, parsed: the whole state, and seat 0's view."""

    state: gg.State
    whole: ET.Element
    seen: ET.Element


def _games() -> list[gg.State]:
    """Every position of seeded random and greedy games, standard and Fort-heavy, sampled and
    explicit chance."""
    runs = [
        *((gg.GAME.agents["random"], None, seed) for seed in range(4)),
        (gg.GAME.agents["greedy"], None, 0),
        *((gg.GAME.agents["random"], FORTS, seed) for seed in range(8)),
        (gg.GAME.agents["random"], gg.Config(chance="explicit"), 3),
    ]
    states: list[gg.State] = []
    for agent, config, seed in runs:
        _, actions = tabletop_rules.play(gg.GAME, [agent()], seed=seed, config=config)
        played = list(gg.replay(gg.record(actions, seed=seed, config=config)))
        states += played[::2] if config is not None and config.explicit else played
    return states


@functools.cache
def pictures() -> tuple[Picture, ...]:
    return tuple(
        Picture(
            state, ET.fromstring(gg.render_svg(state)), ET.fromstring(gg.render_svg(state, seat=0))
        )
        for state in _games()
    )


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def having(root: ET.Element, *names: str) -> list[ET.Element]:
    """The elements with all the given classes, in document order."""
    return [e for e in root.iter() if set(names) <= classes(e)]


def by_id(root: ET.Element, ident: str) -> ET.Element:
    found = [e for e in root.iter() if e.get("id") == ident]
    assert len(found) == 1, f"{len(found)} elements with id {ident!r}"
    return found[0]


def spot(element: ET.Element) -> tuple[int, int]:
    return int(element.get("data-x", "")), int(element.get("data-y", ""))


def title(element: ET.Element) -> str:
    first = element.find(f"{SVG}title")
    assert first is not None, f"no title on {element.get('id')}"
    return first.text or ""


def cards_in_play(root: ET.Element) -> list[ET.Element]:
    return list(by_id(root, "cards")) if any(e.get("id") == "cards" for e in root.iter()) else []


def test_every_picture_is_a_standalone_svg_document() -> None:
    for picture in pictures():
        for root in (picture.whole, picture.seen):
            assert root.tag == f"{SVG}svg"
            *_, width, height = map(float, root.get("viewBox", "").split())
            assert width > 0 and height > 0
            assert title(root).startswith("Guards & Goblins")


def test_ids_are_unique_in_a_picture() -> None:
    for picture in pictures():
        ids = [e.get("id") for e in picture.whole.iter() if e.get("id") is not None]
        assert len(ids) == len(set(ids))


def test_every_card_in_play_is_drawn_with_its_four_cells() -> None:
    for picture in pictures():
        layouts = {card.id: card.cells for card in picture.state.config.deck}
        for placed in picture.state.placed:
            group = by_id(picture.whole, f"card-{placed.card}")
            assert "card" in classes(group)
            assert spot(group) == (placed.x, placed.y)
            cells = having(group, "cell")
            kinds = [CELL_CLASSES[letter] for letter in layouts[placed.card]]
            assert all(kind in classes(c) for c, kind in zip(cells, kinds, strict=True))
            assert [spot(c) for c in cells] == [
                (placed.x, placed.y),
                (placed.x + 1, placed.y),
                (placed.x, placed.y + 1),
                (placed.x + 1, placed.y + 1),
            ]


def test_cards_are_drawn_bottom_of_the_stack_first_with_their_layer() -> None:
    for picture in pictures():
        drawn = cards_in_play(picture.whole)
        stack = gg.stack(picture.state)
        assert [e.get("data-card") for e in drawn] == [p.card for p in stack]
        for n, (element, placed) in enumerate(zip(drawn, stack, strict=True)):
            tucked = placed.layer is gg.Layer.BOTTOM
            assert {f"layer-{n}", "tucked" if tucked else "top"} <= classes(element)
            assert ("top" if tucked else "tucked") not in classes(element)


def test_uncovered_cells_show_the_visible_cell() -> None:
    for picture in pictures():
        shown: dict[tuple[int, int], list[str]] = {}
        for cell in having(picture.whole, "cell"):
            if cell.get("data-x") is not None and "covered" not in classes(cell):
                shown.setdefault(spot(cell), []).extend(classes(cell) - {"cell", "building"})
        for (x, y), kinds in shown.items():
            letter = gg.cell_at(picture.state, x, y)
            assert letter is not None and kinds == [CELL_CLASSES[letter]]
        occupied = {
            (p.x + dx, p.y + dy) for p in picture.state.placed for dx in (0, 1) for dy in (0, 1)
        }
        assert shown.keys() == occupied


def test_tucked_cards_are_outlined_above_every_card() -> None:
    for picture in pictures():
        marks = [e for e in picture.whole.iter() if e.get("id") == "marks"]
        outlines = [e.get("data-card") for m in marks for e in having(m, "outline", "tucked")]
        tucked = [p.card for p in gg.stack(picture.state) if p.layer is gg.Layer.BOTTOM]
        assert outlines == tucked


def test_defeated_markers_lie_exactly_on_the_defeated_cells() -> None:
    for picture in pictures():
        for root in (picture.whole, picture.seen):
            markers = [spot(e) for e in having(root, "defeated")]
            assert sorted(markers) == sorted(picture.state.defeated)


def test_defeated_markers_name_the_monster() -> None:
    for picture in pictures():
        for marker in having(picture.whole, "defeated"):
            assert classes(marker) & {"goblin", "hobgoblin"}


def test_goblins_hidden_beneath_a_fort_are_marked() -> None:
    seen = 0
    for picture in pictures():
        layouts = {card.id: card.cells for card in picture.state.config.deck}
        hidden = {
            (p.x + i % 2, p.y + i // 2)
            for p in picture.state.placed
            for i, letter in enumerate(layouts[p.card])
            if letter == "X" and gg.cell_at(picture.state, p.x + i % 2, p.y + i // 2) != "X"
        }
        assert {spot(e) for e in having(picture.whole, "hidden-monster")} == hidden
        seen += len(hidden)
    assert seen, "no goblin was ever hidden: the games do not exercise R9"


def test_every_card_has_a_title_naming_it() -> None:
    for picture in pictures():
        for root in (picture.whole, picture.seen):
            for card in having(root, "card"):
                name = card.get("data-card")
                text = title(card)
                assert text and (name is None or text.startswith(f"{name} "))


def test_the_hand_is_drawn_face_up_in_order() -> None:
    for picture in pictures():
        for root in (picture.whole, picture.seen):
            hand = by_id(root, "hand")
            drawn = having(hand, "card", "hand-card")
            assert [e.get("id") for e in drawn] == [f"hand-{c}" for c in picture.state.hand]
            assert all(len(having(e, "cell")) == 4 for e in drawn)


def test_a_view_draws_the_pile_face_down_and_names_no_hidden_card() -> None:
    for picture in pictures():
        hidden = set(picture.state.deck)
        pile = by_id(picture.seen, "pile")
        assert len(having(pile, "card", "back")) == len(hidden) == int(pile.get("data-count", ""))
        assert not having(pile, "cell")
        named = {e.get("data-card") for e in picture.seen.iter()}
        words = set(re.findall(r"[A-Za-z0-9_.\-]+", " ".join(picture.seen.itertext())))
        ids = {e.get("id") for e in picture.seen.iter()}
        assert not named & hidden
        assert not words & hidden
        assert not ids & {f"{kind}-{card}" for card in hidden for kind in ("card", "hand", "pile")}


def test_a_whole_state_draws_its_pile_face_up_in_draw_order() -> None:
    for picture in pictures():
        pile = by_id(picture.whole, "pile")
        drawn = having(pile, "card", "pile-card")
        assert [e.get("data-card") for e in drawn] == list(picture.state.deck)
        assert not having(pile, "back")


def test_a_state_with_a_seat_is_drawn_as_its_view() -> None:
    for picture in pictures()[::7]:
        state = picture.state
        assert gg.render_svg(state, seat=0) == gg.render_svg(gg.view(state, 0))
        assert gg.render_svg(gg.view(state), seat=0) == gg.render_svg(gg.view(state))


def test_states_with_the_same_view_have_the_same_picture() -> None:
    for picture in pictures()[::5]:
        if picture.state.config.explicit or not picture.state.deck:
            continue
        other = gg.redeal(gg.view(picture.state), seed=99)
        assert gg.render_svg(other, seat=0) == gg.render_svg(picture.state, seat=0)


def test_the_viewbox_holds_every_card() -> None:
    for picture in pictures():
        left, top, width, height = map(float, picture.whole.get("viewBox", "").split())
        for card in having(picture.whole, "card"):
            for rect in card.iter(f"{SVG}rect"):
                x, y = float(rect.get("x", "")), float(rect.get("y", ""))
                assert left <= x and x + float(rect.get("width", "")) <= left + width
                assert top <= y and y + float(rect.get("height", "")) <= top + height


def test_repr_svg_is_the_picture() -> None:
    state = pictures()[30].state
    assert state._repr_svg_() == gg.render_svg(state)  # type: ignore[attr-defined]
    view = gg.view(state)
    assert view._repr_svg_() == gg.render_svg(view)  # type: ignore[attr-defined]


def test_game_offers_the_renderer() -> None:
    assert gg.GAME.render_svg == gg.render_svg
    assert "render_svg" in gg.__all__


def test_text_is_escaped() -> None:
    svg = gg.render_svg(gg.new_game(seed=0))
    assert "Guards &amp; Goblins" in svg and "Guards & Goblins" not in svg


def test_an_empty_table_shows_where_the_first_card_goes() -> None:
    root = ET.fromstring(gg.render_svg(gg.new_game(seed=0), seat=0))
    assert "slot" in classes(by_id(root, "slot-0_0"))
    assert not cards_in_play(root)


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    state = gg.new_game(seed=0)
    with pytest.raises(ValueError, match="one seat"):
        gg.render_svg(state, seat=1)
    with pytest.raises(ValueError, match="seat 0"):
        gg.render_svg(gg.view(state), seat=1)


# Garrisons (scripted positions, as in test_rulings) ------------------------------------------


def _surround(names: tuple[str, ...]) -> list[str]:
    spots = ((-2, 0), (2, 0), (0, -2), (0, 2))
    return [f"+{name}@{x},{y}" for name, (x, y) in zip(names, spots, strict=False)]


def test_a_surrounded_garrison_is_marked_surrounded_and_active() -> None:
    names = ("n0", "n1", "n2", "n3")
    state = play(deck_game(("bar", "BH/HG"), *fillers(4, "n")), "+bar@0,0", *_surround(names))
    root = ET.fromstring(gg.render_svg(state))
    assert {"garrison", "barracks", "surrounded", "active"} <= classes(by_id(root, "card-bar"))
    assert not having(root, "open")


@pytest.mark.parametrize(
    ("cards", "moves", "open_cells"),
    [
        # two border cells left empty below the Barracks
        ((("bar", "BH/HG"), *fillers(4, "n")), _surround(("n0", "n1", "n2")), [(0, 2), (1, 2)]),
        # a goblin on the border: shown, but not a house or a guard
        (
            (("bar", "BH/HG"), ("x", "XH/HH"), *fillers(3, "n")),
            ["+x@2,0", "+n0@-2,0", "+n1@0,-2", "+n2@0,2"],
            [(2, 0)],
        ),
    ],
)
def test_open_border_cells_of_a_garrison_are_marked(
    cards: tuple[tuple[str, str], ...], moves: list[str], open_cells: list[tuple[int, int]]
) -> None:
    state = play(deck_game(*cards), "+bar@0,0", *moves)
    root = ET.fromstring(gg.render_svg(state))
    assert sorted(spot(e) for e in having(root, "open")) == open_cells
    assert not classes(by_id(root, "card-bar")) & {"surrounded", "active"}


def centre(element: ET.Element) -> tuple[float, float]:
    """The centre of an element's first rectangle."""
    rect = element.find(f"{SVG}rect")
    assert rect is not None
    x, y, w, h = (float(rect.get(k, "")) for k in ("x", "y", "width", "height"))
    return x + w / 2, y + h / 2


@pytest.mark.parametrize(("layout", "slope"), [("WH/HG", 1), ("HW/GH", -1), ("HH/WG", -1)])
def test_a_watchtower_line_runs_along_the_diagonal_through_its_w_cell(
    layout: str, slope: int
) -> None:
    state = play(deck_game(("w", layout), *fillers(5)), "+w@0,0", "+f0@2,0")
    root = ET.fromstring(gg.render_svg(state))
    line = by_id(root, "line-w")
    x1, y1, x2, y2 = (float(line.get(k, "")) for k in ("x1", "y1", "x2", "y2"))
    assert x1 != x2 and y2 - y1 == pytest.approx(slope * (x2 - x1))
    wx, wy = centre(by_id(root, f"card-w-cell-{layout.replace('/', '').index('W')}"))
    assert wy - y1 == pytest.approx(slope * (wx - x1))
    face = centre(by_id(root, "card-w"))
    assert abs(x2 - x1) > 2 * abs(wx - face[0]) * 2  # it runs on, beyond the card
