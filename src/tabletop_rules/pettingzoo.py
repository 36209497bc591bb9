"""Any game as a `PettingZoo <https://pettingzoo.farama.org>`_ AEC environment.

:func:`env` wraps a :class:`~tabletop_rules.Game` that has an action space and observations
(``GAME.action_space``, ``GAME.observation`` and ``GAME.observation_shape``; see :doc:`spaces`)
in a :class:`TabletopAECEnv`, PettingZoo's *agent environment cycle* API: one agent acts at a
time, the one the rules ask.

* Agents are ``"player_0"``, ``"player_1"`` … one per seat of the config
  (``game.seat_count(config)``), in seat order, as in PettingZoo's classic games.
* ``agent_selection`` is the seat that must answer now (``game.current_player``): it may repeat
  or jump, as when a seat answers out of turn.
* Chance (:data:`~tabletop_rules.CHANCE`, in explicit chance mode) is never an agent: the
  environment samples its answers with :func:`~tabletop_rules.sample_chance`, from the stream
  :func:`~tabletop_rules.play` would use for the same seed.
* An action is a number of the game's action space — or, with ``decompose=True``, a
  *sub-action*: a move is then chosen as a short sequence of small choices (its kind, then each
  of its parts), at most a few hundred numbers in every game; an observation is a dict of the
  game's observation of the agent's view and the mask of its legal actions (and, decomposed,
  the parts of the move chosen so far).
* Rewards are 0 until the game ends, then each seat's ``outcome().returns``; with
  ``payoff="scores"`` each step pays the change of each seat's score, so that an episode's
  rewards add up to its ``outcome().scores``.
* ``on_illegal="penalize"`` ends the game on an illegal action, the offender earning
  ``illegal_reward``, as PettingZoo's ``TerminateIllegalWrapper`` does.
* :meth:`TabletopAECEnv.state` is every seat's observation stacked, for centralised critics.
* ``skip_forced=True`` plays every decision that has a single legal answer inside, without
  asking its agent; the actions still go into :meth:`TabletopAECEnv.record`.
* Environments pickle and deep-copy, at any point of an episode.
* :class:`RLlibObservations` renames the observation's key for RLlib's action-masking modules.

PettingZoo, Gymnasium and NumPy are needed only to build an environment: install them with the
``pettingzoo`` extra (``pip install "tabletop-rules[pettingzoo]"``). This module imports without
them, and constructing an environment then raises an :class:`ImportError` saying so. The
module is not imported by :mod:`tabletop_rules`; import it as ``tabletop_rules.pettingzoo``.
"""

from __future__ import annotations

import math
import operator
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, SupportsIndex, TypedDict

from typing_extensions import Unpack

from ._decompose import Decomposition, Move, decomposition
from ._errors import IllegalActionError
from ._game import Game
from ._play import sample_chance
from ._raster import Rasterizer
from ._raster import available as _raster_available
from ._record import Record
from ._rng import Rng
from ._spaces import NotInSpaceError
from ._values import CHANCE, Seat

if TYPE_CHECKING:
    from ._spaces import ActionSpace

__all__ = [
    "AECOptions",
    "ON_ILLEGAL",
    "PAYOFFS",
    "RLlibObservations",
    "TabletopAECEnv",
    "env",
    "running_scores",
]

_INSTALL = 'pip install "tabletop-rules[pettingzoo]"'
_RENDER_MODES = ("human", "ansi", "svg", "rgb_array")

ON_ILLEGAL = ("raise", "penalize")
"""The values ``on_illegal`` takes: ``"raise"`` (an illegal action raises
:class:`~tabletop_rules.IllegalActionError` and changes nothing) and ``"penalize"``."""

PAYOFFS = ("returns", "scores")
"""The values ``payoff`` takes: ``"returns"`` (the outcome's returns at the end) and
``"scores"`` (each step pays the change of each seat's score)."""

if TYPE_CHECKING:
    from pettingzoo import AECEnv as _AECEnv
    from pettingzoo.utils import BaseWrapper as _BaseWrapper
else:
    try:
        from pettingzoo import AECEnv as _AECEnv
        from pettingzoo.utils import BaseWrapper as _BaseWrapper
    except ImportError:  # the module still imports (and is documented) without the extra

        class _AECEnv:
            """Stands in for ``pettingzoo.AECEnv`` when PettingZoo is not installed."""

            def __init__(self) -> None:
                raise ImportError(f"tabletop_rules.pettingzoo needs PettingZoo: {_INSTALL}")

        class _BaseWrapper:
            """Stands in for ``pettingzoo.utils.BaseWrapper`` when PettingZoo is not installed."""

            def __init__(self, env: Any) -> None:
                raise ImportError(f"tabletop_rules.pettingzoo needs PettingZoo: {_INSTALL}")


def _imports() -> tuple[Any, Any]:
    """``numpy`` and ``gymnasium.spaces``, or an ImportError naming the extra."""
    try:
        import numpy as np
        import pettingzoo  # noqa: F401
        from gymnasium import spaces as gym_spaces
    except ImportError as exc:
        raise ImportError(
            f"tabletop_rules.pettingzoo needs PettingZoo, Gymnasium and NumPy: {_INSTALL} ({exc})"
        ) from exc
    return np, gym_spaces


