"""A plain-text picture of a position: what every player may see (never a deck's order)."""

from __future__ import annotations

from typing import Final

from tabletop_rules import plural

from .._actions import notation
from .._frames import (
    ChooseFrame,
    DiceRoll,
    DuelFrame,
    FightFrame,
    LootFrame,
    OfferFrame,
    WindowFrame,
)
from .._legal import legal_actions
from .._pieces import Deck
from .._rules import decision, outcome
from .._state import State, View
from .describe import describe, request_words
from .names import FACE_NAMES, Names

_SHOWN: Final = 12
"""The legal actions listed, at most."""


def _deck(name: str, deck: Deck) -> str:
    known = sum(len(group) for group in deck.bottom)
    extra = f" ({known} known at the bottom)" if known else ""
    return f"{name} {len(deck)}{extra}"


def render_text(position_: State | View) -> str:
    """The round, Fate, the Shop, the prophecy, the decks' sizes, each player, the travel die of
    the turn once rolled, the dice of a fight or duel, and what is being decided, with each
    legal action's notation and what it does (:func:`~kinmarr.describe`).
    Cards are named by their printed names. A state and its views give the same picture.

    >>> from kinmarr import new_game
    >>> print(render_text(new_game(seed=1)).splitlines()[0])
    Fated Kingdom: round 1, Fate 0/10, seat 0 (Feudal Pact) to play
    """
    p = position_
    rules = p.config.rules
    names = Names(p.config)
    lines = [
        f"Fated Kingdom: round {p.round}, Fate {p.fate}/10, seat {p.turn}"
        f" ({names.guild(p.turn)}) to play"
    ]
    if p.prophecy is not None:
        card = rules.card[p.prophecy]
        lines.append(f"prophecy: {card.name}: {card.text}")
    shop = ", ".join(f"{names.card(c)} ({rules.card[c].value})" for c in p.shop) or "empty"
    lines.append(f"shop: {shop}")
    lines.append(
        "decks: "
        + ", ".join(
            _deck(name, getattr(p, field))
            for name, field in (
                ("encounters", "encounters"),
                ("abilities", "abilities"),
                ("items", "items"),
                ("prophecies", "prophecies"),
            )
        )
        + f"; {len(p.discarded)} discarded"
    )
    if p.lasting:
        lines.append(
            "lasting: " + ", ".join(f"{names.card(e.card)} ({e.rounds} to go)" for e in p.lasting)
        )
    for seat, player in enumerate(p.players):
        guild = names.guild(seat)
        if player.tile is None:
            lines.append(f"seat {seat} {guild}: dead")
            continue
        lines.append(
            f"seat {seat} {guild}: {names.tile(player.tile)}, wounds {player.wounds}/3,"
            f" coins {player.coins}"
        )
        lines.append("  slots: " + (", ".join(names.card(c) for c in player.slots) or "-"))
        lines.append("  hand: " + (", ".join(names.card(c) for c in player.hand) or "-"))
    ended = outcome(p)
    if ended is not None:
        lines.append(f"game over: {describe(p, ended)}")
        return "\n".join(lines)
    if p.flags.roll:
        lines.append(f"travel die: {p.flags.roll} (seat {p.turn}'s roll this turn)")
    top = p.frames[-1]
    if isinstance(top, ChooseFrame) and top.cards:
        chosen = ", ".join(names.card(c) for c in top.chosen)
        lines.append(
            "drawn: "
            + ", ".join(names.card_kind(c) for c in top.cards)
            + (f" (chosen {chosen})" if top.chosen else "")
        )
    fight = next((f for f in reversed(p.frames) if isinstance(f, FightFrame | DuelFrame)), None)
    if isinstance(fight, FightFrame):
        lines.append(
            f"fight: seat {fight.seat} ({names.guild(fight.seat)}) against"
            f" {names.card(fight.creature)}: {_faces(fight.dice)}"
        )
    elif isinstance(fight, DuelFrame):
        lines.append(
            f"duel: seat {fight.attacker} ({names.guild(fight.attacker)}, {_faces(fight.dice_a)})"
            f" against seat {fight.defender} ({names.guild(fight.defender)},"
            f" {_faces(fight.dice_d)})"
        )
    if isinstance(top, WindowFrame):
        stack = ", ".join(
            f"{names.guild(a.seat)}'s {names.card(a.card) if a.card else names.power(a.seat)}"
            for a in top.stack
        )
        about = f"answers to {request_words(top.request)}"
        lines.append(about + (f"; on the Stack: {stack}" if stack else ""))
    elif isinstance(top, LootFrame):
        left = [names.card(c) for c in (*top.items, *top.creatures)]
        lines.append(
            f"loot of seat {top.dead} ({names.guild(top.dead)}): coins {top.coins}"
            + (f", {', '.join(left)}" if left else "")
        )
    elif isinstance(top, OfferFrame):
        give = ", ".join(names.card(c) for c in top.give) or "-"
        ask = ", ".join(names.card(c) for c in top.ask) or "-"
        lines.append(
            f"offer to seat {top.partner} ({names.guild(top.partner)}): give {give}"
            f" + {plural(top.give_coins, 'coin')}, ask {ask} + {plural(top.ask_coins, 'coin')}"
        )
    actions = legal_actions(p)
    asked = decision(p)
    if asked is not None:
        who = "chance" if asked.seat < 0 else f"seat {asked.seat}"
        lines.append(f"to answer: {who}, {describe(p, asked)}")
    lines.extend(f"  {notation(a)}: {describe(p, a)}" for a in actions[:_SHOWN])
    if len(actions) > _SHOWN:
        lines.append(f"  … and {len(actions) - _SHOWN} more")
    return "\n".join(lines)


def _faces(roll: DiceRoll) -> str:
    return " ".join(FACE_NAMES.get(face, face) if face else "?" for face in roll.faces)
