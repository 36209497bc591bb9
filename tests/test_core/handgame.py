"""TEST FIXTURE: "high cards", a tiny 2-4 seat game with hidden hands, out-of-turn answers and
explicit chance. It follows the per-game API of the design and exists to exercise the core's
many-seat and chance machinery (``tabletop_rules.testing``, ``play``, ``sample_chance``).

Cards 1..size are shuffled; each seat is dealt two hidden cards. On its turn a seat plays a card
face up and scores its value, then draws. A *strong* card (one of the three highest) may be
blocked by the seat before it in turn order: that seat, not the one whose turn it is, must answer
``Block`` (the points are cancelled and the blocker discards its lowest card face up) or ``Pass``.
The game ends when every hand is empty; the highest score wins (ties share the win). With
``chance="explicit"`` every card dealt or drawn is a ``Deal`` decision of the chance seat.
"""

from __future__ import annotations

import re
from fractions import Fraction
from types import MappingProxyType
from typing import Literal, TypeAlias

import attrs

from tabletop_rules import (
    CHANCE,
    Decision,
    Game,
    Marks,
    Observer,
    Outcome,
    PrivateEvent,
    PublicEvent,
    RandomAgent,
    Rng,
    Seat,
    StateFormatError,
    Step,
    TableSpace,
    check_position,
)

HAND = 2
UNKNOWN = 0
"""A card another seat holds, as a view shows it."""


@attrs.frozen
class Config:
    """The number of seats, the highest card and the chance mode."""

    seats: int = attrs.field(default=2, validator=attrs.validators.in_(range(2, 5)))
    size: int = attrs.field(default=12, validator=attrs.validators.in_(range(8, 41)))
    chance: Literal["sampled", "explicit"] = attrs.field(
        default="sampled", validator=attrs.validators.in_(("sampled", "explicit"))
    )


@attrs.frozen
class Play:
    """Play ``card`` from the hand."""

    card: int


@attrs.frozen
class Block:
    """Block the strong card just played."""


@attrs.frozen
class Pass:
    """Let the strong card score."""


@attrs.frozen
class Deal:
    """Chance: the next card dealt is ``card``."""

    card: int


Action: TypeAlias = Play | Block | Pass | Deal


@attrs.frozen
class Played(PublicEvent):
    """``seat`` played ``card``."""

    seat: Seat
    card: int


@attrs.frozen
class Blocked(PublicEvent):
    """``seat`` blocked and discarded ``card``."""

    seat: Seat
    card: int


@attrs.frozen
class Dealt(PrivateEvent):
    """A card was dealt to its owner (only the owner sees which)."""

    card: int


HandEvent: TypeAlias = Played | Blocked | Dealt


@attrs.frozen
class State:
    """The whole game."""

    config: Config
    rng: Rng
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    played: tuple[int, ...]
    turn: Seat
    asking: Seat | None
    strong: int
    to_deal: tuple[Seat, ...]


@attrs.frozen
class View:
    """What ``seat`` knows: its own hand; of the others only how many cards they hold."""

    seat: Seat
    config: Config
    deck_size: int
    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    played: tuple[int, ...]
    turn: Seat
    asking: Seat | None
    strong: int
    to_deal: tuple[Seat, ...]


def seat_count(position: Config | State | View) -> int:
    """The config's seats."""
    return (position if isinstance(position, Config) else position.config).seats


def _strong(config: Config, card: int) -> bool:
    return card > config.size - 3


def _unseen(position: State | View) -> tuple[int, ...]:
    known = {c for hand in position.hands for c in hand if c != UNKNOWN} | set(position.played)
    return tuple(c for c in range(1, position.config.size + 1) if c not in known)


def _give(hands: tuple[tuple[int, ...], ...], seat: Seat, card: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted((*h, card))) if i == seat else h for i, h in enumerate(hands))


def _next_turn(hands: tuple[tuple[int, ...], ...], to_deal: tuple[Seat, ...], turn: Seat) -> Seat:
    seats = len(hands)
    for k in range(1, seats + 1):
        seat = (turn + k) % seats
        if hands[seat] or seat in to_deal:
            return seat
    return turn


