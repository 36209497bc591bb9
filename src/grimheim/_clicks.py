"""What a player clicks in the picture to choose each action (``render_svg(…, actions=…)``).

An area is clicked on the map: the monster standing there (``monster-<x>-<y>``, for
:class:`Attack` and :class:`Target`), or else the area itself (``area-<index>``: an invisible hex
over the terrain, or Grimheim, for :class:`MoveTo`, :class:`PlaceGoblin` and :class:`Target`).
A hero is their token or their panel (``hero-<seat>``); a card is the card in play or in the
hand (``card-<seat>-<id>``); the bonus markers are their marker. What the board does not show is
a button: the verb where one element takes part in several kinds of action (*Focus*, *Use*,
*Discard* …), an amount of gold, a declining word (*Pass*, *End turn* …) and each chance outcome.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop_rules import ActionButton, ClickMap, ClickPart

from ._actions import (
    ACTION_TYPES,
    AcceptGold,
    Action,
    Attack,
    CompleteQuest,
    DeclinePrevention,
    DeclineQuest,
    DeclineUpgrade,
    DieFace,
    Discard,
    DiscardToDraw,
    Drawn,
    EndTurn,
    Focus,
    GiveGold,
    Mend,
    MoveTo,
    PassWindow,
    PlaceGoblin,
    Practice,
    Prepare,
    RefuseGold,
    RequestGold,
    ResolveAttack,
    Roll,
    SkipDraw,
    SkipMove,
    SkipSwap,
    StopTargets,
    SwapTop,
    TakeBonus,
    Target,
    TargetCard,
    TargetHero,
    Upgrade,
    Use,
    notation,
)
from ._map import Hex
from ._rules import decision, legal_actions
from ._state import State, View

__all__ = ["CLICKS", "area_key"]


_WORDS: dict[type, ActionButton] = {
    kind: ActionButton.for_kind(kind, key, label)
    for kind, key, label in (
        (Prepare, "prepare", "Prepare"),
        (Practice, "practice", "Practice"),
        (CompleteQuest, "quest", "Complete the quest"),
        (EndTurn, "end-turn", "End turn"),
        (StopTargets, "stop", "No more targets"),
        (SkipMove, "stay", "Stay"),
        (ResolveAttack, "resolve", "Resolve the attack"),
        (DeclineUpgrade, "no-upgrade", "No upgrade"),
        (SkipDraw, "no-draw", "Draw nothing"),
        (SkipSwap, "no-swap", "Keep the decks"),
        (PassWindow, "pass", "Pass"),
        (DeclinePrevention, "take-damage", "Take the damage"),
        (AcceptGold, "accept", "Accept"),
        (RefuseGold, "refuse", "Refuse"),
        (DeclineQuest, "no-quest", "Decline the quest"),
    )
}
"""The button of each action that is a word alone."""
_FOCUS = ActionButton.for_kind(Focus, "focus", "Focus")
_MEND = ActionButton.for_kind(Mend, "mend", "Mend")
_MEND_CARD = ActionButton("mend-card", "Mend, this card first", "Mend: repair this card first")
_DISCARD = ActionButton.for_kind(Discard, "discard", "Discard")
_DISCARD_TO_DRAW = ActionButton.for_kind(DiscardToDraw, "discard-to-draw", "Discard to draw")
_UPGRADE_ABILITY = ActionButton("upgrade-ability", "Upgrade: new ability", "Gain the top ability")
_UPGRADE_FLIP = ActionButton("upgrade-flip", "Upgrade: flip", "Flip this card to side II")
_GIVE = ActionButton.for_kind(GiveGold, "give-gold", "Give gold")
_ASK = ActionButton.for_kind(RequestGold, "ask-gold", "Ask for gold")
_BONUS = ActionButton.for_kind(TakeBonus, "take-bonus", "Take the bonus")


def area_key(area: int) -> str:
    """The key of the elements standing for an area of the map: its invisible hex, or
    Grimheim."""
    return f"area-{area}"


def _parts(position: State | View) -> Callable[[Action], list[ClickPart]]:
    config = position.config
    geo = config.geo
    monsters = {geo.hexes[m.at] for m in position.monsters}
    asked = decision(position)
    seat = 0 if asked is None else asked.seat
    heroes = position.heroes
    owners = sorted(range(len(heroes)), key=lambda s: s != seat)  # the asked seat first

    def place(where: Hex) -> str:
        if where in monsters:
            return f"monster-{where.x}-{where.y}"
        return area_key(geo.area(where))

    def card(card_id: str) -> ClickPart:
        for owner in owners:
            hero = heroes[owner]
            if card_id and (card_id in hero.hand or any(c.id == card_id for c in hero.cards)):
                return f"card-{owner}-{card_id}"
        known = config.cards.get(card_id)
        name = known.name if known is not None else "a hidden card"
        return ActionButton(f"card-{card_id or 'hidden'}", name)

    def bonus() -> ClickPart:
        here = heroes[seat].at if 0 <= seat < len(heroes) else -1
        if any(area == here for _, area, _ in position.bonus):
            cell = geo.hexes[here]
            return f"bonus-{cell.x}-{cell.y}"
        return _BONUS

    def parts(action: Action) -> list[ClickPart]:
        match action:
            case MoveTo(where) | PlaceGoblin(where) | Target(where) | Attack(where):
                return [place(where)]
            case TargetHero(hero):
                return [f"hero-{hero}"]
            case TargetCard(card_id):
                return [card(card_id)]
            case Focus(card_id):
                return [card(card_id), _FOCUS]
            case Use(card_id, use, x):
                label = "Use" if not use else f"Use #{use}"
                found = [card(card_id), ActionButton.for_kind(Use, f"use-{use}", label)]
                return found + ([ActionButton(f"mana-{x}", f"Pay {x} mana")] if x else [])
            case Mend(None):
                return [_MEND]
            case Mend(card_id):
                return [card(card_id or ""), _MEND_CARD]
            case Discard(card_id):
                return [card(card_id), _DISCARD]
            case DiscardToDraw(card_id):
                return [card(card_id), _DISCARD_TO_DRAW]
            case Upgrade(None):
                return [_UPGRADE_ABILITY]
            case Upgrade(card_id):
                return [card(card_id or ""), _UPGRADE_FLIP]
            case TakeBonus(None):
                return [bonus()]
            case TakeBonus(card_id):
                return [bonus(), card(card_id or "")]
            case GiveGold(hero, amount):
                return [f"hero-{hero}", _GIVE, ActionButton(f"gold-{amount}", f"{amount} gold")]
            case RequestGold(hero, amount):
                return [f"hero-{hero}", _ASK, ActionButton(f"gold-{amount}", f"{amount} gold")]
            case SwapTop(deck):
                return [ActionButton(f"swap-{deck}", f"Swap the {deck} deck")]
            case Roll() | DieFace() | Drawn():
                return [ActionButton.chance(notation(action))]
        return [_WORDS[type(action)]]

    return parts


CLICKS = ClickMap(legal_actions, _parts, ACTION_TYPES, notation)
"""How a grimheim picture is clicked (:class:`tabletop_rules.ClickMap`)."""
