"""The grimheim action space and observation: every legal action of random games is in the space
and round trips, the numbering is stable in every process, and observations show exactly what a
view shows."""

from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys

import attrs
import pytest

import grimheim as gh
from grimheim._spaces import _universe
from tabletop_rules import (
    CHANCE,
    Agent,
    NotInSpaceError,
    RandomAgent,
    TableSpace,
    flatten,
    play,
    shape_of,
)

ONE = ("alva",)
FOUR = ("bjorn", "alva", "embla", "boldur")


def _config(heroes: tuple[str, ...], chance: str, seed: int) -> gh.Config:
    return gh.Config(
        heroes=heroes,
        chance=chance,  # type: ignore[arg-type]
        monster_die=seed % 2 == 0,
        players_decide=seed % 3 != 1,
    )


def _seat(state: gh.State) -> int:
    seat = gh.current_player(state)
    return 0 if seat is None or seat == CHANCE else seat


@pytest.mark.parametrize("heroes", [ONE, FOUR], ids=["1-hero", "4-heroes"])
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_every_legal_action_of_random_games_is_in_the_space(
    heroes: tuple[str, ...], chance: str
) -> None:
    kinds: set[str] = set()
    for seed in range(5):
        config = _config(heroes, chance, seed)
        space = gh.action_space(config)
        shape = gh.observation_shape(config)
        agents: list[Agent[gh.Action]] = [
            gh.DefenderAgent() if seed % 2 else RandomAgent() for _ in heroes
        ]
        _, actions = play(gh.GAME, agents, seed=seed, config=config)
        state = gh.new_game(config, seed=seed)
        for step, action in enumerate(actions):
            legal = gh.legal_actions(state)
            indices = space.indices(legal)
            assert len(set(indices)) == len(legal)
            assert all(space.action(i) == a for a, i in zip(legal, indices, strict=True))
            kinds.update(type(a).__name__ for a in legal)
            if step % 3 == 0:
                mask = space.mask(legal)
                assert sum(mask) == len(legal)
                assert [i for i, ok in enumerate(mask) if ok] == sorted(indices)
                obs = gh.observation(gh.view(state, _seat(state)))
                assert shape_of(obs) == shape
                assert all(math.isfinite(v) for v in obs)
            state = gh.apply(state, action)
        assert gh.is_over(state)
    if chance == "explicit":
        assert {"Roll", "Drawn"} <= kinds
    assert {"MoveTo", "EndTurn", "Use"} <= kinds


def test_every_action_of_the_space_round_trips_and_is_unique() -> None:
    for heroes in (ONE, FOUR):
        space = gh.action_space(gh.Config(heroes=heroes))
        actions = list(space)
        assert len(set(actions)) == len(actions) == space.size
        assert all(space.index(a) == i for i, a in enumerate(actions))


def test_the_space_holds_every_kind_of_action_and_its_documented_size() -> None:
    space = gh.action_space(gh.Config())
    assert space.size == 17_402
    kinds = {type(a) for a in space}
    assert kinds == set(gh.Action.__args__)
    limit = gh.roll_limit(gh.Config())
    assert limit == 22  # Alva's, below
    assert gh.Roll(limit, 0, 0, 0) in space
    assert gh.Roll(limit + 1, 0, 0, 0) not in space
    assert gh.GiveGold(3, gh.GIFT_LIMIT) in space
    assert gh.GiveGold(3, gh.GIFT_LIMIT + 1) not in space
    assert gh.GiveGold(1, 1) not in gh.action_space(gh.Config(heroes=ONE))
    assert gh.MoveTo(gh.GRIMHEIM) in space
    assert gh.Use("bjorn-sure-shot", 0, 4) in space
    assert gh.Use("bjorn-sure-shot", 0, 5) not in space


