"""The actions — the players' answers and chance's results — and their notation.

Actions that decline say so in their names: :class:`Pass`, :class:`NoDuel`, :class:`NoTrade`,
:class:`RefuseTrade`, :class:`NoReroll`, :class:`SkipLoot`.
"""

from __future__ import annotations

import re
from typing import Final, Literal, TypeAlias

import attrs

from tabletop_rules import Seat

from ._content import CARD_ID, FACES, Face


def _card(_inst: object, attr: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{attr.name} must be a card id, got {value!r}")


def _seat(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"{attr.name} must be a seat (an int), got {value!r}")


def _seat_or_none(_inst: object, attr: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and type(value) is not int:
        raise TypeError(f"{attr.name} must be a seat (an int) or None, got {value!r}")


# -- answers in a response window (K4) ---------------------------------------------------------


@attrs.frozen
class Pass:
    """Pass: no answer in this response window (K4)."""


@attrs.frozen
class Use:
    """Use a slotted card as an answer (K4).

    Attributes:
        card: the card, in one of your slots.
        target: the seat it acts on, for a card with a target.
    """

    card: str = attrs.field(validator=_card)
    target: Seat | None = attrs.field(default=None, validator=_seat_or_none)


@attrs.frozen
class Power:
    """Use your guild's power as an answer (K4).

    Attributes:
        target: the seat it acts on, for a power with a target.
    """

    target: Seat | None = attrs.field(default=None, validator=_seat_or_none)


# -- the active player's menus -----------------------------------------------------------------


@attrs.frozen
class Travel:
    """Roll the travel die and move (K3)."""


@attrs.frozen
class ShowTower:
    """Show a tower from your hand for its advantage, at the start of your turn (K15).

    Attributes:
        card: the tower.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class Slot:
    """Move a card from your hand to a free slot (your turn, outside fights).

    Attributes:
        card: an Item or Ability in your hand.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class Unslot:
    """Move a card from a slot to your hand (your turn, outside fights).

    Attributes:
        card: a card in your slots.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class Buy:
    """Buy an Item of the Shop for its value (K14).

    Attributes:
        card: an Item in the Shop.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class Sell:
    """Sell one of your Items for half its value, rounded down (K14).

    Attributes:
        card: an Item in your slots or hand.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class Refresh:
    """Put the Shop's Items at the bottom of the deck and draw new ones; 1 coin, and 1 more for
    each earlier refresh this turn (K14)."""


@attrs.frozen
class Duel:
    """Declare a duel (K5).

    Attributes:
        seat: the player challenged.
    """

    seat: Seat = attrs.field(validator=_seat)


@attrs.frozen
class NoDuel:
    """Declare no duel this turn (K5)."""


@attrs.frozen
class Trade:
    """Start an offer to a player on your tile (K6).

    Attributes:
        seat: the partner.
    """

    seat: Seat = attrs.field(validator=_seat)


@attrs.frozen
class EndTurn:
    """End your turn."""


# -- a trade offer (K6) ------------------------------------------------------------------------


@attrs.frozen
class Give:
    """Add one of your Items or creatures to the offer.

    Attributes:
        card: the card.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class GiveCoin:
    """Add one of your coins to the offer."""


@attrs.frozen
class Ask:
    """Ask for one of the partner's Items or creatures.

    Attributes:
        card: the card.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class AskCoin:
    """Ask for one more of the partner's coins."""


@attrs.frozen
class Propose:
    """Make the offer; the partner accepts or refuses it."""


@attrs.frozen
class NoTrade:
    """Drop the offer without making it."""


@attrs.frozen
class AcceptTrade:
    """Accept the offer: the swap is made."""


@attrs.frozen
class RefuseTrade:
    """Refuse the offer."""


# -- choices inside requests -------------------------------------------------------------------


@attrs.frozen
class Choose:
    """Choose a card among those drawn.

    Attributes:
        card: the card.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class Pay:
    """Discard a creature from your hand towards the price of a tower.

    Attributes:
        card: the creature.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class Reroll:
    """Use a Dodge: reroll that die and one other die of your choice (K12).

    Attributes:
        dodge: the index of a die showing an unused Dodge.
        other: the index of the other die, or ``None`` when the roll has no other die.
    """

    dodge: int = attrs.field(validator=_seat)
    other: int | None = attrs.field(default=None, validator=_seat_or_none)


@attrs.frozen
class NoReroll:
    """Use no (more) Dodge in this roll (K12)."""


@attrs.frozen
class Keep:
    """Where a gained Ability or Item goes.

    Attributes:
        where: ``"slot"`` or ``"hand"``.
    """

    where: Literal["slot", "hand"] = attrs.field(validator=attrs.validators.in_(("slot", "hand")))


@attrs.frozen
class Drop:
    """Drop a card from your hand to make room; it leaves the game (K15).

    Attributes:
        card: the card.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class Loot:
    """Take an Item or creature of the dead character (K13).

    Attributes:
        card: the card.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class LootCoins:
    """Take the dead character's coins (K13)."""


@attrs.frozen
class SkipLoot:
    """Take nothing (more) from the dead character (K13)."""


@attrs.frozen
class Take:
    """Take as the duel's trophy an Item from the loser's slots or a creature from the loser's
    hand (K5).

    Attributes:
        card: the card.
    """

    card: str = attrs.field(validator=_card)


@attrs.frozen
class TakeCoins:
    """Take as the duel's trophy half the loser's coins, rounded down (K5)."""


# -- chance (explicit chance mode) -------------------------------------------------------------


@attrs.frozen
class Roll:
    """Chance: the travel die shows ``value`` (K3).

    Attributes:
        value: 1 to 6.
    """

    value: int = attrs.field(validator=_seat)


@attrs.frozen
class FaceResult:
    """Chance: the combat die being rolled shows ``face``.

    Attributes:
        face: ``"hit"``, ``"miss"``, ``"critical"``, ``"resilience"``, ``"dodge"`` or
            ``"insight"``.
    """

    face: Face = attrs.field(validator=attrs.validators.in_(FACES))


@attrs.frozen
class Reveal:
    """Chance: the card drawn is ``card``.

    Attributes:
        card: the card.
    """

    card: str = attrs.field(validator=_card)


Action: TypeAlias = (
    Pass
    | Use
    | Power
    | Travel
    | ShowTower
    | Slot
    | Unslot
    | Buy
    | Sell
    | Refresh
    | Duel
    | NoDuel
    | Trade
    | EndTurn
    | Give
    | GiveCoin
    | Ask
    | AskCoin
    | Propose
    | NoTrade
    | AcceptTrade
    | RefuseTrade
    | Choose
    | Pay
    | Reroll
    | NoReroll
    | Keep
    | Drop
    | Loot
    | LootCoins
    | SkipLoot
    | Take
    | TakeCoins
    | Roll
    | FaceResult
    | Reveal
)
"""Every kinmarr action."""

ACTIONS: Final[tuple[type, ...]] = (
    Pass,
    Use,
    Power,
    Travel,
    ShowTower,
    Slot,
    Unslot,
    Buy,
    Sell,
    Refresh,
    Duel,
    NoDuel,
    Trade,
    EndTurn,
    Give,
    GiveCoin,
    Ask,
    AskCoin,
    Propose,
    NoTrade,
    AcceptTrade,
    RefuseTrade,
    Choose,
    Pay,
    Reroll,
    NoReroll,
    Keep,
    Drop,
    Loot,
    LootCoins,
    SkipLoot,
    Take,
    TakeCoins,
    Roll,
    FaceResult,
    Reveal,
)

_WORDS: Final[dict[type, str]] = {
    Pass: "pass",
    Travel: "travel",
    Refresh: "refresh",
    NoDuel: "no-duel",
    EndTurn: "end",
    GiveCoin: "give-coin",
    AskCoin: "ask-coin",
    Propose: "propose",
    NoTrade: "no-trade",
    AcceptTrade: "accept",
    RefuseTrade: "refuse",
    NoReroll: "no-reroll",
    LootCoins: "loot-coins",
    SkipLoot: "skip-loot",
    TakeCoins: "take-coins",
}
_BY_WORD: Final = {word: cls for cls, word in _WORDS.items()}
_CARD_WORDS: Final[dict[type, str]] = {
    ShowTower: "tower",
    Slot: "slot",
    Unslot: "unslot",
    Buy: "buy",
    Sell: "sell",
    Give: "give",
    Ask: "ask",
    Choose: "choose",
    Pay: "pay",
    Drop: "drop",
    Loot: "loot",
    Take: "take",
}
_BY_CARD_WORD: Final = {word: cls for cls, word in _CARD_WORDS.items()}
_SEAT = r"[0-9]{1,2}"
_CARD_ACTION = re.compile(rf"([a-z]+):({CARD_ID})")
_USE = re.compile(rf"use:({CARD_ID})(?:>({_SEAT}))?")
_POWER = re.compile(rf"power(?:>({_SEAT}))?")
_SEAT_ACTION = re.compile(rf"(duel|trade):({_SEAT})")
_REROLL = re.compile(rf"reroll:({_SEAT})(?:\+({_SEAT}))?")
_CARD = re.compile(CARD_ID)


def notation(action: Action) -> str:
    """The short text of an action.

    Words for the actions without arguments (``pass``, ``travel``, ``end``, ``no-duel``,
    ``refresh``, ``propose``, ``no-trade``, ``accept``, ``refuse``, ``no-reroll``,
    ``loot-coins``, ``skip-loot``, ``take-coins``, ``give-coin``, ``ask-coin``, and ``slot`` /
    ``hand`` for :class:`Keep`); ``word:card`` for the others (``choose:grey-wolf-2``,
    ``buy:royal-ring``, ``tower:bell-tower``); ``use:card`` or ``use:card>2`` (with a target),
    ``power`` or ``power>2``, ``duel:2``, ``trade:2``, ``reroll:0+2``. Chance results are bare:
    ``1``–``6`` (the travel die), a face (``hit``, ``miss``, ``critical``, ``resilience``,
    ``dodge``, ``insight``), a card id.

    >>> notation(Use("hex", 2)), notation(Choose("grey-wolf-1")), notation(Reroll(0, 2))
    ('use:hex>2', 'choose:grey-wolf-1', 'reroll:0+2')
    >>> notation(Roll(4)), notation(FaceResult("dodge")), notation(Reveal("ogre"))
    ('4', 'dodge', 'ogre')
    """
    cls = type(action)
    word = _WORDS.get(cls)
    if word is not None:
        return word
    card_word = _CARD_WORDS.get(cls)
    if card_word is not None:
        return f"{card_word}:{action.card}"  # type: ignore[union-attr]
    if isinstance(action, Use):
        return f"use:{action.card}" + ("" if action.target is None else f">{action.target}")
    if isinstance(action, Power):
        return "power" + ("" if action.target is None else f">{action.target}")
    if isinstance(action, Duel):
        return f"duel:{action.seat}"
    if isinstance(action, Trade):
        return f"trade:{action.seat}"
    if isinstance(action, Reroll):
        return f"reroll:{action.dodge}" + ("" if action.other is None else f"+{action.other}")
    if isinstance(action, Keep):
        return action.where
    if isinstance(action, Roll):
        return str(action.value)
    if isinstance(action, FaceResult):
        return action.face
    if isinstance(action, Reveal):
        return action.card
    raise TypeError(f"not a kinmarr action: {action!r}")


def parse_notation(text: str) -> Action:
    """Read the text written by :func:`notation`; raises ``ValueError`` on anything else."""
    if not isinstance(text, str):
        raise ValueError(f"not an action: {text!r}")
    text = text.strip()
    word = _BY_WORD.get(text)
    if word is not None:
        made: Action = word()
        return made
    if text in ("slot", "hand"):
        return Keep(text)  # type: ignore[arg-type]
    if text in FACES:
        return FaceResult(text)
    if len(text) == 1 and text in "123456":
        return Roll(int(text))
    match = _USE.fullmatch(text)
    if match is not None:
        target = match.group(2)
        return Use(match.group(1), None if target is None else int(target))
    match = _POWER.fullmatch(text)
    if match is not None:
        return Power(None if match.group(1) is None else int(match.group(1)))
    match = _SEAT_ACTION.fullmatch(text)
    if match is not None:
        seat = int(match.group(2))
        return Duel(seat) if match.group(1) == "duel" else Trade(seat)
    match = _REROLL.fullmatch(text)
    if match is not None:
        other = match.group(2)
        return Reroll(int(match.group(1)), None if other is None else int(other))
    match = _CARD_ACTION.fullmatch(text)
    if match is not None and match.group(1) in _BY_CARD_WORD:
        return _BY_CARD_WORD[match.group(1)](match.group(2))  # type: ignore[no-any-return]
    if _CARD.fullmatch(text):
        return Reveal(text)
    shown = text if len(text) <= 40 else text[:37] + "..."
    raise ValueError(
        f"not an action: {shown!r} (expected e.g. 'pass', 'travel', 'choose:grey-wolf-1',"
        " 'use:hex>2', '4', 'hit' or a card id)"
    )
