"""The agent registry: which agents a game can be played by, and agents named by text
(``"planner"``, ``"search(simulations=16)"``, ``"bots:MyAgent(depth=3)"``).

:func:`agents_of` lists a game's own agents and the generic ones that play every game
(``"ismcts"``); :func:`make_agent` is what the ``tabletop`` command,
:func:`~tabletop_rules.simulate` and the measuring scripts use to turn the text a person writes
into a new agent, its options checked against the agent's own fields.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import cattrs

from ._agents import Agent
from ._game import Game
from ._search import ISMCTSAgent
from ._serial import parse_json

_SPEC = re.compile(r"\s*([^()\s]+)\s*(?:\((.*)\))?\s*", re.DOTALL)
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_CLOSE = {"(": ")", "[": "]", "{": "}"}


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split an agent's text into its name and its options.

    The text is a name (one of a game's agents, or ``module:attribute``), optionally followed by
    options in parentheses: ``key=value`` pairs separated by commas. A value is JSON (``8``,
    ``0.3``, ``true``, ``null``, ``"text"``, ``["start", "end"]``) or else a bare word, taken as
    a string. A dotted key sets an option of an option: ``weights.gold=0.3`` is ``weights=
    {"gold": 0.3}``.

    >>> parse_agent_spec("planner(beam=8, weights.gold=0.3)")
    ('planner', {'beam': 8, 'weights': {'gold': 0.3}})
    >>> parse_agent_spec('search(searched=["start", "end"])')
    ('search', {'searched': ['start', 'end']})
    >>> parse_agent_spec("random")
    ('random', {})

    Raises:
        ValueError: text of neither form, an option without ``=``, a key that is not a dotted
            name, or a key given twice (``weights=…`` and ``weights.gold=…`` included).
    """
    match = _SPEC.fullmatch(spec)
    if match is None:
        raise ValueError(
            f"not an agent: {spec!r} (write NAME or NAME(KEY=VALUE, ...), for example"
            " search(simulations=16))"
        )
    name, inside = match.group(1), match.group(2)
    options: dict[str, Any] = {}
    for item in _split(inside or "", spec):
        key, equals, text = item.partition("=")
        key = key.strip()
        if not equals or not _KEY.fullmatch(key):
            raise ValueError(f"agent {spec!r}: an option is KEY=VALUE, not {item.strip()!r}")
        _put(options, key.split("."), _value(text.strip()), spec)
    return name, options


def _split(text: str, spec: str) -> list[str]:
    """``text`` cut at the commas outside quotes and brackets (empty items dropped)."""
    items: list[str] = []
    closing: list[str] = []
    start = 0
    quoted = False
    escaped = False
    for i, char in enumerate(text):
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
            continue
        if char == '"':
            quoted = True
        elif char in _CLOSE:
            closing.append(_CLOSE[char])
        elif char in ")]}":
            if not closing:
                raise ValueError(f"agent {spec!r}: {char!r} closes nothing")
            if closing.pop() != char:
                raise ValueError(f"agent {spec!r}: {char!r} closes the wrong bracket")
        elif char == "," and not closing:
            items.append(text[start:i])
            start = i + 1
    if quoted or closing:
        raise ValueError(f"agent {spec!r}: a quote or bracket is left open")
    items.append(text[start:])
    return [item for item in items if item.strip()]


def _value(text: str) -> Any:
    """A value's JSON meaning (strict: no ``NaN``, bounded nesting), or the text itself when it
    is not such JSON (a bare word)."""
    try:
        return parse_json(text)
    except ValueError:
        return text


class _Dotted(dict[str, Any]):
    """The options of an option, gathered from dotted keys (told apart from a JSON object
    given as a value, which dotted keys may not add to)."""


def _put(options: dict[str, Any], path: list[str], value: Any, spec: str) -> None:
    """Set ``value`` at ``path`` in ``options``, refusing a key given twice."""
    where = options
    for depth, part in enumerate(path[:-1]):
        inner = where.setdefault(part, _Dotted())
        if not isinstance(inner, _Dotted):
            raise ValueError(f"agent {spec!r}: {'.'.join(path[: depth + 1])} is given twice")
        where = inner
    if path[-1] in where:
        raise ValueError(f"agent {spec!r}: {'.'.join(path)} is given twice")
    where[path[-1]] = value


def agents_of(game: Game[Any, Any]) -> Mapping[str, Callable[[], Agent[Any]]]:
    """Every agent that plays ``game``, by name: the game's own (:attr:`Game.agents
    <tabletop_rules.Game.agents>`) and ``"ismcts"``, the generic
    :class:`~tabletop_rules.ISMCTSAgent` with its default budget (a game's own agent of that
    name comes first), sorted by name.

    >>> import goblinguard
    >>> sorted(agents_of(goblinguard.GAME))
    ['greedy', 'ismcts', 'random', 'search']
    """
    found: dict[str, Callable[[], Agent[Any]]] = {"ismcts": functools.partial(ISMCTSAgent, game)}
    found.update(game.agents)
    return dict(sorted(found.items()))


