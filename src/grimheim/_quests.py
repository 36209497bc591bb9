"""Quests: the quest on top of a hero's equipment deck, its ways, the progress it counts across
turns, and the equipment it wins.

A ``free`` way is a free action (:class:`~grimheim.CompleteQuest`). The other ways are done by
the hero's play: at the end of a movement, on each area entered, on each kill, on each roll. A
counting way adds to :attr:`Hero.quest <grimheim.Hero.quest>` and completes at its goal; a kill
way with a cost, or taken instead of the kill's gold, is offered to the hero
(:class:`~grimheim._state.QuestOffer`); any other completes at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_rules import Seat

from ._cards import Quest, QuestWay
from ._events import QuestCompleted
from ._frames.draws import reveal_next
from ._frames.offers import QuestOffer
from ._pieces import CardState, Monster
from ._uses import context
from ._vocab import Ctx
from ._vocab.conditions import holds

if TYPE_CHECKING:
    from ._work import Work


def top_quest(w: Work, seat: Seat) -> tuple[str, Quest] | None:
    """The card on top of the hero's equipment deck and its quest, if any."""
    hero = w.heroes[seat]
    if not hero.equipment or not hero.equipment[0]:
        return None
    card = w.config.cards[hero.equipment[0]]
    return (card.id, card.quest) if card.quest is not None else None


def _ways(w: Work, seat: Seat, when: str) -> list[tuple[int, QuestWay]]:
    found = top_quest(w, seat)
    if found is None:
        return []
    return [(i, way) for i, way in enumerate(found[1].ways) if way.when == when]


def free_way(w: Work, seat: Seat) -> int | None:
    """The first ``free`` way of the hero's quest that may be done now (on their own turn: its
    conditions hold and its costs can be paid), if any."""
    if w.turn is None or w.turn.hero != seat:
        return None
    for i, way in _ways(w, seat, "free"):
        ctx = context(w, seat)
        if holds(way.only_if, ctx) and all(c.payable(ctx) for c in way.cost):
            return i
    return None


def gain_equipment(w: Work, seat: Seat) -> None:
    """The card on top of the hero's equipment deck comes into play (with its counters; a new
    main weapon replaces the one in play), and the next card turns face up with no progress."""
    hero = w.heroes[seat]
    card_id = hero.equipment[0]
    card = w.config.cards[card_id]
    cards_of = w.config.cards
    replaced = [c.id for c in hero.cards if card.main_weapon and cards_of[c.id].main_weapon]
    cards = [c for c in hero.cards if c.id not in replaced]
    cards.append(CardState(card_id, counters=card.counters))
    w.set_hero(
        seat,
        cards=tuple(cards),
        retired=tuple(sorted((*hero.retired, *replaced))),
        equipment=hero.equipment[1:],
        known_equipment=max(0, min(hero.known_equipment, len(hero.equipment) - 1)),
        quest=0,
    )
    w.events.append(QuestCompleted(seat, card_id))
    reveal_next(w, seat, "equipment")


def _progress(w: Work, seat: Seat, way_index: int, way: QuestWay, amount: int, gold: int) -> None:
    """One event of a triggered way: progress, an offer, or the card at once."""
    if way.goal:
        progress = w.heroes[seat].quest + amount
        if progress >= way.goal:
            gain_equipment(w, seat)
        else:
            w.set_hero(seat, quest=progress)
        return
    if way.cost or way.instead_of_gold:
        w.frames.append(QuestOffer(seat, w.heroes[seat].equipment[0], way_index, gold))
        return
    gain_equipment(w, seat)


def _first(w: Work, seat: Seat, when: str, ctx: Ctx) -> tuple[int, QuestWay] | None:
    for i, way in _ways(w, seat, when):
        if holds(way.only_if, ctx):
            return i, way
    return None


def on_kill(w: Work, seat: Seat, monster: Monster, gold: int) -> None:
    """Hero ``seat`` killed ``monster`` (earning ``gold``)."""
    ctx = Ctx(w, seat, killed=monster, subject=monster.at)
    found = _first(w, seat, "kill", ctx)
    if found is not None:
        i, way = found
        _progress(w, seat, i, way, gold if way.count == "gold" else 1, gold)


def on_roll(w: Work, seat: Seat, dice: int) -> None:
    """Hero ``seat`` rolled ``dice`` dice."""
    found = _first(w, seat, "roll", Ctx(w, seat))
    if found is not None:
        i, way = found
        _progress(w, seat, i, way, dice if way.count == "dice" else 1, 0)


def on_step(w: Work, seat: Seat, area: int) -> None:
    """Hero ``seat`` entered ``area`` in a movement."""
    found = _first(w, seat, "enter-area", Ctx(w, seat).standing(area))
    if found is not None:
        _progress(w, seat, found[0], found[1], 1, 0)


def counts_step(w: Work, seat: Seat, area: int) -> bool:
    """Whether entering ``area`` would count for the hero's quest."""
    return _first(w, seat, "enter-area", Ctx(w, seat).standing(area)) is not None


def on_movement(w: Work, seat: Seat) -> None:
    """A movement of hero ``seat`` ended."""
    found = _first(w, seat, "after-movement", Ctx(w, seat))
    if found is not None:
        _progress(w, seat, found[0], found[1], 1, 0)
