"""Words for every event, action and card of every game (issue 15): ``describe`` says each event
and action class in a sentence a player understands — names, never ``key=value`` debug text, raw
ids, ``None`` or sentinel numbers — in hand-made samples of every class and in random games of
both chance modes, the same from any seat's view as from the state; ``card_text`` says every card
of the standard content; ``Game`` carries both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import CHANCE, Game, Rng

# -- what a sentence for people may not hold -------------------------------------------------------

_COORDINATES = re.compile(r"-?[0-9]+,-?[0-9]+")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")


def _ids(game: str) -> set[str]:
    """The raw ids of a game's standard content that have a name a sentence must use instead."""
    if game == "goblinguard":
        return set()  # a goblinguard card is named by its id (its layout says what it is)
    if game == "grimheim":
        pack = gh.standard_pack()
        found = {card.id for deck in pack.decks for card in deck.cards}
        found |= {deck.hero for deck in pack.decks} | {card.id for card in pack.monster_cards}
        found |= {leg.id for leg in pack.monsters.legends} | {loc.id for loc in pack.map.locations}
        # a monster kind or faction in lower case is a common noun ("kill a brute or a
        # skeleton", as the cards themselves say it; "when it is trollkin")
        return found
    content = km.standard_pack()
    return {card.id for card in content.cards} | {guild.id for guild in content.guilds}


IDS = {name: _ids(name) for name in ("goblinguard", "grimheim", "kinmarr")}


def check_sentence(text: str, game: str, *, numbers: bool = True) -> None:
    """``text`` is one sentence for people: a capital, a full stop, no debug text, no raw id of
    ``game``'s content, and (with ``numbers``) no negative number outside a cell's coordinates
    and a card's own printed text (what follows `` — ``: kinmarr's "Fate -2")."""
    assert isinstance(text, str) and text, text
    assert text[0].isupper() or text[0].isdigit(), text
    assert text[-1] in ".!?", text  # a name may end one: "drew the event Back Down!"
    assert text == text.strip() and "\n" not in text, text
    assert "=" not in text and "None" not in text and "_" not in text, text
    assert not re.search(r"\w\(", text), text  # no repr such as Hex(x=1) or Place(...)
    assert "  " not in text and " ." not in text and ",," not in text, text
    raw = {word for word in _WORD.findall(text) if word in IDS[game]}
    assert not raw, (raw, text)
    if numbers:
        said = _COORDINATES.sub("", text.split(" — ", 1)[0])
        assert not re.search(r"-[0-9]", said), text


# -- every class, made by hand ---------------------------------------------------------------------


def _goblinguard_samples() -> tuple[Any, list[Any]]:
    state = gg.new_game(gg.Config(chance="explicit"), seed=1)
    samples: list[Any] = [
        gg.CardPlaced("g1", 0, 0, gg.Layer.TOP),
        gg.CardPlaced("o3", -2, 7, gg.Layer.BOTTOM),
        gg.CardDrawn("g7", seen_by=(0,)),
        *(
            gg.MonsterDefeated("g1", 1, -1, "goblin", by)
            for by in ("guards", "fort", "watchtower", "barracks")
        ),
        gg.MonsterDefeated("o1", 3, 4, "hobgoblin", "guards"),
        *(gg.GarrisonActivated(card) for card in ("fort", "barracks", "tower-a", "tower-b")),
        gg.GameEnded(True, 16, 16),
        gg.GameEnded(False, 3, 16),
        gg.Place("g1", 2, -1),
        gg.Place("fort", -5, 0, gg.Layer.BOTTOM),
        gg.Draw("tower-b"),
    ]
    return state, samples


