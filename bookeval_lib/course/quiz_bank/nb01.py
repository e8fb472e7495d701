"""Quiz of notebook 01, the contingency table."""
from ...measures import BinaryTable
from ...montecarlo import expected_table
from ..quiz import Option, Question


def _spam_filter():
    table = BinaryTable(tp=50, fp=950, fn=0, tn=0)   # 1,000 emails, 5 % spam, every one flagged
    return {"recall": table.recall, "precision": table.precision, "informedness": table.informedness,
            "swapped_recall": table.precision, "swapped_precision": table.recall}


def _sklearn_cell():
    table = BinaryTable.from_sklearn([[80, 5], [10, 5]])
    return {"a": table.tp == 80, "b": table.tp == 5, "c": table.tp == 10}


def _normalised():
    table = BinaryTable(tp=20, fp=10, fn=5, tn=65)
    return {"fp": table.fp / table.total, "bias": table.bias}


def _stratified_guess():
    table = expected_table(0.0, prevalence=0.3, guess_bias=0.3)
    return {"recall": table.recall, "fallout": table.fallout, "precision": table.precision}


QUESTIONS = (
    Question(
        id="01.Q1", section='The tagger that always says "noun"', facts=_spam_filter,
        prompt="A filter flags every email as spam, where 5 % of emails are spam. What are its recall, "
               "precision and recall − fallout?",
        options=(
            Option("recall {recall:.2f}, precision {precision:.2f}, recall − fallout {informedness:.2f}", True,
                   "every spam is caught (recall 1), a flagged email is spam as often as any email is "
                   "(precision = prevalence), and every ham is flagged too (fallout 1): the gap is 0, "
                   "as for any guess."),
            Option("recall {recall:.2f}, precision {recall:.2f}, recall − fallout {recall:.2f}", False,
                   "recall is 1, but most flagged emails are not spam: precision is the prevalence, and "
                   "every ham is flagged, so fallout is 1 too."),
            Option("recall {swapped_recall:.2f}, precision {swapped_precision:.2f}", False,
                   "that reads the table along the wrong margins: recall is read down the spam column "
                   "(all of it flagged), precision along the 'flagged' row."),
        )),
    Question(
        id="01.Q2", section="Three orientations of the same table", facts=_sklearn_cell,
        prompt="scikit-learn prints `confusion_matrix(y_true, y_pred, labels=[0, 1])` as [[80, 5], [10, 5]]. "
               "How many true positives are there?",
        options=(
            Option("80, the top-left cell", "a",
                   "top left is where Powers puts TP, but scikit-learn puts the real classes in rows, "
                   "negative first: its top-left cell is TN."),
            Option("5, the bottom-right cell", "b",
                   "scikit-learn's layout is [[TN, FP], [FN, TP]]: true positives are bottom right. "
                   "`BinaryTable.from_sklearn` reads it so."),
            Option("10, the bottom-left cell", "c",
                   "bottom left is FN in both layouts: real positives predicted negative."),
        )),
    Question(
        id="01.Q3", section="Two margins that are not about skill",
        prompt="Which of prevalence and bias can a classifier change by moving its threshold?",
        options=(
            Option("the bias only", True,
                   "bias is the share of positive predictions, a property of the classifier; prevalence "
                   "is the share of real positives, fixed by the population tested."),
            Option("the prevalence only", False,
                   "prevalence counts what the cases really are: no classifier changes it."),
            Option("both, since both are margins of the table", False,
                   "both are margins, but of different things: the rows are predictions, the columns reality."),
            Option("neither", False,
                   "moving the threshold changes how many cases are called positive, which is the bias."),
        )),
    Question(
        id="01.Q4", section="The layout", facts=_normalised, answer="fp", digits=2,
        prompt="The table TP 20, FP 10, FN 5, TN 65 in Powers' A, B, C, D and in probabilities: what is "
               "fp, the probability written lower case?",
        why="B = FP = 10 is a count; lower case divides by N = 100, so fp = 10/100. Note that B, the letter of a "
            "cell here, is not the bias pp = (A + B)/N = {bias:.2f}."),
    Question(
        id="01.Q5", section="The guesser in scikit-learn: `DummyClassifier`", facts=_stratified_guess,
        prompt="`DummyClassifier(strategy=\"stratified\")` says positive at random 30 % of the time, on a "
               "population with prevalence 0.3. What recall and fallout does it expect?",
        options=(
            Option("recall {recall:.1f} and fallout {fallout:.1f}", True,
                   "a guess says positive at the same rate in both columns: recall = fallout = the bias, "
                   "so recall − fallout is 0. Its precision, {precision:.1f}, is just the prevalence."),
            Option("recall 1.0 and fallout 0.0", False,
                   "that is a perfect classifier; a guesser cannot separate the columns."),
            Option("recall 0.3 and fallout 0.7", False,
                   "fallout is the share of real negatives called positive, which for a guess is the "
                   "bias too, not 1 − bias."),
        )),
)
