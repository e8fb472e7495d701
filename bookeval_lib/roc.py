"""ROC space: points, curves, area, convex hull and isocost lines.

ROC analysis plots the true positive rate tpr (recall) against the false
positive rate fpr (fallout) (Powers 2008, section 2.3; Flach 2003).  A table
is one point; a scoring classifier thresholded at every distinct score is a
curve from (0, 0) (nothing predicted positive) to (1, 1) (everything
predicted positive).

Costs (Powers 2008, section 2.2).  ``false_positive_cost`` is what one real
negative predicted positive costs (the paper's c_n, the value of a negative),
``false_negative_cost`` is what one real positive predicted negative costs
(c_p).  With prevalence rp and rn = 1 - rp, the expected cost per case is::

    cost = rn * false_positive_cost * fpr + rp * false_negative_cost * (1 - tpr)

and its level sets are the parallel *isocost lines*
``tpr = c * fpr + intercept`` with slope ``c = c_v * c_s``, where
``c_v = c_n / c_p`` (cost ratio) and ``c_s = rn / rp`` (class ratio, skew).
A higher intercept means a lower cost, so the best operating point of a
curve is the one on the highest isocost line that touches it.  With c = 1
that point maximises tpr - fpr, i.e. informedness (2008 eq. 10), and with
it the single-point AUC (eq. 9).

References: Powers 2008, "Evaluation Evaluation: a Monte Carlo study",
ECAI 2008 (equation numbers below are that paper's); P. A. Flach 2003,
"The geometry of ROC space", ICML 2003; Provost & Fawcett 2001, "Robust
classification for imprecise environments" (the ROC convex hull).
"""
from __future__ import annotations

from typing import TYPE_CHECKING
import numpy as np

from . import _checks
from .measures import BinaryTable

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "roc_point", "threshold_tables", "roc_curve", "auc", "single_point_auc",
    "roc_convex_hull", "class_ratio", "isocost_slope", "isocost_intercept",
    "isocost_segment", "expected_cost", "optimal_operating_point",
    "distance_to_perfect", "distance_contour", "height_above_chance", "point_at_threshold",
    "operating_state", "cost_operating_state",
]


# ---------------------------------------------------------------------- validation
def _as_rates(fpr, tpr):
    """Two equal-shape float arrays of rates in [0, 1], or ValueError."""
    fpr = _checks.probabilities(fpr, "fpr")
    tpr = _checks.probabilities(tpr, "tpr")
    if fpr.shape != tpr.shape:
        raise ValueError(f"fpr has shape {fpr.shape} but tpr has shape {tpr.shape}")
    return fpr, tpr


def _positive_mask(y_true, pos_label):
    """``y_true == pos_label`` as a boolean array, with the checks roc_curve needs."""
    real, kind = _checks.label_vectors([(y_true, "y_true")], hint="roc_curve(y_true, y_score) takes the real "
                                       "labels first and the scores second: were the two swapped?")
    real = real[0]
    if pos_label is None:
        if real.dtype.kind == "b":
            return real
        if real.dtype.kind in "iuf" and np.all((real == 0) | (real == 1)):
            return real == 1
        labels = np.unique(real)
        raise ValueError("say which label is positive: pos_label=... (labels: "
                         + ", ".join(map(repr, labels[:6].tolist()))
                         + (", ..." if labels.size > 6 else "") + ")")
    pos_label = _checks.positive_label(pos_label, kind if real.size else None)
    labels = np.unique(real)
    if labels.size > 2:
        raise ValueError(f"y_true holds {labels.size} distinct labels; ROC analysis needs two")
    is_positive = real == pos_label
    if not np.any(is_positive) and real.size:
        raise ValueError(f"the positive label {pos_label!r} never occurs in y_true")
    return is_positive


# ---------------------------------------------------------------------- points and curves
def roc_point(table: BinaryTable) -> tuple[Any, Any]:
    """The ROC point (fpr, tpr) = (fallout, recall) of a table (2008 eqs. 7 and 1).

    fpr = FP/RN = B/(B+D) and tpr = TP/RP = A/(A+C).

    Parameters
    ----------
    table : BinaryTable
        One table, or an array of tables.

    Returns
    -------
    fpr, tpr : float or ndarray
        The fallout and the recall; nan where RN or RP is 0.

    Raises
    ------
    ValueError
        If ``table`` is not a :class:`BinaryTable`.

    Examples
    --------
    >>> roc_point(BinaryTable(tp=30, fp=10, fn=20, tn=40))     # (10/50, 30/50)
    (0.2, 0.6)
    """
    _checks.instance(table, "table", BinaryTable)
    return table.fallout, table.recall


