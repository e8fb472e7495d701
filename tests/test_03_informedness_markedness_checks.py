"""The checks of notebook 03's teaching cells and worked solutions, moved here from the notebook.

Notebook 03 prints each number beside the one it is compared with; the checks that the two agree live here.
The tables are the notebook's (the 2003 poster's mixture 21, 14, 9, 56; the caused table of "Stronger
prediction is not cause"; the exercises' tables), and the expected values come from hand arithmetic in the
comments, numpy, scikit-learn or scipy, never from the code under test alone.
"""
import numpy as np
import pytest
from sklearn.metrics import balanced_accuracy_score, matthews_corrcoef, precision_score, recall_score

from bookeval_lib import BinaryTable
from bookeval_lib.course.figures import regression_slopes

POSTER = BinaryTable(tp=21, fp=14, fn=9, tn=56)


def _labels(tp, fp, fn, tn):
    """(real, predicted) 0/1 labels of a table, real classes first as scikit-learn orders them."""
    real = np.repeat([1, 0, 1, 0], [tp, fp, fn, tn])
    predicted = np.repeat([1, 1, 0, 0], [tp, fp, fn, tn])
    return real, predicted


def test_the_poster_table_is_the_average_of_a_guess_and_perfect_play():
    # guess saying "+" 40 % of the time at prevalence 0.3: TP 0.4*30, FP 0.4*70, FN 0.6*30, TN 0.6*70
    guess = np.array([[12, 28], [18, 42]])
    perfect = np.array([[30, 0], [0, 70]])
    assert np.allclose((guess + perfect) / 2, POSTER.to_matrix("powers"))
    # tpr - fpr = 21/30 - 14/70 = 0.7 - 0.2 = 0.5, the share of informed decisions
    assert POSTER.informedness == pytest.approx(0.5)


def test_the_posters_sum_and_its_brackets_give_one_half():
    # appendix A3, section 5: 0.35 ((0.06 + 0.15)/0.3 - 0.14/0.7) + 0.65 ((0.21 + 0.35)/0.7 - 0.09/0.3)
    posters_sum = 0.35 * ((0.06 + 0.15) / 0.3 - 0.14 / 0.7) + 0.65 * ((0.21 + 0.35) / 0.7 - 0.09 / 0.3)
    assert posters_sum == pytest.approx(0.5)
    # brackets tpr - fpr = 0.7 - 0.2 and tnr - fnr = 0.8 - 0.3, weighted by pp = 0.35 and pn = 0.65
    brackets = (POSTER.recall - POSTER.fallout, POSTER.inverse_recall - POSTER.miss_rate)
    assert brackets == pytest.approx((0.5, 0.5))
    assert 0.35 * brackets[0] + 0.65 * brackets[1] == pytest.approx(0.5)


def test_the_caused_table_has_the_larger_slope_in_the_non_causal_direction():
    # prevalence 1/2, p_inf 1/2, guess "+" 10 %: tpr = 0.55, fpr = 0.05, B = 0.5 = p_inf;
    # pp = 0.5*0.55 + 0.5*0.05 = 0.3, precision = 0.275/0.3, fna = 0.225/0.7: M = 0.9167 - 0.3214 = 0.5952
    table = BinaryTable(tp=0.275, fn=0.225, fp=0.025, tn=0.475)
    assert table.informedness == pytest.approx(0.5)
    assert table.markedness == pytest.approx(0.275 / 0.3 - 0.225 / 0.7)
    assert table.markedness > table.informedness
    assert table.bias * (1 - table.bias) == pytest.approx(0.21)


def test_the_fitted_slopes_and_the_correlation_against_numpy_and_scikit_learn():
    real, predicted = regression_slopes.zero_one_codes(POSTER)
    slope_b = np.polyfit(real, predicted, 1)[0]
    slope_m = np.polyfit(predicted, real, 1)[0]
    # B = 0.5; M = 21/35 + 56/65 - 1 = 0.4615
    assert slope_b == pytest.approx(0.5) and slope_m == pytest.approx(21 / 35 + 56 / 65 - 1)
    pearson_r = np.corrcoef(predicted, real)[0, 1]
    assert pearson_r == pytest.approx(POSTER.matthews_correlation)
    assert pearson_r == pytest.approx(matthews_corrcoef(real, predicted))
    assert pearson_r**2 == pytest.approx(slope_b * slope_m)


def test_the_other_names_by_scikit_learn():
    real, predicted = _labels(21, 14, 9, 56)
    youden_j = recall_score(real, predicted) + recall_score(real, predicted, pos_label=0) - 1
    assert youden_j == pytest.approx(POSTER.informedness)
    assert balanced_accuracy_score(real, predicted, adjusted=True) == pytest.approx(POSTER.informedness)
    markedness = precision_score(real, predicted) + precision_score(real, predicted, pos_label=0) - 1
    assert markedness == pytest.approx(POSTER.markedness)


def test_solution_1_by_hand():
    tagger = BinaryTable(tp=85, fp=3, fn=5, tn=7)
    b_by_hand, m_by_hand = 85 / 90 + 7 / 10 - 1, 85 / 88 + 7 / 12 - 1
    assert tagger.informedness == pytest.approx(b_by_hand)
    assert tagger.markedness == pytest.approx(m_by_hand)
    assert tagger.matthews_correlation == pytest.approx(np.sqrt(b_by_hand * m_by_hand))
    assert round(tagger.matthews_correlation, 4) == 0.5949


def test_solution_2_by_scikit_learn():
    # sensitivity 0.80, specificity 0.65 on 100 real positives and 100 real negatives
    real, predicted = _labels(80, 35, 20, 65)
    assert balanced_accuracy_score(real, predicted, adjusted=True) == pytest.approx(0.80 + 0.65 - 1)
    assert balanced_accuracy_score(real, predicted) == pytest.approx(0.725)
    assert BinaryTable(tp=80, fn=20, fp=35, tn=65).informedness == pytest.approx(0.45)


@pytest.mark.parametrize(("cells", "b_by_hand", "m_by_hand"), [
    ((63, 26, 7, 104), 63 / 70 - 26 / 130, 63 / 89 + 104 / 111 - 1),     # test A: 0.700, 0.645
    ((42, 2, 28, 128), 42 / 70 - 2 / 130, 42 / 44 + 128 / 156 - 1),      # test B: 0.585, 0.775
])
def test_solution_3_numbers(cells, b_by_hand, m_by_hand):
    tp, fp, fn, tn = cells
    table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    real, predicted = _labels(tp, fp, fn, tn)
    assert table.informedness == pytest.approx(b_by_hand)
    assert table.markedness == pytest.approx(m_by_hand)
    assert matthews_corrcoef(real, predicted) == pytest.approx(np.sqrt(b_by_hand * m_by_hand))


def test_solution_3_the_correlation_cannot_choose():
    # sqrt(0.700 * 0.645) = 0.672 and sqrt(0.585 * 0.775) = 0.673: to 3 decimals one apart
    a = matthews_corrcoef(*_labels(63, 26, 7, 104))
    b = matthews_corrcoef(*_labels(42, 2, 28, 128))
    assert (round(a, 3), round(b, 3)) == (0.672, 0.673)
