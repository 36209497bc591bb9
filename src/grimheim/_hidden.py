"""What a seat may not see: the parts a view hides, and the cards that may fill them.

``view`` hides with :func:`hidden_parts`, ``redeal`` fills the blanks from :func:`unseen`, and
``validate`` checks a view against both, so the three cannot disagree about what a view holds.
"""

from __future__ import annotations

from collections import Counter

import attrs

from tabletop_rules import Seat

from ._state import Hero, Revealing, State, View


def _blank(cards: tuple[str, ...], keep_top: bool, known: int) -> tuple[str, ...]:
    hidden = len(cards) - known
    return tuple(c if (i == 0 and keep_top) or i >= hidden else "" for i, c in enumerate(cards))


def hidden_parts(
    position: State | View, seat: Seat
) -> tuple[tuple[Hero, ...], tuple[str, ...], tuple[str, ...]]:
    """``(heroes, yellow, red)`` as ``seat`` sees them: what ``view`` hides written as ``""``
    (the other heroes' hands, every event deck, the order of the ability, equipment and monster
    decks but their face-up tops and known bottoms). A view is exactly what it would hide from
    itself (``validate`` checks it)."""
    revealing = {(f.hero, f.deck) for f in position.frames if isinstance(f, Revealing)}
    heroes = tuple(
        attrs.evolve(
            h,
            hand=h.hand if s == seat else _laid_down(position, s, h.hand),
            events=("",) * len(h.events),
            abilities=_blank(h.abilities, (s, "abilities") not in revealing, h.known_abilities),
            equipment=_blank(h.equipment, (s, "equipment") not in revealing, h.known_equipment),
        )
        for s, h in enumerate(position.heroes)
    )
    yellow = _blank(position.yellow, False, position.yellow_known)
    red = _blank(position.red, False, position.red_known)
    return heroes, yellow, red


def _laid_down(position: State | View, s: Seat, hand: tuple[str, ...]) -> tuple[str, ...]:
    """Another hero's hand as a seat sees it: the cards that hero has picked so far to discard
    lie face up (G50); the rest are blanks, first, so that the hand stays sorted."""
    picked: Counter[str] = Counter()
    for frame in position.frames:
        if getattr(frame, "hero", None) == s:
            picked.update(p for p in getattr(frame, "picked", ()) if isinstance(p, str))
    shown = sorted((Counter(c for c in hand if c) & picked).elements())
    return (*("",) * (len(hand) - len(shown)), *shown)


@attrs.frozen
class Unseen:
    """One group of hidden places of a view and the cards its seat has not seen that fill them.

    Attributes:
        path: where the places are (``"$.heroes[1].events"``, ``"$.yellow"`` …).
        blanks: how many places are hidden (``""``).
        pool: the cards not seen (events sorted, the others in the pack's order); a consistent
            view has exactly ``blanks`` of them.
    """

    path: str
    blanks: int
    pool: tuple[str, ...]


def unseen(position: State | View) -> tuple[Unseen, ...]:
    """Each group of hidden places of ``position`` with the cards that fill them: per hero, the
    hand and event deck together (the other heroes' hands are dealt from the same cards), the
    ability deck and the equipment deck; then the yellow and red monster decks. On a state
    nothing is hidden and every pool is empty."""
    config = position.config
    groups = []
    for s, hero in enumerate(position.heroes):
        deck = next(d for d in config.pack.decks if d.hero == hero.id)
        events = Counter(c.id for c in deck.cards if c.kind == "event" for _ in range(c.count))
        events.subtract(Counter(hero.discard))
        events.subtract(Counter(c for c in (*hero.hand, *hero.events) if c))
        blanks = sum(1 for c in (*hero.hand, *hero.events) if not c)
        groups.append(Unseen(f"$.heroes[{s}].events", blanks, tuple(sorted(events.elements()))))
        in_play = {c.id for c in hero.cards} | set(hero.retired)
        for name, kind in (("abilities", "ability"), ("equipment", "equipment")):
            shown: tuple[str, ...] = getattr(hero, name)
            pool = tuple(
                c.id
                for c in deck.cards
                if c.kind == kind and c.id not in in_play and c.id not in shown
            )
            groups.append(Unseen(f"$.heroes[{s}].{name}", shown.count(""), pool))
    for colour in ("yellow", "red"):
        shown = getattr(position, colour)
        pool = tuple(
            c.id
            for c in config.pack.monster_cards
            if c.deck == colour and c.id not in position.held and c.id not in shown
        )
        groups.append(Unseen(f"$.{colour}", shown.count(""), pool))
    return tuple(groups)