def threshold_tables(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
                     sample_weight: ArrayLike | None = None) -> tuple[BinaryTable, np.ndarray]:
    """The contingency table at every distinct threshold of ``y_score``.

    A case is predicted positive when its score is >= the threshold.  The
    thresholds are ``inf`` (nothing predicted positive) followed by the
    distinct scores in decreasing order, exactly as scikit-learn's
    ``roc_curve(y_true, y_score, drop_intermediate=False)`` lists them; tied
    scores share one threshold, so a tie makes one diagonal step.

    Parameters
    ----------
    y_true : 1-D sequence of labels
        Two classes, both present.  ``pos_label`` may be omitted for 0/1 or
        boolean labels (then 1 / True is positive).
    y_score : 1-D sequence of finite numbers
        Higher means "more positive".
    pos_label : label, optional
        The positive label; it must occur in ``y_true``.
    sample_weight : 1-D sequence of non-negative numbers, optional
        The weight of each case: the cells are sums of weights.  A case of
        weight 0 is left out (its score is no threshold), as scikit-learn does.

    Returns
    -------
    tables : BinaryTable with shape (k,)
        Counts (sums of weights) at each threshold.
    thresholds : float64 array with shape (k,)
        ``inf``, then the distinct scores in decreasing order.

    Raises
    ------
    ValueError
        Lengths differ, a score is NaN or infinite, only one class occurs (or
        has weight), more than two labels, or ``pos_label`` is missing when it
        is needed or never occurs.

    Notes
    -----
    Cost: one sort of the scores and a cumulative sum, O(n log n).

    Examples
    --------
    >>> tables, thresholds = threshold_tables([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> tables.tp.tolist(), tables.fp.tolist(), thresholds.tolist()
    ([0.0, 1.0, 1.0, 2.0, 2.0], [0.0, 0.0, 1.0, 1.0, 2.0], [inf, 0.8, 0.4, 0.35, 0.1])
    """
    scores = np.asarray(y_score)
    if scores.ndim != 1:
        raise ValueError(f"y_score must be a 1-D sequence, got shape {scores.shape}")
    if scores.dtype.kind not in "biuf":
        raise ValueError(f"y_score must be numeric, got dtype {scores.dtype}")
    scores = scores.astype(np.float64, copy=False)
    is_positive = _positive_mask(y_true, pos_label)
    if is_positive.size != scores.size:
        raise ValueError(f"y_true has {is_positive.size} labels but y_score has {scores.size} values")
    if np.isnan(scores).any():
        raise ValueError("y_score contains NaN")
    if np.isinf(scores).any():
        raise ValueError("y_score contains an infinite value")
    weight = _checks.sample_weights(sample_weight, is_positive.size)
    if weight is not None:
        kept = weight > 0
        scores, is_positive, weight = scores[kept], is_positive[kept], weight[kept]
    order = np.argsort(-scores, kind="stable")
    descending = scores[order]
    # the last position of each run of equal scores
    ends = np.append(np.flatnonzero(descending[1:] != descending[:-1]), descending.size - 1)[:descending.size]
    hits = is_positive[order].astype(np.float64)
    if weight is None:
        true_positives = np.cumsum(hits)[ends]
        false_positives = (ends + 1) - true_positives
    else:
        ordered = weight[order]
        true_positives = np.cumsum(ordered * hits)[ends]
        false_positives = np.cumsum(ordered * (1.0 - hits))[ends]
    positives = true_positives[-1] if ends.size else 0.0
    negatives = false_positives[-1] if ends.size else 0.0
    if not (positives > 0 and negatives > 0):
        what = "cases" if weight is None else "weight"
        raise ValueError(f"ROC analysis needs both classes, but y_true holds {positives:g} positive "
                         f"and {negatives:g} negative {what}")
    if not np.isfinite(positives + negatives):
        raise ValueError("sample_weight adds up to more than the largest float; divide the weights by a "
                         "common factor (every rate is unchanged)")
    true_positives = np.concatenate(([0.0], true_positives))
    false_positives = np.concatenate(([0.0], false_positives))
    tables = BinaryTable._trusted(true_positives, false_positives,
                                  positives - true_positives, negatives - false_positives)
    return tables, np.concatenate(([np.inf], descending[ends]))


