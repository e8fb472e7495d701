"""Biases read off a bias sweep at fixed prevalence and informedness (exercises of notebooks 03 and 04)."""
from __future__ import annotations

import numpy as np

from ..states import bias_sweep


def best_bias(prevalence, informedness, measure, points, pick=np.nanargmax):
    """The bias, on a grid of ``points`` biases in [0, 1], where ``measure`` is largest (``np.nanargmin``: smallest)."""
    grid, values = bias_sweep(prevalence, informedness, points=points)
    return float(grid[pick(values[measure])])


def highest_feasible_bias(prevalence, informedness, points):
    """The highest bias on the grid for which a table with this prevalence and informedness exists."""
    grid, values = bias_sweep(prevalence, informedness, points=points)
    return float(grid[np.flatnonzero(np.isfinite(values["informedness"]))[-1]])
