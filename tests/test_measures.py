"""BinaryTable: numbers from the seeds, identities over random tables, scikit-learn cross-checks, bad input."""
import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from scipy.stats import chi2_contingency
from sklearn.metrics import (balanced_accuracy_score, cohen_kappa_score, confusion_matrix,
                             fbeta_score, jaccard_score, matthews_corrcoef,
                             precision_recall_fscore_support)

from bookeval_lib import MEASURES, BinaryTable

# ----------------------------------------------------------------------------- the seeds' tables


def test_powers_2003_table_42_18_28_12():
    # Powers 2003: rows +P/-P, columns +R/-R: 42 18 | 60, 28 12 | 40, margins 70 30 | 100.
    t = BinaryTable(tp=42, fp=18, fn=28, tn=12)
    assert (t.predicted_positives, t.predicted_negatives) == (60, 40)
    assert (t.real_positives, t.real_negatives, t.total) == (70, 30, 100)
    assert t.recall == pytest.approx(42 / 70)          # 0.6
    assert t.precision == pytest.approx(42 / 60)       # 0.7
    assert t.inverse_recall == pytest.approx(12 / 30)  # 0.4
    assert t.inverse_precision == pytest.approx(12 / 40)
    assert t.accuracy == pytest.approx(0.54)           # (42 + 12) / 100
    # 42 = 60 * 70 / 100: every cell is the product of its margins, a pure guess.
    assert t.informedness == pytest.approx(0.0, abs=1e-12)
    assert t.markedness == pytest.approx(0.0, abs=1e-12)
    assert t.matthews_correlation == pytest.approx(0.0, abs=1e-12)
    assert t.kappa == pytest.approx(0.0, abs=1e-12)


def test_powers_2003_always_say_noun():
    # Always "noun": 90 nouns, 10 verbs.  The paper: recall 100 % (90/90), precision 90 % (90/100).
    t = BinaryTable(tp=90, fp=10, fn=0, tn=0)
    assert t.recall == 1.0
    assert t.precision == pytest.approx(0.9)
    assert t.accuracy == pytest.approx(0.9)
    assert t.f1 == pytest.approx(2 * 90 / (2 * 90 + 10))  # 0.947...: F rewards the cheat
    assert t.bias == 1.0 and t.prevalence == pytest.approx(0.9)
    # tpr = 1 and fpr = 10/10 = 1: no information at all.
    assert t.informedness == 0.0
    assert t.inverse_recall == 0.0
    # The -P row is empty: inverse precision, markedness and correlation are undefined.
    for name in ("inverse_precision", "markedness", "matthews_correlation", "phi_squared", "chi_squared"):
        assert math.isnan(getattr(t, name)), name
    assert t.kappa == pytest.approx(0.0)  # acc 0.9, E = 1*0.9 + 0*0.1 = 0.9


def test_poster_guessing_table_and_its_mixture_with_perfect_play():
    # Poster: +P row 12 28 | 40, -P row 18 42 | 60; columns 30 70.
    guess = BinaryTable(tp=12, fp=28, fn=18, tn=42)
    assert guess.recall == pytest.approx(0.40)          # "tpr = 12/30 = 40%"
    assert guess.inverse_recall == pytest.approx(0.60)  # "42/70 = 60%"
    assert guess.fallout == pytest.approx(0.40)         # "fpr = 28/70 = 40%"
    assert guess.inverse_precision == pytest.approx(0.70)  # "42/60 or 70%"
    assert guess.accuracy == pytest.approx(0.54)        # "12+42 correct labels out of 100"
    assert guess.informedness == pytest.approx(0.0, abs=1e-12)
    # 50 % guessing + 50 % perfect play (30 0 / 0 70), as proportions:
    # tp = (.12+.30)/2 = .21, fp = .14, fn = .09, tn = (.42+.70)/2 = .56.
    mixture = BinaryTable(tp=0.21, fp=0.14, fn=0.09, tn=0.56)
    # B = .21/.30 + .56/.70 - 1 = .7 + .8 - 1 = .5, the poster's 0.5.
    assert mixture.informedness == pytest.approx(0.5)
    perfect = BinaryTable(tp=30, fp=0, fn=0, tn=70)
    assert perfect.informedness == 1.0 and perfect.markedness == 1.0 and perfect.matthews_correlation == 1.0


