"""The comparison engine on large joint tables: normal draws of the sums (bookeval_lib.comparison_normal).

Checked here, without any timed assertion:

* the mean and covariance the normal draws use equal a brute-force computation
  over the cases and the pseudo-cases written here, and the moments of the exact
  cell draws (within their Monte Carlo error);
* for two classes, where Delta B is linear in the sums, the normal-sum bootstrap
  interval equals a hand-built mean +- 1.96 sd and the normal-sum sign-flip
  p-value equals 2 Phi(-|Delta B|/sd), sd^2 = sum_c d_c/n_c^2; the exact
  binomial p is within a Berry-Esseen bound of that normal p;
* at sizes where both run, the normal-sum and the cell paths agree for every
  measure within a tolerance derived from their Monte Carlo errors and a bound
  on the skewness the normal draws leave out;
* the coverage of the normal-sum interval, by simulating test sets;
* the documented switch of ``method="auto"``, and the memory at 100 classes.
"""
import math
import tracemalloc

import numpy as np
import pytest
import scipy.stats

from bookeval_lib import _comparison as comparison
from bookeval_lib import uncertainty as u
from bookeval_lib._comparison_normal import NormalBootstrap, NormalSignFlips

Z975 = scipy.stats.norm.ppf(0.975)
#: Monte Carlo standard error of a 2.5 % quantile of R draws of a normal with sd s, over s sqrt(R):
#: sqrt(0.025 * 0.975)/phi(1.96) = 2.671.
QUANTILE_ERROR = math.sqrt(0.025 * 0.975) / scipy.stats.norm.pdf(Z975)


def slot(label, real, k):
    """A classifier's slot of one case (written here apart from the engine): its wrong label l, else K + c."""
    return np.where(label == real, k + real, label)


def labels_with_errors(n, k, right_a, right_b, rng, unused=0):
    """Real classes uniform over k - unused labels; A right with probability right_a, else a uniformly
    random other label (of the k - unused); B independently with right_b."""
    used = k - unused
    real = rng.integers(0, used, n)

    def guess(right):
        return np.where(rng.random(n) < right, real, (real + rng.integers(1, used, n)) % used)

    return real, guess(right_a), guess(right_b)


# ---------------------------------------------------------------------- the moments
def brute_force_bootstrap_moments(real, a, b, k, pseudo=2):
    """Mean and covariance of (A's slots, B's slots) of the smoothed stratified bootstrap, from the cases.

    In class c each of n_c draws picks one of the n_c cases or one of the ``pseudo`` pseudo-cases
    with equal probability; a pseudo-case's label is c with probability 1/2, else one of the other
    used labels at random, for A and B independently.  So the draw is x = e_(slot A) + e_(2K + slot B)
    with probabilities p over the cases and the (a, b) pseudo pairs, and the n_c draws add
    n_c (sum p x x' - mu mu') to the covariance.
    """
    width = 2 * k
    used = np.unique(np.concatenate([real, a, b]))
    mean, cov = np.zeros(2 * width), np.zeros((2 * width, 2 * width))
    for c in np.unique(real):
        members = np.flatnonzero(real == c)
        n = members.size
        vectors, weights = [], []
        for i in members:
            x = np.zeros(2 * width)
            x[slot(a[i], c, k)] += 1
            x[width + slot(b[i], c, k)] += 1
            vectors.append(x)
            weights.append(1 / (n + pseudo))
        q = {label: (0.5 if label == c else 0.5 / (used.size - 1)) for label in used}
        for label_a in used:
            for label_b in used:
                x = np.zeros(2 * width)
                x[slot(label_a, c, k)] += 1
                x[width + slot(label_b, c, k)] += 1
                vectors.append(x)
                weights.append(pseudo / (n + pseudo) * q[label_a] * q[label_b])
        x, p = np.array(vectors), np.array(weights)
        assert p.sum() == pytest.approx(1.0, abs=1e-12)
        mu = p @ x
        mean += n * mu
        cov += n * ((x * p[:, None]).T @ x - np.outer(mu, mu))
    return mean, cov


def normal_bootstrap(real, a, b, k):
    joint = comparison._Joint(real, a, b, k, None)
    used = np.unique(np.concatenate([joint.real, joint.a, joint.b]))
    return joint, NormalBootstrap(joint.real, joint.slots(joint.a), joint.slots(joint.b), joint.count,
                                  joint.totals, used, 2, comparison._BLOCK)


