"""TEST FIXTURE: "count to N", a tiny 1-seat game that follows the per-game API of the design.

It exists only to exercise the core (``tabletop_rules.testing``, ``Record``/``replay``, the codec).
A deck of cards valued 1-3 is shuffled; the player holds two face-up cards and adds one to the total
each turn (plus a hidden 0/1 bonus drawn from the state's RNG), then draws. The game ends when the
total reaches the target or the hand is empty; hitting the target exactly wins. The deck order and
the RNG are hidden, so views, ``redeal`` and the RNG round trip all have something to check.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from typing import TypeAlias

import attrs

from tabletop_rules import (
    Decision,
    Game,
    Outcome,
    PrivateEvent,
    PublicEvent,
    Rng,
    Seat,
    StateFormatError,
    Step,
    check_position,
)


def _positive(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attr.name} must be at least 1, got {value}")


@attrs.frozen
class Config:
    """Game options: the target total and how many copies of each card value (1, 2, 3)."""

    target: int = attrs.field(default=12, validator=_positive)
    copies: int = attrs.field(default=3, validator=_positive)


@attrs.frozen
class Add:
    """Add the card of this value from the hand to the total."""

    value: int


@attrs.frozen
class Added(PublicEvent):
    """A card was added (public)."""

    value: int
    bonus: int


@attrs.frozen
class Drew(PrivateEvent):
    """A card was drawn into the hand (only its owner sees which)."""

    card: int


CountEvent: TypeAlias = Added | Drew


@attrs.frozen
class State:
    """The whole game."""

    config: Config
    total: int
    hand: tuple[int, ...]
    played: tuple[int, ...]
    deck: tuple[int, ...]
    rng: Rng
    turn: int


@attrs.frozen
class View:
    """What seat 0 knows: everything but the deck order and the RNG."""

    seat: Seat
    config: Config
    total: int
    hand: tuple[int, ...]
    played: tuple[int, ...]
    deck_size: int
    turn: int


def _full_deck(config: Config) -> tuple[int, ...]:
    return tuple(v for v in (1, 2, 3) for _ in range(config.copies))


def new_game(config: Config | None = None, *, seed: int) -> State:
    """Shuffle the deck and deal two cards."""
    config = Config() if config is None else config
    deck, rng = Rng.from_seed(seed).shuffle(_full_deck(config))
    return State(config, 0, tuple(sorted(deck[:2])), (), deck[2:], rng, 0)


def is_over(sv: State | View) -> bool:
    """The target is reached or the hand is empty."""
    return sv.total >= sv.config.target or not sv.hand


def legal_actions(sv: State | View) -> tuple[Add, ...]:
    """One ``Add`` per distinct card value in the hand, smallest first."""
    check_position(sv, (State, View), "legal_actions")
    if is_over(sv):
        return ()
    return tuple(Add(v) for v in sorted(set(sv.hand)))


def why_not(state: State | View, action: Add) -> str | None:
    """``None``, or why ``action`` is illegal."""
    if is_over(state):
        return "R0: the game is over"
    if action.value not in state.hand:
        return f"R1: no {action.value} in the hand"
    return None


def act(state: State, action: Add) -> Step[State, CountEvent]:
    """Add the card and a hidden 0/1 bonus, then draw."""
    bonus, rng = state.rng.below(2)
    hand = list(state.hand)
    hand.remove(action.value)
    events: list[CountEvent] = [Added(action.value, bonus)]
    deck = state.deck
    if deck:
        hand.append(deck[0])
        events.append(Drew(deck[0], seen_by=(0,)))
        deck = deck[1:]
    after = State(
        state.config,
        state.total + action.value + bonus,
        tuple(sorted(hand)),
        tuple(sorted((*state.played, action.value))),
        deck,
        rng,
        state.turn + 1,
    )
    return Step(after, tuple(events))


def seat_count(position: Config | State | View) -> int:
    """One seat."""
    return 1


def chance_outcomes(state: State) -> tuple[tuple[Add, Fraction], ...]:
    """Never at a chance decision: the bonus is sampled."""
    return ()


def validate(sv: State | View) -> None:
    """The cards add up (a sketch of a real game's check): the hand and the cards played are
    cards of the deck, a state's deck holds the rest, and a view is seat 0's."""
    if sv.total < 0:
        raise StateFormatError("$.total", "a total is never negative")
    if isinstance(sv, View) and sv.seat != 0:
        raise StateFormatError("$.seat", "the only seat is 0")
    full = Counter(_full_deck(sv.config))
    seen = Counter(sv.hand) + Counter(sv.played)
    if seen - full:
        raise StateFormatError("$.hand", "cards that are not in the deck")
    if isinstance(sv, State) and Counter(sv.deck) != full - seen:
        raise StateFormatError("$.deck", "the cards do not add up to the deck")


def current_player(sv: State | View) -> Seat | None:
    """Seat 0 until the end."""
    return None if is_over(sv) else 0


def outcome(sv: State | View) -> Outcome | None:
    """A win when the total is exactly the target."""
    if not is_over(sv):
        return None
    won = sv.total == sv.config.target
    return Outcome(winners=(0,) if won else (), returns=(1.0 if won else 0.0,))


def decision(sv: State | View) -> Decision[None] | None:
    """The one question of this game."""
    if is_over(sv):
        return None
    return Decision(0, "add", "Choose a card to add to the total.", None)


def view(state: State, seat: Seat) -> View:
    """Seat 0's view."""
    if seat != 0:
        raise ValueError(f"no seat {seat}")
    return View(0, state.config, state.total, state.hand, state.played, len(state.deck), state.turn)


def redeal(v: View, seed: int) -> State:
    """A state consistent with ``v``: the unseen cards shuffled from ``seed``, a fresh RNG."""
    unseen = Counter(_full_deck(v.config)) - Counter(v.hand) - Counter(v.played)
    deck, rng = Rng.from_seed(seed).shuffle(sorted(unseen.elements()))
    return State(v.config, v.total, v.hand, v.played, deck, rng, v.turn)


def notation(action: Add) -> str:
    """``+2``."""
    return f"+{action.value}"


_NOTATION = re.compile(r"\+([0-9]+)")


def parse_notation(text: str) -> Add:
    """The inverse of :func:`notation`."""
    match = _NOTATION.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not an action: {text!r}")
    return Add(int(match.group(1)))


def render_text(sv: State | View) -> str:
    """One line."""
    left = sv.deck_size if isinstance(sv, View) else len(sv.deck)
    return f"turn {sv.turn}: total {sv.total}/{sv.config.target}, hand {sv.hand}, deck {left}"


class CountGame(Game[State, Add, View]):
    """Count to N, written on the kernel as a user would write a game."""

    __slots__ = ()

    name = "countgame"
    title = "Count to N"
    seats = (1, 1)
    config_type = Config
    state_type = State
    view_type = View
    action_types = (Add,)
    event_types = (Added, Drew)
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


GAME = CountGame()
step = GAME.step
apply = GAME.apply
is_legal = GAME.is_legal
parse_action = GAME.parse_action
dumps = GAME.dumps
loads = GAME.loads
digest = GAME.digest


def _hash_ordered_legal_actions(sv: State | View) -> tuple[Add, ...]:
    # BROKEN ON PURPOSE: the order follows str hashes, which change with PYTHONHASHSEED.
    return tuple(sorted(legal_actions(sv), key=lambda a: hash(f"card {a.value}")))


HASH_BROKEN_GAME: Game[State, Add, View] = GAME.replace(legal_actions=_hash_ordered_legal_actions)
"""A variant whose legal order depends on ``PYTHONHASHSEED`` (for the hash-seed check's test)."""
