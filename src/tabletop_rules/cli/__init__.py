"""The ``tabletop`` command: list, play, simulate, replay and validate games.

The command never imports a game itself. Games are found through the ``tabletop_rules.games``
entry-point group, where each game package registers its :class:`~tabletop_rules.Game` value::

    [project.entry-points."tabletop_rules.games"]
    goblinguard = "goblinguard:GAME"

so a third-party package that registers a game there can be played, simulated and checked with
the same commands::

    tabletop games                                  # what is installed
    tabletop play goblinguard --seed 7 --save g.json
    tabletop play kinmarr --seat 0=human --seat 1=human --seat 2=heuristic \\
        --config '{"guilds": ["feudal_pact", "arcane_commune", "pathfinders"]}'
    tabletop simulate goblinguard --games 1000 --agent greedy --jobs 4
    tabletop replay g.json
    tabletop validate g.json

:func:`main` takes the arguments and the three streams as parameters and returns the exit code:
``0`` success, ``1`` an error reported as one line ``tabletop: error: ...`` on standard error,
``2`` a usage error (bad options), ``130`` interrupted.
"""

from __future__ import annotations

from tabletop_rules import expose

from . import _games, _inspect
from ._errors import CliError
from ._parser import main

__all__ = ["CliError", "GROUP", "KINDS", "main"]

GROUP = _games.GROUP
"""The entry-point group in which game packages register their ``Game`` value."""

KINDS = _inspect.KINDS
"""The ``"kind"`` names of the JSON envelope that ``tabletop validate`` understands."""

expose(globals())
