"""Tests of bookeval_lib._resampling: the bootstrap of a table drawn cell by cell, against the case bootstrap.

The reference is the bootstrap of the N expanded cases: ``scipy.stats.bootstrap(..., method="BCa")``
for the intervals, and the N leave-one-out values of the expanded cases, computed here by brute
force, for the jackknife.  The acceleration is deterministic, so it must agree to rounding; the
bias correction and the limits depend on the draws, so the bias correction is recomputed here from
the returned distribution, and the limits agree with scipy's only within Monte Carlo error.
"""
import tracemalloc
import warnings

import numpy as np
import pytest
import scipy.stats
from scipy.special import ndtr, ndtri

from bookeval_lib import BinaryTable, _resampling as resampling
from bookeval_lib import uncertainty as u

ROUNDING = 1e-12
TABLES = [BinaryTable(tp=9, fn=3, fp=4, tn=11),        # LingPipe's Cabernet
          BinaryTable(tp=4, fn=2, fp=1, tn=20),        # LingPipe's Pinot
          BinaryTable(tp=30, fn=12, fp=17, tn=41),
          BinaryTable(tp=12, fn=0, fp=5, tn=23)]       # an empty cell: 3 distinct leave-one-out tables


def samples_of(table, measure):
    """The expanded 0/1 samples the case bootstrap resamples (two strata for B and M)."""
    tp, fp, fn, tn = (int(x) for x in (table.tp, table.fp, table.fn, table.tn))
    if measure == "informedness":     # real positives: TP ones, FN zeros; real negatives: FP ones, TN zeros
        return np.repeat([1.0, 0.0], [tp, fn]), np.repeat([1.0, 0.0], [fp, tn])
    return np.repeat([1.0, 0.0], [tp, fp]), np.repeat([1.0, 0.0], [fn, tn])   # by prediction: PPV, FOR


def difference(x, y, axis=-1):
    return x.mean(axis=axis) - y.mean(axis=axis)


def cases_of(table):
    """The N cases as (real, predicted) 0/1 codes."""
    tp, fp, fn, tn = (int(x) for x in (table.tp, table.fp, table.fn, table.tn))
    real = np.repeat([1.0, 0.0, 1.0, 0.0], [tp, fp, fn, tn])
    predicted = np.repeat([1.0, 1.0, 0.0, 0.0], [tp, fp, fn, tn])
    return real, predicted


def phi(real, predicted, axis=-1):
    tp, fp = (real * predicted).sum(axis), ((1 - real) * predicted).sum(axis)
    fn, tn = (real * (1 - predicted)).sum(axis), ((1 - real) * (1 - predicted)).sum(axis)
    return np.asarray(BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn).matthews_correlation)


def brute_force_acceleration(groups):
    """a of BCa from the leave-one-out values of every case, sample by sample (Efron & Tibshirani 14.15)."""
    cubes = squares = 0.0
    for values in groups:
        n = values.size
        u_i = (n - 1) * (values.mean() - values)
        cubes += np.sum(u_i ** 3) / n ** 3
        squares += np.sum(u_i ** 2) / n ** 2
    return cubes / (6 * squares ** 1.5)


def leave_one_out_two_samples(first, second):
    """Statistic of every case left out, per sample, on the expanded data."""
    return [np.array([difference(np.delete(first, i), second) for i in range(first.size)]),
            np.array([difference(first, np.delete(second, i)) for i in range(second.size)])]


def leave_one_out_cases(real, predicted):
    return [np.array([float(phi(np.delete(real, i), np.delete(predicted, i))) for i in range(real.size)])]


def result_of(table, measure, n_resamples, seed):
    if measure == "correlation":
        return resampling.correlation(table, confidence=0.95, n_resamples=n_resamples, seed=seed)
    successes = (table.tp, table.real_positives, table.fp, table.real_negatives) if measure == "informedness" \
        else (table.tp, table.predicted_positives, table.fn, table.predicted_negatives)
    return resampling.two_proportions(*successes, confidence=0.95, n_resamples=n_resamples, seed=seed)


