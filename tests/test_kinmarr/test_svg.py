"""The SVG pictures: every tile, token and number where a test or a front end finds it (by ``id``
and ``class``), nothing a view hides, text escaped, and well-formed pictures all through random
games in both chance modes."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import kinmarr
from kinmarr import scenario
from tabletop_rules import play

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The picture's root, checked to be one SVG document."""
    assert svg.startswith("<svg")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def by_id(root: ET.Element, id_: str) -> ET.Element:
    found = [e for e in root.iter() if e.get("id") == id_]
    assert len(found) == 1, f"{len(found)} elements with id {id_!r}"
    return found[0]


def with_class(root: ET.Element, *classes: str) -> list[ET.Element]:
    return [e for e in root.iter() if set(classes) <= set((e.get("class") or "").split())]


def title(element: ET.Element) -> str:
    first = element.find(f"{SVG}title")
    assert first is not None and first.text is not None
    return first.text


def text(element: ET.Element) -> str:
    return " ".join("".join(element.itertext()).split())


def cards_in(element: ET.Element, cls: str) -> list[str]:
    """The cards drawn with class ``cls`` in ``element``, in order."""
    return [card for e in with_class(element, cls) if (card := e.get("data-card")) is not None]


def tile_id(tile: kinmarr.Tile) -> str:
    return f"tile-{tile.ring}-{tile.index}"


def middle() -> kinmarr.State:
    """A four-guild game in mid play: tokens spread over both paths (two sharing a tile), cards
    in slots and hands, a wounded guild with coins, Fate raised."""
    state = kinmarr.new_game(seed=5)
    state = scenario.put_player(state, 0, kinmarr.CHURCHYARD)
    state = scenario.put_player(state, 1, kinmarr.Tile("inner", 6))
    state = scenario.put_player(state, 2, kinmarr.Tile("inner", 6))
    state = scenario.put_player(state, 3, kinmarr.Tile("outer", 9))
    state = scenario.give(state, 0, "consecrated-hammer", slot=True)
    state = scenario.give(state, 0, "tower-shield", slot=True)
    state = scenario.give(state, 0, "grey-wolf-1")
    state = scenario.give(state, 0, "skeleton-1")
    state = scenario.give(state, 1, "firebolt", slot=True)
    state = scenario.give(state, 3, "watchtower")
    state = scenario.set_player(state, 0, wounds=2, coins=7)
    state = scenario.set_player(state, 2, coins=3)
    return scenario.set_fate(state, 6)


def check_tokens(root: ET.Element, position: kinmarr.State | kinmarr.View) -> None:
    """Each living guild's token stands in its tile's group; a dead guild has none, and its
    panel says so."""
    ids: dict[str, ET.Element] = {}
    for element in root.iter():
        if (id_ := element.get("id")) is not None:
            assert id_ not in ids, f"two elements with id {id_!r}"
            ids[id_] = element
    tokens = with_class(root, "token")
    assert len(tokens) == sum(player.alive for player in position.players)
    for seat, player in enumerate(position.players):
        panel = ids[f"guild-panel-seat-{seat}"]
        if player.tile is None:
            assert f"token-seat-{seat}" not in ids
            assert "dead" in (panel.get("class") or "").split()
            continue
        token = ids[f"token-seat-{seat}"]
        assert {"token", f"seat-{seat}"} <= set((token.get("class") or "").split())
        assert token in list(ids[tile_id(player.tile)])
        assert token.get("data-tile") == str(player.tile)


def check_inside(root: ET.Element) -> None:
    """Every placed shape and text lies inside the viewBox."""
    x0, y0, width, height = (float(n) for n in (root.get("viewBox") or "").split())
    assert (x0, y0) == (0, 0)
    for element in root.iter():
        for xs, ys in (("x", "y"), ("cx", "cy")):
            x, y = element.get(xs), element.get(ys)
            if x is not None and y is not None and not x.endswith("%"):
                assert 0 <= float(x) <= width and 0 <= float(y) <= height, element.attrib


# -- what is drawn --------------------------------------------------------------------------------


