"""A naive, independent reading of the placement rules (R1–R4, R9), for property tests.

It recomputes the whole stack for every candidate: far too slow for play, easy to check by eye.
"""

from __future__ import annotations

import goblinguard as gg

Stack = list[tuple[str, int, int]]  # (card id, x, y), bottom first


def footprint(x: int, y: int) -> list[tuple[int, int]]:
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def owners(stack: Stack) -> dict[tuple[int, int], int]:
    """Visible cell → index in the stack of the card showing it (the topmost covering it)."""
    top: dict[tuple[int, int], int] = {}
    for index, (_card, x, y) in enumerate(stack):
        for cell in footprint(x, y):
            top[cell] = index
    return top


def protected(stack: Stack, layouts: dict[str, str]) -> bool:
    """R4 (with R9's Fort exception) for every card of ``stack``."""
    top = owners(stack)
    for index, (card, x, y) in enumerate(stack):
        letters = layouts[card].replace("/", "")
        cells = footprint(x, y)
        shows = [top[cell] == index for cell in cells]
        if "H" in letters and not any(s for s, c in zip(shows, letters, strict=True) if c == "H"):
            return False
        if any(c in "FWB" for c in letters) and not all(shows):
            return False
        for cell, letter, shown in zip(cells, letters, shows, strict=True):
            if shown or letter not in "XO":
                continue
            above = [
                other
                for j, (other, ox, oy) in enumerate(stack)
                if j > index and cell in footprint(ox, oy)
            ]
            if letter == "O" or any("F" not in layouts[o] for o in above):
                return False
    return True


def legal_places(state: gg.State) -> set[gg.Place]:
    """Every legal placement, found by trying every card, spot and layer near the cards in play."""
    layouts = {card.id: card.layout for card in state.config.deck}
    stack: Stack = [(p.card, p.x, p.y) for p in gg.stack(state)]
    if not state.hand:
        return set()
    if not stack:
        return {gg.Place(card, 0, 0) for card in state.hand}
    occupied = set(owners(stack))
    xs = [x for x, _ in occupied]
    ys = [y for _, y in occupied]
    found = set()
    for ax in range(min(xs) - 2, max(xs) + 2):
        for ay in range(min(ys) - 2, max(ys) + 2):
            cells = footprint(ax, ay)
            overlap = any(c in occupied for c in cells)
            edge = any((cx + dx, cy + dy) in occupied for cx, cy in cells
                       for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))  # fmt: skip
            if not (overlap or edge):
                continue
            for card in state.hand:
                if protected([*stack, (card, ax, ay)], layouts):
                    found.add(gg.Place(card, ax, ay, gg.Layer.TOP))
                if overlap and protected([(card, ax, ay), *stack], layouts):
                    found.add(gg.Place(card, ax, ay, gg.Layer.BOTTOM))
    return found
