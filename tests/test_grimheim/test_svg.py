"""The SVG pictures: every area, monster, hero, town piece and time spot is drawn with the ids and
classes front ends select; a seat's picture shows its own hand and nothing it may not see; the
text is escaped; every picture of random games parses."""

from __future__ import annotations

import operator
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Literal

import attrs
import pytest
from tests.test_grimheim.helpers import cleared, custom_pack, hand, in_play, set_card, until

import grimheim as gh
from grimheim import scenario as sc
from tabletop_rules import CHANCE, play

H = gh.Hex
NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox", "").startswith("0 0 ")
    return root


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def having(root: ET.Element, *names: str) -> list[ET.Element]:
    """The elements that have every class of ``names``."""
    return [e for e in root.iter() if set(names) <= classes(e)]


def ids(root: ET.Element) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for element in root.iter():
        key = element.get("id")
        if key is not None:
            assert key not in found, f"the id {key} is used twice"
            found[key] = element
    return found


def texts(element: ET.Element) -> list[str]:
    """The words drawn inside ``element`` (its ``<text>`` elements, not its tooltips)."""
    return [t.text or "" for t in element.iter(f"{NS}text")]


def tooltip(element: ET.Element) -> str:
    found = element.find(f"{NS}title")
    assert found is not None, f"{element.get('id')} has no title"
    return found.text or ""


def picture(position: gh.State | gh.View, seat: int | None = None) -> ET.Element:
    return parse(gh.render_svg(position, seat=seat))


def test_every_area_of_the_pack_is_drawn_with_its_terrain() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn",)), seed=1)
    board = state.config.pack.map
    root = picture(state)
    found = ids(root)
    assert len(having(root, "hex")) == len(board.hexes) + len(board.grimheim)
    for h in board.hexes:
        element = found[f"hex-{h.x}-{h.y}"]
        assert classes(element) == {"hex", h.terrain} | ({"road"} if h.road else set())
        assert tooltip(element).startswith(f"{h.x},{h.y}: {h.terrain}")
    for x, y in board.grimheim:
        assert classes(found[f"hex-{x}-{y}"]) == {"hex", "town"}
    for loc in board.locations:
        assert loc.name in tooltip(found[f"location-{loc.id}"])
        assert texts(found[f"label-{loc.id}"])[-1] == loc.name
    assert {b.get("id") for b in having(root, "bonus")} == {
        f"bonus-{b.at[0]}-{b.at[1]}" for b in board.bonus
    }


def test_every_monster_is_drawn_with_its_kind_faction_side_and_damage() -> None:
    state = cleared(("bjorn",))
    for kind, at, damage, side in [
        ("troll", H(9, 5), 2, 1),
        ("goblin", H(4, 11), 0, 1),
        ("surt", H(12, 13), 4, 2),
        ("queen", H(14, 9), 0, 2),
        ("skeleton", H(15, 8), 1, 1),
    ]:
        state = sc.place_monster(state, kind, at, damage=damage, side=side)
    root = picture(state)
    found = ids(root)
    assert len(having(root, "monster")) == len(state.monsters) == 5
    shown = {}
    for m in state.monsters:
        h = state.config.geo.hexes[m.at]
        element = found[f"monster-{h.x}-{h.y}"]
        assert {"monster", m.kind} <= classes(element)
        assert element.get("data-damage") == str(m.damage)
        shown[m.kind] = (texts(element), classes(element))
    assert shown["troll"][0] == ["Tro", "2/7"] and {"trollkin", "hurt"} <= shown["troll"][1]
    assert shown["goblin"][0] == ["Gob", "0/2"] and "hurt" not in shown["goblin"][1]
    assert shown["surt"][0] == ["Sur II", "4/15"]
    assert {"legend", "side-2", "fire_horde"} <= shown["surt"][1]
    assert shown["skeleton"][0] == ["Ske", "1/4"]  # Queen II gives the other Dead +1 health


def test_a_pinned_monster_and_a_bounty_are_marked_on_its_token() -> None:
    state = sc.place_monster(cleared(("bjorn",)), "troll", H(9, 5))
    state = attrs.evolve(
        state, monsters=(attrs.evolve(state.monsters[0], pinned=True, pinned_by="", bounty=2),)
    )
    gh.validate(state)
    troll = ids(picture(state))["monster-9-5"]
    assert "pinned" in classes(troll) and troll.get("data-bounty") == "2"
    assert texts(troll) == ["Tro", "0/7", "P", "2"]
    tooltip = troll[0].text or ""
    assert "pinned" in tooltip and "bounty 2 gold" in tooltip
    plain = ids(picture(sc.place_monster(cleared(("bjorn",)), "troll", H(9, 5))))["monster-9-5"]
    assert "pinned" not in classes(plain) and texts(plain) == ["Tro", "0/7"]


