"""The interpreter of the effect vocabulary: which card uses a hero may make now, what they cost,
and how their effects resolve, one choice at a time (:class:`~grimheim._state.Resolving`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from tabletop_rules import Seat

from ._actions import Action, StopTargets, Target, TargetCard, TargetHero, Use
from ._cards import (
    ANY_MONSTER,
    AddDamage,
    AddDice,
    AddRange,
    AddTownPiece,
    Card,
    DamageEach,
    DealDamage,
    Draw,
    Effect,
    GainGold,
    GainMana,
    Heal,
    Kill,
    MonsterFilter,
    Move,
    PerformAction,
    Prevent,
    Repair,
    Rerolls,
    Retaliate,
    RollAgainst,
)
from ._cards import Use as CardUse
from ._events import CardPlayed, GoldGained, HeroHealed, TownPiecesAdded
from ._monsters import damage_monster, kill_monster
from ._state import (
    CardState,
    Drawing,
    Granted,
    HeroAttack,
    MonsterAttack,
    Moving,
    Resolving,
    Turn,
)
from ._work import Work
from ._world import hero_range, ignores_armor, info, side_of

__all__ = [
    "available_uses",
    "begin_use",
    "effect_choices",
    "mana_cards",
    "monster_candidates",
    "resolve",
    "take_choice",
]

HAND_LIMIT = 4


# -- where uses come from --------------------------------------------------------------------------


def _uses_of(
    w: Work, seat: Seat, when: str, hand: tuple[str, ...]
) -> Iterator[tuple[str, int, CardUse, bool]]:
    """``(card, index, use, from_hand)`` for every use with that timing of the hero's cards in
    play and of the event cards ``hand``."""
    hero = w.heroes[seat]
    for state in hero.cards:
        for i, use in enumerate(side_of(w.config, state).uses):
            if use.when == when:
                yield state.id, i, use, False
    for card_id in sorted(set(hand)):
        for i, use in enumerate(w.config.cards[card_id].sides[0].uses):
            if use.when == when:
                yield card_id, i, use, True


def card_in_play(w: Work, seat: Seat, card_id: str) -> CardState | None:
    """The hero's card in play with that id, if any."""
    state: CardState
    for state in w.heroes[seat].cards:
        if state.id == card_id:
            return state
    return None


def holds_mana(w: Work, state: CardState) -> bool:
    """A card holds mana if it makes mana or one of its uses costs mana."""
    side = side_of(w.config, state)
    return side.mana_gen > 0 or any(u.cost.mana > 0 for u in side.uses)


def mana_cards(w: Work, seat: Seat) -> tuple[str, ...]:
    """The hero's cards in play that hold mana (Focus, mana gained)."""
    return tuple(c.id for c in w.heroes[seat].cards if holds_mana(w, c))


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


# -- conditions, costs and targets -----------------------------------------------------------------


def _conditions_ok(w: Work, seat: Seat, conditions: tuple[str, ...]) -> bool:
    at = w.heroes[seat].at
    geo = w.geo
    for condition in conditions:
        if condition == "in-grimheim" and at != geo.town:
            return False
        if condition == "outside-grimheim" and at == geo.town:
            return False
        if condition == "in-forest" and geo.terrain[at] != "forest":
            return False
        if condition == "next-to-mountain" and not geo.next_to_mountain[at]:
            return False
        if condition == "attacker-adjacent":
            hit = context_hit(w)
            if hit is None or at == geo.town or hit.attacker not in geo.adjacent[at]:
                return False
    return True


def _filter_ok(w: Work, seat: Seat, area: int, only: MonsterFilter) -> bool:
    monster = w.monsters[area]
    kind = info(w.config, monster)
    if kind.legend and not only.legends:
        return False
    if not kind.legend and kind.rank not in only.ranks:
        return False
    if only.max_health_left is not None and w.health_left(monster) > only.max_health_left:
        return False
    if only.closer_to_grimheim:
        here = w.heroes[seat].at
        if w.geo.path_length[area] >= w.geo.path_length[here]:
            return False
    return True


