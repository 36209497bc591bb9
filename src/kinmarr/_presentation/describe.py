"""Words for people: every event and every action in a sentence.

Actions are said in the present tense, as the guild that answers makes them ("Feudal Pact buys
Royal Ring for 8 coins."); events in the past ("Pathfinders moved to the Castle …"). Everyone is
in the third person: players by their guilds' names, cards by their printed names, tiles by their
names and places on the paths, dice by colour and face; chance is "Chance".
"""

from __future__ import annotations

from typing import Any, Final

from tabletop_rules import Decision, Seat, Speaker, join_words, plural
from tabletop_rules import Outcome as _Outcome

from .. import _actions, _events
from .._actions import Action
from .._events import Event
from .._frames import (
    DiceRoll,
    DuelFrame,
    FightFrame,
    GainFrame,
    LootFrame,
    OfferFrame,
    PayFrame,
    TrophyFrame,
    WindowFrame,
)
from .._frames.combat import dodging, rolling
from .._legal import acting
from .._pieces import FATE_MAX as _FATE_MAX
from .._state import State, View
from .card_text import abilities_text
from .names import COLOURS, FACE_NAMES, Names

_REQUESTS: Final = {
    "start": "the start of the turn",
    "travel": "the travel roll",
    "move": "the move",
    "tile": "the tile's action",
    "draw": "the draw",
    "combat": "the combat roll",
    "result": "the fight's result",
    "end": "the end of the turn",
}
_ENDINGS: Final = {
    "last-standing": "one token stands alone",
    "fate": "Fate reached 10",
    "deck-exhausted": "a deck ran out",
    "round-limit": "the round limit was reached",
    "no-one-left": "no character is left",
}
_ASK: Final = {
    "start": "show towers, arrange the slots, use the Shop, then roll the travel die",
    "duel": "challenge a player on this tile to a duel, or not",
    "end": "trade, use the Shop, arrange the slots, or end the turn",
    "choose": "choose a card among those drawn",
    "pay": "discard a creature towards the tower's price",
    "reroll": "use a Dodge to reroll it and one other die, or not",
    "keep": "put the card gained in a slot or in the hand",
    "drop": "the hand holds too many cards: drop one",
    "loot": "take what you want of the dead character's things",
    "trophy": "choose the trophy of the duel",
    "offer": "put the trade offer together, make it, or drop it",
    "accept": "accept or refuse the trade offer",
}
"""What each kind of decision asks, after the name of the guild that answers."""
_FIGHTS: Final = {"won": "won the fight against", "lost": "lost the fight against",
                  "dead": "died fighting"}  # fmt: skip


def request_words(request: str) -> str:
    """What a response window answers, in words.

    >>> request_words("combat")
    'the combat roll'
    """
    return _REQUESTS.get(request, "what comes next")


def _face(face: str) -> str:
    return FACE_NAMES.get(face, face)


