"""Tests of bookeval_lib.uncertainty: intervals, tests and coverage, checked against statsmodels and scipy.

Every expected number comes from an independent implementation (statsmodels'
``confint_proportions_2indep`` and ``mcnemar``, scipy's ``pearsonr``, ``somersd``,
``chi2_contingency``, ``fisher_exact``, ``barnard_exact``, ``boschloo_exact``,
``bootstrap``), from a numerical delta method written here, or from hand
arithmetic shown in a comment.

statsmodels' definitions (read in statsmodels 0.15 ``stats/proportion.py``):
``method="wald"`` is p1 - p2 +- z sqrt(p1 q1/n1 + p2 q2/n2) with no correction
(its ``correction`` argument only affects the score methods); ``"newcomb"`` is
Newcombe's square-and-add of Wilson intervals (no continuity correction);
``"agresti-caffo"`` adds one success and one failure to each sample.  These are
the same definitions as ours, so the limits agree to rounding (1e-12); statsmodels
does not clip, so its Wald and Agresti-Caffo limits are clipped to [-1, 1] first.
"""
import math
import warnings

import numpy as np
import pytest
import scipy.stats
from hypothesis import given
from hypothesis import strategies as st

statsmodels_proportion = pytest.importorskip("statsmodels.stats.proportion")
statsmodels_tables = pytest.importorskip("statsmodels.stats.contingency_tables")

from bookeval_lib import BinaryTable  # noqa: E402
from bookeval_lib import coverage as c  # noqa: E402
from bookeval_lib import uncertainty as u  # noqa: E402
from bookeval_lib.course.display import format_coverage_table  # noqa: E402

STATSMODELS_NAME = {"wald": "wald", "newcombe": "newcomb", "agresti-caffo": "agresti-caffo"}
ROUNDING = 1e-12  # the same formula in a different order of operations


def random_tables(seed, size, high=40):
    cells = np.random.default_rng(seed).integers(0, high, size=(4, size))
    return BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3])


def statsmodels_interval(count1, nobs1, count2, nobs2, method, confidence):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        low, high = statsmodels_proportion.confint_proportions_2indep(
            count1, nobs1, count2, nobs2, method=STATSMODELS_NAME[method], compare="diff",
            alpha=1.0 - confidence)
    return np.clip(low, -1.0, 1.0), np.clip(high, -1.0, 1.0)


# ---------------------------------------------------------------------- against statsmodels
@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
@pytest.mark.parametrize("method", ["wald", "newcombe", "agresti-caffo"])
def test_informedness_interval_equals_statsmodels_on_random_tables(method, confidence):
    tables = random_tables(1, 20_000)
    interval = u.informedness_interval(tables, method=method, confidence=confidence)
    low, high = statsmodels_interval(tables.tp, tables.real_positives, tables.fp,
                                     tables.real_negatives, method, confidence)
    defined = (tables.real_positives > 0) & (tables.real_negatives > 0)
    assert np.array_equal(interval.undefined, ~defined)
    np.testing.assert_allclose(interval.low[defined], low[defined], rtol=0, atol=ROUNDING)
    np.testing.assert_allclose(interval.high[defined], high[defined], rtol=0, atol=ROUNDING)
    assert np.isnan(interval.low[~defined]).all() and np.isnan(interval.high[~defined]).all()


@pytest.mark.parametrize("method", ["wald", "newcombe", "agresti-caffo"])
def test_markedness_interval_equals_statsmodels_on_the_prediction_margins(method):
    tables = random_tables(2, 20_000)
    interval = u.markedness_interval(tables, method=method)
    # M = TP/PP - FN/PN: the two samples are the predicted positives and predicted negatives
    low, high = statsmodels_interval(tables.tp, tables.predicted_positives, tables.fn,
                                     tables.predicted_negatives, method, 0.95)
    defined = ~interval.undefined
    assert np.array_equal(defined, (tables.predicted_positives > 0) & (tables.predicted_negatives > 0))
    np.testing.assert_allclose(interval.low[defined], low[defined], rtol=0, atol=ROUNDING)
    np.testing.assert_allclose(interval.high[defined], high[defined], rtol=0, atol=ROUNDING)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60),
       st.sampled_from(["wald", "newcombe", "agresti-caffo"]))
