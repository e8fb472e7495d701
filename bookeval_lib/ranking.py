"""How well a score ranks the cases: ROC AUC with DeLong's variance, average precision, one-vs-rest AUC.

The area under the ROC curve of a score is the Mann-Whitney probability that a
random positive scores above a random negative, a tie counting one half::

    AUC = (1 / (m n)) sum_i sum_j psi(X_i, Y_j),   psi(x, y) = 1 if x > y, 1/2 if x = y, 0 if x < y,

with X_1..X_m the scores of the positives and Y_1..Y_n those of the negatives
(DeLong, DeLong & Clarke-Pearson 1988, eq. 1).  It is the trapezoid area under
the empirical ROC curve (:func:`bookeval_lib.roc.roc_curve`), and for a single
operating point it reduces to Powers' single-point AUC (B + 1)/2 (Powers 2008 eq. 9).

DeLong's variance comes from the *structural components*
V10(X_i) = (1/n) sum_j psi(X_i, Y_j) and V01(Y_j) = (1/m) sum_i psi(X_i, Y_j):
var(AUC) = S10/m + S01/n with S10, S01 their sample variances (denominators
m - 1 and n - 1).  For two scores on the same cases the covariance of the two
AUCs is built the same way from the components' sample covariances, which gives
the paired test of DeLong et al. (1988).  Sun & Xu (2014) compute every component
from midranks in O(N log N): V10(X_i) = (T_Z(X_i) - T_X(X_i))/n and
V01(Y_j) = 1 - (T_Z(Y_j) - T_Y(Y_j))/m, where T_Z is the midrank among all N
scores and T_X, T_Y the midranks within the positives and within the negatives.

References
----------
E. R. DeLong, D. M. DeLong & D. L. Clarke-Pearson 1988, "Comparing the areas under
two or more correlated receiver operating characteristic curves: a nonparametric
approach", Biometrics 44:837-845.
X. Sun & W. Xu 2014, "Fast implementation of DeLong's algorithm for comparing the
areas under correlated receiver operating characteristic curves", IEEE Signal
Processing Letters 21:1389-1393.
J. A. Hanley & B. J. McNeil 1982, "The meaning and use of the area under a receiver operating
characteristic (ROC) curve", Radiology 143:29-36.
D. J. Hand & R. J. Till 2001, "A simple generalisation of the area under the ROC
curve for multiple class classification problems", Machine Learning 45:171-186.
Powers 2008, "Evaluation Evaluation: a Monte Carlo study", ECAI 2008.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from .results import Comparison, Significance, _finish, _normal_quantile
from .roc import _positive_mask, threshold_tables

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

    from .results import Interval

__all__ = ["roc_auc", "roc_auc_interval", "compare_roc_auc",
           "average_precision", "roc_auc_ovr", "average_precision_interval", "roc_auc_ovr_interval"]


# ---------------------------------------------------------------------- the structural components
def _split_scores(y_true, y_scores, pos_label, names):
    """(positive scores, negative scores) of each score vector; both classes must occur."""
    is_positive = _positive_mask(y_true, pos_label)
    split = []
    for score, name in zip(y_scores, names):
        score = _checks.real_array(score, name)
        if score.ndim != 1 or score.size != is_positive.size:
            raise ValueError(f"{name} must be a 1-D sequence of {is_positive.size} scores, one per "
                             f"case of y_true, got shape {score.shape}")
        split.append((score[is_positive], score[~is_positive]))
    positives = int(np.count_nonzero(is_positive))
    if positives == 0 or positives == is_positive.size:
        raise ValueError(f"ROC analysis needs both classes, but y_true holds {positives} positive "
                         f"and {is_positive.size - positives} negative cases")
    return split


def _components(positives: np.ndarray, negatives: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """(AUC, V10, V01) by midranks (Sun & Xu 2014), O(N log N)."""
    from scipy.stats import rankdata
    m, n = positives.size, negatives.size
    overall = rankdata(np.concatenate((positives, negatives)), method="average")
    within_positives = rankdata(positives, method="average")
    within_negatives = rankdata(negatives, method="average")
    v10 = (overall[:m] - within_positives) / n
    v01 = 1.0 - (overall[m:] - within_negatives) / m
    return float(v10.mean()), v10, v01


# ---------------------------------------------------------------------- one score
def roc_auc(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
            sample_weight: ArrayLike | None = None) -> float:
    """The area under the ROC curve: Pr(score of a random positive > that of a random negative).

    A tie counts one half (DeLong et al. 1988, eq. 1), so it equals
    ``sklearn.metrics.roc_auc_score(y_true, y_score)`` and the trapezoid area
    under :func:`bookeval_lib.roc.roc_curve`.  With ``sample_weight`` each pair
    (positive i, negative j) counts w_i w_j: the trapezoid area under the
    weighted ROC curve, as ``roc_auc_score(..., sample_weight=...)``.  Not to be confused with the
    single-point AUC (B + 1)/2 of one table (Powers 2008 eq. 9), which is the
    area under the two segments through that table's point.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: two labels.
    y_score : array-like with shape (n_samples,)
        A real score per case, higher for the positive class.
    pos_label : label, optional
        The positive label; default: 1 for 0/1 labels, True for booleans.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.

    Returns
    -------
    float
        The AUC in [0, 1].

    Raises
    ------
    ValueError
        If ``y_true`` holds more than two labels, no positive or no negative case, or labels
        other than 0/1 without ``pos_label``; if ``pos_label`` never occurs; if ``y_score`` is
        not a finite 1-D array of one score per case; if ``sample_weight`` is bad.

    Examples
    --------
    Three of the four (positive, negative) pairs are ordered right (0.35 < 0.4):

    >>> roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    if sample_weight is not None:
        tables, _ = threshold_tables(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
        fpr, tpr = tables._fp / tables._fp[-1], tables._tp / tables._tp[-1]
        return float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1])) / 2.0)
    (positives, negatives), = _split_scores(y_true, [y_score], pos_label, ["y_score"])
    return _components(positives, negatives)[0]


