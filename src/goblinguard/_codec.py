"""JSON for goblinguard values: states, views, actions, configs, records and events.

A config using the standard deck is written as a reference to the pack (name, version, digest);
any other deck is embedded card by card, so every saved state is self-contained. Every state and
view read, on its own or inside a record, is checked with :func:`~goblinguard.validate`; the
kernel (:class:`tabletop_rules.Game`) builds its codec from :func:`converter` and the game's
declarations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import attrs
import cattrs

from tabletop_rules import (
    PackRef,
    make_converter,
)

from ._cards import Card
from ._content import standard_deck, standard_ref
from ._state import Chance, Config

FORMAT = 2
"""The current format number of goblinguard JSON (format 1 is read and migrated)."""


@attrs.frozen
class _StandardConfig:
    """A config of the standard deck, as written: a reference to the pack."""

    pack: str
    version: int
    digest: str
    order: tuple[str, ...] | None
    chance: Chance


@attrs.frozen
class _CustomConfig:
    """A config of any other deck, as written: its cards embedded."""

    cards: tuple[Card, ...]
    order: tuple[str, ...] | None
    chance: Chance


def _unstructure_config(config: Config) -> dict[str, Any]:
    order = list(config.order) if config.order is not None else None
    ref = standard_ref()
    if config.compiled.digest == ref.digest:
        return {
            "pack": ref.pack,
            "version": ref.version,
            "digest": ref.digest,
            "order": order,
            "chance": config.chance,
        }
    cards = [{"id": card.id, "layout": card.layout} for card in config.deck]
    return {"cards": cards, "order": order, "chance": config.chance}


def _config_structure(conv: Any) -> Any:
    def structure(data: Any, _type: Any) -> Config:
        if isinstance(data, Mapping) and "cards" in data:
            custom = conv.structure(data, _CustomConfig)
            return Config(custom.cards, custom.order, custom.chance)
        form = conv.structure(data, _StandardConfig)
        PackRef(form.pack, form.version, form.digest).check_matches(standard_ref())
        return Config(standard_deck(), form.order, form.chance)

    return structure


def _migrate_config_1(data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    data = {**data, "chance": "sampled"}
    if "pack" in data:
        data["version"] = 1
    return data


def _migrate_position_1(data: Any, view: bool) -> Any:
    """Format 1 kept the cards in play in stack order without layers: they are read as placed in
    that order, all on top (a game with tucked cards cannot be recovered and is refused)."""
    if not isinstance(data, dict):
        return data
    data = {**data, "config": _migrate_config_1(data.get("config")), "to_draw": 0}
    if isinstance(data.get("placed"), list):
        data["placed"] = [
            {**p, "layer": "top"} if isinstance(p, dict) else p for p in data["placed"]
        ]
    if view:
        data["seat"] = 0
    return data


def _migrate_1(kind: str, data: Any) -> Any:
    """Format 1 to 2: layers of the cards in play, the chance mode, the pack version, the view's
    seat and the audience of a drawn card."""
    if kind in ("state", "view"):
        return _migrate_position_1(data, kind == "view")
    if kind == "config":
        return _migrate_config_1(data)
    if kind == "record" and isinstance(data, dict):
        data = dict(data)
        if data.get("config") is not None:
            data["config"] = _migrate_config_1(data["config"])
        if data.get("start") is not None:
            data["start"] = _migrate_position_1(data["start"], False)
    if kind == "event" and isinstance(data, dict) and data.get("type") == "card-drawn":
        data = {**data, "seen_by": [0]}
    return data


def converter() -> cattrs.Converter:
    """The goblinguard converter: a config written as a reference to the standard deck, or
    with its cards (the kernel adds the actions', events' and validator's hooks)."""
    conv = make_converter()
    conv.register_unstructure_hook(Config, _unstructure_config)
    conv.register_structure_hook(Config, _config_structure(conv))
    return conv


MIGRATIONS: Mapping[int, Callable[[str, Any], Any]] = MappingProxyType({1: _migrate_1})
"""How goblinguard JSON of format 1 is read."""
