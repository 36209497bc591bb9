"""Helpers of the rule-by-rule tests: a cleared position in explicit chance, and drivers that
end turns and run the monster turn, answering what the test does not script with the neutral
answer (no upgrade, no card, no prevention, every die a miss, the first card drawn).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from typing import Any, TypeVar

import attrs

import grimheim as gh
from grimheim import scenario
from tabletop_rules import CHANCE, Agent, Rng, sample_chance

__all__ = [
    "Run",
    "answer_setup",
    "attack",
    "attack_dice",
    "cleared",
    "custom_pack",
    "damage_on",
    "dice",
    "end_turn",
    "events_of",
    "fresh",
    "hand",
    "hero",
    "hero_turn",
    "in_play",
    "decision_kind",
    "legal",
    "set_card",
    "until",
    "monster_turn",
    "moves",
    "on_top",
    "run",
    "solo",
    "targets",
    "terrain",
    "uses",
    "wield",
    "window",
    "with_cards",
    "with_monster",
]

E = TypeVar("E")

NEUTRAL = (
    gh.PassWindow(),
    gh.DeclinePrevention(),
    gh.ResolveAttack(),
    gh.DeclineUpgrade(),
    gh.SkipDraw(),
    gh.SkipSwap(),
)


@attrs.frozen
class Run:
    """The state after some actions and everything that happened on the way."""

    state: gh.State
    events: tuple[gh.Event, ...]

    def of(self, kind: type[E]) -> list[E]:
        """The events of one kind, in order."""
        return [e for e in self.events if isinstance(e, kind)]


def events_of(events: Iterable[gh.Event], kind: type[E]) -> list[E]:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


SETUP_CARDS = tuple(gh.Drawn(card) for card in ("m31", "m26", "m17", "m12"))
"""The set-up's monster cards, in four different locations, none of them a legend's: the tests
draw the other cards when they need them."""


def answer_setup(state: gh.State) -> gh.State:
    """Answer every set-up chance decision until a hero must act: the monster cards of
    :data:`SETUP_CARDS`, otherwise the first outcome."""
    for _ in range(500):
        if gh.current_player(state) != CHANCE:
            return state
        legal = gh.legal_actions(state)
        pick = next((a for a in SETUP_CARDS if a in legal), legal[0])
        state = gh.apply(state, pick)
    raise AssertionError("the set-up never ends")


def fresh(heroes: Sequence[str] = ("bjorn",), *, seed: int = 0, **options: object) -> gh.State:
    """A new game in explicit chance (hard set-up unless told), its set-up draws answered."""
    kwargs: dict[str, Any] = {"chance": "explicit", "hard_setup": True, **options}
    config = gh.Config(heroes=tuple(heroes), **kwargs)
    return answer_setup(gh.new_game(config, seed=seed))


def cleared(heroes: Sequence[str] = ("bjorn",), *, seed: int = 0, **options: Any) -> gh.State:
    """:func:`fresh` with every set-up monster taken off the board: seat 0 to act, an empty map,
    the rune stone on spot 1 (the next monster turn is spot 2, a shield)."""
    state = fresh(heroes, seed=seed, **options)
    for monster in list(state.monsters):
        state = scenario.remove_monster(state, state.config.geo.hexes[monster.at])
    assert not state.monsters and not state.frames and gh.current_player(state) == 0
    return state


def hero(state: gh.State, seat: int = 0) -> gh.Hero:
    """The hero of ``seat``."""
    return state.heroes[seat]


def with_cards(state: gh.State, seat: int, **changes: Any) -> gh.State:
    """Set fields of hero ``seat`` that the scenario helpers do not reach (``hand``, ``events``,
    ``discard``, ``cards``, ``abilities``, ``equipment``, ``upgrades`` …); hand and discard are
    sorted, and the result is validated like a scenario's."""
    for name in ("hand", "discard"):
        if name in changes:
            changes[name] = tuple(sorted(changes[name]))
    for name in ("events", "cards", "abilities", "equipment"):
        if name in changes:
            changes[name] = tuple(changes[name])
    heroes = list(state.heroes)
    heroes[seat] = attrs.evolve(heroes[seat], **changes)
    new = attrs.evolve(state, heroes=tuple(heroes))
    gh.validate(new)
    return new


