"""Quiz of notebook 08b, noise or bias? Sample size and the mirror model."""
import numpy as np

from ... import montecarlo as mc
from ..quiz import Option, Question


def _marker():
    t = mc.transpose_tables(mc.expected_table(0.5, prevalence=0.3, guess_bias=0.2))
    return {"m": t.markedness, "b": t.informedness}


def _standard_error():
    return {"se": float(np.sqrt(mc.informedness_sampling_variance(0.5, 0.5, 50, 50)))}


def _kappa_bias():
    t = mc.expected_table(0.5, prevalence=0.2, guess_bias=0.5)
    return {"kappa": t.kappa, "b": t.informedness, "mcc": t.matthews_correlation}


def _hundredfold():
    small = mc.informedness_sampling_variance(0.5, 0.5, 50, 50)
    large = mc.informedness_sampling_variance(0.5, 0.5, 5000, 5000)
    return {"ratio": float(np.sqrt(small / large))}


QUESTIONS = (
    Question(
        id="08b.Q1", section="The dual model: when the outcome follows a marker", facts=_marker,
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
        id="08b.Q2", section="One table of $N$ cases, and why its informedness is unbiased", facts=_standard_error,
        answer="se", digits=3,
        prompt="G = 0.5, guessing bias 0.5, and a table of 50 real positives and 50 real negatives. What is the "
               "standard error of its informedness?",
        why="B = TP/RP − FP/RN with two independent binomial proportions, so Var = tpr(1 − tpr)/RP + "
            "fpr(1 − fpr)/RN, here with tpr = 0.75 and fpr = 0.25. The estimate is unbiased: its errors "
            "average to 0 and shrink as 1/√N."),
    Question(
        id="08b.Q3", section="Noise or bias? Let $N$ grow", facts=_kappa_bias,
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
        id="08b.Q4", section="Noise or bias? Let $N$ grow", facts=_hundredfold, answer="ratio", digits=1,
        prompt="The test set grows from 100 to 10,000 cases (half positive, half negative). By what factor "
               "does the standard deviation of one table's informedness shrink?",
        why="the variance tpr(1 − tpr)/RP + fpr(1 − fpr)/RN falls as 1/N, so the standard deviation falls as "
            "1/√N: √100. A bias, as kappa's against G, does not shrink at all."),
)
