"""One seat of any game as a single-agent `Gymnasium <https://gymnasium.farama.org>`_ environment.

:func:`env` wraps a :class:`~tabletop_rules.Game` that has an action space and observations
(every game of this distribution; see :doc:`spaces`) in a :class:`TabletopEnv`: the learner
plays one seat, and the opponents play the others inside :meth:`~TabletopEnv.step`, as chance is
sampled inside — :class:`~tabletop_rules.Agent` objects (``"random"`` by default), policies
(the one being trained, for self-play) or an :class:`OpponentPool` of them.

* An action is a number of the game's action space (``Discrete(n)``) — or, with
  ``decompose=True``, a sub-action: a move is chosen as a short sequence of small choices, at
  most a few hundred numbers in every game.
* An observation is the game's ``observation`` of the seat's view, a ``float32`` ``Box`` — or,
  with ``mask_in_observation=True`` or ``decompose=True``, a ``Dict`` of it with the legal
  actions' mask or the move chosen so far.
* :meth:`~TabletopEnv.action_masks` is the mask as a ``bool`` array, the method sb3-contrib's
  ``MaskablePPO`` calls; every ``info`` carries it too, as ``info["action_mask"]``, so that it
  reaches a Gymnasium vector environment's infos.
* The reward is 0 until the game ends, then the seat's ``outcome().returns``; with
  ``payoff="scores"`` each step pays the change of the seat's score (goblins defeated, town
  pieces kept, a guild's points). With ``on_illegal="penalize"`` an illegal action costs
  ``illegal_reward`` and changes nothing, instead of raising.
* Importing the module registers every installed game with Gymnasium as
  ``tabletop/<game>-v0``: ``gymnasium.make("tabletop/kinmarr-v0", seat=1)``.

It is built on :class:`tabletop_rules.pettingzoo.TabletopAECEnv` — the same set-up, chance
stream, observations, masks, sub-actions and forced decisions (``skip_forced``) — and so needs
the ``gymnasium`` extra (Gymnasium, PettingZoo and NumPy: ``pip install
"tabletop-rules[gymnasium]"``, or the ``pettingzoo`` extra, which holds the same). This module
imports without them, and constructing an environment then raises an :class:`ImportError`
saying so. It is not imported by :mod:`tabletop_rules`; import it as
``tabletop_rules.gymnasium``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, SupportsFloat, SupportsIndex, TypeAlias, TypedDict

from typing_extensions import Unpack

from ._agent_spec import agents_of
from ._agents import Agent
from ._errors import IllegalActionError
from ._game import Game
from ._record import Record
from ._registry import load_entry_point, registered_games
from ._rng import Rng
from .pettingzoo import TabletopAECEnv, _imports

__all__ = [
    "EnvOptions",
    "ON_ILLEGAL",
    "Opponent",
    "OpponentPool",
    "Policy",
    "TabletopEnv",
    "env",
    "registered_ids",
]

ON_ILLEGAL = ("raise", "penalize")
"""The two values ``on_illegal`` takes — ``"raise"`` (an illegal action raises
:class:`~tabletop_rules.IllegalActionError`) and ``"penalize"`` (it earns ``illegal_reward``
and changes nothing)."""

_INSTALL = 'pip install "tabletop-rules[gymnasium]"'
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


Policy: TypeAlias = Callable[[Any, Any], SupportsIndex]
"""A policy over the environment's own numbers, ``policy(observation, action_mask) -> action``,
given the observation of its seat in the learner's format (the ``Box``, or the ``Dict``) and
the ``bool`` mask of what it may play, returning a number the mask allows — what a trained
model's ``predict`` gives, such as
``lambda observation, mask: model.predict(observation, action_masks=mask)[0]`` for
sb3-contrib's ``MaskablePPO``."""


