"""Comparing two models on the same cross-validation folds: the corrected resampled t-test.

Score two models on the same J folds and take the paired differences
d_j = score_A(fold j) - score_B(fold j).  The folds are not independent samples:
the training sets of one k-fold split overlap, and repeated splits reuse every
case, so the naive variance of the mean, s^2/J, is far too small and the naive
t-test too eager.  Nadeau & Bengio (2003) widen it to

    Var(d_bar) ~ (1/J + n_test/n_train) s^2,

and Bouckaert & Frank (2004) apply that to r repetitions of k-fold cross-
validation (J = r k, n_test/n_train about 1/(k - 1)), with J - 1 degrees of
freedom for t = d_bar / sqrt((1/J + n_test/n_train) s^2).  The correction is a
heuristic (it assumes a correlation n_test/(n_test + n_train) between any two
differences); it is the usual one, and far closer to the nominal level than the
naive test.

References
----------
Nadeau & Bengio 2003: "Inference for the generalization error", Machine
Learning 52:239-281 (the corrected resampled t-test).
Bouckaert & Frank 2004: "Evaluating the replicability of significance tests for
comparing learning algorithms", PAKDD 2004, LNCS 3056:3-12 (repeated k-fold).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from .results import Interval, Significance, _pvalue, _Result

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from numpy.typing import ArrayLike

__all__ = ["FoldComparison", "corrected_cv_test"]


@dataclass(frozen=True, eq=False)
class FoldComparison(_Result):
    """The corrected resampled t-test of paired per-fold differences (:func:`corrected_cv_test`).

    Prints in one line; ``to_dict()`` gives the fields, the interval and the test as dicts.

    Attributes
    ----------
    difference : Interval
        The mean difference with its t interval (an :class:`~bookeval_lib.results.Interval`).
    standard_error : float
        The corrected standard error of that mean (0 when every difference is the same).
    test : Significance
        The two-sided t-test of a zero mean (``statistic`` t, J - 1 degrees of freedom).
    folds : int
        J, the number of differences.
    """

    difference: Interval
    standard_error: float
    test: Significance
    folds: int

    def __format__(self, spec):
        """``mean difference [low, high] (95 %, method); p = ... over J folds`` in one line;
        ``spec`` formats the interval's numbers (default ``.3f``)."""
        if self.test.undefined:
            return f"{self.difference:{spec}}; no test over {self.folds} folds"
        return f"{self.difference:{spec}}; p = {_pvalue(float(self.test.pvalue))} over {self.folds} folds"


def corrected_cv_test(differences: ArrayLike, *, n_train: int, n_test: int,
                      confidence: float = 0.95) -> FoldComparison:
    """Mean, t interval and two-sided test of per-fold paired differences, corrected for overlap.

    With J differences d_j (any shape; all folds of all repetitions), mean d_bar
    and sample variance s^2: SE = sqrt((1/J + n_test/n_train) s^2) (Nadeau &
    Bengio 2003; Bouckaert & Frank 2004), t = d_bar/SE on J - 1 degrees of
    freedom, interval d_bar -+ t_{J-1, (1+confidence)/2} SE.

    Parameters
    ----------
    differences : array_like of finite floats, at least 2
        score of model A minus score of model B, fold by fold, on the same folds.
    n_train, n_test : int >= 1, keyword-only
        Cases in a fold's training set and in its test set (for k-fold about
        (k - 1) N/k and N/k).
    confidence : float in (0, 1), default=0.95
        The interval's level.

    Returns
    -------
    FoldComparison
        If every difference is the same, the test and interval are ``nan``
        (``undefined``, with the reason) and the standard error is 0.

    Raises
    ------
    ValueError
        If ``differences`` holds fewer than 2 values or a value that is not finite; if
        ``n_train`` or ``n_test`` is not a whole number >= 1; if ``confidence`` is not strictly
        between 0 and 1.

    Examples
    --------
    Four folds, d = 0.02, 0.04, 0, 0.02: d_bar = 0.02, s^2 = 0.0008/3, and with 90 training and
    10 test cases SE = sqrt((1/4 + 10/90) * 0.0008/3) = 0.009813, t = 2.038, and the interval is
    0.02 -+ 3.1824 * 0.009813 (t_{3, 0.975} = 3.1824):

    >>> print(corrected_cv_test([0.02, 0.04, 0.00, 0.02], n_train=90, n_test=10))
    0.020 [-0.011, 0.051] (95 %, corrected resampled t (Nadeau & Bengio 2003)); p = 0.1343 over 4 folds
    """
    from scipy import stats

    values = _checks.real_values(differences, "differences").ravel()
    if values.size < 2 or not np.all(np.isfinite(values)):
        raise ValueError(f"differences must hold at least 2 finite values, got {values.size} "
                         f"({np.count_nonzero(~np.isfinite(values))} not finite)")
    n_train = _checks.positive_integer(n_train, "n_train")
    n_test = _checks.positive_integer(n_test, "n_test")
    confidence = _checks.confidence(confidence)
    folds = values.size
    mean = float(values.mean())
    method = "corrected resampled t (Nadeau & Bengio 2003)"
    if np.all(values == values[0]):          # exactly: a float variance of equal values need not be 0
        reason = "every fold gives the same difference: no spread to test against"
        interval = Interval(np.nan, np.nan, mean, method, confidence, False, True, reason)
        return FoldComparison(interval, 0.0, Significance(np.nan, np.nan, method, True, reason), folds)
    standard_error = float(np.sqrt((1 / folds + n_test / n_train) * values.var(ddof=1)))
    t = mean / standard_error
    half = stats.t.ppf((1 + confidence) / 2, folds - 1) * standard_error
    interval = Interval(float(mean - half), float(mean + half), mean, method, confidence, False, False)
    test = Significance(float(t), float(2 * stats.t.sf(abs(t), folds - 1)), method, False)
    return FoldComparison(interval, standard_error, test, folds)