def test_hand_worked_measures_on_one_table():
    # tp=20 fp=10 fn=5 tn=65, N=100; RP=25 RN=75 PP=30 PN=70.
    t = BinaryTable(tp=20, fp=10, fn=5, tn=65)
    assert t.fallout == pytest.approx(10 / 75)
    assert t.miss_rate == pytest.approx(5 / 25)
    assert t.jaccard == pytest.approx(20 / 35)
    assert t.g_measure == pytest.approx(math.sqrt(20 / 25 * 20 / 30))
    assert t.informedness == pytest.approx(20 / 25 - 10 / 75)       # 0.8 - 0.1333
    assert t.markedness == pytest.approx(20 / 30 + 65 / 70 - 1)
    dp = 20 * 65 - 10 * 5                                          # 1250
    assert t.matthews_correlation == pytest.approx(dp / math.sqrt(25 * 75 * 30 * 70))
    assert t.kappa == pytest.approx((0.85 - (0.3 * 0.25 + 0.7 * 0.75)) / (1 - 0.6))  # E = 0.6
    assert t.single_point_auc == pytest.approx((20 / 25 - 10 / 75 + 1) / 2)
    assert t.wracc == pytest.approx(0.20 - 0.30 * 0.25)            # tp - pp*rp = 0.125
    assert t.odds_ratio == pytest.approx(20 * 65 / (10 * 5))       # 26
    assert t.yules_q == pytest.approx((1300 - 50) / (1300 + 50))
    assert t.yules_y == pytest.approx((math.sqrt(1300) - math.sqrt(50)) / (math.sqrt(1300) + math.sqrt(50)))
    assert t.chi_squared == pytest.approx(100 * dp**2 / (25 * 75 * 30 * 70))
    assert t.f_measure(2.0) == pytest.approx(5 * 20 / (5 * 20 + 4 * 5 + 10))


def test_proportions_give_the_same_ratios_as_counts():
    counts = BinaryTable(tp=20, fp=10, fn=5, tn=65)
    proportions = BinaryTable(tp=0.20, fp=0.10, fn=0.05, tn=0.65)
    assert proportions.chi_squared == pytest.approx(counts.chi_squared / 100)  # chi^2 grows with N
    for name in set(MEASURES) - {"chi_squared", "accuracy_deviation"}:  # these two depend on N
        assert getattr(proportions, name) == pytest.approx(getattr(counts, name)), name


# ----------------------------------------------------------------------------- undefined -> nan


@pytest.mark.parametrize("cells, undefined", [
    (dict(tp=0, fp=5, fn=0, tn=5), {"recall", "miss_rate", "informedness", "single_point_auc", "g_measure", "matthews_correlation",
                                    "phi_squared", "chi_squared", "odds_ratio", "yules_q", "yules_y",
                                    "fowlkes_mallows"}),
    (dict(tp=0, fp=0, fn=5, tn=5), {"precision", "markedness", "g_measure", "matthews_correlation", "phi_squared",
                                    "chi_squared", "odds_ratio", "yules_q", "yules_y", "fowlkes_mallows"}),
    (dict(tp=0, fp=0, fn=0, tn=7), {"recall", "precision", "miss_rate", "jaccard", "f1", "g_measure",
                                    "informedness", "markedness", "matthews_correlation", "kappa", "single_point_auc", "odds_ratio",
                                    "yules_q", "yules_y", "phi_squared", "chi_squared", "kappa_unbiased",
                                    "fowlkes_mallows"}),
    (dict(tp=0, fp=0, fn=0, tn=0), set(MEASURES)),
])
def test_zero_denominators_give_nan_and_nothing_else_does(cells, undefined):
    t = BinaryTable(**cells)
    for name in MEASURES:
        value = getattr(t, name)
        assert math.isnan(value) == (name in undefined), (name, value)


def test_arrays_hold_nan_only_where_undefined():
    t = BinaryTable(tp=[0, 3], fp=[1, 1], fn=[0, 1], tn=[1, 3])
    assert np.isnan(t.recall[0]) and t.recall[1] == pytest.approx(0.75)


# ----------------------------------------------------------------------------- broadcasting


def test_cells_broadcast_and_match_scalar_tables():
    tp = np.array([[1], [5], [9]])        # shape (3, 1)
    fp = np.array([0, 2, 4, 6])           # shape (4,)
    t = BinaryTable(tp=tp, fp=fp, fn=3, tn=7)
    assert t.shape == (3, 4)
    for name in MEASURES:
        values = getattr(t, name)
        assert values.shape == (3, 4)
        for i in range(3):
            for j in range(4):
                one = getattr(BinaryTable(tp=int(tp[i, 0]), fp=int(fp[j]), fn=3, tn=7), name)
                np.testing.assert_allclose(values[i, j], one, equal_nan=True, err_msg=name)
    row = t[1]
    assert row.shape == (4,) and row.tp.tolist() == [5, 5, 5, 5]


