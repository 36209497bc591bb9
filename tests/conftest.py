"""Shared pytest set-up: Hypothesis profiles, and the ``pyspiel`` fixture of the OpenSpiel tests.

``ci`` (chosen when the ``CI`` environment variable is set) is derandomised, so a CI run is
reproducible; ``dev`` explores new examples each run. Neither has a deadline: timing belongs to
``benchmarks/``. ``HYPOTHESIS_PROFILE`` picks a profile explicitly.
"""

from __future__ import annotations

import os
from types import ModuleType

import pytest
from hypothesis import settings
from tests.contract.adapters import extra

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


REQUIRE_OPENSPIEL = "TABLETOP_REQUIRE_OPENSPIEL"


@pytest.fixture(scope="module")
def pyspiel() -> ModuleType:
    """``pyspiel``; a skip without it, or a failure under ``TABLETOP_REQUIRE_OPENSPIEL``."""
    reason = "the OpenSpiel tests need OpenSpiel (pip install -e '.[openspiel]')"
    return extra("pyspiel", REQUIRE_OPENSPIEL, reason)
