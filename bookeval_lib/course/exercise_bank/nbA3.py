"""The checker's bank for appendix A3 (the F-measure's parameters and the 2008 paper's slips): exercise A3.1.

The right answer and the known mistakes are computed with :mod:`bookeval_lib.measures`.
"""
from __future__ import annotations

import numpy as np

from ...measures import BinaryTable
from ..checker import Exercise, Mistake

# Three decimals are asked for every float: rounding moves a value by at most 5e-4, and every
# known mistake below differs from the right answer by more than 0.005 in some value.
THREE_DECIMALS = 5e-4


# ---------------------------------------------------------------------------- A3.1
def _prevalence_where_fallout_is_miss_rate():
    """The prevalences of the small tables with FP = FN whose fallout equals their miss rate."""
    tp, tn, errors = (axis.ravel() for axis in np.meshgrid(np.arange(1, 21), np.arange(1, 21),
                                                           np.arange(1, 6)))
    tables = BinaryTable(tp=tp, fp=errors, fn=errors, tn=tn)      # bias = prevalence
    assert np.array_equal(tables.bias, tables.prevalence)
    # fallout = miss rate  <=>  FP (FN + TP) = FN (FP + TN): compared in integers, exactly
    equal = errors * (errors + tp) == errors * (errors + tn)
    prevalences = np.unique(np.asarray(tables.prevalence)[equal])
    assert prevalences.size == 1
    return float(prevalences[0])


EXERCISES = (
    Exercise(
        id="A3.1",
        asks="the prevalence (a float) at which FP = FN also makes fallout equal the miss rate",
        answer=_prevalence_where_fallout_is_miss_rate,
        tolerance=THREE_DECIMALS,
        hints=(
            "FP = FN fixes the predicted margins to the real ones; the two rates divide these "
            "equal counts by different totals.",
            "fallout = FP/RN and miss rate = FN/RP: with FP = FN they are equal exactly when "
            "RP = RN.",
            "RP = RN is a statement about the prevalence RP/N.",
        ),
        mistakes=(
            Mistake(lambda: 2 * _prevalence_where_fallout_is_miss_rate(),
                    "1 is the ratio RP/RN (and a prevalence of 1 leaves no negatives); give the "
                    "prevalence RP/N that RP = RN means"),
        ),
        starter="answer_1 = ...    # a prevalence",
    ),
)
