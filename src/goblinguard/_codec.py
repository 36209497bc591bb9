"""JSON for goblinguard values: states, views, actions, configs, records and events.

A config using the standard deck is written by pack name and digest; any other deck is embedded
card by card, so every saved state is self-contained.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeVar, overload

from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from tabletop_rules import (
    Codec,
    Record,
    StateFormatError,
    digest_of,
    make_converter,
    register_tagged_union,
)

from ._actions import Place
from ._cards import Card
from ._content import STANDARD_PACK, deck_digest, standard_deck
from ._deck import CELL_OFFSETS, GOBLIN, LIMIT, CompiledDeck, encode
from ._events import CardDrawn, CardPlaced, Event, GameEnded, GarrisonActivated, MonsterDefeated
from ._rules import HAND_SIZE, board_of
from ._state import Config, Placed, State, View

__all__ = ["FORMAT", "digest", "dumps", "from_dict", "loads", "to_dict"]

FORMAT = 1
"""The current format number of goblinguard JSON."""

T = TypeVar("T")


def _unstructure_config(config: Config) -> dict[str, Any]:
    order = list(config.order) if config.order is not None else None
    if config.deck == standard_deck():
        return {"pack": STANDARD_PACK, "digest": deck_digest(config.deck), "order": order}
    return {"cards": [{"id": c.id, "layout": c.layout} for c in config.deck], "order": order}


def _structure_config(data: Any, _type: Any) -> Config:
    """Read a config; errors are ``ValueError`` whose text names the key (the codec adds where)."""
    if not isinstance(data, dict):
        raise ValueError("expected a config object")
    order = data.get("order")
    if order is not None and not (
        isinstance(order, list) and all(isinstance(c, str) for c in order)
    ):
        raise ValueError("order: expected null or a list of card ids")
    if set(data) == {"pack", "digest", "order"}:
        if data["pack"] != STANDARD_PACK:
            raise ValueError(f"pack: unknown content pack {data['pack']!r}")
        deck = standard_deck()
        if data["digest"] != deck_digest(deck):
            raise ValueError("digest: does not match this library's standard pack")
    elif set(data) == {"cards", "order"} and isinstance(data["cards"], list):
        cards = []
        for i, item in enumerate(data["cards"]):
            if not isinstance(item, dict) or set(item) != {"id", "layout"}:
                raise ValueError(f"cards[{i}]: expected an object with 'id' and 'layout'")
            cards.append(Card(item["id"], item["layout"]))
        deck = tuple(cards)
    else:
        raise ValueError("expected {pack, digest, order} or {cards, order}")
    return Config(deck, None if order is None else tuple(order))


def _check(value: Any) -> None:
    """Invariants that types cannot express: every card exactly once, hand size, R4 in play."""
    if not isinstance(value, State | View):
        return
    deck = value.config.compiled
    placed = [p.card for p in value.placed]
    pile = list(value.deck) if isinstance(value, State) else []
    seen = Counter([*pile, *value.hand, *placed])
    for card, count in seen.items():
        if card not in deck.index:
            raise StateFormatError("$.data", f"card {card!r} is not in the config's deck")
        if count > 1:
            raise StateFormatError("$.data", f"card {card!r} appears {count} times")
    unseen = len(deck.cards) - len(seen)
    pile_size = len(pile) if isinstance(value, State) else value.deck_size
    if unseen != (pile_size if isinstance(value, View) else 0):
        raise StateFormatError("$.data", f"{unseen} cards of the deck are missing")
    if len(value.hand) != min(HAND_SIZE, len(value.hand) + pile_size):
        raise StateFormatError(
            "$.data.hand", "R12: the hand must hold 5 cards while the deck lasts"
        )
    if list(value.hand) != sorted(value.hand, key=deck.index.__getitem__):
        raise StateFormatError("$.data.hand", "cards in hand must be in deck order")
    if value.active and value.hand:
        raise StateFormatError("$.data.active", "garrisons become active only at the end")
    for p in value.placed:
        if max(abs(p.x), abs(p.y)) >= LIMIT:
            raise StateFormatError("$.data.placed", f"card {p.card!r} is out of reach (R3)")
    board = board_of(value)
    monsters = {
        encode(p.x, p.y) + off
        for p in value.placed
        for off, _code in deck.monsters[deck.index[p.card]]
    }
    for x, y in value.defeated:
        if encode(x, y) not in monsters:
            raise StateFormatError("$.data.defeated", f"no goblin or hobgoblin at ({x}, {y})")
    _check_protection(value.placed, deck, board.vis_houses)
    for garrison in value.active:
        if garrison not in placed or not deck.garrison[deck.index[garrison]]:
            raise StateFormatError("$.data.active", f"{garrison!r} is not a garrison in play")


def _check_protection(
    placed: tuple[Placed, ...], deck: CompiledDeck, vis_houses: list[int]
) -> None:
    """R4 with R9, read directly off the stack: what lies above each card's protected cells."""
    stack = [(deck.index[p.card], {encode(p.x, p.y) + off for off in CELL_OFFSETS}) for p in placed]
    for i, (index, area) in enumerate(stack):
        above = [(card, cells) for card, cells in stack[i + 1 :] if cells & area]
        if deck.garrison[index] and above:
            raise StateFormatError("$.data.placed", f"R4: a card lies on {placed[i].card!r}")
        anchor = encode(placed[i].x, placed[i].y)
        for off, code in deck.monsters[index]:
            covers = [card for card, cells in above if anchor + off in cells]
            if covers and (code != GOBLIN or not all(deck.fort[card] for card in covers)):
                raise StateFormatError(
                    "$.data.placed", f"R4: a monster of {placed[i].card!r} is covered"
                )
        if deck.house_count[index] and not vis_houses[index]:
            raise StateFormatError("$.data.placed", f"R4: {placed[i].card!r} shows no house")


