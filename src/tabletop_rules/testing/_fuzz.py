"""The fuzzer: mutated saves, content files, notation, actions and positions, fed to a game.

A reader of untrusted input has three duties: answer with a typed error, in bounded time, and
never accept something wrong. :func:`fuzz_game` checks all three on any
:class:`~tabletop_rules.Game`: it plays random games, keeps the JSON of their states, views,
records (from a seed and from a saved state), actions, events and configs, mutates that text
thousands of times — structurally (keys dropped or added, values swapped for other types, numbers
just past a bound or huge, lists cut, doubled or reordered, values copied from elsewhere in the
document or from a sibling object, deep nesting) and as raw text (truncation, flipped bytes) —
and reads every mutant back. Content files and action notation are fuzzed the same way. Actions
are fuzzed as values: a legal action with a field of the wrong type, built without its
constructor, or not an action at all, given to ``is_legal`` and ``apply``; and positions: a view,
a dict, ``None`` or another value given where a state belongs.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable, Iterator, Sequence
from copy import copy as shallow_copy
from functools import partial
from typing import Any, Generic, TypeVar

import attrs

from .._errors import (
    ContentError,
    IllegalActionError,
    PositionTypeError,
    RulesError,
    StateFormatError,
)
from .._game import Game, replay
from .._play import sample_chance
from .._record import Record
from .._rng import Rng
from .._values import CHANCE
from ._report import ConformanceError, _short
from ._saves import check_saves

S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")

_KINDS = ("state", "view", "record", "action", "event", "config")


@attrs.frozen
class FuzzFinding:
    """One thing the fuzzer found wrong.

    Attributes:
        what: ``"untyped-error"`` (an exception that is not the documented typed error),
            ``"wrong-acceptance"`` (a mutant was read, but the value it gave misbehaves: it does
            not round-trip, or playing on from it fails), ``"unsavable"`` (legal play reached a
            state or view that does not save and load back equal), or ``"slow"`` (a read took
            longer than the time allowed for its size).
        reader: which reader: ``"loads:<kind>"``, ``"content:<name>"``, ``"parse_action"``, or
            ``"saves"`` (``dumps`` and ``loads`` of the positions random play reaches).
        detail: what happened.
        sample: the start of the input that caused it.
    """

    what: str
    reader: str
    detail: str
    sample: str


@attrs.frozen
class FuzzPart:
    """What one reader was given and how it answered.

    Attributes:
        name: the reader: ``"loads:<kind>"``, ``"content:<name>"``, ``"parse_action"``,
            ``"actions"`` (``is_legal`` and ``apply`` given mutated actions), ``"positions"``
            (``apply``, ``step``, ``legal_actions`` and ``is_legal`` given what is not a state)
            or ``"saves"`` (the states and views random play reached, saved and read back).
        inputs: the mutants given.
        refused: those answered with the documented typed error.
        sound: those accepted that behaved (read back, played on, satisfied the oracle; an action
            that was legal in type and value).
    """

    name: str
    inputs: int
    refused: int
    sound: int


@attrs.frozen
class FuzzReport:
    """What :func:`fuzz_game` did and found.

    Attributes:
        games: random games played to collect texts.
        loads: mutated saves read back.
        accepted: how many of them were read without error (each then checked further).
        content: mutated content files read back.
        notations: mutated notations parsed.
        actions: mutated actions given to ``is_legal`` and ``apply``.
        positions: values that are not states given to the functions that take one.
        slowest: the longest single read, in seconds.
        slowest_per_kb: the longest read time per kilobyte of input, in seconds.
        findings: everything found wrong (empty when all is well).
        parts: the counts reader by reader.
    """

    games: int
    loads: int
    accepted: int
    content: int
    notations: int
    slowest: float
    slowest_per_kb: float
    findings: tuple[FuzzFinding, ...]
    actions: int = 0
    positions: int = 0
    parts: tuple[FuzzPart, ...] = ()

    def __str__(self) -> str:
        head = (
            f"{self.games} games, {self.loads} mutated loads ({self.accepted} accepted),"
            f" {self.content} content files, {self.notations} notations, {self.actions} actions,"
            f" {self.positions} positions; slowest read {self.slowest * 1000:.1f} ms"
            f" ({self.slowest_per_kb * 1000:.2f} ms/kB):"
        )
        lines = [
            f"{head} {len(self.findings)} finding(s)" if self.findings else f"{head} nothing found"
        ]
        width = max((len(part.name) for part in self.parts), default=0)
        lines.append(f"  {'part':<{width}}  {'inputs':>7}  {'refused':>7}  {'sound':>7}")
        for part in self.parts:
            lines.append(
                f"  {part.name:<{width}}  {part.inputs:>7}  {part.refused:>7}  {part.sound:>7}"
            )
        for f in self.findings[:20]:
            lines.append(f"  [{f.what}] {f.reader}: {f.detail} <- {f.sample}")
        return "\n".join(lines)


# -- mutations ------------------------------------------------------------------------------------


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a parsed JSON document, the root first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    _get(document, path[:-1])[path[-1]] = new
    return document


_ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    0,
    -1,
    1,
    2,
    7,
    99,
    100,
    999,
    1000,
    1001,
    2**18,
    2**20,
    -(2**20),
    2**30,
    2**31,
    10**9,
    2**53 + 1,
    2**64,
    -(2**64),
    10**30,
    10**40,
    10**45,
    "9" * 60,
    0.5,
    -0.0,
    1e308,
    "",
    "x",
    "top",
    "bottom",
    [],
    {},
    [[]],
    {"type": "place"},
)


class _Mutator:
    """Structured and textual mutations of JSON text, drawn from one generator."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def below(self, n: int) -> int:
        value, self.rng = self.rng.below(n)
        return value

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def text(self, original: str) -> str:
        """One mutant of ``original``: mostly structural, sometimes textual."""
        roll = self.below(20)
        if roll == 0:
            return original[: self.below(len(original) + 1)]
        if roll == 1:
            i = self.below(len(original))
            return original[:i] + chr(self.below(128)) + original[i + 1 :]
        if roll == 2:
            depth = self.pick((10, 1_000, 100_000))
            i = self.below(len(original))
            return original[:i] + "[" * depth + "]" * depth + original[i:]
        document = json.loads(original)
        try:
            for _ in range(1 + self.below(3)):
                document = self.structure(document)
            return json.dumps(document)
        except RecursionError:  # mutations nested too deep for json.dumps: nest the text instead
            return "[" * 2_000 + original + "]" * 2_000

    def structure(self, document: Any) -> Any:
        paths = list(_paths(document))
        path = self.pick(paths)
        target = _get(document, path)
        roll = self.below(10)
        if roll == 9:
            return self._sibling_field(document, paths)
        if roll == 0 and isinstance(target, dict) and target:
            del target[self.pick(sorted(target))]
        elif roll == 1 and isinstance(target, dict):
            key = self.pick(("extra", "type", "seat", "x", "data"))
            target[key] = copy.deepcopy(self.pick(_ODD_VALUES))
        elif roll == 2 and isinstance(target, list) and target:
            target.insert(self.below(len(target) + 1), copy.deepcopy(self.pick(target)))
        elif roll == 3 and isinstance(target, list) and target:
            del target[self.below(len(target))]
        elif roll == 4 and isinstance(target, list) and len(target) > 1:
            i, j = self.below(len(target)), self.below(len(target))
            target[i], target[j] = target[j], target[i]
        elif roll == 5 and type(target) is int:
            delta = self.pick((1, -1, 2, 1 << 20, -(1 << 20), 1 << 40))
            document = _set(document, path, target + delta)
        elif roll == 6:
            donor = _get(document, self.pick(paths))
            document = _set(document, path, copy.deepcopy(donor))
        elif roll == 7:
            nested: Any = target
            for _ in range(self.pick((2, 50, 400))):
                nested = [nested]
            document = _set(document, path, nested)
        else:
            document = _set(document, path, copy.deepcopy(self.pick(_ODD_VALUES)))
        return document

    def _sibling_field(self, document: Any, paths: list[tuple[Any, ...]]) -> Any:
        """Copy one field from an object of a list into its sibling: two pending frames, two
        players or two monsters that disagree (the same area twice, a count that does not fit)."""
        lists = [p for p in paths if isinstance(_get(document, p), list)]
        pairs = [
            items
            for items in (_get(document, p) for p in lists)
            if sum(isinstance(i, dict) for i in items) > 1
        ]
        if not pairs:
            return document
        items = [i for i in self.pick(pairs) if isinstance(i, dict)]
        source, target = self.pick(items), self.pick(items)
        shared = sorted(set(source) & set(target))
        if shared:
            key = self.pick(shared)
            target[key] = copy.deepcopy(source[key])
        return document


