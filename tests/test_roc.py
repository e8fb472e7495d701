"""Tests for bookeval_lib.roc: checked against scikit-learn, scipy, BinaryTable and hand arithmetic."""
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy.spatial import ConvexHull
from sklearn import metrics

from bookeval_lib import BinaryTable
from bookeval_lib import roc


# ---------------------------------------------------------------------- strategies
@st.composite
def labelled_scores(draw, max_size=60, tie_levels=None):
    """Two-class 0/1 labels and scores; with tie_levels scores take few distinct values."""
    size = draw(st.integers(2, max_size))
    # one 0/1 label per drawn byte (its lowest bit): one draw for the whole vector, not one per label
    real = (np.frombuffer(draw(st.binary(min_size=size, max_size=size)), dtype=np.uint8) & 1).astype(int)
    real[0], real[1] = 0, 1                     # both classes present
    levels = tie_levels or draw(st.sampled_from([2, 3, 5, 1000]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, levels, size) / 4.0 - 0.5 * real * rng.integers(0, 2)
    return real, scores


@st.composite
def roc_points(draw, max_size=40):
    size = draw(st.integers(1, max_size))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    fpr = rng.random(size)
    tpr = rng.random(size)
    if draw(st.booleans()):                     # grid values: collinear points and ties
        fpr, tpr = np.round(fpr * 4) / 4, np.round(tpr * 4) / 4
    return fpr, tpr


# ---------------------------------------------------------------------- roc_curve and auc vs scikit-learn
@given(labelled_scores())
def test_roc_curve_equals_sklearn_with_ties(data):
    real, scores = data
    expected = metrics.roc_curve(real, scores, drop_intermediate=False)
    actual = roc.roc_curve(real, scores)
    for mine, theirs in zip(actual, expected):
        np.testing.assert_array_equal(mine, theirs)


@given(labelled_scores())
def test_auc_equals_sklearn(data):
    real, scores = data
    fpr, tpr, _ = roc.roc_curve(real, scores)
    assert roc.auc(fpr, tpr) == pytest.approx(metrics.roc_auc_score(real, scores), abs=1e-12)
    assert roc.auc(fpr, tpr) == pytest.approx(metrics.auc(fpr, tpr), abs=1e-12)
    # the area is the same read backwards (non-increasing fpr)
    assert roc.auc(fpr[::-1], tpr[::-1]) == pytest.approx(metrics.auc(fpr, tpr), abs=1e-12)


def test_roc_curve_first_threshold_is_inf_and_ends_at_corners():
    real = [0, 0, 1, 1]
    scores = [0.1, 0.4, 0.35, 0.8]
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    # by hand: thresholds inf, 0.8 (one positive), 0.4 (+ a negative), 0.35 (+ a positive), 0.1 (all)
    np.testing.assert_array_equal(thresholds, [np.inf, 0.8, 0.4, 0.35, 0.1])
    np.testing.assert_array_equal(fpr, [0, 0, 0.5, 0.5, 1])
    np.testing.assert_array_equal(tpr, [0, 0.5, 0.5, 1, 1])


def test_roc_curve_ties_make_one_diagonal_step():
    # four cases tied at 0.5 (2 positive, 2 negative): one step from (0, 0) to (1/2, 2/3) by hand
    real = [1, 1, 0, 0, 1, 0]
    scores = [0.5, 0.5, 0.5, 0.5, 0.2, 0.2]
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    np.testing.assert_array_equal(thresholds, [np.inf, 0.5, 0.2])
    np.testing.assert_allclose(fpr, [0, 2 / 3, 1])
    np.testing.assert_allclose(tpr, [0, 2 / 3, 1])


def test_roc_curve_named_labels_and_float32_scores_match_sklearn():
    rng = np.random.default_rng(7)
    real = rng.choice(np.array(["malignant", "benign"]), 200)
    scores = rng.normal(size=200).astype(np.float32)
    scores[:50] = np.round(scores[:50])
    expected = metrics.roc_curve(real, scores, pos_label="malignant", drop_intermediate=False)
    actual = roc.roc_curve(real, scores, pos_label="malignant")
    for mine, theirs in zip(actual, expected):
        np.testing.assert_array_equal(mine, theirs)


def test_boolean_labels_and_scores():
    real = np.array([True, False, True, False])
    scores = [3, 2, 1, 0]
    expected = metrics.roc_curve(real, scores, drop_intermediate=False)
    for mine, theirs in zip(roc.roc_curve(real, scores), expected):
        np.testing.assert_array_equal(mine, theirs)
    scores = np.array([True, False, False, True])
    expected = metrics.roc_curve(real, scores, drop_intermediate=False)
    for mine, theirs in zip(roc.roc_curve(real, scores), expected):
        np.testing.assert_array_equal(mine, theirs)


@given(labelled_scores(max_size=30))
def test_threshold_tables_are_the_tables_of_each_rule(data):
    real, scores = data
    tables, thresholds = roc.threshold_tables(real, scores)
    for i, threshold in enumerate(thresholds):
        expected = BinaryTable.from_labels(real, (scores >= threshold).astype(int))
        assert (tables.tp[i], tables.fp[i], tables.fn[i], tables.tn[i]) == \
            (expected.tp, expected.fp, expected.fn, expected.tn)


def test_roc_point_of_the_2003_table():
    # Powers 2003: TP=42, FP=18, FN=28, TN=12; fpr = 18/30 = 0.6, tpr = 42/70 = 0.6 (on the diagonal)
    fpr, tpr = roc.roc_point(BinaryTable(tp=42, fp=18, fn=28, tn=12))
    assert (fpr, tpr) == pytest.approx((0.6, 0.6))
    with pytest.raises(ValueError, match="BinaryTable"):
        roc.roc_point((18, 42))


# ---------------------------------------------------------------------- single-point measures
def test_single_point_auc_eq9_by_hand_and_as_a_trapezoid():
    # (fpr, tpr) = (0.2, 0.6): (0.6 - 0.2 + 1)/2 = 0.7
    assert roc.single_point_auc(0.2, 0.6) == pytest.approx(0.7)
    assert roc.single_point_auc(0.0, 1.0) == 1.0
    assert roc.single_point_auc(0.5, 0.5) == 0.5
    assert roc.single_point_auc(1.0, 0.0) == 0.0
    rng = np.random.default_rng(3)
    for fpr, tpr in rng.random((20, 2)):
        area = metrics.auc([0, fpr, 1], [0, tpr, 1])       # scikit-learn's trapezoid area
        assert roc.single_point_auc(fpr, tpr) == pytest.approx(area)


def test_single_point_auc_and_height_agree_with_binary_table():
    rng = np.random.default_rng(4)
    cells = rng.integers(1, 50, (4, 100))
    tables = BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3])
    fpr, tpr = roc.roc_point(tables)
    np.testing.assert_allclose(roc.single_point_auc(fpr, tpr), tables.single_point_auc)
    np.testing.assert_allclose(roc.height_above_chance(fpr, tpr), tables.informedness)



