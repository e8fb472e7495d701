"""The information view of recall, precision, F and G in Powers 2003 ("Recall, Precision and Accuracy").

The 2003 paper reads recall r and precision p as conditional probabilities and
says: the harmonic F corresponds to an arithmetic mean of the two "reciprocal
intervals" 1/r and 1/p (cases per correct identification); the geometric mean G
to an arithmetic mean of the conditional information -log r and -log p (so 1/G
is a perplexity); and the usual weighted form of that mean is the conditional
entropy H(R|P) = -sum_l pP(l) sum_c pR(c|l) log pR(c|l).  :func:`information_view`
computes every quantity of those sentences for a 2x2 table so that a notebook can
check each one against an independent computation.
"""
from __future__ import annotations

import numpy as np

from .. import _checks
from ..measures import BinaryTable

__all__ = ["conditional_entropy", "information_view"]


def _xlogx(p, base):
    """p * log(p) with 0 log 0 = 0, element-wise, no warning."""
    p = np.asarray(p, dtype=float)
    safe = np.where(p > 0, p, 1.0)
    return np.where(p > 0, p * np.log(safe) / np.log(base), 0.0)


def conditional_entropy(table: BinaryTable, base: float = 2.0) -> float | np.ndarray:
    """H(R|P) = -sum_l pP(l) sum_c pR(c|l) log pR(c|l), the real class's uncertainty left after the prediction.

    Equal to -sum over the four cells of p(cell) log p(real | predicted)
    (Powers 2003; Cover and Thomas).  nan if N = 0.  ``base`` 2 gives bits.
    """
    _checks.instance(table, "table", BinaryTable)
    if not (np.isfinite(base) and base > 0 and base != 1):
        raise ValueError(f"base must be a positive number other than 1, got {base!r}")
    n = table.total
    with np.errstate(invalid="ignore", divide="ignore"):
        joint = [np.asarray(cell, dtype=float) / n for cell in (table.tp, table.fp, table.fn, table.tn)]
        # H(R|P) = H(R, P) - H(P), the rows being the predictions (pp = tp + fp, pn = fn + tn)
        h_joint = -sum(_xlogx(p, base) for p in joint)
        h_predicted = -(_xlogx(joint[0] + joint[1], base) + _xlogx(joint[2] + joint[3], base))
    value = h_joint - h_predicted
    value = np.where(np.asarray(n) > 0, value, np.nan)
    return float(value) if value.ndim == 0 else value


def information_view(table: BinaryTable, base: float = 2.0) -> dict:
    """Every quantity of the 2003 paper's information reading of one table.

    Keys: ``recall``, ``precision``; ``cases_per_hit`` 1/r = RP/TP and
    ``predictions_per_hit`` 1/p = PP/TP (the "reciprocal intervals"), their mean
    ``mean_interval`` = 1/F1 and ``errors_per_hit`` = 1/F1 - 1 = (FP + FN)/(2 TP);
    ``mean_information`` = (-log r - log p)/2 = -log G and ``perplexity`` = 1/G;
    ``entropy_real`` H(R), ``conditional_entropy`` H(R|P) and
    ``mutual_information`` H(R) - H(R|P).  Logarithms to ``base`` (2: bits).
    """
    if table.shape:
        raise ValueError(f"information_view takes one table, not an array of shape {table.shape}")
    r, p = np.float64(table.recall), np.float64(table.precision)
    log = lambda x: np.log(x) / np.log(base)
    h_real = -(_xlogx(table.prevalence, base) + _xlogx(1 - table.prevalence, base))
    h_given = conditional_entropy(table, base)
    with np.errstate(divide="ignore", invalid="ignore"):
        return {
            "recall": r, "precision": p,
            "cases_per_hit": 1 / r, "predictions_per_hit": 1 / p,
            "mean_interval": (1 / r + 1 / p) / 2, "errors_per_hit": (1 / r + 1 / p) / 2 - 1,
            "mean_information": (-log(r) - log(p)) / 2, "perplexity": 1 / np.sqrt(r * p),
            "entropy_real": float(h_real), "conditional_entropy": h_given,
            "mutual_information": float(h_real) - h_given,
        }
