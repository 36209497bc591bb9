"""The interpreter of the effect vocabulary: which card uses a hero may make now, and how a use
(or a quest's completion) resolves, step by step — its costs, then its effects — one pick at a
time (:class:`~grimheim._state.Resolving`).

It knows the grammar of the words (:mod:`grimheim._vocab`), never a particular word.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from tabletop_rules import Seat

from ._actions import Action, StopTargets, Target, TargetCard, TargetHero, Use
from ._cards import Card, Limit
from ._cards import Use as CardUse
from ._events import CardPlayed
from ._pieces import CardState
from ._query import side_of
from ._state import HeroAttack, MonsterAttack, MonsterTurn, Resolving, Window
from ._vocab import Ctx, Pick, ResolutionStep
from ._vocab.amounts import value
from ._vocab.conditions import holds
from ._vocab.heroes import FinishQuest
from ._work import Work

__all__ = [
    "auto_uses",
    "available_uses",
    "begin_quest",
    "begin_use",
    "card_in_play",
    "context",
    "context_attack",
    "context_hit",
    "effect_choices",
    "might_use",
    "resolution_steps",
    "resolve",
    "take_choice",
    "use_key",
    "use_refusal",
]

_FINISH = FinishQuest()
"""The last step of a quest's completion: the card comes into play."""


# -- where uses come from --------------------------------------------------------------------------


def _timed(w: Work) -> dict[tuple[str, int], dict[str, tuple[tuple[int, CardUse], ...]]]:
    """Per card side ``(card, side)``, its uses by timing, with their indices (built once per
    pack)."""
    table: dict[tuple[str, int], dict[str, tuple[tuple[int, CardUse], ...]]] | None
    table = w.config.pack.cache.get("uses by timing")
    if table is None:
        table = {}
        for card_id, card in w.config.cards.items():
            for number, side in enumerate(card.sides, 1):
                by_when: dict[str, list[tuple[int, CardUse]]] = {}
                for i, use in enumerate(side.uses):
                    by_when.setdefault(use.when, []).append((i, use))
                table[card_id, number] = {k: tuple(v) for k, v in by_when.items()}
        w.config.pack.cache["uses by timing"] = table
    return table


def _uses_of(
    w: Work, seat: Seat, when: str, hand: tuple[str, ...]
) -> Iterator[tuple[str, int, CardUse, bool]]:
    """``(card, index, use, from_hand)`` for every use with that timing of the hero's cards in
    play (in the order they came) and of the event cards ``hand`` (by id)."""
    table = _timed(w)
    for state in w.heroes[seat].cards:
        for i, use in table[state.id, state.side].get(when, ()):
            yield state.id, i, use, False
    for card_id in sorted(set(hand)):
        for i, use in table[card_id, 1].get(when, ()):
            yield card_id, i, use, True


def card_in_play(w: Work, seat: Seat, card_id: str) -> CardState | None:
    """The hero's card in play with that id, if any."""
    state: CardState
    for state in w.heroes[seat].cards:
        if state.id == card_id:
            return state
    return None


def context_attack(w: Work) -> HeroAttack | None:
    """The hero's roll whose window is open (the innermost, if any)."""
    for frame in reversed(w.frames):
        if isinstance(frame, HeroAttack):
            return frame
    return None


def context_hit(w: Work) -> MonsterAttack | None:
    """The monster attack whose damage is being resolved, if any."""
    for frame in reversed(w.frames):
        if isinstance(frame, MonsterAttack):
            return frame
    return None


def _monster_turn(w: Work) -> MonsterTurn | None:
    for frame in w.frames:
        if isinstance(frame, MonsterTurn):
            return frame
    return None


def context(
    w: Work, seat: Seat, card: str = "", *, from_hand: bool = False, x: int = 0, bound: int = -1
) -> Ctx:
    """The :class:`~grimheim._vocab.Ctx` of a use by hero ``seat`` now: the roll, the monster
    attack or the attacker of the moment, and the monster its conditions ask about."""
    attack = context_attack(w)
    hit = context_hit(w)
    attacker = -1
    for frame in reversed(w.frames):
        if isinstance(frame, MonsterAttack):
            attacker = frame.attacker
            break
        if isinstance(frame, Window) and frame.attacker >= 0:
            attacker = frame.attacker
            break
    if attack is not None and attack.hero != seat:
        attack = None
    subject = attack.target if attack is not None else attacker
    return Ctx(
        w,
        seat,
        card,
        from_hand=from_hand,
        x=x,
        bound=bound,
        attack=attack,
        hit=hit,
        attacker=attacker,
        subject=subject,
    )


