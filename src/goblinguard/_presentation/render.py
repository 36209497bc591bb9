"""A plain-text picture of a position."""

from __future__ import annotations

from .._deck import CODE_LETTERS, decode, encode
from .._rules import board_of, outcome
from .._state import State, View

_KEY = (
    "key: G guard, X goblin, O hobgoblin, H house, F Fort, W Watchtower, B Barracks; x o defeated"
)
"""What the letters mean, under the grid."""


def render_text(position: State | View) -> str:
    """The visible cells as a grid (``.`` empty; a defeated goblin or hobgoblin in lower case),
    with the hand (each card's 2×2 layout under its id), the draw pile, the score, and a key to
    the letters.

    >>> from goblinguard import Config, Place, apply, new_game
    >>> state = new_game(Config(order=tuple(c.id for c in Config().deck)), seed=0)
    >>> print(render_text(apply(state, Place("g1", 0, 0))))
    Guards & Goblins: 1 card in play, 14 to draw, defeated 0/16
    hand: g2 g3 g4 g5 g6
          GH GH XG HG HG
          XH HX HH XH HX
        0
      0 G X
      1 H H
    key: G guard, X goblin, O hobgoblin, H house, F Fort, W Watchtower, B Barracks; x o defeated
    """
    board = board_of(position)
    deck = board.deck
    pile = position.deck_size if isinstance(position, View) else len(position.deck)
    played = len(position.placed)
    lines = [
        f"Guards & Goblins: {played} card{'s' * (played != 1)} in play, {pile} to draw, "
        f"defeated {len(position.defeated)}/{deck.total}"
    ]
    result = outcome(position)
    if result is not None:
        verdict = "won" if result.won else "lost"
        garrisons = ", ".join(result.active) or "none"
        lines.append(f"game over: {verdict}; active garrisons: {garrisons}")
    else:
        drawing = f" (chance draws {position.to_draw} more)" if position.to_draw else ""
        lines += _hand(position, drawing)
    if board.cell:
        cells = [decode(pos) for pos in board.cell]
        xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
        ys = range(min(y for _, y in cells), max(y for _, y in cells) + 1)
        label = max(3, *(len(str(y)) for y in ys))
        defeated = {encode(x, y) for x, y in position.defeated}
        lines.append(" " * (label + 1) + _x_axis(xs))
        for y in ys:
            row = []
            for x in xs:
                pos = encode(x, y)
                value = board.cell.get(pos)
                letter = "." if value is None else CODE_LETTERS[value & 15]
                row.append(letter.lower() if pos in defeated else letter)
            lines.append(f"{y:>{label}} " + " ".join(row))
    lines.append(_KEY)
    return "\n".join(lines)


def _hand(position: State | View, drawing: str) -> list[str]:
    """The hand's ids, each card's 2×2 layout drawn under its id (top row, then bottom row)."""
    compiled = position.config.compiled
    layouts = [compiled.cards[compiled.index[card]].layout.split("/") for card in position.hand]
    ids = [card.ljust(2) for card in position.hand]
    rows = [
        " ".join(layout[row].ljust(len(card)) for card, layout in zip(ids, layouts, strict=True))
        for row in (0, 1)
    ]
    head = "hand: " + " ".join(ids).rstrip() + drawing
    return [head] + ([" " * 6 + row.rstrip() for row in rows] if position.hand else [])


def _x_axis(xs: range) -> str:
    """Column labels: every x divisible by 5 (and the first column), ending above its column."""
    axis = [" "] * (2 * len(xs))
    for i, x in enumerate(xs):
        if x % 5 == 0 or i == 0:
            text = str(x)
            start = max(0, 2 * i + 1 - len(text))
            if all(c == " " for c in axis[max(0, start - 1) : 2 * i + 1]):
                axis[start : 2 * i + 1] = text
    return "".join(axis).rstrip()