def _grimheim_samples() -> tuple[Any, list[Any]]:
    state = gh.new_game(gh.Config(heroes=("bjorn", "alva")), seed=7)
    pack = state.config.pack
    forest, town = gh.Hex(8, 2), gh.GRIMHEIM
    samples: list[Any] = [
        gh.HeroMoved(0, forest),
        gh.HeroMoved(1, town),
        *(
            gh.MonsterMoved("troll", forest, gh.Hex(9, 2), why)
            for why in ("move", "charge", "swap", "maneuver")
        ),
        gh.MonsterEntered("goblin", gh.Hex(10, 7), 1),
        gh.MonsterPlaced("imp", gh.Hex(17, 8)),
        gh.MonsterPlaced("grendel", gh.Hex(6, 7), 2),
        gh.MonsterDamaged("draugr", gh.Hex(13, 12), 2),
        gh.MonsterKilled("brute", forest, 0, 2),
        gh.MonsterKilled("sprite", forest, -1, 0),
        gh.DiceRolled(0, (2, 1, 1, 2)),
        gh.DiceRolled(-1, (0, 0, 0, 0)),
        *(gh.MonsterDieRolled(face) for face in sorted(set(pack.dice.monster))),
        gh.HeroDamaged(1, 3, 1),
        gh.HeroDamaged(0, 0, 2),
        gh.HeroHealed(0, 2),
        gh.HeroKnockedOut(1, 2),
        gh.GoldGained(0, 3),
        gh.GoldGained(1, -5),
        gh.CardPlayed(0, "bjorn-sure-shot"),
        gh.CardPlayed(0, "bjorn-back-down"),
        gh.EventDrawn("bjorn-back-down", seen_by=(0,)),
        gh.MonsterCardDrawn("m1", True),
        gh.MonsterCardDrawn("m30", False),
        gh.Upgraded(0, "bjorn-sure-shot", 6),
        gh.Upgraded(1, "alva-quiver", 5),
        gh.QuestCompleted(0, "bjorn-black-arrows"),
        gh.TownPiecesAdded(1),
        *(gh.TimeAdvanced(2, kind) for kind in ("axes", "shield", "skull")),
        gh.GameEnded(True, 4),
        gh.GameEnded(False, 0),
        gh.MoveTo(forest),
        gh.MoveTo(town),
        gh.Attack(forest),
        gh.Prepare(),
        gh.Focus("bjorn-sure-shot"),
        gh.Mend(),
        gh.Mend("bjorn-bjorns-first-bow"),
        gh.Practice(),
        gh.Use("bjorn-sure-shot"),
        gh.Use("bjorn-back-down"),
        gh.Use("bjorn-sure-shot", 0, 3),
        gh.CompleteQuest(),
        gh.DeclineQuest(),
        gh.Discard("bjorn-back-down"),
        gh.GiveGold(1, 2),
        gh.RequestGold(1, 1),
        gh.AcceptGold(),
        gh.RefuseGold(),
        gh.TakeBonus(),
        gh.TakeBonus("bjorn-sure-shot"),
        gh.EndTurn(),
        gh.Target(forest),
        gh.TargetHero(1),
        gh.TargetCard("bjorn-sure-shot"),
        gh.StopTargets(),
        gh.SkipMove(),
        gh.ResolveAttack(),
        gh.Upgrade(),
        gh.Upgrade("bjorn-sure-shot"),
        gh.DeclineUpgrade(),
        gh.DiscardToDraw("bjorn-back-down"),
        gh.SkipDraw(),
        gh.SwapTop("abilities"),
        gh.SwapTop("equipment"),
        gh.SkipSwap(),
        gh.PassWindow(),
        gh.DeclinePrevention(),
        gh.PlaceGoblin(forest),
        gh.Roll(2, 0, 1, 3),
        *(gh.DieFace(face) for face in sorted(set(pack.dice.monster))),
        gh.Drawn("bjorn-back-down"),
        gh.Drawn("m12"),
    ]
    return state, samples


