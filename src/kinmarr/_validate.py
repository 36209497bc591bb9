"""`validate`: check a state or view against the rules, as ``loads`` does for every saved one.

The checks: every field in range; every card of the pack in exactly one place (a deck, a hand, a
slot, the Shop, the active prophecy, a lasting event, the discard, or a frame that holds it);
hands and slots as the rules allow (K15); the frames well formed and in a possible order; the
frame on top waiting for an answer that has at least one legal action; a finished game's scores
and winners those of its ending. Linear in the size of the state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Final, NoReturn

from tabletop_rules import Rng, StateFormatError

from ._board import Tile
from ._content import FACES, REQUESTS_ORDER, Compiled
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
    MAX_ROUNDS,
    Config,
    Deck,
    Ending,
    Lasting,
    Player,
    State,
    TurnFlags,
    View,
)

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
    _int(position.round, 0, (position.config.round_limit or MAX_ROUNDS) + 1, "$.round")
    _int(position.fate, 0, 10, "$.fate")
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


def _roll(roll: Any, path: str) -> None:
    _type(roll, DiceRoll, path)
    size = len(roll.colours)
    if not 1 <= size <= 12 or len(roll.faces) != size or len(roll.used) != size:
        _fail(path, "a roll has 1 to 12 dice, each with a face and a used flag")
    for i in range(size):
        if roll.colours[i] not in ("red", "green", "blue"):
            _fail(f"{path}.colours[{i}]", f"unknown colour {roll.colours[i]!r}")
        face = roll.faces[i]
        if face != "" and face not in FACES:
            _fail(f"{path}.faces[{i}]", f"unknown face {face!r}")
        _type(roll.used[i], bool, f"{path}.used[{i}]")
        if face not in ("", "dodge") and not roll.used[i]:
            _fail(f"{path}.used[{i}]", "only a Dodge may be unused (K12)")


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
        if frame.deck not in ("encounter", "ability", "item"):
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
        _roll(frame.dice, f"{path}.dice")
        _int(frame.hits, -50, 50, f"{path}.hits")
        _int(frame.block, -50, 50, f"{path}.block")
        held.append(frame.creature)
    elif isinstance(frame, DuelFrame):
        seat(frame.attacker, "attacker")
        seat(frame.defender, "defender")
        if frame.attacker == frame.defender:
            _fail(f"{path}.defender", "a duel is between two players")
        _roll(frame.dice_a, f"{path}.dice_a")
        _roll(frame.dice_d, f"{path}.dice_d")
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
    if tuple(ending.winners) != expected or any(type(s) is not int for s in ending.winners):
        _fail("$.ending.winners", f"the winners are {list(expected)}")
    del n


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
