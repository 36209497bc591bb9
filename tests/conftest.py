"""Shared pytest set-up: Hypothesis profiles.

``ci`` (chosen when the ``CI`` environment variable is set) is derandomised, so a CI run is
reproducible; ``dev`` explores new examples each run. Neither has a deadline: timing belongs to
``benchmarks/``. ``HYPOTHESIS_PROFILE`` picks a profile explicitly.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