def _kinmarr_samples() -> tuple[Any, list[Any]]:
    state = km.new_game(km.Config(guilds=("feudal_pact", "pathfinders", "arcane_commune")), seed=1)
    samples: list[Any] = [
        km.TurnBegan(1, 3),
        km.DieRolled(0, "travel", "4"),
        *(km.DieRolled(2, colour, "dodge") for colour in ("red", "green", "blue")),
        km.Moved(1, km.CASTLE),
        km.Moved(0, km.Tile("outer", 17)),
        km.CardRevealed("encounter", "grey-wolf-1"),
        km.CardUsed(0, "rally", None),
        km.CardUsed(1, None, 0),
        km.CardUsed(1, "pickpocket", 2),
        km.CardGained(0, "royal-ring", "slot"),
        km.CardGained(2, "grey-wolf-2", "hand"),
        *(km.FightEnded(0, "grey-wolf-1", result, 2, 1) for result in ("won", "lost", "dead")),
        km.DuelEnded(0, 1, 2, 1, 0),
        km.DuelEnded(0, 1, 1, 1, None),
        km.FateChanged(4, 1),
        km.FateChanged(0, -2),
        km.PlayerDied(2),
        km.ShopUsed(0, "buy", "royal-ring", 8),
        km.ShopUsed(0, "sell", "chain-mail", 3),
        km.ShopUsed(0, "refresh", None, 2),
        km.TradeAnswered(0, 1, True),
        km.TradeAnswered(0, 2, False),
        km.ProphecyFulfilled(1, "the-beast-must-fall"),
        *(
            km.GameEnded(ending, winners)
            for ending, winners in (
                ("last-standing", (1,)),
                ("fate", ()),
                ("deck-exhausted", (0, 2)),
                ("round-limit", (0,)),
                ("no-one-left", ()),
            )
        ),
        km.Pass(),
        km.Use("rally"),
        km.Use("pickpocket", 1),
        km.Power(),
        km.Power(1),
        km.Travel(),
        km.ShowTower("bell-tower"),
        km.Slot("rally"),
        km.Unslot("royal-ring"),
        km.Buy("royal-ring"),
        km.Sell("chain-mail"),
        km.Refresh(),
        km.Duel(1),
        km.NoDuel(),
        km.Trade(2),
        km.EndTurn(),
        km.Give("royal-ring"),
        km.GiveCoin(),
        km.Ask("grey-wolf-1"),
        km.AskCoin(),
        km.Propose(),
        km.NoTrade(),
        km.AcceptTrade(),
        km.RefuseTrade(),
        km.Choose("grey-wolf-1"),
        km.Choose("bell-tower"),
        km.Pay("grey-wolf-2"),
        km.Reroll(0, 1),
        km.Reroll(0),
        km.NoReroll(),
        km.Keep("slot"),
        km.Keep("hand"),
        km.Drop("grey-wolf-1"),
        km.Loot("royal-ring"),
        km.LootCoins(),
        km.SkipLoot(),
        km.Take("chain-mail"),
        km.TakeCoins(),
        km.Roll(6),
        *(
            km.FaceResult(face)
            for face in ("hit", "miss", "critical", "resilience", "dodge", "insight")
        ),
        km.Reveal("grey-wolf-3"),
        km.Reveal("the-beast-must-fall"),
    ]
    return state, samples


SAMPLES = {
    "goblinguard": _goblinguard_samples,
    "grimheim": _grimheim_samples,
    "kinmarr": _kinmarr_samples,
}
MODULES: dict[str, Any] = {"goblinguard": gg, "grimheim": gh, "kinmarr": km}


def _classes(module: Any) -> set[type]:
    """Every event and action class of a game, from its public ``Event`` and ``Action`` unions."""
    return {*module.Event.__args__, *module.Action.__args__}


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_the_samples_hold_every_event_and_action_class(game: str) -> None:
    _, samples = SAMPLES[game]()
    assert {type(sample) for sample in samples} == _classes(MODULES[game])


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_sample_is_said_in_a_sentence(game: str) -> None:
    module = MODULES[game]
    state, samples = SAMPLES[game]()
    said = {}
    for sample in samples:
        text = module.describe(state, sample)
        check_sentence(text, game)
        said[repr(sample)] = text
    assert len(set(said.values())) == len(said)  # different samples, different words


CHANCE_STARTS: dict[str, Callable[[], Any]] = {
    "goblinguard": lambda: gg.new_game(gg.Config(chance="explicit"), seed=1),
    "grimheim": lambda: gh.new_game(gh.Config(heroes=("bjorn",), chance="explicit"), seed=1),
    "kinmarr": lambda: km.new_game(km.Config(chance="explicit"), seed=1),
}


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_a_players_action_read_where_chance_answers_names_no_one(game: str) -> None:
    """Only chance's own results are said as chance's; any other action read at a chance
    decision has no seat to name, and says so without a class name or a seat number."""
    module = MODULES[game]
    state = CHANCE_STARTS[game]()
    assert module.current_player(state) == CHANCE
    chance = set(module.Action.__args__) - {type(a) for a in _player_samples(game)}
    for sample in SAMPLES[game]()[1]:
        if type(sample) in module.Action.__args__:
            text = module.describe(state, sample)
            check_sentence(text, game)
            assert text.startswith("Chance") == (type(sample) in chance), text


