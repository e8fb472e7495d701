"""Tests of bookeval_lib.montecarlo: the informed/guessing decision maker of Powers 2008, Fig. 2.

Statistical tolerances are derived, not guessed.  For the decision maker with
informedness G >= 0 and guessing bias q, one case is predicted positive with
probability tpr = G + (1-G) q if it is a real positive and fpr = (1-G) q if it
is a real negative (G < 0 moves |G| from tpr to fpr).  Given RP and RN,
TP ~ Bin(RP, tpr) and FP ~ Bin(RN, fpr) are independent, so
    B^ = TP/RP - FP/RN,   E[B^] = tpr - fpr = G,
    Var[B^] = tpr(1-tpr)/RP + fpr(1-fpr)/RN.
The mean of T independent tables then has standard error sqrt(sum_i Var_i)/T,
and a test allows 5 standard errors (two-sided normal tail 5.7e-7; the seeds
are fixed anyway, so a pass is reproducible).
"""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookeval_lib import BinaryTable
from bookeval_lib.averages import averaged_f_measure, averaged_g_measure, weighted_average
from bookeval_lib.course.display import format_fit_table
from bookeval_lib.course.replications.figure2 import (
    averaged_variants, defined_everywhere, figure2_claims, figure2_measures, fit_standard_errors,
    fit_statistics, paired_mse_difference, stepped_informedness,
)
from bookeval_lib.montecarlo import (
    expected_table, informed_decisions, informedness_sampling_variance, simulate_marker_tables,
    simulate_tables, transpose_tables,
)

STANDARD_ERRORS = 5


def rates(g, q):
    """(tpr, fpr) of the decision maker, written out independently of the package."""
    if g >= 0:
        return g + (1 - g) * q, (1 - g) * q
    return (1 + g) * q, -g + (1 + g) * q


# ---------------------------------------------------------------------- Powers 2003, Figure 1
# The spreadsheet's four models (N = 100, prevalence 70%): cells TP, FP, FN, TN,
# then AvF(0.5) and AvG(0.5) in percent, as printed.
SPREADSHEET = {
    # model: (G, guessing bias, cells, AvF %, AvG %, Accuracy %)
    1: (0.0, 0.8, (56, 24, 14, 6), 52.50, 59.85, 62),
    2: (1.0, 0.7, (70, 0, 0, 30), 100.00, 100.00, 100),
    3: (0.15, 0.8, (58.1, 20.4, 11.9, 9.6), 63.30, 67.00, 68),
    4: (-0.15, 0.8, (47.6, 24.9, 22.4, 5.1), 37.94, 46.41, 53),
}


@pytest.mark.parametrize("model", sorted(SPREADSHEET))
def test_expected_table_reproduces_powers_2003_spreadsheet(model):
    g, q, cells, *_ = SPREADSHEET[model]
    table = expected_table(g, 0.7, q)
    np.testing.assert_allclose(100 * np.array([table.tp, table.fp, table.fn, table.tn]), cells,
                               atol=1e-9)


@pytest.mark.parametrize("model", sorted(SPREADSHEET))
def test_bias_weighted_averages_reproduce_powers_2003_avf_avg(model):
    *_, cells, avf, avg, accuracy = SPREADSHEET[model]
    table = BinaryTable(**dict(zip(("tp", "fp", "fn", "tn"), cells)))
    assert round(100 * averaged_f_measure(table, "bias"), 2) == avf
    assert round(100 * averaged_g_measure(table, "bias"), 2) == avg
    assert round(100 * weighted_average(table, "rand")) == accuracy


def test_other_weightings_by_hand():
    # Model 1: recall .8, precision .7, inverse recall .2, inverse precision .3, rp = .7.
    table = BinaryTable(tp=56, fp=24, fn=14, tn=6)
    f, inverse_f = 2 * .8 * .7 / 1.5, 2 * .2 * .3 / .5  # 0.74667, 0.24
    assert averaged_f_measure(table, "equal") == pytest.approx(2 / (1 / f + 1 / inverse_f))
    assert averaged_g_measure(table, "equal") == pytest.approx((.8 * .7 * .2 * .3) ** 0.25)
    assert averaged_g_measure(table, "prevalence") == pytest.approx(
        math.sqrt(.8 * .7) ** .7 * math.sqrt(.2 * .3) ** .3)
    # arithmetic reading, bias weighting (pp = .8): .8 * (.8+.7)/2 + .2 * (.2+.3)/2 = .65
    assert weighted_average(table, "arithmetic", "bias") == pytest.approx(0.65)


