"""One test (or a few) per ruling R1–R13 of the rules page, named after it."""

from __future__ import annotations

import pytest
from tests.test_goblinguard.positions import deck_game, fillers, places, play, reason

import goblinguard as gg
from tabletop_rules import ContentError, IllegalActionError

GOBLIN_CARD = ("c", "GX/HH")  # guard (0,0), goblin (1,0), houses below when laid at (0,0)


# R1 Grid -----------------------------------------------------------------------------------


def test_r1_first_card_at_origin_read_row_by_row() -> None:
    state = play(deck_game(GOBLIN_CARD, *fillers(5)), "+c@0,0")
    cells = [gg.cell_at(state, x, y) for y in (0, 1) for x in (0, 1)]
    assert cells == ["G", "X", "H", "H"]
    assert gg.cell_at(state, 2, 0) is None


def test_r1_first_card_elsewhere_is_illegal() -> None:
    state = deck_game(GOBLIN_CARD, *fillers(5))
    assert (reason(state, "+c@1,0") or "").startswith("R1")
    assert (reason(state, "-c@0,0") or "").startswith("R1")
    assert [gg.notation(a) for a in gg.legal_actions(state)] == [
        "+c@0,0",
        "+f0@0,0",
        "+f1@0,0",
        "+f2@0,0",
        "+f3@0,0",
    ]


def test_r1_half_card_offsets_are_allowed() -> None:
    state = play(deck_game(GOBLIN_CARD, *fillers(5)), "+c@0,0")
    assert reason(state, "+f0@2,1") is None  # touches half of the right side
    assert reason(state, "-f0@1,1") is None  # overlaps one cell (a house), tucked


# R2 Layers ---------------------------------------------------------------------------------


def test_r2_top_shows_new_card_and_bottom_shows_old_card() -> None:
    base = play(deck_game(("a", "HG/HH"), ("b", "GH/HH"), *fillers(4)), "+a@0,0")
    on_top = play(base, "+b@1,0")
    assert gg.cell_at(on_top, 1, 0) == "G"  # b's guard covers a's guard
    beneath = play(base, "-b@1,1")
    assert gg.cell_at(beneath, 1, 1) == "H"  # a's house stays on top
    assert gg.cell_at(beneath, 2, 1) == "H"
    assert gg.cell_at(beneath, 1, 2) == "H"
    assert [p.card for p in gg.stack(beneath)] == ["b", "a"]  # bottom of the stack first
    assert [p.card for p in beneath.placed] == ["a", "b"]  # in the order they were placed


def test_r2_bottom_without_overlap_is_illegal_and_never_offered() -> None:
    state = play(deck_game(GOBLIN_CARD, *fillers(5)), "+c@0,0")
    assert (reason(state, "-f0@2,0") or "").startswith("R2")
    assert reason(state, "+f0@2,0") is None
    for action in places(state):
        if action.layer is gg.Layer.BOTTOM:
            footprint = {(action.x + dx, action.y + dy) for dx in (0, 1) for dy in (0, 1)}
            assert any(gg.cell_at(state, x, y) is not None for x, y in footprint)


# R3 Contact --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "legal"),
    [
        ("+f0@2,0", True),  # shares a whole side
        ("+f0@2,1", True),  # shares half a side
        ("+f0@0,-2", True),  # above
        ("+f0@2,2", False),  # corner only
        ("+f0@-2,-2", False),  # corner only
        ("+f0@3,0", False),  # a gap
        ("+f0@40,40", False),  # far away
    ],
)
def test_r3_contact_needs_an_edge_or_an_overlap(move: str, legal: bool) -> None:
    state = play(deck_game(("a", FILLER_LAYOUT), *fillers(5)), "+a@0,0")
    why = reason(state, move)
    if legal:
        assert why is None
    else:
        assert why is not None and why.startswith("R3")


FILLER_LAYOUT = "HH/HH"


def test_r3_huge_coordinates_are_simply_out_of_contact() -> None:
    state = play(deck_game(("a", FILLER_LAYOUT), *fillers(5)), "+a@0,0")
    for x, y in ((2**40, 0), (0, -(2**40)), (2**18, 2**18)):
        assert (gg.is_legal(state, gg.Place("f0", x, y)) or "").startswith("R3")


# R4 Protection -----------------------------------------------------------------------------


