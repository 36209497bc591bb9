"""The rules at work: each frame's handler, the effects of the vocabulary, and the answers to
decisions.

:func:`run` works the frames on top of the stack until one needs an answer (a player's decision,
or chance in explicit chance mode). A handler returns ``True`` when its frame waits for an answer,
``False`` when it has done its work (popped itself, pushed others). :func:`answer` applies an
action, already known to be legal, to the frame on top. Fights and duels live in
:mod:`kinmarr._combat`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tabletop_rules import Seat

from ._actions import (
    AcceptTrade,
    Action,
    Ask,
    AskCoin,
    Buy,
    Choose,
    Drop,
    Duel,
    EndTurn,
    Give,
    GiveCoin,
    Keep,
    Loot,
    LootCoins,
    NoDuel,
    NoTrade,
    Pass,
    Pay,
    Power,
    Propose,
    Refresh,
    RefuseTrade,
    Reveal,
    Roll,
    Sell,
    ShowTower,
    SkipLoot,
    Slot,
    Take,
    TakeCoins,
    Trade,
    Travel,
    Unslot,
    Use,
)
from ._answers import answers
from ._board import INNER, OUTER, position, tile_at
from ._combat import COMBAT_ANSWERS, COMBAT_HANDLERS, new_duel, new_fight
from ._content import Card
from ._effects import (
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
from ._events import (
    CardGained,
    CardRevealed,
    CardUsed,
    DieRolled,
    Moved,
    ShopUsed,
    TradeAnswered,
    TurnBegan,
)
from ._frames import (
    Answer,
    ArriveFrame,
    ChooseFrame,
    DrawFrame,
    DropFrame,
    DuelFrame,
    EncounterFrame,
    FightFrame,
    Frame,
    GainFrame,
    LootFrame,
    MenuFrame,
    MoveFrame,
    OfferFrame,
    PayFrame,
    ResolveFrame,
    RollFrame,
    RunFrame,
    StartFrame,
    TrophyFrame,
    TurnEndFrame,
    WindowFrame,
)
from ._query import (
    SLOTS,
    alive,
    creature_value,
    current_fight,
    duel_targets,
    fighters,
    order_from,
)
from ._state import Lasting, TurnFlags, last_round
from ._triggers import happen
from ._work import FATE_MAX, MFlags, Work

__all__ = [
    "answer",
    "arrive",
    "choosable",
    "effects_of",
    "exhausted",
    "run",
    "usable_ability",
    "window_order",
]

SHOP_SIZE: Final = 4
"""Items the Shop shows while the Item deck lasts (K14)."""


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


def exhausted(w: Any) -> bool:
    """Whether a deck is empty: the game ends with scoring at the start of the next turn."""
    return not all(
        deck.top or deck.bottom for deck in (w.encounters, w.abilities, w.items, w.prophecies)
    )


def usable_ability(w: Any, seat: Seat, card: Card) -> bool:
    """Whether ``seat`` may hold this card: any card but an Ability of another guild (K15)."""
    return card.kind != "ability" or card.guild is None or card.guild == w.players[seat].guild


def window_order(w: Any) -> list[Seat]:
    """Who is asked in a response window, in order: the other living players in turn order from
    the active player, then the active player (K4)."""
    order = order_from(w, w.turn + 1)
    if w.turn in order:
        order.remove(w.turn)
        order.append(w.turn)
    return order


# -- the runner ------------------------------------------------------------------------------------


def run(w: Work) -> None:
    """Work the frames until one waits for an answer or the game ends; before the decision, a
    Shop short of Items is refilled if the Item deck has cards again (:func:`refill_shop`)."""
    frames = w.frames
    while w.ending is None:
        frames = w.frames
        top = frames[-1]
        if _HANDLERS[type(top)](w, top) and not refill_shop(w):
            return


def refill_shop(w: Work) -> bool:
    """K14: the Shop holds 4 Items whenever the Item deck can give them. When cards went into
    the Item deck in this step (an Item sold, Items put back at its bottom by any route:
    ``Work.restock``) and the Shop holds fewer, the missing ones are drawn, unless a draw into
    the Shop is already under way. Returns whether a draw was started."""
    if not w.restock:
        return False
    w.restock = False
    missing = SHOP_SIZE - len(w.shop)
    if missing <= 0 or not (w.items.top or w.items.bottom):
        return False
    if any(type(f) is DrawFrame and f.into == "shop" for f in w.frames):
        return False
    w.push(DrawFrame("item", "shop", w.turn, missing))
    return True


# -- turns -----------------------------------------------------------------------------------------


def _start(w: Work, frame: StartFrame) -> bool:
    w.pop()
    expired = False
    if frame.new_round:
        w.round += 1
        if w.fate >= FATE_MAX:
            w.finish("fate", ())
            return False
        if w.round > last_round(w.config):
            w.finish("round-limit", None)
            return False
        lasting = []
        for event in w.lasting:
            if event.rounds > 1:
                lasting.append(Lasting(event.card, event.rounds - 1))
            else:
                w.discard((event.card,))
                if event.card == w.prophecy:  # an unfulfilled prophecy expires (decision x)
                    w.prophecy = None
                    expired = True
        w.lasting = tuple(lasting)
    seat = w.turn
    if w.config.last_standing and alive(w) == [seat]:
        w.finish("last-standing", (seat,))
        return False
    if exhausted(w):
        w.finish("deck-exhausted", None)
        return False
    w.flags = MFlags(_FRESH)
    w.events.append(TurnBegan(seat, w.round))
    w.push(TurnEndFrame())
    w.push(MenuFrame("end"))
    w.window("end")
    w.push(MenuFrame("duel"))
    w.push(MenuFrame("start"))
    w.window("start")
    happen(w, seat, "turn-start")
    if expired:
        w.push(DrawFrame("prophecy", "prophecy", seat, 1))  # decision x: the next after one expired
    return False


_FRESH: Final = TurnFlags()


def _turn_end(w: Work, frame: TurnEndFrame) -> bool:
    if not frame.done:
        w.replace(TurnEndFrame(True))
        if w.players[w.turn].tile is not None:
            happen(w, w.turn, "turn-end")
        return False
    w.pop()
    following = order_from(w, w.turn + 1)
    nxt = following[0]
    new_round = nxt <= w.turn
    w.turn = nxt
    w.push(StartFrame(new_round))
    return False


def _menu(w: Work, frame: MenuFrame) -> bool:
    if frame.phase == "duel" and not duel_targets(w):
        w.pop()
        return False
    return True


# -- response windows (K4) ------------------------------------------------------------------------


def _window(w: Work, frame: WindowFrame) -> bool:
    order = window_order(w)
    n = len(order)
    if n == 0:
        w.pop()
        return False
    i = 0 if frame.asking is None or frame.asking not in order else order.index(frame.asking)
    passes = frame.passes
    while passes < n:
        seat = order[i]
        if answers(w, seat, frame.request):
            if seat != frame.asking or passes != frame.passes:
                w.replace(WindowFrame(frame.request, frame.stack, seat, passes))
            return True
        passes += 1
        i = (i + 1) % n
    w.pop()
    for item in frame.stack:  # the last answer ends on top: last in, first out
        w.push(ResolveFrame(item))
    return False


def _resolve(w: Work, frame: ResolveFrame) -> bool:
    answer_ = frame.answer
    if not frame.done:
        w.replace(ResolveFrame(answer_, True))
        if w.players[answer_.seat].tile is not None:
            if answer_.card is None:
                source = f"power:{w.players[answer_.seat].guild}"
            else:
                source = f"usage:{answer_.card}"
            w.push(RunFrame(source, 0, answer_.seat, answer_.target))
        return False
    w.pop()
    if answer_.card is not None and w.holds_card(answer_.card):
        w.return_used(answer_.card)
    return False


# -- effects ---------------------------------------------------------------------------------------


def _run(w: Work, frame: RunFrame) -> bool:
    w.pop()
    seat = frame.seat
    if w.players[seat].tile is None:
        return False
    program = effects_of(w, frame.source)
    n = len(program)
    for i in range(frame.pc, n):
        cont: RunFrame | None = None
        if i + 1 < n:
            cont = RunFrame(frame.source, i + 1, seat, frame.target)
            w.frames.append(cont)
        depth = len(w.frames)
        _effect(w, program[i], seat, frame.target)
        if w.ending is not None or cont is None:
            return False
        frames = w.frames
        if len(frames) == depth and frames[-1] is cont:
            frames.pop()
            if w.players[seat].tile is None:
                return False
            continue
        return False
    return False


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
        _fight_bonus(w, effect, seat if target is None else target)
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


def _fight_bonus(w: Work, effect: Hits | Block, who: Seat) -> None:
    """An answer's Hits or Block changes the current fight or duel of ``who``."""
    fight = current_fight(w)
    if fight is None or who not in fighters(w):
        return
    index = max(i for i, f in enumerate(w.frames) if f is fight)
    amount = effect.amount
    if isinstance(fight, FightFrame):
        if isinstance(effect, Hits):
            if effect.tag is not None and effect.tag not in w.card(fight.creature).tags:
                return
            new: Frame = FightFrame(
                fight.seat,
                fight.creature,
                fight.stage,
                fight.dice,
                fight.hits + amount,
                fight.block,
            )
        else:
            new = FightFrame(
                fight.seat,
                fight.creature,
                fight.stage,
                fight.dice,
                fight.hits,
                fight.block + amount,
            )
    else:
        if isinstance(effect, Hits) and effect.tag is not None:
            return
        attacker = who == fight.attacker
        hits_a, block_a, hits_d, block_d = fight.hits_a, fight.block_a, fight.hits_d, fight.block_d
        if isinstance(effect, Hits):
            if attacker:
                hits_a += amount
            else:
                hits_d += amount
        elif attacker:
            block_a += amount
        else:
            block_d += amount
        new = DuelFrame(
            fight.attacker,
            fight.defender,
            fight.stage,
            fight.dice_a,
            fight.dice_d,
            hits_a,
            block_a,
            hits_d,
            block_d,
        )
    w.frames[index] = new


