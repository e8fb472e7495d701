"""The tolerance checks of notebook 09's simulations, and the checks of its teaching cells, moved here.

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


# ---------------------------------------------------------------------------------------------------------
# The checks of notebook 09's teaching cells, moved here: each interval against its formula written out and
# against statsmodels, Wilson's limits against sympy's roots, and the numbers the prose states.
EXAMPLES = {**WINES, "01b tagger": (85, 5, 3, 7)}          # tp, fn, fp, tn
Z95 = scipy.stats.norm.isf(0.025)


def _table(cells):
    tp, fn, fp, tn = cells
    return BinaryTable(tp=tp, fn=fn, fp=fp, tn=tn)


@pytest.mark.parametrize("name", EXAMPLES)
def test_wald_interval_is_the_formula_and_statsmodels(name):
    from statsmodels.stats.proportion import confint_proportions_2indep

    from bookeval_lib import uncertainty as u

    tp, fn, fp, tn = EXAMPLES[name]
    t_hat, f_hat = tp / (tp + fn), fp / (fp + tn)
    half = Z95 * math.sqrt(t_hat * (1 - t_hat) / (tp + fn) + f_hat * (1 - f_hat) / (fp + tn))
    by_hand = np.clip([t_hat - f_hat - half, t_hat - f_hat + half], -1, 1)
    theirs = confint_proportions_2indep(tp, tp + fn, fp, fp + tn, method="wald", compare="diff")
    ours = u.informedness_interval(_table(EXAMPLES[name]), method="wald")
    assert np.allclose(tuple(ours), by_hand) and np.allclose(tuple(ours), np.clip(theirs, -1, 1))
    # the prose: the Pinot's upper limit crosses 1 and is clipped, the others are not
    assert ours.clipped == (name == "Pinot")


def test_wald_on_a_perfect_table_has_zero_width():
    from bookeval_lib import uncertainty as u

    # recall 10/10 and fallout 0/10: both variances 0, so B = 1 +- 0
    assert tuple(u.informedness_interval(BinaryTable(tp=10, fn=0, fp=0, tn=10), method="wald")) == (1.0, 1.0)


@pytest.mark.parametrize("name", EXAMPLES)
def test_newcombe_interval_is_square_and_add_and_statsmodels(name):
    from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

    from bookeval_lib import uncertainty as u

    tp, fn, fp, tn = EXAMPLES[name]
    t_hat, f_hat = tp / (tp + fn), fp / (fp + tn)
    l_t, u_t = proportion_confint(tp, tp + fn, method="wilson")
    l_f, u_f = proportion_confint(fp, fp + tn, method="wilson")
    by_hand = (t_hat - f_hat - math.hypot(t_hat - l_t, u_f - f_hat),
               t_hat - f_hat + math.hypot(u_t - t_hat, f_hat - l_f))
    theirs = confint_proportions_2indep(tp, tp + fn, fp, fp + tn, method="newcomb", compare="diff")
    ours = u.informedness_interval(_table(EXAMPLES[name]), method="newcombe")
    assert np.allclose(tuple(ours), by_hand) and np.allclose(tuple(ours), theirs)


def test_newcombe_on_a_perfect_table_reaches_below_one():
    from bookeval_lib import uncertainty as u

    # Wilson's lower limit for 10 of 10 is 10/(10 + z^2) = 0.7224; fallout 0/10 has upper limit
    # z^2/(10 + z^2) = 0.2776: low = 1 - sqrt(0.2776^2 + 0.2776^2) = 0.6074
    low, high = u.informedness_interval(BinaryTable(tp=10, fn=0, fp=0, tn=10), method="newcombe")
    edge = Z95**2 / (10 + Z95**2)
    assert low == pytest.approx(1 - math.hypot(edge, edge)) and high == pytest.approx(1.0)


def test_wilson_roots_are_centre_minus_and_plus_half_width():
    sp = pytest.importorskip("sympy")
    from statsmodels.stats.proportion import proportion_confint

    p, p_hat, n, zz = sp.symbols(r"p \hat{p} n z", positive=True)
    roots = sp.solve(sp.Eq((p_hat - p) ** 2, zz**2 * p * (1 - p) / n), p)
    centre = (p_hat + zz**2 / (2 * n)) / (1 + zz**2 / n)
    half_width = zz * sp.sqrt(p_hat * (1 - p_hat) / n + zz**2 / (4 * n**2)) / (1 + zz**2 / n)
    assert sp.simplify(roots[0] + roots[1] - 2 * centre) == 0
    assert sp.simplify(roots[0] * roots[1] - (centre**2 - half_width**2)) == 0
    assert sp.simplify((centre - half_width).subs(p_hat, 0)) == 0      # p_hat = 0: the lower limit is 0
    assert sp.simplify((centre + half_width).subs(p_hat, 1)) == 1      # p_hat = 1: the upper limit is 1
    wilson = sorted(float(root.subs({p_hat: 9 / 12, n: 12, zz: Z95})) for root in roots)
    assert np.allclose(wilson, proportion_confint(9, 12, method="wilson"))


def test_agresti_caffo_widths_of_the_wines_are_about_06_to_075():
    from bookeval_lib import uncertainty as u

    for cells in WINES.values():
        # q1 = (TP + 1)/(RP + 2), q2 = (FP + 1)/(RN + 2): width 2 z sqrt(q1(1 - q1)/(RP + 2) + q2(1 - q2)/(RN + 2))
        tp, fn, fp, tn = cells
        q1, q2 = (tp + 1) / (tp + fn + 2), (fp + 1) / (fp + tn + 2)
        by_hand = 2 * Z95 * math.sqrt(q1 * (1 - q1) / (tp + fn + 2) + q2 * (1 - q2) / (fp + tn + 2))
        width = u.informedness_interval(_table(cells), method="agresti-caffo").width
        assert 0.6 < width < 0.75 and width == pytest.approx(by_hand)     # none is clipped at 1


def test_the_opening_forest_interval_excludes_zero():
    from bookeval_lib import uncertainty as u
    from bookeval_lib.course.opening import opening_model

    forest = opening_model().table
    interval = u.informedness_interval(forest)
    assert 0 < interval.low < forest.informedness < interval.high


def test_exercise_2s_bounds_hold_for_every_n():
    # Solution 2 of notebook 09: with TP = rint(0.9 n), FP = rint(0.2 n) and q1 = (TP + 1)/(n + 2),
    # q2 = (FP + 1)/(n + 2), the Agresti–Caffo width 2 z sqrt((q1(1 - q1) + q2(1 - q2))/(n + 2)) first reaches
    # 0.2 between n = 95 and n = 102, and stays at most 0.2 for every n >= 102 (the bound s <= 0.2704).
    n = np.arange(10, 1001)
    tp, fp = np.rint(0.9 * n), np.rint(0.2 * n)
    q1, q2 = (tp + 1) / (n + 2), (fp + 1) / (n + 2)
    width = 2 * Z95 * np.sqrt((q1 * (1 - q1) + q2 * (1 - q2)) / (n + 2))
    assert 95 <= n[np.argmax(width <= 0.2)] <= 102
    assert np.all(width[n >= 102] <= 0.2)
    assert np.all(q1 * (1 - q1) + q2 * (1 - q2) >= 0.25)                  # s >= 0.25 for every n
    assert np.all((q1 * (1 - q1) + q2 * (1 - q2))[n >= 80] <= 0.2704)    # the bound from n >= 80
