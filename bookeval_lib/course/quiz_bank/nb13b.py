"""Quiz of notebook 13b, does a ranking hold? Comparing and choosing models."""
from ..quiz import Option, Question


QUESTIONS = (
    Question(
        id="13b.Q1", section="Does the reversal survive another split?",
        prompt="Two models are compared over 10 cross-validation folds with a plain paired t-test on the fold "
               "scores. What is wrong?",
        options=(
            Option("the folds share most of their training data, so the fold scores are not independent and "
                   "the test is too confident; use the corrected resampled t-test", True,
                   "the correction inflates the variance by the overlap (n_test/n_train), which keeps the "
                   "false-positive rate near its nominal level."),
            Option("nothing: 10 folds give 10 independent measurements", False,
                   "the test sets are disjoint but the training sets overlap heavily; the scores are "
                   "correlated."),
        )),
    Question(
        id="13b.Q2", section="Choosing a model with the informedness scorer",
        prompt="You choose hyperparameters with `GridSearchCV(scoring=...)` using the informedness scorer. Which "
               "number do you report?",
        options=(
            Option("the chosen model's informedness on held-out data, with its interval", True,
                   "the best cross-validated score was chosen among many and is optimistic; the held-out "
                   "score was not used to choose anything."),
            Option("the grid search's best cross-validated score", False,
                   "it is the maximum over the grid, so it errs upwards: a systematic error of choosing."),
        )),
    Question(
        id="13b.Q3", section="What to report",
        prompt="Which of these belongs in a complete report of a classifier's evaluation?",
        options=(
            Option("the contingency table, with its orientation named", True,
                   "every measure can be recomputed from it."),
            Option("per-label informedness B(l) with intervals, and the guesser's score beside the model's", True,
                   "the per-label view shows which classes are learnt; the guesser is the floor to beat."),
            Option("the best score over several random seeds, alone", False,
                   "the best of several runs is optimistic: report the distribution, or a pre-chosen seed "
                   "with an interval."),
        )),
    Question(
        id="13b.Q4", section="The digits again, and two trees at odds",
        prompt="On the same test cases model A has B in [0.80, 0.86] and model B in [0.83, 0.89]. The intervals "
               "overlap. Do the models differ?",
        options=(
            Option("the overlap does not say: compute a paired interval and test of the difference "
                   "(`compare_predictions`)", True,
                   "two models scored on the same cases make correlated errors; the paired difference "
                   "removes the shared noise and is often much narrower."),
            Option("no: overlapping intervals mean no difference", False,
                   "separate intervals ignore the pairing; two overlapping intervals can hide a clear "
                   "paired difference."),
            Option("yes: B's interval is higher", False,
                   "a higher interval is not a test of the difference."),
        )),
)
