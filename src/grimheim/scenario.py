"""Scripting positions for puzzles and tests: pure helpers that return a new state, and queries.

Every helper checks its result with :func:`grimheim.validate`, so a scenario never holds a
position the rules could not: two characters in one area, a hero on a mountain, a monster the
supply lacks. Areas are :class:`grimheim.Hex` values (:data:`grimheim.GRIMHEIM` for the town),
heroes their ids (``"bjorn"``).

>>> import grimheim as gh
>>> from grimheim import scenario
>>> state = gh.new_game(gh.Config(heroes=("bjorn",), hard_setup=True), seed=3)
>>> state = scenario.put_hero(state, "bjorn", gh.Hex(9, 6))
>>> state = scenario.place_monster(state, "troll", gh.Hex(9, 5), damage=2)
>>> scenario.monster_at(state, gh.Hex(9, 5))
MonsterInfo(kind='troll', damage=2, side=0, pinned=False, bounty=0)
>>> scenario.hero_info(state, "bjorn").at
Hex(x=9, y=6)
"""

from __future__ import annotations

from typing import Any

import attrs

from ._map import Hex
from ._query import hand_size, info
from ._state import CardState, Monster, State
from ._validate import validate

__all__ = [
    "HeroInfo",
    "MonsterInfo",
    "give_card",
    "hero_info",
    "monster_at",
    "place_monster",
    "put_hero",
    "remove_monster",
    "set_card",
    "set_hero",
    "set_time",
    "set_town",
    "time_spot",
    "town_pieces",
]

LEGENDS = ("queen", "seer", "grendel", "surt", "hrungbald", "nidhuggr")


@attrs.frozen
class MonsterInfo:
    """A monster on the board.

    Attributes:
        kind: ``goblin`` … or a legend (``queen`` …).
        damage: damage taken.
        side: a legend's side (1 or 2); 0 for other monsters.
        pinned: nothing moves it during the coming monster turn (G34).
        bounty: gold added to what killing it earns.
    """

    kind: str
    damage: int
    side: int
    pinned: bool = False
    bounty: int = 0


@attrs.frozen
class HeroInfo:
    """A hero.

    Attributes:
        at: their area (:data:`grimheim.GRIMHEIM` in the town).
        damage: damage taken.
        gold: gold (experience).
        hand: the event cards in hand (by id, sorted).
        in_play: the cards in play (by id, in the order they came).
        quest: progress on the quest of the equipment card on top of the deck.
    """

    at: Hex
    damage: int
    gold: int
    hand: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    quest: int = 0


def _edited(state: State, **changes: Any) -> State:
    """``state`` with ``changes`` (its caches are never copied), checked against the rules."""
    edited = attrs.evolve(state, **changes)
    validate(edited)
    return edited


def _seat(state: State, hero: str) -> int:
    if hero not in state.config.heroes:
        raise ValueError(f"no hero {hero!r} in this game ({', '.join(state.config.heroes)})")
    return state.config.heroes.index(hero)


def place_monster(state: State, kind: str, at: Hex, damage: int = 0, side: int = 1) -> State:
    """Put a monster from the supply on the board; a legend (``side`` 1 or 2) takes its card from
    its deck, held out while it lives.

    Raises:
        ValueError: an unknown kind, an area off the board, or a position the rules forbid.
    """
    area = state.config.geo.area(at)
    legend = kind in LEGENDS
    monster = Monster(area, kind, damage, side if legend else 0)
    try:
        info(state.config, monster)
    except KeyError:
        raise ValueError(f"unknown monster {kind!r}") from None
    if any(m.at == area for m in state.monsters):
        raise ValueError(f"{at} holds a monster already")
    monsters = tuple(sorted((*state.monsters, monster)))
    changes: dict[str, Any] = {"monsters": monsters}
    if legend:
        colour = "yellow" if side == 1 else "red"
        card = next(
            c.id for c in state.config.pack.monster_cards if c.legend == kind and c.deck == colour
        )
        deck = getattr(state, colour)
        known = getattr(state, f"{colour}_known")
        index = deck.index(card)
        if index >= len(deck) - known:
            changes[f"{colour}_known"] = known - 1
        changes[colour] = deck[:index] + deck[index + 1 :]
        changes["held"] = (*state.held, card)
    return _edited(state, **changes)


def remove_monster(state: State, at: Hex) -> State:
    """Take the monster in ``at`` off the board (a legend's card goes to the bottom of its deck).

    Raises:
        ValueError: no monster there.
    """
    area = state.config.geo.area(at)
    monster = next((m for m in state.monsters if m.at == area), None)
    if monster is None:
        raise ValueError(f"no monster in {at}")
    changes: dict[str, Any] = {
        "monsters": tuple(m for m in state.monsters if m.at != area),
    }
    if monster.kind in LEGENDS:
        card = next(
            c
            for c in state.config.pack.monster_cards
            if c.id in state.held and c.legend == monster.kind
        )
        colour = card.deck
        changes["held"] = tuple(c for c in state.held if c != card.id)
        changes[colour] = (*getattr(state, colour), card.id)
        changes[f"{colour}_known"] = getattr(state, f"{colour}_known") + 1
    return _edited(state, **changes)


def put_hero(state: State, hero: str, at: Hex) -> State:
    """Move a hero to ``at`` (:data:`grimheim.GRIMHEIM` for the town)."""
    seat = _seat(state, hero)
    heroes = list(state.heroes)
    heroes[seat] = attrs.evolve(heroes[seat], at=state.config.geo.area(at))
    return _edited(state, heroes=tuple(heroes))


