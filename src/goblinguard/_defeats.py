"""Guard groups and defeats: R5 and R6 during play, and the end-of-game check R7–R11."""

from __future__ import annotations

from collections.abc import Iterable

from ._board import Board
from ._deck import CELL_OFFSETS, CODE_LETTERS, GOBLIN, GUARD, HOUSE, NEED, NEIGHBOURS, RING, decode
from ._events import Event, GarrisonActivated, MonsterDefeated
from ._state import Placed


def visible_monsters(board: Board) -> list[int]:
    """The cells showing a goblin or hobgoblin, in a stable order."""
    return sorted(pos for pos, value in board.cell.items() if value & 15 in NEED)


def monsters_near(board: Board, anchor: int, groups: Groups) -> list[int]:
    """The monsters whose R6 status a placement at ``anchor`` may have changed: those in its
    footprint and those next to a guard group that has a cell in it."""
    cell = board.cell
    found = set()
    for off in CELL_OFFSETS:
        pos = anchor + off
        letter = cell[pos] & 15
        if letter in NEED:
            found.add(pos)
        elif letter == GUARD:
            for guard in groups.group(pos):
                for n in NEIGHBOURS:
                    if cell.get(guard + n, 0) & 15 in NEED:
                        found.add(guard + n)
    return sorted(found)


class Groups:
    """Guard groups (R5) of a position; those touching a Barracks region may be merged (R11)."""

    def __init__(self, cell: dict[int, int], regions: list[set[int]]) -> None:
        self.cell = cell
        self.regions = regions
        self._group: dict[int, frozenset[int]] = {}

    def group(self, start: int) -> frozenset[int]:
        """The maximal 4-connected set of visible guard cells containing ``start``."""
        found = self._group.get(start)
        if found is None:
            cell, seen, todo = self.cell, {start}, [start]
            while todo:
                pos = todo.pop()
                for n in NEIGHBOURS:
                    near = pos + n
                    if near not in seen and cell.get(near, 0) & 15 == GUARD:
                        seen.add(near)
                        todo.append(near)
            found = frozenset(seen)
            for pos in found:
                self._group[pos] = found
        return found

    def size(self, start: int, merged: bool) -> int:
        """The size of ``start``'s group; with ``merged``, after the Barracks links of R11."""
        group = self.group(start)
        if not merged:
            return len(group)
        members = set(group)
        changed = True
        while changed:
            changed = False
            for region in self.regions:
                if members & region:
                    for pos in region:
                        if pos not in members and self.cell.get(pos, 0) & 15 == GUARD:
                            members |= self.group(pos)
                            changed = True
        return len(members)


def guard_defeats(
    board: Board, monsters: Iterable[int], defeated: set[int], groups: Groups
) -> list[tuple[int, int, int, str]]:
    """R6: which of ``monsters`` (visible cells) stand next to a big enough guard group, as
    ``(cell, card, code, by)``."""
    found = []
    cell = board.cell
    for pos in monsters:
        if pos in defeated:
            continue
        card, code = cell[pos] >> 4, cell[pos] & 15
        for n in NEIGHBOURS:
            if cell.get(pos + n, 0) & 15 != GUARD:
                continue
            if groups.size(pos + n, merged=False) >= NEED[code]:
                found.append((pos, card, code, "guards"))
                break
            if groups.regions and groups.size(pos + n, merged=True) >= NEED[code]:
                found.append((pos, card, code, "barracks"))
                break
    return found


def defeat(
    board: Board,
    found: Iterable[tuple[int, int, int, str]],
    defeated: set[int],
    events: list[Event],
) -> None:
    for pos, card, code, by in found:
        if pos not in defeated:
            defeated.add(pos)
            x, y = decode(pos)
            monster = "goblin" if code == GOBLIN else "hobgoblin"
            events.append(MonsterDefeated(board.deck.cards[card].id, x, y, monster, by))


def final_check(
    board: Board, placed: tuple[Placed, ...], defeated: set[int], events: list[Event]
) -> tuple[str, ...]:
    """R7–R11: activate surrounded garrisons, apply their effects, then R6 once more."""
    deck, cell = board.deck, board.cell
    active = []
    for p in placed:
        card = deck.index[p.card]
        anchor = board.anchor_of[card]
        if deck.garrison[card] and all(
            cell.get(anchor + off, 0) & 15 in (HOUSE, GUARD) for off in RING
        ):
            active.append(card)
            events.append(GarrisonActivated(p.card))
    regions: list[set[int]] = []
    for card in active:
        anchor = board.anchor_of[card]
        building = deck.cards[card].building
        if building == "F":
            defeat(board, _fort_defeats(board, placed, card), defeated, events)
        elif building == "W":
            defeat(board, _tower_defeats(board, card), defeated, events)
        else:
            regions.append({anchor + off for off in (*CELL_OFFSETS, *RING)})
    monsters = visible_monsters(board)
    defeat(board, guard_defeats(board, monsters, defeated, Groups(cell, regions)), defeated, events)
    return tuple(deck.cards[card].id for card in active)


def _fort_defeats(
    board: Board, placed: Iterable[Placed], fort: int
) -> list[tuple[int, int, int, str]]:
    """R9: goblins lying hidden directly beneath an active Fort."""
    deck = board.deck
    found = []
    for p in placed:
        card = deck.index[p.card]
        anchor = board.anchor_of[card]
        for off, code in deck.monsters[card]:
            if code == GOBLIN and board.cell.get(anchor + off, -1) >> 4 == fort:
                found.append((anchor + off, card, code, "fort"))
    return found


def _tower_defeats(board: Board, tower: int) -> list[tuple[int, int, int, str]]:
    """R10: visible goblins on the diagonal through an active Watchtower's W cell."""
    deck = board.deck
    index = deck.letters[tower].index(CODE_LETTERS.index("W"))
    wx, wy = decode(board.anchor_of[tower] + CELL_OFFSETS[index])
    slope = 1 if index in (0, 3) else -1  # W top-left/bottom-right: "\"; else "/"
    found = []
    for pos in visible_monsters(board):
        x, y = decode(pos)
        if board.cell[pos] & 15 == GOBLIN and x - wx == slope * (y - wy):
            found.append((pos, board.cell[pos] >> 4, GOBLIN, "watchtower"))
    return found


def defeat_after_placement(
    board: Board, anchor: int, defeated: set[int], events: list[Event]
) -> None:
    """R6 after a placement at ``anchor``: add the monsters it lets guards defeat to ``defeated``
    and report them in ``events``."""
    groups = Groups(board.cell, [])
    found = guard_defeats(board, monsters_near(board, anchor, groups), defeated, groups)
    defeat(board, found, defeated, events)
