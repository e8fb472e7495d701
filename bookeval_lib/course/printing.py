"""Formulas printed the way a person writes them, in the paper's notation.

sympy prints the terms of a sum in its own canonical order, so ``tp - pp*rp``
comes out as ``-pp*rp + tp`` and ``Informedness*(1 - rp) + pp`` as
``Informedness*(-rp + 1) + pp``.  The printers here reorder, without changing
the expression:

* in a sum, positive terms come before negative ones, and within each group the
  term whose symbols come first in :data:`PAPER_ORDER` leads, constants last
  (``tpr + tnr - 1``, ``tp - pp*rp``, ``1 - rp``);
* in a product, numbers first, then weights and measures, then margins, then rates and cells
  (``tpr*rp`` becomes ``rp*tpr``, ``rp*rn*Informedness`` becomes ``Informedness*rp*rn``);
* multi-letter names are set upright in LaTeX (tpr, Informedness), Greek names
  (kappa, phi, chi, pi, alpha, beta) as Greek letters.

:func:`latex`, :func:`text` and :func:`equation_latex` return strings.  Both
:mod:`bookeval_lib.course.formulas` (which displays and checks them) and
:mod:`bookeval_lib.course.symbolic` (the catalogue of definitions) import this
module; it imports neither.
"""
from __future__ import annotations

import re
from typing import Any

import sympy as sp
from sympy.printing.latex import LatexPrinter
from sympy.printing.str import StrPrinter

__all__ = ["PAPER_ORDER", "latex", "text", "equation_latex"]

#: Reading order of the symbols: weights, measures, rates, cells, counts, margins (Powers 2008's order).
PAPER_ORDER = (
    "alpha", "beta", "Informedness", "Markedness", "MCC", "kappa", "pi", "PABAK", "Accuracy", "E", "E_u", "WRAcc", "AUC",
    "F_1", "G", "Jaccard", "FM", "OR", "Q", "Y", "phi^2", "chi^2", "sigma_acc", "d_p", "dp", "m",
    "tpr", "tnr", "fpr", "fnr", "tpa", "tna", "fpa", "fna", "recall", "precision",
    "tp", "fp", "fn", "tn", "A", "B", "C", "D", "TP", "FP", "FN", "TN",
    "rp", "rn", "pp", "pn", "RP", "RN", "PP", "PN", "N",
)
_RANK = {name: rank for rank, name in enumerate(PAPER_ORDER)}
_GREEK = {"alpha", "beta", "kappa", "pi", "phi", "chi", "rho", "sigma", "Delta", "delta", "mu", "tau"}


def _rank(expr):
    """Rank of an expression: the earliest of its symbols in PAPER_ORDER; numbers last."""
    names = [str(s) for s in expr.free_symbols]
    if not names:
        return (len(_RANK) + 2, "")
    return min((_RANK.get(n, len(_RANK)), n) for n in names)


def _term_key(term):
    return (term.could_extract_minus_sign(), _rank(term))


_MARGINS = ("rp", "rn", "pp", "pn", "RP", "RN", "PP", "PN")
_LATE = ("tpr", "tnr", "fpr", "fnr", "tpa", "tna", "fpa", "fna", "tp", "fp", "fn", "tn")


def _factor_key(factor):
    """Products: numbers, then weights and measures, then margins, then rates and cells (rp·tpr, B·rp·rn)."""
    if factor.is_Number:
        return (0, (0, ""))
    rank = _rank(factor)
    return (2 if rank[1] in _LATE else 1, (0 if rank[1] not in _MARGINS else 1, rank))


def _ordered_mul(expr):
    """The factors of a product in reading order, square roots gathered under one root sign."""
    factors = sp.Mul.make_args(expr)
    roots = [f.base for f in factors if f.is_Pow and f.exp == sp.S.Half]
    others = [f for f in factors if not (f.is_Pow and f.exp == sp.S.Half)]
    if len(roots) > 1:
        others.append(sp.Pow(sp.Mul(*sorted(roots, key=_factor_key), evaluate=False), sp.S.Half, evaluate=False))
    else:
        others += [sp.sqrt(r) for r in roots]
    return sp.Mul(*sorted(others, key=_factor_key), evaluate=False)


class _ReadableLatex(LatexPrinter):
    def __init__(self):
        super().__init__({"order": "none", "mul_symbol": "dot"})

    def _as_ordered_terms(self, expr, order=None):
        return sorted(sp.Add.make_args(expr), key=_term_key)

    def _print_Mul(self, expr):
        if not isinstance(expr, sp.Mul) or len(expr.args) < 2:
            return super()._print_Mul(expr)
        if expr.could_extract_minus_sign():
            return "- " + self.parenthesize(-expr, 40)
        numerator, denominator = sp.fraction(expr)
        if denominator != 1:
            return r"\frac{" + self._print(numerator) + "}{" + self._print(denominator) + "}"
        ordered = _ordered_mul(expr)
        return super()._print_Mul(ordered) if isinstance(ordered, sp.Mul) else self._print(ordered)

    def _print_Symbol(self, expr, style="plain"):
        name = expr.name
        base = re.split(r"[_^]", name, maxsplit=1)[0]
        if len(base) > 1 and base not in _GREEK:
            rest = name[len(base):]
            suffix = ""
            if rest.startswith("_"):
                suffix = "_{" + rest[1:] + "}"
            elif rest.startswith("^"):
                suffix = "^{" + rest[1:] + "}"
            return r"\mathrm{" + base + "}" + suffix
        return super()._print_Symbol(expr, style)


class _ReadableText(StrPrinter):
    def __init__(self):
        super().__init__({"order": "none"})

    def _as_ordered_terms(self, expr, order=None):
        return sorted(sp.Add.make_args(expr), key=_term_key)

    def _print_Mul(self, expr):
        if expr.could_extract_minus_sign():
            return "-" + self.parenthesize(-expr, 40)    # below Mul's precedence: brackets a sum only
        if len(expr.args) < 2:
            return super()._print_Mul(expr)
        numerator, denominator = sp.fraction(expr)
        if denominator != 1:
            return (self.parenthesize(numerator, 50, strict=True) + "/"
                    + self.parenthesize(denominator, 50, strict=False))
        ordered = _ordered_mul(expr)
        return super()._print_Mul(ordered) if isinstance(ordered, sp.Mul) else self._print(ordered)

    def _print_Pow(self, expr, rational=False):
        if expr.exp == sp.S.Half:
            return "sqrt(" + self._print(expr.base) + ")"
        return super()._print_Pow(expr, rational)


def _check(expression):
    expression = sp.sympify(expression)
    if not isinstance(expression, sp.Basic):
        raise ValueError(f"expression must be a sympy expression, got {type(expression).__name__}")
    return expression


def latex(expression: Any) -> str:
    """LaTeX of ``expression`` with its terms and factors in the paper's reading order (see module doc)."""
    return _ReadableLatex().doprint(_check(expression))


def text(expression: Any) -> str:
    """Plain text of ``expression`` in reading order, with ``·`` for products and ``^`` for powers."""
    printed = _ReadableText().doprint(_check(expression))
    return printed.replace("**", "^").replace("*", "·")


def equation_latex(lhs: Any, rhs: Any, name: str | None = None, source: str | None = None) -> str:
    """``name:  lhs = rhs   [source]`` as LaTeX, both sides printed by :func:`latex`."""
    head = r"\text{" + name.replace("_", " ") + r":}\quad " if name else ""
    tail = r"\qquad\text{[" + source + "]}" if source else ""
    return head + latex(lhs) + " = " + latex(rhs) + tail
