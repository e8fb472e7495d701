"""Tests of bookeval_lib.coverage (exact and simulated coverage) and montecarlo.compare_informedness.

The exact coverage is checked against a brute-force double loop written here over
every table, with statsmodels' intervals (``confint_proportions_2indep``) and scipy's
binomial probabilities, and against the Monte Carlo :func:`coverage` within its
binomial error.  compare_informedness is checked against Python's exact fractions.
"""
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
import scipy.stats

statsmodels_proportion = pytest.importorskip("statsmodels.stats.proportion")

from bookeval_lib import BinaryTable  # noqa: E402
from bookeval_lib import coverage as c  # noqa: E402
from bookeval_lib import montecarlo as mc  # noqa: E402

STATSMODELS_NAME = {"wald": "wald", "newcombe": "newcomb", "agresti-caffo": "agresti-caffo"}
# A Monte Carlo coverage is a mean of `trials` independent Bernoulli(exact) indicators: standard
# error sqrt(exact (1 - exact)/trials).  4.42 standard errors is a two-sided normal tail of 1e-5.
TAIL = 4.42


def brute_force_coverage(method, rp, rn, tpr, fpr, confidence=0.95):
    """Pr(low <= tpr - fpr <= high) by a double loop over TP = 0..RP and FP = 0..RN."""
    total = 0.0
    for tp in range(rp + 1):
        for fp in range(rn + 1):
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                low, high = statsmodels_proportion.confint_proportions_2indep(
                    tp, rp, fp, rn, method=STATSMODELS_NAME[method], compare="diff", alpha=1 - confidence)
            low, high = max(float(low), -1.0), min(float(high), 1.0)
            if low - 1e-12 <= tpr - fpr <= high + 1e-12:
                total += scipy.stats.binom.pmf(tp, rp, tpr) * scipy.stats.binom.pmf(fp, rn, fpr)
    return total


@pytest.mark.parametrize("method", ["wald", "newcombe", "agresti-caffo"])
@pytest.mark.parametrize("rp, rn", [(1, 6), (4, 7), (9, 3)])
def test_exact_coverage_equals_a_brute_force_double_loop(method, rp, rn):
    tpr = np.array([0.3, 0.65, 0.9, 0.97])
    fpr = np.array([0.3, 0.15, 0.05, 0.6])
    exact = c.exact_coverage(method, real_positives=rp, real_negatives=rn, tpr=tpr, fpr=fpr)
    assert exact.shape == (4,)
    expected = [brute_force_coverage(method, rp, rn, t, f) for t, f in zip(tpr, fpr)]
    np.testing.assert_allclose(exact, expected, rtol=0, atol=1e-12)
    # a different confidence and scalar arguments
    assert c.exact_coverage(method, real_positives=rp, real_negatives=rn, tpr=0.7, fpr=0.2,
                            confidence=0.8) == pytest.approx(
        brute_force_coverage(method, rp, rn, 0.7, 0.2, 0.8), abs=1e-12)


@pytest.mark.parametrize("method", ["wald", "newcombe", "agresti-caffo"])
def test_exact_coverage_matches_the_simulated_coverage_at_fixed_composition(method):
    # N = 20, prevalence 0.3: RP = 6, RN = 14 in every table; G = 0.5, bias 0.3 so q = 0.3,
    # tpr = 0.5 + 0.5 * 0.3 = 0.65 and fpr = 0.5 * 0.3 = 0.15.
    trials = 4000
    exact = c.exact_coverage(method, real_positives=6, real_negatives=14, tpr=0.65, fpr=0.15)
    simulated = c.coverage(method, total=20, prevalence=0.3, informedness=0.5, trials=trials, seed=5,
                           real_counts="fixed")
    assert simulated.real_counts == "fixed" and simulated.sampled_prevalence == 0.3
    assert abs(simulated.coverage - exact) <= TAIL * math.sqrt(exact * (1 - exact) / trials)


