"""Degenerate tables, floating-point cancellation and overflow, and properties that hold for every
table (the tolerance is derived in table_checks.py)."""
import math
import warnings

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra.numpy import arrays

from bookeval_lib import BinaryTable, Contingency
from table_checks import CONTINGENCY_ARRAYS, CONTINGENCY_MEASURES, RATIO_MEASURES, TOLERANCE, same

# cells: 0, whole counts, or real numbers over many orders of magnitude (weighted counts, proportions);
# at most 1e8, so that a factor up to 1e300 keeps them below the largest float (1.8e308)
cell = st.one_of(st.just(0.0), st.integers(0, 10**6).map(float), st.floats(1e-3, 1e8))
factor = st.floats(1e-300, 1e300)


# ---------------------------------------------------------------- scale
@given(cell, cell, cell, cell, factor, st.floats(0.0, 1e300))
def test_every_ratio_measure_of_a_binary_table_is_unchanged_by_any_factor_from_1e_300_to_1e300(tp, fp, fn, tn, f, beta):
    # margins of unscaled cells overflow at 1e300 (B of 1.8e308 cells came out -1): compute from the cells
    table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        scaled = BinaryTable(tp=tp * f, fp=fp * f, fn=fn * f, tn=tn * f)
        for name in RATIO_MEASURES:
            assert same(getattr(scaled, name), getattr(table, name)), name
        assert same(scaled.f_measure(beta), table.f_measure(beta))
        # accuracy deviation sqrt(a (1 - a)/N) scales as 1/sqrt(f)
        assert same(scaled.accuracy_deviation * np.sqrt(f), table.accuracy_deviation, 1e-11)


@given(st.integers(2, 6).flatmap(lambda k: arrays(np.float64, (k, k), elements=cell)), factor)
def test_every_measure_of_a_contingency_table_is_unchanged_by_any_factor_from_1e_300_to_1e300(counts, f):
    table = Contingency(counts, layout="powers")
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        scaled = Contingency(counts * f, layout="powers")
        for name in CONTINGENCY_MEASURES + CONTINGENCY_ARRAYS:
            assert same(getattr(scaled, name), getattr(table, name)), name
        assert scaled.undefined.keys() == table.undefined.keys()


def binary_pairs(tp, fp, fn, tn):
    """(Contingency value, BinaryTable value) for every measure both define (label 0 = positive)."""
    c = Contingency([[tp, fp], [fn, tn]], layout="powers")
    b = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    pairs = {name: (getattr(c, name), getattr(b, name))
             for name in ("accuracy", "informedness", "markedness", "matthews_correlation", "kappa")}
    pairs["bias"] = (c.bias[0], b.bias)
    pairs["prevalence"] = (c.prevalence[0], b.prevalence)
    pairs["recall"] = (c.recall_per_label, [b.recall, b.inverse_recall])
    pairs["precision"] = (c.precision_per_label, [b.precision, b.inverse_precision])
    pairs["fallout"] = (c.fallout_per_label, [b.fallout, b.miss_rate])
    # B(l) and M(c) of either label are the table's informedness and markedness
    pairs["informedness_per_label"] = (c.informedness_per_label, [b.informedness] * 2)
    pairs["markedness_per_label"] = (c.markedness_per_label, [b.markedness] * 2)
    one_vs_rest = c.to_binary(0)
    pairs["to_binary"] = ([one_vs_rest.tp, one_vs_rest.fp, one_vs_rest.fn, one_vs_rest.tn], [tp, fp, fn, tn])
    return pairs


@given(cell, cell, cell, cell)
def test_a_two_by_two_contingency_equals_the_binary_table_of_the_same_cells(tp, fp, fn, tn):
    for name, (k_class, binary) in binary_pairs(tp, fp, fn, tn).items():
        assert same(k_class, binary), (name, k_class, binary)


def test_a_rare_class_in_proportions_gives_the_same_numbers_as_the_counts():
    # issue 12: a 2x2 proportion table with a rare class; informedness was 0.7500069 in Contingency.
    # By hand: recall = 3/4, fallout = 0/... = 0 -> B = 0.75 for counts [[3, 0], [1, 4e9]].
    counts = np.array([[3.0, 0.0], [1.0, 4e9]])
    proportions = counts / counts.sum()
    for cells in (counts, proportions):
        t = Contingency(cells, layout="powers")
        assert t.informedness == pytest.approx(0.75, abs=TOLERANCE)
        assert same(t.informedness, BinaryTable.from_matrix(cells, layout="powers").informedness)
        assert same(t.fallout_per_label, [0.0, 0.25])   # fallout(1) = FN/RP = 1/4


