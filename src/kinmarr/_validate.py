"""`validate`: check a state or view against the rules, as ``loads`` does for every saved one.

The checks: every field in range; every card of the pack in exactly one place (a deck, a hand, a
slot, the Shop, the active prophecy, a lasting event, the discard, or a frame that holds it);
hands and slots as the rules allow (K15); the frames well formed and in a possible order; each
frame fitting the state it sits in — the frames around it as the engine pushes them, whose turn
it is and who lives, the Shop's free places, the turn's flags, a running game within its last
round (K16); the frame on top waiting for an answer that has at least one legal action; a
finished game's round, Fate, scores and winners those of its ending. The bounds are the
engine's own (its constants and helpers), so that the check and the engine cannot disagree.
Linear in the size of the state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Final, NoReturn

from tabletop_rules import Rng, StateFormatError

from ._board import Tile
from ._content import FACES, REQUESTS_ORDER, Compiled
from ._effects import DRAW_DECKS
from ._frames import (
    Answer,
    ArriveFrame,
    ChooseFrame,
    DiceRoll,
    DrawFrame,
    DropFrame,
    DuelFrame,
    EncounterFrame,
    FightFrame,
    GainFrame,
    LootFrame,
    MenuFrame,
    MoveFrame,
    OfferFrame,
    PayFrame,
    ResolveFrame,
    RollFrame,
    RunFrame,
    StartFrame,
    TrophyFrame,
    TurnEndFrame,
    WindowFrame,
)
from ._query import HAND_LIMIT, SLOTS, WOUND_LIMIT
from ._state import (
    COIN_LIMIT,
    Config,
    Deck,
    Ending,
    Lasting,
    Player,
    State,
    TurnFlags,
    View,
    last_round,
)
from ._work import FATE_MAX

__all__ = ["validate"]

MAX_FRAMES: Final = 100
MAX_COUNT: Final = 20
_DECKS: Final = (
    ("encounters", "encounter"),
    ("abilities", "ability"),
    ("items", "item"),
    ("prophecies", "prophecy"),
)


def _fail(path: str, detail: str) -> NoReturn:
    raise StateFormatError(path, detail)


def _type(value: Any, kind: type | tuple[type, ...], path: str) -> None:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = getattr(kind, "__name__", None) or " or ".join(k.__name__ for k in kind)  # type: ignore[union-attr]
        _fail(path, f"expected {name}, got {type(value).__name__}")


def _int(value: Any, low: int, high: int, path: str) -> None:
    if type(value) is not int or not low <= value <= high:
        _fail(path, f"expected an int in [{low}, {high}], got {value!r}")


def _ids(values: Any, rules: Compiled, path: str) -> tuple[str, ...]:
    _type(values, tuple, path)
    for i, card in enumerate(values):
        if not isinstance(card, str) or card not in rules.card:
            _fail(f"{path}[{i}]", f"{card!r} is not a card of the pack")
    return values  # type: ignore[no-any-return]


def _sorted(cards: tuple[str, ...], rules: Compiled, path: str) -> None:
    keys = [rules.index[c] for c in cards]
    if keys != sorted(keys) or len(set(keys)) != len(keys):
        _fail(path, "cards are kept in pack order, each once")


def validate(position: State | View) -> None:
    """Check a :class:`~kinmarr.State` or :class:`~kinmarr.View` (one built by hand, say)
    against the rules; :func:`~kinmarr.loads` calls it on every state and view it reads.

    >>> import attrs, kinmarr
    >>> state = kinmarr.new_game(seed=1)
    >>> kinmarr.validate(state)
    >>> kinmarr.validate(attrs.evolve(state, fate=11))
    Traceback (most recent call last):
    ...
    tabletop_rules.StateFormatError: $.fate: expected an int in [0, 10], got 11

    Raises:
        tabletop_rules.StateFormatError: ``path`` names the offending field relative to the value
            (``"$.players[1].hand"``), ``detail`` what is wrong.
    """
    _type(position, (State, View), "$")
    _type(position.config, Config, "$.config")
    rules = position.config.rules
    explicit = position.config.explicit
    n = len(position.config.guilds)
    if isinstance(position, State):
        _type(position.rng, Rng, "$.rng")
    else:
        _int(position.seat, 0, n - 1, "$.seat")
    _type(position.players, tuple, "$.players")
    if len(position.players) != n:
        _fail("$.players", f"one player per guild of the config ({n}), not {len(position.players)}")
    _int(position.turn, 0, n - 1, "$.turn")
    _int(position.round, 0, last_round(position.config) + 1, "$.round")
    _int(position.fate, 0, FATE_MAX, "$.fate")
    _type(position.frames, tuple, "$.frames")
    if len(position.frames) > MAX_FRAMES:
        _fail("$.frames", f"at most {MAX_FRAMES} frames")
    drops = {f.seat for f in position.frames if isinstance(f, DropFrame)}
    for seat, player in enumerate(position.players):
        _player(player, seat, position, rules, seat in drops)
    where: dict[str, str] = {}

    def put(cards: Iterable[str], path: str) -> None:
        for card in cards:
            if card in where:
                _fail(path, f"card {card!r} is also in {where[card]}")
            where[card] = path

    for seat, player in enumerate(position.players):
        put(player.hand, f"$.players[{seat}].hand")
        put(player.slots, f"$.players[{seat}].slots")
    for field, name in _DECKS:
        deck = getattr(position, field)
        _deck(deck, name, rules, explicit or isinstance(position, View), f"$.{field}")
        put(deck.cards(), f"$.{field}")
    shop = _ids(position.shop, rules, "$.shop")
    if len(shop) > 4 or any(rules.card[c].kind != "item" for c in shop):
        _fail("$.shop", "the Shop holds at most 4 Items (K14)")
    _sorted(shop, rules, "$.shop")
    put(shop, "$.shop")
    if position.prophecy is not None:
        if position.prophecy not in rules.card or rules.card[position.prophecy].kind != "prophecy":
            _fail("$.prophecy", f"{position.prophecy!r} is not a prophecy of the pack")
        put((position.prophecy,), "$.prophecy")
    _type(position.lasting, tuple, "$.lasting")
    for i, lasting in enumerate(position.lasting):
        _type(lasting, Lasting, f"$.lasting[{i}]")
        card = rules.card.get(lasting.card)
        active = lasting.card == position.prophecy
        prophecy = card is not None and card.kind == "prophecy" and active
        if card is None or card.kind not in ("event", "prophecy") or not card.lasting:
            _fail(f"$.lasting[{i}].card", f"{lasting.card!r} is not a lasting event")
        if card.kind == "prophecy" and not prophecy:
            _fail(
                f"$.lasting[{i}].card", f"{lasting.card!r} is not the active prophecy (decision x)"
            )
        _int(lasting.rounds, 1, card.lasting, f"$.lasting[{i}].rounds")
        if not prophecy:  # the active prophecy is already in its place
            put((lasting.card,), f"$.lasting[{i}]")
    _type(position.discarded, frozenset, "$.discarded")
    for gone in sorted(position.discarded, key=str):
        if not isinstance(gone, str) or gone not in rules.card:
            _fail("$.discarded", f"{gone!r} is not a card of the pack")
    put(position.discarded, "$.discarded")
    _flags(position.flags, n, rules)
    for i, frame in enumerate(position.frames):
        put(_frame(frame, position, rules, f"$.frames[{i}]"), f"$.frames[{i}]")
    missing = [c for c in rules.card if c not in where]
    if missing:
        _fail("$", f"{len(missing)} card(s) of the pack are nowhere, such as {missing[0]!r}")
    _order(position)
    if position.ending is not None:
        _ending(position, position.ending, rules)
    else:
        _resting(position)


def _player(player: Any, seat: int, p: State | View, rules: Compiled, dropping: bool) -> None:
    path = f"$.players[{seat}]"
    _type(player, Player, path)
    if player.guild != p.config.guilds[seat]:
        _fail(f"{path}.guild", f"seat {seat} plays {p.config.guilds[seat]!r} (K9)")
    if player.tile is not None:
        _type(player.tile, Tile, f"{path}.tile")
    hand = _ids(player.hand, rules, f"{path}.hand")
    slots = _ids(player.slots, rules, f"{path}.slots")
    _sorted(hand, rules, f"{path}.hand")
    _sorted(slots, rules, f"{path}.slots")
    _int(player.coins, 0, COIN_LIMIT, f"{path}.coins")
    if player.tile is None:
        if hand or slots or player.coins or player.wounds:
            _fail(path, "a dead character holds nothing")
        return
    _int(player.wounds, 0, WOUND_LIMIT, f"{path}.wounds")
    if len(hand) > HAND_LIMIT + (1 if dropping else 0):
        _fail(f"{path}.hand", f"the hand holds at most {HAND_LIMIT} cards")
    if len(slots) > SLOTS:
        _fail(f"{path}.slots", f"there are {SLOTS} slots")
    for card in slots:
        if rules.card[card].kind not in ("ability", "item"):
            _fail(f"{path}.slots", f"{card!r}: slots hold Items and Abilities only")
    for card in (*hand, *slots):
        spec = rules.card[card]
        if spec.deck == "prophecy" or spec.kind in ("place", "event"):
            _fail(f"{path}.hand", f"{card!r} is never held")
        if spec.kind == "ability" and spec.guild not in (None, player.guild):
            _fail(f"{path}.hand", f"K15: {card!r} belongs to another guild")


def _deck(deck: Any, name: str, rules: Compiled, ordered: bool, path: str) -> None:
    _type(deck, Deck, path)
    _ids(deck.top, rules, f"{path}.top")
    _type(deck.bottom, tuple, f"{path}.bottom")
    for i, group in enumerate(deck.bottom):
        _ids(group, rules, f"{path}.bottom[{i}]")
        if not group:
            _fail(f"{path}.bottom[{i}]", "a group at the bottom holds at least one card")
        if ordered:
            _sorted(group, rules, f"{path}.bottom[{i}]")
    if ordered:
        _sorted(deck.top, rules, f"{path}.top")
    for card in deck.cards():
        if rules.card[card].deck != name:
            _fail(path, f"{card!r} is a card of the {rules.card[card].deck} deck")


def _flags(flags: Any, n: int, rules: Compiled) -> None:
    _type(flags, TurnFlags, "$.flags")
    _int(flags.roll, 0, 6, "$.flags.roll")
    _int(flags.refreshes, 0, COIN_LIMIT, "$.flags.refreshes")  # each costs more than the last
    for field in ("moved", "shown", "spent"):
        cards = _ids(getattr(flags, field), rules, f"$.flags.{field}")
        if len(set(cards)) != len(cards):
            _fail(f"$.flags.{field}", "each card once")
    for field in ("powers", "traded"):
        seats = getattr(flags, field)
        _type(seats, tuple, f"$.flags.{field}")
        for i, seat in enumerate(seats):
            _int(seat, 0, n - 1, f"$.flags.{field}[{i}]")
        if len(set(seats)) != len(seats):
            _fail(f"$.flags.{field}", "each seat once")
    _type(flags.dueled, bool, "$.flags.dueled")
    _type(flags.shop, bool, "$.flags.shop")
    _type(flags.duel_anywhere, bool, "$.flags.duel_anywhere")


def _roll(roll: Any, rules: Compiled, path: str) -> None:
    _type(roll, DiceRoll, path)
    size = len(roll.colours)
    if not 1 <= size <= 12 or len(roll.faces) != size or len(roll.used) != size:
        _fail(path, "a roll has 1 to 12 dice, each with a face and a used flag")
    for i in range(size):
        colour = roll.colours[i]
        if colour not in ("red", "green", "blue"):
            _fail(f"{path}.colours[{i}]", f"unknown colour {colour!r}")
        face = roll.faces[i]
        if face != "" and face not in FACES:
            _fail(f"{path}.faces[{i}]", f"unknown face {face!r}")
        if face != "" and face not in rules.faces[colour]:
            _fail(f"{path}.faces[{i}]", f"the {colour} die has no {face!r} face")
        _type(roll.used[i], bool, f"{path}.used[{i}]")
        if face not in ("", "dodge") and not roll.used[i]:
            _fail(f"{path}.used[{i}]", "only a Dodge may be unused (K12)")
        if face == "" and roll.used[i]:
            _fail(f"{path}.used[{i}]", "a die still to roll has no Dodge used")


def _answer(answer: Any, n: int, rules: Compiled, path: str) -> bool:
    """Check an answer on the Stack; returns whether it holds its card."""
    _type(answer, Answer, path)
    _int(answer.seat, 0, n - 1, f"{path}.seat")
    if answer.target is not None:
        _int(answer.target, 0, n - 1, f"{path}.target")
    if answer.card is None:
        return False
    card = rules.card.get(answer.card)
    if card is None or card.usage is None:
        _fail(f"{path}.card", f"{answer.card!r} is not a card that is used")
    return card.kind == "ability" or card.usage.consumed


def _frame(frame: Any, p: State | View, rules: Compiled, path: str) -> list[str]:
    """Check one frame; return the cards it holds."""
    n = len(p.players)

    def seat(value: Any, field: str) -> None:
        _int(value, 0, n - 1, f"{path}.{field}")

    def card(value: Any, field: str, *kinds: str) -> None:
        spec = rules.card.get(value) if isinstance(value, str) else None
        if spec is None or (kinds and spec.kind not in kinds):
            _fail(f"{path}.{field}", f"{value!r} is not a {' or '.join(kinds) or 'card'}")

    kind = type(frame)
    if kind not in _SHAPES:
        _fail(path, f"not a frame: {kind.__name__}")
    held: list[str] = []
    if isinstance(frame, StartFrame | TurnEndFrame):
        pass
    elif isinstance(frame, MenuFrame):
        if frame.phase not in ("start", "duel", "end"):
            _fail(f"{path}.phase", f"unknown phase {frame.phase!r}")
    elif isinstance(frame, WindowFrame):
        if frame.request not in REQUESTS_ORDER:
            _fail(f"{path}.request", f"unknown request {frame.request!r}")
        if frame.asking is not None:
            seat(frame.asking, "asking")
        _int(frame.passes, 0, n, f"{path}.passes")
        _type(frame.stack, tuple, f"{path}.stack")
        if len(frame.stack) > 50:
            _fail(f"{path}.stack", "too many answers")
        for i, answer in enumerate(frame.stack):
            if _answer(answer, n, rules, f"{path}.stack[{i}]") and answer.card is not None:
                held.append(answer.card)
    elif isinstance(frame, ResolveFrame):
        if _answer(frame.answer, n, rules, f"{path}.answer") and frame.answer.card is not None:
            held.append(frame.answer.card)
        _type(frame.done, bool, f"{path}.done")
    elif isinstance(frame, RunFrame):
        seat(frame.seat, "seat")
        if frame.target is not None:
            seat(frame.target, "target")
        from ._engine import effects_of

        try:
            program = effects_of(p, frame.source) if isinstance(frame.source, str) else None
        except (KeyError, ValueError, IndexError):
            program = None
        if program is None:
            _fail(f"{path}.source", f"{frame.source!r} names no effects of the pack")
        _int(frame.pc, 0, len(program), f"{path}.pc")
    elif isinstance(frame, RollFrame | ArriveFrame | DropFrame):
        seat(frame.seat, "seat")
    elif isinstance(frame, MoveFrame):
        seat(frame.seat, "seat")
        _int(frame.steps, 0, 6, f"{path}.steps")
    elif isinstance(frame, ChooseFrame):
        seat(frame.seat, "seat")
        if frame.deck not in DRAW_DECKS:
            _fail(f"{path}.deck", f"cannot choose from {frame.deck!r}")
        _int(frame.count, 0, MAX_COUNT, f"{path}.count")
        _int(frame.choose, 0, MAX_COUNT, f"{path}.choose")
        revealed = _ids(frame.cards, rules, f"{path}.cards") + _ids(
            frame.passed, rules, f"{path}.passed"
        )
        chosen = _ids(frame.chosen, rules, f"{path}.chosen")
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(frame.cards):
            _fail(f"{path}.chosen", "the cards chosen are cards drawn, each once")
        if any(rules.card[c].deck != frame.deck for c in revealed):
            _fail(f"{path}.cards", f"cards drawn come from the {frame.deck} deck")
        if frame.tag is not None and any(frame.tag not in rules.card[c].tags for c in frame.cards):
            _fail(f"{path}.cards", f"the cards that count have the tag {frame.tag!r}")
        if frame.tag is None and frame.passed:
            _fail(f"{path}.passed", "cards are passed over only when drawing by tag")
        held.extend(revealed)
    elif isinstance(frame, EncounterFrame):
        seat(frame.seat, "seat")
        card(frame.card, "card")
        held.append(frame.card)
    elif isinstance(frame, PayFrame):
        seat(frame.seat, "seat")
        card(frame.tower, "tower", "tower")
        _int(frame.paid, 0, rules.card[frame.tower].value - 1, f"{path}.paid")
        held.append(frame.tower)
    elif isinstance(frame, FightFrame):
        seat(frame.seat, "seat")
        card(frame.creature, "creature", "creature")
        _roll(frame.dice, rules, f"{path}.dice")
        _int(frame.hits, -50, 50, f"{path}.hits")
        _int(frame.block, -50, 50, f"{path}.block")
        held.append(frame.creature)
    elif isinstance(frame, DuelFrame):
        seat(frame.attacker, "attacker")
        seat(frame.defender, "defender")
        if frame.attacker == frame.defender:
            _fail(f"{path}.defender", "a duel is between two players")
        _roll(frame.dice_a, rules, f"{path}.dice_a")
        _roll(frame.dice_d, rules, f"{path}.dice_d")
        for field in ("hits_a", "block_a", "hits_d", "block_d"):
            _int(getattr(frame, field), -50, 50, f"{path}.{field}")
    elif isinstance(frame, DrawFrame):
        seat(frame.seat, "seat")
        _int(frame.count, 0, MAX_COUNT, f"{path}.count")
        pairs = {("ability", "gain"), ("item", "gain"), ("item", "shop"), ("prophecy", "prophecy")}
        if (frame.deck, frame.into) not in pairs:
            _fail(path, f"cannot draw from {frame.deck!r} into {frame.into!r}")
    elif isinstance(frame, GainFrame):
        seat(frame.seat, "seat")
        card(frame.card, "card", "creature", "tower", "ability", "item")
        held.append(frame.card)
    elif isinstance(frame, LootFrame):
        seat(frame.dead, "dead")
        _type(frame.looters, tuple, f"{path}.looters")
        for i, looter in enumerate(frame.looters):
            seat(looter, f"looters[{i}]")
        if not frame.looters or len(set(frame.looters)) != len(frame.looters):
            _fail(f"{path}.looters", "looters are living players, each once")
        if frame.dead in frame.looters:
            _fail(f"{path}.looters", "the dead do not loot")
        items = _ids(frame.items, rules, f"{path}.items")
        creatures = _ids(frame.creatures, rules, f"{path}.creatures")
        if any(rules.card[c].kind != "item" for c in items):
            _fail(f"{path}.items", "only Items")
        if any(rules.card[c].kind != "creature" for c in creatures):
            _fail(f"{path}.creatures", "only creatures")
        _int(frame.coins, 0, COIN_LIMIT, f"{path}.coins")
        held.extend((*items, *creatures))
    elif isinstance(frame, TrophyFrame):
        seat(frame.winner, "winner")
        seat(frame.loser, "loser")
        if frame.winner == frame.loser:
            _fail(f"{path}.loser", "the loser is not the winner")
    elif isinstance(frame, OfferFrame):
        seat(frame.partner, "partner")
        if frame.partner == p.turn:
            _fail(f"{path}.partner", "K6: the offer goes to another player")
        for field, owner in (("give", p.turn), ("ask", frame.partner)):
            cards = _ids(getattr(frame, field), rules, f"{path}.{field}")
            player = p.players[owner]
            if len(set(cards)) != len(cards) or any(
                c not in (*player.hand, *player.slots)
                or rules.card[c].kind not in ("item", "creature")
                for c in cards
            ):
                _fail(f"{path}.{field}", "an offer swaps Items and creatures the players hold")
        _int(frame.give_coins, 0, p.players[p.turn].coins, f"{path}.give_coins")
        _int(frame.ask_coins, 0, p.players[frame.partner].coins, f"{path}.ask_coins")
        _type(frame.proposed, bool, f"{path}.proposed")
    return held


_SHAPES: Final = frozenset(
    {
        StartFrame,
        TurnEndFrame,
        MenuFrame,
        WindowFrame,
        ResolveFrame,
        RunFrame,
        RollFrame,
        MoveFrame,
        ArriveFrame,
        ChooseFrame,
        EncounterFrame,
        PayFrame,
        FightFrame,
        DuelFrame,
        DrawFrame,
        GainFrame,
        DropFrame,
        LootFrame,
        TrophyFrame,
        OfferFrame,
    }
)
_SINGLE: Final = (StartFrame, TurnEndFrame, RollFrame, OfferFrame, TrophyFrame, DropFrame)


def _order(p: State | View) -> None:
    """The frames are in an order the rules can make."""
    frames = p.frames
    if p.ending is not None:
        if frames:
            _fail("$.frames", "a finished game has no work left")
        return
    if not frames:
        _fail("$.frames", "a running game waits for an answer")
    first = frames[0]
    if isinstance(first, StartFrame):
        if p.round != 0 or not all(isinstance(f, DrawFrame) for f in frames[1:]):
            _fail("$.frames[0]", "only the set-up waits before the first turn starts")
    elif not isinstance(first, TurnEndFrame):
        _fail("$.frames[0]", "a turn's work sits on its end")
    elif p.round < 1:
        _fail("$.round", "turns are played from round 1")
    counts = Counter(type(f) for f in frames)
    for kind in _SINGLE:
        if counts[kind] > 1:
            _fail("$.frames", f"at most one {kind.__name__}")
    if counts[FightFrame] + counts[DuelFrame] > 1:
        _fail("$.frames", "one fight or duel at a time")
    phases = [f.phase for f in frames if isinstance(f, MenuFrame)]
    if phases != [ph for ph in ("end", "duel", "start") if ph in phases]:
        _fail("$.frames", "the menus of a turn come in order: start, duel, end")
    for i, frame in enumerate(frames):
        if isinstance(frame, StartFrame | TurnEndFrame) and i != 0:
            _fail(f"$.frames[{i}]", "a turn starts and ends at the bottom of the frames")
    _pending_draws(p)
    if isinstance(first, StartFrame):
        _set_up(p)
    else:
        _turn(p)
    for i, frame in enumerate(frames):
        _FITS[type(frame)](p, i, frame)


def _pending_draws(p: State | View) -> None:
    """Draws still to make fit the places they fill: the Shop's free places, and one active
    prophecy (a second draw would push the first out of the game)."""
    from ._engine import SHOP_SIZE

    shop = [(i, f) for i, f in enumerate(p.frames) if isinstance(f, DrawFrame) and f.into == "shop"]
    free = SHOP_SIZE - len(p.shop)
    if sum(f.count for _, f in shop) > free:
        i = shop[-1][0]
        _fail(f"$.frames[{i}].count", f"K14: the Shop has {free} free place(s) to refill")
    prophecy = [
        (i, f) for i, f in enumerate(p.frames) if isinstance(f, DrawFrame) and f.into == "prophecy"
    ]
    drawing = [(i, f) for i, f in prophecy if f.count]
    if drawing and (p.prophecy is not None or len(drawing) > 1 or drawing[0][1].count > 1):
        _fail(f"$.frames[{drawing[-1][0]}]", "one prophecy is drawn at a time, when none is active")


# -- each frame against the state it sits in ------------------------------------------------------
#
# Every frame is pushed by the engine at a known place: on the frame that asks for it, or on what
# a frame left when it was done. A frame is checked here against the frames around it and the
# rest of the state, with the engine's own helpers and constants, so that a save holding work
# the engine could not have left (and would later do wrong) is refused on load.


def _at(i: int, field: str | None = None) -> str:
    return f"$.frames[{i}]" if field is None else f"$.frames[{i}].{field}"


def _name(frame: Any) -> str:
    return type(frame).__name__


def _waits(p: State | View, i: int) -> bool:
    """Frame ``i`` is the one waiting for an answer: the top, or under a Shop refill only (the
    engine refills the Shop on top of whatever waits, K14)."""
    frames = p.frames
    top = len(frames) - 1
    if i == top:
        return True
    last = frames[top]
    return i == top - 1 and isinstance(last, DrawFrame) and last.into == "shop"


def _waiting(p: State | View, i: int, frame: Any, what: str) -> None:
    if not _waits(p, i):
        _fail(_at(i), f"{what} waits on top of the frames: nothing is done above it")


def _living(p: State | View, seat: int, path: str) -> None:
    if p.players[seat].tile is None:
        _fail(path, f"seat {seat}'s character is dead: its pending work ended with it")


def _turns(p: State | View, seat: int, path: str) -> None:
    if seat != p.turn:
        _fail(
            path, f"this is the work of the active player's turn (seat {p.turn}), not seat {seat}'s"
        )


def _seat_of(frame: Any) -> int:
    seat: int = frame.seat
    return seat


def _rolled(roll: DiceRoll) -> bool:
    return "" not in roll.faces


def _unrolled(roll: DiceRoll) -> bool:
    return all(face == "" for face in roll.faces)


def _settled(roll: DiceRoll) -> bool:
    return _rolled(roll) and all(roll.used)


def _set_up(p: State | View) -> None:
    """The set-up waits only on its first draws (explicit chance): the first prophecy, then the
    Shop's Items, before the first seat's first turn starts (K9); nothing has happened yet."""
    from ._board import tile_at

    start = p.frames[0]
    if not (isinstance(start, StartFrame) and start.new_round):
        _fail("$.frames[0].new_round", "the first turn starts the first round")
    if p.turn != 0:
        _fail("$.turn", "K9: the first seat plays first")
    kinds = [(f.deck, f.into) for f in p.frames[1:] if isinstance(f, DrawFrame)]
    if kinds not in ([("item", "shop")], [("item", "shop"), ("prophecy", "prophecy")]):
        _fail("$.frames", "the set-up draws the first prophecy, then the Shop's Items")
    from ._engine import SHOP_SIZE

    shop = p.frames[1]
    if isinstance(shop, DrawFrame) and len(p.shop) + shop.count != SHOP_SIZE:
        _fail("$.frames[1].count", f"K14: the set-up fills the Shop with {SHOP_SIZE} Items")
    castle = tile_at(p.config.rules.special["castle"])
    for seat, player in enumerate(p.players):
        if player != Player(player.guild, castle):
            _fail(
                f"$.players[{seat}]", "at the set-up every token stands on the Castle, empty-handed"
            )
    if p.fate or p.discarded or p.flags != TurnFlags():
        _fail("$", "nothing has happened before the first turn")
    if any(event.card != p.prophecy for event in p.lasting):
        _fail("$.lasting", "no event lasts before the first turn")


def _turn(p: State | View) -> None:
    """A turn being played: its round within the game's last (K7, K16), its skeleton, and its
    flags as far as the frames show them."""
    frames = p.frames
    if p.round > last_round(p.config):
        _fail("$.round", f"K7: the game ends after round {last_round(p.config)}")
    drawing = any(isinstance(f, DrawFrame) and f.into == "prophecy" for f in frames)
    if p.prophecy is None and not drawing and (p.prophecies.top or p.prophecies.bottom):
        _fail("$.prophecy", "a prophecy is active while the deck has one to draw")
    turn = p.turn
    if p.players[turn].tile is None:
        from ._work import _owner

        for i, frame in enumerate(frames[1:], 1):
            if _owner(frame) is None:
                _fail(
                    _at(i),
                    f"seat {turn}'s character is dead: nothing is left of its turn but the"
                    f" others' work, not a {_name(frame)}",
                )
        return
    kinds = {type(f) for f in frames}
    phases = {f.phase for f in frames if isinstance(f, MenuFrame)}
    flags = p.flags
    if "start" in phases or RollFrame in kinds:
        if flags.roll != 0:
            _fail("$.flags.roll", "the travel die of this turn is still to roll")
    elif flags.roll == 0:
        _fail("$.flags.roll", "the travel die of this turn was rolled (K3)")
    if "duel" in phases and flags.dueled:
        _fail("$.flags.dueled", "K5: the duel of this turn is still to be declared")
    if (DuelFrame in kinds or TrophyFrame in kinds) and not flags.dueled:
        _fail("$.flags.dueled", "K5: a duel was declared this turn")


def _fit_start(p: State | View, i: int, frame: Any) -> None:
    pass  # at the bottom only (_order), and the set-up's (_set_up)


def _fit_turn_end(p: State | View, i: int, frame: Any) -> None:
    pass  # at the bottom only (_order); what may lie on it is checked by the frames above


def _fit_menu(p: State | View, i: int, frame: Any) -> None:
    below = p.frames[i - 1]
    if frame.phase == "end":
        ok = isinstance(below, TurnEndFrame) and not below.done
    elif frame.phase == "duel":
        ok = isinstance(below, WindowFrame) and below.request == "end"
    else:
        ok = isinstance(below, MenuFrame) and below.phase == "duel"
    if not ok:
        _fail(
            _at(i),
            f"the {frame.phase} menu lies where the turn's start put it: the end menu on the"
            " turn's end, its window, the duel menu, then the start menu",
        )


def _asks(frame: Any, request: str) -> bool:
    """Whether ``frame`` is one a window on ``request`` is opened on, as the engine leaves it."""
    if request in ("start", "end"):
        return isinstance(frame, MenuFrame) and frame.phase == request
    if request == "travel":
        return isinstance(frame, RollFrame)
    if request == "move":
        return isinstance(frame, MoveFrame)
    if request == "tile":
        return isinstance(frame, ArriveFrame)
    if request == "draw":
        return isinstance(frame, ChooseFrame) and not (frame.cards or frame.passed or frame.chosen)
    if request == "combat":
        if isinstance(frame, FightFrame):
            return frame.stage == "roll" and _unrolled(frame.dice)
        return (
            isinstance(frame, DuelFrame)
            and frame.stage == "roll-a"
            and _unrolled(frame.dice_a)
            and _unrolled(frame.dice_d)
        )
    return isinstance(frame, FightFrame | DuelFrame) and frame.stage == "settle"


def _fit_window(p: State | View, i: int, frame: Any) -> None:
    if i == 0 or not _asks(p.frames[i - 1], frame.request):
        _fail(_at(i), f"K4: a window on {frame.request!r} opens on the request it answers")
    if not _waits(p, i) and (frame.asking is not None or frame.passes or frame.stack):
        _fail(_at(i), "K4: a window is opened when it comes on top, and stays there until closed")
    for k, answer in enumerate(frame.stack):
        _answered(p, answer, _at(i, f"stack[{k}]"), frame.request)
    if frame.asking is not None:
        _living(p, frame.asking, _at(i, "asking"))


def _answered(p: State | View, answer: Answer, path: str, request: str | None) -> None:
    """An answer given (on the Stack, or being resolved) by what its seat may use: a card of its
    own guild or neutral (K15), in its slots unless used up; its guild power, once a turn."""
    from ._engine import usable_ability

    rules = p.config.rules
    player = p.players[answer.seat]
    if answer.card is None:
        usage = rules.guild[player.guild].power.usage
        if answer.seat not in p.flags.powers:
            _fail(path, f"seat {answer.seat}'s guild power is used once a turn, and noted")
    else:
        card = rules.card[answer.card]
        usage = card.usage
        if not usable_ability(p, answer.seat, card):
            _fail(path, f"K15: {answer.card!r} belongs to another guild")
        kept = not (card.kind == "ability" or (usage is not None and usage.consumed))
        if kept and (answer.card not in player.slots or answer.card not in p.flags.spent):
            _fail(path, f"{answer.card!r} is used from seat {answer.seat}'s slots, once a turn")
    if usage is None:
        _fail(path, "this answer has no usage")
    if request is not None and request not in usage.when:
        _fail(path, f"K4: this answer does not answer {request!r}")
    if (answer.target is None) != (usage.target == "self"):
        _fail(f"{path}.target", f"the usage's target is {usage.target!r}")


def _fit_resolve(p: State | View, i: int, frame: Any) -> None:
    frames = p.frames
    below, above = frames[i - 1], frames[i + 1] if i + 1 < len(frames) else None
    if isinstance(below, ResolveFrame) or p.players[p.turn].tile is None:
        pass  # (a dead active player's turn is gone, but for the others' answers)
    elif not any(_asks(below, request) for request in REQUESTS_ORDER):
        _fail(_at(i), "K4: the Stack resolves where its window was")
    if isinstance(above, ResolveFrame) == frame.done:
        _fail(_at(i, "done"), "K4: the Stack resolves last in, first out, one answer at a time")
    _living(p, frame.answer.seat, _at(i, "answer.seat"))
    _answered(p, frame.answer, _at(i, "answer"), None)


def _fit_run(p: State | View, i: int, frame: Any) -> None:
    from ._engine import effects_of

    rules = p.config.rules
    kind, _, rest = frame.source.partition(":")
    program = effects_of(p, frame.source)
    if frame.pc >= max(1, len(program)):
        _fail(_at(i, "pc"), "effects done are not left on the frames")
    below = p.frames[i - 1]
    seat = frame.seat
    if kind in ("usage", "power"):
        answer = below.answer if isinstance(below, ResolveFrame) and below.done else None
        guild = p.players[seat].guild
        if (
            answer is None
            or answer.seat != seat
            or answer.target != frame.target
            or (kind == "usage" and answer.card != rest)
            or (kind == "power" and (answer.card is not None or rest != guild))
        ):
            _fail(_at(i), "K4: an answer's effects run on the answer being resolved")
    elif frame.target is not None:
        _fail(_at(i, "target"), "only an answer has a target")
    if kind in ("tile", "effects", "creature"):
        _turns(p, seat, _at(i, "seat"))
    else:
        _living(p, seat, _at(i, "seat"))
    if kind == "trigger" and rest.partition(":")[0] != p.players[seat].guild:
        _fail(_at(i, "source"), f"seat {seat} plays {p.players[seat].guild!r}")
    elif kind == "reward":
        drawing = isinstance(below, DrawFrame) and below.into == "prophecy" and below.seat == seat
        if not drawing or rest not in p.discarded or rules.card[rest].kind != "prophecy":
            _fail(
                _at(i),
                "a prophecy's reward comes when it is fulfilled: it has left the game, and the"
                " next one waits to be drawn",
            )
    elif kind == "effects":
        card = rules.card[rest]
        if card.kind == "tower":
            if rest not in p.flags.shown:
                _fail(_at(i, "source"), f"the tower {rest!r} acts when shown (K15)")
        elif card.kind not in ("place", "event"):
            _fail(_at(i, "source"), f"{rest!r} is neither a place, an event nor a tower")
        elif rest not in p.discarded and all(e.card != rest for e in p.lasting):
            _fail(_at(i, "source"), f"the {card.kind} {rest!r} is resolved and discarded, or lasts")
    elif kind == "creature" and rules.card[rest.partition(":")[0]].kind != "creature":
        _fail(_at(i, "source"), "only a creature has triggers on a card")


def _fit_roll(p: State | View, i: int, frame: Any) -> None:
    _turns(p, frame.seat, _at(i, "seat"))
    window, move = p.frames[i - 1], p.frames[i - 2] if i >= 2 else None
    if not (
        isinstance(window, WindowFrame)
        and window.request == "move"
        and isinstance(move, MoveFrame)
        and move.steps == 0
    ):
        _fail(_at(i), "K3: the travel die is rolled for the move it makes, before its window")


def _fit_move(p: State | View, i: int, frame: Any) -> None:
    _turns(p, frame.seat, _at(i, "seat"))
    if frame.steps == 0:
        below = p.frames[i - 1]
        if not (isinstance(below, MenuFrame) and below.phase == "duel"):
            _fail(_at(i), "K3: the travel die's move comes after the start menu, before the duel")


def _fit_arrive(p: State | View, i: int, frame: Any) -> None:
    _turns(p, frame.seat, _at(i, "seat"))


def _fit_choose(p: State | View, i: int, frame: Any) -> None:
    _turns(p, frame.seat, _at(i, "seat"))
    if (frame.cards or frame.passed or frame.chosen) and not _waits(p, i):
        _fail(_at(i), "cards are drawn and chosen when the draw comes on top")


def _fit_encounter(p: State | View, i: int, frame: Any) -> None:
    _turns(p, frame.seat, _at(i, "seat"))
    deck = p.config.rules.card[frame.card].deck
    if deck not in DRAW_DECKS:
        _fail(_at(i, "card"), f"a card chosen is drawn from {' or '.join(DRAW_DECKS)}, not {deck}")
    if i > 0 and isinstance(p.frames[i - 1], EncounterFrame):
        return
    for j in range(i + 1, len(p.frames)):  # the first of the cards chosen: the others on it
        if isinstance(p.frames[j], EncounterFrame) and not isinstance(
            p.frames[j - 1], EncounterFrame
        ):
            _fail(_at(j), "K11: the cards chosen wait together, resolved one after another")


def _fit_pay(p: State | View, i: int, frame: Any) -> None:
    _turns(p, frame.seat, _at(i, "seat"))
    _waiting(p, i, frame, "a tower's payment")


_FIGHT_STAGES: Final = {
    # the stages where a fight may wait: (its rolls made with their Dodges done, its rolls made,
    # its rolls still to make); "open" and "result" pass at once (kinmarr._combat)
    "roll": ((), (), ()),
    "dodge": ((), ("dice",), ()),
    "settle": (("dice",), (), ()),
}
_DUEL_STAGES: Final = {
    "roll-a": ((), (), ("dice_d",)),
    "dodge-a": ((), ("dice_a",), ("dice_d",)),
    "roll-d": (("dice_a",), (), ()),
    "dodge-d": (("dice_a",), ("dice_d",), ()),
    "settle": (("dice_a", "dice_d"), (), ()),
}


def _fit_combat(p: State | View, i: int, frame: Any) -> None:
    if isinstance(frame, FightFrame):
        _turns(p, frame.seat, _at(i, "seat"))
    else:
        _turns(p, frame.attacker, _at(i, "attacker"))
        below = p.frames[i - 1]
        if not (isinstance(below, WindowFrame) and below.request == "end"):
            _fail(_at(i), "K5: a duel is declared at the duel menu, before the end of the turn")
    stage = frame.stage
    stages = _FIGHT_STAGES if isinstance(frame, FightFrame) else _DUEL_STAGES
    if stage not in stages:
        _fail(_at(i, "stage"), f"a fight never waits at the {stage!r} stage")
    settled, rolled, unrolled = stages[stage]
    for field in settled:
        if not _settled(getattr(frame, field)):
            _fail(_at(i, field), f"at the {stage!r} stage this roll is made, its Dodges done")
    for field in rolled:
        if not _rolled(getattr(frame, field)):
            _fail(_at(i, field), f"at the {stage!r} stage this roll is made")
    for field in unrolled:
        if not _unrolled(getattr(frame, field)):
            _fail(_at(i, field), f"at the {stage!r} stage this roll is still to make")
    if stage in ("dodge", "dodge-a", "roll-d", "dodge-d"):
        _waiting(p, i, frame, f"a fight at the {stage!r} stage")
    elif stage in ("roll", "roll-a") and not _waits(p, i) and not _asks(frame, "combat"):
        _fail(_at(i), "K4: the dice are rolled once the combat window is closed")


def _fit_draw(p: State | View, i: int, frame: Any) -> None:
    frames = p.frames
    if frame.into == "gain":
        _living(p, frame.seat, _at(i, "seat"))
        if frame.count == 0:
            above = frames[i + 1] if i + 1 < len(frames) else None
            if not (isinstance(above, GainFrame | DropFrame) and above.seat == frame.seat):
                _fail(_at(i, "count"), "a draw is done when its last card is gained")
        return
    if frame.count < 1:
        _fail(_at(i, "count"), "a draw is done when its last card is drawn")
    if frame.into == "prophecy":
        return
    _turns(p, frame.seat, _at(i, "seat"))
    set_up = isinstance(frames[0], StartFrame)
    rules = p.config.rules
    for j in range(i + 1, len(frames)):
        above = frames[j]
        bought = isinstance(above, GainFrame) and rules.card[above.card].kind == "item"
        if (bought or isinstance(above, DropFrame)) and _seat_of(above) == p.turn:
            continue  # the Item just bought, and a card dropped to make room for it
        if set_up and isinstance(above, DrawFrame) and above.into == "prophecy":
            continue
        _fail(
            _at(i),
            "K14: the Shop is refilled at once: only the Item just bought lies above its refill",
        )


def _fit_gain(p: State | View, i: int, frame: Any) -> None:
    from ._engine import usable_ability

    _living(p, frame.seat, _at(i, "seat"))
    card = p.config.rules.card[frame.card]
    if card.kind == "tower":
        _fail(_at(i, "card"), "a tower comes to the hand when paid for")
    if not usable_ability(p, frame.seat, card):
        _fail(_at(i, "card"), f"K15: {frame.card!r} belongs to another guild")


def _fit_drop(p: State | View, i: int, frame: Any) -> None:
    _living(p, frame.seat, _at(i, "seat"))
    _waiting(p, i, frame, "a card to drop")
    if len(p.players[frame.seat].hand) != HAND_LIMIT + 1:
        _fail(_at(i), f"K15: a card is dropped from a hand of {HAND_LIMIT + 1}")


def _fit_loot(p: State | View, i: int, frame: Any) -> None:
    from ._query import order_from

    if p.players[frame.dead].tile is not None:
        _fail(_at(i, "dead"), f"K13: seat {frame.dead}'s character is alive")
    for k, seat in enumerate(frame.looters):
        _living(p, seat, _at(i, f"looters[{k}]"))
    order = order_from(p, p.turn)
    if [s for s in order if s in frame.looters] != list(frame.looters):
        _fail(_at(i, "looters"), "K13: looters choose in turn order from the active player")
    if len({p.players[s].tile for s in frame.looters}) > 1:
        _fail(_at(i, "looters"), "K13: the looters stand on the tile where the character died")
    for j in range(i + 1, len(p.frames)):  # what is taken, another death, a Shop refill
        above = p.frames[j]
        refill = isinstance(above, DrawFrame) and above.into == "shop"
        if not (refill or isinstance(above, GainFrame | DropFrame | LootFrame)):
            _fail(_at(j), "K13: a death is looted at once")


def _fit_trophy(p: State | View, i: int, frame: Any) -> None:
    _waiting(p, i, frame, "a duel's trophy")
    _living(p, frame.winner, _at(i, "winner"))
    _living(p, frame.loser, _at(i, "loser"))
    if p.turn not in (frame.winner, frame.loser):
        _fail(_at(i), "K5: the active player fought the duel")


def _fit_offer(p: State | View, i: int, frame: Any) -> None:
    from ._query import on_tile

    _waiting(p, i, frame, "a trade offer")
    below = p.frames[i - 1]
    if not (isinstance(below, MenuFrame) and below.phase == "end"):
        _fail(_at(i), "K6: trade offers are made at the end of the turn")
    if frame.partner not in p.flags.traded:
        _fail(_at(i, "partner"), "K6: the offer is noted, once per partner per turn")
    if frame.partner not in on_tile(p, p.turn):
        _fail(_at(i, "partner"), "K6: trade with a living player on your tile")


_FITS: Final[dict[type, Callable[[State | View, int, Any], None]]] = {
    StartFrame: _fit_start,
    TurnEndFrame: _fit_turn_end,
    MenuFrame: _fit_menu,
    WindowFrame: _fit_window,
    ResolveFrame: _fit_resolve,
    RunFrame: _fit_run,
    RollFrame: _fit_roll,
    MoveFrame: _fit_move,
    ArriveFrame: _fit_arrive,
    ChooseFrame: _fit_choose,
    EncounterFrame: _fit_encounter,
    PayFrame: _fit_pay,
    FightFrame: _fit_combat,
    DuelFrame: _fit_combat,
    DrawFrame: _fit_draw,
    GainFrame: _fit_gain,
    DropFrame: _fit_drop,
    LootFrame: _fit_loot,
    TrophyFrame: _fit_trophy,
    OfferFrame: _fit_offer,
}


def _ending(p: State | View, ending: Any, rules: Compiled) -> None:
    from ._work import score

    _type(ending, Ending, "$.ending")
    n = len(p.players)
    scores = tuple(score(rules, player) for player in p.players)
    if ending.scores != scores:
        _fail("$.ending.scores", f"K8: the scores are {list(scores)}")
    living = [s for s, player in enumerate(p.players) if player.tile is not None]
    kind = ending.kind
    if kind == "last-standing":
        expected: tuple[int, ...] = tuple(living) if len(living) == 1 else ()
        if len(expected) != 1:
            _fail("$.ending", "a last-standing win leaves one character on the board")
    elif kind in ("fate", "no-one-left"):
        expected = ()
        if kind == "no-one-left" and living:
            _fail("$.ending", "K13: characters are left on the board")
    elif kind in ("deck-exhausted", "round-limit"):
        best = max((scores[s] for s in living), default=0)
        expected = tuple(s for s in living if scores[s] == best)
    else:
        _fail("$.ending.kind", f"unknown ending {kind!r}")
    _ended(p, kind)
    if tuple(ending.winners) != expected or any(type(s) is not int for s in ending.winners):
        _fail("$.ending.winners", f"the winners are {list(expected)}")
    del n


def _ended(p: State | View, kind: str) -> None:
    """The ending fits the state it left, as the engine ends a game: at the start of a round
    (Fate 10, the round after the last) or of a turn (one token left, a deck empty, K7), or when
    the last character dies (K13)."""
    from ._engine import exhausted

    last = last_round(p.config)
    if kind == "round-limit":
        if p.round != last + 1:
            _fail("$.round", f"K7: the game ends when round {last + 1} would start")
    elif not 1 <= p.round <= (last + 1 if kind == "fate" else last):
        _fail("$.round", f"K7: the game ended in a round played, the last being {last}")
    if kind == "fate" and p.fate != FATE_MAX:
        _fail("$.fate", f"everyone loses when Fate is {FATE_MAX} at the start of a round")
    if kind == "last-standing" and not p.config.last_standing:
        _fail("$.ending.kind", "K7: the game is played without the last-standing victory")
    if kind == "deck-exhausted" and not exhausted(p):
        _fail("$.ending.kind", "the game ends by scoring when a deck is empty, and none is")


def _resting(p: State | View) -> None:
    """The frame on top waits for an answer, and has some (see :mod:`kinmarr._engine`)."""
    from ._engine import _HANDLERS
    from ._legal import acting, legal_actions
    from ._work import Work

    top = p.frames[-1]
    if isinstance(p, State):
        state = p
    else:
        from ._rules import redeal

        state = redeal(p, 0)
    work = Work(state)
    try:
        rests = _HANDLERS[type(top)](work, top)
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        _fail(f"$.frames[{len(p.frames) - 1}]", f"cannot be worked: {type(exc).__name__}: {exc}")
    if not rests or len(work.frames) != len(p.frames) or work.frames[-1] is not top:
        _fail(f"$.frames[{len(p.frames) - 1}]", "the frame on top does not wait for an answer")
    if work.events or work.rng != state.rng:
        _fail(f"$.frames[{len(p.frames) - 1}]", "the frame on top does not wait for an answer")
    try:
        legal = legal_actions(p)
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        _fail("$.frames", f"no legal action can be listed: {type(exc).__name__}: {exc}")
    if not legal:
        _fail("$.frames", "the decision on top has no answer")
    asked = acting(p)
    if asked is not None and asked >= 0 and p.players[asked].tile is None:
        _fail("$.frames", f"seat {asked} is asked to play, but its character is dead")
