"""The conformance check: random games played with the shared contract checked at every step."""

from __future__ import annotations

import contextlib
import importlib.util
import math
from array import array as float32s
from collections.abc import Callable, Iterator, Sequence
from copy import copy as shallow_copy
from fractions import Fraction
from typing import Any, Generic, TypeVar

import attrs

from .._errors import IllegalActionError, PositionTypeError
from .._game import Game
from .._play import sample_chance
from .._rng import Rng
from .._spaces import flatten, shape_of
from .._values import CHANCE, Decision, Outcome, Seat, Step
from ._report import ConformanceError, ConformanceReport, _short

S = TypeVar("S")
A = TypeVar("A")

# The names of the checks; each is described in the public face, tabletop_rules.testing.
CHECKS: tuple[str, ...] = (
    "action-json",
    "apply-is-step",
    "chance",
    "determinism",
    "events",
    "illegal-actions",
    "is-legal",
    "legal-actions",
    "no-mutation",
    "notation",
    "outcome",
    "over-consistency",
    "round-trip",
    "spaces",
    "termination",
    "untrusted-input",
    "view-distinct",
    "view-leak",
    "view-redeal",
    "views",
)

_POOL_SIZE = 1024  # non-legal candidates remembered across the run
_POOL_ADD = 8  # legal actions of each state added to the pool
_ILLEGAL_SAMPLES = 4  # non-legal actions tried per state
_REDEAL_SEEDS = 2  # redeals per state and seat
_LEAK_SEEDS = 4  # redeals per state for each pair of seats still to prove no leak


def _with_field(action: A, name: str, value: Any) -> A:
    """A copy of ``action`` holding ``value`` in field ``name``, made without its constructor."""
    changed = shallow_copy(action)
    object.__setattr__(changed, name, value)
    return changed


def _differences(got: Any, expected: Any, path: str = "") -> list[str]:
    """Where two unequal values differ: attrs fields and tuple items, as dotted paths."""
    cls = type(got)
    if cls is type(expected) and attrs.has(cls):
        found = [
            line
            for field in attrs.fields(cls)
            if field.eq and getattr(got, field.name) != getattr(expected, field.name)
            for line in _differences(
                getattr(got, field.name), getattr(expected, field.name), f"{path}.{field.name}"
            )
        ]
        if found:
            return found
    elif cls is tuple and type(expected) is tuple and len(got) == len(expected):
        return [
            line
            for i, (a, b) in enumerate(zip(got, expected, strict=True))
            if a != b
            for line in _differences(a, b, f"{path}[{i}]")
        ]
    return [f"{path or 'value'}: {_short(got)} != {_short(expected)}"]


def _chooser(game_seed: int) -> Rng:
    """The generator that picks the actions of the random game played from ``game_seed``."""
    return Rng.from_seed(game_seed).split()[0]


@attrs.define
class _Pending(Generic[A]):
    """What is remembered of a state for the ``view-distinct`` check on the next one."""

    seat: Seat
    view: Any
    view_text: str
    state_text: str
    legal: tuple[A, ...]
    decision: Decision[Any] | None


