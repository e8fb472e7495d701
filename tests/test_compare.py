"""Tests of the comparison engine (bookeval_lib.comparison) through compare_predictions.

Expected values come from hand arithmetic (in comments), statsmodels' McNemar
test, scikit-learn's scores, and brute force written here: the sign-flip test
by enumerating every swap of the discordant cases (over cases, not counts),
the bootstrap by resampling cases (with the two pseudo-cases per class the
engine documents), and coverage by simulating test sets from known populations.
"""
import itertools
import math
import re
import tracemalloc

import numpy as np
import pytest
import scipy.stats
from sklearn.metrics import balanced_accuracy_score

from bookeval_lib import _comparison as comparison
from bookeval_lib import uncertainty as u

statsmodels_tables = pytest.importorskip("statsmodels.stats.contingency_tables")


def issue_example():
    """40 positives, 360 negatives; A: tpr 0.9, fpr 0.2 (B = 0.7); B: tpr 0.5, fpr 0.1 (B = 0.4).

    Positives: both right 20, right only for A 16, neither 4.  Negatives: both
    right 288, right only for B 36, neither 36.  So a_only = 16, b_only = 36.
    """
    real = np.r_[np.ones(40, int), np.zeros(360, int)]
    a = np.r_[np.ones(36, int), np.zeros(4, int), np.ones(72, int), np.zeros(288, int)]
    b = np.r_[np.ones(20, int), np.zeros(20, int), np.ones(36, int), np.zeros(324, int)]
    return real, a, b


def brute_force_pvalue(real, a, b, measure):
    """Two-sided p of the sign-flip test by enumerating all 2^d swaps of the d discordant cases."""
    discordant = np.flatnonzero(a != b)
    swaps = np.array(list(itertools.product([False, True], repeat=discordant.size)), dtype=bool)
    a_star = np.repeat(a[None], swaps.shape[0], axis=0)
    b_star = np.repeat(b[None], swaps.shape[0], axis=0)
    a_star[:, discordant] = np.where(swaps, b[discordant], a[discordant])
    b_star[:, discordant] = np.where(swaps, a[discordant], b[discordant])
    null = measure(real, a_star) - measure(real, b_star)
    observed = measure(real, a[None]) - measure(real, b[None])
    # the tie tolerance: both sides are the same few float operations on the same counts
    return np.mean(np.abs(null) >= np.abs(observed) - 1e-12)


def informedness_rows(real, predicted):
    """tpr - fpr for each row of ``predicted`` (two classes, 1 = positive)."""
    positive = real == 1
    return (np.sum(predicted & positive, axis=-1) / positive.sum()
            - np.sum(predicted & ~positive, axis=-1) / (~positive).sum())


def mcc_rows(real, predicted):
    positive = real == 1
    tp = np.sum(predicted & positive, axis=-1).astype(float)
    fp = np.sum(predicted & ~positive, axis=-1).astype(float)
    fn = positive.sum() - tp
    tn = (~positive).sum() - fp
    with np.errstate(invalid="ignore", divide="ignore"):
        return (tp * tn - fp * fn) / np.sqrt((tp + fp) * (fn + tn) * (tp + fn) * (fp + tn))


def powers_informedness_rows(real, predicted, k):
    """Powers' K-class B = sum_l bias(l) (recall(l) - fallout(l)) for each row of ``predicted``."""
    n = real.size
    total = 0.0
    for label in range(k):
        said, is_ = predicted == label, real == label
        bias = said.sum(axis=-1) / n
        recall = np.sum(said & is_, axis=-1) / is_.sum()
        fallout = np.sum(said & ~is_, axis=-1) / (~is_).sum()
        total = total + bias * (recall - fallout)
    return total


