"""Quiz of notebook 11b, ROC curves and choosing a threshold."""
import numpy as np

from ...roc import auc, roc_convex_hull, roc_curve
from ..quiz import Option, Question

_POINTS = ([0.0, 0.1, 0.3, 0.5, 1.0], [0.0, 0.5, 0.6, 0.9, 1.0])


def _hull():
    fpr, tpr = roc_convex_hull(*_POINTS)
    on = {f"on_{i}": bool(np.any(np.isclose(fpr, x) & np.isclose(tpr, y)))
          for i, (x, y) in enumerate(zip(*_POINTS)) if 0 < i < 4}
    return on


def _ties():
    fpr, tpr, _ = roc_curve([1, 1, 0, 0], [0.8, 0.5, 0.5, 0.2])
    return {"auc": auc(fpr, tpr)}


QUESTIONS = (
    Question(
        id="11b.Q1", section="The convex hull", facts=_hull,
        prompt="A ROC curve has the points (0.1, 0.5), (0.3, 0.6) and (0.5, 0.9) between (0, 0) and (1, 1). Which "
               "of them can be the cheapest point for some costs and class ratio?",
        options=(
            Option("(0.1, 0.5)", "on_1", "it is a corner of the convex hull: cheapest for isocost slopes "
                   "between those of its two hull edges."),
            Option("(0.3, 0.6)", "on_2", "it lies below the hull (the segment from (0.1, 0.5) to (0.5, 0.9) "
                   "passes above it): a mixture of its neighbours beats it at every slope.",
                   mistake="takes every point of the curve for a candidate"),
            Option("(0.5, 0.9)", "on_3", "it is a corner of the convex hull: cheapest for shallow isocost lines."),
        )),
    Question(
        id="11b.Q2", section="The AUC as a probability", facts=_ties, answer="auc", digits=3,
        prompt="Positives score 0.8 and 0.5, negatives 0.5 and 0.2. What is the AUC?",
        why="the AUC is the probability that a random positive outscores a random negative, a tie counting ½: "
            "of the 4 pairs, 3 are won and 1 tied, (3 + ½)/4."),
    Question(
        id="11b.Q3", section="Choosing the threshold honestly, and the optimism of hindsight",
        prompt="You pick the threshold with the best informedness on the test set and report that informedness. "
               "What is wrong?",
        options=(
            Option("it is optimistic: chosen and scored on the same data", True,
                   "choose the threshold on training data (by cross-validation) and score it once on held-out "
                   "data, with an interval; the hindsight choice flatters B."),
            Option("nothing, as long as the test set is large enough", False,
                   "a larger test set shrinks the optimism but does not remove the selection: the best of many "
                   "thresholds on one sample is biased upwards.",
                   mistake="expects a large sample to cancel a selection"),
            Option("nothing: B is bias-free, so picking the threshold cannot flatter it", False,
                   "B does not move when an equally informed classifier moves its bias, but each threshold "
                   "gives another table with its own noise; the best of them on the test set is biased upwards.",
                   mistake="confuses B's invariance to the bias with immunity to selection"),
        )),
    Question(
        id="11b.Q4", section="From scores to a curve",
        prompt="A positive and a negative case get the same score. How does the ROC curve pass them?",
        options=(
            Option("one diagonal step: tpr and fpr rise at the same time", True,
                   "no threshold separates tied cases, so tpr and fpr move at once; the diagonal step "
                   "counts the tie as half right in the AUC."),
            Option("up first, then across: the positive is ranked first", False,
                   "that ranks the positive first, an optimistic order the scores do not give.",
                   mistake="breaks ties in the classifier's favour"),
            Option("across first, then up: a tie counts as an error", False,
                   "that ranks the negative first, a pessimistic order the scores do not give either.",
                   mistake="breaks ties against the classifier"),
        )),
)
