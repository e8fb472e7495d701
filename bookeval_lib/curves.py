"""The curves users compare ROC against: precision-recall curves and cost curves.

**Precision-recall.** :func:`precision_recall_curve` gives scikit-learn's points
(one per distinct score); its chance baseline is the prevalence, not a
diagonal, so the same classifier's PR curve falls as the prevalence falls while
its ROC curve and informedness do not move.  PR points must not be joined by
straight lines: :func:`precision_recall_interpolation` follows the curve that
a straight ROC segment maps to (Davis & Goadrich 2006, "The relationship between
precision-recall and ROC curves", ICML 2006).

**Cost curves** (Drummond & Holte 2006, "Cost curves: an improved method for
visualizing classifier performance", Machine Learning 65:95-130).  With the
probability-cost PC(+) = rp c_p / (rp c_p + rn c_n), a ROC point is the line
``normalised expected cost = (1 - tpr) PC + fpr (1 - PC)``; a curve or hull is the
lower envelope of its points' lines.  At PC = 1/2 the normalised expected cost
of a point is (1 - B)/2, B = tpr - fpr its informedness.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
import numpy as np

from . import _checks
from .roc import _as_rates, _positive_mask, isocost_slope, roc_convex_hull, roc_curve, threshold_tables

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["precision_recall_curve", "precision_recall_baseline", "precision_from_rates",
           "precision_recall_interpolation", "probability_cost", "normalised_expected_cost",
           "cost_curve"]


def precision_recall_curve(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
                           sample_weight: ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The precision-recall curve ``(precision, recall, thresholds)`` of a scoring classifier.

    The same points, in the same order, as scikit-learn's
    ``precision_recall_curve(y_true, y_score, sample_weight=...)``: one point per
    distinct score (the rule "positive if score >= threshold"), by increasing
    threshold, so recall falls; tied scores share one point; a last point
    (recall 0, precision 1) has no threshold (a convention: nothing is predicted
    positive there, so precision is really undefined).  precision = TP/(TP + FP),
    recall = TP/RP.

    Unlike ROC points, PR points must not be joined by straight lines: see
    :func:`precision_recall_interpolation` (Davis & Goadrich 2006).

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

    Returns
    -------
    precision, recall : ndarray with shape (k + 1,)
        The PR points by increasing threshold, then (precision 1, recall 0).
    thresholds : ndarray with shape (k,)
        The distinct scores, increasing.

    Raises
    ------
    ValueError
        As :func:`bookeval_lib.roc.threshold_tables`.

    Examples
    --------
    >>> p, r, t = precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> p.round(4).tolist(), r.tolist(), t.tolist()
    ([0.5, 0.6667, 0.5, 1.0, 1.0], [1.0, 1.0, 0.5, 0.5, 0.0], [0.1, 0.35, 0.4, 0.8])
    """
    tables, thresholds = threshold_tables(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    tp, fp = tables._tp[1:], tables._fp[1:]      # drop the point "nothing positive" (threshold inf)
    precision = tp / (tp + fp)                   # tp + fp > 0 at every finite threshold
    recall = tp / tp[-1]
    return (np.concatenate((precision[::-1], [1.0])), np.concatenate((recall[::-1], [0.0])),
            thresholds[1:][::-1])


def precision_recall_baseline(y_true: ArrayLike, *, pos_label: Any = None,
                              sample_weight: ArrayLike | None = None) -> float:
    """The precision of any uninformed classifier: the prevalence rp = RP/N.

    Weighted: the positives' share of the weight.

    A classifier that guesses (B = 0) has precision rp at every recall, so the
    horizontal line precision = rp is the chance level of PR space, as the
    diagonal is of ROC space; it moves with the prevalence while the diagonal
    does not.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: two labels.
    pos_label : label, optional
        The positive label; default: 1 for 0/1 labels, True for booleans.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.

    Returns
    -------
    float
        rp, in [0, 1].

    Raises
    ------
    ValueError
        If ``y_true`` is empty, holds more than two labels, or needs ``pos_label``; if
        ``pos_label`` never occurs; if ``sample_weight`` is bad or adds up to 0 or infinity.

    Examples
    --------
    >>> precision_recall_baseline([0, 1, 1, 0, 0])         # two positives in five cases
    0.4
    """
    is_positive = _positive_mask(y_true, pos_label)
    if is_positive.size == 0:
        raise ValueError("y_true is empty")
    weight = _checks.sample_weights(sample_weight, is_positive.size)
    if weight is None:
        return float(np.count_nonzero(is_positive) / is_positive.size)
    total = float(weight.sum())
    if not 0 < total < np.inf:
        raise ValueError("sample_weight must add up to a positive finite number")
    return float(weight[is_positive].sum() / total)


def _rates(fpr, tpr):
    """fpr and tpr checked as rates in [0, 1] and broadcast against each other."""
    fpr, tpr = _checks.probabilities(fpr, "fpr"), _checks.probabilities(tpr, "tpr")
    try:
        return np.broadcast_arrays(fpr, tpr)
    except ValueError:
        raise ValueError(f"fpr has shape {fpr.shape} and tpr has shape {tpr.shape}: they do not broadcast") from None


def precision_from_rates(fpr: ArrayLike, tpr: ArrayLike, prevalence: ArrayLike) -> Any:
    """precision = rp tpr / (rp tpr + rn fpr) of the ROC point (fpr, tpr) at prevalence rp.

    From TP = rp N tpr and FP = rn N fpr (rn = 1 - rp).  A point of ROC space
    keeps its place whatever the prevalence; its precision falls as rp falls.
    nan where tpr = fpr = 0 (nothing predicted positive).  Vectorised (broadcasts).

    Parameters
    ----------
    fpr : float or array-like
        Fallout(s) in [0, 1].
    tpr : float or array-like
        Recall(s) in [0, 1].
    prevalence : float or array-like
        rp, strictly between 0 and 1.

    Returns
    -------
    float or ndarray
        The precision; nan where tpr = fpr = 0.

    Raises
    ------
    ValueError
        If a rate is outside [0, 1], the prevalence is not strictly between 0 and 1, or the
        shapes do not broadcast.

    Examples
    --------
    >>> round(precision_from_rates(0.2, 0.6, 0.25), 4)     # 0.25*0.6 / (0.25*0.6 + 0.75*0.2) = 0.15/0.30
    0.5
    """
    fpr, tpr = _rates(fpr, tpr)
    prevalence = _checks.probabilities(prevalence, "prevalence", open_interval=True)
    hits = prevalence * tpr
    predicted = hits + (1.0 - prevalence) * fpr
    with np.errstate(divide="ignore", invalid="ignore", under="ignore"):
        precision = np.where(predicted > 0, hits / np.where(predicted > 0, predicted, 1.0), np.nan)
    return float(precision) if precision.ndim == 0 else precision


def precision_recall_interpolation(fpr: ArrayLike, tpr: ArrayLike, prevalence: float, *,
                                   points: int = 50) -> tuple[np.ndarray, np.ndarray]:
    """The PR curve of straight ROC segments: ``(recall, precision)`` sampled along each segment.

    Between two ROC points every mixture of the two classifiers lies on the
    straight segment joining them, so TP and FP grow linearly together; in PR
    space that path is the curve precision = rp tpr/(rp tpr + rn fpr) with
    recall = tpr, which is not a straight line (Davis & Goadrich 2006, "The
    relationship between precision-recall and ROC curves", ICML 2006, section
    4).  ``fpr``, ``tpr``: the points in curve order (e.g. :func:`roc_curve`
    output); ``points`` samples per segment, ends included.  On a segment from
    (0, 0) TP and FP grow in proportion, so precision is constant there; its
    start (nothing predicted positive) is given that value, the limit, so the
    path runs from recall 0.

    Parameters
    ----------
    fpr : array-like with shape (k,)
        The ROC points' fallouts, in curve order (k >= 2).
    tpr : array-like with shape (k,)
        Their recalls.
    prevalence : float
        rp, one number strictly between 0 and 1.
    points : int, default=50
        Samples per segment, ends included (>= 2).

    Returns
    -------
    recall, precision : ndarray with shape ((k - 1) * points,)
        The path in PR space.

    Raises
    ------
    ValueError
        If a rate is outside [0, 1], the arrays are not 1-D with the same shape and at least
        two points, ``points`` is not a whole number >= 2, or ``prevalence`` is not one number
        strictly between 0 and 1.

    Examples
    --------
    At rp = 1/2 the segment from (0, 0) to (0.5, 1) keeps precision 1/(1 + 0.5); the next,
    to (1, 1), falls to 0.5/(0.5 + 0.375) at its middle and 1/2 at its end:

    >>> recall, precision = precision_recall_interpolation([0, 0.5, 1], [0, 1, 1], 0.5, points=3)
    >>> recall.tolist(), precision.round(4).tolist()
    ([0.0, 0.5, 1.0, 1.0, 1.0, 1.0], [0.6667, 0.6667, 0.6667, 0.6667, 0.5714, 0.5])
    """
    fpr, tpr = _as_rates(fpr, tpr)
    if fpr.ndim != 1 or fpr.size < 2:
        raise ValueError("precision_recall_interpolation needs 1-D fpr and tpr with at least two points")
    points = _checks.positive_integer(points, "points", minimum=2)
    if np.ndim(prevalence) != 0:
        raise ValueError("prevalence must be a single number here")
    prevalence = _checks.real_number(prevalence, "prevalence")
    t = np.linspace(0.0, 1.0, points)
    path_fpr = (fpr[:-1, None] + t * np.diff(fpr)[:, None]).ravel()
    path_tpr = (tpr[:-1, None] + t * np.diff(tpr)[:, None]).ravel()
    precision = np.asarray(precision_from_rates(path_fpr, path_tpr, prevalence)).reshape(-1, t.size)
    from_origin = (fpr[:-1] == 0) & (tpr[:-1] == 0)
    precision[from_origin, 0] = precision[from_origin, -1]
    return path_tpr, precision.ravel()


def probability_cost(prevalence: ArrayLike, *, false_positive_cost: ArrayLike = 1.0,
                     false_negative_cost: ArrayLike = 1.0) -> Any:
    """Drummond & Holte's probability-cost PC(+) = rp c_p / (rp c_p + rn c_n) = 1/(1 + c).

    c_p = ``false_negative_cost`` (cost of missing a real positive), c_n =
    ``false_positive_cost``, rp = prevalence; c = c_v c_s is the isocost slope
    of :func:`isocost_slope`, so an isocost line of slope c in ROC space is the
    vertical line at PC(+) = 1/(1 + c) of a cost curve.  PC = 1/2 for c = 1.
    (C. Drummond & R. C. Holte 2006, "Cost curves: an improved method for
    visualizing classifier performance", Machine Learning 65:95-130, section 3.)

    Parameters
    ----------
    prevalence : float or array-like
        rp, strictly between 0 and 1.
    false_positive_cost : float or array-like, default=1.0
        c_n, > 0.
    false_negative_cost : float or array-like, default=1.0
        c_p, > 0.

    Returns
    -------
    float or ndarray
        PC(+), in [0, 1) (0 where c overflows).

    Raises
    ------
    ValueError
        As :func:`bookeval_lib.roc.isocost_slope`.

    Examples
    --------
    >>> probability_cost(0.25)           # 1/(1 + 3): the isocost slope at prevalence 1/4 is 3
    0.25
    """
    slope = np.asarray(isocost_slope(prevalence, false_positive_cost=false_positive_cost,
                                     false_negative_cost=false_negative_cost))
    value = 1.0 / (1.0 + slope)
    return float(value) if value.ndim == 0 else value


def normalised_expected_cost(fpr: ArrayLike, tpr: ArrayLike, probability_cost: ArrayLike) -> Any:
    """Normalised expected cost (1 - tpr) PC + fpr (1 - PC) of ROC point(s) at PC(+) (broadcasts).

    Drummond & Holte 2006, eq. (3) and section 3: the expected cost per case
    rp c_p (1 - tpr) + rn c_n fpr divided by its largest possible value
    rp c_p + rn c_n.  For one ROC point it is a straight line in PC from fpr
    (at PC = 0) to the miss rate 1 - tpr (at PC = 1); at PC = 1/2 it is
    (1 - tpr + fpr)/2 = (1 - B)/2, B the informedness.

    Parameters
    ----------
    fpr : float or array-like
        Fallout(s) in [0, 1].
    tpr : float or array-like
        Recall(s) in [0, 1].
    probability_cost : float or array-like
        PC(+), in [0, 1].

    Returns
    -------
    float or ndarray
        The normalised expected cost, in [0, 1] (broadcast over the arguments).

    Raises
    ------
    ValueError
        If a rate or PC is outside [0, 1], or the shapes do not broadcast.

    Examples
    --------
    >>> round(normalised_expected_cost(0.2, 0.6, 0.5), 4)      # (1 - 0.6) * 0.5 + 0.2 * 0.5
    0.3
    """
    fpr, tpr = _rates(fpr, tpr)
    pc = _checks.probabilities(probability_cost, "probability_cost")
    cost = (1.0 - tpr) * pc + fpr * (1.0 - pc)
    return float(cost) if cost.ndim == 0 else cost


def cost_curve(fpr: ArrayLike, tpr: ArrayLike, *,
               probability_cost: ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The cost curve of ROC point(s): the lower envelope of their cost lines, ``(pc, cost)``.

    Each ROC point (fpr, tpr) is the line (1 - tpr) PC + fpr (1 - PC)
    (:func:`normalised_expected_cost`); a set of points (one classifier, a
    curve, a hull) is judged by the lowest line at each PC(+), the cost of the
    best of them for those costs and classes (Drummond & Holte 2006, section
    3.2).  The envelope always includes the trivial classifiers "all
    negative" (cost PC) and "all positive" (cost 1 - PC), as the ROC hull
    includes (0, 0) and (1, 1); it is the point-line dual of the ROC convex
    hull: the hull edge of slope s between two vertices becomes the corner at
    PC = 1/(1 + s).

    Without ``probability_cost`` the exact envelope is returned: its corners,
    from (0, 0) to (1, 0) by increasing PC (it is piecewise linear).  With an
    array of PC values, the envelope is evaluated there.

    Parameters
    ----------
    fpr : float or array-like
        The ROC points' fallouts, in [0, 1].
    tpr : float or array-like
        Their recalls, in [0, 1].
    probability_cost : float or array-like, optional
        PC(+) values in [0, 1] to evaluate the envelope at; default: return its corners.

    Returns
    -------
    pc, cost : ndarray
        The envelope's corners, or ``probability_cost`` and the envelope there.

    Raises
    ------
    ValueError
        If a rate or PC is outside [0, 1], or ``fpr`` and ``tpr`` differ in shape.

    Examples
    --------
    One point (0.2, 0.6): its line 0.2 + 0.2 PC meets "all negative" (PC) at PC = 1/4 and
    "all positive" (1 - PC) at PC = 2/3, cost 1/3:

    >>> pc, cost = cost_curve(0.2, 0.6)
    >>> pc.round(4).tolist(), cost.round(4).tolist()
    ([0.0, 0.25, 0.6667, 1.0], [0.0, 0.25, 0.3333, 0.0])
    """
    fpr, tpr = _as_rates(fpr, tpr)
    hull_fpr, hull_tpr = roc_convex_hull(fpr.ravel(), tpr.ravel())
    if probability_cost is not None:
        pc = _checks.probabilities(probability_cost, "probability_cost")
        lines = normalised_expected_cost(hull_fpr[:, None], hull_tpr[:, None], pc.ravel()[None, :])
        return pc, np.min(lines, axis=0).reshape(pc.shape)
    rise, run = np.diff(hull_tpr), np.diff(hull_fpr)
    keep = (rise > 0) & (run > 0)                   # vertical and horizontal edges give corners at 0 and 1
    corner = run[keep] / (rise[keep] + run[keep])   # PC where the lines of consecutive vertices cross
    pc = np.concatenate(([0.0], corner, [1.0]))
    vertex = np.concatenate(([0], np.flatnonzero(keep) + 1))  # the vertex that is lowest from each corner on
    cost = np.concatenate((normalised_expected_cost(hull_fpr[vertex], hull_tpr[vertex], pc[:-1]),
                           [normalised_expected_cost(hull_fpr[-1], hull_tpr[-1], 1.0)]))
    return pc, cost
