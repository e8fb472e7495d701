"""The tolerance checks of notebook 09's simulations, moved here from its teaching cells.

Notebook 09 prints each simulated number beside its exact value; the checks that the two agree
within the simulation's error live here, with the derivation of each tolerance.  The settings
(seed 13, 20,000 guessers on the Cabernet's margins, 4,000 tables of N = 20) are the notebook's.
The exact values come from scipy's binomial probabilities and from statsmodels' intervals summed
by brute force (test_coverage.py), not from the code under test.
"""
import math
from fractions import Fraction

import numpy as np
import pytest
import scipy.stats

pytest.importorskip("statsmodels.stats.proportion")

from bookeval_lib import BinaryTable  # noqa: E402
from bookeval_lib import coverage as c  # noqa: E402
from bookeval_lib import montecarlo as mc  # noqa: E402
from test_coverage import random_composition_brute_force  # noqa: E402

SEED = 13
# A simulated share is a mean of n independent Bernoulli(p) indicators, standard error
# sqrt(p (1 - p)/n).  A two-sided normal tail of 1e-5 is scipy.stats.norm.isf(0.5e-5) = 4.417,
# rounded up to 4.42 standard errors: a correct simulation fails once in 100,000 runs.
TAIL = 4.42
# Notebook 09's wines (its first code cell); the Cabernet has RP = 12, RN = 15, bias 13/27.
WINES = {"Cabernet": (9, 3, 4, 11), "Syrah": (5, 4, 4, 14), "Pinot": (4, 2, 1, 20)}  # tp, fn, fp, tn


def guessers():
    cabernet = BinaryTable(tp=9, fn=3, fp=4, tn=11)
    return mc.simulate_tables(np.zeros(20_000), seed=SEED, n_cases=27, prevalence=cabernet.prevalence,
                              guess_bias=cabernet.bias, real_counts="fixed").table


def test_share_of_guessers_reaching_each_wine_matches_the_binomial_sum():
    q = 13 / 27
    simulated = guessers()
    assert np.all(simulated.real_positives == 12) and np.all(simulated.real_negatives == 15)
    for tp_w, fn_w, fp_w, tn_w in WINES.values():
        wine_b = Fraction(tp_w, tp_w + fn_w) - Fraction(fp_w, fp_w + tn_w)
        # exact: sum of Bin(12, q) x Bin(15, q) over the tables with TP/12 - FP/15 >= B, in fractions
        exact = sum(scipy.stats.binom.pmf(tp, 12, q) * scipy.stats.binom.pmf(fp, 15, q)
                    for tp in range(13) for fp in range(16) if Fraction(tp, 12) - Fraction(fp, 15) >= wine_b)
        share = np.mean(mc.compare_informedness(simulated, BinaryTable(tp=tp_w, fn=fn_w, fp=fp_w, tn=tn_w)) >= 0)
        assert abs(share - exact) <= TAIL * math.sqrt(exact * (1 - exact) / 20_000)


def test_spread_of_the_guessers_matches_the_variance_formula():
    # Var B = q (1 - q) (1/RP + 1/RN) with q = 13/27, RP = 12, RN = 15 (notebook 01b): sd 0.1935.
    q = 13 / 27
    null_sd = math.sqrt(q * (1 - q) * (1 / 12 + 1 / 15))
    assert null_sd == pytest.approx(0.1935, abs=5e-5)
    spread = guessers().informedness
    # The sample sd of n values has a standard error of about sd/sqrt(2n) (exact for normal data;
    # B here is a difference of two binomial shares, close to normal): 0.0010 for n = 20,000.
    # 5 of those allows for the approximation as well as for the tail of 1e-5 (4.42 of them).
    assert abs(spread.std() - null_sd) < 5 * null_sd / math.sqrt(2 * spread.size)


@pytest.mark.parametrize("method", ["wald", "newcombe", "agresti-caffo"])
def test_coverage_of_notebook_09s_setting_matches_the_exact_sum(method):
    # N = 20, prevalence 0.3, B = 0.9 with bias = prevalence: the guessing bias is q = 0.3, so
    # tpr = 0.9 + 0.1 * 0.3 = 0.93 and fpr = 0.1 * 0.3 = 0.03.
    exact = random_composition_brute_force(method, 20, 0.3, 0.93, 0.03)
    assert c.exact_coverage_random_composition(method, total=20, prevalence=0.3,
                                               informedness=0.9) == pytest.approx(exact, abs=1e-12)
    result = c.coverage(method, trials=4_000, seed=SEED, total=20, prevalence=0.3, informedness=0.9)
    assert abs(result.coverage - exact) <= TAIL * math.sqrt(exact * (1 - exact) / result.defined)
