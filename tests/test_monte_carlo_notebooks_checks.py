"""The checks of notebooks 08 and 08b, moved here from their teaching cells.

Notebook 08 derives what each measure gives an informed/guessing decision maker and states the
results; notebook 08b lets the tables grow and runs the marker model.  The identities they state are
proved here with sympy, on the model's table and on a general one; the simulated claims are held to
tolerances derived from their Monte Carlo standard errors, with the notebooks' settings (seed 2008,
11 levels of p_inf with 10,000 tables each, uniform margins); and the numbers of their worked
solutions are checked against hand arithmetic.  Expected values come from algebra done by sympy,
from hand arithmetic shown in the comments, or from scikit-learn, never from the code under test.
"""
import numpy as np
import pytest
import sympy as sp
from sklearn.metrics import cohen_kappa_score, matthews_corrcoef

from bookeval_lib import BinaryTable
from bookeval_lib import montecarlo as mc
from bookeval_lib.course.replications import figure2

SEED = 2008


# ---------------------------------------------------------------------------- notebook 08, Theory
def _model():
    """The expected table of the informed/guessing decision maker (notebook 08), symbolically."""
    p_inf, rp, q = sp.symbols("p_inf r_p q", positive=True)
    rn = 1 - rp
    tp, fp = rp * (p_inf + (1 - p_inf) * q), rn * (1 - p_inf) * q
    fn, tn = rp - tp, rn - fp
    return p_inf, rp, q, (tp, fp, fn, tn)


def test_bias_and_determinant_of_the_informed_guessing_model():
    p_inf, rp, q, (tp, fp, fn, tn) = _model()
    pp = tp + fp
    assert sp.simplify(pp - (p_inf * rp + (1 - p_inf) * q)) == 0    # pp = q only if p_inf = 0
    assert sp.simplify(tp * tn - fp * fn - p_inf * rp * (1 - rp)) == 0


def test_markedness_correlation_and_kappa_of_the_model():
    p_inf, rp, q, (tp, fp, fn, tn) = _model()
    rn, pp, pn = 1 - rp, tp + fp, fn + tn
    markedness = tp / pp + tn / pn - 1                      # precision + inverse precision - 1
    informedness = tp / rp + tn / rn - 1
    accuracy, chance = tp + tn, pp * rp + pn * rn
    kappa = (accuracy - chance) / (1 - chance)
    assert sp.simplify(informedness - p_inf) == 0
    assert sp.simplify(markedness - p_inf * rp * rn / (pp * pn)) == 0
    assert sp.simplify(kappa - 2 * p_inf * rp * rn / (pp * rn + rp * pn)) == 0
    # the two steps notebook 08 states: acc - E = 2d and 1 - E = pp rn + rp pn
    assert sp.simplify(accuracy - chance - 2 * (tp * tn - fp * fn)) == 0
    assert sp.simplify(1 - chance - (pp * rn + rp * pn)) == 0


def test_guessing_bias_equal_to_prevalence_makes_every_measure_p_inf():
    p_inf, rp, q, (tp, fp, fn, tn) = _model()
    rn, pp, pn = 1 - rp, tp + fp, fn + tn
    d = tp * tn - fp * fn
    for measure in (d / (pp * pn), 2 * d / (pp * rn + rp * pn)):      # markedness, kappa
        assert sp.simplify(measure.subs(q, rp) - p_inf) == 0
    # sympy cannot tell that sqrt((1 - rp)^2) = 1 - rp, so square the correlation
    correlation = d / sp.sqrt(rp * rn * pp * pn)
    assert sp.simplify(correlation.subs(q, rp) ** 2 - p_inf ** 2) == 0


def test_kappa_is_the_correlation_times_a_geometric_over_an_arithmetic_mean_on_any_table():
    a, b, c = sp.symbols("tp fp fn", positive=True)         # a general table of proportions
    d = 1 - a - b - c                                       # tn
    r_pos, r_neg, p_pos, p_neg = a + c, b + d, a + b, c + d
    det = a * d - b * c
    kappa = 2 * det / (p_pos * r_neg + r_pos * p_neg)
    correlation = det / sp.sqrt(r_pos * r_neg * p_pos * p_neg)
    gm, am = sp.sqrt(p_pos * r_neg * r_pos * p_neg), (p_pos * r_neg + r_pos * p_neg) / 2
    assert sp.simplify(kappa - correlation * gm / am) == 0
    assert sp.simplify(kappa - det / (det + (b + c) / 2)) == 0              # Powers 2008, 2.6


