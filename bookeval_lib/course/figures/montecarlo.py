"""Figures of the Monte Carlo chapter (Powers 2008, Fig. 2).  Plotting only: every
plotted value comes from :mod:`bookeval_lib.montecarlo` or :class:`bookeval_lib.BinaryTable`."""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np

from .style import MEASURE_STYLE, REFERENCE_LINE

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Mapping

    from matplotlib.figure import Figure
    from numpy.typing import ArrayLike

__all__ = ["MEASURE_STYLES", "plot_measures_against_informedness", "plot_kappa_against_correlation"]

#: Colour, marker and legend label of each Figure 2 measure (the course-wide style).
MEASURE_STYLES = MEASURE_STYLE

_PANELS = (("informedness", "markedness", "correlation", "kappa"), ("Wav", "Gav", "Fav"))
_PANEL_TITLES = ("chance-corrected measures", "biased traditional averages")


def plot_measures_against_informedness(expected_informedness: ArrayLike, measures: Mapping[str, ArrayLike], *,
                                       dodge: float = 0.012, labels: Mapping[str, str] | None = None,
                                       figsize: tuple[float, float] = (11, 5.6),
                                       xlabel: str = "expected informedness $p_\\mathrm{inf}$\n(probability of an informed decision)"
                                       ) -> Figure:
    """Figure 2 in two panels: each measure of each table against its expected informedness p_inf.

    Points of one measure are shifted sideways by ``dodge`` so stacked levels stay
    readable; the dashed diagonal y = x is a measure that recovers p_inf exactly.
    ``labels`` may override legend labels (name -> text); ``xlabel`` names the horizontal axis (for the
    dual model, the expected markedness); without a line break of its own it is wrapped at 36 characters.  Returns the figure.
    """
    labels = {**{name: style[2] for name, style in MEASURE_STYLES.items()}, **(labels or {})}
    x = np.asarray(expected_informedness, dtype=float)
    figure, axes = plt.subplots(1, 2, figsize=figsize, sharey=True)
    for ax, names, title in zip(axes, _PANELS, _PANEL_TITLES):
        ax.plot([-0.05, 1.05], [-0.05, 1.05], "--", color="grey", lw=1, label="y = x: recovered exactly")
        shift = (np.arange(len(names)) - (len(names) - 1) / 2) * dodge
        for offset, name in zip(shift, names):
            colour, marker, _ = MEASURE_STYLES[name]
            ax.scatter(x + offset, measures[name], s=16, color=colour, marker=marker,
                       alpha=0.75, label=labels[name], linewidths=1)
        ax.set_title(title)
        # two short lines: one long line runs into the other panel's; a label with its own line break is kept
        ax.set_xlabel(xlabel if "\n" in xlabel else textwrap.fill(xlabel, 36))
        ax.set_xlim(-0.05, 1.05)
        # below the axis label, so that no legend covers a point
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=2, fontsize="small", frameon=False)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("measure of the simulated table")
    axes[0].set_ylim(-0.45, 1.1)
    figure.tight_layout()
    return figure


def plot_kappa_against_correlation(correlation: ArrayLike, kappa: ArrayLike, bias_gap: ArrayLike, *,
                                   figsize: tuple[float, float] = (6.4, 5.2)) -> Figure:
    """Kappa against the Matthews correlation, table by table, coloured by |pp - rp|.

    Points on the diagonal are tables where kappa equals the correlation.  The points are rasterized (the
    axes, labels and lines stay vector): as SVG, 110 000 vector markers would weigh 17 MB.  Returns the figure.
    """
    figure, ax = plt.subplots(figsize=figsize)
    order = np.argsort(bias_gap)  # draw the large gaps last so they stay visible
    points = ax.scatter(np.asarray(correlation)[order], np.asarray(kappa)[order], s=2,
                        c=np.asarray(bias_gap)[order], cmap="viridis", vmin=0, vmax=0.8, rasterized=True)
    ax.plot([-1, 1], [-1, 1], "--", color="grey", lw=1)
    ax.set_xlabel("correlation (Matthews) r")
    ax.set_ylabel("Cohen's kappa")
    ax.set_xlim(-0.4, 1.02)
    ax.set_ylim(-0.4, 1.02)
    figure.colorbar(points, ax=ax, label="|bias - prevalence| = |pp - rp|")
    ax.grid(alpha=0.3)
    figure.tight_layout()
    return figure
