"""Tests for the precision-recall and cost curves of bookeval_lib.roc (issue 15).

Checked against scikit-learn's precision_recall_curve, roc.expected_cost, BinaryTable and
brute-force minima; the hand arithmetic is written next to each number.
"""
import numpy as np
import pytest
from sklearn import metrics as skm

from bookeval_lib import BinaryTable, curves, roc

EXACT = 1e-12   # sums of a handful of terms of size <= 1


def _tied_scores(seed, n=80, levels=6):
    """0/1 labels and scores with few distinct values (many ties), informative for class 1."""
    rng = np.random.default_rng(seed)
    real = rng.integers(0, 2, n)
    real[:2] = [0, 1]
    scores = np.round(rng.normal(real, 1.0) * levels / 4) / levels
    return real, scores


@pytest.mark.parametrize("seed", range(20))
def test_precision_recall_curve_has_scikit_learns_points_with_ties(seed):
    real, scores = _tied_scores(seed)
    assert np.unique(scores).size < scores.size        # there are ties
    ours = curves.precision_recall_curve(real, scores)
    theirs = skm.precision_recall_curve(real, scores)
    for a, b in zip(ours, theirs):
        assert a.shape == b.shape
        np.testing.assert_allclose(a, b, atol=EXACT)


def test_precision_recall_curve_with_a_named_positive_label():
    real = np.array(["spam", "ham", "spam", "ham", "ham"])
    scores = np.array([0.9, 0.8, 0.8, 0.1, 0.3])
    ours = curves.precision_recall_curve(real, scores, pos_label="spam")
    theirs = skm.precision_recall_curve(real, scores, pos_label="spam")
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, b, atol=EXACT)


@pytest.mark.parametrize("seed", range(5))
def test_the_baseline_is_the_prevalence_and_the_precision_of_predicting_everything_positive(seed):
    real, scores = _tied_scores(seed)
    baseline = curves.precision_recall_baseline(real)
    assert baseline == pytest.approx(np.mean(real == 1), abs=EXACT)
    # scikit-learn's first point: threshold = the lowest score, every case predicted positive
    assert skm.precision_recall_curve(real, scores)[0][0] == pytest.approx(baseline, abs=EXACT)


@pytest.mark.parametrize("seed", range(5))
def test_precision_from_rates_gives_the_precision_of_each_threshold(seed):
    real, scores = _tied_scores(seed)
    fpr, tpr, _ = skm.roc_curve(real, scores, drop_intermediate=False)
    precision = curves.precision_from_rates(fpr[1:], tpr[1:], np.mean(real))
    expected, _, _ = skm.precision_recall_curve(real, scores)
    np.testing.assert_allclose(precision[::-1], expected[:-1], atol=EXACT)


def test_precision_from_rates_falls_with_prevalence_at_a_fixed_roc_point():
    # fpr 0.1, tpr 0.8: precision = 0.8 rp/(0.8 rp + 0.1 (1 - rp)); rp = 0.5: 0.8/0.9; rp = 0.01: 0.008/0.107
    values = curves.precision_from_rates(0.1, 0.8, np.array([0.5, 0.01]))
    np.testing.assert_allclose(values, [0.8 / 0.9, 0.008 / 0.107], atol=EXACT)
    assert np.isnan(curves.precision_from_rates(0.0, 0.0, 0.3))
    with pytest.raises(ValueError, match="prevalence"):
        curves.precision_from_rates(0.1, 0.8, 1.0)


def test_precision_recall_interpolation_follows_the_mixture_of_two_classifiers():
    # A: TP = 20, FP = 5; B: TP = 40, FP = 40 of RP = 50, RN = 150.  Choosing B with probability t
    # gives TP = 20 + 20 t, FP = 5 + 35 t: precision = (20 + 20 t)/(25 + 55 t), recall = (20 + 20 t)/50.
    fpr, tpr = np.array([5 / 150, 40 / 150]), np.array([20 / 50, 40 / 50])
    recall, precision = curves.precision_recall_interpolation(fpr, tpr, 50 / 200, points=5)
    t = np.linspace(0, 1, 5)
    np.testing.assert_allclose(recall, (20 + 20 * t) / 50, atol=EXACT)
    np.testing.assert_allclose(precision, (20 + 20 * t) / (25 + 55 * t), atol=EXACT)
    # the straight PR line between the ends lies above the true path at the midpoint
    straight = (precision[0] + precision[-1]) / 2
    assert precision[2] < straight
    with pytest.raises(ValueError, match="points"):
        curves.precision_recall_interpolation(fpr, tpr, 0.25, points=1)


def test_the_segment_from_the_origin_keeps_the_precision_of_its_end():
    # (0, 0) -> (fpr, tpr) = (0.1, 0.6) at rp = 0.2: TP = 0.12 t, FP = 0.08 t, precision 0.6 all along
    recall, precision = curves.precision_recall_interpolation([0.0, 0.1, 1.0], [0.0, 0.6, 1.0], 0.2, points=4)
    np.testing.assert_allclose(recall[:4], [0.0, 0.2, 0.4, 0.6], atol=EXACT)
    np.testing.assert_allclose(precision[:4], 0.6, atol=EXACT)
    assert precision[-1] == pytest.approx(0.2, abs=EXACT)         # everything positive: the prevalence
    with pytest.raises(ValueError, match="single number"):
        curves.precision_recall_interpolation([0.0, 1.0], [0.0, 1.0], [0.2, 0.3])


