"""Every BinaryTable measure as a sympy expression, and the identities between them.

Symbols (Powers 2008, Table 1).  The cells ``tp, fp, fn, tn`` are joint
probabilities that sum to 1; the counts are ``A = TP, B = FP, C = FN, D = TN``
with total ``N`` (only chi^2 and the accuracy deviation need N).  The margins
``rp, rn, pp, pn``, the rates ``tpr, tnr, fpr, fnr, tpa, tna, fpa, fna`` and one
symbol per measure (:data:`MEASURE_SYMBOLS`, e.g. ``Informedness``, ``kappa``)
are symbols too, each with a definition in :data:`DEFINITIONS`, so an identity
can be written and displayed in the paper's own notation (``rp*tpr + rn*tnr``)
instead of being cancelled by sympy on sight.  :func:`expand` replaces every
defined symbol by its definition in the cells.

An :class:`Identity` is data: a name, two sides and the source that states it.
:func:`check_identity` proves it: both sides are expanded and rewritten in the
four positive counts (``tp -> A/(A+B+C+D)``, ..., ``N -> A+B+C+D``, so the cells
sum to 1 by construction), and the difference must simplify to exactly 0.
sympy's simplification never turns a non-zero expression into 0, so a false
identity is reported False, and :func:`counterexample` shows a table where the
two sides differ.  The proofs assume every cell is positive (the "non-trivial
contingency" of Powers 2008, section 2).

Equation numbers are those of Powers 2008 ("Evaluation Evaluation") unless the
source says 2003 ("Recall and Precision versus the Bookmaker") or LingPipe
(``com.aliasi.classify.PrecisionRecallEvaluation``).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import sympy as sp

from .printing import latex   # reading order and the paper's notation (tp - rp·pp, not -pp·rp + tp)


if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Iterable, Mapping, Sequence

__all__ = [
    "tp", "fp", "fn", "tn", "A", "B", "C", "D", "N", "alpha", "beta",
    "rp", "rn", "pp", "pn", "tpr", "tnr", "fpr", "fnr", "tpa", "tna", "fpa", "fna",
    "MEASURE_SYMBOLS", "DEFINITIONS", "MEASURE_EXPRESSIONS",
    "expand", "to_counts", "swap_classes", "f_measure",
    "Identity", "KINDS", "COUNTEREXAMPLE_WEIGHTS", "IDENTITIES", "identity", "check_identity", "simplified_difference",
    "counterexample", "identity_latex", "prove", "prove_all", "refute",
]

# ---------------------------------------------------------------------------- symbols
#: Joint probabilities of the four cells (they sum to 1).
tp, fp, fn, tn = sp.symbols("tp fp fn tn", positive=True)
#: Counts of the four cells in the 2008 paper's letters: A = TP, B = FP, C = FN, D = TN.
A, B, C, D = sp.symbols("A B C D", positive=True)
#: The number of cases.
N = sp.Symbol("N", positive=True)
#: F-measure weights: Powers 2003's alpha, LingPipe's and van Rijsbergen's beta.
alpha, beta = sp.symbols("alpha beta", positive=True)

#: Margins: real positives/negatives (prevalence rp) and predicted positives/negatives (bias pp).
rp, rn, pp, pn = sp.symbols("rp rn pp pn", positive=True)
#: Rates: tpr = recall, tnr = inverse recall, fpr = fallout, fnr = miss rate,
#: tpa = precision, tna = inverse precision, fpa = fp/pp, fna = fn/pn.
tpr, tnr, fpr, fnr, tpa, tna, fpa, fna = sp.symbols("tpr tnr fpr fnr tpa tna fpa fna", positive=True)

_DISPLAY_NAMES = {
    "prevalence": "rp", "bias": "pp", "recall": "tpr", "precision": "tpa",
    "inverse_recall": "tnr", "inverse_precision": "tna", "fallout": "fpr", "miss_rate": "fnr",
    "accuracy": "Accuracy", "jaccard": "Jaccard", "f1": "F_1", "g_measure": "G",
    "informedness": "Informedness", "markedness": "Markedness", "matthews_correlation": "MCC", "kappa": "kappa",
    "single_point_auc": "AUC", "wracc": "WRAcc", "odds_ratio": "OR", "yules_q": "Q", "yules_y": "Y",
    "phi_squared": "phi^2", "chi_squared": "chi^2",
    "random_accuracy": "E", "random_accuracy_unbiased": "E_u", "kappa_unbiased": "pi",
    "kappa_no_prevalence": "PABAK", "accuracy_deviation": "sigma_acc", "fowlkes_mallows": "FM",
}
_SYMBOL_BY_NAME = {"rp": rp, "pp": pp, "tpr": tpr, "tpa": tpa, "tnr": tnr, "tna": tna, "fpr": fpr, "fnr": fnr}
#: BinaryTable measure name -> the symbol that stands for it (``recall`` -> ``tpr``, ``kappa`` -> kappa).
MEASURE_SYMBOLS = {name: _SYMBOL_BY_NAME.get(shown, None) or sp.Symbol(shown, real=True)
                   for name, shown in _DISPLAY_NAMES.items()}
_S = MEASURE_SYMBOLS


def _definitions():
    determinant = tp * tn - fp * fn
    mean_rate = (rp + pp) / 2
    return {
        rp: tp + fn, rn: fp + tn, pp: tp + fp, pn: fn + tn,
        tpr: tp / rp, tnr: tn / rn, fpr: fp / rn, fnr: fn / rp,
        tpa: tp / pp, tna: tn / pn, fpa: fp / pp, fna: fn / pn,
        _S["accuracy"]: tp + tn,
        _S["jaccard"]: tp / (tp + fn + fp),
        _S["f1"]: 2 * tpa * tpr / (tpa + tpr),
        _S["g_measure"]: sp.sqrt(tpa * tpr),
        _S["informedness"]: tpr + tnr - 1,
        _S["markedness"]: tpa + tna - 1,
        _S["matthews_correlation"]: determinant / sp.sqrt(rp * rn * pp * pn),
        _S["kappa"]: (_S["accuracy"] - _S["random_accuracy"]) / (1 - _S["random_accuracy"]),
        _S["single_point_auc"]: (_S["informedness"] + 1) / 2,
        _S["wracc"]: tp - pp * rp,
        _S["odds_ratio"]: (tp * tn) / (fp * fn),
        _S["yules_q"]: determinant / (tp * tn + fp * fn),
        _S["yules_y"]: (sp.sqrt(tp * tn) - sp.sqrt(fp * fn)) / (sp.sqrt(tp * tn) + sp.sqrt(fp * fn)),
        _S["phi_squared"]: determinant**2 / (rp * rn * pp * pn),
        _S["chi_squared"]: N * _S["phi_squared"],
        _S["random_accuracy"]: rp * pp + rn * pn,
        _S["random_accuracy_unbiased"]: mean_rate**2 + (1 - mean_rate)**2,
        _S["kappa_unbiased"]: (_S["accuracy"] - _S["random_accuracy_unbiased"]) / (1 - _S["random_accuracy_unbiased"]),
        _S["kappa_no_prevalence"]: 2 * _S["accuracy"] - 1,
        _S["accuracy_deviation"]: sp.sqrt(_S["accuracy"] * (1 - _S["accuracy"]) / N),
        _S["fowlkes_mallows"]: sp.sqrt(tpa * tpr),
    }


#: symbol -> its definition (in cells, margins, rates or other measures); :func:`expand` applies them.
DEFINITIONS = _definitions()


def expand(expression: Any) -> Any:
    """Replace every margin, rate and measure symbol by its definition until only cells (and N, alpha, beta) remain."""
    expression = sp.sympify(expression)
    for _ in range(10):
        replaced = expression.xreplace(DEFINITIONS)
        if replaced == expression:
            return expression
        expression = replaced
    raise RuntimeError("definitions do not terminate")  # pragma: no cover - guards DEFINITIONS edits


#: name -> the measure's definition in tp, fp, fn, tn (and N for chi^2 and the
#: accuracy deviation); one entry for every name in ``bookeval_lib.MEASURES``.
MEASURE_EXPRESSIONS = {name: expand(symbol) for name, symbol in MEASURE_SYMBOLS.items()}

_SWAP = {tp: tn, tn: tp, fp: fn, fn: fp}


def swap_classes(expression: Any) -> Any:
    """The expression for the inverse problem: positive and negative interchanged (tp<->tn, fp<->fn)."""
    return expand(expression).subs(_SWAP, simultaneous=True)


def to_counts(expression: Any) -> Any:
    """Expand, then rewrite in the positive counts A, B, C, D (tp -> A/(A+B+C+D), ..., N -> A+B+C+D)."""
    total = A + B + C + D
    return expand(expression).subs(
        {tp: A / total, fp: B / total, fn: C / total, tn: D / total, N: total}, simultaneous=True)


def f_measure(weight: Any = beta) -> Any:
    """F_beta = (1 + beta^2) tpa tpr / (beta^2 tpa + tpr): beta weights recall (LingPipe ``fMeasure(beta)``)."""
    return (1 + weight**2) * tpa * tpr / (weight**2 * tpa + tpr)


# ---------------------------------------------------------------------------- identities
@dataclass(frozen=True)
class Identity:
    """A claimed equality ``lhs == rhs`` between expressions in the symbols above, and who claims it."""

    name: str
    lhs: sp.Expr
    rhs: sp.Expr
    source: str
    #: "proof" when the equality is derived (it says something the definitions do not say at
    #: once); "definition check" when it only restates a definition in other notation.
    kind: str = "proof"

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")

    def __str__(self):
        return f"{self.name}: {self.lhs} = {self.rhs}   [{self.source}; {self.kind}]"


#: The two kinds of catalogue entry.
KINDS = ("proof", "definition check")


def _require_identity(claim, caller):
    if not isinstance(claim, Identity):
        raise ValueError(f"{caller} takes an Identity, got {type(claim).__name__}")


def _difference_in_counts(claim):
    difference = to_counts(claim.lhs) - to_counts(claim.rhs)
    stray = difference.free_symbols - {A, B, C, D, alpha, beta}
    if stray:
        raise ValueError(f"{claim.name}: symbols without a definition: {sorted(map(str, stray))}")
    return difference


def simplified_difference(claim: Identity) -> Any:
    """``lhs - rhs`` expanded, in the counts A, B, C, D, simplified by sympy: 0 when the identity holds.

    Over a common denominator first: a rational function is 0 exactly when its
    expanded numerator is, so a rational difference is returned at once as
    numerator/denominator; only a difference with roots goes to ``sp.simplify``.
    """
    _require_identity(claim, "simplified_difference")
    difference = _difference_in_counts(claim)
    # Over a common denominator first: fast, and exact for rational functions.
    numerator, denominator = sp.fraction(sp.together(difference))
    numerator = sp.expand(numerator)
    if numerator == 0:
        return sp.Integer(0)
    if difference.is_rational_function():
        # An expanded polynomial numerator that is not 0 is a non-zero polynomial, so the
        # difference is not 0 and sp.simplify has nothing to prove.
        return numerator / denominator
    simplified = sp.simplify(difference)
    if simplified != 0:
        alternative = sp.simplify(sp.radsimp(sp.together(difference)))
        if alternative == 0:
            return alternative
    return simplified


def check_identity(claim: Identity) -> bool:
    """True if sympy proves ``claim.lhs == claim.rhs`` for every table with positive cells, else False.

    A False means sympy did not reduce the difference to 0; for every false
    identity that is the answer, and :func:`counterexample` shows a table where
    the two sides differ.
    """
    _require_identity(claim, "check_identity")
    return simplified_difference(claim) == 0


#: The weights a counterexample uses: beta = 1/2 (so alpha = beta^2 = 1/4 and the correct
#: alpha = beta^2/(1 + beta^2) = 1/5 are both valid weights in [0, 1]) and alpha = 4/5.
COUNTEREXAMPLE_WEIGHTS = {beta: sp.Rational(1, 2), alpha: sp.Rational(4, 5)}


def counterexample(claim: Identity, counts: Sequence[int] = (1, 2, 3, 4),
                   weights: Mapping[Any, Any] | None = None) -> tuple:
    """(lhs, rhs) of ``claim`` evaluated exactly at the table of counts (TP, FP, FN, TN).

    ``weights`` maps beta and alpha to values (default :data:`COUNTEREXAMPLE_WEIGHTS`:
    beta = 1/2, alpha = 4/5).  Shows by how much a false identity misses; for a
    true one the two agree.
    """
    _require_identity(claim, "counterexample")
    if len(counts) != 4 or any(c <= 0 for c in counts):
        raise ValueError(f"counts must be four positive numbers (TP, FP, FN, TN), got {counts!r}")
    values = {symbol: sp.nsimplify(c) for symbol, c in zip((A, B, C, D), counts)}
    values.update(COUNTEREXAMPLE_WEIGHTS if weights is None else weights)
    return tuple(sp.nsimplify(sp.simplify(to_counts(side).subs(values))) for side in (claim.lhs, claim.rhs))


def identity_latex(claim: Identity) -> str:
    """LaTeX for ``lhs = rhs`` with the identity's name and source, for ``IPython.display.Math``."""
    return (r"\text{" + claim.name.replace("_", " ") + r":}\quad " + latex(claim.lhs) + " = "
            + latex(claim.rhs) + r"\qquad\text{[" + claim.source + "]}")


