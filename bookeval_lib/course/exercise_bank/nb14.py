"""The checker's bank for notebook 14 (scores, thresholds and costs): exercise 14.1.

Right answers and known mistakes are computed with :mod:`bookeval_lib.curves`,
:mod:`bookeval_lib.metrics` and scikit-learn's models, on notebook 14's digits split, folds
and seeds (:func:`_halves`, shared with notebook 14b's bank).
"""
from __future__ import annotations

import functools

from ... import curves, metrics
from ...measures import BinaryTable
from ..checker import Exercise, Mistake

# 14.1 asks for 4 decimals (its value is a few hundredths): rounding moves a value by at most
# 5e-5; every known mistake below differs by more than 1e-3.
FOUR_DECIMALS = 5e-5


@functools.cache
def _halves():
    """Notebook 14's data: (x_train, x_test, nine_train, nine_test, folds)."""
    from sklearn.datasets import load_digits
    from sklearn.model_selection import StratifiedKFold, train_test_split

    x, y = load_digits(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.5, stratify=y,
                                                        random_state=0)
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    return x_train, x_test, (y_train == 9).astype(int), (y_test == 9).astype(int), folds


# ---------------------------------------------------------------------------- 14.1
@functools.cache
def _tuned_table():
    """The held-out table of the "is it a 9?" classifier tuned for costs 1 (alarm) and 5 (miss)."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import TunedThresholdClassifierCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x_train, x_test, nine_train, nine_test, folds = _halves()
    costs = {"false_positive_cost": 1.0, "false_negative_cost": 5.0}
    logistic = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    tuned = TunedThresholdClassifierCV(logistic, scoring=metrics.scorer("expected_cost", **costs),
                                       cv=folds, random_state=0, n_jobs=1).fit(x_train, nine_train)
    return BinaryTable.from_labels(nine_test, tuned.predict(x_test), pos_label=1)


def _precision_half_prevalence():
    """The prevalence pi at which precision = pi tpr/(pi tpr + (1 - pi) fpr) is 1/2, by bisection."""
    import scipy.optimize

    table = _tuned_table()
    return float(scipy.optimize.brentq(
        lambda pi: curves.precision_from_rates(table.fallout, table.recall, pi) - 0.5,
        1e-9, 1 - 1e-9, xtol=1e-14))


EXERCISES = (
    Exercise(
        id="14.1",
        asks="the prevalence below which the tuned classifier's precision falls below 1/2, a float to "
             "4 decimals",
        answer=_precision_half_prevalence,
        tolerance=FOUR_DECIMALS,
        hints=(
            "Precision at prevalence pi, from the ROC point: pi·tpr/(pi·tpr + (1 - pi)·fpr); the "
            "rates do not change with pi.",
            "Precision = 1/2 means pi·tpr = (1 - pi)·fpr; solve for pi (sympy's solve does it), "
            "with tpr = full.recall and fpr = full.fallout.",
            "pi = fpr/(tpr + fpr); check that curves.precision_from_rates(fpr, tpr, pi) is 0.5.",
        ),
        mistakes=(
            Mistake(lambda: 1 - _precision_half_prevalence(),
                    "that is tpr/(tpr + fpr), the prevalence with the rates swapped; "
                    "pi·tpr = (1 - pi)·fpr gives pi = fpr/(tpr + fpr)"),
            Mistake(lambda: float(_tuned_table().fallout),
                    "that is the fallout; the prevalence solves pi·tpr = (1 - pi)·fpr, "
                    "pi = fpr/(tpr + fpr)"),
        ),
        starter="answer_1 = ...    # a prevalence",
    ),
)