# ---------------------------------------------------------------- undefined <=> nan
small_tables = st.tuples(st.integers(1, 4), st.integers(1, 4)).flatmap(
    lambda shape: arrays(np.int64, shape, elements=st.integers(0, 3)))


@given(small_tables)
def test_undefined_lists_a_measure_exactly_when_it_is_nan(counts):
    k, c = counts.shape
    table = Contingency(counts, layout="powers", labels=range(k), classes=range(c))
    nan = {name for name, value in table.measures().items() if math.isnan(value)}
    assert set(table.undefined) == nan
    assert all(isinstance(reason, str) and reason for reason in table.undefined.values())


def test_kappa_is_zero_not_undefined_when_nothing_agrees_by_chance():
    # [[0, 0], [75, 0]]: accuracy 0 and E = 0, so kappa = (0 - 0)/(1 - 0) = 0 (scikit-learn agrees)
    from sklearn.metrics import cohen_kappa_score
    table = Contingency([[0, 0], [75, 0]], layout="powers")
    assert table.kappa == 0.0 == cohen_kappa_score([0] * 75, [1] * 75)
    assert "kappa" not in table.undefined


@pytest.mark.parametrize("counts", [
    [[1, 0, 0], [4, 0, 0], [1, 0, 0]],       # every case is of one class
    [[0.1, 0], [0.3, 0]],                    # the same in proportions (BinaryTable says nan)
    np.pad(np.ones((6, 1)), ((0, 0), (0, 5))),   # 6x6: all six cases of class 0, one per label
])
def test_mcc_is_nan_when_one_name_takes_every_real_case(counts):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = Contingency(counts, layout="powers")
        assert math.isnan(table.matthews_correlation) and "matthews_correlation" in table.undefined


@given(st.integers(1, 6), st.integers(1, 6), st.booleans(), st.data())
def test_mcc_of_a_single_row_or_column_is_nan(k, c, row, data):
    counts = np.zeros((k, c))
    line = data.draw(arrays(np.int64, c if row else k, elements=st.integers(0, 50)))
    index = data.draw(st.integers(0, (k if row else c) - 1))
    if row:
        counts[index] = line
    else:
        counts[:, index] = line
    table = Contingency(counts, layout="powers", labels=range(k), classes=range(c))
    assert math.isnan(table.matthews_correlation)


# ---------------------------------------------------------------- cancellation and overflow in BinaryTable
def test_jaccard_does_not_lose_digits_when_true_negatives_dominate():
    # TP/(TP+FP+FN) = 0.3/(0.3+0.2+0.1) = 0.5 exactly in real numbers
    assert BinaryTable(tp=0.3, fp=0.2, fn=0.1, tn=1e9 + 0.5).jaccard == pytest.approx(0.5, rel=1e-15)


def test_huge_cells_do_not_overflow_the_product_of_margins():
    # the same table as [[10, 3], [2, 9]]: det = 90 - 6 = 84, margins 12, 12, 13, 11,
    # mcc = 84/sqrt(12*12*13*11) = 0.58537, phi^2 = mcc^2, chi^2 = N phi^2 with N = 2.4e80
    table = BinaryTable(tp=1e80, fp=3e79, fn=2e79, tn=9e79)
    mcc = 84 / math.sqrt(12 * 12 * 13 * 11)
    assert table.matthews_correlation == pytest.approx(mcc, rel=1e-14)
    assert table.phi_squared == pytest.approx(mcc ** 2, rel=1e-14)
    assert table.chi_squared == pytest.approx(2.4e80 * mcc ** 2, rel=1e-14)
    # kappa = 2*84/(PP*RN + RP*PN) = 168/(13*12 + 12*11) = 168/288, Yule's Q = 84/(90 + 6)
    assert table.kappa == pytest.approx(168 / 288, rel=1e-14)
    assert table.yules_q == pytest.approx(84 / 96, rel=1e-14)


