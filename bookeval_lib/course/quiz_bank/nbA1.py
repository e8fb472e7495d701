"""Quiz of appendix A1, LingPipe's evaluation checked."""
import math

from ...measures import BinaryTable
from ..papers import LINGPIPE_PRINTED, LINGPIPE_WINES
from ..quiz import Option, Question


def _cabernet():
    tp, fn, fp, tn = LINGPIPE_WINES["Cabernet"]       # LingPipe's constructor order
    return BinaryTable.from_matrix([[tp, fn], [fp, tn]], layout="lingpipe")


def _orientation():
    return {"three": _cabernet().fp == 3, "four": _cabernet().fp == 4}


def _random_accuracy():
    t = _cabernet()
    return {"random": t.random_accuracy, "kappa": t.kappa, "accuracy": t.accuracy}


def _fowlkes_mallows():
    t = _cabernet()
    return {"index": t.fowlkes_mallows, "printed_formula": t.tp / t.fowlkes_mallows}


def _deviation():
    t = _cabernet()
    return {"deviation": t.accuracy_deviation, "accuracy": t.accuracy, "n": t.total}


def _truncated():
    t = BinaryTable.from_matrix([[5, 4], [4, 14]], layout="lingpipe")      # Syrah
    printed = LINGPIPE_PRINTED["recall"][2]
    return {"value": t.recall, "printed": printed,
            "truncation": math.floor(t.recall * 1e4) / 1e4 == printed, "rounding": round(float(t.recall), 4) == printed}


QUESTIONS = (
    Question(
        id="A1.Q1", section="The orientation", facts=_orientation,
        prompt="LingPipe's documentation evaluates Cabernet as `PrecisionRecallEvaluation(9, 3, 4, 11)`. How many "
               "false positives are there?",
        options=(
            Option("3, the second argument, as in Powers' order", "three",
                   "3 is the second argument, and LingPipe's constructor takes (TP, FN, FP, TN): "
                   "it is FN. Reading it in Powers' order (TP, FP, FN, TN) swaps recall and precision.",
                   mistake="reads LingPipe's arguments in Powers' order"),
            Option("4, the third argument", "four", "the constructor takes (TP, FN, FP, TN), so FP is the third argument."),
            Option("3, as in scikit-learn's `ravel()` order", "three",
                   "scikit-learn's `confusion_matrix(...).ravel()` gives (TN, FP, FN, TP), where FP is second; "
                   "LingPipe's constructor takes (TP, FN, FP, TN), and its second argument is FN.",
                   mistake="reads LingPipe's arguments in scikit-learn's ravel order"),
        )),
    Question(
        id="A1.Q2", section="Random accuracy and the two kappas", facts=_random_accuracy, answer="random", digits=4,
        prompt="What is LingPipe's `randomAccuracy` for Cabernet (TP 9, FN 3, FP 4, TN 11)?",
        why="the accuracy of a guess with the table's own bias and prevalence, pp·rp + pn·rn = (13·12 + 14·15)/27². "
            "Cohen's kappa is (accuracy − it)/(1 − it) = ({accuracy:.4f} − {random:.4f})/(1 − {random:.4f}) "
            "= {kappa:.4f}."),
    Question(
        id="A1.Q3", section="The Fowlkes–Mallows row: a bug, not a typo", facts=_fowlkes_mallows,
        prompt="LingPipe prints fowlkesMallows as TP/(precision·recall)^½ and prints 12.49 for Cabernet; the index "
               "is √(precision·recall) = {index:.4f}. A typo or a bug?",
        options=(
            Option("a bug: the printed values follow TP/√(P·R) = {printed_formula:.2f}", True,
                   "a typo in a formula leaves the printed values right; here the values follow the wrong "
                   "formula too, so the code computes it. An index in [0, 1] cannot be 12.49."),
            Option("a typo: only the formula in the text is wrong", False,
                   "then the printed values would be near {index:.4f}; they follow TP/√(P·R) instead.",
                   mistake="assumes the code is right when the text is wrong"),
            Option("a rounding habit of the printout, like Syrah's recall", False,
                   "rounding or truncating changes the last digit, not the scale of a number.",
                   mistake="stretches one habit of a printout to every odd value"),
        )),
    Question(
        id="A1.Q4", section="The accuracy deviation", facts=_deviation, answer="deviation", digits=4,
        prompt="LingPipe's `accuracyDeviation` is the binomial standard deviation of the accuracy. What is it for "
               "Cabernet (accuracy {accuracy:.4f}, N = {n:.0f})?",
        why="√(accuracy·(1 − accuracy)/N): the spread of the proportion correct, not of a count."),
    Question(
        id="A1.Q5", section="The printed table, reproduced", facts=_truncated,
        prompt="Syrah's recall is 5/9 = {value:.6f}; LingPipe prints {printed:.4f}. What explains the difference?",
        options=(
            Option("truncation to four decimals, not rounding them", "truncation",
                   "cutting after the fourth decimal gives {printed:.4f}; rounding would give 0.5556. "
                   "A habit of the printout, not an error of the formula."),
            Option("a different formula for recall in LingPipe", False,
                   "any other formula would differ by more than the fifth decimal.",
                   mistake="blames the formula for a difference in the fifth decimal"),
            Option("ordinary rounding, to four decimal places", "rounding",
                   "rounding 0.555556 to four decimals gives 0.5556.",
                   mistake="assumes every printout rounds"),
        )),
)
