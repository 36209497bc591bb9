"""The per-game API: set-up, decisions, legal actions, applying an action, the end, views."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

import tabletop_rules
from tabletop_rules import (
    Decision,
    Rng,
    Seat,
    Step,
    check_position,
)

from ._actions import Action
from ._board import tile_at
from ._content import Compiled
from ._engine import answer, run
from ._events import Event
from ._frames import DrawFrame, Frame, StartFrame
from ._frames.draws import SHOP_SIZE
from ._legal import acting, decision_kind
from ._legal import chance_outcomes as _chance_outcomes
from ._legal import legal_actions as _legal_actions
from ._pieces import Config, Deck, Player, TurnFlags
from ._state import State, View
from ._work import Work

_POSITIONS = (State, View)


@attrs.frozen
class Outcome(tabletop_rules.Outcome):
    """How a finished game ended.

    Attributes:
        winners: the winning seats: the last token standing, or the highest scores (shared,
            K8); none when Fate reached 10 or no character is left.
        returns: ``1.0`` for each winner, ``0.0`` for the others.
        scores: every seat's score (K8): the value of its Items, defeated creatures and towers
            plus 1 per Ability; 0 for a dead character.
        ending: ``"last-standing"``, ``"fate"``, ``"deck-exhausted"``, ``"round-limit"`` or
            ``"no-one-left"``.
        round: the round in which the game ended.
    """

    ending: str
    round: int


def seat_count(position: Config | State | View) -> int:
    """The number of players: one per guild of the config."""
    config = position if isinstance(position, Config) else position.config
    return len(config.guilds)


def _deck(config: Config, rng: Rng, name: str) -> tuple[Deck, Rng]:
    cards = config.rules.deck_cards[name]
    if config.explicit:
        return Deck(cards), rng
    order, rng = rng.shuffle(cards)
    return Deck(order), rng


def new_game(config: Config | None = None, *, seed: int) -> State:
    """Set up a game: every guild's token on the Castle, Fate 0, each deck shuffled, one
    Prophecy active and four Items in the Shop; the first seat starts (K9).

    In explicit chance mode the decks stay unordered and chance draws the prophecy and the Shop.

    >>> state = new_game(seed=1)
    >>> len(state.players), state.fate, len(state.shop), state.prophecy is not None
    (4, 0, 4, True)
    >>> current_player(state), decision(state).kind
    (0, 'start')
    """
    config = Config() if config is None else config
    rng = Rng.from_seed(seed)
    encounters, rng = _deck(config, rng, "encounter")
    abilities, rng = _deck(config, rng, "ability")
    items, rng = _deck(config, rng, "item")
    prophecies, rng = _deck(config, rng, "prophecy")
    castle = tile_at(config.rules.special["castle"])
    players = tuple(Player(guild, castle) for guild in config.guilds)
    frames: tuple[Frame, ...] = (
        StartFrame(True),
        DrawFrame("item", "shop", 0, SHOP_SIZE),
        DrawFrame("prophecy", "prophecy", 0, 1),
    )
    state = State(
        config,
        players,
        0,
        0,
        0,
        encounters,
        abilities,
        items,
        prophecies,
        (),
        None,
        (),
        frozenset(),
        TurnFlags(),
        frames,
        rng=rng,
    )
    work = Work(state)
    run(work)
    return work.freeze()


def is_over(position: State | View) -> bool:
    """Whether the game has ended."""
    return position.ending is not None


def current_player(position: State | View) -> Seat | None:
    """The seat that must answer now — the player asked in a response window, the one choosing
    a card, rerolling a Dodge, answering a trade offer or looting, not necessarily whose turn it
    is; :data:`~tabletop_rules.CHANCE` for a die or a draw in explicit chance mode; ``None`` when
    the game is over."""
    return acting(position)


def legal_actions(position: State | View) -> tuple[Action, ...]:
    """The answers to the current decision, in this order, never depending on
    ``PYTHONHASHSEED``:

    * a response window (K4): :class:`~kinmarr.Pass`, then :class:`~kinmarr.Use` of each
      usable slotted card (slot order; targets by seat), then :class:`~kinmarr.Power`;
    * the start of the turn: :class:`~kinmarr.Travel`, :class:`~kinmarr.ShowTower` (hand
      order), then the Shop (:class:`~kinmarr.Buy` in Shop order, :class:`~kinmarr.Sell` in pack
      order, :class:`~kinmarr.Refresh`), then :class:`~kinmarr.Slot` (hand order) and
      :class:`~kinmarr.Unslot` (slot order);
    * a duel: :class:`~kinmarr.NoDuel`, then :class:`~kinmarr.Duel` by seat;
    * the end of the turn: :class:`~kinmarr.EndTurn`, :class:`~kinmarr.Trade` by seat, then the
      Shop and the slots as at the start;
    * a choice of cards drawn: :class:`~kinmarr.Choose` in the order drawn; a tower's payment:
      :class:`~kinmarr.Pay` in hand order; a Dodge: :class:`~kinmarr.NoReroll`, then
      :class:`~kinmarr.Reroll` by Dodge die and other die; a gained card:
      ``Keep("slot")``, ``Keep("hand")``; a full hand: :class:`~kinmarr.Drop` in hand order;
    * looting: :class:`~kinmarr.SkipLoot`, :class:`~kinmarr.LootCoins`, :class:`~kinmarr.Loot`
      (Items, then creatures); a trophy: :class:`~kinmarr.TakeCoins`, :class:`~kinmarr.Take`
      (Items, then creatures); an offer: :class:`~kinmarr.NoTrade`, :class:`~kinmarr.Propose`,
      :class:`~kinmarr.GiveCoin`, :class:`~kinmarr.AskCoin`, :class:`~kinmarr.Give`,
      :class:`~kinmarr.Ask` (pack order); its answer: :class:`~kinmarr.RefuseTrade`,
      :class:`~kinmarr.AcceptTrade`;
    * chance: :class:`~kinmarr.Roll` 1–6, :class:`~kinmarr.FaceResult` in the die's order,
      :class:`~kinmarr.Reveal` in pack order.

    Empty exactly when the game is over.
    """
    check_position(position, _POSITIONS, "legal_actions")
    return _legal_actions(position)


def chance_outcomes(state: State | View) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance decision (explicit chance mode), each result with its exact probability: a
    sixth for each pip of the travel die, each face of a combat die by how many of its six sides
    show it, each card that may come next equally likely; ``()`` elsewhere."""
    return _chance_outcomes(state)


