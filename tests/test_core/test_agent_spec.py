"""Agents named by text (:func:`tabletop_rules.make_agent`): the options are read, checked
against the agent's fields and converted to their types, and anything else is a clear
``ValueError``."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import goblinguard as gg
import grimheim as gh
import kinmarr
from tabletop_rules import ISMCTSAgent, RandomAgent, make_agent, parse_agent_spec


def made_by(**options: Any) -> SimpleNamespace:
    """A factory that is not an attrs class: an agent keeping the options it was given."""
    return SimpleNamespace(choose=RandomAgent().choose, options=options)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("random", ("random", {})),
        ("  planner  ", ("planner", {})),
        ("planner()", ("planner", {})),
        ("planner(beam=8)", ("planner", {"beam": 8})),
        ("planner( beam = 8 , deals=3, )", ("planner", {"beam": 8, "deals": 3})),
        ("planner(weights.gold=0.3)", ("planner", {"weights": {"gold": 0.3}})),
        ("p(a.b=1, a.c=2, d=x)", ("p", {"a": {"b": 1, "c": 2}, "d": "x"})),
        ('p(s=["a, b", "c"], t={"u": [1, 2]})', ("p", {"s": ["a, b", "c"], "t": {"u": [1, 2]}})),
        ('p(s="a)(,\\"b")', ("p", {"s": 'a)(,"b'})),
        ("p(f=false, n=null, x=1e3)", ("p", {"f": False, "n": None, "x": 1000.0})),
        ("mod.sub:Cls(a=1)", ("mod.sub:Cls", {"a": 1})),
    ],
)
def test_an_agents_text_is_its_name_and_options(text: str, expected: Any) -> None:
    assert parse_agent_spec(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "not an agent"),
        ("planner(beam=8", "not an agent"),
        ("planner)(", "not an agent"),
        ("two words", "not an agent"),
        ("p(beam)", "KEY=VALUE"),
        ("p(=1)", "KEY=VALUE"),
        ("p(1a=1)", "KEY=VALUE"),
        ("p(a..b=1)", "KEY=VALUE"),
        ("p(a=1, a=2)", "a is given twice"),
        ("p(a=1, a.b=2)", "a is given twice"),
        ("p(a.b=1, a=2)", "a is given twice"),
        ('p(a={"b": 1}, a.c=2)', "a is given twice"),
        ("p(a=[1, 2)", "left open"),
        ("p(a=[1, 2)]", "not an agent"),
        ("p(a=1))", "closes nothing"),
        ("p(a=(1)", "left open"),
        ('p(a="open)', "left open"),
        ("p(a=[1})", "closes the wrong bracket"),
    ],
)
def test_text_that_is_no_agent_is_refused(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem.replace("(", r"\(")):
        parse_agent_spec(text)


def test_options_set_the_fields_of_each_games_agents() -> None:
    planner = make_agent(gh.GAME, "planner(beam=8, rounds=null, weights.gold=0.3)")
    assert planner == gh.PlannerAgent(beam=8, rounds=None, weights=gh.PlannerWeights(gold=0.3))
    search = make_agent(kinmarr.GAME, 'search(searched=["duel"], policy.merchant=false)')
    expected = kinmarr.SearchAgent(
        searched=frozenset({"duel"}), policy=kinmarr.HeuristicAgent(merchant=False)
    )
    assert search == expected
    solver = make_agent(gg.GAME, "search(widths=[3, 2], candidates=4)")
    assert solver == gg.SearchAgent(widths=(3, 2), candidates=4)
    ismcts = make_agent(gg.GAME, "ismcts(simulations=7, exploration=1)")
    assert ismcts == ISMCTSAgent(gg.GAME, simulations=7, exploration=1.0)
    assert make_agent(gg.GAME, "random") == RandomAgent()
    assert make_agent(gg.GAME, "tabletop_rules:RandomAgent()") == RandomAgent()


def test_a_factory_that_is_no_attrs_class_gets_the_options_as_they_are() -> None:
    made: Any = make_agent(gg.GAME, f"{__name__}:made_by(depth=2, name=fast, w.x=1)")
    assert made.options == {
        "depth": 2,
        "name": "fast",
        "w": {"x": 1},
    }


@pytest.mark.parametrize(
    ("game", "text", "problem"),
    [
        (gg.GAME, "nobody", "unknown agent 'nobody' for goblinguard"),
        (gg.GAME, "search(candiates=3)", "no option 'candiates' (its options: branch, budget"),
        (gg.GAME, "ismcts(game=1)", "no option 'game'"),
        (gg.GAME, "search(depth=true)", "option depth: expected int, not True"),
        (gg.GAME, "search(depth=1.5)", "option depth: expected int, not 1.5"),
        (gg.GAME, 'search(depth="3")', "option depth: expected int, not '3'"),
        (gg.GAME, "search(widths=[1, x])", "option widths"),
        (gg.GAME, "search(depth=0)", "cannot create agent"),
        (gg.GAME, "search(depth=NaN)", "option depth: expected int, not 'NaN'"),
        (gg.GAME, "search(budget=1e999)", "option budget: expected int, not inf"),
        (gg.GAME, "search(depth=" + "9" * 5000 + ")", "option depth: expected int, not '999"),
        (gg.GAME, "search(widths=" + "[" * 3000 + "]" * 3000 + ")", "option widths"),
        (gg.GAME, "greedy(weights.nothing=1)", "extra fields found (nothing) @ weights"),
        (gh.GAME, "planner(weights.gold=lots)", "expected float @ weights.gold"),
        (gh.GAME, "planner(follow=no)", "option follow: expected bool, not 'no'"),
        (gh.GAME, "planner(follow=1)", "option follow: expected bool, not 1"),
        (kinmarr.GAME, 'search(searched=["nap"])', "searched is a frozenset of"),
        (kinmarr.GAME, "search(policy.caution=true)", "@ policy.caution"),
        (gg.GAME, "no_such_module_xyz:Agent", "cannot import agent"),
        (gg.GAME, "tabletop_rules:NOTHING", "cannot import agent"),
        (gg.GAME, ".:x", "cannot import agent"),
        (gg.GAME, ":", "cannot import agent"),
        (gg.GAME, "tabletop_rules:CHANCE", "is not a class or function"),
        (gg.GAME, "tabletop_rules:Rng(seed=1)", "no option 'seed'"),
        (gg.GAME, "json:dumps", "cannot create agent 'json:dumps': TypeError"),
        (gg.GAME, "tabletop_rules:Rng(state=1)", "has no choose("),
    ],
)
def test_an_agent_that_cannot_be_made_is_a_value_error_naming_it(
    game: Any, text: str, problem: str
) -> None:
    with pytest.raises(ValueError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        make_agent(game, text)


@given(st.text(alphabet='ab=.,()[]{}"\\ 01:-tsearchdp', max_size=30))
def test_any_text_makes_an_agent_or_a_value_error(text: str) -> None:
    try:
        agent = make_agent(gg.GAME, text)
    except ValueError:
        return
    assert callable(agent.choose)
