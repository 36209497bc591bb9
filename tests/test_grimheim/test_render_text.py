"""`render_text`: the board as text, and only what the position shows of the hands."""

from __future__ import annotations

import re

import attrs

import grimheim as gh
from grimheim import scenario


def game() -> gh.State:
    return gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=7)


def name(state: gh.State, card: str) -> str:
    """A card's printed name."""
    return state.config.cards[card].name


def test_render_text_of_a_state_shows_every_hand() -> None:
    state = game()
    text = gh.render_text(state)
    for hero in state.heroes:
        assert f"in hand: {name(state, hero.hand[0])}" in text


def test_render_text_of_a_view_shows_only_the_seats_own_hand() -> None:
    state = game()
    for seat in (0, 1):
        own = name(state, state.heroes[seat].hand[0])
        other = name(state, state.heroes[1 - seat].hand[0])
        text = gh.render_text(gh.view(state, seat))
        assert f"in hand: {own}" in text
        assert other not in text


def map_rows(text: str) -> dict[int, str]:
    """The map's rows by their ``y``: the lines of one-character signs a space apart that start
    and end with the same number."""
    rows = {}
    for line in text.splitlines():
        match = re.fullmatch(r" *(-?[0-9]+) +((?:\S )*\S) +(-?[0-9]+)", line)
        if match and match.group(1) == match.group(3):
            rows[int(match.group(1))] = line
    return rows


def axis(lines: list[str]) -> dict[int, int]:
    """The column of each number of an axis, its digits written downwards in ``lines``."""
    columns: dict[int, int] = {}
    for col in range(3, max(len(line) for line in lines)):
        digits = "".join(line[col] if col < len(line) else " " for line in lines).strip()
        if digits:
            columns[int(digits)] = col
    return columns


def x_axes(text: str) -> tuple[dict[int, int], dict[int, int]]:
    """The columns of the ``x`` numbers above the map and below it."""
    lines = text.splitlines()
    rows = map_rows(text)
    first, last = lines.index(rows[min(rows)]), lines.index(rows[max(rows)])
    assert lines[first - 1].lstrip().startswith("x ") and lines[last + 1].lstrip().startswith("x ")
    top = first - 1
    while re.fullmatch(r"[0-9 ]+", lines[top - 1]):  # the digits above the last are higher
        top -= 1
    depth = first - top
    return axis(lines[top:first]), axis(lines[last + 1 : last + 1 + depth])


def sign_at(text: str, x: int, y: int) -> str:
    """The character drawn for hex ``(x, y)``, found by the coordinates around the map: on row
    ``y``, down and to the right of ``x`` above the map (one column a row), and up and to the
    left of ``x`` below it."""
    rows = map_rows(text)
    above, below = x_axes(text)
    from_top = above[x] + (y - min(rows) + 1)
    from_bottom = below[x] - (max(rows) + 1 - y)
    assert from_top == from_bottom, (x, y)
    return rows[y][from_top]


def key(text: str) -> dict[str, dict[str, str]]:
    """The key under the map: its lines by their head, each a mapping of name to sign."""
    found: dict[str, dict[str, str]] = {}
    for line in text.splitlines():
        head, colon, rest = line.partition(": ")
        if colon and head in ("key", "heroes", "monsters", "legends"):
            found[head] = {item[2:]: item[0] for item in rest.split("  ")}
    return found


def test_render_text_draws_every_area_of_the_map() -> None:
    state = game()
    rows = map_rows(gh.render_text(state))
    assert sorted(rows) == list(range(1, 18))
    cells = sum(len(row.split()) - 2 for row in rows.values())  # less the two y labels
    assert cells == len(state.config.pack.map.hexes) + len(state.config.pack.map.grimheim)


def test_render_text_writes_both_coordinates_of_every_hex() -> None:
    """Each hex's sign is where its row ``y`` meets the diagonal of its ``x``, written above the
    map and again below it."""
    state = scenario.put_hero(game(), "alva", gh.Hex(6, 9))
    state = scenario.place_monster(state, "troll", gh.Hex(5, 9))
    state = scenario.place_monster(state, "grendel", gh.Hex(12, 3))
    text = gh.render_text(state)
    assert sign_at(text, 5, 9) == "t"
    assert sign_at(text, 6, 9) == "2"  # Alva, seat 1
    assert sign_at(text, 12, 3) == "R"
    assert sign_at(text, 9, 9) == "#"  # Freya's Well
    signs = key(text)["key"]
    geo = state.config.geo
    taken = {geo.hexes[m.at] for m in state.monsters} | {geo.hexes[h.at] for h in state.heroes}
    for area, h in enumerate(geo.hexes[: geo.town]):
        terrain = geo.terrain[area]
        want = signs["road"] if geo.road[area] and terrain == "plains" else signs[terrain]
        if h not in taken:
            assert sign_at(text, h.x, h.y) == want, h


def test_render_text_shows_the_heroes_in_grimheim() -> None:
    town = game().config.pack.map.grimheim
    for heroes in (("bjorn", "alva"), ("bjorn", "alva", "embla", "boldur")):
        state = gh.new_game(gh.Config(heroes=heroes), seed=1)
        assert all(hero.at == state.config.geo.town for hero in state.heroes)
        text = gh.render_text(state)
        signs = sorted(sign_at(text, x, y) for x, y in town)
        numbers = [str(seat + 1) for seat in range(len(heroes))]
        assert signs == ["#"] * (len(town) - len(heroes)) + numbers
        assert sign_at(text, 9, 9) == "#"  # Freya's Well, the centre, is taken last