# -- which uses are offered ------------------------------------------------------------------------


def use_key(card_id: str, index: int) -> str:
    """How an attack remembers one use of a card (``card#index``: "once per attack" is per use)."""
    return f"{card_id}#{index}"


def _limit_ok(
    w: Work,
    seat: Seat,
    card_id: str,
    limit: Limit,
    used: tuple[str, ...],
    from_hand: bool,
    index: int = 0,
) -> bool:
    """A card in play is used once per window (``used``) and within its :data:`Limit`; an event
    in hand is a card of its own, so a second copy is never stopped by the first (G29)."""
    if from_hand:
        return True
    if card_id in used:
        return False
    match limit:
        case "turn":
            turn = w.turn
            mine = turn is not None and turn.hero == seat and _monster_turn(w) is None
            return not mine or card_id not in turn.used  # type: ignore[union-attr]
        case "attack":
            attack = context_attack(w)
            return attack is None or use_key(card_id, index) not in attack.played
        case "monster-turn":
            monster_turn = _monster_turn(w)
            return monster_turn is None or card_id not in monster_turn.used
    return True


def _x_values(ctx: Ctx, use: CardUse) -> list[int]:
    """The numbers the hero may choose for the use: ``[0]`` without an x range."""
    if use.x is None:
        return [0]
    return list(range(use.x.min, value(ctx, use.x.max) + 1))


def _payable(ctx: Ctx, use: CardUse) -> bool:
    return all(cost.payable(ctx) for cost in use.cost)


def _offered(ctx: Ctx, use: CardUse) -> bool:
    """Its costs can be paid, every effect that needs a target has one, and one would act."""
    if not _payable(ctx, use):
        return False
    verdicts = [effect.useful(ctx) for effect in use.effects]
    return None not in verdicts and any(verdicts)


def _candidates(
    w: Work, seat: Seat, when: str, used: tuple[str, ...], hand: tuple[str, ...], auto: bool
) -> Iterator[tuple[str, int, int, bool]]:
    """``(card, index, x, from_hand)`` of every use with timing ``when`` that may be made now,
    auto uses only or asked uses only."""
    ctx: Ctx | None = None  # one context, set for each use in turn (no word keeps it)
    for card_id, index, use, from_hand in _uses_of(w, seat, when, hand):
        if use.auto != auto:
            continue
        if not _limit_ok(w, seat, card_id, use.limit, used, from_hand, index):
            continue
        if ctx is None:
            ctx = context(w, seat)
        ctx.card = card_id
        ctx.from_hand = from_hand
        ctx.x = 0
        if use.only_if and not holds(use.only_if, ctx):
            continue
        for x in _x_values(ctx, use):
            ctx.x = x
            if _offered(ctx, use):
                yield card_id, index, x, from_hand


def available_uses(
    w: Work, seat: Seat, when: str, used: tuple[str, ...] = (), hand: tuple[str, ...] | None = None
) -> list[Action]:
    """The :class:`~grimheim.Use` actions hero ``seat`` may take at the moment ``when``, in card
    order (cards in play first, then the hand), use by use, ``x`` ascending. ``used`` lists cards
    already used in this window; ``hand`` stands for the hand (default: the hero's own)."""
    held = tuple(c for c in w.heroes[seat].hand if c) if hand is None else hand
    return [Use(c, i, x) for c, i, x, _ in _candidates(w, seat, when, used, held, False)]


def auto_uses(w: Work, seat: Seat, when: str, used: tuple[str, ...] = ()) -> list[Use]:
    """The auto uses of hero ``seat``'s cards in play that apply now at ``when`` (not yet made in
    this window: ``used``)."""
    return [Use(c, i, x) for c, i, x, _ in _candidates(w, seat, when, used, (), True)]


