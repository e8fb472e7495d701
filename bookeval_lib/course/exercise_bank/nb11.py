"""The checker's bank for notebook 11 (ROC space and isocost lines): exercises 11.1-11.6.

Right answers and known mistakes are computed with :mod:`bookeval_lib.roc`; exercise 11.5
refits notebook 11's two-feature breast-cancer model (same split, same seed).
"""
from __future__ import annotations

import functools

import numpy as np

from ... import roc
from ...measures import BinaryTable
from ..checker import Exercise, Mistake

# Three decimals are asked for every float: rounding moves a value by at most 5e-4, and every
# known mistake below differs from the right answer by more than 0.005 in some value.
THREE_DECIMALS = 5e-4


# ---------------------------------------------------------------------------- 11.1
def _table_1():
    return BinaryTable(tp=30, fp=10, fn=20, tn=40)


def _exercise_1():
    fpr, tpr = roc.roc_point(_table_1())
    return (float(fpr), float(tpr), float(roc.single_point_auc(fpr, tpr)),
            float(roc.height_above_chance(fpr, tpr)))


def _point_as_tpr_fpr():
    fpr, tpr, area, informedness = _exercise_1()
    return (tpr, fpr, area, informedness)


def _ties_not_halved():
    # a positive beats a negative when the rule says + to it and - to the negative: tpr (1 - fpr)
    fpr, tpr, _, informedness = _exercise_1()
    return (fpr, tpr, tpr * (1 - fpr), informedness)


# ---------------------------------------------------------------------------- 11.2
_POINTS_FPR, _POINTS_TPR = np.array([0.1, 0.3]), np.array([0.6, 0.9])


def _slope_and_costs(false_positive_cost, false_negative_cost, invert=False):
    costs = {"false_positive_cost": false_positive_cost, "false_negative_cost": false_negative_cost}
    slope = roc.isocost_slope(0.1, **costs)
    expected = roc.expected_cost(_POINTS_FPR, _POINTS_TPR, 0.1, **costs)
    return (1 / slope if invert else slope, *(float(cost) for cost in expected))


# ---------------------------------------------------------------------------- 11.3
def _rankings_always_agree():
    """Whether B and the distance to (0, 1) rank every pair of points of a 21 x 21 grid alike."""
    grid = np.linspace(0.0, 1.0, 21)
    fpr, tpr = (axis.ravel() for axis in np.meshgrid(grid, grid))
    informedness = roc.height_above_chance(fpr, tpr)
    distance = roc.distance_to_perfect(fpr, tpr)
    # a pair disagrees when B prefers one point (higher B) and the distance the other (nearer)
    b_prefers = informedness[:, None] > informedness[None, :] + 1e-12
    nearer = distance[:, None] > distance[None, :] + 1e-12
    return not bool(np.any(b_prefers & nearer))


# ---------------------------------------------------------------------------- 11.4
def _prevalence_where_fallout_is_miss_rate():
    """The prevalences of the small tables with FP = FN whose fallout equals their miss rate."""
    tp, tn, errors = (axis.ravel() for axis in np.meshgrid(np.arange(1, 21), np.arange(1, 21),
                                                           np.arange(1, 6)))
    tables = BinaryTable(tp=tp, fp=errors, fn=errors, tn=tn)      # bias = prevalence
    assert np.array_equal(tables.bias, tables.prevalence)
    # fallout = miss rate  <=>  FP (FN + TP) = FN (FP + TN): compared in integers, exactly
    equal = errors * (errors + tp) == errors * (errors + tn)
    prevalences = np.unique(tables.prevalence[equal])
    assert prevalences.size == 1
    return float(prevalences[0])


# ---------------------------------------------------------------------------- 11.5
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
        share = tables.bias[best]
    return (float(thresholds[best]), float(share))


# ---------------------------------------------------------------------------- 11.6
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


