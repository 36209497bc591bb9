"""The team agent: it sees only its view, plays legal games of every team, plans posts for the
heroes still to play, checks its options, and reads its learned value from a file that is
checked."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from tests.test_grimheim.helpers import answers_over_redeals, midgame, play_out

import grimheim as gh
from grimheim._agents.evaluate import evaluate
from grimheim._agents.forecast import forecast
from grimheim._agents.value import FEATURES, features, hand_set, load_value, standard_value
from tabletop_rules import ContentError, Rng, make_agent

TEAMS = [
    ("bjorn",),
    ("alva",),
    ("embla",),
    ("boldur",),
    ("bjorn", "alva"),
    ("bjorn", "alva", "embla", "boldur"),
]


def _small(**options: object) -> gh.TeamAgent:
    """A team agent on a budget that keeps a whole game to a few seconds."""
    return gh.TeamAgent(deals=1, beam=2, depth=3, rounds=2, candidates=3, **options)  # type: ignore[arg-type]


def test_the_team_agent_is_listed() -> None:
    assert gh.GAME.agents["team"] is gh.TeamAgent
    agent = make_agent(gh.GAME, "team(deals=2, plan=false, reach=3)")
    assert agent == gh.TeamAgent(deals=2, plan=False, reach=3)


@pytest.mark.parametrize("heroes", TEAMS, ids=["+".join(t) for t in TEAMS])
def test_it_plays_a_whole_legal_game_of_every_team(heroes: tuple[str, ...]) -> None:
    config = gh.Config(heroes=heroes)
    state = gh.new_game(config, seed=2)
    final = play_out(state, [_small() for _ in heroes], seed=2)
    assert gh.is_over(final)
    assert final.time >= 3


def test_a_game_played_twice_with_the_same_seeds_is_the_same() -> None:
    config = gh.Config(heroes=("alva",))
    finals = [
        play_out(gh.new_game(config, seed=6), [_small() for _ in config.heroes], seed=6)
        for _ in range(2)
    ]
    assert gh.dumps(finals[0]) == gh.dumps(finals[1])


@pytest.mark.parametrize(
    ("options", "heroes"),
    [
        ({"plan": False}, ("bjorn",)),
        ({"learned": False}, ("alva", "embla")),
        ({"walk": False}, ("boldur", "bjorn")),
    ],
)
def test_each_idea_alone_plays_a_whole_game(
    options: dict[str, object], heroes: tuple[str, ...]
) -> None:
    state = gh.new_game(gh.Config(heroes=heroes), seed=5)
    final = play_out(state, [_small(**options) for _ in heroes], seed=5)
    assert gh.is_over(final)


def test_it_plays_in_explicit_chance_mode() -> None:
    config = gh.Config(heroes=("embla", "bjorn"), chance="explicit", monster_die=True)
    state = gh.new_game(config, seed=4)
    final = play_out(state, [_small() for _ in config.heroes], seed=4)
    assert gh.is_over(final)


def _searched(heroes: tuple[str, ...], seed: int, decisions: int) -> gh.State:
    """A position a few decisions into a game where the hero to act has a real choice."""
    state = midgame(heroes, seed, decisions)
    while True:
        seat = gh.current_player(state)
        assert seat is not None and seat >= 0
        if state.turn is not None and len(gh.legal_actions(state)) > 3:
            return state
        state = gh.apply(state, gh.legal_actions(state)[-1])


@pytest.mark.parametrize("heroes", [("bjorn", "alva"), ("embla",)])
def test_it_never_reads_the_state(heroes: tuple[str, ...]) -> None:
    """States that differ in what the seat cannot see (the other hands, the decks' order) get
    the same answer: the agent reads its view and nothing else."""
    state = _searched(heroes, seed=3, decisions=9)
    assert len(answers_over_redeals(state, _small)) == 1


def test_it_plans_posts_for_the_heroes_still_toplay_out() -> None:
    """At the first hero's turn the plan names a post for every hero; each is an area that hero
    may stand in (or Grimheim)."""
    state = _searched(("bjorn", "alva", "embla"), seed=7, decisions=0)
    assert state.turn is not None and state.turn.hero == 0
    agent = _small()
    view = gh.view(state, 0)
    agent.choose(view, gh.legal_actions(view), Rng.from_seed(1))
    posts = agent._posts["posts"]
    assert sorted(posts) == [0, 1, 2]
    geo = state.config.geo
    for area in posts.values():
        assert area == geo.town or geo.hero_can_enter[area]
    assert _small(plan=False) != agent


def test_a_hero_alone_plays_without_posts() -> None:
    """Alone, a hero has no one to share the columns with: it makes no plan and answers as the
    agent with the plan off does (its own post cost it games, on the developer page)."""
    state = _searched(("embla",), seed=3, decisions=9)
    view = gh.view(state, 0)
    legal = gh.legal_actions(view)
    agent = _small()
    planned = agent.choose(view, legal, Rng.from_seed(5))
    assert "posts" not in agent._posts
    assert planned == _small(plan=False).choose(view, legal, Rng.from_seed(5))


@pytest.mark.parametrize("agent", ["team", "planner"])
def test_a_single_action_is_answered_without_drawing(agent: str) -> None:
    """Both searching agents (the planner's tests share this one)."""
    state = midgame(("bjorn",), seed=1, decisions=0)
    view = gh.view(state, 0)
    rng = Rng.from_seed(2)
    action = gh.legal_actions(view)[0]
    player = _small() if agent == "team" else gh.PlannerAgent(deals=1, beam=2, depth=4, rounds=2)
    assert player.choose(view, [action], rng) == (action, rng)


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("deals", 0, ValueError),
        ("beam", 1.5, ValueError),
        ("reach", 0, ValueError),
        ("reach", True, ValueError),
        ("candidates", "3", ValueError),
        ("plan", 1, TypeError),
        ("learned", "yes", TypeError),
        ("walk", None, TypeError),
        ("value", (1.0, 2.0), TypeError),
    ],
)
def test_bad_options_are_refused(field: str, value: object, error: type[Exception]) -> None:
    with pytest.raises(error, match=field):
        gh.TeamAgent(**{field: value})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=field):
        make_agent(gh.GAME, f"team({field}={json.dumps(value)})")


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="horizon"):
        make_agent(gh.GAME, "team(horizon=3)")


