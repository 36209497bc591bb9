"""The action space and the observation vector of Defenders of Grimheim, for learning agents.

The space is a table of every action a config can offer, kind by kind (see :func:`action_space`);
the observation is one flat vector: per-area planes, then vectors for the town, the time, the
turn, the decision, each hero, each of the heroes' cards, each event card and each monster card
(see :func:`observation` and the documentation's *Action spaces and observations* page).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Final

from tabletop_rules import ActionSpace, Marks, Observer, TableSpace

from . import _actions
from ._actions import Action
from ._cards import ACTIONS, MOST, Card
from ._content import Pack
from ._limits import GOLD_LIMIT, deck_of
from ._query import roll_limit
from ._rules import current_player
from ._state import FRAMES, Config, HeroAttack, MonsterAttack, View
from ._vocab.costs import Mana

GIFT_LIMIT: Final = GOLD_LIMIT
"""The largest :class:`~grimheim.GiveGold` amount in the space: all a hero can hold
(:data:`~grimheim.GOLD_LIMIT`), so every gift is in it."""

_TERRAINS: Final = ("plains", "forest", "mountain", "lake", "town")
_BONUS: Final = ("damage", "mana", "gold")


def _cards(config: Config) -> tuple[Card, ...]:
    """Every card of the configured heroes' decks, hero by hero in seat order, in deck order."""
    return tuple(card for hero in config.heroes for card in deck_of(config.pack, hero))


def _holds_mana(card: Card) -> bool:
    return any(
        side.mana_gen > 0 or any(isinstance(c, Mana) for u in side.uses for c in u.cost)
        for side in card.sides
    )


def _rolls(limit: int) -> Iterator[_actions.Roll]:
    for n in range(limit + 1):
        for h in range(n, -1, -1):
            for c in range(n - h, -1, -1):
                for r in range(n - h - c, -1, -1):
                    yield _actions.Roll(h, c, r, n - h - c - r)


def _universe(config: Config) -> Iterator[Action]:
    geo = config.geo
    hexes = geo.hexes
    seats = range(len(config.heroes))
    cards = _cards(config)
    kept = [c.id for c in cards if c.kind != "event"]
    mana = [c.id for c in cards if c.kind != "event" and _holds_mana(c)]
    equipment = [c.id for c in cards if c.kind == "equipment"]
    events = list(dict.fromkeys(c.id for c in cards if c.kind == "event"))
    yield from (_actions.MoveTo(h) for h in hexes)
    yield from (_actions.Attack(h) for h in hexes)
    yield _actions.Prepare()
    yield from (_actions.Focus(c) for c in mana)
    yield _actions.Mend()
    yield from (_actions.Mend(c) for c in equipment)
    yield _actions.Practice()
    for card in cards:
        longest = max(len(side.uses) for side in card.sides)
        for i in range(longest):
            xs: set[int] = set()
            for side in card.sides:
                if i < len(side.uses):
                    x = side.uses[i].x
                    top = (x.max if isinstance(x.max, int) else MOST) if x is not None else 0
                    xs.update([0] if x is None else range(x.min, top + 1))
            yield from (_actions.Use(card.id, i, x) for x in sorted(xs))
    yield _actions.CompleteQuest()
    yield from (_actions.Discard(c) for c in events)
    yield from (_actions.GiveGold(s, n) for s in seats for n in range(1, GIFT_LIMIT + 1))
    yield from (_actions.RequestGold(s, n) for s in seats for n in range(1, GIFT_LIMIT + 1))
    yield _actions.AcceptGold()
    yield _actions.RefuseGold()
    yield _actions.DeclineQuest()
    yield _actions.TakeBonus()
    yield from (_actions.TakeBonus(c) for c in mana)
    yield _actions.EndTurn()
    yield from (_actions.Target(h) for h in hexes)
    yield from (_actions.TargetHero(s) for s in seats)
    yield from (_actions.TargetCard(c) for c in dict.fromkeys([*equipment, *mana, *kept, *events]))
    yield _actions.StopTargets()
    yield _actions.SkipMove()
    yield _actions.ResolveAttack()
    yield _actions.Upgrade()
    yield from (_actions.Upgrade(c.id) for c in cards if c.kind in ("hero", "ability"))
    yield _actions.DeclineUpgrade()
    yield from (_actions.DiscardToDraw(c) for c in events)
    yield _actions.SkipDraw()
    yield _actions.SwapTop("abilities")
    yield _actions.SwapTop("equipment")
    yield _actions.SkipSwap()
    yield _actions.PassWindow()
    yield _actions.DeclinePrevention()
    yield from (_actions.PlaceGoblin(h) for h in hexes)
    yield from _rolls(roll_limit(config))
    yield from (_actions.DieFace(f) for f in sorted(set(config.pack.dice.monster)))
    drawn = [*events, *(c for c in kept if config.cards[c].kind in ("ability", "equipment"))]
    drawn += [c.id for c in config.pack.monster_cards]
    yield from (_actions.Drawn(c) for c in dict.fromkeys(drawn))


