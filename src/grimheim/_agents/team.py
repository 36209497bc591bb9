"""An agent that plays the heroes as a team: a plan for the whole team over several turns, and
each hero's turn searched against it.

:class:`TeamAgent` searches its hero's turn as :class:`~grimheim.PlannerAgent` does (a beam over
dealt positions), with two differences:

* **The team's plan.** At its turn it chooses a *post* for itself and for each team mate still
  to play this round: the area each should head for, chosen among the areas it can reach (its
  own within ``reach`` moves) by the forecast of the monster turns to come in which every hero
  walks to its post, a move a turn, and attacks from there. Posts are chosen one hero at a
  time, each against the others' (coordinate descent), and chosen again whenever the board
  changed. Its turn is then searched with its team mates walking to their posts in every
  forecast (what they will do, not standing still), and with the steps to its own post counting
  against it; in its own forecasts the hero stands where its turn leaves it (``walk=True``: it
  too walks on to its post, which made it put the walk off and walk into columns that knocked
  it out). A hero alone has no team mates to share the columns with and plays without posts:
  its own post, measured, cost it games.
* **A value learned from play.** Positions are scored by the planner's hand-set points
  corrected by weights fitted on self-played games (:mod:`grimheim._agents.value`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tabletop_rules import Seat

from .._query import move_points
from .._state import State, View
from .._walks import reachable
from .._work import Work
from .evaluate import _board as _forecast_key
from .evaluate import evaluate
from .forecast import FAR, Forecast, forecast, hero_distances
from .planner import PlannerAgent, _stage
from .value import TeamValue, standard_value


def _reach(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attr.name} is a whole number of at least 1, not {value!r}")


def _flag(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{attr.name} is True or False, not {value!r}")


def _fitted(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, TeamValue):
        raise TypeError(f"{attr.name} is a grimheim TeamValue, not {type(value).__name__}")


def _board(position: Any) -> tuple[Any, ...]:
    """What the plan reads of a position: the time, the turn, the monsters, the heroes' areas
    and damage."""
    return (
        position.time,
        position.turn,
        position.monsters,
        tuple((h.at, h.damage) for h in position.heroes),
    )


def _path_areas(position: Any) -> set[int]:
    """Every area a monster on the board would still walk through on its way to Grimheim."""
    geo = position.config.geo
    found: set[int] = set()
    for monster in position.monsters:
        here = monster.at
        while here >= 0 and here != geo.town and here not in found:
            found.add(here)
            here = geo.next_step[here]
    return found


@attrs.frozen
class TeamAgent(PlannerAgent):
    """Plays a hero as one of a team: a plan for the whole team over several turns, each turn
    searched against it, and (with ``learned``) positions scored by a value learned from play
    (:class:`TeamValue`).

    The search itself is :class:`PlannerAgent`'s (``deals``, ``beam``, ``depth``, ``rounds``,
    ``follow`` mean the same); ``weights`` score positions when ``learned`` is off, and the
    plan's posts either way.

    Args:
        plan: plan the team's posts (off: each hero plans its own turn, the others standing
            still, as the planner does). A hero alone plays as with the plan off: its own post
            cost it games (measured on the developer page).
        walk: in the forecasts of its own search, the hero too walks to its post in the turns
            to come (off: it stands where the search leaves it, and only the steps to its post
            count against it).
        learned: score positions by the fitted ``value`` (off: by ``weights``).
        reach: how many moves away the hero's own post may lie.
        candidates: the most posts tried in all, shared out among the heroes planned (at
            least 3 each; the areas next to the most monster paths first), so that a plan for
            four heroes costs about what a plan for one does.
        value: the fitted value (by default the one this library ships).

    Raises:
        ValueError: a budget that is not a whole number of at least 1.
        TypeError: an option of the wrong type.
    """

    plan: bool = attrs.field(default=True, validator=_flag)
    learned: bool = attrs.field(default=True, validator=_flag)
    walk: bool = attrs.field(default=False, validator=_flag)
    reach: int = attrs.field(default=2, validator=_reach)
    candidates: int = attrs.field(default=12, validator=_reach)
    value: TeamValue = attrs.field(factory=standard_value, validator=_fitted)
    _posts: dict[str, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)

    # -- hooks of the planner's search --------------------------------------------------------

    def _prepare(self, view: View, forecasts: dict[tuple[Any, ...], Forecast]) -> None:
        """Make (or keep) the team's plan for the turn in ``view``."""
        if not self.plan or len(view.heroes) < 2 or _stage(view) == "monster" or view.turn is None:
            self._posts.clear()
            return
        key = (view.time, view.turn.hero, view.seat)
        if self._posts.get("key") == key:
            return
        self._posts.clear()
        self._posts["key"] = key
        self._posts["posts"] = self._make_plan(view, forecasts)

    def _value(
        self, position: State, seat: Seat, forecasts: dict[tuple[Any, ...], Forecast]
    ) -> float:
        posts: dict[int, int] = self._posts.get("posts", {})
        own = {seat: posts[seat]} if seat in posts else None
        walking = posts if self.walk else {s: a for s, a in posts.items() if s != seat}
        ahead = None
        if position.won is None:
            key = (*_forecast_key(position), tuple(sorted(walking.items())))
            ahead = forecasts.get(key)
            if ahead is None:
                ahead = forecasts[key] = forecast(position, self.rounds, walk=walking)
        if self.learned:
            return self.value.score(position, seat, ahead, own)
        return evaluate(
            position, self.weights, self.rounds, seat, forecasts, ahead=ahead, posts=own
        )

    # -- the plan -----------------------------------------------------------------------------

    def _make_plan(self, view: View, forecasts: dict[tuple[Any, ...], Forecast]) -> dict[int, int]:
        """The posts of the hero to play and of its team mates still to play this round."""
        turn = view.turn
        assert turn is not None
        seat = turn.hero
        order = [seat, *range(seat + 1, len(view.heroes))]
        w = Work.of(view)
        useful = self._useful(view)
        most = max(3, self.candidates // len(order))
        choices = {s: self._choices(w, view, s, s == seat, useful)[:most] for s in order}
        posts = {s: view.heroes[s].at for s in order}
        moving = seat if "move" not in turn.actions and len(turn.actions) < 2 else None
        cache: dict[tuple[tuple[int, int], ...], float] = {}

        def score(candidate: Mapping[int, int]) -> float:
            walk = tuple(sorted(candidate.items()))
            found = cache.get(walk)
            if found is None:
                ahead = forecast(view, self.rounds, walk=candidate, moving=moving)
                found = cache[walk] = evaluate(
                    view, self.weights, self.rounds, seat, None, ahead=ahead, posts=candidate
                )
            return found

        for s in order:
            best, top = posts[s], score(posts)
            for area in choices[s]:
                trial = {**posts, s: area}
                value = score(trial)
                if value > top:
                    best, top = area, value
            posts[s] = best
        return posts

    def _useful(self, view: View) -> set[int]:
        """The areas next to a monster's way to Grimheim, where a hero stops it."""
        geo = view.config.geo
        found: set[int] = set()
        for area in _path_areas(view):
            found.update(geo.adjacent[area])
        return found

    def _choices(
        self, w: Work, view: View, seat: Seat, own: bool, useful: set[int]
    ) -> Sequence[int]:
        """The posts tried for hero ``seat`` besides its own area: the free areas next to a
        monster's way that it can reach this turn (its own post: within ``reach`` moves on an
        empty board), those next to the most monster paths first, at most ``candidates`` of
        them. Grimheim is never a post: a hero there stops nothing (as a post, it sent the hero
        home a fifth of its turns)."""
        geo = view.config.geo
        hero = view.heroes[seat]
        here = hero.at
        points = move_points(view.config, hero)
        if own:
            limit = points * self.reach
            near = [
                a
                for a in range(len(geo.hexes))
                if a != here
                and geo.hero_can_enter[a]
                and hero_distances(view, a)[here] <= limit
                and hero_distances(view, a)[here] < FAR
            ]
        else:
            near = list(reachable(w, seat, points))
        taken = {m.at for m in view.monsters} | {
            h.at for s, h in enumerate(view.heroes) if s != seat and h.at != geo.town
        }
        counts = self._covers(view)
        ranked = sorted(
            (a for a in near if a not in taken and a in useful),
            key=lambda a: (-counts.get(a, 0.0), a),
        )
        return ranked[: self.candidates]

    def _covers(self, view: View) -> dict[int, float]:
        """Per area, the town pieces of the monsters whose way passes next to it (a legend
        counts 3), each counted once per area."""
        geo = view.config.geo
        counts: dict[int, float] = {}
        for monster in view.monsters:
            pieces = 3.0 if monster.side else 1.0
            seen: set[int] = set()
            here = monster.at
            while here >= 0 and here != geo.town:
                for a in geo.adjacent[here]:
                    if a not in seen:
                        seen.add(a)
                        counts[a] = counts.get(a, 0.0) + pieces
                here = geo.next_step[here]
        return counts