def test_one_table_equals_statsmodels(tp, fp, fn, tn, method):
    table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    interval = u.informedness_interval(table, method=method)
    if tp + fn == 0 or fp + tn == 0:
        assert math.isnan(interval.low) and math.isnan(interval.high) and interval.undefined
        assert "RP = 0 or RN = 0" in interval.reason
        return
    low, high = statsmodels_interval(tp, tp + fn, fp, fp + tn, method, 0.95)
    assert interval.low == pytest.approx(float(low), abs=ROUNDING)
    assert interval.high == pytest.approx(float(high), abs=ROUNDING)
    assert interval.reason is None and not interval.undefined
    assert interval.low <= interval.estimate <= interval.high or method == "agresti-caffo"


def test_the_wines_unpack_as_low_high_and_agree_with_statsmodels():
    # LingPipe's Cabernet: constructor order tp, fn, fp, tn = 9, 3, 4, 11
    cabernet = BinaryTable(tp=9, fn=3, fp=4, tn=11)
    low, high = u.informedness_interval(cabernet)  # the default method, Agresti-Caffo
    expected = statsmodels_proportion.confint_proportions_2indep(9, 12, 4, 15, method="agresti-caffo")
    assert (low, high) == pytest.approx(tuple(map(float, expected)), abs=ROUNDING)
    interval = u.informedness_interval(cabernet)
    assert tuple(interval) == (interval.low, interval.high) and len(interval) == 2
    assert interval[0] == low and interval.width == pytest.approx(high - low)
    # B = 9/12 - 4/15 = 0.75 - 0.2667 = 0.4833
    assert interval.estimate == pytest.approx(9 / 12 - 4 / 15)
    assert interval.contains(interval.estimate) and not interval.contains(high + 0.01)


# ---------------------------------------------------------------------- against scipy
def expand(table):
    """The 0/1 codes (real, predicted) of the cases of one table."""
    real = np.repeat([1, 0, 1, 0], [table.tp, table.fp, table.fn, table.tn])
    predicted = np.repeat([1, 1, 0, 0], [table.tp, table.fp, table.fn, table.tn])
    return real, predicted


@pytest.mark.parametrize("confidence", [0.9, 0.95])
def test_fisher_interval_equals_scipy_pearsonr(confidence):
    tables = random_tables(3, 60, high=25)
    interval = u.correlation_interval(tables, confidence=confidence, method="fisher")
    for i in range(len(tables)):
        table = tables[i]
        if table.total <= 3 or np.isnan(table.matthews_correlation):
            assert interval.undefined[i]
            continue
        real, predicted = expand(table)
        expected = scipy.stats.pearsonr(real, predicted).confidence_interval(confidence)
        assert interval.low[i] == pytest.approx(expected.low, abs=1e-12)
        assert interval.high[i] == pytest.approx(expected.high, abs=1e-12)
        assert interval.estimate[i] == pytest.approx(scipy.stats.pearsonr(real, predicted).statistic)


def numerical_delta_half_width(table, z):
    """z sqrt(g' S g / N): g the finite-difference gradient of phi in the cell proportions,
    S = diag(p) - p p' the covariance of one multinomial case."""
    p = np.array([table.tp, table.fp, table.fn, table.tn], dtype=float) / table.total

    def phi(q):
        tp, fp, fn, tn = q
        return (tp * tn - fp * fn) / math.sqrt((tp + fp) * (fn + tn) * (tp + fn) * (fp + tn))

    step = 1e-6
    gradient = np.array([(phi(p + step * e) - phi(p - step * e)) / (2 * step) for e in np.eye(4)])
    covariance = np.diag(p) - np.outer(p, p)
    return z * math.sqrt(gradient @ covariance @ gradient / table.total)


def test_delta_interval_equals_a_numerical_delta_method():
    tables = random_tables(4, 40, high=30)
    interval = u.correlation_interval(tables, method="delta")
    z = scipy.stats.norm.isf(0.025)
    checked = 0
    for i in range(len(tables)):
        table = tables[i]
        if min(table.tp, table.fp, table.fn, table.tn) == 0:
            continue  # the finite differences step outside the simplex there
        half = numerical_delta_half_width(table, z)
        # Central differences with step h = 1e-6 err by h^2 |phi'''|/6 (truncation) plus about
        # 1e-16/h = 1e-10 (rounding) per component; abs=1e-7 allows |phi'''| up to ~6e5, far above
        # its size for cells of at least 1/120 of N.  A clipped interval is not symmetric.
        width = interval.high[i] - interval.low[i]
        assert width / 2 == pytest.approx(half, abs=1e-7) or interval.clipped[i]
        checked += 1
    assert checked > 30