@functools.lru_cache(maxsize=64)
def _space(heroes: tuple[str, ...], pack: Pack) -> TableSpace[Action]:
    return TableSpace(_universe(Config(heroes, pack=pack)))


def action_space(config: Config) -> ActionSpace[Action]:
    """Every action a game with ``config``'s heroes and pack can offer, in this order:
    :class:`MoveTo` and :class:`Attack` each area (the map's areas in order, then
    :data:`GRIMHEIM`); :class:`Prepare`; :class:`Focus` each card that holds mana;
    :class:`Mend` (then of each equipment card); :class:`Practice`; :class:`Use` of each use
    of each card of the heroes' decks with each mana ``x`` its cost allows; :class:`CompleteQuest`;
    :class:`Discard` each event; :class:`GiveGold` to each seat, 1 to :data:`GIFT_LIMIT` gold;
    :class:`TakeBonus` (then for each mana card); :class:`EndTurn`; :class:`Target` each area;
    :class:`TargetHero` each seat; :class:`TargetCard` each equipment and mana card;
    :class:`StopTargets`, :class:`SkipMove`, :class:`ResolveAttack`; :class:`Upgrade` (then of
    each hero and ability card); :class:`DeclineUpgrade`; :class:`DiscardToDraw` each event;
    :class:`SkipDraw`; :class:`SwapTop` of each deck; :class:`SkipSwap`, :class:`PassWindow`,
    :class:`DeclinePrevention`; :class:`PlaceGoblin` each area; chance's :class:`Roll` of 0 to
    :func:`roll_limit` dice (fewer dice first, then most hits first), :class:`DieFace` each
    face, and :class:`Drawn` each event, ability, equipment and monster card. Cards come hero by
    hero in seat order, each deck in its file's order. Only the heroes and the pack matter; a
    table built once per pair.

    >>> space = action_space(Config())
    >>> space.size, space.index(EndTurn())
    (17402, 1652)
    >>> space.action(space.index(Roll(2, 0, 1, 3)))
    Roll(hits=2, covers=0, runes=1, misses=3)
    """
    return _space(config.heroes, config.pack)


# -- observations ----------------------------------------------------------------------------


def _kinds(pack: Pack) -> tuple[str, ...]:
    return (*(k.id for k in pack.monsters.kinds), *(leg.id for leg in pack.monsters.legends))


def _events(config: Config) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c.id for c in _cards(config) if c.kind == "event"))


def _layout(config: Config) -> tuple[tuple[str, int], ...]:
    """The segments of the vector, each ``(name, length)``, in order."""
    areas = config.geo.town + 1
    seats = len(config.heroes)
    planes = len(_TERRAINS) + 1 + len(_kinds(config.pack)) + 6 + seats + len(_BONUS)
    return (
        ("areas", planes * areas),
        ("game", 9),
        ("turn", seats + 1 + len(ACTIONS) + 1),
        ("decision", seats + 1 + len(FRAMES) + 1 + seats),
        ("attack", 10),
        ("heroes", seats * 11),
        ("cards", len(_cards(config)) * 9),
        ("events", len(_events(config)) * 2),
        ("monster_cards", len(config.pack.monster_cards) * 2),
    )


