"""The checks of notebook 11b (ROC curves and choosing a threshold), moved here from its teaching cells.

Notebook 11b prints its curves, areas, thresholds and intervals; the checks that they agree with
scikit-learn and scipy, with a brute force, and with what its prose says live here.  The model is the
notebook's: a logistic regression on "mean texture" and "mean smoothness" of scikit-learn's breast-cancer
data, split in half (stratified, seed 0), its threshold tuned by 5-fold cross-validated informedness.
Expected values come from scikit-learn, scipy or a brute force written here, not from the code under test.
"""
import numpy as np
import pytest
from scipy import stats
from sklearn import metrics
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, TunedThresholdClassifierCV, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from bookeval_lib import BinaryTable, roc, uncertainty
from bookeval_lib.course.opening import opening_model

FEATURES = ("mean texture", "mean smoothness")
TOY_REAL, TOY_SCORES = [1, 1, 0, 0, 1, 0], [0.5, 0.5, 0.5, 0.5, 0.2, 0.2]


def _informedness_of(y, p):
    return np.mean(p[y == 1]) - np.mean(p[y == 0])


def _tuned_model(seed=0):
    return TunedThresholdClassifierCV(
        make_pipeline(StandardScaler(), LogisticRegression()), thresholds=200,
        scoring=metrics.make_scorer(_informedness_of), cv=StratifiedKFold(5, shuffle=True, random_state=seed))


def _pairs_auc(real, scores):
    """The share of (positive, negative) pairs won by the positive, a tie counting one half, by loops."""
    positives = [s for r, s in zip(real, scores) if r == 1]
    negatives = [s for r, s in zip(real, scores) if r == 0]
    won = sum((p > n) + 0.5 * (p == n) for p in positives for n in negatives)
    return won / (len(positives) * len(negatives))


@pytest.fixture(scope="module")
def by_hand():
    """The notebook's split and tuned model, built here with scikit-learn alone."""
    data = load_breast_cancer()
    malignant = (data.target == 0).astype(int)
    names = list(data.feature_names)
    x = data.data[:, [names.index(name) for name in FEATURES]]
    train_x, test_x, train_y, test_y = train_test_split(x, malignant, test_size=0.5, stratify=malignant,
                                                        random_state=0)
    tuned = _tuned_model().fit(train_x, train_y)
    return test_y, tuned.estimator_.predict_proba(test_x)[:, 1], tuned, test_x


@pytest.fixture(scope="module")
def model():
    return opening_model(_tuned_model(), features=FEATURES)


def test_toy_curve_and_area_match_scikit_learn_and_the_pairs():
    for ours, theirs in zip(roc.roc_curve(TOY_REAL, TOY_SCORES),
                            metrics.roc_curve(TOY_REAL, TOY_SCORES, drop_intermediate=False)):
        np.testing.assert_array_equal(ours, theirs)
    fpr, tpr, _ = roc.roc_curve(TOY_REAL, TOY_SCORES)
    # 3 positives (0.5, 0.5, 0.2) against 3 negatives (0.5, 0.5, 0.2): 2 wins, 4 + 1 ties of 9 pairs
    assert roc.auc(fpr, tpr) == pytest.approx((2 + 5 / 2) / 9)
    assert _pairs_auc(TOY_REAL, TOY_SCORES) == pytest.approx((2 + 5 / 2) / 9)
    assert stats.mannwhitneyu([0.5, 0.5, 0.2], [0.5, 0.5, 0.2]).statistic / 9 == pytest.approx(0.5)


def test_the_opening_model_helper_gives_the_notebooks_split_and_threshold(by_hand, model):
    real, scores, tuned, test_x = by_hand
    np.testing.assert_array_equal(model.y_true, real)
    np.testing.assert_allclose(model.y_score, scores, rtol=0, atol=1e-12)
    assert model.fitted.best_threshold_ == pytest.approx(tuned.best_threshold_)
    # the rule is "malignant if score >= threshold"
    np.testing.assert_array_equal(tuned.predict(test_x), (scores >= tuned.best_threshold_).astype(int))
    np.testing.assert_array_equal(model.y_pred, (scores >= tuned.best_threshold_).astype(int))


def test_real_curve_and_area_agree_with_scikit_learn_scipy_and_the_pairs(by_hand):
    real, scores, _, _ = by_hand
    curve = roc.roc_curve(real, scores)
    for ours, theirs in zip(curve, metrics.roc_curve(real, scores, drop_intermediate=False)):
        np.testing.assert_array_equal(ours, theirs)
    area = roc.auc(*curve[:2])
    u_statistic = stats.mannwhitneyu(scores[real == 1], scores[real == 0]).statistic
    for value in (_pairs_auc(real, scores), u_statistic / (106 * 179), metrics.roc_auc_score(real, scores)):
        assert value == pytest.approx(area, rel=0, abs=1e-12)
    hull_fpr, hull_tpr = roc.roc_convex_hull(*curve[:2])
    assert roc.auc(hull_fpr, hull_tpr) >= area                  # the hull lies on or above the curve


