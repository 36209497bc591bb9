"""The rules: set-up, legal placements, placing a card, outcome, decisions and views (R1–R13).

Guard groups and defeats live in :mod:`goblinguard._defeats`, the bookkeeping of visible cells and
legal spots in :mod:`goblinguard._board`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import tabletop_rules
from tabletop_rules import Decision, IllegalActionError, Rng, Seat, Step

from ._actions import Place
from ._board import Board
from ._cards import Layer
from ._deck import CODE_LETTERS, CompiledDeck, decode, encode
from ._defeats import defeat_after_placement, final_check
from ._events import CardDrawn, CardPlaced, Event, GameEnded
from ._state import Config, Placed, State, View

__all__ = [
    "HAND_SIZE",
    "Outcome",
    "PlaceContext",
    "apply",
    "board_of",
    "cell_at",
    "current_player",
    "decision",
    "defeated_cells",
    "is_legal",
    "is_over",
    "legal_actions",
    "new_game",
    "outcome",
    "redeal",
    "step",
    "view",
]

HAND_SIZE = 5
"""Cards held while the deck lasts (R12)."""


@attrs.frozen
class Outcome(tabletop_rules.Outcome):
    """How a finished game ended (R13).

    Attributes:
        won: every goblin and hobgoblin was defeated.
        defeated: goblins and hobgoblins defeated (the puzzle score).
        total: goblins and hobgoblins on all cards of the deck.
        active: ids of the garrisons whose effect counted (R7).
        winners: ``(0,)`` on a win, else ``()``.
        returns: ``(1.0,)`` on a win, else ``(0.0,)``.
    """

    won: bool
    defeated: int
    total: int
    active: tuple[str, ...]

    @property
    def score(self) -> int:
        """The number of goblins and hobgoblins defeated (same as :attr:`defeated`)."""
        return self.defeated


@attrs.frozen
class PlaceContext:
    """The details of a placement decision.

    Attributes:
        first: the first card of the game, which goes to ``(0, 0)`` (R1).
        hand: the cards that may be placed.
        deck_size: cards left to draw after this one.
    """

    first: bool
    hand: tuple[str, ...]
    deck_size: int


def board_of(position: State | View) -> Board:
    """The position's bookkeeping, built on first use and kept on the value (an invisible cache)."""
    board = position.board
    if board is None:
        deck = position.config.compiled
        cards = [(deck.index[p.card], encode(p.x, p.y)) for p in position.placed]
        board = Board.build(deck, cards)
        object.__setattr__(position, "board", board)
    return board


def _in_deck_order(deck: CompiledDeck, cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=deck.index.__getitem__))


def new_game(config: Config | None = None, *, seed: int) -> State:
    """Set up a game: shuffle the deck with ``seed`` (unless ``config.order`` fixes it) and draw
    the opening hand of ``min(5, deck size)`` cards (R12).

    >>> state = new_game(seed=1)
    >>> len(state.hand), len(state.deck)
    (5, 15)
    """
    config = Config() if config is None else config
    rng = Rng.from_seed(seed)
    if config.order is None:
        order, rng = rng.shuffle([card.id for card in config.deck])
    else:
        order = config.order
    hand = _in_deck_order(config.compiled, order[:HAND_SIZE])
    return State(config, rng, order[HAND_SIZE:], hand, (), frozenset())


def is_over(position: State | View) -> bool:
    """The last card has been placed (R8)."""
    return not position.hand


def current_player(position: State | View) -> Seat | None:
    """``0`` (the only seat) while the game runs, ``None`` when it is over."""
    return None if not position.hand else 0


def legal_actions(position: State | View) -> tuple[Place, ...]:
    """Every legal placement, in this order: by card in hand (deck order), then cards laid on top
    by ``(x, y)``, then cards tucked beneath by ``(x, y)``. Empty exactly when the game is over.

    >>> puzzle = Config(order=tuple(card.id for card in Config().deck))
    >>> [action.card for action in legal_actions(new_game(puzzle, seed=0))]
    ['g1', 'g2', 'g3', 'g4', 'g5']
    """
    if not position.hand:
        return ()
    index = position.config.compiled.index
    return board_of(position).places([index[card] for card in position.hand])


def is_legal(position: State | View, action: Place) -> str | None:
    """``None`` if ``action`` is legal, else the reason, naming the rule it breaks."""
    if not isinstance(action, Place):
        return f"not a goblinguard action: {action!r}"
    if not position.hand:
        return "R8: the game is over"
    if action.card not in position.hand:
        return f"R12: card {action.card!r} is not in the hand"
    card = position.config.compiled.index[action.card]
    return board_of(position).why_not(card, action.x, action.y, action.layer)


