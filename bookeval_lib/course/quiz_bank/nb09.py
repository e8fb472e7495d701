"""Quiz of notebook 09, intervals and tests for one table."""
import numpy as np
from scipy.stats import binom

from ... import montecarlo as mc
from ..quiz import Option, Question


def _syrah_by_luck():
    """A guesser of bias 1/3 on the Syrah's 9 real positives and 18 real negatives: the share that scores at
    least its B = 5/9 - 4/18 = 1/3, i.e. 2·TP - FP >= 6 (compared on the integers)."""
    tp, fp = np.arange(10)[:, None], np.arange(19)[None, :]
    chance = binom.pmf(tp, 9, 1 / 3) * binom.pmf(fp, 18, 1 / 3)
    share = float(chance[2 * tp - fp >= 6].sum())
    return {"share": share, "one_in": 1 / share, "informed": 1 - share,
            "sd": float(np.sqrt(mc.informedness_sampling_variance(0.0, 1 / 3, 9, 18)))}


QUESTIONS = (
    Question(
        id="09.Q1", section="A pure guesser does not score 0", facts=_syrah_by_luck,
        prompt="The Syrah classifier scores B = 1/3 on 27 wines (9 real Syrahs, bias 1/3). A guesser with the same "
               "bias scores at least 1/3 on such a test set with probability {share:.3f}. What does that tell you?",
        options=(
            Option("the classifier is informed, because its B is above a guesser's expected 0", False,
                   "a guesser's B is 0 only on average; one table of 27 cases lands at 1/3 or above about one "
                   "time in {one_in:.0f} by luck alone.",
                   mistake="compares with the guesser's mean and ignores its scatter"),
            Option("the classifier is informed with probability {informed:.3f}, one minus the guessers' share",
                   False,
                   "the share is the chance of the score given guessing, not the chance of guessing given the "
                   "score; turning one into the other needs a prior that the table does not hold.",
                   mistake="reads P(score | guessing) as P(guessing | score)"),
            Option("a guesser does this about one time in {one_in:.0f}: weak evidence of knowledge", True,
                   "a guesser's B on 27 cases has standard deviation {sd:.2f}: a score of 1/3 is less than two of "
                   "them from 0. Report B with its interval, which here reaches below 0."),
        )),
    Question(
        id="09.Q2", section="Wald's interval, and where it breaks",
        prompt="A rare class (3 cases of 200) and a high informedness: which interval for B would you avoid?",
        options=(
            Option("Wald's interval", True,
                   "Wald's interval uses the estimated variance, which is 0 at a recall of 0 or 1: it "
                   "collapses and covers far less than it claims with a rare class."),
            Option("Agresti–Caffo's, which adds pseudo-cases", False,
                   "adding one success and one failure per class keeps it away from 0 and 1; it is the "
                   "package's default for that reason. Still read it as rough with 3 cases.",
                   mistake="distrusts any adjustment of the counts"),
            Option("Newcombe's, built from Wilson's", False,
                   "built from Wilson intervals, it never collapses; it is close to 95 % on average, "
                   "though it falls short more often than Agresti–Caffo's.",
                   mistake="distrusts an interval built from two others"),
        )),
    Question(
        id="09.Q3", section="Does a 95 % interval cover 95 %? Measured in one setting",
        prompt="How do you find out whether a '95 %' interval method covers the truth 95 % of the time?",
        options=(
            Option("simulate many tables from a known truth and count how often the interval contains it", True,
                   "coverage is a property of the method in a setting (N, prevalence, informedness); measure "
                   "it there, or compute it exactly by summing over every possible table."),
            Option("check that the interval of the observed table contains its estimate", False,
                   "every interval contains its own estimate; coverage is about the unknown truth.",
                   mistake="confuses holding the estimate with covering the truth"),
            Option("read the method's name: '95 %' is its guarantee", False,
                   "the level is what the method aims at; Wald's '95 %' interval for B covers far less "
                   "with a rare class, as the notebook measures.",
                   mistake="takes the nominal level for the coverage"),
        )),
    Question(
        id="09.Q4", section="Wilson's interval for one rate, and Newcombe's square-and-add",
        prompt="A classifier finds all 10 of 10 real positives. Wald's 95 % interval for its recall is [1, 1]. "
               "What is wrong, and what does Wilson's interval do?",
        options=(
            Option("Wald's variance, 1·0/10, is 0; Wilson's interval reaches below 1", True,
                   "with 10 cases a recall of 1 is consistent with true recalls well below 1; Wilson's "
                   "interval keeps a width at the edge of [0, 1]."),
            Option("nothing: ten hits in ten prove that the recall is 1", False,
                   "a recall of 0.8 would give ten of ten hits about one time in nine (0.8¹⁰).",
                   mistake="takes a perfect sample for a perfect classifier"),
            Option("Wald's interval is right; Wilson's is meant for large N", False,
                   "the opposite: Wald fails at small N and at rates near 0 or 1.",
                   mistake="believes the simpler interval is the small-sample one"),
        )),
)
