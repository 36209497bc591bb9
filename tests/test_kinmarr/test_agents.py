"""The heuristic agent: better than random, deterministic for a given generator, view-only."""

from __future__ import annotations

import kinmarr
from kinmarr import scenario
from tabletop_rules import Agent, RandomAgent, Rng, play


def test_the_heuristic_agent_beats_random_agents() -> None:
    wins = 0
    games = 16
    for seed in range(games):
        agents: list[Agent[kinmarr.Action]] = [
            kinmarr.HeuristicAgent(),
            RandomAgent(),
            RandomAgent(),
        ]
        seat = seed % 3
        agents[0], agents[seat] = agents[seat], agents[0]
        final, _ = play(kinmarr.GAME, agents, seed=seed, config=kinmarr.Config(
            guilds=kinmarr.DEFAULT_GUILDS[:3]))  # fmt: skip
        result = kinmarr.outcome(final)
        assert result is not None
        wins += seat in result.winners
    assert wins >= games * 0.6  # a third would be chance


def test_the_heuristic_agent_is_deterministic_for_a_given_generator() -> None:
    state = kinmarr.new_game(seed=5)
    for _ in range(40):
        state = kinmarr.apply(state, kinmarr.legal_actions(state)[-1])
    seat = kinmarr.current_player(state)
    assert seat is not None and seat >= 0
    view = kinmarr.view(state, seat)
    agent = kinmarr.HeuristicAgent()
    first = agent.choose(view, kinmarr.legal_actions(view), Rng.from_seed(1))
    assert agent.choose(view, kinmarr.legal_actions(view), Rng.from_seed(1)) == first
    assert kinmarr.is_legal(state, first[0]) is None


def test_the_heuristic_agent_never_reads_the_order_of_the_decks() -> None:
    state = kinmarr.new_game(seed=8)
    for _ in range(25):
        state = kinmarr.apply(state, kinmarr.legal_actions(state)[0])
        seat = kinmarr.current_player(state)
        assert seat is not None and seat >= 0
        other = kinmarr.redeal(kinmarr.view(state, seat), seed=99)
        agent = kinmarr.HeuristicAgent()
        legal = kinmarr.legal_actions(state)
        rng = Rng.from_seed(4)
        assert agent.choose(kinmarr.view(state, seat), legal, rng) == agent.choose(
            kinmarr.view(other, seat), legal, rng
        )


def test_the_heuristic_agent_avoids_fights_that_would_kill_it() -> None:
    from tests.test_kinmarr.positions import act, at, start

    state = at(start(("pathfinders", "feudal_pact")), 0, kinmarr.Tile("inner", 1), wounds=3)
    state = act(state, "travel", "1", "ogre", "healing-spring-1", "rat-swarm-1")
    view = kinmarr.view(state, 0)
    choice, _ = kinmarr.HeuristicAgent().choose(view, kinmarr.legal_actions(view), Rng.from_seed(0))
    assert choice == kinmarr.Choose("healing-spring-1")


# -- the Shop and trades (the agent's merchant sense) ------------------------------------------


def _heuristic_choice(state: kinmarr.State, agent: kinmarr.HeuristicAgent | None = None) -> str:
    seat = kinmarr.current_player(state)
    assert seat is not None and seat >= 0
    view = kinmarr.view(state, seat)
    agent = agent or kinmarr.HeuristicAgent()
    return kinmarr.notation(agent.choose(view, kinmarr.legal_actions(view), Rng.from_seed(0))[0])


EXPENSIVE = ("chain-mail", "royal-ring", "saints-relic", "war-axe")


def test_the_heuristic_agent_sells_a_weak_item_to_pay_for_a_better_one() -> None:
    from tests.test_kinmarr.positions import act, at, start

    state = start(shop=("chain-mail", "royal-ring", "saints-relic", "tower-shield"))
    state = at(state, 0, kinmarr.CASTLE, coins=6,
               slotted=("healing-draught-1", "short-sword-1", "leather-armour-1"))  # fmt: skip
    assert _heuristic_choice(state) == "sell:healing-draught-1"  # 6 + 1 coins pay the Chain Mail
    assert _heuristic_choice(act(state, "sell:healing-draught-1")) == "buy:chain-mail"
    before = kinmarr.HeuristicAgent(merchant=False)  # buys what it can, to an idle hand
    assert _heuristic_choice(state, before) == "buy:tower-shield"


