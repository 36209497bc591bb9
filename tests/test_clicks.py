"""Clickable pictures: ``render_svg(position, actions=legal_actions(position))`` of every game.

Random games of every game, in both chance modes, are drawn at a sample of their positions for
the whole state and for every seat's view, each with the legal actions of what is drawn. In every
picture, every action's index is on some element, and clicking the elements of an action in any
order, narrowing as :func:`tabletop_rules.narrow` documents, leaves exactly that action.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import CHANCE, Game, narrow

SVG = "{http://www.w3.org/2000/svg}"

CASES: dict[str, tuple[Game[Any, Any], Any, int, int]] = {
    "goblinguard": (gg.GAME, gg.Config(), 4, 3),
    "goblinguard-explicit": (gg.GAME, gg.Config(chance="explicit"), 2, 3),
    "grimheim-1": (gh.GAME, gh.Config(heroes=("bjorn",)), 3, 10),
    "grimheim-1-explicit": (gh.GAME, gh.Config(heroes=("bjorn",), chance="explicit"), 2, 20),
    "grimheim-2": (gh.GAME, gh.Config(heroes=("bjorn", "alva")), 3, 10),
    "grimheim-2-explicit": (gh.GAME, gh.Config(heroes=("alva", "bjorn"), chance="explicit"), 2, 20),
    "kinmarr-2": (km.GAME, km.Config(guilds=km.Config().guilds[:2]), 3, 10),
    "kinmarr-2-explicit": (
        km.GAME,
        km.Config(guilds=km.Config().guilds[2:], chance="explicit"),
        2,
        20,
    ),
    "kinmarr-4": (km.GAME, km.Config(), 2, 20),
    "kinmarr-4-explicit": (km.GAME, km.Config(chance="explicit"), 2, 30),
}
"""Name → game, config, the number of random games drawn, and every how many positions one is
drawn besides the first of each kind of decision."""


def _kinds(game: Game[Any, Any], position: Any) -> tuple[object, ...]:
    """What kind of decision a position asks: who answers, and the classes of the answers."""
    actions = game.legal_actions(position)
    return (game.current_player(position) == CHANCE, *sorted({type(a).__name__ for a in actions}))


def positions(game: Game[Any, Any], config: Any, games: int, every: int) -> Iterator[Any]:
    """A sample of the positions of ``games`` random games: the first of each kind of decision,
    every ``every``-th position, and the end."""
    seen: set[tuple[object, ...]] = set()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(config, seed=seed)
        for count in range(3000):
            if game.is_over(state):
                yield state
                break
            kind = _kinds(game, state)
            if kind not in seen or count % every == 0:
                seen.add(kind)
                yield state
            state = game.apply(state, rng.choice(game.legal_actions(state)))


def clickable(svg: str) -> list[tuple[ET.Element, tuple[int, ...]]]:
    """Every element of a picture with ``data-actions``, and its indices."""
    root = ET.fromstring(svg)
    return [
        (element, tuple(int(i) for i in element.get("data-actions", "").split()))
        for element in root.iter()
        if "data-actions" in element.attrib
    ]


def check_clicks(svg: str, actions: Sequence[object], where: str) -> None:
    """Every index is on an element and narrows to its action; the attribute is well formed."""
    ids = Counter(e.get("id") for e in ET.fromstring(svg).iter() if e.get("id") is not None)
    assert not [i for i, n in ids.items() if n > 1], f"{where}: repeated ids"
    found = clickable(svg)
    for element, indices in found:
        shown = element.get("id") or element.tag
        assert indices, f"{where}: {shown} has an empty data-actions"
        assert list(indices) == sorted(set(indices)), f"{where}: {shown}: {indices}"
        assert indices[0] >= 0 and indices[-1] < len(actions), f"{where}: {shown}: {indices}"
    carriers: dict[int, list[tuple[int, ...]]] = {}
    for _, indices in found:
        for index in indices:
            carriers.setdefault(index, []).append(indices)
    for index in range(len(actions)):
        chosen: frozenset[int] | None = None
        for indices in carriers.get(index, ()):
            chosen = narrow(chosen, indices)
        assert chosen == frozenset({index}), (
            f"{where}: clicking every element of action {index} ({actions[index]!r}) leaves"
            f" {sorted(chosen) if chosen is not None else 'nothing'}"
        )


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_action_is_on_the_picture_and_its_elements_narrow_to_it(case: str) -> None:
    game, config, games, every = CASES[case]
    assert game.render_svg is not None
    pictures = 0
    for state in positions(game, config, games, every):
        drawn = [(state, None), *((state, s) for s in range(game.seat_count(state)))]
        for position, seat in drawn:
            shown = position if seat is None else game.view(position, seat)
            actions = game.legal_actions(shown)
            svg = game.render_svg(position, seat=seat, actions=actions)
            check_clicks(
                svg,
                actions,
                f"{case}, seat {seat}, {game.notation(actions[0]) if actions else 'over'}",
            )
            pictures += 1
    assert pictures >= 20


GAMES = {game.name: (game, config) for game, config, _, _ in CASES.values()}
"""Each game once, with the config of its first case."""


def _started(game: Game[Any, Any], config: Any) -> Any:
    """A position a few moves into a game."""
    state = game.new_game(config, seed=3)
    for _ in range(3):
        state = game.apply(state, game.legal_actions(state)[-1])
    return state


def _stranger(game: Game[Any, Any], state: Any) -> Any:
    """An action of the game that is not legal in ``state``: one legal later in the game."""
    legal = set(game.legal_actions(state))
    later = state
    while not game.is_over(later):
        later = game.apply(later, game.legal_actions(later)[0])
        found = [a for a in game.legal_actions(later) if a not in legal]
        if found:
            return found[0]
    raise AssertionError("no action of this game is illegal now")  # pragma: no cover


@pytest.mark.parametrize("name", sorted(GAMES))
def test_without_actions_nothing_is_clickable(name: str) -> None:
    game, config = GAMES[name]
    assert game.render_svg is not None
    state = _started(game, config)
    for seat in (None, 0):
        plain = game.render_svg(state, seat=seat)
        assert "data-actions" not in plain
        assert 'id="buttons"' not in plain
        assert game.render_svg(state, seat=seat, actions=None) == plain
        assert "data-actions" not in game.render_svg(state, seat=seat, actions=())
    assert "data-actions" in game.render_svg(state, actions=game.legal_actions(state))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_subset_of_the_legal_actions_is_indexed_in_its_own_order(name: str) -> None:
    game, config = GAMES[name]
    assert game.render_svg is not None
    state = _started(game, config)
    legal = game.legal_actions(state)
    chosen = [legal[-1], legal[0]]
    svg = game.render_svg(state, actions=chosen)
    check_clicks(svg, chosen, name)
    assert {i for _, indices in clickable(svg) for i in indices} == {0, 1}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_actions_that_are_not_legal_in_the_position_drawn_are_refused(name: str) -> None:
    game, config = GAMES[name]
    assert game.render_svg is not None
    state = _started(game, config)
    stranger = _stranger(game, state)
    with pytest.raises(ValueError, match=r"actions\[1\] .* is not legal in the position drawn"):
        game.render_svg(state, actions=[game.legal_actions(state)[0], stranger])
    twice = [game.legal_actions(state)[0]] * 2
    with pytest.raises(ValueError, match=r"actions\[1\] repeats actions\[0\]"):
        game.render_svg(state, actions=twice)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_what_is_not_a_sequence_of_the_games_actions_is_refused(name: str) -> None:
    game, config = GAMES[name]
    assert game.render_svg is not None
    state = _started(game, config)
    other = next(g for g in GAMES if g != name)
    foreign = GAMES[other][0].legal_actions(_started(*GAMES[other]))[0]
    with pytest.raises(TypeError, match=r"actions\[0\]: not an action of this game"):
        game.render_svg(state, actions=[foreign])
    with pytest.raises(TypeError, match=r"actions\[1\]: not an action of this game"):
        game.render_svg(state, actions=[game.legal_actions(state)[0], 3])
    for wrong in ("pass", iter(game.legal_actions(state)), set(game.legal_actions(state))):
        with pytest.raises(TypeError, match="actions must be a sequence"):
            game.render_svg(state, actions=wrong)


def _carriers(svg: str) -> dict[str, tuple[int, ...]]:
    """The indices of every element with an id and ``data-actions``, by id."""
    return {e.get("id", ""): indices for e, indices in clickable(svg) if e.get("id")}


def test_a_placement_is_its_card_the_cell_of_its_top_left_corner_and_its_layer() -> None:
    state = gg.new_game(gg.Config(), seed=5)
    for _ in range(4):
        state = gg.apply(state, gg.legal_actions(state)[0])
    actions = gg.legal_actions(state)
    assert {a.layer for a in actions if isinstance(a, gg.Place)} == set(gg.Layer)
    svg = gg.render_svg(state, seat=0, actions=actions)
    carriers = _carriers(svg)

    def where(test: Any) -> tuple[int, ...]:
        return tuple(i for i, a in enumerate(actions) if test(a))

    for card in state.hand:
        assert carriers[f"hand-{card}"] == where(lambda a, c=card: a.card == c)
    assert carriers["button-layer-top"] == where(lambda a: a.layer is gg.Layer.TOP)
    assert carriers["button-layer-bottom"] == where(lambda a: a.layer is gg.Layer.BOTTOM)
    cells = {(a.x, a.y) for a in actions if isinstance(a, gg.Place)}
    root = ET.fromstring(svg)
    for x, y in cells:
        # the topmost element drawn at that cell: a target on an empty cell, else a card's cell
        shown = [
            e
            for e in root.iter()
            if e.get("data-x") == str(x)
            and e.get("data-y") == str(y)
            and "data-actions" in e.attrib
        ]
        assert shown, (x, y)
        for element in shown:
            assert element.get("data-actions") == " ".join(
                map(str, where(lambda a, x=x, y=y: (a.x, a.y) == (x, y)))
            )
    targets = [e for e in root.iter() if "target" in e.get("class", "").split()]
    assert targets
    lines = root.find(f".//{SVG}g[@id='grid']")
    assert lines is not None
    xs = [float(line.get("x1", 0)) for line in lines if line.get("x1") == line.get("x2")]
    ys = [float(line.get("y1", 0)) for line in lines if line.get("y1") == line.get("y2")]
    for target in targets:  # every target cell lies on the grid drawn
        assert min(xs) <= float(target.get("x", 0)) < max(xs)
        assert min(ys) <= float(target.get("y", 0)) < max(ys)


def test_grimheim_areas_monsters_and_words_are_where_a_player_looks() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=1)
    rng = random.Random(1)
    while not any(isinstance(a, gh.Attack) for a in gh.legal_actions(state)):
        state = gh.apply(state, rng.choice(gh.legal_actions(state)))
    actions = gh.legal_actions(state)
    carriers = _carriers(gh.render_svg(state, actions=actions))
    for index, action in enumerate(actions):
        if isinstance(action, gh.MoveTo):
            where = action.to
            found = "target-grimheim" if where == gh.GRIMHEIM else f"target-{where.x}-{where.y}"
            assert carriers[found] == (index,)
        if isinstance(action, gh.Attack):
            assert carriers[f"monster-{action.target.x}-{action.target.y}"] == (index,)
    assert carriers["button-end-turn"] == (actions.index(gh.EndTurn()),)


def test_kinmarr_a_dodge_is_its_die_and_the_other_die_a_button() -> None:
    for seed in range(40):
        state = km.new_game(km.Config(), seed=seed)
        rng = random.Random(seed)
        while not km.is_over(state) and not any(
            isinstance(a, km.Reroll) and a.other is not None for a in km.legal_actions(state)
        ):
            state = km.apply(state, rng.choice(km.legal_actions(state)))
        if not km.is_over(state):
            break
    actions = km.legal_actions(state)
    svg = km.render_svg(state, actions=actions)
    dice = [i for e, i in clickable(svg) if "die" in e.get("class", "").split()]
    rerolls = {i: a for i, a in enumerate(actions) if isinstance(a, km.Reroll)}
    assert len(rerolls) > 1
    assert dice == [
        tuple(i for i, a in rerolls.items() if a.dodge == d)
        for d in sorted({a.dodge for a in rerolls.values()})
    ]
    carriers = _carriers(svg)
    for other in {a.other for a in rerolls.values()}:
        assert carriers[f"button-other-die-{other}"] == tuple(
            i for i, a in rerolls.items() if a.other == other
        )
    assert carriers["button-no-reroll"] == (actions.index(km.NoReroll()),)


def test_a_view_refuses_the_actions_of_the_whole_state_that_name_what_it_hides() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=1)
    hidden = next(a for a in gh.legal_actions(state) if isinstance(a, gh.Discard))
    assert gh.view(state, 1).heroes[0].hand != state.heroes[0].hand
    with pytest.raises(ValueError, match="is not legal in the position drawn"):
        gh.render_svg(state, seat=1, actions=gh.legal_actions(state))
    svg = gh.render_svg(state, seat=1, actions=gh.legal_actions(gh.view(state, 1)))
    assert hidden.card not in svg
    check_clicks(svg, gh.legal_actions(gh.view(state, 1)), "seat 1")
