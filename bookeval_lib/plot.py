"""Plots for evaluating a classifier: ROC, precision-recall and cost curves, per-label B(l)/M(l), the table.

Every function draws on a matplotlib ``Axes`` (``ax=``; a new figure when it is
omitted) and returns it.  matplotlib is imported only when a plot is made, as
scikit-learn's Display classes do, so ``import bookeval_lib.plot`` needs numpy
and scipy only.  Every number drawn comes from the package's tested functions
(:mod:`bookeval_lib.roc`, :mod:`bookeval_lib.curves`, :mod:`bookeval_lib.ranking`,
:mod:`bookeval_lib.uncertainty`); this module only draws.

* :func:`roc_curve` — the ROC curve of a score with its convex hull (Provost & Fawcett
  2001), the chance diagonal tpr = fpr, the highest isocost line of a slope c
  and its point (Powers 2008, section 2.2), and a chosen threshold's point;
* :func:`precision_recall_curve` — PR points joined as straight ROC segments
  map to PR space (Davis & Goadrich 2006), with the chance baseline precision = prevalence;
* :func:`cost_curve` — Drummond & Holte's (2006) cost curve: the lower envelope
  of the normalised expected cost over the probability-cost PC(+);
* :func:`per_label` — B(l) and M(l) of each label's one-vs-rest table with their
  intervals (Powers 2003);
* :func:`contingency_table` — the table as a heat map in Powers' layout:
  predicted labels in rows, real classes in columns, counts written in.

:func:`draw_roc_curve`, :func:`draw_precision_recall` and :func:`draw_cost_curve`
draw a curve already computed (as ROC rates), with no axes set up, for figures
that combine several.

Several models on one axes: call a function once per model with the same
``ax=``, each with its ``label=``.  A model's curve takes ``color=`` (by
default the course's blue for the first model of the axes, then the next
colour not yet used there) and any keyword argument of matplotlib's
``Axes.plot`` (``linestyle=``, ``linewidth=``, ...).  Reference lines (the
chance diagonal, the chance baseline of a prevalence, the trivial classifiers
of a cost curve) are drawn once per axes, and the legend shows each model and
each reference once, as scikit-learn's Display objects do.

Axes are labelled in words and symbols ("fallout (fpr)"), every reference
line is in the legend, and the legend sits outside the axes, never over data.
matplotlib is needed (``pip install 'bookeval[plot]'``); without it a plot
raises an ImportError that says so.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _checks

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from matplotlib.axes import Axes
    from numpy.typing import ArrayLike

    from .contingency import Contingency

__all__ = ["roc_curve", "draw_roc_curve", "precision_recall_curve", "draw_precision_recall", "cost_curve",
           "draw_cost_curve", "per_label", "contingency_table"]

# One colour per meaning (the course's colours, so a figure reads the same in both).
_CURVE = "#1f4e9c"
_HULL = "0.4"
_ISOCOST = "#6a3d9a"
_CHOSEN = "black"
_REFERENCE = {"color": "0.35", "linestyle": "--", "linewidth": 1.2}
_INFORMEDNESS = "tab:red"
_MARKEDNESS = "tab:green"
_LEGEND = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0), "borderaxespad": 0.0, "fontsize": "small"}
#: The colours of a second, third, ... model on one axes (the first takes _CURVE); none is a reference's.
_MODELS = (_CURVE, "tab:orange", "tab:green", "tab:red", "tab:brown", "tab:pink", "tab:olive", "tab:cyan")
#: The gid of a model's curve, and the prefix of a reference line's (drawn once per axes).
_MODEL_GID = "bookeval-model"
_REFERENCE_GID = "bookeval-reference:"


# ---------------------------------------------------------------------- the package's numbers (one place)
def _scored_curve(y_true, y_score, pos_label, sample_weight):
    """(fpr, tpr, thresholds) of :func:`bookeval_lib.roc.roc_curve`."""
    from . import roc
    return roc.roc_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)


def _pr_points(y_true, y_score, pos_label, sample_weight):
    """(precision, recall) of :func:`bookeval_lib.curves.precision_recall_curve` without its
    conventional last point (recall 0, precision 1), which no threshold gives."""
    from . import curves
    precision, recall, _ = curves.precision_recall_curve(y_true, y_score, pos_label=pos_label,
                                                         sample_weight=sample_weight)
    return precision[:-1], recall[:-1]


def _prevalence(y_true, pos_label, sample_weight):
    from . import curves
    return curves.precision_recall_baseline(y_true, pos_label=pos_label, sample_weight=sample_weight)


def _intervals(table, confidence, method):
    """[(name, B interval, M interval)] of each label's one-vs-rest table (:mod:`bookeval_lib.uncertainty`);
    ``method=None`` takes each interval function's default."""
    from ._binary_intervals import informedness_interval, markedness_interval
    options = {"confidence": confidence} if method is None else {"confidence": confidence, "method": method}
    return [(name, informedness_interval(table.to_binary(name), **options),
             markedness_interval(table.to_binary(name), **options))
            for name in table.names]