def _agent_name(seat: Seat) -> str:
    return f"player_{seat}"


# -- scores as the game goes ----------------------------------------------------------------------


def _goblinguard_scores(state: Any) -> tuple[float, ...]:
    return (float(len(state.defeated)),)


def _grimheim_scores(state: Any) -> tuple[float, ...]:
    return (float(state.town),) * len(state.heroes)


def _kinmarr_scores(state: Any) -> tuple[float, ...]:
    cards = state.config.rules.card
    return tuple(
        0.0
        if player.tile is None
        else float(
            sum(
                1 if cards[card].kind == "ability" else cards[card].value
                for card in (*player.hand, *player.slots)
            )
        )
        for player in state.players
    )


_RUNNING_SCORES: dict[str, Callable[[Any], tuple[float, ...]]] = {
    "goblinguard": _goblinguard_scores,
    "grimheim": _grimheim_scores,
    "kinmarr": _kinmarr_scores,
}


def running_scores(game: Game[Any, Any]) -> Callable[[Any], tuple[float, ...]] | None:
    """The score of every seat of a running game, the one ``payoff="scores"`` pays as it
    changes, or ``None`` for a game whose score is known only at its end.

    For the games of this distribution, read from the state: Guards & Goblins, the goblins and
    hobgoblins defeated so far; Defenders of Grimheim, the town pieces standing, for every
    hero; Fated Kingdom, each guild's score as K8 counts it (the value of the Items, defeated
    creatures and towers it holds, plus 1 per Ability; 0 once its character is dead). At the
    end of a game the outcome's ``scores`` are paid instead, so an episode's rewards always add
    up to them.

    >>> import goblinguard
    >>> running_scores(goblinguard.GAME)(goblinguard.new_game(seed=1))
    (0.0,)
    """
    return _RUNNING_SCORES.get(game.name)


def _bounds(game: Game[Any, Any], config: Any) -> tuple[float, float]:
    """The lowest and highest number of any observation: ``game.observation_bounds(config)``,
    or minus and plus infinity for a game that publishes none.

    Raises:
        ValueError: the game's bounds are not two numbers, the first below the second.
    """
    if game.observation_bounds is None:
        return -math.inf, math.inf
    found = game.observation_bounds(config)
    try:
        low, high = (float(x) for x in found if not isinstance(x, bool))
    except (TypeError, ValueError):
        low = high = math.nan
    if not low < high:
        raise ValueError(
            f"{game.name}: observation_bounds(config) gave {found!r}, not two numbers, the "
            "lowest below the highest"
        )
    return low, high


def _check_flag(name: str, value: object) -> bool:
    """``value`` if it is a ``bool``.

    Raises:
        TypeError: it is not.
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} is True or False, not {value!r}")
    return value


def _check_illegal_reward(value: object) -> float:
    """``value`` as a float if it is a finite negative number.

    Raises:
        TypeError: it is not a number.
        ValueError: it is not finite and negative.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"illegal_reward is a number, not {value!r}")
    if not -math.inf < value < 0:
        raise ValueError(f"illegal_reward is a finite negative number, not {value!r}")
    return float(value)


def _render_modes(game: Game[Any, Any]) -> tuple[str, ...]:
    """The render modes of an environment of ``game``: ``"human"`` and ``"ansi"`` always;
    ``"svg"`` for a game that draws pictures; ``"rgb_array"`` for one that draws pictures when
    the ``raster`` extra is installed."""
    if game.render_svg is None:
        return _RENDER_MODES[:2]
    return _RENDER_MODES if _raster_available() else _RENDER_MODES[:3]