def test_single_point_auc_is_the_chance_a_positive_outranks_a_negative():
    # A 0/1 decision as a score: a positive wins when it is called positive and the negative negative,
    # tpr (1 - fpr); they tie when both get the same call. Wins + ties/2 = (1 + tpr - fpr)/2 (notebook 11b).
    import sympy as sp
    tpr, fpr = sp.symbols("tpr fpr", nonnegative=True)
    ties = tpr * fpr + (1 - tpr) * (1 - fpr)
    assert sp.simplify(tpr * (1 - fpr) + ties / 2 - (1 + tpr - fpr) / 2) == 0


@given(labelled_scores(), st.floats(-1, 1))
def test_single_point_auc_of_decisions_is_their_auc(data, threshold):
    # the 0/1 decisions of one threshold, scored as a two-valued score: scikit-learn's AUC and a count of
    # every (positive, negative) pair (ties counted 1/2) equal the single-point AUC (B + 1)/2
    real, scores = data
    decisions = (scores >= threshold).astype(int)
    table = BinaryTable.from_labels(real, decisions)
    single = roc.single_point_auc(*roc.roc_point(table))
    assert single == pytest.approx((table.informedness + 1) / 2, abs=1e-12)
    assert metrics.roc_auc_score(real, decisions) == pytest.approx(single, abs=1e-12)
    positive, negative = decisions[real == 1][:, None], decisions[real == 0][None, :]
    pairs = np.mean((positive > negative) + 0.5 * (positive == negative))
    assert pairs == pytest.approx(single, abs=1e-12)

