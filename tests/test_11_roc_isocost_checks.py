"""The checks of notebook 11's worked solutions, moved here from its solution cells.

Each expected value is the solution's hand arithmetic, written out in the comment beside it.
"""
import numpy as np

from bookeval_lib import BinaryTable, roc


COSTS = dict(false_positive_cost=1, false_negative_cost=5)      # exercise 2: a miss costs five false alarms


def test_solution_1_roc_point_auc_and_informedness():
    # fpr = 10/50 = 0.2, tpr = 30/50 = 0.6; AUC = (0.6 - 0.2 + 1)/2 = 0.7; B = 0.6 - 0.2 = 0.4
    point = roc.roc_point(BinaryTable(tp=30, fp=10, fn=20, tn=40))
    assert np.allclose(point, (0.2, 0.6))
    assert np.isclose(roc.single_point_auc(*point), 0.7)
    assert np.isclose(roc.height_above_chance(*point), 0.4)


def test_solution_2_slope_intercepts_and_costs():
    # c_v = 1/5, c_s = 0.9/0.1 = 9: c = 1.8; intercepts 0.6 - 0.18 = 0.42, 0.9 - 0.54 = 0.36;
    # costs 0.9*0.1 + 0.1*5*0.4 = 0.29 and 0.9*0.3 + 0.1*5*0.1 = 0.32
    c = roc.isocost_slope(0.1, **COSTS)
    assert np.isclose(c, 1.8)
    assert np.allclose(roc.isocost_intercept(c, [0.1, 0.3], [0.6, 0.9]), [0.42, 0.36])
    assert np.allclose(roc.expected_cost(np.array([0.1, 0.3]), np.array([0.6, 0.9]), 0.1, **COSTS), [0.29, 0.32])


def test_solution_3_the_criteria_disagree_and_the_costs_decide():
    # (0, 0.5): B 0.5, distance 0.5; (0.3, 0.75): B 0.45, distance sqrt(0.09 + 0.0625) = 0.3905;
    # at exercise 2's costs: 0.1*5*0.5 = 0.25 and 0.9*0.3 + 0.1*5*0.25 = 0.395
    fpr, tpr = np.array([0.0, 0.3]), np.array([0.5, 0.75])
    assert np.allclose(roc.height_above_chance(fpr, tpr), [0.5, 0.45])
    assert np.allclose(roc.distance_to_perfect(fpr, tpr), [0.5, np.sqrt(0.1525)])
    assert np.allclose(roc.expected_cost(fpr, tpr, 0.1, **COSTS), [0.25, 0.395])