def _player_samples(game: str) -> list[Any]:
    """The samples of the actions a player (not chance) takes."""
    chance_types = {
        "goblinguard": (gg.Draw,),
        "grimheim": (gh.Roll, gh.DieFace, gh.Drawn),
        "kinmarr": (km.Roll, km.FaceResult, km.Reveal),
    }[game]
    module = MODULES[game]
    return [
        s
        for s in SAMPLES[game]()[1]
        if type(s) in module.Action.__args__ and not isinstance(s, chance_types)
    ]


def test_describe_names_the_things() -> None:
    """A few sentences in full: the names come from the content, not the ids."""
    state, _ = _grimheim_samples()
    jotunn = next(m for m in state.monsters if m.kind == "jotunn")
    where = state.config.geo.hexes[jotunn.at]
    assert gh.describe(state, gh.Attack(where)) == (
        f"Bjorn attacks the Jotunn in area {where} (mountain)."  # on the mountain by (11, 13)
    )
    assert gh.describe(state, gh.Attack(gh.Hex(8, 2))) == (
        "Bjorn attacks the monster in area 8,2 (forest, Dark Forest)."  # nothing stands there
    )
    assert gh.describe(state, gh.MonsterPlaced("grendel", gh.Hex(6, 7), 2)) == (
        "Grendel II came onto area 6,7 (mountain, Troll Caves)."
    )
    assert gh.describe(state, gh.GoldGained(1, -5)) == "Alva paid 5 gold."
    assert gh.describe(state, gh.HeroMoved(1, gh.GRIMHEIM)) == "Alva moved to Grimheim."
    assert (
        gh.describe(state, gh.Roll(2, 0, 1, 3))
        == "Chance: the dice show 2 hits, 1 rune and 3 misses."
    )
    state, _ = _kinmarr_samples()
    assert km.describe(state, km.FightEnded(0, "grey-wolf-1", "won", 2, 1)) == (
        "Feudal Pact won the fight against Grey Wolf: 2 wounds dealt, 1 taken."
    )
    assert km.describe(state, km.Sell("chain-mail")) == "Feudal Pact sells Chain Mail for 3 coins."
    assert km.describe(state, km.GameEnded("deck-exhausted", (0, 2))) == (
        "The game ended (a deck ran out): Feudal Pact and Arcane Commune win."
    )
    state, _ = _goblinguard_samples()
    assert gg.describe(state, gg.MonsterDefeated("g1", 1, -1, "goblin", "fort")) == (
        "The goblin at 1,-1 on card g1 was defeated by the Fort that hides it."
    )


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_describe_refuses_what_is_neither_an_event_nor_an_action(game: str) -> None:
    state, _ = SAMPLES[game]()
    with pytest.raises(TypeError, match="not a"):
        MODULES[game].describe(state, "pass")


# -- random games ----------------------------------------------------------------------------------

CONFIGS: dict[str, list[Any]] = {
    "goblinguard": [gg.Config(), gg.Config(chance="explicit")],
    "grimheim": [
        gh.Config(heroes=("bjorn", "alva", "embla", "boldur")),
        gh.Config(heroes=("alva", "boldur"), chance="explicit", monster_die=True),
    ],
    "kinmarr": [
        km.Config(),
        km.Config(guilds=("pathfinders", "arcane_commune"), chance="explicit"),
    ],
}


