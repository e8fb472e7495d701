"""Quiz of notebook 15, subgroups, leakage and shift."""
from ..quiz import Option, Question

QUESTIONS = (
    Question(
        id="15.Q1", section="One classifier, two groups",
        prompt="A classifier has the same recall and the same fallout in two groups, but 40 % of one group is "
               "positive and 10 % of the other. What about its precision?",
        options=(
            Option("it is equal in both groups, because the rates are", False,
                   "precision depends on the prevalence: π·tpr/(π·tpr + (1 − π)·fpr) rises with π whenever "
                   "both rates are above 0.",
                   mistake="forgets that precision moves with the prevalence"),
            Option("it is higher in the group with 40 % positives, unless the fallout is 0", True,
                   "at equal rates, and so equal B, a larger share of positives makes a larger share of the "
                   "'+' predictions right."),
            Option("it is higher in the group with 10 % positives, where positives are easier to find", False,
                   "recall is the same in both groups by assumption; rarer positives mean more of the '+' "
                   "predictions are false alarms, not fewer.",
                   mistake="thinks rare positives are easier to find"),
        )),
    Question(
        id="15.Q2", section="Diabetes progression, by sex",
        prompt="On about 110 test cases a group, the gap of recall between two groups is −0.15 with 95 % "
               "interval [−0.31, 0.03]. What do you report?",
        options=(
            Option("the classifier is fair: the interval contains 0", False,
                   "an interval containing 0 shows no gap, and it equally allows a shortfall of 0.3; "
                   "absence of evidence is not evidence of equality.",
                   mistake="takes absence of evidence for evidence of equality"),
            Option("equal opportunity is violated: the gap is 0.15", False,
                   "the estimate alone is inside the noise of so small a test set; the interval says the data "
                   "cannot tell this gap from none.",
                   mistake="reads a point estimate without its interval"),
            Option("no gap shown, and gaps up to about 0.3 are not excluded: more cases are needed to decide",
                   True, "that is what the interval says, both ways."),
        )),
    Question(
        id="15.Q3", section="Leakage: choosing on the cases you score",
        prompt="You choose the 20 features most correlated with the labels on your whole data set, then "
               "report 5-fold cross-validated informedness. What is wrong?",
        options=(
            Option("nothing, as long as the folds are stratified", False,
                   "stratification keeps the class shares per fold; it does nothing about test folds that "
                   "helped choose the features.",
                   mistake="thinks stratified folds prevent leakage"),
            Option("the test folds helped choose the features, so the score is optimistic; select inside "
                   "each fold, in a pipeline", True,
                   "on pure noise this selection gave B near 0.68; inside the folds, within noise of 0."),
            Option("too few folds: with 10 folds the estimate would be honest", False,
                   "more folds do not help: every test fold still took part in the selection.",
                   mistake="blames the number of folds for leakage"),
        )),
    Question(
        id="15.Q4", section="Shift: when the next cases are not drawn like the test set",
        prompt="A screening model moves from a clinic where 30 % of the patients are positive to the general "
               "population, where 2 % are, and the patients in each class look as before. What carries over?",
        options=(
            Option("recall, fallout and B carry over; precision falls", True,
                   "a pure prevalence shift leaves the rates within each class alone; precision moves with "
                   "the prevalence."),
            Option("precision carries over; recall falls because positives are rarer", False,
                   "recall is computed within the positives: how many there are does not change how often "
                   "each is found.",
                   mistake="swaps which rates depend on the prevalence"),
            Option("nothing carries over: the model must be evaluated again from scratch", False,
                   "under a prevalence shift alone the rates carry over; it is a shift of the cases "
                   "themselves (other patients, another scanner) that needs a new evaluation.",
                   mistake="throws away what a prevalence shift leaves unchanged"),
        )),
)
