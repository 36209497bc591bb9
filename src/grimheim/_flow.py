"""The flow of a game: who must answer now, with which actions, what an answer does, and the
automatic steps in between (the monster turn, the end of a turn, the set-up).

Everything pending is a frame of :attr:`State.frames`; the innermost (last) one decides. With no
frame, the hero whose turn it is chooses an action. :func:`advance` runs every step that needs
nobody — and, in sampled chance mode, every roll and draw — until someone must answer.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

import attrs

from tabletop_rules import CHANCE, Seat

from ._actions import (
    AcceptGold,
    Action,
    Attack,
    CompleteQuest,
    DeclinePrevention,
    DeclineQuest,
    DeclineUpgrade,
    DieFace,
    Discard,
    DiscardToDraw,
    Drawn,
    EndTurn,
    Focus,
    GiveGold,
    Mend,
    MoveTo,
    PassWindow,
    PlaceGoblin,
    Practice,
    Prepare,
    RefuseGold,
    RequestGold,
    ResolveAttack,
    Roll,
    SkipDraw,
    SkipMove,
    SkipSwap,
    SwapTop,
    TakeBonus,
    Target,
    TargetHero,
    Upgrade,
    Use,
)
from ._cards import ActionKind
from ._dice import roll_dice, roll_outcomes
from ._events import (
    DiceRolled,
    EventDrawn,
    GameEnded,
    GoldGained,
    HeroDamaged,
    MonsterCardDrawn,
    MonsterDieRolled,
    TimeAdvanced,
    Upgraded,
)
from ._heroes import (
    attack_targets,
    gain_ability,
    go,
    main_actions,
    mana_cards,
    mend,
    mend_options,
    open_window,
    reveal_next,
    shove,
    start_attack,
    take_bonus,
    timings_of,
    upgrade_cost,
)
from ._monsters import (
    ambush_areas,
    attack_dice,
    attackers,
    clear_pins,
    damage_monster,
    hits_on_hero,
    knock_out,
    maneuver,
    move_monsters,
    place_card,
    place_goblin,
    push_heroes,
    targets_of,
)
from ._query import hand_size, hero_armor, ignores_armor, side_of
from ._quests import free_way, offer_payable, on_roll, take_offer
from ._state import (
    UNASKED,
    Ambush,
    Drawing,
    EndOfTurn,
    Frame,
    GoldOffer,
    Granted,
    HeroAttack,
    MonsterAttack,
    MonsterTurn,
    Moving,
    QuestOffer,
    Ramming,
    Reinforcing,
    Resolving,
    Revealing,
    Turn,
    Window,
)
from ._uses import (
    auto_uses,
    available_uses,
    begin_quest,
    begin_use,
    effect_choices,
    might_use,
    resolution_steps,
    resolve,
    take_choice,
    use_key,
)
from ._vocab import Condition
from ._vocab.movement import move_points, reachable, shove_areas
from ._vocab.rolls import new_rune_dice, roll_damage
from ._work import Work

__all__ = [
    "act",
    "advance",
    "attack_timings",
    "chance_outcomes",
    "current",
    "granted_options",
    "legal",
    "track",
]

DECKS: tuple[Literal["abilities", "equipment"], ...] = ("abilities", "equipment")


def track(w: Work) -> tuple[object, ...]:
    """The spots of the game's time track."""
    return w.config.pack.time.short if w.config.track == "short" else w.config.pack.time.long


# -- who answers, and with what --------------------------------------------------------------------


def current(w: Work) -> Seat | None:
    """The seat that must answer now: a hero, the first player for the players' choices (G5),
    :data:`~tabletop_rules.CHANCE`, or ``None`` when the game is over."""
    if w.won is not None:
        return None
    frame = w.top
    if frame is None:
        return None if w.turn is None else w.turn.hero
    seat = _seat(w, frame)
    if seat is None:  # pragma: no cover - advance() leaves no automatic frame on top
        raise AssertionError(f"an automatic frame waits: {frame!r}")
    return seat