@pytest.mark.parametrize("k, unused", [(2, 0), (3, 0), (4, 1)])
def test_bootstrap_moments_equal_brute_force_over_cases(k, unused):
    rng = np.random.default_rng(11)
    real, a, b = labels_with_errors(90, k, 0.7, 0.5, rng, unused)
    mean, cov = brute_force_bootstrap_moments(real, a, b, k)
    _, normal = normal_bootstrap(real, a, b, k)
    # the same sums in another order: equal up to a few roundings of numbers near n = 90
    np.testing.assert_allclose(normal.mean, mean, rtol=0, atol=1e-10)
    np.testing.assert_allclose(normal.cov, cov, rtol=0, atol=1e-10)


def test_sign_flip_moments_equal_brute_force_over_cases():
    # each discordant case i swaps with probability 1/2: A's slots change by S_i (e_(slot b_i) - e_(slot a_i)),
    # S_i ~ Bernoulli(1/2), independently: mean sum (1/2)(e_b - e_a), covariance sum (1/4)(e_b - e_a)(e_b - e_a)'
    k = 4
    rng = np.random.default_rng(12)
    real, a, b = labels_with_errors(120, k, 0.6, 0.5, rng)
    width = 2 * k
    mean, cov = np.zeros(width), np.zeros((width, width))
    for i in np.flatnonzero(a != b):
        e = np.zeros(width)
        e[slot(b[i], real[i], k)] += 1
        e[slot(a[i], real[i], k)] -= 1
        mean += e / 2
        cov += np.outer(e, e) / 4
    joint = comparison._Joint(real, a, b, k, None)
    flips = NormalSignFlips(*comparison._discordant_pairs(joint), width, comparison._BLOCK)
    np.testing.assert_allclose(flips.mean, mean, rtol=0, atol=1e-12)
    np.testing.assert_allclose(flips.cov, cov, rtol=0, atol=1e-12)


def assert_moments_match(draws, mean, cov):
    """Sample mean and covariance of R draws against the normal's, within their Monte Carlo error.

    Decided before the run: the sample mean of coordinate i has standard error sqrt(cov_ii/R); a
    sample covariance sqrt((cov_ii cov_jj + cov_ij^2)/R) (its normal-theory variance; counts with
    means of tens have excess kurtosis below 0.2, which widens it by under 10 %).  Over the few hundred
    entries, 6 standard errors (a chance below 1e-6 each for a normal statistic) and 1e-9 for
    entries whose variance is 0.
    """
    r = draws.shape[0]
    sd = np.sqrt(np.diag(cov))
    assert np.all(np.abs(draws.mean(axis=0) - mean) <= 6 * sd / math.sqrt(r) + 1e-9)
    error = np.sqrt((np.outer(sd, sd) ** 2 + cov ** 2) / r)
    assert np.all(np.abs(np.cov(draws, rowvar=False) - cov) <= 6 * error + 1e-9)


def test_the_cell_draws_have_the_normal_draws_moments():
    k = 3
    rng = np.random.default_rng(13)
    real, a, b = labels_with_errors(600, k, 0.7, 0.6, rng)
    joint, normal = normal_bootstrap(real, a, b, k)
    resamples = 20_000
    slots_a, slots_b = comparison._Bootstrap(joint).margins(resamples, np.random.default_rng(14))
    assert_moments_match(np.hstack([slots_a, slots_b]), normal.mean, normal.cov)
    flips = NormalSignFlips(*comparison._discordant_pairs(joint), joint.width, comparison._BLOCK)
    changes = comparison._SignFlips(joint).changes(resamples, np.random.default_rng(15))
    assert_moments_match(changes, flips.mean, flips.cov)


# ---------------------------------------------------------------------- two classes by hand
def two_class_example(seed=16):
    """1,800 negatives, 1,200 positives; A right with probability 0.8, B 0.78, independently."""
    rng = np.random.default_rng(seed)
    real = np.r_[np.zeros(1800, int), np.ones(1200, int)]
    a = np.where(rng.random(real.size) < 0.8, real, 1 - real)
    b = np.where(rng.random(real.size) < 0.78, real, 1 - real)
    return real, a, b


