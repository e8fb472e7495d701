"""The checks of notebook 04's teaching cells and worked solutions, moved here from the notebook.

Notebook 04 prints each number beside the one it is compared with; the checks that the two agree live here:
the bias sweep's two points of the 2008 paper against scikit-learn, the poster's table against scikit-learn
and scipy, the paper's small-error approximation of kappa by sympy's series, the cheat sheet's flat measures,
and the numbers of the worked solutions. Expected values come from hand arithmetic (comments), scikit-learn,
scipy or sympy, never from the code under test alone.
"""
import numpy as np
import pytest
import sympy as sp
from scipy.stats import chi2_contingency
from sklearn.metrics import cohen_kappa_score, matthews_corrcoef, roc_auc_score

from bookeval_lib import BinaryTable
from bookeval_lib.course.states import bias_sweep


def _labels(tp, fp, fn, tn):
    """(real, predicted) 0/1 labels of a table."""
    return np.repeat([1, 0, 1, 0], [tp, fp, fn, tn]), np.repeat([1, 1, 0, 0], [tp, fp, fn, tn])


def test_the_small_error_approximation_is_the_first_order_term():
    d_p, m = sp.symbols("d_p m", positive=True)
    first_order = sp.series(d_p / (d_p + m), m, 0, 2).removeO()
    assert sp.simplify(first_order - (1 - m / d_p)) == 0


def test_the_papers_two_points_against_scikit_learn():
    # rp = 0.2, B = 0.5: tp = 0.2 pp + 0.5*0.2*0.8, so on N = 1000 the tables are
    # TP, FP, FN, TN = 100, 0, 100, 800 at bias 0.1 and 180, 320, 20, 480 at bias 0.5
    _, swept = bias_sweep(0.2, 0.5, bias=np.array([0.1, 0.5]))
    for i, cells in enumerate([(100, 0, 100, 800), (180, 320, 20, 480)]):
        real, predicted = _labels(*cells)
        assert swept["kappa"][i] == pytest.approx(cohen_kappa_score(real, predicted))
        assert swept["matthews_correlation"][i] == pytest.approx(matthews_corrcoef(real, predicted))
        assert swept["informedness"][i] == pytest.approx(0.5)
    assert np.round(swept["kappa"], 3).tolist() == [0.615, 0.320]
    assert np.round(swept["matthews_correlation"], 3).tolist() == [0.667, 0.400]


def test_at_bias_equal_to_prevalence_the_chance_corrected_meet_informedness():
    _, at_prevalence = bias_sweep(0.2, 0.5, bias=np.array([0.2]))
    for name in ("kappa", "matthews_correlation", "markedness"):
        assert at_prevalence[name][0] == pytest.approx(0.5), name
    # F1 = 2 tp/(rp + pp) with tp = 0.2*0.2 + 0.5*0.2*0.8 = 0.12: 0.24/0.4 = 0.6, not 0.5
    assert at_prevalence["f1"][0] == pytest.approx(0.6)


def test_the_posters_table_against_scikit_learn_and_scipy():
    table = BinaryTable(tp=21, fp=14, fn=9, tn=56)
    real, predicted = _labels(21, 14, 9, 56)
    assert table.kappa == pytest.approx(cohen_kappa_score(real, predicted))
    # d_p = 0.21 - 0.35*0.3 = 0.105, mean(fp, fn) = (0.14 + 0.09)/2 = 0.115: kappa = 0.105/0.22
    assert table.kappa == pytest.approx(0.105 / 0.22)
    assert table.single_point_auc == pytest.approx(roc_auc_score(real, predicted))
    chi2 = chi2_contingency(table.to_matrix("powers"), correction=False)[0]
    assert table.chi_squared == pytest.approx(chi2)
    assert table.wracc == pytest.approx(0.3 * 0.7 * 0.5)          # rp * rn * B


def test_kappa_is_unchanged_when_both_classes_are_relabelled():
    real, predicted = _labels(21, 14, 9, 56)
    assert cohen_kappa_score(1 - real, 1 - predicted) == pytest.approx(cohen_kappa_score(real, predicted))
    swapped = BinaryTable(tp=56, fp=9, fn=14, tn=21)               # tp <-> tn, fp <-> fn
    assert swapped.kappa == pytest.approx(BinaryTable(tp=21, fp=14, fn=9, tn=56).kappa)


def test_only_informedness_and_the_auc_move_with_neither_margin():
    from bookeval_lib.course import cheatsheet

    flat = [row.shown for row in cheatsheet.cheat_sheet()
            if not row.moves_with_bias and not row.moves_with_prevalence]
    assert flat == ["informedness", "single-point AUC"]


def test_solution_1_by_hand():
    # d_p = 0.85 - 0.88*0.90 = 0.058, mean(fp, fn) = 0.04; E = 0.804, accuracy 0.92
    tagger = BinaryTable(tp=85, fp=3, fn=5, tn=7)
    assert tagger.kappa == pytest.approx(0.058 / (0.058 + 0.04))
    assert tagger.kappa == pytest.approx(0.116 / 0.196)
    real, predicted = _labels(85, 3, 5, 7)
    assert tagger.kappa == pytest.approx(cohen_kappa_score(real, predicted))


def test_solution_2_both_largest_at_the_lowest_feasible_bias():
    # the lowest feasible bias is rp * B = 0.2 * 0.5 = 0.1 (FP = 0)
    grid, values = bias_sweep(0.2, 0.5, points=1001)
    assert grid[np.nanargmax(values["kappa"])] == pytest.approx(0.1)
    assert grid[np.nanargmax(values["matthews_correlation"])] == pytest.approx(0.1)


@pytest.mark.parametrize(("cells", "chi2_shown", "phi_shown", "b_by_hand"), [
    ((1100, 3300, 900, 4700), 122.8, 0.111, 0.55 - 0.4125),    # P: recall 1100/2000, fallout 3300/8000
    ((21, 14, 9, 56), 23.08, 0.480, 0.7 - 0.2),                # Q: the poster's table
])
def test_solution_3_numbers_by_scipy(cells, chi2_shown, phi_shown, b_by_hand):
    tp, fp, fn, tn = cells
    chi2 = chi2_contingency(np.array([[tp, fp], [fn, tn]]), correction=False)[0]
    n = tp + fp + fn + tn
    assert round(chi2, {122.8: 1, 23.08: 2}[chi2_shown]) == chi2_shown
    assert round(np.sqrt(chi2 / n), 3) == phi_shown
    assert round(np.sqrt(chi2_shown / n), 3) == phi_shown          # from the report's rounded chi2 too
    assert BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn).informedness == pytest.approx(b_by_hand)