def set_hero(
    state: State, hero: str, *, damage: int | None = None, gold: int | None = None
) -> State:
    """Set a hero's damage and gold."""
    seat = _seat(state, hero)
    heroes = list(state.heroes)
    old = heroes[seat]
    heroes[seat] = attrs.evolve(
        old,
        damage=old.damage if damage is None else damage,
        gold=old.gold if gold is None else gold,
    )
    return _edited(state, heroes=tuple(heroes))


def set_town(state: State, pieces: int) -> State:
    """Set the town pieces left (at least 1: at 0 the game is lost)."""
    return _edited(state, town=pieces)


def set_time(state: State, spot: int) -> State:
    """Put the rune stone on ``spot`` (counted from 1, as on the time track).

    The heroes take turns up to the spot before the last: the last spot's monster turn ends the
    game, so a hero's turn there is refused (:class:`~tabletop_rules.StateFormatError`).
    """
    return _edited(state, time=spot - 1)


def monster_at(state: State, at: Hex) -> MonsterInfo | None:
    """The monster in ``at``, if any."""
    area = state.config.geo.area(at)
    for m in state.monsters:
        if m.at == area:
            return MonsterInfo(m.kind, m.damage, m.side, m.pinned, m.bounty)
    return None


def hero_info(state: State, hero: str) -> HeroInfo:
    """Where a hero is, their damage, gold, hand, cards in play and quest progress."""
    h = state.heroes[_seat(state, hero)]
    in_play = tuple(c.id for c in h.cards)
    return HeroInfo(state.config.geo.hexes[h.at], h.damage, h.gold, h.hand, in_play, h.quest)


def give_card(state: State, hero: str, card_id: str, *, in_play: bool = False) -> State:
    """Give a hero one of their cards: an event into the hand (a copy from the event deck, else
    from the discard pile), or with ``in_play`` an ability or equipment card from its deck into
    play (side I, with the markers it comes with), as an upgrade or a quest would.

    >>> import grimheim as gh
    >>> state = gh.new_game(gh.Config(heroes=("bjorn",), hard_setup=True), seed=3)
    >>> state = give_card(state, "bjorn", "bjorn-master-shot")
    >>> state = give_card(state, "bjorn", "bjorn-quiver", in_play=True)
    >>> hero_info(state, "bjorn").hand, hero_info(state, "bjorn").in_play[-1]
    (('bjorn-master-shot',), 'bjorn-quiver')

    Raises:
        ValueError: not a card of the hero's, an event asked in play or another card in hand,
            no copy left, a full hand, or a card already in play.
    """
    seat = _seat(state, hero)
    h = state.heroes[seat]
    card = state.config.cards.get(card_id)
    deck = next(d for d in state.config.pack.decks if d.hero == h.id)
    if card is None or card not in deck.cards:
        raise ValueError(f"{card_id!r} is not a card of {hero}")
    if (card.kind == "event") == in_play:
        where = "in play" if in_play else "in hand"
        raise ValueError(f"a {card.kind} card is never {where}")
    if card.kind == "event":
        events, discard = list(h.events), list(h.discard)
        if card_id in events:
            events.remove(card_id)
        elif card_id in discard:
            discard.remove(card_id)
        else:
            raise ValueError(f"no copy of {card_id} is left in the deck or the discard pile")
        if len(h.hand) >= hand_size(state.config, h):
            raise ValueError(f"{hero}'s hand is full")
        new = attrs.evolve(
            h, hand=tuple(sorted((*h.hand, card_id))), events=tuple(events), discard=tuple(discard)
        )
    else:
        name = "abilities" if card.kind == "ability" else "equipment"
        pile: tuple[str, ...] = getattr(h, name)
        if card_id not in pile:
            raise ValueError(f"{card_id} is not in {hero}'s {name} deck (in play already?)")
        rest = tuple(c for c in pile if c != card_id)
        changes: dict[str, Any] = {
            name: rest,
            f"known_{name}": min(getattr(h, f"known_{name}"), len(rest)),
        }
        if name == "equipment" and pile[0] == card_id:
            changes["quest"] = 0
        new = attrs.evolve(
            h, cards=(*h.cards, CardState(card_id, counters=card.counters)), **changes
        )
    heroes = list(state.heroes)
    heroes[seat] = new
    return _edited(state, heroes=tuple(heroes))


def set_card(
    state: State,
    hero: str,
    card_id: str,
    *,
    mana: int | None = None,
    damage: int | None = None,
    side: int | None = None,
    counters: int | None = None,
) -> State:
    """Set a hero's card in play: its mana, its damage markers, the side face up, its markers.

    Raises:
        ValueError: the card is not in play, or a number the rules do not allow.
    """
    seat = _seat(state, hero)
    h = state.heroes[seat]
    if all(c.id != card_id for c in h.cards):
        raise ValueError(f"{card_id} is not in play for {hero}")
    given = {"mana": mana, "damage": damage, "side": side, "counters": counters}
    changes: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    cards = tuple(attrs.evolve(c, **changes) if c.id == card_id else c for c in h.cards)
    heroes = list(state.heroes)
    heroes[seat] = attrs.evolve(h, cards=cards)
    return _edited(state, heroes=tuple(heroes))


def town_pieces(state: State) -> int:
    """Town pieces left in Grimheim."""
    return state.town


def time_spot(state: State) -> int:
    """The time track spot of the rune stone, counted from 1 (a new game is at spot 1)."""
    return state.time + 1