def test_every_tile_is_drawn_once_with_its_name_and_marks() -> None:
    root = parse(kinmarr.render_svg(kinmarr.new_game(seed=1), seat=0))
    pack = kinmarr.standard_pack()
    paths = {"inner": pack.board.inner, "outer": pack.board.outer}
    assert len(with_class(root, "tile")) == sum(len(specs) for specs in paths.values()) == 41
    for ring, specs in paths.items():
        assert len(with_class(by_id(root, f"ring-{ring}"), "tile", ring)) == len(specs)
        for index, spec in enumerate(specs):
            tile = by_id(root, f"tile-{ring}-{index}")
            classes = (tile.get("class") or "").split()
            assert classes[:2] == ["tile", ring]
            assert spec.name in title(tile) and spec.text in title(tile)
            assert tile.get("data-name") == spec.name and tile.get("data-tile") == f"{ring}:{index}"
            special = spec.special.replace("_", "-") if spec.special else None
            assert ("special" in classes) == (special is not None)
            assert special is None or special in classes
    assert by_id(root, tile_id(kinmarr.CASTLE)).get("class") == "tile inner special castle"
    assert len(with_class(root, "tile", "special")) == 4
    assert [e.get("id") for e in with_class(root, "tile", "tagged")] == [
        tile_id(kinmarr.CHURCHYARD)
    ]
    assert {"draws-undead", "fate-change"} <= set(
        (by_id(root, tile_id(kinmarr.CHURCHYARD)).get("class") or "").split()
    )


def test_the_links_between_the_paths_come_from_the_teleports_of_the_pack() -> None:
    root = parse(kinmarr.render_svg(kinmarr.new_game(seed=1)))
    links = {(e.get("data-from"), e.get("data-to")) for e in with_class(root, "link")}
    assert links == {
        (str(kinmarr.INNER_SIGNPOST), str(kinmarr.OUTER_SIGNPOST)),
        (str(kinmarr.OBSERVATORY), str(kinmarr.CASTLE)),
    }


def test_each_living_guild_token_stands_on_its_tile() -> None:
    state = middle()
    root = parse(kinmarr.render_svg(state))
    check_tokens(root, state)
    shared = by_id(root, "tile-inner-6")
    assert [t.get("id") for t in with_class(shared, "token")] == ["token-seat-1", "token-seat-2"]
    assert "turn" in (by_id(root, "token-seat-0").get("class") or "").split()


def test_a_dead_guild_has_no_token_and_a_greyed_panel() -> None:
    config = kinmarr.Config(chance="sampled")
    agents = [kinmarr.GAME.agents["random" if i % 2 else "heuristic"]() for i in range(4)]
    final, _ = play(kinmarr.GAME, agents, seed=3, config=config)
    dead = [seat for seat, player in enumerate(final.players) if not player.alive]
    assert dead
    root = parse(kinmarr.render_svg(final))
    check_tokens(root, final)
    for seat in dead:
        assert "off the board" in text(by_id(root, f"guild-panel-seat-{seat}"))


def test_fate_round_prophecy_shop_and_decks_show_the_state() -> None:
    state = middle()
    root = parse(kinmarr.render_svg(state, seat=1))
    fate = by_id(root, "fate")
    assert (fate.get("data-value"), fate.get("data-max")) == ("6", "10")
    assert "6" in text(fate) and "of 10" in text(fate)
    assert (
        len(with_class(fate, "fate-pip", "filled")) == 6 and len(with_class(fate, "fate-pip")) == 10
    )
    assert by_id(root, "round").get("data-value") == str(state.round)
    assert text(by_id(root, "round")) == f"Round {state.round}"
    rules = state.config.rules
    assert state.prophecy is not None
    assert rules.card[state.prophecy].name in text(by_id(root, "prophecy"))
    shop = with_class(root, "shop-card")
    assert [e.get("id") for e in shop] == [f"shop-card-{card}" for card in state.shop]
    for element, card in zip(shop, state.shop, strict=True):
        assert element.get("data-value") == str(rules.card[card].value)
        assert [c.get("data-value") for c in with_class(element, "price")] == [
            str(rules.card[card].value)
        ]
        assert rules.card[card].name in title(element)
    for name, deck in (
        ("encounter", state.encounters),
        ("ability", state.abilities),
        ("item", state.items),
        ("prophecy", state.prophecies),
    ):
        assert by_id(root, f"deck-{name}").get("data-size") == str(len(deck))