def monster_candidates(
    w: Work, seat: Seat, to: str, only: MonsterFilter = ANY_MONSTER, damages: bool = True
) -> tuple[int, ...]:
    """The monsters (their areas) an effect of hero ``seat`` may pick.

    ``monster-in-range`` counts steps that never pass through Grimheim (G11); a hero in
    Grimheim reaches nothing outside it. The Queen of the Dead I is a candidate for damage only
    from a hero next to her.
    """
    hero = w.heroes[seat]
    geo = w.geo
    if to == "attacker":
        hit = context_hit(w)
        areas: tuple[int, ...] = (hit.attacker,) if hit and hit.attacker in w.monsters else ()
    elif hero.at == geo.town:
        areas = ()
    elif to == "adjacent-monster":
        areas = tuple(a for a in geo.adjacent[hero.at] if a in w.monsters)
    else:
        bonus = w.turn.range_bonus if w.turn is not None and w.turn.hero == seat else 0
        reach = hero_range(w.config, hero, bonus)
        areas = tuple(a for a in geo.within(hero.at, reach) if a in w.monsters)
    found = []
    for area in areas:
        monster = w.monsters[area]
        if (
            damages
            and monster.kind == "queen"
            and monster.side == 1
            and (hero.at == geo.town or area not in geo.adjacent[hero.at])
        ):
            continue
        if _filter_ok(w, seat, area, only):
            found.append(area)
    return tuple(found)


def hero_candidates(w: Work, seat: Seat, to: str, needs_damage: bool) -> tuple[Seat, ...]:
    """The heroes a healing effect may pick: the hero, or the hero and every hero next to them
    (in Grimheim: every hero in Grimheim)."""
    if to == "self":
        seats: tuple[Seat, ...] = (seat,)
    else:
        here = w.heroes[seat].at
        town = w.geo.town
        seats = tuple(
            s
            for s, h in enumerate(w.heroes)
            if s == seat
            or (here == town and h.at == town)
            or (here != town and h.at != town and h.at in w.geo.adjacent[here])
        )
    if needs_damage:
        seats = tuple(s for s in seats if w.heroes[s].damage > 0)
    return seats


def damaged_equipment(w: Work, seat: Seat) -> tuple[str, ...]:
    """The hero's equipment cards in play that carry damage."""
    return tuple(
        c.id
        for c in w.heroes[seat].cards
        if c.damage > 0 and w.config.cards[c.id].kind == "equipment"
    )


def _useful(w: Work, seat: Seat, effect: Effect, x: int, from_hand: bool) -> bool | None:
    """Whether an effect would do something now: ``True``, ``False``, or ``None`` when it needs a
    target and has none (the use is then not available at all). An event played ``from_hand``
    leaves the hand before its effects."""
    hero = w.heroes[seat]
    match effect:
        case DealDamage(_, to, only):
            return bool(monster_candidates(w, seat, to, only)) or None
        case DamageEach(_, _, to) | RollAgainst(_, to):
            return bool(monster_candidates(w, seat, to)) or None
        case Kill(to, only):
            return bool(monster_candidates(w, seat, to, only, damages=False)) or None
        case Heal(_, to):
            return bool(hero_candidates(w, seat, to, True))
        case Repair(_, to):
            return bool(damaged_equipment(w, seat))
        case Move():
            return True
        case GainMana():
            return bool(mana_cards(w, seat))
        case Draw():
            return len(hero.hand) - from_hand < HAND_LIMIT and bool(hero.events or hero.discard)
        case AddTownPiece():
            return w.town < _start_town(w)
        case PerformAction(action):
            if action == "attack":
                return bool(monster_candidates(w, seat, "monster-in-range")) or None
            return True
        case AddDamage() | AddDice() | Rerolls():
            attack = context_attack(w)
            if attack is None or attack.hero != seat or attack.dice:
                return None
            return not isinstance(effect, Rerolls) or attack.rolled[3] > 0
        case Prevent():
            hit = context_hit(w)
            return hit is not None and hit.damage > 0 and not hit.unpreventable
        case Retaliate():
            hit = context_hit(w)
            return hit is not None and hit.attacker in w.monsters
        case GainGold() | AddRange():
            return True
    return False