def test_distance_to_perfect_by_hand():
    # sqrt(0.3^2 + 0.3^2) = 0.42426...; sqrt(0.1^2 + 0.5^2) = 0.50990...
    assert roc.distance_to_perfect(0.3, 0.7) == pytest.approx(math.sqrt(0.18))
    assert roc.distance_to_perfect(0.1, 0.5) == pytest.approx(math.sqrt(0.26))
    # both points have tpr - fpr = 0.4, yet the distance prefers the balanced one
    assert roc.height_above_chance(0.3, 0.7) == pytest.approx(roc.height_above_chance(0.1, 0.5))


@pytest.mark.parametrize("radius", [0.1, 0.5, 1.0])
def test_distance_contour_is_at_the_radius(radius):
    fpr, tpr = roc.distance_contour(radius)
    np.testing.assert_allclose(roc.distance_to_perfect(fpr, tpr), radius)
    # a quarter circle from (0, 1 - r) to (r, 1)
    assert (fpr[0], tpr[0]) == pytest.approx((0, 1 - radius))
    assert (fpr[-1], tpr[-1]) == pytest.approx((radius, 1))


# ---------------------------------------------------------------------- convex hull
def _hull_by_scipy(fpr, tpr):
    """Upper-hull vertices from qhull: in the unit square the full hull of the points,
    (0,0), (1,1) and (1,0) is the upper hull plus the corner (1,0)."""
    points = np.vstack([np.column_stack([fpr, tpr]), [[0, 0], [1, 1], [1, 0]]])
    vertices = {tuple(p) for p in points[ConvexHull(points).vertices].tolist()}
    vertices.discard((1.0, 0.0))
    return vertices


def _hull_height(fpr, hull_fpr, hull_tpr):
    """Height of the hull above fpr (at fpr = 0 the top of a vertical first edge)."""
    if hull_fpr[1] == 0:
        hull_fpr, hull_tpr = hull_fpr[1:], hull_tpr[1:]
    return np.interp(fpr, hull_fpr, hull_tpr)


@given(roc_points())
def test_hull_properties(points):
    fpr, tpr = points
    hull_fpr, hull_tpr = roc.roc_convex_hull(fpr, tpr)
    assert (hull_fpr[0], hull_tpr[0]) == (0.0, 0.0)
    assert (hull_fpr[-1], hull_tpr[-1]) == (1.0, 1.0)
    steps = np.diff(hull_fpr)
    # fpr increases; only the first edge may be vertical (points at fpr = 0 above (0, 0))
    assert steps[0] >= 0 and np.all(steps[1:] > 0)
    first = 1 if steps[0] == 0 else 0
    slopes = np.diff(hull_tpr[first:]) / np.diff(hull_fpr[first:])
    assert np.all(np.diff(slopes) < 0), "hull is not strictly convex"
    assert np.all(hull_tpr >= hull_fpr), "hull dips below the chance diagonal"
    # every point lies on or under the hull
    assert np.all(tpr <= _hull_height(fpr, hull_fpr, hull_tpr) + 1e-12)
    # the vertices are those qhull finds
    assert {tuple(p) for p in np.column_stack([hull_fpr, hull_tpr]).tolist()} == _hull_by_scipy(fpr, tpr)


@given(labelled_scores(), st.sampled_from([0.1, 0.5, 1.0, 2.0, 7.0]))
def test_hull_contains_the_curves_optimal_points(data, slope):
    real, scores = data
    fpr, tpr, _ = roc.roc_curve(real, scores)
    hull_fpr, hull_tpr = roc.roc_convex_hull(fpr, tpr)
    best = roc.optimal_operating_point(fpr, tpr, slope)
    best_on_hull = roc.optimal_operating_point(hull_fpr, hull_tpr, slope)
    # the highest isocost line touches the curve and the hull at the same height ...
    assert roc.isocost_intercept(slope, fpr[best], tpr[best]) == pytest.approx(
        roc.isocost_intercept(slope, hull_fpr[best_on_hull], hull_tpr[best_on_hull]), abs=1e-12)
    # ... and the curve's optimal point lies on the hull
    assert tpr[best] == pytest.approx(_hull_height(fpr[best], hull_fpr, hull_tpr), abs=1e-12)


