"""Quiz of notebook 03b, moving the bias: recall and precision at fixed informedness."""
import numpy as np

from ...measures import BinaryTable
from ..quiz import Option, Question

_TABLE = dict(tp=30, fp=10, fn=20, tn=40)


def _swap():
    t = BinaryTable(**_TABLE)
    s = t.swap_classes()
    facts = {}
    for name in ("informedness", "markedness", "matthews_correlation", "f1"):
        facts[name], facts[name + "_swapped"] = getattr(t, name), getattr(s, name)
        facts[name + "_same"] = bool(np.isclose(facts[name], facts[name + "_swapped"]))
    return facts


def _bias_moves():
    low, high = (BinaryTable.from_rates(prevalence=0.2, bias=b, informedness=0.5) for b in (0.2, 0.5))
    return {"recall_low": low.recall, "recall_high": high.recall, "precision_low": low.precision,
            "precision_high": high.precision, "b_low": low.informedness, "b_high": high.informedness}


def _from_rates():
    low = BinaryTable.from_rates(prevalence=0.25, bias=0.3, informedness=0.6)
    high = BinaryTable.from_rates(prevalence=0.25, bias=0.5, informedness=0.6)
    return {"recall": low.recall, "precision": low.precision, "recall_high": high.recall,
            "precision_high": high.precision, "b_high": high.informedness}


def _largest():
    table = BinaryTable(tp=10, fp=0, fn=15, tn=75)   # bias 0.1, prevalence 0.25, every positive call right
    return {"b_max": table.informedness, "bias": table.bias, "prevalence": table.prevalence}


QUESTIONS = (
    Question(
        id="03b.Q1", section="Swapping positive and negative (§2.6)", facts=_swap,
        prompt="Swap which class is called positive in TP 30, FP 10, FN 20, TN 40. Which of these measures stay the same?",
        options=(
            Option("informedness", "informedness_same",
                   "it stays put ({informedness:.3f} → {informedness_swapped:.3f}): tpr − fpr of one class is "
                   "tnr − fnr of the other, the same number."),
            Option("markedness", "markedness_same",
                   "it stays put ({markedness:.3f} → {markedness_swapped:.3f}), by the same argument along "
                   "the rows."),
            Option("the correlation", "matthews_correlation_same",
                   "it stays put ({matthews_correlation:.3f} → {matthews_correlation_swapped:.3f}): it is "
                   "√(B·M)."),
            Option("F1", "f1_same",
                   "F1 changes ({f1:.3f} → {f1_swapped:.3f}): it ignores the TN cell, and after the swap TN "
                   "becomes TP.",
                   mistake="expects every measure to ignore which class is called positive"),
        )),
    Question(
        id="03b.Q2", section="Moving the bias, keeping the knowledge", facts=_bias_moves,
        prompt="At prevalence 0.2 and informedness 0.5, a classifier raises its bias from 0.2 to 0.5: its "
               "recall goes from {recall_low:.2f} to {recall_high:.2f}. Has it learnt something?",
        options=(
            Option("no: it only says positive more often than before", True,
                   "saying positive more often buys recall; the knowledge, tpr − fpr, is unchanged "
                   "({b_low:.2f} before, {b_high:.2f} after), and "
                   "precision falls from {precision_low:.2f} to {precision_high:.2f}."),
            Option("yes: it finds more of the positives than before", False,
                   "it finds more positives because it flags more cases of both classes: fallout rises as "
                   "much as recall, and tpr − fpr stays {b_high:.2f}.",
                   mistake="credits recall bought with bias as knowledge"),
            Option("no, it lost some: its precision fell to {precision_high:.2f}", False,
                   "precision fell because more of its positive calls land on negatives, but tpr − fpr is "
                   "{b_low:.2f} before and {b_high:.2f} after: it knows as much as before.",
                   mistake="reads a fall in precision as lost knowledge"),
        )),
    Question(
        id="03b.Q3", section="Recall and precision from bias and prevalence (eqs 13–14)", facts=_from_rates,
        answer="recall", digits=2,
        prompt="A classifier has informedness 0.6 and says positive for 30 % of the cases, where 25 % are "
               "positive. What is its recall?",
        why="recall = B·rn + pp = 0.6·0.75 + 0.3: the bias is the recall a guess would get, and B·rn is what "
            "knowledge adds. Its precision is rp·recall/pp = {precision:.3f}."),
    Question(
        id="03b.Q4", section="Moving the bias, keeping the knowledge", facts=_from_rates,
        prompt="The same classifier (B = 0.6, prevalence 0.25) lowers its threshold and now says positive for "
               "50 % of the cases, with the same informedness. What happens?",
        options=(
            Option("recall {recall_high:.2f}, precision {precision_high:.3f}, B still {b_high:.1f}", True,
                   "recall = B·rn + pp grows with the bias pp, and precision = rp·recall/pp = rp(1 + B·rn/pp) "
                   "falls: more positive answers buy recall with precision, without new knowledge."),
            Option("recall and precision both rise, since it now answers more", False,
                   "at a fixed informedness, extra positive answers are partly guesses: they cost precision, "
                   "which falls to {precision_high:.3f}.",
                   mistake="expects a lower threshold to improve every rate"),
            Option("informedness rises, since it finds more of the positives", False,
                   "fallout rises with recall: the gap stays at {b_high:.1f}.",
                   mistake="reads a rise in recall as a rise in knowledge"),
        )),
    Question(
        id="03b.Q5", section="Recall and precision from bias and prevalence (eqs 13–14)", facts=_largest,
        prompt="(For the curious.) A classifier has bias {bias:.2f} on a population with prevalence "
               "{prevalence:.2f}. What is the largest informedness it can have?",
        options=(
            Option("{b_max:.1f}, reached when every positive call is right", True,
                   "with FP = 0, recall = pp/rp and fallout = 0; the most a bias allows is min(pp/rp, pn/rn), "
                   "1 only when the bias equals the prevalence."),
            Option("1: informedness does not depend on the bias", False,
                   "B does not move when an equally informed classifier moves its bias, but the bias limits "
                   "how high it can be: with bias {bias:.2f} and prevalence {prevalence:.2f} it finds at most "
                   "pp/rp = {b_max:.1f} of the positives.",
                   mistake="turns 'B does not move with the bias' into 'B is not bounded by it'"),
            Option("{bias:.1f}: B cannot exceed the share of positive calls", False,
                   "the bias is the recall of a guess, not the ceiling of informedness; the ceiling is "
                   "min(pp/rp, pn/rn) = {b_max:.1f}.",
                   mistake="takes the bias for the ceiling it sets"),
        )),
)
