"""The six legends, each side: their effects, gold, and their cards held while they live."""

from __future__ import annotations

import pytest
from tests.test_grimheim.helpers import (
    Run,
    attack,
    cleared,
    dice,
    monster_turn,
    rolling,
    set_card,
    until,
)

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import StateFormatError

H = gh.Hex


def solo(*monsters: tuple[str, gh.Hex, int], at: gh.Hex, who: str = "bjorn") -> gh.State:
    state = cleared((who,))
    for kind, where, side in monsters:
        state = sc.place_monster(state, kind, where, side=side)
    return sc.put_hero(state, who, at)


def hero_turn(state: gh.State) -> bool:
    return gh.current_player(state) == 0 and not state.frames


# -- Queen of the Dead -----------------------------------------------------------------------------


def test_legend_queen_i_may_be_damaged_only_by_adjacent_characters() -> None:
    # Bjorn's range is 2: from 2 away he may not attack her nor shoot her with Sure Shot
    state = set_card(solo(("queen", H(9, 4), 1), at=H(9, 6)), 0, "bjorn-sure-shot", mana=3)
    legal = gh.legal_actions(state)
    assert gh.Attack(H(9, 4)) not in legal
    assert gh.Use("bjorn-sure-shot") not in legal
    assert gh.is_legal(state, gh.Attack(H(9, 4))) is not None
    # next to her, he may
    near = sc.put_hero(state, "bjorn", H(9, 5))
    r = attack(near, H(9, 4), gh.Roll(3, 0, 0, 0))
    assert sc.monster_at(r.state, H(9, 4)) == sc.MonsterInfo("queen", 3, 1)


def test_legend_queen_ii_may_be_damaged_from_afar() -> None:
    state = solo(("queen", H(9, 4), 2), at=H(9, 6))
    r = attack(state, H(9, 4), gh.Roll(3, 0, 0, 0))
    assert sc.monster_at(r.state, H(9, 4)) == sc.MonsterInfo("queen", 3, 2)


def test_legend_queen_ii_gives_every_other_dead_monster_plus_1_health() -> None:
    state = solo(("queen", H(2, 9), 2), ("imp", H(9, 5), 0), at=H(9, 6))
    r = attack(state, H(9, 5), gh.Roll(2, 0, 0, 1))
    assert sc.monster_at(r.state, H(9, 5)) == sc.MonsterInfo("imp", 2, 0)  # health 3 now
    state = solo(("queen", H(2, 9), 2), ("imp", H(9, 5), 0), at=H(9, 6))
    r = attack(state, H(9, 5), gh.Roll(3, 0, 0, 0))
    assert sc.monster_at(r.state, H(9, 5)) is None


def test_legend_queen_ii_does_not_strengthen_other_factions() -> None:
    state = solo(("queen", H(2, 9), 2), ("goblin", H(9, 5), 0), at=H(9, 6))
    r = attack(state, H(9, 5), gh.Roll(2, 0, 0, 1))
    assert sc.monster_at(r.state, H(9, 5)) is None


def test_legend_queen_i_gives_no_health_bonus() -> None:
    state = solo(("queen", H(2, 9), 1), ("imp", H(9, 5), 0), at=H(9, 6))
    r = attack(state, H(9, 5), gh.Roll(2, 0, 0, 1))
    assert sc.monster_at(r.state, H(9, 5)) is None


def test_legend_queen_ii_bonus_ends_with_her_a_dead_monster_at_its_health_dies() -> None:
    # an imp with 2 damage lives only by the Queen's +1; when she dies it has no health left
    state = cleared(("bjorn",))
    state = sc.place_monster(state, "queen", H(9, 4), damage=10, side=2)
    state = sc.place_monster(state, "imp", H(10, 5), damage=2)
    state = set_card(sc.put_hero(state, "bjorn", H(9, 5)), 0, "bjorn-sure-shot", mana=3)
    with pytest.raises(StateFormatError):  # without her, an imp cannot keep 2 damage
        sc.remove_monster(state, H(9, 4))
    r = until(state, hero_turn, gh.Use("bjorn-sure-shot"), gh.Target(H(9, 4)))
    assert sc.monster_at(r.state, H(9, 4)) is None
    assert sc.monster_at(r.state, H(10, 5)) is None


# -- Seer of Odin ----------------------------------------------------------------------------------


