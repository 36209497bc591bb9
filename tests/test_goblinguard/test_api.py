"""The per-game API around the rules: decisions, events, views, notation, JSON, GAME."""

from __future__ import annotations

import copy
import pickle

import pytest

import goblinguard as gg
from tabletop_rules import Decision, Game, Record, Step, agents_of, replay

ORDERED = tuple(card.id for card in gg.standard_deck())


def _puzzle() -> gg.State:
    return gg.new_game(gg.Config(order=ORDERED), seed=0)


def test_decision_asks_for_the_first_card_then_placements() -> None:
    state = _puzzle()
    first = gg.decision(state)
    assert first == Decision(
        0,
        "place-first",
        first.prompt if first else "",
        gg.PlaceContext(True, ("g1", "g2", "g3", "g4", "g5"), 15),
    )
    state = gg.apply(state, gg.Place("g3", 0, 0))
    later = gg.decision(state)
    assert later is not None
    assert later.kind == "place"
    assert later.context == gg.PlaceContext(False, ("g1", "g2", "g4", "g5", "g6"), 14)
    assert gg.current_player(state) == 0


def test_step_reports_placement_and_draw_and_hides_the_draw_from_nobody_else() -> None:
    result = gg.step(_puzzle(), gg.Place("g1", 0, 0))
    assert isinstance(result, Step)
    assert result.events == (
        gg.CardPlaced("g1", 0, 0, gg.Layer.TOP),
        gg.CardDrawn("g6", seen_by=(0,)),
    )
    assert result.events_for(0) == result.events
    assert result.events_for(1) == (gg.CardPlaced("g1", 0, 0, gg.Layer.TOP),)
    assert gg.apply(_puzzle(), gg.Place("g1", 0, 0)) == result.state


def test_apply_never_mutates_its_input() -> None:
    state = _puzzle()
    text = gg.dumps(state)
    gg.apply(state, gg.Place("g1", 0, 0))
    assert gg.dumps(state) == text
    assert state.placed == () and len(state.hand) == 5


def test_view_hides_the_draw_order_the_fixed_order_and_the_rng() -> None:
    state = _puzzle()
    seen = gg.view(state)
    assert seen.config.order is None
    assert seen.deck_size == 15
    assert not hasattr(seen, "rng") and not hasattr(seen, "deck")
    assert "g20" not in gg.dumps(seen) and '"rng"' not in gg.dumps(seen)
    shuffled = gg.new_game(gg.Config(order=(*ORDERED[:5], *reversed(ORDERED[5:]))), seed=9)
    assert gg.view(shuffled) == seen  # only hidden parts differ
    moved = gg.apply(state, gg.Place("g1", 0, 0))
    assert gg.view(moved) != seen


def test_view_drives_legal_actions_decision_and_render() -> None:
    state = gg.apply(_puzzle(), gg.Place("g1", 0, 0))
    seen = gg.view(state)
    assert gg.legal_actions(seen) == gg.legal_actions(state)
    assert gg.decision(seen) == gg.decision(state)
    assert gg.render_text(seen) == gg.render_text(state)
    assert gg.loads(gg.dumps(seen), gg.View) == seen


def test_render_text_draws_each_card_of_the_hand_under_its_id() -> None:
    """The hand's ids, and under each its 2×2 layout: top row, then bottom row."""
    deck = gg.deck_from_json(
        '{"name": "short-ids", "cards": [{"id": "a", "layout": "GX/HH"},'
        ' {"id": "barracks", "layout": "BH/HG"}, {"id": "o7", "layout": "OH/HG"}]}'
    )
    state = gg.new_game(gg.Config(deck=deck, order=("a", "barracks", "o7")), seed=0)
    lines = gg.render_text(state).splitlines()
    hand = lines.index(next(line for line in lines if line.startswith("hand: ")))
    assert lines[hand : hand + 3] == [
        "hand: a  barracks o7",
        "      GX BH       OH",
        "      HH HG       HG",
    ]
    state = gg.apply(_puzzle(), gg.Place("g1", 0, 0))
    lines = gg.render_text(state).splitlines()
    ids = lines[1].removeprefix("hand: ").split()
    assert ids == list(state.hand)
    for card in state.hand:
        column = lines[1].index(f" {card}") + 1
        top, bottom = gg.standard_deck()[ORDERED.index(card)].layout.split("/")
        assert (lines[2][column : column + 2], lines[3][column : column + 2]) == (top, bottom)


