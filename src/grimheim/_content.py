"""Content: the map, the monsters, the monster cards, the time tracks, the dice and the heroes'
cards, as data files under ``content/``, structured into frozen attrs classes and checked on load.

The standard pack is read once (:func:`standard_pack`); a :class:`Pack` can also be built from
other data (a variant map, a new hero) and is then embedded whole in saved games.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from importlib import resources
from typing import Any, Literal, NoReturn, TypeVar

import attrs

from tabletop_rules import ContentError, PackRef, digest_of, read_content

from ._cards import CONTENT_CONVERTER, HeroDeck

T = TypeVar("T")

Terrain = Literal["plains", "forest", "mountain", "lake"]
Point = tuple[int, int]
DIRS = (1, 3, 5, 7, 9, 11)
"""The clock positions a monster path may point to (1 north-east … 11 north-west)."""


@attrs.frozen
class HexData:
    """One area of the map (Grimheim's hexes are listed apart).

    Attributes:
        x: column, in the reference data's axial coordinates.
        y: row.
        terrain: ``plains``, ``forest`` (cover), ``mountain`` (monsters only, except the Troll
            Caves) or ``lake`` (nobody, except Naglfar).
        road: whether a road runs through it.
        dir: the clock position of the monster path's next step from here, or ``None``.
        location: the id of the named place it belongs to, or ``None``.
    """

    x: int
    y: int
    terrain: Terrain
    road: bool
    dir: int | None
    location: str | None


@attrs.frozen
class Location:
    """A named place.

    Attributes:
        id: snake-case id (``troll_caves``).
        name: the display name.
        faction: the faction whose monsters its cards place, or ``None``.
        areas: its areas in ``(y, x)`` order: the order in which a monster card's pattern is
            read.
        spill: areas that take the placements of a pattern longer than ``areas`` (ruling G16).
    """

    id: str
    name: str
    faction: str | None
    areas: tuple[Point, ...]
    spill: tuple[Point, ...] = ()


@attrs.frozen
class Bonus:
    """A set-up bonus: ``amount`` markers of ``kind`` on the area ``at``.

    Attributes:
        kind: ``damage`` (removes damage), ``mana`` or ``gold``.
        amount: how many markers.
        at: the area.
    """

    kind: Literal["damage", "mana", "gold"]
    amount: int
    at: Point


@attrs.frozen
class MapData:
    """The board.

    Attributes:
        name: the map's name.
        version: its version.
        hexes: every area outside Grimheim, in ``(y, x)`` order.
        grimheim: the seven hexes of the town, one area.
        locations: the named places.
        bonus: the set-up bonus markers.
    """

    name: str
    version: int
    hexes: tuple[HexData, ...]
    grimheim: tuple[Point, ...]
    locations: tuple[Location, ...]
    bonus: tuple[Bonus, ...]


@attrs.frozen
class MonsterNumbers:
    """The printed numbers of a monster: of an ordinary kind, or of one side of a legend.

    Attributes:
        faction: ``trollkin``, ``fire_horde`` or ``dead`` (``wyrm`` for Nidhuggr).
        rank: 1 to 3, also the gold it is worth (0 for a legend).
        strength: attack dice.
        health: damage that kills it.
        xp: gold for killing it.
        move: areas per monster turn.
        armor: damage it prevents each time it is damaged.
        range: attack range.
    """

    faction: str
    rank: int
    strength: int
    health: int
    xp: int
    move: int
    armor: int
    range: int


@attrs.frozen
class MonsterKind(MonsterNumbers):
    """A kind of ordinary monster: its :class:`MonsterNumbers` and these.

    Attributes:
        id: ``goblin``, ``brute`` …
        name: display name.
        count: how many the supply holds.
    """

    id: str
    name: str
    count: int


@attrs.frozen
class Faction:
    """A monster faction.

    Attributes:
        id: ``trollkin``, ``fire_horde`` or ``dead``.
        name: display name.
        letters: pattern letter → monster kind id.
        locations: the locations whose cards place this faction.
    """

    id: str
    name: str
    letters: dict[str, str]
    locations: tuple[str, ...]


@attrs.frozen
class LegendSide:
    """The numbers of one side of a legend (1 yellow, 2 red).

    Attributes:
        side: 1 or 2.
        strength: attack dice (0 where its attack is special).
        health: damage that kills it.
        xp: gold for killing it.
        move: areas per monster turn.
        armor: damage prevented each time it is damaged.
        range: attack range.
    """

    side: int
    strength: int
    health: int
    xp: int
    move: int
    armor: int
    range: int


@attrs.frozen
class Legend:
    """A legend monster.

    Attributes:
        id: ``queen``, ``seer``, ``grendel``, ``surt``, ``hrungbald`` or ``nidhuggr``.
        name: display name.
        faction: its faction (``wyrm`` for Nidhuggr, which has none of the three).
        sides: side 1 (yellow) and side 2 (red).
    """

    id: str
    name: str
    faction: str
    sides: tuple[LegendSide, ...]


@attrs.frozen
class Monsters:
    """The monster supply.

    Attributes:
        kinds: the ordinary monsters.
        factions: the three factions.
        legends: the six legends.
    """

    kinds: tuple[MonsterKind, ...]
    factions: tuple[Faction, ...]
    legends: tuple[Legend, ...]


@attrs.frozen
class MonsterCard:
    """A reinforcement card.

    Attributes:
        id: ``m1`` … ``m54``.
        num: its number.
        name: display name.
        deck: ``yellow`` or ``red``.
        location: where it places monsters.
        pattern: one letter per area of the location (``-`` none, ``L`` its legend, else a
            faction letter).
        legend: the legend it places, if any.
    """

    id: str
    num: int
    name: str
    deck: Literal["yellow", "red"]
    location: str
    pattern: str
    legend: str | None


@attrs.frozen
class MonsterCards:
    """The file of monster cards (``monster_cards.json``).

    Attributes:
        cards: the 54 cards.
    """

    cards: tuple[MonsterCard, ...]


@attrs.frozen
class Spot:
    """A space of the time track.

    Attributes:
        colour: the monster deck its reinforcements come from.
        kind: ``axes`` (reinforcements), ``shield`` (nothing) or ``skull`` (every monster
            charges; no reinforcements, ruling G1).
    """

    colour: Literal["yellow", "red"]
    kind: Literal["axes", "shield", "skull"]


@attrs.frozen
class TimeTracks:
    """The two time tracks.

    Attributes:
        short: 12 spots.
        long: 16 spots.
    """

    short: tuple[Spot, ...]
    long: tuple[Spot, ...]


AttackFace = Literal["miss", "rune", "hit_unless_cover", "hit"]
MonsterFace = Literal["maneuver_cw", "maneuver_ccw", "attack", "push", "charge", "ambush"]


@attrs.frozen
class Dice:
    """The faces of the attack die and of the monster die.

    Attributes:
        attack: six faces.
        monster: six faces (the variant die).
    """

    attack: tuple[AttackFace, ...]
    monster: tuple[MonsterFace, ...]


@attrs.frozen
class HeroSide:
    """One side of a hero card's numbers (from the reference data; the pack checks that the
    hero's card in ``cards/<hero>.json``, whose numbers the rules use, agrees).

    Attributes:
        side: 1 or 2.
        strength: attack dice.
        health: health.
    """

    side: int
    strength: int
    health: int


@attrs.frozen
class HeroFacts:
    """A hero's numbers and starting hex, from the reference data.

    Attributes:
        id: ``bjorn``, ``alva``, ``embla`` or ``boldur``.
        name: display name.
        sides: side 1 and side 2.
        start: the hero's hex in Grimheim (every hero starts in the town, one area).
    """

    id: str
    name: str
    sides: tuple[HeroSide, ...]
    start: Point


@attrs.frozen
class HeroFile:
    """The file of heroes (``heroes.json``).

    Attributes:
        heroes: every hero's numbers.
    """

    heroes: tuple[HeroFacts, ...]


@attrs.frozen(eq=False)
class Pack:
    """A whole content pack: everything a game needs besides its rules.

    Two packs are equal when their content is (they compare and hash by :attr:`digest`).

    Attributes:
        name: the pack's name (``standard``).
        version: raised whenever the content changes.
        map (grimheim._content.MapData): the board.
        monsters (grimheim._content.Monsters): the monster supply.
        monster_cards (tuple[grimheim._content.MonsterCard, ...]): the 54 reinforcement cards.
        time (grimheim._content.TimeTracks): the time tracks.
        dice (grimheim._content.Dice): the dice.
        heroes (tuple[grimheim._content.HeroFacts, ...]): the heroes' numbers.
        decks (tuple[grimheim._cards.HeroDeck, ...]): each hero's cards (hero card, abilities,
            equipment, events) with their effects.
        digest: SHA-256 of the pack's canonical JSON (derived, not an argument): how saved
            games name the standard pack.
    """

    name: str
    version: int
    map: MapData
    monsters: Monsters
    monster_cards: tuple[MonsterCard, ...]
    time: TimeTracks
    dice: Dice
    heroes: tuple[HeroFacts, ...]
    decks: tuple[HeroDeck, ...]
    digest: str = attrs.field(init=False, repr=False, eq=False)
    """SHA-256 of the pack's canonical JSON (derived)."""
    cache: dict[str, Any] = attrs.field(init=False, repr=False, eq=False, factory=dict)
    """Tables derived from the pack (the compiled map …), built once (an invisible cache)."""

    def __attrs_post_init__(self) -> None:
        check_pack(self)
        object.__setattr__(self, "digest", digest_of(CONTENT_CONVERTER.unstructure(self)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pack) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)


