"""The engine's working copy of a state, and the small changes every rule is made of.

:func:`kinmarr.step` thaws the input :class:`~kinmarr.State` into a :class:`Work` (the input is
never touched), applies the action and runs the frames until a decision is needed, then freezes the
result into a new state. The fields have the names and types of the state's, so the questions of
:mod:`kinmarr._query` read either.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import Any, Final

import tabletop_rules
from tabletop_rules import Rng, Seat

from ._board import Tile
from ._content import Card, Compiled
from ._events import Event, FateChanged, GameEnded, PlayerDied
from ._frames import DropFrame, Frame, LootFrame, RunFrame, WindowFrame
from ._frames._base import candidates
from ._pieces import COIN_LIMIT, DECK_FIELD, FATE_MAX, Config, Deck, Ending, Player, TurnFlags
from ._query import HAND_LIMIT, WOUND_LIMIT, order_from
from ._state import State

_FRESH: Final = TurnFlags()


class MPlayer:
    """A player being changed (the fields of :class:`~kinmarr.Player`)."""

    __slots__ = ("coins", "guild", "hand", "slots", "src", "tile", "wounds")

    def __init__(self, player: Player) -> None:
        self.src = player
        self.guild = player.guild
        self.tile: Tile | None = player.tile
        self.wounds = player.wounds
        self.coins = player.coins
        self.hand = player.hand
        self.slots = player.slots

    @property
    def alive(self) -> bool:
        return self.tile is not None

    def freeze(self) -> Player:
        src = self.src
        if (
            self.tile is src.tile
            and self.wounds == src.wounds
            and self.coins == src.coins
            and self.hand is src.hand
            and self.slots is src.slots
        ):
            return src
        coins = min(COIN_LIMIT, self.coins)  # coins beyond the limit are lost (K16)
        return Player(self.guild, self.tile, self.wounds, coins, self.hand, self.slots)


class MFlags:
    """The turn's flags being changed (the fields of :class:`~kinmarr.TurnFlags`)."""

    __slots__ = (
        "duel_anywhere",
        "dueled",
        "moved",
        "powers",
        "refreshes",
        "roll",
        "shop",
        "shown",
        "spent",
        "src",
        "traded",
    )

    def __init__(self, flags: TurnFlags) -> None:
        self.src = flags
        self.roll = flags.roll
        self.refreshes = flags.refreshes
        self.moved = flags.moved
        self.shown = flags.shown
        self.spent = flags.spent
        self.powers = flags.powers
        self.dueled = flags.dueled
        self.traded = flags.traded
        self.shop = flags.shop
        self.duel_anywhere = flags.duel_anywhere

    def freeze(self) -> TurnFlags:
        src = self.src
        if (
            self.roll == src.roll
            and self.refreshes == src.refreshes
            and self.moved is src.moved
            and self.shown is src.shown
            and self.spent is src.spent
            and self.powers is src.powers
            and self.dueled == src.dueled
            and self.traded is src.traded
            and self.shop == src.shop
            and self.duel_anywhere == src.duel_anywhere
        ):
            return src  # unchanged: the same value (as MPlayer.freeze)
        return TurnFlags(
            self.roll,
            self.refreshes,
            self.moved,
            self.shown,
            self.spent,
            self.powers,
            self.dueled,
            self.traded,
            self.shop,
            self.duel_anywhere,
        )


def score(rules: Compiled, player: Player | MPlayer) -> int:
    """A player's score (K8): the value of the Items, defeated creatures and towers it holds, in
    hand or in slots, plus 1 per Ability; 0 for a dead player."""
    if player.tile is None:
        return 0
    total = 0
    for card_id in (*player.hand, *player.slots):
        card = rules.card[card_id]
        total += 1 if card.kind == "ability" else card.value
    return total


