"""The words a player reads hold no slip (issue 32): every sentence of ``describe`` — events,
actions, the question asked, the outcome, what changed — every text and tooltip of the pictures
and the text boards, over random games of every game, with each class of slip checked:

- a count and its noun agree ("1 hit", "2 hits", never "1 hits" or "3 coin");
- a change of 0 is never told as a change ("by 0", "(0 more)"), and a change told is the change
  that happened (Kinmarr's Fate, which stays within 0–10);
- what changed is told: a guild whose coins change in a step is named with its coins;
- no ruling code ("(G5)") in a question, a sentence or a picture: those are for the docs (a
  card's rules text, ``card_text``, keeps them);
- no markup of the docs ("``card``", ":class:`…`"), no doubled stop ("agrees?.");
- no name from the code: an identifier (``feudal_pact``, ``maneuver_cw``), the name of a step
  of a frame ("The end of Bjorn's turn: swap.", "The monster turn (attacking).", "the
  after-monster-move window", "the combat request");
- a hero's card not told apart from the hero ("Alva used Alva.").
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import goblinguard as gg
import grimheim as gh
import kinmarr as km
from tabletop_rules import CHANCE, Game, Rng, agents_of

AnyGame = Game[Any, Any]

COUNTED = (
    "hit|rune|miss|coin|card|wound|point|monster|town piece|action|round|spot|item|creature"
    "|tower|goblin|hobgoblin|guard|house|area|Ability|Item|marker|player|guild|hero|die|game"
)
PLURALS = {"miss": "misses", "die": "dice", "Ability": "Abilities"}
ONE_OF_MANY = re.compile(
    r"(?<![\w+\-−./])1 ("
    + "|".join(PLURALS.get(noun, noun + "s") for noun in COUNTED.split("|"))
    + r")\b"
)
"""``1 hits``: a count of one with a plural noun (``+1 dice``, a bonus printed on a card, is a
label, not a count)."""
MANY_OF_ONE = re.compile(
    r"(?<![\w+\-−./,])(?<!rank )(?<!or )(0|[2-9]|[1-9][0-9]+) (" + COUNTED + r")(?![\w-])"
)
"""``3 coin``: a count other than one with a singular noun (not ``a rank 2 monster``)."""
NO_CHANGE = re.compile(r"\bby 0\b|\(0 (?:more|fewer)\)|\bgained 0\b|\blost 0\b|\btook 0\b")
CODE = re.compile(r"\((?:[^()]*[,;] ?)?[GKR][0-9]{1,2}\b[^()]*\)")
MARKUP = re.compile(r"``|:[a-z]+:`")
NAME = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b"  # an identifier
    r"|\bturn: (?:upgrade|draw|swap)\."  # grimheim's end-of-turn steps
    r"|\((?:die|pins|move|attack|attacking|reinforce|end)\)"  # its monster turn's steps
    r"|\b[Tt]he [a-z]+(?:-[a-z]+)* window\b"  # its response windows
    r"|\b[a-z]+ request\b"  # kinmarr's
)
ITSELF = re.compile(r"\b([A-Z][a-z]+) used \1\b")
STOPS = re.compile(r"[.?!:;,]\.(?!\.)|\?[,;]|\s[.,;:]\s")


def check(text: str, *, board: bool = False) -> None:
    """``text`` holds no slip of any class (a line of a text ``board`` may hold dots that are
    no stops: empty cells of a map)."""
    assert not ONE_OF_MANY.search(text), text
    assert not MANY_OF_ONE.search(text), text
    assert not NO_CHANGE.search(text), text
    assert not CODE.search(text), text
    assert not MARKUP.search(text), text
    assert not NAME.search(text), text
    assert not ITSELF.search(text), text
    assert board or not STOPS.search(text), text


def test_the_checks_catch_each_class_of_slip() -> None:
    """Each check catches the slips the review found (and lets good words through)."""
    slips = [
        "Alva rolled 1 hits, 1 runes, 1 misses.",
        "Feudal Pact gained 3 coin.",
        "Fate fell by 0, to 0 of 10.",
        "Pathfinders has 2 coins now (0 more).",
        "Bjorn chooses the Brute in area 8,5 to attack next (G5).",
        "A hero next to you offers or asks for gold: agree or refuse (G22).",
        "A focus action: add 1 mana to ``card``.",
        "See :class:`~grimheim.Focus`.",
        "Alva would give 1 gold to Boldur: Boldur agrees?.",
        "Rally, ability, value 0, guild feudal_pact.",
        "The monster die shows maneuver_cw.",
        "Bjorn: take an upgrade, or keep the gold. The end of Bjorn's turn: upgrade.",
        "The monster turn (attacking).",
        "The after-monster-move window, Embla first.",
        "Response window on the combat request.",
        "Boldur moves up to 1 areas.",
        "Alva used Alva.",
    ]
    for slip in slips:
        with pytest.raises(AssertionError):
            check(slip)
    good = [
        "Alva rolled 1 hit, 1 rune and 2 misses.",
        "Bjorn: 2 dice, +1 dice from Bjorn's First Bow, 1 die left.",
        "Pathfinders has 1 coin now (1 more).",
        "Fate fell by 2, to 3 of 10.",
        "The Troll in area 7,9 took 2 damage.",
        "Card g1 (goblin card GX/HH) goes on top, its top-left cell at 2,-1.",
        "Rally, ability, value 0, guild Feudal Pact.",
        "End the hero's turn (the end-of-turn steps follow).",
        "The monster turn: the monsters attack; the monster die shows maneuver clockwise.",
        "Answers to the combat roll; on the Stack: Feudal Pact: Dodge.",
        "Alva used the hero card Alva.",
    ]
    for text in good:
        check(text)


# -- random games ----------------------------------------------------------------------------------

CONFIGS: dict[str, list[Any]] = {
    "goblinguard": [gg.Config(), gg.Config(chance="explicit")],
    "grimheim": [
        gh.Config(heroes=("bjorn", "alva", "embla", "boldur")),
        gh.Config(heroes=("alva",), chance="explicit", monster_die=True),
    ],
    "kinmarr": [
        km.Config(),
        km.Config(guilds=("pathfinders", "arcane_commune"), chance="explicit"),
    ],
}
GAMES: dict[str, AnyGame] = {"goblinguard": gg.GAME, "grimheim": gh.GAME, "kinmarr": km.GAME}


@attrs.frozen
class Step:
    """One decision of a game: the position before it, the seat that answered, the action,
    and the game's step."""

    before: Any
    seat: int
    action: Any
    step: Any