def roc_auc_interval(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
                     confidence: float = 0.95, method: str = "logit") -> Interval:
    """DeLong's confidence interval for the ROC AUC of one score, on the logit scale by default.

    DeLong et al. (1988) give the variance S10/m + S01/n of the AUC from the
    structural components (computed here from midranks, Sun & Xu 2014); the test
    set is taken as m positives and n negatives drawn independently.  Two intervals
    are built from it:

    ``method="logit"`` (the default): logit(AUC) +- z SE / (AUC (1 - AUC)), mapped
    back by the logistic function, so it stays inside (0, 1) and is asymmetric near
    the ends, as the sampling distribution of an AUC near 1 is.
    ``method="wald"``: AUC +- z SE, clipped to [0, 1]; the interval of R's
    ``pROC::ci.auc(method = "delong")``.

    Coverage of the nominal 95 % intervals, binormal scores (negatives N(0, 1),
    positives N(mu, 1), AUC = Phi(mu / sqrt 2)), 20,000 test sets per cell
    (binomial SE at most 0.0035)::

        m + n        AUC 0.7         AUC 0.9         AUC 0.97
                     Wald   logit    Wald   logit    Wald   logit
        10 + 10      0.916  0.968    0.813  0.977    0.682  0.974
        20 + 20      0.933  0.958    0.885  0.953    0.791  0.974
        50 + 50      0.943  0.954    0.924  0.952    0.880  0.942
        100 + 100    0.948  0.953    0.937  0.955    0.912  0.945
        10 + 90      0.909  0.936    0.839  0.910    0.758  0.921
        90 + 10      0.913  0.938    0.847  0.911    0.753  0.917

    The Wald interval falls far below 95 % where the AUC is near 1 or the sample
    small; the logit interval is a little conservative with 10 or 20 cases a
    class and falls to about 0.91 with 10 cases of one class against 90 of the other.

    Where every pair of a positive and a negative is ordered alike (AUC 0 or 1)
    DeLong's variance is 0 and the logit undefined.  The logit interval then
    moves the AUC half a pair inside, to 1 - 1/(2 m n) (or 1/(2 m n)), takes the
    variance of Hanley & McNeil (1982) at that value, and keeps the
    observed end: [low, 1] (or [0, high]).  Where the variance is 0 for another
    reason (every score tied) it takes Hanley & McNeil's variance at the AUC.
    ``reason`` says which was done.  The Wald interval is then the single point.
    Needs at least two positives and two negatives (a sample variance of each).
    Returns a :class:`bookeval_lib.results.Interval`.

    No ``sample_weight``: DeLong's variance is that of m + n independent cases,
    and a weighted set of cases has no sample size to take it from (a weight
    of 0.3 is not a number of cases).  Frequency weights are cases repeated:
    ``numpy.repeat`` the labels and scores.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: two labels, at least two cases of each.
    y_score : array-like with shape (n_samples,)
        A real score per case, higher for the positive class.
    pos_label : label, optional
        The positive label; default: 1 for 0/1 labels, True for booleans.
    confidence : float, default=0.95
        The confidence level, strictly between 0 and 1.
    method : {"logit", "wald"}, default="logit"
        The interval on the logit scale, mapped back (the better coverage, table above), or the plain
        AUC +- z SE, clipped.

    Returns
    -------
    Interval
        A :class:`bookeval_lib.results.Interval` of ``measure="roc_auc"``: ``estimate`` (the
        AUC), ``low``, ``high`` in [0, 1], ``method``, ``confidence``, ``reason``.

    Raises
    ------
    ValueError
        As :func:`roc_auc`; also if either class has fewer than two cases, ``confidence`` is
        not strictly between 0 and 1, or ``method`` is neither "logit" nor "wald".

    Examples
    --------
    Two negatives (0.1, 0.4) and two positives (0.35, 0.8): V10 = (1/2, 1) for the positives
    (the share of negatives each one outscores), V01 = (1, 1/2) for the negatives, AUC = 3/4;
    each has sample variance 1/8, so var = (1/8)/2 + (1/8)/2 = 1/8.  Wald:
    0.75 +- 1.96 sqrt(1/8) = 0.75 +- 0.693, clipped at 1.  Logit: log 3 +- 1.96 sqrt(1/8) / (3/16)
    = 1.0986 +- 3.6957, mapped back to [0.0693, 0.9918].

    >>> print(roc_auc_interval([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]))
    AUC = 0.750 [0.069, 0.992] (95 %, DeLong, logit)
    >>> print(roc_auc_interval([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], method="wald"))
    AUC = 0.750 [0.057, 1.000] (95 %, DeLong, Wald)
    """
    confidence = _checks.confidence(confidence)
    _checks.choice(method, "method", ("logit", "wald"))
    (positives, negatives), = _split_scores(y_true, [y_score], pos_label, ["y_score"])
    if positives.size < 2 or negatives.size < 2:
        raise ValueError(f"DeLong's variance needs at least two positives and two negatives, "
                         f"got {positives.size} and {negatives.size}")
    return _delong_interval(*_components(positives, negatives), confidence, method)


