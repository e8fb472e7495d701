"""Quiz of notebook 03, informedness, markedness and correlation."""
import numpy as np

from ...measures import BinaryTable
from ..quiz import Option, Question

_TABLE = dict(tp=30, fp=10, fn=20, tn=40)


def _correlation():
    t = BinaryTable(**_TABLE)
    return {"b": t.informedness, "m": t.markedness, "mcc": t.matthews_correlation}


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


def _direction():
    t = BinaryTable(tp=45, fp=5, fn=30, tn=20)
    return {"b": t.informedness, "m": t.markedness}


QUESTIONS = (
    Question(
        id="03.Q1", section="Correlation: the geometric mean of the slopes (§2.5)", facts=_correlation,
        answer="mcc", digits=3,
        prompt="A table (TP 30, FP 10, FN 20, TN 40) has informedness {b:.3f} and markedness {m:.3f}. What is "
               "its Matthews correlation?",
        why="the correlation is the geometric mean of the two regression slopes, ±√(B·M) with their common "
            "sign: √({b:.3f} × {m:.3f}). It lies between B and M."),
    Question(
        id="03.Q2", section="Swapping positive and negative (§2.6)", facts=_swap,
        prompt="Swap which class is called positive in TP 30, FP 10, FN 20, TN 40. Which of these measures stay the same?",
        options=(
            Option("informedness ({informedness:.3f} → {informedness_swapped:.3f})", "informedness_same",
                   "it stays put: tpr − fpr of one class is tnr − fnr of the other, the same number."),
            Option("markedness ({markedness:.3f} → {markedness_swapped:.3f})", "markedness_same",
                   "it stays put, by the same argument along the rows."),
            Option("the correlation ({matthews_correlation:.3f} → {matthews_correlation_swapped:.3f})",
                   "matthews_correlation_same", "it stays put: it is √(B·M)."),
            Option("F1 ({f1:.3f} → {f1_swapped:.3f})", False,
                   "F1 changes: it ignores the TN cell, and after the swap TN becomes TP."),
        )),
    Question(
        id="03.Q3", section="Moving the bias, keeping the knowledge", facts=_bias_moves,
        prompt="At prevalence 0.2 and informedness 0.5, a classifier raises its bias from 0.2 to 0.5: its "
               "recall goes from {recall_low:.2f} to {recall_high:.2f}. Has it learnt something?",
        options=(
            Option("no: informedness is {b_low:.2f} before and {b_high:.2f} after", True,
                   "saying positive more often buys recall; the knowledge, tpr − fpr, is unchanged, and "
                   "precision falls from {precision_low:.2f} to {precision_high:.2f}."),
            Option("yes: it finds more of the positives", False,
                   "it finds more positives because it flags more cases of both classes: fallout rises as "
                   "much as recall."),
        )),
    Question(
        id="03.Q4", section="$\\Delta P$ and $\\Delta P'$: the same two numbers in psychology",
        prompt="In psychology's ΔP = Pr(outcome | cue) − Pr(outcome | no cue), take the prediction as the cue "
               "and the real class as the outcome. Which measure is ΔP?",
        options=(
            Option("markedness", True,
                   "conditioning on the prediction (the rows) gives precision − fna, markedness; the "
                   "backward measure ΔP′ conditions on the real class and is informedness."),
            Option("informedness", False,
                   "informedness conditions on the real class: it is the backward ΔP′."),
            Option("the correlation", False, "the correlation is the geometric mean of ΔP and ΔP′."),
        )),
    Question(
        id="03.Q5", section="$\\Delta P$ and $\\Delta P'$: the same two numbers in psychology", facts=_direction,
        prompt="A table (TP 45, FP 5, FN 30, TN 20) has informedness {b:.2f}, larger than its markedness "
               "{m:.2f}. Does that show that the real class causes the prediction, rather than the other way round?",
        options=(
            Option("no: the larger measure only says which direction predicts better", True,
                   "B and M are two conditional views of the same counts; which is larger depends on the "
                   "margins (here 75 % real positives but only half the predictions), not on which variable is the cause."),
            Option("yes: the stronger direction of prediction is the direction of cause", False,
                   "a common slip: the margins alone can make one direction stronger. Cause needs an "
                   "experiment or a model, not a table."),
        )),
)
