"""The course's cheat sheet, generated from the symbolic definitions so that it cannot drift.

Every property in a row is computed from :data:`bookeval_lib.course.symbolic.DEFINITIONS`
when the sheet is built; nothing but the names and the chosen display forms is typed:

* **in counts** and **in rates**: two display forms per measure, each proved equal to
  the definition by sympy before it is shown (a wrong form raises);
* **range**: the infimum and supremum over tables with positive cells, found by
  evaluating the definition on every corner and edge of the simplex approached
  with cells of 1e-9 and on a seeded Dirichlet sample, rounded to the nearest
  simple fraction (``∞`` when the supremum exceeds 10^6);
* **at chance**: the definition with every cell replaced by the product of its
  margins (tp = rp·pp, fp = rn·pp, ...), simplified;
* **swap classes**: whether the definition is unchanged by tp↔tn, fp↔fn;
* **moves with bias / prevalence**: the table written in its three degrees of
  freedom (rp, pp, informedness B; Powers 2008 eq. 13: tp = rp·pp + B·rp·rn), and the
  partial derivative with respect to pp (rp, B fixed) or rp (pp, B fixed) tested
  for being identically 0;
* **undefined when**: the counts form evaluated exactly on each of the 14 tables
  whose cells are zero in some pattern (N > 0, not all four cells non-zero); the
  minimal zero patterns that give 0/0 or x/0 are named (``RP = 0``, ``FP = FN = 0``, ...);
* **other names**: each alias is stated by its own definition and proved equal
  (under its condition, e.g. PABAK = informedness when rp = ½).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import sympy as sp

from .. import _checks
from . import formulas
from . import symbolic as s


if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence

__all__ = ["Alias", "ALIASES", "COUNTS_AND_RATES", "SheetRow", "cheat_sheet", "cheat_sheet_markdown",
           "undefined_patterns", "value_at_chance", "moves_with", "measure_range", "undefined_in_libraries"]

S = s.MEASURE_SYMBOLS
A, B, C, D, N = s.A, s.B, s.C, s.D, s.N
#: The discriminant d_p = tp - rp·pp (Powers 2008, section 2.6), a display symbol of the sheet.
D_P = sp.Symbol("d_p", real=True)
_HALF_OF = lambda expression: sp.Mul(sp.Rational(1, 2), expression, evaluate=False)   # (x + y)/2 kept whole

#: measure -> (display name, form in counts A=TP, B=FP, C=FN, D=TN, form in rates and margins)
COUNTS_AND_RATES = {
    "recall": ("recall", A / (A + C), 1 - s.fnr),
    "inverse_recall": ("inverse recall", D / (B + D), 1 - s.fpr),
    "fallout": ("fallout", B / (B + D), 1 - s.tnr),
    "miss_rate": ("miss rate", C / (A + C), 1 - s.tpr),
    "precision": ("precision", A / (A + B), s.tp / s.pp),
    "inverse_precision": ("inverse precision", D / (C + D), s.tn / s.pn),
    "accuracy": ("accuracy", (A + D) / (A + B + C + D), s.rp * s.tpr + s.rn * s.tnr),
    "jaccard": ("Jaccard", A / (A + B + C), s.tp / (s.rp + s.pp - s.tp)),
    "f1": ("F1", 2 * A / (2 * A + B + C), 2 * s.tpr * s.tpa / (s.tpr + s.tpa)),
    "g_measure": ("G-measure", A / sp.sqrt((A + C) * (A + B)), sp.sqrt(s.tpr * s.tpa)),
    "informedness": ("informedness", A / (A + C) - B / (B + D), s.tpr - s.fpr),
    "markedness": ("markedness", A / (A + B) - C / (C + D), s.tpa - s.fna),
    "matthews_correlation": ("correlation (Matthews)", (A * D - B * C) / sp.sqrt((A + B) * (C + D) * (A + C) * (B + D)),
            (s.tp * s.tn - s.fp * s.fn) / sp.sqrt(s.rp * s.rn * s.pp * s.pn)),
    "kappa": ("Cohen's kappa", 2 * (A * D - B * C) / ((A + B) * (B + D) + (A + C) * (C + D)),
              D_P / (D_P + (s.fp + s.fn) / 2)),
    "kappa_unbiased": ("Scott's π", 1 - 2 * N * (B + C) / ((2 * A + B + C) * (2 * D + B + C)),
                       (S["accuracy"] - S["random_accuracy_unbiased"]) / (1 - S["random_accuracy_unbiased"])),
    "kappa_no_prevalence": ("PABAK", (A + D - B - C) / (A + B + C + D), 2 * S["accuracy"] - 1),
    "single_point_auc": ("single-point AUC", _HALF_OF(A / (A + C) + D / (B + D)), _HALF_OF(s.tpr + s.tnr)),
    "wracc": ("WRAcc", (A * D - B * C) / (A + B + C + D)**2, s.rp * s.rn * (s.tpr - s.fpr)),
    "odds_ratio": ("odds ratio", A * D / (B * C), (s.tpr / s.fnr) / (s.fpr / s.tnr)),
    "yules_q": ("Yule's Q", (A * D - B * C) / (A * D + B * C), (S["odds_ratio"] - 1) / (S["odds_ratio"] + 1)),
    "yules_y": ("Yule's Y", (sp.sqrt(A * D) - sp.sqrt(B * C)) / (sp.sqrt(A * D) + sp.sqrt(B * C)),
                (sp.sqrt(S["odds_ratio"]) - 1) / (sp.sqrt(S["odds_ratio"]) + 1)),
    "chi_squared": ("chi-squared", (A + B + C + D) * (A * D - B * C)**2 / ((A + B) * (C + D) * (A + C) * (B + D)),
                    N * S["informedness"] * S["markedness"]),
}


@dataclass(frozen=True)
class Alias:
    """Another name of a measure, its own definition, and the condition under which they agree."""

    measure: str
    name: str
    definition: sp.Expr
    condition: dict | None = None        # substitution on the counts A, B, C, D
    condition_text: str = ""


_half = sp.Rational(1, 2)
_balanced_accuracy = (s.tpr + s.tnr) / 2
#: Other names, each with the definition under that name (checked against the measure's).
ALIASES = (
    Alias("recall", "sensitivity", s.tp / (s.tp + s.fn)),
    Alias("recall", "true positive rate, hit rate", s.tp / s.rp),
    Alias("inverse_recall", "specificity", s.tn / (s.tn + s.fp)),
    Alias("fallout", "false positive rate", s.fp / s.rn),
    Alias("precision", "positive predictive value (PPV)", s.tp / (s.tp + s.fp)),
    Alias("inverse_precision", "negative predictive value (NPV)", s.tn / (s.tn + s.fn)),
    Alias("jaccard", "Tanimoto index, critical success index", s.tp / (s.tp + s.fp + s.fn)),
    Alias("f1", "Dice–Sørensen coefficient", 2 * s.tp / ((s.tp + s.fp) + (s.tp + s.fn))),
    Alias("g_measure", "Fowlkes–Mallows index (2×2)", sp.sqrt(s.tpa * s.tpr)),
    Alias("informedness", "Bookmaker informedness", s.tpr + s.tnr - 1),
    Alias("informedness", "Youden's J", (s.tp / (s.tp + s.fn)) + (s.tn / (s.tn + s.fp)) - 1),
    Alias("informedness", "adjusted balanced accuracy", (_balanced_accuracy - _half) / (1 - _half)),
    Alias("informedness", "DeltaP′ = P(+P ∣ +R) − P(+P ∣ −R)", s.tp / s.rp - s.fp / s.rn),
    Alias("informedness", "PABAK when rp = ½", 2 * S["accuracy"] - 1, {C: B + D - A}, "rp = ½"),
    Alias("markedness", "DeltaP = P(+R ∣ +P) − P(+R ∣ −P)", s.tp / s.pp - s.fn / s.pn),
    Alias("matthews_correlation", "φ coefficient", (s.tp * s.tn - s.fp * s.fn) / sp.sqrt(s.rp * s.rn * s.pp * s.pn)),
    Alias("matthews_correlation", "±√(informedness·markedness)", sp.sqrt(S["informedness"] * S["markedness"]),
          {}, "when informedness > 0"),
    Alias("kappa_unbiased", "LingPipe kappaUnbiased",
          (S["accuracy"] - S["random_accuracy_unbiased"]) / (1 - S["random_accuracy_unbiased"])),
    Alias("kappa_no_prevalence", "prevalence- and bias-adjusted kappa, LingPipe kappaNoPrevalence", (S["accuracy"] - _half) / (1 - _half)),
    Alias("single_point_auc", "balanced accuracy", _balanced_accuracy),
    Alias("wracc", "leverage", s.tp - s.pp * s.rp),
    Alias("chi_squared", "N·φ²", N * S["phi_squared"]),
)


def _counts(expression):
    return s.to_counts(sp.sympify(expression).doit().subs(D_P, s.tp - s.pp * s.rp))


def _is_zero(difference, radsimp=True):
    """True if sympy proves ``difference`` = 0: over a common denominator first, then ``sp.simplify``.

    A rational function is 0 exactly when its expanded numerator is, so a rational
    difference is decided there and never reaches ``sp.simplify`` (which cannot make a
    non-zero rational function 0).  With ``radsimp``, a difference with roots that
    ``sp.simplify`` leaves non-zero gets a second try after rationalising denominators.
    """
    if sp.expand(sp.fraction(sp.together(difference))[0]) == 0:
        return True
    if difference.is_rational_function():
        return False
    if sp.simplify(difference) == 0:
        return True
    return radsimp and sp.simplify(sp.radsimp(sp.together(difference))) == 0


def _equal(left, right):
    return _is_zero(_counts(left) - _counts(right))


def _check_alias(alias):
    left, right = _counts(alias.definition), _counts(S[alias.measure])
    if alias.condition:
        left, right = left.subs(alias.condition), right.subs(alias.condition)
    if alias.condition_text == "when informedness > 0":     # sqrt(B*M) is |MCC|: equal on A*D > B*C
        left, right = left.subs(A, A + B * C / D), right.subs(A, A + B * C / D)   # forces AD > BC
    return _is_zero(left - right)


# ---------------------------------------------------------------------- properties
_MARGIN_NAMES = {frozenset("AC"): "RP = 0", frozenset("BD"): "RN = 0", frozenset("AB"): "PP = 0",
                 frozenset("CD"): "PN = 0"}
_CELL_NAMES = {"A": "TP", "B": "FP", "C": "FN", "D": "TN"}


def undefined_patterns(counts_form: Any) -> list:
    """The minimal sets of zero cells (letters of A, B, C, D) at which ``counts_form`` divides by 0.

    The other cells get distinct positive values (1.3, 2.9, 0.7, 1.9); the form
    is evaluated in floating point, so 0/0 gives nan and x/0 gives inf.
    """
    function = sp.lambdify((A, B, C, D), counts_form.doit().subs(N, A + B + C + D), "numpy")
    generic = dict(zip("ABCD", (1.3, 2.9, 0.7, 1.9)))
    undefined = []
    for size in range(1, 4):
        for zeros in itertools.combinations("ABCD", size):
            values = [np.float64(0.0 if c in zeros else generic[c]) for c in "ABCD"]
            with np.errstate(all="ignore"):
                value = function(*values)
            if not np.isfinite(value):
                undefined.append(frozenset(zeros))
    return [z for z in undefined if not any(other < z for other in undefined)]


def _describe_zeros(zeros):
    if zeros in _MARGIN_NAMES:
        return _MARGIN_NAMES[zeros]
    return " = ".join(_CELL_NAMES[c] for c in sorted(zeros)) + " = 0"


def _positive_denominator(value):
    """Write value as ±numerator/denominator with each factor of the denominator led by a positive constant."""
    numerator, denominator = sp.fraction(sp.factor(value))
    if denominator == 1:
        return numerator
    sign, factors = 1, []
    for factor in sp.Mul.make_args(denominator):
        base, exponent = factor.as_base_exp()
        constant = base.as_coeff_Add()[0] if base.is_Add else 0
        if base.is_Add and (constant < 0 or (constant == 0 and base.could_extract_minus_sign())):
            base, sign = -base, sign * (-1) ** exponent
        factors.append(base ** exponent)
    numerator = sign * numerator
    negative = numerator.could_extract_minus_sign()
    fraction = sp.Mul(-numerator if negative else numerator, sp.Pow(sp.Mul(*factors), -1, evaluate=False),
                      evaluate=False)
    return -fraction if negative else fraction


def value_at_chance(expression: Any) -> Any:
    """``expression`` with each cell the product of its margins (a guess): tp = rp·pp, fp = rn·pp, ...

    Simplified twice — keeping rn and pn as symbols, and with rn = 1 − rp, pn = 1 − pp —
    and the shorter form is returned (a number when the measure is constant at chance).
    """
    chance = {s.tp: s.pp * s.rp, s.fp: s.pp * s.rn, s.fn: s.pn * s.rp, s.tn: s.pn * s.rn}
    value = s.expand(expression).subs(chance, simultaneous=True)
    complements = {s.pn: 1 - s.pp, s.rn: 1 - s.rp}
    closed = sp.simplify(sp.radsimp(sp.simplify(value.subs(complements))))
    if not closed.free_symbols:
        return closed
    margins = sp.simplify(value.subs({s.pp + s.pn: 1, s.rp + s.rn: 1}))
    margins = margins.subs({s.pp + s.pn: 1, s.rp + s.rn: 1})
    if sp.simplify(margins.subs(complements) - closed) == 0 and sp.count_ops(margins) <= sp.count_ops(closed):
        return _positive_denominator(margins)
    return _positive_denominator(closed)


def moves_with(expression: Any) -> tuple[bool, ...]:
    """(moves with bias at fixed rp and B, moves with prevalence at fixed pp and B): two booleans.

    The cells are written in rp, pp and B (tp = rp·pp + B·rp·rn, Powers 2008 eq. 13) and
    the partial derivative is evaluated to 50 digits at three points with positive
    cells; a derivative that is 0 at all three (to 1e-30) counts as identically 0.
    """
    informedness = sp.Symbol("B_", real=True)
    rp, pp = s.rp, s.pp
    tp = rp * pp + informedness * rp * (1 - rp)
    cells = {s.tp: tp, s.fp: pp - tp, s.fn: rp - tp, s.tn: 1 - rp - pp + tp}
    value = s.expand(expression).subs(cells, simultaneous=True).subs(N, 100)
    points = [{rp: sp.Rational(1, 5), pp: sp.Rational(2, 7), informedness: sp.Rational(1, 10)},
              {rp: sp.Rational(3, 5), pp: sp.Rational(1, 2), informedness: sp.Rational(-1, 7)},
              {rp: sp.Rational(2, 5), pp: sp.Rational(3, 8), informedness: sp.Rational(1, 3)}]
    return tuple(any(abs(sp.diff(value, v).subs(point).evalf(50)) > 1e-30 for point in points)
                 for v in (pp, rp))


def measure_range(name: str, samples: int = 4000, seed: int = 0) -> tuple[Any, Any]:
    """(inf, sup) of the measure over tables with positive cells, as exact simple numbers (see module doc)."""
    samples, seed = _checks.positive_integer(samples, "samples"), _checks.seed(seed)
    expression = _counts(S[name]).subs(N, A + B + C + D) if name != "chi_squared" else None
    if expression is None:          # chi^2 grows with N: report it per case, as chi^2/N = phi^2
        expression = _counts(S["phi_squared"])
    function = sp.lambdify((A, B, C, D), expression, "numpy")
    rng = np.random.default_rng(seed)
    corners = np.array(list(itertools.product((1e-9, 1.0), repeat=4)))
    edges = np.array(list(itertools.product((1e-9, 0.5, 1.0), repeat=4)))
    sample = rng.dirichlet(np.ones(4), size=samples)
    cells = np.vstack([corners, edges, sample])
    with np.errstate(all="ignore"):
        values = np.asarray(function(*cells.T), dtype=float)
    values = values[np.isfinite(values)]

    def nice(v):
        if abs(v) > 1e6:
            return sp.oo if v > 0 else -sp.oo
        return sp.nsimplify(round(float(v), 4), rational=True, tolerance=1e-3)

    return nice(values.min()), nice(values.max())


@dataclass(frozen=True)
class SheetRow:
    """One measure of the cheat sheet; every field but the names is computed."""

    name: str
    shown: str
    other_names: tuple
    counts: sp.Expr
    rates: sp.Expr
    range: tuple
    at_chance: sp.Expr
    swap_invariant: bool
    moves_with_bias: bool
    moves_with_prevalence: bool
    undefined_when: tuple


def cheat_sheet(names: Sequence[str] | None = None) -> list:
    """The rows of the cheat sheet (all of :data:`COUNTS_AND_RATES` by default), each property computed.

    Raises AssertionError if a display form or an alias does not equal the
    package's definition — so the sheet cannot show a wrong formula.
    """
    names = list(COUNTS_AND_RATES) if names is None else list(names)
    unknown = [n for n in names if n not in COUNTS_AND_RATES]
    if unknown:
        raise ValueError(f"names must be among {list(COUNTS_AND_RATES)} (the cheat sheet's entries), got {unknown}")
    rows = []
    for name in names:
        shown, counts, rates = COUNTS_AND_RATES[name]
        symbol = S[name]
        for form in (counts, rates):
            if not _equal(form, symbol):
                raise AssertionError(f"{name}: {formulas.text(form)} is not the definition")
        aliases = []
        for alias in ALIASES:
            if alias.measure == name:
                if not _check_alias(alias):
                    raise AssertionError(f"{alias.name} is not {name}")
                aliases.append(alias.name)
        swap = _is_zero(_counts(s.swap_classes(symbol)) - _counts(symbol), radsimp=False)
        bias_moves, prevalence_moves = moves_with(symbol)
        if name == "chi_squared":
            at_chance = value_at_chance(S["phi_squared"]) * N
        else:
            at_chance = value_at_chance(symbol)
        rows.append(SheetRow(name, shown, tuple(aliases), counts, rates, measure_range(name), at_chance,
                             swap, bias_moves, prevalence_moves,
                             tuple(_describe_zeros(z) for z in undefined_patterns(counts))))
    return rows


def _range_text(row):
    low, high = row.range
    if row.name == "chi_squared":
        return f"$[{sp.latex(low)}, {sp.latex(high)}]\\cdot N$"
    return f"$[{sp.latex(low)}, {sp.latex(high)}]$".replace(r"\infty]", r"\infty)")


def cheat_sheet_markdown(rows: Sequence[Any] | None = None) -> str:
    """Two Markdown tables (formulas; properties) of :func:`cheat_sheet`, maths in $…$."""
    rows = cheat_sheet() if rows is None else rows
    yes = lambda flag: "yes" if flag else "no"
    first = ["| measure | other names | in counts (A = TP, B = FP, C = FN, D = TN) | in rates and margins |",
             "|:--|:--|:--|:--|"]
    second = ["| measure | range | at chance | survives swapping the classes | moves with bias (rp, B fixed) "
              "| moves with prevalence (pp, B fixed) | undefined (nan) when |", "|:--|:--|:--|:--|:--|:--|:--|"]
    for row in rows:
        first.append(f"| {row.shown} | {', '.join(row.other_names) or '—'} | ${formulas.latex(row.counts)}$ "
                     f"| ${formulas.latex(row.rates)}$ |")
        undefined = " or ".join(row.undefined_when) or "never (N > 0)"
        second.append(f"| {row.shown} | {_range_text(row)} | ${formulas.latex(row.at_chance)}$ "
                      f"| {yes(row.swap_invariant)} | {yes(row.moves_with_bias)} "
                      f"| {yes(row.moves_with_prevalence)} | {undefined} |")
    note = ("\n\n$d_p = \\mathrm{tp} - \\mathrm{rp}\\cdot\\mathrm{pp}$ is the discriminant; $E_u$ is Scott's chance "
            "agreement, the square of the mean of rp and pp plus that of its complement; ranges are over tables "
            "with positive cells, and a measure is undefined only where its counts form divides by zero.")
    return "\n".join(first) + note + "\n\n" + "\n".join(second) + "\n"


def undefined_in_libraries() -> list:
    """What scikit-learn and this package return for four undefined cases, run now (not typed).

    Returns a list of dicts: case, library call, value, and the warning it raised
    (class name, or "" for none).  scikit-learn's defaults return 0 with an
    ``UndefinedMetricWarning`` for precision and recall (``zero_division`` changes
    the value), 0 without a warning for MCC, and its adjusted balanced accuracy
    divides by zero.  PyCM is not run here (not a dependency); its class
    statistics catch ZeroDivisionError and return the string "None"
    (``pycm/class_funcs.py``, e.g. ``TTPN_calc`` and ``MCC_calc``).
    """
    import warnings

    from sklearn.metrics import balanced_accuracy_score, matthews_corrcoef, precision_score, recall_score

    from ..measures import BinaryTable

    never_positive = (np.array([1, 1, 0, 0, 0]), np.zeros(5, dtype=int))       # PP = 0
    no_real_positive = (np.zeros(5, dtype=int), np.array([1, 0, 0, 0, 0]))     # RP = 0
    cases = [
        ("precision, nothing predicted positive", never_positive, "precision", precision_score, {}),
        ("precision, nothing predicted positive", never_positive, "precision", precision_score,
         {"zero_division": np.nan}),
        ("recall, no real positive", no_real_positive, "recall", recall_score, {}),
        ("correlation (MCC), nothing predicted positive", never_positive, "matthews_correlation",
         matthews_corrcoef, {}),
        ("informedness (adjusted balanced accuracy), no real positive", no_real_positive, "informedness",
         lambda r, p: balanced_accuracy_score(r, p, adjusted=True), {}),
    ]
    rows = []
    for case, (real, predicted), measure, function, options in cases:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = float(function(real, predicted, **options))
        name = getattr(function, "__name__", "balanced_accuracy_score")
        name = "balanced_accuracy_score" if name == "<lambda>" else name
        call = f"sklearn {name}" + "".join(f", {k}={v}" for k, v in options.items())
        if name == "balanced_accuracy_score":
            call += ", adjusted=True"
        rows.append({"case": case, "call": call, "value": value,
                     "warning": ", ".join(sorted({w.category.__name__ for w in caught}))})
        table = BinaryTable.from_labels(real, predicted, pos_label=1)
        if not options:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                ours = float(getattr(table, measure))
            rows.append({"case": case, "call": f"bookeval BinaryTable.{measure}", "value": ours,
                         "warning": ", ".join(sorted({w.category.__name__ for w in caught}))})
    return rows