def step(state: State, action: Place) -> Step[State, Event]:
    """Place a card, draw, and report what happened (R2–R12).

    Raises:
        tabletop_rules.IllegalActionError: the placement breaks a rule (``.reason`` names it).
    """
    reason = is_legal(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    deck = state.config.compiled
    card = deck.index[action.card]
    board = board_of(state).after(card, encode(action.x, action.y), action.layer)
    laid = Placed(action.card, action.x, action.y)
    placed = (*state.placed, laid) if action.layer is Layer.TOP else (laid, *state.placed)
    events: list[Event] = [CardPlaced(action.card, action.x, action.y, action.layer)]
    hand = [c for c in state.hand if c != action.card]
    pile = state.deck
    if pile:
        events.append(CardDrawn(pile[0]))
        hand = list(_in_deck_order(deck, [*hand, pile[0]]))
        pile = pile[1:]
    defeated = {encode(x, y) for x, y in state.defeated}
    defeat_after_placement(board, encode(action.x, action.y), defeated, events)
    active: tuple[str, ...] = ()
    if not hand:
        active = final_check(board, placed, defeated, events)
        events.append(GameEnded(len(defeated) == deck.total, len(defeated), deck.total))
    after = State(
        state.config,
        state.rng,
        pile,
        tuple(hand),
        placed,
        frozenset(decode(pos) for pos in defeated),
        active,
        board=board,
    )
    return Step(after, tuple(events))


def apply(state: State, action: Place) -> State:
    """``step(state, action).state``: the state after the placement; ``state`` is untouched."""
    return step(state, action).state


def outcome(position: State | View) -> Outcome | None:
    """The result (R13), or ``None`` while the game runs.

    >>> outcome(new_game(seed=1)) is None
    True
    """
    if position.hand:
        return None
    total = position.config.compiled.total
    won = len(position.defeated) == total
    return Outcome(
        winners=(0,) if won else (),
        returns=(1.0 if won else 0.0,),
        won=won,
        defeated=len(position.defeated),
        total=total,
        active=position.active,
    )


def decision(position: State | View) -> Decision[PlaceContext] | None:
    """What is asked now: which card to place where; ``None`` when the game is over."""
    if not position.hand:
        return None
    first = not position.placed
    deck_size = position.deck_size if isinstance(position, View) else len(position.deck)
    prompt = (
        "Choose the card to lay at (0, 0)."
        if first
        else "Place a card from your hand touching the cards in play."
    )
    context = PlaceContext(first, position.hand, deck_size)
    return Decision(0, "place-first" if first else "place", prompt, context)


def view(state: State, seat: Seat = 0) -> View:
    """What the player may know: the draw order, the config's fixed order and the RNG removed."""
    if seat != 0:
        raise ValueError(f"goblinguard has one seat (0), not {seat!r}")
    config = state.config if state.config.order is None else Config(state.config.deck)
    return View(
        config,
        len(state.deck),
        state.hand,
        state.placed,
        state.defeated,
        state.active,
        board=state.board,
    )


def redeal(position: View, seed: int) -> State:
    """A full state consistent with ``position``: the unseen cards shuffled afresh from ``seed``.

    >>> state = new_game(seed=3)
    >>> view(redeal(view(state), seed=99)) == view(state)
    True
    """
    known = {*position.hand, *(p.card for p in position.placed)}
    unseen = [card.id for card in position.config.deck if card.id not in known]
    if len(unseen) != position.deck_size:
        raise ValueError(
            f"inconsistent view: {len(unseen)} unseen cards but deck_size={position.deck_size}"
        )
    pile, rng = Rng.from_seed(seed).shuffle(unseen)
    return State(
        position.config,
        rng,
        pile,
        position.hand,
        position.placed,
        position.defeated,
        position.active,
        board=position.board,
    )


def cell_at(position: State | View, x: int, y: int) -> str | None:
    """The letter of the visible cell at ``(x, y)``, or ``None`` where no card lies.

    >>> state = apply(new_game(Config(order=tuple(c.id for c in Config().deck)), seed=0),
    ...               Place("g1", 0, 0))
    >>> cell_at(state, 1, 0), cell_at(state, 2, 0)
    ('X', None)
    """
    if max(abs(x), abs(y)) >= 1 << 18:
        return None
    value = board_of(position).cell.get(encode(x, y))
    return None if value is None else CODE_LETTERS[value & 15]


def defeated_cells(position: State | View) -> tuple[tuple[int, int], ...]:
    """The positions of the goblins and hobgoblins defeated so far, sorted."""
    return tuple(sorted(position.defeated))
