"""What the table tests share: the measures that are ratios of cells, and one comparison with its tolerance.

Tolerances.  A cell multiplied by a factor f carries one rounding (relative error u = 2^-53,
about 1.1e-16).  Every ratio measure is a ratio of sums and products of at most four cells or
margins, so a few tens of roundings at most; and every subtraction in them is bounded by its own
denominator (TP*TN <= PP*RN and FP*FN <= PP*PN, so |kappa|, |Yule's Q|, |mcc| and |B| stay within 1
of the terms that cancel).  The error is therefore below about 30u = 3.3e-15, absolute for measures
in [-1, 1] and relative for the unbounded odds ratio.  TOLERANCE allows 1e-12, some 300 times that.
"""
import numpy as np

from bookeval_lib import MEASURES

TOLERANCE = 1e-12
#: MEASURES that are not ratios: chi^2 = N phi^2 and the accuracy's standard deviation depend on N
RATIO_MEASURES = tuple(name for name in MEASURES if name not in ("chi_squared", "accuracy_deviation"))
CONTINGENCY_MEASURES = ("accuracy", "informedness", "markedness", "matthews_correlation", "kappa", "informedness_macro",
                        "informedness_prevalence_weighted", "adjusted_balanced_accuracy")
CONTINGENCY_ARRAYS = ("bias", "prevalence", "recall_per_label", "precision_per_label", "fallout_per_label",
                      "informedness_per_label", "markedness_per_label")


def same(a, b, tolerance=TOLERANCE):
    """Equal within ``tolerance`` (relative above 1 in size, absolute below), nan exactly where the other is."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    defined = ~np.isnan(b)
    return bool(np.array_equal(np.isnan(a), np.isnan(b))
                and np.all(np.abs(a - b)[defined] <= tolerance * np.maximum(1.0, np.abs(b)[defined])))
