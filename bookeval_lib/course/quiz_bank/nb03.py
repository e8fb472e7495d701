"""Quiz of notebook 03, informedness, markedness and correlation."""
from ... import montecarlo as mc
from ...measures import BinaryTable
from ..quiz import Option, Question

_TABLE = dict(tp=30, fp=10, fn=20, tn=40)


def _correlation():
    t = BinaryTable(**_TABLE)
    return {"b": t.informedness, "m": t.markedness, "mcc": t.matthews_correlation}


def _direction():
    t = BinaryTable(tp=45, fp=5, fn=30, tn=20)
    return {"b": t.informedness, "m": t.markedness}


def _informed_share():
    table = mc.expected_table(0.4, prevalence=0.3, guess_bias=0.6)
    return {"recall": table.recall, "fallout": table.fallout, "b": table.informedness}


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
            Option("informedness", False,
                   "informedness conditions on the real class: it is the backward ΔP′."),
            Option("the correlation", False, "the correlation is the geometric mean of ΔP and ΔP′."),
        )),
    Question(
        id="03.Q3", section="$\\Delta P$ and $\\Delta P'$: the same two numbers in psychology", facts=_direction,
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
    Question(
        id="03.Q4", section="What they mean: an informed decision, a marked condition", facts=_informed_share,
        prompt="A classifier knows the right answer for 40 % of the cases and, for the rest, guesses positive "
               "with probability 0.6. What are its recall, fallout and informedness?",
        options=(
            Option("recall {recall:.2f}, fallout {fallout:.2f}, informedness {b:.2f}", True,
                   "recall = 0.4 + 0.6·0.6 and fallout = 0.6·0.6: the guessing adds the same amount to both, "
                   "so the gap, B, is the informed share."),
            Option("recall 0.40, fallout 0.00, informedness 0.40", False,
                   "the guesses also land on positives and negatives: they add 0.6·0.6 to both recall and "
                   "fallout."),
            Option("informedness {recall:.2f}, the recall", False,
                   "recall counts lucky guesses too; only recall − fallout removes them."),
        )),
)
