"""Which monsters can still be defeated: the pruning shared by the search agent and the solver.

What can still change in a position follows from R4 and R9: a cell that is covered stays covered
(a card laid on top covers, a tucked card only fills empty cells), a visible hobgoblin or garrison
cell is never covered, a visible goblin only by a Fort laid on top, and a card's last visible
house never. So a neighbour of a monster can still come to show a guard only if it shows one now,
is empty, shows a house whose card shows another house (a guard may be laid on it), or shows a
goblin while a Fort is still to be placed (a Fort's guard may cover it).

A visible monster still standing is *lost* when none of its neighbours can come to show a guard
(R5, R6; a Barracks only merges groups that touch the monster already, R11), unless it is a
goblin that a Fort still to be placed could hide (R9), or that a Watchtower still to be placed, or
one in play whose line passes through it, could take (R10). A goblin hidden beneath a Fort that
can never be surrounded (a hobgoblin, a building, or a goblin with no Fort to come, next to it)
is lost too (R7, R9). And a visible monster that no garrison can take, or a hobgoblin on a card
still to be placed, is lost when fewer guard cells than it needs can ever be in view at once:
guard cells, once covered, never show again. A position with a lost monster cannot be won; one
without may still be lost (the test is fast and sound, not complete).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .._board import Board
from .._deck import (
    CELL_OFFSETS,
    CODE_LETTERS,
    GOBLIN,
    GUARD,
    HOBGOBLIN,
    HOUSE,
    NEED,
    NEIGHBOURS,
    RING,
    CompiledDeck,
    decode,
)

_TOWER = CODE_LETTERS.index("W")


class Spare:
    """What the cards not yet in play (in hand or still to draw) can still bring (R9–R11).

    Attributes:
        fort: a Fort is among them (it may cover goblins, R9).
        tower: a Watchtower is among them (its line may pass anywhere, R10).
        guards: their guard cells.
        hobgoblin: a hobgoblin is among them.
        lines: the lines of the Watchtowers in play, as ``(slope, x - slope * y)`` of the
            building cell (R10).
    """

    __slots__ = ("fort", "guards", "hobgoblin", "lines", "tower")

    def __init__(self, deck: CompiledDeck, cards: Iterable[int], towers: Mapping[int, int]) -> None:
        self.fort = self.tower = self.hobgoblin = False
        self.guards = 0
        for card in cards:
            letters = deck.letters[card]
            self.fort = self.fort or deck.fort[card]
            self.tower = self.tower or _TOWER in letters
            self.hobgoblin = self.hobgoblin or HOBGOBLIN in letters
            self.guards += letters.count(GUARD)
        self.lines = frozenset(_line(deck, card, anchor) for card, anchor in towers.items())

    @classmethod
    def of(cls, deck: CompiledDeck, spare: Iterable[int], placed: Mapping[int, int]) -> Spare:
        """The spare cards ``spare``; ``placed`` maps each card in play to its anchor."""
        towers = {card: a for card, a in placed.items() if _TOWER in deck.letters[card]}
        return cls(deck, spare, towers)

    def with_tower(self, deck: CompiledDeck, card: int, anchor: int) -> Spare:
        """The same spare cards, with the line of Watchtower ``card`` (not one of them) laid at
        ``anchor`` among the lines in play (R10)."""
        spare = Spare.__new__(Spare)
        spare.fort, spare.tower, spare.hobgoblin = self.fort, self.tower, self.hobgoblin
        spare.guards = self.guards
        spare.lines = self.lines | {_line(deck, card, anchor)}
        return spare

    def on_line(self, pos: int) -> bool:
        """Whether the cell ``pos`` lies on the line of a Watchtower in play (R10)."""
        x, y = decode(pos)
        return any(x - slope * y == c for slope, c in self.lines)


def _line(deck: CompiledDeck, card: int, anchor: int) -> tuple[int, int]:
    """The line of Watchtower ``card`` laid at ``anchor`` (R10), as ``(slope, x - slope * y)``
    of its building cell: slope 1 for ``\\``, -1 for ``/``."""
    index = deck.letters[card].index(_TOWER)
    wx, wy = decode(anchor + CELL_OFFSETS[index])
    slope = 1 if index in (0, 3) else -1
    return slope, wx - slope * wy


def may_show_guard(
    cell: Mapping[int, int], vis: Sequence[int], deck: CompiledDeck, spare: Spare, pos: int
) -> bool:
    """Whether cell ``pos`` shows a guard now or may show one later (see the module docs)."""
    value = cell.get(pos)
    if value is None:
        return True
    letter = value & 15
    if letter == GUARD:
        return True
    if letter == HOUSE:
        return not deck.garrison[value >> 4] and vis[value >> 4] > 1
    return letter == GOBLIN and spare.fort


def lost_monster(
    cell: Mapping[int, int],
    vis: Sequence[int],
    deck: CompiledDeck,
    spare: Spare,
    monsters: Iterable[int],
    guards: int,
) -> bool:
    """Whether one of ``monsters`` (visible cells of monsters still standing) is lost.

    Args:
        cell: the visible cells (``card << 4 | letter``).
        vis: per card, its visible houses.
        deck: the deck.
        spare: what the cards not in play can still bring.
        monsters: the visible monsters still standing.
        guards: the visible guard cells.
    """
    most = guards + spare.guards
    if spare.hobgoblin and most < NEED[HOBGOBLIN]:
        return True
    for pos in monsters:
        code = cell[pos] & 15
        if code == GOBLIN and (spare.fort or spare.tower or spare.on_line(pos)):
            continue
        if most < NEED[code]:
            return True
        if not any(may_show_guard(cell, vis, deck, spare, pos + d) for d in NEIGHBOURS):
            return True
    return False


def hopeless(board: Board, defeated: Iterable[int], spare_cards: Iterable[int]) -> bool:
    """Whether the position cannot be won: a monster is lost (see the module docs), visible or
    hidden beneath a Fort that can never be surrounded (R7, R9).

    Args:
        board: the position.
        defeated: the monsters defeated so far (encoded cells).
        spare_cards: the cards not in play.
    """
    deck, cell = board.deck, board.cell
    spare = Spare.of(deck, spare_cards, board.anchor_of)
    done = set(defeated)
    guards = 0
    monsters = []
    for pos, value in cell.items():
        letter = value & 15
        if letter == GUARD:
            guards += 1
        elif letter in NEED and pos not in done:
            monsters.append(pos)
    if lost_monster(cell, board.vis_houses, deck, spare, monsters, guards):
        return True
    for fort, anchor in board.anchor_of.items():
        if (
            deck.fort[fort]
            and _hides_goblin(board, fort, done)
            and _never_surrounded(board, anchor, spare)
        ):
            return True
    return False


def _hides_goblin(board: Board, fort: int, done: set[int]) -> bool:
    """Whether a goblin still standing lies hidden directly beneath ``fort`` (R9)."""
    deck, cell = board.deck, board.cell
    for card, anchor in board.anchor_of.items():
        for off, code in deck.monsters[card]:
            pos = anchor + off
            if code == GOBLIN and pos not in done and cell.get(pos, -1) >> 4 == fort:
                return True
    return False


def _never_surrounded(board: Board, anchor: int, spare: Spare) -> bool:
    """Whether a garrison at ``anchor`` can never be surrounded by houses and guards (R7): a cell
    of its ring shows a hobgoblin or a building, or a goblin with no Fort to come."""
    for off in RING:
        value = board.cell.get(anchor + off)
        if value is None:
            continue
        letter = value & 15
        if letter == HOBGOBLIN or letter > HOUSE or (letter == GOBLIN and not spare.fort):
            return True
    return False
