"""Figures of the betting chapter: a punter's running winnings."""
from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np

from .style import COLOURS

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from matplotlib.axes import Axes
    from numpy.typing import ArrayLike

__all__ = ["plot_running_winnings"]


def plot_running_winnings(running: ArrayLike, mean: float, sd: float, ax: Axes | None = None,
                          label: str = "punter") -> Axes:
    """Plot running average winnings (rows of ``running``) against races, with the band mean +- 2 sd/sqrt(n).

    ``running`` comes from :func:`bookeval_lib.course.replications.betting.simulate_punter`, ``mean, sd`` from :func:`~bookeval_lib.course.replications.betting.winnings_moments`.
    Returns the axes.
    """
    running = np.atleast_2d(running)
    races = np.arange(1, running.shape[1] + 1)
    ax = ax or plt.subplots(figsize=(7.5, 4.4))[1]
    half_width = 2 * sd / np.sqrt(races)
    ax.fill_between(races, mean - half_width, mean + half_width, color=COLOURS["uncertainty_band"],
                    label="expected ± 2 standard errors")
    for i, row in enumerate(running):
        ax.plot(races, row, lw=1.2, label=f"{label}s (one line each)" if i == 0 else None)
    ax.axhline(mean, color=COLOURS["informedness"], lw=1.5, ls="--", label=f"informedness B = {mean:.2f}")
    ax.set_xscale("log")
    ax.set_xlabel("number of races (bets), log scale")
    ax.set_ylabel("average winnings per bet (dollars)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, fontsize="small")  # beside, not over the band
    return ax