# -- travel (K1–K3) --------------------------------------------------------------------------------


def _roll(w: Work, frame: RollFrame) -> bool:
    if w.explicit:
        return True
    value, w.rng = w.rng.randint(1, 6)
    _rolled(w, frame, value)
    return False


def _rolled(w: Work, frame: RollFrame, value: int) -> None:
    w.pop()
    w.flags.roll = value
    w.events.append(DieRolled(frame.seat, "travel", str(value)))


def _next(pos: int) -> int:
    """The next tile clockwise on the same path (K3)."""
    if pos < INNER:
        return (pos + 1) % INNER
    return INNER + (pos - INNER + 1) % OUTER


def _move(w: Work, frame: MoveFrame) -> bool:
    w.pop()
    player = w.players[frame.seat]
    if player.tile is None:
        return False
    steps = frame.steps or w.flags.roll
    tiles = w.rules.tiles
    pos = position(player.tile)
    for _ in range(steps):
        pos = _next(pos)
        if tiles[pos].special is not None:  # K2: entering a special tile ends the move there
            break
    arrive(w, frame.seat, pos)
    return False


def arrive(w: Work, seat: Seat, pos: int) -> None:
    """``seat`` arrives on tile ``pos`` (by a move or sent there, K1): the tile's action comes
    after its window; then what waits for a visit."""
    w.players[seat].tile = tile_at(pos)
    w.events.append(Moved(seat, tile_at(pos)))
    happen(w, seat, "visit", tile=pos)
    w.push(ArriveFrame(seat))
    w.window("tile")


