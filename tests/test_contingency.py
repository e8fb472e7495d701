"""Tests of bookeval_lib.contingency: the K-class Bookmaker, its duals, label matching, abstention."""
import itertools

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra.numpy import arrays
from sklearn.metrics import (balanced_accuracy_score, cohen_kappa_score, confusion_matrix,
                             matthews_corrcoef)

from bookeval_lib.contingency import Contingency
from bookeval_lib.measures import BinaryTable
from exhaustive_maps import best_by_exhaustion

square_tables = st.integers(2, 5).flatmap(
    lambda k: arrays(np.int64, (k, k), elements=st.integers(0, 20)))


def full_margins(counts):
    return (counts.sum(axis=0) > 0).all() and (counts.sum(axis=1) > 0).all() \
        and (counts.sum(axis=0) < counts.sum()).all()


def label_vectors(counts):
    """Expand a table (rows = predicted, columns = real) into label vectors."""
    k, c = counts.shape
    predicted = np.repeat(np.repeat(np.arange(k), c), counts.ravel())
    real = np.repeat(np.tile(np.arange(c), k), counts.ravel())
    return real, predicted


# ---------------------------------------------------------------- hand-worked 3x3 tables
def test_hand_worked_3x3():
    #          R=a R=b R=c | row
    #   P=a     30   5   0 |  35
    #   P=b     10  20   5 |  35
    #   P=c      0   5  25 |  30
    #   column  40  30  30 | 100
    t = Contingency([[30, 5, 0], [10, 20, 5], [0, 5, 25]], labels="abc", layout="powers")
    # B(a) = 30/40 - 5/60, B(b) = 20/30 - 15/70, B(c) = 25/30 - 5/70
    by_hand = [30 / 40 - 5 / 60, 20 / 30 - 15 / 70, 25 / 30 - 5 / 70]
    np.testing.assert_allclose(t.informedness_per_label, by_hand)
    # B = .35 B(a) + .35 B(b) + .30 B(c) = 0.62024
    assert t.informedness == pytest.approx(0.35 * by_hand[0] + 0.35 * by_hand[1] + 0.30 * by_hand[2])
    assert t.informedness == pytest.approx(0.620238, abs=1e-6)
    # macro = mean; prevalence weighted = .4, .3, .3
    assert t.informedness_macro == pytest.approx(np.mean(by_hand))
    assert t.informedness_prevalence_weighted == pytest.approx(0.4 * by_hand[0] + 0.3 * by_hand[1] + 0.3 * by_hand[2])
    # M(a) = 30/35 - 10/65, M(b) = 20/35 - 10/65, M(c) = 25/30 - 5/70; M = .4, .3, .3 weights
    m = [30 / 35 - 10 / 65, 20 / 35 - 10 / 65, 25 / 30 - 5 / 70]
    np.testing.assert_allclose(t.markedness_per_label, m)
    assert t.markedness == pytest.approx(0.4 * m[0] + 0.3 * m[1] + 0.3 * m[2])
    assert t.accuracy == pytest.approx(0.75)


def test_hand_worked_3x3_with_a_superstitious_label():
    #          R=x R=y R=z
    #   P=x     40   0   0    label x is perfect on its class
    #   P=y      0   5  15    label y backs z more often than y
    #   P=z      0  15   5
    t = Contingency([[40, 0, 0], [0, 5, 15], [0, 15, 5]], labels="xyz", layout="powers")
    # B(x) = 40/40 - 0/40 = 1; B(y) = 5/20 - 15/60 = 0; B(z) = 5/20 - 15/60 = 0
    np.testing.assert_allclose(t.informedness_per_label, [1, 0, 0], atol=1e-12)
    assert t.informedness == pytest.approx(0.5)   # N = 80, bias of x = 40/80, so .5 * 1
    # swapping labels y and z (rows) makes both informed: B(y) = 15/20 - 5/60 = 2/3
    swapped = Contingency(t.counts[[0, 2, 1]], labels="xyz", layout="powers")
    np.testing.assert_allclose(swapped.informedness_per_label, [1, 2 / 3, 2 / 3])
    assert swapped.informedness == pytest.approx(0.5 + 0.5 * 2 / 3)
    # a label that is wrong more often than chance: B(l) < 0
    worse = Contingency([[10, 20, 10], [20, 5, 5], [10, 5, 15]], labels="xyz", layout="powers")
    # B(y) = 5/30 - 25/70 < 0
    assert worse.informedness_per_label[1] == pytest.approx(5 / 30 - 25 / 70)


@given(square_tables)
def test_per_label_informedness_is_one_vs_rest(counts):
    if not full_margins(counts):
        return
    t = Contingency(counts, layout="powers")
    informedness, markedness = t.informedness_per_label, t.markedness_per_label
    for i, label in enumerate(t.labels):
        one_vs_rest = t.to_binary(label)
        assert informedness[i] == pytest.approx(one_vs_rest.informedness, abs=1e-12)
        assert markedness[i] == pytest.approx(one_vs_rest.markedness, abs=1e-12)


