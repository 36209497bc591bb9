"""The rules: set-up, legal placements, placing a card, outcome, decisions and views (R1–R13).

Guard groups and defeats live in :mod:`goblinguard._defeats`, the bookkeeping of visible cells and
legal spots in :mod:`goblinguard._board`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import attrs

import tabletop_rules
from tabletop_rules import CHANCE, Decision, Rng, Seat, Step, check_position

from ._actions import Action, Draw
from ._board import Board
from ._cards import Layer
from ._deck import CODE_LETTERS, LIMIT, CompiledDeck, decode, encode
from ._defeats import defeat_after_placement, final_check
from ._events import CardDrawn, CardPlaced, Event, GameEnded
from ._state import Config, Placed, State, View

_POSITIONS = (State, View)

HAND_SIZE = 5
"""Cards held while the deck lasts (R12)."""


@attrs.frozen
class Outcome(tabletop_rules.Outcome):
    """How a finished game ended (R13).

    Attributes:
        won: every goblin and hobgoblin was defeated.
        defeated: goblins and hobgoblins defeated (the puzzle score).
        total: goblins and hobgoblins on all cards of the deck.
        active: ids of the garrisons whose effect counted (R7), in the order they were placed.
        winners: ``(0,)`` on a win, else ``()``.
        returns: ``(1.0,)`` on a win, else ``(0.0,)``.
        scores: ``(defeated,)``.
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


@attrs.frozen
class DrawContext:
    """The details of a chance decision (explicit chance mode): which card is drawn next.

    Attributes:
        to_draw: the cards chance draws before the next placement, this one included.
        unseen: the cards it draws from, in deck order; each is equally likely.
    """

    to_draw: int
    unseen: tuple[str, ...]


def board_of(position: State | View) -> Board:
    """The position's bookkeeping, built on first use and kept on the value (an invisible cache)."""
    board = position.board
    if board is None:
        deck = position.config.compiled
        board = Board.build(
            deck, ((deck.index[p.card], encode(p.x, p.y), p.layer) for p in position.placed)
        )
        object.__setattr__(position, "board", board)
    return board


def _in_deck_order(deck: CompiledDeck, cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=deck.index.__getitem__))


def seat_count(position: Config | State | View) -> int:
    """Guards & Goblins is solitaire: ``1``."""
    return 1


def new_game(config: Config | None = None, *, seed: int) -> State:
    """Set up a game: shuffle the deck with ``seed`` (unless ``config.order`` fixes it) and draw
    the opening hand of ``min(5, deck size)`` cards (R12). In explicit chance mode the deck stays
    unordered and chance draws the opening hand card by card.

    >>> state = new_game(seed=1)
    >>> len(state.hand), len(state.deck)
    (5, 15)
    >>> explicit = new_game(Config(chance="explicit"), seed=1)
    >>> len(explicit.hand), explicit.to_draw, current_player(explicit)
    (0, 5, -1)
    """
    config = Config() if config is None else config
    rng = Rng.from_seed(seed)
    ids = [card.id for card in config.deck]
    if config.explicit:
        return State(config, rng, tuple(ids), (), (), frozenset(), to_draw=min(HAND_SIZE, len(ids)))
    if config.order is None:
        order, rng = rng.shuffle(ids)
    else:
        order = config.order
    hand = _in_deck_order(config.compiled, order[:HAND_SIZE])
    return State(config, rng, order[HAND_SIZE:], hand, (), frozenset())


def is_over(position: State | View) -> bool:
    """The last card has been placed (R8)."""
    return not position.hand and not position.to_draw


def current_player(position: State | View) -> Seat | None:
    """The seat that must answer now: :data:`~tabletop_rules.CHANCE` while chance draws (explicit
    chance mode), else ``0`` (the only seat) while the game runs; ``None`` when it is over."""
    if position.to_draw:
        return CHANCE
    return 0 if position.hand else None


