"""Quiz of appendix A8, joining precision-recall points."""
from ..quiz import Option, Question

QUESTIONS = (
    Question(
        id="A8.Q1", section="Joining PR points through ROC space",
        prompt="Between two operating points of a classifier, which precision-recall path can it actually reach?",
        options=(
            Option("the ROC segment mapped to PR space: a curve", True,
                   "a coin that picks one threshold or the other moves TP and FP linearly together: a straight "
                   "ROC segment, whose precision is a ratio of two linear functions, a curve in PR space."),
            Option("the straight line between the two PR points", False,
                   "mixing the two classifiers moves along the straight ROC segment; mapped to PR space that "
                   "segment is curved, and where precision falls the straight line lies above it.",
                   mistake="interpolates linearly in PR space"),
            Option("only the two points themselves: nothing in between", False,
                   "choosing at random, case by case, which threshold decides is a classifier too, and it "
                   "reaches every point of the ROC segment between them.",
                   mistake="thinks a randomised mixture is not a classifier"),
        )),
    Question(
        id="A8.Q2", section="Three areas under the same points",
        prompt="Precision falls along every segment between a classifier's PR points. How do the three areas "
               "under them compare?",
        options=(
            Option("straight joins > correct interpolation > average precision", True,
                   "the straight joins lie above the reachable curve, and average precision credits each "
                   "recall step with the lower precision at its right end, below the curve."),
            Option("all three are equal: they summarise the same points", False,
                   "they join the same points differently: by chords, by the reachable curve, and by steps.",
                   mistake="takes an area for a property of the points alone"),
            Option("average precision > correct interpolation > straight joins", False,
                   "the order is the reverse: with precision falling, the chords lie above the reachable "
                   "curve and the steps below it.",
                   mistake="reverses which join overstates"),
        )),
    Question(
        id="A8.Q3", section="The opening model's precision–recall curve",
        prompt="A model's average precision lies just above the prevalence of its test set. What does that say?",
        options=(
            Option("it is a little better than guessing", True,
                   "a guesser has precision equal to the prevalence at every recall: the chance line. A curve "
                   "just above it is a little better than chance."),
            Option("it is worse than chance, since the value is below one half", False,
                   "one half is the chance level of an AUC, not of precision; the chance line of PR space is "
                   "the prevalence.",
                   mistake="reads average precision against the AUC's chance level"),
            Option("nothing: average precision cannot be set beside the prevalence", False,
                   "the prevalence is exactly the precision of a guesser, so it is the yardstick to set "
                   "average precision beside.",
                   mistake="does not know the chance line of PR space"),
        )),
    Question(
        id="A8.Q4", section="The opening model's precision–recall curve",
        prompt="Two papers report average precision on test sets of different prevalence. Which one has the "
               "better classifier?",
        options=(
            Option("neither can be said without their prevalences", True,
                   "average precision moves with the prevalence, so each must be read against its own chance "
                   "line; compare ROC curves, or PR curves at one prevalence."),
            Option("the one with the higher average precision", False,
                   "a rarer positive class lowers precision at every ROC point: the same classifier scores "
                   "lower on the rarer test set.",
                   mistake="compares PR summaries across prevalences"),
            Option("the one tested on the rarer positives, since they are harder", False,
                   "rarer positives lower the precision of every classifier alike; they make no score more "
                   "creditable, and the chance lines still differ.",
                   mistake="credits a number for a harder-looking test set"),
        )),
)
