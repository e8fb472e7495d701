"""Proper scores: the Brier score and log loss against scikit-learn, the reliability curve against
scikit-learn's calibration_curve, Murphy's decomposition by its identity and by hand, and the paired
comparison against scipy's t test and by its coverage."""
import numpy as np
import pytest
from scipy.stats import ttest_1samp
from sklearn.calibration import calibration_curve
from sklearn.metrics import brier_score_loss
from sklearn.metrics import log_loss as sklearn_log_loss

from bookeval_lib.proper_scores import (brier_decomposition, brier_score, compare_proper_scores, log_loss,
                                        reliability_curve)

RNG = np.random.default_rng(20261129)
Y2 = RNG.integers(0, 2, 200)
Q2 = RNG.random(200)
Y3 = RNG.choice(["ant", "bee", "cat"], 150)
P3 = RNG.dirichlet(np.ones(3), 150)
WEIGHT = RNG.random(200) * 3


@pytest.mark.parametrize("ours, theirs", [(brier_score, brier_score_loss), (log_loss, sklearn_log_loss)])
def test_the_scores_equal_scikit_learns(ours, theirs):
    assert ours(Y2, Q2) == pytest.approx(theirs(Y2, Q2), rel=1e-13)
    assert ours(Y2, Q2, sample_weight=WEIGHT) == pytest.approx(theirs(Y2, Q2, sample_weight=WEIGHT), rel=1e-13)
    # two columns are the same two-class forecast as the 1-D probability of the positive class
    both = np.column_stack((1 - Q2, Q2))
    assert ours(Y2, both) == pytest.approx(theirs(Y2, both), rel=1e-13) == pytest.approx(ours(Y2, Q2), rel=1e-13)
    assert ours(Y3, P3) == pytest.approx(theirs(Y3, P3), rel=1e-13)
    # a column for a class that never occurs, named through labels
    four = np.column_stack((P3 * 0.9, np.full(150, 0.1)))
    assert ours(Y3, four, labels=["ant", "bee", "cat", "dog"]) == pytest.approx(
        theirs(Y3, four, labels=["ant", "bee", "cat", "dog"]), rel=1e-13)
    # string labels with the positive class named (scikit-learn's log_loss takes the later label in sorted
    # order as the positive one, which "spam" is)
    words = np.where(Y2 == 1, "spam", "ham")
    named = {"pos_label": "spam"} if theirs is brier_score_loss else {}
    assert ours(words, Q2, pos_label="spam") == pytest.approx(theirs(words, Q2, **named), rel=1e-13)


def test_a_probability_of_zero_for_what_happened_is_clipped_as_scikit_learn_clips_it():
    q = Q2.copy()
    q[Y2 == 1] = 0.0
    # each such case loses -ln(2.2e-16) = 36.04 (scikit-learn's clip), not infinity
    assert log_loss(Y2, q) == pytest.approx(sklearn_log_loss(Y2, q), rel=1e-13)
    assert np.isfinite(log_loss(Y2, q))


def test_scores_by_hand():
    # perfect forecasts lose nothing; saying 1/2 always has Brier 1/4 and log loss ln 2
    assert brier_score([0, 1, 1], [0.0, 1.0, 1.0]) == 0.0
    assert brier_score([0, 1, 1, 0], [0.5] * 4) == 0.25
    assert log_loss([0, 1, 1, 0], [0.5] * 4) == pytest.approx(np.log(2), rel=1e-15)
    # three classes, one case of class 0 forecast (0.5, 0.3, 0.2): (0.5)^2 + 0.3^2 + 0.2^2 = 0.38; -ln 0.5
    assert brier_score([0], [[0.5, 0.3, 0.2]], labels=[0, 1, 2]) == pytest.approx(0.38, abs=1e-15)
    assert log_loss([0], [[0.5, 0.3, 0.2]], labels=[0, 1, 2]) == pytest.approx(np.log(2), rel=1e-15)


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_the_reliability_curve_is_scikit_learns_with_the_empty_bins_and_counts(strategy):
    q = RNG.beta(0.5, 3.0, 300)       # most forecasts near 0: some uniform bins stay empty
    y = (RNG.random(300) < q).astype(int)
    curve = reliability_curve(y, q, n_bins=10, strategy=strategy)
    observed, predicted = calibration_curve(y, q, n_bins=10, strategy=strategy)
    kept = curve.counts > 0
    np.testing.assert_allclose(curve.observed[kept], observed, rtol=1e-13)
    np.testing.assert_allclose(curve.mean_predicted[kept], predicted, rtol=1e-13)
    assert curve.counts.sum() == 300 and curve.edges.size == 11
    assert np.isnan(curve.observed[~kept]).all()
    if strategy == "uniform":
        assert (~kept).any()


def test_a_reliability_curve_with_weights_counts_weight():
    curve = reliability_curve([0, 1, 1], [0.1, 0.2, 0.9], n_bins=2, sample_weight=[1, 3, 2])
    # bin [0, 0.5): weights 1 and 3, mean forecast (0.1 + 0.6)/4 = 0.175, share of positives 3/4
    assert curve.counts.tolist() == [4.0, 2.0]
    assert curve.mean_predicted[0] == pytest.approx(0.175, abs=1e-15) and curve.observed[0] == 0.75


