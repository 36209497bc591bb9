"""JSON for grimheim values: states, views, actions, configs, records and events.

A config of the standard pack names it by name, version and digest; any other pack is embedded
whole. Every state and view read, alone or inside a record, is checked with
:func:`~grimheim.validate`; the kernel (:class:`tabletop_rules.Game`) builds its codec from
:func:`converter` and the game's declarations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import cattrs

from tabletop_rules import PackRef, register_tagged_union

from ._cards import CONTENT_CONVERTER, content_converter
from ._content import Pack, pack_ref, standard_pack
from ._migrate_format1 import migrate_1
from ._state import FRAMES, Config, Frame

FORMAT = 2
"""The current format number of grimheim JSON (format 1 is read and migrated)."""

_OPTIONS: dict[str, Any] = {
    "heroes": tuple[str, ...],
    "track": str,
    "monster_die": bool,
    "hard_setup": bool,
    "hard_upgrades": bool,
    "players_decide": bool,
    "chance": str,
}


def _structure_pick(value: Any, _type: object) -> int | str:
    """A pick of a resolving card: an area or a seat, or a card id."""
    if isinstance(value, str) or (type(value) is int):
        return value
    raise ValueError(f"expected a whole number or a card id, got {value!r}")


def converter() -> cattrs.Converter:
    """The grimheim converter: a config written as a reference to the standard pack or with
    its pack, the card picks, the pending frames' union (the kernel adds the rest)."""
    conv = content_converter(bound_numbers=False)

    def unstructure_config(config: Config) -> dict[str, Any]:
        data = {name: conv.unstructure(getattr(config, name)) for name in _OPTIONS}
        if config.pack == standard_pack():
            ref = pack_ref(config.pack)
            data["pack"] = {"pack": ref.pack, "version": ref.version, "digest": ref.digest}
        else:
            data["pack"] = conv.unstructure(config.pack, Pack)
        return data

    def structure_config(data: Any, _type: Any) -> Config:
        if not isinstance(data, Mapping):
            raise ValueError("expected a config object")
        unknown = set(data) - {*_OPTIONS, "pack"}
        if unknown:
            raise ValueError(f"unknown key {sorted(unknown)[0]!r}")
        pack_data = data.get("pack")
        if isinstance(pack_data, Mapping) and "pack" in pack_data:
            ref = conv.structure(pack_data, PackRef)
            ref.check_matches(pack_ref(standard_pack()))
            pack = standard_pack()
        else:
            pack = CONTENT_CONVERTER.structure(pack_data, Pack)
        options = {}
        for name, field_type in _OPTIONS.items():
            if name not in data:
                raise ValueError(f"missing key {name!r}")
            options[name] = conv.structure(data[name], field_type)
        return Config(**options, pack=pack)

    conv.register_structure_hook(int | str, _structure_pick)
    conv.register_unstructure_hook(Config, unstructure_config)
    conv.register_structure_hook(Config, structure_config)
    register_tagged_union(conv, Frame, list(FRAMES))
    return conv


MIGRATIONS: Mapping[int, Callable[[str, Any], Any]] = MappingProxyType({1: migrate_1})
"""How grimheim JSON of format 1 is read (:mod:`grimheim._migrate_format1`)."""
