"""A conformance check any :class:`~tabletop_rules.Game` can be put through; Hypothesis strategies.

:func:`check_game` plays random games and, at every step, checks the shared contract of the
per-game API: determinism, ``apply`` never mutating its input, ``apply == step().state``, the JSON
round trip (with the RNG carried along), ``is_legal`` agreeing with ``legal_actions``, the
end-of-game functions agreeing with each other, views (equal across redeals, different where
visible parts differ), the shape of ``legal_actions`` and the notation round trip.
:func:`check_hash_seed_independence` replays games in fresh interpreters under several
``PYTHONHASHSEED`` values and compares what they print. A broken rule comes back as a
:class:`ConformanceError` that names the check, the game seed and the step.

:func:`check_saves` plays random games, every answer (chance's too) drawn uniformly, and saves
and reads back every state and every seat's view they reach.

:func:`fuzz_game` feeds a game's readers (``loads`` of every kind, content loaders,
``parse_action``) and the functions that take an action or a position thousands of mutants, and
reports untyped errors, wrong acceptances and slow reads, part by part.

The check needs nothing beyond the core. The strategies (:func:`seeds`, :func:`action_sequences`,
:func:`states`, :func:`finished_games`) need Hypothesis, installed with the ``testing`` extra
(``pip install tabletop-rules[testing]``); it is imported only when a strategy is built.

Usage, in a game's test suite::

    from hypothesis import given

    from tabletop_rules.testing import check_game, check_hash_seed_independence, states
    from mygame import GAME

    def test_conformance() -> None:
        report = check_game(GAME, games=20, seed=0)
        assert report.steps > 0

    def test_hash_seeds() -> None:
        check_hash_seed_independence("mygame")

    @given(states(GAME))
    def test_render_never_fails(state) -> None:
        assert GAME.render_text(state)

A failure says what broke and how to reproduce it:

>>> from tabletop_rules.testing import ConformanceError
>>> err = ConformanceError("no-mutation", "apply changed its input", seed=3, step=7)
>>> print(err)
[no-mutation] game seed 3, step 7: apply changed its input
>>> err.check, err.seed, err.step
('no-mutation', 3, 7)
>>> isinstance(err, AssertionError)
True
"""

from __future__ import annotations

from tabletop_rules import expose

from . import _conformance
from ._conformance import check_game
from ._fuzz import FuzzFinding, FuzzPart, FuzzReport, fuzz_game
from ._hash_seeds import check_hash_seed_independence
from ._report import ConformanceError, ConformanceReport
from ._saves import SavesReport, check_saves
from ._strategies import action_sequences, finished_games, seeds, states

__all__ = [
    "CHECKS",
    "ConformanceError",
    "ConformanceReport",
    "FuzzFinding",
    "FuzzPart",
    "FuzzReport",
    "SavesReport",
    "action_sequences",
    "check_game",
    "check_hash_seed_independence",
    "check_saves",
    "finished_games",
    "fuzz_game",
    "seeds",
    "states",
]

CHECKS: tuple[str, ...] = _conformance.CHECKS
"""The names of the checks :func:`check_game` performs, as used in :class:`ConformanceError` and
:attr:`ConformanceReport.checks`:

* ``determinism`` — a second game from the same seed, given the same actions, passes through equal
  states with equal digests and equal ``legal_actions``;
* ``no-mutation`` — ``apply`` and ``step`` (and the other functions, legal or illegal actions
  alike) leave their input state equal to a copy made before, with its ``dumps`` text unchanged;
* ``apply-is-step`` — ``apply(s, a) == step(s, a).state``;
* ``events`` — every event of a step has ``seen_by`` (``None`` or a tuple of seats) and round-trips
  through ``dumps``/``loads``;
* ``round-trip`` — ``loads(dumps(s)) == s`` with the same digest and text, and the copy continues
  exactly like the original (the RNG travels with the state);
* ``action-json`` — the chosen action round-trips through ``dumps``/``loads``;
* ``is-legal`` — ``is_legal(s, a) is None`` for every legal action;
* ``illegal-actions`` — for actions that are not legal (seen earlier in the run, or from the
  ``illegal_actions`` hook) ``is_legal`` gives a reason and ``apply``/``step`` raise
  :class:`~tabletop_rules.IllegalActionError` carrying that action;
* ``over-consistency`` — ``legal_actions`` is empty, ``current_player`` and ``decision`` are
  ``None`` and ``outcome`` is not ``None`` exactly when ``is_over``; ``decision.seat`` is the
  current player, a player's seat or :data:`~tabletop_rules.CHANCE`; ``chance_outcomes`` is
  non-empty exactly when the chance seat acts;
* ``outcome`` — a final outcome is an :class:`~tabletop_rules.Outcome` whose winners are seats of
  its ``returns``;
* ``views`` — the view of **every** seat (``range(seat_count(s))``) names that seat in its
  ``seat`` field and round-trips through JSON; the view of the seat to act gives the same
  ``legal_actions``, ``decision`` and ``parse_action`` results as the state;
* ``view-redeal`` — states redealt from each seat's view are reproducible from their seed, give
  that seat the same view and the same seat to act, and the acting seat the same legal actions
  (a view that showed the generator's next draw, or a card still to come, fails here);
* ``untrusted-input`` — a legal action copied with a field of the wrong type (a ``float`` for an
  ``int``, a list for any field) is refused by ``is_legal`` and ``apply``; ``Game.answer`` refuses
  an answer from every seat that is not asked; ``apply`` on a view raises
  :class:`~tabletop_rules.PositionTypeError`;
* ``view-leak`` — one seat's view never carries what another seat learned privately: once an
  event seen by seat *t* and not by seat *s* has happened, some redeal of *s*'s view in a later
  state of the game must change *t*'s view (if none ever does, *s*'s view pins down *t*'s
  secret);
* ``chance`` — at a chance decision: ``decision().kind == "chance"``, ``chance_outcomes`` lists
  the legal actions in their order, each with an exact :class:`~fractions.Fraction` in (0, 1],
  summing to 1, and every outcome applies;
* ``view-distinct`` — the views, for the seat that acted, of the states before and after an action
  differ whenever the states' ``render_text`` differ (a rendering pictures what is visible), the
  views' ``render_text`` differ or, with that seat still to act, its legal actions or decision do;
* ``legal-actions`` — ``legal_actions`` returns a tuple of hashable, distinct actions;
* ``notation`` — ``parse_action(s, notation(a)) == a`` for every legal action;
* ``spaces`` — for a game with an action space (:attr:`Game.action_space
  <tabletop_rules.Game.action_space>`), every legal action has a number that leads back to it and
  the mask marks exactly the legal actions; with observations, every seat's view encodes to
  ``observation_shape(config)`` in finite numbers (a game without them passes trivially);
* ``termination`` — every game ends within ``max_steps`` actions.
"""

expose(globals())
