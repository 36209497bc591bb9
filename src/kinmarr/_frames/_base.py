"""The base of every kinmarr frame, and what the frames share: reading a position, and the checks
of where a frame may sit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop_rules import Frame, Seat

from .._actions import Action
from .._checks import fail, whole
from .._pieces import DECK_FIELD

if TYPE_CHECKING:
    from .._work import Work

P = Any
"""A position the frames read: a :class:`~kinmarr.State`, a :class:`~kinmarr.View` or the
engine's working copy (:class:`~kinmarr._work.Work`), which share their field names."""


MAX_COUNT = 20
"""The most cards a draw or a choice counts."""


class BaseFrame(Frame["Work", Action]):
    """A pending step or decision of kinmarr: a frozen attrs class saved with the state, whose
    methods are its rules (:class:`tabletop_rules.Frame`).

    Who it :meth:`asks`, its :meth:`legal` answers, its :meth:`odds` and its :meth:`kind` read a
    state, a view or the working copy alike (:data:`P`), so that a saved position is asked the
    same questions as the engine asks; :meth:`answer`, :meth:`auto` and :meth:`sample` change the
    working copy, acting on the frame on top of the stack, which is this frame.
    :meth:`~tabletop_rules.Frame.asks` is ``None`` exactly when the frame has work to do by itself
    before anyone is asked; the engine (:func:`kinmarr._engine.run`) calls :meth:`auto` only then,
    and :meth:`sample` only when it is :data:`~tabletop_rules.CHANCE` in sampled chance mode.

    The load checks come in two passes, as :func:`~kinmarr.validate` makes them:
    :meth:`check_fields` (the frame's own values, and the cards it holds) while the cards are
    counted, and :meth:`check` (the frame against the frames around it and the state) once the
    stack's order is known to be one the rules make.
    """

    __slots__ = ()

    def asks(self, w: P) -> Seat | None:
        return None

    def legal(self, w: P, seat: Seat) -> tuple[Action, ...] | list[Action]:
        return ()

    def kind(self, w: P) -> str:
        raise NotImplementedError(f"{type(self).__name__} asks nobody")

    def check_fields(self, position: P, path: str) -> list[str]:
        """Refuse a value of the frame out of its bounds; return the cards the frame holds."""
        return []

    def check(self, position: P, path: str) -> None:
        self.fits(position, index(path))

    def fits(self, p: P, i: int) -> None:
        """Refuse the frame, ``p.frames[i]``, where the engine never leaves it (see
        :meth:`check`)."""

    def release(self, w: Work) -> None:
        """Put the cards this frame holds back where they belong: the frame is dropped (its
        player died, or the game ended)."""

    def owner(self) -> Seat | None:
        """The player whose work the frame is: ``None`` for the active player's turn itself,
        ``-1`` for nobody's (see :meth:`kinmarr._work.Work.kill`)."""
        return None

    def outlived(self, dead: Seat) -> BaseFrame | None:
        """The frame once ``dead`` (not its :meth:`owner`) has died: itself, a frame without
        ``dead``, or ``None`` when it ends with ``dead``, holding nothing."""
        return self

    def opens(self, request: str) -> bool:
        """Whether a response window on ``request`` is opened on this frame (K4), as the engine
        leaves it."""
        return False

    def window_on(self) -> str | None:
        """The request, when this frame is a response window."""
        return None

    def menu_phase(self) -> str | None:
        """The phase, when this frame is a menu of the active player."""
        return None

    def shop_refill(self) -> bool:
        """Whether this frame refills the Shop (K14)."""
        return False


def index(path: str) -> int:
    """The index of the frame at ``path`` (``"$.frames[3]"``)."""
    return int(path[path.rindex("[") + 1 : -1])


def candidates(p: P, deck: str) -> tuple[str, ...]:
    """The cards the next draw from ``deck`` may be: the unknown part, or else the first known
    group at the bottom."""
    stored = getattr(p, DECK_FIELD[deck])
    if stored.top:
        return stored.top  # type: ignore[no-any-return]
    if stored.bottom:
        return stored.bottom[0]  # type: ignore[no-any-return]
    return ()


def game_seat(p: P, value: Any, path: str) -> None:
    """``value`` is a seat of the game."""
    whole(value, 0, len(p.players) - 1, path)


def game_card(p: P, value: Any, path: str, *kinds: str) -> None:
    """``value`` is a card of the pack (of one of ``kinds``, when given)."""
    spec = p.config.rules.card.get(value) if isinstance(value, str) else None
    if spec is None or (kinds and spec.kind not in kinds):
        fail(path, f"{value!r} is not a {' or '.join(kinds) or 'card'}")


# -- where a frame may sit -------------------------------------------------------------------------
#
# Every frame is pushed by the engine at a known place: on the frame that asks for it, or on what
# a frame left when it was done. A frame checks itself against the frames around it and the rest
# of the state, with the engine's own helpers and constants, so that a save holding work the
# engine could not have left (and would later do wrong) is refused on load.


def at(i: int, field: str | None = None) -> str:
    """The path of frame ``i`` (or of one of its fields)."""
    return f"$.frames[{i}]" if field is None else f"$.frames[{i}].{field}"


def waits(p: P, i: int) -> bool:
    """Frame ``i`` is the one waiting for an answer: the top, or under a Shop refill only (the
    engine refills the Shop on top of whatever waits, K14)."""
    frames = p.frames
    top = len(frames) - 1
    if i == top:
        return True
    return i == top - 1 and frames[top].shop_refill()


def waiting(p: P, i: int, what: str) -> None:
    """Frame ``i`` waits on top of the frames."""
    if not waits(p, i):
        fail(at(i), f"{what} waits on top of the frames: nothing is done above it")


def living(p: P, seat: int, path: str) -> None:
    """``seat``'s character lives."""
    if p.players[seat].tile is None:
        fail(path, f"seat {seat}'s character is dead: its pending work ended with it")


def turns(p: P, seat: int, path: str) -> None:
    """``seat`` is the active player."""
    if seat != p.turn:
        fail(
            path, f"this is the work of the active player's turn (seat {p.turn}), not seat {seat}'s"
        )