def roc_curve(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
              sample_weight: ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ROC curve ``(fpr, tpr, thresholds)`` of a scoring classifier.

    Identical to scikit-learn's ``roc_curve(y_true, y_score,
    drop_intermediate=False, sample_weight=...)``: the first threshold is ``inf``
    with the point (0, 0), then one point per distinct score in decreasing order
    (tied scores move along a diagonal step), ending at (1, 1).  Unlike
    scikit-learn, a single class raises ValueError instead of returning nan.

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
    fpr, tpr : ndarray with shape (k,)
        The ROC points, from (0, 0) to (1, 1).
    thresholds : ndarray with shape (k,)
        ``inf``, then the distinct scores in decreasing order.

    Raises
    ------
    ValueError
        As :func:`threshold_tables`.

    Examples
    --------
    >>> fpr, tpr, thresholds = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    >>> thresholds.tolist()
    [inf, 0.8, 0.4, 0.35, 0.1]
    """
    tables, thresholds = threshold_tables(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    return tables._fp / tables._fp[-1], tables._tp / tables._tp[-1], thresholds


def auc(fpr: ArrayLike, tpr: ArrayLike) -> float:
    """Area under a curve by the trapezoid rule: sum of (x[i+1]-x[i]) (y[i+1]+y[i]) / 2.

    ``fpr`` must be monotone (non-decreasing or non-increasing), as a ROC
    curve is; the area is then positive either way (like scikit-learn's
    ``auc``).  At least two points are needed.

    Parameters
    ----------
    fpr : array-like with shape (k,)
        x coordinates in [0, 1], monotone.
    tpr : array-like with shape (k,)
        y coordinates in [0, 1].

    Returns
    -------
    float
        The area.

    Raises
    ------
    ValueError
        If a rate is outside [0, 1], the shapes differ, there are fewer than two points, or
        ``fpr`` is not monotone.

    Examples
    --------
    Through (0, 0), (0.2, 0.6), (1, 1): 0.2 * 0.6/2 + 0.8 * (0.6 + 1)/2 = 0.06 + 0.64:

    >>> round(auc([0, 0.2, 1], [0, 0.6, 1]), 4)
    0.7
    """
    fpr, tpr = _as_rates(fpr, tpr)
    if fpr.ndim != 1 or fpr.size < 2:
        raise ValueError("auc needs 1-D fpr and tpr with at least two points")
    steps = np.diff(fpr)
    direction = 1.0
    if np.any(steps < 0):
        if np.all(steps <= 0):
            direction = -1.0
        else:
            raise ValueError("fpr is neither non-decreasing nor non-increasing")
    return direction * float(np.trapezoid(tpr, fpr))


def single_point_auc(fpr: ArrayLike, tpr: ArrayLike) -> Any:
    """Area under (0,0)-(fpr,tpr)-(1,1): (tpr - fpr + 1)/2 = (tpr + tnr)/2 = 1 - (fpr + fnr)/2 (2008 eq. 9).

    Larger is better: 1 at the perfect point (0, 1), 1/2 on the chance
    diagonal, 0 at (1, 0).  Vectorised over arrays of points.

    Parameters
    ----------
    fpr : float or array-like
        Fallout(s) in [0, 1].
    tpr : float or array-like
        Recall(s) in [0, 1], the shape of ``fpr``.

    Returns
    -------
    float or ndarray
        The area(s), in [0, 1].

    Raises
    ------
    ValueError
        If a rate is outside [0, 1] or the shapes differ.

    Examples
    --------
    >>> single_point_auc(0.2, 0.6)      # (0.6 - 0.2 + 1)/2, the area of auc([0, 0.2, 1], [0, 0.6, 1])
    0.7
    """
    fpr, tpr = _as_rates(fpr, tpr)
    area = (tpr - fpr + 1.0) / 2.0
    return float(area) if area.ndim == 0 else area


def height_above_chance(fpr: ArrayLike, tpr: ArrayLike) -> Any:
    """tpr - fpr: the vertical height of a ROC point above the chance diagonal.

    This is informedness (2008 eq. 10) and 2 * single-point AUC - 1; negative
    below the diagonal.  Vectorised.

    Parameters
    ----------
    fpr : float or array-like
        Fallout(s) in [0, 1].
    tpr : float or array-like
        Recall(s) in [0, 1], the shape of ``fpr``.

    Returns
    -------
    float or ndarray
        tpr - fpr, in [-1, 1].

    Raises
    ------
    ValueError
        If a rate is outside [0, 1] or the shapes differ.

    Examples
    --------
    >>> round(height_above_chance(0.2, 0.6), 4)        # 0.6 - 0.2
    0.4
    """
    fpr, tpr = _as_rates(fpr, tpr)
    height = tpr - fpr
    return float(height) if height.ndim == 0 else height


def distance_to_perfect(fpr: ArrayLike, tpr: ArrayLike) -> Any:
    """Euclidean distance to the perfect point (0, 1): sqrt(fpr^2 + fnr^2), fnr = 1 - tpr (2008, section 2.3).

    Minimising it minimises the sum of squared normalised errors, which is a
    different criterion from maximising tpr - fpr (circles, not lines).

    Parameters
    ----------
    fpr : float or array-like
        Fallout(s) in [0, 1].
    tpr : float or array-like
        Recall(s) in [0, 1], the shape of ``fpr``.

    Returns
    -------
    float or ndarray
        The distance(s), in [0, sqrt(2)].

    Raises
    ------
    ValueError
        If a rate is outside [0, 1] or the shapes differ.

    Examples
    --------
    >>> round(distance_to_perfect(0.2, 0.6), 4)        # sqrt(0.2**2 + 0.4**2) = sqrt(0.2)
    0.4472
    """
    fpr, tpr = _as_rates(fpr, tpr)
    distance = np.hypot(fpr, 1.0 - tpr)
    return float(distance) if distance.ndim == 0 else distance


def distance_contour(radius: float, points: int = 200) -> tuple[np.ndarray, np.ndarray]:
    """Points (fpr, tpr) of ROC space at distance ``radius`` from (0, 1): a quarter circle.

    fpr = r*sin(t), tpr = 1 - r*cos(t) for t in [0, pi/2], kept where both lie
    in [0, 1].  The level sets of :func:`distance_to_perfect`, for drawing.

    Parameters
    ----------
    radius : float
        The distance from (0, 1), in (0, 1].
    points : int, default=200
        How many angles t to sample (>= 2).

    Returns
    -------
    fpr, tpr : ndarray
        The points of the arc, from (0, 1 - r) to (r, 1).

    Raises
    ------
    ValueError
        If ``radius`` is not in (0, 1] or ``points`` is not a whole number >= 2.

    Examples
    --------
    >>> fpr, tpr = distance_contour(0.5, points=3)      # t = 0, pi/4, pi/2
    >>> fpr.round(4).tolist(), tpr.round(4).tolist()
    ([0.0, 0.3536, 0.5], [0.5, 0.6464, 1.0])
    """
    radius = _checks.real_number(radius, "radius")
    if not 0 < radius <= 1:
        raise ValueError(f"radius must lie in (0, 1], got {radius}")
    angle = np.linspace(0.0, np.pi / 2, _checks.positive_integer(points, "points", minimum=2))
    fpr = radius * np.sin(angle)
    tpr = 1.0 - radius * np.cos(angle)
    return fpr, tpr


_PASSES = 8            # local passes of roc_convex_hull before quickhull finishes the hull


def _upper_hull(x, y):
    """Vertices of the upper convex hull of points sorted by (x, y), distinct, from the first to the last.

    Quickhull (Eddy 1977; Barber, Dobkin & Huhdanpaa 1996), all the hull's edges at once: every
    point is assigned to the edge (a, b) of the vertices found so far above which it may lie; points
    not strictly above their edge, (x_b - x_a)(y_c - y_a) > (y_b - y_a)(x_c - x_a) false, are dropped,
    and on each edge the point farthest above it (the first if tied), a vertex of the hull, splits
    the edge.  Each round is a few numpy passes over the points left; the rounds stop when no point
    lies above any edge.  A turn within rounding of 0 may be judged either way.
    """
    vertices = np.array([0, x.size - 1])
    left = np.arange(1, x.size - 1)
    while left.size:
        edge = np.searchsorted(vertices, left) - 1                      # the vertex before each point
        a, b = vertices[edge], vertices[edge + 1]
        above = (x[b] - x[a]) * (y[left] - y[a])
        below = (y[b] - y[a]) * (x[left] - x[a])
        strict = below < above
        left, edge, height = left[strict], edge[strict], (above - below)[strict]
        if not left.size:
            break
        starts = np.flatnonzero(np.r_[True, edge[1:] != edge[:-1]])  # the points of each edge, in a run
        tallest = np.repeat(np.maximum.reduceat(height, starts), np.diff(np.r_[starts, left.size]))
        top = np.flatnonzero(height == tallest)
        top = top[np.r_[True, edge[top[1:]] != edge[top[:-1]]]]       # the first of each edge's tallest
        vertices = np.sort(np.concatenate([vertices, left[top]]))
        keep = np.ones(left.size, dtype=bool)
        keep[top] = False
        left = left[keep]
    return x[vertices], y[vertices]


def _above_extremes(x, y, slopes=16):
    """The points not clearly below the hull of the extreme points, before sorting (x[0], y[0] = (0, 0), x[-1], y[-1] = (1, 1)).

    For each slope c = tan(t), t spread over (0, pi/2), the point maximising y - c x is on the
    hull; so is the upper hull P of these points, (0, 0) and (1, 1), which therefore lies on or
    below the hull, and a point below P is below the hull: no vertex.  Points more than 2^-50
    below P (a rounding of the interpolation, coordinates in [0, 1]) are dropped, in O(n slopes)
    without a sort; on points spread over the square few are left to sort.
    """
    angles = np.linspace(0.0, np.pi / 2, slopes + 2)[1:-1]
    extreme = np.unique(np.r_[0, x.size - 1, [np.argmax(y - np.tan(t) * x) for t in angles]])
    order = np.lexsort((y[extreme], x[extreme]))
    px, py = x[extreme][order], y[extreme][order]
    distinct = np.r_[True, (np.diff(px) != 0) | (np.diff(py) != 0)]
    px, py = _upper_hull(px[distinct], py[distinct])
    if px.size > 2 and px[1] == 0:                     # a vertical first edge: start at its top
        px, py = px[1:], py[1:]
    keep = y >= np.interp(x, px, py) - 2.0 ** -50
    keep[0] = keep[-1] = True
    return x[keep], y[keep]


def roc_convex_hull(fpr: ArrayLike, tpr: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """The ROC convex hull: the upper convex hull of the points together with (0, 0) and (1, 1).

    Returns ``(hull_fpr, hull_tpr)``, the hull's vertices from (0, 0) to
    (1, 1) by increasing fpr.  Points on a hull edge but not at a corner
    are left out, so every interior vertex is a strict turn.  Every point,
    and the chance diagonal, lies on or below the hull; for any slope c > 0
    the highest isocost line touches the hull at a vertex (Provost & Fawcett
    2001).

    Method: the points are sorted by fpr, then tpr (skipped when they come
    sorted, as a ROC curve does; before the sort, the points below the hull
    of 16 extreme points are dropped, ``_above_extremes``); a point no higher than an earlier one is
    dropped (one running maximum); then, pass after pass (at most
    ``_PASSES``), every point whose turn (x1 - x0)(y2 - y0) - (y1 - y0)(x2 - x0)
    between its neighbours is not strictly clockwise (< 0) is dropped, all at
    once: such a point lies on or below the segment joining two others.  When
    a pass drops none, the rest is the hull; else quickhull, every edge split
    at once (``_upper_hull``), finishes it.  Numpy passes only, no Python loop
    over the points.  A turn within rounding of 0 may be judged either way.

    Parameters
    ----------
    fpr : array-like with shape (k,)
        Fallouts of the points, in [0, 1].
    tpr : array-like with shape (k,)
        Recalls of the points, in [0, 1].

    Returns
    -------
    hull_fpr, hull_tpr : ndarray
        The hull's vertices from (0, 0) to (1, 1), by increasing fpr.

    Raises
    ------
    ValueError
        If a rate is outside [0, 1], the shapes differ, or the arrays are not 1-D.

    Examples
    --------
    (0.3, 0.55) lies below the segment from (0.1, 0.5) to (0.5, 0.9), which is 0.7 high at
    fpr 0.3, so the hull drops it:

    >>> fpr, tpr = roc_convex_hull([0.1, 0.3, 0.5], [0.5, 0.55, 0.9])
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.1, 0.5, 1.0], [0.0, 0.5, 0.9, 1.0])
    """
    fpr, tpr = _as_rates(fpr, tpr)
    if fpr.ndim != 1:
        raise ValueError("roc_convex_hull needs 1-D fpr and tpr")
    x = np.concatenate(([0.0], fpr, [1.0]))
    y = np.concatenate(([0.0], tpr, [1.0]))
    dx, dy = np.diff(x), np.diff(y)
    # a ROC curve comes sorted: both coordinates non-decreasing
    if x.size > 2 and not (dx.min() >= 0 and dy.min() >= 0) and not np.all(
            (dx > 0) | ((dx == 0) & (dy >= 0))):
        x, y = _above_extremes(x, y)
        # by increasing fpr, and for equal fpr by increasing tpr: (0, 0) comes first and (1, 1) last
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
        dx, dy = np.diff(x), np.diff(y)
    # merge repeated points, and drop every point that an earlier one (fpr no larger) matches or beats
    # in tpr: the hull rises from (0, 0) to (1, 1), so such a point is on it only on a flat edge
    # at tpr = 1, never a corner ((1, 1), the last point, stays)
    ahead = np.ones(x.size, dtype=bool)
    ahead[1:] = y[1:] > np.maximum.accumulate(y)[:-1]
    ahead[-1] = True
    if not ahead.all():
        x, y = x[ahead], y[ahead]
    for _ in range(_PASSES):
        # drop, all at once, every point whose turn between its neighbours is not strictly clockwise,
        # (x1 - x0)(y2 - y0) < (y1 - y0)(x2 - x0): it lies on or below the segment joining two others
        dx, dy = np.diff(x), np.diff(y)
        strict = (y[2:] - y[:-2]) * dx[:-1] < (x[2:] - x[:-2]) * dy[:-1]
        if strict.all():
            return x, y
        x, y = x[np.r_[True, strict, True]], y[np.r_[True, strict, True]]
    return _upper_hull(x, y)


# ---------------------------------------------------------------------- costs and isocost lines
def class_ratio(prevalence: ArrayLike) -> Any:
    """Skew c_s = rn/rp = (1 - prevalence)/prevalence (2008, section 2.2).  Prevalence in (0, 1).

    inf where the ratio exceeds the largest float (prevalence below about 5.6e-309).

    Parameters
    ----------
    prevalence : float or array-like
        rp, strictly between 0 and 1.

    Returns
    -------
    float or ndarray
        rn/rp.

    Raises
    ------
    ValueError
        If a prevalence is not strictly between 0 and 1.

    Examples
    --------
    >>> class_ratio(0.2)          # 0.8/0.2
    4.0
    """
    prevalence = _checks.probabilities(prevalence, "prevalence", open_interval=True)
    with np.errstate(over="ignore"):
        ratio = (1.0 - prevalence) / prevalence
    return float(ratio) if ratio.ndim == 0 else ratio


def _validate_costs(false_positive_cost, false_negative_cost):
    costs = []
    for name, cost in (("false_positive_cost", false_positive_cost),
                       ("false_negative_cost", false_negative_cost)):
        costs.append(_checks.positive_numbers(cost, name))
    return costs


def isocost_slope(prevalence: ArrayLike, *, false_positive_cost: ArrayLike = 1.0,
                  false_negative_cost: ArrayLike = 1.0) -> Any:
    """Slope c = c_v * c_s of the isocost lines in ROC space (2008, section 2.2; Flach 2003).

    c_v = c_n/c_p = false_positive_cost / false_negative_cost (what an error
    on a real negative costs relative to one on a real positive) and
    c_s = rn/rp.  Derived in notebook 11 from the expected cost
    rn*c_n*fpr + rp*c_p*(1 - tpr).  c = 1 for balanced classes with equal
    costs, or whenever c_v = 1/c_s.  inf where c exceeds the largest float.

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
        The slope c > 0 (broadcast over the arguments).

    Raises
    ------
    ValueError
        If a prevalence is not strictly between 0 and 1, or a cost is not > 0.

    Examples
    --------
    At prevalence 1/4 the skew is 3 negatives per positive; a false negative that costs 3
    times a false positive cancels it:

    >>> isocost_slope(0.25), isocost_slope(0.25, false_negative_cost=3)
    (3.0, 1.0)
    """
    false_positive_cost, false_negative_cost = _validate_costs(false_positive_cost,
                                                               false_negative_cost)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        ratio = np.asarray(class_ratio(prevalence))
        slope = false_positive_cost / false_negative_cost * ratio
        lost = ~np.isfinite(slope) | (slope == 0)     # a factor under- or overflowed: multiply in logs
        if lost.any():
            prevalence = np.broadcast_to(_checks.probabilities(prevalence, "prevalence"), slope.shape)
            logs = (np.log(false_positive_cost) - np.log(false_negative_cost)
                    + np.log1p(-prevalence) - np.log(prevalence))
            slope = np.where(lost, np.exp(logs), slope)
    return float(slope) if slope.ndim == 0 else slope


def _validate_slope(slope):
    return _checks.positive_numbers(slope, "slope")


def isocost_intercept(slope: ArrayLike, fpr: ArrayLike, tpr: ArrayLike) -> Any:
    """Intercept b = tpr - c*fpr of the isocost line ``tpr = c*fpr + b`` through (fpr, tpr).

    For a fixed slope a higher intercept is a lower expected cost.  Vectorised.

    Parameters
    ----------
    slope : float or array-like
        The isocost slope c, > 0.
    fpr : float or array-like
        Fallout(s) in [0, 1].
    tpr : float or array-like
        Recall(s) in [0, 1], the shape of ``fpr``.

    Returns
    -------
    float or ndarray
        b = tpr - c*fpr.

    Raises
    ------
    ValueError
        If ``slope`` is not > 0, a rate is outside [0, 1], or the shapes differ.

    Examples
    --------
    >>> round(isocost_intercept(2.0, 0.2, 0.6), 4)      # 0.6 - 2*0.2
    0.2
    """
    slope = _validate_slope(slope)
    fpr, tpr = _as_rates(fpr, tpr)
    intercept = tpr - slope * fpr
    return float(intercept) if intercept.ndim == 0 else intercept


def isocost_segment(slope: float, intercept: float
                    ) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of the line ``tpr = c*fpr + b`` inside the unit square, for drawing.

    Returns ``((fpr_start, tpr_start), (fpr_end, tpr_end))`` with fpr_start <=
    fpr_end, or None when the line misses the square.

    Parameters
    ----------
    slope : float
        c, > 0.
    intercept : float
        b.

    Returns
    -------
    tuple of two (fpr, tpr) pairs, or None
        The segment's end points, or None when the line misses the square.

    Raises
    ------
    ValueError
        If ``slope`` is not a number > 0 or ``intercept`` is not a finite number.

    Examples
    --------
    tpr = 2 fpr + 0.2 enters at (0, 0.2) and leaves at tpr = 1, fpr = 0.4:

    >>> isocost_segment(2.0, 0.2)
    ((0.0, 0.2), (0.4, 1.0))
    >>> isocost_segment(1.0, -2.0) is None
    True
    """
    slope = _checks.positive_number(slope, "slope")
    intercept = _checks.real_number(intercept, "intercept")
    # the line meets tpr = 0 at fpr = -b/c and tpr = 1 at fpr = (1-b)/c
    fpr_start = max(0.0, -intercept / slope)
    fpr_end = min(1.0, (1.0 - intercept) / slope)
    if fpr_start > fpr_end:
        return None
    tpr_start = min(1.0, max(0.0, slope * fpr_start + intercept))
    tpr_end = min(1.0, max(0.0, slope * fpr_end + intercept))
    return (fpr_start, tpr_start), (fpr_end, tpr_end)