def _steps(game: Game[Any, Any], config: Any, seed: int, limit: int) -> Iterator[tuple[Any, Any]]:
    """``(state, step)`` of each decision of a random game, at most ``limit`` of them."""
    state = game.new_game(config, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(limit):
        if game.is_over(state):
            return
        legal = game.legal_actions(state)
        index, rng = rng.below(len(legal))
        step = game.step(state, legal[index])
        yield state, step
        state = step.state


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_random_games_say_every_event_and_action_the_same_from_every_seat(game: str) -> None:
    """Every legal action and every event of random games, in both chance modes, in sentences;
    the acting seat's view and every seat that sees an event give the same words as the state
    (describe never needs what a view hides)."""
    module = MODULES[game]
    g: Game[Any, Any] = module.GAME
    seen: set[type] = set()
    for config in CONFIGS[game]:
        for seed in (1, 2):
            for state, step in _steps(g, config, seed, 400):
                seat = g.current_player(state)
                own = g.view(state, seat) if seat is not None and seat != CHANCE else None
                for action in g.legal_actions(state):
                    text = module.describe(state, action)
                    check_sentence(text, game)
                    assert own is None or module.describe(own, action) == text
                    seen.add(type(action))
                after = step.state
                for event in step.events:
                    text = module.describe(after, event)
                    check_sentence(text, game)
                    viewers = event.seen_by or range(g.seat_count(after))
                    for viewer in viewers:
                        assert module.describe(g.view(after, viewer), event) == text
                    seen.add(type(event))
    assert len(seen) >= len(_classes(module)) // 2, sorted(c.__name__ for c in seen)


# -- card texts --------------------------------------------------------------------------------


def _cards(game: str) -> tuple[Any, list[tuple[str, str]]]:
    """A config and ``(id, name)`` of everything its ``card_text`` names."""
    if game == "goblinguard":
        deck = gg.Config()
        return deck, [(card.id, card.id) for card in deck.deck]
    if game == "grimheim":
        config = gh.Config()
        pack = config.pack
        found = [(card.id, card.name) for deck in pack.decks for card in deck.cards]
        found += [(card.id, card.name) for card in pack.monster_cards]
        found += [(kind.id, kind.name) for kind in pack.monsters.kinds]
        found += [(legend.id, legend.name) for legend in pack.monsters.legends]
        return config, found
    content = km.standard_pack()
    found = [(card.id, card.name) for card in content.cards]
    found += [(guild.id, guild.name) for guild in content.guilds]
    return km.Config(), found


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_card_text_says_every_card_from_its_name(game: str) -> None:
    module = MODULES[game]
    config, cards = _cards(game)
    state = module.new_game(config, seed=3)
    for card_id, name in cards:
        text = module.card_text(config, card_id)
        assert text.startswith(f"{name}: "), text
        rest = text.removeprefix(f"{name}: ")  # "a creature …": a sentence but for its capital
        check_sentence(rest[0].upper() + rest[1:], game, numbers=False)
        assert module.card_text(state, card_id) == text
        assert module.card_text(module.view(state, 0), card_id) == text
    with pytest.raises(KeyError, match="no-such-card"):
        module.card_text(config, "no-such-card")


def test_card_texts_say_what_a_card_does() -> None:
    assert "guard, goblin" in gg.card_text(gg.Config(), "g1")
    assert "Watchtower is defeated (R10)" in gg.card_text(gg.Config(), "tower-a")
    sure_shot = gh.card_text(gh.Config(), "bjorn-sure-shot")
    assert "Side II:" in sure_shot and "deal 3 damage to a monster" in sure_shot  # the vocabulary's
    quiver = gh.card_text(gh.Config(), "alva-quiver")
    assert "Quest:" in quiver
    assert "the legend Queen of the Dead I in Naglfar" in gh.card_text(gh.Config(), "m1")
    assert "health 7" in gh.card_text(gh.Config(), "troll")
    wolf = km.card_text(km.Config(), "grey-wolf-1")
    assert "Attack 1, defence 2" in wolf and "gains 2 coins" in wolf
    assert "Price 8 coins" in km.card_text(km.Config(), "royal-ring")
    assert "an Ability of the Feudal Pact" in km.card_text(km.Config(), "rally")
    assert "Shield Wall" in km.card_text(km.Config(), "feudal_pact")


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_the_game_value_carries_describe_and_card_text(game: str) -> None:
    module = MODULES[game]
    assert module.GAME.describe is module.describe
    assert module.GAME.card_text is module.card_text
