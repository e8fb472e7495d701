"""Figure of notebook 03: informedness and markedness as the two least-squares slopes of a 2x2 table.

Every case of a table of counts is a pair of 0/1 codes, x = 1 if it is predicted
positive and y = 1 if it is really positive (notebook 03's notation).  The least-squares line of the
prediction on the real class passes through the mean prediction of each real
class, (0, fpr) and (1, tpr), so its slope is tpr - fpr = informedness B; the
line of the real class on the prediction passes through (0, fna) and (1, tpa),
slope tpa - fna = markedness M (Powers 2008, section 2.5, eq. 12).  The points
are jittered (seeded) only so that the many cases on each of the four corners
can be seen; the lines are fitted to the codes themselves.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np

from ...measures import BinaryTable
from .style import COLOURS, REFERENCE_LINE

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence

    from matplotlib.axes import Axes
    from matplotlib.figure import Figure, SubFigure
__all__ = ["zero_one_codes", "plot_regression_slopes"]


def zero_one_codes(table: BinaryTable) -> tuple[np.ndarray, np.ndarray]:
    """(real, predicted): one 0/1 pair per case of a single table of whole counts, TP, FP, FN, TN order."""
    if table.shape:
        raise ValueError(f"table must be one table, not an array of shape {table.shape}")
    counts = np.array([table.tp, table.fp, table.fn, table.tn], dtype=float)
    if np.any(counts != np.round(counts)) or counts.sum() < 1:
        raise ValueError(f"table must hold whole counts with at least one case, got {counts.tolist()}")
    counts = counts.astype(int)
    real = np.repeat([1, 0, 1, 0], counts)
    predicted = np.repeat([1, 1, 0, 0], counts)
    return real, predicted


def _panel(ax, x, y, jitter, colour, slope, intercept, labels, name):
    ax.scatter(x + jitter[0], y + jitter[1], s=14, alpha=0.45, color="0.35", linewidths=0,
               label="one case (jittered)")
    ends = np.array([-0.3, 1.3])
    ax.plot(ends, intercept + slope * ends, color=colour, linewidth=2.5,
            label=f"least squares: slope {name} = {slope:.3f}")
    means = intercept + slope * np.array([0.0, 1.0])
    ax.plot([0, 1], means, linestyle="none", marker="D", markersize=8, color=colour,
            markeredgecolor="black", label="mean of each group")
    ax.plot([0, 1], [means[0], means[0]], label="run of 1 at the first group's level", **REFERENCE_LINE)
    ax.annotate("", xy=(1.0, means[1]), xytext=(1.0, means[0]),
                arrowprops={"arrowstyle": "<->", "color": colour, "linewidth": 1.5})
    ax.text(1.04, means.mean(), f"rise {name}\nover a run of 1", color=colour, va="center", fontsize="small")
    ax.set_xlim(-0.35, 1.65)
    ax.set_ylim(-0.35, 1.35)
    ax.set_xticks([0, 1], labels[0])
    ax.set_yticks([0, 1], labels[1])
    # one column under each panel: two columns side by side would run into the other panel's legend
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.31), ncol=1, fontsize="small", frameon=False)


def plot_regression_slopes(table: BinaryTable, seed: int = 0, spread: float = 0.1,
                           axes: Sequence[Axes] | None = None) -> Figure | SubFigure:
    """Two panels: prediction on real class (slope B), real class on prediction (slope M).

    The cases of ``table`` (whole counts) are drawn as 0/1 pairs jittered by
    independent normal noise of standard deviation ``spread`` from
    ``numpy.random.default_rng(seed)``; each least-squares line goes through the
    two group means (diamonds).  Returns the figure.
    """
    if not 0 <= spread < 0.2:
        raise ValueError(f"spread must lie in [0, 0.2) so the four corners stay apart, got {spread}")
    real, predicted = zero_one_codes(table)
    jitter = np.random.default_rng(seed).normal(0.0, spread, (2, real.size))
    if axes is None:
        fig, axes = plt.subplots(1, 2, figsize=(11, 7.0))   # tall: ticks and legend take 40 % below each panel
    fig = axes[0].figure
    real_labels = ["−R\n(real\nnegative)", "+R\n(real\npositive)"]   # one word a line: the ticks are close
    predicted_labels = ["−P", "+P"]
    b, m = table.informedness, table.markedness
    _panel(axes[0], real, predicted, jitter, COLOURS["informedness"], b, table.fallout,
           (real_labels, predicted_labels), "B")
    axes[0].set_xlabel("real class y")
    axes[0].set_ylabel("prediction x")
    axes[0].set_title("prediction on real class: slope = tpr − fpr = B", fontsize="medium")
    fna = table.fn / table.predicted_negatives
    _panel(axes[1], predicted, real, jitter[::-1], COLOURS["markedness"], m, fna,
           (["−P\n(predicted\nnegative)", "+P\n(predicted\npositive)"], ["−R", "+R"]), "M")
    axes[1].set_xlabel("prediction x")
    axes[1].set_ylabel("real class y")
    axes[1].set_title("real class on prediction: slope = tpa − fna = M", fontsize="medium")
    return fig
