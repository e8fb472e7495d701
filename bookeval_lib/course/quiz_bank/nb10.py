"""Quiz of notebook 10, comparing two classifiers on one test set."""
from ...measures import BinaryTable
from ...uncertainty import mcnemar
from ..quiz import Option, Question


def _within_one_table():
    guess = BinaryTable(tp=25, fp=25, fn=25, tn=25)
    return {"p": float(mcnemar(guess).pvalue), "b": guess.informedness}


QUESTIONS = (
    Question(
        id="10.Q1", section="McNemar's test within one table", facts=_within_one_table,
        prompt="A classifier's table is TP 25, FP 25, FN 25, TN 25. McNemar's test within the table gives "
               "p = {p:.2f}. What does that say?",
        options=(
            Option("only that FP and FN are about equal: bias ≈ prevalence", True,
                   "McNemar's test compares the two off-diagonal cells; FP = FN exactly when the bias equals "
                   "the prevalence. It says nothing about quality: this table has B = {b:.0f}, a coin toss."),
            Option("that it is as good as can be, since p is as high as it gets", False,
                   "a coin toss gives this table: B = {b:.0f}. McNemar's test asks whether bias = prevalence.",
                   mistake="reads a high p-value as good performance"),
            Option("that it is no better than a guess, since p is large", False,
                   "B is indeed {b:.0f} here, but not because of p: a strong classifier with FP = FN = 5 gets "
                   "the same p. McNemar's test within a table compares FP with FN, not the table with a guess.",
                   mistake="takes McNemar's test within a table for a test of skill"),
        )),
    Question(
        id="10.Q2", section="Two classifiers, one test set",
        prompt="Classifiers A and B are scored on the same 100 cases; their intervals for informedness overlap. "
               "Can you conclude that they are equally good?",
        options=(
            Option("no: use a paired interval for B_A − B_B", True,
                   "the two tables share their cases, so their errors are correlated; the paired interval "
                   "for the difference can exclude 0 while the separate intervals overlap."),
            Option("yes: overlapping intervals mean no significant difference", False,
                   "two overlapping intervals are not a test of the difference, and they ignore the "
                   "pairing.",
                   mistake="reads overlapping intervals as a test"),
            Option("no: the one with the higher point estimate is better", False,
                   "that ignores the uncertainty altogether: the difference may be noise. The paired interval "
                   "for B_A − B_B says whether it is.",
                   mistake="ranks by point estimates alone"),
        )),
    Question(
        id="10.Q3", section="Two classifiers, one test set",
        prompt="McNemar's test between two classifiers (cases right for A only against right for B only) tests "
               "what?",
        options=(
            Option("equal accuracy", True,
                   "it counts discordant cases regardless of class; with unbalanced classes a classifier that "
                   "says 'negative' more often can win it while knowing less. The paired test of B asks "
                   "about informedness."),
            Option("equal informedness, since it is paired", False,
                   "McNemar's pools the discordant cases of both classes. The paired sign-flip test of B "
                   "weights each class's discordant cases by 1/RP and 1/RN, and its null is the same tpr and "
                   "the same fpr, which is more than equal B.",
                   mistake="takes 'paired' for 'chance-corrected'"),
            Option("whether A and B err on the same cases", False,
                   "it ignores the cases both get right or both get wrong, and compares only the counts of the "
                   "two kinds of disagreement: equal counts mean equal accuracy, not equal errors.",
                   mistake="reads a test of counts as a test of which cases"),
        )),
    Question(
        id="10.Q4", section="Two classifiers, one test set",
        prompt="A bootstrap interval for B_A − B_B from 2,000 resamples ends at 0.013. Rerun it with another seed: "
               "will it end at 0.013 again?",
        options=(
            Option("not exactly: its limits are Monte Carlo estimates", True,
                   "a different seed draws different resamples; report the seed, and enough resamples that "
                   "the limits move by much less than the interval's width."),
            Option("yes: an interval is a fixed property of the data", False,
                   "a formula interval is; a bootstrap interval is a random estimate of one.",
                   mistake="forgets that the bootstrap is a simulation"),
            Option("no, so bootstrap intervals cannot be trusted", False,
                   "the seed moves the limits by an amount that shrinks as the resamples grow; with enough of "
                   "them the spread over seeds is small beside the width, and the interval is usable.",
                   mistake="takes Monte Carlo noise for a broken method"),
        )),
    Question(
        id="10.Q5", section="Two classifiers, one test set",
        prompt="A vendor writes: 'on 10,000 test cases our new model beats the old one, accuracy 0.951 against "
               "0.948, and McNemar's test is significant.' What does this evaluation leave out?",
        options=(
            Option("the size of the gain in B, with a paired interval", True,
                   "McNemar's test asks only whether the two accuracies differ; with 10,000 cases a tiny "
                   "difference is significant, and accuracy can favour the model that says the common class "
                   "more often. A paired interval of B_new − B_old says how large the gain in knowledge is, "
                   "and how sure."),
            Option("nothing: a significant test shows a real, useful gain", False,
                   "significant means unlikely under equal accuracy, not large or useful: with 10,000 cases a "
                   "difference of a few cases in a thousand can be significant.",
                   mistake="takes significance for importance"),
            Option("separate intervals for each model's accuracy", False,
                   "both models were scored on the same cases, so their errors are correlated; separate "
                   "intervals ignore the pairing, and accuracy is still the wrong measure.",
                   mistake="asks for unpaired intervals on paired data"),
        )),
)
