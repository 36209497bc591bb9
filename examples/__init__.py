"""Examples of programs built on tabletop-rules (not part of the installed package)."""
