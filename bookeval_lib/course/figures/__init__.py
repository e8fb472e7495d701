"""Figures of the notebooks, one module per chapter."""
