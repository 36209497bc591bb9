"""tabletop_rules.testing: the conformance check passes a good game and catches each kind of bug.

Every broken variant of the count-to-N fixture game below breaks one rule of the contract on
purpose, and the check must name that rule.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
import tests.test_core.countgame as cg
import tests.test_core.handgame as hg
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.test_core.countgame import GAME, Add, State, View

from tabletop_rules import (
    Decision,
    Game,
    IllegalActionError,
    Outcome,
    Record,
    Rng,
    Seat,
    Step,
    TableSpace,
    check_position,
    check_seat,
    replay,
)
from tabletop_rules.testing import (
    CHECKS,
    ConformanceError,
    ConformanceReport,
    action_sequences,
    check_game,
    check_hash_seed_independence,
    finished_games,
    fuzz_game,
    seeds,
    states,
)

ROOT = Path(__file__).resolve().parents[2]

CountGame = Game[State, Add]


def broken(**functions: Any) -> CountGame:
    return GAME.replace(**functions)


# -- the good game ------------------------------------------------------------------------------


def test_good_game_passes() -> None:
    report = check_game(GAME, games=20, seed=0)
    assert isinstance(report, ConformanceReport)
    assert report.games == 20
    assert report.steps > 20 * 3
    assert set(report.checks) == set(CHECKS)
    # one seat and no explicit chance: nothing to leak, no chance decisions (see the hand game)
    # the one-seat test game has neither chance nor an action space
    assert all(report.checks[name] > 0 for name in set(CHECKS) - {"chance", "view-leak", "spaces"})
    assert report.checks["termination"] == 20
    assert report.checks["is-legal"] >= report.steps
    assert "20 games" in str(report)


def test_report_is_frozen() -> None:
    report = check_game(GAME, games=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        report.games = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        report.checks["views"] = 0  # type: ignore[index]


def test_same_arguments_same_report() -> None:
    assert check_game(GAME, games=5, seed=9) == check_game(GAME, games=5, seed=9)


def test_config_is_passed_to_new_game() -> None:
    short = check_game(GAME, games=5, config=cg.Config(target=3, copies=1))
    assert short.steps < check_game(GAME, games=5).steps


def test_zero_games() -> None:
    report = check_game(GAME, games=0)
    assert (report.games, report.steps) == (0, 0)


def test_negative_arguments_are_rejected() -> None:
    with pytest.raises(ValueError, match="negative"):
        check_game(GAME, games=-1)


def test_illegal_actions_hook_is_used() -> None:
    asked: list[int] = []

    def hook(state: State, rng: Rng) -> Sequence[Add]:
        asked.append(state.turn)
        value, _ = rng.randint(0, 9)
        return [Add(value), Add(-1), Add(1)]  # Add(1) may be legal: it is then ignored

    with_hook = check_game(GAME, games=3, illegal_actions=hook)
    without = check_game(GAME, games=3)
    assert asked
    assert with_hook.checks["illegal-actions"] > without.checks["illegal-actions"]


def test_conformance_error_is_an_assertion_error() -> None:
    err = ConformanceError("views", "differ", seed=4, step=2)
    assert isinstance(err, AssertionError)
    assert (err.check, err.detail, err.seed, err.step) == ("views", "differ", 4, 2)
    assert str(err) == "[views] game seed 4, step 2: differ"
    assert str(ConformanceError("hash-seed", "x")) == "[hash-seed] x"


# -- each check can fail ------------------------------------------------------------------------


def mutating_apply(state: State, action: Add) -> State:
    after = cg.apply(state, action)
    object.__setattr__(state, "turn", state.turn + 100)  # BROKEN: writes into a frozen state
    return after


_calls = itertools.count()


def unstable_legal_actions(sv: State | View) -> tuple[Add, ...]:
    legal = cg.legal_actions(sv)
    k = next(_calls) % max(len(legal), 1)
    return legal[k:] + legal[:k]  # BROKEN: the order changes from call to call


def off_by_one_apply(state: State, action: Add) -> State:
    return attrs.evolve(cg.apply(state, action), turn=state.turn + 2)  # BROKEN: not step().state


_seen: list[State] = []  # keeps the states alive so their ids are not reused


def _known(state: State) -> bool:
    return any(s is state for s in _seen)


def new_game_registered(config: cg.Config | None = None, *, seed: int) -> State:
    state = cg.new_game(config, seed=seed)
    _seen.append(state)
    return state


def identity_step(
    state: State, action: Add, *, seat: Seat | None = None
) -> Step[State, cg.CountEvent]:
    done = cg.step(state, action, seat=seat)
    if not _known(state):  # BROKEN: a state read back from JSON plays differently
        done = Step(attrs.evolve(done.state, total=done.state.total + 1), done.events)
    _seen.append(done.state)
    return done


def identity_apply(state: State, action: Add) -> State:
    return identity_step(state, action).state


def rng_dropping_loads(text: str, kind: Any = State) -> Any:
    value = cg.loads(text, kind)
    return attrs.evolve(value, rng=Rng(0)) if isinstance(value, State) else value


def never_illegal(state: State, action: Add) -> str | None:
    return None


def value_only_is_legal(state: State, action: Add) -> str | None:
    """Compares by value: ``Add(1.0) == Add(1)`` passes (BROKEN)."""
    return cg.is_legal(state, Add(int(action.value)))


def view_playing_step(
    state: State, action: Add, *, seat: Seat | None = None
) -> Step[State, cg.CountEvent]:
    """Never checks what it is given (BROKEN): a view fails deep inside, untyped."""
    if type(state) is not State:
        state.rng.below(2)  # a view has no generator: AttributeError
    return cg.step(state, action, seat=seat)


def view_playing_apply(state: State, action: Add) -> State:
    return view_playing_step(state, action).state


def no_threes(state: State, action: Add) -> str | None:
    return "R9: no threes" if action.value == 3 else cg.is_legal(state, action)


def lenient_step(
    state: State, action: Add, *, seat: Seat | None = None
) -> Step[State, cg.CountEvent]:
    if cg.is_legal(state, action) is not None:
        return Step(state, ())  # BROKEN: accepts an illegal action
    return cg.step(state, action, seat=seat)


def anonymous_step(
    state: State, action: Add, *, seat: Seat | None = None
) -> Step[State, cg.CountEvent]:
    try:
        return cg.step(state, action, seat=seat)
    except IllegalActionError as exc:
        raise IllegalActionError(exc.reason, None) from None  # BROKEN: drops the action


def value_error_step(
    state: State, action: Add, *, seat: Seat | None = None
) -> Step[State, cg.CountEvent]:
    check_seat(cg.current_player(state), seat, action)
    if cg.is_legal(state, action) is not None:
        raise ValueError("nope")  # BROKEN: not an IllegalActionError
    return cg.step(state, action, seat=seat)


def lenient_apply(state: State, action: Add) -> State:
    return lenient_step(state, action).state


def always_outcome(sv: State | View) -> Outcome | None:
    return Outcome((), (0.0,))


def always_seat_zero(sv: State | View) -> Seat | None:
    return 0


def wrong_seat_decision(sv: State | View) -> Decision[None] | None:
    found = cg.decision(sv)
    return None if found is None else attrs.evolve(found, seat=1)


def legal_actions_after_the_end(sv: State | View) -> tuple[Add, ...]:
    return cg.legal_actions(sv) or (Add(1),)


def bad_outcome(sv: State | View) -> Outcome | None:
    return None if not cg.is_over(sv) else Outcome((3,), (1.0,))


def leaky_view(state: State, seat: Seat) -> View:
    order = sum(i * card for i, card in enumerate(state.deck))  # BROKEN: encodes the deck order
    return attrs.evolve(cg.view(state, seat), deck_size=order)


def view_with_legal_actions_of_its_own(sv: State | View) -> tuple[Add, ...]:
    legal = cg.legal_actions(sv)
    return legal[::-1] if isinstance(sv, View) else legal


def view_without_json(obj: Any) -> str:
    if isinstance(obj, View):
        return cg.dumps(attrs.evolve(obj, turn=obj.turn + 1))
    return cg.dumps(obj)


def fresh_hand_redeal(v: View, seed: int) -> State:
    state = cg.new_game(v.config, seed=seed)  # BROKEN: ignores the view
    return attrs.evolve(state, total=v.total, turn=v.turn, played=v.played)


_redeals = itertools.count()


def unreproducible_redeal(v: View, seed: int) -> State:
    return cg.redeal(v, seed + next(_redeals))  # BROKEN: the same seed deals differently


def forgetful_view(state: State, seat: Seat) -> View:
    view = cg.view(state, seat)  # BROKEN: drops the visible total (until the end), turn, played
    return View(0, view.config, view.total if cg.is_over(state) else 0, view.hand, (), 0, 0)


def seatless_view(state: State, seat: Seat) -> View:
    return attrs.evolve(cg.view(state, seat), seat=7)  # BROKEN: names another seat


def duplicated_legal_actions(sv: State | View) -> tuple[Add, ...]:
    legal = cg.legal_actions(sv)
    return legal + legal[:1]


def listed_legal_actions(sv: State | View) -> tuple[Add, ...]:
    return list(cg.legal_actions(sv))  # type: ignore[return-value]


def lossy_notation(action: Add) -> str:
    return "+1"


def endless_is_over(sv: State | View) -> bool:
    return False


def endless_legal_actions(sv: State | View) -> tuple[Add, ...]:
    return cg.legal_actions(sv) if not cg.is_over(sv) else ()


def undumpable_event_step(
    state: State, action: Add, *, seat: Seat | None = None
) -> Step[State, Any]:
    done = cg.step(state, action, seat=seat)
    return Step(done.state, (*done.events, "not an event"))


def action_json_loads(text: str, kind: Any = State) -> Any:
    value = cg.loads(text, kind)
    return Add(value.value + 1) if isinstance(value, Add) else value


BROKEN: list[tuple[str, dict[str, Any], str]] = [
    ("mutating apply", {"apply": mutating_apply}, "no-mutation"),
    ("legal order changes per call", {"legal_actions": unstable_legal_actions}, "determinism"),
    ("apply is not step().state", {"apply": off_by_one_apply}, "apply-is-step"),
    ("loads drops the RNG", {"loads": rng_dropping_loads}, "round-trip"),
    (
        "a loaded state plays differently",
        {"new_game": new_game_registered, "step": identity_step, "apply": identity_apply},
        "round-trip",
    ),
    ("is_legal never objects", {"is_legal": never_illegal}, "untrusted-input"),
    ("a float passes for an int", {"is_legal": value_only_is_legal}, "untrusted-input"),
    (
        "a view is played on",
        {"step": view_playing_step, "apply": view_playing_apply},
        "untrusted-input",
    ),
    ("is_legal rejects a legal action", {"is_legal": no_threes}, "is-legal"),
    (
        "apply accepts illegal actions",
        {"step": lenient_step, "apply": lenient_apply},
        "untrusted-input",
    ),
    ("IllegalActionError without the action", {"step": anonymous_step}, "illegal-actions"),
    (
        "ValueError for an illegal action",
        {"step": value_error_step, "apply": cg.apply},
        "illegal-actions",
    ),
    ("outcome while running", {"outcome": always_outcome}, "over-consistency"),
    ("current_player after the end", {"current_player": always_seat_zero}, "over-consistency"),
    ("decision for another seat", {"decision": wrong_seat_decision}, "over-consistency"),
    (
        "legal actions after the end",
        {"legal_actions": legal_actions_after_the_end},
        "over-consistency",
    ),
    ("winner who is not a seat", {"outcome": bad_outcome}, "outcome"),
    ("view leaks the deck order", {"view": leaky_view}, "view-redeal"),
    ("redeal ignores the view", {"redeal": fresh_hand_redeal}, "view-redeal"),
    ("redeal not reproducible", {"redeal": unreproducible_redeal}, "view-redeal"),
    ("view forgets visible parts", {"view": forgetful_view}, "view-distinct"),
    (
        "legal actions of a view differ",
        {"legal_actions": view_with_legal_actions_of_its_own},
        "views",
    ),
    ("views do not round-trip", {"dumps": view_without_json}, "views"),
    ("a view names another seat", {"view": seatless_view}, "views"),
    ("duplicate legal actions", {"legal_actions": duplicated_legal_actions}, "legal-actions"),
    ("legal actions in a list", {"legal_actions": listed_legal_actions}, "legal-actions"),
    ("notation loses information", {"notation": lossy_notation}, "notation"),
    (
        "never ends",
        {"is_over": endless_is_over, "legal_actions": endless_legal_actions},
        "over-consistency",
    ),
    ("an event that is not one", {"step": undumpable_event_step}, "events"),
    ("actions do not round-trip", {"loads": action_json_loads}, "action-json"),
]


@pytest.mark.parametrize(
    ("functions", "check"), [pytest.param(f, c, id=name) for name, f, c in BROKEN]
)
def test_each_check_catches_its_bug(functions: dict[str, Any], check: str) -> None:
    assert check in CHECKS
    with pytest.raises(ConformanceError) as info:
        check_game(broken(**functions), games=20, seed=0)
    err = info.value
    assert err.check == check, str(err)
    assert err.seed is not None
    assert err.step is not None
    assert str(err).startswith(f"[{check}] game seed {err.seed}, step {err.step}: ")


# -- the fuzzer's actions and positions ------------------------------------------------------------


def test_the_fuzzer_gives_mutated_actions_and_non_states_and_counts_each_part() -> None:
    report = fuzz_game(
        GAME, games=6, loads=100, notations=50, actions=200, positions=100, seed=2, time_limit=None
    )
    assert report.findings == (), str(report)
    parts = {part.name: part for part in report.parts}
    assert parts["actions"].inputs == 200 and parts["positions"].inputs == 100
    for part in report.parts:
        assert part.refused + part.sound == part.inputs
    assert parts["actions"].refused > 0 and parts["actions"].sound > 0


@pytest.mark.parametrize(
    ("functions", "part", "what"),
    [
        ({"is_legal": value_only_is_legal}, "actions", "wrong-acceptance"),
        ({"step": view_playing_step, "apply": view_playing_apply}, "positions", "untyped-error"),
    ],
    ids=["a float passes for an int", "a view is played on"],
)
def test_the_fuzzer_finds_a_game_that_trusts_its_input(
    functions: dict[str, Any], part: str, what: str
) -> None:
    report = fuzz_game(broken(**functions), games=6, loads=0, notations=0, seed=2, time_limit=None)
    assert any(f.reader == part and f.what == what for f in report.findings), str(report)


def test_reads_are_timed_only_against_a_given_limit() -> None:
    # Every read takes more than no time at all, so a limit of 0 finds each one slow; without a
    # limit (as in tests, on a machine of unknown load) none is, and the slowest is still told.
    counts: dict[str, Any] = {"games": 2, "loads": 20, "notations": 0, "actions": 0, "positions": 0}
    timed = fuzz_game(GAME, seed=1, time_limit=0.0, per_kb=0.0, **counts)
    assert timed.findings and {f.what for f in timed.findings} == {"slow"}
    untimed = fuzz_game(GAME, seed=1, time_limit=None, **counts)
    assert untimed.findings == () and untimed.slowest > 0


# -- many seats and chance: the hidden-hand fixture ----------------------------------------------


def test_the_hand_game_passes_at_every_seat_count_in_both_chance_modes() -> None:
    report = check_game(hg.GAME, games=8, configs=hg.CONFIGS)
    assert report.games == 8 * len(hg.CONFIGS)
    assert all(report.checks[name] > 0 for name in CHECKS)


def half_probabilities(state: hg.State) -> tuple[tuple[hg.Action, Fraction], ...]:
    return tuple((a, p / 2) for a, p in hg.chance_outcomes(state))  # BROKEN: sums to 1/2


def reversed_outcomes(state: hg.State) -> tuple[tuple[hg.Action, Fraction], ...]:
    return hg.chance_outcomes(state)[::-1]  # BROKEN: not in the order of legal_actions


def float_probabilities(state: hg.State) -> tuple[tuple[hg.Action, Any], ...]:
    return tuple((a, float(p)) for a, p in hg.chance_outcomes(state))  # BROKEN: inexact


def unnamed_chance(sv: hg.State | hg.View) -> Decision[None] | None:
    found = hg.decision(sv)
    return None if found is None else attrs.evolve(found, kind="deal")  # BROKEN: kind


def no_outcomes(state: hg.State) -> tuple[tuple[hg.Action, Fraction], ...]:
    return ()  # BROKEN: chance acts but offers no probabilities


def space_without_block(config: hg.Config) -> TableSpace[hg.Action]:
    return TableSpace([a for a in hg.action_space(config) if a != hg.Block()])  # BROKEN


def short_observation(v: hg.View) -> tuple[float, ...]:
    return hg.observation(v)[:-1]  # BROKEN: one number short of observation_shape


def tight_bounds(config: hg.Config) -> tuple[float, float]:
    return 0.0, 0.5  # BROKEN: a card in hand is marked 1.0


def shifted_array(v: hg.View) -> Any:
    return hg.observation_array(v) + 1  # BROKEN: not the observation's numbers


BROKEN_MANY: list[tuple[str, dict[str, Any], str]] = [
    ("views show every hand", {"view": hg._leaky_view}, "view-leak"),
    ("views show the next card", {"view": hg._peeking_view}, "view-redeal"),
    ("probabilities sum to 1/2", {"chance_outcomes": half_probabilities}, "chance"),
    ("outcomes out of order", {"chance_outcomes": reversed_outcomes}, "chance"),
    ("probabilities are floats", {"chance_outcomes": float_probabilities}, "chance"),
    ("a chance decision of another kind", {"decision": unnamed_chance}, "chance"),
    ("chance acts without outcomes", {"chance_outcomes": no_outcomes}, "over-consistency"),
    ("an action space without Block", {"action_space": space_without_block}, "spaces"),
    ("observations one number short", {"observation": short_observation}, "spaces"),
    ("observations past their bounds", {"observation_bounds": tight_bounds}, "spaces"),
    ("an observation array of other numbers", {"observation_array": shifted_array}, "spaces"),
]


@pytest.mark.parametrize(
    ("functions", "check"), [pytest.param(f, c, id=name) for name, f, c in BROKEN_MANY]
)
def test_each_many_seat_check_catches_its_bug(functions: dict[str, Any], check: str) -> None:
    if "observation_array" in functions:
        pytest.importorskip("numpy")  # without NumPy the conformance check skips the arrays
    with pytest.raises(ConformanceError) as info:
        check_game(hg.GAME.replace(**functions), games=10, configs=hg.CONFIGS)
    assert info.value.check == check, str(info.value)
    assert "(config Config(" in str(info.value)


def test_a_leak_is_caught_at_every_seat_count() -> None:
    for seats in (2, 3, 4):
        with pytest.raises(ConformanceError) as info:
            check_game(hg.LEAKY_GAME, games=5, config=hg.Config(seats=seats))
        assert info.value.check == "view-leak"


def test_config_and_configs_are_exclusive() -> None:
    with pytest.raises(ValueError, match="not both"):
        check_game(hg.GAME, config=hg.Config(), configs=hg.CONFIGS)


def test_every_check_has_a_broken_variant() -> None:
    covered = {check for _, _, check in BROKEN + BROKEN_MANY} | {"termination"}
    assert covered == set(CHECKS)


def cycle(state: State, action: Add) -> State:
    check_position(state, (State,), "apply")
    reason = cg.is_legal(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    return attrs.evolve(state, turn=state.turn + 1)  # BROKEN: the total never grows


def cycle_step(
    state: State, action: Add, *, seat: Seat | None = None
) -> Step[State, cg.CountEvent]:
    check_seat(cg.current_player(state), seat, action)
    return Step(cycle(state, action), ())


def test_termination() -> None:
    # Never-ending play: the end functions agree with each other, so only max_steps catches it.
    with pytest.raises(ConformanceError) as info:
        check_game(broken(apply=cycle, step=cycle_step), games=1, max_steps=30)
    assert info.value.check == "termination"
    assert info.value.step == 30


def test_failure_is_reproducible_from_its_seed() -> None:
    game = broken(is_legal=no_threes)
    with pytest.raises(ConformanceError) as first:
        check_game(game, games=20, seed=100)
    seed = first.value.seed
    assert seed is not None
    with pytest.raises(ConformanceError) as again:
        check_game(game, games=1, seed=seed)
    assert (again.value.seed, again.value.step) == (seed, first.value.step)


def test_exceptions_inside_a_check_name_the_check() -> None:
    def exploding_render(sv: State | View) -> str:
        raise RuntimeError("boom")

    with pytest.raises(ConformanceError, match=r"raised RuntimeError: boom") as info:
        check_game(broken(render_text=exploding_render), games=1)
    assert isinstance(info.value.__cause__, RuntimeError)


# -- hash seeds ---------------------------------------------------------------------------------


@pytest.fixture
def importable_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the probe's fresh interpreters import ``tests.test_core.countgame``."""
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), path) if p))


