"""Properties of random games in both chance modes: one character per area, the supply never
exceeded, every listed action legal and every decision answerable; and the scenario helpers."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE, play
from tabletop_rules.testing import states

H = gh.Hex
CONFIGS = {
    "sampled": gh.Config(heroes=("bjorn", "embla")),
    "explicit-die": gh.Config(
        heroes=("alva", "boldur", "embla"), chance="explicit", monster_die=True
    ),
    "solo-long": gh.Config(heroes=("boldur",), track="long", hard_setup=True),
    "four": gh.Config(heroes=("bjorn", "alva", "embla", "boldur"), players_decide=False),
}


def check_invariants(state: gh.State) -> None:
    geo = state.config.geo
    gh.validate(state)
    places = [m.at for m in state.monsters]
    heroes_out = [h.at for h in state.heroes if h.at != geo.town]
    assert len(set(places)) == len(places), "two monsters in one area"
    assert len(set(heroes_out)) == len(heroes_out), "two heroes in one area"
    assert not set(places) & set(heroes_out), "a hero and a monster in one area"
    assert all(geo.monster_can_enter[a] for a in places)
    assert all(geo.hero_can_enter[a] for a in heroes_out)
    supply = {k.id: k.count for k in state.config.pack.monsters.kinds}
    count = Counter(m.kind for m in state.monsters)
    for kind, n in count.items():
        assert n <= supply.get(kind, 1), f"more {kind} than the supply"
    assert 0 <= state.town <= 2 + 2 * len(state.heroes)
    for h in state.heroes:
        assert len(h.hand) <= 4
        assert h.gold >= 0
        assert all(c.mana >= 0 and c.damage >= 0 for c in h.cards)
    uncached = attrs.evolve(state)  # the invisible caches are never copied: worked out afresh
    assert gh.current_player(state) == gh.current_player(uncached)
    assert gh.legal_actions(state) == gh.legal_actions(uncached)
    if gh.is_over(state):
        assert gh.legal_actions(state) == ()
        return
    legal = gh.legal_actions(state)
    assert legal, "a decision with no answer"
    if len(legal) == 1:  # an optional choice is never offered as the only answer
        assert not isinstance(
            legal[0], (gh.DeclineUpgrade, gh.SkipDraw, gh.SkipSwap, gh.SkipMove, gh.StopTargets)
        )
    assert len(set(legal)) == len(legal)
    for action in legal[:25]:
        assert gh.is_legal(state, action) is None
    if gh.current_player(state) == CHANCE:
        assert sum(p for _, p in gh.chance_outcomes(state)) == 1
        assert {a for a, _ in gh.chance_outcomes(state)} == set(legal)


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_property_random_games_keep_every_invariant(name: str) -> None:
    config = CONFIGS[name]
    pick = random.Random(name)
    for seed in range(6):
        state = gh.new_game(config, seed=seed)
        for _ in range(600):
            check_invariants(state)
            if gh.is_over(state):
                break
            state = gh.apply(state, pick.choice(gh.legal_actions(state)))


@pytest.mark.parametrize("name", ["explicit-die", "four"])
def test_property_defender_games_to_the_end_keep_every_invariant(name: str) -> None:
    # the defending agent survives longer: skull spots, red reinforcements, legends
    config = CONFIGS[name]
    agents = [gh.DefenderAgent() for _ in config.heroes]
    final, actions = play(gh.GAME, agents, seed=3, config=config)
    state = gh.new_game(config, seed=3)
    for action in actions:
        check_invariants(state)
        state = gh.apply(state, action)
    assert state == final
    check_invariants(state)
    assert gh.is_over(state)


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(state=states(gh.GAME, CONFIGS["explicit-die"], max_steps=150))
def test_property_hypothesis_explicit_chance_states(state: gh.State) -> None:
    check_invariants(state)


@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(state=states(gh.GAME, CONFIGS["sampled"], max_steps=150))
def test_property_hypothesis_sampled_states(state: gh.State) -> None:
    check_invariants(state)


@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(state=states(gh.GAME, CONFIGS["sampled"], max_steps=120), data=st.data())
def test_property_every_legal_action_applies_and_keeps_the_invariants(
    state: gh.State, data: st.DataObject
) -> None:
    if gh.is_over(state):
        return
    action = data.draw(st.sampled_from(gh.legal_actions(state)))
    check_invariants(gh.apply(state, action))


@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(state=states(gh.GAME, CONFIGS["explicit-die"], max_steps=120))
def test_property_the_view_hides_other_hands_and_deck_orders(state: gh.State) -> None:
    for seat in range(len(state.heroes)):
        view = gh.view(state, seat)
        for other, hero in enumerate(view.heroes):
            if other != seat:
                assert all(c == "" for c in hero.hand)
            assert sum(1 for c in hero.events if c) == 0
        assert gh.current_player(view) == gh.current_player(state)


# -- the scenario helpers --------------------------------------------------------------------------


def test_scenario_helpers_refuse_positions_the_rules_forbid() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn",), hard_setup=True), seed=1)
    bad: list[Callable[[], gh.State]] = [
        lambda: sc.put_hero(state, "bjorn", H(13, 4)),  # a mountain
        lambda: sc.place_monster(state, "imp", H(17, 4)),  # a lake
        lambda: sc.place_monster(sc.put_hero(state, "bjorn", H(9, 5)), "imp", H(9, 5)),
        lambda: sc.place_monster(state, "dragon", H(9, 5)),
        lambda: sc.set_town(state, 0),
        lambda: sc.set_hero(state, "bjorn", damage=9),
        lambda: sc.put_hero(state, "alva", H(9, 5)),
        lambda: sc.remove_monster(state, H(9, 5)),
    ]
    for make in bad:
        with pytest.raises(ValueError):  # noqa: PT011 - typed errors are ValueErrors
            make()


def test_scenario_helpers_never_keep_stale_legal_actions() -> None:
    # the legal actions of the original state must not answer for the edited one
    state = gh.new_game(gh.Config(heroes=("bjorn",), hard_setup=True), seed=1)
    assert gh.MoveTo(H(11, 9)) in gh.legal_actions(state)
    moved = sc.put_hero(state, "bjorn", H(2, 9))
    assert gh.is_legal(moved, gh.MoveTo(H(11, 9))) is not None
    blocked = sc.place_monster(state, "imp", H(11, 9))
    assert gh.is_legal(blocked, gh.MoveTo(H(11, 9))) is not None
