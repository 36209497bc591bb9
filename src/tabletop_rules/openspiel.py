"""OpenSpiel for every game: any :class:`~tabletop_rules.Game` as a ``pyspiel`` Python game.

:func:`load` turns a game and a config into a ``pyspiel.Game`` that OpenSpiel's algorithms, bots
and tests accept (MCTS, policy evaluation, expectiminimax and CFR on small games,
``pyspiel.random_sim_test`` …); :func:`register` also registers it under a name, so that
``pyspiel.load_game(name)`` finds it and OpenSpiel can serialise its states. Nothing here knows a
particular game: everything comes from the per-game API, the game's
:attr:`~tabletop_rules.Game.action_space` and its :attr:`~tabletop_rules.Game.observation`.

OpenSpiel is an optional dependency (``pip install "tabletop-rules[openspiel]"``). This module
imports without it; ``pyspiel`` and NumPy (a dependency of OpenSpiel) are imported on the first
call of :func:`load` or :func:`register`, which raise an ``ImportError`` naming the extra when
OpenSpiel is missing.

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
  changed, and its own actions — so it has perfect recall; ``information_state_tensor`` is the
  observation tensor (a view holds no history, and a tensor of fixed size cannot).
"""

from __future__ import annotations

import base64
import functools
import importlib
import math
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import attrs

from ._spaces import flatten
from ._values import CHANCE

if TYPE_CHECKING:
    from ._game import Game
    from ._spaces import ActionSpace

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "Payoff",
    "Utility",
    "config_parameter",
    "load",
    "register",
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
_UTILITIES: tuple[Utility, ...] = ("general_sum", "zero_sum", "constant_sum", "identical")
_PAYOFFS: tuple[Payoff, ...] = ("returns", "scores")
# The slack allowed when the sum of the returns is checked against a declaration.
_TOLERANCE = 1e-9


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


@attrs.frozen(eq=False)
class _Binding:
    """One game with one config, and what OpenSpiel asks of them, computed once."""

    game: Game[Any, Any]
    config: Any
    options: _Options
    seats: int
    space: ActionSpace[Any]
    shape: tuple[int, ...] | None
    start: Any

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