def hand(state: gh.State, seat: int, *cards: str) -> gh.State:
    """Give hero ``seat`` exactly these event cards in hand, taken from their deck or discard."""
    h = state.heroes[seat]
    events = list(h.events)
    discard = list(h.discard)
    for card in h.hand:
        events.append(card)
    for card in cards:
        if card in events:
            events.remove(card)
        else:
            discard.remove(card)
    return with_cards(state, seat, hand=cards, events=events, discard=discard)


def set_card(state: gh.State, seat: int, card: str, **changes: Any) -> gh.State:
    """Change a card in play of hero ``seat`` (``side``, ``mana``, ``damage``)."""
    cards = [attrs.evolve(c, **changes) if c.id == card else c for c in state.heroes[seat].cards]
    assert any(c.id == card for c in state.heroes[seat].cards), f"{card} is not in play"
    return with_cards(state, seat, cards=cards)


def in_play(state: gh.State, seat: int, card_id: str, **changes: Any) -> gh.State:
    """Put an ability or equipment card of hero ``seat`` from its deck into play (side I unless
    ``side`` is given), as an upgrade or a quest would."""
    h = state.heroes[seat]
    kind = state.config.cards[card_id].kind
    deck = "abilities" if kind == "ability" else "equipment"
    rest = tuple(c for c in getattr(h, deck) if c != card_id)
    assert len(rest) == len(getattr(h, deck)) - 1, f"{card_id} is not in the {deck} deck"
    heroes = list(state.heroes)
    heroes[seat] = attrs.evolve(
        h,
        cards=(*h.cards, gh.CardState(card_id, **changes)),
        **{deck: rest, f"known_{deck}": min(getattr(h, f"known_{deck}"), len(rest))},
    )
    new = attrs.evolve(state, heroes=tuple(heroes))
    gh.validate(new)
    return new


def custom_pack(hero: str, changes: dict[str, dict[str, Any]]) -> gh.Pack:
    """The standard pack with some of ``hero``'s cards changed (fields of the card file)."""
    text = resources.files("grimheim").joinpath(f"content/cards/{hero}.json").read_text()
    data = json.loads(text)
    for c in data["cards"]:
        c.update(changes.get(c["id"], {}))
    deck = gh.read_deck(json.dumps(data))
    pack = gh.standard_pack()
    return attrs.evolve(pack, decks=tuple(deck if d.hero == hero else d for d in pack.decks))


def card(state: gh.State, seat: int, card_id: str) -> gh.CardState:
    """The card in play ``card_id`` of hero ``seat``."""
    return next(c for c in state.heroes[seat].cards if c.id == card_id)


def run(state: gh.State, *answers: gh.Action, stop_at_turn: bool = True) -> Run:
    """Apply ``answers`` in order, each where it is legal, answering every other decision with
    the neutral answer (a chance roll: all misses; a draw: the first card). Stops when the
    answers are used up and a hero must choose a main action (or the game is over).

    A scripted answer of the kind the decision asks for (a roll, a target…) that is not legal
    there is an error, so a script never drifts onto the wrong decision.
    """
    todo = list(answers)
    events: list[gh.Event] = []
    for _ in range(2_000):
        if gh.is_over(state):
            break
        legal = gh.legal_actions(state)
        if todo and todo[0] in legal:
            step = gh.step(state, todo.pop(0))
        else:
            if _strict(todo, legal) and not _main(state):
                raise AssertionError(f"{todo[0]!r} is not legal here; legal: {legal[:12]}")
            if _main(state):
                if not todo and stop_at_turn:
                    break
                if todo:
                    raise AssertionError(f"{todo[0]!r} is not legal here; legal: {legal[:12]}")
            step = gh.step(state, _neutral(state, legal))
        state = step.state
        events.extend(step.events)
    assert not todo, f"unused answers: {todo}"
    return Run(state, tuple(events))


def _strict(todo: Sequence[gh.Action], legal: Sequence[gh.Action]) -> bool:
    """Whether the next scripted answer is of the kind asked now but not legal: an error (a card
    drawn is the exception: a hero's draw may come before the scripted monster card)."""
    if not todo or isinstance(todo[0], gh.Drawn):
        return False
    return type(todo[0]) in {type(a) for a in legal}


def _main(state: gh.State) -> bool:
    return not state.frames and state.turn is not None and not gh.is_over(state)


def _neutral(state: gh.State, legal: Sequence[gh.Action]) -> gh.Action:
    for action in legal:
        if action in NEUTRAL:
            return action
    if gh.current_player(state) == CHANCE:
        first = legal[0]
        if isinstance(first, gh.Roll):
            dice = first.hits + first.covers + first.runes + first.misses
            return gh.Roll(0, 0, 0, dice)
        if isinstance(first, gh.Drawn):
            return first
        raise AssertionError(f"script the chance answer: {legal}")
    raise AssertionError(f"no neutral answer; script one of {legal[:12]}")


