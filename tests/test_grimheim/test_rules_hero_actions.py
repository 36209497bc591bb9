"""A hero's turn: two different actions from Move, Attack, Prepare, Focus, Mend and Practice, every
movement rule, attack range (G11), and the refusals with their reasons."""

from __future__ import annotations

from collections import deque

import pytest
from tests.test_grimheim.helpers import (
    answer_setup,
    attack,
    card,
    cleared,
    custom_pack,
    hand,
    in_play,
    run,
    set_card,
)

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE, IllegalActionError

H = gh.Hex
NEIGHBOURS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def solo(who: str = "bjorn", at: gh.Hex = gh.GRIMHEIM, *monsters: tuple[str, gh.Hex]) -> gh.State:
    state = cleared((who,))
    for kind, where in monsters:
        state = sc.place_monster(state, kind, where)
    return sc.put_hero(state, who, at)


# -- an independent reading of the movement rules --------------------------------------------------


def expected_moves(state: gh.State, seat: int, steps: int) -> set[gh.Hex]:
    """Areas a hero may end a move in, computed from the map data alone."""
    data = {(h.x, h.y): h for h in state.config.pack.map.hexes}
    town: set[tuple[int, int]] = {(p[0], p[1]) for p in state.config.pack.map.grimheim}
    geo = state.config.geo
    taken = {geo.hexes[m.at] for m in state.monsters}
    taken |= {geo.hexes[h.at] for h in state.heroes if h.at != geo.town}

    def enterable(x: int, y: int, leaving_town: bool) -> bool:
        h = data[(x, y)]
        if H(x, y) in taken:
            return False
        if h.terrain == "mountain":
            return h.location == "troll_caves" and not leaving_town
        if h.terrain == "lake":
            return h.location == "naglfar"
        return True

    def around(p: tuple[int, int]) -> list[tuple[int, int]]:
        return [(p[0] + dx, p[1] + dy) for dx, dy in NEIGHBOURS]

    start_hex = geo.hexes[state.heroes[seat].at]
    start = "town" if start_hex == gh.GRIMHEIM else (start_hex.x, start_hex.y)
    seen: dict[object, int] = {start: 0}
    todo: deque[object] = deque([start])
    while todo:
        here = todo.popleft()
        cost = seen[here]
        if cost >= steps or (here == "town" and start != "town"):
            continue
        if here == "town":
            nexts = {n for p in town for n in around(p) if n in data}
        else:
            assert isinstance(here, tuple)
            nexts = {n for n in around(here) if n in data or n in town}
        for n in nexts:
            key: object = "town" if n in town else n
            if key in seen:
                continue
            if key != "town" and not enterable(n[0], n[1], here == "town"):
                continue
            seen[key] = cost + 1
            todo.append(key)
    del seen[start]
    return {gh.GRIMHEIM if k == "town" else H(*k) for k in seen}  # type: ignore[misc]


def moves_offered(state: gh.State) -> set[gh.Hex]:
    return {a.to for a in gh.legal_actions(state) if isinstance(a, gh.MoveTo)}


@pytest.mark.parametrize(
    "start", [gh.GRIMHEIM, H(9, 5), H(7, 6), H(16, 4), H(12, 7), H(4, 9), H(8, 11)]
)
def test_move_up_to_three_areas_by_every_movement_rule(start: gh.Hex) -> None:
    state = solo("bjorn", start)
    state = sc.place_monster(state, "troll", H(8, 6))
    state = sc.place_monster(state, "imp", H(15, 5))
    assert moves_offered(state) == expected_moves(state, 0, 3)


def test_move_embla_moves_up_to_four_areas() -> None:
    state = solo("embla", H(9, 5))
    offered = moves_offered(state)
    assert offered == expected_moves(state, 0, 4)
    assert offered > expected_moves(state, 0, 3)


def test_move_never_into_a_mountain() -> None:
    state = solo("bjorn", H(12, 5))
    assert state.config.geo.terrain[state.config.geo.area(H(13, 4))] == "mountain"
    assert H(13, 4) not in moves_offered(state)
    assert gh.is_legal(state, gh.MoveTo(H(13, 4))) is not None


