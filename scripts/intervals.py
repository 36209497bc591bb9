"""What the measuring scripts share: the confidence interval of a win rate.

The scripts import it as a sibling module (``python scripts/<name>.py`` puts this folder first on
the module path).
"""

from __future__ import annotations

import math


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float] | None:
    """The 95% Wilson score interval of a share ``wins / n`` (``None`` when ``n`` is 0).

    >>> low, high = wilson(40, 200)
    >>> round(low, 3), round(high, 3)
    (0.15, 0.261)
    """
    if n == 0:
        return None
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half