def _arrive(w: Work, frame: ArriveFrame) -> bool:
    w.pop()
    player = w.players[frame.seat]
    if player.tile is not None:
        pos = position(player.tile)
        if w.rules.tiles[pos].effects:
            w.push(RunFrame(f"tile:{pos}", 0, frame.seat))
    return False


# -- drawing and choosing ------------------------------------------------------------------------


def choosable(w: Any, frame: ChooseFrame) -> list[str]:
    """The revealed cards that may still be chosen: not chosen yet, a tower only if its price can
    be paid, an Ability only of the chooser's guild or neutral (K15)."""
    rules = w.config.rules
    out = []
    value: int | None = None
    for card_id in frame.cards:
        if card_id in frame.chosen:
            continue
        card = rules.card[card_id]
        if card.kind == "tower":
            if value is None:
                value = creature_value(w, frame.seat)
            if value < card.value:
                continue
        elif card.kind == "ability" and not usable_ability(w, frame.seat, card):
            continue
        out.append(card_id)
    return out


def _choose(w: Work, frame: ChooseFrame) -> bool:
    if w.players[frame.seat].tile is None:
        w.pop()
        w.release(frame)
        return False
    if frame.count > 0:
        candidates = w.candidates(frame.deck)
        if not candidates or (
            frame.tag is not None
            and not any(frame.tag in w.card(c).tags for c in w.deck(frame.deck).cards())
        ):
            w.replace(
                ChooseFrame(
                    frame.seat,
                    frame.deck,
                    0,
                    frame.choose,
                    frame.tag,
                    frame.cards,
                    frame.passed,
                    frame.chosen,
                )
            )
            return False
        if w.explicit:
            if len(candidates) > 1:
                return True
            _revealed(w, frame, candidates[0])
        else:
            _revealed(w, frame, candidates[0])
        return False
    if frame.choose > 0 and choosable(w, frame):
        return True
    w.pop()
    rest = [c for c in (*frame.cards, *frame.passed) if c not in frame.chosen]
    w.to_bottom(frame.deck, rest)
    for card in reversed(frame.chosen):  # the first chosen on top: resolved first (K11)
        w.push(EncounterFrame(frame.seat, card))
    return False


