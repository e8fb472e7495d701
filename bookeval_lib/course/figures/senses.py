"""Figures of the dog/train chapter: the reduced table and the per-label informedness."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .style import COLOURS

__all__ = ["plot_reduced_table", "plot_informedness_per_label"]

def plot_reduced_table(result, ax=None):
    """Heatmap of ``result.table`` (rows = predicted labels, columns = real labels), counts written in.

    Returns the matplotlib Axes; the image data are ``result.table.counts``.
    """
    if ax is None:
        ax = plt.subplots(figsize=(7, 3.6))[1]
    counts = result.table.counts
    image = ax.imshow(counts, cmap="Blues", aspect="auto")
    for (i, j), value in np.ndenumerate(counts):
        if value:
            ax.text(j, i, f"{value:g}", ha="center", va="center", fontsize=10,
                    color="white" if value > counts.max() / 2 else "black")
    ax.set_xticks(range(counts.shape[1]), [str(c) for c in result.table.classes])
    ax.set_yticks(range(counts.shape[0]), [str(label) for label in result.table.labels])
    ax.set_xlabel("real sense class (R)")
    ax.set_ylabel("predicted label (P)")
    ax.set_title(f"reduced contingency table: n = {result.retained} of N = {result.total} cases")
    ax.figure.colorbar(image, ax=ax, label="cases")
    return ax


def plot_informedness_per_label(result, ax=None, paper=None):
    """Bars of B(l) = recall - fallout per predicted label (ours), optionally beside the paper's.

    ``paper``: dict label -> B(l) in per cent (e.g. from :data:`PAPER_EVALUATION`).
    Returns the Axes; the first bar container holds our B(l) as fractions.
    """
    if ax is None:
        ax = plt.subplots(figsize=(7, 3.6))[1]
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
        ax.legend(loc="lower left")
    ax.axhline(0, color=COLOURS["reference"], linewidth=1)
    ax.set_xticks(x, labels)
    ax.set_ylim(-0.4, 1.05)
    ax.set_xlabel("predicted label l")
    ax.set_ylabel("informedness B(l) = recall - fallout")
    return ax
