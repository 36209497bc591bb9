"""Clickable pictures: which elements of a picture start which of the actions given, and the
buttons drawn for the parts of actions that have no place on the board.

A game's renderer is given the legal actions of the position it draws. A per-game function names
the *parts* of each action — the elements a player clicks to choose it: a card, a cell, a
monster, and :class:`ActionButton`\\ s for what the board does not show (a pass, a layer, an
amount) — and :meth:`Clicks.of` turns those into the ``data-actions`` attribute of every element
(the indices of the actions it takes part in) and the buttons to draw. It also makes the one
promise a front end relies on: for every action, the sets of all the elements carrying its
index meet in that index alone, so clicking an action's elements in any order, and keeping the
indices every click allows (:func:`narrow`), leaves exactly that action.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeAlias, TypeVar

import attrs

from ._svg import SvgIds, svg_escape, svg_tag, svg_title
from ._wellformed import action_problem

A = TypeVar("A")


@attrs.frozen
class ActionButton:
    """A button for a part of an action that has no place on the board: a pass, the end of a
    turn, a layer, an amount, a chance outcome.

    Buttons are parts like any other: an action may be a card *and* the button *Sell*. The
    picture draws each button once, as ``g#button-<key>.button``.

    >>> ActionButton("end-turn", "End turn")
    ActionButton(key='end-turn', label='End turn', title=None)

    Attributes:
        key: its name in the picture (the button's id is ``button-<key>``); equal keys are one
            button.
        label: the words on it.
        title: its tooltip (``None``: the label).
    """

    key: str
    label: str
    title: str | None = None

    @classmethod
    def for_kind(cls, kind: type, key: str, label: str) -> ActionButton:
        """A button for the actions of class ``kind``, its tooltip the first line of the
        class's docstring.

        >>> class EndTurn:
        ...     'End the turn (the end-of-turn steps follow).'
        >>> ActionButton.for_kind(EndTurn, "end-turn", "End turn").title
        'End the turn (the end-of-turn steps follow).'
        """
        first = (kind.__doc__ or label).strip().split("\n")[0]
        return cls(key, label, _plain(first))

    @classmethod
    def for_kinds(cls, rows: Iterable[tuple[type, str, str]]) -> dict[type, ActionButton]:
        """The buttons of several action classes, each row ``(kind, key, label)`` as
        :meth:`for_kind` takes it: a table from the class to its button.

        >>> class Pass:
        ...     'Let the moment go.'
        >>> ActionButton.for_kinds([(Pass, "pass", "Pass")])[Pass].title
        'Let the moment go.'
        """
        return {kind: cls.for_kind(kind, key, label) for kind, key, label in rows}

    @classmethod
    def chance(cls, words: str) -> ActionButton:
        """The button of a chance outcome (in explicit chance mode), labelled with its
        notation ``words``.

        >>> ActionButton.chance("roll 3")
        ActionButton(key='chance-roll 3', label='roll 3', title='Chance: roll 3')
        """
        return cls(f"chance-{words}", words, f"Chance: {words}")


_ROLE = re.compile(r":[a-z:]+:`~?(?:([^`<]*?) *<[^`>]*>|(?:[\w.]*\.)?([^`]*))`")


_CODES = re.compile(r" ?\((?:[A-Z][0-9]{1,3}(?:, ?)?)+\)|(?<=\()[A-Z][0-9]{1,3}: ")
"""A ruling's code in a docstring, ``(K3)`` or ``(G22: …``: for the docs, not for players."""


def _plain(text: str) -> str:
    """A docstring's line as a player's words: ``:class:`~grimheim.Focus``` is ``Focus``,
    ````card```` is ``card``, and rulings' codes are left out.

    >>> _plain("A focus action: add 1 mana to ``card`` (:class:`~grimheim.Focus`).")
    'A focus action: add 1 mana to card (Focus).'
    >>> _plain("Roll the travel die and move (K3)."), _plain("Ask for gold (G22: they agree).")
    ('Roll the travel die and move.', 'Ask for gold (they agree).')
    """
    return _CODES.sub("", _ROLE.sub(lambda m: m[1] or m[2], text).replace("``", ""))


ClickPart: TypeAlias = "str | ActionButton"
"""A part of an action: the key of an element the renderer draws (``"hand-g1"``), or a button."""


_BUTTON = "\0"
"""Put before a button's key among the elements' keys, so the two never clash."""


def _checked(
    actions: Sequence[A], legal: frozenset[A], kinds: tuple[type, ...], label: Callable[[A], str]
) -> tuple[A, ...]:
    """``actions`` as a tuple, each a well-formed action of ``kinds``, legal, and given once."""
    if isinstance(actions, str | bytes) or not isinstance(actions, Sequence):
        raise TypeError(
            "actions must be a sequence of actions (legal_actions of the position drawn),"
            f" not {type(actions).__name__}"
        )
    first: dict[A, int] = {}
    for index, action in enumerate(actions):
        problem = action_problem(action, kinds)
        if problem is not None:
            raise TypeError(f"actions[{index}]: {problem}")
        if action not in legal:
            raise ValueError(
                f"actions[{index}] ({label(action)}) is not legal in the position drawn"
            )
        if action in first:
            raise ValueError(f"actions[{index}] repeats actions[{first[action]}]")
        first[action] = index
    return tuple(actions)


@attrs.frozen
class Clicks(Generic[A]):
    """Which elements of one picture start which of the actions given to its renderer.

    A renderer asks :meth:`data` for the ``data-actions`` attribute of each element it draws
    (``None`` leaves it out) and draws :attr:`buttons` with :func:`svg_buttons`. Made by
    :meth:`of`; :meth:`none` when no actions are given, so the picture is what it always was.

    >>> import attrs
    >>> @attrs.frozen
    ... class Place:
    ...     card: str
    ...     cell: int
    >>> @attrs.frozen
    ... class Pass:
    ...     pass
    >>> def parts(action: Place | Pass) -> list[str | ActionButton]:
    ...     if isinstance(action, Pass):
    ...         return [ActionButton("pass", "Pass")]
    ...     return [f"hand-{action.card}", f"cell-{action.cell}"]
    >>> actions = (Place("a", 0), Place("a", 1), Place("b", 0), Pass())
    >>> clicks = Clicks.of(actions, legal=actions, parts=parts, kinds=(Place, Pass))
    >>> clicks.data("hand-a"), clicks.data("cell-0"), clicks.data("hand-b"), clicks.data("x")
    ('0 1', '0 2', '2', None)
    >>> [(button.key, indices) for button, indices in clicks.buttons]
    [('pass', (3,))]

    Attributes:
        actions: the actions given, in their order: ``data-actions`` holds indices into it.
        keys: each element's key → the indices of the actions it takes part in, ascending.
        buttons: each button to draw with its indices, in the order of the first action that
            needs it.
    """

    actions: tuple[A, ...] = ()
    keys: dict[str, tuple[int, ...]] = attrs.field(factory=dict)
    buttons: tuple[tuple[ActionButton, tuple[int, ...]], ...] = ()

    @classmethod
    def none(cls) -> Clicks[Any]:
        """No actions: no element gets ``data-actions`` and there are no buttons.

        >>> Clicks.none().data("hand-g1") is None
        True
        """
        return cls()

    @classmethod
    def of(
        cls,
        actions: Sequence[A],
        *,
        legal: Iterable[A],
        parts: Callable[[A], Iterable[ClickPart]],
        kinds: tuple[type, ...],
        label: Callable[[A], str] = str,
    ) -> Clicks[A]:
        """The clicks of ``actions`` (normally all of ``legal_actions`` of the position drawn).

        Each action's ``parts`` are the keys of the elements a player clicks to choose it, and
        its buttons. A button that every action takes part in tells nothing and is left out
        (unless there is one action). Where an action's parts do not tell it from every other
        action (a part missing, or two actions with the same parts), a button for that action
        alone is added, labelled ``label(action)`` and keyed ``action-<index>``, so every
        action can always be chosen.

        Args:
            actions (Sequence): the actions the picture offers; indices refer to this order.
            legal (Iterable): the legal actions of the position drawn (its ``legal_actions``).
            parts (Callable): an action's parts: element keys (``str``) and
                :class:`ActionButton`\\ s.
            kinds (tuple[type, ...]): the game's action classes.
            label (Callable[[A], str]): an action's words, for a button of its own (the game's
                notation).

        Returns:
            Clicks: the elements' indices and the buttons.

        Raises:
            TypeError: ``actions`` is not a sequence, or holds something that is not a
                well-formed action of the game (the message names its index).
            ValueError: an action is not legal in the position drawn, or is given twice.
        """
        actions = _checked(actions, frozenset(legal), kinds, label)
        found: dict[str, list[int]] = {}  # element key, or _BUTTON + button key -> indices
        each: list[list[str]] = []  # per action, its keys
        button_of: dict[str, ActionButton] = {}
        for index, action in enumerate(actions):
            keys = []
            for part in parts(action):
                if isinstance(part, ActionButton):
                    button_of.setdefault(part.key, part)
                    part = _BUTTON + part.key
                indices = found.setdefault(part, [])
                if not indices or indices[-1] != index:
                    indices.append(index)
                    keys.append(part)
            each.append(keys)
        if len(actions) > 1:  # a button every action takes part in narrows nothing
            found = {
                key: indices
                for key, indices in found.items()
                if not (key.startswith(_BUTTON) and len(indices) == len(actions))
            }
        for index, keys in enumerate(each):
            sets = [set(found[key]) for key in keys if key in found]
            if not sets or set.intersection(*sets) != {index}:
                key = f"action-{index}"
                button_of[key] = ActionButton(key, label(actions[index]))
                found[_BUTTON + key] = [index]
        buttons = [
            (button_of[key[1:]], tuple(indices))
            for key, indices in found.items()
            if key.startswith(_BUTTON)
        ]
        return cls(
            actions,
            {key: tuple(indices) for key, indices in found.items() if not key.startswith(_BUTTON)},
            tuple(sorted(buttons, key=lambda button: button[1][0])),
        )

    def indices(self, key: str) -> tuple[int, ...]:
        """The indices of the actions the element ``key`` takes part in (``()`` for none).

        >>> Clicks.none().indices("hand-g1")
        ()
        """
        return self.keys.get(key, ())

    def data(self, key: str) -> str | None:
        """The ``data-actions`` value of the element ``key``: its indices, ascending and
        separated by spaces; ``None`` (no attribute) when it starts no action.

        >>> Clicks.none().data("hand-g1") is None
        True
        """
        found = self.keys.get(key)
        return None if not found else " ".join(map(str, found))


@attrs.frozen
class ClickMap(Generic[A]):
    """How a game's pictures are clicked: its part of :meth:`Clicks.of`, given once.

    A game writes the parts of its actions (the elements and buttons of a position's picture
    that choose each one); :meth:`of` makes the :class:`Clicks` of any actions in any position,
    for the game's renderer and for :meth:`Game.clicks_of <tabletop_rules.Game.clicks_of>`.

    Attributes:
        legal: ``legal(position)``, the legal actions of a position (the game's
            ``legal_actions``).
        parts: ``parts(position)``, the function giving an action's parts in that position's
            picture.
        kinds: the game's action classes.
        label: an action's words for a button of its own (the game's notation).
    """

    legal: Callable[[Any], Sequence[A]]
    parts: Callable[[Any], Callable[[A], Iterable[ClickPart]]]
    kinds: tuple[type, ...]
    label: Callable[[A], str] = str

    def of(self, position: Any, actions: Sequence[A] | None) -> Clicks[A]:
        """The clicks of ``actions`` in the picture of ``position`` (none for ``None``).

        Raises:
            TypeError: ``actions`` is not a sequence of the game's actions.
            ValueError: an action is not legal in ``position``, or is given twice.
        """
        if actions is None:
            return Clicks.none()
        return Clicks.of(
            actions,
            legal=self.legal(position),
            parts=self.parts(position),
            kinds=self.kinds,
            label=self.label,
        )


def narrow(candidates: Iterable[int] | None, clicked: Iterable[int]) -> frozenset[int]:
    """What a front end keeps after a click: the indices still possible.

    Start from ``None`` (nothing clicked yet). Each click on an element with ``data-actions``
    keeps the indices both allow; a click that allows none of them starts a new choice from the
    clicked element's indices. Once one index is left, that action is chosen.

    >>> chosen = narrow(None, [0, 1, 4])
    >>> chosen = narrow(chosen, [1, 2, 4])
    >>> sorted(chosen)
    [1, 4]
    >>> sorted(narrow(chosen, [1]))
    [1]
    >>> sorted(narrow(chosen, [7, 8]))
    [7, 8]

    Args:
        candidates (Iterable[int] | None): the indices still possible, ``None`` at the start.
        clicked (Iterable[int]): the ``data-actions`` indices of the element clicked.

    Returns:
        frozenset[int]: the indices possible after the click.
    """
    allowed = frozenset(clicked)
    if candidates is None:
        return allowed
    return allowed.intersection(candidates) or allowed


_UNSAFE = re.compile(r"[^\w.:-]")
"""What an id may not hold (a button's key may: its id has ``_`` instead)."""
_HEIGHT = 22
"""The height of a button drawn by :func:`svg_buttons`."""
_GAP = 6
_FONT = 11
_CHAR = 0.6 * _FONT


def _fit(words: str, width: float) -> str:
    room = max(1, int((width - 14) / _CHAR))
    return words if len(words) <= room else words[: room - 1].rstrip() + "…"


def svg_buttons(clicks: Clicks[Any], x: float, y: float, width: float) -> tuple[str, float]:
    """The buttons of ``clicks`` in rows from ``(x, y)``, ``width`` wide: a ``g#buttons``
    holding a ``g#button-<key>.button`` per button, each with its ``data-actions``, a
    ``<title>``, a rounded ``<rect>`` and its label. In the id, what an id may not hold is
    ``_`` (``button-chance-roll_3`` for the key ``chance-roll 3``).

    >>> import attrs
    >>> @attrs.frozen
    ... class Pick:
    ...     n: int
    >>> picks = (Pick(1), Pick(2))
    >>> def parts(pick: Pick) -> list[ActionButton]:
    ...     return [ActionButton(f"n{pick.n}", f"Pick {pick.n}")]
    >>> clicks = Clicks.of(picks, legal=picks, parts=parts, kinds=(Pick,))
    >>> markup, height = svg_buttons(clicks, 0, 0, 300)
    >>> 'id="button-n2" class="button" data-actions="1"' in markup, height
    (True, 22)
    >>> svg_buttons(Clicks.none(), 0, 0, 300)
    ('', 0)

    Args:
        clicks (Clicks): the clicks of the picture.
        x (float): the left edge.
        y (float): the top edge.
        width (float): the room across (a label too long is cut).

    Returns:
        tuple[str, float]: the markup and the height it takes (``("", 0)`` without buttons).
    """
    if not clicks.buttons:
        return "", 0
    ids = SvgIds()
    drawn = []
    left, top = x, y
    for button, indices in clicks.buttons:
        words = _fit(button.label, width)
        size = min(width, max(44.0, len(words) * _CHAR + 16))
        if left > x and left + size > x + width:
            left, top = x, top + _HEIGHT + _GAP
        drawn.append(
            svg_tag(
                "g",
                svg_title(button.title or button.label),
                svg_tag(
                    "rect",
                    x=left,
                    y=top,
                    width=size,
                    height=_HEIGHT,
                    rx=5,
                    fill="#ffffff",
                    stroke="#5f5f5f",
                ),
                svg_tag(
                    "text", svg_escape(words), x=left + size / 2, y=top + 15, text_anchor="middle"
                ),
                id=ids("button", _UNSAFE.sub("_", button.key)),
                class_="button",
                data_actions=" ".join(map(str, indices)),
                role="button",
                cursor="pointer",
            )
        )
        left += size + _GAP
    markup = svg_tag("g", *drawn, id="buttons", class_="buttons", font_size=_FONT, fill="#222222")
    return markup, top + _HEIGHT - y
