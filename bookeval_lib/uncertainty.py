"""How precisely a 2x2 table measures informedness, markedness and correlation, and two classifiers compared.

The confidence intervals of a 2x2 table are written in a private module (``_binary_intervals``, which
the K-class intervals and the report use too) and are public here (``informedness_interval``,
``markedness_interval``, ``correlation_interval``) beside the significance tests behind them (:func:`independence_test`, :func:`mcnemar`) and the paired comparison of
two classifiers on the same cases (:func:`compare_predictions`); how often each interval actually covers
the true value is measured, exactly or by simulation, in :mod:`bookeval_lib.coverage`.

Which sampling model each interval assumes
------------------------------------------
* Informedness B = tpr - fpr = TP/RP - FP/RN is a difference of two
  proportions.  Its intervals condition on the *real* margins RP and RN (the
  test set's composition is taken as fixed by design) and treat TP ~ Bin(RP,
  tpr) and FP ~ Bin(RN, fpr) as independent.
* Markedness M = PPV - FOR = TP/PP - FN/PN is the dual: its intervals
  condition on the *prediction* margins PP and PN and treat TP ~ Bin(PP, PPV)
  and FN ~ Bin(PN, FOR) as independent.  When the N cases are drawn at random
  from a population (the four cells multinomial), that is exactly their law given
  PP and PN: the numbers of predictions are random, but conditioning on them
  leaves no variation out (a coverage that holds given every PP holds on average
  over PP).  What the model needs is that design: in a test set whose
  composition RP, RN is fixed, TP + FN = RP ties the two counts, and M (which
  moves with the prevalence) is the markedness at the chosen composition.
* Correlation phi (Matthews) treats the four cells as one multinomial sample of
  N cases (nothing conditioned on).

The defaults follow exact and simulated coverage (notebook 09,
:mod:`bookeval_lib.coverage`): Agresti-Caffo for informedness and markedness,
the delta method for the correlation; each function's docstring gives the numbers.

Every interval is clipped to the measure's range [-1, 1]; :attr:`Interval.clipped`
says where a limit was moved.  A table on which the measure or the interval is
undefined gives ``nan`` (no warning) and :attr:`Interval.reason` says why.
Tables must hold counts (whole numbers): an interval depends on N.

References
----------
Newcombe 1998: R. G. Newcombe, "Interval estimation for the difference between
independent proportions: comparison of eleven methods", Statistics in
Medicine 17:873-890 (method 10, square-and-add Wilson).
Agresti & Caffo 2000: "Simple and effective confidence intervals for
proportions and differences of proportions result from adding two successes
and two failures", The American Statistician 54:280-288.
Wilson 1927: "Probable inference, the law of succession, and statistical
inference", JASA 22:209-212.
Fisher 1921: "On the 'probable error' of a coefficient of correlation deduced
from a small sample", Metron 1:3-32 (the z-transform).
Bishop, Fienberg & Holland 1975: Discrete Multivariate Analysis, MIT Press,
section 11.3 (the delta-method variance of phi).
McNemar 1947: "Note on the sampling error of the difference between correlated
proportions or percentages", Psychometrika 12:153-157.
Efron 1987: "Better bootstrap confidence intervals", JASA 82:171-185 (BCa).
Barnard 1945, Boschloo 1970, Fisher 1935: the exact tests, via scipy.stats.
Powers 2011: "Evaluation: from precision, recall and F-measure to ROC,
informedness, markedness and correlation", J. Machine Learning Technologies 2:37-63.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from ._binary_intervals import INTERVAL_METHODS as _INTERVAL_METHODS
from ._binary_intervals import _check_method, _check_table, correlation_interval, informedness_interval, markedness_interval
from ._comparison import _mcnemar_counts, compare_joint
from .measures import MEASURES, BinaryTable
from .results import Comparison, ComparisonReport, Interval, Significance, _reason, _scalar_or_array

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence
    from typing import Any

    from numpy.typing import ArrayLike


# Interval, Significance, Comparison and ComparisonReport are imported from results (their one home).
__all__ = [
    "INTERVAL_METHODS", "TEST_METHODS",
    "informedness_interval", "markedness_interval", "correlation_interval",
    "independence_test", "mcnemar", "compare_predictions", "K_CLASS_MEASURES", "DEFAULT_COMPARED",
]

#: The interval methods of each measure, the default first (chosen by coverage: see each function).
INTERVAL_METHODS = _INTERVAL_METHODS

#: The methods of :func:`independence_test`: the chi^2 approximation and three exact tests.
TEST_METHODS = ("chi2", "fisher", "barnard", "boschloo")


# ---------------------------------------------------------------------- tests
def independence_test(table: BinaryTable, *, method: str = "chi2") -> Significance:
    """Test of no association, TP*TN = FP*FN: the one null behind B = 0, M = 0 and phi = 0.

    ``"chi2"`` (vectorised): Pearson's chi^2 without continuity correction,
    chi^2 = N phi^2 = N B M, p = Pr(chi^2_1 >= chi^2), the same as
    ``scipy.stats.chi2_contingency(m, correction=False)``.  phi^2 = chi^2/N is
    Pearson's mean square contingency; notebook 04 proves chi^2 = N phi^2 with
    sympy, and notebook 03 phi^2 = B M (Powers 2008, section 2.5, gives
    phi = +-sqrt(B M) but does not mention chi^2).
    Exact tests for small N (one table only, by scipy.stats on the matrix
    [[TP, FP], [FN, TN]], real classes in columns): ``"fisher"`` (Fisher 1935;
    conditions on both margins; statistic = odds ratio), ``"barnard"`` (Barnard
    1945; conditions on the real margins, i.e. tests tpr = fpr, B = 0; statistic =
    the pooled Wald statistic) and ``"boschloo"`` (Boschloo 1970; as Barnard, with
    Fisher's p-value as the statistic).  Boschloo's test is uniformly more powerful
    than Fisher's for the one-sided test; the p-values here are two-sided, and then it
    is not: TP, FP, FN, TN = 3, 10, 4, 1 gives Fisher 0.047 and Boschloo 0.051.

    nan where a margin is 0 (the table says nothing about association).
    The exact tests refuse a table scipy cannot count exactly (N > 2^53, or
    TP*TN or FP*FN >= 2^62, its 64-bit integers): a ValueError.

    Parameters
    ----------
    table : BinaryTable
        Counts (whole numbers); an array of tables for ``"chi2"``, one table for the exact tests.
    method : {"chi2", "fisher", "barnard", "boschloo"}, default="chi2"
        The test (:data:`TEST_METHODS`).

    Returns
    -------
    Significance
        ``statistic``, ``pvalue`` (two-sided), ``method``, ``undefined``, ``reason``; nan where a
        margin is 0.

    Raises
    ------
    ValueError
        If ``table`` is not a :class:`BinaryTable` of whole-number counts; if ``method`` is not
        one of :data:`TEST_METHODS`; if an exact test gets an array of tables or a table too large.

    Examples
    --------
    Pearson's chi2 of a 2 x 2 table is N MCC^2 = 100 * 0.6**2 = 36, and
    Pr(chi2_1 > 36) = 2 Phi(-6) = 1.97e-09:

    >>> test = independence_test(BinaryTable(tp=40, fp=10, fn=10, tn=40))
    >>> round(test.statistic, 6), f"{test.pvalue:.3g}"
    (36.0, '1.97e-09')
    """
    _check_method(method, TEST_METHODS)
    _check_table(table, scalar=method != "chi2", method=method)
    margins = [np.asarray(x, dtype=float) for x in (table.real_positives, table.real_negatives,
                                                     table.predicted_positives, table.predicted_negatives)]
    undefined = np.zeros(table.shape, dtype=bool)
    for margin in margins:
        undefined = undefined | (margin == 0)
    reason = _reason(undefined, "a margin is 0 (RP, RN, PP or PN)")
    if method == "chi2":
        from scipy.stats import chi2
        statistic = np.where(undefined, np.nan, np.asarray(table.chi_squared, dtype=float))
        pvalue = np.where(undefined, np.nan, chi2.sf(np.where(undefined, 0.0, statistic), 1))
        return Significance(_scalar_or_array(statistic), _scalar_or_array(pvalue), method,
                            _scalar_or_array(undefined), reason)
    if undefined:
        return Significance(np.nan, np.nan, method, True, reason)
    import scipy.stats
    matrix = table.to_matrix("powers")
    # scipy casts to int64 and multiplies TP*TN and FP*FN there (wrapping round past 2^63), and its
    # distributions count in floats (whole numbers exact below 2^53): refuse what it cannot represent
    if matrix.sum() > 2.0 ** 53 or max(matrix[0, 0] * matrix[1, 1], matrix[0, 1] * matrix[1, 0]) >= 2.0 ** 62:
        raise ValueError(f"table is too large for method={method!r}: scipy's exact tests need N <= 2^53 and "
                         f"TP*TN, FP*FN < 2^62 (64-bit integers); here N = {matrix.sum():.3g}, TP*TN = "
                         f"{matrix[0, 0] * matrix[1, 1]:.3g}, FP*FN = {matrix[0, 1] * matrix[1, 0]:.3g}. "
                         "Use method='chi2', whose approximation is excellent at such counts")
    matrix = matrix.astype(np.int64)
    test = {"fisher": scipy.stats.fisher_exact, "barnard": scipy.stats.barnard_exact,
            "boschloo": scipy.stats.boschloo_exact}[method]
    result = test(matrix)
    return Significance(float(result.statistic), float(result.pvalue), method, False, None)


def mcnemar(table: BinaryTable, *, method: str = "exact", correction: bool = False) -> Significance:
    """McNemar's (1947) test of FP = FN within one table, i.e. bias = prevalence (PP = RP).

    That is exactly the condition under which B = M = phi = kappa (notebooks 03b and 04):
    the test asks whether the classifier predicts the positive class as often
    as it occurs.  caret's "Mcnemar's Test P-Value" (``confusionMatrix``) is R's
    ``mcnemar.test`` with its default continuity correction, i.e.
    ``method="chi2", correction=True`` here, not the exact test.

    ``"exact"`` (default): statistic min(FP, FN), p = min(1, 2 Pr(X <= min(FP, FN)))
    with X ~ Bin(FP + FN, 1/2).  ``"chi2"``: (abs(FP - FN) - c)^2/(FP + FN) against
    chi^2_1, c = 1 with ``correction=True`` (Edwards), else 0; as R's ``mcnemar.test``
    the correction is applied only when FP != FN (statsmodels applies it always).
    Vectorised.  nan where FP + FN = 0.

    Parameters
    ----------
    table : BinaryTable
        Counts (whole numbers): one table, or an array of tables.
    method : {"exact", "chi2"}, default="exact"
        The binomial test or the chi^2 approximation.
    correction : bool, default=False
        Edwards' continuity correction (``"chi2"`` only).

    Returns
    -------
    Significance
        ``statistic``, ``pvalue`` (two-sided), ``method``, ``undefined``, ``reason``; nan where
        FP + FN = 0.

    Raises
    ------
    ValueError
        If ``table`` is not a :class:`BinaryTable` of whole-number counts, or ``method`` is not
        ``"exact"`` or ``"chi2"``.

    Examples
    --------
    The discordant cells are 10 and 2: the exact test doubles Pr(X <= 2) for X ~ Bin(12, 1/2),
    2 (1 + 12 + 66)/4096 = 0.0386.

    >>> round(mcnemar(BinaryTable(tp=40, fp=10, fn=2, tn=48)).pvalue, 4)
    0.0386
    """
    _check_method(method, ("exact", "chi2"))
    _check_table(table)
    return _mcnemar_counts(table.fp, table.fn, method, bool(correction))


# ---------------------------------------------------------------------- comparing two classifiers
#: The measures :func:`compare_predictions` computes for any number of classes, each from the margins of a
#: K-class table; for two classes any other name of :data:`bookeval_lib.measures.MEASURES` too.
K_CLASS_MEASURES = ("informedness", "markedness", "adjusted_balanced_accuracy", "matthews_correlation",
                    "macro_f1", "accuracy", "kappa")

#: What :func:`compare_predictions` compares by default.
DEFAULT_COMPARED = ("informedness", "markedness", "adjusted_balanced_accuracy", "matthews_correlation",
                    "macro_f1")


def _k_class_measures(rows, cols, diag):
    """Each of :data:`K_CLASS_MEASURES` for m tables given by their margins, each (m, K):
    rows[:, l] = n(P = l), cols[:, c] = n(R = c), diag[:, l] = n(P = l, R = l).

    informedness: sum_l Pr_P(l) B(l) with B(l) = recall(l) - fallout(l) (Powers 2003);
    markedness: the same with rows and columns swapped; adjusted balanced accuracy:
    (mean_l recall(l) - 1/K)/(1 - 1/K) over the K classes that occur; matthews_correlation:
    Gorodkin's R_K = (N tr - sum_l n(P=l) n(R=l)) / sqrt((N^2 - sum n(P=l)^2)(N^2 - sum n(R=l)^2));
    macro_f1: the mean over the names of 2 n(l, l)/(n(P=l) + n(R=l)) (0 where both margins are 0,
    as scikit-learn); accuracy: tr/N; kappa: (N tr - sum_l n(P=l) n(R=l))/(N^2 - sum_l n(P=l) n(R=l)).
    nan (no warning) where a measure is undefined.
    """
    n = cols.sum(axis=1)
    present = cols > 0
    trace = diag.sum(axis=1)
    agreement = np.sum(rows * cols, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        recall = np.where(present, diag / np.where(present, cols, 1.0), 0.0)
        k = present.sum(axis=1)
        balanced = (recall.sum(axis=1) / k - 1.0 / k) / (1.0 - 1.0 / k)
        correlation = (n * trace - agreement) / np.sqrt(
            (n ** 2 - np.sum(rows ** 2, axis=1)) * (n ** 2 - np.sum(cols ** 2, axis=1)))
        margins = rows + cols
        f1 = np.where(margins > 0, 2.0 * diag / np.where(margins > 0, margins, 1.0), 0.0).mean(axis=1)
        # B = sum_l Pr_P(l) (recall(l) - fallout(l)); M the same with rows and columns swapped
        informedness, markedness = (np.sum(said / n[:, None] * (diag / real - (said - diag) / (n[:, None] - real)),
                                           axis=1) for said, real in ((rows, cols), (cols, rows)))
        return {"informedness": informedness, "markedness": markedness,
                "adjusted_balanced_accuracy": balanced, "matthews_correlation": correlation, "macro_f1": f1,
                "accuracy": trace / n, "kappa": (n * trace - agreement) / (n ** 2 - agreement)}


#: The range of each measure :func:`compare_predictions` compares, within which its interval is kept.
_RANGES = {name: (0.0, 1.0) for name in (
    "macro_f1", "accuracy", "prevalence", "bias", "recall", "precision", "inverse_recall", "inverse_precision",
    "fallout", "miss_rate", "jaccard", "f1", "g_measure", "single_point_auc", "phi_squared", "random_accuracy",
    "random_accuracy_unbiased", "fowlkes_mallows")}
_RANGES |= {name: (-1.0, 1.0) for name in (
    "informedness", "markedness", "adjusted_balanced_accuracy", "matthews_correlation", "yules_q", "yules_y",
    "kappa_no_prevalence")}
_RANGES |= {"kappa": (-np.inf, 1.0), "kappa_unbiased": (-np.inf, 1.0), "wracc": (-0.25, 0.25),
            "odds_ratio": (0.0, np.inf), "chi_squared": (0.0, np.inf)}


def _compared_measures(measures):
    """The names asked for, checked: a tuple of K-class and two-class names."""
    names = (measures,) if isinstance(measures, str) else tuple(measures)
    known = set(K_CLASS_MEASURES) | set(MEASURES)
    unknown = [name for name in names if not isinstance(name, str) or name not in known]
    if unknown or not names:
        raise ValueError(f"measures must name one or more of bookeval_lib.uncertainty.K_CLASS_MEASURES "
                         f"(any number of classes) or bookeval_lib.measures.MEASURES (two classes), got "
                         f"{unknown[0] if unknown else measures!r}")
    if len(set(names)) != len(names):
        raise ValueError(f"measures names a measure twice: {names!r}")
    return names


def compare_predictions(y_true: ArrayLike, y_pred_a: ArrayLike, y_pred_b: ArrayLike, *,
                        measures: str | Sequence[str] = DEFAULT_COMPARED, labels: Sequence | None = None,
                        pos_label: Any = None, sample_weight: ArrayLike | None = None,
                        confidence: float = 0.95, n_resamples: int = 9999, seed: int = 0,
                        mcnemar_method: str = "exact", method: str = "auto") -> ComparisonReport:
    """Compare two classifiers A and B scored on the same cases: per measure, an interval and a paired test.

    The one comparison of the package, for K classes and any measure; the engine is
    :func:`bookeval_lib._comparison.compare_joint` on the joint counts of (real class,
    A's label, B's label), never expanded into cases (see :mod:`bookeval_lib._comparison`).
    For each name of ``measures`` a :class:`Comparison`:

    * ``difference``: the paired, class-stratified bootstrap interval of
      measure(A) - measure(B) (``n_resamples`` resamples from
      ``numpy.random.default_rng(seed)``, two pseudo-cases per class so that a
      perfect classifier, or a class on which A and B always agree, does not give
      a zero-width interval); ``estimate_a``, ``estimate_b``: the measures of
      the observed tables; ``interval_a``, ``interval_b``: each classifier's
      own interval, the one the package gives that number anywhere else (one
      number, one interval): for informedness, markedness, the Matthews
      correlation, kappa and macro-F1 (and the adjusted balanced accuracy of
      two classes, which is informedness) the interval of its own table,
      :func:`~bookeval_lib.table_intervals.contingency_interval` (for two
      classes Agresti-Caffo for B and M, as
      :func:`~bookeval_lib.metrics.bookmaker_report` prints); for the other
      measures the percentiles of the same resamples as the difference.
      Measured coverage of those own intervals in the hard settings below
      (400 test sets each): 0.93-1.00.  The difference's limits are bias-corrected: the
      percentiles of the resamples are read against the measure of the
      smoothed bootstrap's own expected table, which takes out the pull of the
      pseudo-cases towards chance and the measure's own bias (the K-class
      informedness is biased upward by about sum_l r_l (1 - r_l)/N, r_l the
      recall of l: +0.024 at 60 classes of 10 cases with recalls 0.5), and
      every interval holds its estimate (:mod:`bookeval_lib._comparison`).
      Measured coverage of the 95 % intervals (400 test sets a setting), 2 to
      100 classes of 10 to 100 cases, accuracies up to 0.98: 0.93-1.00, but
      0.915-0.925 for the difference at 10 classes of 100 cases and 0.92-0.94
      at 100 classes of 10 with accuracies 0.7 and 0.6; plain
      percentiles covered as little as 0.00 with many classes and accurate
      classifiers;
    * ``test``: the class-stratified paired sign-flip test of the measure.  H0:
      within each real class, A's and B's predictions of a case are exchangeable
      (Bowker's symmetry; for two classes "the same tpr and the same fpr"), which
      implies E[measure(A) - measure(B)] = 0.  Exact for two classes and
      informedness (Delta B = (b_1 - c_1)/RP + (b_0 - c_0)/RN with b_c ~ Bin(b_c + c_c, 1/2)
      under H0, b_c and c_c the cases of class c right only for A and only for B),
      exact for other measures of two classes on a grid of at most 2^16 points,
      else Monte Carlo with ``n_resamples`` draws (``test_error``: its standard error).
      The test and the interval are not duals (different models: sign flips
      within classes, resampled cases): with 20 + 80 cases the interval of
      Delta B excluded 0 while the test gave p >= 0.05 in 9.7 % of 300
      simulated test sets;
    * ``equal_accuracy_test``: McNemar's (1947) test of equal *accuracy* on the
      ``a_only`` against ``b_only`` discordant cases (``mcnemar_method`` as in
      :func:`mcnemar`); not a test of the measure: accuracy weights the classes
      by their prevalence, informedness by their inverse.

    ``measures``: one name or several, of :data:`K_CLASS_MEASURES` (any number of
    classes) or, for two classes, of :data:`bookeval_lib.measures.MEASURES` (recall,
    precision, f1, ... of the positive class ``pos_label``; may be omitted for 0/1
    or boolean labels, and may name a label that does not occur).  Default
    :data:`DEFAULT_COMPARED`.  ``labels`` fixes the names as in
    :meth:`bookeval_lib.contingency.Contingency.from_labels`.  ``sample_weight``:
    whole-number frequency weights (case i counts ``sample_weight[i]`` times; the
    bootstrap and the test resample cases, so a fractional weight has no meaning here).
    ``method`` (``"auto"``, ``"cells"``, ``"normal"``): how the resamples are drawn, as in
    :func:`bookeval_lib._comparison.compare_joint` — the joint cells themselves, or, for
    many classes on many cases, normal draws of the 4K sums every measure needs
    (``"auto"`` picks by cost; two classes always draw cells).

    Parameters
    ----------
    y_true : array-like with shape (n_samples,)
        The real classes (labels).
    y_pred_a : array-like with shape (n_samples,)
        Classifier A's predicted labels for the same cases.
    y_pred_b : array-like with shape (n_samples,)
        Classifier B's predicted labels for the same cases.
    measures : str or sequence of str, default=DEFAULT_COMPARED
        The measures to compare, as above; no name twice.
    labels : sequence of labels, optional
        The labels, in order; default: the sorted union of the three vectors.
    pos_label : label, optional
        The positive label for a two-class measure; default: 1 for 0/1 labels.
    sample_weight : array-like with shape (n_samples,), optional
        Whole-number frequency weights; default: 1 each.
    confidence : float, default=0.95
        The level of the intervals, strictly between 0 and 1.
    n_resamples : int, default=9999
        Bootstrap resamples (and Monte Carlo draws of the test), >= 1.
    seed : int, default=0
        The seed (>= 0) of ``numpy.random.default_rng``.
    mcnemar_method : {"exact", "chi2"}, default="exact"
        The method of ``equal_accuracy_test``, as in :func:`mcnemar`.
    method : {"auto", "cells", "normal"}, default="auto"
        How the resamples are drawn, as above.

    Returns
    -------
    ComparisonReport
        measure -> :class:`Comparison`, in the order of ``measures``; ``print`` it for one line
        per measure, ``.to_dict()`` or ``.to_frame()`` to keep the numbers.  A measure that is
        undefined on the observed tables has nan estimates.

    Raises
    ------
    ValueError
        If a name of ``measures`` is unknown or repeated; if the label vectors fail the
        package's checks (lengths, kinds, missing values, ``labels``); if a two-class measure
        meets more than two labels, or non-0/1 labels without ``pos_label``; if ``pos_label``
        is not a label; if ``mcnemar_method``, ``method``, ``confidence``, ``n_resamples``,
        ``seed`` or ``sample_weight`` is bad.

    Examples
    --------
    >>> report = compare_predictions([0, 0, 1, 1, 1, 0], [0, 0, 1, 1, 0, 0], [0, 1, 1, 0, 0, 0],
    ...                              measures="informedness", n_resamples=200)
    >>> round(report["informedness"].difference.estimate, 4)        # A: B = 2/3 - 0, B: 1/3 - 1/3
    0.6667
    """
    names = _compared_measures(measures)
    _check_method(mcnemar_method, ("exact", "chi2"), "mcnemar_method")
    if isinstance(labels, str):
        labels = list(labels)
    two_class = [name for name in names if name not in K_CLASS_MEASURES]
    label_names, real, (a, b) = _checks.coded_labels(y_true, [y_pred_a, y_pred_b], labels, ("y_pred_a", "y_pred_b"))
    if pos_label is not None and pos_label not in label_names:
        _checks.positive_label(pos_label, None)
        if len(label_names) >= 2:
            raise ValueError(f"pos_label must be one of the labels {', '.join(map(repr, label_names[:6]))}, "
                             f"got {pos_label!r}")
        label_names = label_names + [pos_label]            # a class with no case: a table of two classes
    if two_class:
        if len(label_names) > 2:
            raise ValueError(f"{two_class[0]!r} is a measure of two classes, but the labels hold "
                             f"{len(label_names)}: {', '.join(map(repr, label_names[:6]))}; compare by a K-class "
                             f"measure ({', '.join(K_CLASS_MEASURES)})")
        if pos_label is None:
            if not set(label_names) <= {0, 1}:
                raise ValueError(f"say which label is positive for {two_class[0]!r}: pos_label=... (labels: "
                                 f"{', '.join(map(repr, label_names))})")
            pos_label = 1
            if 1 not in label_names:
                label_names = label_names + [1]
    k = max(len(label_names), 2 if two_class else 1)
    positive = label_names.index(pos_label) if two_class else 0     # 0: unused without a two-class measure

    def statistic(rows, cols, diag):                       # margins of m tables, each (m, K)
        values = _k_class_measures(rows, cols, diag)
        out = {}
        for name in names:
            if name in values:
                out[name] = values[name]
                continue
            p = positive
            table = BinaryTable(tp=diag[:, p], fp=rows[:, p] - diag[:, p], fn=cols[:, p] - diag[:, p],
                                tn=diag[:, 1 - p])
            out[name] = getattr(table, name)
        return out

    comparisons = compare_joint(real, a, b, n_labels=k, statistic=statistic, sample_weight=sample_weight,
                                confidence=confidence, n_resamples=n_resamples, seed=seed,
                                mcnemar_method=mcnemar_method, method=method,
                                bounds={name: _RANGES.get(name, (-np.inf, np.inf)) for name in names})
    own = _own_intervals(names, real, (a, b), k, sample_weight, confidence)
    return ComparisonReport({name: replace(comparison,
                                           **{key: own.get((name, key)) or replace(getattr(comparison, key),
                                                                                   measure=name)
                                              for key in ("interval_a", "interval_b")})
                             for name, comparison in comparisons.items()})


def _own_intervals(names, real, predictions, k, sample_weight, confidence):
    """(measure, "interval_a"/"interval_b") -> the interval of that classifier's own table, for every measure
    that has an interval of one table (:data:`bookeval_lib.table_intervals.TABLE_MEASURES`): the interval that
    :func:`~bookeval_lib.table_intervals.contingency_interval` and :func:`~bookeval_lib.metrics.bookmaker_report`
    give the same number, so that one number gets one interval."""
    from .contingency import Contingency
    from .table_intervals import TABLE_MEASURES, contingency_interval

    wanted = [name for name in names if name in TABLE_MEASURES or name == "adjusted_balanced_accuracy"]
    if not wanted:
        return {}
    weight = None if sample_weight is None else np.asarray(sample_weight, dtype=float)
    out = {}
    for key, predicted in zip(("interval_a", "interval_b"), predictions):
        counts = np.bincount(np.asarray(predicted) * k + np.asarray(real), weights=weight,
                             minlength=k * k).reshape(k, k)
        table = Contingency(counts, layout="powers")
        two_classes = np.count_nonzero(counts.sum(axis=0) + counts.sum(axis=1)) == 2
        for name in wanted:
            # the adjusted balanced accuracy of two classes is informedness (recall + inverse recall - 1)
            same = "informedness" if name == "adjusted_balanced_accuracy" and two_classes else name
            if same in TABLE_MEASURES:
                out[name, key] = replace(contingency_interval(table, measure=same, confidence=confidence),
                                         measure=name)
    return out
