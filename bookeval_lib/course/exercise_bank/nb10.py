"""The checker's bank for notebook 10 (comparing classifiers): exercise 10.1.

The right answer and the known mistakes are computed with
:func:`bookeval_lib.uncertainty.compare_predictions` on the exercise's paired predictions.
"""
from __future__ import annotations

import functools

import numpy as np

from ... import uncertainty as u
from ..checker import Exercise, Mistake

SEED = 13                         # notebook 10's seed (its intervals; both tests are exact)
# Three decimals are asked: rounding moves each value by at most 5e-4; the known mistakes
# lie at least 0.3 away in some value.
THREE_DECIMALS = 5e-4


@functools.cache
def _comparison():
    # 20 positives: 6 right only for A, 1 only for B, 10 right for both, 3 wrong for both;
    # 30 negatives: 2 right only for A, 5 only for B, 20 right for both, 3 wrong for both
    y_true = np.repeat([1, 0], [20, 30])
    positives, negatives = [6, 1, 10, 3], [2, 5, 20, 3]
    y_pred_a = np.concatenate([np.repeat([1, 0, 1, 0], positives),
                               np.repeat([0, 1, 0, 1], negatives)])
    y_pred_b = np.concatenate([np.repeat([0, 1, 1, 0], positives),
                               np.repeat([1, 0, 0, 1], negatives)])
    return u.compare_predictions(y_true, y_pred_a, y_pred_b, measures="informedness",
                                 seed=SEED)["informedness"]


def _exercise_1():
    result = _comparison()
    return (float(result.estimate_a - result.estimate_b), float(result.test.pvalue),
            float(result.equal_accuracy_test.pvalue))


def _sign_flipped():
    difference, paired, mcnemar = _exercise_1()
    return (-difference, paired, mcnemar)


def _p_values_swapped():
    difference, paired, mcnemar = _exercise_1()
    return (difference, mcnemar, paired)


EXERCISES = (
    Exercise(
        id="10.1",
        asks="(ΔB = B_A - B_B, the paired test's p-value for B, McNemar's exact p-value), three floats "
             "to 3 decimals",
        answer=_exercise_1,
        tolerance=THREE_DECIMALS,
        hints=(
            "Only the cases on which A and B disagree move ΔB: right only for A adds to A's recall "
            "(positives) or inverse recall (negatives), right only for B to B's.",
            "ΔB = (6 - 1)/20 + (2 - 5)/30. Under the null each class's discordant cases split as "
            "Bin(7, 1/2); sum the probabilities of the splits at least as far from 0 as observed. "
            "McNemar pools the classes: 8 against 6.",
            "ΔB·RP·RN = (2b1 - 7)·30 + (2b0 - 7)·20 and the observed value is 90; McNemar's is "
            "scipy.stats.binomtest(8, 14, 0.5).pvalue. u.compare_predictions returns all three.",
        ),
        mistakes=(
            Mistake(_p_values_swapped,
                    "the two p-values look swapped: McNemar's asks whether the accuracies differ "
                    "(8 against 6, pooled); the paired test of B counts each discordant case as 1/RP or 1/RN, by its class"),
            Mistake(_sign_flipped,
                    "ΔB has the wrong sign: B_A - B_B is asked, and A is right alone more often among "
                    "the positives"),
        ),
        starter="answer_1 = ...    # (ΔB, p of the paired test of B, McNemar's p)",
    ),
)