@given(st.lists(st.integers(1, 9), min_size=2, max_size=5), st.lists(st.integers(0, 9), min_size=5, max_size=5))
def test_independent_rows_and_columns_have_zero_informedness(column_weights, row_weights):
    k = len(column_weights)
    rows = np.array(row_weights[:k], float)
    if rows.sum() == 0:
        return
    counts = np.outer(rows, column_weights)      # every row proportional to the column margin
    t = Contingency(counts, layout="powers")
    assert t.informedness == pytest.approx(0, abs=1e-12)
    np.testing.assert_allclose(t.informedness_per_label, 0, atol=1e-12)
    assert t.kappa == pytest.approx(0, abs=1e-12)


def test_binary_contingency_agrees_with_binary_table():
    t = Contingency([[42, 18], [28, 12]], layout="powers")
    b = BinaryTable(tp=42, fp=18, fn=28, tn=12)
    for name in ("informedness", "markedness", "matthews_correlation", "kappa", "accuracy"):
        assert getattr(t, name) == pytest.approx(getattr(b, name), abs=1e-12), name


# ---------------------------------------------------------------- cross-checks with scikit-learn
@given(square_tables)
def test_mcc_kappa_balanced_accuracy_match_scikit_learn(counts):
    if not full_margins(counts):
        return
    real, predicted = label_vectors(counts)
    t = Contingency(counts, layout="powers")
    assert t.matthews_correlation == pytest.approx(matthews_corrcoef(real, predicted), abs=1e-9)
    assert t.kappa == pytest.approx(cohen_kappa_score(real, predicted), abs=1e-9)
    assert t.adjusted_balanced_accuracy == pytest.approx(
        balanced_accuracy_score(real, predicted, adjusted=True), abs=1e-9)


def test_from_sklearn_and_from_labels_transpose():
    real = ["a", "a", "b", "c", "c", "c", "b"]
    predicted = ["a", "b", "b", "c", "a", "c", "b"]
    matrix = confusion_matrix(real, predicted, labels=["a", "b", "c"])   # rows = real
    t = Contingency.from_sklearn(matrix, labels="abc")
    np.testing.assert_array_equal(t.counts, matrix.T)
    np.testing.assert_array_equal(Contingency.from_labels(real, predicted, labels="abc").counts, matrix.T)


def test_multiclass_mcc_is_not_sqrt_of_b_times_m():
    t = Contingency([[30, 5, 0], [10, 20, 5], [0, 5, 25]], layout="powers")
    assert abs(t.matthews_correlation - np.sqrt(t.informedness * t.markedness)) > 1e-3


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("bad", [[[1, -1], [2, 3]], [[1, np.nan], [2, 3]], [[1, np.inf], [2, 3]],
                                 [1, 2, 3], [[True, False], [False, True]], [["a", "b"], ["c", "d"]]])
def test_bad_counts_raise(bad):
    with pytest.raises(ValueError):
        Contingency(bad, layout="powers")


def test_empty_rows_and_columns_give_nan_with_a_reason():
    t = Contingency([[5, 0, 3], [2, 0, 4], [1, 0, 6]], labels="abc", layout="powers")   # class b never occurs
    assert np.isnan(t.informedness)
    assert "no cases" in t.undefined["informedness"]
    u = Contingency([[5, 1, 3], [0, 0, 0], [1, 2, 6]], labels="abc", layout="powers")   # label b never predicted
    assert np.isnan(u.markedness) and "never predicted" in u.undefined["markedness"]
    assert np.isfinite(u.informedness)                                  # B(b) = 0, weight 0
    empty = Contingency([[0, 0], [0, 0]], layout="powers")
    assert empty.undefined == dict.fromkeys(empty.measures(), "the table is empty (N = 0)")


# ---------------------------------------------------------------- label matching
@pytest.mark.parametrize("seed", range(25))
def test_matching_equals_brute_force_over_many_to_one_maps(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 5))
    c = k if seed % 3 else k + 1          # square, or fewer induced classes than classes
    counts = rng.integers(0, 15, size=(k, c))
    counts[:, counts.sum(axis=0) == 0] = 1
    result = Contingency(counts, layout="powers").match_labels()
    assert result.method == "exact"
    assert result.informedness == pytest.approx(best_by_exhaustion(counts), abs=1e-9)


def test_matching_merges_clusters_even_when_k_is_at_most_c():
    # issue 11: rows = clusters, columns = classes.  One-to-one, the best is B = 0.375; merging the
    # first two clusters into class 0 gives [[40, 0, 0], [0, 0, 0], [0, 20, 20]] over the classes:
    # B = Pr_P(0) B(0) + Pr_P(2) B(2) = .5 (40/40 - 0/40) + .5 (20/20 - 20/60) = .5 + .5 * 2/3 = 5/6
    result = Contingency([[20, 0, 0], [20, 0, 0], [0, 20, 20]], layout="powers").match_labels()
    assert result.mapping[0] == result.mapping[1] == 0
    assert result.informedness == pytest.approx(5 / 6)


