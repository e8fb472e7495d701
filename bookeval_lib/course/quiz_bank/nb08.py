"""Quiz of notebook 08, the Monte Carlo study."""
import numpy as np

from ... import montecarlo as mc
from ..quiz import Option, Question


def _recall():
    t = mc.expected_table(0.4, prevalence=0.3, guess_bias=0.7)
    return {"recall": t.recall, "b": t.informedness}


def _marker():
    t = mc.transpose_tables(mc.expected_table(0.5, prevalence=0.3, guess_bias=0.2))
    return {"m": t.markedness, "b": t.informedness}


def _standard_error():
    return {"se": float(np.sqrt(mc.informedness_sampling_variance(0.5, 0.5, 50, 50)))}


def _kappa_bias():
    t = mc.expected_table(0.5, prevalence=0.2, guess_bias=0.5)
    return {"kappa": t.kappa, "b": t.informedness, "mcc": t.matthews_correlation}


QUESTIONS = (
    Question(
        id="08.Q1", section="The informed/guessing decision maker", facts=_recall, answer="recall", digits=2,
        prompt="A decision maker is informed with probability G = 0.4 and otherwise guesses + with probability "
               "0.7, at prevalence 0.3. What recall does it expect?",
        why="a real positive is called + when the decision is informed (0.4), or when it guesses + (0.6 × 0.7): "
            "recall = G + (1 − G)·q. Its informedness is still exactly G = {b:.1f}: the guess adds as much "
            "fallout as recall."),
    Question(
        id="08.Q2", section="The dual model: when the outcome follows a marker", facts=_marker,
        prompt="In the dual model the outcome follows a marker with probability G = 0.5 and otherwise occurs at "
               "its background rate. Which measure of the table recovers G?",
        options=(
            Option("markedness ({m:.2f})", True,
                   "the dependence runs from the marker (the row) to the outcome (the column): the measure "
                   "that conditions on the rows, markedness, recovers G."),
            Option("informedness ({b:.2f})", False,
                   "informedness recovers G in the decision-maker model; in the dual model the direction is "
                   "reversed, and so is the measure."),
        )),
    Question(
        id="08.Q3", section="One table of $N$ cases, and why its informedness is unbiased", facts=_standard_error,
        answer="se", digits=3,
        prompt="G = 0.5, guessing bias 0.5, and a table of 50 real positives and 50 real negatives. What is the "
               "standard error of its informedness?",
        why="B = TP/RP − FP/RN with two independent binomial proportions, so Var = tpr(1 − tpr)/RP + "
            "fpr(1 − fpr)/RN, here with tpr = 0.75 and fpr = 0.25. The estimate is unbiased: its errors "
            "average to 0 and shrink as 1/√N."),
    Question(
        id="08.Q4", section="Noise or bias? Let $N$ grow", facts=_kappa_bias,
        prompt="With no sampling noise at all (the expected table of G = 0.5, prevalence 0.2, guessing bias 0.5), "
               "kappa is {kappa:.3f}. Will more data bring kappa's error against G down to 0?",
        options=(
            Option("no: {kappa:.3f} − 0.5 is a systematic error, not noise", True,
                   "noise shrinks as N grows; a systematic error stays. Kappa ({kappa:.3f}) and the correlation "
                   "({mcc:.3f}) depend on the bias, while informedness gives exactly {b:.1f}."),
            Option("yes: every error shrinks with more data", False,
                   "only the sampling noise shrinks; this table has no noise, and kappa still misses G."),
        )),
    Question(
        id="08.Q5", section="Figure 2: 110 tables",
        prompt="Powers' Figure 2 plots measures against G for simulated tables. What must you choose before "
               "you can reproduce it?",
        options=(
            Option("the number of cases N, the margins (prevalence and guessing bias) and how the averages "
                   "are computed", True,
                   "the 2008 paper leaves these open; each choice changes the scatter, so a reproduction "
                   "names them (notebook 08 does, and appendix A4 tests how much they matter)."),
            Option("nothing: the figure follows from the model", False,
                   "the model fixes the expected values, but N sets the noise and the margins and the "
                   "averaging change what kappa and the averages show."),
        )),
)