def observation_shape(config: Config) -> tuple[int]:
    """The shape of every observation of a game with ``config``: one flat vector, the segments
    of an observation end to end.

    An observation (:func:`~grimheim.observation`) shows a view as one flat vector of floats,
    segment after segment (``A`` areas: the map's then Grimheim; ``n`` seats):

    * ``areas`` — planes of ``A`` values, plane after plane: terrain one-hot (plains, forest,
      mountain, lake, town), road, a monster of each kind then each legend (1), a legend on
      its red side, monster damage, a pinned monster (1), the bounty on a monster, the monster
      attacking now, the monster a hero's attack targets, each seat's hero (1), bonus markers
      of each kind (damage, mana, gold: their number);
    * ``game`` — town pieces, time spot, yellow and red deck sizes, their known bottoms, legend
      cards held, won (1), lost (1);
    * ``turn`` — whose hero turn (one-hot of ``n``, then 1 in the monster turn), the action
      markers used (one per action of the player board), the range bonus;
    * ``decision`` — who answers (one-hot of ``n``, then chance), the innermost pending frame
      (one-hot of its kind, then "none"), the viewing seat (one-hot);
    * ``attack`` — a hero's roll: dice to roll, hits, hits unless cover, runes, misses, damage
      bonus, damage to spare after a kill; a monster's attack: dice to roll, hits, damage
      (``-1`` until rolled);
    * ``heroes`` — per seat: damage, gold, upgrades, hand size, event deck, discard, ability
      deck and equipment deck sizes, known ability and equipment bottoms, quest progress;
    * ``cards`` — per card of the heroes' decks (hero by hero): in play, on side II, mana,
      damage, markers, uses this turn, face up on top of its deck, known at the bottom,
      retired;
    * ``events`` — per event card: copies in the viewer's hand, copies in its hero's discard;
    * ``monster_cards`` — per monster card: known at the bottom of its deck, held.

    Nothing a view hides (other hands, deck orders) is read, so every redeal of a view gives
    the same observation.

    >>> import grimheim as gh
    >>> observation_shape(Config())
    (8523,)
    >>> state = gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=1)
    >>> len(gh.observation(gh.view(state, 0))) == observation_shape(state.config)[0]
    True
    """
    return (sum(size for _, size in _layout(config)),)


def observation_bounds(config: Config) -> tuple[float, float]:
    """The lowest and highest number of any observation with ``config``: ``-1`` (a monster's
    damage not rolled yet) and the most any stored number may hold (400, the bound of a
    roll's damage, unless a count of the config is larger).

    >>> observation_bounds(Config())
    (-1.0, 400.0)
    """
    counts = (len(config.pack.monster_cards), len(_cards(config)), 2 * roll_limit(config))
    return -1.0, float(max(400, *counts))


def _background(config: Config) -> list[float]:
    """The numbers every observation of ``config`` starts from: the terrain and road planes."""
    geo = config.geo
    areas = geo.town + 1
    values = [0.0] * observation_shape(config)[0]
    for a, kind in enumerate(geo.terrain):
        values[_TERRAINS.index(kind) * areas + a] = 1.0
    road = len(_TERRAINS) * areas
    for a, on_road in enumerate(geo.road):
        values[road + a] = float(on_road)
    return values


@functools.lru_cache(maxsize=64)
def _starts(config: Config) -> dict[str, int]:
    """Where each segment of :func:`_layout` starts."""
    found, at = {}, 0
    for name, size in _layout(config):
        found[name] = at
        at += size
    return found


