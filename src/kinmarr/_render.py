"""A plain-text picture of a position: what every player may see (never a deck's order)."""

from __future__ import annotations

from ._actions import notation
from ._board import position
from ._frames import ChooseFrame, DuelFrame, FightFrame, LootFrame, OfferFrame, WindowFrame
from ._legal import acting, decision_kind, legal_actions
from ._state import Deck, State, View

__all__ = ["render_text"]


def _deck(name: str, deck: Deck) -> str:
    known = sum(len(group) for group in deck.bottom)
    extra = f" ({known} known at the bottom)" if known else ""
    return f"{name} {len(deck)}{extra}"


def render_text(position_: State | View) -> str:
    """The round, Fate, the Shop, the prophecy, the decks' sizes, each player, and what is being
    decided (with the legal actions). A state and its views give the same picture.

    >>> from kinmarr import new_game
    >>> print(render_text(new_game(seed=1)).splitlines()[0])
    Fated Kingdom: round 1, Fate 0/10, seat 0 (Feudal Pact) to play
    """
    p = position_
    rules = p.config.rules
    names = {g.id: g.name for g in p.config.content.guilds}
    lines = [
        f"Fated Kingdom: round {p.round}, Fate {p.fate}/10, seat {p.turn}"
        f" ({names[p.players[p.turn].guild]}) to play"
    ]
    if p.prophecy is not None:
        card = rules.card[p.prophecy]
        lines.append(f"prophecy: {card.name} ({p.prophecy}): {card.text}")
    shop = ", ".join(f"{c} ({rules.card[c].value})" for c in p.shop) or "empty"
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
        lines.append("lasting: " + ", ".join(f"{e.card} ({e.rounds} to go)" for e in p.lasting))
    for seat, player in enumerate(p.players):
        guild = names[player.guild]
        if player.tile is None:
            lines.append(f"seat {seat} {guild}: dead")
            continue
        tile = rules.tiles[position(player.tile)]
        lines.append(
            f"seat {seat} {guild}: {player.tile} {tile.name}, wounds {player.wounds}/3,"
            f" coins {player.coins}"
        )
        lines.append("  slots: " + (" ".join(player.slots) or "-"))
        lines.append("  hand: " + (" ".join(player.hand) or "-"))
    if p.ending is not None:
        winners = ", ".join(str(s) for s in p.ending.winners) or "nobody"
        scores = " ".join(str(s) for s in p.ending.scores)
        lines.append(f"game over ({p.ending.kind}): winners {winners}; scores {scores}")
        return "\n".join(lines)
    top = p.frames[-1]
    if isinstance(top, ChooseFrame) and top.cards:
        lines.append(
            "drawn: "
            + " ".join(top.cards)
            + (f" (chosen {' '.join(top.chosen)})" if top.chosen else "")
        )
    fight = next((f for f in reversed(p.frames) if isinstance(f, FightFrame | DuelFrame)), None)
    if isinstance(fight, FightFrame):
        faces = " ".join(face or "?" for face in fight.dice.faces)
        lines.append(f"fight: seat {fight.seat} against {fight.creature}: {faces}")
    elif isinstance(fight, DuelFrame):
        a = " ".join(face or "?" for face in fight.dice_a.faces)
        d = " ".join(face or "?" for face in fight.dice_d.faces)
        lines.append(f"duel: seat {fight.attacker} ({a}) against seat {fight.defender} ({d})")
    if isinstance(top, WindowFrame):
        stack = " ".join(f"{a.seat}:{a.card or 'power'}" for a in top.stack)
        lines.append(f"window on {top.request}" + (f", stack {stack}" if stack else ""))
    elif isinstance(top, LootFrame):
        lines.append(
            f"loot of seat {top.dead}: coins {top.coins}, {' '.join((*top.items, *top.creatures))}"
        )
    elif isinstance(top, OfferFrame):
        lines.append(
            f"offer to seat {top.partner}: give {' '.join(top.give) or '-'} +{top.give_coins},"
            f" ask {' '.join(top.ask) or '-'} +{top.ask_coins}"
        )
    actions = legal_actions(p)
    shown = " ".join(notation(a) for a in actions[:12]) + (" ..." if len(actions) > 12 else "")
    lines.append(f"to answer: seat {acting(p)} ({decision_kind(p)}): {shown}")
    return "\n".join(lines)
