"""The checker's bank for notebook 13b (comparing and choosing models): exercise 13b.1.

Right answers and known mistakes are computed with :mod:`bookeval_lib.metrics`, on the digits data and
folds that notebooks 13 and 13b share (same seeds).
"""
from __future__ import annotations

import functools

from ... import metrics
from ..checker import Exercise, Mistake
from .nb13 import EXACT, _digits


# ---------------------------------------------------------------------------- 13b.1
@functools.cache
def _depth_3_report():
    from sklearn.model_selection import cross_val_predict
    from sklearn.tree import DecisionTreeClassifier

    x, y, folds = _digits()
    deeper = cross_val_predict(DecisionTreeClassifier(max_depth=3, random_state=0), x, y, cv=folds)
    return metrics.bookmaker_report(y, deeper, output_dict=True)


def _largest(weight):
    """(label with the largest weight(row) x B(l), label with the largest B(l))."""
    rows = _depth_3_report()
    labels = [label for label in rows if not isinstance(label, str)]
    share = max(labels, key=lambda label: weight(rows[label]) * rows[label]["informedness"])
    best = max(labels, key=lambda label: rows[label]["informedness"])
    return (int(share), int(best))


def _most_predicted():
    rows = _depth_3_report()
    labels = [label for label in rows if not isinstance(label, str)]
    return (int(max(labels, key=lambda label: rows[label]["bias"])), _largest(lambda row: row["bias"])[1])


EXERCISES = (
    Exercise(
        id="13b.1",
        asks="(label with the largest Pr_P(l)·B(l), label with the largest B(l)) for the depth-3 tree, "
             "two integers",
        answer=lambda: _largest(lambda row: row["bias"]),
        tolerance=EXACT,
        hints=(
            "metrics.bookmaker_report(y, deeper, output_dict=True) gives every label's bias "
            "Pr_P(l) and informedness B(l).",
            "B = sum over l of Pr_P(l)·B(l): compute each product and take the largest; then the "
            "largest B(l) alone.",
            "A label can have a large B(l) yet contribute little when it is predicted rarely; "
            "check that the products add up to metrics.informedness_score(y, deeper).",
        ),
        mistakes=(
            Mistake(lambda: _largest(lambda row: row["support"]),
                    "you weighted B(l) by how often l is real (its support, the prevalence); "
                    "Powers' B weights each label by how often it is predicted, its bias Pr_P(l)"),
            Mistake(_most_predicted,
                    "the first label is the one predicted most often, but its B(l) is much lower: "
                    "the contribution is the product Pr_P(l)·B(l)"),
        ),
        starter="answer_1 = ...    # (largest contribution, largest B(l))",
    ),
)