def _seat(w: Work, frame: Frame) -> Seat | None:
    """Who answers ``frame`` (``None``: nobody, it runs by itself)."""
    explicit = w.config.explicit
    match frame:
        case HeroAttack(hero, dice=dice):
            if dice:
                return CHANCE
            if _knocked_out(w, frame):
                return None
            if _attack_autos(w, frame) or (frame.phase == "roll" and new_rune_dice(w, frame)):
                return None
            if frame.target not in w.monsters and not frame.mine and frame.phase == "roll":
                return None
            timings = attack_timings(frame)
            return hero if any(might_use(w, hero, t, frame.used) for t in timings) else None
        case Resolving(hero):
            return hero if effect_choices(w, frame) else None
        case Moving(hero, areas):
            return hero if reachable(w, hero, areas, _into(w, frame)) else None
        case Granted(hero):
            return hero if len(granted_options(w, frame)) > 1 else None
        case Window(when, seats, used):
            if auto_uses(w, seats[0], when, used):
                return None
            return seats[0] if might_use(w, seats[0], when, used) else None
        case EndOfTurn(hero, step):
            return hero if _end_options(w, frame) else None
        case Drawing(hero, count):
            if _draw_blocked(w, hero, count) or not w.heroes[hero].events:
                return None
            return CHANCE if explicit else None
        case Revealing():
            return CHANCE
        case MonsterTurn(step):
            if step == "die":
                return CHANCE
            if step == "attacking":
                live = _live_attackers(w, frame)
                return 0 if w.config.players_decide and len(live) > 1 else None
            return None
        case MonsterAttack(attacker, target, dice, damage=damage, used=used):
            if attacker not in w.monsters and damage < 0:
                return None
            if target < 0:
                if _special_attack(w, attacker):
                    return None
                found = targets_of(w, attacker)
                return 0 if w.config.players_decide and len(found) > 1 else None
            if damage < 0:
                return CHANCE
            if frame.damage <= 0 or frame.unpreventable:
                return None
            if auto_uses(w, target, "hit", used):
                return None
            return target if might_use(w, target, "hit", used) else None
        case Ambush(seats):
            return seats[0] if len(ambush_areas(w, seats[0])) > 1 else None
        case Reinforcing(deck, cards):
            return CHANCE if explicit and cards and _hidden(w, deck) else None
        case GoldOffer(asked=asked):
            return asked
        case QuestOffer(hero):
            return hero if offer_payable(w, frame) else None
        case Ramming(hero, at):
            return hero if len(shove_areas(w, hero, at)) > 1 else None
    return None


def legal(w: Work, seat: Seat | None = UNASKED) -> list[Action]:
    """The answers to the current decision, in their documented order (``seat``: who must answer,
    when known)."""
    if seat == UNASKED:
        seat = current(w)
    if seat is None:
        return []
    frame = w.top
    if frame is None:
        return main_actions(w, seat)
    if seat == CHANCE:
        return [action for action, _ in chance_outcomes(w)]
    match frame:
        case HeroAttack(hero):
            timings = attack_timings(frame)
            found = [u for t in timings for u in available_uses(w, hero, t, frame.used)]
            return [*found, ResolveAttack()]
        case Resolving():
            return effect_choices(w, frame)
        case Moving(hero, areas):
            ends = reachable(w, hero, areas, _into(w, frame))
            return [*(MoveTo(w.geo.hexes[a]) for a in ends), SkipMove()]
        case Granted():
            return granted_options(w, frame)
        case Window(when, seats, used):
            return [*available_uses(w, seats[0], when, used), PassWindow()]
        case EndOfTurn():
            return _end_options(w, frame)
        case MonsterTurn():
            return [Target(w.geo.hexes[a]) for a in _live_attackers(w, frame)]
        case MonsterAttack(attacker, target):
            if target < 0:
                return [TargetHero(s) for s in targets_of(w, attacker)]
            return [*_preventions(w, frame), DeclinePrevention()]
        case Ambush(seats):
            return [PlaceGoblin(w.geo.hexes[a]) for a in ambush_areas(w, seats[0])]
        case GoldOffer():
            return [AcceptGold(), RefuseGold()]
        case QuestOffer():
            return [CompleteQuest(), DeclineQuest()]
        case Ramming(hero, at):
            return [Target(w.geo.hexes[a]) for a in shove_areas(w, hero, at)]
    return []  # pragma: no cover - every frame with a seat is listed above


