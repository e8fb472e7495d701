"""ROC AUC with DeLong's variance, the paired DeLong test, average precision and one-vs-rest AUC.

References: scikit-learn (roc_auc_score, average_precision_score), a brute-force O(m n) computation of
DeLong's structural components written here from the definitions of DeLong et al. (1988), hand
arithmetic, and seeded simulations whose tolerances are derived in comments.
"""
import numpy as np
import pytest
from hypothesis import given, strategies as st
from scipy.special import ndtr, ndtri
from sklearn.metrics import average_precision_score, roc_auc_score

from bookeval_lib import BinaryTable
from bookeval_lib.ranking import (average_precision, compare_roc_auc, roc_auc, roc_auc_interval,
                                  roc_auc_ovr)

Z95 = float(-ndtri(0.025))


def brute_components(positives, negatives):
    """psi(X_i, Y_j) for every pair (1, 1/2 for a tie, 0), then V10 = row means, V01 = column means."""
    psi = (positives[:, None] > negatives[None, :]) + 0.5 * (positives[:, None] == negatives[None, :])
    return psi.mean(), psi.mean(axis=1), psi.mean(axis=0)


def brute_variance(positives, negatives):
    _, v10, v01 = brute_components(positives, negatives)
    return v10.var(ddof=1) / v10.size + v01.var(ddof=1) / v01.size