def test_somersd_is_informedness_with_real_classes_in_rows_and_markedness_transposed():
    tables = random_tables(5, 30, high=30)
    for i in range(len(tables)):
        table = tables[i]
        if np.isnan(table.matthews_correlation):
            continue
        real_in_rows = table.to_matrix("lingpipe")  # [[TP, FN], [FP, TN]]: rows are real classes
        assert scipy.stats.somersd(real_in_rows).statistic == pytest.approx(
            u.informedness_interval(table).estimate, abs=1e-12)
        assert scipy.stats.somersd(real_in_rows.T).statistic == pytest.approx(
            u.markedness_interval(table).estimate, abs=1e-12)


def test_chi2_equals_scipy_and_is_n_b_m():
    tables = random_tables(6, 200, high=30)
    result = u.independence_test(tables)
    for i in range(len(tables)):
        table = tables[i]
        if result.undefined[i]:
            assert min(table.real_positives, table.real_negatives, table.predicted_positives,
                       table.predicted_negatives) == 0
            assert np.isnan(result.statistic[i]) and np.isnan(result.pvalue[i])
            continue
        expected = scipy.stats.chi2_contingency(table.to_matrix("powers"), correction=False)
        assert result.statistic[i] == pytest.approx(expected.statistic, rel=1e-10)
        assert result.pvalue[i] == pytest.approx(expected.pvalue, rel=1e-9, abs=1e-300)
        assert result.statistic[i] == pytest.approx(table.total * table.informedness * table.markedness,
                                                    rel=1e-10)


@pytest.mark.parametrize("method, scipy_test", [("fisher", scipy.stats.fisher_exact),
                                                ("barnard", scipy.stats.barnard_exact),
                                                ("boschloo", scipy.stats.boschloo_exact)])
def test_exact_tests_are_scipy_on_the_powers_matrix(method, scipy_test):
    for table in (BinaryTable(tp=9, fn=3, fp=4, tn=11), BinaryTable(tp=5, fn=4, fp=4, tn=14),
                  BinaryTable(tp=4, fn=2, fp=1, tn=20)):
        expected = scipy_test([[table.tp, table.fp], [table.fn, table.tn]])
        result = u.independence_test(table, method=method)
        assert result.pvalue == pytest.approx(expected.pvalue, rel=1e-12)
        assert result.statistic == pytest.approx(expected.statistic, rel=1e-12)


def test_fisher_exact_by_hand():
    # [[3, 0], [0, 3]]: with all margins 3, the tables as extreme as this one are it and
    # [[0, 3], [3, 0]], each with hypergeometric probability 1/C(6, 3) = 1/20: p = 2/20.
    result = u.independence_test(BinaryTable(tp=3, fp=0, fn=0, tn=3), method="fisher")
    assert result.pvalue == pytest.approx(0.1)


def test_barnard_conditions_on_the_real_classes():
    # Barnard's columns are the two binomial samples; in Powers' layout the columns are the
    # real classes, so the test is of tpr = fpr.  A transposed table (real in rows) differs.
    table = BinaryTable(tp=7, fp=1, fn=1, tn=2)
    ours = u.independence_test(table, method="barnard").pvalue
    assert ours == pytest.approx(scipy.stats.barnard_exact([[7, 1], [1, 2]]).pvalue)
    assert ours != pytest.approx(scipy.stats.barnard_exact([[7, 1], [1, 2]][::-1]).pvalue)


# ---------------------------------------------------------------------- McNemar
@pytest.mark.parametrize("method, correction", [("exact", False), ("chi2", False), ("chi2", True)])
def test_mcnemar_equals_statsmodels(method, correction):
    tables = random_tables(7, 200, high=25)
    result = u.mcnemar(tables, method=method, correction=correction)
    for i in range(len(tables)):
        table = tables[i]
        if table.fp + table.fn == 0:
            assert result.undefined[i] and np.isnan(result.pvalue[i])
            continue
        if correction and table.fp == table.fn:
            # R's mcnemar.test (caret) corrects only when FP != FN, so chi^2 = 0 and p = 1;
            # statsmodels corrects always and reports (0 - 1)^2/(FP + FN).
            assert (result.statistic[i], result.pvalue[i]) == (0.0, 1.0)
            continue
        expected = statsmodels_tables.mcnemar([[table.tp, table.fp], [table.fn, table.tn]],
                                              exact=method == "exact", correction=correction)
        assert result.pvalue[i] == pytest.approx(expected.pvalue, rel=1e-12)
        assert result.statistic[i] == pytest.approx(expected.statistic, rel=1e-12)


