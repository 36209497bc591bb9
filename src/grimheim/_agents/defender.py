"""A heuristic agent that defends sensibly: it stands in the way of what threatens the town
(monsters next to a hero never move), attacks the worst threats, mends when low and goes back
to Grimheim to heal, and spends its cards on the monsters nearest the town."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tabletop_rules import Rng

from .. import _actions
from .._actions import Action
from .._query import hero_health, hero_range, info, side_of
from .._state import MonsterTurn, View
from .._vocab.costs import TakeDamage
from .._work import Work


def _threat(w: Work, area: int) -> float:
    """How much the monster in ``area`` threatens the town: the pieces it would take, over the
    steps it still needs."""
    monster = w.monsters[area]
    pieces = 3 if info(w.config, monster).legend else 1
    return pieces * 10 / (1 + w.geo.path_length[area])


def _danger(w: Work, area: int) -> float:
    """Roughly the damage monsters could deal next monster turn to a hero standing in ``area``:
    those that can reach an attack after moving (and charging) roll their strength, about a
    third of the dice hitting (a half out of a forest)."""
    if area == w.geo.town:
        return 0.0
    per_die = 0.34 if w.geo.terrain[area] == "forest" else 0.5
    total = 0.0
    for m_area, monster in w.monsters.items():
        kind = info(w.config, monster)
        if w.geo.distance[m_area][area] <= kind.range + kind.move + 1:
            total += kind.strength * per_die
    return total


def _knocks_out(w: Work, seat: int, use: _actions.Use) -> bool:
    """Whether the damage the use costs would knock its hero out (G39)."""
    hero = w.heroes[seat]
    state = next((c for c in hero.cards if c.id == use.card), None)
    card = w.config.cards[use.card]
    side = side_of(w.config, state) if state is not None else card.sides[0]
    taken = sum(c.amount for c in side.uses[use.use].cost if isinstance(c, TakeDamage))
    return taken > 0 and hero.damage + taken >= hero_health(w.config, hero)


@attrs.frozen
class DefenderAgent:
    """Plays a hero (or the players' choices) by simple priorities, from its view only.

    * In danger (about to be knocked out) it heads for Grimheim and mends there.
    * It attacks the monster that threatens the town most (the pieces it would take over the
      steps it needs) among those in range, and spends damage cards on it.
    * It moves where it can attack next and where it stops the worst threats (a monster next to
      a hero never moves), avoiding places where many monsters can hit it.
    * It plays no card whose cost in damage would knock it out.
    * It prevents damage whenever it can, flips its hero card before other upgrades, takes every
      quest it can, agrees to gold it is offered, moves monsters (a kick, a ram) away from the
      town, and, when the players choose, sends a monster against the hero with the most health
      left (G5).
    """

    def choose(self, view: Any, actions: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """Return the best action by the priorities above (ties broken by ``rng``)."""
        if not isinstance(view, View):
            raise TypeError("DefenderAgent.choose takes a grimheim View")
        w = Work.of(view)
        scores = [self._score(w, view, action) for action in actions]
        best = max(scores)
        return rng.choice([a for a, s in zip(actions, scores, strict=True) if s == best])

    def _score(self, w: Work, view: View, action: Action) -> float:
        seat = view.seat
        hero = w.heroes[seat]
        geo = w.geo
        health_left = hero_health(w.config, hero) - hero.damage
        low = health_left <= max(3, _danger(w, hero.at) + 1)
        match action:
            case _actions.Attack(target) | _actions.Target(target):
                area = geo.area(target)
                if area not in w.monsters:
                    # an area to put a monster in (moved, shoved, spawned): far from the town
                    return 5 + min(geo.path_length[area], 40) / 10
                if any(isinstance(f, MonsterTurn) for f in w.frames) and action == _actions.Target(
                    target
                ):
                    return 50 - _threat(w, area)  # attack order: the weakest threats first
                return 100 + _threat(w, area)
            case _actions.Use(card):
                if _knocks_out(w, seat, action):
                    return 0  # a cost that knocks the hero out: 2 town pieces (G39)
                kind = w.config.cards[card].kind
                return 95 if kind != "event" else 90
            case _actions.MoveTo(to):
                return self._move_score(w, seat, geo.area(to), low)
            case _actions.Mend():
                return 85 if low or hero.damage >= 4 else 12
            case _actions.Upgrade(card):
                return 80 if card is not None and card.endswith("-hero") else 75
            case _actions.TargetHero(target):
                other = w.heroes[target]
                return float(hero_health(w.config, other) - other.damage)
            case _actions.PlaceGoblin(at):
                return float(geo.path_length[geo.area(at)])
            case _actions.Focus():
                return 10
            case _actions.Prepare():
                return 11
            case _actions.Practice():
                return 9
            case (
                _actions.ResolveAttack()
                | _actions.PassWindow()
                | _actions.SkipMove()
                | _actions.StopTargets()
            ):
                return 1
            case (
                _actions.DeclinePrevention()
                | _actions.DeclineUpgrade()
                | _actions.SkipDraw()
                | _actions.SkipSwap()
            ):
                return 0
            case _actions.EndTurn():
                return 2
            case _actions.CompleteQuest():
                return 70
            case _actions.TakeBonus():
                return 20
            case (
                _actions.Discard()
                | _actions.GiveGold()
                | _actions.RequestGold()
                | _actions.SwapTop()
            ):
                return -1  # a card or gold given away for nothing
            case _actions.AcceptGold():
                return 60  # the heroes share one fate
            case _actions.RefuseGold() | _actions.DeclineQuest():
                return 0
        return 3

    def _move_score(self, w: Work, seat: int, area: int, low: bool) -> float:
        geo = w.geo
        if low:
            return 92.0 if area == geo.town else 60 - geo.path_length[area]
        if area == geo.town or not w.monsters:
            return 4.0
        hero = w.heroes[seat]
        reach = hero_range(w.config, hero)
        frozen = sum(_threat(w, m) for m in geo.adjacent[area] if m in w.monsters)
        in_reach = [m for m in w.monsters if geo.distance[area][m] <= reach]
        attack = max((_threat(w, m) for m in in_reach), default=0.0)
        worst = max(w.monsters, key=lambda m: _threat(w, m))
        approach = -geo.distance[area][worst] / 2
        danger = _danger(w, area)
        health_left = hero_health(w.config, hero) - hero.damage
        risky = 60 if danger >= health_left else 0  # a knock-out costs two town pieces
        return 40 + frozen + attack + approach - danger / 2 - risky
