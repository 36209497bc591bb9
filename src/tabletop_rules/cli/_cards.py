"""``card NAME-OR-ID``: a card's text (the game's ``card_text``) for a person at the keyboard.

Nothing here knows a game. The cards a seat knows are the strings of its view and of its legal
actions (written as JSON by the game's ``dumps``) that ``card_text`` reads; of those, the cards
on screen are the ones whose id or printed name the picture of the view (``render_text``) or
the actions' notations and words show. A card is found by its exact id (any card of the game's
content: its text is the rulebook's), else by its name or id, whole or in part, among the cards
the seat knows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from ._games import AnyGame


@attrs.frozen
class _Card:
    """A card the seat knows: its id, its printed name and its text."""

    id: str
    name: str
    text: str


def _strings(value: Any) -> Iterator[str]:
    """Every string in JSON data."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _text(game: AnyGame, position: Any, card_id: str) -> str | None:
    """``card_text(position, card_id)``, or ``None`` when it is no card of the game."""
    if game.card_text is None or not card_id:
        return None
    try:
        return game.card_text(position, card_id)
    except Exception:  # not a card: any failure of the game's function says so
        return None


def _known(game: AnyGame, view: Any, actions: Sequence[Any]) -> list[_Card]:
    """The cards the seat knows, sorted by name then id, each once."""
    found: set[str] = set()
    for value in (view, *actions):
        try:
            found.update(_strings(json.loads(game.dumps(value))))
        except Exception:  # a value the game cannot write: it names no card
            continue
    cards = []
    for card_id in found:
        text = _text(game, view, card_id)
        if text is not None:
            name = text.split(":", 1)[0].strip() if ":" in text else card_id
            cards.append(_Card(card_id, name, text))
    return sorted(cards, key=lambda card: (card.name.lower(), card.id))


def _short(card: _Card) -> str:
    """A card's text up to its first full stop, without its id in front (``a goblin card``)."""
    return card.text.split(". ", 1)[0].rstrip(".").removeprefix(f"{card.id}: ")


def _on_screen(cards: Sequence[_Card], screen: str) -> list[_Card]:
    """The cards whose id or name ``screen`` shows (as a whole word)."""

    def shown(word: str) -> bool:
        return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", screen) is not None

    return [card for card in cards if shown(card.id) or shown(card.name)]


def _screen(game: AnyGame, view: Any, actions: Sequence[Any]) -> str:
    """The text a seat has before it: the picture of its view, and its actions with words."""
    parts = [game.render_text(view)]
    for action in actions:
        parts.append(game.notation(action))
        if game.describe is not None:
            parts.append(game.describe(view, action))
    return "\n".join(parts)


def _card_command(game: AnyGame, view: Any, actions: Sequence[Any], query: str) -> list[str]:
    """The lines ``card QUERY`` prints: the text of the card ``query`` names; without a query,
    the cards on screen (id and name) to ask about."""
    if game.card_text is None:
        return [f"{game.title} has no card texts."]
    if not query:
        shown = _on_screen(_known(game, view, actions), _screen(game, view, actions))
        if not shown:
            return ["No card on screen; type card ID for a card of the game."]
        width = max(len(card.id) for card in shown)
        lines = ["Cards on screen (type card NAME-OR-ID for a card's text):"]
        lines += [f"  {card.id:<{width}}  {_short(card)}" for card in shown]
        return lines
    exact = _text(game, view, query)
    if exact is not None:
        return [exact]
    known = _known(game, view, actions)
    wanted = query.lower()
    for test in (
        lambda card: card.id.lower() == wanted or card.name.lower() == wanted,
        lambda card: card.name.lower().startswith(wanted) or card.id.lower().startswith(wanted),
        lambda card: wanted in card.name.lower() or wanted in card.id.lower(),
    ):
        matches = [card for card in known if test(card)]
        texts = list(dict.fromkeys(card.text for card in matches))
        if len(texts) == 1:
            return texts
        if matches:
            names = ", ".join(f"{card.name} ({card.id})" for card in matches[:12])
            more = f" and {len(matches) - 12} more" if len(matches) > 12 else ""
            return [f"Which card? {query!r} may be {names}{more}."]
    return [f"No card {query!r} in sight (type card to list the cards on screen)."]
