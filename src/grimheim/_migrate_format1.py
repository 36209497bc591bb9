"""The migration of format 1: reading what format 1 wrote (cards in the first effect vocabulary,
the first standard pack, saved values) as the current format.

Format 1's vocabulary had a closed list of conditions (``"in-forest"`` …), a cost object
(``{"mana": 2, "mana_max": 4}``), a ``per_turn`` limit, monster filters and ``retaliate``; the
functions here rewrite such data in the current words, keeping what each card did. Games saved
with the first standard pack (version 1, the starting cards and a first handful per hero) go on
with that pack's cards, shipped under ``content/legacy/standard-1/`` in the current words.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import attrs

from ._cards import CONTENT_CONVERTER
from ._content import read_deck, standard_pack

STANDARD_1 = "33c728c044fdcd397ee0fdc140ca8d29d817e459509f82c2e2d20cff04ee7357"
"""The digest format 1 wrote for the first standard pack."""

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


GOLD_1 = (5, 17)
"""Where the first standard pack's 3 gold lay: the Wyrm Lair (the printed set-up says Naglfar,
where the standard pack has them since G23 was revised)."""


@functools.cache
def standard_pack_1() -> Any:
    """The first standard pack: the same board (but its gold in the Wyrm Lair, :data:`GOLD_1`),
    monsters and tracks, and the first cards of each hero (read from
    ``content/legacy/standard-1/``)."""
    folder = resources.files("grimheim").joinpath("content/legacy/standard-1")
    decks = tuple(
        read_deck(folder.joinpath(f"{hero}.json").read_bytes(), f"legacy/standard-1/{hero}.json")
        for hero in ("bjorn", "alva", "embla", "boldur")
    )
    pack = standard_pack()
    bonus = tuple(attrs.evolve(b, at=GOLD_1) if b.kind == "gold" else b for b in pack.map.bonus)
    board = attrs.evolve(pack.map, bonus=bonus)
    return attrs.evolve(pack, version=1, decks=decks, map=board)


def _pack_1(data: Any) -> Any:
    """A format 1 config's pack: the first standard pack by name, or an embedded pack whose
    cards are rewritten in the current words."""
    if not isinstance(data, dict):
        return data
    if "pack" in data and "decks" not in data:
        if data.get("pack") == "standard" and data.get("digest") == STANDARD_1:
            return CONTENT_CONVERTER.unstructure(standard_pack_1())
        return data
    decks = data.get("decks")
    if isinstance(decks, list):
        data = {**data, "decks": [deck_1(d) if isinstance(d, dict) else d for d in decks]}
    return data


def _config_1(data: Any) -> Any:
    if isinstance(data, dict) and "pack" in data:
        return {**data, "pack": _pack_1(data["pack"])}
    return data


def _costs_before(pack: dict[str, Any], heroes: list[Any], frame: dict[str, Any]) -> int:
    """How many cost steps precede the effects of the use a format 1 resolution was in (format 1
    paid costs before resolving; format 2 resolves them as its first steps)."""
    seat = frame.get("hero")
    card_id = frame.get("card")
    side = 1
    if isinstance(seat, int) and 0 <= seat < len(heroes) and isinstance(heroes[seat], dict):
        for card in heroes[seat].get("cards", []):
            if isinstance(card, dict) and card.get("id") == card_id:
                side = card.get("side", 1)
    for deck in pack.get("decks", []):
        for card in deck.get("cards", []):
            if card.get("id") == card_id:
                sides = card.get("sides", [])
                index = frame.get("use", 0)
                if isinstance(side, int) and 1 <= side <= len(sides):
                    uses = sides[side - 1].get("uses", [])
                    if isinstance(index, int) and 0 <= index < len(uses):
                        return len(uses[index].get("cost", []))
    return 0


def _position_1(data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    data = dict(data)
    data["config"] = _config_1(data.get("config"))
    pack = data["config"].get("pack") if isinstance(data["config"], dict) else None
    heroes = data.get("heroes") if isinstance(data.get("heroes"), list) else []
    frames = []
    for frame in data.get("frames", []):
        if isinstance(frame, dict) and frame.get("type") == "hero-attack":
            frame = dict(frame)
            per_rune = frame.pop("per_rune", 0)
            rolled = frame.get("rolled")
            if per_rune and isinstance(rolled, list) and len(rolled) == 4:
                frame["bonus"] = frame.get("bonus", 0) + per_rune * rolled[2]
            played = frame.get("played", [])
            if isinstance(played, list):  # format 2 remembers each use: card#index
                frame["played"] = [f"{c}#0" if isinstance(c, str) else c for c in played]
        elif isinstance(frame, dict) and frame.get("type") == "resolving":
            frame = dict(frame)
            frame.pop("attacker", None)
            if isinstance(pack, dict) and isinstance(frame.get("step", 0), int):
                frame["step"] = frame.get("step", 0) + _costs_before(pack, heroes, frame)
        frames.append(frame)
    if "frames" in data:
        data["frames"] = frames
    return data


def migrate_1(kind: str, data: Any) -> Any:
    """Format 1 to 2: configs name the first standard pack or embed cards in the first
    vocabulary; attacks kept damage per rune apart and their cards by id (the first vocabulary's
    cards had one use a moment); a resolving use had paid its costs."""
    if kind in ("state", "view"):
        return _position_1(data)
    if kind == "config":
        return _config_1(data)
    if kind == "record" and isinstance(data, dict):
        data = dict(data)
        if data.get("config") is not None:
            data["config"] = _config_1(data["config"])
        if data.get("start") is not None:
            data["start"] = _position_1(data["start"])
    return data
