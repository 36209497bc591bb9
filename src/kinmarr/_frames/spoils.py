"""What the living take from the dead and from the losers: a dead character looted
(:class:`LootFrame`, K13), a duel's trophy (:class:`TrophyFrame`, K5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_rules import Seat

from .._actions import Action, Loot, LootCoins, SkipLoot, Take, TakeCoins
from .._checks import card_ids, fail, of_type, whole
from .._pieces import COIN_LIMIT
from .._query import order_from
from ._base import BaseFrame, P, at, game_seat, living, waiting
from .draws import DrawFrame, DropFrame, GainFrame

if TYPE_CHECKING:
    from .._work import Work


@attrs.frozen
class LootFrame(BaseFrame):
    """A dead character's items, coins and creatures, taken by the characters on its tile in
    turn order (K13); what is left when they are done is discarded.

    Attributes:
        dead: the dead player.
        looters: the players still to choose, the one choosing first.
        items: the Items left.
        creatures: the creatures left.
        coins: the coins left.
    """

    dead: Seat
    looters: tuple[Seat, ...]
    items: tuple[str, ...]
    creatures: tuple[str, ...]
    coins: int

    def asks(self, w: P) -> Seat | None:
        if not self.looters or not (self.items or self.creatures or self.coins):
            return None
        players = w.players
        if any(players[s].tile is None for s in self.looters):
            return None
        return self.looters[0]

    def legal(self, w: P, seat: Seat) -> list[Action]:
        pool = w.config.rules.actions
        out: list[Action] = [pool[(SkipLoot,)]]
        if self.coins:
            out.append(pool[(LootCoins,)])
        out += [pool[(Loot, c)] for c in (*self.items, *self.creatures)]
        return out

    def kind(self, w: P) -> str:
        return "loot"

    def answer(self, w: Work, action: Action) -> None:
        looter = self.looters[0]
        if isinstance(action, SkipLoot):
            w.replace(
                LootFrame(self.dead, self.looters[1:], self.items, self.creatures, self.coins)
            )
        elif isinstance(action, LootCoins):
            w.players[looter].coins += self.coins
            w.replace(LootFrame(self.dead, self.looters, self.items, self.creatures, 0))
        else:
            assert isinstance(action, Loot)
            items = tuple(c for c in self.items if c != action.card)
            creatures = tuple(c for c in self.creatures if c != action.card)
            w.replace(LootFrame(self.dead, self.looters, items, creatures, self.coins))
            w.push(GainFrame(looter, action.card))

    def auto(self, w: Work) -> None:
        looters = tuple(s for s in self.looters if w.players[s].tile is not None)
        if not looters or not (self.items or self.creatures or self.coins):
            w.pop()
            w.discard((*self.items, *self.creatures))
            return
        w.replace(LootFrame(self.dead, looters, self.items, self.creatures, self.coins))

    def release(self, w: Work) -> None:
        w.discard((*self.items, *self.creatures))

    def owner(self) -> Seat | None:
        return -1

    def outlived(self, dead: Seat) -> BaseFrame | None:
        if dead not in self.looters:
            return self
        looters = tuple(s for s in self.looters if s != dead)
        return LootFrame(self.dead, looters, self.items, self.creatures, self.coins)

    def check_fields(self, position: P, path: str) -> list[str]:
        rules = position.config.rules
        game_seat(position, self.dead, f"{path}.dead")
        of_type(self.looters, tuple, f"{path}.looters")
        for i, looter in enumerate(self.looters):
            game_seat(position, looter, f"{path}.looters[{i}]")
        if not self.looters or len(set(self.looters)) != len(self.looters):
            fail(f"{path}.looters", "looters are living players, each once")
        if self.dead in self.looters:
            fail(f"{path}.looters", "the dead do not loot")
        items = card_ids(self.items, rules, f"{path}.items")
        creatures = card_ids(self.creatures, rules, f"{path}.creatures")
        if any(rules.card[c].kind != "item" for c in items):
            fail(f"{path}.items", "only Items")
        if any(rules.card[c].kind != "creature" for c in creatures):
            fail(f"{path}.creatures", "only creatures")
        whole(self.coins, 0, COIN_LIMIT, f"{path}.coins")
        return [*items, *creatures]

    def fits(self, p: P, i: int) -> None:
        if p.players[self.dead].tile is not None:
            fail(at(i, "dead"), f"K13: seat {self.dead}'s character is alive")
        for k, seat in enumerate(self.looters):
            living(p, seat, at(i, f"looters[{k}]"))
        order = order_from(p, p.turn)
        if [s for s in order if s in self.looters] != list(self.looters):
            fail(at(i, "looters"), "K13: looters choose in turn order from the active player")
        if len({p.players[s].tile for s in self.looters}) > 1:
            fail(at(i, "looters"), "K13: the looters stand on the tile where the character died")
        for j in range(i + 1, len(p.frames)):  # what is taken, another death, a Shop refill
            above = p.frames[j]
            refill = isinstance(above, DrawFrame) and above.into == "shop"
            if not (refill or isinstance(above, GainFrame | DropFrame | LootFrame)):
                fail(at(j), "K13: a death is looted at once")


@attrs.frozen
class TrophyFrame(BaseFrame):
    """The winner of a duel chooses a trophy (K5): an Item from the loser's slots, half the
    loser's coins (rounded down), or a creature from the loser's hand.

    Attributes:
        winner: the winner.
        loser: the loser.
    """

    winner: Seat
    loser: Seat

    def asks(self, w: P) -> Seat | None:
        players = w.players
        if players[self.winner].tile is None or players[self.loser].tile is None:
            return None
        return self.winner

    def legal(self, w: P, seat: Seat) -> list[Action]:
        pool = w.config.rules.actions
        rules = w.config.rules
        loser = w.players[self.loser]
        out: list[Action] = [pool[(TakeCoins,)]]
        out += [pool[(Take, c)] for c in loser.slots if rules.card[c].kind == "item"]
        out += [pool[(Take, c)] for c in loser.hand if rules.card[c].kind == "creature"]
        return out

    def kind(self, w: P) -> str:
        return "trophy"

    def answer(self, w: Work, action: Action) -> None:
        w.pop()
        loser = w.players[self.loser]
        if isinstance(action, TakeCoins):
            half = loser.coins // 2
            loser.coins -= half
            w.players[self.winner].coins += half
        else:
            assert isinstance(action, Take)
            w.remove_held(self.loser, action.card)
            w.push(GainFrame(self.winner, action.card))

    def auto(self, w: Work) -> None:
        w.pop()

    def owner(self) -> Seat | None:
        return -1

    def outlived(self, dead: Seat) -> BaseFrame | None:
        return None if dead in (self.winner, self.loser) else self

    def check_fields(self, position: P, path: str) -> list[str]:
        game_seat(position, self.winner, f"{path}.winner")
        game_seat(position, self.loser, f"{path}.loser")
        if self.winner == self.loser:
            fail(f"{path}.loser", "the loser is not the winner")
        return []

    def fits(self, p: P, i: int) -> None:
        waiting(p, i, "a duel's trophy")
        living(p, self.winner, at(i, "winner"))
        living(p, self.loser, at(i, "loser"))
        if p.turn not in (self.winner, self.loser):
            fail(at(i), "K5: the active player fought the duel")