def chance_outcomes(w: Work) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance decision, each outcome with its exact probability; ``()`` elsewhere."""
    if current(w) != CHANCE:
        return ()
    frame = w.top
    match frame:
        case HeroAttack(dice=dice) | MonsterAttack(dice=dice):
            return roll_outcomes(w.config.pack.dice, dice)
        case MonsterTurn():
            faces = w.config.pack.dice.monster
            return tuple(
                (DieFace(f), Fraction(faces.count(f), len(faces))) for f in sorted(set(faces))
            )
        case Drawing(hero):
            return _card_odds(w.heroes[hero].events)
        case Revealing(hero, deck):
            cards = w.heroes[hero].abilities if deck == "abilities" else w.heroes[hero].equipment
            known = getattr(w.heroes[hero], f"known_{deck}")
            return _card_odds(cards[: len(cards) - known])
        case Reinforcing(deck):
            return _card_odds(_hidden(w, deck))
    return ()  # pragma: no cover


def _card_odds(cards: tuple[str, ...] | list[str]) -> tuple[tuple[Action, Fraction], ...]:
    total = len(cards)
    return tuple((Drawn(c), Fraction(cards.count(c), total)) for c in sorted(set(cards)))


# -- applying an answer ----------------------------------------------------------------------------


def act(w: Work, action: Action) -> None:
    """Apply a legal ``action`` (the caller checked it), then run what follows by itself."""
    frame = w.top
    if frame is None:
        _main(w, action)
    else:
        _answer(w, frame, action)
    advance(w)


def _main(w: Work, action: Action) -> None:
    turn = w.turn
    assert turn is not None
    seat = turn.hero
    geo = w.geo

    def mark(kind: ActionKind) -> None:
        w.turn = attrs.evolve(turn, actions=(*turn.actions, kind))

    match action:
        case MoveTo(to):
            points = move_points(w, seat)
            mark("move")
            go(w, seat, geo.area(to), points, True)
        case Attack(target):
            mark("attack")
            start_attack(w, seat, geo.area(target))
        case Prepare():
            mark("prepare")
            w.frames.append(Drawing(seat, 1))
        case Focus(card):
            mark("focus")
            w.add_mana(seat, card, 1)
        case Mend(card):
            mark("mend")
            mend(w, seat, card)
        case Practice():
            mark("practice")
            _gain_gold(w, seat, 1)
        case CompleteQuest():
            way = free_way(w, seat)
            assert way is not None  # legality was checked
            begin_quest(w, seat, way)
        case Use():
            begin_use(w, seat, action)
        case Discard(card):
            _discard(w, seat, card)
        case GiveGold(to, amount):
            w.frames.append(GoldOffer(seat, to, amount, to))
        case RequestGold(other, amount):
            w.frames.append(GoldOffer(other, seat, amount, other))
        case TakeBonus(card):
            take_bonus(w, seat, card)
        case EndTurn():
            w.turn = Turn(seat)
            w.frames.append(EndOfTurn(seat, "upgrade"))


def _gain_gold(w: Work, seat: Seat, amount: int) -> None:
    w.events.append(GoldGained(seat, w.gain_gold(seat, amount)))


def _discard(w: Work, seat: Seat, card: str) -> None:
    hero = w.heroes[seat]
    hand = list(hero.hand)
    hand.remove(card)
    w.set_hero(seat, hand=tuple(hand), discard=tuple(sorted((*hero.discard, card))))


def _answer(w: Work, frame: Frame, action: Action) -> None:
    me = len(w.frames) - 1
    match frame:
        case HeroAttack():
            if isinstance(action, Roll):
                h, c, r, m = frame.rolled
                rolled = (h + action.hits, c + action.covers, r + action.runes, m + action.misses)
                w.frames[me] = attrs.evolve(
                    frame, dice=0, rolled=rolled, last=_faces(action), used=()
                )
                w.events.append(DiceRolled(frame.hero, _faces(action)))
                on_roll(w, frame.hero, frame.dice)
            elif isinstance(action, Use):
                _attack_use(w, me, frame, action)
            else:
                _next_attack_phase(w, me)
        case Resolving():
            take_choice(w, frame, action)
        case Moving(hero, areas, is_action):
            del w.frames[me]
            if isinstance(action, MoveTo):
                go(w, hero, w.geo.area(action.to), areas, is_action)
        case Granted():
            del w.frames[me]
            _perform(w, frame, action)
        case Window(_, seats, used):
            if isinstance(action, Use):
                w.frames[me] = attrs.evolve(frame, used=(*used, action.card))
                begin_use(w, seats[0], action)
            else:
                _next_in_window(w, me)
        case EndOfTurn():
            _end_step(w, me, action)
        case Drawing(hero):
            assert isinstance(action, Drawn)
            _draw(w, me, hero, action.card)
        case Revealing(hero, deck):
            assert isinstance(action, Drawn)
            _reveal(w, me, hero, deck, action.card)
        case MonsterTurn():
            if isinstance(action, DieFace):
                _die_face(w, me, action.face)
            else:
                assert isinstance(action, Target)
                area = w.geo.area(action.at)
                w.frames[me] = attrs.evolve(frame, order=tuple(a for a in frame.order if a != area))
                w.frames.append(_attack_of(w, area))
        case MonsterAttack():
            if isinstance(action, TargetHero):
                _aim(w, me, action.seat)
            elif isinstance(action, Roll):
                _monster_roll(w, me, action)
            elif isinstance(action, Use):
                w.frames[me] = attrs.evolve(frame, used=(*frame.used, action.card))
                begin_use(w, frame.target, action)
            else:
                _land_monster_attack(w, me)
        case Ambush(seats):
            assert isinstance(action, PlaceGoblin)
            place_goblin(w, w.geo.area(action.at))
            _next_ambush(w, me)
        case Reinforcing(deck):
            assert isinstance(action, Drawn)
            _reinforce(w, me, action.card)
        case GoldOffer(giver, receiver, amount):
            del w.frames[me]
            if isinstance(action, AcceptGold):
                _gain_gold(w, giver, -amount)
                _gain_gold(w, receiver, amount)
        case QuestOffer():
            del w.frames[me]
            if isinstance(action, CompleteQuest):
                take_offer(w, frame)
        case Ramming():
            assert isinstance(action, Target)
            del w.frames[me]
            shove(w, frame, w.geo.area(action.at))


def _faces(roll: Roll) -> tuple[int, int, int, int]:
    return roll.hits, roll.covers, roll.runes, roll.misses


# -- running by itself -----------------------------------------------------------------------------


def advance(w: Work) -> None:
    """Run every step that needs nobody (and every roll and draw in sampled chance mode) until a
    hero, the players or chance must answer, or the game ends."""
    for _ in range(100_000):
        if w.won is not None:
            w.asking = None
            return
        frame = w.top
        if frame is None:
            if w.turn is None:  # pragma: no cover - a monster turn is always a frame
                raise AssertionError("no turn and no frame")
            w.asking = w.turn.hero
            return
        seat = _seat(w, frame)
        if seat == CHANCE:
            if w.config.explicit:
                w.asking = CHANCE
                return
            _sample(w, frame)
            continue
        if seat is not None:
            w.asking = seat
            return
        _auto(w, frame)
    raise AssertionError("the rules ran 100,000 steps without a decision")  # pragma: no cover


def _sample(w: Work, frame: Frame) -> None:
    """Draw a chance frame's outcome from the state's generator and apply it (sampled mode)."""
    me = len(w.frames) - 1
    match frame:
        case HeroAttack(dice=dice):
            roll, w.rng = roll_dice(w.config.pack.dice, dice, w.rng)
            _answer(w, frame, roll)
        case MonsterAttack(dice=dice):
            roll, w.rng = roll_dice(w.config.pack.dice, dice, w.rng)
            _monster_roll(w, me, roll)
        case MonsterTurn():
            face, w.rng = w.rng.choice(w.config.pack.dice.monster)
            _die_face(w, me, face)
        case _:  # pragma: no cover - the other chance frames are explicit only
            raise AssertionError(f"no sampling for {frame!r}")


def _auto(w: Work, frame: Frame) -> None:
    """Run one automatic frame one step."""
    me = len(w.frames) - 1
    match frame:
        case HeroAttack():
            if frame.dice:  # pragma: no cover - a roll is chance
                raise AssertionError("roll without chance")
            more = new_rune_dice(w, frame) if frame.phase == "roll" else 0
            autos = _attack_autos(w, frame)
            if _knocked_out(w, frame):
                _next_attack_phase(w, me)
            elif more:
                rolled = frame.rolled[2]
                w.frames[me] = attrs.evolve(frame, dice=more, runes_seen=rolled)
            elif autos:
                _attack_use(w, me, frame, autos[0])
            else:
                _next_attack_phase(w, me)
        case Resolving():
            resolve(w, frame)
        case Moving():
            del w.frames[me]
        case Granted():
            del w.frames[me]
            options = granted_options(w, frame)
            if options:
                _perform(w, frame, options[0])
        case Window(when, seats, used):
            autos = auto_uses(w, seats[0], when, used)
            if autos:
                w.frames[me] = attrs.evolve(frame, used=(*used, autos[0].card))
                begin_use(w, seats[0], autos[0])
            else:
                _next_in_window(w, me)
        case EndOfTurn():
            _end_step(w, me, None)
        case Drawing(hero, count):
            _auto_draw(w, me, hero, count)
        case MonsterTurn():
            _monster_step(w, me, frame)
        case MonsterAttack():
            _monster_attack_step(w, me, frame)
        case Ambush(seats):
            areas = ambush_areas(w, seats[0])
            if areas:
                place_goblin(w, areas[0])
            _next_ambush(w, me)
        case Reinforcing(deck, cards):
            if not cards or not _deck(w, deck):
                del w.frames[me]
            else:
                hidden = _hidden(w, deck)
                _reinforce(w, me, hidden[0] if hidden else _deck(w, deck)[0])
        case QuestOffer():
            del w.frames[me]
        case Ramming(hero, at):
            del w.frames[me]
            ends = shove_areas(w, hero, at)
            shove(w, frame, ends[0] if ends else None)
        case Revealing():  # pragma: no cover - always chance
            raise AssertionError("reveal without chance")


# -- hero attacks ----------------------------------------------------------------------------------


def attack_timings(frame: HeroAttack) -> tuple[str, ...]:
    """The timings whose uses a hero's roll offers in its phase: after the roll, ``roll`` (and
    ``attack-roll`` for an attack action, G19); then ``excess``; then ``after-attack``."""
    if frame.phase == "roll":
        return ("roll", "attack-roll") if frame.action else ("roll",)
    return (frame.phase if frame.phase == "excess" else "after-attack",)


def _knocked_out(w: Work, frame: HeroAttack) -> bool:
    """The hero of this roll stands in Grimheim: a cost paid on it (Berserk) knocked them out —
    the cards of the heroes roll only from outside it (G11). The roll is dealt as it stands, and
    nothing more comes of it: no card on it, no damage to spare, no card after it (G39)."""
    return bool(w.heroes[frame.hero].at == w.geo.town)


def _attack_autos(w: Work, frame: HeroAttack) -> list[Use]:
    """The auto uses that apply now to the hero's roll (each once per phase)."""
    if frame.dice:
        return []
    return [u for t in attack_timings(frame) for u in auto_uses(w, frame.hero, t, frame.used)]


