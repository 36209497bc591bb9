"""Small helpers for saying things in English: lists of names, counts, articles and sentences,
and :class:`Speaker`, the frame of a game's ``describe``.

The games' ``describe`` and ``card_text`` functions build their sentences with them, so every game
joins a list, counts a plural and tells what it is given apart the same way.
"""

from __future__ import annotations

import abc
from collections.abc import Iterable
from typing import Any, ClassVar, Generic, TypeVar

from ._values import CHANCE, Decision, Outcome, Seat

P = TypeVar("P")


def join_words(words: Iterable[str], *, last: str = "and", empty: str = "nothing") -> str:
    """The words as an English list: ``a``, ``a and b``, ``a, b and c``; ``empty`` for none.

    >>> join_words(["Bjorn", "Alva", "Embla"])
    'Bjorn, Alva and Embla'
    >>> join_words(["a hit", "a miss"], last="or"), join_words([])
    ('a hit or a miss', 'nothing')

    Args:
        words: the words, in order.
        last: the word before the last item (``"and"``, ``"or"``).
        empty: what an empty list reads as.
    """
    items = [w for w in words if w]
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and the noun, in the plural unless the count is one.

    >>> plural(1, "card"), plural(3, "card"), plural(0, "coin"), plural(2, "die", "dice")
    ('1 card', '3 cards', '0 coins', '2 dice')

    Args:
        count: how many.
        noun: the singular.
        many: the plural, when it is not the singular with ``s``.
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {many if many is not None else noun + 's'}"


def article(noun: str) -> str:
    """The noun with ``a`` or ``an`` before it (by its first letter: ``an`` before a vowel).

    >>> article("item"), article("creature"), article("Ability")
    ('an item', 'a creature', 'an Ability')
    """
    return f"{'an' if noun[:1].lower() in 'aeiou' and noun[:1] else 'a'} {noun}"


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter in capitals, and a full stop unless it ends with
    one already (or with ``!`` or ``?``).

    >>> sentence("the troll took 2 damage"), sentence("Won!")
    ('The troll took 2 damage.', 'Won!')
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class Speaker(abc.ABC, Generic[P]):
    """Says what happens in one position of a game, in sentences: the frame of a game's
    ``describe``. A game subclasses it, writes how it names a seat and says each event, action,
    question and ending, and its ``describe(position, what)`` is ``Speaker(position).say(what)``.

    :meth:`say` tells apart what it is given — a :class:`~tabletop_rules.Decision` (the
    question), an :class:`~tabletop_rules.Outcome` (the ending), a later position (what changed
    that no event says), an action, or else an event — and makes a sentence of it. An action is
    said by the seat that answers it (:meth:`acting`) or, for chance's actions, by
    :meth:`chance`.

    >>> class Counting(Speaker[int]):
    ...     action_types = (int,)
    ...     position_types = ()
    ...     def who(self, seat): return f"player {seat + 1}"
    ...     def acting(self): return 0
    ...     def question(self, asked): return "say a number"
    ...     def outcome(self, outcome): return "the count is over"
    ...     def event(self, event): return f"the count reached {event}"
    ...     def deed(self, action, seat): return f"says {action}"
    ...     def chance(self, action): return "chance speaks"
    >>> Counting(0).say(3), Counting(0).say("ten")
    ('Player 1 says 3.', 'The count reached ten.')

    Attributes:
        position: the state or view whose names and question are read.
        action_types: the game's action classes (what :meth:`say` meets that is no decision,
            outcome, position or action is an event).
        position_types: the game's state and view classes.
        chance_types: the actions only chance takes, said by :meth:`chance` (default none).
        anyone: who makes an action asked where nobody, or only chance, answers.
        chance_asks: the question when chance must answer.
    """

    action_types: ClassVar[tuple[type, ...]]
    position_types: ClassVar[tuple[type, ...]]
    chance_types: ClassVar[tuple[type, ...]] = ()
    anyone: ClassVar[str] = "a player"
    chance_asks: ClassVar[str] = "chance decides"

    def __init__(self, position: P) -> None:
        self.position = position

    def say(self, what: Any) -> str:
        """``what`` in a sentence (see the class)."""
        if isinstance(what, Decision):
            return sentence(self.ask(what))
        if isinstance(what, Outcome):
            return sentence(self.outcome(what))
        if isinstance(what, self.position_types):
            return sentence(self.changes(what))
        if isinstance(what, self.action_types):
            return sentence(self.action(what))
        return sentence(self.event(what))

    def ask(self, asked: Decision[Any]) -> str:
        """The question of ``asked``, after the name of the seat that answers it."""
        if asked.seat == CHANCE:
            return self.chance_asks
        return f"{self.who(asked.seat)}: {self.question(asked)}"

    def action(self, action: Any) -> str:
        """``action``, made by the seat that answers now (or by chance)."""
        if isinstance(action, self.chance_types):
            return self.chance(action)
        seat = self.acting()
        if seat is None or seat == CHANCE:
            return f"{self.anyone} {self.deed(action, -1)}"
        return f"{self.who(seat)} {self.deed(action, seat)}"

    def changes(self, later: Any) -> str:
        """What changed from this position to ``later`` that no event says (default: nothing,
        ``""``)."""
        return ""

    @abc.abstractmethod
    def who(self, seat: Seat) -> str:
        """The name of ``seat`` (a hero, a guild …)."""

    @abc.abstractmethod
    def acting(self) -> Seat | None:
        """The seat that answers in this position (``None`` when nobody does)."""

    @abc.abstractmethod
    def question(self, asked: Decision[Any]) -> str:
        """What ``asked`` asks, in a player's words (after the seat's name)."""

    @abc.abstractmethod
    def outcome(self, outcome: Outcome) -> str:
        """How the game ended."""

    @abc.abstractmethod
    def event(self, event: Any) -> str:
        """``event``, in the past tense (``TypeError`` for what is not the game's)."""

    @abc.abstractmethod
    def deed(self, action: Any, seat: Seat) -> str:
        """What ``seat`` does with ``action``, after its name (``-1``: nobody's)."""

    @abc.abstractmethod
    def chance(self, action: Any) -> str:
        """One of :attr:`chance_types`, as chance takes it."""
