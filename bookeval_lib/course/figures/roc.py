"""Figures of the ROC chapter: drawings of ROC space (thin: every number comes from :mod:`bookeval_lib.roc`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np

from ... import plot, roc
from ..states import optimum_words
from .style import COLOURS

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Mapping, Sequence

    from matplotlib.axes import Axes
    from numpy.typing import ArrayLike

__all__ = ["draw_roc_space", "draw_isocost_lines", "draw_distance_contours", "draw_curve_and_hull",
           "draw_optimal_points", "plot_operating_state", "cost_state_title",
           "plot_cost_operating_state"]

BETTER_COLOUR = COLOURS["better_than_chance"]
WORSE_COLOUR = COLOURS["worse_than_chance"]
CURVE_COLOUR = COLOURS["curve"]
ISOCOST_COLOUR = COLOURS["isocost"]


def draw_roc_space(ax: Axes, *, regions: bool = True, corners: bool = True) -> Axes:
    """Unit square with the chance diagonal tpr = fpr, shaded better/worse-than-chance halves and labelled corners."""
    if regions:
        ax.fill_between([0, 1], [0, 1], [1, 1], color=BETTER_COLOUR, zorder=0)
        ax.fill_between([0, 1], [0, 0], [0, 1], color=WORSE_COLOUR, zorder=0)
        # written along the diagonal, where curves and isocost lines rarely pass, 13 points off it so
        # that a marker on the diagonal (an uninformed classifier) does not cover the words
        along: dict[str, Any] = dict(rotation=45, rotation_mode="anchor", ha="center",
                                     textcoords="offset points", fontsize="small")
        ax.annotate("better than chance: tpr > fpr", (0.62, 0.62), xytext=(-9, 9), va="bottom",
                    color=COLOURS["better_text"], **along)
        ax.annotate("worse than chance: tpr < fpr", (0.45, 0.45), xytext=(9, -9), va="top",
                    color=COLOURS["worse_text"], **along)
    ax.plot([0, 1], [0, 1], color="0.35", linestyle="--", linewidth=1.2,
            label="chance: tpr = fpr")
    if corners:
        style: dict[str, Any] = dict(fontsize="small", color="0.2")
        ax.plot([0], [1], marker="*", markersize=13, color=COLOURS["better_text"], clip_on=False, zorder=5)
        ax.annotate("perfect (0, 1)", (0, 1), xytext=(6, -12), textcoords="offset points", **style)
        ax.annotate("perverse (1, 0)", (1, 0), xytext=(-6, 6), textcoords="offset points",
                    ha="right", **style)
        ax.annotate("all negative (0, 0)", (0, 0), xytext=(6, 4), textcoords="offset points", **style)
        ax.annotate("all positive (1, 1)", (1, 1), xytext=(-6, -12), textcoords="offset points",
                    ha="right", **style)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel("fallout = false positive rate (fpr)")
    ax.set_ylabel("recall = true positive rate (tpr)")
    return ax


def draw_isocost_lines(ax: Axes, slope: float, intercepts: ArrayLike, *, label: str | None = None,
                       **style: Any) -> Axes:
    """Draw the lines tpr = c*fpr + b for each intercept b, clipped to the unit square."""
    style = {"color": ISOCOST_COLOUR, "linewidth": 1.0, **style}
    for i, intercept in enumerate(np.atleast_1d(intercepts)):
        segment = roc.isocost_segment(slope, intercept)
        if segment is None:
            continue
        (x0, y0), (x1, y1) = segment
        ax.plot([x0, x1], [y0, y1], label=label if i == 0 else None, **style)
    return ax


def draw_distance_contours(ax: Axes, radii: ArrayLike, *, label: str = "equal distance to (0, 1)",
                           **style: Any) -> Axes:
    """Quarter circles of equal distance to the perfect point (:func:`roc.distance_contour`)."""
    style = {"color": COLOURS["distance"], "linewidth": 1.0, "linestyle": "-.", **style}
    for i, radius in enumerate(np.atleast_1d(radii)):
        fpr, tpr = roc.distance_contour(radius)
        ax.plot(fpr, tpr, label=label if i == 0 else None, **style)
    return ax


def draw_curve_and_hull(ax: Axes, fpr: ArrayLike, tpr: ArrayLike, *, label: str = "ROC curve") -> Axes:
    """The ROC curve as a step line with its convex hull over it (:func:`bookeval_lib.plot.draw_roc_curve`)."""
    return plot.draw_roc_curve(fpr, tpr, label=label, color=CURVE_COLOUR, ax=ax)


def draw_optimal_points(ax: Axes, fpr: np.ndarray, tpr: np.ndarray, slopes: Sequence[float], labels: Sequence[str],
                        colours: Sequence[str] | None = None) -> list[int]:
    """For each slope c, the highest isocost line touching the curve and its point.

    The point is :func:`roc.optimal_operating_point`; returns the indices.
    """
    colours = colours or plt.rcParams["axes.prop_cycle"].by_key()["color"]
    indices = []
    for slope, label, colour in zip(slopes, labels, colours):
        best = roc.optimal_operating_point(fpr, tpr, slope)
        draw_isocost_lines(ax, slope, roc.isocost_intercept(slope, fpr[best], tpr[best]),
                           color=colour, linewidth=1.3, linestyle="--")
        ax.plot(fpr[best], tpr[best], marker="o", markersize=9, color=colour, linestyle="none",
                zorder=5, label=label)
        indices.append(best)
    return indices


def plot_operating_state(fpr: ArrayLike, tpr: ArrayLike, thresholds: ArrayLike, *, threshold: float, slope: float,
                         title: str | None = None) -> dict[str, Any]:
    """One frame of the ROC widget: curve, hull, the chosen point and the cost-optimal point.

    The numbers come from :func:`roc.operating_state`; returns that dict.
    """
    state = roc.operating_state(fpr, tpr, thresholds, threshold=threshold, slope=slope)
    fig, ax = plt.subplots(figsize=(6.2, 6.2))
    draw_roc_space(ax, regions=False, corners=False)
    draw_curve_and_hull(ax, fpr, tpr)
    draw_isocost_lines(ax, slope, state["optimal_intercept"], linewidth=1.6,
                       label=f"highest isocost line, c = {slope:.3g}")
    draw_isocost_lines(ax, slope, state["intercept"], linestyle=":", linewidth=1.6,
                       label="isocost line through chosen point")
    ax.plot(state["optimal_fpr"], state["optimal_tpr"], marker="*", markersize=16,
            color=ISOCOST_COLOUR, linestyle="none", zorder=5,
            label=f"optimum: {optimum_words(state['optimal_threshold'], state['optimal_fpr'], state['optimal_tpr'])}")
    ax.plot(state["fpr"], state["tpr"], marker="o", markersize=9, markerfacecolor="none",
            markeredgewidth=2, color="black", linestyle="none", zorder=6,
            label=f"chosen: score >= {threshold:.3f}")
    ax.legend(loc="lower right", fontsize="small")
    ax.set_title(title or f"regret (intercept below optimum) = {state['regret']:.4f}", fontsize="medium")
    plt.show()
    return state


def cost_state_title(state: Mapping[str, Any]) -> str:
    """The title of the costed explorer: c from its two factors, and the regret in words.

    ``state`` is a :func:`roc.cost_operating_state` dict.
    """
    return (f"slope c = cost ratio $c_v$ × class ratio $c_s$ = {state['cost_ratio']:.3g} × "
            f"{state['class_ratio']:.3g} = {state['slope']:.3g}\n"
            f"regret (extra expected cost per case over the best threshold) = "
            f"{state['regret_cost']:.4f}")


def plot_cost_operating_state(fpr: ArrayLike, tpr: ArrayLike, thresholds: ArrayLike, *, threshold: float,
                              prevalence: float, false_positive_cost: float,
                              false_negative_cost: float) -> dict[str, Any]:
    """One frame of the ROC explorer with the two costs and the prevalence given separately.

    The numbers come from :func:`roc.cost_operating_state`; returns that dict.
    """
    state = roc.cost_operating_state(fpr, tpr, thresholds, threshold=threshold, prevalence=prevalence,
                                     false_positive_cost=false_positive_cost,
                                     false_negative_cost=false_negative_cost)
    plot_operating_state(fpr, tpr, thresholds, threshold=threshold, slope=state["slope"],
                         title=cost_state_title(state))
    return state