def test_hull_by_hand():
    # (0.2, 0.5) and (0.5, 0.9) are corners; (0.5, 0.5) is below; (0.6, 0.3) below the diagonal
    hull_fpr, hull_tpr = roc.roc_convex_hull([0.2, 0.5, 0.5, 0.6], [0.5, 0.5, 0.9, 0.3])
    np.testing.assert_array_equal(hull_fpr, [0, 0.2, 0.5, 1])
    np.testing.assert_array_equal(hull_tpr, [0, 0.5, 0.9, 1])
    # a point at (0, 1) keeps (0, 0) as the first vertex; (0.5, 1) is on the edge to (1, 1)
    hull_fpr, hull_tpr = roc.roc_convex_hull([0, 0.5], [1, 1])
    np.testing.assert_array_equal(hull_fpr, [0, 0, 1])
    np.testing.assert_array_equal(hull_tpr, [0, 1, 1])


def _reference_hull(fpr, tpr):
    """The textbook upper monotone chain (Andrew 1979), one point at a time, in plain Python."""
    points = sorted(zip([0.0, *map(float, fpr), 1.0], [0.0, *map(float, tpr), 1.0]))
    hull = []
    for x2, y2 in points:
        # pop the last vertex unless last-but-one -> last -> new turns strictly clockwise
        while len(hull) >= 2 and ((hull[-1][0] - hull[-2][0]) * (y2 - hull[-2][1])
                                  - (hull[-1][1] - hull[-2][1]) * (x2 - hull[-2][0])) >= 0:
            hull.pop()
        hull.append((x2, y2))
    return [x for x, _ in hull], [y for _, y in hull]


def _assert_same_hull(fpr, tpr):
    hull_fpr, hull_tpr = roc.roc_convex_hull(fpr, tpr)
    expected_fpr, expected_tpr = _reference_hull(fpr, tpr)
    np.testing.assert_array_equal(hull_fpr, expected_fpr)
    np.testing.assert_array_equal(hull_tpr, expected_tpr)


@given(roc_points(max_size=80), st.booleans())
def test_hull_equals_the_monotone_chain(points, sort_first):
    fpr, tpr = points
    if sort_first:                               # sorted input skips the sort: same answer
        order = np.lexsort((tpr, fpr))
        fpr, tpr = fpr[order], tpr[order]
    _assert_same_hull(fpr, tpr)


@settings(max_examples=100)   # 200-case curves, checked twice against a Python loop
@given(labelled_scores(max_size=200))
def test_hull_of_a_roc_curve_equals_the_monotone_chain(data):
    real, scores = data
    fpr, tpr, _ = roc.roc_curve(real, scores)
    _assert_same_hull(fpr, tpr)
    _assert_same_hull(fpr[::-1], tpr[::-1])      # unsorted: reversed


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("levels", [7, 100, None])
def test_hull_of_a_large_curve_equals_the_monotone_chain(seed, levels):
    # 20,000 cases; with 7 or 100 score levels the curve has long tied diagonal steps
    rng = np.random.default_rng(seed)
    real = rng.integers(0, 2, 20_000)
    scores = rng.normal(size=real.size) + real
    if levels:
        scores = np.round(scores * levels / 8.0)
    fpr, tpr, _ = roc.roc_curve(real, scores)
    _assert_same_hull(fpr, tpr)
    shuffle = rng.permutation(fpr.size)
    _assert_same_hull(fpr[shuffle], tpr[shuffle])


def test_hull_keeps_a_vertex_given_several_times():
    # (0.2, 0.6) three times, (0.5, 0.5) below the edge (0.2, 0.6)-(1, 1) [0.6 + 0.3*0.4/0.8 = 0.75]
    hull_fpr, hull_tpr = roc.roc_convex_hull([0.2, 0.5, 0.2, 0.2, 0.0], [0.6, 0.5, 0.6, 0.6, 0.0])
    np.testing.assert_array_equal(hull_fpr, [0, 0.2, 1])
    np.testing.assert_array_equal(hull_tpr, [0, 0.6, 1])


def test_hull_finishes_with_quickhull_when_the_passes_do_not(monkeypatch):
    # Points on the concave arc tpr = 0.6*sqrt(fpr), all corners of their own hull; (1, 1) lies
    # above the arc's tangent there, so the points next to it leave one per pass: the passes
    # hand over to quickhull, and the answer is still the chain's.
    calls = []
    quickhull = roc._upper_hull
    monkeypatch.setattr(roc, "_upper_hull", lambda x, y: calls.append(x.size) or quickhull(x, y))
    fpr = np.linspace(0.001, 0.999, 2000)
    tpr = 0.6 * np.sqrt(fpr)
    _assert_same_hull(fpr, tpr)
    assert calls and calls[0] > 100