def test_render_text_key_gives_every_sign_once() -> None:
    """Every terrain, hero, monster kind and legend has a sign of its own, whatever the case,
    and the key under the map says which; the map and its key fit in 100 columns."""
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva", "embla", "boldur")), seed=1)
    text = gh.render_text(state)
    found = key(text)
    assert set(found["key"]) == {"plains", "road", "forest", "mountain", "lake", "Grimheim"}
    assert found["heroes"] == {"Bjorn": "1", "Alva": "2", "Embla": "3", "Boldur": "4"}
    pack = state.config.pack.monsters
    assert list(found["monsters"]) == [kind.name for kind in pack.kinds]
    assert list(found["legends"]) == [legend.name for legend in pack.legends]
    signs = [sign for part in found.values() for sign in part.values()]
    assert len({sign.lower() for sign in signs}) == len(signs), signs
    assert all(sign.islower() for sign in found["monsters"].values())
    assert all(sign.isupper() for sign in found["legends"].values())
    assert "?" not in signs
    lines = text.splitlines()
    below = lines.index(next(line for line in lines if line.startswith("legends: ")))
    assert all(len(line) <= 100 for line in lines[: below + 1])
    assert all(len(line) <= 100 for line in lines if line.startswith(("  in play: ", "hurt: ")))


def test_render_text_shows_the_roll_waiting_to_be_used() -> None:
    """A hero's attack dice, to roll and then rolled, and a monster's hits while the hero may
    prevent some: each above the question, and gone once used."""
    config = gh.Config(heroes=("bjorn",), chance="explicit", hard_setup=True)
    state = gh.new_game(config, seed=0)
    for card in ("bjorn-quiver", "bjorn-eagle-eye", "m25"):
        state = gh.apply(state, gh.Drawn(card))
    state = scenario.put_hero(state, "bjorn", gh.Hex(6, 9))
    state = scenario.place_monster(state, "troll", gh.Hex(5, 9))
    state = scenario.give_card(state, "bjorn", "bjorn-helmet", in_play=True)
    assert "roll: " not in gh.render_text(state)

    def roll(position: gh.State | gh.View) -> str:
        lines = gh.render_text(position).splitlines()
        assert lines[-1].startswith("to answer: ")
        return lines[-2]

    attack = gh.apply(state, gh.parse_action(state, "attack 5,9"))
    assert roll(attack) == "roll: Bjorn attacks the Troll at 5,9: 3 dice to roll"
    attack = gh.apply(attack, gh.Roll(2, 0, 1, 0))
    asked = gh.decision(attack)
    assert asked is not None and asked.kind == "after-roll"
    rolled = "roll: Bjorn attacks the Troll at 5,9: rolled 2 hits and 1 rune"
    assert roll(gh.view(attack, 0)) == rolled

    for action in (gh.EndTurn(), gh.Drawn("bjorn-rest"), gh.SkipSwap()):
        state = gh.apply(state, action)
    assert roll(state) == "roll: the Troll at 5,9 attacks Bjorn: 6 dice to roll"
    state = gh.apply(state, gh.Roll(2, 0, 0, 4))
    asked = gh.decision(state)
    assert asked is not None and asked.kind == "prevent"
    hits = "roll: the Troll at 5,9 attacks Bjorn: rolled 2 hits, 2 damage to take"
    assert roll(gh.view(state, 0)) == hits
    state = gh.apply(state, gh.legal_actions(state)[-1])
    assert "roll: " not in gh.render_text(state)


def test_render_text_shows_markers_quest_progress_pins_and_bounties() -> None:
    from grimheim import scenario as sc

    state = gh.new_game(gh.Config(heroes=("bjorn",), hard_setup=True), seed=7)
    state = sc.give_card(state, "bjorn", "bjorn-black-arrows", in_play=True)
    hero = state.heroes[0]
    rest = [c for c in hero.equipment if c != "bjorn-trollbane"]
    state = attrs.evolve(
        state,
        heroes=(attrs.evolve(hero, equipment=("bjorn-trollbane", *rest), quest=3),),
        monsters=(attrs.evolve(state.monsters[0], pinned=True, bounty=2), *state.monsters[1:]),
    )
    gh.validate(state)
    text = gh.render_text(state)
    assert "Black Arrows 3x" in text
    assert "  quest: Trollbane (3 done)" in text
    first = state.monsters[0]
    kind = next(k.name for k in state.config.pack.monsters.kinds if k.id == first.kind)
    assert f"marked: {kind} {state.config.geo.hexes[first.at]} pinned bounty 2" in text


def test_render_text_says_monster_damage_as_the_hero_line_and_the_picture_do() -> None:
    """Damage taken of health, for heroes and monsters alike (the SVG's ``2/7`` label)."""
    state = game()
    first = state.monsters[0]
    hurt = attrs.evolve(first, damage=1)
    state = attrs.evolve(state, monsters=(hurt, *state.monsters[1:]))
    text = gh.render_text(state)
    kind = next(k for k in state.config.pack.monsters.kinds if k.id == first.kind)
    assert f"hurt: {kind.name} {state.config.geo.hexes[first.at]} damage 1/{kind.health}" in text
    assert "1 Bjorn: Grimheim, damage 0/" in text
    tags = re.findall(r"<[^>]*data-health=[^>]*>", gh.render_svg(state))
    numbers = 'data-damage="1"', f'data-health="{kind.health}"'
    assert any(all(n in tag for n in numbers) for tag in tags)  # the picture's monster


def test_render_text_says_who_answers_and_what_is_asked() -> None:
    state = game()
    asked = gh.decision(state)
    assert asked is not None
    said = gh.describe(state, asked)  # in a player's words
    assert gh.render_text(state).endswith(f"to answer: seat 0, {said}")
    assert said.startswith("Bjorn: choose an action")
    explicit = gh.new_game(gh.Config(heroes=("bjorn",), chance="explicit"), seed=1)
    assert gh.render_text(explicit).endswith("to answer: chance")
