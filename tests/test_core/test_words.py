"""The core's words: lists, counts, articles and sentences, and the ``describe`` and ``card_text``
fields a game's public face gives :class:`~tabletop_rules.Game`."""

from __future__ import annotations

import pytest

from tabletop_rules import article, join_words, plural, sentence

from . import countgame


@pytest.mark.parametrize(
    ("words", "last", "expected"),
    [
        ([], "and", "nothing"),
        (["Bjorn"], "and", "Bjorn"),
        (["Bjorn", "Alva"], "and", "Bjorn and Alva"),
        (["a", "b", "c", "d"], "and", "a, b, c and d"),
        (["a hit", "", "a miss"], "or", "a hit or a miss"),  # empty words are left out
    ],
)
def test_join_words(words: list[str], last: str, expected: str) -> None:
    assert join_words(words, last=last) == expected


def test_join_words_empty_text_and_iterables() -> None:
    assert join_words((), empty="no one") == "no one"
    assert join_words(iter(["x", "y"])) == "x and y"


@pytest.mark.parametrize(
    ("count", "noun", "many", "expected"),
    [
        (0, "card", None, "0 cards"),
        (1, "card", None, "1 card"),
        (2, "card", None, "2 cards"),
        (-1, "coin", None, "-1 coins"),
        (1, "die", "dice", "1 die"),
        (4, "die", "dice", "4 dice"),
    ],
)
def test_plural(count: int, noun: str, many: str | None, expected: str) -> None:
    assert plural(count, noun, many) == expected


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("item", "an item"),
        ("Ability", "an Ability"),
        ("creature", "a creature"),
        ("hobgoblin card", "a hobgoblin card"),
        ("", "a "),
    ],
)
def test_article(noun: str, expected: str) -> None:
    assert article(noun) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the troll moved", "The troll moved."),
        ("  Done.  ", "Done."),
        ("who?", "Who?"),
        ("won!", "Won!"),
        ("", ""),
    ],
)
def test_sentence(text: str, expected: str) -> None:
    assert sentence(text) == expected


def test_a_game_may_describe_and_give_card_texts() -> None:
    assert countgame.GAME.describe is None and countgame.GAME.card_text is None

    def describe(position: object, what: object) -> str:
        return "Something happened."

    def card_text(position: object, card: str) -> str:
        return f"{card}: a card."

    game = countgame.GAME.replace(describe=describe, card_text=card_text)
    assert game.describe is describe
    assert game.card_text is card_text