def test_scores_of_tiny_cells_do_not_underflow():
    table = BinaryTable(tp=1e-200, fp=3e-201, fn=2e-201, tn=9e-201)
    assert table.matthews_correlation == pytest.approx(84 / math.sqrt(12 * 12 * 13 * 11), rel=1e-14)
    assert table.odds_ratio == pytest.approx(90 / 6, rel=1e-14)


# ---------------------------------------------------------------- crashes and unclear errors -> ValueError
from bookeval_lib import averages, betting, clustering, montecarlo, roc  # noqa: E402
from bookeval_lib.course import display, figure1  # noqa: E402
from bookeval_lib.course.replications import betting as course_betting, concordance, figure2


def test_a_single_expected_informedness_gives_one_table():
    simulation = montecarlo.simulate_tables(0.5, seed=1)
    assert simulation.table.shape == (1,) and len(simulation) == 1


@pytest.mark.parametrize("arguments, name", [
    ((2.0, 0.5, 10, 10), "expected_informedness"),
    ((0.5, 1.5, 10, 10), "guess_bias"),
    ((0.5, 0.5, -5, 10), "real_positives"),
    ((0.5, 0.5, 0, 10), "real_positives"),
    ((0.5, 0.5, 10, 0), "real_negatives"),
])
def test_sampling_variance_refuses_what_has_no_variance(arguments, name):
    with pytest.raises(ValueError, match=name):
        montecarlo.informedness_sampling_variance(*arguments)


def test_one_averaged_f_for_the_spreadsheet_and_the_monte_carlo():
    # TP, FP, FN, TN = 5, 5, 0, 0: F1 = 2*5/(2*5 + 5 + 0) = 2/3; the inverse problem has TP' = TN = 0,
    # so F1' = 0, but its weight pn = 0: AvF = 1/(1/F1 + 0) = 2/3
    table = BinaryTable(tp=5, fp=5, fn=0, tn=0)
    assert figure1.figure1_figures(table)["average_f"] == pytest.approx(2 / 3, rel=1e-15)
    assert averages.averaged_f_measure(table) == pytest.approx(2 / 3, rel=1e-15)
    assert figure2.figure2_measures(table)["Fav"] == pytest.approx(2 / 3, rel=1e-15)


def test_an_isocost_line_needs_a_number_for_its_intercept():
    with pytest.raises(ValueError, match="intercept"):
        roc.isocost_segment(1.0, float("nan"))


label_readers = {
    "BinaryTable.from_labels": lambda real, predicted: BinaryTable.from_labels(real, predicted, pos_label=1),
    "Contingency.from_labels": Contingency.from_labels,
    "roc_curve": lambda real, predicted: roc.roc_curve(real, [0.2, 0.4, 0.5, 0.9], pos_label=1),
    "reduce_clustering": lambda real, predicted: clustering.reduce_clustering(real, predicted),
}


@pytest.mark.parametrize("reader", label_readers)
@pytest.mark.parametrize("missing", [None, float("nan")])
def test_a_missing_label_is_named(reader, missing):
    with pytest.raises(ValueError, match="missing label"):
        label_readers[reader]([1, missing, 0, 1], [1, 0, 0, 1])


@pytest.mark.parametrize("reader", label_readers)
def test_strings_mixed_with_numbers_are_refused(reader):
    with pytest.raises(ValueError, match="mixes labels of two kinds, strings and numbers"):
        label_readers[reader](["1", 1, 0, 1], [1, 0, 0, 1])


def test_scores_given_as_labels_are_recognised():
    real, scores = [0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3]
    with pytest.raises(ValueError, match="y_pred holds 0.1 at position 0, not a whole number.*roc_curve"):
        BinaryTable.from_labels(real, scores)
    with pytest.raises(ValueError, match="y_pred holds 0.1 at position 0, not a whole number.*roc_curve"):
        Contingency.from_labels(real, scores)
    with pytest.raises(ValueError, match="swapped"):
        roc.roc_curve(scores, real)


def _record_line():
    return concordance.concordance_lines(concordance.load_concordance()[:1]).encode()