def test_a_million_tables_in_one_object():
    rng = np.random.default_rng(1)
    cells = rng.integers(0, 50, size=(4, 10**6))
    t = BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3])
    assert len(t) == 10**6 and t.informedness.shape == (10**6,)
    k = 123_456
    one = BinaryTable(tp=cells[0, k], fp=cells[1, k], fn=cells[2, k], tn=cells[3, k])
    assert t.matthews_correlation[k] == pytest.approx(one.matthews_correlation, nan_ok=True)


# ----------------------------------------------------------------------------- properties

counts = st.integers(min_value=0, max_value=10_000)
tables = st.builds(lambda a, b, c, d: BinaryTable(tp=a, fp=b, fn=c, tn=d), counts, counts, counts, counts)
proportion_tables = st.lists(st.floats(min_value=0, max_value=1, allow_nan=False), min_size=4,
                             max_size=4).filter(lambda v: sum(v) > 0).map(
    lambda v: BinaryTable(tp=v[0] / sum(v), fp=v[1] / sum(v), fn=v[2] / sum(v), tn=v[3] / sum(v)))

RANGES = {
    **{name: (0.0, 1.0) for name in ("prevalence", "bias", "recall", "precision", "inverse_recall",
                                      "inverse_precision", "fallout", "miss_rate", "accuracy", "jaccard",
                                      "f1", "g_measure", "single_point_auc", "phi_squared")},
    **{name: (-1.0, 1.0) for name in ("informedness", "markedness", "matthews_correlation", "kappa", "yules_q", "yules_y")},
    "wracc": (-0.25, 0.25),
    "odds_ratio": (0.0, math.inf),
}


@given(st.one_of(tables, proportion_tables))
def test_every_measure_stays_in_its_range(t):
    eps = 1e-12
    for name, (low, high) in RANGES.items():
        value = getattr(t, name)
        if not math.isnan(value):
            assert low - eps <= value <= high + eps, (name, value, t)
    if not math.isnan(t.chi_squared):
        assert -eps <= t.chi_squared <= t.total * (1 + eps)


@given(tables)
def test_informedness_identities(t):
    assume(t.real_positives > 0 and t.real_negatives > 0)
    assert t.informedness == pytest.approx(t.recall - t.fallout, abs=1e-12)              # tpr - fpr
    assert t.informedness == pytest.approx(t.recall + t.inverse_recall - 1, abs=1e-12)
    assert t.informedness == pytest.approx(1 - t.miss_rate - t.fallout, abs=1e-12)       # eq. 10
    assert t.single_point_auc == pytest.approx((t.informedness + 1) / 2, abs=1e-12)                   # eq. 9
    assert t.wracc == pytest.approx(t.prevalence * (1 - t.prevalence) * t.informedness, abs=1e-12)


@given(tables)
def test_correlation_is_the_geometric_mean_of_informedness_and_markedness(t):
    assume(min(t.real_positives, t.real_negatives, t.predicted_positives, t.predicted_negatives) > 0)
    assert t.matthews_correlation ** 2 == pytest.approx(t.informedness * t.markedness, abs=1e-12)
    assert t.phi_squared == pytest.approx(t.matthews_correlation ** 2, abs=1e-12)
    assert np.sign(t.matthews_correlation) == np.sign(t.informedness) == np.sign(t.markedness) or abs(t.matthews_correlation) < 1e-12


@given(tables)
def test_chance_corrected_measures_survive_swapping_positive_and_negative(t):
    s = t.swap_classes()
    assert (s.tp, s.fp, s.fn, s.tn) == (t.tn, t.fn, t.fp, t.tp)
    for name in ("informedness", "markedness", "matthews_correlation", "kappa", "accuracy", "yules_q", "phi_squared"):
        assert getattr(s, name) == pytest.approx(getattr(t, name), abs=1e-12, nan_ok=True), name
    assert s.recall == pytest.approx(t.inverse_recall, nan_ok=True)
    assert s.precision == pytest.approx(t.inverse_precision, nan_ok=True)