@pytest.mark.parametrize("fp_cost, fn_cost", [(106 / 179, 1.0), (1.0, 1.0), (1.0, 10.0), (3.0, 1.0)])
def test_each_cost_optimal_point_is_the_brute_force_minimum_of_the_counted_cost(by_hand, fp_cost, fn_cost):
    real, scores, _, _ = by_hand
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    best = roc.optimal_operating_point(fpr, tpr, roc.isocost_slope(real.mean(), false_positive_cost=fp_cost,
                                                                   false_negative_cost=fn_cost))
    costs = []
    for t in thresholds:                                       # every threshold, counted by hand
        flagged = scores >= t
        costs.append(fp_cost * np.sum(flagged & (real == 0)) + fn_cost * np.sum(~flagged & (real == 1)))
    assert costs[best] == pytest.approx(min(costs))


def test_the_c_1_line_is_the_most_informed_and_the_nearest_point_differs(by_hand):
    real, scores, _, _ = by_hand
    fpr, tpr, _ = roc.roc_curve(real, scores)
    informed = roc.optimal_operating_point(fpr, tpr, 1.0)
    nearest = int(np.argmin(np.hypot(fpr, 1 - tpr)))
    assert tpr[informed] - fpr[informed] == pytest.approx(np.max(tpr - fpr)) and nearest != informed


def test_the_honest_informedness_agrees_with_scikit_learn(by_hand, model):
    real, scores, tuned, _ = by_hand
    decided = (scores >= tuned.best_threshold_).astype(int)
    adjusted = metrics.balanced_accuracy_score(real, decided, adjusted=True)
    assert model.table.informedness == pytest.approx(adjusted)
    assert _informedness_of(real, decided) == pytest.approx(adjusted)
    # the interval the notebook prints contains the estimate, for both methods
    for method in ("bootstrap", "agresti-caffo"):
        interval = uncertainty.informedness_interval(model.table, method=method, seed=0)
        assert interval.low < model.table.informedness < interval.high


def test_the_optimism_over_20_splits_is_non_negative_and_about_0_04():
    optimism = []
    for seed in range(1, 21):
        split = opening_model(_tuned_model(), features=FEATURES, seed=seed)
        fpr, tpr, _ = metrics.roc_curve(split.y_true, split.y_score)
        decided = BinaryTable.from_labels(split.y_true, split.y_pred)
        optimism.append(np.max(tpr - fpr) - decided.informedness)
    # a maximum over thresholds is at least the value at one of them (up to rounding)
    assert min(optimism) >= -1e-12
    assert round(float(np.mean(optimism)), 2) == 0.04          # the "about 0.04" of the text


def test_the_two_rules_of_exercise_3_cannot_be_told_apart(by_hand):
    real, scores, _, _ = by_hand
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    by_line = (scores >= thresholds[int(np.argmax(tpr - fpr))]).astype(int)
    by_distance = (scores >= thresholds[int(np.argmin(np.hypot(fpr, 1 - tpr)))]).astype(int)
    comparison = uncertainty.compare_predictions(real, by_line, by_distance, measures="informedness",
                                                 seed=0)["informedness"]
    assert comparison.difference.low < 0 < comparison.difference.high and comparison.test.pvalue > 0.05
    # only the discordant cases move B: a_only positives gained, b_only negatives avoided
    by_hand_b = comparison.a_only / real.sum() - comparison.b_only / (real.size - real.sum())
    assert comparison.difference.estimate == pytest.approx(by_hand_b)


def test_the_opening_model_has_the_same_test_half(by_hand):
    real, _, _, _ = by_hand
    np.testing.assert_array_equal(opening_model().y_true, real)


def test_opening_model_keeps_its_fitted_estimator():
    from sklearn.ensemble import RandomForestClassifier

    opened = opening_model()
    assert isinstance(opened.fitted, RandomForestClassifier) and hasattr(opened.fitted, "estimators_")
    np.testing.assert_array_equal(opened.fitted.predict_proba(_opening_test_half())[:, 1], opened.y_score)


def _opening_test_half():
    """The test half of the opening model's split (mean symmetry alone, seed 0), built here."""
    data = load_breast_cancer()
    x = data.data[:, [list(data.feature_names).index("mean symmetry")]]
    malignant = (data.target == 0).astype(int)
    return train_test_split(x, malignant, test_size=0.5, stratify=malignant, random_state=0)[1]