def test_matching_with_more_induced_classes_merges():
    # 4 induced clusters over 2 classes: clusters 0, 2 are mostly class 0; 1, 3 mostly class 1
    counts = np.array([[20, 2], [3, 15], [10, 1], [2, 12]])
    result = Contingency(counts, layout="powers").match_labels()
    assert result.method == "exact"
    assert result.mapping == {0: 0, 1: 1, 2: 0, 3: 1}
    # merged [[30, 3], [5, 27]]: B = 30/35 - 3/30 by hand
    assert result.informedness == pytest.approx(30 / 35 - 3 / 30)
    # brute force over all 2^4 maps
    best = max(Contingency(np.array([counts[np.array(m) == j].sum(axis=0) for j in range(2)]), layout="powers").informedness
               for m in itertools.product(range(2), repeat=4) if len(set(m)) == 2)
    assert result.informedness == pytest.approx(best)


def test_matching_with_drop_equals_brute_force():
    counts = np.array([[20, 0, 1], [0, 20, 2], [30, 30, 3], [1, 2, 15]])
    result = Contingency(counts, layout="powers").match_labels(allow_drop=True)
    best = -np.inf
    for m in itertools.product(range(4), repeat=4):          # 3 = drop
        m = np.array(m)
        kept = counts[m < 3]
        merged = np.array([counts[m == j].sum(axis=0) for j in range(3)])
        if kept.sum() == 0 or (merged.sum(axis=0) == 0).any():
            continue
        value = Contingency(merged, layout="powers").informedness * kept.sum() / counts.sum()
        if np.isfinite(value):
            best = max(best, value)
    assert result.informedness == pytest.approx(best)
    assert result.informedness >= Contingency(counts, layout="powers").match_labels().informedness - 1e-12


def test_dropping_a_proportional_catch_all_is_the_same_as_merging_it():
    # cluster 2 is a catch-all proportional to the class margins (a pure guess)
    counts = np.array([[20, 0], [0, 20], [30, 30]])
    # merged into class 0: [[50, 30], [0, 20]]: B = 50/50 - 30/50 = .4
    assert Contingency(counts, layout="powers").match_labels().informedness == pytest.approx(0.4)
    # dropped: B = 1 on the 40 kept cases, times 40/100 = .4
    assert Contingency(counts, layout="powers").abstain([2]).informedness == pytest.approx(0.4)


# ---------------------------------------------------------------- abstention
def test_abstention_discounts_by_coverage():
    # rows a, b, and a catch-all row z; columns a, b
    t = Contingency([[18, 2], [2, 18], [30, 30]], labels=["a", "b", "z"], classes=["a", "b"], layout="powers")
    result = t.abstain(["z"])
    # retained table [[18, 2], [2, 18]]: B = 18/20 - 2/20 = .8; n/N = 40/100
    assert result.coverage == pytest.approx(0.4)
    assert result.informedness == pytest.approx(0.8 * 0.4)
    # recall over all N: class a has 18 + 2 + 30 = 50 cases, 18 of them labelled a: 18/50 = .36
    np.testing.assert_allclose(result.recall_per_label, [18 / 50, 18 / 50])


def test_abstention_recall_counts_abstained_cases_as_misses():
    # the catch-all row z takes 10 cases of class a and 30 of class b: not spread like the kept rows
    t = Contingency([[30, 5, 5], [5, 20, 5], [5, 5, 20], [10, 30, 0]],
                    labels=["a", "b", "c", "z"], classes=["a", "b", "c"], layout="powers")
    result = t.abstain(["z"])
    # class totals over all N = 140: a 50, b 60, c 30; hits 30, 20, 20
    np.testing.assert_allclose(result.recall_per_label, [30 / 50, 20 / 60, 20 / 30])
    # recall on the 100 kept cases times n/N = 100/140 is not that: a 30/40 * 100/140 = .536 != .6
    assert not np.allclose(result.table.recall_per_label * result.coverage, result.recall_per_label)
    with pytest.raises(ValueError):
        t.abstain(["q"])


def test_paper_abstention_arithmetic():
    # Powers 2003: B_wav = 86 % on 170 of 500 cases -> 0.86 * 0.34 = 29 %
    assert round(0.86 * 170 / 500, 2) == 0.29


def test_unmatched_cluster_names_say_so():
    t = Contingency(np.ones((4, 3)), layout="powers")          # clusters 0-3, classes 0-2: cluster 3 names no class
    assert np.isnan(t.informedness)
    assert "names no real class" in t.undefined["informedness"]
    assert np.isfinite(t.match_labels().informedness)


def test_a_class_holding_every_case_gives_nan_fallout_not_a_rounding_artefact():
    # All 6 cases are of class 0, one predicted as each of 6 labels: Pr(P=l | R!=l) conditions on no
    # case at all, so fallout(0) and B(0) are undefined (nan).  In proportions the six 1/6 shares sum
    # to 1 - 1.1e-16, so a 1 - prevalence denominator gave fallout 0 instead of nan.
    counts = np.zeros((6, 6))
    counts[:, 0] = 1
    assert np.isnan(Contingency(counts, layout="powers").fallout_per_label[0])
    assert np.isnan(Contingency(counts, layout="powers").informedness_per_label[0])
    assert np.isnan(Contingency(counts.T, layout="powers").markedness_per_label[0])
