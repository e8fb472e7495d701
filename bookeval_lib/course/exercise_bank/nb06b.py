"""Exercises of notebook 06b (averages over K classes; exercise 1): answers and common mistakes, computed."""
from __future__ import annotations

import numpy as np

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
)