def random_composition_brute_force(method, total, prevalence, tpr, fpr):
    """The brute force averaged with Pr(RP | 1 <= RP <= N - 1), RP ~ Bin(N, prevalence)."""
    weights = [scipy.stats.binom.pmf(rp, total, prevalence) for rp in range(1, total)]
    return sum(w * brute_force_coverage(method, rp, total - rp, tpr, fpr)
               for rp, w in zip(range(1, total), weights)) / sum(weights)


@pytest.mark.parametrize("method", ["newcombe", "agresti-caffo"])
def test_random_composition_is_the_weighted_brute_force_and_the_simulation(method):
    # N = 12, prevalence 0.2, bias 0.2: q = 0.2 for every G, tpr = G + 0.2 (1 - G), fpr = 0.2 (1 - G)
    g = np.array([0.0, 0.6, 0.9])
    exact = c.exact_coverage_random_composition(method, total=12, prevalence=0.2, informedness=g)
    expected = [random_composition_brute_force(method, 12, 0.2, x + 0.2 * (1 - x), 0.2 * (1 - x)) for x in g]
    np.testing.assert_allclose(exact, expected, rtol=0, atol=1e-12)
    trials = 4000
    simulated = c.coverage(method, total=12, prevalence=0.2, informedness=0.6, trials=trials, seed=8)
    assert abs(simulated.coverage - exact[1]) <= TAIL * math.sqrt(exact[1] * (1 - exact[1]) / trials)


def test_random_composition_with_a_bias_other_than_the_prevalence():
    # prevalence 0.3, bias pp = 0.2, G = 0.5: q = (0.2 - 0.3 * 0.5)/0.5 = 0.1, tpr = 0.55, fpr = 0.05
    exact = c.exact_coverage_random_composition("agresti-caffo", total=10, prevalence=0.3,
                                                informedness=0.5, bias=0.2)
    assert exact == pytest.approx(random_composition_brute_force("agresti-caffo", 10, 0.3, 0.55, 0.05),
                                  abs=1e-12)


def test_the_sweep_is_exact_coverage_at_every_composition():
    g = np.array([0.0, 0.5, 0.95])
    sweep = c.exact_coverage_sweep("newcombe", totals=[5, 8], informedness=g)
    assert sweep.coverage.size == (4 + 7) * 3
    for total, rp in ((5, 1), (8, 3), (8, 7)):
        q = rp / total   # label bias = prevalence of the test set
        chosen = (sweep.total == total) & (sweep.real_positives == rp)
        np.testing.assert_array_equal(sweep.informedness[chosen], g)
        expected = [brute_force_coverage("newcombe", rp, total - rp, x + (1 - x) * q, (1 - x) * q) for x in g]
        np.testing.assert_allclose(sweep.coverage[chosen], expected, rtol=0, atol=1e-12)
    value, total, rp, g_worst = sweep.worst()
    assert value == sweep.coverage.min()
    index = np.argmin(sweep.coverage)
    assert (total, rp, g_worst) == (sweep.total[index], sweep.real_positives[index], sweep.informedness[index])
    # only tables with at least 2 cases in each class, at N = 8: RP = 2..6
    value, total, rp, _ = sweep.worst(smallest_class=2, total=8)
    chosen = (sweep.total == 8) & (sweep.real_positives >= 2) & (sweep.real_positives <= 6)
    assert value == sweep.coverage[chosen].min() and total == 8 and 2 <= rp <= 6
    with pytest.raises(ValueError, match="no entry"):
        sweep.worst(smallest_class=5)


