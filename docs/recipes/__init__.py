"""Python modules the recipes page includes and the test suite runs (``tests/test_recipes.py``)."""
