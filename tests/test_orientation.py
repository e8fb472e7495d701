"""A matrix's layout must be named: reading scikit-learn's confusion matrix as Powers' cannot happen silently."""
import numpy as np
import pytest
from sklearn.metrics import balanced_accuracy_score, confusion_matrix

from bookeval_lib import BinaryTable, Contingency
from bookeval_lib.course.figure1 import figure1_figures

REAL = np.array([1] * 30 + [0] * 70)
PREDICTED = np.array([1] * 25 + [0] * 5 + [1] * 10 + [0] * 60)   # TP 25, FN 5, FP 10, TN 60


def test_from_matrix_without_a_layout_says_which_layouts_exist():
    with pytest.raises(ValueError, match="sklearn.metrics.confusion_matrix") as error:
        BinaryTable.from_matrix(confusion_matrix(REAL, PREDICTED))
    assert "'powers'" in str(error.value) and "'lingpipe'" in str(error.value)


def test_to_matrix_needs_a_layout_too():
    with pytest.raises(ValueError, match="no layout was named"):
        BinaryTable(tp=1, fp=2, fn=3, tn=4).to_matrix()


def test_sklearn_layout_gives_the_informedness_of_the_labels():
    table = BinaryTable.from_matrix(confusion_matrix(REAL, PREDICTED), layout="sklearn")
    # by hand: tpr = 25/30, fpr = 10/70, B = 25/30 - 10/70
    assert table.informedness == pytest.approx(25 / 30 - 10 / 70)
    assert table.informedness == pytest.approx(balanced_accuracy_score(REAL, PREDICTED, adjusted=True))


def test_contingency_without_a_layout_explains_both():
    with pytest.raises(ValueError, match="'powers'.*'sklearn'"):
        Contingency([[25, 10], [5, 60]])


def test_contingency_sklearn_layout_is_the_transpose():
    y_true = np.array([0, 0, 1, 1, 1, 2, 2, 2, 2, 0])
    y_pred = np.array([0, 1, 1, 1, 2, 2, 2, 0, 2, 0])
    matrix = confusion_matrix(y_true, y_pred)
    from_sklearn = Contingency(matrix, layout="sklearn")
    np.testing.assert_array_equal(from_sklearn.counts, matrix.T)
    assert from_sklearn.informedness == Contingency.from_labels(y_true, y_pred).informedness
    assert Contingency.from_sklearn(matrix).informedness == from_sklearn.informedness


def test_an_unknown_layout_is_named_in_the_error():
    with pytest.raises(ValueError, match="unknown layout 'transposed'"):
        Contingency([[1, 2], [3, 4]], layout="transposed")


def test_figure1_averages_use_the_one_weighted_mean_on_a_degenerate_table():
    # TP 5, FP 5, FN 0, TN 0: F = 2*5/(2*5 + 5) = 2/3; the inverse problem has F = 0 and
    # weight pn = 0, so the bias-weighted harmonic mean is F itself, 2/3 (no division by zero).
    figures = figure1_figures(BinaryTable(tp=5, fp=5, fn=0, tn=0))
    assert figures["average_f"] == pytest.approx(2 / 3)


@pytest.mark.parametrize("layout", [["powers"], 1])
def test_a_layout_that_is_not_a_name_is_refused_with_the_layouts(layout):
    # main: a list raised TypeError (unhashable) from the lookup, before any message about layouts
    with pytest.raises(ValueError, match="unknown layout"):
        BinaryTable.from_matrix([[1, 2], [3, 4]], layout=layout)
    with pytest.raises(ValueError, match="unknown layout"):
        BinaryTable(tp=1, fp=2, fn=3, tn=4).to_matrix(layout=layout)