def _mark(position: View, marks: Marks) -> None:
    """The numbers of :func:`observation` beyond the terrain and road of its config."""
    config = position.config
    areas = config.geo.town + 1
    seats = len(config.heroes)
    kinds = _kinds(config.pack)
    starts = _starts(config)
    points = marks.points

    def plane(number: int) -> int:
        return (len(_TERRAINS) + 1 + number) * areas

    red_side, damage, pinned, bounty_on, attacker, targeted = (
        plane(len(kinds) + i) for i in range(6)
    )
    for m in position.monsters:
        at = m.at
        points[plane(kinds.index(m.kind)) + at] = 1.0
        if m.side == 2:
            points[red_side + at] = 1.0
        if m.damage:
            points[damage + at] = float(m.damage)
        if m.pinned:
            points[pinned + at] = 1.0
        if m.bounty:
            points[bounty_on + at] = float(m.bounty)
    hero_attack = next((f for f in reversed(position.frames) if isinstance(f, HeroAttack)), None)
    monster_attack = next(
        (f for f in reversed(position.frames) if isinstance(f, MonsterAttack)), None
    )
    if monster_attack is not None:
        points[attacker + monster_attack.attacker] = 1.0
    if hero_attack is not None:
        points[targeted + hero_attack.target] = 1.0
    for s, hero in enumerate(position.heroes):
        points[plane(len(kinds) + 6 + s) + hero.at] = 1.0
    bonus = plane(len(kinds) + 6 + seats)
    for kind, a, amount in position.bonus:
        at = bonus + _BONUS.index(kind) * areas + a
        points[at] = points.get(at, 0.0) + float(amount)

    won = position.won
    at = marks.put(
        starts["game"],
        (
            float(position.town),
            float(position.time),
            float(len(position.yellow)),
            float(len(position.red)),
            float(position.yellow_known),
            float(position.red_known),
            float(len(position.held)),
            float(won is True),
            float(won is False),
        ),
    )

    turn = position.turn
    points[at + (turn.hero if turn is not None else seats)] = 1.0
    at += seats + 1
    if turn is not None:
        for i, kind in enumerate(ACTIONS):
            if kind in turn.actions:
                points[at + i] = 1.0
        points[at + len(ACTIONS)] = float(turn.range_bonus)

    at = starts["decision"]
    asking = current_player(position)
    if asking is not None:
        points[at + (asking if asking >= 0 else seats)] = 1.0
    at += seats + 1
    points[at + (FRAMES.index(type(position.frames[-1])) if position.frames else len(FRAMES))] = 1.0
    points[at + len(FRAMES) + 1 + position.seat] = 1.0

    at = starts["attack"]
    if hero_attack is not None:
        marks.put(
            at,
            (
                float(hero_attack.dice),
                *map(float, hero_attack.rolled),
                float(hero_attack.bonus),
                float(hero_attack.excess),
            ),
        )
    if monster_attack is not None:
        marks.put(
            at + 7,
            (float(monster_attack.dice), float(monster_attack.hits), float(monster_attack.damage)),
        )

    at = starts["heroes"]
    for hero in position.heroes:
        at = marks.put(
            at,
            (
                float(hero.damage),
                float(hero.gold),
                float(hero.upgrades),
                float(len(hero.hand)),
                float(len(hero.events)),
                float(len(hero.discard)),
                float(len(hero.abilities)),
                float(len(hero.equipment)),
                float(hero.known_abilities),
                float(hero.known_equipment),
                float(hero.quest),
            ),
        )

    at = starts["cards"]
    used = turn.used if turn is not None else ()
    for s, hero_id in enumerate(config.heroes):
        hero = position.heroes[s]
        in_play = {c.id: c for c in hero.cards}
        tops = {deck[0] for deck in (hero.abilities, hero.equipment) if deck}
        known = {*hero.abilities[1:], *hero.equipment[1:]}
        mine = turn is not None and turn.hero == s
        for card in deck_of(config.pack, hero_id):
            state = in_play.get(card.id)
            if state is not None:
                marks.put(
                    at,
                    (
                        1.0,
                        float(state.side == 2),
                        float(state.mana),
                        float(state.damage),
                        float(state.counters),
                    ),
                )
            if mine and card.id in used:
                points[at + 5] = float(used.count(card.id))
            if card.id in tops:
                points[at + 6] = 1.0
            if card.id in known:
                points[at + 7] = 1.0
            if card.id in hero.retired:
                points[at + 8] = 1.0
            at += 9

    own_hand = position.heroes[position.seat].hand
    discards = [c for hero in position.heroes for c in hero.discard]
    at = starts["events"]
    for event in _events(config):
        if event in own_hand:
            points[at] = float(own_hand.count(event))
        if event in discards:
            points[at + 1] = float(discards.count(event))
        at += 2

    at = starts["monster_cards"]
    yellow, red, held = set(position.yellow), set(position.red), set(position.held)
    for monster_card in config.pack.monster_cards:
        if monster_card.id in (yellow if monster_card.deck == "yellow" else red):
            points[at] = 1.0
        if monster_card.id in held:
            points[at + 1] = 1.0
        at += 2


OBSERVER: Final = Observer(observation_shape, _mark, background=_background, view_type=View)
"""grimheim's observations (:func:`observation_shape` says what they hold)."""
