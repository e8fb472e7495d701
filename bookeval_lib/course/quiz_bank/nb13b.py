"""Quiz of notebook 13b, does a ranking hold? Comparing and choosing models."""
from ..quiz import Option, Question


QUESTIONS = (
    Question(
        id="13b.Q1", section="Does the reversal survive another split?",
        prompt="Two models are compared over 10 cross-validation folds with a plain paired t-test on the fold "
               "scores. What is wrong?",
        options=(
            Option("the folds share training data: the test is too confident", True,
                   "the fold scores are not independent; the corrected resampled t-test inflates the variance by "
                   "the overlap (n_test/n_train), which keeps the false-positive rate near its nominal level."),
            Option("nothing: 10 folds give 10 independent measurements", False,
                   "the test sets are disjoint but the training sets overlap heavily; the scores are "
                   "correlated.",
                   mistake="takes disjoint test folds for independent scores"),
            Option("nothing, as long as the folds are stratified", False,
                   "stratifying keeps each class's share in every fold; it does nothing about the training "
                   "sets the folds share.",
                   mistake="takes stratification for independence"),
        )),
    Question(
        id="13b.Q2", section="Choosing a model with the informedness scorer",
        prompt="You choose hyperparameters with `GridSearchCV(scoring=...)` using the informedness scorer. Which "
               "number do you report?",
        options=(
            Option("the chosen model's B on held-out data, with its interval", True,
                   "the best cross-validated score was chosen among many and is optimistic; "
                   "the held-out score was not used to choose anything."),
            Option("the grid search's best cross-validated score", False,
                   "it is the maximum over the grid, so it errs upwards: a systematic error of choosing.",
                   mistake="reports the score that did the choosing"),
            Option("the mean cross-validated score over the whole grid", False,
                   "that describes the grid, mostly models that were not chosen; the chosen model's own "
                   "held-out score is the number a reader needs.",
                   mistake="scores the candidates instead of the chosen model"),
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
                   "with an interval.",
                   mistake="reports the luckiest run"),
        )),
    Question(
        id="13b.Q4", section="Does the reversal survive another split?",
        prompt="A colleague scores the pooled output of `cross_val_predict` with B and reports that model X beats "
               "model Y. What is wrong with that evaluation?",
        options=(
            Option("B of the pool scores no trained model", True,
                   "B is not an average over cases: the pooled table mixes the folds' models, which name "
                   "different labels: a committee no one trained. Score each fold's model on its own fold."),
            Option("nothing: the pool uses every case once, the most data", False,
                   "using every case once is right for a measure that is a mean over cases; B's weights and "
                   "fallouts belong to the labels, and the folds' models name different ones.",
                   mistake="treats B as an average over cases"),
            Option("only that the folds share training data, so it is too sure", False,
                   "that concerns a test over folds; the pooled B is wrong before any test, because it is the "
                   "informedness of no model that was trained.",
                   mistake="blames the wrong dependence"),
        )),
    Question(
        id="13b.Q5", section="The digits again, and two trees at odds",
        prompt="On the same test cases B prefers a depth-2 tree and the adjusted balanced accuracy a depth-3 tree, "
               "and each paired interval excludes 0. Which measure is wrong?",
        options=(
            Option("neither: they answer two different questions well", True,
                   "B asks how informed a decision of the classifier is, averaged over its decisions; ABA asks "
                   "how well each class is found, averaged over the classes. Report both, and the per-label "
                   "table."),
            Option("B: the depth-2 tree never names most of the labels", False,
                   "a label never named carries weight 0 in B and costs only through the fallout it adds to "
                   "the labels that are named; that is B's question, not an error.",
                   mistake="expects every measure to count an unnamed class as a full failure"),
            Option("ABA: it is not corrected for chance, and B is", False,
                   "the adjusted balanced accuracy puts a guess at 0 as B does; the two differ in how they "
                   "weight the labels, not in the chance correction.",
                   mistake="forgets that the adjusted balanced accuracy is chance-corrected"),
        )),
)
