"""How label bias moves recall and precision while informedness stays fixed (Powers 2008, eqs 13-14).

With informedness B, prevalence rp and bias pp the table is determined:
tp = rp*(B*(1 - rp) + pp) (eq. 13 times rp), fp = pp - tp, fn = rp - tp and
tn = 1 - tp - fp - fn.  It is a valid table (no negative cell) only for
rp*B <= pp <= 1 - (1 - rp)*B when B >= 0, and (1 - rp)*|B| <= pp <= 1 - rp*|B|
when B < 0; outside that range there is no such classifier and the values are nan.
"""
from __future__ import annotations

import numpy as np

from ...measures import BinaryTable, rate_cells

__all__ = ["recall_precision_at_fixed_informedness", "plot_label_bias"]


def recall_precision_at_fixed_informedness(informedness, prevalence, bias):
    """(recall, precision) of the table with these rates; nan where no such table exists.

    Arguments broadcast.  At informedness 0 recall equals the bias and
    precision the prevalence (eqs 13-14 at chance).
    """
    tp, fp, fn, tn = rate_cells(prevalence, bias, informedness)
    feasible = np.minimum(np.minimum(tp, fp), np.minimum(fn, tn)) >= -1e-12
    safe = [np.where(feasible, np.clip(c, 0, None), 0.25) for c in (tp, fp, fn, tn)]
    table = BinaryTable(tp=safe[0], fp=safe[1], fn=safe[2], tn=safe[3])
    recall = np.where(feasible, table.recall, np.nan)
    precision = np.where(feasible, table.precision, np.nan)
    return recall, precision


def plot_label_bias(ax, informedness_levels=(0.0, 0.3, 0.6), prevalence=0.3, points=201):
    """Draw recall (solid) and precision (dashed) against bias, one colour per informedness level.

    Returns the axes.  Every plotted number comes from
    :func:`recall_precision_at_fixed_informedness`.
    """
    bias = np.linspace(0.0, 1.0, points)
    colours = ("tab:grey", "tab:blue", "tab:orange", "tab:green", "tab:red")
    for level, colour in zip(informedness_levels, colours * (len(informedness_levels) // 5 + 1)):
        recall, precision = recall_precision_at_fixed_informedness(level, prevalence, bias)
        ax.plot(bias, recall, color=colour, linewidth=2.5, label=f"recall, informedness {level:g}")
        ax.plot(bias, precision, color=colour, linewidth=2.5, linestyle="--",
                label=f"precision, informedness {level:g}")
    ax.axvline(prevalence, color="black", linewidth=0.8, linestyle=":")
    ax.set_xlabel("label bias (pp = predicted positives / N)")
    ax.set_ylabel("recall (tpr), precision (tpa)")
    ax.set_title(f"Same informedness, different bias (prevalence rp = {prevalence:g})")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize=10, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    return ax
