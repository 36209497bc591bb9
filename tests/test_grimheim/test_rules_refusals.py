"""Bad moves: each kind of illegal hero move, attack and card use is refused by ``apply`` with
:class:`tabletop_rules.IllegalActionError`, and ``is_legal`` gives a sentence naming the rule."""

from __future__ import annotations

import pytest
from tests.test_grimheim.helpers import in_play, run, set_card, solo

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import IllegalActionError

H = gh.Hex


def refused(state: gh.State, action: gh.Action, *words: str) -> str:
    """``action`` is refused, by ``is_legal`` and ``apply`` alike, with a reason naming the rule
    (each of ``words`` in it, case aside); returns the reason."""
    reason = gh.is_legal(state, action)
    assert reason is not None, f"{action} was accepted"
    with pytest.raises(IllegalActionError) as info:
        gh.apply(state, action)
    assert info.value.reason == reason
    assert reason[:1].isalpha() and len(reason.split()) >= 4, f"not a sentence: {reason!r}"
    for word in words:
        assert word.lower() in reason.lower(), f"{word!r} not in {reason!r}"
    return reason


def test_refusal_move_into_a_mountain() -> None:
    refused(solo("bjorn", H(12, 5)), gh.MoveTo(H(13, 4)), "mountain")


def test_refusal_move_into_a_lake() -> None:
    refused(solo("bjorn", H(16, 4)), gh.MoveTo(H(17, 4)), "lake")


def test_refusal_move_into_an_occupied_area() -> None:
    refused(solo("bjorn", H(9, 5), ("imp", H(9, 6))), gh.MoveTo(H(9, 6)), "occupied")


def test_refusal_move_too_far() -> None:
    refused(solo("bjorn", H(9, 5)), gh.MoveTo(H(9, 1)), "3 areas")


def test_refusal_move_off_the_map() -> None:
    refused(solo("bjorn", H(9, 5)), gh.MoveTo(H(40, 40)), "move")


def test_refusal_attack_out_of_range_with_another_monster_in_range() -> None:
    state = solo("embla", H(9, 6), ("troll", H(9, 4)), ("imp", H(9, 5)))
    refused(state, gh.Attack(H(9, 4)), "range")


def test_refusal_attack_out_of_range_with_no_monster_in_range() -> None:
    refused(solo("embla", H(9, 6), ("troll", H(9, 4))), gh.Attack(H(9, 4)), "range")


def test_refusal_attack_from_grimheim() -> None:
    refused(solo("bjorn", gh.GRIMHEIM, ("troll", H(9, 7))), gh.Attack(H(9, 7)), "Grimheim")


def test_refusal_the_same_action_twice() -> None:
    state = run(solo("bjorn", gh.GRIMHEIM), gh.Practice()).state
    refused(state, gh.Practice(), "two different actions")


def test_refusal_the_same_move_action_twice() -> None:
    state = run(solo("bjorn", gh.GRIMHEIM), gh.MoveTo(H(9, 5))).state
    refused(state, gh.MoveTo(H(9, 4)), "two different actions")


def test_refusal_a_third_action() -> None:
    state = run(solo("bjorn", gh.GRIMHEIM), gh.Practice(), gh.Prepare()).state
    refused(state, gh.Focus("bjorn-sure-shot"), "two actions")


def test_refusal_a_card_used_twice_a_turn() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-sure-shot", mana=6)
    state = run(state, gh.Use("bjorn-sure-shot")).state
    refused(state, gh.Use("bjorn-sure-shot"), "once a turn")


def test_refusal_a_card_used_twice_a_turn_while_another_card_is_usable() -> None:
    state = set_card(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-sure-shot", mana=6)
    state = in_play(state, 0, "bjorn-throwing-axes")
    state = run(state, gh.Use("bjorn-throwing-axes"), gh.Roll(0, 0, 0, 3)).state
    refused(state, gh.Use("bjorn-throwing-axes"), "once a turn")


def test_refusal_equipment_at_full_durability() -> None:
    state = in_play(solo("bjorn", H(9, 6), ("troll", H(9, 5))), 0, "bjorn-throwing-axes", damage=2)
    refused(state, gh.Use("bjorn-throwing-axes"), "cost")


def test_refusal_an_event_not_in_hand() -> None:
    refused(solo("bjorn"), gh.Use("bjorn-rest"), "card")


def test_refusal_acting_out_of_turn_while_chance_decides() -> None:
    state = gh.apply(solo("bjorn", H(9, 6), ("troll", H(9, 5))), gh.Attack(H(9, 5)))
    refused(state, gh.EndTurn(), "chance")


def test_refusal_after_the_game_is_over() -> None:
    state = sc.set_town(solo("bjorn", gh.GRIMHEIM, ("imp", H(9, 7))), 1)
    state = run(state, gh.EndTurn()).state
    assert gh.is_over(state)
    assert gh.is_legal(state, gh.EndTurn()) == "the game is over"
    with pytest.raises(IllegalActionError):
        gh.apply(state, gh.EndTurn())


def test_refusal_a_chance_answer_on_a_heros_turn() -> None:
    refused(solo("bjorn"), gh.Roll(1, 0, 0, 0), "not an answer")