@given(roc_points(max_size=80), st.booleans())
def test_quickhull_alone_equals_the_monotone_chain(points, sort_first):
    # no local passes: quickhull sees every point left after the running maximum (ties, collinear
    # points on the 1/4 grid, repeated points, vertical runs at fpr = 0 and 1)
    fpr, tpr = points
    if sort_first:
        order = np.lexsort((tpr, fpr))
        fpr, tpr = fpr[order], tpr[order]
    original = roc._PASSES
    try:
        roc._PASSES = 0
        _assert_same_hull(fpr, tpr)
    finally:
        roc._PASSES = original


@pytest.mark.parametrize("passes", [0, 8])
def test_hull_of_many_corners_and_collinear_runs_equals_qhull(passes, monkeypatch):
    # 20,000 points on a 1/1024 grid (exact arithmetic: every turn is decided exactly): the arc
    # tpr = sqrt(1 - (1 - fpr)^2) rounded to the grid (many corners, collinear runs where rounding
    # flattens it) and 5,000 points under it; checked against the Python chain and against qhull
    monkeypatch.setattr(roc, "_PASSES", passes)
    rng = np.random.default_rng(passes)
    fpr = rng.integers(0, 1025, 20_000) / 1024
    tpr = np.floor(np.sqrt(1 - (1 - fpr) ** 2) * 1024) / 1024
    tpr[:5_000] = np.floor(tpr[:5_000] * rng.random(5_000) * 1024) / 1024
    _assert_same_hull(fpr, tpr)
    hull_fpr, hull_tpr = roc.roc_convex_hull(fpr, tpr)
    assert {tuple(p) for p in np.column_stack([hull_fpr, hull_tpr]).tolist()} == _hull_by_scipy(fpr, tpr)



def test_distance_circles_run_parallel_to_informedness_lines_only_where_fallout_is_miss_rate():
    # The squared distance fpr^2 + (1 - tpr)^2 has its gradient along (-1, 1), the normal of a line of
    # slope 1, only where the 2x2 determinant [grad; (-1, 1)] vanishes: 2 fpr - 2 (1 - tpr) = 0, that is
    # fpr = 1 - tpr = fnr, the descending diagonal (notebook 11, Powers 2008 section 2.3).
    import sympy as sp
    fpr, tpr = sp.symbols("fpr tpr", positive=True)
    squared = fpr**2 + (1 - tpr) ** 2
    gradient = [sp.diff(squared, fpr), sp.diff(squared, tpr)]
    determinant = sp.Matrix([gradient, [-1, 1]]).det()
    assert sp.solve(determinant, fpr) == [1 - tpr]
    # numerically: on (0.3, 0.7) a circle and a c = 1 line are tangent; at (0.1, 0.5) they cross
    for point, parallel in (((0.3, 0.7), True), ((0.1, 0.5), False)):
        grad = np.array([2 * point[0], -2 * (1 - point[1])])
        assert np.isclose(grad[0] * 1 - grad[1] * -1, 0) == parallel

# ---------------------------------------------------------------------- isocost lines and costs
def test_isocost_slope_by_hand():
    # prevalence 0.2: c_s = 0.8/0.2 = 4; c_v = c_n/c_p = 1/2; c = 2
    assert roc.class_ratio(0.2) == pytest.approx(4.0)
    assert roc.isocost_slope(0.2, false_positive_cost=1, false_negative_cost=2) == pytest.approx(2.0)
    assert roc.isocost_slope(0.5) == 1.0


def test_expected_cost_is_constant_along_an_isocost_line_by_hand():
    # prevalence 0.25, c_n = 1 (false positive), c_p = 3 (false negative): c = (1/3)*(0.75/0.25) = 1
    # (0.1, 0.5): 0.75*1*0.1 + 0.25*3*0.5 = 0.075 + 0.375 = 0.45
    # (0.3, 0.7): 0.75*1*0.3 + 0.25*3*0.3 = 0.225 + 0.225 = 0.45
    costs = dict(false_positive_cost=1, false_negative_cost=3)
    assert roc.isocost_slope(0.25, **costs) == pytest.approx(1.0)
    assert roc.expected_cost(0.1, 0.5, 0.25, **costs) == pytest.approx(0.45)
    assert roc.expected_cost(0.3, 0.7, 0.25, **costs) == pytest.approx(0.45)