def test_a_card_shows_its_markers_and_its_uses_in_words() -> None:
    state = sc.give_card(cleared(("bjorn",)), "bjorn", "bjorn-black-arrows", in_play=True)
    arrows = ids(picture(state, 0))["card-0-bjorn-black-arrows"]
    assert arrows.get("data-markers") == "3" and "3" in texts(arrows)
    tooltip = arrows[0].text
    assert tooltip is not None and "markers 3" in tooltip
    assert "take 1 marker off this card: add 3 damage" in tooltip


def test_every_hero_is_drawn_in_its_seat_colour_with_a_panel() -> None:
    state = sc.put_hero(cleared(("bjorn", "alva", "embla", "boldur")), "alva", H(9, 6))
    root = picture(state)
    found = ids(root)
    fills = set()
    for seat, hero in enumerate(state.heroes):
        token = found[f"hero-{seat}"]
        assert {"hero", f"seat-{seat}", hero.id} <= classes(token)
        assert token.get("data-at") == ("9,6" if hero.id == "alva" else "grimheim")
        fills.add(token.findall(f"{NS}circle")[-1].get("fill"))
        panel = found[f"hero-panel-{seat}"]
        assert {"hero-panel", f"seat-{seat}"} <= classes(panel)
        assert texts(panel)[0].startswith(f"{hero.id.title()} · seat {seat}")
    assert len(fills) == 4
    assert having(root, "hero", "asked") == [found["hero-0"]]


def test_the_cards_in_play_show_their_side_mana_and_damage() -> None:
    state = in_play(cleared(("bjorn",)), 0, "bjorn-throwing-axes")
    state = set_card(state, 0, "bjorn-throwing-axes", damage=1)
    state = set_card(state, 0, "bjorn-sure-shot", mana=2, side=2)
    found = ids(picture(state, 0))
    assert [e.get("data-card") for e in having(found["hero-panel-0"], "card")] == [
        c.id for c in state.heroes[0].cards
    ]
    axes = found["card-0-bjorn-throwing-axes"]
    assert classes(axes) == {"card", "equipment", "side-1"} and "1/2" in texts(axes)
    shot = found["card-0-bjorn-sure-shot"]
    assert classes(shot) == {"card", "ability", "side-2"} and "2" in texts(shot)
    assert "ability · side II" in texts(shot)
    assert shot.get("data-mana") == "2"


def test_the_town_pieces_left_are_drawn_and_the_lost_ones_hollow() -> None:
    state = sc.set_town(cleared(("bjorn", "alva")), 2)
    town = ids(picture(state))["town"]
    pieces = having(town, "town-piece")
    assert len(pieces) == 6 and town.get("data-pieces") == "2"
    assert len([p for p in pieces if "lost" not in classes(p)]) == 2
    assert "lost" not in classes(having(town, "well")[0])
    last = ids(picture(sc.set_town(state, 1)))["town"]
    assert [classes(p) for p in having(last, "town-piece") if "lost" not in classes(p)] == [
        {"town-piece", "well"}
    ]


@pytest.mark.parametrize(("track", "spot"), [("short", 9), ("long", 1), ("long", 16)])
def test_the_time_track_shows_every_spot_and_the_current_one(track: str, spot: int) -> None:
    spots = getattr(gh.standard_pack().time, track)
    if spot < len(spots):
        state = sc.set_time(cleared(("bjorn",), track=track), spot)
    else:  # the last spot is reached by its monster turn, which ends the game
        state = sc.set_time(cleared(("bjorn",), track=track), spot - 1)
        state = until(state, lambda s: s.turn is None, gh.EndTurn()).state
    root = picture(state)
    drawn = having(root, "time-spot")
    assert len(drawn) == len(spots)
    for i, (element, want) in enumerate(zip(drawn, spots, strict=True)):
        assert element.get("id") == f"time-spot-{i + 1}"
        assert {want.kind, want.colour} <= classes(element)
    current = having(root, "time-spot", "current")
    assert [e.get("id") for e in current] == [f"time-spot-{spot}"]
    assert len(having(root, "time-spot", "past")) == spot - 1


def hands() -> gh.State:
    state = cleared(("bjorn", "alva"))
    state = hand(state, 0, "bjorn-master-shot", "bjorn-sewing")
    return hand(state, 1, "alva-agility", "alva-mastery", "alva-mastery")


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = hands()
    svg = gh.render_svg(state, seat=0)
    found = ids(parse(svg))
    mine = having(found["hero-panel-0"], "hand-card")
    assert [e.get("data-card") for e in mine] == ["bjorn-master-shot", "bjorn-sewing"]
    assert [texts(e)[0] for e in mine] == ["Master Shot", "Sewing"]
    theirs = having(found["hero-panel-1"], "hand-card")
    assert len(theirs) == 3 and all("back" in classes(e) for e in theirs)
    assert all(e.get("data-card") is None for e in theirs)
    names = {state.config.cards[c].name for c in state.heroes[1].hand}
    for secret in {*state.heroes[1].hand, *names}:
        assert secret not in svg
    whole = gh.render_svg(state)
    assert all(secret in whole for secret in {*state.heroes[1].hand, *names})