def might_use(w: Work, seat: Seat, when: str, used: tuple[str, ...] = ()) -> bool:
    """Whether hero ``seat`` is asked at the moment ``when``, by what every seat knows: a card in
    play can be used, or the hand holds cards and one of the events that may be among them
    (those of the deck not in the discard pile) could be used. Who must answer never tells the
    other heroes what a hand holds; a hero asked without a usable card passes (G20)."""
    if available_uses(w, seat, when, used, hand=()):
        return True
    hero = w.heroes[seat]
    if not hero.hand:
        return False
    deck = next(d for d in w.config.pack.decks if d.hero == hero.id)
    maybe = tuple(
        c.id for c in deck.cards if c.kind == "event" and hero.discard.count(c.id) < c.count
    )
    return bool(available_uses(w, seat, when, used, hand=maybe))


def use_refusal(
    w: Work, seat: Seat, card_id: str, whens: tuple[str, ...], used: tuple[str, ...] = ()
) -> str:
    """Why hero ``seat`` may not use ``card_id`` at this moment (its timings ``whens``), naming
    the rule: the first of the checks of :func:`available_uses` that every use of the card
    fails."""
    hand = tuple(c for c in w.heroes[seat].hand if c)
    if card_in_play(w, seat, card_id) is None and card_id not in hand:
        return f"{card_id} is not a card this hero has in play or in hand"
    uses = [
        (u, h, i)
        for when in whens
        for c, i, u, h in _uses_of(w, seat, when, hand)
        if c == card_id and not u.auto
    ]
    if not uses:
        attack_only = any(c == card_id for c, *_ in _uses_of(w, seat, "attack-roll", hand))
        if "roll" in whens and "attack-roll" not in whens and attack_only:
            return (
                f"{card_id} is for the roll of an attack action (attack-roll); this roll is "
                "a card's, which only cards for any roll change (G19)"
            )
        return f"{card_id} has no use at this moment ({', '.join(whens)})"
    in_limit = [(u, h) for u, h, i in uses if _limit_ok(w, seat, card_id, u.limit, used, h, i)]
    if not in_limit:
        if card_id in used:
            return f"a card in play is used once a roll, damage or window: {card_id} was used"
        return f"a card may be used once a turn: {card_id} was used already"
    ctx = context(w, seat, card_id, from_hand=in_limit[0][1])
    held = [(u, h) for u, h in in_limit if holds(u.only_if, ctx)]
    if not held:
        return f"{card_id} cannot be used here: {in_limit[0][0].only_if[0].describe()} is needed"
    for use, _ in held:
        for x in _x_values(ctx, use):
            ctx.x = x
            if _payable(ctx, use):
                return f"{card_id} would do nothing now: it has no target"
    costs = ", ".join(c.describe() for c in held[0][0].cost)
    return f"the cost of {card_id} cannot be paid ({costs})"


# -- using a card ----------------------------------------------------------------------------------


def _the_use(w: Work, seat: Seat, card_id: str, index: int) -> tuple[CardUse, bool]:
    state = card_in_play(w, seat, card_id)
    if state is not None:
        return side_of(w.config, state).uses[index], False
    card: Card = w.config.cards[card_id]
    return card.sides[0].uses[index], True


def begin_use(w: Work, seat: Seat, action: Use) -> None:
    """Note a use (its card leaves the hand, its limit counts it) and push its resolution."""
    use, from_hand = _the_use(w, seat, action.card, action.use)
    hero = w.heroes[seat]
    w.events.append(CardPlayed(seat, action.card))
    if from_hand:
        hand = list(hero.hand)
        hand.remove(action.card)
        w.set_hero(seat, hand=tuple(hand), discard=tuple(sorted((*hero.discard, action.card))))
    elif use.limit == "turn":
        turn = w.turn
        if turn is not None and turn.hero == seat and _monster_turn(w) is None:
            w.turn = attrs.evolve(turn, used=(*turn.used, action.card))
    elif use.limit == "monster-turn":
        for i, frame in enumerate(w.frames):
            if isinstance(frame, MonsterTurn):
                w.frames[i] = attrs.evolve(frame, used=(*frame.used, action.card))
                break
    w.frames.append(Resolving(seat, action.card, action.use, action.x))


def begin_quest(w: Work, seat: Seat, way: int) -> None:
    """Push the completion of the quest on top of the hero's equipment deck by its ``way``."""
    w.frames.append(Resolving(seat, w.heroes[seat].equipment[0], way, quest=True))


