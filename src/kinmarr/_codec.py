"""JSON for kinmarr values: states, views, actions, configs, records and events.

A config of the standard pack is written as a reference to it (``{"pack", "version",
"digest"}``); a custom pack is embedded whole, so every saved state is self-contained. Every state
and view read, on its own or inside a record, is checked with :func:`~kinmarr.validate`; the
kernel (:class:`tabletop_rules.Game`) builds its codec from :func:`converter` and the game's
declarations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import cattrs

from tabletop_rules import (
    ContentError,
    PackRef,
    register_tagged_union,
)

from ._content import content_converter, pack_to_json, standard_ref, structure_pack
from ._frames import FRAMES, Frame
from ._pieces import Config

FORMAT: Final = 1
"""The current format number of kinmarr JSON."""


_CONFIG_KEYS: Final = frozenset({"guilds", "auto_pass", "round_limit", "chance", "pack"})
"""The keys every config has."""
_OPTIONAL_KEYS: Final = {"last_standing": True}
"""Keys added later, with the value a config written without them means."""


def _unstructure_config(config: Config) -> dict[str, Any]:
    if config.pack is None:
        ref = standard_ref()
        pack: Any = {"pack": ref.pack, "version": ref.version, "digest": ref.digest}
    else:
        pack = pack_to_json(config.pack)
    return {
        "guilds": list(config.guilds),
        "auto_pass": config.auto_pass,
        "round_limit": config.round_limit,
        "chance": config.chance,
        "pack": pack,
        "last_standing": config.last_standing,
    }


def _config_structure(conv: Any) -> Any:
    def structure(data: Any, _type: Any) -> Config:
        if not isinstance(data, Mapping):
            raise ValueError("expected an object (a config)")
        extra = set(data) - _CONFIG_KEYS - set(_OPTIONAL_KEYS)
        if extra:
            raise ValueError(f"unknown key {sorted(extra)[0]!r} in a config")
        for key in _CONFIG_KEYS:
            if key not in data:
                raise ValueError(f"the config has no {key!r}")
        guilds = conv.structure(data["guilds"], tuple[str, ...])
        auto_pass = conv.structure(data["auto_pass"], bool)
        limit = data["round_limit"]
        round_limit = None if limit is None else conv.structure(limit, int)
        chance = conv.structure(data["chance"], str)
        standing = data.get("last_standing", _OPTIONAL_KEYS["last_standing"])
        last_standing = conv.structure(standing, bool)
        raw = data["pack"]
        if not isinstance(raw, Mapping):
            raise ValueError("pack must be an object: a reference or a whole pack")
        if "digest" in raw:
            ref = conv.structure(raw, PackRef)
            ref.check_matches(standard_ref())
            pack = None
        else:
            try:
                pack = structure_pack(raw, "pack")
            except ContentError as exc:
                raise ValueError(f"the embedded pack is wrong: {exc}") from None
        return Config(guilds, auto_pass, round_limit, chance, pack, last_standing)

    return structure


def converter() -> cattrs.Converter:
    """The kinmarr converter: a config written as a reference to the standard pack or with its
    pack, the pending frames' union (the kernel adds the actions', events' and validator's
    hooks)."""
    conv = content_converter()
    conv.register_unstructure_hook(Config, _unstructure_config)
    conv.register_structure_hook(Config, _config_structure(conv))
    register_tagged_union(conv, Frame, FRAMES)
    return conv
