"""OpenSpiel for every game: any :class:`~tabletop_rules.Game` as a ``pyspiel`` Python game.

Importing this module registers every installed game (each game of the ``tabletop_rules.games``
entry-point group that has an action space and a ``chance`` field in its config) with OpenSpiel
as ``tabletop_`` and its name, so that ``pyspiel.load_game("tabletop_kinmarr", {"players": 2})``
or ``pyspiel.load_game("tabletop_grimheim(players=2)")`` plays it, in this process and in every
process that imports the module (a worker that unpickles a game or a state, for instance). The
registered games take parameters: ``players``, each config option of a simple value, the payoff
and the utility declaration (the OpenSpiel page of the documentation lists them).
:func:`register` registers a game under another name with other defaults, and :func:`load`
returns a ``pyspiel.Game`` without registering anything. Nothing here knows a particular game:
everything comes from the per-game API, the game's :attr:`~tabletop_rules.Game.action_space` and
its :attr:`~tabletop_rules.Game.observation`.

OpenSpiel is an optional dependency (``pip install "tabletop-rules[openspiel]"``). This module
imports without it and then registers nothing; :func:`load` and :func:`register` raise an
``ImportError`` naming the extra.

How the two models meet (the OpenSpiel page of the documentation says more):

* **Players** are the config's seats: seat ``i`` is OpenSpiel player ``i``.
* **Chance.** The game always runs with ``chance="explicit"``: every shuffle, draw and roll is a
  chance node, and ``chance_outcomes()`` gives the game's exact probabilities as floats. The
  config must therefore have a ``chance`` field (the core's convention).
* **Actions** are numbered by the game's action space, chance outcomes included, so
  ``num_distinct_actions`` and ``max_chance_outcomes`` are both the space's size.
* **Returns** are ``outcome(state).returns`` (or its ``scores``, see :obj:`Payoff`) once the game
  is over, ``0.0`` for every seat before.
* **Observations** come from the seat's *view* only: ``observation_string`` is the view's JSON
  (the game's ``dumps``) and ``observation_tensor`` the game's ``observation(view)``, flattened.
  ``information_state_string`` is the seat's own history — the views it saw, each time its view
  changed, and its own actions — written as their chained SHA-256 digest and the view now, so it
  has perfect recall and a size that does not grow with the game; the games provide no
  ``information_state_tensor`` (a tensor of fixed size has no room for a history of any length).
* **Hidden information.** ``resample_from_infostate(player, sampler)`` deals the hidden parts
  afresh with the game's ``redeal``, so OpenSpiel's information-set MCTS searches the games.
* **Copies.** Games and states pickle, deep-copy and serialise, however long the game.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import importlib
import math
import sys
import types
import typing
import warnings
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import attrs

from ._game import Game
from ._spaces import flatten
from ._values import CHANCE

if TYPE_CHECKING:
    from ._spaces import ActionSpace

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "Payoff",
    "Utility",
    "config_parameter",
    "load",
    "register",
    "spiel_state",
    "tabletop_state",
]

Payoff: TypeAlias = Literal["returns", "scores"]
"""What OpenSpiel's returns of a finished game are: ``"returns"``, the game's
``outcome().returns`` (``1.0`` for a win and ``0.0`` for a loss by default), or ``"scores"``,
its ``outcome().scores`` (goblins defeated, a guild's points), for a search that should tell a
narrow loss from a heavy one."""

Utility: TypeAlias = Literal["general_sum", "zero_sum", "constant_sum", "identical"]
"""What the returns of a finished game add up to, OpenSpiel's ``GameType.Utility``:
``"general_sum"`` (anything), ``"zero_sum"`` (0), ``"constant_sum"`` (the same number in every
game) or ``"identical"`` (every seat gets the same return, as in a cooperative game)."""

DEFAULT_MAX_GAME_LENGTH = 10_000
"""The bound on the player decisions of one game (and, separately, on its chance nodes) that
:func:`load` declares to OpenSpiel as ``max_game_length`` unless told another."""

INSTALL = "pip install 'tabletop-rules[openspiel]'"
# The entry-point group of the installed games (the CLI's tabletop_rules.cli.GROUP).
_GROUP = "tabletop_rules.games"
_UTILITIES: tuple[Utility, ...] = ("general_sum", "zero_sum", "constant_sum", "identical")
_PAYOFFS: tuple[Payoff, ...] = ("returns", "scores")
# The slack allowed when the sum of the returns is checked against a declaration.
_TOLERANCE = 1e-9
# OpenSpiel's player ids of chance and of a finished game (pyspiel.PlayerId).
_SPIEL_CHANCE = -1
_SPIEL_TERMINAL = -4
# The parameters of every registered game besides the config's own options.
_OPTION_PARAMETERS = (
    "payoff",
    "utility",
    "min_utility",
    "max_utility",
    "utility_sum",
    "max_game_length",
)
_RESERVED = frozenset({"config", "players", "chance", *_OPTION_PARAMETERS})
# The separators of a tuple of names written as one string parameter: "+" in game strings, where
# a comma separates parameters; a comma is accepted too in a dict of parameters.
_SEPARATORS = ("+", ",")

Parameter: TypeAlias = bool | int | float | str


def _modules() -> tuple[Any, Any]:
    """``pyspiel`` and ``numpy``, or an ``ImportError`` that says how to install them."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        numpy = importlib.import_module("numpy")
    except ImportError as exc:
        raise ImportError(
            f"tabletop_rules.openspiel needs OpenSpiel, which is not installed: {INSTALL}"
        ) from exc
    return pyspiel, numpy


def _pair(value: Any) -> tuple[float, float]:
    low, high = value
    return float(low), float(high)


@attrs.frozen
class _Options:
    """What :func:`load` declares beyond the game itself; checked when it is built."""

    payoff: Payoff
    utility: Utility
    utility_range: tuple[float, float] = attrs.field(converter=_pair)
    utility_sum: float | None
    max_game_length: int

    def __attrs_post_init__(self) -> None:
        if self.payoff not in _PAYOFFS:
            raise ValueError(f"payoff must be one of {_PAYOFFS}, not {self.payoff!r}")
        if self.utility not in _UTILITIES:
            raise ValueError(f"utility must be one of {_UTILITIES}, not {self.utility!r}")
        low, high = self.utility_range
        if not (math.isfinite(low) and math.isfinite(high) and low < high):
            raise ValueError(f"utility_range must be finite, low < high, not ({low}, {high})")
        if (self.utility == "constant_sum") != (self.utility_sum is not None):
            raise ValueError("utility_sum is given exactly when utility is 'constant_sum'")
        if type(self.max_game_length) is not int or self.max_game_length < 1:
            raise ValueError(
                f"max_game_length must be a positive int, not {self.max_game_length!r}"
            )


_DEFAULT_OPTIONS = _Options("returns", "general_sum", (0.0, 1.0), None, DEFAULT_MAX_GAME_LENGTH)


def _options(
    payoff: Payoff,
    utility: Utility | None,
    utility_range: tuple[float, float],
    utility_sum: float | None,
    max_game_length: int,
) -> _Options:
    return _Options(payoff, utility or "general_sum", utility_range, utility_sum, max_game_length)


# -- the state of a trajectory --------------------------------------------------------------------


def _legal_numbers(binding: _Binding, state: Any) -> list[int]:
    """The numbers of the legal actions of ``state``, ascending: the one place they are computed."""
    return sorted(binding.space.indices(binding.game.legal_actions(state)))


def _observation_numbers(binding: _Binding, view: Any) -> Any:
    """A view's observation, flattened (a NumPy array when the game writes one straight into
    NumPy, else a tuple): the one place an observation tensor is computed."""
    game = binding.game
    if game.observation_array is not None:
        return game.observation_array(view).ravel()
    assert game.observation is not None  # only called when the game provides tensors
    return flatten(game.observation(view))


class _Recall(typing.NamedTuple):
    """A seat's information state at a position: the digest of its history's lines, chained
    (:func:`_chain`), their number, and the last view among them (its JSON)."""

    digest: str
    lines: int
    last: str | None


def _chain(digest: str, line: str) -> str:
    """The digest of a history of digest ``digest`` with ``line`` added."""
    return hashlib.sha256(f"{digest}\n{line}".encode()).hexdigest()


class _Node:
    """One position of an OpenSpiel trajectory: the game's state and how it was reached.

    Nodes are immutable (their caches aside) and linked to their parents, so an OpenSpiel clone
    copies one reference and clones share the history that information states read. Every
    operation over the chain (pickling, equality, the information state) walks it in a loop, never
    by recursion, so a game of any length copies. A node without a parent is a *root*: the start
    of a game, or a position given by :func:`spiel_state` or drawn by ``resample_from_infostate``
    (whose ``prefix`` holds the information state that seat had before it).
    """

    __slots__ = (
        "_legal",
        "_outcomes",
        "_player",
        "_recall",
        "_returns",
        "_views",
        "action",
        "actor",
        "binding",
        "chances",
        "moves",
        "parent",
        "prefix",
        "state",
    )

    def __init__(
        self,
        binding: _Binding,
        state: Any,
        parent: _Node | None = None,
        actor: int = CHANCE,
        action: int = -1,
        moves: int = 0,
        chances: int = 0,
        prefix: Mapping[int, _Recall] | None = None,
    ) -> None:
        self.binding = binding
        self.state = state
        self.parent = parent
        self.actor = actor
        self.action = action
        self.moves = moves
        self.chances = chances
        self.prefix = prefix
        # Caches, filled on first use and never compared or pickled.
        self._player: int | None = None
        self._legal: list[int] | None = None
        self._outcomes: list[tuple[int, float]] | None = None
        self._returns: list[float] | None = None
        self._views: dict[int, tuple[Any, str | None]] = {}
        self._recall: dict[int, _Recall] = {}

    # -- what OpenSpiel asks, each computed once per node

    def player(self) -> int:
        """OpenSpiel's player to act: a seat, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        found = self._player
        if found is None:
            game, state = self.binding.game, self.state
            if game.is_over(state):
                found = _SPIEL_TERMINAL
            else:
                seat = game.current_player(state)
                found = _SPIEL_TERMINAL if seat is None else int(seat)
            self._player = found
        return found

    def legal(self) -> list[int]:
        """The numbers of the legal actions, ascending (empty once the game is over)."""
        found = self._legal
        if found is None:
            found = self._legal = _legal_numbers(self.binding, self.state)
        return found

    def outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome's number and its exact probability as a float, ascending."""
        found = self._outcomes
        if found is None:
            binding = self.binding
            exact = binding.game.chance_outcomes(self.state)
            found = self._outcomes = sorted((binding.space.index(a), float(p)) for a, p in exact)
        return found

    def returns(self) -> list[float]:
        """Each seat's return: the outcome's returns (or scores) at the end, else 0."""
        found = self._returns
        if found is None:
            found = self._returns = self.binding.payoffs(self.state)
        return list(found)

    def child(self, action: int) -> _Node:
        """The node after the action numbered ``action`` (the game raises if it is illegal)."""
        binding = self.binding
        player = self.player()
        chance = player == _SPIEL_CHANCE
        moves, chances = self.moves + (not chance), self.chances + chance
        limit = binding.options.max_game_length
        if max(moves, chances) > limit:
            raise ValueError(f"{binding.game.name} is longer than max_game_length={limit}")
        state = binding.game.apply(self.state, binding.space.action(action))
        return _Node(binding, state, self, CHANCE if chance else player, action, moves, chances)

    # -- views and information states

    def view(self, seat: int) -> Any:
        """The game's view of this position for ``seat``."""
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = (self.binding.game.view(self.state, seat), None)
        return found[0]

    def view_json(self, seat: int) -> str:
        """The game's JSON of ``seat``'s view of this position."""
        view = self.view(seat)
        text = self._views[seat][1]
        if text is None:
            text = self.binding.game.dumps(view)
            self._views[seat] = (view, text)
        return text

    def recall(self, seat: int) -> _Recall:
        """``seat``'s information state: the digest of its history, the number of its lines and
        the last view among them."""
        found = self._recall.get(seat)
        if found is not None:
            return found
        pending: list[_Node] = []
        node: _Node | None = self
        known = _Recall("", 0, None)
        while node is not None:
            cached = node._recall.get(seat)
            if cached is not None:
                known = cached
                break
            pending.append(node)
            if node.parent is None and node.prefix is not None and seat in node.prefix:
                known = node.prefix[seat]
            node = node.parent
        space, game = self.binding.space, self.binding.game
        digest, lines, last = known
        for node in reversed(pending):
            if node.parent is not None and node.actor == seat:
                line = f"seat {seat} played {game.notation(space.action(node.action))}"
                digest, lines = _chain(digest, line), lines + 1
            seen = node.view_json(seat)
            if seen != last:
                digest, lines, last = _chain(digest, seen), lines + 1, seen
            node._recall[seat] = _Recall(digest, lines, last)
        return self._recall[seat]

    def history_of(self, seat: int) -> str:
        """``seat``'s information state, of a size that does not grow with the game: a first
        line holding the number of lines of its history — the views it saw (a line each time
        its view changed) and its own actions, from the root to this position — and their
        SHA-256 digest, chained line by line; then its view now (its JSON)."""
        digest, lines, last = self.recall(seat)
        return f"history of {lines} lines, sha256 {digest}\n{last}"

    # -- the chain, walked without recursion

    def root_and_path(self) -> tuple[_Node, list[int]]:
        """The root of the chain and the actions from it to this node."""
        path: list[int] = []
        node = self
        while node.parent is not None:
            path.append(node.action)
            node = node.parent
        path.reverse()
        return node, path

    def __reduce__(self) -> tuple[Any, ...]:
        # Flat: the root and the actions from it, replayed when read back.
        root, path = self.root_and_path()
        start = None if root is self.binding.root else root.state
        prefix = None if root.prefix is None else dict(root.prefix)
        return (
            _rebuild_node,
            (self.binding, start, root.moves, root.chances, prefix, tuple(path)),
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self  # immutable: OpenSpiel's clones share it

    def __eq__(self, other: object) -> bool:
        """The same game and config, root, actions from it and state."""
        if not isinstance(other, _Node):
            return NotImplemented
        if self is other:
            return True
        if self.binding.key != other.binding.key or self.state != other.state:
            return False
        mine, theirs = self.root_and_path(), other.root_and_path()
        return mine[1] == theirs[1] and (
            mine[0].state,
            mine[0].moves,
            mine[0].chances,
            mine[0].prefix,
        ) == (theirs[0].state, theirs[0].moves, theirs[0].chances, theirs[0].prefix)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{self.binding.game.name} position after {self.moves} decisions and"
            f" {self.chances} chance outcomes>"
        )


def _rebuild_node(
    binding: _Binding,
    start: Any,
    moves: int,
    chances: int,
    prefix: dict[int, _Recall] | None,
    path: tuple[int, ...],
) -> _Node:
    """A pickled node: its root, then each action of its path applied again."""
    if start is None:
        node = binding.root
    else:
        node = _Node(binding, start, moves=moves, chances=chances, prefix=prefix)
    for action in path:
        node = node.child(action)
    return node


class _Binding:
    """One game with one config and options, and what OpenSpiel asks of them, computed once."""

    __slots__ = ("config", "game", "key", "options", "root", "seats", "shape", "space")

    def __init__(self, game: Game[Any, Any], config: Any, options: _Options) -> None:
        action_space = game.action_space
        assert action_space is not None  # checked by _schema
        self.game = game
        self.config = config
        self.options = options
        self.key = (game.name, game.dumps(config), options)
        self.seats: int = game.seat_count(config)
        self.space: ActionSpace[Any] = action_space(config)
        self.shape: tuple[int, ...] | None = None
        if game.observation is not None and game.observation_shape is not None:
            self.shape = tuple(game.observation_shape(config))
        self.root = _Node(self, game.new_game(config, seed=0))

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.game
        reference: Any = game.name if _INSTALLED.get(game.name) is game else game
        return (_rebind, (reference, self.key[1], self.options))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Binding:
        return self  # immutable: OpenSpiel's clones share it

    def payoffs(self, state: Any) -> list[float]:
        """The returns of a finished game, checked against the declaration."""
        game, options = self.game, self.options
        result = game.outcome(state)
        if result is None:
            return [0.0] * self.seats
        found = result.returns if options.payoff == "returns" else result.scores
        if found is None:
            raise ValueError(f"{game.name}: the outcome has no scores (payoff='scores')")
        values = [float(v) for v in found]
        low, high = options.utility_range
        if len(values) != self.seats:
            raise ValueError(f"{game.name}: {len(values)} {options.payoff} for {self.seats} seats")
        if not all(low <= v <= high for v in values):
            raise ValueError(
                f"{game.name}: {options.payoff} {values} leave utility_range ({low}, {high})"
            )
        total = math.fsum(values)
        utility = options.utility
        if (
            (utility == "zero_sum" and abs(total) > _TOLERANCE)
            or (
                utility == "constant_sum" and abs(total - (options.utility_sum or 0.0)) > _TOLERANCE
            )
            or (utility == "identical" and len(set(values)) > 1)
        ):
            raise ValueError(f"{game.name}: {options.payoff} {values} are not {utility!r}")
        return values


# Bindings by (game name, config JSON, options), each with its game: loading the same game again
# (a clone's game, a deserialised state's) reuses the action space and start. A few are kept.
_BINDINGS: dict[tuple[str, str, _Options], list[_Binding]] = {}
_BINDINGS_KEPT = 64


def _bind(game: Game[Any, Any], config: Any, options: _Options) -> _Binding:
    """The binding of ``game`` with ``config`` (in explicit chance mode) and ``options``."""
    key = (game.name, game.dumps(config), options)
    found = _BINDINGS.get(key, [])
    for binding in found:
        if binding.game is game or binding.game == game:
            return binding
    binding = _Binding(game, config, options)
    if len(_BINDINGS) >= _BINDINGS_KEPT and key not in _BINDINGS:
        del _BINDINGS[next(iter(_BINDINGS))]
    _BINDINGS[key] = [*found, binding]
    return binding


def _rebind(reference: Any, config_text: str, options: _Options) -> _Binding:
    """A pickled binding: the installed game of that name (or the game itself) and the config."""
    game = _INSTALLED[reference] if isinstance(reference, str) else reference
    return _bind(game, game.loads(config_text, game.config_type), options)


# -- parameters -----------------------------------------------------------------------------------


@attrs.frozen
class _Field:
    """One config option read as an OpenSpiel parameter of a simple type."""

    name: str
    kind: type[Any]  # bool, int, float or str
    names: bool = False  # a tuple of str, written as one str joined by "+"
    optional: bool = False  # None is the empty value: 0, 0.0 or ""

    def to_parameter(self, value: Any) -> Parameter:
        """The parameter's value for the option's ``value``."""
        if value is None:
            empties: dict[type[Any], Parameter] = {bool: False, int: 0, float: 0.0, str: ""}
            return empties[self.kind]
        if self.names:
            return "+".join(value)
        return float(value) if self.kind is float else typing.cast(Parameter, value)

    def from_parameter(self, value: object, where: str) -> Any:
        """The option's value for the parameter's ``value``; a ``ValueError`` naming it."""
        kind = self.kind
        expected = {bool: "a bool", int: "an int", float: "a float", str: "a str"}[kind]
        if kind is float and type(value) is int:
            value = float(value)
        if type(value) is not kind:
            raise ValueError(f"{where}: parameter {self.name} must be {expected}, not {value!r}")
        if self.optional and not value:
            return None
        if self.names:
            text = typing.cast(str, value).strip()
            for separator in _SEPARATORS[1:]:
                text = text.replace(separator, _SEPARATORS[0])
            parts = tuple(part.strip() for part in text.split(_SEPARATORS[0])) if text else ()
            if any(not part for part in parts):
                raise ValueError(
                    f"{where}: parameter {self.name} is names joined by '+', not {value!r}"
                )
            return parts
        return value


def _kind_of(value: object, hint: object) -> _Field | None:
    """The parameter a config option of default ``value`` (annotated ``hint``) is, if any."""
    if value is None:
        arguments = [a for a in typing.get_args(hint) if a is not type(None)]
        origin = typing.get_origin(hint)
        if origin not in (typing.Union, types.UnionType) or len(arguments) != 1:
            return None
        inner = arguments[0]
        if inner in (int, float, str):
            return _Field("", inner, optional=True)
        if typing.get_origin(inner) is Literal and all(
            isinstance(a, str) for a in typing.get_args(inner)
        ):
            return _Field("", str, optional=True)
        if typing.get_origin(inner) is tuple and typing.get_args(inner) in ((str, ...),):
            return _Field("", str, names=True, optional=True)
        return None
    if type(value) in (bool, int, float, str):
        return _Field("", type(value))
    names = isinstance(value, tuple) and all(type(v) is str for v in value)
    if names and (value or typing.get_args(hint) == (str, ...)):
        return _Field("", str, names=True)
    return None


def _hint(owner: type[Any], annotation: object) -> object:
    """An option's annotation, evaluated when it is a string (``None`` if it cannot be): one
    option at a time, as names imported only for type checking break ``get_type_hints``."""
    if not isinstance(annotation, str):
        return annotation
    module = sys.modules.get(owner.__module__)
    try:
        return eval(annotation, dict(vars(module)) if module else {})
    except Exception:
        return None


@attrs.frozen(eq=False)
class _Schema:
    """The parameters a game takes: its config's options of simple values and ``players``."""

    game: Game[Any, Any]
    default: Any  # the game's default config, in explicit chance mode
    fields: tuple[_Field, ...]
    seat_field: _Field | None  # the option that ``players`` sets

    def seat_parameter(self) -> bool:
        """Whether the game takes a ``players`` parameter."""
        return self.seat_field is not None


def _check_game(game: Game[Any, Any]) -> None:
    """A ``ValueError`` unless ``game`` can be played through OpenSpiel."""
    if game.action_space is None:
        raise ValueError(f"{game.name} has no action_space: OpenSpiel needs numbered actions")
    config_type = game.config_type
    if not attrs.has(config_type) or "chance" not in attrs.fields_dict(config_type):
        raise ValueError(
            f"{game.name}'s config has no chance field: OpenSpiel needs explicit chance"
        )


# Schemas by the identity of their game (which the schema keeps alive).
_SCHEMAS: dict[int, _Schema] = {}


def _schema(game: Game[Any, Any]) -> _Schema:
    """The parameters of ``game``, worked out once."""
    found = _SCHEMAS.get(id(game))
    if found is not None and found.game is game:
        return found
    _check_game(game)
    config_type = game.config_type
    default = attrs.evolve(config_type(), chance="explicit")
    fields = []
    for field in attrs.fields(config_type):
        if not field.init or field.name in _RESERVED or field.name.startswith("_"):
            continue
        kind = _kind_of(getattr(default, field.name), _hint(config_type, field.type))
        if kind is not None:
            fields.append(attrs.evolve(kind, name=field.name))
    schema = _Schema(game, default, tuple(fields), _seat_field(game, default, fields))
    _SCHEMAS[id(game)] = schema
    return schema


def _seat_field(game: Game[Any, Any], default: Any, fields: list[_Field]) -> _Field | None:
    """The option that sets the number of seats (an int equal to it, or a tuple of that many
    names), found by trying another number; ``None`` for a game of one number of seats."""
    low, high = game.seats
    if low == high:
        return None
    count = game.seat_count(default)
    other = low if count != low else high
    for field in fields:
        value = getattr(default, field.name)
        if field.kind is int and not field.optional and value == count:
            changed: Any = other
        elif field.names and isinstance(value, tuple) and len(value) == count >= other:
            changed = value[:other]
        else:
            continue
        try:
            if game.seat_count(attrs.evolve(default, **{field.name: changed})) == other:
                return field
        except (ValueError, TypeError):
            continue
    return None


def _evolved(base: Any, changes: Mapping[str, Any]) -> Any:
    """``base`` with ``changes``, or ``None`` if they make no valid config."""
    try:
        return attrs.evolve(base, **changes)
    except (ValueError, TypeError):
        return None


def _parameters(
    schema: _Schema, config: Any, options: _Options, anchor: Any, anchor_text: str
) -> dict[str, Parameter]:
    """Every parameter's value that plays ``config`` with ``options``, relative to ``anchor``
    (the config whose ``config`` parameter is ``anchor_text``)."""
    game = schema.game
    values = {f.name: getattr(config, f.name) for f in schema.fields}
    text = anchor_text if _evolved(anchor, values) == config else config_parameter(game, config)
    found: dict[str, Parameter] = {"config": text}
    if schema.seat_parameter():
        found["players"] = game.seat_count(config)
    for field in schema.fields:
        found[field.name] = field.to_parameter(values[field.name])
    low, high = options.utility_range
    found.update(
        payoff=options.payoff,
        utility=options.utility,
        min_utility=low,
        max_utility=high,
        utility_sum=float(options.utility_sum or 0.0),
        max_game_length=options.max_game_length,
    )
    return found


@attrs.frozen(eq=False)
class _Defaults:
    """What a registered name plays with no parameters, and its parameters' defaults."""

    schema: _Schema
    config: Any  # in explicit chance mode
    options: _Options
    spec: Mapping[str, Parameter]

    @classmethod
    def of(cls, schema: _Schema, config: Any, options: _Options) -> _Defaults:
        spec = _parameters(schema, config, options, schema.default, "")
        return cls(schema, config, options, spec)

    def parameters(self, config: Any, options: _Options) -> dict[str, Parameter]:
        """The parameters that play ``config`` with ``options`` under these defaults."""
        text = str(self.spec["config"])
        return _parameters(self.schema, config, options, self.config, text)

    def resolve(self, given: Mapping[str, object], where: str) -> tuple[Any, _Options]:
        """The config and options that parameters ``given`` (OpenSpiel fills in every default)
        play. A parameter changes what the ``config`` parameter plays only when it differs from
        its default; ``players`` then deals the first heroes or guilds of the default config."""
        spec, schema, game = self.spec, self.schema, self.schema.game
        unknown = sorted(set(given) - set(spec))
        if unknown:
            raise ValueError(
                f"{where}: unknown parameter {unknown[0]!r} (the parameters: {', '.join(spec)})"
            )
        params = {**spec, **given}
        text = params["config"]
        if not isinstance(text, str):
            raise ValueError(f"{where}: parameter config must be a str, not {text!r}")
        config = self.config
        if text != spec["config"]:
            try:
                config = attrs.evolve(_config_from(game, text), chance="explicit")
            except ValueError as exc:
                raise ValueError(f"{where}: parameter config: {exc}") from exc
        changes = {
            f.name: f.from_parameter(params[f.name], where)
            for f in schema.fields
            if params[f.name] != spec[f.name] or type(params[f.name]) is not type(spec[f.name])
        }
        seat_field = schema.seat_field
        if seat_field is not None and params["players"] != spec["players"]:
            players = params["players"]
            low, high = game.seats
            if type(players) is not int or not low <= players <= high:
                raise ValueError(
                    f"{where}: parameter players must be an int from {low} to {high},"
                    f" not {players!r}"
                )
            if seat_field.name in changes:
                named = changes[seat_field.name]
                count = named if seat_field.kind is int else len(named or ())
                if count != players:
                    raise ValueError(
                        f"{where}: parameter players={players} but {seat_field.name} gives {count}"
                    )
            elif game.seat_count(config) != players:
                standard = getattr(schema.default, seat_field.name)
                if seat_field.kind is int:
                    changes[seat_field.name] = players
                elif len(standard) >= players:
                    changes[seat_field.name] = standard[:players]
                else:
                    raise ValueError(
                        f"{where}: parameter players={players}: the default config names only"
                        f" {len(standard)} {seat_field.name}; give {seat_field.name}"
                    )
        if changes:
            try:
                config = attrs.evolve(config, **changes)
            except (ValueError, TypeError) as exc:
                named = [f"{k}={params[k]!r}" for k in changes if k in params]
                label = "parameter" if len(named) == 1 else "parameters"
                raise ValueError(f"{where}: {label} {', '.join(named)}: {exc}") from exc
        return config, _read_options(params, where)


def _read_options(params: Mapping[str, object], where: str) -> _Options:
    """The options of parameters ``params``; a ``ValueError`` naming the parameter at fault."""
    payoff, utility = params["payoff"], params["utility"]
    if payoff not in _PAYOFFS:
        raise ValueError(f"{where}: parameter payoff must be one of {_PAYOFFS}, not {payoff!r}")
    if utility not in _UTILITIES:
        raise ValueError(f"{where}: parameter utility must be one of {_UTILITIES}, not {utility!r}")
    numbers: dict[str, float] = {}
    for name in ("min_utility", "max_utility", "utility_sum"):
        value = params[name]
        if type(value) not in (int, float) or not math.isfinite(typing.cast(float, value)):
            raise ValueError(f"{where}: parameter {name} must be a finite float, not {value!r}")
        numbers[name] = float(typing.cast(float, value))
    if not numbers["min_utility"] < numbers["max_utility"]:
        raise ValueError(
            f"{where}: parameter min_utility ({numbers['min_utility']}) must be below"
            f" max_utility ({numbers['max_utility']})"
        )
    length = params["max_game_length"]
    if type(length) is not int or length < 1:
        raise ValueError(
            f"{where}: parameter max_game_length must be a positive int, not {length!r}"
        )
    return _Options(
        payoff,
        utility,
        (numbers["min_utility"], numbers["max_utility"]),
        numbers["utility_sum"] if utility == "constant_sum" else None,
        length,
    )


# -- the pyspiel classes --------------------------------------------------------------------------


def _game_type(pyspiel: Any, name: str, game: Game[Any, Any], defaults: _Defaults) -> Any:
    """The ``pyspiel.GameType`` of a name that plays ``game`` with ``defaults``."""
    kinds = pyspiel.GameType
    tensors = game.observation is not None and game.observation_shape is not None
    return kinds(
        short_name=name,
        long_name=f"{game.title} (tabletop-rules)",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kinds.Information.IMPERFECT_INFORMATION,
        utility=getattr(kinds.Utility, defaults.options.utility.upper()),
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=game.seats[1],
        min_num_players=game.seats[0],
        provides_information_state_string=True,
        # A tensor of fixed size has no room for a history of any length: not provided.
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification=dict(defaults.spec),
    )


@functools.cache
def _classes() -> tuple[type[Any], type[Any]]:
    """The ``pyspiel.Game`` and ``pyspiel.State`` subclasses, built once ``pyspiel`` imports."""
    pyspiel, numpy = _modules()
    game_base: Any = pyspiel.Game
    state_base: Any = pyspiel.State

    class SpielGame(game_base):  # type: ignore[misc]
        """A tabletop-rules game with one config, as a ``pyspiel.Game``."""

        def __init__(
            self,
            binding: _Binding,
            name: str,
            defaults: _Defaults,
            parameters: Mapping[str, Parameter],
        ) -> None:
            self.binding = binding
            options = binding.options
            kind = _game_type(pyspiel, name, binding.game, defaults)
            if options.utility != defaults.options.utility:
                kind = _game_type(
                    pyspiel, name, binding.game, attrs.evolve(defaults, options=options)
                )
            total = {"zero_sum": 0.0, "constant_sum": options.utility_sum}.get(options.utility)
            info = pyspiel.GameInfo(
                num_distinct_actions=binding.space.size,
                max_chance_outcomes=binding.space.size,
                num_players=binding.seats,
                min_utility=options.utility_range[0],
                max_utility=options.utility_range[1],
                utility_sum=total,
                max_game_length=options.max_game_length,
            )
            super().__init__(kind, info, dict(parameters))

        def new_initial_state(self) -> Any:
            """The start of a game (the game's ``new_game(config, seed=0)``)."""
            return SpielState(self, self.binding.root)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            """An observer of one seat's view (OpenSpiel's default observation type); of its
            whole history when ``perfect_recall``. Other kinds of observation (public
            information only, a seat's private information only, every seat's) are not
            supported: ``None``, OpenSpiel's answer for an observation a game does not give.
            Observation parameters are a ``ValueError``."""
            if isinstance(iig_obs_type, Mapping):  # OpenSpiel's make_observer(params)
                iig_obs_type, params = None, iig_obs_type
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                return None
            recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
            return Observer(self.binding, recall)

        def __reduce__(self) -> tuple[Any, ...]:
            # Pickled as its game string: a name registered in every process that imports the
            # module (the installed games), with every parameter written out.
            return (_load_game, (str(self),))

        def __deepcopy__(self, memo: dict[int, Any]) -> Any:
            return self  # immutable

        def __copy__(self) -> Any:
            return self

    class SpielState(state_base):  # type: ignore[misc]
        """A position of a tabletop-rules game, as a ``pyspiel.State``."""

        def __init__(self, spiel_game: Any, node: _Node) -> None:
            super().__init__(spiel_game)
            self.node = node

        def current_player(self) -> int:
            """The seat to act, or ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
            return self.node.player()

        def is_terminal(self) -> bool:
            """Whether the game is over."""
            return self.node.player() == _SPIEL_TERMINAL

        def _legal_actions(self, player: int) -> list[int]:
            """The numbers of the legal actions, ascending; none for a seat not to act."""
            node = self.node
            return list(node.legal()) if player == node.player() else []

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """Each chance outcome's number and its exact probability, as a float."""
            return list(self.node.outcomes())  # a list of the caller's own (MCTS shuffles it)

        def _apply_action(self, action: int) -> None:
            """Apply the action numbered ``action`` (the game raises if it is illegal)."""
            self.node = self.node.child(action)

        def _action_to_string(self, player: int, action: int) -> str:
            """The game's notation of the action numbered ``action``."""
            binding = self.node.binding
            return str(binding.game.notation(binding.space.action(action)))

        def returns(self) -> list[float]:
            """Each seat's return: the outcome's returns (or scores) at the end, else 0."""
            return self.node.returns()

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
            """A state that ``player_id`` cannot tell from this one: the game's ``redeal`` of
            its view, seeded by one draw of ``probability_sampler``.

            Args:
                player_id: the seat whose information state the new state shares.
                probability_sampler: a callable returning a float in ``[0, 1)``, such as
                    ``pyspiel.UniformProbabilitySampler(0.0, 1.0)`` (what OpenSpiel's
                    ``ISMCTSBot`` passes) or ``random.Random(7).random``.

            Returns:
                a new state of the same game: the same view and information state for
                ``player_id``, the hidden parts drawn afresh. Its ``history()`` is empty (no
                sequence of actions is known to lead to it); the other seats' information
                states start at it; the length bound counts on from this state.

            Raises:
                ValueError: ``player_id`` is not a seat, or the sampler gave a number out of
                    ``[0, 1)``.
                RuntimeError: the game's ``redeal`` gave a state whose view for ``player_id``
                    is not this one's (a broken contract of the game).
            """
            return _resample(self, player_id, probability_sampler)

        def __str__(self) -> str:
            """The game's ``render_text`` of the whole state."""
            return str(self.node.binding.game.render_text(self.node.state))

        def __reduce__(self) -> tuple[Any, ...]:
            # OpenSpiel's serialisation of the game and the state (its node pickled flat).
            text = pyspiel.serialize_game_and_state(self.get_game(), self)
            return (_load_state, (text,))

        def __deepcopy__(self, memo: dict[int, Any]) -> Any:
            return self.clone()

        def __copy__(self) -> Any:
            return self.clone()

    class Observer:
        """OpenSpiel's ``PyObserver`` of one seat's view: a string and a flat tensor."""

        def __init__(self, binding: _Binding, recall: bool) -> None:
            self.binding = binding
            self.recall = recall
            shape = binding.shape if binding.shape and not recall else (0,)
            self.tensor = numpy.zeros(math.prod(shape), numpy.float32)
            self.dict = {"view": self.tensor.reshape(shape)} if shape != (0,) else {}

        def set_from(self, spiel_state: Any, player: int) -> None:
            """Fill ``tensor`` with ``observation(view(state, player))``, flattened (nothing
            with ``perfect_recall``: the games give no information-state tensor)."""
            if self.binding.shape is not None and not self.recall:
                node: _Node = spiel_state.node
                self.tensor[:] = _observation_numbers(node.binding, node.view(player))

        def string_from(self, spiel_state: Any, player: int) -> str:
            """The view's JSON; with ``perfect_recall``, the seat's information state (the
            digest of its history of views and actions, and its view now)."""
            node: _Node = spiel_state.node
            return node.history_of(player) if self.recall else node.view_json(player)

    return SpielGame, SpielState


def _load_game(text: str) -> Any:
    """A pickled game: ``pyspiel.load_game`` of its game string."""
    pyspiel, _ = _modules()
    return pyspiel.load_game(text)


def _load_state(text: str) -> Any:
    """A pickled state: ``pyspiel.deserialize_game_and_state`` of its serialisation."""
    pyspiel, _ = _modules()
    return pyspiel.deserialize_game_and_state(text)[1]


def _resample(spiel_state: Any, player: int, sampler: Callable[[], float]) -> Any:
    """``resample_from_infostate``: a redeal of ``player``'s view, rooted where it was drawn."""
    node: _Node = spiel_state.node
    binding = node.binding
    if type(player) is not int or not 0 <= player < binding.seats:
        raise ValueError(f"player_id must be a seat from 0 to {binding.seats - 1}, not {player!r}")
    draw = float(sampler())
    if not 0.0 <= draw < 1.0:
        raise ValueError(f"probability_sampler must give a float in [0, 1), not {draw!r}")
    game = binding.game
    state = game.redeal(node.view(player), int(draw * 2**53))
    root = _Node(
        binding,
        state,
        moves=node.moves,
        chances=node.chances,
        prefix={player: node.recall(player)},
    )
    if root.view_json(player) != node.view_json(player):
        raise RuntimeError(f"{game.name}.redeal changed the view of seat {player}")
    return type(spiel_state)(spiel_state.get_game(), root)


# -- public functions -----------------------------------------------------------------------------


def load(
    game: Game[Any, Any],
    config: Any = None,
    *,
    payoff: Payoff = "returns",
    utility: Utility | None = None,
    utility_range: tuple[float, float] = (0.0, 1.0),
    utility_sum: float | None = None,
    max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
) -> Any:
    """``game`` with ``config`` as a ``pyspiel.Game``, without registering a name.

    The game's short name is ``"tabletop_"`` and the game's name, and its game string (``str()``)
    writes every parameter (see :func:`register`), so it pickles as
    ``pyspiel.load_game(str(game))`` of that name: in a process where the name is registered
    for the same game (an installed game, registered on import) it reads back.

    >>> import goblinguard as gg
    >>> spiel = load(gg.GAME)                                   # doctest: +SKIP
    >>> spiel.num_players(), spiel.num_distinct_actions()       # doctest: +SKIP
    (1, 186104)

    Args:
        game: any game with an action space (``game.action_space`` is not ``None``) whose
            config has a ``chance`` field.
        config: the game's config (``None``: its default); it is played with
            ``chance="explicit"`` whatever its own chance mode.
        payoff: the returns OpenSpiel sees: the outcome's ``"returns"`` or its ``"scores"``.
        utility: what the returns add up to; ``None`` is ``"general_sum"``, the one claim true
            of every game (and OpenSpiel's convention for one-player games). Declare
            ``"identical"`` for a cooperative game, ``"zero_sum"`` or ``"constant_sum"`` where
            the game guarantees it: every finished game is checked against it.
        utility_range: the lowest and highest return of any seat (the core's returns are
            ``0.0`` or ``1.0`` by default); every finished game is checked against it.
        utility_sum: the sum of the returns, given exactly when ``utility`` is
            ``"constant_sum"``.
        max_game_length: the bound declared to OpenSpiel on the player decisions of one game,
            which also bounds its chance nodes; a longer game raises a ``ValueError`` rather
            than break the declaration.

    Returns:
        a ``pyspiel.Game``; its states are ``pyspiel.State`` objects whose
        :func:`tabletop_state` is the game's own state.

    Raises:
        ImportError: OpenSpiel is not installed (``pip install 'tabletop-rules[openspiel]'``).
        ValueError: the game has no action space, its config has no ``chance`` field, or the
            options are not valid.
    """
    options = _options(payoff, utility, utility_range, utility_sum, max_game_length)
    spiel_game, _ = _classes()
    schema = _schema(game)
    config = attrs.evolve(schema.default if config is None else config, chance="explicit")
    defaults = _Defaults.of(schema, schema.default, _DEFAULT_OPTIONS)
    binding = _bind(game, config, options)
    return spiel_game(
        binding, f"tabletop_{game.name}", defaults, defaults.parameters(config, options)
    )


@attrs.frozen(eq=False)
class _Registration:
    """A name this process registered: its game, defaults, and whether it was on import."""

    game: Game[Any, Any]
    defaults: _Defaults
    on_import: bool


# The names this process registered. pyspiel's registry is global, so a name may be registered
# again only for the same game and defaults.
_REGISTERED: dict[str, _Registration] = {}
# The installed games registered on import, by their names.
_INSTALLED: dict[str, Game[Any, Any]] = {}


def _register(
    pyspiel: Any, game: Game[Any, Any], name: str, defaults: _Defaults, on_import: bool
) -> None:
    """Register ``name`` with pyspiel, playing ``game`` with ``defaults``."""
    spiel_game, _ = _classes()
    where = name

    class Registered(spiel_game):  # type: ignore[misc,valid-type]
        # A class, as OpenSpiel's own Python games register: pyspiel's registry holds it until
        # the interpreter has shut down, and a class, unlike a function, is never freed then.
        def __init__(self, params: Mapping[str, object] | None = None) -> None:
            config, options = defaults.resolve(params or {}, where)
            binding = _bind(game, config, options)
            super().__init__(binding, name, defaults, defaults.parameters(config, options))

    Registered.__name__ = Registered.__qualname__ = f"Registered_{name}"
    pyspiel.register_game(_game_type(pyspiel, name, game, defaults), Registered)
    _REGISTERED[name] = _Registration(game, defaults, on_import)


def register(
    game: Game[Any, Any],
    *,
    config: Any = None,
    name: str | None = None,
    payoff: Payoff = "returns",
    utility: Utility | None = None,
    utility_range: tuple[float, float] = (0.0, 1.0),
    utility_sum: float | None = None,
    max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
) -> str:
    """Register ``game`` with OpenSpiel; return the name ``pyspiel.load_game`` knows it by.

    The arguments are the defaults of the registered game's parameters (the OpenSpiel page of
    the documentation lists them): ``pyspiel.load_game(name)`` plays ``config`` with these
    options, and ``pyspiel.load_game(name, {"players": 2, "payoff": "scores", ...})`` another
    config or other options. Registered games, their states included, pickle and serialise
    (``pyspiel.serialize_game_and_state``) in any process where the name is registered the
    same way.

    Importing this module already registered every installed game under its default name
    (``tabletop_goblinguard`` …) with its default config and options: registering it again so
    returns the name, and registering it under that name with other defaults is a
    ``ValueError`` — give the other defaults as parameters, or register them under another
    ``name``.

    Args:
        game: as for :func:`load`.
        config: the config the name plays by default (``None``: the game's default).
        name: the OpenSpiel short name, of letters, digits and underscores (default:
            ``"tabletop_"`` and the game's name, such as ``tabletop_goblinguard``).
        payoff: as for :func:`load`.
        utility: as for :func:`load`.
        utility_range: as for :func:`load`.
        utility_sum: as for :func:`load`.
        max_game_length: as for :func:`load`.

    Returns:
        the registered name, a ``str``. Registering the same name again with the same arguments
        does nothing and returns it.

    Raises:
        ImportError: OpenSpiel is not installed.
        ValueError: as for :func:`load`; or the name is not valid, is one of OpenSpiel's own
            games, or is registered already for another game or other defaults.
    """
    options = _options(payoff, utility, utility_range, utility_sum, max_game_length)
    pyspiel, _ = _modules()
    name = f"tabletop_{game.name}" if name is None else name
    if not name or not all(c.isascii() and (c.isalnum() or c == "_") for c in name):
        raise ValueError(f"an OpenSpiel name is letters, digits and underscores, not {name!r}")
    schema = _schema(game)
    config = attrs.evolve(schema.default if config is None else config, chance="explicit")
    defaults = _Defaults.of(schema, config, options)
    known = _REGISTERED.get(name)
    if known is not None:
        if known.game == game and known.defaults.spec == defaults.spec:
            return name
        if known.on_import and known.game == game:
            given = {k: v for k, v in defaults.spec.items() if known.defaults.spec.get(k) != v}
            raise ValueError(
                f"{name!r} is registered on import with the game's default config and options;"
                f" give yours as its parameters, pyspiel.load_game({name!r}, {given!r}), or"
                f" register them under another name (name=...)"
            )
        raise ValueError(f"{name!r} is already registered for another game, config or options")
    if name in pyspiel.registered_names():
        raise ValueError(f"{name!r} is already the name of an OpenSpiel game")
    _register(pyspiel, game, name, defaults, on_import=False)
    return name


def config_parameter(game: Game[Any, Any], config: Any) -> str:
    """The value of a registered game's ``config`` parameter that plays ``config``.

    It is the game's JSON of the config (in explicit chance mode), base64-encoded with the
    URL-safe alphabet and no padding, so that OpenSpiel's game strings — which separate
    parameters with commas and parentheses — carry it intact.

    >>> import goblinguard as gg
    >>> text = config_parameter(gg.GAME, gg.Config())
    >>> text.isascii() and text.replace("-", "").replace("_", "").isalnum()
    True

    Args:
        game: the game.
        config: one of its configs.

    Returns:
        the parameter's value, a ``str`` of ASCII letters, digits, ``-`` and ``_``.
    """
    text = game.dumps(attrs.evolve(config, chance="explicit"))
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def _config_from(game: Game[Any, Any], text: str) -> Any:
    """The config of a ``config`` parameter: :func:`config_parameter`'s text (or plain JSON)."""
    if not text.lstrip().startswith("{"):
        try:
            text = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
        except ValueError as exc:
            raise ValueError(f"{game.name}: not a config parameter: {text[:40]!r}") from exc
    return game.loads(text, game.config_type)


def tabletop_state(spiel_state: Any) -> Any:
    """The game's own state behind a ``pyspiel.State`` of a game made by :func:`load` or
    :func:`register`: read its outcome, scores or picture with the game's functions.

    Args:
        spiel_state: a ``pyspiel.State`` of a game made by this module.

    Returns:
        the game's state (of its ``State`` type, in explicit chance mode).

    Raises:
        TypeError: ``spiel_state`` is not a state of a game made by this module.
    """
    node = getattr(spiel_state, "node", None)
    if not isinstance(node, _Node):
        raise TypeError(f"not a state of a tabletop-rules OpenSpiel game: {spiel_state!r}")
    return node.state


def spiel_state(spiel_game: Any, state: Any) -> Any:
    """A ``pyspiel.State`` of ``spiel_game`` at the game's own ``state``: the other direction
    of :func:`tabletop_state`, to search or evaluate a position reached outside OpenSpiel (a
    saved game, a puzzle, a position of a front end).

    The state is a root: its ``history()`` is empty and its ``move_number()`` 0 (no sequence of
    OpenSpiel actions is known to lead to it), each seat's information state starts with its
    view of ``state``, and the length bound counts from it. It clones, pickles and serialises
    like any other.

    >>> import goblinguard as gg
    >>> import pyspiel                                                    # doctest: +SKIP
    >>> game = pyspiel.load_game("tabletop_goblinguard")                  # doctest: +SKIP
    >>> start = gg.new_game(gg.Config(chance="explicit"), seed=3)
    >>> spiel_state(game, start).history()                               # doctest: +SKIP
    []

    Args:
        spiel_game: a ``pyspiel.Game`` made by :func:`load`, :func:`register` or the
            registration on import.
        state: a state of that game with the same config, in explicit chance mode
            (``config.chance == "explicit"``).

    Returns:
        a ``pyspiel.State`` whose :func:`tabletop_state` is ``state``.

    Raises:
        TypeError: ``spiel_game`` is not a game made by this module, or ``state`` is not one
            of its states.
        ValueError: ``state`` is not in explicit chance mode, or its config is not the game's.
    """
    binding = getattr(spiel_game, "binding", None)
    if not isinstance(binding, _Binding):
        raise TypeError(f"not a tabletop-rules OpenSpiel game: {spiel_game!r}")
    game = binding.game
    if not isinstance(state, game.state_type):
        raise TypeError(f"state must be a {game.name} state, not {type(state).__name__}")
    config = getattr(state, "config", None)
    if getattr(config, "chance", None) != "explicit":
        raise ValueError(
            f"state must be in explicit chance mode (config.chance='explicit'), not"
            f" {getattr(config, 'chance', None)!r}"
        )
    if config != binding.config:
        raise ValueError(f"state's config is not the config {spiel_game} plays")
    _, spiel_state_type = _classes()
    return spiel_state_type(spiel_game, _Node(binding, state))


# -- registration on import -----------------------------------------------------------------------


def _installed_games() -> list[Game[Any, Any]]:
    """The installed games (the entry-point group's; the first of a name wins), loadable ones."""
    found: dict[str, Game[Any, Any]] = {}
    for ep in entry_points(group=_GROUP):
        if ep.name in found:
            continue
        try:
            value = ep.load()
        except Exception as exc:  # a broken third-party game must not break this import
            warnings.warn(
                f"tabletop_rules.openspiel: cannot load game {ep.name!r} ({ep.value}):"
                f" {type(exc).__name__}: {exc}",
                RuntimeWarning,
                stacklevel=3,
            )
            continue
        if isinstance(value, Game):
            found[ep.name] = value
    return list(found.values())


def _register_installed() -> None:
    """Register every installed game that OpenSpiel can play, when OpenSpiel is installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return
    known = set(pyspiel.registered_names())
    for game in _installed_games():
        name = f"tabletop_{game.name}"
        if name in known or name in _REGISTERED:
            continue
        try:
            schema = _schema(game)
        except ValueError:
            continue  # no action space or no explicit chance: not an OpenSpiel game
        try:
            defaults = _Defaults.of(schema, schema.default, _DEFAULT_OPTIONS)
            _register(pyspiel, game, name, defaults, on_import=True)
        except Exception as exc:  # a third-party game whose parameters cannot be written
            warnings.warn(
                f"tabletop_rules.openspiel: cannot register {name}: {type(exc).__name__}: {exc}",
                RuntimeWarning,
                stacklevel=2,
            )
            continue
        _INSTALLED[game.name] = game


_register_installed()
