"""The actions: every answer a hero, the players or chance can give, and their notation.

A hero's main actions are :class:`MoveTo` (a move action, or one step of any movement),
:class:`Attack`, :class:`Prepare`, :class:`Focus`, :class:`Mend` and :class:`Practice`; free
actions are :class:`Use` (a card, an event from the hand included), :class:`CompleteQuest`,
:class:`Discard`, :class:`GiveGold`, :class:`TakeBonus`; :class:`EndTurn` ends the turn. Choices
inside a rule are :class:`Target`, :class:`TargetHero`, :class:`TargetCard`; declining an
optional choice is an action whose name says so (``Decline…``, ``Pass…``, ``Skip…``,
``Stop…``). Chance answers with :class:`Roll`, :class:`DieFace` and :class:`Drawn`.
"""

from __future__ import annotations

import re
from typing import Any, Literal, TypeAlias

import attrs

from ._map import Hex


@attrs.frozen
class MoveTo:
    """Move to ``to``: the whole move action (or movement) in one, along any legal path.

    Attributes:
        to: the area to end in (:data:`~grimheim.GRIMHEIM` for the town).
    """

    to: Hex


@attrs.frozen
class Attack:
    """An attack action against the monster in ``target``.

    Attributes:
        target: the monster's area.
    """

    target: Hex


@attrs.frozen
class Prepare:
    """A prepare action: draw an event card."""


@attrs.frozen
class Focus:
    """A focus action: add 1 mana to ``card``.

    Attributes:
        card: a card in play that holds mana.
    """

    card: str


@attrs.frozen
class Mend:
    """A mend action: remove 2 damage from the hero; in Grimheim up to 5, from the hero and then
    from equipment (``card`` first, if given).

    Attributes:
        card: in Grimheim, an equipment card to repair before the hero.
    """

    card: str | None = None


@attrs.frozen
class Practice:
    """A practice action: gain 1 gold (experience)."""


@attrs.frozen
class Use:
    """Use a card: one in play, the hero card, or an event from the hand (played and discarded).

    Attributes:
        card: the card's id.
        use: which of the side's uses.
        x: the mana paid, for a cost with a range (``2``–``4`` mana).
    """

    card: str
    use: int = 0
    x: int = 0


@attrs.frozen
class CompleteQuest:
    """Complete the quest of the equipment card on top of the deck, and put it in play."""


@attrs.frozen
class Discard:
    """Discard an event card from the hand (to make room).

    Attributes:
        card: the card's id.
    """

    card: str


@attrs.frozen
class GiveGold:
    """Offer gold to a hero next to yours (heroes in Grimheim are next to each other); they
    agree or not (G22).

    Attributes:
        to: the receiving seat.
        amount: how much.
    """

    to: int
    amount: int


@attrs.frozen
class RequestGold:
    """Ask a hero next to yours for gold (G22: they agree or not).

    Attributes:
        seat: the hero asked.
        amount: how much.
    """

    seat: int
    amount: int


@attrs.frozen
class AcceptGold:
    """Agree to the gold a hero next to yours offers or asks for (G22)."""


@attrs.frozen
class RefuseGold:
    """Refuse the gold a hero next to yours offers or asks for (G22)."""


@attrs.frozen
class DeclineQuest:
    """Leave the quest a kill could complete (keep the gold, pay nothing)."""


@attrs.frozen
class TakeBonus:
    """Take the set-up bonus markers in the hero's area.

    Attributes:
        card: for mana, the card that receives it.
    """

    card: str | None = None


@attrs.frozen
class EndTurn:
    """End the hero's turn (the end-of-turn steps follow)."""


@attrs.frozen
class Target:
    """Choose the monster in ``at``.

    Attributes:
        at: the monster's area.
    """

    at: Hex


@attrs.frozen
class TargetHero:
    """Choose the hero of seat ``seat``.

    Attributes:
        seat: the hero's seat.
    """

    seat: int


@attrs.frozen
class TargetCard:
    """Choose the card ``card`` of the acting hero.

    Attributes:
        card: the card's id.
    """

    card: str


@attrs.frozen
class StopTargets:
    """Choose no more monsters ("up to N")."""


@attrs.frozen
class SkipMove:
    """Do not move ("move up to N")."""


