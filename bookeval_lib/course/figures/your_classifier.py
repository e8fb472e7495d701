"""Figures of notebooks 13b (comparing and choosing models) and 14: thin drawings of numbers from the core.

Per-label informedness with intervals (:mod:`bookeval_lib.metrics`), one-vs-rest
ROC curves, precision-recall against ROC at several prevalences, and cost
curves (:mod:`bookeval_lib.roc`).  Colours come from :mod:`.style`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np

from ... import plot, roc
from ...curves import precision_from_rates, precision_recall_interpolation
from .roc import draw_roc_space
from .style import CLASS_COLORMAP, COLOURS, REFERENCE_LINE, SERIES_COLOURS

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Mapping, Sequence

    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from numpy.typing import ArrayLike

__all__ = ["plot_per_label_informedness", "plot_one_vs_rest_roc", "plot_threshold_choice",
           "plot_pr_interpolation", "plot_pr_against_roc", "plot_cost_curves"]


def plot_per_label_informedness(reports: Mapping[str, Any], *, ax: Axes | None = None) -> Axes:
    """B(l) of each label with its interval, one row per label, one colour per model.

    ``reports``: dict model name -> ``bookmaker_report(..., output_dict=True, confidence=...)``.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(9.5, 5.2))
    names = [label for label in next(iter(reports.values())) if label not in ("macro avg", "weighted avg")]
    offsets = np.linspace(-0.18, 0.18, len(reports))
    for (model, report), offset, colour in zip(reports.items(), offsets, SERIES_COLOURS):
        values = np.array([report[name]["informedness"] for name in names])
        low, high = np.array([report[name]["informedness_interval"] for name in names]).T
        position = np.arange(len(names)) + offset
        ax.errorbar(values, position, xerr=[values - low, high - values], fmt="o", color=colour,
                    capsize=3, label=f"{model}: B(l) and 95% interval")
    ax.axvline(0.0, label="chance: B(l) = 0", **REFERENCE_LINE)
    ax.set_yticks(np.arange(len(names)), [str(name) for name in names])
    ax.invert_yaxis()
    ax.set_xlim(-0.1, 1.05)
    ax.set_xlabel("informedness of the label, B(l) = recall(l) − fallout(l)")
    ax.set_ylabel("label l")
    # below the axes, so that they keep the figure's width (beside them, the axes were narrower than their label)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), fontsize="small", frameon=False)
    return ax


def plot_one_vs_rest_roc(y_true: ArrayLike, probabilities: ArrayLike, labels: Sequence[Any], *,
                         ax: Axes | None = None) -> Axes:
    """One ROC curve per class: class l against the rest, scored by the probability of l."""
    if ax is None:
        _, ax = plt.subplots(figsize=(7.8, 5.6))
    draw_roc_space(ax, regions=False, corners=False)
    colours = plt.get_cmap(CLASS_COLORMAP)
    y_true, probabilities = np.asarray(y_true), np.asarray(probabilities)
    for i, label in enumerate(labels):
        fpr, tpr, _ = roc.roc_curve(y_true == label, probabilities[:, i])
        ax.plot(fpr, tpr, color=colours(i % 10), linewidth=1.4,
                label=f"{label} vs rest (AUC {roc.auc(fpr, tpr):.3f})")
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize="small")
    return ax