@given(tables)
def test_accuracy_is_the_weighted_mean_of_recall_and_inverse_recall(t):
    assume(t.real_positives > 0 and t.real_negatives > 0)
    rp = t.prevalence
    assert t.accuracy == pytest.approx(rp * t.recall + (1 - rp) * t.inverse_recall, abs=1e-12)
    if t.predicted_positives > 0 and t.predicted_negatives > 0:
        pp = t.bias
        assert t.accuracy == pytest.approx(pp * t.precision + (1 - pp) * t.inverse_precision, abs=1e-12)


@given(tables)
def test_kappa_is_accuracy_renormalised_by_chance(t):
    assume(not math.isnan(t.kappa))
    chance = t.bias * t.prevalence + (1 - t.bias) * (1 - t.prevalence)
    assume(1 - chance > 1e-9)
    assert t.kappa == pytest.approx((t.accuracy - chance) / (1 - chance), abs=1e-9)


@given(tables, st.floats(min_value=0.1, max_value=10))
def test_f_measure_is_the_weighted_harmonic_mean_of_precision_and_recall(t, beta):
    assume(t.tp > 0)
    p, r = t.precision, t.recall
    assert t.f_measure(beta) == pytest.approx((1 + beta**2) * p * r / (beta**2 * p + r))
    assert t.f1 == pytest.approx(2 * t.jaccard / (1 + t.jaccard))


# ----------------------------------------------------------------------------- scikit-learn cross-checks

label_pairs = st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=2, max_size=200)


@pytest.mark.filterwarnings("ignore:A single label was found:UserWarning")
@given(label_pairs)
def test_agrees_with_scikit_learn_on_random_labels(pairs):
    real = np.array([r for r, _ in pairs])
    predicted = np.array([p for _, p in pairs])
    assume(1 in real or 1 in predicted)  # a positive label that never occurs is an error (tested below)
    t = BinaryTable.from_labels(real, predicted, pos_label=1)
    np.testing.assert_array_equal(t.to_sklearn(), confusion_matrix(real, predicted, labels=[0, 1]))
    margins_defined = min(t.real_positives, t.real_negatives, t.predicted_positives,
                          t.predicted_negatives) > 0
    if margins_defined:
        assert t.matthews_correlation == pytest.approx(matthews_corrcoef(real, predicted), abs=1e-12)
    else:  # documented difference: scikit-learn reports 0 where the correlation is undefined
        assert math.isnan(t.matthews_correlation) and matthews_corrcoef(real, predicted) == 0.0
    if not math.isnan(t.kappa):
        assert t.kappa == pytest.approx(cohen_kappa_score(real, predicted), abs=1e-12)
    # scikit-learn's precision_score, recall_score and f1_score each return one value of this call
    # (zero_division only fills values undefined here, which are not compared)
    precision, recall, f1, _ = precision_recall_fscore_support(real, predicted, average="binary",
                                                               zero_division=0.0)
    if t.real_positives > 0 and t.real_negatives > 0:
        assert t.informedness == pytest.approx(
            balanced_accuracy_score(real, predicted, adjusted=True), abs=1e-12)
        assert t.recall == pytest.approx(recall)
    if t.predicted_positives > 0:
        assert t.precision == pytest.approx(precision)
    if t.tp + t.fp + t.fn > 0:
        assert t.f1 == pytest.approx(f1)
        assert t.f_measure(0.5) == pytest.approx(fbeta_score(real, predicted, beta=0.5))
        assert t.jaccard == pytest.approx(jaccard_score(real, predicted))


@given(st.tuples(counts, counts, counts, counts).map(lambda c: [x + 1 for x in c]))
def test_chi_squared_agrees_with_scipy(cells):
    tp, fp, fn, tn = cells
    t = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    expected = chi2_contingency(np.array([[tp, fp], [fn, tn]]), correction=False)[0]
    assert t.chi_squared == pytest.approx(expected, rel=1e-9, abs=1e-9)


# ----------------------------------------------------------------------------- orientations


def test_layouts_place_each_cell_where_its_convention_puts_it():
    t = BinaryTable(tp=1, fp=2, fn=3, tn=4)
    np.testing.assert_array_equal(t.to_matrix("powers"), [[1, 2], [3, 4]])     # rows +P, -P
    np.testing.assert_array_equal(t.to_matrix("sklearn"), [[4, 2], [3, 1]])    # rows real -, +
    np.testing.assert_array_equal(t.to_matrix("lingpipe"), [[1, 3], [2, 4]])   # rows reference T, F
    for layout in ("powers", "sklearn", "lingpipe"):
        back = BinaryTable.from_matrix(t.to_matrix(layout), layout=layout)
        assert (back.tp, back.fp, back.fn, back.tn) == (1, 2, 3, 4)