class Work(tabletop_rules.Work[State, Frame, Event]):
    """A state being changed; see the module docs."""

    def __init__(self, state: State) -> None:
        super().__init__(list(state.frames))
        self.src = state
        self.config: Config = state.config
        self.rules: Compiled = state.config.rules
        self.explicit = state.config.chance == "explicit"
        self.rng: Rng = state.rng
        self.players = [MPlayer(p) for p in state.players]
        self.turn = state.turn
        self.round = state.round
        self.fate = state.fate
        self.encounters = state.encounters
        self.abilities = state.abilities
        self.items = state.items
        self.prophecies = state.prophecies
        self.shop = state.shop
        self.prophecy = state.prophecy
        self.lasting = state.lasting
        self.discarded = state.discarded
        self.flags = MFlags(state.flags)
        self.ending: Ending | None = state.ending
        self.restock = False
        """Cards went into the Item deck during this step: the Shop may be refilled (K14)."""
        self.asked: Seat | None = None
        """Who the engine found asked when it stopped (kept on the state it freezes)."""

    def freeze(self) -> State:
        """The new state (remembering who is asked in it)."""
        state = State(
            self.config,
            tuple([p.freeze() for p in self.players]),
            self.turn,
            self.round,
            self.fate,
            self.encounters,
            self.abilities,
            self.items,
            self.prophecies,
            self.shop,
            self.prophecy,
            self.lasting,
            self.discarded,
            self.flags.freeze(),
            tuple(self.frames),
            self.ending,
            rng=self.rng,
        )
        if self.asked is not None:
            object.__setattr__(state, "cache", {"acting": self.asked})
        return state

    # -- frames --------------------------------------------------------------------------------

    def window(self, request: Any) -> None:
        """Push a response window on ``request`` (K4); it asks only the players holding an answer
        that applies (:func:`kinmarr._frames.answers.answers`), and closes at once when none
        does."""
        self.frames.append(WindowFrame(request))

    def run_effects(self, source: str, seat: Seat, target: Seat | None = None) -> None:
        """Push the effects ``source`` names, carried out for ``seat`` (on ``target``)."""
        self.frames.append(RunFrame(source, 0, seat, target))

    def fresh_flags(self) -> None:
        """A turn starts: nothing is done yet."""
        self.flags = MFlags(_FRESH)

    # -- cards ---------------------------------------------------------------------------------

    def card(self, card_id: str) -> Card:
        return self.rules.card[card_id]

    def in_pack_order(self, cards: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(cards, key=self.rules.index.__getitem__))

    def deck(self, name: str) -> Deck:
        deck: Deck = getattr(self, DECK_FIELD[name])
        return deck

    def set_deck(self, name: str, deck: Deck) -> None:
        setattr(self, DECK_FIELD[name], deck)

    def candidates(self, name: str) -> tuple[str, ...]:
        """The cards the next draw from ``name`` may be: the unknown part, or else the first
        known group at the bottom."""
        return candidates(self, name)

    def take(self, name: str, card: str) -> None:
        """Remove ``card`` (one of the :meth:`candidates`) from the deck."""
        deck = self.deck(name)
        if deck.top:
            top = list(deck.top)
            top.remove(card)
            self.set_deck(name, Deck(tuple(top), deck.bottom))
            return
        group = list(deck.bottom[0])
        group.remove(card)
        rest = deck.bottom[1:]
        self.set_deck(name, Deck((), ((tuple(group),) if group else ()) + rest))

    def random_order(self, cards: Iterable[str]) -> tuple[str, ...]:
        """Cards in random order: shuffled from the generator (sampled chance) or in pack order,
        undecided (explicit chance)."""
        if self.explicit:
            return self.in_pack_order(cards)
        order, self.rng = self.rng.shuffle(list(cards))
        return order

    def to_bottom(self, name: str, cards: Iterable[str]) -> None:
        """Put ``cards`` at the bottom of deck ``name`` in random order: a known group."""
        group = self.random_order(cards)
        if group:
            deck = self.deck(name)
            self.set_deck(name, Deck(deck.top, (*deck.bottom, group)))
            self.restock = self.restock or name == "item"

    def shuffle_in(self, name: str, card: str) -> None:
        """Put ``card`` at the bottom of deck ``name`` and shuffle the deck (a used Ability)."""
        deck = self.deck(name)
        self.set_deck(name, Deck(self.random_order((*deck.cards(), card)), ()))
        self.restock = self.restock or name == "item"

    def discard(self, cards: Iterable[str]) -> None:
        """Cards leave the game."""
        found = frozenset(cards)
        if found:
            self.discarded = self.discarded | found

    def return_used(self, card_id: str) -> None:
        """Where a card goes after it was used up: an Ability to the bottom of the ability deck,
        which is shuffled; an Item is discarded."""
        if self.card(card_id).kind == "ability":
            self.shuffle_in("ability", card_id)
        else:
            self.discard((card_id,))

    def hand_add(self, seat: Seat, card: str) -> None:
        """Put a card in ``seat``'s hand; with 11 cards, one must be dropped (K15)."""
        player = self.players[seat]
        hand = list(player.hand)
        bisect.insort(hand, card, key=self.rules.index.__getitem__)
        player.hand = tuple(hand)
        if len(hand) > HAND_LIMIT:
            self.push(DropFrame(seat))

    def slot_add(self, seat: Seat, card: str) -> None:
        player = self.players[seat]
        slots = list(player.slots)
        bisect.insort(slots, card, key=self.rules.index.__getitem__)
        player.slots = tuple(slots)

    def remove_held(self, seat: Seat, card: str) -> None:
        """Take ``card`` out of ``seat``'s hand or slots."""
        player = self.players[seat]
        if card in player.slots:
            player.slots = tuple(c for c in player.slots if c != card)
        else:
            player.hand = tuple(c for c in player.hand if c != card)

    # -- the sphere, wounds and death ----------------------------------------------------------

    def change_fate(self, by: int) -> None:
        self.fate = min(FATE_MAX, max(0, self.fate + by))
        self.events.append(FateChanged(self.fate, by))

    def wound(self, seat: Seat, amount: int) -> bool:
        """``seat`` takes wounds; more than 3 is death. Returns whether it died."""
        player = self.players[seat]
        if player.tile is None:
            return False
        player.wounds += amount
        if player.wounds > WOUND_LIMIT:
            self.kill(seat)
            return True
        return False

    def heal(self, seat: Seat, amount: int | None) -> None:
        """Heal ``amount`` wounds (``None``: all)."""
        player = self.players[seat]
        player.wounds = 0 if amount is None else max(0, player.wounds - amount)

    def kill(self, seat: Seat, *, loot: bool = True) -> None:
        """``seat``'s character dies: Fate +2, its token leaves, its pending work ends, and the
        characters on its tile loot it in turn order from the active player (K13); what they leave
        is discarded. With no character left, the game ends with nobody winning (K13)."""
        player = self.players[seat]
        if player.tile is None:
            return
        tile = player.tile
        self.events.append(PlayerDied(seat))
        self.change_fate(2)
        self._purge(seat)
        items = tuple(c for c in (*player.slots, *player.hand) if self.card(c).kind == "item")
        creatures = tuple(c for c in player.hand if self.card(c).kind == "creature")
        others = [c for c in (*player.slots, *player.hand) if c not in items and c not in creatures]
        coins = player.coins
        self.discard(others)
        player.tile = None
        player.hand = player.slots = ()
        player.wounds = player.coins = 0
        living = [s for s, p in enumerate(self.players) if p.tile is not None]
        if not living:
            self.discard((*items, *creatures))
            self.finish("no-one-left", ())
            return
        looters = tuple(s for s in order_from(self, self.turn) if self.players[s].tile == tile)
        if loot and looters and (items or creatures or coins):
            self.push(
                LootFrame(
                    seat, looters, self.in_pack_order(items), self.in_pack_order(creatures), coins
                )
            )
        else:
            self.discard((*items, *creatures))

    def _purge(self, dead: Seat) -> None:
        """End the pending work of a dead player; when it is the active player, its whole turn
        (the next turn then starts)."""
        active = dead == self.turn
        kept: list[Frame] = []
        for frame in self.frames:
            owner = frame.owner()
            if owner == dead or (active and owner is None):
                frame.release(self)
                continue
            left = frame.outlived(dead)
            if left is not None:
                kept.append(left)  # type: ignore[arg-type]
        self.frames = kept

    def release(self, frame: Frame) -> None:
        """Put the cards a frame holds back where they belong when the frame is dropped."""
        frame.release(self)

    def holds_card(self, card: str) -> bool:
        """Whether an answer's card is held by the Stack (an Ability or an Item used up)."""
        spec = self.card(card)
        return spec.kind == "ability" or (spec.usage is not None and spec.usage.consumed)

    # -- the end -------------------------------------------------------------------------------

    def finish(self, kind: Any, winners: tuple[Seat, ...] | None) -> None:
        """End the game. ``winners`` ``None``: by scoring (K8), the highest scores share."""
        for frame in self.frames:
            self.release(frame)
        self.frames = []
        scores = tuple(score(self.rules, p) for p in self.players)
        if winners is None:
            living = [s for s, p in enumerate(self.players) if p.tile is not None]
            best = max((scores[s] for s in living), default=0)
            winners = tuple(s for s in living if scores[s] == best)
        self.ending = Ending(kind, winners, scores)
        self.events.append(GameEnded(kind, winners))
