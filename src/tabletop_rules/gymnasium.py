"""One seat of any game as a single-agent `Gymnasium <https://gymnasium.farama.org>`_ environment.

:func:`env` wraps a :class:`~tabletop_rules.Game` that has an action space and observations
(every game of this distribution; see :doc:`spaces`) in a :class:`TabletopEnv`: the learner
plays one seat, and given :class:`~tabletop_rules.Agent` objects (``"random"`` by default) play
the others inside :meth:`~TabletopEnv.step`, as chance is sampled inside.

* An action is a number of the game's action space (``Discrete(n)``).
* An observation is the game's ``observation`` of the seat's view, a ``float32`` ``Box`` — or,
  with ``mask_in_observation=True``, a ``Dict`` of it and the legal actions' mask.
* :meth:`~TabletopEnv.action_masks` is the mask as a ``bool`` array, the method sb3-contrib's
  ``MaskablePPO`` calls.
* The reward is 0 until the game ends, then the seat's ``outcome().returns``. With
  ``on_illegal="penalize"`` an illegal action costs ``illegal_reward`` and changes nothing,
  instead of raising.

It is built on :class:`tabletop_rules.pettingzoo.TabletopAECEnv` — the same set-up, chance
stream, observations, masks and forced decisions (``skip_forced``) — and so needs the
``pettingzoo`` extra (PettingZoo, Gymnasium and NumPy: ``pip install
"tabletop-rules[pettingzoo]"``). This module imports without them, and constructing an
environment then raises an :class:`ImportError` saying so. It is not imported by
:mod:`tabletop_rules`; import it as ``tabletop_rules.gymnasium``.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, SupportsFloat, SupportsIndex

from ._agent_spec import agents_of
from ._agents import Agent
from ._errors import IllegalActionError
from ._game import Game
from ._record import Record
from ._rng import Rng
from .pettingzoo import TabletopAECEnv, _imports

__all__ = ["ON_ILLEGAL", "Opponent", "TabletopEnv", "env"]

ON_ILLEGAL = ("raise", "penalize")
"""The two values ``on_illegal`` takes — ``"raise"`` (an illegal action raises
:class:`~tabletop_rules.IllegalActionError`) and ``"penalize"`` (it earns ``illegal_reward``
and changes nothing)."""

_INSTALL = 'pip install "tabletop-rules[pettingzoo]"'
# The most games in a row that reset() sets up and skips because they end before the learner
# has a choice.
_MOST_SKIPPED = 100

if TYPE_CHECKING:
    from gymnasium import Env
    from gymnasium.spaces import Discrete

    _Env = Env[Any, Any]
else:
    try:
        from gymnasium import Env as _Env
    except ImportError:  # the module still imports (and is documented) without the extra

        class _Env:
            """Stands in for ``gymnasium.Env`` when Gymnasium is not installed."""

            def __init__(self) -> None:
                raise ImportError(f"tabletop_rules.gymnasium needs Gymnasium: {_INSTALL}")


Opponent = str | Agent[Any]
"""Who plays a seat other than the learner's — the name of one of the game's agents
(:func:`~tabletop_rules.agents_of`, such as ``"random"``) or an
:class:`~tabletop_rules.Agent` object."""


def _agent(game: Game[Any, Any], seat: int, spec: object) -> Agent[Any]:
    """The agent ``spec`` names or is, for ``seat``.

    Raises:
        ValueError: a name the game has no agent of.
        TypeError: neither a name nor an object with a ``choose`` method.
    """
    if isinstance(spec, str):
        agents = agents_of(game)
        factory = agents.get(spec)
        if factory is None:
            raise ValueError(
                f"{game.name} has no agent {spec!r} (for seat {seat}); it has "
                f"{', '.join(agents) or 'none'}"
            )
        return factory()
    if callable(getattr(spec, "choose", None)):
        found: Agent[Any] = spec  # type: ignore[assignment]  # checked: it has choose()
        return found
    raise TypeError(
        f"the opponent for seat {seat} is an agent's name or an object with a choose() "
        f"method (tabletop_rules.Agent), not {spec!r}"
    )


class TabletopEnv(_Env):
    """One seat of a game as a Gymnasium ``Env``; agents play the other seats, chance is sampled.

    Build one with :func:`env` (the same arguments). Call :meth:`reset` before anything else.

    Args:
        game: the game; it must have ``action_space``, ``observation`` and
            ``observation_shape`` (every game of this distribution has).
        seat: the learner's seat (``0`` by default).
        opponents: who plays every other seat: the name of one of the game's agents
            (:func:`~tabletop_rules.agents_of`; ``"random"``, the default) or an
            :class:`~tabletop_rules.Agent`, for all of them; or a mapping from each other seat
            to one. A name gives each seat a fresh agent.
            Each opponent gets the view of its seat, its legal actions and its own
            :class:`~tabletop_rules.Rng`, split from the game's seed as
            :func:`~tabletop_rules.play` splits it.
        config: the game's config (``None``: the game's default).
        on_illegal: ``"raise"`` (the default: an illegal action raises
            :class:`~tabletop_rules.IllegalActionError` and changes nothing) or
            ``"penalize"`` (an illegal action changes nothing and earns ``illegal_reward``; the
            game goes on, and ``info["illegal"]`` gives the reason). Use ``"penalize"`` for
            tools that step with unmasked actions, such as Gymnasium's ``check_env``.
        illegal_reward: the reward of an illegal action under ``"penalize"`` (``-1.0`` by
            default: as bad as a loss is good); a finite negative number.
        mask_in_observation: ``False`` (the default: an observation is the ``Box`` array) or
            ``True`` (an observation is a dict of ``"observation"``, the array, and
            ``"action_mask"``, an ``int8`` array with a 1 at each legal action — the
            PettingZoo environment's own observation).
        skip_forced: answer every decision with a single legal action inside, the learner's
            too (see :class:`~tabletop_rules.pettingzoo.TabletopAECEnv`).
        render_mode: ``None``, ``"human"`` (:meth:`reset` and :meth:`step` print
            ``game.render_text`` of the whole state), ``"ansi"`` (:meth:`render` returns that
            text) or ``"svg"`` (``game.render_svg``, for a game that has one).
        max_steps: ``None`` (the default), or the number of :meth:`step` calls, illegal ones
            included, after which the episode is *truncated* (reward 0) if the game has not
            ended.

    Attributes:
        game (Game): the game.
        config (Any): its config.
        seat (int): the learner's seat.
        opponents (dict[int, Agent]): the agent of each other seat.
        on_illegal (str): ``"raise"`` or ``"penalize"``.
        illegal_reward (float): the reward of an illegal action under ``"penalize"``.
        mask_in_observation (bool): whether observations are dicts with the mask.
        skip_forced (bool): whether forced decisions are answered inside.
        max_steps (int | None): the step cap, or ``None``.
        action_space (Any): a ``gymnasium.spaces.Discrete``, one number per action of
            ``game.action_space(config)``.
        observation_space (Any): the ``float32`` ``gymnasium.spaces.Box`` of
            ``observation_shape(config)``, bounded by the game's ``observation_bounds(config)``
            (``-inf`` to ``inf`` without them); or the ``gymnasium.spaces.Dict`` of it and the
            mask.
        metadata (dict[str, Any]): ``"name"``, ``"render_modes"`` and ``"render_fps"``.

    Raises:
        TypeError: the game has no action space or no observations; ``seat``, an opponent,
            ``illegal_reward`` or a flag has the wrong type.
        ValueError: ``seat`` is not a seat of the config, ``opponents`` does not name every
            other seat once, an agent's name is unknown, ``on_illegal`` is not one of
            :data:`ON_ILLEGAL`, ``illegal_reward`` is not a finite negative number,
            ``render_mode`` is not supported, or ``max_steps`` is below 1.
        ImportError: PettingZoo, Gymnasium or NumPy is missing (install the ``pettingzoo``
            extra).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        seat: int = 0,
        opponents: Opponent | Mapping[int, Opponent] = "random",
        config: Any = None,
        on_illegal: str = "raise",
        illegal_reward: float = -1.0,
        mask_in_observation: bool = False,
        skip_forced: bool = False,
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        try:
            np, gym_spaces = _imports()
        except ImportError as exc:
            raise ImportError(
                f"tabletop_rules.gymnasium needs PettingZoo, Gymnasium and NumPy: {_INSTALL}"
            ) from exc
        super().__init__()
        self._aec = TabletopAECEnv(
            game,
            config=config,
            render_mode="ansi" if render_mode == "human" else render_mode,
            skip_forced=skip_forced,
        )
        self.game = game
        self.config = self._aec.config
        seats = game.seat_count(self.config)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat is an integer, not {seat!r}")
        if not 0 <= seat < seats:
            raise ValueError(f"{game.name} with this config has seats 0 to {seats - 1}, not {seat}")
        self.seat = seat
        self.opponents = self._opponents(opponents, seats)
        if on_illegal not in ON_ILLEGAL:
            raise ValueError(f"on_illegal is 'raise' or 'penalize', not {on_illegal!r}")
        self.on_illegal = on_illegal
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
            raise TypeError(f"illegal_reward is a number, not {illegal_reward!r}")
        if not -float("inf") < illegal_reward < 0:
            raise ValueError(f"illegal_reward is a finite negative number, not {illegal_reward!r}")
        self.illegal_reward = float(illegal_reward)
        if not isinstance(mask_in_observation, bool):
            raise TypeError(f"mask_in_observation is True or False, not {mask_in_observation!r}")
        self.mask_in_observation = mask_in_observation
        self.skip_forced = skip_forced
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise ValueError(f"max_steps is a positive number of steps or None, not {max_steps!r}")
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {
            "name": game.name,
            "render_modes": list(self._aec.metadata["render_modes"]),
            "render_fps": 1,
        }
        self._np = np
        self._agent = self._aec.possible_agents[seat]
        self.action_space: Discrete = self._aec.action_space(self._agent)
        spaces = self._aec.observation_space(self._agent)
        self.observation_space = (
            gym_spaces.Dict(dict(spaces.spaces)) if mask_in_observation else spaces["observation"]
        )
        self._rngs: list[Rng] = []
        self._legal: Any = None
        self._steps = 0
        self._over = False

    def _opponents(
        self, opponents: Opponent | Mapping[int, Opponent], seats: int
    ) -> dict[int, Agent[Any]]:
        others = [s for s in range(seats) if s != self.seat]
        if not isinstance(opponents, Mapping):
            return {s: _agent(self.game, s, opponents) for s in others}
        given = set(opponents)
        if given != set(others):
            raise ValueError(
                f"opponents gives seats {sorted(given, key=repr)}, but the seats other than "
                f"the learner's ({self.seat}) are {others}"
            )
        return {s: _agent(self.game, s, opponents[s]) for s in others}

    # -- the game -------------------------------------------------------------------------------

    @property
    def game_state(self) -> Any:
        """The game's current state (hidden parts included), ``None`` before :meth:`reset`."""
        return self._aec.game_state

    @property
    def game_seed(self) -> int | None:
        """The seed the current game was set up with (``None`` before :meth:`reset`)."""
        return self._aec.game_seed

    def record(self) -> Record[Any, Any, Any]:
        """The game so far as a :class:`~tabletop_rules.Record`: every action of every seat,
        chance's and the forced ones included.

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        return self._aec.record()

    def legal_indices(self) -> tuple[int, ...]:
        """The numbers of the learner's legal actions now (``()`` once the episode is over).

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        self._started()
        return () if self._over else self._aec.legal_indices()

    def notation(self, index: int) -> str:
        """The notation of action number ``index`` (``game.notation`` of the action).

        Raises:
            IndexError: ``index`` is outside the action space.
            TypeError: ``index`` is not an integer.
        """
        return self._aec.notation(index)

    def action_masks(self) -> Any:
        """The learner's legal actions as a NumPy ``bool`` array of the action space's size:
        ``True`` at each legal action's number (all ``False`` once the episode is over). The
        method sb3-contrib's ``MaskablePPO`` calls. A fresh array every call.

        .. code-block:: python

            e = env(kinmarr.GAME, config=kinmarr.Config(guilds=("feudal_pact", "pathfinders")))
            observation, info = e.reset(seed=7)
            action = e.action_space.sample(e.action_masks().astype("int8"))

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        self._started()
        return self._legal.copy()

    # -- the Gymnasium API ----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a new game and play the other seats until the learner must choose; return its
        observation and an info dict.

        The game and every generator come from ``seed`` exactly as in
        :meth:`tabletop_rules.pettingzoo.TabletopAECEnv.reset` and
        :func:`~tabletop_rules.play`; without a seed, from the stream of the last seeded reset
        (or the operating system's entropy). ``options`` is accepted and ignored.

        A game can end before the learner has any choice (in Fated Kingdom the other guild may
        fall while, with ``skip_forced``, the learner's decisions were all forced). Gymnasium
        has no episode without a step, so such a game is skipped: the next seed is drawn from
        the stream, as an unseeded reset draws it, and ``info["skipped"]`` is the tuple of the
        skipped games' seeds (the info dict is empty otherwise). :attr:`game_seed` is the seed
        of the game played.

        Raises:
            TypeError: ``seed`` is not an integer.
            RuntimeError: 100 games in a row ended before the learner had a choice.
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, SupportsIndex)):
            raise TypeError(f"a seed is an integer, not {seed!r}")
        super().reset(seed=None if seed is None else operator.index(seed))
        self._steps = 0
        self._over = False
        skipped: list[int] = []
        self._aec.reset(seed=seed)
        while True:
            self._rngs = list(self._aec._agent_rngs)
            self._others()
            if not any(self._aec.terminations.values()):
                break
            # The game ended before the learner had a choice: the next seed of the stream.
            skipped.append(self._aec.game_seed)  # type: ignore[arg-type]  # set by reset
            if len(skipped) == _MOST_SKIPPED:
                raise RuntimeError(
                    f"{self.game.name}: {_MOST_SKIPPED} games in a row ended before seat "
                    f"{self.seat} had a choice (seeds {skipped[0]} …)"
                )
            self._aec.reset()
        if self.render_mode == "human":
            print(self._aec.render())
        return self._observe(), {"skipped": tuple(skipped)} if skipped else {}

    def step(self, action: SupportsIndex) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play action number ``action`` for the learner, then chance and the other seats until
        the learner must choose again or the game ends.

        Returns ``(observation, reward, terminated, truncated, info)``: the reward is 0 until
        the game ends, then the seat's ``outcome().returns`` (whichever seat's action ended it);
        ``terminated`` is whether the game is over, ``truncated`` whether ``max_steps`` cut it
        short. ``info`` is empty, except after a penalized illegal action:
        ``{"illegal": message}``, with the reward ``illegal_reward``.

        Raises:
            tabletop_rules.IllegalActionError: the action is not legal now (under
                ``on_illegal="raise"``); nothing changes.
            IndexError: ``action`` is outside the action space.
            TypeError: ``action`` is not an integer.
            RuntimeError: :meth:`reset` has not been called, or the episode is over.
        """
        self._started()
        if self._over:
            raise RuntimeError(f"the {self.game.name} episode is over: call reset()")
        info: dict[str, Any] = {}
        try:
            self._aec.step(action)
        except IllegalActionError as exc:
            if self.on_illegal == "raise":
                raise
            reward = self.illegal_reward
            info["illegal"] = exc.reason
        else:
            reward = self._aec.rewards[self._agent] + self._others()
        self._steps += 1
        terminated = any(self._aec.terminations.values())
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._over = terminated or truncated
        if self.render_mode == "human":
            print(self._aec.render())
        return self._observe(), reward, terminated, truncated, info

    def render(self) -> Any:
        """A picture of the whole state (every seat's hidden parts included): ``"human"`` prints
        ``game.render_text(state)`` and returns ``None``, ``"ansi"`` returns that text,
        ``"svg"`` returns ``game.render_svg(state)``. Without a render mode it warns and
        returns ``None``.

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        if self.render_mode == "human":
            print(self._aec.render())
            return None
        return self._aec.render()

    def close(self) -> None:
        """Release nothing: the environment holds no window, process or file."""

    # -- helpers --------------------------------------------------------------------------------

    def _started(self) -> None:
        if self._legal is None:
            raise RuntimeError(f"the {self.game.name} environment has not been reset: call reset()")

    def _others(self) -> float:
        """Play the other seats until the learner must choose or the game ends; the learner's
        reward of those steps."""
        aec, game, learner = self._aec, self.game, self._agent
        reward = 0.0
        while aec.agent_selection != learner and not any(aec.terminations.values()):
            agent = aec.agent_selection
            seat = aec.seat(agent)
            view = game.view(aec.game_state, seat)
            action, self._rngs[seat] = self.opponents[seat].choose(
                view, game.legal_actions(view), self._rngs[seat]
            )
            aec._act(agent, action, None)
            reward += aec.rewards[learner]
        return reward

    def _observe(self) -> Any:
        """The learner's observation now; keeps its mask for :meth:`action_masks`."""
        seen = self._aec.observe(self._agent)
        self._legal = seen["action_mask"].astype(bool)
        if self._over:
            self._legal[:] = False
        return seen if self.mask_in_observation else seen["observation"]


def env(
    game: Game[Any, Any],
    *,
    seat: int = 0,
    opponents: Opponent | Mapping[int, Opponent] = "random",
    config: Any = None,
    on_illegal: str = "raise",
    illegal_reward: float = -1.0,
    mask_in_observation: bool = False,
    skip_forced: bool = False,
    render_mode: str | None = None,
    max_steps: int | None = None,
) -> TabletopEnv:
    """A single-agent Gymnasium environment of one seat of ``game`` (a :class:`TabletopEnv`;
    see it for the arguments).

    .. code-block:: python

        import kinmarr
        from tabletop_rules.gymnasium import env

        e = env(kinmarr.GAME, config=kinmarr.Config(guilds=("feudal_pact", "pathfinders")),
                seat=0, opponents="random")
        observation, info = e.reset(seed=1)
        done = False
        while not done:
            action = e.action_space.sample(e.action_masks().astype("int8"))
            observation, reward, terminated, truncated, info = e.step(action)
            done = terminated or truncated

    Raises:
        TypeError: see :class:`TabletopEnv`.
        ValueError: see :class:`TabletopEnv`.
        ImportError: PettingZoo, Gymnasium or NumPy is missing (install the ``pettingzoo``
            extra).
    """
    return TabletopEnv(
        game,
        seat=seat,
        opponents=opponents,
        config=config,
        on_illegal=on_illegal,
        illegal_reward=illegal_reward,
        mask_in_observation=mask_in_observation,
        skip_forced=skip_forced,
        render_mode=render_mode,
        max_steps=max_steps,
    )