class TabletopAECEnv(_AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """A game as a PettingZoo ``AECEnv``: one agent per seat, chance sampled inside.

    Build one with :func:`env` (the same arguments). Call :meth:`reset` before anything else.

    Args:
        game: the game; it must have ``action_space``, ``observation`` and
            ``observation_shape`` (every game of this distribution has).
        config: the game's config (``None``: the game's default ``game.config_type()``); it
            fixes the seats, the action space and the observation shape.
        render_mode: ``None``, ``"human"`` (:meth:`reset` and every :meth:`step` print
            ``game.render_text`` of the whole state; :meth:`render` prints it and returns
            ``None``), ``"ansi"`` (:meth:`render` returns that text), ``"svg"``
            (``game.render_svg`` of the whole state, for a game that has one) or
            ``"rgb_array"`` (that picture as pixels, with the ``raster`` extra).
        max_steps: ``None`` (the default: a game runs to its end), or the number of actions the
            agents may take before the game is cut short: every agent is then *truncated*, with
            reward 0. Forced actions played by ``skip_forced`` do not count, nor do the
            sub-actions of ``decompose`` (a move counts once).
        skip_forced: ``False`` (the default: every decision goes to its agent), or ``True``:
            a decision with exactly one legal action is answered inside, by that action, after
            :meth:`reset` and after each :meth:`step`, like chance. The agents are asked only
            real choices; the forced actions go into :meth:`record` like any other, and the
            rewards of a game that ends on one reach every agent as usual.
        decompose: ``False`` (the default: an action is a number of the game's action space),
            or ``True``: an action is a *sub-action*, and a move is chosen as a short sequence
            of them — its kind, then each of its fields (the card, the area, the target …), the
            steps whose legal actions all agree taken inside; the move is played when one legal
            action is left. The action space is then the sub-actions
            (:attr:`sub_actions`, a few hundred in every game) and the observation holds the
            move chosen so far. See :doc:`/spaces`.
        payoff: ``"returns"`` (the default: 0 until the game ends, then the outcome's
            ``returns``) or ``"scores"``: each step pays every seat the change of its score
            (:func:`running_scores`), the last one up to the outcome's ``scores``, so an
            episode's rewards add up to them.
        on_illegal: ``"raise"`` (the default: an illegal action raises
            :class:`~tabletop_rules.IllegalActionError` and changes nothing) or ``"penalize"``:
            an illegal action ends the game, as PettingZoo's ``TerminateIllegalWrapper`` does —
            every agent is terminated, the offender's reward is ``illegal_reward`` and the
            others' 0, and the offender's info holds ``"illegal"``, the reason. For tools that
            step with unmasked actions, such as PettingZoo's ``state_test``.
        illegal_reward: the reward of an illegal action under ``"penalize"`` (``-1.0`` by
            default); a finite negative number.

    Attributes:
        game (Game): the game.
        config (Any): its config.
        render_mode (str | None): the render mode.
        max_steps (int | None): the step cap, or ``None``.
        skip_forced (bool): whether forced decisions are answered inside.
        decompose (bool): whether actions are sub-actions.
        sub_actions (tuple[str, ...] | None): with ``decompose``, each sub-action's words, by
            number (a kind's class name, a value's text); ``None`` without.
        payoff (str): ``"returns"`` or ``"scores"``.
        on_illegal (str): ``"raise"`` or ``"penalize"``.
        illegal_reward (float): the reward of an illegal action under ``"penalize"``.
        state_space (Any): the space of :meth:`state`, a ``gymnasium.spaces.Box`` of
            ``float32`` of shape ``(seats, *observation_shape(config))``, with the
            observations' bounds.
        possible_agents (list[str]): ``"player_0"``, ``"player_1"`` … one per seat.
        agents (list[str]): the agents still in the game: all of them until it ends, then fewer
            as each one takes its last (``None``) step; empty before :meth:`reset`.
        agent_selection (str): the agent that must act now.
        rewards (dict[str, float]): each agent's reward of the last step: see ``payoff``.
        terminations (dict[str, bool]): ``True`` for every agent once the game is over (or
            ended by a penalized illegal action).
        truncations (dict[str, bool]): ``True`` for every agent once ``max_steps`` is reached.
        infos (dict[str, dict[str, Any]]): an empty dict per agent (``{"illegal": reason}``
            for the offender of a penalized illegal action).
        metadata (dict[str, Any]): ``"name"`` (the game's name and the environment's version,
            ``"kinmarr_v0"``), ``"render_modes"``, ``"render_fps"`` and ``"is_parallelizable"``
            (``False``: the seats of these games do not act at once).

    Raises:
        TypeError: the game has no action space or no observations, or a flag or
            ``illegal_reward`` has the wrong type.
        ValueError: ``render_mode`` is not one the game supports, ``max_steps`` is below 1,
            ``payoff`` or ``on_illegal`` is unknown, ``illegal_reward`` is not a finite
            negative number, or the game's ``observation_bounds`` are not a low below a high.
        ImportError: PettingZoo, Gymnasium or NumPy is missing (install the ``pettingzoo``
            extra), or ``render_mode="rgb_array"`` without the ``raster`` extra.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        config: Any = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        skip_forced: bool = False,
        decompose: bool = False,
        payoff: str = "returns",
        on_illegal: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        np, gym_spaces = _imports()
        super().__init__()
        action_space = game.action_space
        observation = game.observation
        observation_shape = game.observation_shape
        if action_space is None or observation is None or observation_shape is None:
            raise TypeError(
                f"{game.name} has no action space or no observations, so it cannot be a "
                "PettingZoo environment (see Game.action_space and Game.observation)"
            )
        modes = _render_modes(game)
        if render_mode is not None and render_mode not in modes:
            hint = (
                f" (the rgb_array mode needs the raster extra: {_RASTER_INSTALL})"
                if render_mode == "rgb_array" and game.render_svg is not None
                else ""
            )
            raise ValueError(
                f"{game.name} has no render mode {render_mode!r}; it has {', '.join(modes)}{hint}"
            )
        if max_steps is not None and (isinstance(max_steps, bool) or max_steps < 1):
            raise ValueError(f"max_steps is a positive number of steps or None, not {max_steps!r}")
        if payoff not in PAYOFFS:
            raise ValueError(f"payoff is 'returns' or 'scores', not {payoff!r}")
        if on_illegal not in ON_ILLEGAL:
            raise ValueError(f"on_illegal is 'raise' or 'penalize', not {on_illegal!r}")
        self.skip_forced = _check_flag("skip_forced", skip_forced)
        self.decompose = _check_flag("decompose", decompose)
        self.illegal_reward = _check_illegal_reward(illegal_reward)
        self.payoff = payoff
        self.on_illegal = on_illegal
        self.game = game
        self.config = game.config_type() if config is None else config
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata: dict[str, Any] = {
            "name": f"{game.name}_v0",
            "render_modes": list(modes),
            "render_fps": 1,
            "is_parallelizable": False,
        }
        self._observation: Callable[[Any], Any] = game.observation_array or (_Tuples(observation))
        self._space: ActionSpace[Any] = action_space(self.config)
        self._shape = tuple(observation_shape(self.config))
        self._tree: Decomposition | None = (
            decomposition(game, self.config) if self.decompose else None
        )
        self.sub_actions: tuple[str, ...] | None = None if self._tree is None else self._tree.labels
        self._size = self._space.size if self._tree is None else self._tree.size
        self._running = running_scores(game) if payoff == "scores" else None
        self._raster = Rasterizer() if render_mode == "rgb_array" else None
        seats = game.seat_count(self.config)
        self.possible_agents = [_agent_name(seat) for seat in range(seats)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_spaces = {
            agent: gym_spaces.Discrete(self._size) for agent in self.possible_agents
        }
        low, high = _bounds(game, self.config)
        self._observation_spaces = {}
        for agent in self.possible_agents:
            spaces = {
                "observation": gym_spaces.Box(
                    low=low, high=high, shape=self._shape, dtype=np.float32
                ),
                "action_mask": gym_spaces.Box(low=0, high=1, shape=(self._size,), dtype=np.int8),
            }
            if self._tree is not None:
                spaces["chosen"] = gym_spaces.Box(
                    low=0, high=1, shape=(self._tree.depth, self._tree.size), dtype=np.float32
                )
            self._observation_spaces[agent] = gym_spaces.Dict(spaces)
        self.state_space = gym_spaces.Box(
            low=low, high=high, shape=(seats, *self._shape), dtype=np.float32
        )
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self._state: Any = None
        self._seed: int | None = None
        self._chance = Rng(0)
        self._seeds: Rng | None = None
        self._agent_rngs: list[Rng] = []
        self._history: list[Any] = []
        self._steps = 0
        self._indices_of: Any = None
        self._indices: tuple[int, ...] = ()
        self._move: Move | None = None
        self._move_of: Any = None
        self._seen: dict[int, tuple[Any, Any]] = {}
        self._paid: list[float] = [0.0] * seats
        self._penalized = False

    # -- spaces ---------------------------------------------------------------------------------

    def action_space(self, agent: str) -> Any:
        """The agent's action space: a ``gymnasium.spaces.Discrete``, the same object every
        time. Action ``i`` is ``game.action_space(config).action(i)``; with ``decompose``, the
        space is the sub-actions and ``i`` is :attr:`sub_actions`\\ ``[i]``.

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents`.
        """
        return self._action_spaces[self._known(agent)]

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space, the same object every time: a
        ``gymnasium.spaces.Dict`` of ``"observation"``, a ``Box`` of ``float32`` of the game's
        ``observation_shape(config)``, and ``"action_mask"``, a ``Box`` of ``int8`` zeros and
        ones, one per action of the space. The ``Box``'s bounds are the game's
        ``observation_bounds(config)``, or ``-inf`` and ``inf`` for a game without them. With
        ``decompose``, also ``"chosen"``: a ``Box`` of ``float32`` zeros and ones of shape
        ``(depth, sub-actions)``, row ``k`` marking the ``k``-th sub-action of the move chosen
        so far (all zeros past it).

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents`.
        """
        return self._observation_spaces[self._known(agent)]

    def _known(self, agent: str) -> str:
        if agent not in self._seats:
            raise KeyError(
                f"{agent!r} is not an agent of this {self.game.name} environment; "
                f"they are {', '.join(self.possible_agents)}"
            )
        return agent

    # -- the game -------------------------------------------------------------------------------

    @property
    def game_state(self) -> Any:
        """The game's current state (the whole position, hidden parts included), ``None``
        before :meth:`reset`. States are immutable: keep it, compare it, ``game.digest`` it."""
        return self._state

    @property
    def game_seed(self) -> int | None:
        """The seed the current game was set up with (``None`` before :meth:`reset`)."""
        return self._seed

    def record(self) -> Record[Any, Any, Any]:
        """The game so far as a :class:`~tabletop_rules.Record`: the config, the seed and every
        action applied, chance's sampled answers included; :func:`~tabletop_rules.replay`
        gives back its states.

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        self._started()
        return Record(tuple(self._history), config=self.config, seed=self._seed)

    def seat(self, agent: str) -> int:
        """The game's seat of ``agent`` (``"player_2"`` is seat ``2``).

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents`.
        """
        return self._seats[self._known(agent)]

    def legal_indices(self) -> tuple[int, ...]:
        """The numbers :attr:`agent_selection` may step now (``()`` once the game is over or
        cut short): its legal actions', in the order of ``game.legal_actions`` — a legal action
        outside the action space (a grimheim gift beyond ``GIFT_LIMIT``) has no number and is
        left out — or, with ``decompose``, the sub-actions it may choose now, ascending.

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        self._started()
        if not self._live():
            return ()
        if self._tree is not None:
            return tuple(self._current_move().options)
        return self._legal_indices()

    def notation(self, index: int) -> str:
        """The words of number ``index``: the notation of action number ``index``
        (``game.notation`` of the action), or with ``decompose`` the sub-action's words.

        Raises:
            IndexError: ``index`` is outside the action space.
            TypeError: ``index`` is not an integer.
        """
        if self._tree is not None:
            if isinstance(index, bool):
                raise TypeError(f"a sub-action is an integer, not {index!r}")
            found = operator.index(index)
            if not 0 <= found < self._tree.size:
                raise IndexError(
                    f"sub-action {index!r} is outside the space (0 to {self._tree.size - 1})"
                )
            return self._tree.labels[found]
        return self.game.notation(self._space.action(index))

    def chosen(self) -> tuple[str, ...]:
        """With ``decompose``, the words of the sub-actions of the move chosen so far by
        :attr:`agent_selection` (those taken inside included); ``()`` without, or when no move
        is under way."""
        if self._tree is None or self._state is None or not self._live():
            return ()
        labels = self._tree.labels
        return tuple(labels[t] for t in self._current_move().prefix)

    # -- the AEC API ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: ``game.new_game(config, seed=seed)``, then sample chance until a
        seat must act.

        The chance stream is split from ``Rng.from_seed(seed)`` after one stream per seat, as
        :func:`~tabletop_rules.play` does, so the same seed and the same actions give the same
        game here and in :func:`~tabletop_rules.play`. Without a seed, the seed is drawn from
        what is left of that stream after the last seeded reset, or from the operating
        system's entropy if there was none. ``options`` is accepted and ignored. With
        ``skip_forced``, forced decisions are answered too. Every reward is 0 after a reset
        (with ``payoff="scores"``, what the seats' scores were at the start is paid by the
        first step), unless the game ended already.

        Raises:
            TypeError: ``seed`` is not an integer.
        """
        if seed is None:
            if self._seeds is None:
                seed = secrets.randbits(64)
            else:
                seed, self._seeds = self._seeds.next_u64()
        else:
            if isinstance(seed, bool):
                raise TypeError(f"a seed is an integer, not {seed!r}")
            seed = operator.index(seed)
        state = self.game.new_game(self.config, seed=seed)
        stream = Rng.from_seed(seed)
        agent_rngs = []
        for _ in range(self.game.seat_count(state)):
            agent_rng, stream = stream.split()
            agent_rngs.append(agent_rng)
        chance, stream = stream.split()
        self._seed = seed
        self._seeds = stream
        self._agent_rngs = agent_rngs
        self._chance = chance
        self._history = []
        self._steps = 0
        self._move = self._move_of = None
        self._seen = {}
        self._paid = [0.0] * len(self.possible_agents)
        self._penalized = False
        self._state = self._advance(state)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        if self._end_if_over():
            self._pay()
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def step(self, action: SupportsIndex | None) -> None:
        """Play number ``action`` for :attr:`agent_selection`: an action, then sample chance
        (and, with ``skip_forced``, answer forced decisions) until a seat must choose; with
        ``decompose``, a sub-action, which plays the move once it is the last one needed (the
        same agent chooses the next sub-action until then, with every reward 0).

        After the last action every agent is terminated (or, at ``max_steps``, truncated) and
        gets its reward; each then takes one more step with ``action=None``, which removes it
        from :attr:`agents` (PettingZoo's dead step). Any integer type is accepted (NumPy's
        too).

        Raises:
            tabletop_rules.IllegalActionError: the action (or sub-action) is not legal now,
                under ``on_illegal="raise"``; the message names the agent, the number, its
                words and the rule it breaks. Nothing changes. (Under ``"penalize"`` the game
                ends instead.)
            IndexError: ``action`` is outside the action space.
            TypeError: ``action`` is not an integer, or is ``None`` for an agent still
                playing.
            ValueError: ``action`` is not ``None`` for an agent whose game is over.
            RuntimeError: :meth:`reset` has not been called, or every agent has left.
        """
        self._started()
        if not self.agents:
            raise RuntimeError("every agent has left the finished game: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or isinstance(action, bool):
            raise TypeError(f"{agent} must act: an action is an integer, not {action!r}")
        try:
            index = operator.index(action)
            if self._tree is None:
                chosen: Any = self._space.action(index)
            elif not 0 <= index < self._tree.size:
                raise IndexError(
                    f"sub-action {index!r} is outside the space (0 to {self._tree.size - 1})"
                )
        except (IndexError, TypeError) as exc:
            raise type(exc)(f"{agent}: {exc}") from None
        try:
            if self._tree is None:
                self._act(agent, chosen, index)
            else:
                self._choose(agent, index)
        except IllegalActionError as exc:
            if self.on_illegal == "raise":
                raise
            self._penalize(agent, exc.reason)

    def _choose(self, agent: str, token: int) -> None:
        """Choose sub-action ``token`` for ``agent``; play the move once it is chosen."""
        assert self._tree is not None
        move = self._current_move()
        if not move.allows(token):
            labels = self._tree.labels
            allowed = ", ".join(f"{t} ({labels[t]})" for t in move.options)
            raise IllegalActionError(
                f"{agent} may not choose sub-action {token} ({labels[token]}): the choices now"
                f" are {allowed}",
                token,
            )
        chosen = move.choose(token)
        if chosen is None:
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            self._accumulate_rewards()
            if self.render_mode == "human":
                self.render()
            return
        self._act(agent, self._space.action(chosen), chosen)

    def _act(self, agent: str, chosen: Any, index: int | None) -> None:
        """Play the action ``chosen`` (number ``index``, if it has one) for ``agent``, the
        agent to act, with all of :meth:`step`'s bookkeeping."""
        if index is not None and index in self._legal_indices():
            # the number of a legal action: the rules need not check it again
            state = self.game.act(self._state, chosen).state
        else:
            try:
                state = self.game.apply(self._state, chosen)
            except IllegalActionError as exc:
                what = "" if index is None else f"action {index} "
                raise IllegalActionError(
                    f"{agent} may not play {what}({self.game.notation(chosen)}): {exc.reason}",
                    chosen,
                ) from exc
        self._history.append(chosen)
        self._state = self._advance(state)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        over = self._end_if_over()
        if over or self._running is not None:
            self._pay()
        if not over and self.max_steps is not None and self._steps >= self.max_steps:
            for name in self.agents:
                self.truncations[name] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _penalize(self, agent: str, reason: str) -> None:
        """End the game on ``agent``'s illegal action: ``illegal_reward`` for it, 0 for the
        others, every agent terminated (``on_illegal="penalize"``)."""
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.rewards[agent] = self.illegal_reward
        for name in self.agents:
            self.terminations[name] = True
        self.infos[agent] = {"illegal": reason}
        self._penalized = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def state(self) -> Any:
        """The position for a centralised critic: every seat's observation, stacked.

        A ``float32`` NumPy array of shape ``(seats, *observation_shape(config))`` (the
        :attr:`state_space`): row ``i`` is ``observe("player_i")["observation"]``, the game's
        observation of seat ``i``'s view. It holds everything some seat knows — each hand, as
        its owner sees it — and nothing that no seat may see: not the order of a deck, not a
        die yet to be rolled, not the generator. A critic trained on it judges the position,
        not the future draws. A fresh array every call.

        .. code-block:: python

            e = env(kinmarr.GAME, config=kinmarr.Config(guilds=("feudal_pact", "pathfinders")))
            e.reset(seed=1)
            assert e.state().shape == (2, *kinmarr.observation_shape(e.config))

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        import numpy as np

        self._started()
        return np.stack([self._observe_seat(seat) for seat in range(len(self.possible_agents))])

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: ``{"observation": ..., "action_mask": ...}`` (and
        ``"chosen"`` with ``decompose``).

        ``"observation"`` is ``game.observation(game.view(state, seat))`` as a NumPy
        ``float32`` array of ``observation_shape(config)``; ``"action_mask"`` an ``int8`` array
        with a 1 at the number of each legal action (or, with ``decompose``, each sub-action it
        may choose) when ``agent`` must act now (those of :meth:`legal_indices`), and all zeros
        otherwise (another agent acts, or the game is over); ``"chosen"`` marks the sub-actions
        of its move chosen so far (see :meth:`observation_space`). Fresh arrays every call.

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents`.
            RuntimeError: :meth:`reset` has not been called.
            ValueError: the game's observation does not have the announced shape.
        """
        import numpy as np

        self._started()
        seat = self.seat(agent)
        observation = self._observe_seat(seat)
        mask = np.zeros(self._size, dtype=np.int8)
        acting = agent == self.agent_selection and self._live()
        tree = self._tree
        if tree is None:
            if acting:
                mask[list(self._legal_indices())] = 1
            return {"observation": observation, "action_mask": mask}
        chosen = np.zeros((tree.depth, tree.size), dtype=np.float32)
        if acting:
            move = self._current_move()
            mask[move.options] = 1
            prefix = move.prefix
            if prefix:
                chosen[np.arange(len(prefix)), prefix] = 1.0
        return {"observation": observation, "action_mask": mask, "chosen": chosen}

    def render(self) -> Any:
        """A picture of the whole state (every seat's hidden parts included), as the render mode
        says: ``"human"`` prints ``game.render_text(state)`` and returns ``None``, ``"ansi"``
        returns that text (a ``str``), ``"svg"`` returns ``game.render_svg(state)`` (SVG
        text), ``"rgb_array"`` that picture as a NumPy ``uint8`` array of shape
        ``(height, width, 3)``: the first frame fixes the size (its longer side 960 pixels),
        later pictures are scaled to fit it, so a video's frames all have one size. Without a
        render mode it warns (Gymnasium's logger) and returns ``None``.

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn(
                "You are calling render method without specifying any render mode: "
                f"pass render_mode= one of {self.metadata['render_modes']}"
            )
            return None
        self._started()
        if self.render_mode in ("svg", "rgb_array"):
            assert self.game.render_svg is not None  # checked when the render mode was set
            picture = self.game.render_svg(self._state)
            return picture if self._raster is None else self._raster(picture)
        text = self.game.render_text(self._state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Release nothing: the environment holds no window, process or file."""

    # -- copies ---------------------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        # The action space is rebuilt from the game and config (goblinguard's interns its
        # actions through closures, which do not pickle).
        kept = dict(self.__dict__)
        del kept["_space"]
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        self.__dict__.update(kept)
        action_space = self.game.action_space
        assert action_space is not None  # checked when the environment was built
        self._space = action_space(self.config)

    # -- helpers --------------------------------------------------------------------------------

    def _started(self) -> None:
        if self._state is None:
            raise RuntimeError(f"the {self.game.name} environment has not been reset: call reset()")

    def _live(self) -> bool:
        """Whether a seat must act: the game is neither over nor cut short."""
        agent = self.agent_selection
        return not (self.terminations.get(agent, True) or self.truncations.get(agent, True))

    def _clear_rewards(self) -> None:
        """Every agent's reward of this step to ``0.0`` (a float, as every reward here is)."""
        for agent in self.rewards:
            self.rewards[agent] = 0.0

    def _select(self) -> None:
        """Point :attr:`agent_selection` at the seat to act (the first agent once it is over)."""
        seat = self.game.current_player(self._state)
        if seat is None or any(self.terminations.values()) or any(self.truncations.values()):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = _agent_name(seat)

    def _observe_seat(self, seat: int) -> Any:
        """``seat``'s observation now, a fresh array; with ``decompose`` computed once per
        state and copied (the sub-steps of a move share it)."""
        state = self._state
        if self._tree is not None:
            kept = self._seen.get(seat)
            if kept is not None and kept[0] is state:
                return kept[1].copy()
        observation = self._observation(self.game.view(state, seat))
        if observation.shape != self._shape:
            raise ValueError(
                f"{self.game.name}: an observation of shape {observation.shape}, but "
                f"observation_shape(config) announced {self._shape}"
            )
        if self._tree is not None:
            self._seen[seat] = (state, observation)
            return observation.copy()
        return observation

    def _legal_indices(self) -> tuple[int, ...]:
        """The numbers of the legal actions now, leaving out any the space lacks (computed once
        per state)."""
        state = self._state
        if self._indices_of is not state:
            actions = self.game.legal_actions(state)
            try:
                self._indices = self._space.indices(actions)
            except NotInSpaceError:
                self._indices = tuple(i for i in map(self._number, actions) if i is not None)
            self._indices_of = state
        return self._indices

    def _current_move(self) -> Move:
        """The move under way of the seat to act (made at the first sub-action of a state)."""
        move = self._move
        if move is None or self._move_of is not self._state:
            assert self._tree is not None
            move = self._move = Move(self._tree, self._legal_indices(), ask_forced=True)
            self._move_of = self._state
        return move

    def _number(self, action: Any) -> int | None:
        try:
            return self._space.index(action)
        except NotInSpaceError:
            return None

    def _end_if_over(self) -> bool:
        """If the game is over, terminate every agent; whether it is."""
        if not self.game.is_over(self._state):
            return False
        for name in self.agents:
            self.terminations[name] = True
        return True

    def _pay(self) -> None:
        """Set each agent's reward of this step: the outcome's returns at the end (``payoff
        returns``); with ``payoff="scores"``, the change of its seat's score since the last
        payment."""
        state = self._state
        outcome = self.game.outcome(state) if self.game.is_over(state) else None
        if self.payoff == "returns":
            if outcome is not None:
                for name in self.agents:
                    self.rewards[name] = float(outcome.returns[self._seats[name]])
            return
        if outcome is not None:
            if outcome.scores is None:
                raise ValueError(f"{self.game.name}: the outcome has no scores (payoff='scores')")
            now = [float(v) for v in outcome.scores]
        elif self._running is not None:
            now = [float(v) for v in self._running(state)]
        else:
            return
        for name in self.agents:
            seat = self._seats[name]
            self.rewards[name] = now[seat] - self._paid[seat]
        self._paid = now

    def _advance(self, state: Any) -> Any:
        """Answer chance and, with :attr:`skip_forced`, every decision with a single legal
        action, until a seat has a real choice or the game is over."""
        state = self._resolve_chance(state)
        while self.skip_forced and not self.game.is_over(state):
            actions = self.game.legal_actions(state)
            if len(actions) != 1:
                break
            self._history.append(actions[0])
            state = self._resolve_chance(self.game.apply(state, actions[0]))
        return state

    def _resolve_chance(self, state: Any) -> Any:
        """Answer chance decisions, drawn from the chance stream, until a seat must act."""
        while self.game.current_player(state) == CHANCE:
            action, self._chance = sample_chance(self.game, state, self._chance)
            state = self.game.apply(state, action)
            self._history.append(action)
        return state


class _Tuples:
    """A game's ``observation`` as a NumPy ``float32`` array (for a game without
    ``observation_array``); a class, not a closure, so that environments pickle."""

    __slots__ = ("observation",)

    def __init__(self, observation: Callable[[Any], Any]) -> None:
        self.observation = observation

    def __call__(self, view: Any) -> Any:
        import numpy as np

        return np.asarray(self.observation(view), dtype=np.float32)


_RASTER_INSTALL = 'pip install "tabletop-rules[raster]"'


class AECOptions(TypedDict, total=False):
    """The keyword options of :class:`TabletopAECEnv` (each described there), as :func:`env`
    takes them; a type checker holds a call to their names and types."""

    config: Any
    render_mode: str | None
    max_steps: int | None
    skip_forced: bool
    decompose: bool
    payoff: str
    on_illegal: str
    illegal_reward: float


def env(game: Game[Any, Any], **options: Unpack[AECOptions]) -> TabletopAECEnv:
    """A PettingZoo AEC environment of ``game`` (a :class:`TabletopAECEnv`; see it for the
    :class:`options <AECOptions>`).

    .. code-block:: python

        import kinmarr
        from tabletop_rules.pettingzoo import env

        e = env(kinmarr.GAME, config=kinmarr.Config(guilds=("feudal_pact", "pathfinders")))
        e.reset(seed=1)
        for agent in e.agent_iter():
            observation, reward, termination, truncation, info = e.last()
            if termination or truncation:
                action = None
            else:
                action = e.action_space(agent).sample(observation["action_mask"])
            e.step(action)

    Raises:
        TypeError: see :class:`TabletopAECEnv`.
        ValueError: see :class:`TabletopAECEnv`.
        ImportError: PettingZoo, Gymnasium or NumPy is missing (install the ``pettingzoo``
            extra), or ``render_mode="rgb_array"`` without the ``raster`` extra.
    """
    return TabletopAECEnv(game, **options)


class RLlibObservations(_BaseWrapper):  # type: ignore[misc]  # PettingZoo ships no types
    """A PettingZoo AEC environment whose observations RLlib's action-masking modules read.

    RLlib's ``ActionMaskingTorchRLModule`` (and the modules written after it) expect each
    observation to be a dict of ``"observations"`` and ``"action_mask"``; PettingZoo's games,
    and :func:`env`, call the first ``"observation"``. This wrapper renames that key in
    :meth:`observe` (so in ``last()``) and in :meth:`observation_space`, and changes nothing
    else: every other key, the arrays themselves (the mask stays ``int8``), ``state()``,
    ``record()``, ``game_state`` and the rest pass through. Wrap it in RLlib's
    ``PettingZooEnv`` (see :doc:`/pettingzoo`).

    It wraps any AEC environment whose observation spaces are ``gymnasium.spaces.Dict`` with
    ``"observation"`` and ``"action_mask"`` keys — PettingZoo's classic games too.

    .. code-block:: python

        import kinmarr
        from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
        from ray.tune.registry import register_env
        from tabletop_rules.pettingzoo import RLlibObservations, env

        register_env("kinmarr", lambda _: PettingZooEnv(RLlibObservations(env(kinmarr.GAME))))

    Args:
        env: the environment to wrap.

    Raises:
        TypeError: ``env`` is not an AEC environment, or the observation space of one of its
            ``possible_agents`` is not a ``Dict`` with ``"observation"`` and ``"action_mask"``
            (and no ``"observations"``).
        ImportError: PettingZoo is missing (install the ``pettingzoo`` extra).
    """

    def __init__(self, env: Any) -> None:
        _imports()
        from pettingzoo import AECEnv

        if not isinstance(env, AECEnv):
            raise TypeError(f"RLlibObservations wraps a PettingZoo AECEnv, not {env!r}")
        super().__init__(env)
        self._renamed: dict[Any, Any] = {}
        for agent in getattr(env, "possible_agents", None) or ():
            self.observation_space(agent)

    def observation_space(self, agent: Any) -> Any:
        """The wrapped environment's observation space of ``agent``, with ``"observations"``
        for ``"observation"``; the same object every time.

        Raises:
            TypeError: that space is not a ``Dict`` with ``"observation"`` and
                ``"action_mask"`` keys (and no ``"observations"``).
        """
        renamed = self._renamed.get(agent)
        if renamed is None:
            from gymnasium import spaces as gym_spaces

            space = self.env.observation_space(agent)
            if not (
                isinstance(space, gym_spaces.Dict)
                and {"observation", "action_mask"} <= set(space.spaces)
                and "observations" not in space.spaces
            ):
                raise TypeError(
                    f"{agent}'s observation space is not a Dict of 'observation' and "
                    f"'action_mask': {space}"
                )
            renamed = gym_spaces.Dict(
                {_RLLIB.get(key, key): value for key, value in space.spaces.items()}
            )
            self._renamed[agent] = renamed
        return renamed

    def observe(self, agent: Any) -> Any:
        """The wrapped environment's observation of ``agent``, with ``"observations"`` for
        ``"observation"`` (``None`` stays ``None``)."""
        seen = self.env.observe(agent)
        if seen is None:
            return None
        return {_RLLIB.get(key, key): value for key, value in seen.items()}


# RLlib's key for each of PettingZoo's that differs.
_RLLIB = {"observation": "observations"}
