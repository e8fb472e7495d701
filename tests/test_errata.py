"""One executable check for every erratum and remark with a number in notebooks/ERRATA.md.

Each check computes independently of the code under test: sympy, scikit-learn,
scipy.optimize.linprog, or exact hand arithmetic (fractions) written out in the
comments.  The test names are the ones ERRATA.md cites.
"""
import re
from fractions import Fraction as Fr
from math import comb, isclose, sqrt
from pathlib import Path

import numpy as np
import pytest
import sympy as sp
from scipy.optimize import linprog
from sklearn.metrics import (cohen_kappa_score, matthews_corrcoef, precision_score, rand_score,
                             recall_score)

from bookeval_lib.course import symbolic as s

ERRATA = (Path(__file__).resolve().parents[1] / "notebooks" / "ERRATA.md").read_text(encoding="utf-8")
M = s.MEASURE_EXPRESSIONS


def expanded(tp, fp, fn, tn):
    """0/1 label vectors (real, predicted) of a 2 x 2 table."""
    real = np.r_[np.ones(tp + fn), np.zeros(fp + tn)].astype(int)
    predicted = np.r_[np.ones(tp), np.zeros(fn), np.ones(fp), np.zeros(tn)].astype(int)
    return real, predicted


def test_every_check_cited_in_errata_exists():
    cited = {word.strip("`.,;()") for word in ERRATA.split() if word.strip("`.,;()").startswith("test_")}
    cited = {name for name in cited if not name.endswith(".py")}
    assert cited <= set(globals()), sorted(cited - set(globals()))


def _section(number):
    """The text of ERRATA's section ``## number.`` up to the next section."""
    start = ERRATA.index(f"\n## {number}. ")
    end = ERRATA.find("\n## ", start + 1)
    return ERRATA[start:] if end < 0 else ERRATA[start:end]


def test_errors_and_remarks_are_apart():
    errors, remarks = _section(1), _section(3)
    rows = [line for line in errors.splitlines() if line.startswith("| ") and not line.startswith("| where")]
    assert rows and all(line.count(" | ") >= 3 for line in rows)          # where, printed, corrected, check
    # readings and slips the paper as printed does not show to be errors stand among the remarks only
    for phrase in ("Rank Weighted Average", "AvF(0.5)", "simply to maximize G%", "Cheeseman and Stutz",
                   "r = 20 %"):
        assert phrase not in errors and phrase in remarks, phrase
    assert "bookeval_lib.symbolic" not in ERRATA and "`bookeval_lib.course.symbolic`" in ERRATA


def test_the_sources_are_named_as_a_learner_knows_them():
    # A learner has the papers, not the course's working files: no file stubs such as 003_… or 000_…
    for stub in re.findall(r"`?\b\d{3}_[…\w.]*`?", ERRATA):
        raise AssertionError(f"ERRATA.md names a file stub: {stub}")
    assert not re.search(r"\bseeds?\b", ERRATA, flags=re.IGNORECASE)
    header, copies = ERRATA.split("\n## 1. ", 1)[0], _section(2)
    for name in ("the 2003 paper as printed", "the poster as printed", "a text copy that circulates online"):
        assert name in header, name
    bullets = [line for line in copies.splitlines() if line.startswith("* ")]
    assert [re.match(r"\* \*\*(.+?)\*\*", line).group(1) for line in bullets] == [
        "The text copy of the poster that circulates online", "The text copy of the 2003 paper that circulates online",
        "LingPipe's documentation"]


# ---------------------------------------------------------------- Powers 2008
def test_2008_eq5_as_printed():
    printed = s.Identity("eq5", M["accuracy"], s.rp * s.tp + s.rn * M["inverse_recall"], "2008 eq. 5")
    assert not s.check_identity(printed)
    # TP, FP, FN, TN = 1, 2, 3, 4 (N = 10): accuracy 5/10; rp*tp + rn*tnr = .4*.1 + .6*(4/6) = 11/25
    assert s.counterexample(printed, (1, 2, 3, 4)) == (sp.Rational(1, 2), sp.Rational(11, 25))
    assert s.check_identity(s.identity("accuracy_average_of_recalls"))


def test_2008_eq7_eq8_as_printed():
    # at 1, 2, 3, 4: fpr = FP/(FP+TN) = 2/6 = 1/3, fp/rp = .2/.4 = 1/2;
    #                fnr = FN/(TP+FN) = 3/4,      fn/rn = .3/.6 = 1/2
    eq7 = s.Identity("eq7", M["fallout"], s.fp / s.rp, "2008 eq. 7")
    eq8 = s.Identity("eq8", M["miss_rate"], s.fn / s.rn, "2008 eq. 8")
    assert s.counterexample(eq7) == (sp.Rational(1, 3), sp.Rational(1, 2))
    assert s.counterexample(eq8) == (sp.Rational(3, 4), sp.Rational(1, 2))
    assert s.check_identity(s.identity("fallout_counts")) and s.check_identity(s.identity("miss_rate_counts"))