def test_mcnemar_is_one_when_bias_equals_prevalence():
    # FP = FN = 4 means PP = TP + 4 = RP: bias = prevalence; the exact p-value is
    # min(1, 2 * Pr(X <= 4)) with X ~ Bin(8, 1/2) and Pr(X <= 4) = 163/256 > 1/2, so p = 1.
    table = BinaryTable(tp=5, fn=4, fp=4, tn=14)
    assert table.bias == table.prevalence
    assert u.mcnemar(table).pvalue == 1.0
    # 0 vs 6 discordant cases: p = 2 / 2^6 = 1/32
    assert u.mcnemar(BinaryTable(tp=5, fn=6, fp=0, tn=9)).pvalue == pytest.approx(1 / 32)


# ---------------------------------------------------------------------- bootstrap
# The bootstrap intervals are checked against scipy's case bootstrap in tests/test_resampling.py.
def test_bootstrap_of_a_degenerate_table_is_nan_with_a_reason():
    perfect = BinaryTable(tp=10, fn=0, fp=0, tn=10)
    interval = u.informedness_interval(perfect, method="bootstrap", n_resamples=100)
    assert math.isnan(interval.low) and "degenerate" in interval.reason
    assert interval.estimate == 1.0



def test_bootstrap_limits_vary_over_seeds_far_less_than_the_interval_is_wide():
    # A bootstrap limit is a Monte Carlo estimate of a quantile. Its standard error with R resamples is about
    # sqrt(a (1 - a) / R) / f(q), f the bootstrap density at the quantile; for a near-normal distribution of
    # sd s, f(q) = phi(1.96) / s = 0.0584 / s, so at a = 0.025, R = 9,999: 0.00156 / 0.0584 s = 0.027 s,
    # and the width is about 3.92 s: SE = 0.7 % of the width (BCa's corrections may double it). The limits'
    # SD over 10 seeds must stay under 5 % of the width: above three times that SE even when doubled, a
    # chi-squared(9)/9 ratio of 12 or more, which has probability under 1e-15.
    table = BinaryTable(tp=85, fp=64, fn=21, tn=115)          # RP = 106, RN = 179, as in notebook 11b
    limits = np.array([(i.low, i.high) for i in (
        u.informedness_interval(table, method="bootstrap", seed=seed) for seed in range(1, 11))])
    width = np.mean(limits[:, 1] - limits[:, 0])
    spread = limits.std(axis=0, ddof=1)
    assert width > 0.15 and (spread < 0.05 * width).all(), (width, spread)
    assert (spread > 0).all()                                  # the seed matters: each limit is an estimate

def test_bootstrap_takes_one_table_only():
    with pytest.raises(ValueError, match="^table must be a single table .*, got an array"):
        u.informedness_interval(random_tables(8, 3), method="bootstrap")