def test_a_problem_with_zero_weight_is_dropped():
    # Nothing predicted positive: G and precision are undefined, but pp = 0 gives
    # them no weight; the inverse problem has recall 5/5 = 1 and precision 5/10.
    table = BinaryTable(tp=0, fp=0, fn=5, tn=5)
    assert averaged_g_measure(table, "bias") == pytest.approx(math.sqrt(0.5))
    assert averaged_f_measure(table, "bias") == pytest.approx(2 * 1 * 0.5 / 1.5)
    assert math.isnan(averaged_g_measure(table, "equal"))


def test_figure2_measures_names_and_values():
    table = BinaryTable(tp=np.array([56, 70]), fp=np.array([24, 0]),
                        fn=np.array([14, 0]), tn=np.array([6, 30]))
    measures = figure2_measures(table)
    assert list(measures) == ["informedness", "markedness", "correlation", "kappa",
                              "Wav", "Gav", "Fav"]
    # model 1 is a pure guess (recall .8 = fallout 24/30): B = 0; model 2 is perfect.
    np.testing.assert_allclose(measures["informedness"], [0.0, 1.0], atol=1e-12)
    np.testing.assert_allclose(measures["Fav"], [0.525, 1.0], atol=1e-12)


# ---------------------------------------------------------------------- the decision maker
@pytest.mark.parametrize("g, q", [(0.4, 0.3), (-0.4, 0.3), (0.0, 0.9), (1.0, 0.5)])
def test_case_by_case_decisions_have_the_derived_rates(g, q):
    rng = np.random.default_rng(6)
    cases = 200_000
    real = rng.random(cases) < 0.5
    predicted = informed_decisions(real, g, q, rng)
    tpr, fpr = rates(g, q)
    for observed, rate, count in ((predicted[real].mean(), tpr, real.sum()),
                                  (predicted[~real].mean(), fpr, (~real).sum())):
        standard_error = math.sqrt(rate * (1 - rate) / count)
        assert abs(observed - rate) <= STANDARD_ERRORS * standard_error + 1e-12


def test_sampling_variance_by_hand():
    # G = .5, q = .5: tpr = .75, fpr = .25; RP = RN = 10: 2 * .75 * .25 / 10 = .0375
    assert informedness_sampling_variance(0.5, 0.5, 10, 10) == pytest.approx(0.0375)


# ---------------------------------------------------------------------- the simulation
@pytest.mark.parametrize("g, prevalence, q, n", [
    (0.3, 0.5, 0.5, 50), (0.7, 0.1, 0.9, 40), (0.5, 0.9, 0.05, 100), (-0.6, 0.3, 0.6, 20),
])
def test_informedness_is_unbiased_for_fixed_margins(g, prevalence, q, n):
    tables = 20_000
    simulation = simulate_tables(np.full(tables, g), prevalence=prevalence, guess_bias=q,
                                 n_cases=n, real_counts="fixed", seed=11)
    real_positives = round(n * prevalence)
    tpr, fpr = rates(g, q)
    variance = tpr * (1 - tpr) / real_positives + fpr * (1 - fpr) / (n - real_positives)
    assert abs(simulation.table.informedness.mean() - g) <= STANDARD_ERRORS * math.sqrt(
        variance / tables)


