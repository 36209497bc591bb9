"""The per-game API around the rules: the fixed names, decisions, views, notation, JSON, GAME."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from tests.test_kinmarr.positions import act, at, legal, start

import kinmarr
from kinmarr import scenario
from tabletop_rules import CHANCE, Decision, Game, IllegalActionError, RandomAgent, agents_of, play


def test_the_fixed_names_of_the_config() -> None:
    config = kinmarr.Config()
    assert config.guilds == ("feudal_pact", "arcane_commune", "pathfinders", "heirs_of_kinmarr")
    assert (config.auto_pass, config.round_limit, config.chance, config.pack) == (
        False,
        None,
        "sampled",
        None,
    )
    assert kinmarr.Config(pack=kinmarr.standard_pack()) == config  # the standard pack is None


def test_the_fixed_names_of_the_board() -> None:
    assert kinmarr.Tile("inner", 3) < kinmarr.Tile("outer", 0)
    assert kinmarr.Tile("inner", 0) == kinmarr.CASTLE
    assert kinmarr.Tile("outer", 17) == kinmarr.CHURCHYARD
    assert kinmarr.standard_pack().tile(kinmarr.CHURCHYARD).name == "Churchyard"
    with pytest.raises(ValueError, match="outer path has tiles 0 to 25"):
        kinmarr.Tile("outer", 26)


def test_the_fixed_names_of_the_cards() -> None:
    cards = kinmarr.standard_pack().cards
    wolf = next(c for c in cards if c.id == "grey-wolf-1")
    assert (wolf.deck, wolf.kind, wolf.value, wolf.attack, wolf.defence, wolf.guild) == (
        "encounter",
        "creature",
        2,
        1,
        2,
        None,
    )
    assert {c.deck for c in cards} == {"encounter", "ability", "item", "prophecy"}
    kinds = {c.kind for c in cards}
    assert kinds == {"creature", "place", "event", "tower", "ability", "item", "prophecy"}
    assert next(c for c in cards if c.id == "rally").guild == "feudal_pact"


def test_the_scenario_queries() -> None:
    state = kinmarr.new_game(seed=2)
    assert scenario.fate(state) == 0 and scenario.round_number(state) == 1
    assert scenario.shop(state) == state.shop and scenario.prophecy(state) == state.prophecy
    info = scenario.player_info(state, 1)
    assert (info.tile, info.wounds, info.coins, info.alive, info.hand, info.slots) == (
        kinmarr.CASTLE,
        0,
        0,
        True,
        (),
        (),
    )
    assert scenario.player_info(kinmarr.view(state, 0), 1) == info


def test_stack_deck_puts_cards_on_top_first_drawn_first() -> None:
    state = kinmarr.new_game(kinmarr.Config(guilds=("feudal_pact", "pathfinders")), seed=1)
    state = scenario.stack_deck(state, "encounter", ["ogre", "sinkhole", "lighthouse"])
    assert state.encounters.top[:3] == ("ogre", "sinkhole", "lighthouse")
    revealed: list[str] = []
    while len(revealed) < 3:
        done = kinmarr.step(state, kinmarr.legal_actions(state)[0])
        revealed += [
            e.card
            for e in done.events
            if isinstance(e, kinmarr.CardRevealed) and e.deck == "encounter"
        ]
        state = done.state
    assert revealed[:3] == ["ogre", "sinkhole", "lighthouse"]
    with pytest.raises(ValueError, match="explicit"):
        scenario.stack_deck(start(), "encounter", ["ogre"])
    with pytest.raises(ValueError, match="each once"):
        scenario.stack_deck(kinmarr.new_game(seed=1), "item", ["ogre"])


def test_set_shop_swaps_the_items_for_sale() -> None:
    state = scenario.set_shop(kinmarr.new_game(seed=1), ["royal-ring", "chain-mail"])
    assert scenario.shop(state) == ("chain-mail", "royal-ring")
    with pytest.raises(ValueError, match="at most 4"):
        scenario.set_shop(state, ["royal-ring"] * 5)


def test_editing_helpers_check_their_arguments() -> None:
    state = start()
    with pytest.raises(ValueError, match="0 to 3"):
        scenario.set_player(state, 0, wounds=4)
    with pytest.raises(ValueError, match="0 to 10"):
        scenario.set_fate(state, 11)
    with pytest.raises(ValueError, match="no seat"):
        scenario.put_player(state, 5, kinmarr.CASTLE)
    with pytest.raises(ValueError, match="never held"):
        scenario.give(state, 0, "sinkhole")
    with pytest.raises(ValueError, match="no card"):
        scenario.give(state, 0, "unicorn")


def test_decision_says_who_answers_and_why() -> None:
    state = start()
    decision = kinmarr.decision(state)
    assert decision == Decision(0, "start", decision.prompt if decision else "", state.frames[-1])
    state = act(state, "travel")
    chance = kinmarr.decision(state)
    assert chance is not None and (chance.seat, chance.kind) == (CHANCE, "chance")
    assert kinmarr.current_player(state) == CHANCE


def test_current_player_is_the_seat_asked_not_whose_turn_it_is() -> None:
    state = at(start(), 1, kinmarr.Tile("inner", 2), wounds=1, slotted=["healing-draught-2"])
    state = act(state, "travel")
    assert state.turn == 0 and kinmarr.current_player(state) == 1


def test_step_reports_public_events_and_apply_is_its_state() -> None:
    state = act(start(), "travel")
    done = kinmarr.step(state, kinmarr.Roll(3))
    assert kinmarr.DieRolled(0, "travel", "3") in done.events
    assert kinmarr.Moved(0, kinmarr.Tile("inner", 3)) in done.events
    assert all(event.seen_by is None for event in done.events)
    assert kinmarr.apply(state, kinmarr.Roll(3)) == done.state


def test_apply_never_mutates_its_input_and_rejects_illegal_actions() -> None:
    state = start()
    text = kinmarr.dumps(state)
    kinmarr.apply(state, kinmarr.Travel())
    assert kinmarr.dumps(state) == text
    with pytest.raises(IllegalActionError) as caught:
        kinmarr.apply(state, kinmarr.EndTurn())
    assert caught.value.action == kinmarr.EndTurn() and caught.value.reason.startswith("Turn")
    with pytest.raises(IllegalActionError, match="not an action of this game"):
        kinmarr.apply(state, "travel")  # type: ignore[arg-type]


def test_view_hides_the_generator_and_the_order_of_the_decks_only() -> None:
    state = kinmarr.new_game(seed=9)
    seen = kinmarr.view(state, 2)
    assert seen.seat == 2 and not hasattr(seen, "rng")
    order = state.config.rules.index.__getitem__
    assert seen.encounters.top == tuple(sorted(state.encounters.top, key=order))
    assert seen.players == state.players and seen.shop == state.shop
    assert kinmarr.legal_actions(kinmarr.view(state, 0)) == kinmarr.legal_actions(state)
    assert kinmarr.view(kinmarr.redeal(seen, 5), 2) == seen
    assert kinmarr.redeal(seen, 5).encounters != state.encounters
    with pytest.raises(ValueError, match="seats 0 to 3"):
        kinmarr.view(state, 4)


def test_notation_round_trips_for_every_kind_of_action() -> None:
    state = kinmarr.new_game(seed=1)
    actions: list[kinmarr.Action] = [
        kinmarr.Pass(),
        kinmarr.Use("hex-1", 2),
        kinmarr.Use("healing-draught-1"),
        kinmarr.Power(),
        kinmarr.Power(1),
        kinmarr.Travel(),
        kinmarr.ShowTower("watchtower"),
        kinmarr.Slot("rally"),
        kinmarr.Unslot("rally"),
        kinmarr.Buy("royal-ring"),
        kinmarr.Sell("royal-ring"),
        kinmarr.Refresh(),
        kinmarr.Duel(3),
        kinmarr.NoDuel(),
        kinmarr.Trade(1),
        kinmarr.EndTurn(),
        kinmarr.Give("ogre"),
        kinmarr.GiveCoin(),
        kinmarr.Ask("ogre"),
        kinmarr.AskCoin(),
        kinmarr.Propose(),
        kinmarr.NoTrade(),
        kinmarr.AcceptTrade(),
        kinmarr.RefuseTrade(),
        kinmarr.Choose("ogre"),
        kinmarr.Pay("ogre"),
        kinmarr.Reroll(0, 2),
        kinmarr.Reroll(0),
        kinmarr.NoReroll(),
        kinmarr.Keep("slot"),
        kinmarr.Keep("hand"),
        kinmarr.Drop("ogre"),
        kinmarr.Loot("ogre"),
        kinmarr.LootCoins(),
        kinmarr.SkipLoot(),
        kinmarr.Take("ogre"),
        kinmarr.TakeCoins(),
        *(kinmarr.Roll(n) for n in range(1, 7)),
        *(kinmarr.FaceResult(f) for f in ("hit", "miss", "critical", "resilience", "dodge")),
        kinmarr.FaceResult("insight"),
        kinmarr.Reveal("ogre"),
    ]
    assert {type(a) for a in actions} == set(kinmarr._actions.ACTIONS)
    texts = [kinmarr.notation(a) for a in actions]
    assert len(set(texts)) == len(texts)
    for action, text in zip(actions, texts, strict=True):
        assert kinmarr.parse_action(state, text) == action
        assert kinmarr.loads(kinmarr.dumps(action), type(action)) == action


def test_declining_actions_say_so_in_their_names() -> None:
    declines = (
        kinmarr.Pass,
        kinmarr.NoDuel,
        kinmarr.NoTrade,
        kinmarr.RefuseTrade,
        kinmarr.NoReroll,
        kinmarr.SkipLoot,
    )
    for cls in declines:
        assert cls.__name__.startswith(("Pass", "Decline", "Refuse", "Skip", "No"))


def test_states_views_configs_records_and_events_round_trip_through_json() -> None:
    final, actions = play(
        kinmarr.GAME,
        [RandomAgent()] * 2,
        seed=4,
        config=kinmarr.Config(guilds=("pathfinders", "heirs_of_kinmarr"), chance="explicit"),
    )
    assert kinmarr.loads(kinmarr.dumps(final)) == final
    envelope = json.loads(kinmarr.dumps(final.config, indent=None))
    assert envelope["data"]["pack"] == {
        "pack": "standard",
        "version": kinmarr.standard_ref().version,
        "digest": kinmarr.standard_ref().digest,
    }
    rec = kinmarr.record(actions, seed=4, config=final.config)
    back = kinmarr.loads(kinmarr.dumps(rec), "record")
    assert back == rec
    *_, last = kinmarr.replay(back)
    assert last == final
    view = kinmarr.view(final, 1)
    assert kinmarr.loads(kinmarr.dumps(view), kinmarr.View) == view
    event = kinmarr.FightEnded(0, "ogre", "won", 5, 2)
    assert kinmarr.loads(kinmarr.dumps(event), "event") == event


def test_a_custom_pack_is_embedded_in_saves() -> None:
    data = kinmarr.pack_to_json(kinmarr.standard_pack())
    data["name"] = "variant"
    pack = kinmarr.pack_from_json(json.dumps(data))
    state = kinmarr.new_game(kinmarr.Config(pack=pack), seed=3)
    text = kinmarr.dumps(state)
    assert json.loads(text)["data"]["config"]["pack"]["name"] == "variant"
    assert kinmarr.loads(text) == state


def test_digest_is_stable_and_equal_exactly_for_equal_states() -> None:
    a, b = kinmarr.new_game(seed=3), kinmarr.new_game(seed=3)
    assert kinmarr.digest(a) == kinmarr.digest(b) and len(kinmarr.digest(a)) == 64
    assert kinmarr.digest(kinmarr.apply(a, kinmarr.Travel())) != kinmarr.digest(a)


def test_states_pickle_and_copy() -> None:
    state = kinmarr.new_game(seed=6)
    kinmarr.legal_actions(state)
    assert state.cache is not None
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert other == state and kinmarr.legal_actions(other) == kinmarr.legal_actions(state)


def test_render_text_pictures_only_what_everyone_sees() -> None:
    state = kinmarr.new_game(seed=2)
    text = kinmarr.render_text(state)
    assert text == kinmarr.render_text(kinmarr.view(state, 3))
    assert "seat 0 Feudal Pact: Castle (tile 0 of the inner path)" in text
    lines = text.splitlines()
    asked = lines.index(
        "to answer: seat 0, Feudal Pact: show towers, arrange the slots, use the Shop, then roll"
        " the travel die."
    )
    answers = kinmarr.legal_actions(state)
    assert lines[asked + 1] == "  travel: Feudal Pact rolls the travel die and moves."
    assert lines[asked + 1 :] == [
        f"  {kinmarr.notation(a)}: {kinmarr.describe(state, a)}" for a in answers
    ]


def test_render_text_says_the_question_a_window_and_the_end_in_words() -> None:
    """The text board asks as :func:`kinmarr.describe` does, names what a response window
    answers ("answers to the combat roll"), and tells how the game ended in words."""
    windows = 0
    for seed in (1, 2, 3):
        state = kinmarr.new_game(kinmarr.Config(guilds=("feudal_pact", "pathfinders")), seed=seed)
        n = 0
        while not kinmarr.is_over(state):
            lines = kinmarr.render_text(state).splitlines()
            asked = kinmarr.decision(state)
            assert asked is not None
            who = "chance" if asked.seat == CHANCE else f"seat {asked.seat}"
            assert f"to answer: {who}, {kinmarr.describe(state, asked)}" in lines
            if isinstance(state.frames[-1], kinmarr.WindowFrame):
                assert any(line.startswith("answers to the ") for line in lines), lines
                windows += 1
            actions = kinmarr.legal_actions(state)
            state = kinmarr.apply(state, actions[(n * 7 + seed) % len(actions)])
            n += 1
        ended = kinmarr.outcome(state)
        assert ended is not None
        last = kinmarr.render_text(state).splitlines()[-1]
        assert last == f"game over: {kinmarr.describe(state, ended)}"
    assert windows > 0


def test_render_text_shows_the_travel_die_of_the_turn() -> None:
    """Once rolled, the turn's travel die stays in the picture, above the question."""
    state = kinmarr.new_game(seed=2)
    assert "\ntravel die: " not in kinmarr.render_text(state)
    step = kinmarr.step(state, kinmarr.parse_action(state, "travel"))
    rolled = next(e for e in step.events if isinstance(e, kinmarr.DieRolled))
    assert rolled.die == "travel"
    lines = kinmarr.render_text(kinmarr.view(step.state, 1)).splitlines()
    die = f"travel die: {rolled.result} (seat 0's roll this turn)"
    asked = next(i for i, line in enumerate(lines) if line.startswith("to answer"))
    assert die in lines[:asked]


def test_game_bundles_the_api() -> None:
    game = kinmarr.GAME
    assert isinstance(game, Game)
    assert (game.name, game.title, game.seats) == ("kinmarr", "Fated Kingdom", (2, 4))
    assert {"random", "heuristic", "ismcts"} <= set(agents_of(game))
    assert game.seat_count(kinmarr.Config(guilds=("pathfinders", "feudal_pact"))) == 2
    state = game.new_game(None, seed=1)
    assert game.legal_actions(state) == kinmarr.legal_actions(state)
    assert game.chance_outcomes(state) == ()
    game.validate(state)


def test_legal_actions_follow_the_documented_order_in_menus() -> None:
    state = at(start(), 0, kinmarr.CASTLE, coins=9, cards=["watchtower", "rally"])
    assert legal(state) == [
        "travel",
        "tower:watchtower",
        "buy:leather-armour-1",
        "buy:short-sword-1",
        "buy:healing-draught-1",
        "buy:fire-flask-1",
        "refresh",
        "slot:rally",
    ]
