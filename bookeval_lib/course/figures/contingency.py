"""Figures of the contingency-table chapter: the mosaic plot of a 2x2 table, every cell drawn with an area equal to its proportion.

Each real class is a column whose width is its share of the cases (prevalence
rp for +R, rn for -R).  Inside a column the predicted labels stack: in +R the
true positives take height tpr (recall) on top and the false negatives fnr
below; in -R the false positives take height fpr (fallout) on top and the true
negatives tnr (inverse recall) below.  So width x height = rp x tpr = tp, and
the picture shows prevalence, recall, fallout and every cell at once.

:func:`plot_always_positive` draws what recall, precision, F1 and recall - fallout
(informedness, notebook 03) give the strategy "say +P every time" at every prevalence.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Rectangle

from ...measures import BinaryTable
from .style import CELL_COLOURS, COLOURS, REFERENCE_LINE

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from matplotlib.axes import Axes

__all__ = ["mosaic_rectangles", "plot_mosaic", "plot_always_positive"]



def mosaic_rectangles(table: BinaryTable) -> dict:
    """The rectangle ``(x, y, width, height)`` of each cell in the unit square.

    Columns: +R from x = 0 to rp, -R from rp to 1.  A column of width 0 (a class
    that never occurs) gets rectangles of height 0.  Needs a single table with N > 0.
    """
    if table.shape:
        raise ValueError(f"a mosaic draws one table, not an array of shape {table.shape}")
    if not table.total > 0:
        raise ValueError("a mosaic needs a table with at least one case (N > 0)")
    n = table.total
    rp = table.real_positives / n
    recall = table.tp / table.real_positives if table.real_positives else 0.0
    fallout = table.fp / table.real_negatives if table.real_negatives else 0.0
    return {
        "tp": (0.0, 1.0 - recall, rp, recall),
        "fn": (0.0, 0.0, rp, 1.0 - recall if table.real_positives else 0.0),
        "fp": (rp, 1.0 - fallout, 1.0 - rp, fallout),
        "tn": (rp, 0.0, 1.0 - rp, 1.0 - fallout if table.real_negatives else 0.0),
    }


def plot_mosaic(table: BinaryTable, ax: Axes | None = None, title: str | None = None) -> Axes:
    """Draw :func:`mosaic_rectangles` with each cell's name and count; returns the axes."""
    if ax is None:
        ax = plt.gca()
    labels = {"tp": "TP", "fp": "FP", "fn": "FN", "tn": "TN"}
    for cell, (x, y, width, height) in mosaic_rectangles(table).items():
        ax.add_patch(Rectangle((x, y), width, height, facecolor=CELL_COLOURS[cell],
                               edgecolor="white", linewidth=2))
        if width * height > 0.004:
            # name over count, or on one line in a thin cell (two lines would spill over its edges)
            gap = "\n" if height >= 0.2 else " "
            ax.text(x + width / 2, y + height / 2, f"{labels[cell]}{gap}{getattr(table, cell):g}",
                    ha="center", va="center", fontsize="medium",
                    color="white" if cell == "tp" else "black")
    rp = float(table.prevalence)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xticks([rp / 2, rp + (1 - rp) / 2], [f"+R\n(rp = {rp:.2f})", f"−R\n(rn = {1 - rp:.2f})"])
    ax.set_xlabel("real class (column width = prevalence)")
    ax.set_ylabel("share of the class predicted\n+P (top) / −P (bottom)")
    ax.set_yticks(np.linspace(0, 1, 6))
    if title:
        ax.set_title(title)
    return ax


def plot_always_positive(ax: Axes, points: int = 49) -> Axes:
    """Recall, precision, F1 and recall - fallout of the always-positive table (tp = rp, fp = rn) against prevalence.

    Each measure in its course colour (:mod:`.style`); the chance level 0 is a
    grey dashed reference line in the legend, which sits outside the axes.
    Returns the axes.
    """
    prevalence = np.linspace(0.02, 0.98, int(points))
    table = BinaryTable(tp=prevalence, fp=1 - prevalence, fn=0, tn=0)
    ax.plot(prevalence, table.recall, color=COLOURS["recall"], linewidth=2.5, label="recall (tpr) = 1")
    ax.plot(prevalence, table.precision, color=COLOURS["precision"], linewidth=2.5, linestyle="--",
            label="precision (tpa) = rp")
    ax.plot(prevalence, table.f1, color=COLOURS["f_measure"], linewidth=2.5, linestyle="-.",
            label="F1 = 2rp/(1 + rp)")
    ax.plot(prevalence, table.informedness, color=COLOURS["informedness"], linewidth=2.5,
            label="recall − fallout (tpr − fpr) = 0")
    ax.axhline(0, label="chance level 0", **REFERENCE_LINE)
    ax.set_xlabel("prevalence rp (share of real positives)")
    ax.set_ylabel("score of the\nalways-positive strategy")
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.05, 1.05)
    ax.set_title("Saying +P every time: rewarded by\nrecall and F1, not by recall − fallout", fontsize="medium")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, fontsize="small")
    return ax