def test_two_class_normal_bootstrap_equals_the_delta_method_by_hand():
    real, a, b = two_class_example()
    resamples = 20_000
    result = u.compare_predictions(real, a, b, n_resamples=resamples, seed=3, method="normal",
                                measures="informedness")["informedness"]
    assert result.difference.method == "paired bootstrap, normal draws of the sums"
    # B = TP/RP + TN/RN - 1 with RP, RN fixed, so Delta B = Delta right_1/n_1 + Delta right_0/n_0, linear
    # in the sums.  A draw of class c is right only for A with probability p+ = (b_c + 1/2)/(n_c + 2)
    # (two pseudo-cases, each right only for A with probability 1/4), only for B with p- = (c_c + 1/2)/(n_c + 2):
    # E Delta B = sum_c (p+ - p-), Var Delta B = sum_c n_c (p+ + p- - (p+ - p-)^2)/n_c^2.
    mean_d = var_d = mean_a = var_a = 0.0
    for c in (0, 1):
        mine = real == c
        n = mine.sum()
        plus = (np.sum(mine & (a == real) & (b != real)) + 0.5) / (n + 2)
        minus = (np.sum(mine & (b == real) & (a != real)) + 0.5) / (n + 2)
        mean_d += plus - minus
        var_d += (plus + minus - (plus - minus) ** 2) / n
        right = (np.sum(mine & (a == real)) + 1) / (n + 2)      # A right: each pseudo-case with 1/2
        mean_a += right
        var_a += right * (1 - right) / n
    mean_a -= 1
    # Decided before the run: the percentiles of R normal draws have standard error
    # QUANTILE_ERROR sd/sqrt(R) = 0.019 sd at R = 20,000; 5 of them.
    for interval, mean, var in ((result.difference, mean_d, var_d), (result.interval_a, mean_a, var_a)):
        sd = math.sqrt(var)
        tolerance = 5 * QUANTILE_ERROR * sd / math.sqrt(resamples)
        assert interval.low == pytest.approx(mean - Z975 * sd, abs=tolerance)
        assert interval.high == pytest.approx(mean + Z975 * sd, abs=tolerance)


def test_two_class_normal_sign_flip_test_equals_the_normal_tail_by_hand():
    real, a, b = two_class_example()

    def youden(rows, cols, diag):     # tpr - fpr under another name, so the test goes by draws, not exactly
        return {"youden": diag[:, 1] / cols[:, 1] - (rows[:, 1] - diag[:, 1]) / cols[:, 0]}

    resamples = 20_000
    d, n, delta = [], [], 0.0
    for c in (0, 1):
        mine = real == c
        b_c, c_c = np.sum(mine & (a == real) & (b != real)), np.sum(mine & (b == real) & (a != real))
        d.append(b_c + c_c)
        n.append(mine.sum())
        delta += (b_c - c_c) / mine.sum()
    assert (d[0] + 1) * (d[1] + 1) > comparison._EXACT_GRID      # so the test is drawn, not enumerated
    result = comparison.compare_joint(real, a, b, n_labels=2, statistic=youden, n_resamples=resamples,
                                      seed=4, method="normal")["youden"]
    assert result.test.method == f"paired sign-flip, class-stratified, {resamples} normal draws of the sums"
    assert result.test.statistic == pytest.approx(delta, abs=1e-12)
    # Under H0 Delta* = sum_c (2 Y_c - d_c)/n_c, Y_c ~ Bin(d_c, 1/2): mean 0, variance sum d_c/n_c^2
    sd = math.sqrt(sum(dc / nc ** 2 for dc, nc in zip(d, n)))
    normal_p = 2 * scipy.stats.norm.sf(abs(delta) / sd)
    assert 0.05 < normal_p < 0.95                                  # a p-value away from the edges
    # Decided before the run: p-hat = (1 + hits)/(1 + R) has standard error at most sqrt(0.25/R) = 0.0035; 5 of them.
    assert result.test.pvalue == pytest.approx(normal_p, abs=5 * math.sqrt(0.25 / resamples) + 1 / resamples)
    # The exact binomial p of the same test (the engine's exact informedness path, itself checked against a
    # full enumeration in test_compare.py) is within the normal approximation's error of the normal p:
    # Berry-Esseen for independent terms +-1/n_c, |F - Phi| <= 0.56 sum_c d_c/n_c^3 / sd^3, twice for two tails.
    bound = 2 * 0.56 * sum(dc / nc ** 3 for dc, nc in zip(d, n)) / sd ** 3
    exact = u.compare_predictions(real, a, b, n_resamples=10, measures="informedness")["informedness"].test
    assert exact.method == "paired sign-flip, class-stratified, exact"
    assert exact.pvalue == pytest.approx(normal_p, abs=bound)


