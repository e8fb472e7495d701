"""The checker's bank for notebook 11 (ROC space and isocost lines): exercises 11.1-11.3.

Right answers and known mistakes are computed with :mod:`bookeval_lib.roc`; 11.3 asks for two points with a
property, and its judge checks that property on the points given.
"""
from __future__ import annotations

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
def _two_points(answer):
    """The learner's two ROC points as a 2 x 2 array [[fpr, tpr], [fpr, tpr]], or the reason they are not."""
    try:
        points = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        return None, ("two ROC points are asked, each (fpr, tpr): ((fpr, tpr), (fpr, tpr)), not a "
                      f"{type(answer).__name__}")
    if points.ndim == 0:
        return None, ("two ROC points are asked, each (fpr, tpr): ((fpr, tpr), (fpr, tpr)), not a "
                      f"{type(answer).__name__}")
    if points.shape != (2, 2):
        return None, ("two ROC points are asked, each (fpr, tpr): ((fpr, tpr), (fpr, tpr)); you gave "
                      f"shape {points.shape}")
    if not np.all((points >= 0) & (points <= 1)):
        return None, "a ROC point's fpr and tpr are rates, between 0 and 1"
    return points, None


def _informedness_and_distance_disagree(answer):
    """None when informedness prefers one of the two points and the distance to (0, 1) the other; else why
    not, with the two values of each."""
    points, reason = _two_points(answer)
    if reason is not None:
        return reason
    (fpr_1, tpr_1), (fpr_2, tpr_2) = points
    informedness = roc.height_above_chance(points[:, 0], points[:, 1])
    distance = roc.distance_to_perfect(points[:, 0], points[:, 1])
    values = (f"B = {informedness[0]:.4g} and {informedness[1]:.4g}, distances to (0, 1) "
              f"{distance[0]:.4g} and {distance[1]:.4g}")
    # the slack: B and the distance of points typed to a few decimals are exact to ~1e-16
    if abs(informedness[0] - informedness[1]) < 1e-9 or abs(distance[0] - distance[1]) < 1e-9:
        return f"{values}: one of them ties the two points, so it prefers neither"
    # informedness prefers the higher B, the distance the nearer point: they disagree when the point
    # with the higher B is also the further one
    if (informedness[0] > informedness[1]) != (distance[0] > distance[1]):
        return f"{values}: both prefer the same point; find a pair on which they disagree"
    return None


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
        asks="two ROC points ((fpr, tpr), (fpr, tpr)) such that informedness prefers one and the distance "
             "to (0, 1) the other",
        answer=lambda: ((0.0, 0.5), (0.3, 0.75)),       # the worked solution's pair: one answer of many
        tolerance=0,          # judged by what the points do, not compared with one pair
        hints=(
            "Draw the lines of equal informedness and the circles of equal distance to (0, 1): "
            "where do they cross?",
            "Informedness is the height above the diagonal, tpr - fpr; the distance is "
            "sqrt(fpr^2 + (1 - tpr)^2). Try a point on the fpr = 0 axis against one closer to "
            "the corner but further right.",
            "Compare (0, 0.5) with a point such as (0.3, 0.75), using roc.height_above_chance "
            "and roc.distance_to_perfect.",
        ),
        starter="answer_3 = ((..., ...), (..., ...))    # two ROC points, each (fpr, tpr)",
        judge=_informedness_and_distance_disagree,
    ),
)