# ---------------------------------------------------------------------- the issue's example
def test_the_measure_test_agrees_with_the_interval_where_mcnemar_does_not():
    real, a, b = issue_example()
    result = u.compare_predictions(real, a, b, seed=1)["informedness"]
    # Delta B = (16 - 0)/40 + (0 - 36)/360 = 0.4 - 0.1 = 0.3
    assert result.difference.estimate == pytest.approx(0.3, abs=1e-12)
    assert (result.a_only, result.b_only) == (16, 36)
    # McNemar's test of equal accuracy: 16 against 36, p = 0.0078, in favour of B ...
    mcnemar = statsmodels_tables.mcnemar([[0, 16], [36, 0]], exact=True).pvalue
    assert result.equal_accuracy_test.pvalue == pytest.approx(mcnemar, rel=1e-12)
    assert mcnemar < 0.01 and result.b_only > result.a_only
    # ... while the interval and the test of informedness both favour A
    assert result.difference.low > 0
    # the exact p on the full grid, integer numerators Delta B * 40 * 360:
    # (2 x1 - 16) * 360 + (2 x0 - 36) * 40 against the observed 16 * 360 - 36 * 40 = 4320
    x1, x0 = np.meshgrid(np.arange(17), np.arange(37), indexing="ij")
    weight = scipy.stats.binom.pmf(x1, 16, 0.5) * scipy.stats.binom.pmf(x0, 36, 0.5)
    exact = weight[np.abs((2 * x1 - 16) * 360 + (2 * x0 - 36) * 40) >= 4320].sum()
    assert result.test.pvalue == pytest.approx(exact, rel=1e-10)
    assert result.test.pvalue < 0.01 and result.test_error == 0.0
    assert result.test.statistic == pytest.approx(0.3, abs=1e-12)


def test_the_one_line_summary():
    real, a, b = issue_example()
    result = u.compare_predictions(real, a, b, seed=1)["informedness"]
    text = str(result)
    pattern = (r"ΔB = 0\.300 \[(0\.\d{3}), (0\.\d{3})\] \(95 %, paired bootstrap\); "
               r"p = (0\.\d{4}) \(paired sign-flip, class-stratified, exact\)")
    match = re.fullmatch(pattern, text)
    assert match, text
    assert float(match[1]) == pytest.approx(result.difference.low, abs=5e-4)
    assert float(match[3]) == pytest.approx(result.test.pvalue, abs=5e-5)
    assert "Monte Carlo" in str(u.compare_predictions(
        [0, 1, 2] * 10, [0, 1, 2] * 10, [0, 1, 1] * 10, n_resamples=200)["informedness"])


# ---------------------------------------------------------------------- the test against brute force
@pytest.mark.parametrize("seed", range(4))
def test_exact_two_class_tests_equal_brute_force_over_cases(seed):
    rng = np.random.default_rng(seed)
    n = 40
    real = (rng.random(n) < 0.35).astype(int)
    a = np.where(rng.random(n) < 0.75, real, 1 - real)
    b = np.where(rng.random(n) < 0.2, 1 - a, a)                 # B disagrees with A on about 8 cases
    if np.count_nonzero(a != b) > 14:                            # keep 2^d small for the enumeration
        b = np.where(np.cumsum(a != b) > 14, a, b)
    for measure, rows in (("informedness", informedness_rows), ("matthews_correlation", mcc_rows)):
        result = u.compare_predictions(real, a, b, measures=measure, n_resamples=200)[measure]
        expected = brute_force_pvalue(real, a.astype(bool), b.astype(bool), rows)
        assert result.test.pvalue == pytest.approx(expected, rel=1e-9, abs=1e-12), measure
        assert result.test_error == 0.0 and "exact" in result.test.method


