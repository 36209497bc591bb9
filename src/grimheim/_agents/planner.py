"""An agent that plans the rest of its turn: where to stand and in which order to act, each plan
scored by running the engine's monster movement forward.

:class:`PlannerAgent` deals full states consistent with its seat's view (:func:`grimheim.redeal`,
seeded from its own generator), searches each deal with a beam over its own decisions to the
end of the turn, scores every position it reaches with :func:`~grimheim._agents.evaluate.evaluate`
(town pieces, then the monster turns to come played forward by the engine), and plays the
action whose best continuation scores highest on average over the deals.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from tabletop_rules import CHANCE, IllegalActionError, Rng, Seat

from .. import _actions
from .._actions import Action
from .._query import hero_health
from .._rules import (
    after,
    chance_outcomes,
    current_player,
    decision,
    legal_actions,
    redeal,
    view,
)
from .._state import EndOfTurn, MonsterAttack, MonsterTurn, State, View
from .evaluate import PlannerWeights, evaluate
from .forecast import Forecast, attack_odds


def _count(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attr.name} is a whole number of at least 1, not {value!r}")


def _rounds(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attr.name} is None or a whole number of at least 1, not {value!r}")


def _flag(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{attr.name} is True or False, not {value!r}")


def _weights(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, PlannerWeights):
        raise TypeError(f"{attr.name} is a grimheim PlannerWeights, not {type(value).__name__}")


_PASSIVE = (
    _actions.SkipSwap,
    _actions.SkipDraw,
    _actions.PassWindow,
    _actions.DeclineUpgrade,
    _actions.SkipMove,
    _actions.StopTargets,
)
"""Answers that change nothing: preferred when they score the same as one that does."""

_SKIPPED = (_actions.Discard, _actions.GiveGold, _actions.RequestGold)
"""Free actions the search never tries: they only give something away."""


def _stage(position: Any) -> str:
    """The part of the round: the heroes' ``turn``, the ``end`` of a hero's turn, or the
    ``monster`` turn."""
    if any(isinstance(f, MonsterTurn) for f in position.frames):
        return "monster"
    if any(isinstance(f, EndOfTurn) for f in position.frames):
        return "end"
    return "turn"


def _asked(view: View) -> str:
    """The kind of decision ``view`` asks (:func:`grimheim.decision`)."""
    asked = decision(view)
    return "" if asked is None else asked.kind


def _target(view: View, actions: Sequence[Action]) -> Action:
    """The hero a monster attacks, when the players choose (G5): the one it is least likely to
    knock out, then the one with the most health left after its average damage."""
    frame = view.frames[-1]
    assert isinstance(frame, MonsterAttack)
    bonus = next((f.bonus for f in view.frames if isinstance(f, MonsterTurn)), 0)
    best = actions[0]
    best_key = (math.inf, math.inf)
    for action in actions:
        if not isinstance(action, _actions.TargetHero):
            continue
        odds, mean = attack_odds(view, frame.attacker, action.seat, bonus)
        hero = view.heroes[action.seat]
        left = hero_health(view.config, hero) - hero.damage - mean
        key = (odds, -left)
        if key < best_key:
            best, best_key = action, key
    return best


def _chance(state: State) -> State:
    """Answer a chance decision (explicit chance mode) with its exact odds, drawn from the
    state's own generator, as sampled mode would draw it."""
    outcomes = chance_outcomes(state)
    scale = math.lcm(*(p.denominator for _, p in outcomes))
    ticket, rng = state.rng.below(scale)
    chosen = outcomes[-1][0]
    for action, p in outcomes:
        ticket -= p.numerator * (scale // p.denominator)
        if ticket < 0:
            chosen = action
            break
    return attrs.evolve(after(state, chosen), rng=rng)


class _Deal:
    """One dealt state and what the search found on it."""

    __slots__ = ("best", "states")

    def __init__(self, state: State) -> None:
        self.states: dict[tuple[Action, ...], State] = {(): state}
        """The positions reached by the paths of actions the beam kept."""
        self.best: dict[tuple[Action, ...], float] = {}
        """The best score found after each path of actions tried."""


def _best(
    deals: Sequence[_Deal], path: tuple[Action, ...], actions: Sequence[Action]
) -> Action | None:
    """The action after ``path`` whose best score is highest on average over the deals (on a
    tie, an answer that changes nothing, else the earlier of ``actions``); ``None`` if no deal
    tried any."""
    found: Action | None = None
    top = -math.inf
    for action in actions:
        line = (*path, action)
        values = [d.best[line] for d in deals if line in d.best]
        if not values:
            continue
        mean = sum(values) / len(values)
        tie = mean == top and isinstance(action, _PASSIVE) and not isinstance(found, _PASSIVE)
        if mean > top or tie:
            found, top = action, mean
    return found


def _follow(deals: Sequence[_Deal], first: Action, seat: Seat) -> dict[View, Action]:
    """The rest of the plan that starts with ``first``, as far as it is certain: the view each
    next decision is expected to show (the same on every deal: no roll or draw came between),
    with the action chosen for it."""
    plan: dict[View, Action] = {}
    path: tuple[Action, ...] = (first,)
    while True:
        states = [d.states.get(path) for d in deals]
        if any(s is None for s in states):
            return plan
        views = [view(s, seat) for s in states if s is not None]
        if any(v != views[0] for v in views[1:]):
            return plan
        choices = [a for a in legal_actions(views[0]) if all((*path, a) in d.best for d in deals)]
        action = _best(deals, path, choices)
        if action is None:
            return plan
        plan[views[0]] = action
        path = (*path, action)


def _key(state: State, seat: Seat) -> tuple[Any, ...]:
    """What the evaluation and the search tell positions apart by: everything the seat sees
    (its own hand, the other hands' sizes), never the hidden cards or the generator."""
    heroes = tuple(
        (
            h.at,
            h.damage,
            h.gold,
            h.upgrades,
            h.cards,
            h.hand if s == seat else len(h.hand),
            h.quest,
            h.equipment[:1],
            h.abilities[:1],
            len(h.discard),
        )
        for s, h in enumerate(state.heroes)
    )
    return (
        state.town,
        state.time,
        state.won,
        state.turn,
        state.frames,
        state.monsters,
        state.bonus,
        heroes,
    )


@attrs.frozen
class PlannerAgent:
    """Plans a hero's turn — where to stand, what to attack, which cards to play, in which order —
    and scores each plan by the monster turns it leads to.

    At each decision it deals ``deals`` full states from its view with :func:`~grimheim.redeal` (the
    seeds drawn from its own generator) and, on each deal, searches its own decisions to the end of
    the turn (or of its answers in the monster turn) with a beam ``beam`` positions wide and
    ``depth`` decisions deep: moves, attacks and their targets, card uses and events, quests, mend,
    prepare, focus, practice, ending the turn, and the end-of-turn upgrade, draw and swap. An attack
    or a card half resolved is always searched on. Every position reached is scored by
    :class:`PlannerWeights`: the town pieces left, minus those the monster turns to come (by default
    every one left on the time track, else the next ``rounds``) would take with the heroes standing
    where they are — the engine's own monster movement played forward (a monster next to a hero
    stops, and those behind it cannot pass, :ref:`G8 <grimheim-g8>`), the monsters' attacks counted
    by their exact odds, a knock-out costing two pieces, a hero who would be knocked out on average
    stepping back into Grimheim in its next turn, the heroes' attacks by their average — then
    what every monster still on the board costs (more near the town, by the share of its health it
    has left, less while a hero stops it), the steps from the heroes to the monsters nobody stops,
    gold, cards in play and flipped, mana, the cards in hand by what they do, and damage — these
    last counting less as the time track runs out (:attr:`PlannerWeights.fade`). One forecast is
    made per board and reused by the positions that differ only in what it does not read (gold,
    mana, hands). The action whose best continuation scores highest on average over the deals is
    played. Rolls and draws inside the search come from each deal's generator. When the players
    choose which hero a monster attacks (:ref:`G5 <grimheim-g5>`), it picks the hero least likely to
    be knocked out; the order of the monsters' attacks is the rules' own.

    With ``follow`` it keeps the rest of its plan: while it is shown the very views the
    plan foresaw (no roll or draw came between), it plays the plan's next action without
    searching again, and it plans afresh as soon as a view differs. Its answer to such a view
    then also depends on the plan it made earlier in the turn, itself made from earlier views
    and the generator; with ``follow=False`` every answer is a function of the view, the
    actions and the generator alone, at about twice the cost. Either way it reads its seat's
    view and nothing else — states that differ only in what the seat cannot see get the same
    answer — and its budget is counted in deals and positions, never in time, so games
    reproduce.

    Args:
        deals: states dealt from the view per decision (at least 1).
        beam: positions kept at each depth of the search (at least 1).
        depth: decisions searched ahead (at least 1).
        rounds: monster turns each position's forecast plays (``None``: every one left).
        weights: the points of a position.
        follow: keep the rest of the plan while the views are the ones it foresaw.

    Raises:
        ValueError: a budget that is not a whole number of at least 1.
        TypeError: ``weights`` that are not :class:`PlannerWeights`, ``follow`` that is not a
            bool.
    """

    deals: int = attrs.field(default=1, validator=_count)
    beam: int = attrs.field(default=4, validator=_count)
    depth: int = attrs.field(default=6, validator=_count)
    rounds: int | None = attrs.field(default=None, validator=_rounds)
    weights: PlannerWeights = attrs.field(factory=PlannerWeights, validator=_weights)
    follow: bool = attrs.field(default=True, validator=_flag)
    _plan: dict[View, Action] = attrs.field(factory=dict, init=False, eq=False, repr=False)

    def choose(self, view: Any, actions: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """Return the action of the best plan found from ``view`` (see the class docs), and the
        generator to use next time."""
        if not isinstance(view, View):
            raise TypeError(f"PlannerAgent.choose takes a grimheim View, not {type(view).__name__}")
        if not actions:
            raise ValueError("PlannerAgent.choose needs at least one action")
        if len(actions) == 1:
            return actions[0], rng
        kind = _asked(view)
        if kind == "attack-order":
            return actions[0], rng  # the rules' own order (G3): it hardly matters
        if kind == "attack-target":
            return _target(view, actions), rng
        planned = self._plan.get(view) if self.follow else None
        if planned is not None and planned in actions:
            return planned, rng
        search, rng = rng.split()
        deals: list[_Deal] = []
        memo: dict[tuple[Any, ...], float] = {}
        forecasts: dict[tuple[Any, ...], Forecast] = {}
        self._prepare(view, forecasts)
        for _ in range(self.deals):
            seed, search = search.next_u64()
            deal = _Deal(redeal(view, seed))
            self._search(deal, view.seat, actions, memo, forecasts)
            deals.append(deal)
        first = _best(deals, (), actions)
        assert first is not None
        self._plan.clear()
        if self.follow:
            self._plan.update(_follow(deals, first, view.seat))
        return first, rng

    # -- the search --------------------------------------------------------------------------

    def _search(
        self,
        deal: _Deal,
        seat: Seat,
        actions: Sequence[Action],
        memo: dict[tuple[Any, ...], float],
        forecasts: dict[tuple[Any, ...], Forecast],
    ) -> None:
        """Search one deal: the best score found after every path of actions tried, in
        ``deal.best``; the positions the beam kept, in ``deal.states``."""
        stage = _stage(deal.states[()])
        best = deal.best
        seen: set[tuple[Any, ...]] = set()
        frontier: list[tuple[State, tuple[Action, ...]]] = [(deal.states[()], ())]
        for _ in range(self.depth):
            scored: list[tuple[float, int, State, tuple[Action, ...]]] = []
            for node, path in frontier:
                choices = actions if not path else legal_actions(node)
                for action in self._candidates(choices):
                    try:
                        child = self._settle(after(node, action), seat)
                    except IllegalActionError:
                        continue
                    key = _key(child, seat)
                    value = memo.get(key)
                    if value is None:
                        value = memo[key] = self._value(child, seat, forecasts)
                    line = (*path, action)
                    for i in range(1, len(line) + 1):
                        prefix = line[:i]
                        if value > best.get(prefix, -math.inf):
                            best[prefix] = value
                    if key not in seen and self._goes_on(child, seat, stage):
                        seen.add(key)
                        scored.append((value, len(scored), child, line))
            if not scored:
                break
            scored.sort(key=lambda item: (-item[0], item[1]))
            # a card or an attack half done is always carried on: its score leaves out what
            # the rest of it does
            busy = [item for item in scored if stage == "turn" and item[2].frames]
            calm = [item for item in scored if not (stage == "turn" and item[2].frames)]
            kept = busy[: 2 * self.beam] + calm[: self.beam]
            frontier = [(child, line) for _, _, child, line in kept]
            for child, line in frontier:
                deal.states[line] = child

    def _prepare(self, view: View, forecasts: dict[tuple[Any, ...], Forecast]) -> None:
        """Get ready to search from ``view`` (nothing to do here: a hook for other agents)."""

    def _value(
        self, position: State, seat: Seat, forecasts: dict[tuple[Any, ...], Forecast]
    ) -> float:
        """The points of a position the search reached (:func:`~grimheim._evaluate.evaluate`)."""
        return evaluate(position, self.weights, self.rounds, seat, forecasts)

    @staticmethod
    def _candidates(actions: Iterable[Action]) -> list[Action]:
        """The actions worth trying (none that only gives something away)."""
        return [a for a in actions if not isinstance(a, _SKIPPED)]

    @staticmethod
    def _goes_on(state: State, seat: Seat, stage: str) -> bool:
        """Whether ``state`` still waits on ``seat`` in the same part of the round."""
        if state.won is not None or current_player(state) != seat:
            return False
        return _stage(state) == stage

    @staticmethod
    def _settle(state: State, seat: Seat) -> State:
        """Play chance (explicit chance mode: from the deal's generator, as sampled mode would)
        and ``seat``'s decisions with one answer."""
        while state.won is None:
            who = current_player(state)
            if who == CHANCE:
                state = _chance(state)
                continue
            if who != seat:
                break
            legal = legal_actions(state)
            if len(legal) != 1:
                break
            state = after(state, legal[0])
        return state
