"""The interpreter of the effect vocabulary: which card uses a hero may make now, in which
context (:class:`~grimheim._vocab.Ctx`), and the steps a use (or a quest's completion) resolves
— its costs, then its effects. The resolution itself is a frame
(:class:`~grimheim._state.Resolving`).

It knows the grammar of the words (:mod:`grimheim._vocab`), never a particular word.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from tabletop_rules import Seat

from ._actions import Action, Use
from ._cards import Card, Limit
from ._cards import Use as CardUse
from ._pieces import CardState
from ._query import side_of
from ._vocab import Ctx, ResolutionStep
from ._vocab.amounts import value
from ._vocab.conditions import holds
from ._vocab.heroes import FinishQuest

if TYPE_CHECKING:
    from ._frames.resolving import Resolving
    from ._work import Work

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


def context(
    w: Work, seat: Seat, card: str = "", *, from_hand: bool = False, x: int = 0, bound: int = -1
) -> Ctx:
    """The :class:`~grimheim._vocab.Ctx` of a use by hero ``seat`` now: the roll, the monster
    attack or the attacker of the moment, and the monster its conditions ask about."""
    attack = w.hero_roll()
    attacker = w.attacker()
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
        hit=w.monster_attack(),
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
            mine = turn is not None and turn.hero == seat and w.monster_turn() is None
            return not mine or card_id not in turn.used  # type: ignore[union-attr]
        case "attack":
            attack = w.hero_roll()
            return attack is None or use_key(card_id, index) not in attack.played
        case "monster-turn":
            monster_turn = w.monster_turn()
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


# -- the steps of a use ----------------------------------------------------------------------------


def the_use(w: Work, seat: Seat, card_id: str, index: int) -> tuple[CardUse, bool]:
    """Use ``index`` of hero ``seat``'s card ``card_id`` (its side in play, or an event's), and
    whether it is played from the hand."""
    state = card_in_play(w, seat, card_id)
    if state is not None:
        return side_of(w.config, state).uses[index], False
    card: Card = w.config.cards[card_id]
    return card.sides[0].uses[index], True


def resolution_steps(w: Work, frame: Resolving) -> tuple[ResolutionStep, ...]:
    """The steps ``frame`` resolves: a use's costs then effects, or a quest way's costs then the
    card coming into play."""
    if frame.quest:
        quest = w.config.cards[frame.card].quest
        assert quest is not None  # checked on load
        return (*quest.ways[frame.use].cost, _FINISH)
    return the_use(w, frame.hero, frame.card, frame.use)[0].steps


def timings_of(w: Work, seat: Seat) -> frozenset[str]:
    """The timings of every use in hero ``seat``'s deck (a window no card can use is skipped)."""
    cache: dict[str, frozenset[str]] = w.config.pack.cache.setdefault("timings", {})
    hero_id = w.heroes[seat].id
    found = cache.get(hero_id)
    if found is None:
        deck = next(d for d in w.config.pack.decks if d.hero == hero_id)
        found = frozenset(u.when for c in deck.cards for side in c.sides for u in side.uses)
        cache[hero_id] = found
    return found
