"""The identity catalogue holds, false identities are caught, and every sympy
expression agrees numerically with BinaryTable."""
import math

import numpy as np
import pytest
import sympy as sp

from bookeval_lib import MEASURES, BinaryTable
from bookeval_lib.course import symbolic as s


@pytest.mark.parametrize("claim", s.IDENTITIES, ids=[c.name for c in s.IDENTITIES])
def test_every_catalogued_identity_is_proved(claim):
    assert s.check_identity(claim), str(claim)


def test_identity_names_are_unique_and_every_entry_has_a_source():
    names = [c.name for c in s.IDENTITIES]
    assert len(names) == len(set(names))
    assert all(c.source.strip() for c in s.IDENTITIES)


M = s.MEASURE_EXPRESSIONS
# Identities as the seeds print them (typos included): each must be reported false.
WRONG = [
    # 2008 eq. 5 prints rp*tp + rn*tnr
    s.Identity("eq5_as_printed", M["accuracy"], s.rp * s.tp + s.rn * M["inverse_recall"], "2008 eq. 5"),
    # 2008 eq. 7 prints fp/rp; eq. 8 prints fn/rn
    s.Identity("eq7_as_printed", M["fallout"], s.fp / s.rp, "2008 eq. 7"),
    s.Identity("eq8_as_printed", M["miss_rate"], s.fn / s.rn, "2008 eq. 8"),
    # 2003: alpha = beta^2 in F = 1/(alpha/r + (1-alpha)/p)
    s.Identity("alpha_is_beta_squared", 1 / (s.beta**2 / M["recall"] + (1 - s.beta**2) / M["precision"]),
               s.f_measure(s.beta), "2003"),
    # correlation is +-sqrt(B*M), not +sqrt(B*M)
    s.Identity("mcc_positive_root", M["mcc"], sp.sqrt(M["informedness"] * M["markedness"]), "sign"),
    # LingPipe's printed yulesQ (FP*FP) and phiSquared ((TP*TN)*(FP*FN))^2
    s.Identity("yules_q_as_printed", M["yules_q"],
               (s.tp * s.tn - s.fp * s.fn) / (s.tp * s.tn + s.fp * s.fp), "LingPipe"),
    s.Identity("phi_squared_as_printed", M["phi_squared"],
               (s.tp * s.tn * s.fp * s.fn)**2 / (s.rp * s.rn * s.pp * s.pn), "LingPipe"),
    # a near miss: kappa with the mean error doubled
    s.Identity("kappa_off_by_two", M["kappa"], M["wracc"] / (M["wracc"] + s.fp + s.fn), "made up"),
]


@pytest.mark.parametrize("claim", WRONG, ids=[c.name for c in WRONG])
def test_a_wrong_identity_is_reported_false_and_a_counterexample_shows_it(claim):
    assert s.check_identity(claim) is False
    lhs, rhs = s.counterexample(claim, (1, 3, 2, 5))   # TP*TN - FP*FN = -1 < 0
    assert lhs != rhs


def test_counterexample_is_exact_arithmetic():
    # eq. 5 as printed at TP, FP, FN, TN = 1, 2, 3, 4 (N = 10): accuracy = 5/10;
    # rp*tp + rn*tnr = 0.4*0.1 + 0.6*(4/6) = 0.04 + 0.4 = 0.44 = 11/25.
    assert s.counterexample(WRONG[0], (1, 2, 3, 4)) == (sp.Rational(1, 2), sp.Rational(11, 25))


def test_check_identity_rejects_other_objects_and_unknown_names():
    with pytest.raises(ValueError, match="Identity"):
        s.check_identity((M["recall"], M["recall"]))
    with pytest.raises(ValueError, match="no identity"):
        s.identity("no_such_identity")
    with pytest.raises(ValueError, match="positive"):
        s.counterexample(WRONG[0], (0, 1, 2, 3))