# -- the run --------------------------------------------------------------------------------------


class _MisbehavesError(Exception):
    """An accepted value that does not behave as one read from a real game does."""


class _Fuzzer(Generic[S, A]):
    def __init__(
        self,
        game: Game[S, A],
        rng: Rng,
        time_limit: float | None,
        per_kb: float,
        oracle: Callable[[S], None] | None,
        longest: int,
    ) -> None:
        self.game = game
        self.oracle = oracle
        self.longest = longest
        self.mutate = _Mutator(rng)
        self.time_limit = time_limit
        self.per_kb = per_kb
        self.findings: list[FuzzFinding] = []
        self.slowest = 0.0
        self.slowest_per_kb = 0.0
        self.accepted = 0
        self.parts: dict[str, list[int]] = {}

    def found(self, what: str, reader: str, detail: str, text: str) -> None:
        self.findings.append(FuzzFinding(what, reader, detail, _short(text)))

    def attempt(
        self,
        reader: str,
        shown: str,
        call: Callable[[], Any],
        refusal: type[Exception] | tuple[()] = (),
        wrong: str | None = None,
    ) -> tuple[bool, Any]:
        """Call ``call``; whether it returned, and what. A ``refusal`` it raises is counted as
        ``refused`` — or as a wrong acceptance ``wrong``, when the refusal itself was wrong —
        and any other exception as an untyped error."""
        try:
            return True, call()
        except refusal:
            if wrong is None:
                self.tally(reader, "refused")
            else:
                self.counted("wrong-acceptance", reader, wrong, shown)
        except Exception as exc:
            self.counted("untyped-error", reader, f"{type(exc).__name__}: {exc}", shown)
        return False, None

    def counted(self, what: str, reader: str, detail: str, text: str) -> None:
        """A finding that is also one of ``reader``'s inputs counted as ``found``."""
        self.found(what, reader, detail, text)
        self.tally(reader, "found")

    def timed(
        self, reader: str, text: str, read: Callable[[], Any]
    ) -> tuple[Any, BaseException | None]:
        started = time.perf_counter()
        try:
            value, error = read(), None
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            value, error = None, exc
        elapsed = time.perf_counter() - started
        size_kb = max(len(text), 1) / 1024
        self.slowest = max(self.slowest, elapsed)
        self.slowest_per_kb = max(self.slowest_per_kb, elapsed / size_kb)
        if self.time_limit is not None and elapsed > self.time_limit + self.per_kb * size_kb:
            self.found("slow", reader, f"{elapsed:.3f} s for {len(text)} characters", text)
        return value, error

    def collect(self, games: int, configs: Sequence[Any], seed: int) -> dict[str, list[str]]:
        """Play random games and keep texts of every kind: states, views, actions and events met
        on the way, each game's config, final state and record, and a record that starts from a
        saved state."""
        game = self.game
        texts: dict[str, list[str]] = {kind: [] for kind in _KINDS}
        for i in range(games):
            config = configs[i % len(configs)]
            state = game.new_game(config, seed=seed + i)
            texts["config"].append(game.dumps(game.config_type() if config is None else config))
            chooser = Rng.from_seed(seed + i)
            actions: list[A] = []
            kept: tuple[S, int] | None = None
            while (seat := game.current_player(state)) is not None:
                if seat == CHANCE:
                    action, chooser = sample_chance(game, state, chooser)
                else:
                    action, chooser = chooser.choice(game.legal_actions(state))
                stepped = game.step(state, action)
                if self.mutate.below(6) == 0:
                    texts["state"].append(game.dumps(state))
                    if seat != CHANCE:
                        texts["view"].append(game.dumps(game.view(state, seat)))
                    texts["action"].append(game.dumps(action))
                    texts["event"].extend(game.dumps(e) for e in stepped.events[:2])
                    kept = kept or (state, len(actions))
                actions.append(action)
                state = stepped.state
            texts["state"].append(game.dumps(state))
            texts["record"].append(game.dumps(Record(tuple(actions), config=config, seed=seed + i)))
            if kept is not None:
                start, done = kept
                texts["record"].append(game.dumps(Record(tuple(actions[done:]), start=start)))
        return texts

    def saves(
        self, configs: Sequence[Any], games: int, seed: int, start: Callable[[Any, int], S] | None
    ) -> None:
        """Random games in which every state and every view must save and load back equal
        (:func:`~tabletop_rules.testing.check_saves`), each game a part of its own."""
        for i in range(games):
            config = configs[i % len(configs)]
            try:
                report = check_saves(
                    self.game, configs=[config], games=1, seed=seed + i, start=start
                )
            except ConformanceError as exc:
                shown = "the default config" if config is None else self.game.dumps(config)
                self.counted("unsavable", "saves", str(exc), shown)
            else:
                for _ in range(report.states + report.views):
                    self.tally("saves", "sound")

    def tally(self, part: str, outcome: str) -> None:
        """Count one input of ``part``: ``refused``, ``sound`` or ``found`` (a finding)."""
        counts = self.parts.setdefault(part, [0, 0, 0])
        counts[0] += 1
        if outcome == "refused":
            counts[1] += 1
        elif outcome == "sound":
            counts[2] += 1

    def loads(self, texts: dict[str, list[str]], count: int) -> None:
        game = self.game
        kinds = [kind for kind in _KINDS if texts[kind]]
        for _ in range(count):
            kind = self.mutate.pick(kinds)
            text = self.mutate.text(self.mutate.pick(texts[kind]))
            reader = f"loads:{kind}"
            value, error = self.timed(reader, text, partial(game.loads, text, kind))
            if error is not None:
                if not isinstance(error, StateFormatError):
                    self.counted("untyped-error", reader, f"{type(error).__name__}: {error}", text)
                else:
                    self.tally(reader, "refused")
                continue
            self.accepted += 1
            sound = self.check_accepted(reader, kind, value, text)
            self.tally(reader, "sound" if sound else "found")

    def check_accepted(self, reader: str, kind: str, value: Any, text: str) -> bool:
        """A mutant that was read must behave: round-trip, and (states) play on to the end.
        Returns whether it did."""
        game = self.game
        try:
            again = game.loads(game.dumps(value), kind)
            if again != value:
                self.found("wrong-acceptance", reader, "loads(dumps(value)) != value", text)
                return False
            if kind == "state":
                self.inspect(value)
                self.play_on(value)
            elif kind == "view":
                self.play_on(self.redealt(value))
            elif kind == "record":
                *_, final = replay(game, value)
                self.play_on(final)
            start = value if kind == "state" else value.start if kind == "record" else None
            if self.oracle is not None and start is not None:
                self.oracle(start)
        except _MisbehavesError as exc:
            self.found("wrong-acceptance", reader, str(exc), text)
            return False
        except AssertionError as exc:
            self.found("wrong-acceptance", reader, f"the oracle objects: {exc}", text)
            return False
        except StateFormatError as exc:
            self.found("wrong-acceptance", reader, f"read back fails: {exc}", text)
            return False
        except RulesError:
            pass  # a record whose actions do not replay: a typed error, as documented
        except Exception as exc:  # anything untyped from a value that was accepted
            self.found("wrong-acceptance", reader, f"{type(exc).__name__}: {exc}", text)
            return False
        return True

    def inspect(self, state: S) -> None:
        """What an accepted state must answer soundly before play goes on: its answers each
        listed once, and every seat's view read back equal and dealt out again consistently."""
        game = self.game
        legal = game.legal_actions(state)
        if len(set(legal)) != len(legal):
            raise _MisbehavesError("legal_actions lists an action twice")
        for seat in range(game.seat_count(state)):
            seen = game.view(state, seat)
            if game.loads(game.dumps(seen), "view") != seen:
                raise _MisbehavesError(f"the view of seat {seat} does not round-trip")
            self.redealt(seen)

    def redealt(self, seen: Any) -> S:
        """A state dealt from an accepted view: it must exist, and show that view again."""
        game = self.game
        try:
            state = game.redeal(seen, 7)
        except StateFormatError:
            raise
        except Exception as exc:
            raise _MisbehavesError(f"redeal fails: {type(exc).__name__}: {exc}") from exc
        game.validate(state)
        if game.view(state, seen.seat) != seen:
            raise _MisbehavesError("the redealt state shows another view")
        return state

    def play_on(self, state: S) -> None:
        """Play random answers from ``state`` to the end, which must come."""
        game = self.game
        chooser = Rng.from_seed(7)
        for _ in range(self.longest):
            seat = game.current_player(state)
            if seat is None:
                game.outcome(state)
                return
            if seat == CHANCE:
                action, chooser = sample_chance(game, state, chooser)
            else:
                game.legal_actions(game.view(state, seat))
                action, chooser = chooser.choice(game.legal_actions(state))
            state = game.apply(state, action)
        raise _MisbehavesError(f"no end after {self.longest} answers")

    def content(self, sources: Sequence[tuple[str, str, Callable[[str], Any]]], count: int) -> None:
        for _ in range(count):
            name, original, load = self.mutate.pick(sources)
            text = self.mutate.text(original)
            reader = f"content:{name}"
            _, error = self.timed(reader, text, partial(load, text))
            if error is None:
                self.tally(reader, "sound")
            elif isinstance(error, ContentError):
                self.tally(reader, "refused")
            else:
                self.counted("untyped-error", reader, f"{type(error).__name__}: {error}", text)

    def notations(self, texts: dict[str, list[str]], count: int) -> None:
        game = self.game
        samples = [game.notation(game.loads(t, "action")) for t in texts["action"][:200]]
        for state in self.picks(texts, count if samples else 0):
            text = self._mutate_notation(self.mutate.pick(samples))
            action, error = self.timed(
                "parse_action", text, partial(game.parse_action, state, text)
            )
            if error is not None:
                if not isinstance(error, ValueError):
                    self.counted(
                        "untyped-error", "parse_action", f"{type(error).__name__}: {error}", text
                    )
                else:
                    self.tally("parse_action", "refused")
                continue
            back = game.parse_action(state, game.notation(action))
            if back != action:
                self.counted(
                    "wrong-acceptance", "parse_action", "notation does not round-trip", text
                )
            else:
                self.tally("parse_action", "sound")

    def states(self, texts: dict[str, list[str]]) -> list[S]:
        """Up to 50 of the collected positions that wait for an answer."""
        game = self.game
        found = [game.loads(t, "state") for t in texts["state"][:100]]
        return [s for s in found if game.current_player(s) is not None][:50]

    def picks(self, texts: dict[str, list[str]], count: int) -> Iterator[S]:
        """``count`` positions drawn among :meth:`states` (none when there are none)."""
        states = self.states(texts)
        for _ in range(count if states else 0):
            yield self.mutate.pick(states)

    def actions(self, texts: dict[str, list[str]], count: int) -> None:
        """Legal actions bent out of shape, given to ``is_legal`` and ``apply``: each must be
        refused with a reason and :class:`~tabletop_rules.IllegalActionError`, unless it is a
        legal action in type and value."""
        game = self.game
        for state in self.picks(texts, count):
            if self.mutate.below(4) == 0:  # the legal actions not listed yet (no cache)
                state = game.loads(game.dumps(state))
                legal = game.legal_actions(game.loads(game.dumps(state)))
            else:
                legal = game.legal_actions(state)
            action = self._bent(self.mutate.pick(legal))
            shown = _safe(action)
            done, reason = self.attempt("actions", shown, partial(game.is_legal, state, action))
            if not done:
                continue
            wrong = "is_legal accepted it" if reason is None else None
            done, after = self.attempt(
                "actions", shown, partial(game.apply, state, action), IllegalActionError, wrong
            )
            if not done:
                continue
            if reason is not None:
                self.counted("wrong-acceptance", "actions", f"applied though {reason!r}", shown)
            elif not any(_same(action, a) for a in legal):
                self.counted("wrong-acceptance", "actions", "applied, not a legal action", shown)
            else:
                game.validate(after)
                self.tally("actions", "sound")

    def _bent(self, action: A) -> Any:
        """``action`` with one field of the wrong type, no fields at all, or something that is
        not an action; sometimes the action as it is."""
        roll = self.mutate.below(8)
        kind: Any = type(action)
        fields = attrs.fields(kind) if attrs.has(kind) else ()
        if roll == 0 or not fields:
            notation = self.game.notation(action)
            return self.mutate.pick((None, "pass", {"type": "pass"}, (), 0, notation))
        if roll == 1:
            return object.__new__(type(action))
        if roll == 2:
            return action
        name = self.mutate.pick(fields).name
        value = getattr(action, name)
        if attrs.has(type(value)) and attrs.fields(type(value)):
            inner = self.mutate.pick(attrs.fields(type(value))).name
            value = _with_field(value, inner, self._odd(getattr(value, inner)))
            return _with_field(action, name, value)
        return _with_field(action, name, self._odd(value))

    def _odd(self, value: Any) -> Any:
        """A value of another type that may still compare equal to ``value``."""
        if type(value) is int:
            return self.mutate.pick((float(value), value == 1, str(value), [value], None))
        if type(value) is str:
            return self.mutate.pick(([value], value.encode(), 0, None, (value,)))
        if type(value) is tuple:
            return self.mutate.pick((list(value), None, "x"))
        return self.mutate.pick((None, [value], "x", 1.5))

    def positions(self, texts: dict[str, list[str]], count: int) -> None:
        """What is not a state, given where one belongs: ``apply`` and ``step`` must raise
        :class:`~tabletop_rules.PositionTypeError`; ``legal_actions`` and ``is_legal`` too, but
        for a view, which they accept."""
        game = self.game
        for state in self.picks(texts, count):
            action = game.legal_actions(state)[0]
            seat = self.mutate.below(game.seat_count(state))
            others: tuple[Any, ...] = (
                game.view(state, seat),
                json.loads(game.dumps(state)),
                game.dumps(state),
                None,
                action,
                getattr(state, "config", 0),
                [state],
            )
            value = self.mutate.pick(others)
            name = self.mutate.pick(("apply", "step", "legal_actions", "is_legal"))
            function: Callable[..., Any] = getattr(game, name)
            arguments = (value,) if name == "legal_actions" else (value, action)
            accepts_view = name in ("legal_actions", "is_legal")
            shown = f"{name}({type(value).__name__})"
            viewed = accepts_view and type(value) is game.view_type
            wrong = "a view was refused" if viewed else None
            done, _ = self.attempt(
                "positions", shown, partial(function, *arguments), PositionTypeError, wrong
            )
            if not done:
                continue
            if viewed:
                self.tally("positions", "sound")
            else:
                self.counted("wrong-acceptance", "positions", "accepted", shown)

    def _mutate_notation(self, text: str) -> str:
        roll = self.mutate.below(6)
        i = self.mutate.below(len(text) + 1)
        if roll == 0:
            return text[:i]
        if roll == 1:
            return text[:i] + "9" * self.mutate.pick((1, 8, 5_000)) + text[i:]
        if roll == 2:
            return text[:i] + chr(self.mutate.below(0x3000)) + text[i + 1 :]
        if roll == 3:
            return text + text
        if roll == 4:
            return "-" + text
        return " " * self.mutate.below(3) + text.upper() + "\t"


