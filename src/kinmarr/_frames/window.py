"""Response windows (K4): the players asked in turn (:class:`WindowFrame`), then the answers on
the Stack resolved last in, first out (:class:`ResolveFrame`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from tabletop_rules import Seat

from .._actions import Action, Pass, Power, Use
from .._checks import fail, of_type, whole
from .._content import REQUESTS_ORDER, Request
from .._events import CardUsed
from .._query import order_from, usable_ability
from ._base import BaseFrame, P, at, game_seat, living, waits
from .answers import answers

if TYPE_CHECKING:
    from .._work import Work


@attrs.frozen
class Answer:
    """A card used or a guild power used as an answer in a response window (K4).

    Attributes:
        seat: who used it.
        card: the slotted card, or ``None`` for the guild power.
        target: the seat it acts on, when it has a target.
    """

    seat: Seat
    card: str | None
    target: Seat | None = None


def window_order(p: P) -> list[Seat]:
    """Who is asked in a response window, in order: the other living players in turn order from
    the active player, then the active player (K4)."""
    order = order_from(p, p.turn + 1)
    if p.turn in order:
        order.remove(p.turn)
        order.append(p.turn)
    return order


@attrs.frozen
class WindowFrame(BaseFrame):
    """A response window (K4): the players who hold a usable answer are asked in turn, the
    others in turn order first, the active player last.

    Attributes:
        request: what is about to happen.
        stack: the answers given so far, the last on top; they resolve last in, first out when
            everyone has passed in a row.
        asking: the seat being asked, ``None`` before the window opens.
        passes: consecutive passes since the last answer.
    """

    request: Request
    stack: tuple[Answer, ...] = ()
    asking: Seat | None = None
    passes: int = 0

    def asks(self, w: P) -> Seat | None:
        asking = self.asking
        if asking is None:
            return None
        players = w.players
        if players[asking].tile is None:  # not in the window's order any more
            return None
        passes = self.passes
        if passes and passes >= len(players) - [p.tile for p in players].count(None):
            return None  # everyone has passed in a row
        return asking if answers(w, asking, self.request) else None

    def legal(self, w: P, seat: Seat) -> list[Action]:
        pool = w.config.rules.actions
        out: list[Action] = [pool[(Pass,)]]
        for card, target in answers(w, seat, self.request):
            if card is None:
                out.append(pool[(Power, target)])
            else:
                out.append(pool[(Use, card, target)])
        return out

    def kind(self, w: P) -> str:
        return "window"

    def answer(self, w: Work, action: Action) -> None:
        seat = self.asking
        assert seat is not None
        order = window_order(w)
        if isinstance(action, Pass):
            i = order.index(seat)
            w.replace(
                WindowFrame(self.request, self.stack, order[(i + 1) % len(order)], self.passes + 1)
            )
            return
        if isinstance(action, Use):
            if w.holds_card(action.card):
                w.remove_held(seat, action.card)  # on the Stack until it resolves
            else:
                w.flags.spent = (*w.flags.spent, action.card)
            item = Answer(seat, action.card, action.target)
        else:
            assert isinstance(action, Power)
            w.flags.powers = (*w.flags.powers, seat)
            item = Answer(seat, None, action.target)
        w.events.append(CardUsed(seat, item.card, item.target))
        w.replace(WindowFrame(self.request, (*self.stack, item), order[0], 0))

    def auto(self, w: Work) -> None:
        """Ask the next player holding an answer that applies; with none left, close the window
        and resolve the Stack. (Called when :meth:`asks` found no one asked: the window is new,
        or the seat it names holds no answer.)"""
        order = window_order(w)
        n = len(order)
        if n == 0:
            w.pop()
            return
        asking = self.asking
        i = 0 if asking is None or asking not in order else order.index(asking)
        passes = self.passes
        if asking is not None and asking in order and passes < n:
            passes += 1  # the seat asked holds no answer that applies (asks() found it)
            i = (i + 1) % n
        while passes < n:
            seat = order[i]
            if answers(w, seat, self.request):
                w.replace(WindowFrame(self.request, self.stack, seat, passes))
                return
            passes += 1
            i = (i + 1) % n
        w.pop()
        for item in self.stack:  # the last answer ends on top: last in, first out
            w.push(ResolveFrame(item))

    def release(self, w: Work) -> None:
        for answer in self.stack:
            if answer.card is not None and w.holds_card(answer.card):
                w.return_used(answer.card)

    def window_on(self) -> str | None:
        return self.request

    def check_fields(self, position: P, path: str) -> list[str]:
        n = len(position.players)
        rules = position.config.rules
        held: list[str] = []
        if self.request not in REQUESTS_ORDER:
            fail(f"{path}.request", f"unknown request {self.request!r}")
        if self.asking is not None:
            game_seat(position, self.asking, f"{path}.asking")
        whole(self.passes, 0, n, f"{path}.passes")
        of_type(self.stack, tuple, f"{path}.stack")
        if len(self.stack) > 50:
            fail(f"{path}.stack", "too many answers")
        for i, answer in enumerate(self.stack):
            if _check_answer(answer, n, rules, f"{path}.stack[{i}]") and answer.card is not None:
                held.append(answer.card)
        return held

    def fits(self, p: P, i: int) -> None:
        if i == 0 or not p.frames[i - 1].opens(self.request):
            fail(at(i), f"K4: a window on {self.request!r} opens on the request it answers")
        if not waits(p, i) and (self.asking is not None or self.passes or self.stack):
            fail(at(i), "K4: a window is opened when it comes on top, and stays there until closed")
        for k, answer in enumerate(self.stack):
            _answered(p, answer, at(i, f"stack[{k}]"), self.request)
        if self.asking is not None:
            living(p, self.asking, at(i, "asking"))


@attrs.frozen
class ResolveFrame(BaseFrame):
    """An answer taken off the Stack: its effects, then the card goes away (an Ability to the
    bottom of the ability deck, which is shuffled; an Item used up is discarded).

    Attributes:
        answer: the answer.
        done: its effects have run.
    """

    answer: Answer  # type: ignore[assignment]
    done: bool = False

    def auto(self, w: Work) -> None:
        answer_ = self.answer
        if not self.done:
            w.replace(ResolveFrame(answer_, True))
            if w.players[answer_.seat].tile is not None:
                if answer_.card is None:
                    source = f"power:{w.players[answer_.seat].guild}"
                else:
                    source = f"usage:{answer_.card}"
                w.run_effects(source, answer_.seat, answer_.target)
            return
        w.pop()
        if answer_.card is not None and w.holds_card(answer_.card):
            w.return_used(answer_.card)

    def release(self, w: Work) -> None:
        used = self.answer.card
        if used is not None and w.holds_card(used):
            w.return_used(used)

    def owner(self) -> Seat | None:
        return self.answer.seat

    def check_fields(self, position: P, path: str) -> list[str]:
        n = len(position.players)
        rules = position.config.rules
        held: list[str] = []
        if _check_answer(self.answer, n, rules, f"{path}.answer") and self.answer.card is not None:
            held.append(self.answer.card)
        of_type(self.done, bool, f"{path}.done")
        return held

    def fits(self, p: P, i: int) -> None:
        frames = p.frames
        below, above = frames[i - 1], frames[i + 1] if i + 1 < len(frames) else None
        if isinstance(below, ResolveFrame) or p.players[p.turn].tile is None:
            pass  # (a dead active player's turn is gone, but for the others' answers)
        elif not any(below.opens(request) for request in REQUESTS_ORDER):
            fail(at(i), "K4: the Stack resolves where its window was")
        if isinstance(above, ResolveFrame) == self.done:
            fail(at(i, "done"), "K4: the Stack resolves last in, first out, one answer at a time")
        living(p, self.answer.seat, at(i, "answer.seat"))
        _answered(p, self.answer, at(i, "answer"), None)


def _check_answer(answer: Any, n: int, rules: Any, path: str) -> bool:
    """Check an answer on the Stack; returns whether it holds its card."""
    of_type(answer, Answer, path)
    whole(answer.seat, 0, n - 1, f"{path}.seat")
    if answer.target is not None:
        whole(answer.target, 0, n - 1, f"{path}.target")
    if answer.card is None:
        return False
    card = rules.card.get(answer.card)
    if card is None or card.usage is None:
        fail(f"{path}.card", f"{answer.card!r} is not a card that is used")
    return card.kind == "ability" or card.usage.consumed  # type: ignore[no-any-return]


def _answered(p: P, answer: Answer, path: str, request: str | None) -> None:
    """An answer given (on the Stack, or being resolved) by what its seat may use: a card of its
    own guild or neutral (K15), in its slots unless used up; its guild power, once a turn."""
    rules = p.config.rules
    player = p.players[answer.seat]
    if answer.card is None:
        usage = rules.guild[player.guild].power.usage
        if answer.seat not in p.flags.powers:
            fail(path, f"seat {answer.seat}'s guild power is used once a turn, and noted")
    else:
        card = rules.card[answer.card]
        usage = card.usage
        if not usable_ability(p, answer.seat, card):
            fail(path, f"K15: {answer.card!r} belongs to another guild")
        kept = not (card.kind == "ability" or (usage is not None and usage.consumed))
        if kept and (answer.card not in player.slots or answer.card not in p.flags.spent):
            fail(path, f"{answer.card!r} is used from seat {answer.seat}'s slots, once a turn")
    if usage is None:
        fail(path, "this answer has no usage")
    if request is not None and request not in usage.when:
        fail(path, f"K4: this answer does not answer {request!r}")
    if (answer.target is None) != (usage.target == "self"):
        fail(f"{path}.target", f"the usage's target is {usage.target!r}")