def test_2008_rates_are_not_cells():
    # at 1, 2, 3, 4 (N = 10): the cell fp = 2/10, the rate fpr = 2/6; fn = 3/10, fnr = 3/4
    assert Fr(2, 10) != Fr(2, 2 + 4) and Fr(3, 10) != Fr(3, 1 + 3)


def test_2008_fallout_is_not_miss_rate():
    tp, fp, tn = sp.symbols("tp fp tn", positive=True)
    difference = sp.factor(fp / (fp + tn) - fp / (tp + fp))          # fn = fp (prevalence = bias)
    assert sp.simplify(difference - fp * (tp - tn) / ((fp + tn) * (fp + tp))) == 0
    # e.g. tp, fp = fn, tn = .2, .1, .6: fpr = .1/.7 = 1/7, fnr = .1/.3 = 1/3
    assert Fr(1, 7) != Fr(1, 3)


def test_2008_recall_precision_do_not_collapse_to_accuracy():
    # rp = pp = .3, tp = .2 -> fp = fn = .1, tn = .6 (N = 100: 20, 10, 10, 60)
    real, predicted = expanded(20, 10, 10, 60)
    recall = recall_score(real, predicted)
    precision = precision_score(real, predicted)
    accuracy = np.mean(real == predicted)
    assert recall == pytest.approx(2 / 3) and precision == pytest.approx(2 / 3)
    assert accuracy == pytest.approx(0.8)
    # the first half holds: B = M = MCC when bias = prevalence.  B = 20/30 - 10/70 by hand
    informedness = recall_score(real, predicted) + recall_score(real, predicted, pos_label=0) - 1
    markedness = precision_score(real, predicted) + precision_score(real, predicted, pos_label=0) - 1
    assert informedness == pytest.approx(20 / 30 - 10 / 70)
    assert markedness == pytest.approx(informedness)
    assert matthews_corrcoef(real, predicted) == pytest.approx(informedness)


# ---------------------------------------------------------------- Powers 2003
def test_2003_alpha_is_not_beta_squared():
    a, b, r, p = sp.symbols("alpha beta r p", positive=True)
    f_beta = (1 + b**2) * p * r / (b**2 * p + r)
    powers = 1 / (a / r + (1 - a) / p)
    assert sp.solve(sp.Eq(powers, f_beta), a) == [b**2 / (b**2 + 1)]
    half = sp.Rational(1, 2)
    assert (half**2, (half**2 / (1 + half**2))) == (sp.Rational(1, 4), sp.Rational(1, 5))
    # at 1, 2, 3, 4: r = 1/4, p = 1/3.  Printed alpha = 1/4: 1/((1/4)*4 + (3/4)*3) = 4/13;
    # F_1/2 = (5/4)(1/12)/((1/4)(1/3) + 1/4) = (5/48)/(1/3) = 5/16
    values = {r: sp.Rational(1, 4), p: sp.Rational(1, 3), b: half}
    assert powers.subs({a: b**2}).subs(values) == sp.Rational(4, 13)
    assert f_beta.subs(values) == sp.Rational(5, 16)
    # Manning & Schuetze's 1/(alpha/p + (1-alpha)/r) has alpha = 1/(1+beta^2); = beta^2 at one point
    beta_squared = sp.Symbol("q", positive=True)
    assert sp.solve(sp.Eq(1 / (1 + beta_squared), beta_squared), beta_squared) == [(sp.sqrt(5) - 1) / 2]


def test_2003_accuracy_brackets():
    # poster table 12, 28 / 18, 42: (12 + 42)/100 = .54, but |+P+R| + |-P-R|/N = 12 + .42
    assert Fr(12 + 42, 100) == Fr(54, 100) and 12 + Fr(42, 100) != Fr(54, 100)