def _with_field(value: T, name: str, new: Any) -> T:
    """A copy of ``value`` holding ``new`` in field ``name``, made without its constructor."""
    changed = shallow_copy(value)
    object.__setattr__(changed, name, new)
    return changed


def _same(a: Any, b: Any) -> bool:
    """Equal in value and in the type of every field, all the way down."""
    if type(a) is not type(b):
        return False
    if attrs.has(type(a)):
        return all(_same(getattr(a, f.name), getattr(b, f.name)) for f in attrs.fields(type(a)))
    if type(a) is tuple:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _safe(value: Any) -> str:
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__name__} built without its fields>"


def fuzz_game(
    game: Game[S, A],
    *,
    games: int = 100,
    loads: int = 2_000,
    content: Sequence[tuple[str, str, Callable[[str], Any]]] = (),
    content_mutants: int = 500,
    notations: int = 500,
    actions: int = 500,
    positions: int = 200,
    configs: Sequence[Any] = (None,),
    oracle: Callable[[S], None] | None = None,
    seed: int = 0,
    time_limit: float | None = 0.25,
    per_kb: float = 0.02,
    longest: int = 10_000,
    saves: int = 0,
    start: Callable[[Any, int], S] | None = None,
) -> FuzzReport:
    """Fuzz a game's readers: ``loads`` of every kind, its content loaders, ``parse_action``, and
    the functions that take an action or a position (``is_legal``, ``apply``, ``step``,
    ``legal_actions``).

    The rules of the check: reading a mutant raises nothing but
    :class:`~tabletop_rules.StateFormatError` (``loads``),
    :class:`~tabletop_rules.ContentError` (content loaders) or ``ValueError``
    (``parse_action``); a mutant that is read must round-trip through ``dumps``/``loads``; a
    state must list each legal action once, and each seat's view of it must round-trip and be
    dealt out again by ``redeal`` into a state showing the same view; a view must be dealt out
    again the same way; states (a view's redealt one included) and records must play on to the
    end, within ``longest`` answers, with legal actions, views and an outcome, and satisfy the
    ``oracle``; and no read takes longer than ``time_limit + per_kb × size in kB`` seconds.

    Args:
        game: the game to fuzz.
        games: random games played to collect the texts to mutate.
        loads: mutated saves to read.
        content: ``(name, text, loader)`` triples: a content file's text and the function that
            reads such text (it must raise only :class:`~tabletop_rules.ContentError`).
        content_mutants: mutated content files to read.
        notations: mutated notations to parse.
        actions: mutated actions to give ``is_legal`` and ``apply``.
        positions: values that are not states to give where a state belongs.
        configs: the configs to play, in turn (``None`` is the default config).
        oracle: an independent check of every state that was read (on its own or as a record's
            start): raise ``AssertionError`` when it is not a state the rules can reach. Without
            it, "nothing wrong accepted" rests on the round trip and playing on.
        seed: the seed of the whole run; the same seed fuzzes the same mutants.
        time_limit: seconds any read may take, beyond the allowance per kilobyte; ``None``
            reports no read as slow (the report still gives the slowest), as a test should
            on a machine whose load it does not know.
        per_kb: seconds allowed per kilobyte of input.
        longest: answers a game played on from an accepted mutant may take before it is
            reported as never ending.
        saves: random games (taking ``configs`` in turn) in which every state and every seat's
            view reached must save and load back equal (:func:`check_saves`); each state or
            view is an input of the ``saves`` part, and a game that fails is an ``unsavable``
            finding.
        start: ``start(config, seed) -> state``, where those games begin (default:
            ``new_game``), as in :func:`check_saves`.

    Returns:
        FuzzReport: the counts, the slowest reads and every finding.
    """
    fuzzer = _Fuzzer(game, Rng.from_seed(seed), time_limit, per_kb, oracle, longest)
    texts = fuzzer.collect(games, list(configs), seed)
    fuzzer.saves(list(configs), saves, seed, start)
    fuzzer.loads(texts, loads)
    if content:
        fuzzer.content(content, content_mutants)
    fuzzer.notations(texts, notations)
    fuzzer.actions(texts, actions)
    fuzzer.positions(texts, positions)
    return FuzzReport(
        games=games,
        loads=loads,
        accepted=fuzzer.accepted,
        content=content_mutants if content else 0,
        notations=notations,
        slowest=fuzzer.slowest,
        slowest_per_kb=fuzzer.slowest_per_kb,
        findings=tuple(fuzzer.findings),
        actions=actions,
        positions=positions,
        parts=tuple(FuzzPart(name, *counts) for name, counts in sorted(fuzzer.parts.items())),
    )