def act(state: State, action: Action) -> Step[State, Event]:
    """Apply the legal ``action`` (:meth:`Game.step <tabletop_rules.Game.step>` checked it) and
    work the game on until the next decision; report what happened. ``state`` is never
    changed."""
    work = Work(state)
    answer(work, action)
    run(work)
    return Step(work.freeze(), tuple(work.events))


def after(state: State, action: Action) -> State:
    """The state after the legal ``action``, unchecked: for the agents, which only ever play the
    actions :func:`legal_actions` lists."""
    return act(state, action).state


def outcome(position: State | View) -> Outcome | None:
    """The result, or ``None`` while the game runs."""
    ending = position.ending
    if ending is None:
        return None
    seats = len(position.players)
    return Outcome(
        winners=ending.winners,
        returns=tuple(1.0 if s in ending.winners else 0.0 for s in range(seats)),
        scores=tuple(float(s) for s in ending.scores),
        ending=ending.kind,
        round=position.round,
    )


def decision(position: State | View) -> Decision[Frame] | None:
    """What is asked now, with the frame that asks it as the context; ``None`` when over.

    The kinds: ``"chance"``, ``"window"`` (answer or pass, K4), ``"start"``, ``"duel"``,
    ``"end"``, ``"choose"``, ``"pay"``, ``"reroll"`` (K12), ``"keep"``, ``"drop"``,
    ``"loot"`` (K13), ``"trophy"`` (K5), ``"offer"`` and ``"accept"`` (K6).
    """
    seat = acting(position)
    kind = decision_kind(position)
    if seat is None or kind is None:
        return None
    frame = position.frames[-1]
    return Decision(seat, kind, _prompt(kind, frame), frame)


