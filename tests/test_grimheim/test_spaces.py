"""What is grimheim's own in its action space and observation: its documented size and kinds, the
roll limit, its stability across constructions, and which views' observations differ. What every
game's space and observation share is in ``tests/contract/test_spaces.py``."""

from __future__ import annotations

import attrs

import grimheim as gh
from grimheim._spaces import _universe
from tabletop_rules import RandomAgent, TableSpace, play

ONE = ("alva",)
FOUR = ("bjorn", "alva", "embla", "boldur")


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


# -- observations ----------------------------------------------------------------------------


def _played(heroes: tuple[str, ...], seed: int, steps: int) -> gh.State:
    config = gh.Config(heroes=heroes)
    _, actions = play(gh.GAME, [RandomAgent() for _ in heroes], seed=seed, config=config)
    state = gh.new_game(config, seed=seed)
    for action in actions[:steps]:
        state = gh.apply(state, action)
    return state


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
