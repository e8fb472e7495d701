"""Quiz of appendix A3, the F-measure's parameters and the printed formulas behind 01-03."""
import numpy as np

from ...measures import BinaryTable
from ..quiz import Option, Question

_TABLE = dict(tp=20, fp=10, fn=5, tn=65)


def _alpha():
    t = BinaryTable(**_TABLE)
    f2 = t.f_measure(beta=2.0)

    def powers(alpha):                                   # F = 1/(alpha/r + (1 - alpha)/p)
        return 1 / (alpha / t.recall + (1 - alpha) / t.precision)
    return {"f2": f2, "at_08": powers(0.8), "at_02": powers(0.2),
            "is_08": bool(np.isclose(f2, powers(0.8))), "is_02": bool(np.isclose(f2, powers(0.2)))}


def _eq5():
    t = BinaryTable(**_TABLE)
    rp, n = t.prevalence, t.total
    right = rp * t.recall + (1 - rp) * t.inverse_recall
    printed = rp * (t.tp / n) + (1 - rp) * t.inverse_recall            # rp*tp + rn*tnr, as printed
    return {"accuracy": t.accuracy, "right": right, "printed": printed,
            "printed_ok": bool(np.isclose(printed, t.accuracy)), "right_ok": bool(np.isclose(right, t.accuracy))}


def _fallout_miss():
    t = BinaryTable(tp=30, fp=10, fn=10, tn=50)
    return {"bias": t.bias, "prevalence": t.prevalence, "fallout": t.fallout, "miss": t.miss_rate}


QUESTIONS = (
    Question(
        id="A3.Q1", section="1. The F-measure's α and β", facts=_alpha,
        prompt="Van Rijsbergen's F2 (β = 2) is {f2:.4f} for TP 20, FP 10, FN 5, TN 65. Which α gives it in Powers' "
               "form F = 1/(α/r + (1 − α)/p)?",
        options=(
            Option("α = β²/(1 + β²) = 0.8 (gives {at_08:.4f})", "is_08",
                   "β weights recall, and in Powers' form α is the weight on 1/r."),
            Option("α = 1/(1 + β²) = 0.2 (gives {at_02:.4f})", "is_02",
                   "that is Manning and Schütze's α = 1/(1 + β²), which weights 1/p; put into Powers' form, "
                   "where α weights 1/r, it weights precision instead of recall.",
                   mistake="carries Manning and Schütze's α into Powers' form"),
            Option("α = β² = 4, as the paper's α ≡ β² says", False,
                   "'α ≡ β²' cannot be meant literally: α is a weight between 0 and 1.",
                   mistake="reads a printed identity literally"),
        )),
    Question(
        id="A3.Q2", section="2. Printed typos of the 2008 paper (eqs 5, 7, 8)", facts=_eq5,
        prompt="The 2008 paper prints accuracy = rp·tp + rn·tnr (eq. 5). For TP 20, FP 10, FN 5, TN 65 (accuracy "
               "{accuracy:.2f}), which form is right?",
        options=(
            Option("rp·tpr + rn·tnr = {right:.4f}", "right_ok",
                   "prevalence times a rate: the printed tp is a cell (a joint probability), a typo for the "
                   "rate tpr."),
            Option("rp·tp + rn·tnr as printed = {printed:.4f}", "printed_ok",
                   "the printed form multiplies the prevalence by a cell that already contains it.",
                   mistake="trusts a printed formula without testing it on numbers"),
            Option("either: tp and tpr are two names of one number", False,
                   "tp is the cell TP/N, a joint probability; tpr is TP/RP, a rate: here {printed:.4f} "
                   "against {right:.4f}.",
                   mistake="confuses a cell with a rate"),
        )),
    Question(
        id="A3.Q3", section="3. Other sentences of the 2008 paper", facts=_fallout_miss,
        prompt="TP 30, FP 10, FN 10, TN 50 has bias {bias:.1f} = prevalence {prevalence:.1f}. Is its fallout equal "
               "to its miss rate?",
        options=(
            Option("no: fallout {fallout:.4f} but miss rate {miss:.4f}, though FP = FN", True,
                   "bias = prevalence means FP = FN, equal counts; the rates divide them by different "
                   "margins, RN and RP, and agree only when also rp = ½."),
            Option("yes: bias = prevalence makes the two error rates equal", False,
                   "it makes the error counts equal: FP = FN = 10, over 60 negatives and 40 positives.",
                   mistake="confuses equal counts with equal rates"),
            Option("no, and the two can be equal only when B = 0", False,
                   "with FP = FN, fallout = FP/RN and miss rate = FN/RP are equal exactly when RN = RP, "
                   "whatever B.",
                   mistake="ties the equality to B instead of to the margins"),
        )),
    Question(
        id="A3.Q4", section="3. Other sentences of the 2008 paper",
        prompt="A test is run with a 5 % type I error limit. What does that fix?",
        options=(
            Option("a fallout of at most 5 % on the negatives", True,
                   "type I errors are false positives among the real negatives: a rate down the −R column, "
                   "so the inverse recall (specificity) is at least 95 %."),
            Option("a precision of at least 95 %", False,
                   "precision is read along the +P row and depends on the prevalence; the type I error rate "
                   "does not.",
                   mistake="conditions on the prediction instead of the real class"),
            Option("a recall of at least 95 %", False,
                   "a missed positive is a type II error; recall is fixed by the power of the test, not by its "
                   "type I error limit.",
                   mistake="takes type I errors for misses"),
        )),
)