def _attack_use(w: Work, me: int, frame: HeroAttack, action: Use) -> None:
    played = (*frame.played, use_key(action.card, action.use))
    w.frames[me] = attrs.evolve(frame, played=played, used=(*frame.used, action.card))
    begin_use(w, frame.hero, action)


def _next_attack_phase(w: Work, me: int) -> None:
    """End the current phase of a hero's roll: resolve the roll, end the excess, or end the
    attack."""
    frame = w.frames[me]
    assert isinstance(frame, HeroAttack)
    if frame.phase == "roll":
        _resolve_roll(w, me, frame)
    elif frame.phase == "excess":
        w.frames[me] = attrs.evolve(frame, phase="after", excess=0, killed=-1, used=())
    else:
        del w.frames[me]


def _resolve_roll(w: Work, me: int, frame: HeroAttack) -> None:
    """Deal a roll's damage: the part diverted first, then the target; a mountain attacked gives
    its damage as gold. An attack action that kills with damage to spare goes on to the
    ``excess`` phase, then to ``after``; a card's roll ends here."""
    seat = frame.hero
    damage = roll_damage(w, frame)
    ignore = ignores_armor(w.config, w.heroes[seat])
    excess = -1
    if frame.mine:
        if frame.target not in w.monsters and damage > 0:
            _gain_gold(w, seat, damage)
    elif frame.target in w.monsters:
        area, diverted = frame.split
        if area >= 0 and diverted > 0:
            part = min(diverted, damage)
            damage -= part
            damage_monster(w, area, part, seat, ignore_armor=ignore)
        excess = damage_monster(w, frame.target, damage, seat, ignore_armor=ignore)
    if w.won is not None:
        return
    me = w.frames.index(frame)
    if not frame.action or _knocked_out(w, frame):
        del w.frames[me]
    elif excess > 0:
        w.frames[me] = attrs.evolve(
            frame, phase="excess", excess=excess, killed=frame.target, used=()
        )
    else:
        w.frames[me] = attrs.evolve(frame, phase="after", used=())


