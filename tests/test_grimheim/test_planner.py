"""The planner agent: it sees only its view, stands in the way of a column, plays whole games (and
explicit chance), and refuses bad budgets."""

from __future__ import annotations

import math

import pytest
from tests.test_grimheim.helpers import answers_over_redeals, midgame, play_out

import grimheim as gh
from grimheim import scenario
from grimheim._agents.evaluate import evaluate
from grimheim._agents.forecast import Forecast, forecast
from tabletop_rules import Rng


def _small() -> gh.PlannerAgent:
    """A planner on a budget that keeps a whole game under a few seconds."""
    return gh.PlannerAgent(deals=1, beam=2, depth=4, rounds=2)


def test_the_planner_is_listed() -> None:
    assert gh.GAME.agents["planner"] is gh.PlannerAgent
    assert "planner" in gh.GAME.agents


def test_a_function_of_the_view_and_the_generator() -> None:
    state = midgame(("bjorn", "alva"), seed=3, decisions=9)
    seat = gh.current_player(state)
    assert seat is not None and seat >= 0
    view = gh.view(state, seat)
    actions = gh.legal_actions(view)
    assert len(actions) > 1
    answers = answers_over_redeals(state, _small)
    assert len(answers) == 1
    # the same agent asked twice answers twice the same
    agent = _small()
    first = agent.choose(view, actions, Rng.from_seed(5))
    assert agent.choose(view, actions, Rng.from_seed(5)) == first
    assert first[0] in answers


def test_without_following_its_plan_every_answer_is_a_function_of_the_view() -> None:
    """An agent that planned the turn before answers as a fresh one does."""
    state = gh.new_game(gh.Config(heroes=("embla",)), seed=8)
    seasoned = gh.PlannerAgent(deals=1, beam=2, depth=4, rounds=2, follow=False)
    rng = Rng.from_seed(3)
    for _ in range(12):
        view = gh.view(state, 0)
        actions = gh.legal_actions(view)
        fresh = gh.PlannerAgent(deals=1, beam=2, depth=4, rounds=2, follow=False)
        answer = seasoned.choose(view, actions, rng)
        assert fresh.choose(view, actions, rng) == answer
        action, rng = answer
        state = gh.apply(state, action)


def _skeletons() -> gh.State:
    """Bjorn in Grimheim and, alone on the board, three skeletons in a column two steps from the
    town, the lead one in area 6,9."""
    state = gh.new_game(gh.Config(heroes=("bjorn",)), seed=5)
    geo = state.config.geo
    for monster in state.monsters:
        state = scenario.remove_monster(state, geo.hexes[monster.at])
    for x, y in [(6, 9), (5, 9), (4, 9)]:
        state = scenario.place_monster(state, "skeleton", gh.Hex(x, y))
    return state


def _column(town: int) -> gh.State:
    """The column of :func:`_skeletons` before the last monster turn (a skull spot: every monster
    charges), ``town`` pieces left."""
    return scenario.set_town(scenario.set_time(_skeletons(), 11), town)


def test_it_stands_next_to_the_lead_monster_of_a_column() -> None:
    """Shooting cannot kill three skeletons; a hero next to the first one stops it, and the ones
    behind cannot pass through it (G8): the town holds."""
    state = _column(town=1)
    lead = state.config.geo.area(gh.Hex(6, 9))
    agent = gh.PlannerAgent(deals=2, beam=4, depth=6, rounds=3)
    rng = Rng.from_seed(1)
    while state.turn is not None:  # the hero's turn (None: the monster turn)
        view = gh.view(state, 0)
        action, rng = agent.choose(view, gh.legal_actions(view), rng)
        state = gh.apply(state, action)
    hero = state.heroes[0]
    assert hero.at != state.config.geo.town
    assert lead in state.config.geo.adjacent[hero.at]
    final = play_out(state, [agent], seed=1)
    assert final.won is True
    assert final.town == 1


def test_without_a_hero_in_the_way_the_column_takes_the_town() -> None:
    state = _column(town=1)
    while not gh.is_over(state):
        state = gh.apply(state, gh.legal_actions(state)[-1])  # end the turn, skip every step
    assert state.won is False


@pytest.mark.parametrize("heroes", [("boldur",), ("alva", "embla")])
def test_it_plays_a_whole_short_game(heroes: tuple[str, ...]) -> None:
    state = gh.new_game(gh.Config(heroes=heroes), seed=2)
    final = play_out(state, [_small() for _ in heroes], seed=2)
    assert gh.is_over(final)
    assert final.time >= 3


