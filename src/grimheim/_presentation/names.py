"""The names a player reads: heroes, cards, monsters and areas, from a config's content.

:func:`~grimheim.describe`, :func:`~grimheim.card_text` and :func:`~grimheim.render_text` name
things through :class:`Names`, so a card, a monster or an area reads the same everywhere.
"""

from __future__ import annotations

import re

from tabletop_rules import article

from .._map import Hex
from .._state import Config, Monster

_CARD_ID = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")
"""What may be a hero's card id in a text: words joined by hyphens."""
ROMAN = {1: "I", 2: "II"}
"""A legend's or a card's side as it is printed."""


class Names:
    """The display names of one config's content (cheap to make: the tables are the pack's)."""

    __slots__ = ("config",)

    def __init__(self, config: Config) -> None:
        self.config = config

    def hero(self, seat: int) -> str:
        """``Bjorn``: the hero seat ``seat`` plays (``a monster`` for seat -1, a monster's roll)."""
        heroes = self.config.heroes
        if not 0 <= seat < len(heroes):
            return "a monster" if seat == -1 else f"the hero of seat {seat}"
        hero_id = heroes[seat]
        return next((h.name for h in self.config.pack.heroes if h.id == hero_id), hero_id.title())

    def card(self, card_id: str) -> str:
        """A hero's card (``Sure Shot``), a monster card (``Ogre Raid``), or ``a hidden card``."""
        if not card_id:
            return "a hidden card"
        card = self.config.cards.get(card_id)
        if card is not None:
            return card.name
        for monster_card in self.config.pack.monster_cards:
            if monster_card.id == card_id:
                return monster_card.name
        return card_id

    def kind(self, kind: str, side: int = 0) -> str:
        """A monster kind's name (``Troll``), a legend's with its side (``Surt II``)."""
        monsters = self.config.pack.monsters
        found = next((k.name for k in monsters.kinds if k.id == kind), None)
        if found is None:
            found = next((leg.name for leg in monsters.legends if leg.id == kind), kind.title())
        return f"{found} {ROMAN.get(side, side)}" if side else found

    def is_legend(self, kind: str) -> bool:
        """Whether ``kind`` names a legend."""
        return any(leg.id == kind for leg in self.config.pack.monsters.legends)

    def a_monster(self, kind: str, side: int = 0) -> str:
        """``a Troll``, ``an Imp``; a legend by its name (``Grendel I``)."""
        name = self.kind(kind, side)
        return name if self.is_legend(kind) else article(name)

    def the_monster(self, kind: str, side: int = 0) -> str:
        """``the Troll``; a legend by its name (``Grendel I``)."""
        name = self.kind(kind, side)
        return name if self.is_legend(kind) else f"the {name}"

    def monster(self, monster: Monster) -> str:
        """A monster on the board with its area: ``the Troll in area 7,9 (Troll Caves)``."""
        where = self.config.geo.hexes[monster.at]
        return f"{self.the_monster(monster.kind, monster.side)} in {self.area(where)}"

    def area(self, where: Hex) -> str:
        """``Grimheim``, or ``area 7,9`` with its terrain unless plains and its named place:
        ``area 4,2 (forest, Dark Forest)``."""
        geo = self.config.geo
        index = geo.index.get(where)
        if index is None:
            return f"area {where}"
        if index == geo.town:
            return "Grimheim"
        notes = [] if geo.terrain[index] == "plains" else [geo.terrain[index]]
        place = geo.location[index]
        if place is not None:
            notes += [loc.name for loc in self.config.pack.map.locations if loc.id == place]
        return f"area {where}" + (f" ({', '.join(notes)})" if notes else "")

    def named(self, text: str) -> str:
        """``text`` (the effect vocabulary's words) with every card id of the pack in it replaced
        by the card's name: ``comes from bjorn-volley`` → ``comes from Volley``."""
        cards = self.config.cards
        return _CARD_ID.sub(lambda m: cards[m[0]].name if m[0] in cards else m[0], text)

    def location(self, location_id: str) -> str:
        """A named place's name (``Troll Caves``)."""
        places = self.config.pack.map.locations
        return next((loc.name for loc in places if loc.id == location_id), location_id)
