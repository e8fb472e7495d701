"""Issue 12: degenerate tables, floating-point cancellation and overflow, and properties that hold
for every table.

Tolerances.  A cell multiplied by a factor f carries one rounding (relative error u = 2^-53,
about 1.1e-16).  Every ratio measure here is a ratio of sums and products of at most four
cells or margins, so a few tens of roundings at most; and every subtraction in them is
bounded by its own denominator (TP*TN <= PP*RN and FP*FN <= PP*PN, so |kappa|, |Yule's Q|,
|mcc| and |B| stay within 1 of the terms that cancel).  The error is therefore below about
30u = 3.3e-15, absolute for measures in [-1, 1] and relative for the unbounded odds ratio.
The tests allow 1e-12, some 300 times that bound.
"""
import math
import warnings

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra.numpy import arrays

from bookeval_lib import MEASURES, BinaryTable, Contingency

TOLERANCE = 1e-12
#: MEASURES that are not ratios: chi^2 = N phi^2 and the accuracy's standard deviation depend on N
RATIO_MEASURES = tuple(name for name in MEASURES if name not in ("chi_squared", "accuracy_deviation"))
CONTINGENCY_MEASURES = ("accuracy", "informedness", "markedness", "mcc", "kappa", "informedness_macro",
                        "informedness_prevalence_weighted", "adjusted_balanced_accuracy")
CONTINGENCY_ARRAYS = ("bias", "prevalence", "recall_per_class", "precision_per_label", "fallout_per_label",
                      "informedness_per_label", "markedness_per_class")

# cells: 0, whole counts, or real numbers over many orders of magnitude (weighted counts, proportions)
cell = st.one_of(st.just(0.0), st.integers(0, 10**6).map(float), st.floats(1e-3, 1e9))
factor = st.floats(1e-200, 1e200)


def same(a, b, tolerance=TOLERANCE):
    """Equal within ``tolerance`` (relative above 1 in size, absolute below), nan where the other is nan."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return bool(np.array_equal(np.isnan(a), np.isnan(b))
                and np.all(np.abs(a - b)[~np.isnan(a)] <= tolerance * np.maximum(1.0, np.abs(b)[~np.isnan(a)])))


# ---------------------------------------------------------------- scale
@given(cell, cell, cell, cell, factor)
def test_every_ratio_measure_of_a_binary_table_is_unchanged_by_the_scale_of_the_cells(tp, fp, fn, tn, f):
    table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    scaled = BinaryTable(tp=tp * f, fp=fp * f, fn=fn * f, tn=tn * f)
    for name in RATIO_MEASURES:
        assert same(getattr(scaled, name), getattr(table, name)), name
    assert same(scaled.f_measure(2.0), table.f_measure(2.0))


@given(st.integers(2, 6).flatmap(lambda k: arrays(np.float64, (k, k), elements=cell)), factor)
def test_every_measure_of_a_contingency_table_is_unchanged_by_the_scale_of_the_cells(counts, f):
    table = Contingency(counts, layout="powers")
    scaled = Contingency(counts * f, layout="powers")
    for name in CONTINGENCY_MEASURES + CONTINGENCY_ARRAYS:
        assert same(getattr(scaled, name), getattr(table, name)), name
    assert scaled.undefined.keys() == table.undefined.keys()


# ---------------------------------------------------------------- Contingency of 2x2 = BinaryTable
def binary_pairs(tp, fp, fn, tn):
    """(Contingency value, BinaryTable value) for every measure both define (label 0 = positive)."""
    c = Contingency([[tp, fp], [fn, tn]], layout="powers")
    b = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    pairs = {name: (getattr(c, name), getattr(b, name))
             for name in ("accuracy", "informedness", "markedness", "mcc", "kappa")}
    pairs["bias"] = (c.bias[0], b.bias)
    pairs["prevalence"] = (c.prevalence[0], b.prevalence)
    pairs["recall"] = (c.recall_per_class, [b.recall, b.inverse_recall])
    pairs["precision"] = (c.precision_per_label, [b.precision, b.inverse_precision])
    pairs["fallout"] = (c.fallout_per_label, [b.fallout, b.miss_rate])
    # B(l) and M(c) of either label are the table's informedness and markedness
    pairs["informedness_per_label"] = (c.informedness_per_label, [b.informedness] * 2)
    pairs["markedness_per_class"] = (c.markedness_per_class, [b.markedness] * 2)
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
    np.pad([[3.0], [1.0], [4.0], [1.0], [5.0], [9.0]], ((0, 0), (2, 3))),   # 6x6, one column used
])
def test_mcc_is_nan_when_one_name_takes_every_real_case(counts):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = Contingency(counts, layout="powers")
        assert math.isnan(table.mcc) and "mcc" in table.undefined


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
    assert math.isnan(table.mcc)


# ---------------------------------------------------------------- cancellation and overflow in BinaryTable
def test_jaccard_does_not_lose_digits_when_true_negatives_dominate():
    # TP/(TP+FP+FN) = 0.3/(0.3+0.2+0.1) = 0.5 exactly in real numbers
    assert BinaryTable(tp=0.3, fp=0.2, fn=0.1, tn=1e9 + 0.5).jaccard == pytest.approx(0.5, rel=1e-15)


def test_huge_cells_do_not_overflow_the_product_of_margins():
    # the same table as [[10, 3], [2, 9]]: det = 90 - 6 = 84, margins 12, 12, 13, 11,
    # mcc = 84/sqrt(12*12*13*11) = 0.58537, phi^2 = mcc^2, chi^2 = N phi^2 with N = 2.4e80
    table = BinaryTable(tp=1e80, fp=3e79, fn=2e79, tn=9e79)
    mcc = 84 / math.sqrt(12 * 12 * 13 * 11)
    assert table.mcc == pytest.approx(mcc, rel=1e-14)
    assert table.phi_squared == pytest.approx(mcc ** 2, rel=1e-14)
    assert table.chi_squared == pytest.approx(2.4e80 * mcc ** 2, rel=1e-14)
    # kappa = 2*84/(PP*RN + RP*PN) = 168/(13*12 + 12*11) = 168/288, Yule's Q = 84/(90 + 6)
    assert table.kappa == pytest.approx(168 / 288, rel=1e-14)
    assert table.yules_q == pytest.approx(84 / 96, rel=1e-14)


def test_scores_of_tiny_cells_do_not_underflow():
    table = BinaryTable(tp=1e-200, fp=3e-201, fn=2e-201, tn=9e-201)
    assert table.mcc == pytest.approx(84 / math.sqrt(12 * 12 * 13 * 11), rel=1e-14)
    assert table.odds_ratio == pytest.approx(90 / 6, rel=1e-14)