def _revealed(w: Work, frame: ChooseFrame, card: str) -> None:
    w.take(frame.deck, card)
    w.events.append(CardRevealed(frame.deck, card))
    if frame.tag is not None and frame.tag not in w.card(card).tags:
        new = ChooseFrame(
            frame.seat,
            frame.deck,
            frame.count,
            frame.choose,
            frame.tag,
            frame.cards,
            (*frame.passed, card),
            frame.chosen,
        )
    else:
        new = ChooseFrame(
            frame.seat,
            frame.deck,
            frame.count - 1,
            frame.choose,
            frame.tag,
            (*frame.cards, card),
            frame.passed,
            frame.chosen,
        )
    w.replace(new)


def _encounter(w: Work, frame: EncounterFrame) -> bool:
    w.pop()
    card = w.card(frame.card)
    if w.players[frame.seat].tile is None:
        w.release(frame)
        return False
    kind = card.kind
    if kind == "creature":
        w.push(new_fight(w, frame.seat, frame.card))
    elif kind in ("place", "event"):
        if card.lasting:
            w.lasting = (*w.lasting, Lasting(card.id, card.lasting))
        else:
            w.discard((card.id,))
        if card.effects:
            w.push(RunFrame(f"effects:{card.id}", 0, frame.seat))
    elif kind == "tower":
        if creature_value(w, frame.seat) >= card.value:
            w.push(PayFrame(frame.seat, card.id))
        else:
            w.to_bottom("encounter", (card.id,))
    else:
        w.push(GainFrame(frame.seat, card.id))
    return False


def _pay(w: Work, frame: PayFrame) -> bool:
    seat = frame.seat
    tower = w.card(frame.tower)
    if w.players[seat].tile is None:
        w.pop()
        w.release(frame)
        return False
    if frame.paid >= tower.value:
        w.pop()
        w.events.append(CardGained(seat, tower.id, "hand"))
        w.hand_add(seat, tower.id)
        happen(w, seat, "tower")
        return False
    if creature_value(w, seat) <= 0:
        w.pop()
        w.to_bottom("encounter", (tower.id,))
        return False
    return True