def expected_cost(fpr: ArrayLike, tpr: ArrayLike, prevalence: ArrayLike, *,
                  false_positive_cost: ArrayLike = 1.0, false_negative_cost: ArrayLike = 1.0) -> Any:
    """Expected cost per case: rn * c_n * fpr + rp * c_p * (1 - tpr).

    c_n = ``false_positive_cost``, c_p = ``false_negative_cost``, rp =
    prevalence, rn = 1 - rp.  With unit costs it is the error rate
    1 - accuracy (2008 eq. 5).  Vectorised.

    Parameters
    ----------
    fpr : float or array-like
        Fallout(s) in [0, 1].
    tpr : float or array-like
        Recall(s) in [0, 1], the shape of ``fpr``.
    prevalence : float or array-like
        rp, in [0, 1].
    false_positive_cost : float or array-like, default=1.0
        c_n, > 0.
    false_negative_cost : float or array-like, default=1.0
        c_p, > 0.

    Returns
    -------
    float or ndarray
        The expected cost per case.

    Raises
    ------
    ValueError
        If a rate or the prevalence is outside [0, 1], the shapes differ, or a cost is not > 0.

    Examples
    --------
    >>> expected_cost(0.2, 0.6, 0.25)      # 0.75 * 0.2 + 0.25 * (1 - 0.6) = 0.15 + 0.10
    0.25
    """
    fpr, tpr = _as_rates(fpr, tpr)
    false_positive_cost, false_negative_cost = _validate_costs(false_positive_cost,
                                                               false_negative_cost)
    prevalence = _checks.probabilities(prevalence, "prevalence")
    cost = ((1.0 - prevalence) * false_positive_cost * fpr
            + prevalence * false_negative_cost * (1.0 - tpr))
    return float(cost) if cost.ndim == 0 else cost


