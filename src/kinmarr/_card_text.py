"""Card texts: a card of the four decks, or a guild, in plain words from the pack.

A creature gives its attack, defence and the coins it earns; an Item its price and resale; an
Ability its guild; a tower its cost; a lasting event how long it lasts; every card its text.
"""

from __future__ import annotations

from tabletop_rules import article, join_words, plural

from ._content import Card, Guild
from ._names import Names
from ._state import Config, State, View

__all__ = ["card_text"]


def _card(names: Names, card: Card) -> str:
    kind = names.kind(card.id)
    facts: list[str] = []
    match card.kind:
        case "creature":
            head = f"a creature of the {card.deck} deck"
            defeat = "defeats" if card.defence == 1 else "defeat"
            facts.append(
                f"Attack {card.attack}, defence {card.defence}: it deals"
                f" {plural(card.attack, 'wound')} in a fight, {plural(card.defence, 'wound')}"
                f" {defeat} it, and whoever defeats it gains {plural(card.value, 'coin')} and"
                f" keeps it in hand, worth {card.value} at the end"
            )
        case "item":
            head = "an Item"
            facts.append(
                f"Price {plural(card.value, 'coin')} at the Shop, sells for"
                f" {plural(card.value // 2, 'coin')}; worth {card.value} at the end"
            )
        case "ability":
            owner = names.guild_of(card.guild) if card.guild is not None else None
            head = f"an Ability of the {owner}" if owner else "a neutral Ability"
        case "tower":
            head = "a tower"
            facts.append(
                f"Taken by discarding creatures from the hand worth {card.value} or more;"
                f" worth {card.value} at the end"
            )
        case "event" if card.lasting:
            head = f"an event that lasts {plural(card.lasting, 'round')}"
        case _:
            head = article(kind)
    if card.tags:
        facts.append("Tags: " + ", ".join(card.tags))
    text = f" {card.text}" if card.text else ""
    said = "".join(f" {fact}." for fact in facts)
    return f"{card.name}: {head}.{text}{said}"


def _guild(guild: Guild) -> str:
    dice = join_words(guild.dice)
    power = f" Power, {guild.power.name}: {guild.power.text}" if guild.power.text else ""
    about = f" {guild.text}" if guild.text else ""
    rolls = plural(len(guild.dice), "die", "dice")
    return f"{guild.name}: a guild rolling {rolls}: {dice}.{about}{power}"


def card_text(position: Config | State | View, card_id: str) -> str:
    """A card of the position's pack in plain words: its name, what it is, its text, and its
    numbers (a creature's attack, defence and reward, an Item's price, a tower's cost); a guild's
    id gives the guild, its dice and its power.

    >>> from kinmarr import Config
    >>> print(card_text(Config(), "grey-wolf-1"))  # doctest: +ELLIPSIS
    Grey Wolf: a creature of the encounter deck. Hunts where the road meets the trees. Attack 1, ...
    >>> print(card_text(Config(), "royal-ring"))  # doctest: +ELLIPSIS
    Royal Ring: an Item. ... Price 8 coins at the Shop, sells for 4 coins; worth 8 at the end.

    Args:
        position: a config, state or view (its pack holds the card).
        card_id: a card's id, or a guild's.

    Raises:
        KeyError: the pack holds no card or guild of that id.
    """
    config = position if isinstance(position, Config) else position.config
    rules = config.rules
    card = rules.card.get(card_id)
    if card is not None:
        return _card(Names(config), card)
    guild = rules.guild.get(card_id)
    if guild is not None:
        return _guild(guild)
    raise KeyError(f"no card or guild {card_id!r} in this pack")