def end_turn(state: gh.State, *answers: gh.Action) -> Run:
    """End the current hero's turn and answer its end-of-turn decisions (scripted first)."""
    assert _main(state)
    return run(state, gh.EndTurn(), *answers)


def monster_turn(state: gh.State, *answers: gh.Action) -> Run:
    """End the turns of the current hero and every later one, then run the monster turn, taking
    ``answers`` in order where they are legal; stops at the next hero turn or the game's end."""
    assert _main(state)
    assert state.turn is not None
    events: list[gh.Event] = []
    for _ in range(len(state.heroes) - state.turn.hero - 1):
        step = end_turn(state)
        state, events = step.state, [*events, *step.events]
    last = run(state, gh.EndTurn(), *answers)
    return Run(last.state, (*events, *last.events))


def attack(state: gh.State, at: gh.Hex, roll: gh.Roll, *after: gh.Action) -> Run:
    """An attack action on ``at`` with dice showing ``roll``, then ``after`` (cards), resolved."""
    return run(state, gh.Attack(at), roll, *after)


def until(
    state: gh.State, done: Callable[[gh.State], bool], *answers: gh.Action, limit: int = 500
) -> Run:
    """Like :func:`run` (scripted answers first, neutral ones otherwise) but stop as soon as
    ``done(state)`` holds; a pending scripted answer is applied before the check."""
    todo = list(answers)
    events: list[gh.Event] = []
    for _ in range(limit):
        if not todo and done(state):
            return Run(state, tuple(events))
        if gh.is_over(state):
            break
        legal = gh.legal_actions(state)
        if todo and todo[0] in legal:
            step = gh.step(state, todo.pop(0))
        elif _main(state):
            step = gh.step(state, gh.EndTurn())
        else:
            if _strict(todo, legal):
                raise AssertionError(f"{todo[0]!r} is not legal here; legal: {legal[:12]}")
            step = gh.step(state, _neutral(state, legal))
        state = step.state
        events.extend(step.events)
    if done(state) and not todo:
        return Run(state, tuple(events))
    raise AssertionError("never reached")


def rolling(state: gh.State) -> bool:
    """Chance is rolling attack dice."""
    if gh.current_player(state) != CHANCE:
        return False
    return isinstance(gh.legal_actions(state)[0], gh.Roll)


def dice(state: gh.State) -> int:
    """The dice of the roll chance is about to make."""
    assert gh.current_player(state) == CHANCE
    first = gh.legal_actions(state)[0]
    assert isinstance(first, gh.Roll)
    return first.hits + first.covers + first.runes + first.misses


def attack_dice(state: gh.State, at: gh.Hex) -> int:
    """The dice an attack action of the hero whose turn it is on ``at`` rolls."""
    return dice(gh.apply(state, gh.Attack(at)))


def solo(
    who: str, at: gh.Hex = gh.GRIMHEIM, *monsters: tuple[str, gh.Hex], **opts: Any
) -> gh.State:
    """:func:`cleared` for one hero standing in ``at``, with ``monsters`` (kind, area) placed."""
    state = cleared((who,), **opts)
    for kind, where in monsters:
        state = scenario.place_monster(state, kind, where)
    return scenario.put_hero(state, who, at)


def legal(state: gh.State) -> list[gh.Action]:
    """The legal actions, as a list."""
    return list(gh.legal_actions(state))


def damage_on(state: gh.State, at: gh.Hex) -> int | None:
    """The damage of the monster in ``at`` (``None``: no monster there)."""
    found = scenario.monster_at(state, at)
    return None if found is None else found.damage


def hero_turn(state: gh.State) -> bool:
    """Seat 0 chooses a main action."""
    return gh.current_player(state) == 0 and not state.frames


def window(state: gh.State) -> bool:
    """A hero is asked whether to use a card at a window."""
    return gh.PassWindow() in gh.legal_actions(state)


def decision_kind(state: gh.State) -> str:
    """The kind of the decision asked now (the game must not be over)."""
    found = gh.decision(state)
    assert found is not None, "the game is over"
    return found.kind


def uses(state: gh.State) -> list[gh.Use]:
    """The card uses offered now."""
    return [a for a in gh.legal_actions(state) if isinstance(a, gh.Use)]


