"""The six measures of LingPipe's PrecisionRecallEvaluation that BinaryTable's own do not cover.

LingPipe 2.1's ``com.aliasi.classify.PrecisionRecallEvaluation`` (the seed
001) prints chance accuracies, Scott's pi, PABAK, the accuracy deviation and
the Fowlkes-Mallows index; notebooks/A1_lingpipe.ipynb derives each with
sympy.  :class:`LingPipeMeasures` holds them as properties of
:class:`bookeval_lib.BinaryTable`, which inherits them; they use the table's
scaled cells and margins (``_scaled``, ``_g_measure``), so they share its
nan and overflow behaviour.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._arith import ratio as _ratio, scalar_or_array as _scalar_or_array

__all__ = ["LingPipeMeasures"]


class LingPipeMeasures:
    """Mixin of :class:`bookeval_lib.BinaryTable`: LingPipe's extra measures."""

    if TYPE_CHECKING:                   # what the mixin reads of BinaryTable, for the type checker only
        @property
        def _scaled(self) -> tuple[np.ndarray, ...]: ...

        @property
        def _exponent(self) -> np.ndarray: ...

        @property
        def _g_measure(self) -> np.ndarray: ...

    @property
    def random_accuracy(self):
        """Accuracy expected by chance E = pp*rp + pn*rn = (PP*RP + PN*RN)/N^2 (LingPipe ``randomAccuracy``).

        The accuracy of labels drawn independently with the table's own bias
        and prevalence; the E of Cohen's kappa.  nan if N = 0.
        """
        rp, rn, pp, pn, n = self._scaled[4:]
        agreement = pp * rp
        agreement += pn * rn
        return _scalar_or_array(_ratio(agreement, n * n))

    @property
    def random_accuracy_unbiased(self):
        """Chance accuracy with bias and prevalence both replaced by their mean a = (rp + pp)/2.

        a^2 + (1 - a)^2 = ((RP+PP)^2 + (RN+PN)^2)/(4 N^2) (LingPipe
        ``randomAccuracyUnbiased``; the expected agreement of Scott's pi).  nan if N = 0.
        """
        rp, rn, pp, pn, n = self._scaled[4:]
        positives = rp + pp
        negatives = rn + pn
        positives *= positives
        negatives *= negatives
        positives += negatives
        denominator = n * n
        denominator *= 4.0                       # 4 N^2: scaling by 4 is exact
        return _scalar_or_array(_ratio(positives, denominator))

    @property
    def kappa_unbiased(self):
        """Scott's pi = (accuracy - E')/(1 - E'), E' = :attr:`random_accuracy_unbiased` (LingPipe ``kappaUnbiased``).

        Computed as 1 - 2N(FP+FN)/((RP+PP)(RN+PN)), which equals it exactly.
        nan when E' = 1: every case, real and predicted, is in one class
        (RP = PP = 0 or RN = PN = 0).
        """
        tp, fp, fn, tn, rp, rn, pp, pn, n = self._scaled
        denominator = rp + pp
        denominator *= rn + pn
        errors = fp + fn
        errors *= n
        errors *= 2.0                            # 2N(FP+FN): scaling by 2 is exact
        return _scalar_or_array(1.0 - _ratio(errors, denominator))

    @property
    def kappa_no_prevalence(self):
        """Prevalence-adjusted kappa 2*accuracy - 1 = (TP+TN-FP-FN)/N (LingPipe ``kappaNoPrevalence``).

        Kappa with the chance accuracy fixed at E = 1/2 (PABAK).  nan if N = 0.
        """
        tp, fp, fn, tn, n = (self._scaled[i] for i in (0, 1, 2, 3, 8))
        return _scalar_or_array(_ratio(tp + tn - fp - fn, n))

    @property
    def accuracy_deviation(self):
        """Binomial standard deviation of the accuracy sqrt(accuracy*(1 - accuracy)/N) (LingPipe ``accuracyDeviation``).

        Like chi^2 this depends on N: give counts, not proportions (with
        proportions N = 1).  nan if N = 0.  With the scaled cells (N 2^e = n):
        sqrt(c (n - c))/n^(3/2) times 2^(e/2), so no product overflows.
        """
        tp, fp, fn, tn, n = (self._scaled[i] for i in (0, 1, 2, 3, 8))
        spread = fp + fn                         # n - correct, from the cells
        spread *= tp + tn
        denominator = np.sqrt(n)
        denominator *= n
        return _scalar_or_array(_ratio(np.sqrt(spread), denominator) * np.exp2(self._exponent / 2.0))

    @property
    def fowlkes_mallows(self):
        """Fowlkes-Mallows index sqrt(precision*recall) = TP/sqrt(PP*RP) (LingPipe ``fowlkesMallows``).

        The same number as :attr:`g_measure`.  LingPipe's documentation prints
        TP/(precision*recall)^(1/2) and values such as 12.49, which are not in
        [0, 1] (see notebooks/ERRATA.md).  nan if RP = 0 or PP = 0.
        """
        return _scalar_or_array(self._g_measure.copy())