def test_r4_goblin_and_hobgoblin_cells_are_never_covered() -> None:
    state = play(deck_game(("a", "GX/HO"), *fillers(5)), "+a@0,0")
    assert "goblin" in (reason(state, "+f0@1,-1") or "")  # covers the goblin at (1,0)
    assert "hobgoblin" in (reason(state, "+f0@1,1") or "")  # covers the hobgoblin at (1,1)


def test_r4_both_houses_of_a_card_are_never_covered() -> None:
    state = play(deck_game(GOBLIN_CARD, *fillers(5)), "+c@0,0")
    assert "house" in (reason(state, "+f0@0,1") or "")  # covers (0,1) and (1,1) at once
    state = play(state, "+f0@-1,1")  # covers the house at (0,1) only
    assert "house" in (reason(state, "+f1@1,1") or "")  # would cover the last one


def test_r4_no_card_lies_on_a_garrison() -> None:
    state = play(deck_game(("fort", "FG/HH"), ("bar", "BH/HG"), *fillers(4)), "+fort@0,0")
    assert "garrison" in (reason(state, "+f0@1,0") or "")
    assert "garrison" in (reason(state, "-bar@1,0") or "")  # a garrison is never tucked
    assert reason(state, "-f0@1,0") is None  # a card may be tucked beneath a garrison


def test_r4_a_tucked_card_keeps_its_monsters_and_a_house_visible() -> None:
    state = play(deck_game(("a", "GH/HH"), ("x1", "XH/HH"), ("x2", "HX/HH"), *fillers(3)), "+a@0,0")
    assert "goblin" in (reason(state, "-x1@1,0") or "")  # its goblin would lie beneath a
    assert reason(state, "-x2@1,0") is None  # its goblin lands on an empty cell
    assert "house" in (reason(state, "-f0@0,0") or "")  # all of its houses hidden


# R5 Adjacency and groups -------------------------------------------------------------------


def test_r5_a_group_counts_even_where_one_guard_touches_the_goblin() -> None:
    state = play(deck_game(GOBLIN_CARD, ("g", "HH/GH"), *fillers(4)), "+c@0,0", "+g@0,-2")
    # guard (0,-1) joins guard (0,0); only (0,0) touches the goblin at (1,0)
    assert gg.defeated_cells(state) == ((1, 0),)


def test_r5_diagonal_guards_are_not_adjacent() -> None:
    state = play(deck_game(GOBLIN_CARD, ("g", "GH/GH"), *fillers(4)), "+c@0,0", "+g@2,1")
    assert gg.cell_at(state, 2, 1) == "G" and gg.cell_at(state, 2, 2) == "G"
    assert gg.defeated_cells(state) == ()


# R6 Defeat during play ---------------------------------------------------------------------


def test_r6_goblin_needs_two_guards_and_the_defeat_is_reported() -> None:
    state = play(deck_game(GOBLIN_CARD, ("g", "HH/GH"), *fillers(4)), "+c@0,0")
    assert gg.defeated_cells(state) == ()  # a lone guard is not enough
    result = gg.step(state, gg.Place("g", 0, -2))
    assert gg.MonsterDefeated("c", 1, 0, "goblin", "guards") in result.events


def test_r6_hobgoblin_needs_four_guards() -> None:
    cards = (("o", "GH/HO"), ("g1", "GH/GH"), ("g2", "GH/GH"), *fillers(3))
    three = play(deck_game(*cards), "+o@0,0", "+g1@2,0")
    assert gg.defeated_cells(three) == ()  # group of 2 beside the hobgoblin at (1,1)
    four = play(three, "+g2@2,2")
    assert gg.defeated_cells(four) == ((1, 1),)


def test_r6_defeat_is_permanent() -> None:
    cards = (GOBLIN_CARD, ("g", "HH/GH"), *fillers(4))
    state = play(deck_game(*cards), "+c@0,0", "+g@0,-2")
    covered = play(state, "+f0@-1,-1")  # covers both guards
    assert gg.cell_at(covered, 0, 0) == "H"
    assert gg.defeated_cells(covered) == ((1, 0),)


# R7/R8 and the garrisons -------------------------------------------------------------------


def _surround(x: int, y: int, names: tuple[str, ...]) -> list[str]:
    """Moves laying four filler cards on the four sides of a card at (x, y)."""
    spots = ((x - 2, y), (x + 2, y), (x, y - 2), (x, y + 2))
    return [f"+{name}@{sx},{sy}" for name, (sx, sy) in zip(names, spots, strict=False)]