# ---------------------------------------------------------------------- both paths agree
@pytest.mark.parametrize("k", [10, 100])
def test_the_normal_and_cell_paths_agree_on_every_measure(k):
    rng = np.random.default_rng(17)
    n = 10_000
    real, a, b = labels_with_errors(n, k, 0.8, 0.795, rng)        # nearly equal: p-values away from 0
    resamples = 4000
    cells = u.compare_predictions(real, a, b, n_resamples=resamples, seed=1, method="cells")
    normal = u.compare_predictions(real, a, b, n_resamples=resamples, seed=2, method="normal")
    discordant = np.count_nonzero(a != b)
    smallest_class = np.bincount(real).min()
    # Decided before the run, per limit, with s the measure's bootstrap sd (read off the cell path's interval
    # width as (high - low)/3.92, a scale and not the difference tested):
    # * Monte Carlo: each limit has standard error QUANTILE_ERROR s/sqrt(R); the difference of two
    #   independent ones sqrt(2) times that; 4.5 of them (60 limits);
    # * what the normal draws leave out: the skewness g of the measure's bootstrap distribution, which
    #   moves a 2.5 % quantile by (g/6)(1.96^2 - 1) s = 0.47 g s (Cornish-Fisher).  The measure is,
    #   to first order, a sum of independent per-class sums of n_c draws of a per-case term whose
    #   skewness is at most that of a Bernoulli(0.1) discordance, (1 - 0.2)/sqrt(0.09) = 2.7; so
    #   g <= 2.7/sqrt(min n_c) (the skewness of independent sums is at most their largest);
    # * 1e-4 for the lattice of the counts (1/n_c of one class's recall, averaged over K classes).
    skew = 2.7 / math.sqrt(smallest_class)
    # p-values: standard error at most sqrt(0.25/R) each, so 4.5 sqrt(2 * 0.25/R); plus twice the
    # Berry-Esseen bound 0.56/sqrt(m) for m discordant cases of comparable weight (two tails).
    p_tolerance = 4.5 * math.sqrt(0.5 / resamples) + 2 * 0.56 / math.sqrt(discordant)
    for name in u.DEFAULT_COMPARED:
        x, y = cells[name], normal[name]
        assert y.difference.method == "paired bootstrap, normal draws of the sums"
        assert x.difference.method == "paired bootstrap"
        assert (y.estimate_a, y.estimate_b) == (x.estimate_a, x.estimate_b)
        for key in ("interval_a", "interval_b", "difference"):
            s = (getattr(x, key)[1] - getattr(x, key)[0]) / (2 * Z975)
            tolerance = 4.5 * math.sqrt(2) * QUANTILE_ERROR * s / math.sqrt(resamples) + 0.47 * skew * s + 1e-4
            assert getattr(y, key)[0] == pytest.approx(getattr(x, key)[0], abs=tolerance), (name, key)
            assert getattr(y, key)[1] == pytest.approx(getattr(x, key)[1], abs=tolerance), (name, key)
        assert y.test.pvalue == pytest.approx(x.test.pvalue, abs=p_tolerance), name


# ---------------------------------------------------------------------- coverage, measured
def test_coverage_of_the_normal_sum_interval():
    # Population: 10 classes of 200 cases; A right with probability 0.8, B with 0.75, independently,
    # a wrong label uniform over the other 9.  The expected table of A has diagonal 0.8 n_c and 0.2 n_c/9
    # elsewhere, so every recall is 0.8 and every fallout 0.2/9, every bias 1/10:
    # B_A = 0.8 - 0.2/9, B_B = 0.75 - 0.25/9 (Powers' B = sum_l bias(l)(recall(l) - fallout(l))).
    k, per_class = 10, 200
    truth_a, truth_b = 0.8 - 0.2 / 9, 0.75 - 0.25 / 9
    rng = np.random.default_rng(2027)
    simulations = 400
    real = np.repeat(np.arange(k), per_class)
    covered = np.zeros(3, int)
    for i in range(simulations):
        a = np.where(rng.random(real.size) < 0.8, real, (real + rng.integers(1, k, real.size)) % k)
        b = np.where(rng.random(real.size) < 0.75, real, (real + rng.integers(1, k, real.size)) % k)
        row = u.compare_predictions(real, a, b, n_resamples=999, seed=i, method="normal")["informedness"]
        for j, (key, truth) in enumerate((("interval_a", truth_a), ("interval_b", truth_b),
                                          ("difference", truth_a - truth_b))):
            low, high = getattr(row, key)
            covered[j] += low <= truth <= high
    coverage = covered / simulations
    # Decided before the run: the coverage over 400 seeded test sets has binomial standard error
    # sqrt(0.95 * 0.05/400) = 0.011; a 95 % interval passes if it is within 3 of them of 0.95 (the two
    # pseudo-cases per class pull the resamples towards chance by about (1 - 2 recall)/n_c, a third of a
    # standard error here, which lowers the coverage by about a point, for both paths).
    error = math.sqrt(0.95 * 0.05 / simulations)
    assert (np.abs(coverage - 0.95) <= 3 * error).all(), (coverage, error)