def test_move_into_the_troll_caves_mountains() -> None:
    state = solo("bjorn", H(7, 7))
    offered = moves_offered(state)
    assert {H(6, 6), H(6, 7), H(5, 7)} <= offered
    assert H(4, 7) not in offered  # a mountain outside the caves


def test_move_never_into_a_lake_but_into_naglfar() -> None:
    state = solo("bjorn", H(16, 4))
    offered = moves_offered(state)
    assert {H(16, 5), H(17, 5)} <= offered
    assert H(17, 4) not in offered and H(16, 6) not in offered


def test_move_never_into_or_through_an_occupied_area() -> None:
    # a wall of monsters (9,4) (10,4) and a hero (8,5) ... Bjorn in (9,5) cannot pass north
    state = cleared(("bjorn", "alva"))
    state = sc.put_hero(sc.put_hero(state, "bjorn", H(9, 5)), "alva", H(9, 6))
    state = sc.place_monster(state, "imp", H(10, 5))
    offered = moves_offered(state)
    assert H(9, 6) not in offered and H(10, 5) not in offered  # occupied, by an ally too
    assert offered == expected_moves(state, 0, 3)


def test_move_entering_grimheim_ends_the_move() -> None:
    # (10,10) is 2 steps from (9,7) through the town, 4 around it
    state = solo("bjorn", H(9, 7))
    offered = moves_offered(state)
    assert gh.GRIMHEIM in offered
    assert H(10, 10) not in offered


def test_move_leaving_grimheim_into_any_area_next_to_it_but_the_mountain() -> None:
    state = solo("bjorn", gh.GRIMHEIM)
    geo = state.config.geo
    ring = {geo.hexes[a] for a in geo.ring}
    offered = moves_offered(state)
    assert ring - {H(9, 11)} <= offered
    assert H(9, 11) not in offered
    assert geo.terrain[geo.area(H(9, 11))] == "mountain"


def test_move_the_hero_ends_where_the_move_says() -> None:
    state = solo("bjorn", gh.GRIMHEIM)
    r = run(state, gh.MoveTo(H(9, 5)))
    assert sc.hero_info(r.state, "bjorn").at == H(9, 5)
    assert r.of(gh.HeroMoved) == [gh.HeroMoved(0, H(9, 5))]
    assert r.state.turn is not None and r.state.turn.actions == ("move",)


# -- two different actions a turn ------------------------------------------------------------------


def test_two_different_actions_per_turn_the_same_action_twice_is_refused() -> None:
    state = solo("bjorn", gh.GRIMHEIM)
    state = run(state, gh.MoveTo(H(9, 5))).state
    assert not any(isinstance(a, gh.MoveTo) for a in gh.legal_actions(state))
    with pytest.raises(IllegalActionError):
        gh.apply(state, gh.MoveTo(H(9, 4)))


def test_two_different_actions_per_turn_a_third_action_is_refused() -> None:
    state = solo("bjorn", gh.GRIMHEIM)
    state = run(state, gh.MoveTo(H(9, 5)), gh.Practice()).state
    legal = gh.legal_actions(state)
    assert not any(isinstance(a, (gh.Prepare, gh.Focus, gh.Mend, gh.Practice)) for a in legal)
    with pytest.raises(IllegalActionError):
        gh.apply(state, gh.Focus("bjorn-sure-shot"))


def test_two_different_actions_every_pair_of_the_six_is_allowed() -> None:
    state = sc.set_hero(solo("bjorn", gh.GRIMHEIM), "bjorn", damage=3)
    actions: list[gh.Action] = [gh.Prepare(), gh.Focus("bjorn-sure-shot"), gh.Mend(), gh.Practice()]
    for first in actions:
        after = run(state, first).state
        for second in actions:
            if second != first:
                assert gh.is_legal(after, second) is None, (first, second)


