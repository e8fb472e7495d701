"""Quiz of notebook 13, evaluating your own classifier."""
import numpy as np

from ...contingency import Contingency
from ..quiz import Option, Question

_SKLEARN = [[50, 10], [5, 35]]   # confusion_matrix(y_true, y_pred): rows = real classes
_COUNTS = [[20, 5, 5], [10, 10, 5], [0, 5, 40]]   # rows = predictions


def _orientation():
    t = Contingency.from_sklearn(_SKLEARN, labels=[0, 1])
    return {"transposed": bool(np.array_equal(t.counts, np.transpose(_SKLEARN))),
            "same": bool(np.array_equal(t.counts, _SKLEARN)),
            "reordered": bool(np.array_equal(t.counts, np.asarray(_SKLEARN)[::-1, ::-1]))}


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
            Option("its transpose: predictions in rows, classes in columns", "transposed",
                   "scikit-learn puts the real classes in rows; Powers' layout, which the package keeps, puts "
                   "the predictions there. Naming the orientation once avoids swapping B and M."),
            Option("the same matrix: both put the real classes in rows", "same",
                   "read as it is, the rows would be taken for predictions: informedness and markedness "
                   "would swap.",
                   mistake="assumes every library shares one orientation"),
            Option("the same matrix, but reordered so that class 1 comes first", "reordered",
                   "the package keeps the order of `labels`; what changes is which axis holds the "
                   "predictions: the rows, in Powers' layout.",
                   mistake="confuses the order of the classes with the orientation of the table"),
        )),
    Question(
        id="13.Q2", section="Four summaries of a K-class table", facts=_summaries,
        prompt="Is scikit-learn's adjusted balanced accuracy (ABA) the same number as Powers' informedness B?",
        options=(
            Option("only for two classes: {aba2:.3f} = {b2:.3f}", "equal2",
                   "for K = 2 both are recall + inverse recall − 1. For K > 2 ABA averages the recalls over "
                   "classes, while B averages B(l) over decisions, weighted by the bias: on the 3×3 table "
                   "{aba3:.3f} against {b3:.3f}."),
            Option("always: both are mean recalls with chance removed", "equal3",
                   "on the 3×3 table they differ: {aba3:.3f} against {b3:.3f}. ABA weights the classes "
                   "equally, B weights the labels by the bias.",
                   mistake="extends a two-class identity to K classes"),
            Option("never: ABA is balanced accuracy, not chance-corrected", False,
                   "`adjusted=True` rescales it so that a guess scores 0; for two classes it is exactly B "
                   "({aba2:.3f} = {b2:.3f}).",
                   mistake="forgets what adjusted=True does"),
        )),
    Question(
        id="13.Q3", section="The guesser as a yardstick",
        prompt="Why score `DummyClassifier(strategy=\"most_frequent\")` beside your model?",
        options=(
            Option("to show what the common class earns for nothing", True,
                   "its accuracy shows what saying the common class earns without knowledge, while its B is 0 "
                   "exactly: a model must beat the guesser's scores, not 0."),
            Option("its B shows the best score any model could reach", False,
                   "the guesser's B is 0; it is the floor, not the ceiling.",
                   mistake="takes the floor for a ceiling"),
            Option("it is not needed when the classes are balanced", False,
                   "a stratified or uniform guesser still scores well above 0 on accuracy and F1 with "
                   "balanced classes.",
                   mistake="thinks a guesser scores 0 when the classes are balanced"),
        )),
    Question(
        id="13.Q4", section="A report per label",
        prompt="What do you read before any single summary of a K-class table?",
        options=(
            Option("the per-label B(l) and M(l), with intervals", True,
                   "a single number hides labels that are never predicted or over-predicted; the per-label "
                   "numbers, with the bias beside the prevalence, show them."),
            Option("the macro F1, since it treats every class equally", False,
                   "macro F1 is one summary among several; it hides which label is weak.",
                   mistake="trusts an equal-weight summary to show each class"),
            Option("the accuracy, since it counts every case", False,
                   "accuracy rewards predicting the common class; it says nothing per label.",
                   mistake="trusts accuracy on a K-class table"),
        )),
)