@attrs.frozen
class ResolveAttack:
    """Resolve the attack as it stands (no more cards for this attack)."""


@attrs.frozen
class Upgrade:
    """Take an upgrade at the end of the turn.

    Attributes:
        card: ``None`` to gain the top ability card, or the card (hero card or ability) to flip
            to side II.
    """

    card: str | None = None


@attrs.frozen
class DeclineUpgrade:
    """Take no upgrade this turn (the gold is kept)."""


@attrs.frozen
class DiscardToDraw:
    """With a full hand at the end of the turn: discard ``card`` to draw.

    Attributes:
        card: the card discarded.
    """

    card: str


@attrs.frozen
class SkipDraw:
    """With a full hand at the end of the turn: draw nothing."""


@attrs.frozen
class SwapTop:
    """Put the top card of the ability or equipment deck at its bottom.

    Attributes:
        deck: ``abilities`` or ``equipment``.
    """

    deck: Literal["abilities", "equipment"]


@attrs.frozen
class SkipSwap:
    """Keep both decks as they are."""


@attrs.frozen
class PassWindow:
    """Use no card at this moment."""


@attrs.frozen
class DeclinePrevention:
    """Take the damage (use no more cards against it)."""


@attrs.frozen
class PlaceGoblin:
    """Ambush: place a goblin in ``at``, next to the hero.

    Attributes:
        at: a free area next to the hero.
    """

    at: Hex


@attrs.frozen
class Roll:
    """Chance: the attack dice show ``hits`` hits, ``covers`` hits unless cover, ``runes``
    runes and ``misses`` misses.

    Attributes:
        hits: dice showing a hit.
        covers: dice showing a hit that cover stops.
        runes: dice showing a rune.
        misses: dice showing a miss.
    """

    hits: int
    covers: int
    runes: int
    misses: int


@attrs.frozen
class DieFace:
    """Chance: the monster die shows ``face``.

    Attributes:
        face: one of ``maneuver_cw``, ``maneuver_ccw``, ``attack``, ``push``, ``charge``,
            ``ambush``.
    """

    face: str


@attrs.frozen
class Drawn:
    """Chance: the card drawn (or turned face up) is ``card``.

    Attributes:
        card: the card's id.
    """

    card: str


Action: TypeAlias = (
    MoveTo
    | Attack
    | Prepare
    | Focus
    | Mend
    | Practice
    | Use
    | CompleteQuest
    | Discard
    | GiveGold
    | RequestGold
    | AcceptGold
    | RefuseGold
    | DeclineQuest
    | TakeBonus
    | EndTurn
    | Target
    | TargetHero
    | TargetCard
    | StopTargets
    | SkipMove
    | ResolveAttack
    | Upgrade
    | DeclineUpgrade
    | DiscardToDraw
    | SkipDraw
    | SwapTop
    | SkipSwap
    | PassWindow
    | DeclinePrevention
    | PlaceGoblin
    | Roll
    | DieFace
    | Drawn
)
"""Every grimheim action."""

ACTION_TYPES: tuple[type, ...] = Action.__args__

_FACES = "HCRM"


def _hex(h: Hex) -> str:
    return f"{h.x},{h.y}"


_AT: dict[type, str] = {MoveTo: "move", Attack: "attack", Target: "target", PlaceGoblin: "goblin"}
"""The actions that name an area, written ``<word> x,y``."""
_NAMED: dict[type, str] = {
    Focus: "focus",
    Mend: "mend",
    Discard: "discard",
    TakeBonus: "take",
    TargetCard: "card",
    Upgrade: "upgrade",
    DiscardToDraw: "discard-draw",
    Drawn: "draw",
    SwapTop: "swap",
    DieFace: "die",
}
"""The actions that name a card (a deck, a die face), written ``<word> <name>``, or ``<word>``
alone where no card is named."""


def _field(action: Action) -> Any:
    """The one field of an action of :data:`_AT` or :data:`_NAMED`."""
    return getattr(action, attrs.fields(type(action))[0].name)


