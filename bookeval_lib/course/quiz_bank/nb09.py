"""Quiz of notebook 09, intervals and tests for one table."""
import numpy as np

from ... import montecarlo as mc
from ..quiz import Option, Question


def _guesser_spread():
    return {"sd": float(np.sqrt(mc.informedness_sampling_variance(0.0, 1 / 3, 9, 18)))}


QUESTIONS = (
    Question(
        id="09.Q1", section="A pure guesser does not score 0", facts=_guesser_spread, answer="sd", digits=3,
        prompt="A pure guesser says + one time in three, on 9 real positives and 18 real negatives. What is the "
               "standard deviation of its informedness over such tables?",
        why="B = TP/9 − FP/18 with TP ~ Bin(9, 1/3) and FP ~ Bin(18, 1/3): Var = (1/3)(2/3)(1/9 + 1/18). A "
            "guesser's B is 0 on average but often ±0.2 or more on one small table: report an interval."),
    Question(
        id="09.Q2", section="Wald's interval, and where it breaks",
        prompt="A rare class (3 cases of 200) and a high informedness: which interval for B would you avoid?",
        options=(
            Option("Wald's", True,
                   "Wald's interval uses the estimated variance, which is 0 at a recall of 0 or 1: it "
                   "collapses and covers far less than it claims with a rare class."),
            Option("Agresti–Caffo's", False,
                   "adding one success and one failure per class keeps it away from 0 and 1; it is the "
                   "package's default for that reason. Still read it as rough with 3 cases."),
            Option("Newcombe's", False,
                   "built from Wilson intervals, it never collapses; it is close to 95 % on average, "
                   "though it falls short more often than Agresti–Caffo's."),
        )),
    Question(
        id="09.Q3", section="Does a 95 % interval cover 95 %? Measured in one setting",
        prompt="How do you find out whether a '95 %' interval method covers the truth 95 % of the time?",
        options=(
            Option("simulate many tables from a known truth and count how often the interval contains it", True,
                   "coverage is a property of the method in a setting (N, prevalence, informedness); measure "
                   "it there, or compute it exactly by summing over every possible table."),
            Option("check that the interval of the observed table contains its estimate", False,
                   "every interval contains its own estimate; coverage is about the unknown truth."),
        )),
    Question(
        id="09.Q4", section="Wilson's interval for one rate, and Newcombe's square-and-add",
        prompt="A classifier finds all 10 of 10 real positives. Wald's 95 % interval for its recall is [1, 1]. "
               "What is wrong, and what does Wilson's interval do?",
        options=(
            Option("Wald's width is zero because its variance uses the estimate 1·0; Wilson's inverts the "
                   "test and reaches below 1", True,
                   "with 10 cases a recall of 1 is consistent with true recalls well below 1; Wilson's "
                   "interval keeps a width at the edge of [0, 1]."),
            Option("nothing: ten hits in ten prove the recall is 1", False,
                   "a recall of 0.8 would give ten of ten hits about one time in nine (0.8¹⁰)."),
            Option("Wald's interval is right; Wilson's is only for large N", False,
                   "the opposite: Wald fails at small N and at rates near 0 or 1."),
        )),
)