@pytest.mark.parametrize("measure", ["informedness", "markedness", "correlation"])
@pytest.mark.parametrize("index", range(len(TABLES)))
def test_jackknife_and_bias_correction_equal_those_of_the_expanded_cases(measure, index):
    table = TABLES[index]
    result = result_of(table, measure, 2000, seed=index)
    if measure == "correlation":
        estimate, groups = float(table.matthews_correlation), leave_one_out_cases(*cases_of(table))
    else:
        first, second = samples_of(table, measure)
        estimate, groups = float(difference(first, second)), leave_one_out_two_samples(first, second)
    assert result.acceleration == pytest.approx(brute_force_acceleration(groups), rel=1e-9, abs=ROUNDING)
    if np.isnan(result.distribution).any():     # a resample with an empty margin: scipy's limits are nan too
        assert np.isnan(result.low) and np.isnan(result.high)
        return
    # z0 = Phi^-1 of the share of the distribution below the estimate, ties counted half
    # (scipy.stats.percentileofscore's kind="mean", in percent)
    share = scipy.stats.percentileofscore(result.distribution, estimate, kind="mean") / 100
    assert result.bias_correction == pytest.approx(float(ndtri(share)), abs=ROUNDING)
    # the limits are the distribution's quantiles at Efron's adjusted levels
    z0, a, z = result.bias_correction, result.acceleration, ndtri(0.025)
    levels = [ndtr(z0 + (z0 + side) / (1 - a * (z0 + side))) for side in (z, -z)]
    assert (result.low, result.high) == pytest.approx(tuple(np.quantile(result.distribution, levels)),
                                                      abs=ROUNDING)


def test_acceleration_and_levels_equal_scipys_own_on_the_expanded_cases():
    # scipy's private BCa helper, given our distribution and the expanded samples, recomputes z0
    # and a its own way (jackknife of the N cases); a guard in case a scipy release moves it.
    bca_interval = pytest.importorskip("scipy.stats._resampling")._bca_interval
    table = TABLES[2]
    result = result_of(table, "informedness", 2000, seed=1)
    first, second = samples_of(table, "informedness")
    alpha_1, alpha_2, a_hat = bca_interval((first, second), difference, axis=-1, alpha=0.025,
                                           theta_hat_b=result.distribution, batch=None, xp=np)
    assert result.acceleration == pytest.approx(float(a_hat), rel=1e-9)
    assert (result.low, result.high) == pytest.approx(
        tuple(np.quantile(result.distribution, [float(alpha_1), float(alpha_2)])), abs=ROUNDING)


@pytest.mark.parametrize("measure", ["informedness", "markedness", "correlation"])
@pytest.mark.parametrize("index", range(len(TABLES)))
def test_limits_agree_with_scipys_case_bootstrap_within_monte_carlo_error(measure, index):
    table = TABLES[index]
    resamples = 9999
    ours = result_of(table, measure, resamples, seed=100 + index)
    if measure == "correlation":
        real, predicted = cases_of(table)
        with warnings.catch_warnings():    # scipy warns where a resample has an empty margin (limits nan)
            warnings.simplefilter("ignore", scipy.stats.DegenerateDataWarning)
            scipys = scipy.stats.bootstrap((real, predicted), phi, paired=True, n_resamples=resamples,
                                           method="BCa", rng=np.random.default_rng(index))
        lattice = 4.0 / table.total   # one case moved changes phi by O(1/N); 4/N bounds that at these tables
    else:
        first, second = samples_of(table, measure)
        scipys = scipy.stats.bootstrap((first, second), difference, n_resamples=resamples, method="BCa",
                                       rng=np.random.default_rng(index))
        lattice = max(1.0 / first.size, 1.0 / second.size)   # one success more or less in a sample
    # Tolerance, derived before looking: with bootstrap SD s, a limit is a sample quantile at level
    # ~alpha = 0.025 of B draws, SD ~ sqrt(alpha (1 - alpha)/B) / phi(z_alpha) s = 2.67 s/sqrt(B); z0 is
    # read from a share near 1/2, SD <= 0.5/sqrt(B)/phi(0) = 1.25/sqrt(B), and moves the level's z by
    # about 2 dz0, so the limit by 2.51 s/sqrt(B).  Adding the two (not assuming independence) gives
    # 5.18 s/sqrt(B) per run, x sqrt(2) for the difference of two independent runs: 7.3 s/sqrt(B);
    # we allow 5 of those, plus one lattice step, since the distribution lives on a lattice whose
    # quantiles jump by a step.
    if np.isnan(scipys.confidence_interval.low):
        # the Pinot table's PP = 5: a resample with no positive prediction has probability (22/27)^27 =
        # 0.004, so among 9,999 resamples both runs meet one (all but 1e-17) and both limits are nan
        assert np.isnan(ours.low) and np.isnan(ours.high)
        return
    spread = np.std(ours.distribution)
    tolerance = 5 * 7.3 * spread / np.sqrt(resamples) + lattice
    assert ours.low == pytest.approx(scipys.confidence_interval.low, abs=tolerance)
    assert ours.high == pytest.approx(scipys.confidence_interval.high, abs=tolerance)
    # the two distributions are the same law: means within 5 standard errors of a difference of two means
    assert np.mean(ours.distribution) == pytest.approx(np.mean(scipys.bootstrap_distribution),
                                                       abs=5 * np.sqrt(2 / resamples) * spread)


