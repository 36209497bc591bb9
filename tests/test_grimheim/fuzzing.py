"""The grimheim set-up of the fuzzer (:func:`tabletop_rules.testing.fuzz_game`): its content
files, its configs, and an oracle that recounts an accepted state's pieces and cards.

``tests/contract/test_fuzz.py`` runs it small on every check, with the budget in ``contract.py``;
``scripts/fuzz.py grimheim`` runs it at full scale.
"""

from __future__ import annotations

from collections import Counter
from importlib import resources
from typing import Any

import attrs
from tests.contract.table import fuzzer

import grimheim as gh
from grimheim._cards import CONTENT_CONVERTER
from grimheim._content import MapData
from tabletop_rules import Rng, StateFormatError, read_content

HEROES = ("bjorn", "alva", "embla", "boldur")

CONFIGS = [
    gh.Config(heroes=HEROES[:n], chance=chance, monster_die=(n + (chance == "explicit")) % 2 == 0)
    for n in range(1, 5)
    for chance in ("sampled", "explicit")
]
"""Every hero count in both chance modes, half of them with the monster die."""


def _text(name: str) -> str:
    return resources.files("grimheim").joinpath(f"content/{name}").read_text("utf-8")


def _map_pack(text: str) -> gh.Pack:
    board = read_content(text, MapData, source="map.json", converter=CONTENT_CONVERTER)
    return attrs.evolve(gh.standard_pack(), map=board)


def _deck_that_plays(text: str) -> gh.HeroDeck:
    """Read a hero's card file and, when it is accepted, play a short game with it: a mutant must
    be refused with a ContentError naming the place, or make a deck that plays (any other error
    is a finding of the fuzzer)."""
    deck = gh.read_deck(text, "cards/mutant.json")
    standard = gh.standard_pack()
    if deck.hero not in {d.hero for d in standard.decks}:
        return deck
    pack = attrs.evolve(
        standard,
        name="mutant",
        decks=tuple(deck if d.hero == deck.hero else d for d in standard.decks),
    )
    config = gh.Config(heroes=(deck.hero,), pack=pack)
    state = gh.new_game(config, seed=len(text))
    rng = Rng.from_seed(len(text))
    for _ in range(150):
        if gh.is_over(state):
            break
        action, rng = rng.choice(gh.legal_actions(state))
        state = gh.apply(state, action)
    assert gh.loads(gh.dumps(state)) == state
    return deck


def content() -> list[tuple[str, str, Any]]:
    """The content files to mutate, with their loaders: the map, and each hero's card file, read
    and played."""
    found: list[tuple[str, str, Any]] = [("map.json", _text("map.json"), _map_pack)]
    for hero in ("bjorn", "alva", "embla", "boldur"):
        name = f"cards/{hero}.json"
        found.append((name, _text(name), _deck_that_plays))
    return found


def recount(state: gh.State) -> None:
    """The oracle: count what lies on the board and in the decks, apart from ``validate``."""
    pack = state.config.pack
    areas = [h.at for h in state.heroes if h.at != state.config.geo.town]
    areas += [m.at for m in state.monsters]
    assert len(areas) == len(set(areas)), "two characters share an area"
    supply = {k.id: k.count for k in pack.monsters.kinds}
    on_board = Counter(m.kind for m in state.monsters)
    assert all(on_board[k] <= n for k, n in supply.items()), "more monsters than the supply"
    cards = Counter([*state.yellow, *state.red, *state.held])
    assert cards == Counter(c.id for c in pack.monster_cards), "monster cards lost or doubled"
    for hero in state.heroes:
        deck = next(d for d in pack.decks if d.hero == hero.id)
        owned = Counter(
            [c.id for c in hero.cards]
            + [*hero.abilities, *hero.equipment, *hero.retired, *hero.hand]
            + [*hero.events, *hero.discard]
        )
        expected = Counter({c.id: c.count for c in deck.cards})
        assert owned == expected, f"{hero.id}'s cards lost or doubled"


def with_rare_cards(config: gh.Config | None, seed: int) -> gh.State:
    """A new game whose heroes start with cards random play seldom reaches by upgrades and
    quests: three abilities and three equipment cards of their decks in play, each on a side drawn
    from ``seed``, and a hand of events drawn from their event decks."""
    state = gh.new_game(config, seed=seed)
    rng = Rng.from_seed(seed)
    for hero in state.config.heroes:
        deck = next(d for d in state.config.pack.decks if d.hero == hero)
        for kind in ("ability", "equipment"):
            cards = [c for c in deck.cards if c.kind == kind and not c.starting]
            chosen, rng = rng.shuffle(cards)
            given = 0
            for card in chosen:
                try:  # one main weapon at most, say
                    state = gh.scenario.give_card(state, hero, card.id, in_play=True)
                except StateFormatError:
                    continue
                side, rng = rng.below(len(card.sides))
                state = gh.scenario.set_card(state, hero, card.id, side=1 + side)
                given += 1
                if given == 3:
                    break
        while len(gh.scenario.hero_info(state, hero).hand) < 4:
            events = state.heroes[state.config.heroes.index(hero)].events
            if not events:
                break
            card_id, rng = rng.choice(sorted(set(events)))
            state = gh.scenario.give_card(state, hero, card_id)
    return state


run = fuzzer(gh.GAME, content=content(), configs=CONFIGS, oracle=recount, start=with_rare_cards)
"""``run(seed, *, time_limit=None, **counts)``: one fuzzing run over every config (see
:func:`~tests.contract.table.fuzzer`)."""
