"""Exercises of notebook 01 (the contingency table; exercises 1-3): right answers and common mistakes, computed."""
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
        starter="answer_3 = ...  # BinaryTable(tp=..., fp=..., fn=..., tn=...)",
    ),
)
