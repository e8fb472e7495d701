"""Exercises of notebook 06b (averages over K classes; exercises 1-3): answers and common mistakes, computed."""
from __future__ import annotations

import numpy as np

from ...contingency import Contingency
from ..checker import Exercise, Mistake
from .nb06 import _table


def _case_labels(table):
    """(y_true, y_pred): one real class and one predicted label per case of a table of counts."""
    counts = np.asarray(table.counts, dtype=int)
    rows, columns = np.indices(counts.shape)
    return np.repeat(columns.ravel(), counts.ravel()), np.repeat(rows.ravel(), counts.ravel())


def _weighted_precision(table, average="weighted"):
    from sklearn.metrics import precision_score
    real, predicted = _case_labels(table)
    return float(precision_score(real, predicted, average=average))


def _reported():
    """Exercise 2's classifier: 100 cases, 80 of class a and 10 each of b and c; rows = predictions."""
    return Contingency([[76, 6, 6], [2, 4, 0], [2, 0, 4]], labels="abc", layout="powers")


def _micro_informedness(table):
    """Micro-averaged informedness: accuracy with chance put at 1/K."""
    k = table.counts.shape[0]
    return float((table.accuracy - 1 / k) / (1 - 1 / k))


def _critique(classifier_b=None, guesser_micro=None, classifier_micro=None):
    """(the majority guesser's weighted recall, its micro B, the classifier's micro B, its Powers' B) on
    exercise 2's test set; an argument replaces one value by a mistaken one."""
    table = _reported()
    guesser = Contingency([[80, 10, 10], [0, 0, 0], [0, 0, 0]], labels="abc", layout="powers")
    return (_weighted_recall(guesser),
            _micro_informedness(guesser) if guesser_micro is None else guesser_micro,
            _micro_informedness(table) if classifier_micro is None else classifier_micro,
            float(table.informedness) if classifier_b is None else classifier_b)


def _weighted_recall(table):
    from sklearn.metrics import recall_score
    real, predicted = _case_labels(table)
    return float(recall_score(real, predicted, average="weighted"))


def _wine_table():
    """Exercise 3's worked example: k nearest neighbours (scikit-learn's defaults) on the raw measurements
    of a stratified half of the wine data, scored on the other half."""
    from sklearn.datasets import load_wine
    from sklearn.metrics import confusion_matrix
    from sklearn.model_selection import train_test_split
    from sklearn.neighbors import KNeighborsClassifier
    features, cultivar = load_wine(return_X_y=True)
    fit_x, test_x, fit_y, test_y = train_test_split(features, cultivar, test_size=0.5, stratify=cultivar,
                                                    random_state=0)
    predicted = KNeighborsClassifier().fit(fit_x, fit_y).predict(test_x)
    return Contingency.from_sklearn(confusion_matrix(test_y, predicted))


def _summary(table):
    return (table, float(table.informedness), _micro_informedness(table), float(table.informedness_macro))


def _own_wine_report(answer):
    """None when answer = (table, B, micro B, macro mean of B(l)) holds a 3 x 3 table of held-out wines and its
    three numbers, to 3 decimals; else why not."""
    try:
        table, *numbers = answer
        numbers = [float(value) for value in numbers]
    except (TypeError, ValueError):
        return "give a table and three numbers: (table, B, micro B, macro mean of B(l))"
    if len(numbers) != 3:
        return "give a table and three numbers: (table, B, micro B, macro mean of B(l))"
    if not isinstance(table, Contingency):
        try:
            table = Contingency(np.asarray(table, dtype=float), layout="powers")
        except (TypeError, ValueError):
            return "the first item must be the table: a Contingency, rows = predictions, columns = cultivars"
    counts = np.asarray(table.counts, dtype=float)
    if counts.shape != (3, 3):
        return "the wine data has three cultivars: the table is 3 x 3"
    if np.any(counts != np.round(counts)) or counts.sum() > 178:
        return "the table counts held-out wines: whole numbers, at most the 178 of the data set"
    close = lambda given, right: abs(given - right) <= 5e-4       # 3 decimals asked: 5e-4
    b, micro, macro = numbers
    transposed = float(Contingency(counts.T, layout="powers").informedness)
    if close(b, transposed) and not close(b, float(table.informedness)):
        return ("your numbers are those of the transposed table: give it with the predictions in rows "
                "(Contingency.from_sklearn turns scikit-learn's confusion_matrix round)")
    if close(b, float(table.accuracy)) and not close(b, float(table.informedness)):
        return "your B is the accuracy of your table; B is the bias-weighted mean of recall(l) - fallout(l)"
    if not close(b, float(table.informedness)):
        return f"the B of your table is {float(table.informedness):.3f}: the bias-weighted mean of its B(l)"
    if close(micro, float(table.accuracy)) and not close(micro, _micro_informedness(table)):
        return "your micro B is the accuracy; micro B puts chance at 1/K: (accuracy - 1/3)/(1 - 1/3)"
    if not close(micro, _micro_informedness(table)):
        return f"the micro B of your table is {_micro_informedness(table):.3f}: (accuracy - 1/3)/(1 - 1/3)"
    if not close(macro, float(table.informedness_macro)):
        return (f"the macro mean of the B(l) of your table is {float(table.informedness_macro):.3f}: the plain "
                "mean of the three, each label weighted alike")
    return None


