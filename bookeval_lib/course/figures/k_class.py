"""Figures of the K-class notebooks: Powers' B as an area (06), and the averages over labels side by side (06b).

:func:`plot_bookmaker_per_label` draws each label's edge B(l) = recall(l) - fallout(l) as a bar whose width is
the label's bias Pr_P(l): the bars fill the unit width, so their total area is Powers' bias-weighted
B = sum_l Pr_P(l) B(l) (Powers 2003), drawn as a line at that height beside the unweighted (macro) mean.
:func:`plot_label_averages` puts the one-number summaries of notebook 06b side by side for several tables
(a classifier and a majority guesser, say), so that the summaries that reward the guesser stand out.
Every number drawn comes from :class:`bookeval_lib.Contingency` and :class:`bookeval_lib.BinaryTable`; this
module only draws.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

import numpy as np

from ... import _checks
from ...contingency import Contingency
from ...measures import BinaryTable
from .style import COLOURS, REFERENCE_LINE, SERIES_COLOURS

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["plot_bookmaker_per_label", "plot_label_averages", "label_averages", "AVERAGE_NAMES"]

#: The summaries of :func:`label_averages`, in the order they are drawn (top to bottom).
AVERAGE_NAMES = (
    "accuracy\n(= micro and weighted recall)",
    "micro B\n(pooled one-vs-rest tables)",
    "adjusted balanced accuracy",
    "macro mean of B(l)",
    "prevalence-weighted mean of B(l)",
    "Powers' B\n(bias-weighted mean of B(l))",
)


def plot_bookmaker_per_label(table: Contingency, *, ax: Axes | None = None) -> Figure:
    """B(l) of each label as a bar as wide as the label's bias Pr_P(l); Powers' B and the macro mean as lines.

    The bars sit side by side from 0 to 1 along the horizontal axis, so the area of the bars is
    sum_l Pr_P(l) B(l) = B, and the solid line at height B encloses the same area.  Each bar is labelled
    with its label, its bias and its B(l).  Returns the Figure.
    """
    import matplotlib.pyplot as plt

    _checks.instance(table, "table", Contingency)
    if list(table.labels) != list(table.classes):
        raise ValueError("table must have the same names in its rows and its columns, got labels "
                         f"{list(table.labels)} and classes {list(table.classes)}")
    if ax is None:
        figure, ax = plt.subplots(figsize=(9.0, 5.0), layout="constrained")
    else:
        figure = ax.get_figure(root=True)
        assert figure is not None                     # an Axes drawn on belongs to a figure
    widths = np.asarray(table.bias, dtype=float)
    heights = np.asarray(table.informedness_per_label, dtype=float)
    lefts = np.concatenate([[0.0], np.cumsum(widths)[:-1]])
    bars = ax.bar(lefts, heights, width=widths, align="edge", color=COLOURS["informedness"], alpha=0.55,
                  edgecolor="white", linewidth=2, label="B(l), bar width = bias Pr_P(l)")
    for bar, label, width, height in zip(bars, table.labels, widths, heights):
        ax.text(bar.get_x() + width / 2, height / 2, f"{label}\nPr_P = {width:.2f}\nB(l) = {height:.3f}",
                ha="center", va="center", fontsize="small")
    ax.axhline(table.informedness, color=COLOURS["informedness"], linewidth=2.2,
               label=f"Powers' B = Σ Pr_P(l) B(l) = {table.informedness:.3f}")
    ax.axhline(table.informedness_macro, color=COLOURS["informedness"], linestyle=":", linewidth=1.8,
               label=f"macro mean of B(l) = {table.informedness_macro:.3f}")
    ax.axhline(0.0, **REFERENCE_LINE, label="chance: B(l) = 0")
    low = min(0.0, float(np.nanmin(heights)))
    ax.set_xlim(0, 1)
    ax.set_ylim(low - 0.05 if low < 0 else 0, 1.0)
    ax.set_xlabel("share of predictions: bias Pr_P(l), the width of each bar")
    ax.set_ylabel("B(l) = recall(l) − fallout(l)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=2, fontsize="small", frameon=False)
    return figure


def _micro_informedness(table: Contingency) -> float:
    """Informedness of the K one-vs-rest tables pooled into one (their cells added)."""
    parts = [table.to_binary(label) for label in table.labels]
    pooled = BinaryTable(tp=sum(p.tp for p in parts), fp=sum(p.fp for p in parts),
                         fn=sum(p.fn for p in parts), tn=sum(p.tn for p in parts))
    return float(pooled.informedness)


def label_averages(table: Contingency) -> dict[str, float]:
    """The one-number summaries of a K-class table that :func:`plot_label_averages` draws, by name.

    Keys are :data:`AVERAGE_NAMES`: accuracy (which is also scikit-learn's micro and support-weighted
    recall), the informedness of the pooled one-vs-rest tables (micro B), scikit-learn's adjusted balanced
    accuracy, and the macro, prevalence-weighted and bias-weighted (Powers') means of B(l).
    """
    _checks.instance(table, "table", Contingency)
    values = (table.accuracy, _micro_informedness(table), table.adjusted_balanced_accuracy,
              table.informedness_macro, table.informedness_prevalence_weighted, table.informedness)
    return {name: float(value) for name, value in zip(AVERAGE_NAMES, values)}


def plot_label_averages(tables: Mapping[str, Contingency], *, ax: Axes | None = None) -> Figure:
    """Each summary of :func:`label_averages` as a horizontal bar, one bar per table, with its value.

    ``tables`` maps a name shown in the legend to a K-class table (two or three read best: a classifier
    and a guesser).  A vertical grey line marks 0, the score of knowing nothing.  Returns the Figure.
    """
    import matplotlib.pyplot as plt

    if not isinstance(tables, Mapping) or not 1 <= len(tables) <= len(SERIES_COLOURS):
        raise ValueError(f"tables must map 1 to {len(SERIES_COLOURS)} names to Contingency tables")
    if ax is None:
        figure, ax = plt.subplots(figsize=(10.0, 6.4), layout="constrained")
    else:
        figure = ax.get_figure(root=True)
        assert figure is not None                     # an Axes drawn on belongs to a figure
    rows = np.arange(len(AVERAGE_NAMES))
    height = 0.8 / len(tables)
    for k, ((name, table), colour) in enumerate(zip(tables.items(), SERIES_COLOURS)):
        values = list(label_averages(table).values())
        offset = (k - (len(tables) - 1) / 2) * height
        bars = ax.barh(rows + offset, values, height=height * 0.92, color=colour, label=name)
        ax.bar_label(bars, labels=[f"{v:.3f}" for v in values], padding=3, fontsize="small")
    ax.axvline(0.0, **REFERENCE_LINE, label="knowing nothing: 0")
    ax.set_yticks(rows, AVERAGE_NAMES, fontsize="small")
    ax.invert_yaxis()
    ax.set_xlim(min(0.0, ax.get_xlim()[0]), 1.0)
    ax.set_xlabel("value of the summary")
    ax.legend(loc="lower right", fontsize="small")
    return figure
