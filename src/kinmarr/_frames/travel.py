"""Travel (K1–K3): the travel die (:class:`RollFrame`), a token moving clockwise
(:class:`MoveFrame`), and the action of the tile where it stops (:class:`ArriveFrame`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

from tabletop_rules import CHANCE, Seat

from .._actions import Action, Roll
from .._board import INNER, OUTER, position, tile_at
from .._checks import fail, whole
from .._events import DieRolled, Moved
from ._base import BaseFrame, P, at, game_seat, turns
from .triggers import happen

if TYPE_CHECKING:
    from .._work import Work

_SIXTH = Fraction(1, 6)


@attrs.frozen
class RollFrame(BaseFrame):
    """The travel die is rolled (K3).

    Attributes:
        seat: the player who travels.
    """

    seat: Seat

    def asks(self, w: P) -> Seat | None:
        return CHANCE

    def odds(self, w: P) -> tuple[tuple[Action, Fraction], ...]:
        pool = w.config.rules.actions
        return tuple((pool[(Roll, value)], _SIXTH) for value in range(1, 7))

    def sample(self, w: Work) -> None:
        value, w.rng = w.rng.randint(1, 6)
        self._rolled(w, value)

    def answer(self, w: Work, action: Action) -> None:
        assert isinstance(action, Roll)
        self._rolled(w, action.value)

    def _rolled(self, w: Work, value: int) -> None:
        w.pop()
        w.flags.roll = value
        w.events.append(DieRolled(self.seat, "travel", str(value)))

    def opens(self, request: str) -> bool:
        return request == "travel"

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        return []

    def fits(self, p: P, i: int) -> None:
        turns(p, self.seat, at(i, "seat"))
        window, move = p.frames[i - 1], p.frames[i - 2] if i >= 2 else None
        if not (window.window_on() == "move" and isinstance(move, MoveFrame) and move.steps == 0):
            fail(at(i), "K3: the travel die is rolled for the move it makes, before its window")


def _next(pos: int) -> int:
    """The next tile clockwise on the same path (K3)."""
    if pos < INNER:
        return (pos + 1) % INNER
    return INNER + (pos - INNER + 1) % OUTER


@attrs.frozen
class MoveFrame(BaseFrame):
    """A token moves clockwise (K1–K3).

    Attributes:
        seat: whose token.
        steps: tiles to move; ``0`` moves by the travel die of the turn.
    """

    seat: Seat
    steps: int

    def auto(self, w: Work) -> None:
        w.pop()
        player = w.players[self.seat]
        if player.tile is None:
            return
        steps = self.steps or w.flags.roll
        tiles = w.rules.tiles
        pos = position(player.tile)
        for _ in range(steps):
            pos = _next(pos)
            if tiles[pos].special is not None:  # K2: entering a special tile ends the move there
                break
        arrive(w, self.seat, pos)

    def opens(self, request: str) -> bool:
        return request == "move"

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        whole(self.steps, 0, 6, f"{path}.steps")
        return []

    def fits(self, p: P, i: int) -> None:
        turns(p, self.seat, at(i, "seat"))
        if self.steps == 0 and p.frames[i - 1].menu_phase() != "duel":
            fail(at(i), "K3: the travel die's move comes after the start menu, before the duel")


def arrive(w: Work, seat: Seat, pos: int) -> None:
    """``seat`` arrives on tile ``pos`` (by a move or sent there, K1): the tile's action comes
    after its window; then what waits for a visit."""
    w.players[seat].tile = tile_at(pos)
    w.events.append(Moved(seat, tile_at(pos)))
    happen(w, seat, "visit", tile=pos)
    w.push(ArriveFrame(seat))
    w.window("tile")


@attrs.frozen
class ArriveFrame(BaseFrame):
    """The action of the tile where a move ended (or where a player was sent, K1).

    Attributes:
        seat: the player on the tile.
    """

    seat: Seat

    def auto(self, w: Work) -> None:
        w.pop()
        player = w.players[self.seat]
        if player.tile is not None:
            pos = position(player.tile)
            if w.rules.tiles[pos].effects:
                w.run_effects(f"tile:{pos}", self.seat)

    def opens(self, request: str) -> bool:
        return request == "tile"

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        return []

    def fits(self, p: P, i: int) -> None:
        turns(p, self.seat, at(i, "seat"))