def test_2003_accuracy_is_not_the_rand_index():
    real, predicted = expanded(20, 10, 5, 65)
    assert np.mean(real == predicted) == pytest.approx(0.85)
    # by hand over the C(100, 2) = 4950 pairs: same class and same label: C(20,2)+C(10,2)+C(5,2)+C(65,2)
    # = 2325; same class 3075, same label 2850; different in both: 4950 - 3075 - 2850 + 2325 = 1350
    both_same = comb(20, 2) + comb(10, 2) + comb(5, 2) + comb(65, 2)
    both_different = comb(100, 2) - (comb(25, 2) + comb(75, 2)) - (comb(30, 2) + comb(70, 2)) + both_same
    assert (both_same, both_different) == (2325, 1350)
    assert rand_score(real, predicted) == pytest.approx((2325 + 1350) / 4950)
    assert round(rand_score(real, predicted), 3) == 0.742


def test_2003_type_one_limit_is_specificity():
    real, predicted = expanded(12, 28, 18, 42)
    assert precision_score(real, predicted) == pytest.approx(0.30)
    specificity = recall_score(real, predicted, pos_label=0)
    fallout = 28 / 70
    assert specificity == pytest.approx(0.60) == pytest.approx(1 - fallout)


# the 12-class table of the 2003 paper as printed (percent); wav column: B 86, F 18, G 31
CLASSES = "A B E G H I K M N O P Z".split()
R = np.array([100, 3, 33, 7, 13, 10, 33, 100, 100, 8, 13, 20.])
P = np.array([35, 100, 100, 33, 25, 100, 25, 33, 24, 25, 100, 100.])
B = np.array([100, -24, 32, -2, 5, 4, 32, 100, 100, 1, -2, 18.])
F = np.array([52, 5, 50, 11, 17, 18, 29, 50, 39, 13, 22, 33.])
G = np.array([60, 16, 58, 15, 18, 32, 29, 58, 49, 14, 35, 45.])


def test_2003_table_b_equals_r_at_full_precision():
    # p = 100 % means FP = 0, so fallout = 0 and B = r - 0 = r; printed values are off by more than
    # the rounding of two percentages (1 point) for B, I, P and Z (18 vs 20); E (32 vs 33) agrees
    full = P == 100
    off = np.abs(B - R) > 1
    assert [c for c, f, o in zip(CLASSES, full, off) if f and o] == ["B", "I", "P", "Z"]
    assert [c for c, f, o in zip(CLASSES, full, off) if f and not o] == ["E"]
    real, predicted = expanded(3, 0, 97, 400)           # a label with p = 1, r = .03
    b = recall_score(real, predicted) + recall_score(real, predicted, pos_label=0) - 1
    assert b == pytest.approx(recall_score(real, predicted))


def test_2003_table_full_b_needs_full_precision():
    # B = r - fallout = 1 needs r = 1 and fallout = 0, i.e. FP = 0, i.e. p = 1: A, M, N print p < 100
    real, predicted = expanded(30, 0, 0, 70)
    assert recall_score(real, predicted) + recall_score(real, predicted, pos_label=0) - 1 == 1
    assert precision_score(real, predicted) == 1
    assert all(P[CLASSES.index(c)] < 100 and B[CLASSES.index(c)] == 100 for c in "AMN")


def _lp(objective, b_min):
    """min objective . w over w >= 0, sum w = 1, B . w >= b_min (one set of weights for B, F, G)."""
    result = linprog(objective, A_ub=[-B], b_ub=[-b_min], A_eq=[np.ones(12)], b_eq=[1],
                     bounds=[(0, None)] * 12, method="highs")
    assert result.status == 0
    return result.fun


def test_2003_wav_column_linear_programs():
    # tight bounds: B_wav >= 85.5 (86 as printed, rounded) forces F_wav >= 35.0 and G_wav >= 43.9
    assert round(_lp(F, 85.5), 1) == 35.0 and round(_lp(G, 85.5), 1) == 43.9
    assert _lp(F, 85.5) > 18 and _lp(G, 85.5) > 31           # the printed 18 and 31 are impossible
    # the quick, looser argument, with the same rounding allowance: B_wav >= 85.5 needs
    # w*100 + (1-w)*32 >= 85.5, i.e. w >= 53.5/68 = 0.7868 of the weight on A, M, N
    amn = np.isin(CLASSES, list("AMN")).astype(float)
    assert _lp(amn, 85.5) == pytest.approx(53.5 / 68)
    w = 53.5 / 68
    loose_f = w * 39 + (1 - w) * 5                          # min F on A, M, N; min F elsewhere: 31.75
    loose_g = w * 49 + (1 - w) * 14                         # 14 + 35 w = 41.54
    assert round(loose_f, 2) == 31.75 and round(loose_g, 1) == 41.5
    assert loose_f < _lp(F, 85.5) and loose_g < _lp(G, 85.5)


