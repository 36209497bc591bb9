"""`validate`: check a state or view against the rules, as ``loads`` does for every saved one.

Every stored value is checked: pieces on areas they may stand on and never two in one; numbers
within their bounds; every card of a hero exactly once, every monster card exactly once; the
supply never exceeded; the pending decisions well formed, with someone to answer them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from tabletop_rules import CHANCE, Rng

from ._cards import MOST
from ._checks import fail, number
from ._flow import current
from ._hidden import hidden_parts, unseen
from ._limits import BONUS_LIMIT, GOLD_LIMIT, MANA_LIMIT, TOWN_LIMIT, upgrade_limit
from ._map import Hex
from ._query import info
from ._state import FRAMES, CardState, Config, Hero, Monster, MonsterTurn, State, Turn, View
from ._vocab.movement import AddMove
from ._vocab.rolls import AddRange
from ._work import Work


def validate(position: State | View) -> None:
    """Check a :class:`State` or :class:`View` (one built by hand, say) against the rules.

    Raises:
        tabletop_rules.StateFormatError: ``path`` names the offending field relative to the value
            (``"$.heroes[0].damage"``), ``detail`` what is wrong.
    """
    if not isinstance(position, State | View):
        fail("$", f"expected a grimheim State or View, got {type(position).__name__}")
    config = position.config
    if not isinstance(config, Config):
        fail("$.config", "expected a grimheim Config")
    is_view = isinstance(position, View)
    if isinstance(position, State) and not isinstance(position.rng, Rng):
        fail("$.rng", "expected an Rng")
    if isinstance(position, View):
        number(position.seat, "$.seat", 0, len(config.heroes) - 1)
    geo = config.geo
    spots = len(config.pack.time.short if config.track == "short" else config.pack.time.long)
    start = 2 + 2 * len(config.heroes)
    number(position.town, "$.town", 0, max(start, TOWN_LIMIT))  # cards add pieces (G27)
    number(position.time, "$.time", 0, spots - 1)
    heroes = position.heroes
    if not isinstance(heroes, tuple) or len(heroes) != len(config.heroes):
        fail("$.heroes", f"expected the {len(config.heroes)} heroes of the config")
    if isinstance(position, State):
        _no_blanks(position)
    taken: dict[int, str] = {}
    for i, hero in enumerate(heroes):
        _check_hero(position, i, hero, is_view)
        if hero.at != geo.town:
            if hero.at in taken:
                fail(f"$.heroes[{i}].at", "two characters in one area")
            taken[hero.at] = hero.id
    _check_monsters(position, taken)
    _check_monster_decks(position, is_view)
    for i, bonus in enumerate(position.bonus):
        if bonus not in {(b.kind, geo.index[Hex(*b.at)], b.amount) for b in config.pack.map.bonus}:
            fail(f"$.bonus[{i}]", "not a set-up bonus of the map")
    if len(set(position.bonus)) != len(position.bonus):
        fail("$.bonus", "a bonus twice")
    _check_flow(position, spots)
    if isinstance(position, View):
        _check_hidden(position)


def _check_hidden(view: View) -> None:
    """A view shows exactly what its seat may see: hiding again what ``view`` hides changes
    nothing (no other hero's hand, event deck order or unknown monster card is named), and no
    card its seat may see is left blank."""

    def named(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(c or "?" for c in cards)

    filled = attrs.evolve(
        view,
        heroes=tuple(
            attrs.evolve(
                h,
                hand=named(h.hand),
                events=named(h.events),
                abilities=named(h.abilities),
                equipment=named(h.equipment),
            )
            for h in view.heroes
        ),
        yellow=named(view.yellow),
        red=named(view.red),
    )
    heroes, yellow, red = hidden_parts(filled, view.seat)
    for i, (shown, seen) in enumerate(zip(view.heroes, heroes, strict=True)):
        for name in ("hand", "events", "abilities", "equipment"):
            _same_cards(getattr(shown, name), getattr(seen, name), f"$.heroes[{i}].{name}", view)
    _same_cards(view.yellow, yellow, "$.yellow", view)
    _same_cards(view.red, red, "$.red", view)
    for group in unseen(view):
        if group.blanks != len(group.pool):
            fail(group.path, f"{group.blanks} hidden cards, but {len(group.pool)} not seen")


def _same_cards(shown: tuple[str, ...], seen: tuple[str, ...], path: str, view: View) -> None:
    """``seen`` is what the seat may see of ``shown`` (its blanks written ``"?"``)."""
    for j, (card, may) in enumerate(zip(shown, seen, strict=True)):
        if card and not may:
            fail(f"{path}[{j}]", f"seat {view.seat} may not see this card")
        if not card and may:
            fail(f"{path}[{j}]", f"seat {view.seat} sees this card: a view names it")


def _no_blanks(state: State) -> None:
    """Only a view writes hidden cards as ``""``."""
    for colour in ("yellow", "red"):
        if "" in getattr(state, colour):
            fail(f"$.{colour}", "a state names every card")
    for i, hero in enumerate(state.heroes):
        for name in ("hand", "events", "discard", "abilities", "equipment", "retired"):
            if "" in getattr(hero, name, ()):
                fail(f"$.heroes[{i}].{name}", "a state names every card")


def _check_hero(position: State | View, i: int, hero: Any, is_view: bool) -> None:
    path = f"$.heroes[{i}]"
    config = position.config
    geo = config.geo
    if not isinstance(hero, Hero) or hero.id != config.heroes[i]:
        fail(path, f"expected hero {config.heroes[i]!r}")
    at = number(hero.at, f"{path}.at", 0, geo.town)
    number(hero.gold, f"{path}.gold", 0, GOLD_LIMIT)
    number(hero.upgrades, f"{path}.upgrades", 0, upgrade_limit(config.pack, hero.id))
    deck = {c.id: c for d in config.pack.decks if d.hero == hero.id for c in d.cards}
    in_play: list[str] = []
    health = 0
    for j, card in enumerate(hero.cards):
        where = f"{path}.cards[{j}]"
        if not isinstance(card, CardState) or card.id not in deck:
            fail(where, f"not a card of {hero.id}")
        printed = deck[card.id]
        if printed.kind == "event":
            fail(where, "an event card is never in play")
        number(card.side, f"{where}.side", 1, len(printed.sides))
        number(card.mana, f"{where}.mana", 0, MANA_LIMIT)
        number(card.damage, f"{where}.damage", 0, printed.durability)
        number(card.counters, f"{where}.counters", 0, max(MOST, printed.counters))
        health += printed.sides[card.side - 1].health
        in_play.append(card.id)
    kinds = Counter(deck[c].kind for c in in_play)
    if kinds["hero"] != 1:
        fail(f"{path}.cards", "the hero card is in play, once")
    if sum(deck[c].main_weapon for c in in_play) > 1:
        fail(f"{path}.cards", "one main weapon in play at most")
    climbs = any("climb" in deck[c.id].sides[c.side - 1].traits for c in hero.cards)
    if not geo.hero_can_enter[at] and not (climbs and geo.terrain[at] == "mountain"):
        fail(f"{path}.at", "a hero cannot stand there")
    number(hero.damage, f"{path}.damage", 0, max(0, health - 1))
    top = hero.equipment[0] if hero.equipment and hero.equipment[0] else None
    quest = deck[top].quest if top is not None else None
    goal = max((way.goal for way in quest.ways), default=0) if quest is not None else 0
    if top is not None or hero.quest:
        number(hero.quest, f"{path}.quest", 0, max(0, goal - 1))
    limit = 4 + sum(deck[c.id].sides[c.side - 1].hand_limit for c in hero.cards if c.id in deck)
    if len(hero.hand) > limit:
        fail(f"{path}.hand", f"at most {limit} cards in hand")
    for name in ("abilities", "equipment"):
        known = getattr(hero, f"known_{name}")
        number(known, f"{path}.known_{name}", 0, len(getattr(hero, name)))
    places = [*in_play, *hero.abilities, *hero.equipment, *hero.retired]
    shown = [c for c in places if c]
    expected = sorted(c.id for c in deck.values() if c.kind in ("hero", "ability", "equipment"))
    if len(places) != len(expected) or any(c not in expected for c in shown):
        fail(path, "every hero, ability and equipment card is in play, in a deck or retired")
    if len(set(shown)) != len(shown):
        fail(path, "a card is in two places")
    for card_id in shown:
        if deck[card_id].kind not in ("hero", "ability", "equipment"):
            fail(path, f"{card_id!r} is misplaced")
    for name, kind in (("abilities", "ability"), ("equipment", "equipment")):
        if any(c and deck[c].kind != kind for c in getattr(hero, name)):
            fail(f"{path}.{name}", f"only {kind} cards")
    if any(deck[c].kind != "equipment" for c in hero.retired):
        fail(f"{path}.retired", "only equipment is retired")
    copies = Counter({c.id: c.count for c in deck.values() if c.kind == "event"})
    held = Counter(c for c in (*hero.hand, *hero.events, *hero.discard) if c)
    hidden = sum(1 for c in (*hero.hand, *hero.events) if not c)
    if any(card not in copies for card in held) or held - copies:
        fail(path, "more copies of an event card than the deck has")
    if sum(held.values()) + hidden != sum(copies.values()):
        fail(path, "every event card is in the hand, the deck or the discard pile")
    if list(hero.hand) != sorted(hero.hand) or list(hero.discard) != sorted(hero.discard):
        fail(path, "hand and discard pile are kept sorted")
    if config.explicit and not is_view and list(hero.events) != sorted(hero.events):
        fail(f"{path}.events", "in explicit chance mode the event deck is unordered (sorted)")


def _check_turn(position: State | View, turn: Turn) -> None:
    """The cards used this turn are the hero's; the range and move bonuses are what their cards
    can add."""
    hero = position.heroes[turn.hero]
    deck = next(d for d in position.config.pack.decks if d.hero == hero.id)
    for i, card in enumerate(turn.used):
        if all(c.id != card for c in deck.cards):
            fail(f"$.turn.used[{i}]", f"{card!r} is not a card of {hero.id}")
    for name, word in (("range_bonus", AddRange), ("move_bonus", AddMove)):
        uses = [
            (card, use, effect.amount)
            for card in deck.cards
            for side in card.sides
            for use in side.uses
            for effect in use.effects
            if isinstance(effect, word)
        ]
        unlimited = any(use.limit != "turn" and card.kind != "event" for card, use, _ in uses)
        most = sum(amount * card.count for card, _, amount in uses)
        number(getattr(turn, name), f"$.turn.{name}", 0, BONUS_LIMIT if unlimited else most)
    if type(turn.stay) is not bool:
        fail("$.turn.stay", "expected true or false")


def _check_monsters(position: State | View, taken: dict[int, str]) -> None:
    config = position.config
    geo = config.geo
    seen: set[int] = set()
    legends: set[str] = set()
    count: Counter[str] = Counter()
    previous = -1
    queen_ii = any(m.kind == "queen" and m.side == 2 for m in position.monsters)
    for i, monster in enumerate(position.monsters):
        path = f"$.monsters[{i}]"
        if not isinstance(monster, Monster):
            fail(path, "expected a monster")
        at = number(monster.at, f"{path}.at", 0, geo.town - 1)
        if at <= previous:
            fail(path, "monsters are kept in area order, one per area")
        previous = at
        if at in taken:
            fail(f"{path}.at", f"{taken[at]} stands there: one character per area")
        if not geo.monster_can_enter[at]:
            fail(f"{path}.at", f"a monster cannot stand on {geo.terrain[at]}")
        seen.add(at)
        legend = monster.kind in {leg.id for leg in config.pack.monsters.legends}
        if legend:
            number(monster.side, f"{path}.side", 1, 2)
            if monster.kind in legends:
                fail(path, f"{monster.kind!r} is on the board twice")
            legends.add(monster.kind)
        elif monster.kind in {k.id for k in config.pack.monsters.kinds}:
            if monster.side != 0:
                fail(f"{path}.side", "only legends have sides")
            count[monster.kind] += 1
        else:
            fail(f"{path}.kind", f"unknown monster {monster.kind!r}")
        printed = info(config, monster)
        bonus = printed.faction == "dead" and monster.kind != "queen" and queen_ii
        number(monster.damage, f"{path}.damage", 0, printed.health + bonus - 1)
        number(monster.bounty, f"{path}.bounty", 0, MOST)
        if type(monster.pinned) is not bool:
            fail(f"{path}.pinned", "expected true or false")
        if monster.pinned_by and monster.pinned_by not in config.cards:
            fail(f"{path}.pinned_by", f"unknown card {monster.pinned_by!r}")
    for kind in config.pack.monsters.kinds:
        if count[kind.id] > kind.count:
            fail("$.monsters", f"more {kind.id}s than the supply holds")


def _check_monster_decks(position: State | View, is_view: bool) -> None:
    config = position.config
    cards = {c.id: c for c in config.pack.monster_cards}
    held_legends = set()
    for i, card_id in enumerate(position.held):
        card = cards.get(card_id)
        if card is None or card.legend is None:
            fail(f"$.held[{i}]", "only legend cards are held")
        on_board = [m for m in position.monsters if m.kind == card.legend]
        side = 1 if card.deck == "yellow" else 2
        if not on_board or on_board[0].side != side:
            fail(f"$.held[{i}]", f"{card_id!r} is held while its legend is on the board")
        held_legends.add(card.legend)
    for monster in position.monsters:
        if info(config, monster).legend and monster.kind not in held_legends:
            fail("$.held", f"the card of {monster.kind!r} is held while it is on the board")
    if len(set(position.held)) != len(position.held):
        fail("$.held", "a card held twice")
    for colour in ("yellow", "red"):
        deck = getattr(position, colour)
        known = number(getattr(position, f"{colour}_known"), f"$.{colour}_known", 0, len(deck))
        expected = Counter(c for c, card in cards.items() if card.deck == colour)
        held = Counter(c for c in position.held if cards[c].deck == colour)
        found = Counter(c for c in deck if c) + held
        blanks = sum(1 for c in deck if not c)
        if any(c not in expected for c in found) or found - expected:
            fail(f"$.{colour}", f"only the {colour} monster cards, each once")
        if sum(found.values()) + blanks != sum(expected.values()):
            fail(f"$.{colour}", f"every {colour} monster card is in the deck or held")
        hidden = list(deck[: len(deck) - known])
        if config.explicit and not is_view and hidden != sorted(hidden):
            fail(f"$.{colour}", "in explicit chance mode the unknown cards are unordered (sorted)")


def _check_flow(position: State | View, spots: int) -> None:
    n = len(position.heroes)
    config = position.config
    if position.won is not None:
        if position.frames or position.turn is not None:
            fail("$.frames", "nothing is pending once the game is over")
        if position.won != (position.town > 0):
            fail("$.won", "the game is won exactly when the town stands at the end")
        if position.won and position.time != spots - 1:
            fail("$.won", "the game is won only after the last spot")
        return
    if position.town == 0:
        fail("$.town", "a town with no piece left has fallen: the game is over")
    if position.turn is not None:
        if not isinstance(position.turn, Turn):
            fail("$.turn", "expected a Turn")
        number(position.turn.hero, "$.turn.hero", 0, n - 1)
        if position.time == spots - 1:
            fail("$.turn", "no hero takes a turn on the last spot: its monster turn ends the game")
        actions = position.turn.actions
        if len(actions) > 2 or len(set(actions)) != len(actions):
            fail("$.turn.actions", "at most two different actions a turn")
        _check_turn(position, position.turn)
    elif not any(isinstance(f, MonsterTurn) for f in position.frames):
        fail("$.frames", "no hero turn and no monster turn")
    elif position.time == 0:
        fail("$.time", "a monster turn comes after the time marker has moved from the first spot")
    for i, frame in enumerate(position.frames):
        if not isinstance(frame, FRAMES):
            fail(f"$.frames[{i}]", "expected a frame")
        frame.check(position, f"$.frames[{i}]")
    try:
        asked = current(Work.of(position))
    except (AssertionError, IndexError, KeyError, ValueError) as exc:
        fail("$.frames", f"the pending decisions do not fit the position ({exc})")
    if asked == CHANCE and not config.explicit:
        fail("$.frames", "in sampled chance mode nothing waits on chance: the generator draws")