@given(labelled_scores(),
       st.sampled_from([0.2, 1.0, 5.0]), st.sampled_from([0.5, 1.0, 10.0]))
def test_highest_isocost_line_is_the_minimum_expected_cost(data, false_positive_cost,
                                                           false_negative_cost):
    real, scores = data
    tables, _ = roc.threshold_tables(real, scores)
    fpr, tpr = roc.roc_point(tables)
    prevalence = float(np.mean(real))
    costs = dict(false_positive_cost=false_positive_cost, false_negative_cost=false_negative_cost)
    slope = roc.isocost_slope(prevalence, **costs)
    best = roc.optimal_operating_point(fpr, tpr, slope)
    # brute force over the counted tables: cost = (c_n * FP + c_p * FN) / N
    brute_force = (false_positive_cost * tables.fp + false_negative_cost * tables.fn) / len(real)
    assert brute_force[best] == pytest.approx(brute_force.min(), abs=1e-12)
    assert roc.expected_cost(fpr[best], tpr[best], prevalence, **costs) == pytest.approx(
        brute_force.min(), abs=1e-12)


@given(labelled_scores())
def test_c_equal_one_optimum_maximises_informedness_auc_and_wracc(data):
    real, scores = data
    tables, _ = roc.threshold_tables(real, scores)
    fpr, tpr = roc.roc_point(tables)
    best = roc.optimal_operating_point(fpr, tpr, 1.0)
    assert tables.informedness[best] == pytest.approx(tables.informedness.max(), abs=1e-12)
    assert tables.single_point_auc[best] == pytest.approx(tables.single_point_auc.max(), abs=1e-12)
    assert tables.wracc[best] == pytest.approx(tables.wracc.max(), abs=1e-12)


def test_expected_cost_with_unit_costs_is_the_error_rate():
    rng = np.random.default_rng(5)
    cells = rng.integers(1, 30, (4, 50))
    tables = BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3])
    fpr, tpr = roc.roc_point(tables)
    np.testing.assert_allclose(roc.expected_cost(fpr, tpr, tables.prevalence), 1 - tables.accuracy)


def test_isocost_segment_by_hand():
    assert roc.isocost_segment(1, 0) == ((0, 0), (1, 1))
    # tpr = 2 fpr + 0.5 enters at (0, 0.5) and leaves through the top at fpr = 0.25
    assert roc.isocost_segment(2, 0.5) == ((0, 0.5), (0.25, 1))
    # tpr = 0.5 fpr - 0.1 enters through the bottom at fpr = 0.2 and leaves at (1, 0.4)
    (x0, y0), (x1, y1) = roc.isocost_segment(0.5, -0.1)
    assert (x0, y0, x1, y1) == pytest.approx((0.2, 0, 1, 0.4))
    assert roc.isocost_segment(1, 1.5) is None
    assert roc.isocost_segment(1, -1.5) is None


@given(st.floats(0.01, 100), st.floats(-3, 2))
def test_isocost_segment_endpoints_lie_on_the_line_in_the_square(slope, intercept):
    segment = roc.isocost_segment(slope, intercept)
    if segment is None:        # then the line misses the square: above it at fpr=0 or below at fpr=1
        assert intercept > 1 or slope + intercept < 0
        return
    for x, y in segment:
        assert 0 <= x <= 1 and 0 <= y <= 1
        assert y == pytest.approx(slope * x + intercept, abs=1e-9)


# ---------------------------------------------------------------------- widget logic
@given(labelled_scores(max_size=30), st.floats(-2, 2))
def test_point_at_threshold_is_the_rule_score_at_least_threshold(data, threshold):
    real, scores = data
    tables, thresholds = roc.threshold_tables(real, scores)
    index = roc.point_at_threshold(thresholds, threshold)
    expected = BinaryTable.from_labels(real, (scores >= threshold).astype(int))
    assert (tables.tp[index], tables.fp[index]) == (expected.tp, expected.fp)


def test_point_at_threshold_by_hand():
    thresholds = [np.inf, 0.8, 0.4, 0.35, 0.1]
    assert roc.point_at_threshold(thresholds, 0.9) == 0     # above every score: (0, 0)
    assert roc.point_at_threshold(thresholds, 0.4) == 2     # score >= 0.4
    assert roc.point_at_threshold(thresholds, 0.39) == 2    # between scores: the higher one
    assert roc.point_at_threshold(thresholds, -5) == 4      # below every score: (1, 1)
    with pytest.raises(ValueError, match="decreasing"):
        roc.point_at_threshold([0.1, 0.4], 0.2)