def granted_options(w: Work, frame: Granted) -> list[Action]:
    """The ways to perform a granted action (G13)."""
    seat = frame.hero
    hero = w.heroes[seat]
    match frame.action:
        case "attack":
            return [Attack(w.geo.hexes[a]) for a in attack_targets(w, seat)]
        case "move":
            return [MoveTo(w.geo.hexes[a]) for a in reachable(w, seat, move_points(w, seat))]
        case "prepare":
            room = len(hero.hand) < hand_size(w.config, hero) and (hero.events or hero.discard)
            return [Prepare()] if room else []
        case "focus":
            return [Focus(card) for card in mana_cards(w, seat)]
        case "mend":
            return mend_options(w, seat)
    return [Practice()]


def _perform(w: Work, frame: Granted, action: Action) -> None:
    """A granted action, performed without an action marker (G13)."""
    seat = frame.hero
    match action:
        case Attack(target):
            start_attack(w, seat, w.geo.area(target), frame.by)
        case MoveTo(to):
            go(w, seat, w.geo.area(to), move_points(w, seat), True)
        case Prepare():
            w.frames.append(Drawing(seat, 1))
        case Focus(card):
            w.add_mana(seat, card, 1)
        case Mend(card):
            mend(w, seat, card)
        case Practice():
            _gain_gold(w, seat, 1)


def _into(w: Work, frame: Moving) -> tuple[Condition, ...]:
    """Where a card's movement may end (its ``move`` word's ``into``)."""
    if not frame.card:
        return ()
    step = resolution_steps(w, Resolving(frame.hero, frame.card, frame.use))[frame.step]
    into: tuple[Condition, ...] = getattr(step, "into", ())
    return into


def _next_in_window(w: Work, me: int) -> None:
    frame = w.frames[me]
    assert isinstance(frame, Window)
    if len(frame.seats) > 1:
        w.frames[me] = attrs.evolve(frame, seats=frame.seats[1:], used=())
    else:
        del w.frames[me]


