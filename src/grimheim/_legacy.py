"""Reading what format 1 wrote: cards in the first effect vocabulary, and saved positions.

Format 1's vocabulary had a closed list of conditions (``"in-forest"`` …), a cost object
(``{"mana": 2, "mana_max": 4}``), a ``per_turn`` limit, monster filters and ``retaliate``; the
functions here rewrite such data in the current words, keeping what each card did.
"""

from __future__ import annotations

from typing import Any

__all__ = ["card_1", "deck_1", "filter_1"]

_CONDITIONS: dict[str, dict[str, Any]] = {
    "in-grimheim": {"type": "in-grimheim"},
    "outside-grimheim": {"type": "outside-grimheim"},
    "in-forest": {"type": "terrain", "is": ["forest"]},
    "next-to-mountain": {"type": "adjacent", "what": "mountain"},
    "attacker-adjacent": {"type": "distance", "max": 1},
}

_TARGETS = {
    "monster-in-range": "in-range",
    "adjacent-monster": "adjacent",
    "attacker": "attacker",
}


def _conditions(names: list[str]) -> list[dict[str, Any]]:
    found = []
    for name in names:
        if name not in _CONDITIONS:
            raise ValueError(f"unknown format 1 condition {name!r}")
        found.append(dict(_CONDITIONS[name]))
    return found


def filter_1(only: dict[str, Any]) -> list[dict[str, Any]]:
    """A format 1 monster filter as conditions."""
    found: list[dict[str, Any]] = []
    ranks = list(only.get("ranks", [1, 2, 3]))
    legends = only.get("legends", True)
    if sorted(ranks) != [1, 2, 3] or not legends:
        if not ranks:
            found.append({"type": "legend", "is": bool(legends)})
        elif legends:
            found.append(
                {
                    "type": "any-of",
                    "conditions": [{"type": "rank", "ranks": ranks}, {"type": "legend"}],
                }
            )
        else:
            found.append({"type": "rank", "ranks": ranks})
    if only.get("max_health_left") is not None:
        found.append({"type": "health-left", "max": only["max_health_left"]})
    if only.get("closer_to_grimheim"):
        found.append({"type": "closer-to-grimheim"})
    return found


def _effect(effect: dict[str, Any]) -> dict[str, Any]:
    data = dict(effect)
    kind = data["type"]
    if "to" in data and kind in ("deal-damage", "damage-each", "kill", "roll-against"):
        data["to"] = _TARGETS[data["to"]]
    if "only" in data:
        data["only"] = filter_1(data["only"])
    if kind == "retaliate":
        return {"type": "deal-damage", "amount": data["amount"], "to": "attacker"}
    if kind == "add-damage":
        per_rune = data.pop("per_rune", 0)
        amount = data.pop("amount", 0)
        data["amount"] = {"per": "rune", "times": per_rune, "plus": amount} if per_rune else amount
    return data


def _cost(cost: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    found: list[dict[str, Any]] = []
    x = None
    if cost.get("mana_max") is not None:
        found.append({"type": "mana", "amount": "x"})
        x = {"min": cost.get("mana", 0), "max": cost["mana_max"]}
    elif cost.get("mana"):
        found.append({"type": "mana", "amount": cost["mana"]})
    if cost.get("durability"):
        found.append({"type": "durability", "amount": cost["durability"]})
    if cost.get("gold"):
        found.append({"type": "gold", "amount": cost["gold"]})
    if cost.get("spend_action"):
        found.append({"type": "spend-action", "action": cost["spend_action"]})
    return found, x


def _use(use: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {"effects": [_effect(e) for e in use["effects"]]}
    when = use.get("when", "free")
    if when != "free":
        data["when"] = "roll" if when == "after-roll" else when
    if "per_turn" in use and use["per_turn"] is None:
        data["limit"] = "none"
    cost, x = _cost(use.get("cost", {}))
    if cost:
        data["cost"] = cost
    if x is not None:
        data["x"] = x
    if use.get("only_if"):
        data["only_if"] = _conditions(use["only_if"])
    return data


def card_1(card: dict[str, Any]) -> dict[str, Any]:
    """A format 1 card in the current vocabulary."""
    data = dict(card)
    sides = []
    for side in data["sides"]:
        side = dict(side)
        if side.pop("ignore_armor", False):
            side["traits"] = ["ignore-armor"]
        if "uses" in side:
            side["uses"] = [_use(u) for u in side["uses"]]
        sides.append(side)
    data["sides"] = sides
    quest = data.get("quest")
    if quest is not None:
        way: dict[str, Any] = {}
        conditions = _conditions(quest.get("only_if", []))
        if quest.get("location") is not None:
            conditions.append({"type": "in-location", "location": quest["location"]})
        if conditions:
            way["only_if"] = conditions
        cost, _ = _cost(quest.get("cost", {}))
        if cost:
            way["cost"] = cost
        data["quest"] = {"text": quest["text"], "ways": [way]}
    return data


def deck_1(deck: dict[str, Any]) -> dict[str, Any]:
    """A format 1 hero deck in the current vocabulary."""
    return {**deck, "cards": [card_1(c) for c in deck["cards"]]}