def test_from_sklearn_reads_scikit_learns_confusion_matrix():
    real = ["spam", "ham", "spam", "spam", "ham", "ham", "ham"]
    predicted = ["spam", "spam", "ham", "spam", "ham", "ham", "ham"]
    matrix = confusion_matrix(real, predicted, labels=["ham", "spam"])
    t = BinaryTable.from_sklearn(matrix)
    assert (t.tp, t.fp, t.fn, t.tn) == (2, 1, 1, 3)
    u = BinaryTable.from_labels(real, predicted, pos_label="spam")
    assert (u.tp, u.fp, u.fn, u.tn) == (2, 1, 1, 3)


def test_from_matrix_takes_arrays_of_tables():
    stack = np.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    t = BinaryTable.from_matrix(stack, layout="powers")
    assert t.shape == (2,) and t.tn.tolist() == [4, 8]


def test_from_labels_defaults_to_1_for_zero_one_labels():
    t = BinaryTable.from_labels([True, False, True], [True, True, False])
    assert (t.tp, t.fp, t.fn, t.tn) == (1, 1, 1, 0)


def test_html_shows_the_papers_layout_with_margins():
    page = BinaryTable(tp=42, fp=18, fn=28, tn=12)._repr_html_()
    headers = ["<th>+R</th>", "<th>&minus;R</th>", "<th>+P</th>", "<th>&minus;P</th>"]
    positions = [page.index(h) for h in headers]
    assert positions == sorted(positions)  # columns +R, -R first, then rows +P, -P
    for number in ("42", "18", "28", "12", "60", "40", "70", "30", "100"):
        assert f">{number}</td>" in page


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("value, message", [
    (-1, "^tp must be counts or proportions .*negative"),
    (float("nan"), "^tp must be counts or proportions .*NaN"),
    (float("inf"), "^tp must be counts or proportions .*infinite"),
    ("12", "^tp must be counts or proportions .*'12'"),
    (None, "^tp must be counts or proportions .*None"),
    (True, "^tp must be counts or proportions .*True"),
    ([1, -2], "^tp must be counts or proportions .*negative"),
])
def test_bad_cells_raise_naming_the_cell(value, message):
    with pytest.raises(ValueError, match=message):
        BinaryTable(tp=value, fp=1, fn=1, tn=1)


def test_bad_cell_names_the_right_cell():
    with pytest.raises(ValueError, match="^tn must"):
        BinaryTable(tp=1, fp=1, fn=1, tn=-0.5)


def test_cells_are_keyword_only():
    with pytest.raises(TypeError):
        BinaryTable(1, 2, 3, 4)


def test_shapes_that_do_not_broadcast():
    with pytest.raises(ValueError, match="do not broadcast"):
        BinaryTable(tp=[1, 2, 3], fp=[1, 2], fn=1, tn=1)


@pytest.mark.parametrize("real, predicted, positive, message", [
    ([0, 1, 1], [0, 1], 1, "y_true has 3 labels but y_pred has 2"),
    (["a", "b", "c"], ["a", "a", "b"], "a", "two classes, but y_true and y_pred hold 3 labels"),
    (["yes", "no"], ["no", "no"], "maybe", "pos_label must be one of the two labels .*, got 'maybe'"),
    (["no", "no"], ["no", "no"], 1, "pos_label=1 is one of the numbers but the labels are strings"),
    (["yes", "no"], ["no", "no"], None, "say which label is positive"),
    ([[0, 1]], [[0, 1]], 1, "1-D"),
])
def test_from_labels_bad_input(real, predicted, positive, message):
    with pytest.raises(ValueError, match=message):
        BinaryTable.from_labels(real, predicted, pos_label=positive)


def test_from_matrix_bad_input():
    with pytest.raises(ValueError, match="2x2"):
        BinaryTable.from_matrix([[1, 2, 3], [4, 5, 6]], layout="powers")
    with pytest.raises(ValueError, match="unknown layout"):
        BinaryTable.from_matrix([[1, 2], [3, 4]], layout="transposed")
    with pytest.raises(ValueError, match="beta"):
        BinaryTable(tp=1, fp=1, fn=1, tn=1).f_measure(-1)