def optimal_operating_point(fpr: ArrayLike, tpr: ArrayLike, slope: float) -> int:
    """Index of the point on the highest isocost line of slope c: argmax of tpr - c*fpr.

    Ties go to the first such point in the order given (for
    :func:`roc_curve` output, the highest threshold, i.e. the fewest
    positive predictions).  With c = 1 this is the point of greatest
    informedness tpr - fpr.

    Parameters
    ----------
    fpr : array-like with shape (k,)
        The curve's fallouts, in [0, 1].
    tpr : array-like with shape (k,)
        The curve's recalls, in [0, 1].
    slope : float
        The isocost slope c, > 0 (:func:`isocost_slope`).

    Returns
    -------
    int
        The index of the best point.

    Raises
    ------
    ValueError
        If ``slope`` is not > 0, a rate is outside [0, 1], or the arrays are empty, not 1-D or
        of different shapes.

    Examples
    --------
    tpr - 0.5 fpr is 0, 0.5, 0.65, 0.5 at the four points: the third wins.

    >>> optimal_operating_point([0, 0.2, 0.5, 1], [0, 0.6, 0.9, 1], 0.5)
    2
    """
    intercepts = np.asarray(isocost_intercept(slope, fpr, tpr))
    if intercepts.ndim != 1 or intercepts.size == 0:
        raise ValueError("optimal_operating_point needs non-empty 1-D fpr and tpr")
    return int(np.argmax(intercepts))