def test_the_roll_limit_covers_a_hero_with_every_extra_die() -> None:
    """Alva: strength 4 on her hero card, 3 on her best main weapon, 1 on her Quiver and 2 on her
    Elven Arrows, and the three copies of Mastery (4 dice each) she may hold at once."""
    assert gh.roll_limit(gh.Config(heroes=("alva",))) == 4 + 3 + 1 + 2 + 3 * 4


def test_the_roll_limit_is_the_strongest_monster_attack() -> None:
    """Hrungbald (trollkin, strength 7 on its red side) with six trollkin around it: +2 each
    while Hrungbald is on the board, and the monster die's attack face (+1): exactly the limit.
    Nidhuggr rolls its health left: 18 at full health on its red side, +1."""
    from grimheim._monsters import attack_dice
    from grimheim._work import Work

    state = gh.new_game(gh.Config(heroes=ONE), seed=0)
    for m in state.monsters:
        state = gh.scenario.remove_monster(state, state.config.geo.hexes[m.at])
    geo = state.config.geo
    centre = next(
        a
        for a in range(geo.town)
        if len(geo.adjacent[a]) == 6
        and all(geo.monster_can_enter[b] for b in (a, *geo.adjacent[a]))
        and not set(geo.adjacent[a]) & set(geo.ring)
    )
    state = gh.scenario.place_monster(state, "hrungbald", geo.hexes[centre], side=2)
    for a in geo.adjacent[centre]:
        state = gh.scenario.place_monster(state, "goblin", geo.hexes[a])
    strongest = attack_dice(Work.of(state), centre, 1)
    assert strongest == 7 + 2 * 6 + 1 == gh.roll_limit(gh.Config(heroes=("bjorn",)))
    far = next(a for a in range(geo.town) if geo.distance[centre][a] > 3)
    state = gh.scenario.place_monster(state, "nidhuggr", geo.hexes[far], side=2)
    assert attack_dice(Work.of(state), far, 1) == 18 + 1 <= gh.roll_limit(state.config)


def test_the_space_is_stable_across_constructions() -> None:
    for heroes in (ONE, FOUR):
        config = gh.Config(heroes=heroes)
        built = gh.action_space(config)
        again = TableSpace(_universe(gh.Config(heroes=heroes, chance="explicit", track="long")))
        assert again is not built
        assert again == built
        assert again.size == built.size
    swapped = gh.action_space(gh.Config(heroes=("alva", "bjorn")))
    assert swapped.size == gh.action_space(gh.Config(heroes=("bjorn", "alva"))).size
    assert swapped.index(gh.TargetHero(1)) == swapped.index(gh.TargetHero(0)) + 1


_PROBE = (
    "import hashlib, grimheim as gh\n"
    "from grimheim._spaces import _universe\n"
    "for heroes in (('alva',), ('bjorn', 'alva', 'embla', 'boldur')):\n"
    "    text = '|'.join(gh.notation(a) for a in _universe(gh.Config(heroes=heroes)))\n"
    "    print(hashlib.sha256(text.encode()).hexdigest())\n"
)


