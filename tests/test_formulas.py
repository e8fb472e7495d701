"""The readable-order printers of bookeval_lib.course.formulas: order changes, the expression does not."""
import pytest
import sympy as sp
from sympy.parsing.sympy_parser import parse_expr

from bookeval_lib.course import formulas as F
from bookeval_lib.course import symbolic as s

S = s.MEASURE_SYMBOLS


@pytest.mark.parametrize("expression, expected", [
    (s.tp - s.pp * s.rp, "tp - rp·pp"),                     # sympy's own: -pp*rp + tp
    (s.tpr + s.tnr - 1, "tpr + tnr - 1"),                   # sympy's own: tnr + tpr - 1
    (s.tpa - s.fna, "tpa - fna"),
    (s.rp * s.pp + s.rn * s.pn, "rp·pp + rn·pn"),
    (S["informedness"] * (1 - s.rp) + s.pp, "Informedness·(1 - rp) + pp"),
    (s.rp * s.rn * S["informedness"], "Informedness·rp·rn"),
    (s.tp - s.fp / 2, "tp - fp/2"),
    (sp.sqrt(s.tpa * s.tpr), "sqrt(tpr·tpa)"),
])
def test_text_reading_order(expression, expected):
    assert F.text(expression) == expected


def test_sympy_default_order_is_the_complaint():
    # the reason the module exists: sympy leads with the negative term
    assert str(s.tp - s.pp * s.rp) == "-pp*rp + tp"


@pytest.mark.parametrize("expression", [
    s.tp - s.pp * s.rp, s.f_measure(s.beta), (s.tp * s.tn - s.fp * s.fn) / sp.sqrt(s.rp * s.rn * s.pp * s.pn),
    1 - 2 * s.N * (s.B + s.C) / ((2 * s.A + s.B + s.C) * (2 * s.D + s.B + s.C)), -s.tp / (2 * s.rp),
    (sp.sqrt(s.A * s.D) - sp.sqrt(s.B * s.C)) / (sp.sqrt(s.A * s.D) + sp.sqrt(s.B * s.C)),
])
def test_text_parses_back_to_the_same_expression(expression):
    printed = F.text(expression).replace("·", "*").replace("^", "**")
    names = {str(x): x for x in expression.free_symbols}
    assert sp.simplify(parse_expr(printed, local_dict=names) - expression) == 0


def test_latex_names_upright_and_greek():
    printed = F.latex(S["kappa"] + S["informedness"] * s.tpr + s.beta)
    assert r"\mathrm{Informedness}" in printed and r"\mathrm{tpr}" in printed
    assert r"\kappa" in printed and r"\beta" in printed
    assert F.latex(s.tp - s.pp * s.rp) == r"\mathrm{tp} - \mathrm{rp} \cdot \mathrm{pp}"
    assert r"\sqrt{\mathrm{rp} \cdot \mathrm{rn} \cdot \mathrm{pp} \cdot \mathrm{pn}}" in F.latex(
        1 / sp.sqrt(s.rp * s.rn * s.pp * s.pn))


def test_equation_latex_has_name_and_source():
    printed = F.equation_latex(S["wracc"], s.tp - s.pp * s.rp, name="wracc_def", source="Powers 2008")
    assert printed.startswith(r"\text{wracc def:}") and printed.endswith(r"\text{[Powers 2008]}")


def test_steps_hold_finds_the_wrong_step():
    dp = s.tp - s.pp * s.rp
    good = [S["kappa"], (S["accuracy"] - S["random_accuracy"]) / (1 - S["random_accuracy"]),
            2 * dp / (2 * dp + s.fp + s.fn)]
    assert F.steps_hold(good) == [True, True]
    bad = good[:2] + [dp / (dp + s.fp + s.fn)]            # forgot the halving of fp + fn
    assert F.steps_hold(bad) == [True, False]


def test_show_steps_raises_on_a_wrong_step():
    with pytest.raises(AssertionError, match="step 1"):
        F.show_steps([s.tpr, s.tp / s.pp])


def test_bad_input():
    with pytest.raises(ValueError, match="at least two"):
        F.steps_hold([s.tp])
    with pytest.raises(ValueError, match="sympy expression"):
        F.latex([1, 2])
