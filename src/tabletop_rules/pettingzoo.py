"""Any game as a `PettingZoo <https://pettingzoo.farama.org>`_ AEC environment.

:func:`env` wraps a :class:`~tabletop_rules.Game` that has an action space and observations
(``GAME.action_space``, ``GAME.observation`` and ``GAME.observation_shape``; see :doc:`spaces`)
in a :class:`TabletopAECEnv`, PettingZoo's *agent environment cycle* API: one agent acts at a
time, the one the rules ask.

* Agents are ``"seat_0"``, ``"seat_1"`` … one per seat of the config
  (``game.seat_count(config)``), in seat order.
* ``agent_selection`` is the seat that must answer now (``game.current_player``): it may repeat
  or jump, as when a seat answers out of turn.
* Chance (:data:`~tabletop_rules.CHANCE`, in explicit chance mode) is never an agent: the
  environment samples its answers with :func:`~tabletop_rules.sample_chance`, from the stream
  :func:`~tabletop_rules.play` would use for the same seed.
* An action is a number of the game's action space; an observation is a dict of the game's
  observation of the agent's view and the mask of its legal actions.
* Rewards are 0 until the game ends, then each seat's ``outcome().returns``.
* :meth:`TabletopAECEnv.state` is every seat's observation stacked, for centralised critics.
* ``skip_forced=True`` plays every decision that has a single legal answer inside, without
  asking its agent; the actions still go into :meth:`TabletopAECEnv.record`.
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
from typing import TYPE_CHECKING, Any, SupportsIndex

from ._errors import IllegalActionError
from ._game import Game
from ._play import sample_chance
from ._record import Record
from ._rng import Rng
from ._spaces import NotInSpaceError
from ._values import CHANCE, Seat

if TYPE_CHECKING:
    from ._spaces import ActionSpace

__all__ = ["RLlibObservations", "TabletopAECEnv", "env"]

_INSTALL = 'pip install "tabletop-rules[pettingzoo]"'
_RENDER_MODES = ("human", "ansi", "svg")

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
    return f"seat_{seat}"


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
            ``None``), ``"ansi"`` (:meth:`render` returns that text) or ``"svg"``
            (``game.render_svg`` of the whole state, for a game that has one).
        max_steps: ``None`` (the default: a game runs to its end), or the number of actions the
            agents may take before the game is cut short: every agent is then *truncated*, with
            reward 0. Forced actions played by ``skip_forced`` do not count.
        skip_forced: ``False`` (the default: every decision goes to its agent), or ``True``:
            a decision with exactly one legal action is answered inside, by that action, after
            :meth:`reset` and after each :meth:`step`, like chance. The agents are asked only
            real choices; the forced actions go into :meth:`record` like any other, and the
            rewards of a game that ends on one reach every agent as usual.

    Attributes:
        game (Game): the game.
        config (Any): its config.
        render_mode (str | None): the render mode.
        max_steps (int | None): the step cap, or ``None``.
        skip_forced (bool): whether forced decisions are answered inside.
        state_space (Any): the space of :meth:`state`, a ``gymnasium.spaces.Box`` of
            ``float32`` of shape ``(seats, *observation_shape(config))``, with the
            observations' bounds.
        possible_agents (list[str]): ``"seat_0"``, ``"seat_1"`` … one per seat.
        agents (list[str]): the agents still in the game: all of them until it ends, then fewer
            as each one takes its last (``None``) step; empty before :meth:`reset`.
        agent_selection (str): the agent that must act now.
        rewards (dict[str, float]): each agent's reward of the last step: 0 until the game
            ends, then its ``outcome().returns``.
        terminations (dict[str, bool]): ``True`` for every agent once the game is over.
        truncations (dict[str, bool]): ``True`` for every agent once ``max_steps`` is reached.
        infos (dict[str, dict[str, Any]]): an empty dict per agent.
        metadata (dict[str, Any]): ``"name"`` (the game's name), ``"render_modes"`` and
            ``"is_parallelizable"`` (``False``: the seats of these games do not act at once).

    Raises:
        TypeError: the game has no action space or no observations, or ``skip_forced`` is not
            a ``bool``.
        ValueError: ``render_mode`` is not one the game supports, ``max_steps`` is below 1, or
            the game's ``observation_bounds`` are not a low below a high.
        ImportError: PettingZoo, Gymnasium or NumPy is missing (install the ``pettingzoo``
            extra).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        config: Any = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        skip_forced: bool = False,
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
        modes = _RENDER_MODES if game.render_svg is not None else _RENDER_MODES[:2]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(
                f"{game.name} has no render mode {render_mode!r}; it has {', '.join(modes)}"
            )
        if max_steps is not None and (isinstance(max_steps, bool) or max_steps < 1):
            raise ValueError(f"max_steps is a positive number of steps or None, not {max_steps!r}")
        self.skip_forced = _check_flag("skip_forced", skip_forced)
        self.game = game
        self.config = game.config_type() if config is None else config
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata: dict[str, Any] = {
            "name": game.name,
            "render_modes": list(modes),
            "is_parallelizable": False,
        }
        self._np = np
        self._observe_view: Callable[[Any], Any] = game.observation_array or (
            lambda view: np.asarray(observation(view), dtype=np.float32)
        )
        self._space: ActionSpace[Any] = action_space(self.config)
        self._shape = tuple(observation_shape(self.config))
        seats = game.seat_count(self.config)
        self.possible_agents = [_agent_name(seat) for seat in range(seats)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_spaces = {
            agent: gym_spaces.Discrete(self._space.size) for agent in self.possible_agents
        }
        low, high = _bounds(game, self.config)
        self._observation_spaces = {
            agent: gym_spaces.Dict(
                {
                    "observation": gym_spaces.Box(
                        low=low, high=high, shape=self._shape, dtype=np.float32
                    ),
                    "action_mask": gym_spaces.Box(
                        low=0, high=1, shape=(self._space.size,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
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

    # -- spaces ---------------------------------------------------------------------------------

    def action_space(self, agent: str) -> Any:
        """The agent's action space: a ``gymnasium.spaces.Discrete`` of the game's action space
        size, the same object every time. Action ``i`` is ``game.action_space(config).action(i)``.

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents`.
        """
        return self._action_spaces[self._known(agent)]

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space, the same object every time: a
        ``gymnasium.spaces.Dict`` of ``"observation"``, a ``Box`` of ``float32`` of the game's
        ``observation_shape(config)``, and ``"action_mask"``, a ``Box`` of ``int8`` zeros and
        ones, one per action of the space. The ``Box``'s bounds are the game's
        ``observation_bounds(config)``, or ``-inf`` and ``inf`` for a game without them.

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
        """The game's seat of ``agent`` (``"seat_2"`` is seat ``2``).

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents`.
        """
        return self._seats[self._known(agent)]

    def legal_indices(self) -> tuple[int, ...]:
        """The numbers of the legal actions of :attr:`agent_selection`, in the order of
        ``game.legal_actions`` (``()`` once the game is over or cut short). A legal action
        outside the action space (a grimheim gift beyond ``GIFT_LIMIT``) has no number and is
        left out.

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        self._started()
        if not self._live():
            return ()
        return self._legal_indices()

    def notation(self, index: int) -> str:
        """The notation of action number ``index`` (``game.notation`` of the action).

        Raises:
            IndexError: ``index`` is outside the action space.
            TypeError: ``index`` is not an integer.
        """
        return self.game.notation(self._space.action(index))

    # -- the AEC API ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: ``game.new_game(config, seed=seed)``, then sample chance until a
        seat must act.

        The chance stream is split from ``Rng.from_seed(seed)`` after one stream per seat, as
        :func:`~tabletop_rules.play` does, so the same seed and the same actions give the same
        game here and in :func:`~tabletop_rules.play`. Without a seed, the seed is drawn from
        what is left of that stream after the last seeded reset, or from the operating
        system's entropy if there was none. ``options`` is accepted and ignored. With
        ``skip_forced``, forced decisions are answered too.

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
        self._state = self._advance(state)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._end_if_over()
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def step(self, action: SupportsIndex | None) -> None:
        """Play action number ``action`` for :attr:`agent_selection`, then sample chance (and,
        with ``skip_forced``, answer forced decisions) until a seat must choose.

        After the last action every agent is terminated (or, at ``max_steps``, truncated) and
        gets its reward; each then takes one more step with ``action=None``, which removes it
        from :attr:`agents` (PettingZoo's dead step). Any integer type is accepted (NumPy's
        too).

        Raises:
            tabletop_rules.IllegalActionError: the action is not legal now; the message names
                the agent, the number, the action's notation and the rule it breaks. Nothing
                changes.
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
            chosen = self._space.action(index)
        except (IndexError, TypeError) as exc:
            raise type(exc)(f"{agent}: {exc}") from None
        self._act(agent, chosen, index)

    def _act(self, agent: str, chosen: Any, index: int | None) -> None:
        """Play the action ``chosen`` (number ``index``, if it has one) for ``agent``, the
        agent to act, with all of :meth:`step`'s bookkeeping."""
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
        if not self._end_if_over() and self.max_steps is not None and self._steps >= self.max_steps:
            for name in self.agents:
                self.truncations[name] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def state(self) -> Any:
        """The position for a centralised critic: every seat's observation, stacked.

        A ``float32`` NumPy array of shape ``(seats, *observation_shape(config))`` (the
        :attr:`state_space`): row ``i`` is ``observe("seat_i")["observation"]``, the game's
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
        self._started()
        return self._np.stack(
            [self.observe(agent)["observation"] for agent in self.possible_agents]
        )

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: ``{"observation": ..., "action_mask": ...}``.

        ``"observation"`` is ``game.observation(game.view(state, seat))`` as a NumPy
        ``float32`` array of ``observation_shape(config)``; ``"action_mask"`` an ``int8`` array
        with a 1 at the number of each legal action when ``agent`` must act now (those of
        :meth:`legal_indices`), and all zeros otherwise (another agent acts, or the game is
        over). Fresh arrays every call.

        Raises:
            KeyError: ``agent`` is not one of :attr:`possible_agents`.
            RuntimeError: :meth:`reset` has not been called.
            ValueError: the game's observation does not have the announced shape.
        """
        self._started()
        np = self._np
        seat = self.seat(agent)
        observation = self._observe_view(self.game.view(self._state, seat))
        if observation.shape != self._shape:
            raise ValueError(
                f"{self.game.name}: an observation of shape {observation.shape}, but "
                f"observation_shape(config) announced {self._shape}"
            )
        mask = np.zeros(self._space.size, dtype=np.int8)
        if agent == self.agent_selection and self._live():
            mask[list(self._legal_indices())] = 1
        return {"observation": observation, "action_mask": mask}

    def render(self) -> Any:
        """A picture of the whole state (every seat's hidden parts included), as the render mode
        says: ``"human"`` prints ``game.render_text(state)`` and returns ``None``, ``"ansi"``
        returns that text (a ``str``), ``"svg"`` returns ``game.render_svg(state)`` (SVG
        text). Without a render mode it warns (Gymnasium's logger) and returns ``None``.

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
        if self.render_mode == "svg":
            assert self.game.render_svg is not None  # checked when the render mode was set
            return self.game.render_svg(self._state)
        text = self.game.render_text(self._state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Release nothing: the environment holds no window, process or file."""

    # -- helpers --------------------------------------------------------------------------------

    def _started(self) -> None:
        if self._state is None:
            raise RuntimeError(f"the {self.game.name} environment has not been reset: call reset()")

    def _live(self) -> bool:
        """Whether a seat must act: the game is neither over nor cut short."""
        agent = self.agent_selection
        return not (self.terminations.get(agent, True) or self.truncations.get(agent, True))

    def _select(self) -> None:
        """Point :attr:`agent_selection` at the seat to act (the first agent once it is over)."""
        seat = self.game.current_player(self._state)
        if seat is None or any(self.terminations.values()) or any(self.truncations.values()):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = _agent_name(seat)

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

    def _number(self, action: Any) -> int | None:
        try:
            return self._space.index(action)
        except NotInSpaceError:
            return None

    def _end_if_over(self) -> bool:
        """If the game is over, terminate every agent with its return; whether it is."""
        outcome = self.game.outcome(self._state) if self.game.is_over(self._state) else None
        if outcome is None:
            return False
        for name in self.agents:
            self.rewards[name] = float(outcome.returns[self._seats[name]])
            self.terminations[name] = True
        return True

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


def env(
    game: Game[Any, Any],
    *,
    config: Any = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    skip_forced: bool = False,
) -> TabletopAECEnv:
    """A PettingZoo AEC environment of ``game`` (a :class:`TabletopAECEnv`; see it for the
    arguments).

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
        TypeError: the game has no action space or no observations, or ``skip_forced`` is not
            a ``bool``.
        ValueError: ``render_mode`` is not one the game supports, ``max_steps`` is below 1, or
            the game's ``observation_bounds`` are not a low below a high.
        ImportError: PettingZoo, Gymnasium or NumPy is missing (install the ``pettingzoo``
            extra).
    """
    return TabletopAECEnv(
        game,
        config=config,
        render_mode=render_mode,
        max_steps=max_steps,
        skip_forced=skip_forced,
    )


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