@pytest.mark.parametrize("draws", ["cells", "cases"])
def test_monte_carlo_k_class_test_agrees_with_brute_force(draws, monkeypatch):
    for name, value in DRAWS[draws].items():
        monkeypatch.setattr(comparison, name, value)
    rng = np.random.default_rng(5)
    n, k = 45, 3
    real = np.repeat(np.arange(k), n // k)
    a = np.where(rng.random(n) < 0.7, real, rng.integers(0, k, n))
    b = a.copy()
    changed = rng.choice(n, 13, replace=False)                  # 13 discordant cases: 8,192 swaps
    b[changed] = (a[changed] + rng.integers(1, k, 13)) % k
    expected = brute_force_pvalue(real, a, b, lambda r, p: powers_informedness_rows(r, p, k))
    draws = 20_000
    row = u.compare_predictions(real, a, b, n_resamples=draws, seed=2)["informedness"]
    # Monte Carlo: p-hat = (1 + hits)/(1 + R) has standard error sqrt(p(1 - p)/R) <= 0.0036 for
    # R = 20,000 (and a bias of at most 1/R); 4 standard errors plus 1/R.
    error = math.sqrt(expected * (1 - expected) / draws)
    assert row.test.pvalue == pytest.approx(expected, abs=4 * error + 1 / draws)
    assert row.test_error == pytest.approx(error, rel=0.2)


def test_two_class_monte_carlo_path_agrees_with_the_exact_grid(monkeypatch):
    real, a, b = issue_example()
    name = "matthews_correlation"
    exact = u.compare_predictions(real, a, b, measures=name, n_resamples=100)[name].test.pvalue
    monkeypatch.setattr(comparison, "_EXACT_GRID", 0)
    draws = 20_000
    approximate = u.compare_predictions(real, a, b, measures=name, n_resamples=draws, seed=3)[name]
    assert "Monte Carlo" in approximate.test.method
    # as above: 4 Monte Carlo standard errors of p-hat, plus its bias 1/R
    assert approximate.test.pvalue == pytest.approx(
        exact, abs=4 * math.sqrt(exact * (1 - exact) / draws) + 1 / draws)


def test_exact_informedness_with_many_discordant_cases_equals_the_full_sum():
    # 300,000 discordant positives and 200,000 discordant negatives: the engine sums over 40 standard
    # deviations of one binomial; here the sum runs over all of its values.
    rp, rn = 400_000, 600_000
    b1, c1, b0, c0 = 150_700, 149_300, 99_000, 101_000
    real = np.r_[np.ones(rp, np.int8), np.zeros(rn, np.int8)]
    a = np.r_[np.ones(b1, np.int8), np.zeros(c1, np.int8), np.ones(rp - b1 - c1, np.int8),
              np.zeros(b0, np.int8), np.ones(c0, np.int8), np.zeros(rn - b0 - c0, np.int8)]
    b = np.r_[np.zeros(b1, np.int8), np.ones(c1, np.int8), np.ones(rp - b1 - c1, np.int8),
              np.ones(b0, np.int8), np.zeros(c0, np.int8), np.zeros(rn - b0 - c0, np.int8)]
    result = u.compare_predictions(real, a, b, n_resamples=50)["informedness"]
    # T = (2 x1 - d1) rn + (2 x0 - d0) rp, observed (b1 - c1) rn + (b0 - c0) rp
    d1, d0 = b1 + c1, b0 + c0
    observed = abs((b1 - c1) * rn + (b0 - c0) * rp)
    x0 = np.arange(d0 + 1)
    part = (2 * x0 - d0) * rp
    above = -((part - observed - d1 * rn) // (2 * rn))          # ceil((observed - part + d1 rn)/(2 rn))
    below = (-observed - part + d1 * rn) // (2 * rn)
    expected = np.sum(scipy.stats.binom.pmf(x0, d0, 0.5) * (scipy.stats.binom.sf(above - 1, d1, 0.5)
                                                             + scipy.stats.binom.cdf(below, d1, 0.5)))
    assert result.difference.estimate == pytest.approx(1400 / rp - 2000 / rn, abs=1e-12)
    assert result.test.pvalue == pytest.approx(expected, rel=1e-9)


# ---------------------------------------------------------------------- the bootstrap
def brute_force_bootstrap(real, a, b, k, statistic, resamples, rng):
    """Case resampling within each real class, each class with two pseudo-cases (module doc)."""
    values = []
    for _ in range(resamples):
        a_star, b_star = np.empty_like(a), np.empty_like(b)
        for c in range(k):
            members = np.flatnonzero(real == c)
            pick = rng.integers(0, members.size + 2, members.size)
            pseudo = pick >= members.size
            chosen = members[np.where(pseudo, 0, pick)]
            guess_a = np.where(rng.random(members.size) < 0.5, c, (c + rng.integers(1, k, members.size)) % k)
            guess_b = np.where(rng.random(members.size) < 0.5, c, (c + rng.integers(1, k, members.size)) % k)
            a_star[members] = np.where(pseudo, guess_a, a[chosen])
            b_star[members] = np.where(pseudo, guess_b, b[chosen])
        values.append(statistic(real, a_star) - statistic(real, b_star))
    return np.array(values)


def smoothed_world_informedness(real, predicted, k):
    """Powers' B of the expected table of the smoothed bootstrap: in class c (n_c cases) each case is
    drawn with probability 1/(n_c + 2), a pseudo-case with 2/(n_c + 2), saying c with probability 1/2
    and each other label with 1/(2 (k - 1))."""
    table = np.zeros((k, k))                                       # rows = predicted, columns = real
    for c in range(k):
        n = np.count_nonzero(real == c)
        pseudo = np.full(k, 0.5 / (k - 1))
        pseudo[c] = 0.5
        table[:, c] = n / (n + 2) * (np.bincount(predicted[real == c], minlength=k) + 2 * pseudo)
    total, rows, cols, hits = table.sum(), table.sum(axis=1), table.sum(axis=0), np.diag(table)
    return float(np.sum(rows / total * (hits / cols - (rows - hits) / (total - cols))))


# the engine's two ways of drawing: every cell by the multinomial, or case by case; and the
# classes' multinomials in one padded call, or one call per class
DRAWS = {"cells": dict(_SMALL_CELL=1), "cases": dict(_SMALL_CELL=10 ** 9), "per class": dict(_PAD=0)}


@pytest.mark.parametrize("draws", list(DRAWS))
@pytest.mark.parametrize("k", [2, 3])
def test_the_bootstrap_equals_case_resampling_with_pseudo_cases(k, draws, monkeypatch):
    for name, value in DRAWS[draws].items():
        monkeypatch.setattr(comparison, name, value)
    rng = np.random.default_rng(7)
    n = 150
    real = np.repeat(np.arange(k), n // k)
    a = np.where(rng.random(n) < 0.7, real, rng.integers(0, k, n))
    b = np.where(rng.random(n) < 0.5, real, rng.integers(0, k, n))
    resamples = 4000
    row = u.compare_predictions(real, a, b, n_resamples=resamples, seed=8)["informedness"]
    reference = brute_force_bootstrap(real, a, b, k, lambda r, p: powers_informedness_rows(r, p, k),
                                      resamples, np.random.default_rng(9))
    # the limits are bias-corrected (module doc): the percentiles moved by (estimate - centre) -
    # 2 (mean - centre), the centre the B of the smoothed world's expected table, built here by hand
    centre = smoothed_world_informedness(real, a, k) - smoothed_world_informedness(real, b, k)
    estimate = powers_informedness_rows(real, a, k) - powers_informedness_rows(real, b, k)
    shift = (estimate - centre) - 2 * (reference.mean() - centre)
    low, high = np.quantile(reference, [0.025, 0.975]) + shift
    spread = reference.std()
    # Monte Carlo error of a 2.5 % quantile of R = 4000 resamples of a near-normal statistic with
    # standard deviation s: sqrt(0.025 * 0.975/R)/phi(1.96) s = 0.042 s; the difference of two
    # independent estimates 0.06 s; five of those, 0.3 s, plus one lattice step (1/50 of a
    # recall), by which a quantile of a lattice-valued statistic can move.
    tolerance = 0.3 * spread + 1 / 50
    assert row.difference[0] == pytest.approx(low, abs=tolerance)
    assert row.difference[1] == pytest.approx(high, abs=tolerance)


def test_intervals_do_not_collapse():
    # a perfect classifier on 30 cases: the plain bootstrap gives [1, 1]
    real = [0] * 15 + [1] * 15
    almost = [0] * 14 + [1] * 16
    result = u.compare_predictions(real, real, almost, seed=0)["informedness"]
    assert result.interval_a.low < 1.0 == result.interval_a.high
    assert result.interval_a.estimate == 1.0
    # identical predictions: no discordant case, yet the difference is not pinned at 0
    same = u.compare_predictions(real, almost, almost, seed=0)["informedness"]
    assert same.difference.low < 0.0 < same.difference.high
    assert same.test.pvalue == 1.0 and same.equal_accuracy_test.undefined
    rows = u.compare_predictions([0, 1, 2] * 10, [0, 1, 2] * 10, [0, 1, 2] * 10, n_resamples=500)
    for row in rows.values():
        low, high = row.interval_a
        assert low < high and low <= row.estimate_a <= high
        assert row.difference[0] < 0 < row.difference[1]


# ---------------------------------------------------------------------- coverage, measured
def simulate(population, sizes, rng):
    """One test set: for real class c, sizes[c] cases whose (A, B) labels are drawn from population[c]
    (a dict (a, b) -> probability)."""
    real, a, b = [], [], []
    for c, (cells, n) in enumerate(zip(population, sizes)):
        pairs = list(cells)
        counts = rng.multinomial(n, [cells[p] for p in pairs])
        for (label_a, label_b), count in zip(pairs, counts):
            real += [c] * count
            a += [label_a] * count
            b += [label_b] * count
    return np.array(real), np.array(a), np.array(b)


def population_informedness(population, sizes, which):
    """Powers' B of the expected table of classifier ``which`` (0 = A, 1 = B)."""
    k = len(population)
    table = np.zeros((k, k))                                       # rows = predicted, columns = real
    for c, (cells, n) in enumerate(zip(population, sizes)):
        for pair, p in cells.items():
            table[pair[which], c] += n * p
    total = table.sum()
    rows, cols = table.sum(axis=1), table.sum(axis=0)
    hits = np.diag(table)
    return float(np.sum(rows / total * (hits / cols - (rows - hits) / (total - cols))))


# Populations: (A, B) label probabilities per real class, and the fixed class sizes.
POPULATIONS = {
    # the issue's classifiers: A tpr 0.9 / fpr 0.2, B tpr 0.5 / fpr 0.1, B's hits nested in A's
    "unequal classes": ([{(0, 0): 0.8, (1, 0): 0.1, (1, 1): 0.1}, {(1, 1): 0.5, (1, 0): 0.4, (0, 0): 0.1}],
                        (360, 40)),
    # A perfect, B right on 95 % of negatives and 90 % of positives: the plain bootstrap collapses for A
    "perfect A": ([{(0, 0): 0.95, (0, 1): 0.05}, {(1, 1): 0.9, (1, 0): 0.1}], (15, 15)),
    # A and B agree on every negative, and on positives but 3 %: most test sets have no discordant case
    "rare disagreement": ([{(0, 0): 0.9, (1, 1): 0.1}, {(1, 1): 0.8, (1, 0): 0.03, (0, 0): 0.17}], (20, 20)),
    "three classes": ([{(0, 0): 0.6, (0, 1): 0.15, (1, 1): 0.1, (2, 0): 0.05, (2, 2): 0.1},
                       {(1, 1): 0.55, (1, 2): 0.2, (0, 0): 0.1, (2, 1): 0.05, (0, 2): 0.1},
                       {(2, 2): 0.7, (2, 0): 0.1, (1, 1): 0.1, (0, 2): 0.1}], (25, 20, 15)),
    "three classes, perfect A": ([{(0, 0): 0.9, (0, 1): 0.1}, {(1, 1): 0.85, (1, 2): 0.15},
                                  {(2, 2): 0.95, (2, 0): 0.05}], (10, 10, 10)),
}


@pytest.mark.parametrize("name", list(POPULATIONS))
def test_coverage_of_the_intervals(name):
    population, sizes = POPULATIONS[name]
    truth_a, truth_b = (population_informedness(population, sizes, which) for which in (0, 1))
    rng = np.random.default_rng(2026)
    simulations = 300
    covered = np.zeros(3, int)
    for i in range(simulations):
        real, a, b = simulate(population, sizes, rng)
        row = u.compare_predictions(real, a, b, measures="informedness", labels=list(range(len(sizes))),
                                    n_resamples=499, seed=i)["informedness"]
        for j, (key, truth) in enumerate((("interval_a", truth_a), ("interval_b", truth_b),
                                          ("difference", truth_a - truth_b))):
            low, high = getattr(row, key)
            assert low < high                                       # never collapsed to a point
            covered[j] += low - 1e-12 <= truth <= high + 1e-12
    coverage = covered / simulations
    # Decided before the run: a 95 % interval passes if its coverage over 300 seeded test sets
    # is not below 0.95 by more than 3 binomial standard errors, 3 sqrt(0.95 * 0.05/300) = 0.038.
    assert (coverage >= 0.95 - 3 * math.sqrt(0.95 * 0.05 / simulations)).all(), coverage


# ---------------------------------------------------------------------- inputs, weights, scale
def test_weights_count_cases():
    rng = np.random.default_rng(3)
    real, a, b = (rng.integers(0, 3, 60) for _ in range(3))
    weight = rng.integers(0, 4, 60)
    weighted = u.compare_predictions(real, a, b, sample_weight=weight, n_resamples=300)
    repeated = u.compare_predictions(*(np.repeat(x, weight) for x in (real, a, b)), n_resamples=300)
    def numbers(row):
        return np.array([row.estimate_a, row.estimate_b, row.difference.estimate, *row.interval_a, *row.difference,
                         row.test.pvalue], dtype=float)
    for name in u.DEFAULT_COMPARED:
        assert np.array_equal(numbers(weighted[name]), numbers(repeated[name]), equal_nan=True), name


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(sample_weight=[1, 0.5, 1, 1]), "whole numbers"),
    (dict(sample_weight=[1, 1]), "sample_weight has 2"),
    (dict(seed=-1), "seed"),
    (dict(n_resamples=0), "n_resamples"),
    (dict(confidence=1.0), "confidence"),
    (dict(measures="nonsense"), "measures"),
    (dict(measures=["informedness", "informedness"]), "twice"),
    (dict(mcnemar_method="nonsense"), "mcnemar_method"),
    (dict(y_true=["a", "b", "a", "b"], y_pred_a=["a"] * 4, y_pred_b=["b"] * 4, measures="recall"), "pos_label"),
    (dict(pos_label=3), "pos_label must be one of the labels .*, got 3"),
    (dict(y_pred_b=[0, 1, 2, 1], measures="recall"), "two classes"),
])
def test_compare_predictions_rejects_bad_input(kwargs, message):
    arguments = dict(y_true=[0, 1, 0, 1], y_pred_a=[0, 1, 1, 1], y_pred_b=[0, 0, 0, 1]) | kwargs
    with pytest.raises(ValueError, match=message):
        u.compare_predictions(**arguments)