def moves(state: gh.State) -> set[gh.Hex]:
    """Where the movement asked now (or the move action) may end."""
    return {a.to for a in gh.legal_actions(state) if isinstance(a, gh.MoveTo)}


def targets(state: gh.State) -> set[gh.Hex]:
    """The areas the pick asked now offers."""
    return {a.at for a in gh.legal_actions(state) if isinstance(a, gh.Target)}


def terrain(state: gh.State, at: gh.Hex) -> str:
    """The terrain of the area ``at``."""
    geo = state.config.geo
    return str(geo.terrain[geo.area(at)])


def with_monster(state: gh.State, at: gh.Hex, **changes: Any) -> gh.State:
    """The monster in ``at`` changed (``damage=2``, ``pinned=True`` …), all else kept."""
    area = state.config.geo.area(at)
    monsters = tuple(attrs.evolve(m, **changes) if m.at == area else m for m in state.monsters)
    changed = attrs.evolve(state, monsters=monsters)
    gh.validate(changed)
    return changed


def on_top(state: gh.State, card_id: str, *, progress: int = 0, seat: int = 0) -> gh.State:
    """``card_id`` face up on top of the hero's equipment deck (its quest the one shown), with
    ``progress`` made on that quest."""
    rest = [c for c in state.heroes[seat].equipment if c != card_id]
    return with_cards(state, seat, equipment=(card_id, *rest), known_equipment=0, quest=progress)


def wield(state: gh.State, weapon: str, seat: int = 0) -> gh.State:
    """The hero holds the main weapon ``weapon`` in place of the one in play, as its quest
    would leave them (the replaced weapon retired)."""
    h = state.heroes[seat]
    cards_of = state.config.cards
    replaced = tuple(c.id for c in h.cards if cards_of[c.id].main_weapon)
    cards = [
        *(c for c in h.cards if c.id not in replaced),
        gh.CardState(weapon, counters=cards_of[weapon].counters),
    ]
    equipment = [c for c in h.equipment if c != weapon]
    return with_cards(
        state,
        seat,
        cards=cards,
        equipment=equipment,
        retired=tuple(sorted((*h.retired, *replaced))),
        known_equipment=min(h.known_equipment, len(equipment)),
    )


def play_out(state: gh.State, agents: Sequence[Agent[Any]], seed: int) -> gh.State:
    """Play to the end, every action checked by the engine: each seat by its agent (given its
    view and its legal actions, which its choice must be among), chance sampled."""
    rngs = [Rng.from_seed(seed * 8 + i) for i in range(len(agents))]
    chance = Rng.from_seed(seed)
    while not gh.is_over(state):
        seat = gh.current_player(state)
        assert seat is not None
        if seat == CHANCE:
            action, chance = sample_chance(gh.GAME, state, chance)
        else:
            view = gh.view(state, seat)
            legal = gh.legal_actions(view)
            action, rngs[seat] = agents[seat].choose(view, legal, rngs[seat])
            assert action in legal
        state = gh.apply(state, action)
    return state


def midgame(heroes: tuple[str, ...], seed: int, decisions: int) -> gh.State:
    """A position some decisions into a game played by the defender."""
    state = gh.new_game(gh.Config(heroes=heroes), seed=seed)
    agent = gh.DefenderAgent()
    rng = Rng.from_seed(seed)
    for _ in range(decisions):
        seat = gh.current_player(state)
        assert seat is not None and seat >= 0
        view = gh.view(state, seat)
        action, rng = agent.choose(view, gh.legal_actions(view), rng)
        state = gh.apply(state, action)
    return state


def answers_over_redeals(state: gh.State, agent: Callable[[], Agent[Any]]) -> set[Any]:
    """What a fresh ``agent()`` answers, with one seed, in ``state`` and in three states that
    differ from it only in what the seat to act cannot see (the other hands, every deck's
    order): one answer when the agent reads its view and nothing else."""
    seat = gh.current_player(state)
    assert seat is not None and seat >= 0
    view = gh.view(state, seat)
    others = [gh.redeal(view, seed) for seed in (11, 12, 13)]
    assert any(s.heroes != state.heroes or s.yellow != state.yellow for s in others)
    answers = set()
    for other in (state, *others):
        seen = gh.view(other, seat)
        assert seen == view
        answers.add(agent().choose(seen, gh.legal_actions(seen), Rng.from_seed(5))[0])
    return answers
