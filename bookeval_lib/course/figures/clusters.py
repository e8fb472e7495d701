"""A K x K table before and after its labels are renamed: heat maps above, B(l) and M(l) bars below.

Notebook 07 relabels the clusters of an unsupervised system.  The figure puts
the table as read in its arbitrary order beside the relabelled one, each as
:func:`bookeval_lib.plot.contingency_table` (predicted labels in rows, real
classes in columns, Powers' layout) over :func:`bookeval_lib.plot.per_label`
(B(l) = recall(l) - fallout(l) and M(l) of each one-vs-rest table; Powers 2003).
Every number drawn comes from :class:`bookeval_lib.Contingency`; this module
only composes the two plots.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import _checks, plot
from ...contingency import Contingency

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from matplotlib.figure import Figure

__all__ = ["plot_relabelling"]


def plot_relabelling(before: Contingency, after: Contingency, *,
                     titles: tuple[str, str] = ("as numbered", "after relabelling")) -> Figure:
    """Two columns, ``before`` and ``after``: each table's heat map over its B(l)/M(l) bars.

    Both tables must have the same real classes (renaming rows changes no
    column).  Each heat map's title gives the table's bias-weighted
    informedness B; the two bar panels share one vertical range and one
    legend, below the panels (never over data).  Returns the Figure.
    """
    import matplotlib.pyplot as plt

    for name, table in (("before", before), ("after", after)):
        _checks.instance(table, name, Contingency)
    if list(before.classes) != list(after.classes):
        raise ValueError(f"after must have the real classes of before ({list(before.classes)}), "
                         f"got {list(after.classes)}")
    if len(titles) != 2:
        raise ValueError(f"titles must be two strings, got {len(titles)}")
    figure, axes = plt.subplots(2, 2, figsize=(13.0, 7.6), layout="constrained",
                                gridspec_kw={"height_ratios": (1.0, 1.15)})
    for column, (table, title) in enumerate(zip((before, after), titles)):
        plot.contingency_table(table, ax=axes[0, column])
        axes[0, column].set_title(f"{title}: B = {table.informedness:.3f}", pad=12)   # clear of the x label on top
        plot.per_label(table, ax=axes[1, column])
    handles, labels = axes[1, 1].get_legend_handles_labels()
    for column in (0, 1):
        axes[1, column].get_legend().remove()
    figure.legend(handles, labels, loc="outside lower center", ncols=3, fontsize="small")
    low = min(axes[1, column].get_ylim()[0] for column in (0, 1))
    for column in (0, 1):
        axes[1, column].set_ylim(low, 1.05)
    axes[1, 0].set_ylabel("B(l) = recall − fallout\nM(l) = precision − Pr(R=l | P≠l)", fontsize="small")
    axes[1, 1].set_ylabel("")
    return figure