def test_a_positive_label_that_never_occurs_gives_nan():
    result = u.compare_predictions([0, 0, 0], [0, 0, 0], [0, 0, 0], pos_label=1, n_resamples=50)["informedness"]
    assert math.isnan(result.estimate_a) and result.test.undefined and result.difference.undefined


def test_sklearn_scores_and_string_labels():
    rng = np.random.default_rng(4)
    real = rng.choice(["no", "yes"], 200)
    a = np.where(rng.random(200) < 0.7, real, rng.choice(["no", "yes"], 200))
    b = np.where(rng.random(200) < 0.4, real, rng.choice(["no", "yes"], 200))
    result = u.compare_predictions(real, a, b, pos_label="yes", n_resamples=200)["informedness"]
    assert result.estimate_a == pytest.approx(balanced_accuracy_score(real, a, adjusted=True), abs=1e-12)
    assert result.estimate_b == pytest.approx(balanced_accuracy_score(real, b, adjusted=True), abs=1e-12)


def test_memory_follows_the_cells_not_the_cases():
    # 200,000 cases, 2,000 resamples: resampling cases would hold 2,000 x 200,000 indices (3.2 GB);
    # the joint counts have at most 8 cells.  The bound is the module's: about a dozen arrays of
    # 2^20 elements (8 MB) per chunk, plus O(N) for reading the labels once.
    rng = np.random.default_rng(6)
    real = rng.integers(0, 2, 200_000)
    a = np.where(rng.random(real.size) < 0.8, real, 1 - real)
    b = np.where(rng.random(real.size) < 0.7, real, 1 - real)
    tracemalloc.start()
    try:
        u.compare_predictions(real, a, b)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 120 * 2 ** 20