def point_at_threshold(thresholds: ArrayLike, threshold: float) -> int:
    """Index of the curve point for the rule "positive if score >= threshold".

    ``thresholds`` decrease, as :func:`roc_curve` returns them (the first is
    inf).  The point is the last one whose threshold is >= ``threshold``: a
    threshold between two scores gives the point of the higher score, a
    threshold above every score gives (0, 0).

    Parameters
    ----------
    thresholds : array-like with shape (k,)
        Strictly decreasing thresholds, as :func:`roc_curve` returns them.
    threshold : float
        The rule's threshold (may be infinite).

    Returns
    -------
    int
        The index into the curve's arrays.

    Raises
    ------
    ValueError
        If ``thresholds`` is empty, not 1-D, holds NaN or does not strictly decrease, or
        ``threshold`` is not a number.

    Examples
    --------
    >>> point_at_threshold([float("inf"), 0.8, 0.4, 0.35, 0.1], 0.5)   # the point of 0.8
    1
    """
    thresholds = _checks.real_values(thresholds, "thresholds")
    if thresholds.ndim != 1 or thresholds.size == 0 or np.isnan(thresholds).any():
        raise ValueError("thresholds must be a non-empty 1-D array without NaN")
    if np.any(np.diff(thresholds) >= 0):
        raise ValueError("thresholds must be strictly decreasing, as roc_curve returns them")
    threshold = _checks.real_number(threshold, "threshold", allow_infinite=True)
    # thresholds[::-1] increases; count how many thresholds are >= threshold
    at_least = thresholds.size - np.searchsorted(thresholds[::-1], threshold, side="left")
    return max(int(at_least) - 1, 0)