def _start_town(w: Work) -> int:
    return 2 + 2 * len(w.heroes)


def _payable(w: Work, seat: Seat, card_id: str, use: CardUse, x: int, from_hand: bool) -> bool:
    cost = use.cost
    hero = w.heroes[seat]
    state = None if from_hand else card_in_play(w, seat, card_id)
    paid = x if cost.mana_max is not None else cost.mana
    if paid and (state is None or state.mana < paid):
        return False
    if cost.durability:
        card: Card = w.config.cards[card_id]
        if state is None or state.damage + cost.durability > card.durability:
            return False
    if cost.gold > hero.gold:
        return False
    if cost.spend_action is not None:
        turn = w.turn
        if turn is None or turn.hero != seat or cost.spend_action in turn.actions:
            return False
        if len(turn.actions) >= 2:
            return False
    return True


def _limit_ok(
    w: Work, seat: Seat, card_id: str, use: CardUse, used: tuple[str, ...], from_hand: bool
) -> bool:
    """Once a roll, damage or window for a card in play; ``per_turn`` on its hero's own turn. An
    event in hand is a card of its own, so a second copy is never stopped by the first (G29)."""
    if card_id in used and not from_hand:
        return False
    if use.per_turn is None:
        return True
    turn = w.turn
    times = turn.used.count(card_id) if turn is not None and turn.hero == seat else 0
    return times < use.per_turn


def available_uses(
    w: Work, seat: Seat, when: str, used: tuple[str, ...] = (), hand: tuple[str, ...] | None = None
) -> list[Action]:
    """The :class:`~grimheim.Use` actions hero ``seat`` may take at the moment ``when``, in card
    order (cards in play first, then the hand), use by use, ``x`` ascending. ``used`` lists cards
    already used in this window (an attack, a damage, a trigger); ``hand`` stands for the hand
    (default: the hero's own)."""
    found: list[Action] = []
    held = tuple(c for c in w.heroes[seat].hand if c) if hand is None else hand
    for card_id, index, use, from_hand in _uses_of(w, seat, when, held):
        if not _limit_ok(w, seat, card_id, use, used, from_hand):
            continue
        if not _conditions_ok(w, seat, use.only_if):
            continue
        cost = use.cost
        if cost.mana_max is None:
            xs = [0]
        else:
            state = card_in_play(w, seat, card_id)
            top = min(cost.mana_max, state.mana if state is not None else 0)
            xs = list(range(cost.mana, top + 1))
        for x in xs:
            if not _payable(w, seat, card_id, use, x, from_hand):
                continue
            verdicts = [_useful(w, seat, e, x, from_hand) for e in use.effects]
            if None in verdicts or not any(verdicts):
                continue
            found.append(Use(card_id, index, x))
    return found


def use_refusal(w: Work, seat: Seat, card_id: str, when: str, used: tuple[str, ...] = ()) -> str:
    """Why hero ``seat`` may not use ``card_id`` at the moment ``when``, naming the rule: the
    first of the checks of :func:`available_uses` that every use of the card fails."""
    hand = tuple(c for c in w.heroes[seat].hand if c)
    if card_in_play(w, seat, card_id) is None and card_id not in hand:
        return f"{card_id} is not a card this hero has in play or in hand"
    uses = [
        (use, from_hand) for c, _, use, from_hand in _uses_of(w, seat, when, hand) if c == card_id
    ]
    if not uses:
        return f"{card_id} has no use at this moment ({when})"
    in_limit = [(u, h) for u, h in uses if _limit_ok(w, seat, card_id, u, used, h)]
    if not in_limit:
        if card_id in used:
            return f"a card in play is used once a roll, damage or window: {card_id} was used"
        return f"a card may be used once a turn: {card_id} was used already"
    uses = in_limit
    uses = [(u, h) for u, h in uses if _conditions_ok(w, seat, u.only_if)]
    if not uses:
        return f"{card_id} cannot be used where the hero stands"
    if not any(_payable(w, seat, card_id, u, u.cost.mana, h) for u, h in uses):
        return f"the cost of {card_id} cannot be paid (mana, durability left or gold)"
    return f"{card_id} would do nothing now: it has no target"