def test_2003_discount_to_34_percent():
    assert Fr(170, 500) == Fr(34, 100)
    assert round(0.86 * 0.34, 2) == 0.29 and round(0.86 * (1 - 0.34), 2) == 0.57


def test_poster_b_sums_as_printed():
    # 003 (as printed): guessing, perfect and 50 % mixture
    assert isclose(.4 * (.12 / .3 - .28 / .7) + .6 * (.42 / .7 - .18 / .3), 0, abs_tol=1e-12)
    assert isclose(.3 * (.3 / .3 - 0 / .7) + .7 * (.7 / .7 - 0 / .3), 1)
    assert isclose(.35 * ((.06 + .15) / .3 - (.14 + 0) / .7) + .65 * ((.21 + .35) / .7 - (.09 + 0) / .3), .5)
    # 002 (decimal points lost): 5.148, 0.73, 0.05
    assert isclose(.4 * (12 / 3 - .28 / 7) + .6 * (42 / 7 - .18 / 3), 5.148)
    assert isclose(.3 * (.3 / 3 - 0 / 7) + .7 * (7 / 7 - 0 / 3), .73)
    assert isclose(.35 * ((.06 + .15) / 3 - (.14 + 0) / 7) + .65 * ((.21 + .35) / 7 - (.09 + 0) / 3), .05)


# ---------------------------------------------------------------- LingPipe
CABERNET, SYRAH, PINOT = (9, 4, 3, 11), (5, 4, 4, 14), (4, 1, 2, 20)     # TP, FP, FN, TN


def test_lingpipe_fowlkes_mallows():
    for (tp, fp, fn, tn), printed, correct in ((CABERNET, 12.49, .7206), (SYRAH, 9.00, .5556),
                                              (PINOT, 5.48, .7303)):
        precision, recall = Fr(tp, tp + fp), Fr(tp, tp + fn)
        assert round(tp / sqrt(precision * recall), 2) == printed           # the printed formula
        assert round(sqrt(precision * recall), 4) == correct               # sqrt(P R) = TP/sqrt(PP RP)


def test_lingpipe_yules_q():
    tp, fp, fn, tn = PINOT                                   # TP TN = 80, FP FN = 2, FP FP = 1
    assert round((80 - 2) / (80 + 2), 4) == 0.9512 and round((80 - 2) / (80 + 1), 4) == 0.9630


def test_lingpipe_yules_y():
    tp, fp, fn, tn = CABERNET                                # sqrt(99), sqrt(12) vs sqrt(16)
    assert round((sqrt(99) - sqrt(12)) / (sqrt(99) + sqrt(12)), 4) == 0.4835
    assert round((sqrt(99) - sqrt(12)) / (sqrt(99) + sqrt(16)), 4) != 0.4835


def test_lingpipe_phi_squared():
    # margins 12 * 15 * 13 * 14 = 32760; (99 - 12)^2 = 7569; (99 * 12)^2 = 1411344
    assert round(7569 / 32760, 4) == 0.2310 and round(1411344 / 32760, 2) == 43.08


def test_lingpipe_beta_weights_recall():
    assert sp.limit(s.expand(s.f_measure(s.beta)), s.beta, sp.oo) == s.expand(s.tpr)


def test_lingpipe_truncated_values():
    for value, printed in ((Fr(5, 9), "0.5555"), (Fr(2, 3), "0.6666"), (Fr(8, 11), "0.7272")):
        assert f"{int(value * 10_000) / 10_000:.4f}" == printed != f"{float(value):.4f}"


def test_lingpipe_kappa_rows():
    real, predicted = expanded(*CABERNET)
    assert cohen_kappa_score(real, predicted) == pytest.approx(0.479339, abs=5e-7)
    assert round((0.7407 - 0.5021) / (1 - 0.5021), 4) == 0.4792
    real, predicted = expanded(*PINOT)
    assert cohen_kappa_score(real, predicted) == pytest.approx(0.658228, abs=5e-7)
    assert round((0.8889 - 0.6749) / (1 - 0.6749), 4) == 0.6583
    # Scott's pi, Cabernet: mean likelihood (12 + 13)/54 = 25/54; E_u = (25/54)^2 + (29/54)^2 = 1466/2916
    e_u = Fr(25, 54) ** 2 + Fr(29, 54) ** 2
    assert (Fr(20, 27) - e_u) / (1 - e_u) == Fr(347, 725)
    assert round((0.741 - 0.503) / (1 - 0.503), 4) == 0.4789          # 3-decimal intermediates
    assert round((0.7407 - 0.5027) / (1 - 0.5027), 4) == 0.4786        # 4-decimal ones
    assert 2 * Fr(20, 27) - 1 == Fr(13, 27) and round(13 / 27, 4) == 0.4815