# -- end of turn -----------------------------------------------------------------------------------


def _end_options(w: Work, frame: EndOfTurn) -> list[Action]:
    hero = w.heroes[frame.hero]
    if frame.step == "upgrade":
        if hero.gold < upgrade_cost(w, frame.hero):
            return []
        found: list[Action] = [Upgrade()] if hero.abilities else []
        for card in hero.cards:
            kind = w.config.cards[card.id].kind
            if kind in ("hero", "ability") and card.side == 1:
                found.append(Upgrade(card.id))
        return [*found, DeclineUpgrade()] if found else []
    if frame.step == "draw":
        if len(hero.hand) < hand_size(w.config, hero) or not (hero.events or hero.discard):
            return []
        return [*(DiscardToDraw(c) for c in sorted(set(hero.hand))), SkipDraw()]
    swaps: list[Action] = [SwapTop(deck) for deck in DECKS if len(getattr(hero, deck)) > 1]
    return [*swaps, SkipSwap()] if swaps else []


def _end_step(w: Work, me: int, action: Action | None) -> None:
    frame = w.frames[me]
    assert isinstance(frame, EndOfTurn)
    seat = frame.hero
    if frame.step == "upgrade":
        if isinstance(action, Upgrade):
            cost = upgrade_cost(w, seat)
            hero = w.heroes[seat]
            w.set_hero(seat, gold=hero.gold - cost, upgrades=hero.upgrades + 1)
            w.events.append(GoldGained(seat, -cost))
            w.frames[me] = EndOfTurn(seat, "draw")
            if action.card is None:
                card = gain_ability(w, seat)
            else:
                card = action.card
                flipped = tuple(
                    attrs.evolve(c, side=2) if c.id == card else c for c in w.heroes[seat].cards
                )
                w.set_hero(seat, cards=flipped)
            w.events.append(Upgraded(seat, card, cost))
        w.frames[me] = EndOfTurn(seat, "draw")
        _make_mana(w, seat)
        return
    if frame.step == "draw":
        w.frames[me] = EndOfTurn(seat, "swap")
        open_window(w, seat, "end-of-turn")  # after the draw
        hero = w.heroes[seat]
        if isinstance(action, DiscardToDraw):
            _discard(w, seat, action.card)
            w.frames.append(Drawing(seat, 1))
        elif action is None and len(hero.hand) < hand_size(w.config, hero):
            w.frames.append(Drawing(seat, 1))
        return
    if isinstance(action, SwapTop):
        hero = w.heroes[seat]
        cards = getattr(hero, action.deck)
        known = getattr(hero, f"known_{action.deck}")
        progress = {"quest": 0} if action.deck == "equipment" else {}
        w.set_hero(
            seat,
            **{
                action.deck: (*cards[1:], cards[0]),
                f"known_{action.deck}": min(len(cards), known + 1),
            },
            **progress,
        )
        del w.frames[me]
        _next_turn(w, seat)
        reveal_next(w, seat, action.deck)
        return
    del w.frames[me]
    _next_turn(w, seat)


def _make_mana(w: Work, seat: Seat) -> None:
    """End of turn, step 3: every card that makes mana adds it to itself."""
    hero = w.heroes[seat]
    for card in hero.cards:
        made = side_of(w.config, card).mana_gen
        if made:
            w.add_mana(seat, card.id, made)


def _next_turn(w: Work, seat: Seat) -> None:
    """The next hero's turn, or the monster turn after the last hero."""
    if seat + 1 < len(w.heroes):
        w.turn = Turn(seat + 1)
        return
    w.turn = None
    spots = track(w)
    w.time = min(w.time + 1, len(spots) - 1)
    spot = spots[w.time]
    w.events.append(TimeAdvanced(w.time + 1, spot.kind))  # type: ignore[attr-defined]
    charge = "all" if spot.kind == "skull" else "none"  # type: ignore[attr-defined]
    step = "die" if w.config.monster_die else "pins"
    w.frames.append(MonsterTurn(step, (), charge))  # type: ignore[arg-type]


# -- drawing ---------------------------------------------------------------------------------------


def _draw_blocked(w: Work, seat: Seat, count: int) -> bool:
    hero = w.heroes[seat]
    full = len(hero.hand) >= hand_size(w.config, hero)
    return count <= 0 or full or not (hero.events or hero.discard)


def _auto_draw(w: Work, me: int, seat: Seat, count: int) -> None:
    hero = w.heroes[seat]
    if _draw_blocked(w, seat, count):
        del w.frames[me]
        return
    if not hero.events:
        # the discard pile becomes the deck (shuffled; unordered in explicit chance)
        if w.config.explicit:
            pile = hero.discard
        else:
            pile, w.rng = w.rng.shuffle(hero.discard)
        w.set_hero(seat, events=tuple(pile), discard=())
        return
    _draw(w, me, seat, hero.events[0])