@pytest.mark.parametrize("n_bins", [None, 5, 10])
def test_the_decomposition_adds_up_exactly(n_bins):
    q = np.round(RNG.random(400), 2)
    y = (RNG.random(400) < q ** 1.5).astype(int)
    parts = brier_decomposition(y, q, n_bins=n_bins)
    total = (parts.reliability - parts.resolution + parts.uncertainty + parts.within_bin_variance
             - parts.within_bin_covariance)
    assert parts.brier == pytest.approx(brier_score_loss(y, q), rel=1e-13)
    assert total == pytest.approx(parts.brier, abs=1e-14)
    assert parts.uncertainty == pytest.approx(y.mean() * (1 - y.mean()), abs=1e-15)
    if n_bins is None:            # one bin per distinct forecast: Murphy's three terms alone
        assert parts.within_bin_variance == parts.within_bin_covariance == 0.0


def test_a_calibrated_forecaster_has_no_reliability_term_and_the_prevalence_no_resolution():
    # forecast 0.25 for four cases of which one is positive, 0.75 for four of which three are
    y, q = [1, 0, 0, 0, 1, 1, 1, 0], [0.25] * 4 + [0.75] * 4
    parts = brier_decomposition(y, q)
    assert parts.reliability == 0.0
    # resolution: each bin's share is 1/4 off the prevalence 1/2, so (1/4)^2 = 1/16
    assert parts.resolution == pytest.approx(1 / 16, abs=1e-16) and parts.uncertainty == 0.25
    flat = brier_decomposition(y, [0.5] * 8)
    assert flat.reliability == 0.0 and flat.resolution == 0.0 and flat.brier == 0.25


@pytest.mark.parametrize("score", ["brier_score", "log_loss"])
def test_the_paired_comparison_is_the_one_sample_t_test_of_the_differences(score):
    q_b = np.clip(Q2 + RNG.normal(0, 0.1, 200), 0.01, 0.99)
    result = compare_proper_scores(Y2, Q2, q_b, score=score, confidence=0.9)
    if score == "brier_score":
        d = (Q2 - Y2) ** 2 - (q_b - Y2) ** 2
    else:
        d = -np.log(np.where(Y2 == 1, Q2, 1 - Q2)) + np.log(np.where(Y2 == 1, q_b, 1 - q_b))
    reference = ttest_1samp(d, 0.0)
    low, high = reference.confidence_interval(0.9)
    assert result.test.statistic == pytest.approx(reference.statistic, rel=1e-10)
    assert result.test.pvalue == pytest.approx(reference.pvalue, rel=1e-10)
    assert (result.difference.low, result.difference.high) == pytest.approx((low, high), rel=1e-10)
    assert result.difference.estimate == pytest.approx(d.mean(), rel=1e-12)
    assert result.estimate_a - result.estimate_b == pytest.approx(d.mean(), rel=1e-12)
    assert result.difference.contains(result.difference.estimate)


@pytest.mark.parametrize("score, expected", [
    # A forecasts the true p ~ U(0, 1), B says 1/2 always.  Brier: E(q - o)^2 = (q - p)^2 + p(1 - p), so
    # E[d] = -E(p - 1/2)^2 = -1/12.  Log loss: E[d] = E[H(p)] - ln 2 = 1/2 - ln 2 (E H(p) = 1/2 nats for U(0, 1)).
    ("brier_score", -1 / 12), ("log_loss", 0.5 - np.log(2))])
def test_the_paired_interval_covers_the_expected_difference(score, expected):
    rng = np.random.default_rng(7)
    replicates, n, covered = 400, 60, 0
    for _ in range(replicates):
        p = rng.random(n)
        o = (rng.random(n) < p).astype(int)
        covered += compare_proper_scores(o, p, np.full(n, 0.5), score=score).difference.contains(expected)
    # 400 replicates at 0.95: standard error sqrt(0.95 * 0.05 / 400) = 0.011; allow three of them
    assert covered / replicates >= 0.95 - 3 * 0.011


@pytest.mark.parametrize("call, message", [
    (lambda: brier_score([0, 1], [0.5, 1.5]), "y_proba must lie in"),
    (lambda: brier_score([0, 1], [[0.5, 0.6], [0.1, 0.9]]), "each row of y_proba must sum to 1"),
    (lambda: brier_score([0, 1, 1], [0.5, 0.5]), "y_proba has 2 probabilities but y_true has 3"),
    (lambda: brier_score([0, 1, 2], [[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]]), r"y_proba must have shape \(3, 3\)"),
    (lambda: log_loss([0, 1], [0.5, 0.5], labels=[0, 1]), "labels must be None when y_proba is 1-D"),
    (lambda: log_loss(["a", "b"], [0.5, 0.5]), "pos_label"),
    (lambda: reliability_curve([0, 1], [[0.5, 0.5], [0.5, 0.5]]), "y_proba must be 1-D"),
    (lambda: reliability_curve([0, 1], [0.2, 0.8], strategy="even"), "strategy must be"),
    (lambda: compare_proper_scores([0, 1], [0.2, 0.8], [0.5, 0.5], score="accuracy"), "score must be one of"),
    (lambda: compare_proper_scores([1], [0.2], [0.5]), "at least 2 cases"),
])
def test_bad_input_names_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()