def test_lingpipe_rejection_precision():
    assert round(11 / 14, 4) == 0.7857 and int(11 / 14 * 10_000) / 10_000 == 0.7857


def test_lingpipe_selectivity_is_not_rejection_precision():
    real, predicted = expanded(*CABERNET)
    assert precision_score(real, predicted, pos_label=0) == pytest.approx(11 / 14)   # rejection precision
    assert recall_score(real, predicted, pos_label=0) == pytest.approx(11 / 15)      # specificity


def test_lingpipe_accuracy_deviation_is_of_a_proportion():
    accuracy = 20 / 27
    assert round(sqrt(accuracy * (1 - accuracy) / 27), 4) == 0.0843
    assert round(sqrt(27 * accuracy * (1 - accuracy)), 2) == 2.28


# ---------------------------------------------------------------- remarks
def test_remark_k_class_weight_must_be_the_prevalence():
    # poster guessing table: rows +P (12, 28), -P (18, 42); pP(+) = .4, pR(+) = .3
    joint = {("+", "+"): Fr(12, 100), ("+", "-"): Fr(28, 100), ("-", "+"): Fr(18, 100), ("-", "-"): Fr(42, 100)}
    bias, prevalence = {"+": Fr(4, 10), "-": Fr(6, 10)}, {"+": Fr(3, 10), "-": Fr(7, 10)}

    def bookmaker(weight_margin):
        return sum(bias[l] * sum(joint[l, c] * (1 / weight_margin[l] if c == l else -1 / (1 - weight_margin[l]))
                                 for c in "+-") for l in "+-")

    assert bookmaker(prevalence) == 0
    assert bookmaker(bias) == Fr(-1, 15) + Fr(3, 20) == Fr(1, 12)


def test_remark_isocost_slope():
    f, t, rn, rp, cn, cp = sp.symbols("fpr tpr rn rp c_n c_p", positive=True)
    cost = rn * cn * f + rp * cp * (1 - t)
    slope = -sp.diff(cost, f) / sp.diff(cost, t)           # dt/df along a level set
    assert sp.simplify(slope - (cn / cp) * (rn / rp)) == 0


def test_remark_wracc_range():
    rp, tpr, fpr = sp.symbols("rp tpr fpr")
    wracc = rp * (1 - rp) * (tpr - fpr)
    assert wracc.subs({rp: sp.Rational(1, 2), tpr: 1, fpr: 0}) == sp.Rational(1, 4)
    grid = np.linspace(0, 1, 101)
    r, t, f = np.meshgrid(grid, grid, grid, indexing="ij")
    assert np.abs(r * (1 - r) * (t - f)).max() == pytest.approx(0.25)


def test_remark_precision_falls_with_bias_only_for_positive_informedness():
    # eq. 14 rearranged: tp = pp*rp + B*rp*rn, precision = tp/pp; derivative by pp by sympy
    pp, rp, b = sp.symbols("pp rp B", positive=True)
    precision = (pp * rp + b * rp * (1 - rp)) / pp
    assert sp.simplify(sp.diff(precision, pp) + b * rp * (1 - rp) / pp**2) == 0
    # numerically: at rp = .3, B = -.4 raising pp from .4 to .5 raises precision (by hand: .3 - .084/.4 = .09,
    # .3 - .084/.5 = .132)
    value = lambda p, beta: float(precision.subs({pp: p, rp: sp.Rational(3, 10), b: beta}))
    assert value(0.5, -0.4) > value(0.4, -0.4) and value(0.5, 0.4) < value(0.4, 0.4)


def test_remark_f_as_mean_error_rate():
    tp, fp, fn = sp.symbols("TP FP FN", positive=True)
    r, p = tp / (tp + fn), tp / (tp + fp)
    f = 2 * p * r / (p + r)
    assert sp.simplify(1 / f - (1 / r + 1 / p) / 2) == 0
    assert sp.simplify(1 / f - 1 - (fp + fn) / (2 * tp)) == 0


def test_remark_conditional_entropy_of_a_reversed_classifier():
    from sklearn.metrics import mutual_info_score
    # 30 positives, 70 negatives, every label reversed: H(R|P) = H(R) - I(R;P) = 0
    real = np.r_[np.ones(30), np.zeros(70)]
    reversed_labels = 1 - real
    h_real = -(0.3 * np.log(0.3) + 0.7 * np.log(0.7))
    assert h_real - mutual_info_score(real, reversed_labels) == pytest.approx(0.0, abs=1e-12)
