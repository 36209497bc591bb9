"""The per-game API: set-up, legal actions, applying an action, decisions, outcome, views."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

import tabletop_rules
from tabletop_rules import (
    CHANCE,
    Decision,
    Rng,
    Seat,
    Step,
    check_position,
)

from ._actions import Action, notation
from ._events import Event
from ._flow import act as _act
from ._flow import advance, current, legal
from ._flow import chance_outcomes as _chance_outcomes
from ._hidden import hidden_parts, unseen
from ._map import Hex
from ._state import (
    UNASKED,
    CardState,
    Config,
    Drawing,
    Frame,
    Hero,
    Reinforcing,
    Revealing,
    State,
    Turn,
    View,
    _Table,
)
from ._turn import main_refusal
from ._validate import validate
from ._work import Work

_POSITIONS = (State, View)


@attrs.frozen
class Outcome(tabletop_rules.Outcome):
    """How a game ended: every hero wins together, or all lose.

    Attributes:
        won: Freya's Well stands after the monster turn of the last spot.
        town: town pieces left.
        winners: every seat on a win, else ``()``.
        returns: ``1.0`` for every seat on a win, else ``0.0``.
        scores: the town pieces left, for every seat.
    """

    won: bool
    town: int


def seat_count(position: Config | State | View) -> int:
    """The number of heroes (seats)."""
    config = position if isinstance(position, Config) else position.config
    return len(config.heroes)


def _shuffled(cards: list[str], rng: Rng, explicit: bool) -> tuple[tuple[str, ...], Rng]:
    if explicit:
        return tuple(sorted(cards)), rng
    return rng.shuffle(sorted(cards))


def new_game(config: Config | None = None, *, seed: int) -> State:
    """Set up a game (the rulebook's set-up by player count, G6): town pieces 4/6/8/10, the bonus
    markers, the rune stone on the first spot, both monster decks shuffled, every hero in
    Grimheim with their hero card, starting ability and starting equipment in play and their
    decks shuffled; then each player draws a yellow monster card and places it, and (unless the
    hard set-up) each hero gains 2 gold, 1 mana on the starting ability and an event card.

    >>> state = new_game(Config(heroes=("bjorn", "alva")), seed=1)
    >>> state.town, state.time, current_player(state)
    (6, 0, 0)
    """
    config = Config() if config is None else config
    rng = Rng.from_seed(seed)
    explicit = config.explicit
    geo = config.geo
    heroes = []
    frames: list[Frame] = []
    for seat, hero_id in enumerate(config.heroes):
        deck = next(d for d in config.pack.decks if d.hero == hero_id)
        hero_card = next(c for c in deck.cards if c.kind == "hero")
        ability = next(c for c in deck.cards if c.kind == "ability" and c.starting)
        weapon = next(c for c in deck.cards if c.kind == "equipment" and c.starting)
        abilities, rng = _shuffled(
            [c.id for c in deck.cards if c.kind == "ability" and not c.starting], rng, explicit
        )
        equipment, rng = _shuffled(
            [c.id for c in deck.cards if c.kind == "equipment" and not c.starting], rng, explicit
        )
        events, rng = _shuffled(
            [c.id for c in deck.cards if c.kind == "event" for _ in range(c.count)], rng, explicit
        )
        cards = (
            CardState(hero_card.id, counters=hero_card.counters),
            CardState(ability.id, mana=0 if config.hard_setup else 1, counters=ability.counters),
            CardState(weapon.id, counters=weapon.counters),
        )
        heroes.append(
            Hero(
                hero_id,
                geo.town,
                gold=0 if config.hard_setup else 2,
                cards=cards,
                events=events,
                abilities=abilities,
                equipment=equipment,
            )
        )
        if explicit:
            frames += [
                Revealing(seat, deck_name)  # type: ignore[arg-type]
                for deck_name, cards_ in (("abilities", abilities), ("equipment", equipment))
                if len(cards_) > 1
            ]
    yellow, rng = _shuffled(
        [c.id for c in config.pack.monster_cards if c.deck == "yellow"], rng, explicit
    )
    red, rng = _shuffled(
        [c.id for c in config.pack.monster_cards if c.deck == "red"], rng, explicit
    )
    # processed last to first: the reveals, the monster cards, then each hero's event card
    draws: list[Frame] = (
        [] if config.hard_setup else [Drawing(s, 1) for s in reversed(range(len(heroes)))]
    )
    frames = [*draws, Reinforcing("yellow", len(heroes)), *frames]
    bonus = tuple((b.kind, geo.area(Hex(*b.at)), b.amount) for b in config.pack.map.bonus)
    state = State(
        config=config,
        rng=rng,
        town=2 + 2 * len(heroes),
        time=0,
        heroes=tuple(heroes),
        monsters=(),
        yellow=yellow,
        red=red,
        bonus=bonus,
        turn=Turn(0),
        frames=tuple(frames),
    )
    w = Work(state)
    advance(w)
    return w.freeze()


def is_over(position: State | View) -> bool:
    """Whether the game has ended (the town fell, or the last spot's monster turn is over)."""
    return position.won is not None


def current_player(position: State | View) -> Seat | None:
    """The seat that must answer now: the hero whose turn it is, a hero answering a question in
    the monster turn (damage prevention, an ambush), the first player for the players' choices
    (G5), :data:`~tabletop_rules.CHANCE` for a roll or a draw in explicit chance mode; ``None``
    once the game is over."""
    if isinstance(position, State) and position.asking != UNASKED:
        return position.asking
    return current(Work.of(position))


def legal_actions(position: State | View) -> tuple[Action, ...]:
    """The answers to the current decision, in the documented order of each kind of decision
    (:ref:`grimheim-decisions`); empty exactly when the game is over."""
    check_position(position, _POSITIONS, "legal_actions")
    seat = position.asking if isinstance(position, State) else UNASKED
    found = tuple(legal(Work.of(position), seat))
    if isinstance(position, State):
        object.__setattr__(position, "legal", frozenset(found))
    return found


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance decision, every outcome with its exact probability (they sum to 1); ``()``
    elsewhere.

    >>> state = new_game(Config(heroes=("boldur",), chance="explicit"), seed=0)
    >>> sum(p for _, p in chance_outcomes(state))
    Fraction(1, 1)
    """
    return _chance_outcomes(Work.of(state))


def why_not(position: State | View, action: Action) -> str | None:
    """``None`` if the well-formed ``action`` answers the current decision, else why not
    (naming the rule); :meth:`Game.is_legal <tabletop_rules.Game.is_legal>` checks its shape
    first."""
    if position.won is not None:
        return "the game is over"
    known = position.legal if isinstance(position, State) else None
    if known is not None and action in known:
        return None
    w = Work.of(position)
    found = legal(w)
    if action in found:
        return None
    return _reason(w, action, found)


def _reason(w: Work, action: Action, found: Sequence[Action]) -> str:
    """Why ``action`` (not among ``found``) does not answer the current decision, naming the rule
    it breaks where one does: the frame that asks says it, or the rules of the turn."""
    seat = current(w)
    if seat == CHANCE:
        return "chance decides now (a roll or a draw)"
    if seat is not None:
        frame = w.top
        why = main_refusal(w, seat, action) if frame is None else frame.why_not(w, seat, action)
        if why is not None:
            return why
    if type(action) not in {type(a) for a in found}:
        return f"not an answer to the current decision ({_kind(w)[0]})"
    return f"not one of the choices: {', '.join(_notations(found))}"


def _notations(found: Sequence[Action]) -> list[str]:
    shown = [notation(a) for a in found[:8]]
    return [*shown, "…"] if len(found) > 8 else shown


def act(state: State, action: Action) -> Step[State, Event]:
    """Apply the legal ``action`` (:meth:`Game.step <tabletop_rules.Game.step>` checked it) and
    run the game on until someone must answer; report what happened. ``state`` is never
    changed."""
    w = Work(state)
    _act(w, action)
    return Step(w.freeze(), tuple(w.events))


def after(state: State, action: Action) -> State:
    """The state after the legal ``action``, unchecked: for the agents, which only ever play the
    actions :func:`legal_actions` lists."""
    return act(state, action).state


def outcome(position: State | View) -> Outcome | None:
    """The result once over: a shared win or a shared loss."""
    if position.won is None:
        return None
    n = len(position.heroes)
    seats = tuple(range(n))
    won = position.won
    return Outcome(
        winners=seats if won else (),
        returns=(1.0 if won else 0.0,) * n,
        scores=(float(position.town),) * n,
        won=won,
        town=position.town,
    )


_PROMPTS = {
    "turn": "Choose an action (two different ones a turn), a free action, or end the turn.",
    "after-roll": "Use cards on this roll, or resolve it.",
    "choose": "Choose the target of the card.",
    "move": "Choose where to move.",
    "granted": "Perform the action the card grants.",
    "excess": "Your attack killed with damage to spare: use it with a card, or let it go.",
    "after-attack": "Your attack action is over: use a card, or go on.",
    "before-monster-move": "The monsters are about to move: use a card, or pass.",
    "after-monster-move": "The monsters moved: use a card, or pass.",
    "after-move-action": "Your move action ended: use a card, or pass.",
    "after-movement": "Your movement ended: use a card, or pass.",
    "attacked": "A monster attacked you: use a card, or pass.",
    "end-of-turn": "Your turn ends: use a card, or pass.",
    "gold": "A hero next to you offers or asks for gold: agree or refuse (G22).",
    "quest": "That kill can complete your quest: take the card, or leave it.",
    "shove": "Choose where the character you rammed is moved (G33).",
    "upgrade": "Take an upgrade, or keep the gold.",
    "draw": "Your hand is full: discard a card to draw, or draw nothing.",
    "swap": "Put the top ability or equipment card at the bottom, or keep them.",
    "attack-order": "Choose the next monster to attack (G5).",
    "attack-target": "Choose the hero this monster attacks (G5).",
    "prevent": "A monster hits you: prevent damage with a card, or take it.",
    "ambush": "Ambush: place a goblin next to your hero.",
    "chance": "Chance rolls or draws.",
}


def _kind(w: Work) -> tuple[str, Frame | None]:
    frame = w.top
    if current(w) == CHANCE:
        return "chance", frame
    if frame is None:
        return "turn", None
    return frame.kind(w), frame


def decision(position: State | View) -> Decision[Frame | None] | None:
    """What is asked now: its seat, a kind (``turn``, ``after-roll``, ``excess``,
    ``after-attack``, ``choose``, ``move``, ``granted``, a window's timing —
    ``before-monster-move``, ``after-monster-move``, ``after-move-action``, ``after-movement``,
    ``attacked`` —, ``upgrade``, ``draw``, ``swap``, ``attack-order``, ``attack-target``,
    ``prevent``, ``ambush``, ``gold``, ``quest``, ``shove``, ``chance``), a prompt, and the pending
    frame as context (``None`` for the hero's turn)."""
    w = Work.of(position)
    seat = current(w)
    if seat is None:
        return None
    kind, frame = _kind(w)
    return Decision(seat, kind, _PROMPTS[kind], frame)


# -- views and redeals -----------------------------------------------------------------------------


_TABLE = tuple(f.name for f in attrs.fields(_Table) if f.init)
"""What a state and a view both hold: everything on the table (not the generator, not a seat)."""


def _table(position: State | View, **changes: Any) -> dict[str, Any]:
    """The fields of the table ``position`` shows, with ``changes``."""
    return {name: getattr(position, name) for name in _TABLE} | changes


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may know: hidden card ids (the other heroes' hands, the order of every deck
    but the face-up tops and the known bottoms) are written as ``""``, and the generator is gone."""
    if not 0 <= seat < len(state.heroes):
        raise ValueError(f"no seat {seat!r} in a game of {len(state.heroes)} heroes")
    heroes, yellow, red = hidden_parts(state, seat)
    seen = View(seat=seat, **_table(state, heroes=heroes, yellow=yellow, red=red))
    object.__setattr__(seen, "occupant", state.occupant)  # the same pieces, the same table
    return seen


def _fill(
    shown: tuple[str, ...], pool: list[str] | tuple[str, ...], rng: Rng, explicit: bool
) -> tuple[tuple[str, ...], Rng]:
    """Put the ``pool`` cards into the blanks of ``shown`` (as many as there are, ``validate``
    checks it): shuffled, or sorted in explicit mode."""
    blanks = [i for i, c in enumerate(shown) if c == ""]
    order, rng = _shuffled(list(pool), rng, explicit)
    cards = list(shown)
    for i, card in zip(blanks, order, strict=True):
        cards[i] = card
    return tuple(cards), rng


def redeal(position: View, seed: int) -> State:
    """A full state consistent with ``position``: every hidden card dealt afresh from ``seed``
    (the other heroes' hands from what they may hold, each deck's hidden order), and a new
    generator.

    Raises:
        tabletop_rules.PositionTypeError: ``position`` is not a view.
        tabletop_rules.StateFormatError: the view breaks the rules or shows what its seat may not
            see (:func:`validate`), its hidden places included.
    """
    check_position(position, (View,), "redeal")
    validate(position)
    explicit = position.config.explicit
    rng = Rng.from_seed(seed)
    groups = iter(unseen(position))
    heroes = []
    for s, hero in enumerate(position.heroes):
        pool = list(next(groups).pool)
        hand = hero.hand
        if s != position.seat:
            dealt, rng = rng.shuffle(pool)
            blanks = hero.hand.count("")
            hand = tuple(sorted((*(c for c in hero.hand if c), *dealt[:blanks])))
            pool = sorted(dealt[blanks:])
        event_deck, rng = _fill(hero.events, pool, rng, explicit)
        abilities, rng = _fill(hero.abilities, next(groups).pool, rng, explicit)
        equipment, rng = _fill(hero.equipment, next(groups).pool, rng, explicit)
        heroes.append(
            attrs.evolve(
                hero, hand=hand, events=event_deck, abilities=abilities, equipment=equipment
            )
        )
    decks = {}
    for colour in ("yellow", "red"):
        decks[colour], rng = _fill(getattr(position, colour), next(groups).pool, rng, explicit)
    return State(
        rng=rng, **_table(position, heroes=tuple(heroes), yellow=decks["yellow"], red=decks["red"])
    )
