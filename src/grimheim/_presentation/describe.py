"""Words for people: every event and every action in a sentence.

Actions are said in the present tense, as the hero who answers makes them ("Bjorn attacks the
Troll in area 7,9."); events in the past ("The Troll in area 7,9 took 2 damage."). Everyone is
in the third person, by name: heroes by their names, cards by their printed names, monsters by
their kinds' names, areas by their coordinates with their terrain and named place; chance is
"Chance". Card uses are said in the words of the effect vocabulary.
"""

from __future__ import annotations

from typing import Any

from tabletop_rules import Decision, Seat, Speaker, join_words, plural
from tabletop_rules import Outcome as _Outcome

from .. import _actions, _events
from .._actions import Action
from .._events import Event
from .._flow import current
from .._heroes import bonus_here, upgrade_cost
from .._map import Hex
from .._query import track
from .._state import (
    GoldOffer,
    MonsterAttack,
    MonsterTurn,
    QuestOffer,
    Ramming,
    Resolving,
    State,
    View,
)
from .._work import Work
from .names import ROMAN, Names

_FACES = (("hit", "hits"), ("hit unless cover", "hits unless cover"), ("rune", "runes"),
          ("miss", "misses"))  # fmt: skip
_DIE = {
    "maneuver_cw": "maneuver clockwise: the monsters next to each hero move one area clockwise"
    " around them",
    "maneuver_ccw": "maneuver counter-clockwise: the monsters next to each hero move one area"
    " counter-clockwise around them",
    "attack": "attack: every monster's attack rolls 1 more die this turn",
    "push": "push: each hero next to a monster is pushed one area along the monster path",
    "charge": "charge: the monsters of rank 1 charge this turn",
    "ambush": "ambush: each hero outside Grimheim places a Goblin next to them",
}
_WHY = {
    "move": "moved",
    "charge": "charged",
    "swap": "swapped places with a legend and moved",
    "maneuver": "was maneuvered by the monster die",
}
_ASK = {
    "turn": "choose an action (two different ones a turn), a free action, or end the turn",
    "after-roll": "use cards on this roll, or resolve it",
    "move": "choose where to move",
    "granted": "perform the action the card grants",
    "excess": "the attack killed with damage to spare: use it with a card, or let it go",
    "after-attack": "the attack action is over: use a card, or go on",
    "before-monster-move": "the monsters are about to move: use a card, or pass",
    "after-monster-move": "the monsters moved: use a card, or pass",
    "after-move-action": "the move action ended: use a card, or pass",
    "after-movement": "the movement ended: use a card, or pass",
    "attacked": "a monster attacked: use a card, or pass",
    "end-of-turn": "the turn ends: use a card, or pass",
    "shove": "choose the free area the character you rammed is pushed to",
    "upgrade": "take an upgrade, or keep the gold",
    "draw": "the hand is full: discard a card to draw one, or draw nothing",
    "swap": "put the top ability or equipment card at the bottom of its deck, or keep both",
    "attack-order": "choose, for all the heroes, which monster attacks next",
    "prevent": "a monster hits: prevent damage with a card, or take it",
    "ambush": "ambush: place a goblin next to the hero",
}
"""What each kind of decision asks, after the name of the hero who answers."""
_SPOTS = {
    "axes": "reinforcements come",
    "shield": "no reinforcements",
    "skull": "every monster charges",
}


def die_face(face: str) -> str:
    """A face of the monster die, in a few words.

    >>> die_face("maneuver_cw")
    'maneuver clockwise'
    """
    return _DIE.get(face, face.replace("_", " ")).split(":")[0]


def faces_text(faces: tuple[int, int, int, int]) -> str:
    """Attack dice by face — hits, hits unless cover, runes, misses — in words.

    >>> faces_text((2, 0, 1, 3))
    '2 hits, 1 rune and 3 misses'
    >>> faces_text((0, 0, 0, 0))
    'no dice'
    """
    said = [plural(n, one, many) for n, (one, many) in zip(faces, _FACES, strict=True) if n]
    return join_words(said, empty="no dice")