def seer_arrives(state: gh.State) -> Run:
    state = sc.set_time(state, 3)  # the next spot, 4, brings a yellow card
    return monster_turn(state, gh.Drawn("m2"))


def test_legend_seer_i_raises_skeletons_next_to_the_temple_ruins() -> None:
    # of the six areas around the ruins (12,4), Bjorn holds (11,4) and a troll walks from the
    # mountain (13,4) into (12,5) before the reinforcements: four skeletons rise
    state = cleared(("bjorn",))
    state = sc.put_hero(state, "bjorn", H(11, 4))
    state = sc.place_monster(state, "troll", H(13, 4))
    r = seer_arrives(state)
    placed = [(e.kind, e.at) for e in r.of(gh.MonsterPlaced)]
    assert placed[0] == ("seer", H(12, 4))
    assert sorted(at for kind, at in placed[1:] if kind == "skeleton") == sorted(
        [H(12, 3), H(13, 3), H(13, 4), H(11, 5)]
    )
    assert len(placed) == 5


def test_legend_seer_i_raises_no_more_skeletons_than_the_supply_holds() -> None:
    state = cleared(("bjorn",))
    far = [H(x, 9) for x in range(1, 7)] + [H(x, 10) for x in range(1, 7)] + [H(1, 11)]
    for at in far:
        state = sc.place_monster(state, "skeleton", at)  # 13 of the 15
    r = seer_arrives(state)
    raised = [e for e in r.of(gh.MonsterPlaced) if e.kind == "skeleton"]
    assert len(raised) == 2


def test_legend_seer_ii_raises_no_skeletons() -> None:
    state = sc.set_time(cleared(("bjorn",)), 6)  # spot 7 brings a red card
    r = monster_turn(state, gh.Drawn("m38"))
    kinds = [e.kind for e in r.of(gh.MonsterPlaced)]
    assert "seer" in kinds
    pattern = "S-SIILSI-S"
    assert kinds.count("skeleton") == pattern.count("S")


def test_legend_seer_ii_deals_1_unpreventable_damage_to_every_hero_outside_grimheim() -> None:
    state = cleared(("bjorn", "embla", "boldur"))
    state = sc.place_monster(state, "seer", H(16, 9), side=2)
    state = sc.put_hero(state, "embla", H(15, 9))  # next to the seer, Riposte loaded
    state = sc.put_hero(state, "boldur", H(2, 9))  # far away, with armor
    state = set_card(state, 1, "embla-riposte", mana=5)
    r = monster_turn(state)
    assert sorted((e.seat, e.amount) for e in r.of(gh.HeroDamaged)) == [(1, 1), (2, 1)]
    assert sc.hero_info(r.state, "bjorn").damage == 0
    assert sc.hero_info(r.state, "embla").damage == 1
    assert sc.hero_info(r.state, "boldur").damage == 1
    assert r.of(gh.DiceRolled) == []


def test_legend_seer_ii_with_every_hero_in_grimheim_does_nothing() -> None:
    state = cleared(("bjorn",))
    state = sc.place_monster(state, "seer", H(16, 9), side=2)
    r = monster_turn(state)
    assert r.of(gh.HeroDamaged) == []


def test_legend_seer_ii_can_knock_a_hero_out() -> None:
    state = sc.set_hero(cleared(("bjorn",)), "bjorn", damage=8)
    state = sc.put_hero(sc.place_monster(state, "seer", H(16, 9), side=2), "bjorn", H(2, 9))
    r = monster_turn(state)
    assert r.of(gh.HeroKnockedOut) == [gh.HeroKnockedOut(0, 2)]
    info = sc.hero_info(r.state, "bjorn")
    assert (info.at, info.damage, info.gold) == (gh.GRIMHEIM, 5, 0)


# -- Grendel ---------------------------------------------------------------------------------------


def test_legend_grendel_i_attacks_once_with_7_dice_runes_miss() -> None:
    state = solo(("grendel", H(10, 5), 1), at=H(10, 6))
    r = until(state, rolling)
    assert dice(r.state) == 7
    done = until(r.state, hero_turn, gh.Roll(1, 0, 3, 3))
    assert done.of(gh.HeroDamaged) == [gh.HeroDamaged(0, 1, 0)]