def _duplicates(ids: Iterable[str]) -> list[str]:
    return sorted(i for i, n in Counter(ids).items() if n > 1)


def _fail(where: str, detail: str) -> NoReturn:
    raise ContentError(where, detail)


def check_pack(pack: Pack) -> None:
    """Cross-references of a pack: every id it names exists and every number makes sense.

    Raises:
        tabletop_rules.ContentError: naming the place and what is wrong.
    """
    board = pack.map
    cells = {(h.x, h.y): h for h in board.hexes}
    if len(cells) != len(board.hexes):
        _fail("map.hexes", "a hex is listed twice")
    town = set(board.grimheim)
    if not town or town & cells.keys():
        _fail("map.grimheim", "Grimheim needs hexes of its own, apart from the map's")
    locations = {loc.id: loc for loc in board.locations}
    for i, h in enumerate(board.hexes):
        where = f"map.hexes[{i}]"
        if h.dir is not None:
            if h.dir not in DIRS:
                _fail(f"{where}.dir", f"not a clock position {DIRS}: {h.dir}")
            nxt = step_towards(h.x, h.y, h.dir)
            if nxt not in cells and nxt not in town:
                _fail(f"{where}.dir", f"points off the map from ({h.x}, {h.y})")
        if h.location is not None and h.location not in locations:
            _fail(f"{where}.location", f"unknown location {h.location!r}")
    if _duplicates(loc.id for loc in board.locations):
        _fail("map.locations", f"ids twice: {_duplicates(loc.id for loc in board.locations)}")
    for loc in board.locations:
        for area in (*loc.areas, *loc.spill):
            if area not in cells:
                _fail(f"map.locations[{loc.id}]", f"{area} is not an area of the map")
    for b in board.bonus:
        if b.at not in cells or b.amount < 1:
            _fail("map.bonus", f"a bonus of {b.amount} {b.kind} at {b.at}")
    monsters = pack.monsters
    kinds = {k.id: k for k in monsters.kinds}
    factions = {f.id: f for f in monsters.factions}
    legends = {leg.id: leg for leg in monsters.legends}
    for name, ids in (("kinds", kinds), ("factions", factions), ("legends", legends)):
        if len(ids) != len(getattr(monsters, name)):
            _fail(f"monsters.{name}", "an id is listed twice")
    if kinds.keys() & legends.keys():
        _fail("monsters", "a legend shares an id with a monster kind")
    for k in monsters.kinds:
        if k.faction not in factions or min(k.rank, k.strength, k.health, k.count) < 1:
            _fail(f"monsters.kinds[{k.id}]", "needs a known faction and positive numbers")
    for f in monsters.factions:
        for letter, kind in f.letters.items():
            if len(letter) != 1 or letter in "-L" or kind not in kinds:
                _fail(f"monsters.factions[{f.id}]", f"letter {letter!r} names {kind!r}")
    for leg in monsters.legends:
        if [s.side for s in leg.sides] != [1, 2] or any(s.health < 1 for s in leg.sides):
            _fail(f"monsters.legends[{leg.id}]", "needs sides 1 and 2 with health")
    if _duplicates(c.id for c in pack.monster_cards):
        _fail("monster_cards", f"ids twice: {_duplicates(c.id for c in pack.monster_cards)}")
    for card in pack.monster_cards:
        where = f"monster_cards[{card.id}]"
        place = locations.get(card.location)
        if place is None:
            _fail(where, f"unknown location {card.location!r}")
            continue
        if len(card.pattern) > len(place.areas) + len(place.spill):
            _fail(where, f"{len(card.pattern)} placements for {card.location}")
        if (card.legend is None) != ("L" not in card.pattern):
            _fail(where, "a legend card places its legend once; others place none")
        if card.legend is not None and card.legend not in legends:
            _fail(where, f"unknown legend {card.legend!r}")
        letters = factions[place.faction].letters if place.faction in factions else {}
        for letter in card.pattern:
            if letter not in "-L" and letter not in letters:
                _fail(where, f"{letter!r} is not a monster of {card.location}")
    for name in ("short", "long"):
        if not getattr(pack.time, name):
            _fail(f"time.{name}", "a time track needs spots")
    if len(pack.dice.attack) != 6 or len(pack.dice.monster) != 6:
        _fail("dice", "each die has six faces")
    heroes = {h.id for h in pack.heroes}
    decks = {d.hero for d in pack.decks}
    if len(heroes) != len(pack.heroes) or heroes != decks:
        _fail("heroes", f"every hero needs one deck of cards: {sorted(heroes ^ decks)}")
    for hero in pack.heroes:
        if [s.side for s in hero.sides] != [1, 2] or hero.start not in town:
            _fail(f"heroes[{hero.id}]", "needs sides 1 and 2 and a start in Grimheim")
        deck = next(d for d in pack.decks if d.hero == hero.id)
        hero_card = next(c for c in deck.cards if c.kind == "hero")
        printed = [(s.strength, s.health) for s in hero.sides]
        if printed != [(s.strength, s.health) for s in hero_card.sides]:
            _fail(f"heroes[{hero.id}]", f"strength and health differ from {hero_card.id}")