def make_agent(game: Game[Any, Any], spec: str) -> Agent[Any]:
    """A new agent from its text (:func:`parse_agent_spec`): one of :func:`agents_of` ``game``
    or a ``module:attribute`` to import (a class or function), called with the options given.

    Options of an attrs class (every agent of this library) are checked against its fields:
    each value is converted to the field's type (a JSON object to an attrs class such as
    ``weights``, a list to a frozenset or tuple), strictly — a number is not a bool, a bool is
    not a number — and the class's own checks then run, so a wrong option is an error that
    names it. Other factories get the options as keyword arguments.

    >>> import goblinguard
    >>> make_agent(goblinguard.GAME, "search(candidates=3)").candidates
    3
    >>> make_agent(goblinguard.GAME, "search(candiates=3)")
    Traceback (most recent call last):
    ...
    ValueError: agent 'search(candiates=3)': search has no option 'candiates' (its options: \
branch, budget, candidates, depth, widths)

    Args:
        game: the game whose agents the name is looked up in.
        spec: the agent's text, as :func:`parse_agent_spec` reads it.

    Raises:
        ValueError: text :func:`parse_agent_spec` refuses, an unknown agent, a module or
            attribute that cannot be imported, an option the agent does not have or a value it
            refuses, or a factory that fails or returns something without a ``choose`` method.
    """
    name, options = parse_agent_spec(spec)
    factory = _factory(game, name)
    kwargs = _options(factory, name, options, spec)
    try:
        agent: Agent[Any] = factory(**kwargs)
    except Exception as exc:
        raise ValueError(f"cannot create agent {spec!r}: {type(exc).__name__}: {exc}") from None
    if not callable(getattr(agent, "choose", None)):
        raise ValueError(f"agent {spec!r} has no choose(view, actions, rng) method")
    return agent


def _factory(game: Game[Any, Any], name: str) -> Callable[..., Any]:
    """The factory ``name`` is: one of :func:`agents_of` ``game``, or the object
    ``module:attribute`` (``attribute`` may be dotted)."""
    if ":" not in name:
        agents = agents_of(game)
        found = agents.get(name)
        if found is None:
            known = ", ".join(agents) or "none"
            raise ValueError(
                f"unknown agent {name!r} for {game.name} (available: {known}, or module:Class)"
            )
        return found
    module_name, _, attribute = name.partition(":")
    if os.getcwd() not in sys.path:  # as ``python -m`` would, the current directory first
        sys.path.insert(0, os.getcwd())
    try:
        value: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            value = getattr(value, part)
    except (ImportError, AttributeError, TypeError, ValueError) as exc:
        raise ValueError(f"cannot import agent {name!r}: {exc}") from None
    if not callable(value):
        raise ValueError(f"agent {name!r} is not a class or function")
    return value  # type: ignore[no-any-return]


def _options(
    factory: Callable[..., Any], name: str, options: Mapping[str, Any], spec: str
) -> dict[str, Any]:
    """``options`` converted to the types of the attrs class ``factory`` makes (as they are,
    for another factory)."""
    cls: Any = factory.func if isinstance(factory, functools.partial) else factory
    if not (isinstance(cls, type) and attrs.has(cls)):
        return dict(options)
    bound = len(factory.args) if isinstance(factory, functools.partial) else 0
    fields = [f for f in attrs.fields(cls) if f.init][bound:]
    by_name = {f.alias: f for f in fields}
    kwargs: dict[str, Any] = {}
    for key, value in options.items():
        field = by_name.get(key)
        if field is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise ValueError(f"agent {spec!r}: {name} has no option {key!r} (its options: {known})")
        kind = _field_type(cls, field)
        if kind is None:
            kwargs[key] = value
            continue
        try:
            kwargs[key] = _CONVERTER.structure(value, kind)
        except Exception as exc:
            grouped = isinstance(exc, cattrs.BaseValidationError)
            problem = "; ".join(cattrs.transform_error(exc, path=key)) if grouped else str(exc)
            raise ValueError(f"agent {spec!r}: option {key}: {problem}") from None
    return kwargs


def _field_type(cls: type, field: attrs.Attribute[Any]) -> Any:
    """The type of ``field`` of ``cls``, its annotation evaluated in the class's module; ``None``
    when it cannot be (a name only imported for type checking)."""
    kind = field.type
    if not isinstance(kind, str):
        return kind
    module = sys.modules.get(cls.__module__)
    try:
        # an annotation of the class's own source, read as its module reads it
        return eval(kind, dict(vars(module)) if module else {})
    except Exception:
        return None


def _strict(kind: type, accepts: tuple[type, ...]) -> Callable[[Any, Any], Any]:
    """A structure hook taking only values of ``accepts`` (never a bool for a number)."""

    def structure(value: Any, _: Any) -> Any:
        if isinstance(value, bool) != (kind is bool) or not isinstance(value, accepts):
            raise ValueError(f"expected {kind.__name__}, not {value!r}")
        return kind(value)

    return structure


_CONVERTER = cattrs.Converter(forbid_extra_keys=True)
_CONVERTER.register_structure_hook(bool, _strict(bool, (bool,)))
_CONVERTER.register_structure_hook(int, _strict(int, (int,)))
_CONVERTER.register_structure_hook(float, _strict(float, (int, float)))
_CONVERTER.register_structure_hook(str, _strict(str, (str,)))