def test_f_measure_docstring_gives_powers_alpha_as_in_the_errata():
    # 1/(alpha/R + (1 - alpha)/P) = F_beta needs alpha = beta^2/(1 + beta^2): at beta = 2, alpha = 4/5.
    # Hand arithmetic for TP, FP, FN = 1, 2, 3: R = 1/4, P = 1/3; 1/((4/5)*4 + (1/5)*3) = 1/(19/5) = 5/19;
    # F_2 = 5*1/(5*1 + 4*3 + 2) = 5/19.
    assert "alpha = beta^2/(1+beta^2)" in BinaryTable.f_measure.__doc__
    assert BinaryTable(tp=1, fp=2, fn=3, tn=4).f_measure(2.0) == pytest.approx(5 / 19)


def test_a_guesser_scores_zero_informedness_only_in_expectation():
    assert "in expectation" in BinaryTable.informedness.fget.__doc__
    # 20,000 guessers on RP = 30, RN = 70 with bias .4: TP ~ Bin(30, .4), FP ~ Bin(70, .4).
    # sd of B = sqrt(.4 * .6 * (1/30 + 1/70)) = sqrt(.011429) = .1069 (binomial variance, by hand)
    rng = np.random.default_rng(2003)
    tp, fp = rng.binomial(30, 0.4, 20_000), rng.binomial(70, 0.4, 20_000)
    b = BinaryTable(tp=tp, fp=fp, fn=30 - tp, tn=70 - fp).informedness
    sd = np.sqrt(0.4 * 0.6 * (1 / 30 + 1 / 70))
    assert abs(b.mean()) < 4 * sd / np.sqrt(20_000)               # 0 in expectation
    assert b.std() == pytest.approx(sd, rel=4 / np.sqrt(2 * 20_000))  # sd of an sd estimate ~ sd/sqrt(2n)
    assert 0.9 < np.mean(np.abs(b) < 0.2) < 0.99                  # about +-0.2 (about 2 sd: 94 %)


def test_accuracy_is_not_the_rand_index():
    # Powers' "Rand accuracy" counts cases; Rand's index counts agreeing pairs (0.742 here, see test_errata)
    from sklearn.metrics import rand_score
    table = BinaryTable(tp=20, fp=10, fn=5, tn=65)
    real = np.r_[np.ones(25), np.zeros(75)]
    predicted = np.r_[np.ones(20), np.zeros(5), np.ones(10), np.zeros(65)]
    assert table.accuracy == pytest.approx(0.85)
    assert rand_score(real, predicted) == pytest.approx(3675 / 4950)
    assert "rand_score" in BinaryTable.accuracy.fget.__doc__


# ----------------------------------------------------------------------------- speed-related behaviour (issue 19)


def test_float64_cells_are_used_without_a_copy_and_stay_writeable():
    tp = np.array([3.0, 5.0])
    t = BinaryTable(tp=tp, fp=np.array([1.0, 2.0]), fn=1, tn=3)
    assert np.shares_memory(t.tp, tp)
    assert tp.flags.writeable and not t.tp.flags.writeable
    assert t.recall.tolist() == [3 / 4, 5 / 6]        # TP/(TP+FN)


def test_measures_built_on_others_do_not_share_arrays_with_the_caller():
    # TP, FP, FN, TN = 3, 1, 1, 3 (twice): recall = inverse recall = 3/4, informedness 1/2, auc 3/4;
    # determinant 9 - 1 = 8, margins all 4: phi^2 = 64/256 = 1/4, chi^2 = 8 * 1/4 = 2; G = 3/sqrt(16) = 3/4.
    t = BinaryTable(tp=[3, 3], fp=[1, 1], fn=[1, 1], tn=[3, 3])
    for name in ("informedness", "phi_squared", "g_measure", "fowlkes_mallows"):
        getattr(t, name)[:] = -7.0                     # the caller's copy, not the table's
    assert t.informedness.tolist() == [0.5, 0.5] and t.single_point_auc.tolist() == [0.75, 0.75]
    assert t.phi_squared.tolist() == [0.25, 0.25] and t.chi_squared.tolist() == [2.0, 2.0]
    assert t.g_measure.tolist() == [0.75, 0.75] and t.fowlkes_mallows.tolist() == [0.75, 0.75]


def test_zero_denominators_and_huge_cells_raise_no_warning():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        t = BinaryTable(tp=[0.0, 2.0], fp=[0.0, 1.0], fn=[0.0, 0.0], tn=[0.0, 3.0])
        values = t.measures()
        BinaryTable(tp=[1e308, 1e308], fp=1e308, fn=0, tn=0)    # the validation's sum overflows
    assert all(np.isnan(values[name][0]) for name in MEASURES)    # N = 0: every measure undefined
    assert values["recall"][1] == 1.0 and values["precision"][1] == 2 / 3
