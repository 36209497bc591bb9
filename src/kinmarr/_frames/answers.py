"""Who may answer a request, and with what (ruling K4).

A slotted card's or a guild power's *usage* names the requests it may answer; on top of that an
answer is offered only where it **applies**: one of its effects

* **can change something** now — a heal a wounded user, a Fate change a Fate not already at that
  end, a theft a target with coins, coins a purse not empty (or full), Hits or Block the outcome of
  the fight or duel its receiver is fighting (a tagged Hits only against a creature with the tag,
  never in a duel; once the dice are rolled, only if the wounds dealt — up to the creature's
  defence — or taken change, counting the answers already on the Stack), the Shop or a duel
  anywhere a turn that has neither yet and can still use it; the other effects (a wound, a card
  gained) always change something;
* and, with ``Config(auto_pass=True)``, **reacts to the request**: see :func:`reacts`.

Hands and slots are public in kinmarr (decision *a* of the rules page), so asking a player only
when an answer applies reveals nothing.
"""

from __future__ import annotations

from typing import Any, Final

from tabletop_rules import Seat

from .._content import Compiled, Request, Usage
from .._creature import needed, wounds_taken
from .._pieces import COIN_LIMIT, FATE_MAX
from .._query import (
    alive,
    can_duel_anywhere,
    fight_modifiers,
    has_shop,
    hits_and_block,
    lasting_modifiers,
    on_tile,
)
from .._words import (
    Block,
    Coins,
    DuelAnywhere,
    Effect,
    Fate,
    Heal,
    HealAll,
    Hits,
    ShopAccess,
    Steal,
    Wound,
)
from .combat import DuelFrame, FightFrame, current_fight, dice_hits, fighters
from .turn import MenuFrame

P = Any  # a State, a View or the engine's working copy

FIGHT_REQUESTS: Final[frozenset[Request]] = frozenset({"combat", "result"})
"""The requests of a fight or duel: its roll (``combat``) and its result (``result``)."""

TURN_REQUESTS: Final[frozenset[Request]] = frozenset({"start", "end"})
"""The phase starts of a turn, where its player acts on its own turn (K4)."""

REACTIONS: Final[dict[type, frozenset[Request]]] = {
    Hits: FIGHT_REQUESTS,
    Block: FIGHT_REQUESTS,
    Heal: FIGHT_REQUESTS,
    HealAll: FIGHT_REQUESTS,
    Wound: FIGHT_REQUESTS,
}
"""The requests each effect reacts to, when it lands on a party to the request (a fighter for a
fight's requests, the active player for the others): a bonus to the roll, a block against the
wounds, a heal before the wounds land, a wound to a fighter. An effect not listed reacts only to
its user's own turn phases (:data:`TURN_REQUESTS`)."""

_ON_TARGET: Final = (Hits, Block, Wound, Steal)
"""Effects that land on the target of the answer, when it has one (the others on its user)."""


def answers(p: P, seat: Seat, request: Request) -> list[tuple[str | None, Seat | None]]:
    """The answers ``seat`` may give in a window on ``request`` (K4), as ``(card, target)`` pairs
    (``card`` ``None``: the guild power): slotted cards in slot order, then the power; each with
    its targets in seat order; only those that :func:`apply <applies>`."""
    rules: Compiled = p.config.rules
    player = p.players[seat]
    if player.tile is None:
        return []
    found: list[tuple[str | None, Seat | None]] = []
    flags = p.flags
    fighting: tuple[Seat, ...] | None = None
    sources: list[tuple[str | None, Usage | None]] = [
        (c, rules.card[c].usage) for c in player.slots
    ]
    sources.append((None, rules.guild[player.guild].power.usage))
    for card, usage in sources:
        if usage is None or request not in usage.when:
            continue
        if card is None:
            if seat in flags.powers:
                continue
        elif not usage.consumed and rules.card[card].kind == "item" and card in flags.spent:
            continue
        if usage.own_turn and seat != p.turn:
            continue
        if usage.fighting or usage.target == "fighter":
            if fighting is None:
                fighting = fighters(p)
            if usage.fighting and seat not in fighting:
                continue
        target = usage.target
        targets: list[Seat | None]
        if target == "self":
            targets = [None]
        elif target == "on_tile":
            targets = list(on_tile(p, seat))
        elif target == "other":
            targets = [s for s in alive(p) if s != seat]
        else:
            targets = list(fighting or ())
        found.extend((card, t) for t in targets if applies(p, seat, request, usage, t))
    return found


def applies(p: P, seat: Seat, request: Request, usage: Usage, target: Seat | None) -> bool:
    """Whether ``seat``'s answer with ``usage`` on ``target`` applies to ``request``: one of its
    effects can change something now and, with ``auto_pass``, :func:`reacts` to the request."""
    auto_pass: bool = p.config.auto_pass
    for effect in usage.effects:
        receiver = target if target is not None and isinstance(effect, _ON_TARGET) else seat
        if auto_pass and not reacts(p, effect, seat, receiver, request):
            continue
        if _changes(p, effect, seat, receiver):
            return True
    return False


