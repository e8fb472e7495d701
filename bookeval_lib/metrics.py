"""scikit-learn-style score functions, a report and scorers for Powers' measures.

The functions take ``y_true, y_pred`` first, as ``sklearn.metrics`` does, with
``labels`` and ``sample_weight`` keyword-only, and need numpy only; the
scorers import scikit-learn when they are built.

Orientation.  ``sklearn.metrics.confusion_matrix(y_true, y_pred)`` and
``pandas.crosstab(y_true, y_pred)`` put the real classes in rows; Powers and
:class:`~bookeval_lib.contingency.Contingency` put the predictions in rows.
:func:`contingency` counts the labels straight into Powers' layout, so no
transpose is ever written by hand.

K-class informedness (Powers 2003, "Recall and precision versus the
Bookmaker", ICCS 2003).  For each label l, B(l) = recall(l) - fallout(l) is
the informedness of the one-vs-rest table of l, and

    B = sum_l Pr_P(l) B(l)        (weights: the bias, the share of predictions of l).

scikit-learn's ``balanced_accuracy_score(adjusted=True)`` is
(mean_l recall(l) - 1/K)/(1 - 1/K).  For K = 2 both are tpr - fpr; for K > 2
they differ, because B weights each label by how often it is *predicted* and
counts its fallout, while the adjusted balanced accuracy weights every class
equally and looks at the recalls only.  ``matthews_corrcoef`` (Gorodkin's R_K)
is scikit-learn's own and is not repeated here.

Scorers.  Any score function here becomes a scikit-learn scorer with
``sklearn.metrics.make_scorer(informedness_score)`` (keyword options pass
through, e.g. ``make_scorer(informedness_score, labels=[0, 1, 2])``);
:func:`scorer` builds the common ones by name::

    cross_val_score(model, x, y, scoring=metrics.scorer("informedness"))
    GridSearchCV(model, grid, scoring=metrics.scorers(), refit="informedness")
    TunedThresholdClassifierCV(model, scoring=metrics.scorer("expected_cost", false_negative_cost=5))

Undefined values.  A fold in which a measure is undefined (markedness when
a rare class is never predicted) follows the score function's ``undefined=``
option, as scikit-learn's ``zero_division=``: by default ``"warn"``, the score
is ``nan`` and an :class:`UndefinedMeasureWarning` (a ``UserWarning``) names
the measure and the reason; ``undefined=0.0`` scores such a fold as
uninformed, silently (``scorer("markedness", undefined=0.0)``).  Fixing the
labels with ``labels=[0, 1, 2]`` does not make a measure undefined: a listed
label with no real and no predicted case in a fold contributes nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
import numpy as np

from . import _checks
from ._undefined import UndefinedMeasureWarning, check_policy, resolve
from .contingency import Contingency

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence
    from typing import Any

    from numpy.typing import ArrayLike

    from .results import BookmakerReport, Interval

__all__ = ["contingency", "informedness_score", "markedness_score", "bookmaker_report",
           "expected_cost_score", "scorer", "scorers",
           "SCORER_NAMES"]          # UndefinedMeasureWarning is imported from _undefined (its one home)

#: The names :func:`scorer` accepts.
SCORER_NAMES = ("informedness", "markedness", "expected_cost")


# ---------------------------------------------------------------------- counting
def contingency(y_true: ArrayLike, y_pred: ArrayLike, *, labels: Sequence | None = None,
                sample_weight: ArrayLike | None = None) -> Contingency:
    """The :class:`Contingency` of two label vectors, rows = predicted labels (Powers' layout).

    :meth:`Contingency.from_labels` under scikit-learn's function shape: ``labels``
    fixes the order of the labels (it may name labels that never occur; a label
    that occurs but is not listed raises ValueError), ``sample_weight`` weights
    each case (the cells are then sums of weights).

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: labels (numbers or strings, one kind), not scores.
    y_pred : array-like with shape (n_samples,)
        The predicted labels, of the same kind and length.
    labels : sequence of labels, optional
        The labels in the order of the rows and columns; default: the sorted union of
        ``y_true`` and ``y_pred``.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.

    Returns
    -------
    Contingency
        The K x K table, rows = predicted labels, columns = real labels.

    Raises
    ------
    ValueError
        If ``y_true`` and ``y_pred`` differ in length, are empty, hold scores, missing values
        or two kinds of label; if ``labels`` is empty, repeats a label or omits one that occurs;
        if ``sample_weight`` has the wrong length or a negative or non-finite weight.

    Examples
    --------
    >>> table = contingency([0, 0, 1, 1, 1], [0, 1, 1, 1, 0])
    >>> table.square()               # rows = predicted 0, 1; columns = real 0, 1
    array([[1., 1.],
           [1., 2.]])
    """
    return Contingency.from_labels(y_true, y_pred, labels=labels, sample_weight=sample_weight)


# ---------------------------------------------------------------------- scores
def informedness_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: Sequence | None = None,
                       sample_weight: ArrayLike | None = None, undefined: str | float = "warn") -> float:
    """Powers' K-class Bookmaker informedness B = sum_l Pr_P(l) (recall(l) - fallout(l)).

    Powers 2003 ("Recall and precision versus the Bookmaker"): B(l) is the
    informedness of the one-vs-rest table of label l, and the labels are
    weighted by their bias Pr_P(l) (the share of the predictions that say l).
    B = 0 for any guessing strategy, 1 for a perfect one; negative when the
    predictions are worse than chance.

    For two classes B = tpr - fpr = ``balanced_accuracy_score(y_true, y_pred,
    adjusted=True)``.  For K > 2 they differ: the adjusted balanced accuracy is
    (mean_l recall(l) - 1/K)/(1 - 1/K), an equal-weight average of recalls,
    blind to which wrong label a case received and to how often each label is
    used.  For the table (rows = predicted, columns = real)

        [[30,  5,  0],
         [10, 20,  5],
         [ 0,  5, 25]]

    the recalls are 30/40, 20/30, 25/30, so the adjusted balanced accuracy is
    (0.75 + 0.6667 + 0.8333)/3 = 0.75 -> (0.75 - 1/3)/(2/3) = 0.625; the biases are 35/100,
    35/100, 30/100 and B(l) = 0.75 - 5/60, 0.6667 - 15/70, 0.8333 - 5/70 =
    0.6667, 0.4524, 0.7619, so B = 0.35*0.6667 + 0.35*0.4524 + 0.30*0.7619 = 0.6202.

    Undefined when a predicted label has no real cases or one class holds
    every case (a recall or a fallout is undefined); then ``undefined="warn"``
    (default) returns nan with an :class:`UndefinedMeasureWarning` naming the
    reason, and a number returns that number silently.  A label of ``labels``
    with no real and no predicted case contributes nothing.  ``labels`` and
    ``sample_weight`` as in :func:`contingency`.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes (labels).
    y_pred : array-like with shape (n_samples,)
        The predicted labels.
    labels : sequence of labels, optional
        The labels to count, in order; default: the sorted union of ``y_true`` and ``y_pred``.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.
    undefined : "warn" or float, default="warn"
        What an undefined B returns: ``"warn"`` gives nan and an
        :class:`UndefinedMeasureWarning`; a number (e.g. ``0.0`` or ``nan``) is returned silently.

    Returns
    -------
    float
        B in [-1, 1]; ``undefined`` (nan by default) where B is undefined.

    Raises
    ------
    ValueError
        If the labels fail the checks of :func:`contingency`, or ``undefined`` is neither
        ``"warn"`` nor a number.

    Examples
    --------
    >>> y_true = ["a"] * 40 + ["b"] * 30 + ["c"] * 30
    >>> y_pred = ["a"] * 30 + ["b"] * 10 + ["a"] * 5 + ["b"] * 20 + ["c"] * 5 + ["b"] * 5 + ["c"] * 25
    >>> round(informedness_score(y_true, y_pred), 4)
    0.6202
    """
    return _score("informedness", y_true, y_pred, labels, sample_weight, undefined)


def _score(measure, y_true, y_pred, labels, sample_weight, undefined):
    """A K-class measure of the labels, with the undefined-value policy ``undefined``."""
    undefined = check_policy(undefined)
    table = contingency(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    return resolve(getattr(table, measure), undefined, measure, table.undefined.get(measure, ""), stacklevel=4)


def markedness_score(y_true: ArrayLike, y_pred: ArrayLike, *, labels: Sequence | None = None,
                     sample_weight: ArrayLike | None = None, undefined: str | float = "warn") -> float:
    """Powers' K-class markedness M = sum_c Pr_R(c) (precision(c) - Pr(R=c | P!=c)).

    The dual of :func:`informedness_score`: B of the table with real and
    predicted swapped, i.e. ``informedness_score(y_pred, y_true)``.  For two
    classes M = precision + inverse precision - 1.  Undefined when a label
    with real cases is never predicted, or one label is predicted for every
    case; ``undefined`` as in :func:`informedness_score`.

    The table of :func:`informedness_score` read by columns: M(l) = precision(l) minus the
    share of real l among the cases not predicted l, weighted by prevalence (40, 30, 30 %):
    M(a) = 30/35 - 10/65, M(b) = 20/35 - 10/65, M(c) = 25/30 - 5/70, so
    M = 0.4*0.7033 + 0.3*0.4176 + 0.3*0.7619 = 0.6352.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes (labels).
    y_pred : array-like with shape (n_samples,)
        The predicted labels.
    labels : sequence of labels, optional
        The labels to count, in order; default: the sorted union of ``y_true`` and ``y_pred``.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.
    undefined : "warn" or float, default="warn"
        What an undefined M returns, as in :func:`informedness_score`.

    Returns
    -------
    float
        M in [-1, 1]; ``undefined`` (nan by default) where M is undefined.

    Raises
    ------
    ValueError
        If the labels fail the checks of :func:`contingency`, or ``undefined`` is neither
        ``"warn"`` nor a number.

    Examples
    --------
    >>> y_true = ["a"] * 40 + ["b"] * 30 + ["c"] * 30
    >>> y_pred = ["a"] * 30 + ["b"] * 10 + ["a"] * 5 + ["b"] * 20 + ["c"] * 5 + ["b"] * 5 + ["c"] * 25
    >>> round(markedness_score(y_true, y_pred), 4)
    0.6352
    """
    return _score("markedness", y_true, y_pred, labels, sample_weight, undefined)


def expected_cost_score(y_true: ArrayLike, y_pred: ArrayLike, *, pos_label: Any = 1,
                        sample_weight: ArrayLike | None = None, false_positive_cost: float = 1.0,
                        false_negative_cost: float = 1.0, undefined: str | float = "warn") -> float:
    """Expected cost per case of binary predictions: (c_n FP + c_p FN)/N (lower is better).

    c_n = ``false_positive_cost`` (one real negative predicted positive), c_p =
    ``false_negative_cost``; in rates rn c_n fpr + rp c_p (1 - tpr), as
    :func:`bookeval_lib.roc.expected_cost` (Powers 2008, section 2.2).  With unit
    costs it is the error rate.  ``pos_label`` names the positive label; the
    labels and ``pos_label`` together name at most two classes (a slice with no
    positive case is scored).  Computed as c_n (FP/N) + c_p (FN/N), so costs up
    to the largest float do not overflow.  Undefined (every sample weight 0):
    ``undefined`` as in :func:`informedness_score`.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes: at most two labels.
    y_pred : array-like with shape (n_samples,)
        The predicted labels.
    pos_label : label, default=1
        The positive label; ``None`` is allowed when every label is 0 or 1.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.
    false_positive_cost : float, default=1.0
        c_n, the cost of a real negative predicted positive (>= 0).
    false_negative_cost : float, default=1.0
        c_p, the cost of a real positive predicted negative (>= 0).
    undefined : "warn" or float, default="warn"
        What is returned when every sample weight is 0, as in :func:`informedness_score`.

    Returns
    -------
    float
        The expected cost per case, >= 0; ``undefined`` when every weight is 0.

    Raises
    ------
    ValueError
        If the labels fail the package's checks (see :func:`contingency`) or name more than two
        classes with ``pos_label``; if ``pos_label=None`` and a label is not 0 or 1; if
        ``y_true`` is empty; if a cost is negative or not finite; if ``sample_weight`` or
        ``undefined`` is bad.

    Examples
    --------
    One false positive (cost 1) and one false negative (cost 5) among five cases: 6/5.

    >>> expected_cost_score([1, 1, 0, 0, 0], [1, 0, 1, 0, 0], false_negative_cost=5)
    1.2
    """
    from .measures import positive_masks

    undefined = check_policy(undefined)
    costs = [_checks.positive_number(cost, name, allow_zero=True) for name, cost in
             (("false_positive_cost", false_positive_cost), ("false_negative_cost", false_negative_cost))]
    real, predicted = positive_masks(y_true, y_pred, pos_label)
    if real.size == 0:
        raise ValueError("y_true and y_pred are empty")
    weight = _checks.sample_weights(sample_weight, real.size)
    if weight is None:
        weight = np.ones(real.size)
    elif weight.max() > 0:
        weight = np.ldexp(weight, -np.frexp(weight.max())[1])    # < 1 each, exactly: the sum cannot overflow
    total = weight.sum()
    if not total > 0:
        return resolve(float("nan"), undefined, "expected cost", "every sample weight is 0")
    false_positives = weight[predicted & ~real].sum() / total
    false_negatives = weight[~predicted & real].sum() / total
    return float(costs[0] * false_positives + costs[1] * false_negatives)


# ---------------------------------------------------------------------- report
def _informedness_wald(counts, estimate, confidence):
    """(low, high) about the bias-weighted B = ``estimate`` of square tables (..., K, K), rows = predicted.

    B = sum_l (P_l/N)(A_l/R_l - (P_l - A_l)/(N - R_l)) = sum_l [P_l A_l/(R_l (N - R_l)) - P_l^2/(N (N - R_l))]
    (A_l the diagonal, P_l the row and R_l the column totals).  Each real class c is a multinomial
    sample of its R_c cases (the test set's composition fixed), so by the delta method
    Var(B) = sum_c [sum_k g_kc^2 n_kc - (sum_k g_kc n_kc)^2/R_c] with the gradient
    g_kc = dB/dn_kc = A_k/(R_k (N - R_k)) - 2 P_k/(N (N - R_k)) + [k = c] P_k/(R_k (N - R_k)).
    The interval is B - bias +- z sqrt(Var), Var taken on the table with one pseudo-case added to each
    real class, 1/K in each of its cells (so that a perfect or an empty-celled table does not get
    zero width), widened to hold ``estimate`` and clipped to [-1, 1]; nan where ``estimate`` is nan.

    The bias.  Given the real margins B is quadratic in the counts, so E[B] - B(E table) is exactly
    sum_l [Cov(P_l, A_l)/(N R_l) - (Var P_l - Cov(P_l, A_l))/(N (N - R_l))], with Cov(P_l, A_l) =
    Var A_l = R_l r_l (1 - r_l) (r_l the recall of l) and Var P_l = sum_c R_c pi_lc (1 - pi_lc);
    each R_c pi (1 - pi) is estimated without bias by n_lc (R_c - n_lc)/(R_c - 1).  The first sum
    dominates: about sum_l r_l (1 - r_l)/N, +0.024 at 60 classes of 10 cases with recalls 0.5.
    """
    from .results import _normal_quantile

    counts = np.asarray(counts, dtype=float)
    k = counts.shape[-1]
    smooth = counts + 1.0 / k
    n = smooth.sum(axis=(-2, -1))[..., None]
    real, predicted = smooth.sum(axis=-2), smooth.sum(axis=-1)
    hits = np.diagonal(smooth, axis1=-2, axis2=-1)
    with np.errstate(divide="ignore", invalid="ignore"):               # one class: n = R, B undefined
        a, b = 1.0 / (real * (n - real)), 1.0 / (n * (n - real))
        gradient = (a * hits - 2.0 * b * predicted)[..., :, None] + np.eye(k) * (a * predicted)[..., :, None]
        variance = np.sum(np.sum(gradient ** 2 * smooth, axis=-2)
                          - np.sum(gradient * smooth, axis=-2) ** 2 / real, axis=-1)
    half = _normal_quantile(confidence) * np.sqrt(np.where(np.isfinite(variance), np.maximum(variance, 0.0), np.nan))
    centre = estimate - _informedness_bias(counts)
    return (np.maximum(np.minimum(centre - half, estimate), -1.0),
            np.minimum(np.maximum(centre + half, estimate), 1.0))


def _informedness_bias(counts):
    """The estimated bias E[B] - B of the bias-weighted B of square tables (..., K, K), rows = predicted,
    each real class a multinomial sample (``_informedness_wald``); 0 where a class has < 2 cases."""
    n = counts.sum(axis=(-2, -1))[..., None]
    real = counts.sum(axis=-2)
    with np.errstate(divide="ignore", invalid="ignore"):
        spread = np.where(real[..., None, :] > 1, counts * (real[..., None, :] - counts)
                          / (real[..., None, :] - 1.0), 0.0)      # n_lc (R_c - n_lc)/(R_c - 1)
        own = np.diagonal(spread, axis1=-2, axis2=-1)               # Var A_l = Cov(P_l, A_l)
        said = spread.sum(axis=-1)                                  # Var P_l
        terms = own / (n * real) - (said - own) / (n * (n - real))
        return np.sum(np.where(real > 0, terms, 0.0), axis=-1)


def _informedness_of(samples):
    """Bias-weighted B of a stack of square tables (rows = predicted), vectorised."""
    n = samples.sum(axis=(1, 2))[:, None]
    diag = np.einsum("mll->ml", samples)
    rows, cols = samples.sum(axis=2), samples.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        per_label = diag / cols - (rows - diag) / (n - cols)
        return np.sum(rows / n * per_label, axis=1)


def _weighted_sum(weight, values):
    """sum_l w(l) v(l), a term of weight 0 dropped (a class with no cases has no recall, and needs none)."""
    return float(np.sum(np.where(weight > 0, weight * np.where(weight > 0, values, 0.0), 0.0)))


def bookmaker_report(y_true: ArrayLike, y_pred: ArrayLike, *, labels: Sequence | None = None,
                     sample_weight: ArrayLike | None = None, digits: int = 3, output_dict: bool = False,
                     confidence: float | None = None) -> BookmakerReport | dict:
    """Per-label recall, precision, informedness B(l), markedness M(l), support and bias.

    Like ``sklearn.metrics.classification_report``.  Per label l: recall(l),
    precision(l), B(l) = recall(l) - fallout(l), M(l) = precision(l) - Pr(R=l | P!=l),
    support n(R=l) and bias Pr_P(l).  Two summary rows:

    * ``macro avg``: the unweighted mean over the labels that occur as a real
      class or a prediction (support = N, bias = 1): a label of ``labels`` with
      no case on either side is listed, with nan, but counts for nothing;
    * ``weighted avg``: Powers' weights, recall and M(l) by prevalence Pr_R(l),
      precision and B(l) by bias Pr_P(l), a term of weight 0 dropped.  So its
      recall and precision are both the accuracy, its B is
      :func:`informedness_score` and its M is :func:`markedness_score`.

    ``confidence`` (e.g. 0.95) adds intervals (keys ``informedness_interval``,
    ``markedness_interval``).  Per label, from :mod:`bookeval_lib.uncertainty` on
    the one-vs-rest table of l, by each function's default method (Agresti &
    Caffo 2000, chosen by exact coverage): B(l) conditions on the real margins,
    M(l) on the prediction margins.  One number gets one interval: with two
    classes B(+) = B(-) = the weighted B (and M likewise), so the weighted row
    takes the label rows' Agresti-Caffo interval.  With K > 2, for the weighted B and M, a
    interval, B +- z sqrt(Var), with the delta-method variance of B when each
    real class is a multinomial sample (for M: each predicted label), taken on
    the table with one pseudo-case added to each class, 1/K in each cell
    (``_informedness_wald``): closed form, O(K^2) memory, no resampling.
    With many classes of few cases the K-class B is biased upward: B is a
    sum over labels of Pr_P(l) recall(l), and n(P = l) shares its right
    predictions with recall(l), so E[B] - B is about sum_l r_l (1 - r_l)/N
    (r_l the recall of l), +0.024 at 60 classes of 10 cases with recalls 0.5,
    about one standard error.  The interval is therefore centred on B minus
    the bias estimated without bias from the table (exact for this sampling
    model: B is quadratic in the counts), and widened, if need be, to hold B;
    the estimate in the row stays B.  At 60 classes of 10 cases (recalls 0.5,
    400 tables) it covers 0.92 for B and 0.91 for M (0.80 and 0.90 centred on
    B itself); at 100 classes of 10 (recalls 0.7) 0.95 and 0.94 (0.70, 0.83);
    at 20 classes of 10, 0.93 both.  Its coverage at up to K = 10, measured
    (seeded, 2,000 tables each; informed/guessing decision makers,
    prevalences spread 1 to 3, informedness 0, 0.5, 0.9, 0.97, 1;
    ``benchmarks/study_weighted_interval.py``, standard error 0.005 at 0.95):
    0.888-1.000 for K = 2, 3, 5 at N = 30, 100, 300; 0.922-1.000 for K = 10
    at N = 100 and 300, but 0.867 at N = 30 (three cases a class).  In the
    same study a percentile bootstrap of the tables covers 0.30-0.49 at
    informedness 0.97 and N = 30, and gives a perfect table zero width.
    Chosen over :func:`~bookeval_lib.table_intervals.contingency_interval`'s
    delta interval (smoothed cells, centred on B) by coverage of 95 % intervals
    for B, measured (seeded, 400 tables each, columns drawn with fixed class
    sizes, right with probability acc else uniformly wrong; standard error
    about 0.011): K = 10, 10 cases a class, acc 0.7: 0.935 against 0.905;
    acc 0.9: 0.960 against 0.958; K = 60, 10 a class, acc 0.5: 0.925 against
    0.790; K = 3, 10 a class, acc 0.9: 0.945 both
    (``benchmarks/study_weighted_interval_choice.py``).  M is the same on the transpose.
    The macro row gets no interval.  Every row names its interval's method
    (``informedness_interval_method``, ``markedness_interval_method``; "none"
    for the macro row), and the report's ``interval_methods`` all four.
    Intervals need whole-number counts, so not non-integer sample weights.

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes (labels).
    y_pred : array-like with shape (n_samples,)
        The predicted labels.
    labels : sequence of labels, optional
        The labels to report, in order; default: the sorted union of ``y_true`` and ``y_pred``.
    sample_weight : array-like with shape (n_samples,), optional
        A non-negative weight for each case; default: 1 each.
    digits : int, default=3
        The decimals shown in the text (>= 0).
    output_dict : bool, default=False
        Return the dict of rows instead of the report.
    confidence : float, optional
        A level strictly between 0 and 1 (e.g. 0.95) adds the intervals; default: none.

    Returns
    -------
    BookmakerReport or dict
        A :class:`bookeval_lib.results.BookmakerReport`: the text (a ``str``, ``digits``
        decimals) that also converts with ``.to_dict()`` to a dict label -> dict of the values,
        plus the two summary rows (what ``output_dict=True`` returns), and with ``.to_frame()``
        to a pandas DataFrame.  An undefined value is nan.

    Raises
    ------
    ValueError
        If the labels fail the checks of :func:`contingency`; if ``digits`` is not a whole
        number >= 0; if ``confidence`` is not strictly between 0 and 1, or is given with
        sample weights that are not whole numbers.

    Examples
    --------
    Five real 0s and three real 1s; one case of each is predicted wrong, so for label 1
    B(1) = recall - fallout = 2/3 - 1/5 = 0.4667 (and for two labels B(0) = B(1) = B):

    >>> report = bookmaker_report([1, 1, 1, 0, 0, 0, 0, 0], [1, 1, 0, 1, 0, 0, 0, 0])
    >>> round(report.to_dict()[1]["informedness"], 4), report.to_dict()[1]["bias"]   # bias 3/8
    (0.4667, 0.375)
    """
    digits = _checks.positive_integer(digits, "digits", minimum=0)
    table = contingency(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    names = table.names
    recall, precision = table.recall_per_label, table.precision_per_label
    informedness, markedness = table.informedness_per_label, table.markedness_per_label
    bias, prevalence = table.bias, table.prevalence
    support = table.square().sum(axis=0)
    rows: dict[Any, dict[str, float | tuple[float, float] | str]] = {}
    for i, name in enumerate(names):
        rows[name] = {"recall": float(recall[i]), "precision": float(precision[i]),
                      "informedness": float(informedness[i]), "markedness": float(markedness[i]),
                      "support": float(support[i]), "bias": float(bias[i])}
    total = float(support.sum())
    used = (support > 0) | (bias > 0)          # a listed label with no case on either side counts for nothing

    def mean(values):
        return float(np.add.reduce(values[used]) / used.sum()) if used.any() else float("nan")

    with np.errstate(invalid="ignore"):
        rows["macro avg"] = {"recall": mean(recall), "precision": mean(precision),
                             "informedness": mean(informedness), "markedness": mean(markedness),
                             "support": total, "bias": 1.0}
        rows["weighted avg"] = {"recall": _weighted_sum(prevalence, recall),
                                "precision": _weighted_sum(bias, precision),
                                "informedness": table.informedness, "markedness": table.markedness,
                                "support": total, "bias": 1.0}
    if confidence is not None:
        from .measures import BinaryTable
        from ._binary_intervals import informedness_interval, markedness_interval
        counts = table.square()
        if not np.array_equal(counts, np.round(counts)):
            raise ValueError("confidence intervals need whole-number counts: sample_weight is not "
                             "a whole number for every case")
        # every label's one-vs-rest table at once (whole numbers, so the sums are exact)
        hits, predicted_totals, real_totals = np.diag(counts), counts.sum(axis=1), counts.sum(axis=0)
        binary = BinaryTable(tp=hits, fp=predicted_totals - hits, fn=real_totals - hits,
                             tn=counts.sum() - predicted_totals - real_totals + hits)
        per_label: dict[str, Interval] = {key: function(binary, confidence=confidence) for key, function in
                     (("informedness_interval", informedness_interval),
                      ("markedness_interval", markedness_interval))}
        for i, name in enumerate(names):
            for key, interval in per_label.items():
                rows[name][key] = (float(np.atleast_1d(interval.low)[i]), float(np.atleast_1d(interval.high)[i]))
        for key in ("informedness_interval", "markedness_interval"):
            rows["macro avg"][key] = (float("nan"), float("nan"))
        two_classes = counts.shape == (2, 2)
        weighted_method = "agresti-caffo" if two_classes else "bias-corrected-wald"
        for key, square in (("informedness", counts), ("markedness", counts.T)):
            if two_classes:     # B(+) = B(-) = B: the weighted row takes the label rows' interval
                rows["weighted avg"][f"{key}_interval"] = rows[names[0]][f"{key}_interval"]
                continue
            low, high = _informedness_wald(square, rows["weighted avg"][key], confidence)
            rows["weighted avg"][f"{key}_interval"] = (float(low), float(high))
        methods = {"informedness": per_label["informedness_interval"].method,
                   "markedness": per_label["markedness_interval"].method,
                   "weighted_informedness": weighted_method if not two_classes
                   else per_label["informedness_interval"].method,
                   "weighted_markedness": weighted_method if not two_classes
                   else per_label["markedness_interval"].method}
        for name in names:
            rows[name]["informedness_interval_method"] = methods["informedness"]
            rows[name]["markedness_interval_method"] = methods["markedness"]
        for key in ("informedness", "markedness"):
            rows["macro avg"][f"{key}_interval_method"] = "none"
            rows["weighted avg"][f"{key}_interval_method"] = methods[f"weighted_{key}"]
    if output_dict:
        return rows
    from .results import BookmakerReport
    if confidence is None:
        methods = {}
    report = BookmakerReport("", rows, confidence=confidence, interval_methods=methods)
    return BookmakerReport(_format_report(rows, digits, confidence, report.interval_note() if methods else None),
                           rows, confidence=confidence, interval_methods=methods)


def _format_report(rows, digits, confidence, interval_note=None):
    def number(value):
        return "nan" if not np.isfinite(value) else f"{value:.{digits}f}"

    def interval(pair):
        return "" if not np.all(np.isfinite(pair)) else f"[{number(pair[0])}, {number(pair[1])}]"

    columns = ["recall", "precision", "B(l)", "M(l)", "support", "bias"]
    if confidence is not None:
        level = f"{100 * confidence:g}%"
        columns[3:3] = [f"B {level} CI"]
        columns[5:5] = [f"M {level} CI"]
    lines = []
    for name, row in rows.items():
        cells = [number(row["recall"]), number(row["precision"]), number(row["informedness"])]
        if confidence is not None:
            cells.append(interval(row["informedness_interval"]))
        cells.append(number(row["markedness"]))
        if confidence is not None:
            cells.append(interval(row["markedness_interval"]))
        support = row["support"]
        cells += [f"{support:.0f}" if support == round(support) else number(support), number(row["bias"])]
        lines.append((str(name), cells))
    name_width = max(len(name) for name, _ in lines)
    widths = [max(len(column), *(len(cells[j]) for _, cells in lines)) for j, column in enumerate(columns)]
    header = " " * name_width + "  " + "  ".join(c.rjust(w) for c, w in zip(columns, widths))
    body = []
    for i, (name, cells) in enumerate(lines):
        if name == "macro avg" and i > 0:
            body.append("")
        body.append(name.rjust(name_width) + "  " + "  ".join(c.rjust(w) for c, w in zip(cells, widths)))
    from .results import REPORT_LEGEND
    notes = [REPORT_LEGEND + "."]
    if interval_note is not None:
        notes.append(interval_note + ".")
    notes.append("weighted avg: recall and M(l) by prevalence, precision and B(l) by bias (Powers 2003).")
    return "\n".join([header, "", *body, "", *notes]) + "\n"


# ---------------------------------------------------------------------- scorers
def scorer(name: str, **options: Any) -> Any:
    """A scikit-learn scorer, by name, for ``scoring=``.

    For ``cross_val_score``, ``GridSearchCV`` or ``TunedThresholdClassifierCV``.

    ``"informedness"`` and ``"markedness"`` (greater is better) are
    ``sklearn.metrics.make_scorer(informedness_score)`` and its markedness twin:
    the idiom to use for any score function of this module, e.g.
    ``make_scorer(informedness_score, labels=[0, 1, 2])`` to fix the labels.
    ``"expected_cost"`` is ``make_scorer(expected_cost_score,
    greater_is_better=False, **options)`` with ``false_positive_cost``,
    ``false_negative_cost`` and ``pos_label`` as options: scikit-learn then
    maximises minus the expected cost per case.

    Every scorer takes ``undefined=``, the policy for a fold where the measure
    is undefined (see :func:`informedness_score`): the default ``"warn"``
    scores it nan with an :class:`UndefinedMeasureWarning` that says why (and
    scikit-learn ranks a candidate with a nan fold last); ``undefined=0.0``
    scores it as uninformed, silently.

    Parameters
    ----------
    name : {"informedness", "markedness", "expected_cost"}
        The measure (:data:`SCORER_NAMES`).
    **options
        Keyword options of the score function (``labels``, ``undefined``; for
        ``"expected_cost"`` also ``pos_label``, ``false_positive_cost``, ``false_negative_cost``).

    Returns
    -------
    callable
        A scorer ``scorer(estimator, X, y)`` made by ``sklearn.metrics.make_scorer``.

    Raises
    ------
    ValueError
        If ``name`` is not one of :data:`SCORER_NAMES`, or ``undefined`` is neither ``"warn"``
        nor a number.

    Examples
    --------
    A logistic regression that predicts 0, 0, 0, 1, 1, 1 for the real 0, 0, 1, 0, 1, 1:
    tpr - fpr = 2/3 - 1/3.

    >>> from sklearn.linear_model import LogisticRegression
    >>> x, y = [[0], [1], [2], [3], [4], [5]], [0, 0, 1, 0, 1, 1]
    >>> model = LogisticRegression().fit(x, y)
    >>> round(scorer("informedness")(model, x, y), 4)
    0.3333
    """
    from ._optional import require
    make_scorer = require("sklearn.metrics", extra="sklearn",
                          for_what="bookeval_lib.metrics.scorer()").make_scorer

    if "undefined" in options:
        check_policy(options["undefined"])
    if name == "informedness":
        return make_scorer(informedness_score, **options)
    if name == "markedness":
        return make_scorer(markedness_score, **options)
    if name == "expected_cost":
        return make_scorer(expected_cost_score, greater_is_better=False, **options)
    _checks.choice(name, "name", SCORER_NAMES)
    raise AssertionError("unreachable: every scorer name is handled above")


def scorers(*names: str, undefined: str | float = "warn") -> dict:
    """A dict name -> :func:`scorer` (default: informedness and markedness), for multi-metric scoring.

    For ``scoring=`` in ``cross_validate`` or ``GridSearchCV(refit="informedness")``; each with the
    policy ``undefined`` (see :func:`scorer`).

    Parameters
    ----------
    *names : str
        Names of :data:`SCORER_NAMES`; default: ``"informedness"``, ``"markedness"``.
    undefined : "warn" or float, default="warn"
        The undefined-value policy of every scorer (see :func:`informedness_score`).

    Returns
    -------
    dict
        name -> scorer.

    Raises
    ------
    ValueError
        If a name is not one of :data:`SCORER_NAMES`, or ``undefined`` is bad.

    Examples
    --------
    >>> sorted(scorers())
    ['informedness', 'markedness']
    """
    names = names or ("informedness", "markedness")
    return {name: scorer(name, undefined=undefined) for name in names}
