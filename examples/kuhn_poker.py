"""Kuhn poker on the kernel: a game of your own, written as a user of tabletop-rules writes one.

The smallest poker (Kuhn, 1950), for 2 or 3 players: a deck of one card more than the players
(ranks 0, 1, 2 …), each player antes 1 chip and is dealt one hidden card. In turn from seat 0 a
player passes or bets 1 chip; once someone has bet, every other player, in turn after the bettor,
calls (bets 1) or folds (passes). When every player has passed, or everyone after a bet has
answered it, the highest card among those still in takes the pot. With ``chance="explicit"``
each card dealt is a decision of the chance seat.

It is one module: the values, the rules as plain functions, then the :class:`KuhnPoker` class
that declares them to the kernel, which writes ``step``, ``apply``, ``is_legal``, the JSON
functions, ``record``/``replay`` and the rest. It passes the conformance check
(``tests/contract/``, with every game) and plays through the ``tabletop`` command, OpenSpiel and
PettingZoo::

    tabletop play examples.kuhn_poker:GAME --seat 1=random
    python -c "from tabletop_rules import openspiel; import examples.kuhn_poker as k; \\
        print(openspiel.load(k.GAME).new_initial_state())"

>>> import examples.kuhn_poker as kp
>>> state = kp.new_game(seed=3)
>>> state.hands, kp.legal_actions(state)
((0, 2), (Pass(), Bet()))
>>> state = kp.apply(kp.apply(state, kp.Bet()), kp.Bet())
>>> kp.GAME.outcome(state).returns
(-2.0, 2.0)
"""

from __future__ import annotations

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

UNDEALT = -1
"""A hand not dealt yet (explicit chance deals in seat order)."""
HIDDEN = -2
"""In a view, a card dealt to another seat."""

# -- values ----------------------------------------------------------------------------------------


@attrs.frozen
class Config:
    """The players (2 or 3) and the chance mode."""

    players: int = attrs.field(default=2, validator=attrs.validators.in_((2, 3)))
    chance: Literal["sampled", "explicit"] = attrs.field(
        default="sampled", validator=attrs.validators.in_(("sampled", "explicit"))
    )


@attrs.frozen
class Pass:
    """Check, or fold after a bet."""


@attrs.frozen
class Bet:
    """Bet 1 chip, or call a bet."""


@attrs.frozen
class Deal:
    """Chance deals ``card`` to the next seat (explicit chance)."""

    card: int


Action: TypeAlias = Pass | Bet | Deal


@attrs.frozen
class Dealt(PrivateEvent):
    """A card was dealt; only its holder sees it."""

    card: int


@attrs.frozen
class Acted(PublicEvent):
    """A seat passed or bet."""

    seat: Seat
    bet: bool


@attrs.frozen
class Won(PublicEvent):
    """The pot went to ``seat``, holding ``card``."""

    seat: Seat
    card: int
    pot: int


Event: TypeAlias = Dealt | Acted | Won


@attrs.frozen
class State:
    """The whole game: the cards not dealt, each hand, the bets so far (``True`` for a bet)."""

    config: Config
    rng: Rng
    deck: tuple[int, ...]
    hands: tuple[int, ...]
    bets: tuple[bool, ...] = ()


@attrs.frozen
class View:
    """What ``seat`` knows: its own card; the other hands dealt are :data:`HIDDEN`."""

    config: Config
    seat: Seat
    hands: tuple[int, ...]
    bets: tuple[bool, ...] = ()


Position: TypeAlias = State | View

# -- rules -----------------------------------------------------------------------------------------


def new_game(config: Config | None = None, *, seed: int) -> State:
    """Every player antes; the cards are shuffled and dealt (or, in explicit chance, left for
    chance to deal)."""
    config = Config() if config is None else config
    cards = tuple(range(config.players + 1))
    if config.chance == "explicit":
        return State(config, Rng.from_seed(seed), cards, (UNDEALT,) * config.players)
    deck, rng = Rng.from_seed(seed).shuffle(cards)
    return State(config, rng, tuple(sorted(deck[config.players :])), deck[: config.players])


def seat_count(position: Config | Position) -> int:
    """One seat per player."""
    return position.players if isinstance(position, Config) else position.config.players


def _to_deal(position: Position) -> int:
    """The seat chance deals to next, ``-1`` when every card is dealt."""
    return next((s for s, card in enumerate(position.hands) if card == UNDEALT), -1)


def _first_bet(position: Position) -> int:
    return position.bets.index(True) if True in position.bets else -1