def new_game(config: Config | None = None, *, seed: int) -> State:
    """Shuffle and deal two cards to each seat (or leave the deal to chance)."""
    config = Config() if config is None else config
    rng = Rng.from_seed(seed)
    cards = tuple(range(1, config.size + 1))
    empty: tuple[tuple[int, ...], ...] = tuple(() for _ in range(config.seats))
    zeros = (0,) * config.seats
    deal = tuple(seat for seat in range(config.seats) for _ in range(HAND))
    if config.chance == "explicit":
        return State(config, rng, cards, empty, zeros, (), 0, None, 0, deal)
    deck, rng = rng.shuffle(cards)
    hands = empty
    for seat, card in zip(deal, deck, strict=False):
        hands = _give(hands, seat, card)
    return State(config, rng, deck[len(deal) :], hands, zeros, (), 0, None, 0, ())


def is_over(position: State | View) -> bool:
    """Every hand is empty and nothing is left to deal."""
    return not position.to_deal and not any(position.hands)


def current_player(position: State | View) -> Seat | None:
    """Chance while dealing, the asked seat while a block is pending, else the turn's seat."""
    if position.to_deal:
        return CHANCE
    if position.asking is not None:
        return position.asking
    return None if is_over(position) else position.turn


def legal_actions(position: State | View) -> tuple[Action, ...]:
    """Deals in card order; Block then Pass; plays in card order."""
    check_position(position, (State, View), "legal_actions")
    if position.to_deal:
        cards = position.deck if isinstance(position, State) else _unseen(position)
        return tuple(Deal(c) for c in cards)
    if position.asking is not None:
        return (Block(), Pass())
    if is_over(position):
        return ()
    return tuple(Play(c) for c in position.hands[position.turn])


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Every undealt card equally likely."""
    if not state.to_deal:
        return ()
    return tuple((action, Fraction(1, len(state.deck))) for action in legal_actions(state))


def why_not(state: State | View, action: Action) -> str | None:
    """``None`` or why not."""
    if action not in legal_actions(state):
        return f"H1: {notation(action)} is not an answer to {decision_kind(state)}"
    return None


def decision_kind(position: State | View) -> str:
    """``deal``, ``block?``, ``play`` or ``over``."""
    if position.to_deal:
        return "chance"
    if position.asking is not None:
        return "block?"
    return "over" if is_over(position) else "play"


def _finish_turn(state: State, events: list[HandEvent]) -> State:
    """The turn's seat draws, and the turn passes on."""
    deck, hands, to_deal = state.deck, state.hands, state.to_deal
    if deck and state.config.chance == "explicit":
        to_deal = (state.turn,)
    elif deck:
        hands = _give(hands, state.turn, deck[0])
        events.append(Dealt(deck[0], seen_by=(state.turn,)))
        deck = deck[1:]
    turn = _next_turn(hands, to_deal, state.turn)
    return attrs.evolve(
        state, deck=deck, hands=hands, asking=None, strong=0, to_deal=to_deal, turn=turn
    )


