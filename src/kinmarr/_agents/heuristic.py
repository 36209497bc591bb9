"""Agents: the random agent of the core and :class:`HeuristicAgent`, which plays by rules of thumb.

The heuristic agent reads only its view. It fights the creatures it is likely to beat without
dying, keeps its best cards slotted, answers in windows when an answer changes a fight or heals a
wound that matters, and duels only a weaker or badly wounded player. At the Shop and in trades it
weighs what its cards and coins are worth to it (:mod:`kinmarr._merchant`): it buys what adds
worth, sells an Item to pay for a better one, refreshes the Shop when nothing in it helps and a
new draw is likely to, and offers and accepts trades that gain it more than they gain the other
side. With ``merchant=False`` it plays as it did before it learnt to: it buys by a simpler rule,
never sells, refreshes or offers, and accepts any trade that gains it value.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs

from tabletop_rules import Rng

from .. import _actions, _words
from .._actions import Action
from .._content import Card, Compiled
from .._creature import fight_colours, needed, scoring_dice, wounds_taken
from .._frames import (
    ChooseFrame,
    DuelFrame,
    FightFrame,
    LootFrame,
    OfferFrame,
    PayFrame,
    TrophyFrame,
    WindowFrame,
)
from .._frames.combat import current_fight, dice_hits
from .._legal import acting, decision_kind
from .._merchant import accepts, card_worth, offer_step, organise, shop_choice, trade_plan
from .._query import (
    extra_dice,
    fight_modifiers,
    lasting_modifiers,
)
from .._state import View

_WOUNDS = {"hit": 1, "critical": 2}


@functools.cache
def _distribution(faces: tuple[tuple[str, ...], ...]) -> tuple[float, ...]:
    """Probabilities of each total of wounds for dice with these faces (a Dodge counts as a
    die rolled once more: its expected wounds spread over the faces of that die)."""
    dist = [1.0]
    for die in faces:
        step = [0.0] * 3
        for face in die:
            if face == "dodge":
                for again in die:
                    step[_WOUNDS.get(again, 0)] += 1 / (len(die) * len(die))
            else:
                step[_WOUNDS.get(face, 0)] += 1 / len(die)
        new = [0.0] * (len(dist) + 2)
        for total, p in enumerate(dist):
            for add, q in enumerate(step):
                new[total + add] += p * q
        dist = new
    return tuple(dist)


def kill_chance(rules: Compiled, colours: Sequence[str], need: int) -> float:
    """The chance that dice of these colours deal at least ``need`` wounds."""
    if need <= 0:
        return 1.0
    dist = _distribution(tuple(rules.faces[c] for c in colours))
    return sum(dist[need:])


def _expected(rules: Compiled, colours: Sequence[str]) -> float:
    dist = _distribution(tuple(rules.faces[c] for c in colours))
    return sum(total * p for total, p in enumerate(dist))


@attrs.frozen
class HeuristicAgent:
    """Plays by rules of thumb, from its view only (see the module docs).

    >>> import kinmarr
    >>> from tabletop_rules import Rng
    >>> state = kinmarr.new_game(kinmarr.Config(guilds=("feudal_pact", "pathfinders")), seed=7)
    >>> view = kinmarr.view(state, 0)
    >>> HeuristicAgent().choose(view, kinmarr.legal_actions(view), Rng.from_seed(1))[0]
    Travel()

    Attributes:
        caution: how much a wound weighs against a creature's value when choosing fights.
        greed: how much a coin is worth, against the rest.
        daring: the highest chance of dying in a duel it declares.
        merchant: whether it sells, refreshes the Shop, rearranges its slots and offers trades,
            judging purchases and offers by what they add to its worth; ``False`` plays as
            before it learnt to (buys by a simpler rule, accepts any trade that gains it value).
    """

    caution: float = 1.5
    greed: float = 1.0
    daring: float = 0.1
    merchant: bool = True

    def choose(self, view: Any, actions: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """Return the action this agent prefers (ties broken by ``rng``).

        ``view`` is the view of the seat to act; a search may pass a state dealt from its own
        view instead, since nothing the agent reads is hidden from a view."""
        if len(actions) == 1:
            return actions[0], rng
        kind = decision_kind(view)
        method = getattr(self, f"_{kind}", None)
        if method is None:
            return rng.choice(actions)
        chosen = method(view, actions)
        if chosen is None:
            return rng.choice(actions)
        return chosen, rng

    # -- helpers ---------------------------------------------------------------------------------

    def _me(self, view: View) -> int:
        seat = acting(view)
        assert seat is not None and seat >= 0
        return seat

    def _colours(self, view: View, seat: int) -> list[str]:
        rules = view.config.rules
        return [*rules.guild[view.players[seat].guild].dice, *extra_dice(view, seat)]

    def _card_worth(self, rules: Compiled, card: Card) -> float:
        """How much holding a card is worth (score and use)."""
        return card_worth(card)

    def _effects_worth(self, view: View, effects: Sequence[Any]) -> float:
        me = view.players[self._me(view)]
        worth = 0.0
        for effect in effects:
            if isinstance(effect, _words.Coins):
                worth += effect.amount * self.greed
            elif isinstance(effect, _words.Heal):
                worth += min(effect.amount, me.wounds) * 2.0
            elif isinstance(effect, _words.HealAll):
                worth += me.wounds * 2.0
            elif isinstance(effect, _words.Wound):
                worth -= 6.0 if me.wounds + effect.amount > 3 else 2.0 * effect.amount
            elif isinstance(effect, _words.Fate):
                worth -= effect.amount * (1.0 + view.fate / 5)
            elif isinstance(effect, _words.GainAbility | _words.GainItem):
                worth += 3.0 * effect.count
            elif isinstance(effect, _words.Draw):
                worth -= 0.5
            elif isinstance(
                effect, _words.Move | _words.Teleport | _words.ShopAccess | _words.DuelAnywhere
            ):
                worth += 0.5
        return worth

    def _fight_worth(self, view: View, seat: int, creature: Card) -> float:
        """What choosing a fight with ``creature`` is worth: its chance of a kill (the creature's
        Fear, Elusive and Regenerate counted), the wounds it deals (Pierce, Slow) and what its
        triggers give or take."""
        rules = view.config.rules
        me = view.players[seat]
        hits, block = fight_modifiers(view, seat, creature)
        all_hits, all_block = lasting_modifiers(view)
        guild = rules.guild[me.guild].dice
        colours = fight_colours(guild, extra_dice(view, seat), creature)
        counted = [c for c, n in zip(colours, scoring_dice(colours, creature), strict=True) if n]
        need = creature.defence - hits - all_hits
        p = kill_chance(rules, counted, need)
        harder = needed(creature, ()) - creature.defence
        if harder:  # Regenerate: about half the rolls show no Critical
            p = (p + kill_chance(rules, counted, need + harder)) / 2
        lost_taken = wounds_taken(creature, block + all_block, False)
        won_taken = wounds_taken(creature, block + all_block, True)
        triggers = {"defeat": 0.0, "fight-lost": 0.0}
        for trigger in creature.triggers:
            triggers[trigger.when.on] += self._effects_worth(view, trigger.effects)
            for effect in trigger.effects:
                if isinstance(effect, _words.Wound):
                    lost_taken += effect.amount
        if me.wounds + won_taken > 3 or (me.wounds + lost_taken > 3 and p < 0.8):
            return -50.0
        taken = p * won_taken + (1 - p) * lost_taken
        left = 3 - me.wounds - max(won_taken, lost_taken)
        risk = taken * self.caution * (1.5 if left <= 0 else 1.0)
        gain = p * (creature.value * (1 + self.greed) + 1.0 + triggers["defeat"])
        doom = 12.0 if view.fate >= 9 else 4.0 if view.fate >= 7 else 0.0  # Fate 10 ends the game
        gain -= (1 - p) * (1.0 + view.fate / 4 + doom - triggers["fight-lost"])
        return gain - risk

    # -- decisions ---------------------------------------------------------------------------------

    def _window(self, view: View, actions: Sequence[Action]) -> Action | None:
        rules = view.config.rules
        me = self._me(view)
        player = view.players[me]
        frame = view.frames[-1]
        assert isinstance(frame, WindowFrame)
        best: Action = actions[0]
        best_worth = 0.5
        fight = current_fight(view)
        for action in actions:
            if isinstance(action, _actions.Use):
                usage = rules.card[action.card].usage
                effects = usage.effects if usage is not None else ()
            elif isinstance(action, _actions.Power):
                usage = rules.guild[player.guild].power.usage
                effects = usage.effects if usage is not None else ()
            else:
                continue
            worth = 0.0
            for effect in effects:
                if isinstance(effect, _words.Heal | _words.HealAll):
                    amount = 3 if isinstance(effect, _words.HealAll) else effect.amount
                    healed = min(amount, player.wounds)
                    worth += healed * (3.0 if player.wounds >= 2 else 0.6)
                elif isinstance(effect, _words.Fate):
                    worth += -effect.amount * (2.0 if view.fate >= 6 else 0.2)
                elif isinstance(effect, _words.Coins):
                    worth += effect.amount * (1.0 if frame.request in ("start", "end") else 0.3)
                elif isinstance(effect, _words.Steal):
                    if action.target is not None:
                        worth += min(effect.amount, view.players[action.target].coins)
                elif isinstance(effect, _words.Wound):
                    target = action.target if action.target is not None else me
                    hurt = view.players[target]
                    sign = -1 if target == me else 1
                    worth += sign * (10.0 if hurt.wounds + effect.amount > 3 else 0.5)
                elif isinstance(effect, _words.Hits | _words.Block) and fight is not None:
                    target = action.target if action.target is not None else me
                    worth += self._fight_swing(view, fight, target, effect) * (
                        1 if target == me else -1
                    )
                elif isinstance(effect, _words.GainAbility | _words.GainItem):
                    worth += 2.0
                elif isinstance(effect, _words.DuelAnywhere):
                    worth += self._far_duel_worth(view, me)
            if worth > best_worth:
                best, best_worth = action, worth
        return best

    def _fight_swing(
        self,
        view: View,
        fight: FightFrame | DuelFrame,
        who: int,
        effect: _words.Hits | _words.Block,
    ) -> float:
        """How much an extra Hits or Block changes ``who``'s fight (positive: better for them)."""
        rules = view.config.rules
        amount = effect.amount
        if isinstance(fight, FightFrame):
            if who != fight.seat:
                return 0.0
            creature = rules.card[fight.creature]
            hits, block = fight_modifiers(view, who, creature)
            all_hits, all_block = lasting_modifiers(view)
            dealt = dice_hits(fight.dice, creature) + hits + all_hits + fight.hits
            need = needed(creature, fight.dice.faces)
            killed = dealt >= need
            taken = wounds_taken(creature, block + all_block + fight.block, killed)
            wounds = view.players[who].wounds
            if isinstance(effect, _words.Hits):
                if effect.tag is not None and effect.tag not in creature.tags:
                    return 0.0
                before, after = killed, dealt + amount >= need
                after_taken = wounds_taken(creature, block + all_block + fight.block, after)
                saved = wounds + taken > 3 and after_taken < taken
                return 4.0 * (after - before) + (10.0 if saved else 0.0)
            after_taken = wounds_taken(creature, block + all_block + fight.block + amount, killed)
            swing = (taken - after_taken) * 1.0
            if wounds + taken > 3 >= wounds + after_taken:
                swing += 10.0
            return swing
        return 1.5 * amount

    def _start(self, view: View, actions: Sequence[Action]) -> Action | None:
        for action in actions:
            if isinstance(action, _actions.ShowTower):
                return action
        return self._menu(view, actions, _actions.Travel)

    def _end(self, view: View, actions: Sequence[Action]) -> Action | None:
        return self._menu(view, actions, _actions.EndTurn)

    def _menu(
        self,
        view: View,
        actions: Sequence[Action],
        last: type[_actions.Travel] | type[_actions.EndTurn],
    ) -> Action:
        """The start or end menu: fill a slot, use the Shop, then go on (``last``)."""
        if self.merchant:
            return self._merchant_menu(view, actions, last)
        for action in actions:
            if isinstance(action, _actions.Slot):
                return action
        bought = self._shopping(view, actions)
        if bought is not None:
            return bought
        return next(a for a in actions if isinstance(a, last))

    def _merchant_menu(
        self,
        view: View,
        actions: Sequence[Action],
        last: type[_actions.Travel] | type[_actions.EndTurn],
    ) -> Action:
        """The start or end menu: rearrange the slots, offer a trade, use the Shop, then go
        on (``last``)."""
        me = self._me(view)
        chosen = organise(view, me, actions)
        if chosen is None:
            chosen = self._trade_partner(view, actions)
        if chosen is None:
            chosen = shop_choice(view, me, actions, self.greed)
        if chosen is None:
            chosen = next(a for a in actions if isinstance(a, last))
        return chosen

    def _trade_partner(self, view: View, actions: Sequence[Action]) -> Action | None:
        """The partner to whom the best trade can be offered, if any offer is worth making."""
        me = self._me(view)
        best: Action | None = None
        best_gain = 0.0
        for action in actions:
            if isinstance(action, _actions.Trade):
                plan = trade_plan(view, me, action.seat, self.greed)
                if plan is not None and plan.gain > best_gain:
                    best, best_gain = action, plan.gain
        return best

    def _shopping(self, view: View, actions: Sequence[Action]) -> Action | None:
        rules = view.config.rules
        best: Action | None = None
        best_worth = 0.0
        for action in actions:
            if isinstance(action, _actions.Buy):
                card = rules.card[action.card]
                worth = self._card_worth(rules, card) - card.value * 0.6
                if worth > best_worth:
                    best, best_worth = action, worth
        return best

    def _duel_worth(self, view: View, me: int, seat: int) -> float | None:
        """What a duel against ``seat`` is worth to ``me`` (``None``: too dangerous)."""
        rules = view.config.rules
        mine = _expected(rules, self._colours(view, me)) + fight_modifiers(view, me, None)[0]
        my_block = fight_modifiers(view, me, None)[1]
        other = view.players[seat]
        theirs = _expected(rules, self._colours(view, seat))
        theirs += fight_modifiers(view, seat, None)[0]
        their_block = fight_modifiers(view, seat, None)[1]
        dealt = mine - their_block
        taken = theirs - my_block
        if view.players[me].wounds + max(0.0, taken) > 2.5:
            return None
        their_hits = fight_modifiers(view, seat, None)[0]
        lethal = 4 - view.players[me].wounds + my_block - their_hits
        if kill_chance(rules, self._colours(view, seat), lethal) > self.daring:
            return None  # too likely to die in it
        worth = (dealt - taken) + (3.0 if other.wounds + dealt > 3 else 0.0)
        return worth + other.coins * 0.1

    def _duel(self, view: View, actions: Sequence[Action]) -> Action | None:
        me = self._me(view)
        best: Action = next(a for a in actions if isinstance(a, _actions.NoDuel))
        best_worth = 0.0
        for action in actions:
            if not isinstance(action, _actions.Duel):
                continue
            worth = self._duel_worth(view, me, action.seat)
            if worth is not None and worth > best_worth + 0.8:
                best, best_worth = action, worth
        return best

    def _far_duel_worth(self, view: View, me: int) -> float:
        """What being able to duel anyone this turn is worth: a duel worth declaring against a
        player who is not on ``me``'s tile (and no duel declared yet)."""
        if view.flags.dueled or view.flags.duel_anywhere:
            return 0.0
        here = view.players[me].tile
        best = 0.0
        for seat, other in enumerate(view.players):
            if seat != me and other.tile is not None and other.tile != here:
                worth = self._duel_worth(view, me, seat)
                if worth is not None and worth > 0.8:
                    best = max(best, worth)
        return best

    def _choose(self, view: View, actions: Sequence[Action]) -> Action | None:
        rules = view.config.rules
        frame = view.frames[-1]
        assert isinstance(frame, ChooseFrame)
        best: Action | None = None
        best_worth = -1e9
        for action in actions:
            assert isinstance(action, _actions.Choose)
            card = rules.card[action.card]
            if card.kind == "creature":
                worth = self._fight_worth(view, self._me(view), card)
            elif card.kind in ("place", "event"):
                worth = self._effects_worth(view, card.effects)
                for effect in card.passive:
                    if isinstance(effect, _words.Hits | _words.Block):
                        worth += effect.amount * 0.5
            elif card.kind == "tower":
                worth = 2.0 + self._effects_worth(view, card.effects) * 2
            else:
                worth = self._card_worth(rules, card)
            if worth > best_worth:
                best, best_worth = action, worth
        return best

    def _pay(self, view: View, actions: Sequence[Action]) -> Action | None:
        rules = view.config.rules
        frame = view.frames[-1]
        assert isinstance(frame, PayFrame)
        owed = rules.card[frame.tower].value - frame.paid
        values = {a: rules.card[a.card].value for a in actions if isinstance(a, _actions.Pay)}
        enough = [a for a, v in values.items() if v >= owed]
        if enough:
            return min(enough, key=lambda a: values[a])
        return max(values, key=lambda a: values[a])

    def _reroll(self, view: View, actions: Sequence[Action]) -> Action | None:
        frame = view.frames[-1]
        assert isinstance(frame, FightFrame | DuelFrame)
        if isinstance(frame, FightFrame):
            faces = frame.dice.faces
        else:
            faces = frame.dice_a.faces if frame.stage == "dodge-a" else frame.dice_d.faces
        rank = {"miss": 0, "resilience": 1, "insight": 1, "dodge": 2, "hit": 3, "critical": 4}
        best: Action | None = None
        best_rank = 10
        for action in actions:
            if isinstance(action, _actions.Reroll):
                other = rank[faces[action.other]] if action.other is not None else 0
                if other < best_rank:
                    best, best_rank = action, other
        if best is None or best_rank >= 4:
            return next(a for a in actions if isinstance(a, _actions.NoReroll))
        return best

    def _keep(self, view: View, actions: Sequence[Action]) -> Action | None:
        return next(a for a in actions if isinstance(a, _actions.Keep) and a.where == "slot")

    def _drop(self, view: View, actions: Sequence[Action]) -> Action | None:
        rules = view.config.rules
        return min(
            (a for a in actions if isinstance(a, _actions.Drop)),
            key=lambda a: self._card_worth(rules, rules.card[a.card]),
        )

    def _loot(self, view: View, actions: Sequence[Action]) -> Action | None:
        frame = view.frames[-1]
        assert isinstance(frame, LootFrame)
        for action in actions:
            if isinstance(action, _actions.LootCoins):
                return action
        if len(view.players[self._me(view)].hand) < 9:
            for action in actions:
                if isinstance(action, _actions.Loot):
                    return action
        return next(a for a in actions if isinstance(a, _actions.SkipLoot))

    def _trophy(self, view: View, actions: Sequence[Action]) -> Action | None:
        rules = view.config.rules
        frame = view.frames[-1]
        assert isinstance(frame, TrophyFrame)
        best: Action = next(a for a in actions if isinstance(a, _actions.TakeCoins))
        best_worth = view.players[frame.loser].coins // 2 * self.greed
        for action in actions:
            if isinstance(action, _actions.Take):
                worth = self._card_worth(rules, rules.card[action.card])
                if worth > best_worth:
                    best, best_worth = action, worth
        return best

    def _accept(self, view: View, actions: Sequence[Action]) -> Action | None:
        rules = view.config.rules
        frame = view.frames[-1]
        assert isinstance(frame, OfferFrame)
        if self.merchant:
            wanted: type = (
                _actions.AcceptTrade
                if accepts(view, self._me(view), frame, self.greed)
                else _actions.RefuseTrade
            )
            return next(a for a in actions if isinstance(a, wanted))
        got = sum(self._card_worth(rules, rules.card[c]) for c in frame.give) + frame.give_coins
        given = sum(self._card_worth(rules, rules.card[c]) for c in frame.ask) + frame.ask_coins
        wanted = _actions.AcceptTrade if got > given else _actions.RefuseTrade
        return next(a for a in actions if isinstance(a, wanted))

    def _offer(self, view: View, actions: Sequence[Action]) -> Action | None:
        frame = view.frames[-1]
        assert isinstance(frame, OfferFrame)
        if self.merchant:
            return offer_step(view, frame, actions, self.greed)
        return actions[0]  # NoTrade: without merchant it never offers