def test_end_of_turn_the_action_markers_come_back() -> None:
    state = solo("bjorn", gh.GRIMHEIM)
    state = run(state, gh.Practice(), gh.Prepare()).state
    r = run(state, gh.EndTurn())
    assert r.state.turn == gh.Turn(0)
    assert gh.is_legal(r.state, gh.Practice()) is None


# -- attack ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("who", "dice"), [("bjorn", 3), ("alva", 3), ("embla", 4), ("boldur", 4)])
def test_attack_rolls_the_strength_of_every_card_in_play(who: str, dice: int) -> None:
    state = solo(who, H(9, 6), ("troll", H(9, 5)))
    after = gh.apply(state, gh.Attack(H(9, 5)))
    assert gh.current_player(after) == CHANCE
    first = gh.legal_actions(after)[0]
    assert isinstance(first, gh.Roll)
    assert first.hits + first.covers + first.runes + first.misses == dice


def test_attack_hits_and_hits_unless_cover_damage_a_monster_on_open_ground() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    r = attack(state, H(9, 5), gh.Roll(1, 1, 1, 0))
    assert sc.monster_at(r.state, H(9, 5)) == sc.MonsterInfo("troll", 2, 0)
    assert r.of(gh.MonsterDamaged) == [gh.MonsterDamaged("troll", H(9, 5), 2)]


def test_cover_a_monster_in_a_forest_ignores_hit_unless_cover() -> None:
    state = solo("bjorn", H(9, 5), ("troll", H(9, 6)))
    r = attack(state, H(9, 6), gh.Roll(1, 2, 0, 0))
    assert sc.monster_at(r.state, H(9, 6)) == sc.MonsterInfo("troll", 1, 0)


def test_attack_runes_miss_for_heroes() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    r = attack(state, H(9, 5), gh.Roll(0, 0, 3, 0))
    assert sc.monster_at(r.state, H(9, 5)) == sc.MonsterInfo("troll", 0, 0)


@pytest.mark.parametrize(
    ("kind", "gold"),
    [
        ("goblin", 1),
        ("sprite", 1),
        ("imp", 1),
        ("brute", 2),
        ("elemental", 2),
        ("skeleton", 2),
        ("troll", 3),
        ("jotunn", 3),
        ("draugr", 3),
    ],
)
def test_experience_killing_a_monster_earns_gold_equal_to_its_rank(kind: str, gold: int) -> None:
    state = solo("bjorn", H(9, 6), (kind, H(9, 5)))
    health = {
        "goblin": 2,
        "sprite": 2,
        "imp": 2,
        "brute": 3,
        "elemental": 4,
        "skeleton": 3,
        "troll": 7,
        "jotunn": 6,
        "draugr": 5,
    }[kind]
    state = sc.remove_monster(state, H(9, 5))
    state = sc.place_monster(state, kind, H(9, 5), damage=health - 1)
    r = attack(state, H(9, 5), gh.Roll(2, 0, 0, 1))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled(kind, H(9, 5), 0, gold)]
    assert sc.hero_info(r.state, "bjorn").gold == gold
    assert sc.monster_at(r.state, H(9, 5)) is None


def test_draugr_armor_prevents_one_damage_each_time() -> None:
    state = solo("bjorn", H(9, 6), ("draugr", H(9, 5)))
    r = attack(state, H(9, 5), gh.Roll(3, 0, 0, 0))
    assert sc.monster_at(r.state, H(9, 5)) == sc.MonsterInfo("draugr", 2, 0)
    one = attack(solo("bjorn", H(9, 6), ("draugr", H(9, 5))), H(9, 5), gh.Roll(1, 0, 0, 2))
    assert sc.monster_at(one.state, H(9, 5)) == sc.MonsterInfo("draugr", 0, 0)