def operating_state(fpr: ArrayLike, tpr: ArrayLike, thresholds: ArrayLike, *, threshold: float,
                    slope: float) -> dict:
    """Everything the ROC widget shows for a chosen threshold and isocost slope c.

    Returns a dict with ``index``, ``fpr``, ``tpr`` of the chosen operating
    point, its ``intercept`` (of the isocost line of slope c through it),
    ``optimal_index``, ``optimal_fpr``, ``optimal_tpr``,
    ``optimal_threshold`` and ``optimal_intercept`` of the point on the
    highest isocost line, and ``regret`` = optimal_intercept - intercept
    (>= 0; it is the extra expected cost divided by rp * c_p).

    Parameters
    ----------
    fpr : array-like with shape (k,)
        The curve's fallouts (:func:`roc_curve`).
    tpr : array-like with shape (k,)
        The curve's recalls.
    thresholds : array-like with shape (k,)
        The curve's thresholds, strictly decreasing.
    threshold : float
        The chosen threshold (positive if score >= threshold).
    slope : float
        The isocost slope c, > 0.

    Returns
    -------
    dict
        The keys above, and ``threshold`` (the chosen point's own threshold).

    Raises
    ------
    ValueError
        As :func:`point_at_threshold` and :func:`optimal_operating_point`, or if
        ``thresholds`` and ``fpr`` differ in shape.

    Examples
    --------
    Threshold 0.4 gives (0.5, 0.5), intercept 0; the best point at c = 1 is (0, 0.5),
    intercept 0.5:

    >>> fpr, tpr, thresholds = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> state = operating_state(fpr, tpr, thresholds, threshold=0.4, slope=1.0)
    >>> state["index"], state["optimal_index"], state["regret"]
    (2, 1, 0.5)
    """
    fpr, tpr = _as_rates(fpr, tpr)
    thresholds = _checks.real_values(thresholds, "thresholds")
    if thresholds.shape != fpr.shape:
        raise ValueError(f"thresholds has shape {thresholds.shape} but fpr has shape {fpr.shape}")
    index = point_at_threshold(thresholds, threshold)
    best = optimal_operating_point(fpr, tpr, slope)
    intercept = isocost_intercept(slope, fpr[index], tpr[index])
    best_intercept = isocost_intercept(slope, fpr[best], tpr[best])
    return {
        "index": index, "fpr": float(fpr[index]), "tpr": float(tpr[index]),
        "threshold": float(thresholds[index]), "intercept": intercept,
        "optimal_index": best, "optimal_fpr": float(fpr[best]), "optimal_tpr": float(tpr[best]),
        "optimal_threshold": float(thresholds[best]), "optimal_intercept": best_intercept,
        "regret": best_intercept - intercept,
    }


