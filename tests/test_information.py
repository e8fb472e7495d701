"""The 2003 information view against scipy's entropy and scikit-learn's mutual information."""
import numpy as np
import pytest
from scipy.stats import entropy
from sklearn.metrics import mutual_info_score

from bookeval_lib import BinaryTable
from bookeval_lib.course.information import conditional_entropy, information_view


@pytest.mark.parametrize("cells", [(42, 18, 28, 12), (21, 14, 9, 56), (20, 10, 5, 65), (90, 10, 0, 0)])
def test_conditional_entropy_against_scipy(cells):
    tp, fp, fn, tn = cells
    table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    pp, pn = (tp + fp) / sum(cells), (fn + tn) / sum(cells)
    by_rows = pp * entropy([tp, fp], base=2) + pn * entropy([fn, tn], base=2) if fn + tn else entropy([tp, fp], base=2)
    assert np.isclose(conditional_entropy(table), by_rows)


def test_mutual_information_against_sklearn():
    table = BinaryTable(tp=21, fp=14, fn=9, tn=56)
    real = np.repeat([1, 0, 1, 0], [21, 14, 9, 56])
    predicted = np.repeat([1, 1, 0, 0], [21, 14, 9, 56])
    view = information_view(table)
    assert np.isclose(view["mutual_information"], mutual_info_score(real, predicted) / np.log(2))
    assert np.isclose(view["entropy_real"], entropy([30, 70], base=2))


def test_guess_has_no_information_and_f_and_g_readings():
    guess = information_view(BinaryTable(tp=42, fp=18, fn=28, tn=12))     # cells = products of margins
    assert np.isclose(guess["mutual_information"], 0, atol=1e-12)
    table = BinaryTable(tp=20, fp=10, fn=5, tn=65)
    view = information_view(table)
    # hand arithmetic: 1/r = 25/20, 1/p = 30/20, mean 1.375 = 1/F1 (F1 = 8/11); (FP + FN)/(2 TP) = 15/40
    assert np.isclose(view["mean_interval"], 1.375) and np.isclose(1 / view["mean_interval"], table.f1)
    assert np.isclose(view["errors_per_hit"], 15 / 40)
    assert np.isclose(2 ** -view["mean_information"], table.g_measure)
    assert np.isclose(view["perplexity"], 1 / table.g_measure)


def test_bad_input():
    with pytest.raises(ValueError, match="BinaryTable"):
        conditional_entropy([1, 2, 3, 4])
    with pytest.raises(ValueError, match="base"):
        conditional_entropy(BinaryTable(tp=1, fp=1, fn=1, tn=1), base=1)
    assert np.isnan(conditional_entropy(BinaryTable(tp=0, fp=0, fn=0, tn=0)))


def test_reversed_table_no_exception_infinite_intervals_zero_entropy():
    view = information_view(BinaryTable(tp=0, fp=30, fn=70, tn=0))
    assert np.isinf(view["cases_per_hit"]) and np.isclose(view["conditional_entropy"], 0)
