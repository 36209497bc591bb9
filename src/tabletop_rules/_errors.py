"""The error hierarchy shared by every game.

Every error a rules engine raises on bad input is a :class:`RulesError`, so a front end can catch
one class; the subclasses say what kind of input was bad.
"""

from __future__ import annotations

from typing import Any


def safe_repr(value: object, most: int = 200) -> str:
    """``repr(value)``, cut to ``most`` characters, and never an error: a value built without
    its constructor may have no fields to show.

    >>> safe_repr("x" * 300)[-5:]
    'xx...'
    """
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= most else text[: most - 3] + "..."


class RulesError(Exception):
    """Base class of every error raised by :mod:`tabletop_rules` and the games built on it."""


class IllegalActionError(RulesError, ValueError):
    """An action that the rules do not allow in the given state.

    The state it was applied to is untouched (states are immutable), so nothing is lost.

    Attributes:
        reason: why the action is illegal, naming the rule it breaks (for example ``"R3: ..."``).
        action: the rejected action.

    >>> err = IllegalActionError("R3: no contact", "b5 @ 9,9")
    >>> err.reason, err.action
    ('R3: no contact', 'b5 @ 9,9')
    """

    def __init__(self, reason: str, action: Any) -> None:
        super().__init__(f"illegal action {safe_repr(action)}: {reason}")
        self.reason = reason
        self.action = action


class PositionTypeError(RulesError, TypeError):
    """A value passed where a game's state (or a view, where one is accepted) is expected — a
    view to ``apply``, a dict, another game's state. Nothing was changed.

    Attributes:
        expected: the classes that are accepted there.
        value: what was passed.

    >>> err = PositionTypeError("apply takes a State, not {} (dict)", expected=(), value={})
    >>> str(err)
    'apply takes a State, not {} (dict)'
    """

    def __init__(self, message: str, *, expected: tuple[type, ...], value: Any) -> None:
        super().__init__(message)
        self.expected = expected
        self.value = value


class ReplayError(IllegalActionError):
    """An action of a :class:`~tabletop_rules.Record` that could not be replayed.

    Attributes:
        index: the 0-based position of the failing action in the record.
    """

    def __init__(self, index: int, reason: str, action: Any) -> None:
        super().__init__(f"action #{index}: {reason}", action)
        self.index = index


class StateFormatError(RulesError, ValueError):
    """Serialised data (JSON text or a dict) that cannot be read back.

    Raised for truncated or tampered text, data written for another game or kind, a newer format
    than this version understands, and values that break the rules' invariants (for example a card
    that appears twice).

    Attributes:
        path: where in the document the problem is, as a JSONPath-like string (``"$"`` is the whole
            document, ``"$.data.hand[2]"`` the third card of the hand).
        detail: what is wrong there.
    """

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(f"{path}: {detail}")
        self.path = path
        self.detail = detail


class ContentError(RulesError, ValueError):
    """A content file or content object (cards, boards, decks) that breaks its schema or the rules.

    Attributes:
        path: the file (or ``"<memory>"``) and the position inside it, for example
            ``"standard.json: $.cards[3].layout"``.
        detail: what is wrong there.
    """

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(f"{path}: {detail}")
        self.path = path
        self.detail = detail
