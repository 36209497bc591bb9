"""Words for people: every event and action in a sentence, and every card's text.

Actions are said in the present tense and events in the past, in the third person: the one player
needs no name, and chance is "Chance". Cards are named by their id in the deck with what they are
(``card g1 (goblin card GX/HH)``), cells by their column and row (``2,-1``).
"""

from __future__ import annotations

from typing import Any

from tabletop_rules import CHANCE, Decision, article, plural, sentence
from tabletop_rules import Outcome as _Outcome

from .._actions import Action, Draw, Place
from .._cards import Card, Layer
from .._events import CardDrawn, CardPlaced, Event, GameEnded, GarrisonActivated, MonsterDefeated
from .._state import Config, State, View

_LETTERS = {
    "G": "guard",
    "X": "goblin",
    "O": "hobgoblin",
    "H": "house",
    "F": "Fort",
    "W": "Watchtower",
    "B": "Barracks",
}
_NEED = {
    "X": "A goblin is defeated by a group of 2 guards next to it (R6).",
    "O": "A hobgoblin is defeated by a group of 4 guards next to it (R6).",
}
_GARRISON = (
    "No card may lie on it (R4); its effect counts only if, at the end, the eight cells around it"
    " are houses and guards (R7)."
)
_EFFECT = {
    "F": "It may cover goblins (never hobgoblins), or lie over goblins tucked beneath it; if it"
    " is surrounded at the end, the goblins it hides are defeated (R9).",
    "W": "If it is surrounded at the end, every visible goblin (never a hobgoblin) on the diagonal"
    " from {diagonal} through the Watchtower is defeated (R10).",
    "B": "If it is surrounded at the end, the guard groups on it or next to it join into one"
    " group (R11).",
}
_BY = {
    "guards": "by a group of guards",
    "fort": "by the Fort that hides it",
    "watchtower": "by a Watchtower's line",
    "barracks": "by guards the Barracks joined into one group",
}


def _card(config: Config, card_id: str) -> Card:
    index = config.compiled.index.get(card_id)
    if index is None:
        raise KeyError(f"no card {card_id!r} in this deck")
    return config.compiled.cards[index]


def _kind(card: Card) -> str:
    """``goblin card``, ``hobgoblin card``, ``Fort`` …, or ``card`` for a card of neither."""
    if card.building is not None:
        return _LETTERS[card.building]
    if "O" in card.cells:
        return "hobgoblin card"
    if "X" in card.cells:
        return "goblin card"
    return "card"


def _name(config: Config, card_id: str) -> str:
    """``card g1 (goblin card GX/HH)``; an id the deck does not hold is named as it is."""
    index = config.compiled.index.get(card_id)
    if index is None:
        return f"card {card_id}"
    card = config.compiled.cards[index]
    return f"card {card_id} ({_kind(card)} {card.layout})"


def _diagonal(card: Card) -> str:
    where = card.cells.index("W")
    return "top-left to bottom-right" if where in (0, 3) else "top-right to bottom-left"


def card_text(position: Config | State | View, card_id: str) -> str:
    """The card ``card_id`` of the position's deck in words: its id, what it is, its 2×2 layout
    row by row, and what its goblins, hobgoblins or building do.

    >>> from goblinguard import Config
    >>> print(card_text(Config(), "g1"))  # doctest: +ELLIPSIS
    g1: a goblin card. Top row: guard, goblin; bottom row: house, house. A goblin is defeated ...
    >>> print(card_text(Config(), "tower-a"))  # doctest: +ELLIPSIS
    tower-a: a garrison, the Watchtower. Top row: house, Watchtower; bottom row: guard, house. ...

    Args:
        position: a config, state or view (its deck holds the card).
        card_id: the card's id.

    Raises:
        KeyError: the deck holds no card ``card_id``.
    """
    config = position if isinstance(position, Config) else position.config
    card = _card(config, card_id)
    cells = [_LETTERS[c] for c in card.cells]
    rows = f"Top row: {cells[0]}, {cells[1]}; bottom row: {cells[2]}, {cells[3]}."
    if card.building is None:
        head = article(_kind(card))
        rules = [_NEED[m] for m in "XO" if m in card.cells]
    else:
        head = f"a garrison, the {_LETTERS[card.building]}"
        effect = _EFFECT[card.building].format(
            diagonal=_diagonal(card) if card.building == "W" else ""
        )
        rules = [_GARRISON, effect]
    return " ".join([f"{card.id}: {head}.", rows, *rules])


