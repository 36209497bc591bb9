"""Small helpers for saying things in English: lists of names, counts, articles and sentences.

The games' ``describe`` and ``card_text`` functions build their sentences with them, so every game
joins a list and counts a plural the same way.
"""

from __future__ import annotations

from collections.abc import Iterable


def join_words(words: Iterable[str], *, last: str = "and", empty: str = "nothing") -> str:
    """The words as an English list: ``a``, ``a and b``, ``a, b and c``; ``empty`` for none.

    >>> join_words(["Bjorn", "Alva", "Embla"])
    'Bjorn, Alva and Embla'
    >>> join_words(["a hit", "a miss"], last="or"), join_words([])
    ('a hit or a miss', 'nothing')

    Args:
        words: the words, in order.
        last: the word before the last item (``"and"``, ``"or"``).
        empty: what an empty list reads as.
    """
    items = [w for w in words if w]
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and the noun, in the plural unless the count is one.

    >>> plural(1, "card"), plural(3, "card"), plural(0, "coin"), plural(2, "die", "dice")
    ('1 card', '3 cards', '0 coins', '2 dice')

    Args:
        count: how many.
        noun: the singular.
        many: the plural, when it is not the singular with ``s``.
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {many if many is not None else noun + 's'}"


def article(noun: str) -> str:
    """The noun with ``a`` or ``an`` before it (by its first letter: ``an`` before a vowel).

    >>> article("item"), article("creature"), article("Ability")
    ('an item', 'a creature', 'an Ability')
    """
    return f"{'an' if noun[:1].lower() in 'aeiou' and noun[:1] else 'a'} {noun}"


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter in capitals, and a full stop unless it ends with
    one already (or with ``!`` or ``?``).

    >>> sentence("the troll took 2 damage"), sentence("Won!")
    ('The troll took 2 damage.', 'Won!')
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