def act(state: State, action: Action) -> Step[State, HandEvent]:
    """Apply one legal answer."""
    events: list[HandEvent] = []
    if isinstance(action, Deal):
        seat = state.to_deal[0]
        events.append(Dealt(action.card, seen_by=(seat,)))
        after = attrs.evolve(
            state,
            deck=tuple(c for c in state.deck if c != action.card),
            hands=_give(state.hands, seat, action.card),
            to_deal=state.to_deal[1:],
        )
        return Step(after, tuple(events))
    if isinstance(action, Play):
        seat = state.turn
        hands = tuple(
            tuple(c for c in h if c != action.card) if i == seat else h
            for i, h in enumerate(state.hands)
        )
        scores = tuple(s + action.card if i == seat else s for i, s in enumerate(state.scores))
        events.append(Played(seat, action.card))
        after = attrs.evolve(
            state, hands=hands, scores=scores, played=tuple(sorted((*state.played, action.card)))
        )
        blocker = (seat - 1) % state.config.seats
        if _strong(state.config, action.card) and hands[blocker]:
            return Step(attrs.evolve(after, asking=blocker, strong=action.card), tuple(events))
        return Step(_finish_turn(after, events), tuple(events))
    if isinstance(action, Block):
        asked = state.asking
        lowest = state.hands[asked][0] if asked is not None else 0
        hands = tuple(h[1:] if i == asked else h for i, h in enumerate(state.hands))
        scores = tuple(
            s - state.strong if i == state.turn else s for i, s in enumerate(state.scores)
        )
        events.append(Blocked(asked if asked is not None else state.turn, lowest))
        state = attrs.evolve(
            state, hands=hands, scores=scores, played=tuple(sorted((*state.played, lowest)))
        )
    return Step(_finish_turn(state, events), tuple(events))


def outcome(position: State | View) -> Outcome | None:
    """The highest score wins; ties share."""
    if not is_over(position):
        return None
    best = max(position.scores)
    winners = tuple(i for i, s in enumerate(position.scores) if s == best)
    returns = tuple(1.0 if i in winners else 0.0 for i in range(len(position.scores)))
    return Outcome(winners, returns, scores=tuple(float(s) for s in position.scores))


def decision(position: State | View) -> Decision[None] | None:
    """What is asked now."""
    seat = current_player(position)
    if seat is None:
        return None
    prompts = {"chance": "Deal a card.", "block?": "Block the strong card?", "play": "Play."}
    kind = decision_kind(position)
    return Decision(seat, kind, prompts[kind], None)


def view(state: State, seat: Seat) -> View:
    """Seat ``seat``'s view: the other hands as unknown cards."""
    if not 0 <= seat < state.config.seats:
        raise ValueError(f"no seat {seat}")
    hands = tuple(h if i == seat else (UNKNOWN,) * len(h) for i, h in enumerate(state.hands))
    return View(
        seat,
        state.config,
        len(state.deck),
        hands,
        state.scores,
        state.played,
        state.turn,
        state.asking,
        state.strong,
        state.to_deal,
    )


def redeal(v: View, seed: int) -> State:
    """A state consistent with ``v``: the unknown cards drawn afresh from ``seed``."""
    pool, rng = Rng.from_seed(seed).shuffle(_unseen(v))
    hands = []
    for hand in v.hands:
        known = [c for c in hand if c != UNKNOWN]
        missing = len(hand) - len(known)
        hands.append(tuple(sorted((*known, *pool[:missing]))))
        pool = pool[missing:]
    deck = tuple(sorted(pool)) if v.config.chance == "explicit" else pool
    return State(
        v.config, rng, deck, tuple(hands), v.scores, v.played, v.turn, v.asking, v.strong, v.to_deal
    )


def notation(action: Action) -> str:
    """``p7``, ``block``, ``pass``, ``d7``."""
    if isinstance(action, Play):
        return f"p{action.card}"
    if isinstance(action, Deal):
        return f"d{action.card}"
    return "block" if isinstance(action, Block) else "pass"


def parse_notation(text: str) -> Action:
    """The inverse of :func:`notation`."""
    text = text.strip()
    if text in ("block", "pass"):
        return Block() if text == "block" else Pass()
    match = re.fullmatch(r"([pd])([0-9]{1,2})", text)
    if match is None:
        raise ValueError(f"not an action: {text!r}")
    card = int(match.group(2))
    return Play(card) if match.group(1) == "p" else Deal(card)


def validate(position: State | View) -> None:
    """Every card once; scores never negative."""
    cards = [c for h in position.hands for c in h if c != UNKNOWN] + list(position.played)
    if isinstance(position, State):
        cards += list(position.deck)
    if len(set(cards)) != len(cards):
        raise StateFormatError("$.hands", "a card appears twice")
    if any(s < 0 for s in position.scores):
        raise StateFormatError("$.scores", "a score is never negative")