# ---------------------------------------------------------------------- the switch, and scale
def test_auto_draws_cells_for_small_tables_and_normal_sums_for_large_ones():
    rng = np.random.default_rng(18)
    small = labels_with_errors(300, 3, 0.8, 0.7, rng)
    large = labels_with_errors(20_000, 30, 0.6, 0.5, rng)
    cells = np.count_nonzero(np.bincount((large[0] * 30 + large[1]) * 30 + large[2]))
    assert cells > comparison._NORMAL_CELLS and cells * 2000 > comparison._NORMAL_BUDGET
    for labels, method in ((small, "cells"), (large, "normal")):
        auto = u.compare_predictions(*labels, n_resamples=2000, seed=5)
        chosen = u.compare_predictions(*labels, n_resamples=2000, seed=5, method=method)
        for name in u.DEFAULT_COMPARED:
            assert tuple(auto[name].difference) == tuple(chosen[name].difference)
            assert auto[name].difference.method == chosen[name].difference.method
            assert auto[name].test.pvalue == chosen[name].test.pvalue
            assert ("normal draws" in auto[name].difference.method) == (method == "normal")
    # few cells: cells even with many resamples (two classes have at most 8)
    two = u.compare_predictions(*two_class_example(), n_resamples=20_000,
                              measures="informedness")["informedness"]
    assert two.difference.method == "paired bootstrap"
    # many labels, few cells per label: the normal draws' d = 4K = 1,200 would cost
    # R d^2 + 4 d^3 = 600 * 1.44e6 + 6.9e9 = 7.8e9 multiply-adds, against 256 R cells = 3.6e8 at 2,347 cells
    wide = labels_with_errors(3000, 300, 0.6, 0.5, rng)
    cells = np.count_nonzero(np.bincount((wide[0] * 300 + wide[1]) * 300 + wide[2]))
    assert cells > comparison._NORMAL_CELLS and cells * 600 > comparison._NORMAL_BUDGET
    row = u.compare_predictions(*wide, labels=list(range(300)), n_resamples=600)["informedness"]
    assert row.difference.method == "paired bootstrap"


def test_normal_draws_of_a_small_table_are_clipped_to_counts():
    # A perfect on 15 + 15 cases: a normal draw of A's right predictions exceeds 15 about one time in six
    # (mean 15 * 16/17, sd 0.9), and B's wrong counts of 3 fall below 0 now and then; unclipped, BinaryTable
    # refused such a draw (a negative fn or fp).  Clipped,
    # every draw is a table, so tpr, fpr and every B lie in [0, 1], [0, 1] and [-1, 1].
    real = np.array([0, 1] * 15)
    other = real.copy()
    other[:6] = 1 - other[:6]                                 # B wrong on 3 negatives and 3 positives
    for measure in ("informedness", "matthews_correlation"):
        result = u.compare_predictions(real, real, other, measures=measure, method="normal")[measure]
        assert result.difference.method == "paired bootstrap, normal draws of the sums"
        assert -1.0 <= result.interval_a.low < result.interval_a.high <= 1.0
        assert -1.0 <= result.interval_b.low <= result.interval_b.high <= 1.0


@pytest.mark.parametrize("method", ["exact", "Normal", None, 1])
def test_a_bad_method_is_refused_by_name(method):
    with pytest.raises(ValueError, match="^method must be one of 'auto', 'cells', 'normal'"):
        u.compare_predictions([0, 1, 2], [0, 1, 1], [0, 2, 2], method=method)


def test_memory_at_100_classes_with_many_cells():
    # 200,000 cases, random errors among 100 classes: about 90,000 non-empty joint cells.  The normal path
    # holds a 400 x 400 covariance and its eigenvectors (1.3 MB each), the K x 4K class means, and chunks
    # of 2^20 elements (8 MB) per array; the labels are read once (O(N): a few arrays of 1.6 MB).
    rng = np.random.default_rng(19)
    real, a, b = labels_with_errors(200_000, 100, 0.8, 0.7, rng)
    tracemalloc.start()
    try:
        row = u.compare_predictions(real, a, b)["informedness"]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "normal draws" in row.difference.method
    assert peak < 120 * 2 ** 20
