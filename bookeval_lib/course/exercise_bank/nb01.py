"""Exercises of notebook 01 (the contingency table): right answers and common mistakes, computed."""
from __future__ import annotations

import numpy as np

from ...measures import BinaryTable
from ..checker import Exercise, Mistake

# exercise 1: what scikit-learn printed for confusion_matrix(real, predicted, labels=[0, 1])
_SKLEARN_1 = [[50, 10], [5, 35]]


def _cells_and_margins(table):
    return (table.tp, table.fp, table.fn, table.tn, table.prevalence, table.bias)


def _cells_and_rates(table):
    return (table.tp, table.fp, table.fn, table.tn, table.recall, table.precision)


def _normalised(prevalence, bias, tp):
    """The table of exercise 2: fn = rp - tp, fp = pp - tp, tn = 1 - tp - fp - fn."""
    return BinaryTable(tp=tp, fp=bias - tp, fn=prevalence - tp, tn=1 - prevalence - bias + tp)


def _guesser_grid():
    """The guessing tagger on the notebook's grid: 99 prevalences p by 99 guess rates q."""
    p = np.linspace(0.01, 0.99, 99)[:, None]
    q = np.linspace(0.01, 0.99, 99)[None, :]
    return BinaryTable(tp=q * p, fp=q * (1 - p), fn=(1 - q) * p, tn=(1 - q) * (1 - p))


def _uniform_dummy_scored():
    """DummyClassifier(strategy="uniform", random_state=1) scored on the notebook's 1,000 test words."""
    from sklearn.dummy import DummyClassifier
    word_rng = np.random.default_rng(2003)
    y_train = np.where(word_rng.random(2000) < 0.9, "noun", "verb")
    y_test = np.repeat(["noun", "verb"], [900, 100])
    x_train, x_test = np.zeros((y_train.size, 1)), np.zeros((y_test.size, 1))
    uniform = DummyClassifier(strategy="uniform", random_state=1).fit(x_train, y_train)
    return BinaryTable.from_labels(y_test, uniform.predict(x_test), pos_label="noun")


def _bias_recall_fallout(table):
    return (table.bias, table.recall, table.fallout)


