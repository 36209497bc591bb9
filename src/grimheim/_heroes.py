"""The heroes' side of the rules: movement, the six actions, quests, gold, bonus markers,
upgrades and the end-of-turn steps.

Functions over a :class:`~grimheim._work.Work`, called by :mod:`grimheim._flow`.
"""

from __future__ import annotations

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
    TakeBonus,
)
from ._cards import ActionKind
from ._effects import HAND_LIMIT, add_mana, available_uses, mana_cards, monster_candidates
from ._events import GoldGained, HeroHealed, HeroMoved, QuestCompleted
from ._state import CardState, Drawing, HeroAttack, Revealing, Turn, Window
from ._work import Work
from ._world import UPGRADE_COSTS, hero_strength, move_points

__all__ = [
    "bonus_here",
    "complete_quest",
    "main_actions",
    "mend",
    "move_hero",
    "quest_ready",
    "reachable",
    "reveal_next",
    "upgrade_cost",
]


def reachable(w: Work, seat: Seat, areas: int) -> tuple[int, ...]:
    """The areas hero ``seat`` may end a movement of up to ``areas`` steps in, in area order.

    Each step costs 1 and goes into a free area a hero may enter (no mountain but the Troll
    Caves', no lake but Naglfar's); nobody passes through an occupied area; entering Grimheim ends
    the movement; leaving it, the first step may go to any area next to it but a mountain.
    """
    geo = w.geo
    town = geo.town
    start = w.heroes[seat].at
    taken = w.taken()
    seen = {start}
    frontier = [start]
    for _ in range(areas):
        reached = []
        for here in frontier:
            if here == town and here != start:
                continue  # entering Grimheim ends the movement
            for there in geo.hero_steps[here]:
                if there not in seen and there not in taken:
                    seen.add(there)
                    reached.append(there)
        frontier = reached
    seen.discard(start)
    return tuple(sorted(seen))


def move_hero(w: Work, seat: Seat, area: int) -> None:
    """Put the hero in ``area``."""
    w.set_hero(seat, at=area)
    w.events.append(HeroMoved(seat, w.geo.hexes[area]))


def _free_marker(turn: Turn, kind: ActionKind) -> bool:
    return kind not in turn.actions and len(turn.actions) < 2


def upgrade_cost(w: Work, seat: Seat) -> int:
    """The gold the hero's next upgrade costs: 5, 6, 8, then 10 for every later one (one step
    further along with the hard upgrades of G6)."""
    step = w.heroes[seat].upgrades + (1 if w.config.hard_upgrades else 0)
    return UPGRADE_COSTS[min(step, len(UPGRADE_COSTS) - 1)]


def bonus_here(w: Work, seat: Seat) -> tuple[str, int, int] | None:
    """The bonus markers in the hero's area, if any."""
    at = w.heroes[seat].at
    return next((b for b in w.bonus if b[1] == at), None)


def quest_ready(w: Work, seat: Seat) -> bool:
    """Whether the quest on top of the hero's equipment deck can be completed now."""
    hero = w.heroes[seat]
    if not hero.equipment or w.turn is None:
        return False
    quest = w.config.cards[hero.equipment[0]].quest
    if quest is None:
        return False
    at = hero.at
    geo = w.geo
    if quest.location is not None and geo.location[at] != quest.location:
        return False
    for condition in quest.only_if:
        if condition == "in-grimheim" and at != geo.town:
            return False
        if condition == "outside-grimheim" and at == geo.town:
            return False
        if condition == "in-forest" and geo.terrain[at] != "forest":
            return False
        if condition == "next-to-mountain" and not geo.next_to_mountain[at]:
            return False
    cost = quest.cost
    if cost.gold > hero.gold:
        return False
    return cost.spend_action is None or _free_marker(w.turn, cost.spend_action)


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
        found += [MoveTo(geo.hexes[a]) for a in reachable(w, seat, move_points(w.config, hero))]
    if _free_marker(turn, "attack") and hero_strength(w.config, hero) > 0:
        found += [Attack(geo.hexes[a]) for a in monster_candidates(w, seat, "monster-in-range")]
    if (
        _free_marker(turn, "prepare")
        and len(hero.hand) < HAND_LIMIT
        and (hero.events or hero.discard)
    ):
        found.append(Prepare())
    if _free_marker(turn, "focus"):
        found += [Focus(card) for card in mana_cards(w, seat)]
    if _free_marker(turn, "mend"):
        found += mend_options(w, seat)
    if _free_marker(turn, "practice"):
        found.append(Practice())
    if quest_ready(w, seat):
        found.append(CompleteQuest())
    found += available_uses(w, seat, "free")
    found += [Discard(card) for card in sorted(set(hero.hand))]
    if hero.gold:
        for other in _neighbours(w, seat):
            found += [GiveGold(other, n) for n in range(1, hero.gold + 1)]
    bonus = bonus_here(w, seat)
    if bonus is not None:
        if bonus[0] == "mana":
            found += [TakeBonus(card) for card in mana_cards(w, seat)]
        elif bonus[0] != "damage" or hero.damage or any(c.damage for c in hero.cards):
            found.append(TakeBonus())  # damage markers are offered only with damage to remove
    found.append(EndTurn())
    return found


def _neighbours(w: Work, seat: Seat) -> list[Seat]:
    here = w.heroes[seat].at
    town = w.geo.town
    return [
        s
        for s, h in enumerate(w.heroes)
        if s != seat
        and ((here == town and h.at == town) or (here != town and h.at in w.geo.adjacent[here]))
    ]


