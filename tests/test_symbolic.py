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
    s.Identity("mcc_positive_root", M["matthews_correlation"], sp.sqrt(M["informedness"] * M["markedness"]), "sign"),
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


def test_prove_prints_the_kind_of_each_entry(capsys):
    s.prove("informedness_determinant")
    assert "\nproof, sympy: lhs - rhs = 0" in capsys.readouterr().out
    s.prove("fowlkes_mallows_is_g_measure")
    assert "\ndefinition check, sympy: lhs - rhs = 0" in capsys.readouterr().out


def test_entries_that_restate_a_definition_are_labelled_definition_checks():
    kinds = {c.name: c.kind for c in s.IDENTITIES}
    for name in ("fowlkes_mallows_is_g_measure", "accuracy_deviation_binomial", "g_is_a_perplexity",
                 "auc_tpr_plus_tnr", "auc_one_minus_mean_error_rate"):
        assert kinds[name] == "definition check", name
    # derivations stay proofs: the ROC trapezoid integrates, chi^2 starts from Pearson's sum
    for name in ("auc_is_the_trapezoid", "chi_squared_is_n_phi_squared", "kappa_discriminant_over_mean_error"):
        assert kinds[name] == "proof", name
    with pytest.raises(ValueError, match="kind"):
        s.Identity("x", s.tp, s.tp, "made up", kind="lemma")


def test_refute_uses_beta_one_half_and_says_so(capsys):
    # alpha = beta^2 = 1/4 against the correct beta^2/(1 + beta^2) = 1/5 at beta = 1/2.
    # TP, FP, FN, TN = 1, 2, 3, 4: r = 1/4, p = 1/3.
    # printed form 1/(alpha/r + (1 - alpha)/p) = 1/((1/4)*4 + (3/4)*3) = 1/(13/4) = 4/13;
    # F_beta = (1 + 1/4) p r / (p/4 + r) = (5/4)(1/12)/(1/12 + 1/4) = (5/48)/(1/3) = 5/16.
    s.refute(WRONG[3])
    out = capsys.readouterr().out
    assert "beta = 1/2" in out and "left side is 4/13, the right side 5/16" in out


def test_refute_prints_floats_beside_radicals(capsys):
    # MCC at TP, FP, FN, TN = 1, 3, 2, 5 is (5 - 6)/sqrt(3*8*4*7) = -1/sqrt(672) < 0, +sqrt(B M) > 0
    s.refute(WRONG[4], (1, 3, 2, 5))
    out = capsys.readouterr().out
    assert f"{-1 / math.sqrt(672):.6g}" in out and f"{1 / math.sqrt(672):.6g}" in out


def test_refute_never_refutes_a_true_identity_sympy_failed_to_prove(monkeypatch):
    # simulate a simplification failure: the claim is true (F1 two ways) but check_identity says False
    monkeypatch.setattr(s, "check_identity", lambda claim: False)
    with pytest.raises(AssertionError, match="not refuted"):
        s.refute(s.identity("f1_counts"))


def test_refute_moves_to_another_table_when_the_sides_agree_on_the_given_one(capsys):
    # recall = precision holds exactly when FP = FN; at 1, 2, 2, 4 the sides agree, at 1, 2, 3, 4 not
    claim = s.Identity("recall_is_precision", s.tpr, s.tpa, "made up")
    s.refute(claim, (1, 2, 2, 4))
    assert "TP, FP, FN, TN = 1, 2, 3, 4" in capsys.readouterr().out


@pytest.mark.parametrize("claim", [c for c in WRONG if c.name in
                                   ("eq7_as_printed", "phi_squared_as_printed", "kappa_off_by_two",
                                    "alpha_is_beta_squared")],
                         ids=lambda c: c.name)
def test_a_false_rational_identity_returns_its_difference_over_a_common_denominator(claim):
    # A rational difference is returned at once (no sp.simplify); it must still be lhs - rhs:
    # at TP, FP, FN, TN = 1, 3, 2, 5 (beta = 2, alpha = 4/5) it equals the exact counterexample gap.
    difference = s.simplified_difference(claim)
    assert difference != 0 and difference.is_rational_function()
    weights = {s.beta: 2, s.alpha: sp.Rational(4, 5)}
    lhs, rhs = s.counterexample(claim, (1, 3, 2, 5), weights=weights)
    point = {s.A: 1, s.B: 3, s.C: 2, s.D: 5, **weights}
    assert sp.nsimplify(difference.subs(point)) == lhs - rhs


def test_least_squares_slopes_of_the_table_are_markedness_and_informedness():
    """Appendix A3 (section 5) derives the slope of R on P from the normal equations; the reversed fit and the
    paper's eq. 12 with the table's sums are checked here: P on R is informedness, and
    (n·Σxy − Σx·Σy)/(n·Σx² − Σx·Σx) with n = 1, Σxy = tp, Σx = Σx² = pp, Σy = rp is markedness."""
    intercept, slope = sp.symbols("y_0 slope", real=True)
    cases = [(1, 1, s.tp), (1, 0, s.fp), (0, 1, s.fn), (0, 0, s.tn)]   # (x = predicted +, y = real +, weight)
    squared_error = sum(w * (x - intercept - slope * y) ** 2 for x, y, w in cases)
    fit = sp.solve([sp.diff(squared_error, intercept), sp.diff(squared_error, slope)],
                   [intercept, slope], dict=True)[0]
    claims = [s.Identity("slope of P on R", sp.factor(fit[slope]), s.MEASURE_SYMBOLS["informedness"], "eq. 12"),
              s.Identity("eq. 12 with table sums", (s.tp - s.pp * s.rp) / (s.pp - s.pp * s.pp),
                         s.MEASURE_SYMBOLS["markedness"], "eq. 12")]
    for claim in claims:
        assert s.check_identity(claim), claim.name
    # and it can fail: the slope of P on R is not markedness
    wrong = s.Identity("slope of P on R is M", sp.factor(fit[slope]), s.MEASURE_SYMBOLS["markedness"], "none")
    assert not s.check_identity(wrong)