def might_use(w: Work, seat: Seat, when: str, used: tuple[str, ...] = ()) -> bool:
    """Whether hero ``seat`` is asked at the moment ``when``, by what every seat knows: a card in
    play can be used, or the hand holds cards and one of the events that may be among them
    (those of the deck not in the discard pile) could be used. Who must answer never tells the
    other heroes what a hand holds; a hero asked without a usable card passes."""
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


# -- using a card ----------------------------------------------------------------------------------


def _the_use(w: Work, seat: Seat, action: Use) -> tuple[CardUse, bool]:
    hero = w.heroes[seat]
    state = card_in_play(w, seat, action.card)
    if state is not None:
        return side_of(w.config, state).uses[action.use], False
    assert action.card in hero.hand  # legality was checked
    return w.config.cards[action.card].sides[0].uses[action.use], True


def begin_use(w: Work, seat: Seat, action: Use, attacker: int = -1) -> None:
    """Pay a use's cost, note it, and push its resolution."""
    use, from_hand = _the_use(w, seat, action)
    cost = use.cost
    hero = w.heroes[seat]
    w.events.append(CardPlayed(seat, action.card))
    if from_hand:
        hand = list(hero.hand)
        hand.remove(action.card)
        w.set_hero(seat, hand=tuple(hand), discard=tuple(sorted((*hero.discard, action.card))))
    else:
        paid = action.x if cost.mana_max is not None else cost.mana
        cards = tuple(
            attrs.evolve(c, mana=c.mana - paid, damage=c.damage + cost.durability)
            if c.id == action.card
            else c
            for c in hero.cards
        )
        w.set_hero(seat, cards=cards)
    if cost.gold:
        w.set_hero(seat, gold=w.heroes[seat].gold - cost.gold)
        w.events.append(GoldGained(seat, -cost.gold))
    turn = w.turn
    if turn is not None and turn.hero == seat:
        actions = turn.actions + ((cost.spend_action,) if cost.spend_action else ())
        w.turn = Turn(turn.hero, actions, (*turn.used, action.card), turn.range_bonus)
    w.frames.append(Resolving(seat, action.card, action.use, action.x, attacker=attacker))


def _effects(w: Work, frame: Resolving) -> tuple[Effect, ...]:
    state = card_in_play(w, frame.hero, frame.card)
    if state is not None:
        return side_of(w.config, state).uses[frame.use].effects
    return w.config.cards[frame.card].sides[0].uses[frame.use].effects


def _amount(amount: int | str, frame: Resolving) -> int:
    return frame.x if amount == "x" else int(amount)