def _make_codec() -> Codec:
    conv = make_converter()
    conv.register_unstructure_hook(Config, _unstructure_config)
    conv.register_structure_hook(Config, _structure_config)
    for cls in (State, View):
        conv.register_unstructure_hook(
            cls, make_dict_unstructure_fn(cls, conv, board=override(omit=True))
        )
        conv.register_structure_hook(
            cls,
            make_dict_structure_fn(
                cls, conv, board=override(omit=True), _cattrs_forbid_extra_keys=True
            ),
        )
    register_tagged_union(conv, Place, [Place])
    events = [CardPlaced, CardDrawn, MonsterDefeated, GarrisonActivated, GameEnded]
    register_tagged_union(conv, Event, events)
    return Codec(
        game="goblinguard",
        format=FORMAT,
        converter=conv,
        kinds={
            "state": State,
            "view": View,
            "action": Place,
            "config": Config,
            "record": Record[Config, State, Place],
            "event": Event,
        },
        members=dict.fromkeys(events, "event"),
        check=_check,
    )


CODEC = _make_codec()
"""The goblinguard :class:`tabletop_rules.Codec`."""


def to_dict(obj: object) -> dict[str, Any]:
    """The JSON-ready envelope of a state, view, action, config, record or event."""
    return CODEC.to_dict(obj)


@overload
def from_dict(data: Any) -> State: ...
@overload
def from_dict(data: Any, kind: type[T]) -> T: ...
@overload
def from_dict(data: Any, kind: str | object) -> Any: ...
def from_dict(data: Any, kind: Any = State) -> Any:
    """Read an envelope made by :func:`to_dict`; ``kind`` is the type (or kind name) expected.

    Raises:
        tabletop_rules.StateFormatError: wrong game or kind, newer format, malformed or
            inconsistent data; ``.path`` names where.
    """
    return CODEC.from_dict(data, kind)


def dumps(obj: object, *, indent: int | None = None) -> str:
    """JSON text of a state, view, action, config, record or event.

    >>> from goblinguard import Place
    >>> text = dumps(Place("g1", 0, 0))
    >>> text[:60]
    '{"data": {"card": "g1", "layer": "top", "type": "place", "x"'
    >>> loads(text, Place) == Place("g1", 0, 0)
    True
    """
    return CODEC.dumps(obj, indent=indent)


@overload
def loads(text: str | bytes) -> State: ...
@overload
def loads(text: str | bytes, kind: type[T]) -> T: ...
@overload
def loads(text: str | bytes, kind: str | object) -> Any: ...
def loads(text: str | bytes, kind: Any = State) -> Any:
    """Read JSON text made by :func:`dumps`; see :func:`from_dict`."""
    return CODEC.loads(text, kind)


def digest(state: State | View) -> str:
    """SHA-256 of the canonical JSON of the whole value: equal exactly when the values are equal."""
    return digest_of(CODEC.to_dict(state))
