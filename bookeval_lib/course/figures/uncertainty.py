"""Figures of notebooks 09 and 09b (how sure are we?).  Plotting only: every value comes from
:mod:`bookeval_lib.uncertainty` or :mod:`bookeval_lib.montecarlo`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Mapping, Sequence

    from matplotlib.figure import Figure
    from numpy.typing import ArrayLike

    from ...coverage import Coverage

__all__ = ["METHOD_STYLES", "MEASURE_LABELS", "plot_guesser_spread", "plot_intervals", "plot_coverage"]

#: Colour, marker and legend label of each interval method (one colour per method, course-wide).
METHOD_STYLES = {
    "wald": ("tab:orange", "v", "Wald"),
    "newcombe": ("tab:purple", "o", "Newcombe (Wilson square-and-add)"),
    "agresti-caffo": ("tab:cyan", "s", "Agresti-Caffo (+1 per cell)"),
    "bootstrap": ("tab:brown", "D", "BCa bootstrap"),
    "fisher": ("tab:olive", "^", "Fisher z"),
    "delta": ("tab:pink", "P", "delta method"),
}

#: Axis words and symbols of the three measures (the colours of notebook 08: B red, M green, r blue).
MEASURE_LABELS = {
    "informedness": ("informedness B = tpr − fpr", "tab:red"),
    "markedness": ("markedness M = tpa − (1 − tna)", "tab:green"),
    "correlation": ("correlation (Matthews) r = φ", "tab:blue"),
}

_NOMINAL: dict[str, Any] = dict(color="grey", linestyle="--", linewidth=1)


def plot_guesser_spread(estimates: ArrayLike, *, standard_deviation: float, bins: ArrayLike,
                        observed: Mapping[str, float] | None = None,
                        figsize: tuple[float, float] = (10.6, 4.4)) -> Figure:
    """Histogram of informedness over tables of a pure guesser (p_inf = 0), with the normal curve
    of the Wald standard deviation and its central 95 % (±1.96 sd).

    ``bins`` are the histogram's edges: B̂ = TP/RP - FP/RN lives on a lattice, so
    edges that hold the same number of lattice points each avoid a comb-like
    histogram.  ``observed`` maps a label to an informedness value drawn as a
    vertical line.  The legend sits beside the axes, not over the bars.  Returns the figure.
    """
    estimates = np.asarray(estimates, dtype=float)
    figure, ax = plt.subplots(figsize=figsize)
    edges = np.asarray(bins, dtype=float)
    ax.hist(estimates, bins=edges.tolist(), density=True, color="tab:red", alpha=0.35,
            label="B of simulated guessers")
    grid = np.linspace(edges[0], edges[-1], 400)
    density = np.exp(-0.5 * (grid / standard_deviation) ** 2) / (standard_deviation * np.sqrt(2 * np.pi))
    ax.plot(grid, density, color="tab:red", label="normal, Wald sd")
    for sign in (-1, 1):
        ax.axvline(sign * 1.96 * standard_deviation, **_NOMINAL,
                   label="central 95 % of guessers (±1.96 sd)" if sign < 0 else None)
    for (label, value), colour in zip((observed or {}).items(), ("black", "tab:blue", "tab:green", "tab:purple")):
        ax.axvline(value, color=colour, linewidth=1.8, label=f"{label}: B = {value:.2f}")
    ax.set_xlabel("informedness of one simulated table (the guesser's true B is 0)")
    ax.set_ylabel("density")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small", frameon=False)
    figure.tight_layout()
    return figure


def plot_intervals(rows: Mapping[str, Any], *, measure: str = "informedness",
                   figsize: tuple[float, float] = (9.6, 4.6)) -> Figure:
    """A forest plot: for each table (row) one horizontal bar per method.

    ``rows`` maps a table's label to {method: Interval}.  The dashed line is
    "no information" (0).  Legend below the axes.  Returns the figure.
    """
    labels = list(rows)
    methods = list(dict.fromkeys(m for intervals in rows.values() for m in intervals))
    figure, ax = plt.subplots(figsize=figsize)
    offsets = (np.arange(len(methods)) - (len(methods) - 1) / 2) * 0.8 / max(len(methods), 1)
    for offset, method in zip(offsets, methods):
        colour, marker, name = METHOD_STYLES[method]
        for row, label in enumerate(labels):
            interval = rows[label].get(method)
            if interval is None:
                continue
            y = len(labels) - 1 - row + offset
            ax.plot([interval.low, interval.high], [y, y], color=colour, linewidth=2.2,
                    label=name if row == 0 else None)
            ax.plot(interval.estimate, y, marker=marker, color=colour, markersize=6)
    ax.axvline(0.0, **_NOMINAL, label="no information (0)")
    ax.set_yticks(range(len(labels)), labels[::-1])
    ax.set_xlabel(f"{MEASURE_LABELS[measure][0]}: estimate (marker) and 95 % interval (bar)")
    ax.set_xlim(-1.02, 1.02)
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=3, fontsize="small", frameon=False)
    figure.tight_layout()
    return figure


def plot_coverage(results: Sequence[Coverage], *, confidence: float = 0.95,
                  figsize: tuple[float, float] = (12.5, 7.6)) -> Figure:
    """Coverage and width of each method against N, one column per measure.

    ``results`` is a list of :class:`bookeval_lib.coverage.Coverage`.  Top row:
    the worst (solid) and the mean (dotted) coverage over the other settings
    (prevalence, informedness) at each N; the dashed line is the nominal level.
    Bottom row: the mean width.  One legend below the figure.  Returns the figure.
    """
    from matplotlib.lines import Line2D

    measures = list(dict.fromkeys(r.measure for r in results))
    figure, axes = plt.subplots(2, len(measures), figsize=figsize, sharex=True, squeeze=False)
    shown = {}
    for column, measure in enumerate(measures):
        top, bottom = axes[0, column], axes[1, column]
        chosen = [r for r in results if r.measure == measure]
        for method in dict.fromkeys(r.method for r in chosen):
            colour, marker, name = METHOD_STYLES[method]
            totals = sorted({r.total for r in chosen if r.method == method})
            cover = [[r.coverage for r in chosen if r.method == method and r.total == n] for n in totals]
            width = [[r.mean_width for r in chosen if r.method == method and r.total == n] for n in totals]
            top.plot(totals, [np.nanmin(c) for c in cover], marker=marker, color=colour)
            top.plot(totals, [np.nanmean(c) for c in cover], linestyle=":", color=colour)
            bottom.plot(totals, [np.nanmean(w) for w in width], marker=marker, color=colour)
            shown[name] = Line2D([], [], color=colour, marker=marker)
        top.axhline(confidence, **_NOMINAL)
        top.set_title(MEASURE_LABELS[measure][0], fontsize="medium")
        top.set_ylim(0.0, 1.02)
        bottom.set_xscale("log")
        bottom.set_xlabel("cases per table N")
        top.grid(alpha=0.3)
        bottom.grid(alpha=0.3)
    axes[0, 0].set_ylabel("coverage of the 95 % interval")
    axes[1, 0].set_ylabel("mean width of the interval")
    keys = {"worst setting (solid)": Line2D([], [], color="black"),
            "mean over settings (dotted)": Line2D([], [], color="black", linestyle=":"),
            f"nominal {confidence:.0%}": Line2D([], [], **_NOMINAL)}
    handles = {**shown, **keys}
    figure.tight_layout(rect=(0, 0.09, 1, 1))
    figure.legend(handles.values(), handles.keys(), loc="lower center", ncol=4, fontsize="small",
                  frameon=False)
    return figure
