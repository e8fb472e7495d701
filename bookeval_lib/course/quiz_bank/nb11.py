"""Quiz of notebook 11, ROC space and isocost lines."""
from ...measures import BinaryTable
from ...roc import isocost_slope
from ..quiz import Option, Question


def _below_chance():
    t = BinaryTable(tp=30, fp=60, fn=70, tn=40)
    flipped = BinaryTable(tp=70, fp=40, fn=30, tn=60)   # every decision reversed
    return {"fpr": t.fallout, "tpr": t.recall, "b": t.informedness, "b_flipped": flipped.informedness}


def _slope():
    c = isocost_slope(0.2, false_positive_cost=1.0, false_negative_cost=2.0)
    return {"c": c, "inverse": 1 / c}


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
)