def test_legend_grendel_ii_attacks_twice_and_counts_each_rune_as_two_hits() -> None:
    state = solo(("grendel", H(10, 5), 2), at=H(10, 6))
    r = until(state, rolling)
    assert dice(r.state) == 4
    done = until(r.state, hero_turn, gh.Roll(1, 0, 1, 2), gh.Roll(0, 0, 2, 2))
    assert [e.amount for e in done.of(gh.HeroDamaged)] == [3, 4]
    assert sc.hero_info(done.state, "bjorn").damage == 7


# -- Surt ------------------------------------------------------------------------------------------


def test_legend_surt_i_makes_runes_hit_for_all_fire_horde() -> None:
    state = solo(("surt", H(2, 9), 1), ("sprite", H(10, 5), 0), at=H(10, 6))
    r = monster_turn(state, gh.Roll(0, 0, 1, 0))
    assert sc.hero_info(r.state, "bjorn").damage == 1


def test_legend_surt_i_runes_still_miss_for_other_factions() -> None:
    state = solo(("surt", H(2, 9), 1), ("goblin", H(10, 5), 0), at=H(10, 6))
    r = monster_turn(state, gh.Roll(0, 0, 1, 0))
    assert sc.hero_info(r.state, "bjorn").damage == 0


def test_legend_surt_ii_runes_miss_for_the_fire_horde() -> None:
    state = solo(("surt", H(2, 9), 2), ("sprite", H(10, 5), 0), at=H(10, 6))
    r = monster_turn(state, gh.Roll(0, 0, 1, 0))
    assert sc.hero_info(r.state, "bjorn").damage == 0


def test_legend_surt_ii_has_range_3() -> None:
    # from (9,2) Surt II steps to (9,3), 3 from Bjorn in (9,6): it attacks without charging
    state = solo(("surt", H(9, 2), 2), at=H(9, 6))
    r = until(state, rolling)
    assert [(e.source, e.to) for e in r.of(gh.MonsterMoved)] == [(H(9, 2), H(9, 3))]
    assert dice(r.state) == 7


def test_legend_surt_i_has_range_2() -> None:
    state = solo(("surt", H(9, 2), 1), at=H(9, 6))
    r = until(state, rolling)
    assert [e.why for e in r.of(gh.MonsterMoved)] == ["move", "charge"]
    assert dice(r.state) == 4


# -- Nidhuggr --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("side", "damage", "expected"), [(1, 0, 13), (1, 4, 9), (2, 5, 13)])
def test_legend_nidhuggr_attacks_with_strength_equal_to_its_remaining_health(
    side: int, damage: int, expected: int
) -> None:
    state = cleared(("bjorn",))
    state = sc.place_monster(state, "nidhuggr", H(10, 5), damage=damage, side=side)
    state = sc.put_hero(state, "bjorn", H(10, 6))
    r = until(state, rolling)
    assert dice(r.state) == expected


# -- gold and cards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("legend", "side", "gold"),
    [("seer", 1, 3), ("hrungbald", 1, 4), ("surt", 1, 5), ("grendel", 2, 7), ("nidhuggr", 2, 8)],
)
def test_killing_a_legend_earns_its_gold(legend: str, side: int, gold: int) -> None:
    state = cleared(("bjorn",))
    health = {"seer": 5, "hrungbald": 6, "surt": 7, "grendel": 15, "nidhuggr": 18}[legend]
    state = sc.place_monster(state, legend, H(9, 5), damage=health - 1, side=side)
    state = sc.put_hero(state, "bjorn", H(9, 6))
    r = attack(state, H(9, 5), gh.Roll(1, 0, 0, 2))
    assert r.of(gh.MonsterKilled) == [gh.MonsterKilled(legend, H(9, 5), 0, gold)]
    assert sc.hero_info(r.state, "bjorn").gold == gold


def test_a_legend_card_is_held_while_it_lives_and_goes_to_the_bottom_when_it_dies() -> None:
    state = cleared(("bjorn",))
    state = sc.place_monster(state, "surt", H(9, 5), damage=6, side=2)
    card = state.held[0]
    assert card == "m40" and card not in state.red
    state = sc.put_hero(state, "bjorn", H(9, 6))
    state = sc.place_monster(sc.remove_monster(state, H(9, 5)), "surt", H(9, 5), damage=14, side=2)
    r = attack(state, H(9, 5), gh.Roll(1, 0, 0, 2))
    assert r.state.held == ()
    assert r.state.red[-1] == "m40"
