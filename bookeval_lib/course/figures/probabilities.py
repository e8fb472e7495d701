"""Figure of notebook 14b: the reliability diagram of several forecasters on the same cases.

Plotting only: each point comes from :func:`bookeval_lib.proper_scores.reliability_curve`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib.pyplot as plt

from ...proper_scores import reliability_curve
from .style import REFERENCE_LINE, SERIES_COLOURS

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Mapping

    from matplotlib.figure import Figure
    from numpy.typing import ArrayLike

__all__ = ["plot_reliability_diagram"]

_MARKERS = ("o", "s", "^", "D")


def plot_reliability_diagram(y_true: ArrayLike, probabilities: Mapping[str, ArrayLike], *, n_bins: int = 10,
                             positive: str = "a positive", positives: str = "positives", figsize: tuple[float, float] = (6.2, 6.2)) -> Figure:
    """Observed share of positives against mean forecast, per bin, one line per forecaster.

    ``probabilities`` maps a forecaster's name to its probabilities of the positive class for the cases
    of ``y_true`` (0/1 labels); ``n_bins`` equal-width bins, empty ones left out; ``positive`` and
    ``positives`` name the positive class on the axes ("a 9", "nines").  The diagonal of a calibrated forecaster is drawn once, in the legend.
    Returns the figure.
    """
    if not 1 <= len(probabilities) <= len(SERIES_COLOURS):
        raise ValueError(f"probabilities must map 1 to {len(SERIES_COLOURS)} forecasters to their "
                         f"probabilities, got {len(probabilities)}")
    figure, ax = plt.subplots(figsize=figsize)
    ax.plot([0, 1], [0, 1], label="calibrated (the diagonal)", **REFERENCE_LINE)
    for (name, proba), colour, marker in zip(probabilities.items(), SERIES_COLOURS, _MARKERS):
        curve = reliability_curve(y_true, proba, n_bins=n_bins)
        ax.plot(curve.mean_predicted, curve.observed, marker=marker, color=colour, label=name)
    ax.set_xlabel(f"mean predicted probability of {positive} (per bin)")
    ax.set_ylabel(f"observed share of {positives} (per bin)")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.legend(loc="upper left")
    return figure
