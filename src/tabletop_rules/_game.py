"""`Game`: the kernel. A game writes its rules as hooks; the per-game API is written here once."""

from __future__ import annotations

import abc
import functools
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Generic, TypeVar, overload

import cattrs
from typing_extensions import TypeVar as DefaultTypeVar

from ._agents import Agent
from ._clicks import ClickMap, Clicks
from ._errors import IllegalActionError, ReplayError
from ._record import Record
from ._serial import MAX_INPUT, Codec, digest_of, make_converter
from ._spaces import ActionSpace, Observation, Observer
from ._values import Decision, Outcome, Seat, Step
from ._wellformed import action_problem, check_position, check_seat

S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")
V = DefaultTypeVar("V", default=Any)


class Game(abc.ABC, Generic[S, A, V]):
    """A game's rules as one object: the hooks its game writes, and the per-game API built on
    them once, here, for every game.

    A game package subclasses it — ``class Goblinguard(Game[State, Action, View])`` — declares
    what it is (:attr:`name`, :attr:`title`, :attr:`seats`, its types, its JSON :attr:`format`,
    its :attr:`agents`) and writes the hooks where it really differs: :meth:`new_game`,
    :meth:`legal_actions`, :meth:`why_not`, :meth:`act`, :meth:`view`, :meth:`redeal`,
    :meth:`outcome` and the rest below, often as ``staticmethod(function)`` of its rules modules.
    Its one instance is the package's ``GAME``; the module-level functions (``goblinguard.step``
    …) are that instance's methods. The kernel writes what every game does the same way:
    :meth:`step` and :meth:`apply` (position and seat checks, legality, then :meth:`act`),
    :meth:`is_legal`, the :attr:`codec` and the JSON functions from it, :meth:`record` and
    :meth:`replay`, :meth:`parse_action`, :meth:`clicks_of` from :attr:`clicks`, the observation
    functions from :attr:`observer`, :meth:`render_svg` and Jupyter's ``_repr_svg_``.

    ``mypy --strict`` holds a game to these signatures: ``S`` is its state, ``A`` its action
    union, ``V`` its view. Generic tools take a ``Game[S, A]``.

    A game registers its instance in the ``tabletop_rules.games`` entry-point group, so
    ``tabletop play NAME`` finds third-party games too (:ref:`register-a-game`). The agents a
    tool may name are the game's own :attr:`agents` and the generic ones of the registry
    (:func:`~tabletop_rules.agents_of`).

    Optional capabilities are ``None`` for a game without them: :attr:`render_svg` (the game's
    :meth:`render`),
    :attr:`action_space`, :attr:`observation`, :attr:`observation_shape`,
    :attr:`observation_bounds`, :attr:`observation_array`, :attr:`describe`, :attr:`card_text`,
    :attr:`clicks`.

    Attributes:
        name: the import and entry-point name (``"goblinguard"``).
        title: the game's printed name.
        seats: the smallest and largest number of seats any config may have.
        config_type: the game's ``Config`` class (its defaults are the standard game).
        state_type: the game's ``State`` class.
        view_type: the game's ``View`` class.
        action_types: the game's action classes (an action must be exactly one of them, with
            exactly the field types they declare).
        event_types: the game's event classes.
        format: the current format number of the game's JSON (default 1).
        migrations: ``{n: f}``, how data written in an older format ``n`` is brought to
            ``n + 1`` (:class:`~tabletop_rules.Codec`); empty by default.
        agents: the game's agent factories by name (``"random"``, ``"greedy"`` …).
        clicks: how the game's pictures are clicked (:class:`~tabletop_rules.ClickMap`), or
            ``None``.
        observer: the game's observations (:class:`~tabletop_rules.Observer`), or ``None``.
        action_space: ``action_space(config) -> ActionSpace``, every action that config can
            ever offer, numbered once and for all (``None`` for a game without one).
        observation_shape: ``observation_shape(config) -> tuple[int, ...]``, the shape of every
            observation of a game with that config (``None`` without observations).
        observation_bounds: ``observation_bounds(config) -> tuple[float, float]``, the lowest
            and highest number any observation holds (``None`` for a game that does not
            publish them); a learning environment's bounded ``Box``.
        describe: ``describe(state_or_view, what) -> str``, an event or an action in a sentence
            a player understands, an action read in the position it answers (``None`` for a
            game without one). The games of this library also say the position's
            :class:`~tabletop_rules.Decision` (the question, in a player's words), its
            :class:`~tabletop_rules.Outcome`, and, given a later position, what changed that no
            event says (``""`` for nothing); a front end falls back on ``Decision.prompt`` when
            a game's ``describe`` raises ``TypeError`` for them.
        card_text: ``card_text(config_or_state_or_view, card_id) -> str``, a card's name, kind
            and rules text in plain words (``None`` for a game without one).
        draw_svg: ``draw_svg(position, clicks) -> str``, the renderer behind
            :attr:`render_svg` (``None`` for a game without pictures).
    """

    __slots__ = ()

    name: str
    title: str
    seats: tuple[int, int]
    config_type: type[Any]
    state_type: type[S]
    view_type: type[V]
    action_types: tuple[type, ...]
    event_types: tuple[type, ...]
    format: int = 1
    migrations: Mapping[int, Callable[[str, Any], Any]] = MappingProxyType({})
    agents: Mapping[str, Callable[[], Agent[A]]] = MappingProxyType({})
    clicks: ClickMap[A] | None = None
    observer: Observer[V] | None = None
    action_space: Callable[[Any], ActionSpace[A]] | None = None
    observation_shape: Callable[[Any], tuple[int, ...]] | None = None
    observation_bounds: Callable[[Any], tuple[float, float]] | None = None
    describe: Callable[[Any, Any], str] | None = None
    card_text: Callable[[Any, str], str] | None = None
    draw_svg: Callable[[Any, Clicks[A]], str] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        draw = cls.__dict__.get("draw_svg")
        if draw is not None:  # Jupyter shows a state or a view as its picture
            game = cls
            for kind in (cls.state_type, cls.view_type):
                setattr(kind, "_repr_svg_", lambda position: game().render(position))  # noqa: B010

    # -- the hooks: what each game writes ---------------------------------------------------------

    @abc.abstractmethod
    def new_game(self, config: Any = None, *, seed: int) -> S:
        """The rulebook's set-up for ``config`` (``None``: the standard game), every shuffle
        drawn from ``seed``."""

    @abc.abstractmethod
    def seat_count(self, position: Any, /) -> int:
        """The seats of the game of a config, state or view."""

    @abc.abstractmethod
    def current_player(self, position: S | V, /) -> Seat | None:
        """The seat that must answer now (:data:`~tabletop_rules.CHANCE` for chance), ``None``
        when the game is over."""

    @abc.abstractmethod
    def legal_actions(self, position: S | V, /) -> tuple[A, ...]:
        """The answers to the current decision, in the game's documented total order; empty
        exactly when the game is over."""

    @abc.abstractmethod
    def why_not(self, position: S | V, action: A, /) -> str | None:
        """Why a well-formed ``action`` (one of :attr:`action_types`, its fields of the right
        types) does not answer the current decision of ``position``, naming the rule; ``None``
        when it does."""

    @abc.abstractmethod
    def act(self, state: S, action: A, /) -> Step[S, Any]:
        """Apply a legal ``action`` (checked by :meth:`step`) and report what happened;
        ``state`` is never changed."""

    @abc.abstractmethod
    def outcome(self, position: S | V, /) -> Outcome | None:
        """The result once the game is over, ``None`` while it runs."""

    @abc.abstractmethod
    def view(self, state: S, seat: Seat, /) -> V:
        """What ``seat`` may know of ``state``."""

    @abc.abstractmethod
    def redeal(self, position: V, seed: int, /) -> S:
        """A full state consistent with the view ``position``, its hidden parts drawn afresh
        from ``seed``."""

    @abc.abstractmethod
    def decision(self, position: S | V, /) -> Decision[Any] | None:
        """What is asked now (its seat, kind, prompt and context); ``None`` when over."""

    @abc.abstractmethod
    def notation(self, action: A, /) -> str:
        """The short, stable text of an action."""

    @abc.abstractmethod
    def parse_notation(self, text: str, /) -> A:
        """The action whose :meth:`notation` is ``text``; ``ValueError`` on anything else."""

    @abc.abstractmethod
    def validate(self, position: S | V, /) -> None:
        """Raise :class:`~tabletop_rules.StateFormatError` naming what in ``position`` breaks
        the rules (``loads`` checks every saved state and view with it)."""

    @abc.abstractmethod
    def render_text(self, position: S | V, /) -> str:
        """A plain-text picture of the position."""

    def make_converter(self) -> cattrs.Converter:
        """A fresh converter holding the game's own hooks (its config's, its pending frames'
        union …); the :attr:`codec` adds the actions', events' and validators' hooks to it.
        Default: :func:`~tabletop_rules.make_converter`, for a game of plain attrs classes."""
        return make_converter()

    @property
    def codec(self) -> Codec:
        """Reads and writes the game's values as JSON (:class:`~tabletop_rules.Codec`), built
        once per game class from its declarations: its :attr:`name`, :attr:`format`, types,
        :meth:`make_converter`, :meth:`validate` and :attr:`migrations`."""
        return _codec_of(type(self))

    def chance_outcomes(self, state: S, /) -> tuple[tuple[A, Fraction], ...]:
        """At a chance decision, each legal action with its exact probability (summing to 1),
        in the order of :meth:`legal_actions`; ``()`` elsewhere (and in a game with no chance
        decisions)."""
        return ()

    def is_over(self, position: S | V, /) -> bool:
        """Whether the game has ended."""
        return self.outcome(position) is not None

    def foreign(self, position: S | V, action: A, /) -> str | None:
        """What ``action`` names that the game of ``position`` does not have (a card not in its
        deck, a seat not playing), for :meth:`parse_action`; ``None`` when nothing."""
        return None

    # -- the kernel: what every game does the same way --------------------------------------------

    def is_legal(self, position: S | V, action: A) -> str | None:
        """``None`` if ``action`` answers the current decision, else the reason, naming the
        rule it breaks. A value that is not exactly one of the game's actions is refused with
        what is wrong with it.

        Raises:
            tabletop_rules.PositionTypeError: ``position`` is neither a state nor a view.
        """
        check_position(position, (self.state_type, self.view_type), "is_legal")
        problem = action_problem(action, self.action_types)
        if problem is not None:
            return problem
        return self.why_not(position, action)

    def step(self, state: S, action: A, *, seat: Seat | None = None) -> Step[S, Any]:
        """Apply ``action`` and report what happened: the next state and the events, each
        event telling who may see it (:meth:`Step.events_for <tabletop_rules.Step.events_for>`).

        Args:
            state: the position (never changed).
            action: the answer.
            seat: who sends it, for a front end that takes answers from several players: the
                action is refused unless that seat is the one asked (``None``: not checked).

        Raises:
            tabletop_rules.IllegalActionError: the action is not legal, or not from the seat
                asked (``.reason`` names the rule, ``.action`` is the action).
            tabletop_rules.PositionTypeError: ``state`` is not a state (a view cannot be
                played on).
        """
        check_position(state, (self.state_type,), "step")
        if seat is not None:
            check_seat(self.current_player(state), seat, action)
        reason = action_problem(action, self.action_types) or self.why_not(state, action)
        if reason is not None:
            raise IllegalActionError(reason, action)
        return self.act(state, action)

    def apply(self, state: S, action: A, *, seat: Seat | None = None) -> S:
        """``step(state, action, seat=seat).state``: the state after the action; ``state`` is
        untouched."""
        return self.step(state, action, seat=seat).state

    def parse_action(self, position: S | V, text: str) -> A:
        """Read an action's :meth:`notation` in ``position``'s game (legality is not checked).

        Raises:
            ValueError: the text is not an action, or names what this game does not have.
        """
        action = self.parse_notation(text)
        problem = self.foreign(position, action)
        if problem is not None:
            raise ValueError(problem)
        return action

    def record(
        self,
        actions: Iterable[A],
        *,
        seed: int | None = None,
        config: Any = None,
        start: S | None = None,
    ) -> Record[Any, S, A]:
        """A :class:`~tabletop_rules.Record` of a game of this kind: from a seed (with a
        config) or from a starting state, and the actions since."""
        return Record(tuple(actions), config=config, seed=seed, start=start)

    def replay(self, rec: Record[Any, S, A]) -> Iterator[S]:
        """Yield the starting state of ``rec``, then the state after each of its actions.

        Raises:
            tabletop_rules.ReplayError: an action is illegal; ``.index`` says which one. The
                states before it have already been yielded.
        """
        if rec.start is not None:
            state = rec.start
        else:
            assert rec.seed is not None  # a record has one of the two (Record checks it)
            state = self.new_game(rec.config, seed=rec.seed)
        yield state
        for index, action in enumerate(rec.actions):
            try:
                state = self.apply(state, action)
            except IllegalActionError as exc:
                raise ReplayError(index, exc.reason, action) from exc
            yield state

    # -- JSON ---------------------------------------------------------------------------------

    def to_dict(self, obj: object) -> dict[str, Any]:
        """The JSON-ready envelope of a state, view, action, config, record or event."""
        return self.codec.to_dict(obj)

    @overload
    def from_dict(self, data: Any) -> S: ...
    @overload
    def from_dict(self, data: Any, kind: type[T]) -> T: ...
    @overload
    def from_dict(self, data: Any, kind: str | object) -> Any: ...
    def from_dict(self, data: Any, kind: Any = None) -> Any:
        """Read an envelope made by :meth:`to_dict`; ``kind`` is the type (or kind name)
        expected, the state by default.

        Raises:
            tabletop_rules.StateFormatError: wrong game or kind, newer format, malformed data,
                or a state that breaks the rules (:meth:`validate`); ``.path`` names where.
        """
        return self.codec.from_dict(data, self.state_type if kind is None else kind)

    def dumps(self, obj: object, *, indent: int | None = None) -> str:
        """JSON text of a state, view, action, config, record or event, in the envelope
        ``{"game", "kind", "format", "data"}``."""
        return self.codec.dumps(obj, indent=indent)

    @overload
    def loads(self, text: str | bytes, *, max_size: int = MAX_INPUT) -> S: ...
    @overload
    def loads(self, text: str | bytes, kind: type[T], *, max_size: int = MAX_INPUT) -> T: ...
    @overload
    def loads(self, text: str | bytes, kind: str | object, *, max_size: int = MAX_INPUT) -> Any: ...
    def loads(self, text: str | bytes, kind: Any = None, *, max_size: int = MAX_INPUT) -> Any:
        """Read :meth:`dumps` text; ``kind`` is the type (or kind name) expected, the state by
        default. Older formats are migrated; every state and view is checked against the rules.

        Raises:
            tabletop_rules.StateFormatError: malformed, truncated, oversized (``max_size``
                characters) or foreign text, a newer format, or a value that breaks the rules;
                ``.path`` names where.
        """
        return self.codec.loads(text, self.state_type if kind is None else kind, max_size=max_size)

    def digest(self, state: S) -> str:
        """A stable, process-independent key of the whole state: the SHA-256 of its canonical
        JSON."""
        return digest_of(self.codec.to_dict(state))

    # -- pictures and observations -----------------------------------------------------------

    def clicks_of(self, position: S | V, actions: Sequence[A] | None) -> Clicks[A]:
        """The clicks of ``actions`` in the picture of ``position`` (none for ``None``, and in
        a game whose pictures are not clickable).

        Raises:
            TypeError: ``actions`` is not a sequence of the game's actions.
            ValueError: an action is not legal in ``position``, or is given twice.
        """
        if self.clicks is None:
            return Clicks.none()
        return self.clicks.of(position, actions)

    @property
    def render_svg(self) -> Callable[..., str] | None:
        """:meth:`render`, or ``None`` for a game without pictures."""
        return None if self.draw_svg is None else self.render

    def render(
        self, position: S | V, *, seat: Seat | None = None, actions: Sequence[A] | None = None
    ) -> str:
        """An SVG picture of the position, drawn by the game's ``draw_svg``.

        Args:
            position: what to draw: a state whole, or a view as its seat sees it.
            seat: draw ``view(position, seat)`` of a state, only what that seat may see; given
                with a view, it must be the view's seat.
            actions: the actions the picture offers to click, normally ``legal_actions`` of
                what is drawn (``None``: none, and no ``data-actions`` at all). Every element
                that starts one carries ``data-actions``, the indices of the actions it takes
                part in, and buttons are drawn for what the board does not show
                (:ref:`clickable-boards`).

        Returns:
            The SVG document (``<svg xmlns=…>…</svg>``, no XML declaration).

        Raises:
            ValueError: ``seat`` is not a seat of the game, or not the seat of the view; an
                action is not legal in what is drawn, or is given twice.
            TypeError: ``actions`` is not a sequence of the game's actions, or the game draws
                no pictures.
        """
        if self.draw_svg is None:
            raise TypeError(f"{self.name} draws no pictures")
        if seat is not None:
            if isinstance(position, self.state_type):
                position = self.view(position, seat)
            elif getattr(position, "seat", seat) != seat:
                shown = getattr(position, "seat", None)
                raise ValueError(f"a view of seat {shown} cannot be drawn for seat {seat}")
        return self.draw_svg(position, self.clicks_of(position, actions))

    @property
    def observation(self) -> Callable[[V], Observation] | None:
        """``observation(view) -> Observation``, what a view shows as nested tuples of floats
        of the fixed shape ``observation_shape(view.config)`` (``None`` for a game without
        observations)."""
        return None if self.observer is None else self.observer.tuples

    @property
    def observation_array(self) -> Callable[[V], Any] | None:
        """``observation_array(view) -> numpy.ndarray``, :attr:`observation` as a ``float32``
        array written straight into NumPy (``None`` for a game without observations)."""
        return None if self.observer is None else self.observer.array

    def replace(self, **changes: Any) -> Game[S, A, V]:
        """A game like this one with some of its declarations or hooks replaced: a variant
        with other agents or another name, or a tool's test of what a game without pictures
        (``render_svg=None``) or with a broken view does. It keeps this game's :attr:`codec`
        (what one saves, the other reads), unless ``codec`` is among the changes.

        >>> import goblinguard
        >>> quiet = goblinguard.GAME.replace(name="quiet", render_svg=None)
        >>> quiet.name, quiet.render_svg, quiet.legal_actions == goblinguard.GAME.legal_actions
        ('quiet', None, True)

        Raises:
            AttributeError: a name that is not one of the game's declarations or hooks.
        """
        for key in changes:
            if not hasattr(self, key):
                raise AttributeError(f"{self.name} has no {key!r} to replace")
        body = {
            key: staticmethod(value) if _is_function(value) else value
            for key, value in changes.items()
        }
        body["__slots__"] = ()
        body.setdefault("codec", self.codec)
        base = type(self)
        return type(base.__name__, (base,), body)()  # type: ignore[no-any-return]

    __replace__ = replace

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


def replay(game: Game[S, A], record: Record[Any, S, A]) -> Iterator[S]:
    """Yield the starting state and then the state after each action of ``record``
    (:meth:`Game.replay`).

    Raises:
        ReplayError: an action is illegal; ``.index`` says which one. The states before it have
            already been yielded.
    """
    return game.replay(record)


def _is_function(value: object) -> bool:
    """Whether ``value`` is a function to store as a hook (not a class, which is a
    declaration such as ``config_type``)."""
    return callable(value) and not isinstance(value, type)


@functools.cache
def _codec_of(game_type: type[Game[Any, Any, Any]]) -> Codec:
    """The codec of a game class (:attr:`Game.codec`), built on first use."""
    game = game_type()
    return Codec.for_game(
        game.name,
        game.format,
        game.make_converter(),
        config=game.config_type,
        state=game.state_type,
        view=game.view_type,
        action=functools.reduce(operator.or_, game.action_types),
        actions=game.action_types,
        event=functools.reduce(operator.or_, game.event_types),
        events=game.event_types,
        validate=game.validate,
        migrations=game.migrations,
    )
