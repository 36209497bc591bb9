"""`Game`: one value bundling a game's functions, agents and metadata for generic tools."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from ._values import Decision, Outcome, Seat, Step

if TYPE_CHECKING:
    from ._agents import Agent

__all__ = ["Game"]

S = TypeVar("S")
A = TypeVar("A")


@attrs.frozen
class Game(Generic[S, A]):
    """A game's rules as one value: what the CLI, agents and the conformance check work with.

    Each game package exposes one as ``GAME`` and registers it in the ``tabletop_rules.games``
    entry-point group, so ``tabletop play NAME`` finds third-party games too. The functions take
    and return the game's own types; a *view* (what one seat may know) is accepted wherever the
    per-game API documents it.

    Attributes:
        name: the import and entry-point name (``"goblinguard"``).
        title: the game's printed name.
        seats: the smallest and largest number of seats.
        config_type: the game's ``Config`` class (its defaults are the standard game).
        state_type: the game's ``State`` class.
        view_type: the game's ``View`` class.
        new_game: ``new_game(config=None, *, seed) -> S``.
        legal_actions: ``legal_actions(state_or_view) -> tuple[A, ...]`` in the documented order.
        is_legal: ``is_legal(state, action) -> str | None`` (``None`` or the reason).
        apply: ``apply(state, action) -> S``.
        step: ``step(state, action) -> Step``.
        current_player: the seat to act, ``None`` when over.
        is_over: whether the game has ended.
        outcome: the :class:`Outcome` (a game-specific subclass), ``None`` while running.
        view: ``view(state, seat)`` — what that seat may know.
        redeal: ``redeal(view, seed) -> S`` — a state consistent with the view.
        decision: ``decision(state_or_view) -> Decision``.
        notation: ``notation(action) -> str``.
        parse_action: ``parse_action(state_or_view, text) -> A``.
        dumps: JSON text of a state, view, action, config, record or event.
        loads: ``loads(text, kind=State)``.
        digest: ``digest(state) -> str``.
        render_text: a plain-text picture of a state or view.
        agents: agent factories by name (``"random"``, ``"greedy"`` …).
    """

    name: str
    title: str
    seats: tuple[int, int]
    config_type: type[Any]
    state_type: type[S]
    view_type: type[Any]
    new_game: Callable[..., S]
    legal_actions: Callable[[Any], tuple[A, ...]]
    is_legal: Callable[[S, A], str | None]
    apply: Callable[[S, A], S]
    step: Callable[[S, A], Step[S, Any]]
    current_player: Callable[[Any], Seat | None]
    is_over: Callable[[Any], bool]
    outcome: Callable[[Any], Outcome | None]
    view: Callable[[S, Seat], Any]
    redeal: Callable[[Any, int], S]
    decision: Callable[[Any], Decision[Any] | None]
    notation: Callable[[A], str]
    parse_action: Callable[[Any, str], A]
    dumps: Callable[[Any], str]
    loads: Callable[..., Any]
    digest: Callable[[S], str]
    render_text: Callable[[Any], str]
    agents: Mapping[str, Callable[[], Agent[A]]] = attrs.field(factory=dict)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"