def _prompt(kind: str, frame: Frame) -> str:
    prompts = {
        "chance": "Chance decides: a die or a card drawn.",
        "window": "Answer with a card or a power, or pass.",
        "start": "Show towers, arrange your slots, use the Shop, then roll the travel die.",
        "duel": "Declare a duel, or not.",
        "end": "Trade, use the Shop, arrange your slots, or end your turn.",
        "choose": "Choose a card among those drawn.",
        "pay": "Discard a creature towards the tower's price.",
        "reroll": "Use a Dodge to reroll it and one other die, or not.",
        "keep": "Put the card gained in a slot or in your hand.",
        "drop": "Your hand holds 11 cards: drop one.",
        "loot": "Take what you want of the dead character's things.",
        "trophy": "Choose the trophy of your duel.",
        "offer": "Put your trade offer together, make it, or drop it.",
        "accept": "Accept or refuse the trade offer.",
    }
    return prompts[kind]


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may know: the state without its generator and with each deck's cards in
    pack order (their order is hidden; the groups known to lie at the bottom stay known).

    Raises:
        ValueError: ``seat`` is not a seat of this game.
    """
    if type(seat) is not int or not 0 <= seat < len(state.players):
        raise ValueError(f"this game has seats 0 to {len(state.players) - 1}, not {seat!r}")
    config = state.config
    decks = (state.encounters, state.abilities, state.items, state.prophecies)
    if not config.explicit:
        decks = tuple(_in_pack_order(d, config.rules) for d in decks)  # type: ignore[assignment]
    found = View(*_table(state, decks), seat=seat)
    _keep_acting(state, found)
    return found


@functools.lru_cache(maxsize=256)
def _in_pack_order(deck: Deck, rules: Compiled) -> Deck:
    """``deck`` as a view shows it: its cards above the known bottom, and each bottom group, in
    pack order (decks outlive many states, so each is sorted once)."""
    order = rules.index.__getitem__
    return Deck(
        tuple(sorted(deck.top, key=order)),
        tuple(tuple(sorted(g, key=order)) for g in deck.bottom),
    )


def _table(position: State | View, decks: Sequence[Deck]) -> tuple[Any, ...]:
    """The fields of the table ``position`` shows, in order, with its four decks (encounters,
    abilities, items, prophecies) replaced by ``decks``: a state or view without its generator
    or seat."""
    p = position
    return (p.config, p.players, p.turn, p.round, p.fate, *decks, p.shop, p.prophecy, p.lasting,
            p.discarded, p.flags, p.frames, p.ending)  # fmt: skip


def _keep_acting(source: State | View, target: State | View) -> None:
    """``target`` asks the seat ``source`` asks (as the engine found it, when it did)."""
    cache = source.cache
    if cache is not None and "acting" in cache:
        object.__setattr__(target, "cache", {"acting": cache["acting"]})


def redeal(position: View, seed: int) -> State:
    """A full state consistent with the view: the unknown cards of each deck, and each group at
    the bottom, put in an order drawn from ``seed`` (in explicit chance mode nothing is ordered;
    the generator is drawn from ``seed``).

    >>> state = new_game(seed=3)
    >>> view(redeal(view(state, 1), seed=99), 1) == view(state, 1)
    True
    """
    rng = Rng.from_seed(seed)
    decks = []
    for deck in (position.encounters, position.abilities, position.items, position.prophecies):
        if position.config.explicit:
            decks.append(deck)
            continue
        top, rng = rng.shuffle(deck.top)
        groups = []
        for group in deck.bottom:
            shuffled, rng = rng.shuffle(group)
            groups.append(shuffled)
        decks.append(Deck(top, tuple(groups)))
    found = State(*_table(position, decks), rng=rng)
    _keep_acting(position, found)
    return found
