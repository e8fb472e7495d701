"""How label bias moves recall and precision while informedness stays fixed (Powers 2008, eqs 13-14).

With informedness B, prevalence rp and bias pp the table is determined:
tp = rp*(B*(1 - rp) + pp) (eq. 13 times rp), fp = pp - tp, fn = rp - tp and
tn = 1 - tp - fp - fn.  It is a valid table (no negative cell) only for
rp*B <= pp <= 1 - (1 - rp)*B when B >= 0, and (1 - rp)*|B| <= pp <= 1 - rp*|B|
when B < 0; outside that range there is no such classifier and the values are nan.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...measures import BinaryTable, rate_cells
from .style import COLOURS, REFERENCE_LINE

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence

    from matplotlib.axes import Axes
    from numpy.typing import ArrayLike

__all__ = ["recall_precision_at_fixed_informedness", "plot_label_bias"]


def recall_precision_at_fixed_informedness(informedness: ArrayLike, prevalence: ArrayLike,
                                           bias: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
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


def plot_label_bias(ax: Axes, informedness_levels: Sequence[float] = (0.0, 0.3, 0.6), prevalence: float = 0.3,
                    points: int = 201) -> Axes:
    """Draw recall and precision against bias, one line style per informedness level.

    Colour means the measure (recall and precision keep their course colours,
    :mod:`.style`); the line style is the informedness level; the grey dashed
    line bias = prevalence is in the legend, which sits outside the axes.
    Returns the axes.  Every plotted number comes from
    :func:`recall_precision_at_fixed_informedness`.
    """
    bias = np.linspace(0.0, 1.0, points)
    styles = (":", "--", "-", "-.", (0, (5, 1, 1, 1)))
    for level, style in zip(informedness_levels, styles * (len(informedness_levels) // len(styles) + 1)):
        recall, precision = recall_precision_at_fixed_informedness(level, prevalence, bias)
        ax.plot(bias, recall, color=COLOURS["recall"], linewidth=2.5, linestyle=style,
                label=f"recall (tpr), informedness {level:g}")
        ax.plot(bias, precision, color=COLOURS["precision"], linewidth=2.5, linestyle=style,
                label=f"precision (tpa), informedness {level:g}")
    ax.axvline(prevalence, label=f"bias = prevalence ({prevalence:g})", **REFERENCE_LINE)
    ax.set_xlabel("label bias (pp = predicted positives / N)")
    ax.set_ylabel("recall (tpr), precision (tpa)")
    ax.set_title(f"Same informedness, different bias (prevalence rp = {prevalence:g})")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    return ax