def _at(x: int, y: int) -> str:
    return f"{x},{y}"


def _event(config: Config, event: Event) -> str:
    match event:
        case CardPlaced(card, x, y, layer):
            if layer is Layer.BOTTOM:
                return (
                    f"{_name(config, card)} was tucked beneath the cards it overlaps, its top-left"
                    f" cell at {_at(x, y)}"
                )
            return f"{_name(config, card)} was laid on top, its top-left cell at {_at(x, y)}"
        case CardDrawn(card):
            return f"{_name(config, card)} was drawn"
        case MonsterDefeated(card, x, y, monster, by):
            how = _BY.get(by, f"by the {by}")
            return f"the {monster} at {_at(x, y)} on card {card} was defeated {how}"
        case GarrisonActivated(card):
            kind = _kind(_card(config, card)) if card in config.compiled.index else "garrison"
            return f"the {kind} on card {card} was surrounded at the end: its effect counts"
        case GameEnded(won, defeated, total):
            monsters = plural(total, "goblin and hobgoblin", "goblins and hobgoblins")
            if won:
                return f"the game ended in a win: all {monsters} were defeated"
            return f"the game ended in a loss: {defeated} of {monsters} were defeated"
    raise TypeError(f"not a goblinguard event or action: {event!r}")


def _ask(position: State | View, asked: Decision[Any]) -> str:
    """The question of ``asked``, with the hand and the deck."""
    if asked.seat == CHANCE:
        return "chance draws a card"
    hand = plural(len(position.hand), "card")
    deck = position.deck_size if isinstance(position, View) else len(position.deck)
    left = f" ({plural(deck, 'card')} left in the deck)" if deck else " (the deck is empty)"
    if asked.kind == "place-first":
        return f"choose which of the {hand} in the hand to lay at 0,0{left}"
    return f"place one of the {hand} in the hand touching the cards in play{left}"


def _outcome(outcome: _Outcome) -> str:
    defeated, total = getattr(outcome, "defeated", 0), getattr(outcome, "total", 0)
    monsters = plural(total, "goblin and hobgoblin", "goblins and hobgoblins")
    if outcome.winners:
        return f"the game is won: all {monsters} were defeated"
    return f"the game is lost: {defeated} of the {monsters} were defeated"


def describe(
    position: State | View, what: Event | Action | Decision[Any] | _Outcome | State | View
) -> str:
    """An event, an action, the question asked or how the game ended, in a sentence: actions in
    the present tense, events in the past, the one player unnamed and chance called "Chance".

    The :func:`~goblinguard.decision` of the position is said with the cards in hand and in the
    deck; the :func:`~goblinguard.outcome` of a finished game as won or lost and the goblins and
    hobgoblins defeated. A later position says what changed that no event says: nothing
    (``""``).

    >>> from goblinguard import CardPlaced, Config, Draw, Layer, Place, new_game
    >>> state = new_game(Config(chance="explicit"), seed=1)
    >>> describe(state, Draw("fort"))
    'Chance draws card fort (Fort FG/HH).'
    >>> describe(state, Place("g1", 2, -1))
    'Card g1 (goblin card GX/HH) goes on top, its top-left cell at 2,-1.'
    >>> print(describe(state, CardPlaced("o3", 0, 1, Layer.BOTTOM)))  # doctest: +ELLIPSIS
    Card o3 (hobgoblin card OH/HG) was tucked beneath the cards it overlaps, its top-left cell ...
    >>> from goblinguard import decision
    >>> describe(new_game(seed=1), decision(new_game(seed=1)))
    'Choose which of the 5 cards in the hand to lay at 0,0 (15 cards left in the deck).'

    Args:
        position: a state or view of the game: its deck names the cards.
        what: any goblinguard event or action.

    Raises:
        TypeError: ``what`` is none of these.
    """
    if isinstance(what, Decision):
        return sentence(_ask(position, what))
    if isinstance(what, _Outcome):
        return sentence(_outcome(what))
    if isinstance(what, State | View):
        return ""
    config = position.config
    match what:
        case Place(card, x, y, layer):
            if layer is Layer.BOTTOM:
                return sentence(
                    f"{_name(config, card)} is tucked beneath the cards it overlaps, its top-left"
                    f" cell at {_at(x, y)}"
                )
            return sentence(f"{_name(config, card)} goes on top, its top-left cell at {_at(x, y)}")
        case Draw(card):
            return sentence(f"Chance draws {_name(config, card)}")
    return sentence(_event(config, what))