_STEPS = {1: (1, -1), 3: (1, 0), 5: (0, 1), 7: (-1, 1), 9: (-1, 0), 11: (0, -1)}


def step_towards(x: int, y: int, clock: int) -> Point:
    """The neighbour of ``(x, y)`` in the clock direction (axial, pointy-top)."""
    dx, dy = _STEPS[clock]
    return x + dx, y + dy


def _read(name: str, cls: type[T]) -> T:
    text = resources.files("grimheim").joinpath(f"content/{name}").read_bytes()
    return read_content(text, cls, source=name, converter=CONTENT_CONVERTER)


@functools.cache
def standard_pack() -> Pack:
    """The standard content: the published game's map, monsters, cards and tracks, and the four
    heroes' cards in this project's words.

    >>> pack = standard_pack()
    >>> len(pack.map.hexes), len(pack.monster_cards), [h.id for h in pack.heroes]
    (210, 54, ['bjorn', 'alva', 'embla', 'boldur'])
    """
    map_data = _read("map.json", MapData)
    decks = tuple(
        read_deck(
            resources.files("grimheim").joinpath(f"content/cards/{hero}.json").read_bytes(),
            f"cards/{hero}.json",
        )
        for hero in ("bjorn", "alva", "embla", "boldur")
    )
    try:
        return Pack(
            name=map_data.name,
            version=map_data.version,
            map=map_data,
            monsters=_read("monsters.json", Monsters),
            monster_cards=_read("monster_cards.json", MonsterCards).cards,
            time=_read("time.json", TimeTracks),
            dice=_read("dice.json", Dice),
            heroes=_read("heroes.json", HeroFile).heroes,
            decks=decks,
        )
    except ContentError as exc:
        raise ContentError(f"standard pack: {exc.path}", exc.detail) from exc


def read_deck(text: str | bytes, source: str = "<memory>") -> HeroDeck:
    """Read a hero's card file (the format of ``content/cards/*.json``).

    Put it in a pack with ``attrs.evolve(standard_pack(), decks=(...))``; the pack checks it
    against the rest of the content.

    Raises:
        tabletop_rules.ContentError: the text is not JSON, or a card breaks the schema.
    """
    return read_content(text, HeroDeck, source=source, converter=CONTENT_CONVERTER)


def pack_ref(pack: Pack) -> PackRef:
    """How saved games name ``pack``: its name, version and digest."""
    return PackRef(pack.name, pack.version, pack.digest)