EXERCISES = (
    Exercise(
        id="11.1",
        asks="(fpr, tpr, single-point AUC, informedness), four floats to 3 decimals",
        answer=_exercise_1,
        tolerance=THREE_DECIMALS,
        hints=(
            "A ROC point is (fallout, recall): each rate is a count over its real class.",
            "fpr = FP/RN and tpr = TP/RP; one point joined to (0, 0) and (1, 1) encloses the area "
            "(tpr - fpr + 1)/2, and informedness is tpr - fpr.",
            "fpr = 10/50 and tpr = 30/50; roc.roc_point, roc.single_point_auc and "
            "roc.height_above_chance check them. Above the chance line means B > 0.",
        ),
        mistakes=(
            Mistake(_point_as_tpr_fpr,
                    "the ROC point is (fpr, tpr): fallout on the horizontal axis, recall on the "
                    "vertical one"),
            Mistake(_ties_not_halved,
                    "that area counts only the pairs the rule ranks right, tpr(1 - fpr); a pair it "
                    "scores alike is a tie and counts one half"),
        ),
        starter="answer_1 = ...    # (fpr, tpr, AUC, informedness)",
    ),
    Exercise(
        id="11.2",
        asks="(c, expected cost of (0.1, 0.6), expected cost of (0.3, 0.9)) per case, a false alarm "
             "costing 1: three floats to 3 decimals",
        answer=lambda: _slope_and_costs(1, 5),
        tolerance=THREE_DECIMALS,
        hints=(
            "The slope multiplies two ratios: of the costs (c_v) and of the classes (c_s).",
            "c = c_v · c_s with c_v = (cost of a false alarm)/(cost of a miss) and c_s = rn/rp; "
            "the expected cost is rn·c_n·fpr + rp·c_p·(1 - tpr).",
            "c_v = 1/5 and c_s = 0.9/0.1; roc.isocost_slope(0.1, false_positive_cost=1, "
            "false_negative_cost=5) and roc.expected_cost check them. The cheaper point has the "
            "higher intercept tpr - c·fpr.",
        ),
        mistakes=(
            Mistake(lambda: _slope_and_costs(5, 1),
                    "the costs are swapped: the miss (a false negative) costs 5, the false alarm 1, "
                    "so c_v = 1/5"),
            Mistake(lambda: _slope_and_costs(1, 5, invert=True),
                    "that is 1/c, the slope with both ratios upside down: c = (c_n/c_p)·(rn/rp), "
                    "false alarms' cost over misses', negatives over positives"),
        ),
        starter="answer_2 = ...    # (c, cost at (0.1, 0.6), cost at (0.3, 0.9))",
    ),
    Exercise(
        id="11.3",
        asks="True or False: informedness and the distance to (0, 1) always rank two ROC points the "
             "same way (find your two points first)",
        answer=_rankings_always_agree,
        tolerance=0,          # True or False, compared exactly
        hints=(
            "Draw the lines of equal informedness and the circles of equal distance to (0, 1): "
            "where do they cross?",
            "Informedness is the height above the diagonal, tpr - fpr; the distance is "
            "sqrt(fpr^2 + (1 - tpr)^2). Try a point on the fpr = 0 axis against one closer to "
            "the corner but further right.",
            "Compare (0, 0.5) with a point such as (0.3, 0.75), using roc.height_above_chance "
            "and roc.distance_to_perfect.",
        ),
        mistakes=(
            Mistake(lambda: not _rankings_always_agree(),
                    "they do not always agree: a line of equal informedness is straight, a curve of "
                    "equal distance is a circle around (0, 1), and they cross; try a point with "
                    "fpr = 0 against one nearer the corner"),
        ),
        starter="answer_3 = ...    # True or False",
    ),
    Exercise(
        id="11.4",
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
        starter="answer_4 = ...    # a prevalence",
    ),
    Exercise(
        id="11.5",
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
            # swapping the costs, or taking the slope 1/c, makes the line so steep that the
            # cheapest rule flags nothing (threshold inf): no finite answer to recognise there
            Mistake(lambda: _cheapest(1, 1),
                    "that is the cheapest point with equal costs (the most accurate rule): a miss "
                    "costs 50 false alarms, so false_negative_cost=50"),
            Mistake(lambda: _cheapest(1, 50, flagged="bias"),
                    "that is the fraction of all tumours flagged (the bias); the fraction of benign "
                    "tumours flagged is the fallout, FP/RN"),
        ),
        starter="answer_5 = ...    # (threshold, fraction of benign tumours flagged)",
    ),
    Exercise(
        id="11.6",
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
            Mistake(_u_statistic,
                    "that is the Mann–Whitney U, the number of pairs won; the AUC divides it by the "
                    "number of pairs, 3 x 3"),
        ),
        starter="answer_6 = ...    # the AUC",
    ),
)
