"""The documentation sources; a package only so that ``docs.recipes`` can be imported."""