def _draw(w: Work, me: int, seat: Seat, card: str) -> None:
    frame = w.frames[me]
    assert isinstance(frame, Drawing)
    hero = w.heroes[seat]
    events = list(hero.events)
    events.remove(card)
    w.set_hero(seat, events=tuple(events), hand=tuple(sorted((*hero.hand, card))))
    w.events.append(EventDrawn(card, seen_by=(seat,)))
    if frame.count > 1:
        w.frames[me] = Drawing(seat, frame.count - 1)
    else:
        del w.frames[me]


def _reveal(w: Work, me: int, seat: Seat, deck: str, card: str) -> None:
    hero = w.heroes[seat]
    cards = list(getattr(hero, deck))
    known = getattr(hero, f"known_{deck}")
    hidden = cards[: len(cards) - known]
    hidden.remove(card)
    w.set_hero(seat, **{deck: (card, *sorted(hidden), *cards[len(cards) - known :])})
    del w.frames[me]


# -- the monster turn ------------------------------------------------------------------------------


def _live_attackers(w: Work, frame: MonsterTurn) -> tuple[int, ...]:
    from ._monsters import _special

    return tuple(a for a in frame.order if a in w.monsters and (targets_of(w, a) or _special(w, a)))


def _special_attack(w: Work, area: int) -> bool:
    from ._monsters import _special

    return _special(w, area)


def _monster_step(w: Work, me: int, frame: MonsterTurn) -> None:
    if frame.step == "pins":
        w.frames[me] = attrs.evolve(frame, step="move")
        seats = tuple(s for s in range(len(w.heroes)) if "before-monster-move" in timings_of(w, s))
        if seats:
            w.frames.append(Window("before-monster-move", seats))
    elif frame.step == "move":
        move_monsters(w, frame.charge)
        if w.won is not None:
            return
        w.frames[me] = attrs.evolve(frame, step="attack")
        seats = tuple(s for s in range(len(w.heroes)) if "after-monster-move" in timings_of(w, s))
        if seats:
            w.frames.append(Window("after-monster-move", seats))
    elif frame.step == "attack":
        w.frames[me] = attrs.evolve(frame, step="attacking", order=attackers(w))
    elif frame.step == "attacking":
        live = _live_attackers(w, frame)
        if not live:
            w.frames[me] = attrs.evolve(frame, step="reinforce", order=())
            return
        w.frames[me] = attrs.evolve(frame, order=live[1:])
        w.frames.append(_attack_of(w, live[0]))
    elif frame.step == "reinforce":
        w.frames[me] = attrs.evolve(frame, step="end")
        spot = track(w)[w.time]
        if spot.kind == "axes":  # type: ignore[attr-defined]
            w.frames.append(Reinforcing(spot.colour, len(w.heroes)))  # type: ignore[attr-defined]
    elif frame.step == "end":
        del w.frames[me]
        clear_pins(w)
        if w.time == len(track(w)) - 1:
            w.won = True
            w.events.append(GameEnded(True, w.town))
        else:
            w.turn = Turn(0)


def _die_face(w: Work, me: int, face: str) -> None:
    frame = w.frames[me]
    assert isinstance(frame, MonsterTurn)
    w.events.append(MonsterDieRolled(face))
    charge = frame.charge
    bonus = 0
    if face == "charge":
        charge = "all" if charge == "all" else "rank1"
    elif face == "attack":
        bonus = 1
    w.frames[me] = attrs.evolve(frame, step="pins", charge=charge, bonus=bonus, face=face)
    if face in ("maneuver_cw", "maneuver_ccw"):
        maneuver(w, face == "maneuver_cw")
    elif face == "push":
        push_heroes(w)
    elif face == "ambush":
        seats = tuple(s for s, h in enumerate(w.heroes) if h.at != w.geo.town)
        if seats and w.won is None:
            w.frames.append(Ambush(seats))


def _next_ambush(w: Work, me: int) -> None:
    frame = w.frames[me]
    assert isinstance(frame, Ambush)
    if len(frame.seats) > 1:
        w.frames[me] = Ambush(frame.seats[1:])
    else:
        del w.frames[me]


def _attack_of(w: Work, area: int) -> MonsterAttack:
    monster = w.monsters[area]
    again = 1 if monster.kind == "grendel" and monster.side == 2 else 0
    return MonsterAttack(area, again=again)


def _turn_bonus(w: Work) -> int:
    for frame in reversed(w.frames):
        if isinstance(frame, MonsterTurn):
            return frame.bonus
    return 0


