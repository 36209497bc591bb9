"""The effect vocabulary of the heroes' cards: every word, one class each, grouped by what it
is about (see the vocabulary page of the documentation).

* :mod:`._grammar` — what every word is (:class:`Condition`, :class:`Cost`, :class:`Effect`);
* :mod:`._context` — :class:`Ctx`, the moment a word is evaluated in and its one door to the
  rules: what a word asks of the rules or changes through them goes through a method of
  :class:`Ctx`, handed to the :class:`Engine` the rules pass in. The package imports nothing of
  the engine (a layering test holds this);
* :mod:`.conditions`, :mod:`.costs`, :mod:`.amounts`, :mod:`.targets`, :mod:`.traits`;
* the effects: :mod:`.damage`, :mod:`.monsters`, :mod:`.heroes`, :mod:`.movement`,
  :mod:`.rolls`, :mod:`.hits`.

:func:`register_words` teaches a cattrs converter to read and write them: a word is a JSON
object whose ``"type"`` is its tag, with its fields beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from . import conditions, costs, damage, heroes, hits, monsters, movement, rolls
from ._context import Ctx, Engine
from ._grammar import WHENS, Condition, Cost, Effect, Pick, Picks, ResolutionStep, When, Word, word
from .amounts import Amount, Count, Per
from .targets import HeroTarget, MonsterTarget
from .traits import TRAITS, Trait

__all__ = [
    "WHENS",
    "Amount",
    "Condition",
    "Cost",
    "Count",
    "Ctx",
    "Effect",
    "Engine",
    "HeroTarget",
    "MonsterTarget",
    "Per",
    "Pick",
    "Picks",
    "ResolutionStep",
    "TRAITS",
    "Trait",
    "When",
    "Word",
    "conditions",
    "costs",
    "damage",
    "heroes",
    "hits",
    "monsters",
    "movement",
    "register_words",
    "rolls",
    "word",
]

FAMILIES: tuple[type[Word], ...] = (Condition, Cost, Effect)


def _renames(cls: type) -> dict[str, Any]:
    """A field named ``is_`` is ``"is"`` in JSON."""
    return {a.name: override(rename=a.name[:-1]) for a in attrs.fields(cls) if a.name.endswith("_")}


def _structure_amount(value: Any, _type: object, conv: cattrs.Converter) -> Any:
    if value == "x" or type(value) is int:
        return conv.structure(value, int) if type(value) is int else "x"
    if isinstance(value, Mapping):
        return conv.structure(value, Count)
    raise ValueError(f'expected a number, "x" or a count like {{"per": "rune"}}, got {value!r}')


def register_words(conv: cattrs.Converter) -> None:
    """Make ``conv`` read and write every word of the vocabulary by its ``"type"`` tag, and the
    amounts (``3``, ``"x"``, ``{"per": "rune"}``)."""
    structurers: dict[type, Any] = {}
    conv.register_structure_hook(Amount, lambda v, t: _structure_amount(v, t, conv))
    conv.register_structure_hook(
        int | Literal["x"], lambda v, t: v if v == "x" else conv.structure(v, int)
    )
    conv.register_structure_hook(
        int | Literal["all"], lambda v, t: v if v == "all" else conv.structure(v, int)
    )
    for family in FAMILIES:
        registry: dict[str, type[Word]] = family.registry  # type: ignore[attr-defined]

        def structure(
            value: Any,
            expected: Any,
            _family: type[Word] = family,
            _registry: dict[str, type[Word]] = registry,
        ) -> Any:
            if not isinstance(value, Mapping):
                raise ValueError(f"expected an object with a 'type' tag, got {value!r}")
            tag = value.get("type")
            cls = _registry.get(tag) if isinstance(tag, str) else None
            if cls is None or (expected is not _family and expected is not cls):
                known = sorted(_registry)
                name = _family.__name__.lower()
                raise ValueError(f"unknown {name} {tag!r}; the {name}s are {known}")
            body = {k: v for k, v in value.items() if k != "type"}
            return structurers[cls](body, cls)

        conv.register_structure_hook(family, structure)
        for cls in registry.values():
            conv.register_structure_hook(cls, structure)
        conv.register_unstructure_hook(family, lambda obj: conv.unstructure(obj, type(obj)))
    for family in FAMILIES:
        for tag, cls in family.registry.items():  # type: ignore[attr-defined]
            renames = _renames(cls)
            structurers[cls] = make_dict_structure_fn(
                cls, conv, _cattrs_forbid_extra_keys=True, **renames
            )
            plain = make_dict_unstructure_fn(cls, conv, **renames)

            def unstructure(obj: Any, _plain: Any = plain, _tag: str = tag) -> Any:
                return {"type": _tag, **_plain(obj)}

            conv.register_unstructure_hook(cls, unstructure)