def test_the_heuristic_agent_keeps_its_items_when_a_sale_buys_nothing_better() -> None:
    from tests.test_kinmarr.positions import at, start

    state = start(shop=("chain-mail", "royal-ring", "saints-relic", "tower-shield"))
    state = at(state, 0, kinmarr.CASTLE, coins=0,
               slotted=("healing-draught-1", "short-sword-1", "leather-armour-1"))  # fmt: skip
    assert _heuristic_choice(state) == "travel"


def test_the_heuristic_agent_refreshes_a_shop_with_nothing_it_can_afford() -> None:
    from tests.test_kinmarr.positions import at, legal, start

    state = at(start(shop=EXPENSIVE), 0, kinmarr.CASTLE, coins=4)
    assert legal(state) == ["travel", "refresh"]
    assert _heuristic_choice(state) == "refresh"
    assert _heuristic_choice(state, kinmarr.HeuristicAgent(merchant=False)) == "travel"


def test_the_heuristic_agent_does_not_refresh_when_it_could_buy_little_after() -> None:
    from tests.test_kinmarr.positions import at, legal, start

    state = at(start(shop=EXPENSIVE), 0, kinmarr.CASTLE, coins=2)
    assert "refresh" in legal(state)
    assert _heuristic_choice(state) == "travel"


def test_the_heuristic_agent_slots_a_better_item_in_place_of_a_worse_one() -> None:
    from tests.test_kinmarr.positions import act, at, start

    state = at(start(), 0, kinmarr.CASTLE, coins=0, cards=("chain-mail",),
               slotted=("healing-draught-1", "short-sword-1", "leather-armour-1"))  # fmt: skip
    assert _heuristic_choice(state) == "unslot:healing-draught-1"
    assert _heuristic_choice(act(state, "unslot:healing-draught-1")) == "slot:chain-mail"


def _trade_position(guilds: tuple[str, ...]) -> kinmarr.State:
    """Seat 0 has ended its move on seat 1's tile holding an idle Leather Armour; seat 1 has
    coins and free slots."""
    from tests.test_kinmarr.positions import act, at, start

    state = start(guilds)
    state = at(state, 0, kinmarr.CASTLE, coins=0, cards=("leather-armour-2",),
               slotted=("chain-mail", "tower-shield", "war-axe"))  # fmt: skip
    state = at(state, 1, kinmarr.Tile("inner", 1), coins=15)
    state = act(state, "travel", "1")  # Market Square: gain 1 coin
    while (decision := kinmarr.decision(state)) is not None and decision.kind != "end":
        state = act(state, "no-duel" if decision.kind == "duel" else "pass")
    return state


def test_the_heuristic_agent_offers_a_trade_that_its_partner_accepts() -> None:
    state = _trade_position(("feudal_pact", "pathfinders", "heirs_of_kinmarr"))
    agent = kinmarr.HeuristicAgent()
    assert _heuristic_choice(state, agent) == "trade:1"
    answered: list[kinmarr.TradeAnswered] = []
    while kinmarr.decision(state) is not None and not answered:
        seat = kinmarr.current_player(state)
        assert seat is not None and seat >= 0
        view = kinmarr.view(state, seat)
        action, _ = agent.choose(view, kinmarr.legal_actions(view), Rng.from_seed(0))
        done = kinmarr.step(state, action)
        answered = [e for e in done.events if isinstance(e, kinmarr.TradeAnswered)]
        state = done.state
    assert answered == [kinmarr.TradeAnswered(0, 1, True)]
    assert scenario.player_info(state, 0).coins > 1  # it sold an Item for coins


def test_the_heuristic_agent_makes_no_offer_its_only_rival_would_accept() -> None:
    # With two players, what one side gains the other loses: no offer is worth both.
    state = _trade_position(("feudal_pact", "pathfinders"))
    assert "trade:1" in [kinmarr.notation(a) for a in kinmarr.legal_actions(state)]
    assert _heuristic_choice(state) == "end"