class _Speaker(Speaker[State | View]):
    """Says the events and actions of one position (its names, and what it asks now)."""

    action_types = _actions.ACTION_TYPES
    position_types = (State, View)
    chance_types = (_actions.Roll, _actions.DieFace, _actions.Drawn)
    anyone = "a hero"
    chance_asks = "chance rolls the dice or draws a card"

    def __init__(self, position: State | View) -> None:
        super().__init__(position)
        self.names = Names(position.config)
        self.work = Work.of(position)

    # -- naming ----------------------------------------------------------------------------------

    def who(self, seat: Seat) -> str:
        return self.names.hero(seat)

    def acting(self) -> Seat | None:
        return current(self.work)

    def card(self, card_id: str) -> str:
        return self.names.card(card_id)

    def area(self, where: Hex) -> str:
        return self.names.area(where)

    def monster_at(self, where: Hex) -> str:
        """The monster standing in ``where`` now (``the monster in area …`` if none does)."""
        index = self.position.config.geo.index.get(where)
        monster = self.work.monsters.get(index) if index is not None else None
        if monster is None:
            return f"the monster in {self.area(where)}"
        return self.names.monster(monster)

    def kind_at(self, kind: str, where: Hex) -> str:
        return f"{self.names.the_monster(kind)} in {self.area(where)}"

    # -- events ----------------------------------------------------------------------------------

    def event(self, event: Event) -> str:
        match event:
            case _events.HeroMoved(seat, to):
                return f"{self.who(seat)} moved to {self.area(to)}"
            case _events.MonsterMoved(kind, source, to, why):
                verb = _WHY.get(why, "moved")
                whom = self.kind_at(kind, source)
                return f"{whom} {verb} to {self.area(to)}"
            case _events.MonsterEntered(kind, source, pieces):
                lost = plural(pieces, "town piece")
                return f"{self.kind_at(kind, source)} entered Grimheim: {lost} removed"
            case _events.MonsterPlaced(kind, at, side):
                return f"{self.names.a_monster(kind, side)} came onto {self.area(at)}"
            case _events.MonsterDamaged(kind, at, amount):
                return f"{self.kind_at(kind, at)} took {amount} damage"
            case _events.MonsterKilled(kind, at, seat, gold):
                killed = f"{self.kind_at(kind, at)} was killed"
                if 0 <= seat < len(self.position.heroes) and gold:
                    return f"{killed}; {self.who(seat)} gained {gold} gold"
                return killed
            case _events.DiceRolled(by, faces):
                who = self.who(by) if by >= 0 else self.attacking()
                return f"{who} rolled {faces_text(faces)}"
            case _events.MonsterDieRolled(face):
                return f"the monster die shows {_DIE.get(face, face.replace('_', ' '))}"
            case _events.HeroDamaged(seat, amount, prevented):
                saved = f" ({prevented} prevented)" if prevented else ""
                taken = f"{amount} damage" if amount else "no damage"
                return f"{self.who(seat)} took {taken}{saved}"
            case _events.HeroHealed(seat, amount):
                return f"{amount} damage was removed from {self.who(seat)} or their equipment"
            case _events.HeroKnockedOut(seat, pieces):
                return (
                    f"{self.who(seat)} was knocked out and went back to Grimheim with 5 damage;"
                    f" {plural(pieces, 'town piece')} removed"
                )
            case _events.GoldGained(seat, amount):
                if amount < 0:
                    return f"{self.who(seat)} paid {-amount} gold"
                return f"{self.who(seat)} gained {amount} gold"
            case _events.CardPlayed(seat, card):
                played = self.position.config.cards.get(card)
                kind = played.kind if played is not None else ""
                verb = {"event": "played the event", "hero": "used the hero card"}.get(kind, "used")
                return f"{self.who(seat)} {verb} {self.card(card)}"
            case _events.EventDrawn(card):
                seats = event.seen_by or ()
                who = self.who(seats[0]) if seats else "a hero"
                return f"{who} drew the event {self.card(card)}"
            case _events.MonsterCardDrawn(card, placed):
                done = "its monsters were placed" if placed else "it went to the bottom (no room)"
                return f"the monster card {self.card(card)} was drawn: {done}"
            case _events.Upgraded(seat, card, cost):
                return f"{self.who(seat)} paid {cost} gold to {self.upgraded(seat, card)}"
            case _events.QuestCompleted(seat, card):
                return (
                    f"{self.who(seat)} completed the quest of {self.card(card)} and put it in play"
                )
            case _events.TownPiecesAdded(count):
                return f"{plural(count, 'town piece')} added to Grimheim"
            case _events.TimeAdvanced(spot, kind):
                total = len(track(self.work.config))
                return f"the rune stone moved to spot {spot} of {total}: {_SPOTS.get(kind, kind)}"
            case _events.GameEnded(won, town):
                if won:
                    left = plural(town, "town piece")
                    return f"the game ended: Freya's Well stands with {left}, the heroes win"
                return "the game ended: the town fell, the heroes lose"
        raise TypeError(f"not a grimheim event or action: {event!r}")

    def attacking(self) -> str:
        """The monster whose attack is being made (``a monster`` when none is)."""
        frame = next(
            (f for f in reversed(self.position.frames) if isinstance(f, MonsterAttack)), None
        )
        if frame is None or frame.attacker < 0:
            return "a monster"
        return self.monster_at(self.position.config.geo.hexes[frame.attacker])

    def upgraded(self, seat: int, card: str) -> str:
        """``flip Sure Shot to side II`` if the position shows it flipped, else ``gain …``."""
        heroes = self.position.heroes
        hero = heroes[seat] if 0 <= seat < len(heroes) else None
        flipped = hero is not None and any(c.id == card and c.side > 1 for c in hero.cards)
        if flipped:
            return f"flip {self.card(card)} to side {ROMAN[2]}"
        return f"gain the ability {self.card(card)}"

    # -- the question, the end, and what changed ---------------------------------------------------

    def question(self, asked: Decision[Any]) -> str:
        """The question of ``asked``, after the name of the hero who must answer."""
        frame = asked.context
        match asked.kind:
            case "choose" if isinstance(frame, Resolving):
                question = f"choose the target of {self.card(frame.card)}"
            case "gold" if isinstance(frame, GoldOffer):
                gold = f"{frame.amount} gold"
                if frame.asked == frame.receiver:
                    question = f"take the {gold} {self.who(frame.giver)} offers, or refuse it"
                else:
                    question = f"{self.who(frame.receiver)} asks for {gold}: give it, or refuse"
            case "quest" if isinstance(frame, QuestOffer):
                question = (
                    f"that kill can complete the quest of {self.card(frame.card)}: take the card,"
                    " or leave it and keep the gold"
                )
            case "attack-target" if isinstance(frame, MonsterAttack):
                monster = self.monster_at(self.position.config.geo.hexes[frame.attacker])
                question = f"choose, for all the heroes, the hero {monster} attacks"
            case kind:
                question = _ASK.get(kind, asked.prompt.rstrip("."))
        return question

    def outcome(self, outcome: _Outcome) -> str:
        """How the game ended, with the spot the rune stone reached."""
        spots = len(track(self.work.config))
        reached = f"spot {self.position.time + 1} of {spots}"
        if getattr(outcome, "won", bool(outcome.winners)):
            left = plural(self.position.town, "town piece")
            return f"the heroes won: Freya's Well stands with {left}, at {reached}"
        return f"the heroes lost: the town fell at {reached}"

    # -- actions ---------------------------------------------------------------------------------

    def chance(self, action: Action) -> str:
        match action:
            case _actions.Roll(hits, covers, runes, misses):
                return f"Chance: the dice show {faces_text((hits, covers, runes, misses))}"
            case _actions.DieFace(face):
                return f"Chance: the monster die shows {_DIE.get(face, face.replace('_', ' '))}"
            case _actions.Drawn(card):
                if not card:
                    return "Chance draws a hidden card"
                data = self.position.config.cards.get(card)
                what = f"the {data.kind} " if data is not None else "the monster card "
                return f"Chance draws {what}{self.card(card)}"
        return f"Chance answers {type(action).__name__}"  # pragma: no cover

    def deed(self, action: Action, seat: int) -> str:
        """What the hero of ``seat`` does, after their name."""
        match action:
            case _actions.MoveTo(to):
                return f"moves to {self.area(to)}"
            case _actions.Attack(target):
                return f"attacks {self.monster_at(target)}"
            case _actions.Prepare():
                return "prepares: draws an event card"
            case _actions.Focus(card):
                return f"focuses: adds 1 mana to {self.card(card)}"
            case _actions.Mend(card):
                return self.mend(seat, card)
            case _actions.Practice():
                return "practises: gains 1 gold"
            case _actions.Use(card, use, x):
                return self.use(seat, card, use, x)
            case _actions.CompleteQuest():
                return f"completes the quest of {self.quest_card(seat)} and puts it in play"
            case _actions.DeclineQuest():
                return f"leaves the quest of {self.quest_card(seat)} and keeps the gold"
            case _actions.Discard(card):
                return f"discards {self.card(card)} from the hand"
            case _actions.GiveGold(to, amount):
                return f"offers {amount} gold to {self.who(to)}"
            case _actions.RequestGold(other, amount):
                return f"asks {self.who(other)} for {amount} gold"
            case _actions.AcceptGold() | _actions.RefuseGold():
                return self.gold_answer(isinstance(action, _actions.AcceptGold))
            case _actions.TakeBonus(card):
                return self.bonus(seat, card)
            case _actions.EndTurn():
                return "ends the turn"
            case _actions.Target(at):
                return self.target(at)
            case _actions.TargetHero(other):
                frame = self.work.top
                if isinstance(frame, MonsterAttack):
                    attacker = self.position.config.geo.hexes[frame.attacker]
                    monster = self.monster_at(attacker)
                    return f"chooses {self.who(other)} as the hero {monster} attacks"
                return f"chooses {self.who(other)}{self.for_card()}"
            case _actions.TargetCard(card):
                return f"chooses {self.card(card)}{self.for_card()}"
            case _actions.StopTargets():
                return f"chooses no more{self.for_card()}"
            case _actions.SkipMove():
                return "does not move"
            case _actions.ResolveAttack():
                return "resolves the attack as it stands"
            case _actions.Upgrade(card):
                cost = upgrade_cost(self.work, seat) if seat >= 0 else 0
                if card is None:
                    top = self.position.heroes[seat].abilities[:1] if seat >= 0 else ()
                    gained = self.card(top[0]) if top and top[0] else "the top ability card"
                    return f"pays {cost} gold to gain the ability {gained}"
                return f"pays {cost} gold to flip {self.card(card)} to side {ROMAN[2]}"
            case _actions.DeclineUpgrade():
                return "takes no upgrade and keeps the gold"
            case _actions.DiscardToDraw(card):
                return f"discards {self.card(card)} to draw a card"
            case _actions.SkipDraw():
                return "draws no card"
            case _actions.SwapTop(deck):
                return self.swap(seat, deck)
            case _actions.SkipSwap():
                return "keeps the top cards of the ability and equipment decks"
            case _actions.PassWindow():
                return "uses no card at this moment"
            case _actions.DeclinePrevention():
                return "takes the damage"
            case _actions.PlaceGoblin(at):
                return f"places a {self.names.kind('goblin')} in {self.area(at)} (ambush)"
        raise TypeError(f"not a grimheim event or action: {action!r}")

    def mend(self, seat: int, card: str | None) -> str:
        hero = self.position.heroes[seat] if seat >= 0 else None
        if hero is None or hero.at != self.position.config.geo.town:
            return "mends: removes 2 damage"
        first = f", from {self.card(card)} first" if card is not None else ""
        return f"mends in Grimheim: removes up to 5 damage from the hero and equipment{first}"

    def use(self, seat: int, card: str, use: int, x: int) -> str:
        config = self.position.config
        data = config.cards.get(card)
        if data is None:
            return f"uses {self.card(card)}"
        hero = self.position.heroes[seat] if seat >= 0 else None
        in_play = next((c for c in hero.cards if c.id == card), None) if hero else None
        side = data.sides[(in_play.side if in_play is not None else 1) - 1]
        verb = "plays the event" if data.kind == "event" else "uses"
        which = f" (use {use + 1})" if len(side.uses) > 1 else ""
        chosen = f" with X at {x}" if x else ""
        head = f"{verb} {data.name}{which}{chosen}"
        if not 0 <= use < len(side.uses):
            return head
        said = self.names.named(side.uses[use].describe(moment=False))
        return f"{head} — {said.removesuffix('.')}"

    def quest_card(self, seat: int) -> str:
        frame = self.work.top
        if isinstance(frame, QuestOffer):
            return self.card(frame.card)
        equipment = self.position.heroes[seat].equipment if seat >= 0 else ()
        return self.card(equipment[0]) if equipment else "the top equipment card"

    def gold_answer(self, accept: bool) -> str:
        frame = self.work.top
        if not isinstance(frame, GoldOffer):
            return "agrees" if accept else "refuses"
        gold = f"{frame.amount} gold"
        if frame.asked == frame.receiver:  # an offer (G22)
            giver = self.who(frame.giver)
            return (
                f"accepts {gold} from {giver}" if accept else f"refuses the {gold} {giver} offers"
            )
        receiver = self.who(frame.receiver)  # a request
        return f"{'agrees' if accept else 'refuses'} to give {gold} to {receiver}"

    def bonus(self, seat: int, card: str | None) -> str:
        found = bonus_here(self.work, seat) if seat >= 0 else None
        if found is None:
            onto = f", the mana onto {self.card(card)}" if card is not None else ""
            return f"takes the bonus markers here{onto}"
        kind, _, amount = found
        if kind == "gold":
            return f"takes the bonus of {amount} gold here"
        if kind == "mana":
            onto = f" onto {self.card(card)}" if card is not None else ""
            return f"takes the bonus of {amount} mana here{onto}"
        return f"takes the bonus here: removes {amount} damage from the hero, then equipment"

    def target(self, at: Hex) -> str:
        frame = self.work.top
        if isinstance(frame, MonsterTurn):
            return (
                f"chooses, for all the heroes, {self.monster_at(at)} as the next monster to attack"
            )
        if isinstance(frame, Ramming):
            return f"pushes the character they rammed to {self.area(at)}"
        return f"chooses {self.monster_at(at)}{self.for_card()}"

    def for_card(self) -> str:
        frame = self.work.top
        if isinstance(frame, Resolving):
            return f" for {self.card(frame.card)}"
        return ""

    def swap(self, seat: int, deck: str) -> str:
        hero = self.position.heroes[seat] if seat >= 0 else None
        cards = (hero.abilities if deck == "abilities" else hero.equipment) if hero else ()
        kind = "ability" if deck == "abilities" else "equipment"
        top = f", {self.card(cards[0])}," if cards and cards[0] else ""
        return f"puts the top {kind} card{top} at the bottom of the deck"