def mend_options(w: Work, seat: Seat) -> list[Action]:
    """The mend actions worth taking: outside Grimheim when the hero is damaged; in Grimheim
    also for each damaged equipment card (repaired first)."""
    hero = w.heroes[seat]
    if hero.at != w.geo.town:
        return [Mend()] if hero.damage else []
    damaged = [c.id for c in hero.cards if c.damage > 0]
    found: list[Action] = [Mend()] if hero.damage or damaged else []
    return found + [Mend(card) for card in damaged]


def mend(w: Work, seat: Seat, first: str | None) -> None:
    """Remove 2 damage from the hero; in Grimheim up to 5: from ``first`` (an equipment card),
    then the hero, then equipment in the order it came into play."""
    hero = w.heroes[seat]
    in_town = hero.at == w.geo.town
    left = 5 if in_town else 2
    healed = 0
    cards = list(hero.cards)
    order = [i for i, c in enumerate(cards) if c.id == first]
    damage = hero.damage
    if not in_town:
        order = []
    for i in order:
        take = min(left, cards[i].damage)
        cards[i] = attrs.evolve(cards[i], damage=cards[i].damage - take)
        left -= take
        healed += take
    take = min(left, damage)
    damage -= take
    left -= take
    healed += take
    if in_town:
        for i, c in enumerate(cards):
            take = min(left, c.damage)
            if take:
                cards[i] = attrs.evolve(c, damage=c.damage - take)
                left -= take
                healed += take
    w.set_hero(seat, damage=damage, cards=tuple(cards))
    if healed:
        w.events.append(HeroHealed(seat, healed))


def start_attack(w: Work, seat: Seat, area: int) -> None:
    """An attack action: roll the hero's strength against the monster in ``area``."""
    w.frames.append(HeroAttack(seat, area, hero_strength(w.config, w.heroes[seat])))


def take_bonus(w: Work, seat: Seat, card: str | None) -> None:
    """Take the bonus markers of the hero's area: damage markers remove damage (from the hero,
    then equipment), mana goes on ``card``, gold to the hero."""
    bonus = bonus_here(w, seat)
    assert bonus is not None
    kind, _, amount = bonus
    w.bonus.remove(bonus)
    hero = w.heroes[seat]
    if kind == "gold":
        w.set_hero(seat, gold=hero.gold + amount)
        w.events.append(GoldGained(seat, amount))
    elif kind == "mana" and card is not None:
        add_mana(w, seat, card, amount)
    else:
        healed = min(amount, hero.damage)
        left = amount - healed
        cards = []
        for c in hero.cards:
            take = min(left, c.damage)
            left -= take
            healed += take
            cards.append(attrs.evolve(c, damage=c.damage - take))
        w.set_hero(seat, damage=hero.damage - min(amount, hero.damage), cards=tuple(cards))
        w.events.append(HeroHealed(seat, healed))


def complete_quest(w: Work, seat: Seat) -> None:
    """Pay the quest's cost, put the equipment in play (a new main weapon replaces the old one)
    and turn the next card face up."""
    hero = w.heroes[seat]
    card_id = hero.equipment[0]
    card = w.config.cards[card_id]
    quest = card.quest
    assert quest is not None and w.turn is not None
    replaced = [c.id for c in hero.cards if card.main_weapon and w.config.cards[c.id].main_weapon]
    cards = [c for c in hero.cards if c.id not in replaced]
    cards.append(CardState(card_id))
    w.set_hero(
        seat,
        cards=tuple(cards),
        retired=tuple(sorted((*hero.retired, *replaced))),
        gold=hero.gold - quest.cost.gold,
        equipment=hero.equipment[1:],
        known_equipment=max(0, min(hero.known_equipment, len(hero.equipment) - 1)),
    )
    if quest.cost.gold:
        w.events.append(GoldGained(seat, -quest.cost.gold))
    if quest.cost.spend_action is not None:
        turn = w.turn
        w.turn = attrs.evolve(turn, actions=(*turn.actions, quest.cost.spend_action))
    w.events.append(QuestCompleted(seat, card_id))
    reveal_next(w, seat, "equipment")


def reveal_next(w: Work, seat: Seat, deck: str) -> None:
    """After the top card of a deck left it: in explicit chance mode, chance turns the next card
    face up when more than one unknown card could be it."""
    hero = w.heroes[seat]
    cards = hero.abilities if deck == "abilities" else hero.equipment
    known = hero.known_abilities if deck == "abilities" else hero.known_equipment
    if w.config.explicit and len(cards) - known > 1:
        w.frames.append(Revealing(seat, deck))  # type: ignore[arg-type]


def gain_ability(w: Work, seat: Seat) -> str:
    """Move the top ability card into play (side I); return its id."""
    hero = w.heroes[seat]
    card_id: str = hero.abilities[0]
    w.set_hero(
        seat,
        cards=(*hero.cards, CardState(card_id)),
        abilities=hero.abilities[1:],
        known_abilities=max(0, min(hero.known_abilities, len(hero.abilities) - 1)),
    )
    reveal_next(w, seat, "abilities")
    return card_id


def start_turn_window(w: Work, seat: Seat, when: str) -> None:
    """Open a window of ``when`` uses for one hero (it closes by itself when they cannot have
    any to make)."""
    w.frames.append(Window(when, (seat,)))


def draw_frame(seat: Seat, count: int) -> Drawing:
    """Cards to draw into a hand."""
    return Drawing(seat, count)
