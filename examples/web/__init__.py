"""The reference web front end: ``python examples/web/server.py`` (see ``server.py``)."""
