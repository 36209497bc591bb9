"""The error hierarchy: one base class to catch, typed attributes, readable messages."""

from __future__ import annotations

import pytest

from tabletop_rules import (
    ContentError,
    IllegalActionError,
    ReplayError,
    RulesError,
    StateFormatError,
)


@pytest.mark.parametrize(
    ("cls", "bases"),
    [
        (IllegalActionError, (RulesError, ValueError)),
        (ReplayError, (IllegalActionError, RulesError, ValueError)),
        (StateFormatError, (RulesError, ValueError)),
        (ContentError, (RulesError, ValueError)),
        (RulesError, (Exception,)),
    ],
)
def test_hierarchy(cls: type[Exception], bases: tuple[type[Exception], ...]) -> None:
    assert all(issubclass(cls, base) for base in bases)


def test_rules_error_is_not_a_value_error() -> None:
    assert not issubclass(RulesError, ValueError)


def test_illegal_action_error() -> None:
    err = IllegalActionError("R3: no contact", ("b5", 9, 9))
    assert err.reason == "R3: no contact"
    assert err.action == ("b5", 9, 9)
    assert str(err) == "illegal action ('b5', 9, 9): R3: no contact"
    with pytest.raises(RulesError):
        raise err


def test_replay_error_names_the_index() -> None:
    err = ReplayError(4, "R1: not in hand", "+7")
    assert err.index == 4
    assert err.action == "+7"
    assert err.reason == "action #4: R1: not in hand"
    assert "action #4" in str(err)
    assert isinstance(err, IllegalActionError)


def test_state_format_error() -> None:
    err = StateFormatError("$.data.hand[2]", "card appears twice")
    assert (err.path, err.detail) == ("$.data.hand[2]", "card appears twice")
    assert str(err) == "$.data.hand[2]: card appears twice"


def test_content_error() -> None:
    err = ContentError("standard.json: $.cards[3].layout", "5 cells, expected 6")
    assert err.path == "standard.json: $.cards[3].layout"
    assert err.detail == "5 cells, expected 6"
    assert str(err) == "standard.json: $.cards[3].layout: 5 cells, expected 6"


@pytest.mark.parametrize(
    "err",
    [
        IllegalActionError("r", "a"),
        ReplayError(0, "r", "a"),
        StateFormatError("$", "d"),
        ContentError("p", "d"),
    ],
)
def test_one_except_clause_catches_them_all(err: RulesError) -> None:
    with pytest.raises(RulesError):
        raise err