def effect_choices(w: Work, frame: Resolving) -> list[Action]:
    """The choices the current effect of ``frame`` asks for (empty when it needs none)."""
    effects = _effects(w, frame)
    if frame.step >= len(effects):
        return []
    effect = effects[frame.step]
    seat = frame.hero
    match effect:
        case DealDamage(_, to, only) | Kill(to, only):
            areas = monster_candidates(w, seat, to, only, damages=not isinstance(effect, Kill))
            return [Target(w.geo.hexes[a]) for a in areas] if len(areas) > 1 else []
        case RollAgainst(_, to):
            areas = monster_candidates(w, seat, to)
            return [Target(w.geo.hexes[a]) for a in areas] if len(areas) > 1 else []
        case DamageEach(_, up_to, to):
            left = [a for a in monster_candidates(w, seat, to) if a not in frame.picked]
            limit = _amount(up_to, frame)
            if len(frame.picked) >= limit or not left:
                return []
            if not frame.picked and len(left) == 1:
                return []
            found: list[Action] = [Target(w.geo.hexes[a]) for a in left]
            return [*found, StopTargets()] if frame.picked else found
        case Heal(_, to):
            seats = hero_candidates(w, seat, to, True)
            return [TargetHero(s) for s in seats] if len(seats) > 1 else []
        case Repair(_, "one-equipment"):
            cards = damaged_equipment(w, seat)
            return [TargetCard(c) for c in cards] if len(cards) > 1 else []
        case GainMana():
            cards = mana_cards(w, seat)
            return [TargetCard(c) for c in cards] if len(cards) > 1 else []
    return []


def resolve(w: Work, frame: Resolving) -> bool:
    """Resolve effects until one needs a choice (``True``) or the use is done or waits for a
    frame an effect pushed (``False``). ``frame`` is the innermost frame."""
    me = len(w.frames) - 1
    effects = _effects(w, frame)
    while frame.step < len(effects):
        if effect_choices(w, frame):
            w.frames[me] = frame
            return True
        effect = effects[frame.step]
        if isinstance(effect, DamageEach):
            areas = [
                a for a in monster_candidates(w, frame.hero, effect.to) if a not in frame.picked
            ]
            if len(frame.picked) < _amount(effect.up_to, frame) and areas:
                frame = attrs.evolve(frame, picked=(*frame.picked, areas[0]))
                continue
        w.frames[me] = frame
        _apply(w, frame, effect, None)
        if w.won is not None:
            return False
        frame = attrs.evolve(frame, step=frame.step + 1, picked=())
        w.frames[me] = frame
        if len(w.frames) > me + 1:
            return False
    del w.frames[me]
    return False


def take_choice(w: Work, frame: Resolving, action: Action) -> None:
    """Apply a choice the current effect asked for; the effects after it resolve next."""
    me = len(w.frames) - 1
    effect = _effects(w, frame)[frame.step]
    if isinstance(effect, DamageEach):
        done = isinstance(action, StopTargets)
        if isinstance(action, Target):
            frame = attrs.evolve(frame, picked=(*frame.picked, w.geo.area(action.at)))
        if not done and len(frame.picked) < _amount(effect.up_to, frame):
            w.frames[me] = frame
            return
        w.frames[me] = frame
        _apply(w, frame, effect, None)
    else:
        _apply(w, frame, effect, action)
    if w.won is None:
        w.frames[me] = attrs.evolve(frame, step=frame.step + 1, picked=())


def _single(choices: tuple[Any, ...], action: Action | None, pick: Any) -> Any:
    """The chosen option: from the action, or the only one."""
    if action is None:
        return choices[0] if choices else None
    return pick(action)