def test_notation_round_trips() -> None:
    state = gg.apply(_puzzle(), gg.Place("g1", 0, 0))
    for action in gg.legal_actions(state):
        assert gg.parse_action(state, gg.notation(action)) == action
    assert gg.notation(gg.Place("o3", -2, 10, gg.Layer.BOTTOM)) == "-o3@-2,10"


@pytest.mark.parametrize(
    "value",
    [
        gg.Config(),
        gg.Config(order=ORDERED),
        gg.Config(deck=(gg.Card("a", "GX/HH"), gg.Card("b", "HH/HO"))),
        gg.Place("g1", 3, -4, gg.Layer.BOTTOM),
        gg.MonsterDefeated("g1", 1, 0, "goblin", "guards"),
        gg.GameEnded(False, 3, 16),
        gg.record([gg.Place("g1", 0, 0)], seed=4),
    ],
)
def test_every_kind_round_trips_through_json(value: object) -> None:
    assert gg.loads(gg.dumps(value), type(value)) == value
    assert gg.from_dict(gg.to_dict(value), type(value)) == value


def test_custom_deck_is_embedded_and_standard_deck_is_named() -> None:
    assert '"pack": "standard"' in gg.dumps(gg.Config())
    custom = gg.Config(deck=(gg.Card("a", "GX/HH"),))
    assert '"layout": "GX/HH"' in gg.dumps(custom)


def test_digest_is_a_stable_key() -> None:
    state = gg.new_game(seed=1)
    assert gg.digest(state) == gg.digest(gg.loads(gg.dumps(state)))
    assert gg.digest(state) != gg.digest(gg.new_game(seed=2))
    assert len(gg.digest(state)) == 64


def test_state_is_hashable_and_caches_are_invisible() -> None:
    state = gg.new_game(seed=5)
    gg.legal_actions(state)  # builds the board cache
    fresh = gg.loads(gg.dumps(state))
    assert fresh.board is not state.board  # rebuilt (while checking the loaded state)
    assert fresh == state and hash(fresh) == hash(state)
    assert "board" not in gg.dumps(state)


def test_record_and_replay_wrappers() -> None:
    state = _puzzle()
    moves = [gg.Place("g1", 0, 0), gg.Place("g2", 2, 0)]
    rec = gg.record(moves, config=gg.Config(order=ORDERED), seed=0)
    assert isinstance(rec, Record)
    states = list(gg.replay(rec))
    assert states == list(replay(gg.GAME, rec))
    assert states[0] == state and len(states) == 3


def test_game_bundle_lists_agents_and_functions() -> None:
    assert isinstance(gg.GAME, Game)
    assert gg.GAME.name == "goblinguard"
    assert {"random", "greedy", "ismcts"} <= set(agents_of(gg.GAME))
    assert gg.GAME.seats == (1, 1)
    assert gg.GAME.apply == gg.apply


def test_standard_deck_has_the_published_mix() -> None:
    deck = gg.standard_deck()
    letters = [card.cells for card in deck]
    assert len(deck) == 20
    assert sum("X" in cells for cells in letters) == 12
    assert sum("O" in cells for cells in letters) == 4
    assert sorted(card.building or "" for card in deck if card.building) == ["B", "F", "W", "W"]
    assert gg.Config().deck == deck


def test_pickle_and_deepcopy_keep_the_game_and_drop_the_cache() -> None:
    state = gg.apply(_puzzle(), gg.Place("g1", 0, 0))
    legal = gg.legal_actions(state)  # builds the board cache
    for copy_ in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert copy_ == state
        assert copy_.board is None
        assert gg.legal_actions(copy_) == legal
    assert len(pickle.dumps(state)) < 4000
