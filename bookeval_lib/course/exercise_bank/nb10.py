"""The checker's bank for notebook 10 (comparing classifiers): exercises 10.1-10.3.

The right answer and the known mistakes are computed with
:func:`bookeval_lib.uncertainty.compare_predictions` on the exercise's paired predictions.
"""
from __future__ import annotations

import functools

import numpy as np

from ... import uncertainty as u
from ..checker import Exercise, Mistake
from ..opening import opening_model

SEED = 13                         # notebook 10's seed (its intervals; both tests are exact)
# Three decimals are asked: rounding moves each value by at most 5e-4; the known mistakes
# lie at least 0.3 away in some value.
THREE_DECIMALS = 5e-4


def _exercise_1_predictions():
    # 20 positives: 6 right only for A, 1 only for B, 10 right for both, 3 wrong for both;
    # 30 negatives: 2 right only for A, 5 only for B, 20 right for both, 3 wrong for both
    y_true = np.repeat([1, 0], [20, 30])
    positives, negatives = [6, 1, 10, 3], [2, 5, 20, 3]
    y_pred_a = np.concatenate([np.repeat([1, 0, 1, 0], positives),
                               np.repeat([0, 1, 0, 1], negatives)])
    y_pred_b = np.concatenate([np.repeat([0, 1, 1, 0], positives),
                               np.repeat([1, 0, 0, 1], negatives)])
    return y_true, y_pred_a, y_pred_b


@functools.cache
def _comparison():
    y_true, y_pred_a, y_pred_b = _exercise_1_predictions()
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


@functools.cache
def _own_pair():
    """Exercise 3's pair on notebook 00's split, all 30 features: its random forest and naive Bayes."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.naive_bayes import GaussianNB

    every = tuple(load_breast_cancer().feature_names)
    forest, bayes = opening_model(features=every), opening_model(GaussianNB(), features=every)
    return forest.y_true, forest.y_pred, bayes.y_pred


def _disagreements():
    """(fewest, most) cases on which two classifiers right on a >= b of n cases can disagree: A only - B only
    = a - b, and neither "right for both" (a - A only) nor "wrong for both" (n - a - B only) is negative."""
    y_true, y_pred_a, y_pred_b = _exercise_1_predictions()
    n, a, b = len(y_true), int(np.sum(y_pred_a == y_true)), int(np.sum(y_pred_b == y_true))
    b_only = min(n - a, b)
    return (a - b, (a - b) + 2 * b_only)


def _own_difference(first=1, second=2):
    outcome = _own_pair()
    result = u.compare_predictions(outcome[0], outcome[first], outcome[second], measures="informedness",
                                   seed=SEED)["informedness"]
    return float(result.estimate_a - result.estimate_b)


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
    Exercise(
        id="10.2",
        asks="(fewest, most) cases on which A and B could disagree, given only their accuracies: two integers",
        answer=_disagreements,
        tolerance=0,
        hints=("A is right on 38 of the 50 cases, B on 36; every disagreement is a case right for one only.",
               "Right only for A minus right only for B is 38 - 36 = 2. Right for both = 38 - (A only) and "
               "wrong for both = 12 - (B only): neither may be negative.",
               "Fewest: 2 and 0. Most: B only = 12, A only = 14."),
        mistakes=(
            Mistake(lambda: (2, 14),
                    "14 is the most cases right only for A; add the 12 right only for B: they disagree on both"),
            Mistake(lambda: (14, 14),
                    "14 is exercise 1's count of discordant cases; the leaderboard's two accuracies allow "
                    "anything from 2 to 26"),
        ),
        starter="answer_2 = ...  # (fewest, most)",
    ),
    Exercise(
        id="10.3",
        asks="ΔB = B of the random forest - B of naive Bayes on notebook 00's test half, a float to "
             "3 decimals; the comparison on a pair of your own is yours to write",
        answer=_own_difference,
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("opening_model(estimator, features=every) fits a model on notebook 00's training half and "
               "predicts its test half, malignant = 1.",
               "u.compare_predictions(y_true, forest_says, bayes_says, measures='informedness', seed=SEED)"
               "['informedness'] holds both B and their paired interval.",
               "ΔB is its estimate_a - estimate_b, or difference.estimate."),
        mistakes=(
            Mistake(lambda: _own_difference(2, 1),
                    "that is naive Bayes minus the forest; the difference asked is the forest's B minus "
                    "naive Bayes'"),
            Mistake(lambda: float(np.mean(_own_pair()[1] == _own_pair()[0])
                                  - np.mean(_own_pair()[2] == _own_pair()[0])),
                    "that is the difference of accuracies; ΔB is the difference of recall - fallout"),
        ),
        starter="answer_3 = ...  # ΔB, forest minus naive Bayes",
    ),
)