def reacts(p: P, effect: Effect, seat: Seat, receiver: Seat, request: Request) -> bool:
    """Whether ``effect``, used by ``seat`` and landing on ``receiver``, reacts to ``request``
    (K4 with ``auto_pass``): any effect reacts to the start and the end of its user's own turn;
    an effect of :data:`REACTIONS` also to its requests when it lands on a party to them — a
    fighter of the current fight or duel for :data:`FIGHT_REQUESTS`, the active player for the
    others."""
    if request in TURN_REQUESTS and seat == p.turn:
        return True
    if request not in REACTIONS.get(type(effect), frozenset()):
        return False
    if request in FIGHT_REQUESTS:
        return receiver in fighters(p)
    return bool(receiver == p.turn)


def _changes(p: P, effect: Effect, seat: Seat, receiver: Seat) -> bool:
    """Whether ``effect`` (used by ``seat``, landing on ``receiver``) can change anything now."""
    player = p.players[seat]
    if isinstance(effect, Coins):
        return bool(player.coins > 0 if effect.amount < 0 else player.coins < COIN_LIMIT)
    if isinstance(effect, Heal | HealAll):
        return bool(player.wounds > 0)
    if isinstance(effect, Fate):
        return bool(p.fate > 0 if effect.amount < 0 else p.fate < FATE_MAX)
    if isinstance(effect, Steal):
        return receiver != seat and bool(p.players[receiver].coins > 0)
    if isinstance(effect, Hits | Block):
        return _changes_fight(p, effect, receiver)
    if isinstance(effect, ShopAccess):
        return seat == p.turn and not has_shop(p, seat)
    if isinstance(effect, DuelAnywhere):
        return _duel_anywhere_helps(p, seat)
    return True


def _duel_anywhere_helps(p: P, seat: Seat) -> bool:
    """A duel anywhere helps the active player whose duel is still to come, who may not yet duel
    anywhere, while some living player stands on another tile."""
    if seat != p.turn or p.flags.dueled or can_duel_anywhere(p, seat):
        return False
    if not any(type(f) is MenuFrame and f.phase == "duel" for f in p.frames):
        return False
    near = set(on_tile(p, seat))
    return any(s != seat and s not in near for s in alive(p))


def _changes_fight(p: P, effect: Hits | Block, who: Seat) -> bool:
    """Whether a Hits or Block landing on ``who`` changes the fight or duel it fights."""
    fight = current_fight(p)
    if fight is None or who not in fighters(p):
        return False
    tag = effect.tag if isinstance(effect, Hits) else None
    if isinstance(fight, FightFrame):
        creature = p.config.rules.card[fight.creature]
        if tag is not None and tag not in creature.tags:
            return False
        if fight.stage != "settle":
            return True  # the dice are still to roll
        hits, block = fight_modifiers(p, who, creature)
        all_hits, all_block = lasting_modifiers(p)
        more_hits, more_block = _pending(p, who, creature)
        dealt = dice_hits(fight.dice, creature) + hits + all_hits + fight.hits + more_hits
        cap: int = needed(creature, fight.dice.faces)
        if isinstance(effect, Hits):  # wounds dealt count up to what defeats the creature
            return min(cap, max(0, dealt)) != min(cap, max(0, dealt + effect.amount))
        shield = block + all_block + fight.block + more_block
        killed = dealt >= cap
        taken = wounds_taken(creature, shield, killed)
        return taken != wounds_taken(creature, shield + effect.amount, killed)
    if tag is not None:
        return False  # a tagged Hits never counts in a duel
    if fight.stage != "settle":
        return True
    other = fight.defender if who == fight.attacker else fight.attacker
    if isinstance(effect, Hits):  # more wounds dealt by ``who``
        dealt, change = _duel_dealt(p, fight, who, other), effect.amount
    else:  # fewer wounds dealt to ``who``
        dealt, change = _duel_dealt(p, fight, other, who), -effect.amount
    return max(0, dealt) != max(0, dealt + change)


def _duel_dealt(p: P, fight: DuelFrame, by: Seat, to: Seat) -> int:
    """The wounds ``by`` deals ``to`` in the duel as things stand, before the floor at 0."""
    a = by == fight.attacker
    hits, _ = fight_modifiers(p, by, None)
    _, block = fight_modifiers(p, to, None)
    more_hits, _ = _pending(p, by, None)
    _, more_block = _pending(p, to, None)
    dice = dice_hits(fight.dice_a if a else fight.dice_d)
    frame_hits = fight.hits_a if a else fight.hits_d
    frame_block = fight.block_d if a else fight.block_a
    return dice + hits + frame_hits + more_hits - block - frame_block - more_block


def _pending(p: P, who: Seat, creature: Any) -> tuple[int, int]:
    """``(hits, block)`` that the answers already on the open window's Stack give ``who``
    (``creature`` ``None``: a duel, where tagged Hits never count)."""
    top = p.frames[-1] if p.frames else None
    if top is None or top.window_on() is None:
        return 0, 0
    rules: Compiled = p.config.rules
    effects: list[Effect] = []
    for item in top.stack:
        if item.card is None:
            usage = rules.guild[p.players[item.seat].guild].power.usage
        else:
            usage = rules.card[item.card].usage
        receiver = item.seat if item.target is None else item.target
        if usage is not None and receiver == who:
            effects.extend(usage.effects)
    return hits_and_block(effects, creature)