EXERCISES = (
    Exercise(
        id="06b.1",
        asks="(precision_score(average=\"weighted\"), the prevalence-weighted mean of B(l)) on the table of "
             "exercise 1 of notebook 06",
        answer=lambda: (_weighted_precision(_table()), _table().informedness_prevalence_weighted),
        # 3 decimals: 5e-4
        tolerance=5e-4,
        hints=("scikit-learn's \"weighted\" average weights each label's precision by its support, the "
               "number of cases of that real class.",
               "Expand the table into one (real, predicted) pair per case, or weight precision(l) by "
               "Pr(R = l); then weight B(l) by Pr(R = l) too.",
               "Row totals equal column totals here: bias = prevalence for every label."),
        mistakes=(
            Mistake(lambda: (_weighted_precision(_table(), "macro"), _table().informedness_prevalence_weighted),
                    "average=\"macro\" weights the labels alike; \"weighted\" weights each by its support"),
        ),
        starter="answer_1 = ...  # (weighted precision, prevalence-weighted B)",
    ),
    Exercise(
        id="06b.2",
        asks="(the majority guesser's recall_score(average=\"weighted\"), its micro B, the classifier's micro B, "
             "the classifier's Powers' B) on exercise 2's test set",
        answer=_critique,
        # 3 decimals: 5e-4
        tolerance=5e-4,
        hints=("The majority guesser says a for every case: 80 right of 100.",
               "Weighted recall is accuracy; micro B = (accuracy - 1/3)/(1 - 1/3); Powers' B weights each "
               "B(l) = recall(l) - fallout(l) by the row total over 100.",
               "The classifier's rows hold 88, 6 and 6 predictions; B(a) = 76/80 - 12/20."),
        mistakes=(
            Mistake(lambda: _critique(guesser_micro=0.0),
                    "the guesser's micro B is not 0: micro B is accuracy with chance put at 1/K, "
                    "(accuracy - 1/3)/(1 - 1/3); it is every B(l), and so Powers' B, that is 0"),
            Mistake(lambda: _critique(classifier_b=float(_reported().informedness_macro)),
                    "that is the plain (macro) mean of the classifier's B(l); Powers' B weights each by its "
                    "bias, the row total over 100"),
            Mistake(lambda: _critique(guesser_micro=0.8, classifier_micro=0.84),
                    "those micro values are the accuracies (micro F1 is accuracy too); micro B puts chance at "
                    "1/K: (accuracy - 1/3)/(1 - 1/3)"),
        ),
        starter="answer_2 = ...  # (guesser's weighted recall, guesser's micro B, classifier's micro B, B)",
    ),
    Exercise(
        id="06b.3",
        asks="(table, B, micro B, macro mean of B(l)) of a classifier of your own on held-out wines; the report "
             "is yours to write",
        answer=lambda: _summary(_wine_table()),
        # judged by _own_wine_report, which reads the three numbers to 3 decimals (5e-4), as the shown answer is
        tolerance=5e-4,
        hints=("Split with train_test_split(X, y, test_size=0.5, stratify=y, random_state=...), fit on one half "
               "and predict the other.",
               "Contingency.from_sklearn(confusion_matrix(y_test, predicted)) puts the predictions in rows; "
               "its informedness, informedness_per_label and accuracy give the rest.",
               "micro B = (accuracy - 1/3)/(1 - 1/3); the macro mean is informedness_macro."),
        starter="answer_3 = ...  # (table, B, micro B, macro mean of B(l))",
        judge=_own_wine_report,
    ),
)