# ---------------------------------------------------------------------- comparing classifiers
def test_compare_predictions_two_classes():
    rng = np.random.default_rng(11)
    real = rng.random(300) < 0.4
    a = np.where(rng.random(300) < 0.7, real, rng.random(300) < 0.4)  # informedness 0.7
    b = np.where(rng.random(300) < 0.2, real, rng.random(300) < 0.4)  # informedness 0.2
    result = u.compare_predictions(real.astype(int), a.astype(int), b.astype(int), n_resamples=2000)["informedness"]
    from sklearn.metrics import balanced_accuracy_score
    assert result.estimate_a == pytest.approx(balanced_accuracy_score(real, a, adjusted=True))
    assert result.difference.estimate == pytest.approx(
        balanced_accuracy_score(real, a, adjusted=True) - balanced_accuracy_score(real, b, adjusted=True))
    assert result.a_only == np.count_nonzero((a == real) & (b != real))
    assert result.b_only == np.count_nonzero((a != real) & (b == real))
    # McNemar's test is kept as what it is, a test of equal accuracy
    expected = statsmodels_tables.mcnemar([[0, result.a_only], [result.b_only, 0]], exact=True)
    assert result.equal_accuracy_test.pvalue == pytest.approx(expected.pvalue, rel=1e-12)
    assert "equal accuracy" in result.equal_accuracy_test.method
    # The paired test of informedness: under H0 each class's right-only-for-A count x_c is
    # Bin(d_c, 1/2) (d_c the class's discordant cases); summed here over the whole grid, on the
    # integer numerators Delta B * RP * RN = (2 x1 - d1) RN + (2 x0 - d0) RP.
    rp, rn = int(real.sum()), int((~real).sum())
    d1, d0 = (int(np.count_nonzero((a != b) & side)) for side in (real, ~real))
    observed = abs(round(result.difference.estimate * rp * rn))
    x1, x0 = np.meshgrid(np.arange(d1 + 1), np.arange(d0 + 1), indexing="ij")
    weight = scipy.stats.binom.pmf(x1, d1, 0.5) * scipy.stats.binom.pmf(x0, d0, 0.5)
    exact = weight[np.abs((2 * x1 - d1) * rn + (2 * x0 - d0) * rp) >= observed].sum()
    assert result.test.pvalue == pytest.approx(exact, rel=1e-9)
    assert result.difference.low <= result.difference.estimate <= result.difference.high


def test_compare_identical_classifiers():
    real = [0, 1, 1, 0, 1, 0, 0, 1]
    predicted = [0, 1, 0, 0, 1, 1, 0, 1]
    result = u.compare_predictions(real, predicted, predicted, n_resamples=100)["informedness"]
    # no case tells them apart: the test says nothing (p = 1), McNemar has no discordant case,
    # and the interval of the difference still has width (the data cannot pin it at 0)
    assert result.difference.estimate == 0.0 and result.test.pvalue == 1.0
    assert result.equal_accuracy_test.undefined
    assert result.difference.low < 0.0 < result.difference.high


def test_compare_predictions_bad_input():
    with pytest.raises(ValueError, match="measure"):
        u.compare_predictions([0, 1], [0, 1], [1, 0], measures="nonsense")
    with pytest.raises(ValueError, match="y_pred_b"):
        u.compare_predictions([0, 1, 1], [0, 1, 1], [1, 0])


# ---------------------------------------------------------------------- clipping, degenerate, bad input
def test_wald_is_clipped_and_says_so():
    # TP = 9 of RP = 10, FP = 0 of RN = 10: B = 0.9, Wald half-width 1.96 * sqrt(0.9*0.1/10)
    # = 1.96 * 0.0949 = 0.186, so the upper limit 1.086 is clipped to 1.
    interval = u.informedness_interval(BinaryTable(tp=9, fn=1, fp=0, tn=10), method="wald")
    assert interval.high == 1.0 and interval.clipped
    assert interval.low == pytest.approx(0.9 - scipy.stats.norm.isf(0.025) * math.sqrt(0.009))
    # Newcombe's limits lie inside [-1, 1] by construction: nothing to clip
    assert not u.informedness_interval(BinaryTable(tp=9, fn=1, fp=0, tn=10), method="newcombe").clipped


@pytest.mark.parametrize("function", [u.informedness_interval, u.markedness_interval,
                                      u.correlation_interval])
def test_degenerate_tables_give_nan_without_warnings(function):
    # N = 0; every case a true positive; every case a true negative; a proper table
    tables = BinaryTable(tp=[0, 5, 0, 3], fp=[0, 0, 0, 2], fn=[0, 0, 0, 1], tn=[0, 0, 5, 4])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        interval = function(tables)
    assert list(interval.undefined) == [True, True, True, False]
    assert np.isnan(interval.low[:3]).all() and np.isfinite(interval.low[3])
    assert interval.reason.startswith("3 of 4 tables")


def test_scalar_reasons():
    assert "RP = 0" in u.informedness_interval(BinaryTable(tp=0, fp=3, fn=0, tn=4)).reason
    assert "PP = 0" in u.markedness_interval(BinaryTable(tp=0, fp=0, fn=3, tn=4)).reason
    assert "N <= 3" in u.correlation_interval(BinaryTable(tp=1, fp=0, fn=0, tn=1), method="fisher").reason
    assert u.independence_test(BinaryTable(tp=3, fp=0, fn=4, tn=0)).undefined
    assert "discordant" in u.mcnemar(BinaryTable(tp=3, fp=0, fn=0, tn=2)).reason