def test_hand_example():
    # Positives score 0.35 and 0.8, negatives 0.1 and 0.4: of the 4 pairs only (0.35, 0.4) is misordered,
    # so AUC = 3/4.  V10 = (1/2, 1), V01 = (1, 1/2): each sample variance (ddof 1) is 1/8, so
    # var(AUC) = (1/8)/2 + (1/8)/2 = 1/8 and the 95 % interval is 3/4 -+ 1.959964 * sqrt(1/8),
    # low = 0.75 - 0.692951 = 0.057049, high = 1.442951, clipped to 1 (Wald).
    interval = roc_auc_interval([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], method="wald")
    assert interval.estimate == 0.75
    assert interval.low == pytest.approx(0.75 - Z95 * np.sqrt(1 / 8), abs=1e-12)
    assert interval.low == pytest.approx(0.057049, abs=1e-6)
    assert interval.high == 1.0 and interval.clipped
    assert interval.method == "DeLong, Wald" and interval.reason is None
    # Logit: logit(3/4) = log 3 = 1.098612; SE on the logit scale sqrt(1/8) / (3/4 * 1/4) = 1.885618,
    # times 1.959964 = 3.695743; 1 / (1 + exp(-(1.098612 -+ 3.695743))) = 0.069323, 0.991792.
    interval = roc_auc_interval([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert interval.estimate == 0.75 and interval.method == "DeLong, logit" and not interval.clipped
    assert (interval.low, interval.high) == pytest.approx((0.069323, 0.991792), abs=1e-6)


@given(st.integers(0, 2**32 - 1), st.integers(4, 60), st.sampled_from([0.5, 1.0, 10.0]))
def test_auc_and_average_precision_equal_scikit_learn(seed, size, resolution):
    rng = np.random.default_rng(seed)
    y = np.concatenate(([0, 1], rng.integers(0, 2, size)))
    score = np.round(rng.normal(y, 1.0) * resolution) / resolution      # coarse scores: many ties
    assert roc_auc(y, score) == pytest.approx(roc_auc_score(y, score), abs=1e-12)
    assert average_precision(y, score) == pytest.approx(average_precision_score(y, score), abs=1e-12)


@given(st.integers(0, 2**32 - 1), st.integers(2, 40), st.integers(2, 40))
def test_delong_components_equal_brute_force(seed, m, n):
    rng = np.random.default_rng(seed)
    positives = np.round(rng.normal(0.7, 1.0, m), 1)
    negatives = np.round(rng.normal(0.0, 1.0, n), 1)
    y = np.r_[np.ones(m), np.zeros(n)]
    score = np.r_[positives, negatives]
    auc, _, _ = brute_components(positives, negatives)
    variance = brute_variance(positives, negatives)
    interval = roc_auc_interval(y, score, confidence=0.9, method="wald")
    half = float(-ndtri(0.05)) * np.sqrt(variance)
    assert interval.estimate == pytest.approx(auc, abs=1e-12)
    assert interval.low == pytest.approx(max(0.0, auc - half), abs=1e-12)
    assert interval.high == pytest.approx(min(1.0, auc + half), abs=1e-12)
    if 0 < auc < 1 and variance > 0:        # the logit interval: logit(AUC) -+ z SE / (AUC (1 - AUC))
        logit = roc_auc_interval(y, score, confidence=0.9)
        spread = float(-ndtri(0.05)) * np.sqrt(variance) / (auc * (1 - auc))
        centre = np.log(auc / (1 - auc))
        assert logit.low == pytest.approx(1 / (1 + np.exp(spread - centre)), abs=1e-12)
        assert logit.high == pytest.approx(1 / (1 + np.exp(-spread - centre)), abs=1e-12)


@given(st.integers(0, 2**32 - 1), st.integers(2, 30), st.integers(2, 30))
def test_paired_delong_equals_brute_force(seed, m, n):
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(m), np.zeros(n)]
    a = np.round(rng.normal(y, 1.0), 1)
    b = np.round(a + rng.normal(0.0, 1.0, m + n), 1)
    auc_a, v10a, v01a = brute_components(a[:m], a[m:])
    auc_b, v10b, v01b = brute_components(b[:m], b[m:])
    d10, d01 = v10a - v10b, v01a - v01b     # var(AUC_A - AUC_B) = var of the paired components' difference
    variance = d10.var(ddof=1) / m + d01.var(ddof=1) / n
    result = compare_roc_auc(y, a, b)
    assert result.estimate_a == pytest.approx(auc_a, abs=1e-12) and result.estimate_b == pytest.approx(auc_b, abs=1e-12)
    assert result.difference.estimate == pytest.approx(auc_a - auc_b, abs=1e-12)
    if variance > 1e-15:
        z = (auc_a - auc_b) / np.sqrt(variance)
        assert result.test.statistic == pytest.approx(z, rel=1e-9, abs=1e-12)
        assert result.test.pvalue == pytest.approx(2 * ndtr(-abs(z)), rel=1e-9, abs=1e-15)


def test_single_point_auc_is_the_auc_of_a_hard_prediction():
    # A 0/1 prediction as the score: its ROC curve has one inner point, so the area is Powers 2008
    # eq. 9, (B + 1)/2.  Table TP = 30, FP = 10, FN = 20, TN = 40: B = 30/50 - 10/50 = 0.4, AUC = 0.7.
    y = np.r_[np.ones(50), np.zeros(50)]
    predicted = np.r_[np.ones(30), np.zeros(20), np.ones(10), np.zeros(40)]
    table = BinaryTable(tp=30, fp=10, fn=20, tn=40)
    assert table.informedness == pytest.approx(0.4)
    assert roc_auc(y, predicted) == pytest.approx(0.7, abs=1e-12)


def test_delong_interval_coverage():
    # Binormal scores, positives N(1, 1) and negatives N(0, 1): AUC = Phi(1/sqrt 2) = 0.760250.
    # 2000 seeded test sets of 60 + 60 cases.  Coverage is estimated with a binomial SE of
    # sqrt(0.95 * 0.05 / 2000) = 0.0049; DeLong's interval is asymptotic and known to cover a little
    # below nominal at small samples, so before the run we allowed 0.93 - 4 SE = 0.910 below and
    # 0.95 + 4 SE = 0.970 above.
    truth = float(ndtr(1 / np.sqrt(2)))
    rng = np.random.default_rng(20261125)
    y = np.r_[np.ones(60), np.zeros(60)]
    covered = 0
    for _ in range(2000):
        score = rng.normal(y, 1.0)
        low, high = roc_auc_interval(y, score)
        covered += low <= truth <= high
    assert 0.910 <= covered / 2000 <= 0.970


def test_logit_interval_covers_where_the_plain_one_does_not():
    # Binormal scores at 10 + 10 cases, positives N(mu, 1) with mu = sqrt(2) Phi^-1(0.9), so that
    # AUC = Phi(mu / sqrt 2) = 0.9 exactly.  2000 seeded test sets: the binomial SE of a coverage
    # near 0.95 is sqrt(0.95 * 0.05 / 2000) = 0.0049, and 4 SE = 0.0195.  Before the run we asked the
    # default (logit) interval for at least 0.95 - 4 SE = 0.930; it may err on the safe side at so few
    # cases, but an interval near [0, 1] would be no answer, so at most 0.99.  The Wald interval
    # (AUC -+ z SE, clipped) is known to cover about 0.81 here: we ask it to stay below 0.85, which
    # is 4 of its binomial SEs, sqrt(0.81 * 0.19 / 2000) = 0.0088, above 0.81.
    truth = 0.9
    mu = np.sqrt(2) * ndtri(truth)
    rng = np.random.default_rng(20261129)
    y = np.r_[np.ones(10), np.zeros(10)]
    covered = {"logit": 0, "wald": 0}
    for _ in range(2000):
        score = np.r_[rng.normal(mu, 1.0, 10), rng.normal(0.0, 1.0, 10)]
        for method, interval in (("logit", roc_auc_interval(y, score)),       # the default
                                 ("wald", roc_auc_interval(y, score, method="wald"))):
            covered[method] += interval.low <= truth <= interval.high
    assert 0.930 <= covered["logit"] / 2000 <= 0.99
    assert covered["wald"] / 2000 < 0.85


def test_paired_test_size_under_the_null():
    # Two scores with the same AUC (each the truth plus independent noise of the same size) on
    # 80 + 80 cases: DeLong's paired test should reject at the 5 % level about 5 % of the time.
    # 1000 seeded sets: binomial SE sqrt(0.05 * 0.95 / 1000) = 0.0069; allowed 0.05 -+ 4 SE.
    rng = np.random.default_rng(7)
    y = np.r_[np.ones(80), np.zeros(80)]
    rejections = 0
    for _ in range(1000):
        latent = rng.normal(y, 1.0)
        result = compare_roc_auc(y, latent + rng.normal(0, 1, 160), latent + rng.normal(0, 1, 160))
        rejections += result.test.pvalue < 0.05
    assert 0.05 - 4 * 0.0069 <= rejections / 1000 <= 0.05 + 4 * 0.0069


def test_perfect_score_gives_a_point_with_its_reason():
    interval = roc_auc_interval([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], method="wald")
    assert interval.low == interval.high == 1.0
    assert "variance is 0" in interval.reason
    result = compare_roc_auc([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], [0.0, 0.3, 0.5, 0.6])
    assert np.isnan(result.test.pvalue) and result.test.undefined and result.difference.estimate == 0.0


def test_logit_interval_at_auc_one_and_zero():
    # Every pair ordered: AUC = 1, DeLong's variance 0, logit(1) undefined.  With m = n = 2 the AUC is
    # moved half a pair inside, to 1 - 1/8 = 0.875.  Hanley & McNeil's variance there:
    # Q1 = 0.875/1.125 = 0.777778, Q2 = 2 (0.875^2)/1.875 = 0.816667,
    # var = (0.875 * 0.125 + (0.777778 - 0.765625) + (0.816667 - 0.765625)) / 4 = 0.0431424;
    # logit SE sqrt(0.0431424) / (0.875 * 0.125) = 1.899039, logit(0.875) = 1.945910, so
    # low = 1 / (1 + exp(-(1.945910 - 1.959964 * 1.899036))) = 0.144781; the high end stays at 1.
    interval = roc_auc_interval([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9])
    assert interval.estimate == 1.0 and interval.high == 1.0
    assert interval.low == pytest.approx(0.144781, abs=1e-6)
    assert "half a pair inside" in interval.reason
    # Every pair misordered: the mirror image, [0, 1 - 0.144781].
    interval = roc_auc_interval([0, 0, 1, 1], [0.9, 0.8, 0.2, 0.1])
    assert interval.estimate == 0.0 and interval.low == 0.0
    assert interval.high == pytest.approx(1 - 0.144781, abs=1e-6)
    # Every score tied: AUC 1/2 with DeLong's variance 0; Hanley & McNeil's variance at 1/2 is
    # (1/4 + 2 (1/3 - 1/4)) / 4 = 0.104167, so 1/2 -+ on the logit scale 0 -+ 1.959964 * 0.322749 / (1/4).
    interval = roc_auc_interval([0, 0, 1, 1], [1, 1, 1, 1])
    spread = 1.959964 * np.sqrt(0.104167) / 0.25
    assert (interval.low, interval.high) == pytest.approx((1 / (1 + np.exp(spread)), 1 / (1 + np.exp(-spread))), abs=1e-5)
    assert "tied" in interval.reason


def test_one_vs_rest_equals_scikit_learn():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 4, 300)
    logits = rng.normal(0, 1, (300, 4)) + 1.5 * np.eye(4)[y]
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    for average in ("macro", "weighted"):
        ours = roc_auc_ovr(y, proba, average=average)
        assert ours == pytest.approx(roc_auc_score(y, proba, multi_class="ovr", average=average), abs=1e-12)
    per_class = roc_auc_ovr(y, proba, average=None)
    assert per_class == pytest.approx([roc_auc_score(y == k, proba[:, k]) for k in range(4)], abs=1e-12)