def test_swap_classes_exchanges_the_diagonals():
    assert s.swap_classes(M["recall"]) == M["inverse_recall"]
    assert s.swap_classes(s.tp - s.fp) == s.tn - s.fn


def test_there_is_an_expression_for_every_binarytable_measure():
    assert set(M) == set(MEASURES)


def _random_tables(seed=7, size=200):
    rng = np.random.default_rng(seed)
    cells = rng.integers(1, 60, size=(4, size)).astype(float)
    return BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3]), cells


@pytest.mark.parametrize("name", MEASURES)
def test_each_expression_agrees_with_binarytable_on_random_tables(name):
    table, (tp, fp, fn, tn) = _random_tables()
    n = tp + fp + fn + tn
    function = sp.lambdify((s.tp, s.fp, s.fn, s.tn, s.N), M[name], "numpy")
    expected = np.broadcast_to(function(tp / n, fp / n, fn / n, tn / n, n), n.shape)
    np.testing.assert_allclose(getattr(table, name), expected, rtol=1e-10, atol=1e-12, err_msg=name)


@pytest.mark.parametrize("weight", [0.5, 1.0, 2.0, 3.7])
def test_f_measure_expression_agrees_with_binarytable(weight):
    table, (tp, fp, fn, tn) = _random_tables(seed=11)
    n = tp + fp + fn + tn
    function = sp.lambdify((s.tp, s.fp, s.fn, s.tn), s.expand(s.f_measure(weight)), "numpy")
    np.testing.assert_allclose(table.f_measure(weight), function(tp / n, fp / n, fn / n, tn / n), rtol=1e-12)


def test_f_measure_weight_favours_recall():
    # Hand arithmetic: recall 0.9, precision 0.3. As beta grows F_beta tends to recall.
    recall, precision = 0.9, 0.3
    table = BinaryTable(tp=9, fn=1, fp=21, tn=69)
    assert table.recall == pytest.approx(recall) and table.precision == pytest.approx(precision)
    assert table.f_measure(100.0) == pytest.approx(recall, abs=1e-3)
    assert table.f_measure(0.01) == pytest.approx(precision, abs=1e-3)


def test_kappa_claim_of_2008_at_a_hand_worked_table():
    # TP, FP, FN, TN = 42, 18, 28, 12 (Powers 2003's table, N = 100):
    # dp = .42 - .60*.70 = 0; mean(fp, fn) = .23, so dp/(dp + .23) = 0 = kappa.
    # TP, FP, FN, TN = 30, 10, 10, 50: dp = .30 - .40*.40 = .14, mean error .10,
    # 0.14/0.24 = 7/12; kappa = (.80 - (.16 + .36))/(1 - .52) = .28/.48 = 7/12.
    assert BinaryTable(tp=42, fp=18, fn=28, tn=12).kappa == pytest.approx(0.0, abs=1e-15)
    assert BinaryTable(tp=30, fp=10, fn=10, tn=50).kappa == pytest.approx(7 / 12)
    assert math.isclose(0.14 / 0.24, 7 / 12)


def test_prove_prints_zero_and_refute_prints_a_counterexample(capsys):
    s.prove("accuracy_average_of_recalls")
    assert "lhs - rhs = 0" in capsys.readouterr().out
    with pytest.raises(AssertionError, match="not an identity"):
        s.prove(WRONG[0])
    s.refute(WRONG[0])
    assert "left side is 1/2, the right side 11/25" in capsys.readouterr().out
    with pytest.raises(AssertionError, match="holds"):
        s.refute(s.identity("recall_counts"))


def test_latex_shows_the_papers_notation():
    latex = s.identity_latex(s.identity("accuracy_average_of_recalls"))
    # printed by course.formulas: reading order, names upright
    assert r"\mathrm{rp} \cdot \mathrm{tpr} + \mathrm{rn} \cdot \mathrm{tnr}" in latex
    assert r"\mathrm{Accuracy}" in latex
