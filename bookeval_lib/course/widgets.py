"""The course's interactive explorers, and the tested pure functions behind them.

``bookmaker_explorer()``: sliders for prevalence, bias and informedness (the three
degrees of freedom of a 2x2 table) redraw the table, the Bookmaker's dollar payoffs
and the measures, via :func:`explore_binary` (which clips an infeasible
informedness and says so) and :func:`explorer_html`.
``bias_sweep_explorer()``: kappa, correlation, markedness, F1 and informedness against the
bias at a fixed prevalence and informedness, via :func:`bias_sweep` (Powers 2008's central claim).
``threshold_explorer()``: a threshold over a scored classifier and a cost ratio.
These three are :mod:`bookeval_lib.course.explorers` descriptions: one each for JupyterLab
and the web site.  ``operating_state_explorer()``: the cost-optimal operating point of a
ROC curve, in JupyterLab only.  ipywidgets is imported inside the functions that build widgets.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..betting import (binary_table_from_rates, bookmaker_sheet, expected_winnings_per_bet,
                       feasible_informedness)
from ..measures import BinaryTable, rate_cells

__all__ = ["ExplorerState", "explore_binary", "explorer_html", "MEASURE_NAMES", "PAYOFF_NOTE",
           "bookmaker_explorer", "operating_state_explorer", "SWEPT_MEASURES", "bias_sweep",
           "bias_sweep_explorer", "threshold_explorer"]


@dataclass(frozen=True)
class ExplorerState:
    """What the explorer shows for one setting of (prevalence, bias, informedness)."""

    prevalence: float
    bias: float
    informedness: float          # after clipping to the feasible interval
    requested_informedness: float
    feasible: tuple              # (lowest B, highest B) for this prevalence and bias
    clipped: bool
    table: BinaryTable           # counts out of ``total``
    payoff: dict                 # :func:`bookmaker_sheet` of the table
    measures: dict               # name -> value for the measures shown


def explore_binary(prevalence, bias, informedness, total=100, odds_total=10):
    """The pure function behind the explorer widget.

    Builds the 2x2 table with the given prevalence rp, bias pp and informedness B
    (``binary_table_from_rates``).  When B is outside the feasible interval for
    (rp, pp) — some cell would be negative — B is **clipped** to the nearest
    feasible value and ``clipped`` is True, so a slider never produces an error.
    Prevalence must lie strictly between 0 and 1 (otherwise the odds are not fair
    odds), bias in [0, 1].
    """
    low, high = (float(v) for v in feasible_informedness(prevalence, bias))
    requested = float(informedness)
    if not np.isfinite(requested):
        raise ValueError("informedness must be finite")
    b = min(max(requested, low), high)
    table = binary_table_from_rates(prevalence, bias, b, total)
    names = ("recall", "precision", "inverse_recall", "inverse_precision", "accuracy", "f1",
             "informedness", "markedness", "mcc", "kappa")
    measures = {name: getattr(table, name) for name in names}
    measures["winnings_per_bet"] = expected_winnings_per_bet(table)
    return ExplorerState(float(prevalence), float(bias), b, requested, (low, high),
                         b != requested, table, bookmaker_sheet(table, odds_total), measures)


#: What the explorer calls each measure of :attr:`ExplorerState.measures` (names, not identifiers).
MEASURE_NAMES = {
    "recall": "recall (true positive rate)", "precision": "precision",
    "inverse_recall": "inverse recall (true negative rate)", "inverse_precision": "inverse precision",
    "accuracy": "accuracy", "f1": "F-measure (F1)", "informedness": "informedness B",
    "markedness": "markedness M", "mcc": "Matthews correlation", "kappa": "Cohen's kappa",
    "winnings_per_bet": "expected winnings per bet at unit fair odds, dollars (= B)",
}

#: The explorer's note under the dollar block, explaining its columns in words.
PAYOFF_NOTE = (
    "Dollars at odds that add to 10, one bet per case. The two dollar columns hold what the bets in each "
    "cell win (+) or lose (\u2212) in total, scaled to 10 \u00d7 count / column total; <i>won by label</i> is "
    "their row sum, 10 B(l); <i>bias-weighted</i> is that times the share of bets on the label, Pr(P = l), "
    "and its total is 10 B.")


def explorer_html(state):
    """Render an :class:`ExplorerState` as HTML: the table, the dollar payoff block, the measures.

    The layout of Figure 1's Bookmaker block with its columns named in words (the
    paper's "Weighted" and "Won"), measures by name (:data:`MEASURE_NAMES`), and
    amounts without a "$" sign (which a renderer could typeset as maths).  It is the
    template of :class:`~bookeval_lib.course.explorers.BookmakerExplorer`, filled.
    """
    from .explorers import BookmakerExplorer

    explorer = BookmakerExplorer()
    return explorer.body(explorer.fields(state))


def bookmaker_explorer(**start):
    """Sliders for prevalence, bias and informedness over the table, the dollars and the measures
    (:class:`~bookeval_lib.course.explorers.BookmakerExplorer`; ``start`` values must be on its grid)."""
    from .explorers import BookmakerExplorer

    return BookmakerExplorer(**start)


def operating_state_explorer(fpr, tpr, thresholds, *, prevalence=0.5, false_positive_cost=1.0,
                             false_negative_cost=1.0, threshold=0.5):
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


def threshold_explorer(y_true, y_score, names=("positive", "negative")):
    """A threshold slider over held-out scores and a cost-ratio slider
    (:class:`~bookeval_lib.course.explorers.ThresholdExplorer`); ``names`` of the classes 1 and 0."""
    from .explorers import ThresholdExplorer

    return ThresholdExplorer(y_true, y_score, names=names)


#: The measures :func:`bias_sweep` follows, with the names the course shows for them.
SWEPT_MEASURES = {"kappa": "Cohen's kappa", "mcc": "correlation (Matthews)", "markedness": "markedness",
                  "f1": "F1", "informedness": "informedness"}


def bias_sweep(prevalence, informedness, bias=None, points=201):
    """Every table with this prevalence rp and informedness B, as the bias pp moves: the pure function
    behind :func:`bias_sweep_explorer` and the figure of notebook 04.

    Returns ``(bias, values)``: the bias grid (``bias`` if given, else ``points``
    values from 0 to 1) and a dict measure name -> array over it (the keys of
    :data:`SWEPT_MEASURES`).  Where no table has these three numbers (a cell
    would be negative: B outside ``feasible_informedness(rp, pp)``) the values
    are nan.  Informedness is constant along the sweep by construction; kappa,
    correlation, markedness and F1 move with the bias (Powers 2008, section 3).
    """
    rp = float(prevalence)
    if not 0.0 < rp < 1.0:
        raise ValueError(f"prevalence must lie strictly between 0 and 1, not {prevalence!r}")
    b = float(informedness)
    if not -1.0 <= b <= 1.0:
        raise ValueError(f"informedness must lie in [-1, 1], not {informedness!r}")
    if bias is None:
        if int(points) < 2:
            raise ValueError(f"points must be at least 2, not {points!r}")
        bias = np.linspace(0.0, 1.0, int(points))
    bias = np.asarray(bias, dtype=float)
    if bias.ndim != 1 or np.any((bias < 0) | (bias > 1)):
        raise ValueError("bias must be a 1-d array of values in [0, 1]")
    cells = rate_cells(rp, bias, b)
    feasible = np.min(cells, axis=0) >= -1e-12
    safe = [np.where(feasible, np.clip(c, 0.0, None), 0.25) for c in cells]
    table = BinaryTable(tp=safe[0], fp=safe[1], fn=safe[2], tn=safe[3])
    return bias, {name: np.where(feasible, getattr(table, name), np.nan) for name in SWEPT_MEASURES}


def bias_sweep_explorer(prevalence=0.2, informedness=0.5):
    """Sliders for prevalence and informedness over the figure of :func:`bias_sweep`
    (:class:`~bookeval_lib.course.explorers.BiasSweepExplorer`; the values must be on its grid)."""
    from .explorers import BiasSweepExplorer

    return BiasSweepExplorer(prevalence=prevalence, informedness=informedness)