def test_attack_range_1_and_2() -> None:
    # Bjorn's bow gives range 2; Embla has range 1
    bjorn = solo("bjorn", H(9, 6), ("troll", H(9, 4)), ("imp", H(9, 2)))
    assert gh.is_legal(bjorn, gh.Attack(H(9, 4))) is None
    assert gh.is_legal(bjorn, gh.Attack(H(9, 2))) is not None
    embla = solo("embla", H(9, 6), ("troll", H(9, 4)), ("imp", H(9, 5)))
    assert gh.is_legal(embla, gh.Attack(H(9, 5))) is None
    assert gh.is_legal(embla, gh.Attack(H(9, 4))) is not None


def test_attack_reaches_over_characters_and_mountains() -> None:
    # Bjorn in (12,5) shoots over the mountain (13,4) at (14,3)... and over a monster
    state = solo("bjorn", H(12, 5), ("imp", H(13, 4)), ("troll", H(14, 3)))
    assert gh.is_legal(state, gh.Attack(H(14, 3))) is None


def test_g11_a_hero_in_grimheim_cannot_attack() -> None:
    state = solo("bjorn", gh.GRIMHEIM, ("troll", H(9, 7)))
    assert not any(isinstance(a, gh.Attack) for a in gh.legal_actions(state))


def test_g11_hero_range_is_counted_around_grimheim() -> None:
    # (8,8) and (11,8) are 2 apart through the town, far apart around it
    state = solo("bjorn", H(8, 8), ("troll", H(11, 8)), ("imp", H(7, 10)))
    assert gh.is_legal(state, gh.Attack(H(11, 8))) is not None
    assert gh.is_legal(state, gh.Attack(H(7, 10))) is None  # 2 around the town's west side


def test_attack_on_an_empty_area_is_refused() -> None:
    state = solo("bjorn", H(9, 6), ("troll", H(9, 5)))
    assert gh.is_legal(state, gh.Attack(H(10, 5))) is not None


# -- prepare, focus, mend, practice ----------------------------------------------------------------


def test_prepare_draws_one_event_card() -> None:
    state = solo("bjorn")
    r = run(state, gh.Prepare(), gh.Drawn("bjorn-rest"))
    assert r.state.heroes[0].hand == ("bjorn-rest",)
    assert r.of(gh.EventDrawn) == [gh.EventDrawn("bjorn-rest", seen_by=(0,))]


def test_hand_limit_4_prepare_is_refused_with_a_full_hand() -> None:
    state = hand(solo("bjorn"), 0, "bjorn-rest", "bjorn-rest", "bjorn-sewing", "bjorn-limber-bow")
    assert gh.Prepare() not in gh.legal_actions(state)
    assert gh.is_legal(state, gh.Prepare()) is not None
    # discarding (at any time) makes room
    state = gh.apply(state, gh.Discard("bjorn-sewing"))
    assert gh.Prepare() in gh.legal_actions(state)
    assert state.heroes[0].discard == ("bjorn-sewing",)


def test_focus_adds_one_mana_to_a_card_that_uses_mana() -> None:
    state = solo("bjorn")
    assert [a for a in gh.legal_actions(state) if isinstance(a, gh.Focus)] == [
        gh.Focus("bjorn-sure-shot")
    ]
    r = run(state, gh.Focus("bjorn-sure-shot"))
    assert card(r.state, 0, "bjorn-sure-shot").mana == 1


def test_g21_mana_on_a_card_has_no_maximum() -> None:
    state = set_card(solo("bjorn"), 0, "bjorn-sure-shot", mana=12)
    r = run(state, gh.Focus("bjorn-sure-shot"), gh.EndTurn())
    assert card(r.state, 0, "bjorn-sure-shot").mana == 14  # focus, then the end-of-turn mana


def test_mend_outside_grimheim_removes_2_damage_from_the_hero() -> None:
    state = sc.set_hero(solo("bjorn", H(9, 5)), "bjorn", damage=5)
    r = run(state, gh.Mend())
    assert sc.hero_info(r.state, "bjorn").damage == 3
    assert r.of(gh.HeroHealed) == [gh.HeroHealed(0, 2)]