def test_str_reads_in_one_line():
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(40), np.zeros(40)]
    text = str(compare_roc_auc(y, rng.normal(y, 1), rng.normal(y, 2)))
    assert "\n" not in text and text.startswith("ΔAUC = ") and "DeLong, paired" in text


@pytest.mark.parametrize("call, message", [
    (lambda: roc_auc([1, 1, 1], [0.1, 0.2, 0.3]), "both classes"),
    (lambda: roc_auc([0, 1, 1], [0.1, 0.2]), "3 scores"),
    (lambda: roc_auc([0, 1], [0.1, float("nan")]), "y_score must be finite"),
    (lambda: roc_auc_interval([0, 1, 1], [0.1, 0.2, 0.3]), "at least two positives and two negatives"),
    (lambda: compare_roc_auc([0, 0, 1, 1], [1, 2, 3, 4], [1, 2, 3]), "y_score_b"),
    (lambda: roc_auc_interval([0, 0, 1, 1], [1, 2, 3, 4], confidence=95), "confidence"),
    (lambda: roc_auc_interval([0, 0, 1, 1], [1, 2, 3, 4], method="delong"), "method"),
    (lambda: roc_auc_ovr([0, 1, 2], np.ones((3, 2))), "shape"),
    (lambda: roc_auc_ovr([0, 1, 2], np.ones((3, 3)), average="micro"), "average"),
])
def test_errors_name_the_problem(call, message):
    with pytest.raises(ValueError, match=message):
        call()
