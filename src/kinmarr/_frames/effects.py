"""Effects carried out one after another (:class:`RunFrame`): the card words of a tile, a card, a
guild power, a trigger or a prophecy's reward, each doing what :mod:`kinmarr._words` says."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from tabletop_rules import Seat

from .._checks import fail, whole
from .._words import (
    Block,
    Coins,
    Draw,
    DuelAnywhere,
    Effect,
    Fate,
    GainAbility,
    GainItem,
    Heal,
    HealAll,
    Hits,
    Move,
    ShopAccess,
    Steal,
    Teleport,
    Wound,
)
from ._base import BaseFrame, P, at, game_seat, living, turns
from .combat import fight_bonus
from .draws import DrawFrame
from .encounters import ChooseFrame
from .travel import MoveFrame, arrive
from .window import ResolveFrame

if TYPE_CHECKING:
    from .._work import Work

ANSWER_SOURCES = frozenset({"usage", "power", "reward", "trigger"})
"""Effects run for a player who may not be the active one (a card or power used as an answer, a
prophecy's reward, a guild's trigger)."""


def effects_of(w: Any, source: str) -> tuple[Effect, ...]:
    """The effects a :class:`RunFrame` source names (see :attr:`RunFrame.source
    <kinmarr.RunFrame.source>`).

    Raises:
        KeyError: the source names nothing in the pack.
        ValueError: the source is malformed.
    """
    rules = w.config.rules
    kind, _, rest = source.partition(":")
    if kind == "tile":
        return rules.tiles[int(rest)].effects  # type: ignore[no-any-return]
    if kind == "effects":
        return rules.card[rest].effects  # type: ignore[no-any-return]
    if kind == "usage":
        usage = rules.card[rest].usage
        if usage is None:
            raise KeyError(source)
        return usage.effects  # type: ignore[no-any-return]
    if kind == "reward":
        return rules.card[rest].reward  # type: ignore[no-any-return]
    if kind == "power":
        usage = rules.guild[rest].power.usage
        if usage is None:
            raise KeyError(source)
        return usage.effects  # type: ignore[no-any-return]
    if kind == "trigger":
        guild, _, index = rest.partition(":")
        return rules.guild[guild].power.triggers[int(index)].effects  # type: ignore[no-any-return]
    if kind == "creature":
        card, _, index = rest.partition(":")
        return rules.card[card].triggers[int(index)].effects  # type: ignore[no-any-return]
    raise ValueError(f"unknown source {source!r}")


@attrs.frozen
class RunFrame(BaseFrame):
    """Effects being carried out, one after another.

    Attributes:
        source: where the effects are written: ``tile:<n>`` (a tile's action), ``effects:<card>``
            (a place, event or tower), ``usage:<card>``, ``reward:<card>`` (a prophecy),
            ``power:<guild>``, ``trigger:<guild>:<n>`` or ``creature:<card>:<n>`` (a creature's
            trigger).
        pc: the index of the next effect.
        seat: the player they act for.
        target: the target of a used card or power.
    """

    source: str
    pc: int
    seat: Seat
    target: Seat | None = None

    def auto(self, w: Work) -> None:
        w.pop()
        seat = self.seat
        if w.players[seat].tile is None:
            return
        program = effects_of(w, self.source)
        n = len(program)
        for i in range(self.pc, n):
            cont: RunFrame | None = None
            if i + 1 < n:
                cont = RunFrame(self.source, i + 1, seat, self.target)
                w.frames.append(cont)
            depth = len(w.frames)
            _effect(w, program[i], seat, self.target)
            if w.ending is not None or cont is None:
                return
            frames = w.frames
            if len(frames) == depth and frames[-1] is cont:
                frames.pop()
                if w.players[seat].tile is None:
                    return
                continue
            return

    def owner(self) -> Seat | None:
        return self.seat if self.source.split(":")[0] in ANSWER_SOURCES else None

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.seat, f"{path}.seat")
        if self.target is not None:
            game_seat(position, self.target, f"{path}.target")
        try:
            program = effects_of(position, self.source) if isinstance(self.source, str) else None
        except (KeyError, ValueError, IndexError):
            program = None
        if program is None:
            fail(f"{path}.source", f"{self.source!r} names no effects of the pack")
        whole(self.pc, 0, len(program), f"{path}.pc")
        return []

    def fits(self, p: P, i: int) -> None:
        rules = p.config.rules
        kind, _, rest = self.source.partition(":")
        program = effects_of(p, self.source)
        if self.pc >= max(1, len(program)):
            fail(at(i, "pc"), "effects done are not left on the frames")
        below = p.frames[i - 1]
        seat = self.seat
        if kind in ("usage", "power"):
            answer = below.answer if isinstance(below, ResolveFrame) and below.done else None
            guild = p.players[seat].guild
            if (
                answer is None
                or answer.seat != seat
                or answer.target != self.target
                or (kind == "usage" and answer.card != rest)
                or (kind == "power" and (answer.card is not None or rest != guild))
            ):
                fail(at(i), "K4: an answer's effects run on the answer being resolved")
        elif self.target is not None:
            fail(at(i, "target"), "only an answer has a target")
        if kind in ("tile", "effects", "creature"):
            turns(p, seat, at(i, "seat"))
        else:
            living(p, seat, at(i, "seat"))
        if kind == "trigger" and rest.partition(":")[0] != p.players[seat].guild:
            fail(at(i, "source"), f"seat {seat} plays {p.players[seat].guild!r}")
        elif kind == "reward":
            drawing = (
                isinstance(below, DrawFrame) and below.into == "prophecy" and below.seat == seat
            )
            if not drawing or rest not in p.discarded or rules.card[rest].kind != "prophecy":
                fail(
                    at(i),
                    "a prophecy's reward comes when it is fulfilled: it has left the game, and the"
                    " next one waits to be drawn",
                )
        elif kind == "effects":
            card = rules.card[rest]
            if card.kind == "tower":
                if rest not in p.flags.shown:
                    fail(at(i, "source"), f"the tower {rest!r} acts when shown (K15)")
            elif card.kind not in ("place", "event"):
                fail(at(i, "source"), f"{rest!r} is neither a place, an event nor a tower")
            elif rest not in p.discarded and all(e.card != rest for e in p.lasting):
                fail(
                    at(i, "source"), f"the {card.kind} {rest!r} is resolved and discarded, or lasts"
                )
        elif kind == "creature" and rules.card[rest.partition(":")[0]].kind != "creature":
            fail(at(i, "source"), "only a creature has triggers on a card")


def _effect(w: Work, effect: Effect, seat: Seat, target: Seat | None) -> None:
    """Carry out one effect for ``seat`` (on ``target`` when it has one)."""
    player = w.players[seat]
    if isinstance(effect, Coins):
        player.coins = max(0, player.coins + effect.amount)
    elif isinstance(effect, Heal):
        w.heal(seat, effect.amount)
    elif isinstance(effect, HealAll):
        w.heal(seat, None)
    elif isinstance(effect, Wound):
        w.wound(seat if target is None else target, effect.amount)
    elif isinstance(effect, Fate):
        w.change_fate(effect.amount)
    elif isinstance(effect, GainAbility):
        w.push(DrawFrame("ability", "gain", seat, effect.count))
    elif isinstance(effect, GainItem):
        w.push(DrawFrame("item", "gain", seat, effect.count))
    elif isinstance(effect, Steal):
        if target is not None and w.players[target].tile is not None:
            victim = w.players[target]
            taken = min(effect.amount, victim.coins)
            victim.coins -= taken
            player.coins += taken
    elif isinstance(effect, Hits | Block):
        fight_bonus(w, effect, seat if target is None else target)
    elif isinstance(effect, ShopAccess):
        if seat == w.turn:
            w.flags.shop = True
    elif isinstance(effect, DuelAnywhere):
        if seat == w.turn:
            w.flags.duel_anywhere = True
    elif isinstance(effect, Draw):
        w.push(ChooseFrame(seat, effect.deck, effect.count, effect.choose, effect.tag))
        w.window("draw")
    elif isinstance(effect, Move):
        w.push(MoveFrame(seat, effect.steps))
        w.window("move")
    elif isinstance(effect, Teleport):
        arrive(w, seat, w.rules.special[effect.to])
    # Bounty and ExtraDie are passive only (the pack's checks keep them out of programs).