class _Checker(Generic[S, A]):
    """Runs the per-step checks of one :func:`check_game` call."""

    def __init__(
        self,
        game: Game[S, A],
        config: Any,
        max_steps: int,
        illegal_actions: Callable[[S, Rng], Sequence[A]] | None,
        rng: Rng,
    ) -> None:
        self.game = game
        self.config = config
        self.max_steps = max_steps
        self.illegal_actions = illegal_actions
        self.rng = rng  # draws pool samples and redeal seeds; separate from the action choices
        self.counts: dict[str, int] = dict.fromkeys(CHECKS, 0)
        self.pool: list[A] = []
        self.pooled: set[A] = set()
        self.owed: dict[tuple[Seat, Seat], bool] = {}
        self.seed = 0
        self.index = 0
        known = game.config_type() if config is None else config
        self.space = None if game.action_space is None else game.action_space(known)
        self.shape = None if game.observation_shape is None else game.observation_shape(known)

    # -- helpers -------------------------------------------------------------------------------

    def fail(self, check: str, detail: str) -> ConformanceError:
        return ConformanceError(check, detail, seed=self.seed, step=self.index)

    @contextlib.contextmanager
    def checking(self, check: str, count: int = 1) -> Iterator[None]:
        """Count one use of ``check`` and turn unexpected exceptions into its failure."""
        self.counts[check] += count
        try:
            yield
        except ConformanceError:
            raise
        except Exception as exc:
            raise self.fail(check, f"raised {type(exc).__name__}: {exc}") from exc

    def expect_equal(self, check: str, what: str, got: Any, expected: Any) -> None:
        if got != expected:
            where = _differences(got, expected)
            more = f" (and {len(where) - 3} more)" if len(where) > 3 else ""
            raise self.fail(check, f"{what} differs: " + "; ".join(where[:3]) + more)

    def draw(self, n: int) -> int:
        value, self.rng = self.rng.below(n)
        return value

    # -- one game ------------------------------------------------------------------------------

    def play(self, game_seed: int) -> int:
        """Play and check one game; return the number of actions applied."""
        game = self.game
        self.seed = game_seed
        self.index = 0
        self.owed = {}
        chooser = _chooser(game_seed)
        with self.checking("determinism", 0):
            state = game.new_game(self.config, seed=game_seed)
            twin = game.new_game(self.config, seed=game_seed)
        pending: _Pending[A] | None = None
        while True:
            legal = self.check_legal_shape(state)
            over = self.check_over_consistency(state, legal)
            with self.checking("determinism"):
                self.expect_equal("determinism", "replayed state", twin, state)
                self.expect_equal(
                    "determinism", "digest of replayed state", game.digest(twin), game.digest(state)
                )
                self.expect_equal(
                    "determinism",
                    "legal_actions of replayed state",
                    game.legal_actions(twin),
                    legal,
                )
            text, copy = self.check_round_trip(state)
            if pending is not None:
                self.check_view_distinct(state, pending, over)
            seat = game.current_player(state)
            views = self.check_every_view(state, seat, legal)
            self.check_spaces(legal, views)
            if over:
                self.check_outcome(state)
                self.check_no_leak_left()
                self.counts["termination"] += 1
                return self.index
            if self.index >= self.max_steps:
                raise self.fail(
                    "termination", f"the game has not ended after max_steps={self.max_steps}"
                )
            if seat is None:  # pragma: no cover - check_over_consistency has ruled it out
                raise self.fail("over-consistency", "current_player changed between calls")
            legal_set = frozenset(legal)
            self.check_is_legal(state, legal)
            self.check_notation(state, legal)
            if seat == CHANCE:
                self.check_chance(state, legal)
            else:
                self.check_seat_to_act(state, views[seat], legal)
            self.check_illegal(state, legal_set)
            self.check_untrusted(state, seat, legal, views)
            self.remember(legal)

            self.unchanged(state, text, copy, "the checks before apply")

            if seat == CHANCE:
                with self.checking("chance", 0):
                    action, chooser = sample_chance(game, state, chooser)
            else:
                action, chooser = chooser.choice(legal)
            self.check_action_json(action)
            with self.checking("apply-is-step"):
                after = game.apply(state, action)
                self.unchanged(state, text, copy, "apply")
                stepped = game.step(state, action)
                self.unchanged(state, text, copy, "step")
                self.expect_equal("apply-is-step", "step(s, a).state", stepped.state, after)
            self.check_events(stepped, views)
            with self.checking("round-trip", 0):
                resumed = game.apply(copy, action)
                self.expect_equal(
                    "round-trip", "apply after loads(dumps(s)) (RNG not carried?)", resumed, after
                )
            with self.checking("determinism", 0):
                twin = game.apply(twin, action)
            pending = None
            if seat != CHANCE:
                with self.checking("view-distinct", 0):
                    pending = _Pending(
                        seat,
                        views[seat],
                        game.render_text(views[seat]),
                        game.render_text(state),
                        legal,
                        game.decision(state),
                    )
            state = after
            self.index += 1

    def unchanged(self, state: S, text: str, copy: S, culprit: str) -> None:
        """Fail ``no-mutation`` unless ``state`` still equals ``copy`` and dumps as ``text``."""
        self.counts["no-mutation"] += 1
        if self.game.dumps(state) != text:
            raise self.fail("no-mutation", f"{culprit} changed the dumps of its input state")
        if state != copy:
            raise self.fail("no-mutation", f"{culprit} changed its input state")

    # -- the checks ----------------------------------------------------------------------------

    def check_legal_shape(self, state: S) -> tuple[A, ...]:
        with self.checking("legal-actions"):
            legal = self.game.legal_actions(state)
            if type(legal) is not tuple:
                raise self.fail(
                    "legal-actions", f"legal_actions returned a {type(legal).__name__}, not a tuple"
                )
            try:
                distinct = len(set(legal))
            except TypeError as exc:
                raise self.fail("legal-actions", f"actions must be hashable ({exc})") from exc
            if distinct != len(legal):
                seen: set[A] = set()
                for action in legal:
                    if action in seen:
                        raise self.fail(
                            "legal-actions", f"legal_actions lists {_short(action)} twice"
                        )
                    seen.add(action)
        return legal

    def check_over_consistency(self, state: S, legal: tuple[A, ...]) -> bool:
        game = self.game
        with self.checking("over-consistency"):
            over = game.is_over(state)
            if type(over) is not bool:
                raise self.fail("over-consistency", f"is_over returned {_short(over)}, not a bool")
            seat = game.current_player(state)
            outcome = game.outcome(state)
            decision = game.decision(state)
            if over:
                if legal:
                    raise self.fail("over-consistency", "the game is over but has legal actions")
                if seat is not None:
                    raise self.fail("over-consistency", f"over, yet current_player is {seat!r}")
                if outcome is None:
                    raise self.fail("over-consistency", "over, yet outcome is None")
                if decision is not None:
                    raise self.fail("over-consistency", f"over, yet decision is {_short(decision)}")
            else:
                if not legal:
                    raise self.fail("over-consistency", "not over, yet legal_actions is empty")
                if type(seat) is not int or (seat < 0 and seat != CHANCE):
                    raise self.fail("over-consistency", f"not over, yet current_player is {seat!r}")
                if (seat == CHANCE) != bool(game.chance_outcomes(state)):
                    raise self.fail(
                        "over-consistency",
                        "chance_outcomes must be non-empty exactly when the chance seat acts"
                        f" (current_player is {seat!r})",
                    )
                if outcome is not None:
                    raise self.fail(
                        "over-consistency", f"not over, yet outcome is {_short(outcome)}"
                    )
                if decision is None:
                    raise self.fail("over-consistency", "not over, yet decision is None")
                if decision.seat != seat:
                    raise self.fail(
                        "over-consistency",
                        f"decision.seat is {decision.seat!r} but current_player is {seat!r}",
                    )
        return over

    def check_round_trip(self, state: S) -> tuple[str, S]:
        game = self.game
        with self.checking("round-trip"):
            text = game.dumps(state)
            if not isinstance(text, str):
                raise self.fail("round-trip", f"dumps returned a {type(text).__name__}, not a str")
            copy: S = game.loads(text)
            self.expect_equal("round-trip", "loads(dumps(s))", copy, state)
            self.expect_equal(
                "round-trip", "digest after loads", game.digest(copy), game.digest(state)
            )
            if game.dumps(copy) != text:
                raise self.fail("round-trip", "dumps(loads(text)) differs from text")
        return text, copy

    def check_outcome(self, state: S) -> None:
        with self.checking("outcome"):
            outcome = self.game.outcome(state)
            if not isinstance(outcome, Outcome):
                raise self.fail("outcome", f"outcome is {_short(outcome)}, not an Outcome")
            returns, winners = outcome.returns, outcome.winners
            if type(returns) is not tuple or not returns:
                raise self.fail("outcome", f"returns must be a non-empty tuple: {returns!r}")
            if type(winners) is not tuple or any(
                type(w) is not int or not 0 <= w < len(returns) for w in winners
            ):
                raise self.fail("outcome", f"winners {winners!r} are not seats of {returns!r}")

    def check_is_legal(self, state: S, legal: tuple[A, ...]) -> None:
        is_legal = self.game.is_legal
        with self.checking("is-legal", len(legal)):
            for action in legal:
                reason = is_legal(state, action)
                if reason is not None:
                    raise self.fail(
                        "is-legal", f"legal action {_short(action)} reported illegal: {reason!r}"
                    )

    def check_notation(self, state: S, legal: tuple[A, ...]) -> None:
        notation, parse = self.game.notation, self.game.parse_action
        with self.checking("notation", len(legal)):
            for action in legal:
                text = notation(action)
                if not isinstance(text, str) or not text:
                    raise self.fail("notation", f"notation({_short(action)}) gave {text!r}")
                back = parse(state, text)
                if back != action:
                    raise self.fail(
                        "notation",
                        f"parse_action(s, {text!r}) gave {_short(back)}, not {_short(action)}",
                    )

    def check_every_view(
        self, state: S, acting: Seat | None, legal: tuple[A, ...]
    ) -> dict[Seat, Any]:
        """The view of every seat: its ``seat``, its JSON, its redeals; what the redeals say of
        other seats' private knowledge (``view-leak``). Returns the views by seat."""
        game = self.game
        views: dict[Seat, Any] = {}
        with self.checking("views"):
            count = game.seat_count(state)
            if type(count) is not int or count < 1:
                raise self.fail("views", f"seat_count gave {count!r}")
            for seat in range(count):
                view = game.view(state, seat)
                if getattr(view, "seat", None) != seat:
                    raise self.fail(
                        "views", f"view(s, {seat}).seat is {getattr(view, 'seat', None)!r}"
                    )
                back = game.loads(game.dumps(view), game.view_type)
                self.expect_equal("views", f"loads(dumps(view of seat {seat}))", back, view)
                views[seat] = view
        for seat, view in views.items():
            dealt = self.check_redeal(view, seat, acting, legal)
            self.check_leaks(state, seat, views, dealt)
        return views

    def check_spaces(self, legal: tuple[A, ...], views: dict[Seat, Any]) -> None:
        """For a game with an action space, every legal action has a number that leads back to
        it, and the mask marks exactly those; with observations, every seat's view encodes to
        the config's shape, in finite numbers."""
        game, space, shape = self.game, self.space, self.shape
        if space is not None:
            with self.checking("spaces", len(legal)):
                numbers = []
                for action in legal:
                    index = space.index(action)
                    if space.action(index) != action:
                        raise self.fail("spaces", f"action({index}) != {action!r}")
                    numbers.append(index)
                if space.indices(legal) != tuple(numbers):
                    raise self.fail("spaces", "indices(legal) differs from index of each action")
                mask = space.mask(legal)
                if len(mask) != space.size or sum(mask) != len(set(legal)):
                    raise self.fail("spaces", "the mask does not mark exactly the legal actions")
        if game.observation is not None and shape is not None:
            with self.checking("spaces", len(views)):
                for seat, view in views.items():
                    observation = game.observation(view)
                    if shape_of(observation) != tuple(shape):
                        raise self.fail("spaces", f"observation of seat {seat}: not {shape}")
                    values = flatten(observation)
                    if not all(math.isfinite(x) for x in values):
                        raise self.fail("spaces", f"observation of seat {seat}: not finite")
                    self.check_observation_extras(seat, view, values)

    def check_observation_extras(self, seat: Seat, view: Any, values: tuple[float, ...]) -> None:
        """The observation stays within ``observation_bounds``, and ``observation_array``
        (when NumPy is installed) holds the same numbers, as ``float32``."""
        game = self.game
        if game.observation_bounds is not None:
            low, high = game.observation_bounds(view.config)
            if values and not low <= min(values) <= max(values) <= high:
                raise self.fail(
                    "spaces",
                    f"observation of seat {seat}: numbers from {min(values)} to {max(values)} "
                    f"leave observation_bounds ({low}, {high})",
                )
        if game.observation_array is not None and importlib.util.find_spec("numpy") is not None:
            array = game.observation_array(view)
            if array.dtype.name != "float32" or array.shape != tuple(self.shape or ()):
                raise self.fail("spaces", f"observation_array of seat {seat}: wrong type or shape")
            if array.ravel().tolist() != float32s("f", values).tolist():
                raise self.fail("spaces", f"observation_array of seat {seat} != observation")

    def check_seat_to_act(self, state: S, view: Any, legal: tuple[A, ...]) -> None:
        """The acting seat's view answers like the state: legal actions, decision, parsing."""
        game = self.game
        with self.checking("views"):
            self.expect_equal("views", "legal_actions(view)", game.legal_actions(view), legal)
            self.expect_equal("views", "decision(view)", game.decision(view), game.decision(state))
            notation = game.notation(legal[0])
            self.expect_equal(
                "views",
                f"parse_action(view, {notation!r})",
                game.parse_action(view, notation),
                legal[0],
            )

    def check_redeal(
        self, view: Any, seat: Seat, acting: Seat | None, legal: tuple[A, ...]
    ) -> list[S]:
        """Redeals of ``seat``'s view: reproducible, the same view and seat to act, and for the
        acting seat the same legal actions. Returns the redealt states."""
        game = self.game
        dealt_states = []
        with self.checking("view-redeal", _REDEAL_SEEDS):
            for i in range(_REDEAL_SEEDS):
                redeal_seed = self.draw(1 << 32)
                dealt = game.redeal(view, redeal_seed)
                dealt_states.append(dealt)
                what = f"redeal(view of seat {seat}, {redeal_seed})"
                if i == 0:
                    self.expect_equal(
                        "view-redeal", f"{what} twice", game.redeal(view, redeal_seed), dealt
                    )
                self.expect_equal("view-redeal", f"view of {what}", game.view(dealt, seat), view)
                self.expect_equal(
                    "view-redeal", f"current_player of {what}", game.current_player(dealt), acting
                )
                if seat == acting:
                    self.expect_equal(
                        "view-redeal", f"legal_actions of {what}", game.legal_actions(dealt), legal
                    )
        return dealt_states

    def check_leaks(self, state: S, seat: Seat, views: dict[Seat, Any], dealt: list[S]) -> None:
        """Credit each pair (``seat``, t) still owed a proof that ``seat``'s view does not carry
        what t learned privately: a redeal of ``seat``'s view that changes t's view."""
        open_pairs = [t for (s, t), done in self.owed.items() if s == seat and not done]
        if not open_pairs:
            return
        game = self.game
        with self.checking("view-leak", len(open_pairs)):
            extra = [game.redeal(views[seat], self.draw(1 << 32)) for _ in range(_LEAK_SEEDS)]
            for other in open_pairs:
                if any(game.view(d, other) != views[other] for d in (*dealt, *extra)):
                    self.owed[(seat, other)] = True

    def check_no_leak_left(self) -> None:
        """At the end of a game, every pair owed a proof must have had one."""
        with self.checking("view-leak", 0):
            for (seat, other), done in sorted(self.owed.items()):
                if not done:
                    raise self.fail(
                        "view-leak",
                        f"seat {other} learned something privately (an event seen by it and not"
                        f" by seat {seat}), but no redeal of seat {seat}'s view in any later state"
                        f" changed seat {other}'s view: seat {seat}'s view carries seat {other}'s"
                        " hidden information",
                    )

    def check_chance(self, state: S, legal: tuple[A, ...]) -> None:
        """A chance decision: its seat and kind, exact probabilities summing to 1 in the order of
        ``legal_actions``, and every outcome applies."""
        game = self.game
        with self.checking("chance"):
            decision = game.decision(state)
            if decision is None or decision.kind != "chance":
                raise self.fail(
                    "chance", f"the chance seat acts, but decision is {_short(decision)}"
                )
            outcomes = game.chance_outcomes(state)
            if type(outcomes) is not tuple or not outcomes:
                raise self.fail("chance", f"chance_outcomes gave {_short(outcomes)}")
            actions = tuple(action for action, _ in outcomes)
            self.expect_equal("chance", "the actions of chance_outcomes", actions, legal)
            total = Fraction(0)
            for action, probability in outcomes:
                if type(probability) is not Fraction or not 0 < probability <= 1:
                    raise self.fail("chance", f"{_short(action)} has probability {probability!r}")
                total += probability
            if total != 1:
                raise self.fail("chance", f"the probabilities sum to {total}, not 1")
            for action in legal:
                game.apply(state, action)

    def check_view_distinct(self, state: S, pending: _Pending[A], over: bool) -> None:
        game = self.game
        with self.checking("view-distinct"):
            seat = pending.seat
            view = game.view(state, seat)
            if view != pending.view:
                return
            same = f"seat {seat}'s views before and after the last action are equal, but"
            if game.render_text(state) != pending.state_text:
                raise self.fail("view-distinct", f"{same} render_text of the states differs")
            if game.render_text(view) != pending.view_text:
                raise self.fail("view-distinct", f"{same} render_text of the views differs")
            if not over and game.current_player(state) == seat:
                if game.legal_actions(view) != pending.legal:
                    raise self.fail("view-distinct", f"{same} the legal actions differ")
                if game.decision(state) != pending.decision:
                    raise self.fail("view-distinct", f"{same} the decision differs")

    def check_illegal(self, state: S, legal_set: frozenset[A]) -> None:
        candidates: list[A] = []
        if self.pool:
            for _ in range(3 * _ILLEGAL_SAMPLES):
                action = self.pool[self.draw(len(self.pool))]
                if action not in legal_set and action not in candidates:
                    candidates.append(action)
                    if len(candidates) == _ILLEGAL_SAMPLES:
                        break
        if self.illegal_actions is not None:
            with self.checking("illegal-actions", 0):
                extra, self.rng = self.rng.split()
                candidates.extend(
                    a for a in self.illegal_actions(state, extra) if a not in legal_set
                )
        if not candidates:
            return
        game = self.game
        with self.checking("illegal-actions", len(candidates)):
            for action in candidates:
                reason = game.is_legal(state, action)
                if not isinstance(reason, str) or not reason:
                    raise self.fail(
                        "illegal-actions",
                        f"is_legal gave {reason!r} for {_short(action)}, which is not in"
                        " legal_actions",
                    )
                for name, function in (("apply", game.apply), ("step", game.step)):
                    try:
                        function(state, action)
                    except IllegalActionError as exc:
                        if exc.action != action:
                            raise self.fail(
                                "illegal-actions",
                                f"{name} raised IllegalActionError with .action"
                                f" {_short(exc.action)}, not {_short(action)}",
                            ) from exc
                        if not isinstance(exc.reason, str) or not exc.reason:
                            raise self.fail(
                                "illegal-actions",
                                f"IllegalActionError.reason is {exc.reason!r}",
                            ) from exc
                    else:
                        raise self.fail(
                            "illegal-actions",
                            f"{name} accepted {_short(action)}, which is not in legal_actions"
                            f" (is_legal: {reason!r})",
                        )

    def check_untrusted(
        self, state: S, seat: Seat, legal: tuple[A, ...], views: dict[Seat, Any]
    ) -> None:
        """Input a front end might pass on: a legal action with a field of the wrong type (a
        ``float`` for an ``int``, a list for anything), an answer from a seat that is not asked,
        a view where a state belongs. Each must be refused with a typed error."""
        game = self.game
        action = legal[0]
        kind: Any = type(action)
        fields = attrs.fields(kind) if attrs.has(kind) else ()
        wrong: list[A] = []
        for field in fields:
            value = getattr(action, field.name)
            if type(value) is int:
                wrong.append(_with_field(action, field.name, float(value)))
            wrong.append(_with_field(action, field.name, [value]))
        others = [s for s in (*views, CHANCE) if s != seat]
        with self.checking("untrusted-input", len(wrong) + len(others) + 1):
            for bad in wrong:
                reason = game.is_legal(state, bad)
                if not isinstance(reason, str) or not reason:
                    raise self.fail("untrusted-input", f"is_legal accepted {_short(bad)}")
                try:
                    game.apply(state, bad)
                except IllegalActionError:
                    pass
                else:
                    raise self.fail("untrusted-input", f"apply accepted {_short(bad)}")
            for other in others:
                try:
                    game.step(state, action, seat=other)
                except IllegalActionError:
                    pass
                else:
                    raise self.fail("untrusted-input", f"seat {other} answered for seat {seat}")
            try:
                game.apply(views[next(iter(views))], action)
            except PositionTypeError:
                pass
            except Exception as exc:
                raise self.fail(
                    "untrusted-input", f"apply(view) raised {type(exc).__name__}, not a typed error"
                ) from exc
            else:
                raise self.fail("untrusted-input", "apply played on a view")

    def remember(self, legal: tuple[A, ...]) -> None:
        """Add a few of this state's legal actions to the pool of later non-legal candidates."""
        for _ in range(min(_POOL_ADD, len(legal))):
            action = legal[self.draw(len(legal))]
            if action in self.pooled:
                continue
            if len(self.pool) < _POOL_SIZE:
                self.pool.append(action)
            else:
                slot = self.draw(_POOL_SIZE)
                self.pooled.discard(self.pool[slot])
                self.pool[slot] = action
            self.pooled.add(action)

    def check_action_json(self, action: A) -> None:
        game = self.game
        with self.checking("action-json"):
            back = game.loads(game.dumps(action), type(action))
            self.expect_equal("action-json", "loads(dumps(action))", back, action)

    def check_events(self, stepped: Step[S, Any], views: dict[Seat, Any]) -> None:
        """Events: ``seen_by`` well formed, JSON round trip, ``events_for`` a subset; an event
        seen by some seats only makes the others owe a ``view-leak`` proof."""
        game = self.game
        with self.checking("events"):
            if type(stepped.events) is not tuple:
                raise self.fail("events", "Step.events must be a tuple")
            for event in stepped.events:
                seen_by = getattr(event, "seen_by", ())
                if seen_by is not None and (
                    type(seen_by) is not tuple or any(type(s) is not int for s in seen_by)
                ):
                    raise self.fail(
                        "events", f"{_short(event)}.seen_by must be None or a tuple of seats"
                    )
                back = game.loads(game.dumps(event), type(event))
                self.expect_equal("events", "loads(dumps(event))", back, event)
                if seen_by is not None:
                    for other in seen_by:
                        for seat in views:
                            if seat not in seen_by and other in views:
                                self.owed.setdefault((seat, other), False)
            for seat in views:
                visible = stepped.events_for(seat)
                if any(e not in stepped.events for e in visible):
                    raise self.fail("events", "events_for returned an event not in events")