def test_public_intervals_are_these_bootstraps():
    table = TABLES[0]
    for function, measure in ((u.informedness_interval, "informedness"), (u.markedness_interval, "markedness"),
                              (u.correlation_interval, "correlation")):
        interval = function(table, method="bootstrap", n_resamples=999, seed=4)
        expected = result_of(table, measure, 999, seed=4)
        assert (interval.low, interval.high) == (expected.low, expected.high)
        assert interval.method == "bootstrap" and interval.reason is None


def test_a_million_cases_take_memory_of_the_resamples_not_of_the_cases():
    # The case bootstrap held N x resamples values (18.6 GiB at N = 10^5).  The cells' draws hold a
    # few arrays of n_resamples values: 9,999 x 8 bytes = 80 kB each; 8 MB is a generous bound.
    table = BinaryTable(tp=300_000, fn=100_000, fp=150_000, tn=450_000)
    for function in (u.informedness_interval, u.markedness_interval, u.correlation_interval):
        tracemalloc.start()
        interval = function(table, method="bootstrap")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert peak < 8e6
        assert interval.low < interval.estimate < interval.high


def test_constant_jackknife_gives_nan():
    # every leave-one-out value equal: a = 0/0, no interval (scipy gives nan with a warning here)
    result = resampling.bca(0.5, np.linspace(0, 1, 11), [(np.array([0.5]), np.array([5.0]))], 0.95)
    assert np.isnan(result.low) and np.isnan(result.high) and np.isnan(result.acceleration)


def test_nan_in_the_distribution_gives_nan():
    result = resampling.bca(0.5, np.array([0.1, np.nan, 0.7]), [(np.array([0.4, 0.6]), np.array([2.0, 2.0]))],
                            0.95)
    assert np.isnan(result.low) and np.isnan(result.high)


def test_the_jackknife_keeps_its_digits_at_large_counts():
    # at N = 4 x 10^17 the leave-one-out values themselves round to the estimate (1/N < 2^-53 of it);
    # their moves do not.  For one sample of n cases with s successes, leaving out a success moves
    # s/n by -(n - s)/(n (n - 1)) and a failure by s/(n (n - 1)); these average 0, so
    # U_i = (n - 1)(mean - theta_i) is (n - s)/n for the s successes and -s/n for the n - s failures
    # (the second sample's with the sign of -p2), and a = sum U^3/n^3 / (6 (sum U^2/n^2)^1.5).
    table = BinaryTable(tp=3e17, fn=1e17, fp=1e17, tn=3e17)
    result = resampling.two_proportions(table.tp, table.real_positives, table.fp, table.real_negatives,
                                        confidence=0.95, n_resamples=999, seed=0)
    cubes = squares = 0.0
    for s, n, sign in ((3e17, 4e17, 1.0), (1e17, 4e17, -1.0)):
        u_success, u_failure = sign * (n - s) / n, -sign * s / n
        cubes += (s * u_success ** 3 + (n - s) * u_failure ** 3) / n ** 3
        squares += (s * u_success ** 2 + (n - s) * u_failure ** 2) / n ** 2
    assert result.acceleration == pytest.approx(cubes / (6 * squares ** 1.5), rel=1e-9)
    assert result.low < 0.5 < result.high


def test_more_cases_than_64_bit_counts_hold_is_refused():
    with pytest.raises(ValueError, match="table holds .* 2\\^62"):
        u.correlation_interval(BinaryTable(tp=3e19, fn=1e19, fp=2e19, tn=4e19), method="bootstrap")
