"""Placeholder while the engine is written."""
