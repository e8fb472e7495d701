"""Figures of the chance-corrected chapter (notebook 04): what moves with the bias and what does not.

At a fixed prevalence rp and informedness B the table still has one degree of
freedom, the bias pp.  Informedness stays put by construction; kappa, the
Matthews correlation, markedness and F1 move (Powers 2008, section 3).  Every
plotted number comes from :func:`bookeval_lib.course.states.bias_sweep`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..states import SWEPT_MEASURES, bias_sweep
from .style import COLOURS, REFERENCE_LINE

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from matplotlib.axes import Axes

__all__ = ["plot_bias_sweep"]

_COLOUR = {"kappa": COLOURS["kappa"], "matthews_correlation": COLOURS["correlation"],
           "markedness": COLOURS["markedness"],
           "f1": COLOURS["f_measure"], "informedness": COLOURS["informedness"]}
_LINESTYLE = {"kappa": "-", "matthews_correlation": "-.", "markedness": "--", "f1": ":", "informedness": "-"}


def plot_bias_sweep(ax: Axes, prevalence: float = 0.2, informedness: float = 0.5, points: int = 401) -> Axes:
    """Draw each measure of :data:`SWEPT_MEASURES` against the bias; the line bias = prevalence is dashed grey.

    The legend sits outside the axes on the right.  Returns the axes.
    """
    bias, values = bias_sweep(prevalence, informedness, points=points)
    for name, label in SWEPT_MEASURES.items():
        ax.plot(bias, values[name], color=_COLOUR[name], linestyle=_LINESTYLE[name], linewidth=2.4,
                label=label)
    ax.axvline(prevalence, label=f"bias = prevalence ({prevalence:g})", **REFERENCE_LINE)
    ax.set_xlabel("bias pp (share of cases predicted positive)")
    ax.set_ylabel("value of the measure")
    ax.set_title(f"Fixed prevalence rp = {prevalence:g} and informedness B = {informedness:g}")
    ax.set_xlim(0, 1)
    ax.set_ylim(min(-0.05, informedness - 0.05), 1.02)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, fontsize="small")
    return ax