def _catalogue():
    S = _S
    determinant = tp * tn - fp * fn
    # Pearson's chi^2 from its definition: N * sum over cells of (observed - expected)^2/expected.
    observed = [(tp, pp, rp), (fp, pp, rn), (fn, pn, rp), (tn, pn, rn)]
    pearson_chi_squared = N * sum((cell - row * column)**2 / (row * column) for cell, row, column in observed)
    # Scott's pi in counts: 1 - 2N(FP+FN)/((RP+PP)(RN+PN)), BinaryTable.kappa_unbiased's form.
    scotts_pi_counts = 1 - 2 * N * (B + C) / ((2 * A + B + C) * (2 * D + B + C))
    van_rijsbergen_alpha = beta**2 / (1 + beta**2)   # alpha weighting 1/r in Powers 2003's form
    odds = S["odds_ratio"]
    I = Identity  # noqa: E741 - a short alias keeps the table readable
    DEF = "definition check"   # the entry restates a definition; it proves nothing new
    return (
        # -- recall, precision and their inverses (2008 eqs 1-4)
        I("recall_counts", tpr, A / (A + C), "Powers 2008 eq. 1", DEF),
        I("precision_counts", tpa, A / (A + B), "Powers 2008 eq. 2", DEF),
        I("inverse_recall_counts", tnr, D / (B + D), "Powers 2008 eq. 3", DEF),
        I("inverse_precision_counts", tna, D / (C + D), "Powers 2008 eq. 4", DEF),
        # -- accuracy as two weighted averages (eq. 5, corrected: rp*tpr, not rp*tp)
        I("accuracy_counts", S["accuracy"], (A + D) / N, "Powers 2008 eq. 5", DEF),
        I("accuracy_average_of_recalls", S["accuracy"], rp * tpr + rn * tnr,
          "Powers 2008 eq. 5, corrected"),
        I("accuracy_average_of_precisions", S["accuracy"], pp * tpa + pn * tna, "Powers 2008 eq. 5"),
        I("jaccard_counts", S["jaccard"], A / (N - D), "Powers 2008 eq. 6", DEF),
        # -- error rates (eqs 7-8, corrected denominators)
        I("fallout_counts", fpr, B / (B + D), "Powers 2008 eq. 7, corrected"),
        I("fallout_is_one_minus_inverse_recall", fpr, 1 - tnr, "Powers 2008 section 2.1"),
        I("miss_rate_counts", fnr, C / (A + C), "Powers 2008 eq. 8, corrected"),
        I("miss_rate_is_one_minus_recall", fnr, 1 - tpr, "Powers 2008 section 2.1"),
        # -- the F family
        I("f_alpha_two_forms", tpa * tpr / (alpha * tpa + (1 - alpha) * tpr),
          1 / (alpha / tpr + (1 - alpha) / tpa), "Powers 2003, F-factor"),
        I("f_alpha_is_f_beta", 1 / (van_rijsbergen_alpha / tpr + (1 - van_rijsbergen_alpha) / tpa),
          f_measure(beta), "Powers 2003 corrected; LingPipe fMeasure"),
        I("f_beta_one_is_f1", f_measure(1), S["f1"], "LingPipe: fMeasure() = fMeasure(1)"),
        I("f1_counts", S["f1"], 2 * A / (2 * A + B + C), "LingPipe F1 derivation"),
        I("f1_is_harmonic_mean", 1 / S["f1"], (1 / tpr + 1 / tpa) / 2, "Powers 2003; 2008 section 2.1"),
        I("f1_from_jaccard", S["f1"], 2 * S["jaccard"] / (1 + S["jaccard"]), "F1 and Jaccard"),
        I("f1_is_g_squared_over_a", S["f1"], S["g_measure"]**2 / ((tpr + tpa) / 2),
          "Powers 2008 section 2.1: F = G^2/A"),
        I("f1_references_mean_of_bias_and_prevalence", S["f1"], tp / ((rp + pp) / 2), "Powers 2008 section 2.2"),
        I("g_references_geometric_mean", S["g_measure"], tp / sp.sqrt(rp * pp), "Powers 2008 section 2.1"),
        I("g_is_a_perplexity", sp.log(1 / S["g_measure"]), (sp.log(1 / tpr) + sp.log(1 / tpa)) / 2,
          "Powers 2003: log perplexity 1/G = mean information", DEF),
        # -- informedness and markedness (eqs 10-11)
        I("informedness_tpr_minus_fpr", S["informedness"], tpr - fpr, "Powers 2008 eq. 10"),
        I("informedness_one_minus_error_rates", S["informedness"], 1 - fnr - fpr, "Powers 2008 eq. 10"),
        I("markedness_tpa_minus_fna", S["markedness"], tpa - fna, "Powers 2008 eq. 11"),
        I("markedness_one_minus_error_rates", S["markedness"], 1 - fpa - fna, "Powers 2008 eq. 11"),
        I("informedness_determinant", S["informedness"], determinant / (rp * rn), "Powers 2008 section 2.5"),
        I("markedness_determinant", S["markedness"], determinant / (pp * pn), "Powers 2008 section 2.5"),
        # -- correlation (section 2.5)
        I("mcc_squared_is_informedness_times_markedness", S["matthews_correlation"]**2,
          S["informedness"] * S["markedness"],
          "Powers 2008 section 2.5"),
        I("mcc_has_the_sign_of_informedness", S["matthews_correlation"],
          S["informedness"] * sp.sqrt(rp * rn / (pp * pn)),
          "Powers 2008 section 2.5"),
        I("phi_squared_is_informedness_times_markedness", S["phi_squared"], S["informedness"] * S["markedness"],
          "Powers 2008 section 2.5"),
        I("chi_squared_is_n_phi_squared", pearson_chi_squared, N * S["phi_squared"], "Pearson; LingPipe chiSquared"),
        # -- recall and precision from bias and prevalence (eqs 13-14)
        I("recall_from_informedness", tpr, S["informedness"] * (1 - rp) + pp, "Powers 2008 eq. 13"),
        I("informedness_from_recall", S["informedness"], (tpr - pp) / (1 - rp), "Powers 2008 eq. 13"),
        I("precision_from_markedness", tpa, S["markedness"] * (1 - pp) + rp, "Powers 2008 eq. 14"),
        I("markedness_from_precision", S["markedness"], (tpa - rp) / (1 - pp), "Powers 2008 eq. 14"),
        # -- kappa (section 2.6)
        I("kappa_counts", S["kappa"], 2 * (A * D - B * C) / ((A + B) * (B + D) + (A + C) * (C + D)),
          "Cohen 1960; BinaryTable.kappa"),
        I("kappa_discriminant_over_mean_error", S["kappa"], (tp - pp * rp) / ((tp - pp * rp) + (fp + fn) / 2),
          "Powers 2008 section 2.6"),
        # -- ROC measures (eq. 9, section 2.3)
        I("auc_tpr_plus_tnr", S["single_point_auc"], (tpr + tnr) / 2, "Powers 2008 eq. 9", DEF),
        I("auc_one_minus_mean_error_rate", S["single_point_auc"], 1 - (fpr + fnr) / 2, "Powers 2008 eq. 9", DEF),
        I("auc_is_the_trapezoid", S["single_point_auc"], fpr * tpr / 2 + (1 - fpr) * (tpr + 1) / 2,
          "Powers 2008 eq. 9: area under (0,0)-(fpr,tpr)-(1,1)"),
        I("wracc_is_rp_rn_informedness", S["wracc"], rp * rn * (tpr - fpr), "Flach 2003; Powers 2008 section 2.3"),
        I("wracc_is_determinant", S["wracc"], determinant, "Powers 2008 section 2.6 (dp)"),
        # -- invariance under swapping the classes (section 2.6)
        I("informedness_swap_invariant", swap_classes(S["informedness"]), S["informedness"], "Powers 2008 section 2.6"),
        I("markedness_swap_invariant", swap_classes(S["markedness"]), S["markedness"], "Powers 2008 section 2.6"),
        I("mcc_swap_invariant", swap_classes(S["matthews_correlation"]), S["matthews_correlation"],
          "Powers 2008 section 2.6"),
        I("kappa_swap_invariant", swap_classes(S["kappa"]), S["kappa"], "Powers 2008 section 2.6"),
        I("recall_swaps_to_inverse_recall", swap_classes(tpr), tnr, "Powers 2008 section 2.1"),
        # -- LingPipe's measures
        I("random_accuracy_independent_labels", S["random_accuracy"], rp * pp + (1 - rp) * (1 - pp),
          "LingPipe randomAccuracy", DEF),
        I("kappa_no_prevalence_is_kappa_at_one_half", S["kappa_no_prevalence"],
          (S["accuracy"] - sp.Rational(1, 2)) / (1 - sp.Rational(1, 2)), "LingPipe kappaNoPrevalence (PABAK)", DEF),
        I("kappa_unbiased_counts", S["kappa_unbiased"], scotts_pi_counts, "LingPipe kappaUnbiased (Scott's pi)"),
        I("fowlkes_mallows_is_g_measure", S["fowlkes_mallows"], S["g_measure"], "LingPipe fowlkesMallows", DEF),
        I("yules_q_from_odds_ratio", S["yules_q"], (odds - 1) / (odds + 1), "Yule's Q"),
        I("yules_y_from_odds_ratio", S["yules_y"], (sp.sqrt(odds) - 1) / (sp.sqrt(odds) + 1), "Yule's Y"),
        I("accuracy_deviation_binomial", S["accuracy_deviation"]**2, S["accuracy"] * (1 - S["accuracy"]) / N,
          "LingPipe accuracyDeviation", DEF),
    )


