"""The hero's turn while nothing is pending: the actions they may take (an action per free
marker, two different ones a turn; free actions; ending the turn), what each does, and why one is
refused (G13, G20-G22)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from ._actions import (
    Action,
    Attack,
    CompleteQuest,
    Discard,
    EndTurn,
    Focus,
    GiveGold,
    Mend,
    MoveTo,
    Practice,
    Prepare,
    RequestGold,
    TakeBonus,
    Use,
)
from ._cards import ActionKind
from ._frames.attack import start_attack
from ._frames.draws import Drawing
from ._frames.moves import MOVE_RULE, go
from ._frames.offers import GoldOffer
from ._frames.resolving import begin_quest, begin_use
from ._frames.turn_end import EndOfTurn
from ._heroes import (
    attack_targets,
    bonus_here,
    discard,
    gain_gold,
    mana_cards,
    mend,
    mend_options,
    take_bonus,
)
from ._pieces import Turn
from ._query import hand_size, hero_strength
from ._quests import free_way
from ._uses import available_uses, use_refusal
from ._walks import move_points, reachable

if TYPE_CHECKING:
    from ._work import Work

_HERO_ACTIONS: dict[type, ActionKind] = {
    MoveTo: "move",
    Attack: "attack",
    Prepare: "prepare",
    Focus: "focus",
    Mend: "mend",
    Practice: "practice",
}

ATTACK_RULE = (
    "Attack: a monster within attack range, counted in steps that never pass through Grimheim, "
    "so a hero in Grimheim reaches none (G11)"
)
"""Why an attack action cannot target an area."""


def main_actions(w: Work, seat: Seat) -> list[Action]:
    """Everything hero ``seat`` may do between actions on their turn, in this order: move,
    attack, prepare, focus, mend, practice (while their markers last), complete the quest, card
    uses, discards, gold given, the bonus taken, and ending the turn."""
    turn = w.turn
    assert turn is not None
    hero = w.heroes[seat]
    geo = w.geo
    found: list[Action] = []
    if _free_marker(turn, "move"):
        found += [MoveTo(geo.hexes[a]) for a in reachable(w, seat, move_points(w, seat))]
    if _free_marker(turn, "attack") and hero_strength(w.config, hero) > 0:
        found += [Attack(geo.hexes[a]) for a in attack_targets(w, seat)]
    if (
        _free_marker(turn, "prepare")
        and len(hero.hand) < hand_size(w.config, hero)
        and (hero.events or hero.discard)
    ):
        found.append(Prepare())
    if _free_marker(turn, "focus"):
        found += [Focus(card) for card in mana_cards(w, seat)]
    if _free_marker(turn, "mend"):
        found += mend_options(w, seat)
    if _free_marker(turn, "practice"):
        found.append(Practice())
    if free_way(w, seat) is not None:
        found.append(CompleteQuest())
    found += available_uses(w, seat, "free")
    found += [Discard(card) for card in sorted(set(hero.hand))]
    for other in _neighbours(w, seat):
        found += [GiveGold(other, n) for n in range(1, hero.gold + 1)]
        found += [RequestGold(other, n) for n in range(1, w.heroes[other].gold + 1)]
    bonus = bonus_here(w, seat)
    if bonus is not None:
        if bonus[0] == "mana":
            found += [TakeBonus(card) for card in mana_cards(w, seat)]
        elif bonus[0] != "damage" or hero.damage or any(c.damage for c in hero.cards):
            found.append(TakeBonus())  # damage markers are offered only with damage to remove
    found.append(EndTurn())
    return found


def take_main_action(w: Work, action: Action) -> None:
    """Do ``action``, one of :func:`main_actions`, for the hero whose turn it is."""
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
            gain_gold(w, seat, 1)
        case CompleteQuest():
            way = free_way(w, seat)
            assert way is not None  # legality was checked
            begin_quest(w, seat, way)
        case Use():
            begin_use(w, seat, action)
        case Discard(card):
            discard(w, seat, card)
        case GiveGold(to, amount):
            w.frames.append(GoldOffer(seat, to, amount, to))
        case RequestGold(other, amount):
            w.frames.append(GoldOffer(other, seat, amount, other))
        case TakeBonus(card):
            take_bonus(w, seat, card)
        case EndTurn():
            w.turn = Turn(seat)
            w.frames.append(EndOfTurn(seat, "upgrade"))


def main_refusal(w: Work, seat: Seat, action: Action) -> str | None:
    """Why ``action``, which is not among :func:`main_actions`, breaks a rule of the turn (naming
    it); ``None`` when no rule of the turn says more than that it is not an answer."""
    turn = w.turn
    if turn is None:
        return None
    kind = _HERO_ACTIONS.get(type(action))
    if kind is not None:
        if kind in turn.actions:
            return f"two different actions a turn: {kind} is done already"
        if len(turn.actions) >= 2:
            return "two actions a turn: both markers are used"
    if kind == "move":
        return MOVE_RULE
    if kind == "attack":
        return ATTACK_RULE
    if isinstance(action, Use):
        return use_refusal(w, seat, action.card, ("free",))
    return None


def _free_marker(turn: Turn, kind: ActionKind) -> bool:
    return kind not in turn.actions and len(turn.actions) < 2


def _neighbours(w: Work, seat: Seat) -> list[Seat]:
    here = w.heroes[seat].at
    town = w.geo.town
    return [
        s
        for s, h in enumerate(w.heroes)
        if s != seat
        and ((here == town and h.at == town) or (here != town and h.at in w.geo.adjacent[here]))
    ]
