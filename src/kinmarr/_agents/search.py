""":class:`SearchAgent`: the heuristic agent's game, corrected where looking ahead shows it
surely wrong (the class docs tell how). Positions are scored by :mod:`kinmarr._agents.evaluate`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import attrs

from tabletop_rules import CHANCE, Rng, sample_outcome

from .._actions import Action
from .._legal import acting, chance_outcomes, decision_kind, legal_actions
from .._rules import after, redeal
from .._spaces import DECISION_KINDS
from .._state import State, View
from .evaluate import evaluate
from .heuristic import HeuristicAgent

KINDS: Final = frozenset(DECISION_KINDS) - {"chance"}
"""The kinds of decision a player is asked (:func:`~kinmarr.decision`), chance's left out."""

SEARCHED: Final = frozenset(
    {"start", "end", "choose", "duel", "pay", "reroll", "loot", "trophy", "accept"}
)
"""The kinds :class:`SearchAgent` searches by default: every decision but the response windows
(many and mostly passes), where to keep a card, what to drop from a full hand, and each step of
putting a trade offer together (the offer is searched as a whole, when the trade is begun)."""


def _whole(name: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} is a whole number of at least {least}, not {value!r}")


def _finite(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} is a number, not {value!r}")
    if not 0 <= value < math.inf:
        raise ValueError(f"{name} is a finite number of at least 0, not {value}")


def _difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of ``a[k] - b[k]`` and its standard error."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