def test_informedness_variance_matches_the_binomial_formula():
    # RP = 30, RN = 70, G = .4, q = .3: tpr = .4 + .6*.3 = .58, fpr = .18.
    # The sample variance s^2 of T values has Var[s^2] = (mu4 - sigma^4 (T-3)/(T-1))/T, and
    # the fourth central moment of B^ = X - Y (X, Y independent binomial proportions) is
    # mu4(X) + mu4(Y) + 6 Var(X) Var(Y), with mu4 of Bin(n, p)/n = n p(1-p)(1 + 3(n-2)p(1-p))/n^4.
    tables, rp, rn = 40_000, 30, 70
    tpr, fpr = rates(0.4, 0.3)
    var_x, var_y = tpr * (1 - tpr) / rp, fpr * (1 - fpr) / rn
    mu4_x = rp * tpr * (1 - tpr) * (1 + 3 * (rp - 2) * tpr * (1 - tpr)) / rp ** 4
    mu4_y = rn * fpr * (1 - fpr) * (1 + 3 * (rn - 2) * fpr * (1 - fpr)) / rn ** 4
    variance = var_x + var_y
    mu4 = mu4_x + mu4_y + 6 * var_x * var_y
    standard_error = math.sqrt((mu4 - variance ** 2 * (tables - 3) / (tables - 1)) / tables)
    simulation = simulate_tables(np.full(tables, 0.4), prevalence=0.3, guess_bias=0.3,
                                 n_cases=100, real_counts="fixed", seed=17)
    assert abs(simulation.table.informedness.var(ddof=1) - variance) <= STANDARD_ERRORS * standard_error
    assert informedness_sampling_variance(0.4, 0.3, rp, rn) == pytest.approx(variance)


@settings(max_examples=100)
@given(g=st.floats(-1, 1), prevalence=st.floats(1e-6, 1 - 1e-6), q=st.floats(0, 1),
       n=st.integers(2, 500), seed=st.integers(0, 2 ** 32 - 1),
       real_counts=st.sampled_from(["binomial", "fixed"]))
def test_every_simulated_table_is_a_valid_table_of_n_cases(g, prevalence, q, n, seed, real_counts):
    simulation = simulate_tables(np.full(50, g), prevalence=prevalence, guess_bias=q, n_cases=n,
                                 real_counts=real_counts, seed=seed)
    table = simulation.table
    np.testing.assert_array_equal(table.total, n)
    assert (table.to_matrix("powers") >= 0).all()
    assert table.real_positives.min() >= 1 and table.real_negatives.min() >= 1
    assert np.isfinite(table.informedness).all()