def _apply(w: Work, frame: Resolving, effect: Effect, action: Action | None) -> None:
    """Apply one effect (it may push a frame of its own; the use resumes after it)."""
    seat = frame.hero
    hero = w.heroes[seat]
    area_of = w.geo.area
    match effect:
        case DealDamage(amount, to, only):
            areas = monster_candidates(w, seat, to, only)
            area = _single(areas, action, lambda a: area_of(a.at))
            if area is not None:
                damage_monster(
                    w, area, _amount(amount, frame), seat, ignore_armor=_ignores(w, seat)
                )
        case DamageEach(amount, _, _):
            for area in frame.picked:
                damage_monster(w, area, amount, seat, ignore_armor=_ignores(w, seat))
        case Kill(to, only):
            areas = monster_candidates(w, seat, to, only, damages=False)
            area = _single(areas, action, lambda a: area_of(a.at))
            if area is not None and area in w.monsters:
                kill_monster(w, area, seat)
        case RollAgainst(dice, to):
            areas = monster_candidates(w, seat, to)
            area = _single(areas, action, lambda a: area_of(a.at))
            if area is not None:
                w.frames.append(HeroAttack(seat, area, dice, action=False))
        case Heal(amount, to):
            seats = hero_candidates(w, seat, to, True)
            target = _single(seats, action, lambda a: a.seat)
            if target is not None:
                healed = min(amount, w.heroes[target].damage)
                w.set_hero(target, damage=w.heroes[target].damage - healed)
                w.events.append(HeroHealed(target, healed))
        case Repair(amount, to):
            cards = damaged_equipment(w, seat)
            chosen = (
                cards if to == "each-equipment" else (_single(cards, action, lambda a: a.card),)
            )
            fixed = 0
            new = []
            for c in hero.cards:
                if c.id in chosen:
                    removed = c.damage if amount == "all" else min(int(amount), c.damage)
                    fixed += removed
                    c = attrs.evolve(c, damage=c.damage - removed)
                new.append(c)
            w.set_hero(seat, cards=tuple(new))
            if fixed:
                w.events.append(HeroHealed(seat, fixed))
        case Move(areas):
            w.frames.append(Moving(seat, areas, action=False))
        case GainGold(amount):
            w.set_hero(seat, gold=hero.gold + amount)
            w.events.append(GoldGained(seat, amount))
        case GainMana(amount):
            target = _single(mana_cards(w, seat), action, lambda a: a.card)
            if target is not None:
                add_mana(w, seat, target, amount)
        case Draw(count):
            w.frames.append(Drawing(seat, count))
        case AddTownPiece(count):
            added = min(count, _start_town(w) - w.town)
            w.town += added
            w.events.append(TownPiecesAdded(added))
        case PerformAction(kind):
            w.frames.append(Granted(seat, kind))
        case AddDamage(amount, per_rune):
            _change_attack(w, bonus=amount, per_rune=per_rune)
        case AddDice(count):
            _change_attack(w, dice=count)
        case Rerolls():
            _change_attack(w, reroll=True)
        case AddRange(amount):
            turn = w.turn
            if turn is not None and turn.hero == seat:
                w.turn = attrs.evolve(turn, range_bonus=turn.range_bonus + amount)
        case Prevent(amount):
            hit = context_hit(w)
            if hit is not None and not hit.unpreventable:
                index = w.frames.index(hit)
                prevented = max(0, hit.damage - _amount(amount, frame))
                w.frames[index] = attrs.evolve(hit, damage=prevented)
        case Retaliate(amount):
            hit = context_hit(w)
            if hit is not None:
                damage_monster(w, hit.attacker, amount, seat, ignore_armor=_ignores(w, seat))


def _ignores(w: Work, seat: Seat) -> bool:
    return ignores_armor(w.config, w.heroes[seat])


def _change_attack(
    w: Work, *, bonus: int = 0, per_rune: int = 0, dice: int = 0, reroll: bool = False
) -> None:
    attack = context_attack(w)
    if attack is None:
        return
    index = w.frames.index(attack)
    rolled = attack.rolled
    more = dice
    if reroll:
        more += rolled[3]
        rolled = (rolled[0], rolled[1], rolled[2], 0)
    w.frames[index] = attrs.evolve(
        attack,
        bonus=attack.bonus + bonus,
        per_rune=attack.per_rune + per_rune,
        dice=attack.dice + more,
        rolled=rolled,
    )


def add_mana(w: Work, seat: Seat, card_id: str, amount: int) -> None:
    """Put ``amount`` mana on the hero's card ``card_id``."""
    hero = w.heroes[seat]
    cards = tuple(
        attrs.evolve(c, mana=c.mana + amount) if c.id == card_id else c for c in hero.cards
    )
    w.set_hero(seat, cards=cards)
