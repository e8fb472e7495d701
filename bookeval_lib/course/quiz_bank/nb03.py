"""Quiz of notebook 03, informedness, markedness and correlation."""
from ...measures import BinaryTable
from ..quiz import Option, Question

_TABLE = dict(tp=30, fp=10, fn=20, tn=40)


def _correlation():
    t = BinaryTable(**_TABLE)
    return {"b": t.informedness, "m": t.markedness, "mcc": t.matthews_correlation}


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
        id="03.Q2", section="$\\Delta P$ and $\\Delta P'$: the same two numbers in psychology",
        prompt="In psychology's ΔP = Pr(outcome | cue) − Pr(outcome | no cue), take the prediction as the cue "
               "and the real class as the outcome. Which measure is ΔP?",
        options=(
            Option("markedness", True,
                   "conditioning on the prediction (the rows) gives precision − fna, markedness; the "
                   "backward measure ΔP′ conditions on the real class and is informedness."),
            Option("informedness, since the outcome is the real class", False,
                   "informedness conditions on the real class: it is the backward ΔP′. ΔP conditions on "
                   "the cue, here the prediction.",
                   mistake="conditions on the outcome instead of the cue"),
            Option("the correlation, since ΔP works both ways", False,
                   "ΔP has a direction, from cue to outcome; the correlation is the geometric mean of ΔP and "
                   "ΔP′, the symmetric summary.",
                   mistake="takes a directed measure for a symmetric one"),
        )),
    Question(
        id="03.Q3", section="What they mean: an informed decision, a marked condition", facts=_direction,
        prompt="A screening test's table (TP 45, FP 5, FN 30, TN 20) has informedness {b:.2f} and markedness "
               "{m:.2f}. A doctor asks: 'when the test says positive, how much more likely is the disease than "
               "when it says negative?' Which number answers her?",
        options=(
            Option("the markedness, {m:.2f}: it conditions on the result", True,
                   "her question conditions on the test's answer: Pr(disease | +) − Pr(disease | −) = "
                   "45/50 − 30/50, which is markedness. Informedness answers the other question: how much "
                   "more often the test says + for the sick than for the healthy."),
            Option("the informedness, {b:.2f}: it measures the test itself", False,
                   "informedness conditions on the real class: tpr − fpr, the test's rates. The doctor "
                   "conditions on the result, along the rows: markedness, {m:.2f}.",
                   mistake="answers a question about the patient with the test's rates"),
            Option("the correlation, which combines the two", False,
                   "the correlation √(B·M) is symmetric and answers neither directed question; hers has a "
                   "direction, from the test's answer to the disease.",
                   mistake="reports the symmetric summary when the question has a direction"),
            Option("the larger of the two, {b:.2f}, the more favourable view", False,
                   "which number answers depends on the question asked, not on its size; picking the larger "
                   "one flatters the test.",
                   mistake="picks the flattering direction"),
        )),
    Question(
        id="03.Q4", section="Other names for the same three numbers",
        prompt="On the same two-class task a medical paper reports Youden's J = 0.45 for a test, and a "
               "machine-learning paper reports scikit-learn's balanced_accuracy_score(y, yhat, adjusted=True) = 0.45 "
               "for a classifier. Which of the two is better informed?",
        options=(
            Option("the classifier: the adjusted balanced accuracy corrects for chance and Youden's J does not", False,
                   "both correct for chance in the same way: J = sensitivity + specificity − 1 puts a guess at 0, "
                   "and `adjusted=True` rescales balanced accuracy so that a guess's ½ becomes 0.",
                   mistake="thinks Youden's J is not chance-corrected"),
            Option("neither: both are tpr + tnr − 1, the same informedness", True,
                   "sensitivity is recall (tpr) and specificity inverse recall (tnr); the adjusted balanced "
                   "accuracy is ((tpr + tnr)/2 − ½)/(1 − ½) = tpr + tnr − 1. Two names, one measure."),
            Option("the test: a balanced accuracy of 0.45 is below the ½ that a guess gets", False,
                   "that reads the adjusted score on the unadjusted scale: with `adjusted=True` a guess scores 0, "
                   "not ½, and 0.45 is the unadjusted 0.725 rescaled.",
                   mistake="reads the adjusted score on the unadjusted scale"),
        )),
    Question(
        id="03.Q5", section="What they mean: an informed decision, a marked condition",
        prompt="The poster's table (TP 21, FP 14, FN 9, TN 56) mixes guessing with perfect play and has informedness "
               "0.5. What does that 0.5 say about its decisions?",
        options=(
            Option("half of its predictions are right, the rest wrong", False,
                   "that would be accuracy, and lucky guesses count there: (21 + 56)/100 of the predictions are "
                   "right, more than half.",
                   mistake="reads informedness as accuracy"),
            Option("it is right 50 % more often than a coin toss would be", False,
                   "informedness is not a ratio of hit rates; it puts any guess, of any bias, at 0 and perfect "
                   "play at 1.",
                   mistake="reads informedness as a relative gain over a coin"),
            Option("half of its decisions are informed, the other half guessed", True,
                   "for a mixture of perfect play and guessing, informedness is the share of informed decisions "
                   "(Powers 2008, Definition 1; notebook 05b derives it)."),
        )),
)