def _hanley_mcneil_variance(auc: float, m: int, n: int) -> float:
    """Hanley & McNeil's (1982) variance of an AUC from m positives and n negatives."""
    q1, q2 = auc / (2.0 - auc), 2.0 * auc * auc / (1.0 + auc)
    return (auc * (1.0 - auc) + (m - 1) * (q1 - auc * auc) + (n - 1) * (q2 - auc * auc)) / (m * n)


def _delong_interval(auc: float, v10: np.ndarray, v01: np.ndarray, confidence: float,
                     method: str = "logit") -> Interval:
    """DeLong's interval from the structural components: on the logit scale, or AUC +- z SE clipped."""
    m, n = v10.size, v01.size
    variance = v10.var(ddof=1) / m + v01.var(ddof=1) / n
    z = _normal_quantile(confidence)
    if method == "wald":
        half = z * np.sqrt(variance)
        reason = None if variance > 0 else ("DeLong's variance is 0: every pair of a positive and a "
                                            "negative is ordered alike, so the interval is one point")
        return _finish(auc - half, auc + half, auc, "DeLong, Wald", confidence, False, reason,
                       bounds=(0.0, 1.0), measure="roc_auc")
    reason = None
    centre = auc
    if not variance > 0:
        centre = min(max(auc, 0.5 / (m * n)), 1.0 - 0.5 / (m * n))
        variance = _hanley_mcneil_variance(centre, m, n)
        reason = ("DeLong's variance is 0: every pair of a positive and a negative is ordered alike, "
                  "so the interval is built half a pair inside, at AUC = " + f"{centre:.4g}, with "
                  "Hanley & McNeil's variance, and keeps the observed end" if centre != auc else
                  "DeLong's variance is 0 (every score tied): Hanley & McNeil's variance is used")
    spread = z * np.sqrt(variance) / (centre * (1.0 - centre))
    logit = np.log(centre / (1.0 - centre))
    low, high = _logistic(logit - spread), _logistic(logit + spread)
    low, high = (0.0 if auc <= 0.0 else low), (1.0 if auc >= 1.0 else high)
    return _finish(low, high, auc, "DeLong, logit", confidence, False, reason, bounds=(0.0, 1.0),
                   measure="roc_auc")


def _logistic(x: float) -> float:
    from scipy.special import expit
    return float(expit(x))