def test_perfect_correlation_fisher_interval_is_the_point():
    # atanh(1) is infinite: the z-interval collapses to phi = 1 (scipy's pearsonr does the same)
    interval = u.correlation_interval(BinaryTable(tp=5, fp=0, fn=0, tn=5), method="fisher")
    assert (interval.low, interval.high) == (1.0, 1.0)


def test_bad_input():
    table = BinaryTable(tp=9, fn=3, fp=4, tn=11)
    with pytest.raises(ValueError, match="table must be a BinaryTable"):
        u.informedness_interval((9, 4, 3, 11))
    with pytest.raises(ValueError, match="counts"):
        u.informedness_interval(BinaryTable(tp=0.3, fp=0.2, fn=0.1, tn=0.4))
    with pytest.raises(ValueError, match="confidence"):
        u.informedness_interval(table, confidence=1.5)
    with pytest.raises(ValueError, match="method"):
        u.informedness_interval(table, method="fisher")
    with pytest.raises(ValueError, match="method"):
        u.correlation_interval(table, method="newcombe")
    with pytest.raises(ValueError, match="method"):
        u.independence_test(table, method="g-test")
    with pytest.raises(ValueError, match="^table must be a single table .*, got an array"):
        u.independence_test(random_tables(9, 2), method="fisher")
    with pytest.raises(ValueError, match="n_resamples"):
        u.informedness_interval(table, method="bootstrap", n_resamples=0)


def test_one_call_for_many_tables_equals_one_call_per_table():
    tables = random_tables(10, 100_000)
    for function in (u.informedness_interval, u.markedness_interval, u.correlation_interval):
        interval = function(tables)
        assert interval.low.shape == (100_000,)
        for i in (0, 17, 99_999):
            single = function(tables[i])
            assert single.low == pytest.approx(interval.low[i], abs=0, nan_ok=True)
            assert single.high == pytest.approx(interval.high[i], abs=0, nan_ok=True)


# ---------------------------------------------------------------------- coverage
def exact_coverage(method, total, prevalence, tpr, fpr, truth):
    """The exact coverage of statsmodels' interval for tpr - fpr, by summing over every table.

    RP ~ Bin(N, prevalence) conditioned on 1 <= RP <= N - 1 (as montecarlo.simulate_tables
    draws it), TP ~ Bin(RP, tpr), FP ~ Bin(N - RP, fpr).
    """
    real_positives = np.arange(1, total)
    weight = scipy.stats.binom.pmf(real_positives, total, prevalence)
    weight = weight / weight.sum()
    covered = 0.0
    for rp, w in zip(real_positives, weight):
        rn = total - rp
        tp, fp = np.meshgrid(np.arange(rp + 1), np.arange(rn + 1), indexing="ij")
        low, high = statsmodels_interval(tp, rp, fp, rn, method, 0.95)
        probability = scipy.stats.binom.pmf(tp, rp, tpr) * scipy.stats.binom.pmf(fp, rn, fpr)
        covered += w * probability[(low <= truth) & (truth <= high)].sum()
    return covered


@pytest.mark.parametrize("method", ["wald", "newcombe", "agresti-caffo"])
def test_simulated_coverage_matches_the_exact_coverage(method):
    # G = 0.5, prevalence 0.3, bias 0.3: guessing bias q = (pp - rp G)/(1 - G) = 0.3, so
    # tpr = G + (1 - G) q = 0.65 and fpr = (1 - G) q = 0.15.
    total, trials = 20, 4000
    exact = exact_coverage(method, total, 0.3, 0.65, 0.15, 0.5)
    result = c.coverage(method, total=total, prevalence=0.3, informedness=0.5, bias=0.3,
                        trials=trials, seed=13)
    assert result.defined == trials and result.truth == 0.5
    # The simulated coverage is a mean of `trials` independent Bernoulli(exact) indicators, so its
    # standard error is sqrt(exact (1 - exact)/trials) (about 0.0035 for exact = 0.95).  4.42
    # standard errors is a two-sided normal tail of 1e-5, so a correct implementation fails this
    # assert with probability 1e-5 (and the seed is fixed, so a pass is reproducible).
    tolerance = 4.42 * math.sqrt(exact * (1.0 - exact) / trials)
    assert abs(result.coverage - exact) <= tolerance
    assert result.standard_error == pytest.approx(
        math.sqrt(result.coverage * (1 - result.coverage) / trials))