def steps(game: AnyGame, config: Any, seed: int, limit: int) -> Iterator[Step]:
    """The decisions of a game whose seats mix the game's quick agent and random moves."""
    state = game.new_game(config, seed=seed)
    quick = next(name for name in agents_of(game) if name not in ("ismcts", "search", "random"))
    agent, rng = agents_of(game)[quick](), Rng.from_seed(seed)
    for _ in range(limit):
        seat = game.current_player(state)
        if seat is None:
            return
        if seat == CHANCE:
            legal = game.legal_actions(state)
            index, rng = rng.below(len(legal))
            action = legal[index]
        else:
            view = game.view(state, seat)
            action, rng = agent.choose(view, game.legal_actions(view), rng)
        step = game.step(state, action)
        yield Step(state, seat, action, step)
        state = step.state


def _texts(svg: str) -> Iterator[str]:
    """Every text and tooltip of a picture but chance's buttons (in explicit chance mode, a
    developer's option, each is labelled with its outcome's notation)."""

    def walk(element: ET.Element) -> Iterator[str]:
        if element.get("id", "").startswith("button-chance-"):
            return
        if element.tag.endswith(("}text", "}title")) and element.text:
            yield element.text
        for child in element:
            yield from walk(child)

    return walk(ET.fromstring(svg))


