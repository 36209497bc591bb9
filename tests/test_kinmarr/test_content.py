"""The standard content: the board, the guilds and the decks the content brief asks for."""

from __future__ import annotations

from collections import Counter

import kinmarr
from kinmarr import _words as _effects

PACK = kinmarr.standard_pack()


def test_the_board_has_15_inner_and_26_outer_tiles_with_the_special_ones_and_the_churchyard() -> (
    None
):
    assert (len(PACK.board.inner), len(PACK.board.outer)) == (15, 26)
    specials = [t.special for t in (*PACK.board.inner, *PACK.board.outer) if t.special]
    assert sorted(specials) == ["castle", "inner_signpost", "observatory", "outer_signpost"]
    churchyard = PACK.tile(kinmarr.CHURCHYARD)
    assert churchyard.effects == (
        kinmarr.Draw("encounter", 1, 1, "undead"),
        kinmarr.Fate(-1),
    )
    assert all(t.name for t in (*PACK.board.inner, *PACK.board.outer))


def test_the_outer_path_is_richer_and_deadlier() -> None:
    def draws(tiles: tuple[kinmarr.TileSpec, ...]) -> list[kinmarr.Draw]:
        return [e for t in tiles for e in t.effects if isinstance(e, kinmarr.Draw)]

    def choice(found: list[kinmarr.Draw]) -> float:
        return sum(d.count - d.choose for d in found) / len(found)

    def coins(tiles: tuple[kinmarr.TileSpec, ...]) -> int:
        return sum(e.amount for t in tiles for e in t.effects if isinstance(e, kinmarr.Coins))

    inner, outer = draws(PACK.board.inner), draws(PACK.board.outer)
    assert choice(inner) > choice(outer)  # more choice (safer) inside
    forced = [d for d in outer if d.count == d.choose]
    assert forced and not [d for d in inner if d.count == d.choose]
    assert coins(PACK.board.outer) > coins(PACK.board.inner)


def test_four_guilds_with_their_dice_and_powers() -> None:
    guilds = {g.id: g for g in PACK.guilds}
    assert list(guilds) == list(kinmarr.DEFAULT_GUILDS)
    assert [g.name for g in PACK.guilds] == [
        "Feudal Pact",
        "Arcane Commune",
        "Pathfinders",
        "Heirs of Kinmarr",
    ]
    assert len({g.dice for g in PACK.guilds}) == 4  # each rolls its own set
    arcane = guilds["arcane_commune"].power.triggers[0]
    assert arcane.when.no_ability and arcane.effects == (kinmarr.GainAbility(1),)
    steal = guilds["pathfinders"].power.usage
    assert steal is not None and isinstance(steal.effects[0], kinmarr.Steal)


def test_the_decks_hold_every_kind_of_card() -> None:
    kinds = Counter((c.deck, c.kind) for c in PACK.cards)
    assert kinds[("encounter", "creature")] >= 30
    assert kinds[("encounter", "place")] >= 5 and kinds[("encounter", "event")] >= 5
    assert kinds[("encounter", "tower")] >= 4 and kinds[("prophecy", "prophecy")] >= 10
    lasting = [c for c in PACK.cards if c.kind == "event" and c.lasting]
    assert len(lasting) >= 2
    creatures = [c for c in PACK.cards if c.kind == "creature"]
    assert min(c.value for c in creatures) == 1 and max(c.value for c in creatures) >= 7
    assert any("undead" in c.tags for c in creatures)
    abilities = [c for c in PACK.cards if c.kind == "ability"]
    assert {c.guild for c in abilities} == {None, *kinmarr.DEFAULT_GUILDS}
    items = [c for c in PACK.cards if c.kind == "item"]
    assert any(c.usage for c in items) and any(c.passive for c in items)
    assert any(isinstance(e, kinmarr.Block) for c in items for e in c.passive)
    assert all(c.effects for c in PACK.cards if c.kind == "tower")


def test_the_named_cards_of_the_seed_are_there() -> None:
    assert PACK.card("royal-ring").kind == "item"
    assert PACK.card("twist-of-fate").kind == "ability"
    hammer = PACK.card("consecrated-hammer")
    assert kinmarr.Hits(2, "undead") in hammer.passive


def test_the_standard_content_uses_the_whole_effect_vocabulary() -> None:
    used: set[type] = set()
    for tile in (*PACK.board.inner, *PACK.board.outer):
        used.update(type(e) for e in tile.effects)
    for card in PACK.cards:
        used.update(type(e) for e in (*card.effects, *card.passive, *card.reward))
        if card.usage is not None:
            used.update(type(e) for e in card.usage.effects)
    for guild in PACK.guilds:
        power = guild.power
        used.update(type(e) for e in power.passive)
        used.update(type(e) for t in power.triggers for e in t.effects)
        if power.usage is not None:
            used.update(type(e) for e in power.usage.effects)
    assert used == set(_effects.EFFECTS)


def test_card_ids_are_unique_and_copies_are_numbered() -> None:
    ids = [c.id for c in PACK.cards]
    assert len(set(ids)) == len(ids)
    assert {"grey-wolf-1", "grey-wolf-2", "grey-wolf-3"} <= set(ids) and "grey-wolf" not in ids
    assert PACK.card("grey-wolf-2").name == "Grey Wolf"


def test_the_standard_pack_is_saved_by_reference() -> None:
    ref = kinmarr.standard_ref()
    assert (ref.pack, ref.version) == ("standard", 1) and len(ref.digest) == 64
