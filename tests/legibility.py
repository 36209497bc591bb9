"""How big the text of each game's picture is where a page shows it: mid-game positions, drawn as
the web page draws them for the seat that must answer (its view, with its legal actions), put in
a column 720 px wide in Chromium, and every ``<text>`` measured on screen.

``tests/test_web.py`` holds every game to the bar (at least 95 % of the text at 8 px or more);
``scripts/text_sizes.py`` prints the figures.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop_rules import CHANCE, Game, Rng, agents_of, sample_chance

if TYPE_CHECKING:
    from playwright.sync_api import Page

AnyGame = Game[Any, Any]

WIDTH = 720
"""The width of the column the picture is drawn in, in CSS pixels."""
SMALLEST = 8.0
"""The smallest legible text, in CSS pixels."""
BAR = 0.95
"""The share of a picture's text that must be at least :data:`SMALLEST`."""

SETUPS: dict[str, list[dict[str, Any]]] = {
    "goblinguard": [{}],
    "grimheim": [{"heroes": ["bjorn"]}, {"heroes": ["bjorn", "alva", "embla", "boldur"]}],
    "kinmarr": [{"guilds": ["feudal_pact", "arcane_commune"]}, {}],
}
"""The configs measured, as JSON fields of each game's config: one and four heroes, two and four
guilds."""
MOVES: dict[str, tuple[int, ...]] = {
    "goblinguard": (5, 10, 15),
    "grimheim": (10, 40, 100),
    "kinmarr": (20, 80, 200),
}
"""The positions measured in each game: after so many decisions (fewer if the game ends
first)."""
SEEDS = (1, 2)


def _config(game: AnyGame, options: dict[str, Any]) -> Any:
    envelope = game.to_dict(game.config_type())
    envelope["data"].update(options)
    return game.from_dict(envelope, "config")


def positions(game: AnyGame) -> Iterator[tuple[str, Any]]:
    """Mid-game positions of ``game``, each as the view of the seat that must answer, named
    ``"<config> seed S, move M"``: the game's first agent (its strongest cheap one) plays every
    seat."""
    agent_name = next(name for name in agents_of(game) if name not in ("ismcts", "search"))
    for options in SETUPS.get(game.name, [{}]):
        config = _config(game, options)
        label = ",".join(
            str(v) if not isinstance(v, list) else "+".join(v) for v in options.values()
        )
        for seed in SEEDS:
            state = game.new_game(config, seed=seed)
            agent, rng, chance, moves = (
                agents_of(game)[agent_name](),
                Rng.from_seed(seed),
                Rng.from_seed(seed + 1),
                0,
            )
            for stop in MOVES.get(game.name, (10, 40, 100)):
                while moves < stop and (seat := game.current_player(state)) is not None:
                    if seat == CHANCE:
                        action, chance = sample_chance(game, state, chance)
                    else:
                        view = game.view(state, seat)
                        action, rng = agent.choose(view, game.legal_actions(view), rng)
                        moves += 1
                    state = game.apply(state, action)
                seat = game.current_player(state)
                if seat is None or seat == CHANCE:
                    break
                yield f"{label or 'standard'} seed {seed}, move {moves}", game.view(state, seat)


def pictures(game: AnyGame) -> Iterator[tuple[str, str]]:
    """The pictures of :func:`positions`, drawn clickable as the page draws them."""
    for name, view in positions(game):
        yield name, game.render(view, actions=game.legal_actions(view))


MEASURE = """svg => {
    const sizes = [];
    for (const text of svg.querySelectorAll("text")) {
        if (!text.textContent.trim() || text.getClientRects().length === 0) continue;
        const m = text.getScreenCTM();
        const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        sizes.push(parseFloat(getComputedStyle(text).fontSize) * scale);
    }
    return sizes;
}"""
"""The size on screen, in CSS pixels, of every ``<text>`` of the picture that shows something."""


@dataclass(frozen=True)
class Sizes:
    """The text sizes of some pictures, in CSS pixels, one per ``<text>``."""

    sizes: tuple[float, ...]

    @property
    def legible(self) -> float:
        """The share of the text at least :data:`SMALLEST`."""
        return sum(size >= SMALLEST - 0.005 for size in self.sizes) / len(self.sizes)

    @property
    def median(self) -> float:
        return statistics.median(self.sizes)

    def __str__(self) -> str:
        return (
            f"{len(self.sizes)} texts, {self.legible:.1%} at {SMALLEST:g} px or more,"
            f" median {self.median:.1f} px, smallest {min(self.sizes):.1f} px"
        )


def measure(page: Page, svgs: Sequence[str], width: int = WIDTH) -> Sizes:
    """The sizes of the text of ``svgs``, each drawn alone in a column ``width`` px wide as the
    web page draws its picture (``max-width: 100%; height: auto``)."""
    found: list[float] = []
    for svg in svgs:
        page.set_content(
            "<!doctype html><style>body{margin:0}"
            f"#picture{{width:{width}px}}#picture svg{{display:block;max-width:100%;height:auto}}"
            f"</style><div id=picture>{svg}</div>"
        )
        found += page.locator("#picture svg").evaluate(MEASURE)
    return Sizes(tuple(found))