def test_each_guild_panel_shows_coins_wounds_slots_and_hand() -> None:
    state = middle()
    root = parse(kinmarr.render_svg(state, seat=0))
    for seat, player in enumerate(state.players):
        panel = by_id(root, f"guild-panel-seat-{seat}")
        assert {"guild-panel", f"seat-{seat}"} <= set((panel.get("class") or "").split())
        assert state.config.rules.guild[player.guild].name in text(panel)
        [coins] = with_class(panel, "coins")
        assert coins.get("data-value") == str(player.coins)
        [wounds] = with_class(panel, "wounds")
        assert (wounds.get("data-value"), wounds.get("data-max")) == (str(player.wounds), "3")
        assert len(with_class(wounds, "wound-pip", "filled")) == player.wounds
        assert len(with_class(wounds, "wound-pip")) == 3 and f"{player.wounds}/3" in text(wounds)
        [slots] = with_class(panel, "slots")
        assert slots.get("data-count") == str(len(player.slots))
        assert cards_in(slots, "slot") == list(player.slots)
        assert len(with_class(slots, "slot", "empty")) == 3 - len(player.slots)
        [hand] = with_class(panel, "hand")
        assert cards_in(hand, "card") == list(player.hand)
    assert "trophies: 2 creatures" in text(by_id(root, "guild-panel-seat-0"))
    assert "trophies: 1 tower" in text(by_id(root, "guild-panel-seat-3"))
    assert not with_class(by_id(root, "guild-panel-seat-2"), "trophies")
    assert "viewer" in (by_id(root, "guild-panel-seat-0").get("class") or "").split()


def test_the_caption_names_who_must_answer_and_why() -> None:
    state = kinmarr.apply(middle(), kinmarr.Travel())
    decision = kinmarr.decision(state)
    assert decision is not None
    caption = by_id(parse(kinmarr.render_svg(state)), "caption")
    assert caption.get("data-seat") == str(decision.seat)
    assert caption.get("data-kind") == decision.kind
    said = kinmarr.describe(state, decision)  # the question in a player's words
    assert said.startswith("Feudal Pact: choose") and said in text(caption)
    assert "possible answers" not in text(caption)  # notations are for the list, not the picture


def test_a_fight_shows_its_dice_and_a_choice_its_cards() -> None:
    config = kinmarr.Config(guilds=("feudal_pact", "pathfinders"), chance="explicit")
    state = kinmarr.new_game(config, seed=0)
    for card in ("a-full-purse", "leather-armour-1", "short-sword-1", "chain-mail", "war-axe"):
        state = kinmarr.apply(state, kinmarr.Reveal(card))
    state = scenario.put_player(state, 0, kinmarr.Tile("inner", 1))
    for move in ("travel", "1", "grey-wolf-1", "sinkhole", "bad-omen-1"):
        state = kinmarr.apply(state, kinmarr.parse_action(state, move))
    caption = by_id(parse(kinmarr.render_svg(state, seat=1)), "caption")
    assert cards_in(caption, "drawn") == ["grey-wolf-1", "sinkhole", "bad-omen-1"]
    for move in ("choose:grey-wolf-1", "critical"):
        state = kinmarr.apply(state, kinmarr.parse_action(state, move))
    caption = by_id(parse(kinmarr.render_svg(state, seat=1)), "caption")
    [fight] = with_class(caption, "fight")
    assert fight.get("data-card") == "grey-wolf-1"
    colours = state.config.rules.guild["feudal_pact"].dice
    assert [d.get("class") for d in with_class(fight, "die")] == [f"die {c}" for c in colours]
    assert [d.get("data-face") for d in with_class(fight, "die")] == ["critical", None]


def test_a_finished_game_shows_the_winners_and_scores() -> None:
    state = kinmarr.new_game(kinmarr.Config(guilds=("feudal_pact", "pathfinders")), seed=7)
    while not kinmarr.is_over(state):
        state = kinmarr.apply(state, kinmarr.legal_actions(state)[0])
    assert state.ending is not None
    root = parse(kinmarr.render_svg(state))
    ended = kinmarr.outcome(state)
    assert ended is not None
    assert f"Game over. {kinmarr.describe(state, ended)}" in text(by_id(root, "caption"))
    assert "one token stands alone" in text(by_id(root, "caption"))
    assert by_id(root, "caption").get("data-seat") is None
    for seat in state.ending.winners:
        assert "winner" in (by_id(root, f"guild-panel-seat-{seat}").get("class") or "").split()


# -- what is hidden -------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 3])
def test_a_view_carries_nothing_the_view_hides(seat: int) -> None:
    state = kinmarr.apply(middle(), kinmarr.Travel())
    seen = kinmarr.render_svg(state, seat=seat)
    assert seen == kinmarr.render_svg(kinmarr.view(state, seat))
    for seed in (1, 2, 3):
        other = kinmarr.redeal(kinmarr.view(state, seat), seed)
        assert other.encounters.top != state.encounters.top
        assert kinmarr.render_svg(other, seat=seat) == seen  # the orders never show
        assert kinmarr.render_svg(other) != kinmarr.render_svg(state)  # the whole state shows them
    root = parse(seen)
    assert by_id(root, "viewer").get("data-seat") == str(seat)
    rules = state.config.rules
    for name, deck in (("encounter", state.encounters), ("item", state.items)):
        about = title(by_id(root, f"deck-{name}"))
        assert not [c for c in deck.cards() if rules.card[c].name in about], about


