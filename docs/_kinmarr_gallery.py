"""Sphinx extension: the kinmarr content gallery, built from the standard pack at build time.

``.. kinmarr-gallery:: NAME`` writes one table (``dice``, ``board``, ``guilds``, ``encounters``,
``abilities``, ``items``, ``prophecies``, ``vocabulary``) from :func:`kinmarr.standard_pack` and
the effect classes, so the pages can never disagree with the content files. Loaded by ``conf.py``
as ``docs._kinmarr_gallery``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
from sphinx.application import Sphinx

import kinmarr
from docs._pack_tables import pack_directive, table
from kinmarr import _effects
from kinmarr._presentation.card_text import abilities_text
from tabletop_rules import tag_of


def effect_json(effect: Any) -> str:
    """An effect as a content file writes it, compact: ``{"type": "coins", "amount": 2}``."""
    fields = {
        f.name: getattr(effect, f.name)
        for f in attrs.fields(type(effect))
        if getattr(effect, f.name) != f.default
    }
    inner = ", ".join(f'"{k}": {_json_value(v)}' for k, v in fields.items())
    return "{" + f'"type": "{tag_of(type(effect))}"' + (f", {inner}" if inner else "") + "}"


def _json_value(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _effects_cell(effects: Sequence[Any]) -> str:
    return " ".join(f"``{effect_json(e)}``" for e in effects)


def _grouped(kind: Callable[[kinmarr.Card], bool]) -> list[tuple[kinmarr.Card, int, str]]:
    """The cards of the standard pack, copies grouped: (first card, copies, id text)."""
    found: list[tuple[kinmarr.Card, int, str]] = []
    cards = [c for c in kinmarr.standard_pack().cards if kind(c)]
    i = 0
    while i < len(cards):
        card = cards[i]
        j = i
        while j + 1 < len(cards) and cards[j + 1].name == card.name:
            j += 1
        copies = j - i + 1
        ids = f"``{card.id}``" if copies == 1 else f"``{card.id}`` … ``{cards[j].id}``"
        found.append((card, copies, ids))
        i = j + 1
    return found


def _usage(usage: kinmarr.Usage | None) -> str:
    if usage is None:
        return ""
    when = ", ".join(usage.when) if len(usage.when) < 8 else "any request"
    parts = [f"answers: {when}"]
    if usage.fighting:
        parts.append("while fighting")
    if usage.own_turn:
        parts.append("own turn")
    if usage.target != "self":
        parts.append(f"target: {usage.target}")
    parts.append("used up" if usage.consumed else "")
    return "; ".join(p for p in parts if p) + " — " + _effects_cell(usage.effects)


def _dice(pack: kinmarr.Pack) -> list[str]:
    rows = [
        (colour.title(), ", ".join(getattr(pack.dice, colour)))
        for colour in ("red", "green", "blue")
    ]
    return table(("Die", "Faces"), rows, (20, 80))


def _board(pack: kinmarr.Pack) -> list[str]:
    rows = []
    for ring, tiles in (("inner", pack.board.inner), ("outer", pack.board.outer)):
        for index, spec in enumerate(tiles):
            name = f"**{spec.name}**" if spec.special else spec.name
            rows.append(
                (
                    f"``{ring}:{index}``",
                    name,
                    spec.special or "",
                    spec.text,
                    _effects_cell(spec.effects),
                )
            )
    return table(("Tile", "Name", "Special (K1)", "Action", "Effects"), rows, (9, 16, 12, 28, 35))


def _guilds(pack: kinmarr.Pack) -> list[str]:
    rows = []
    for guild in pack.guilds:
        power = guild.power
        parts = []
        if power.passive:
            parts.append("passive: " + _effects_cell(power.passive))
        for trigger in power.triggers:
            when = trigger.when
            condition = when.on + (", holding no Ability" if when.no_ability else "")
            parts.append(f"on {condition}: " + _effects_cell(trigger.effects))
        if power.usage is not None:
            parts.append(_usage(power.usage))
        rows.append(
            (
                f"{guild.name} (``{guild.id}``)",
                ", ".join(guild.dice),
                f"**{power.name}**: {power.text}",
                "; ".join(parts),
            )
        )
    return table(("Guild", "Combat dice", "Power", "In the vocabulary"), rows, (18, 14, 30, 38))


def _numbers(card: kinmarr.Card) -> str:
    if card.kind == "creature":
        return f"{card.value} / {card.attack} / {card.defence}"
    return str(card.value) if card.value else ""


def _encounters(pack: kinmarr.Pack) -> list[str]:
    rows = []
    for card, copies, ids in _grouped(lambda c: c.deck == "encounter"):
        text = card.text + (f" *(lasts {card.lasting} rounds)*" if card.lasting else "")
        abilities = abilities_text(card)
        if abilities:
            text += f" **{abilities}**"
        vocab = _effects_cell(card.effects)
        if card.passive:
            head = "abilities: " if card.kind == "creature" else "while it lasts: "
            vocab += (" " if vocab else "") + head + _effects_cell(card.passive)
        for trigger in card.triggers:
            vocab += (" " if vocab else "") + f"on {trigger.when.on}: "
            vocab += _effects_cell(trigger.effects)
        tags = ", ".join(card.tags)
        rows.append((card.name, ids, str(copies), card.kind, _numbers(card), tags, text, vocab))
    headers = ("Card", "Ids", "×", "Kind", "Value / attack / defence", "Tags", "Text", "Effects")
    return table(headers, rows, (11, 14, 3, 7, 9, 6, 24, 26))


def _abilities(pack: kinmarr.Pack) -> list[str]:
    names = {g.id: g.name for g in pack.guilds}
    rows = []
    for card, copies, ids in _grouped(lambda c: c.deck == "ability"):
        guild = names[card.guild] if card.guild else "neutral"
        rows.append((card.name, ids, str(copies), guild, card.text, _usage(card.usage)))
    return table(("Ability", "Ids", "×", "Guild", "Text", "Usage"), rows, (12, 16, 3, 12, 25, 32))


def _items(pack: kinmarr.Pack) -> list[str]:
    rows = []
    for card, copies, ids in _grouped(lambda c: c.deck == "item"):
        vocab = ("passive: " + _effects_cell(card.passive)) if card.passive else ""
        if card.usage is not None:
            vocab += ("; " if vocab else "") + _usage(card.usage)
        rows.append((card.name, ids, str(copies), str(card.value), card.text, vocab))
    return table(("Item", "Ids", "×", "Value", "Text", "Vocabulary"), rows, (12, 16, 3, 5, 28, 36))


def _condition(when: kinmarr.When) -> str:
    parts: list[str] = [when.on]
    for field in ("tag", "min_defence", "min_value", "min_coins", "min_creatures"):
        value = getattr(when, field)
        if value:
            parts.append(f"{field} {value}")
    if when.tile is not None:
        parts.append(f"tile {when.tile}")
    if when.no_ability:
        parts.append("no Ability held")
    return ", ".join(parts)


def _prophecies(pack: kinmarr.Pack) -> list[str]:
    rows = []
    for card, copies, ids in _grouped(lambda c: c.deck == "prophecy"):
        assert card.condition is not None
        expires = f" *(expires after {card.lasting} rounds)*" if card.lasting else ""
        rows.append(
            (
                card.name,
                ids,
                str(copies),
                card.text + expires,
                _condition(card.condition),
                _effects_cell(card.reward),
            )
        )
    headers = ("Prophecy", "Ids", "×", "Text", "Condition", "Reward")
    return table(headers, rows, (14, 16, 3, 27, 18, 22))


def _where(cls: type) -> str:
    places = []
    if cls in _effects.INSTANT:
        places.append("tiles, cards, answers, triggers, rewards")
    if cls in _effects.REQUESTS:
        places.append("tiles (teleport and draw), places, events, towers")
    if cls in _effects.PASSIVE:
        places.append("passive")
    if cls in _effects.CREATURE:
        places.append("a creature's abilities")
    if cls in (_effects.Steal, _effects.Hits, _effects.Block):
        places = ["answers (with a target or while fighting)"] + [
            p for p in places if p == "passive"
        ]
    return "; ".join(places)


def _vocabulary(pack: kinmarr.Pack) -> list[str]:
    rows = []
    for cls in _effects.EFFECTS:
        fields = ", ".join(f.name for f in attrs.fields(cls)) or "—"
        summary = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
        rows.append(
            (
                f'``"{tag_of(cls)}"``',
                f":class:`~kinmarr.{cls.__name__}`",
                fields,
                summary,
                _where(cls),
            )
        )
    headers = ("type", "Class", "Fields", "What it does", "Where")
    return table(headers, rows, (12, 12, 14, 42, 20))


_TABLES: dict[str, Callable[[kinmarr.Pack], list[str]]] = {
    "abilities": _abilities,
    "board": _board,
    "dice": _dice,
    "encounters": _encounters,
    "guilds": _guilds,
    "items": _items,
    "prophecies": _prophecies,
    "vocabulary": _vocabulary,
}


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive(
        "kinmarr-gallery", pack_directive("kinmarr-gallery", _TABLES, kinmarr.standard_pack)
    )
    return {"parallel_read_safe": True, "parallel_write_safe": True}