def _in_showdown(position: Position) -> tuple[Seat, ...]:
    """Every seat when nobody bet; else the bettor and those who called."""
    n = position.config.players
    bettor = _first_bet(position)
    if bettor < 0:
        return tuple(range(n))
    return tuple(sorted((bettor + i) % n for i, bet in enumerate(position.bets[bettor:]) if bet))


def is_over(position: Position) -> bool:
    """Everyone passed, or everyone after the first bet answered it."""
    n = position.config.players
    bettor = _first_bet(position)
    return len(position.bets) == (n if bettor < 0 else bettor + n)


def current_player(position: Position) -> Seat | None:
    """Chance while cards are dealt, then the players in turn."""
    if is_over(position):
        return None
    if _to_deal(position) >= 0:
        return CHANCE
    return len(position.bets) % position.config.players


def _unseen(position: Position) -> tuple[int, ...]:
    """The cards ``position`` does not show: a state's deck, or all a view's seat cannot see."""
    if isinstance(position, State):
        return position.deck
    return tuple(c for c in range(position.config.players + 1) if c not in position.hands)


def legal_actions(position: Position) -> tuple[Action, ...]:
    """``Pass()`` then ``Bet()``; at a deal, each card it may be, lowest first."""
    check_position(position, (State, View), "legal_actions")
    seat = current_player(position)
    if seat is None:
        return ()
    if seat == CHANCE:
        return tuple(Deal(card) for card in _unseen(position))
    return (Pass(), Bet())


def why_not(position: Position, action: Action) -> str | None:
    """Why ``action`` is not an answer now, naming the rule."""
    if action in legal_actions(position):
        return None
    if is_over(position):
        return "the hand is over"
    if isinstance(action, Deal):
        return "chance deals only the cards left, before anyone bets"
    return "the cards are dealt first"


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Each card left equally likely."""
    if current_player(state) != CHANCE:
        return ()
    return tuple((Deal(card), Fraction(1, len(state.deck))) for card in state.deck)


def act(state: State, action: Action) -> Step[State, Event]:
    """Deal, pass or bet (``action`` is legal: the kernel checked it)."""
    if isinstance(action, Deal):
        seat = _to_deal(state)
        hands = tuple(action.card if s == seat else card for s, card in enumerate(state.hands))
        deck = tuple(card for card in state.deck if card != action.card)
        return Step(
            attrs.evolve(state, deck=deck, hands=hands), (Dealt(action.card, seen_by=(seat,)),)
        )
    seat = len(state.bets) % state.config.players
    after = attrs.evolve(state, bets=(*state.bets, isinstance(action, Bet)))
    events: list[Event] = [Acted(seat, isinstance(action, Bet))]
    if is_over(after):
        winner = max(_in_showdown(after), key=after.hands.__getitem__)
        pot = after.config.players + sum(after.bets)
        events.append(Won(winner, after.hands[winner], pot))
    return Step(after, tuple(events))


def outcome(position: Position) -> Outcome | None:
    """The pot to the winner: each seat's chips won less its stake."""
    if not is_over(position):
        return None
    n = position.config.players
    bettor = _first_bet(position)
    paid = [1 + (bettor >= 0 and s in _in_showdown(position)) for s in range(n)]
    winner = max(_in_showdown(position), key=position.hands.__getitem__)
    returns = tuple(float((sum(paid) if s == winner else 0) - paid[s]) for s in range(n))
    return Outcome((winner,), returns, scores=returns)