def resolution_steps(w: Work, frame: Resolving) -> tuple[ResolutionStep, ...]:
    """The steps ``frame`` resolves: a use's costs then effects, or a quest way's costs then the
    card coming into play."""
    if frame.quest:
        quest = w.config.cards[frame.card].quest
        assert quest is not None  # checked on load
        return (*quest.ways[frame.use].cost, _FINISH)
    return _the_use(w, frame.hero, frame.card, frame.use)[0].steps


def _frame_context(w: Work, frame: Resolving) -> Ctx:
    from_hand = not frame.quest and card_in_play(w, frame.hero, frame.card) is None
    ctx = context(w, frame.hero, frame.card, from_hand=from_hand, x=frame.x, bound=frame.bound)
    ctx.picked = frame.picked
    return ctx


def _ask(step: ResolutionStep, ctx: Ctx) -> tuple[tuple[Pick, ...], bool]:
    """``(candidates, stop)``: what the step asks for now (nothing when the engine can pick by
    itself or the step is done), and whether the hero may stop picking."""
    if step.pick_kind() == "none":
        return (), False
    least, most = step.picks(ctx)
    if len(ctx.picked) >= most:
        return (), False
    found = step.candidates(ctx)
    if not found:
        return (), False
    optional = len(ctx.picked) >= least
    if optional or len(found) > 1 or step.PRIVATE:
        return found, optional
    return (), False


def effect_choices(w: Work, frame: Resolving) -> list[Action]:
    """The choices the current step of ``frame`` asks for (empty when it needs none)."""
    steps = resolution_steps(w, frame)
    if frame.step >= len(steps):
        return []
    step = steps[frame.step]
    ctx = _frame_context(w, frame)
    found, stop = _ask(step, ctx)
    if not found:
        return []
    kind = step.pick_kind()
    hexes = w.geo.hexes
    actions: list[Action] = []
    for pick in found:
        if isinstance(pick, str):
            actions.append(TargetCard(pick))
        elif kind in ("hero", "hero-or-card"):
            actions.append(TargetHero(pick))
        else:
            actions.append(Target(hexes[pick]))
    return [*actions, StopTargets()] if stop else actions


def resolve(w: Work, frame: Resolving) -> bool:
    """Resolve steps until one asks for a choice (``True``), or the resolution is done or waits
    for a frame a step pushed (``False``). ``frame`` is the innermost frame."""
    me = len(w.frames) - 1
    steps = resolution_steps(w, frame)
    while frame.step < len(steps):
        step = steps[frame.step]
        ctx = _frame_context(w, frame)
        if step.pick_kind() != "none":
            least, most = step.picks(ctx)
            while len(ctx.picked) < most:
                found, _ = _ask(step, ctx)
                if found:
                    w.frames[me] = attrs.evolve(frame, picked=ctx.picked)
                    return True
                candidates = step.candidates(ctx)
                if not candidates or len(ctx.picked) >= least:
                    break
                ctx.picked = (*ctx.picked, candidates[0])
        _apply(w, me, frame, step, ctx)
        if w.won is not None:
            return False
        frame = w.frames[me]  # type: ignore[assignment]
        if len(w.frames) > me + 1:
            return False
    del w.frames[me]
    return False


def _apply(w: Work, me: int, frame: Resolving, step: ResolutionStep, ctx: Ctx) -> None:
    """Apply one step, then move the frame to the next step (keeping what it bound)."""
    w.frames[me] = attrs.evolve(frame, picked=ctx.picked)
    step.apply(ctx)
    if w.won is None:
        w.frames[me] = attrs.evolve(frame, step=frame.step + 1, picked=(), bound=ctx.bound)


def take_choice(w: Work, frame: Resolving, action: Action) -> None:
    """Take a pick the current step asked for (or stop picking); the step applies once it has
    all its picks."""
    me = len(w.frames) - 1
    step = resolution_steps(w, frame)[frame.step]
    ctx = _frame_context(w, frame)
    match action:
        case Target(at):
            ctx.picked = (*ctx.picked, w.geo.area(at))
        case TargetHero(seat):
            ctx.picked = (*ctx.picked, seat)
        case TargetCard(card):
            ctx.picked = (*ctx.picked, card)
        case StopTargets():
            _apply(w, me, frame, step, ctx)
            return
    w.frames[me] = attrs.evolve(frame, picked=ctx.picked)