def test_every_two_class_measure_by_hand_and_against_binary_table():
    # A perfect on 15 negatives and 15 positives; B wrong on 2 negatives and 3 positives, right
    # elsewhere.  Every measure that A's perfection maximises is extreme only when all 5
    # discordant cases favour A, or all favour B: exact p = 2 (1/2)^5 = 1/16.
    real = np.r_[np.zeros(15, int), np.ones(15, int)]
    b = np.r_[np.zeros(13, int), np.ones(2, int), np.ones(12, int), np.zeros(3, int)]
    from bookeval_lib import MEASURES, BinaryTable
    for measure in MEASURES:
        result = u.compare_predictions(real, real, b, measures=measure, n_resamples=300)[measure]
        expected = [getattr(BinaryTable.from_labels(real, p), measure) for p in (real, b)]
        assert [result.estimate_a, result.estimate_b] == pytest.approx(expected, nan_ok=True), measure
        if measure in ("informedness", "markedness", "matthews_correlation", "accuracy", "f1", "kappa"):
            assert result.test.pvalue == pytest.approx(1 / 16, rel=1e-12), measure
    # B's informedness: tpr 12/15, fpr 2/15, so B = 10/15 and Delta B = 1 - 10/15
    assert u.compare_predictions(real, real, b)["informedness"].difference.estimate == pytest.approx(1 - 10 / 15)