def decision(position: Position) -> Decision[None] | None:
    """Who acts, and what about."""
    seat = current_player(position)
    if seat is None:
        return None
    if seat == CHANCE:
        return Decision(CHANCE, "chance", "Chance deals a card.", None)
    facing = _first_bet(position) >= 0
    prompt = "Call or fold." if facing else "Check or bet 1 chip."
    return Decision(seat, "call" if facing else "bet", prompt, None)


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may know: its own card, and every card at the showdown once over."""
    if not 0 <= seat < state.config.players:
        raise ValueError(f"no seat {seat!r} in a game of {state.config.players}")
    shown = _in_showdown(state) if is_over(state) else ()
    hands = tuple(
        c if s == seat or s in shown or c == UNDEALT else HIDDEN for s, c in enumerate(state.hands)
    )
    return View(state.config, seat, hands, state.bets)


def redeal(position: View, seed: int) -> State:
    """The hidden cards dealt afresh from ``seed``; the cards not dealt stay in the deck."""
    unseen, rng = Rng.from_seed(seed).shuffle(_unseen(position))
    hidden = [s for s, card in enumerate(position.hands) if card == HIDDEN]
    hands = list(position.hands)
    for s, card in zip(hidden, unseen, strict=False):
        hands[s] = card
    deck = tuple(sorted(unseen[len(hidden) :]))
    return State(position.config, rng, deck, tuple(hands), position.bets)


def validate(position: Position) -> None:
    """Every card once, hands dealt in seat order before any bet, no more bets than a hand
    holds; a view hides exactly the other seats' cards (until the showdown)."""
    n = position.config.players
    lowest = HIDDEN if isinstance(position, View) else UNDEALT
    if len(position.hands) != n or any(not lowest <= c <= n for c in position.hands):
        raise StateFormatError("$.hands", f"one card from 0 to {n} per player")
    dealt = [c for c in position.hands if c != UNDEALT]
    if position.hands != (*dealt, *(UNDEALT,) * (n - len(dealt))):
        raise StateFormatError("$.hands", "cards are dealt in seat order")
    cards = [c for c in dealt if c != HIDDEN]
    if isinstance(position, State):
        cards += position.deck
        if sorted(cards) != list(range(n + 1)):
            raise StateFormatError("$.deck", "the cards are not the deck's, each once")
    if len(set(cards)) != len(cards):
        raise StateFormatError("$.hands", "a card twice")
    bettor = position.bets.index(True) if True in position.bets else -1
    if len(position.bets) > (n if bettor < 0 else bettor + n):
        raise StateFormatError("$.bets", "more bets than a hand holds")
    if position.bets and len(dealt) < n:
        raise StateFormatError("$.bets", "a bet before every card is dealt")
    if isinstance(position, View):
        if not 0 <= position.seat < n:
            raise StateFormatError("$.seat", f"a seat from 0 to {n - 1}")
        shown = set(_in_showdown(position)) if is_over(position) else set()
        for s, card in enumerate(position.hands):
            if card != UNDEALT and (card == HIDDEN) != (s != position.seat and s not in shown):
                raise StateFormatError(f"$.hands[{s}]", "not what the seat may see")


def notation(action: Action) -> str:
    """``pass``, ``bet`` or ``deal 2``."""
    return f"deal {action.card}" if isinstance(action, Deal) else type(action).__name__.lower()


def parse_notation(text: str) -> Action:
    """The inverse of :func:`notation`."""
    words = text.split()
    if words == ["pass"] or words == ["bet"]:
        return Pass() if words[0] == "pass" else Bet()
    if len(words) == 2 and words[0] == "deal" and words[1].isdigit() and len(words[1]) < 3:
        return Deal(int(words[1]))
    raise ValueError(f"not a Kuhn poker action: {text!r} (pass, bet or deal N)")


def render_text(position: Position) -> str:
    """The hands (``?`` hidden) and the bets."""
    hands = " ".join("?" if card < 0 else str(card) for card in position.hands)
    bets = " ".join("bet" if bet else "pass" for bet in position.bets) or "-"
    return f"hands: {hands}   bets: {bets}"


def action_space(config: Config) -> TableSpace[Action]:
    """Pass, bet, then a deal of each card."""
    return TableSpace([Pass(), Bet(), *(Deal(card) for card in range(config.players + 1))])


def observation_shape(config: Config) -> tuple[int, ...]:
    """The seat (one-hot), its card (one-hot), then each bet or pass made so far."""
    return (config.players + (config.players + 1) + 2 * (2 * config.players - 1),)


def _mark(seen: View, marks: Marks) -> None:
    n = seen.config.players
    marks.points[seen.seat] = 1.0
    if seen.hands[seen.seat] >= 0:
        marks.points[n + seen.hands[seen.seat]] = 1.0
    for i, bet in enumerate(seen.bets):
        marks.points[2 * n + 1 + 2 * i + bet] = 1.0


# -- the game, declared to the kernel ------------------------------------------------------------


class KuhnPoker(Game[State, Action, View]):
    """Kuhn poker: the rules above, declared to the kernel."""

    __slots__ = ()

    name = "kuhn_poker"
    title = "Kuhn poker"
    seats = (2, 3)
    config_type = Config
    state_type = State
    view_type = View
    action_types = (Pass, Bet, Deal)
    event_types = (Dealt, Acted, Won)
    agents = MappingProxyType({"random": RandomAgent})
    observer = Observer(observation_shape, _mark, view_type=View)

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


GAME = KuhnPoker()
apply = GAME.apply
step = GAME.step