def test_r7_garrison_surrounded_by_houses_and_guards_is_active() -> None:
    names = ("n0", "n1", "n2", "n3")
    state = play(deck_game(("bar", "BH/HG"), *fillers(4, "n")), "+bar@0,0", *_surround(0, 0, names))
    result = gg.outcome(state)
    assert result is not None and result.active == ("bar",)
    assert result.won  # no monsters at all


def test_r7_one_empty_border_cell_deactivates_the_garrison() -> None:
    state = play(
        deck_game(("bar", "BH/HG"), *fillers(4, "n")),
        "+bar@0,0",
        *_surround(0, 0, ("n0", "n1", "n2")),
        "+n3@-2,1",  # beside the left card, leaving (0,2) and (1,2) empty
    )
    result = gg.outcome(state)
    assert result is not None and result.active == ()


def test_r7_a_goblin_on_the_border_fails_the_surround() -> None:
    cards = (("bar", "BH/HG"), ("x", "XH/HH"), *fillers(3, "n"))
    state = play(deck_game(*cards), "+bar@0,0", "+x@2,0", "+n0@-2,0", "+n1@0,-2", "+n2@0,2")
    assert gg.cell_at(state, 2, 0) == "X"  # on the Barracks' right border
    result = gg.outcome(state)
    assert result is not None and result.active == () and not result.won


# The goblin at (2,-1) touches a lone guard at (2,0); a surrounded Barracks links that guard with
# its own guard at (1,1), making a group of two at the end (R11 within R8).
BARRACKS_CARDS = (
    ("bar", "BH/HG"),
    ("r", "GH/HH"),
    ("t", "HH/HH"),
    ("x", "HH/XH"),
    ("l", "HH/HH"),
    ("b", "HH/HH"),
)
BARRACKS_MOVES = ("+bar@0,0", "+r@2,0", "+t@0,-2", "+x@2,-2", "+l@-2,0")


def test_r8_final_check_applies_garrisons_then_groups_once_more() -> None:
    state = play(deck_game(*BARRACKS_CARDS), *BARRACKS_MOVES)
    assert gg.defeated_cells(state) == ()
    last = gg.step(state, gg.Place("b", 0, 2))
    assert gg.GarrisonActivated("bar") in last.events
    assert gg.MonsterDefeated("x", 2, -1, "goblin", "barracks") in last.events
    assert last.events[-1] == gg.GameEnded(True, 1, 1)
    result = gg.outcome(last.state)
    assert result is not None and result.won and result.active == ("bar",)


def test_r11_barracks_not_surrounded_links_nothing() -> None:
    state = play(deck_game(*BARRACKS_CARDS), *BARRACKS_MOVES, "+b@-2,2")  # not below it
    result = gg.outcome(state)
    assert result is not None and not result.won and result.defeated == 0


# R9 Fort -----------------------------------------------------------------------------------


def _fort_game(surrounded: bool) -> gg.State:
    cards = (("x", "XH/HH"), ("fort", "FG/HH"), *fillers(4, "n"))
    last = "+n3@-2,1" if surrounded else "+n3@2,0"
    return play(
        deck_game(*cards), "+x@0,0", "+fort@-1,-1", "+n0@-3,-1", "+n1@-1,-3", "+n2@1,-2", last
    )


def test_r9_fort_may_cover_a_goblin_on_top() -> None:
    state = play(deck_game(("x", "XH/HH"), ("fort", "FG/HH"), *fillers(4)), "+x@0,0")
    assert reason(state, "+fort@-1,-1") is None
    assert "goblin" in (reason(state, "+f0@-1,-1") or "")  # any other card may not
    covered = play(state, "+fort@-1,-1")
    assert gg.cell_at(covered, 0, 0) == "H"  # the Fort's house now hides the goblin


def test_r9_goblin_may_be_tucked_beneath_a_fort_only() -> None:
    cards = (("fort", "FG/HH"), ("a", "GH/HH"), ("x", "HX/HH"), *fillers(3))
    state = play(deck_game(*cards), "+fort@0,0")
    assert reason(state, "-x@-1,0") is None  # its goblin lies beneath the Fort's F cell
    state = play(state, "+a@2,0")
    assert "R9" in (reason(state, "-x@1,0") or "")  # beneath a plain card: never


def test_r9_fort_never_covers_a_hobgoblin() -> None:
    state = play(deck_game(("o", "GH/HO"), ("fort", "FG/HH"), *fillers(4)), "+o@0,0")
    assert "hobgoblin" in (reason(state, "+fort@1,1") or "")


