"""Moves as short sequences of small choices: the sub-actions of ``decompose=True``.

A learning environment with ``decompose=True`` (:mod:`tabletop_rules.pettingzoo`,
:mod:`tabletop_rules.gymnasium`) does not number the whole action space. Each player action is
read as a short sequence of *sub-actions*: its kind (its class), then the value of each of its
fields, in the order the class declares them — for goblinguard's ``Place(card, x, y, layer)`` the
card, the column, the row and the layer. A move is chosen one sub-action at a time, and every
choice keeps the legal actions that agree with it, as a click in a clickable picture keeps the
actions of the element clicked (:func:`~tabletop_rules.narrow`); a step whose legal actions all
agree is taken inside, and the move is played as soon as one action is left.

The sub-actions of a config are numbered once and for all: the kinds in the order of the action
space, then the values, grouped by their type (the values of one type are shared by every field
that holds them: a card is one sub-action whether it is placed, used or discarded), integers in
ascending order, other values in the order of the action space. Chance's actions are left out:
an environment samples them and never asks an agent. A kind is chance's when the game's clickable
pictures (:attr:`~tabletop_rules.Game.clicks`) draw its actions as chance buttons
(:meth:`~tabletop_rules.ActionButton.chance`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from ._clicks import ActionButton
from ._game import Game

_CHANCE_KEY = "chance-"
# Decompositions kept, by game and config JSON (the goblinguard one costs a pass over 186,104
# actions to build).
_KEPT = 8
_CACHE: dict[tuple[Game[Any, Any], str], Decomposition] = {}


def _label(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def _chance_kinds(game: Game[Any, Any], config: Any) -> Any:
    """``parts(action)`` in the picture of the start of a game of ``config``, seen by seat 0,
    or ``None`` for a game without clickable pictures."""
    clicks = game.clicks
    if clicks is None:
        return None
    try:
        return clicks.parts(game.view(game.new_game(config, seed=0), 0))
    except Exception:  # a game whose pictures cannot be asked here: no kind is chance's
        return None


def _is_chance(parts: Any, action: object) -> bool:
    """Whether the picture draws ``action`` as a chance button and nothing else."""
    if parts is None:
        return False
    try:
        found = list(parts(action))
    except Exception:
        return False
    return bool(found) and all(
        isinstance(part, ActionButton) and part.key.startswith(_CHANCE_KEY) for part in found
    )


class Decomposition:
    """The sub-actions of one game and config (see the module docs).

    Attributes:
        size: the number of sub-actions.
        depth: the most sub-actions of one action (its kind and its fields).
        labels: each sub-action's words (a kind's class name, a value's text).
        space_size: the size of the game's action space.
        rows: a NumPy ``int16`` array of shape ``(space_size, depth)``: row ``i`` is the
            sub-actions of action number ``i`` in order, ``-1`` after its last and in every row of
            chance's actions.
    """

    __slots__ = ("config", "depth", "game", "labels", "rows", "size", "space_size")

    def __init__(self, game: Game[Any, Any], config: Any) -> None:
        import numpy as np

        action_space = game.action_space
        if action_space is None:
            raise TypeError(f"{game.name} has no action space to decompose")
        space = action_space(config)
        parts = _chance_kinds(game, config)
        fields: dict[type, tuple[str, ...] | None] = {}  # None: a chance kind
        kinds: dict[type, None] = {}
        values: dict[type, dict[object, None]] = {}
        keys: list[tuple[Any, ...] | None] = []
        depth = 1
        for action in space:
            kind = type(action)
            names = fields.get(kind, ())
            if names == ():
                if _is_chance(parts, action):
                    names = None
                else:
                    names = tuple(f.name for f in attrs.fields(kind)) if attrs.has(kind) else ()
                fields[kind] = names
            if names is None:
                keys.append(None)
                continue
            kinds.setdefault(kind)
            found = tuple(getattr(action, name) for name in names)
            for value in found:
                values.setdefault(type(value), {}).setdefault(value)
            keys.append((kind, *found))
            depth = max(depth, 1 + len(found))
        tokens: list[tuple[str, object]] = [("kind", kind) for kind in kinds]
        for category, seen in values.items():
            ordered = sorted(seen, key=int) if category is int else list(seen)  # type: ignore[arg-type]
            tokens.extend((category.__qualname__, value) for value in ordered)
        number = {token: i for i, token in enumerate(tokens)}
        kind_number = {kind: number["kind", kind] for kind in kinds}
        value_number = {
            (type(value), value): number[category.__qualname__, value]
            for category, seen in values.items()
            for value in seen
        }
        blank = (-1,) * depth
        table = []
        for key in keys:
            if key is None:
                table.append(blank)
                continue
            row = (kind_number[key[0]], *(value_number[type(v), v] for v in key[1:]))
            table.append(row + blank[len(row) :])
        labels = [kind.__name__ for kind in kinds]
        labels += [_label(value) for _, value in tokens[len(kinds) :]]
        repeated = {label for label in labels if labels.count(label) > 1}
        labels = [
            f"{category}:{label}" if label in repeated else label
            for (category, _), label in zip(tokens, labels, strict=True)
        ]
        self.game = game
        self.config = config
        self.size = len(tokens)
        self.depth = depth
        self.labels: tuple[str, ...] = tuple(labels)
        self.space_size = space.size
        self.rows = np.array(table, dtype=np.int16).reshape(space.size, depth)

    def __reduce__(self) -> tuple[Any, ...]:
        return (decomposition, (self.game, self.config))

    def __repr__(self) -> str:
        return f"<Decomposition of {self.game.name}: {self.size} sub-actions, depth {self.depth}>"


def decomposition(game: Game[Any, Any], config: Any) -> Decomposition:
    """The :class:`Decomposition` of ``game`` with ``config`` (built once, then kept).

    Raises:
        TypeError: the game has no action space.
    """
    key = (game, game.dumps(config))
    found = _CACHE.get(key)
    if found is None:
        found = Decomposition(game, config)
        if len(_CACHE) >= _KEPT:
            del _CACHE[next(iter(_CACHE))]
        _CACHE[key] = found
    return found


class Move:
    """One decision being answered sub-action by sub-action.

    Made from the numbers of the decision's legal actions. :attr:`options` are the sub-actions
    that may be chosen now; :meth:`choose` keeps the legal actions that agree with one, takes
    every following step whose legal actions all agree, and returns the action's number once
    one action is left.

    Args:
        decomposition: the game's sub-actions.
        legal: the numbers of the legal actions (at least one).
        ask_forced: with a single legal action, still ask for its first sub-action (its kind),
            so that the decision is one step; otherwise it is chosen at once
            (:attr:`chosen`).

    Attributes:
        prefix: the sub-actions fixed so far, in order (chosen or taken inside).
        options: the sub-actions that may be chosen now, ascending (empty once an action is
            chosen).
        chosen: the number of the action chosen, or ``None`` while several are left.
    """

    __slots__ = ("_left", "chosen", "options", "prefix")

    def __init__(
        self, decomposition: Decomposition, legal: Sequence[int], *, ask_forced: bool
    ) -> None:
        if not len(legal):
            raise ValueError("a move needs at least one legal action")
        rows: list[list[int]] = decomposition.rows[list(legal)].tolist()
        # each legal action's number and sub-actions
        self._left = [(number, row) for number, row in zip(legal, rows, strict=True)]
        self.prefix: list[int] = []
        self.chosen: int | None = None
        self.options: list[int] = [rows[0][0]]
        if len(legal) > 1 or not ask_forced:
            self._advance()

    def _advance(self) -> None:
        left = self._left
        while len(left) > 1:
            depth = len(self.prefix)
            options = sorted({row[depth] for _, row in left})
            if len(options) > 1:
                self.options = options
                return
            self.prefix.append(options[0])
        self.chosen = int(left[0][0])
        self.options = []

    def allows(self, token: int) -> bool:
        """Whether sub-action ``token`` may be chosen now."""
        return token in self.options

    def choose(self, token: int) -> int | None:
        """Choose sub-action ``token`` (one of :attr:`options`); the action's number once one
        action is left, else ``None``.

        Raises:
            ValueError: ``token`` is not one of :attr:`options`.
        """
        if token not in self.options:
            raise ValueError(f"sub-action {token} is not one of {self.options}")
        depth = len(self.prefix)
        self._left = [(number, row) for number, row in self._left if row[depth] == token]
        self.prefix.append(token)
        self._advance()
        return self.chosen