def test_operating_state_by_hand():
    # curve of test_roc_curve_first_threshold_is_inf: points (0,0) (0,.5) (.5,.5) (.5,1) (1,1)
    fpr, tpr, thresholds = roc.roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    state = roc.operating_state(fpr, tpr, thresholds, threshold=0.8, slope=1.0)
    # chosen (0, 0.5): intercept 0.5; best with c = 1 is (0.5, 1) (tpr - fpr = 0.5) or (0, 0.5),
    # tie -> first, (0, 0.5) itself: regret 0
    assert (state["fpr"], state["tpr"], state["intercept"]) == (0.0, 0.5, 0.5)
    assert state["optimal_index"] == 1 and state["regret"] == 0.0
    # with c = 0.5 the best is (0.5, 1): intercept 1 - 0.25 = 0.75; at threshold 0.9, (0, 0): regret 0.75
    state = roc.operating_state(fpr, tpr, thresholds, threshold=0.9, slope=0.5)
    assert (state["optimal_fpr"], state["optimal_tpr"], state["optimal_threshold"]) == (0.5, 1.0, 0.35)
    assert state["regret"] == pytest.approx(0.75)


def test_cost_operating_state_by_hand():
    # the same curve; rp = .5, c_n = 1, c_p = 2: c_v = .5, c_s = 1, c = .5, best point (.5, 1).
    # threshold .9 gives (0, 0): cost .5*1*0 + .5*2*(1 - 0) = 1; the best costs .5*1*.5 + 0 = .25.
    fpr, tpr, thresholds = roc.roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    state = roc.cost_operating_state(fpr, tpr, thresholds, threshold=0.9, prevalence=0.5,
                                     false_positive_cost=1, false_negative_cost=2)
    assert (state["cost_ratio"], state["class_ratio"], state["slope"]) == (0.5, 1.0, 0.5)
    assert (state["optimal_fpr"], state["optimal_tpr"]) == (0.5, 1.0)
    assert state["expected_cost"] == pytest.approx(1.0)
    assert state["optimal_expected_cost"] == pytest.approx(0.25)
    assert state["regret_cost"] == pytest.approx(0.75)
    # rp = .2 with equal costs: c_s = .8/.2 = 4, so c = 4
    state = roc.cost_operating_state(fpr, tpr, thresholds, threshold=0.9, prevalence=0.2,
                                     false_positive_cost=3, false_negative_cost=3)
    assert state["class_ratio"] == pytest.approx(4.0) and state["slope"] == pytest.approx(4.0)
    with pytest.raises(ValueError, match="false_positive_cost"):
        roc.cost_operating_state(fpr, tpr, thresholds, threshold=0.5, prevalence=0.5,
                                 false_positive_cost=-1, false_negative_cost=1)
    with pytest.raises(ValueError, match="prevalence"):
        roc.cost_operating_state(fpr, tpr, thresholds, threshold=0.5, prevalence=1.0,
                                 false_positive_cost=1, false_negative_cost=1)


@settings(max_examples=30)
@given(labelled_scores(max_size=30), st.floats(-2, 2), st.floats(0.05, 0.95),
       st.sampled_from([0.2, 1.0, 5.0]), st.sampled_from([0.5, 1.0, 4.0]))
def test_cost_regret_is_rp_cp_times_the_intercept_regret(data, threshold, prevalence, c_n, c_p):
    # E = rn c_n fpr + rp c_p (1 - tpr) = rp c_p (1 - b) along a line of intercept b (notebook 11)
    real, scores = data
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    state = roc.cost_operating_state(fpr, tpr, thresholds, threshold=threshold, prevalence=prevalence,
                                     false_positive_cost=c_n, false_negative_cost=c_p)
    assert state["regret_cost"] == pytest.approx(prevalence * c_p * state["regret"], abs=1e-12)
    assert state["regret_cost"] >= -1e-12
    brute = roc.expected_cost(fpr, tpr, prevalence, false_positive_cost=c_n, false_negative_cost=c_p)
    assert state["optimal_expected_cost"] == pytest.approx(brute.min(), abs=1e-12)