def notation(action: Action) -> str:
    """The short text of an action.

    >>> notation(MoveTo(Hex(7, 9))), notation(Use("bjorn-sure-shot")), notation(Roll(2, 0, 1, 3))
    ('move 7,9', 'use bjorn-sure-shot', 'roll HHRMMM')
    """
    kind = type(action)
    if kind in _AT:
        return f"{_AT[kind]} {_hex(_field(action))}"
    if kind in _NAMED:
        name = _field(action)
        return _NAMED[kind] if name is None else f"{_NAMED[kind]} {name}"
    match action:
        case Use(card, use, x):
            return f"use {card}" + (f"#{use}" if use else "") + (f" x{x}" if x else "")
        case GiveGold(to, amount):
            return f"give {amount} to {to}"
        case RequestGold(seat, amount):
            return f"ask {amount} from {seat}"
        case TargetHero(seat):
            return f"hero {seat}"
        case Roll(h, c, r, m):
            return "roll " + "H" * h + "C" * c + "R" * r + "M" * m
    return _WORDS_OF[type(action)]


_WORDS: dict[str, Action] = {
    "prepare": Prepare(),
    "practice": Practice(),
    "quest": CompleteQuest(),
    "end": EndTurn(),
    "stop": StopTargets(),
    "stay": SkipMove(),
    "resolve": ResolveAttack(),
    "no-upgrade": DeclineUpgrade(),
    "no-draw": SkipDraw(),
    "no-swap": SkipSwap(),
    "pass": PassWindow(),
    "take-damage": DeclinePrevention(),
    "accept": AcceptGold(),
    "refuse": RefuseGold(),
    "no-quest": DeclineQuest(),
}
_WORDS_OF = {type(action): word for word, action in _WORDS.items()}
_ID = r"[a-z0-9_.\-']{1,64}"
_XY = r"(-?[0-9]{1,4}),(-?[0-9]{1,4})"
_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(rf"{word} {_XY}"), kind) for kind, word in _AT.items()
]
_PREFIXED: dict[str, Any] = {
    word: kind for kind, word in _NAMED.items() if kind not in (SwapTop, DieFace)
}
"""The words of :data:`_NAMED` followed by any id (a deck and a die face are checked apart)."""


def parse_notation(text: str) -> Action:
    """Read the text written by :func:`notation`; raises ``ValueError`` on anything else."""
    if not isinstance(text, str) or len(text) > 200:
        raise ValueError("not a grimheim action")
    words = " ".join(text.split())
    known: Action | None = _WORDS.get(words)
    if known is not None:
        return known
    for pattern, cls in _PATTERNS:
        match = pattern.fullmatch(words)
        if match:
            found: Action = cls(Hex(int(match.group(1)), int(match.group(2))))
            return found
    match = re.fullmatch(rf"use ({_ID})(?:#([0-9]{{1,2}}))?(?: x([0-9]{{1,2}}))?", words)
    if match:
        return Use(match.group(1), int(match.group(2) or 0), int(match.group(3) or 0))
    match = re.fullmatch(r"roll ([HCRM]{0,40})", words)
    if match and list(match.group(1)) == sorted(match.group(1), key=_FACES.index):
        faces = match.group(1)
        return Roll(*(faces.count(f) for f in _FACES))
    match = re.fullmatch(r"give ([0-9]{1,3}) to ([0-9])", words)
    if match:
        return GiveGold(int(match.group(2)), int(match.group(1)))
    match = re.fullmatch(r"ask ([0-9]{1,3}) from ([0-9])", words)
    if match:
        return RequestGold(int(match.group(2)), int(match.group(1)))
    match = re.fullmatch(r"hero ([0-9])", words)
    if match:
        return TargetHero(int(match.group(1)))
    head, _, rest = words.partition(" ")
    if head in _PREFIXED and re.fullmatch(_ID, rest):
        named: Action = _PREFIXED[head](rest)
        return named
    if head == "mend" and not rest:
        return Mend()
    if head == "take" and not rest:
        return TakeBonus()
    if head == "upgrade" and not rest:
        return Upgrade()
    if head == "swap" and rest in ("abilities", "equipment"):
        return SwapTop(rest)  # type: ignore[arg-type]
    if head == "die" and re.fullmatch(r"[a-z_]{1,20}", rest):
        return DieFace(rest)
    shown = words if len(words) <= 40 else words[:37] + "..."
    raise ValueError(f"not a grimheim action: {shown!r}")
