"""Figure of notebook 08b: each measure's rms error against p_inf as the cases per table grow.

Plotting only: the rms errors and their Monte Carlo standard errors come from
:func:`bookeval_lib.course.replications.figure2.fit_statistics` and
:func:`bookeval_lib.course.replications.figure2.fit_standard_errors`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np

from .style import COLOURS, MEASURE_STYLE, REFERENCE_LINE

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Mapping

    from matplotlib.figure import Figure
    from numpy.typing import ArrayLike

__all__ = ["plot_rms_against_cases"]


def plot_rms_against_cases(sizes: ArrayLike, rms: Mapping[str, ArrayLike], standard_errors: Mapping[str, ArrayLike],
                           *, predicted: ArrayLike | None = None, band: float = 2.0,
                           figsize: tuple[float, float] = (10.5, 4.8)) -> Figure:
    """Log-log plot of rms error against cases per table N, one line per measure.

    ``sizes`` are the N; ``rms`` and ``standard_errors`` map a measure's name (a key
    of the course's measure style) to one value per N.  Each line carries a band of
    ``band`` Monte Carlo standard errors either side (clipped above 0, since the
    axis is logarithmic).  ``predicted``, if given, is the binomial noise of
    informedness per N, sqrt(mean Var[B^ | RP]), drawn dashed.  The legend sits
    beside the axes.  Returns the figure.
    """
    sizes = np.asarray(sizes, dtype=float)
    if sizes.ndim != 1 or sizes.size < 2 or np.any(sizes <= 0):
        raise ValueError("sizes must be at least two positive numbers of cases")
    figure, ax = plt.subplots(figsize=figsize)
    for name, values in rms.items():
        values = np.asarray(values, dtype=float)
        errors = np.asarray(standard_errors[name], dtype=float)
        if values.shape != sizes.shape or errors.shape != sizes.shape:
            raise ValueError(f"rms and standard_errors of {name!r} need one value per size")
        colour, marker, label = MEASURE_STYLE[name]
        ax.plot(sizes, values, marker=marker, color=colour, label=label, linewidth=1.4)
        low = np.maximum(values - band * errors, values * 1e-3)
        ax.fill_between(sizes, low, values + band * errors, color=colour, alpha=0.2,
                        linewidth=0)
    if predicted is not None:
        ax.plot(sizes, np.asarray(predicted, dtype=float), **REFERENCE_LINE,
                label="binomial noise of B predicted by theory")
    ax.fill_between([], [], color=COLOURS["uncertainty_band"],
                    label=f"±{band:g} Monte Carlo standard errors")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("cases per table N")
    ax.set_ylabel("rms error against p_inf")
    ax.grid(alpha=0.3, which="both")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small", frameon=False)
    figure.tight_layout()
    return figure
