"""Quiz of notebook 08b, noise or systematic error? Sample size and the mirror model."""
import numpy as np

from ... import montecarlo as mc
from ..quiz import Option, Question


def _marker():
    t = mc.transpose_tables(mc.expected_table(0.5, prevalence=0.3, guess_bias=0.2))
    return {"m": t.markedness, "b": t.informedness, "r": t.matthews_correlation}


def _smaller_class():
    def sd(rp, rn):        # p_inf = 0.5 and guessing bias 0.5: tpr 0.75, fpr 0.25
        return float(np.sqrt(mc.informedness_sampling_variance(0.5, 0.5, rp, rn)))
    return {"now": sd(10, 990), "negatives": sd(10, 1980), "positives": sd(40, 990)}


def _kappa_error():
    t = mc.expected_table(0.5, prevalence=0.2, guess_bias=0.5)
    return {"kappa": t.kappa, "b": t.informedness, "mcc": t.matthews_correlation}


def _hundredfold():
    small = mc.informedness_sampling_variance(0.5, 0.5, 50, 50)
    large = mc.informedness_sampling_variance(0.5, 0.5, 5000, 5000)
    return {"ratio": float(np.sqrt(small / large))}


QUESTIONS = (
    Question(
        id="08b.Q1", section="The dual model: when the outcome follows a marker", facts=_marker,
        prompt="In the dual model the outcome follows a marker with probability p_inf = 0.5 and otherwise occurs at "
               "its background rate. Which measure of the table recovers p_inf?",
        options=(
            Option("markedness ({m:.2f})", True,
                   "the dependence runs from the marker (the row) to the outcome (the column): the measure "
                   "that conditions on the rows, markedness, recovers p_inf."),
            Option("informedness ({b:.2f})", False,
                   "informedness recovers p_inf in the decision-maker model; in the dual model the direction is "
                   "reversed, and so is the measure.",
                   mistake="uses the decision-maker model's measure for every model"),
            Option("the correlation ({r:.2f})", False,
                   "the correlation is the geometric mean of informedness and markedness; it lies between "
                   "them and recovers p_inf only when the two are equal.",
                   mistake="takes the symmetric measure as the safe choice"),
        )),
    Question(
        id="08b.Q2", section="One table of $N$ cases, and why its informedness is unbiased", facts=_smaller_class,
        prompt="A test set has 10 real positives and 990 real negatives; the classifier's tpr is 0.75 and its fpr "
               "0.25, so its informedness has standard deviation {now:.3f} from one test set to the next. You "
               "can afford more labelled cases. Which addition halves that noise?",
        options=(
            Option("990 more real negatives, since doubling N shrinks every standard error", False,
                   "the noise is a sum over the classes, tpr(1 − tpr)/RP + fpr(1 − fpr)/RN, and the negatives' "
                   "term is already tiny: with 1,980 negatives the standard deviation is still {negatives:.3f}.",
                   mistake="takes every case to cut the noise alike"),
            Option("30 more real positives, since the smaller real class sets most of the noise", True,
                   "the positives' term 0.75·0.25/10 is nearly all of the variance; with 40 positives it is a "
                   "quarter of that, and the standard deviation falls from {now:.3f} to {positives:.3f}."),
            Option("none, since an unbiased estimate needs no more cases to be trusted", False,
                   "unbiased means right on average over test sets, not close on this one: one table's B still "
                   "scatters by {now:.3f}.",
                   mistake="takes 'unbiased' for 'precise'"),
        )),
    Question(
        id="08b.Q3", section="Noise or systematic error? Let $N$ grow", facts=_kappa_error,
        prompt="With no sampling noise at all (the expected table of p_inf = 0.5, prevalence 0.2, guessing bias 0.5), "
               "kappa is {kappa:.3f}. Will more data bring kappa's error against p_inf down to 0?",
        options=(
            Option("no: {kappa:.3f} − 0.5 is a systematic error", True,
                   "noise shrinks as N grows; a systematic error stays. Kappa ({kappa:.3f}) and the correlation "
                   "({mcc:.3f}) depend on the bias, while informedness gives exactly {b:.1f}."),
            Option("yes: every error shrinks as the test set grows", False,
                   "only the sampling noise shrinks; this table has no noise, and kappa still misses p_inf.",
                   mistake="takes every error for sampling noise"),
            Option("only if the bias is also set to the prevalence", False,
                   "with the bias at the prevalence kappa would equal p_inf here, but that changes the "
                   "classifier, not the amount of data: more data alone leaves the error where it is.",
                   mistake="answers a different question: changing the classifier, not the data"),
        )),
    Question(
        id="08b.Q4", section="Noise or systematic error? Let $N$ grow", facts=_hundredfold, answer="ratio", digits=1,
        prompt="The test set grows from 100 to 10,000 cases (half positive, half negative). By what factor "
               "does the standard deviation of one table's informedness shrink?",
        why="the variance tpr(1 − tpr)/RP + fpr(1 − fpr)/RN falls as 1/N, so the standard deviation falls as "
            "1/√N: √100. A systematic error, as kappa's against p_inf, does not shrink at all."),
)