EXERCISES = (
    Exercise(
        id="01.1",
        asks="(tp, fp, fn, tn, prevalence, bias), counts and proportions",
        answer=lambda: _cells_and_margins(BinaryTable.from_sklearn(_SKLEARN_1)),
        # the proportions are exact to two decimals and the counts integers: 5e-4 accepts
        # either typed to 3 decimals and never a neighbouring count
        tolerance=5e-4,
        hints=("scikit-learn's confusion_matrix puts the real classes in rows and the predictions in "
               "columns, class 0 first.",
               "Read each cell as (real, predicted): (0, 0) is a true negative, (0, 1) a false positive, "
               "(1, 0) a false negative, (1, 1) a true positive. Prevalence = (tp + fn)/N, bias = (tp + fp)/N.",
               "BinaryTable.from_sklearn(...) does the reading for you; compare its tp, fp, fn, tn."),
        mistakes=(
            Mistake(lambda: _cells_and_margins(BinaryTable.from_matrix(_SKLEARN_1, layout="powers")),
                    "that reads scikit-learn's matrix as Powers' table: confusion_matrix has the real "
                    "classes in rows, negative first, [[tn, fp], [fn, tp]]"),
            Mistake(lambda: _cells_and_margins(BinaryTable.from_matrix(np.transpose(_SKLEARN_1),
                                                                       layout="sklearn")),
                    "FP and FN look swapped: in confusion_matrix a row is the real class, so the 10 in "
                    "row 0, column 1 are real 0 predicted 1, false positives"),
        ),
        starter="answer_1 = ...  # (tp, fp, fn, tn, prevalence, bias)",
    ),
    Exercise(
        id="01.2",
        asks="(tp, fp, fn, tn, recall, precision) of the normalised table, as proportions",
        answer=lambda: _cells_and_rates(_normalised(prevalence=0.3, bias=0.4, tp=0.2)),
        # 3 decimals suffice (recall 2/3 = 0.667): half a unit of the third decimal, 5e-4
        tolerance=5e-4,
        hints=("The prevalence is the share of real positives, tp + fn; the bias the share of predicted "
               "positives, tp + fp.",
               "fn = rp - tp, fp = pp - tp, and the four cells add to 1. Then recall = tp/rp and "
               "precision = tp/pp.",
               "fn = 0.1 and fp = 0.2; what is left for tn?"),
        mistakes=(
            Mistake(lambda: _cells_and_rates(_normalised(prevalence=0.4, bias=0.3, tp=0.2)),
                    "prevalence and bias look swapped: the prevalence counts the real positives "
                    "(tp + fn), the bias the predicted positives (tp + fp)"),
            Mistake(lambda: _cells_and_rates(BinaryTable(tp=0.2, fp=0.2, fn=0.1, tn=1 - 0.3 - 0.4)),
                    "tn = 1 - rp - pp removes tp twice: tn = 1 - tp - fp - fn = 1 - rp - pp + tp"),
        ),
        starter="answer_2 = ...  # (tp, fp, fn, tn, recall, precision)",
    ),
    Exercise(
        id="01.3",
        asks="the largest |recall - fallout| of the guessing tagger over your grid of p and q (a float)",
        answer=lambda: float(np.max(np.abs(_guesser_grid().recall - _guesser_grid().fallout))),
        # recall = qp/p and fallout = q(1-p)/(1-p) are q to a few ulps (< 1e-15), so the exact gap 0
        # shows as at most ~1e-15; 1e-9 admits that rounding and no gap that is not 0 to 9 decimals
        tolerance=1e-9,
        hints=("Write the four cells of a tagger that says \"noun\" with probability q whatever the word: "
               "tp = q p, fp = q (1 - p).",
               "Broadcast a column of p against a row of q into BinaryTable(tp=..., fp=..., fn=..., tn=...) "
               "and take recall - fallout over the whole grid.",
               "recall = qp/p and fallout = q(1 - p)/(1 - p): both are q."),
        mistakes=(
            Mistake(lambda: float(np.max(np.abs(_guesser_grid().recall - _guesser_grid().precision))),
                    "that is recall - precision: the gap asked is recall - fallout, fallout = fp/(fp + tn)"),
        ),
        starter="answer_3 = ...  # the largest |recall - fallout| over the grid",
    ),
    Exercise(
        id="01.4",
        asks="the BinaryTable of PrecisionRecallEvaluation(9, 3, 4, 11)",
        answer=lambda: BinaryTable.from_matrix([[9, 3], [4, 11]], layout="lingpipe"),
        tolerance=0,   # counts: exact
        hints=("LingPipe's constructor takes the four counts in its own order, (tp, fn, fp, tn).",
               "Name each cell: BinaryTable(tp=..., fn=..., fp=..., tn=...) with LingPipe's order.",
               "TP = 9, FN = 3, FP = 4, TN = 11."),
        mistakes=(
            Mistake(lambda: BinaryTable.from_matrix([[9, 3], [4, 11]], layout="powers"),
                    "recall and precision look swapped: did you enter LingPipe's (tp, fn, fp, tn) in "
                    "Powers' order?"),
        ),
        starter="answer_4 = ...  # BinaryTable(tp=..., fp=..., fn=..., tn=...)",
    ),
    Exercise(
        id="01.5",
        asks="(bias, recall, fallout) you expect of the uniform DummyClassifier, before scoring it",
        # "uniform" says each of the two classes with probability 1/2 whatever the word: bias 1/2 and
        # informedness 0, on the test words' prevalence 900/1000
        answer=lambda: _bias_recall_fallout(BinaryTable.from_rates(prevalence=0.9, bias=1 / 2, informedness=0)),
        # expected values, exact to 1 decimal; 5e-4 (3 decimals) still tells them from one run's values
        tolerance=5e-4,
        hints=("\"uniform\" ignores the word: it picks each of the two classes with the same probability.",
               "A guesser that says \"noun\" with probability q has bias q and recall = fallout = q "
               "(exercise 3).",
               "q = 1/2 here."),
        mistakes=(
            Mistake(lambda: _bias_recall_fallout(_uniform_dummy_scored()),
                    "those are the values of this one run: the exercise asks what you expect before "
                    "scoring, the average over many runs"),
            Mistake(lambda: _bias_recall_fallout(BinaryTable.from_rates(prevalence=0.9, bias=0.9, informedness=0)),
                    "that is the \"stratified\" guesser, which says \"noun\" as often as nouns occur; "
                    "\"uniform\" picks each class with probability 1/2"),
        ),
        starter="answer_5 = ...  # (bias, recall, fallout) you expect",
    ),
)
