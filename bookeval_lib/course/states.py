"""What the explorers and the course's figures show, as pure tested functions (no plotting, no widgets).

* :func:`explore_binary`: the 2x2 table, the Bookmaker's dollars and the measures for a prevalence rp,
  bias pp and informedness B, B clipped to what (rp, pp) allows (notebook 05).
* :func:`bias_sweep`: kappa, correlation, markedness, F1 and informedness as the bias moves at a fixed
  prevalence and informedness (Powers 2008, section 3; notebook 04).
* :func:`optimum_words`: the cost-optimal rule of a ROC curve in words (notebook 11b).

:mod:`bookeval_lib.course.explorers`, :mod:`bookeval_lib.course.widgets` and the figures import this
module; it imports only the core.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .. import _checks
from ..betting import binary_table_from_rates, expected_winnings_per_bet, feasible_informedness
from .replications.betting import bookmaker_sheet
from ..measures import BinaryTable, rate_cells

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from numpy.typing import ArrayLike

__all__ = ["ExplorerState", "explore_binary", "MEASURE_NAMES", "PAYOFF_NOTE", "SWEPT_MEASURES", "bias_sweep",
           "optimum_words"]


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


def explore_binary(prevalence: float, bias: float, informedness: float, total: float = 100,
                   odds_total: float = 10) -> ExplorerState:
    """The pure function behind the explorer widget.

    Builds the 2x2 table with the given prevalence rp, bias pp and informedness B
    (``binary_table_from_rates``).  When B is outside the feasible interval for
    (rp, pp) — some cell would be negative — B is **clipped** to the nearest
    feasible value and ``clipped`` is True, so a slider never produces an error.
    Prevalence must lie strictly between 0 and 1 (otherwise the odds are not fair
    odds), bias in [0, 1].
    """
    low, high = (float(v) for v in feasible_informedness(prevalence, bias))
    requested = _checks.real_number(informedness, "informedness")
    b = min(max(requested, low), high)
    table = binary_table_from_rates(prevalence, bias, b, total)
    names = ("recall", "precision", "inverse_recall", "inverse_precision", "accuracy", "f1",
             "informedness", "markedness", "matthews_correlation", "kappa")
    measures = {name: getattr(table, name) for name in names}
    measures["winnings_per_bet"] = expected_winnings_per_bet(table)
    return ExplorerState(float(prevalence), float(bias), b, requested, (low, high),
                         b != requested, table, bookmaker_sheet(table, odds_total), measures)


#: What the explorer calls each measure of :attr:`ExplorerState.measures` (names, not identifiers).
MEASURE_NAMES = {
    "recall": "recall (true positive rate)", "precision": "precision",
    "inverse_recall": "inverse recall (true negative rate)", "inverse_precision": "inverse precision",
    "accuracy": "accuracy", "f1": "F-measure (F1)", "informedness": "informedness B",
    "markedness": "markedness M", "matthews_correlation": "Matthews correlation", "kappa": "Cohen's kappa",
    "winnings_per_bet": "expected winnings per bet at unit fair odds, dollars (= B)",
}

#: The explorer's note under the dollar block, explaining its columns in words.
PAYOFF_NOTE = (
    "Dollars at odds that add to 10, one bet per case. The two dollar columns hold what the bets in each "
    "cell win (+) or lose (\u2212) in total, scaled to 10 \u00d7 count / column total; <i>won by label</i> is "
    "their row sum, 10 B(l); <i>bias-weighted</i> is that times the share of bets on the label, Pr(P = l), "
    "and its total is 10 B.")


#: The measures :func:`bias_sweep` follows, with the names the course shows for them.
SWEPT_MEASURES = {"kappa": "Cohen's kappa", "matthews_correlation": "correlation (Matthews)",
                  "markedness": "markedness",
                  "f1": "F1", "informedness": "informedness"}


def bias_sweep(prevalence: float, informedness: float, bias: ArrayLike | None = None,
               points: int = 201) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Every table with this prevalence rp and informedness B, as the bias pp moves: the pure function
    behind :func:`bias_sweep_explorer` and the figure of notebook 04.

    Returns ``(bias, values)``: the bias grid (``bias`` if given, else ``points``
    values from 0 to 1) and a dict measure name -> array over it (the keys of
    :data:`SWEPT_MEASURES`).  Where no table has these three numbers (a cell
    would be negative: B outside ``feasible_informedness(rp, pp)``) the values
    are nan.  Informedness is constant along the sweep by construction; kappa,
    correlation, markedness and F1 move with the bias (Powers 2008, section 3).
    """
    rp = float(_checks.probabilities(_checks.real_number(prevalence, "prevalence"), "prevalence",
                                     open_interval=True))
    b = float(_checks.probabilities(_checks.real_number(informedness, "informedness"), "informedness", low=-1.0))
    if bias is None:
        bias = np.linspace(0.0, 1.0, _checks.positive_integer(points, "points", minimum=2))
    bias = np.asarray(bias, dtype=float)
    if bias.ndim != 1 or np.any((bias < 0) | (bias > 1)):
        raise ValueError("bias must be a 1-d array of values in [0, 1]")
    cells = rate_cells(rp, bias, b)
    feasible = np.min(cells, axis=0) >= -1e-12
    safe = [np.where(feasible, np.clip(c, 0.0, None), 0.25) for c in cells]
    table = BinaryTable(tp=safe[0], fp=safe[1], fn=safe[2], tn=safe[3])
    return bias, {name: np.where(feasible, getattr(table, name), np.nan) for name in SWEPT_MEASURES}


def optimum_words(threshold: float, fpr: float, tpr: float) -> str:
    """The cost-optimal rule in words: "flag nothing" at the point (0, 0) (threshold inf), "flag
    everything" at (1, 1), else "score >= t"."""
    if not np.isfinite(threshold) or (fpr == 0 and tpr == 0):
        return "flag nothing"
    if fpr == 1 and tpr == 1:
        return "flag everything"
    return f"score \u2265 {threshold:.3f}"
