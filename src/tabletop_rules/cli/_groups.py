"""A long list of actions chosen in two steps: first what most of them share (goblinguard's card),
then the rest (its place).

Nothing here knows a game. The actions of a kind (a class) with at least two attrs fields are
grouped by their first field — goblinguard's ``Place(card, x, y, layer)`` by ``card`` — and the
others stand alone. The two steps are offered only when the list is long and the groups are few.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from ._games import AnyGame
from ._text import _DESCRIBED

_LONG = _DESCRIBED
"""A list of more actions than this may be split (the longest list shown whole with words)."""
_FEW = 4
"""... when grouping makes it at least this many times shorter."""


@attrs.frozen
class _Group:
    """Actions that share their kind and first field: ``field`` is that field's name and ``key``
    its value; an action that stands alone is a group of one with ``field`` ``""``."""

    field: str
    key: Any
    actions: tuple[Any, ...]

    @property
    def alone(self) -> bool:
        """Whether the group is one action, chosen at once."""
        return len(self.actions) == 1


def _groups(actions: Sequence[Any]) -> list[_Group] | None:
    """The groups of a long list, in the order of their first actions (so the first action of
    the first group is the list's first action), or ``None`` when the list is better chosen
    from in one step: at most :data:`_LONG` actions, or not :data:`_FEW` times fewer groups."""
    if len(actions) <= _LONG:
        return None
    found: dict[Any, tuple[str, Any, list[Any]]] = {}
    try:
        for action in actions:
            kind = type(action)
            fields = [f.name for f in attrs.fields(kind)] if attrs.has(kind) else []
            if len(fields) >= 2:
                name = fields[0]
                value = getattr(action, name)
                key: Any = (kind, name, value)
            else:
                name, value, key = "", action, (kind, "", action)
            found.setdefault(key, (name, value, []))[2].append(action)
    except TypeError:  # a value that cannot be a key (unhashable): no groups
        return None
    if len(found) * _FEW > len(actions) or len(found) < 2:
        return None
    return [_Group(name, value, tuple(members)) for name, value, members in found.values()]


def _group_head(game: AnyGame, position: Any, group: _Group) -> str:
    """A group's name in a list: its key (``g2``), or the notation of an action alone."""
    if group.alone:
        return game.notation(group.actions[0])
    return str(group.key)


def _group_words(game: AnyGame, position: Any, group: _Group, *, whole: bool = False) -> str:
    """What a group is: for an action alone, its words (``describe``); for a group whose key is
    a card (``card_text`` knows it), the card in short (``a goblin card``), or its whole text
    with ``whole``; then how many actions it holds (``52 choices``)."""
    if group.alone:
        action = group.actions[0]
        return game.describe(position, action) if game.describe is not None else ""
    count = f"{len(group.actions)} choices"
    text = _card_words(game, position, str(group.key))
    if text is None:
        return count
    if whole:
        return f"{count}: {text}"
    short = text.split(". ")[0].rstrip(".")
    prefix = f"{group.key}: "
    return f"{short.removeprefix(prefix)} — {count}"


def _card_words(game: AnyGame, position: Any, key: str) -> str | None:
    """``card_text`` of ``key``, or ``None`` when the game has none or knows no such card."""
    if game.card_text is None:
        return None
    try:
        return game.card_text(position, key)
    except Exception:  # not a card: any failure of the game's function says so
        return None


def _group_list(
    game: AnyGame, position: Any, groups: Sequence[_Group], *, whole: bool = False
) -> list[str]:
    """The numbered groups, one a line: number, name, and what it is."""
    digits = len(str(len(groups)))
    heads = [_group_head(game, position, group) for group in groups]
    column = min(24, max(len(head) for head in heads))
    lines = []
    for i, (head, group) in enumerate(zip(heads, groups, strict=True), 1):
        words = _group_words(game, position, group, whole=whole)
        lines.append(f"  {i:>{digits}}  {head:<{column}}  {words}".rstrip())
    return lines


def _field_names(groups: Sequence[_Group]) -> str:
    """What the groups are, for the prompt: their field's name (``card``), or ``choice``."""
    names = {group.field for group in groups if not group.alone}
    return names.pop() if len(names) == 1 else "choice"