def test_r9_hidden_goblin_defeated_only_if_fort_surrounded() -> None:
    won = gg.outcome(_fort_game(surrounded=True))
    assert won is not None and won.won and won.active == ("fort",)
    lost = gg.outcome(_fort_game(surrounded=False))
    assert lost is not None and not lost.won and lost.defeated == 0


# R10 Watchtower ----------------------------------------------------------------------------


def _tower_game(tower: str, monster: str) -> gg.State:
    cards = (("w", tower), *fillers(4, "n"), ("m", monster))
    return play(deck_game(*cards), "+w@0,0", *_surround(0, 0, ("n0", "n1", "n2", "n3")), "+m@2,2")


def test_r10_watchtower_backslash_line_defeats_goblins_across_a_gap() -> None:
    state = _tower_game("WH/HG", "HH/HX")  # W top-left: line "\" through (0,0); goblin at (3,3)
    result = gg.outcome(state)
    assert result is not None and result.won and gg.defeated_cells(state) == ((3, 3),)


def test_r10_watchtower_slash_line_misses_that_goblin() -> None:
    state = _tower_game("HW/GH", "HH/HX")  # W top-right: line "/" through (1,0)
    result = gg.outcome(state)
    assert result is not None and result.active == ("w",) and not result.won


def test_r10_watchtower_spares_hobgoblins() -> None:
    result = gg.outcome(_tower_game("WH/HG", "HH/HO"))
    assert result is not None and result.active == ("w",) and result.defeated == 0


# R11 Barracks: see test_r8_final_check_applies_garrisons_then_groups_once_more and the
# not-surrounded case above.

# R12 Turn structure ------------------------------------------------------------------------


def test_r12_opening_hand_and_automatic_draws() -> None:
    state = gg.new_game(seed=5)
    assert (len(state.hand), len(state.deck)) == (5, 15)
    moves = 0
    while not gg.is_over(state):
        assert len(state.hand) == min(5, len(state.deck) + len(state.hand))
        state = gg.apply(state, gg.legal_actions(state)[-1])
        moves += 1
    assert moves == 20 and len(state.placed) == 20


def test_r12_small_deck_opening_hand() -> None:
    state = deck_game(("a", "GX/HH"), ("b", "HH/HH"))
    assert state.hand == ("a", "b") and state.deck == ()


def test_r12_fixed_order_must_name_every_card_once() -> None:
    ids = tuple(card.id for card in gg.standard_deck())
    assert gg.new_game(gg.Config(order=ids), seed=1).hand == ids[:5]
    for bad in (ids[:-1], (*ids[:-1], ids[0]), (*ids[:-1], "nope")):
        with pytest.raises(ValueError, match="R12"):
            gg.Config(order=bad)


def test_r12_custom_cards_hold_at_most_one_building_and_garrisons_no_monsters() -> None:
    with pytest.raises(ContentError, match="R12"):
        gg.Card("two", "FW/HH")
    with pytest.raises(ContentError, match="R12"):
        gg.Card("bad", "FX/HH")
    with pytest.raises(ContentError, match="layout"):
        gg.Card("odd", "GXH/HH")
    assert gg.Card("many", "XX/OG").cells == "XXOG"  # several monsters are allowed


def test_r12_card_must_be_in_hand_and_game_not_over() -> None:
    state = gg.new_game(gg.Config(order=tuple(c.id for c in gg.standard_deck())), seed=0)
    with pytest.raises(IllegalActionError, match="R12") as caught:
        gg.apply(state, gg.Place("fort", 0, 0))
    assert caught.value.action == gg.Place("fort", 0, 0)
    done = play(deck_game(("a", "HH/HH")), "+a@0,0")
    assert gg.is_over(done)
    assert (gg.is_legal(done, gg.Place("a", 2, 0)) or "").startswith("R8")


# R13 Outcome -------------------------------------------------------------------------------


def test_r13_outcome_reports_win_score_total_and_garrisons() -> None:
    state = gg.new_game(seed=2)
    assert gg.outcome(state) is None
    while not gg.is_over(state):
        state = gg.apply(state, gg.legal_actions(state)[0])
    result = gg.outcome(state)
    assert result is not None
    assert result.total == 16
    assert result.defeated == len(state.defeated) == result.score
    assert result.won == (result.defeated == 16)
    assert result.returns == ((1.0,) if result.won else (0.0,))
    assert result.winners == ((0,) if result.won else ())
    assert set(result.active) <= {"fort", "barracks", "tower-a", "tower-b"}