def render_text(position: State | View) -> str:
    """One line per seat."""
    lines = [
        f"turn {position.turn}, asking {position.asking} about {position.strong},"
        f" dealing {position.to_deal}"
    ]
    for seat, hand in enumerate(position.hands):
        lines.append(f"seat {seat}: {hand} scores {position.scores[seat]}")
    return "\n".join(lines)


def action_space(config: Config) -> TableSpace[Action]:
    """Every card played, Block, Pass, then every card dealt."""
    cards = range(1, config.size + 1)
    return TableSpace([*map(Play, cards), Block(), Pass(), *map(Deal, cards)])


def observation_shape(config: Config) -> tuple[int, ...]:
    """The seat's own hand and the played cards (one plane each, over the cards), then each
    seat's score."""
    return (2 * config.size + config.seats,)


def _mark(v: View, marks: Marks) -> None:
    """What :func:`observation_shape` says, from the view."""
    cards = range(1, v.config.size + 1)
    own = set(v.hands[v.seat])
    marks.put(
        0,
        (
            *(float(c in own) for c in cards),
            *(float(c in v.played) for c in cards),
            *map(float, v.scores),
        ),
    )


OBSERVER = Observer(observation_shape, _mark, view_type=View)


def observation_bounds(config: Config) -> tuple[float, float]:
    """A score never passes the sum of every card, up or down."""
    total = config.size * (config.size + 1) // 2
    return -float(total), float(total)


class HandGame(Game[State, Action, View]):
    """High cards, written on the kernel as a user would write a game."""

    __slots__ = ()

    name = "handgame"
    title = "High cards"
    seats = (2, 4)
    config_type = Config
    state_type = State
    view_type = View
    action_types = (Play, Block, Pass, Deal)
    event_types = (Played, Blocked, Dealt)
    agents = MappingProxyType({"random": RandomAgent})
    new_game = staticmethod(new_game)
    seat_count = staticmethod(seat_count)
    current_player = staticmethod(current_player)
    legal_actions = staticmethod(legal_actions)
    why_not = staticmethod(why_not)
    act = staticmethod(act)
    chance_outcomes = staticmethod(chance_outcomes)
    is_over = staticmethod(is_over)
    outcome = staticmethod(outcome)
    view = staticmethod(view)
    redeal = staticmethod(redeal)
    decision = staticmethod(decision)
    notation = staticmethod(notation)
    parse_notation = staticmethod(parse_notation)
    validate = staticmethod(validate)
    render_text = staticmethod(render_text)
    action_space = staticmethod(action_space)
    observation_shape = staticmethod(observation_shape)
    observation_bounds = staticmethod(observation_bounds)
    observer = OBSERVER


GAME = HandGame()
observation = OBSERVER.tuples
observation_array = OBSERVER.array
step = GAME.step
apply = GAME.apply
is_legal = GAME.is_legal
parse_action = GAME.parse_action
dumps = GAME.dumps
loads = GAME.loads
digest = GAME.digest

CONFIGS = [Config(seats=n, chance=chance) for n in (2, 3, 4) for chance in ("sampled", "explicit")]
"""Every seat count in both chance modes."""


def _leaky_view(state: State, seat: Seat) -> View:
    # BROKEN ON PURPOSE: every seat sees every hand. The redeal keeps what a view shows, so
    # the views survive redeals; only the view-leak check can tell.
    return attrs.evolve(view(state, seat), hands=state.hands)


LEAKY_GAME: Game[State, Action, View] = GAME.replace(view=_leaky_view)
"""A variant whose views show every hand."""


def _peeking_view(state: State, seat: Seat) -> View:
    # BROKEN ON PURPOSE: the view shows the next card to be drawn among the played cards.
    seen = view(state, seat)
    return attrs.evolve(seen, played=(*seen.played, *state.deck[:1]))


PEEKING_GAME: Game[State, Action, View] = GAME.replace(view=_peeking_view)
"""A variant whose views show the next card of the deck."""