def said(game: AnyGame, s: Step, *, pictures: bool) -> Iterator[tuple[str, bool]]:
    """Everything a player reads about one decision: the question, the answers, the events,
    what changed, and (with ``pictures``) the picture and the text board of the position."""
    assert game.describe is not None
    before, after = s.before, s.step.state
    seat = s.seat
    shown = before if seat == CHANCE else game.view(before, seat)
    asked = game.decision(shown)
    assert asked is not None
    yield game.describe(shown, asked), False
    for action in game.legal_actions(shown)[:40]:
        yield game.describe(shown, action), False
    for viewer in range(game.seat_count(after)):
        later = game.view(after, viewer)
        yield game.describe(game.view(before, viewer), later), False
        for event in s.step.events_for(viewer):
            yield game.describe(later, event), False
    ended = game.outcome(after)
    if ended is not None:
        yield game.describe(after, ended), False
    if pictures:
        legal = game.legal_actions(shown)
        yield from ((text, False) for text in _texts(game.render(shown, actions=legal)))
        yield from ((line, True) for line in game.render_text(shown).splitlines())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_games_read_without_slips(name: str) -> None:
    game = GAMES[name]
    read = 0
    for config in CONFIGS[name]:
        for seed in (1, 2):
            for n, s in enumerate(steps(game, config, seed, 160)):
                for text, board in said(game, s, pictures=n % 12 == 0):
                    check(text, board=board)
                    read += 1
    assert read > 1000


def test_a_fate_change_told_is_the_change_that_happened() -> None:
    """Kinmarr's Fate stays within 0–10: an event asking it to fall by 3 when it stands at 1
    makes it fall by 1, and at 0 not at all; the words never claim more than happened."""
    told = 0
    for config in CONFIGS["kinmarr"]:
        for seed in range(1, 7):
            for s in steps(km.GAME, config, seed, 400):
                fate = s.before.fate
                for event in s.step.events:
                    if not isinstance(event, km.FateChanged):
                        continue
                    text = km.describe(s.step.state, event)
                    found = re.fullmatch(r"Fate (rose|fell) by (\d+), to (\d+) of 10\.", text)
                    if found:
                        sign = 1 if found[1] == "rose" else -1
                        assert fate + sign * int(found[2]) == int(found[3]) == event.fate, text
                        told += 1
                    else:
                        assert text in (
                            "Fate is at 0 of 10, its lowest.",
                            "Fate is at 10 of 10, its highest.",
                        )
                        assert event.fate in (0, 10)
                    fate = event.fate
    assert told > 0


def test_fate_already_at_0_is_not_told_to_fall() -> None:
    state = km.new_game(seed=1)
    assert state.fate == 0
    assert km.describe(state, km.FateChanged(0, -3)) == "Fate is at 0 of 10, its lowest."
    assert km.describe(state, km.FateChanged(4, -3)) == "Fate fell by 3, to 4 of 10."


def test_every_change_of_coins_is_told() -> None:
    """Coins gained on a tile, taken by a power (Pathfinders' Light Fingers) or by a card: a
    guild whose coins changed in a step is named with its coins, in every seat's words."""
    told = stolen = 0
    for seed in range(1, 6):
        config = km.Config(guilds=("pathfinders", "arcane_commune", "feudal_pact"))
        for s in steps(km.GAME, config, seed, 600):
            before, after = s.before, s.step.state
            changed = [
                seat
                for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True))
                if old.coins != new.coins
            ]
            if not changed:
                continue
            text = km.describe(km.view(before, 1), km.view(after, 1))
            for seat in changed:
                guild = km.describe(after, km.TurnBegan(seat, 1)).split(": the turn of ")[1]
                coins = after.players[seat].coins
                assert f"{guild.removesuffix(' began.')} has {coins} coin" in text, text
                told += 1
            stolen += isinstance(s.action, km.Power) and s.seat == 0
    assert told > 20
    assert stolen > 0  # Light Fingers was used, and its coin told


def test_the_monster_turn_choice_says_which_monster_attacks() -> None:
    """The attack order is chosen for all the heroes: the words say the monster attacks next,
    and no ruling code; the monster's roll names the monster."""
    seen = rolled = 0
    for seed in range(1, 30):
        config = gh.Config(heroes=("bjorn", "alva"))
        for s in steps(gh.GAME, config, seed, 300):
            asked = gh.decision(s.before)
            if asked is not None and asked.kind == "attack-order":
                words = gh.describe(s.before, s.action)
                assert "as the next monster to attack" in words, words
                assert "for all the heroes" in gh.describe(s.before, asked)
                seen += 1
            for event in s.step.events:
                if isinstance(event, gh.DiceRolled) and event.by < 0:
                    text = gh.describe(s.step.state, event)
                    rolled += not text.startswith("A monster")
        if seen and rolled:
            break
    assert seen > 0
    assert rolled > 0