# ---------------------------------------------------------------------- shared drawing
def _pyplot():
    """matplotlib.pyplot, or an ImportError that names the extra ``plot``."""
    from ._optional import require
    return require("matplotlib.pyplot", extra="plot", for_what="bookeval_lib.plot")


def _axes(ax, size):
    plt = _pyplot()
    if ax is not None:
        return ax
    return plt.subplots(figsize=size, layout="constrained")[1]


def _style(ax, color, kwargs, **defaults):
    """The keyword arguments of a model's line: ``defaults``, then the caller's ``kwargs`` (matplotlib's
    aliases such as ``lw`` and ``c`` resolved), the colour ``color``, else ``c=``/``color`` among the
    kwargs, else the first colour of :data:`_MODELS` that no model on ``ax`` has yet."""
    from matplotlib import cbook
    from matplotlib.colors import to_rgba
    from matplotlib.lines import Line2D
    style = {**defaults, **cbook.normalize_kwargs(kwargs, Line2D)}
    given = style.pop("color", None) if color is None else color
    if given is None:
        used = {to_rgba(line.get_color()) for line in ax.get_lines() if line.get_gid() == _MODEL_GID}
        free = [colour for colour in _MODELS if to_rgba(colour) not in used]
        given = free[0] if free else _MODELS[len(used) % len(_MODELS)]
    style.pop("gid", None)
    return {**style, "color": given, "gid": _MODEL_GID}


def _has_reference(ax, key):
    """True if ``ax`` already holds the reference line ``key`` (then it is not drawn again)."""
    return any(line.get_gid() == _REFERENCE_GID + key for line in ax.get_lines())


def _reference(line, key):
    """Mark a reference line drawn on its axes (``line``: a Line2D or the list ``ax.plot`` returns)."""
    for each in line if isinstance(line, list) else [line]:
        each.set_gid(_REFERENCE_GID + key)


def _once(ax, label):
    """``label``, or ``"_" + label`` (which a legend leaves out) when an artist of ``ax`` already has it."""
    return "_" + label if label in ax.get_legend_handles_labels()[1] else label


def _unit_square(ax):
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(-0.01, 1.01)
    ax.set_aspect("equal")


# ---------------------------------------------------------------------- ROC
def draw_roc_curve(fpr: ArrayLike, tpr: ArrayLike, *, label: str = "ROC curve", hull: bool = True,
                   hull_label: str = "convex hull", color: Any = None, ax: Axes | None = None,
                   **kwargs: Any) -> Axes:
    """Draw a ROC curve given as rates (e.g. :func:`bookeval_lib.roc.roc_curve`), with its convex hull.

    The curve (fpr, tpr) is drawn as given, straight between its points; ``hull``
    adds the ROC convex hull (:func:`bookeval_lib.roc.roc_convex_hull`; Provost &
    Fawcett 2001) with its vertices marked, in grey, in the legend once per axes.
    Draws only the lines: the axes, reference lines and legend are the caller's
    (:func:`roc_curve` adds them).

    Parameters
    ----------
    fpr : array-like with shape (k,)
        The curve's fallouts, in [0, 1].
    tpr : array-like with shape (k,)
        The curve's recalls, in [0, 1].
    label : str, default="ROC curve"
        The curve's legend entry.
    hull : bool, default=True
        Draw the convex hull too.
    hull_label : str, default="convex hull"
        The hull's legend entry (left out of the legend when the axes already show it).
    color : str, optional
        The curve's matplotlib colour; default: the first of the course's model colours that
        no model on ``ax`` has yet ("#1f4e9c" for the first).
    ax : matplotlib.axes.Axes, optional
        Where to draw; default: a new figure.
    **kwargs
        Passed to matplotlib's ``Axes.plot`` for the curve (``linestyle``, ``linewidth``,
        ``alpha``, ...).

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Raises
    ------
    ValueError
        If ``hull`` and a rate is outside [0, 1] or the arrays differ in shape.
    ImportError
        If matplotlib is not installed (``pip install 'bookeval[plot]'``).

    Examples
    --------
    >>> ax = draw_roc_curve([0, 0, 0.5, 1], [0, 0.5, 1, 1])
    >>> ax.get_legend_handles_labels()[1]
    ['ROC curve', 'convex hull']

    A second curve on the same axes takes the next colour:

    >>> ax = draw_roc_curve([0, 0.5, 1], [0, 0.5, 1], label="B", hull=False, linestyle=":", ax=ax)
    >>> [(line.get_label(), line.get_color()) for line in ax.get_lines()]
    [('ROC curve', '#1f4e9c'), ('convex hull', '0.4'), ('B', 'tab:orange')]
    """
    from . import roc
    ax = _axes(ax, (7.6, 5.4))
    ax.plot(fpr, tpr, label=label, **_style(ax, color, kwargs, linewidth=1.8))
    if hull:
        hull_fpr, hull_tpr = roc.roc_convex_hull(fpr, tpr)
        ax.plot(hull_fpr, hull_tpr, color=_HULL, linewidth=1.3, linestyle="-", marker="o",
                markersize=3.5, label=_once(ax, hull_label))
    return ax


