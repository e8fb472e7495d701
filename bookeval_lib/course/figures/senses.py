"""Figures of the dog/train chapter: the reduced table, B(l) per label, the permutation null, seeds."""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np

from ... import _checks
from .style import COLOURS

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Mapping

    from ...clustering import PermutationNull, ReducedClustering
    from matplotlib.axes import Axes
    from numpy.typing import ArrayLike

__all__ = ["plot_reduced_table", "plot_informedness_per_label", "plot_permutation_null",
           "plot_over_seeds"]


def _two_lines(text: str, longest: int = 26) -> str:
    """``text`` broken at the space nearest its middle (never inside ``$...$``) when longer than ``longest``:
    a long axis label at the course's 13 pt runs past the end of a short axis."""
    if len(text) <= longest:
        return text
    spaces = [i for i, c in enumerate(text) if c == " " and text[:i].count("$") % 2 == 0]
    if not spaces:
        return text
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return text[:cut] + "\n" + text[cut + 1:]


def plot_reduced_table(result: ReducedClustering, ax: Axes | None = None) -> Axes:
    """Heatmap of ``result.table`` (rows = predicted labels, columns = real labels), counts written in.

    Returns the matplotlib Axes; the image data are ``result.table.counts``.
    """
    if ax is None:
        ax = plt.subplots(figsize=(7, 3.6))[1]
    counts = result.table.counts
    image = ax.imshow(counts, cmap="Blues", aspect="auto")
    for (i, j), value in np.ndenumerate(counts):
        if value:
            ax.text(j, i, f"{value:g}", ha="center", va="center", fontsize="small",
                    color="white" if value > counts.max() / 2 else "black")
    ax.set_xticks(range(counts.shape[1]), [str(c) for c in result.table.classes])
    ax.set_yticks(range(counts.shape[0]), [str(label) for label in result.table.labels])
    ax.set_xlabel("real sense class (R)")
    ax.set_ylabel("predicted label (P)")
    ax.set_title(f"reduced contingency table:\nn = {result.retained} of N = {result.total} cases",
                 fontsize="medium")
    ax.figure.colorbar(image, ax=ax, label="cases")
    return ax


def plot_informedness_per_label(result: ReducedClustering, ax: Axes | None = None,
                                paper: Mapping[str, Any] | None = None) -> Axes:
    """Bars of B(l) = recall - fallout per predicted label (ours), optionally beside the paper's.

    ``paper``: dict label -> B(l) in per cent (e.g. from :data:`PAPER_EVALUATION`).
    Returns the Axes; the first bar container holds our B(l) as fractions.
    """
    if ax is None:
        ax = plt.subplots(figsize=(7, 4.2))[1]
    rows = result.per_label()
    labels = list(rows["label"])
    if paper:
        labels = sorted(set(labels) | {label for label in paper if label != "wav"})
    x = np.arange(len(labels))
    ours = [rows["informedness"][rows["label"].index(l)] if l in rows["label"] else np.nan
            for l in labels]
    width = 0.4 if paper else 0.6
    ax.bar(x - (width / 2 if paper else 0), ours, width, color=COLOURS["ours"], label="ours")
    if paper:
        theirs = [paper[l][2] / 100 if l in paper else np.nan for l in labels]
        ax.bar(x + width / 2, theirs, width, color=COLOURS["paper"], label="Powers 2003")
        # below the axis label: inside, it covered the paper's negative bars
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=2, frameon=False)
    ax.axhline(0, color=COLOURS["reference"], linewidth=1)
    ax.set_xticks(x, labels)
    ax.set_ylim(-0.4, 1.05)
    ax.set_xlabel("predicted label l")
    ax.set_ylabel("informedness B(l)\n= recall - fallout")
    return ax


def plot_permutation_null(null: PermutationNull, statistic: str = "discounted", ax: Axes | None = None,
                          bins: int = 30) -> Axes:
    """Histogram of a :class:`~bookeval_lib.clustering.PermutationNull`, with the observed value.

    ``statistic``: ``"wav"`` (B_wav) or ``"discounted"`` (B_wav n/N).  The null
    histogram, its 95th percentile (dashed) and the observed value (solid) are
    drawn and labelled in the legend.  Returns the Axes.
    """
    _checks.choice(statistic, "statistic", ("wav", "discounted"))
    if ax is None:
        ax = plt.subplots(figsize=(6, 3.2))[1]
    values, observed = null.null[statistic], null.observed[statistic]
    heights, _, _ = ax.hist(values, bins=bins, color=COLOURS["reference"], alpha=0.6,
                            label=f"{null.n_permutations} shuffles of the labels")
    ax.axvline(np.quantile(values, 0.95), color=COLOURS["reference"], linestyle="--",
               label="95th percentile of the shuffles")
    ax.axvline(observed, color=COLOURS["ours"], linewidth=2,
               label=f"real labels: {observed:.3f} (p = {null.p_value(statistic):.4f})")
    name = "$B_{wav}$" if statistic == "wav" else r"discounted $B_{wav}\,n/N$"
    ax.set_xlabel(f"informedness {name}")
    ax.set_ylabel("shuffles")
    # headroom above the tallest bar for the legend, so that it covers no bar
    ax.set_ylim(0, 1.9 * float(np.max(heights)))
    # opaque: a line passing behind the legend is not read through its words
    ax.legend(loc="upper left", fontsize="small", framealpha=1)
    return ax


def plot_over_seeds(values: Mapping[str, ArrayLike], paper: float | None = None, ax: Axes | None = None,
                    ylabel: str = "discounted informedness") -> Axes:
    """One column of points per design: a statistic over EM seeds, with the paper's value.

    ``values``: dict design name -> array over seeds; ``paper``: the paper's
    value (a horizontal line in the legend) or None.  Each column shows every
    seed (jittered dots) and its median (a bar).  Returns the Axes.
    """
    if ax is None:
        ax = plt.subplots(figsize=(6, 3.2))[1]
    jitter = np.random.default_rng(0)
    for i, (name, v) in enumerate(values.items()):
        v = np.asarray(v, dtype=float)
        ax.plot(i + jitter.uniform(-0.12, 0.12, v.size), v, "o", color=COLOURS["ours"],
                alpha=0.6, markersize=4, label="one EM seed" if i == 0 else None)
        ax.plot([i - 0.25, i + 0.25], [np.median(v)] * 2, color=COLOURS["ours"], linewidth=2.5,
                label="median over seeds" if i == 0 else None)
    if paper is not None:
        ax.axhline(paper, color=COLOURS["paper"], linestyle="--", label=f"Powers 2003: {paper:.2f}")
    ax.set_xticks(range(len(values)), [textwrap.fill(str(name), 12) for name in values])
    ax.set_xlim(-0.5, len(values) - 0.5)
    ax.set_ylabel(_two_lines(ylabel))
    return ax