# ---------------------------------------------------------------------- two scores on the same cases
def compare_roc_auc(y_true: ArrayLike, y_score_a: ArrayLike, y_score_b: ArrayLike, *,
                    pos_label: Any = None, confidence: float = 0.95) -> Comparison:
    """DeLong's test and interval for the difference of two correlated ROC AUCs (paired).

    With the structural components of both scores on the same positives and
    negatives, S10 and S01 are their 2 x 2 sample covariance matrices and
    var(AUC_A - AUC_B) = c' (S10/m + S01/n) c with c = (1, -1) (DeLong et al.
    1988); z = (AUC_A - AUC_B)/sqrt(var) is referred to the standard normal, as
    R's ``pROC::roc.test(method = "delong", paired = TRUE)``.  The interval is
    difference +- z_conf sqrt(var), clipped to [-1, 1].  The statistic and the
    p-value are nan where the variance is 0 (the two scores rank every pair alike).
    Returns a :class:`bookeval_lib.results.Comparison` of ``measure="roc_auc"``:
    ``estimate_a``, ``estimate_b`` the two areas, ``interval_a``, ``interval_b``
    their DeLong intervals (logit, as :func:`roc_auc_interval`), ``difference`` the interval of AUC_A - AUC_B, ``test``
    the z test (``statistic`` z), ``correlation`` the estimated correlation of the
    two AUCs.
    No ``sample_weight``, for the reason given in :func:`roc_auc_interval`.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: two labels, at least two cases of each.
    y_score_a : array-like with shape (n_samples,)
        Classifier A's scores for the cases.
    y_score_b : array-like with shape (n_samples,)
        Classifier B's scores for the same cases.
    pos_label : label, optional
        The positive label; default: 1 for 0/1 labels, True for booleans.
    confidence : float, default=0.95
        The level of the intervals, strictly between 0 and 1.

    Returns
    -------
    Comparison
        A :class:`bookeval_lib.results.Comparison` of ``measure="roc_auc"``: ``estimate_a``,
        ``estimate_b`` the two areas, ``interval_a``, ``interval_b`` their DeLong intervals,
        ``difference`` the interval of AUC_A - AUC_B, ``test`` the z test (``statistic`` z,
        nan where the variance is 0), ``correlation`` the estimated correlation of the two AUCs.

    Raises
    ------
    ValueError
        As :func:`roc_auc_interval`, for each score vector.

    Examples
    --------
    Score A as in :func:`roc_auc_interval` (AUC 3/4, var 1/8); score B ranks every positive
    above every negative (AUC 1, no variance, so no covariance either): z = -0.25/sqrt(1/8)
    = -0.7071 and p = 2 Phi(-0.7071) = 0.4795.

    >>> result = compare_roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], [0.2, 0.1, 0.9, 0.7])
    >>> result.estimate_a, result.estimate_b, round(result.test.statistic, 4), round(result.test.pvalue, 4)
    (0.75, 1.0, -0.7071, 0.4795)
    """
    from scipy.special import ndtr
    confidence = _checks.confidence(confidence)
    (pa, na), (pb, nb) = _split_scores(y_true, [y_score_a, y_score_b], pos_label,
                                       ["y_score_a", "y_score_b"])
    m, n = pa.size, na.size
    if m < 2 or n < 2:
        raise ValueError(f"DeLong's variance needs at least two positives and two negatives, got {m} and {n}")
    auc_a, v10a, v01a = _components(pa, na)
    auc_b, v10b, v01b = _components(pb, nb)
    s10 = np.cov(np.vstack((v10a, v10b)), ddof=1)
    s01 = np.cov(np.vstack((v01a, v01b)), ddof=1)
    covariance = s10 / m + s01 / n
    variance = covariance[0, 0] + covariance[1, 1] - 2.0 * covariance[0, 1]
    difference = auc_a - auc_b
    half = _normal_quantile(confidence) * np.sqrt(max(variance, 0.0))
    interval = _finish(difference - half, difference + half, difference, "DeLong, paired",
                       confidence, False, None)
    if variance > 0:
        statistic = difference / np.sqrt(variance)
        pvalue = float(2.0 * ndtr(-abs(statistic)))
    else:
        statistic = pvalue = float("nan")
    scale = covariance[0, 0] * covariance[1, 1]
    correlation = float(covariance[0, 1] / np.sqrt(scale)) if scale > 0 else float("nan")
    undefined = not variance > 0
    test = Significance(float(statistic), pvalue, "DeLong, paired", undefined,
                        "the two scores order every pair of a positive and a negative alike: "
                        "no variance" if undefined else None)
    each = [_delong_interval(auc, v10, v01, confidence)
            for auc, v10, v01 in ((auc_a, v10a, v01a), (auc_b, v10b, v01b))]
    return Comparison("roc_auc", auc_a, auc_b, interval, each[0], each[1], test, correlation=correlation)