def test_mend_outside_grimheim_never_repairs_equipment() -> None:
    state = in_play(solo("boldur", H(9, 5)), 0, "boldur-dwarf-helm", damage=2)
    state = sc.set_hero(state, "boldur", damage=1)
    assert gh.Mend("boldur-dwarf-helm") not in gh.legal_actions(state)
    r = run(state, gh.Mend())
    assert sc.hero_info(r.state, "boldur").damage == 0
    assert card(r.state, 0, "boldur-dwarf-helm").damage == 2


def test_mend_is_not_offered_with_nothing_to_mend() -> None:
    assert not any(isinstance(a, gh.Mend) for a in gh.legal_actions(solo("bjorn", H(9, 5))))


def test_g18_mend_in_grimheim_removes_up_to_5_hero_first() -> None:
    state = in_play(solo("boldur"), 0, "boldur-dwarf-helm", damage=3)
    state = sc.set_hero(state, "boldur", damage=4)
    r = run(state, gh.Mend())
    assert sc.hero_info(r.state, "boldur").damage == 0
    assert card(r.state, 0, "boldur-dwarf-helm").damage == 2
    assert r.of(gh.HeroHealed) == [gh.HeroHealed(0, 5)]


def test_g18_mend_in_grimheim_of_a_card_repairs_that_card_first() -> None:
    state = in_play(solo("boldur"), 0, "boldur-dwarf-helm", damage=3)
    state = sc.set_hero(state, "boldur", damage=4)
    r = run(state, gh.Mend("boldur-dwarf-helm"))
    assert card(r.state, 0, "boldur-dwarf-helm").damage == 0
    assert sc.hero_info(r.state, "boldur").damage == 2


def boldur_with_two_damaged_cards() -> gh.State:
    # a pack where Boldur's pick holds 3 damage markers, beside the helm
    pack = custom_pack("boldur", {"boldur-boldurs-first-pick": {"durability": 3}})
    config = gh.Config(heroes=("boldur",), hard_setup=True, chance="explicit", pack=pack)
    state = answer_setup(gh.new_game(config, seed=1))
    state = in_play(state, 0, "boldur-dwarf-helm", damage=3)
    state = set_card(state, 0, "boldur-boldurs-first-pick", damage=3)
    return sc.set_hero(state, "boldur", damage=1)


def test_g18_mend_in_grimheim_then_other_equipment_in_play_order() -> None:
    # hero 1, then the pick (in play since the set-up) 3, then the helm 1
    r = run(boldur_with_two_damaged_cards(), gh.Mend())
    assert sc.hero_info(r.state, "boldur").damage == 0
    assert card(r.state, 0, "boldur-boldurs-first-pick").damage == 0
    assert card(r.state, 0, "boldur-dwarf-helm").damage == 2


def test_g18_mend_of_a_card_repairs_it_then_the_hero_then_other_equipment() -> None:
    # the helm 3, the hero 1, then the pick 1
    r = run(boldur_with_two_damaged_cards(), gh.Mend("boldur-dwarf-helm"))
    assert card(r.state, 0, "boldur-dwarf-helm").damage == 0
    assert sc.hero_info(r.state, "boldur").damage == 0
    assert card(r.state, 0, "boldur-boldurs-first-pick").damage == 2
    assert r.of(gh.HeroHealed) == [gh.HeroHealed(0, 5)]


def test_practice_gains_one_gold() -> None:
    r = run(solo("bjorn"), gh.Practice())
    assert sc.hero_info(r.state, "bjorn").gold == 1
    assert r.of(gh.GoldGained) == [gh.GoldGained(0, 1)]


def test_g12_upgrade_and_the_other_end_of_turn_steps_are_not_mid_turn_actions() -> None:
    state = sc.set_hero(solo("bjorn"), "bjorn", gold=20)
    for action in (gh.Upgrade(), gh.Upgrade("bjorn-hero"), gh.SwapTop("abilities"), gh.SkipDraw()):
        assert action not in gh.legal_actions(state)
        reason = gh.is_legal(state, action)
        assert reason is not None and "not an answer" in reason
