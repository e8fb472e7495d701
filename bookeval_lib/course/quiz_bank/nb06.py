"""Quiz of notebook 06, the K-class Bookmaker."""
from ...contingency import Contingency
from ..quiz import Option, Question


def _label_a():
    table = Contingency([[20, 5, 5], [10, 10, 5], [0, 5, 40]], labels=["a", "b", "c"], layout="powers")
    return {"b_a": float(table.informedness_per_label[0]), "recall_a": float(table.recall_per_label[0])}


QUESTIONS = (
    Question(
        id="06.Q1", section="When is $B$ the probability of an informed decision?",
        prompt="Class a is recognised (informed) 90 % of the time and class b only 30 %; otherwise the classifier "
               "guesses. Is B the probability that a decision is informed?",
        options=(
            Option("not in general: B weights the two rates, but not by the class shares", True,
                   "B equals the probability of an informed decision when every class is informed at the "
                   "same rate; with unequal rates it is a mean whose weights depend on the bias and the "
                   "prevalence."),
            Option("yes, always: that is what informedness means", False,
                   "it holds when every class is informed at the same rate, as in the two-class mixture of "
                   "notebook 05b; with unequal rates B is a weighted mean of them.",
                   mistake="carries the equal-rate result over to unequal rates"),
            Option("not in general: B is then the plain mean of the two rates, ½ each", False,
                   "for two classes B = (1 − q₊)·g₊ + q₊·g₋, with q₊ the share of guesses that say +: the "
                   "weights are ½ each only when the guess says + half the time.",
                   mistake="averages the class rates with equal weights"),
        )),
    Question(
        id="06.Q2", section="The weight must use the prevalence",
        prompt="Why does the Bookmaker weight a bet on label l with the prevalence of l?",
        options=(
            Option("so that the odds are fair and a guesser breaks even", True,
                   "odds set from the class frequencies pay more for rare classes; then backing any label at "
                   "random wins nothing on average, and B(l) = 0 for a guess."),
            Option("so that rare classes count less, as they matter less", False,
                   "the opposite: the fair odds pay more on a rare class, so that backing it at random "
                   "neither wins nor loses.",
                   mistake="reads the weight as the importance of a class"),
            Option("so that labels predicted more often count for more", False,
                   "how often a label is predicted is the bias; it weights the labels in the mean B. The "
                   "prevalence sets each bet's odds.",
                   mistake="confuses the prevalence with the bias"),
        )),
    Question(
        id="06.Q3", section="A 3×3 worked case", facts=_label_a, answer="b_a", digits=3,
        prompt="Rows are predictions a, b, c and columns the real classes: [[20, 5, 5], [10, 10, 5], [0, 5, 40]]. "
               "What is B(a), the informedness of label a against the rest?",
        why="recall(a) = 20/30 = {recall_a:.3f} down column a; fallout(a) = 10/70: the cases predicted a among "
            "the 70 that are not a. B(a) is their difference."),
    Question(
        id="06.Q4", section="Theory",
        prompt="Powers' K-class informedness B averages the labels' B(l). With which weights?",
        options=(
            Option("the bias: the share of predictions that name label l", True,
                   "B is a mean over decisions: each label weighs as often as it is predicted."),
            Option("equal weights, 1/K each, as in a macro average", False,
                   "that is the macro mean of B(l), another number.",
                   mistake="takes Powers' B for the macro average"),
            Option("the prevalence: how often class l really occurs", False,
                   "the prevalence-weighted mean is another average; the prevalence enters each label's bet "
                   "(its odds), not the weights of the mean.",
                   mistake="confuses the odds of a bet with the weight of a label"),
        )),
)