def test_it_plays_in_explicit_chance_mode() -> None:
    config = gh.Config(heroes=("embla", "bjorn"), chance="explicit", monster_die=True)
    state = gh.new_game(config, seed=4)
    final = play_out(state, [_small() for _ in config.heroes], seed=4)
    assert gh.is_over(final)


def test_its_choices_reproduce() -> None:
    state = gh.new_game(gh.Config(heroes=("alva",)), seed=6)
    first = play_out(state, [_small()], seed=6)
    again = play_out(state, [_small()], seed=6)
    assert first == again


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("deals", 0),
        ("deals", 1.5),
        ("deals", True),
        ("beam", -1),
        ("depth", "3"),
        ("rounds", 0),
        ("rounds", 2.0),
    ],
)
def test_bad_budgets_are_refused(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=field):
        gh.PlannerAgent(**{field: value})  # type: ignore[arg-type]


def test_bad_weights_are_refused() -> None:
    with pytest.raises(TypeError, match="follow"):
        gh.PlannerAgent(follow=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="PlannerWeights"):
        gh.PlannerAgent(weights={"town": 1.0})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="town"):
        gh.PlannerWeights(town=math.nan)
    with pytest.raises(ValueError, match="later"):
        gh.PlannerWeights(later="0.5")  # type: ignore[arg-type]


def test_it_takes_a_grimheim_view() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn",)), seed=1)
    agent = _small()
    with pytest.raises(TypeError, match="View"):
        agent.choose(state, gh.legal_actions(state), Rng.from_seed(1))
    with pytest.raises(ValueError, match="action"):
        agent.choose(gh.view(state, 0), [], Rng.from_seed(1))


def _gold_worth(state: gh.State, weights: gh.PlannerWeights) -> float:
    """What 5 more gold add to the score of ``state``."""
    richer = scenario.set_hero(state, "bjorn", gold=state.heroes[0].gold + 5)
    return evaluate(richer, weights) - evaluate(state, weights)


def test_what_the_heroes_hold_fades_as_the_track_runs_out() -> None:
    """Gold (like cards, mana and the hand) buys kills only in the turns still to come: with
    ``fade`` it counts by the share of the track left, so late in the game only the town
    matters; without, it counts the same at every spot."""
    early = gh.new_game(gh.Config(heroes=("bjorn",)), seed=5)
    late = scenario.set_time(early, 11)
    fading = gh.PlannerWeights(fade=1.0)
    assert _gold_worth(early, fading) == pytest.approx(5 * fading.gold)
    assert _gold_worth(late, fading) == pytest.approx(5 * fading.gold / 11)
    steady = gh.PlannerWeights(fade=0.0)
    assert _gold_worth(late, steady) == pytest.approx(_gold_worth(early, steady))


def test_a_forecast_kept_for_the_same_board_scores_the_same() -> None:
    """The planner keeps one forecast per board (what the forecast reads); a position that
    differs only in gold, mana or cards in hand reuses it and scores as if forecast afresh."""
    state = midgame(("bjorn", "alva"), seed=3, decisions=30)
    weights = gh.PlannerWeights()
    kept: dict[tuple[object, ...], Forecast] = {}
    for position in (state, scenario.set_hero(state, "alva", gold=9)):
        fresh = evaluate(position, weights, None, 0)
        assert evaluate(position, weights, None, 0, kept) == fresh
    assert len(kept) == 1


def _holding(damage: int) -> gh.View:
    """Bjorn next to the lead of the column of :func:`_skeletons` at spot 8, with ``damage``."""
    state = scenario.put_hero(_skeletons(), "bjorn", gh.Hex(7, 8))
    state = scenario.set_hero(state, "bjorn", damage=damage)
    return gh.view(scenario.set_time(state, 8), 0)


def test_a_hero_the_monsters_would_knock_out_steps_back_in_the_forecast() -> None:
    """The first monster turn is counted by its exact odds; from the hero's next turn on, a hero
    whom the monsters in reach would knock out on average steps back into Grimheim instead of
    waiting for it: no knock-out is forecast after the first turn, and the column walks on."""
    worn = forecast(_holding(damage=5))  # 4 health left against a skeleton's 2.67 on average
    assert worn.knockouts[0] == pytest.approx((2 / 3) ** 4)  # all four of its dice hit
    assert worn.knockouts[1:] == (0.0,) * (worn.rounds - 1)
    assert sum(worn.losses[1:]) == pytest.approx(3.0)  # the three skeletons enter
    fresh = forecast(_holding(damage=0))  # 9 health left: it holds the column longer
    assert fresh.losses[:2] == (0.0, 0.0)
    assert sum(fresh.losses) < sum(worn.losses)
