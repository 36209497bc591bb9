"""How legible each game's picture is where a web page shows it: the text sizes of mid-game
positions drawn in a column 720 px wide in Chromium (see ``tests/legibility.py``).

    python scripts/text_sizes.py                 # every installed game
    python scripts/text_sizes.py kinmarr --width 662

Needs Debian's chromium at /usr/bin/chromium and the ``playwright`` package (the ``test``
extra). Run from the repository root.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright
from tests import legibility
from tests.test_web import CHROMIUM, CHROMIUM_ARGS, GAMES


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    parser.add_argument("--width", type=int, default=legibility.WIDTH)
    parser.add_argument("--each", action="store_true", help="a line per position too")
    args = parser.parse_args()
    failed = False
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": args.width + 40, "height": 900})
        for name in args.games:
            drawn = list(legibility.pictures(GAMES[name]))
            if args.each:
                for label, svg in drawn:
                    print(f"  {name} {label}: {legibility.measure(page, [svg], args.width)}")
            sizes = legibility.measure(page, [svg for _, svg in drawn], args.width)
            print(f"{name} ({len(drawn)} positions at {args.width} px): {sizes}", flush=True)
            failed |= sizes.legible < legibility.BAR
        browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
