"""`validate`: check a state or view against the rules, as ``loads`` does for every saved one.

Every stored value is checked: pieces on areas they may stand on and never two in one; numbers
within their bounds; every card of a hero exactly once, every monster card exactly once; the
supply never exceeded; the pending decisions well formed, with someone to answer them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

import attrs

from tabletop_rules import CHANCE, Rng, StateFormatError

from ._cards import MOST
from ._hidden import hidden_parts, unseen
from ._limits import BONUS_LIMIT, GOLD_LIMIT, MANA_LIMIT, roll_limit, upgrade_limit
from ._query import TOWN_LIMIT, info
from ._state import (
    Ambush,
    CardState,
    Config,
    Drawing,
    EndOfTurn,
    GoldOffer,
    Granted,
    Hero,
    HeroAttack,
    Monster,
    MonsterAttack,
    MonsterTurn,
    Moving,
    QuestOffer,
    Ramming,
    Reinforcing,
    Resolving,
    Revealing,
    State,
    Turn,
    View,
    Window,
)
from ._vocab.movement import AddMove
from ._vocab.rolls import AddRange

__all__ = ["validate"]


def _fail(path: str, detail: str) -> NoReturn:
    raise StateFormatError(path, detail)


def _int(value: Any, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        _fail(path, f"expected a whole number from {low} to {high}, got {value!r}")
    return value


def validate(position: State | View) -> None:
    """Check a :class:`State` or :class:`View` (one built by hand, say) against the rules.

    Raises:
        tabletop_rules.StateFormatError: ``path`` names the offending field relative to the value
            (``"$.heroes[0].damage"``), ``detail`` what is wrong.
    """
    if not isinstance(position, State | View):
        _fail("$", f"expected a grimheim State or View, got {type(position).__name__}")
    config = position.config
    if not isinstance(config, Config):
        _fail("$.config", "expected a grimheim Config")
    is_view = isinstance(position, View)
    if isinstance(position, State) and not isinstance(position.rng, Rng):
        _fail("$.rng", "expected an Rng")
    if isinstance(position, View):
        _int(position.seat, "$.seat", 0, len(config.heroes) - 1)
    geo = config.geo
    spots = len(config.pack.time.short if config.track == "short" else config.pack.time.long)
    start = 2 + 2 * len(config.heroes)
    _int(position.town, "$.town", 0, max(start, TOWN_LIMIT))  # cards add pieces (G27)
    _int(position.time, "$.time", 0, spots - 1)
    heroes = position.heroes
    if not isinstance(heroes, tuple) or len(heroes) != len(config.heroes):
        _fail("$.heroes", f"expected the {len(config.heroes)} heroes of the config")
    if isinstance(position, State):
        _no_blanks(position)
    taken: dict[int, str] = {}
    for i, hero in enumerate(heroes):
        _check_hero(position, i, hero, is_view)
        if hero.at != geo.town:
            if hero.at in taken:
                _fail(f"$.heroes[{i}].at", "two characters in one area")
            taken[hero.at] = hero.id
    _check_monsters(position, taken)
    _check_monster_decks(position, is_view)
    for i, bonus in enumerate(position.bonus):
        if bonus not in {(b.kind, geo.index[_hex(b.at)], b.amount) for b in config.pack.map.bonus}:
            _fail(f"$.bonus[{i}]", "not a set-up bonus of the map")
    if len(set(position.bonus)) != len(position.bonus):
        _fail("$.bonus", "a bonus twice")
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
            _fail(group.path, f"{group.blanks} hidden cards, but {len(group.pool)} not seen")


def _same_cards(shown: tuple[str, ...], seen: tuple[str, ...], path: str, view: View) -> None:
    """``seen`` is what the seat may see of ``shown`` (its blanks written ``"?"``)."""
    for j, (card, may) in enumerate(zip(shown, seen, strict=True)):
        if card and not may:
            _fail(f"{path}[{j}]", f"seat {view.seat} may not see this card")
        if not card and may:
            _fail(f"{path}[{j}]", f"seat {view.seat} sees this card: a view names it")


def _no_blanks(state: State) -> None:
    """Only a view writes hidden cards as ``""``."""
    for colour in ("yellow", "red"):
        if "" in getattr(state, colour):
            _fail(f"$.{colour}", "a state names every card")
    for i, hero in enumerate(state.heroes):
        for name in ("hand", "events", "discard", "abilities", "equipment", "retired"):
            if "" in getattr(hero, name, ()):
                _fail(f"$.heroes[{i}].{name}", "a state names every card")


def _hex(point: tuple[int, int]) -> Any:
    from ._map import Hex

    return Hex(*point)


def _check_hero(position: State | View, i: int, hero: Any, is_view: bool) -> None:
    path = f"$.heroes[{i}]"
    config = position.config
    geo = config.geo
    if not isinstance(hero, Hero) or hero.id != config.heroes[i]:
        _fail(path, f"expected hero {config.heroes[i]!r}")
    at = _int(hero.at, f"{path}.at", 0, geo.town)
    _int(hero.gold, f"{path}.gold", 0, GOLD_LIMIT)
    _int(hero.upgrades, f"{path}.upgrades", 0, upgrade_limit(config.pack, hero.id))
    deck = {c.id: c for d in config.pack.decks if d.hero == hero.id for c in d.cards}
    in_play: list[str] = []
    health = 0
    for j, card in enumerate(hero.cards):
        where = f"{path}.cards[{j}]"
        if not isinstance(card, CardState) or card.id not in deck:
            _fail(where, f"not a card of {hero.id}")
        printed = deck[card.id]
        if printed.kind == "event":
            _fail(where, "an event card is never in play")
        _int(card.side, f"{where}.side", 1, len(printed.sides))
        _int(card.mana, f"{where}.mana", 0, MANA_LIMIT)
        _int(card.damage, f"{where}.damage", 0, printed.durability)
        _int(card.counters, f"{where}.counters", 0, max(MOST, printed.counters))
        health += printed.sides[card.side - 1].health
        in_play.append(card.id)
    kinds = Counter(deck[c].kind for c in in_play)
    if kinds["hero"] != 1:
        _fail(f"{path}.cards", "the hero card is in play, once")
    if sum(deck[c].main_weapon for c in in_play) > 1:
        _fail(f"{path}.cards", "one main weapon in play at most")
    climbs = any("climb" in deck[c.id].sides[c.side - 1].traits for c in hero.cards)
    if not geo.hero_can_enter[at] and not (climbs and geo.terrain[at] == "mountain"):
        _fail(f"{path}.at", "a hero cannot stand there")
    _int(hero.damage, f"{path}.damage", 0, max(0, health - 1))
    top = hero.equipment[0] if hero.equipment and hero.equipment[0] else None
    quest = deck[top].quest if top is not None else None
    goal = max((way.goal for way in quest.ways), default=0) if quest is not None else 0
    if top is not None or hero.quest:
        _int(hero.quest, f"{path}.quest", 0, max(0, goal - 1))
    limit = 4 + sum(deck[c.id].sides[c.side - 1].hand_limit for c in hero.cards if c.id in deck)
    if len(hero.hand) > limit:
        _fail(f"{path}.hand", f"at most {limit} cards in hand")
    for name in ("abilities", "equipment"):
        known = getattr(hero, f"known_{name}")
        _int(known, f"{path}.known_{name}", 0, len(getattr(hero, name)))
    places = [*in_play, *hero.abilities, *hero.equipment, *hero.retired]
    shown = [c for c in places if c]
    expected = sorted(c.id for c in deck.values() if c.kind in ("hero", "ability", "equipment"))
    if len(places) != len(expected) or any(c not in expected for c in shown):
        _fail(path, "every hero, ability and equipment card is in play, in a deck or retired")
    if len(set(shown)) != len(shown):
        _fail(path, "a card is in two places")
    for card_id in shown:
        if deck[card_id].kind not in ("hero", "ability", "equipment"):
            _fail(path, f"{card_id!r} is misplaced")
    for name, kind in (("abilities", "ability"), ("equipment", "equipment")):
        if any(c and deck[c].kind != kind for c in getattr(hero, name)):
            _fail(f"{path}.{name}", f"only {kind} cards")
    if any(deck[c].kind != "equipment" for c in hero.retired):
        _fail(f"{path}.retired", "only equipment is retired")
    copies = Counter({c.id: c.count for c in deck.values() if c.kind == "event"})
    held = Counter(c for c in (*hero.hand, *hero.events, *hero.discard) if c)
    hidden = sum(1 for c in (*hero.hand, *hero.events) if not c)
    if any(card not in copies for card in held) or held - copies:
        _fail(path, "more copies of an event card than the deck has")
    if sum(held.values()) + hidden != sum(copies.values()):
        _fail(path, "every event card is in the hand, the deck or the discard pile")
    if list(hero.hand) != sorted(hero.hand) or list(hero.discard) != sorted(hero.discard):
        _fail(path, "hand and discard pile are kept sorted")
    if config.explicit and not is_view and list(hero.events) != sorted(hero.events):
        _fail(f"{path}.events", "in explicit chance mode the event deck is unordered (sorted)")


def _check_turn(position: State | View, turn: Turn) -> None:
    """The cards used this turn are the hero's; the range and move bonuses are what their cards
    can add."""
    hero = position.heroes[turn.hero]
    deck = next(d for d in position.config.pack.decks if d.hero == hero.id)
    for i, card in enumerate(turn.used):
        if all(c.id != card for c in deck.cards):
            _fail(f"$.turn.used[{i}]", f"{card!r} is not a card of {hero.id}")
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
        _int(getattr(turn, name), f"$.turn.{name}", 0, BONUS_LIMIT if unlimited else most)
    if type(turn.stay) is not bool:
        _fail("$.turn.stay", "expected true or false")


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
            _fail(path, "expected a monster")
        at = _int(monster.at, f"{path}.at", 0, geo.town - 1)
        if at <= previous:
            _fail(path, "monsters are kept in area order, one per area")
        previous = at
        if at in taken:
            _fail(f"{path}.at", f"{taken[at]} stands there: one character per area")
        if not geo.monster_can_enter[at]:
            _fail(f"{path}.at", f"a monster cannot stand on {geo.terrain[at]}")
        seen.add(at)
        legend = monster.kind in {leg.id for leg in config.pack.monsters.legends}
        if legend:
            _int(monster.side, f"{path}.side", 1, 2)
            if monster.kind in legends:
                _fail(path, f"{monster.kind!r} is on the board twice")
            legends.add(monster.kind)
        elif monster.kind in {k.id for k in config.pack.monsters.kinds}:
            if monster.side != 0:
                _fail(f"{path}.side", "only legends have sides")
            count[monster.kind] += 1
        else:
            _fail(f"{path}.kind", f"unknown monster {monster.kind!r}")
        printed = info(config, monster)
        bonus = printed.faction == "dead" and monster.kind != "queen" and queen_ii
        _int(monster.damage, f"{path}.damage", 0, printed.health + bonus - 1)
        _int(monster.bounty, f"{path}.bounty", 0, MOST)
        if type(monster.pinned) is not bool:
            _fail(f"{path}.pinned", "expected true or false")
        if monster.pinned_by and monster.pinned_by not in config.cards:
            _fail(f"{path}.pinned_by", f"unknown card {monster.pinned_by!r}")
    for kind in config.pack.monsters.kinds:
        if count[kind.id] > kind.count:
            _fail("$.monsters", f"more {kind.id}s than the supply holds")


def _check_monster_decks(position: State | View, is_view: bool) -> None:
    config = position.config
    cards = {c.id: c for c in config.pack.monster_cards}
    held_legends = set()
    for i, card_id in enumerate(position.held):
        card = cards.get(card_id)
        if card is None or card.legend is None:
            _fail(f"$.held[{i}]", "only legend cards are held")
        on_board = [m for m in position.monsters if m.kind == card.legend]
        side = 1 if card.deck == "yellow" else 2
        if not on_board or on_board[0].side != side:
            _fail(f"$.held[{i}]", f"{card_id!r} is held while its legend is on the board")
        held_legends.add(card.legend)
    for monster in position.monsters:
        if info(config, monster).legend and monster.kind not in held_legends:
            _fail("$.held", f"the card of {monster.kind!r} is held while it is on the board")
    if len(set(position.held)) != len(position.held):
        _fail("$.held", "a card held twice")
    for colour in ("yellow", "red"):
        deck = getattr(position, colour)
        known = _int(getattr(position, f"{colour}_known"), f"$.{colour}_known", 0, len(deck))
        expected = Counter(c for c, card in cards.items() if card.deck == colour)
        held = Counter(c for c in position.held if cards[c].deck == colour)
        found = Counter(c for c in deck if c) + held
        blanks = sum(1 for c in deck if not c)
        if any(c not in expected for c in found) or found - expected:
            _fail(f"$.{colour}", f"only the {colour} monster cards, each once")
        if sum(found.values()) + blanks != sum(expected.values()):
            _fail(f"$.{colour}", f"every {colour} monster card is in the deck or held")
        hidden = list(deck[: len(deck) - known])
        if config.explicit and not is_view and hidden != sorted(hidden):
            _fail(f"$.{colour}", "in explicit chance mode the unknown cards are unordered (sorted)")


def _check_flow(position: State | View, spots: int) -> None:
    from ._flow import current
    from ._work import Work

    n = len(position.heroes)
    config = position.config
    if position.won is not None:
        if position.frames or position.turn is not None:
            _fail("$.frames", "nothing is pending once the game is over")
        if position.won != (position.town > 0):
            _fail("$.won", "the game is won exactly when the town stands at the end")
        if position.won and position.time != spots - 1:
            _fail("$.won", "the game is won only after the last spot")
        return
    if position.town == 0:
        _fail("$.town", "a town with no piece left has fallen: the game is over")
    if position.turn is not None:
        if not isinstance(position.turn, Turn):
            _fail("$.turn", "expected a Turn")
        _int(position.turn.hero, "$.turn.hero", 0, n - 1)
        if position.time == spots - 1:
            _fail("$.turn", "no hero takes a turn on the last spot: its monster turn ends the game")
        actions = position.turn.actions
        if len(actions) > 2 or len(set(actions)) != len(actions):
            _fail("$.turn.actions", "at most two different actions a turn")
        _check_turn(position, position.turn)
    elif not any(isinstance(f, MonsterTurn) for f in position.frames):
        _fail("$.frames", "no hero turn and no monster turn")
    elif position.time == 0:
        _fail("$.time", "a monster turn comes after the time marker has moved from the first spot")
    for i, frame in enumerate(position.frames):
        _check_frame(position, f"$.frames[{i}]", frame, n)
    try:
        asked = current(Work.of(position))
    except (AssertionError, IndexError, KeyError, ValueError) as exc:
        _fail("$.frames", f"the pending decisions do not fit the position ({exc})")
    if asked == CHANCE and not config.explicit:
        _fail("$.frames", "in sampled chance mode nothing waits on chance: the generator draws")


def _known_cards(position: State | View, path: str, cards: tuple[str, ...]) -> None:
    for i, card in enumerate(cards):
        if card not in position.config.cards:
            _fail(f"{path}[{i}]", f"unknown card {card!r}")


def _check_frame(position: State | View, path: str, frame: Any, n: int) -> None:
    town = position.config.geo.town
    seats = [
        getattr(frame, name)
        for name in ("hero",)
        if isinstance(
            frame, HeroAttack | Resolving | Moving | Granted | EndOfTurn | Drawing | Revealing
        )
    ]
    for seat in seats:
        _int(seat, f"{path}.hero", 0, n - 1)
    if isinstance(frame, Window | Ambush) and (
        not frame.seats
        or any(type(s) is not int or not 0 <= s < n for s in frame.seats)
        or len(set(frame.seats)) != len(frame.seats)
    ):
        _fail(f"{path}.seats", "seats of the game, each once")
    if isinstance(frame, HeroAttack):
        _int(frame.target, f"{path}.target", 0, town - 1)
        limit = roll_limit(position.config)
        for i, count in enumerate(frame.rolled):
            _int(count, f"{path}.rolled[{i}]", 0, limit)
        if sum(frame.rolled) > limit:
            _fail(f"{path}.rolled", f"more than the {limit} dice one roll can have")
        _int(frame.dice, f"{path}.dice", 0, limit - sum(frame.rolled))
        if frame.dice + sum(frame.rolled) == 0:
            _fail(f"{path}.dice", "a roll has dice: one to roll, or some rolled")
        _int(frame.bonus, f"{path}.bonus", 0, 400)
        for i, key in enumerate(frame.played):
            card_id, _, index = key.rpartition("#")
            printed = position.config.cards.get(card_id)
            uses = max((len(s.uses) for s in printed.sides), default=0) if printed else 0
            if not index.isdigit() or int(index) >= uses:
                _fail(f"{path}.played[{i}]", f"not a use of a card: {key!r}")
        _known_cards(position, f"{path}.used", frame.used)
        if frame.granted_by:
            _known_cards(position, f"{path}.granted_by", (frame.granted_by,))
        for i, count in enumerate(frame.last):
            _int(count, f"{path}.last[{i}]", 0, limit)
        _int(frame.runes_seen, f"{path}.runes_seen", 0, limit)
        fault = frame.fault()
        if fault is not None:
            _fail(f"{path}.{fault[0]}", fault[1])
        _int(frame.split[0], f"{path}.split[0]", -1, town - 1)
        _int(frame.split[1], f"{path}.split[1]", 0, 400)
        if frame.phase not in ("roll", "excess", "after"):
            _fail(f"{path}.phase", "roll, excess or after")
        if frame.phase != "roll" and frame.dice:
            _fail(f"{path}.dice", "an attack past its roll has no dice to roll")
        _int(frame.excess, f"{path}.excess", 0 if frame.phase != "excess" else 1, 400)
        if frame.phase != "excess" and frame.excess:
            _fail(f"{path}.excess", "only the excess phase has damage to spare")
        _int(frame.killed, f"{path}.killed", -1, town - 1)
        if type(frame.mine) is not bool or (frame.mine and not frame.action):
            _fail(f"{path}.mine", "only an attack action attacks a mountain")
    if isinstance(frame, Resolving):
        card = position.config.cards.get(frame.card)
        if card is None:
            _fail(f"{path}.card", "unknown card")
        if frame.quest:
            if card.quest is None:
                _fail(f"{path}.card", "a quest completed for a card with no quest")
            _int(frame.use, f"{path}.use", 0, len(card.quest.ways) - 1)
            steps = len(card.quest.ways[frame.use].cost) + 1
        else:
            _int(frame.use, f"{path}.use", 0, max(len(side.uses) for side in card.sides) - 1)
            steps = max(len(s.uses[frame.use].steps) for s in card.sides if frame.use < len(s.uses))
        _int(frame.x, f"{path}.x", 0, MOST)
        _int(frame.step, f"{path}.step", 0, steps)
        _int(frame.bound, f"{path}.bound", -1, town - 1)
        for i, pick in enumerate(frame.picked):
            if type(pick) is int:
                _int(pick, f"{path}.picked[{i}]", 0, town - 1)
            elif not isinstance(pick, str) or pick not in position.config.cards:
                _fail(f"{path}.picked[{i}]", "an area, a seat or a card")
    if isinstance(frame, Moving):
        _int(frame.areas, f"{path}.areas", 1, 20)
        if frame.card:
            card = position.config.cards.get(frame.card)
            if card is None:
                _fail(f"{path}.card", "unknown card")
            _int(frame.use, f"{path}.use", 0, max(len(side.uses) for side in card.sides) - 1)
            _int(frame.step, f"{path}.step", 0, 50)
    if isinstance(frame, GoldOffer):
        for name in ("giver", "receiver", "asked"):
            _int(getattr(frame, name), f"{path}.{name}", 0, n - 1)
        if frame.giver == frame.receiver or frame.asked not in (frame.giver, frame.receiver):
            _fail(path, "gold goes between two heroes, and the other one is asked")
        _int(frame.amount, f"{path}.amount", 1, position.heroes[frame.giver].gold)
    if isinstance(frame, QuestOffer):
        _int(frame.hero, f"{path}.hero", 0, n - 1)
        card = position.config.cards.get(frame.card)
        if card is None or card.quest is None:
            _fail(f"{path}.card", "an equipment card with a quest")
        _int(frame.way, f"{path}.way", 0, len(card.quest.ways) - 1)
        _int(frame.gold, f"{path}.gold", 0, MOST)
    if isinstance(frame, Ramming):
        _int(frame.hero, f"{path}.hero", 0, n - 1)
        _int(frame.at, f"{path}.at", 0, town - 1)
        _int(frame.left, f"{path}.left", 0, 20)
    if isinstance(frame, MonsterAttack):
        _int(frame.attacker, f"{path}.attacker", 0, town - 1)
        _int(frame.target, f"{path}.target", -1, n - 1)
        _int(frame.dice, f"{path}.dice", 0, roll_limit(position.config))
        _int(frame.hits, f"{path}.hits", 0, 2 * roll_limit(position.config))
        _int(frame.damage, f"{path}.damage", -1, 400)  # -1: not rolled yet
        _int(frame.again, f"{path}.again", 0, 1)
        _known_cards(position, f"{path}.used", frame.used)
        if frame.target < 0 and (frame.dice or frame.hits or frame.damage != -1):
            _fail(path, "an attack with no target yet has not rolled")
        if frame.target >= 0 and frame.damage < 0 and not frame.dice:
            _fail(f"{path}.dice", "an attack about to roll has dice")
        if frame.damage >= 0 and (frame.dice or frame.hits < frame.damage):
            _fail(path, "a rolled attack has no dice left, and deals at most its hits")
    if isinstance(frame, Window):
        _known_cards(position, f"{path}.used", frame.used)
        _int(frame.attacker, f"{path}.attacker", -1, town - 1)
    if isinstance(frame, MonsterTurn):
        _int(frame.bonus, f"{path}.bonus", 0, 1)
        _known_cards(position, f"{path}.used", frame.used)
        if any(type(a) is not int or not 0 <= a < town for a in frame.order):
            _fail(f"{path}.order", "areas of the board")
        if len(set(frame.order)) != len(frame.order):
            _fail(f"{path}.order", "each monster attacks once")
    if isinstance(frame, Reinforcing):
        _int(frame.cards, f"{path}.cards", 0, 4)
        _int(frame.tries, f"{path}.tries", 0, 64)
    if isinstance(frame, Drawing):
        _int(frame.count, f"{path}.count", 0, 8)
