"""Card texts: a card of the four decks, or a guild, in plain words from the pack.

A creature gives its attack, defence, the coins it earns and its abilities (said from its effects,
so a custom creature is described too); an Item its price and resale; an Ability its guild; a tower
its cost; a lasting event how long it lasts; a prophecy when it expires; every card its text.
"""

from __future__ import annotations

from tabletop_rules import article, join_words, plural

from .. import _words
from .._content import Card, Guild
from .._pieces import Config
from .._state import State, View
from .names import Names


def _effect_words(effect: _words.Effect) -> str:
    """An instant effect that needs no target, in words (for a creature's triggers)."""
    match effect:
        case _words.Coins(amount) if amount > 0:
            return f"gains {plural(amount, 'coin')}"
        case _words.Coins(amount):
            return f"loses {plural(-amount, 'coin')}"
        case _words.Fate(amount) if amount > 0:
            return f"raises Fate by {amount}"
        case _words.Fate(amount):
            return f"lowers Fate by {-amount}"
        case _words.Wound(amount):
            return f"takes {plural(amount, 'wound')} more"
        case _words.Heal(amount):
            return f"heals {plural(amount, 'wound')}"
        case _words.HealAll():
            return "heals every wound"
        case _words.GainAbility(count):
            return "draws an Ability" if count == 1 else f"draws {count} Abilities"
        case _words.GainItem(count):
            return "draws an Item" if count == 1 else f"draws {count} Items"
        case _words.ShopAccess():
            return "may use the Shop this turn"
        case _words.DuelAnywhere():
            return "may duel anyone this turn"
    return type(effect).__name__  # pragma: no cover - the content check allows no other


def _ability_words(effect: _words.Effect) -> str:
    match effect:
        case _words.Fear(amount):
            dice = "one of their guild's dice" if amount == 1 else f"{amount} of their guild's dice"
            return f"Fear: whoever fights it rolls {dice} fewer"
        case _words.Elusive(colour):
            return f"Elusive: {colour} dice deal it no wounds"
        case _words.Pierce(amount):
            its = "1 of its wounds ignores" if amount == 1 else f"{amount} of its wounds ignore"
            return f"Pierce: {its} Block"
        case _words.Regenerate(amount):
            return (
                f"Regenerates: unless the roll shows a Critical, it takes {plural(amount, 'wound')}"
                " more to defeat"
            )
        case _words.Slow():
            return "Slow: it deals no wounds if it is defeated"
    return type(effect).__name__  # pragma: no cover - the content check allows no other


def abilities_text(card: Card) -> str:
    """A creature's abilities in words, one sentence each (``""`` for a card without any).

    >>> from kinmarr import standard_pack
    >>> print(abilities_text(standard_pack().card("bridge-troll-1")))
    Regenerates: unless the roll shows a Critical, it takes 1 wound more to defeat.
    """
    said = [_ability_words(effect) for effect in card.passive] if card.kind == "creature" else []
    for trigger in card.triggers:
        who = "Whoever defeats it" if trigger.when.on == "defeat" else "Whoever loses to it"
        said.append(f"{who} {join_words([_effect_words(e) for e in trigger.effects])}")
    return " ".join(f"{sentence}." for sentence in said)


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
        case "prophecy" if card.lasting:
            head = "a prophecy"
            facts.append(
                f"Unfulfilled, it expires after {plural(card.lasting, 'round')} and the next"
                " is drawn"
            )
        case _:
            head = article(kind)
    if card.tags:
        facts.append("Tags: " + ", ".join(card.tags))
    text = f" {card.text}" if card.text else ""
    said = "".join(f" {fact}." for fact in facts)
    abilities = abilities_text(card)
    return f"{card.name}: {head}.{text}{said}" + (f" {abilities}" if abilities else "")


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