def test_the_heuristic_agent_accepts_a_gift_and_refuses_to_give_one() -> None:
    from tests.test_kinmarr.positions import act

    state = _trade_position(("feudal_pact", "pathfinders"))
    gift = act(state, "trade:1", "give:leather-armour-2", "propose")
    assert _heuristic_choice(gift) == "accept"
    robbery = act(state, "trade:1", "ask-coin", "ask-coin", "ask-coin", "propose")
    assert _heuristic_choice(robbery) == "refuse"


def test_without_merchant_the_heuristic_agent_never_sells_refreshes_or_offers() -> None:
    agent = kinmarr.HeuristicAgent(merchant=False)
    config = kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[:3])
    for seed in range(3):
        state = kinmarr.new_game(config, seed=seed)
        rng = Rng.from_seed(seed)
        while (seat := kinmarr.current_player(state)) is not None:
            view = kinmarr.view(state, seat)
            action, rng = agent.choose(view, kinmarr.legal_actions(view), rng)
            assert not isinstance(action, kinmarr.Sell | kinmarr.Refresh | kinmarr.Trade)
            state = kinmarr.apply(state, action)


def test_the_heuristic_agent_chooses_alike_from_a_view_and_from_a_state_dealt_from_it() -> None:
    # A search lets it play dealt states: it must read nothing a view hides.
    state = kinmarr.new_game(kinmarr.Config(guilds=kinmarr.DEFAULT_GUILDS[:3]), seed=2)
    agent = kinmarr.HeuristicAgent()
    rng = Rng.from_seed(3)
    for _ in range(120):
        seat = kinmarr.current_player(state)
        if seat is None:
            break
        view = kinmarr.view(state, seat)
        legal = kinmarr.legal_actions(view)
        dealt = kinmarr.redeal(view, seed=5)
        assert agent.choose(dealt, legal, rng) == agent.choose(view, legal, rng)
        action, rng = agent.choose(view, legal, rng)
        state = kinmarr.apply(state, action)


def _choice(guilds: tuple[str, str], drawn: tuple[str, str, str], **player: object) -> str:
    """What the heuristic agent chooses among three encounters drawn on the Royal Road."""
    from tests.test_kinmarr.positions import act, at, start

    state = at(start(guilds), 0, kinmarr.Tile("inner", 1), **player)  # type: ignore[arg-type]
    state = act(state, "travel", "1", *drawn)
    view = kinmarr.view(state, 0)
    action, _ = kinmarr.HeuristicAgent().choose(view, kinmarr.legal_actions(view), Rng.from_seed(1))
    assert isinstance(action, kinmarr.Choose)
    return action.card


def test_the_heuristic_agent_weighs_the_creatures_abilities() -> None:
    # The Skeleton and the Grey Wolf are alike on paper (attack 1, defence 2), but the
    # Pathfinders' green dice cannot hurt the Elusive Skeleton.
    drawn = ("skeleton-1", "grey-wolf-1", "bad-omen-1")
    assert _choice(("pathfinders", "feudal_pact"), drawn) == "grey-wolf-1"
    # Three wounds taken and Chain Mail worn: the Tusked Boar's Pierce would kill through the
    # Block, which stops every wound of the Goblin Scout.
    chosen = _choice(
        ("pathfinders", "feudal_pact"),
        ("tusked-boar-1", "goblin-scout-1", "bad-omen-1"),
        wounds=3,
        slotted=["chain-mail"],
    )
    assert chosen == "goblin-scout-1"


def test_the_heuristic_agent_uses_a_challenge_against_a_weak_player_far_away() -> None:
    from tests.test_kinmarr.positions import act, at, is_chance, pass_windows, start

    state = at(start(("pathfinders", "feudal_pact")), 0, kinmarr.CASTLE, slotted=["challenge"])
    state = at(state, 1, kinmarr.Tile("outer", 5), wounds=3, coins=9)
    state = act(pass_windows(state), "travel")
    use = kinmarr.Use("challenge")
    for _ in range(6):  # the first window the Challenge may answer (the roll, the move, the tile)
        if use in kinmarr.legal_actions(state):
            break
        state = act(state, "6" if is_chance(state) else "pass")  # to the Drowned Rat
    view = kinmarr.view(state, 0)
    actions = kinmarr.legal_actions(view)
    assert use in actions
    action, _ = kinmarr.HeuristicAgent().choose(view, actions, Rng.from_seed(1))
    assert action == use