class OpponentPool:
    """Opponents to draw from at every :meth:`TabletopEnv.reset`: a league of snapshots of the
    policy being trained, beside agents.

    Give it as the opponents of some seats (or all): at each reset, each of those seats draws
    one member for the whole episode, from the environment's own generator (so a seeded reset
    draws the same). :meth:`add` puts a new member in — a training loop adds a snapshot of its
    policy every so often, and the environments that share the pool draw it from their next
    reset on.

    >>> pool = OpponentPool(["random"], latest=0.5)
    >>> pool.add(lambda observation, mask: int(mask.argmax()))
    >>> len(pool)
    2

    Args:
        members: the first members: names of the game's agents, :class:`~tabletop_rules.Agent`
            objects or :data:`Policy` callables.
        latest: the chance that a seat draws the member added last; the other draws are
            uniform over every member (``0.0``, the default: always uniform).

    Raises:
        ValueError: ``latest`` is not from 0 to 1.
    """

    __slots__ = ("latest", "members")

    def __init__(self, members: Iterable[Opponent] = (), *, latest: float = 0.0) -> None:
        if isinstance(latest, bool) or not 0.0 <= latest <= 1.0:
            raise ValueError(f"latest is a probability from 0 to 1, not {latest!r}")
        self.members: list[Opponent] = list(members)
        self.latest = float(latest)

    def add(self, member: Opponent) -> None:
        """Add ``member`` (an agent's name, an :class:`~tabletop_rules.Agent` or a
        :data:`Policy`); it may be drawn from the next reset on."""
        self.members.append(member)

    def draw(self, generator: Any) -> Opponent:
        """One member, drawn with ``generator`` (a ``numpy.random.Generator``).

        Raises:
            ValueError: the pool is empty.
        """
        if not self.members:
            raise ValueError("the opponent pool is empty: add() a member first")
        if self.latest and generator.random() < self.latest:
            return self.members[-1]
        return self.members[int(generator.integers(len(self.members)))]

    def __len__(self) -> int:
        return len(self.members)

    def __repr__(self) -> str:
        return f"<OpponentPool of {len(self.members)} members, latest={self.latest}>"


Opponent: TypeAlias = "str | Agent[Any] | Policy | OpponentPool"
"""Who plays a seat other than the learner's — the name of one of the game's agents
(:func:`~tabletop_rules.agents_of`, such as ``"random"``), an :class:`~tabletop_rules.Agent`
object, a :data:`Policy` over the environment's numbers (the policy being trained, for
self-play), or an :class:`OpponentPool` to draw one of those from at every reset."""


