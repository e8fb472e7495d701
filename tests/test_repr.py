"""repr of BinaryTable and Contingency: the table with its margins and the headline measures (issue 17).

Every expected string is written out by hand; the measures in it are worked in the comments.
"""
import warnings

import numpy as np
import pytest

from bookeval_lib import BinaryTable, Contingency

# TP=20, FP=10, FN=5, TN=65.  Margins: PP = 30, PN = 70, RP = 25, RN = 75, N = 100.
# recall 20/25 = 0.8, inverse recall 65/75, B = 0.8 + 0.8667 - 1 = 2/3;
# precision 20/30 = 0.6667, inverse precision 65/70, M = 2/3 + 13/14 - 1 = 25/42 = 0.5952;
# MCC = (20*65 - 10*5)/sqrt(25*75*30*70) = 1250/1984.31 = 0.6299.
ONE_TABLE = """\
BinaryTable (rows: predicted, columns: real)
     +R  -R | sum
+P   20  10 |  30
-P    5  65 |  70
sum  25  75 | 100
informedness 0.6667  markedness 0.5952  mcc 0.6299
recall 0.8000  precision 0.6667"""


def test_one_table_shows_powers_layout_with_margins_and_measures():
    assert repr(BinaryTable(tp=20, fp=10, fn=5, tn=65)) == ONE_TABLE


def test_counts_given_as_floats_still_print_as_integers():
    assert repr(BinaryTable(tp=20.0, fp=10.0, fn=5.0, tn=65.0)) == ONE_TABLE


def test_proportions_print_as_decimals_with_a_whole_total():
    # The same table divided by N = 100: the measures are ratios, so they do not change.
    assert repr(BinaryTable(tp=0.2, fp=0.1, fn=0.05, tn=0.65)) == """\
BinaryTable (rows: predicted, columns: real)
       +R    -R | sum
+P    0.2   0.1 | 0.3
-P   0.05  0.65 | 0.7
sum  0.25  0.75 |   1
informedness 0.6667  markedness 0.5952  mcc 0.6299
recall 0.8000  precision 0.6667"""


def test_undefined_measures_print_as_nan_without_warnings():
    # No real positives: recall 0/0; the table is 0 3 / 0 7 with RP = 0, PP = 3.
    # B needs recall (nan); M = 0/3 + 7/7 - 1 = 0; MCC has the margin RP = 0 under its root (nan).
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = repr(BinaryTable(tp=0, fp=3, fn=0, tn=7))
    assert text.splitlines()[-2:] == ["informedness nan  markedness 0.0000  mcc nan",
                                      "recall nan  precision 0.0000"]


def test_an_array_of_tables_says_how_many_their_shape_and_a_summary():
    # Table 0 is ONE_TABLE (B 0.6667, M 0.5952, MCC 0.6299).  Table 1 is Powers 2003's 42/18/28/12:
    # B = 42/70 + 12/30 - 1 = 0, M = 42/60 + 12/40 - 1 = 0, MCC = (504 - 504)/... = 0.  Table 2 has
    # no real positives: B and MCC nan, M = 0/3 + 7/7 - 1 = 0.  Medians over the defined values:
    # B (0.6667 + 0)/2 = 0.3333; M of (0, 0, 0.5952) = 0; MCC (0.6299 + 0)/2 = 0.3150.
    tables = BinaryTable(tp=[20, 42, 0], fp=[10, 18, 3], fn=[5, 28, 0], tn=[65, 12, 7])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = repr(tables)
    assert text == """\
BinaryTable: 3 tables, shape (3,)
  informedness  min 0.0000  median 0.3333  max 0.6667  (1 nan)
  markedness    min 0.0000  median 0.0000  max 0.5952
  mcc           min 0.0000  median 0.3150  max 0.6299  (1 nan)"""


def test_a_two_dimensional_array_and_an_empty_one():
    # Four identical tables TP=FP=FN=TN=1: every rate is 1/2, so B = M = MCC = 0.
    grid = BinaryTable(tp=np.ones((2, 2)), fp=1, fn=1, tn=1)
    assert repr(grid).splitlines() == [
        "BinaryTable: 4 tables, shape (2, 2)",
        "  informedness  min 0.0000  median 0.0000  max 0.0000",
        "  markedness    min 0.0000  median 0.0000  max 0.0000",
        "  mcc           min 0.0000  median 0.0000  max 0.0000",
    ]
    assert repr(BinaryTable(tp=[], fp=[], fn=[], tn=[])) == "BinaryTable: 0 tables, shape (0,)"


def test_an_array_whose_measure_is_never_defined_says_so():
    # Both tables lack real positives: B is nan in both.
    text = repr(BinaryTable(tp=[0, 0], fp=[1, 2], fn=[0, 0], tn=[1, 2]))
    assert "  informedness  all nan" in text.splitlines()