@given(labelled_scores(max_size=30), st.floats(-2, 2), st.sampled_from([0.3, 1.0, 3.0]))
def test_operating_state_regret_is_never_negative(data, threshold, slope):
    real, scores = data
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    state = roc.operating_state(fpr, tpr, thresholds, threshold=threshold, slope=slope)
    assert state["regret"] >= 0
    optimum = roc.operating_state(fpr, tpr, thresholds, threshold=state["optimal_threshold"],
                                  slope=slope)
    assert optimum["regret"] == 0


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize("real, scores, message", [
    ([1, 1, 1], [0.1, 0.2, 0.3], "both classes"),
    ([0, 0], [0.1, 0.2], "both classes"),
    ([0, 1, 1], [0.1, np.nan, 0.3], "NaN"),
    ([0, 1, 1], [0.1, np.inf, 0.3], "infinite"),
    ([0, 1, 1], [0.1, 0.2], "3 labels but y_score has 2"),
    ([0, 1, 2], [0.1, 0.2, 0.3], "positive"),
    (["a", "b"], [0.1, 0.2], "positive"),
    ([[0, 1]], [[0.1, 0.2]], "1-D"),
    ([0, 1], ["x", "y"], "numeric"),
    ([0.0, np.nan], [0.1, 0.2], "y_true must not contain missing labels: NaN"),
])
def test_bad_input_raises(real, scores, message):
    with pytest.raises(ValueError, match=message):
        roc.roc_curve(real, scores)


def test_bad_input_with_named_labels():
    with pytest.raises(ValueError, match="3 distinct labels"):
        roc.roc_curve(["a", "b", "c"], [1, 2, 3], pos_label="a")
    with pytest.raises(ValueError, match="never occurs"):
        roc.roc_curve(["a", "b"], [1, 2], pos_label="z")


def test_bad_input_elsewhere():
    with pytest.raises(ValueError, match="neither"):
        roc.auc([0, 0.5, 0.2, 1], [0, 0.5, 0.6, 1])
    with pytest.raises(ValueError, match="shape"):
        roc.auc([0, 1], [0, 0.5, 1])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        roc.single_point_auc(1.5, 0.5)
    with pytest.raises(ValueError, match="NaN"):
        roc.roc_convex_hull([np.nan], [0.5])
    with pytest.raises(ValueError, match="prevalence"):
        roc.isocost_slope(0.0)
    with pytest.raises(ValueError, match="false_negative_cost"):
        roc.isocost_slope(0.5, false_negative_cost=0)
    with pytest.raises(ValueError, match="slope"):
        roc.optimal_operating_point([0, 1], [0, 1], -1)


# ---------------------------------------------------------------------- plotting helpers (smoke tests)
def test_plot_helpers_draw_what_roc_computes(monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from bookeval_lib.course.figures import roc as roc_plots

    monkeypatch.setattr(plt, "show", lambda: None)
    fpr, tpr, thresholds = roc.roc_curve([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.6, 0.7])
    state = roc_plots.plot_operating_state(fpr, tpr, thresholds, threshold=0.5, slope=2.0)
    assert state == roc.operating_state(fpr, tpr, thresholds, threshold=0.5, slope=2.0)
    fig, ax = plt.subplots()
    roc_plots.draw_roc_space(ax)
    roc_plots.draw_distance_contours(ax, [0.5])
    indices = roc_plots.draw_optimal_points(ax, fpr, tpr, [0.5, 1.0, 2.0], ["a", "b", "c"])
    assert indices == [roc.optimal_operating_point(fpr, tpr, c) for c in (0.5, 1.0, 2.0)]
    from bookeval_lib.course.widgets import operating_state_explorer
    explorer = operating_state_explorer(fpr, tpr, thresholds)
    assert [child.description for child in explorer.children[:4]] == [
        "cost of a false alarm cₙ", "cost of a miss cₚ", "prevalence rₚ = Pr(+R)",
        "threshold: positive if score ≥"]
    state = roc_plots.plot_cost_operating_state(fpr, tpr, thresholds, threshold=0.5, prevalence=0.2,
                                                false_positive_cost=1.0, false_negative_cost=2.0)
    assert state == roc.cost_operating_state(fpr, tpr, thresholds, threshold=0.5, prevalence=0.2,
                                             false_positive_cost=1.0, false_negative_cost=2.0)
    title = roc_plots.cost_state_title(state)
    assert "0.5 × 4 = 2" in title and "regret (extra expected cost per case" in title
    plt.close("all")