def test_exact_coverage_bad_input():
    with pytest.raises(ValueError, match="method"):
        c.exact_coverage("bootstrap", real_positives=3, real_negatives=3, tpr=0.5, fpr=0.5)
    with pytest.raises(ValueError, match="real_positives"):
        c.exact_coverage("wald", real_positives=0, real_negatives=3, tpr=0.5, fpr=0.5)
    with pytest.raises(ValueError, match="tpr"):
        c.exact_coverage("wald", real_positives=3, real_negatives=3, tpr=1.5, fpr=0.5)
    with pytest.raises(ValueError, match="broadcast"):
        c.exact_coverage("wald", real_positives=3, real_negatives=3, tpr=[0.1, 0.2], fpr=[0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="confidence"):
        c.exact_coverage("wald", real_positives=3, real_negatives=3, tpr=0.5, fpr=0.5, confidence=1.0)
    with pytest.raises(ValueError, match="informedness"):
        c.exact_coverage_sweep("wald", totals=[4], informedness=[-0.5])
    with pytest.raises(ValueError, match="totals"):
        c.exact_coverage_sweep("wald", totals=[1], informedness=[0.5])


# ---------------------------------------------------------------------- the simulated study
def test_the_truth_is_taken_at_the_prevalence_actually_sampled():
    # N = 20, prevalence 0.05: RP conditioned on 1 <= RP <= 19 has mean
    # sum_k k Pr(k) / sum_k Pr(k) over k = 1..19 (about 1/(1 - 0.95^20) = 1.559), not N p = 1.
    k = np.arange(1, 20)
    weights = scipy.stats.binom.pmf(k, 20, 0.05)
    mean_rp = float((k * weights).sum() / weights.sum())
    assert mean_rp == pytest.approx(1 / (1 - 0.95 ** 20), abs=1e-6)
    result = c.coverage("agresti-caffo", measure="markedness", total=20, prevalence=0.05,
                        informedness=0.9, trials=50, seed=1)
    rp = mean_rp / 20
    assert result.sampled_prevalence == pytest.approx(rp, abs=1e-12)
    # q = 0.05 (bias = prevalence in the population), tpr = 0.9 + 0.1 q, fpr = 0.1 q;
    # pp = rp tpr + (1 - rp) fpr and M = B rp (1 - rp)/(pp (1 - pp)) (notebook 03).
    tpr, fpr = 0.9 + 0.1 * 0.05, 0.1 * 0.05
    pp = rp * tpr + (1 - rp) * fpr
    assert result.truth == pytest.approx(0.9 * rp * (1 - rp) / (pp * (1 - pp)), abs=1e-12)
    correlation = c.coverage("delta", measure="correlation", total=20, prevalence=0.05, informedness=0.9,
                             trials=50, seed=1)
    assert correlation.truth == pytest.approx(math.sqrt(0.9 * result.truth), abs=1e-12)
    informedness = c.coverage("wald", total=20, prevalence=0.05, informedness=0.9, trials=50, seed=1)
    assert informedness.truth == 0.9


def test_overall_coverage_counts_a_missing_interval_as_not_covered():
    result = c.coverage("newcombe", measure="markedness", total=20, prevalence=0.05, informedness=0.5,
                        trials=400, seed=3)
    assert result.defined < result.trials     # PP = 0 happens here
    assert result.covered == round(result.coverage * result.defined)
    assert result.overall_coverage == result.covered / result.trials < result.coverage
    assert result.overall_standard_error == pytest.approx(
        math.sqrt(result.overall_coverage * (1 - result.overall_coverage) / result.trials))


def test_markedness_given_the_predictions_is_exactly_binomial():
    # With the cases drawn at random (N = 50, prevalence 0.3: Pr(RP = 0 or 50) < 2e-8, so the
    # conditioning of the simulation is immaterial), PP ~ Bin(N, pp) and given PP the counts are
    # TP ~ Bin(PP, PPV), FN ~ Bin(PN, FOR).  So the coverage of the markedness interval over the
    # tables with PP, PN > 0 is the exact coverage at each PP averaged over PP: nothing is lost.
    total, rp, g = 50, 0.3, 0.5
    tpr, fpr = g + (1 - g) * rp, (1 - g) * rp            # bias = prevalence: q = rp
    pp = rp * tpr + (1 - rp) * fpr
    ppv, false_omission = rp * tpr / pp, rp * (1 - tpr) / (1 - pp)
    k = np.arange(1, total)
    weights = scipy.stats.binom.pmf(k, total, pp)
    exact = sum(w * c.exact_coverage("agresti-caffo", real_positives=int(n), real_negatives=int(total - n),
                                     tpr=ppv, fpr=false_omission) for n, w in zip(k, weights)) / weights.sum()
    trials = 4000
    simulated = c.coverage("agresti-caffo", measure="markedness", total=total, prevalence=rp, informedness=g,
                           trials=trials, seed=21)
    assert simulated.truth == pytest.approx(ppv - false_omission, abs=1e-6)
    assert abs(simulated.coverage - exact) <= TAIL * math.sqrt(exact * (1 - exact) / simulated.defined)


def test_coverage_rejects_an_unknown_design():
    with pytest.raises(ValueError, match="real_counts"):
        c.coverage("wald", total=20, prevalence=0.5, informedness=0.0, trials=10, seed=0, real_counts="x")


# ---------------------------------------------------------------------- ties on the grid of B
def test_compare_informedness_agrees_with_exact_fractions():
    rng = np.random.default_rng(4)
    cells = rng.integers(0, 9, size=(4, 3000))
    tables = BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3])
    reference = BinaryTable(tp=5, fn=4, fp=4, tn=14)          # the Syrah: B = 5/9 - 4/18 = 1/3
    sign = mc.compare_informedness(tables, reference)
    by_threshold = mc.compare_informedness(tables, Fraction(1, 3))
    np.testing.assert_array_equal(sign, by_threshold)
    for i in range(cells.shape[1]):
        tp, fp, fn, tn = (int(x) for x in cells[:, i])
        if tp + fn == 0 or fp + tn == 0:
            assert np.isnan(sign[i])
            continue
        difference = Fraction(tp, tp + fn) - Fraction(fp, fp + tn) - Fraction(1, 3)
        assert sign[i] == (difference > 0) - (difference < 0)
    assert (sign == 0).sum() > 0          # ties occur on this grid