def test_the_numbering_does_not_depend_on_the_hash_seed() -> None:
    outputs = set()
    for hash_seed in ("0", "777"):
        done = subprocess.run(
            [sys.executable, "-c", _PROBE],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    here = "|".join(gh.notation(a) for a in gh.action_space(gh.Config(heroes=ONE)))
    assert outputs.pop().split()[0] == hashlib.sha256(here.encode()).hexdigest()


def test_actions_outside_the_space_are_refused_clearly() -> None:
    space = gh.action_space(gh.Config(heroes=("bjorn", "alva")))
    for action in (
        gh.Use("embla-hero"),
        gh.Discard("not-a-card"),
        gh.TargetHero(2),
        gh.MoveTo(gh.Hex(99, 99)),
        "end",
    ):
        with pytest.raises(NotInSpaceError):
            space.index(action)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        space.action(space.size)


# -- observations ----------------------------------------------------------------------------


def _played(heroes: tuple[str, ...], seed: int, steps: int) -> gh.State:
    config = gh.Config(heroes=heroes)
    _, actions = play(gh.GAME, [RandomAgent() for _ in heroes], seed=seed, config=config)
    state = gh.new_game(config, seed=seed)
    for action in actions[:steps]:
        state = gh.apply(state, action)
    return state


def test_redeals_and_equal_views_give_equal_observations() -> None:
    for seed in range(3):
        for steps in (0, 15, 40):
            state = _played(FOUR, seed, steps)
            for seat in range(len(FOUR)):
                view = gh.view(state, seat)
                obs = gh.observation(view)
                assert gh.observation(gh.view(state, seat)) == obs
                for other in (5, 6):
                    redealt = gh.redeal(view, other)
                    assert gh.observation(gh.view(redealt, seat)) == obs


def test_hidden_hands_do_not_show_but_the_own_hand_does() -> None:
    state = _played(FOUR, 1, 0)
    hands = [h.hand for h in state.heroes]
    assert any(hands)
    seat = next(s for s, hand in enumerate(hands) if hand)
    viewer = (seat + 1) % len(FOUR)
    owner = FOUR[seat]
    other_event = next(
        c.id
        for deck in state.config.pack.decks
        if deck.hero == owner
        for c in deck.cards
        if c.kind == "event" and c.id not in hands[seat]
    )
    changed_hand = (other_event, *hands[seat][1:])
    changed = attrs.evolve(
        state,
        heroes=tuple(
            attrs.evolve(h, hand=changed_hand) if s == seat else h
            for s, h in enumerate(state.heroes)
        ),
    )
    assert gh.observation(gh.view(changed, viewer)) == gh.observation(gh.view(state, viewer))
    assert gh.observation(gh.view(changed, seat)) != gh.observation(gh.view(state, seat))


def test_views_that_differ_in_something_visible_give_different_observations() -> None:
    state = _played(FOUR, 0, 30)
    assert state.monsters
    view = gh.view(state, 0)
    monster = state.monsters[0]
    hero = state.heroes[1]
    card = hero.cards[0]
    variants = [
        view,
        gh.view(state, 1),
        attrs.evolve(
            view, monsters=(attrs.evolve(monster, damage=monster.damage + 1), *view.monsters[1:])
        ),
        attrs.evolve(
            view, heroes=(view.heroes[0], attrs.evolve(hero, gold=hero.gold + 1), *view.heroes[2:])
        ),
        attrs.evolve(
            view,
            heroes=(view.heroes[0], attrs.evolve(hero, damage=hero.damage + 1), *view.heroes[2:]),
        ),
        attrs.evolve(
            view,
            heroes=(
                view.heroes[0],
                attrs.evolve(hero, cards=(attrs.evolve(card, mana=card.mana + 1), *hero.cards[1:])),
                *view.heroes[2:],
            ),
        ),
        attrs.evolve(view, town=view.town - 1),
        attrs.evolve(view, time=view.time + 1),
        attrs.evolve(view, bonus=view.bonus[1:]) if view.bonus else attrs.evolve(view, won=False),
        attrs.evolve(view, heroes=(attrs.evolve(view.heroes[0], at=hero.at), *view.heroes[1:]))
        if view.heroes[0].at != hero.at
        else attrs.evolve(view, won=True),
    ]
    observations = [gh.observation(v) for v in variants]
    for i, obs in enumerate(observations):
        assert len(obs) == gh.observation_shape(state.config)[0]
        for j in range(i + 1, len(observations)):
            assert obs != observations[j], (i, j)


def test_observation_takes_a_view_only() -> None:
    with pytest.raises(TypeError, match="View"):
        gh.observation(gh.new_game(gh.Config(heroes=ONE), seed=0))  # type: ignore[arg-type]


def test_the_game_value_carries_the_space_and_the_observation() -> None:
    assert gh.GAME.action_space is gh.action_space
    assert gh.GAME.observation == gh.observation
    assert gh.GAME.observation_shape is gh.observation_shape
    assert flatten(gh.observation(gh.view(gh.new_game(seed=3), 2)))