def test_html_of_an_array_keeps_its_lines():
    tables = BinaryTable(tp=[20, 42], fp=[10, 18], fn=[5, 28], tn=[65, 12])
    assert tables._repr_html_() == "<pre>" + repr(tables) + "</pre>"


# Rows predicted a, b, c; columns real a, b, c: [[2, 0, 0], [0, 1, 1], [0, 0, 2]], N = 6.
# B(a) = 2/2 - 0/4 = 1, B(b) = 1/1 - 1/5 = 0.8, B(c) = 2/3 - 0/3; every bias is 2/6, so
# B = (1 + 0.8 + 0.6667)/3 = 37/45 = 0.8222.  M(a) = 1 - 0/4, M(b) = 1/2 - 0/4, M(c) = 2/2 - 1/4,
# weighted by the prevalences 2/6, 1/6, 3/6: M = (2 + 0.5 + 2.25)/6 = 19/24 = 0.7917.
# Gorodkin's R_K = (N*trace - sum_k PP_k RP_k)/sqrt((N^2 - sum PP_k^2)(N^2 - sum RP_k^2))
# = (6*5 - (4 + 2 + 6))/sqrt((36 - 12)(36 - 14)) = 18/sqrt(528) = 0.7833
# (scikit-learn's matthews_corrcoef of the same labels: 0.78335).
THREE_CLASSES = """\
Contingency: 3 labels x 3 classes (rows: predicted, columns: real)
     R=a  R=b  R=c | sum
P=a    2    0    0 |   2
P=b    0    1    1 |   2
P=c    0    0    2 |   2
sum    2    1    3 |   6
informedness 0.8222  markedness 0.7917  mcc 0.7833"""


def test_contingency_shows_the_table_with_margins_names_and_measures():
    assert repr(Contingency.from_labels(list("aabccc"), list("aabbcc"))) == THREE_CLASSES


def test_contingency_from_sklearn_prints_in_powers_layout():
    # scikit-learn's confusion_matrix of the same labels has rows = real: its transpose.
    sklearn_matrix = np.array([[2, 0, 0], [0, 1, 1], [0, 0, 2]]).T
    assert repr(Contingency.from_sklearn(sklearn_matrix, labels="abc")) == THREE_CLASSES


def test_contingency_names_columns_with_the_width_they_need():
    # Perfect predictions of two classes, 3 "cat" and 1 "bird": B = M = MCC = 1.
    table = Contingency.from_labels(["cat", "cat", "cat", "bird"], ["cat", "cat", "cat", "bird"])
    assert repr(table) == """\
Contingency: 2 labels x 2 classes (rows: predicted, columns: real)
        R=bird  R=cat | sum
P=bird       1      0 |   1
P=cat        0      3 |   3
sum          1      3 |   4
informedness 1.0000  markedness 1.0000  mcc 1.0000"""


@pytest.mark.parametrize("classes", [21, 50])
def test_a_large_contingency_prints_its_shape_total_and_measures_only(classes):
    # Two correct cases of each class: N = 2K, and a perfect table has B = M = MCC = 1.
    table = Contingency.from_sklearn(2 * np.eye(classes), labels=range(classes))
    assert repr(table) == (f"Contingency: {classes} labels x {classes} classes (rows: predicted, columns: real)\n"
                           f"N = {2 * classes}\n"
                           "informedness 1.0000  markedness 1.0000  mcc 1.0000")


def test_the_public_api_carries_type_hints_and_py_typed():
    import inspect
    from pathlib import Path

    import bookeval_lib
    from bookeval_lib import Contingency, curves, metrics, roc, uncertainty

    public = [BinaryTable.__init__, BinaryTable.from_labels, BinaryTable.from_matrix, BinaryTable.from_rates,
              BinaryTable.to_matrix, Contingency.__init__, Contingency.from_labels, Contingency.from_sklearn,
              Contingency.from_crosstab, Contingency.match_labels, roc.roc_curve, roc.auc,
              curves.precision_recall_curve, metrics.informedness_score, metrics.markedness_score,
              uncertainty.informedness_interval, uncertainty.markedness_interval,
              uncertainty.correlation_interval, uncertainty.independence_test, uncertainty.mcnemar]
    for function in public:
        signature = inspect.signature(function)
        assert signature.return_annotation is not inspect.Signature.empty, function.__qualname__
        for name, parameter in signature.parameters.items():
            if name not in ("self", "cls"):
                assert parameter.annotation is not inspect.Parameter.empty, f"{function.__qualname__}({name})"
    assert (Path(bookeval_lib.__file__).parent / "py.typed").exists()