@pytest.mark.usefixtures("importable_tests")
def test_hash_seed_independence_passes_a_good_game() -> None:
    check_hash_seed_independence("tests.test_core.countgame:GAME", seeds=(0, 1), games=2)


@pytest.mark.usefixtures("importable_tests")
def test_hash_seed_independence_with_a_config() -> None:
    check_hash_seed_independence(
        "tests.test_core.handgame:GAME",
        config=hg.Config(seats=3, chance="explicit"),
        seeds=(0,),
        games=2,
        hash_seeds=("0", "1"),
    )


@pytest.mark.usefixtures("importable_tests")
def test_hash_seed_independence_catches_hash_ordering() -> None:
    with pytest.raises(ConformanceError, match="differs between PYTHONHASHSEED") as info:
        check_hash_seed_independence(
            "tests.test_core.countgame:HASH_BROKEN_GAME", seeds=(0, 1, 2, 3), games=2
        )
    assert info.value.check == "hash-seed"
    assert "legal actions" in str(info.value)


def test_hash_seed_independence_reports_a_missing_game() -> None:
    with pytest.raises(ConformanceError, match="unknown game 'no-such-game'"):
        check_hash_seed_independence("no-such-game", hash_seeds=("0", "1"))


def test_hash_seed_independence_needs_two_seeds() -> None:
    with pytest.raises(ValueError, match="two"):
        check_hash_seed_independence("countgame", hash_seeds=("0",))