def unseen(position: State | View) -> tuple[str, ...]:
    """The cards not yet drawn, in deck order (public knowledge: the deck minus the hand and the
    cards in play)."""
    deck = position.config.compiled
    if isinstance(position, State):
        return _in_deck_order(deck, position.deck)
    known = {*position.hand, *(p.card for p in position.placed)}
    return tuple(card.id for card in deck.cards if card.id not in known)


def legal_actions(position: State | View) -> tuple[Action, ...]:
    """The answers to the current decision. A placement: every legal :class:`Place`, by card in
    hand (deck order), then cards laid on top by ``(x, y)``, then cards tucked beneath by
    ``(x, y)``. A chance draw: a :class:`Draw` of each unseen card, in deck order. Empty exactly
    when the game is over.

    >>> puzzle = Config(order=tuple(card.id for card in Config().deck))
    >>> [action.card for action in legal_actions(new_game(puzzle, seed=0))]
    ['g1', 'g2', 'g3', 'g4', 'g5']
    """
    check_position(position, _POSITIONS, "legal_actions")
    deck = position.config.compiled
    if position.to_draw:
        cards = position.deck if isinstance(position, State) else unseen(position)
        return tuple(deck.pools.draw[deck.index[card]] for card in cards)
    if not position.hand:
        return ()
    return board_of(position).places([deck.index[card] for card in position.hand])


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance draw, each :class:`Draw` of :func:`legal_actions` with its probability (every
    unseen card equally likely); ``()`` elsewhere.

    >>> outcomes = chance_outcomes(new_game(Config(chance="explicit"), seed=0))
    >>> len(outcomes), outcomes[0]
    (20, (Draw(card='g1'), Fraction(1, 20)))
    """
    if not state.to_draw:
        return ()
    draws = legal_actions(state)
    share = Fraction(1, len(draws))
    return tuple((draw, share) for draw in draws)


def why_not(position: State | View, action: Action) -> str | None:
    """``None`` if the well-formed ``action`` is legal, else the reason, naming the rule it
    breaks (:meth:`Game.is_legal <tabletop_rules.Game.is_legal>` checks its shape first)."""
    if isinstance(action, Draw):
        if not position.to_draw:
            return "R12: no card is being drawn now"
        if action.card not in unseen(position):
            return f"R12: card {action.card!r} is not among the cards still to draw"
        return None
    if position.to_draw:
        return "R12: a card must be drawn first"
    if not position.hand:
        return "R8: the game is over"
    if action.card not in position.hand:
        return f"R12: card {action.card!r} is not in the hand"
    card = position.config.compiled.index[action.card]
    return board_of(position).why_not(card, action.x, action.y, action.layer)


def act(state: State, action: Action) -> Step[State, Event]:
    """Place a card, draw, and report what happened (R2–R12); or, in explicit chance mode, draw
    the card chance chose. ``action`` is legal (:meth:`Game.step <tabletop_rules.Game.step>`
    checked it); ``state`` is never changed."""
    deck = state.config.compiled
    if isinstance(action, Draw):
        after = attrs.evolve(
            state,
            deck=tuple(card for card in state.deck if card != action.card),
            hand=_in_deck_order(deck, [*state.hand, action.card]),
            to_draw=state.to_draw - 1,
            board=state.board,
        )
        return Step(after, (CardDrawn(action.card, seen_by=(0,)),))
    card = deck.index[action.card]
    anchor = encode(action.x, action.y)
    board = board_of(state).after(card, anchor, action.layer)
    placed = (*state.placed, Placed(action.card, action.x, action.y, action.layer))
    events: list[Event] = [CardPlaced(action.card, action.x, action.y, action.layer)]
    hand = [c for c in state.hand if c != action.card]
    pile = state.deck
    to_draw = 0
    if pile and state.config.explicit:
        to_draw = 1
    elif pile:
        events.append(CardDrawn(pile[0], seen_by=(0,)))
        hand = list(_in_deck_order(deck, [*hand, pile[0]]))
        pile = pile[1:]
    defeated = {encode(x, y) for x, y in state.defeated}
    defeat_after_placement(board, anchor, defeated, events)
    active: tuple[str, ...] = ()
    if not hand and not to_draw:
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
        to_draw,
        board=board,
    )
    return Step(after, tuple(events))


def after(state: State, action: Action) -> State:
    """The state after the legal ``action``, unchecked: for the agents and the solver, which
    only ever play the actions :func:`legal_actions` lists."""
    return act(state, action).state


def outcome(position: State | View) -> Outcome | None:
    """The result (R13), or ``None`` while the game runs.

    >>> outcome(new_game(seed=1)) is None
    True
    """
    if not is_over(position):
        return None
    total = position.config.compiled.total
    defeated = len(position.defeated)
    won = defeated == total
    return Outcome(
        winners=(0,) if won else (),
        returns=(1.0 if won else 0.0,),
        scores=(float(defeated),),
        won=won,
        defeated=defeated,
        total=total,
        active=position.active,
    )


def decision(position: State | View) -> Decision[PlaceContext | DrawContext] | None:
    """What is asked now: which card to place where, or (explicit chance mode) which card chance
    draws; ``None`` when the game is over."""
    if position.to_draw:
        cards = unseen(position)
        prompt = f"Chance draws a card ({position.to_draw} to draw, {len(cards)} unseen)."
        return Decision(CHANCE, "chance", prompt, DrawContext(position.to_draw, cards))
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
    config = state.config
    if config.order is not None:
        config = Config(config.deck, chance=config.chance)
    return View(
        0,
        config,
        len(state.deck),
        state.hand,
        state.placed,
        state.defeated,
        state.active,
        state.to_draw,
        board=state.board,
    )


def redeal(position: View, seed: int) -> State:
    """A full state consistent with ``position``: the unseen cards shuffled afresh from ``seed``
    (in explicit chance mode they stay unordered and the generator is drawn from ``seed``).

    >>> state = new_game(seed=3)
    >>> view(redeal(view(state), seed=99)) == view(state)
    True
    """
    cards = unseen(position)
    if len(cards) != position.deck_size:
        raise ValueError(
            f"inconsistent view: {len(cards)} unseen cards but deck_size={position.deck_size}"
        )
    rng = Rng.from_seed(seed)
    if not position.config.explicit:
        cards, rng = rng.shuffle(cards)
    return State(
        position.config,
        rng,
        cards,
        position.hand,
        position.placed,
        position.defeated,
        position.active,
        position.to_draw,
        board=position.board,
    )


def stack(position: State | View) -> tuple[Placed, ...]:
    """The cards in play from the bottom of the stack up: the order to draw them in (R2).

    A card laid on top went above every card placed before it, a tucked card beneath them.

    >>> state = new_game(Config(order=tuple(c.id for c in Config().deck)), seed=0)
    >>> state = apply(apply(state, Place("g1", 0, 0)), Place("g2", -1, 1, Layer.BOTTOM))
    >>> [p.card for p in state.placed], [p.card for p in stack(state)]
    (['g1', 'g2'], ['g2', 'g1'])
    """
    below: list[Placed] = []
    above: list[Placed] = []
    for p in position.placed:
        (below if p.layer is Layer.BOTTOM else above).append(p)
    return (*below[::-1], *above)


def cell_at(position: State | View, x: int, y: int) -> str | None:
    """The letter of the visible cell at ``(x, y)``, or ``None`` where no card lies.

    >>> state = apply(new_game(Config(order=tuple(c.id for c in Config().deck)), seed=0),
    ...               Place("g1", 0, 0))
    >>> cell_at(state, 1, 0), cell_at(state, 2, 0)
    ('X', None)
    """
    if max(abs(x), abs(y)) >= LIMIT:
        return None
    value = board_of(position).cell.get(encode(x, y))
    return None if value is None else CODE_LETTERS[value & 15]


def defeated_cells(position: State | View) -> tuple[tuple[int, int], ...]:
    """The positions of the goblins and hobgoblins defeated so far, sorted."""
    return tuple(sorted(position.defeated))