# ---------------------------------------------------------------------- cost curves
def test_probability_cost_by_hand_and_its_link_to_the_isocost_slope():
    # rp = 0.2, c_p = 5, c_n = 1: PC = 0.2*5/(0.2*5 + 0.8*1) = 1/1.8
    value = curves.probability_cost(0.2, false_positive_cost=1.0, false_negative_cost=5.0)
    assert value == pytest.approx(1 / 1.8, abs=EXACT)
    slope = roc.isocost_slope(0.2, false_positive_cost=1.0, false_negative_cost=5.0)
    assert value == pytest.approx(1 / (1 + slope), abs=EXACT)
    assert curves.probability_cost(0.5) == pytest.approx(0.5, abs=EXACT)


@pytest.mark.parametrize("seed", range(5))
def test_normalised_expected_cost_is_expected_cost_over_its_maximum(seed):
    rng = np.random.default_rng(seed)
    fpr, tpr = rng.random(30), rng.random(30)
    prevalence, c_n, c_p = rng.uniform(0.05, 0.95), rng.uniform(0.5, 5), rng.uniform(0.5, 5)
    pc = curves.probability_cost(prevalence, false_positive_cost=c_n, false_negative_cost=c_p)
    cost = roc.expected_cost(fpr, tpr, prevalence, false_positive_cost=c_n, false_negative_cost=c_p)
    maximum = prevalence * c_p + (1 - prevalence) * c_n
    np.testing.assert_allclose(curves.normalised_expected_cost(fpr, tpr, pc), cost / maximum, atol=EXACT)


@pytest.mark.parametrize("seed", range(5))
def test_at_probability_cost_one_half_the_normalised_cost_is_one_minus_informedness_over_two(seed):
    rng = np.random.default_rng(seed)
    tp, fp, fn, tn = rng.integers(1, 100, (4, 25))
    table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    cost = curves.normalised_expected_cost(table.fallout, table.recall, 0.5)
    np.testing.assert_allclose(cost, (1 - table.informedness) / 2, atol=EXACT)


def _brute_force_envelope(fpr, tpr, pc):
    """min over every point's line and the two trivial classifiers' lines, at each PC."""
    x = np.concatenate(([0.0, 1.0], np.ravel(fpr)))[:, None]
    y = np.concatenate(([0.0, 1.0], np.ravel(tpr)))[:, None]
    return np.min((1 - y) * pc + x * (1 - pc), axis=0)


@pytest.mark.parametrize("seed", range(20))
def test_the_cost_curve_is_the_lower_envelope_of_the_cost_lines(seed):
    rng = np.random.default_rng(seed)
    size = int(rng.integers(1, 15))
    fpr, tpr = rng.random(size), rng.random(size)
    if seed % 2:
        fpr, tpr = np.round(fpr * 4) / 4, np.round(tpr * 4) / 4   # ties, collinear points, edges
    grid = np.linspace(0, 1, 401)
    corners_pc, corners_cost = curves.cost_curve(fpr, tpr)
    assert corners_pc[0] == 0 and corners_pc[-1] == 1 and np.all(np.diff(corners_pc) >= 0)
    expected = _brute_force_envelope(fpr, tpr, grid)
    np.testing.assert_allclose(np.interp(grid, corners_pc, corners_cost), expected, atol=1e-9)
    np.testing.assert_allclose(_brute_force_envelope(fpr, tpr, corners_pc), corners_cost, atol=EXACT)
    _, on_grid = curves.cost_curve(fpr, tpr, probability_cost=grid)
    np.testing.assert_allclose(on_grid, expected, atol=EXACT)


def test_the_cost_curve_of_one_point_by_hand():
    # (fpr, tpr) = (0.2, 0.7): its line 0.3 PC + 0.2 (1 - PC) meets "all negative" (PC) at
    # PC = 0.2/0.9 and "all positive" (1 - PC) at PC = 0.8/1.1
    pc, cost = curves.cost_curve(0.2, 0.7)
    np.testing.assert_allclose(pc, [0, 0.2 / 0.9, 0.8 / 1.1, 1], atol=EXACT)
    np.testing.assert_allclose(cost, [0, 0.2 / 0.9, 1 - 0.8 / 1.1, 0], atol=EXACT)


def test_cost_functions_reject_bad_input():
    with pytest.raises(ValueError, match="probability_cost"):
        curves.normalised_expected_cost(0.1, 0.5, 1.5)
    with pytest.raises(ValueError, match="tpr"):
        curves.cost_curve([0.1], [1.2])
    with pytest.raises(ValueError, match="prevalence"):
        curves.probability_cost(0.0)