def test_coverage_truths_are_the_population_values():
    # pp = 0.2, rp = 0.3, G = 0.5: the informed part rp G = 0.15, so q = (0.2 - 0.15)/0.5 = 0.1
    # and M = B rp rn/(pp pn) = 0.5 * 0.3 * 0.7/(0.2 * 0.8) = 0.65625, phi = sqrt(B M).
    marked = c.coverage("newcombe", measure="markedness", total=50, prevalence=0.3,
                        informedness=0.5, bias=0.2, trials=50, seed=1)
    assert marked.truth == pytest.approx(0.65625)
    correlation = c.coverage("fisher", measure="correlation", total=50, prevalence=0.3,
                             informedness=0.5, bias=0.2, trials=50, seed=1)
    assert correlation.truth == pytest.approx(math.sqrt(0.5 * 0.65625))


def test_coverage_bad_input():
    with pytest.raises(ValueError, match="bias must lie in"):
        # G = 0.9 at prevalence 0.5 forces pp in [0.45, 0.55]
        c.coverage("wald", total=20, prevalence=0.5, informedness=0.9, bias=0.9, trials=10, seed=0)
    with pytest.raises(ValueError, match="method"):
        c.coverage("fisher", measure="informedness", total=20, prevalence=0.5, informedness=0.0,
                   trials=10, seed=0)
    with pytest.raises(ValueError, match="seed"):
        c.coverage("wald", total=20, prevalence=0.5, informedness=0.0, trials=10, seed=None)
    with pytest.raises(ValueError, match="trials"):
        c.coverage("wald", total=20, prevalence=0.5, informedness=0.0, trials=0, seed=0)


def test_core_module_does_not_import_scipy_stats_at_import_time():
    import ast
    import inspect
    tree = ast.parse(inspect.getsource(u))
    top_level = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    names = [alias.name for node in top_level for alias in node.names] + [
        node.module or "" for node in top_level if isinstance(node, ast.ImportFrom)]
    assert not any("scipy" in name or "statsmodels" in name or "matplotlib" in name for name in names)


def test_falls_short_and_the_coverage_table():
    # 4000 defined intervals: a method exactly at 95 % has standard error sqrt(.95 * .05/4000)
    # = 0.003446, so 3 standard errors below is 0.95 - 0.01034 = 0.93966.
    base = dict(method="wald", measure="informedness", confidence=0.95, standard_error=0.0,
                mean_width=0.5, truth=0.5, trials=4000, defined=4000, total=20, prevalence=0.3,
                informedness=0.5, bias=0.3)
    assert c.Coverage(coverage=0.9390, **base).falls_short()
    assert not c.Coverage(coverage=0.9400, **base).falls_short()
    text = format_coverage_table([c.Coverage(coverage=0.9390, **base)], measure="informedness")
    assert "0.939! 0.500" in text and text.splitlines()[2].split()[:3] == ["20", "0.30", "0.5"]
    with pytest.raises(ValueError, match="no result"):
        format_coverage_table([c.Coverage(coverage=0.9390, **base)], measure="markedness")


def test_each_default_is_the_first_of_interval_methods():
    import inspect
    for measure, function in (("informedness", u.informedness_interval),
                              ("markedness", u.markedness_interval),
                              ("correlation", u.correlation_interval)):
        assert inspect.signature(function).parameters["method"].default == u.INTERVAL_METHODS[measure][0]
    # the defaults chosen by coverage (docstrings of the three functions)
    assert [u.INTERVAL_METHODS[m][0] for m in ("informedness", "markedness", "correlation")] == [
        "agresti-caffo", "agresti-caffo", "delta"]


def test_boschloo_is_not_uniformly_more_powerful_than_fisher_two_sided():
    # The docstring's example: with two-sided p-values scipy gives Fisher 0.047 < Boschloo 0.051
    # on the Powers matrix [[TP, FP], [FN, TN]] = [[3, 10], [4, 1]]; one-sided (alternative="less")
    # Boschloo's p-value is the smaller one, 0.026 against 0.047.
    table = BinaryTable(tp=3, fp=10, fn=4, tn=1)
    fisher = u.independence_test(table, method="fisher").pvalue
    boschloo = u.independence_test(table, method="boschloo").pvalue
    assert fisher == pytest.approx(scipy.stats.fisher_exact([[3, 10], [4, 1]]).pvalue, abs=1e-12)
    assert round(fisher, 3) == 0.047 and round(boschloo, 3) == 0.051 and fisher < boschloo
    one_sided = scipy.stats.boschloo_exact([[3, 10], [4, 1]], alternative="less").pvalue
    assert one_sided < scipy.stats.fisher_exact([[3, 10], [4, 1]], alternative="less").pvalue


