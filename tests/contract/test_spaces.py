"""What every game's action space and observation share: every legal action of random games is in
the space and round trips, masks mark exactly the legal actions, a whole small space round trips,
the numbering is the same in every process, actions outside the space are refused clearly, and
observations have the declared shape, take views only and show nothing a redeal changes.

What a game's space holds (its documented size, its bounds, which views differ) is tested in
its own folder."""

from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.contract.games import CONTRACTS, cases
from tests.contract.table import Contract, Observed, Spaces

from tabletop_rules import CHANCE, Agent, NotInSpaceError, RandomAgent, flatten, play, shape_of

ROOT = Path(__file__).resolve().parents[2]


def _seat(contract: Contract, state: Any) -> int:
    seat = contract.game.current_player(state)
    return 0 if seat is None or seat == CHANCE else seat


def _check_observation(contract: Contract, config: Any, view: Any) -> None:
    game = contract.game
    assert game.observation is not None and game.observation_shape is not None
    obs = game.observation(view)
    assert shape_of(obs) == game.observation_shape(config)
    assert all(math.isfinite(v) for v in set(flatten(obs)))


@pytest.mark.parametrize(("contract", "case"), cases("spaces"))
def test_every_legal_action_of_random_games_is_in_the_space(
    contract: Contract, case: Spaces
) -> None:
    game = contract.game
    assert game.action_space is not None
    kinds: set[str] = set()
    for seed in range(case.games):
        config = case.config_of(seed)
        space = game.action_space(config)
        seats = game.seat_count(game.new_game(config, seed=seed))
        agents = [case.agent(seed, seat) for seat in range(seats)]
        _, actions = play(game, agents, seed=seed, config=config)
        state = game.new_game(config, seed=seed)
        for step, action in enumerate(actions):
            legal = game.legal_actions(state)
            indices = space.indices(legal)
            assert len(set(indices)) == len(legal)
            assert all(space.action(i) == a for a, i in zip(legal, indices, strict=True))
            kinds.update(type(a).__name__ for a in legal)
            if step % 3 == 0:
                mask = space.mask(legal)
                assert len(mask) == space.size
                assert [i for i, ok in enumerate(mask) if ok] == sorted(indices)
                _check_observation(contract, config, game.view(state, _seat(contract, state)))
            state = game.apply(state, action)
        assert game.is_over(state)
        _check_observation(contract, config, game.view(state, 0))
    assert case.kinds <= kinds, sorted(case.kinds - kinds)
    assert len(kinds) >= case.least_kinds, sorted(kinds)


@pytest.mark.parametrize("contract", [c for c in CONTRACTS if c.small_spaces], ids=lambda c: c.name)
def test_every_action_of_a_small_space_round_trips_and_is_unique(contract: Contract) -> None:
    assert contract.game.action_space is not None
    for config in contract.small_spaces:
        space = contract.game.action_space(config)
        actions = list(space)
        assert len(set(actions)) == len(actions) == space.size
        assert all(space.index(a) == i for i, a in enumerate(actions))
        assert all(space.action(i) == a for i, a in enumerate(actions))
        assert all(a in space for a in actions)


_PROBE = """\
import hashlib, sys
from tabletop_rules import load_game
game = load_game(sys.argv[1])
for text in sys.argv[2:]:
    space = game.action_space(game.loads(text, game.config_type) if text else None)
    step = max(1, space.size // 20_000)
    text = '|'.join(game.notation(space.action(i)) for i in range(0, space.size, step))
    print(space.size, hashlib.sha256(text.encode()).hexdigest())
"""


def _numbering(contract: Contract, configs: list[str], hash_seed: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, contract.loader, *configs],
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout


@pytest.mark.parametrize("contract", [c for c in CONTRACTS if c.numbered], ids=lambda c: c.name)
def test_the_numbering_does_not_depend_on_the_hash_seed(contract: Contract) -> None:
    game = contract.game
    assert game.action_space is not None
    configs = [game.dumps(c) if c is not None else "" for c in contract.numbered]
    outputs = {_numbering(contract, configs, seed) for seed in ("0", "4242")}
    assert len(outputs) == 1
    here = []
    for config in contract.numbered:
        space = game.action_space(config)
        step = max(1, space.size // 20_000)
        text = "|".join(game.notation(space.action(i)) for i in range(0, space.size, step))
        here.append(f"{space.size} {hashlib.sha256(text.encode()).hexdigest()}\n")
    assert outputs.pop() == "".join(here)


@pytest.mark.parametrize(
    "contract", [c for c in CONTRACTS if c.outside is not None], ids=lambda c: c.name
)
def test_actions_outside_the_space_are_refused_clearly(contract: Contract) -> None:
    assert contract.outside is not None and contract.game.action_space is not None
    config, outside = contract.outside
    space = contract.game.action_space(config)
    for action in outside:
        with pytest.raises(NotInSpaceError) as caught:
            space.index(action)
        assert isinstance(caught.value, ValueError)
        assert caught.value.action == action
        assert action not in space
        with pytest.raises(NotInSpaceError):
            space.mask([space.action(0), action])
    with pytest.raises(IndexError, match="outside the space"):
        space.action(space.size)
    with pytest.raises(IndexError):
        space.action(-1)
    with pytest.raises(TypeError):
        space.action("3")  # type: ignore[arg-type]


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda c: c.name)
def test_observation_takes_a_view_only(contract: Contract) -> None:
    assert contract.game.observation is not None
    with pytest.raises(TypeError, match="View"):
        contract.game.observation(contract.game.new_game(seed=0))


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda c: c.name)
def test_the_game_value_carries_the_space_and_the_observation(contract: Contract) -> None:
    module, game = contract.module, contract.game
    assert module.GAME is game
    assert game.action_space is module.action_space
    assert game.observation_shape is module.observation_shape
    if hasattr(module, "observation"):
        assert game.observation == module.observation


@pytest.mark.parametrize(("contract", "case"), cases("observed"))
def test_redeals_and_equal_views_give_equal_observations(
    contract: Contract, case: Observed
) -> None:
    game, checked, seen = contract.game, 0, hashlib.sha256()
    assert game.observation is not None
    for seed in case.seeds:
        seats = game.seat_count(game.new_game(case.config, seed=seed))
        agents: list[Agent[Any]] = [RandomAgent() for _ in range(seats)]
        _, actions = play(game, agents, seed=seed, config=case.config)
        state = game.new_game(case.config, seed=seed)
        for step, action in enumerate([*actions, None]):
            if step % case.every == 0 and (case.until is None or step <= case.until):
                for seat in range(seats):
                    view = game.view(state, seat)
                    obs = game.observation(view)
                    seen.update(repr(obs).encode())
                    assert game.observation(game.view(state, seat)) == obs
                    for other in case.redeals:
                        redealt = game.redeal(view, other)
                        assert game.observation(game.view(redealt, seat)) == obs
                    checked += 1
            if action is not None:
                state = game.apply(state, action)
    assert checked > 0
    assert seen.hexdigest() == case.digest, "the observations changed: see Observed.digest"