def test_the_grimheim_caption_counts_the_faces_of_a_roll() -> None:
    """The picture says a hero's roll as the log does: "1 hit, 1 rune and 1 miss"."""
    found = 0
    for seed in range(1, 20):
        for s in steps(gh.GAME, gh.Config(heroes=("bjorn",)), seed, 200):
            asked = gh.decision(s.step.state)
            if asked is None or asked.kind != "after-roll":
                continue
            view = gh.view(s.step.state, asked.seat)
            caption = " ".join(
                e.text or ""
                for e in ET.fromstring(gh.render_svg(view)).iter()
                if e.get("class") == "question"
            )
            assert " rolled " in caption
            check(caption)
            found += 1
        if found > 3:
            break
    assert found > 0


def test_no_button_shows_the_markup_of_the_docs() -> None:
    state = gh.new_game(gh.Config(heroes=("bjorn",)), seed=1)
    svg = gh.render_svg(state, actions=gh.legal_actions(state))
    assert 'id="button-focus"' in svg
    titles = list(_texts(svg))
    assert "A focus action: add 1 mana to card." in titles
    for text in titles:
        check(text)


def caption(svg: str) -> str:
    """The caption of a picture (what is asked, and what is pending), its lines joined."""
    root = ET.fromstring(svg)
    shown = [e for e in root.iter() if e.get("id") == "caption"] or [root]  # kinmarr's
    return " ".join(
        e.text or ""
        for box in shown
        for e in box.iter()
        if e.tag.endswith("}text") and (box is not root or e.get("class") == "question")
    )


def test_every_kind_of_question_is_captioned_in_words() -> None:
    """Each game's picture says what is pending in a player's words: the first position of
    every kind of frame met in random games is drawn, its caption and every text checked."""
    captions: dict[tuple[str, str], str] = {}
    games: list[tuple[AnyGame, Any]] = [
        (gh.GAME, gh.Config(heroes=("bjorn", "alva", "embla", "boldur"))),
        (gh.GAME, gh.Config(heroes=("bjorn", "alva"), monster_die=True)),
        (km.GAME, km.Config()),
    ]
    for game, config in games:
        for seed in (1, 2, 3):
            for s in steps(game, config, seed, 400):
                asked = game.decision(s.before)
                assert asked is not None
                frame = asked.context
                kind = f"{type(frame).__name__}:{getattr(frame, 'step', asked.kind)}"
                if s.seat == CHANCE or (game.name, kind) in captions:
                    continue
                view = game.view(s.before, s.seat)
                svg = game.render(view, actions=game.legal_actions(view))
                captions[game.name, kind] = caption(svg)
                for text in _texts(svg):
                    check(text)
    assert len([kind for kind in captions if kind[0] == "grimheim"]) > 10
    assert len([kind for kind in captions if kind[0] == "kinmarr"]) > 5
    for said in captions.values():
        assert said
        check(said)


def test_a_buttons_tooltip_says_more_than_its_label() -> None:
    """Grimheim's *Use* button tells what using is, not "Use: Use"."""
    found = 0
    for seed in range(1, 10):
        for s in steps(gh.GAME, gh.Config(heroes=("bjorn", "alva")), seed, 200):
            legal = gh.legal_actions(s.before) if s.seat != CHANCE else []
            if not any(isinstance(action, gh.Use) for action in legal):
                continue
            root = ET.fromstring(gh.render_svg(gh.view(s.before, s.seat), actions=legal))
            for button in root.iter():
                if button.get("id", "").startswith("button-use-"):
                    label = "".join(t.text or "" for t in button.iter() if t.tag.endswith("}text"))
                    title = next(t.text for t in button.iter() if t.tag.endswith("}title"))
                    assert title and label and title.startswith("Use a card: "), (label, title)
                    found += 1
        if found > 3:
            break
    assert found > 0
