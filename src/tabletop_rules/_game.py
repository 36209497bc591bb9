"""`Game`: one value bundling a game's functions, agents and metadata for generic tools."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from ._values import Decision, Outcome, Seat, Step
from ._wellformed import check_seat

if TYPE_CHECKING:
    from ._agents import Agent
    from ._spaces import ActionSpace, Observation

__all__ = ["Game"]

S = TypeVar("S")
A = TypeVar("A")

# The per-game API: Game field -> the name a game package gives it.
_TYPES = {"config_type": "Config", "state_type": "State", "view_type": "View"}
_FUNCTIONS = (
    "new_game",
    "seat_count",
    "legal_actions",
    "is_legal",
    "apply",
    "step",
    "current_player",
    "is_over",
    "outcome",
    "view",
    "redeal",
    "decision",
    "chance_outcomes",
    "notation",
    "parse_action",
    "dumps",
    "loads",
    "validate",
    "digest",
    "render_text",
)
# Optional functions, taken when the package defines them (like render_svg).
_OPTIONAL = (
    "action_space",
    "observation",
    "observation_shape",
    "observation_bounds",
    "observation_array",
    "describe",
    "card_text",
)


@attrs.frozen
class Game(Generic[S, A]):
    """A game's rules as one value: what the CLI, agents and the conformance check work with.

    Each game package exposes one as ``GAME``, built from its own public face with
    :meth:`from_namespace`, and registers it in the ``tabletop_rules.games`` entry-point group, so
    ``tabletop play NAME`` finds third-party games too. The functions take and return the game's
    own types; a *view* (what one seat may know) is accepted wherever the per-game API documents it.

    Attributes:
        name: the import and entry-point name (``"goblinguard"``).
        title: the game's printed name.
        seats: the smallest and largest number of seats any config may have.
        config_type: the game's ``Config`` class (its defaults are the standard game).
        state_type: the game's ``State`` class.
        view_type: the game's ``View`` class.
        new_game: ``new_game(config=None, *, seed) -> S``.
        seat_count: ``seat_count(config_or_state_or_view) -> int``: the seats of that game.
        legal_actions: ``legal_actions(state_or_view) -> tuple[A, ...]`` in the documented order.
        is_legal: ``is_legal(state_or_view, action) -> str | None`` (``None`` or the reason).
        apply: ``apply(state, action) -> S``.
        step: ``step(state, action) -> Step``.
        current_player: the seat that must answer now (a reaction, a target choice, a damage
            prevention out of turn — not necessarily whose turn it is);
            :data:`~tabletop_rules.CHANCE` for a random draw in explicit chance mode; ``None``
            when over.
        is_over: whether the game has ended.
        outcome: the :class:`Outcome` (a game-specific subclass), ``None`` while running.
        view: ``view(state, seat)`` — what that seat may know.
        redeal: ``redeal(view, seed) -> S`` — a state consistent with the view.
        decision: ``decision(state_or_view) -> Decision``.
        chance_outcomes: ``chance_outcomes(state)``: at a chance decision, each legal action with
            its exact probability (a :class:`~fractions.Fraction`; they sum to 1), in the order of
            ``legal_actions``; ``()`` elsewhere.
        notation: ``notation(action) -> str``.
        parse_action: ``parse_action(state_or_view, text) -> A``.
        dumps: JSON text of a state, view, action, config, record or event.
        loads: ``loads(text, kind=State)``.
        validate: ``validate(state_or_view) -> None``; raises
            :class:`~tabletop_rules.StateFormatError` naming what breaks the rules.
        digest: ``digest(state) -> str``.
        render_text: a plain-text picture of a state or view.
        agents: agent factories by name (``"random"``, ``"greedy"`` …); a game built by
            :meth:`from_namespace` also has ``"ismcts"``, the generic
            :class:`~tabletop_rules.ISMCTSAgent` with its default budget.
        render_svg: ``render_svg(state_or_view, *, seat=None, actions=None) -> str``, an SVG
            picture (``None`` for a game without one); given a state and a seat, it draws only
            what that seat may see; given ``actions`` (normally ``legal_actions`` of what is
            drawn), every element that starts one carries ``data-actions``, the indices of the
            actions it takes part in, and buttons are drawn for what the board does not show
            (:class:`~tabletop_rules.Clicks`, :ref:`clickable-boards`).
        action_space: ``action_space(config) -> ActionSpace``, every action that config can ever
            offer, numbered once and for all (``None`` for a game without one); see
            :class:`~tabletop_rules.ActionSpace`.
        observation: ``observation(view) -> Observation``, what a view shows as nested tuples of
            floats of the fixed shape ``observation_shape(view.config)`` (``None`` for a game
            without one).
        observation_shape: ``observation_shape(config) -> tuple[int, ...]``, the shape of every
            observation of a game with that config (``None`` for a game without observations).
        observation_bounds: ``observation_bounds(config) -> tuple[float, float]``, the lowest and
            highest number any observation of a game with that config holds (``None`` for a
            game that does not publish them); a learning environment's bounded ``Box``.
        observation_array: ``observation_array(view) -> numpy.ndarray``, :attr:`observation`
            as a ``float32`` array written straight into NumPy (``None`` for a game without
            one: :func:`~tabletop_rules.as_array` of the observation is the same numbers).
        describe: ``describe(state_or_view, event_or_action) -> str``, an event or an action in
            a sentence a player understands (``"Bjorn moved to area 7,9 (forest)."``), naming
            cards, characters and places from the position's config; an action is read in the
            position it answers (``None`` for a game without one).
        card_text: ``card_text(config_or_state_or_view, card_id) -> str``, a card's name, kind
            and rules text in plain words (``None`` for a game without one).
    """

    name: str
    title: str
    seats: tuple[int, int]
    config_type: type[Any]
    state_type: type[S]
    view_type: type[Any]
    new_game: Callable[..., S]
    seat_count: Callable[[Any], int]
    legal_actions: Callable[[Any], tuple[A, ...]]
    is_legal: Callable[[Any, A], str | None]
    apply: Callable[[S, A], S]
    step: Callable[[S, A], Step[S, Any]]
    current_player: Callable[[Any], Seat | None]
    is_over: Callable[[Any], bool]
    outcome: Callable[[Any], Outcome | None]
    view: Callable[[S, Seat], Any]
    redeal: Callable[[Any, int], S]
    decision: Callable[[Any], Decision[Any] | None]
    chance_outcomes: Callable[[S], tuple[tuple[A, Fraction], ...]]
    notation: Callable[[A], str]
    parse_action: Callable[[Any, str], A]
    dumps: Callable[[Any], str]
    loads: Callable[..., Any]
    validate: Callable[[Any], None]
    digest: Callable[[S], str]
    render_text: Callable[[Any], str]
    agents: Mapping[str, Callable[[], Agent[A]]] = attrs.field(factory=dict)
    render_svg: Callable[..., str] | None = None
    action_space: Callable[[Any], ActionSpace[A]] | None = None
    observation: Callable[[Any], Observation] | None = None
    observation_shape: Callable[[Any], tuple[int, ...]] | None = None
    observation_bounds: Callable[[Any], tuple[float, float]] | None = None
    observation_array: Callable[[Any], Any] | None = None
    describe: Callable[[Any, Any], str] | None = None
    card_text: Callable[[Any, str], str] | None = None

    def answer(self, state: S, action: A, seat: Seat) -> Step[S, Any]:
        """:attr:`step`, for an answer sent by ``seat``: refused unless that seat is the one
        asked. The entry point of a front end that takes answers from several players (the CLI,
        a web server): an action carries no seat, so a ``Pass()`` from a seat that was not asked
        would otherwise pass for the asked seat's.

        Raises:
            tabletop_rules.IllegalActionError: ``seat`` is not asked now (the reason names both
                seats), or the action is illegal.
        """
        check_seat(self.current_player(state), seat, action)
        return self.step(state, action)

    @classmethod
    def from_namespace(
        cls,
        namespace: Mapping[str, Any] | ModuleType,
        *,
        name: str,
        title: str,
        seats: tuple[int, int],
        agents: Mapping[str, Callable[[], Agent[Any]]] | None = None,
    ) -> Game[Any, Any]:
        """Build a game's value from its public face: the per-game API names in ``namespace``.

        Call it at the end of a game package's ``__init__.py`` with ``globals()`` (or pass the
        module): ``Config``, ``State`` and ``View`` become the types, and ``new_game``,
        ``seat_count``, ``legal_actions`` … ``render_text`` (every function field above, under
        its own name) the functions, and ``render_svg``, ``action_space``, ``observation``,
        ``observation_shape``, ``observation_bounds``, ``observation_array``, ``describe`` and
        ``card_text`` if the package has them.

        Raises:
            TypeError: some names are missing or are not callable; the message lists them all.
        """
        found = vars(namespace) if isinstance(namespace, ModuleType) else namespace
        missing = [n for n in (*_TYPES.values(), *_FUNCTIONS) if not callable(found.get(n))]
        if missing:
            raise TypeError(f"{name} lacks the per-game API names: {', '.join(missing)}")
        parts = {field: found[public] for field, public in _TYPES.items()}
        parts.update({function: found[function] for function in _FUNCTIONS})
        svg = found.get("render_svg")
        extra: dict[str, Any] = {n: found.get(n) for n in _OPTIONAL}
        parts.update({n: f if callable(f) else None for n, f in extra.items()})
        from ._search import ISMCTSAgent  # imports this module

        own = dict(agents or {})
        game = cls(
            name=name,
            title=title,
            seats=seats,
            agents=own,
            render_svg=svg if callable(svg) else None,
            **parts,
        )
        # The generic search plays every game; the game is needed to make it, so it joins the
        # agents once the value exists (a game's own "ismcts" comes first).
        own.setdefault("ismcts", functools.partial(ISMCTSAgent, game))
        return game

    def __repr__(self) -> str:
        return f"<Game {self.name}>"