# ---------------------------------------------------------------------- other summaries of a ranking
def average_precision(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
                      sample_weight: ArrayLike | None = None) -> float:
    """Average precision AP = sum_k (R_k - R_{k-1}) P_k over the distinct thresholds.

    P_k and R_k are the precision and recall at the k-th threshold by
    decreasing score (predict positive when score >= threshold), R_0 = 0: the
    mean of the precision at each positive's rank, ties sharing one threshold.
    Equal to ``sklearn.metrics.average_precision_score`` (with ``sample_weight``
    the counts are sums of weights, as there).  No interpolation:
    this is not the trapezoid area under the PR curve, which straight lines
    between PR points overstate (Davis & Goadrich 2006).

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: two labels.
    y_score : array-like with shape (n_samples,)
        A real score per case, higher for the positive class.
    pos_label : label, optional
        The positive label; default: 1 for 0/1 labels, True for booleans.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.

    Returns
    -------
    float
        AP in [0, 1].

    Raises
    ------
    ValueError
        As :func:`bookeval_lib.roc.threshold_tables`: bad labels or scores, no positive case,
        ``pos_label`` missing for labels other than 0/1, or a bad ``sample_weight``.

    Examples
    --------
    By decreasing score: 0.8 (positive, P = 1, R = 1/2), 0.4 (negative), 0.35 (positive,
    P = 2/3, R = 1): AP = (1/2)(1) + (1/2)(2/3) = 5/6.

    >>> average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.8333333333333333
    """
    tables, _ = threshold_tables(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    tp, fp = tables._tp[1:], tables._fp[1:]             # every finite threshold: tp + fp >= 1
    recall_steps = np.diff(np.concatenate(([0.0], tp))) / tp[-1]
    return float(np.sum(recall_steps * tp / (tp + fp)))


def roc_auc_ovr(y_true: ArrayLike, y_score: ArrayLike, *, labels: ArrayLike | None = None,
                sample_weight: ArrayLike | None = None, average: str | None = "macro") -> float | np.ndarray:
    """One-vs-rest ROC AUC for K classes: each class's scores against all other cases.

    ``y_score`` has shape (N, K), column k the score of class ``labels[k]``
    (``labels`` defaults to the sorted distinct values of ``y_true``, as
    scikit-learn's ``classes_``).  ``average="macro"`` is the mean over the
    classes, ``"weighted"`` weights class l by its prevalence Pr_R(l), ``None``
    returns the K areas; ``"macro"`` and ``"weighted"`` equal scikit-learn's
    ``roc_auc_score(y_true, y_score, multi_class="ovr", average=...)`` (with
    ``sample_weight``, each area as :func:`roc_auc` and the prevalence a share of
    the weight, as there).  Every
    class must occur in ``y_true`` with at least one case outside it.
    (Hand & Till's 2001 one-vs-one M is the other K-class generalisation.)

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: K >= 2 labels.
    y_score : array-like with shape (n_samples, K)
        Column k the score of class ``labels[k]``.
    labels : array-like with shape (K,), optional
        The classes of the columns; default: the sorted distinct values of ``y_true``.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.
    average : {"macro", "weighted"} or None, default="macro"
        How the K areas are combined; ``None`` returns them all.

    Returns
    -------
    float or ndarray with shape (K,)
        The averaged AUC, or the K one-vs-rest areas.

    Raises
    ------
    ValueError
        If ``y_score`` is not a finite (N, K) array matching ``y_true`` and ``labels``; if
        ``average`` is not one of the three; if a label does not occur in ``y_true`` or there
        are fewer than two; if ``sample_weight`` is bad or leaves a class without weight.

    Examples
    --------
    Class 0's column: its cases score 0.8 and 0.3, the others 0.2, 0.1, 0.5, 0.2, so 7 of the
    8 pairs are ordered right (0.3 < 0.5); class 1 likewise 7/8; class 2 all 8/8:

    >>> y_score = [[.8, .1, .1], [.2, .7, .1], [.1, .2, .7], [.3, .4, .3], [.5, .3, .2], [.2, .2, .6]]
    >>> roc_auc_ovr([0, 1, 2, 0, 1, 2], y_score, average=None).tolist()
    [0.875, 0.875, 1.0]
    >>> round(roc_auc_ovr([0, 1, 2, 0, 1, 2], y_score), 4)          # (7/8 + 7/8 + 1)/3
    0.9167
    """
    y_true = _checks.labels(y_true, "y_true")
    scores = _checks.real_array(y_score, "y_score")
    if scores.ndim != 2:
        raise ValueError(f"y_score must have shape (N, K), got shape {scores.shape}")
    names = np.unique(y_true) if labels is None else np.asarray(labels)
    if scores.shape != (y_true.size, names.size):
        raise ValueError(f"y_score has shape {scores.shape}, but y_true has {y_true.size} cases "
                         f"and there are {names.size} labels")
    _checks.choice(average, "average", ("macro", "weighted", None))
    missing = [name for name in names if not np.any(y_true == name)]
    if missing or names.size < 2:
        raise ValueError(f"every label must occur in y_true and there must be at least two: "
                         f"{missing!r} do not occur" if missing else "one-vs-rest needs two labels")
    weight = _checks.sample_weights(sample_weight, y_true.size)
    areas = np.array([roc_auc(y_true == name, scores[:, k], sample_weight=weight) for k, name in enumerate(names)])
    if average is None:
        return areas
    if average == "macro":
        return float(areas.mean())
    prevalence = np.array([np.count_nonzero(y_true == name) if weight is None else weight[y_true == name].sum()
                           for name in names], dtype=float)
    return float(np.sum(prevalence * areas) / prevalence.sum())


# ---------------------------------------------------------------------- intervals of AP and of one-vs-rest AUC
_RESAMPLED = 1 << 20      # case weights of resamples held at once by average_precision_interval (8 MB)


def _average_precision_resamples(is_positive: np.ndarray, score: np.ndarray, n_resamples: int,
                                 rng: np.random.Generator) -> np.ndarray:
    """AP of ``n_resamples`` class-stratified case bootstraps, from one sort of the scores.

    AP depends on the cases only through how many positives (tp_g) and negatives fall in
    each group g of tied scores, taken in decreasing order of score:
    AP = sum_g (tp_g/m) TP_g/(TP_g + FP_g), TP_g and FP_g the cumulative sums.  A resample
    draws m positives and n negatives with replacement, each as uniform indices counted
    into their groups (a Multinomial draw of the group counts).  O(N log N) for the sort,
    O(N) a resample, memory O(chunk x N) in chunks of 2^20 draws.
    """
    order = np.argsort(-score, kind="stable")
    ordered = score[order]
    group = np.cumsum(np.concatenate(([True], ordered[1:] != ordered[:-1]))) - 1
    groups = int(group[-1]) + 1
    positive = is_positive[order]
    of_positive, of_negative = group[positive], group[~positive]
    m = of_positive.size
    out = np.empty(n_resamples)
    chunk = max(1, _RESAMPLED // max(positive.size, groups))
    for start in range(0, n_resamples, chunk):
        size = min(chunk, n_resamples - start)
        offsets = (np.arange(size) * groups)[:, None]
        tp, fp = (np.bincount((members[rng.integers(0, members.size, size=(size, members.size))] + offsets).ravel(),
                              minlength=size * groups).reshape(size, groups)
                  for members in (of_positive, of_negative))
        cumulative_tp = np.cumsum(tp, axis=1)
        said = cumulative_tp + np.cumsum(fp, axis=1)
        precision = np.divide(cumulative_tp, said, out=np.zeros(said.shape), where=said > 0)
        out[start:start + size] = np.sum(tp * precision, axis=1) / m
    return out


def average_precision_interval(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None,
                               confidence: float = 0.95, method: str = "wilson", n_resamples: int = 2000,
                               seed: int = 0) -> Interval:
    """Confidence interval for the average precision of one score.

    Parameters
    ----------
    y_true : array_like
        The real labels, two classes.
    y_score : array_like
        One score per case, higher for the positive class.
    pos_label : label, optional
        The positive label (may be omitted for 0/1 or boolean labels).
    confidence : float
        The nominal coverage, strictly between 0 and 1.
    method : {"wilson", "logit", "bootstrap"}
        ``"wilson"`` (default): Wilson's (1927) score interval of a proportion AP of m
        trials, m the number of positives: (AP + z^2/2m -+ z sqrt(AP (1 - AP)/m +
        z^2/4m^2)) / (1 + z^2/m); a binomial interval of AP as Boyd, Eng & Page (2013)
        take it, in Wilson's form, which keeps a width where AP is 1.
        ``"logit"`` (Boyd, Eng & Page 2013): on the logit scale,
        logit(AP) +- z / sqrt(m AP (1 - AP)), mapped back; a point where AP is 1.
        ``"bootstrap"``: the percentile interval of a
        class-stratified case bootstrap (the m positives and the n negatives resampled
        apart), ``n_resamples`` from ``numpy.random.default_rng(seed)``, drawn as case
        multiplicities over one sort of the scores (O(N log N) + O(N) a resample, memory
        O(N) a resample in chunks of 2^20 draws; about 0.1 s a resample at N = 10^6).
    n_resamples, seed : int
        For ``method="bootstrap"`` only.

    Returns
    -------
    Interval
        Of ``measure="average_precision"``, in [0, 1].

    Notes
    -----
    Coverage of the 95 % intervals, simulated (``benchmarks/study_interval_coverage.py``;
    600 test sets each, standard error 0.009; m positives with scores N(mu, 1), n
    negatives N(0, 1); the true AP the population's, the integral of precision over
    recall at prevalence m/(m + n)):

    ==================  =====  ======  =====  ==========  ===================
    m, n, mu            AP     Wilson  logit  percentile  bias-corrected (BC)
    ==================  =====  ======  =====  ==========  ===================
    10, 90, 3 (hard)    0.907  0.985   0.918  0.830       0.863
    20, 20, 3 (hard)    0.983  0.990   0.813  0.738       0.808
    50, 50, 4 (hard)    0.998  0.998   0.753
    5, 45, 2 (hard)     0.665  0.997   0.953  0.823       0.843
    10, 90, 1.5         0.478  0.963   0.977  0.898       0.905
    30, 270, 2          0.665  0.977   0.977  0.925       0.933
    200, 200, 1         0.753  0.962   0.962
    500, 500, 1 (easy)  0.753  0.972   0.972  0.945       0.945
    ==================  =====  ======  =====  ==========  ===================

    (the bootstraps with 500 resamples.)  Wilson's interval is the default: at least
    0.96 in every setting, and narrower than the logit interval in the median (0.18
    against 0.32 at m = n = 20, mu = 3).  Near AP = 1 the sample AP is often exactly 1
    (18 % of the test sets at m = n = 20, mu = 3; 25 % at m = n = 50, mu = 4), where
    the logit interval is one point and the bootstraps nearly so.  Wilson's interval
    is conservative where positives are few (0.997 with 5).

    References
    ----------
    K. Boyd, K. H. Eng & C. D. Page 2013, "Area under the precision-recall curve: point
    estimates and confidence intervals", ECML PKDD 2013, LNCS 8190:451-466.

    Examples
    --------
    AP = (1/1 + 2/3)/2 = 5/6 over m = 2 positives; Wilson's centre (5/6 + 1.96^2/4)/(1 + 1.96^2/2)
    = 0.6141 and half-width 1.96 sqrt((5/6)(1/6)/2 + 1.96^2/16)/(1 + 1.96^2/2) = 0.3734:

    >>> print(average_precision_interval([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]))
    average_precision = 0.833 [0.241, 0.987] (95 %, Wilson)
    >>> print(average_precision_interval([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], method="logit"))
    average_precision = 0.833 [0.108, 0.995] (95 %, logit)
    """
    confidence = _checks.confidence(confidence)
    if method not in ("wilson", "logit", "bootstrap"):
        raise ValueError(f"method must be 'wilson', 'logit' or 'bootstrap', got {method!r}")
    n_resamples, seed = _checks.positive_integer(n_resamples, "n_resamples"), _checks.seed(seed)
    is_positive = _positive_mask(y_true, pos_label)
    score = _checks.real_array(y_score, "y_score")
    if score.ndim != 1 or score.size != is_positive.size:
        raise ValueError(f"y_score must be a 1-D sequence of {is_positive.size} scores, one per case of y_true, "
                         f"got shape {score.shape}")
    m = int(np.count_nonzero(is_positive))
    if m == 0 or m == is_positive.size:
        raise ValueError(f"y_true must hold both classes, got {m} positive and {is_positive.size - m} negative "
                         "cases")
    estimate = average_precision(is_positive, score)
    if method == "wilson":
        z = _normal_quantile(confidence)
        scale = 1.0 + z * z / m
        centre = (estimate + z * z / (2.0 * m)) / scale
        half = z * np.sqrt(estimate * (1.0 - estimate) / m + z * z / (4.0 * m * m)) / scale
        return _finish(centre - half, centre + half, estimate, method, confidence, False, None, bounds=(0.0, 1.0),
                       measure="average_precision")
    if method == "logit":
        from scipy.special import expit, logit
        if estimate >= 1.0:
            return _finish(1.0, 1.0, 1.0, method, confidence, False, "AP is 1: the logit interval is one point",
                           bounds=(0.0, 1.0), measure="average_precision")
        half = _normal_quantile(confidence) / np.sqrt(m * estimate * (1.0 - estimate))
        centre = logit(estimate)
        return _finish(expit(centre - half), expit(centre + half), estimate, method, confidence, False, None,
                       bounds=(0.0, 1.0), measure="average_precision")
    draws = _average_precision_resamples(is_positive, score, n_resamples, np.random.default_rng(seed))
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(draws, [alpha, 1.0 - alpha])
    return _finish(low, high, estimate, "percentile bootstrap", confidence, False, None, bounds=(0.0, 1.0),
                   measure="average_precision")


def _ovr_influence(classes: np.ndarray, scores: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the K one-vs-rest AUCs, each case's influence phi on sum_k w_k AUC_k).

    ``classes``: each case's class index 0..K-1; ``scores`` (N, K).  With DeLong's
    structural components of class k's column (midranks, Sun & Xu 2014), V10_k for its
    m_k cases and V01_k for the n_k = N - m_k others, a case t of class c has
    phi(t) = w_c V10_c(t)/m_c + sum_{k != c} w_k V01_k(t)/n_k.  One column at a time:
    O(K N log N) time, O(N) memory.
    """
    k = scores.shape[1]
    influence = np.zeros(classes.size)
    areas = np.empty(k)
    for j in range(k):
        inside = classes == j
        m, n = int(np.count_nonzero(inside)), int(np.count_nonzero(~inside))
        # one sort of the column: V10 of a case of class j is (the others below it + half those tied)/n,
        # V01 of another case 1 - (class j's cases below it + half those tied)/m: midrank differences
        order = np.argsort(scores[:, j], kind="stable")
        ordered = scores[order, j]
        new = np.concatenate(([True], ordered[1:] != ordered[:-1]))
        group = np.cumsum(new) - 1
        tied_inside = np.add.reduceat(inside[order].astype(np.int64), np.flatnonzero(new))
        tied_outside = np.diff(np.append(np.flatnonzero(new), classes.size)) - tied_inside
        v10 = (np.cumsum(tied_outside) - 0.5 * tied_outside) / n
        v01 = 1.0 - (np.cumsum(tied_inside) - 0.5 * tied_inside) / m
        component = np.empty(classes.size)
        component[order] = np.where(inside[order], v10[group] * (weights[j] / m), v01[group] * (weights[j] / n))
        areas[j] = float(np.sum(tied_inside * v10)) / m
        influence += component
    return areas, influence


def roc_auc_ovr_interval(y_true: ArrayLike, y_score: ArrayLike, *, labels: ArrayLike | None = None,
                         average: str = "macro", confidence: float = 0.95, method: str = "logit") -> Interval:
    """Confidence interval for the macro or prevalence-weighted one-vs-rest ROC AUC of K classes.

    Parameters
    ----------
    y_true : array_like
        The real classes, one per case.
    y_score : array_like, shape (N, K)
        Column k the score of class ``labels[k]``, as :func:`roc_auc_ovr`.
    labels : array_like, optional
        The names of the columns; default the sorted distinct values of ``y_true``.
    average : {"macro", "weighted"}
        The mean of the K areas, or their mean weighted by prevalence, as
        :func:`roc_auc_ovr`.
    confidence : float
        The nominal coverage, strictly between 0 and 1.
    method : {"logit", "delong"}
        ``"delong"``: A +- z sqrt(Var); ``"logit"`` (default): the same on the logit
        scale, logit(A) +- z sqrt(Var)/(A (1 - A)), mapped back (inside (0, 1) always).

    Returns
    -------
    Interval
        Of ``measure="roc_auc_ovr"``, in [0, 1]; one point (with ``reason``) where the
        variance is 0 (every class's cases outscore every other case in its column).

    Notes
    -----
    Var is DeLong's (1988) variance extended to the K areas at once, the classes
    taken as samples of fixed sizes (the test set's composition fixed, as for B):
    each area is a two-sample U-statistic, A = sum_k w_k AUC_k (w_k = 1/K, or the
    prevalence m_k/N) is to first order a sum over the cases of an influence phi(t) =
    w_c V10_c(t)/m_c + sum_{k != c} w_k V01_k(t)/n_k (t of class c; V10, V01 the
    structural components of each column), and Var = sum_c m_c s_c^2 with s_c^2 the
    sample variance of phi over class c.  This covers the covariance of the K areas,
    which share every case; for two classes and one area it is DeLong's
    S10/m + S01/n.  Computed from midranks (Sun & Xu 2014): O(K N log N) time, O(N)
    memory.

    Coverage of the 95 % intervals, simulated (``benchmarks/study_interval_coverage.py``;
    1,000 test sets each, standard error
    0.007; class sizes fixed; column k's score N(mu_k, 1) for class k and N(0, 1) for
    the others, so AUC_k = Phi(mu_k / sqrt 2)), ``"logit"`` (``"delong"``):

    =====================================================  =========  ======  =====  =====
    classes (cases each)                                   average    A       logit  DeLong
    =====================================================  =========  ======  =====  =====
    10 of 5, mu 2.5 (hard)                                 macro      0.961   0.944  0.907
    10 of 5, mu 1.5 to 3.5                                 weighted   0.946   0.937  0.914
    5 of 20, 10, 6, 4, 3, mu 3 (hard)                      macro      0.983   0.940  0.845
    5 of 20, 10, 6, 4, 3, mu 1 to 4                        weighted   0.867   0.961  0.943
    4 of 3, mu 2                                           macro      0.921   0.953  0.853
    3 of 300, mu 1 (easy)                                  macro      0.760   0.948  0.945
    =====================================================  =========  ======  =====  =====

    Examples
    --------
    >>> y_score = [[.8, .1, .1], [.2, .7, .1], [.1, .2, .7], [.3, .4, .3], [.5, .3, .2], [.2, .2, .6],
    ...            [.6, .3, .1], [.1, .6, .3], [.3, .3, .4]]
    >>> print(roc_auc_ovr_interval([0, 1, 2, 0, 1, 2, 0, 1, 2], y_score))  # roc_auc_score: 0.935
    roc_auc_ovr = 0.935 [0.582, 0.993] (95 %, logit DeLong)
    """
    confidence = _checks.confidence(confidence)
    if method not in ("logit", "delong"):
        raise ValueError(f"method must be 'logit' or 'delong', got {method!r}")
    if average not in ("macro", "weighted"):
        raise ValueError(f"average must be 'macro' or 'weighted', got {average!r}")
    y_true = _checks.labels(y_true, "y_true")
    scores = _checks.real_array(y_score, "y_score")
    if scores.ndim != 2:
        raise ValueError(f"y_score must have shape (N, K), got shape {scores.shape}")
    present, classes = np.unique(y_true, return_inverse=True)
    names = present if labels is None else np.asarray(labels)
    if scores.shape != (y_true.size, names.size):
        raise ValueError(f"y_score must have shape ({y_true.size}, {names.size}) (one column per label), "
                         f"got shape {scores.shape}")
    if labels is not None:
        position = {name: i for i, name in enumerate(names.tolist())}
        missing = [name for name in present.tolist() if name not in position]
        if missing:
            raise ValueError(f"labels must list every class of y_true, got no {missing[0]!r}")
        classes = np.array([position[name] for name in present.tolist()])[classes]
    sizes = np.bincount(classes, minlength=names.size)
    if names.size < 2 or (sizes < 2).any():
        raise ValueError(f"y_true must hold at least two cases of every label of two or more, got counts "
                         f"{dict(zip(names.tolist(), sizes.tolist()))}")
    weights = np.full(names.size, 1.0 / names.size) if average == "macro" else sizes / sizes.sum()
    areas, influence = _ovr_influence(classes, scores, weights)
    estimate = float(weights @ areas)
    within = np.array([influence[classes == c].var(ddof=1) for c in range(names.size)])
    variance = float(np.sum(sizes * within))
    z = _normal_quantile(confidence)
    name = "DeLong" if method == "delong" else "logit DeLong"
    if not variance > 0 or estimate >= 1.0:
        return _finish(estimate, estimate, estimate, name, confidence, False,
                       "the variance is 0: every class's cases outscore all others in its column",
                       bounds=(0.0, 1.0), measure="roc_auc_ovr")
    if method == "delong":
        half = z * np.sqrt(variance)
        return _finish(estimate - half, estimate + half, estimate, name, confidence, False, None,
                       bounds=(0.0, 1.0), measure="roc_auc_ovr")
    from scipy.special import expit, logit
    half = z * np.sqrt(variance) / (estimate * (1.0 - estimate))
    return _finish(expit(logit(estimate) - half), expit(logit(estimate) + half), estimate, name, confidence,
                   False, None, bounds=(0.0, 1.0), measure="roc_auc_ovr")