def _draw(w: Work, frame: DrawFrame) -> bool:
    if frame.count <= 0 or (frame.into == "gain" and w.players[frame.seat].tile is None):
        w.pop()
        return False
    if frame.into == "gain" and frame.deck == "ability":
        deck = w.abilities
        if not any(usable_ability(w, frame.seat, w.card(c)) for c in deck.cards()):
            w.pop()  # K15: no Ability this player may hold is left to draw
            return False
    candidates = w.candidates(frame.deck)
    if not candidates:
        w.pop()
        return False
    if w.explicit and len(candidates) > 1:
        return True
    _drawn(w, frame, candidates[0])
    return False


def _drawn(w: Work, frame: DrawFrame, card: str) -> None:
    w.take(frame.deck, card)
    w.events.append(CardRevealed(frame.deck, card))
    if frame.into == "shop":
        w.shop = w.in_pack_order((*w.shop, card))
        w.replace(DrawFrame(frame.deck, frame.into, frame.seat, frame.count - 1))
    elif frame.into == "prophecy":
        w.prophecy = card
        rounds = w.card(card).lasting
        if rounds:
            w.lasting = (*w.lasting, Lasting(card, rounds))  # decision x: it expires unfulfilled
        w.replace(DrawFrame(frame.deck, frame.into, frame.seat, frame.count - 1))
    elif frame.deck == "ability" and not usable_ability(w, frame.seat, w.card(card)):
        w.to_bottom("ability", (card,))  # K15: another guild's Ability goes to the bottom
    else:
        w.replace(DrawFrame(frame.deck, frame.into, frame.seat, frame.count - 1))
        w.push(GainFrame(frame.seat, card))


def _gain(w: Work, frame: GainFrame) -> bool:
    seat = frame.seat
    card = w.card(frame.card)
    if w.players[seat].tile is None:
        w.pop()
        w.discard((frame.card,))
        return False
    if not usable_ability(w, seat, card):
        w.pop()
        w.to_bottom("ability", (frame.card,))  # K15
        return False
    if card.kind in ("ability", "item") and len(w.players[seat].slots) < SLOTS:
        return True
    w.pop()
    w.events.append(CardGained(seat, frame.card, "hand"))
    w.hand_add(seat, frame.card)
    return False


def _drop(w: Work, frame: DropFrame) -> bool:
    player = w.players[frame.seat]
    if player.tile is None or len(player.hand) <= 10:
        w.pop()
        return False
    return True


def _loot(w: Work, frame: LootFrame) -> bool:
    looters = tuple(s for s in frame.looters if w.players[s].tile is not None)
    if not looters or not (frame.items or frame.creatures or frame.coins):
        w.pop()
        w.discard((*frame.items, *frame.creatures))
        return False
    if looters != frame.looters:
        w.replace(LootFrame(frame.dead, looters, frame.items, frame.creatures, frame.coins))
    return True


def _trophy(w: Work, frame: TrophyFrame) -> bool:
    if w.players[frame.winner].tile is None or w.players[frame.loser].tile is None:
        w.pop()
        return False
    return True


def _offer(w: Work, frame: OfferFrame) -> bool:
    if w.players[frame.partner].tile is None or w.players[w.turn].tile is None:
        w.pop()
        return False
    return True


_HANDLERS: Final[dict[type, Callable[[Work, Any], bool]]] = {
    StartFrame: _start,
    TurnEndFrame: _turn_end,
    MenuFrame: _menu,
    WindowFrame: _window,
    ResolveFrame: _resolve,
    RunFrame: _run,
    RollFrame: _roll,
    MoveFrame: _move,
    ArriveFrame: _arrive,
    ChooseFrame: _choose,
    EncounterFrame: _encounter,
    PayFrame: _pay,
    DrawFrame: _draw,
    GainFrame: _gain,
    DropFrame: _drop,
    LootFrame: _loot,
    TrophyFrame: _trophy,
    OfferFrame: _offer,
    **COMBAT_HANDLERS,
}


# -- answers ---------------------------------------------------------------------------------------


def answer(w: Work, action: Action) -> None:
    """Apply ``action`` (legal) to the frame on top."""
    top = w.frames[-1]
    handler = _ANSWERS.get(type(top))
    if handler is None:
        handler = COMBAT_ANSWERS[type(top)]
    handler(w, top, action)


