"""Draw the pictures the README shows: a position of each game in the middle of play, as the
seat that must answer sees it, written to ``docs/pictures/<game>.svg``.

    python scripts/readme_pictures.py            # write them
    python scripts/readme_pictures.py --check    # exit 1 if a file is not what the code draws

``tests/test_readme.py`` runs the check, so the pictures never go stale: after a change to a
game's rules or pictures, run this script and commit the files. Run from the repository root.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_rules import CHANCE, Game, Rng, agents_of

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "pictures"

PICTURES: dict[str, tuple[dict[str, Any], int, int]] = {
    "goblinguard": ({}, 3, 12),
    "grimheim": ({"heroes": ["bjorn", "alva"]}, 2, 45),
    "kinmarr": ({"guilds": ["feudal_pact", "arcane_commune", "pathfinders"]}, 5, 120),
}
"""Each game's picture: the options of its config (JSON fields), the seed, and how many
decisions its quick agent plays before the picture is drawn."""


def picture(game: Game[Any, Any]) -> str:
    """The README's picture of ``game``: its quick agent plays every seat from the seed for so
    many decisions; then the view of the seat that must answer is drawn (nothing clickable)."""
    options, seed, decisions = PICTURES[game.name]
    envelope = game.to_dict(game.config_type())
    envelope["data"].update(options)
    state = game.new_game(game.from_dict(envelope, "config"), seed=seed)
    quick = next(name for name in agents_of(game) if name not in ("ismcts", "search", "random"))
    agent, rng = agents_of(game)[quick](), Rng.from_seed(seed)
    seat = game.current_player(state)
    for _ in range(decisions):
        if seat is None or seat == CHANCE:
            break
        view = game.view(state, seat)
        action, rng = agent.choose(view, game.legal_actions(view), rng)
        state = game.apply(state, action)
        seat = game.current_player(state)
    return game.render(game.view(state, seat if seat is not None and seat >= 0 else 0)) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    import goblinguard
    import grimheim
    import kinmarr

    games = {module.GAME.name: module.GAME for module in (goblinguard, grimheim, kinmarr)}
    stale = []
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in PICTURES:
        path = FOLDER / f"{name}.svg"
        drawn = picture(games[name])
        if args.check:
            if not path.exists() or path.read_text("utf-8") != drawn:
                stale.append(path)
        else:
            path.write_text(drawn, "utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(drawn) // 1000} kB)")
    for path in stale:
        print(f"{path.relative_to(ROOT)} is not what the code draws: run {__file__}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