def test_each_classifiers_interval_is_the_one_its_own_table_gets():
    # One number, one interval: A's B in a comparison carries the interval bookmaker_report prints for the
    # same predictions (two classes: Agresti-Caffo, equal to statsmodels' confint_proportions_2indep
    # "agresti-caffo" on recall and fallout; K classes: the bias-corrected Wald), and MCC, kappa and macro-F1
    # carry contingency_interval's.
    from bookeval_lib.contingency import Contingency
    from bookeval_lib.metrics import bookmaker_report
    from bookeval_lib.table_intervals import contingency_interval
    from statsmodels.stats.proportion import confint_proportions_2indep

    rng = np.random.default_rng(7)
    real = rng.integers(0, 2, 200)
    a = np.where(rng.random(200) < 0.8, real, 1 - real)
    b = np.where(rng.random(200) < 0.7, real, 1 - real)
    report = u.compare_predictions(real, a, b, measures=("informedness", "adjusted_balanced_accuracy",
                                                         "matthews_correlation"), n_resamples=199)
    tp, fn = np.sum((a == 1) & (real == 1)), np.sum((a == 0) & (real == 1))
    fp, tn = np.sum((a == 1) & (real == 0)), np.sum((a == 0) & (real == 0))
    low, high = confint_proportions_2indep(tp, tp + fn, fp, fp + tn, method="agresti-caffo", compare="diff")
    for measure in ("informedness", "adjusted_balanced_accuracy"):    # of two classes the same number
        interval = report[measure].interval_a
        assert (interval.low, interval.high) == pytest.approx((low, high), abs=1e-12)
        assert interval.method == "agresti-caffo"
    weighted = bookmaker_report(real, a, confidence=0.95).to_dict()["weighted avg"]["informedness_interval"]
    assert weighted == pytest.approx((low, high), abs=1e-12)
    table = Contingency(np.bincount(b * 2 + real, minlength=4).reshape(2, 2), layout="powers")
    mine, theirs = report["matthews_correlation"].interval_b, contingency_interval(table,
                                                                                  measure="matthews_correlation")
    assert (mine.low, mine.high, mine.method) == (theirs.low, theirs.high, "delta")

    real = rng.integers(0, 4, 300)
    a = np.where(rng.random(300) < 0.7, real, rng.integers(0, 4, 300))
    b = np.where(rng.random(300) < 0.6, real, rng.integers(0, 4, 300))
    report = u.compare_predictions(real, a, b, measures=("informedness", "kappa", "macro_f1"), n_resamples=199)
    weighted = bookmaker_report(real, b, confidence=0.95).to_dict()["weighted avg"]
    assert (report["informedness"].interval_b.low, report["informedness"].interval_b.high) == \
        pytest.approx(weighted["informedness_interval"], abs=1e-12)
    table = Contingency(np.bincount(b * 4 + real, minlength=16).reshape(4, 4), layout="powers")
    for measure in ("kappa", "macro_f1"):
        mine, theirs = report[measure].interval_b, contingency_interval(table, measure=measure)
        assert (mine.low, mine.high, mine.method) == (theirs.low, theirs.high, theirs.method)
    assert report["informedness"].difference.method.startswith("paired bootstrap")