def test_kappa_and_correlation_formulas_agree_with_scikit_learn_and_kappa_is_the_smaller():
    rng = np.random.default_rng(1)
    real = rng.random(400) < 0.3
    predicted = np.where(rng.random(400) < 0.5, real, rng.random(400) < 0.7)   # p_inf 0.5, q 0.7
    table = BinaryTable.from_labels(real.astype(int), predicted.astype(int))
    assert table.kappa == pytest.approx(cohen_kappa_score(real, predicted), abs=1e-12)
    assert table.matthews_correlation == pytest.approx(matthews_corrcoef(real, predicted), abs=1e-12)
    assert abs(table.kappa) < abs(table.matthews_correlation)                 # bias 0.5*0.3 + 0.5*0.7 = 0.5 != 0.3


def test_wav_of_uniform_margins_sits_half_of_one_minus_p_inf_above_it():
    p_inf, rp, q, _ = _model()
    expected_accuracy = rp * (p_inf + (1 - p_inf) * q) + (1 - rp) * (1 - (1 - p_inf) * q)
    wav_bias = sp.integrate(expected_accuracy - p_inf, (rp, 0, 1), (q, 0, 1))
    assert sp.simplify(wav_bias - (1 - p_inf) / 2) == 0
    levels = [sp.Rational(k, 10) for k in range(11)]
    # mean of (1 - k/10)/2 over k = 0..10: (1 - 1/2)/2 = 1/4
    assert sum(wav_bias.subs(p_inf, g) for g in levels) / 11 == sp.Rational(1, 4)


# ---------------------------------------------------------------------------- notebook 08, solutions
def test_solution_08_1_by_hand():
    table = mc.expected_table(0.6, 0.2, 0.5)
    # tpr = 0.6 + 0.4 * 0.5 = 0.8, fpr = 0.2: tp = 0.16, fp = 0.16, fn = 0.04, tn = 0.64
    np.testing.assert_allclose(table.to_matrix("powers"), [[0.16, 0.16], [0.04, 0.64]])
    assert table.informedness == pytest.approx(0.6)
    assert table.markedness == pytest.approx(0.6 * 0.16 / (0.32 * 0.68))
    assert table.kappa == pytest.approx(0.192 / (0.256 + 0.136))


@pytest.mark.parametrize("p", [0.5, 0.9])
def test_solution_08_2_by_hand(p):
    values = figure2.figure2_measures(mc.expected_table(0.0, p, p))
    assert values["Wav"] == pytest.approx(p ** 2 + (1 - p) ** 2)
    assert values["Gav"] == pytest.approx(p ** p * (1 - p) ** (1 - p))
    assert values["Fav"] == pytest.approx(0.5) and values["informedness"] == pytest.approx(0.0, abs=1e-12)


def test_solution_08_3_by_hand():
    # q = rp = 0.1: pp = rp, kappa = p_inf = 0.5.  q = 0.5: tpr 0.75, fpr 0.25, pp = 0.075 + 0.225 = 0.3,
    # kappa = 2 * 0.5 * 0.1 * 0.9/(0.3 * 0.9 + 0.1 * 0.7) = 0.09/0.34
    tied, half = mc.expected_table(0.5, 0.1, 0.1), mc.expected_table(0.5, 0.1, 0.5)
    assert tied.bias == pytest.approx(0.1) and tied.kappa == pytest.approx(0.5)
    assert half.bias == pytest.approx(0.3) and half.kappa == pytest.approx(0.09 / 0.34)
    assert tied.informedness == pytest.approx(0.5) and half.informedness == pytest.approx(0.5)


# ---------------------------------------------------------------------------- notebook 08b, Theory
def test_marker_model_markedness_is_p_inf_and_informedness_is_its_dual():
    p_inf, q, m = sp.symbols("p_inf q m", positive=True)
    tp = m * (p_inf + (1 - p_inf) * q)                      # outcome + after a + marker
    fn = (1 - m) * (1 - p_inf) * q                          # outcome + after a - marker
    fp = m - tp
    rp = tp + fn
    assert sp.simplify(tp / m - fn / (1 - m) - p_inf) == 0
    informedness = tp / rp - fp / (1 - rp)
    assert sp.simplify(informedness - p_inf * m * (1 - m) / (rp * (1 - rp))) == 0


def test_marker_tables_are_not_the_transposes_of_the_classifier_tables():
    levels = figure2.stepped_informedness(11, 100)
    classifier = mc.simulate_tables(levels, seed=SEED, n_cases=100)
    marker = mc.simulate_marker_tables(levels, seed=2009, n_cases=100)
    assert not np.array_equal(marker.table.fp, classifier.table.fn)


# ---------------------------------------------------------------------------- notebook 08b, N grows
SIZES = (20, 50, 100, 300, 1_000, 10_000, 1_000_000)


@pytest.fixture(scope="module")
def rms_by_size_of_notebook_08b():
    levels = figure2.stepped_informedness(11, 10_000)
    return figure2.rms_by_size(levels, SIZES, seed=SEED, margin_range=(0.0, 1.0))


