"""The grammar every word of the effect vocabulary shares.

A *word* is a small frozen attrs class: its fields are what a content file writes beside its
``"type"`` tag, and its methods are what the word does — when it applies, what it lets the hero
choose, how it changes the game, and how it reads in plain words. The interpreter
(:mod:`grimheim._uses`) knows only this grammar, never a particular word, so a new word is one
class in one module of this package.

Three families of words:

* :class:`Condition` — something that holds or not (``{"type": "terrain", "is": ["forest"]}``);
* :class:`Cost` — what a use or a quest takes from the hero before its effects;
* :class:`Effect` — what a use does.

Costs and effects are both steps of a resolution (:class:`ResolutionStep`): each may ask the hero
to pick (a monster, an area, a hero, a card) before it applies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias, TypeVar, cast

import attrs

from tabletop_rules import ContentError

if TYPE_CHECKING:
    from ._context import Ctx

When: TypeAlias = Literal[
    "free",
    "attack-roll",
    "roll",
    "excess",
    "after-attack",
    "hit",
    "attacked",
    "before-monster-move",
    "after-monster-move",
    "after-move-action",
    "after-movement",
    "enter-area",
    "end-of-turn",
]
"""The moments a use may be made (see the vocabulary page's *Timings*)."""

WHENS: tuple[When, ...] = When.__args__  # type: ignore[attr-defined]

Picks: TypeAlias = Literal["none", "monster", "area", "hero", "card", "hero-or-card"]
"""What a step's choice picks: a monster (by its area), a free area, a hero (by seat), a card (by
id), or a hero or a card; ``none`` for a step that picks nothing."""

Pick: TypeAlias = int | str
"""One pick: an area or a seat (``int``) or a card id (``str``)."""

W = TypeVar("W", bound="Word")


class Word:
    """Base of every word: a frozen attrs class whose JSON ``"type"`` is :attr:`TAG`."""

    __slots__ = ()

    TAG: ClassVar[str] = ""
    """The JSON ``"type"`` of the word (set by :func:`word`)."""

    def describe(self) -> str:
        """The word in plain English, as the card gallery and the terminal show it."""
        raise NotImplementedError

    def check(self, when: str, where: str) -> None:
        """Refuse, at load time, a word that can never work at the moment ``when``.

        Raises:
            tabletop_rules.ContentError: naming ``where``.
        """


class Condition(Word):
    """Something that holds or not where a use is made or a target is chosen."""

    __slots__ = ()

    registry: ClassVar[dict[str, type[Condition]]] = {}

    def holds(self, ctx: Ctx) -> bool:
        """Whether the condition holds in ``ctx`` (its :attr:`~grimheim._vocab.Ctx.subject` is
        the monster being asked about, where there is one)."""
        raise NotImplementedError

    def about_monster(self) -> bool:
        """Whether the condition asks about a monster (the target, the attacker, the candidate
        of an effect) rather than the hero: it needs a moment or a target with a monster, and
        cannot pick where a movement ends."""
        return False


class ResolutionStep(Word):
    """A cost or an effect: one step of a use's resolution, with an optional choice first."""

    __slots__ = ()

    PICKS: ClassVar[Picks] = "none"
    """What this step asks the hero to pick (``none``: it never asks)."""

    PRIVATE: ClassVar[bool] = False
    """Whether its picks come from the hero's hand, which other seats do not see. The hero is
    then always asked, even with one possible pick, so that who must answer stays public
    (G20)."""

    def check(self, when: str, where: str) -> None:
        """Refuse a monster target (the field ``to``) or a counted amount (a field holding a
        :class:`~grimheim._vocab.amounts.Count`) that the moment ``when`` cannot have: the
        attacker of a free use, the damage to spare of a hit. A word with checks of its own
        calls this too."""
        for field in attrs.fields(cast(type[attrs.AttrsInstance], type(self))):
            part = getattr(self, field.name)
            if field.name == "to" and isinstance(part, str):
                check_target(part, when, where)
            elif callable(getattr(part, "check", None)) and not isinstance(part, Word):
                part.check(when, where)

    def pick_kind(self) -> Picks:
        """What this step asks the hero to pick (the class's :attr:`PICKS` unless a field
        decides)."""
        return self.PICKS

    def candidates(self, ctx: Ctx) -> tuple[Pick, ...]:
        """What may be picked next, given :attr:`Ctx.picked` so far, in the decision's order."""
        return ()

    def picks(self, ctx: Ctx) -> tuple[int, int]:
        """``(least, most)`` picks the step takes: the least it must take when it can, the most
        it may take (a pick past the least may be declined with ``StopTargets``)."""
        return (1, 1) if self.pick_kind() != "none" else (0, 0)

    def apply(self, ctx: Ctx) -> None:
        """Do the step, with :attr:`Ctx.picked` holding the picks."""
        raise NotImplementedError


class Cost(ResolutionStep):
    """What a use or quest takes from the hero; it must be payable for the use to be offered."""

    __slots__ = ()

    registry: ClassVar[dict[str, type[Cost]]] = {}

    def payable(self, ctx: Ctx) -> bool:
        """Whether the hero can pay it now (with :attr:`Ctx.x` as the chosen amount)."""
        raise NotImplementedError


class Effect(ResolutionStep):
    """What a use does."""

    __slots__ = ()

    registry: ClassVar[dict[str, type[Effect]]] = {}

    def useful(self, ctx: Ctx) -> bool | None:
        """``True`` if the effect would do something now, ``False`` if nothing, ``None`` if it
        needs a target and has none (then the whole use is not offered)."""
        raise NotImplementedError


TARGET_MOMENTS: dict[str, frozenset[str]] = {
    "attacker": frozenset({"hit", "attacked"}),
    "target": frozenset({"attack-roll", "roll", "excess", "after-attack"}),
    "near-target": frozenset({"attack-roll", "roll", "excess", "after-attack"}),
    "behind-killed": frozenset({"excess"}),
    "clockwise-from-killed": frozenset({"excess"}),
}
"""The monster targets that only some moments have, and those moments."""


def check_target(to: str, when: str, where: str) -> None:
    """Refuse a monster target that the moment ``when`` cannot have."""
    needs = TARGET_MOMENTS.get(to)
    if needs is not None and when not in needs:
        raise ContentError(where, f"no {to} monster at {when}")


def word(tag: str) -> Callable[[type[W]], type[W]]:
    """Register a word class under its JSON tag in its family's registry."""

    def register(cls: type[W]) -> type[W]:
        for family in (Condition, Cost, Effect):
            if issubclass(cls, family):
                registry: dict[str, Any] = family.registry
                if tag in registry and registry[tag].__qualname__ != cls.__qualname__:
                    raise TypeError(f"two {family.__name__} words tagged {tag!r}")
                registry[tag] = cls
                cls.TAG = tag
                return cls
        raise TypeError(f"{cls.__name__} is not a condition, cost or effect")

    return register


def describe_all(words: tuple[Word, ...], joiner: str = ", ") -> str:
    """The words described one after the other."""
    return joiner.join(w.describe() for w in words)