@pytest.mark.parametrize("corrupt, problem", [
    (lambda line: line + b"\n" + line, "line 2: blank line"),
    (lambda line: line + b"{not json\n", "line 2: not JSON"),
    (lambda line: line + line.replace(b'"part_number": 0', b'"part_number": "0"'),
     "line 2: field 'part_number' must be an integer"),
    (lambda line: line + line.replace(b'"note": "', b'"note": "\xff'), "line 2: not UTF-8"),
    (lambda line: line + b"[1, 2]\n", "line 2: a JSON object"),
])
def test_a_corrupted_concordance_names_the_line_and_the_problem(tmp_path, corrupt, problem):
    path = tmp_path / "concordance.jsonl"
    path.write_bytes(corrupt(_record_line()))
    with pytest.raises(ValueError, match=problem):
        concordance.load_concordance(path)


def test_readings_with_a_wrong_header_say_which_header_is_expected(tmp_path):
    path = tmp_path / "readings.tsv"
    path.write_text("doc\tsentence\ttoken\tpart\tword\tsense\tnote\nca09\t51\t4\t0\tdog\tA\tanimal\n")
    with pytest.raises(ValueError, match="header must be"):
        concordance.read_readings(path)


def test_a_truncated_brown_archive_is_reported(tmp_path):
    import io
    import tarfile
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        data = "The/at dog/nn barked/vbd ./.\n".encode() * 2000
        member = tarfile.TarInfo("brown/ca01")
        member.size = len(data)
        archive.addfile(member, io.BytesIO(data))
    whole = buffer.getvalue()
    path = tmp_path / "brown.tgz"
    path.write_bytes(whole)
    assert list(concordance.read_brown(path)) == ["ca01"]         # the whole archive reads
    path.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(ValueError, match="truncated"):
        concordance.read_brown(path)


def test_a_table_from_arrays_of_rates_is_an_array_of_tables():
    # prevalence 0.3 and 0.4, bias 0.5, B = 0.2: tp = pp*rp + B*rp*rn = 0.15 + 0.042 and 0.2 + 0.048
    tables = betting.binary_table_from_rates([0.3, 0.4], 0.5, 0.2)
    assert tables.tp == pytest.approx([0.192, 0.248], rel=1e-12)
    # B = 0.6 is feasible for rp = 0.3, pp = 0.5 (B <= min(pp/rp, pn/rn) = min(1.67, 0.71)) but not
    # for rp = 0.01 (pn/rn = 0.5/0.99 = 0.505)
    with pytest.raises(ValueError, match="^informedness must lie in .*element 1.*, got"):
        betting.binary_table_from_rates([0.3, 0.01], 0.5, 0.6)


@pytest.mark.parametrize("call, problem", [
    (lambda: Contingency(np.zeros((3, 3)), layout="powers").match_labels(), "empty"),
    (lambda: Contingency([[0, 0], [3, 4]], labels="ab", layout="powers").abstain(["b"]), "ignored must leave"),
    (lambda: betting.table_payoffs(np.zeros((2, 2))), "table must hold some cases"),
    (lambda: figure1.spreadsheet_round(float("inf")), "value must be finite"),
    (lambda: montecarlo.informed_decisions(np.array([True, False]), 0.5, 0.5, rng=None), "rng must be"),
    (lambda: BinaryTable(tp=1, fp=2, fn=3, tn=4).f_measure([1, 2]), "beta must be a single"),
    (lambda: display.format_fit_table({}), "rows must be a non-empty"),
])
def test_each_bad_input_raises_a_value_error_that_names_it(call, problem):
    with pytest.raises(ValueError, match=problem):
        call()


def test_table_payoffs_accepts_a_contingency():
    # prevalences 1/2 and 1/2: "paper" payoffs +1/0.5 = 2 on the diagonal, -1/0.5 = -2 off it
    per_case, amounts = betting.table_payoffs(Contingency([[3, 1], [1, 3]], layout="powers"))
    assert per_case.tolist() == [[2.0, -2.0], [-2.0, 2.0]]
    assert amounts.tolist() == [[6.0, -2.0], [-2.0, 6.0]]


