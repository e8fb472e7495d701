"""Quiz of notebook 01, the contingency table."""
from ...measures import BinaryTable
from ...montecarlo import expected_table
from ..quiz import Option, Question


def _sklearn_cell():
    table = BinaryTable.from_sklearn([[80, 5], [10, 5]])
    return {"a": table.tp == 80, "b": table.tp == 5, "c": table.tp == 10}


def _normalised():
    table = BinaryTable(tp=20, fp=10, fn=5, tn=65)
    return {"fp": table.fp / table.total, "bias": table.bias}


def _row_and_column():
    table = BinaryTable(tp=20, fp=10, fn=5, tn=65)
    return {"recall": table.recall, "precision": table.precision, "fallout": table.fallout}


def _guess_cells():
    table = expected_table(0.0, prevalence=0.7, guess_bias=0.6)
    return {"tp": table.tp, "recall": table.recall, "fallout": table.fallout}


QUESTIONS = (
    Question(
        id="01.Q1", section="Three orientations of the same table", facts=_sklearn_cell,
        prompt="scikit-learn prints `confusion_matrix(y_true, y_pred, labels=[0, 1])` as [[80, 5], [10, 5]]. "
               "How many true positives are there?",
        options=(
            Option("80, the top-left cell, where Powers' layout puts TP", "a",
                   "top left is where Powers puts TP, but scikit-learn puts the real classes in rows, "
                   "negative first: its top-left cell is TN.",
                   mistake="reads scikit-learn's matrix in Powers' layout"),
            Option("5, the bottom-right cell", "b",
                   "scikit-learn's layout is [[TN, FP], [FN, TP]]: true positives are bottom right. "
                   "`BinaryTable.from_sklearn` reads it so."),
            Option("10: the real positives' row, first column", "c",
                   "bottom left is FN in both layouts: real positives predicted negative. The first column "
                   "is the prediction 0, not the prediction 1.",
                   mistake="takes the first column for the positive prediction"),
        )),
    Question(
        id="01.Q2", section="Two margins that are not about skill",
        prompt="Which of prevalence and bias can a classifier change by moving its threshold?",
        options=(
            Option("the bias only: how often it says positive", True,
                   "bias is the share of positive predictions, a property of the classifier; prevalence "
                   "is the share of real positives, fixed by the population tested."),
            Option("the prevalence only: a lower threshold finds more positives", False,
                   "prevalence counts what the cases really are: no classifier changes it. A lower threshold "
                   "calls more cases positive, which is the bias.", mistake="takes cases called positive for positive cases"),
            Option("both, since both are margins of the table", False,
                   "both are margins, but of different things: the rows are predictions, the columns reality.",
                   mistake="treats every margin of the table as the classifier's"),
            Option("neither: both are fixed by the data", False,
                   "moving the threshold changes how many cases are called positive, which is the bias.",
                   mistake="treats the bias as a property of the data"),
        )),
    Question(
        id="01.Q3", section="The layout", facts=_normalised, answer="fp", digits=2,
        prompt="The table TP 20, FP 10, FN 5, TN 65 in Powers' A, B, C, D and in probabilities: what is "
               "fp, the probability written lower case?",
        why="B = FP = 10 is a count; lower case divides by N = 100, so fp = 10/100. Note that B, the letter of a "
            "cell here, is not the bias pp = (A + B)/N = {bias:.2f}."),
    Question(
        id="01.Q4", section="Reading down a column, reading along a row", facts=_row_and_column,
        prompt="In Powers' layout, TP 20, FP 10, FN 5, TN 65 (predictions in rows, real classes in columns). "
               "Which number is the precision?",
        options=(
            Option("{precision:.3f} = 20/30: TP over the +P row total", True,
                   "precision asks how many of the cases called positive are positive: TP over the +P row "
                   "total, TP + FP."),
            Option("{recall:.3f} = 20/25, read down the +R column", False,
                   "that is recall: TP over the real positives, TP + FN, read down the first column.",
                   mistake="confuses precision with recall"),
            Option("{fallout:.3f} = 10/75, read down the −R column", False,
                   "that is fallout: the share of real negatives called positive, FP over FP + TN.",
                   mistake="reads the false alarms as the positive predictive rate"),
        )),
    Question(
        id="01.Q5", section="A guess looks like a product of margins", facts=_guess_cells, answer="tp", digits=2,
        prompt="A guesser says positive for 60 % of the cases, whatever they are, on a population where 70 % are "
               "positive. What share of all cases are true positives?",
        why="a guess ignores the real class, so tp = pp·rp = 0.6·0.7: every cell is the product of its margins. "
            "Its recall and fallout are both the bias, {recall:.1f} and {fallout:.1f}."),
)