def plot_threshold_choice(fpr: np.ndarray, tpr: np.ndarray, slope: float, chosen: int, best: int, *,
                          zoom: tuple[tuple[float, float], tuple[float, float]] = ((0.0, 0.3), (0.7, 1.0)),
                          ax: Axes | None = None) -> Axes:
    """A ROC curve with two operating points and their isocost lines of slope ``slope``.

    ``chosen``: index of the point of the threshold chosen on training data;
    ``best``: index of the point on the highest isocost line (in hindsight).
    ``zoom``: the (fpr, tpr) ranges shown.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6.6, 6.2))
    draw_roc_space(ax, regions=False, corners=False)
    ax.plot(fpr, tpr, color=COLOURS["curve"], linewidth=2, label="held-out ROC curve")
    for index, name, marker, linestyle, colour in (
            (chosen, "tuned threshold (chosen on training data)", "o", "-", SERIES_COLOURS[1]),
            (best, "best threshold in hindsight", "s", "--", SERIES_COLOURS[2])):
        segment = roc.isocost_segment(slope, roc.isocost_intercept(slope, fpr[index], tpr[index]))
        if segment is not None:
            (x0, y0), (x1, y1) = segment
            ax.plot([x0, x1], [y0, y1], color=COLOURS["isocost"], linestyle=linestyle, linewidth=1.2,
                    label=f"isocost line (slope c = {slope:.2f}) through the {name.split(' (')[0]}")
        ax.plot(fpr[index], tpr[index], marker, color=colour, markersize=9, label=name, zorder=5)
    ax.set_xlim(*zoom[0])
    ax.set_ylim(*zoom[1])
    ax.set_aspect("auto")
    ax.set_title("zoomed onto the corner where the curve lives", fontsize="medium")
    # below the axes: six entries inside the zoomed square would cover the curve
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), fontsize="small", frameon=False)
    return ax


def plot_pr_interpolation(fpr: ArrayLike, tpr: ArrayLike, prevalence: float, *, ax: Axes | None = None) -> Axes:
    """PR points of a curve, joined wrongly (straight) and rightly (the image of straight ROC segments)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(7.2, 4.8))
    precision = precision_from_rates(fpr, tpr, prevalence)
    recall_path, precision_path = precision_recall_interpolation(fpr, tpr, prevalence, points=100)
    ax.plot(recall_path, precision_path, color=COLOURS["curve"], linewidth=2,
            label="correct: straight ROC segments mapped to PR")
    ax.plot(tpr, precision, color=COLOURS["distance"], linestyle=":", linewidth=1.6,
            label="wrong: PR points joined by straight lines")
    ax.plot(tpr, precision, "o", color=COLOURS["curve"], label="PR points (one per threshold)")
    ax.axhline(prevalence, label=f"baseline: precision = prevalence = {prevalence:.3f}", **REFERENCE_LINE)
    ax.set_xlim(0, 1.02)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("recall (tpr)")
    ax.set_ylabel("precision")
    ax.legend(loc="center left", fontsize="small")   # between the curve (high) and the baseline (low)
    return ax


def plot_pr_against_roc(fpr: ArrayLike, tpr: ArrayLike, prevalences: Sequence[float]) -> Figure:
    """The same classifier in ROC space (one curve) and PR space (one curve per prevalence)."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 5.2))
    draw_roc_space(left, regions=False, corners=False)
    left.plot(fpr, tpr, color=COLOURS["curve"], linewidth=2, label="ROC curve (any prevalence)")
    left.legend(loc="lower right", fontsize="small")
    left.set_title("ROC: does not depend on the prevalence", fontsize="medium")
    for prevalence, colour in zip(prevalences, SERIES_COLOURS):
        plot.draw_precision_recall(fpr, tpr, prevalence, label=f"PR curve, prevalence {prevalence:g}",
                                   color=colour, points=100, ax=right)
    right.set_xlim(0, 1.02)
    right.set_ylim(0, 1.02)
    right.set_xlabel("recall (tpr)")
    right.set_ylabel("precision")
    right.set_title("PR: the same classifier, three prevalences", fontsize="medium")
    right.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize="small")
    fig.tight_layout()
    return fig


def plot_cost_curves(curves: Mapping[str, tuple[ArrayLike, ArrayLike]], *, probability_cost: float | None = None,
                     ax: Axes | None = None) -> Axes:
    """Cost curves (lower envelopes) of several ROC curves, with the trivial classifiers.

    ``curves``: dict model name -> (fpr, tpr).  ``probability_cost`` marks one
    operating condition PC(+) with a vertical line.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(10.5, 5.0))
    for i, ((name, (fpr, tpr)), colour) in enumerate(zip(curves.items(), SERIES_COLOURS)):
        plot.draw_cost_curve(fpr, tpr, label=f"{name}: cost curve", trivial=i == 0, color=colour, ax=ax)
    ax.axvline(0.5, color=COLOURS["informedness"], linewidth=1,
               label="PC(+) = ½: cost = (1 − B)/2")
    if probability_cost is not None:
        ax.axvline(probability_cost, color=COLOURS["isocost"], linewidth=1.2,
                   label=f"our costs: PC(+) = {probability_cost:.3f}")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 0.55)
    ax.set_xlabel("probability-cost PC(+) = rp·c_p / (rp·c_p + rn·c_n)")
    ax.set_ylabel("normalised expected cost")
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize="small")
    return ax
