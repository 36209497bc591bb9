"""Test helpers: small custom decks played in a fixed order, to set up exact positions."""

from __future__ import annotations

import goblinguard as gg

FILLER = "HH/HH"


def deck_game(*cards: tuple[str, str]) -> gg.State:
    """A game over the given ``(id, layout)`` cards, drawn in the order given (R12 ``order``)."""
    deck = [gg.Card(card_id, layout) for card_id, layout in cards]
    return gg.new_game(gg.Config(deck=deck, order=tuple(c.id for c in deck)), seed=0)


def play(state: gg.State, *moves: str) -> gg.State:
    """Apply moves written in notation (``+id@x,y`` on top, ``-id@x,y`` tucked beneath)."""
    for move in moves:
        state = gg.apply(state, gg.parse_action(state, move))
    return state


def fillers(count: int, prefix: str = "f") -> tuple[tuple[str, str], ...]:
    """``count`` all-house cards, used to keep a game running or to surround a garrison."""
    return tuple((f"{prefix}{i}", FILLER) for i in range(count))


def places(position: gg.State | gg.View) -> list[gg.Place]:
    """The legal actions of a placement decision (never a chance draw), typed as placements."""
    legal = gg.legal_actions(position)
    found = [action for action in legal if isinstance(action, gg.Place)]
    assert len(found) == len(legal), "a chance decision, not a placement"
    return found


def reason(state: gg.State, move: str) -> str | None:
    """Why ``move`` is illegal in ``state`` (``None`` if it is legal)."""
    return gg.is_legal(state, gg.parse_action(state, move))