def test_the_shipped_weights_load() -> None:
    value = standard_value()
    assert isinstance(value, gh.TeamValue)
    assert len(value.weights) == len(FEATURES)
    assert value.note
    text = resources.files("grimheim").joinpath("content", "team_value.json").read_text("utf-8")
    assert load_value(text) == value
    assert load_value(value.dumps()) == value


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("not json", "$"),
        ("[1, 2]", "$"),
        ('{"features": ["bias"], "weights": [1.0]}', "$.features"),
        (json.dumps({"features": list(FEATURES), "weights": [1.0]}), "$.weights"),
        (
            json.dumps({"features": list(FEATURES), "weights": ["x"] * len(FEATURES)}),
            "$.weights[0]",
        ),
        (
            json.dumps({"features": list(FEATURES), "weights": [0.0] * len(FEATURES), "note": 3}),
            "$.note",
        ),
        ("[" * 2000 + "]" * 2000, "$"),
        ('{"features": ' + "9" * 5000 + "}", "$"),
        ('{"note": "a", "note": "b"}', "$"),
    ],
)
def test_bad_weights_are_refused_with_a_clear_error(text: str, where: str) -> None:
    with pytest.raises(ContentError) as caught:
        load_value(text, "mine.json")
    assert caught.value.path == f"mine.json: {where}"


def test_bad_weights_in_code_are_refused() -> None:
    with pytest.raises(ValueError, match="one per feature"):
        gh.TeamValue((1.0, 2.0))
    with pytest.raises(ValueError, match="finite"):
        gh.TeamValue((float("nan"),) * len(FEATURES))


def test_the_value_reads_only_what_the_view_shows() -> None:
    """The features of a state and of its view, and of states dealt from that view, agree."""
    state = midgame(("bjorn", "alva"), seed=3, decisions=30)
    view = gh.view(state, 0)
    ahead = forecast(view)
    found = features(view, 0, ahead)
    assert len(found) == len(FEATURES)
    for other in (state, gh.redeal(view, 4)):
        assert features(other, 0, forecast(other)) == found
    value = standard_value()
    assert value.predict(state, 0, ahead) == value.predict(view, 0, ahead)


def test_the_hand_set_value_scores_as_the_planner_does() -> None:
    """The fit starts from, and shrinks towards, the planner's own points: with only ``hand-set
    points`` weighed, a position scores exactly what the planner's evaluation gives it."""
    state = midgame(("bjorn", "alva"), seed=5, decisions=40)
    ahead = forecast(state)
    posts = {1: state.heroes[1].at}
    start = hand_set()
    assert start.weights[FEATURES.index("hand-set points")] == 1.0
    assert sum(abs(w) for w in start.weights) == 1.0
    for own in (None, posts):
        expected = evaluate(state, gh.PlannerWeights(), None, 0, ahead=ahead, posts=own)
        assert start.score(state, 0, ahead, own) == pytest.approx(expected)