def describe(
    position: State | View, what: Event | Action | Decision[Any] | _Outcome | State | View
) -> str:
    """An event, an action, the question asked or how the game ended, in a sentence a player
    understands.

    An action is said as the hero who answers makes it, in the present tense, and read in the
    position it answers (which hero, which monster stands in the area it names, which card it
    flips); chance is "Chance". An event is said in the past tense: read it in the position its
    step ends in (:attr:`Step.state <tabletop_rules.Step.state>`, or a view of it), though only
    its config's names and an upgrade's side come from there. Heroes, cards and monsters are
    named by their printed names, areas by their coordinates with the terrain (unless plains) and
    the named place; a card use in the words of the effect vocabulary.

    The :func:`~grimheim.decision` of the position is said as the question its hero answers, in a
    player's words; the :func:`~grimheim.outcome` of a finished position as who won and the spot
    the rune stone reached. A later position (a state or view the game came to from
    ``position``) says what changed that no event says: nothing, in Grimheim (``""``).

    >>> from grimheim import Attack, Config, DiceRolled, Hex, MonsterDamaged, Use, new_game
    >>> state = new_game(Config(heroes=("bjorn", "alva")), seed=7)
    >>> describe(state, DiceRolled(0, (2, 0, 1, 1)))
    'Bjorn rolled 2 hits, 1 rune and 1 miss.'
    >>> describe(state, MonsterDamaged("troll", Hex(8, 2), 2))
    'The Troll in area 8,2 (forest, Dark Forest) took 2 damage.'
    >>> print(describe(state, Use("bjorn-sure-shot")))  # doctest: +ELLIPSIS
    Bjorn uses Sure Shot — pay 3 mana: deal 3 damage to a monster within your attack range.
    >>> from grimheim import decision
    >>> describe(state, decision(state))
    'Bjorn: choose an action (two different ones a turn), a free action, or end the turn.'

    Args:
        position: a state or view of the game.
        what: any grimheim event or action.

    Raises:
        TypeError: ``what`` is none of these.
    """
    return _Speaker(position).say(what)
