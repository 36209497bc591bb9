"""``python -m tabletop_rules.cli``: the same as the ``tabletop`` command."""

from __future__ import annotations

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
