"""The course's interactive explorers (ipywidgets in JupyterLab).

``bookmaker_explorer()``: sliders for prevalence, bias and informedness (the three
degrees of freedom of a 2x2 table) redraw the table, the Bookmaker's dollar payoffs
and the measures, via :func:`~bookeval_lib.course.states.explore_binary` (which clips an
infeasible informedness and says so) and :func:`explorer_html`.
``bias_sweep_explorer()``: kappa, correlation, markedness, F1 and informedness against the
bias at a fixed prevalence and informedness, via :func:`~bookeval_lib.course.states.bias_sweep`
(Powers 2008's central claim).
``threshold_explorer()``: a threshold over a scored classifier and a cost ratio.
These three are :mod:`bookeval_lib.course.explorers` descriptions: one each for JupyterLab
and the web site; the numbers they show come from the pure functions of
:mod:`bookeval_lib.course.states`.  ``operating_state_explorer()``: the cost-optimal operating
point of a ROC curve, in JupyterLab only.  ipywidgets is imported inside the functions that build widgets.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from numpy.typing import ArrayLike

    from .explorers import BiasSweepExplorer, BookmakerExplorer, ThresholdExplorer
    from .states import ExplorerState

__all__ = ["explorer_html", "bookmaker_explorer", "operating_state_explorer", "bias_sweep_explorer",
           "threshold_explorer"]


def explorer_html(state: ExplorerState) -> str:
    """Render a :class:`~bookeval_lib.course.states.ExplorerState` as HTML: the table, the dollar payoff
    block, the measures.

    The layout of Figure 1's Bookmaker block with its columns named in words (the
    paper's "Weighted" and "Won"), measures by name (:data:`~bookeval_lib.course.states.MEASURE_NAMES`), and
    amounts without a "$" sign (which a renderer could typeset as maths).  It is the
    template of :class:`~bookeval_lib.course.explorers.BookmakerExplorer`, filled.
    """
    from .explorers import BookmakerExplorer

    explorer = BookmakerExplorer()
    return explorer.body(explorer.fields(state))


def bookmaker_explorer(**start: float) -> BookmakerExplorer:
    """Sliders for prevalence, bias and informedness over the table, the dollars and the measures
    (:class:`~bookeval_lib.course.explorers.BookmakerExplorer`; ``start`` values must be on its grid)."""
    from .explorers import BookmakerExplorer

    return BookmakerExplorer(**start)


def operating_state_explorer(fpr: ArrayLike, tpr: ArrayLike, thresholds: ArrayLike, *, prevalence: float = 0.5,
                             false_positive_cost: float = 1.0, false_negative_cost: float = 1.0,
                             threshold: float = 0.5) -> Any:
    """ROC explorer: sliders for the two costs, the prevalence and the threshold.

    Each frame is :func:`figures.roc.plot_cost_operating_state`, whose numbers come
    from the tested pure function :func:`bookeval_lib.roc.cost_operating_state`:
    c = c_v * c_s with cost ratio c_v = c_n/c_p and class ratio c_s = rn/rp.
    The course's notebooks use :func:`threshold_explorer`, which also runs on the web site.
    """
    import ipywidgets as widgets

    style = {"description_width": "17em"}
    layout = {"width": "36em"}
    cost = lambda value, description: widgets.FloatLogSlider(
        value=value, base=10, min=-1.5, max=1.5, step=0.02, description=description,
        readout_format=".3g", continuous_update=False, style=style, layout=layout)
    sliders = {
        "false_positive_cost": cost(false_positive_cost, "cost of a false alarm cₙ"),
        "false_negative_cost": cost(false_negative_cost, "cost of a miss cₚ"),
        "prevalence": widgets.FloatSlider(
            value=prevalence, min=0.01, max=0.99, step=0.01, description="prevalence rₚ = Pr(+R)",
            continuous_update=False, style=style, layout=layout),
        "threshold": widgets.FloatSlider(
            value=threshold, min=0.0, max=1.0, step=0.005, readout_format=".3f",
            description="threshold: positive if score ≥", continuous_update=False, style=style,
            layout=layout),
    }

    def show(**values):
        from .figures.roc import plot_cost_operating_state

        plot_cost_operating_state(fpr, tpr, thresholds, **values)

    return widgets.interactive(show, **sliders)


def threshold_explorer(y_true: ArrayLike, y_score: ArrayLike,
                       names: tuple[str, str] = ("positive", "negative")) -> ThresholdExplorer:
    """A threshold slider over held-out scores and a cost-ratio slider
    (:class:`~bookeval_lib.course.explorers.ThresholdExplorer`); ``names`` of the classes 1 and 0."""
    from .explorers import ThresholdExplorer

    return ThresholdExplorer(y_true, y_score, names=names)


def bias_sweep_explorer(prevalence: float = 0.2, informedness: float = 0.5) -> BiasSweepExplorer:
    """Sliders for prevalence and informedness over the figure of :func:`~bookeval_lib.course.states.bias_sweep`
    (:class:`~bookeval_lib.course.explorers.BiasSweepExplorer`; the values must be on its grid)."""
    from .explorers import BiasSweepExplorer

    return BiasSweepExplorer(prevalence=prevalence, informedness=informedness)