def test_an_interval_prints_in_one_line_with_its_level_and_method():
    from statsmodels.stats.proportion import confint_proportions_2indep
    assert str(u.Interval(0.25, 0.75, 0.5, "agresti-caffo", 0.95, False, False)) == \
        "0.500 [0.250, 0.750] (95 %, Agresti–Caffo)"
    table = BinaryTable(tp=9, fn=3, fp=4, tn=11)          # B = 9/12 - 4/15 = 0.48333
    low, high = confint_proportions_2indep(9, 12, 4, 15, method="agresti-caffo", compare="diff", alpha=0.1)
    interval = u.informedness_interval(table, confidence=0.9)
    assert f"{interval:.2f}" == f"B = 0.48 [{low:.2f}, {high:.2f}] (90 %, Agresti–Caffo)"
    assert str(u.correlation_interval(table)).endswith("(95 %, delta method)")
    undefined = u.informedness_interval(BinaryTable(tp=0, fp=1, fn=0, tn=3))
    assert str(undefined) == "B = nan (no interval: no real positives or no real negatives (RP = 0 or RN = 0))"
    assert str(u.informedness_interval(BinaryTable(tp=[1, 2], fp=1, fn=1, tn=3))) == \
        "2 intervals of B (95 %, Agresti–Caffo)"


def test_variance_of_informedness_for_every_margin_by_cumulants():
    # Notebook 09 states it: B = TP/RP - FP/RN with TP ~ Bin(RP, t), FP ~ Bin(RN, f) independent has
    # the cumulant generating function K(s) = RP log(1 - t + t e^(s/RP)) + RN log(1 - f + f e^(-s/RN));
    # K'(0) is the mean t - f and K''(0) the variance t(1 - t)/RP + f(1 - f)/RN, for every RP and RN.
    sp = pytest.importorskip("sympy")
    t, f, s = sp.symbols("t f s", positive=True)
    rp, rn = sp.symbols("R_P R_N", positive=True)
    cgf = rp * sp.log(1 - t + t * sp.exp(s / rp)) + rn * sp.log(1 - f + f * sp.exp(-s / rn))
    assert sp.simplify(sp.diff(cgf, s).subs(s, 0) - (t - f)) == 0
    assert sp.simplify(sp.diff(cgf, s, 2).subs(s, 0) - (t * (1 - t) / rp + f * (1 - f) / rn)) == 0


def test_cabernet_bca_on_the_cells_agrees_with_scipys_case_bootstrap():
    # Notebook 09's bootstrap row: the Cabernet (TP 9 of RP 12, FP 4 of RN 15), seed 13, 9,999 resamples.
    # Tolerance, fixed before the run: B* = TP*/12 - FP*/15 has SD s = sqrt(t(1 - t)/12 + f(1 - f)/15)
    # exactly; a BCa limit of 9,999 resamples has a Monte Carlo SD of about 5.2 s/sqrt(9,999), the
    # difference of two runs 7.3 s/sqrt(9,999); allow 5 of those plus one step of B*'s lattice (1/12).
    table = BinaryTable(tp=9, fn=3, fp=4, tn=11)
    ours = u.informedness_interval(table, method="bootstrap", seed=13)
    positives = np.repeat([1.0, 0.0], [9, 3])
    negatives = np.repeat([1.0, 0.0], [4, 11])
    direct = scipy.stats.bootstrap((positives, negatives), lambda x, y, axis: x.mean(axis) - y.mean(axis),
                                   n_resamples=9999, method="BCa", rng=np.random.default_rng(13))
    s = math.sqrt(9 / 12 * 3 / 12 / 12 + 4 / 15 * 11 / 15 / 15)
    tolerance = 5 * 7.3 * s / math.sqrt(9999) + 1 / 12
    assert all(abs(a - b) < tolerance for a, b in zip(ours, direct.confidence_interval))
