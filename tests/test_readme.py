"""The README: its pictures exist and are what the code draws (``scripts/readme_pictures.py``
writes them), and the rulings it names are the rulings the docs hold."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from scripts import readme_pictures

import goblinguard
import grimheim
import kinmarr

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
GAMES = {module.GAME.name: module.GAME for module in (goblinguard, grimheim, kinmarr)}


def test_the_readme_shows_a_picture_of_every_game() -> None:
    shown = re.findall(r"!\[[^\]]+\]\((docs/pictures/[\w-]+\.svg)\)", README)
    assert sorted(shown) == [f"docs/pictures/{name}.svg" for name in sorted(GAMES)]
    for path in shown:
        root = ET.parse(ROOT / path).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert "data-actions" not in (ROOT / path).read_text("utf-8")  # a picture to look at


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_pictures_are_what_the_code_draws(name: str) -> None:
    """After a change to a game's rules or pictures, run ``python scripts/readme_pictures.py``
    and commit the files."""
    drawn = readme_pictures.picture(GAMES[name])
    kept = (readme_pictures.FOLDER / f"{name}.svg").read_text("utf-8")
    assert kept == drawn, f"run python scripts/readme_pictures.py: {name}.svg is stale"


@pytest.mark.parametrize(
    ("name", "letter"), [("goblinguard", "R"), ("grimheim", "G"), ("kinmarr", "K")]
)
def test_the_readme_names_the_rulings_the_docs_hold(name: str, letter: str) -> None:
    rules = (ROOT / "docs" / f"{name}.rst").read_text("utf-8")
    last = max(int(n) for n in re.findall(rf"^{letter}([0-9]+) —", rules, re.M))
    assert f"{letter}1–{letter}{last}" in README
