"""Quiz of notebook 13, evaluating your own classifier."""
import numpy as np

from ...contingency import Contingency
from ..quiz import Option, Question

_SKLEARN = [[50, 10], [5, 35]]   # confusion_matrix(y_true, y_pred): rows = real classes
_COUNTS = [[20, 5, 5], [10, 10, 5], [0, 5, 40]]   # rows = predictions


def _orientation():
    t = Contingency.from_sklearn(_SKLEARN, labels=[0, 1])
    return {"transposed": bool(np.array_equal(t.counts, np.transpose(_SKLEARN))),
            "same": bool(np.array_equal(t.counts, _SKLEARN))}


def _summaries():
    binary = Contingency([[30, 20], [10, 40]], labels=["+", "-"], layout="powers")
    three = Contingency(_COUNTS, labels=["a", "b", "c"], layout="powers")
    return {"aba2": binary.adjusted_balanced_accuracy, "b2": binary.informedness,
            "aba3": three.adjusted_balanced_accuracy, "b3": three.informedness,
            "equal2": bool(np.isclose(binary.adjusted_balanced_accuracy, binary.informedness)),
            "equal3": bool(np.isclose(three.adjusted_balanced_accuracy, three.informedness))}


QUESTIONS = (
    Question(
        id="13.Q1", section="Two orientations, one table", facts=_orientation,
        prompt="scikit-learn's `confusion_matrix(y_true, y_pred)` returns [[50, 10], [5, 35]]. What does "
               "`Contingency.from_sklearn` hold?",
        options=(
            Option("its transpose: predictions in rows, real classes in columns", "transposed",
                   "scikit-learn puts the real classes in rows; Powers' layout, which the package keeps, puts "
                   "the predictions there. Naming the orientation once avoids swapping B and M."),
            Option("the same matrix", "same",
                   "read as it is, the rows would be taken for predictions: informedness and markedness "
                   "would swap."),
        )),
    Question(
        id="13.Q2", section="Four summaries of a K-class table", facts=_summaries,
        prompt="Is scikit-learn's adjusted balanced accuracy (ABA) the same number as Powers' informedness B?",
        options=(
            Option("for two classes yes ({aba2:.3f} = {b2:.3f}); for three classes no ({aba3:.3f} against {b3:.3f})",
                   "equal2",
                   "for K = 2 both are recall + inverse recall − 1. For K > 2 ABA averages the recalls over "
                   "classes, while B averages B(l) over decisions, weighted by the bias."),
            Option("always", "equal3", "on the 3×3 table they differ: {aba3:.3f} against {b3:.3f}."),
        )),
    Question(
        id="13.Q3", section="The guesser as a yardstick",
        prompt="Why score `DummyClassifier(strategy=\"most_frequent\")` beside your model?",
        options=(
            Option("its accuracy shows what saying the common class earns for nothing, while its B is 0 "
                   "exactly", True,
                   "a model must beat the guesser's scores, not 0; B puts the guesser at 0 so the two "
                   "scales can be read side by side."),
            Option("its B shows the best a model can do", False,
                   "the guesser's B is 0; it is the floor, not the ceiling."),
            Option("it is not needed when the classes are balanced", False,
                   "a stratified or uniform guesser still scores well above 0 on accuracy and F1 with "
                   "balanced classes."),
        )),
    Question(
        id="13.Q4", section="A report per label",
        prompt="What do you read before any single summary of a K-class table?",
        options=(
            Option("the per-label report: B(l) and M(l) with intervals, and the bias beside the prevalence",
                   True,
                   "a single number hides labels that are never predicted or over-predicted; the per-label "
                   "numbers show them."),
            Option("the macro F1, since it treats every class equally", False,
                   "macro F1 is one summary among several; it hides which label is weak."),
            Option("the accuracy, since it counts every case", False,
                   "accuracy rewards predicting the common class; it says nothing per label."),
        )),
)
