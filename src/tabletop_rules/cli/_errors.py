"""The one error the ``tabletop`` command reports to the person instead of a traceback."""

from __future__ import annotations


class CliError(Exception):
    """A failure the command reports as one line ``tabletop: error: <message>`` (exit code 1)."""
