"""The names a player reads: guilds, cards, tiles and die faces, from a config's pack.

:func:`~kinmarr.describe`, :func:`~kinmarr.card_text` and :func:`~kinmarr.render_text` name things
through :class:`Names`, so a card or a tile reads the same everywhere.
"""

from __future__ import annotations

from typing import Final

from .._board import Tile
from .._pieces import Config

FACE_NAMES: Final = {
    "hit": "Hit",
    "miss": "Miss",
    "critical": "Critical",
    "resilience": "Resilience",
    "dodge": "Dodge",
    "insight": "Insight",
}
"""A combat die's faces as they are printed."""
COLOURS: Final = {
    "red": "red (Strength)",
    "green": "green (Dexterity)",
    "blue": "blue (Intelligence)",
}
"""The combat dice, by colour, with what they stand for."""
_KINDS: Final = {"ability": "Ability", "item": "Item"}


class Names:
    """The display names of one config's content (cheap to make: the tables are the pack's)."""

    __slots__ = ("config",)

    def __init__(self, config: Config) -> None:
        self.config = config

    def guild(self, seat: int) -> str:
        """``Feudal Pact``: the guild seat ``seat`` plays."""
        guilds = self.config.guilds
        if not 0 <= seat < len(guilds):
            return f"the player of seat {seat}"
        return self.config.rules.guild[guilds[seat]].name

    def power(self, seat: int) -> str:
        """The name of the guild power of seat ``seat``'s guild (``Shield Wall``)."""
        guilds = self.config.guilds
        if not 0 <= seat < len(guilds):
            return "a guild power"
        return self.config.rules.guild[guilds[seat]].power.name

    def card(self, card_id: str) -> str:
        """A card's printed name (copies of a card share it)."""
        card = self.config.rules.card.get(card_id)
        return card.name if card is not None else card_id

    def kind(self, card_id: str) -> str:
        """What a card is, as the rules write it: ``creature``, ``Item``, ``Ability`` …"""
        card = self.config.rules.card.get(card_id)
        return "card" if card is None else _KINDS.get(card.kind, card.kind)

    def card_kind(self, card_id: str) -> str:
        """``Grey Wolf (creature)``."""
        return f"{self.card(card_id)} ({self.kind(card_id)})"

    def tile(self, tile: Tile) -> str:
        """``Market Square (tile 1 of the inner path)``."""
        spec = self.config.content.tile(tile)
        return f"{spec.name} (tile {tile.index} of the {tile.ring} path)"

    def guild_of(self, guild_id: str) -> str:
        """A guild's name by its id."""
        guild = self.config.rules.guild.get(guild_id)
        return guild.name if guild is not None else guild_id