@attrs.frozen(eq=False)
class _Node:
    """One position of an OpenSpiel trajectory: the game's state and how it was reached.

    Nodes are immutable and linked to their parents, so an OpenSpiel clone copies one reference,
    and the history that information states read is shared between clones.
    """

    binding: _Binding
    state: Any
    parent: _Node | None = None
    actor: int = CHANCE
    action: int = -1
    moves: int = 0
    chances: int = 0
    # The JSON of each seat's view, filled on first use: a cache, never compared.
    views: dict[int, str] = attrs.field(factory=dict, repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def view_json(self, seat: int) -> str:
        """The game's JSON of ``seat``'s view of this position."""
        found = self.views.get(seat)
        if found is None:
            game = self.binding.game
            found = self.views[seat] = game.dumps(game.view(self.state, seat))
        return found

    def history_of(self, seat: int) -> str:
        """``seat``'s information state, one line each: the views it saw (a line each time its
        view changed) and its own actions, from the start to this position."""
        path = []
        node: _Node | None = self
        while node is not None:
            path.append(node)
            node = node.parent
        space, game = self.binding.space, self.binding.game
        lines: list[str] = []
        last = None
        for node in reversed(path):
            if node.parent is not None and node.actor == seat:
                lines.append(f"seat {seat} played {game.notation(space.action(node.action))}")
            seen = node.view_json(seat)
            if seen != last:
                lines.append(seen)
                last = seen
        return "\n".join(lines)


def _bind(game: Game[Any, Any], config: Any, options: _Options) -> _Binding:
    """Check that ``game`` can be played through OpenSpiel with ``config``; bind them."""
    if game.action_space is None:
        raise ValueError(f"{game.name} has no action_space: OpenSpiel needs numbered actions")
    config = game.config_type() if config is None else config
    if not attrs.has(type(config)) or "chance" not in attrs.fields_dict(type(config)):
        raise ValueError(
            f"{game.name}'s config has no chance field: OpenSpiel needs explicit chance"
        )
    config = attrs.evolve(config, chance="explicit")
    shape = None
    if game.observation is not None and game.observation_shape is not None:
        shape = tuple(game.observation_shape(config))
    return _Binding(
        game=game,
        config=config,
        options=options,
        seats=game.seat_count(config),
        space=game.action_space(config),
        shape=shape,
        start=game.new_game(config, seed=0),
    )


@functools.cache
def _classes() -> tuple[type[Any], type[Any]]:
    """The ``pyspiel.Game`` and ``pyspiel.State`` subclasses, built once ``pyspiel`` imports."""
    pyspiel, numpy = _modules()
    kinds = pyspiel.GameType
    game_base: Any = pyspiel.Game
    state_base: Any = pyspiel.State

    class SpielGame(game_base):  # type: ignore[misc]
        """A tabletop-rules game with one config, as a ``pyspiel.Game``."""

        def __init__(self, binding: _Binding, name: str) -> None:
            self.binding = binding
            options = binding.options
            tensors = binding.shape is not None
            parameter = config_parameter(binding.game, binding.config)
            kind = kinds(
                short_name=name,
                long_name=f"{binding.game.title} (tabletop-rules)",
                dynamics=kinds.Dynamics.SEQUENTIAL,
                chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC,
                information=kinds.Information.IMPERFECT_INFORMATION,
                utility=getattr(kinds.Utility, options.utility.upper()),
                reward_model=kinds.RewardModel.TERMINAL,
                max_num_players=binding.game.seats[1],
                min_num_players=binding.game.seats[0],
                provides_information_state_string=True,
                provides_information_state_tensor=tensors,
                provides_observation_string=True,
                provides_observation_tensor=tensors,
                parameter_specification={"config": parameter},
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
            super().__init__(kind, info, {"config": parameter})

        def new_initial_state(self) -> Any:
            """The start of a game (the game's ``new_game(config, seed=0)``)."""
            return SpielState(self, _Node(self.binding, self.binding.start))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            """An observer of one seat's view (OpenSpiel's default observation type); of its
            whole history when ``perfect_recall``. Other kinds of observation (public
            information only, every seat's private information) are a ``ValueError``."""
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                raise ValueError("only a seat's own view (public and its private information)")
            recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
            return Observer(self.binding, recall)

    class SpielState(state_base):  # type: ignore[misc]
        """A position of a tabletop-rules game, as a ``pyspiel.State``."""

        def __init__(self, spiel_game: Any, node: _Node) -> None:
            super().__init__(spiel_game)
            self.node = node

        def current_player(self) -> int:
            """The seat to act, or ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
            game, state = self.node.binding.game, self.node.state
            seat = None if game.is_over(state) else game.current_player(state)
            if seat is None:
                return int(pyspiel.PlayerId.TERMINAL)
            return int(pyspiel.PlayerId.CHANCE) if seat == CHANCE else int(seat)

        def is_terminal(self) -> bool:
            """Whether the game is over."""
            return bool(self.node.binding.game.is_over(self.node.state))

        def _legal_actions(self, player: int) -> list[int]:
            """The numbers of the legal actions, ascending; none for a seat not to act."""
            if player != self.current_player():
                return []
            binding = self.node.binding
            return sorted(binding.space.indices(binding.game.legal_actions(self.node.state)))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """Each chance outcome's number and its exact probability, as a float."""
            binding = self.node.binding
            found = binding.game.chance_outcomes(self.node.state)
            return sorted((binding.space.index(a), float(p)) for a, p in found)

        def _apply_action(self, action: int) -> None:
            """Apply the action numbered ``action`` (the game raises if it is illegal)."""
            node = self.node
            binding = node.binding
            seat = self.current_player()
            chance = seat == int(pyspiel.PlayerId.CHANCE)
            moves, chances = node.moves + (not chance), node.chances + chance
            limit = binding.options.max_game_length
            if max(moves, chances) > limit:
                raise ValueError(f"{binding.game.name} is longer than max_game_length={limit}")
            state = binding.game.apply(node.state, binding.space.action(action))
            actor = CHANCE if chance else seat
            self.node = _Node(binding, state, node, actor, action, moves, chances)

        def _action_to_string(self, player: int, action: int) -> str:
            """The game's notation of the action numbered ``action``."""
            binding = self.node.binding
            return str(binding.game.notation(binding.space.action(action)))

        def returns(self) -> list[float]:
            """Each seat's return: the outcome's returns (or scores) at the end, else 0."""
            return self.node.binding.payoffs(self.node.state)

        def __str__(self) -> str:
            """The game's ``render_text`` of the whole state."""
            return str(self.node.binding.game.render_text(self.node.state))

    class Observer:
        """OpenSpiel's ``PyObserver`` of one seat's view: a string and a flat tensor."""

        def __init__(self, binding: _Binding, recall: bool) -> None:
            self.binding = binding
            self.recall = recall
            shape = binding.shape or (0,)
            self.tensor = numpy.zeros(math.prod(shape), numpy.float32)
            self.dict = {"view": self.tensor.reshape(shape)} if binding.shape else {}

        def set_from(self, spiel_state: Any, player: int) -> None:
            """Fill ``tensor`` with ``observation(view(state, player))``, flattened."""
            game = self.binding.game
            if self.binding.shape is not None and game.observation is not None:
                view = game.view(spiel_state.node.state, player)
                self.tensor[:] = flatten(game.observation(view))

        def string_from(self, spiel_state: Any, player: int) -> str:
            """The view's JSON; with ``perfect_recall``, the seat's history of views and actions."""
            node: _Node = spiel_state.node
            return node.history_of(player) if self.recall else node.view_json(player)

    return SpielGame, SpielState


def _options(
    payoff: Payoff,
    utility: Utility | None,
    utility_range: tuple[float, float],
    utility_sum: float | None,
    max_game_length: int,
) -> _Options:
    return _Options(payoff, utility or "general_sum", utility_range, utility_sum, max_game_length)


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
    """``game`` with ``config`` as a ``pyspiel.Game`` (a Python game, not registered by name).

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
    return spiel_game(_bind(game, config, options), f"tabletop_{game.name}")


# The names this process registered, with what for. pyspiel's registry is global, so a name may
# be registered again only for the same game, config and options.
_REGISTERED: dict[str, tuple[Game[Any, Any], str, _Options]] = {}


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

    The registered game has one parameter, ``config`` (see :func:`config_parameter`), whose
    default plays ``config``: ``pyspiel.load_game(name)`` plays that config, and
    ``pyspiel.load_game(name, {"config": config_parameter(game, other)})`` another one with the
    same options. Registered games' states can be serialised by OpenSpiel
    (``pyspiel.serialize_game_and_state``).

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
            games, or was registered by this process for another game, config or options.
    """
    options = _options(payoff, utility, utility_range, utility_sum, max_game_length)
    spiel_game, _ = _classes()
    pyspiel, _ = _modules()
    name = f"tabletop_{game.name}" if name is None else name
    if not name or not all(c.isascii() and (c.isalnum() or c == "_") for c in name):
        raise ValueError(f"an OpenSpiel name is letters, digits and underscores, not {name!r}")
    binding = _bind(game, config, options)
    default = config_parameter(game, binding.config)
    key = (game, default, options)
    if name in _REGISTERED:
        if _REGISTERED[name] != key:
            raise ValueError(f"{name!r} is already registered for another game, config or options")
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"{name!r} is already the name of an OpenSpiel game")

    class Registered(spiel_game):  # type: ignore[misc,valid-type]
        # A class, as OpenSpiel's own Python games register: pyspiel's registry holds it until
        # the interpreter has shut down, and a class, unlike a function, is never freed then.
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            text = str((params or {}).get("config", default))
            chosen = binding if text == default else _bind(game, _config_from(game, text), options)
            super().__init__(chosen, name)

    Registered.__name__ = Registered.__qualname__ = f"Registered_{name}"
    pyspiel.register_game(Registered().get_type(), Registered)
    _REGISTERED[name] = key
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