# -- strategies ---------------------------------------------------------------------------------


@settings(max_examples=25)
@given(seeds())
def test_seeds_are_u64(seed: int) -> None:
    assert 0 <= seed < 2**64
    cg.new_game(seed=seed)


@settings(max_examples=25)
@given(states(GAME))
def test_states_are_reachable_states(state: State) -> None:
    assert isinstance(state, State)
    assert GAME.loads(GAME.dumps(state)) == state


@settings(max_examples=25)
@given(states(GAME, cg.Config(target=30, copies=5), max_steps=3))
def test_states_respect_max_steps(state: State) -> None:
    assert state.turn <= 3
    assert state.config.target == 30


@settings(max_examples=25)
@given(action_sequences(GAME))
def test_action_sequences_replay(record: Record[Any, State, Add]) -> None:
    assert record.seed is not None
    states_seen = list(replay(GAME, record))
    assert len(states_seen) == len(record.actions) + 1


@settings(max_examples=25)
@given(action_sequences(GAME, max_steps=2))
def test_action_sequences_respect_max_steps(record: Record[Any, State, Add]) -> None:
    assert len(record.actions) <= 2


@settings(max_examples=25)
@given(finished_games(GAME))
def test_finished_games_are_over(state: State) -> None:
    assert GAME.is_over(state)
    assert GAME.outcome(state) is not None


def test_finished_games_fail_on_endless_games() -> None:
    strategy = finished_games(broken(apply=cycle, step=cycle_step), max_steps=5)

    @settings(max_examples=1, database=None)
    @given(strategy)
    def run(state: State) -> None:
        raise AssertionError("unreachable")  # pragma: no cover

    with pytest.raises(ValueError, match="did not end within 5 actions"):
        run()


def test_strategies_are_strategies() -> None:
    for strategy in (seeds(), states(GAME), action_sequences(GAME), finished_games(GAME)):
        assert isinstance(strategy, st.SearchStrategy)