def _monster_attack_step(w: Work, me: int, frame: MonsterAttack) -> None:
    if frame.attacker not in w.monsters and frame.damage < 0:
        del w.frames[me]  # it died before it rolled
        return
    if frame.target < 0:
        if _special_attack(w, frame.attacker):
            del w.frames[me]
            _seer_attack(w)
            return
        found = targets_of(w, frame.attacker)
        if not found:
            del w.frames[me]
            return
        _aim(w, me, found[0])
        return
    if frame.damage < 0:  # pragma: no cover - a roll is chance
        raise AssertionError("monster roll without chance")
    if frame.damage > 0 and not frame.unpreventable:
        autos = auto_uses(w, frame.target, "hit", frame.used)
        if autos:
            w.frames[me] = attrs.evolve(frame, used=(*frame.used, autos[0].card))
            begin_use(w, frame.target, autos[0])
            return
    _land_monster_attack(w, me)


def _aim(w: Work, me: int, seat: Seat) -> None:
    frame = w.frames[me]
    assert isinstance(frame, MonsterAttack)
    dice = attack_dice(w, frame.attacker, _turn_bonus(w))
    w.frames[me] = attrs.evolve(frame, target=seat, dice=dice)
    if dice <= 0:
        w.frames[me] = attrs.evolve(frame, target=seat, dice=0, hits=0, damage=0)


def _monster_roll(w: Work, me: int, roll: Roll) -> None:
    frame = w.frames[me]
    assert isinstance(frame, MonsterAttack)
    w.events.append(DiceRolled(-1, _faces(roll)))
    hits = hits_on_hero(w, frame.attacker, frame.target, roll)
    armor = hero_armor(w.config, w.heroes[frame.target])
    w.frames[me] = attrs.evolve(frame, dice=0, hits=hits, damage=max(0, hits - armor))


def _preventions(w: Work, frame: MonsterAttack) -> list[Action]:
    if frame.damage <= 0 or frame.unpreventable:
        return []
    return available_uses(w, frame.target, "hit", frame.used)


def _land_monster_attack(w: Work, me: int) -> None:
    frame = w.frames[me]
    assert isinstance(frame, MonsterAttack)
    seat = frame.target
    hero = w.heroes[seat]
    damage = max(0, frame.damage)
    w.events.append(HeroDamaged(seat, damage, frame.hits - damage))
    w.set_hero(seat, damage=hero.damage + damage)
    if frame.again and frame.attacker in w.monsters:
        w.frames[me] = MonsterAttack(frame.attacker, again=frame.again - 1)
    else:
        del w.frames[me]
    if hero.damage + damage >= w.hero_health(seat):
        knock_out(w, seat)
    elif w.won is None:
        open_window(w, seat, "attacked", attacker=frame.attacker)


def _seer_attack(w: Work) -> None:
    """Seer of Odin II: 1 damage that nothing prevents to every hero outside Grimheim."""
    for seat, hero in enumerate(w.heroes):
        if w.won is not None:
            return
        if hero.at == w.geo.town:
            continue
        w.set_hero(seat, damage=hero.damage + 1)
        w.events.append(HeroDamaged(seat, 1, 0))
        if hero.damage + 1 >= w.hero_health(seat):
            knock_out(w, seat)


# -- reinforcements --------------------------------------------------------------------------------


def _deck(w: Work, deck: str) -> list[str]:
    return w.yellow if deck == "yellow" else w.red


def _hidden(w: Work, deck: str) -> list[str]:
    cards = _deck(w, deck)
    known = w.yellow_known if deck == "yellow" else w.red_known
    return cards[: len(cards) - known]


def _set_known(w: Work, deck: str, known: int) -> None:
    if deck == "yellow":
        w.yellow_known = known
    else:
        w.red_known = known


def _reinforce(w: Work, me: int, card: str) -> None:
    """Draw ``card``: place its monsters, or put it at the bottom and draw on (G15)."""
    frame = w.frames[me]
    assert isinstance(frame, Reinforcing)
    cards = _deck(w, frame.deck)
    known = w.yellow_known if frame.deck == "yellow" else w.red_known
    size = len(cards)
    index = cards.index(card)
    if index >= size - known:
        known -= 1  # a known card (from the bottom part) is drawn
    cards.pop(index)
    placed = place_card(w, card)
    w.events.append(MonsterCardDrawn(card, placed))
    legend = next(c.legend for c in w.config.pack.monster_cards if c.id == card)
    if placed and legend is not None:
        w.held.append(card)
    else:
        cards.append(card)
        known += 1
    _set_known(w, frame.deck, min(known, len(cards)))
    if w.won is not None:
        return
    tries = 0 if placed else frame.tries + 1
    left = frame.cards - 1 if placed or tries >= size else frame.cards
    if left <= 0:
        del w.frames[me]
    else:
        w.frames[me] = Reinforcing(frame.deck, left, 0 if left != frame.cards else tries)