def roc_curve(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
              sample_weight: ArrayLike | None = None, hull: bool = True,
              slope: float | None = None, threshold: float | None = None, label: str | None = None,
              color: Any = None, ax: Axes | None = None, **kwargs: Any) -> Axes:
    """The ROC curve of a score, with its convex hull, isocost line, chosen point and the chance diagonal.

    The curve is :func:`bookeval_lib.roc.roc_curve` (one point per distinct
    score, tied scores joined by a diagonal step), labelled with its AUC
    (:func:`bookeval_lib.ranking.roc_auc`); ``hull`` adds the ROC convex hull
    (:func:`bookeval_lib.roc.roc_convex_hull`).  ``slope`` c > 0 draws the
    highest isocost line tpr = c fpr + b that touches the curve, and its point
    (:func:`bookeval_lib.roc.optimal_operating_point`; c = c_v c_s, the cost
    ratio times the class ratio, :func:`bookeval_lib.roc.isocost_slope`; c = 1
    is the point of greatest informedness tpr - fpr).  ``threshold`` marks the
    point of the rule "positive if score >= threshold"
    (:func:`bookeval_lib.roc.point_at_threshold`).  ``pos_label`` and
    ``sample_weight`` as for :func:`bookeval_lib.roc.roc_curve`.

    Several models on one axes: call it once per model with the same ``ax``
    and each model's ``label``; the chance diagonal is drawn once, the hull is
    in the legend once, each model takes its own colour, and its optimum and
    chosen points are labelled with its name.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: two labels, both present.
    y_score : array-like with shape (n_samples,)
        Finite scores, higher meaning "more positive".
    pos_label : label, optional
        The positive label; default: 1 for 0/1 labels, True for booleans.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.
    hull : bool, default=True
        Draw the ROC convex hull.
    slope : float, optional
        An isocost slope c > 0: draw the highest isocost line and its point.
    threshold : float, optional
        Mark the point of the rule "positive if score >= threshold".
    label : str, optional
        The curve's name in the legend, followed by its AUC; default: "ROC curve".
    color : str, optional
        The curve's matplotlib colour; default: "#1f4e9c" for the first model of the axes,
        then the next colour not yet used there.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default: a new figure.
    **kwargs
        Passed to matplotlib's ``Axes.plot`` for the curve (``linestyle``, ``linewidth``,
        ``alpha``, ...).

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Raises
    ------
    ValueError
        As :func:`bookeval_lib.roc.threshold_tables`; also for a ``slope`` that is not > 0.
    ImportError
        If matplotlib is not installed (``pip install 'bookeval[plot]'``).

    Examples
    --------
    >>> ax = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], slope=1.0, threshold=0.5)
    >>> [text.get_text() for text in ax.get_legend().get_texts()][:3]
    ['chance: tpr = fpr', 'ROC curve (AUC = 0.750)', 'convex hull']
    >>> ax = roc_curve([0, 0, 1, 1], [0.2, 0.1, 0.9, 0.7], label="B", ax=ax)   # a second model
    >>> [text.get_text() for text in ax.get_legend().get_texts()][-1]
    'B (AUC = 1.000)'
    """
    from . import roc
    from .ranking import roc_auc
    fpr, tpr, thresholds = _scored_curve(y_true, y_score, pos_label, sample_weight)
    area = roc_auc(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    ax = _axes(ax, (9.8, 5.4))
    if not _has_reference(ax, "roc-chance"):
        _reference(ax.plot([0, 1], [0, 1], label=_once(ax, "chance: tpr = fpr"), **_REFERENCE), "roc-chance")
    draw_roc_curve(fpr, tpr, label=f"{label or 'ROC curve'} (AUC = {area:.3f})", hull=hull, color=color, ax=ax,
                   **kwargs)
    whose = f", {label}" if label else ""          # the model a point belongs to, when it is named
    if slope is not None:
        best = roc.optimal_operating_point(fpr, tpr, slope)
        segment = roc.isocost_segment(slope, roc.isocost_intercept(slope, fpr[best], tpr[best]))
        if segment is not None:
            (x0, y0), (x1, y1) = segment
            ax.plot([x0, x1], [y0, y1], color=_ISOCOST, linewidth=1.4, linestyle="-.",
                    label=_once(ax, f"highest isocost line, slope c = {slope:.3g}"))
        ax.plot([fpr[best]], [tpr[best]], marker="*", markersize=15, color=_ISOCOST, linestyle="none",
                zorder=5, label=f"optimum for c = {slope:.3g}: score ≥ {thresholds[best]:.3g}{whose}")
    if threshold is not None:
        chosen = roc.point_at_threshold(thresholds, threshold)
        ax.plot([fpr[chosen]], [tpr[chosen]], marker="o", markersize=9, markerfacecolor="none",
                markeredgewidth=2, color=_CHOSEN, linestyle="none", zorder=6,
                label=f"chosen: score ≥ {threshold:.3g} (fpr {fpr[chosen]:.3f}, tpr {tpr[chosen]:.3f}){whose}")
    _unit_square(ax)
    ax.set_xlabel("fallout = false positive rate (fpr)")
    ax.set_ylabel("recall = true positive rate (tpr)")
    ax.legend(**_LEGEND)
    return ax


# ---------------------------------------------------------------------- precision-recall
def draw_precision_recall(fpr: ArrayLike, tpr: ArrayLike, prevalence: float, *, label: str = "PR curve",
                          baseline: bool = True, color: Any = None, points: int = 50,
                          ax: Axes | None = None, **kwargs: Any) -> Axes:
    """Draw the PR curve of a ROC curve (given as rates) at a prevalence, and its chance baseline.

    A ROC curve does not depend on the prevalence rp; its PR curve does.  Along
    each straight ROC segment precision = rp tpr / (rp tpr + rn fpr) with recall
    = tpr (:func:`bookeval_lib.curves.precision_recall_interpolation`, ``points``
    samples per segment; Davis & Goadrich 2006), which is not a straight line in
    PR space.  ``baseline`` adds precision = rp, the precision of any uninformed
    classifier, dashed in the curve's colour (so several prevalences can share
    one axes), once per axes and prevalence.  Draws only the lines: the axes and
    legend are the caller's (:func:`precision_recall_curve` adds them).

    Parameters
    ----------
    fpr : array-like with shape (k,)
        The ROC curve's fallouts, in curve order.
    tpr : array-like with shape (k,)
        Its recalls.
    prevalence : float
        rp, strictly between 0 and 1.
    label : str, default="PR curve"
        The curve's legend entry.
    baseline : bool, default=True
        Draw the chance baseline precision = rp (unless the axes hold it already).
    color : str, optional
        The curve's matplotlib colour; default: the first of the course's model colours that
        no model on ``ax`` has yet ("#1f4e9c" for the first).
    points : int, default=50
        Samples per ROC segment (>= 2).
    ax : matplotlib.axes.Axes, optional
        Where to draw; default: a new figure.
    **kwargs
        Passed to matplotlib's ``Axes.plot`` for the curve.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Raises
    ------
    ValueError
        As :func:`bookeval_lib.curves.precision_recall_interpolation`.
    ImportError
        If matplotlib is not installed (``pip install 'bookeval[plot]'``).

    Examples
    --------
    >>> ax = draw_precision_recall([0, 0.5, 1], [0, 1, 1], 0.5)
    >>> ax.get_legend_handles_labels()[1]
    ['PR curve', 'baseline (chance) = 0.5']
    """
    from .curves import precision_recall_interpolation
    recall, precision = precision_recall_interpolation(fpr, tpr, prevalence, points=points)
    ax = _axes(ax, (7.6, 5.4))
    style = _style(ax, color, kwargs, linewidth=2)
    ax.plot(recall, precision, label=label, **style)
    key = f"pr-baseline:{float(prevalence)!r}"
    if baseline and not _has_reference(ax, key):
        _reference(ax.axhline(prevalence, color=style["color"], linestyle="--", linewidth=1,
                              label=_once(ax, f"baseline (chance) = {prevalence:g}")), key)
    return ax


def precision_recall_curve(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
                           sample_weight: ArrayLike | None = None,
                           label: str | None = None, points: int = 50, color: Any = None,
                           ax: Axes | None = None, **kwargs: Any) -> Axes:
    """PR points of a score, joined as straight ROC segments map to PR space, with the chance baseline.

    The points are :func:`bookeval_lib.curves.precision_recall_curve` (one per
    distinct score; its conventional point recall 0, precision 1, which no
    threshold gives, is left out).  Between two points the curve follows
    precision = rp tpr / (rp tpr + rn fpr) along the straight ROC segment
    (:func:`draw_precision_recall`, ``points`` samples per segment; Davis &
    Goadrich 2006), not a straight line.  The horizontal baseline is the
    precision of any uninformed classifier, the prevalence rp
    (:func:`bookeval_lib.curves.precision_recall_baseline`).  The label gives the
    average precision (:func:`bookeval_lib.ranking.average_precision`).

    Several models on one axes: call it once per model with the same ``ax``
    and each model's ``label``; the baseline is drawn once (for each
    prevalence), and the points' legend entry appears once.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: two labels, both present.
    y_score : array-like with shape (n_samples,)
        Finite scores, higher meaning "more positive".
    pos_label : label, optional
        The positive label; default: 1 for 0/1 labels, True for booleans.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.
    label : str, optional
        The curve's name in the legend, followed by its AP; default: "PR curve".
    points : int, default=50
        Samples per ROC segment (>= 2).
    color : str, optional
        The matplotlib colour of the curve and its points; default: "#1f4e9c" for the first
        model of the axes, then the next colour not yet used there.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default: a new figure.
    **kwargs
        Passed to matplotlib's ``Axes.plot`` for the curve.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Raises
    ------
    ValueError
        As :func:`bookeval_lib.roc.threshold_tables`.
    ImportError
        If matplotlib is not installed (``pip install 'bookeval[plot]'``).

    Examples
    --------
    Two positives in four cases (rp = 1/2); AP = 5/6 as in
    :func:`bookeval_lib.ranking.average_precision`:

    >>> ax = precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> [text.get_text() for text in ax.get_legend().get_texts()][:2]
    ['chance: precision = prevalence rp = 0.500', 'PR curve (AP = 0.833)']

    A second model on the same axes:

    >>> ax = precision_recall_curve([0, 0, 1, 1], [0.2, 0.1, 0.9, 0.7], label="B", ax=ax)
    >>> [text.get_text().splitlines()[0] for text in ax.get_legend().get_texts()]
    ['chance: precision = prevalence rp = 0.500', 'PR curve (AP = 0.833)', 'PR points (one per threshold),', 'B (AP = 1.000)']
    """
    from .ranking import average_precision
    fpr, tpr, _ = _scored_curve(y_true, y_score, pos_label, sample_weight)
    prevalence = _prevalence(y_true, pos_label, sample_weight)
    precision, recall = _pr_points(y_true, y_score, pos_label, sample_weight)
    ap = average_precision(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    ax = _axes(ax, (9.8, 5.4))
    key = f"pr-chance:{float(prevalence)!r}"
    if not _has_reference(ax, key):
        _reference(ax.axhline(prevalence, label=_once(ax, f"chance: precision = prevalence rp = {prevalence:.3f}"),
                              **_REFERENCE), key)
    draw_precision_recall(fpr, tpr, prevalence, label=f"{label or 'PR curve'} (AP = {ap:.3f})",
                          baseline=False, points=points, color=color, ax=ax, **kwargs)
    ax.plot(recall, precision, "o", color=ax.get_lines()[-1].get_color(), markersize=4,
            label=_once(ax, "PR points (one per threshold),\njoined as straight ROC segments map"))
    _unit_square(ax)
    ax.set_xlabel("recall = true positive rate (tpr)")
    ax.set_ylabel("precision = true positive accuracy (tpa)")
    ax.legend(**_LEGEND)
    return ax


# ---------------------------------------------------------------------- cost curves
def draw_cost_curve(fpr: ArrayLike, tpr: ArrayLike, *, label: str = "cost curve", trivial: bool = True,
                    color: Any = None, ax: Axes | None = None, **kwargs: Any) -> Axes:
    """Draw the cost curve of ROC point(s) given as rates, and (``trivial``) the trivial classifiers' lines.

    The curve is :func:`bookeval_lib.curves.cost_curve`: the lower envelope of
    the lines (1 - tpr) PC + fpr (1 - PC) of the points over the
    probability-cost PC(+) (Drummond & Holte 2006); the legend says "(lower
    envelope)" after ``label``.  ``trivial`` first draws "all negative" (cost PC)
    and "all positive" (cost 1 - PC),
    :func:`bookeval_lib.curves.normalised_expected_cost` of (0, 0) and (1, 1),
    once per axes.  Draws only the lines: the axes and legend are the caller's
    (:func:`cost_curve` adds them).

    Parameters
    ----------
    fpr : float or array-like
        The ROC points' fallouts, in [0, 1].
    tpr : float or array-like
        Their recalls, in [0, 1].
    label : str, default="cost curve"
        The curve's legend entry (followed by "(lower envelope)").
    trivial : bool, default=True
        Draw the lines of the trivial classifiers (unless the axes hold them already).
    color : str, optional
        The curve's matplotlib colour; default: the first of the course's model colours that
        no model on ``ax`` has yet ("#1f4e9c" for the first).
    ax : matplotlib.axes.Axes, optional
        Where to draw; default: a new figure.
    **kwargs
        Passed to matplotlib's ``Axes.plot`` for the curve.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Raises
    ------
    ValueError
        As :func:`bookeval_lib.curves.cost_curve`.
    ImportError
        If matplotlib is not installed (``pip install 'bookeval[plot]'``).

    Examples
    --------
    >>> ax = draw_cost_curve(0.2, 0.6)
    >>> ax.get_legend_handles_labels()[1][-1]
    'cost curve (lower envelope)'
    >>> ax = draw_cost_curve([0, 1], [0, 1], label="B", ax=ax)   # the trivial lines are not drawn again
    >>> [line.get_label() for line in ax.get_lines()]
    ['all negative: cost = PC(+)', 'all positive: cost = 1 − PC(+)', 'cost curve (lower envelope)', 'B (lower envelope)']
    """
    from . import curves
    ax = _axes(ax, (7.6, 4.6))
    if trivial and not _has_reference(ax, "cost-trivial"):
        ends = np.array([0.0, 1.0])
        _reference(ax.plot(ends, curves.normalised_expected_cost(0.0, 0.0, ends),
                           label=_once(ax, "all negative: cost = PC(+)"), **_REFERENCE), "cost-trivial")
        _reference(ax.plot(ends, curves.normalised_expected_cost(1.0, 1.0, ends), color=_REFERENCE["color"],
                           linestyle=":", linewidth=1.2, label=_once(ax, "all positive: cost = 1 − PC(+)")),
                   "cost-trivial")
    pc, cost = curves.cost_curve(fpr, tpr)
    ax.plot(pc, cost, label=f"{label} (lower envelope)", **_style(ax, color, kwargs, linewidth=2))
    return ax


def cost_curve(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
               sample_weight: ArrayLike | None = None,
               probability_cost: float | None = None, label: str | None = None, color: Any = None,
               ax: Axes | None = None, **kwargs: Any) -> Axes:
    """Drummond & Holte's cost curve of a score, with the trivial classifiers.

    The curve is :func:`bookeval_lib.curves.cost_curve` of the score's ROC
    curve (:func:`draw_cost_curve`): the lower envelope of the lines
    (1 - tpr) PC + fpr (1 - PC) of its points, over the probability-cost
    PC(+) = rp c_p / (rp c_p + rn c_n) (:func:`bookeval_lib.curves.probability_cost`).
    The trivial classifiers "all negative" (cost PC) and "all positive"
    (cost 1 - PC) are reference lines; at PC = 1/2 the cost is (1 - B)/2.
    ``probability_cost`` marks one operating condition with a vertical line
    and the envelope's cost there.

    Several models on one axes: call it once per model with the same ``ax``
    and each model's ``label``; the trivial classifiers are drawn once.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: two labels, both present.
    y_score : array-like with shape (n_samples,)
        Finite scores, higher meaning "more positive".
    pos_label : label, optional
        The positive label; default: 1 for 0/1 labels, True for booleans.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.
    probability_cost : float, optional
        A PC(+) in [0, 1] to mark.
    label : str, optional
        The curve's name in the legend; default: "cost curve".
    color : str, optional
        The curve's matplotlib colour; default: "#1f4e9c" for the first model of the axes,
        then the next colour not yet used there.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default: a new figure.
    **kwargs
        Passed to matplotlib's ``Axes.plot`` for the curve.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Raises
    ------
    ValueError
        As :func:`bookeval_lib.roc.threshold_tables`; also for a ``probability_cost`` outside [0, 1].
    ImportError
        If matplotlib is not installed (``pip install 'bookeval[plot]'``).

    Examples
    --------
    The best point has B = 1/2, so the cost at PC = 1/2 is (1 - 1/2)/2:

    >>> ax = cost_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], probability_cost=0.5)
    >>> [text.get_text() for text in ax.get_legend().get_texts()][-1]
    'PC(+) = 0.5: cost 0.250'
    """
    from . import curves
    fpr, tpr, _ = _scored_curve(y_true, y_score, pos_label, sample_weight)
    ax = _axes(ax, (10.0, 4.6))
    draw_cost_curve(fpr, tpr, label=label or "cost curve", color=color, ax=ax, **kwargs)
    if probability_cost is not None:
        at, value = curves.cost_curve(fpr, tpr, probability_cost=np.array([probability_cost]))
        ax.axvline(at[0], color=_ISOCOST, linewidth=1.2,
                   label=f"PC(+) = {at[0]:.3g}: cost {value[0]:.3f}" + (f", {label}" if label else ""))
        ax.plot(at, value, "o", color=_ISOCOST, markersize=6)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 0.55)
    ax.set_xlabel("probability-cost PC(+) = rp·c_p / (rp·c_p + rn·c_n)")
    ax.set_ylabel("normalised expected cost")
    ax.legend(**_LEGEND)
    return ax


# ---------------------------------------------------------------------- per label
def per_label(table: Contingency, *, confidence: float = 0.95, method: str | None = None,
              label: str | None = None, color: tuple[Any, Any] | None = None, ax: Axes | None = None,
              **kwargs: Any) -> Axes:
    """Bars of B(l) and M(l) for each label of a K-class table, with their confidence intervals.

    For label l, B(l) = recall(l) - fallout(l) and M(l) = precision(l) -
    Pr(R=l | P!=l) are the informedness and markedness of its one-vs-rest
    table (:meth:`bookeval_lib.Contingency.to_binary`; Powers 2003); the
    intervals are :func:`bookeval_lib.uncertainty.informedness_interval` and
    :func:`~bookeval_lib.uncertainty.markedness_interval` of that table
    (``method``, by default theirs: Agresti-Caffo; ``confidence``).  A label whose value is undefined (nan) gets
    no bar and the word "undefined".

    Parameters
    ----------
    table : Contingency
        The K-class table.
    confidence : float, default=0.95
        The intervals' level, strictly between 0 and 1.
    method : {"agresti-caffo", "newcombe", "wald", "bootstrap"}, optional
        The interval method; default: each interval function's default.
    label : str, optional
        A name put before the legend entries (e.g. the model's).
    color : tuple, optional
        The two matplotlib colours of the B(l) and the M(l) bars; default: the course's
        red and green.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default: a new figure.
    **kwargs
        Passed to matplotlib's ``Axes.bar`` for both sets of bars (``alpha``, ``hatch``, ...).

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Raises
    ------
    ValueError
        If ``table`` is not a :class:`~bookeval_lib.Contingency` or holds counts that are not
        whole numbers; if ``confidence`` or ``method`` is bad; if ``color`` is not two colours.
    ImportError
        If matplotlib is not installed (``pip install 'bookeval[plot]'``).

    Examples
    --------
    >>> from bookeval_lib import Contingency
    >>> table = Contingency([[30, 5, 0], [10, 20, 5], [0, 5, 25]], layout="powers", labels="abc")
    >>> ax = per_label(table, label="model")
    >>> [tick.get_text() for tick in ax.get_xticklabels()]
    ['a', 'b', 'c']
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['chance: B(l) = M(l) = 0', 'model: informedness B(l), 95 % interval (Agresti–Caffo)', 'model: markedness M(l), 95 % interval (Agresti–Caffo)']
    """
    from .contingency import Contingency
    from .results import method_name
    _checks.instance(table, "table", Contingency)
    rows = _intervals(table, confidence, method)
    ax = _axes(ax, (max(7.5, 1.1 * len(rows) + 5.5), 4.4))
    position = np.arange(len(rows))
    width = 0.38
    level = f"{100 * confidence:g} %"
    colours = (_INFORMEDNESS, _MARKEDNESS) if color is None else tuple(color)
    if len(colours) != 2:
        raise ValueError(f"color must be a pair of colours (for B(l) and M(l)), got {color!r}")
    whose = f"{label}: " if label else ""
    for offset, which, colour, name in ((-width / 2, 1, colours[0], f"{whose}informedness B(l)"),
                                        (width / 2, 2, colours[1], f"{whose}markedness M(l)")):
        intervals = [row[which] for row in rows]
        value = np.array([float(i.estimate) for i in intervals])
        low = np.array([float(i.low) for i in intervals])
        high = np.array([float(i.high) for i in intervals])
        defined = np.isfinite(value)
        ax.bar(position[defined] + offset, value[defined], width,
               yerr=np.vstack((value - low, high - value))[:, defined], capsize=4, color=colour,
               error_kw={"ecolor": "black", "elinewidth": 1.1},
               label=f"{name}, {level} interval ({method_name(intervals[0].method)})", **kwargs)
        for x in position[~defined]:
            ax.text(x + offset, 0.02, "undefined", rotation=90, ha="center", va="bottom", fontsize="x-small")
    if not _has_reference(ax, "per-label-chance"):
        _reference(ax.axhline(0.0, label=_once(ax, "chance: B(l) = M(l) = 0"), **_REFERENCE), "per-label-chance")
    ax.set_xticks(position, [str(row[0]) for row in rows])
    ax.set_xlabel("label l (its one-vs-rest table)")
    ax.set_ylabel("B(l) = recall − fallout\nM(l) = precision − Pr(R=l | P≠l)", fontsize="small")
    finite = np.concatenate([[0.0]] + [[float(row[k].low) for row in rows] for k in (1, 2)])
    ax.set_ylim(max(-1.05, np.nanmin(finite) - 0.1), 1.05)
    ax.legend(**_LEGEND)
    return ax


# ---------------------------------------------------------------------- the table
def contingency_table(table: Contingency, *, ax: Axes | None = None, cmap: str = "Blues",
                      **kwargs: Any) -> Axes:
    """The table as a heat map in Powers' layout: predicted labels in rows, real classes in columns.

    The image holds ``table.counts`` (rows = :attr:`Contingency.labels`,
    columns = :attr:`Contingency.classes`), each cell's count written in, with a
    colour bar.  The transpose of scikit-learn's ``ConfusionMatrixDisplay``,
    whose rows are the real classes.  One table per axes: it takes no ``label``
    or ``color`` (the colours are the counts', ``cmap``).

    Parameters
    ----------
    table : Contingency
        The table.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default: a new figure.
    cmap : str, default="Blues"
        The matplotlib colour map.
    **kwargs
        Passed to matplotlib's ``Axes.imshow`` (``norm``, ``alpha``, ...).

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Raises
    ------
    ValueError
        If ``table`` is not a :class:`~bookeval_lib.Contingency`.
    ImportError
        If matplotlib is not installed (``pip install 'bookeval[plot]'``).

    Examples
    --------
    >>> from bookeval_lib import Contingency
    >>> ax = contingency_table(Contingency([[3, 1], [0, 4]], layout="powers"))
    >>> [text.get_text() for text in ax.texts]
    ['3', '1', '0', '4']
    """
    from .contingency import Contingency
    _checks.instance(table, "table", Contingency)
    counts = table.counts
    ax = _axes(ax, (max(4.0, 0.9 * counts.shape[1] + 2.6), max(3.2, 0.7 * counts.shape[0] + 1.6)))
    image = ax.imshow(counts, **{"cmap": cmap, "aspect": "auto", "vmin": 0, **kwargs})
    middle = counts.max() / 2 if counts.size else 0.0
    for (i, j), value in np.ndenumerate(counts):
        ax.text(j, i, f"{value:g}", ha="center", va="center", fontsize="small",
                color="white" if value > middle else "black")
    ax.set_xticks(range(counts.shape[1]), [str(c) for c in table.classes])
    ax.set_yticks(range(counts.shape[0]), [str(label) for label in table.labels])
    ax.xaxis.set_label_position("top")
    ax.xaxis.tick_top()
    ax.set_xlabel("real class (R)")
    ax.set_ylabel("predicted label (P)")
    ax.figure.colorbar(image, ax=ax, label="cases")
    return ax
