"""Quiz of notebook 11, ROC space and isocost lines."""
from ...measures import BinaryTable
from ...roc import distance_to_perfect, height_above_chance, isocost_slope
from ..quiz import Option, Question


def _below_chance():
    t = BinaryTable(tp=30, fp=60, fn=70, tn=40)
    flipped = BinaryTable(tp=70, fp=40, fn=30, tn=60)   # every decision reversed
    return {"fpr": t.fallout, "tpr": t.recall, "b": t.informedness, "b_flipped": flipped.informedness}


def _slope():
    c = isocost_slope(0.2, false_positive_cost=1.0, false_negative_cost=2.0)
    return {"c": c, "inverse": 1 / c, "class_ratio": (1 - 0.2) / 0.2}


def _equally_informed():
    first, second = (0.1, 0.6), (0.3, 0.8)   # (fpr, tpr)
    return {"b_1": float(height_above_chance(*first)), "b_2": float(height_above_chance(*second)),
            "d_1": float(distance_to_perfect(*first)), "d_2": float(distance_to_perfect(*second))}


def _screening():
    return {"c": isocost_slope(0.05, false_positive_cost=1.0, false_negative_cost=10.0), "class_ratio": 0.95 / 0.05}


QUESTIONS = (
    Question(
        id="11.Q1", section="ROC space", facts=_below_chance,
        prompt="A classifier sits at ROC point (fpr {fpr:.1f}, tpr {tpr:.1f}), below the diagonal. What is it worth?",
        options=(
            Option("it is informed but reversed: B = {b:.1f}; flipped, B = {b_flipped:.1f}", True,
                   "a point below the chance line has negative informedness; its mirror image through the "
                   "centre is as far above the line."),
            Option("nothing: below the diagonal is worse than any guess, so throw it away", False,
                   "it carries information, the wrong way round: flip its decisions and it is above chance.",
                   mistake="takes 'below chance' for 'no information'"),
            Option("B = {b_flipped:.1f}: B measures the distance from the diagonal", False,
                   "B = tpr − fpr has a sign: this point's B is {b:.1f}. Only after its decisions are flipped "
                   "does it reach {b_flipped:.1f}.",
                   mistake="takes B for an unsigned distance from the diagonal"),
        )),
    Question(
        id="11.Q2", section="The expected cost and its isocost lines", facts=_slope,
        prompt="The prevalence is 0.2 and a missed positive costs twice a false alarm. What is the slope c of the "
               "isocost lines, tpr = c·fpr + b?",
        options=(
            Option("c = {c:.1f}", True,
                   "c = c_v·c_s: the cost ratio c_v = (cost of a false positive)/(cost of a false negative) = ½ "
                   "times the class ratio c_s = rn/rp = {class_ratio:.0f}."),
            Option("c = {inverse:.1f}, the costs or classes swapped", False,
                   "that is 1/c, the slope for swapped costs or swapped classes: check which cost belongs to "
                   "which error.",
                   mistake="puts the costs the wrong way up"),
            Option("c = {class_ratio:.1f}, the class ratio rn/rp alone", False,
                   "the class ratio is one factor; the costs are the other, and a missed positive costing "
                   "twice a false alarm halves it: c = {c:.1f}.",
                   mistake="forgets the costs in the slope"),
        )),
    Question(
        id="11.Q3", section="Three criteria that agree when $c = 1$ — and one that does not",
        prompt="When the isocost slope is c = 1, which criterion can choose a different ROC point from "
               "tpr − fpr?",
        options=(
            Option("the distance to the perfect point (0, 1)", True,
                   "the distance is not a function of tpr − fpr: two points equally high above the diagonal "
                   "can lie at different distances from (0, 1)."),
            Option("the single-point AUC, (1 + tpr − fpr)/2", False,
                   "it rises with tpr − fpr, so it picks the same point.",
                   mistake="expects an area to rank points differently from a height"),
            Option("WRAcc, rp·rn·(tpr − fpr), which weighs the classes", False,
                   "at a fixed prevalence it is tpr − fpr times a constant, so it picks the same point.",
                   mistake="thinks a constant factor can change a ranking"),
        )),
    Question(
        id="11.Q4", section="Equally informed, unequally distant", facts=_equally_informed,
        prompt="Two classifiers sit at (fpr, tpr) = (0.1, 0.6) and (0.3, 0.8). Compare them.",
        options=(
            Option("equally informed, but the second is nearer (0, 1)", True,
                   "both lie {b_1:.1f} above the diagonal (B = {b_1:.1f} and {b_2:.1f}), on one isocost line "
                   "of slope 1; the distance to (0, 1), {d_2:.3f} against {d_1:.3f}, prefers balanced errors."),
            Option("the second is better on every criterion, since its recall is higher", False,
                   "its fallout is higher by as much: its informedness is the same.",
                   mistake="judges by recall alone"),
            Option("the first is better: its fallout is lower, fewer false alarms", False,
                   "lower fallout is bought with lower recall; at c = 1 the two cost the same.",
                   mistake="judges by fallout alone"),
        )),
    Question(
        id="11.Q5", section="The expected cost and its isocost lines", facts=_screening,
        prompt="A clinic screens a population in which 5 % are ill, and a missed case costs 10 times a false alarm. "
               "At which point of its classifier's ROC curve should it operate?",
        options=(
            Option("where an isocost line of slope {c:.1f} touches the curve", True,
                   "the expected cost is constant along lines tpr = c·fpr + b with c = (cost of a false alarm)/"
                   "(cost of a miss) × rn/rp = (1/10) × {class_ratio:.0f} = {c:.1f}; the cheapest point is where "
                   "the highest such line touches the curve's convex hull. B says what a point knows; the costs "
                   "and the prevalence say where to stand."),
            Option("at the point of highest B, where a line of slope 1 touches it", False,
                   "slope 1 is the isocost line only when c = 1; here misses are dear and the ill are rare, and "
                   "the two pull the slope to {c:.1f}.",
                   mistake="takes the measure of knowledge for the choice of threshold"),
            Option("at the point nearest (0, 1), which balances the two errors", False,
                   "the distance to (0, 1) weighs a miss and a false alarm alike and ignores the prevalence; "
                   "neither holds here.",
                   mistake="balances the errors when their costs differ"),
        )),
)