def check_game(
    game: Game[S, A],
    *,
    games: int = 20,
    seed: int = 0,
    config: Any = None,
    configs: Sequence[Any] | None = None,
    max_steps: int = 10_000,
    illegal_actions: Callable[[S, Rng], Sequence[A]] | None = None,
) -> ConformanceReport:
    """Play ``games`` random games of ``game`` and check the shared contract at every step.

    Game ``i`` is set up with ``game.new_game(config, seed=seed + i)``. Its actions are drawn
    with :meth:`~tabletop_rules.Rng.choice`, and its chance decisions with
    :func:`~tabletop_rules.sample_chance`, from a generator derived from that seed alone, so a
    failure in the game with seed ``n`` is reproduced by ``check_game(game, seed=n, games=1)``
    (with the failing config). The checks are listed in :data:`CHECKS`; the cheap ones run for
    every legal action, the rest once per state and seat.

    Args:
        game: the game to check.
        games: how many games to play (per config).
        seed: the seed of the first game.
        config: the config passed to ``new_game`` (``None``: the game's default).
        configs: several configs, each played ``games`` times (every seat count, both chance
            modes …); not together with ``config``.
        max_steps: the most actions a game may take before the check fails (``termination``).
        illegal_actions: optional hook ``(state, rng) -> actions`` proposing actions that should be
            illegal in ``state``; those that are in fact legal there are ignored. Without it the
            check still tries actions that were legal in other states of the run.

    Returns:
        ConformanceReport: how many games, steps and checks were run, over all configs.

    Raises:
        ConformanceError: the first broken rule, naming the check, the game seed, the step and,
            with ``configs``, the config.
        ValueError: ``games`` or ``max_steps`` is negative, or both ``config`` and ``configs``
            are given.
    """
    if games < 0 or max_steps < 0:
        raise ValueError("games and max_steps must not be negative")
    if configs is not None and config is not None:
        raise ValueError("give config or configs, not both")
    plan = list(configs) if configs is not None else [config]
    rng = Rng.from_seed(seed).split()[1]
    counts = dict.fromkeys(CHECKS, 0)
    steps = 0
    for chosen in plan:
        checker = _Checker(game, chosen, max_steps, illegal_actions, rng)
        try:
            for i in range(games):
                steps += checker.play(seed + i)
        except ConformanceError as exc:
            if configs is None:
                raise
            raise ConformanceError(
                exc.check, f"{exc.detail} (config {_short(chosen)})", seed=exc.seed, step=exc.step
            ) from exc
        rng = checker.rng
        for name, count in checker.counts.items():
            counts[name] += count
    return ConformanceReport(games=games * len(plan), steps=steps, checks=counts)