def test_the_whole_state_shows_the_deck_orders_in_the_tooltips() -> None:
    state = middle()
    about = title(by_id(parse(kinmarr.render_svg(state)), "deck-encounter"))
    names = [state.config.rules.card[c].name for c in state.encounters.cards()[:12]]
    assert f"next first: {', '.join(names)} and " in about


def test_a_view_is_drawn_for_its_own_seat_only() -> None:
    state = kinmarr.new_game(seed=2)
    with pytest.raises(ValueError, match="a view of seat 1 cannot be drawn for seat 2"):
        kinmarr.render_svg(kinmarr.view(state, 1), seat=2)
    assert kinmarr.render_svg(kinmarr.view(state, 1), seat=1) == kinmarr.render_svg(state, seat=1)
    with pytest.raises(ValueError, match="seats 0 to 3, not 4"):
        kinmarr.render_svg(state, seat=4)


# -- the document ---------------------------------------------------------------------------------


def test_text_from_a_custom_pack_is_escaped() -> None:
    data = kinmarr.pack_to_json(kinmarr.standard_pack())
    tricky = 'Market <Square> & "Co"'
    data["board"]["inner"][1]["name"] = tricky
    data["guilds"][0]["name"] = "Pact & <Sons>"
    pack = kinmarr.pack_from_json(json.dumps(data))
    state = kinmarr.new_game(
        kinmarr.Config(guilds=("feudal_pact", "pathfinders"), pack=pack), seed=3
    )
    state = scenario.put_player(state, 1, kinmarr.Tile("inner", 1))
    svg = kinmarr.render_svg(state)
    root = parse(svg)
    tile = by_id(root, "tile-inner-1")
    assert tile.get("data-name") == tricky and title(tile).startswith(f"inner:1 {tricky}")
    assert "Pact & <Sons>" in text(by_id(root, "guild-panel-seat-0"))
    assert "<Sons>" not in svg and "&lt;Sons&gt;" in svg


def test_the_picture_fits_its_view_box() -> None:
    state = middle()
    root = parse(kinmarr.render_svg(state))
    check_inside(root)
    assert re.fullmatch(r"0 0 \d+ \d+", root.get("viewBox") or "")
    assert (root.get("width"), root.get("height")) == tuple((root.get("viewBox") or "").split()[2:])


def test_states_and_views_show_as_pictures_in_jupyter() -> None:
    state = middle()
    seen = kinmarr.view(state, 2)
    assert state._repr_svg_() == kinmarr.render_svg(state)  # type: ignore[attr-defined]
    assert seen._repr_svg_() == kinmarr.render_svg(seen)  # type: ignore[attr-defined]
    assert kinmarr.GAME.render_svg == kinmarr.render_svg


# -- whole games ----------------------------------------------------------------------------------


def sample(states: list[kinmarr.State], count: int) -> Iterator[kinmarr.State]:
    """About ``count`` states spread over the game, the first of each decision kind, the last."""
    kinds: set[str | None] = set()
    stride = max(1, len(states) // count)
    for i, state in enumerate(states):
        decision = kinmarr.decision(state)
        kind = None if decision is None else decision.kind
        if i % stride == 0 or kind not in kinds or i == len(states) - 1:
            kinds.add(kind)
            yield state


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
@pytest.mark.parametrize("guilds", [2, 4])
def test_random_games_draw_well_formed_pictures(guilds: int, chance: kinmarr.Chance) -> None:
    config = kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[:guilds], chance=chance)
    for seed in (0, 1):
        agents = [kinmarr.GAME.agents["random" if i % 2 else "heuristic"]() for i in range(guilds)]
        _, actions = play(kinmarr.GAME, agents, seed=seed, config=config)
        states = list(kinmarr.replay(kinmarr.record(actions, seed=seed, config=config)))
        for n, state in enumerate(sample(states, 24)):
            seat = kinmarr.current_player(state)
            if n % 2 and seat is not None and seat >= 0:
                position: kinmarr.State | kinmarr.View = kinmarr.view(state, seat)
            else:
                position = state
            root = parse(kinmarr.render_svg(position))
            check_tokens(root, position)
            check_inside(root)
