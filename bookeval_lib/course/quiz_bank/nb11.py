"""Quiz of notebook 11, ROC space and isocost lines."""
import numpy as np

from ...measures import BinaryTable
from ...roc import auc, isocost_slope, roc_convex_hull, roc_curve
from ..quiz import Option, Question

_POINTS = ([0.0, 0.1, 0.3, 0.5, 1.0], [0.0, 0.5, 0.6, 0.9, 1.0])


def _below_chance():
    t = BinaryTable(tp=30, fp=60, fn=70, tn=40)
    flipped = BinaryTable(tp=70, fp=40, fn=30, tn=60)   # every decision reversed
    return {"fpr": t.fallout, "tpr": t.recall, "b": t.informedness, "b_flipped": flipped.informedness}


def _slope():
    c = isocost_slope(0.2, false_positive_cost=1.0, false_negative_cost=2.0)
    return {"c": c, "inverse": 1 / c}


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
        id="11.Q1", section="ROC space", facts=_below_chance,
        prompt="A classifier sits at ROC point (fpr {fpr:.1f}, tpr {tpr:.1f}), below the diagonal. What is it worth?",
        options=(
            Option("it is informed but reversed: B = {b:.1f}; reversing every decision gives B = {b_flipped:.1f}", True,
                   "a point below the chance line has negative informedness; its mirror image through the "
                   "centre is as far above the line."),
            Option("nothing: below the diagonal means worse than any guess, so throw it away", False,
                   "it carries information, the wrong way round: flip its decisions and it is above chance."),
        )),
    Question(
        id="11.Q2", section="The expected cost and its isocost lines", facts=_slope,
        prompt="The prevalence is 0.2 and a missed positive costs twice a false alarm. What is the slope c of the "
               "isocost lines, tpr = c·fpr + b?",
        options=(
            Option("c = {c:.1f}", True,
                   "c = c_v·c_s: the cost ratio c_v = (cost of a false positive)/(cost of a false negative) = ½ "
                   "times the class ratio c_s = rn/rp = 4."),
            Option("c = {inverse:.1f}", False,
                   "that is 1/c, the slope for swapped costs or swapped classes: check which cost belongs to "
                   "which error."),
        )),
    Question(
        id="11.Q3", section="The convex hull", facts=_hull,
        prompt="A ROC curve has the points (0.1, 0.5), (0.3, 0.6) and (0.5, 0.9) between (0, 0) and (1, 1). Which "
               "of them can be the cheapest point for some costs and class ratio?",
        options=(
            Option("(0.1, 0.5)", "on_1", "it is a corner of the convex hull: cheapest for isocost slopes "
                   "between those of its two hull edges."),
            Option("(0.3, 0.6)", "on_2", "it lies below the hull (the segment from (0.1, 0.5) to (0.5, 0.9) "
                   "passes above it): a mixture of its neighbours beats it at every slope."),
            Option("(0.5, 0.9)", "on_3", "it is a corner of the convex hull: cheapest for shallow isocost lines."),
        )),
    Question(
        id="11.Q4", section="The AUC as a probability", facts=_ties, answer="auc", digits=3,
        prompt="Positives score 0.8 and 0.5, negatives 0.5 and 0.2. What is the AUC?",
        why="the AUC is the probability that a random positive outscores a random negative, a tie counting ½: "
            "of the 4 pairs, 3 are won and 1 tied, (3 + ½)/4."),
    Question(
        id="11.Q5", section="Choosing the threshold honestly, and the optimism of hindsight",
        prompt="You pick the threshold with the best informedness on the test set and report that informedness. "
               "What is wrong?",
        options=(
            Option("the number is optimistic: the threshold was chosen on the data it is scored on", True,
                   "choose the threshold on training data (by cross-validation) and score it once on held-out "
                   "data, with an interval; the hindsight choice flatters B."),
            Option("nothing, as long as the test set is large", False,
                   "a larger test set shrinks the optimism but does not remove the selection: the best of many "
                   "thresholds on one sample is biased upwards."),
        )),
)