# ---------------------------------------------------------------- consistency: one set of validators
@pytest.mark.parametrize("call, name", [
    (lambda: Contingency([["1", "2"], ["3", "4"]], layout="powers"), "counts"),
    (lambda: Contingency([[1 + 1j, 2], [3, 4]], layout="powers"), "counts"),
    (lambda: BinaryTable(tp=1 + 1j, fp=2, fn=3, tn=4), "tp"),
    (lambda: BinaryTable.from_rates(prevalence="0.3", bias=0.5, informedness=0.2), "prevalence"),
    (lambda: roc.class_ratio("0.3"), "prevalence"),
    (lambda: roc.auc(["0", "1"], [0, 1]), "fpr"),
    (lambda: course_betting.mixed_table([0.5, 0.5], [0.5, 0.5], "0.5"), "informedness"),
    (lambda: course_betting.mixed_table(["0.5", "0.5"], [0.5, 0.5], 0.5), "prevalence"),
    (lambda: montecarlo.simulate_tables(["0.5"], seed=1), "expected_informedness"),
    (lambda: course_betting.simulate_punter([0.5, 0.5], [0.5, 0.5], 0.5, 2.7, seed=1), "races"),
    (lambda: course_betting.simulate_punter([0.5, 0.5], [0.5, 0.5], 0.5, "3", seed=1), "races"),
    (lambda: roc.distance_contour(0.5, points=1.7), "points"),
    (lambda: betting.reduced_odds(0.3, -10), "odds_total"),
    (lambda: course_betting.mixed_table([0.5, 0.5], [0.5, 0.5], 0.5, total=-1), "total"),
    (lambda: course_betting.bookmaker_sheet([[3, 1], [1, 3]], odds_total=-10), "odds_total"),
    (lambda: BinaryTable.from_rates(prevalence=0.3, bias=0.5, informedness=0.2, total=-1), "total"),
])
def test_strings_complex_numbers_fractions_of_a_count_and_negative_scales_are_refused(call, name):
    with pytest.raises(ValueError, match=f"^{name} must"):
        call()


def test_the_caller_array_stays_writeable():
    counts = np.array([[3.0, 1.0], [1.0, 3.0]])
    Contingency(counts, layout="powers").informedness
    counts[0, 0] = 4.0                                   # would raise if the table had frozen it
    assert Contingency(counts, layout="powers").counts[0, 0] == 4.0


# ---------------------------------------------------------------- no RuntimeWarning escapes
def test_the_warning_filters_turn_runtime_warnings_from_package_code_into_errors():
    """pyproject's filterwarnings: a RuntimeWarning from a numpy call in bookeval_lib code is an error.

    A ufunc warns from the frame that called it (here a function whose module is
    bookeval_lib._probe); np.mean warns from numpy's own module, which the second
    filter catches.  This test fails if either filter is removed.
    """
    namespace = {"__name__": "bookeval_lib._probe", "np": np}
    exec("def divide():\n    return np.array([1.0]) / np.array([0.0])\n"
         "def mean():\n    return np.mean(np.array([]))\n", namespace)
    with pytest.raises(RuntimeWarning, match="divide by zero"):
        namespace["divide"]()
    with pytest.raises(RuntimeWarning, match="Mean of empty slice"):
        namespace["mean"]()


def test_the_score_functions_share_the_label_checks():
    from bookeval_lib import metrics
    with pytest.raises(ValueError, match="y_true must not contain missing labels"):
        metrics.informedness_score([1, None, 0], [1, 0, 0])
    with pytest.raises(ValueError, match="y_pred holds 0.1 at position 0, not a whole number"):
        metrics.informedness_score([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3])
    with pytest.raises(ValueError, match="^sample_weight must be counts or proportions"):
        metrics.informedness_score([0, 1], [0, 1], sample_weight=["1", "2"])


@pytest.mark.parametrize("call", [
    lambda: averages.weighted_mean(["0.5"], [0.2], 0.5, "harmonic"),
    lambda: averages.weighted_mean([0.5], [0.2], 1.5, "harmonic"),
    lambda: roc.point_at_threshold(["inf", "0.5"], 0.5),
    lambda: __import__("bookeval_lib.uncertainty", fromlist=["x"]).informedness_interval(
        BinaryTable(tp=9, fp=4, fn=3, tn=11)).contains("0.3"),
], ids=["weighted_mean strings", "weighted_mean weight", "point_at_threshold strings", "contains string"])
def test_the_last_string_inputs_are_refused(call):
    with pytest.raises(ValueError, match="must (be|lie)"):
        call()