def test_compare_informedness_keeps_the_ties_that_floats_drop():
    # B = TP/12 - FP/15 = 1/3 for (TP, FP) = (4, 0), (8, 5), (12, 10): 5 TP - 4 FP = 20
    tp, fp = np.array([4, 8, 12]), np.array([0, 5, 10])
    ties = BinaryTable(tp=tp, fn=12 - tp, fp=fp, tn=15 - fp)
    syrah = BinaryTable(tp=5, fn=4, fp=4, tn=14)
    assert not np.all(ties.informedness >= syrah.informedness)    # the float comparison loses them
    np.testing.assert_array_equal(mc.compare_informedness(ties, syrah), [0, 0, 0])
    assert mc.compare_informedness(ties[0], syrah) == 0.0


def test_compare_informedness_with_large_counts_and_bad_input():
    # B = 10^9/(2 10^9 - 1) - 3/(10^9 + 3) = 0.5 + 2.5e-10 - 3e-9 < 1/2 (products beyond int64)
    big = BinaryTable(tp=10**9, fn=10**9 - 1, fp=3, tn=10**9)
    assert mc.compare_informedness(big, Fraction(1, 2)) == -1.0
    assert mc.compare_informedness(big, 0) == 1.0
    table = BinaryTable(tp=1, fn=1, fp=0, tn=2)
    with pytest.raises(ValueError, match="exact number"):
        mc.compare_informedness(table, 0.5)
    with pytest.raises(ValueError, match="exact number"):
        mc.compare_informedness(table, True)
    with pytest.raises(ValueError, match="one table"):
        mc.compare_informedness(table, BinaryTable(tp=[1, 2], fn=[1, 1], fp=[0, 0], tn=[2, 2]))
    with pytest.raises(ValueError, match="undefined"):
        mc.compare_informedness(table, BinaryTable(tp=0, fn=0, fp=1, tn=2))
    with pytest.raises(ValueError, match="whole numbers"):
        mc.compare_informedness(BinaryTable(tp=0.5, fn=1, fp=0, tn=2), 0)
    with pytest.raises(ValueError, match="BinaryTable"):
        mc.compare_informedness([1, 2, 3, 4], 0)