def test_a_seat_picture_depends_only_on_what_the_seat_may_see() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=4)
    seen = gh.render_svg(state, seat=1)
    redealt = [gh.redeal(gh.view(state, 1), seed) for seed in range(4)]
    assert all(gh.render_svg(other, seat=1) == seen for other in redealt)
    assert any(gh.render_svg(other) != gh.render_svg(state) for other in redealt)
    decks = having(ids(parse(seen))["hero-panel-0"], "decks")[0]
    assert f"event deck, next first: {len(state.heroes[0].events)} hidden" in tooltip(decks)
    names = [state.config.cards[c].name for c in state.heroes[0].events]
    whole = having(ids(picture(state))["hero-panel-0"], "decks")[0]
    assert f"event deck, next first: {', '.join(names)}" in tooltip(whole)


def test_a_view_is_drawn_as_its_state_for_its_seat() -> None:
    state = hands()
    seen = gh.view(state, 1)
    assert gh.render_svg(seen) == gh.render_svg(state, seat=1) == gh.render_svg(seen, seat=1)
    assert parse(gh.render_svg(seen)).get("data-seat") == "1"
    assert parse(gh.render_svg(state)).get("data-seat") is None
    with pytest.raises(ValueError, match="seat 1"):
        gh.render_svg(seen, seat=0)
    with pytest.raises(ValueError, match="no seat"):
        gh.render_svg(state, seat=2)


def test_states_and_views_show_as_pictures_in_jupyter() -> None:
    state = hands()
    shown = operator.methodcaller("_repr_svg_")
    assert shown(state) == gh.render_svg(state)
    assert shown(gh.view(state, 0)) == gh.render_svg(state, seat=0)
    assert gh.GAME.render_svg == gh.render_svg


def test_every_text_is_escaped() -> None:
    name = 'Sure <Shot> & "Co" \'s'
    pack = custom_pack("bjorn", {"bjorn-sure-shot": {"name": name}})
    state = gh.new_game(gh.Config(heroes=("bjorn",), pack=pack), seed=1)
    svg = gh.render_svg(state, seat=0)
    card = ids(parse(svg))["card-0-bjorn-sure-shot"]
    assert tooltip(card).startswith(name)
    assert name not in svg


def test_the_caption_says_who_must_answer_what() -> None:
    state = sc.place_monster(sc.put_hero(cleared(("bjorn",)), "bjorn", H(9, 6)), "troll", H(9, 5))
    caption = ids(picture(state))["caption"]
    assert (caption.get("data-seat"), caption.get("data-kind")) == ("0", "turn")
    rolling = gh.apply(state, gh.Attack(H(9, 5)))
    caption = ids(picture(rolling))["caption"]
    assert (caption.get("data-seat"), caption.get("data-kind")) == (str(CHANCE), "chance")
    assert "Bjorn attacks the Troll at 9,5" in " ".join(texts(caption))
    config = gh.Config(heroes=("bjorn",))
    final, _ = play(gh.GAME, [gh.GAME.agents["random"]()], seed=1, config=config)
    caption = ids(picture(final, 0))["caption"]
    assert "over" in classes(caption) and caption.get("data-kind") is None
    assert " ".join(texts(caption)).count("Game over") == 1


def test_the_key_names_every_faction_and_monster_of_the_pack() -> None:
    state = cleared(("bjorn",))
    words = " ".join(texts(ids(picture(state))["key"]))
    monsters = state.config.pack.monsters
    for name in [f.name for f in monsters.factions] + [k.name for k in monsters.kinds]:
        assert name in words
    assert all(leg.name in words for leg in monsters.legends)


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
@pytest.mark.parametrize("heroes", [1, 4])
def test_every_picture_of_random_games_parses(
    heroes: int, chance: Literal["sampled", "explicit"]
) -> None:
    names = ("bjorn", "alva", "embla", "boldur")[:heroes]
    config = gh.Config(heroes=names, chance=chance, monster_die=heroes > 1)
    board = config.pack.map
    for seed in (1, 2):
        agents = [
            gh.GAME.agents["defender" if (s + seed) % 2 else "random"]() for s in range(heroes)
        ]
        _, actions = play(gh.GAME, agents, seed=seed, config=config)
        states = list(gh.replay(gh.record(actions, seed=seed, config=config)))
        every = max(1, len(states) // 8)
        for index in [*range(0, len(states), every), len(states) - 1]:
            state = states[index]
            asked = gh.decision(state)
            for root in (picture(state), picture(state, index % heroes)):
                counts = Counter(c for e in root.iter() for c in e.get("class", "").split())
                assert counts["hex"] == len(board.hexes) + len(board.grimheim)
                assert counts["hero-panel"] == heroes
                assert counts["monster"] == len(state.monsters)
                assert counts["time-spot"] == len(state.config.pack.time.short)
                caption = root.find(f"{NS}g[@id='caption']")
                assert caption is not None
                assert caption.get("data-kind") == (None if asked is None else asked.kind)