def _agent(game: Game[Any, Any], seat: int, spec: object) -> Any:
    """The agent, policy or pool ``spec`` names or is, for ``seat``.

    Raises:
        ValueError: a name the game has no agent of.
        TypeError: neither a name, an agent, a pool nor a callable.
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
    if isinstance(spec, OpponentPool) or callable(getattr(spec, "choose", None)):
        return spec
    if callable(spec):
        return spec
    raise TypeError(
        f"the opponent for seat {seat} is an agent's name, an object with a choose() method "
        f"(tabletop_rules.Agent), a policy(observation, action_mask) or an OpponentPool, "
        f"not {spec!r}"
    )


def _game_named(name: str) -> Game[Any, Any]:
    """The installed game called ``name`` (its entry point in ``tabletop_rules.games``, found
    as :func:`~tabletop_rules.load_game` finds it).

    Raises:
        ValueError: no installed game has that name.
        LookupError: its entry point cannot be loaded or is not a
            :class:`~tabletop_rules.Game`.
    """
    registered = registered_games()
    ep = registered.get(name)
    if ep is None:
        installed = ", ".join(sorted(registered)) or "none"
        raise ValueError(f"no installed game is called {name!r} (installed: {installed})")
    return load_entry_point(ep)


class TabletopEnv(_Env):
    """One seat of a game as a Gymnasium ``Env``; opponents play the other seats, chance is
    sampled.

    Build one with :func:`env` (the same arguments) or ``gymnasium.make("tabletop/<game>-v0",
    ...)``. Call :meth:`reset` before anything else.

    Args:
        game: the game, or the name of an installed game (``"kinmarr"``); it must have
            ``action_space``, ``observation`` and ``observation_shape`` (every game of this
            distribution has).
        seat: the learner's seat (``0`` by default).
        opponents: who plays every other seat (an :data:`Opponent`): the name of one of the
            game's agents (:func:`~tabletop_rules.agents_of`; ``"random"``, the default), an
            :class:`~tabletop_rules.Agent`, a :data:`Policy` or an :class:`OpponentPool`, for
            all of them; or a mapping from each other seat to one. A name gives each seat a
            fresh agent. An agent gets the view of its seat, its legal actions and its own
            :class:`~tabletop_rules.Rng`, split from the game's seed as
            :func:`~tabletop_rules.play` splits it; a policy gets its seat's observation and
            mask, as the learner does, and steps the same numbers (sub-actions too); a pool's
            seat draws one member of it at every reset.
        config: the game's config (``None``: the game's default).
        on_illegal: ``"raise"`` (the default: an illegal action raises
            :class:`~tabletop_rules.IllegalActionError` and changes nothing) or
            ``"penalize"`` (an illegal action changes nothing and earns ``illegal_reward``; the
            game goes on, and ``info["illegal"]`` gives the reason). Use ``"penalize"`` for
            tools that step with unmasked actions, such as Gymnasium's ``check_env``.
        illegal_reward: the reward of an illegal action under ``"penalize"`` (``-1.0`` by
            default: as bad as a loss is good); a finite negative number.
        mask_in_observation: ``False`` (the default) or ``True``: an observation is a dict
            that also holds ``"action_mask"``, an ``int8`` array with a 1 at each legal action
            — the PettingZoo environment's own observation.
        skip_forced: answer every decision with a single legal action inside, the learner's
            too (see :class:`~tabletop_rules.pettingzoo.TabletopAECEnv`).
        decompose: choose each move as a short sequence of sub-actions (see
            :class:`~tabletop_rules.pettingzoo.TabletopAECEnv`): the action space is the
            sub-actions, and an observation is a dict of ``"observation"`` and ``"chosen"``,
            the move chosen so far (and ``"action_mask"`` with ``mask_in_observation``).
        payoff: ``"returns"`` (the default: the reward is 0 until the game ends, then the
            seat's ``outcome().returns``) or ``"scores"``: each step pays the change of the
            seat's score (:func:`~tabletop_rules.pettingzoo.running_scores`), so an episode's
            rewards add up to its ``outcome().scores``.
        render_mode: ``None``, ``"human"`` (:meth:`reset` and :meth:`step` print
            ``game.render_text`` of the whole state), ``"ansi"`` (:meth:`render` returns that
            text), ``"svg"`` (``game.render_svg``, for a game that has one) or ``"rgb_array"``
            (that picture as pixels, with the ``raster`` extra).
        max_steps: ``None`` (the default), or the number of :meth:`step` calls, illegal ones
            included, after which the episode is *truncated* (reward 0) if the game has not
            ended.

    Attributes:
        game (Game): the game.
        config (Any): its config.
        seat (int): the learner's seat.
        opponents (dict[int, Any]): what plays each other seat: an
            :class:`~tabletop_rules.Agent`, a :data:`Policy` or an :class:`OpponentPool`.
        on_illegal (str): ``"raise"`` or ``"penalize"``.
        illegal_reward (float): the reward of an illegal action under ``"penalize"``.
        mask_in_observation (bool): whether observations hold the mask.
        skip_forced (bool): whether forced decisions are answered inside.
        decompose (bool): whether actions are sub-actions.
        payoff (str): ``"returns"`` or ``"scores"``.
        max_steps (int | None): the step cap, or ``None``.
        action_space (Any): a ``gymnasium.spaces.Discrete``, one number per action of
            ``game.action_space(config)`` (or per sub-action).
        observation_space (Any): the ``float32`` ``gymnasium.spaces.Box`` of
            ``observation_shape(config)``, bounded by the game's ``observation_bounds(config)``
            (``-inf`` to ``inf`` without them); or the ``gymnasium.spaces.Dict`` of it with the
            mask and the move chosen so far.
        metadata (dict[str, Any]): ``"name"`` (the game's name and the environment's version,
            ``"kinmarr_v0"``), ``"render_modes"`` and ``"render_fps"``.

    Raises:
        TypeError: the game has no action space or no observations; ``seat``, an opponent,
            ``illegal_reward`` or a flag has the wrong type.
        ValueError: ``seat`` is not a seat of the config, ``opponents`` does not name every
            other seat once, an agent's or a game's name is unknown, ``on_illegal`` or
            ``payoff`` is unknown, ``illegal_reward`` is not a finite negative number,
            ``render_mode`` is not supported, or ``max_steps`` is below 1.
        LookupError: the installed game named cannot be loaded, or is not a game.
        ImportError: Gymnasium, PettingZoo or NumPy is missing (install the ``gymnasium``
            extra), or ``render_mode="rgb_array"`` without the ``raster`` extra.
    """

    def __init__(
        self,
        game: Game[Any, Any] | str,
        *,
        seat: int = 0,
        opponents: Opponent | Mapping[int, Opponent] = "random",
        config: Any = None,
        on_illegal: str = "raise",
        illegal_reward: float = -1.0,
        mask_in_observation: bool = False,
        skip_forced: bool = False,
        decompose: bool = False,
        payoff: str = "returns",
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        try:
            _, gym_spaces = _imports()
        except ImportError as exc:
            raise ImportError(
                f"tabletop_rules.gymnasium needs Gymnasium, PettingZoo and NumPy: {_INSTALL}"
            ) from exc
        super().__init__()
        if isinstance(game, str):
            game = _game_named(game)
        self._aec = TabletopAECEnv(
            game,
            config=config,
            render_mode="ansi" if render_mode == "human" else render_mode,
            skip_forced=skip_forced,
            decompose=decompose,
            payoff=payoff,
        )
        self.game = game
        self.config = self._aec.config
        seats = game.seat_count(self.config)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat is an integer, not {seat!r}")
        if not 0 <= seat < seats:
            raise ValueError(f"{game.name} with this config has seats 0 to {seats - 1}, not {seat}")
        self.seat = seat
        self.opponents: dict[int, Any] = self._opponents(opponents, seats)
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
        self.decompose = decompose
        self.payoff = payoff
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise ValueError(f"max_steps is a positive number of steps or None, not {max_steps!r}")
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {
            "name": f"{game.name}_v0",
            "render_modes": list(self._aec.metadata["render_modes"]),
            "render_fps": 1,
        }
        self._agent = self._aec.possible_agents[seat]
        self.action_space: Discrete = self._aec.action_space(self._agent)
        spaces = self._aec.observation_space(self._agent)
        self._keys = tuple(
            key
            for key in ("observation", "action_mask", "chosen")
            if key in spaces.spaces and (key != "action_mask" or mask_in_observation)
        )
        self.observation_space = (
            spaces["observation"]
            if self._keys == ("observation",)
            else gym_spaces.Dict({key: spaces[key] for key in self._keys})
        )
        self._rngs: list[Rng] = []
        self._playing: dict[int, Any] = {}
        self._legal: Any = None
        self._carry = 0.0
        self._steps = 0
        self._over = False

    def _opponents(
        self, opponents: Opponent | Mapping[int, Opponent], seats: int
    ) -> dict[int, Any]:
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

    def set_opponents(self, opponents: Opponent | Mapping[int, Opponent]) -> None:
        """Change who plays the other seats, from the next :meth:`reset` on (the arguments of
        ``opponents``): how a self-play loop puts the policy it trains, or a pool of its
        snapshots, in once the learner exists.

        Raises:
            TypeError: see :class:`TabletopEnv`.
            ValueError: see :class:`TabletopEnv`.
        """
        self.opponents = self._opponents(opponents, self.game.seat_count(self.config))

    # -- the game -------------------------------------------------------------------------------

    @property
    def game_state(self) -> Any:
        """The game's current state (hidden parts included), ``None`` before :meth:`reset`."""
        return self._aec.game_state

    @property
    def game_seed(self) -> int | None:
        """The seed the current game was set up with (``None`` before :meth:`reset`)."""
        return self._aec.game_seed

    @property
    def sub_actions(self) -> tuple[str, ...] | None:
        """With ``decompose``, each sub-action's words, by number; ``None`` without."""
        return self._aec.sub_actions

    def record(self) -> Record[Any, Any, Any]:
        """The game so far as a :class:`~tabletop_rules.Record`: every action of every seat,
        chance's and the forced ones included.

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        return self._aec.record()

    def legal_indices(self) -> tuple[int, ...]:
        """The numbers the learner may step now: its legal actions' (or, with ``decompose``, its
        sub-actions'); ``()`` once the episode is over.

        Raises:
            RuntimeError: :meth:`reset` has not been called.
        """
        self._started()
        return () if self._over else self._aec.legal_indices()

    def notation(self, index: int) -> str:
        """The words of number ``index``: ``game.notation`` of the action, or the sub-action's
        words with ``decompose``.

        Raises:
            IndexError: ``index`` is outside the action space.
            TypeError: ``index`` is not an integer.
        """
        return self._aec.notation(index)

    def chosen(self) -> tuple[str, ...]:
        """With ``decompose``, the words of the sub-actions of the learner's move chosen so far
        (``()`` without, and at the start of a move)."""
        return () if self._over else self._aec.chosen()

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
        (or the operating system's entropy). The seats of an :class:`OpponentPool` draw their
        members from the environment's generator, seeded by ``seed`` too. ``options`` is
        accepted and ignored.

        A game can end before the learner has any choice (in Fated Kingdom the other guild may
        fall while, with ``skip_forced``, the learner's decisions were all forced). Gymnasium
        has no episode without a step, so such a game is skipped: the next seed is drawn from
        the stream, as an unseeded reset draws it, and ``info["skipped"]`` is the tuple of the
        skipped games' seeds. :attr:`game_seed` is the seed of the game played.
        ``info["action_mask"]`` is the mask of :meth:`action_masks`. With ``payoff="scores"``,
        what the learner's score earned before its first choice is paid by its first step.

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
            self._playing = {
                s: self._member(s, spec.draw(self.np_random))
                if isinstance(spec, OpponentPool)
                else spec
                for s, spec in self.opponents.items()
            }
            self._carry = self._others()
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
        observation = self._observe()
        info: dict[str, Any] = {"action_mask": self._legal.copy()}
        if skipped:
            info["skipped"] = tuple(skipped)
        return observation, info

    def step(self, action: SupportsIndex) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play number ``action`` for the learner — an action, or with ``decompose`` a
        sub-action — then, once its move is played, chance and the other seats until the
        learner must choose again or the game ends.

        Returns ``(observation, reward, terminated, truncated, info)``: the reward is 0 until
        the game ends, then the seat's ``outcome().returns`` (whichever seat's action ended it);
        with ``payoff="scores"``, the change of the seat's score over the step, the opponents'
        moves included. ``terminated`` is whether the game is over, ``truncated`` whether
        ``max_steps`` cut it short. ``info["action_mask"]`` is the mask of
        :meth:`action_masks` (all ``False`` at the end: see *Vector environments* in the
        documentation), and after a penalized illegal action ``info["illegal"]`` is the reason,
        with the reward ``illegal_reward``.

        Raises:
            tabletop_rules.IllegalActionError: the action is not legal now (under
                ``on_illegal="raise"``; nothing changes), or an opponent's policy chose one
                (whatever ``on_illegal``).
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
            reward = self._carry + self._aec.rewards[self._agent] + self._others()
            self._carry = 0.0
        self._steps += 1
        terminated = any(self._aec.terminations.values())
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._over = terminated or truncated
        if self.render_mode == "human":
            print(self._aec.render())
        observation = self._observe()
        info["action_mask"] = self._legal.copy()
        return observation, reward, terminated, truncated, info

    def render(self) -> Any:
        """A picture of the whole state (every seat's hidden parts included): ``"human"`` prints
        ``game.render_text(state)`` and returns ``None``, ``"ansi"`` returns that text,
        ``"svg"`` returns ``game.render_svg(state)``, ``"rgb_array"`` that picture as a NumPy
        ``uint8`` array of shape ``(height, width, 3)``, every frame of one size (see
        :meth:`tabletop_rules.pettingzoo.TabletopAECEnv.render`). Without a render mode it
        warns and returns ``None``.

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

    def _member(self, seat: int, member: Opponent) -> Any:
        """A pool's member drawn for ``seat``, made ready to play (a name becomes an agent)."""
        if isinstance(member, OpponentPool):
            raise TypeError(f"an opponent pool holds agents and policies, not a pool: {member!r}")
        return _agent(self.game, seat, member)

    def _others(self) -> float:
        """Play the other seats until the learner must choose or the game ends; the learner's
        reward of those steps."""
        aec, game, learner = self._aec, self.game, self._agent
        reward = 0.0
        while aec.agent_selection != learner and not any(aec.terminations.values()):
            agent = aec.agent_selection
            seat = aec.seat(agent)
            player = self._playing[seat]
            if callable(getattr(player, "choose", None)):
                view = game.view(aec.game_state, seat)
                action, self._rngs[seat] = player.choose(
                    view, game.legal_actions(view), self._rngs[seat]
                )
                aec._act(agent, action, None)
            else:
                seen = aec.observe(agent)
                mask = seen["action_mask"].astype(bool)
                try:
                    aec.step(player(self._format(seen), mask))
                except IllegalActionError as exc:
                    raise IllegalActionError(
                        f"the policy of seat {seat} chose an illegal action: {exc.reason}",
                        exc.action,
                    ) from exc
            reward += aec.rewards[learner]
        return reward

    def _format(self, seen: dict[str, Any]) -> Any:
        """An observation of the PettingZoo environment in this environment's format."""
        if self._keys == ("observation",):
            return seen["observation"]
        return {key: seen[key] for key in self._keys}

    def _observe(self) -> Any:
        """The learner's observation now; keeps its mask for :meth:`action_masks`."""
        seen = self._aec.observe(self._agent)
        self._legal = seen["action_mask"].astype(bool)
        if self._over:
            self._legal[:] = False
        return self._format(seen)


class EnvOptions(TypedDict, total=False):
    """The keyword options of :class:`TabletopEnv` (each described there), as :func:`env` and
    ``gymnasium.make`` take them; a type checker holds a call to their names and types."""

    seat: int
    opponents: Opponent | Mapping[int, Opponent]
    config: Any
    on_illegal: str
    illegal_reward: float
    mask_in_observation: bool
    skip_forced: bool
    decompose: bool
    payoff: str
    render_mode: str | None
    max_steps: int | None


def env(game: Game[Any, Any] | str, **options: Unpack[EnvOptions]) -> TabletopEnv:
    """A single-agent Gymnasium environment of one seat of ``game`` (a :class:`TabletopEnv`;
    see it for the :class:`options <EnvOptions>`). ``gymnasium.make("tabletop/<game>-v0", ...)``
    calls it with the game's name and the keyword arguments given.

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
        ImportError: Gymnasium, PettingZoo or NumPy is missing (install the ``gymnasium``
            extra), or ``render_mode="rgb_array"`` without the ``raster`` extra.
    """
    return TabletopEnv(game, **options)


def registered_ids() -> tuple[str, ...]:
    """The Gymnasium ids this module registered on import, one per installed game:
    ``"tabletop/<game>-v0"`` (``()`` without Gymnasium).

    ``gymnasium.make(id, **kwargs)`` builds :func:`env` of that game with the keyword
    arguments given (``config``, ``seat``, ``opponents``, ``decompose`` …).
    """
    return tuple(_REGISTERED)


_REGISTERED: list[str] = []


def _register_installed() -> None:
    """Register ``tabletop/<game>-v0`` with Gymnasium for every installed game (by name: the
    game is loaded by ``gymnasium.make``, not here)."""
    try:
        import gymnasium
    except ImportError:
        return
    for name in sorted(registered_games()):
        if not name.isidentifier():
            continue
        env_id = f"tabletop/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="tabletop_rules.gymnasium:env", kwargs={"game": name}
            )
        _REGISTERED.append(env_id)


_register_installed()