def test_informedness_error_is_the_binomial_noise_and_the_others_level_off(rms_by_size_of_notebook_08b):
    rms, rms_se, noise = rms_by_size_of_notebook_08b
    # 4.5 Monte Carlo standard errors: a two-sided normal tail of 7e-6 for each of the 7 sizes
    b, b_se = np.array(rms["informedness"]), np.array(rms_se["informedness"])
    assert np.all(np.abs(b - np.array(noise)) <= 4.5 * b_se)
    # at N = 20 informedness is noisier than correlation and kappa; the difference needs both errors
    for name in ("correlation", "kappa"):
        assert b[0] - rms[name][0] > 4.5 * (b_se[0] + rms_se[name][0])
    # at N = 10^6 every other measure keeps an error far above informedness's
    for name in rms:
        if name != "informedness":
            assert rms[name][-1] > 10 * b[-1]


def test_rms_by_size_is_the_loop_it_replaces():
    target = figure2.stepped_informedness(11, 40)
    rms, rms_se, noise = figure2.rms_by_size(target, (20, 300), seed=5)
    for i, n in enumerate((20, 300)):
        run = mc.simulate_tables(target, seed=5, n_cases=n)
        values = figure2.figure2_measures(run.table)
        kept = figure2.defined_everywhere(values, run.expected_informedness)
        # rms by its definition, sqrt(mean squared error) over the common tables
        for name, value in values.items():
            error = value[kept] - run.expected_informedness[kept]
            assert rms[name][i] == pytest.approx(np.sqrt(np.mean(error ** 2)))
        tpr = target + (1 - target) * run.guess_bias
        fpr = (1 - target) * run.guess_bias
        variance = (tpr * (1 - tpr) / run.table.real_positives
                    + fpr * (1 - fpr) / run.table.real_negatives)
        assert noise[i] == pytest.approx(np.sqrt(variance[kept].mean()))
        assert all(se[i] > 0 for se in rms_se.values())


# ---------------------------------------------------------------------------- notebook 08b, solutions
def test_solution_08b_1_by_simulation():
    # Var = 0.75 * 0.25/150 + 0.25 * 0.75/150 = 0.75/300 = 0.05^2
    assert mc.informedness_sampling_variance(0.5, 0.5, 150, 150) == pytest.approx(0.05 ** 2)
    check = mc.simulate_tables(np.full(20_000, 0.5), prevalence=0.5, guess_bias=0.5,
                               n_cases=300, real_counts="fixed", seed=2)
    # the sd of a sample sd of 20,000 values is about 0.05/sqrt(2 * 20,000) = 0.00025; allow 8
    assert abs(check.table.informedness.std() - 0.05) < 0.002


def test_solution_08b_2_by_hand():
    marker_table = BinaryTable(tp=0.18, fp=0.12, fn=0.07, tn=0.63)
    assert marker_table.markedness == pytest.approx(0.6 - 0.1)
    assert marker_table.informedness == pytest.approx(0.18 / 0.25 - 0.12 / 0.75)   # 0.56
    transposed = mc.transpose_tables(marker_table)
    np.testing.assert_allclose(transposed.to_matrix("powers"),
                               mc.expected_table(0.5, 0.3, 0.2).to_matrix("powers"))


def test_solution_08b_3_by_hand():
    # tpr 0.75, fpr 0.25: Var = 0.1875/4 + 0.1875/16 = 0.05859375; a hundred times the cases: /100
    assert mc.informedness_sampling_variance(0.5, 0.5, 4, 16) == pytest.approx(0.05859375)
    assert mc.informedness_sampling_variance(0.5, 0.5, 400, 1_600) == pytest.approx(0.0005859375)
    # pp = 0.2 * 0.75 + 0.8 * 0.25 = 0.35; kappa = 2 * 0.5 * 0.16/(0.35 * 0.8 + 0.2 * 0.65) = 0.16/0.41
    assert mc.expected_table(0.5, 0.2, 0.5).kappa == pytest.approx(0.16 / 0.41)


def test_exercise_08b_3_premise_kappa_has_the_smaller_rms_at_20_cases_only():
    # the team's finding, simulated: 20,000 tables with RP = 4, RN = 16 (and a hundred times that)
    for n, kappa_wins in ((20, True), (2_000, False)):
        run = mc.simulate_tables(np.full(20_000, 0.5), prevalence=0.2, guess_bias=0.5, n_cases=n,
                                 real_counts="fixed", seed=3)
        rms_b = np.sqrt(np.mean((run.table.informedness - 0.5) ** 2))
        rms_kappa = np.sqrt(np.nanmean((run.table.kappa - 0.5) ** 2))
        assert (rms_kappa < rms_b) == kappa_wins
