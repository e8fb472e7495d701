"""The checker's bank for notebook 11b (ROC curves and choosing a threshold): exercises 11b.1-11b.3.

Right answers and known mistakes are computed with :mod:`bookeval_lib.roc`; exercise 11b.1
refits notebook 11b's two-feature breast-cancer model (same split, same seed).
"""
from __future__ import annotations

import functools

import numpy as np

from ... import roc
from ..checker import Exercise, Mistake

# Three decimals are asked for every float: rounding moves a value by at most 5e-4, and every
# known mistake below differs from the right answer by more than 0.005 in some value.
THREE_DECIMALS = 5e-4


# ---------------------------------------------------------------------------- 11b.1
@functools.cache
def _breast_cancer_curve():
    """Notebook 11's test half: (real, scores) of the two-feature logistic regression."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    data = load_breast_cancer()
    malignant = (data.target == 0).astype(int)                    # positive = malignant
    names = list(data.feature_names)
    columns = [names.index(name) for name in ("mean texture", "mean smoothness")]
    train_x, test_x, train_y, test_y = train_test_split(
        data.data[:, columns], malignant, test_size=0.5, stratify=malignant, random_state=0)
    # the notebook's TunedThresholdClassifierCV refits this pipeline on the whole training half
    # (refit=True); its scores do not depend on the threshold it tunes
    model = make_pipeline(StandardScaler(), LogisticRegression()).fit(train_x, train_y)
    return test_y, model.predict_proba(test_x)[:, 1]


def _cheapest(false_positive_cost, false_negative_cost, *, flagged="fallout"):
    """(threshold, share flagged) at the highest isocost line for these costs."""
    real, scores = _breast_cancer_curve()
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    slope = roc.isocost_slope(real.mean(), false_positive_cost=false_positive_cost,
                              false_negative_cost=false_negative_cost)
    best = roc.optimal_operating_point(fpr, tpr, slope)
    if flagged == "fallout":
        share = fpr[best]
    else:                                   # the share of all tumours flagged, the bias
        tables, _ = roc.threshold_tables(real, scores)
        share = np.asarray(tables.bias)[best]
    return (float(thresholds[best]), float(share))


# ---------------------------------------------------------------------------- 11b.2
_POSITIVES, _NEGATIVES = np.array([0.9, 0.6, 0.4]), np.array([0.7, 0.4, 0.1])


def _exercise_6():
    labels = np.repeat([1, 0], [_POSITIVES.size, _NEGATIVES.size])
    fpr, tpr, _ = roc.roc_curve(labels, np.concatenate([_POSITIVES, _NEGATIVES]))
    return float(roc.auc(fpr, tpr))


def _pairs(tie_value):
    """The share of (positive, negative) pairs won by the positive, a tie counting tie_value."""
    wins = _POSITIVES[:, None] > _NEGATIVES[None, :]
    ties = _POSITIVES[:, None] == _NEGATIVES[None, :]
    return float(np.mean(wins + tie_value * ties))


def _u_statistic():
    import scipy.stats

    return float(scipy.stats.mannwhitneyu(_POSITIVES, _NEGATIVES).statistic)


# ---------------------------------------------------------------------------- 11b.3
def _two_rules(*, swapped=False, accuracy=False):
    """(only the first rule right, only the second right, their difference in B) on the test half: the
    first rule at the highest c = 1 line, the second at the point nearest to (0, 1)."""
    from ...measures import BinaryTable

    real, scores = _breast_cancer_curve()
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    informed = roc.optimal_operating_point(fpr, tpr, 1.0)
    nearest = int(np.argmin(roc.distance_to_perfect(fpr, tpr)))
    first, second = ((scores >= thresholds[i]).astype(int) for i in (informed, nearest))
    if swapped:
        first, second = second, first
    only_first = int(np.sum((first == real) & (second != real)))
    only_second = int(np.sum((second == real) & (first != real)))
    if accuracy:
        return (only_first, only_second, (only_first - only_second) / real.size)
    tables = [BinaryTable.from_labels(real, decided) for decided in (first, second)]
    return (only_first, only_second, float(tables[0].informedness - tables[1].informedness))


EXERCISES = (
    Exercise(
        id="11b.1",
        asks="(threshold, fraction of benign tumours flagged) at the highest isocost line, two floats "
             "to 3 decimals",
        answer=lambda: _cheapest(1, 50),
        tolerance=THREE_DECIMALS,
        hints=(
            "A miss costs 50 false alarms: the isocost lines are nearly flat, so the highest one "
            "is reached where tpr is large.",
            "c = roc.isocost_slope(prevalence, false_positive_cost=1, false_negative_cost=50); "
            "roc.optimal_operating_point(fpr_curve, tpr_curve, c) is the index of the point; read "
            "thresholds and fpr_curve there.",
            "The point is the first one with tpr = 1; the fraction of benign tumours flagged is "
            "its fallout. Check with the counted cost (FP + 50 FN)/N over all thresholds.",
        ),
        mistakes=(
            # swapping the costs (a false alarm costing 50 misses) makes the isocost lines so steep
            # that the cheapest rule flags nothing: threshold inf, no benign tumour flagged
            Mistake(lambda: _cheapest(50, 1),
                    "the costs are swapped: that rule flags nothing, as if a false alarm cost 50 misses; "
                    "a miss costs 50 false alarms, so false_positive_cost=1, false_negative_cost=50"),
            Mistake(lambda: _cheapest(1, 1),
                    "that is the cheapest point with equal costs (the most accurate rule): a miss "
                    "costs 50 false alarms, so false_negative_cost=50"),
            Mistake(lambda: _cheapest(1, 50, flagged="bias"),
                    "that is the fraction of all tumours flagged (the bias); the fraction of benign "
                    "tumours flagged is the fallout, FP/RN"),
        ),
        starter="answer_1 = ...    # (threshold, fraction of benign tumours flagged)",
    ),
    Exercise(
        id="11b.2",
        asks="the AUC, a float to 3 decimals",
        answer=_exercise_6,
        tolerance=THREE_DECIMALS,
        hints=(
            "The AUC is the share of (positive, negative) pairs in which the positive scores "
            "higher: 3 x 3 = 9 pairs here.",
            "Count a tie (equal scores) as one half.",
            "0.9 beats all three negatives; 0.6 beats two; 0.4 beats 0.1 and ties 0.4.",
        ),
        mistakes=(
            Mistake(lambda: _pairs(0.0),
                    "the tie between the two scores 0.4 counts one half, not 0"),
            Mistake(lambda: _pairs(1.0),
                    "the tie between the two scores 0.4 counts one half, not a whole win"),
            Mistake(lambda: 1 - _exercise_6(),
                    "that is 1 - AUC, the share of pairs in which the negative scores higher: the AUC "
                    "counts the pairs the positive wins"),
            Mistake(_u_statistic,
                    "that is the Mann–Whitney U, the number of pairs won; the AUC divides it by the "
                    "number of pairs, 3 x 3"),
        ),
        starter="answer_2 = ...    # the AUC",
    ),
    Exercise(
        id="11b.3",
        asks="(cases only the first rule gets right, cases only the second gets right, Delta B), two "
             "integers and a float to 3 decimals",
        answer=_two_rules,
        tolerance=THREE_DECIMALS,
        hints=(
            "Each rule is 'malignant if score >= its threshold': thresholds[informed] for the c = 1 "
            "line, thresholds[nearest] with nearest = np.argmin(roc.distance_to_perfect(fpr_curve, "
            "tpr_curve)).",
            "uncertainty.compare_predictions(real, first, second, measures='informedness', "
            "seed=0)['informedness'] has a_only, b_only and difference.estimate.",
            "Only the cases scored between the two thresholds are decided differently; the lower "
            "threshold flags them all, so Delta B = a/106 - b/179.",
        ),
        mistakes=(
            Mistake(lambda: _two_rules(swapped=True),
                    "the rules are swapped: the first is the highest c = 1 line, the second the point "
                    "nearest to (0, 1); Delta B is the first's B minus the second's"),
            Mistake(lambda: _two_rules(accuracy=True),
                    "the third value is the difference in accuracy, (a - b)/N: informedness weighs a "
                    "malignant case by 1/RP and a benign one by 1/RN, so Delta B = a/RP - b/RN"),
        ),
        starter="answer_3 = ...    # (only the first right, only the second right, Delta B)",
    ),
)