#: The catalogue: every identity the notebooks derive, each with its source.
IDENTITIES = _catalogue()
_BY_NAME = {claim.name: claim for claim in IDENTITIES}


def identity(name: str) -> Identity:
    """The catalogue entry called ``name``; ValueError lists the names if there is none."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"no identity {name!r}; the catalogue has: {', '.join(_BY_NAME)}") from None


# ---------------------------------------------------------------------------- notebook display
def _as_identity(claim_or_name):
    return identity(claim_or_name) if isinstance(claim_or_name, str) else claim_or_name


def prove(claim_or_name: Identity | str) -> None:
    """Show an identity (LaTeX in a notebook), simplify lhs - rhs with sympy, print it; AssertionError unless 0.

    Takes an :class:`Identity` or the name of a catalogue entry.  Used in the
    notebooks so that a wrong identity makes the cell, and nbval, fail.
    """
    from IPython.display import Math, display

    claim = _as_identity(claim_or_name)
    _require_identity(claim, "prove")
    display(Math(identity_latex(claim)))
    difference = simplified_difference(claim)
    # one write: the notebook keeps one stream chunk
    sys.stdout.write(f"{claim.kind}, sympy: lhs - rhs = {difference}\n")
    if difference != 0:
        raise AssertionError(f"{claim.name} is not an identity: lhs - rhs = {difference}")


def prove_all(claims_or_names: Iterable[Identity | str]) -> None:
    """Check several identities with sympy and show them as ONE table: name, identity, kind, lhs - rhs.

    Takes catalogue names or :class:`Identity` objects.  Every difference is simplified
    first (as :func:`prove` does); AssertionError names the entries that are not 0, before
    anything is shown.  One output: a LaTeX array, one row per identity.
    """
    from IPython.display import Math, display

    claims = [_as_identity(claim) for claim in claims_or_names]
    if not claims:
        raise ValueError("claims_or_names must name at least one identity")
    for claim in claims:
        _require_identity(claim, "prove_all")
    differences = [simplified_difference(claim) for claim in claims]
    failed = [claim.name for claim, difference in zip(claims, differences) if difference != 0]
    if failed:
        raise AssertionError(f"not identities (lhs - rhs is not 0): {', '.join(failed)}")
    rows = [r"\text{" + claim.name.replace("_", " ") + "} & " + latex(claim.lhs) + " = " + latex(claim.rhs)
            + r" & \text{" + claim.kind + "} & " + latex(difference)
            for claim, difference in zip(claims, differences)]
    head = r"\text{identity} & & \text{kind} & \text{lhs} - \text{rhs} \\ \hline "
    display(Math(r"\begin{array}{llll}" + head + r" \\ ".join(rows) + r"\end{array}"))


#: Tables refute() tries, in order, when the caller's table does not separate the two sides.
_FALLBACK_TABLES = ((1, 2, 3, 4), (1, 3, 2, 5), (7, 2, 3, 11), (2, 9, 5, 3))


def _number(value):
    """An exact sympy value, with its float beside it when it is not a plain rational."""
    value = sp.nsimplify(value)
    return str(value) if value.is_Rational else f"{value} = {float(value):.6g}"


def refute(claim: Identity, counts: Sequence[int] = (1, 2, 3, 4),
           weights: Mapping[Any, Any] | None = None) -> None:
    """Show a claimed identity and a table where its two sides really differ.

    The two sides are evaluated exactly at ``counts`` (TP, FP, FN, TN), and
    their difference must be non-zero both exactly and in 30-digit floating
    point; if they agree there, the tables of ``_FALLBACK_TABLES`` are tried.
    AssertionError if sympy proves the claim, or if no table separates the two
    sides: a true identity that sympy failed to simplify is never reported
    refuted.  Radicals are printed with their floats; the beta used is printed
    whenever the claim involves beta (default beta = 1/2, see
    :data:`COUNTEREXAMPLE_WEIGHTS`).
    """
    from IPython.display import Math, display

    _require_identity(claim, "refute")
    display(Math(identity_latex(claim)))
    if check_identity(claim):
        raise AssertionError(f"{claim.name} holds: it is an identity, not an error")
    used = {**COUNTEREXAMPLE_WEIGHTS, **(weights or {})}
    for table in (tuple(counts),) + tuple(t for t in _FALLBACK_TABLES if t != tuple(counts)):
        lhs, rhs = counterexample(claim, table, used)
        gap = sp.N(lhs - rhs, 30)
        if sp.simplify(lhs - rhs) != 0 and abs(gap) > sp.Float("1e-25"):
            break
    else:
        raise AssertionError(f"{claim.name}: sympy did not prove it, but the two sides agree on every "
                             f"test table; not refuted")
    free = to_counts(claim.lhs - claim.rhs).free_symbols
    with_weights = "".join(f", {name} = {used[symbol]}" for name, symbol in (("beta", beta), ("alpha", alpha))
                           if symbol in free)
    sys.stdout.write(f"false: at TP, FP, FN, TN = {', '.join(map(str, table))}{with_weights} the left side is "
                     f"{_number(lhs)}, the right side {_number(rhs)}\n")