def cost_operating_state(fpr: ArrayLike, tpr: ArrayLike, thresholds: ArrayLike, *, threshold: float,
                         prevalence: float, false_positive_cost: float, false_negative_cost: float) -> dict:
    """:func:`operating_state` for two costs and a prevalence given separately (2008, section 2.2).

    c_v = c_n/c_p (``cost_ratio``; c_n = ``false_positive_cost``, the cost of an
    error on a real negative, c_p = ``false_negative_cost``), c_s = rn/rp
    (``class_ratio``) and the isocost slope c = c_v * c_s (``slope``).  Adds the
    ``expected_cost`` rn c_n fpr + rp c_p (1 - tpr) of the chosen point and the
    ``optimal_expected_cost`` of the point on the highest isocost line, and
    ``regret_cost`` = their difference = rp * c_p * ``regret``: the extra expected
    cost per case of the chosen threshold over the best one on this curve (>= 0).
    The curve (fpr, tpr) does not depend on the prevalence; only c does.

    Parameters
    ----------
    fpr : array-like with shape (k,)
        The curve's fallouts (:func:`roc_curve`).
    tpr : array-like with shape (k,)
        The curve's recalls.
    thresholds : array-like with shape (k,)
        The curve's thresholds, strictly decreasing.
    threshold : float
        The chosen threshold.
    prevalence : float
        rp, strictly between 0 and 1.
    false_positive_cost : float
        c_n, > 0.
    false_negative_cost : float
        c_p, > 0.

    Returns
    -------
    dict
        The keys of :func:`operating_state`, the three arguments, and ``cost_ratio``,
        ``class_ratio``, ``slope``, ``expected_cost``, ``optimal_expected_cost``, ``regret_cost``.

    Raises
    ------
    ValueError
        As :func:`operating_state`; also for a prevalence or a cost out of range, or a slope
        no float holds.

    Examples
    --------
    Balanced classes, unit costs: threshold 0.4 costs 0.5*0.5 + 0.5*0.5, the best point
    0.5*0 + 0.5*0.5:

    >>> fpr, tpr, thresholds = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> state = cost_operating_state(fpr, tpr, thresholds, threshold=0.4, prevalence=0.5,
    ...                              false_positive_cost=1.0, false_negative_cost=1.0)
    >>> state["expected_cost"], state["optimal_expected_cost"], state["regret_cost"]
    (0.5, 0.25, 0.25)
    """
    false_positive_cost, false_negative_cost = (float(x) for x in _validate_costs(
        false_positive_cost, false_negative_cost))
    prevalence = _checks.real_number(prevalence, "prevalence")
    class_ratio_ = class_ratio(prevalence)
    slope = isocost_slope(prevalence, false_positive_cost=false_positive_cost,
                          false_negative_cost=false_negative_cost)
    if not 0.0 < slope < np.inf:
        raise ValueError(f"the isocost slope c = (false_positive_cost / false_negative_cost) * (1 - prevalence) "
                         f"/ prevalence is {slope:g} for false_positive_cost={false_positive_cost:g}, "
                         f"false_negative_cost={false_negative_cost:g}, prevalence={prevalence:g}: no float holds it")
    state = operating_state(fpr, tpr, thresholds, threshold=threshold, slope=slope)
    costs = dict(false_positive_cost=false_positive_cost, false_negative_cost=false_negative_cost)
    cost = expected_cost(state["fpr"], state["tpr"], prevalence, **costs)
    best_cost = expected_cost(state["optimal_fpr"], state["optimal_tpr"], prevalence, **costs)
    return {**state, "prevalence": float(prevalence), "false_positive_cost": false_positive_cost,
            "false_negative_cost": false_negative_cost,
            "cost_ratio": false_positive_cost / false_negative_cost, "class_ratio": class_ratio_,
            "slope": slope, "expected_cost": cost, "optimal_expected_cost": best_cost,
            "regret_cost": cost - best_cost}
