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

from .. import _actions
from .._actions import Action
from .._map import Hex
from .._rules import decision, legal_actions
from .._state import State, View

_WORDS: dict[type, ActionButton] = ActionButton.for_kinds(
    (
        (_actions.Prepare, "prepare", "Prepare"),
        (_actions.Practice, "practice", "Practice"),
        (_actions.CompleteQuest, "quest", "Complete the quest"),
        (_actions.EndTurn, "end-turn", "End turn"),
        (_actions.StopTargets, "stop", "No more targets"),
        (_actions.SkipMove, "stay", "Stay"),
        (_actions.ResolveAttack, "resolve", "Resolve the attack"),
        (_actions.DeclineUpgrade, "no-upgrade", "No upgrade"),
        (_actions.SkipDraw, "no-draw", "Draw nothing"),
        (_actions.SkipSwap, "no-swap", "Keep the decks"),
        (_actions.PassWindow, "pass", "Pass"),
        (_actions.DeclinePrevention, "take-damage", "Take the damage"),
        (_actions.AcceptGold, "accept", "Accept"),
        (_actions.RefuseGold, "refuse", "Refuse"),
        (_actions.DeclineQuest, "no-quest", "Decline the quest"),
    )
)
"""The button of each action that is a word alone."""
_FOCUS = ActionButton.for_kind(_actions.Focus, "focus", "Focus")
_MEND = ActionButton.for_kind(_actions.Mend, "mend", "Mend")
_MEND_CARD = ActionButton("mend-card", "Mend, this card first", "Mend: repair this card first")
_DISCARD = ActionButton.for_kind(_actions.Discard, "discard", "Discard")
_DISCARD_TO_DRAW = ActionButton.for_kind(
    _actions.DiscardToDraw, "discard-to-draw", "Discard to draw"
)
_UPGRADE_ABILITY = ActionButton("upgrade-ability", "Upgrade: new ability", "Gain the top ability")
_UPGRADE_FLIP = ActionButton("upgrade-flip", "Upgrade: flip", "Flip this card to side II")
_GIVE = ActionButton.for_kind(_actions.GiveGold, "give-gold", "Give gold")
_ASK = ActionButton.for_kind(_actions.RequestGold, "ask-gold", "Ask for gold")
_BONUS = ActionButton.for_kind(_actions.TakeBonus, "take-bonus", "Take the bonus")


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
            case (
                _actions.MoveTo(where)
                | _actions.PlaceGoblin(where)
                | _actions.Target(where)
                | _actions.Attack(where)
            ):
                return [place(where)]
            case _actions.TargetHero(hero):
                return [f"hero-{hero}"]
            case _actions.TargetCard(card_id):
                return [card(card_id)]
            case _actions.Focus(card_id):
                return [card(card_id), _FOCUS]
            case _actions.Use(card_id, use, x):
                label = "Use" if not use else f"Use #{use}"
                found = [card(card_id), ActionButton.for_kind(_actions.Use, f"use-{use}", label)]
                return found + ([ActionButton(f"mana-{x}", f"Pay {x} mana")] if x else [])
            case _actions.Mend(None):
                return [_MEND]
            case _actions.Mend(card_id):
                return [card(card_id or ""), _MEND_CARD]
            case _actions.Discard(card_id):
                return [card(card_id), _DISCARD]
            case _actions.DiscardToDraw(card_id):
                return [card(card_id), _DISCARD_TO_DRAW]
            case _actions.Upgrade(None):
                return [_UPGRADE_ABILITY]
            case _actions.Upgrade(card_id):
                return [card(card_id or ""), _UPGRADE_FLIP]
            case _actions.TakeBonus(None):
                return [bonus()]
            case _actions.TakeBonus(card_id):
                return [bonus(), card(card_id or "")]
            case _actions.GiveGold(hero, amount):
                return [f"hero-{hero}", _GIVE, ActionButton(f"gold-{amount}", f"{amount} gold")]
            case _actions.RequestGold(hero, amount):
                return [f"hero-{hero}", _ASK, ActionButton(f"gold-{amount}", f"{amount} gold")]
            case _actions.SwapTop(deck):
                return [ActionButton(f"swap-{deck}", f"Swap the {deck} deck")]
            case _actions.Roll() | _actions.DieFace() | _actions.Drawn():
                return [ActionButton.chance(_actions.notation(action))]
        return [_WORDS[type(action)]]

    return parts


CLICKS = ClickMap(legal_actions, _parts, _actions.ACTION_TYPES, _actions.notation)
"""How a grimheim picture is clicked (:class:`tabletop_rules.ClickMap`)."""
