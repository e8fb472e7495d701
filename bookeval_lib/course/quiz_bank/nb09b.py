"""Quiz of notebook 09b, markedness, correlation and one test for all three."""
from ...measures import BinaryTable
from ...uncertainty import independence_test
from ..quiz import Option, Question


def _one_test():
    t = BinaryTable(tp=30, fp=10, fn=20, tn=40)
    test = independence_test(t)
    return {"chi2": float(test.statistic), "nbm": t.total * t.informedness * t.markedness, "p": float(test.pvalue)}


QUESTIONS = (
    Question(
        id="09b.Q1", section="Markedness: the same on the other margins",
        prompt="The interval for informedness treats which margins of the table as fixed?",
        options=(
            Option("the real classes, RP and RN", True,
                   "B = TP/RP − FP/RN is a difference of two proportions within the columns; the interval for "
                   "markedness conditions on the prediction margins, PP and PN, instead."),
            Option("the predictions, PP and PN", False, "that is the interval for markedness, along the rows.",
                   mistake="swaps informedness's margins with markedness's"),
            Option("none: it resamples all four cells freely", False,
                   "a bootstrap of the whole table does; the Wald, Newcombe and Agresti–Caffo intervals for B "
                   "condition on the column totals.",
                   mistake="treats every interval as a bootstrap of the whole table"),
        )),
    Question(
        id="09b.Q2", section="One test, three effect sizes", facts=_one_test,
        prompt="For TP 30, FP 10, FN 20, TN 40, you want to test B = 0, M = 0 and r = 0. How many tests?",
        options=(
            Option("one: χ² = N·B·M tests all three", True,
                   "B, M and r are all 0 exactly when the table is independent, so one χ² test of "
                   "independence (χ² = {chi2:.2f}, which is N·B·M = {nbm:.2f}, p = {p:.1e}) answers all three. Use an "
                   "exact test when N is small."),
            Option("three, one per measure, with a correction for multiple testing", False,
                   "the three null hypotheses are the same hypothesis, independence: one test.",
                   mistake="counts three names of one hypothesis as three hypotheses"),
            Option("two, one per direction, B and M; r follows from them", False,
                   "B = 0 and M = 0 are not two conditions: each holds exactly when TP·TN = FP·FN, the table's "
                   "independence, so one test serves both, and r.",
                   mistake="tests the two directions of one table separately"),
        )),
    Question(
        id="09b.Q3", section="The correlation: Fisher's z and the delta method",
        prompt="Which interval for the correlation φ of a 2×2 table is safe in every case?",
        options=(
            Option("none: give intervals for B and M, with r as their summary", True,
                   "Fisher's z assumes a continuous bivariate normal and is far too narrow for a strong "
                   "correlation; the delta method, much better, still fails for small N or a rare class."),
            Option("Fisher's z, the standard interval for a correlation", False,
                   "it is built for continuous normal data, not for 0/1 codes; it is too narrow for a strong "
                   "correlation.",
                   mistake="applies a normal-theory interval to 0/1 codes"),
            Option("the delta method: it holds for any smooth statistic", False,
                   "it is a large-sample approximation: with a small N or a rare class its linear "
                   "approximation, and its coverage, break down.",
                   mistake="trusts a large-sample approximation at any N"),
        )),
    Question(
        id="09b.Q4", section="Exact tests for small N",
        prompt="A test set of fixed composition has 6 positives and 6 negatives. How do you test that the "
               "classifier is better than a guess?",
        options=(
            Option("an exact unconditional test, such as Barnard's or Boschloo's", True,
                   "the column totals are fixed by design and the counts are small: an exact test that "
                   "conditions on the columns only gives a p-value that holds."),
            Option("χ² = N·B·M and its p-value: the one test of all three", False,
                   "it is the one test, but its χ² distribution is an approximation that is poor for counts "
                   "this small.",
                   mistake="uses a large-sample approximation on 12 cases"),
            Option("with Fisher's z, the usual interval for a correlation", False,
                   "Fisher's z assumes bivariate normal data, not a 2 × 2 table of 12 cases.",
                   mistake="applies a normal-theory interval to a 2×2 table"),
        )),
)