def test_informedness_is_unbiased_with_random_margins():
    # Given each table's RP (and its q), B^ has mean G and the variance above; the
    # tables are independent, so the mean has variance sum(Var_i)/T^2.
    tables = 110_000
    simulation = simulate_tables(stepped_informedness(11, tables // 11), seed=2008)
    g = simulation.expected_informedness
    q = simulation.guess_bias
    tpr, fpr = g + (1 - g) * q, (1 - g) * q
    rp, rn = simulation.table.real_positives, simulation.table.real_negatives
    variance = tpr * (1 - tpr) / rp + fpr * (1 - fpr) / rn
    informedness = simulation.table.informedness
    assert np.isfinite(informedness).all()
    error = informedness.mean() - g.mean()
    assert abs(error) <= STANDARD_ERRORS * math.sqrt(variance.sum()) / tables
    # and level by level
    for level in np.unique(g):
        at = g == level
        assert abs(informedness[at].mean() - level) <= (
            STANDARD_ERRORS * math.sqrt(variance[at].sum()) / at.sum())


@settings(max_examples=60)
@given(prevalence=st.floats(0.02, 0.98), q=st.floats(0.02, 0.98), n=st.integers(2, 200),
       seed=st.integers(0, 2 ** 32 - 1))
def test_zero_informedness_gives_zero_for_any_margins(prevalence, q, n, seed):
    tables = 2_000
    simulation = simulate_tables(np.zeros(tables), prevalence=prevalence, guess_bias=q,
                                 n_cases=n, seed=seed)
    rp, rn = simulation.table.real_positives, simulation.table.real_negatives
    variance = q * (1 - q) * (1 / rp + 1 / rn)  # tpr = fpr = q when G = 0
    mean = simulation.table.informedness.mean()
    assert abs(mean) <= STANDARD_ERRORS * math.sqrt(variance.sum()) / tables


def test_full_informedness_is_exact():
    # G = 1: every decision is informed and correct, so FP = FN = 0 and B^ = 1;
    # G = -1: every decision is wrong, TP = TN = 0 and B^ = -1.
    for g in (1.0, -1.0):
        simulation = simulate_tables(np.full(500, g), n_cases=30, seed=3)
        np.testing.assert_array_equal(simulation.table.informedness, g)


def test_reproducible_from_its_seed():
    levels = stepped_informedness()
    first = simulate_tables(levels, seed=42)
    second = simulate_tables(levels, seed=42)
    other = simulate_tables(levels, seed=43)
    for a, b in ((first, second),):
        np.testing.assert_array_equal(a.table.to_matrix("powers"), b.table.to_matrix("powers"))
        np.testing.assert_array_equal(a.prevalence, b.prevalence)
        np.testing.assert_array_equal(a.guess_bias, b.guess_bias)
    assert not np.array_equal(first.table.to_matrix("powers"), other.table.to_matrix("powers"))


def test_real_classes_are_never_empty_and_follow_the_conditioned_binomial():
    # N = 3, prevalence .2: Pr(RP=1) = 3(.2)(.8)^2 = .384, Pr(RP=2) = 3(.2)^2(.8) = .096,
    # so given 1 <= RP <= 2, Pr(RP = 1) = .384/.48 = .8.  About half of the draws
    # (Pr(RP=0) = .512) go through the inverse-CDF redraw, so both paths are tested.
    tables = 200_000
    simulation = simulate_tables(np.zeros(tables), prevalence=0.2, guess_bias=0.5, n_cases=3,
                                 seed=5)
    rp = simulation.table.real_positives
    assert rp.min() >= 1 and rp.max() <= 2
    assert abs((rp == 1).mean() - 0.8) <= STANDARD_ERRORS * math.sqrt(0.8 * 0.2 / tables)
    # a vanishing prevalence still gives one real positive, never an empty class
    tiny = simulate_tables(np.zeros(100), prevalence=1e-12, guess_bias=0.5, n_cases=10, seed=5)
    np.testing.assert_array_equal(tiny.table.real_positives, 1)


def test_random_margins_are_uniform_on_the_range():
    simulation = simulate_tables(np.zeros(50_000), margin_range=(0.2, 0.4), seed=9)
    for margin in (simulation.prevalence, simulation.guess_bias):
        assert 0.2 <= margin.min() and margin.max() < 0.4
        # uniform on (.2, .4): mean .3, standard deviation .2/sqrt(12)
        assert abs(margin.mean() - 0.3) <= STANDARD_ERRORS * 0.2 / math.sqrt(12 * margin.size)


def test_stepped_informedness_is_figure_2_design():
    levels = stepped_informedness()
    assert levels.shape == (110,)
    np.testing.assert_allclose(np.unique(levels), np.arange(11) / 10)
    assert (np.bincount(np.rint(levels * 10).astype(int)) == 10).all()


# ---------------------------------------------------------------------- fit statistics
def test_fit_statistics_by_hand():
    # defined pairs (.1, 0) and (.3, .5): errors .1 and -.2
    rows = fit_statistics({"x": [0.1, 0.3, np.nan]}, [0.0, 0.5, 1.0])
    row = rows["x"]
    assert (row["defined"], row["undefined"]) == (2, 1)
    assert row["bias"] == pytest.approx(-0.05)
    assert row["rms"] == pytest.approx(math.sqrt((0.01 + 0.04) / 2))
    assert row["mae"] == pytest.approx(0.15)
    assert row["correlation"] == pytest.approx(1.0)


def test_fit_statistics_correlation_matches_numpy():
    rng = np.random.default_rng(1)
    x, t = rng.random(50), rng.random(50)
    assert fit_statistics({"x": x}, t)["x"]["correlation"] == pytest.approx(np.corrcoef(x, t)[0, 1])


def test_format_fit_table_is_rounded_and_has_no_negative_zero():
    rows = {"kappa": {"defined": 3, "undefined": 0, "bias": -0.00004, "rms": 0.12345,
                      "mae": 0.1, "correlation": 0.99996}}
    text = format_fit_table(rows, digits=3)
    assert text.splitlines()[1].split() == ["kappa", "0.000", "0.123", "0.100", "1.000", "0"]


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize("kwargs, message", [
    ({"n_cases": 1}, "n_cases"),
    ({"n_cases": 2.5}, "n_cases"),
    ({"prevalence": 0.0}, "prevalence"),
    ({"prevalence": 1.2}, "prevalence"),
    ({"guess_bias": -0.1}, "guess_bias"),
    ({"margin_range": (0.5, 0.5)}, "margin_range"),
    ({"real_counts": "exact"}, "real_counts"),
    ({"seed": 1.5}, "seed"),
])
def test_bad_simulation_input_is_named(kwargs, message):
    arguments = {"seed": 0, **kwargs}
    with pytest.raises(ValueError, match=message):
        simulate_tables([0.5, 0.5], **arguments)


def test_bad_informedness_and_weighting_are_named():
    with pytest.raises(ValueError, match="expected_informedness"):
        simulate_tables([1.5], seed=0)
    table = BinaryTable(tp=1, fp=1, fn=1, tn=1)
    with pytest.raises(ValueError, match="weighting"):
        averaged_f_measure(table, "macro")
    with pytest.raises(ValueError, match="reading"):
        weighted_average(table, "rank")
    with pytest.raises(ValueError, match="y_true must be a boolean"):
        informed_decisions(np.array([1, 0]), 0.5, 0.5, np.random.default_rng(0))


# ---------------------------------------------------------------------- plotting helpers
def test_figure2_plot_draws_each_measure_at_its_dodged_level():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from bookeval_lib.course.figures.montecarlo import plot_measures_against_informedness

    levels = np.array([0.0, 0.5, 1.0])
    measures = {name: levels + k / 100 for k, name in enumerate(
        ("informedness", "markedness", "correlation", "kappa", "Wav", "Gav", "Fav"))}
    figure = plot_measures_against_informedness(levels, measures, dodge=0.01)
    left, right = figure.axes
    # four measures on the left dodged by -0.015, -0.005, 0.005, 0.015; three on the right by -0.01, 0, 0.01
    for ax, names, shifts in ((left, ("informedness", "markedness", "correlation", "kappa"),
                               (-0.015, -0.005, 0.005, 0.015)),
                              (right, ("Wav", "Gav", "Fav"), (-0.01, 0.0, 0.01))):
        assert len(ax.collections) == len(names)
        for collection, name, shift in zip(ax.collections, names, shifts):
            np.testing.assert_allclose(collection.get_offsets(),
                                       np.column_stack([levels + shift, measures[name]]))
    plt.close(figure)


# ---------------------------------------------------------------------- the dual (marker) model
def test_transpose_by_hand():
    # TP 5, FP 2, FN 1, TN 4: precision 5/7, inverse precision 4/5, so M = 5/7 + 4/5 - 1 = 18/35.
    # Transposed (FP 1, FN 2): recall 5/7, inverse recall 4/5, so its B is the same 18/35.
    table = BinaryTable(tp=5, fp=2, fn=1, tn=4)
    dual = transpose_tables(table)
    assert (dual.tp, dual.fp, dual.fn, dual.tn) == (5, 1, 2, 4)
    assert dual.informedness == pytest.approx(18 / 35)
    assert dual.markedness == pytest.approx(5 / 6 - 2 / 6)  # original B: recall 5/6, fallout 2/6
    with pytest.raises(ValueError, match="table must be a BinaryTable"):
        transpose_tables([[5, 2], [1, 4]])


@pytest.mark.parametrize("g, marker_rate, q, n", [
    (0.3, 0.5, 0.5, 50), (0.7, 0.1, 0.9, 40), (0.5, 0.9, 0.05, 100), (-0.6, 0.3, 0.6, 20),
])
def test_markedness_is_unbiased_in_the_marker_model(g, marker_rate, q, n):
    # The outcome follows the marker with probability |G|, otherwise it is + with rate q, so
    # precision = Pr(+R|+P) and Pr(+R|-P) are the rates(g, q) above, and given PP, PN the
    # estimate M^ = TP/PP - FN/PN has binomial variance tpr(1-tpr)/PP + fpr(1-fpr)/PN.
    tables = 20_000
    simulation = simulate_marker_tables(np.full(tables, g), marker_rate=marker_rate,
                                        outcome_rate=q, n_cases=n, marker_counts="fixed", seed=12)
    predicted_positives = round(n * marker_rate)
    np.testing.assert_array_equal(simulation.table.predicted_positives, predicted_positives)
    above, below = rates(g, q)
    variance = (above * (1 - above) / predicted_positives
                + below * (1 - below) / (n - predicted_positives))
    assert abs(simulation.table.markedness.mean() - g) <= STANDARD_ERRORS * math.sqrt(
        variance / tables)


def test_markedness_is_unbiased_in_the_marker_model_with_random_margins():
    tables = 110_000
    simulation = simulate_marker_tables(stepped_informedness(11, tables // 11), seed=2008)
    g, q = simulation.expected_markedness, simulation.outcome_rate
    above, below = g + (1 - g) * q, (1 - g) * q
    pp, pn = simulation.table.predicted_positives, simulation.table.predicted_negatives
    variance = above * (1 - above) / pp + below * (1 - below) / pn
    markedness = simulation.table.markedness
    assert np.isfinite(markedness).all()
    for level in np.unique(g):
        at = g == level
        assert abs(markedness[at].mean() - level) <= (
            STANDARD_ERRORS * math.sqrt(variance[at].sum()) / at.sum())


def test_marker_model_case_by_case_has_the_stated_rates():
    # Written independently of the package: marker first, outcome copies it with probability G.
    rng = np.random.default_rng(21)
    cases, g, q = 200_000, 0.4, 0.3
    marker = rng.random(cases) < 0.6
    outcome = np.where(rng.random(cases) < g, marker, rng.random(cases) < q)
    above, below = rates(g, q)
    for observed, rate, count in ((outcome[marker].mean(), above, marker.sum()),
                                  (outcome[~marker].mean(), below, (~marker).sum())):
        assert abs(observed - rate) <= STANDARD_ERRORS * math.sqrt(rate * (1 - rate) / count)
    # and the package's marker tables have the same rates: precision and Pr(+R|-P)
    simulation = simulate_marker_tables(np.full(20_000, g), marker_rate=0.6, outcome_rate=q,
                                        n_cases=50, marker_counts="fixed", seed=4)
    table = simulation.table
    for observed, rate, count in ((table.tp.sum() / table.predicted_positives.sum(), above, 20_000 * 30),
                                  (table.fn.sum() / table.predicted_negatives.sum(), below, 20_000 * 20)):
        assert abs(observed - rate) <= STANDARD_ERRORS * math.sqrt(rate * (1 - rate) / count)


def test_marker_tables_are_the_transposed_classifier_tables():
    levels = stepped_informedness()
    classifier = simulate_tables(levels, seed=7)
    marker = simulate_marker_tables(levels, seed=7)
    np.testing.assert_array_equal(marker.table.to_matrix("powers"),
                                  classifier.table.to_matrix("powers").transpose(0, 2, 1))
    np.testing.assert_array_equal(marker.marker_rate, classifier.prevalence)
    assert len(marker) == 110


@pytest.mark.parametrize("kwargs, message", [
    ({"marker_rate": 0.0}, "marker_rate"),
    ({"outcome_rate": 1.5}, "outcome_rate"),
    ({"marker_counts": "exact"}, "marker_counts"),
])
def test_bad_marker_input_is_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate_marker_tables([0.5, 0.5], seed=0, **kwargs)
    with pytest.raises(ValueError, match="expected_markedness"):
        simulate_marker_tables([1.5], seed=0)


# ---------------------------------------------------------------------- Monte Carlo errors
def test_defined_everywhere_by_hand():
    mask = defined_everywhere({"a": [1.0, np.nan, 3.0, 4.0], "b": [1.0, 2.0, np.nan, 4.0]},
                              [0.0, 0.0, 0.0, np.nan])
    np.testing.assert_array_equal(mask, [True, False, False, False])


def test_fit_standard_errors_by_hand_and_against_scipy():
    from scipy import stats

    # errors .1, -.2, .3, .0: squared .01, .04, .09, 0; mean .035, rms sqrt(.035)
    values, target = np.array([0.1, -0.2, 0.3, 0.0]), np.zeros(4)
    row = fit_standard_errors({"x": values}, target)["x"]
    assert row["tables"] == 4
    assert row["bias_se"] == pytest.approx(stats.sem(values))
    squares = values ** 2
    assert row["rms_se"] == pytest.approx(stats.sem(squares) / (2 * math.sqrt(0.035)))


def test_paired_mse_difference_by_hand():
    # x errors (.1, .2, nan), reference errors (.3, .0, .1): d = .01 - .09, .04 - 0 = -.08, .04
    rows = paired_mse_difference({"x": [0.1, 0.2, np.nan]}, [0.0, 0.0, 0.0], [0.3, 0.0, 0.1])
    row = rows["x"]
    assert row["tables"] == 2
    assert row["difference"] == pytest.approx(-0.02)
    assert row["standard_error"] == pytest.approx(math.sqrt(((-0.06) ** 2 + 0.06 ** 2) / 1) / math.sqrt(2))
    with pytest.raises(ValueError, match="reference"):
        paired_mse_difference({"x": [0.1]}, [0.0], [0.0, 1.0])


# ---------------------------------------------------------------------- the conclusions as claims
def test_averaged_variants_names_and_values():
    table = BinaryTable(tp=56, fp=24, fn=14, tn=6)          # Powers 2003, model 1
    variants = averaged_variants(table)
    assert list(variants) == ["Wav (rand)", "Wav (arithmetic, bias)", "Wav (arithmetic, prevalence)",
                              "Wav (arithmetic, equal)", "Gav (bias)", "Gav (prevalence)",
                              "Gav (equal)", "Fav (bias)", "Fav (prevalence)", "Fav (equal)"]
    assert variants["Wav (rand)"] == pytest.approx(0.62)               # (56 + 6)/100
    assert variants["Wav (arithmetic, bias)"] == pytest.approx(0.65)   # by hand above
    assert variants["Fav (bias)"] == pytest.approx(0.525)              # the spreadsheet's AvF
    assert variants["Gav (equal)"] == pytest.approx((.8 * .7 * .2 * .3) ** 0.25)


def test_figure2_claims_by_hand():
    # Three tables; the third has markedness undefined, so every claim uses the first two.
    target = [0.0, 1.0, 0.5]
    estimates = {"informedness": [0.0, 1.0, 0.5], "markedness": [0.1, 0.9, np.nan],
                 "correlation": [0.05, 0.95, 0.5], "kappa": [0.04, 0.94, 0.5],
                 "Wav": [0.5, 1.0, 0.7]}
    claims = {row["claim"]: row for row in figure2_claims(estimates, target, "informedness")}
    assert len(claims) == 11 and {row["tables"] for row in claims.values()} == {2}
    # markedness errors .1, -.1 against informedness 0, 0: squared differences .01, .01
    assert claims["rms error: markedness > informedness"]["value"] == pytest.approx(0.01)
    assert claims["rms error: markedness > informedness"]["standard_error"] == pytest.approx(0.0)
    # (t - kappa)^2 - (r - kappa)^2 = .0016 - .0001 and .0036 - .0001: mean .0025
    assert claims["kappa is closer to the correlation than to p_inf"]["value"] == pytest.approx(0.0025)
    # Wav squared errors .25, 0 against kappa's .0016, .0036: mean (.2484 - .0036)/2 = .1224
    assert claims["rms error: Wav > kappa"]["value"] == pytest.approx(0.1224)
    # correlation errors .05, -.05 (squared .0025 each) against markedness's .01, .01 and kappa's
    # .0016, .0036: differences .0075 and (-.0009 + .0011)/2 = .0001
    assert claims["rms error: markedness > correlation"]["value"] == pytest.approx(0.0075)
    assert claims["rms error: kappa > correlation"]["value"] == pytest.approx(0.0001)
    # Wav errors .5 and 0: bias .25, standard error sd/sqrt(2) = .35355/1.41421 = .25
    assert claims["Wav is biased upwards"]["value"] == pytest.approx(0.25)
    assert claims["Wav is biased upwards"]["standard_error"] == pytest.approx(0.25)
    with pytest.raises(ValueError, match="reference"):
        figure2_claims(estimates, target, "Wav")