class _Speaker(Speaker[State | View]):
    """Says the events and actions of one position (its names, and what it asks now)."""

    action_types = _actions.ACTIONS
    position_types = (State, View)
    chance_types = (_actions.Roll, _actions.FaceResult, _actions.Reveal)
    chance_asks = "chance rolls a die or draws a card"

    def __init__(self, position: State | View) -> None:
        super().__init__(position)
        self.names = Names(position.config)

    def who(self, seat: Seat) -> str:
        return self.names.guild(seat)

    def acting(self) -> Seat | None:
        return acting(self.position)

    def card(self, card_id: str) -> str:
        return self.names.card(card_id)

    def text(self, card_id: str) -> str:
        """`` — the card's text`` (nothing for a card without one)."""
        card = self.position.config.rules.card.get(card_id)
        return f" — {card.text.rstrip('.')}" if card is not None and card.text else ""

    # -- events ----------------------------------------------------------------------------------

    def event(self, event: Event) -> str:
        match event:
            case _events.TurnBegan(seat, round_):
                return f"round {round_}: the turn of {self.who(seat)} began"
            case _events.DieRolled(seat, die, result):
                if die == "travel":
                    return f"{self.who(seat)} rolled {result} on the travel die"
                colour = COLOURS.get(die, die)
                return f"{self.who(seat)} rolled {_face(result)} on the {colour} die"
            case _events.Moved(seat, tile):
                return f"{self.who(seat)} moved to {self.names.tile(tile)}"
            case _events.CardRevealed(deck, card):
                return f"{self.names.card_kind(card)} was drawn from the {deck} deck"
            case _events.CardUsed(seat, card, target):
                on = f" on {self.who(target)}" if target is not None else ""
                if card is None:
                    power = f"its power, {self.names.power(seat)}"
                    return f"{self.who(seat)} used {power}{',' if on else ''}{on}"
                return f"{self.who(seat)} used {self.card(card)}{on}"
            case _events.CardGained(seat, card, where):
                into = "a slot" if where == "slot" else "the hand"
                return f"{self.who(seat)} gained {self.names.card_kind(card)} into {into}"
            case _events.FightEnded(seat, creature, result, dealt, taken):
                wounds = f"{plural(dealt, 'wound')} dealt, {taken} taken"
                verb = _FIGHTS.get(result, "fought")
                return f"{self.who(seat)} {verb} {self.card(creature)}: {wounds}"
            case _events.DuelEnded(attacker, defender, dealt_a, dealt_d, winner):
                a, d = self.who(attacker), self.who(defender)
                end = f": {self.who(winner)} won" if winner is not None else " in a draw"
                return (
                    f"the duel of {a} against {d} ended{end}; {a} dealt"
                    f" {plural(dealt_a, 'wound')}, {d} dealt {plural(dealt_d, 'wound')}"
                )
            case _events.FateChanged(fate, by):
                if by < 0 and fate <= 0:  # it may have fallen by less, or not at all
                    return "Fate is at 0 of 10, its lowest"
                if by > 0 and fate >= _FATE_MAX:
                    return f"Fate is at {_FATE_MAX} of {_FATE_MAX}, its highest"
                way = "rose" if by > 0 else "fell"
                return f"Fate {way} by {abs(by)}, to {fate} of {_FATE_MAX}"
            case _events.PlayerDied(seat):
                return f"the character of {self.who(seat)} died"
            case _events.ShopUsed(seat, what, card, coins):
                paid = plural(coins, "coin")
                if what == "refresh":
                    return f"{self.who(seat)} refreshed the Shop for {paid}"
                verb = "bought" if what == "buy" else "sold"
                return f"{self.who(seat)} {verb} {self.card(card or '')} for {paid}"
            case _events.TradeAnswered(seat, partner, accepted):
                answer = "accepted" if accepted else "refused"
                return f"{self.who(partner)} {answer} the trade offer of {self.who(seat)}"
            case _events.ProphecyFulfilled(seat, card):
                return f"{self.who(seat)} fulfilled the prophecy {self.card(card)}"
            case _events.GameEnded(ending, winners):
                who = join_words([self.who(s) for s in winners], empty="nobody")
                verb = "win" if len(winners) > 1 else "wins"
                return f"the game ended ({_ENDINGS.get(ending, ending)}): {who} {verb}"
        raise TypeError(f"not a kinmarr event or action: {event!r}")

    # -- the question, the end, and what changed ---------------------------------------------------

    def question(self, asked: Decision[Any]) -> str:
        """The question of ``asked``, after the name of the guild that must answer."""
        frame = asked.context
        if asked.kind == "window" and isinstance(frame, WindowFrame):
            about = request_words(frame.request)
            whose = (
                "" if asked.seat == self.position.turn else f" of {self.who(self.position.turn)}"
            )
            question = f"answer {about}{whose} with a card or a power, or pass"
        elif asked.kind == "accept" and isinstance(frame, OfferFrame):
            question = f"accept or refuse the offer of {self.who(self.position.turn)}"
            question += self.offer(frame)
        else:
            question = _ASK.get(asked.kind, asked.prompt.rstrip("."))
        return question

    def outcome(self, outcome: _Outcome) -> str:
        """Who won, how the game ended, and every guild's score."""
        scores = outcome.scores or ()
        ending = _ENDINGS.get(getattr(outcome, "ending", ""), "the game is over")
        who = join_words([self.who(s) for s in outcome.winners], empty="nobody")
        verb = "win" if len(outcome.winners) > 1 else "wins"
        points = join_words(
            f"{self.who(seat)} {plural(round(score), 'point')}" for seat, score in enumerate(scores)
        )
        return f"{who} {verb} ({ending})" + (f"; scores: {points}" if scores else "")

    def changes(self, later: State | View) -> str:
        """The coins and wounds that changed from this position to ``later``, guild by guild."""
        said = []
        for seat, (now, then) in enumerate(zip(later.players, self.position.players, strict=False)):
            if now.coins != then.coins:
                more = "more" if now.coins > then.coins else "fewer"
                change = abs(now.coins - then.coins)
                said.append(
                    f"{self.who(seat)} has {plural(now.coins, 'coin')} now ({change} {more})"
                )
            if now.wounds != then.wounds and now.tile is not None:
                said.append(
                    f"{self.who(seat)} has {plural(now.wounds, 'wound')} now (was {then.wounds})"
                )
        return "; ".join(said)

    # -- actions ---------------------------------------------------------------------------------

    def chance(self, action: Action) -> str:
        match action:
            case _actions.Roll(value):
                return f"Chance: the travel die shows {value}"
            case _actions.FaceResult(face):
                return f"Chance: the {self.die_rolled()} die shows {_face(face)}"
            case _actions.Reveal(card):
                card_data = self.position.config.rules.card.get(card)
                deck = f" from the {card_data.deck} deck" if card_data is not None else ""
                return f"Chance draws {self.names.card_kind(card)}{deck}"
        return "Chance answers"  # pragma: no cover - every chance action is above

    def die_rolled(self) -> str:
        """The colour of the combat die being rolled now (``combat`` if none is)."""
        top = self.position.frames[-1] if self.position.frames else None
        if isinstance(top, FightFrame | DuelFrame):
            found = rolling(top)
            if found is not None and found[1].pending >= 0:
                return COLOURS.get(found[1].colours[found[1].pending], "combat")
        return "combat"

    def deed(self, action: Action, seat: Seat) -> str:
        """What seat ``seat`` does, after its guild's name."""
        top = self.position.frames[-1] if self.position.frames else None
        rules = self.position.config.rules
        match action:
            case _actions.Pass():
                about = _REQUESTS.get(top.request, "") if isinstance(top, WindowFrame) else ""
                return "passes" + (f": no answer to {about}" if about else "")
            case _actions.Use(card, target):
                on = f" on {self.who(target)}" if target is not None else ""
                return f"uses {self.card(card)}{on}{self.text(card)}"
            case _actions.Power(target):
                on = f", on {self.who(target)}" if target is not None else ""
                power = rules.guild[self.position.config.guilds[seat]].power if seat >= 0 else None
                said = f" — {power.text.rstrip('.')}" if power is not None and power.text else ""
                return f"uses its power, {self.names.power(seat)}{on}{said}"
            case _actions.Travel():
                return "rolls the travel die and moves"
            case _actions.ShowTower(card):
                return f"shows the tower {self.card(card)}{self.text(card)}"
            case _actions.Slot(card):
                return f"moves {self.card(card)} from the hand to a slot"
            case _actions.Unslot(card):
                return f"moves {self.card(card)} from a slot to the hand"
            case _actions.Buy(card):
                price = (
                    plural(rules.card[card].value, "coin") if card in rules.card else "its price"
                )
                return f"buys {self.card(card)} for {price}{self.text(card)}"
            case _actions.Sell(card):
                price = plural(rules.card[card].value // 2, "coin") if card in rules.card else ""
                return f"sells {self.card(card)}" + (f" for {price}" if price else "")
            case _actions.Refresh():
                cost = plural(self.position.flags.refreshes + 1, "coin")
                return f"refreshes the Shop for {cost}: its Items go under the deck, new ones come"
            case _actions.Duel(other):
                return f"challenges {self.who(other)} to a duel"
            case _actions.NoDuel():
                return "declares no duel this turn"
            case _actions.Trade(other):
                return f"starts a trade offer to {self.who(other)}"
            case _actions.EndTurn():
                return "ends the turn"
            case _actions.Give(card):
                return f"adds {self.card(card)} to the offer"
            case _actions.GiveCoin():
                given = top.give_coins + 1 if isinstance(top, OfferFrame) else 1
                return f"adds a coin to the offer ({plural(given, 'coin')} in all)"
            case _actions.Ask(card):
                return f"asks {self.partner(top)} for {self.card(card)}"
            case _actions.AskCoin():
                asked = top.ask_coins + 1 if isinstance(top, OfferFrame) else 1
                return f"asks {self.partner(top)} for a coin ({plural(asked, 'coin')} in all)"
            case _actions.Propose():
                return f"makes the offer to {self.partner(top)}{self.offer(top)}"
            case _actions.NoTrade():
                return "drops the offer without making it"
            case _actions.AcceptTrade():
                return f"accepts the offer of {self.who(self.position.turn)}{self.offer(top)}"
            case _actions.RefuseTrade():
                return f"refuses the offer of {self.who(self.position.turn)}{self.offer(top)}"
            case _actions.Choose(card):
                return f"chooses {self.names.card_kind(card)}{self.summary(card)}"
            case _actions.Pay(card):
                tower = (
                    f" towards the tower {self.card(top.tower)}"
                    if isinstance(top, PayFrame)
                    else ""
                )
                worth = rules.card[card].value if card in rules.card else 0
                return f"discards {self.card(card)} (worth {worth}){tower}"
            case _actions.Reroll(dodge, other):
                return self.reroll(top, dodge, other)
            case _actions.NoReroll():
                return "uses no more Dodge in this roll"
            case _actions.Keep(where):
                card = f" {self.card(top.card)}" if isinstance(top, GainFrame) else " the card"
                return f"keeps{card} in {'a slot' if where == 'slot' else 'the hand'}"
            case _actions.Drop(card):
                return f"drops {self.card(card)} from the hand: it leaves the game"
            case _actions.Loot(card):
                return f"takes {self.card(card)} from {self.dead(top)}"
            case _actions.LootCoins():
                coins = (
                    f"the {plural(top.coins, 'coin')}"
                    if isinstance(top, LootFrame)
                    else "the coins"
                )
                return f"takes {coins} of {self.dead(top)}"
            case _actions.SkipLoot():
                return f"takes nothing more from {self.dead(top)}"
            case _actions.Take(card):
                return f"takes {self.card(card)} from {self.loser(top)} as the duel's trophy"
            case _actions.TakeCoins():
                return f"takes half the coins of {self.loser(top)} as the duel's trophy"
        raise TypeError(f"not a kinmarr event or action: {action!r}")

    def partner(self, top: object) -> str:
        return self.who(top.partner) if isinstance(top, OfferFrame) else "the partner"

    def offer(self, top: object) -> str:
        """``: Royal Ring and 2 coins for Grey Wolf`` (what the offer swaps)."""
        if not isinstance(top, OfferFrame):
            return ""
        give = [self.card(c) for c in top.give]
        ask = [self.card(c) for c in top.ask]
        if top.give_coins:
            give.append(plural(top.give_coins, "coin"))
        if top.ask_coins:
            ask.append(plural(top.ask_coins, "coin"))
        return f": {join_words(give)} for {join_words(ask)}"

    def dead(self, top: object) -> str:
        return f"the dead {self.who(top.dead)}" if isinstance(top, LootFrame) else "the dead"

    def loser(self, top: object) -> str:
        return self.who(top.loser) if isinstance(top, TrophyFrame) else "the loser"

    def summary(self, card_id: str) -> str:
        """A creature's numbers (``: attack 1, …``), another card's text (`` — …``), after a card
        chosen."""
        card = self.position.config.rules.card.get(card_id)
        if card is None:
            return ""
        if card.kind == "creature":
            abilities = abilities_text(card)
            return (
                f": attack {card.attack}, defence {card.defence},"
                f" worth {plural(card.value, 'coin')}" + (f" — {abilities}" if abilities else "")
            )
        return self.text(card_id)

    def reroll(self, top: object, dodge: int, other: int | None) -> str:
        found = dodging(top) if isinstance(top, FightFrame | DuelFrame) else None
        roll = found[1] if found is not None else None
        first = self.die(roll, dodge)
        if other is None:
            return f"uses the Dodge of the {first} to reroll it"
        return f"uses the Dodge of the {first} to reroll it and the {self.die(roll, other)}"

    @staticmethod
    def die(roll: DiceRoll | None, index: int) -> str:
        """``red (Strength) die showing Miss``; ``die 3`` without the roll."""
        if roll is None or not 0 <= index < len(roll.faces):
            return f"die {index + 1}"
        colour = COLOURS.get(roll.colours[index], roll.colours[index])
        return f"{colour} die showing {_face(roll.faces[index])}"


def describe(
    position: State | View, what: Event | Action | Decision[Any] | _Outcome | State | View
) -> str:
    """An event, an action, the question asked, how the game ended, or what changed, in a
    sentence a player understands.

    An action is said as the guild that answers makes it, in the present tense, and read in the
    position it answers (whose turn, the offer, the roll, the trophy); chance is "Chance". An
    event is said in the past tense: read it in the position its step ends in
    (:attr:`Step.state <tabletop_rules.Step.state>`, or a view of it), though only its config's
    names come from there. Players are named by their guilds, cards by their printed names (and a
    card used, bought or shown with its text), tiles by name and place on the paths.

    The :func:`~kinmarr.decision` of the position is said as the question its guild answers, in
    a player's words; the :func:`~kinmarr.outcome` of a finished position as who won, why the game
    ended and every guild's score. A later position (a state or view the game came to from
    ``position``) says what changed that no event says: each guild's coins and wounds (``""``
    when none changed).

    >>> from kinmarr import Buy, Config, DieRolled, Moved, Tile, new_game
    >>> state = new_game(Config(guilds=("feudal_pact", "pathfinders")), seed=1)
    >>> describe(state, DieRolled(1, "red", "critical"))
    'Pathfinders rolled Critical on the red (Strength) die.'
    >>> describe(state, Moved(0, Tile("inner", 1)))
    'Feudal Pact moved to Market Square (tile 1 of the inner path).'
    >>> describe(state, Buy("royal-ring"))  # doctest: +ELLIPSIS
    'Feudal Pact buys Royal Ring for 8 coins — ...'
    >>> from kinmarr import decision
    >>> describe(state, decision(state))
    'Feudal Pact: show towers, arrange the slots, use the Shop, then roll the travel die.'

    Args:
        position: a state or view of the game.
        what: any kinmarr event or action.

    Raises:
        TypeError: ``what`` is none of these.
    """
    return _Speaker(position).say(what)