def _answer_window(w: Work, frame: WindowFrame, action: Action) -> None:
    seat = frame.asking
    assert seat is not None
    order = window_order(w)
    if isinstance(action, Pass):
        i = order.index(seat)
        w.replace(
            WindowFrame(frame.request, frame.stack, order[(i + 1) % len(order)], frame.passes + 1)
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
    w.replace(WindowFrame(frame.request, (*frame.stack, item), order[0], 0))


def _answer_menu(w: Work, frame: MenuFrame, action: Action) -> None:
    flags = w.flags
    seat = w.turn
    player = w.players[seat]
    if isinstance(action, Travel):
        w.pop()
        w.push(MoveFrame(seat, 0))
        w.window("move")
        w.push(RollFrame(seat))
        w.window("travel")
    elif isinstance(action, EndTurn | NoDuel):
        w.pop()
    elif isinstance(action, ShowTower):
        flags.shown = (*flags.shown, action.card)
        w.push(RunFrame(f"effects:{action.card}", 0, seat))
    elif isinstance(action, Slot):
        flags.moved = (*flags.moved, action.card)
        player.hand = tuple(c for c in player.hand if c != action.card)
        w.slot_add(seat, action.card)
    elif isinstance(action, Unslot):
        flags.moved = (*flags.moved, action.card)
        player.slots = tuple(c for c in player.slots if c != action.card)
        w.hand_add(seat, action.card)
    elif isinstance(action, Buy):
        price = w.card(action.card).value
        player.coins -= price
        w.shop = tuple(c for c in w.shop if c != action.card)
        w.events.append(ShopUsed(seat, "buy", action.card, price))
        w.push(DrawFrame("item", "shop", seat, 1))
        w.push(GainFrame(seat, action.card))
    elif isinstance(action, Sell):
        price = w.card(action.card).value // 2
        w.remove_held(seat, action.card)
        w.to_bottom("item", (action.card,))
        player.coins += price
        w.events.append(ShopUsed(seat, "sell", action.card, price))
    elif isinstance(action, Refresh):
        cost = flags.refreshes + 1
        flags.refreshes = cost
        player.coins -= cost
        w.to_bottom("item", w.shop)
        w.shop = ()
        w.events.append(ShopUsed(seat, "refresh", None, cost))
        w.push(DrawFrame("item", "shop", seat, SHOP_SIZE))
    elif isinstance(action, Duel):
        w.pop()
        flags.dueled = True
        w.push(new_duel(w, seat, action.seat))
    elif isinstance(action, Trade):
        flags.traded = (*flags.traded, action.seat)
        w.push(OfferFrame(action.seat))
    else:  # pragma: no cover - legality was checked before
        raise TypeError(f"not a menu action: {action!r}")


def _answer_roll(w: Work, frame: RollFrame, action: Action) -> None:
    assert isinstance(action, Roll)
    _rolled(w, frame, action.value)


def _answer_choose(w: Work, frame: ChooseFrame, action: Action) -> None:
    if isinstance(action, Reveal):
        _revealed(w, frame, action.card)
        return
    assert isinstance(action, Choose)
    w.replace(
        ChooseFrame(
            frame.seat,
            frame.deck,
            frame.count,
            frame.choose - 1,
            frame.tag,
            frame.cards,
            frame.passed,
            (*frame.chosen, action.card),
        )
    )


def _answer_pay(w: Work, frame: PayFrame, action: Action) -> None:
    assert isinstance(action, Pay)
    player = w.players[frame.seat]
    player.hand = tuple(c for c in player.hand if c != action.card)
    w.discard((action.card,))
    w.replace(PayFrame(frame.seat, frame.tower, frame.paid + w.card(action.card).value))


def _answer_draw(w: Work, frame: DrawFrame, action: Action) -> None:
    assert isinstance(action, Reveal)
    _drawn(w, frame, action.card)


def _answer_gain(w: Work, frame: GainFrame, action: Action) -> None:
    assert isinstance(action, Keep)
    w.pop()
    w.events.append(CardGained(frame.seat, frame.card, action.where))
    if action.where == "slot":
        w.slot_add(frame.seat, frame.card)
    else:
        w.hand_add(frame.seat, frame.card)


def _answer_drop(w: Work, frame: DropFrame, action: Action) -> None:
    assert isinstance(action, Drop)
    w.pop()
    player = w.players[frame.seat]
    player.hand = tuple(c for c in player.hand if c != action.card)
    w.discard((action.card,))


def _answer_loot(w: Work, frame: LootFrame, action: Action) -> None:
    looter = frame.looters[0]
    if isinstance(action, SkipLoot):
        w.replace(
            LootFrame(frame.dead, frame.looters[1:], frame.items, frame.creatures, frame.coins)
        )
    elif isinstance(action, LootCoins):
        w.players[looter].coins += frame.coins
        w.replace(LootFrame(frame.dead, frame.looters, frame.items, frame.creatures, 0))
    else:
        assert isinstance(action, Loot)
        items = tuple(c for c in frame.items if c != action.card)
        creatures = tuple(c for c in frame.creatures if c != action.card)
        w.replace(LootFrame(frame.dead, frame.looters, items, creatures, frame.coins))
        w.push(GainFrame(looter, action.card))


def _answer_trophy(w: Work, frame: TrophyFrame, action: Action) -> None:
    w.pop()
    loser = w.players[frame.loser]
    if isinstance(action, TakeCoins):
        half = loser.coins // 2
        loser.coins -= half
        w.players[frame.winner].coins += half
    else:
        assert isinstance(action, Take)
        w.remove_held(frame.loser, action.card)
        w.push(GainFrame(frame.winner, action.card))


def _answer_offer(w: Work, frame: OfferFrame, action: Action) -> None:
    if isinstance(action, NoTrade | RefuseTrade):
        w.pop()
        if isinstance(action, RefuseTrade):
            w.events.append(TradeAnswered(w.turn, frame.partner, False))
        return
    new = frame
    if isinstance(action, Give):
        new = OfferFrame(
            frame.partner,
            w.in_pack_order((*frame.give, action.card)),
            frame.ask,
            frame.give_coins,
            frame.ask_coins,
        )
    elif isinstance(action, Ask):
        new = OfferFrame(
            frame.partner,
            frame.give,
            w.in_pack_order((*frame.ask, action.card)),
            frame.give_coins,
            frame.ask_coins,
        )
    elif isinstance(action, GiveCoin):
        new = OfferFrame(
            frame.partner, frame.give, frame.ask, frame.give_coins + 1, frame.ask_coins
        )
    elif isinstance(action, AskCoin):
        new = OfferFrame(
            frame.partner, frame.give, frame.ask, frame.give_coins, frame.ask_coins + 1
        )
    elif isinstance(action, Propose):
        new = OfferFrame(
            frame.partner, frame.give, frame.ask, frame.give_coins, frame.ask_coins, True
        )
    else:
        assert isinstance(action, AcceptTrade)
        w.pop()
        seat, partner = w.turn, frame.partner
        w.events.append(TradeAnswered(seat, partner, True))
        for card in frame.give:
            w.remove_held(seat, card)
        for card in frame.ask:
            w.remove_held(partner, card)
        w.players[seat].coins += frame.ask_coins - frame.give_coins
        w.players[partner].coins += frame.give_coins - frame.ask_coins
        for card in reversed(frame.ask):
            w.push(GainFrame(seat, card))
        for card in reversed(frame.give):
            w.push(GainFrame(partner, card))
        return
    w.replace(new)


_ANSWERS: Final[dict[type, Callable[[Work, Any, Action], None]]] = {
    WindowFrame: _answer_window,
    MenuFrame: _answer_menu,
    RollFrame: _answer_roll,
    ChooseFrame: _answer_choose,
    PayFrame: _answer_pay,
    DrawFrame: _answer_draw,
    GainFrame: _answer_gain,
    DropFrame: _answer_drop,
    LootFrame: _answer_loot,
    TrophyFrame: _answer_trophy,
    OfferFrame: _answer_offer,
}