@attrs.frozen
class SearchAgent:
    """Chooses by trying each action on dealt futures played out by the heuristic agent.

    At a decision of a kind in :attr:`searched` with more than one legal action, the agent deals
    :attr:`simulations` full states consistent with its view (:func:`~kinmarr.redeal`, seeded
    from its own generator: the order of the decks and the dice to come are guessed, never
    read) and tries every legal action on each: it plays the action, lets the heuristic agent
    (:attr:`policy`) play every seat until :attr:`turns` more turns have begun (or for
    :attr:`depth` decisions, whichever comes first), and scores the position reached by its
    static evaluation, each seat's estimated chance of winning from its score, coins, wounds,
    dice, Blocks and the creatures left to meet. Counting the look-ahead in turns scores every
    action at the same point of the game (an action that takes more decisions, such as moving a
    card, does not see less of the future). Every action meets the same deals and the same dice
    (common random numbers), so the scores differ by what the actions change.

    The heuristic's own choice is kept unless another action scores better on the same deals by
    more than :attr:`margin` with enough standard errors to spare: :attr:`confidence` of them,
    raised for the number of rivals tested at once (a Bonferroni bar: ``sqrt(confidence**2 + 2
    ln(rivals))``), and only once the spread of the differences is measured on two rounds of
    deals (or one, when :attr:`rounds` is 1). While no action is sure, up to :attr:`rounds`
    rounds of new deals are played, dropping the actions that can no longer be better by
    :attr:`confidence` standard errors. Other decisions are the heuristic's.

    The budget is counted in deals and decisions, never in time: a choice is a pure function of
    the view, the legal actions and the generator, the same on every machine.

    >>> import kinmarr
    >>> from tabletop_rules import play
    >>> agents = [SearchAgent(simulations=2, turns=1), kinmarr.HeuristicAgent()]
    >>> config = kinmarr.Config(guilds=("feudal_pact", "pathfinders"), round_limit=3)
    >>> final, _ = play(kinmarr.GAME, agents, seed=1, config=config)
    >>> kinmarr.is_over(final)
    True

    Attributes:
        simulations: deals per round; every action still in the running is tried on each.
        rounds: the most rounds of deals for one decision.
        turns: how far each look-ahead goes: until this many more turns have begun (4: the
            rest of this turn, then the next four, in a two-guild game up to the start of the
            searching seat's turn after next); 0: no limit but :attr:`depth`.
        depth: the most decisions the heuristic plays in one look-ahead, whatever
            :attr:`turns` says (0: the position is scored at once).
        confidence: how many standard errors of the mean difference (over the shared deals)
            another action's gain over the heuristic's choice must clear (raised for the
            number of rivals, see above); an action whose gain falls short of it by as many
            is dropped.
        margin: how much better (in chance of winning, 0 to 1) another action must score on
            average to be played instead of the heuristic's choice.
        searched: the kinds of decision searched, among those :func:`~kinmarr.decision` names
            (``"window"``, ``"start"``, ``"end"``, ``"choose"``, ``"duel"`` …; chance's never);
            the others are the heuristic's. By default every kind but ``"window"`` (many, and
            mostly passes), ``"keep"``, ``"drop"`` and the steps of a trade ``"offer"``.
        policy: the agent that plays the other decisions and every seat's decisions in the
            look-ahead.

    Raises:
        ValueError: a budget that is not a whole number (``simulations`` and ``rounds`` at
            least 1, ``depth`` at least 0), a confidence or margin that is negative or not
            finite, an unknown kind, or a policy that is not a
            :class:`~kinmarr.HeuristicAgent`.
    """

    simulations: int = 8
    rounds: int = 4
    turns: int = 4
    depth: int = 80
    confidence: float = 1.0
    margin: float = 0.0
    searched: frozenset[str] = SEARCHED
    policy: HeuristicAgent = attrs.field(factory=HeuristicAgent)

    def __attrs_post_init__(self) -> None:
        _whole("simulations", self.simulations, 1)
        _whole("rounds", self.rounds, 1)
        _whole("turns", self.turns, 0)
        _whole("depth", self.depth, 0)
        _finite("confidence", self.confidence)
        _finite("margin", self.margin)
        if not isinstance(self.searched, frozenset) or not self.searched <= KINDS:
            raise ValueError(f"searched is a frozenset of {sorted(KINDS)}, not {self.searched!r}")
        if not isinstance(self.policy, HeuristicAgent):
            raise ValueError(f"policy is a HeuristicAgent, not {self.policy!r}")

    def choose(self, view: Any, actions: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """The heuristic's choice, or the action that beats it surely enough on the same deals
        (see the class docs)."""
        if len(actions) == 1:
            return actions[0], rng
        preferred, rng = self.policy.choose(view, actions, rng)
        if decision_kind(view) not in self.searched:
            return preferred, rng
        keep = actions.index(preferred)
        running = list(range(len(actions)))
        values: list[list[float]] = [[] for _ in actions]
        z, margin = self.confidence, self.margin
        for round_ in range(self.rounds):
            rng = self._round(view, actions, running, values, rng)
            # One test per rival: the bar of a sure win is raised for their number.
            sure_z = math.sqrt(z * z + 2 * math.log(max(1, len(running) - 1)))
            measured = round_ > 0 or self.rounds == 1
            sure: list[tuple[float, int]] = []
            hopeful = [keep]
            for i in running:
                if i == keep:
                    continue
                mean, error = _difference(values[i], values[keep])
                if measured and mean - sure_z * error > margin:
                    sure.append((mean, -i))
                if mean + z * error > margin:
                    hopeful.append(i)
            if sure:
                return actions[-max(sure)[1]], rng
            running = sorted(hopeful)
            if len(running) == 1:
                break
        return preferred, rng

    def scores(self, view: View, actions: Sequence[Action], rng: Rng) -> tuple[list[float], Rng]:
        """Each action's mean score (the searching seat's estimated chance of winning) over one
        round of :attr:`simulations` deals, and the next generator."""
        values: list[list[float]] = [[] for _ in actions]
        rng = self._round(view, actions, range(len(actions)), values, rng)
        return [sum(v) / len(v) for v in values], rng

    def _round(
        self,
        view: View,
        actions: Sequence[Action],
        running: Sequence[int],
        values: list[list[float]],
        rng: Rng,
    ) -> Rng:
        """Try the actions ``running`` on :attr:`simulations` new deals; add each score to
        ``values``."""
        seat = view.seat
        for _ in range(self.simulations):
            seed, rng = rng.next_u64()
            dice, rng = rng.split()
            dealt = redeal(view, seed)
            for i in running:
                values[i].append(self.play_out(after(dealt, actions[i]), dice)[seat])
        return rng

    def play_out(self, state: State, rng: Rng) -> tuple[float, ...]:
        """Each seat's estimated chance of winning from where :meth:`look_ahead` stops."""
        return evaluate(self.look_ahead(state, rng))

    def look_ahead(self, state: State, rng: Rng) -> State:
        """The position reached when the heuristic plays every seat from ``state`` until
        :attr:`turns` more turns have begun, for at most :attr:`depth` decisions, or to the end
        (chance drawn from ``rng`` in explicit mode, from the state otherwise)."""
        policy = self.policy
        left = self.depth
        turns = self.turns
        turn = state.turn
        while left > 0 and state.ending is None:
            if state.turn != turn:
                turn = state.turn
                turns -= 1
                if turns == 0:
                    break
            seat = acting(state)
            if seat == CHANCE:
                action, rng = sample_outcome(chance_outcomes(state), rng)
            else:
                legal = legal_actions(state)
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action, rng = policy.choose(state, legal, rng)
                left -= 1
            state = after(state, action)
        return state
